#!/bin/sh
# Makes a board's generated files from its board.conf, the one place its
# settings live:
#   OUT/board_settings.svh  localparams for the board's RTL (the board top,
#                           boards/xilinx/, the memory controller models)
#   OUT/board_sim.h         the same for board-sim's harness (sim/board/)
#   OUT/board.dts           the board's device tree (boards/board.dts)
# and checks them: the MMCM's VCO in range, the core clock it makes, the
# UART's baud-rate error.
# With sim, the files are board-sim's: the same but for the UART, which
# runs at the core clock / 16 (divisor 1) instead of BOARD_UART_BAUD, so
# that the simulated console costs 160 cycles a byte rather than thousands.
# Usage: board-settings.sh BOARD_DIR OUT BOOTROM_HEX [sim]
set -eu
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
	echo "usage: board-settings.sh BOARD_DIR OUT BOOTROM_HEX [sim]" >&2
	exit 2
fi
dir=$1
out=$2
rom=$3
board=$(basename "$dir")
[ -f "$dir/board.conf" ] || { echo "board-settings.sh: no $dir/board.conf" >&2; exit 2; }
. "$dir/board.conf"
[ "${4:-}" = sim ] && BOARD_UART_BAUD=$((BOARD_CORE_HZ / 16))
mkdir -p "$out"

# The MMCM: VCO range by family, and the core clock it really makes.
case "$BOARD_FAMILY" in
xc7) vco_min=600; vco_max=1440 ;;
xcup) vco_min=800; vco_max=1600 ;;
*) echo "board-settings.sh: $board: unknown BOARD_FAMILY '$BOARD_FAMILY'" >&2; exit 2 ;;
esac
vco=$((BOARD_OSC_HZ * BOARD_MMCM_MULT / BOARD_MMCM_DIV))
if [ $((vco / 1000000)) -lt $vco_min ] || [ $((vco / 1000000)) -gt $vco_max ]; then
	echo "board-settings.sh: $board: MMCM VCO $((vco / 1000000)) MHz outside $vco_min-$vco_max MHz" >&2
	exit 1
fi
if [ $((vco / BOARD_MMCM_OUT_DIV)) -ne "$BOARD_CORE_HZ" ]; then
	echo "board-settings.sh: $board: MMCM makes $((vco / BOARD_MMCM_OUT_DIV)) Hz, not BOARD_CORE_HZ $BOARD_CORE_HZ" >&2
	exit 1
fi
# The UART: a bit is 16 * divisor core cycles; within 2% of the baud rate.
div=$(((BOARD_CORE_HZ + 8 * BOARD_UART_BAUD) / (16 * BOARD_UART_BAUD)))
err=$(( (BOARD_CORE_HZ / (16 * div) - BOARD_UART_BAUD) * 1000 / BOARD_UART_BAUD ))
if [ "$div" -lt 1 ] || [ "${err#-}" -gt 20 ]; then
	echo "board-settings.sh: $board: $BOARD_UART_BAUD baud is ${err} per mille off at $BOARD_CORE_HZ Hz" >&2
	exit 1
fi
osc_ns=$(awk -v hz="$BOARD_OSC_HZ" 'BEGIN { printf "%.3f", 1e9 / hz }')
timebase=$((BOARD_CORE_HZ / 10))   # tea_soc's CLINT ticks every 10 core cycles
case "$BOARD_CONFIG" in
default) width=2 ;;
large) width=4 ;;
*) echo "board-settings.sh: $board: unknown BOARD_CONFIG '$BOARD_CONFIG'" >&2; exit 2 ;;
esac

cat >"$out/board_settings.svh" <<SVH
// $BOARD_NAME: made from boards/$board/board.conf by boards/board-settings.sh.
\`ifndef TEA_BOARD_SETTINGS_SVH
\`define TEA_BOARD_SETTINGS_SVH
\`include "mem_types.svh"
// verilator lint_off UNUSEDPARAM
localparam int unsigned BOARD_CORE_HZ = $BOARD_CORE_HZ;
localparam real BOARD_OSC_PERIOD_NS = $osc_ns;
localparam real BOARD_MMCM_MULT = $BOARD_MMCM_MULT.0;
localparam int unsigned BOARD_MMCM_DIV = $BOARD_MMCM_DIV;
localparam real BOARD_MMCM_OUT_DIV = $BOARD_MMCM_OUT_DIV.0;
localparam logic [PADDR_BITS-1:0] BOARD_MEM_BYTES = PADDR_BITS'($BOARD_MEM_BYTES);
localparam int unsigned BOARD_MEM_ADDR_BITS = $BOARD_MEM_ADDR_BITS;
localparam int unsigned BOARD_MEM_DATA_BITS = $BOARD_MEM_DATA_BITS;
localparam int unsigned BOARD_MEM_UI_HZ = $BOARD_MEM_UI_HZ;
localparam int unsigned BOARD_DDR_DQ_BITS = $BOARD_DDR_DQ_BITS;
localparam int unsigned BOARD_DDR_ADDR_BITS = $BOARD_DDR_ADDR_BITS;
localparam logic [15:0] BOARD_UART_DIVISOR = 16'd$div;
localparam BOARD_BOOTROM = "$rom";
// verilator lint_on UNUSEDPARAM
\`endif
SVH
sed -i "s/PADDR_BITS'(0x/PADDR_BITS'('h/" "$out/board_settings.svh"

{
	echo "/* $BOARD_NAME: made from boards/$board/board.conf by boards/board-settings.sh. */"
	echo "#define BOARD_NAME \"$board\""
	echo "#define BOARD_CORE_HZ ${BOARD_CORE_HZ}ull"
	echo "#define BOARD_OSC_HZ ${BOARD_OSC_HZ}ull"
	echo "#define BOARD_MEM_BYTES ${BOARD_MEM_BYTES}ull"
	echo "#define BOARD_UART_BAUD $BOARD_UART_BAUD"
	echo "#define BOARD_SIM_MEM_LATENCY $BOARD_SIM_MEM_LATENCY"
	echo "#define BOARD_SIM_MEM_CYCLES_PER_LINE $BOARD_SIM_MEM_CYCLES_PER_LINE"
	if [ "$BOARD_RESET_ACTIVE" = 0 ]; then
		echo "#define BOARD_RESET_PIN(top, pressed) ((top)->$BOARD_RESET = !(pressed))"
	else
		echo "#define BOARD_RESET_PIN(top, pressed) ((top)->$BOARD_RESET = (pressed))"
	fi
} >"$out/board_sim.h"

# The device tree: the template with this board's figures.
cpp -nostdinc -undef -P -x assembler-with-cpp \
	-DBOARD_MODEL="\"TEA SoC on the $BOARD_NAME\"" \
	-DBOARD_TIMEBASE_HZ="$timebase" -DBOARD_CORE_HZ="$BOARD_CORE_HZ" \
	-DBOARD_MEM_HI="$(printf '0x%x' $((BOARD_MEM_BYTES >> 32)))" \
	-DBOARD_MEM_LO="$(printf '0x%x' $((BOARD_MEM_BYTES & 0xffffffff)))" \
	-DBOARD_UART_BAUD="$BOARD_UART_BAUD" -DBOARD_WIDTH="$width" \
	"$(dirname "$0")/board.dts" >"$out/board.dts"
