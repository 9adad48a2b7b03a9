# The FPGA boards (docs/boards.md), without Vivado: each board's pins
# against its top (boards/check-pins.sh, and a broken copy it must refuse),
# its device tree against its board.conf and booting Linux on the ISS, its
# top linted with the models of the Xilinx IP, and its top in board-sim
# running programs and TEA's interrupt-driven sampling: the Genesys2 in
# make test, all three in make test-long.

BOARD_TEST_SIM := genesys2

$(RESULTS)/boards/pins-%: boards/%/board.conf boards/check-pins.sh FORCE
	@$(RUN_TEST) $@ 60 sh boards/check-pins.sh boards/$*

$(RESULTS)/boards/pins-refused: tests/boards/pins-refused.sh boards/check-pins.sh FORCE
	@$(RUN_TEST) $@ 60 sh tests/boards/pins-refused.sh $(BUILD)/tests/pins-refused

# make synth's script on what takes Yosys seconds (the boards' own runs take
# one to two hours each: docs/results.md).
$(RESULTS)/boards/synth-args: boards/synth/synth.sh boards/synth/modules.awk tests/boards/synth-args.sh FORCE
	@$(RUN_TEST) $@ 120 sh tests/boards/synth-args.sh $(BUILD)/tests/synth-args

$(RESULTS)/boards/dtb-%: $(BUILD)/boards/%/fpga/board.dtb tests/boards/check-dtb.sh FORCE
	@$(RUN_TEST) $@ 60 sh tests/boards/check-dtb.sh boards/$* $<

$(RESULTS)/boards/linux-%: $(BUILD)/boards/%/fpga/board.dtb $(LINUX_IMAGE) $(BUILD)/bin/teasim \
		tests/boards/linux-dtb.sh FORCE
	@$(RUN_TEST) $@ 300 sh tests/boards/linux-dtb.sh boards/$* $(BUILD)/bin/teasim $(LINUX_IMAGE) \
		$< $(BUILD)/tests/linux-dtb-$*

# The board's synthesizable sources (-Wall), with the models standing for
# the Xilinx primitives and memory controllers.
$(RESULTS)/boards/lint-%: $(BUILD)/boards/%/fpga/board_settings.svh $(BOARD_SRCS) $(RTL_SRCS) FORCE
	@$(RUN_TEST) $@ 300 verilator --lint-only -Wall --timing --timescale 1ps/1ps \
		-Wno-PINCONNECTEMPTY -I$(BUILD)/boards/$*/fpga -I$(RTL_INCDIR) \
		$(addprefix -y ,$(BOARD_SIM_DIRS)) --top-module $*_top boards/$*/$*_top.sv

BOARD_STATIC_RESULTS := $(RESULTS)/boards/pins-refused $(RESULTS)/boards/synth-args \
	$(foreach b,$(BOARDS),$(RESULTS)/boards/pins-$(b) $(RESULTS)/boards/dtb-$(b) \
		$(RESULTS)/boards/linux-$(b) $(RESULTS)/boards/lint-$(b))

# $(call board_sim_tests,BOARD): hello (console), exit-code sent whole over
# the UART (status 3, its atexit handler's line), irq-sampling (the samples
# back through the console, and what they blame), and teaperf record
# --serial and teaperf boot on the board's UART as a pseudo-terminal.
define board_sim_tests
$(RESULTS)/boards/$(1)/hello: $(BUILD)/bin/board-sim-$(1) $(call board_dir,$(1),sim)/bootrom.hex \
		$(BUILD)/programs/hello.elf FORCE
	@$$(RUN_TEST) $$@ 300 sh tests/boards/board-sim-test.sh run $(BUILD)/bin/board-sim-$(1) 0 \
		"hello: ok" $(BUILD)/programs/hello.elf

$(RESULTS)/boards/$(1)/exit-code-serial: $(BUILD)/bin/board-sim-$(1) \
		$(call board_dir,$(1),sim)/bootrom.hex $(BUILD)/programs/exit-code.elf FORCE
	@$$(RUN_TEST) $$@ 600 sh tests/boards/board-sim-test.sh run $(BUILD)/bin/board-sim-$(1) 3 \
		"atexit handler ran" $(BUILD)/programs/exit-code.elf --serial

$(RESULTS)/boards/$(1)/serial-host: $(BUILD)/bin/board-sim-$(1) \
		$(call board_dir,$(1),sim)/bootrom.hex $(call board_dir,$(1),sim)/board.dtb \
		$(BUILD)/tea-tests/irq-sampling.elf $(BUILD)/programs/argv.elf \
		$(BUILD)/programs/boot-image.elf $(BUILD)/bin/teaperf tests/boards/serial-host.sh FORCE
	@$$(RUN_TEST) $$@ 900 sh tests/boards/serial-host.sh $(BUILD)/bin/board-sim-$(1) \
		$(BUILD)/bin/teaperf $(call board_dir,$(1),sim)/board.dtb \
		$(BUILD)/tea-tests/irq-sampling.elf $(BUILD)/programs/argv.elf \
		$(BUILD)/programs/boot-image.elf $(BUILD)/tests/serial-host-$(1)

$(RESULTS)/boards/$(1)/irq-sampling: $(BUILD)/bin/board-sim-$(1) \
		$(call board_dir,$(1),sim)/bootrom.hex $(BUILD)/tea-tests/irq-sampling.elf \
		$(BUILD)/bin/teaperf FORCE
	@$$(RUN_TEST) $$@ 600 sh tests/boards/board-sim-test.sh tea $(BUILD)/bin/board-sim-$(1) \
		$(BUILD)/bin/teaperf $(RESULTS)/boards/$(1)/irq-sampling.tea \
		$(BUILD)/tea-tests/irq-sampling.elf
endef
$(foreach b,$(BOARDS),$(eval $(call board_sim_tests,$(b))))
board_sim_results = $(addprefix $(RESULTS)/boards/$(1)/,hello exit-code-serial irq-sampling \
	serial-host)

TEST_RESULTS += $(BOARD_STATIC_RESULTS) $(call board_sim_results,$(BOARD_TEST_SIM))
TEST_LONG_RESULTS += $(foreach b,$(filter-out $(BOARD_TEST_SIM),$(BOARDS)),\
	$(call board_sim_results,$(b)))

.PHONY: test-boards
test-boards: $(BOARD_STATIC_RESULTS) $(foreach b,$(BOARDS),$(call board_sim_results,$(b)))
	@scripts/test-summary.sh $^
