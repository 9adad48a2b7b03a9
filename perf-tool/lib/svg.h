/* Charts drawn as self-contained SVG documents: stacked bars (teaperf
 * plot), grouped bars, lines and points (teaperf chart). */
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

/* Text with XML's special characters escaped. */
void svg_escape(FILE *f, const char *s);

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

#endif
