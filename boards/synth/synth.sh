#!/bin/sh
# Synthesizes TOP for a Xilinx 7-series part with Yosys (synth_xilinx
# -flatten) and prints LUT, FF, BRAM and DSP counts; also writes them to OUT.
# Usage: synth.sh CONFIG TOP OUT_DIR   (CONFIG: default or large)
# The figures go to OUT_DIR/CONFIG.txt for tea_soc, else OUT_DIR/CONFIG-TOP.txt.
set -eu
config=$1
top=$2
outdir=$3
case "$config" in
default) defs= ;;
large) defs=-DTEA_CONFIG_LARGE ;;
*) echo "synth.sh: unknown config '$config' (default or large)" >&2; exit 2 ;;
esac

mkdir -p "$outdir"
log=$outdir/$config-$top.log
# Only the top's file is read; hierarchy finds the modules it uses by name
# in the rtl/ folders (one module per file), so files that are not part of
# the design cannot break the run.
topfile=$(ls rtl/*/"$top".sv rtl/*/*/"$top".sv 2>/dev/null | head -1)
if [ -z "$topfile" ]; then
	echo "synth.sh: no rtl/.../$top.sv" >&2
	exit 2
fi
libdirs=
for d in $(ls -d rtl/*/ rtl/*/*/); do
	libdirs="$libdirs -libdir $d"
done
start=$(date +%s)
if ! yosys -l "$log" -q -p "verilog_defaults -add -sv $defs -Irtl/include; \
	read_verilog $topfile; hierarchy -top $top $libdirs; synth_xilinx -flatten -top $top; tee -o $outdir/$config-$top.stat stat" \
	>/dev/null 2>&1; then
	tail -20 "$log" >&2
	echo "synth.sh: yosys failed, log in $log" >&2
	exit 1
fi
secs=$(($(date +%s) - start))
# The SoC's figures are <config>.txt; another top's <config>-<top>.txt.
txt=$config.txt
[ "$top" = tea_soc ] || txt=$config-$top.txt

# Sums the stat lines of cells whose names match the pattern.
count() {
	awk -v pat="$1" '$1 ~ pat && $2 ~ /^[0-9]+$/ { n += $2 } END { print n + 0 }' \
		"$outdir/$config-$top.stat"
}
luts=$(count '^LUT[1-6]$')
lutram=$(count '^RAM(32|64|128|256)')
ffs=$(count '^FD[CPRSE]*$')
ramb18=$(count '^RAMB18')
ramb36=$(count '^RAMB36')
dsps=$(count '^DSP48')
carry=$(count '^CARRY4$')

{
	printf 'synth_xilinx (7-series), top %s, config %s, %s s\n' "$top" "$config" "$secs"
	printf '%-10s %8s\n' LUT "$luts" LUTRAM "$lutram" FF "$ffs" RAMB18 "$ramb18" \
		RAMB36 "$ramb36" DSP48 "$dsps" CARRY4 "$carry"
} | tee "$outdir/$txt"
