# The test runner (scripts/run-test.sh, scripts/test-summary.sh) on
# commands that pass, skip, fail and time out (tests/scripts/runner.sh).
$(RESULTS)/scripts/runner: tests/scripts/runner.sh scripts/run-test.sh scripts/test-summary.sh FORCE
	@$(RUN_TEST) $@ 60 bash tests/scripts/runner.sh $(BUILD)/tests/scripts-runner
TEST_RESULTS += $(RESULTS)/scripts/runner
