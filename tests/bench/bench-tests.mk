# The scripts of `make bench` (eval/bench/), which is not part of `make
# test`: run on small programs, their rows checked (tests/bench/scripts-test.sh).
BENCH_SCRIPT_INPUTS := $(BUILD)/programs/hello.elf $(BUILD)/bench/tea/irq-sampling-0.elf \
	$(BUILD)/bench/tea/irq-sampling-20000.elf $(BUILD)/bench/tea/buf-sampling-20000.elf

$(RESULTS)/bench-scripts/rows: $(BENCH_SCRIPT_INPUTS) $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		$(RTL_LIB) $(LINUX_IMAGE) $(LINUX_CPIO) tests/bench/scripts-test.sh eval/bench/bench-rtl.sh \
		eval/bench/stages.sh eval/bench/tea-overhead.sh eval/bench/linux-overhead.sh \
		eval/bench/sampled.sh FORCE
	@$(RUN_TEST) $@ 300 tests/bench/scripts-test.sh $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		$(BENCH_SCRIPT_INPUTS) $(LINUX_DIR)
TEST_RESULTS += $(RESULTS)/bench-scripts/rows

# `make results`' page writer on a page of its own (tests/bench/results-test.sh).
$(RESULTS)/bench-scripts/results: eval/results/results.sh tests/bench/results-test.sh FORCE
	@$(RUN_TEST) $@ 60 tests/bench/results-test.sh eval/results/results.sh
TEST_RESULTS += $(RESULTS)/bench-scripts/results
