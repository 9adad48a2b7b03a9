#!/bin/sh
# The boot ROM as bootrom.sv's $readmemh file: the loader's code, the device
# tree at its _dtb symbol, one line per 64-byte ROM line (128 hex digits,
# byte 0 in the last two), up to the end of what is used.
# Usage: rom-hex.sh BOOTROM.elf BOARD.dtb OUT.hex
set -eu
elf=$1
dtb=$2
out=$3
objcopy=$(command -v riscv64-unknown-elf-objcopy)
nm=$(command -v riscv64-unknown-elf-nm)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$objcopy" -O binary "$elf" "$tmp"
dtb_off=$(( 0x$("$nm" "$elf" | awk '$3 == "_dtb" { print $1 }') - 0x1000 ))
# the linker script ends the code at _dtb
if [ "$(wc -c <"$tmp")" -ne "$dtb_off" ]; then
	echo "rom-hex.sh: $elf does not end at its _dtb symbol" >&2
	exit 1
fi
cat "$dtb" >>"$tmp"
total=$(wc -c <"$tmp")
if [ "$total" -gt 61440 ]; then
	echo "rom-hex.sh: the ROM image has $total bytes, more than the 60 KiB boot ROM" >&2
	exit 1
fi
od -An -v -tx1 -w64 "$tmp" | awk '{
	line = ""
	for (i = 64; i >= 1; i--) line = line ($i == "" ? "00" : $i)
	print line
}' >"$out"
