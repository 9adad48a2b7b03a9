#!/usr/bin/env bash
# Call graphs: a sample file whose samples carry call chains (written with
# 'teaperf synth' for tests/teaperf/prog.c, so that symbols resolve), read
# by 'report --children' and 'flame' (folded stacks and the SVG), and
# script's round trip of the callers (docs/teaperf.md, "Children: what
# each function called", "flame"). usage: callgraph.sh TEAPERF WORKDIR
set -u
teaperf=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2" && mkdir -p "$2" && cd "$2" || exit 1
work=$(pwd)

# shellcheck source=tests/teaperf/checks.sh
. "$here/checks.sh"

rv_cc -Wl,-Ttext=0x80000000 -Wl,--build-id -o prog.elf "$here/prog.c" || exit 1
insn() { insn_of prog.elf "$@"; }
# Instructions of scale, sum and _start; R_SCALE and R_SUM are _start's
# return addresses from its calls of scale and of sum.
S1=$(insn scale 5) S2=$(insn scale 6) S3=$(insn scale 7)
U1=$(insn sum 5) U2=$(insn sum 6) U3=$(insn sum 7)
M1=$(insn _start 3) R_SCALE=$(insn _start 5) R_SUM=$(insn _start 7)
for a in "$S1" "$S2" "$S3" "$U1" "$U2" "$U3" "$M1" "$R_SCALE" "$R_SUM"; do
	[ -n "$a" ] || { echo "could not find the test instructions"; exit 1; }
done

# Six samples of 100 cycles, in these call stacks (outermost first):
#   _start;scale             twice, the second as Linux's RISC-V unwinder
#                            gives a leaf: a return address in scale first
#   _start;scale;sum         a compute sample of two instructions
#   _start;sum
#   _start                   no callers
#   _start;sum;scale;sum     sum recursing through scale
{
	tea_header "$work/prog.elf" "$(build_id_of prog.elf)"
	cat <<TXT
callers $R_SCALE
sample 100 stalled $S1:ST-L1
callers $S2 $R_SCALE
sample 200 stalled $S1:ST-L1
callers $S3 $R_SCALE
sample 300 compute $U1:Base $U2:Base
callers $R_SUM
sample 400 stalled $U1:FL-MB
sample 500 drained $M1:DR-L1
callers $U2 $S3 $U3 $R_SUM
sample 600 stalled $U1:Base
TXT
} >calls.txt
run_tf "synth" 0 synth -o calls.tea calls.txt

# ---- script prints the callers, synth writes them back ----------------------
run_tf "script" 0 script calls.tea
expect_line "script" out "^callers $S2 $R_SCALE$"
[ "$(grep -c '^callers ' out)" -eq 5 ] || fail "script: not 5 callers lines"
cp out script.txt
run_tf "synth of script" 0 synth -o again.tea script.txt
cmp -s calls.tea again.tea || fail "script and synth do not give back the same file"

# ---- report --children ----------------------------------------------------------
run_tf "children" 0 report --children calls.tea
[ ! -s err ] || { fail "children: stderr:"; sed 's/^/    /' err; }
expect_line "children" out "^# 600 cycles in 3 functions, showing 3$"
expect_line "children" out "^#  Children +Self +Cycles +Function +Cycle stack$"
expect_line "children" out "^ +100\.00% +16\.67% +600 +_start +Base 33\.3%  ST-L1 33\.3%  DR-L1 16\.7%  FL-MB 16\.7%$"
expect_line "children" out "^ +66\.67% +33\.33% +400 +scale +Base 50\.0%  ST-L1 50\.0%$"
expect_line "children" out "^ +50\.00% +50\.00% +300 +sum +Base 66\.7%  FL-MB 33\.3%$"
# sorted by children: _start, scale, sum
[ "$(grep -oE '(_start|scale|sum) ' out | tr -d ' ' | tr '\n' ' ')" = "_start scale sum " ] ||
	fail "children: not sorted by children cycles"
run_tf "children csv" 0 report --children --format csv calls.tea
expect_line "children csv" out "^unit,function,line,signature,weight,cycles,share,self_weight,self_cycles,self_share$"
expect_line "children csv" out "^_start,_start,prog\.c:[0-9]+,DR-L1,2,100,0\.166667,2,100,0\.166667$"
expect_line "children csv" out "^_start,_start,prog\.c:[0-9]+,Base,4,200,0\.333333,0,0,0\.000000$"
run_tf "children json" 0 report --children --format json calls.tea
expect_line "children json" out '"children": true,'
expect_line "children json" out '"unit": "scale".*"weight": 8, "share": 0\.666667, "self_weight": 4, "self_share": 0\.333333,'
run_tf "children with --sort insn" 2 report --children --sort insn calls.tea
one_error_line "children with --sort insn"
run_tf "children folded" 2 report --children --format folded calls.tea
one_error_line "children folded"

# Without callers: one line, and the report --sort func gives.
grep -v '^callers ' calls.txt >flat.txt
run_tf "flat synth" 0 synth -o flat.tea flat.txt
run_tf "children without callers" 0 report --children flat.tea
one_error_line "children without callers"
expect_line "children without callers" err "^teaperf report: flat\.tea: no sample has callers"
cp out flat-children.out
run_tf "func" 0 report --sort func flat.tea
cmp -s out flat-children.out || fail "report --children without callers is not report --sort func"

# ---- flame --folded ----------------------------------------------------------------
run_tf "folded" 0 flame --folded calls.tea
[ ! -s err ] || { fail "folded: stderr:"; sed 's/^/    /' err; }
cat >want.folded <<TXT
_start 100
_start;scale 200
_start;scale;sum 100
_start;sum 100
_start;sum;scale;sum 100
TXT
cmp -s out want.folded || { fail "folded stacks:"; diff want.folded out | sed 's/^/    /'; }
run_tf "folded to a file" 0 flame --folded -o calls.folded calls.tea
cmp -s calls.folded want.folded || fail "flame --folded -o differs from standard output"
# A compute sample's halves: 50 cycles each, one per instruction.
run_tf "folded, no symbols" 0 flame --folded --no-symbols calls.tea
expect_line "folded, no symbols" out "^$M1 100$"
expect_line "folded, no symbols" out "^$R_SCALE;$S3;$U2 50$"
run_tf "folded without callers" 0 flame --folded flat.tea
expect_line "folded without callers" err "no sample has callers"
expect_line "folded without callers" out "^scale 200$"

# ---- the SVG --------------------------------------------------------------------------
run_tf "svg" 0 flame -o calls.svg calls.tea
# Well-formed, a box per frame: the distinct prefixes of the folded
# stacks and the root 'all'; _start spans all of it; scale under _start
# is drawn in ST-L1's colour, the legend's.
frames=$(sed 's/ [0-9.]*$//' want.folded | awk -F';' '{ p = ""; for (i = 1; i <= NF; i++) { p = p ";" $i; print p } }' | sort -u | wc -l)
python3 - calls.svg "$((frames + 1))" <<'PY' || fail "svg: see above"
import sys
import xml.dom.minidom

doc = xml.dom.minidom.parse(sys.argv[1])
want = int(sys.argv[2])
boxes = [g for g in doc.getElementsByTagName("g") if g.getAttribute("class") == "frame"]
def text(node):
    return "".join(n.data for n in node.childNodes if n.nodeType == n.TEXT_NODE)
titles = {}
for g in boxes:
    rects, tips = g.getElementsByTagName("rect"), g.getElementsByTagName("title")
    assert len(rects) == 1 and len(tips) == 1, "a frame without its one rect and title"
    titles.setdefault(text(tips[0]).split(":")[0], []).append((text(tips[0]), rects[0]))
legend = [g for g in doc.getElementsByTagName("g") if g.getAttribute("class") == "legend"][0]
colour = {text(t): r.getAttribute("fill") for r, t in
          zip(legend.getElementsByTagName("rect"), legend.getElementsByTagName("text")[1:])}
errors = []
if len(boxes) != want:
    errors.append("%d boxes, expected %d" % (len(boxes), want))
start = titles.get("_start", [("", None)])[0]
if start[0] != "_start: 600 cycles, 100.00% of all; Base 33.3%  ST-L1 33.3%  DR-L1 16.7%  FL-MB 16.7%":
    errors.append("_start's tooltip: %r" % start[0])
all_box = titles["all"][0][1]
if start[1] is None or start[1].getAttribute("width") != all_box.getAttribute("width"):
    errors.append("_start is not as wide as all")
scale = [r for t, r in titles.get("scale", []) if t.startswith("scale: 300 cycles, 50.00% of all;")]
if len(scale) != 1 or scale[0].getAttribute("fill") != colour.get("ST-L1"):
    errors.append("scale under _start is not in ST-L1's colour %s" % colour.get("ST-L1"))
if float(scale[0].getAttribute("width")) * 2 != float(all_box.getAttribute("width")):
    errors.append("scale under _start is not half as wide as all")
if len(titles.get("sum", [])) != 3:
    errors.append("not three boxes of sum")
for e in errors:
    print("svg:", e)
sys.exit(1 if errors else 0)
PY
run_tf "svg to stdout" 0 flame -o - calls.tea
cmp -s out calls.svg || fail "flame -o - differs from the file"

finish_checks "teaperf call graph"
