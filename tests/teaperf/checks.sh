# Checks shared by the teaperf test scripts, sourced after they set
# $teaperf. Each failed check prints a FAIL line; finish_checks exits 1
# when any did.
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}
# expect_line NAME FILE REGEX: some line of FILE matches the extended REGEX.
expect_line() {
	grep -Eq -- "$3" "$2" || { fail "$1: no line matching '$3' in:"; sed 's/^/    /' "$2"; }
}
expect_no_line() {
	! grep -Eq -- "$3" "$2" || fail "$1: unexpected line matching '$3'"
}
# run_tf NAME WANT_RC ARGS...: runs teaperf, output in out/err, checks rc.
run_tf() {
	local name=$1 want=$2
	shift 2
	"$teaperf" "$@" >out 2>err
	local rc=$?
	[ "$rc" -eq "$want" ] || { fail "$name: exit $rc, expected $want"; sed 's/^/    /' err; }
}
one_error_line() {
	[ "$(wc -l <err)" -eq 1 ] || { fail "$1: expected one line on stderr:"; sed 's/^/    /' err; }
}
# insn_of ELF FUNC N: address of the Nth instruction (from 1) of FUNC.
insn_of() {
	riscv64-unknown-elf-objdump -d "$1" | awk -v f="<$2>:" -v n="$3" '
		$2 == f { on = 1; next }
		on && /^$/ { exit }
		on && /^ *[0-9a-f]+:/ { if (++i == n) { sub(":", "", $1); print "0x" $1; exit } }'
}
build_id_of() {
	riscv64-unknown-elf-readelf -n "$1" | awk '/Build ID/ { print $3 }'
}
# rv_cc ARGS...: a bare RISC-V program, as the Linux-recording tests build
# the target's files.
rv_cc() {
	riscv64-unknown-elf-gcc -g -O1 -march=rv64imac -mabi=lp64 -mcmodel=medany \
		-nostdlib "$@"
}
# linux_target_files: a Linux target's files in the working folder, a
# program in rootfs/bin (prog.c, linked at 0x10000) and a kernel linked
# where it runs, as vmlinux is (kernel.c); their build-ids in prog_id and
# kernel_id, test instructions of scale, sum and handle_irq in S1, U1, K1.
linux_target_files() {
	mkdir -p rootfs/bin
	rv_cc -Wl,-Ttext=0x10000 -Wl,--build-id -o rootfs/bin/teaprog "$here/prog.c" &&
		rv_cc -Wl,-Ttext=0xffffffff80000000 -Wl,--build-id -o vmlinux "$here/kernel.c" ||
		return 1
	prog_id=$(build_id_of rootfs/bin/teaprog)
	kernel_id=$(build_id_of vmlinux)
	S1=$(insn_of rootfs/bin/teaprog scale 5)
	U1=$(insn_of rootfs/bin/teaprog sum 5)
	K1=$(insn_of vmlinux handle_irq 3)
	for a in "$S1" "$U1" "$K1"; do
		[ -n "$a" ] || { echo "could not find the test instructions"; return 1; }
	done
}
# line_of ELF ADDR: the source line of ADDR, as teaperf prints it.
line_of() {
	riscv64-unknown-elf-addr2line -e "$1" "$2" | sed 's/ (discriminator.*//; s|.*/||'
}
# finish_checks WHAT: the summary line and the exit status.
finish_checks() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed"
		exit 1
	fi
	echo "all $1 checks passed"
	exit 0
}

# tea_header BINARY BUILD_ID: the header lines of a `teaperf synth` input
# for a 2-wide TEA recording at period 100 of BINARY.
tea_header() {
	cat <<TXT
format samples
scheme TEA
width 2
events DR-L1 DR-TLB DR-SQ FL-MB FL-EX FL-MO ST-L1 ST-TLB ST-LLC
period 100
clock 0
binary $1
build-id $2
TXT
}
