#!/usr/bin/env bash
# Measures the reference ISS: runs a program three times on teasim and
# prints the best instructions-per-second figure.
# usage: bench-teasim.sh TEASIM PROGRAM.elf
set -euo pipefail
teasim=$1 prog=$2
best=0 insns=0
for run in 1 2 3; do
	out=$("$teasim" --verbose "$prog" 2>&1 >/dev/null)
	line=$(grep -E '^teasim: [0-9]+ instructions' <<<"$out")
	insns=$(awk '{print $2}' <<<"$line")
	mips=$(awk '{print $(NF-1)}' <<<"$line")
	best=$(awk -v a="$best" -v b="$mips" 'BEGIN { print (b > a) ? b : a }')
done
printf 'teasim ISS  %-12s %12s instructions  %8.1f MIPS (best of 3)\n' "$(basename "$prog" .elf)" "$insns" "$best"
