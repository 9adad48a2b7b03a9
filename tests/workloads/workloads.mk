# Workloads for the accuracy evaluation (docs/workloads.md): each
# tests/workloads/<name>.c is a self-checking bare-metal program in the
# common shape of real code, its kernel in S or U mode under Sv39 paging
# (driver/baremetal/vm.c). Three sizes from the one knob, -DSCALE=N:
#   $(BUILD)/workloads/<name>.elf        the default size (>= 10M cycles)
#   $(BUILD)/workloads/<name>-demo.elf   SCALE=8, `make demo`'s (hash: 9M
#                                        cycles, under a minute on the RTL)
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

# $(call wl_size_rules,SIZE,SCALE): $(BUILD)/workloads/<name>-SIZE.elf
define wl_size_rules
$$(BUILD)/rv/tests/workloads/$(1)/%.c.o: tests/workloads/%.c | $$(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) CC $$@
	$$(Q)$$(RV_CC) $$(BM_CFLAGS) -DSCALE=$(2) -c $$< -o $$@

$$(BUILD)/workloads/%-$(1).elf: $$(BUILD)/rv/tests/workloads/$(1)/%.c.o $$(BM_LIB) $$(BM_LDSCRIPT)
	@mkdir -p $$(@D)
	$$(quiet) LD $$@
	$$(Q)$$(RV_CC) $$(BM_LDFLAGS) -o $$@ $$< $$(BM_LDLIBS)
endef
$(eval $(call wl_size_rules,small,1))
$(eval $(call wl_size_rules,demo,8))

$(BUILD)/workloads/%.elf: $(BUILD)/rv/tests/workloads/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

# The workloads as Linux commands in the Linux image's tea.cpio
# (driver/linux/linux.mk): /bin/NAME, the default size, built with
# -DWL_LINUX on picolibc.
LINUX_WL_BINS := $(WL_NAMES:%=$(LINUX_ROOTFS)/bin/%)
$(LINUX_CPIO): $(LINUX_WL_BINS) tests/workloads/workloads.mk

$(WL_NAMES:%=$(LINUX_ROOTFS)/bin/%): $(LINUX_ROOTFS)/bin/%: tests/workloads/%.c \
		tests/workloads/workload.h $(LINUX_PICOLIBC) $(LINUX_USER_LD)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(LINUX_PICOLIBC_CFLAGS) -DWL_LINUX $(LINUX_PICOLIBC_LDFLAGS) \
		-o $@ $(LINUX_PICOLIBC) $<

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
# SPE and RIS sampling the same cycles, at the main period and the sweep's
# (tests/workloads/eval-one.sh); the tables go to
# $(BUILD)/eval/<config>/<size>/results.md (eval-table.sh), the figures beside it
# (eval-plot.sh). The default sizes (EVAL_SIZE=default, over ten million
# cycles each) take about an hour on two cores: run with -j. EVAL_SIZE=small
# runs the SCALE=1 versions in a minute.
EVAL_SIZE ?= default
EVAL_PERIOD_default := 500
EVAL_PERIOD_small := 100
EVAL_SWEEP_default := 1000,2000,4000,8000,16000
EVAL_SWEEP_small := 200,400,800,1600
EVAL_PERIOD ?= $(EVAL_PERIOD_$(EVAL_SIZE))
EVAL_SWEEP ?= $(EVAL_SWEEP_$(EVAL_SIZE))
EVAL_DIR := $(BUILD)/eval/$(CONFIG)/$(EVAL_SIZE)
EVAL_SUFFIX := $(if $(filter small,$(EVAL_SIZE)),-small)
EVAL_SCRIPTS := tests/workloads/eval-one.sh tests/workloads/eval-table.sh tests/workloads/eval-plot.sh

$(EVAL_DIR)/%.line: $(BUILD)/workloads/%$(EVAL_SUFFIX).elf $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		tests/workloads/eval-one.sh
	@mkdir -p $(@D)
	$(quiet) EVAL $*
	$(Q)tests/workloads/eval-one.sh $(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(EVAL_PERIOD) \
		"$(EVAL_SWEEP)" $(EVAL_DIR) $< >$@.tmp && mv $@.tmp $@

.PHONY: eval
eval: $(WL_NAMES:%=$(EVAL_DIR)/%.line) $(EVAL_SCRIPTS)
	@tests/workloads/eval-table.sh $(CONFIG) $(EVAL_PERIOD) $(EVAL_DIR) $(WL_NAMES) | \
		tee $(EVAL_DIR)/results.md
	@tests/workloads/eval-plot.sh $(EVAL_DIR) $(WL_NAMES)
	@echo "tables: $(EVAL_DIR)/results.md; figures: $(EVAL_DIR)/fig5-error.svg," \
		"$(EVAL_DIR)/fig7-events.svg, $(EVAL_DIR)/fig8-period.svg"

# The small version of `make eval` in `make test`: one workload through
# the whole pipeline (tests/workloads/eval-test.sh); TEA must be the most
# accurate scheme at both levels, within 5% of the golden reference per
# function.
EVAL_TEST_WORKLOAD := sort
$(RESULTS)/eval/$(EVAL_TEST_WORKLOAD): $(BUILD)/workloads/$(EVAL_TEST_WORKLOAD)-small.elf \
		$(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(EVAL_SCRIPTS) tests/workloads/eval-test.sh FORCE
	@$(RUN_TEST) $@ 300 tests/workloads/eval-test.sh $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		$(EVAL_PERIOD_small) $(EVAL_SWEEP_small) $(BUILD)/tests/eval $<
TEST_RESULTS += $(RESULTS)/eval/$(EVAL_TEST_WORKLOAD)

# `make demo` itself, at its size (tests/workloads/demo-test.sh).
$(RESULTS)/workloads/demo: $(BINS) $(DEMO_PROGRAM) tests/workloads/demo-test.sh FORCE
	@$(RUN_TEST) $@ 300 tests/workloads/demo-test.sh $(MAKE) $(BUILD)
TEST_RESULTS += $(RESULTS)/workloads/demo
