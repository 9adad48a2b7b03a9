#!/bin/sh
# board-sim's checks (tests/boards/boards-tests.mk).
#   board-sim-test.sh run BOARD_SIM STATUS TEXT ELF [FLAGS...]
#       the program ends with STATUS and prints a line holding TEXT
#   board-sim-test.sh tea BOARD_SIM TEAPERF OUT.tea ELF
#       tests/tea/irq-sampling.c on the board: the samples it printed at
#       exit come back whole (the count it reports) and the profile blames
#       its loads function's cache misses
set -eu
mode=$1
sim=$2
case "$mode" in
run)
	status=$3
	text=$4
	elf=$5
	shift 5
	rc=0
	out=$("$sim" "$@" "$elf" 2>&1) || rc=$?
	echo "$out"
	if [ "$rc" -ne "$status" ]; then
		echo "FAIL: $elf ended with $rc on the board, expected $status"
		exit 1
	fi
	if ! printf '%s\n' "$out" | grep -qF -- "$text"; then
		echo "FAIL: the console never showed '$text'"
		exit 1
	fi
	;;
tea)
	teaperf=$3
	tea=$4
	elf=$5
	out=$("$sim" --tea-samples "$tea" "$elf" 2>&1 | grep -v '^TEA-REC')
	echo "$out"
	# "irq-sampling: period 1000: N cycles, S samples, 0 lost, ..."
	said=$(printf '%s\n' "$out" | sed -n 's/.* cycles, \([0-9]*\) samples, 0 lost.*/\1/p')
	got=$(printf '%s\n' "$out" | sed -n 's/.*: \([0-9]*\) TEA samples from the console/\1/p')
	if [ -z "$said" ] || [ "$said" != "$got" ]; then
		echo "FAIL: the program took '$said' samples, the console gave back '$got'"
		exit 1
	fi
	csv=$("$teaperf" report --sort func --format csv "$tea")
	echo "$csv"
	# loads: its misses (ST-L1, alone or with ST-LLC) hold most of its cycles
	miss=$(printf '%s\n' "$csv" | awk -F, '$2 == "loads" && $4 ~ /ST-L1/ { n += $6 } END { print n + 0 }')
	all=$(printf '%s\n' "$csv" | awk -F, '$2 == "loads" { n += $6 } END { print n + 0 }')
	if [ "$all" -eq 0 ] || [ $((miss * 100 / all)) -lt 50 ]; then
		echo "FAIL: loads has $miss of its $all cycles on ST-L1 stacks, expected most"
		exit 1
	fi
	;;
*)
	echo "usage: board-sim-test.sh run|tea ..." >&2
	exit 2
	;;
esac
