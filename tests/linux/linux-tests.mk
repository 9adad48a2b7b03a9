# Linux on the TEA core (docs/linux.md): tests/linux/*.c are user programs
# in the image's initramfs (driver/linux/linux.mk). `make test` boots the
# image on the ISS (tests/linux/boot.sh: init runs a program in user mode,
# its status is teasim's, a panic fails, --initrd) and cross-checks the
# console against QEMU (tests/linux/qemu.sh); `make test-long` boots it on
# the RTL of both configurations, co-simulated the whole way.
$(RESULTS)/linux/iss: $(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/bin/teasim tests/linux/boot.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/boot.sh $(LINUX_DIR) $(BUILD)/bin/teasim
$(RESULTS)/linux/qemu: $(LINUX_IMAGE) $(BUILD)/bin/teasim tests/linux/qemu.sh FORCE
	@$(RUN_TEST) $@ 300 tests/linux/qemu.sh $(LINUX_DIR) $(BUILD)/bin/teasim
$(RESULTS)/linux/rtl: $(LINUX_IMAGE) $(BUILD)/bin/teasim tests/linux/boot.sh FORCE
	@$(RUN_TEST) $@ 3600 tests/linux/boot.sh --quick $(LINUX_DIR) $(BUILD)/bin/teasim --rtl
$(RESULTS)/linux/rtl-large: $(LINUX_IMAGE) $(TEASIM_LARGE) tests/linux/boot.sh FORCE
	@$(RUN_TEST) $@ 7200 tests/linux/boot.sh --quick $(LINUX_DIR) $(TEASIM_LARGE) --rtl

# The TEA driver in the kernel's own style (scripts/checkpatch.pl --strict).
$(RESULTS)/linux/checkpatch: $(LINUX_SRC)/Makefile driver/linux/tea_pmu.c FORCE
	@$(RUN_TEST) $@ 120 perl $(LINUX_SRC)/scripts/checkpatch.pl --strict --no-tree \
		-f driver/linux/tea_pmu.c

LINUX_TEST_RESULTS := $(RESULTS)/linux/iss $(RESULTS)/linux/qemu $(RESULTS)/linux/checkpatch
TEST_RESULTS += $(LINUX_TEST_RESULTS)
TEST_LONG_RESULTS += $(RESULTS)/linux/rtl $(RESULTS)/linux/rtl-large

.PHONY: test-linux
test-linux: $(LINUX_TEST_RESULTS)
	@scripts/test-summary.sh $(LINUX_TEST_RESULTS)
