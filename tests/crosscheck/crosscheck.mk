# Cross-checks against QEMU: every program in tests/programs runs on
# qemu-system-riscv64 (the oracle) and on teasim. Console output and exit
# code must agree, and QEMU must end with the code the program is meant to
# (PROGRAM_EXIT_<name>, 0 unless set), so that a broken program or QEMU
# cannot pass by failing the same way twice.
include tests/programs/programs.mk

CROSSCHECK := tests/crosscheck/crosscheck.sh

$(RESULTS)/crosscheck/%: $(BUILD)/programs/%.elf $(BUILD)/bin/teasim $(CROSSCHECK) FORCE
	@$(RUN_TEST) $@ 600 $(CROSSCHECK) --exit $(or $(PROGRAM_EXIT_$*),0) \
		--teasim $(BUILD)/bin/teasim $<
TEST_RESULTS += $(PROGRAM_NAMES:%=$(RESULTS)/crosscheck/%)
