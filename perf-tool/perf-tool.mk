# teaperf: the command-line tool on top of libpics: teaperf.c its main,
# one file per subcommand beside it, and in lib/ what they share.

CPPFLAGS_perf-tool := -Ipics -Iperf-tool -Idriver/include
TEAPERF_SRCS := $(wildcard perf-tool/*.c perf-tool/lib/*.c)

$(BUILD)/bin/teaperf: $(TEAPERF_SRCS:%.c=$(BUILD)/obj/%.o) $(PICS_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS) -lm

ifneq ($(TEAPERF_SRCS),)
BINS += $(BUILD)/bin/teaperf
endif
