#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Boots a disk image in QEMU (TCG) with OVMF and waits for the app to end QEMU.
# -nodefaults: no VGA (the console is the serial port) and no empty DVD drive: ~0.3 s a boot.
# Usage: qemu/boot.sh IMG OUTFILE [qemu args...]
# Env: SMP (default 4), CPU (default SandyBridge,model=45), TIMEOUT (s, default 60), USB=1,
#      SECURE_BOOT=1: OVMF with Secure Boot enforced (the snakeoil key enrolled),
#      ICOUNT=N: -icount shift=N (TSC = instructions << N; QEMU-FACTS.md), one vCPU, no MTTCG.
#      UNTIL=REGEX: stop QEMU once the serial output matches (exit status 100): for runs
#      that end in the firmware's hands rather than in QEMU's exit.
#      OVMF_VARS_SEEDED=FILE: where the variable store that has booted once is kept (below).
# The UEFI Shell's 5 s countdown before startup.nsh is answered at once with a key (any
# key but ESC runs startup.nsh), through the serial port's input: QEMU's stdio, a FIFO.
# Exit status: QEMU's; the app's verdict v arrives as (v << 1) | 1 through isa-debug-exit.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
img=$1; out=$2; shift 2
code=/usr/share/OVMF/OVMF_CODE_4M.fd
vars_src=/usr/share/OVMF/OVMF_VARS_4M.fd
machine=(-machine q35)
if [ "${SECURE_BOOT:-0}" = 1 ]; then
  # Debian's OVMF with Secure Boot enforced: its variable store enrols the snakeoil key
  # (/usr/share/ovmf/PkKek-1-snakeoil.pem) as PK, KEK and db; SMM guards the store, so the
  # flash is secure and the machine has SMM (Debian's ovmf README.Debian).
  code=/usr/share/OVMF/OVMF_CODE_4M.snakeoil.fd
  vars_src=/usr/share/OVMF/OVMF_VARS_4M.snakeoil.fd
  machine=(-machine q35,smm=on -global driver=cfi.pflash01,property=secure,value=on)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
disk_on() {   # [OPTIONS]: the disk's QEMU arguments, ",OPTIONS" added to its -drive
  if [ "${USB:-0}" = 1 ]; then
    disk=(-drive if=none,id=stick,format=raw,file="$img${1:+,$1}" -device qemu-xhci
          -device usb-storage,drive=stick,removable=on)
  else
    disk=(-drive format=raw,file="$img${1:+,$1}")
  fi
}
smp=${SMP:-4}; accel=(-accel tcg,thread=multi)
if [ -n "${ICOUNT:-}" ]; then
  # icount excludes MTTCG, and is exact only while no other vCPU runs
  smp=1; accel=(-accel tcg -icount shift="$ICOUNT")
fi
mkfifo "$tmp/in"; exec 3<>"$tmp/in"   # held open: QEMU never reads an end of input
qemu_on() {   # VARS OUT TIMEOUT SMP ACCEL... -- QEMU ARGS: QEMU in the background, its pid in $qemu
  local vars=$1 o=$2 t=$3 n=$4 a=(); shift 4
  while [ "$1" != -- ]; do a+=("$1"); shift; done; shift
  timeout "$t" qemu-system-x86_64 "${machine[@]}" -nodefaults "${a[@]}" \
    -smp "$n" -m 512 -cpu "${CPU:-SandyBridge,model=45}" \
    -drive if=pflash,format=raw,unit=0,readonly=on,file="$code" \
    -drive if=pflash,format=raw,unit=1,file="$vars" \
    "${disk[@]}" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
    -display none -chardev stdio,id=com1,signal=off -serial chardev:com1 -monitor none \
    -no-reboot -net none "$@" <"$tmp/in" >"$o" 2>"$o.stderr" &
  qemu=$!
}

# OVMF's variables as a lab machine's NVRAM has them: OVMF's first boot on its pristine store
# writes the whole store (some 16,000 flash writes, each a write to the file under QEMU: about
# a quarter of the bare boot's time), every later boot some 3 KiB (MTC, ConOut, BootOrder). Each
# boot gets its own copy of a store that has booted once, made on first use (and again after
# OVMF is upgraded): this disk booted from the pristine store until OVMF starts a boot option,
# then stopped; the disk is a snapshot there (QEMU keeps its writes aside and drops them), so
# nothing that boot starts reaches it. One store per disk kind (the boot options differ).
kind=disk; [ "${USB:-0}" = 1 ] && kind=usb
[ "${SECURE_BOOT:-0}" = 1 ] && kind=$kind-secure-boot
seeded=${OVMF_VARS_SEEDED:-$here/build/ovmf-vars-$kind.fd}
if [ ! "$seeded" -nt "$code" ] || [ ! "$seeded" -nt "$vars_src" ]; then
  cp "$vars_src" "$tmp/seed.fd"
  disk_on snapshot=on
  qemu_on "$tmp/seed.fd" "$tmp/seed.out" 120 1 -accel tcg --
  while kill -0 "$qemu" 2>/dev/null && ! grep -qa 'BdsDxe: starting' "$tmp/seed.out"; do
    sleep 0.1
  done
  kill "$qemu" 2>/dev/null; wait "$qemu" 2>/dev/null
  # kept only when OVMF got that far; another boot may be seeding too: the last rename wins
  grep -qa 'BdsDxe: starting' "$tmp/seed.out" && mkdir -p "$(dirname "$seeded")" &&
    cp "$tmp/seed.fd" "$seeded.$$" && mv -f "$seeded.$$" "$seeded"
fi
if [ -f "$seeded" ]; then cp "$seeded" "$tmp/vars.fd"; else cp "$vars_src" "$tmp/vars.fd"; fi
disk_on

rm -f "$out"   # UNTIL must not read an earlier boot's output
qemu_on "$tmp/vars.fd" "$out" "${TIMEOUT:-60}" "$smp" "${accel[@]}" -- "$@"
watch() {   # answers the Shell's countdown; with UNTIL, stops QEMU once the output matches
  local asked=0
  while kill -0 "$qemu" 2>/dev/null; do
    if [ $asked = 0 ] && grep -qa 'seconds to skip .*startup.nsh' "$out"; then
      printf ' ' >&3; asked=1
    fi
    if [ -n "${UNTIL:-}" ] && grep -qaE -- "$UNTIL" "$out"; then
      sleep 1   # the rest of what is being said
      touch "$tmp/until"; kill "$qemu"; return
    fi
    sleep 0.2
  done
}
watch & watcher=$!
wait "$qemu"; rc=$?
kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null
[ -f "$tmp/until" ] && exit 100
exit $rc
