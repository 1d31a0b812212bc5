# `make host`: the workstation tool (tools/efipmu-host.c and the commands of their own files)
# with lib/, built plain (-O2, no sanitizers: what a user runs). The tests run the same
# sources built with ASan + UBSan from the unit tests' objects ($(HOST_TOOL_SAN)).
# db (tools/db.c) uses the system's SQLite (libsqlite3-dev).
HOST_TOOL := $(BUILD)/efipmu-host
HOST_TOOL_SAN := $(BUILD)/efipmu-host-san
HOST_TOOL_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -Ilib
HOST_TOOL_SRC := tools/efipmu-host.c tools/report.c tools/db.c tools/sha256.c
HOST_TOOL_HDR := tools/hostlog.h tools/sha256.h
HOST_TOOL_LIBS := -lsqlite3

$(HOST_TOOL): $(HOST_TOOL_SRC) $(HOST_TOOL_HDR) $(LIB_SRC) $(LIB_HDR) | deps-test
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_TOOL_CFLAGS) $(HOST_TOOL_SRC) $(LIB_SRC) $(HOST_TOOL_LIBS) -o $@

$(HOST_TOOL_SAN): $(HOST_TOOL_SRC) $(HOST_TOOL_HDR) $(BUILD)/libefipmu-host.a $(LIB_HDR) | deps-test
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_CFLAGS) $(HOST_TOOL_SRC) $(BUILD)/libefipmu-host.a $(HOST_TOOL_LIBS) -o $@

host: $(HOST_TOOL)
host-san: $(HOST_TOOL_SAN)

.PHONY: host host-san
