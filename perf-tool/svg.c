/* A stacked-bar chart as SVG: title, y axis in the values' unit with round
 * ticks, one bar per unit with a slanted label, and a legend. Everything is
 * inline (no fonts, scripts or style sheets to fetch). */
#include <math.h>
#include <string.h>

#include "svg.h"

#define PLOT_HEIGHT 360.0
#define MARGIN_LEFT 84.0
#define MARGIN_TOP 64.0
#define LEGEND_GAP 28.0
#define LEGEND_ROW 20.0
#define CHAR_WIDTH 6.8		/* of a 12 px sans-serif character, roughly */
#define LABEL_CHARS 40		/* longer bar labels are cut */

/* Length of the UTF-8 sequence at @s when it encodes a character XML
 * allows (no surrogates, no U+FFFE/U+FFFF, no overlong forms); else 0. */
static size_t xml_char_length(const unsigned char *s)
{
	size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 0;
	static const unsigned min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	unsigned cp;

	if (!len || s[0] > 0xf4)
		return 0;
	cp = s[0] & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ||
	    cp == 0xfffe || cp == 0xffff)
		return 0;
	return len;
}

/* Writes at most @max characters of @s, escaped; "…" marks a cut. Bytes
 * that XML cannot hold (controls, broken UTF-8) become '?', so that the
 * document stays well-formed whatever a symbol name holds. */
static void escape_n(FILE *f, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t chars = 0;

	for (; *p; chars++) {
		size_t len;

		if (chars == max) {
			fputs("\xe2\x80\xa6", f);
			return;
		}
		if (*p < 0x80) {
			if (*p == '<')
				fputs("&lt;", f);
			else if (*p == '>')
				fputs("&gt;", f);
			else if (*p == '&')
				fputs("&amp;", f);
			else if (*p == '"')
				fputs("&quot;", f);
			else
				fputc(*p < 0x20 ? '?' : *p, f);
			p++;
			continue;
		}
		len = xml_char_length(p);
		if (len)
			fwrite(p, 1, len, f);
		else
			fputc('?', f);
		p += len ? len : 1;
	}
}

void svg_escape(FILE *f, const char *s)
{
	escape_n(f, s, (size_t)-1);
}

/* ---- geometry --------------------------------------------------------- */

struct layout {
	double slot, bar_width, plot_width, label_height, legend_x;
	double width, height;
	double axis_max, step;
};

static double bar_total(const struct svg_chart *c, size_t b)
{
	double sum = 0;

	for (size_t s = 0; s < c->n_series; s++)
		sum += c->values[b * c->n_series + s];
	return sum;
}

/* A step of 1, 2 or 5 times a power of ten giving about five ticks. */
static void scale_axis(const struct svg_chart *c, struct layout *l)
{
	double max = 0, raw, magnitude, m;

	for (size_t b = 0; b < c->n_bars; b++)
		if (bar_total(c, b) > max)
			max = bar_total(c, b);
	if (!(max > 0)) {
		l->step = 1;
		l->axis_max = 1;
		return;
	}
	raw = max / 5;
	magnitude = pow(10, floor(log10(raw)));
	m = raw / magnitude;
	l->step = magnitude * (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10);
	l->axis_max = ceil(max / l->step - 1e-9) * l->step;
}

static size_t longest(const char *const *names, size_t n, size_t cap)
{
	size_t max = 0;

	for (size_t i = 0; i < n; i++)
		if (strlen(names[i]) > max)
			max = strlen(names[i]);
	return max < cap ? max : cap;
}

static void lay_out(const struct svg_chart *c, struct layout *l)
{
	size_t label = longest(c->bar_labels, c->n_bars, LABEL_CHARS);
	size_t legend = longest(c->series_names, c->n_series, 64);
	double legend_bottom;

	l->slot = c->n_bars ? 880.0 / (double)c->n_bars : 56;
	l->slot = l->slot < 14 ? 14 : l->slot > 56 ? 56 : l->slot;
	l->bar_width = 0.7 * l->slot;
	l->plot_width = (double)c->n_bars * l->slot;
	if (l->plot_width < 240)
		l->plot_width = 240;
	/* Labels run down at 45 degrees. */
	l->label_height = 28 + (double)label * CHAR_WIDTH * 0.71;
	l->legend_x = MARGIN_LEFT + l->plot_width + LEGEND_GAP;
	l->width = l->legend_x + 24 + (double)legend * CHAR_WIDTH + 16;
	legend_bottom = MARGIN_TOP + LEGEND_ROW * (double)(c->n_series + 1);
	l->height = MARGIN_TOP + PLOT_HEIGHT + l->label_height;
	if (legend_bottom + 16 > l->height)
		l->height = legend_bottom + 16;
	scale_axis(c, l);
}

/* ---- drawing ---------------------------------------------------------- */

static void tick_label(char *buf, size_t len, double value, double step)
{
	int decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	snprintf(buf, len, "%.*f", decimals, value);
}

static void draw_axis(FILE *f, const struct svg_chart *c,
		      const struct layout *l)
{
	double base = MARGIN_TOP + PLOT_HEIGHT;
	unsigned ticks = (unsigned)llround(l->axis_max / l->step);

	for (unsigned t = 0; t <= ticks; t++) {
		double v = t * l->step;
		double y = base - v / l->axis_max * PLOT_HEIGHT;
		char text[48];

		tick_label(text, sizeof(text), v, l->step);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.3f\" x2=\"%.1f\" y2=\"%.3f\" stroke=\"%s\"/>\n",
			MARGIN_LEFT, y, MARGIN_LEFT + l->plot_width, y,
			t ? "#e3e3e3" : "#333333");
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.3f\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n",
			MARGIN_LEFT - 8, y, text);
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
		MARGIN_LEFT, MARGIN_TOP, MARGIN_LEFT, base);
	fprintf(f, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">",
		MARGIN_TOP + PLOT_HEIGHT / 2, MARGIN_TOP + PLOT_HEIGHT / 2);
	svg_escape(f, c->y_label);
	fputs("</text>\n", f);
}

static void draw_segment(FILE *f, const struct svg_chart *c, size_t b,
			 size_t s, double x, double y, double w, double h)
{
	fprintf(f, "<rect class=\"seg\" x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" fill=\"%s\" data-series=\"",
		x, y, w, h, c->series_colours[s]);
	svg_escape(f, c->series_names[s]);
	fprintf(f, "\" data-value=\"%s\"><title>", c->value_texts[b * c->n_series + s]);
	svg_escape(f, c->bar_labels[b]);
	fputs(" \xe2\x80\x94 ", f);
	svg_escape(f, c->series_names[s]);
	fprintf(f, ": %s ", c->value_texts[b * c->n_series + s]);
	svg_escape(f, c->value_unit);
	fputs("</title></rect>\n", f);
}

static void draw_bar(FILE *f, const struct svg_chart *c,
		     const struct layout *l, size_t b)
{
	double base = MARGIN_TOP + PLOT_HEIGHT, top = base;
	double x = MARGIN_LEFT + (double)b * l->slot +
		   (l->slot - l->bar_width) / 2;
	double cx = x + l->bar_width / 2;

	fputs("<g class=\"bar\" data-label=\"", f);
	svg_escape(f, c->bar_labels[b]);
	fprintf(f, "\" data-total=\"%s\">\n", c->bar_totals[b]);
	for (size_t s = 0; s < c->n_series; s++) {
		double v = c->values[b * c->n_series + s];
		double h = v / l->axis_max * PLOT_HEIGHT;

		if (!(v > 0))
			continue;
		top -= h;
		draw_segment(f, c, b, s, x, top, l->bar_width, h);
	}
	fprintf(f, "<text class=\"label\" transform=\"translate(%.3f %.1f) rotate(-45)\" text-anchor=\"end\">",
		cx, base + 14);
	escape_n(f, c->bar_labels[b], LABEL_CHARS);
	fputs("</text>\n</g>\n", f);
}

static void draw_legend(FILE *f, const struct svg_chart *c,
			const struct layout *l)
{
	double y = MARGIN_TOP;

	fprintf(f, "<g class=\"legend\">\n<text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">Signature</text>\n",
		l->legend_x, y + 10);
	/* Top to bottom as the stacks run, so the legend reads like a bar. */
	for (size_t s = c->n_series; s-- > 0;) {
		y += LEGEND_ROW;
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
			l->legend_x, y, c->series_colours[s]);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", l->legend_x + 18,
			y + 10);
		svg_escape(f, c->series_names[s]);
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
}

void svg_stacked_bars(FILE *f, const struct svg_chart *c)
{
	struct layout l;

	lay_out(c, &l);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n",
		ceil(l.width), ceil(l.height), ceil(l.width), ceil(l.height));
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	fprintf(f, "<text x=\"%.1f\" y=\"26\" font-size=\"16\" font-weight=\"bold\">",
		MARGIN_LEFT);
	svg_escape(f, c->title);
	fprintf(f, "</text>\n<text x=\"%.1f\" y=\"46\" fill=\"#555555\">",
		MARGIN_LEFT);
	svg_escape(f, c->subtitle);
	fputs("</text>\n", f);
	draw_axis(f, c, &l);
	for (size_t b = 0; b < c->n_bars; b++)
		draw_bar(f, c, &l, b);
	if (!c->n_bars)
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555555\">no samples</text>\n",
			MARGIN_LEFT + l.plot_width / 2,
			MARGIN_TOP + PLOT_HEIGHT / 2);
	draw_legend(f, c, &l);
	fputs("</svg>\n", f);
}
