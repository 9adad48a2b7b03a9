/* A stacked-bar chart drawn as a self-contained SVG document. */
#ifndef TEAPERF_SVG_H
#define TEAPERF_SVG_H

#include <stddef.h>
#include <stdio.h>

#define SVG_VALUE_TEXT 48

/* Bars from left to right; each stacks its series from the bottom up in
 * series order. */
struct svg_chart {
	const char *title;
	const char *subtitle;
	const char *y_label;
	const char *value_unit;		/* "cycles", after values in tooltips */
	size_t n_bars, n_series;
	const char *const *bar_labels;		/* n_bars */
	const char *const *series_names;	/* n_series */
	const char *const *series_colours;	/* n_series, "#rrggbb" */
	const double *values;		/* n_bars x n_series, row per bar */
	/* Exact values as text for tooltips and data attributes. */
	const char (*value_texts)[SVG_VALUE_TEXT];
	const char (*bar_totals)[SVG_VALUE_TEXT];	/* n_bars */
};

/* Text with XML's special characters escaped. */
void svg_escape(FILE *f, const char *s);
/* Writes the chart as an <svg> element (with its namespace, so it stands
 * alone as a file and inlines in HTML). */
void svg_stacked_bars(FILE *f, const struct svg_chart *c);

#endif
