#!/usr/bin/env bash
# Linux's own perf with the TEA PMU (docs/linux.md, "Linux's own perf"), on
# the ISS's sampler model (F and D, for perf's static glibc): one boot runs
# `perf record -R -e tea/period=5000/` of /bin/hash, then `perf report`
# and `perf script` on the target. The report must show the event's
# samples in the kernel and the program, the script print TEA samples of
# /bin/hash, and perf must not complain of the event. With TEASIM_ARGS (e.g. --rtl --config large) the
# commands run on the RTL core (the boot on the ISS, which hands over where
# init starts them), and the target's own perf report and perf script,
# whose reading of kallsyms would take hours of RTL cycles and which the
# ISS run tests, give way to the host's teaperf script of perf.data.
# The target's `teaperf put` then copies perf.data to the host through
# teasim's host file channel, whole; a FIFO or device is refused, not
# waited on. On the host, teaperf report reads that perf.data: the
# workload's functions lead, by name, with no warning. A second boot
# records buffer mode (perf record -e tea/buffer=1,period=2000/, its
# samples in the AUX area), which the host's teaperf reads, and on the
# ISS the target's perf report -D prints; a third, on the ISS alone,
# checks buffer mode's defaults and its refusal of a frequency.
# usage: stock-perf.sh LINUX_DIR TEASIM TEAPERF [TEASIM_ARGS...]
set -u
linux=$1 teasim=$2 teaperf=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
append="console=ttyS0 earlycon panic=-1 oops=panic --"
sim=("$teasim" "$@")
case " $* " in *" --rtl "*) ;; *) sim+=(--isa rv64imafdc) ;; esac

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck disable=SC2207
sim+=($(commands_on_rtl "$@"))
target_read="/usr/bin/perf report --stdio --sort sym ; /usr/bin/perf script -F comm,ip,sym ;"
case " $* " in *" --rtl "*) target_read= ;; esac

# (init gets at most 32 words: perf's files are its default, perf.data in
# init's folder, /)
cat "$linux/tea.cpio" "$linux/perf.cpio" >"$work/initrd.cpio"
mkdir "$work/host"
run perf "${sim[@]}" --max-insns 2000000000 --kernel "$linux/Image" --initrd "$work/initrd.cpio" \
	--host-dir "$work/host" \
	--append "$append /usr/bin/perf record -R -e tea/period=5000/ /bin/hash ; $target_read \
/bin/teaperf put /perf.data host:p.data ; /bin/teaperf put /dev/zero host:zero"
boot_status=$status
has perf "perf record: Captured and wrote" && has perf "init: /usr/bin/perf exited with status 0"
check "perf record of /bin/hash with the tea PMU writes its file" $? perf

# perf report's lines: "  12.34%  [.] name". The target's perf is built
# without libelf (no ELF library for the target in Debian), so it names
# the kernel's functions (from /proc/kallsyms) and gives the program's as
# addresses; the host's teaperf names them (teaperf report p.data).
if [ -n "$target_read" ]; then
	grep -qE "^# Samples: .* of event 'tea/period=5000/'" "$work/perf.out" &&
		grep -qE '^ +[0-9.]+% +\[k\] [a-z_]' "$work/perf.out" &&
		grep -qE '^ +[0-9.]+% +\[\.\] 0x' "$work/perf.out"
	check "perf report shows the tea event's samples, kernel functions by name and the program's" $? perf
	samples=$(grep -cE '^ +hash +[0-9a-f]+ ' "$work/perf.out")
	[ "$samples" -ge 50 ]
	check "perf script prints the TEA samples of /bin/hash ($samples)" $? perf
else
	samples=$("$teaperf" script "$work/host/p.data" 2>/dev/null | grep -c '^sample ')
	[ "$samples" -ge 50 ]
	check "the host's teaperf script reads perf.data's TEA samples ($samples)" $? perf
fi

! grep -qiE 'not supported|invalid or unsupported|Error:' "$work/perf.out"
check "perf reports no error opening the event" $? perf

size=$(grep -oE 'teaperf put: /perf.data in host:p.data' "$work/perf.out")
[ -n "$size" ] && [ "$(head -c 8 "$work/host/p.data" 2>/dev/null)" = PERFILE2 ] &&
	[ "$(stat -c %s "$work/host/p.data")" -gt 100000 ]
ok=$?
check "teaperf put copies perf.data to the host ($(stat -c %s "$work/host/p.data" 2>/dev/null || echo no) bytes)" $ok perf

run report "$teaperf" report --sort func --top 3 --symfs "$linux/rootfs" --vmlinux "$linux/vmlinux" \
	"$work/host/p.data"
top=$(grep -E '^ +[0-9.]+%' "$work/report.out" | head -1 | awk '{print $3}')
[ $status -eq 0 ] && [ ! -s "$work/report.err" ] && [ "$top" = main ]
check "teaperf report reads perf's perf.data: the workload leads by name (top: ${top:-none})" $? report

# the raw data's data addresses: some of the sampled cycles went to
# accesses, which the report sorts by the data they touched
run data "$teaperf" report --sort data --symfs "$linux/rootfs" --vmlinux "$linux/vmlinux" \
	"$work/host/p.data"
share=$(sed -n 's/^# \([0-9.]*\)% of the sampled cycles went to instructions that accessed memory.*/\1/p' \
	"$work/data.out")
[ "$status" -eq 0 ] && awk -v s="${share:-0}" 'BEGIN { exit !(s > 0) }'
check "teaperf report --sort data reads perf.data's data addresses (${share:-no}% of the cycles)" $? data

# Buffer mode, in a boot of its own (init takes at most 32 words): perf
# record maps the event's AUX area and copies the sampler's records into
# perf.data. On the ISS the target's perf report -D prints each record,
# and the host's teaperf must find the same samples in the file.
buffer_dump="/usr/bin/perf report -D -i /b.data ;"
case " $* " in *" --rtl "*) buffer_dump= ;; esac
mkdir "$work/bhost"
run buffer "${sim[@]}" --max-insns 2000000000 --kernel "$linux/Image" --initrd "$work/initrd.cpio" \
	--host-dir "$work/bhost" \
	--append "$append /usr/bin/perf record -e tea/buffer=1,period=2000/ -o /b.data /bin/hash ; \
$buffer_dump /bin/teaperf put /b.data host:b.data"
has buffer "perf record: Captured and wrote" && has buffer "init: /usr/bin/perf exited with status 0" &&
	has buffer "teaperf put: /b.data in host:b.data" && [ $status -eq 0 ]
check "perf record -e tea/buffer=1/ writes the AUX data into perf.data" $? buffer

run bscript "$teaperf" script "$work/bhost/b.data"
bsamples=$(grep -c '^sample ' "$work/bscript.out")
[ $status -eq 0 ] && [ "$bsamples" -ge 500 ]
check "the host's teaperf script reads the AUX data's samples ($bsamples)" $? bscript

if [ -n "$buffer_dump" ]; then
	# records that hold an instruction: a "TEA cycle" line and its slots
	# (a kernel message may land among the lines)
	dumped=$(awk '/TEA cycle/ { rec = 1; next } rec && /slot [0-9]+ pc/ { n++; rec = 0 }
		END { print n + 0 }' "$work/buffer.out")
	has buffer "TEA PMU type" && [ "$dumped" -eq "$bsamples" ]
	check "perf report -D prints the same records as teaperf reads ($dumped)" $? buffer
fi

run breport "$teaperf" report --sort func --top 3 --symfs "$linux/rootfs" --vmlinux "$linux/vmlinux" \
	"$work/bhost/b.data"
top=$(grep -E '^ +[0-9.]+%' "$work/breport.out" | head -1 | awk '{print $3}')
[ $status -eq 0 ] && [ ! -s "$work/breport.err" ] && [ "$top" = main ] &&
	grep -q '^# .*-wide commit, period 2000 cycles' "$work/breport.out"
check "teaperf report of buffer mode's perf.data: the workload leads (top: ${top:-none})" $? breport

# On the ISS: buffer mode without a period gets 100,000 cycles (perf's
# default frequency the sampler has not) and follows the command's own
# task (no inherit: perf could publish a child's records under its
# parent), and a frequency is refused in one line.
if [ -n "$buffer_dump" ]; then
	run defaults "${sim[@]}" --max-insns 2000000000 --kernel "$linux/Image" \
		--initrd "$work/initrd.cpio" \
		--append "$append /usr/bin/perf record -e tea/buffer=1/ -o /d.data /bin/hash ; \
/usr/bin/perf report --header-only -i /d.data ; /usr/bin/perf record -F 1000 -e tea/buffer=1/ -o /f.data /bin/hash"
	grep -qE "name = tea/buffer=1/.* sample_freq \} = 100000," "$work/defaults.out" &&
		! grep -E "name = tea/buffer=1/" "$work/defaults.out" | grep -q "inherit = 1" &&
		has defaults "tea: the sampler takes a period (period=N or -c N), not a frequency" &&
		[ "$(grep -c 'tea: ' "$work/defaults.out")" -eq 1 ] && [ $status -ne 0 ]
	check "buffer mode: no period is 100,000 cycles, no inherit, a frequency is refused in one line" $? defaults
fi

# (the last command: init ends the series with its status)
[ $boot_status -eq 1 ] && has perf "teaperf put: /dev/zero: not a regular file" &&
	[ ! -e "$work/host/zero" ]
check "teaperf put refuses a device in one line, status 1 (got $boot_status)" $? perf

checks=13
[ -n "$target_read" ] || checks=10
echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
