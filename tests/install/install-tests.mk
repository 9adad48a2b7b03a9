# The manual pages: groff-clean, one per command teaperf --help lists, each
# naming the command's options (tests/install/man.sh).
$(RESULTS)/install/man: $(BUILD)/bin/teaperf $(BUILD)/bin/teasim tests/install/man.sh \
		$(wildcard docs/man/*) FORCE
	@$(RUN_TEST) $@ 60 bash tests/install/man.sh $(BUILD)/bin/teaperf $(BUILD)/bin/teasim
TEST_RESULTS += $(RESULTS)/install/man

# make install into a temporary DESTDIR and PREFIX, the installed tools run
# from there, make uninstall (tests/install/install.sh). The prerequisites
# are install's, built here so that the test's make install only copies,
# and the Linux image, which teaperf record --sim --linux finds installed.
$(RESULTS)/install/install: $(INSTALL_TEASIM) $(BUILD)/bin/teaperf $(RTL_LIB) $(PICS_LIB) $(PICS_SO) \
		$(LINUX_IMAGE) $(LINUX_CPIO) \
		$(BUILD)/programs/hello.elf tests/install/install.sh scripts/install.sh scripts/install.mk \
		$(wildcard docs/man/*) perf-tool/completion/teaperf FORCE
	@$(RUN_TEST) $@ 300 bash tests/install/install.sh $(MAKE) $(BUILD) $(BUILD)/tests/install \
		$(BUILD)/programs/hello.elf
TEST_RESULTS += $(RESULTS)/install/install

# make deb: the two packages, disjoint, run unpacked (tests/install/deb.sh).
$(RESULTS)/install/deb: $(INSTALL_TEASIM) $(BUILD)/bin/teaperf $(RTL_LIB) $(PICS_LIB) $(PICS_SO) \
		$(BUILD)/programs/hello.elf tests/install/deb.sh scripts/deb.sh scripts/install.sh \
		scripts/install.mk FORCE
	@$(RUN_TEST) $@ 300 bash tests/install/deb.sh $(MAKE) $(BUILD) $(BUILD)/tests/deb \
		$(BUILD)/programs/hello.elf
TEST_RESULTS += $(RESULTS)/install/deb
