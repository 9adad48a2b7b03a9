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
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS) -lm

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
# Profile-guided optimisation of the model: it is compiled twice, first
# instrumented in <dir>/pgo/, where teasim runs the training programs on
# it, then with the profile that run wrote (the simulation runs up to 1.7
# times as fast, docs/results.md). Every cycle evaluates all of the model,
# so the profile is of the model's code, not of a program: a few hundred
# thousand instructions of two bench programs train it. RTL_PGO=0 compiles
# once, for quicker rebuilds while the RTL changes. An object whose profile
# is missing fails the build (-Werror=missing-profile) rather than being
# compiled without one.
RTL_PGO ?= 1
RTL_PGO_ON := $(filter 1,$(RTL_PGO))
RTL_PGO_TRAIN := $(BUILD)/bench/programs/mix.elf $(BUILD)/bench/programs/records.elf
RTL_PGO_INSNS := 600000
RTL_PGO_FLAGS := $(if $(RTL_PGO_ON),-fprofile-use -fprofile-partial-training -Werror=missing-profile)

rtl_dir = $(BUILD)/teasim-rtl/$(1)
rtl_lib = $(BUILD)/lib/teasim-rtl-$(1).so
# What the backend of configuration $(1) is made of (the SoC tests of
# tests/rtl/ link them into a program).
rtl_glue_objs = $(addprefix $(call rtl_dir,$(1))/,rtl_soc.o verilated.o verilated_threads.o) \
	$(BUILD)/teasim-rtl/dram.o
rtl_lib_objs = $(call rtl_glue_objs,$(1)) $(call rtl_dir,$(1))/Vtea_soc__ALL.a
RTL_LIB := $(call rtl_lib,$(CONFIG))

# $(call rtl_model,DIR,OPT_FAST): compiles the Verilated model in DIR into
# DIR/Vtea_soc__ALL.a. The sub-make recompiles only the files Verilator
# rewrote, so the model's objects go when the compiler's flags differ from
# those they were built with (in DIR/flags). The archive is touched at the
# end: the sub-make leaves it as it was when the code Verilator generates is
# the same, and it would be out of date forever. VPATH is emptied: Verilator's
# make rules search .. for objects, which for pgo/ are the parent's, built
# without instrumentation (after an RTL_PGO=0 build they are newer than the
# sources and would be taken as they are).
define rtl_model
	$(Q)echo '$(2) $(RTL_OPT_SLOW) $(RTL_PIC)' | cmp -s - $(1)/flags || rm -f $(1)/Vtea_soc*.o
	$(Q)$(MAKE) -s -C $(1) -f Vtea_soc.mk VPATH= OPT_FAST="$(2)" OPT_SLOW="$(RTL_OPT_SLOW)" \
		USER_CPPFLAGS="$(RTL_PIC)" VM_PARALLEL_BUILDS=1 Vtea_soc__ALL.a >>$(1)/build.log 2>&1 || \
		{ tail -30 $(1)/build.log; exit 1; }
	$(Q)echo '$(2) $(RTL_OPT_SLOW) $(RTL_PIC)' >$(1)/flags
	$(Q)touch $(1)/Vtea_soc__ALL.a
endef

# $(call rtl_config_rules,CONFIG,DEFINES,COMMIT_WIDTH)
define rtl_config_rules
RTL_CONFIGS += $(1)

# The model's C++, which Verilator rewrites only where it changed; sim/sim.mk
# itself is a prerequisite, so a change of the flags above rebuilds it.
$(call rtl_dir,$(1))/verilated.stamp: $$(RTL_SRCS) $$(RTL_HDRS) sim/sim.mk | $$(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$(quiet) VERILATE $$(@D)
	$$(Q)verilator --cc $$(RTL_VERILATOR_FLAGS) -DTEA_TRACE $(2) \
		-I$$(RTL_INCDIR) $$(addprefix -y ,$$(RTL_DIRS)) \
		--top-module tea_soc rtl/soc/tea_soc.sv -Mdir $$(@D) >$$(@D)/build.log 2>&1 || \
		{ tail -30 $$(@D)/build.log; exit 1; }
	$$(Q)touch $$@

# The instrumented model (its sources copied with their times), linked into
# a library that a copy of teasim in pgo/bin loads; the training programs'
# runs (status 0, or 124 at the instruction limit) write the profile. The
# profile is of the model's code: a new teasim or training program does not
# make it stale, so they are only needed first.
$(call rtl_dir,$(1))/pgo/profile: $(call rtl_dir,$(1))/verilated.stamp $(call rtl_glue_objs,$(1)) \
		| $$(TEASIM) $$(RTL_PGO_TRAIN)
	@mkdir -p $$(@D)/bin $$(@D)/lib
	$$(quiet) PGO $$(@D)
	$$(Q)cp -p $$(<D)/*.cpp $$(<D)/*.h $$(<D)/*.mk $$(@D)/
	$(call rtl_model,$$(@D),$$(RTL_OPT_FAST) -fprofile-generate -fprofile-update=single)
	$$(Q)$$(CXX) $$(OPT) -fprofile-generate -shared -Wl,-z,defs -o $$(@D)/lib/teasim-rtl-$(1).so \
		$(call rtl_glue_objs,$(1)) $$(@D)/Vtea_soc__ALL.a -pthread
	$$(Q)cp $$(TEASIM) $$(@D)/bin/teasim
	$$(Q)rm -f $$(@D)/*.gcda
	$$(Q)for p in $$(RTL_PGO_TRAIN); do \
		$$(@D)/bin/teasim --rtl --config $(1) -q -m $$(RTL_PGO_INSNS) $$$$p >/dev/null 2>$$(@D)/train.log; \
		s=$$$$?; [ $$$$s -eq 0 ] || [ $$$$s -eq 124 ] || \
			{ echo "PGO training: $$$$p exited with $$$$s"; cat $$(@D)/train.log; exit 1; }; \
	done
	$$(Q)touch $$@

# The model as teasim runs it, compiled with the training's profile.
$(call rtl_dir,$(1))/Vtea_soc__ALL.a: $(call rtl_dir,$(1))/verilated.stamp \
		$(if $(RTL_PGO_ON),$(call rtl_dir,$(1))/pgo/profile)
	$$(quiet) CXX $$@
	$(if $(RTL_PGO_ON),$$(Q)cp $$(@D)/pgo/*.gcda $$(@D)/)
	$(call rtl_model,$$(@D),$$(RTL_OPT_FAST) $$(RTL_PGO_FLAGS))

$(call rtl_dir,$(1))/verilated.o $(call rtl_dir,$(1))/verilated_threads.o: \
		$(call rtl_dir,$(1))/%.o: $(call rtl_dir,$(1))/verilated.stamp
	$$(quiet) CXX $$@
	$$(Q)$$(CXX) $$(call verilated_cxxflags,$(1)) -c $$(VERILATOR_ROOT)/include/$$*.cpp -o $$@

# The glue includes the simulator's C headers (dram.h, commit.h, ...): -MMD
# tracks them, so a struct change across the C/C++ boundary recompiles it.
$(call rtl_dir,$(1))/rtl_soc.o: sim/rtl/rtl_soc.cpp $(call rtl_dir,$(1))/verilated.stamp
	$$(quiet) CXX $$@
	$$(Q)$$(CXX) $$(call verilated_cxxflags,$(1)) -Wall -Wextra -Werror -Isim -Ipics -Idriver/include \
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

