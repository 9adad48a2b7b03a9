/* What sits at the host's end of a simulated board's UART (board-sim): it
 * waits for the boot ROM's banner, starts the program through the serial
 * boot protocol (tea/serial_boot.h) — sending it whole in write frames, or
 * only the go frame when the harness has put it in DRAM already — and
 * then is the program's console: everything the board sends is printed
 * and kept (for the TEA sample log a board prints at exit). */
#ifndef TEA_SIM_BOARD_HOST_H
#define TEA_SIM_BOARD_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board/uart_line.h"

enum board_host_state {
	BOARD_HOST_BANNER,	/* waiting for the boot ROM */
	BOARD_HOST_LOADING,	/* a frame sent, its answer awaited */
	BOARD_HOST_RUNNING,	/* the program runs: console only */
	BOARD_HOST_FAILED,	/* the ROM refused a frame */
};

struct board_host {
	enum board_host_state state;
	struct uart_line_tx *tx;
	FILE *console;			/* where the program's output goes */
	const uint8_t *image;		/* what to send in write frames (NULL: nothing) */
	uint64_t image_pa, image_len, sent;
	uint64_t entry;
	bool go_sent;
	char *text;			/* everything the board sent */
	size_t text_len, text_cap;
};

/* image may be NULL (the program is in DRAM already). */
void board_host_init(struct board_host *h, struct uart_line_tx *tx, FILE *console,
		     const uint8_t *image, uint64_t image_pa, uint64_t image_len,
		     uint64_t entry);
/* A byte from the board. Returns false when out of memory. */
bool board_host_receive(struct board_host *h, uint8_t byte);
void board_host_free(struct board_host *h);

#endif
