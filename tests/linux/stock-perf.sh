#!/usr/bin/env bash
# Linux's own perf with the TEA PMU (docs/linux.md, "Linux's own perf"), on
# the ISS's sampler model (F and D, for perf's static glibc): one boot runs
# `perf record -R -e tea/period=5000/` of /bin/hash, then `perf report`
# and `perf script` on the target. The report must show the event's
# samples in the kernel and the program, the script print TEA samples of
# /bin/hash, and perf must not complain of the event. With TEASIM_ARGS (e.g. --rtl --config large) the
# same on the RTL core.
# usage: stock-perf.sh LINUX_DIR TEASIM [TEASIM_ARGS...]
set -u
linux=$1 teasim=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
append="console=ttyS0 earlycon panic=-1 oops=panic --"
sim=("$teasim" "$@")
case " $* " in *" --rtl "*) ;; *) sim+=(--isa rv64imafdc) ;; esac

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"

cat "$linux/tea.cpio" "$linux/perf.cpio" >"$work/initrd.cpio"
run perf "${sim[@]}" --max-insns 2000000000 --kernel "$linux/Image" --initrd "$work/initrd.cpio" \
	--append "$append /usr/bin/perf record -R -e tea/period=5000/ -o /tmp/p.data /bin/hash ; \
/usr/bin/perf report -i /tmp/p.data --stdio --sort sym ; \
/usr/bin/perf script -i /tmp/p.data -F comm,ip,sym"
[ $status -eq 0 ] && has perf "perf record: Captured and wrote"
check "perf record of /bin/hash with the tea PMU writes its file (status $status)" $? perf

# perf report's lines: "  12.34%  [.] name". The target's perf is built
# without libelf (no ELF library for the target in Debian), so it names
# the kernel's functions (from /proc/kallsyms) and gives the program's as
# addresses; the host's teaperf names them (teaperf report p.data).
grep -qE "^# Samples: .* of event 'tea/period=5000/'" "$work/perf.out" &&
	grep -qE '^ +[0-9.]+% +\[k\] [a-z_]' "$work/perf.out" &&
	grep -qE '^ +[0-9.]+% +\[\.\] 0x' "$work/perf.out"
check "perf report shows the tea event's samples, kernel functions by name and the program's" $? perf

samples=$(grep -cE '^ +hash +[0-9a-f]+ ' "$work/perf.out")
[ "$samples" -ge 50 ]
check "perf script prints the TEA samples of /bin/hash ($samples)" $? perf

! grep -qiE 'not supported|invalid or unsupported|Error:' "$work/perf.out"
check "perf reports no error opening the event" $? perf

echo "$((4 - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
