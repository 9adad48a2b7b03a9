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

# TEA on the directed programs of tests/tea/ (`make test-tea`), one row
# each from their logs: cycles, samples, losses, TEA's error.
.PHONY: bench-tea-directed
bench-tea-directed: test-tea
	@eval/bench/tea-directed.sh $(TEA_PROGRAMS:%=$(RESULTS)/tea/%.log)

# What TEA's hardware costs in the synthesized SoC (eval/bench/tea-area.sh:
# with TEA and without; about two hours).
.PHONY: bench-tea-area
bench-tea-area: $(RTL_SRCS) $(RTL_HDRS) | $(DEPS_STAMP)
	@eval/bench/tea-area.sh $(CONFIG) $(BUILD)/synth

# Linux's boot (`make linux`) to init's /bin/hello and power-off on the ISS
# and co-simulated on the RTL of each config: teasim's line of the run's
# instructions, cycles and speed.
.PHONY: bench-boot
bench-boot: $(BUILD)/bin/teasim $(call rtl_lib,default) $(call rtl_lib,large) $(LINUX_IMAGE)
	@for sim in "" "--rtl --config default" "--rtl --config large"; do \
		printf '%-22s ' "$${sim:-iss}"; \
		$(BUILD)/bin/teasim $$sim -v --kernel $(LINUX_IMAGE) 2>&1 >/dev/null | \
			grep -E '^teasim: [0-9]+ instructions' || exit 1; \
	done

# A task switched out more often than the period, against the golden
# reference (tests/linux/slices.sh, in `make test-long`): its checks' lines.
.PHONY: bench-slices
bench-slices: $(RESULTS)/linux/slices-rtl
	@grep -E '^(ok|FAIL): ' $<.log

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

# The same without functional warming (--cold-windows), on lz at the
# least warm-up: what warming the LLC is worth.
.PHONY: bench-sampled-cold
bench-sampled-cold: $(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(RTL_LIB) $(BUILD)/workloads/lz.elf
	@eval/bench/sampled.sh -o --cold-windows "$(BUILD)/bin/teasim --config $(CONFIG)" $(BUILD)/bin/teaperf \
		500000 10000 10000 $(BUILD)/workloads/lz.elf

# Sampled simulation of a program of 10^9 instructions (interp at
# SCALE=2048), its windows on all the cores: teasim's estimate and the
# wall time it took.
.PHONY: bench-sampled-long
bench-sampled-long: $(BUILD)/bin/teasim $(RTL_LIB) $(BUILD)/workloads/interp-long.elf
	@/usr/bin/time -f "wall time %e s" $(BUILD)/bin/teasim -v --rtl --config $(CONFIG) -j $(NPROC) \
		--sample-every 2000000 \
		--window 10000 --warmup 100000 $(BUILD)/workloads/interp-long.elf 2>&1 >/dev/null | \
		grep -E '^teasim: |^wall time'

# The cost of TEA sampling under Linux (eval/bench/linux-overhead.sh): the
# hash workload as a Linux command on the RTL, without sampling and under
# teaperf record at each period in each mode (25000 cycles is 4 kHz at
# 100 MHz).
# BENCH_LINUX_CORE=iss runs it on the ISS, where each instruction is a
# cycle: the software's instructions alone (10^9 takes no sample).
BENCH_LINUX_CORE ?= rtl
BENCH_LINUX_PERIODS_rtl := 1000000 100000 25000 5000 1000
BENCH_LINUX_PERIODS_iss := 1000000000 $(BENCH_LINUX_PERIODS_rtl)
BENCH_LINUX_SIM_rtl := --rtl --config $(CONFIG)
BENCH_LINUX_SIM_iss :=
.PHONY: bench-linux
bench-linux: $(BUILD)/bin/teasim $(if $(filter rtl,$(BENCH_LINUX_CORE)),$(RTL_LIB)) $(LINUX_IMAGE) \
		$(LINUX_CPIO)
	@eval/bench/linux-overhead.sh $(LINUX_DIR) "$(BUILD)/bin/teasim $(BENCH_LINUX_SIM_$(BENCH_LINUX_CORE))" \
		/bin/hash $(BENCH_LINUX_PERIODS_$(BENCH_LINUX_CORE))
