#!/usr/bin/env bash
# Debian's C library under Linux on the ISS (docs/linux.md): a static glibc
# program from tests/linux/glibc/, on the initrd glibc.cpio, runs on a hart
# with F and D and prints what QEMU's prints (tests/linux/qemu.sh); on the
# RV64IMAC hart, where glibc's start-up meets an FP instruction, it dies of
# SIGILL and init says so. Under the target's teaperf record (tea.cpio and
# glibc.cpio, one initramfs after the other, on the ISS's sampler model)
# the host's report puts the program's loop in its main. With --rtl, the
# same on the RTL core (co-simulated; TEASIM_ARGS, e.g. --rtl --config
# large): the program and teaperf record, without the RV64IMAC and QEMU runs.
# usage: glibc.sh [--rtl] LINUX_DIR TEASIM TEAPERF [TEASIM_ARGS...]
set -u
rtl=false
[ "${1:-}" = --rtl ] && { rtl=true; shift; }
linux=$1 teasim=$2 teaperf=$3
shift 3
sim=("$teasim" "$@")
$rtl || sim+=(--isa rv64imafdc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
append="console=ttyS0 earlycon panic=-1 oops=panic"
prog=/bin/fp-glibc

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"

run fd "${sim[@]}" --kernel "$linux/Image" --initrd "$linux/glibc.cpio" \
	--append "$append -- $prog"
[ $status -eq 0 ] && has fd "$prog: sqrt(2) 1.4142135623730951" &&
	has fd "overflow inf flags 1" && has fd "child 6 kept" &&
	has fd "init: $prog exited with status 0"
check "rv64imafdc: the glibc program runs, its FP state kept across fork (status $status)" $? fd

if ! $rtl; then
	run imac "$teasim" --kernel "$linux/Image" --initrd "$linux/glibc.cpio" --append "$append -- $prog"
	[ $status -eq 132 ] && has imac "init: $prog was killed by signal 4"
	check "rv64imac: glibc's start-up is an illegal instruction, SIGILL (status $status)" $? imac
fi

# (the initrd unpacked in order, so that its messages do not move with
# the machines' speeds)
mkdir -p "$work/host"
cat "$linux/tea.cpio" "$linux/glibc.cpio" >"$work/both.cpio"
run rec "${sim[@]}" --kernel "$linux/Image" --initrd "$work/both.cpio" \
	--host-dir "$work/host" --append "$append -- /bin/teaperf record -c 5000 -o host:fp.tea $prog 20000"
top=$("$teaperf" report --symfs "$linux/rootfs" --sort func --dsos "$prog" --format csv \
	"$work/host/fp.tea" 2>/dev/null | awk -F, 'NR == 2 { print $1 }')
[ $status -eq 0 ] && has rec "sum of 20000 series" && [ "$top" = main ]
check "teaperf record samples it; the host's report puts its loop in main (top: ${top:-none})" $? rec

if $rtl; then
	:
elif out=$(bash "$(dirname "$0")/qemu.sh" --isa rv64imafdc --initrd "$linux/glibc.cpio" \
	"$linux" "$teasim" "initramfs_async=0 -- $prog" 2>&1); then
	echo "ok: $out"
else
	echo "FAIL: against QEMU with F and D:"
	echo "$out" | sed 's/^/    /'
	fails=$((fails + 1))
fi
[ $fails -eq 0 ]
