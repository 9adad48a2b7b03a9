/* picolibc's stdin, stdout and stderr on the 16550 UART, polled. */
#include <stdint.h>
#include <stdio.h>

#include "tea/baremetal.h"

#define UART_RBR 0      /* receive buffer (read) */
#define UART_THR 0      /* transmit holding register (write) */
#define UART_LSR 5      /* line status */
#define LSR_DR   0x01   /* a received byte is waiting */
#define LSR_THRE 0x20   /* the transmitter takes another byte */

static volatile uint8_t *const uart = (volatile uint8_t *)BM_UART_BASE;

void bm_uart_putc(char c)
{
	while (!(uart[UART_LSR] & LSR_THRE))
		;
	uart[UART_THR] = (uint8_t)c;
}

int bm_uart_getc(void)
{
	while (!(uart[UART_LSR] & LSR_DR))
		;
	return uart[UART_RBR];
}

static int console_put(char c, FILE *f)
{
	(void)f;
	bm_uart_putc(c);
	return (unsigned char)c;
}

static int console_get(FILE *f)
{
	(void)f;
	return bm_uart_getc();
}

static FILE console = FDEV_SETUP_STREAM(console_put, console_get, NULL, _FDEV_SETUP_RW);

FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;
