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
#
# FP streams (rvgen --fp, $(BUILD)/random-fp/<length>/<seed>.S): F and D
# mixed in. On the ISS they are judged against QEMU by
# tests/crosscheck/crosscheck.sh: each program prints its x and f registers
# and fcsr through semihosting and exits through the test finisher. On the
# RTL, co-simulation is the check, as above. In make test: RANDOM_FP_SEEDS
# at RANDOM_LENGTH on both ($(RESULTS)/random-fp/, random-fp-rtl/); make
# test-long adds RANDOM_FP_LONG_SEEDS at RANDOM_LONG_LENGTH on the RTL.
#
#   make test-random-fp  just these, e.g.
#                        make test-random-fp RANDOM_FP_SEEDS="$$(seq 100 199)"
#   make $(BUILD)/random-fp/3000/7.S   one program

RVGEN := $(BUILD)/tests/random/rvgen
RANDOM_LD := tests/random/link.ld

# Short: about 20 s of RTL simulation per 2 cores. Long: tens of millions
# of instructions (a length of 30000 runs about 1.2 M instructions).
RANDOM_SEEDS       ?= $(shell seq 1 16)
RANDOM_LENGTH      ?= 3000
RANDOM_LONG_SEEDS  ?= $(shell seq 1001 1040)
RANDOM_LONG_LENGTH ?= 30000
RANDOM_FP_SEEDS    ?= $(shell seq 1 8)
RANDOM_FP_LONG_SEEDS ?= $(shell seq 1001 1016)

# the ISA of the FP programs: lp64 as for the others (no FP arguments)
RANDOM_FP_FLAGS := -march=rv64imafdc -misa-spec=2.2 -mabi=lp64 -mcmodel=medany

RVGEN_SRCS := $(wildcard tests/random/*.c)

$(RVGEN): $(RVGEN_SRCS:%.c=$(BUILD)/obj/%.o)
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

$(BUILD)/random-fp/%.S: $(RVGEN)
	@mkdir -p $(@D)
	$(quiet) RVGEN $@
	$(Q)$(RVGEN) --fp -n $(patsubst %/,%,$(dir $*)) -s $(notdir $*) -o $@

$(BUILD)/random-fp/%.elf: $(BUILD)/random-fp/%.S $(RANDOM_LD) | $(DEPS_STAMP)
	$(quiet) AS $@
	$(Q)$(RV_CC) $(RANDOM_FP_FLAGS) -nostdlib -nostartfiles -static -T $(RANDOM_LD) \
		-Wl,--no-warn-rwx-segments -o $@ $<

$(RESULTS)/random-fp/%: $(BUILD)/random-fp/%.elf $(BUILD)/bin/teasim \
		tests/crosscheck/crosscheck.sh FORCE
	@$(RUN_TEST) $@ 120 tests/crosscheck/crosscheck.sh --timeout 60 \
		--teasim "$(BUILD)/bin/teasim --isa rv64imafdc \
			--max-insns $$(( 400 * $(patsubst %/,%,$(dir $*)) + 1000000 ))" $<

$(RESULTS)/random-fp-rtl/%: $(BUILD)/random-fp/%.elf $(BUILD)/bin/teasim $(RTL_LIB) FORCE
	@$(RUN_TEST) $@ 1200 sh -c '$(BUILD)/bin/teasim --rtl --config $(CONFIG) -q \
		--max-insns $$(( 400 * $(patsubst %/,%,$(dir $*)) + 1000000 )) \
		--golden $@.prof --stages $< >/dev/null'

RANDOM_RESULTS := $(RANDOM_SEEDS:%=$(RESULTS)/random/$(RANDOM_LENGTH)/%)
RANDOM_ISS_RESULTS := $(RANDOM_SEEDS:%=$(RESULTS)/random-iss/$(RANDOM_LENGTH)/%)
RANDOM_LONG_RESULTS := $(RANDOM_LONG_SEEDS:%=$(RESULTS)/random/$(RANDOM_LONG_LENGTH)/%)
RANDOM_FP_RESULTS := $(RANDOM_FP_SEEDS:%=$(RESULTS)/random-fp/$(RANDOM_LENGTH)/%)
RANDOM_FP_RTL_RESULTS := $(RANDOM_FP_SEEDS:%=$(RESULTS)/random-fp-rtl/$(RANDOM_LENGTH)/%)
RANDOM_FP_LONG_RESULTS := $(RANDOM_FP_LONG_SEEDS:%=$(RESULTS)/random-fp-rtl/$(RANDOM_LONG_LENGTH)/%)

TEST_RESULTS += $(RANDOM_RESULTS) $(RANDOM_ISS_RESULTS) $(RANDOM_FP_RESULTS) $(RANDOM_FP_RTL_RESULTS)
TEST_LONG_RESULTS += $(RANDOM_LONG_RESULTS) $(RANDOM_FP_LONG_RESULTS)

.PHONY: test-random test-random-long test-random-fp
test-random: $(RANDOM_RESULTS) $(RANDOM_ISS_RESULTS)
	@scripts/test-summary.sh $^

test-random-long: $(RANDOM_LONG_RESULTS)
	@scripts/test-summary.sh $^

test-random-fp: $(RANDOM_FP_RESULTS) $(RANDOM_FP_RTL_RESULTS)
	@scripts/test-summary.sh $^
