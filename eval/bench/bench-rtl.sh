#!/usr/bin/env bash
# Runs each program on each RTL simulator with `teasim --rtl -v`
# (co-simulation on, one thread) and prints one table row per pair: the
# configuration, instructions, cycles, IPC, the simulation speed (the best
# of RUNS runs: the machine may be shared; the counts do not vary) and, for
# a program that prints "N.NN iterations/MHz" (CoreMark's figure over its
# timed part), that figure, else "-".
# Exits 1 when a program fails (its self-check, or co-simulation).
# usage: bench-rtl.sh [-n RUNS] -t TEASIM [-t TEASIM...] PROGRAM.elf...
#   TEASIM: a teasim command, split at spaces so that it carries the
#   configuration ("build/bin/teasim --config large")
set -euo pipefail
runs=1 sims=()
while getopts n:t: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	t) sims+=("$OPTARG") ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
printf '%-10s %-8s %12s %12s %6s %8s %9s\n' program config instructions cycles IPC kHz iter/MHz
for prog in "$@"; do
	for sim in "${sims[@]}"; do
		best=0 line=
		for ((run = 0; run < runs; run++)); do
			# shellcheck disable=SC2086 # TEASIM carries options
			if ! out=$($sim --rtl -v "$prog" 2>&1); then
				echo "bench-rtl: $prog failed on $sim:" >&2
				tail -5 <<<"$out" >&2
				exit 1
			fi
			# teasim: N instructions in N cycles (IPC x), s s, K kHz, config C
			line=$(grep -E '^teasim: [0-9]+ instructions' <<<"$out")
			khz=$(awk '{ print $(NF-3) }' <<<"$line")
			best=$(awk -v a="$best" -v b="$khz" 'BEGIN { print (b > a) ? b : a }')
		done
		read -r insns cycles ipc config < <(awk '{ gsub(/[(),]/, ""); print $2, $5, $8, $NF }' <<<"$line")
		iters=$(grep -oE '[0-9]+\.[0-9]+ iterations/MHz' <<<"$out" | awk '{ print $1 }') || iters=-
		printf '%-10s %-8s %12s %12s %6s %8.1f %9s\n' "$(basename "$prog" .elf)" "$config" \
			"$insns" "$cycles" "$ipc" "$best" "$iters"
	done
done
