#!/bin/sh
# teasim --period-sweep: the sweep's samplers are the sampler's model with a
# debug port of their own, so at the RTL sampler's period they must write
# exactly the RTL sampler's samples and baselines; at another period a
# different set. Also --stall-lengths, and the usage errors of both.
# usage: period-sweep.sh TEASIM PROGRAM.elf OUT_DIR
#   TEASIM: the teasim command, split at spaces so that it may carry options
#   ("build/bin/teasim --config large")
set -eu
teasim=$1 prog=$2 out=$3
mkdir -p "$out"
rm -f "$out"/s.*
fail() { echo "period-sweep: FAIL: $*"; exit 1; }

# shellcheck disable=SC2086 # TEASIM may carry options
$teasim --rtl -q --tea-samples "$out/s.tea.tea" --tea-period 97 --tea-jitter 4 \
	--golden "$out/s.golden" --stall-lengths "$out/s.stalls" \
	--baselines "$out/s" --period-sweep 97,400 "$prog" >"$out/s.out"
for scheme in tea nci ibs spe ris; do
	cmp -s "$out/s.$scheme.tea" "$out/s.p97.$scheme.tea" ||
		fail "$scheme at period 97: the sweep differs from the RTL sampler's run"
	[ -s "$out/s.p400.$scheme.tea" ] || fail "no $scheme samples at period 400"
	! cmp -s "$out/s.$scheme.tea" "$out/s.p400.$scheme.tea" ||
		fail "$scheme at period 400 equals period 97"
done
# stall lengths: a comment, then "LENGTH NO_EVENT EVENT" lines, lengths rising
awk 'NR == 1 { if ($1 != "#") exit 1; next }
	NF != 3 || $1 <= prev || $2 + $3 == 0 { exit 1 }
	{ prev = $1; n++ } END { exit n ? 0 : 1 }' "$out/s.stalls" ||
	fail "malformed stall lengths"

# usage errors: exit 2 and one line
for args in "--period-sweep 100" "--period-sweep 0 --baselines $out/x" \
	"--period-sweep 1,,2x --baselines $out/x" "--stall-lengths $out/x"; do
	rc=0
	# shellcheck disable=SC2086
	$teasim --rtl -q $args "$prog" >"$out/err" 2>&1 || rc=$?
	[ "$rc" = 2 ] || fail "teasim --rtl $args: exit $rc, not 2"
	[ "$(wc -l <"$out/err")" = 1 ] || fail "teasim --rtl $args: not one line: $(cat "$out/err")"
done
echo "period-sweep: PASS"
