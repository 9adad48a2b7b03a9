#!/usr/bin/env bash
# The TEA driver against a kernel without driver/linux/perf-exports.patch
# (TEA_BUFFER_ONLY, as Kbuild builds it there): it needs no symbol that
# the patch exports, only what Linux exports anyway; loaded in place of
# the image's driver it records a command in buffer mode, and refuses
# interrupt mode in one line.
# usage: module-unpatched.sh LINUX_DIR BUFFER_ONLY_MODULE TEAPERF TEASIM [TEASIM OPTIONS...]
set -u
linux=$1 module=$2 teaperf=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/host"
fails=0
# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"

# Every symbol it takes from the kernel is one the kernel exports, and
# none is one of the patch's.
nm -u "$module" | awk '{ print $2 }' | sort >"$work/needs"
awk '{ print $2 }' "$linux/obj/Module.symvers" | sort >"$work/exported"
patched=$(sed -n 's/^+EXPORT_SYMBOL_GPL(\(.*\));$/\1/p' driver/linux/perf-exports.patch | tr '\n' ' ')
missing=$(comm -23 "$work/needs" "$work/exported" | tr '\n' ' ')
from_patch=$(grep -xF -f <(tr ' ' '\n' <<<"$patched" | grep .) "$work/needs" | tr '\n' ' ')
[ -s "$work/needs" ] && [ -n "$patched" ] && [ -z "$missing" ] && [ -z "$from_patch" ]
check "the module needs no symbol of the patch ($patched), none the kernel lacks (${missing:-none}; from the patch: ${from_patch:-none})" $? none

# The image with this driver in place of its own: init loads it.
printf 'file /lib/modules/tea_pmu.ko %s 0644 0 0\n' "$(realpath "$module")" >"$work/overlay.list"
"$linux/gen_init_cpio" "$work/overlay.list" >"$work/overlay.cpio" &&
	cat "$linux/tea.cpio" "$work/overlay.cpio" >"$work/image.cpio"
check "the overlay is built with gen_init_cpio" $? none

run unpatched "$@" --kernel "$linux/Image" --initrd "$work/image.cpio" --host-dir "$work/host" \
	--append "console=ttyS0 earlycon panic=-1 oops=panic -- \
/bin/teaperf record -c 20000 -o host:b.tea /bin/loop 4000 ; \
/bin/teaperf record --mode interrupt -c 20000 -o host:i.tea /bin/loop 100"
line=$(grep -E '^teaperf: [0-9]+ samples of /bin/loop in host:b.tea \(buffer mode\)' "$work/unpatched.out")
head=$("$teaperf" report --no-symbols "$work/host/b.tea" 2>&1 | head -1)
n=$(sed -E 's/^teaperf: ([0-9]+) samples.*/\1/' <<<"$line")
[ "${n:-0}" -ge 20 ] && grep -qF ", $n samples, " <<<"$head"
check "buffer mode records the command (${n:-no} samples; $head)" $? unpatched
[ $status -eq 1 ] && has unpatched "teaperf: perf_event_open: the driver has buffer mode only" &&
	[ ! -e "$work/host/i.tea" ]
check "interrupt mode is refused in one line, status 1, no file (got $status)" $? unpatched

[ $fails -eq 0 ]
