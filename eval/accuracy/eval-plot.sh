#!/bin/sh
# Draws the accuracy evaluation's figures as SVG (teaperf chart) from what
# eval-one.sh wrote in DIR for each workload:
#   fig5-error.svg   instruction-level error per workload and scheme, and
#                    their average (the paper's Figure 5)
#   fig7-events.svg  performance-counter event counts against the golden
#                    cycles of the matching TEA event, one point per workload
#                    and event, log-log (Figure 7)
#   fig8-period.svg  average instruction-level error against the sampling
#                    period, one line per scheme (Figure 8)
# usage: eval-plot.sh TEAPERF DIR NAME...
set -eu
teaperf=$1 dir=$2
shift 2
lines="" sweeps="" events=""
for n in "$@"; do
	lines="$lines $dir/$n.line"
	sweeps="$sweeps $dir/$n.sweep"
	events="$events $dir/$n.events"
done
schemes='TEA	NCI	IBS	SPE	RIS'

# Figure 5: NAME.line's instruction-level errors are fields 5 to 9.
# shellcheck disable=SC2086
cat $lines | awk -v schemes="$schemes" 'BEGIN { OFS = "\t"; print "workload", schemes }
	{
		print $1, $5, $6, $7, $8, $9
		for (s = 5; s <= 9; s++)
			sum[s] += $s
		n++
	}
	END {
		printf "average"
		for (s = 5; s <= 9; s++)
			printf "\t%.3f", sum[s] / n
		printf "\n"
	}' | "$teaperf" chart --kind bars -o "$dir/fig5-error.svg" \
	--title "Instruction-level error per workload (lower is better)" \
	--y-label "instruction-level error (%)" --y-unit %

# Figure 8: NAME.sweep's instruction-level errors are fields 4 to 8,
# averaged per period over the workloads.
# shellcheck disable=SC2086
cat $sweeps | awk -v schemes="$schemes" 'BEGIN { OFS = "\t" }
	{
		p = $1
		if (!(p in n))
			periods[++np] = p
		n[p]++
		for (s = 4; s <= 8; s++)
			sum[p, s] += $s
	}
	END {
		print "period", schemes
		for (k = 1; k <= np; k++) {
			p = periods[k]
			printf "%s", p
			for (s = 4; s <= 8; s++)
				printf "\t%.3f", sum[p, s] / n[p]
			printf "\n"
		}
	}' | "$teaperf" chart --kind lines --log-x -o "$dir/fig8-period.svg" \
	--title "Average instruction-level error vs sampling period" \
	--x-label "cycles between samples" --x-unit cycles \
	--y-label "average instruction-level error (%)" --y-unit %

# Figure 7: NAME.events holds "EVENT COUNT TEA_CYCLES GOLDEN_CYCLES"; a log
# axis has no room for zeros.
# shellcheck disable=SC2086
for f in $events; do sed "s|^|$(basename "$f" .events) |" "$f"; done |
	awk 'BEGIN { OFS = "\t" } $3 > 0 && $5 > 0 { print $1, $2, $3, $5 }' |
	"$teaperf" chart --kind points --log-x --log-y -o "$dir/fig7-events.svg" \
	--title "Event counts vs cycles attributed to the event" \
	--x-label "event count (performance counters)" --x-unit events \
	--y-label "cycles (golden reference)" --y-unit cycles
