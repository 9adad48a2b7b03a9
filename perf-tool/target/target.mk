# teaperf record on a Linux target (perf-tool/target/, record.h): a static
# program on the kernel's nolibc, built with the image's user programs
# (driver/linux/linux.mk, included before this file) and put in tea.cpio.
LINUX_TEAPERF := $(LINUX_ROOTFS)/bin/teaperf
$(LINUX_TEAPERF): $(wildcard perf-tool/target/*.c perf-tool/target/*.h) driver/include/tea/perf.h \
		driver/include/tea/csr.h driver/include/tea/host_console.h driver/include/tea/marker.h \
		$(LINUX_USER_LIB) \
		$(LINUX_USER_LD) $(LINUX_SYSROOT)/.done
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(LINUX_USER_CFLAGS) $(LINUX_TOOL_LDFLAGS) -o $@ \
		$(filter %.c,$^) -lgcc
