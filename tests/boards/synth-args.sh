#!/bin/sh
# boards/synth/synth.sh's arguments, on what takes Yosys seconds: a small
# module with parameters (its figures, in a file named after them), the
# same for UltraScale+ (--family xcup), a module kept hierarchical
# (BOARD_SYNTH_FLATTEN=no: the totals count its children), a
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

# kept hierarchical, the figures are the design hierarchy's totals:
# alu_port's own LUTs and its one alu's, each counted once
BOARD_SYNTH_FLATTEN=no sh boards/synth/synth.sh default alu_port "$work" \
	>"$work/out" 2>&1 || fail "alu_port did not synthesize hierarchically: $(tail -3 "$work/out")"
own=$(awk '/^=== alu_port ===/ { m = 1 } /^=== / && !/alu_port/ { m = 0 }
	m && $1 ~ /^LUT[1-6]$/ { n += $2 } END { print n + 0 }' "$work/default-alu_port.stat" 2>/dev/null)
modules=$(awk '/^=== design hierarchy ===/ { exit } $1 ~ /^LUT[1-6]$/ { n += $2 }
	END { print n + 0 }' "$work/default-alu_port.stat" 2>/dev/null)
total=$(awk '$1 == "LUT" && $2 ~ /^[0-9]+$/ { print $2 }' "$work/default-alu_port.txt" 2>/dev/null)
[ "${total:-0}" -gt "${own:-0}" ] && [ "${total:-0}" -eq "${modules:-0}" ] ||
	fail "alu_port kept hierarchical: $total LUTs in all, $own its own, $modules in its modules"

sh boards/synth/synth.sh default lvt_ram "$work" on WIDTH=wide >/dev/null 2>"$work/err"
[ $? -eq 2 ] && grep -q "'WIDTH=wide' is not PARAM=VALUE" "$work/err" ||
	fail "a bad parameter is not a usage error: $(cat "$work/err")"

sh boards/synth/synth.sh --board boards/genesys2 "$work/no-settings" "$work" \
	>/dev/null 2>"$work/err"
[ $? -eq 1 ] && grep -q "yosys failed on genesys2_top" "$work/err" ||
	fail "a board without its settings: $(tail -3 "$work/err")"

[ $fails -eq 0 ] && echo "synth.sh: a module's parameters, bad input, a board's arguments"
