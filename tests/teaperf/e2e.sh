#!/usr/bin/env bash
# End-to-end tests of teaperf: builds a small RISC-V program, writes sample
# and golden profile files for it with 'teaperf synth', and checks what the
# subcommands print. usage: e2e.sh TEAPERF WORKDIR
set -u
teaperf=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2" && mkdir -p "$2" && cd "$2" || exit 1
work=$(pwd)

failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}
# expect_line NAME FILE REGEX: some line of FILE matches the extended REGEX.
expect_line() {
	grep -Eq -- "$3" "$2" || { fail "$1: no line matching '$3' in:"; sed 's/^/    /' "$2"; }
}
expect_no_line() {
	! grep -Eq -- "$3" "$2" || fail "$1: unexpected line matching '$3'"
}
# run_tf NAME WANT_RC ARGS...: runs teaperf, output in out/err, checks rc.
run_tf() {
	local name=$1 want=$2
	shift 2
	"$teaperf" "$@" >out 2>err
	local rc=$?
	[ "$rc" -eq "$want" ] || { fail "$name: exit $rc, expected $want"; sed 's/^/    /' err; }
}
one_error_line() {
	[ "$(wc -l <err)" -eq 1 ] || { fail "$1: expected one line on stderr:"; sed 's/^/    /' err; }
}

# ---- the profiled program -------------------------------------------------
riscv64-unknown-elf-gcc -g -O1 -march=rv64imac -mabi=lp64 -mcmodel=medany \
	-nostdlib -Wl,-Ttext=0x80000000 -Wl,--build-id -o prog.elf \
	"$here/prog.c" || exit 1
build_id=$(riscv64-unknown-elf-readelf -n prog.elf | awk '/Build ID/ { print $3 }')
# insn FUNC N: address of the Nth instruction (from 1) of FUNC.
insn() {
	riscv64-unknown-elf-objdump -d prog.elf | awk -v f="<$1>:" -v n="$2" '
		$2 == f { on = 1; next }
		on && /^$/ { exit }
		on && /^ +[0-9a-f]+:/ { if (++i == n) { sub(":", "", $1); print "0x" $1; exit } }'
}
line_of() {
	riscv64-unknown-elf-addr2line -e prog.elf "$1" | sed 's/ (discriminator.*//; s|.*/||'
}
S1=$(insn scale 5) S2=$(insn scale 6) S3=$(insn scale 7)
U1=$(insn sum 5) U2=$(insn sum 7)
M1=$(insn _start 1)
for a in "$S1" "$S2" "$S3" "$U1" "$U2" "$M1"; do
	[ -n "$a" ] || { echo "could not find the test instructions"; exit 1; }
done

# ---- inputs: samples (TEA, 2-wide), the golden reference, an NCI profile --
cat >samples.txt <<TXT
format samples
scheme TEA
width 2
events DR-L1 DR-TLB DR-SQ FL-MB FL-EX FL-MO ST-L1 ST-TLB ST-LLC
period 100
clock 50000000
binary $work/prog.elf
build-id $build_id
sample 100 stalled $S1:ST-L1+ST-LLC
sample 200 stalled $S1:ST-L1
sample 300 compute $S2:Base $S3:Base
sample 400 compute $U1:Base
sample 500 flushed - $U2:FL-MB
sample 600 drained $M1:DR-L1
lost 2
TXT
cat >golden.txt <<TXT
format profile
scheme golden
width 2
events DR-L1 DR-TLB DR-SQ FL-MB FL-EX FL-MO ST-L1 ST-TLB ST-LLC
period 1
clock 50000000
binary $work/prog.elf
total-cycles 600
entry $S1 ST-L1+ST-LLC 300
entry $S1 ST-L1+ST-TLB 100
entry $S2 Base 100
entry $S3 Base 100
entry $U1 Base 200
entry $U2 FL-MB 200
entry $M1 DR-L1 200
TXT
cat >nci.txt <<TXT
format samples
scheme NCI
width 2
events ST-LLC FL-MB
period 100
binary $work/prog.elf
sample 100 stalled $S1:ST-LLC
sample 200 stalled $S1:ST-LLC
sample 300 stalled $S1:ST-LLC
sample 400 stalled $S1:Base
sample 500 compute $S2:Base $S3:Base
sample 600 compute $S2:Base $S3:Base
sample 700 stalled $U1:Base
sample 800 stalled $U1:Base
sample 900 flushed $U2:FL-MB
sample 1000 flushed $U2:FL-MB
sample 1100 drained $M1:Base
sample 1200 drained $M1:Base
TXT
run_tf "synth samples" 0 synth -o samples.tea samples.txt
run_tf "synth golden" 0 synth -o golden.prof golden.txt
run_tf "synth nci" 0 synth -o nci.tea nci.txt

# ---- help and usage errors ----------------------------------------------
run_tf "top-level help" 0 --help
expect_line "top-level help" out "^  report "
expect_line "top-level help" out "^  compare "
for cmd in report stat compare script synth; do
	run_tf "$cmd --help" 0 "$cmd" --help
	expect_line "$cmd --help" out "^usage: teaperf $cmd"
	run_tf "$cmd unknown option" 2 "$cmd" --no-such-option
	one_error_line "$cmd unknown option"
	expect_line "$cmd unknown option" err "^teaperf $cmd: unknown option '--no-such-option'"
done
run_tf "unknown command" 2 frobnicate
expect_line "unknown command" err "unknown command 'frobnicate'"
run_tf "missing value" 2 report --top
expect_line "missing value" err "option '--top' needs a value"
run_tf "bad sort" 2 report --sort cycles samples.tea
one_error_line "bad sort"
run_tf "bad format" 2 stat --format folded samples.tea
expect_line "bad format" err "expected text\|csv\|json"
run_tf "compare without reference" 2 compare samples.tea
expect_line "compare without reference" err "--reference REF is required"

# ---- script round trip ------------------------------------------------------
run_tf "script samples" 0 script samples.tea
diff <(grep -v '^#' samples.txt) out >/dev/null ||
	fail "script of samples.tea differs from the text it was made from"
cp out script.txt
run_tf "script of script" 0 synth -o again.tea script.txt
cmp -s samples.tea again.tea || fail "synth(script(x)) is not byte-identical to x"
run_tf "script golden" 0 script golden.prof
expect_line "script golden" out "^unit-den 2$"
expect_line "script golden" out "^entry $S1 ST-L1\+ST-TLB 100$"

# ---- report ----------------------------------------------------------------
run_tf "report insn" 0 report -i samples.tea
expect_line "report insn" out "^# samples.tea: scheme TEA, 2-wide commit, period 100 cycles, 6 samples, 2 lost$"
expect_line "report insn" out "^# 600 cycles in 6 instructions, showing 6$"
# The heaviest instruction first, with its symbol, line and stack.
first=$(grep -v '^#' out | head -1)
echo "$first" | grep -Eq "^ +33\.33% +200 +$S1 +scale\+0x[0-9a-f]+ +$(line_of "$S1") +ST-L1 50\.0%  ST-L1\+ST-LLC 50\.0%$" ||
	fail "report insn: first row is '$first'"
expect_line "report insn" out "^ +8\.33% +50 +$S2 .* Base 100\.0%$"
expect_line "report insn" out "^ +16\.67% +100 +$M1 +_start +$(line_of "$M1") +DR-L1 100\.0%$"

run_tf "report top" 0 report --top 2 samples.tea
[ "$(grep -vc '^#' out)" -eq 2 ] || fail "report --top 2 printed $(grep -vc '^#' out) rows"

run_tf "report func" 0 report --sort func samples.tea
expect_line "report func" out "^ +50\.00% +300 +scale +Base 33\.3%  ST-L1 33\.3%  ST-L1\+ST-LLC 33\.3%$"
expect_line "report func" out "^ +33\.33% +200 +sum +Base 50\.0%  FL-MB 50\.0%$"
expect_line "report func" out "^ +16\.67% +100 +_start +DR-L1 100\.0%$"

run_tf "report line" 0 report --sort line samples.tea
expect_line "report line" out "^ +[0-9.]+% +[0-9]+ +$(line_of "$S1") "
expect_line "report line" out "^ +16\.67% +100 +$(line_of "$M1") +DR-L1 100\.0%$"

run_tf "report csv" 0 report --format csv samples.tea
expect_line "report csv" out "^unit,function,line,signature,weight,cycles,share$"
expect_line "report csv" out "^$S1,scale\+0x[0-9a-f]+,$(line_of "$S1"),ST-L1\+ST-LLC,2,100,0\.166667$"
[ "$(wc -l <out)" -eq 8 ] || fail "report csv: $(wc -l <out) lines, expected 8"

run_tf "report json" 0 report --format json samples.tea
jq -e '.scheme == "TEA" and .samples == 6 and .lost == 2 and
	([.units[].weight] | add) == .total_weight and
	(.units[0].function | startswith("scale+0x")) and
	(.units | map(select(.function == "_start")) | length) == 1' out >/dev/null ||
	fail "report json: not valid JSON or wrong totals"
jq -e --arg a "$S1" '.units[0].unit == $a and .units[0].stack[0].share == 0.5 and
	.cycles_per_weight.den == 2 and .total_weight == 12' out >/dev/null ||
	fail "report json: wrong first unit or unit"

run_tf "report folded" 0 report --format folded samples.tea
expect_line "report folded" out "^scale;$S1;ST-L1\+ST-LLC 100$"
expect_line "report folded" out "^scale;$S2;Base 50$"
expect_line "report folded" out "^_start;$M1;DR-L1 100$"
run_tf "report folded func" 0 report --format folded --sort func samples.tea
expect_line "report folded func" out "^sum;FL-MB 100$"

run_tf "report of a profile" 0 report golden.prof
expect_line "report of a profile" out "^# 600 cycles in 6 instructions"
expect_line "report of a profile" out "^ +33\.33% +200 +$S1 .*ST-L1\+ST-LLC 75\.0%  ST-L1\+ST-TLB 25\.0%$"

# ---- stat ------------------------------------------------------------------
run_tf "stat" 0 stat samples.tea
expect_line "stat" out "^ +600 +cycles$"
expect_line "stat" out "^ +33\.33% +200 +Base$"
expect_line "stat" out "^ +33\.33% +200 +ST-L1$"
expect_line "stat" out "^ +16\.67% +100 +ST-LLC$"
run_tf "stat csv" 0 stat --format csv samples.tea
expect_line "stat csv" out "^ST-L1\+ST-LLC,2,100,0\.166667$"
run_tf "stat json" 0 stat --format json golden.prof
jq -e '.total_weight == 1200 and (.stack | map(.weight) | add) == 1200' out >/dev/null ||
	fail "stat json: totals"

# ---- compare ---------------------------------------------------------------
run_tf "compare" 0 compare --reference golden.prof samples.tea
expect_line "compare" out "^instruction-level error: 16\.667%$"
expect_line "compare" out "^function-level error: 16\.667%$"
[ "$(tail -1 out)" = "function-level error: 16.667%" ] || fail "compare: overall figures are not last"
expect_line "compare" out "^ +16\.667% +33\.33% +33\.33% +$S1 +scale\+"
run_tf "compare nci" 0 compare -r golden.prof nci.tea
expect_line "compare nci" out "restricted to the 2 events of NCI"
expect_line "compare nci" out "^instruction-level error: 0\.000%$"
run_tf "compare json" 0 compare -r golden.prof --format json --sort func samples.tea
jq -e '.levels | length == 1 and .[0].level == "func" and
	(.[0].error * 1e6 | round) == 166667' out >/dev/null || fail "compare json"
run_tf "compare csv" 0 compare -r golden.prof --format csv samples.tea
expect_line "compare csv" out "^insn,\(all\),,0\.166667,1\.000000,1\.000000$"

# ---- symbols: stripped, missing, mismatched ---------------------------------
riscv64-unknown-elf-strip -o stripped.elf prog.elf
run_tf "stripped" 0 report --sort func --binary stripped.elf samples.tea
expect_line "stripped" out "^ +33\.33% +200 +$S1 "
expect_no_line "stripped" out "scale"
run_tf "no symbols" 0 report --no-symbols samples.tea
expect_line "no symbols" out "^ +33\.33% +200 +$S1 +- +- +ST-L1 "
sed "s|^binary .*|binary $work/gone.elf|" samples.txt >gone.txt
run_tf "synth gone" 0 synth -o gone.tea gone.txt
run_tf "missing binary" 0 report gone.tea
expect_line "missing binary" err "warning: .*gone\.elf: cannot open"
expect_line "missing binary" out "^ +33\.33% +200 +$S1 +- +- "
sed "s|^build-id .*|build-id 00112233|" samples.txt >other.txt
run_tf "synth other" 0 synth -o other.tea other.txt
run_tf "build-id mismatch" 0 report other.tea
expect_line "build-id mismatch" err "warning: build-id of .* differs"

# ---- broken inputs: one line, non-zero -------------------------------------
head -c 150 samples.tea >cut.tea
run_tf "truncated" 1 report cut.tea
one_error_line "truncated"
expect_line "truncated" err "^teaperf report: cut\.tea: offset [0-9]+: .*truncated|file ends"
printf 'TEASMPL\0\002\0' >v2.tea
run_tf "wrong version" 1 stat v2.tea
one_error_line "wrong version"
run_tf "corrupt corpus file" 1 compare -r golden.prof "$here/../corpus/state-4.tea"
expect_line "corrupt corpus file" err "commit state 4"
run_tf "missing input" 1 report nothing.tea
expect_line "missing input" err "nothing\.tea: cannot open"
printf 'format samples\nsample 1 compute 0x10:NOPE\n' >bad.txt
run_tf "synth bad text" 1 synth -o bad.tea bad.txt
expect_line "synth bad text" err "bad\.txt:2: signature 'NOPE'"
[ ! -e bad.tea ] || fail "synth left a partial bad.tea behind"

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all teaperf end-to-end checks passed"
