# The host's C under AddressSanitizer and UndefinedBehaviorSanitizer, in
# `make test-long`: teaperf, teasim and the unit tests built again with
# SANITIZE=1 (Makefile) in $(SAN_BUILD), then the unit tests and the
# command-line tests run against them. The RISC-V programs and the RTL
# backend that teasim --rtl loads are the main build's, not built again:
# they are no host C the sanitizers check.

SAN_BUILD := $(BUILD)/asan
# A bad access or undefined behaviour ends the program with an error
# status, which fails its test; so does a leak in a unit test, where the
# library must free what it allocates. The commands are not checked for
# leaks: what a command still holds when it returns from main (after an
# error, say) the exit frees, and whether LeakSanitizer sees it depends on
# what the stack still holds then.
SAN_ENV := UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
SAN_UNIT_ENV := $(SAN_ENV) ASAN_OPTIONS=detect_leaks=1
SAN_CMD_ENV := $(SAN_ENV) ASAN_OPTIONS=detect_leaks=0

# The host's C programs, without the RTL: what SANITIZE=1 is for.
.PHONY: host-c sanitize-build
host-c: $(BUILD)/bin/teaperf $(TEASIM) $(UNIT_BINS)

sanitize-build: | $(DEPS_STAMP)
	@$(MAKE) --no-print-directory SANITIZE=1 BUILD=$(SAN_BUILD) DEPS_STAMP=$(DEPS_STAMP) host-c

SAN_RESULTS := $(UNIT_BINS:$(BUILD)/tests/unit/%=$(RESULTS)/sanitize/unit/%)
$(RESULTS)/sanitize/unit/%: sanitize-build FORCE
	@$(RUN_TEST) $@ 900 env $(SAN_UNIT_ENV) $(SAN_BUILD)/tests/unit/$*

# teaperf's command-line tests (tests/teaperf/*.sh), each as make test
# runs it.
SAN_TEAPERF := e2e linux symfs perf-data callgraph
SAN_RESULTS += $(SAN_TEAPERF:%=$(RESULTS)/sanitize/teaperf-%)
$(RESULTS)/sanitize/teaperf-%: sanitize-build tests/teaperf/%.sh FORCE
	@$(RUN_TEST) $@ 600 env $(SAN_CMD_ENV) bash tests/teaperf/$*.sh $(SAN_BUILD)/bin/teaperf \
		$(SAN_BUILD)/tests/teaperf-$*

# teasim's command line, its --rtl runs on the main build's backend (a link
# in lib/ beside the sanitized teasim, where --rtl looks).
SAN_RESULTS += $(RESULTS)/sanitize/teasim-cli
$(RESULTS)/sanitize/teasim-cli: sanitize-build $(call rtl_lib,default) tests/teasim/cli.sh \
		$(BUILD)/programs/hello.elf $(BUILD)/programs/exit-code.elf \
		$(BUILD)/programs/semihost-hello.elf $(BUILD)/programs/semihost-exit.elf FORCE
	@mkdir -p $(SAN_BUILD)/lib
	@ln -sf $(abspath $(call rtl_lib,default)) $(SAN_BUILD)/lib/
	@$(RUN_TEST) $@ 900 env $(SAN_CMD_ENV) tests/teasim/cli.sh $(SAN_BUILD)/bin/teasim $(BUILD)/programs \
		$(SAN_BUILD)/tests/teasim

TEST_LONG_RESULTS += $(SAN_RESULTS)
