#!/usr/bin/env bash
# make deb: Debian packages built with dpkg-deb from a staged make install
# (PREFIX=/usr): tea-sim (teasim, its RTL libraries, make linux's files
# for booting Linux on it) and tea-tools (teaperf, libpics, its header and
# pkg-config file, the other manual pages and the bash completion).
# usage: deb.sh MAKE BUILD VERSION SONAME_MAJOR (libpics')
set -euo pipefail
make=$1 build=$2 version=$3 so_major=$4
root=$(cd "$(dirname "$0")/.." && pwd)
out=$build/deb
stage=$out/stage
arch=$(dpkg --print-architecture)
# Who built the packages, as Debian's own tools name them: DEBFULLNAME and
# DEBEMAIL, else the local user at this host.
user=$(id -un)
maintainer="${DEBFULLNAME:-$user} <${DEBEMAIL:-$user@$(hostname -f 2>/dev/null || hostname)}>"

rm -rf "$out" && mkdir -p "$stage"
# Its own copy of the installed teasim (INSTALL_DIR), so that a make
# install for another libdir running beside it does not relink this one.
"$make" -C "$root" --no-print-directory BUILD="$build" INSTALL_DIR="$build/deb-install" \
	DESTDIR="$(realpath "$stage")" PREFIX=/usr install >/dev/null
# dpkg keeps its own list of a package's files: not install's manifest.
rm "$stage/usr/share/tea/install-manifest"
# Debian compresses manual pages.
find "$stage/usr/share/man" -type f -exec gzip -9n {} +
# and strips the host's programs and libraries (the target's files under
# share/tea/linux keep their symbols: reports read them).
for f in "$stage"/usr/bin/* "$stage"/usr/lib/libpics.so.0 "$stage"/usr/lib/tea/*.so; do
	strip --strip-unneeded --remove-section=.comment --remove-section=.note "$f"
done

# move PKG PATH...: PATH (under the stage) into package PKG's tree.
move() {
	local pkg=$1 path
	shift
	for path in "$@"; do
		[ -e "$stage/$path" ] || continue
		mkdir -p "$out/$pkg/$(dirname "$path")"
		mv "$stage/$path" "$out/$pkg/$path"
	done
}
move tea-sim usr/bin/teasim usr/lib/tea usr/share/man/man1/teasim.1.gz usr/share/tea/linux
move tea-tools usr/bin/teaperf usr/lib usr/include usr/share/man usr/share/bash-completion
left=$(find "$stage" -type f -o -type l)
[ -z "$left" ] || { echo "deb: files in no package: $left" >&2; exit 1; }

# What every package has: its changelog (a native package's) and
# lintian's overrides, each with why. (No copyright file: the tree does
# not yet state a licence of its own to put in one.)
doc() {
	mkdir -p "$out/$1/usr/share/doc/$1" "$out/$1/usr/share/lintian/overrides"
	printf '%s (%s) unstable; urgency=medium\n\n  * Built from the TEA tree by make deb.\n\n -- %s  %s\n' \
		"$1" "$version" "$maintainer" "$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}")" |
		gzip -9n >"$out/$1/usr/share/doc/$1/changelog.gz"
	cat >"$out/$1/usr/share/lintian/overrides/$1"
}
# The target's Linux image, programs and vmlinux are RISC-V files for the
# simulated machine, data to the host, and keep their symbols for reports.
doc tea-sim <<OVERRIDES
tea-sim: arch-dependent-file-in-usr-share [usr/share/tea/linux/*]
tea-sim: binary-from-other-architecture [usr/share/tea/linux/*]
tea-sim: statically-linked-binary [usr/share/tea/linux/*]
tea-sim: unstripped-binary-or-object [usr/share/tea/linux/*]
OVERRIDES
# libpics ships inside the tools (one small library, no separate ABI
# promise yet): no libpics0/libpics-dev split, and its pkg-config file in
# the plain libdir, as make install puts it.
doc tea-tools <<OVERRIDES
tea-tools: package-name-doesnt-match-sonames libpics0
tea-tools: link-to-shared-library-in-wrong-package usr/lib/libpics.so.0 [usr/lib/libpics.so]
tea-tools: pkg-config-unavailable-for-cross-compilation [usr/lib/pkgconfig/libpics.pc]
OVERRIDES
# control PKG DEPENDS RECOMMENDS DESCRIPTION
control() {
	mkdir -p "$out/$1/DEBIAN"
	cat >"$out/$1/DEBIAN/control" <<CONTROL
Package: $1
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$out/$1" | cut -f1)
Section: devel
Priority: optional
Depends: $2
Recommends: $3
Description: $4
CONTROL
}
control tea-sim "libc6, libfdt1, libelf1, libdw1, libstdc++6, libgcc-s1" "opensbi" \
	"TEA SoC simulator: reference ISS and RTL co-simulation with TEA sampling
 teasim runs RISC-V programs and Linux on the reference ISS, or on the
 Verilated RTL of the out-of-order core (one library per configuration)
 checked against the ISS, writing TEA samples and golden profiles."
control tea-tools "libc6, libfdt1, libelf1, libdw1" "tea-sim, binutils-riscv64-unknown-elf" \
	"TEA profiler: per-instruction cycle stacks from TEA samples
 teaperf records, reports, annotates, plots and compares TEA sample files
 and profiles in the manner of perf; libpics reads and writes them."
# libpics.so.0: its shlibs entry, and ldconfig after install and removal.
echo "libpics $so_major tea-tools (>= $version)" >"$out/tea-tools/DEBIAN/shlibs"
echo "activate-noawait ldconfig" >"$out/tea-tools/DEBIAN/triggers"
for pkg in tea-sim tea-tools; do
	dpkg-deb --root-owner-group -Zxz --build "$out/$pkg" "$out/${pkg}_${version}_$arch.deb" >/dev/null
	echo "  DEB     $out/${pkg}_${version}_$arch.deb"
done
rm -rf "$stage"
