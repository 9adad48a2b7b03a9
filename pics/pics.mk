# libpics: sample and profile files, aggregation into per-instruction cycle
# stacks, the error metric, symbolization.

CPPFLAGS_pics := -Ipics -Idriver/include
PICS_SRCS := $(wildcard pics/*.c)
PICS_LIB := $(BUILD)/lib/libpics.a
# The public headers, installed side by side: pics.h and the pics_*.h it
# includes (internal.h and perf_data*.h stay in the tree).
PICS_HEADERS := $(wildcard pics/pics*.h)

$(PICS_LIB): $(PICS_SRCS:%.c=$(BUILD)/obj/%.o)
	@mkdir -p $(@D)
	$(quiet) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

ifneq ($(PICS_SRCS),)
BINS += $(PICS_LIB)
endif

# `make bench` also measures libpics: writing, reading and aggregating ten
# million synthetic samples (pics/bench/bench_pics.c, a host program).
PICS_BENCH := $(BUILD)/bench/bench_pics

$(PICS_BENCH): $(BUILD)/obj/pics/bench/bench_pics.o $(PICS_LIB)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(CC) $(OPT) -o $@ $^ $(LIBS) -lm

.PHONY: bench-pics
bench-pics: $(PICS_BENCH)
	@$(PICS_BENCH) 10000000

bench: bench-pics
