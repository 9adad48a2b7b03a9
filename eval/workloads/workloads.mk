# The workloads (docs/workloads.md): each eval/workloads/<name>.c is a
# self-checking bare-metal program in the common shape of real code, its
# kernel in S or U mode under Sv39 paging (driver/baremetal/vm.c). Three
# sizes from the one knob, -DSCALE=N:
#   $(BUILD)/workloads/<name>.elf        the default size (>= 10M cycles),
#                                        make eval's
#   $(BUILD)/workloads/<name>-demo.elf   SCALE=8, `make demo`'s (hash: 9M
#                                        cycles, under a minute on the RTL)
#   $(BUILD)/workloads/<name>-small.elf  SCALE=1, a few 100k cycles, the
#                                        tests' (tests/workloads/)
#   $(BUILD)/workloads/<name>-long.elf   SCALE=2048, about 10^9
#                                        instructions, for sampled
#                                        simulation (make bench-sampled)

# The floating-point workloads (F and D) are built with WL_FP_CFLAGS; on
# the ISS they run with --isa rv64imafdc (the RTL core always has F and D).
WL_FP_NAMES   := cgsolve dgemm lbmfp nabflush nbody
WL_NAMES      := $(patsubst eval/workloads/%.c,%,$(wildcard eval/workloads/*.c))
WL_ELFS       := $(WL_NAMES:%=$(BUILD)/workloads/%.elf)
WL_SMALL_ELFS := $(WL_NAMES:%=$(BUILD)/workloads/%-small.elf)

# FP instructions with the integer calling convention (lp64), so that they
# link with the runtime and picolibc as they are; sqrt() as fsqrt.d (no
# errno) and a * b + c as one fmadd.d, as gcc's default -std=gnu* has it.
WL_FP_CFLAGS  := -march=rv64imafdc -misa-spec=2.2 -mabi=lp64 -fno-math-errno \
		 -ffp-contract=fast
# (on the objects only: a target's variables reach its prerequisites)
$(WL_FP_NAMES:%=$(BUILD)/rv/eval/workloads/%.c.o) \
$(WL_FP_NAMES:%=$(BUILD)/rv/eval/workloads/small/%.c.o) \
$(WL_FP_NAMES:%=$(BUILD)/rv/eval/workloads/demo/%.c.o) \
$(WL_FP_NAMES:%=$(BUILD)/rv/eval/workloads/long/%.c.o): BM_CFLAGS += $(WL_FP_CFLAGS)

# $(call wl_size_rules,SIZE,SCALE): $(BUILD)/workloads/<name>-SIZE.elf
define wl_size_rules
$$(BUILD)/rv/eval/workloads/$(1)/%.c.o: eval/workloads/%.c | $$(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) CC $$@
	$$(Q)$$(RV_CC) $$(BM_CFLAGS) -DSCALE=$(2) -c $$< -o $$@

$$(BUILD)/workloads/%-$(1).elf: $$(BUILD)/rv/eval/workloads/$(1)/%.c.o $$(BM_LIB) $$(BM_LDSCRIPT)
	@mkdir -p $$(@D)
	$$(quiet) LD $$@
	$$(Q)$$(RV_CC) $$(BM_LDFLAGS) -o $$@ $$< $$(BM_LDLIBS)
endef
$(eval $(call wl_size_rules,small,1))
$(eval $(call wl_size_rules,demo,8))
$(eval $(call wl_size_rules,long,2048))

$(BUILD)/workloads/%.elf: $(BUILD)/rv/eval/workloads/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

# The workloads as Linux commands in the Linux image's tea.cpio
# (driver/linux/linux.mk): /bin/NAME, the default size, built with
# -DWL_LINUX on picolibc.
LINUX_WL_BINS := $(patsubst %,$(LINUX_ROOTFS)/bin/%,$(filter-out $(WL_FP_NAMES),$(WL_NAMES)))
$(LINUX_CPIO): $(LINUX_WL_BINS) eval/workloads/workloads.mk

$(LINUX_WL_BINS): $(LINUX_ROOTFS)/bin/%: eval/workloads/%.c \
		eval/workloads/workload.h $(LINUX_PICOLIBC) $(LINUX_USER_LD)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(LINUX_PICOLIBC_CFLAGS) -DWL_LINUX $(LINUX_PICOLIBC_LDFLAGS) \
		-o $@ $(LINUX_PICOLIBC) $<

# The FP ones, not in tea.cpio (the kernel runs on RV64IMAC harts too):
# compiled with WL_FP_CFLAGS, linked
# apart with the others' flags, since gcc picks picolibc's libraries from
# -march and has none for rv64imafdc/lp64.
LINUX_WL_FP_BINS := $(WL_FP_NAMES:%=$(LINUX_ROOTFS)/bin/%)

$(BUILD)/rv/eval/workloads/linux/%.c.o: eval/workloads/%.c eval/workloads/workload.h \
		| $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(LINUX_PICOLIBC_CFLAGS) $(WL_FP_CFLAGS) -DWL_LINUX -c $< -o $@

$(LINUX_WL_FP_BINS): $(LINUX_ROOTFS)/bin/%: $(BUILD)/rv/eval/workloads/linux/%.c.o \
		$(LINUX_PICOLIBC) $(LINUX_USER_LD)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(LINUX_PICOLIBC_CFLAGS) $(LINUX_PICOLIBC_LDFLAGS) \
		-o $@ $(LINUX_PICOLIBC) $<

.PHONY: workloads
workloads: $(WL_ELFS) $(WL_SMALL_ELFS)
