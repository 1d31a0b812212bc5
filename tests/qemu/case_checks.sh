# SPDX-License-Identifier: BSD-2-Clause-Patent
# What the verdict proved. Events that leave instructions out (branches,cycles) on the model:
# instructions are counted beside them on FIXED_CTR0 and the kernel's claims for both are
# checked on every CPU, the verdict line counting them by kind. Then a run that can check
# nothing (Zen 2: no fixed counter, the sixth counter firmware's, the other five taken by
# events the kernel claims nothing for): the no-check verdict, its exit status and reason.
source "$(dirname "$0")/lib.sh"
FAILED=0
boot_case checks_branches 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ep\nevents = branches,cycles\n'
expect_rc 3
expect_console '^\[SIM\] instructions counted beside the events: the kernel.s claim is checked$'
expect_console '^\[SIM\] CPU 3 inst: 10,018 instructions, 10,018 expected, overhead 2: PASS$'
expect_console '^\[SIM\] CPU 3 inst: 1,001 branches, 1,001 expected, overhead 0: PASS$'
expect_console '^\[SIM\] VERDICT: PASS - 4 CPUs, 96 checks: 4 instructions, 4 branches, 88 restore read-backs$'
expect_log --cpus 4 --verdict PASS --simulated --checks-pass 8
SMP=2 boot_case checks_none 'qemu-exit\nbackend = sim\nsim-profile = zen2\nevents = cycles,cpu/event=0xc0,cmask=1/,cpu/event=0xc2,cmask=1/,cpu/event=0xc1/,cpu/event=0xc4/\n'
expect_rc 13
expect_console '^\[SIM\] no counter left for instructions beside the events given: the kernel.s instruction claim is not checked$'
expect_console '^\[SIM\] VERDICT: NO-CHECK - 2 CPUs, 40 checks: 40 restore read-backs$'
expect_console '^\[SIM\]          no counter left for instructions beside the events given, and none of them has a claim of the kernel.s$'
expect_log --cpus 2 --verdict NO-CHECK --simulated --checks-pass 0
# A lab's waiver file on the FAT volume (waivers = FILE, read through efi/'s file services):
# the model's general-purpose counters miscount (sim-break = gp-overcount), each CPU's branch
# check ends WAIVED with the file's reference, the run PASS; the waiver that matched nothing
# is named.
IMG="$work/checks_waived.img"
printf 'qemu-exit\nbackend = sim\nsim-profile = nehalem-ep\nsim-break = gp-overcount\nwaivers = lab.txt\n' \
  > "$work/checks_waived.cfg"
printf '# lab\nsignature=06-1a check=branches ref=LAB-7 rev A0 board\nevent=NONE ref=LAB-8\n' \
  > "$work/checks_waived.txt"
"$here/qemu/mkimage.sh" "$IMG" --cfg "$work/checks_waived.cfg" || fail "mkimage"
mcopy -o -i "$IMG" "$work/checks_waived.txt" ::/lab.txt || fail "waivers onto the image"
SMP=2 "$here/qemu/boot.sh" "$IMG" "$work/checks_waived.serial"; RC=$?
"$here/qemu/console-text.sh" "$work/checks_waived.serial" > "$work/checks_waived.console"
CONSOLE="$work/checks_waived.console"
expect_rc 3
expect_console '^\[SIM\] waivers: 2 from lab\.txt, beside 112 known errata'
expect_console '^\[SIM\] CPU 1 inst: 1,003 branches, 1,001 expected, overhead 0: WAIVED: LAB-7 rev A0 board \(lab\.txt:2\)$'
expect_console '^\[SIM\] waiver lab\.txt:3 matched no check: LAB-8$'
expect_console '^\[SIM\] VERDICT: PASS - 2 CPUs, .*; 2 WAIVED: LAB-7 rev A0 board$'
exit $FAILED
