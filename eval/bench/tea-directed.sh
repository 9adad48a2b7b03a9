#!/bin/sh
# The figures of the directed TEA tests (tests/tea/, `make test-tea`) from
# their logs: one row per program with the golden reference's cycles,
# TEA's samples and losses, and TEA's instruction-level error against the
# golden reference ("-" where the test does not check it: too few samples
# per instruction). usage: tea-directed.sh LOG...
printf '%-14s %10s %8s %6s %7s\n' program cycles samples lost error
for log in "$@"; do
	awk -v name="$(basename "$log" .log)" '
		/^golden: [0-9]+ cycles; TEA: / { cycles = $2; samples = $5; lost = $7 }
		/instruction-level error vs golden: / { err = $(NF - 3) }
		END {
			if (cycles == "") exit
			printf "%-14s %10s %8s %6s %7s\n", name, cycles, samples, lost, (err == "" ? "-" : err)
		}' "$log"
done
