#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# `make run`: boots the app with its default job on 4 vCPUs, prints everything
# it said (error lines before its banner included) and, when the run failed,
# what QEMU said; copies the log out of the image into build/.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
b="${EFIPMU_RUN_DIR:-$here/build}"   # image, console and copied logs (a QEMU case: its own dir)
mkdir -p "$b"
img="$b/run.img"
printf 'qemu-exit\n' > "$b/run.cfg"
# SIM=PROFILE shows the measurement job on the reference model (every line marked [SIM]).
[ -n "${SIM:-}" ] && printf 'backend = sim\nsim-profile = %s\n' "$SIM" >> "$b/run.cfg"
# KERNEL=NAME counts around another kernel (stream: the memory bandwidth of the uncore job).
[ -n "${KERNEL:-}" ] && printf 'kernels = %s\n' "$KERNEL" >> "$b/run.cfg"
# SIM_BREAK=DEFECT gives the model a defect (sim-break: disc-every, a broken discovery table).
[ -n "${SIM_BREAK:-}" ] && printf 'sim-break = %s\n' "$SIM_BREAK" >> "$b/run.cfg"
"$here/qemu/mkimage.sh" "$img" --cfg "$b/run.cfg" || exit 1
echo "booting OVMF in QEMU (TCG, q35, 4 vCPUs, ${CPU:-SandyBridge,model=45}) ..."
start=$(date +%s.%N)
"$here/qemu/boot.sh" "$img" "$b/run-console.txt"
rc=$?
end=$(date +%s.%N)
# The app's lines follow the firmware's "BdsDxe: starting Boot..."; without that line
# (QEMU or OVMF did not get that far) all of the console is shown.
"$here/qemu/console-text.sh" "$b/run-console.txt" |
  awk '{ line[NR] = $0 } /^BdsDxe: starting / && !from { from = NR + 1 }
       END { for (i = from ? from : 1; i <= NR; i++) print line[i] }'
case $rc in
  3) verdict=PASS ;; 5) verdict=FAIL ;; 7) verdict=NO-PMU ;; 9) verdict=ERROR ;;
  124) verdict="TIMEOUT (QEMU killed)" ;; *) verdict="QEMU exit status $rc" ;;
esac
log=$(mdir -b -i "$img" ::/efipmu 2>/dev/null | grep -i '\.jsonl$' | tail -1)
if [ -n "$log" ]; then
  # Each make run boots a fresh image: keep every copied log under its own name.
  dest="$b/logs/$(date +%Y%m%d-%H%M%S)-$(basename "$log")"
  mkdir -p "$b/logs"
  mcopy -n -i "$img" "$log" "$dest" && echo "log: $dest"
else
  echo "no log found on the image"
fi
case $rc in
  3|5|7|9) ;;
  *) # QEMU's own messages (a misspelt CPU= model or property, a missing firmware file), once each.
     if [ -s "$b/run-console.txt.stderr" ]; then
       echo "QEMU said:"
       awk '!seen[$0]++ { print "  " $0 }' "$b/run-console.txt.stderr"
     fi
     grep -qE "CPU model|-cpu\\." "$b/run-console.txt.stderr" && echo "(qemu-system-x86_64 -cpu help lists the CPU models)" ;;
esac
awk -v v="$verdict" -v s="$start" -v e="$end" 'BEGIN { printf "verdict: %s; QEMU ran %.1f s\n", v, e - s }'
case $rc in 3|7) exit 0 ;; *) exit 1 ;; esac
