# Synthesis for FPGA boards. `make synth` runs Yosys synth_xilinx (7-series)
# on the SoC top and prints LUT/FF/BRAM/DSP counts, kept in
# $(BUILD)/synth/<config>[-notea][-<top>].txt. CONFIG=large synthesizes the
# large config; TOP=<module> synthesizes another module (e.g.
# TOP=fetch_buffer); TEA=off builds without the TEA hardware (-DTEA_OFF).

CONFIG ?= default
TOP    ?= tea_soc
TEA    ?= on

.PHONY: synth
synth: $(RTL_SRCS) $(RTL_HDRS) | $(DEPS_STAMP)
	$(quiet) SYNTH "$(TOP) ($(CONFIG), TEA $(TEA))"
	$(Q)sh boards/synth/synth.sh $(CONFIG) $(TOP) $(BUILD)/synth $(TEA)
