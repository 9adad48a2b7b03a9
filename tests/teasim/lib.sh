# What teasim's test scripts share. Source it after setting teasim (the
# binary) and work (a folder for the files a check leaves).
pass=0 fail=0

check() { # name, condition result (0 = ok)
	if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# Runs teasim, keeping stdout, stderr and the exit status.
run() {
	"$teasim" "$@" >"$work/out" 2>"$work/err"
	status=$?
}

# An error is exactly one line on stderr, starting "teasim: error:", and
# mentioning $3.
expect_error() { # name, status, text, args...
	local name=$1 want=$2 text=$3
	shift 3
	run "$@"
	[ "$status" -eq "$want" ]; check "$name: exit status $status, wanted $want" $?
	[ "$(wc -l <"$work/err")" -eq 1 ] && grep -q '^teasim: error: ' "$work/err"
	check "$name: one error line (got: $(head -c 300 "$work/err"))" $?
	grep -q -- "$text" "$work/err"; check "$name: error mentions '$text'" $?
}
