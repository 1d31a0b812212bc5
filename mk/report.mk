# SPDX-License-Identifier: BSD-2-Clause-Patent
# The report and db suite (tests/report/suite.sh): mklog runs the reference model on the
# host through the run tests' fake platform and writes the log the report and db read.
REPORT_MKLOG := $(BUILD)/report/mklog

REPORT_MKLOG_DEPS := tests/report/mklog.c $(BUILD)/libefipmu-host.a $(wildcard tests/unit/*.h)
$(REPORT_MKLOG): $(REPORT_MKLOG_DEPS) | deps-test
	@mkdir -p $(dir $@)
	@echo "  LD (host) $@"
	@$(HOST_CC) $(HOST_CFLAGS) -Itests/unit $< $(BUILD)/libefipmu-host.a -lcmocka -o $@

mklog: $(REPORT_MKLOG)

.PHONY: mklog
