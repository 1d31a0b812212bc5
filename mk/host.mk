# `make host`: the workstation tool (tools/efipmu-host.c) with lib/, built plain (-O2, no
# sanitizers: what a user runs). The tests run the same sources built with ASan + UBSan
# from the unit tests' objects ($(HOST_TOOL_SAN)).
HOST_TOOL := $(BUILD)/efipmu-host
HOST_TOOL_SAN := $(BUILD)/efipmu-host-san
HOST_TOOL_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -Ilib

$(HOST_TOOL): tools/efipmu-host.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_TOOL_CFLAGS) $< $(LIB_SRC) -o $@

$(HOST_TOOL_SAN): tools/efipmu-host.c $(BUILD)/libefipmu-host.a $(LIB_HDR)
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_CFLAGS) $< $(BUILD)/libefipmu-host.a -o $@

host: $(HOST_TOOL)
host-san: $(HOST_TOOL_SAN)

.PHONY: host host-san
