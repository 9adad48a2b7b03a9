#!/bin/sh
# teaperf's serial host against a board: board-sim's UART on a
# pseudo-terminal (--pty) stands for the board's USB serial port.
# 1. tests/tea/irq-sampling.c goes over the line through the boot ROM; its
#    console comes back, its exit status is teaperf's, and the file holds
#    every sample it took, whole.
# 2. tests/programs/argv.c with two arguments and the board's device tree
#    (--dtb): main() gets them; it samples nothing, which teaperf says.
# 3. teaperf boot with tests/programs/boot-image.c as the firmware, random
#    bytes as the kernel and the initramfs: the program finds both where
#    the device tree and the command line say, whole (their CRC-32).
# Usage: serial-host.sh BOARD_SIM TEAPERF DTB SAMPLING.elf ARGV.elf BOOT_IMAGE.elf WORK_DIR
set -eu
sim=$1
teaperf=$2
dtb=$3
sampling=$4
argv=$5
boot_image=$6
work=$7
rm -rf "$work"
mkdir -p "$work"

# Starts board-sim on a pseudo-terminal; sets pty and simpid.
start_board() {
	# made here: the background shell may not have opened it when sed looks
	: >"$work/sim-$1.out"
	"$sim" --pty --max-ms 2000 >>"$work/sim-$1.out" 2>&1 &
	simpid=$!
	pty=
	for i in $(seq 100); do
		pty=$(sed -n 's/.*: the UART is \(.*\)/\1/p' "$work/sim-$1.out")
		[ -n "$pty" ] && return 0
		sleep 0.1
	done
	cat "$work/sim-$1.out"
	echo "FAIL: board-sim gave no pseudo-terminal"
	exit 1
}

start_board sampling
rc=0
"$teaperf" record --serial "$pty" -o "$work/out.tea" "$sampling" \
	>"$work/console.txt" 2>"$work/teaperf.err" </dev/null || rc=$?
grep -v '^TEA-REC' "$work/console.txt"
cat "$work/teaperf.err"
wait $simpid || { cat "$work/sim-sampling.out"; echo "FAIL: board-sim failed"; exit 1; }
[ "$rc" -eq 0 ] || { echo "FAIL: teaperf record ended with $rc"; exit 1; }
said=$(sed -n 's/.* cycles, \([0-9]*\) samples, 0 lost.*/\1/p' "$work/console.txt")
got=$(sed -n 's/.*: \([0-9]*\) samples (0 lost) written to.*/\1/p' "$work/teaperf.err")
if [ -z "$said" ] || [ "$said" != "$got" ]; then
	echo "FAIL: the program took '$said' samples, the file holds '$got'"
	exit 1
fi
"$teaperf" report --top 3 "$work/out.tea"

start_board argv
rc=0
"$teaperf" record --serial "$pty" --dtb "$dtb" -o "$work/argv.tea" "$argv" alpha b=2 \
	>"$work/argv.txt" 2>"$work/argv.err" </dev/null || rc=$?
cat "$work/argv.txt" "$work/argv.err"
wait $simpid || { cat "$work/sim-argv.out"; echo "FAIL: board-sim failed"; exit 1; }
grep -q "argv\[1\] = alpha" "$work/argv.txt" && grep -q "argv\[2\] = b=2" "$work/argv.txt" ||
	{ echo "FAIL: the arguments did not reach main()"; exit 1; }
[ "$rc" -eq 1 ] && grep -q "no sample log on the console" "$work/argv.err" ||
	{ echo "FAIL: a program without samples ended teaperf with $rc"; exit 1; }

# The CRC-32 of a file, as gzip's trailer holds it.
crc() { gzip -c "$1" | tail -c 8 | od -An -tx4 -N4 | tr -d ' '; }
head -c 3000 /dev/urandom >"$work/kernel.bin"
head -c 2000 /dev/urandom >"$work/initrd.bin"
start_board boot
rc=0
"$teaperf" boot --serial "$pty" --dtb "$dtb" --bios "$boot_image" --kernel "$work/kernel.bin" \
	--initrd "$work/initrd.bin" --append "boot-image 3000 0x80200000" \
	>"$work/boot.txt" 2>"$work/boot.err" </dev/null || rc=$?
cat "$work/boot.txt" "$work/boot.err"
wait $simpid || { cat "$work/sim-boot.out"; echo "FAIL: board-sim failed"; exit 1; }
[ "$rc" -eq 0 ] || { echo "FAIL: teaperf boot ended with $rc"; exit 1; }
grep -q "kernel 3000 bytes at 0x80200000: crc $(crc "$work/kernel.bin")" "$work/boot.txt" ||
	{ echo "FAIL: the kernel is not where fw_jump enters it, or not whole"; exit 1; }
grep -q "initrd 2000 bytes at 0x[0-9a-f]*: crc $(crc "$work/initrd.bin")" "$work/boot.txt" ||
	{ echo "FAIL: the initramfs is not where the device tree says, or not whole"; exit 1; }
echo "teaperf record --serial: $got samples, and arguments; teaperf boot: firmware," \
	"kernel, initramfs and command line; over the board's UART"
