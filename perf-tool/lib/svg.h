/* Charts drawn as self-contained SVG documents: stacked bars (teaperf
 * plot), grouped bars, lines and points (teaperf chart), flame graphs
 * (teaperf flame, svg_flame.c). */
#ifndef TEAPERF_SVG_H
#define TEAPERF_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define SVG_VALUE_TEXT 48

/* A chart's rows (its bars, groups of bars, or points along x) with a value
 * per row and series. Each kind reads the fields it draws. */
struct svg_chart {
	const char *title;
	const char *subtitle;		/* NULL: none */
	const char *x_label;		/* lines, points */
	const char *y_label;
	const char *legend_title;	/* NULL: none */
	/* After the numbers in tooltips: "%" follows at once, a word after
	 * a space. NULL: none. */
	const char *x_unit;		/* lines, points */
	const char *value_unit;
	bool log_x, log_y;		/* lines, points: a decade per tick */
	size_t n_rows, n_series;
	const char *const *row_labels;		/* n_rows */
	const double *x_values;			/* n_rows: lines, points */
	const char *const *series_names;	/* n_series */
	const char *const *series_colours;	/* n_series, "#rrggbb" */
	/* n_rows x n_series, a row after the other; NaN: no point there. */
	const double *values;
	/* Stacked bars: exact values as text for tooltips and data
	 * attributes. */
	const char (*value_texts)[SVG_VALUE_TEXT];
	const char (*bar_totals)[SVG_VALUE_TEXT];	/* n_rows */
};

/* The picture's layout: the title and the plot start at the left margin,
 * the plot under the top one; the legend stands a gap right of the plot,
 * a row per series. */
#define SVG_MARGIN_LEFT 84.0
#define SVG_MARGIN_TOP 64.0
#define SVG_LEGEND_GAP 28.0
#define SVG_LEGEND_ROW 20.0
#define SVG_CHAR_WIDTH 6.8	/* of a 12 px sans-serif character, roughly */

/* Text with XML's special characters escaped. */
void svg_escape(FILE *f, const char *s);
/* At most @max characters of @s, escaped; "…" marks a cut. */
void svg_escape_cut(FILE *f, const char *s, size_t max);

/* The pieces of every chart: the <svg> element's start, a white
 * background, the title and the subtitle (NULL: none) ... */
void svg_document(FILE *f, const char *title, const char *subtitle,
		  double width, double height);
/* ... and a legend at (@x, @y): the @title (NULL: none), then a swatch
 * of each of the @n colours with its name, the last first when
 * @top_down. */
void svg_legend(FILE *f, double x, double y, const char *title,
		const char *const *names, const char *const *colours, size_t n,
		bool top_down);

/* Each writes the chart as an <svg> element (with its namespace, so it
 * stands alone as a file and inlines in HTML). */

/* A bar per row, stacking its series from the bottom up in series order. */
void svg_stacked_bars(FILE *f, const struct svg_chart *c);
/* A group per row, a bar per series side by side. */
void svg_grouped_bars(FILE *f, const struct svg_chart *c);
/* A line per series through its value at each row's x, rows in order. */
void svg_lines(FILE *f, const struct svg_chart *c);
/* A dot per value at its row's x. */
void svg_points(FILE *f, const struct svg_chart *c);

/* ---- flame graphs (svg_flame.c) ---------------------------------------- */

/* A box of a flame graph: a function in one call chain, as wide as the
 * cycles spent in it and what it called, on top of its caller's box. */
struct svg_flame_frame {
	unsigned depth;		/* 0: the root, at the bottom */
	double start, width;	/* from the left, in the root's units */
	const char *name;	/* the text in the box, cut to fit */
	const char *tooltip;
	const char *colour;	/* "#rrggbb" */
};

struct svg_flame {
	const char *title;
	const char *subtitle;		/* NULL: none */
	double total;			/* the root's width */
	unsigned max_depth;
	size_t n_frames;
	const struct svg_flame_frame *frames;
	const char *legend_title;	/* the legend: the colours' meaning */
	size_t n_series;
	const char *const *series_names;
	const char *const *series_colours;
};

/* A box (<rect> with its <title> and <text>) per frame. */
void svg_flame(FILE *f, const struct svg_flame *fl);

#endif
