/* teaperf flame: a recording's samples by the call chains they were taken
 * in, as a flame graph (SVG) or as the folded stacks that flame-graph
 * tools read. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lib/palette.h"
#include "lib/svg.h"
#include "teaperf.h"

static const char flame_usage[] =
	"usage: teaperf flame [OPTIONS] [FILE]\n"
	"\n"
	"Draws the samples of a sample file (.tea, or a perf.data) by the call\n"
	"chains they were taken in as a flame graph: a box per function of each\n"
	"chain on top of its caller's, under all of them a box 'all', each as wide\n"
	"as the cycles spent in the function and in all it called from there,\n"
	"coloured by the signature that has most of those cycles (the colours of\n"
	"'teaperf plot'); a box's tooltip gives its function, cycles, share and\n"
	"cycle stack. A sample without a call chain (every one of a profile) is\n"
	"a stack of one function.\n"
	"\n"
	"  -i, --input FILE      file to read (default " TEAPERF_DEFAULT_INPUT ")\n"
	"  -o, --output OUT      file to write, '-' for standard output (default\n"
	"                        flame.svg; with --folded, standard output)\n"
	"      --folded          folded stacks instead of the SVG: a line per call\n"
	"                        stack, 'outermost;...;function CYCLES', the input\n"
	"                        of flamegraph.pl\n"
	"      --binary ELF      symbols from ELF instead of the file's binary\n"
	SYMBOL_HELP
	"      --no-symbols      name functions by address only\n"
	"  -h, --help            this help\n";

#define ROOT 0			/* the frame under all others */
#define NONE 0			/* no parent, child or sibling */

/* A function in one call chain: a node of the tree of chains, outermost
 * callers at the root. */
struct frame {
	uint64_t key;		/* its function (pics_chain_functions) */
	size_t parent, child, next;
	unsigned depth;
	uint64_t total;		/* of it and all it called from here */
	uint64_t self;		/* of the chains that end here */
	struct pics_component *stack;	/* total by signature */
	size_t n_stack;
	char *name;
};

struct flame {
	struct command_files files;
	bool folded;
	struct view_options view;
	const struct pics_profile *p;
	const struct pics_symbols *syms;
	struct frame *frames;
	size_t n_frames, cap;
	struct palette pal;
	const struct drawing *drawing;	/* the SVG's boxes */
};

/* ---- the tree of call chains ----------------------------------------------- */

static size_t new_frame(struct flame *fl, size_t parent, uint64_t key)
{
	struct frame *f;

	if (fl->n_frames == fl->cap) {
		size_t cap = fl->cap ? 2 * fl->cap : 256;
		struct frame *grown = realloc(fl->frames, cap * sizeof(*grown));

		if (!grown)
			return NONE;
		fl->frames = grown;
		fl->cap = cap;
	}
	f = &fl->frames[fl->n_frames];
	*f = (struct frame){ .key = key, .parent = parent };
	if (fl->n_frames != ROOT) {
		f->depth = fl->frames[parent].depth + 1;
		f->next = fl->frames[parent].child;
		fl->frames[parent].child = fl->n_frames;
	}
	return fl->n_frames++;
}

static size_t child_frame(struct flame *fl, size_t parent, uint64_t key)
{
	for (size_t c = fl->frames[parent].child; c != NONE; c = fl->frames[c].next)
		if (fl->frames[c].key == key)
			return c;
	return new_frame(fl, parent, key);
}

static int add_weight(struct frame *f, uint64_t signature, uint64_t weight)
{
	struct pics_component *grown;

	f->total += weight;
	for (size_t i = 0; i < f->n_stack; i++) {
		if (f->stack[i].signature == signature) {
			f->stack[i].weight += weight;
			return 0;
		}
	}
	grown = realloc(f->stack, (f->n_stack + 1) * sizeof(*grown));
	if (!grown)
		return -1;
	f->stack = grown;
	f->stack[f->n_stack++] = (struct pics_component){ signature, weight };
	return 0;
}

/* A chain's weight to the root and to each of its functions' frames. */
static int add_chain(const struct pics_chain *c, void *ctx)
{
	struct flame *fl = ctx;
	uint64_t keys[PICS_MAX_FRAMES];
	size_t n = pics_chain_functions(c, fl->syms, keys), at = ROOT;

	if (add_weight(&fl->frames[ROOT], c->signature, c->weight))
		return -1;
	for (size_t i = 0; i < n; i++) {
		at = child_frame(fl, at, keys[i]);
		if (at == NONE ||
		    add_weight(&fl->frames[at], c->signature, c->weight))
			return -1;
	}
	fl->frames[at].self += c->weight;
	return 0;
}

/* A profile's entries, each a chain of one instruction. */
static int add_entry(const struct pics_entry *e, void *ctx)
{
	struct pics_chain c = { &e->addr, 1, e->signature, e->weight };

	return add_chain(&c, ctx);
}

static int by_name(const void *a, const void *b)
{
	const struct frame *x = *(const struct frame *const *)a;
	const struct frame *y = *(const struct frame *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->key > y->key) - (x->key < y->key);
}

/* Names every frame (';' would split a folded stack: ':' instead), sorts
 * each stack heaviest first and each frame's callees by name, as
 * flame graphs lay them out from the left. */
static int finish_tree(struct flame *fl)
{
	struct frame **kids = calloc(fl->n_frames + 1, sizeof(*kids));
	char name[512];

	if (!kids)
		return -1;
	for (size_t i = 0; i < fl->n_frames; i++) {
		struct frame *f = &fl->frames[i];

		if (i == ROOT)
			snprintf(name, sizeof(name), "all");
		else
			pics_function_name(fl->syms, f->key, name, sizeof(name));
		for (char *semi = strchr(name, ';'); semi; semi = strchr(semi, ';'))
			*semi = ':';
		f->name = strdup(name);
		if (!f->name)
			break;
		pics_components_sort(f->stack, f->n_stack);
	}
	for (size_t i = 0; i < fl->n_frames && fl->frames[i].name; i++) {
		size_t n = 0;

		for (size_t c = fl->frames[i].child; c != NONE; c = fl->frames[c].next)
			kids[n++] = &fl->frames[c];
		qsort(kids, n, sizeof(*kids), by_name);
		fl->frames[i].child = NONE;
		while (n--) {
			kids[n]->next = fl->frames[i].child;
			fl->frames[i].child = (size_t)(kids[n] - fl->frames);
		}
	}
	free(kids);
	return fl->frames[fl->n_frames - 1].name ? 0 : -1;
}

static void free_flame(struct flame *fl)
{
	for (size_t i = 0; i < fl->n_frames; i++) {
		free(fl->frames[i].stack);
		free(fl->frames[i].name);
	}
	free(fl->frames);
	palette_free(&fl->pal);
}

/* ---- folded stacks ----------------------------------------------------------- */

/* The line of the chains that end at @f, "outermost;...;f CYCLES", and
 * those of its callees, depth first. */
static void print_folded(FILE *out, const struct flame *fl, size_t f)
{
	const struct frame *fr = &fl->frames[f];

	if (fr->self) {
		size_t path[PICS_MAX_FRAMES], n = 0;
		char cycles[48];

		for (size_t at = f; at != ROOT; at = fl->frames[at].parent)
			path[n++] = at;
		while (n--)
			fprintf(out, "%s%s", fl->frames[path[n]].name, n ? ";" : "");
		format_cycles(fl->p, fr->self, cycles, sizeof(cycles));
		fprintf(out, " %s\n", cycles);
	}
	for (size_t c = fr->child; c != NONE; c = fl->frames[c].next)
		print_folded(out, fl, c);
}

static void write_folded(FILE *f, const void *arg)
{
	const struct flame *fl = arg;

	for (size_t c = fl->frames[ROOT].child; c != NONE; c = fl->frames[c].next)
		print_folded(f, fl, c);
}

/* ---- the SVG ------------------------------------------------------------------- */

struct drawing {
	struct svg_flame_frame *boxes;
	char **tooltips;
	size_t n;
	unsigned max_depth;
};

/* "scale: 300 cycles, 50.00% of all; ST-L1 66.7%  Base 33.3%" */
static char *tooltip(const struct flame *fl, const struct frame *fr)
{
	struct pics_unit u = { .total = fr->total, .n_components = fr->n_stack,
			       .components = fr->stack };
	char cycles[48], *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	format_cycles(fl->p, fr->total, cycles, sizeof(cycles));
	fprintf(f, "%s: %s cycles, %.2f%% of all; ", fr->name, cycles,
		100.0 * fraction(fr->total, fl->frames[ROOT].total));
	print_stack(f, pics_profile_meta(fl->p), &u);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* @f's box at @start and its callees' on top of it, depth first. */
static int lay_out(const struct flame *fl, struct drawing *d, size_t f,
		   uint64_t start)
{
	const struct frame *fr = &fl->frames[f];
	struct svg_flame_frame *box = &d->boxes[d->n];

	d->tooltips[d->n] = tooltip(fl, fr);
	if (!d->tooltips[d->n])
		return -1;
	*box = (struct svg_flame_frame){
		.depth = fr->depth,
		.start = (double)start,
		.width = (double)fr->total,
		.name = fr->name,
		.tooltip = d->tooltips[d->n++],
		/* its heaviest signature's */
		.colour = palette_colour(&fl->pal, fr->n_stack ? fr->stack[0].signature : 0),
	};
	if (fr->depth > d->max_depth)
		d->max_depth = fr->depth;
	for (size_t c = fr->child; c != NONE; c = fl->frames[c].next) {
		if (lay_out(fl, d, c, start))
			return -1;
		start += fl->frames[c].total;
	}
	return 0;
}

static void write_svg(FILE *f, const void *arg)
{
	const struct flame *fl = arg;
	const struct drawing *d = fl->drawing;
	const struct pics_meta *m = pics_profile_meta(fl->p);
	char title[PICS_PATH_MAX + 32], subtitle[256], total[48];
	struct svg_flame g = {
		.title = title,
		.subtitle = subtitle,
		.total = (double)fl->frames[ROOT].total,
		.max_depth = d->max_depth,
		.n_frames = d->n,
		.frames = d->boxes,
		.legend_title = "Heaviest signature",
		.n_series = fl->pal.n_series,
		.series_names = fl->pal.names,
		.series_colours = fl->pal.colours,
	};

	format_cycles(fl->p, fl->frames[ROOT].total, total, sizeof(total));
	snprintf(title, sizeof(title), "Flame graph of %s", fl->files.input);
	snprintf(subtitle, sizeof(subtitle),
		 "scheme %s, %s cycles in %" PRIu64 " samples; a box per function and call chain, coloured by its heaviest signature",
		 m->scheme, total, pics_profile_samples(fl->p));
	svg_flame(f, &g);
}

/* @write's text into the output: a file, or standard output for "-". */
static int output(const struct flame *fl, void (*write)(FILE *f, const void *arg))
{
	if (strcmp(fl->files.output, "-"))
		return write_file("flame", fl->files.output, write, fl);
	write(stdout, fl);
	return 0;
}

/* Colours by the whole run's signatures, the boxes, and the file. */
static int draw(struct flame *fl)
{
	const struct frame *root = &fl->frames[ROOT];
	struct drawing d = { 0 };
	int ret = -1;

	for (size_t i = 0; i < root->n_stack; i++)
		if (palette_add(&fl->pal, pics_profile_meta(fl->p), root->stack[i].signature,
				root->stack[i].weight))
			goto out;
	d.boxes = calloc(fl->n_frames, sizeof(*d.boxes));
	d.tooltips = calloc(fl->n_frames, sizeof(*d.tooltips));
	if (!d.boxes || !d.tooltips || palette_assign(&fl->pal) || lay_out(fl, &d, ROOT, 0))
		goto out;
	fl->drawing = &d;
	ret = output(fl, write_svg);
out:
	if (ret < 0)
		cmd_error("flame", "out of memory");
	for (size_t i = 0; d.tooltips && i < d.n; i++)
		free(d.tooltips[i]);
	free(d.tooltips);
	free(d.boxes);
	return ret ? 1 : 0;
}

/* ---- command ------------------------------------------------------------------- */

static int parse_options(struct flame *fl, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "input", required_argument, NULL, 'i' },
		{ "output", required_argument, NULL, 'o' },
		{ "folded", no_argument, NULL, OPT_FOLDED },
		SYMBOL_LONGOPTS,
		NO_SYMBOLS_LONGOPT,
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, ret;

	while ((c = getopt_long(argc, argv, ":i:o:h", longopts, NULL)) != -1) {
		if (c == OPT_FOLDED) {
			fl->folded = true;
			continue;
		}
		ret = file_option("flame", flame_usage, &fl->files, &fl->view, c, argv);
		if (ret)
			return ret;
	}
	return take_input_argument("flame", argc, argv, &fl->files.input,
				   fl->files.input_given);
}

/* The tree of @cg's chains, or of @p's instructions when @cg is NULL (a
 * profile file). */
static int build(struct flame *fl, const struct pics_callgraph *cg)
{
	int ret;

	new_frame(fl, ROOT, 0);
	if (fl->n_frames != 1)
		return -1;
	if (cg)
		ret = pics_callgraph_foreach(cg, add_chain, fl);
	else
		ret = pics_profile_foreach(fl->p, add_entry, fl);
	return ret ? ret : finish_tree(fl);
}

static int flame(struct flame *fl, const struct pics_callgraph *cg)
{
	if (!pics_callgraph_has_callers(cg))
		cmd_error("flame", "%s: no sample has callers (no call chains were recorded); each stack is one function",
			  fl->files.input);
	if (build(fl, cg)) {
		cmd_error("flame", "out of memory");
		return 1;
	}
	return fl->folded ? output(fl, write_folded) : draw(fl);
}

int cmd_flame(int argc, char **argv)
{
	struct flame fl = {
		.files.input = TEAPERF_DEFAULT_INPUT,
	};
	struct pics_callgraph *cg = NULL;
	struct pics_symbols *syms;
	struct pics_profile *p;
	int ret = parse_options(&fl, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	if (!fl.files.output)
		fl.files.output = fl.folded ? "-" : "flame.svg";
	p = load_callgraph("flame", fl.files.input, &cg);
	if (!p)
		return 1;
	syms = open_symbols("flame", p, &fl.view.so);
	fl.p = p;
	fl.syms = syms;
	ret = flame(&fl, cg);
	free_flame(&fl);
	pics_symbols_close(syms);
	pics_callgraph_free(cg);
	pics_profile_free(p);
	return ret;
}
