#include <stdlib.h>
#include <string.h>

#include "board/board_host.h"
#include "tea/serial_boot.h"

#define CHUNK 4096u

void board_host_init(struct board_host *h, struct uart_line_tx *tx, FILE *console,
		     const uint8_t *image, uint64_t image_pa, uint64_t image_len,
		     uint64_t entry)
{
	*h = (struct board_host){ .state = BOARD_HOST_BANNER, .tx = tx, .console = console,
				  .image = image, .image_pa = image_pa,
				  .image_len = image ? image_len : 0, .entry = entry };
}

static bool all_zero(const uint8_t *p, uint64_t len)
{
	while (len--)
		if (*p++)
			return false;
	return true;
}

/* The next frame: the image's next chunk (a run of zero chunks as one zero
 * frame), or the go frame. */
static void send_next(struct board_host *h)
{
	static uint8_t frame[SERIAL_BOOT_WRITE_FRAME_BYTES(CHUNK)];
	size_t n;

	if (h->sent < h->image_len) {
		uint64_t at = h->sent, len = h->image_len - at < CHUNK ? h->image_len - at : CHUNK;

		if (all_zero(h->image + at, len)) {
			while (at + len < h->image_len &&
			       all_zero(h->image + at + len, h->image_len - at - len < CHUNK ?
					h->image_len - at - len : CHUNK))
				len += h->image_len - at - len < CHUNK ? h->image_len - at - len : CHUNK;
			n = serial_boot_zero_frame(frame, h->image_pa + at, len);
		} else {
			n = serial_boot_write_frame(frame, h->image_pa + at, h->image + at,
						    (uint32_t)len);
		}
		h->sent += len;
	} else {
		n = serial_boot_go_frame(frame, h->entry, 0);
		h->go_sent = true;
	}
	uart_line_tx_send(h->tx, frame, n);
	h->state = BOARD_HOST_LOADING;
}

static bool keep(struct board_host *h, uint8_t byte)
{
	if (h->text_len + 1 >= h->text_cap) {	/* room for it and a NUL */
		size_t cap = h->text_cap ? 2 * h->text_cap : 65536;
		char *t = realloc(h->text, cap);

		if (!t)
			return false;
		h->text = t;
		h->text_cap = cap;
	}
	h->text[h->text_len++] = (char)byte;
	h->text[h->text_len] = '\0';
	return true;
}

bool board_host_receive(struct board_host *h, uint8_t byte)
{
	switch (h->state) {
	case BOARD_HOST_BANNER:
		if (!keep(h, byte))
			return false;
		fputc(byte, h->console);
		/* the banner's line is complete */
		if (byte == '\n' && strstr(h->text, SERIAL_BOOT_BANNER))
			send_next(h);
		return true;
	case BOARD_HOST_LOADING:
		if (byte == SERIAL_BOOT_NAK) {
			h->state = BOARD_HOST_FAILED;
		} else if (byte == SERIAL_BOOT_ACK) {
			if (h->go_sent)
				h->state = BOARD_HOST_RUNNING;
			else
				send_next(h);
		}
		return true;
	case BOARD_HOST_RUNNING:
		fputc(byte, h->console);
		return keep(h, byte);
	case BOARD_HOST_FAILED:
		return true;
	}
	return true;
}

void board_host_free(struct board_host *h)
{
	free(h->text);
	h->text = NULL;
}
