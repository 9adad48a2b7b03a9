#!/usr/bin/env bash
# The benchmark scripts of `make bench` (eval/bench/) read teasim's summary
# lines; `make bench` is not in `make test`, so a change of those lines would
# break it unseen. This runs bench-rtl.sh, stages.sh, tea-overhead.sh,
# sampled.sh and linux-overhead.sh on small programs and checks the rows
# they print.
# usage: scripts-test.sh TEASIM TEAPERF PROGRAM.elf IRQ_SAMPLING_0.elf IRQ_SAMPLING_P.elf \
#	BUF_SAMPLING_P.elf LINUX_DIR
set -uo pipefail
sim=$1 teaperf=$2 prog=$3 irq0=$4 irqp=$5 bufp=$6 linux=$7
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

out=$(eval/bench/tea-overhead.sh "$sim --config default" "$irq0" "$irqp" "$bufp" 2>&1) ||
	{ echo "$out"; fail "tea-overhead.sh failed"; }
echo "$out"
echo "$out" | grep -qE '^off: [1-9][0-9]* cycles$' || fail "tea-overhead.sh printed no line without sampling"
for mode in interrupt buffer; do
	echo "$out" | grep -qE "^$mode period [1-9][0-9]*: [1-9][0-9]* samples, [0-9]+ lost, [-+][0-9]+\.[0-9]{2}%$" ||
		fail "tea-overhead.sh printed no $mode line with samples"
done
# sampled.sh on a program of a few windows, at two warm-ups
out=$(BENCH_JOBS=1 eval/bench/sampled.sh "$sim --config default" "$teaperf" 60000 2000 "1000 5000" \
	"$irq0" 2>&1) || { echo "$out"; fail "sampled.sh failed"; }
echo "$out"
sname=$(basename "$irq0" .elf)
echo "$out" | grep -qE "^$sname: [1-9][0-9]* cycles, [1-9][0-9]* instructions, [0-9]+\.[0-9] s$" ||
	fail "sampled.sh printed no line for the full run"
for u in 1000 5000; do
	echo "$out" | grep -qE "^$sname warmup $u: estimated [1-9][0-9]* cycles \([-+][0-9]+\.[0-9]{2}%, interval \+-[0-9.]+%\), function-level error [0-9.]+%, [0-9]+\.[0-9] s$" ||
		fail "sampled.sh printed no line for warm-up $u"
done
# linux-overhead.sh on the ISS, a short command at two periods
out=$(eval/bench/linux-overhead.sh "$linux" "$sim" "/bin/loop 2000" 100000 20000 2>&1) ||
	{ echo "$out"; fail "linux-overhead.sh failed"; }
echo "$out"
echo "$out" | grep -qE '^off: [1-9][0-9]* cycles$' || fail "linux-overhead.sh printed no line without sampling"
for mode in interrupt buffer; do
	for p in 100000 20000; do
		echo "$out" | grep -qE "^$mode period $p: [1-9][0-9]* samples, [0-9]+ lost, [-+][0-9]+\.[0-9]{2}%$" ||
			fail "linux-overhead.sh printed no line for $mode period $p"
	done
done
echo "bench scripts: PASS"
