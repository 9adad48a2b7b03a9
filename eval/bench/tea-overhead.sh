#!/usr/bin/env bash
# Runs tests/tea/irq-sampling.c built for each sampling mode and period on
# the RTL (`teasim --rtl`) and prints the cycles of the work without
# sampling (the first program, period 0), then one line per mode and
# period: the samples taken and lost and the overhead against that run.
#   off: C cycles
#   <mode> period <N>: <S> samples, <L> lost, +<X>%
# usage: tea-overhead.sh TEASIM irq-sampling-0.elf PROGRAM.elf...
#   TEASIM: the teasim command, split at spaces so that it may carry options
#   ("build/bin/teasim --config large")
set -euo pipefail
sim=$1
shift
base=
for prog in "$@"; do
	# shellcheck disable=SC2086 # TEASIM may carry options
	if ! out=$($sim --rtl -q "$prog" 2>&1); then
		echo "tea-overhead: $prog failed:" >&2
		tail -5 <<<"$out" >&2
		exit 1
	fi
	# NAME: period P: C cycles, S samples, L lost, checksum X, MODE
	read -r period cycles samples lost mode < <(grep ': period [0-9]*: ' <<<"$out" |
		awk '{ gsub(/[:,]/, ""); print $3, $4, $6, $8, $12 }')
	if [ -z "$base" ]; then
		[ "$period" = 0 ] || { echo "tea-overhead: $prog samples: the first program must not" >&2; exit 1; }
		base=$cycles
		echo "off: $cycles cycles"
		continue
	fi
	awk -v m="$mode" -v p="$period" -v s="$samples" -v l="$lost" -v c="$cycles" -v b="$base" \
		'BEGIN { printf "%s period %d: %d samples, %d lost, %+.2f%%\n", m, p, s, l, 100 * (c - b) / b }'
done
