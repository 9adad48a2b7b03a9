# RTL unit benches. Two kinds, both passing when they exit 0 and print a line
# starting with PASS:
# - tests/rtl/<bench>_tb.sv: a self-checking SystemVerilog bench built with
#   Verilator --binary; its result is $(RESULTS)/rtl/<bench>_tb.
# - tests/rtl/<module>_tb.cpp: a C++ bench driving the RTL module <module>
#   (found by name under rtl/), linked with libteasim.a so that it can compare
#   against the reference ISS; its result is $(RESULTS)/rtl/<module>. When
#   tests/rtl/<module>_tb_top.sv exists it is the top instead: a wrapper that
#   flattens packed structs into plain ports the C++ side can read.

RTL_TB_VFLAGS := -Wno-fatal -I$(RTL_INCDIR) $(addprefix -y ,$(RTL_DIRS))

# Runs bench $(1), keeping its output in $(1).out for the log.
rtl_tb_run = sh -c '$(1) >$(1).out 2>&1; rc=$$?; cat $(1).out; \
	[ $$rc -eq 0 ] && grep -q "^PASS" $(1).out'

RTL_TB_SRCS := $(wildcard tests/rtl/*_tb.sv)
RTL_TB_RESULTS := $(RTL_TB_SRCS:tests/rtl/%.sv=$(RESULTS)/rtl/%)

$(BUILD)/rtl-tb/%/Vtb: tests/rtl/%.sv $(RTL_SRCS) $(RTL_HDRS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) VERILATE $@
	$(Q)verilator --binary --timing $(RTL_TB_VFLAGS) \
		--top-module $* -Mdir $(@D) -o Vtb $< >$(@D)/build.log 2>&1 || \
		{ tail -30 $(@D)/build.log; exit 1; }

$(RTL_TB_RESULTS): $(RESULTS)/rtl/%: $(BUILD)/rtl-tb/%/Vtb FORCE
	@$(RUN_TEST) $@ 300 $(call rtl_tb_run,$<)

# C++ benches. Verilated code is compiled with -O1: these benches run for
# seconds, and compile time dominates on the 2-core CI machine.
# <module>_TB_VFLAGS adds Verilator flags for one bench, <module>_TB_CSRCS
# C++ files beside <module>_tb.cpp (a name not ending in _tb.cpp).
RTL_CPP_TB_MODULES := $(patsubst tests/rtl/%_tb.cpp,%,$(wildcard tests/rtl/*_tb.cpp))
RTL_CPP_TB_RESULTS := $(RTL_CPP_TB_MODULES:%=$(RESULTS)/rtl/%)
# lsu_tb checks the commit-trace outputs, which exist for the trace port only
lsu_TB_VFLAGS := -DTEA_TRACE
lsu_TB_CSRCS := tests/rtl/lsu_tb_model.cpp
tea_sampler_TB_CSRCS := tests/rtl/tea_sampler_tb_directed.cpp tests/rtl/tea_sampler_tb_buffer.cpp \
	tests/rtl/tea_sampler_tb_random.cpp

# $(1): module under test. The bench's top is its wrapper when there is one.
define rtl_cpp_tb_rule
$(1)_TB_TOP := $(if $(wildcard tests/rtl/$(1)_tb_top.sv),$(1)_tb_top,$(1))
$(1)_TB_VSRC := $(firstword $(wildcard tests/rtl/$(1)_tb_top.sv) $(filter %/$(1).sv,$(RTL_SRCS)))

$(BUILD)/rtl-cpp/$(1)/Vtb: tests/rtl/$(1)_tb.cpp $$($(1)_TB_CSRCS) $$($(1)_TB_VSRC) $(RTL_SRCS) \
		$(RTL_HDRS) $(wildcard tests/rtl/*.h) $(SIM_LIB) | $(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) VERILATE $$@
	$(Q)verilator --cc --exe --build $(RTL_TB_VFLAGS) $$($(1)_TB_VFLAGS) \
		--top-module $$($(1)_TB_TOP) \
		-Mdir $$(@D) -o Vtb -CFLAGS "-O1 -MP -I$(CURDIR)/sim -I$(CURDIR)/pics -I$(CURDIR)/driver/include" \
		-LDFLAGS "$(abspath $(SIM_LIB)) $(LIBS)" \
		$$($(1)_TB_VSRC) $(CURDIR)/tests/rtl/$(1)_tb.cpp $$(addprefix $(CURDIR)/,$$($(1)_TB_CSRCS)) \
		>$$(@D)/build.log 2>&1 || \
		{ tail -30 $$(@D)/build.log; exit 1; }

$(RESULTS)/rtl/$(1): $(BUILD)/rtl-cpp/$(1)/Vtb FORCE
	@$(RUN_TEST) $$@ 300 $$(call rtl_tb_run,$$<)
endef
$(foreach m,$(RTL_CPP_TB_MODULES),$(eval $(call rtl_cpp_tb_rule,$(m))))

# Tests of the whole SoC through teasim's RTL backend (sim/rtl/rtl_soc.h):
# tests/rtl/<name>_test.c linked with the objects of the default
# configuration's library; the result is $(RESULTS)/rtl/<name>.
RTL_SOC_TESTS := $(patsubst tests/rtl/%_test.c,%,$(wildcard tests/rtl/*_test.c))
RTL_SOC_TEST_RESULTS := $(RTL_SOC_TESTS:%=$(RESULTS)/rtl/%)

$(BUILD)/tests/rtl/%_test: $(BUILD)/obj/tests/rtl/%_test.o $(call rtl_lib_objs,default) \
		$(SIM_LIB) $(PICS_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CXX) $(OPT) -o $@ $^ $(LIBS) -pthread

$(RTL_SOC_TEST_RESULTS): $(RESULTS)/rtl/%: $(BUILD)/tests/rtl/%_test FORCE
	@$(RUN_TEST) $@ 300 $(call rtl_tb_run,$<)

TEST_RESULTS += $(RTL_TB_RESULTS) $(RTL_CPP_TB_RESULTS) $(RTL_SOC_TEST_RESULTS)
