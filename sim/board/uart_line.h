/* The host's end of a UART line, as board-sim's harness drives the board's
 * pins: a receiver that decodes the board's transmit pin from its levels
 * over time, and a transmitter that turns bytes into levels for the
 * board's receive pin. Times are in picoseconds; frames are 8N1 at the
 * given baud rate, as a terminal on a real board's USB-UART is set. */
#ifndef TEA_SIM_UART_LINE_H
#define TEA_SIM_UART_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UART_LINE_TX_QUEUE 65536

struct uart_line_rx {
	uint64_t bit_ps;
	bool busy;		/* inside a frame */
	uint64_t start_ps;	/* where its start bit began */
	unsigned bit;		/* the next bit to take: 0 start, 1-8 data, 9 stop */
	unsigned byte;
	uint64_t framing_errors;
};

struct uart_line_tx {
	uint64_t bit_ps;
	uint8_t queue[UART_LINE_TX_QUEUE];
	size_t head, count;
	bool busy;
	uint64_t start_ps;	/* start of the frame being sent */
};

void uart_line_rx_init(struct uart_line_rx *u, uint64_t baud);
/* The pin's level at time now, given often (every clock edge): returns the
 * byte whose stop bit's middle has passed, else -1. A frame with a low
 * stop bit counts in framing_errors and gives no byte. */
int uart_line_rx_sample(struct uart_line_rx *u, uint64_t now, bool level);

void uart_line_tx_init(struct uart_line_tx *u, uint64_t baud);
/* Queues bytes to send; false when the queue has no room for them all. */
bool uart_line_tx_send(struct uart_line_tx *u, const uint8_t *bytes, size_t len);
/* The level to drive at time now (idle high), advancing through the queue. */
bool uart_line_tx_level(struct uart_line_tx *u, uint64_t now);
/* The next time after now at which the level may change; UINT64_MAX when
 * idle with nothing queued. */
uint64_t uart_line_tx_next(const struct uart_line_tx *u, uint64_t now);
bool uart_line_tx_idle(const struct uart_line_tx *u);

#endif
