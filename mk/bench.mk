# SPDX-License-Identifier: BSD-2-Clause-Patent
# `make bench`: figures and ratios measured in one run (scripts/bench.sh, docs/bench.md).
BENCH := $(BUILD)/bench
BENCH_HOST_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -Ilib

$(BENCH)/host_cost: tools/bench/host_cost.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(dir $@)
	@$(HOST_CC) $(BENCH_HOST_CFLAGS) tools/bench/host_cost.c $(LIB_SRC) -o $@

$(BENCH)/exitnow.efi: tools/bench/exitnow.c | deps-build
	@mkdir -p $(dir $@)
	@$(EFI_CC) $(EFI_CFLAGS) -c $< -o $(BENCH)/exitnow.o
	@ld $(EFI_LDFLAGS) $(EFI_LIB)/crt0-efi-x86_64.o $(BENCH)/exitnow.o -o $(BENCH)/exitnow.so \
		-lefi -lgnuefi
	@$(EFI_OBJCOPY) $(BENCH)/exitnow.so $@

# The model's runs at real size without sanitizers (mklog of the tests is ASan's): their time
# and memory are what a lab's host sees.
$(BENCH)/mklog: tests/report/mklog.c $(LIB_SRC) $(LIB_HDR) $(wildcard tests/unit/*.h) | deps-test
	@mkdir -p $(dir $@)
	@$(HOST_CC) $(BENCH_HOST_CFLAGS) -Itests/unit tests/report/mklog.c $(LIB_SRC) -lcmocka -o $@

bench: deps-run deps-test all host mklog $(BENCH)/host_cost $(BENCH)/exitnow.efi $(BENCH)/mklog
	@BUILD=$(BUILD) scripts/bench.sh

.PHONY: bench
