#!/usr/bin/env bash
# Runs one ISA test ELF on QEMU's spike machine, whose HTIF device honours
# tohost: QEMU exits with the code the test wrote there (0 = pass). The CPU
# is trimmed to the extensions TEA implements (RV64IMAC, Zicsr, Zifencei,
# S and U) so that FP, vector and bit-manipulation encodings stay illegal;
# with --isa rv64imafdc (teasim's option of that name) it has F and D too.
# Instruction counting (-icount) makes runs deterministic and minstret exact:
# one instruction per nanosecond of virtual time, so mtime (10 MHz) ticks
# every 100 instructions, and WFI skips ahead to the next timer event.
# A test that never writes tohost is stopped after the time limit and fails.
# usage: run-qemu.sh [--isa rv64imac|rv64imafdc] ELF [TIMEOUT_SECONDS]
set -u
fd=false
if [ "${1:-}" = --isa ]; then
	case ${2:-} in
	rv64imac) ;;
	rv64imafdc) fd=true ;;
	*) echo "$0: --isa is rv64imac or rv64imafdc" >&2; exit 2 ;;
	esac
	shift 2
fi
if [ $# -lt 1 ]; then
	echo "usage: $0 [--isa rv64imac|rv64imafdc] ELF [TIMEOUT_SECONDS]" >&2
	exit 2
fi
elf=$1
limit=${2:-30}
cpu=rv64,f=$fd,d=$fd,v=false,h=false,sstc=false
cpu+=,svpbmt=false,svinval=false,svnapot=false
cpu+=,zba=false,zbb=false,zbc=false,zbs=false
timeout --kill-after=5 "$limit" qemu-system-riscv64 -M spike -smp 1 \
	-cpu "$cpu" -icount shift=0,sleep=off \
	-display none -monitor none -serial null \
	-bios none -kernel "$elf" </dev/null
rc=$?
[ "$rc" -eq 124 ] && echo "$elf: no result on tohost within ${limit}s" >&2
[ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && echo "$elf: failed in case $rc" >&2
exit "$rc"
