#!/usr/bin/env bash
# teaperf record --sim end to end: a program on the simulated core with TEA,
# the files it leaves, and its errors.
# usage: record.sh TEAPERF TEASIM PROGRAM.elf WORKDIR
set -uo pipefail
teaperf=$1 teasim=$2 prog=$3 work=$4
pass=0 fail=0
mkdir -p "$work"
rm -f "$work"/*

check() { # description, status
	if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

"$teaperf" record --sim --teasim "$teasim" -o "$work/s.tea" -c 200 --golden "$work/g.prof" \
	--baselines "$work/b" "$prog" >"$work/out" 2>"$work/err"
check "record exits 0 (got $?: $(head -c 300 "$work/err"))" $?
grep -q "samples (0 lost) written to $work/s.tea; the program exited with 0" "$work/out" "$work/err"
check "record says how many samples it wrote" $?
"$teaperf" report -i "$work/s.tea" >"$work/report" 2>&1 && grep -q "scheme TEA, 2-wide commit, period 200 cycles" "$work/report"
check "the sample file reads back with the period asked for" $?
for b in nci ibs spe ris; do
	[ -s "$work/b.$b.tea" ]; check "baseline $b written" $?
done
"$teaperf" compare --reference "$work/g.prof" "$work/s.tea" >"$work/cmp" 2>&1 &&
	grep -q "^instruction-level error: " "$work/cmp"
check "the samples compare against the golden profile" $?

"$teaperf" record --sim --teasim /nonexistent/teasim -o "$work/x.tea" "$prog" >/dev/null 2>"$work/err"
[ $? -ne 0 ] && grep -q "cannot run /nonexistent/teasim" "$work/err"
check "a missing simulator is a clear error" $?
"$teaperf" record --sim --teasim "$teasim" -o "$work/x.tea" "$work/none.elf" >/dev/null 2>"$work/err"
[ $? -ne 0 ] && [ ! -e "$work/x.tea" ]
check "a missing program fails and leaves no sample file" $?
"$teaperf" record --bogus "$prog" >/dev/null 2>"$work/err"
[ $? -ne 0 ] && grep -q "bogus" "$work/err"
check "an unknown option is an error" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
