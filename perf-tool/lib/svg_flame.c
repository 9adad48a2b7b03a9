/* Flame graphs as SVG (after Brendan Gregg's flamegraph.pl): a row of
 * boxes per call depth, the root at the bottom, each box as wide as its
 * share of the root, coloured by what its cycles went to, its function
 * named inside it as far as the box allows and in full in its tooltip. */
#include <math.h>
#include <string.h>

#include "svg.h"

#define FLAME_WIDTH 1200.0	/* the graph's, the root's box */
#define FRAME_HEIGHT 16.0
#define TEXT_PAD 3.0		/* between a box's edge and its text */
#define FLAME_BOTTOM 24.0

/* Black text on a light colour, white on a dark one. */
static const char *text_colour(const char *fill)
{
	unsigned r, g, b;

	if (sscanf(fill, "#%2x%2x%2x", &r, &g, &b) != 3)
		return "#000000";
	return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#000000" : "#ffffff";
}

static void draw_frame(FILE *f, const struct svg_flame *fl,
		       const struct svg_flame_frame *fr)
{
	double scale = fl->total > 0 ? FLAME_WIDTH / fl->total : 0;
	double x = SVG_MARGIN_LEFT + fr->start * scale, w = fr->width * scale;
	double y = SVG_MARGIN_TOP + (double)(fl->max_depth - fr->depth) * FRAME_HEIGHT;
	double fit = floor((w - 2 * TEXT_PAD) / SVG_CHAR_WIDTH);

	fputs("<g class=\"frame\"><title>", f);
	svg_escape(f, fr->tooltip);
	fprintf(f, "</title><rect x=\"%.3f\" y=\"%.1f\" width=\"%.3f\" height=\"%.1f\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"0.5\"/>",
		x, y, w, FRAME_HEIGHT - 1, fr->colour);
	/* as many characters as the box holds, "…" for the rest */
	if (fit >= 2) {
		fprintf(f, "<text x=\"%.3f\" y=\"%.1f\" fill=\"%s\">",
			x + TEXT_PAD, y + FRAME_HEIGHT - 4.5, text_colour(fr->colour));
		svg_escape_cut(f, fr->name, strlen(fr->name) <= fit ? (size_t)fit
								   : (size_t)fit - 1);
		fputs("</text>", f);
	}
	fputs("</g>\n", f);
}

void svg_flame(FILE *f, const struct svg_flame *fl)
{
	double legend_x = SVG_MARGIN_LEFT + FLAME_WIDTH + SVG_LEGEND_GAP;
	double rows = (double)(fl->max_depth + 1) * FRAME_HEIGHT;
	double legend_rows = SVG_LEGEND_ROW * (double)(fl->n_series + 1);
	size_t longest = 0;

	for (size_t i = 0; i < fl->n_series; i++)
		if (strlen(fl->series_names[i]) > longest)
			longest = strlen(fl->series_names[i]);
	svg_document(f, fl->title, fl->subtitle,
		     legend_x + 24 + (double)longest * SVG_CHAR_WIDTH + 16,
		     SVG_MARGIN_TOP + fmax(rows, legend_rows) + FLAME_BOTTOM);
	fputs("<g class=\"flame\">\n", f);
	for (size_t i = 0; i < fl->n_frames; i++)
		draw_frame(f, fl, &fl->frames[i]);
	fputs("</g>\n", f);
	svg_legend(f, legend_x, SVG_MARGIN_TOP, fl->legend_title,
		   fl->series_names, fl->series_colours, fl->n_series, false);
	fputs("</svg>\n", f);
}
