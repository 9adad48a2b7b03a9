# Programs built the way outside projects build them (riscv-tests' start-up,
# linker script and HTIF syscall proxy; tests/htif/): they must run on the
# ISS and on the RTL, and the ISA test among them on QEMU's spike machine.
#   htif-write   the host's answers reach the program (syscalls.c's pattern)
#   rv64ui-alu   tests/isa/rv64ui-alu.S linked with link.ld (its one PT_LOAD
#                not marked executable)
HTIF_DIR   := tests/htif
HTIF_NAMES := htif-write rv64ui-alu
HTIF_ELFS  := $(HTIF_NAMES:%=$(BUILD)/htif/%.elf)

$(BUILD)/htif/htif-write.elf: $(HTIF_DIR)/crt.S $(HTIF_DIR)/syscalls.c $(HTIF_DIR)/htif-write.c \
		$(HTIF_DIR)/syscalls.h $(HTIF_DIR)/link.ld | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(RV_FLAGS) -O2 -ffreestanding -nostdlib -nostartfiles -static \
		-T $(HTIF_DIR)/link.ld -o $@ $(filter %.S %.c,$^)

$(BUILD)/htif/rv64ui-alu.elf: tests/isa/rv64ui-alu.S $(ISA_ENV)/entry.S $(wildcard $(ISA_ENV)/*.h) \
		$(HTIF_DIR)/link.ld | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) AS $@
	$(Q)$(RV_CC) $(RV_FLAGS) -nostdlib -nostartfiles -static -I$(ISA_ENV) \
		-T $(HTIF_DIR)/link.ld -o $@ $(ISA_ENV)/entry.S $<

# $(call htif_rules,RESULTS_DIR,TEASIM OPTIONS,RTL LIBRARY)
define htif_rules
$(1)/%: $$(BUILD)/htif/%.elf $$(BUILD)/bin/teasim $(3) $$(HTIF_DIR)/run.sh FORCE
	@$$(RUN_TEST) $$@ 600 $$(HTIF_DIR)/run.sh $$< $$(BUILD)/bin/teasim $(2)
endef
$(eval $(call htif_rules,$(RESULTS)/htif/iss))
$(eval $(call htif_rules,$(RESULTS)/htif/rtl,--rtl --config $(CONFIG),$(RTL_LIB)))
$(eval $(call htif_rules,$(RESULTS)/htif/rtl-large,--rtl --config large,$(call rtl_lib,large)))

$(RESULTS)/htif/qemu/rv64ui-alu: $(BUILD)/htif/rv64ui-alu.elf tests/isa/run-qemu.sh FORCE
	@$(RUN_TEST) $@ 60 tests/isa/run-qemu.sh $< 30

HTIF_RESULTS := $(HTIF_NAMES:%=$(RESULTS)/htif/iss/%) $(HTIF_NAMES:%=$(RESULTS)/htif/rtl/%) \
		$(RESULTS)/htif/qemu/rv64ui-alu
TEST_RESULTS += $(HTIF_RESULTS)
TEST_LONG_RESULTS += $(HTIF_NAMES:%=$(RESULTS)/htif/rtl-large/%)

.PHONY: test-htif
test-htif: $(HTIF_RESULTS)
	@scripts/test-summary.sh $(HTIF_RESULTS)
