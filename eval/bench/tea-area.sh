#!/bin/sh
# What TEA's hardware costs: the SoC synthesized with TEA and without it
# (-DTEA_OFF: no sampler, the PSV registers tied to zero), its LUTs and
# flip-flops in both and the difference. The flip-flops are exact; the
# LUTs move by a few hundred between runs of ABC on a design this size.
# usage: tea-area.sh CONFIG OUT_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: tea-area.sh CONFIG OUT_DIR" >&2; exit 2; }
config=$1 out=$2
sh "$(dirname "$0")/../../boards/synth/synth.sh" "$config" tea_soc "$out" on >/dev/null
sh "$(dirname "$0")/../../boards/synth/synth.sh" "$config" tea_soc "$out" off >/dev/null
awk -v config="$config" '
	FILENAME ~ /-notea\.txt$/ { off[$1] = $2; next }
	{ on[$1] = $2 }
	END {
		printf "tea_soc, config %s  %9s %9s %9s\n", config, "TEA on", "TEA off", "added"
		n = split("LUT FF", what, " ")
		for (i = 1; i <= n; i++) {
			w = what[i]
			printf "%-22s %9d %9d %9d (%.1f%%)\n", w, on[w], off[w], on[w] - off[w],
				100 * (on[w] - off[w]) / off[w]
		}
	}' "$out/$config.txt" "$out/$config-notea.txt"
