# SPDX-License-Identifier: BSD-2-Clause-Patent
# efipmu — see README.md. `make run` and `make test` install what they need.
.DEFAULT_GOAL := all
SHELL := /bin/bash
BUILD := build

LIB_SRC := $(sort $(wildcard lib/*/*.c))
# The model's reading of the kernels, made from their disassembly (tools/gen_sim_kernels.py):
# every build of lib/ compiles it, so every build waits for it.
SIM_GEN := lib/model/sim_kernels_gen.h
# The built-in profiles' CPUID, made from the dumps they cite (tools/gen_cpuid_tables.py).
CPUID_GEN := lib/model/model_cpuid_gen.h
LIB_HDR := $(sort $(wildcard lib/*/*.h) $(SIM_GEN) $(CPUID_GEN))
# Header dependencies: each object (or one-source binary) gets a .d file beside it listing the
# headers it included (read at the end of this file). A new object rule compiles with
# $(DEP_FLAGS) and adds its targets to DEP_TARGETS (as mk/host.mk and mk/fuzz.mk do).
DEP_FLAGS = -MMD -MP -MF $@.d -MT $@
EFI_SRC := $(sort $(wildcard efi/*.c))
EFI_ASM := $(sort $(wildcard efi/*.S))
# Unit tests mirror the layers: tests/unit/<lib folder>/test_<unit>.c, built as
# build/unit/test_<unit> (shared test headers stay in tests/unit/). A test left flat in
# tests/unit/ would be skipped: refused.
UNIT_SRC := $(sort $(wildcard tests/unit/*/test_*.c))
UNIT_FLAT := $(wildcard tests/unit/test_*.c)
ifneq ($(UNIT_FLAT),)
$(error unit tests go in tests/unit/<layer>/ (the lib/ folder of the unit they test), not flat: \
	move $(UNIT_FLAT))
endif
UNIT_DUP := $(strip $(foreach n,$(sort $(notdir $(UNIT_SRC))),\
	$(if $(word 2,$(filter %/$(n),$(UNIT_SRC))),$(filter %/$(n),$(UNIT_SRC)))))
ifneq ($(UNIT_DUP),)
$(error two unit tests of one name (each is build/unit/<name>): $(UNIT_DUP))
endif

# ---- the UEFI application (Debian's gnu-efi) ----
EFI_INC := /usr/include/efi
EFI_LIB := /usr/lib
EFI_CC := gcc
EFI_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror -ffreestanding -fno-stack-protector \
	-fno-stack-check -fpic -fshort-wchar -mno-red-zone -mgeneral-regs-only \
	-maccumulate-outgoing-args -DGNU_EFI_USE_MS_ABI -DEFIPMU_EFI \
	-I$(EFI_INC) -I$(EFI_INC)/x86_64 -Ilib -Iefi
EFI_LDFLAGS := -nostdlib -znocombreloc -shared -Bsymbolic -z defs -T $(EFI_LIB)/elf_x86_64_efi.lds \
	-L$(EFI_LIB)

EFI_OBJ := $(patsubst %.c,$(BUILD)/efi-obj/%.o,$(LIB_SRC) $(EFI_SRC)) \
	$(patsubst %.S,$(BUILD)/efi-obj/%.o,$(EFI_ASM))

all: $(BUILD)/efipmu.efi

$(SIM_GEN): lib/check/kernels.c lib/check/kernel_bodies.h lib/check/kernels.h \
		tools/gen_sim_kernels.py | deps-build
	@echo "  GEN       $@"
	@python3 tools/gen_sim_kernels.py -o $@
$(CPUID_GEN): $(wildcard data/cpuid/*.txt) tools/gen_cpuid_tables.py | deps-build
	@echo "  GEN       $@"
	@python3 tools/gen_cpuid_tables.py -o $@
sim-gen: $(SIM_GEN) $(CPUID_GEN)
# Their one user each, in every build of lib/ (a fresh tree has no .d to say so yet).
$(foreach d,efi-obj host-obj fuzz-obj tool-obj tsan-obj,$(BUILD)/$(d)/lib/model/sim_kernels.o): \
	$(SIM_GEN)
$(foreach d,efi-obj host-obj fuzz-obj tool-obj tsan-obj,$(BUILD)/$(d)/lib/model/model_cpuid.o): \
	$(CPUID_GEN)

$(BUILD)/efi-obj/%.o: %.c | deps-build
	@mkdir -p $(dir $@)
	@echo "  CC (efi)  $<"
	@$(EFI_CC) $(EFI_CFLAGS) $(DEP_FLAGS) -c $< -o $@

$(BUILD)/efi-obj/%.o: %.S | deps-build
	@mkdir -p $(dir $@)
	@echo "  CC (efi)  $<"
	@$(EFI_CC) $(EFI_CFLAGS) $(DEP_FLAGS) -c $< -o $@

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
UNIT_BIN := $(addprefix $(BUILD)/unit/,$(basename $(notdir $(UNIT_SRC))))

$(BUILD)/host-obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC (host) $<"
	@$(HOST_CC) $(HOST_CFLAGS) $(DEP_FLAGS) -c $< -o $@

$(BUILD)/libefipmu-host.a: $(HOST_OBJ)
	@ar rcs $@ $^

# Compiled apart from the link: a change in lib/ (a mutant's) relinks a test, not recompiles it.
UNIT_OBJ := $(patsubst $(BUILD)/unit/%,$(BUILD)/unit-obj/%.o,$(UNIT_BIN))
$(foreach s,$(UNIT_SRC),$(eval $(BUILD)/unit-obj/$(basename $(notdir $(s))).o: $(s)))
$(UNIT_OBJ): | deps-test
	@mkdir -p $(dir $@)
	@echo "  CC (test) $(filter %.c,$^)"
	@$(HOST_CC) $(HOST_CFLAGS) $(DEP_FLAGS) -Itests/unit -c $(filter %.c,$^) -o $@
$(UNIT_BIN): $(BUILD)/unit/%: $(BUILD)/unit-obj/%.o $(BUILD)/libefipmu-host.a
	@mkdir -p $(dir $@)
	@echo "  LD (test) $@"
	@$(HOST_CC) $(HOST_CFLAGS) $< $(BUILD)/libefipmu-host.a -lcmocka -o $@

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

# What each object includes (DEP_FLAGS); one built before that was tracked (no .d) depends on
# every header, as all did then, until its next build writes its .d.
DEP_TARGETS += $(EFI_OBJ) $(HOST_OBJ) $(UNIT_OBJ)
-include $(wildcard $(DEP_TARGETS:=.d))
ALL_HDR := $(sort $(wildcard lib/*/*.h efi/*.h tools/*/*.h tests/*/*.h) $(SIM_GEN) $(CPUID_GEN))
$(foreach t,$(DEP_TARGETS),$(if $(wildcard $(t).d),,$(eval $(t): $(ALL_HDR))))

.PHONY: all sim-gen unit run test qemu-tests clean deps-build deps-test deps-run
