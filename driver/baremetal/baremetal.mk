# The bare-metal runtime (driver/baremetal): start-up code, the UART console
# behind picolibc's stdio, exit through the test finisher and M-mode trap
# dispatch, as $(BM_LIB). Cross-compiled objects go under $(BUILD)/rv/, apart
# from the host objects under $(BUILD)/obj/.

BM_ARCH     := $(RV_FLAGS)
BM_CFLAGS   := $(BM_ARCH) --specs=picolibc.specs -std=c11 $(OPT) -Wall -Wextra \
	       -Werror -ffunction-sections -fdata-sections -MMD -MP \
	       -Idriver/baremetal/include -Idriver/include
BM_AR       := $(patsubst %gcc,%ar,$(RV_CC))
BM_LDSCRIPT := driver/baremetal/tea-baremetal.ld
BM_LIB      := $(BUILD)/baremetal/libtea-baremetal.a
BM_SRCS     := $(wildcard driver/baremetal/*.c driver/baremetal/*.S)

# A program links the whole archive: nothing refers to _start, and picolibc,
# which comes after it on the command line, needs its stdout and _exit.
BM_LDFLAGS  := $(BM_ARCH) --specs=picolibc.specs -nostartfiles -T $(BM_LDSCRIPT)
BM_LDLIBS   := -Wl,--whole-archive $(BM_LIB) -Wl,--no-whole-archive

$(BUILD)/rv/%.c.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(BM_CFLAGS) -c $< -o $@

$(BUILD)/rv/%.S.o: %.S | $(DEPS_STAMP)
	@mkdir -p $(@D)
	$(quiet) CC $@
	$(Q)$(RV_CC) $(BM_CFLAGS) -c $< -o $@

$(BM_LIB): $(BM_SRCS:%=$(BUILD)/rv/%.o)
	@mkdir -p $(@D)
	$(quiet) AR $@
	$(Q)rm -f $@ && $(BM_AR) rcs $@ $^

BINS += $(BM_LIB)

-include $(shell find $(BUILD)/rv -name '*.d' 2>/dev/null)
