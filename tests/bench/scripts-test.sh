#!/usr/bin/env bash
# The benchmark scripts of `make bench` (eval/bench/) read teasim's summary
# lines; `make bench` is not in `make test`, so a change of those lines would
# break it unseen. This runs bench-rtl.sh and tea-overhead.sh on small
# programs and checks the rows they print.
# usage: scripts-test.sh TEASIM PROGRAM.elf IRQ_SAMPLING_0.elf IRQ_SAMPLING_P.elf
set -uo pipefail
sim=$1 prog=$2 irq0=$3 irqp=$4
fail() { echo "bench scripts: FAIL: $*"; exit 1; }
name=$(basename "$prog" .elf)

out=$(eval/bench/bench-rtl.sh -t "$sim --config default" "$prog" 2>&1) || { echo "$out"; fail "bench-rtl.sh failed"; }
echo "$out"
# program config instructions cycles IPC kHz, all numbers
echo "$out" | grep -qE "^$name +default +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+$" ||
	fail "bench-rtl.sh printed no row for $name"

out=$(eval/bench/tea-overhead.sh "$sim --config default" "$irq0" "$irqp" 2>&1) ||
	{ echo "$out"; fail "tea-overhead.sh failed"; }
echo "$out"
echo "$out" | grep -qE '^off +[0-9]+ +0 +0 ' || fail "tea-overhead.sh printed no row without sampling"
echo "$out" | grep -qE '^[0-9]+ +[0-9]+ +[1-9][0-9]* +[0-9]+ +[0-9.]+%$' ||
	fail "tea-overhead.sh printed no row with samples"
echo "bench scripts: PASS"
