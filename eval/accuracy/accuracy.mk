# `make eval`: the accuracy evaluation (docs/results.md). For every
# workload one RTL simulation gives the golden reference and TEA, NCI, IBS,
# SPE and RIS sampling the same cycles, at the main period and the sweep's
# (eval/accuracy/eval-one.sh); the tables go to
# $(BUILD)/eval/<config>/<size>/results.md (eval-table.sh), the figures beside it
# (eval-plot.sh). The default sizes (EVAL_SIZE=default, over ten million
# cycles each) take about an hour on two cores: run with -j. EVAL_SIZE=small
# runs the SCALE=1 versions in a minute. EVAL_OUT=DIR puts the results in
# DIR instead. With SCHED=slurm the workloads' runs go to Slurm as one
# array job (scripts/sched.sh) before the tables are made.
EVAL_SIZE ?= default
EVAL_PERIOD_default := 500
EVAL_PERIOD_small := 100
EVAL_SWEEP_default := 1000,2000,4000,8000,16000
EVAL_SWEEP_small := 200,400,800,1600
EVAL_PERIOD ?= $(EVAL_PERIOD_$(EVAL_SIZE))
EVAL_SWEEP ?= $(EVAL_SWEEP_$(EVAL_SIZE))
EVAL_DIR := $(or $(EVAL_OUT),$(BUILD)/eval/$(CONFIG)/$(EVAL_SIZE))
SCHED ?= local
EVAL_SUFFIX := $(if $(filter small,$(EVAL_SIZE)),-small)
EVAL_SCRIPTS := eval/accuracy/eval-one.sh eval/accuracy/eval-table.sh eval/accuracy/eval-plot.sh

$(EVAL_DIR)/%.line: $(BUILD)/workloads/%$(EVAL_SUFFIX).elf $(BUILD)/bin/teasim $(RTL_LIB) \
		$(BUILD)/bin/teaperf eval/accuracy/eval-one.sh
	@mkdir -p $(@D)
	$(quiet) EVAL $*
	$(Q)scripts/sched.sh $(SCHED) add $(EVAL_DIR)/queue $@ eval/accuracy/eval-one.sh \
		"$(BUILD)/bin/teasim --config $(CONFIG)" $(BUILD)/bin/teaperf $(EVAL_PERIOD) "$(EVAL_SWEEP)" \
		$(EVAL_DIR) $<

.PHONY: eval
eval: $(WL_NAMES:%=$(EVAL_DIR)/%.line) $(EVAL_SCRIPTS)
	@scripts/sched.sh $(SCHED) run $(EVAL_DIR)/queue
	@eval/accuracy/eval-table.sh $(CONFIG) $(EVAL_PERIOD) $(EVAL_DIR) $(WL_NAMES) | \
		tee $(EVAL_DIR)/results.md
	@eval/accuracy/eval-plot.sh $(BUILD)/bin/teaperf $(EVAL_DIR) $(WL_NAMES)
	@echo "tables: $(EVAL_DIR)/results.md; figures: $(EVAL_DIR)/fig5-error.svg," \
		"$(EVAL_DIR)/fig7-events.svg, $(EVAL_DIR)/fig8-period.svg"
