# Workloads for the accuracy evaluation (docs/workloads.md): each
# tests/workloads/<name>.c is a self-checking bare-metal program in the
# common shape of real code, its kernel in S or U mode under Sv39 paging
# (driver/baremetal/vm.c). Two sizes from the one knob, -DSCALE=N:
#   $(BUILD)/workloads/<name>.elf        the default size (>= 10M cycles)
#   $(BUILD)/workloads/<name>-small.elf  SCALE=1, a few 100k cycles
# `make test` runs every small one on the ISS ($(RESULTS)/workloads/) and
# on the RTL in co-simulation ($(RESULTS)/workloads-rtl/).

WL_NAMES      := $(patsubst tests/workloads/%.c,%,$(wildcard tests/workloads/*.c))
WL_ELFS       := $(WL_NAMES:%=$(BUILD)/workloads/%.elf)
WL_SMALL_ELFS := $(WL_NAMES:%=$(BUILD)/workloads/%-small.elf)

# Every small workload runs on the RTL too, unless named here with the
# reason (a core bug that makes co-simulation diverge).
WL_RTL_SKIP :=
WL_RTL_NAMES := $(filter-out $(WL_RTL_SKIP),$(WL_NAMES))

$(BUILD)/rv/tests/workloads/small/%.c.o: tests/workloads/%.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(BM_CFLAGS) -DSCALE=1 -c $< -o $@

$(BUILD)/workloads/%-small.elf: $(BUILD)/rv/tests/workloads/small/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

$(BUILD)/workloads/%.elf: $(BUILD)/rv/tests/workloads/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

$(RESULTS)/workloads/%: $(BUILD)/workloads/%-small.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 120 $(BUILD)/bin/teasim -q --max-insns 5000000 $<

$(RESULTS)/workloads-rtl/%: $(BUILD)/workloads/%-small.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 300 $(BUILD)/bin/teasim --rtl -q --max-insns 5000000 $<

WL_RESULTS := $(WL_NAMES:%=$(RESULTS)/workloads/%) $(WL_RTL_NAMES:%=$(RESULTS)/workloads-rtl/%)
TEST_RESULTS += $(WL_RESULTS)

.PHONY: workloads test-workloads
workloads: $(WL_ELFS) $(WL_SMALL_ELFS)
test-workloads: $(WL_RESULTS)
	@scripts/test-summary.sh $(WL_RESULTS)

# `make eval`: the accuracy evaluation (docs/results.md). For every
# workload one RTL simulation gives the golden reference and TEA, NCI, IBS,
# SPE and RIS sampling the same cycles (tests/workloads/eval-one.sh); the
# table of their errors goes to $(BUILD)/eval/<size>/results.md. The default
# sizes (EVAL_SIZE=default, over ten million cycles each) take hours on one
# core: run with -j. EVAL_SIZE=small runs the SCALE=1 versions in minutes.
EVAL_SIZE ?= default
EVAL_PERIOD_default := 500
EVAL_PERIOD_small := 100
EVAL_PERIOD ?= $(EVAL_PERIOD_$(EVAL_SIZE))
EVAL_DIR := $(BUILD)/eval/$(EVAL_SIZE)
EVAL_SUFFIX := $(if $(filter small,$(EVAL_SIZE)),-small)

$(EVAL_DIR)/%.line: $(BUILD)/workloads/%$(EVAL_SUFFIX).elf $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		tests/workloads/eval-one.sh
	@mkdir -p $(@D)
	$(quiet) EVAL $*
	$(Q)tests/workloads/eval-one.sh $(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(EVAL_PERIOD) \
		$(EVAL_DIR) $< >$@.tmp && mv $@.tmp $@

.PHONY: eval
eval: $(WL_NAMES:%=$(EVAL_DIR)/%.line)
	@tests/workloads/eval-table.sh $(CONFIG) $(EVAL_PERIOD) $^ | tee $(EVAL_DIR)/results.md

# The small version of `make eval` in `make test`: one workload, and TEA
# must be the most accurate scheme at both levels, within 5% of the golden
# reference per function.
EVAL_TEST_WORKLOAD := sort
$(RESULTS)/eval/$(EVAL_TEST_WORKLOAD): $(BUILD)/workloads/$(EVAL_TEST_WORKLOAD)-small.elf \
		$(BUILD)/bin/teasim $(BUILD)/bin/teaperf tests/workloads/eval-one.sh FORCE
	@$(RUN_TEST) $@ 300 sh -c 'tests/workloads/eval-one.sh $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		$(EVAL_PERIOD_small) $(BUILD)/tests/eval $< | tee /dev/stderr | awk "{ \
		ok = \$$5 < \$$6 && \$$5 < \$$7 && \$$5 < \$$8 && \$$5 < \$$9 && \
		     \$$10 < \$$11 && \$$10 < \$$12 && \$$10 < \$$13 && \$$10 < \$$14 && \$$10 < 5; \
		print ok ? \"TEA is the most accurate\" : \"FAIL: TEA is not the most accurate\"; \
		exit !ok }"'
TEST_RESULTS += $(RESULTS)/eval/$(EVAL_TEST_WORKLOAD)
