#!/usr/bin/env bash
# The first run on a fresh machine: nothing the install step provides may be
# used before that step has run. Every command of the Debian packages that
# scripts/install-deps.sh installs (but make and the host compiler, which a
# fresh machine has) is replaced by a shim that fails, as a missing command
# would, until the build's install stamp exists, and logs the call. Then:
# 1. make reads the makefiles for every main goal (`make -q`): no call;
# 2. a build from an empty build directory of everything `make demo` needs:
#    it must succeed, with no call before the install step.
# usage: first-run.sh MAKE BUILD_DIR
set -eu
make=$1 build=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "first-run: FAIL: $*"; exit 1; }

rm -rf "$build"
mkdir -p "$build/shims"
stamp=$build/tree/.deps-ok
log=$build/early-calls.log
: >"$log"

packages=$(sed -n '/^packages=(/,/^)/p' "$here/scripts/install-deps.sh" | sed '1d;$d')
n=0
for pkg in $packages; do
	case $pkg in make|gcc|g++) continue ;; esac
	for cmd in $(dpkg -L "$pkg" 2>/dev/null | grep -E '^/usr/s?bin/[^/]+$'); do
		[ -x "$cmd" ] || continue
		name=$(basename "$cmd")
		case $name in gcc-*|g++-*|cpp*|*-linux-gnu-*) continue ;; esac
		cat >"$build/shims/$name" <<SHIM
#!/bin/sh
[ -e "$stamp" ] && exec "$cmd" "\$@"
echo "$name \$*" >>"$log"
exit 127
SHIM
		chmod +x "$build/shims/$name"
		n=$((n + 1))
	done
done
[ "$n" -gt 20 ] || fail "only $n commands found in the packages (is dpkg there?)"
for cmd in verilator yosys riscv64-unknown-elf-gcc dtc qemu-system-riscv64; do
	[ -x "$build/shims/$cmd" ] || fail "no shim for $cmd"
done
echo "first-run: $n commands shimmed"

export PATH="$build/shims:$PATH"
cd "$here"
for goal in all demo test test-long eval bench; do
	"$make" -q --no-print-directory BUILD="$build/tree" "$goal" >/dev/null 2>&1 || true
done
[ ! -s "$log" ] || { cat "$log"; fail "reading the makefiles ran an installed command"; }
echo "first-run: reading the makefiles runs no installed command"

"$make" --no-print-directory -j2 BUILD="$build/tree" all \
	"$build/tree/workloads/hash-demo.elf" >"$build/make.log" 2>&1 ||
	{ tail -20 "$build/make.log"; fail "the first build failed"; }
[ ! -s "$log" ] || { cat "$log"; fail "the build ran an installed command before the install step"; }
[ -x "$build/tree/bin/teasim" ] && [ -x "$build/tree/bin/teaperf" ] &&
	[ -f "$build/tree/lib/teasim-rtl-default.so" ] || fail "no teasim, teaperf or RTL backend"
echo "first-run: the first build succeeded, every installed command used after the install step"
rm -rf "$build/tree"
