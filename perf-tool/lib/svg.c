/* Charts as SVG: a title, the plot between its axes (round ticks, or a
 * decade per tick on a log axis), and a legend on the right; bars are
 * labelled below, slanted. Everything is inline (no fonts, scripts or style
 * sheets to fetch). */
#include <math.h>
#include <string.h>

#include "svg.h"

#define PLOT_HEIGHT 360.0
#define TITLE_CHAR_WIDTH 9.6	/* of the 16 px bold title's */
#define LABEL_CHARS 40		/* longer bar labels are cut */
#define PLOT_WIDTH 480.0	/* lines and points */
#define X_AXIS_HEIGHT 56.0	/* under the plot: tick labels, x label */
#define GROUP_BAR 12.0		/* a bar in a group */
#define GROUP_GAP 18.0

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

/* Bytes that XML cannot hold (controls, broken UTF-8) become '?', so
 * that the document stays well-formed whatever a symbol name holds. */
void svg_escape_cut(FILE *f, const char *s, size_t max)
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
	svg_escape_cut(f, s, (size_t)-1);
}


/* "8.5%", "3933 cycles". */
static void print_value(FILE *f, double v, const char *unit)
{
	fprintf(f, "%.15g", v);
	if (!unit || !*unit)
		return;
	if (*unit != '%')
		fputc(' ', f);
	svg_escape(f, unit);
}

/* ---- geometry --------------------------------------------------------- */

/* From lo to hi in steps, all in log10 units on a log axis. */
struct axis {
	double lo, hi, step;
	bool log;
};

struct layout {
	double plot_width, bottom;	/* bottom: room under the plot */
	double legend_x, width, height;
	struct axis x, y;
	double slot, bar_width;		/* bars */
};

static double axis_unit(const struct axis *a, double v)
{
	return a->log ? log10(v) : v;
}

/* Where @v falls along the axis: 0 at lo, 1 at hi. */
static double axis_fraction(const struct axis *a, double v)
{
	return (axis_unit(a, v) - a->lo) / (a->hi - a->lo);
}

static double x_position(const struct layout *l, double v)
{
	return SVG_MARGIN_LEFT + l->plot_width * axis_fraction(&l->x, v);
}

static double y_position(const struct layout *l, double v)
{
	return SVG_MARGIN_TOP + PLOT_HEIGHT * (1 - axis_fraction(&l->y, v));
}

/* Whole decades around @min..@max on a log axis; else from 0, with a step
 * of 1, 2 or 5 times a power of ten giving about five ticks. */
static void scale_axis(struct axis *a, bool log, double min, double max)
{
	double raw, magnitude, m;

	a->log = log;
	if (log) {
		a->lo = floor(log10(min));
		a->hi = ceil(log10(max));
		if (a->hi == a->lo)
			a->hi++;
		a->step = 1;
		return;
	}
	a->lo = 0;
	if (!(max > 0)) {
		a->step = 1;
		a->hi = 1;
		return;
	}
	raw = max / 5;
	magnitude = pow(10, floor(log10(raw)));
	m = raw / magnitude;
	a->step = magnitude * (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10);
	a->hi = ceil(max / a->step - 1e-9) * a->step;
}

/* Exactly @min..@max (the ticks are the rows'), one unit either side of a
 * single value. */
static void fit_axis(struct axis *a, bool log, double min, double max)
{
	a->log = log;
	a->lo = axis_unit(a, min);
	a->hi = axis_unit(a, max);
	if (a->hi == a->lo) {
		a->lo--;
		a->hi++;
	}
}

/* A tick per step, a thousand at most whatever the values. */
static unsigned tick_count(const struct axis *a)
{
	double n = (a->hi - a->lo) / a->step;

	return n < 1000 ? (unsigned)llround(n) : 1000;
}

static size_t longest(const char *const *names, size_t n, size_t cap)
{
	size_t max = 0;

	for (size_t i = 0; i < n; i++)
		if (strlen(names[i]) > max)
			max = strlen(names[i]);
	return max < cap ? max : cap;
}

/* The room slanted row labels take under the plot. */
static double label_height(const struct svg_chart *c)
{
	size_t label = longest(c->row_labels, c->n_rows, LABEL_CHARS);

	/* Labels run down at 45 degrees. */
	return 28 + (double)label * SVG_CHAR_WIDTH * 0.71;
}

/* The picture around the plot and the room under it, the legend at the
 * right, wide enough for the title. */
static void frame(const struct svg_chart *c, struct layout *l)
{
	size_t legend = longest(c->series_names, c->n_series, 64);
	double legend_bottom = SVG_MARGIN_TOP + SVG_LEGEND_ROW * (double)(c->n_series + 1);

	l->legend_x = SVG_MARGIN_LEFT + l->plot_width + SVG_LEGEND_GAP;
	l->width = fmax(l->legend_x + 24 + (double)legend * SVG_CHAR_WIDTH + 16,
			SVG_MARGIN_LEFT + (double)strlen(c->title) * TITLE_CHAR_WIDTH);
	l->height = SVG_MARGIN_TOP + PLOT_HEIGHT + l->bottom;
	if (legend_bottom + 16 > l->height)
		l->height = legend_bottom + 16;
}

static double value(const struct svg_chart *c, size_t r, size_t s)
{
	return c->values[r * c->n_series + s];
}

/* The smallest and largest value there is. */
static void value_range(const struct svg_chart *c, double *min, double *max)
{
	*min = INFINITY;
	*max = -INFINITY;
	for (size_t i = 0; i < c->n_rows * c->n_series; i++) {
		if (isnan(c->values[i]))
			continue;
		*min = fmin(*min, c->values[i]);
		*max = fmax(*max, c->values[i]);
	}
}

static void x_range(const struct svg_chart *c, double *min, double *max)
{
	*min = INFINITY;
	*max = -INFINITY;
	for (size_t r = 0; r < c->n_rows; r++) {
		*min = fmin(*min, c->x_values[r]);
		*max = fmax(*max, c->x_values[r]);
	}
}

/* ---- drawing ---------------------------------------------------------- */

static void tick_label(char *buf, size_t len, const struct axis *a, double u)
{
	int decimals = a->step >= 1 ? 0 : (int)ceil(-log10(a->step) - 1e-9);

	if (a->log)
		snprintf(buf, len, "1e%.0f", u);
	else
		snprintf(buf, len, "%.*f", decimals, u);
}

void svg_document(FILE *f, const char *title, const char *subtitle,
		  double width, double height)
{
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n",
		ceil(width), ceil(height), ceil(width), ceil(height));
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	fprintf(f, "<text x=\"%.1f\" y=\"26\" font-size=\"16\" font-weight=\"bold\">",
		SVG_MARGIN_LEFT);
	svg_escape(f, title);
	fputs("</text>\n", f);
	if (!subtitle)
		return;
	fprintf(f, "<text x=\"%.1f\" y=\"46\" fill=\"#555555\">", SVG_MARGIN_LEFT);
	svg_escape(f, subtitle);
	fputs("</text>\n", f);
}

static void begin(FILE *f, const struct svg_chart *c, const struct layout *l)
{
	svg_document(f, c->title, c->subtitle, l->width, l->height);
}

static void draw_y_axis(FILE *f, const struct svg_chart *c,
			const struct layout *l)
{
	double base = SVG_MARGIN_TOP + PLOT_HEIGHT;
	unsigned ticks = tick_count(&l->y);

	for (unsigned t = 0; t <= ticks; t++) {
		double u = l->y.lo + t * l->y.step;
		double y = base - (u - l->y.lo) / (l->y.hi - l->y.lo) * PLOT_HEIGHT;
		char text[48];

		tick_label(text, sizeof(text), &l->y, u);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.3f\" x2=\"%.1f\" y2=\"%.3f\" stroke=\"%s\"/>\n",
			SVG_MARGIN_LEFT, y, SVG_MARGIN_LEFT + l->plot_width, y,
			t ? "#e3e3e3" : "#333333");
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.3f\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n",
			SVG_MARGIN_LEFT - 8, y, text);
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
		SVG_MARGIN_LEFT, SVG_MARGIN_TOP, SVG_MARGIN_LEFT, base);
	fprintf(f, "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 18 %.1f)\">",
		SVG_MARGIN_TOP + PLOT_HEIGHT / 2, SVG_MARGIN_TOP + PLOT_HEIGHT / 2);
	svg_escape(f, c->y_label);
	fputs("</text>\n", f);
}

/* A grid line up from the x axis at @x, @text under it. */
static void draw_x_tick(FILE *f, double x, const char *text)
{
	fprintf(f, "<line x1=\"%.3f\" y1=\"%.1f\" x2=\"%.3f\" y2=\"%.1f\" stroke=\"#e3e3e3\"/>\n",
		x, SVG_MARGIN_TOP, x, SVG_MARGIN_TOP + PLOT_HEIGHT);
	fprintf(f, "<text class=\"tick\" x=\"%.3f\" y=\"%.1f\" text-anchor=\"middle\">",
		x, SVG_MARGIN_TOP + PLOT_HEIGHT + 18);
	svg_escape(f, text);
	fputs("</text>\n", f);
}

/* The x axis of lines (a tick at each row's x, its label) or points. */
static void draw_x_axis(FILE *f, const struct svg_chart *c,
			const struct layout *l, bool row_ticks)
{
	double base = SVG_MARGIN_TOP + PLOT_HEIGHT;

	if (row_ticks) {
		for (size_t r = 0; r < c->n_rows; r++)
			draw_x_tick(f, x_position(l, c->x_values[r]),
				    c->row_labels[r]);
	} else {
		unsigned ticks = tick_count(&l->x);
		char text[48];

		for (unsigned t = 0; t <= ticks; t++) {
			tick_label(text, sizeof(text), &l->x,
				   l->x.lo + t * l->x.step);
			draw_x_tick(f, SVG_MARGIN_LEFT + l->plot_width * t / ticks,
				    text);
		}
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333333\"/>\n",
		SVG_MARGIN_LEFT, base, SVG_MARGIN_LEFT + l->plot_width, base);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
		SVG_MARGIN_LEFT + l->plot_width / 2, base + 42);
	svg_escape(f, c->x_label);
	fputs("</text>\n", f);
}

/* A bar's or a group's label under the plot, centred on @cx. */
static void draw_row_label(FILE *f, const struct svg_chart *c, size_t r,
			   double cx)
{
	fprintf(f, "<text class=\"label\" transform=\"translate(%.3f %.1f) rotate(-45)\" text-anchor=\"end\">",
		cx, SVG_MARGIN_TOP + PLOT_HEIGHT + 14);
	svg_escape_cut(f, c->row_labels[r], LABEL_CHARS);
	fputs("</text>\n", f);
}

void svg_legend(FILE *f, double x, double y, const char *title,
		const char *const *names, const char *const *colours, size_t n,
		bool top_down)
{
	fputs("<g class=\"legend\">\n", f);
	if (title) {
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">",
			x, y + 10);
		svg_escape(f, title);
		fputs("</text>\n", f);
	} else {
		y -= SVG_LEGEND_ROW;
	}
	for (size_t i = 0; i < n; i++) {
		size_t s = top_down ? n - 1 - i : i;

		y += SVG_LEGEND_ROW;
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
			x, y, colours[s]);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", x + 18, y + 10);
		svg_escape(f, names[s]);
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
}

/* Stacked bars list their series from the top down, as the stacks run. */
static void draw_legend(FILE *f, const struct svg_chart *c,
			const struct layout *l, bool top_down)
{
	svg_legend(f, l->legend_x, SVG_MARGIN_TOP, c->legend_title,
		   c->series_names, c->series_colours, c->n_series, top_down);
}

/* ---- stacked bars ------------------------------------------------------- */

static double bar_total(const struct svg_chart *c, size_t b)
{
	double sum = 0;

	for (size_t s = 0; s < c->n_series; s++)
		sum += value(c, b, s);
	return sum;
}

static void lay_out_stacked(const struct svg_chart *c, struct layout *l)
{
	double max = 0;

	l->slot = c->n_rows ? 880.0 / (double)c->n_rows : 56;
	l->slot = l->slot < 14 ? 14 : l->slot > 56 ? 56 : l->slot;
	l->bar_width = 0.7 * l->slot;
	l->plot_width = (double)c->n_rows * l->slot;
	if (l->plot_width < 240)
		l->plot_width = 240;
	l->bottom = label_height(c);
	frame(c, l);
	for (size_t b = 0; b < c->n_rows; b++)
		max = fmax(max, bar_total(c, b));
	scale_axis(&l->y, false, 0, max);
}

static void draw_segment(FILE *f, const struct svg_chart *c, size_t b,
			 size_t s, double x, double y, double w, double h)
{
	fprintf(f, "<rect class=\"seg\" x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" fill=\"%s\" data-series=\"",
		x, y, w, h, c->series_colours[s]);
	svg_escape(f, c->series_names[s]);
	fprintf(f, "\" data-value=\"%s\"><title>", c->value_texts[b * c->n_series + s]);
	svg_escape(f, c->row_labels[b]);
	fputs(" \xe2\x80\x94 ", f);
	svg_escape(f, c->series_names[s]);
	fprintf(f, ": %s ", c->value_texts[b * c->n_series + s]);
	svg_escape(f, c->value_unit);
	fputs("</title></rect>\n", f);
}

static void draw_stack(FILE *f, const struct svg_chart *c,
		       const struct layout *l, size_t b)
{
	double base = SVG_MARGIN_TOP + PLOT_HEIGHT, top = base;
	double x = SVG_MARGIN_LEFT + (double)b * l->slot +
		   (l->slot - l->bar_width) / 2;

	fputs("<g class=\"bar\" data-label=\"", f);
	svg_escape(f, c->row_labels[b]);
	fprintf(f, "\" data-total=\"%s\">\n", c->bar_totals[b]);
	for (size_t s = 0; s < c->n_series; s++) {
		double v = value(c, b, s);
		double h = axis_fraction(&l->y, v) * PLOT_HEIGHT;

		if (!(v > 0))
			continue;
		top -= h;
		draw_segment(f, c, b, s, x, top, l->bar_width, h);
	}
	draw_row_label(f, c, b, x + l->bar_width / 2);
	fputs("</g>\n", f);
}

void svg_stacked_bars(FILE *f, const struct svg_chart *c)
{
	struct layout l = { 0 };

	lay_out_stacked(c, &l);
	begin(f, c, &l);
	draw_y_axis(f, c, &l);
	for (size_t b = 0; b < c->n_rows; b++)
		draw_stack(f, c, &l, b);
	if (!c->n_rows)
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555555\">no samples</text>\n",
			SVG_MARGIN_LEFT + l.plot_width / 2,
			SVG_MARGIN_TOP + PLOT_HEIGHT / 2);
	draw_legend(f, c, &l, true);
	fputs("</svg>\n", f);
}

/* ---- grouped bars, lines, points ---------------------------------------- */

static void draw_bar(FILE *f, const struct svg_chart *c,
		     const struct layout *l, size_t r, size_t s, double x)
{
	double v = value(c, r, s), y = y_position(l, v);

	fprintf(f, "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" fill=\"%s\"><title>",
		x, y, l->bar_width - 1, SVG_MARGIN_TOP + PLOT_HEIGHT - y,
		c->series_colours[s]);
	svg_escape(f, c->row_labels[r]);
	fputs(", ", f);
	svg_escape(f, c->series_names[s]);
	fputs(": ", f);
	print_value(f, v, c->value_unit);
	fputs("</title></rect>\n", f);
}

void svg_grouped_bars(FILE *f, const struct svg_chart *c)
{
	struct layout l = { 0 };
	double min, max;

	l.bar_width = GROUP_BAR;
	l.slot = (double)c->n_series * GROUP_BAR + GROUP_GAP;
	l.plot_width = fmax(240, (double)c->n_rows * l.slot);
	l.bottom = label_height(c);
	frame(c, &l);
	value_range(c, &min, &max);
	scale_axis(&l.y, false, 0, max);
	begin(f, c, &l);
	draw_y_axis(f, c, &l);
	for (size_t r = 0; r < c->n_rows; r++) {
		double x = SVG_MARGIN_LEFT + (double)r * l.slot + GROUP_GAP / 2;

		for (size_t s = 0; s < c->n_series; s++)
			draw_bar(f, c, &l, r, s, x + (double)s * GROUP_BAR);
		draw_row_label(f, c, r, x + (double)c->n_series * GROUP_BAR / 2);
	}
	draw_legend(f, c, &l, false);
	fputs("</svg>\n", f);
}

/* Lines name a dot by its series and x, points by their row and series. */
static void draw_dot(FILE *f, const struct svg_chart *c,
		     const struct layout *l, size_t r, size_t s, bool lines)
{
	double v = value(c, r, s);

	fprintf(f, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"4\" fill=\"%s\"><title>",
		x_position(l, c->x_values[r]), y_position(l, v),
		c->series_colours[s]);
	if (lines) {
		svg_escape(f, c->series_names[s]);
		fputs(", ", f);
		print_value(f, c->x_values[r], c->x_unit);
	} else {
		svg_escape(f, c->row_labels[r]);
		fputs(", ", f);
		svg_escape(f, c->series_names[s]);
		fputs(": ", f);
		print_value(f, c->x_values[r], c->x_unit);
	}
	fputs(lines ? ": " : ", ", f);
	print_value(f, v, c->value_unit);
	fputs("</title></circle>\n", f);
}

static void lay_out_xy(const struct svg_chart *c, struct layout *l,
		       bool lines)
{
	double min, max;

	l->plot_width = PLOT_WIDTH;
	l->bottom = X_AXIS_HEIGHT;
	frame(c, l);
	x_range(c, &min, &max);
	if (lines)
		fit_axis(&l->x, c->log_x, min, max);
	else
		scale_axis(&l->x, c->log_x, min, max);
	value_range(c, &min, &max);
	scale_axis(&l->y, c->log_y, min, max);
}

static void draw_line(FILE *f, const struct svg_chart *c,
		      const struct layout *l, size_t s)
{
	fputs("<polyline points=\"", f);
	for (size_t r = 0; r < c->n_rows; r++)
		fprintf(f, "%s%.3f,%.3f", r ? " " : "",
			x_position(l, c->x_values[r]),
			y_position(l, value(c, r, s)));
	fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n",
		c->series_colours[s]);
}

/* Lines are points with lines through them and a tick at each x. */
static void draw_xy(FILE *f, const struct svg_chart *c, bool lines)
{
	struct layout l = { 0 };

	lay_out_xy(c, &l, lines);
	begin(f, c, &l);
	draw_y_axis(f, c, &l);
	draw_x_axis(f, c, &l, lines);
	for (size_t s = 0; lines && s < c->n_series; s++)
		draw_line(f, c, &l, s);
	for (size_t r = 0; r < c->n_rows; r++)
		for (size_t s = 0; s < c->n_series; s++)
			if (!isnan(value(c, r, s)))
				draw_dot(f, c, &l, r, s, lines);
	draw_legend(f, c, &l, false);
	fputs("</svg>\n", f);
}

void svg_lines(FILE *f, const struct svg_chart *c)
{
	draw_xy(f, c, true);
}

void svg_points(FILE *f, const struct svg_chart *c)
{
	draw_xy(f, c, false);
}
