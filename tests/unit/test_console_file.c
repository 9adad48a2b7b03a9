/* The files a board's console carries, written on the host
 * (perf-tool/lib/console_files.c, teaperf boot's and teaperf extract's,
 * through util.c's write_file_in): the board names them, so a name may
 * not reach outside the folder, replace a file there, or write through a
 * symbolic link; and boot's default folder is a new one. Each test works
 * in a fresh folder of its own under /tmp. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../perf-tool/lib/console_files.c"
#include "../../perf-tool/lib/util.c"
#include "teaperf_test_util.h"

/* "abc" as a console file, its CRC-32 352441c2. */
#define ABC(name) "TEA-FILE " name " 3\nTEA-FILE-DATA 616263\nTEA-FILE-END 352441c2\n"

struct place {
	char top[64];	/* the test's folder, the current one during the test */
	char cwd[PATH_MAX];
};

static int setup(void **state)
{
	struct place *p = calloc(1, sizeof(*p));

	if (!p || !getcwd(p->cwd, sizeof(p->cwd)))
		return -1;
	snprintf(p->top, sizeof(p->top), "/tmp/test_console_file.XXXXXX");
	if (!mkdtemp(p->top) || chdir(p->top))
		return -1;
	*state = p;
	return 0;
}

static int teardown(void **state)
{
	struct place *p = *state;
	char cmd[128];
	int rc;

	rc = chdir(p->cwd);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", p->top);
	rc |= system(cmd);
	free(p);
	return rc ? -1 : 0;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* The file's text, "" when there is none. */
static const char *got(const char *path)
{
	static char buf[256];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

/* console_files_write on the n bytes at text, its result, and in err
 * what it said. */
static int run(const char *text, size_t n, const char *dir, bool force, const char **err)
{
	static struct caught_stderr c;
	int rc;

	catch_stderr(&c);
	rc = console_files_write("boot", text, n, dir, force);
	*err = release_stderr(&c);
	return rc;
}

/* A refusal: -1 and one line saying why. */
static void refused(const char *text, size_t n, const char *dir, bool force, const char *why)
{
	const char *err;
	int rc = run(text, n, dir, force, &err);

	if (rc != -1 || count_lines(err) != 1 || !strstr(err, why))
		fail_msg("gave %d, said '%s', not '%s' in one line", rc, err, why);
}

#define REFUSED(text, dir, force, why) refused(text, sizeof(text) - 1, dir, force, why)

static void test_existing_file_is_not_overwritten(void **state)
{
	(void)state;
	put("Makefile", "keep");
	REFUSED(ABC("Makefile"), ".", false, "./Makefile: exists; not replaced (--force");
	assert_string_equal(got("Makefile"), "keep");
}

static void test_force_replaces_a_regular_file_not_what_it_links_to(void **state)
{
	const char *err;

	(void)state;
	put("outside", "keep");
	assert_int_equal(mkdir("out", 0777), 0);
	assert_int_equal(link("outside", "out/c.tea"), 0);
	assert_int_equal(run(ABC("c.tea"), sizeof(ABC("c.tea")) - 1, "out", true, &err), 1);
	assert_string_equal(got("out/c.tea"), "abc");
	assert_string_equal(got("outside"), "keep");
}

static void test_symlink_in_dir_is_not_written_through(void **state)
{
	(void)state;
	put("victim", "keep");
	assert_int_equal(mkdir("out", 0777), 0);
	assert_int_equal(symlink("../victim", "out/c.tea"), 0);
	assert_int_equal(symlink("../nothing", "out/d.tea"), 0);
	REFUSED(ABC("c.tea"), "out", false, "out/c.tea: a symbolic link; not written through");
	REFUSED(ABC("c.tea"), "out", true, "out/c.tea: a symbolic link; not written through");
	REFUSED(ABC("d.tea"), "out", true, "out/d.tea: a symbolic link; not written through");
	assert_string_equal(got("victim"), "keep");
	assert_int_equal(access("nothing", F_OK), -1);
}

static void test_a_folder_of_that_name_is_not_replaced(void **state)
{
	(void)state;
	assert_int_equal(mkdir("c.tea", 0777), 0);
	REFUSED(ABC("c.tea"), ".", true, "./c.tea: exists and is not a regular file");
}

static void test_boot_default_folder_is_a_new_one(void **state)
{
	const char *err;

	(void)state;
	put("Makefile", "keep");
	assert_int_equal(run(ABC("Makefile"), sizeof(ABC("Makefile")) - 1, NULL, false, &err), 1);
	assert_string_equal(got("Makefile"), "keep");
	assert_string_equal(got("teaperf-boot-1/Makefile"), "abc");
	assert_non_null(strstr(err, "teaperf-boot-1/, a new folder"));
}

static void test_default_folder_skips_names_already_taken(void **state)
{
	const char *err;

	(void)state;
	assert_int_equal(mkdir("teaperf-boot-1", 0777), 0);
	assert_int_equal(symlink("/tmp", "teaperf-boot-2"), 0);
	put("teaperf-boot-3", "keep");
	assert_int_equal(run(ABC("c.tea") ABC("d.tea"), 2 * (sizeof(ABC("c.tea")) - 1), NULL,
			     false, &err), 2);
	assert_string_equal(got("teaperf-boot-4/c.tea"), "abc");
	assert_string_equal(got("teaperf-boot-4/d.tea"), "abc");
	assert_string_equal(got("teaperf-boot-3"), "keep");
}

static void test_no_folder_is_made_without_a_file(void **state)
{
	const char *err;

	(void)state;
	assert_int_equal(run("boot\nTEA-EXIT 0\n", 16, NULL, false, &err), 0);
	assert_int_equal(access("teaperf-boot-1", F_OK), -1);
}

static void test_names_that_leave_the_folder_are_refused(void **state)
{
	static const char nul[] = "TEA-FILE a\0b 3\nTEA-FILE-DATA 616263\nTEA-FILE-END 352441c2\n";
	char long_name[300];
	char text[400];

	(void)state;
	assert_int_equal(mkdir("out", 0777), 0);
	REFUSED(ABC("../x"), "out", true, "name is not 1 to 64");
	REFUSED(ABC("a/b"), "out", true, "name is not 1 to 64");
	REFUSED(ABC(".."), "out", true, "name is not 1 to 64");
	REFUSED(nul, "out", true, "name is not 1 to 64");
	memset(long_name, 'a', 65);
	long_name[65] = '\0';
	snprintf(text, sizeof(text), ABC("%s"), long_name);
	refused(text, strlen(text), "out", true, "name is not 1 to 64");
	assert_int_equal(access("x", F_OK), -1);
	assert_int_equal(access("a", F_OK), -1);
}

static void test_write_file_in_takes_file_names_only(void **state)
{
	char name[NAME_MAX + 2];

	(void)state;
	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	assert_false(file_name_ok(""));
	assert_false(file_name_ok("."));
	assert_false(file_name_ok(".."));
	assert_false(file_name_ok("a/b"));
	assert_false(file_name_ok("/etc"));
	assert_false(file_name_ok(name));
	name[NAME_MAX] = '\0';
	assert_true(file_name_ok(name));
	assert_true(file_name_ok("..a"));
}

static void test_a_good_file_lands_in_the_named_folder(void **state)
{
	const char *err;

	(void)state;
	assert_int_equal(mkdir("out", 0777), 0);
	assert_int_equal(run("noise\r\n" ABC("c.tea"), 7 + sizeof(ABC("c.tea")) - 1, "out", false,
			     &err), 1);
	assert_string_equal(got("out/c.tea"), "abc");
	assert_non_null(strstr(err, "out/c.tea, 3 bytes from the console"));
}

static void test_named_folder_is_made_when_missing(void **state)
{
	const char *err;

	(void)state;
	assert_int_equal(run(ABC("c.tea"), sizeof(ABC("c.tea")) - 1, "new", false, &err), 1);
	assert_string_equal(got("new/c.tea"), "abc");
	/* one line for a folder that cannot be made, however many files */
	REFUSED(ABC("c.tea") ABC("d.tea"), "none/new", false, "none/new: cannot make the folder");
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_existing_file_is_not_overwritten),
		T(test_force_replaces_a_regular_file_not_what_it_links_to),
		T(test_symlink_in_dir_is_not_written_through),
		T(test_a_folder_of_that_name_is_not_replaced),
		T(test_boot_default_folder_is_a_new_one),
		T(test_default_folder_skips_names_already_taken),
		T(test_no_folder_is_made_without_a_file),
		T(test_names_that_leave_the_folder_are_refused),
		T(test_write_file_in_takes_file_names_only),
		T(test_a_good_file_lands_in_the_named_folder),
		T(test_named_folder_is_made_when_missing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
