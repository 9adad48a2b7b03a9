#!/usr/bin/env bash
# The cost of TEA sampling under Linux: one boot on the RTL core runs a
# workload (a Linux command of tea.cpio) without sampling, then under the
# target's teaperf record at each period, every run timed by /bin/timed;
# prints, per period, the run's cycles, the samples taken and lost, the
# overhead against the run without sampling and the cycles each further
# sample cost against the period before (the interrupt, perf's ring buffer
# and teaperf record's share), then teaperf record's fixed cost (what the
# first period costs beyond its samples at the next step's rate).
# usage: linux-overhead.sh LINUX_DIR TEASIM WORKLOAD PERIOD...
#   TEASIM: the teasim command, split at spaces so that it may carry options
#   ("build/bin/teasim --config large")
set -euo pipefail
linux=$1 sim=$2 workload=$3
shift 3
runs="/bin/timed $workload"
for p in "$@"; do
	# (init takes at most 32 words: every one counts)
	runs+=" ; /bin/timed /bin/teaperf record -c $p $workload"
done
# shellcheck disable=SC2086 # TEASIM may carry options
if ! out=$($sim --rtl -q --kernel "$linux/Image" --initrd "$linux/tea.cpio" \
	--append "console=ttyS0 earlycon quiet panic=-1 oops=panic -- $runs" </dev/null 2>&1); then
	echo "linux-overhead: the runs failed:" >&2
	tail -n 15 <<<"$out" >&2
	exit 1
fi
out=$(tr -d '\r' <<<"$out")
# timed: CMD: US us, CYCLES cycles
mapfile -t cycles < <(sed -n 's/^timed: .*: [0-9]* us, \([0-9]*\) cycles$/\1/p' <<<"$out")
# teaperf: N samples of CMD in FILE; lost H in the hardware, K in the kernel; throttled T times
mapfile -t counts < <(sed -n 's/^teaperf: \([0-9]*\) samples .*lost \([0-9]*\) in the hardware, \([0-9]*\) in the kernel; throttled \([0-9]*\) times$/\1 \2 \3 \4/p' <<<"$out")
if [ ${#cycles[@]} -ne $(($# + 1)) ] || [ ${#counts[@]} -ne $# ]; then
	echo "linux-overhead: expected $(($# + 1)) timed runs, got:" >&2
	grep -E '^(timed|teaperf):' <<<"$out" >&2
	exit 1
fi
echo "# $workload under Linux on the RTL core (teasim --rtl), timed by /bin/timed"
printf '%-9s %12s %9s %6s %9s %10s %11s\n' period cycles samples lost throttled overhead cyc/sample
base=${cycles[0]}
printf '%-9s %12s %9s %6s %9s %10s %11s\n' off "$base" - - - - -
prev_c= prev_s= fixed=
i=1
for p in "$@"; do
	read -r samples hw kernel throttled <<<"${counts[$((i - 1))]}"
	c=${cycles[$i]}
	marginal=-
	# (none when the run got no longer: perf's throttle took over)
	if [ -n "$prev_c" ] && [ "$samples" -gt "$prev_s" ] && [ "$c" -gt "$prev_c" ]; then
		marginal=$(((c - prev_c) / (samples - prev_s)))
		[ -n "$fixed" ] || fixed=$((prev_c - base - prev_s * marginal))
	fi
	printf '%-9s %12s %9s %6s %9s %9.2f%% %11s\n' "$p" "$c" "$samples" "$((hw + kernel))" \
		"$throttled" "$(awk -v c="$c" -v b="$base" 'BEGIN { print 100 * (c - b) / b }')" \
		"$marginal"
	prev_c=$c prev_s=$samples
	i=$((i + 1))
done
[ -z "$fixed" ] || echo "teaperf record's fixed cost: about $fixed cycles"
