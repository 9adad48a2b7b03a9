#!/usr/bin/env bash
# Runs independent jobs that each write one file (make eval's workload
# runs) on this machine, or through Slurm as one array job.
# usage: sched.sh local|slurm add QUEUE TARGET CMD [ARG...]
#          local: runs CMD now, its output into TARGET (whole or not at all);
#          slurm: queues the job in the folder QUEUE
#        sched.sh local|slurm run QUEUE
#          slurm: runs the queued jobs as one array job (sbatch --wait; the
#          SBATCH_* variables choose partition, account, time), checks that
#          each wrote its TARGET, empties QUEUE and prints "slurm: N jobs";
#          local: nothing to do
# A job runs in the current folder: on a cluster it and the build folder
# must be shared by the nodes at the same path.
set -euo pipefail
sched=$1 what=$2 queue=$3
shift 3

die() { echo "sched: $*" >&2; exit 1; }

case $sched/$what in
local/add)
	target=$1
	shift
	"$@" >"$target.tmp"
	mv "$target.tmp" "$target"
	;;
local/run) ;;
slurm/add)
	target=$1
	shift
	mkdir -p "$queue"
	# a job for the same target left by an interrupted make goes
	{ grep -lxF "# $target" "$queue"/job.* 2>/dev/null || true; } | xargs -r rm -f
	job=$(mktemp "$queue/job.XXXXXX")
	{
		printf '# %s\n' "$target"
		printf '%q ' "$@"
		printf '>%q.tmp && mv %q.tmp %q\n' "$target" "$target" "$target"
	} >"$job"
	;;
slurm/run)
	jobs=()
	[ -d "$queue" ] && mapfile -t jobs < <(find "$queue" -name 'job.*' | sort)
	if [ ${#jobs[@]} -gt 0 ]; then
		command -v sbatch >/dev/null 2>&1 ||
			die "SCHED=slurm: no sbatch (scripts/slurm-local.sh start brings up a cluster here)"
		printf '%s\n' "${jobs[@]}" >"$queue/list"
		rm -f "$queue"/log.* "$queue/sbatch.err"
		# task i runs the job on line i + 1; its output goes to log.i. With
		# --wait, sbatch fails when a task does: which ones is found below.
		if ! sbatch --wait --quiet --job-name=tea-eval --chdir="$PWD" --cpus-per-task=1 \
			--array=0-$((${#jobs[@]} - 1)) --output="$queue/log.%a" \
			--wrap="bash \"\$(sed -n \"\$((SLURM_ARRAY_TASK_ID + 1))p\" $(printf %q "$queue/list"))\"" \
			2>"$queue/sbatch.err" && [ ! -e "$queue/log.0" ]; then
			rm -f "$queue"/job.* "$queue/list"
			die "$(tail -n 1 "$queue/sbatch.err")"
		fi
		failed=0
		for i in "${!jobs[@]}"; do
			target=$(sed -n '1s/^# //p' "${jobs[$i]}")
			if [ ! -s "$target" ] || [ "$target" -ot "${jobs[$i]}" ]; then
				echo "sched: job $i ($target) failed: $(tail -n 1 "$queue/log.$i" 2>/dev/null)" >&2
				failed=$((failed + 1))
			fi
		done
		# the jobs are done with, failed or not: make queues them again
		rm -f "$queue"/job.* "$queue/list"
		[ $failed -eq 0 ] || die "$failed of ${#jobs[@]} jobs failed (their output: $queue/log.*)"
		rm -rf "$queue"
	fi
	echo "slurm: ${#jobs[@]} jobs"
	;;
*) die "usage: sched.sh local|slurm add QUEUE TARGET CMD [ARG...] | run QUEUE" ;;
esac
