#!/usr/bin/env bash
# Runs tests/tea/irq-sampling.c built for each sampling period on the RTL
# (`teasim --rtl`) and prints, per period, the cycles of the work, the
# samples taken and lost and the overhead against the run without
# sampling (the first program, period 0).
# usage: tea-overhead.sh TEASIM irq-sampling-0.elf irq-sampling-P.elf...
#   TEASIM: the teasim command, split at spaces so that it may carry options
#   ("build/bin/teasim --config large")
set -euo pipefail
sim=$1
shift
printf '%-8s %12s %9s %6s %9s\n' period cycles samples lost overhead
base=
for prog in "$@"; do
	# shellcheck disable=SC2086 # TEASIM may carry options
	if ! out=$($sim --rtl -q "$prog" 2>&1); then
		echo "tea-overhead: $prog failed:" >&2
		tail -5 <<<"$out" >&2
		exit 1
	fi
	# NAME: period P: C cycles, S samples, L lost, checksum X
	read -r period cycles samples lost < <(grep ': period [0-9]*: ' <<<"$out" |
		awk '{ gsub(/[:,]/, ""); print $3, $4, $6, $8 }')
	base=${base:-$cycles}
	printf '%-8s %12s %9s %6s %8.2f%%\n' "$([ "$period" = 0 ] && echo off || echo "$period")" \
		"$cycles" "$samples" "$lost" "$(awk -v c="$cycles" -v b="$base" 'BEGIN { print 100 * (c - b) / b }')"
done
