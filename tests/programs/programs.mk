# Bare-metal test programs: tests/programs/<name>.c becomes
# $(BUILD)/programs/<name>.elf on the project runtime (driver/baremetal).
# semihost-*.c are built the plain picolibc way instead: picolibc's own crt0,
# all I/O and the exit through RISC-V semihosting, and only the memory layout
# given, so that they load into DRAM.
PROGRAM_NAMES := $(patsubst tests/programs/%.c,%,$(wildcard tests/programs/*.c))
PROGRAM_ELFS  := $(PROGRAM_NAMES:%=$(BUILD)/programs/%.elf)

# The exit code each program is meant to end with, where it is not 0.
PROGRAM_EXIT_exit-code     := 3
PROGRAM_EXIT_semihost-exit := 5

PICOLIBC_DRAM := -Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=2M \
		 -Wl,--defsym=__ram=0x80200000 -Wl,--defsym=__ram_size=2M

$(BUILD)/programs/semihost-%.elf: $(BUILD)/rv/tests/programs/semihost-%.c.o
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_ARCH) --specs=picolibc.specs --oslib=semihost \
		--crt0=semihost $(PICOLIBC_DRAM) -o $@ $<

$(BUILD)/programs/%.elf: $(BUILD)/rv/tests/programs/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

.PHONY: programs
programs: $(PROGRAM_ELFS)

# Program arguments through /chosen/bootargs (tests/programs/args.sh): the
# argv program run with arguments on the ISS and on the RTL.
$(RESULTS)/programs-args/iss: $(BUILD)/programs/argv.elf $(BUILD)/bin/teasim tests/programs/args.sh FORCE
	@$(RUN_TEST) $@ 120 bash tests/programs/args.sh $(BUILD)/bin/teasim $<
$(RESULTS)/programs-args/rtl: $(BUILD)/programs/argv.elf $(BUILD)/bin/teasim $(RTL_LIB) tests/programs/args.sh \
		FORCE
	@$(RUN_TEST) $@ 300 bash tests/programs/args.sh $(BUILD)/bin/teasim $< --rtl --config $(CONFIG)
PROGRAMS_ARGS_RESULTS := $(RESULTS)/programs-args/iss $(RESULTS)/programs-args/rtl
TEST_RESULTS += $(PROGRAMS_ARGS_RESULTS)

.PHONY: test-programs-args
test-programs-args: $(PROGRAMS_ARGS_RESULTS)
	@scripts/test-summary.sh $(PROGRAMS_ARGS_RESULTS)

