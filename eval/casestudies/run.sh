#!/usr/bin/env bash
# Runs case-study variants (eval/casestudies/casestudies.mk) on the RTL,
# each with TEA, the golden reference and the baselines sampling the same
# cycles, and prints a report in Markdown: the cycles of each variant's
# loop, and what TEA and IBS say of the loop's instructions.
# Files per variant in OUT_DIR: NAME.out (the program's output), NAME.tea,
# NAME.golden, NAME.{nci,ibs,spe,ris}.tea, NAME.{tea,ibs}.annotate, and
# NAME.{tea,ibs}.svg (teaperf plot of the ten heaviest instructions).
# usage: run.sh TEASIM TEAPERF PERIOD OUT_DIR VARIANT...
#   TEASIM: the teasim command, split at spaces so that it may carry options
#   ("build/bin/teasim --config large")
set -euo pipefail
. "$(dirname "$0")/listing.sh"
teasim=$1 teaperf=$2 period=$3 out=$4
shift 4

# The loop's function in each program.
loop_of() { case $1 in flush*) echo walk ;; nab*) echo energy ;; *) echo stream ;; esac; }
run_cycles() { "$teaperf" report --top 1 "$out/$1.golden" | awk 'NR == 2 { print $2 }'; }
# "SHARE% (STACK)" of the heaviest instruction with mnemonic $2 in listing $1
insn_line() { heaviest_insn "$1" "$2" | cut -d' ' -f2-; }

for v in "$@"; do
	elf=$out/$v.elf
	# shellcheck disable=SC2086 # TEASIM may carry options
	$teasim --rtl -q --tea-samples "$out/$v.tea" --tea-period "$period" --tea-jitter 4 \
		--golden "$out/$v.golden" --baselines "$out/$v" "$elf" >"$out/$v.out" 2>&1 || {
		echo "casestudies: $v failed on the RTL:" >&2
		tail -3 "$out/$v.out" >&2
		exit 1
	}
	for s in tea ibs; do
		f=$out/$v.tea
		[ "$s" = tea ] || f=$out/$v.$s.tea
		"$teaperf" annotate --no-source --symbol "$(loop_of "$v")" -i "$f" >"$out/$v.$s.annotate"
		"$teaperf" plot --top 10 -i "$f" -o "$out/$v.$s.svg"
	done
done

speedup() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", b ? a / b : 0 }'; }

have() { for v in "$@"; do [ -f "$out/$v.out" ] || return 1; done; }

# listing FUNCTION VARIANT SCHEME: an annotate listing in the report.
listing() {
	echo "\`teaperf annotate --no-source --symbol $1\` of $2, ${3^^}:"
	echo
	echo '```'
	sed "s|$out/||g" "$out/$2.$3.annotate"
	echo '```'
	echo
}

# before_after NAME TITLE: a study of NAME and NAME-fixed: the loop's
# cycles, and TEA's and IBS's listings of its function.
before_after() {
	local before after fn
	have "$1" "$1-fixed" || return 0
	before=$(loop_cycles "$out" "$1") after=$(loop_cycles "$out" "$1-fixed")
	fn=$(loop_of "$1")
	echo "## $2 ($1, $1-fixed)"
	echo
	echo "| variant | cycles in the loop | cycles of the run | speedup of the loop |"
	echo "|---|---|---|---|"
	echo "| $1 | $before | $(run_cycles "$1") | |"
	echo "| $1-fixed | $after | $(run_cycles "$1-fixed") | $(speedup "$before" "$after") |"
	echo
	listing "$fn" "$1" tea
	listing "$fn" "$1" ibs
	listing "$fn" "$1-fixed" tea
}

before_after flush "A flushing instruction before a missing load"
before_after nab "FP flags saved and restored around a square root"

sweep=()
for v in "$@"; do
	case $v in prefetch-d*) sweep+=("$v") ;; esac
done
if [ ${#sweep[@]} -gt 0 ] && have prefetch-d0; then
	base=$(loop_cycles "$out" prefetch-d0)
	echo "## Software prefetching in a streaming loop (prefetch-dN)"
	echo
	echo "TEA's view of the loop's load and store: share of the loop's cycles (stack)."
	echo
	echo "| variant | cycles in the loop | speedup | load (TEA) | store (TEA) | load (IBS) | store (IBS) |"
	echo "|---|---|---|---|---|---|---|"
	for v in "${sweep[@]}"; do
		c=$(loop_cycles "$out" "$v")
		echo "| $v | $c | $(speedup "$base" "$c") |" \
			"$(insn_line "$out/$v.tea.annotate" ld) | $(insn_line "$out/$v.tea.annotate" sd) |" \
			"$(insn_line "$out/$v.ibs.annotate" ld) | $(insn_line "$out/$v.ibs.annotate" sd) |"
	done
	echo
	listing stream prefetch-d0 tea
	listing stream prefetch-d0 ibs
	for v in prefetch-d4 prefetch-d4w; do
		if have "$v"; then
			listing stream "$v" tea
		fi
	done
fi
