# `make host`: the workstation tool (tools/efipmu-host.c) linked with the host build of lib/
# (the same sanitized objects the unit tests use).
HOST_TOOL := $(BUILD)/efipmu-host

$(HOST_TOOL): tools/efipmu-host.c $(BUILD)/libefipmu-host.a $(LIB_HDR)
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_CFLAGS) $< $(BUILD)/libefipmu-host.a -o $@

host: $(HOST_TOOL)

.PHONY: host
