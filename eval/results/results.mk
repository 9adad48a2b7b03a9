# `make results`: docs/results.md's figures, each block rerun with the
# command the page names beside it (eval/results/results.sh), the commit
# they ran at in the page's header. RESULTS_ONLY="bench-rtl eval" reruns only
# the blocks whose command starts with those targets. All of it takes
# about ten hours on two cores, most of it the evaluations, the Linux
# benchmark and the synthesis runs: run with -j.
.PHONY: results
results:
	@eval/results/results.sh "$(MAKE)" docs/results.md $(RESULTS_ONLY)
