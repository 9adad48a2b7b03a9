/* Fuzzes how libpics finds a path that a file names inside a root folder
 * (pics_open_file, teaperf's --symfs): in a root holding links inward,
 * outward, absolute, looping, to a FIFO and to a file beside the root,
 * whatever the path, what opens is a regular file inside the root, or
 * nothing and one line saying why. */
#include "fuzz_util.h"

#include <ftw.h>
#include <limits.h>
#include <sys/stat.h>

static char top[] = "/tmp/fuzz-symfs-XXXXXX";
static char root[PATH_MAX], real_root[PATH_MAX];

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_tree(void)
{
	nftw(top, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void make_file(const char *name)
{
	char path[PATH_MAX + 64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, name);
	f = fopen(path, "w");
	FUZZ_CHECK(f);
	fputs("x", f);
	fclose(f);
}

static void make_link(const char *target, const char *name)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", root, name);
	FUZZ_CHECK(symlink(target, path) == 0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[PATH_MAX + 64];

	(void)argc;
	(void)argv;
	FUZZ_CHECK(mkdtemp(top));
	atexit(remove_tree);
	snprintf(root, sizeof(root), "%s/outside", top);
	FUZZ_CHECK(mkdir(root, 0700) == 0);
	make_file("secret");
	snprintf(root, sizeof(root), "%s/root", top);
	FUZZ_CHECK(mkdir(root, 0700) == 0);
	for (const char *d = "bin\0usr\0usr/lib\0"; *d; d += strlen(d) + 1) {
		snprintf(path, sizeof(path), "%s/%s", root, d);
		FUZZ_CHECK(mkdir(path, 0700) == 0);
	}
	make_file("bin/prog");
	make_file("usr/lib/libc.so");
	make_link("/bin/prog", "bin/abs");
	make_link("prog", "bin/rel");
	make_link("../..", "bin/up");
	make_link("../outside/secret", "secret");
	make_link("../outside", "out");
	make_link("usr/lib", "lib");
	make_link("/usr/lib/../../bin", "usr/bin");
	make_link("loop", "loop");
	make_link(top, "host");
	snprintf(path, sizeof(path), "%s/fifo", root);
	FUZZ_CHECK(mkfifo(path, 0600) == 0);
	FUZZ_CHECK(realpath(root, real_root));
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[PATH_MAX], opened[PATH_MAX];
	struct pics_error err = { 0 };
	size_t len = size < sizeof(path) - 1 ? size : sizeof(path) - 1;
	size_t root_len = strlen(real_root);
	char *where = NULL;
	struct stat st;
	int fd;

	memcpy(path, data, len);
	path[len] = '\0';
	fd = pics_open_file(root, path, &where, &err);
	if (fd < 0) {
		FUZZ_CHECK(err.msg[0] != '\0');
		FUZZ_CHECK(strchr(err.msg, '\n') == NULL);
		FUZZ_CHECK(where == NULL);
		return 0;
	}
	FUZZ_CHECK(fstat(fd, &st) == 0 && S_ISREG(st.st_mode));
	FUZZ_CHECK(where && realpath(where, opened));
	FUZZ_CHECK(!strncmp(opened, real_root, root_len) && opened[root_len] == '/');
	close(fd);
	free(where);
	return 0;
}
