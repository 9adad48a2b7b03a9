# Linux on the TEA core (docs/linux.md). `make linux` builds Debian's
# linux-source-6.1 for the core into $(LINUX_DIR): tinyconfig plus
# driver/linux/tea.config, with an initramfs built in that holds the init
# (driver/linux/init.c) and the user programs (tests/linux/*.c), all static
# with the kernel's nolibc; then, as a distribution's initramfs is made
# after its kernel, tea.cpio for --initrd with the TEA perf driver
# (driver/tea_pmu/tea_pmu_*.c, a module built with kbuild against the kernel),
# teaperf record (perf-tool/target) and the workloads (eval/workloads on
# picolibc, driver/linux/picolibc), stripped as a distribution ships them.
# Out: Image, vmlinux, System.map, tea.cpio, and rootfs/, the target's
# files unstripped (what teaperf --symfs wants). The first build takes a
# few minutes on two cores; later ones rebuild only what changed.

LINUX_TARBALL := /usr/src/linux-source-6.1.tar.xz
# LINUX_DIR and LINUX_CONFIG name a flavour of the image: `make
# linux-debug` builds the debug one in $(BUILD)/linux-debug, from the same
# source tree.
LINUX_DIR     ?= $(BUILD)/linux
LINUX_SRC     := $(BUILD)/linux/src
LINUX_OBJ     := $(LINUX_DIR)/obj
LINUX_SYSROOT := $(LINUX_DIR)/sysroot
LINUX_ROOTFS  := $(LINUX_DIR)/rootfs
LINUX_CONFIG  ?= driver/linux/tea.config
LINUX_IMAGE   := $(LINUX_DIR)/Image
LINUX_CPIO    := $(LINUX_DIR)/tea.cpio
LINUX_MODULE  := $(LINUX_DIR)/module/tea_pmu.ko
LINUX_GLIBC_CPIO := $(LINUX_DIR)/glibc.cpio
LINUX_MAKE     = $(MAKE) --no-print-directory -C $(LINUX_SRC) O=$(abspath $(LINUX_OBJ)) \
		 ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu-

# User programs: RV64IMAC without floating point (lp64, libgcc of that
# multilib), static, the kernel's nolibc for a C library.
LINUX_USER_LD := driver/linux/linux-user.ld
LINUX_USER_CFLAGS := -march=rv64imac -misa-spec=2.2 -mabi=lp64 -Os -Wall -Wextra -Werror \
		     -nostdlib -static -fno-asynchronous-unwind-tables -ffunction-sections \
		     -Wl,--gc-sections -Wl,--build-id -T $(LINUX_USER_LD) \
		     -I$(LINUX_SYSROOT)/include -Idriver/include -Idriver/linux
# The image's own tools (init, teaperf) sit at 0x40000000, away from the
# commands' usual 0x10000, so that a whole-system golden reference can tell
# the profiled command's instructions from theirs.
LINUX_TOOL_LDFLAGS := -Wl,-Ttext-segment=0x40000000
LINUX_PROGRAMS := $(patsubst tests/linux/%.c,%,$(wildcard tests/linux/*.c))
LINUX_ROOTFS_FILES := $(LINUX_ROOTFS)/init $(LINUX_PROGRAMS:%=$(LINUX_ROOTFS)/bin/%)

.PHONY: linux linux-debug
linux: $(LINUX_IMAGE) $(LINUX_CPIO) $(LINUX_GLIBC_CPIO) $(LINUX_PERF_CPIO)

# The debug flavour: the kernel, its driver module and tea.cpio, by a
# make of its own with the flavour's LINUX_DIR and LINUX_CONFIG
LINUX_DEBUG_DIR := $(BUILD)/linux-debug
linux-debug: $(LINUX_DEBUG_DIR)/tea.cpio
ifneq ($(LINUX_DIR),$(LINUX_DEBUG_DIR))
$(LINUX_DEBUG_DIR)/tea.cpio: FORCE | $(DEPS_STAMP) $(LINUX_SRC)/Makefile
	$(Q)$(MAKE) --no-print-directory LINUX_DIR=$(LINUX_DEBUG_DIR) \
		LINUX_CONFIG="driver/linux/tea.config driver/linux/smp.config driver/linux/debug.config" $@
endif

# The source, with the project's changes, one for the kernel and one for
# its perf (each patch says why).
LINUX_PATCHES := driver/linux/perf-exports.patch driver/linux/perf-tea-aux.patch
$(LINUX_SRC)/Makefile: $(LINUX_PATCHES) | $(DEPS_STAMP)
	@mkdir -p $(dir $(LINUX_SRC))
	$(quiet) EXTRACT $(LINUX_TARBALL)
	$(Q)rm -rf $(LINUX_SRC) $(dir $(LINUX_SRC))linux-source-6.1
	$(Q)tar -xJf $(LINUX_TARBALL) -C $(dir $(LINUX_SRC))
	$(Q)mv $(dir $(LINUX_SRC))linux-source-6.1 $(LINUX_SRC)
	$(Q)for p in $(LINUX_PATCHES); do patch -s -p1 -d $(LINUX_SRC) <$$p || exit 1; done
	$(Q)touch $@

# The configuration; every option of the fragments must have taken.
$(LINUX_OBJ)/.config: $(LINUX_SRC)/Makefile $(LINUX_CONFIG) driver/linux/linux.mk
	@mkdir -p $(LINUX_OBJ)
	$(quiet) CONFIG $@
	$(Q)$(LINUX_MAKE) -s tinyconfig >/dev/null
	$(Q)$(LINUX_SRC)/scripts/kconfig/merge_config.sh -m -O $(LINUX_OBJ) $@ $(LINUX_CONFIG) >/dev/null
	$(Q)$(LINUX_SRC)/scripts/config --file $@ --set-str INITRAMFS_SOURCE \
		$(abspath $(LINUX_DIR)/initramfs.list)
	$(Q)$(LINUX_MAKE) -s olddefconfig >/dev/null
	$(Q)sh driver/linux/check-config.sh $@ $(LINUX_CONFIG)

# The kernel's UAPI headers and nolibc (whose headers go to OUTPUT/sysroot)
$(LINUX_SYSROOT)/.done: $(LINUX_OBJ)/.config
	$(quiet) HEADERS $(LINUX_SYSROOT)
	$(Q)rm -rf $(LINUX_SYSROOT)
	$(Q)$(LINUX_MAKE) -s headers_install INSTALL_HDR_PATH=$(abspath $(LINUX_SYSROOT))
	$(Q)$(MAKE) --no-print-directory -s -C $(LINUX_SRC)/tools/include/nolibc ARCH=riscv \
		OUTPUT=$(abspath $(LINUX_DIR))/ headers
	$(Q)touch $@

# What the image's nolibc programs share: finding a device of the SoC
# (soc_device.h), the host file channel (host_file.h), the tea PMU from
# user space (tea_event.h). Every program links them; the linker drops
# what one does not use.
LINUX_USER_LIB := $(foreach f,soc_device host_file tea_event,driver/linux/$(f).c driver/linux/$(f).h) \
		  driver/include/tea/host_files.h driver/include/tea/sample_format.h

$(LINUX_ROOTFS)/init: driver/linux/init.c driver/include/tea/host_console.h driver/include/tea/marker.h \
		$(LINUX_USER_LIB) $(LINUX_USER_LD) $(LINUX_SYSROOT)/.done
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(LINUX_USER_CFLAGS) $(LINUX_TOOL_LDFLAGS) -o $@ \
		$(filter %.c,$^) -lgcc

$(LINUX_ROOTFS)/bin/%: tests/linux/%.c $(LINUX_USER_LIB) $(LINUX_USER_LD) $(LINUX_SYSROOT)/.done
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(LINUX_USER_CFLAGS) -o $@ $(filter %.c,$^) -lgcc
# A program in several files: its folder's .c files join the link above.
$(LINUX_ROOTFS)/bin/tea-pmu: $(wildcard tests/linux/tea-pmu/*.c tests/linux/tea-pmu/*.h)
# Call chains (teaperf record -g, tea-pmu's check of them): the kernel's
# unwinder of user stacks walks frame pointers, and without them takes
# not even the caller in ra unless s0 happens to hold a user address.
$(LINUX_ROOTFS)/bin/callers $(LINUX_ROOTFS)/bin/tea-pmu: LINUX_USER_CFLAGS += -fno-omit-frame-pointer

# The initramfs (gen_init_cpio's list): rewritten only when it changes.
$(LINUX_DIR)/initramfs.list: driver/linux/linux.mk $(LINUX_ROOTFS_FILES)
	$(Q){ echo "dir /dev 0755 0 0"; echo "nod /dev/console 0600 0 0 c 5 1"; \
	  echo "dir /proc 0755 0 0"; echo "dir /sys 0755 0 0"; echo "dir /bin 0755 0 0"; \
	  echo "file /init $(abspath $(LINUX_ROOTFS)/init) 0755 0 0"; \
	  for p in $(LINUX_PROGRAMS); do \
		echo "file /bin/$$p $(abspath $(LINUX_ROOTFS))/bin/$$p 0755 0 0"; done; \
	} >$@.tmp
	$(Q)cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@

# The kernel, and what modules built outside it need (Module.symvers);
# beside it the kernel's gen_init_cpio, with which teaperf record --linux
# puts a host program into the image (perf-tool/lib/record_linux.c).
$(LINUX_IMAGE): $(LINUX_OBJ)/.config $(LINUX_DIR)/initramfs.list $(LINUX_ROOTFS_FILES)
	$(quiet) LINUX $@ "(the first build takes minutes)"
	$(Q)$(LINUX_MAKE) -j$(NPROC) Image vmlinux modules
	$(Q)cp $(LINUX_OBJ)/arch/riscv/boot/Image $(LINUX_OBJ)/vmlinux $(LINUX_OBJ)/System.map \
		$(LINUX_OBJ)/usr/gen_init_cpio $(LINUX_DIR)/

# The TEA driver: kbuild in a folder of its own, so that nothing is
# written beside the sources.
LINUX_DRIVER_SRCS := driver/tea_pmu/tea_pmu_core.c driver/tea_pmu/tea_pmu_aux.c driver/tea_pmu/tea_pmu.h \
	driver/tea_pmu/Kbuild
$(LINUX_MODULE): $(LINUX_DRIVER_SRCS) driver/include/tea/csr.h \
		driver/include/tea/perf.h driver/include/tea/sample_format.h $(LINUX_IMAGE)
	@mkdir -p $(@D)
	$(quiet) MODULE $@
	$(Q)cp $(LINUX_DRIVER_SRCS) $(@D)/
	$(Q)$(LINUX_MAKE) M=$(abspath $(@D)) TEA_INCLUDE=$(abspath driver/include) modules

# The driver as it builds against a kernel without perf-exports.patch:
# buffer mode alone (tests/linux/module-unpatched.sh).
LINUX_MODULE_BUFFER_ONLY := $(LINUX_DIR)/module-buffer-only/tea_pmu.ko
$(LINUX_MODULE_BUFFER_ONLY): $(LINUX_DRIVER_SRCS) driver/include/tea/csr.h \
		driver/include/tea/perf.h driver/include/tea/sample_format.h $(LINUX_IMAGE)
	@mkdir -p $(@D)
	$(quiet) MODULE $@
	$(Q)cp $(LINUX_DRIVER_SRCS) $(@D)/
	$(Q)$(LINUX_MAKE) M=$(abspath $(@D)) TEA_INCLUDE=$(abspath driver/include) TEA_BUFFER_ONLY=1 \
		modules

# teaperf record on the target (LINUX_TEAPERF, in tea.cpio) is
# perf-tool/target/target.mk's.
include perf-tool/target/target.mk

# The C library glue of programs on picolibc (driver/linux/picolibc): the
# workloads build on it (eval/workloads/workloads.mk puts them in
# tea.cpio).
LINUX_PICOLIBC := $(patsubst %,$(BUILD)/rv/driver/linux/picolibc/%.o,start.S stdio.c)
LINUX_PICOLIBC_CFLAGS := $(BM_ARCH) --specs=picolibc.specs -std=c11 $(OPT) -Wall -Wextra \
			 -Werror -ffunction-sections -fdata-sections
# (with the CFLAGS: a program compiles and links in one step)
LINUX_PICOLIBC_LDFLAGS := -nostartfiles -static -Wl,--build-id -Wl,--gc-sections \
			  -T $(LINUX_USER_LD)

# The initramfs for --initrd: /lib/modules (init loads what is there),
# and in /bin stripped copies of every rootfs/bin/ prerequisite (teaperf
# here, the workloads from workloads.mk).
RV_STRIP := $(patsubst %gcc,%strip,$(RV_CC))
$(LINUX_CPIO): $(LINUX_MODULE) $(LINUX_TEAPERF) driver/linux/linux.mk
	$(quiet) CPIO $@
	$(Q)rm -rf $(LINUX_DIR)/stripped && mkdir -p $(LINUX_DIR)/stripped
	$(Q)for f in $(notdir $(filter $(LINUX_ROOTFS)/bin/%,$^)); do \
		$(RV_STRIP) -o $(LINUX_DIR)/stripped/$$f $(LINUX_ROOTFS)/bin/$$f || exit 1; done
	$(Q){ echo "dir /lib 0755 0 0"; echo "dir /lib/modules 0755 0 0"; echo "dir /bin 0755 0 0"; \
	  echo "file /lib/modules/tea_pmu.ko $(abspath $(LINUX_MODULE)) 0644 0 0"; \
	  for f in $(notdir $(filter $(LINUX_ROOTFS)/bin/%,$^)); do \
		echo "file /bin/$$f $(abspath $(LINUX_DIR))/stripped/$$f 0755 0 0"; done; } >$@.list
	$(Q)$(LINUX_OBJ)/usr/gen_init_cpio $@.list >$@.tmp && mv $@.tmp $@

# Linux's own perf, from the same kernel source: cross-built static on
# Debian's glibc (rv64gc/lp64d, so it needs a hart with F and D) without
# the optional libraries, in an initramfs of its own (about 3 MB, so that
# tea.cpio stays small for the RTL's boots); give both to --initrd, one
# after the other (docs/linux.md, "Linux's own perf").
LINUX_PERF      := $(LINUX_DIR)/perf/perf
LINUX_PERF_CPIO := $(LINUX_DIR)/perf.cpio
LINUX_PERF_NO   := LIBELF LIBPERL LIBPYTHON SLANG GTK2 LIBNUMA LIBAUDIT LIBBPF LIBCRYPTO \
		   LIBUNWIND LIBDW_DWARF_UNWIND DEMANGLE LIBZSTD LZMA LIBCAP JVMTI \
		   LIBBABELTRACE BPF_SKEL LIBPFM4 ZLIB
$(LINUX_PERF): $(LINUX_SRC)/Makefile | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) PERF $@
	$(Q)$(MAKE) --no-print-directory -s -C $(LINUX_SRC)/tools/perf O=$(abspath $(@D)) \
		ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- LDFLAGS=-static WERROR=0 \
		$(LINUX_PERF_NO:%=NO_%=1) -j$(NPROC) perf >$(@D)/build.log 2>&1 || \
		{ tail -20 $(@D)/build.log; exit 1; }

$(LINUX_PERF_CPIO): $(LINUX_PERF) $(LINUX_IMAGE) driver/linux/linux.mk
	$(quiet) CPIO $@
	$(Q)riscv64-linux-gnu-strip -o $(LINUX_DIR)/perf/perf.stripped $(LINUX_PERF)
	$(Q){ echo "dir /usr 0755 0 0"; echo "dir /usr/bin 0755 0 0"; echo "dir /tmp 1777 0 0"; \
	  echo "file /usr/bin/perf $(abspath $(LINUX_DIR))/perf/perf.stripped 0755 0 0"; } >$@.list
	$(Q)$(LINUX_OBJ)/usr/gen_init_cpio $@.list >$@.tmp && mv $@.tmp $@

# Programs of Debian's own toolchain and C library (tests/linux/glibc/*.c:
# riscv64-linux-gnu-gcc's rv64gc/lp64d, static glibc), in an initramfs of
# their own for --initrd: glibc's start-up uses F and D, so they need a
# hart with both (teasim --isa rv64imafdc; tests/linux/glibc.sh).
LINUX_GLIBC_PROGRAMS := $(patsubst tests/linux/glibc/%.c,%,$(wildcard tests/linux/glibc/*.c))
LINUX_GLIBC_FILES := $(LINUX_GLIBC_PROGRAMS:%=$(LINUX_ROOTFS)/bin/%)
$(LINUX_GLIBC_FILES): $(LINUX_ROOTFS)/bin/%: tests/linux/glibc/%.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)riscv64-linux-gnu-gcc -static -O2 -Wall -Wextra -Werror -o $@ $< -lm

$(LINUX_GLIBC_CPIO): $(LINUX_GLIBC_FILES) $(LINUX_IMAGE) driver/linux/linux.mk
	$(quiet) CPIO $@
	$(Q){ echo "dir /bin 0755 0 0"; \
	  for f in $(LINUX_GLIBC_PROGRAMS); do \
		echo "file /bin/$$f $(abspath $(LINUX_ROOTFS))/bin/$$f 0755 0 0"; done; } >$@.list
	$(Q)$(LINUX_OBJ)/usr/gen_init_cpio $@.list >$@.tmp && mv $@.tmp $@
