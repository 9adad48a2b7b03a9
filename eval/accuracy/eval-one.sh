#!/usr/bin/env bash
# One workload of the accuracy evaluation: a single RTL simulation writes the
# golden reference, the stall lengths, and the samples of TEA, NCI, IBS, SPE
# and RIS, all taken in the same cycles, at the main period and at each
# period of the sweep; each sample file is then compared with the golden
# reference restricted to its scheme's events (teaperf compare).
# Prints one line:
#   NAME CYCLES SAMPLES LOST  TEA NCI IBS SPE RIS (instruction level, %)
#   TEA NCI IBS SPE RIS (function level, %)
# and writes, beside the simulation's files in OUT_DIR:
#   NAME.sweep   "PERIOD SAMPLES" then the ten errors as above, a line per
#                period, the main one included
#   NAME.events  "EVENT COUNT TEA_CYCLES GOLDEN_CYCLES" a line per TEA
#                event: the performance counters' count of the matching
#                hardware event over the run (0 for ST-DIV: no counter
#                counts divisions), and the cycles TEA's samples and the
#                golden reference attribute to the event
#   NAME.stalls  the golden reference's stall lengths (teasim --stall-lengths)
# usage: eval-one.sh TEASIM TEAPERF PERIOD SWEEP OUT_DIR PROGRAM.elf
#   TEASIM: the teasim command, split at spaces so that it may carry options
#   ("build/bin/teasim --config large")
#   SWEEP: more periods, comma-separated ("" for none)
set -euo pipefail
teasim=$1 teaperf=$2 period=$3 sweep=$4 out=$5 prog=$6
name=$(basename "$prog" .elf)
name=${name%-small}
mkdir -p "$out"
base=$out/$name
# shellcheck disable=SC2086 # TEASIM may carry options
if ! $teasim --rtl -q --tea-samples "$base.tea.tea" --tea-period "$period" --tea-jitter 4 \
	--golden "$base.golden" --stall-lengths "$base.stalls" --baselines "$base" \
	${sweep:+--period-sweep "$sweep"} "$prog" >"$base.out" 2>&1; then
	echo "eval: $name failed on the RTL:" >&2
	tail -3 "$base.out" >&2
	exit 1
fi

# The errors of the five schemes whose files start with PREFIX:
# "SAMPLES LOST" then five instruction-level and five function-level errors.
errors() {
	local prefix=$1 insn=() func=() samples lost
	# header: "# FILE: scheme S, W-wide commit, period P cycles, N samples, L lost"
	read -r samples lost < <("$teaperf" report --top 1 "$prefix.tea.tea" |
		awk 'NR == 1 { gsub(/,/, ""); print $(NF-3), $(NF-1) }')
	for scheme in tea nci ibs spe ris; do
		"$teaperf" compare --reference "$base.golden" "$prefix.$scheme.tea" >"$prefix.$scheme.cmp"
		insn+=("$(awk '/^instruction-level error:/ { sub(/%/, "", $3); print $3 }' "$prefix.$scheme.cmp")")
		func+=("$(awk '/^function-level error:/ { sub(/%/, "", $3); print $3 }' "$prefix.$scheme.cmp")")
	done
	echo "$samples $lost ${insn[*]} ${func[*]}"
}

main=$(errors "$base")
{
	echo "$period $main"
	for p in ${sweep//,/ }; do
		echo "$p $(errors "$base.p$p")"
	done
} | sort -n >"$base.sweep"

# Cycles per event (alone or combined) from a profile's cycle stack.
event_cycles() {
	"$teaperf" stat --format csv "$1" | awk -F, 'NR > 1 {
		n = split($1, ev, "+")
		for (i = 1; i <= n; i++)
			c[ev[i]] += $3
	} END { for (e in c) print e, c[e] }'
}
# The program prints "hpm: icache-miss=N ..." (eval/workloads/workload.h).
grep '^hpm:' "$base.out" | tr ' ' '\n' | tr '=' ' ' | grep -v '^hpm:' >"$base.hpm"
event_cycles "$base.tea.tea" >"$base.tea.ev"
event_cycles "$base.golden" >"$base.golden.ev"
awk '
	FILENAME ~ /hpm$/ { count[$1] = $2; next }
	FILENAME ~ /tea.ev$/ { tea[$1] = $2; next }
	{ golden[$1] = $2 }
	END {
		# the hardware event that matches each TEA event
		n_ev = split("DR-L1 DR-TLB DR-SQ FL-MB FL-EX FL-MO ST-L1 ST-TLB ST-LLC ST-DIV", order, " ")
		hw["DR-L1"] = "icache-miss"; hw["DR-TLB"] = "itlb-miss"; hw["DR-SQ"] = "sq-full"
		hw["FL-MB"] = "br-mispred"; hw["FL-MO"] = "mem-order"; hw["ST-L1"] = "dcache-miss"
		hw["ST-TLB"] = "dtlb-miss"; hw["ST-LLC"] = "llc-miss"
		count["FL-EX"] = count["exception"] + count["interrupt"]
		for (i = 1; i <= n_ev; i++) {
			e = order[i]
			n = e == "FL-EX" ? count["FL-EX"] : e in hw ? count[hw[e]] : 0
			printf "%s %d %d %d\n", e, n, tea[e], golden[e]
		}
	}' "$base.hpm" "$base.tea.ev" "$base.golden.ev" >"$base.events"

echo "$name $(awk 'NR == 2 { print $2 }' < <("$teaperf" report --top 1 "$base.golden")) $main"
