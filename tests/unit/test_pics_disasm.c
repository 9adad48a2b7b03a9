/* Disassembly: objdump's output parsed into instructions, objdump run as a
 * child process, and functions looked up by name for it. */
#include "test_pics_util.h"

static const char listing[] =
	"\n"
	"prog.elf:     file format elf64-littleriscv\n"
	"\n"
	"\n"
	"Disassembly of section .text:\n"
	"\n"
	"0000000080000020 <scale>:\n"
	"    80000020:\tblez\ta0,8000003e <scale+0x1e>\n"
	"    80000024:\tadd\ta5,gp,-2038 # 80001068 <data>\n"
	"    8000002e:\tlw\ta3,0(a5)\n"
	"\t...\n"
	"    8000003e:\tret\n";

static struct pics_disasm *parse(const char *text)
{
	struct pics_error err;
	struct pics_disasm *d = pics_disasm_parse(text, strlen(text), &err);

	if (!d)
		fail_msg("%s", err.msg);
	return d;
}

static void test_objdump_lines_become_instructions(void **state)
{
	struct pics_disasm *d = parse(listing);

	(void)state;
	assert_int_equal(pics_disasm_count(d), 4);
	assert_int_equal(pics_disasm_insn(d, 0)->addr, 0x80000020);
	assert_string_equal(pics_disasm_insn(d, 0)->text,
			    "blez    a0,8000003e <scale+0x1e>");
	assert_string_equal(pics_disasm_insn(d, 1)->text,
			    "add     a5,gp,-2038 # 80001068 <data>");
	assert_int_equal(pics_disasm_insn(d, 2)->addr, 0x8000002e);
	assert_string_equal(pics_disasm_insn(d, 2)->text, "lw      a3,0(a5)");
	/* No operands: nothing to pad. */
	assert_string_equal(pics_disasm_insn(d, 3)->text, "ret");
	assert_null(pics_disasm_insn(d, 4));
	pics_disasm_free(d);
}

static void test_other_lines_are_skipped(void **state)
{
	struct pics_disasm *d = parse(
		"80000000:\n"			/* no instruction */
		"80000000:\t\n"
		"80000000:\t \tnop\n"		/* text must start at once */
		"8000000g:\tnop\n"
		"12345678901234567:\tnop\n"	/* more than 64 bits */
		":\tnop\n"
		"80000000 nop\n"
		"ffffffffffffffff:\tnop");	/* last line, no newline */

	(void)state;
	assert_int_equal(pics_disasm_count(d), 1);
	assert_true(pics_disasm_insn(d, 0)->addr == UINT64_MAX);
	assert_string_equal(pics_disasm_insn(d, 0)->text, "nop");
	pics_disasm_free(d);
}

static void test_instructions_come_in_address_order(void **state)
{
	struct pics_disasm *d = parse("  20:\tret\n  10:\tnop\n  18:\tli\ta0,1\n");

	(void)state;
	assert_int_equal(pics_disasm_count(d), 3);
	assert_int_equal(pics_disasm_insn(d, 0)->addr, 0x10);
	assert_int_equal(pics_disasm_insn(d, 1)->addr, 0x18);
	assert_int_equal(pics_disasm_insn(d, 2)->addr, 0x20);
	pics_disasm_free(d);
}

static void test_control_characters_are_replaced(void **state)
{
	static const char text[] = "10:\tli\ta0,\x1b[2J\r\n";
	struct pics_error err;
	struct pics_disasm *d = pics_disasm_parse(text, sizeof(text) - 1, &err);

	(void)state;
	assert_non_null(d);
	assert_string_equal(pics_disasm_insn(d, 0)->text, "li      a0,?[2J?");
	pics_disasm_free(d);
}

static void test_missing_objdump_is_one_clear_error(void **state)
{
	struct pics_error err;

	(void)state;
	assert_null(pics_disasm_run("/nonexistent/objdump", "prog.elf", 0x10,
				    0x20, &err));
	assert_int_equal(err.code, PICS_ERR_IO);
	assert_string_equal(err.msg,
			    "cannot run /nonexistent/objdump: No such file or directory");
}

/* cat rejects objdump's options: its complaint, without its name, is the
 * reason given. */
static void test_failing_objdump_reports_its_complaint(void **state)
{
	struct pics_error err;

	(void)state;
	assert_null(pics_disasm_run("cat", "prog.elf", 0x10, 0x20, &err));
	assert_int_equal(err.code, PICS_ERR_SYMBOLS);
	/* "invalid option -- 'd'" in English; the words depend on the
	 * locale, the form does not. */
	assert_int_equal(strncmp(err.msg, "cat failed on prog.elf: ", 24), 0);
	assert_true(strlen(err.msg) > 24);
	assert_null(strstr(err.msg, "cat: "));
	assert_non_null(strstr(err.msg, "'d'"));
}

static void test_functions_are_found_by_name(void **state)
{
	static const struct test_func funcs[] = {
		{ "kernel", 0x80000100, 0x100 },
		{ "main", 0x80000200, 0x40 },
	};
	const char *path = scratch("disasm.elf"), *file;
	struct pics_symbols *s;
	struct pics_error err;
	uint64_t start = 0, end = 0;
	unsigned line;

	(void)state;
	write_test_elf(path, funcs, 2);
	s = pics_symbols_open(path, &err);
	assert_non_null(s);
	assert_true(pics_symbols_lookup(s, "main", &start, &end));
	assert_int_equal(start, 0x80000200);
	assert_int_equal(end, 0x80000240);
	assert_false(pics_symbols_lookup(s, "mai", &start, &end));
	/* No DWARF: no source. */
	assert_false(pics_symbols_source(s, 0x80000200, &file, &line));
	pics_symbols_close(s);
	unlink(path);
}

/* A corrupt size that wraps past 2^64 ends at the top; an unsized symbol
 * beyond its section's end covers nothing. Neither ends before it starts,
 * so a disassembly range is never inverted. */
static void test_corrupt_symbols_never_end_before_they_start(void **state)
{
	static const struct test_func funcs[] = {
		{ "wraps", 0xfffffffffffff000, 0x2000 },
		{ "beyond", 0x90000000, 0 },
	};
	const char *path = scratch("corrupt.elf");
	struct pics_symbols *s;
	struct pics_error err;
	uint64_t start = 0, end = 0;

	(void)state;
	write_test_elf(path, funcs, 2);
	s = pics_symbols_open(path, &err);
	assert_non_null(s);
	assert_true(pics_symbols_lookup(s, "wraps", &start, &end));
	assert_true(start == 0xfffffffffffff000 && end == UINT64_MAX);
	assert_true(pics_symbols_lookup(s, "beyond", &start, &end));
	assert_int_equal(start, 0x90000000);
	assert_int_equal(end, 0x90000000);
	pics_symbols_close(s);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_objdump_lines_become_instructions),
		cmocka_unit_test(test_other_lines_are_skipped),
		cmocka_unit_test(test_instructions_come_in_address_order),
		cmocka_unit_test(test_control_characters_are_replaced),
		cmocka_unit_test(test_missing_objdump_is_one_clear_error),
		cmocka_unit_test(test_failing_objdump_reports_its_complaint),
		cmocka_unit_test(test_functions_are_found_by_name),
		cmocka_unit_test(test_corrupt_symbols_never_end_before_they_start),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
