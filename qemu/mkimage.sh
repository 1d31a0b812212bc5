#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause-Patent
# Builds a disk image holding the app.
# Usage: qemu/mkimage.sh IMG [--shell [--args 'ARGS']] [--cfg FILE] [--default-cfg] [--size MiB] [--gpt]
#   default: a bare FAT volume, the app as \EFI\BOOT\BOOTX64.EFI, so OVMF starts it with no
#            shell countdown
#   --shell: the app as \efipmu.efi plus \startup.nsh, so OVMF falls to the UEFI Shell
#   --args:  with --shell, startup.nsh runs \efipmu.efi ARGS (a command line to test)
#   --cfg FILE:    FILE becomes \efipmu.cfg
#   --default-cfg: the commented default \efipmu.cfg below (what `make usb` ships)
#   --gpt:   a GPT disk with one EFI System Partition from 1 MiB to the end (for USB
#            sticks); mtools reach it as IMG@@1M
# Every image has \startup.nsh and the log folder \efipmu\.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
img=$1; shift
shell=0; args=""; cfg=""; default_cfg=0; size=64; gpt=0
while [ $# -gt 0 ]; do
  case "$1" in
    --shell) shell=1 ;;
    --args) args=$2; shift ;;
    --cfg) cfg=$2; shift ;;
    --default-cfg) default_cfg=1 ;;
    --size) size=$2; shift ;;
    --gpt) gpt=1 ;;
    *) echo "mkimage: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
app="${EFIPMU_EFI:-$here/build/efipmu.efi}"   # EFIPMU_EFI: a build elsewhere (make BUILD=dir)
[ -f "$app" ] || { echo "mkimage: $app missing (run make)" >&2; exit 1; }
# FAT32 needs 65525 clusters: 64 MiB with mkfs.vfat's 512-byte clusters at this size.
[ "$size" -ge 40 ] || { echo "mkimage: --size must be at least 40 (MiB) for FAT32" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

default_cfg_text() {
  cat <<'EOF'
# efipmu.cfg: the settings efipmu uses when it boots from this stick with no
# UEFI Shell (\EFI\BOOT\BOOTX64.EFI). One "key = value" per line, '#' starts a
# comment; the keys are the command line's long options (efipmu.efi --help).
# A malformed line is reported with its line number and nothing runs.
# The log of every run goes to \efipmu\run-NNNN.jsonl on this stick.

# Events to count: perf names, Intel names (INST_RETIRED.ANY) or raw perf
# syntax (cpu/event=0x3c,umask=0/). More events than counters run in rounds.
# Unset, the app counts instructions, cycles, ref-cycles and branches where
# the CPU has a core PMU. For example:
# events = instructions,cycles,branches,branch-misses,cache-misses

# Kernel run while counting (see --list for all of them).
kernels = inst

# CPUs to measure: all, or numbers and ranges such as 0,2-5.
cpus = all

# Run every measurement 3 times and report min, median and max.
repeats = 3

# A log name of your own instead of run-NNNN.jsonl. A log is never
# overwritten: once lab-run.jsonl is there, the next boots write
# lab-run-0001.jsonl, lab-run-0002.jsonl, ...
# output = lab-run.jsonl

# Known counter defects your lab waives: a file beside this one, one waiver a
# line (signature=06-55-4 check=branches ref=YOUR-TICKET ...). A failing check
# it explains ends WAIVED with that reference, never PASS.
# waivers = lab-waivers.txt

# Instead of measuring, show what this machine has:
# list
# Or run the whole job but only print the MSR writes it would make:
# dry-run
EOF
}

part="$tmp/part.img"
rm -f "$img.tmp"
if [ $gpt = 1 ]; then
  truncate -s "${size}M" "$img.tmp"
  sfdisk -q "$img.tmp" >/dev/null <<'EOF'
label: gpt
start=2048, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name="EFI system partition"
EOF
  # The partition as sfdisk laid it out (the backup GPT takes the disk's last 33 sectors).
  read -r start sectors < <(sfdisk -d "$img.tmp" | sed -n 's/.*start= *\([0-9]*\), *size= *\([0-9]*\).*/\1 \2/p')
  [ "$start" = 2048 ] || { echo "mkimage: unexpected partition start $start" >&2; exit 1; }
  mkfs.vfat -F 32 -n EFIPMU -C "$part" $(( sectors / 2 )) >/dev/null
else
  mkfs.vfat -F 32 -n EFIPMU -C "$part" $(( size * 1024 )) >/dev/null
fi
mmd -i "$part" ::/efipmu
if [ $shell = 1 ]; then
  mcopy -i "$part" "$app" ::/efipmu.efi
else
  mmd -i "$part" ::/EFI ::/EFI/BOOT
  mcopy -i "$part" "$app" ::/EFI/BOOT/BOOTX64.EFI
fi
if [ -n "$args" ]; then
  printf '@echo -off\r\nfs0:\r\n\\efipmu.efi %s\r\n' "$args" > "$tmp/startup.nsh"
  mcopy -i "$part" "$tmp/startup.nsh" ::/startup.nsh
else
  mcopy -i "$part" "$here/startup.nsh" ::/startup.nsh
fi
if [ $default_cfg = 1 ]; then
  default_cfg_text | sed 's/$/\r/' > "$tmp/efipmu.cfg"   # CRLF: readable in any editor
  mcopy -i "$part" "$tmp/efipmu.cfg" ::/efipmu.cfg
fi
[ -n "$cfg" ] && mcopy -o -i "$part" "$cfg" ::/efipmu.cfg
if [ $gpt = 1 ]; then
  dd if="$part" of="$img.tmp" bs=512 seek=2048 conv=notrunc status=none
  mv "$img.tmp" "$img"
else
  mv "$part" "$img"
fi
exit 0
