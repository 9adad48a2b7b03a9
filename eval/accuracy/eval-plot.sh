#!/bin/sh
# Draws the accuracy evaluation's figures as SVG from what eval-one.sh wrote
# in DIR for each workload:
#   fig5-error.svg   instruction-level error per workload and scheme (the
#                    paper's Figure 5)
#   fig7-events.svg  performance-counter event counts against the golden
#                    cycles of the matching TEA event, one point per workload
#                    and event, log-log (Figure 7)
#   fig8-period.svg  average instruction-level error against the sampling
#                    period, one line per scheme (Figure 8)
# usage: eval-plot.sh DIR NAME...
set -eu
dir=$1
shift
lines="" sweeps="" events=""
for n in "$@"; do
	lines="$lines $dir/$n.line"
	sweeps="$sweeps $dir/$n.sweep"
	events="$events $dir/$n.events"
done

# Shared drawing helpers, prepended to each figure's awk program.
svg_lib='
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); return s }
function header(w, h, title) {
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", w, h
	printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w, h
	printf "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"15\">%s</text>\n", w / 2, esc(title)
}
function text(x, y, s, anchor, extra) {
	printf "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s>%s</text>\n", x, y, anchor, extra, esc(s)
}
function line(x1, y1, x2, y2, colour, width, extra) {
	printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\" %s/>\n", x1, y1, x2, y2, colour, width, extra
}
function rect(x, y, w, h, colour) {
	printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n", x, y, w, h, colour
}
function dot(x, y, colour, tip) {
	printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>%s</title></circle>\n", x, y, colour, esc(tip)
}
function legend(x, y, n, names, colours,   i) {
	for (i = 1; i <= n; i++) {
		rect(x, y + (i - 1) * 18 - 10, 12, 12, colours[i])
		text(x + 18, y + (i - 1) * 18, names[i], "start", "")
	}
}
function nice_max(v,   m) { m = 1; while (m < v) m = m < 10 ? m + 1 : m < 100 ? m + 10 : m * 2; return m }
BEGIN {
	split("TEA NCI IBS SPE RIS", scheme, " ")
	split("#1b9e77 #7570b3 #d95f02 #e7298a #666666", colour, " ")
}
'

# Figure 5: grouped bars.
# shellcheck disable=SC2086
cat $lines | awk "$svg_lib"'
	{ n++; name[n] = $1; for (s = 1; s <= 5; s++) { err[n, s] = $(4 + s); sum[s] += $(4 + s) } }
	END {
		n++; name[n] = "average"
		for (s = 1; s <= 5; s++) err[n, s] = sum[s] / (n - 1)
		for (i = 1; i <= n; i++) for (s = 1; s <= 5; s++) if (err[i, s] > top) top = err[i, s]
		top = nice_max(top)
		left = 60; right = 110; plot_h = 300; group = 70; width = left + n * group + right
		if (width < 560) width = 560
		header(width, plot_h + 110, "Instruction-level error per workload (lower is better)")
		y0 = 40 + plot_h
		for (t = 0; t <= 5; t++) {
			y = y0 - plot_h * t / 5
			line(left, y, left + n * group, y, "#dddddd", 1, "")
			text(left - 6, y + 4, sprintf("%g%%", top * t / 5), "end", "")
		}
		for (i = 1; i <= n; i++) {
			x = left + (i - 1) * group + 5
			for (s = 1; s <= 5; s++) {
				h = plot_h * err[i, s] / top
				rect(x + (s - 1) * 12, y0 - h, 11, h, colour[s])
			}
			printf "<text transform=\"translate(%.1f,%.1f) rotate(-35)\" text-anchor=\"end\">%s</text>\n",
				x + 30, y0 + 14, esc(name[i])
		}
		line(left, y0, left + n * group, y0, "black", 1, "")
		legend(left + n * group + 20, 60, 5, scheme, colour)
		print "</svg>"
	}' >"$dir/fig5-error.svg"

# Figure 8: error against period, log x.
# shellcheck disable=SC2086
cat $sweeps | awk "$svg_lib"'
	{
		p = $1
		if (!(p in cnt)) periods[++np] = p
		cnt[p]++
		for (s = 1; s <= 5; s++) sum[p, s] += $(3 + s)
	}
	END {
		for (k = 1; k <= np; k++) for (s = 1; s <= 5; s++) {
			avg[k, s] = sum[periods[k], s] / cnt[periods[k]]
			if (avg[k, s] > top) top = avg[k, s]
		}
		top = nice_max(top)
		lo = log(periods[1]); hi = log(periods[np]); if (hi == lo) hi = lo + 1
		left = 60; plot_w = 420; plot_h = 300; y0 = 40 + plot_h
		header(left + plot_w + 110, plot_h + 90, "Average instruction-level error vs sampling period")
		for (t = 0; t <= 5; t++) {
			y = y0 - plot_h * t / 5
			line(left, y, left + plot_w, y, "#dddddd", 1, "")
			text(left - 6, y + 4, sprintf("%g%%", top * t / 5), "end", "")
		}
		for (k = 1; k <= np; k++) {
			x[k] = left + plot_w * (log(periods[k]) - lo) / (hi - lo)
			text(x[k], y0 + 16, periods[k], "middle", "")
		}
		text(left + plot_w / 2, y0 + 36, "cycles between samples", "middle", "")
		for (s = 1; s <= 5; s++)
			for (k = 1; k <= np; k++) {
				y = y0 - plot_h * avg[k, s] / top
				if (k > 1) line(x[k - 1], py, x[k], y, colour[s], 2, "")
				dot(x[k], y, colour[s], sprintf("%s, period %s: %.1f%%", scheme[s], periods[k], avg[k, s]))
				py = y
			}
		line(left, y0, left + plot_w, y0, "black", 1, "")
		legend(left + plot_w + 20, 60, 5, scheme, colour)
		print "</svg>"
	}' >"$dir/fig8-period.svg"

# Figure 7: event count against golden cycles, log-log.
# shellcheck disable=SC2086
for f in $events; do sed "s|^|$(basename "$f" .events) |" "$f"; done | awk "$svg_lib"'
	BEGIN { split("#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666 #1f78b4", ecol, " ") }
	$3 > 0 && $5 > 0 {
		if (!($2 in idx)) { idx[$2] = ++ne; ename[ne] = $2 }
		n++; w[n] = $1; e[n] = idx[$2]; cx[n] = log($3) / log(10); cy[n] = log($5) / log(10)
		if (n == 1 || cx[n] < xlo) xlo = cx[n]; if (n == 1 || cx[n] > xhi) xhi = cx[n]
		if (n == 1 || cy[n] < ylo) ylo = cy[n]; if (n == 1 || cy[n] > yhi) yhi = cy[n]
		cnt[n] = $3; cyc[n] = $5
	}
	END {
		xlo = int(xlo); xhi = int(xhi) + 1; ylo = int(ylo); yhi = int(yhi) + 1
		left = 70; plot_w = 420; plot_h = 320; y0 = 40 + plot_h
		header(left + plot_w + 120, plot_h + 90, "Event counts vs cycles attributed to the event")
		for (d = xlo; d <= xhi; d++) {
			x = left + plot_w * (d - xlo) / (xhi - xlo)
			line(x, y0, x, y0 - plot_h, "#eeeeee", 1, "")
			text(x, y0 + 16, sprintf("1e%d", d), "middle", "")
		}
		for (d = ylo; d <= yhi; d++) {
			y = y0 - plot_h * (d - ylo) / (yhi - ylo)
			line(left, y, left + plot_w, y, "#eeeeee", 1, "")
			text(left - 6, y + 4, sprintf("1e%d", d), "end", "")
		}
		text(left + plot_w / 2, y0 + 36, "event count (performance counters)", "middle", "")
		printf "<text transform=\"translate(16,%.1f) rotate(-90)\" text-anchor=\"middle\">cycles (golden reference)</text>\n", y0 - plot_h / 2
		for (i = 1; i <= n; i++)
			dot(left + plot_w * (cx[i] - xlo) / (xhi - xlo), y0 - plot_h * (cy[i] - ylo) / (yhi - ylo),
			    ecol[e[i]], sprintf("%s, %s: %d events, %d cycles", w[i], ename[e[i]], cnt[i], cyc[i]))
		legend(left + plot_w + 20, 60, ne, ename, ecol)
		print "</svg>"
	}' >"$dir/fig7-events.svg"
