#!/usr/bin/env bash
# Linux on teasim (docs/linux.md): the firmware boots the kernel, whose init
# runs a program in user mode, and teasim exits with that program's status.
# With --rtl among the teasim options the same runs happen on the RTL core,
# co-simulated; --quick keeps to the first (the boot takes minutes there).
# usage: boot.sh [--quick] LINUX_DIR TEASIM [TEASIM OPTIONS...]
set -u
quick=0
[ "$1" = --quick ] && { quick=1; shift; }
linux=$1
shift
image=$linux/Image
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
append="console=ttyS0 earlycon panic=-1 oops=panic"

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"

# the ISA the kernel reports: the RTL core is always RV64GC, the ISS
# RV64IMAC unless told otherwise
isa=rv64imac
prev=
for a in "$@"; do
	[ "$a" = --rtl ] && isa=rv64imafdc
	[ "$prev" = --isa ] && isa=$a
	prev=$a
done

run default "$@" -v --kernel "$image"
[ $status -eq 0 ] && has default "Run /init as init process" &&
	has default "hello from user space: /bin/hello" &&
	grep -qP "^hello: isa\t\t: $isa\$" "$work/default.out" &&
	has default "init: /bin/hello exited with status 0" && has default "reboot: Power down"
check "boots to init, which runs /bin/hello in user mode and powers off (status $status)" $? default
# the run's instruction (and on the RTL cycle) count, for docs/results.md
grep -E '^teasim: [0-9]+ instructions' "$work/default.err"
[ $quick -eq 1 ] && { [ $fails -eq 0 ]; exit; }

run seven "$@" --kernel "$image" --append "$append -- /bin/hello 7 and words"
[ $status -eq 7 ] && has seven "hello from user space: /bin/hello 7 and words" &&
	has seven "init: /bin/hello exited with status 7"
check "the program after -- gets its arguments, and its exit status is teasim's (got $status)" $? seven

run mstatus "$@" --kernel "$image" --append "$append -- /bin/hello --mstatus"
[ $status -eq 132 ] && has mstatus "init: /bin/hello was killed by signal 4" &&
	! has mstatus "in user mode"
check "reading mstatus in user mode is an illegal instruction: SIGILL, status 132 (got $status)" $? mstatus

run panic "$@" --kernel "$image" --append "$append rdinit=/nonexistent"
[ $status -eq 1 ] && grep -q "Kernel panic" "$work/panic.err" && grep -q "asked for a reset" "$work/panic.err"
check "a kernel panic fails, with the console's last lines (got $status)" $? panic

# The project's initramfs: init loads the TEA driver from it.
run tea "$@" --kernel "$image" --initrd "$linux/tea.cpio"
[ $status -eq 0 ] && has tea "init: loaded /lib/modules/tea_pmu.ko" &&
	has tea "init: /bin/hello exited with status 0"
check "--initrd tea.cpio: init loads the TEA driver (got $status)" $? tea

# An initramfs of its own, given with --initrd, beside the built-in one.
mkdir -p "$work/rd"
cp "$linux/rootfs/bin/hello" "$work/rd/greet"
printf 'dir /bin 0755 0 0\nfile /bin/greet %s 0755 0 0\n' "$work/rd/greet" >"$work/rd.list"
"$linux/obj/usr/gen_init_cpio" "$work/rd.list" >"$work/rd.cpio" || { echo "FAIL: gen_init_cpio"; exit 1; }
run initrd "$@" --kernel "$image" --initrd "$work/rd.cpio" --append "$append -- /bin/greet 3"
[ $status -eq 3 ] && has initrd "hello from user space: /bin/greet 3"
check "--initrd: a program from the initrd runs (got $status)" $? initrd

run bad "$@" --kernel "$work/nonexistent"
[ $status -eq 125 ] && grep -q "^teasim: error: .*nonexistent" "$work/bad.err"
check "a missing kernel is one error line, status 125 (got $status)" $? bad

[ $fails -eq 0 ] && echo "all Linux boots behaved"
[ $fails -eq 0 ]
