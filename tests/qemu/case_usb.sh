# SPDX-License-Identifier: BSD-2-Clause-Patent
# make usb: the GPT image with its default efipmu.cfg boots as USB mass storage with no
# shell, runs the default job and leaves its log in \efipmu\ on the stick.
source "$(dirname "$0")/lib.sh"
FAILED=0
efi="${EFIPMU_EFI:-$here/build/efipmu.efi}"
build=$(cd "$(dirname "$efi")" && pwd)
make -s -C "$here" BUILD="$build" usb >/dev/null || { echo "  make usb failed"; exit 1; }
IMG="$work/usb.img"
cp "$build/efipmu-usb.img" "$IMG"
IMGPART="$IMG@@1M"   # the ESP starts at 1 MiB
sfdisk -d "$IMG" | grep -q 'start= *2048, .*type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B' ||
  fail "no EFI System Partition at 1 MiB"
for f in ::/EFI/BOOT/BOOTX64.EFI ::/efipmu.cfg ::/startup.nsh; do
  mdir -i "$IMGPART" "$f" >/dev/null 2>&1 || fail "image lacks $f"
done
mdir -i "$IMGPART" ::/efipmu >/dev/null 2>&1 || fail "image lacks the log folder"
# The shipped settings plus the harness's way out of QEMU.
mtype -i "$IMGPART" ::/efipmu.cfg > "$work/usb.cfg"
grep -q '^repeats = 3' "$work/usb.cfg" || fail "default efipmu.cfg lacks repeats = 3"
printf 'qemu-exit\r\n' >> "$work/usb.cfg"
mcopy -o -i "$IMGPART" "$work/usb.cfg" ::/efipmu.cfg
USB=1 TIMEOUT=${TIMEOUT:-120} "$here/qemu/boot.sh" "$IMG" "$work/usb.serial" $QEMU_EXTRA
RC=$?
"$here/qemu/console-text.sh" "$work/usb.serial" > "$work/usb.console"
CONSOLE="$work/usb.console"
LOG="$work/usb.jsonl"
rm -f "$LOG"
f=$(mdir -b -i "$IMGPART" ::/efipmu 2>/dev/null | grep -i '\.jsonl$' | tail -1)
[ -n "$f" ] && mcopy -o -i "$IMGPART" "$f" "$LOG"
expect_rc 7
expect_console 'efipmu .* backend real \| 4 CPUs'
expect_console '^log: \\efipmu\\run-0001\.jsonl'
expect_no_console 'efipmu\.cfg:[0-9]+:'
expect_log --cpus 4 --verdict NO-PMU
grep -q 'repeats=3' "$LOG" || fail "log does not show the default cfg's repeats=3"
exit $FAILED
