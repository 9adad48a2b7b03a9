/* Symbols of several ELFs at their load addresses: a program and a kernel,
 * placed by bias or by the mappings a Linux recording holds. */
#include "test_pics_util.h"

#define PROG_BASE 0x10000ULL
#define KERNEL_BASE 0xffffffff80000000ULL

static const struct test_func prog_funcs[] = {
	{ "main", PROG_BASE + 0x100, 0x40 },
	{ "helper", PROG_BASE + 0x200, 0x20 },
};

static const struct test_func kernel_funcs[] = {
	{ "_stext", KERNEL_BASE + 0x100, 0x100 },
	{ "handle_irq", KERNEL_BASE + 0x200, 0x80 },
};

static const char *prog_elf(void)
{
	const char *path = scratch("prog.elf");

	write_test_elf_at(path, PROG_BASE, prog_funcs, 2);
	return path;
}

static const char *kernel_elf(void)
{
	const char *path = scratch("vmlinux");

	write_test_elf_at(path, KERNEL_BASE, kernel_funcs, 2);
	return path;
}

/* A mapping of @path's one segment, which holds .text, at @start. */
static struct pics_mapping mapping_of(const char *path, const char *name,
				      uint64_t start)
{
	struct pics_mapping m = { .start = start, .end = start + 0x1000 };

	m.pgoff = test_elf_load_offset(path);
	m.build_id_len = 20;
	for (unsigned i = 0; i < 20; i++)
		m.build_id[i] = (uint8_t)(i + 1);
	snprintf(m.path, sizeof(m.path), "%s", name);
	return m;
}

static void assert_function(const struct pics_symbols *s, uint64_t addr,
			    const char *want, uint64_t want_start)
{
	const char *name;
	uint64_t start;

	if (!pics_symbols_function(s, addr, &name, &start))
		fail_msg("0x%llx: no function, expected %s",
			 (unsigned long long)addr, want);
	assert_string_equal(name, want);
	assert_int_equal(start, want_start);
}

static void test_two_elves_resolve_at_their_own_addresses(void **state)
{
	const char *prog = prog_elf(), *kernel = kernel_elf(), *path, *name;
	struct pics_error err;
	struct pics_symbols *s = pics_symbols_new(&err);
	uint64_t bias, start;

	(void)state;
	assert_non_null(s);
	assert_int_equal(pics_symbols_add(s, NULL, prog, 0, &err), 0);
	/* The kernel runs 2 MiB above where it was linked. */
	assert_int_equal(pics_symbols_add(s, NULL, kernel, 0x200000, &err), 0);
	assert_function(s, PROG_BASE + 0x104, "main", PROG_BASE + 0x100);
	assert_function(s, PROG_BASE + 0x21c, "helper", PROG_BASE + 0x200);
	assert_function(s, KERNEL_BASE + 0x200204, "handle_irq",
			KERNEL_BASE + 0x200200);
	assert_false(pics_symbols_function(s, KERNEL_BASE + 0x204, &name,
					   &start));
	assert_true(pics_symbols_elf(s, PROG_BASE + 0x104, &path, &bias));
	assert_string_equal(path, prog);
	assert_int_equal(bias, 0);
	assert_true(pics_symbols_elf(s, KERNEL_BASE + 0x200204, &path, &bias));
	assert_string_equal(path, kernel);
	assert_int_equal(bias, 0x200000);
	assert_false(pics_symbols_elf(s, 0x5000, &path, &bias));
	pics_symbols_close(s);
	unlink(prog);
	unlink(kernel);
}

static void test_failed_add_leaves_the_symbols_as_they_were(void **state)
{
	const char *prog = prog_elf(), *not_elf = scratch("not-an-elf");
	struct pics_error err;
	struct pics_symbols *s = pics_symbols_new(&err);
	const uint8_t *id;

	(void)state;
	write_bytes(not_elf, "hello", 5);
	assert_int_equal(pics_symbols_add(s, NULL, prog, 0, &err), 0);
	assert_int_equal(pics_symbols_add(s, NULL, "/nonexistent.elf", 0, &err), -1);
	assert_int_equal(err.code, PICS_ERR_IO);
	assert_int_equal(pics_symbols_add(s, NULL, not_elf, 0x1000, &err), -1);
	assert_int_equal(err.code, PICS_ERR_SYMBOLS);
	assert_function(s, PROG_BASE + 0x104, "main", PROG_BASE + 0x100);
	/* The build-id is the first ELF's. */
	assert_int_equal(pics_symbols_build_id(s, &id), 20);
	assert_int_equal(id[0], 1);
	pics_symbols_close(s);
	unlink(prog);
	unlink(not_elf);
}

static void test_mapping_bias_follows_from_the_segment_at_pgoff(void **state)
{
	const char *prog = prog_elf(), *path;
	struct pics_mapping m = mapping_of(prog, "/bin/prog", 0x7f0000);
	struct pics_error err;
	struct pics_symbols *s = pics_symbols_new(&err);
	uint64_t bias;

	(void)state;
	/* A position-independent program: linked at 0x10000, run at
	 * 0x7f0000. */
	assert_int_equal(pics_symbols_add_mapping(s, &m, NULL, prog, &err), 0);
	assert_function(s, 0x7f0104, "main", 0x7f0100);
	assert_true(pics_symbols_elf(s, 0x7f0104, &path, &bias));
	assert_int_equal(bias, 0x7f0000 - PROG_BASE);
	/* A second mapping of the same code reads nothing again. */
	assert_int_equal(pics_symbols_add_mapping(s, &m, NULL, prog, &err), 0);
	assert_function(s, 0x7f0104, "main", 0x7f0100);
	pics_symbols_close(s);
	unlink(prog);
}

/* vmlinux runs where it is linked, whatever the mapping's start (the upper
 * half of the address space). */
static void test_kernel_mapping_is_not_moved(void **state)
{
	const char *kernel = kernel_elf();
	struct pics_mapping m = mapping_of(kernel, "[kernel]", 0x8000000000000000ull);
	struct pics_error err;
	struct pics_symbols *s = pics_symbols_new(&err);

	(void)state;
	m.end = UINT64_MAX;
	assert_int_equal(pics_symbols_add_mapping(s, &m, NULL, kernel, &err), 0);
	assert_function(s, KERNEL_BASE + 0x210, "handle_irq", KERNEL_BASE + 0x200);
	pics_symbols_close(s);
	unlink(kernel);
}

/* A mapping without its ELF (a missing file, a kernel without vmlinux)
 * gives its addresses one name, so function reports sum them up. */
static void test_mapping_without_elf_names_its_addresses(void **state)
{
	struct pics_mapping m = { .start = KERNEL_BASE, .end = KERNEL_BASE + 0x1000 };
	struct pics_meta meta = tea_meta(1, 1);
	struct pics_error err;
	struct pics_symbols *s = pics_symbols_new(&err);
	struct pics_profile *p = pics_profile_new(&meta, &err);
	const struct pics_unit *u;
	struct pics_stacks *st;
	uint64_t start, end;

	(void)state;
	snprintf(m.path, sizeof(m.path), "[kernel]");
	assert_int_equal(pics_symbols_add_mapping(s, &m, NULL, NULL, &err), 0);
	assert_function(s, KERNEL_BASE + 0x10, "[kernel]", KERNEL_BASE);
	assert_true(pics_symbols_lookup(s, "[kernel]", &start, &end));
	assert_int_equal(end, KERNEL_BASE + 0x1000);
	assert_int_equal(pics_profile_add(p, KERNEL_BASE + 0x10, 0, 3, &err), 0);
	assert_int_equal(pics_profile_add(p, KERNEL_BASE + 0x24, 0, 4, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x10010, 0, 2, &err), 0);
	st = pics_stacks_build(p, PICS_UNIT_FUNC, s, &err);
	assert_non_null(st);
	assert_int_equal(pics_stacks_count(st), 2);
	u = pics_stacks_unit(st, 0);
	assert_string_equal(u->name, "[kernel]");
	assert_int_equal(u->total, 7);
	assert_true(u->resolved);
	assert_string_equal(pics_stacks_unit(st, 1)->name, "0x10010");
	pics_stacks_free(st);
	pics_profile_free(p);
	pics_symbols_close(s);
}

static void test_build_id_mismatch_is_reported_and_the_elf_unused(void **state)
{
	const char *prog = prog_elf(), *path;
	struct pics_mapping m = mapping_of(prog, "/bin/prog", PROG_BASE);
	struct pics_error err;
	struct pics_symbols *s = pics_symbols_new(&err);
	uint64_t bias;

	(void)state;
	m.build_id[0] ^= 0xff;
	assert_int_equal(pics_symbols_add_mapping(s, &m, NULL, prog, &err), -1);
	assert_int_equal(err.code, PICS_ERR_MISMATCH);
	assert_non_null(strstr(err.msg, "build-id differs from the one recorded for /bin/prog"));
	assert_function(s, PROG_BASE + 0x104, "[/bin/prog]", PROG_BASE);
	assert_false(pics_symbols_elf(s, PROG_BASE + 0x104, &path, &bias));
	pics_symbols_close(s);
	unlink(prog);
}

static void test_pgoff_outside_every_segment_is_a_mismatch(void **state)
{
	const char *prog = prog_elf();
	struct pics_mapping m = mapping_of(prog, "/bin/prog", PROG_BASE);
	struct pics_error err;
	struct pics_symbols *s = pics_symbols_new(&err);

	(void)state;
	m.pgoff = 0x100000;
	assert_int_equal(pics_symbols_add_mapping(s, &m, NULL, prog, &err), -1);
	assert_int_equal(err.code, PICS_ERR_MISMATCH);
	assert_non_null(strstr(err.msg, "no loadable segment holds offset 0x100000"));
	assert_function(s, PROG_BASE + 0x104, "[/bin/prog]", PROG_BASE);
	pics_symbols_close(s);
	unlink(prog);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_elves_resolve_at_their_own_addresses),
		cmocka_unit_test(test_failed_add_leaves_the_symbols_as_they_were),
		cmocka_unit_test(test_mapping_bias_follows_from_the_segment_at_pgoff),
		cmocka_unit_test(test_kernel_mapping_is_not_moved),
		cmocka_unit_test(test_mapping_without_elf_names_its_addresses),
		cmocka_unit_test(test_build_id_mismatch_is_reported_and_the_elf_unused),
		cmocka_unit_test(test_pgoff_outside_every_segment_is_a_mismatch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
