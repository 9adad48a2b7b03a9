#!/usr/bin/env bash
# make deb: tea-sim and tea-tools are valid packages that share no file,
# each holding its own commands, and unpacked together (dpkg-deb -x, as
# no root is needed) the tools run from there: teaperf record --sim through
# the packaged teasim and its RTL library, report, teasim --rtl, man on a
# packaged page, pkg-config on the packaged libpics.pc. Where lintian is installed, the
# packages are lintian-clean but for the copyright file (the tree states
# no licence of its own yet). usage: deb.sh MAKE BUILD WORKDIR HELLO_ELF
set -u
make=$1 build=$2 work=$3 hello=$(realpath "$4")
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v dpkg-deb >/dev/null || { echo "dpkg-deb is missing"; exit 77; }
rm -rf "$work" && mkdir -p "$work/root" || exit 1
work=$(realpath "$work")
failed=0
fail() { echo "FAIL: $*"; failed=1; }

# a maintainer lintian takes for real, as a packager's DEBEMAIL would be
DEBFULLNAME="TEA packaging test" DEBEMAIL=tea-test@example.org \
	"$make" -C "$root" --no-print-directory BUILD="$build" deb || { echo "FAIL: make deb"; exit 1; }
sim=$(ls "$build"/deb/tea-sim_*.deb) tools=$(ls "$build"/deb/tea-tools_*.deb) || exit 1
for deb in "$sim" "$tools"; do
	dpkg-deb --info "$deb" >/dev/null || fail "$deb is no package"
	dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ {print $6}' >"$work/$(basename "$deb").files"
	dpkg-deb -x "$deb" "$work/root" || fail "dpkg-deb -x $deb"
done
grep -qx './usr/bin/teasim' "$work/$(basename "$sim").files" || fail "tea-sim has no teasim"
grep -q '^./usr/lib/tea/teasim-rtl-.*\.so$' "$work/$(basename "$sim").files" || fail "tea-sim has no RTL library"
grep -qx './usr/bin/teaperf' "$work/$(basename "$tools").files" || fail "tea-tools has no teaperf"
grep -qx './usr/lib/pkgconfig/libpics.pc' "$work/$(basename "$tools").files" || fail "tea-tools has no libpics.pc"
both=$(sort "$work"/*.files | uniq -d)
[ -z "$both" ] || fail "files in both packages: $both"
grep -q 'install-manifest' "$work"/*.files && fail "a package holds make install's manifest"
if command -v lintian >/dev/null; then
	out=$(lintian --tag-display-limit 0 --suppress-tags no-copyright-file "$sim" "$tools" 2>&1 |
		grep -v 'running with root privileges')
	[ -z "$out" ] || fail "lintian: $out"
else
	echo "lintian is not installed: the packages' lint is not checked"
fi

cd "$work" || exit 1
out=$(env -i PATH=/usr/bin:/bin "$work/root/usr/bin/teaperf" record --sim -c 200 -o run.tea "$hello" 2>&1) ||
	fail "packaged teaperf record --sim: $out"
env -i PATH=/usr/bin:/bin "$work/root/usr/bin/teaperf" stat run.tea >/dev/null 2>&1 ||
	fail "packaged teaperf stat of its recording"
out=$(env -i PATH=/usr/bin:/bin "$work/root/usr/bin/teaperf" report --no-symbols run.tea 2>&1)
grep -q '^# run.tea: scheme TEA' <<<"$out" || fail "packaged teaperf report: $out"
out=$(env -i PATH=/usr/bin:/bin "$work/root/usr/bin/teasim" --rtl "$hello" 2>&1)
grep -q 'hello: ok' <<<"$out" || fail "packaged teasim --rtl: $out"
out=$(MANWIDTH=80 man -l "$work/root/usr/share/man/man1/teaperf-report.1.gz" 2>&1)
grep -q -- '--sort' <<<"$out" || fail "man -l on the packaged teaperf-report.1.gz: $out"
out=$(PKG_CONFIG_PATH="$work/root/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$work/root" \
	pkg-config --cflags --libs libpics 2>&1)
grep -q -- "-I$work/root/usr/include/tea" <<<"$out" || fail "pkg-config on the packaged libpics.pc: $out"

[ $failed -eq 0 ] && echo "deb: $(basename "$sim") and $(basename "$tools") built, disjoint, and run unpacked"
exit $failed
