#!/usr/bin/env bash
# Where the cycles of each program go at each stage: runs it on each RTL
# simulator with the golden reference and its stage view (teasim --golden
# --stages) and prints one row per program, configuration and stage (commit,
# dispatch, issue): the share of Base (cycles in which instructions passed
# the stage) and the three largest other signatures, from `teaperf stat`.
# With -f, one row per program and configuration from its FLOPS view
# instead: the flops per cycle (the FMA unit's peak is 2) and the share of
# the FMA unit's issue slots each reason holds (Dispatch: the FP queue empty
# while dispatch stalled, for any reason), from `teaperf stat --flops`.
# Exits 1 when a run fails.
# usage: stages.sh [-f] -p TEAPERF -t TEASIM [-t TEASIM...] PROGRAM.elf...
#   TEASIM: a teasim command, split at spaces ("build/bin/teasim --config large")
set -euo pipefail
teaperf='' sims=() flops=false
while getopts fp:t: opt; do
	case $opt in
	f) flops=true ;;
	p) teaperf=$OPTARG ;;
	t) sims+=("$OPTARG") ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$teaperf" ] && [ ${#sims[@]} -gt 0 ] || { echo "usage: stages.sh [-f] -p TEAPERF -t TEASIM... PROGRAM.elf..." >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flops_columns="Base Non-FMA Mem-dep Div-dep FP-dep Non-flop Int-work Flush"

# the stage rows of one run
print_stages() {
	local prog=$1 config=$2 stage
	for stage in commit dispatch issue; do
		# signature,weight,cycles,share rows, largest first
		"$teaperf" stat --stage "$stage" --format csv "$work/g.prof" | awk -F, -v p="$prog" \
			-v c="$config" -v s="$stage" '
			NR == 1 { next }
			$1 == "Base" { base = $4; next }
			n < 3 { others = others sprintf("  %s %.1f%%", $1, 100 * $4); n++ }
			END { printf "%-10s %-8s %-8s %6.1f%%%s\n", p, c, s, 100 * base, others }'
	done
}

# the FLOPS row of one run: each signature is one reason
print_flops() {
	"$teaperf" stat --flops --format csv "$work/g.prof" | awk -F, -v p="$1" -v c="$2" \
		-v cols="$flops_columns" '
		NR == 1 { next }
		{ share[$1] = $4; rest += $4 }
		END {
			n = split(cols, col, " ")
			printf "%-15s %-8s %6.3f", p, c, 2 * share["Base"]
			for (i = 1; i <= n; i++) { printf " %7.1f%%", 100 * share[col[i]]; rest -= share[col[i]] }
			printf " %7.1f%%\n", 100 * rest
		}'
}

if $flops; then
	printf '%-15s %-8s %6s' program config flops
	for c in $flops_columns Dispatch; do printf ' %8s' "$c"; done
	printf '\n'
else
	printf '%-10s %-8s %-8s %7s  %s\n' program config stage Base 'largest others'
fi
for prog in "$@"; do
	for sim in "${sims[@]}"; do
		# shellcheck disable=SC2086 # TEASIM carries options
		if ! out=$($sim --rtl -v --golden "$work/g.prof" --stages "$prog" 2>&1 >/dev/null); then
			echo "stages: $prog failed on $sim:" >&2
			tail -5 <<<"$out" >&2
			exit 1
		fi
		config=$(grep -E '^teasim: [0-9]+ instructions' <<<"$out" | awk '{ print $NF }')
		if $flops; then
			print_flops "$(basename "$prog" .elf)" "$config"
		else
			print_stages "$(basename "$prog" .elf)" "$config"
		fi
	done
done
