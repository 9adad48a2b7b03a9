# RTL unit benches: each tests/rtl/<module>_tb.sv is a self-checking
# SystemVerilog bench built with Verilator --binary; it passes when it exits 0.

RTL_TB_SRCS := $(wildcard tests/rtl/*_tb.sv)
RTL_TB_BINS := $(RTL_TB_SRCS:tests/rtl/%.sv=$(BUILD)/rtl-tb/%/Vtb)

$(BUILD)/rtl-tb/%/Vtb: tests/rtl/%.sv $(RTL_SRCS) $(RTL_HDRS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) VERILATE $@
	$(Q)verilator --binary --timing -Wno-fatal -I$(RTL_INCDIR) $(addprefix -y ,$(RTL_DIRS)) \
		--top-module $* -Mdir $(@D) -o Vtb $< >$(@D)/build.log 2>&1 || \
		{ tail -30 $(@D)/build.log; exit 1; }

$(RESULTS)/rtl/%: $(BUILD)/rtl-tb/%/Vtb FORCE
	@$(RUN_TEST) $@ 300 sh -c '$< | tee /dev/stderr | grep -q "^PASS"'
TEST_RESULTS += $(RTL_TB_SRCS:tests/rtl/%.sv=$(RESULTS)/rtl/%)
