#include "board/uart_line.h"

void uart_line_rx_init(struct uart_line_rx *u, uint64_t baud)
{
	*u = (struct uart_line_rx){ .bit_ps = 1000000000000ull / baud };
}

int uart_line_rx_sample(struct uart_line_rx *u, uint64_t now, bool level)
{
	if (!u->busy) {
		if (level)
			return -1;
		u->busy = true;
		u->start_ps = now;
		u->bit = 0;
		u->byte = 0;
		return -1;
	}
	/* Each bit is taken in its middle. */
	if (now < u->start_ps + u->bit * u->bit_ps + u->bit_ps / 2)
		return -1;
	if (u->bit == 0) {
		if (level)
			u->busy = false;	/* a glitch, not a start bit */
	} else if (u->bit <= 8) {
		u->byte |= (unsigned)level << (u->bit - 1);
	} else {
		u->busy = false;
		if (!level) {
			u->framing_errors++;
			return -1;
		}
		return (int)u->byte;
	}
	u->bit++;
	return -1;
}

void uart_line_tx_init(struct uart_line_tx *u, uint64_t baud)
{
	u->bit_ps = 1000000000000ull / baud;
	u->head = u->count = 0;
	u->busy = false;
}

bool uart_line_tx_send(struct uart_line_tx *u, const uint8_t *bytes, size_t len)
{
	if (len > UART_LINE_TX_QUEUE - u->count)
		return false;
	for (size_t i = 0; i < len; i++)
		u->queue[(u->head + u->count + i) % UART_LINE_TX_QUEUE] = bytes[i];
	u->count += len;
	return true;
}

bool uart_line_tx_level(struct uart_line_tx *u, uint64_t now)
{
	if (u->busy && now >= u->start_ps + 10 * u->bit_ps) {
		/* the stop bit is over: the next frame follows at once */
		u->busy = false;
		u->head = (u->head + 1) % UART_LINE_TX_QUEUE;
		u->count--;
		if (u->count) {
			u->busy = true;
			u->start_ps += 10 * u->bit_ps;
		}
	} else if (!u->busy && u->count) {
		u->busy = true;
		u->start_ps = now;
	}
	if (!u->busy)
		return true;
	unsigned bit = (unsigned)((now - u->start_ps) / u->bit_ps);

	if (bit == 0)
		return false;
	if (bit <= 8)
		return u->queue[u->head] >> (bit - 1) & 1;
	return true;
}

uint64_t uart_line_tx_next(const struct uart_line_tx *u, uint64_t now)
{
	if (!u->busy)
		return u->count ? now : UINT64_MAX;
	return u->start_ps + ((now - u->start_ps) / u->bit_ps + 1) * u->bit_ps;
}

bool uart_line_tx_idle(const struct uart_line_tx *u)
{
	return !u->busy && !u->count;
}
