# Directed microarchitecture tests: tests/uarch/<name>.c is a bare-metal
# program (driver/baremetal) that measures one claim of the core with the
# event counters (mhpmcounter, rtl/include/hpm_events.svh) and checks it.
# They run on the RTL only (on the ISS every event counter reads 0), in
# co-simulation, into $(RESULTS)/uarch/<name>. Exit codes: 0 the claim holds,
# 1 it does not, 2 the measurement is broken (tests/uarch/uarch.h).

UARCH_NAMES := $(patsubst tests/uarch/%.c,%,$(wildcard tests/uarch/*.c))
UARCH_ELFS  := $(UARCH_NAMES:%=$(BUILD)/uarch/%.elf)

# Expected to fail: the exit code a test is meant to end with while the core
# lacks what it checks. Such a test passes only with exactly that code, so
# that it reports FAIL (and must be taken off this list) once the core is
# fixed. None today: set UARCH_EXIT_<name> := 1 for such a test.

$(BUILD)/uarch/%.elf: $(BUILD)/rv/tests/uarch/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

# $(call uarch_rules,RESULTS_DIR,CONFIG)
define uarch_rules
$(1)/%: $$(BUILD)/uarch/%.elf $$(BUILD)/bin/teasim $$(call rtl_lib,$(2)) FORCE
	@$$(RUN_TEST) $$@ 300 sh -c '$$(BUILD)/bin/teasim --rtl --config $(2) -q --max-insns 20000000 $$<; \
		rc=$$$$?; [ $$$$rc -eq $$(or $$(UARCH_EXIT_$$*),0) ] || \
		{ echo "exit code $$$$rc, expected $$(or $$(UARCH_EXIT_$$*),0)"; exit 1; }; \
		[ $$$$rc -eq 0 ] || echo "expected to fail (UARCH_EXIT_$$* in tests/uarch/uarch.mk)"'
endef

# `make test` on the default config, `make test-long` on the large one
$(eval $(call uarch_rules,$(RESULTS)/uarch,$(CONFIG)))
$(eval $(call uarch_rules,$(RESULTS)/uarch-large,large))
UARCH_RESULTS := $(UARCH_NAMES:%=$(RESULTS)/uarch/%)
TEST_RESULTS += $(UARCH_RESULTS)
TEST_LONG_RESULTS += $(UARCH_NAMES:%=$(RESULTS)/uarch-large/%)

.PHONY: test-uarch uarch-programs
uarch-programs: $(UARCH_ELFS)
test-uarch: $(UARCH_RESULTS)
	@scripts/test-summary.sh $(UARCH_RESULTS)
