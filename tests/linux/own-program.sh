#!/usr/bin/env bash
# Your own program under Linux in one command (docs/linux.md): programs
# built here the way anyone builds them, not by the project's makefiles
# (static glibc with Debian's riscv64-linux-gnu-gcc, and the kernel's
# nolibc), are given to `teaperf record --sim --linux` by a relative host
# path; the report names their functions with no --symfs. Then a path
# that is no RISC-V program, and one with a space, are refused in one
# line; --linux without a folder finds an installed image. Without TEASIM_ARGS on the ISS (--iss), with --rtl [--config C]
# on the RTL core.
# usage: own-program.sh LINUX_DIR TEAPERF [--rtl [--config C]]
set -u
here=$(cd "$(dirname "$0")" && pwd)
linux=$(realpath "$1") teaperf=$(realpath "$2")
shift 2
where=(--iss)
[ "${1:-}" = --rtl ] && { shift; where=("$@"); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
cd "$work" || exit 1

# shellcheck source=tests/linux/lib.sh
. "$here/lib.sh"

cat >own.c <<'EOF'
static volatile unsigned long sink;

__attribute__((noinline)) unsigned long own_busy_loop(unsigned long n)
{
	unsigned long a = 1, b = 3;

	for (unsigned long i = 0; i < n; i++) {
		a = a * 7 + b;
		b ^= a >> 5;
	}
	return a ^ b;
}

int main(int argc, char **argv)
{
	unsigned long rounds = 0;

	for (const char *d = argc > 1 ? argv[1] : "1"; *d >= '0' && *d <= '9'; d++)
		rounds = rounds * 10 + (unsigned long)(*d - '0');

	for (unsigned long r = 0; r < rounds; r++)
		sink += own_busy_loop(200000);
	return 0;
}
EOF
riscv64-linux-gnu-gcc -static -O2 -g -o own-glibc own.c
riscv64-linux-gnu-gcc -static -O2 -g -nostdlib -fno-asynchronous-unwind-tables \
	-I "$linux/sysroot/include" -include nolibc.h -o own-nolibc own.c -lgcc

for prog in own-glibc own-nolibc; do
	run "$prog" "$teaperf" record --sim --linux "$linux" "${where[@]}" -c 20000 -o "$prog.tea" \
		"./$prog" 3
	[ $status -eq 0 ] && [ -s "$prog.tea" ]
	check "teaperf record --sim --linux ./$prog 3 (status $status)" $? "$prog"
	run "$prog-report" "$teaperf" report --sort func "$prog.tea"
	top=$(grep -E '^ +[0-9.]+%' "$work/$prog-report.out" | head -1 | awk '{print $3}')
	[ $status -eq 0 ] && [ "$top" = own_busy_loop ] && [ ! -s "$work/$prog-report.err" ]
	check "teaperf report names ./$prog's function with no --symfs (top: ${top:-none})" $? \
		"$prog-report"
done

printf 'not a program\n' >text
run text "$teaperf" record --sim --linux "$linux" "${where[@]}" ./text
[ $status -eq 1 ] && [ "$(wc -l <"$work/text.err")" -eq 1 ] &&
	grep -q "not a 64-bit RISC-V executable" "$work/text.err" && [ ! -e teaperf.tea ]
check "a host file that is no RISC-V program: one line, status 1" $? text
mkdir -p "with space" && cp own-glibc "with space/own"
run space "$teaperf" record --sim --linux "$linux" "${where[@]}" "./with space/own"
[ $status -eq 2 ] && [ "$(wc -l <"$work/space.err")" -eq 1 ] && grep -q "space" "$work/space.err"
check "a program path with a space: one line, status 2" $? space

checks=6
# --linux without DIR (on the ISS: the default is the same on the RTL):
# the image installed beside teaperf, ../share/tea/linux, as make install
# lays it out; and one line when there is none.
if [ "${where[0]}" = --iss ]; then
	checks=8
	mkdir -p prefix/bin prefix/share/tea && cp "$teaperf" prefix/bin/teaperf &&
		ln -s "$(dirname "$teaperf")/teasim" prefix/bin/teasim &&
		ln -s "$linux" prefix/share/tea/linux || exit 1
	run default prefix/bin/teaperf record --sim --linux --iss -c 20000 -o default.tea ./own-nolibc 1
	[ $status -eq 0 ] && [ -s default.tea ]
	check "--linux without DIR boots the image in ../share/tea/linux beside teaperf (status $status)" \
		$? default
	rm prefix/share/tea/linux
	run nodefault prefix/bin/teaperf record --sim --linux --iss ./own-nolibc 1
	[ $status -eq 2 ] && [ "$(wc -l <"$work/nodefault.err")" -eq 1 ] &&
		grep -q "share/tea/linux: no Image and tea.cpio there" "$work/nodefault.err"
	check "--linux without DIR and no image installed: one line, status 2 (got $status)" $? nodefault
fi

echo "$((checks - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
