# What the Linux test scripts (boot.sh, perf.sh) share; they set $work, a
# folder of their own, and fails=0 before using it.

# run NAME COMMAND...: status in $status, the console in $work/NAME.out
# (without the serial console's carriage returns), teasim's messages in
# $work/NAME.err
run() {
	local name=$1
	shift
	"$@" </dev/null >"$work/$name.out" 2>"$work/$name.err"
	status=$?
	sed -i 's/\r$//' "$work/$name.out"
}

# check WHAT STATUS NAME: ok when STATUS is 0, else FAIL with the run's
# last lines
check() {
	if [ "$2" -eq 0 ]; then
		echo "ok: $1"
	else
		echo "FAIL: $1"
		tail -n 15 "$work/$3.out" "$work/$3.err" | sed 's/^/    /'
		fails=$((fails + 1))
	fi
}

# has NAME TEXT: the run's console holds TEXT
has() { grep -qF -- "$2" "$work/$1.out"; }

# kernel_quiet NAME: the run's console holds none of the debug kernel's
# reports: no lockdep splat, warning, bug, oops or slab corruption
kernel_quiet() {
	! grep -qE 'WARNING:|BUG:|INFO: |Oops|possible (recursive|circular) locking|inconsistent lock state|sleeping function called|Redzone|Poison overwritten|Object already free' "$work/$1.out"
}

# commands_on_rtl TEASIM_ARGS...: with --rtl among them, the options that
# boot on the ISS and hand over to the RTL core where init starts the
# commands (its marker, TEA_MARKER_COMMANDS): the commands run on the RTL,
# the boot in seconds (boot.sh boots on the RTL itself)
commands_on_rtl() {
	case " $* " in
	*" --rtl "*)
		echo --fast-forward "marker:$(awk '$2 == "TEA_MARKER_COMMANDS" { print $3 }' \
			"$(dirname "${BASH_SOURCE[0]}")/../../driver/include/tea/marker.h")"
		;;
	esac
}
