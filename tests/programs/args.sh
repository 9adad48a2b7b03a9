#!/usr/bin/env bash
# Program arguments on the bare-metal runtime: teasim puts the program path
# and its arguments in the device tree's /chosen/bootargs, and the runtime
# hands them to main() (tests/programs/argv.c prints them). Run once on the
# ISS and once with --rtl: both must give main() the same argv.
# usage: args.sh TEASIM ARGV.elf [TEASIM OPTIONS...]
set -u
teasim=$1 prog=$2
shift 2
opts=("$@")
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

check() { # description, status (0 = ok)
	if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# run ARGS...: the console in $work/out, teasim's stderr in $work/err, the
# exit status in $status.
run() {
	"$teasim" "${opts[@]}" -q "$@" >"$work/out" 2>"$work/err"
	status=$?
}

# expect_out TEXT: the console output is exactly TEXT.
expect_out() {
	[ "$(cat "$work/out")" = "$1" ]
}

run "$prog" alpha b=2 --exit=7 'ü$*'
expect_out "arguments: 4
argv[0] = $prog
argv[1] = alpha
argv[2] = b=2
argv[3] = --exit=7
argv[4] = ü\$*"
check "arguments reach main() in order, argv[0] the path (got: $(head -c 300 "$work/out"))" $?
[ "$status" -eq 7 ]; check "exit code chosen by an argument is 7 (got $status)" $?

run "$prog"
expect_out "arguments: 0" && [ "$status" -eq 0 ]
check "no arguments: argc 1 (got $status: $(head -c 200 "$work/out"))" $?

# 31 arguments after the path fill the runtime's 32 argv slots.
run "$prog" $(seq 1 31)
[ "$status" -eq 0 ] && head -n 1 "$work/out" | grep -qx "arguments: 31" &&
	tail -n 1 "$work/out" | grep -qx "argv\[31\] = 31"
check "32 arguments, the runtime's maximum, all arrive (got $status)" $?

# Too many, or too long: one line from the runtime, exit 123, main() never runs.
run "$prog" $(seq 1 32)
[ "$status" -eq 123 ] && expect_out "bare-metal runtime: /chosen/bootargs has too many arguments (at most 1023 bytes and 32 arguments)"
check "33 arguments: the runtime refuses them, exit 123 (got $status: $(head -c 200 "$work/out"))" $?
run "$prog" "$(printf 'x%.0s' $(seq 1 1100))"
[ "$status" -eq 123 ] && grep -q "^bare-metal runtime: /chosen/bootargs has too many bytes" "$work/out" &&
	[ "$(wc -l <"$work/out")" -eq 1 ]
check "a 1100-byte argument: the runtime refuses it, exit 123 (got $status)" $?

# What a space-split command line cannot carry is refused by teasim.
for bad in "a b" "" "$(printf 'tab\there')"; do
	run "$prog" ok "$bad"
	[ "$status" -eq 2 ] && [ "$(wc -l <"$work/err")" -eq 1 ] &&
		grep -q "^teasim: error: program argument .*/chosen/bootargs splits the command line at spaces" "$work/err" &&
		[ ! -s "$work/out" ]
	check "argument '$bad' is a usage error on one line (got $status: $(head -c 300 "$work/err"))" $?
done

# --bootargs sets the line itself, and may then hold anything.
run --bootargs "  first   second " "$prog" "not used"
expect_out "arguments: 1
argv[0] = first
argv[1] = second" && [ "$status" -eq 0 ]
check "--bootargs replaces the program's command line (got $status: $(head -c 200 "$work/out"))" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
