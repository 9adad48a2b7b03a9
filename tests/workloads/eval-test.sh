#!/bin/sh
# The small version of `make eval` for `make test`: one workload through
# eval/accuracy/'s eval-one.sh, eval-table.sh and eval-plot.sh. TEA must be
# the most accurate scheme at both levels and within 5% of the golden
# reference per function; the tables and the figures must hold what the
# runs measured.
# usage: eval-test.sh TEASIM TEAPERF PERIOD SWEEP OUT_DIR PROGRAM.elf
#   TEASIM: as eval-one.sh takes it, options and all
set -eu
teasim=$1 teaperf=$2 period=$3 sweep=$4 out=$5 prog=$6
accuracy=$(dirname "$0")/../../eval/accuracy
name=$(basename "$prog" .elf)
name=${name%-small}
fail() { echo "eval-test: FAIL: $*"; exit 1; }

mkdir -p "$out"
"$accuracy/eval-one.sh" "$teasim" "$teaperf" "$period" "$sweep" "$out" "$prog" >"$out/$name.line"
cat "$out/$name.line"
awk '{ ok = $5 < $6 && $5 < $7 && $5 < $8 && $5 < $9 &&
	    $10 < $11 && $10 < $12 && $10 < $13 && $10 < $14 && $10 < 5; exit !ok }' \
	"$out/$name.line" || fail "TEA is not the most accurate"
echo "TEA is the most accurate"

# one sweep line per period, the main one included, each with samples
[ "$(wc -l <"$out/$name.sweep")" = "$(echo "$period,$sweep" | tr ',' '\n' | wc -l)" ] ||
	fail "$name.sweep has the wrong number of periods"
awk '$2 <= 0 { exit 1 }' "$out/$name.sweep" || fail "a period of the sweep took no samples"
# TEA's ten events; the mispredicted branches are counted and cost cycles
[ "$(wc -l <"$out/$name.events")" = 10 ] || fail "$name.events does not list ten events"
awk '$1 == "FL-MB" && $2 > 0 && $3 > 0 && $4 > 0 { ok = 1 } END { exit !ok }' "$out/$name.events" ||
	fail "no mispredicted branch counted or attributed"

"$accuracy/eval-table.sh" default "$period" "$out" "$name" >"$out/results.md"
grep -q "^| $name |" "$out/results.md" || fail "the table has no row for $name"
grep -q "^| $period |" "$out/results.md" || fail "the period table has no row for $period"
grep -q "^| FL-MB |" "$out/results.md" || fail "the event table has no FL-MB row"
grep -q "^| no event |" "$out/results.md" || fail "the stall table is missing"

"$accuracy/eval-plot.sh" "$teaperf" "$out" "$name"
for f in fig5-error fig7-events fig8-period; do
	[ "$(tail -1 "$out/$f.svg")" = "</svg>" ] || fail "$f.svg is incomplete"
done
[ "$(grep -c '<rect x=' "$out/fig5-error.svg")" -ge 10 ] || fail "fig5 lacks its bars"
[ "$(grep -c '<circle' "$out/fig8-period.svg")" = $((5 * $(wc -l <"$out/$name.sweep"))) ] ||
	fail "fig8 lacks points"
echo "eval-test: PASS"
