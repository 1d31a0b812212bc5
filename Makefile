# efipmu — see README.md. `make run` and `make test` install what they need.
.DEFAULT_GOAL := all
SHELL := /bin/bash
BUILD := build

LIB_SRC := $(sort $(wildcard lib/*/*.c))
# The model's reading of the kernels, made from their disassembly (tools/gen_sim_kernels.py):
# every build of lib/ compiles it, so every build waits for it.
SIM_GEN := lib/model/sim_kernels_gen.h
LIB_HDR := $(sort $(wildcard lib/*/*.h) $(SIM_GEN))
EFI_SRC := $(sort $(wildcard efi/*.c))
EFI_ASM := $(sort $(wildcard efi/*.S))
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))

# ---- the UEFI application (Debian's gnu-efi) ----
EFI_INC := /usr/include/efi
EFI_LIB := /usr/lib
EFI_CC := gcc
EFI_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -ffreestanding -fno-stack-protector \
	-fno-stack-check -fpic -fshort-wchar -mno-red-zone -mgeneral-regs-only \
	-maccumulate-outgoing-args -DGNU_EFI_USE_MS_ABI -DEFIPMU_EFI \
	-I$(EFI_INC) -I$(EFI_INC)/x86_64 -Ilib -Iefi
EFI_LDFLAGS := -nostdlib -znocombreloc -shared -Bsymbolic -T $(EFI_LIB)/elf_x86_64_efi.lds \
	-L$(EFI_LIB)

EFI_OBJ := $(patsubst %.c,$(BUILD)/efi-obj/%.o,$(LIB_SRC) $(EFI_SRC)) \
	$(patsubst %.S,$(BUILD)/efi-obj/%.o,$(EFI_ASM))

all: $(BUILD)/efipmu.efi

$(SIM_GEN): lib/check/kernels.c lib/check/kernel_bodies.h lib/check/kernels.h \
		tools/gen_sim_kernels.py | deps-build
	@echo "  GEN       $@"
	@python3 tools/gen_sim_kernels.py -o $@
sim-gen: $(SIM_GEN)

$(BUILD)/efi-obj/%.o: %.c $(LIB_HDR) $(wildcard efi/*.h) | deps-build
	@mkdir -p $(dir $@)
	@echo "  CC (efi)  $<"
	@$(EFI_CC) $(EFI_CFLAGS) -c $< -o $@

$(BUILD)/efi-obj/%.o: %.S | deps-build
	@mkdir -p $(dir $@)
	@echo "  CC (efi)  $<"
	@$(EFI_CC) $(EFI_CFLAGS) -c $< -o $@

$(BUILD)/efipmu.so: $(EFI_OBJ)
	@ld $(EFI_LDFLAGS) $(EFI_LIB)/crt0-efi-x86_64.o $(EFI_OBJ) -o $@ -lefi -lgnuefi

EFI_OBJCOPY := objcopy -j .text -j .sdata -j .data -j .dynamic -j .dynsym -j .rel -j .rela \
	-j .rel.* -j .rela.* -j .reloc --target efi-app-x86_64

$(BUILD)/efipmu.efi: $(BUILD)/efipmu.so
	@$(EFI_OBJCOPY) $< $@
	@echo "built $@"

# ---- host build of lib/ (unit tests, host tool) with ASan + UBSan ----
HOST_CC ?= gcc
HOST_CFLAGS := -std=c11 -g -O1 -Wall -Wextra -Werror -Wshadow -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all -Ilib
HOST_OBJ := $(patsubst %.c,$(BUILD)/host-obj/%.o,$(LIB_SRC))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/unit/%,$(UNIT_SRC))

$(BUILD)/host-obj/%.o: %.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	@echo "  CC (host) $<"
	@$(HOST_CC) $(HOST_CFLAGS) -c $< -o $@

$(BUILD)/libefipmu-host.a: $(HOST_OBJ)
	@ar rcs $@ $^

$(BUILD)/unit/%: tests/unit/%.c $(BUILD)/libefipmu-host.a $(wildcard tests/unit/*.h) | deps-test
	@mkdir -p $(dir $@)
	@echo "  LD (test) $@"
	@$(HOST_CC) $(HOST_CFLAGS) -Itests/unit $< $(BUILD)/libefipmu-host.a -lcmocka -o $@

unit: $(UNIT_BIN)
	@scripts/run-unit.sh $(UNIT_BIN)

# ---- dependencies: installed on demand (Debian) ----
deps-build:
	@scripts/deps.sh build
deps-test:
	@scripts/deps.sh test
deps-run:
	@scripts/deps.sh run

# ---- QEMU ----
run: deps-run all
	@qemu/run.sh

qemu-tests: deps-run all
	@tests/qemu/run-all.sh

test: deps-test deps-run
	@scripts/test-all.sh

clean:
	rm -rf $(BUILD)

# Further targets (host tool, fuzzing, benchmarks), one fragment each.
include $(sort $(wildcard mk/*.mk))

.PHONY: all sim-gen unit run test qemu-tests clean deps-build deps-test deps-run
