# SPDX-License-Identifier: BSD-2-Clause-Patent
# `make host`: the workstation tool (tools/host/: main.c's table of subcommands, one file each)
# with lib/, built plain (-O2, no sanitizers: what a user runs). The tests run the same sources
# built with ASan + UBSan against the unit tests' objects ($(HOST_TOOL_SAN)).
# db (tools/host/db.c) uses the system's SQLite (libsqlite3-dev) and libpq (libpq-dev, its header
# in Debian's /usr/include/postgresql) for a store on a PostgreSQL server (scripts/deps.sh test).
HOST_TOOL := $(BUILD)/efipmu-host
HOST_TOOL_SAN := $(BUILD)/efipmu-host-san
HOST_TOOL_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -Ilib
HOST_TOOL_SRC := $(sort $(wildcard tools/host/*.c))
HOST_TOOL_LIBS := -lsqlite3 -lpq
PG_INC := -I/usr/include/postgresql
HOST_TOOL_OBJ := $(patsubst %.c,$(BUILD)/host-obj/%.o,$(HOST_TOOL_SRC))
HOST_TOOL_PLAIN_OBJ := $(patsubst %.c,$(BUILD)/tool-obj/%.o,$(HOST_TOOL_SRC) $(LIB_SRC))
DEP_TARGETS += $(HOST_TOOL_OBJ) $(HOST_TOOL_PLAIN_OBJ)

$(BUILD)/tool-obj/tools/host/store_pg.o: HOST_TOOL_CFLAGS += $(PG_INC)
$(BUILD)/host-obj/tools/host/store_pg.o: HOST_CFLAGS += $(PG_INC)
$(BUILD)/tool-obj/%.o: %.c | deps-test
	@mkdir -p $(dir $@)
	@echo "  CC (tool) $<"
	@$(HOST_CC) $(HOST_TOOL_CFLAGS) $(DEP_FLAGS) -c $< -o $@

$(HOST_TOOL): $(HOST_TOOL_PLAIN_OBJ)
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_TOOL_CFLAGS) $(HOST_TOOL_PLAIN_OBJ) $(HOST_TOOL_LIBS) -o $@

$(HOST_TOOL_SAN): $(HOST_TOOL_OBJ) $(BUILD)/libefipmu-host.a
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_CFLAGS) $(HOST_TOOL_OBJ) $(BUILD)/libefipmu-host.a $(HOST_TOOL_LIBS) -o $@

host: $(HOST_TOOL)
host-san: $(HOST_TOOL_SAN)

.PHONY: host host-san
