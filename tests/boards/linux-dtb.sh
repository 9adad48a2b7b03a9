#!/bin/sh
# Linux on a board's device tree: the ISS boots make linux's Image with
# the board's tree, its /chosen given the command line as teaperf boot
# gives it, and as much DRAM as the board has. /bin/hello's status comes
# back, and init, told by the tree that a host reads the console, prints
# it as the host's exit line.
# Usage: linux-dtb.sh BOARD_DIR TEASIM IMAGE DTB WORK_DIR
set -eu
bdir=$1
teasim=$2
image=$3
dtb=$4
work=$5
. "$bdir/board.conf"
rm -rf "$work"
mkdir -p "$work"
cp "$dtb" "$work/board.dtb"
fdtput -p -t s "$work/board.dtb" /chosen bootargs \
	"console=ttyS0,$BOARD_UART_BAUD earlycon panic=-1 oops=panic -- /bin/hello 7"
rc=0
# the hart the board's tree describes: the core, with F and D
"$teasim" --isa rv64imafdc --kernel "$image" --dtb "$work/board.dtb" --memory $((BOARD_MEM_BYTES >> 20)) \
	>"$work/console.txt" 2>&1 || rc=$?
cat "$work/console.txt"
[ "$rc" -eq 7 ] || { echo "FAIL: Linux on the board's tree ended with $rc, not 7"; exit 1; }
grep -q "^Machine model: TEA SoC on the $BOARD_NAME" "$work/console.txt" ||
	{ echo "FAIL: the kernel did not boot from the board's tree"; exit 1; }
grep -q "^TEA-EXIT 7" "$work/console.txt" ||
	{ echo "FAIL: init did not print the host's exit line"; exit 1; }
echo "Linux booted on $BOARD_NAME's device tree ($((BOARD_MEM_BYTES >> 20)) MiB)"
