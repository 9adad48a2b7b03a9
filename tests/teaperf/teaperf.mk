# teaperf end-to-end: compiles tests/teaperf/prog.c for RISC-V, writes
# sample and profile files for it with 'teaperf synth', and checks what
# every subcommand prints (tests/teaperf/e2e.sh).
$(RESULTS)/teaperf/e2e: $(BUILD)/bin/teaperf tests/teaperf/e2e.sh tests/teaperf/prog.c FORCE
	@$(RUN_TEST) $@ 120 bash tests/teaperf/e2e.sh $(BUILD)/bin/teaperf $(BUILD)/tests/teaperf
TEST_RESULTS += $(RESULTS)/teaperf/e2e
