# The evaluation (docs/results.md, docs/casestudies.md): the workloads and
# what runs on them, apart from the tests, which run their small versions
# (tests/workloads/, tests/casestudies/).
#   eval/workloads/     the workloads, at three sizes
#   eval/accuracy/      `make eval`: TEA's and the baselines' accuracy
#   eval/bench/         `make bench`: speed figures
#   eval/casestudies/   `make casestudies`: two bottlenecks and their fixes
#   eval/results/       `make results`: docs/results.md from the commands it names
include eval/workloads/workloads.mk eval/accuracy/accuracy.mk eval/bench/bench.mk \
	eval/casestudies/casestudies.mk eval/results/results.mk
