# teasim's command line, end to end (tests/teasim/cli.sh).
$(RESULTS)/teasim/cli: $(BUILD)/bin/teasim tests/teasim/cli.sh $(BUILD)/programs/hello.elf \
		$(BUILD)/programs/exit-code.elf $(BUILD)/programs/semihost-hello.elf \
		$(BUILD)/programs/semihost-exit.elf FORCE
	@$(RUN_TEST) $@ 120 tests/teasim/cli.sh $(BUILD)/bin/teasim $(BUILD)/programs $(BUILD)/tests/teasim
TEST_RESULTS += $(RESULTS)/teasim/cli
