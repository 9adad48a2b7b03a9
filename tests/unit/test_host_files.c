/* The host file channel (sim/host/host_files.c) as a program drives it:
 * what it creates in the host folder, and what it refuses (names, what the
 * folder already holds, the run's limits) with a status the program reads. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

#include "host/host_files.h"

struct fixture {
	char dir[32];		/* the host folder */
	char outside[32];	/* a folder beside it, which nothing may reach */
	struct host_files hf;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	strcpy(f->dir, "/tmp/test-host-files-XXXXXX");
	strcpy(f->outside, "/tmp/test-host-files-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	assert_non_null(mkdtemp(f->outside));
	assert_int_equal(host_files_init(&f->hf, f->dir, 1000, 1 << 20), 0);
	*state = f;
	return 0;
}

static void remove_dir(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0))
			assert_int_equal(unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR), 0);
	}
	closedir(d);
	assert_int_equal(rmdir(path), 0);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	host_files_finish(&f->hf);
	remove_dir(f->dir);
	remove_dir(f->outside);
	free(f);
	return 0;
}

/* The program's side: the name's n bytes stored a byte at a time, as any
 * program may, then the command. */
static void put_name(struct fixture *f, const char *name, size_t n)
{
	for (size_t i = 0; i < n; i++)
		host_files_store(&f->hf, HOST_FILES_NAME + i, 1, (uint8_t)name[i]);
}

static void command(struct fixture *f, uint64_t cmd)
{
	host_files_store(&f->hf, HOST_FILES_CMD, 8, cmd);
}

static uint64_t status(struct fixture *f)
{
	uint64_t v;

	host_files_load(&f->hf, HOST_FILES_STATUS, 8, &v);
	return v;
}

/* Opens name (with its NUL) and returns the status. */
static uint64_t open_name(struct fixture *f, const char *name)
{
	put_name(f, name, strlen(name) + 1);
	command(f, HOST_FILES_OPEN);
	return status(f);
}

static void write_word(struct fixture *f, uint64_t w)
{
	host_files_store(&f->hf, HOST_FILES_DATA, 8, w);
}

/* The bytes of dir/name, or -1 when it is not a regular file. */
static long file_size(const char *dir, const char *name)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (lstat(path, &st) || !S_ISREG(st.st_mode))
		return -1;
	return (long)st.st_size;
}

/* The entries of dir, "." and ".." left out. */
static unsigned entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static void put_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static void test_a_new_file_holds_what_the_program_wrote(void **state)
{
	struct fixture *f = *state;
	char path[512], buf[16] = { 0 };
	FILE *fp;

	assert_int_equal(open_name(f, "out.tea"), HOST_FILES_OK);
	write_word(f, 0x6867666564636261ull);
	host_files_store(&f->hf, HOST_FILES_BYTE, 8, 'i');
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(status(f), HOST_FILES_OK);
	snprintf(path, sizeof(path), "%s/out.tea", f->dir);
	fp = fopen(path, "r");
	assert_non_null(fp);
	assert_int_equal(fread(buf, 1, sizeof(buf), fp), 9);
	fclose(fp);
	assert_string_equal(buf, "abcdefghi");
}

static void test_an_existing_file_is_not_replaced(void **state)
{
	struct fixture *f = *state;

	put_file(f->dir, "old.txt", "keep me");
	assert_int_equal(open_name(f, "old.txt"), HOST_FILES_EXISTS);
	write_word(f, 0);
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(file_size(f->dir, "old.txt"), 7);
}

static void test_a_file_of_this_run_is_not_replaced_either(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(open_name(f, "twice"), HOST_FILES_OK);
	write_word(f, 1);
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(open_name(f, "twice"), HOST_FILES_EXISTS);
	assert_int_equal(file_size(f->dir, "twice"), 8);
}

static void test_a_link_in_the_folder_is_not_written_through(void **state)
{
	struct fixture *f = *state;
	char target[512], link[512];

	put_file(f->outside, "target", "");
	snprintf(target, sizeof(target), "%s/target", f->outside);
	snprintf(link, sizeof(link), "%s/link", f->dir);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(open_name(f, "link"), HOST_FILES_EXISTS);
	write_word(f, 0x4141414141414141ull);
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(file_size(f->outside, "target"), 0);

	/* nor a dangling one, which would create its target */
	snprintf(target, sizeof(target), "%s/created", f->outside);
	snprintf(link, sizeof(link), "%s/dangling", f->dir);
	assert_int_equal(symlink(target, link), 0);
	assert_int_equal(open_name(f, "dangling"), HOST_FILES_EXISTS);
	assert_int_equal(entries(f->outside), 1);
}

static void test_a_fifo_in_the_folder_is_refused_at_once(void **state)
{
	struct fixture *f = *state;
	char path[512];

	snprintf(path, sizeof(path), "%s/fifo", f->dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	/* opening it for writing would wait for a reader: fail, not hang */
	alarm(10);
	assert_int_equal(open_name(f, "fifo"), HOST_FILES_EXISTS);
	alarm(0);
}

static void test_a_folder_of_that_name_is_refused(void **state)
{
	struct fixture *f = *state;
	char path[512];

	snprintf(path, sizeof(path), "%s/sub", f->dir);
	assert_int_equal(mkdir(path, 0700), 0);
	assert_int_equal(open_name(f, "sub"), HOST_FILES_EXISTS);
}

/* The n bytes stored as the name are refused, and nothing is created. */
static void assert_name_refused(struct fixture *f, const char *name, size_t n)
{
	put_name(f, name, n);
	command(f, HOST_FILES_OPEN);
	assert_int_equal(status(f), HOST_FILES_BAD_NAME);
	assert_int_equal(entries(f->dir), 0);
}

static void test_a_name_with_a_nul_inside_is_refused_not_cut_short(void **state)
{
	assert_name_refused(*state, "good.txt\0bad", 13);
}

static void test_a_name_of_256_bytes_is_refused_not_cut_to_255(void **state)
{
	char name[HOST_FILES_NAME_SIZE];

	/* the whole window, no room for the NUL */
	memset(name, 'a', sizeof(name));
	assert_name_refused(*state, name, sizeof(name));
}

static void test_a_name_of_255_bytes_is_taken(void **state)
{
	struct fixture *f = *state;
	char name[HOST_FILES_NAME_MAX + 1];

	memset(name, 'b', HOST_FILES_NAME_MAX);
	name[HOST_FILES_NAME_MAX] = 0;
	assert_int_equal(open_name(f, name), HOST_FILES_OK);
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(file_size(f->dir, name), 0);
}

static void test_names_that_could_leave_or_hide_in_the_folder_are_refused(void **state)
{
	struct fixture *f = *state;
	static const char *const bad[] = { "", "../x", "a/b", ".", "..", ".hidden", "sp ace",
					   "tab\t", "\xc3\xa9" };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_name_refused(f, bad[i], strlen(bad[i]) + 1);
	assert_int_equal(entries(f->outside), 0);
}

static void test_open_clears_the_name(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(open_name(f, "longer-name"), HOST_FILES_OK);
	command(f, HOST_FILES_CLOSE);
	/* a shorter name written over it alone: "ab" with its NUL */
	assert_int_equal(open_name(f, "ab"), HOST_FILES_OK);
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(file_size(f->dir, "ab"), 0);
	/* the same open again without a name: an empty one */
	command(f, HOST_FILES_OPEN);
	assert_int_equal(status(f), HOST_FILES_BAD_NAME);
}

static void test_a_run_creates_at_most_max_files(void **state)
{
	struct fixture *f = *state;

	host_files_finish(&f->hf);
	assert_int_equal(host_files_init(&f->hf, f->dir, 2, 1 << 20), 0);
	assert_int_equal(open_name(f, "one"), HOST_FILES_OK);
	assert_int_equal(open_name(f, "two"), HOST_FILES_OK);
	assert_int_equal(open_name(f, "three"), HOST_FILES_TOO_MANY);
	write_word(f, 0);
	assert_int_equal(status(f), HOST_FILES_TOO_MANY);
	/* a refused name does not count */
	assert_int_equal(entries(f->dir), 2);
}

static void test_a_run_writes_at_most_max_bytes(void **state)
{
	struct fixture *f = *state;

	host_files_finish(&f->hf);
	assert_int_equal(host_files_init(&f->hf, f->dir, 10, 20), 0);
	assert_int_equal(open_name(f, "first"), HOST_FILES_OK);
	write_word(f, 1);
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(open_name(f, "second"), HOST_FILES_OK);
	write_word(f, 2);
	assert_int_equal(status(f), HOST_FILES_OK);
	/* 16 of the 20 bytes written: the next word does not fit whole */
	write_word(f, 3);
	assert_int_equal(status(f), HOST_FILES_TOO_BIG);
	/* the status stays, and so does the file's length */
	host_files_store(&f->hf, HOST_FILES_BYTE, 1, 'x');
	command(f, HOST_FILES_CLOSE);
	assert_int_equal(status(f), HOST_FILES_TOO_BIG);
	assert_int_equal(file_size(f->dir, "second"), 8);
	/* the four bytes left are still the run's to write */
	assert_int_equal(open_name(f, "third"), HOST_FILES_OK);
	for (int i = 0; i < 4; i++)
		host_files_store(&f->hf, HOST_FILES_BYTE, 1, 'y');
	assert_int_equal(status(f), HOST_FILES_OK);
	host_files_store(&f->hf, HOST_FILES_BYTE, 1, 'z');
	assert_int_equal(status(f), HOST_FILES_TOO_BIG);
}

static void test_without_a_folder_every_open_is_refused(void **state)
{
	struct fixture *f = *state;

	host_files_finish(&f->hf);
	assert_int_equal(host_files_init(&f->hf, NULL, 10, 10), 0);
	assert_int_equal(open_name(f, "x"), HOST_FILES_NO_DIR);
}

static void test_a_folder_that_is_not_one_fails_at_the_start(void **state)
{
	struct fixture *f = *state;
	struct host_files hf;
	char path[512];

	snprintf(path, sizeof(path), "%s/missing", f->dir);
	assert_int_equal(host_files_init(&hf, path, 10, 10), -1);
	assert_int_equal(errno, ENOENT);
	put_file(f->dir, "plain", "");
	snprintf(path, sizeof(path), "%s/plain", f->dir);
	assert_int_equal(host_files_init(&hf, path, 10, 10), -1);
	assert_int_equal(errno, ENOTDIR);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_a_new_file_holds_what_the_program_wrote),
		T(test_an_existing_file_is_not_replaced),
		T(test_a_file_of_this_run_is_not_replaced_either),
		T(test_a_link_in_the_folder_is_not_written_through),
		T(test_a_fifo_in_the_folder_is_refused_at_once),
		T(test_a_folder_of_that_name_is_refused),
		T(test_a_name_with_a_nul_inside_is_refused_not_cut_short),
		T(test_a_name_of_256_bytes_is_refused_not_cut_to_255),
		T(test_a_name_of_255_bytes_is_taken),
		T(test_names_that_could_leave_or_hide_in_the_folder_are_refused),
		T(test_open_clears_the_name),
		T(test_a_run_creates_at_most_max_files),
		T(test_a_run_writes_at_most_max_bytes),
		T(test_without_a_folder_every_open_is_refused),
		T(test_a_folder_that_is_not_one_fails_at_the_start),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
