#!/usr/bin/env bash
# Prints every failed test with the end of its log, then one closing line
# "N passed, N failed". Exits 1 when any test failed or none ran.
# usage: test-summary.sh RESULT_FILE...
pass=0 fail=0
for r in "$@"; do
	name=${r#*/results/}
	if [ -f "$r" ] && [ "$(head -c4 "$r")" = PASS ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $name: $(cat "$r" 2>/dev/null || echo 'no result')"
		tail -n 15 "$r.log" 2>/dev/null | sed 's/^/    /'
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
