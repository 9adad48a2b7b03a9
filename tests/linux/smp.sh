#!/usr/bin/env bash
# The TEA driver on several harts (docs/linux.md, "Several harts"): the
# ISS with --harts 2, each hart with its sampler model, boots the debug
# kernel (make linux-debug: SMP, with lockdep and slub_debug), which must
# report no lockdep splat, warning, bug or slab corruption.
# /bin/tea-pmu --smp 2 (tests/linux/tea-pmu/smp.c): per-CPU events on both CPUs at
# once, a task event that follows its task across CPUs, CPU hotplug with
# an event open. Then Linux's own perf records the whole machine (perf
# record -a) while a task runs pinned to each CPU, and perf report --sort
# cpu shows both CPUs. teasim refuses --harts it cannot give.
# usage: smp.sh DEBUG_LINUX_DIR PERF_CPIO TEASIM
set -u
linux=$1 perf_cpio=$2 teasim=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
append="console=ttyS0 earlycon panic=-1 oops=panic --"
smp_checks=10	# the ok lines tea-pmu --smp 2 prints

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"

run smp "$teasim" --harts 2 --max-insns 2000000000 --kernel "$linux/Image" \
	--initrd "$linux/tea.cpio" --append "$append /bin/tea-pmu --smp 2"
ok=$(grep -c '^ok: ' "$work/smp.out")
[ $status -eq 0 ] && [ "$ok" -eq $smp_checks ] && ! grep -q '^FAIL' "$work/smp.out"
check "tea-pmu --smp 2: $ok of $smp_checks checks ok (status $status)" $? smp
grep -E '^(ok|FAIL): ' "$work/smp.out" | sed 's/^/    /'

# perf report --sort cpu's rows: "    49.87%  000" (coloured on the console)
cat "$linux/tea.cpio" "$perf_cpio" >"$work/initrd.cpio"
run perf "$teasim" --harts 2 --isa rv64imafdc --max-insns 2000000000 --kernel "$linux/Image" \
	--initrd "$work/initrd.cpio" --append "$append /usr/bin/perf record -a -e tea/period=20000/ \
/bin/tea-pmu --spin 2 ; /usr/bin/perf report --stdio --sort cpu"
sed 's/\x1b\[[0-9;]*m//g' "$work/perf.out" | awk '$2 ~ /^00[0-9]$/ && $1 ~ /%$/' >"$work/cpus"
shares=$(awk '{ printf "CPU %d %s ", $2, $1 }' "$work/cpus")
awk '$1 + 0 >= 20 { n++ } END { exit n != 2 }' "$work/cpus" && [ $status -eq 0 ]
check "perf record -a samples both CPUs, each at least 20% (${shares:-none})" $? perf

has smp "lockdep" && kernel_quiet smp && kernel_quiet perf
check "the debug kernel reports nothing about the driver on 2 harts" $? smp

for bad in "--harts 0" "--harts 9" "--harts 2 --rtl" "--harts 2 --log -"; do
	# shellcheck disable=SC2086
	run usage "$teasim" $bad "$linux/Image"
	[ $status -eq 2 ] && [ "$(wc -l <"$work/usage.err")" -eq 1 ] && grep -q -- --harts "$work/usage.err"
	check "teasim $bad is refused in one line, status 2" $? usage
done

echo "$((7 - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
