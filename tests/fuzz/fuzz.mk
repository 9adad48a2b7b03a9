# Fuzzing with libFuzzer (Debian's clang and libclang-rt-14-dev): one
# harness per reader of outside input in tests/fuzz/fuzz_*.c (sample files,
# profiles, ELF symbols, objdump's output, a board's console, teaperf's
# command lines), built
# with AddressSanitizer and UndefinedBehaviorSanitizer. `make fuzz` runs
# each for FUZZ_SECONDS (0: each seed once) from the seeds
# tests/fuzz/run-fuzz.sh names and the inputs in tests/fuzz/regressions/
# that once crashed it, keeps the grown corpus in $(BUILD)/fuzz/corpus/ and
# reports crashes, whose inputs land in $(BUILD)/fuzz/crashes/.

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 120
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := -std=c11 -g -O1 -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
		-D_POSIX_C_SOURCE=200809L -MMD -MP $(FUZZ_SAN) \
		-Ipics -Iperf-tool -Idriver/include
FUZZ_SRCS    := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BINS    := $(FUZZ_SRCS:tests/fuzz/%.c=$(FUZZ_DIR)/bin/%)
# The code under test gets coverage instrumentation; the harnesses bring
# libFuzzer's main.
FUZZ_LIB_OBJS := $(PICS_SRCS:%.c=$(FUZZ_DIR)/obj/%.o) \
		 $(filter-out %/teaperf.o,$(TEAPERF_SRCS:%.c=$(FUZZ_DIR)/obj/%.o))
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
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

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

-include $(shell find $(FUZZ_DIR)/obj -name '*.d' 2>/dev/null)
