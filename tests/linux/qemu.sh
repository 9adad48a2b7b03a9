#!/usr/bin/env bash
# The cross-check of Linux on teasim (docs/linux.md): the same firmware,
# kernel and device tree on qemu-system-riscv64 -M virt must print the same
# console, both with the same exit status. QEMU's CPU is trimmed to what
# the core implements. Left out of the comparison, as machine facts: the
# firmware's count of HPM counters, the kernel's reserved memory (QEMU adds
# properties to the device tree, which then takes more pages) and the MMU
# mode the kernel finds (QEMU 7.2 offers Sv57; the core Sv39).
# --isa rv64imafdc gives both sides F and D; --initrd FILE both an initrd.
# usage: qemu.sh [--isa ISA] [--initrd FILE] LINUX_DIR TEASIM [APPEND_TAIL]
set -u
isa=rv64imac
initrd=()
while [ $# -gt 0 ]; do
	case $1 in
	--isa) isa=$2; shift 2 ;;
	--initrd) initrd=(--initrd "$2"); shift 2 ;;
	*) break ;;
	esac
done
linux=$1 teasim=$2
append="console=ttyS0 earlycon panic=-1 oops=panic${3:+ $3}"
bios=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fd=false
[ "$isa" = rv64imafdc ] && fd=true
cpu=rv64,f=$fd,d=$fd,v=false,h=false,sstc=false,pmp=false
cpu+=,svpbmt=false,svinval=false,svnapot=false,zba=false,zbb=false,zbc=false,zbs=false

"$teasim" --isa "$isa" --dump-dts --append "$append" >"$work/tea.dts" &&
	dtc -q -I dts -O dtb -o "$work/tea.dtb" "$work/tea.dts" || { echo "FAIL: no device tree"; exit 1; }
timeout 120 "$teasim" --isa "$isa" --bios "$bios" --kernel "$linux/Image" "${initrd[@]}" \
	--append "$append" </dev/null >"$work/tea.out" 2>"$work/tea.err"
tea_rc=$?
timeout 120 qemu-system-riscv64 -M virt -m 256M -smp 1 -cpu "$cpu" -nographic \
	-bios "$bios" -kernel "$linux/Image" "${initrd[@]}" -dtb "$work/tea.dtb" -append "$append" \
	</dev/null >"$work/qemu.out" 2>&1
qemu_rc=$?
machine='^(Boot HART MHPM Count|Memory: .* available|hello: mmu)'
for side in tea qemu; do
	tr -d '\r' <"$work/$side.out" | grep -Ev "$machine" >"$work/$side.cmp"
done
if [ $tea_rc -ne $qemu_rc ]; then
	echo "FAIL: teasim exited with $tea_rc, QEMU with $qemu_rc"
	tail -n 5 "$work/tea.err" "$work/qemu.out"
	exit 1
fi
if ! diff -u "$work/qemu.cmp" "$work/tea.cmp"; then
	echo "FAIL: the consoles differ (- QEMU, + teasim)"
	exit 1
fi
grep -q "init: /bin/.* exited" "$work/tea.cmp" || { echo "FAIL: init did not run the program"; exit 1; }
echo "teasim and QEMU print the same $(wc -l <"$work/tea.cmp") lines and exit with $tea_rc"
