#!/usr/bin/env bash
# teaperf record --sim end to end: a program on the simulated core with TEA,
# the files it leaves, and its errors; then report, annotate, stat, diff and
# plot on real samples.
# usage: record.sh TEAPERF TEASIM PROGRAM.elf CHASE.elf WORKDIR
set -uo pipefail
teaperf=$1 teasim=$2 prog=$3 chase=$4 work=$5
pass=0 fail=0
mkdir -p "$work"
rm -rf "$work"/*

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

# The other commands on real samples of a program whose bottleneck is known
# (tests/tea/chase.c: one load that misses in the L1 and the LLC).
"$teaperf" record --sim --teasim "$teasim" -o "$work/c.tea" -c 200 --golden "$work/c.prof" \
	--stages "$chase" >/dev/null 2>&1
check "record the chase program" $?
# the stage view: the add that takes the load's value waits at issue
"$teaperf" report --stage issue --top 1 "$work/c.prof" | tail -n 1 >"$work/out"
grep -qE '^ +[0-9.]+% +[0-9]+ +0x[0-9a-f]+ +tea_chase_load\+0x[0-9a-f]+ +chase\.c:[0-9]+ +Not-ready 9[0-9]\.[0-9]%' "$work/out"
check "report --stage issue: the load's consumer waits, Not-ready (got: $(cat "$work/out"))" $?
"$teaperf" record --sim --teasim "$teasim" -o "$work/x.tea" --stages "$prog" >/dev/null 2>"$work/err"
[ $? -eq 2 ] && grep -q "stages needs --golden" "$work/err"
check "--stages without --golden is a usage error" $?
"$teaperf" report --top 1 -i "$work/c.tea" | tail -n 1 >"$work/out"
grep -qE '^ +[0-9.]+% +[0-9]+ +0x[0-9a-f]+ +tea_chase_load +chase\.c:[0-9]+ +ST-L1\+ST-LLC 9[0-9]\.[0-9]%' "$work/out"
check "report: the load is on top, with ST-L1+ST-LLC (got: $(cat "$work/out"))" $?
"$teaperf" annotate --symbol tea_chase_load -i "$work/c.tea" >"$work/out"
grep -qE '^ +9[0-9]\.[0-9]+% +[0-9]+ +[0-9a-f]+:  ld +[a-z0-9]+,0\([a-z0-9]+\) +ST-L1\+ST-LLC' "$work/out"
check "annotate: the ld carries most of the function's cycles, as ST-L1+ST-LLC" $?
"$teaperf" stat "$work/c.tea" | awk '$1 ~ /%$/ { print $3; exit }' >"$work/out"
[ "$(cat "$work/out")" = "ST-L1+ST-LLC" ]
check "stat: ST-L1+ST-LLC is the largest component (got $(cat "$work/out"))" $?
"$teaperf" diff "$work/c.prof" "$work/c.tea" >"$work/out" &&
	grep -qE '^# Change: [-+][0-9]+ cycles' "$work/out" && grep -q 'tea_chase_load' "$work/out"
check "diff: golden against samples names the load" $?
"$teaperf" plot -o "$work/c.svg" "$work/c.tea" >/dev/null &&
	head -c 5 "$work/c.svg" | grep -q '<svg' && grep -q 'tea_chase_load' "$work/c.svg"
check "plot: an SVG naming the load" $?

"$teaperf" record --sim --teasim /nonexistent/teasim -o "$work/x.tea" "$prog" >/dev/null 2>"$work/err"
[ $? -ne 0 ] && grep -q "cannot run /nonexistent/teasim" "$work/err"
check "a missing simulator is a clear error" $?
"$teaperf" record --sim --teasim "$teasim" --config small -o "$work/x.tea" "$prog" >/dev/null 2>"$work/err"
[ $? -ne 0 ] && grep -q "^teasim: error: --config small: no such configuration" "$work/err"
check "--config reaches teasim" $?
"$teaperf" record --sim --teasim "$teasim" -o "$work/x.tea" "$work/none.elf" >/dev/null 2>"$work/err"
[ $? -ne 0 ] && [ ! -e "$work/x.tea" ]
check "a missing program fails and leaves no sample file" $?

# Program arguments: what follows the program is its own (option-like words
# included) and reaches main() through /chosen/bootargs
# (tests/programs/argv.c prints them; it sits beside PROGRAM.elf).
argv_prog=$(dirname "$prog")/argv.elf
"$teaperf" record --sim --teasim "$teasim" -o "$work/a.tea" -c 200 "$argv_prog" alpha b=2 -o \
	>"$work/out" 2>"$work/err"
check "record with program arguments exits 0 (got $?: $(head -c 300 "$work/err"))" $?
[ "$(grep '^arg' "$work/out")" = "$(printf 'arguments: 3\nargv[0] = %s\nargv[1] = alpha\nargv[2] = b=2\nargv[3] = -o' "$argv_prog")" ]
check "the arguments reach the program on the RTL (got: $(head -c 300 "$work/out"))" $?
"$teaperf" report -i "$work/a.tea" >/dev/null 2>&1 && [ ! -e "$work/-o" ]
check "the samples go to -o before the program, not to the program's -o" $?
"$teaperf" record --sim --teasim "$teasim" -o "$work/e.tea" -c 200 "$argv_prog" --exit=3 >/dev/null 2>"$work/err"
[ $? -eq 1 ] && grep -q "the program exited with 3 \]" "$work/err"
check "an argument sets the program's exit code, which record reports" $?
"$teaperf" record --sim --teasim "$teasim" -o "$work/s2.tea" "$argv_prog" ok "two words" >/dev/null 2>"$work/err"
[ $? -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 1 ] &&
	grep -q "^teaperf record: program argument 2 contains a space" "$work/err" && [ ! -e "$work/s2.tea" ]
check "an argument with a space is a one-line usage error, and nothing runs (got: $(head -c 300 "$work/err"))" $?

"$teaperf" record --bogus "$prog" >/dev/null 2>"$work/err"
[ $? -ne 0 ] && grep -q "bogus" "$work/err"
check "an unknown option is an error" $?

# A board's serial line (record --serial, boot): what cannot work is one
# error line before anything is sent. board-sim's tests run the real thing.
# expect_error WANT_RC PATTERN ARGS...
expect_error() {
	want=$1 pattern=$2
	shift 2
	"$teaperf" "$@" </dev/null >/dev/null 2>"$work/err"
	rc=$?
	[ "$rc" -eq "$want" ] && [ "$(wc -l <"$work/err")" -eq 1 ] && grep -q -- "$pattern" "$work/err"
	# taken first: the message's $(...) would reset $?
	ok=$?
	check "teaperf $* is one line, status $want (got $rc: $(head -c 300 "$work/err"))" $ok
}
printf 'not a tree' >"$work/not.dtb"
expect_error 1 "serial /nonexistent/tty: No such file" record --serial /nonexistent/tty "$prog"
expect_error 1 "serial /dev/null: not a serial port" record --serial /dev/null "$prog"
expect_error 1 "baud 12345: not a rate" record --serial /dev/null --baud 12345 "$prog"
expect_error 2 "are the simulator's" record --serial /dev/null -c 100 "$prog"
expect_error 2 "need --dtb" record --serial /dev/null "$argv_prog" alpha
expect_error 2 "are needed" boot --serial /dev/null --dtb x.dtb
expect_error 2 "boot takes options only" boot --serial /dev/null --dtb x.dtb --kernel k extra
expect_error 1 "dtb $work/none.dtb: cannot read it" boot --serial /dev/null --dtb "$work/none.dtb" \
	--kernel "$prog"
expect_error 1 "not a device tree blob" boot --serial /dev/null --dtb "$work/not.dtb" --kernel "$prog"
expect_error 2 "bogus" boot --bogus
# teaperf extract: files in a console log (tea/host_console.h)
printf 'TEA-FILE ../x 3\n' >"$work/name.log"
printf 'boot\nTEA-FILE a.tea 3\r\nTEA-FILE-DATA 6162\r\n' >"$work/cut.log"
printf 'TEA-FILE b.tea 3\nTEA-FILE-DATA 616263\nTEA-FILE-END\n' >"$work/nocrc.log"
printf 'TEA-FILE c.tea 3\nnoise\r\nTEA-FILE-DATA 616263\r\nTEA-FILE-END 352441c2\r\n' >"$work/ok.log"
expect_error 1 "none.log: No such file" extract "$work/none.log"
expect_error 2 "one console log" extract
expect_error 1 "no file in it" extract "$work/not.dtb"
# into a folder of its own: the recording above left a c.tea in $work
ex=$work/extract
expect_error 1 "name is not 1 to 64" extract -d "$ex" "$work/name.log"
expect_error 1 "a.tea: cut off at the end" extract -d "$ex" "$work/cut.log"
expect_error 1 "b.tea: an end line without its CRC" extract -d "$ex" "$work/nocrc.log"
"$teaperf" extract -d "$ex" "$work/ok.log" 2>"$work/err" && [ "$(cat "$ex/c.tea")" = abc ]
ok=$?
check "teaperf extract writes a whole file, noise and CRLF around it ($(cat "$work/err"))" $ok
# The board names the files: never over one that is there unless --force,
# never through a symbolic link, even with it.
expect_error 1 "c.tea: exists; not replaced (--force" extract -d "$ex" "$work/ok.log"
printf 'old' >"$ex/c.tea"
"$teaperf" extract -d "$ex" --force "$work/ok.log" 2>"$work/err" && [ "$(cat "$ex/c.tea")" = abc ]
ok=$?
check "teaperf extract --force replaces a file ($(cat "$work/err"))" $ok
sed 's/c\.tea/l.tea/' "$work/ok.log" >"$work/link.log"
ln -s "$ex/victim" "$ex/l.tea"
expect_error 1 "l.tea: a symbolic link; not written through" extract -d "$ex" --force "$work/link.log"
[ ! -e "$ex/victim" ]
check "teaperf extract does not write through a symbolic link" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
