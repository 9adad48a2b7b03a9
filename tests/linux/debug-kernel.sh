#!/usr/bin/env bash
# The TEA driver's checks from user space (tests/linux/tea-pmu.c) under the
# debug kernel (make linux-debug: slub_debug on every cache, lockdep,
# sleep-in-atomic checks; driver/linux/debug.config), booted with
# threadirqs, so that every interrupt handler that may be threaded is:
# the checks must pass (tea-pmu --debug-kernel skips two that only measure
# perf's throttling of this slow kernel, and says so), and the kernel must
# report nothing (no lockdep splat, no warning, no bug, no oops). With TEASIM_ARGS (e.g. --rtl) the
# checks run on the RTL core (the boot on the ISS, which hands over where
# init starts them).
# usage: debug-kernel.sh LINUX_DEBUG_DIR TEASIM [TEASIM_ARGS...]
set -u
linux=$1 teasim=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
append="console=ttyS0 earlycon panic=-1 oops=panic threadirqs --"

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC2046
run debug "$teasim" "$@" $(commands_on_rtl "$@") --kernel "$linux/Image" --initrd "$linux/tea.cpio" \
	--append "$append /bin/tea-pmu --debug-kernel"
grep -E '^(ok|FAIL|skip): ' "$work/debug.out" | sed 's/^/    tea-pmu: /'
[ $status -eq 0 ] && has debug "tea-pmu: 0 failed"
check "the driver's checks pass on the debug kernel with threadirqs (status $status)" $? debug

has debug "threadirqs" && kernel_quiet debug
check "the debug kernel reports nothing about the driver" $? debug

echo "$((2 - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
