/* pics_open_file: regular files only, and a path under a root that never
 * leaves it (pics/path.c). */
#include <errno.h>
#include <sys/stat.h>

#include "test_pics_util.h"

/* A scratch root: root/bin/prog, a file, and outside/secret beside it. */
static const char *make_root(void)
{
	const char *top = scratch("root-top");
	char cmd[512];
	char path[300];

	snprintf(cmd, sizeof(cmd), "rm -rf %s && mkdir -p %s/root/bin %s/outside",
		 top, top, top);
	assert_int_equal(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/root/bin/prog", top);
	write_bytes(path, "prog", 4);
	snprintf(path, sizeof(path), "%s/outside/secret", top);
	write_bytes(path, "secret", 6);
	return top;
}

static void remove_root(const char *top)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", top);
	assert_int_equal(system(cmd), 0);
}

/* Opens @path under @top/root; the first bytes read, or "" on failure
 * with the message in @err. */
static const char *read_under(const char *top, const char *path,
			      char **where, struct pics_error *err)
{
	static char got[16];
	char root[300];
	ssize_t n;
	int fd;

	snprintf(root, sizeof(root), "%s/root", top);
	*where = NULL;
	fd = pics_open_file(root, path, where, err);
	if (fd < 0)
		return "";
	n = read(fd, got, sizeof(got) - 1);
	close(fd);
	got[n > 0 ? n : 0] = '\0';
	return got;
}

static void link_in(const char *top, const char *target, const char *name)
{
	char path[300];

	snprintf(path, sizeof(path), "%s/root/%s", top, name);
	assert_int_equal(symlink(target, path), 0);
}

static void test_regular_file_opens_as_named(void **state)
{
	const char *path = scratch("plain");
	struct pics_error err = { 0 };
	char *where = NULL;
	int fd;

	(void)state;
	write_bytes(path, "x", 1);
	fd = pics_open_file(NULL, path, &where, &err);
	assert_true(fd >= 0);
	assert_string_equal(where, path);
	close(fd);
	free(where);
	unlink(path);
}

static void test_fifo_is_refused_without_waiting_for_a_writer(void **state)
{
	const char *path = scratch("fifo");
	struct pics_error err = { 0 };

	(void)state;
	unlink(path);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(pics_open_file(NULL, path, NULL, &err), -1);
	assert_non_null(strstr(err.msg, ": not a regular file"));
	unlink(path);
}

static void test_folder_and_device_are_refused(void **state)
{
	struct pics_error err = { 0 };

	(void)state;
	assert_int_equal(pics_open_file(NULL, "/tmp", NULL, &err), -1);
	assert_string_equal(err.msg, "/tmp: not a regular file");
	assert_int_equal(pics_open_file(NULL, "/dev/null", NULL, &err), -1);
	assert_string_equal(err.msg, "/dev/null: not a regular file");
}

static void test_path_under_root_is_read_there(void **state)
{
	const char *top = make_root();
	struct pics_error err = { 0 };
	char want[300];
	char *where;

	(void)state;
	assert_string_equal(read_under(top, "/bin/prog", &where, &err), "prog");
	snprintf(want, sizeof(want), "%s/root/bin/prog", top);
	assert_string_equal(where, want);
	free(where);
	assert_string_equal(read_under(top, "bin/./prog", &where, &err), "prog");
	free(where);
	remove_root(top);
}

static void test_absolute_link_starts_again_at_root(void **state)
{
	const char *top = make_root();
	struct pics_error err = { 0 };
	char target[300], want[300];
	char *where;

	(void)state;
	link_in(top, "/bin/prog", "bin/abs");
	assert_string_equal(read_under(top, "/bin/abs", &where, &err), "prog");
	snprintf(want, sizeof(want), "%s/root/bin/prog", top);
	assert_string_equal(where, want);
	free(where);
	/* The host's path of the outside file means nothing inside. */
	snprintf(target, sizeof(target), "%s/outside/secret", top);
	link_in(top, target, "bin/host");
	assert_string_equal(read_under(top, "/bin/host", &where, &err), "");
	assert_null(where);
	assert_non_null(strstr(err.msg, "/root/bin/host: cannot open: "));
	remove_root(top);
}

static void test_dotdot_and_links_never_lead_out(void **state)
{
	const char *top = make_root();
	struct pics_error err = { 0 };
	char want[400];
	char *where;

	(void)state;
	assert_string_equal(read_under(top, "/../outside/secret", &where, &err), "");
	snprintf(want, sizeof(want), "%s/root/../outside/secret: leads out of %s/root",
		 top, top);
	assert_string_equal(err.msg, want);
	link_in(top, "../../outside/secret", "bin/up");
	assert_string_equal(read_under(top, "/bin/up", &where, &err), "");
	assert_non_null(strstr(err.msg, "/root/bin/up: leads out of "));
	link_in(top, "..", "bin/parent");
	assert_string_equal(read_under(top, "/bin/parent/bin/prog", &where, &err),
			    "prog");
	free(where);
	assert_string_equal(read_under(top, "/bin/parent/../outside/secret",
				       &where, &err), "");
	assert_non_null(strstr(err.msg, ": leads out of "));
	remove_root(top);
}

static void test_link_loop_is_an_error(void **state)
{
	const char *top = make_root();
	struct pics_error err = { 0 };
	char *where;

	(void)state;
	link_in(top, "b", "bin/a");
	link_in(top, "a", "bin/b");
	assert_string_equal(read_under(top, "/bin/a", &where, &err), "");
	assert_non_null(strstr(err.msg, strerror(ELOOP)));
	remove_root(top);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regular_file_opens_as_named),
		cmocka_unit_test(test_fifo_is_refused_without_waiting_for_a_writer),
		cmocka_unit_test(test_folder_and_device_are_refused),
		cmocka_unit_test(test_path_under_root_is_read_there),
		cmocka_unit_test(test_absolute_link_starts_again_at_root),
		cmocka_unit_test(test_dotdot_and_links_never_lead_out),
		cmocka_unit_test(test_link_loop_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
