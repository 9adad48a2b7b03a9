#!/bin/sh
# Checks a board's pins: every bit of every port of its top
# (boards/B/B_top.sv) has a package pin, in B.xdc or in the MIG's mig.prj,
# every constrained pin is a port bit of the top, and no package pin is
# used twice. Prints what differs; exits 1 when anything does.
# Usage: check-pins.sh BOARD_DIR
set -eu
dir=$1
board=$(basename "$dir")
top=$dir/${board}_top.sv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The top's port bits: "name" or "name[i]" for a vector.
sed -n '/^module /,/^);/p' "$top" |
	awk '$1 ~ /^(input|output|inout)$/ {
		sub(/\/\/.*/, "")
		gsub(/,/, "")
		name = $NF
		if (match($0, /\[[0-9]+:[0-9]+\]/)) {
			split(substr($0, RSTART + 1, RLENGTH - 2), r, ":")
			for (i = r[2]; i <= r[1]; i++) print name "[" i "]"
		} else print name
	}' | sort >"$tmp/ports"

# Constrained port bits and their package pins, from the .xdc ...
sed -n 's/.*PACKAGE_PIN \([A-Z0-9]*\).*get_ports {\{0,1\}\([A-Za-z0-9_]*\(\[[0-9]*\]\)\{0,1\}\)}\{0,1\}\].*/\2 \1/p' \
	"$dir/$board.xdc" >"$tmp/pins"
# ... and from the MIG's project file.
if [ -f "$dir/mig.prj" ]; then
	sed -n 's/.*<Pin name="\([^"]*\)" PADName="\([^"]*\)".*/\1 \2/p' "$dir/mig.prj" >>"$tmp/pins"
fi
awk '{ print $1 }' "$tmp/pins" | sort >"$tmp/constrained"

status=0
# A scalar port constrained as name[0] (a [0:0] vector) is the same bit.
missing=$(comm -23 "$tmp/ports" "$tmp/constrained")
extra=$(comm -13 "$tmp/ports" "$tmp/constrained")
if [ -n "$missing" ]; then
	echo "$board: ports without a pin:" $missing
	status=1
fi
if [ -n "$extra" ]; then
	echo "$board: pins constrained for no port:" $extra
	status=1
fi
twice=$(awk '{ print $2 }' "$tmp/pins" | sort | uniq -d)
if [ -n "$twice" ]; then
	echo "$board: package pins used twice:" $twice
	status=1
fi
dup=$(sort "$tmp/constrained" | uniq -d)
if [ -n "$dup" ]; then
	echo "$board: ports constrained twice:" $dup
	status=1
fi
[ $status -ne 0 ] || echo "$board: $(wc -l <"$tmp/ports") port bits, each on its own pin"
exit $status
