#!/usr/bin/env bash
# teasim as a user meets it: help, exit codes, one-line errors on bad input,
# the instruction limit, the commit log, the device tree dump, signatures,
# program arguments through semihosting, what a program may do on the host
# (semihosting from M-mode only, the host file channel's rules and limits)
# and the RTL configurations.
# usage: cli.sh TEASIM PROGRAMS_DIR WORK_DIR
set -u
teasim=$1 programs=$2 work=$3
mkdir -p "$work"
# shellcheck source=tests/teasim/lib.sh
. "$(dirname "$0")/lib.sh"

cc_rv() { riscv64-unknown-elf-gcc -march=rv64imac -misa-spec=2.2 -mabi=lp64 -nostdlib -nostartfiles \
	-Wl,-N -Wl,-Ttext=0x80000000 -Wl,--no-warn-rwx-segments "$@"; }

# A program that never exits, and one with a signature that passes via tohost.
cat >"$work/spin.S" <<'ASM'
	.globl _start
_start:	j _start
ASM
cat >"$work/signature.S" <<'ASM'
	.option norelax
	.globl _start
_start:	la t0, begin_signature
	li t1, 0x12345678
	sw t1, 4(t0)
	fence
	la t0, tohost
	li t1, 1
	sd t1, 0(t0)
1:	j 1b
	.data
	.align 3
	.globl tohost
tohost:	.dword 0
	.globl fromhost
fromhost: .dword 0
	.globl begin_signature
begin_signature: .word 0xdeadbeef, 0x00c0ffee
	.globl end_signature
end_signature:
ASM
# Semihosting from U-mode: console output, then exit code 7. The trap
# handler ends the run with code 42 on a breakpoint, 43 on anything else.
cat >"$work/semihost-user.S" <<'ASM'
	.option norelax
	.option norvc
	.globl _start
_start:	la t0, trap
	csrw mtvec, t0
	la t0, user
	csrw mepc, t0
	li t0, 0x1800
	csrc mstatus, t0
	mret
user:	li a0, 4
	la a1, msg
	slli x0, x0, 0x1f
	ebreak
	srai x0, x0, 7
	li a0, 0x18
	la a1, block
	slli x0, x0, 0x1f
	ebreak
	srai x0, x0, 7
1:	j 1b
	.balign 4
trap:	csrr t0, mcause
	li t1, 3
	li t2, 0x2a3333
	beq t0, t1, 1f
	li t2, 0x2b3333
1:	li t3, 0x100000
	sw t2, 0(t3)
2:	j 2b
	.data
	.balign 8
block:	.dword 0x20026, 7
msg:	.asciz "semihosting from U-mode\n"
ASM
# The host file channel: creates a.txt, then b.txt, 16 bytes each, and
# exits with 100 + 10 * a.txt's status + b.txt's (before its close).
cat >"$work/host-files.S" <<'ASM'
	.option norelax
	.globl _start
_start:	li s0, 0x101000
	la a0, name_a
	call put_file
	mv s1, a0
	la a0, name_b
	call put_file
	li t0, 10
	mul s1, s1, t0
	add s1, s1, a0
	addi s1, s1, 100
	slli s1, s1, 16
	li t0, 0x3333
	or s1, s1, t0
	li t0, 0x100000
	sw s1, 0(t0)
1:	j 1b
put_file:
	mv t0, s0
1:	lbu t1, 0(a0)
	sb t1, 0(t0)
	addi a0, a0, 1
	addi t0, t0, 1
	bnez t1, 1b
	li t1, 1
	sd t1, 0x100(s0)
	li t1, 0x6867666564636261
	sd t1, 0x110(s0)
	sd t1, 0x110(s0)
	ld a0, 0x108(s0)
	li t1, 2
	sd t1, 0x100(s0)
	ret
	.data
name_a:	.asciz "a.txt"
name_b:	.asciz "b.txt"
ASM
cc_rv -o "$work/spin.elf" "$work/spin.S" || exit 1
cc_rv -o "$work/semihost-user.elf" "$work/semihost-user.S" || exit 1
cc_rv -o "$work/host-files.elf" "$work/host-files.S" || exit 1
cc_rv -o "$work/signature.elf" "$work/signature.S" || exit 1
riscv64-unknown-elf-gcc -march=rv64imac -misa-spec=2.2 -mabi=lp64 -c -o "$work/object.o" "$work/spin.S" || exit 1
head -c 100 "$programs/hello.elf" >"$work/truncated.elf"

run --help
[ "$status" -eq 0 ] && grep -q '^usage: teasim' "$work/out"; check "--help prints usage and exits 0" $?

expect_error "no program" 2 "no program given"
expect_error "unknown option" 2 "unknown option '--frobnicate'" --frobnicate "$programs/hello.elf"
expect_error "bad number" 2 "needs a number" --max-insns lots "$programs/hello.elf"
expect_error "missing argument" 2 "needs an argument" --max-insns
expect_error "missing file" 125 "No such file" "$work/nonexistent.elf"
expect_error "truncated ELF" 125 "truncated.elf" "$work/truncated.elf"
expect_error "host binary" 125 "not RISC-V" /bin/true
expect_error "object file" 125 "not an executable" "$work/object.o"
expect_error "text file" 125 "not an ELF" "$0"
expect_error "runaway program" 124 "instruction limit of 100000 reached at pc 0x80000000" \
	--max-insns 100000 "$work/spin.elf"

run "$programs/hello.elf"
[ "$status" -eq 0 ] && grep -q hello "$work/out"; check "bare-metal hello runs and exits 0" $?
run "$programs/exit-code.elf"
[ "$status" -eq 3 ]; check "exit code 3 is passed through (got $status)" $?

run --log "$work/log" "$programs/exit-code.elf"
first=$(head -n 1 "$work/log")
[ "$first" = "M 0000000000001000 00000297 x5=0000000000001000" ]
check "commit log starts with the boot ROM's auipc (got '$first')" $?
run --verbose "$programs/exit-code.elf"
grep -q "^teasim: the program exited with code 3$" "$work/err" &&
	grep -qE "^teasim: [0-9]+ instructions, [0-9.]+ s, [0-9.]+ MIPS$" "$work/err"
check "verbose summary names the exit code and the instruction count" $?
grep -qE '^[MSU] [0-9a-f]{16} [0-9a-f]{8}( |$)|^[MSU] [0-9a-f]{16} [0-9a-f]{4}    ' "$work/log" &&
	! grep -qvE '^[MSU] [0-9a-f]{16} ([0-9a-f]{8}|[0-9a-f]{4}    )( (trap|interrupt) cause=[0-9a-f]+ tval=[0-9a-f]{16})?( x[0-9]+=[0-9a-f]{16})?( mem(8|16|32|64)\[[0-9a-f]{16}\]=[0-9a-f]+)?$' "$work/log"
check "every commit-log line has the documented format" $?

run --log "$work/log2" "$work/signature.elf"
last=$(tail -n 1 "$work/log2")
[ "$status" -eq 0 ] && [[ "$last" == *" mem64["*"]=0000000000000001" ]]
check "commit log ends with the store to tohost that ended the run (got '$last')" $?

run --signature "$work/sig" "$work/signature.elf"
[ "$status" -eq 0 ] && [ "$(cat "$work/sig")" = "$(printf 'deadbeef\n12345678')" ]
check "signature is dumped as 32-bit words, with what the program wrote" $?
run --rtl --signature "$work/sig" "$work/signature.elf"
[ "$status" -eq 0 ] && [ "$(cat "$work/sig")" = "$(printf 'deadbeef\n12345678')" ]
check "--rtl: the signature holds what the program wrote (in the caches)" $?
run --isa rv64imafdc --dump-dts
[ "$status" -eq 0 ] && grep -q 'riscv,isa = "rv64imafdc_zicsr_zifencei"' "$work/out"
check "--isa rv64imafdc puts F and D in the device tree" $?
run --rtl --dump-dts
[ "$status" -eq 0 ] && grep -q 'riscv,isa = "rv64imafdc_zicsr_zifencei"' "$work/out"
check "--rtl: the device tree says F and D, as the core has them" $?
expect_error "unknown ISA" 2 "rv64imac or rv64imafdc" --isa rv64gcv "$programs/hello.elf"
expect_error "RV64IMAC on the RTL" 2 "ISS only" --isa rv64imac --rtl "$programs/hello.elf"
expect_error "signature without symbols" 125 "begin_signature" --signature "$work/sig2" "$programs/hello.elf"

run --dump-dts
[ "$status" -eq 0 ] && grep -q 'riscv,isa = "rv64imac_zicsr_zifencei"' "$work/out"
check "--dump-dts prints the device tree" $?
if command -v dtc >/dev/null; then
	dtc -q -I dts -O dtb -o "$work/tree.dtb" "$work/out"; check "the dumped tree compiles with dtc" $?
	run --dtb "$work/tree.dtb" "$programs/hello.elf"
	[ "$status" -eq 0 ]; check "--dtb boots with a given blob" $?
fi

run "$programs/semihost-hello.elf"
[ "$status" -eq 0 ] && grep -q 'hello through semihosting' "$work/out" && cat "$work/out" "$work/err" | grep -q 'stderr line'
check "picolibc semihosting program prints its output" $?
run "$programs/semihost-exit.elf"
[ "$status" -eq 5 ]; check "picolibc semihosting exit code 5 is passed through (got $status)" $?
run --no-semihosting --max-insns 1000000 "$programs/semihost-hello.elf"
[ "$status" -ne 0 ]; check "--no-semihosting turns semihosting off" $?
# Semihosting serves M-mode alone unless --semihosting-userspace: under an
# OS, any user could otherwise end the run or write to the host's stdout.
run "$work/semihost-user.elf"
[ "$status" -eq 42 ] && ! grep -q 'from U-mode' "$work/out"
check "semihosting from U-mode is a breakpoint, printing nothing (status $status)" $?
run --semihosting-userspace "$work/semihost-user.elf"
[ "$status" -eq 7 ] && grep -q 'semihosting from U-mode' "$work/out"
check "--semihosting-userspace serves U-mode: output and exit code 7 (status $status)" $?
expect_error "--semihosting-userspace with --no-semihosting" 2 "contradict" \
	--semihosting-userspace --no-semihosting "$programs/hello.elf"

# The host file channel (--host-dir): new regular files only, within the
# run's limits, each refusal a status the program reads (tea/host_files.h:
# 6 the name exists, 7 too many files, 8 too many bytes).
host_dir() { rm -rf "$work/host" && mkdir "$work/host"; }
words=abcdefghabcdefgh
host_dir
run --host-dir "$work/host" "$work/host-files.elf"
[ "$status" -eq 100 ] && [ "$(cat "$work/host/a.txt")" = $words ] && [ "$(cat "$work/host/b.txt")" = $words ]
check "--host-dir: the program's two files arrive (status $status)" $?
host_dir
printf keep >"$work/host/a.txt"
run --host-dir "$work/host" "$work/host-files.elf"
[ "$status" -eq 160 ] && [ "$(cat "$work/host/a.txt")" = keep ] && [ "$(cat "$work/host/b.txt")" = $words ]
check "--host-dir: an existing file is not replaced, the program is told (status $status)" $?
host_dir
: >"$work/outside"
ln -s "$work/outside" "$work/host/a.txt"
run --host-dir "$work/host" "$work/host-files.elf"
[ "$status" -eq 160 ] && [ ! -s "$work/outside" ]
check "--host-dir: a link in the folder is not written through (status $status)" $?
host_dir
mkfifo "$work/host/a.txt"
timeout 60 "$teasim" --host-dir "$work/host" "$work/host-files.elf" >"$work/out" 2>"$work/err"
status=$?
[ "$status" -eq 160 ]; check "--host-dir: a FIFO in the folder is refused, not waited on (status $status)" $?
host_dir
run --host-dir "$work/host" --host-max-files 1 "$work/host-files.elf"
[ "$status" -eq 107 ] && [ ! -e "$work/host/b.txt" ]
check "--host-max-files 1: the second file is refused (status $status)" $?
host_dir
run --host-dir "$work/host" --host-max-bytes 24 "$work/host-files.elf"
[ "$status" -eq 108 ] && [ "$(cat "$work/host/b.txt")" = abcdefgh ]
check "--host-max-bytes 24: the word past the limit is refused (status $status)" $?
expect_error "--host-max-files not a number" 2 "needs a number" --host-dir "$work/host" \
	--host-max-files lots "$programs/hello.elf"
expect_error "--host-max-bytes without --host-dir" 2 "need --host-dir" --host-max-bytes 5 "$programs/hello.elf"
expect_error "missing --host-dir" 125 "--host-dir $work/nonexistent: No such file" \
	--host-dir "$work/nonexistent" "$programs/hello.elf"

# The RTL backend of each configuration is a library beside teasim (lib/).
expect_error "unknown configuration" 2 "no such configuration" --rtl --config small "$programs/hello.elf"
expect_error "--config without --rtl" 2 "needs --rtl" --config default "$programs/hello.elf"
mkdir -p "$work/bin"
cp "$teasim" "$work/bin/teasim"
"$work/bin/teasim" --rtl "$programs/hello.elf" >"$work/out" 2>"$work/err"
[ $? -eq 125 ] && [ "$(wc -l <"$work/err")" -eq 1 ] &&
	grep -qF "teasim: error: --rtl --config default: $(cd "$work" && pwd -P)/lib/teasim-rtl-default.so is not built" "$work/err"
check "--rtl without its library: one error line naming it (got: $(head -c 300 "$work/err"))" $?
run --rtl --config default -v "$programs/exit-code.elf"
[ "$status" -eq 3 ] && grep -qE "^teasim: [0-9]+ instructions in [0-9]+ cycles .*, config default$" "$work/err"
check "--rtl --config default runs the default configuration" $?

run --rtl "$programs/semihost-exit.elf"
[ "$status" -eq 5 ]; check "semihosting on the RTL: exit code 5 is passed through (got $status)" $?
run --rtl --no-semihosting --max-insns 1000000 "$programs/semihost-hello.elf"
[ "$status" -ne 0 ] && ! grep -q 'hello through semihosting' "$work/out"
check "--no-semihosting on the RTL: the EBREAK traps" $?
run --rtl "$work/semihost-user.elf"
[ "$status" -eq 42 ] && ! grep -q 'from U-mode' "$work/out"
check "semihosting from U-mode on the RTL is a breakpoint, printing nothing (status $status)" $?
run --rtl --semihosting-userspace "$work/semihost-user.elf"
[ "$status" -eq 7 ] && grep -q 'semihosting from U-mode' "$work/out"
check "--semihosting-userspace on the RTL serves U-mode (status $status)" $?
host_dir
printf keep >"$work/host/a.txt"
run --rtl --host-dir "$work/host" --host-max-bytes 8 "$work/host-files.elf"
[ "$status" -eq 168 ] && [ "$(cat "$work/host/a.txt")" = keep ] && [ "$(cat "$work/host/b.txt")" = abcdefgh ]
check "--host-dir on the RTL: no replacing, and the byte limit (status $status)" $?

# TEA options (docs/tea.md)
expect_error "TEA samples need the RTL" 2 "need --rtl" --tea-samples "$work/t.tea" "$programs/hello.elf"
expect_error "unknown --tea-source" 2 "'trace' or 'program'" --rtl --tea-source pmu --tea-samples "$work/t.tea" "$programs/hello.elf"
expect_error "--tea-period 0" 2 "tea-period" --rtl --tea-period 0 "$programs/hello.elf"
expect_error "--tea-jitter too wide" 2 "tea-jitter" --rtl --tea-jitter 17 "$programs/hello.elf"
expect_error "program sampling without a sample file" 2 "needs --tea-samples" --rtl --tea-source program "$programs/hello.elf"
expect_error "program sampling without the runtime's log" 125 "bm_tea_log" --rtl --tea-source program --tea-samples "$work/t.tea" "$programs/hello.elf"
expect_error "unwritable sample file" 125 "TEA:" --rtl --tea-samples /nonexistent/t.tea "$programs/hello.elf"
run --rtl --tea-samples "$work/t.tea" --tea-period 50 --golden "$work/t.prof" --baselines "$work/t" "$programs/hello.elf"
[ "$status" -eq 0 ] && [ -s "$work/t.tea" ] && [ -s "$work/t.prof" ] && [ -s "$work/t.nci.tea" ] &&
	[ -s "$work/t.ibs.tea" ] && [ -s "$work/t.spe.tea" ] && [ -s "$work/t.ris.tea" ]
check "--rtl with TEA writes the samples, the golden profile and the baselines" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
