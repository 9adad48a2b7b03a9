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

$(BUILD)/bin/teasim: $(SIM_BIN_SRCS:%.c=$(BUILD)/obj/%.o) $(SIM_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS)

BINS += $(BUILD)/bin/teasim
