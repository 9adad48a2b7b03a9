/* Call graphs (pics/callgraph.c): samples by their chains of calls, read
 * with a sample file's profile, resolved to functions (a repeated frame
 * of one function is one), and rolled up to each function's children
 * cycles, each sample once per function. */
#include "test_pics_util.h"

#define BASE 0x80000000ull
#define MAIN (BASE + 0x000)
#define WORK (BASE + 0x100)
#define LEAF (BASE + 0x200)
#define UNKNOWN 0x90000000ull	/* no function holds it */

static const struct test_func funcs[] = {
	{ "main", MAIN, 0x100 },
	{ "work", WORK, 0x100 },
	{ "leaf", LEAF, 0x100 },
};

#define N_FUNCS (sizeof(funcs) / sizeof(funcs[0]))

static struct pics_sample sample(uint64_t cycle, uint64_t addr, uint64_t psv,
				 unsigned n, const uint64_t *callers)
{
	struct pics_sample s = { .cycle = cycle, .state = PICS_STALLED,
				 .valid = 1, .addr = { addr }, .psv = { psv },
				 .n_callers = n };

	for (unsigned i = 0; i < n; i++)
		s.callers[i] = callers[i];
	return s;
}

/* Six samples of 100 cycles: leaf under work under main (twice, once as
 * Linux's RISC-V unwinder shows a leaf, with a return address in leaf
 * itself first), work under main, main alone, leaf recursing through
 * work, an address of no function under main. */
static const char *write_run(const char *name)
{
	const uint64_t c1[] = { WORK + 0x10, MAIN + 0x10 };
	const uint64_t c2[] = { LEAF + 0x30, WORK + 0x10, MAIN + 0x10 };
	const uint64_t c3[] = { MAIN + 0x20 };
	const uint64_t c5[] = { WORK + 0x18, LEAF + 0x50, WORK + 0x18, MAIN + 0x10 };
	const uint64_t c6[] = { MAIN + 0x10 };
	const struct pics_sample s[] = {
		sample(100, LEAF + 0x10, 1u << PICS_TEA_ST_L1, 2, c1),
		sample(200, LEAF + 0x20, 0, 3, c2),
		sample(300, WORK + 0x20, 0, 1, c3),
		sample(400, MAIN + 0x30, 1u << PICS_TEA_DR_L1, 0, NULL),
		sample(500, LEAF + 0x40, 0, 4, c5),
		sample(600, UNKNOWN, 0, 1, c6),
	};
	struct pics_meta m = tea_meta(2, 100);
	const char *path = scratch(name);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);

	assert_non_null(w);
	for (size_t i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		assert_int_equal(pics_sample_writer_add(w, &s[i], &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	return path;
}

static struct pics_symbols *symbols(void)
{
	const char *path = scratch("funcs.elf");
	struct pics_error err;
	struct pics_symbols *syms;

	write_test_elf(path, funcs, N_FUNCS);
	syms = pics_symbols_open(path, &err);
	assert_non_null(syms);
	return syms;
}

static struct pics_profile *load(const char *path, struct pics_callgraph **cg)
{
	struct pics_error err;
	struct pics_profile *p = pics_profile_load_callgraph(path, cg, &err);

	if (!p)
		fail_msg("%s", err.msg);
	return p;
}

/* write_run's file, loaded with its call graph, and the symbols. */
struct run {
	const char *path;
	struct pics_symbols *syms;
	struct pics_callgraph *cg;
	struct pics_profile *p;
};

static struct run open_run(const char *name)
{
	struct run r = { .path = write_run(name), .syms = symbols() };

	r.p = load(r.path, &r.cg);
	return r;
}

static void close_run(struct run *r)
{
	pics_callgraph_free(r->cg);
	pics_profile_free(r->p);
	pics_symbols_close(r->syms);
	unlink(r->path);
}

/* The unit of @name in @st (none is a failure). */
static const struct pics_unit *unit(const struct pics_stacks *st,
				    const char *name)
{
	for (size_t i = 0; i < pics_stacks_count(st); i++)
		if (!strcmp(pics_stacks_unit(st, i)->name, name))
			return pics_stacks_unit(st, i);
	fail_msg("no unit %s", name);
	return NULL;
}

static void test_children_count_each_sample_once_per_function(void **state)
{
	struct run r = open_run("children.tea");
	struct pics_error err;
	struct pics_stacks *st;

	(void)state;
	assert_true(pics_callgraph_has_callers(r.cg));
	assert_int_equal(pics_profile_total_weight(r.p), 12);
	st = pics_stacks_build_children(r.cg, r.syms, NULL, 0, &err);
	assert_non_null(st);
	assert_int_equal(pics_stacks_count(st), 4);
	/* main is in every chain, first */
	assert_string_equal(pics_stacks_unit(st, 0)->name, "main");
	assert_int_equal(pics_stacks_unit(st, 0)->total, 12);
	assert_int_equal(unit(st, "work")->total, 8);
	/* the recursive sample counts once */
	assert_int_equal(unit(st, "leaf")->total, 6);
	assert_int_equal(unit(st, "0x90000000")->total, 2);
	assert_int_equal(unit(st, "main")->n_components, 3);
	pics_stacks_free(st);
	close_run(&r);
}

static void test_children_keep_to_the_ranges_of_the_instruction(void **state)
{
	const struct pics_range leaf = { LEAF, LEAF + 0x100 };
	struct run r = open_run("ranges.tea");
	struct pics_error err;
	struct pics_stacks *st;

	(void)state;
	st = pics_stacks_build_children(r.cg, r.syms, &leaf, 1, &err);
	assert_non_null(st);
	assert_int_equal(pics_stacks_count(st), 3);
	assert_int_equal(unit(st, "main")->total, 6);
	assert_int_equal(unit(st, "work")->total, 6);
	assert_int_equal(unit(st, "leaf")->total, 6);
	pics_stacks_free(st);
	close_run(&r);
}

struct collected {
	const struct pics_symbols *syms;
	size_t chains;
	uint64_t weight;
	size_t frames[8];	/* chains by their number of functions */
};

static int collect(const struct pics_chain *c, void *ctx)
{
	struct collected *col = ctx;
	uint64_t keys[PICS_MAX_FRAMES];
	size_t n = pics_chain_functions(c, col->syms, keys);

	col->chains++;
	col->weight += c->weight;
	assert_true(n < 8);
	col->frames[n]++;
	/* outermost first: every chain here starts in main */
	assert_int_equal(keys[0], MAIN);
	if (c->addr[0] == LEAF + 0x20) {
		/* leaf's return address into itself is no frame of its own */
		assert_int_equal(n, 3);
		assert_int_equal(keys[1], WORK);
		assert_int_equal(keys[2], LEAF);
	}
	return 0;
}

static void test_chains_resolve_to_functions_outermost_first(void **state)
{
	struct run r = open_run("frames.tea");
	struct collected col = { .syms = r.syms };
	char name[64];

	(void)state;
	assert_int_equal(pics_callgraph_foreach(r.cg, collect, &col), 0);
	assert_int_equal(col.chains, 6);
	assert_int_equal(col.weight, 12);
	assert_int_equal(col.frames[1], 1);	/* main alone */
	assert_int_equal(col.frames[2], 2);	/* work, and the unknown */
	assert_int_equal(col.frames[3], 2);	/* leaf, twice */
	assert_int_equal(col.frames[5], 1);	/* the recursion */
	pics_function_name(r.syms, WORK, name, sizeof(name));
	assert_string_equal(name, "work");
	pics_function_name(r.syms, UNKNOWN, name, sizeof(name));
	assert_string_equal(name, "0x90000000");
	close_run(&r);
}

/* A compute sample's slots share its callers, each with its share. */
static void test_compute_sample_splits_under_its_callers(void **state)
{
	struct pics_meta m = tea_meta(2, 100);
	struct pics_sample s = { .state = PICS_COMPUTE, .valid = 3,
				 .addr = { LEAF, LEAF + 4 }, .n_callers = 1,
				 .callers = { MAIN + 0x10 } };
	struct pics_symbols *syms = symbols();
	struct pics_error err;
	struct pics_callgraph *cg = pics_callgraph_new(&m, &err);
	struct collected col = { .syms = syms };
	struct pics_stacks *st;

	(void)state;
	assert_non_null(cg);
	assert_false(pics_callgraph_has_callers(cg));
	assert_int_equal(pics_callgraph_add_sample(cg, &s, &err), 0);
	assert_true(pics_callgraph_has_callers(cg));
	assert_int_equal(pics_callgraph_foreach(cg, collect, &col), 0);
	assert_int_equal(col.chains, 2);
	assert_int_equal(col.weight, 2);
	st = pics_stacks_build_children(cg, syms, NULL, 0, &err);
	assert_int_equal(unit(st, "main")->total, 2);
	assert_int_equal(unit(st, "leaf")->total, 2);
	pics_stacks_free(st);
	pics_callgraph_free(cg);
	pics_symbols_close(syms);
}

static void test_profile_file_has_no_call_graph(void **state)
{
	const char *path = write_run("noprof.tea"), *prof = scratch("run.prof");
	struct pics_callgraph *cg;
	struct pics_profile *p = load(path, &cg);
	struct pics_error err;

	(void)state;
	assert_int_equal(pics_profile_write(p, prof, &err), 0);
	pics_callgraph_free(cg);
	pics_profile_free(p);
	p = load(prof, &cg);
	assert_null(cg);
	assert_false(pics_callgraph_has_callers(cg));
	pics_profile_free(p);
	unlink(path);
	unlink(prof);
}

static int first_chain(const struct pics_chain *c, void *ctx)
{
	memcpy(ctx, c->addr, c->n * sizeof(*c->addr));
	return 1;
}

/* Two programs at the same addresses: the second one's samples move up
 * by 2^48 (docs/formats.md, address spaces), their callers with them. */
static void test_callers_move_with_their_sample_s_address_space(void **state)
{
	struct pics_mapping a = { .start = 0x10000, .end = 0x11000, .pid = 1,
				  .path = "/bin/a" };
	struct pics_mapping b = { .start = 0x10000, .end = 0x11000, .pid = 2,
				  .path = "/bin/b" };
	const uint64_t callers[] = { 0x10020, 0xffffffff80001000ull };
	struct pics_sample s = sample(100, 0x10010, 0, 2, callers);
	struct pics_meta m = tea_meta(2, 100);
	const char *path = scratch("spaces.tea");
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	struct pics_callgraph *cg;
	struct pics_profile *p;
	uint64_t chain[3];

	(void)state;
	assert_int_equal(pics_sample_writer_map(w, &a, &err), 0);
	assert_int_equal(pics_sample_writer_map(w, &b, &err), 0);
	s.pid = 2;
	assert_int_equal(pics_sample_writer_add(w, &s, &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	p = load(path, &cg);
	assert_int_equal(pics_callgraph_foreach(cg, first_chain, chain), 1);
	assert_int_equal(chain[0], (1ull << 48) + 0x10010);
	assert_int_equal(chain[1], (1ull << 48) + 0x10020);
	assert_int_equal(chain[2], 0xffffffff80001000ull);	/* no mapping: stays */
	pics_callgraph_free(cg);
	pics_profile_free(p);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_children_count_each_sample_once_per_function),
		cmocka_unit_test(test_children_keep_to_the_ranges_of_the_instruction),
		cmocka_unit_test(test_chains_resolve_to_functions_outermost_first),
		cmocka_unit_test(test_compute_sample_splits_under_its_callers),
		cmocka_unit_test(test_profile_file_has_no_call_graph),
		cmocka_unit_test(test_callers_move_with_their_sample_s_address_space),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
