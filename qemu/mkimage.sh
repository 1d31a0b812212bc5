#!/usr/bin/env bash
# Builds a FAT disk image holding the app.
# Usage: qemu/mkimage.sh IMG [--shell] [--cfg FILE] [--size MiB] [--gpt]
#   default: the app as \EFI\BOOT\BOOTX64.EFI, so OVMF starts it with no shell countdown
#   --shell: the app as \efipmu.efi plus \startup.nsh, so OVMF falls to the UEFI Shell
#   --gpt:   a GPT disk with one EFI System Partition (for USB sticks)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
img=$1; shift
shell=0; cfg=""; size=64; gpt=0
while [ $# -gt 0 ]; do
  case "$1" in
    --shell) shell=1 ;;
    --cfg) cfg=$2; shift ;;
    --size) size=$2; shift ;;
    --gpt) gpt=1 ;;
    *) echo "mkimage: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
app="${EFIPMU_EFI:-$here/build/efipmu.efi}"   # EFIPMU_EFI: a build elsewhere (make BUILD=dir)
[ -f "$app" ] || { echo "mkimage: $app missing (run make)" >&2; exit 1; }
rm -f "$img"
if [ $gpt = 1 ]; then
  # GPT with one ESP starting at 1 MiB; mtools addresses it with @@offset.
  truncate -s "${size}M" "$img"
  sfdisk -q "$img" <<<'label: gpt
start=2048, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name="EFIPMU"' >/dev/null
  part="$img@@1M"
  mkfs.vfat -F 32 -n EFIPMU --offset 2048 "$img" $(( (size - 2) * 1024 )) >/dev/null
else
  truncate -s "${size}M" "$img"
  mkfs.vfat -F 32 -n EFIPMU "$img" >/dev/null
  part="$img"
fi
mmd -i "$part" ::/efipmu
if [ $shell = 1 ]; then
  mcopy -i "$part" "$app" ::/efipmu.efi
else
  mmd -i "$part" ::/EFI ::/EFI/BOOT
  mcopy -i "$part" "$app" ::/EFI/BOOT/BOOTX64.EFI
fi
mcopy -i "$part" "$here/startup.nsh" ::/startup.nsh
[ -n "$cfg" ] && mcopy -i "$part" "$cfg" ::/efipmu.cfg
exit 0
