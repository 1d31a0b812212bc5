# SPDX-License-Identifier: BSD-2-Clause-Patent
# The log volume fills up in the middle of the run: the console says once per file that the
# log write failed after N records and why, the run finishes on the console, the verdict is
# FAIL with that reason, and every record on the disk before the failure still parses.
source "$(dirname "$0")/lib.sh"
FAILED=0
app="${EFIPMU_EFI:-$here/build/efipmu.efi}"
[ -f "$app" ] || { echo "  $app missing (run make)"; exit 1; }
IMG="$work/log_full.img"; LOG="$work/log_full.jsonl"; CONSOLE="$work/log_full.console"
room=6144   # bytes left free: the header and the CPU table fit, the measurements do not
rm -f "$IMG" "$LOG"
# A small FAT16 volume with 512-byte clusters, so the free space is exact to a cluster.
mkfs.vfat -F 16 -s 1 -n EFIPMU -C "$IMG" 4096 >/dev/null || exit 1
printf 'qemu-exit\nbackend = sim\n' > "$work/log_full.cfg"
mmd -i "$IMG" ::/efipmu ::/EFI ::/EFI/BOOT || exit 1
mcopy -i "$IMG" "$app" ::/EFI/BOOT/BOOTX64.EFI || exit 1
mcopy -i "$IMG" "$work/log_full.cfg" ::/efipmu.cfg || exit 1
free=$(mdir -i "$IMG" :: | sed -n 's/ bytes free//p' | tr -d ' ')
[ "$free" -gt $room ] || { echo "  only $free bytes free on the image"; exit 1; }
truncate -s $((free - room)) "$work/log_full.junk"
mcopy -i "$IMG" "$work/log_full.junk" ::/junk || exit 1
"$here/qemu/boot.sh" "$IMG" "$work/log_full.serial" $QEMU_EXTRA
RC=$?
"$here/qemu/console-text.sh" "$work/log_full.serial" > "$CONSOLE"
expect_rc 5
expect_console '^log: \\efipmu\\run-0001.jsonl, counts also in run-0001.csv$'
n=$(grep -c '^log write failed after [0-9]* records of \\efipmu\\run-0001.jsonl: volume is full; the rest of the run is on the console only$' "$CONSOLE")
[ "$n" = 1 ] || fail "the jsonl write failure is said $n times, expected once"
expect_console '^\[SIM\] CPU 3 inst: 10,018 instructions, 10,018 expected, overhead 2: PASS$'
expect_console '^\[SIM\] P0  UNCORE_CLOCK'
expect_console '^\[SIM\] VERDICT: FAIL - 4 CPUs, [0-9]+ checks: 4 instructions, 4 branches, [0-9]+ uncore probes?, [0-9]+ restore read-backs$'
expect_console '^\[SIM\]          log not written: write failed after [0-9]+ records of \\efipmu\\run-0001.jsonl: volume is full$'
said=$(sed -n 's/^log write failed after \([0-9]*\) records of .efipmu.run-0001.jsonl.*/\1/p' "$CONSOLE")
mcopy -o -i "$IMG" ::/efipmu/run-0001.jsonl "$LOG" || fail "no log on the image"
python3 - "$LOG" "$said" <<'PY' || fail "the log before the failure does not parse"
import json, sys
data = open(sys.argv[1], "rb").read().decode("ascii")
assert data.endswith("\n"), "the log ends in a cut record"
recs = [json.loads(l) for l in data.splitlines()]
assert len(recs) == int(sys.argv[2]), (len(recs), sys.argv[2])
assert recs[0]["rec"] == "header" and [r["cpu"] for r in recs if r["rec"] == "cpu"] == [0, 1, 2, 3]
assert recs[-1]["rec"] != "verdict", "the whole run fit: the volume never filled"
PY
exit $FAILED
