#!/usr/bin/env bash
# A task switched out every 15,000 cycles or so, sampled every 100,000
# (tests/linux/slices.c), against the golden reference on the RTL core:
# teaperf record --sim --linux --golden of /bin/slices, once with a partner
# task taking turns with it and once alone. TEA samples the task alone;
# its own_work's cycles as TEA estimates them (samples times the period)
# must match the golden reference's, in both runs, within sampling noise
# (MAX_ERROR percent, about three standard deviations at the samples the
# runs take). Before the driver kept the period across context switches,
# the switched run got no sample at all. Measured on the default config:
# alone 4.6% apart, switched 22.2% (TEA above the golden reference): the
# switched run still overestimates beyond noise, a bias not yet found;
# the bound of 25 catches the lost samples and anything worse.
# usage: slices.sh LINUX_DIR TEAPERF MAX_ERROR [TEASIM_ARGS for --config]
set -u
linux=$1 teaperf=$2 max_error=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
work_iterations=4000000
slice=2000	# about 15,000 cycles of own_work on the default config

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"

# own_work's cycles in a report: the CSV's rows of the function (one per
# cycle stack), column 6 the cycles. The golden reference of a Linux run
# has no mappings: /bin/slices is the binary at its addresses (the
# image's own tools lie elsewhere).
own_cycles() {
	"$teaperf" report --sort func --format csv --top 0 --binary "$linux/rootfs/bin/slices" \
		"$1" 2>/dev/null | awk -F, '$1 == "own_work" { c += $6 } END { print c + 0 }'
}

for mode in alone switched; do
	s=0
	[ $mode = switched ] && s=$slice
	run $mode "$teaperf" record --sim --linux "$linux" "$@" -c 100000 --jitter 4 \
		-o "$work/$mode.tea" --golden "$work/$mode.golden" /bin/slices $work_iterations $s
	tea=$(own_cycles "$work/$mode.tea")
	gold=$(own_cycles "$work/$mode.golden")
	err=$(awk -v t="${tea:-0}" -v g="${gold:-0}" 'BEGIN { if (g == 0) print 100;
		else { e = (t - g) / g * 100; print (e < 0 ? -e : e) } }')
	awk -v e="$err" -v m="$max_error" 'BEGIN { exit !(e <= m) }' && [ $status -eq 0 ]
	check "$mode: own_work's cycles, TEA ${tea:-none} against golden ${gold:-none} (${err}% apart, at most $max_error%)" $? $mode
done

echo "$((2 - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
