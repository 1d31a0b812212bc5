#!/usr/bin/env bash
# `make run`: boots the app with its default job on 4 vCPUs, prints what it
# said, and copies the log out of the image into build/.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
b="$here/build"
img="$b/run.img"
printf 'qemu-exit\n' > "$b/run.cfg"
# SIM=PROFILE shows the measurement job on the reference model (every line marked [SIM]).
[ -n "${SIM:-}" ] && printf 'backend = sim\nsim-profile = %s\n' "$SIM" >> "$b/run.cfg"
"$here/qemu/mkimage.sh" "$img" --cfg "$b/run.cfg" || exit 1
echo "booting OVMF in QEMU (TCG, q35, 4 vCPUs, ${CPU:-SandyBridge,model=45}) ..."
start=$(date +%s.%N)
"$here/qemu/boot.sh" "$img" "$b/run-console.txt"
rc=$?
end=$(date +%s.%N)
"$here/qemu/console-text.sh" "$b/run-console.txt" | sed -n '/^efipmu /,$p'
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
awk -v v="$verdict" -v s="$start" -v e="$end" 'BEGIN { printf "verdict: %s; QEMU ran %.1f s\n", v, e - s }'
case $rc in 3|7) exit 0 ;; *) exit 1 ;; esac
