#!/usr/bin/env bash
# The manual pages (docs/man/): each formats without a groff warning, and
# every command 'teaperf --help' lists has its page, so that a new command
# without one fails here. usage: man.sh TEAPERF TEASIM
set -u
teaperf=$1 teasim=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
man_dir=$here/docs/man
command -v man >/dev/null && command -v groff >/dev/null || {
	echo "man or groff is missing (scripts/install-deps.sh installs them)"
	exit 77
}
failed=0
fail() { echo "FAIL: $*"; failed=1; }

pages=("$man_dir"/*.[1-9])
[ -e "${pages[0]}" ] || { echo "FAIL: no pages in $man_dir"; exit 1; }
for page in "${pages[@]}"; do
	name=$(basename "$page")
	# man's own check, and groff's with every warning on: both silent.
	out=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
	[ -z "$out" ] || fail "$name: man --warnings: $out"
	out=$(groff -t -man -ww -z "$page" 2>&1)
	[ -z "$out" ] || fail "$name: groff -ww: $out"
	# The page's name in .TH is the file's.
	th=$(sed -n 's/^\.TH \([^ ]*\) \([0-9]\).*/\1.\2/p' "$page")
	[ "$th" = "$(tr a-z A-Z <<<"${name%.*}").${name##*.}" ] || fail "$name: .TH names $th"
done

# A page per command, and each of the command's options in its page.
check_options() {
	local page=$1 help=$2 opt
	for opt in $(grep -o -- '--[a-z][a-z0-9-]*' <<<"$help" | sort -u); do
		grep -qF -- "$(sed 's/-/\\-/g' <<<"$opt")" "$page" ||
			fail "$(basename "$page") lacks $opt, which --help lists"
	done
}
# Every group's commands: under a heading ("Commands:", "Development
# commands:", ...) up to the blank line after it.
commands=$("$teaperf" --help | sed -n '/^[A-Z][A-Za-z ]*:$/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || fail "teaperf --help lists no commands"
for cmd in $commands; do
	page=$man_dir/teaperf-$cmd.1
	if [ ! -f "$page" ]; then
		fail "teaperf $cmd has no page (docs/man/teaperf-$cmd.1)"
		continue
	fi
	check_options "$page" "$("$teaperf" "$cmd" --help)"
	grep -q "teaperf\\\\-$cmd (1)" "$man_dir/teaperf.1" || fail "teaperf.1 does not name teaperf-$cmd(1)"
done
[ -f "$man_dir/teasim.1" ] && check_options "$man_dir/teasim.1" "$("$teasim" --help)" ||
	fail "teasim has no page with its options"
[ -f "$man_dir/tea-formats.5" ] || fail "no tea-formats.5"

[ $failed -eq 0 ] && echo "man pages: ${#pages[@]} pages, $(wc -w <<<"$commands") teaperf commands, all clean"
exit $failed
