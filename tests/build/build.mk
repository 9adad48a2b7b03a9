# The build itself (tests/build/first-run.sh): on a fresh machine, nothing
# may use a command the install step provides before that step has run.
$(RESULTS)/build/first-run: tests/build/first-run.sh FORCE | $(DEPS_STAMP)
	@$(RUN_TEST) $@ 1800 tests/build/first-run.sh $(MAKE) $(abspath $(BUILD))/tests/first-run
TEST_RESULTS += $(RESULTS)/build/first-run
