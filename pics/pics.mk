# libpics: sample and profile files, aggregation into per-instruction cycle
# stacks, the error metric, symbolization.

CPPFLAGS_pics := -Ipics
PICS_SRCS := $(wildcard pics/*.c)
PICS_LIB := $(BUILD)/lib/libpics.a

$(PICS_LIB): $(PICS_SRCS:%.c=$(BUILD)/obj/%.o)
	@mkdir -p $(@D)
	$(quiet) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

ifneq ($(PICS_SRCS),)
BINS += $(PICS_LIB)
endif
