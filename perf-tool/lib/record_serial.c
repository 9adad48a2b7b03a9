/* teaperf record --serial: a program on an FPGA board (docs/boards.md).
 * The board's boot ROM takes the program over the UART (board_line.h):
 * its loadable segments, with --dtb the board's device tree with the
 * program's arguments, then the start frame. Then the UART is the
 * program's console, here relayed to the terminal both ways; at exit the
 * bare-metal runtime prints its TEA sample log and its exit status there,
 * and the log becomes the sample file. */
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "board_line.h"
#include "record.h"
#include "teaperf.h"

#define DTB_ROOM 4096u	/* what the arguments may add to the device tree */

/* The board's device tree with /chosen/bootargs the program and its
 * arguments, as teasim passes them; sent after the program. Its address,
 * 0 when there are no arguments (the ROM's own tree is used). */
static int send_bootargs(struct board_line *l, const struct record_options *o, uint64_t end,
			 uint64_t *addr)
{
	size_t len = strlen(o->program) + 1;
	char *line = NULL;
	void *tree;
	int rc = -1;

	*addr = 0;
	if (!o->dtb)
		return 0;
	for (int i = 0; i < o->nprogram_args; i++)
		len += strlen(o->program_args[i]) + 1;
	tree = board_dtb_read("record", o->dtb, DTB_ROOM + len);
	line = malloc(len);
	if (!tree || !line)
		goto out;
	strcpy(line, o->program);
	for (int i = 0; i < o->nprogram_args; i++) {
		strcat(line, " ");
		strcat(line, o->program_args[i]);
	}
	if (board_dtb_set_chosen("record", tree, "bootargs", line, (int)strlen(line) + 1) ||
	    fdt_pack(tree))
		goto out;
	*addr = (end + 4095) & ~4095ull;
	rc = board_line_send(l, *addr, tree, fdt_totalsize(tree));
out:
	free(tree);
	free(line);
	return rc;
}

int record_serial(const struct record_options *o)
{
	struct board_line l;
	struct pics_error err;
	uint64_t entry, end, dtb;
	char *text = NULL;
	size_t len;
	int status = -1;

	if (board_line_open(&l, "record", o->serial, o->baud))
		return -1;
	fprintf(stderr, "[ teaperf record: loading %s through %s ]\n", o->program, o->serial);
	if (board_line_send_elf(&l, o->program, &entry, &end) ||
	    send_bootargs(&l, o, end, &dtb) || board_line_go(&l, entry, dtb))
		goto out;
	status = board_line_console(&l, &text, &len);
	if (status >= 0 && pics_log_write_console(text, len, o->output, o->program, &err) < 0) {
		cmd_error("record", "%s", err.msg);
		status = -1;
	}
out:
	free(text);
	board_line_close(&l);
	return status;
}
