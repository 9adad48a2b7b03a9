# teasim: the reference ISS, the SoC devices, loaders, host interfaces and
# co-simulation (libteasim.a), and the teasim command on top.

CPPFLAGS_sim := -Isim
SIM_LIB_SRCS := $(filter-out sim/teasim/%,$(wildcard sim/*/*.c))
SIM_BIN_SRCS := $(wildcard sim/teasim/*.c)
SIM_LIB := $(BUILD)/lib/libteasim.a

$(SIM_LIB): $(SIM_LIB_SRCS:%.c=$(BUILD)/obj/%.o)
	@mkdir -p $(@D)
	$(quiet) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

# The RTL backend: the SoC Verilated with its trace port (rtl/soc/tea_soc.sv)
# and the C++ glue of sim/rtl/. CONFIG=large builds the large core.
CONFIG ?= default
RTL_MODEL_DIR := $(BUILD)/verilated/$(CONFIG)
RTL_MODEL := $(RTL_MODEL_DIR)/Vtea_soc__ALL.a
RTL_MODEL_DEFS := -DTEA_TRACE $(if $(filter large,$(CONFIG)),-DTEA_CONFIG_LARGE)
RTL_MODEL_W := $(if $(filter large,$(CONFIG)),4,2)
VERILATOR_ROOT := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
VERILATED_CXXFLAGS := -O2 -I$(RTL_MODEL_DIR) -I$(VERILATOR_ROOT)/include \
	-I$(VERILATOR_ROOT)/include/vltstd -faligned-new -Wno-unused-parameter

$(RTL_MODEL): $(RTL_SRCS) $(RTL_HDRS) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) VERILATE $@
	$(Q)verilator --cc -O3 --x-assign fast --x-initial fast --noassert -Wno-fatal \
		$(RTL_MODEL_DEFS) -I$(RTL_INCDIR) $(addprefix -y ,$(RTL_DIRS)) \
		--top-module tea_soc rtl/soc/tea_soc.sv -Mdir $(@D) >$(@D)/build.log 2>&1 || \
		{ tail -30 $(@D)/build.log; exit 1; }
	$(Q)$(MAKE) -s -C $(@D) -f Vtea_soc.mk OPT_FAST=-O2 OPT_SLOW=-O1 \
		VM_PARALLEL_BUILDS=1 Vtea_soc__ALL.a >>$(@D)/build.log 2>&1 || \
		{ tail -30 $(@D)/build.log; exit 1; }

$(RTL_MODEL_DIR)/verilated.o $(RTL_MODEL_DIR)/verilated_threads.o: $(RTL_MODEL_DIR)/%.o: $(RTL_MODEL)
	$(quiet) CXX $@
	$(Q)$(CXX) $(VERILATED_CXXFLAGS) -c $(VERILATOR_ROOT)/include/$*.cpp -o $@

$(RTL_MODEL_DIR)/rtl_soc.o: sim/rtl/rtl_soc.cpp sim/rtl/rtl_soc.h $(RTL_MODEL)
	$(quiet) CXX $@
	$(Q)$(CXX) $(VERILATED_CXXFLAGS) -Wall -Wextra -Werror -Isim -DTEA_SOC_W=$(RTL_MODEL_W) \
		-DTEA_SOC_CONFIG='"$(CONFIG)"' -c $< -o $@

RTL_BACKEND := $(RTL_MODEL_DIR)/rtl_soc.o $(RTL_MODEL) $(RTL_MODEL_DIR)/verilated.o \
	$(RTL_MODEL_DIR)/verilated_threads.o

$(BUILD)/bin/teasim: $(SIM_BIN_SRCS:%.c=$(BUILD)/obj/%.o) $(RTL_BACKEND) $(SIM_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CXX) $(OPT) -o $@ $^ $(LIBS) -pthread

BINS += $(BUILD)/bin/teasim
