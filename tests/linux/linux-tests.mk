# Linux on the TEA core (docs/linux.md): tests/linux/*.c are user programs
# in the image's initramfs (driver/linux/linux.mk). `make test` boots the
# image on the ISS (tests/linux/boot.sh: init runs a program in user mode,
# its status is teasim's, a panic fails, --initrd), cross-checks the
# console against QEMU (tests/linux/qemu.sh) and runs a static glibc
# program on the ISS with F and D (tests/linux/glibc.sh); `make test-long` boots it on
# the RTL of both configurations, co-simulated the whole way, and runs the
# glibc program there too. TEA under
# Linux (tests/linux/perf.sh: the driver's checks from user space, teaperf
# record into the host folder, read on the host with symbols, 1 MiB through
# the host file channel, bad input) runs on the ISS's sampler model in
# `make test` and on the RTL of both configurations in `make test-long`,
# which also runs `make linux-demo` (tests/linux/linux-demo-test.sh).
$(RESULTS)/linux/iss: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim tests/linux/boot.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/boot.sh $(LINUX_DIR) $(BUILD)/bin/teasim
$(RESULTS)/linux/qemu: $(LINUX_IMAGE) $(BUILD)/bin/teasim tests/linux/qemu.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/qemu.sh $(LINUX_DIR) $(BUILD)/bin/teasim
$(RESULTS)/linux/glibc: $(LINUX_IMAGE) $(LINUX_GLIBC_CPIO) $(LINUX_CPIO) $(BUILD)/bin/teasim \
		$(BUILD)/bin/teaperf tests/linux/glibc.sh tests/linux/qemu.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/glibc.sh $(LINUX_DIR) $(BUILD)/bin/teasim $(BUILD)/bin/teaperf
$(RESULTS)/linux/glibc-rtl: $(LINUX_IMAGE) $(LINUX_GLIBC_CPIO) $(LINUX_CPIO) $(BUILD)/bin/teasim \
		$(RTL_LIB) $(BUILD)/bin/teaperf tests/linux/glibc.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 3600 tests/linux/glibc.sh --rtl $(LINUX_DIR) $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		--rtl --config $(CONFIG)
$(RESULTS)/linux/rtl: $(LINUX_IMAGE) $(BUILD)/bin/teasim $(RTL_LIB) tests/linux/boot.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 3600 tests/linux/boot.sh --quick $(LINUX_DIR) $(BUILD)/bin/teasim --rtl \
		--config $(CONFIG)
$(RESULTS)/linux/rtl-large: $(LINUX_IMAGE) $(BUILD)/bin/teasim $(call rtl_lib,large) tests/linux/boot.sh \
		tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 7200 tests/linux/boot.sh --quick $(LINUX_DIR) $(BUILD)/bin/teasim --rtl --config large

$(RESULTS)/linux/perf: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		tests/linux/perf.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/perf.sh $(LINUX_DIR) $(BUILD)/bin/teaperf $(BUILD)/bin/teasim
$(RESULTS)/linux/perf-rtl: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim $(RTL_LIB) $(BUILD)/bin/teaperf \
		tests/linux/perf.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 7200 tests/linux/perf.sh --quick $(LINUX_DIR) $(BUILD)/bin/teaperf \
		$(BUILD)/bin/teasim --rtl --config $(CONFIG)
$(RESULTS)/linux/perf-rtl-large: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim $(call rtl_lib,large) \
		$(BUILD)/bin/teaperf tests/linux/perf.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 7200 tests/linux/perf.sh --quick $(LINUX_DIR) $(BUILD)/bin/teaperf \
		$(BUILD)/bin/teasim --rtl --config large

# Linux's own perf (perf.cpio) with the TEA PMU: record, report and
# script on the target (tests/linux/stock-perf.sh), on the ISS's sampler
# in `make test` and on the RTL in `make test-long`, where each of its two
# boots (interrupt and buffer mode) takes about an hour.
$(RESULTS)/linux/stock-perf: $(LINUX_IMAGE) $(LINUX_CPIO) $(LINUX_PERF_CPIO) $(BUILD)/bin/teasim \
		$(BUILD)/bin/teaperf tests/linux/stock-perf.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/stock-perf.sh $(LINUX_DIR) $(BUILD)/bin/teasim $(BUILD)/bin/teaperf
$(RESULTS)/linux/stock-perf-rtl: $(LINUX_IMAGE) $(LINUX_CPIO) $(LINUX_PERF_CPIO) $(BUILD)/bin/teasim \
		$(BUILD)/bin/teaperf $(RTL_LIB) tests/linux/stock-perf.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 14400 tests/linux/stock-perf.sh $(LINUX_DIR) $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		--rtl --config $(CONFIG)

# Your own program in one command (tests/linux/own-program.sh): static
# glibc and nolibc programs built in a scratch folder, given to teaperf
# record --sim --linux by a relative host path, reported with their
# symbols; on the ISS in `make test`, the RTL in `make test-long`.
$(RESULTS)/linux/own-program: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		tests/linux/own-program.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/own-program.sh $(LINUX_DIR) $(BUILD)/bin/teaperf
$(RESULTS)/linux/own-program-rtl: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim $(RTL_LIB) \
		$(BUILD)/bin/teaperf tests/linux/own-program.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 7200 tests/linux/own-program.sh $(LINUX_DIR) $(BUILD)/bin/teaperf --rtl \
		--config $(CONFIG)

# A task switched out every 15,000 cycles, at period 100,000, against the
# golden reference on the RTL (tests/linux/slices.sh): TEA's estimate of
# its work within sampling noise, switched and alone.
$(RESULTS)/linux/slices-rtl: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim $(RTL_LIB) \
		$(BUILD)/bin/teaperf tests/linux/slices.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 7200 tests/linux/slices.sh $(LINUX_DIR) $(BUILD)/bin/teaperf \
		--config $(CONFIG)

# The driver's checks on the debug kernel (make linux-debug: slub_debug,
# lockdep, sleep-in-atomic checks) booted with threadirqs
# (tests/linux/debug-kernel.sh): on the ISS in `make test`, the RTL in
# `make test-long`, where its 1.7 G instructions (1.0 G of them the
# kernel's boot) take hours: a limit of five.
$(RESULTS)/linux/debug: $(LINUX_DEBUG_DIR)/tea.cpio $(BUILD)/bin/teasim tests/linux/debug-kernel.sh \
		tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 600 tests/linux/debug-kernel.sh $(LINUX_DEBUG_DIR) $(BUILD)/bin/teasim
$(RESULTS)/linux/debug-rtl: $(LINUX_DEBUG_DIR)/tea.cpio $(BUILD)/bin/teasim $(RTL_LIB) \
		tests/linux/debug-kernel.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 18000 tests/linux/debug-kernel.sh $(LINUX_DEBUG_DIR) $(BUILD)/bin/teasim --rtl \
		--config $(CONFIG)

# `make linux-demo` as a user runs it (tests/linux/linux-demo-test.sh):
# the report names the workload's functions without a symbol warning, and
# TEA's error against the golden reference, on the workload's
# instructions, stays under LINUX_DEMO_MAX_ERROR percent.
LINUX_DEMO_MAX_ERROR := 10
$(RESULTS)/linux/demo: $(BINS) $(LINUX_IMAGE) $(LINUX_CPIO) tests/linux/linux-demo-test.sh FORCE
	@$(RUN_TEST) $@ 3600 tests/linux/linux-demo-test.sh $(MAKE) $(BUILD) $(LINUX_DEMO_MAX_ERROR)

# The driver on several harts (tests/linux/smp.sh): the debug kernel,
# which is SMP, on the ISS with --harts 2: per-CPU and task events across
# CPUs, CPU hotplug, perf record -a.
$(RESULTS)/linux/smp: $(LINUX_DEBUG_DIR)/tea.cpio $(LINUX_PERF_CPIO) $(BUILD)/bin/teasim \
		tests/linux/smp.sh tests/linux/lib.sh FORCE
	@$(RUN_TEST) $@ 600 tests/linux/smp.sh $(LINUX_DEBUG_DIR) $(LINUX_PERF_CPIO) $(BUILD)/bin/teasim

# The TEA driver and its binding in the kernel's own style, checked inside
# the kernel tree (tests/linux/checkpatch.sh).
$(RESULTS)/linux/checkpatch: $(LINUX_SRC)/Makefile $(LINUX_DRIVER_SRCS) \
		driver/tea_pmu/bindings/tea,sampler.yaml tests/linux/checkpatch.sh FORCE
	@$(RUN_TEST) $@ 120 tests/linux/checkpatch.sh $(LINUX_SRC)

# The driver as it builds against a kernel without perf-exports.patch
# (tests/linux/module-unpatched.sh).
$(RESULTS)/linux/module-unpatched: $(LINUX_MODULE_BUFFER_ONLY) $(LINUX_IMAGE) $(LINUX_CPIO) \
		$(BUILD)/bin/teasim $(BUILD)/bin/teaperf tests/linux/module-unpatched.sh tests/linux/lib.sh \
		driver/linux/perf-exports.patch FORCE
	@$(RUN_TEST) $@ 300 tests/linux/module-unpatched.sh $(LINUX_DIR) $(LINUX_MODULE_BUFFER_ONLY) \
		$(BUILD)/bin/teaperf $(BUILD)/bin/teasim

LINUX_TEST_RESULTS := $(RESULTS)/linux/iss $(RESULTS)/linux/qemu $(RESULTS)/linux/glibc \
		      $(RESULTS)/linux/checkpatch $(RESULTS)/linux/perf $(RESULTS)/linux/stock-perf \
		      $(RESULTS)/linux/debug $(RESULTS)/linux/own-program $(RESULTS)/linux/module-unpatched \
		      $(RESULTS)/linux/smp
TEST_RESULTS += $(LINUX_TEST_RESULTS)
TEST_LONG_RESULTS += $(RESULTS)/linux/rtl $(RESULTS)/linux/rtl-large $(RESULTS)/linux/glibc-rtl \
		     $(RESULTS)/linux/perf-rtl \
		     $(RESULTS)/linux/perf-rtl-large $(RESULTS)/linux/demo $(RESULTS)/linux/stock-perf-rtl \
		     $(RESULTS)/linux/debug-rtl $(RESULTS)/linux/own-program-rtl \
		     $(RESULTS)/linux/slices-rtl

.PHONY: test-linux
test-linux: $(LINUX_TEST_RESULTS)
	@scripts/test-summary.sh $(LINUX_TEST_RESULTS)
