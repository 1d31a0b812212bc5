# SPDX-License-Identifier: BSD-2-Clause-Patent
# libFuzzer targets (tests/fuzz/fuzz_<name>.c), clang with ASan + UBSan; lib/ is
# compiled for them with clang's coverage instrumentation, not taken from the gcc archive.
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="evspec config"]   each for a bounded time
#   make fuzz-short                                   tests/fuzz/suite.sh (make test's run)
# New inputs grow $(BUILD)/fuzz/corpus/<name>; crashes land in $(BUILD)/fuzz/crash-<name>-*:
# copy one to tests/fuzz/regress/<name>/ to keep it as a regression (tests/fuzz/suite.sh
# replays every kept input; tests/fuzz/regress/README.md says what each one caught).
FUZZ_CC := clang
FUZZ_SECONDS ?= 60
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -std=c11 -g -O1 -Wall -Wextra -Werror -Wno-unknown-attributes \
	-fno-omit-frame-pointer $(FUZZ_SAN) -Ilib -Itests/fuzz
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_ALL := $(patsubst tests/fuzz/fuzz_%.c,%,$(FUZZ_SRC))
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_BIN := $(patsubst %,$(BUILD)/fuzz/fuzz_%,$(FUZZ_ALL))
FUZZ_OBJ := $(patsubst %.c,$(BUILD)/fuzz-obj/%.o,$(LIB_SRC))
DEP_TARGETS += $(FUZZ_OBJ) $(FUZZ_BIN)

$(BUILD)/fuzz-obj/%.o: %.c | deps-test
	@mkdir -p $(dir $@)
	@echo "  CC (fuzz) $<"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEP_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LD (fuzz) $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEP_FLAGS) -fsanitize=fuzzer $< $(FUZZ_OBJ) -o $@

# The bundle reader is the host tool's (tools/host/bundle_read.c): built with its SHA-256.
FUZZ_HOST_bundle := tools/host/bundle_read.c tools/host/sha256.c
$(BUILD)/fuzz/fuzz_bundle: tests/fuzz/fuzz_bundle.c $(FUZZ_HOST_bundle) $(FUZZ_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LD (fuzz) $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEP_FLAGS) -D_GNU_SOURCE -Itools/host -fsanitize=fuzzer $< \
		$(FUZZ_HOST_bundle) $(FUZZ_OBJ) -o $@

.SECONDARY: $(FUZZ_OBJ)

fuzz-bins: $(FUZZ_BIN)

fuzz: fuzz-bins
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p $(BUILD)/fuzz/corpus/$$t; \
		echo "== fuzz_$$t for $(FUZZ_SECONDS) s (log: $(BUILD)/fuzz/$$t.log)"; \
		$(BUILD)/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
			-artifact_prefix=$(BUILD)/fuzz/crash-$$t- -print_final_stats=1 \
			$(BUILD)/fuzz/corpus/$$t tests/fuzz/corpus/$$t >$(BUILD)/fuzz/$$t.log 2>&1; \
		rc=$$?; \
		grep -E '^Done|number_of_executed_units|property failed|ERROR' $(BUILD)/fuzz/$$t.log; \
		[ $$rc -eq 0 ] || { echo "fuzz_$$t FAILED: see $(BUILD)/fuzz/$$t.log"; exit 1; }; \
	done

fuzz-short:
	@BUILD=$(BUILD) tests/fuzz/suite.sh

.PHONY: fuzz fuzz-bins fuzz-short
