#!/usr/bin/env bash
# Sampled simulation (docs/teasim.md): `teasim --rtl --sample-every N`
# prints what the straight run prints and exits with its status, whether
# the program ends on the ISS or in a window; its windows (--window-log)
# are where they should be, the CPI, interval and estimate it prints are
# the ones its windows give, and the golden reference holds exactly the
# windows' cycles; functional warming fills the windows' LLCs, which
# --cold-windows leaves empty; with -j the windows run at once and give the same
# windows, samples, golden reference and estimate; an instruction limit
# ends a run of windows at once with its status; bad combinations are one
# error line.
# usage: sampled.sh TEASIM TEAPERF PROGRAMS_DIR WORK_DIR
set -u
teasim=$1 teaperf=$2 programs=$3 work=$4
mkdir -p "$work"
# shellcheck source=tests/teasim/lib.sh
. "$(dirname "$0")/lib.sh"

prog=$programs/checksum.elf
"$teasim" -v --isa rv64imafdc "$prog" >"$work/straight.out" 2>"$work/straight.err"
want=$?
total=$(tail -1 "$work/straight.err" | cut -d, -f1 | awk '{ print $2 }')

every=100000 window=5000 warmup=20000
"$teasim" -v --rtl --sample-every $every --window $window --warmup $warmup \
	--window-log "$work/windows" --golden "$work/g.prof" --tea-samples "$work/s.tea" --tea-period 97 \
	"$prog" >"$work/s.out" 2>"$work/s.err"
st=$?
[ "$st" -eq "$want" ] && cmp -s "$work/straight.out" "$work/s.out"
check "status $st (straight $want), output as the straight run's ($(tail -c 300 "$work/s.err"))" $?

# one window per N instructions that ends before the program does, each
# starting to count N - W after the last ended (give or take the
# instructions one cycle commits past the end)
n=$(grep -vc '^#' "$work/windows")
[ "$n" -eq $((total / every)) ]; check "$n windows in $total instructions, every $every" $?
awk -v e=$every -v w=$window '!/^#/ { k++; if ($1 < k * e - w || $1 > k * e - w + 8 ||
	$2 < w - 8 || $2 > w + 8) bad++ } END { exit bad }' "$work/windows"
check "each window counts $window instructions from N - W on" $?

# the estimate is the mean of the windows' CPIs times the instructions,
# the interval 3 standard errors of that mean
read -r mean half < <(awk '!/^#/ { c = $3 / $2; s += c; q += c * c; n++ }
	END { m = s / n; printf "%.4f %.4f\n", m, 3 * sqrt((q - n * m * m) / (n - 1)) / sqrt(n) }' \
	"$work/windows")
grep -q "CPI $mean +- $half (99.7%" "$work/s.err"
check "CPI $mean +- $half from the windows ($(grep CPI "$work/s.err"))" $?
est=$(awk -v m="$mean" -v t="$total" 'BEGIN { printf "%.0f", m * t }')
got=$(grep -o 'estimated [0-9]* cycles' "$work/s.err" | awk '{ print $2 }')
awk -v a="$est" -v b="$got" 'BEGIN { exit !(a - b < a / 1000 && b - a < a / 1000) }'
check "estimated $got cycles, the windows give $est" $?
cycles=$(awk '!/^#/ { c += $3 } END { print c }' "$work/windows")
"$teaperf" report "$work/g.prof" 2>/dev/null | grep -q "^# $cycles cycles in"
check "the golden reference holds the windows' $cycles cycles ($("$teaperf" report "$work/g.prof" 2>&1 | sed -n 2p))" $?

# functional warming: the lines the run touched go into each window's
# LLC (co-simulation checks every load of them); --cold-windows starts
# them empty, with the same output, and takes more cycles in its windows
filled=$(sed -n 's/^teasim: functional warming put \([0-9]*\) lines.*/\1/p' "$work/s.err")
[ "${filled:-0}" -gt 0 ]
check "functional warming puts ${filled:-no} lines into each window's LLC" $?
"$teasim" -v --rtl --cold-windows --sample-every $every --window $window --warmup $warmup \
	--window-log "$work/cold.windows" "$prog" >"$work/cold.out" 2>"$work/cold.err"
st=$?
[ "$st" -eq "$want" ] && cmp -s "$work/straight.out" "$work/cold.out" &&
	! grep -q "functional warming" "$work/cold.err"
check "--cold-windows: status $st, output as the straight run's, no warming" $?
warm_cycles=$(awk '!/^#/ { c += $3 } END { print c }' "$work/windows")
cold_cycles=$(awk '!/^#/ { c += $3 } END { print c }' "$work/cold.windows")
[ "$warm_cycles" -le "$cold_cycles" ]
check "the warm windows take $warm_cycles cycles, the cold ones $cold_cycles" $?

# -j: windows at once, each in its own process, replayed in order
"$teasim" -v --rtl -j 3 --sample-every $every --window $window --warmup $warmup \
	--window-log "$work/j.windows" --golden "$work/j.prof" --tea-samples "$work/j.tea" --tea-period 97 \
	"$prog" >"$work/j.out" 2>"$work/j.err"
st=$?
[ "$st" -eq "$want" ] && cmp -s "$work/straight.out" "$work/j.out"
check "-j 3: status $st, output as the straight run's ($(tail -c 200 "$work/j.err"))" $?
cmp -s "$work/windows" "$work/j.windows" && cmp -s "$work/g.prof" "$work/j.prof" &&
	cmp -s "$work/s.tea" "$work/j.tea" && [ "$(grep CPI "$work/s.err")" = "$(grep CPI "$work/j.err")" ]
check "-j 3: the same windows, golden reference, TEA samples and estimate as one at a time" $?
"$teasim" --rtl -j 2 --sample-every $((total - 1000)) --window 500 --warmup 2000 "$prog" \
	>"$work/jend.out" 2>"$work/jend.err"
st=$?
[ "$st" -eq "$want" ] && cmp -s "$work/straight.out" "$work/jend.out"
check "-j 2 ending in a window: status $st, output as the straight run's" $?
for j in 1 4; do
	"$teasim" --rtl -j $j -m $((3 * every + 1000)) --sample-every $every --window $window \
		--warmup $warmup --window-log "$work/limit$j.log" "$prog" >/dev/null 2>"$work/limit$j.err"
	st=$?
	[ "$st" -eq 124 ] && ! pgrep -f "$work/limit$j.log" >/dev/null
	check "-j $j: the instruction limit in a window ends the run, and its windows, with status 124 (got $st)" $?
done

# the program ends in a window's warm-up: what it prints is all there
"$teasim" --rtl --sample-every $((total - 1000)) --window 500 --warmup 2000 "$prog" \
	>"$work/end.out" 2>"$work/end.err"
st=$?
[ "$st" -eq "$want" ] && cmp -s "$work/straight.out" "$work/end.out"
check "ending in a window: status $st, output as the straight run's" $?

expect_error "--sample-every without --rtl" 2 "needs --rtl" --sample-every 100000 "$prog"
expect_error "windows that do not fit" 2 "leaves no room" --rtl --sample-every 1000 --window 500 \
	--warmup 600 "$prog"
expect_error "a warm-up that would wrap" 2 "at most" --rtl --sample-every 100000 \
	--warmup 18446744073709551000 "$prog"
expect_error "--window alone" 2 "need --sample-every" --rtl --window 10 "$prog"
expect_error "-j alone" 2 "need --sample-every" --rtl -j 2 "$prog"
expect_error "--cold-windows alone" 2 "need --sample-every" --rtl --cold-windows "$prog"
expect_error "-j 0" 2 "from 1 to 256" --rtl -j 0 --sample-every 100000 "$prog"
expect_error "-j 257" 2 "from 1 to 256" --rtl -j 257 --sample-every 100000 "$prog"
expect_error "--sample-every with --fast-forward" 2 "none of" --rtl --sample-every 100000 \
	--fast-forward 10 "$prog"

echo "sampled.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
