# FPGA boards (docs/boards.md): one folder per board under boards/ with its
# settings (board.conf), top, constraints and memory-controller IP. Per
# board B and kind K (fpga: what the bitstream is built from; sim: the same
# for board-sim, its UART at the core clock / 16) the generated files land
# in $(BUILD)/boards/B/K/: board_settings.svh, board_sim.h, board.dts and
# board.dtb (boards/board-settings.sh), bootrom.elf and bootrom.hex (the
# serial loader of boards/bootrom/ with the device tree after it).
#
#   make board-sim BOARD=B PROGRAM=prog.elf   run a program on B's top
#   make synth BOARD=B                        Yosys: B's top against its part
#   make bitstream BOARD=B / make program BOARD=B   Vivado / openFPGALoader

BOARDS := $(patsubst boards/%/board.conf,%,$(wildcard boards/*/board.conf))
BOARD  ?= genesys2
ifeq ($(filter $(BOARD),$(BOARDS)),)
$(error BOARD=$(BOARD): no such board (there are: $(BOARDS)))
endif

# Setting $(2) of board $(1), read from its board.conf by the shell.
board_conf = $(shell . boards/$(1)/board.conf && echo "$$$(2)")
board_dir = $(BUILD)/boards/$(1)/$(2)

BOARD_RTL_DIRS := boards/xilinx $(RTL_DIRS)
BOARD_SIM_DIRS := boards/sim $(BOARD_RTL_DIRS)
BOARD_SRCS := $(wildcard boards/*/*.sv)

# The boot ROM: freestanding, read-only, its stack at the end of DRAM.
BOOTROM_SRCS := $(wildcard boards/bootrom/*.S boards/bootrom/*.c)
BOOTROM_FLAGS := $(RV_FLAGS) -Os -ffreestanding -nostdlib -Wall -Wextra -Werror -Idriver/include

# $(call board_rules,BOARD,KIND)
define board_rules
$(call board_dir,$(1),$(2))/board_settings.svh: boards/$(1)/board.conf boards/board-settings.sh \
		boards/board.dts
	@mkdir -p $$(@D)
	$$(quiet) GEN $$(@D)
	$$(Q)sh boards/board-settings.sh boards/$(1) $$(@D) $$(CURDIR)/$$(@D)/bootrom.hex \
		$(if $(filter sim,$(2)),sim)

$(call board_dir,$(1),$(2))/board_sim.h $(call board_dir,$(1),$(2))/board.dts: \
	$(call board_dir,$(1),$(2))/board_settings.svh

$(call board_dir,$(1),$(2))/board.dtb: $(call board_dir,$(1),$(2))/board.dts | $$(DEPS_STAMP)
	$$(quiet) DTC $$@
	$$(Q)dtc -q -I dts -O dtb -o $$@ $$<

$(call board_dir,$(1),$(2))/bootrom.elf: $(BOOTROM_SRCS) boards/bootrom/bootrom.ld \
		driver/include/tea/serial_boot.h boards/$(1)/board.conf | $$(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) LD $$@
	$$(Q)$$(RV_CC) $$(BOOTROM_FLAGS) -T boards/bootrom/bootrom.ld \
		-Wl,--defsym=__stack_top=$$$$(( 0x80000000 + $(call board_conf,$(1),BOARD_MEM_BYTES) )) \
		-o $$@ $(BOOTROM_SRCS)

$(call board_dir,$(1),$(2))/bootrom.hex: $(call board_dir,$(1),$(2))/bootrom.elf \
		$(call board_dir,$(1),$(2))/board.dtb boards/bootrom/rom-hex.sh
	$$(quiet) ROM $$@
	$$(Q)sh boards/bootrom/rom-hex.sh $$< $(call board_dir,$(1),$(2))/board.dtb $$@
endef

$(foreach b,$(BOARDS),$(foreach k,fpga sim,$(eval $(call board_rules,$(b),$(k)))))

# board-sim: the board's top Verilated with the models of its clocking and
# memory controller (boards/sim/), Verilator's
# timing making the clocks, and the harness of sim/board/.
# $(call board_sim_rules,BOARD)
define board_sim_rules
$(BUILD)/obj/boards/$(1)/board_sim.o: sim/board/board_sim.c $(call board_dir,$(1),sim)/board_sim.h \
		| $$(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) CC $$@
	$$(Q)$$(CC) $$(CFLAGS_ALL) $$(CPPFLAGS_sim) -I$(call board_dir,$(1),sim) -c $$< -o $$@

$(BUILD)/bin/board-sim-$(1): $(BOARD_SRCS) $(RTL_SRCS) $(RTL_HDRS) sim/board/board_model.cpp \
		$(call board_dir,$(1),sim)/board_settings.svh $(BUILD)/obj/boards/$(1)/board_sim.o \
		$$(SIM_LIB) $$(PICS_LIB) | $(call board_dir,$(1),sim)/bootrom.hex
	@mkdir -p $(BUILD)/board-sim/$(1) $$(@D)
	$$(quiet) VERILATE $$@
	$$(Q)verilator --cc --exe --timing --prefix Vboard -O3 --x-assign fast --x-initial fast \
		--noassert -Wno-fatal --timescale 1ps/1ps -I$(call board_dir,$(1),sim) \
		$(if $(filter large,$(call board_conf,$(1),BOARD_CONFIG)),-DTEA_CONFIG_LARGE) \
		-I$$(RTL_INCDIR) $$(addprefix -y ,$$(BOARD_SIM_DIRS)) --top-module $(1)_top \
		boards/$(1)/$(1)_top.sv $$(CURDIR)/sim/board/board_model.cpp \
		-Mdir $(BUILD)/board-sim/$(1) -o board-sim >$(BUILD)/board-sim/$(1)/build.log 2>&1 || \
		{ tail -30 $(BUILD)/board-sim/$(1)/build.log; exit 1; }
	$$(Q)rm -f $(BUILD)/board-sim/$(1)/board-sim   # its make does not see the C objects change
	$$(Q)$$(MAKE) -s -C $(BUILD)/board-sim/$(1) -f Vboard.mk OPT_FAST="-O2" OPT_SLOW="-O1" \
		USER_CPPFLAGS="-I$$(CURDIR)/sim -I$$(CURDIR)/$(call board_dir,$(1),sim)" \
		USER_LDLIBS="$$(addprefix $$(CURDIR)/,$(BUILD)/obj/boards/$(1)/board_sim.o \
			$$(SIM_LIB) $$(PICS_LIB)) $$(LIBS)" \
		VM_PARALLEL_BUILDS=1 board-sim >>$(BUILD)/board-sim/$(1)/build.log 2>&1 || \
		{ tail -30 $(BUILD)/board-sim/$(1)/build.log; exit 1; }
	$$(Q)cp $(BUILD)/board-sim/$(1)/board-sim $$@
endef

$(foreach b,$(BOARDS),$(eval $(call board_sim_rules,$(b))))

# The binary reads the boot ROM's image when it starts.
.PHONY: board-sim
board-sim: $(BUILD)/bin/board-sim-$(BOARD) $(call board_dir,$(BOARD),sim)/bootrom.hex
	@test -n "$(PROGRAM)" || { echo "make board-sim: set PROGRAM=prog.elf" >&2; exit 2; }
	$(BUILD)/bin/board-sim-$(BOARD) $(BOARD_SIM_FLAGS) $(PROGRAM)

# ---- synthesis (Yosys) ----
# `make synth` runs Yosys synth_xilinx on the SoC top and prints LUT/FF/
# BRAM/DSP counts, kept in $(BUILD)/synth/<config>[-notea][-<top>].txt.
# CONFIG=large synthesizes the large config; TOP=<module> synthesizes
# another module (e.g. TOP=fetch_buffer), PARAMS="NAME=VALUE ..." with the
# parameters it has in the core; TEA=off builds without the TEA hardware
# (-DTEA_OFF). `make synth BOARD=B` synthesizes board B's top for
# its part and checks its LUTs against the board's budget (board.conf):
# $(BUILD)/synth/B.txt, and B.modules with each module's LUTs and
# flip-flops.

TOP    ?= tea_soc
TEA    ?= on

.PHONY: synth
ifeq ($(origin BOARD),command line)
synth: $(RTL_SRCS) $(RTL_HDRS) $(BOARD_SRCS) $(call board_dir,$(BOARD),fpga)/board_settings.svh \
		$(call board_dir,$(BOARD),fpga)/bootrom.hex | $(DEPS_STAMP)
	$(quiet) SYNTH "$(BOARD)_top ($(call board_conf,$(BOARD),BOARD_PART))"
	$(Q)sh boards/synth/synth.sh --board boards/$(BOARD) $(call board_dir,$(BOARD),fpga) $(BUILD)/synth
else
synth: $(RTL_SRCS) $(RTL_HDRS) | $(DEPS_STAMP)
	$(quiet) SYNTH "$(TOP) ($(CONFIG), TEA $(TEA))"
	$(Q)sh boards/synth/synth.sh $(CONFIG) $(TOP) $(BUILD)/synth $(TEA) $(PARAMS)
endif

# ---- bitstream and programming (Vivado, openFPGALoader) ----
# `make bitstream BOARD=B` runs boards/vivado/build.tcl (non-project mode)
# on B's top and RTL, or with SYNTH=yosys on the netlist `make synth
# BOARD=B` wrote; everything lands in $(BUILD)/boards/B/vivado/.
# `make program BOARD=B` loads the bitstream over JTAG with openFPGALoader,
# FLASH=1 writes it to the configuration flash instead (openFPGALoader's
# SPI bridge; the .mcs image is for Vivado's hardware manager).
SYNTH ?= vivado
vivado_dir = $(BUILD)/boards/$(1)/vivado

.PHONY: bitstream program
bitstream: $(RTL_SRCS) $(RTL_HDRS) $(BOARD_SRCS) $(call board_dir,$(BOARD),fpga)/board_settings.svh \
		$(call board_dir,$(BOARD),fpga)/bootrom.hex $(if $(filter yosys,$(SYNTH)),synth)
	@command -v vivado >/dev/null 2>&1 || { echo "make bitstream: vivado is not on PATH" \
		"(Xilinx Vivado, not a Debian package; docs/boards.md)" >&2; exit 1; }
	@mkdir -p $(call vivado_dir,$(BOARD))
	@{ echo "set tea_board $(BOARD)"; \
	   echo "set tea_board_dir $(CURDIR)/boards/$(BOARD)"; \
	   echo "set tea_part $(call board_conf,$(BOARD),BOARD_PART)"; \
	   echo "set tea_top $(BOARD)_top"; \
	   echo "set tea_out $(abspath $(call vivado_dir,$(BOARD)))"; \
	   echo "set tea_sources {$(addprefix $(CURDIR)/,boards/$(BOARD)/$(BOARD)_top.sv \
		$(wildcard boards/xilinx/*.sv) $(RTL_SRCS))}"; \
	   echo "set tea_incdirs {$(CURDIR)/$(RTL_INCDIR) $(abspath $(call board_dir,$(BOARD),fpga))}"; \
	   echo "set tea_defines {$(if $(filter large,$(call board_conf,$(BOARD),BOARD_CONFIG)),TEA_CONFIG_LARGE)}"; \
	   echo "set tea_netlist {$(if $(filter yosys,$(SYNTH)),$(abspath $(BUILD)/synth/$(BOARD).edf))}"; \
	   echo "set tea_flash_if $(call board_conf,$(BOARD),BOARD_FLASH_IF)"; \
	   echo "set tea_flash_mb $(call board_conf,$(BOARD),BOARD_FLASH_MB)"; \
	} >$(call vivado_dir,$(BOARD))/settings.tcl
	cd $(call vivado_dir,$(BOARD)) && vivado -mode batch -nojournal -log vivado.log \
		-source $(CURDIR)/boards/vivado/build.tcl -tclargs settings.tcl

program: | $(DEPS_STAMP)
	@command -v openFPGALoader >/dev/null 2>&1 || { echo "make program: openFPGALoader is not" \
		"installed (Debian package openfpgaloader)" >&2; exit 1; }
	@test -n "$(call board_conf,$(BOARD),BOARD_LOADER)" || { echo "make program: openFPGALoader" \
		"has no $(BOARD) board; load $(call vivado_dir,$(BOARD))/$(BOARD)_top.bit with" \
		"Vivado's hardware manager (docs/boards.md)" >&2; exit 1; }
	openFPGALoader -b $(call board_conf,$(BOARD),BOARD_LOADER) $(if $(FLASH),-f) \
		$(call vivado_dir,$(BOARD))/$(BOARD)_top.bit
