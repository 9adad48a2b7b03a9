# F and D on the ISS, checked against QEMU (the oracle) by their output:
# every tests/fp/<name>.c is a plain picolibc program built for
# rv64imafdc/lp64d (picolibc's crt0 turns the FPU on, semihosting prints and
# exits) and runs on qemu-system-riscv64 and on `teasim --isa rv64imafdc`
# through tests/crosscheck/crosscheck.sh.
#   fp-random  every F and D instruction in every rounding mode on operands
#              that lean to the edge cases, hashed per instruction and mode
#   fp-libm    compiled C: libm, printf and strtod of doubles and floats
FP_NAMES := $(patsubst tests/fp/%.c,%,$(wildcard tests/fp/*.c))
FP_FLAGS := -march=rv64imafdc -mabi=lp64d -mcmodel=medany -O2 -Wall -Wextra -Werror
FP_RESULTS := $(FP_NAMES:%=$(RESULTS)/fp/%)

$(BUILD)/fp/%.elf: tests/fp/%.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(FP_FLAGS) --specs=picolibc.specs --oslib=semihost --crt0=semihost \
		$(PICOLIBC_DRAM) -o $@ $< -lm

$(RESULTS)/fp/%: $(BUILD)/fp/%.elf $(BUILD)/bin/teasim $(CROSSCHECK) FORCE
	@$(RUN_TEST) $@ 300 $(CROSSCHECK) --teasim "$(BUILD)/bin/teasim --isa rv64imafdc" $<
TEST_RESULTS += $(FP_RESULTS)

.PHONY: test-fp
test-fp: $(FP_RESULTS)
	@scripts/test-summary.sh $(FP_RESULTS)
