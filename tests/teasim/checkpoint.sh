#!/usr/bin/env bash
# Checkpoints on the ISS (docs/teasim.md): a run stopped at --checkpoint-at
# and continued with --restore prints the same output, exits with the same
# status and ends on the same instruction count as one run straight
# through, for bare-metal programs at several points (the commit log too),
# at a symbol and at a marker, a chain of two checkpoints and a Linux boot;
# a host file left open is refused; a bad checkpoint file, a symbol the
# program lacks and a marker it never passes are one error line and a
# non-zero exit.
# usage: checkpoint.sh TEASIM PROGRAMS_DIR LINUX_IMAGE LINUX_CPIO WORK_DIR
set -u
teasim=$1 programs=$2 image=$3 cpio=$4 work=$5
mkdir -p "$work"
# shellcheck source=tests/teasim/lib.sh
. "$(dirname "$0")/lib.sh"

# The last line of -v: "teasim: N instructions, ..." without the speed.
count() { tail -1 "$1" | cut -d, -f1; }

# Runs "$@" straight through, then stopped at N and restored; compares.
compare_at() { # name, N, teasim arguments...
	local name=$1 n=$2
	shift 2
	"$teasim" -v "$@" >"$work/straight.out" 2>"$work/straight.err"
	local want=$?
	rm -f "$work/ck"
	"$teasim" --checkpoint-at "$n" --checkpoint "$work/ck" "$@" >"$work/split.out" 2>"$work/ck.err"
	local st=$?
	[ "$st" -eq 0 ] && [ -s "$work/ck" ]; check "$name at $n: checkpoint written, status $st" $?
	local where="at $n, after"
	case $n in [0-9]*) where="after $n instructions" ;; esac
	[ "$(wc -l <"$work/ck.err")" -eq 1 ] && grep -q "$where" "$work/ck.err"
	check "$name at $n: one line says where ($(head -c 200 "$work/ck.err"))" $?
	"$teasim" -v --restore "$work/ck" >>"$work/split.out" 2>"$work/restore.err"
	st=$?
	[ "$st" -eq "$want" ]; check "$name at $n: restored status $st, straight $want" $?
	cmp -s "$work/straight.out" "$work/split.out"
	check "$name at $n: output differs from the straight run's" $?
	[ "$(count "$work/straight.err")" = "$(count "$work/restore.err")" ]
	check "$name at $n: $(count "$work/restore.err") restored, $(count "$work/straight.err") straight" $?
}

# Bare-metal programs: early, in the middle, and just before the end;
# timer.elf takes timer interrupts, paging.elf runs under Sv39,
# semihost-exit.elf prints and exits with code 5 through semihosting.
for prog in hello timer checksum paging semihost-exit; do
	"$teasim" -v "$programs/$prog.elf" >/dev/null 2>"$work/count.err"
	total=$(count "$work/count.err" | awk '{ print $2 }')
	for n in 0 1 4097 $((total / 2)) $((total - 3)); do
		compare_at "$prog" "$n" "$programs/$prog.elf"
	done
done

# The commit log of the two halves is the straight run's, instruction by
# instruction (time and timer interrupts included).
"$teasim" -l "$work/log.straight" "$programs/timer.elf" >/dev/null 2>&1
"$teasim" -q --checkpoint-at 123457 --checkpoint "$work/ck" -l "$work/log.a" "$programs/timer.elf" >/dev/null
"$teasim" --restore "$work/ck" -l "$work/log.b" >/dev/null
cat "$work/log.a" "$work/log.b" | cmp -s - "$work/log.straight"
check "timer: the commit logs of the halves differ from the straight run's" $?

# A region of interest named by a symbol (where a function starts) or by a
# marker (tests/programs/marker.c passes `slti x0, x0, 7`): the first half
# ends right there, the commit logs of the halves are the straight run's.
compare_at hello main "$programs/hello.elf"
compare_at checksum main "$programs/checksum.elf"
compare_at marker marker:7 "$programs/marker.elf"
"$teasim" -q --checkpoint-at marker:7 --checkpoint "$work/ck" -l "$work/log.a" \
	"$programs/marker.elf" >"$work/first.out"
[ "$(cat "$work/first.out")" = "before the marker" ] &&
	tail -n 1 "$work/log.a" | grep -q " 00702013"
check "marker: the first half ends with the marker, output before it only ($(cat "$work/first.out"))" $?
"$teasim" --restore "$work/ck" -l "$work/log.b" >/dev/null
"$teasim" -l "$work/log.straight" "$programs/marker.elf" >/dev/null 2>&1
cat "$work/log.a" "$work/log.b" | cmp -s - "$work/log.straight"
check "marker: the commit logs of the halves differ from the straight run's" $?
"$teasim" -q --checkpoint-at main --checkpoint "$work/ck" -l "$work/log.a" "$programs/hello.elf" \
	>/dev/null
"$teasim" --restore "$work/ck" -l "$work/log.b" >/dev/null
"$teasim" -l "$work/log.straight" "$programs/hello.elf" >/dev/null 2>&1
main=$(riscv64-unknown-elf-nm "$programs/hello.elf" | awk '$3 == "main" { print $1 }')
cat "$work/log.a" "$work/log.b" | cmp -s - "$work/log.straight" &&
	head -n 1 "$work/log.b" | grep -q " $main "
check "main: the second log starts at main (0x$main), the halves' logs are the straight run's" $?
expect_error "a symbol the program lacks" 2 "no symbol nosuch in" --checkpoint-at nosuch \
	--checkpoint "$work/ck" "$programs/hello.elf"
expect_error "a marker beyond 2047" 2 "marker:ID (ID 0 to 2047)" --checkpoint-at marker:2048 \
	--checkpoint "$work/ck" "$programs/hello.elf"
rm -f "$work/ck"
expect_error "a marker the program never passes" 125 "ended after" --checkpoint-at marker:8 \
	--checkpoint "$work/ck" "$programs/marker.elf"
[ ! -e "$work/ck" ]; check "a marker never passed: no checkpoint file" $?

# A chain: a restored run checkpoints again, and that one finishes.
"$teasim" -v "$programs/checksum.elf" >"$work/straight.out" 2>"$work/straight.err"
{
	"$teasim" -q --checkpoint-at 200000 --checkpoint "$work/ck1" "$programs/checksum.elf"
	"$teasim" -q --restore "$work/ck1" --checkpoint-at 700000 --checkpoint "$work/ck2"
	"$teasim" -v --restore "$work/ck2" 2>"$work/restore.err"
} >"$work/split.out"
cmp -s "$work/straight.out" "$work/split.out" &&
	[ "$(count "$work/straight.err")" = "$(count "$work/restore.err")" ]
check "checksum: two checkpoints in a row differ from the straight run" $?
expect_error "a checkpoint before the restored one" 2 "taken later" \
	--restore "$work/ck2" --checkpoint-at 100 --checkpoint "$work/ck3"
expect_error "a symbol after --restore" 2 "reads the program's symbols" \
	--restore "$work/ck2" --checkpoint-at main --checkpoint "$work/ck3"

# A Linux boot, stopped mid-boot (the kernel is up after about 15 million
# instructions, /bin/hello runs after 36 million).
if [ -f "$image" ] && [ -f "$cpio" ]; then
	for n in 2000000 20000000; do
		compare_at linux "$n" --kernel "$image" --initrd "$cpio" --append "console=ttyS0 -- /bin/hello"
	done
	grep -q "^hello from user space" "$work/split.out"; check "linux: /bin/hello's output after a restore" $?
	expect_error "a symbol of a raw kernel image" 2 "not an ELF file" --checkpoint-at start_kernel \
		--checkpoint "$work/ck" --kernel "$image" --initrd "$cpio"
else
	check "linux: $image or $cpio is missing" 1
fi

# A program that ends before N: one line, a failure, no file.
rm -f "$work/ck"
expect_error "ends before N" 125 "ended after" --checkpoint-at 100000000 --checkpoint "$work/ck" \
	"$programs/hello.elf"
[ ! -e "$work/ck" ]; check "ends before N: no checkpoint file" $?

# A host file left open cannot be carried: refused when taken.
cat >"$work/open-file.S" <<'ASM'
	.globl _start
_start:	li t0, 0x101000
	li t1, 'x'
	sb t1, 0(t0)
	li t1, 1
	sd t1, 0x100(t0)
1:	j 1b
ASM
riscv64-unknown-elf-gcc -march=rv64imac -mabi=lp64 -nostdlib -nostartfiles -Wl,-N \
	-Wl,-Ttext=0x80000000 -Wl,--no-warn-rwx-segments -o "$work/open-file.elf" "$work/open-file.S"
check "open-file.elf builds" $?
rm -rf "$work/host" && mkdir -p "$work/host"
expect_error "an open host file" 125 "host file open" --host-dir "$work/host" \
	--checkpoint-at 1000 --checkpoint "$work/ck-host" "$work/open-file.elf"
[ ! -e "$work/ck-host" ]; check "an open host file: no checkpoint file" $?

# Options that do not go together.
expect_error "--rtl --checkpoint-at" 2 "runs on the ISS" --rtl --checkpoint-at 10 \
	--checkpoint "$work/ck" "$programs/hello.elf"
expect_error "--checkpoint-at alone" 2 "go together" --checkpoint-at 10 "$programs/hello.elf"
expect_error "--restore with a program" 2 "no program" --restore "$work/ck1" "$programs/hello.elf"
expect_error "--restore with --memory" 2 "no program" --restore "$work/ck1" -M 64

# Bad files. The header: magic (8 bytes), version (4), payload length (8),
# CRC-32 (4), reserved (4); then the payload, starting "MACH", the DRAM
# size in MiB (8), three flags and the command line's flag and length.
good=$work/ck1
size=$(stat -c %s "$good")
patch() { # file, offset, bytes as printf escapes
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}
# Rewrites the header's length and CRC to match the payload as it is.
reseal() {
	python3 - "$1" <<'PY'
import struct, sys, zlib
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
b[12:24] = struct.pack('<QI', len(b) - 28, zlib.crc32(bytes(b[28:])))
open(p, 'wb').write(b)
PY
}
expect_error "no such file" 125 "No such file" --restore "$work/none"
: >"$work/bad"
expect_error "empty file" 125 "too short" --restore "$work/bad"
head -c $((size / 2)) "$good" >"$work/bad"
expect_error "truncated file" 125 "truncated" --restore "$work/bad"
cp "$good" "$work/bad" && patch "$work/bad" 0 'XEACKPT'
expect_error "wrong magic" 125 "not a teasim checkpoint" --restore "$work/bad"
cp "$good" "$work/bad" && patch "$work/bad" 8 '\x63'
expect_error "wrong version" 125 "version 99" --restore "$work/bad"
cp "$good" "$work/bad" && patch "$work/bad" 12 '\xff\xff\xff\xff\xff\xff\xff\x7f'
expect_error "corrupt payload length" 125 "truncated or corrupt" --restore "$work/bad"
cp "$good" "$work/bad" && patch "$work/bad" $((size - 100)) '\x5a\xa5\x5a'
expect_error "corrupt byte" 125 "CRC" --restore "$work/bad"
cp "$good" "$work/bad" && patch "$work/bad" 32 '\x00\x00\x00\x00\x00\x01' && reseal "$work/bad"
expect_error "corrupt DRAM size, CRC right" 125 "DRAM size" --restore "$work/bad"
cp "$good" "$work/bad" && patch "$work/bad" 44 '\xff\xff\xff\x7f' && reseal "$work/bad"
expect_error "corrupt string length, CRC right" 125 "command line is" --restore "$work/bad"
head -c $((size - 5000)) "$good" >"$work/bad" && reseal "$work/bad"
expect_error "cut short, CRC right" 125 "ends early" --restore "$work/bad"

echo "checkpoint.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
