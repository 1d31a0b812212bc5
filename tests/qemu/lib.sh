# SPDX-License-Identifier: BSD-2-Clause-Patent
# Helpers for QEMU cases (sourced). Each case boots an image and checks the
# exit status, the console text and the log on the image.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work="${QEMU_WORK:-$here/build/qemu-tests}"
mkdir -p "$work"

# boot_case NAME CFG-LINES [mkimage args] : builds the image, boots it, sets RC, CONSOLE, LOG
boot_case() {
  local name=$1 cfg=$2; shift 2
  IMG="$work/$name.img"
  printf '%b' "$cfg" > "$work/$name.cfg"
  "$here/qemu/mkimage.sh" "$IMG" --cfg "$work/$name.cfg" "$@" || return 1
  "$here/qemu/boot.sh" "$IMG" "$work/$name.serial" $QEMU_EXTRA
  RC=$?
  "$here/qemu/console-text.sh" "$work/$name.serial" > "$work/$name.console"
  CONSOLE="$work/$name.console"
  LOG="$work/$name.jsonl"
  rm -f "$LOG"
  local f
  f=$(mdir -b -i "${IMGPART:-$IMG}" ::/efipmu 2>/dev/null | grep -i '\.jsonl$' | tail -1)
  [ -n "$f" ] && mcopy -o -i "${IMGPART:-$IMG}" "$f" "$LOG"
  return 0
}

fail() { echo "  $*"; FAILED=1; }
expect_rc() { [ "$RC" = "$1" ] || fail "QEMU exit status $RC, expected $1"; }
expect_console() { grep -qE -- "$1" "$CONSOLE" || fail "console lacks /$1/"; }
# Absent from a console that exists: an empty or missing console proves nothing.
expect_no_console() { [ -s "$CONSOLE" ] || { fail "no console text"; return; }
  ! grep -qE -- "$1" "$CONSOLE" || fail "console has /$1/"; }
# Nothing written to \efipmu: the image is readable and its folder is there, and empty
# (a missing image or folder fails, never passes by absence).
expect_no_log_file() { local out
  out=$(mdir -b -i "${IMGPART:-$IMG}" ::/efipmu 2>&1) || { fail "cannot list \\efipmu: $out"; return; }
  [ -z "$out" ] || fail "something was written to \\efipmu: $out"; }
expect_log() { [ -f "$LOG" ] || { fail "no log on the image"; return; }
  python3 "$here/tests/qemu/checklog.py" "$LOG" "$@" || fail "log check failed"; }
