#!/usr/bin/env bash
# End-to-end tests of teaperf: builds a small RISC-V program, writes sample
# and golden profile files for it with 'teaperf synth', and checks what the
# subcommands print. usage: e2e.sh TEAPERF WORKDIR
set -u
teaperf=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2" && mkdir -p "$2" && cd "$2" || exit 1
work=$(pwd)

# shellcheck source=tests/teaperf/checks.sh
. "$here/checks.sh"

# ---- the profiled program -------------------------------------------------
riscv64-unknown-elf-gcc -g -O1 -march=rv64imac -mabi=lp64 -mcmodel=medany \
	-nostdlib -Wl,-Ttext=0x80000000 -Wl,--build-id -o prog.elf \
	"$here/prog.c" || exit 1
build_id=$(build_id_of prog.elf)
insn() { insn_of prog.elf "$@"; }
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
expect_line "top-level help" out "^  annotate "
expect_line "top-level help" out "^  plot "
expect_line "top-level help" out "^  diff "
expect_line "top-level help" out "^  chart "
for cmd in report annotate plot diff stat compare script synth chart; do
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

# ---- the stage view: report --stage reads FILE.STAGE.prof -------------------
cat >dispatch.txt <<TXT
format profile
scheme dispatch
width 2
events FE-empty Flush Redirect Serial ROB-full IQ-full LQ-full SQ-full Regs-full Halted
period 1
binary $work/prog.elf
total-cycles 600
unit-den 840
entry $S1 Base 84000
entry $S1 ROB-full 252000
entry $U2 Flush 168000
TXT
run_tf "synth stage" 0 synth -o golden.dispatch.prof dispatch.txt
run_tf "script stage" 0 script golden.dispatch.prof
expect_line "script stage" out "^unit-den 840$"
run_tf "report --stage dispatch" 0 report --stage dispatch golden.prof
expect_line "report --stage dispatch" out "^# golden\.dispatch\.prof: scheme dispatch"
expect_line "report --stage dispatch" out "^ +66\.67% +400 +$S1 .*ROB-full 75\.0%  Base 25\.0%$"
expect_line "report --stage dispatch" out "^ +33\.33% +200 +$U2 .*Flush 100\.0%$"
run_tf "stat --stage" 0 stat --stage dispatch --format csv golden.prof
expect_line "stat --stage" out "^ROB-full,252000,300,0\.500000$"
run_tf "annotate --stage" 0 annotate --stage dispatch -s scale golden.prof
expect_line "annotate --stage" out "ROB-full 75\.0%  Base 25\.0%$"
run_tf "report --stage commit" 0 report --stage commit golden.prof
expect_line "report --stage commit" out "^# golden\.prof: scheme golden"
run_tf "report --stage, no such stage" 2 report --stage fetch golden.prof
one_error_line "report --stage, no such stage"
expect_line "report --stage, no such stage" err "unknown stage 'fetch'"
run_tf "report --stage, not recorded" 1 report --stage issue golden.prof
one_error_line "report --stage, not recorded"
expect_line "report --stage, not recorded" err "golden\.issue\.prof"
cp golden.prof wrong.issue.prof
run_tf "report --stage, another scheme" 1 report --stage issue wrong.prof
one_error_line "report --stage, another scheme"
expect_line "report --stage, another scheme" err "holds scheme golden, not the issue stage"
# the FLOPS view: --flops is --stage flops; stat gives flops per cycle
cat >flops.txt <<TXT
format profile
scheme flops
width 2
events Non-FMA Mem-dep Div-dep FP-dep Port-busy Non-flop Int-work FE-empty Flush Redirect Serial ROB-full IQ-full LQ-full SQ-full Regs-full Halted
period 1
binary $work/prog.elf
total-cycles 600
unit-den 840
entry $S1 Base 126000
entry $S1 Non-FMA 42000
entry $S1 Div-dep 252000
entry $U2 Int-work 84000
TXT
run_tf "synth flops" 0 synth -o golden.flops.prof flops.txt
run_tf "report --flops" 0 report --flops golden.prof
expect_line "report --flops" out "^# golden\.flops\.prof: scheme flops"
expect_line "report --flops" out "^ +83\.33% +500 +$S1 .*Div-dep 60\.0%  Base 30\.0%  Non-FMA 10\.0%$"
run_tf "stat --flops" 0 stat --flops golden.prof
expect_line "stat --flops" out "^ +0\.500 +flops per cycle, of a peak of 2"
run_tf "stat --stage flops, as csv" 0 stat --stage flops --format csv golden.prof
expect_line "stat --stage flops, as csv" out "^Div-dep,252000,300,0\.500000$"
run_tf "report --flops, not recorded" 1 report --flops samples.tea
one_error_line "report --flops, not recorded"
sed 's/^unit-den 840$/unit-den 0/' dispatch.txt >bad-den.txt
run_tf "synth unit-den 0" 1 synth -o bad.prof bad-den.txt
one_error_line "synth unit-den 0"

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

# ---- report --sort data: the samples' data addresses by variable or page ----
data_addr=$(printf '%x' "0x$(riscv64-unknown-elf-nm prog.elf | awk '$3 == "data" { print $1 }')")
{
	tea_header_lines=$(sed -n '1,/^build-id/p' samples.txt)
	echo "$tea_header_lines"
	printf 'data 0x%x\n' $((0x$data_addr + 8))
	echo "sample 100 stalled $S1:ST-L1+ST-LLC"
	printf 'data 0x%x\n' $((0x$data_addr + 16))
	echo "sample 200 stalled $S1:ST-L1"
	echo "data - 0x90001234"
	echo "sample 300 compute $S2:Base $U1:Base"
	echo "sample 400 stalled $M1:DR-L1"
} >daddr.txt
run_tf "synth data addresses" 0 synth -o daddr.tea daddr.txt
run_tf "report --sort data" 0 report --sort data daddr.tea
expect_line "report --sort data" out "^# 62\.5% of the sampled cycles went to instructions that accessed memory"
expect_line "report --sort data" out "^ +50\.00% +200  data \(0x$data_addr\)$"
expect_line "report --sort data" out "^ +50\.0%  ST-L1\+ST-LLC$"
expect_line "report --sort data" out "^ +50\.0%  ST-L1$"
expect_line "report --sort data" out "^ +12\.50% +50  \[page 0x90001000\]$"
expect_line "report --sort data" out "^ +100\.0%  Base$"
run_tf "report --sort data without data addresses" 1 report --sort data samples.tea
one_error_line "report --sort data without data addresses"
expect_line "report --sort data without data addresses" err "no sample has a data address"
run_tf "report --sort data of a profile" 1 report --sort data golden.prof
one_error_line "report --sort data of a profile"
run_tf "report --sort data --format csv" 2 report --sort data --format csv daddr.tea
one_error_line "report --sort data --format csv"

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

# ---- annotate ----------------------------------------------------------------
# The listing of scale, instruction by instruction, from objdump itself.
scale_insns() {
	riscv64-unknown-elf-objdump -d --no-show-raw-insn prog.elf | awk '
		$2 == "<scale>:" { on = 1; next }
		on && /^$/ { exit }
		on && /^ +[0-9a-f]+:/ { sub(":", "", $1); print $1, $2 }'
}
scale_insns >scale.insns
[ "$(wc -l <scale.insns)" -gt 5 ] || fail "objdump listed too little of scale"
SCALE=0x$(head -1 scale.insns | cut -d' ' -f1)
run_tf "annotate" 0 annotate --symbol scale samples.tea
expect_line "annotate" out "^# scale \($SCALE\.\.0x[0-9a-f]+\) in .*/prog\.elf$"
expect_line "annotate" out "^# 300 of 600 cycles \(50\.00%\) of samples\.tea: scheme TEA, period 100 cycles$"
# Every instruction once, in order, with objdump's mnemonic.
grep -E '^ +([0-9.]+% +[0-9.]+ +)?[0-9a-f]+:  ' out |
	sed -E 's/^ +([0-9.]+% +[0-9.]+ +)?([0-9a-f]+):  ([^ ]+).*/\2 \3/' >listed
cmp -s listed scale.insns || { fail "annotate: instructions differ from objdump's:"; diff listed scale.insns | sed 's/^/    /'; }
# Cycles, share of the function, stack; blanks where nothing was sampled.
expect_line "annotate" out "^ +66\.67% +200 +${S1#0x}:  [a-z].* +ST-L1 50\.0%  ST-L1\+ST-LLC 50\.0%$"
expect_line "annotate" out "^ +16\.67% +50 +${S2#0x}:  [a-z].* +Base 100\.0%$"
expect_line "annotate" out "^ {23}${SCALE#0x}:  [a-z]"
[ "$(grep -cE '^ +[0-9.]+% ' out)" -eq 3 ] || fail "annotate: expected 3 sampled instructions"
cycles=$(awk '/^ +[0-9.]+% / { sum += $2 } END { print sum }' out)
[ "$cycles" = 300 ] || fail "annotate: the rows add up to $cycles cycles, not 300"
# The source line comes right before its first instruction.
source_row=$(grep -nE "^ +$(line_of "$S1")  data\[i\] \*= 3;$" out | cut -d: -f1)
insn_row=$(grep -nE "^ +66\.67% " out | cut -d: -f1)
[ -n "$source_row" ] && [ "$((insn_row - source_row))" -eq 1 ] ||
	fail "annotate: source line $(line_of "$S1") is not right above $S1"
run_tf "annotate heaviest" 0 annotate samples.tea
expect_line "annotate heaviest" out "^# scale \($SCALE\."
run_tf "annotate sum" 0 annotate -s sum -i samples.tea
expect_line "annotate sum" out "^ +50\.00% +100 +${U2#0x}:  .* FL-MB 100\.0%$"
run_tf "annotate no source" 0 annotate -s scale --no-source samples.tea
expect_no_line "annotate no source" out "prog\.c:"
run_tf "annotate profile" 0 annotate -s scale golden.prof
expect_line "annotate profile" out "^ +66\.67% +200 +${S1#0x}:  .* ST-L1\+ST-LLC 75\.0%  ST-L1\+ST-TLB 25\.0%$"
run_tf "annotate unknown symbol" 1 annotate -s nosuch samples.tea
one_error_line "annotate unknown symbol"
expect_line "annotate unknown symbol" err "prog\.elf has no function 'nosuch'$"
run_tf "annotate missing objdump" 1 annotate -s scale --objdump "$work/no-objdump" samples.tea
one_error_line "annotate missing objdump"
expect_line "annotate missing objdump" err "^teaperf annotate: cannot run .*/no-objdump: No such file or directory \(install binutils-riscv64-unknown-elf or give --objdump PATH\)$"
PATH=/nonexistent "$teaperf" annotate -s scale samples.tea >out 2>err
[ $? -eq 1 ] || fail "annotate without objdump on PATH: expected exit 1"
one_error_line "annotate without objdump on PATH"
expect_line "annotate without objdump on PATH" err "cannot run riscv64-unknown-elf-objdump"

# ---- plot --------------------------------------------------------------------
command -v xmllint >/dev/null || fail "xmllint (libxml2-utils) is needed to check the SVG"
run_tf "plot svg" 0 plot -o plot.svg samples.tea
xmllint --noout plot.svg 2>err || { fail "plot.svg is not well-formed XML"; sed 's/^/    /' err; }
xpath() { xmllint --xpath "$1" plot.svg 2>/dev/null; }
[ "$(xpath 'count(//*[local-name()="g"][@class="bar"])')" = 6 ] || fail "plot: expected 6 bars"
[ "$(xpath 'string(//*[local-name()="g"][@class="bar"][1]/@data-label)')" = "$(printf 'scale+0x%x' $((S1 - SCALE)))" ] ||
	fail "plot: the first bar is not scale's heaviest instruction"
[ "$(xpath 'string(//*[local-name()="g"][@class="bar"][6]/@data-total)')" = 50 ] || fail "plot: last bar"
# Heights are proportional to cycles: one pixels-per-cycle ratio for every
# segment, every bar and every labelled tick of the axis.
awk '
	function attr(name,   m) { match($0, name "=\"[^\"]*\""); return substr($0, RSTART + length(name) + 2, RLENGTH - length(name) - 3) }
	function check(what, px, cycles) {
		if (!ratio) ratio = px / cycles
		if (px / cycles - ratio > 1e-6 * ratio || ratio - px / cycles > 1e-6 * ratio) { print what ": " px " px for " cycles " cycles"; bad = 1 }
	}
	/<g class="bar"/ { total = attr("data-total"); sum = 0; top = 0; n++ }
	/<rect class="seg"/ {
		h = attr("height"); y = attr("y")
		check("segment", h, attr("data-value"))
		gap = y + h - top
		if (top && (gap > 0.002 || gap < -0.002)) { print "segment of bar " n " does not sit on the one below"; bad = 1 }
		top = y; sum += h
	}
	/<\/g>/ && total { check("bar " n, sum, total); total = 0 }
	/<line / && !base { base = attr("y1") }
	/<text class="tick"/ { v = $0; sub(/.*">/, "", v); sub(/<.*/, "", v); ticks[v] = attr("y") }
	END {
		for (v in ticks) if (v > 0) check("tick " v, base - ticks[v], v)
		if (n != 6 || !ratio) { print "no bars parsed"; bad = 1 }
		exit bad
	}' plot.svg >proportions || { fail "plot: bar heights are not proportional to cycles:"; sed 's/^/    /' proportions; }
[ "$(xpath 'string(//*[local-name()="rect"][@data-series="Base"][1]/@fill)')" = "#9e9e9e" ] || fail "plot: Base is not grey"
[ "$(grep -o 'fill="#[0-9a-f]*" data-series="[^"]*"' plot.svg | sort -u | cut -d'"' -f2 | sort | uniq -d)" = "" ] ||
	fail "plot: two signatures share a colour"
[ "$(xpath 'count(//*[local-name()="g"][@class="legend"]/*[local-name()="rect"])')" = 5 ] || fail "plot: legend should list 5 signatures"
for sig in Base DR-L1 FL-MB ST-L1 ST-L1+ST-LLC; do
	grep -q ">$sig</text>" plot.svg || fail "plot: $sig is not in the legend"
done
run_tf "plot top" 0 plot --top 2 -o top.svg samples.tea
[ "$(grep -c '<g class="bar"' top.svg)" -eq 2 ] || fail "plot --top 2 drew $(grep -c '<g class="bar"' top.svg) bars"
run_tf "plot func" 0 plot --sort func -o func.svg samples.tea
[ "$(grep -o 'data-label="[^"]*"' func.svg | tr '\n' ' ')" = 'data-label="scale" data-label="sum" data-label="_start" ' ] ||
	fail "plot --sort func: bars $(grep -o 'data-label="[^"]*"' func.svg | tr '\n' ' ')"
run_tf "plot html" 0 plot -o plot.html samples.tea
[ "$(grep -c '^<tr>' plot.html)" -eq 6 ] || fail "plot html: expected 6 table rows"
grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' plot.html || fail "plot html: no inline SVG"
# Works offline: nothing to fetch.
grep -Eqi '(src|href) *=|@import|url\(' plot.html && fail "plot html: refers to an outside resource"
[ "$(grep -Eo 'https?://[^" ]*' plot.html | sort -u)" = "http://www.w3.org/2000/svg" ] ||
	fail "plot html: addresses other than the SVG namespace"
# Symbol names are bytes: markup, quotes, a control character and broken
# UTF-8 must leave the SVG well-formed.
riscv64-unknown-elf-objcopy --strip-all \
	--add-symbol "$(printf 'a<b&"c\377\001d')=.text:0,function,global" prog.elf odd.elf
run_tf "plot odd names" 0 plot --binary odd.elf -o odd.svg samples.tea
xmllint --noout odd.svg 2>err || { fail "plot odd names: not well-formed"; sed 's/^/    /' err; }
grep -q 'data-label="a&lt;b&amp;&quot;c??d+0x' odd.svg || fail "plot odd names: label not escaped"
run_tf "plot bad output" 2 plot -o plot.png samples.tea
one_error_line "plot bad output"
expect_line "plot bad output" err "expected a name ending in \.svg or \.html"
run_tf "plot unwritable" 1 plot -o "$work/no/such/dir/p.svg" samples.tea
one_error_line "plot unwritable"

# ---- chart ---------------------------------------------------------------------
# svg ATTRIBUTE TITLE FILE: ATTRIBUTE's value in the element whose tooltip
# is TITLE.
svg_attr() { grep -o "<[a-z]* [^>]*><title>$2</title>" "$3" | grep -o " $1=\"[^\"]*\"" | cut -d'"' -f2; }
printf 'workload\tTEA\tIBS\nsort\t8.5\t35\nhash\t0.8\t82.6\n' >bars.tsv
run_tf "chart bars" 0 chart --kind bars --title 'Error <per> workload' --y-label 'error (%)' \
	--y-unit % -o bars.svg bars.tsv
xmllint --noout bars.svg 2>err || { fail "chart bars: not well-formed"; sed 's/^/    /' err; }
[ "$(grep -c '^<rect x=.*<title>' bars.svg)" = 4 ] || fail "chart bars: expected 4 bars"
# the y axis runs to 100: 82.6 is 82.6% of the plot's 360 pixels
[ "$(svg_attr height 'hash, IBS: 82.6%' bars.svg)" = 297.360 ] || fail "chart bars: hash's IBS bar"
grep -q '>Error &lt;per&gt; workload<' bars.svg || fail "chart bars: the title is not escaped"
[ "$(grep -c '<text x=[^>]*>\(TEA\|IBS\)</text>' bars.svg)" = 2 ] || fail "chart bars: legend"
printf 'period\tTEA\tIBS\n100\t8\t35\n1000\t12\t40\n10000\t20\t50\n' >lines.tsv
run_tf "chart lines" 0 chart -k lines --log-x --x-unit cycles --y-unit % -o lines.svg lines.tsv
xmllint --noout lines.svg 2>err || { fail "chart lines: not well-formed"; sed 's/^/    /' err; }
[ "$(grep -c '<polyline' lines.svg)" = 2 ] && [ "$(grep -c '<circle' lines.svg)" = 6 ] ||
	fail "chart lines: expected 2 lines through 6 points"
# on the log x axis 1000 is halfway from 100 to 10000
[ "$(svg_attr cx 'TEA, 1000 cycles: 12%' lines.svg)" = 324.000 ] || fail "chart lines: 1000 is not halfway"
printf 'sort\tDR-L1\t60\t3933\nhash\tDR-L1\t10\t100\nsort\tFL-MB\t1000\t40000\n' >points.tsv
"$teaperf" chart -k points --log-x --log-y --x-unit events --y-unit cycles -o points.svg \
	<points.tsv 2>err || fail "chart points from standard input"
xmllint --noout points.svg 2>err || { fail "chart points: not well-formed"; sed 's/^/    /' err; }
[ "$(grep -c '<circle' points.svg)" = 3 ] || fail "chart points: expected 3 points"
grep -q '<title>sort, FL-MB: 1000 events, 40000 cycles</title>' points.svg || fail "chart points: tooltip"
grep -q '>1e1</text>' points.svg && grep -q '>1e5</text>' points.svg || fail "chart points: decades"
# bad input: one error line, exit 2 for the command line, 1 for the table
run_tf "chart without kind" 2 chart -o x.svg bars.tsv
expect_line "chart without kind" err "--kind KIND is required"
run_tf "chart bad kind" 2 chart -k pie -o x.svg bars.tsv
one_error_line "chart bad kind"
run_tf "chart without output" 2 chart -k bars bars.tsv
one_error_line "chart without output"
run_tf "chart log bars" 2 chart -k bars --log-y -o x.svg bars.tsv
one_error_line "chart log bars"
printf 'workload\tTEA\nsort\tabc\n' >nan.tsv
run_tf "chart not a number" 1 chart -k bars -o x.svg nan.tsv
expect_line "chart not a number" err "^teaperf chart: nan\.tsv:2: 'abc': expected a number$"
printf 'workload\tTEA\tIBS\nsort\t1\n' >short.tsv
run_tf "chart short row" 1 chart -k bars -o x.svg short.tsv
expect_line "chart short row" err "short\.tsv:2: 2 fields; expected 3"
run_tf "chart zero on a log axis" 1 chart -k lines --log-x -o x.svg <(printf 'p\tTEA\n0\t1\n')
expect_line "chart zero on a log axis" err "above 0"
run_tf "chart negative" 1 chart -k bars -o x.svg <(printf 'w\tTEA\nsort\t-1\n')
one_error_line "chart negative"
run_tf "chart header only" 1 chart -k bars -o x.svg <(printf 'w\tTEA\n')
expect_line "chart header only" err "no rows"
run_tf "chart ten series" 1 chart -k bars -o x.svg <(printf 'w\t1\t2\t3\t4\t5\t6\t7\t8\t9\t10\n')
one_error_line "chart ten series"
run_tf "chart points fields" 1 chart -k points -o x.svg <(printf 'sort\tDR-L1\t60\n')
one_error_line "chart points fields"
run_tf "chart NUL byte" 1 chart -k bars -o x.svg <(printf 'w\tTEA\ns\0\t1\n')
one_error_line "chart NUL byte"
[ ! -e x.svg ] || fail "chart left an x.svg behind"
run_tf "chart missing table" 1 chart -k bars -o x.svg nothing.tsv
expect_line "chart missing table" err "nothing\.tsv: cannot open"

# ---- diff --------------------------------------------------------------------
# After: S1's misses are gone, S2 takes their place, a new store stalls.
sed -e '/^sample 100 /d' -e "s/^sample 200 stalled .*/sample 200 compute $S2:Base/" samples.txt >after.txt
echo "sample 700 stalled $S3:ST-L1" >>after.txt
run_tf "synth after" 0 synth -o after.tea after.txt
run_tf "diff" 0 diff samples.tea after.tea
expect_line "diff" out "^# Before: samples\.tea: scheme TEA, 600 cycles$"
expect_line "diff" out "^# After:  after\.tea: scheme TEA, 600 cycles$"
expect_line "diff" out "^# Change: 0 cycles \(\+0\.00%\); 6 instructions, 3 changed, showing 6$"
first=$(grep -v '^#' out | head -1)
echo "$first" | grep -Eq "^ +200 +0 +-200 +-33\.33% +$S1 +scale\+0x[0-9a-f]+ +ST-L1 -100  ST-L1\+ST-LLC -100$" ||
	fail "diff: first row is '$first'"
expect_line "diff" out "^ +50 +150 +\+100 +\+16\.67% +$S2 .* Base \+100$"
expect_line "diff" out "^ +50 +150 +\+100 +\+16\.67% +$S3 .* ST-L1 \+100$"
expect_line "diff" out "^ +ST-L1\+ST-LLC +100 +0 +-100 +-16\.67%$"
expect_line "diff" out "^ +Base +200 +300 +\+100 +\+16\.67%$"
expect_line "diff" out "^ +ST-L1 +100 +100 +0 +\+0\.00%$"
[ "$(tail -1 out | tr -s ' ')" = " total 600 600 0 +0.00%" ] || fail "diff: the total is not last"
run_tf "diff func" 0 diff --sort func samples.tea after.tea
expect_line "diff func" out "^ +300 +300 +0 +\+0\.00% +scale +Base \+100  ST-L1\+ST-LLC -100$"
expect_line "diff func" out "^ +200 +200 +0 +\+0\.00% +sum$"
run_tf "diff json" 0 diff --format json samples.tea after.tea
jq -e --arg a "$S1" '.total.before == 600 and .total.after == 600 and
	.units[0].unit == $a and .units[0].change == -200 and
	([.units[].change] | add) == 0 and
	(.signatures | map(select(.signature == "Base"))[0].change) == 100' out >/dev/null ||
	fail "diff json"
run_tf "diff csv" 0 diff --format csv --top 1 samples.tea after.tea
expect_line "diff csv" out "^unit,function,signature,before,after,change$"
expect_line "diff csv" out "^$S1,scale\+0x[0-9a-f]+,\(all\),200,0,-200$"
expect_line "diff csv" out "^\(total\),,ST-L1\+ST-LLC,100,0,-100$"
# Different schemes and weight units still diff exactly: golden (width 2,
# period 1) against samples (period 100).
run_tf "diff golden" 0 diff --sort func golden.prof samples.tea
expect_line "diff golden" out "^ +300 +300 +0 +\+0\.00% +scale +ST-L1 \+100  ST-L1\+ST-LLC -50  ST-L1\+ST-TLB -50$"
run_tf "diff one file" 2 diff samples.tea
expect_line "diff one file" err "expected two files, BEFORE and AFTER; got 1"
run_tf "diff broken" 1 diff samples.tea cut.tea 2>/dev/null

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
run_tf "annotate stripped" 1 annotate -s scale --binary stripped.elf samples.tea
expect_line "annotate stripped" err "has no function 'scale'"
run_tf "annotate missing binary" 1 annotate -s scale gone.tea
one_error_line "annotate missing binary"
expect_line "annotate missing binary" err "gone\.elf: cannot open"

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

finish_checks "teaperf end-to-end"
