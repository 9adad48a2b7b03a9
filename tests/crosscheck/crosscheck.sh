#!/usr/bin/env bash
# Runs one bare-metal program on QEMU's virt machine, the oracle, and on
# teasim, and checks that both print the same console output and end with
# the same exit code, and that QEMU's is the one the program should end with.
#
# usage: crosscheck.sh [options] PROGRAM.elf
#   --exit N       exit code the program is meant to end with (default 0)
#   --teasim CMD   teasim command, split at spaces so that it may carry
#                  options (default build/bin/teasim)
#   --timeout S    limit for each run in seconds (default 120)
#   --qemu-only    run on QEMU alone and check its exit code
#
# QEMU runs with -nographic, which puts the UART on stdout, and with
# semihosting on and its console on the same character device (serial0):
# QEMU 7.2 would otherwise write semihosting output to stderr, apart from
# the UART's. teasim always serves semihosting, so QEMU does too. Only
# stdout is compared; each side's stderr (QEMU's own messages, teasim's
# summary) is shown when the runs disagree.
#
# Exit codes as QEMU 7.2 reports them: the sifive,test0 finisher exits
# with 0 for 0x5555 and with bits 31:16 of the written word for 0x3333;
# semihosting SYS_EXIT on RV64 (always "extended") and SYS_EXIT_EXTENDED
# exit with the subcode when the reason is ADP_Stopped_ApplicationExit and
# with 1 otherwise. The shell sees the low 8 bits of either.
set -u

# usage EXIT_CODE: prints the usage lines of the comment above.
usage() {
	sed -n '6,11s/^# \{0,1\}//p' "$0" >&2
	exit "$1"
}

expect=0
teasim=build/bin/teasim
limit=120
qemu_only=0
while [ $# -gt 0 ]; do
	case $1 in
	--exit) expect=$2; shift 2 ;;
	--teasim) teasim=$2; shift 2 ;;
	--timeout) limit=$2; shift 2 ;;
	--qemu-only) qemu_only=1; shift ;;
	-h|--help) usage 0 ;;
	-*) echo "crosscheck: unknown option $1" >&2; usage 2 ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage 2
elf=$1
[ -f "$elf" ] || { echo "crosscheck: $elf: no such file" >&2; exit 2; }
name=$(basename "$elf" .elf)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run LABEL COMMAND...: output in $tmp/LABEL.out and .err, exit code in rc.
# timeout's 124 is also teasim's own code for its instruction limit, so the
# clock tells which one it was.
run() {
	local label=$1 start=$SECONDS
	shift
	timeout "$limit" "$@" </dev/null >"$tmp/$label.out" 2>"$tmp/$label.err"
	rc=$?
	if [ "$rc" -eq 124 ] && [ $((SECONDS - start)) -ge "$limit" ]; then
		echo "$name: $label timed out after ${limit}s"
		show_stderr "$label"
		exit 1
	fi
}

show_stderr() {
	if [ -s "$tmp/$1.err" ]; then
		echo "--- $1 stderr (last lines):"
		tail -n 20 "$tmp/$1.err"
	fi
}

run qemu qemu-system-riscv64 -M virt -nographic -bios none -kernel "$elf" \
	-semihosting-config enable=on,target=native,chardev=serial0
qemu_rc=$rc
if [ "$qemu_rc" -ne "$expect" ]; then
	echo "$name: QEMU exited with $qemu_rc, expected $expect"
	show_stderr qemu
	echo "--- qemu stdout:"
	cat -v "$tmp/qemu.out"
	exit 1
fi
if [ "$qemu_only" -eq 1 ]; then
	echo "$name: QEMU exit $qemu_rc, $(wc -c <"$tmp/qemu.out") bytes of output"
	cat "$tmp/qemu.out"
	exit 0
fi

# shellcheck disable=SC2086 # --teasim may carry options
run teasim $teasim "$elf"
teasim_rc=$rc

status=0
if ! cmp -s "$tmp/qemu.out" "$tmp/teasim.out"; then
	echo "$name: console output differs (- qemu, + teasim):"
	diff -a -u --label qemu --label teasim "$tmp/qemu.out" "$tmp/teasim.out"
	status=1
fi
if [ "$teasim_rc" -ne "$qemu_rc" ]; then
	echo "$name: teasim exited with $teasim_rc, QEMU with $qemu_rc"
	status=1
fi
if [ "$status" -ne 0 ]; then
	show_stderr qemu
	show_stderr teasim
	exit 1
fi
echo "$name: same output ($(wc -c <"$tmp/qemu.out") bytes) and exit code $qemu_rc" \
	"on QEMU and teasim"
