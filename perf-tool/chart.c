/* teaperf chart: a table of numbers as grouped bars, lines or points in an
 * SVG image, drawn by lib/svg.c like plot's stacked bars; the evaluation's
 * figures come from it (eval/accuracy/eval-plot.sh). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/svg.h"
#include "teaperf.h"

static const char chart_usage[] =
	"usage: teaperf chart --kind KIND -o OUT [OPTIONS] [TABLE]\n"
	"\n"
	"Draws a tab-separated table (TABLE, or standard input) as an SVG image:\n"
	"  bars      a group per row, a bar per series\n"
	"  lines     a line per series through its value at each row's x\n"
	"  points    a dot per row, coloured by its series\n"
	"For bars and lines the first line names the rows' column, then the\n"
	"series; each row holds a label (lines: its x) and a value per series.\n"
	"For points each row is NAME, SERIES, X and Y; a series per name, in\n"
	"order of appearance. Numbers are at least 0, above 0 on a log axis;\n"
	"empty lines are skipped.\n"
	"\n"
	"  -k, --kind KIND       bars, lines or points\n"
	"  -o, --output OUT      the SVG file to write (required)\n"
	"      --title TEXT      above the chart\n"
	"      --x-label TEXT    under the x axis (lines, points)\n"
	"      --y-label TEXT    beside the y axis\n"
	"      --x-unit UNIT     after x in tooltips (lines, points)\n"
	"      --y-unit UNIT     after values in tooltips: '%' or a word\n"
	"      --log-x, --log-y  a logarithmic axis (lines, points)\n"
	"  -h, --help            this help\n";

/* The accuracy figures' scheme colours first, so that a scheme looks the
 * same in every figure. */
static const char *const palette[] = {
	"#1b9e77", "#7570b3", "#d95f02", "#e7298a", "#666666",
	"#66a61e", "#e6ab02", "#a6761d", "#1f78b4",
};
#define MAX_SERIES (sizeof(palette) / sizeof(palette[0]))
#define MAX_FIELDS (MAX_SERIES + 1)	/* the widest line: a header */
#define STDIN_NAME "<stdin>"

enum chart_kind { KIND_BARS, KIND_LINES, KIND_POINTS };

static const char *const kind_names[] = { "bars", "lines", "points" };

static void (*const draw[])(FILE *f, const struct svg_chart *c) = {
	svg_grouped_bars, svg_lines, svg_points,
};

struct chart {
	const char *path, *output;
	enum chart_kind kind;
	bool kind_given;
	unsigned lineno;
	struct svg_chart svg;
	char *text;			/* the table; labels point into it */
	const char *series[MAX_SERIES];
	const char **labels;
	double *x, *values;
	double *point_y;		/* points as read */
	size_t *point_series;
};

/* One error line at the table's line; returns -1. */
#define fail(ch, ...) cmd_error_at("chart", (ch)->path, (ch)->lineno, __VA_ARGS__)

/* ---- the table ---------------------------------------------------------- */

/* Reads the table and makes room for a row per line of it. */
static int load(struct chart *ch)
{
	FILE *in = strcmp(ch->path, STDIN_NAME) ? fopen(ch->path, "r") : stdin;
	size_t len, lines = 1;

	if (!in) {
		cmd_error("chart", "%s: cannot open: %s", ch->path,
			  strerror(errno));
		return -1;
	}
	ch->text = read_all(in, &len);
	if (in != stdin)
		fclose(in);
	if (!ch->text) {
		cmd_error("chart", "%s: read failed", ch->path);
		return -1;
	}
	if (strlen(ch->text) != len) {
		cmd_error("chart", "%s: a NUL byte; expected text", ch->path);
		return -1;
	}
	for (const char *p = ch->text; (p = strchr(p, '\n')); p++)
		lines++;
	ch->labels = calloc(lines, sizeof(*ch->labels));
	ch->x = calloc(lines, sizeof(*ch->x));
	ch->values = calloc(lines * MAX_SERIES, sizeof(*ch->values));
	ch->point_y = calloc(lines, sizeof(*ch->point_y));
	ch->point_series = calloc(lines, sizeof(*ch->point_series));
	if (!ch->labels || !ch->x || !ch->values || !ch->point_y ||
	    !ch->point_series) {
		cmd_error("chart", "out of memory");
		return -1;
	}
	return 0;
}

/* The next line that is not empty, cut off in place; NULL at the end. */
static char *next_line(struct chart *ch, char **pos)
{
	while (**pos) {
		char *line = *pos, *end = strchr(line, '\n');

		ch->lineno++;
		*pos = end ? end + 1 : line + strlen(line);
		if (end)
			*end = '\0';
		if (*line)
			return line;
	}
	return NULL;
}

/* Cuts @line at its tabs into at most MAX_FIELDS @fields; returns how many
 * there are. */
static size_t split(char *line, char **fields)
{
	size_t n = 0;

	for (;;) {
		char *tab = strchr(line, '\t');

		if (n < MAX_FIELDS)
			fields[n] = line;
		n++;
		if (!tab)
			return n;
		*tab = '\0';
		line = tab + 1;
	}
}

/* A finite number, above 0 on a log axis, else at least 0. */
static int number(struct chart *ch, const char *text, bool log, double *v)
{
	char *end;

	*v = strtod(text, &end);
	if (end == text || *end || !isfinite(*v))
		return fail(ch, "'%.40s': expected a number", text);
	if (log ? !(*v > 0) : *v < 0)
		return fail(ch, "%.40s: expected a number %s", text,
			    log ? "above 0 (a log axis)" : "of at least 0");
	return 0;
}

/* Bars and lines: a header, then a label and a value per series a row. */
static int read_table(struct chart *ch)
{
	struct svg_chart *c = &ch->svg;
	char *pos = ch->text, *line, *f[MAX_FIELDS];

	while ((line = next_line(ch, &pos))) {
		size_t n = split(line, f), r = c->n_rows;

		if (!c->n_series) {
			if (n < 2 || n > MAX_SERIES + 1)
				return fail(ch, "expected a header: the rows' name, then 1 to %zu series, tab-separated",
					    MAX_SERIES);
			c->n_series = n - 1;
			memcpy(ch->series, f + 1, c->n_series * sizeof(*f));
			continue;
		}
		if (n != c->n_series + 1)
			return fail(ch, "%zu fields; expected %zu: a label and a value per series",
				    n, c->n_series + 1);
		ch->labels[r] = f[0];
		if (ch->kind == KIND_LINES &&
		    number(ch, f[0], c->log_x, &ch->x[r]))
			return -1;
		for (size_t s = 0; s < c->n_series; s++)
			if (number(ch, f[s + 1], c->log_y,
				   &ch->values[r * c->n_series + s]))
				return -1;
		c->n_rows++;
	}
	return 0;
}

static int series_index(struct chart *ch, const char *name, size_t *s)
{
	struct svg_chart *c = &ch->svg;

	for (*s = 0; *s < c->n_series; (*s)++)
		if (!strcmp(ch->series[*s], name))
			return 0;
	if (c->n_series == MAX_SERIES)
		return fail(ch, "series '%.40s': more than %zu series", name,
			    MAX_SERIES);
	ch->series[c->n_series++] = name;
	return 0;
}

/* Points: NAME, SERIES, X and Y a row; a value per row in its series'
 * column, none in the others. */
static int read_points(struct chart *ch)
{
	struct svg_chart *c = &ch->svg;
	char *pos = ch->text, *line, *f[MAX_FIELDS];

	while ((line = next_line(ch, &pos))) {
		size_t r = c->n_rows;

		if (split(line, f) != 4)
			return fail(ch, "expected 4 fields: name, series, x and y");
		ch->labels[r] = f[0];
		if (series_index(ch, f[1], &ch->point_series[r]) ||
		    number(ch, f[2], c->log_x, &ch->x[r]) ||
		    number(ch, f[3], c->log_y, &ch->point_y[r]))
			return -1;
		c->n_rows++;
	}
	for (size_t r = 0; r < c->n_rows; r++)
		for (size_t s = 0; s < c->n_series; s++)
			ch->values[r * c->n_series + s] =
				s == ch->point_series[r] ? ch->point_y[r] : NAN;
	return 0;
}

static void free_chart(struct chart *ch)
{
	free(ch->text);
	free(ch->labels);
	free(ch->x);
	free(ch->values);
	free(ch->point_y);
	free(ch->point_series);
}

/* ---- command ---------------------------------------------------------- */

static void write_chart(FILE *f, const void *arg)
{
	const struct chart *ch = arg;

	draw[ch->kind](f, &ch->svg);
}

static int parse_kind(struct chart *ch, const char *arg)
{
	for (size_t k = 0; k < sizeof(kind_names) / sizeof(kind_names[0]); k++) {
		if (!strcmp(arg, kind_names[k])) {
			ch->kind = (enum chart_kind)k;
			ch->kind_given = true;
			return 0;
		}
	}
	cmd_error("chart", "--kind '%s': expected bars, lines or points", arg);
	return EXIT_USAGE;
}

/* What the options say is needed and what goes together. */
static int check_options(struct chart *ch, int argc, char **argv)
{
	if (!ch->kind_given) {
		cmd_error("chart", "--kind KIND is required: bars, lines or points");
		return EXIT_USAGE;
	}
	if (!ch->output) {
		cmd_error("chart", "-o OUT is required");
		return EXIT_USAGE;
	}
	if (ch->kind == KIND_BARS && (ch->svg.log_x || ch->svg.log_y)) {
		cmd_error("chart", "--log-x and --log-y are for lines and points");
		return EXIT_USAGE;
	}
	if (argc - optind > 1) {
		cmd_error("chart", "unexpected argument '%s'", argv[optind + 1]);
		return EXIT_USAGE;
	}
	if (optind < argc)
		ch->path = argv[optind];
	return 0;
}

static int parse_options(struct chart *ch, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kind", required_argument, NULL, 'k' },
		{ "output", required_argument, NULL, 'o' },
		{ "title", required_argument, NULL, OPT_TITLE },
		{ "x-label", required_argument, NULL, OPT_X_LABEL },
		{ "y-label", required_argument, NULL, OPT_Y_LABEL },
		{ "x-unit", required_argument, NULL, OPT_X_UNIT },
		{ "y-unit", required_argument, NULL, OPT_Y_UNIT },
		{ "log-x", no_argument, NULL, OPT_LOG_X },
		{ "log-y", no_argument, NULL, OPT_LOG_Y },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct svg_chart *c = &ch->svg;
	int opt;

	while ((opt = getopt_long(argc, argv, ":k:o:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'k':
			if (parse_kind(ch, optarg))
				return EXIT_USAGE;
			break;
		case 'o':
			ch->output = optarg;
			break;
		case OPT_TITLE:
			c->title = optarg;
			break;
		case OPT_X_LABEL:
			c->x_label = optarg;
			break;
		case OPT_Y_LABEL:
			c->y_label = optarg;
			break;
		case OPT_X_UNIT:
			c->x_unit = optarg;
			break;
		case OPT_Y_UNIT:
			c->value_unit = optarg;
			break;
		case OPT_LOG_X:
			c->log_x = true;
			break;
		case OPT_LOG_Y:
			c->log_y = true;
			break;
		case 'h':
			fputs(chart_usage, stdout);
			return OPTIONS_HELP;
		default:
			return cmd_bad_option("chart", opt, argv);
		}
	}
	return check_options(ch, argc, argv);
}

int cmd_chart(int argc, char **argv)
{
	struct chart ch = {
		.path = STDIN_NAME,
		.svg = { .title = "", .x_label = "", .y_label = "" },
	};
	int ret = parse_options(&ch, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	ch.svg.series_names = ch.series;
	ch.svg.series_colours = palette;
	if (load(&ch) ||
	    (ch.kind == KIND_POINTS ? read_points(&ch) : read_table(&ch))) {
		ret = 1;
	} else if (!ch.svg.n_rows) {
		cmd_error("chart", "%s: no rows to draw", ch.path);
		ret = 1;
	} else {
		ch.svg.row_labels = ch.labels;
		ch.svg.x_values = ch.x;
		ch.svg.values = ch.values;
		ret = write_file("chart", ch.output, write_chart, &ch);
	}
	free_chart(&ch);
	return ret;
}
