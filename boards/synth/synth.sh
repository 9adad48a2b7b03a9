#!/bin/sh
# Synthesizes TOP for a Xilinx 7-series part with Yosys (synth_xilinx
# -flatten) and prints LUT, FF, BRAM and DSP counts; also writes them to a
# file in OUT_DIR.
# Usage: synth.sh CONFIG TOP OUT_DIR [TEA]
#   CONFIG: default or large; TEA: on (default) or off (-DTEA_OFF).
# The figures go to OUT_DIR/NAME.txt, NAME being CONFIG, then -notea when
# TEA is off, then -TOP unless TOP is tea_soc (default.txt,
# default-notea.txt, large-notea-tea_core.txt, ...). Exits non-zero with the
# end of the Yosys log when Yosys fails.
set -eu
if [ $# -lt 3 ]; then
	echo "usage: synth.sh CONFIG TOP OUT_DIR [on|off]" >&2
	exit 2
fi
config=$1
top=$2
outdir=$3
tea=${4:-on}
case "$config" in
default) defs= ;;
large) defs=-DTEA_CONFIG_LARGE ;;
*) echo "synth.sh: unknown config '$config' (default or large)" >&2; exit 2 ;;
esac
name=$config
case "$tea" in
on) ;;
off) defs="$defs -DTEA_OFF"; name=$name-notea ;;
*) echo "synth.sh: unknown TEA '$tea' (on or off)" >&2; exit 2 ;;
esac
[ "$top" = tea_soc ] || name=$name-$top

if ! command -v yosys >/dev/null 2>&1; then
	echo "synth.sh: yosys not found (make deps installs it)" >&2
	exit 1
fi
mkdir -p "$outdir"
log=$outdir/$name.log
stat=$outdir/$name.stat
txt=$outdir/$name.txt
rm -f "$log" "$stat" "$txt"
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
	read_verilog $topfile; hierarchy -check -top $top $libdirs; \
	synth_xilinx -flatten -top $top; tee -o $stat stat" \
	>/dev/null 2>&1 || [ ! -s "$stat" ]; then
	[ -f "$log" ] && tail -20 "$log" >&2
	echo "synth.sh: yosys failed on $top ($name), log in $log" >&2
	exit 1
fi
secs=$(($(date +%s) - start))

# Sums the stat lines of cells whose names match the pattern.
count() {
	awk -v pat="$1" '$1 ~ pat && $2 ~ /^[0-9]+$/ { n += $2 } END { print n + 0 }' "$stat"
}
luts=$(count '^LUT[1-6]$')
lutram=$(count '^RAM(32|64|128|256)')
srl=$(count '^SRL')
ffs=$(count '^FD[CPRSE]*$')
ramb18=$(count '^RAMB18')
ramb36=$(count '^RAMB36')
dsps=$(count '^DSP48')
carry=$(count '^CARRY4$')

{
	printf 'synth_xilinx (7-series), top %s, config %s, TEA %s, %s s\n' \
		"$top" "$config" "$tea" "$secs"
	printf '%-10s %8s\n' LUT "$luts" LUTRAM "$lutram" SRL "$srl" FF "$ffs" \
		RAMB18 "$ramb18" RAMB36 "$ramb36" DSP48 "$dsps" CARRY4 "$carry"
} | tee "$txt"
