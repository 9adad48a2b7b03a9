#!/usr/bin/env bash
# make install into a temporary DESTDIR and PREFIX, then the installed
# tools from an empty folder with the build tree's bin/ off PATH: teaperf
# --help, synth and report, record --sim (teaperf finding the teasim beside
# it, that teasim its RTL library under libdir), record --sim --linux with
# the installed Linux image, teasim on the ISS and the RTL, a program built
# with pkg-config against the installed libpics, man on an installed page,
# the bash completion; then make uninstall must leave DESTDIR empty.
# usage: install.sh MAKE BUILD WORKDIR HELLO_ELF
set -u
make=$1 build=$2 work=$3 hello=$(realpath "$4")
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work" || exit 1
work=$(realpath "$work")
dest=$work/dest prefix=$work/prefix
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# INSTALL_DIR: the test's own copy of the installed teasim, so that a make
# install or make deb running beside it does not relink it.
vars=(BUILD="$build" INSTALL_DIR="$work/build" DESTDIR="$dest" PREFIX="$prefix")

"$make" -C "$root" --no-print-directory "${vars[@]}" install || { echo "FAIL: make install"; exit 1; }
bin=$dest$prefix/bin lib=$dest$prefix/lib share=$dest$prefix/share
for f in "$bin/teasim" "$bin/teaperf" "$lib/tea/teasim-rtl-default.so" "$lib/libpics.a" \
	"$lib/libpics.so.0" "$lib/libpics.so" "$dest$prefix/include/tea/pics.h" \
	"$lib/pkgconfig/libpics.pc" "$share/man/man1/teaperf.1" "$share/man/man1/teaperf-report.1" \
	"$share/man/man5/tea-formats.5" "$share/bash-completion/completions/teaperf"; do
	[ -e "$f" ] || fail "make install did not install ${f#"$dest"}"
done
[ "$(readelf -d "$lib/libpics.so.0" | sed -n 's/.*soname: \[\(.*\)\]/\1/p')" = libpics.so.0 ] ||
	fail "libpics.so.0 has no soname libpics.so.0"

# The installed tools alone: an empty folder, PATH without the build tree.
mkdir "$work/empty" && cd "$work/empty" || exit 1
path=/usr/local/bin:/usr/bin:/bin
run() { env -i HOME="$work" PATH="$path" "$@"; }

run "$bin/teaperf" --help | grep -q '^  report ' || fail "installed teaperf --help lists no report"
cat >samples.txt <<TXT
format samples
scheme TEA
width 2
events DR-L1 ST-L1 ST-LLC
period 100
binary /nonexistent.elf
sample 100 stalled 0x80000010:ST-L1+ST-LLC
sample 200 stalled 0x80000010:ST-L1
sample 300 compute 0x80000014:Base 0x80000018:Base
TXT
run "$bin/teaperf" synth -o samples.tea samples.txt || fail "installed teaperf synth"
out=$(run "$bin/teaperf" report --no-symbols samples.tea 2>&1)
grep -q '0x80000010' <<<"$out" || fail "installed teaperf report: $out"

out=$(run "$bin/teasim" "$hello" 2>&1)
grep -q 'hello: ok' <<<"$out" || fail "installed teasim on the ISS: $out"
out=$(run "$bin/teasim" --rtl "$hello" 2>&1)
grep -q 'hello: ok' <<<"$out" || fail "installed teasim --rtl: $out"
# teaperf runs the teasim beside it (none is on PATH), which finds its RTL.
out=$(run "$bin/teaperf" record --sim -c 200 -o run.tea "$hello" 2>&1) ||
	fail "installed teaperf record --sim: $out"
run "$bin/teaperf" stat run.tea >/dev/null 2>&1 || fail "installed teaperf stat of its recording"
# --linux without a folder: the image make install put in datadir/tea/linux.
out=$(run "$bin/teaperf" record --sim --linux --iss -c 100000 -o linux.tea /bin/hello 2>&1) ||
	fail "installed teaperf record --sim --linux (the installed image): $out"
run "$bin/teaperf" stat linux.tea >/dev/null 2>&1 || fail "installed teaperf stat of its Linux recording"

# A copy of teasim away from the tree finds the RTL library in the libdir
# it was installed for: make that path the staged one.
mkdir -p "$work/elsewhere/bin" && cp "$bin/teasim" "$work/elsewhere/bin/" &&
	ln -s "$dest$prefix" "$prefix" || exit 1
out=$(run "$work/elsewhere/bin/teasim" --rtl "$hello" 2>&1)
grep -q 'hello: ok' <<<"$out" || fail "teasim --rtl away from its tree, from the libdir: $out"
rm "$prefix"

# libpics through pkg-config, linked against the shared library.
cat >count.c <<'C'
#include <stdio.h>
#include <pics.h>

int main(int argc, char **argv)
{
	struct pics_error err;
	struct pics_sample_reader *r = pics_sample_reader_open(argv[argc - 1], &err);
	struct pics_sample s;
	int n = 0;

	while (r && pics_sample_reader_next(r, &s, &err) == 1)
		n++;
	printf("%d samples\n", n);
	return r ? 0 : 1;
}
C
pc=(env PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config)
flags=$("${pc[@]}" --cflags --libs libpics) || fail "pkg-config --cflags --libs libpics"
# shellcheck disable=SC2086
cc -std=c11 -Wall -Werror -o count count.c $flags || fail "cc count.c $flags"
out=$(LD_LIBRARY_PATH="$lib" ./count samples.tea 2>&1)
[ "$out" = "3 samples" ] || fail "a program on the installed libpics printed: $out"
LD_LIBRARY_PATH="$lib" ldd ./count | grep -q "$lib/libpics.so.0" || fail "count is not linked to libpics.so.0"

out=$(MANWIDTH=80 run man -l "$share/man/man1/teaperf-report.1" 2>&1)
grep -q -- '--sort' <<<"$out" || fail "man -l on the installed teaperf-report.1: $out"

# The installed completion, asking the installed teaperf on PATH.
complete_words() {
	env -i PATH="$bin:$path" bash -c 'complete() { :; }
		. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _teaperf
		echo "${COMPREPLY[*]}"' _ "$share/bash-completion/completions/teaperf" "$@"
}
out=$(complete_words teaperf re)
[ "$out" = "record report" ] || fail "completing 'teaperf re' gave: $out"
out=$(complete_words teaperf report --so)
[ "$out" = "--sort" ] || fail "completing 'teaperf report --so' gave: $out"

cd "$work" || exit 1
"$make" -C "$root" --no-print-directory "${vars[@]}" uninstall || fail "make uninstall"
left=$(find "$dest" -mindepth 1)
[ -z "$left" ] || fail "make uninstall left: $left"

[ $failed -eq 0 ] && echo "install: installed, ran and uninstalled"
exit $failed
