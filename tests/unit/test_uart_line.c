/* The host's end of a board's UART line (sim/board/uart_line.c): frames
 * the transmitter makes, back to back, are what the receiver reads back,
 * at the board's rate or a little off it; a low stop bit and a glitch are
 * not bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "board/uart_line.h"

#define BAUD 115200ull
#define STEP_PS 20000ull	/* the receiver looks every 20 ns, as at 50 MHz */

/* Runs tx into rx until the transmitter is idle and a frame more has
 * passed; returns how many bytes rx took into got. */
static size_t loop(struct uart_line_tx *tx, struct uart_line_rx *rx, uint8_t *got, size_t max)
{
	size_t n = 0;
	uint64_t idle_until = UINT64_MAX;

	for (uint64_t now = 0; now < idle_until; now += STEP_PS) {
		int b = uart_line_rx_sample(rx, now, uart_line_tx_level(tx, now));

		if (b >= 0 && n < max)
			got[n++] = (uint8_t)b;
		if (idle_until == UINT64_MAX && uart_line_tx_idle(tx))
			idle_until = now + 12 * tx->bit_ps;
	}
	return n;
}

static void test_bytes_sent_are_the_bytes_read(void **state)
{
	static struct uart_line_tx tx;
	struct uart_line_rx rx;
	uint8_t msg[256], got[256];

	(void)state;
	for (int i = 0; i < 256; i++)
		msg[i] = (uint8_t)(i * 37 + 1);
	uart_line_tx_init(&tx, BAUD);
	uart_line_rx_init(&rx, BAUD);
	assert_true(uart_line_tx_send(&tx, msg, sizeof(msg)));
	assert_int_equal(loop(&tx, &rx, got, sizeof(got)), sizeof(msg));
	assert_memory_equal(got, msg, sizeof(msg));
	assert_int_equal(rx.framing_errors, 0);
}

static void test_a_receiver_two_percent_off_still_reads_them(void **state)
{
	static struct uart_line_tx tx;
	struct uart_line_rx rx;
	uint8_t msg[64], got[64];

	(void)state;
	for (int i = 0; i < 64; i++)
		msg[i] = (uint8_t)(0xa5 ^ i);
	for (int off = -2; off <= 2; off += 4) {
		uart_line_tx_init(&tx, BAUD * (100 + off) / 100);
		uart_line_rx_init(&rx, BAUD);
		assert_true(uart_line_tx_send(&tx, msg, sizeof(msg)));
		assert_int_equal(loop(&tx, &rx, got, sizeof(got)), sizeof(msg));
		assert_memory_equal(got, msg, sizeof(msg));
	}
}

static void test_frames_follow_each_other_at_once(void **state)
{
	static struct uart_line_tx tx;
	uint64_t falls[3], n = 0;
	bool last = true;
	const uint8_t two[2] = { 0x00, 0x00 };

	(void)state;
	uart_line_tx_init(&tx, BAUD);
	assert_true(uart_line_tx_send(&tx, two, 2));
	for (uint64_t now = 0; n < 2 && now < 40 * tx.bit_ps; now += STEP_PS) {
		bool level = uart_line_tx_level(&tx, now);

		if (last && !level)
			falls[n++] = now;
		last = level;
	}
	assert_int_equal(n, 2);
	/* start bits a frame (10 bit times) apart */
	assert_true(falls[1] - falls[0] >= 10 * tx.bit_ps);
	assert_true(falls[1] - falls[0] < 10 * tx.bit_ps + STEP_PS);
}

static void test_a_low_stop_bit_is_a_framing_error_not_a_byte(void **state)
{
	struct uart_line_rx rx;
	uint64_t bit = 1000000000000ull / BAUD;
	int got = -1;

	(void)state;
	uart_line_rx_init(&rx, BAUD);
	/* start, eight ones, then the line stays low through the stop bit */
	for (uint64_t now = 0; now < 11 * bit; now += STEP_PS) {
		bool level = now >= bit && now < 9 * bit;
		int b = uart_line_rx_sample(&rx, now, level);

		if (b >= 0)
			got = b;
	}
	assert_int_equal(got, -1);
	assert_int_equal(rx.framing_errors, 1);
}

static void test_a_glitch_is_no_start_bit(void **state)
{
	struct uart_line_rx rx;
	uint64_t bit = 1000000000000ull / BAUD;
	int got = -1;

	(void)state;
	uart_line_rx_init(&rx, BAUD);
	for (uint64_t now = 0; now < 12 * bit; now += STEP_PS) {
		int b = uart_line_rx_sample(&rx, now, now >= bit / 4);

		if (b >= 0)
			got = b;
	}
	assert_int_equal(got, -1);
	assert_false(rx.busy);
}

static void test_the_queue_refuses_what_does_not_fit(void **state)
{
	static struct uart_line_tx tx;
	static uint8_t big[UART_LINE_TX_QUEUE];

	(void)state;
	uart_line_tx_init(&tx, BAUD);
	assert_true(uart_line_tx_send(&tx, big, sizeof(big)));
	assert_false(uart_line_tx_send(&tx, big, 1));
	assert_int_equal(uart_line_tx_next(&tx, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bytes_sent_are_the_bytes_read),
		cmocka_unit_test(test_a_receiver_two_percent_off_still_reads_them),
		cmocka_unit_test(test_frames_follow_each_other_at_once),
		cmocka_unit_test(test_a_low_stop_bit_is_a_framing_error_not_a_byte),
		cmocka_unit_test(test_a_glitch_is_no_start_bit),
		cmocka_unit_test(test_the_queue_refuses_what_does_not_fit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
