#!/bin/sh
# `make demo` as a user runs it: it must show the heaviest instructions with
# their cycle stacks, TEA's error against the golden reference and the
# plot, from a run of the demo's size, not the evaluation's (the hash
# workload at full size runs 53 million cycles).
# usage: demo-test.sh MAKE BUILD_DIR
set -eu
make=$1 build=$2
max_cycles=20000000
fail() { echo "demo-test: FAIL: $*"; exit 1; }

out=$("$make" --no-print-directory BUILD="$build" demo 2>&1) || { echo "$out"; fail "make demo failed"; }
echo "$out"
cycles=$(echo "$out" | sed -n 's/^teasim: .* instructions in \([0-9]*\) cycles.*/\1/p')
[ -n "$cycles" ] || fail "teasim printed no cycle count"
[ "$cycles" -le "$max_cycles" ] || fail "the demo ran $cycles cycles (more than $max_cycles)"
echo "$out" | grep -q 'Cycle stack' || fail "no cycle stacks in the report"
echo "$out" | grep -q 'wl_entry' || fail "the report names no instruction of the workload"
err=$(echo "$out" | sed -n 's/^instruction-level error: \([0-9.]*\)%$/\1/p')
[ -n "$err" ] || fail "no instruction-level error printed"
awk -v e="$err" 'BEGIN { exit !(e < 10) }' || fail "TEA's error is $err%"
grep -q '</html>' "$build/demo.html" || fail "$build/demo.html is not a complete page"
echo "demo-test: $cycles cycles, TEA's error $err%"
