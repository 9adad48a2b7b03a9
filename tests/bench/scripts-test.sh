#!/usr/bin/env bash
# The benchmark scripts of `make bench` (eval/bench/) read teasim's summary
# lines; `make bench` is not in `make test`, so a change of those lines would
# break it unseen. This runs bench-rtl.sh, stages.sh and tea-overhead.sh on
# small programs and checks the rows they print.
# usage: scripts-test.sh TEASIM TEAPERF PROGRAM.elf IRQ_SAMPLING_0.elf IRQ_SAMPLING_P.elf
set -uo pipefail
sim=$1 teaperf=$2 prog=$3 irq0=$4 irqp=$5
fail() { echo "bench scripts: FAIL: $*"; exit 1; }
name=$(basename "$prog" .elf)

out=$(eval/bench/bench-rtl.sh -t "$sim --config default" "$prog" 2>&1) || { echo "$out"; fail "bench-rtl.sh failed"; }
echo "$out"
# program config instructions cycles IPC kHz, all numbers, then "-": the
# program prints no iterations/MHz
echo "$out" | grep -qE "^$name +default +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +-$" ||
	fail "bench-rtl.sh printed no row for $name"

out=$(eval/bench/stages.sh -p "$teaperf" -t "$sim --config default" "$prog" 2>&1) ||
	{ echo "$out"; fail "stages.sh failed"; }
echo "$out"
# program config stage Base%, then up to three "SIGNATURE PCT%"
for stage in commit dispatch issue; do
	echo "$out" | grep -qE "^$name +default +$stage +[0-9]+\.[0-9]%( +[A-Za-z0-9+-]+ [0-9]+\.[0-9]%)*$" ||
		fail "stages.sh printed no $stage row for $name"
done

out=$(eval/bench/tea-overhead.sh "$sim --config default" "$irq0" "$irqp" 2>&1) ||
	{ echo "$out"; fail "tea-overhead.sh failed"; }
echo "$out"
echo "$out" | grep -qE '^off +[0-9]+ +0 +0 ' || fail "tea-overhead.sh printed no row without sampling"
echo "$out" | grep -qE '^[0-9]+ +[0-9]+ +[1-9][0-9]* +[0-9]+ +[0-9.]+%$' ||
	fail "tea-overhead.sh printed no row with samples"
echo "bench scripts: PASS"
