#!/usr/bin/env bash
# teaperf on perf.data files, as Linux's perf record -R -e tea/period=N/
# writes them on the target (docs/formats.md, "perf.data from Linux's
# perf"): files written by tests/teaperf/perf-data-gen.c (a host program,
# built here) for a program in a root-filesystem folder and a kernel,
# read by every subcommand that reads a sample file, and the same
# recording as a sample file reads the same; call chains; a recording a
# target made (loop-target.data); a cut file is one error. usage:
# perf-data.sh TEAPERF WORKDIR
set -u
teaperf=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2" && mkdir -p "$2" && cd "$2" || exit 1

# shellcheck source=tests/teaperf/checks.sh
. "$here/checks.sh"

${CC:-cc} -std=c11 -O1 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -o perf-data-gen \
	"$here/perf-data-gen.c" || exit 1

# ---- the target's files: a program in rootfs/bin, a kernel ------------------
linux_target_files || exit 1

# ---- a recording: the exec, the program, the kernel, the vDSO ---------------
# PSVs as numbers: ST-L1 is bit 6, FL-EX bit 4, DR-L1 bit 0.
cat >rec.txt <<TXT
period 100
width 2
build-id [kernel.kallsyms] $kernel_id
build-id /bin/teaprog $prog_id
kernel 0xffffffff80000000 0x100000
comm 42 perf-exec
comm 42 teaprog exec
sample 42 stalled $K1:0x10
mmap 42 0xf000 0x2000 0x0 /bin/teaprog
mmap 42 0x3fb88e3000 0x1000 0x0 [vdso]
sample 42 stalled $S1:0x40
sample 42 stalled $S1:0x40
sample 42 compute $U1:0 $U1:1
hw-lost 1
sample 42 stalled $K1:0
sample 42 stalled 0x3fb88e3010:0
lost 2
lost-samples 1
TXT
./perf-data-gen rec.txt p.data || exit 1

# ---- report: mappings from the MMAP records, symbols checked by build-id ----
run_tf "report without ELFs" 0 report p.data
expect_line "report without ELFs" err "^teaperf report: warning: /bin/teaprog: cannot open: .*; addresses in /bin/teaprog stay unresolved$"
expect_line "report without ELFs" out "^# p\.data: scheme TEA, 2-wide commit, period 100 cycles, 6 samples, 3 lost$"
expect_line "report without ELFs" out "^# 3 mappings: \[kernel\], /bin/teaprog, \[vdso\]$"
sym=(--symfs rootfs --vmlinux vmlinux)
run_tf "report func" 0 report --sort func "${sym[@]}" p.data
[ ! -s err ] || { fail "report func: warnings:"; sed 's/^/    /' err; }
expect_line "report func" out "^ +33\.33% +200 +scale +ST-L1 100\.0%$"
expect_line "report func" out "^ +33\.33% +200 +handle_irq +Base 50\.0%  FL-EX 50\.0%$"
expect_line "report func" out "^ +16\.67% +100 +sum +Base 50\.0%  DR-L1 50\.0%$"
expect_line "report func" out "^ +16\.67% +100 +\[vdso\] +Base 100\.0%$"
run_tf "report line" 0 report "${sym[@]}" p.data
expect_line "report line" out "^ +33\.33% +200 +$S1 +scale\+0x[0-9a-f]+ +$(line_of rootfs/bin/teaprog "$S1") +ST-L1 100\.0%$"

# The same recording as the target's teaperf record writes it: script
# prints the perf.data as a sample file's text, synth writes that file,
# and both read alike.
run_tf "script" 0 script p.data
cp out script.txt
expect_line "script" out "^binary /bin/teaprog$"
expect_line "script" out "^build-id $prog_id$"
expect_line "script" out "^task-map 42 0 0xf000 0x11000 0x0 $prog_id /bin/teaprog$"
expect_line "script" out "^map 0xffffffff80000000 0xffffffff80100000 0x0 $kernel_id \[kernel\]$"
expect_line "script" out "^sample 400 compute $U1:Base $U1:DR-L1$"
run_tf "synth of script" 0 synth -o p.tea script.txt
for args in "report --sort func" "report --sort line" "stat" "report --format csv"; do
	# shellcheck disable=SC2086 # word splitting wanted
	"$teaperf" $args "${sym[@]}" p.data 2>&1 | sed 's/p\.data/FILE/g' >a.txt
	# shellcheck disable=SC2086
	"$teaperf" $args "${sym[@]}" p.tea 2>&1 | sed 's/p\.tea/FILE/g' >b.txt
	cmp -s a.txt b.txt || { fail "$args: perf.data and its sample file differ:"; diff a.txt b.txt | sed 's/^/    /'; }
done

# ---- the other subcommands ---------------------------------------------------
run_tf "stat" 0 stat --dsos teaprog p.data
expect_line "stat" out "Cycle stack of teaprog in 'p\.data'"
run_tf "annotate" 0 annotate -s scale "${sym[@]}" p.data
expect_line "annotate" out "^# scale \(0x[0-9a-f]+\.\.0x[0-9a-f]+\) in rootfs/bin/teaprog$"
[ "$(grep -cE "^ +100\.00% +200 +${S1#0x}:  " out)" -eq 1 ] || fail "annotate: the samples are not on scale's instruction"
run_tf "compare" 0 compare -r p.tea --sort func "${sym[@]}" p.data
expect_line "compare" out "^function-level error: 0\.000%$"
run_tf "diff" 0 diff p.tea p.data
[ "$(tail -1 out | tr -s ' ')" = " total 600 600 0 +0.00%" ] || fail "diff: total is '$(tail -1 out)'"
run_tf "plot" 0 plot -o p.html "${sym[@]}" p.data
grep -q "scale" p.html || fail "plot: scale is not in p.html"

# ---- a 4-wide core, its width in the PMU's caps --------------------------------
cat >rec4.txt <<TXT
period 1000
width 4
caps
comm 7 teaprog exec
mmap 7 0xf000 0x2000 0x0 /bin/teaprog
sample 7 compute $S1:0x40 - $U1:0 -
sample 7 flushed - - - $U1:0x8
TXT
./perf-data-gen rec4.txt p4.data || exit 1
run_tf "report 4-wide" 0 report --sort func --symfs rootfs p4.data
expect_line "report 4-wide" out "^# p4\.data: scheme TEA, 4-wide commit, period 1000 cycles, 2 samples, 0 lost$"
expect_line "report 4-wide" out "^ +75\.00% +1500 +sum +FL-MB 66\.7%  Base 33\.3%$"
expect_line "report 4-wide" out "^ +25\.00% +500 +scale +ST-L1 100\.0%$"

# ---- call chains (perf record -g) -----------------------------------------------
# The samples' callers: perf's context markers and each sample's own
# address left out; a return address in the sampled function (as Linux's
# RISC-V unwinder gives for a leaf) no frame of its own; a kernel sample's
# user frames its callers too; a sample without a chain a stack of one.
R_SCALE=$(insn_of rootfs/bin/teaprog _start 5) R_SUM=$(insn_of rootfs/bin/teaprog _start 7)
U2=$(insn_of rootfs/bin/teaprog sum 6) KS=$(insn_of vmlinux _start 2)
cat >calls.txt <<TXT
period 100
width 2
callchains
build-id [kernel.kallsyms] $kernel_id
build-id /bin/teaprog $prog_id
kernel 0xffffffff80000000 0x100000
comm 42 teaprog exec
mmap 42 0xf000 0x2000 0x0 /bin/teaprog
callchain user $S1 $R_SCALE
sample 42 stalled $S1:0x40
callchain user $U1 $U2 $R_SUM
sample 42 stalled $U1:0
callchain kernel $K1 $KS user $U1 $R_SUM
sample 42 stalled $K1:0x10
sample 42 stalled $S1:0
TXT
./perf-data-gen calls.txt calls.data || exit 1
run_tf "call chains: script" 0 script calls.data
expect_line "call chains: script" out "^callers $R_SCALE$"
expect_line "call chains: script" out "^callers $U2 $R_SUM$"
expect_line "call chains: script" out "^callers $KS $U1 $R_SUM$"
[ "$(grep -c '^callers ' out)" -eq 3 ] || fail "call chains: not 3 callers lines"
cp out calls-script.txt
run_tf "call chains: synth" 0 synth -o calls.tea calls-script.txt
run_tf "call chains: folded" 0 flame --folded "${sym[@]}" calls.data
printf '%s\n' "_start;scale 100" "_start;sum 100" "_start;sum;_start;handle_irq 100" \
	"scale 100" >want.folded
cmp -s out want.folded || { fail "call chains: folded stacks:"; diff want.folded out | sed 's/^/    /'; }
run_tf "call chains: children" 0 report --children "${sym[@]}" calls.data
expect_line "call chains: children" out "^ +75\.00% +0\.00% +300 +_start "
expect_line "call chains: children" out "^ +50\.00% +25\.00% +200 +sum "
expect_line "call chains: children" out "^ +50\.00% +50\.00% +200 +scale "
expect_line "call chains: children" out "^ +25\.00% +25\.00% +100 +handle_irq "
for args in "report --children" "flame --folded"; do
	# shellcheck disable=SC2086 # word splitting wanted
	"$teaperf" $args "${sym[@]}" calls.data 2>&1 | sed 's/calls\.data/FILE/g' >a.txt
	# shellcheck disable=SC2086
	"$teaperf" $args "${sym[@]}" calls.tea 2>&1 | sed 's/calls\.tea/FILE/g' >b.txt
	cmp -s a.txt b.txt || { fail "$args: perf.data and its sample file differ:"; diff a.txt b.txt | sed 's/^/    /'; }
done

# ---- a recording a target made -------------------------------------------------
run_tf "target recording" 0 report --sort func "$here/loop-target.data"
expect_line "target recording" out "scheme TEA, 2-wide commit, period 20000 cycles, 55 samples, 0 lost$"
expect_line "target recording" out "^# 4 mappings: \[kernel\], \[tea_pmu\], /bin/loop, \[vdso\]$"

# ---- broken files: one error line each -------------------------------------------
size=$(stat -c %s p.data)
for n in 7 50 200 $((size / 2)) $((size - 1)); do
	head -c "$n" p.data >cut.data
	run_tf "cut to $n bytes" 1 report cut.data
	one_error_line "cut to $n bytes"
	expect_line "cut to $n bytes" err "^teaperf report: cut\.data: offset [0-9]+: "
done
printf 'PERFILE2\020\0\0\0\0\0\0\0' >pipe.data
run_tf "pipe mode" 1 report pipe.data
expect_line "pipe mode" err "perf record -o -\) is not read"

# Linux's perf, where the host has it, reads the generator's files too.
if command -v perf >/dev/null && perf script -i p.data -F ip >perf.out 2>perf.err; then
	[ "$(grep -c . perf.out)" -eq 6 ] || { fail "perf script: not 6 samples:"; sed 's/^/    /' perf.out; }
fi

finish_checks "teaperf perf.data"
