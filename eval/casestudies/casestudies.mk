# The case studies (docs/casestudies.md): bare-metal programs built in
# variants, each run on the RTL with TEA, the golden reference and the
# baselines sampling the same cycles (eval/casestudies/run.sh).
#   flush, flush-fixed      a serializing CSR read before a missing load,
#                           and the loop without it
#   prefetch-d0, -dN        a streaming loop, and with prefetch.r N lines
#                           ahead of its loads; prefetch-dNw prefetches the
#                           destination too (prefetch.w)
#   nab, nab-fixed          the FP flags saved and restored (frflags,
#                           fsflags) around every fsqrt.d, and once around
#                           the loop (F and D: built with CS_FP_CFLAGS)
# `make casestudies` runs them at SCALE=4 into $(BUILD)/casestudies/default
# and prints the report; `make test` runs a few at SCALE=1 and checks what
# TEA and IBS blame (tests/casestudies/).

CS_DISTANCES := 1 2 4 8 16
CS_VARIANTS := flush flush-fixed prefetch-d0 $(CS_DISTANCES:%=prefetch-d%) $(CS_DISTANCES:%=prefetch-d%w) \
	nab nab-fixed
CS_PERIOD := 97

cs_source = eval/casestudies/$(firstword $(subst -, ,$(1))).c
# FP instructions with the integer calling convention, as the FP workloads
# (eval/workloads/workloads.mk); no contraction, so that the check's plain
# sum rounds as the loop does.
CS_FP_CFLAGS := -march=rv64imafdc -misa-spec=2.2 -mabi=lp64 -fno-math-errno
cs_flags = $(if $(filter %-fixed,$(1)),-DFIXED) $(if $(filter nab%,$(1)),$(CS_FP_CFLAGS)) \
	$(if $(filter prefetch-d%,$(1)),-DDIST=$(patsubst prefetch-d%,%,$(patsubst %w,%,$(1)))) \
	$(if $(filter prefetch-d%w,$(1)),-DPREFETCH_DST)

# $(call cs_variant,VARIANT,SIZE,SCALE)
define cs_variant
$(BUILD)/rv/eval/casestudies/$(2)/$(1).o: $(call cs_source,$(1)) | $(DEPS_STAMP)
	@mkdir -p $$(@D)
	$(quiet) CC $$@
	$(Q)$(RV_CC) $(BM_CFLAGS) -DSCALE=$(3) $(call cs_flags,$(1)) -c $$< -o $$@

$(BUILD)/casestudies/$(2)/$(1).elf: $(BUILD)/rv/eval/casestudies/$(2)/$(1).o $(BM_LIB) $(BM_LDSCRIPT)
	@mkdir -p $$(@D)
	$(quiet) LD $$@
	$(Q)$(RV_CC) $(BM_LDFLAGS) -o $$@ $$< $(BM_LDLIBS)
endef
$(foreach v,$(CS_VARIANTS),$(eval $(call cs_variant,$(v),default,4))$(eval $(call cs_variant,$(v),small,1)))

.PHONY: casestudies
casestudies: $(CS_VARIANTS:%=$(BUILD)/casestudies/default/%.elf) $(BUILD)/bin/teasim $(RTL_LIB) \
		$(BUILD)/bin/teaperf
	@eval/casestudies/run.sh "$(BUILD)/bin/teasim --config $(CONFIG)" $(BUILD)/bin/teaperf $(CS_PERIOD) \
		$(BUILD)/casestudies/default $(CS_VARIANTS) | tee $(BUILD)/casestudies/default/report.md
