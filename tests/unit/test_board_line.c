/* teaperf's end of a board's serial line (perf-tool/lib/board_line.c), with a
 * socket pair standing for the line: what the board sends cannot hide the
 * program's exit line, fake its status, or keep the host waiting past its
 * deadlines. A board that never stops sending is a child process; alarm()
 * bounds every test, so that a host that waits forever fails it. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../perf-tool/lib/board_line.c"
#include "../../perf-tool/lib/util.c"
#include "teaperf_test_util.h"

#define TEST_LIMIT_S 20	/* far beyond any deadline below */

struct line {
	struct board_line l;
	int board;	/* the board's end */
};

/* A line of bytes (SOCK_STREAM), or one whose board end sends a packet
 * per board_says() (SOCK_SEQPACKET), so that the console reads each on
 * its own, as bytes trickle in on a real line. */
static void line_open(struct line *t, int type)
{
	int sv[2];

	assert_int_equal(socketpair(AF_UNIX, type, 0, sv), 0);
	t->l = (struct board_line){ .fd = sv[0], .dev = "test-line", .cmd = "test",
				    .answer_ms = 300, .banner_ms = 300 };
	t->board = sv[1];
	alarm(TEST_LIMIT_S);
}

static void line_close(struct line *t)
{
	alarm(0);
	board_line_close(&t->l);
	if (t->board >= 0)
		close(t->board);
}

static void board_says(struct line *t, const void *bytes, size_t n)
{
	assert_int_equal(write(t->board, bytes, n), (ssize_t)n);
}

/* The board says its pieces, each read on its own, and hangs up; the
 * console's status. */
static int console_after(const char *const *pieces, const size_t *lens, int n)
{
	struct line t;
	char *text = NULL;
	size_t len;
	int status;

	line_open(&t, SOCK_SEQPACKET);
	for (int i = 0; i < n; i++)
		board_says(&t, pieces[i], lens[i]);
	close(t.board);
	t.board = -1;
	status = board_line_console(&t.l, &text, &len);
	free(text);
	line_close(&t);
	return status;
}

static int console_of(const char *s, size_t n)
{
	return console_after(&s, &n, 1);
}

#define CONSOLE(s) console_of(s, sizeof(s) - 1)

static void test_nul_on_console_does_not_hide_exit(void **state)
{
	(void)state;
	assert_int_equal(CONSOLE("hello\0world\nTEA-EXIT 3\n"), 3);
	assert_int_equal(CONSOLE("\0\nTEA-EXIT 4\r\n"), 4);
}

static void test_nul_in_an_earlier_read_does_not_hide_exit(void **state)
{
	static const char *const pieces[] = { "boot\0", "\nTEA-EXIT 5\n" };
	static const size_t lens[] = { 5, 12 };

	(void)state;
	assert_int_equal(console_after(pieces, lens, 2), 5);
}

static void test_exit_line_split_across_reads_is_seen(void **state)
{
	static const char *const pieces[] = { "done\nTEA-EXIT 123", "\n" };
	static const size_t lens[] = { 17, 1 };

	(void)state;
	assert_int_equal(console_after(pieces, lens, 2), 123);
}

static void test_console_text_keeps_every_byte(void **state)
{
	static const char said[] = "a\0b\nTEA-EXIT 0\n";
	struct line t;
	char *text = NULL;
	size_t len;

	(void)state;
	line_open(&t, SOCK_SEQPACKET);
	board_says(&t, said, sizeof(said) - 1);
	assert_int_equal(board_line_console(&t.l, &text, &len), 0);
	assert_int_equal(len, sizeof(said) - 1);
	assert_memory_equal(text, said, len);
	assert_int_equal(text[len], '\0');
	free(text);
	line_close(&t);
}

static void test_exit_status_is_its_low_byte_as_a_shell_takes_it(void **state)
{
	(void)state;
	assert_int_equal(CONSOLE("\nTEA-EXIT -1\n"), 255);
	assert_int_equal(CONSOLE("\nTEA-EXIT 256\n"), 0);
	assert_int_equal(CONSOLE("\nTEA-EXIT 2147483647\n"), 255);
	assert_int_equal(CONSOLE("\nTEA-EXIT -2147483648\r\n"), 0);
	/* only a line that starts with it */
	assert_int_equal(CONSOLE("say TEA-EXIT 9\nTEA-EXIT 7\n"), 7);
}

static void test_exit_status_out_of_range_is_an_error(void **state)
{
	static const char *const bad[] = {
		"\nTEA-EXIT 99999999999999999999\n", "\nTEA-EXIT 2147483648\n",
		"\nTEA-EXIT -2147483649\n", "\nTEA-EXIT 3x\n", "\nTEA-EXIT \n",
		"\nTEA-EXIT -\n", "\nTEA-EXIT +3\n", "\nTEA-EXIT  3\n", "\nTEA-EXIT 3 \n",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct caught_stderr c;
		const char *err;
		int status;

		catch_stderr(&c);
		status = console_of(bad[i], strlen(bad[i]));
		err = release_stderr(&c);
		if (status != -1 || count_lines(err) != 1 || !strstr(err, "does not end in a status"))
			fail_msg("'%s' gave %d, said '%s'", bad[i], status, err);
	}
}

/* A board that sends 'x' for ever, in a child process; its pid. */
static pid_t chatter(struct line *t)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		close(t->l.fd);
		signal(SIGPIPE, SIG_DFL);
		while (write(t->board, "x", 1) == 1)
			;
		_exit(0);
	}
	close(t->board);
	t->board = -1;
	return pid;
}

static void stop_chatter(struct line *t, pid_t pid)
{
	board_line_close(&t->l);	/* its write fails, and it ends */
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	alarm(0);
}

static void test_other_bytes_do_not_hold_off_the_answer_deadline(void **state)
{
	uint8_t go[SERIAL_BOOT_GO_FRAME_BYTES];
	struct caught_stderr c;
	struct line t;
	const char *err;
	pid_t pid;
	int rc;

	(void)state;
	line_open(&t, SOCK_STREAM);
	pid = chatter(&t);
	catch_stderr(&c);
	rc = send_frame(&t.l, go, serial_boot_go_frame(go, 0x80000000u, 0));
	err = release_stderr(&c);
	stop_chatter(&t, pid);
	assert_int_equal(rc, -1);
	assert_int_equal(count_lines(err), 1);
	assert_non_null(strstr(err, "no answer from the board's boot ROM"));
}

static void test_other_bytes_do_not_hold_off_the_banner_deadline(void **state)
{
	struct caught_stderr c;
	struct line t;
	pid_t pid;

	(void)state;
	line_open(&t, SOCK_STREAM);
	pid = chatter(&t);
	catch_stderr(&c);
	wait_for_banner(&t.l);	/* returns, or alarm() ends the test */
	release_stderr(&c);
	stop_chatter(&t, pid);
}

static void test_answer_after_console_bytes_is_taken(void **state)
{
	uint8_t go[SERIAL_BOOT_GO_FRAME_BYTES];
	struct line t;

	(void)state;
	line_open(&t, SOCK_STREAM);
	board_says(&t, "hello\0\n", 7);
	board_says(&t, "K", 1);
	assert_int_equal(send_frame(&t.l, go, serial_boot_go_frame(go, 0x80000000u, 0)), 0);
	line_close(&t);
}

static void test_banner_after_a_nul_is_seen(void **state)
{
	static const char said[] = "\0" SERIAL_BOOT_BANNER "ready\n";
	struct caught_stderr c;
	struct line t;
	const char *err;

	(void)state;
	line_open(&t, SOCK_STREAM);
	board_says(&t, said, sizeof(said) - 1);
	catch_stderr(&c);
	wait_for_banner(&t.l);
	err = release_stderr(&c);
	line_close(&t);
	assert_non_null(strstr(err, "[ " SERIAL_BOOT_BANNER "ready ]"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nul_on_console_does_not_hide_exit),
		cmocka_unit_test(test_nul_in_an_earlier_read_does_not_hide_exit),
		cmocka_unit_test(test_exit_line_split_across_reads_is_seen),
		cmocka_unit_test(test_console_text_keeps_every_byte),
		cmocka_unit_test(test_exit_status_is_its_low_byte_as_a_shell_takes_it),
		cmocka_unit_test(test_exit_status_out_of_range_is_an_error),
		cmocka_unit_test(test_other_bytes_do_not_hold_off_the_answer_deadline),
		cmocka_unit_test(test_other_bytes_do_not_hold_off_the_banner_deadline),
		cmocka_unit_test(test_answer_after_console_bytes_is_taken),
		cmocka_unit_test(test_banner_after_a_nul_is_seen),
	};

	/* the console also relays the terminal to the board: none here */
	if (!freopen("/dev/null", "r", stdin))
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
