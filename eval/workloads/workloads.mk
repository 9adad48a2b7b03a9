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

WL_NAMES      := $(patsubst eval/workloads/%.c,%,$(wildcard eval/workloads/*.c))
WL_ELFS       := $(WL_NAMES:%=$(BUILD)/workloads/%.elf)
WL_SMALL_ELFS := $(WL_NAMES:%=$(BUILD)/workloads/%-small.elf)

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

$(BUILD)/workloads/%.elf: $(BUILD)/rv/eval/workloads/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

# The workloads as Linux commands in the Linux image's tea.cpio
# (driver/linux/linux.mk): /bin/NAME, the default size, built with
# -DWL_LINUX on picolibc.
LINUX_WL_BINS := $(WL_NAMES:%=$(LINUX_ROOTFS)/bin/%)
$(LINUX_CPIO): $(LINUX_WL_BINS) eval/workloads/workloads.mk

$(WL_NAMES:%=$(LINUX_ROOTFS)/bin/%): $(LINUX_ROOTFS)/bin/%: eval/workloads/%.c \
		eval/workloads/workload.h $(LINUX_PICOLIBC) $(LINUX_USER_LD)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(LINUX_PICOLIBC_CFLAGS) -DWL_LINUX $(LINUX_PICOLIBC_LDFLAGS) \
		-o $@ $(LINUX_PICOLIBC) $<

.PHONY: workloads
workloads: $(WL_ELFS) $(WL_SMALL_ELFS)
