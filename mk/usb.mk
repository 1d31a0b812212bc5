# SPDX-License-Identifier: BSD-2-Clause-Patent
# make usb: $(BUILD)/efipmu-usb.img, a GPT disk with one FAT32 EFI System Partition
# (from 1 MiB) holding \EFI\BOOT\BOOTX64.EFI, a commented default \efipmu.cfg,
# \startup.nsh and the log folder \efipmu\. Copy it to a stick with dd (README "On real hardware").
USB_IMG := $(BUILD)/efipmu-usb.img
USB_MIB ?= 64

usb: $(USB_IMG)

$(USB_IMG): $(BUILD)/efipmu.efi qemu/mkimage.sh startup.nsh | deps-usb
	@EFIPMU_EFI=$(BUILD)/efipmu.efi qemu/mkimage.sh $@ --gpt --default-cfg --size $(USB_MIB)
	@echo "built $@ ($(USB_MIB) MiB, GPT + FAT32 ESP)"

deps-usb:
	@scripts/deps.sh usb

.PHONY: usb deps-usb
