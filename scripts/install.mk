# make install and make uninstall (docs/building.md), with the GNU
# directory variables: PREFIX (or prefix) defaults to /usr/local, DESTDIR
# stages the tree for a package. scripts/install.sh copies the files and
# keeps the manifest that make uninstall reads.
#   bindir      teasim, teaperf (which finds teasim beside itself)
#   libdir      tea/teasim-rtl-<config>.so, libpics.a, libpics.so,
#               pkgconfig/libpics.pc
#   includedir  tea/pics.h and the headers it includes (with
#               tea/sample_format.h, which pics_meta.h takes from the
#               driver's headers)
#   datadir     tea/linux/ (make linux's Image, cpio archives, vmlinux,
#               rootfs), bash-completion/completions/teaperf
#   mandir      man1/, man5/ (docs/man/)
PREFIX      ?= /usr/local
prefix      ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir      ?= $(exec_prefix)/bin
libdir      ?= $(exec_prefix)/lib
includedir  ?= $(prefix)/include
datarootdir ?= $(prefix)/share
datadir     ?= $(datarootdir)
mandir      ?= $(datarootdir)/man
TEA_VERSION ?= 0.1

# The installed teasim and libpics.pc are made here: make deb and the
# install test name folders of their own.
INSTALL_DIR ?= $(BUILD)/install
INSTALL_MANIFEST = $(datadir)/tea/install-manifest

.PHONY: install uninstall libpics-shared

# The installed teasim is a copy linked with the libdir compiled in
# (sim/teasim/backend.c), so the build tree's own teasim names no system
# path and is not relinked by an install. The libdir file changes only
# when the libdir does, and with it the copy's backend.o.
INSTALL_TEASIM := $(INSTALL_DIR)/bin/teasim

$(INSTALL_DIR)/libdir: FORCE
	@mkdir -p $(@D)
	@echo '$(libdir)' | cmp -s - $@ 2>/dev/null || echo '$(libdir)' >$@

$(INSTALL_DIR)/obj/backend.o: sim/teasim/backend.c $(INSTALL_DIR)/libdir | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(CC) $(CFLAGS_ALL) $(CPPFLAGS_sim) -DTEA_LIBDIR='"$(libdir)"' -c $< -o $@

$(INSTALL_TEASIM): $(filter-out %/backend.o,$(SIM_BIN_SRCS:%.c=$(BUILD)/obj/%.o)) \
		$(INSTALL_DIR)/obj/backend.o $(SIM_LIB) $(PICS_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS) -lm

# libpics as a shared library, from position-independent objects of its
# own ($(BUILD)/obj-pic), so the static build is untouched. The soname's
# number changes when the library's interface breaks.
PICS_SO_MAJOR := 0
PICS_SONAME   := libpics.so.$(PICS_SO_MAJOR)
PICS_SO       := $(BUILD)/lib/$(PICS_SONAME)

$(BUILD)/obj-pic/%.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $<
	$(Q)$(CC) $(CFLAGS_ALL) $(CPPFLAGS_$(firstword $(subst /, ,$<))) -fPIC -c $< -o $@

$(PICS_SO): $(PICS_SRCS:%.c=$(BUILD)/obj-pic/%.o)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -shared -Wl,-soname,$(PICS_SONAME) -Wl,-z,defs -o $@ $^ -lelf -ldw -lm

libpics-shared: $(PICS_SO)

# What install puts where: KIND SOURCE DEST triples for scripts/install.sh;
# '?' marks what only some build trees have.
MAN_PAGES := $(wildcard docs/man/*.[1-9])
INSTALL_LINUX_FILES := Image tea.cpio perf.cpio glibc.cpio vmlinux
install_list = \
	bin $(INSTALL_TEASIM) $(bindir)/teasim \
	bin $(BUILD)/bin/teaperf $(bindir)/teaperf \
	$(foreach c,$(RTL_CONFIGS),?data $(call rtl_lib,$(c)) $(libdir)/tea/teasim-rtl-$(c).so) \
	data $(PICS_LIB) $(libdir)/libpics.a \
	data $(PICS_SO) $(libdir)/$(PICS_SONAME) \
	link $(PICS_SONAME) $(libdir)/libpics.so \
	$(foreach h,$(PICS_HEADERS),data $(h) $(includedir)/tea/$(notdir $(h))) \
	data driver/include/tea/sample_format.h $(includedir)/tea/sample_format.h \
	data $(INSTALL_DIR)/libpics.pc $(libdir)/pkgconfig/libpics.pc \
	$(foreach m,$(MAN_PAGES),data $(m) $(mandir)/man$(subst .,,$(suffix $(m)))/$(notdir $(m))) \
	data perf-tool/completion/teaperf $(datadir)/bash-completion/completions/teaperf \
	$(foreach f,$(INSTALL_LINUX_FILES),?data $(LINUX_DIR)/$(f) $(datadir)/tea/linux/$(f)) \
	?bin $(LINUX_DIR)/gen_init_cpio $(datadir)/tea/linux/gen_init_cpio \
	?tree $(LINUX_ROOTFS) $(datadir)/tea/linux/rootfs

# pkg-config's file, written with the directories of this install: pics.h
# from includedir/tea, tea/sample_format.h from includedir.
$(INSTALL_DIR)/libpics.pc: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' 'prefix=$(prefix)' 'libdir=$(libdir)' 'includedir=$(includedir)' '' \
		'Name: libpics' \
		'Description: TEA sample and profile files, per-instruction cycle stacks' \
		'Version: $(TEA_VERSION)' \
		'Cflags: -I$${includedir}/tea -I$${includedir}' \
		'Libs: -L$${libdir} -lpics' \
		'Requires.private: libelf libdw' \
		'Libs.private: -lm' >$@

# The configuration's RTL library is built as by make; the others are
# installed when they have been built (make teasim-rtl-<config>).
install: $(INSTALL_TEASIM) $(BUILD)/bin/teaperf $(RTL_LIB) $(PICS_LIB) $(PICS_SO) $(INSTALL_DIR)/libpics.pc
	$(Q)DESTDIR='$(DESTDIR)' scripts/install.sh install '$(INSTALL_MANIFEST)' $(install_list)

uninstall:
	$(Q)DESTDIR='$(DESTDIR)' scripts/install.sh uninstall '$(INSTALL_MANIFEST)'

-include $(wildcard $(INSTALL_DIR)/obj/*.d $(BUILD)/obj-pic/pics/*.d)

# make deb: tea-sim and tea-tools, Debian packages of a staged install
# (scripts/deb.sh), in $(BUILD)/deb/.
.PHONY: deb
deb: $(INSTALL_TEASIM) $(BUILD)/bin/teaperf $(RTL_LIB) $(PICS_LIB) $(PICS_SO)
	$(Q)scripts/deb.sh $(MAKE) $(BUILD) $(TEA_VERSION) $(PICS_SO_MAJOR)
