#!/usr/bin/env bash
# One workload of the accuracy evaluation: a single RTL simulation writes the
# golden reference and the samples of TEA, NCI, IBS, SPE and RIS, all taken
# in the same cycles; each is then compared with the golden reference
# restricted to its own events (teaperf compare). Prints one line:
#   NAME CYCLES SAMPLES LOST  TEA NCI IBS SPE RIS (instruction level, %)
#   TEA NCI IBS SPE RIS (function level, %)
# usage: eval-one.sh TEASIM TEAPERF PERIOD OUT_DIR PROGRAM.elf
set -euo pipefail
teasim=$1 teaperf=$2 period=$3 out=$4 prog=$5
name=$(basename "$prog" .elf)
name=${name%-small}
mkdir -p "$out"
base=$out/$name
if ! "$teasim" --rtl -q --tea-samples "$base.tea.tea" --tea-period "$period" --tea-jitter 4 \
	--golden "$base.golden" --baselines "$base" "$prog" >"$base.out" 2>&1; then
	echo "eval: $name failed on the RTL:" >&2
	tail -3 "$base.out" >&2
	exit 1
fi
# header: "# FILE: scheme S, W-wide commit, period P cycles, N samples, L lost"
read -r samples lost < <("$teaperf" report --top 1 "$base.tea.tea" |
	awk 'NR == 1 { gsub(/,/, ""); print $(NF-3), $(NF-1) }')
cycles=$("$teaperf" report --top 1 "$base.golden" | awk 'NR == 2 { print $2 }')
insn=() func=()
for scheme in tea nci ibs spe ris; do
	"$teaperf" compare --reference "$base.golden" "$base.$scheme.tea" >"$base.$scheme.cmp"
	insn+=("$(awk '/^instruction-level error:/ { sub(/%/, "", $3); print $3 }' "$base.$scheme.cmp")")
	func+=("$(awk '/^function-level error:/ { sub(/%/, "", $3); print $3 }' "$base.$scheme.cmp")")
done
echo "$name $cycles $samples $lost ${insn[*]} ${func[*]}"
