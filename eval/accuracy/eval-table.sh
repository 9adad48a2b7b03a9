#!/bin/sh
# Prints the accuracy evaluation's tables (docs/results.md) from what
# eval-one.sh wrote for each workload in DIR (NAME.line, NAME.sweep,
# NAME.events, NAME.stalls): the errors per workload and scheme, the
# errors against the sampling period, the performance counters' event
# counts against the cycles TEA attributes to the events, and how long the
# stalls are that TEA attributes to no event.
# usage: eval-table.sh CONFIG PERIOD DIR NAME...
set -eu
config=$1 period=$2 dir=$3
shift 3
lines="" sweeps="" events="" stalls=""
for n in "$@"; do
	lines="$lines $dir/$n.line"
	sweeps="$sweeps $dir/$n.sweep"
	events="$events $dir/$n.events"
	stalls="$stalls $dir/$n.stalls"
done

# shellcheck disable=SC2086
cat $lines | awk -v config="$config" -v period="$period" '
	BEGIN {
		printf "Config %s, sampling every %s cycles plus 0-15 cycles of jitter.\n", config, period
		printf "Error against the golden reference, in %% of the cycles (paper metric).\n\n"
		printf "| workload | cycles | TEA samples | lost | TEA | NCI | IBS | SPE | RIS | TEA | NCI | IBS | SPE | RIS |\n"
		printf "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
		printf "| | | | | instruction level | | | | | function level | | | | |\n"
	}
	{
		printf "| %s | %s | %s | %s |", $1, $2, $3, $4
		for (i = 5; i <= 14; i++) {
			printf " %.1f |", $i
			sum[i] += $i
			if ($i > max[i])
				max[i] = $i
		}
		printf "\n"
		n++
	}
	END {
		printf "| **average** | | | |"
		for (i = 5; i <= 14; i++)
			printf " **%.1f** |", n ? sum[i] / n : 0
		printf "\n| worst | | | |"
		for (i = 5; i <= 14; i++)
			printf " %.1f |", max[i]
		printf "\n"
	}'

echo
echo "Error against the sampling period (Figure 8), averaged over the workloads;"
echo "every period samples the same run (teasim --period-sweep)."
echo
# shellcheck disable=SC2086
cat $sweeps | awk '
	{
		p = $1
		if (!(p in n))
			periods[++np] = p
		n[p]++
		samples[p] += $2
		for (i = 4; i <= 13; i++)
			sum[p, i] += $i
	}
	END {
		printf "| period | samples per workload | TEA | NCI | IBS | SPE | RIS | TEA | NCI | IBS | SPE | RIS |\n"
		printf "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
		printf "| | | instruction level | | | | | function level | | | | |\n"
		for (k = 1; k <= np; k++) {
			p = periods[k]
			printf "| %s | %d |", p, samples[p] / n[p]
			for (i = 4; i <= 13; i++)
				printf " %.1f |", sum[p, i] / n[p]
			printf "\n"
		}
	}'

echo
echo "Performance-counter events against the cycles attributed to them (Figure 7):"
echo "count of the hardware event over all workloads, the cycles TEA's samples and"
echo "the golden reference attribute to the matching TEA event (alone or combined),"
echo "the golden cycles per counted event in the workload where it is lowest and"
echo "highest, and the correlation (Pearson) of count and golden cycles across the"
echo "workloads. Counters: DR-L1 I-cache misses, DR-TLB I-TLB misses, DR-SQ cycles"
echo "with the store queue full, FL-MB mispredicted branches, FL-EX exceptions and"
echo "interrupts (not the serializing CSR instructions, which flush too), FL-MO"
echo "ordering violations, ST-L1 D-cache load misses, ST-TLB D-TLB misses, ST-LLC"
echo "LLC misses (instruction and data side, wrong path too); no counter counts"
echo "ST-DIV's divisions and square roots (0)."
echo
# shellcheck disable=SC2086
for f in $events; do sed "s|^|$(basename "$f" .events) |" "$f"; done | awk '
	{
		e = $2
		if (!(e in seen)) {
			seen[e] = 1
			order[++ne] = e
		}
		count[e] += $3; tea[e] += $4; golden[e] += $5
		if ($3 > 0) {
			cpe = $5 / $3
			if (!(e in lo) || cpe < lo[e]) { lo[e] = cpe; lo_w[e] = $1 }
			if (!(e in hi) || cpe > hi[e]) { hi[e] = cpe; hi_w[e] = $1 }
		}
		k[e]++; sx[e] += $3; sy[e] += $5; sxx[e] += $3 * $3; syy[e] += $5 * $5; sxy[e] += $3 * $5
	}
	END {
		printf "| event | count | TEA cycles | golden cycles | golden cycles per event, lowest | highest | correlation |\n"
		printf "|---|---|---|---|---|---|---|\n"
		for (j = 1; j <= ne; j++) {
			e = order[j]
			vx = k[e] * sxx[e] - sx[e] * sx[e]
			vy = k[e] * syy[e] - sy[e] * sy[e]
			r = vx > 0 && vy > 0 ? sprintf("%.2f", (k[e] * sxy[e] - sx[e] * sy[e]) / sqrt(vx * vy)) : "-"
			printf "| %s | %d | %d | %d | %s | %s | %s |\n", e, count[e], tea[e], golden[e],
				e in lo ? sprintf("%.1f (%s)", lo[e], lo_w[e]) : "-",
				e in hi ? sprintf("%.1f (%s)", hi[e], hi_w[e]) : "-", r
		}
	}'

echo
echo "Stalls TEA attributes to no event: a stall is a run of Stalled or Drained"
echo "cycles, attributed to the instruction that ends it (golden reference)."
echo
# shellcheck disable=SC2086
cat $stalls | awk '
	/^#/ { next }
	{ n0[$1] += $2; n1[$1] += $3; if ($1 > maxlen) maxlen = $1 }
	END {
		for (l = 1; l <= maxlen; l++) {
			stalls0 += n0[l]; cyc0 += l * n0[l]
			stalls1 += n1[l]; cyc1 += l * n1[l]
		}
		for (l = 1; l <= maxlen; l++) {
			acc_s += n0[l]; acc_c += l * n0[l]
			if (!p99s && acc_s >= 0.99 * stalls0) p99s = l
			if (!p99c && acc_c >= 0.99 * cyc0) p99c = l
			if (l == 5) { le5s = acc_s; le5c = acc_c }
		}
		printf "| | stalls | cycles | mean length |\n|---|---|---|---|\n"
		printf "| no event | %d | %d | %.2f |\n", stalls0, cyc0, stalls0 ? cyc0 / stalls0 : 0
		printf "| with an event | %d | %d | %.2f |\n\n", stalls1, cyc1, stalls1 ? cyc1 / stalls1 : 0
		printf "Of the stalls with no event, %.1f%% are at most 5 cycles long (%.1f%% of their\n",
			stalls0 ? 100 * le5s / stalls0 : 0, cyc0 ? 100 * le5c / cyc0 : 0
		printf "cycles); 99%% of them are at most %d cycles long, and 99%% of their cycles are in\n", p99s
		printf "stalls of at most %d cycles.\n", p99c
	}'
