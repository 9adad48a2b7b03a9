# `make bench`: speed figures. Each line names what was measured, the
# number and its unit; docs/results.md records them with this command.

BENCH_PROGRAMS := $(patsubst eval/bench/%.c,$(BUILD)/bench/%.elf,$(wildcard eval/bench/*.c))

$(BUILD)/bench/%.elf: $(BUILD)/rv/eval/bench/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

.PHONY: bench-iss
bench-iss: $(BUILD)/bin/teasim $(BENCH_PROGRAMS)
	@for p in $(BENCH_PROGRAMS); do \
		scripts/bench-teasim.sh $(BUILD)/bin/teasim $$p || exit 1; \
	done

# The core: our own self-checking integer programs (eval/bench/programs/)
# on both configurations under co-simulation, one table of instructions,
# cycles, IPC and simulated kHz. BENCH_RUNS=3 takes the best speed of 3.
BENCH_RUNS ?= 1
BENCH_RTL_PROGRAMS := $(patsubst eval/bench/programs/%.c,$(BUILD)/bench/programs/%.elf,\
	$(wildcard eval/bench/programs/*.c))

.PHONY: bench-rtl
bench-rtl: $(BUILD)/bin/teasim $(call rtl_lib,default) $(call rtl_lib,large) $(BENCH_RTL_PROGRAMS)
	@eval/bench/bench-rtl.sh -n $(BENCH_RUNS) -t "$(BUILD)/bin/teasim --config default" \
		-t "$(BUILD)/bin/teasim --config large" $(BENCH_RTL_PROGRAMS)

# Where the cycles go at commit, dispatch and issue: the same programs with
# the golden reference's stage view (eval/bench/stages.sh), one row per
# program, configuration and stage.
.PHONY: bench-stages
bench-stages: $(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(call rtl_lib,default) $(call rtl_lib,large) \
		$(BENCH_RTL_PROGRAMS)
	@eval/bench/stages.sh -p $(BUILD)/bin/teaperf -t "$(BUILD)/bin/teasim --config default" \
		-t "$(BUILD)/bin/teasim --config large" $(BENCH_RTL_PROGRAMS)

# Where the FMA unit's issue slots go: the FLOPS stack of each FP workload
# at SCALE=1 (eval/bench/stages.sh -f), one row per workload and configuration.
.PHONY: bench-flops
bench-flops: $(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(call rtl_lib,default) $(call rtl_lib,large) \
		$(WL_FP_NAMES:%=$(BUILD)/workloads/%-small.elf)
	@eval/bench/stages.sh -f -p $(BUILD)/bin/teaperf -t "$(BUILD)/bin/teasim --config default" \
		-t "$(BUILD)/bin/teasim --config large" $(WL_FP_NAMES:%=$(BUILD)/workloads/%-small.elf)

# The cost of TEA sampling on bare metal: tests/tea/irq-sampling.c on the
# RTL without sampling (period 0), then at each period with an interrupt
# per sample and in buffer mode (buf-sampling).
BENCH_TEA_PERIODS := 20000 5000 1000 250
BENCH_TEA_PROGRAMS := $(BUILD)/bench/tea/irq-sampling-0.elf \
	$(BENCH_TEA_PERIODS:%=$(BUILD)/bench/tea/irq-sampling-%.elf) \
	$(BENCH_TEA_PERIODS:%=$(BUILD)/bench/tea/buf-sampling-%.elf)

$(BUILD)/rv/eval/bench/tea/irq-sampling-%.c.o: tests/tea/irq-sampling.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(BM_CFLAGS) -DTEA_PERIOD=$* -c $< -o $@

$(BUILD)/rv/eval/bench/tea/buf-sampling-%.c.o: tests/tea/irq-sampling.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(BM_CFLAGS) -DTEA_PERIOD=$* -DTEA_BUFFER=1 -c $< -o $@

.PHONY: bench-tea
bench-tea: $(BUILD)/bin/teasim $(RTL_LIB) $(BENCH_TEA_PROGRAMS)
	@eval/bench/tea-overhead.sh "$(BUILD)/bin/teasim --config $(CONFIG)" $(BENCH_TEA_PROGRAMS)

bench: bench-iss bench-rtl bench-stages bench-flops bench-tea bench-linux bench-sampled

# Sampled simulation against full detailed runs (eval/bench/sampled.sh):
# workloads at their default size, a window of 10,000 instructions every
# 500,000, at three warm-ups.
BENCH_SAMPLED_WORKLOADS := lz sort strings interp graph matmul
.PHONY: bench-sampled
bench-sampled: $(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(RTL_LIB) \
		$(BENCH_SAMPLED_WORKLOADS:%=$(BUILD)/workloads/%.elf)
	@eval/bench/sampled.sh "$(BUILD)/bin/teasim --config $(CONFIG)" $(BUILD)/bin/teaperf 500000 10000 \
		"10000 30000 100000" $(BENCH_SAMPLED_WORKLOADS:%=$(BUILD)/workloads/%.elf)

# The cost of TEA sampling under Linux (eval/bench/linux-overhead.sh): the
# hash workload as a Linux command on the RTL, without sampling and under
# teaperf record at each period in each mode (25000 cycles is 4 kHz at
# 100 MHz).
BENCH_LINUX_PERIODS := 1000000 100000 25000 5000 1000
.PHONY: bench-linux
bench-linux: $(BUILD)/bin/teasim $(RTL_LIB) $(LINUX_IMAGE) $(LINUX_CPIO)
	@eval/bench/linux-overhead.sh $(LINUX_DIR) "$(BUILD)/bin/teasim --rtl --config $(CONFIG)" /bin/hash \
		$(BENCH_LINUX_PERIODS)
