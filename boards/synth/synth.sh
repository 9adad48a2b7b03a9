#!/bin/sh
# Synthesizes a module, or a board's top, for a Xilinx part with Yosys
# (synth_xilinx -flatten) and prints its LUT, flip-flop, block RAM and DSP
# counts; also writes them to a file in OUT_DIR, and each module's LUTs
# and flip-flops (summed over its instances) to another. LUTs count as a Xilinx
# part counts them (Vivado's "Slice LUTs"): logic, plus the LUTs that LUT
# RAM and shift registers take. Yosys's INV cells are listed apart: Vivado
# folds most inverters into the LUTs and flip-flops around them.
#
# Usage: synth.sh [--family FAMILY] CONFIG TOP OUT_DIR [on|off] [PARAM=VALUE...]
#   FAMILY: synth_xilinx's (xc7, the default; xcup for UltraScale+ parts,
#   as the VCU118's); CONFIG: default or large; TEA: on (default) or off (-DTEA_OFF); each
#   PARAM=VALUE overrides a parameter of TOP (a module as tea_core sets it:
#   issue_queue PORTS=3 NWAKE=5 PAYLOAD_BITS=296). The figures go to
#   OUT_DIR/NAME.txt, NAME being CONFIG, then -notea when TEA is off, then
#   -TOP unless TOP is tea_soc, then -PARAM=VALUE for each (default.txt,
#   default-notea.txt, large-notea-tea_core.txt, ...), the modules to
#   OUT_DIR/NAME.modules, largest first.
# Usage: synth.sh --board BOARD_DIR SETTINGS_DIR OUT_DIR
#   The board's top (BOARD_top.sv, the memory controller IP a black box)
#   for its part, with its configuration and generated settings (the
#   boot ROM's image among them); OUT_DIR/BOARD.txt, and the LUTs against
#   the part's and the board's budget (board.conf): over it, exit 1;
#   OUT_DIR/BOARD.modules per module. The
#   netlist goes to OUT_DIR/BOARD.edf, for Vivado (make bitstream
#   SYNTH=yosys).
# Exits non-zero with the end of the Yosys log when Yosys fails.
set -eu
usage() {
	echo "usage: synth.sh [--family FAMILY] CONFIG TOP OUT_DIR [on|off] [PARAM=VALUE...]" >&2
	echo "       synth.sh --board BOARD_DIR SETTINGS_DIR OUT_DIR" >&2
	exit 2
}
board=
if [ "${1:-}" = --board ]; then
	[ $# -eq 4 ] || usage
	bdir=$2
	settings=$3
	outdir=$4
	shift 4
	board=$(basename "$bdir")
	. "$bdir/board.conf"
	config=$BOARD_CONFIG
	top=${board}_top
	tea=on
	name=$board
	family=$BOARD_FAMILY
else
	family=xc7
	if [ "${1:-}" = --family ]; then
		[ $# -ge 2 ] || usage
		family=$2
		shift 2
	fi
	[ $# -ge 3 ] || usage
	config=$1
	top=$2
	outdir=$3
	tea=${4:-on}
	name=$config
	[ "$family" = xc7 ] || name=$name-$family
	shift $(($# < 4 ? $# : 4))
fi
case "$config" in
default) defs= ;;
large) defs=-DTEA_CONFIG_LARGE ;;
*) echo "synth.sh: unknown config '$config' (default or large)" >&2; exit 2 ;;
esac
case "$tea" in
on) ;;
off) defs="$defs -DTEA_OFF"; name=$name-notea ;;
*) echo "synth.sh: unknown TEA '$tea' (on or off)" >&2; exit 2 ;;
esac
[ -n "$board" ] || [ "$top" = tea_soc ] || name=$name-$top
chparams=
for p in "$@"; do
	case "$p" in
	[A-Za-z_]*=[0-9]*) chparams="$chparams -chparam ${p%%=*} ${p#*=}"; name=$name-$p ;;
	*) echo "synth.sh: '$p' is not PARAM=VALUE (a number)" >&2; exit 2 ;;
	esac
done

if ! command -v yosys >/dev/null 2>&1; then
	echo "synth.sh: yosys not found (make deps installs it)" >&2
	exit 1
fi
mkdir -p "$outdir"
log=$outdir/$name.log
stat=$outdir/$name.stat
txt=$outdir/$name.txt
modules=$outdir/$name.modules
edif=
[ -z "$board" ] || edif="write_edif -pvector bra $outdir/$name.edf;"
rm -f "$log" "$stat" "$txt" "$modules"
# Only the top's file is read; hierarchy finds the modules it uses by name
# in the source folders (one module per file), so files that are not part
# of the design cannot break the run.
dirs=$(echo rtl/*/ rtl/*/*/)
incs=-Irtl/include
prelude=
if [ -n "$board" ]; then
	topfile=$bdir/$top.sv
	dirs="boards/xilinx/ $dirs"
	incs="$incs -I$settings"
	# The Xilinx primitives, and the memory controller's ports from its
	# model (read as a black box: its body is the simulator's).
	prelude="read_verilog -lib -specify +/xilinx/cells_sim.v; read_verilog -lib +/xilinx/cells_xtra.v; \
		read_verilog -lib -sv $incs boards/sim/mig_ddr3.sv boards/sim/ddr4_c1.sv;"
else
	topfile=$(ls rtl/*/"$top".sv rtl/*/*/"$top".sv 2>/dev/null | head -1)
fi
if [ ! -f "$topfile" ]; then
	echo "synth.sh: no $top.sv" >&2
	exit 2
fi
libdirs=
for d in $dirs; do
	libdirs="$libdirs -libdir $d"
done
# synth_xilinx, or its steps one by one where a step must differ:
# - BOARD_SYNTH_SHARE=no (board.conf): coarse without its SAT-based
#   resource sharing (`share`), which did not finish on the large config's
#   flattened top; coarse's other passes run by hand.
# - BOARD_SYNTH_FLATTEN=no (board.conf): each module synthesized on its
#   own, once per parameter set: the large config's flattened top outgrew
#   24 GiB of memory in techmap. stat then reports per module, and the
#   figures are its design hierarchy's totals (every instance counted).
# - UltraScale (xcu, xcup): Yosys 0.23's LUT RAM library for it offers a
#   single-port LUT RAM of 2^16 words (abits 16, where RAM512X1S has 9),
#   which its own mapping file rejects ("invalid OPTION_ABITS/WIDTH
#   combination"), so any single-port memory failed. The memory step runs
#   as synth_xilinx runs it, with the library corrected into OUT_DIR.
flatten=-flatten stat_top=
if [ "${BOARD_SYNTH_FLATTEN:-yes}" = no ]; then
	flatten= stat_top="-top $top"
fi
synth="synth_xilinx $flatten -family $family -top $top"
coarse="$synth -run begin:map_memory;"
memory="$synth -run map_memory:map_ffram;"
steps=
if [ "${BOARD_SYNTH_SHARE:-yes}" = no ]; then
	coarse="$synth -run begin:coarse; techmap -map +/cmp2lut.v -map +/cmp2lcu.v -D LUT_WIDTH=6; \
		alumacc; opt; memory -nomap; opt_clean;"
	steps=yes
fi
case $family in
xcu|xcup)
	datdir=$(dirname "$(command -v yosys)")/../share/yosys
	sed 's/option "ABITS" 16 {/option "ABITS" 9 {/; s/abits 16;/abits 9;/' \
		"$datdir/xilinx/lutrams_xcu.txt" >"$outdir/lutrams_xcu.txt"
	uram=
	[ "$family" = xcup ] && uram="-lib +/xilinx/urams.txt"
	memory="memory_libmap -logic-cost-rom 0.015625 -lib $outdir/lutrams_xcu.txt \
		-lib +/xilinx/brams_xc4v.txt -D HAS_SIZE_36 -D HAS_MIXWIDTH_SDP -D HAS_ADDRCE \
		$uram -no-auto-huge; techmap -map +/xilinx/lutrams_xc5v_map.v; \
		techmap -map +/xilinx/brams_xcu_map.v; ${uram:+techmap -map +/xilinx/urams_map.v;}"
	steps=yes
	;;
esac
[ -z "$steps" ] || synth="$coarse $memory $synth -run map_ffram:"
start=$(date +%s)
if ! yosys -l "$log" -q -p "verilog_defaults -add -sv $defs $incs; $prelude \
	read_verilog $topfile; hierarchy -top $top $chparams $libdirs; hierarchy -check -top $top; \
	$synth; tee -o $stat stat $stat_top; $edif" \
	>/dev/null 2>&1 || [ ! -s "$stat" ]; then
	[ -f "$log" ] && tail -20 "$log" >&2
	echo "synth.sh: yosys failed on $top ($name), log in $log" >&2
	exit 1
fi
secs=$(($(date +%s) - start))

# Sums the stat lines of cells whose names match the pattern; of a
# hierarchy, its totals (the section that follows "design hierarchy").
count() {
	awk -v pat="$1" '/=== design hierarchy ===/ { n = 0 }
		$1 ~ pat && $2 ~ /^[0-9]+$/ { n += $2 } END { print n + 0 }' "$stat"
}
# LUTs and flip-flops per module, largest first (modules.awk)
awk -f "$(dirname "$0")/modules.awk" "$stat" | sort -k3,3nr -k1,1 |
	awk 'BEGIN { printf "%-24s %9s %8s %8s %8s %6s %8s\n", "module", "instances", "LUT",
		"logic", "LUT RAM", "SRL", "FF" }
		{ printf "%-24s %9d %8d %8d %8d %6d %8d\n", $1, $2, $3, $4, $5, $6, $7 }' >"$modules"
column_sum() {
	awk -v c="$1" 'NR > 1 { n += $c } END { print n + 0 }' "$modules"
}
luts=$(column_sum 4)
lutram=$(column_sum 5)
srl=$(column_sum 6)
ffs=$(column_sum 7)
inv=$(count '^INV$')
ramb18=$(count '^RAMB18')
ramb36=$(count '^RAMB36')
dsps=$(count '^DSP48')
carry=$(count '^CARRY[48]$')
total=$((luts + lutram + srl))

{
	printf 'synth_xilinx (%s), top %s, config %s, TEA %s, %s s\n' \
		"$family" "$top" "$config" "$tea" "$secs"
	printf '%-12s %8s\n' "LUT" "$total" "  logic" "$luts" "  LUT RAM" "$lutram" \
		"  SRL" "$srl" "INV" "$inv" "FF" "$ffs" "RAMB18" "$ramb18" "RAMB36" "$ramb36" \
		"DSP" "$dsps" "CARRY" "$carry"
	if [ -n "$board" ]; then
		printf 'part %s: %s LUTs; used %s%%, budget %s%%\n' "$BOARD_PART" "$BOARD_LUTS" \
			"$(awk -v a="$total" -v b="$BOARD_LUTS" 'BEGIN { printf "%.1f", 100 * a / b }')" \
			"$BOARD_LUT_BUDGET"
		echo "(the memory controller IP is a black box here: Vivado adds its LUTs)"
	fi
} | tee "$txt"
# A design synthesized module by module: its largest modules, where the
# area goes.
if [ "$(wc -l <"$modules")" -gt 2 ]; then
	echo "the largest modules, each with all its instances (all of them in $modules):"
	head -13 "$modules"
fi
if [ -n "$board" ] && [ $((total * 100)) -gt $((BOARD_LUTS * BOARD_LUT_BUDGET)) ]; then
	echo "synth.sh: $board: $total LUTs, over the budget of $BOARD_LUT_BUDGET% of $BOARD_LUTS" >&2
	exit 1
fi
