# The manual pages: groff-clean, one per command teaperf --help lists, each
# naming the command's options (tests/install/man.sh).
$(RESULTS)/install/man: $(BUILD)/bin/teaperf $(BUILD)/bin/teasim tests/install/man.sh \
		$(wildcard docs/man/*) FORCE
	@$(RUN_TEST) $@ 60 bash tests/install/man.sh $(BUILD)/bin/teaperf $(BUILD)/bin/teasim
TEST_RESULTS += $(RESULTS)/install/man
