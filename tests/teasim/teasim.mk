# teasim's command line, end to end (tests/teasim/cli.sh); its RTL runs are
# the default configuration's.
$(RESULTS)/teasim/cli: $(BUILD)/bin/teasim $(call rtl_lib,default) tests/teasim/cli.sh tests/teasim/lib.sh \
		$(BUILD)/programs/hello.elf $(BUILD)/programs/exit-code.elf \
		$(BUILD)/programs/semihost-hello.elf $(BUILD)/programs/semihost-exit.elf FORCE
	@$(RUN_TEST) $@ 120 tests/teasim/cli.sh $(BUILD)/bin/teasim $(BUILD)/programs $(BUILD)/tests/teasim
TEST_RESULTS += $(RESULTS)/teasim/cli

# The ISS builds without Verilator (sim/sim.mk): of every command that
# builds $(BUILD)/bin/teasim from nothing (make -n -B), none Verilates or
# builds an RTL backend. Read-only: -n runs no recipe.
$(RESULTS)/teasim/iss-only: FORCE
	@$(RUN_TEST) $@ 60 sh -c 'out=$$($(MAKE) -n -B --no-print-directory BUILD=$(BUILD) \
		$(BUILD)/bin/teasim) || exit 1; \
		echo "$$out" | grep -q "LD .*$(BUILD)/bin/teasim" || \
		{ echo "make -n -B does not link $(BUILD)/bin/teasim"; exit 1; }; \
		! echo "$$out" | grep -Ei "verilat|teasim-rtl|c\+\+" || \
		{ echo "building $(BUILD)/bin/teasim needs the RTL (above)"; exit 1; }; \
		echo "$(BUILD)/bin/teasim builds from C alone: $$(echo "$$out" | grep -c "CC ") compiles"'
TEST_RESULTS += $(RESULTS)/teasim/iss-only

# Checkpoints on the ISS (tests/teasim/checkpoint.sh): bare-metal programs
# and a Linux boot stopped and restored (at counts, a symbol, a marker),
# and bad checkpoint files.
$(RESULTS)/teasim/checkpoint: $(BUILD)/bin/teasim tests/teasim/checkpoint.sh tests/teasim/lib.sh \
		$(BUILD)/programs/hello.elf $(BUILD)/programs/timer.elf $(BUILD)/programs/checksum.elf \
		$(BUILD)/programs/paging.elf $(BUILD)/programs/semihost-exit.elf \
		$(BUILD)/programs/marker.elf \
		$(LINUX_IMAGE) $(LINUX_CPIO) FORCE
	@$(RUN_TEST) $@ 300 tests/teasim/checkpoint.sh $(BUILD)/bin/teasim $(BUILD)/programs \
		$(LINUX_IMAGE) $(LINUX_CPIO) $(BUILD)/tests/teasim/checkpoint
TEST_RESULTS += $(RESULTS)/teasim/checkpoint

# The RTL takes over from the ISS (tests/teasim/checkpoint-rtl.sh):
# --fast-forward and --restore into the RTL give the straight run's commit
# log, output and status; --warmup; errors. In make test-long also a Linux
# boot on the ISS whose command runs on the RTL.
CHECKPOINT_RTL_DEPS := $(BUILD)/bin/teasim $(call rtl_lib,default) tests/teasim/checkpoint-rtl.sh \
	tests/teasim/lib.sh \
	$(BUILD)/programs/hello.elf $(BUILD)/programs/timer.elf $(BUILD)/programs/checksum.elf \
	$(BUILD)/programs/paging.elf $(BUILD)/programs/semihost-exit.elf $(BUILD)/programs/marker.elf
$(RESULTS)/teasim/checkpoint-rtl: $(CHECKPOINT_RTL_DEPS) FORCE
	@$(RUN_TEST) $@ 600 tests/teasim/checkpoint-rtl.sh $(BUILD)/bin/teasim $(BUILD)/programs \
		$(BUILD)/tests/teasim/checkpoint-rtl
TEST_RESULTS += $(RESULTS)/teasim/checkpoint-rtl

$(RESULTS)/teasim/checkpoint-rtl-linux: $(CHECKPOINT_RTL_DEPS) $(LINUX_IMAGE) $(LINUX_CPIO) FORCE
	@$(RUN_TEST) $@ 3600 tests/teasim/checkpoint-rtl.sh $(BUILD)/bin/teasim $(BUILD)/programs \
		$(BUILD)/tests/teasim/checkpoint-rtl-linux $(LINUX_IMAGE) $(LINUX_CPIO)
TEST_LONG_RESULTS += $(RESULTS)/teasim/checkpoint-rtl-linux

# Sampled simulation (tests/teasim/sampled.sh): output and status as the
# straight run's, the windows where they belong, the estimate and its
# interval as the windows give them, the golden reference the windows'.
$(RESULTS)/teasim/sampled: $(BUILD)/bin/teasim $(BUILD)/bin/teaperf $(call rtl_lib,default) \
		tests/teasim/sampled.sh tests/teasim/lib.sh $(BUILD)/programs/checksum.elf FORCE
	@$(RUN_TEST) $@ 300 tests/teasim/sampled.sh $(BUILD)/bin/teasim $(BUILD)/bin/teaperf \
		$(BUILD)/programs $(BUILD)/tests/teasim/sampled
TEST_RESULTS += $(RESULTS)/teasim/sampled

# ... and on the large configuration, bare metal (make test-long).
$(RESULTS)/teasim/checkpoint-rtl-large: $(filter-out $(call rtl_lib,default),$(CHECKPOINT_RTL_DEPS)) \
		$(call rtl_lib,large) FORCE
	@TEASIM_CONFIG=large $(RUN_TEST) $@ 1200 tests/teasim/checkpoint-rtl.sh $(BUILD)/bin/teasim \
		$(BUILD)/programs $(BUILD)/tests/teasim/checkpoint-rtl-large
TEST_LONG_RESULTS += $(RESULTS)/teasim/checkpoint-rtl-large
