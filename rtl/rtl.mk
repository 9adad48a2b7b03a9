# RTL: every module under rtl/ is linted by Verilator (-Wall) and read by
# Yosys; `make rtl-lint` is part of `make test`.

RTL_INCDIR := rtl/include
RTL_DIRS   := $(sort $(dir $(wildcard rtl/*/*.sv rtl/*/*/*.sv)))
RTL_SRCS   := $(wildcard rtl/*/*.sv rtl/*/*/*.sv)
RTL_HDRS   := $(wildcard rtl/include/*.svh)

.PHONY: rtl-lint
rtl-lint: $(RTL_SRCS) $(RTL_HDRS) | $(DEPS_STAMP)
	@set -e; for f in $(RTL_SRCS); do \
		echo "  LINT    $$f"; \
		verilator --lint-only -Wall -I$(RTL_INCDIR) $(addprefix -y ,$(RTL_DIRS)) \
			--top-module $$(basename $$f .sv) $$f; \
	done
	@echo "  YOSYS   rtl/"
	$(Q)yosys -q -p 'read_verilog -sv -I$(RTL_INCDIR) $(RTL_SRCS); hierarchy; proc'

# The bits TEA adds to each config, from its parameters (docs/tea.md).
.PHONY: tea-storage
tea-storage:
	@sh scripts/tea-storage.sh default large
