#!/usr/bin/env bash
# Writes the measured figures of a results page (docs/results.md) from the
# commands the page names. Each figure block of the page sits between
#   <!-- run: make ARGS -->          what the command printed, in a code block
#   <!-- run-md: make ARGS -->       what it printed, as markdown (tables)
# and <!-- end -->; the script runs `$MAKE ARGS` for each block (or only
# the blocks whose ARGS start with one of NAMES), puts what it printed in
# the block and the commit it ran at beside it, and rewrites the page's
# header line (<!-- commit -->...<!-- /commit -->) with the commit most
# blocks were measured at; a block measured at another commit says so.
# Build lines are left out: make runs with V=0, which silences the quiet
# rules, and lines like kbuild's ("  CC      path") and make's own are
# dropped. The tree must be committed: the page names the commit it measured.
# usage: results.sh MAKE PAGE [NAME...]
#   e.g. results.sh make docs/results.md bench-rtl eval
set -uo pipefail
make_cmd=$1 page=$2
shift 2
[ -f "$page" ] || { echo "results.sh: no page $page" >&2; exit 2; }
if ! git diff --quiet HEAD -- . ":(exclude)$page"; then
	echo "results.sh: the tree has uncommitted changes: commit them first, the page names the commit it measured" >&2
	exit 2
fi
commit=$(git rev-parse --short=7 HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# wanted ARGS: whether the block of `make ARGS` is to run now (its first
# word among the NAMES, or no NAMES given)
names=("$@")
wanted() {
	[ ${#names[@]} -eq 0 ] && return 0
	for name in "${names[@]}"; do
		[ "$name" = "${1%% *}" ] && return 0
	done
	return 1
}

# Run each wanted block's command; its output goes to $work/N.out.
n=0 failed=0
while IFS= read -r line; do
	case $line in
	'<!-- run: make '*' -->' | '<!-- run-md: make '*' -->') ;;
	*) continue ;;
	esac
	n=$((n + 1))
	args=${line#*: make }
	args=${args% -->}
	wanted "$args" || continue
	echo "results: make $args" >&2
	# shellcheck disable=SC2086 # ARGS are make's words
	if ! $make_cmd --no-print-directory V=0 $args >"$work/$n.raw" 2>&1; then
		echo "results.sh: 'make $args' failed; its block is left as it was:" >&2
		tail -5 "$work/$n.raw" >&2
		failed=1
		continue
	fi
	grep -vE '^  [A-Z][A-Z0-9_-]* +[^ ]*[/.][^ ]*$|^make(\[[0-9]+\])?: ' "$work/$n.raw" >"$work/$n.out"
done <"$page"

# Rewrite the page: new output in the blocks that ran, the others as they
# were, each block with its commit (the header's where it names none);
# then the header's commit.
old=$(sed -n 's/^<!-- commit -->.* commit \([0-9a-f]*\)[ .,].*<!-- \/commit -->$/\1/p' "$page")
awk -v work="$work" -v commit="$commit" -v old="$old" '
	function flush_block() {
		if (ran) {
			print "Measured at commit " commit ":"
			print ""
			if (!md) print "```"
			while ((getline l < (work "/" n ".out")) > 0) print l
			close(work "/" n ".out")
			if (!md) print "```"
		} else {
			if (keep[1] !~ /^Measured at commit [0-9a-f]+:$/) { print "Measured at commit " old ":"; print "" }
			for (i = 1; i <= kept; i++) print keep[i]
		}
	}
	/^<!-- run(-md)?: make .* -->$/ {
		print; n++; inside = 1; kept = 0
		md = ($0 ~ /^<!-- run-md:/)
		ran = (system("test -f " work "/" n ".out") == 0)
		next
	}
	inside && /^<!-- end -->$/ { flush_block(); inside = 0; print; next }
	inside { keep[++kept] = $0; next }
	{ print }
' "$page" >"$work/page" || exit 1

# The commit most blocks name (on a tie, this one): the page header states
# it once, and each block that names it drops its own line.
commits=$(grep -oE '^Measured at commit [0-9a-f]+:$' "$work/page" | sort | uniq -c)
main=$(awk -v now="$commit" '{ c = $5; sub(/:$/, "", c); n = $1 + (c == now ? 0.5 : 0) }
	n > best { best = n; main = c } END { print main }' <<<"$commits")
if [ "$(wc -l <<<"$commits")" -eq 1 ]; then
	header="Every figure below was measured at commit $main."
else
	header="Measured at commit $main, except where a section names another commit."
fi
awk -v main="$main" -v header="$header" '
	/^<!-- commit -->.*<!-- \/commit -->$/ { print "<!-- commit -->" header "<!-- /commit -->"; next }
	/^<!-- run(-md)?: make .* -->$/ { inside = 1; first = 1; print; next }
	inside && first && $0 == "Measured at commit " main ":" { first = 0; skip = 1; next }
	inside && skip && $0 == "" { skip = 0; next }
	/^<!-- end -->$/ { inside = 0 }
	{ first = 0; skip = 0; print }
' "$work/page" >"$page.new" && mv "$page.new" "$page"
exit $failed
