# The programs on the RTL core: every ISA test and every bare-metal
# program runs on `teasim --rtl`, each
# committed instruction checked against the reference ISS in lockstep
# (docs/cosim.md). A test passes when the program
# ends with its expected exit code and co-simulation never diverged.
# Semihosting programs are among them: the core halts on their EBREAK and
# teasim serves the call through the SoC's host port.
#
# `make test` runs them on the default config ($(RESULTS)/isa-rtl/,
# programs-rtl/); `make test-long` runs the same set on the large config
# ($(RESULTS)/rtl-sim-large/isa/, programs/), whose model takes minutes to
# build and so stays out of `make test`.

RTL_PROGRAM_NAMES := $(PROGRAM_NAMES)

# $(call rtl_sim_results,ISA_DIR,PROGRAMS_DIR): the result files of the set.
rtl_sim_results = $(ISA_NAMES:%=$(1)/%) $(RTL_PROGRAM_NAMES:%=$(2)/%)

# $(call rtl_sim_rules,ISA_DIR,PROGRAMS_DIR,CONFIG)
define rtl_sim_rules
$(1)/%: $$(BUILD)/isa/%.elf $$(BUILD)/bin/teasim $$(call rtl_lib,$(3)) FORCE
	@$$(RUN_TEST) $$@ 300 $$(BUILD)/bin/teasim --rtl --config $(3) -q --max-insns 5000000 $$<

$(2)/%: $$(BUILD)/programs/%.elf $$(BUILD)/bin/teasim $$(call rtl_lib,$(3)) FORCE
	@$$(RUN_TEST) $$@ 600 sh -c '$$(BUILD)/bin/teasim --rtl --config $(3) -q --max-insns 20000000 $$< >/dev/null; \
		rc=$$$$?; [ $$$$rc -eq $$(or $$(PROGRAM_EXIT_$$*),0) ] || { echo "exit code $$$$rc"; exit 1; }'
endef

RTL_SIM_RESULTS := $(call rtl_sim_results,$(RESULTS)/isa-rtl,$(RESULTS)/programs-rtl)
RTL_SIM_LARGE_RESULTS := $(call rtl_sim_results,$(RESULTS)/rtl-sim-large/isa,$(RESULTS)/rtl-sim-large/programs)

$(eval $(call rtl_sim_rules,$(RESULTS)/isa-rtl,$(RESULTS)/programs-rtl,$(CONFIG)))
$(eval $(call rtl_sim_rules,$(RESULTS)/rtl-sim-large/isa,$(RESULTS)/rtl-sim-large/programs,large))

TEST_RESULTS += $(RTL_SIM_RESULTS)
TEST_LONG_RESULTS += $(RTL_SIM_LARGE_RESULTS)

.PHONY: test-rtl-sim test-rtl-sim-large
test-rtl-sim: $(RTL_SIM_RESULTS)
	@scripts/test-summary.sh $(RTL_SIM_RESULTS)

test-rtl-sim-large: $(RTL_SIM_LARGE_RESULTS)
	@scripts/test-summary.sh $(RTL_SIM_LARGE_RESULTS)
