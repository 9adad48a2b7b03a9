# The workloads (eval/workloads/) in `make test`: every small one on the
# ISS ($(RESULTS)/workloads/) and on the RTL in co-simulation
# ($(RESULTS)/workloads-rtl/), the accuracy evaluation on one of them, and
# `make demo` itself.

# Every small workload runs on the RTL too, unless named here with the
# reason (a core bug that makes co-simulation diverge).
WL_RTL_SKIP :=
WL_RTL_NAMES := $(filter-out $(WL_RTL_SKIP),$(WL_NAMES))

$(RESULTS)/workloads/%: $(BUILD)/workloads/%-small.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 120 $(BUILD)/bin/teasim $(WL_ISA) -q --max-insns 5000000 $<
$(WL_FP_NAMES:%=$(RESULTS)/workloads/%): WL_ISA := --isa rv64imafdc

$(RESULTS)/workloads-rtl/%: $(BUILD)/workloads/%-small.elf $(BUILD)/bin/teasim $(RTL_LIB) FORCE
	@$(RUN_TEST) $@ 300 $(BUILD)/bin/teasim --rtl --config $(CONFIG) -q --max-insns 5000000 $<

WL_RESULTS := $(WL_NAMES:%=$(RESULTS)/workloads/%) $(WL_RTL_NAMES:%=$(RESULTS)/workloads-rtl/%)
TEST_RESULTS += $(WL_RESULTS)

.PHONY: test-workloads
test-workloads: $(WL_RESULTS)
	@scripts/test-summary.sh $(WL_RESULTS)

# The small version of `make eval` (eval/accuracy/accuracy.mk): one
# workload through the whole pipeline (tests/workloads/eval-test.sh); TEA
# must be the most accurate scheme at both levels, within 5% of the golden
# reference per function.
EVAL_TEST_WORKLOAD := sort
$(RESULTS)/eval/$(EVAL_TEST_WORKLOAD): $(BUILD)/workloads/$(EVAL_TEST_WORKLOAD)-small.elf \
		$(BUILD)/bin/teasim $(RTL_LIB) $(BUILD)/bin/teaperf $(EVAL_SCRIPTS) tests/workloads/eval-test.sh FORCE
	@$(RUN_TEST) $@ 300 tests/workloads/eval-test.sh "$(BUILD)/bin/teasim --config $(CONFIG)" $(BUILD)/bin/teaperf \
		$(EVAL_PERIOD_small) $(EVAL_SWEEP_small) $(BUILD)/tests/eval $<
TEST_RESULTS += $(RESULTS)/eval/$(EVAL_TEST_WORKLOAD)

# `make eval SCHED=slurm` on a Slurm cluster of this machine
# (tests/workloads/slurm-eval.sh, scripts/slurm-local.sh): the small
# evaluation through Slurm equals the local run; in `make test-long`.
$(RESULTS)/eval/slurm: $(WL_NAMES:%=$(BUILD)/workloads/%-small.elf) $(BUILD)/bin/teasim $(RTL_LIB) \
		$(BUILD)/bin/teaperf $(EVAL_SCRIPTS) scripts/sched.sh scripts/slurm-local.sh \
		tests/workloads/slurm-eval.sh FORCE
	@$(RUN_TEST) $@ 3600 tests/workloads/slurm-eval.sh $(MAKE)
TEST_LONG_RESULTS += $(RESULTS)/eval/slurm

# `make demo` itself, at its size (tests/workloads/demo-test.sh).
$(RESULTS)/workloads/demo: $(BINS) $(DEMO_PROGRAM) tests/workloads/demo-test.sh FORCE
	@$(RUN_TEST) $@ 300 tests/workloads/demo-test.sh $(MAKE) $(BUILD)
TEST_RESULTS += $(RESULTS)/workloads/demo
