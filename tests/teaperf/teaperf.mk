# teaperf end-to-end: compiles tests/teaperf/prog.c for RISC-V, writes
# sample and profile files for it with 'teaperf synth', and checks what
# every subcommand prints (tests/teaperf/e2e.sh).
$(RESULTS)/teaperf/e2e: $(BUILD)/bin/teaperf tests/teaperf/e2e.sh tests/teaperf/checks.sh tests/teaperf/prog.c FORCE
	@$(RUN_TEST) $@ 120 bash tests/teaperf/e2e.sh $(BUILD)/bin/teaperf $(BUILD)/tests/teaperf
TEST_RESULTS += $(RESULTS)/teaperf/e2e

# Call graphs: samples with call chains, written with 'teaperf synth' for
# tests/teaperf/prog.c, read by report --children and flame (folded and
# SVG; tests/teaperf/callgraph.sh).
$(RESULTS)/teaperf/callgraph: $(BUILD)/bin/teaperf tests/teaperf/callgraph.sh tests/teaperf/checks.sh \
		tests/teaperf/prog.c FORCE
	@$(RUN_TEST) $@ 120 bash tests/teaperf/callgraph.sh $(BUILD)/bin/teaperf $(BUILD)/tests/teaperf-callgraph
TEST_RESULTS += $(RESULTS)/teaperf/callgraph

# teaperf on Linux recordings: map records, --symfs, --vmlinux, --dsos and
# compare --dsos against a whole-system reference (tests/teaperf/linux.sh,
# with tests/teaperf/kernel.c standing in for a kernel).
$(RESULTS)/teaperf/linux: $(BUILD)/bin/teaperf tests/teaperf/linux.sh tests/teaperf/checks.sh \
		tests/teaperf/prog.c tests/teaperf/kernel.c FORCE
	@$(RUN_TEST) $@ 120 bash tests/teaperf/linux.sh $(BUILD)/bin/teaperf $(BUILD)/tests/teaperf-linux
TEST_RESULTS += $(RESULTS)/teaperf/linux

# teaperf on perf.data files of Linux's perf (tests/teaperf/perf-data.sh):
# recordings written by tests/teaperf/perf-data-gen.c, a host program the
# script builds, and one a target made (loop-target.data).
$(RESULTS)/teaperf/perf-data: $(BUILD)/bin/teaperf tests/teaperf/perf-data.sh tests/teaperf/checks.sh \
		tests/teaperf/perf-data-gen.c tests/teaperf/perf_data_build.h tests/teaperf/prog.c \
		tests/teaperf/kernel.c tests/teaperf/loop-target.data FORCE
	@$(RUN_TEST) $@ 120 bash tests/teaperf/perf-data.sh $(BUILD)/bin/teaperf $(BUILD)/tests/teaperf-perf-data
TEST_RESULTS += $(RESULTS)/teaperf/perf-data

# What teaperf opens for the paths its input files name: inside --symfs
# only, regular files only, a FIFO never hanging it (tests/teaperf/symfs.sh).
$(RESULTS)/teaperf/symfs: $(BUILD)/bin/teaperf tests/teaperf/symfs.sh tests/teaperf/checks.sh \
		tests/teaperf/prog.c FORCE
	@$(RUN_TEST) $@ 300 bash tests/teaperf/symfs.sh $(BUILD)/bin/teaperf $(BUILD)/tests/teaperf-symfs
TEST_RESULTS += $(RESULTS)/teaperf/symfs

# The HTML report of 'teaperf plot' rendered by headless Chromium: the chart
# is drawn and the table sorts (tests/teaperf/render.sh; SKIP, saying why,
# only when chromium is not installed).
$(RESULTS)/teaperf/render: $(BUILD)/bin/teaperf tests/teaperf/render.sh tests/teaperf/png_stats.py FORCE
	@$(RUN_TEST) $@ 300 bash tests/teaperf/render.sh $(BUILD)/bin/teaperf $(BUILD)/tests/teaperf-render
TEST_RESULTS += $(RESULTS)/teaperf/render

# 'teaperf record --sim': a program sampled on the RTL core by teasim, the
# default configuration (tests/teaperf/record.sh; it runs the argv program
# beside hello.elf).
$(RESULTS)/teaperf/record: $(BUILD)/bin/teaperf $(BUILD)/bin/teasim $(call rtl_lib,default) \
		$(BUILD)/programs/hello.elf $(BUILD)/programs/argv.elf $(BUILD)/tea-tests/chase.elf \
		tests/teaperf/record.sh FORCE
	@$(RUN_TEST) $@ 300 bash tests/teaperf/record.sh $(BUILD)/bin/teaperf $(BUILD)/bin/teasim \
		$(BUILD)/programs/hello.elf $(BUILD)/tea-tests/chase.elf $(BUILD)/tests/teaperf-record
TEST_RESULTS += $(RESULTS)/teaperf/record
