#!/usr/bin/env bash
# Runs one test command and records its outcome, so that `make test` can run
# many tests in parallel and summarise them at the end.
# usage: run-test.sh RESULT_FILE TIMEOUT_SECONDS command [args...]
# Writes RESULT_FILE (PASS or FAIL) and RESULT_FILE.log (the output). Always
# exits 0: a failing test must not stop the others.
result=$1 limit=$2
shift 2
mkdir -p "$(dirname "$result")"
if timeout "$limit" "$@" >"$result.log" 2>&1; then
	echo PASS >"$result"
else
	rc=$?
	[ "$rc" -eq 124 ] && echo "test timed out after ${limit}s" >>"$result.log"
	echo "FAIL (exit $rc)" >"$result"
fi
exit 0
