# The test suites. Each test writes build/results/<suite>/<name> (PASS, SKIP
# or FAIL: scripts/run-test.sh) and a .log beside it; `make test` runs them
# in parallel and summarises.

CPPFLAGS_tests := -Isim -Ipics -Iperf-tool -Idriver/include
RESULTS  := $(BUILD)/results
RUN_TEST := scripts/run-test.sh
TEST_RESULTS :=
# `make test-long`: the suites too slow for `make test` (the large config's
# RTL co-simulation, random campaigns). A suite's .mk appends its result
# files here, as it does to TEST_RESULTS for `make test`.
TEST_LONG_RESULTS :=
.PHONY: FORCE run-tests run-tests-long

# cmocka unit tests: one binary per tests/unit/test_*.c
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)

$(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(SIM_LIB) $(PICS_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS) $(TEST_LIBS) -lm

$(RESULTS)/unit/%: $(BUILD)/tests/unit/% FORCE
	@$(RUN_TEST) $@ 300 $<
TEST_RESULTS += $(UNIT_BINS:$(BUILD)/tests/unit/%=$(RESULTS)/unit/%)

# Lint is a test too: RTL through Verilator and Yosys.
$(RESULTS)/lint/rtl: $(RTL_SRCS) FORCE | $(DEPS_STAMP)
	@$(RUN_TEST) $@ 600 $(MAKE) --no-print-directory rtl-lint
TEST_RESULTS += $(RESULTS)/lint/rtl

# The benchmark programs' self-checks (eval/bench/programs/) on the
# reference ISS are a quick test.
$(RESULTS)/bench/%: $(BUILD)/bench/programs/%.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 60 $(BUILD)/bin/teasim $<
TEST_RESULTS += $(BENCH_RTL_PROGRAMS:$(BUILD)/bench/programs/%.elf=$(RESULTS)/bench/%)

include tests/bench/bench-tests.mk tests/build/build.mk tests/scripts/scripts-tests.mk tests/isa/isa.mk tests/htif/htif.mk tests/linux/linux-tests.mk tests/boards/boards-tests.mk tests/rtl/rtl-tests.mk tests/crosscheck/crosscheck.mk tests/fp/fp.mk tests/teaperf/teaperf.mk tests/teasim/teasim.mk tests/fuzz/fuzz.mk tests/sanitize/sanitize.mk tests/rtl-sim/rtl-sim.mk tests/tea/tea.mk tests/random/random.mk tests/uarch/uarch.mk tests/workloads/workloads-tests.mk tests/casestudies/casestudies-tests.mk tests/install/install-tests.mk

# `make test` is the command CI runs: build everything, run every suite in
# parallel, print the skips and failures and one "N passed, N failed,
# N skipped" line.
test: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j$(NPROC) run-tests

run-tests: $(TEST_RESULTS)
	@scripts/test-summary.sh $(TEST_RESULTS)

# The same for the long suites; not part of `make test`.
test-long: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j$(NPROC) run-tests-long

run-tests-long: $(TEST_LONG_RESULTS)
	@scripts/test-summary.sh $(TEST_LONG_RESULTS)

# The public riscv-tests suite, from a checkout the user names:
#   make riscv-tests RISCV_TESTS=/path/to/riscv-tests
.PHONY: riscv-tests
riscv-tests: $(BUILD)/bin/teasim
	scripts/run-riscv-tests.sh -t $(BUILD)/bin/teasim -o $(BUILD)/riscv-tests $(RISCV_TESTS)
