# `make bench`: speed figures. Each line names what was measured, the
# number and its unit; docs/results.md records them with this command.

BENCH_PROGRAMS := $(patsubst tests/bench/%.c,$(BUILD)/bench/%.elf,$(wildcard tests/bench/*.c))

$(BUILD)/bench/%.elf: $(BUILD)/rv/tests/bench/%.c.o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $(@D)
	$(quiet) LD $@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $@ $< $(BM_LDLIBS)

.PHONY: bench-iss
bench-iss: $(BUILD)/bin/teasim $(BENCH_PROGRAMS)
	@for p in $(BENCH_PROGRAMS); do \
		scripts/bench-teasim.sh $(BUILD)/bin/teasim $$p || exit 1; \
	done

bench: bench-iss
