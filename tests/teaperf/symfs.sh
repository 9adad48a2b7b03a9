#!/usr/bin/env bash
# What teaperf opens for the paths its input files name (docs/teaperf.md,
# "What teaperf trusts in its input files"): a map record's path stays
# inside --symfs ("..", and links that lead out, are refused; an absolute
# link starts again at --symfs, as on the target), the header's binary
# too, and only regular files are read, so a FIFO where an ELF or a source
# file should be is a warning, not a hang. Every teaperf run has a time
# limit: a run that hangs fails its check. usage: symfs.sh TEAPERF WORKDIR
set -u
real_teaperf=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2" && mkdir -p "$2" && cd "$2" || exit 1
work=$PWD

# shellcheck source=tests/teaperf/checks.sh
. "$here/checks.sh"
printf '#!/bin/sh\nexec timeout 20 %s "$@"\n' "$real_teaperf" >teaperf-limited
chmod +x teaperf-limited
teaperf=$work/teaperf-limited

cc() {
	riscv64-unknown-elf-gcc -g -O1 -march=rv64imac -mabi=lp64 -mcmodel=medany \
		-nostdlib "$@"
}
# The program inside the root folder, and the same bytes outside it: had
# teaperf read the outside copy, its build-id would match and the
# addresses would resolve.
mkdir -p rootfs/bin rootfs/usr/bin outside src
cc -Wl,-Ttext=0x10000 -Wl,--build-id -o rootfs/bin/teaprog "$here/prog.c" || exit 1
cp rootfs/bin/teaprog outside/teaprog
prog_id=$(build_id_of rootfs/bin/teaprog)
S1=$(insn_of rootfs/bin/teaprog scale 5)
U1=$(insn_of rootfs/bin/teaprog sum 5)
[ -n "$S1" ] && [ -n "$U1" ] || { echo "could not find the test instructions"; exit 1; }

header() {
	tea_header "$1" "$prog_id"
	cat <<TXT
sample 100 stalled $S1:ST-L1
sample 200 stalled $U1:Base
TXT
}
# recording NAME PATH: NAME.tea, the program mapped from PATH.
recording() {
	{
		header /bin/teaprog
		echo "map 0xf000 0x11000 0x0 $prog_id $2"
		echo "lost 0"
	} >"$1.txt"
	run_tf "synth $1" 0 synth -o "$1.tea" "$1.txt"
}
# plain NAME BINARY: NAME.tea without mappings, its header naming BINARY.
plain() {
	{ header "$2"; echo "lost 0"; } >"$1.txt"
	run_tf "synth $1" 0 synth -o "$1.tea" "$1.txt"
}
# refused NAME PATH MESSAGE: a recording mapping PATH reports its
# addresses unresolved, with one warning that ends in MESSAGE.
refused() {
	recording "$1" "$2"
	run_tf "$1" 0 report --sort func --symfs rootfs "$1.tea"
	one_error_line "$1"
	expect_line "$1" err "^teaperf report: warning: $3; addresses in .* stay unresolved$"
	expect_no_line "$1" out " scale "
	expect_line "$1" out "^ +100\.00% +200 +\[.*\] +Base 50\.0%  ST-L1 50\.0%$"
}

# ---- paths inside the root folder -------------------------------------------
recording inside /bin/teaprog
run_tf "inside" 0 report --sort func --symfs rootfs inside.tea
[ ! -s err ] || { fail "inside: warnings:"; sed 's/^/    /' err; }
expect_line "inside" out "^ +50\.00% +100 +scale +ST-L1 100\.0%$"
# A link to an absolute path is the target's: it starts at --symfs.
ln -s /bin/teaprog rootfs/usr/bin/absolute
ln -s ../../bin/./teaprog rootfs/usr/bin/relative
ln -s usr/bin rootfs/ubin
for p in /usr/bin/absolute /usr/bin/relative /ubin/absolute //bin/../bin/teaprog; do
	recording link "$p"
	run_tf "link $p" 0 report --sort func --symfs rootfs/ link.tea
	[ ! -s err ] || { fail "link $p: warnings:"; sed 's/^/    /' err; }
	expect_line "link $p" out "^ +50\.00% +100 +scale +ST-L1 100\.0%$"
done
run_tf "annotate through a link" 0 annotate -s scale --symfs rootfs link.tea
expect_line "annotate through a link" out "^# scale \(0x[0-9a-f]+\.\.0x[0-9a-f]+\) in rootfs/bin/teaprog$"

# ---- paths that lead out -------------------------------------------------------
refused dotdot /../outside/teaprog 'rootfs/\.\./outside/teaprog: leads out of rootfs'
refused deep /bin/../../../../../../..$work/outside/teaprog 'rootfs/bin/\.\./.*: leads out of rootfs'
ln -s ../../outside/teaprog rootfs/bin/up
refused link-up /bin/up 'rootfs/bin/up: leads out of rootfs'
ln -s ../outside rootfs/lib
refused folder-link-up /lib/teaprog 'rootfs/lib/teaprog: leads out of rootfs'
# Absolute: rootfs$work/outside/teaprog, which does not exist.
ln -s "$work/outside/teaprog" rootfs/bin/abs-out
refused link-absolute /bin/abs-out 'rootfs/bin/abs-out: cannot open: No such file or directory'
ln -s loop-b rootfs/bin/loop-a
ln -s loop-a rootfs/bin/loop-b
refused link-loop /bin/loop-a 'rootfs/bin/loop-a: cannot open: Too many levels of symbolic links'

# ---- what is not a regular file -----------------------------------------------
mkfifo rootfs/bin/fifo
refused fifo /bin/fifo 'rootfs/bin/fifo: not a regular file'
ln -s fifo rootfs/bin/to-fifo
refused link-to-fifo /bin/to-fifo 'rootfs/bin/to-fifo: not a regular file'
refused folder /bin 'rootfs/bin: not a regular file'

# The header's binary, for a file without mappings: as it is, or inside
# --symfs when that is given.
mkfifo fifo
plain plain-fifo "$work/fifo"
run_tf "binary fifo" 0 report plain-fifo.tea
one_error_line "binary fifo"
expect_line "binary fifo" err "^teaperf report: warning: .*/fifo: not a regular file; showing addresses$"
run_tf "annotate binary fifo" 1 annotate plain-fifo.tea
one_error_line "annotate binary fifo"
expect_line "annotate binary fifo" err "^teaperf annotate: .*/fifo: not a regular file$"
plain plain-device /dev/zero
run_tf "binary device" 0 report plain-device.tea
expect_line "binary device" err "^teaperf report: warning: /dev/zero: not a regular file; showing addresses$"
plain plain-out ../outside/teaprog
run_tf "binary leads out" 0 report --symfs rootfs plain-out.tea
one_error_line "binary leads out"
expect_line "binary leads out" err "^teaperf report: warning: rootfs/\.\./outside/teaprog: leads out of rootfs; showing addresses$"
expect_no_line "binary leads out" out " scale\+"
plain plain-in /usr/bin/absolute
run_tf "binary inside" 0 report --symfs rootfs plain-in.tea
[ ! -s err ] || { fail "binary inside: warnings:"; sed 's/^/    /' err; }
expect_line "binary inside" out " scale\+0x"

# A source file the line tables name that is now a FIFO: annotate shows
# the instructions without its text.
cp "$here/prog.c" src/prog.c
cc -Wl,-Ttext=0x10000 -Wl,--build-id -o src-prog "$work/src/prog.c" || exit 1
rm src/prog.c && mkfifo src/prog.c
S1=$(insn_of src-prog scale 5)
U1=$(insn_of src-prog sum 5)
prog_id=$(build_id_of src-prog)
plain source-fifo "$work/src-prog"
run_tf "source fifo" 0 annotate -s scale source-fifo.tea
[ ! -s err ] || { fail "source fifo: warnings:"; sed 's/^/    /' err; }
expect_line "source fifo" out "^ +100\.00% +100 +${S1#0x}:  "
expect_line "source fifo" out "^ +prog\.c:[0-9]+ *$"

finish_checks "teaperf symfs"
