# Random instruction streams: tests/random/rvgen.c writes one assembly
# program per seed and length ($(BUILD)/random/<length>/<seed>.S, linked
# with tests/random/link.ld); each runs on `teasim --rtl`, every commit
# checked against the reference ISS (docs/cosim.md), and passes when it
# exits with code 0 without a divergence. The programs cannot check
# themselves: the co-simulation is the check.
#
#   make test            the short campaign: RANDOM_SEEDS at RANDOM_LENGTH on
#                        the RTL ($(RESULTS)/random/) and, as a fast sanity
#                        check of the generator, on the ISS alone
#                        ($(RESULTS)/random-iss/)
#   make test-long       also the long campaign: RANDOM_LONG_SEEDS at
#                        RANDOM_LONG_LENGTH ($(RESULTS)/random/)
#   make test-random     just the short campaign, e.g.
#                        make test-random RANDOM_SEEDS="$$(seq 100 199)" RANDOM_LENGTH=20000
#   make $(BUILD)/random/3000/7.S   one program, to read or shrink

RVGEN := $(BUILD)/tests/random/rvgen
RANDOM_LD := tests/random/link.ld

# Short: about 20 s of RTL simulation per 2 cores. Long: tens of millions
# of instructions (a length of 30000 runs about 1.2 M instructions).
RANDOM_SEEDS       ?= $(shell seq 1 16)
RANDOM_LENGTH      ?= 3000
RANDOM_LONG_SEEDS  ?= $(shell seq 1001 1040)
RANDOM_LONG_LENGTH ?= 30000

$(RVGEN): $(BUILD)/obj/tests/random/rvgen.o
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^

# $* is <length>/<seed>
$(BUILD)/random/%.S: $(RVGEN)
	@mkdir -p $(@D)
	$(quiet) RVGEN $@
	$(Q)$(RVGEN) -n $(patsubst %/,%,$(dir $*)) -s $(notdir $*) -o $@

$(BUILD)/random/%.elf: $(BUILD)/random/%.S $(RANDOM_LD) | $(DEPS_STAMP)
	$(quiet) AS $@
	$(Q)$(RV_CC) $(RV_FLAGS) -nostdlib -nostartfiles -static -T $(RANDOM_LD) \
		-Wl,--no-warn-rwx-segments -o $@ $<

# The instruction limit only stops a runaway program: a length of L runs
# about 40 L instructions. The golden reference and its stage view follow
# the random stream too: a trace they cannot follow fails the run.
$(RESULTS)/random/%: $(BUILD)/random/%.elf $(BUILD)/bin/teasim $(RTL_LIB) FORCE
	@$(RUN_TEST) $@ 1200 $(BUILD)/bin/teasim --rtl --config $(CONFIG) -q \
		--max-insns $$(( 400 * $(patsubst %/,%,$(dir $*)) + 1000000 )) \
		--golden $@.prof --stages $<

$(RESULTS)/random-iss/%: $(BUILD)/random/%.elf $(BUILD)/bin/teasim FORCE
	@$(RUN_TEST) $@ 120 $(BUILD)/bin/teasim -q \
		--max-insns $$(( 400 * $(patsubst %/,%,$(dir $*)) + 1000000 )) $<

RANDOM_RESULTS := $(RANDOM_SEEDS:%=$(RESULTS)/random/$(RANDOM_LENGTH)/%)
RANDOM_ISS_RESULTS := $(RANDOM_SEEDS:%=$(RESULTS)/random-iss/$(RANDOM_LENGTH)/%)
RANDOM_LONG_RESULTS := $(RANDOM_LONG_SEEDS:%=$(RESULTS)/random/$(RANDOM_LONG_LENGTH)/%)

TEST_RESULTS += $(RANDOM_RESULTS) $(RANDOM_ISS_RESULTS)
TEST_LONG_RESULTS += $(RANDOM_LONG_RESULTS)

.PHONY: test-random test-random-long
test-random: $(RANDOM_RESULTS) $(RANDOM_ISS_RESULTS)
	@scripts/test-summary.sh $^

test-random-long: $(RANDOM_LONG_RESULTS)
	@scripts/test-summary.sh $^
