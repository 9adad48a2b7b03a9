# The programs on the RTL core: every ISA test and every bare-metal program
# runs on `teasim --rtl`, each committed instruction checked against the
# reference ISS in lockstep (docs/cosim.md). A test passes when the program
# ends with its expected exit code and co-simulation never diverged.
# Semihosting programs are left out: the RTL core has no debug path for the
# semihosting EBREAK.

RTL_PROGRAM_NAMES := $(filter-out semihost-%,$(PROGRAM_NAMES))
RTL_SIM_RESULTS := $(ISA_NAMES:%=$(RESULTS)/isa-rtl/%) \
		   $(RTL_PROGRAM_NAMES:%=$(RESULTS)/programs-rtl/%)

$(RESULTS)/isa-rtl/%: $(BUILD)/isa/%.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 300 $(BUILD)/bin/teasim --rtl -q --max-insns 5000000 $<

$(RESULTS)/programs-rtl/%: $(BUILD)/programs/%.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 600 sh -c '$(BUILD)/bin/teasim --rtl -q --max-insns 20000000 $< >/dev/null; \
		rc=$$?; [ $$rc -eq $(or $(PROGRAM_EXIT_$*),0) ] || { echo "exit code $$rc"; exit 1; }'

TEST_RESULTS += $(RTL_SIM_RESULTS)

.PHONY: test-rtl-sim
test-rtl-sim: $(RTL_SIM_RESULTS)
	@scripts/test-summary.sh $(RTL_SIM_RESULTS)
