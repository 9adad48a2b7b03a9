#!/usr/bin/env bash
# The TEA driver in the kernel's style, checked inside the kernel tree as a
# submission would be (scripts/checkpatch.pl --strict, not --no-tree), with
# the driver's device-tree binding (driver/tea_pmu/bindings/) and the "tea"
# vendor prefix in the tree's bindings, so that checkpatch can check the
# driver's compatible string against them. The tree is the build's
# extracted copy; only these two documentation files change.
# usage: checkpatch.sh LINUX_SRC
set -eu
src=$1
top=$(pwd)
bindings=$src/Documentation/devicetree/bindings
cp "driver/tea_pmu/bindings/tea,sampler.yaml" "$bindings/perf/tea,sampler.yaml"
if ! grep -q '^  "\^tea,\.\*":' "$bindings/vendor-prefixes.yaml"; then
	sed -i 's/^  "\^technexion,\.\*":/  "^tea,.*":\n    description: TEA, Time-Proportional Event Analysis\n&/' \
		"$bindings/vendor-prefixes.yaml"
fi
cd "$src"
for f in tea_pmu_core.c tea_pmu_aux.c tea_pmu.h; do
	perl scripts/checkpatch.pl --strict -f "$top/driver/tea_pmu/$f"
done
perl scripts/checkpatch.pl --strict -f "$top/driver/tea_pmu/bindings/tea,sampler.yaml"
