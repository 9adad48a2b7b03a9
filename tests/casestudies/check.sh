#!/bin/sh
# What the case studies must show (docs/casestudies.md), checked on the
# files eval/casestudies/run.sh wrote for flush, flush-fixed, nab, nab-fixed,
# prefetch-d0, prefetch-d4 and prefetch-d8w:
# - flush: TEA gives the missing load most of the loop's cycles as
#   ST-L1+ST-LLC and the cycle-counter read its flush (FL-EX); IBS's
#   heaviest instruction is not the load; without the read the loop runs at
#   least twice as fast;
# - nab: TEA gives the fsqrt.d a large share of the loop, as ST-DIV, and
#   the flag accesses (frflags, fsflags) their flushes (FL-EX); IBS puts
#   the loop on a flag access, as Base, and next to nothing on the
#   fsqrt.d; saving and restoring the flags once around the loop makes it
#   at least 1.3x faster;
# - prefetch: without prefetching TEA blames the load (ST-L1+ST-LLC); with
#   it the loop is at least 1.5x faster and the load and the store are
#   mostly Base (the core prefetches committed stores' lines itself), so
#   prefetching the destination too gains under 5%.
# usage: check.sh OUT_DIR
set -eu
. "$(dirname "$0")/../../eval/casestudies/listing.sh"
out=$1
fail() { echo "casestudies: FAIL: $*"; exit 1; }

# "SHARE TOP_SIGNATURE" of the heaviest instruction with mnemonic $2 in
# the annotate listing $1, and the mnemonic of the heaviest instruction
insn() {
	set -- $(heaviest_insn "$out/$1.annotate" "$2")
	[ $# -ge 3 ] || return 0
	echo "${2%\%} ${3#(}"
}
heaviest() { heaviest_insn "$out/$1.annotate" | cut -d' ' -f1; }

set -- $(insn flush.tea ld)
[ "${1%.*}" -ge 50 ] && [ "$2" = ST-L1+ST-LLC ] ||
	fail "flush, TEA: the load has $1% of the loop, mostly $2 (want >= 50%, ST-L1+ST-LLC)"
set -- $(insn flush.tea rdcycle)
[ "$2" = FL-EX ] || fail "flush, TEA: the cycle-counter read is mostly $2, not FL-EX"
[ "$(heaviest flush.ibs)" != ld ] || fail "flush, IBS: blames the load (the comparison means nothing)"
before=$(loop_cycles "$out" flush) after=$(loop_cycles "$out" flush-fixed)
[ "$after" -gt 0 ] && [ $((after * 2)) -le "$before" ] ||
	fail "flush-fixed's loop takes $after cycles, flush's $before: not 2x faster"
echo "flush: TEA blames the load (ST-L1+ST-LLC) and the flush (FL-EX); $before -> $after cycles"

set -- $(insn nab.tea fsqrt.d)
[ "${1%.*}" -ge 20 ] && [ "$2" = ST-DIV ] ||
	fail "nab, TEA: the fsqrt.d has $1% of the loop, mostly $2 (want >= 20%, ST-DIV)"
for m in frflags fsflags; do
	set -- $(insn nab.tea $m)
	[ "$2" = FL-EX ] || fail "nab, TEA: $m is mostly $2, not FL-EX"
done
case $(heaviest nab.ibs) in
frflags | fsflags) ;;
*) fail "nab, IBS: its heaviest instruction is $(heaviest nab.ibs), not a flag access" ;;
esac
set -- $(insn nab.ibs fsqrt.d) 0
[ "${1%.*}" -lt 5 ] || fail "nab, IBS: the fsqrt.d has $1% of the loop (want < 5%)"
before=$(loop_cycles "$out" nab) after=$(loop_cycles "$out" nab-fixed)
[ "$after" -gt 0 ] && [ $((after * 13)) -le $((before * 10)) ] ||
	fail "nab-fixed's loop takes $after cycles, nab's $before: not 1.3x faster"
echo "nab: TEA blames the fsqrt.d (ST-DIV) and the flag accesses' flushes (FL-EX); $before -> $after cycles"

set -- $(insn prefetch-d0.tea ld)
[ "${1%.*}" -ge 40 ] && [ "$2" = ST-L1+ST-LLC ] ||
	fail "prefetch-d0, TEA: the load has $1% of the loop, mostly $2 (want >= 40%, ST-L1+ST-LLC)"
for m in ld sd; do
	set -- $(insn prefetch-d4.tea $m)
	[ "$2" = Base ] || fail "prefetch-d4, TEA: the $m is mostly $2, not Base"
done
d0=$(loop_cycles "$out" prefetch-d0) d4=$(loop_cycles "$out" prefetch-d4) d8w=$(loop_cycles "$out" prefetch-d8w)
[ "$d4" -gt 0 ] && [ $((d4 * 3)) -le $((d0 * 2)) ] || fail "prefetch-d4: $d4 cycles, not 1.5x faster than $d0"
[ "$d8w" -gt 0 ] && [ $((d8w * 100)) -gt $((d4 * 95)) ] ||
	fail "prefetch-d8w: $d8w cycles, 5% or more faster than prefetch-d4's $d4"
echo "prefetch: load (ST-L1+ST-LLC) -> Base; $d0 -> $d4 -> $d8w cycles"
echo "casestudies: PASS"
