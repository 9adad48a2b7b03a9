#!/bin/sh
# `make linux-demo` as a user runs it: Linux boots on the RTL core, the
# workload runs under teaperf record on the target, and the host shows its
# instructions with their cycle stacks, symbolized from rootfs/ (the
# workload's functions) and vmlinux, then TEA's error against the golden
# reference restricted to the workload's instructions.
# usage: linux-demo-test.sh MAKE BUILD_DIR MAX_ERROR
set -eu
make=$1 build=$2 max_error=$3
fail() { echo "linux-demo-test: FAIL: $*"; exit 1; }

out=$("$make" --no-print-directory BUILD="$build" linux-demo 2>&1) || {
	echo "$out"
	fail "make linux-demo failed"
}
echo "$out"
echo "$out" | grep -q '^\[ teaperf record: [0-9]* samples' || fail "teaperf record wrote no file"
echo "$out" | grep -q 'Cycle stack' || fail "no cycle stacks in the report"
echo "$out" | grep -qE ' (main|wl_run|insert|lookup)\+0x' || fail "the report names no function of the workload"
echo "$out" | grep -q 'warning' && fail "a symbol warning (a build-id mismatch?)"
err=$(echo "$out" | sed -n 's/^instruction-level error: \([0-9.]*\)%$/\1/p')
[ -n "$err" ] || fail "no instruction-level error printed"
awk -v e="$err" -v m="$max_error" 'BEGIN { exit !(e < m) }' || fail "TEA's error is $err% (at most $max_error% expected)"
echo "linux-demo-test: TEA's error $err% against the golden reference, on the workload's instructions"
