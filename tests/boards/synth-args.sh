#!/bin/sh
# boards/synth/synth.sh's arguments, on what takes Yosys seconds: a small
# module with parameters (its figures, in a file named after them), the
# same for UltraScale+ (--family xcup), a module kept hierarchical
# (BOARD_SYNTH_FLATTEN=no: the totals and the per-module figures count
# every instance), a
# parameter that is not NAME=NUMBER (usage, status 2), and a board whose
# settings are missing (Yosys fails on the board's top: status 1, not a
# usage error).
# Usage: synth-args.sh WORK_DIR
set -u
work=$1
rm -rf "$work"
mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

sh boards/synth/synth.sh default lvt_ram "$work" on ENTRIES=8 WIDTH=4 NREAD=2 NWRITE=2 \
	>"$work/out" 2>&1 || fail "lvt_ram did not synthesize: $(tail -3 "$work/out")"
txt=$work/default-lvt_ram-ENTRIES=8-WIDTH=4-NREAD=2-NWRITE=2.txt
grep -q "top lvt_ram" "$txt" 2>/dev/null && grep -Eq "^LUT +[1-9]" "$txt" ||
	fail "no figures in $txt"
# two banks of 8 x 4 bits in LUT RAM: the parameters took
grep -Eq "^  LUT RAM +[1-9]" "$txt" 2>/dev/null || fail "lvt_ram's banks are not LUT RAM"

# UltraScale+ (the VCU118's family) runs synth_xilinx step by step, its
# memory step with the corrected LUT RAM library
sh boards/synth/synth.sh --family xcup default lvt_ram "$work" on ENTRIES=8 WIDTH=4 NREAD=2 NWRITE=2 \
	>"$work/out" 2>&1 || fail "lvt_ram did not synthesize for xcup: $(tail -3 "$work/out")"
txt=$work/default-xcup-lvt_ram-ENTRIES=8-WIDTH=4-NREAD=2-NWRITE=2.txt
grep -q "synth_xilinx (xcup)" "$txt" 2>/dev/null && grep -Eq "^  LUT RAM +[1-9]" "$txt" ||
	fail "no xcup figures with LUT RAM in $txt"
grep -q 'option "ABITS" 9' "$work/lutrams_xcu.txt" 2>/dev/null ||
	fail "the corrected LUT RAM library was not written"

# kept hierarchical, the figures are the design hierarchy's totals and
# the modules file counts each module over its instances: int_cluster's
# two ALU ports, each with its alu
BOARD_SYNTH_FLATTEN=no sh boards/synth/synth.sh default int_cluster "$work" \
	>"$work/out" 2>&1 || fail "int_cluster did not synthesize hierarchically: $(tail -3 "$work/out")"
modules=$work/default-int_cluster.modules
# Yosys's own totals of the hierarchy against the modules file's sums
yosys_logic=$(awk '/=== design hierarchy ===/ { h = 1 } h && $1 ~ /^LUT[1-6]$/ { n += $2 }
	END { print n + 0 }' "$work/default-int_cluster.stat" 2>/dev/null)
logic=$(awk 'NR > 1 { n += $4 } END { print n + 0 }' "$modules" 2>/dev/null)
total=$(awk '$1 == "LUT" && $2 ~ /^[0-9]+$/ { print $2 }' "$work/default-int_cluster.txt" 2>/dev/null)
own=$(awk '$1 == "int_cluster" { print $3 }' "$modules" 2>/dev/null)
[ "${total:-0}" -gt "${own:-0}" ] && [ "${yosys_logic:-0}" -gt 0 ] && [ "$yosys_logic" -eq "${logic:-0}" ] ||
	fail "int_cluster kept hierarchical: $total LUTs in all, $own its own; logic $logic, Yosys's $yosys_logic"
awk '$1 == "alu" && $2 == 2 && $3 > 0 { ok = 1 } END { exit !ok }' "$modules" 2>/dev/null ||
	fail "int_cluster's two alus are not counted twice: $(cat "$modules" 2>/dev/null)"

sh boards/synth/synth.sh default lvt_ram "$work" on WIDTH=wide >/dev/null 2>"$work/err"
[ $? -eq 2 ] && grep -q "'WIDTH=wide' is not PARAM=VALUE" "$work/err" ||
	fail "a bad parameter is not a usage error: $(cat "$work/err")"

sh boards/synth/synth.sh --board boards/genesys2 "$work/no-settings" "$work" \
	>/dev/null 2>"$work/err"
[ $? -eq 1 ] && grep -q "yosys failed on genesys2_top" "$work/err" ||
	fail "a board without its settings: $(tail -3 "$work/err")"

[ $fails -eq 0 ] && echo "synth.sh: a module's parameters, bad input, a board's arguments"
