#!/usr/bin/env bash
# Renders the HTML report of 'teaperf plot' in headless Chromium and checks
# that the chart is drawn (bars in their signatures' colours) and that the
# table's script sorts. Skips (exit 77, scripts/run-test.sh), saying so, only
# when Chromium is absent.
# usage: render.sh TEAPERF WORKDIR
set -u
teaperf=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2" && mkdir -p "$2" && cd "$2" || exit 1

browser=$(command -v chromium || command -v chromium-browser) || {
	echo "SKIP: chromium is not installed, so the HTML report was not rendered"
	exit 77
}

failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}
# chromium ARGS...: a fresh profile each time, nothing from the network.
chromium_run() {
	rm -rf profile
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$PWD/profile" "$@" 2>browser.log
}

# Four signatures on five instructions: 0x1000 is the heaviest.
cat >samples.txt <<'TXT'
format samples
width 2
period 10
sample 10 stalled 0x1000:ST-L1+ST-LLC
sample 20 stalled 0x1000:ST-L1+ST-LLC
sample 30 stalled 0x1000:Base
sample 40 flushed 0x1008:FL-MB
sample 50 flushed 0x1008:FL-MB
sample 60 drained 0x1010:DR-L1
sample 70 compute 0x1004:Base 0x100c:Base
TXT
"$teaperf" synth -o samples.tea samples.txt || exit 1
"$teaperf" plot -o plot.html samples.tea || exit 1

# The chart: every signature's colour covers a bar-sized area.
chromium_run --screenshot="$PWD/shot.png" --window-size=1200,800 \
	"file://$PWD/plot.html"
[ -s shot.png ] || { echo "FAIL: no screenshot"; sed 's/^/    /' browser.log; exit 1; }
base=$(grep -o 'fill="#[0-9a-f]*" data-series="Base"' plot.html | head -1 | cut -d'"' -f2)
colours=$(grep -o 'fill="#[0-9a-f]*" data-series="[^"]*"' plot.html | cut -d'"' -f2 | sort -u)
[ "$base" = "#9e9e9e" ] || fail "Base is drawn in '$base', not grey"
[ "$(echo "$colours" | wc -l)" -eq 4 ] || fail "expected 4 bar colours, got: $colours"
# shellcheck disable=SC2086 # one argument per colour
python3 "$here/png_stats.py" shot.png $colours >stats || fail "png_stats failed"
read -r _ width height < <(grep '^size' stats)
nonwhite=$(awk '/^nonwhite/ { print $2 }' stats)
[ "$width" = 1200 ] && [ "$height" = 800 ] || fail "screenshot is ${width}x$height"
[ "${nonwhite:-0}" -gt 20000 ] || fail "only ${nonwhite:-0} non-white pixels: nothing drawn?"
while read -r colour count; do
	# A 10-cycle segment is 36 px high in a 360 px plot, over 20 px wide.
	[ "$count" -gt 500 ] || fail "colour $colour covers only $count pixels"
done < <(grep '^#' stats)

# The table: the script ran (sorted by cycles, heaviest first) and sorts by
# another column when the address asks for it.
chromium_run --dump-dom "file://$PWD/plot.html" >dom.html
grep -q '<th data-type="num" aria-sort="descending">Cycles</th>' dom.html ||
	fail "the table was not sorted by cycles on load"
first_row_unit() {
	sed -n '/<tbody>/,$p' "$1" | grep -o '<td class="name"[^>]*>[^<]*' | head -1 | sed 's/.*>//'
}
[ "$(first_row_unit dom.html)" = 0x1000 ] || fail "first row is $(first_row_unit dom.html), expected 0x1000"
chromium_run --dump-dom "file://$PWD/plot.html#sort=1-asc" >dom-asc.html
grep -q 'aria-sort="ascending">Instruction</th>' dom-asc.html ||
	fail "#sort=1-asc did not sort by instruction"
chromium_run --dump-dom "file://$PWD/plot.html#sort=1" >dom-desc.html
[ "$(first_row_unit dom-desc.html)" = 0x1010 ] ||
	fail "sorted by address, descending, the first row is $(first_row_unit dom-desc.html)"

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "the HTML report renders: $nonwhite non-white pixels, $(echo "$colours" | wc -l) bar colours; its table sorts"
