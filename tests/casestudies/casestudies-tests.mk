# The case studies (eval/casestudies/) in `make test`: a few variants at
# SCALE=1 through eval/casestudies/run.sh, then what TEA and IBS blame
# (tests/casestudies/check.sh).
CS_TEST_VARIANTS := flush flush-fixed nab nab-fixed prefetch-d0 prefetch-d4 prefetch-d8w
$(RESULTS)/casestudies/check: $(CS_TEST_VARIANTS:%=$(BUILD)/casestudies/small/%.elf) \
		$(BUILD)/bin/teasim $(RTL_LIB) $(BUILD)/bin/teaperf eval/casestudies/run.sh tests/casestudies/check.sh \
		eval/casestudies/listing.sh FORCE
	@$(RUN_TEST) $@ 300 sh -c 'eval/casestudies/run.sh "$(BUILD)/bin/teasim --config $(CONFIG)" $(BUILD)/bin/teaperf \
		$(CS_PERIOD) $(BUILD)/casestudies/small $(CS_TEST_VARIANTS) && \
		tests/casestudies/check.sh $(BUILD)/casestudies/small'
TEST_RESULTS += $(RESULTS)/casestudies/check
