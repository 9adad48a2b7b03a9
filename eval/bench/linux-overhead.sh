#!/usr/bin/env bash
# The cost of TEA sampling under Linux: a workload (a
# Linux command of tea.cpio) without sampling, then under the target's
# teaperf record at each period in each mode (interrupt: an interrupt per
# sample; buffer: the sampler writes its records into perf's AUX area),
# every run timed by /bin/timed. Prints the cycles without sampling, then
# one line per mode and period:
#   off: C cycles
#   <mode> period <N>: <S> samples, <L> lost, +<X>%
# and, after them, how often perf throttled where it did ("# ..."). The
# kernel takes at most 32 words for init, so the runs go in several boots
# of three, each with its own run without sampling; the overhead is
# against the first. Boots run BENCH_JOBS at a time (default: the cores);
# BENCH_MODES names the modes (default "interrupt buffer").
# usage: linux-overhead.sh LINUX_DIR TEASIM WORKLOAD PERIOD...
#   TEASIM: the teasim command, split at spaces so that it may carry options
#   ("build/bin/teasim --rtl --config large"; without --rtl the ISS)
set -euo pipefail
linux=$1 sim=$2 workload=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=${BENCH_JOBS:-$(nproc)}

# boot N: the run without sampling, then up to three "MODE PERIOD" runs
boots=()
for mode in ${BENCH_MODES:-interrupt buffer}; do
	batch=
	n=0
	for p in "$@"; do
		batch+=" $mode:$p"
		n=$((n + 1))
		if [ $n -eq 3 ]; then boots+=("$batch"); batch=''; n=0; fi
	done
	[ -z "$batch" ] || boots+=("$batch")
done

boot() {
	local runs="/bin/timed $workload" r
	for r in $1; do
		runs+=" ; /bin/timed /bin/teaperf record --mode ${r%%:*} -c ${r#*:} $workload"
	done
	# shellcheck disable=SC2086 # TEASIM may carry options
	$sim -q --kernel "$linux/Image" --initrd "$linux/tea.cpio" \
		--append "console=ttyS0 earlycon quiet panic=-1 oops=panic -- $runs" </dev/null >"$2" 2>&1
}

pids=()
for i in "${!boots[@]}"; do
	boot "${boots[$i]}" "$work/boot$i.out" &
	pids+=($!)
	if [ ${#pids[@]} -ge "$jobs" ]; then
		wait "${pids[0]}" || true
		pids=("${pids[@]:1}")
	fi
done
wait || true

base=
offs=
throttles=
for i in "${!boots[@]}"; do
	out=$(tr -d '\r' <"$work/boot$i.out")
	# timed: CMD: US us, CYCLES cycles
	mapfile -t cycles < <(sed -n 's/^timed: .*: [0-9]* us, \([0-9]*\) cycles$/\1/p' <<<"$out")
	# teaperf: N samples of CMD in FILE (MODE mode); lost H in the hardware, K in the kernel; throttled T times
	mapfile -t counts < <(sed -n 's/^teaperf: \([0-9]*\) samples .*lost \([0-9]*\) in the hardware, \([0-9]*\) in the kernel; throttled \([0-9]*\) times$/\1 \2 \3 \4/p' <<<"$out")
	# shellcheck disable=SC2086 # the boot's runs, one word each
	set -- ${boots[$i]}
	if [ ${#cycles[@]} -ne $(($# + 1)) ] || [ ${#counts[@]} -ne $# ]; then
		echo "linux-overhead: boot $i ($*): expected $(($# + 1)) timed runs, got:" >&2
		grep -E '^(timed|teaperf):' <<<"$out" >&2
		tail -n 5 <<<"$out" >&2
		exit 1
	fi
	if [ -z "$base" ]; then
		base=${cycles[0]}
		echo "off: $base cycles"
	fi
	offs+=" ${cycles[0]}"
	k=1
	for r in "$@"; do
		read -r samples hw kernel throttled <<<"${counts[$((k - 1))]}"
		awk -v m="${r%%:*}" -v p="${r#*:}" -v s="$samples" -v l="$((hw + kernel))" -v c="${cycles[$k]}" \
			-v b="$base" 'BEGIN { printf "%s period %d: %d samples, %d lost, %+.2f%%\n", m, p, s, l, 100 * (c - b) / b }'
		[ "$throttled" -eq 0 ] || throttles+="# ${r%%:*} period ${r#*:}: perf throttled $throttled times"$'\n'
		k=$((k + 1))
	done
done
echo "# without sampling, in each boot:$offs cycles"
printf '%s' "$throttles"
