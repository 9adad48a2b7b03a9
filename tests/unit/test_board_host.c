/* board-sim's host end of the UART (sim/board/board_host.c) speaking the
 * boot ROM's serial protocol (tea/serial_boot.h): it waits for the banner,
 * sends the program in write and zero frames that carry the right CRC, one
 * frame per answer, then the go frame, and is the console afterwards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "board/board_host.h"
#include "tea/serial_boot.h"

static struct uart_line_tx tx;

/* The frame the host queued, taken off the queue. */
static size_t take(uint8_t *out)
{
	size_t n = tx.count;

	for (size_t i = 0; i < n; i++)
		out[i] = tx.queue[(tx.head + i) % UART_LINE_TX_QUEUE];
	tx.head = (tx.head + n) % UART_LINE_TX_QUEUE;
	tx.count = 0;
	return n;
}

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = n; i--;)
		v = v << 8 | p[i];
	return v;
}

static void feed(struct board_host *h, const char *s)
{
	while (*s)
		assert_true(board_host_receive(h, (uint8_t)*s++));
}

static void test_crc_is_crc32_ieee(void **state)
{
	(void)state;
	assert_int_equal(serial_boot_crc(0, (const uint8_t *)"123456789", 9), 0xcbf43926);
	/* continuing a CRC is the same as one pass */
	assert_int_equal(serial_boot_crc(serial_boot_crc(0, (const uint8_t *)"1234", 4),
					 (const uint8_t *)"56789", 5), 0xcbf43926);
}

static void test_host_sends_the_image_in_frames_then_go(void **state)
{
	static uint8_t image[3 * 4096 + 100];
	static uint8_t f[SERIAL_BOOT_WRITE_FRAME_BYTES(4096)];
	struct board_host h;
	FILE *console = tmpfile();
	size_t n;

	(void)state;
	/* a chunk of data, two chunks of zeros, then 100 bytes of data */
	memset(image, 0x5a, 4096);
	memset(image + 3 * 4096, 0x33, 100);
	uart_line_tx_init(&tx, 115200);
	board_host_init(&h, &tx, console, image, 0x80000000, sizeof(image), 0x80000040);
	feed(&h, "junk\r\n");
	assert_int_equal(tx.count, 0);
	feed(&h, "\r\n" SERIAL_BOOT_BANNER "TEA SoC\r\n");

	n = take(f);
	assert_int_equal(n, SERIAL_BOOT_WRITE_FRAME_BYTES(4096));
	assert_int_equal(f[0], SERIAL_BOOT_SYNC);
	assert_int_equal(f[1], SERIAL_BOOT_WRITE);
	assert_true(le(f + 2, 8) == 0x80000000);
	assert_int_equal(le(f + 10, 4), 4096);
	assert_int_equal(f[14], 0x5a);
	assert_int_equal(le(f + n - 4, 4), serial_boot_crc(0, f + 2, n - 6));
	/* nothing more until the answer */
	assert_true(board_host_receive(&h, SERIAL_BOOT_ACK));

	n = take(f);
	assert_int_equal(n, SERIAL_BOOT_ZERO_FRAME_BYTES);
	assert_int_equal(f[1], SERIAL_BOOT_ZERO);
	assert_true(le(f + 2, 8) == 0x80001000);
	assert_true(le(f + 10, 8) == 2 * 4096);
	assert_int_equal(le(f + 18, 4), serial_boot_crc(0, f + 2, 16));
	assert_true(board_host_receive(&h, SERIAL_BOOT_ACK));

	n = take(f);
	assert_int_equal(n, SERIAL_BOOT_WRITE_FRAME_BYTES(100));
	assert_true(le(f + 2, 8) == 0x80003000);
	assert_true(board_host_receive(&h, SERIAL_BOOT_ACK));

	n = take(f);
	assert_int_equal(n, SERIAL_BOOT_GO_FRAME_BYTES);
	assert_int_equal(f[1], SERIAL_BOOT_GO);
	assert_true(le(f + 2, 8) == 0x80000040);
	assert_true(le(f + 10, 8) == 0);
	assert_int_equal(h.state, BOARD_HOST_LOADING);
	assert_true(board_host_receive(&h, SERIAL_BOOT_ACK));
	assert_int_equal(h.state, BOARD_HOST_RUNNING);

	/* the console: kept after the banner, the answers left out */
	feed(&h, "hi\n");
	assert_non_null(strstr(h.text, "junk"));
	assert_non_null(strstr(h.text, "hi\n"));
	assert_null(strchr(h.text, SERIAL_BOOT_ACK));
	board_host_free(&h);
	fclose(console);
}

static void test_a_program_in_dram_gets_only_go(void **state)
{
	static uint8_t f[64];
	struct board_host h;
	FILE *console = tmpfile();

	(void)state;
	uart_line_tx_init(&tx, 115200);
	board_host_init(&h, &tx, console, NULL, 0x80000000, 4096, 0x80000000);
	feed(&h, SERIAL_BOOT_BANNER "x\n");
	assert_int_equal(take(f), SERIAL_BOOT_GO_FRAME_BYTES);
	assert_int_equal(f[1], SERIAL_BOOT_GO);
	board_host_free(&h);
	fclose(console);
}

static void test_a_refused_frame_fails_the_load(void **state)
{
	static uint8_t image[64] = { 1 };
	static uint8_t f[SERIAL_BOOT_WRITE_FRAME_BYTES(64)];
	struct board_host h;
	FILE *console = tmpfile();

	(void)state;
	uart_line_tx_init(&tx, 115200);
	board_host_init(&h, &tx, console, image, 0x80000000, sizeof(image), 0x80000000);
	feed(&h, SERIAL_BOOT_BANNER "x\n");
	take(f);
	assert_true(board_host_receive(&h, SERIAL_BOOT_NAK));
	assert_int_equal(h.state, BOARD_HOST_FAILED);
	assert_int_equal(tx.count, 0);
	board_host_free(&h);
	fclose(console);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc_is_crc32_ieee),
		cmocka_unit_test(test_host_sends_the_image_in_frames_then_go),
		cmocka_unit_test(test_a_program_in_dram_gets_only_go),
		cmocka_unit_test(test_a_refused_frame_fails_the_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
