/* The bare-metal runtime's command line: its device-tree reader
 * (driver/baremetal/fdt.c) and the split into argv
 * (driver/baremetal/cmdline.c), built here for the host. Blobs come from
 * teasim's own devicetree_build and from a small writer below that makes
 * malformed ones on purpose; each is placed against an unreadable page, so
 * that reading one byte past its end crashes the test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>
#include <libfdt.h>

#include "../../driver/baremetal/cmdline.c"
#include "../../driver/baremetal/fdt.c"
#include "soc/devicetree.h"
#include "soc/soc.h"

static const struct soc_config config = {
	.dram_size = 256ull << 20, .nharts = 1,
	.timebase_hz = 10000000, .clock_hz = 100000000,
	.isa = "rv64imac_zicsr_zifencei", .mmu = "riscv,sv39",
};

/* ---- blobs that end where readable memory ends ---- */

struct guarded {
	uint8_t *map;
	size_t map_len;
	uint8_t *blob;   /* the copy, ending at the guard page */
};

static struct guarded guard(const void *blob, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t pages = (len + page - 1) / page + 1;
	struct guarded g = { .map_len = pages * page };

	g.map = mmap(NULL, g.map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(g.map != MAP_FAILED);
	assert_int_equal(mprotect(g.map + (pages - 1) * page, page, PROT_NONE), 0);
	g.blob = g.map + (pages - 1) * page - len;
	memcpy(g.blob, blob, len);
	return g;
}

static void unguard(struct guarded *g)
{
	munmap(g->map, g->map_len);
}

static int build(const char *bootargs, uint8_t *buf, size_t len)
{
	struct dt_extras x = { .bootargs = bootargs };
	int n = devicetree_build(&config, &x, buf, len);

	assert_true(n > 0);
	return n;
}

/* The string property path/name of blob, or NULL, with the error in *err. */
static const char *string_prop(const void *blob, size_t len, const char *path,
			       const char *name, int *err)
{
	const void *v = NULL;
	uint32_t n = 0;

	*err = bm_fdt_getprop(blob, len, path, name, &v, &n);
	if (*err)
		return NULL;
	assert_true((const uint8_t *)v + n <= (const uint8_t *)blob + len);
	assert_true(n > 0);
	assert_int_equal(((const char *)v)[n - 1], '\0');
	return v;
}

/* ---- the reader on real trees ---- */

static void test_bootargs_are_found_in_chosen(void **state)
{
	uint8_t buf[16384];
	int n = build("prog.elf alpha b=2", buf, sizeof(buf));
	struct guarded g = guard(buf, (size_t)n);
	int err;

	(void)state;
	assert_string_equal(string_prop(g.blob, (size_t)n, "/chosen", "bootargs", &err),
			    "prog.elf alpha b=2");
	assert_string_equal(string_prop(g.blob, (size_t)n, "/chosen", "stdout-path", &err),
			    "/soc/serial@10000000");
	unguard(&g);
}

static void test_a_tree_without_bootargs_has_none(void **state)
{
	uint8_t buf[16384];
	int n = build(NULL, buf, sizeof(buf));
	int err;

	(void)state;
	assert_null(string_prop(buf, (size_t)n, "/chosen", "bootargs", &err));
	assert_int_equal(err, BM_FDT_NOT_FOUND);
	assert_null(string_prop(buf, (size_t)n, "/nonexistent", "bootargs", &err));
	assert_int_equal(err, BM_FDT_NOT_FOUND);
}

static void test_paths_match_like_libfdt(void **state)
{
	uint8_t buf[16384];
	int n = build("x", buf, sizeof(buf));
	int err;

	(void)state;
	/* a component without '@' matches a name with a unit address */
	assert_string_equal(string_prop(buf, (size_t)n, "/cpus/cpu", "riscv,isa", &err),
			    "rv64imac_zicsr_zifencei");
	assert_string_equal(string_prop(buf, (size_t)n, "/cpus/cpu@0", "riscv,isa", &err),
			    "rv64imac_zicsr_zifencei");
	assert_string_equal(string_prop(buf, (size_t)n, "/soc/serial@10000000", "compatible", &err),
			    "ns16550a");
	assert_null(string_prop(buf, (size_t)n, "/cpus/cpu@1", "riscv,isa", &err));
	assert_int_equal(err, BM_FDT_NOT_FOUND);
	/* the root's own properties, and not those of a node below the target */
	assert_non_null(string_prop(buf, (size_t)n, "/", "compatible", &err));
	assert_null(fdt_getprop(buf, fdt_path_offset(buf, "/cpus"), "riscv,isa", NULL));
	assert_null(string_prop(buf, (size_t)n, "/cpus", "riscv,isa", &err));
	assert_int_equal(err, BM_FDT_NOT_FOUND);
	/* a prefix of a name is not the name */
	assert_null(string_prop(buf, (size_t)n, "/chose", "bootargs", &err));
	assert_int_equal(err, BM_FDT_NOT_FOUND);
	/* extra and trailing slashes are ignored */
	assert_string_equal(string_prop(buf, (size_t)n, "//chosen/", "bootargs", &err), "x");
}

static void test_nop_tokens_are_skipped(void **state)
{
	uint8_t buf[16384];
	int n = build("after nops", buf, sizeof(buf));
	int err;

	(void)state;
	/* libfdt turns a deleted property into FDT_NOP tokens */
	assert_int_equal(fdt_open_into(buf, buf, sizeof(buf)), 0);
	assert_int_equal(fdt_nop_property(buf, fdt_path_offset(buf, "/chosen"), "stdout-path"), 0);
	n = (int)fdt_totalsize(buf);
	assert_string_equal(string_prop(buf, (size_t)n, "/chosen", "bootargs", &err), "after nops");
}

/* ---- the reader on malformed blobs ---- */

static void test_header_checks(void **state)
{
	uint8_t buf[16384], bad[16384];
	int n = build("x", buf, sizeof(buf));
	const void *v;
	uint32_t len;

	(void)state;
	assert_int_equal(bm_fdt_getprop(NULL, 0, "/chosen", "bootargs", &v, &len), BM_FDT_BAD_MAGIC);
	assert_int_equal(bm_fdt_getprop(buf, 39, "/chosen", "bootargs", &v, &len), BM_FDT_BAD_HEADER);
	/* the blob is longer than the caller can vouch for */
	assert_int_equal(bm_fdt_getprop(buf, (size_t)n - 1, "/chosen", "bootargs", &v, &len),
			 BM_FDT_BAD_HEADER);

	memcpy(bad, buf, (size_t)n);
	bad[0] ^= 1;
	assert_int_equal(bm_fdt_getprop(bad, (size_t)n, "/chosen", "bootargs", &v, &len), BM_FDT_BAD_MAGIC);

	memcpy(bad, buf, (size_t)n);
	fdt_set_version(bad, 16);
	assert_int_equal(bm_fdt_getprop(bad, (size_t)n, "/chosen", "bootargs", &v, &len), BM_FDT_BAD_VERSION);

	memcpy(bad, buf, (size_t)n);
	fdt_set_size_dt_struct(bad, fdt_size_dt_struct(buf) + 4);
	fdt_set_off_dt_strings(bad, (uint32_t)n - 2);
	assert_int_equal(bm_fdt_getprop(bad, (size_t)n, "/chosen", "bootargs", &v, &len), BM_FDT_BAD_HEADER);

	memcpy(bad, buf, (size_t)n);
	fdt_set_off_dt_struct(bad, 0xfffffffcu);
	assert_int_equal(bm_fdt_getprop(bad, (size_t)n, "/chosen", "bootargs", &v, &len), BM_FDT_BAD_HEADER);
}

/* A writer of raw structure blocks, for trees libfdt would refuse to make. */
struct raw {
	uint8_t b[512];
	size_t n;
	const char *strings;
	size_t strings_len;
};

static void raw_u32(struct raw *r, uint32_t v)
{
	assert_true(r->n + 4 <= sizeof(r->b));
	r->b[r->n++] = (uint8_t)(v >> 24);
	r->b[r->n++] = (uint8_t)(v >> 16);
	r->b[r->n++] = (uint8_t)(v >> 8);
	r->b[r->n++] = (uint8_t)v;
}

static void raw_name(struct raw *r, const char *s)
{
	size_t len = strlen(s) + 1;

	memcpy(r->b + r->n, s, len);
	r->n += len;
	while (r->n % 4)
		r->b[r->n++] = 0;
}

/* Wraps the structure block st[0..st_len) and the strings in a header. */
static size_t raw_blob(uint8_t *out, const struct raw *st)
{
	const size_t off_rsv = 40, off_struct = off_rsv + 16;
	const size_t off_strings = off_struct + st->n;
	const size_t total = off_strings + st->strings_len;
	const uint32_t h[10] = {
		0xd00dfeed, (uint32_t)total, (uint32_t)off_struct, (uint32_t)off_strings,
		(uint32_t)off_rsv, 17, 16, 0, (uint32_t)st->strings_len, (uint32_t)st->n,
	};

	memset(out, 0, total);
	for (int i = 0; i < 10; i++)
		for (int j = 0; j < 4; j++)
			out[4 * i + j] = (uint8_t)(h[i] >> (24 - 8 * j));
	memcpy(out + off_struct, st->b, st->n);
	memcpy(out + off_strings, st->strings, st->strings_len);
	return total;
}

static const char raw_strings[] = "bootargs\0other";   /* offsets 0 and 9 */

/* The blob of st, read for /chosen bootargs against a guard page. */
static int raw_lookup(const struct raw *st, const char **value)
{
	uint8_t blob[1024];
	size_t len = raw_blob(blob, st);
	struct guarded g = guard(blob, len);
	const void *v = NULL;
	uint32_t n = 0;
	int err = bm_fdt_getprop(g.blob, len, "/chosen", "bootargs", &v, &n);

	if (!err) {
		assert_true((const uint8_t *)v >= g.blob && (const uint8_t *)v + n <= g.blob + len);
		*value = v == NULL ? NULL : (const char *)blob + ((const uint8_t *)v - g.blob);
	}
	unguard(&g);
	return err;
}

static void raw_begin(struct raw *r)
{
	memset(r, 0, sizeof(*r));
	r->strings = raw_strings;
	r->strings_len = sizeof(raw_strings);
	raw_u32(r, 1);
	raw_name(r, "");
	raw_u32(r, 1);
	raw_name(r, "chosen");
}

static void raw_prop(struct raw *r, uint32_t len, uint32_t nameoff, const char *value)
{
	raw_u32(r, 3);
	raw_u32(r, len);
	raw_u32(r, nameoff);
	if (value)
		raw_name(r, value);
}

static void test_a_hand_written_tree_reads_back(void **state)
{
	struct raw r;
	const char *v = NULL;

	(void)state;
	raw_begin(&r);
	raw_prop(&r, 2, 9, "o");
	raw_prop(&r, 6, 0, "a b c");
	raw_u32(&r, 2);
	raw_u32(&r, 2);
	raw_u32(&r, 9);
	assert_int_equal(raw_lookup(&r, &v), 0);
	assert_string_equal(v, "a b c");
}

static void test_malformed_structure_blocks_are_errors(void **state)
{
	struct raw r;
	const char *v;

	(void)state;
	/* a property whose length runs past the structure block: the one
	 * looked for, and one passed over */
	raw_begin(&r);
	raw_prop(&r, 400, 0, "x");
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	raw_begin(&r);
	raw_prop(&r, 400, 9, "x");
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* a property name outside the strings block */
	raw_begin(&r);
	raw_prop(&r, 2, 1000, "x");
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* a name offset to the strings block's last byte, which is its NUL */
	raw_begin(&r);
	r.strings_len = 3;
	r.strings = "abc";
	raw_prop(&r, 2, 1, "x");
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* an unknown token */
	raw_begin(&r);
	raw_u32(&r, 7);
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* the block ends without FDT_END, inside the node */
	raw_begin(&r);
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* a property header cut short by the end of the block */
	raw_begin(&r);
	raw_u32(&r, 3);
	raw_u32(&r, 0);
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* a node name without its NUL at the end of the block */
	memset(&r, 0, sizeof(r));
	r.strings = raw_strings;
	r.strings_len = sizeof(raw_strings);
	raw_u32(&r, 1);
	memcpy(r.b + r.n, "root", 4);
	r.n += 4;
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* more FDT_END_NODE than FDT_BEGIN_NODE */
	memset(&r, 0, sizeof(r));
	r.strings = raw_strings;
	r.strings_len = sizeof(raw_strings);
	raw_u32(&r, 2);
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* a property before any node */
	memset(&r, 0, sizeof(r));
	r.strings = raw_strings;
	r.strings_len = sizeof(raw_strings);
	raw_prop(&r, 2, 0, "x");
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
	/* FDT_END with a node still open */
	raw_begin(&r);
	raw_u32(&r, 9);
	assert_int_equal(raw_lookup(&r, &v), BM_FDT_BAD_STRUCT);
}

static void test_every_corrupted_byte_is_survived(void **state)
{
	uint8_t buf[16384];
	size_t n = (size_t)build("prog.elf alpha b=2", buf, sizeof(buf));
	static const uint8_t flips[] = { 0x01, 0x80, 0xa5, 0xff };
	unsigned errors = 0;

	(void)state;
	for (size_t i = 0; i < n; i++) {
		for (size_t f = 0; f < sizeof(flips); f++) {
			struct guarded g = guard(buf, n);
			const void *v = NULL;
			uint32_t len = 0;
			int err;

			g.blob[i] ^= flips[f];
			err = bm_fdt_getprop(g.blob, n, "/chosen", "bootargs", &v, &len);
			assert_true(err <= 0 && err >= BM_FDT_BAD_STRUCT);
			if (!err)
				assert_true((const uint8_t *)v >= g.blob &&
					    (const uint8_t *)v + len <= g.blob + n);
			errors += err != 0;
			unguard(&g);
		}
	}
	/* the header, tokens and lengths are checked: many flips are caught */
	assert_true(errors > n / 4);
}

static void test_errors_have_words(void **state)
{
	(void)state;
	for (int err = BM_FDT_BAD_STRUCT; err <= 0; err++)
		assert_true(strcmp(bm_fdt_strerror(err), "unknown device tree error") != 0);
	assert_string_equal(bm_fdt_strerror(-100), "unknown device tree error");
}

/* ---- the split into argv ---- */

#define MAX_ARGS 4

static int split(const char *text, size_t buf_size, char **argv)
{
	static char buf[64];

	assert_true(buf_size <= sizeof(buf));
	return bm_cmdline_split(text, strlen(text) + 1, buf, buf_size, argv, MAX_ARGS);
}

static void test_split_at_spaces(void **state)
{
	char *argv[MAX_ARGS + 1];

	(void)state;
	assert_int_equal(split("prog.elf alpha b=2", 64, argv), 3);
	assert_string_equal(argv[0], "prog.elf");
	assert_string_equal(argv[1], "alpha");
	assert_string_equal(argv[2], "b=2");
	assert_null(argv[3]);
}

static void test_runs_of_spaces_make_no_empty_arguments(void **state)
{
	char *argv[MAX_ARGS + 1];

	(void)state;
	assert_int_equal(split("  a   b  ", 64, argv), 2);
	assert_string_equal(argv[0], "a");
	assert_string_equal(argv[1], "b");
	assert_null(argv[2]);
	assert_int_equal(split("", 64, argv), 0);
	assert_null(argv[0]);
	assert_int_equal(split("    ", 64, argv), 0);
	assert_null(argv[0]);
}

static void test_only_spaces_separate(void **state)
{
	char *argv[MAX_ARGS + 1];

	(void)state;
	assert_int_equal(split("\"a b\" c\td", 64, argv), 3);
	assert_string_equal(argv[0], "\"a");
	assert_string_equal(argv[1], "b\"");
	assert_string_equal(argv[2], "c\td");
}

static void test_the_line_ends_at_its_length_or_nul(void **state)
{
	char buf[16], *argv[MAX_ARGS + 1];

	(void)state;
	/* a property that lacks its NUL still ends at its length */
	assert_int_equal(bm_cmdline_split("ab cd", 4, buf, sizeof(buf), argv, MAX_ARGS), 2);
	assert_string_equal(argv[0], "ab");
	assert_string_equal(argv[1], "c");
	assert_int_equal(bm_cmdline_split("ab\0cd", 6, buf, sizeof(buf), argv, MAX_ARGS), 1);
	assert_string_equal(argv[0], "ab");
	assert_null(argv[1]);
}

static void test_a_line_that_does_not_fit_is_refused_whole(void **state)
{
	char *argv[MAX_ARGS + 1];

	(void)state;
	/* 9 bytes and the NUL fill 10 exactly; 10 bytes do not */
	assert_int_equal(split("abcd efgh", 10, argv), 2);
	assert_int_equal(split("abcd efghi", 10, argv), BM_CMDLINE_TOO_LONG);
	assert_null(argv[0]);
	assert_int_equal(bm_cmdline_split("", 1, (char[1]){ 0 }, 0, argv, MAX_ARGS),
			 BM_CMDLINE_TOO_LONG);
	/* as many arguments as argv holds, then one more */
	assert_int_equal(split("a b c d", 64, argv), MAX_ARGS);
	assert_string_equal(argv[3], "d");
	assert_null(argv[MAX_ARGS]);
	assert_int_equal(split("a b c d e", 64, argv), BM_CMDLINE_TOO_MANY);
	assert_null(argv[0]);
	/* trailing spaces after the last argument that fits are fine */
	assert_int_equal(split("a b c d   ", 64, argv), MAX_ARGS);
}

static void test_bootargs_from_teasims_tree_become_argv(void **state)
{
	uint8_t buf[16384];
	int n = build("build/programs/argv.elf alpha --exit=7", buf, sizeof(buf));
	char line[64], *argv[MAX_ARGS + 1];
	const void *v;
	uint32_t len;

	(void)state;
	assert_int_equal(bm_fdt_getprop(buf, (size_t)n, "/chosen", "bootargs", &v, &len), 0);
	assert_int_equal(bm_cmdline_split(v, len, line, sizeof(line), argv, MAX_ARGS), 3);
	assert_string_equal(argv[0], "build/programs/argv.elf");
	assert_string_equal(argv[1], "alpha");
	assert_string_equal(argv[2], "--exit=7");
	assert_null(argv[3]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bootargs_are_found_in_chosen),
		cmocka_unit_test(test_a_tree_without_bootargs_has_none),
		cmocka_unit_test(test_paths_match_like_libfdt),
		cmocka_unit_test(test_nop_tokens_are_skipped),
		cmocka_unit_test(test_header_checks),
		cmocka_unit_test(test_a_hand_written_tree_reads_back),
		cmocka_unit_test(test_malformed_structure_blocks_are_errors),
		cmocka_unit_test(test_every_corrupted_byte_is_survived),
		cmocka_unit_test(test_errors_have_words),
		cmocka_unit_test(test_split_at_spaces),
		cmocka_unit_test(test_runs_of_spaces_make_no_empty_arguments),
		cmocka_unit_test(test_only_spaces_separate),
		cmocka_unit_test(test_the_line_ends_at_its_length_or_nul),
		cmocka_unit_test(test_a_line_that_does_not_fit_is_refused_whole),
		cmocka_unit_test(test_bootargs_from_teasims_tree_become_argv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
