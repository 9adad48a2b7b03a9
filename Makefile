# TEA: one build for the simulator, the library, the tools, the RTL and the
# tests. Sources are found by wildcard, so a new file in a component's folder
# is built without touching this file. Everything lands under build/.

# `make SANITIZE=1 host-c` builds the host's C programs (teaperf, teasim,
# the unit tests) with AddressSanitizer and UndefinedBehaviorSanitizer, in
# a build folder of their own (docs/building.md); only those: the flags
# are no RISC-V compiler's.
SANITIZE ?= 0
ifeq ($(SANITIZE),1)
BUILD    ?= build/asan
endif
BUILD    ?= build
CC       ?= cc
CXX      ?= c++
OPT      ?= -O2 -g
ifeq ($(SANITIZE),1)
OPT      += -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	    -fno-omit-frame-pointer
endif
CFLAGS_ALL = -std=c11 $(OPT) -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
	     -D_POSIX_C_SOURCE=200809L -MMD -MP $(CFLAGS)
LIBS     := -lfdt -lelf -ldw
TEST_LIBS := -lcmocka

RV_CC    := riscv64-unknown-elf-gcc
# picolibc picks its multilib from -march, and rv64imac_zicsr_zifencei
# matches none (the link would fall back to lp64d and fail). ISA spec 2.2
# counts Zicsr and Zifencei as part of I, so plain rv64imac selects
# rv64imac/lp64 and still assembles CSR instructions and fence.i.
RV_FLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -mcmodel=medany
NPROC    := $(shell nproc 2>/dev/null || echo 2)

.DEFAULT_GOAL := all
.PHONY: all deps test test-long demo linux-demo lint bench eval clean
.DELETE_ON_ERROR:
# Test binaries and objects are intermediate files of the results; keep them.
.SECONDARY:

# Quiet by default, kernel style; `make V=1` shows every command, `make
# V=0` none (what `make results` keeps is the command's output alone).
ifeq ($(V),1)
Q :=
quiet = @true
else ifeq ($(V),0)
Q := @
quiet = @true
else
Q := @
quiet = @printf '  %-7s %s\n'
endif

# Installs missing Debian packages once per build tree (scripts/install-deps.sh).
DEPS_STAMP := $(BUILD)/.deps-ok
$(DEPS_STAMP): scripts/install-deps.sh
	@bash scripts/install-deps.sh
	@mkdir -p $(@D) && touch $@
deps: $(DEPS_STAMP)

BINS :=
# make demo's workload, set before the fragments: the demo's test needs it.
DEMO_WORKLOAD ?= hash
DEMO_PROGRAM := $(BUILD)/workloads/$(DEMO_WORKLOAD)-demo.elf
include rtl/rtl.mk
include sim/sim.mk
include pics/pics.mk
include perf-tool/perf-tool.mk
include driver/baremetal/baremetal.mk
include driver/linux/linux.mk
include boards/boards.mk
include eval/eval.mk
# install.mk before the tests: their prerequisites name its targets, and a
# prerequisite's variable is expanded when the rule is read.
include scripts/install.mk
include tests/tests.mk

all: $(BINS)

# Every C object depends on the package check, so a fresh machine installs
# its tools before the first compile.
$(BUILD)/obj/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $<
	$(Q)$(CC) $(CFLAGS_ALL) $(CPPFLAGS_$(firstword $(subst /, ,$<))) -c $< -o $@

# The main job: a workload (eval/workloads/, at its demo size: hash runs
# 9 million cycles, under a minute) on the RTL core with TEA sampling and
# the golden reference, then its cycle stacks, TEA's error against the
# golden reference, and the plot. The full sizes are make eval's.
demo: $(BINS) $(DEMO_PROGRAM)
	$(BUILD)/bin/teasim --rtl --config $(CONFIG) --verbose --tea-samples $(BUILD)/demo.tea --tea-period 500 \
		--tea-jitter 4 --golden $(BUILD)/demo.golden $(DEMO_PROGRAM)
	$(BUILD)/bin/teaperf report --top 15 $(BUILD)/demo.tea
	$(BUILD)/bin/teaperf compare --reference $(BUILD)/demo.golden $(BUILD)/demo.tea | tail -2
	$(BUILD)/bin/teaperf plot -o $(BUILD)/demo.html $(BUILD)/demo.tea
	@echo "demo: the plot is $(BUILD)/demo.html"

# The same through Linux (docs/linux.md): Linux boots on the RTL core and
# runs the workload (its default size, a Linux command of tea.cpio) under
# the target's teaperf record, the TEA driver sampling it; the file comes
# out through teasim's host file channel, with the golden reference of the
# whole run. Then the report with the program's and the kernel's symbols,
# and TEA's error against the golden reference restricted to the
# program's instructions. About ten minutes.
LINUX_DEMO_PERIOD ?= 10000
linux-demo: $(BINS) $(LINUX_IMAGE) $(LINUX_CPIO)
	$(BUILD)/bin/teaperf record --sim --config $(CONFIG) --linux $(LINUX_DIR) -c $(LINUX_DEMO_PERIOD) \
		-o $(BUILD)/linux-demo.tea --golden $(BUILD)/linux-demo.golden /bin/$(DEMO_WORKLOAD)
	$(BUILD)/bin/teaperf report --top 15 --symfs $(LINUX_ROOTFS) --vmlinux $(LINUX_DIR)/vmlinux \
		$(BUILD)/linux-demo.tea
	$(BUILD)/bin/teaperf compare --reference $(BUILD)/linux-demo.golden \
		--dsos /bin/$(DEMO_WORKLOAD) --symfs $(LINUX_ROOTFS) $(BUILD)/linux-demo.tea | tail -2

lint: rtl-lint all

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
