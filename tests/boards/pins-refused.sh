#!/bin/sh
# boards/check-pins.sh must refuse a board whose constraints lost a port's
# pin, and one whose pin is constrained twice: it is run on copies of the
# Genesys2's folder with one LED line removed, then one LED's pin given to
# another.
# Usage: pins-refused.sh WORK_DIR
set -eu
work=$1
rm -rf "$work"
mkdir -p "$work"
cp -r boards/genesys2 "$work/genesys2"
xdc=$work/genesys2/genesys2.xdc
grep -v 'get_ports {led\[3\]}' boards/genesys2/genesys2.xdc >"$xdc"
if out=$(sh boards/check-pins.sh "$work/genesys2"); then
	echo "FAIL: a board without led[3]'s pin passed: $out"
	exit 1
fi
echo "$out"
printf '%s\n' "$out" | grep -q 'ports without a pin: led\[3\]' || { echo "FAIL: not named"; exit 1; }
sed 's/PACKAGE_PIN V19 /PACKAGE_PIN T28 /' boards/genesys2/genesys2.xdc >"$xdc"
if out=$(sh boards/check-pins.sh "$work/genesys2"); then
	echo "FAIL: a board with T28 used twice passed: $out"
	exit 1
fi
echo "$out"
printf '%s\n' "$out" | grep -q 'package pins used twice: T28' || { echo "FAIL: not named"; exit 1; }
echo "check-pins.sh refuses both"
