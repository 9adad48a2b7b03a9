/* teaperf boot: Linux on an FPGA board (docs/boards.md). The board's boot
 * ROM takes, over the UART (lib/board_line.h), the M-mode firmware (OpenSBI's
 * fw_jump, as teasim boots it), the kernel where fw_jump enters it, an
 * initramfs at the end of DRAM and the board's device tree with the
 * command line and the initramfs named in /chosen; then it starts the
 * firmware with a1 = the tree. Then the UART is the console, relayed both
 * ways, until init's exit line (the board's tree has tea,host-console, so
 * init prints one before it powers off): its status is teaperf's. Files
 * the console carried (the target's teaperf record -o console:NAME) are
 * then written into --dir, by default a new folder (lib/console_files.c). */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <libfdt.h>
#include <stdlib.h>
#include <string.h>

#include "lib/board_line.h"
#include "lib/console_files.h"
#include "tea/serial_boot.h"
#include "teaperf.h"

#define DEFAULT_BIOS  "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf"
#define KERNEL_OFFSET 0x200000u	/* fw_jump enters the kernel 2 MiB into DRAM */
#define PAGE          4096u
#define DTB_ROOM      8192u	/* what the command line and the initrd add */

static const char boot_usage[] =
	"usage: teaperf boot --serial DEV --dtb FILE --kernel FILE [OPTIONS]\n"
	"\n"
	"Boots Linux on an FPGA board whose UART is DEV (docs/boards.md): the\n"
	"board's boot ROM loads the firmware at the start of DRAM, the kernel 2 MiB\n"
	"above it, the initramfs at the end of DRAM and the board's device tree\n"
	"with the command line, then starts the firmware. The console is then this\n"
	"terminal's; teaperf ends with the status init reports for its program\n"
	"(make linux's init prints it on a board before it powers off). Files the\n"
	"console carried (teaperf record -o console:NAME on the target) are written\n"
	"into --dir, each a new file there: the board names them, so one of that\n"
	"name already there is left alone (an error) unless --force, and a symbolic\n"
	"link is never written through.\n"
	"\n"
	"      --serial DEV      the board's serial port\n"
	"      --baud N          its rate (default 115200, the boards' own)\n"
	"      --dtb FILE        the board's device tree (build/boards/BOARD/fpga/board.dtb)\n"
	"      --kernel FILE     a kernel Image (make linux: build/linux/Image), or an\n"
	"                        ELF file with its addresses in DRAM\n"
	"      --bios FILE       M-mode firmware, ELF, or a binary for the start of\n"
	"                        DRAM (default " DEFAULT_BIOS ")\n"
	"      --initrd FILE     an initramfs (build/linux/tea.cpio), at the end of DRAM\n"
	"  -d, --dir DIR         where to write the console's files (default: a new\n"
	"                        folder teaperf-boot-N here, made for the first file)\n"
	"      --force           replace regular files of the same names in DIR\n"
	"      --append TEXT     the kernel command line (default\n"
	"                        \"console=ttyS0,BAUD earlycon panic=-1 oops=panic\")\n"
	"  -h, --help            this help\n";

struct boot_options {
	const char *serial, *dtb, *kernel, *bios, *initrd, *append, *dir;
	uint64_t baud;
	bool force;
};

/* A range of DRAM something occupies, for the overlap check. */
struct extent {
	const char *what;
	uint64_t lo, hi;
};

static uint8_t *read_file(const char *opt, const char *path, size_t *len)
{
	FILE *f;
	uint8_t *buf = NULL;
	long size;

	errno = 0;
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(buf = malloc((size_t)size + 1)) || fread(buf, 1, (size_t)size, f) != (size_t)size) {
		cmd_error("boot", "%s %s: %s", opt, path, errno ? strerror(errno) : "cannot read it");
		free(buf);
		buf = NULL;
	} else {
		*len = (size_t)size;
	}
	if (f)
		fclose(f);
	return buf;
}

static bool is_elf(const char *path)
{
	FILE *f = fopen(path, "rb");
	char magic[4] = { 0 };

	if (f) {
		if (fread(magic, 1, 4, f) != 4)
			magic[0] = 0;
		fclose(f);
	}
	return !memcmp(magic, "\177ELF", 4);
}

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* An ELF file at its addresses, or a binary at base; the DRAM it takes. A
 * RISC-V Linux Image says in its header how much memory it takes beyond
 * the file (its .bss), so that nothing is placed there. */
static int send_image(struct board_line *l, const char *opt, const char *path, uint64_t base,
		      uint64_t *entry, struct extent *x)
{
	uint8_t *buf;
	size_t len;
	int rc;

	if (is_elf(path)) {
		uint64_t end;

		if (board_line_send_elf(l, path, entry, &end))
			return -1;
		x->lo = *entry;
		x->hi = end;
		return 0;
	}
	buf = read_file(opt, path, &len);
	if (!buf)
		return -1;
	if (!len) {
		cmd_error("boot", "%s %s: empty", opt, path);
		free(buf);
		return -1;
	}
	*entry = x->lo = base;
	x->hi = base + len;
	if (len >= 64 && !memcmp(buf + 56, "RSC\x05", 4) && le64(buf + 16) > len)
		x->hi = base + le64(buf + 16);
	rc = board_line_send(l, base, buf, len);
	free(buf);
	return rc;
}

/* DRAM's first range, from the tree's /memory node (two-cell address and
 * size, as the boards' trees have them). */
static int dram_range(const void *tree, const char *dtb, uint64_t *base, uint64_t *size)
{
	int node = fdt_path_offset(tree, "/memory");
	int len;
	const fdt32_t *reg = node < 0 ? NULL : fdt_getprop(tree, node, "reg", &len);

	if (!reg || len < 16) {
		cmd_error("boot", "--dtb %s: no /memory node with a 64-bit reg", dtb);
		return -1;
	}
	*base = (uint64_t)fdt32_to_cpu(reg[0]) << 32 | fdt32_to_cpu(reg[1]);
	*size = (uint64_t)fdt32_to_cpu(reg[2]) << 32 | fdt32_to_cpu(reg[3]);
	return 0;
}

static int check_overlaps(const struct extent *x, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (x[i].lo < x[j].hi && x[j].lo < x[i].hi) {
				cmd_error("boot", "the %s [0x%" PRIx64 ", 0x%" PRIx64 ") and the %s "
					  "[0x%" PRIx64 ", 0x%" PRIx64 ") overlap: the board's DRAM is "
					  "too small for them", x[i].what, x[i].lo, x[i].hi,
					  x[j].what, x[j].lo, x[j].hi);
				return -1;
			}
	return 0;
}

static int boot(const struct boot_options *o)
{
	struct board_line l = { .fd = -1 };
	struct extent x[4] = { { .what = "firmware" }, { .what = "kernel" } };
	uint64_t base, size, top, entry, kentry;
	uint8_t *initrd = NULL;
	size_t initrd_len = 0;
	char *text = NULL;
	size_t len;
	int n = 2, status = -1;
	void *tree = board_dtb_read("boot", o->dtb, DTB_ROOM + strlen(o->append));

	if (!tree || dram_range(tree, o->dtb, &base, &size))
		goto out;
	if (o->initrd && !(initrd = read_file("--initrd", o->initrd, &initrd_len)))
		goto out;
	top = base + size - SERIAL_BOOT_RESERVED;	/* the boot ROM's stack */
	if (initrd) {
		fdt64_t lo, hi;

		x[n] = (struct extent){ "initramfs", (top - initrd_len) & ~(uint64_t)(PAGE - 1), top };
		lo = cpu_to_fdt64(x[n].lo);
		hi = cpu_to_fdt64(x[n].lo + initrd_len);
		if (board_dtb_set_chosen("boot", tree, "linux,initrd-start", &lo, sizeof(lo)) ||
		    board_dtb_set_chosen("boot", tree, "linux,initrd-end", &hi, sizeof(hi)))
			goto out;
		top = x[n++].lo;
	}
	if (board_dtb_set_chosen("boot", tree, "bootargs", o->append, (int)strlen(o->append) + 1) ||
	    fdt_pack(tree))
		goto out;
	x[n++] = (struct extent){ "device tree", (top - fdt_totalsize(tree)) & ~(uint64_t)(PAGE - 1),
				  top };

	if (board_line_open(&l, "boot", o->serial, o->baud))
		goto out;
	fprintf(stderr, "[ teaperf boot: loading %s, %s%s%s through %s ]\n", o->bios, o->kernel,
		initrd ? " and " : "", initrd ? o->initrd : "", o->serial);
	if (send_image(&l, "--bios", o->bios, base, &entry, &x[0]) ||
	    send_image(&l, "--kernel", o->kernel, base + KERNEL_OFFSET, &kentry, &x[1]) ||
	    check_overlaps(x, n) ||
	    (initrd && board_line_send(&l, x[2].lo, initrd, initrd_len)) ||
	    board_line_send(&l, x[n - 1].lo, tree, fdt_totalsize(tree)) ||
	    board_line_go(&l, entry, x[n - 1].lo))
		goto out;
	status = board_line_console(&l, &text, &len);
	if (status >= 0 && console_files_write("boot", text, len, o->dir, o->force) < 0)
		status = -1;
out:
	board_line_close(&l);
	free(text);
	free(initrd);
	free(tree);
	return status;
}

int cmd_boot(int argc, char **argv)
{
	enum { OPT_SERIAL = 512, OPT_BAUD, OPT_DTB, OPT_KERNEL, OPT_BIOS, OPT_INITRD, OPT_APPEND,
	       OPT_FORCE };
	static const struct option opts[] = {
		{ "serial", required_argument, NULL, OPT_SERIAL },
		{ "baud", required_argument, NULL, OPT_BAUD },
		{ "dtb", required_argument, NULL, OPT_DTB },
		{ "kernel", required_argument, NULL, OPT_KERNEL },
		{ "bios", required_argument, NULL, OPT_BIOS },
		{ "initrd", required_argument, NULL, OPT_INITRD },
		{ "append", required_argument, NULL, OPT_APPEND },
		{ "dir", required_argument, NULL, 'd' },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct boot_options o = { .bios = DEFAULT_BIOS, .baud = BOARD_DEFAULT_BAUD };
	char append[128];
	int c, status;

	while ((c = getopt_long(argc, argv, ":d:h", opts, NULL)) != -1) {
		switch (c) {
		case OPT_SERIAL:
			o.serial = optarg;
			break;
		case OPT_BAUD:
			if (parse_count("boot", "--baud", optarg, &o.baud))
				return EXIT_USAGE;
			break;
		case OPT_DTB:
			o.dtb = optarg;
			break;
		case OPT_KERNEL:
			o.kernel = optarg;
			break;
		case OPT_BIOS:
			o.bios = optarg;
			break;
		case OPT_INITRD:
			o.initrd = optarg;
			break;
		case OPT_APPEND:
			o.append = optarg;
			break;
		case 'd':
			o.dir = optarg;
			break;
		case OPT_FORCE:
			o.force = true;
			break;
		case 'h':
			fputs(boot_usage, stdout);
			return 0;
		default:
			return cmd_bad_option("boot", c, argv);
		}
	}
	if (optind != argc) {
		cmd_error("boot", "'%s': boot takes options only (see 'teaperf boot --help')",
			  argv[optind]);
		return EXIT_USAGE;
	}
	if (!o.serial || !o.dtb || !o.kernel) {
		cmd_error("boot", "--serial, --dtb and --kernel are needed (see 'teaperf boot "
			  "--help')");
		return EXIT_USAGE;
	}
	if (!o.append) {
		snprintf(append, sizeof(append),
			 "console=ttyS0,%" PRIu64 " earlycon panic=-1 oops=panic", o.baud);
		o.append = append;
	}
	status = boot(&o);
	return status < 0 ? EXIT_FAILURE : status;
}
