#!/usr/bin/env bash
# teaperf on Linux recordings: sample files with map records (written with
# 'teaperf synth', as perf-tool/target/sample_writer.c writes them on a
# target), symbolized from a root-filesystem folder (--symfs) and a kernel
# ELF (--vmlinux), restricted to mappings (--dsos), compared with a
# reference restricted the same way. usage: linux.sh TEAPERF WORKDIR
set -u
teaperf=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2" && mkdir -p "$2" && cd "$2" || exit 1

# shellcheck source=tests/teaperf/checks.sh
. "$here/checks.sh"

# ---- the target's files: a program in rootfs/bin, a kernel -------------------
linux_target_files || exit 1
rv_cc -Wl,-Ttext=0xffffffff80000000 -Wl,--build-id=0x00112233 -o other-vmlinux \
	"$here/kernel.c" || exit 1

# ---- a recording: the program, the kernel, the vDSO ---------------------------
maps() {
	cat <<TXT
map 0xf000 0x11000 0x0 $prog_id /bin/teaprog
map 0x3fb88e3000 0x3fb88e4000 0x0 - [vdso]
map 0x8000000000000000 0xffffffffffffffff 0x0 $kernel_id [kernel]
TXT
}
header() {
	tea_header /bin/teaprog "$prog_id"
}
{
	header
	cat <<TXT
sample 100 stalled $S1:ST-L1
sample 200 stalled $S1:ST-L1
sample 300 stalled $U1:Base
sample 400 stalled $K1:Base
sample 500 stalled $K1:FL-EX
sample 600 stalled 0x3fb88e3010:Base
TXT
	maps
	echo "lost 0"
} >linux.txt
run_tf "synth with maps" 0 synth -o linux.tea linux.txt

# ---- script and synth --------------------------------------------------------
run_tf "script with maps" 0 script linux.tea
cp out script.txt
diff linux.txt script.txt >/dev/null || { fail "script of linux.tea differs from its text:"; diff linux.txt script.txt | sed 's/^/    /'; }
run_tf "synth of script" 0 synth -o again.tea script.txt
cmp -s linux.tea again.tea || fail "synth(script(x)) with maps is not byte-identical to x"
printf '%s\nmap 0x2000 0x1000 0x0 - /bin/x\n' "$(header)" >bad-map.txt
run_tf "synth bad map" 1 synth -o bad.tea bad-map.txt
one_error_line "synth bad map"
expect_line "synth bad map" err "bad-map\.txt:9: mapping 0x2000\.\.0x1000: start not below end$"

# ---- report: addresses named by their mappings, then symbolized -------------
run_tf "report without ELFs" 0 report linux.tea
one_error_line "report without ELFs"
expect_line "report without ELFs" err "^teaperf report: warning: /bin/teaprog: cannot open: .*; addresses in /bin/teaprog stay unresolved$"
expect_line "report without ELFs" out "^# linux\.tea: scheme TEA, 2-wide commit, period 100 cycles, 6 samples, 0 lost$"
expect_line "report without ELFs" out "^# 3 mappings: /bin/teaprog, \[vdso\], \[kernel\]$"
expect_line "report without ELFs" out "^ +33\.33% +200 +$S1 +\[/bin/teaprog\]\+0x[0-9a-f]+ +- +ST-L1 100\.0%$"
expect_line "report without ELFs" out "^ +33\.33% +200 +$K1 +\[kernel\]\+0x[0-9a-f]+ +- "
run_tf "report func without ELFs" 0 report --sort func linux.tea
expect_line "report func without ELFs" out "^ +33\.33% +200 +\[kernel\] +Base 50\.0%  FL-EX 50\.0%$"
expect_line "report func without ELFs" out "^ +16\.67% +100 +\[vdso\] +Base 100\.0%$"

sym=(--symfs rootfs --vmlinux vmlinux)
run_tf "report symfs vmlinux" 0 report "${sym[@]}" linux.tea
[ ! -s err ] || { fail "report symfs vmlinux: warnings:"; sed 's/^/    /' err; }
expect_line "report symfs vmlinux" out "^ +33\.33% +200 +$S1 +scale\+0x[0-9a-f]+ +$(line_of rootfs/bin/teaprog "$S1") +ST-L1 100\.0%$"
expect_line "report symfs vmlinux" out "^ +16\.67% +100 +$U1 +sum\+0x[0-9a-f]+ +$(line_of rootfs/bin/teaprog "$U1") +Base 100\.0%$"
expect_line "report symfs vmlinux" out "^ +33\.33% +200 +$K1 +handle_irq\+0x[0-9a-f]+ +kernel\.c:[0-9]+ "
run_tf "report func symbolized" 0 report --sort func "${sym[@]}" linux.tea
expect_line "report func symbolized" out "^ +33\.33% +200 +scale +ST-L1 100\.0%$"
expect_line "report func symbolized" out "^ +33\.33% +200 +handle_irq +Base 50\.0%  FL-EX 50\.0%$"
expect_line "report func symbolized" out "^ +16\.67% +100 +\[vdso\] "
run_tf "report line symbolized" 0 report --sort line "${sym[@]}" linux.tea
expect_line "report line symbolized" out "^ +33\.33% +200 +kernel\.c:[0-9]+ "
expect_line "report line symbolized" out "^ +33\.33% +200 +prog\.c:[0-9]+ "

# Several --symfs folders are tried in turn, the first that has the file
# winning (a later, empty one does not hide it).
mkdir -p empty-root
run_tf "report two symfs" 0 report --sort func --symfs rootfs --symfs empty-root linux.tea
[ ! -s err ] || { fail "report two symfs: warnings:"; sed 's/^/    /' err; }
expect_line "report two symfs" out "^ +33\.33% +200 +scale +ST-L1 100\.0%$"

# A missing kernel stays [kernel]; a wrong one is a warning, not a failure.
run_tf "report no vmlinux" 0 report --sort func --symfs rootfs linux.tea
[ ! -s err ] || fail "report no vmlinux: a warning without --vmlinux"
expect_line "report no vmlinux" out " \[kernel\] "
run_tf "build-id mismatch" 0 report --sort func --symfs rootfs --vmlinux other-vmlinux linux.tea
one_error_line "build-id mismatch"
expect_line "build-id mismatch" err "^teaperf report: warning: other-vmlinux: build-id differs from the one recorded for \[kernel\]; addresses in \[kernel\] stay unresolved$"
expect_line "build-id mismatch" out "^ +33\.33% +200 +\[kernel\] "
expect_line "build-id mismatch" out "^ +33\.33% +200 +scale "
# --binary stands in for the profiled program itself.
run_tf "report binary" 0 report --sort func --binary rootfs/bin/teaprog linux.tea
expect_line "report binary" out " scale "

# ---- --dsos ------------------------------------------------------------------
for name in teaprog /bin/teaprog; do
	run_tf "report dsos $name" 0 report --dsos "$name" "${sym[@]}" linux.tea
	expect_line "report dsos $name" out "^# --dsos $name: 300 of 600 cycles \(50\.00%\)$"
	expect_line "report dsos $name" out "^# 300 cycles in 2 instructions, showing 2$"
	expect_line "report dsos $name" out "^ +66\.67% +200 +$S1 +scale\+"
	expect_no_line "report dsos $name" out "handle_irq|vdso\]\+"
done
run_tf "report dsos two" 0 report --dsos 'teaprog,[kernel]' --sort func linux.tea
expect_line "report dsos two" out "^# 500 cycles in 2 functions"
run_tf "report dsos unknown" 1 report --dsos teaprog,nope linux.tea
one_error_line "report dsos unknown"
expect_line "report dsos unknown" err "^teaperf report: --dsos: linux\.tea has no mapping named 'nope'; it has /bin/teaprog, \[vdso\], \[kernel\]$"
grep -v '^map ' linux.txt >plain.txt
run_tf "synth plain" 0 synth -o plain.tea plain.txt
run_tf "report dsos no maps" 1 report --dsos teaprog plain.tea
one_error_line "report dsos no maps"
expect_line "report dsos no maps" err "plain\.tea has no mappings"
run_tf "stat dsos" 0 stat --dsos '[kernel]' linux.tea
expect_line "stat dsos" out "Cycle stack of \[kernel\] in 'linux\.tea'"
expect_line "stat dsos" out "^ +200 +cycles$"
run_tf "diff dsos" 0 diff --dsos teaprog linux.tea linux.tea
[ "$(tail -1 out | tr -s ' ')" = " total 300 300 0 +0.00%" ] || fail "diff dsos: total is '$(tail -1 out)'"

# ---- compare against a whole-system reference ------------------------------------
# The golden reference knows nothing of mappings: it holds the program, the
# kernel and whatever else ran. Within the program it agrees with the
# recording exactly.
cat >golden.txt <<TXT
format profile
scheme golden
width 2
period 1
entry $S1 ST-L1 800
entry $U1 Base 400
entry $K1 Base 3000
entry 0x20000 Base 2400
TXT
run_tf "synth golden" 0 synth -o golden.prof golden.txt
run_tf "compare dsos" 0 compare -r golden.prof --dsos teaprog "${sym[@]}" linux.tea
expect_line "compare dsos" out "^# --dsos teaprog: 50\.00% of the profile's cycles, 18\.18% of the reference's$"
expect_line "compare dsos" out "^instruction-level error: 0\.000%$"
expect_line "compare dsos" out "^function-level error: 0\.000%$"
run_tf "compare whole" 0 compare -r golden.prof "${sym[@]}" linux.tea
expect_no_line "compare whole" out "^instruction-level error: 0\.000%$"
expect_no_line "compare whole" out "--dsos"
run_tf "compare dsos unknown" 1 compare -r golden.prof --dsos nope linux.tea
one_error_line "compare dsos unknown"
expect_line "compare dsos unknown" err "has no mapping named 'nope'"

# ---- a program loaded away from its link address (position-independent) ------
# Its text segment, linked at 0xf000 from file offset 0, mapped at
# 0x3ff000: the bias is 0x3f0000.
moved() { printf '0x%x' $(($1 + 0x3f0000)); }
{
	header
	echo "sample 100 stalled $(moved "$S1"):ST-L1"
	echo "sample 200 stalled $(moved "$U1"):Base"
	echo "map 0x3ff000 0x401000 0x0 $prog_id /bin/teaprog"
	echo "lost 0"
} >pie.txt
run_tf "synth pie" 0 synth -o pie.tea pie.txt
run_tf "report pie" 0 report --symfs rootfs pie.tea
expect_line "report pie" out "^ +50\.00% +100 +$(moved "$S1") +scale\+0x[0-9a-f]+ +$(line_of rootfs/bin/teaprog "$S1") "
run_tf "annotate pie" 0 annotate -s scale --symfs rootfs pie.tea
expect_line "annotate pie" out "^# scale \(0x40[0-9a-f]+\.\.0x40[0-9a-f]+\) in rootfs/bin/teaprog$"
[ "$(grep -cE "^ +100\.00% +100 +$(moved "$S1" | sed 's/^0x//'):  " out)" -eq 1 ] ||
	fail "annotate pie: the sample is not on scale's instruction at its run address"

# ---- annotate in the kernel -----------------------------------------------------
run_tf "annotate kernel" 0 annotate -s handle_irq "${sym[@]}" linux.tea
expect_line "annotate kernel" out "^# handle_irq \(0xffffffff80000000\.\.0x[0-9a-f]+\) in vmlinux$"
expect_line "annotate kernel" out "^ +100\.00% +200 +${K1#0x}:  .* Base 50\.0%  FL-EX 50\.0%$"
run_tf "annotate kernel without vmlinux" 1 annotate -s '[kernel]' --symfs rootfs linux.tea
one_error_line "annotate kernel without vmlinux"
expect_line "annotate kernel without vmlinux" err "no ELF at hand holds \[kernel\]"
run_tf "annotate heaviest" 0 annotate --symfs rootfs linux.tea
expect_line "annotate heaviest" out "^# scale "

finish_checks "teaperf Linux-recording"
