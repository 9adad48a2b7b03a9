#!/usr/bin/env bash
# teaperf report --sort data of tests/tea/data.c's TEA samples on the RTL
# core (tests/tea/tea.mk writes them): the samples carry the loads' data
# addresses, and the report names the program's two arrays: big, walked a
# line at a time, heaviest and blamed mostly on L1 misses; small, whose
# loads hit, mostly Base.
# usage: data-report.sh TEAPERF SAMPLES ELF
set -u
teaperf=$1 samples=$2 elf=$3
fails=0
out=$("$teaperf" report --sort data --binary "$elf" "$samples") || { echo "FAIL: report --sort data"; exit 1; }
echo "$out" | head -12

# the data rows and, under each, its signatures: "row NAME" then "sig PCT NAME"
rows=$(echo "$out" | awk '/^ +[0-9.]+% +[0-9]+  / { print "row", $3; next }
			  /^ +[0-9.]+%  / { print "sig", $1 + 0, $2 }')
first=$(echo "$rows" | awk '$1 == "row" { print $2; exit }')
# the heaviest signature of a row
top_sig() {
	echo "$rows" | awk -v r="$1" '$1 == "row" { on = $2 == r; next }
		on && $2 > best { best = $2; sig = $3 } END { print sig }'
}
big_sig=$(top_sig big) small_sig=$(top_sig small)
if [ "$first" = big ]; then echo "ok: big holds the most cycles"; else
	echo "FAIL: the heaviest data is ${first:-none}, expected big"; fails=$((fails + 1)); fi
case $big_sig in *ST-L1*) echo "ok: big's heaviest signature is $big_sig" ;;
	*) echo "FAIL: big's heaviest signature is ${big_sig:-none}, expected ST-L1"; fails=$((fails + 1)) ;; esac
if [ "$small_sig" = Base ]; then echo "ok: small's heaviest signature is Base"; else
	echo "FAIL: small's heaviest signature is ${small_sig:-none}, expected Base"; fails=$((fails + 1)); fi
echo "$((3 - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
