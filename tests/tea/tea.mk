# Directed TEA tests: tests/tea/<name>.c are bare-metal programs whose
# bottleneck is known. Each runs on the RTL core (co-simulated) with TEA
# sampling through the trace port and the golden reference; tests/tea/check.c
# then asserts that TEA's profile matches the golden one within sampling
# error and that each event lands on the instruction that causes it.
# tests/tea/irq-*.c sample themselves instead, through the interrupt and
# the bare-metal runtime (teasim --tea-source program).

# buf-sampling is irq-sampling.c in buffer mode: the sampler writes the log.
TEA_PROGRAMS := $(patsubst tests/tea/%.c,%,$(filter-out tests/tea/check.c,$(wildcard tests/tea/*.c))) \
	buf-sampling
TEA_IRQ_NAMES := $(filter irq-% buf-%,$(TEA_PROGRAMS))
TEA_TEST_RESULTS := $(TEA_PROGRAMS:%=$(RESULTS)/tea/%)
TEA_CHECK := $(BUILD)/tests/tea/check

# What each program must show (tests/tea/check.c describes the checks).
TEA_CHECKS_chase       := --blame tea_chase_load=ST-L1 --blame tea_chase_load=ST-LLC \
			  --share ST-L1=50 --max-error 10
TEA_CHECKS_branch      := --blame tea_branch=FL-MB --share FL-MB=8 --max-error 10
# Base is checked in run() alone: the whole run also holds the start-up,
# whose .bss clear misses in every line and drains one store miss at a
# time; the faster the core runs the loop, the larger that share (the
# large config: 10% of the run).
TEA_CHECKS_compute     := --spread 8=4 --max-error 10 --only run --share Base=95
# Every CSR instruction of the handler flushes the pipeline too (FL-EX), so
# the ECALL is one of several FL-EX instructions, not the heaviest.
TEA_CHECKS_trap        := --stack tea_ecall=FL-EX=90 --share FL-EX=15 --max-error 10
TEA_CHECKS_order       := --blame tea_order_load=FL-MO --share FL-MO=2 --max-error 10
TEA_CHECKS_store-burst := --blame tea_store=DR-SQ --share DR-SQ=15 --max-error 10
# the walk's loads of big miss the L1: 26% of its cycles on the default
# config, 19% on the large one
TEA_CHECKS_data        := --only walk --share ST-L1=10 --max-error 10
# 16384 distinct instructions and about 2000 samples: too few per
# instruction for the instruction-level error to mean much.
TEA_CHECKS_icache      := --share DR-L1=30
TEA_CHECKS_tlb         := --blame tea_tlb_load=ST-TLB --blame tea_code_pages=DR-TLB \
			  --share ST-TLB=20 --share DR-TLB=10 --max-error 10
# Every division and square root carries ST-DIV; the multiplications and
# additions beside them never do.
TEA_DIV_LABELS         := tea_div tea_divu tea_rem tea_remu tea_divw tea_divuw tea_remw \
			  tea_remuw tea_fdiv_d tea_fsqrt_d tea_fdiv_s tea_fsqrt_s
TEA_CHECKS_div         := --share ST-DIV=50 --max-error 10 \
			  $(TEA_DIV_LABELS:%=--stack %=ST-DIV=100) \
			  $(addprefix --without ,$(addsuffix =ST-DIV,tea_mul tea_add tea_fmul_d tea_fcvt))
# sampled between bm_tea_start and bm_tea_stop only: compared there
TEA_CHECKS_irq-sampling := --only loads,branches,alu --max-error 10 \
			  --blame loads=ST-L1 --share ST-L1=20
TEA_CHECKS_buf-sampling := $(TEA_CHECKS_irq-sampling)
# The golden reference's stage view (teasim --stages) of the same runs: the
# stage where each program's bottleneck shows, on the instruction it holds.
# (the chase fills the default config's ROB, the large config's integer
# issue queue first)
TEA_CHECKS_chase       += --stage issue --share Not-ready=50 --stage dispatch \
			  --share ROB-full,IQ-full=50
TEA_CHECKS_branch      += --stage dispatch --blame tea_branch=Flush --share Flush=15
TEA_CHECKS_store-burst += --stage dispatch --blame tea_store=SQ-full --share SQ-full=50
TEA_CHECKS_icache      += --stage dispatch --share FE-empty=30
# The FLOPS view: each loop's limit on the FMA unit's slots (tests/tea/flops.c)
TEA_CHECKS_flops       := --stage flops --only fma_stream --share Base=60 \
			  --stage flops --only fma_chain --share FP-dep=50 \
			  --stage flops --only div_chain --share Div-dep=50 \
			  --stage flops --only load_stream --share Mem-dep=50
$(BUILD)/rv/tests/tea/flops.c.o: BM_CFLAGS += $(WL_FP_CFLAGS)
TEA_PERIOD := 97

$(BUILD)/rv/tests/tea/buf-sampling.c.o: tests/tea/irq-sampling.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(BM_CFLAGS) -DTEA_BUFFER=1 -c $< -o $@

# div.c has FP instructions: F and D with the integer calling convention,
# as the FP workloads (eval/workloads/workloads.mk)
$(BUILD)/rv/tests/tea/div.c.o: BM_CFLAGS += $(WL_FP_CFLAGS)

$(BUILD)/tea-tests/%.elf: $(BUILD)/rv/tests/tea/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

$(TEA_CHECK): $(BUILD)/obj/tests/tea/check.o $(PICS_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS)

# $(call tea_test_rules,RESULTS_DIR,CONFIG): the tests on the RTL of one
# configuration, their files in RESULTS_DIR too.
define tea_test_rules
$(1)/%: $$(BUILD)/tea-tests/%.elf $$(BUILD)/bin/teasim $$(call rtl_lib,$(2)) $$(TEA_CHECK) FORCE
	@mkdir -p $(1)
	@$$(RUN_TEST) $$@ 600 sh -c '$$(BUILD)/bin/teasim --rtl --config $(2) -q --tea-samples $(1)/$$*.tea \
		--tea-period $$(TEA_PERIOD) --tea-jitter 4 --golden $(1)/$$*.prof --stages $$< && \
		$$(TEA_CHECK) --golden $(1)/$$*.prof --samples $(1)/$$*.tea --elf $$< $$(TEA_CHECKS_$$*)'

$$(TEA_IRQ_NAMES:%=$(1)/%): $(1)/%: $$(BUILD)/tea-tests/%.elf $$(BUILD)/bin/teasim $$(call rtl_lib,$(2)) \
		$$(TEA_CHECK) FORCE
	@mkdir -p $(1)
	@$$(RUN_TEST) $$@ 600 sh -c '$$(BUILD)/bin/teasim --rtl --config $(2) -q --tea-source program \
		--tea-samples $(1)/$$*.tea --golden $(1)/$$*.prof $$< && \
		$$(TEA_CHECK) --golden $(1)/$$*.prof --samples $(1)/$$*.tea --elf $$< $$(TEA_CHECKS_$$*)'
endef

# `make test` on the default config, `make test-long` on the large one
$(eval $(call tea_test_rules,$(RESULTS)/tea,$(CONFIG)))
$(eval $(call tea_test_rules,$(RESULTS)/tea-large,large))

# The period sweep (teasim --period-sweep) against the RTL sampler's run,
# and the golden reference's stall lengths (tests/tea/period-sweep.sh).
$(RESULTS)/tea/period-sweep: $(BUILD)/tea-tests/chase.elf $(BUILD)/bin/teasim $(RTL_LIB) \
		tests/tea/period-sweep.sh FORCE
	@$(RUN_TEST) $@ 300 tests/tea/period-sweep.sh "$(BUILD)/bin/teasim --config $(CONFIG)" $< \
		$(BUILD)/tests/period-sweep
TEA_TEST_RESULTS += $(RESULTS)/tea/period-sweep

# teaperf report --sort data of data.c's samples (tests/tea/data-report.sh).
$(RESULTS)/tea/data-report: $(RESULTS)/tea/data $(BUILD)/bin/teaperf tests/tea/data-report.sh FORCE
	@$(RUN_TEST) $@ 60 tests/tea/data-report.sh $(BUILD)/bin/teaperf $(RESULTS)/tea/data.tea \
		$(BUILD)/tea-tests/data.elf
TEA_TEST_RESULTS += $(RESULTS)/tea/data-report

TEST_RESULTS += $(TEA_TEST_RESULTS)
TEST_LONG_RESULTS += $(TEA_PROGRAMS:%=$(RESULTS)/tea-large/%)

.PHONY: test-tea
test-tea: $(TEA_TEST_RESULTS)
	@scripts/test-summary.sh $(TEA_TEST_RESULTS)

