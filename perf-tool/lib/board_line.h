/* The serial line to an FPGA board's boot ROM (docs/boards.md), shared by
 * teaperf record --serial and teaperf boot: open it, wait for the ROM,
 * send bytes and ELF files in the serial boot protocol's frames
 * (tea/serial_boot.h), start a program, then relay its console. Every
 * function prints what went wrong under the command's name and returns
 * -1 (or NULL). */
#ifndef TEAPERF_BOARD_LINE_H
#define TEAPERF_BOARD_LINE_H

#include <stddef.h>
#include <stdint.h>

#define BOARD_DEFAULT_BAUD 115200

struct board_line {
	int fd;
	const char *dev;
	const char *cmd;	/* the subcommand, for its messages */
	int answer_ms;		/* how long the ROM may take to answer a frame */
	int banner_ms;		/* how long to wait for its banner */
};

/* Opens dev raw, 8N1, at baud, and waits (a while) for the ROM's banner. */
int board_line_open(struct board_line *l, const char *cmd, const char *dev, uint64_t baud);
void board_line_close(struct board_line *l);

/* Writes [pa, pa + len) on the board: data, or zeros when data is NULL. */
int board_line_send(struct board_line *l, uint64_t pa, const void *data, uint64_t len);

/* Sends an ELF file's loadable segments at their physical addresses;
 * *entry its entry point, *end the highest address they reach. */
int board_line_send_elf(struct board_line *l, const char *path, uint64_t *entry, uint64_t *end);

/* Starts the program at entry with a1 = dtb (0: the ROM's own tree). */
int board_line_go(struct board_line *l, uint64_t entry, uint64_t dtb);

/* The console until the program's exit line (SERIAL_BOOT_EXIT): the
 * board's bytes to stdout and into *text (NUL-terminated, though the
 * board's bytes may hold NULs: *len counts them all; the caller frees
 * it), the terminal's to the board. Returns the exit status (its low
 * byte), or -1 when the line closed first or the exit line's status is
 * not a decimal int. */
int board_line_console(struct board_line *l, char **text, size_t *len);

/* A device tree file read into a buffer with room bytes to grow in; the
 * caller frees it. */
void *board_dtb_read(const char *cmd, const char *path, size_t room);

/* Sets /chosen/name (made when missing) to the len bytes at value. */
int board_dtb_set_chosen(const char *cmd, void *tree, const char *name, const void *value,
			 int len);

#endif
