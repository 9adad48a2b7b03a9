/* teaperf plot: the heaviest units' cycle stacks as stacked bars, one
 * colour per signature, in an SVG image or an HTML page that also holds a
 * sortable table. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lib/palette.h"
#include "lib/svg.h"
#include "teaperf.h"

static const char plot_usage[] =
	"usage: teaperf plot [OPTIONS] [FILE]\n"
	"\n"
	"Draws the cycle stacks of the heaviest instructions (or functions, or\n"
	"source lines) as stacked bars, one colour per signature and Base in\n"
	"grey, like the figures of the TEA paper. The output's name picks the\n"
	"format:\n"
	"  .svg    a self-contained SVG image\n"
	"  .html   a page with the chart and a sortable table that needs no\n"
	"          network (no external scripts, fonts or style sheets)\n"
	"\n"
	"  -i, --input FILE      file to read (default " TEAPERF_DEFAULT_INPUT ")\n"
	STAGE_HELP
	"  -o, --output OUT      file to write (default teaperf.html)\n"
	"      --sort KEY        insn (default), func or line\n"
	"      --top N           the N heaviest units (default "
	STRINGIFY(DEFAULT_TOP) "; 0: all)\n"
	"      --binary ELF      symbols from ELF instead of the file's binary\n"
	SYMBOL_HELP
	"      --no-symbols      label bars with addresses only\n"
	DSOS_HELP
	"  -h, --help            this help\n";

#define LABEL_MAX 300

struct plot {
	struct command_files files;
	bool html;
	struct view_options view;
	const struct pics_profile *p;
	const struct pics_symbols *syms;
	const struct pics_stacks *st;
	size_t n_units;			/* shown */
	char (*labels)[LABEL_MAX];
	const char **label_ptrs;
	/* The signatures of the units shown, with their weight over them;
	 * the chart draws a series per signature, the lightest ones merged
	 * into "other" when the palette runs out. */
	struct palette pal;
	uint64_t *weights;		/* n_units x n_series */
	double *values;
	char (*value_texts)[SVG_VALUE_TEXT];
	char (*bar_totals)[SVG_VALUE_TEXT];
};

static const char *const unit_titles[] = {
	[PICS_UNIT_INSN] = "instruction",
	[PICS_UNIT_FUNC] = "function",
	[PICS_UNIT_LINE] = "source-line",
};

static const char *const unit_plurals[] = {
	[PICS_UNIT_INSN] = "instructions",
	[PICS_UNIT_FUNC] = "functions",
	[PICS_UNIT_LINE] = "source lines",
};

/* ---- the data ----------------------------------------------------------- */

/* Every signature of the shown units, with its weight over them, and
 * its series. */
static int sum_signatures(struct plot *pl)
{
	const struct pics_meta *m = pics_profile_meta(pl->p);

	for (size_t u = 0; u < pl->n_units; u++) {
		const struct pics_unit *unit = pics_stacks_unit(pl->st, u);

		for (size_t c = 0; c < unit->n_components; c++)
			if (palette_add(&pl->pal, m, unit->components[c].signature,
					unit->components[c].weight))
				return -1;
	}
	return palette_assign(&pl->pal);
}

static void label_unit(struct plot *pl, size_t u)
{
	const struct pics_unit *unit = pics_stacks_unit(pl->st, u);

	if (pl->view.sort == PICS_UNIT_INSN)
		describe_function(pl->syms, unit->key, pl->labels[u],
				  LABEL_MAX);
	if (!pl->labels[u][0])
		snprintf(pl->labels[u], LABEL_MAX, "%s", unit->name);
}

static int fill_values(struct plot *pl)
{
	size_t cells = pl->n_units * pl->pal.n_series;

	pl->labels = calloc(pl->n_units + 1, sizeof(*pl->labels));
	pl->label_ptrs = calloc(pl->n_units + 1, sizeof(*pl->label_ptrs));
	pl->weights = calloc(cells + 1, sizeof(*pl->weights));
	pl->values = calloc(cells + 1, sizeof(*pl->values));
	pl->value_texts = calloc(cells + 1, sizeof(*pl->value_texts));
	pl->bar_totals = calloc(pl->n_units + 1, sizeof(*pl->bar_totals));
	if (!pl->labels || !pl->label_ptrs || !pl->weights || !pl->values ||
	    !pl->value_texts || !pl->bar_totals)
		return -1;
	for (size_t u = 0; u < pl->n_units; u++) {
		const struct pics_unit *unit = pics_stacks_unit(pl->st, u);
		uint64_t *row = pl->weights + u * pl->pal.n_series;

		label_unit(pl, u);
		pl->label_ptrs[u] = pl->labels[u];
		format_cycles(pl->p, unit->total, pl->bar_totals[u],
			      SVG_VALUE_TEXT);
		for (size_t c = 0; c < unit->n_components; c++) {
			uint64_t sig = unit->components[c].signature;

			row[palette_find(&pl->pal, sig)->series] +=
				unit->components[c].weight;
		}
	}
	for (size_t i = 0; i < cells; i++) {
		pl->values[i] = pics_profile_cycles(pl->p, pl->weights[i]);
		format_cycles(pl->p, pl->weights[i], pl->value_texts[i],
			      SVG_VALUE_TEXT);
	}
	return 0;
}

static void free_plot(struct plot *pl)
{
	palette_free(&pl->pal);
	free(pl->labels);
	free(pl->label_ptrs);
	free(pl->weights);
	free(pl->values);
	free(pl->value_texts);
	free(pl->bar_totals);
}

/* ---- output -------------------------------------------------------------- */

static void describe(const struct plot *pl, char *title, size_t title_len,
		     char *subtitle, size_t sub_len)
{
	const struct pics_meta *m = pics_profile_meta(pl->p);
	char total[48];

	format_cycles(pl->p, pics_stacks_total(pl->st), total, sizeof(total));
	snprintf(title, title_len, "Per-%s cycle stacks",
		 unit_titles[pl->view.sort]);
	snprintf(subtitle, sub_len,
		 "%s: scheme %s, %s cycles in %zu %s, the %zu heaviest shown",
		 pl->files.input, m->scheme, total, pics_stacks_count(pl->st),
		 unit_plurals[pl->view.sort], pl->n_units);
}

static void write_svg(FILE *f, const struct plot *pl)
{
	char title[64], subtitle[PICS_PATH_MAX + 200];
	struct svg_chart c = {
		.title = title,
		.subtitle = subtitle,
		.y_label = "cycles",
		.legend_title = "Signature",
		.value_unit = "cycles",
		.n_rows = pl->n_units,
		.n_series = pl->pal.n_series,
		.row_labels = pl->label_ptrs,
		.series_names = pl->pal.names,
		.series_colours = pl->pal.colours,
		.values = pl->values,
		.value_texts = (const char (*)[SVG_VALUE_TEXT])pl->value_texts,
		.bar_totals = (const char (*)[SVG_VALUE_TEXT])pl->bar_totals,
	};

	describe(pl, title, sizeof(title), subtitle, sizeof(subtitle));
	svg_stacked_bars(f, &c);
}

/* Sorts the table by a column when its header is clicked (again: the
 * other way); "#sort=N" or "#sort=N-asc" in the address picks the first
 * order. Written for this page, with no library. */
static const char table_script[] =
	"(function () {\n"
	"  var table = document.getElementById('units');\n"
	"  var heads = table.tHead.rows[0].cells;\n"
	"  var body = table.tBodies[0];\n"
	"  function value(row, col, numeric) {\n"
	"    var cell = row.cells[col], v = cell.getAttribute('data-v');\n"
	"    if (!numeric) return cell.textContent;\n"
	"    return v === null || v === '' ? -Infinity : parseFloat(v);\n"
	"  }\n"
	"  function sortBy(col, descending) {\n"
	"    var numeric = heads[col].getAttribute('data-type') === 'num';\n"
	"    var rows = Array.prototype.slice.call(body.rows);\n"
	"    rows.sort(function (a, b) {\n"
	"      var x = value(a, col, numeric), y = value(b, col, numeric);\n"
	"      var order = numeric ? (x < y ? -1 : x > y ? 1 : 0)\n"
	"                          : x.localeCompare(y);\n"
	"      return descending ? -order : order;\n"
	"    });\n"
	"    rows.forEach(function (row) { body.appendChild(row); });\n"
	"    for (var i = 0; i < heads.length; i++)\n"
	"      heads[i].removeAttribute('aria-sort');\n"
	"    heads[col].setAttribute('aria-sort',\n"
	"                            descending ? 'descending' : 'ascending');\n"
	"  }\n"
	"  Array.prototype.forEach.call(heads, function (head, col) {\n"
	"    head.addEventListener('click', function () {\n"
	"      sortBy(col, head.getAttribute('aria-sort') !== 'descending');\n"
	"    });\n"
	"  });\n"
	"  var m = /^#sort=(\\d+)(-asc)?$/.exec(location.hash);\n"
	"  if (m && +m[1] < heads.length) sortBy(+m[1], !m[2]);\n"
	"  else sortBy(+table.getAttribute('data-default-sort'), true);\n"
	"})();\n";

static const char page_style[] =
	"body { font-family: sans-serif; margin: 24px; color: #222222; }\n"
	"h1 { font-size: 20px; margin: 0 0 4px 0; }\n"
	"p.meta { color: #555555; margin: 0 0 12px 0; }\n"
	"table { border-collapse: collapse; margin-top: 16px; font-size: 13px; }\n"
	"th, td { padding: 3px 10px; border-bottom: 1px solid #dddddd; text-align: right; white-space: nowrap; }\n"
	"th { cursor: pointer; background: #f2f2f2; user-select: none; }\n"
	"th[aria-sort=ascending]::after { content: \" \\25B2\"; }\n"
	"th[aria-sort=descending]::after { content: \" \\25BC\"; }\n"
	".name { text-align: left; font-family: monospace; }\n"
	".swatch { display: inline-block; width: 10px; height: 10px; margin-right: 4px; }\n";

static void write_table_head(FILE *f, const struct plot *pl)
{
	fputs("<thead><tr><th data-type=\"num\">Rank</th>", f);
	if (pl->view.sort == PICS_UNIT_INSN)
		fputs("<th class=\"name\" data-type=\"num\">Instruction</th>"
		      "<th class=\"name\">Function</th><th class=\"name\">Line</th>", f);
	else
		fprintf(f, "<th class=\"name\">%s</th>",
			pl->view.sort == PICS_UNIT_FUNC ? "Function" : "Line");
	fputs("<th data-type=\"num\">Cycles</th><th data-type=\"num\">Share</th>", f);
	for (size_t i = 0; i < pl->pal.n_sigs; i++) {
		fprintf(f, "<th data-type=\"num\"><span class=\"swatch\" style=\"background: %s\"></span>",
			pl->pal.colours[pl->pal.sigs[i].series]);
		svg_escape(f, pl->pal.sigs[i].name);
		fputs("</th>", f);
	}
	fputs("</tr></thead>\n", f);
}

static void write_name_cell(FILE *f, const char *text)
{
	fputs("<td class=\"name\">", f);
	svg_escape(f, text);
	fputs("</td>", f);
}

static void write_table_row(FILE *f, const struct plot *pl, size_t u)
{
	const struct pics_unit *unit = pics_stacks_unit(pl->st, u);
	char text[LABEL_MAX];

	fprintf(f, "<tr><td data-v=\"%zu\">%zu</td>", u + 1, u + 1);
	if (pl->view.sort == PICS_UNIT_INSN) {
		fprintf(f, "<td class=\"name\" data-v=\"%" PRIu64 "\">", unit->key);
		svg_escape(f, unit->name);
		fputs("</td>", f);
		describe_function(pl->syms, unit->key, text, sizeof(text));
		write_name_cell(f, text);
		describe_line(pl->syms, unit->key, text, sizeof(text));
		write_name_cell(f, text);
	} else {
		write_name_cell(f, unit->name);
	}
	fprintf(f, "<td data-v=\"%" PRIu64 "\">%s</td><td data-v=\"%.6f\">%.2f%%</td>",
		unit->total, pl->bar_totals[u],
		fraction(unit->total, pics_stacks_total(pl->st)),
		100.0 * fraction(unit->total, pics_stacks_total(pl->st)));
	for (size_t i = 0; i < pl->pal.n_sigs; i++) {
		uint64_t w = unit_weight(unit, pl->pal.sigs[i].signature);

		format_cycles(pl->p, w, text, sizeof(text));
		if (w)
			fprintf(f, "<td data-v=\"%" PRIu64 "\">%s</td>", w, text);
		else
			fputs("<td data-v=\"0\"></td>", f);
	}
	fputs("</tr>\n", f);
}

static void write_html(FILE *f, const struct plot *pl)
{
	const struct pics_meta *m = pics_profile_meta(pl->p);
	/* The Cycles column: after Rank and the unit's name columns. */
	unsigned cycles_column = pl->view.sort == PICS_UNIT_INSN ? 4 : 2;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>teaperf plot: ", f);
	svg_escape(f, pl->files.input);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>Cycle stacks of ", page_style);
	svg_escape(f, pl->files.input);
	fprintf(f, "</h1>\n<p class=\"meta\">Scheme %s, %u-wide commit, period %" PRIu64
		" cycles, %" PRIu64 " samples, %" PRIu64 " lost. Click a column to sort the table.</p>\n",
		m->scheme, m->commit_width, m->period,
		pics_profile_samples(pl->p), pics_profile_lost(pl->p));
	write_svg(f, pl);
	fprintf(f, "<table id=\"units\" data-default-sort=\"%u\">\n", cycles_column);
	write_table_head(f, pl);
	fputs("<tbody>\n", f);
	for (size_t u = 0; u < pl->n_units; u++)
		write_table_row(f, pl, u);
	fprintf(f, "</tbody>\n</table>\n<script>\n%s</script>\n</body>\n</html>\n",
		table_script);
}

static void write_output(FILE *f, const void *arg)
{
	const struct plot *pl = arg;

	if (pl->html)
		write_html(f, pl);
	else
		write_svg(f, pl);
}

/* ---- command ---------------------------------------------------------- */

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

static int pick_format(struct plot *pl)
{
	if (ends_with(pl->files.output, ".svg")) {
		pl->html = false;
		return 0;
	}
	if (ends_with(pl->files.output, ".html") || ends_with(pl->files.output, ".htm")) {
		pl->html = true;
		return 0;
	}
	cmd_error("plot", "output '%s': expected a name ending in .svg or .html",
		  pl->files.output);
	return EXIT_USAGE;
}

static int parse_options(struct plot *pl, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "input", required_argument, NULL, 'i' },
		STAGE_LONGOPT,
		{ "output", required_argument, NULL, 'o' },
		SORT_TOP_LONGOPTS,
		SYMBOL_LONGOPTS,
		NO_SYMBOLS_LONGOPT,
		DSOS_LONGOPT,
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, ret;

	while ((c = getopt_long(argc, argv, ":i:o:h", longopts, NULL)) != -1) {
		ret = file_option("plot", plot_usage, &pl->files, &pl->view, c, argv);
		if (ret)
			return ret;
	}
	if (take_input_argument("plot", argc, argv, &pl->files.input,
				pl->files.input_given) ||
	    stage_input_resolve("plot", &pl->view.stage, &pl->files.input))
		return EXIT_USAGE;
	return pick_format(pl);
}

static int plot(struct plot *pl)
{
	pl->n_units = view_shown(&pl->view, pics_stacks_count(pl->st));
	if (sum_signatures(pl) || fill_values(pl)) {
		cmd_error("plot", "out of memory");
		return 1;
	}
	return write_file("plot", pl->files.output, write_output, pl);
}

int cmd_plot(int argc, char **argv)
{
	struct plot pl = {
		.files.input = TEAPERF_DEFAULT_INPUT,
		.files.output = "teaperf.html",
	};
	struct pics_profile *p;
	struct pics_symbols *syms;
	struct pics_stacks *st;
	struct pics_error err;
	int ret = parse_options(&pl, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	p = load_stage_profile("plot", &pl.view.stage, pl.files.input);
	if (!p)
		return 1;
	if (keep_dsos("plot", pl.files.input, &p, pl.view.dsos)) {
		pics_profile_free(p);
		return 1;
	}
	syms = open_symbols("plot", p, &pl.view.so);
	st = pics_stacks_build(p, pl.view.sort, syms, &err);
	if (!st) {
		cmd_error("plot", "%s", err.msg);
		ret = 1;
	} else {
		pl.p = p;
		pl.syms = syms;
		pl.st = st;
		ret = plot(&pl);
	}
	free_plot(&pl);
	pics_stacks_free(st);
	pics_symbols_close(syms);
	pics_profile_free(p);
	return ret;
}
