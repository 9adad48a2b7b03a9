# Fuzzing with libFuzzer (Debian's clang and libclang-rt-14-dev): one
# harness per reader of outside input in tests/fuzz/fuzz_*.c (sample files,
# profiles, ELF symbols, objdump's output, a board's console, teaperf's
# command lines; teasim's ELF loader and command line), built
# with AddressSanitizer and UndefinedBehaviorSanitizer. `make fuzz` runs
# each for FUZZ_SECONDS (0: each seed once) from the seeds
# tests/fuzz/run-fuzz.sh names and the inputs in tests/fuzz/regressions/
# that once crashed it, keeps the grown corpus in $(BUILD)/fuzz/corpus/ and
# reports crashes, whose inputs land in $(BUILD)/fuzz/crashes/. A new
# harness is found by its name; its seeds are tests/fuzz/seeds/NAME/ (NAME
# without "fuzz_", "_" as "-"), or none.

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 120
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
# Each source gets its folder's include paths, as in the main build
# (CPPFLAGS_pics, CPPFLAGS_sim, CPPFLAGS_tests ...).
FUZZ_CFLAGS  := -std=c11 -g -O1 -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
		-D_POSIX_C_SOURCE=200809L -MMD -MP $(FUZZ_SAN)
FUZZ_SRCS    := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS    := $(FUZZ_SRCS:tests/fuzz/%.c=$(FUZZ_DIR)/bin/%)
# The code under test gets coverage instrumentation; the harnesses bring
# libFuzzer's main. libpics, teaperf without its main, and teasim's C:
# libteasim's sources (SIM_LIB_SRCS: no Verilator glue, no board-sim
# main) and the command's files but main.c, so that a harness can call
# parse_options (with an error() of its own, so run.c's is not linked).
# An archive: a harness links only the members it uses.
FUZZ_LIB_SRCS := $(PICS_SRCS) $(filter-out %/teaperf.c,$(TEAPERF_SRCS)) \
		 $(SIM_LIB_SRCS) $(filter-out %/main.c,$(SIM_BIN_SRCS))
FUZZ_LIB_OBJS := $(FUZZ_LIB_SRCS:%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_LIB     := $(FUZZ_DIR)/lib/libfuzzed.a

# One clear line when the compiler or its libFuzzer runtime is missing.
.PHONY: fuzz-toolchain
fuzz-toolchain:
	@printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n)\n{ return d && n ? 0 : 0; }\n' | \
		$(FUZZ_CC) -fsanitize=fuzzer,address -x c - -o /dev/null 2>/dev/null || \
		{ echo "make fuzz: $(FUZZ_CC) cannot link libFuzzer programs; install Debian's clang and libclang-rt-14-dev"; exit 1; }

$(FUZZ_DIR)/obj/%.o: %.c | $(DEPS_STAMP) fuzz-toolchain
	@mkdir -p $(@D)
	$(quiet) FUZZCC $<
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) $(CPPFLAGS_$(firstword $(subst /, ,$<))) \
		-fsanitize=fuzzer-no-link -c $< -o $@

# As in sim/sim.mk: the configurations teasim's --config accepts.
$(FUZZ_DIR)/obj/sim/teasim/options.o: CPPFLAGS_sim += -DRTL_CONFIGS='"$(strip $(RTL_CONFIGS))"'

$(FUZZ_LIB): $(FUZZ_LIB_OBJS)
	@mkdir -p $(@D)
	$(quiet) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

$(FUZZ_DIR)/bin/%: $(FUZZ_DIR)/obj/tests/fuzz/%.o $(FUZZ_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(LIBS) -lm

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BINS)

fuzz: fuzz-build
	@bash tests/fuzz/run-fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_BINS)

# `make test-long` fuzzes every harness for FUZZ_LONG_SECONDS, one after
# the other (one core), and fails on a crash, naming the harness and the
# input kept in $(FUZZ_DIR)/crashes/. The limit leaves a minute a harness
# for its seeds and start.
FUZZ_LONG_SECONDS ?= 60
$(RESULTS)/fuzz/all: $(FUZZ_BINS) tests/fuzz/run-fuzz.sh FORCE
	@$(RUN_TEST) $@ $$(( $(words $(FUZZ_BINS)) * ($(FUZZ_LONG_SECONDS) + 60) )) \
		bash tests/fuzz/run-fuzz.sh $(FUZZ_DIR) $(FUZZ_LONG_SECONDS) $(FUZZ_BINS)
TEST_LONG_RESULTS += $(RESULTS)/fuzz/all

-include $(shell find $(FUZZ_DIR)/obj -name '*.d' 2>/dev/null)
