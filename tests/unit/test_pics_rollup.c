/* Roll-up of instruction stacks to functions and the program, and the
 * symbols that name them. */
#include "test_pics_util.h"

#define ST_L1 (1u << PICS_TEA_ST_L1)
#define ST_LLC (1u << PICS_TEA_ST_LLC)
#define FL_MB (1u << PICS_TEA_FL_MB)

static const struct test_func funcs[] = {
	{ "kernel", 0x80000100, 0x100 },
	{ "main", 0x80000200, 0x40 },
	{ "helper", 0x80000300, 0x20 },
};

static struct pics_profile *example(void)
{
	struct pics_meta m = tea_meta(4, 1);
	struct pics_error err;
	struct pics_profile *p = pics_profile_new(&m, &err);

	assert_non_null(p);
	assert_int_equal(pics_profile_add(p, 0x80000104, ST_L1 | ST_LLC, 50, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x80000104, 0, 10, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x80000108, ST_L1, 30, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x80000210, FL_MB, 20, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x80000210, 0, 5, &err), 0);
	/* Outside every function. */
	assert_int_equal(pics_profile_add(p, 0x80000800, 0, 15, &err), 0);
	return p;
}

static struct pics_symbols *open_elf(const char *path, size_t n)
{
	struct pics_error err;
	struct pics_symbols *s;

	write_test_elf(path, funcs, n);
	s = pics_symbols_open(path, &err);
	if (!s)
		fail_msg("%s", err.msg);
	return s;
}

static struct pics_stacks *build(const struct pics_profile *p,
				 enum pics_unit_kind kind,
				 const struct pics_symbols *syms)
{
	struct pics_error err;
	struct pics_stacks *st = pics_stacks_build(p, kind, syms, &err);

	if (!st)
		fail_msg("%s", err.msg);
	return st;
}

static void test_symbols_find_functions_and_build_id(void **state)
{
	const char *path = scratch("syms.elf");
	struct pics_symbols *s = open_elf(path, 3);
	const uint8_t *id;
	const char *name;
	uint64_t start;

	(void)state;
	assert_true(pics_symbols_function(s, 0x80000100, &name, &start));
	assert_string_equal(name, "kernel");
	assert_true(pics_symbols_function(s, 0x800001fe, &name, &start));
	assert_int_equal(start, 0x80000100);
	assert_true(pics_symbols_function(s, 0x8000031f, &name, &start));
	assert_string_equal(name, "helper");
	assert_false(pics_symbols_function(s, 0x80000240, &name, &start));
	assert_false(pics_symbols_function(s, 0x800000fc, &name, &start));
	assert_int_equal(pics_symbols_build_id(s, &id), 20);
	assert_int_equal(id[0], 1);
	assert_int_equal(id[19], 20);
	pics_symbols_close(s);
	unlink(path);
}

static void test_instruction_units_are_sorted_heaviest_first(void **state)
{
	struct pics_profile *p = example();
	struct pics_stacks *st = build(p, PICS_UNIT_INSN, NULL);
	const struct pics_unit *u;

	(void)state;
	assert_int_equal(pics_stacks_count(st), 4);
	assert_int_equal(pics_stacks_total(st), 130);
	u = pics_stacks_unit(st, 0);
	assert_int_equal(u->key, 0x80000104);
	assert_string_equal(u->name, "0x80000104");
	assert_int_equal(u->total, 60);
	assert_int_equal(u->n_components, 2);
	assert_int_equal(u->components[0].signature, ST_L1 | ST_LLC);
	assert_int_equal(u->components[0].weight, 50);
	assert_int_equal(u->components[1].signature, 0);
	assert_int_equal(pics_stacks_unit(st, 1)->key, 0x80000108);
	assert_int_equal(pics_stacks_unit(st, 2)->key, 0x80000210);
	assert_int_equal(pics_stacks_unit(st, 3)->key, 0x80000800);
	assert_null(pics_stacks_unit(st, 4));
	pics_stacks_free(st);
	pics_profile_free(p);
}

static void test_function_rollup_sums_its_instructions(void **state)
{
	const char *path = scratch("rollup.elf");
	struct pics_symbols *s = open_elf(path, 3);
	struct pics_profile *p = example();
	struct pics_stacks *st = build(p, PICS_UNIT_FUNC, s);
	const struct pics_unit *u;

	(void)state;
	assert_int_equal(pics_stacks_count(st), 3);
	u = pics_stacks_unit(st, 0);
	assert_string_equal(u->name, "kernel");
	assert_true(u->resolved);
	assert_int_equal(u->key, 0x80000100);
	assert_int_equal(u->total, 90);
	assert_int_equal(u->n_components, 3);
	assert_int_equal(u->components[0].signature, ST_L1 | ST_LLC);
	assert_int_equal(u->components[1].signature, ST_L1);
	assert_int_equal(u->components[1].weight, 30);
	assert_int_equal(u->components[2].weight, 10);
	u = pics_stacks_unit(st, 1);
	assert_string_equal(u->name, "main");
	assert_int_equal(u->total, 25);
	/* An address no function covers stays its own unit. */
	u = pics_stacks_unit(st, 2);
	assert_string_equal(u->name, "0x80000800");
	assert_false(u->resolved);
	pics_stacks_free(st);
	pics_profile_free(p);
	pics_symbols_close(s);
	unlink(path);
}

static void test_stripped_binary_reports_addresses(void **state)
{
	const char *path = scratch("stripped.elf");
	struct pics_symbols *s = open_elf(path, 0);
	struct pics_profile *p = example();
	struct pics_stacks *st = build(p, PICS_UNIT_FUNC, s);
	const char *name;
	uint64_t start;

	(void)state;
	assert_false(pics_symbols_function(s, 0x80000104, &name, &start));
	assert_int_equal(pics_stacks_count(st), 4);
	assert_string_equal(pics_stacks_unit(st, 0)->name, "0x80000104");
	assert_false(pics_stacks_unit(st, 0)->resolved);
	pics_stacks_free(st);
	st = build(p, PICS_UNIT_LINE, s);
	assert_int_equal(pics_stacks_count(st), 4);
	assert_string_equal(pics_stacks_unit(st, 1)->name, "0x80000108");
	pics_stacks_free(st);
	pics_profile_free(p);
	pics_symbols_close(s);
	unlink(path);
}

static void test_program_rollup_is_the_whole_stack(void **state)
{
	struct pics_profile *p = example();
	struct pics_stacks *st = build(p, PICS_UNIT_PROGRAM, NULL);
	const struct pics_unit *u = pics_stacks_unit(st, 0);

	(void)state;
	assert_int_equal(pics_stacks_count(st), 1);
	assert_string_equal(u->name, "program");
	assert_int_equal(u->total, 130);
	assert_int_equal(u->n_components, 4);
	assert_int_equal(u->components[0].signature, ST_L1 | ST_LLC);
	assert_int_equal(u->components[1].signature, 0);
	assert_int_equal(u->components[1].weight, 30);
	assert_int_equal(u->components[2].signature, ST_L1);
	assert_int_equal(u->components[3].signature, FL_MB);
	pics_stacks_free(st);
	pics_profile_free(p);
}

static void test_empty_profile_has_no_units(void **state)
{
	struct pics_meta m = tea_meta(2, 1);
	struct pics_profile *p = pics_profile_new(&m, NULL);
	struct pics_stacks *st = build(p, PICS_UNIT_PROGRAM, NULL);

	(void)state;
	assert_int_equal(pics_stacks_count(st), 0);
	assert_int_equal(pics_stacks_total(st), 0);
	pics_stacks_free(st);
	pics_profile_free(p);
}

static void test_non_elf_is_rejected(void **state)
{
	const char *path = scratch("notelf");
	struct pics_error err;

	(void)state;
	write_bytes(path, "#!/bin/sh\n", 10);
	assert_null(pics_symbols_open(path, &err));
	assert_int_equal(err.code, PICS_ERR_SYMBOLS);
	assert_non_null(strstr(err.msg, "not an ELF"));
	assert_null(pics_symbols_open("/nonexistent.elf", &err));
	assert_int_equal(err.code, PICS_ERR_IO);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symbols_find_functions_and_build_id),
		cmocka_unit_test(test_instruction_units_are_sorted_heaviest_first),
		cmocka_unit_test(test_function_rollup_sums_its_instructions),
		cmocka_unit_test(test_stripped_binary_reports_addresses),
		cmocka_unit_test(test_program_rollup_is_the_whole_stack),
		cmocka_unit_test(test_empty_profile_has_no_units),
		cmocka_unit_test(test_non_elf_is_rejected),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
