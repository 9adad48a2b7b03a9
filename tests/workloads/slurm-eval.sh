#!/usr/bin/env bash
# `make eval SCHED=slurm` on a Slurm cluster of this machine
# (scripts/slurm-local.sh, brought up for the test on ports of its own):
# the small evaluation's tables and every workload's line equal a local
# run's; every workload ran as a task of the array job ("slurm: N jobs");
# a second run finds nothing to do; a job that fails is named with its
# error and make fails; without a cluster, one line says why.
# usage: slurm-eval.sh MAKE
set -u
make=$1
work=$(mktemp -d)
chmod 0755 "$work"	# munged wants the folders above its socket open to all
export TEA_SLURM_DIR=$work/slurm TEA_SLURM_PORT=6937
trap 'scripts/slurm-local.sh stop >/dev/null 2>&1; rm -rf "$work"' EXIT
fails=0
check() {
	if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}
eval_small() {
	"$make" --no-print-directory eval EVAL_SIZE=small "$@"
}

if ! up=$(scripts/slurm-local.sh start); then
	echo "FAIL: the local cluster did not come up"
	tail -n 5 "$TEA_SLURM_DIR"/*.log 2>/dev/null
	exit 1
fi
eval "$up"

eval_small EVAL_OUT="$work/local" >"$work/local.out" 2>&1
check "make eval EVAL_SIZE=small runs here (status $?)" $?
n=$(find "$work/local" -name '*.line' | wc -l)

eval_small SCHED=slurm EVAL_OUT="$work/slurm" >"$work/slurm.out" 2>&1
status=$?
[ $status -eq 0 ] && [ "$n" -gt 1 ] && grep -qx "slurm: $n jobs" "$work/slurm.out"
check "SCHED=slurm: the $n workloads' runs went through Slurm (status $status; $(grep '^slurm:' "$work/slurm.out"))" $?

same=0
cmp -s "$work/local/results.md" "$work/slurm/results.md" || same=1
for f in "$work"/local/*.line; do
	cmp -s "$f" "$work/slurm/${f##*/}" || { echo "    differs: ${f##*/}"; same=1; }
done
check "the tables and every workload's line equal the local run's" $same

eval_small SCHED=slurm EVAL_OUT="$work/slurm" >"$work/again.out" 2>&1 &&
	grep -qx "slurm: 0 jobs" "$work/again.out"
check "a second run finds nothing to do ($(grep '^slurm:' "$work/again.out"))" $?

# a period of 0 makes teasim refuse: each job fails, and says why
eval_small SCHED=slurm EVAL_OUT="$work/bad" EVAL_PERIOD=0 WL_NAMES="sort hash" \
	>"$work/bad.out" 2>&1
status=$?
[ $status -ne 0 ] &&
	[ "$(grep -c "^sched: job [01] ($work/bad/[a-z]*.line) failed: teasim: error: --tea-period" \
		"$work/bad.out")" -eq 2 ] &&
	grep -q "^sched: 2 of 2 jobs failed" "$work/bad.out"
check "failed jobs are named with their errors and make fails (status $status)" $?

scripts/slurm-local.sh stop >/dev/null
eval_small SCHED=slurm EVAL_OUT="$work/down" WL_NAMES=sort >"$work/down.out" 2>&1
status=$?
[ $status -ne 0 ] && grep -q "^sched: .*slurmctld\|^sched: .*Unable" "$work/down.out"
check "without the cluster: one line says why (status $status: $(grep '^sched:' "$work/down.out" | head -n 1))" $?

echo "$((6 - fails)) passed, $fails failed"
[ $fails -eq 0 ]
