/* teaperf put FILE host:NAME|console:NAME: copies any file of the target
 * to the host, through teasim's host file channel into its --host-dir, or
 * on a board as console lines that teaperf boot or extract write back
 * (docs/linux.md). For a perf.data that Linux's perf wrote, say. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "console_file.h"
#include "host_file.h"
#include "tea/host_console.h"

#define CHUNK		65536
#define CONSOLE_MAX	(8u << 20)	/* kept whole until printed, as record's */

static uint8_t buf[CONSOLE_MAX];

/* The file type of @fd (nolibc has no fstat: newfstatat on the descriptor
 * itself, AT_EMPTY_PATH); -1 when it cannot tell. */
static long file_type(int fd)
{
	struct sys_stat_struct st;
	long ret = my_syscall4(__NR_newfstatat, fd, "", &st, 0x1000 /* AT_EMPTY_PATH */);

	return ret < 0 ? -1 : (long)(st.st_mode & S_IFMT);
}

static int fail(const char *file, const char *what)
{
	printf("teaperf put: %s: %s\n", file, what);
	return 1;
}

static int put_host(int fd, const char *file, const char *name)
{
	const char *err = host_file_open(name);
	ssize_t n;

	if (err)
		return fail(file, err);
	while ((n = read(fd, buf, CHUNK)) > 0) {
		err = host_file_write(buf, (size_t)n);
		if (err) {
			host_file_close();
			return fail(file, err);
		}
	}
	err = host_file_close();
	if (n < 0)
		return fail(file, "cannot read it");
	return err ? fail(file, err) : 0;
}

static int put_console(int fd, const char *file, const char *name)
{
	size_t len = 0;
	ssize_t n;

	if (!console_file_name_ok(name, strlen(name)))
		return fail(file, "console:NAME: 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.'");
	while ((n = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += (size_t)n;
	if (n < 0)
		return fail(file, "cannot read it");
	if (len == sizeof(buf) && read(fd, buf, 1) > 0)
		return fail(file, "larger than the console's 8 MiB");
	return console_file_print(name, buf, len) ? fail(file, "cannot write to the console") : 0;
}

int put_main(int argc, char **argv)
{
	const char *file, *to;
	int fd, rc;

	if (argc != 3 || (strncmp(argv[2], "host:", 5) && strncmp(argv[2], "console:", 8))) {
		printf("usage: teaperf put FILE host:NAME|console:NAME\n");
		return 2;
	}
	file = argv[1];
	to = argv[2];
	/* a regular file only: a FIFO or a device would never end */
	fd = open(file, O_RDONLY | O_NONBLOCK, 0);
	if (fd < 0)
		return fail(file, "cannot open it");
	if (file_type(fd) != S_IFREG) {
		close(fd);
		return fail(file, "not a regular file");
	}
	rc = to[0] == 'h' ? put_host(fd, file, to + 5) : put_console(fd, file, to + 8);
	close(fd);
	if (!rc)
		printf("teaperf put: %s in %s\n", file, to);
	return rc;
}
