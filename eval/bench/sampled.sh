#!/usr/bin/env bash
# Sampled simulation against the full detailed run (docs/teasim.md,
# "Sampled simulation"): for each program, one full RTL run with the
# golden reference, then a sampled run (--sample-every N --window W) at
# each warm-up U. Prints, per program:
#   <name>: <C> cycles, <I> instructions, <T> s
# and per warm-up:
#   <name> warmup <U>: estimated <E> cycles (<e>%, interval +-<h>%), function-level error <f>%, <t> s
# e: the estimate's error against the full run's cycles; h: the 99.7%
# interval's half-width the windows give; f: the windows' golden profile
# against the full run's (teaperf compare). Runs BENCH_JOBS programs at a
# time (default: the cores).
# usage: sampled.sh [-o OPTIONS] TEASIM TEAPERF N W "U1 U2 ..." PROGRAM.elf...
#   TEASIM: the teasim command, split at spaces ("build/bin/teasim --config large")
#   OPTIONS: more teasim options for the sampled runs only ("--cold-windows")
set -euo pipefail
opts=
while getopts o: opt; do
	case $opt in
	o) opts=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
sim=$1 teaperf=$2 every=$3 window=$4 warmups=$5
shift 5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=${BENCH_JOBS:-$(nproc)}

# seconds of wall time of "$@", its stderr in $err
timed() { # err, command...
	local err=$1 t0
	shift
	t0=$EPOCHREALTIME
	"$@" >/dev/null 2>"$err" || { echo "sampled.sh: $* failed: $(tail -c 300 "$err")" >&2; return 1; }
	awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }'
}

one() { # program
	local elf=$1 name
	name=$(basename "$elf" .elf)
	local d=$work/$name
	mkdir -p "$d"
	local t cycles insns
	# shellcheck disable=SC2086
	t=$(timed "$d/full.err" $sim --rtl -v --golden "$d/full.prof" "$elf")
	read -r insns cycles < <(grep -o '[0-9]* instructions in [0-9]* cycles' "$d/full.err" |
		awk '{ print $1, $4 }')
	printf '%s: %s cycles, %s instructions, %.1f s\n' "$name" "$cycles" "$insns" "$t" >"$d/out"
	for u in $warmups; do
		# shellcheck disable=SC2086
		t=$(timed "$d/s$u.err" $sim --rtl -v $opts --sample-every "$every" --window "$window" \
			--warmup "$u" --golden "$d/s$u.prof" "$elf")
		local est half func
		est=$(grep -o 'estimated [0-9]* cycles' "$d/s$u.err" | awk '{ print $2 }')
		half=$(grep -o '(99.7%, [0-9.]*%)' "$d/s$u.err" | tr -d '(%)' | awk '{ print $2 }')
		func=$("$teaperf" compare --reference "$d/full.prof" "$d/s$u.prof" |
			awk '/^function-level error/ { sub("%", "", $3); print $3 }')
		printf '%s warmup %s: estimated %s cycles (%+.2f%%, interval +-%s%%), function-level error %s%%, %.1f s\n' \
			"$name" "$u" "$est" "$(awk -v e="$est" -v c="$cycles" 'BEGIN { print 100 * (e - c) / c }')" "$half" \
			"$func" "$t" >>"$d/out"
	done
}

running=0
for elf in "$@"; do
	one "$elf" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait
for elf in "$@"; do
	cat "$work/$(basename "$elf" .elf)/out"
done
