# teasim's command line, end to end (tests/teasim/cli.sh).
$(RESULTS)/teasim/cli: $(BUILD)/bin/teasim tests/teasim/cli.sh $(BUILD)/programs/hello.elf \
		$(BUILD)/programs/exit-code.elf $(BUILD)/programs/semihost-hello.elf \
		$(BUILD)/programs/semihost-exit.elf FORCE
	@$(RUN_TEST) $@ 120 tests/teasim/cli.sh $(BUILD)/bin/teasim $(BUILD)/programs $(BUILD)/tests/teasim
TEST_RESULTS += $(RESULTS)/teasim/cli

# A CONFIG= switch in the same build tree must relink $(BUILD)/bin/teasim
# (sim/sim.mk): make -q says it is out of date for the other configuration
# and up to date for this one. Read-only: -q runs no recipe.
CONFIG_OTHER := $(if $(filter large,$(CONFIG)),default,large)
$(RESULTS)/teasim/config-switch: $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 60 sh -c '$(MAKE) -q --no-print-directory BUILD=$(BUILD) \
		CONFIG=$(CONFIG_OTHER) $(BUILD)/bin/teasim; rc=$$?; \
		[ $$rc -eq 1 ] || { echo "CONFIG=$(CONFIG_OTHER): make -q exit $$rc, expected 1"; exit 1; }; \
		$(MAKE) -q --no-print-directory BUILD=$(BUILD) CONFIG=$(CONFIG) $(BUILD)/bin/teasim || \
		{ echo "CONFIG=$(CONFIG): make -q exit $$?, expected 0"; exit 1; }; \
		echo "CONFIG=$(CONFIG_OTHER) relinks $(BUILD)/bin/teasim, CONFIG=$(CONFIG) does not"'
TEST_RESULTS += $(RESULTS)/teasim/config-switch
