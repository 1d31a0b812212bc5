# SPDX-License-Identifier: BSD-2-Clause-Patent
# Secure Boot enforced (issue 37 item 5): OVMF with the snakeoil key enrolled in PK, KEK and db
# (Debian's ovmf, for testing only). `make usb SIGN_KEY= SIGN_CERT=` with that key: the signed
# stick boots, runs the default job and leaves its log; the unsigned one is refused by the
# firmware ("Access Denied") and nothing of efipmu runs.
source "$(dirname "$0")/lib.sh"
FAILED=0
efi="${EFIPMU_EFI:-$here/build/efipmu.efi}"
build=$(cd "$(dirname "$efi")" && pwd)
# the snakeoil key's passphrase is "snakeoil" (its README.Debian): sbsign is given it clear
openssl rsa -in /usr/share/ovmf/PkKek-1-snakeoil.key -passin pass:snakeoil \
  -out "$work/snakeoil.key" 2>/dev/null || { echo "  cannot read the snakeoil key"; exit 1; }
boot_stick() {   # NAME MAKE-ARGS...: make usb with them, boot it with Secure Boot enforced
  local name=$1; shift
  make -s -C "$here" BUILD="$build" usb "$@" >/dev/null || { fail "make usb $* failed"; return 1; }
  IMG="$work/$name.img"
  cp "$build/efipmu-usb.img" "$IMG"
  IMGPART="$IMG@@1M"
  mtype -i "$IMGPART" ::/efipmu.cfg > "$work/$name.cfg"
  printf 'qemu-exit\r\n' >> "$work/$name.cfg"
  mcopy -o -i "$IMGPART" "$work/$name.cfg" ::/efipmu.cfg
  SECURE_BOOT=1 USB=1 TIMEOUT=${TIMEOUT:-120} UNTIL='No bootable option' \
    "$here/qemu/boot.sh" "$IMG" "$work/$name.serial" $QEMU_EXTRA
  RC=$?
  "$here/qemu/console-text.sh" "$work/$name.serial" > "$work/$name.console"
  CONSOLE="$work/$name.console"
}
boot_stick sb_signed SIGN_KEY="$work/snakeoil.key" SIGN_CERT=/usr/share/ovmf/PkKek-1-snakeoil.pem
expect_rc 7
expect_console 'efipmu .* backend real \| 4 CPUs'
expect_console '^VERDICT: NO-PMU'
f=$(mdir -b -i "$IMGPART" ::/efipmu 2>/dev/null | grep -i '\.jsonl$' | tail -1)
[ -n "$f" ] || fail "the signed run left no log"
sbverify --cert /usr/share/ovmf/PkKek-1-snakeoil.pem "$build/efipmu-signed.efi" >/dev/null 2>&1 ||
  fail "the signed app does not verify"

boot_stick sb_unsigned
expect_rc 100   # stopped at "No bootable option": the firmware ran nothing of ours
grep -qa 'failed to load Boot.*Access Denied' "$work/sb_unsigned.serial" ||
  fail "the firmware did not refuse the unsigned app with Access Denied"
grep -qa 'efipmu ' "$work/sb_unsigned.serial" && fail "the unsigned app ran"
mdir -b -i "$IMGPART" ::/efipmu 2>/dev/null | grep -qi '\.jsonl$' && fail "the unsigned run left a log"
exit $FAILED
