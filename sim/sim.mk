# teasim: the reference ISS, the SoC devices, loaders, host interfaces and
# co-simulation (libteasim.a), and the teasim command on top.

CPPFLAGS_sim := -Isim -Ipics -Idriver/include
SIM_LIB_SRCS := $(filter-out sim/teasim/%,$(wildcard sim/*/*.c))
SIM_BIN_SRCS := $(wildcard sim/teasim/*.c)
SIM_LIB := $(BUILD)/lib/libteasim.a

$(SIM_LIB): $(SIM_LIB_SRCS:%.c=$(BUILD)/obj/%.o)
	@mkdir -p $(@D)
	$(quiet) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

# The RTL backend: the SoC Verilated with its trace port (rtl/soc/tea_soc.sv)
# and the C++ glue of sim/rtl/, once per core configuration, each in
# $(BUILD)/verilated/<config>. $(BUILD)/bin/teasim has the CONFIG one
# (default unless CONFIG=large); every other configuration gets its own
# $(BUILD)/bin/teasim-<config> (teasim-large), built only when asked for:
# Verilating and compiling a configuration takes minutes. The link of
# $(BUILD)/bin/teasim writes its configuration beside it (teasim.config):
# when CONFIG differs from it, the binary is relinked, so that a CONFIG=
# switch in the same build tree never runs the other configuration's model
# (with `.SECONDARY:`, a model that was never built does not make the
# binary out of date by itself).
CONFIG ?= default
# Asked when a recipe first needs it, not when make reads this file: on a
# fresh machine Verilator is installed by the $(DEPS_STAMP) step of the same
# run (tests/teasim/first-run.sh checks that no installed tool is read before).
VERILATOR_ROOT = $(eval VERILATOR_ROOT := $(shell verilator --getenv VERILATOR_ROOT))$(VERILATOR_ROOT)
# Speed (docs/results.md, "Simulation speed"): the model's per-cycle code
# and the glue at -O3 (about 10% faster than -O2; -Os, -O1 and one
# translation unit were not faster), the initial and reset code at -O1. No
# -march: the build must run on any x86-64 CI machine.
RTL_VERILATOR_FLAGS := -O3 --x-assign fast --x-initial fast --noassert -Wno-fatal
RTL_OPT_FAST := -O3
RTL_OPT_SLOW := -O1

rtl_model_dir = $(BUILD)/verilated/$(1)
# What links the model of configuration $(1) into a program: the model, its
# runtime and the glue (rtl_soc.h).
rtl_model_objs = $(addprefix $(call rtl_model_dir,$(1))/,rtl_soc.o Vtea_soc__ALL.a verilated.o \
	verilated_threads.o)
teasim_bin = $(BUILD)/bin/teasim$(if $(filter-out $(CONFIG),$(1)),-$(1))
TEASIM_LARGE := $(call teasim_bin,large)
TEASIM := $(call teasim_bin,$(CONFIG))
TEASIM_CONFIG_FILE := $(BUILD)/bin/teasim.config
ifneq ($(strip $(file <$(TEASIM_CONFIG_FILE))),$(CONFIG))
$(TEASIM): FORCE
endif

# $(call rtl_config_rules,CONFIG,DEFINES,COMMIT_WIDTH)
define rtl_config_rules
# sim/sim.mk itself: a change of the flags above rebuilds the models. The
# archive is touched at the end: the sub-make leaves it as it was when the
# code Verilator generates is the same, and it would be out of date forever.
$(call rtl_model_dir,$(1))/Vtea_soc__ALL.a: $$(RTL_SRCS) $$(RTL_HDRS) sim/sim.mk | $$(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) VERILATE $$@
	$$(Q)verilator --cc $$(RTL_VERILATOR_FLAGS) -DTEA_TRACE $(2) \
		-I$$(RTL_INCDIR) $$(addprefix -y ,$$(RTL_DIRS)) \
		--top-module tea_soc rtl/soc/tea_soc.sv -Mdir $$(@D) >$$(@D)/build.log 2>&1 || \
		{ tail -30 $$(@D)/build.log; exit 1; }
	$$(Q)$$(MAKE) -s -C $$(@D) -f Vtea_soc.mk OPT_FAST="$$(RTL_OPT_FAST)" \
		OPT_SLOW="$$(RTL_OPT_SLOW)" VM_PARALLEL_BUILDS=1 Vtea_soc__ALL.a \
		>>$$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
	$$(Q)touch $$@

$(call rtl_model_dir,$(1))/verilated.o $(call rtl_model_dir,$(1))/verilated_threads.o: \
		$(call rtl_model_dir,$(1))/%.o: $(call rtl_model_dir,$(1))/Vtea_soc__ALL.a
	$$(quiet) CXX $$@
	$$(Q)$$(CXX) $$(call verilated_cxxflags,$(1)) -c $$(VERILATOR_ROOT)/include/$$*.cpp -o $$@

# The glue includes the simulator's C headers (dram.h, commit.h, ...): -MMD
# tracks them, so a struct change across the C/C++ boundary recompiles it.
$(call rtl_model_dir,$(1))/rtl_soc.o: sim/rtl/rtl_soc.cpp $(call rtl_model_dir,$(1))/Vtea_soc__ALL.a
	$$(quiet) CXX $$@
	$$(Q)$$(CXX) $$(call verilated_cxxflags,$(1)) -Wall -Wextra -Werror -Isim -Ipics \
		-MMD -MP -DTEA_SOC_W=$(3) -DTEA_SOC_CONFIG='"$(1)"' -c $$< -o $$@

$(call teasim_bin,$(1)): $$(SIM_BIN_SRCS:%.c=$$(BUILD)/obj/%.o) $(call rtl_model_objs,$(1)) \
		$$(SIM_LIB) $$(BUILD)/lib/libpics.a
	@mkdir -p $$(@D)
	$$(quiet) LD $$@
	$$(Q)$$(CXX) $$(OPT) -o $$@ $$(filter-out FORCE,$$^) $$(LIBS) -pthread
	$$(Q)$$(if $$(filter $$@,$$(TEASIM)),echo $(1) >$$(TEASIM_CONFIG_FILE))
endef

verilated_cxxflags = $(RTL_OPT_FAST) -I$(call rtl_model_dir,$(1)) -I$(VERILATOR_ROOT)/include \
	-I$(VERILATOR_ROOT)/include/vltstd -faligned-new -Wno-unused-parameter

$(eval $(call rtl_config_rules,default,,2))
$(eval $(call rtl_config_rules,large,-DTEA_CONFIG_LARGE,4))

BINS += $(TEASIM)
-include $(wildcard $(BUILD)/verilated/*/rtl_soc.d)

.PHONY: teasim-large
teasim-large: $(TEASIM_LARGE)
