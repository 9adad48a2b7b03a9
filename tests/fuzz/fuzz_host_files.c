/* Fuzzes the host file channel's name handling (sim/host/host_files.c):
 * any bytes a program stores into NAME, then OPEN, either create exactly
 * the file the rule allows (tea/host_files.h), a regular file in the
 * folder, or are refused with BAD_NAME or EXISTS, leaving the folder and
 * everything outside it as they were.
 *
 * Input: byte 0 picks the store size (1, 2, 4 or 8 bytes: its low two
 * bits); the rest is what the program stores into NAME from offset 0, cut
 * at the window's 256 bytes. */
#include "fuzz_util.h"

#include <fcntl.h>
#include <sys/stat.h>

#include "host/host_files.h"

static char dir[] = "/tmp/fuzz-host-files-XXXXXX";
static char outside[] = "/tmp/fuzz-host-files-out-XXXXXX";
static char target[64];
static int dir_fd = -1;
static struct host_files hf;

static void remove_all(void)
{
	char path[96];

	host_files_finish(&hf);
	snprintf(path, sizeof(path), "%s/taken", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/link", dir);
	unlink(path);
	unlink(target);
	rmdir(dir);
	rmdir(outside);
}

/* The folder holds a file and a link to a file outside it, which no name
 * may reach. */
static void setup_once(void)
{
	char path[96];
	int fd;

	FUZZ_CHECK(mkdtemp(dir) && mkdtemp(outside));
	snprintf(target, sizeof(target), "%s/target", outside);
	fd = open(target, O_WRONLY | O_CREAT | O_EXCL, 0600);
	FUZZ_CHECK(fd >= 0 && close(fd) == 0);
	snprintf(path, sizeof(path), "%s/taken", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	FUZZ_CHECK(fd >= 0 && close(fd) == 0);
	snprintf(path, sizeof(path), "%s/link", dir);
	FUZZ_CHECK(symlink(target, path) == 0);
	dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	FUZZ_CHECK(dir_fd >= 0);
	FUZZ_CHECK(host_files_init(&hf, dir, UINT64_MAX, UINT64_MAX) == 0);
	atexit(remove_all);
}

/* The rule, written out apart from the code under test. */
static uint64_t expected_status(const uint8_t *win, size_t *len)
{
	const uint8_t *nul = memchr(win, 0, HOST_FILES_NAME_SIZE);
	size_t n;

	if (!nul)
		return HOST_FILES_BAD_NAME;
	n = (size_t)(nul - win);
	for (size_t i = n; i < HOST_FILES_NAME_SIZE; i++)
		if (win[i])
			return HOST_FILES_BAD_NAME;
	if (n == 0 || win[0] == '.')
		return HOST_FILES_BAD_NAME;
	for (size_t i = 0; i < n; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-",
			    win[i]))
			return HOST_FILES_BAD_NAME;
	*len = n;
	if (!strcmp((const char *)win, "taken") || !strcmp((const char *)win, "link"))
		return HOST_FILES_EXISTS;
	return HOST_FILES_OK;
}

static uint64_t channel_status(void)
{
	uint64_t v;

	host_files_load(&hf, HOST_FILES_STATUS, 8, &v);
	return v;
}

static off_t size_of(int at, const char *name)
{
	struct stat st;

	FUZZ_CHECK(fstatat(at, name, &st, AT_SYMLINK_NOFOLLOW) == 0);
	return S_ISREG(st.st_mode) ? st.st_size : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t win[HOST_FILES_NAME_SIZE] = { 0 };
	unsigned store;
	size_t n, len = 0;
	uint64_t want, got;

	if (dir_fd < 0)
		setup_once();
	if (size < 1)
		return 0;
	store = 1u << (data[0] & 3);
	data++;
	size--;
	n = size < sizeof(win) ? size : sizeof(win);
	memcpy(win, data, n);
	for (size_t off = 0; off < n; off += store) {
		unsigned k = n - off < store ? 1 : store;
		uint64_t v = 0;

		if (k == 1)
			store = 1;
		for (unsigned i = 0; i < k; i++)
			v |= (uint64_t)win[off + i] << (8 * i);
		host_files_store(&hf, HOST_FILES_NAME + off, k, v);
	}
	host_files_store(&hf, HOST_FILES_CMD, 8, HOST_FILES_OPEN);
	want = expected_status(win, &len);
	got = channel_status();
	FUZZ_CHECK(got == want);
	if (got == HOST_FILES_OK) {
		char name[HOST_FILES_NAME_SIZE];

		memcpy(name, win, len + 1);
		FUZZ_CHECK(size_of(dir_fd, name) == 0);
		host_files_store(&hf, HOST_FILES_BYTE, 1, 'x');
		host_files_store(&hf, HOST_FILES_CMD, 8, HOST_FILES_CLOSE);
		FUZZ_CHECK(channel_status() == HOST_FILES_OK);
		FUZZ_CHECK(size_of(dir_fd, name) == 1);
		FUZZ_CHECK(unlinkat(dir_fd, name, 0) == 0);
	} else {
		/* nothing open: a write is refused, not sent anywhere */
		host_files_store(&hf, HOST_FILES_BYTE, 1, 'x');
		FUZZ_CHECK(channel_status() == want);
	}
	FUZZ_CHECK(size_of(dir_fd, "taken") == 0);
	FUZZ_CHECK(size_of(dir_fd, "link") == -1);
	FUZZ_CHECK(size_of(AT_FDCWD, target) == 0);
	return 0;
}
