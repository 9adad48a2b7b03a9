# Shell functions that read the case studies' files (sourced by run.sh and
# tests/casestudies/check.sh).

# "cycles in the loop" as program $2 printed it into OUT_DIR $1.
loop_cycles() { sed -n 's/.*, \([0-9]*\) cycles in the loop$/\1/p' "$1/$2.out"; }

# From the annotate listing $1: "MNEMONIC SHARE% (STACK)" of its heaviest
# instruction, or of its heaviest one with mnemonic $2 when given.
heaviest_insn() {
	awk -v m="${2-}" '($4 == m || m == "") && $1 ~ /%$/ {
		v = $1; sub(/%/, "", v)
		if (v + 0 <= best)
			next
		best = v + 0; mnemonic = $4; share = $1
		$1 = ""; $2 = ""; $3 = ""; $4 = ""; $5 = ""; sub(/^ +/, "")
		line = mnemonic " " share " (" $0 ")"
	} END { print line }' "$1"
}
