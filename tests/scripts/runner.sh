#!/usr/bin/env bash
# The test runner itself: scripts/run-test.sh records PASS, SKIP (exit 77)
# and FAIL with the exit status, and scripts/test-summary.sh counts them in
# its closing line, whose start CI reads, failing only on a failure or when
# nothing ran.
# usage: runner.sh WORKDIR
set -u
scripts=$(cd "$(dirname "$0")/../../scripts" && pwd)
rm -rf "$1" && mkdir -p "$1" && cd "$1" || exit 1

# As under build/results/, where the summary names a test from.
res=$PWD/results
failures=0
# check WHAT STATUS: one line per check, a failure counted.
check() {
	if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; failures=$((failures + 1)); fi
}

"$scripts/run-test.sh" "$res/pass" 10 sh -c 'echo passing'
"$scripts/run-test.sh" "$res/skip" 10 sh -c 'echo "SKIP: no such tool"; exit 77'
"$scripts/run-test.sh" "$res/fail" 10 sh -c 'echo failing; exit 3'
"$scripts/run-test.sh" "$res/slow" 1 sleep 10
check "the runner itself always exits 0" $?

[ "$(cat "$res/pass")" = PASS ] && grep -qx passing "$res/pass.log"
check "exit 0 is PASS, with its output in the log" $?
[ "$(cat "$res/skip")" = SKIP ] && grep -qx "SKIP: no such tool" "$res/skip.log"
check "exit 77 is SKIP, with its reason in the log" $?
[ "$(cat "$res/fail")" = "FAIL (exit 3)" ] && grep -qx failing "$res/fail.log"
check "any other exit is FAIL with its status" $?
[ "$(cat "$res/slow")" = "FAIL (exit 124)" ] && grep -q "timed out after 1s" "$res/slow.log"
check "a timeout is FAIL, saying so in the log" $?

# summary NAME RESULT...: the summary's output in NAME.out, its status in NAME.rc.
summary() {
	local name=$1
	shift
	"$scripts/test-summary.sh" "$@" >"$name.out" 2>&1
	echo $? >"$name.rc"
}
summary ok "$res/pass" "$res/skip"
[ "$(cat ok.rc)" -eq 0 ] && [ "$(tail -n 1 ok.out)" = "1 passed, 0 failed, 1 skipped" ]
check "a skipped test fails nothing and is counted" $?
grep -qx "SKIP skip: SKIP: no such tool" ok.out
check "a skipped test is listed with its reason" $?
summary bad "$res/pass" "$res/skip" "$res/fail" "$res/missing"
[ "$(cat bad.rc)" -eq 1 ] && [ "$(tail -n 1 bad.out)" = "1 passed, 2 failed, 1 skipped" ]
check "a failed or missing result fails the summary" $?
grep -q "^FAIL fail: FAIL (exit 3)" bad.out && grep -q "^FAIL missing: no result" bad.out
check "failures are listed with their verdicts" $?
tail -n 1 bad.out | grep -qE "^[0-9]+ passed, [0-9]+ failed"
check "the closing line starts with \"N passed, N failed\"" $?
summary none
[ "$(cat none.rc)" -eq 1 ]
check "no result at all fails the summary" $?

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all runner checks passed"
