# SPDX-License-Identifier: BSD-2-Clause-Patent
# The rounds protocol (lib/run/rounds.c) on real threads under ThreadSanitizer:
# tests/tsan/test_<name>.c against lib/ built with -fsanitize=thread in $(BUILD)/tsan-obj.
# `make tsan` builds them; tests/tsan/suite.sh runs them.
TSAN_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -Wshadow -fno-omit-frame-pointer \
	-fsanitize=thread -Ilib -Itests/tsan
TSAN_OBJ := $(patsubst %.c,$(BUILD)/tsan-obj/%.o,$(LIB_SRC))
TSAN_SRC := $(sort $(wildcard tests/tsan/test_*.c))
TSAN_BIN := $(patsubst tests/tsan/%.c,$(BUILD)/tsan/%,$(TSAN_SRC))
DEP_TARGETS += $(TSAN_OBJ) $(TSAN_BIN)

$(BUILD)/tsan-obj/%.o: %.c | deps-test
	@mkdir -p $(dir $@)
	@echo "  CC (tsan) $<"
	@$(HOST_CC) $(TSAN_CFLAGS) $(DEP_FLAGS) -c $< -o $@

$(BUILD)/tsan/%: tests/tsan/%.c $(BUILD)/libefipmu-tsan.a
	@mkdir -p $(dir $@)
	@echo "  LD (tsan) $@"
	@$(HOST_CC) $(TSAN_CFLAGS) $(DEP_FLAGS) $< $(BUILD)/libefipmu-tsan.a -lpthread -o $@

$(BUILD)/libefipmu-tsan.a: $(TSAN_OBJ)
	@ar rcs $@ $^

tsan: $(TSAN_BIN)

.PHONY: tsan
