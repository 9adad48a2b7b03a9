#!/bin/sh
# A board's device tree, compiled by dtc, says what its board.conf says:
# the model, DRAM's size, the core and timebase clocks, the UART's clock
# and baud rate, the TEA sampler's commit width, and that the host reads
# the console (the bare-metal runtime prints its sample log there).
# Usage: check-dtb.sh BOARD_DIR BOARD.dtb
set -eu
dir=$1
dtb=$2
. "$dir/board.conf"
status=0

expect() {
	got=$(fdtget $1 "$dtb" "$2" "$3" 2>&1) || got="(missing: $got)"
	if [ "$got" != "$4" ]; then
		echo "FAIL: $2 $3 is '$got', board.conf says '$4'"
		status=1
	fi
}

case "$BOARD_CONFIG" in
large) width=4 ;;
*) width=2 ;;
esac
expect "" / model "TEA SoC on the $BOARD_NAME"
expect "-t x" /memory@80000000 reg "$(printf '0 80000000 %x %x' $((BOARD_MEM_BYTES >> 32)) $((BOARD_MEM_BYTES & 0xffffffff)))"
expect "" /cpus timebase-frequency $((BOARD_CORE_HZ / 10))
expect "" /cpus/cpu@0 clock-frequency "$BOARD_CORE_HZ"
expect "" /soc/serial@10000000 clock-frequency "$BOARD_CORE_HZ"
expect "" /soc/serial@10000000 current-speed "$BOARD_UART_BAUD"
expect "" /tea-sampler tea,commit-width "$width"
expect "" /chosen tea,host-console ""
[ $status -ne 0 ] || echo "$(basename "$dir"): the device tree agrees with board.conf"
exit $status
