#!/usr/bin/env bash
# Prints every skipped test with the last line of its log (the reason it
# gives), every failed test with the end of its log, then one closing line
# "N passed, N failed, N skipped" (CI reads its start, "N passed, N failed").
# Exits 1 when any test failed or none ran; a skipped test fails nothing.
# usage: test-summary.sh RESULT_FILE...
pass=0 fail=0 skip=0
for r in "$@"; do
	name=${r#*/results/}
	verdict=$(head -c4 "$r" 2>/dev/null)
	if [ "$verdict" = PASS ]; then
		pass=$((pass + 1))
	elif [ "$verdict" = SKIP ]; then
		skip=$((skip + 1))
		echo "SKIP $name: $(tail -n 1 "$r.log" 2>/dev/null)"
	else
		fail=$((fail + 1))
		echo "FAIL $name: $(cat "$r" 2>/dev/null || echo 'no result')"
		tail -n 15 "$r.log" 2>/dev/null | sed 's/^/    /'
	fi
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ $((pass + skip)) -gt 0 ]
