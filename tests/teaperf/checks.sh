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
# finish_checks WHAT: the summary line and the exit status.
finish_checks() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed"
		exit 1
	fi
	echo "all $1 checks passed"
	exit 0
}
