/* Fuzzes the console loop of teaperf record --serial and teaperf boot
 * (board_line_console, perf-tool/lib/board_line.c) with what a board sends:
 * the input arrives on a socket that then closes. The loop keeps every
 * byte it read, in order, and ends with the status of the first exit line
 * ("TEA-EXIT " and a decimal int, by SERIAL_BOOT_EXIT's rules) or -1. */
#include "fuzz_util.h"

#include <fcntl.h>
#include <sys/socket.h>

#include "lib/board_line.h"
#include "tea/host_console.h"

/* A socket's buffer holds this much; a longer input would block the
 * writer, which is also the reader. */
#define MAX_INPUT 65536

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int null = open("/dev/null", O_RDWR);

	(void)argc;
	(void)argv;
	/* The board's bytes are echoed to stdout; the terminal (stdin) has
	 * nothing to send. Error lines go to a stream of their own, as the
	 * sanitizers and libFuzzer report on descriptor 2. */
	FUZZ_CHECK(null >= 0);
	FUZZ_CHECK(dup2(null, STDIN_FILENO) == STDIN_FILENO);
	FUZZ_CHECK(freopen("/dev/null", "w", stdout));
	stderr = fopen("/dev/null", "w");
	FUZZ_CHECK(stderr);
	close(null);
	return 0;
}

/* Whether the @n bytes at @s hold a whole line (ending in '\n') that
 * starts with the exit tag. */
static bool has_exit_line(const char *s, size_t n)
{
	static const char tag[] = SERIAL_BOOT_EXIT " ";
	size_t t = sizeof(tag) - 1, start = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\n')
			continue;
		if (i - start >= t && !memcmp(s + start, tag, t))
			return true;
		start = i + 1;
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct board_line l = { .dev = "fuzz", .cmd = "boot" };
	int sv[2], status;
	char *text = NULL;
	size_t len = 0;

	if (size > MAX_INPUT)
		return 0;
	FUZZ_CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	FUZZ_CHECK(write(sv[1], data, size) == (ssize_t)size);
	/* The board's end stays open for what the terminal sends (nothing),
	 * but says no more. */
	FUZZ_CHECK(shutdown(sv[1], SHUT_WR) == 0);
	l.fd = sv[0];
	status = board_line_console(&l, &text, &len);
	FUZZ_CHECK(status >= -1 && status <= 255);
	if (text) {
		FUZZ_CHECK(len <= size);
		FUZZ_CHECK(!memcmp(text, data, len));
		/* Terminated once a byte came: with none, the callers (who
		 * read it only after an exit line) never look. */
		FUZZ_CHECK(!len || text[len] == '\0');
		/* A status comes from an exit line, and the loop stops at it:
		 * all was read when there is none. */
		FUZZ_CHECK(status < 0 || has_exit_line(text, len));
		FUZZ_CHECK(len == size || has_exit_line(text, len));
	}
	free(text);
	close(sv[0]);
	close(sv[1]);
	return 0;
}
