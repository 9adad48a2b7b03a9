# Self-checking ISA tests: every tests/isa/<name>.S becomes
# $(BUILD)/isa/<name>.elf and runs on teasim ($(RESULTS)/isa/<name>) and,
# unless listed in ISA_ISS_ONLY, on QEMU's spike machine as a cross-check
# ($(RESULTS)/isa-qemu/<name>). A test passes by writing 1 to tohost and
# fails with exit code = its case number.

ISA_ENV   := tests/isa/env
ISA_SRCS  := $(wildcard tests/isa/*.S)
ISA_NAMES := $(ISA_SRCS:tests/isa/%.S=%)

# Tests that check behaviour QEMU 7.2 does not share; they run on teasim
# only. Each rule they check is in the spec; QEMU differs as noted.
#   priv-misaligned    misaligned loads, stores, LR/SC and AMOs trap (cause
#                      4/6, tval = address); QEMU performs misaligned loads
#                      and stores, fails an SC to another address without
#                      checking it and reports misaligned AMOs as loads (4)
#   sv39-svade         a PTE with A=0, or D=0 on a store, page-faults
#                      (Svade); QEMU sets A and D in hardware instead (and
#                      reports an AMO's fault on an A=0 page as a load's)
#   priv-ebreak        EBREAK writes its pc to xtval (the spec allows 0,
#                      which is what QEMU writes)
#   priv-irq-priority  simultaneous interrupts are taken in the order MEI,
#                      MSI, MTI, SEI, SSI, STI; QEMU without AIA takes the
#                      lowest-numbered one first
#   priv-mprv          an mret or sret to a mode below M clears MPRV (1.12);
#                      QEMU leaves it set
#   priv-time          the time CSR; QEMU's spike machine has none (reads
#                      trap, for M-mode software to emulate)
#   zicsr-writes       CSRRS/CSRRC with rs1 != x0 holding zero still write
#                      (so fault on a read-only CSR), mepc/sepc bit 0 reads
#                      zero, a write to minstret replaces its increment;
#                      QEMU skips the write, keeps bit 0, and counts on
#   priv-triggers      no debug triggers: tdata1 reads 0 ("no trigger");
#                      QEMU implements triggers
#   tea-csr            the TEA CSRs and interrupt bit are this core's own
#   priv-fs-dirty      an instruction that changes only fflags (feq on a
#                      signalling NaN, an inexact fcvt.w.s) makes FS Dirty;
#                      QEMU marks FS Dirty only on f-register and CSR writes
#   priv-access-fault  stores and AMOs where teasim's memory map has no
#                      memory or device, and to its read-only boot ROM,
#                      fault (7); QEMU's spike machine has another map and
#                      ignores stores to its ROM
ISA_ISS_ONLY := priv-misaligned sv39-svade priv-ebreak priv-irq-priority \
		priv-mprv priv-time zicsr-writes priv-triggers tea-csr priv-access-fault priv-fs-dirty

# Tests of F and D: teasim's ISS runs them with --isa rv64imafdc (its
# default is rv64imac), QEMU with F and D; the RTL core has both.
ISA_FP_NAMES  := $(filter rv64uf-% rv64ud-% priv-fs priv-fs-%,$(ISA_NAMES))

ISA_ELFS         := $(ISA_NAMES:%=$(BUILD)/isa/%.elf)
ISA_RESULTS      := $(ISA_NAMES:%=$(RESULTS)/isa/%)
ISA_QEMU_RESULTS := $(addprefix $(RESULTS)/isa-qemu/,$(filter-out $(ISA_ISS_ONLY),$(ISA_NAMES)))

$(BUILD)/isa/%.elf: tests/isa/%.S $(ISA_ENV)/entry.S $(wildcard $(ISA_ENV)/*.h) $(ISA_ENV)/link.ld | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) AS $@
	$(Q)$(RV_CC) $(RV_FLAGS) -nostdlib -nostartfiles -static -I$(ISA_ENV) \
		-T $(ISA_ENV)/link.ld -Wl,--no-warn-rwx-segments \
		-o $@ $(ISA_ENV)/entry.S $<

$(RESULTS)/isa/%: $(BUILD)/isa/%.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 60 $(BUILD)/bin/teasim $(ISA_OF_TEST) --max-insns 5000000 $<

$(RESULTS)/isa-qemu/%: $(BUILD)/isa/%.elf tests/isa/run-qemu.sh FORCE
	@$(RUN_TEST) $@ 60 tests/isa/run-qemu.sh $(ISA_OF_TEST) $< 30

$(ISA_FP_NAMES:%=$(RESULTS)/isa/%) $(ISA_FP_NAMES:%=$(RESULTS)/isa-qemu/%): ISA_OF_TEST := --isa rv64imafdc

TEST_RESULTS += $(ISA_RESULTS) $(ISA_QEMU_RESULTS)

# Just the ISA suites: `make test-isa` (teasim) and `make test-isa-qemu`.
.PHONY: test-isa test-isa-qemu
test-isa: $(ISA_RESULTS)
	@scripts/test-summary.sh $(ISA_RESULTS)
test-isa-qemu: $(ISA_QEMU_RESULTS)
	@scripts/test-summary.sh $(ISA_QEMU_RESULTS)
