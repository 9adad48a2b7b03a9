#!/usr/bin/env bash
# make deb: Debian packages built with dpkg-deb from a staged make install
# (PREFIX=/usr): tea-sim (teasim, its RTL libraries, make linux's files
# for booting Linux on it) and tea-tools (teaperf, libpics, its header and
# pkg-config file, the other manual pages and the bash completion).
# usage: deb.sh MAKE BUILD VERSION
set -euo pipefail
make=$1 build=$2 version=$3
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
for pkg in tea-sim tea-tools; do
	dpkg-deb --root-owner-group -Zxz --build "$out/$pkg" "$out/${pkg}_${version}_$arch.deb" >/dev/null
	echo "  DEB     $out/${pkg}_${version}_$arch.deb"
done
rm -rf "$stage"
