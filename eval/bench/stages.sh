#!/usr/bin/env bash
# Where the cycles of each program go at each stage: runs it on each RTL
# simulator with the golden reference and its stage view (teasim --golden
# --stages) and prints one row per program, configuration and stage (commit,
# dispatch, issue): the share of Base (cycles in which instructions passed
# the stage) and the three largest other signatures, from `teaperf stat`.
# Exits 1 when a run fails.
# usage: stages.sh -p TEAPERF -t TEASIM [-t TEASIM...] PROGRAM.elf...
#   TEASIM: a teasim command, split at spaces ("build/bin/teasim --config large")
set -euo pipefail
teaperf= sims=()
while getopts p:t: opt; do
	case $opt in
	p) teaperf=$OPTARG ;;
	t) sims+=("$OPTARG") ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$teaperf" ] && [ ${#sims[@]} -gt 0 ] || { echo "usage: stages.sh -p TEAPERF -t TEASIM... PROGRAM.elf..." >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-10s %-8s %-8s %7s  %s\n' program config stage Base 'largest others'
for prog in "$@"; do
	for sim in "${sims[@]}"; do
		# shellcheck disable=SC2086 # TEASIM carries options
		if ! out=$($sim --rtl -v --golden "$work/g.prof" --stages "$prog" 2>&1 >/dev/null); then
			echo "stages: $prog failed on $sim:" >&2
			tail -5 <<<"$out" >&2
			exit 1
		fi
		config=$(grep -E '^teasim: [0-9]+ instructions' <<<"$out" | awk '{ print $NF }')
		for stage in commit dispatch issue; do
			# signature,weight,cycles,share rows, largest first
			"$teaperf" stat --stage "$stage" --format csv "$work/g.prof" | awk -F, -v p="$(basename "$prog" .elf)" \
				-v c="$config" -v s="$stage" '
				NR == 1 { next }
				$1 == "Base" { base = $4; next }
				n < 3 { others = others sprintf("  %s %.1f%%", $1, 100 * $4); n++ }
				END { printf "%-10s %-8s %-8s %6.1f%%%s\n", p, c, s, 100 * base, others }'
		done
	done
done
