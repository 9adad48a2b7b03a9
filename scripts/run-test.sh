#!/usr/bin/env bash
# Runs one test command and records its outcome, so that `make test` can run
# many tests in parallel and summarise them at the end.
# usage: run-test.sh RESULT_FILE TIMEOUT_SECONDS command [args...]
# Writes RESULT_FILE (PASS, SKIP or FAIL) and RESULT_FILE.log (the output).
# A command that exits 77 (automake's convention) could not run here, a tool
# it needs being absent: SKIP, so that it is neither a pass nor a failure,
# and its log says why. Always exits 0: a failing test must not stop the
# others.
result=$1 limit=$2
shift 2
mkdir -p "$(dirname "$result")"
if timeout "$limit" "$@" >"$result.log" 2>&1; then
	echo PASS >"$result"
else
	rc=$?
	if [ "$rc" -eq 77 ]; then
		echo SKIP >"$result"
	else
		[ "$rc" -eq 124 ] && echo "test timed out after ${limit}s" >>"$result.log"
		echo "FAIL (exit $rc)" >"$result"
	fi
fi
exit 0
