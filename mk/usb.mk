# SPDX-License-Identifier: BSD-2-Clause-Patent
# make usb: $(BUILD)/efipmu-usb.img, a GPT disk with one FAT32 EFI System Partition
# (from 1 MiB) holding \EFI\BOOT\BOOTX64.EFI, a commented default \efipmu.cfg,
# \startup.nsh and the log folder \efipmu\. Copy it to a stick with dd (README "On real hardware").
# SIGN_KEY=KEY.pem SIGN_CERT=CERT.pem: \EFI\BOOT\BOOTX64.EFI is the app signed with them
# (sbsign; a key with a passphrase asks for it), for firmware that enforces Secure Boot
# with that certificate enrolled in db (docs/platforms.md "Secure Boot").
USB_IMG := $(BUILD)/efipmu-usb.img
USB_MIB ?= 64
USB_EFI := $(if $(SIGN_KEY),$(BUILD)/efipmu-signed.efi,$(BUILD)/efipmu.efi)

usb: $(USB_IMG)

$(BUILD)/efipmu-signed.efi: $(BUILD)/efipmu.efi $(SIGN_KEY) $(SIGN_CERT) | deps-usb
	@[ -n "$(SIGN_CERT)" ] || { echo "make usb: SIGN_KEY needs SIGN_CERT (its certificate)"; exit 2; }
	@sbsign --key $(SIGN_KEY) --cert $(SIGN_CERT) --output $@ $< 2>/dev/null
	@sbverify --cert $(SIGN_CERT) $@ >/dev/null 2>&1 || { rm -f $@; \
		echo "make usb: the signed app does not verify with $(SIGN_CERT)"; exit 1; }
	@echo "signed $@ with $(SIGN_CERT)"

# Rebuilt every time: whether it is signed, and with what, is in the command line.
$(USB_IMG): $(USB_EFI) qemu/mkimage.sh startup.nsh FORCE | deps-usb
	@EFIPMU_EFI=$(USB_EFI) qemu/mkimage.sh $@ --gpt --default-cfg --size $(USB_MIB)
	@echo "built $@ ($(USB_MIB) MiB, GPT + FAT32 ESP$(if $(SIGN_KEY), the app signed))"

FORCE:

deps-usb:
	@scripts/deps.sh usb

.PHONY: usb deps-usb FORCE
