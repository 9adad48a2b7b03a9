#!/bin/sh
# Prints the accuracy evaluation's table (docs/results.md) from the lines
# eval-one.sh wrote, one file per workload, with the averages over them.
# usage: eval-table.sh CONFIG PERIOD FILE...
set -eu
config=$1 period=$2
shift 2
cat "$@" | awk -v config="$config" -v period="$period" '
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
		}
		printf "\n"
		n++
	}
	END {
		printf "| **average** | | | |"
		for (i = 5; i <= 14; i++)
			printf " **%.1f** |", n ? sum[i] / n : 0
		printf "\n"
	}'
