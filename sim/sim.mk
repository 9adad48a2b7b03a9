# teasim: the reference ISS, the SoC devices, loaders, host interfaces and
# co-simulation (libteasim.a), and the teasim command on top.

CPPFLAGS_sim := -Isim -Ipics -Idriver/include
# board-sim's main is built once per board (boards/boards.mk).
SIM_LIB_SRCS := $(filter-out sim/teasim/% sim/board/board_sim.c,$(wildcard sim/*/*.c))
SIM_BIN_SRCS := $(wildcard sim/teasim/*.c)
SIM_LIB := $(BUILD)/lib/libteasim.a

$(SIM_LIB): $(SIM_LIB_SRCS:%.c=$(BUILD)/obj/%.o)
	@mkdir -p $(@D)
	$(quiet) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

# teasim is C alone: the ISS builds and runs without Verilator, and --rtl
# loads the RTL backend of its --config (sim/teasim/backend.c).
TEASIM := $(BUILD)/bin/teasim
$(TEASIM): $(SIM_BIN_SRCS:%.c=$(BUILD)/obj/%.o) $(SIM_LIB) $(BUILD)/lib/libpics.a
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS)

# The RTL backends: the SoC Verilated with its trace port (rtl/soc/tea_soc.sv),
# the Verilator runtime, the C++ glue of sim/rtl/ and the DRAM model it
# drives, once per core configuration, each a shared library
# $(BUILD)/lib/teasim-rtl-<config>.so built in $(BUILD)/teasim-rtl/<config>
# (make teasim-rtl-<config>).
# `make` builds CONFIG's (default unless CONFIG=large), the others only when
# asked for: Verilating and compiling a configuration takes minutes.
CONFIG ?= default
RTL_CONFIGS :=
# Asked when a recipe first needs it, not when make reads this file: on a
# fresh machine Verilator is installed by the $(DEPS_STAMP) step of the same
# run (tests/build/first-run.sh checks that no installed tool is read before).
VERILATOR_ROOT = $(eval VERILATOR_ROOT := $(shell verilator --getenv VERILATOR_ROOT))$(VERILATOR_ROOT)
# Speed: the model's per-cycle code and the glue at -O3 (about 10% faster
# than -O2 when measured; -Os, -O1 and one translation unit were not
# faster), the initial and reset code at -O1. No
# -march: the build must run on any x86-64 CI machine.
RTL_VERILATOR_FLAGS := -O3 --x-assign fast --x-initial fast --noassert -Wno-fatal
RTL_OPT_FAST := -O3
RTL_OPT_SLOW := -O1
# A library's code is position-independent; with every symbol hidden but the
# entry (tea_rtl_backend, sim/rtl/rtl_soc.h) and no interposition, its calls
# and data accesses stay direct, as in an executable.
RTL_PIC := -fPIC -fvisibility=hidden -fno-semantic-interposition
RTL_MODEL_FLAGS = OPT_FAST="$(RTL_OPT_FAST)" OPT_SLOW="$(RTL_OPT_SLOW)" USER_CPPFLAGS="$(RTL_PIC)"

rtl_dir = $(BUILD)/teasim-rtl/$(1)
rtl_lib = $(BUILD)/lib/teasim-rtl-$(1).so
# What the backend of configuration $(1) is made of (the SoC tests of
# tests/rtl/ link them into a program).
rtl_lib_objs = $(addprefix $(call rtl_dir,$(1))/,rtl_soc.o Vtea_soc__ALL.a verilated.o \
	verilated_threads.o) $(BUILD)/teasim-rtl/dram.o
RTL_LIB := $(call rtl_lib,$(CONFIG))

# $(call rtl_config_rules,CONFIG,DEFINES,COMMIT_WIDTH)
define rtl_config_rules
RTL_CONFIGS += $(1)

# sim/sim.mk itself: a change of the flags above rebuilds the models. The
# sub-make recompiles only the files Verilator rewrote, so the objects go
# when the compiler's flags differ from those they were built with (in
# flags). The archive is touched at the end: the sub-make leaves it as it
# was when the code Verilator generates is the same, and it would be out of
# date forever.
$(call rtl_dir,$(1))/Vtea_soc__ALL.a: $$(RTL_SRCS) $$(RTL_HDRS) sim/sim.mk | $$(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) VERILATE $$@
	$$(Q)verilator --cc $$(RTL_VERILATOR_FLAGS) -DTEA_TRACE $(2) \
		-I$$(RTL_INCDIR) $$(addprefix -y ,$$(RTL_DIRS)) \
		--top-module tea_soc rtl/soc/tea_soc.sv -Mdir $$(@D) >$$(@D)/build.log 2>&1 || \
		{ tail -30 $$(@D)/build.log; exit 1; }
	$$(Q)echo '$$(RTL_MODEL_FLAGS)' | cmp -s - $$(@D)/flags || rm -f $$(@D)/*.o
	$$(Q)$$(MAKE) -s -C $$(@D) -f Vtea_soc.mk $$(RTL_MODEL_FLAGS) VM_PARALLEL_BUILDS=1 \
		Vtea_soc__ALL.a >>$$(@D)/build.log 2>&1 || { tail -30 $$(@D)/build.log; exit 1; }
	$$(Q)echo '$$(RTL_MODEL_FLAGS)' >$$(@D)/flags
	$$(Q)touch $$@

$(call rtl_dir,$(1))/verilated.o $(call rtl_dir,$(1))/verilated_threads.o: \
		$(call rtl_dir,$(1))/%.o: $(call rtl_dir,$(1))/Vtea_soc__ALL.a
	$$(quiet) CXX $$@
	$$(Q)$$(CXX) $$(call verilated_cxxflags,$(1)) -c $$(VERILATOR_ROOT)/include/$$*.cpp -o $$@

# The glue includes the simulator's C headers (dram.h, commit.h, ...): -MMD
# tracks them, so a struct change across the C/C++ boundary recompiles it.
$(call rtl_dir,$(1))/rtl_soc.o: sim/rtl/rtl_soc.cpp $(call rtl_dir,$(1))/Vtea_soc__ALL.a
	$$(quiet) CXX $$@
	$$(Q)$$(CXX) $$(call verilated_cxxflags,$(1)) -Wall -Wextra -Werror -Isim -Ipics \
		-MMD -MP -DTEA_SOC_W=$(3) -DTEA_SOC_CONFIG='"$(1)"' -c $$< -o $$@

# -z defs: the library needs nothing from teasim.
$(call rtl_lib,$(1)): $(call rtl_lib_objs,$(1)) sim/rtl/teasim-rtl.map
	@mkdir -p $$(@D)
	$$(quiet) LD $$@
	$$(Q)$$(CXX) $$(OPT) -shared -Wl,-z,defs -Wl,--version-script=sim/rtl/teasim-rtl.map \
		-o $$@ $$(filter-out %.map,$$^) -pthread

.PHONY: teasim-rtl-$(1)
teasim-rtl-$(1): $(call rtl_lib,$(1))
endef

verilated_cxxflags = $(RTL_OPT_FAST) $(RTL_PIC) -I$(call rtl_dir,$(1)) -I$(VERILATOR_ROOT)/include \
	-I$(VERILATOR_ROOT)/include/vltstd -faligned-new -Wno-unused-parameter

# The DRAM model of libteasim.a, compiled for the libraries.
$(BUILD)/teasim-rtl/dram.o: sim/dram/dram.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(CC) $(CFLAGS_ALL) $(CPPFLAGS_sim) $(RTL_PIC) -c $< -o $@

$(eval $(call rtl_config_rules,default,,2))
$(eval $(call rtl_config_rules,large,-DTEA_CONFIG_LARGE,4))

ifeq ($(filter $(CONFIG),$(RTL_CONFIGS)),)
$(error CONFIG=$(CONFIG): no such configuration (there are: $(RTL_CONFIGS)))
endif
# teasim checks --config against the configurations built here.
$(BUILD)/obj/sim/teasim/options.o: CPPFLAGS_sim += -DRTL_CONFIGS='"$(strip $(RTL_CONFIGS))"'
$(BUILD)/obj/sim/teasim/options.o: sim/sim.mk

BINS += $(TEASIM) $(RTL_LIB)
-include $(wildcard $(BUILD)/teasim-rtl/*.d $(BUILD)/teasim-rtl/*/rtl_soc.d)

