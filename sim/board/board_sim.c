/* board-sim: a board top (boards/<board>/), its clocking and memory
 * controller replaced by simulation models, running a bare-metal program
 * the way the board would: the boot ROM's serial loader starts it (the
 * program is put in DRAM directly, or with --serial sent whole over the
 * UART), its console comes back from the UART's transmit pin, and the run
 * ends when the LEDs show an exit code (rtl/fpga/fpga_soc.sv). With
 * --tea-samples the sample log the program prints at exit becomes a
 * sample file. With --pty the UART is a pseudo-terminal instead, for a
 * host program to load and talk to the board as it would over a real
 * serial port (teaperf record --serial). Exit status: the program's
 * (0-127), 124 when the time limit passes first, 2 for bad usage, 1 for
 * other errors. */
#define _XOPEN_SOURCE 700	/* posix_openpt and its kin */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "board/board_host.h"
#include "board/board_model.h"
#include "board/uart_line.h"
#include "board_sim.h"
#include "dram/dram.h"
#include "loader/elf_loader.h"
#include "pics.h"
#include "soc/soc.h"

#define PS_PER_MS   1000000000ull
#define RESET_PS    1000000ull		/* the button is held 1 us at the start */
#define ANSWER_PS   (50 * PS_PER_MS)	/* the boot ROM answers a frame sooner */
#define EXIT_TIMEOUT 124
#define EXIT_USAGE   2

static const char usage[] =
	"usage: board-sim-" BOARD_NAME " [OPTIONS] PROGRAM.elf\n"
	"       board-sim-" BOARD_NAME " --pty [--max-ms N]\n"
	"\n"
	"Runs PROGRAM on the " BOARD_NAME " board's top in simulation: the boot ROM's\n"
	"serial loader starts it, its console comes from the UART pin, and the exit\n"
	"code from the LEDs. With --pty the UART is a pseudo-terminal, whose path is\n"
	"printed, for a host program (teaperf record --serial) to load the program.\n"
	"\n"
	"      --serial          send the program over the UART (default: put it in\n"
	"                        DRAM and send only the start command)\n"
	"      --tea-samples FILE  write the TEA sample log the program prints at exit\n"
	"      --pty             the UART on a pseudo-terminal\n"
	"      --max-ms N        stop after N ms of simulated time (default 1000)\n"
	"  -h, --help            this help\n";

static int fail(int status, const char *fmt, const char *arg)
{
	fprintf(stderr, "board-sim-%s: ", BOARD_NAME);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	return status;
}

/* The pseudo-terminal the host opens, raw (no echo of what the board
 * sends back to it): its master, and the path printed. */
static int open_pty(int *slave)
{
	struct termios t;
	int master = posix_openpt(O_RDWR | O_NOCTTY);

	if (master < 0 || grantpt(master) || unlockpt(master))
		return -1;
	*slave = open(ptsname(master), O_RDWR | O_NOCTTY);
	if (*slave < 0 || tcgetattr(*slave, &t))
		return -1;
	cfmakeraw(&t);
	if (tcsetattr(*slave, TCSANOW, &t) || fcntl(master, F_SETFL, O_NONBLOCK))
		return -1;
	printf("board-sim-%s: the UART is %s\n", BOARD_NAME, ptsname(master));
	fflush(stdout);
	return master;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "serial", no_argument, NULL, 's' },
		{ "tea-samples", required_argument, NULL, 't' },
		{ "pty", no_argument, NULL, 'p' },
		{ "max-ms", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *samples = NULL, *elf = NULL;
	bool serial = false, pty = false;
	unsigned long long max_ms = 1000;
	char err[300], *end;
	int c;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's': serial = true; break;
		case 't': samples = optarg; break;
		case 'p': pty = true; break;
		case 'm':
			max_ms = strtoull(optarg, &end, 10);
			if (*end || !max_ms)
				return fail(EXIT_USAGE, "--max-ms: not a positive number: %s", optarg);
			break;
		case 'h': fputs(usage, stdout); return 0;
		default: fputs(usage, stderr); return EXIT_USAGE;
		}
	}
	if (pty ? optind != argc || serial || samples : optind != argc - 1) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}

	struct soc_config sc = { .dram_size = BOARD_MEM_BYTES, .nharts = 1 };
	struct soc *soc = NULL;
	struct dram *dram = dram_create(SOC_DRAM_BASE, BOARD_MEM_BYTES, BOARD_SIM_MEM_LATENCY,
					BOARD_SIM_MEM_CYCLES_PER_LINE);
	struct elf_program prog = { 0 };
	const uint8_t *image = NULL;

	if (!dram)
		return fail(1, "out of memory for %s of DRAM", "the board's");
	if (!pty) {
		/* The program is loaded into a SoC model's DRAM first, then copied. */
		elf = argv[optind];
		soc = soc_create(&sc);
		if (!soc)
			return fail(1, "out of memory for %s of DRAM", "the board's");
		if (elf_load(elf, soc, 0, &prog, err, sizeof(err)))
			return fail(1, "%s", err);
		image = soc_dram(soc, prog.lo, prog.hi - prog.lo);
		if (!serial)
			memcpy(dram_mem(dram, prog.lo, prog.hi - prog.lo), image, prog.hi - prog.lo);
	}

	struct uart_line_rx rx;
	struct uart_line_tx *tx = malloc(sizeof(*tx));
	struct board_host host;
	struct board_model *m = board_model_create(dram);
	int master = -1, slave = -1;

	if (!tx || !m)
		return fail(1, "out of memory for %s", "the model");
	if (pty && (master = open_pty(&slave)) < 0)
		return fail(1, "cannot make a pseudo-terminal: %s", strerror(errno));
	uart_line_rx_init(&rx, BOARD_UART_BAUD);
	uart_line_tx_init(tx, BOARD_UART_BAUD);
	board_host_init(&host, tx, stdout, serial ? image : NULL, prog.lo, prog.hi - prog.lo,
			prog.entry);
	if (pty)
		host.state = BOARD_HOST_RUNNING;	/* the host is at the other end */

	uint64_t now = 0, limit = max_ms * PS_PER_MS, sent_at = 0, next_poll = 0;
	unsigned leds = 0;

	board_model_press_reset(m, true);
	while (!(leds & 0x80) && now < limit && host.state != BOARD_HOST_FAILED) {
		uint64_t until = uart_line_tx_next(tx, now);

		if (now < RESET_PS && until > RESET_PS)
			until = RESET_PS;
		now = board_model_advance(m, until < limit ? until : limit);
		if (now >= RESET_PS)
			board_model_press_reset(m, false);
		board_model_set_uart_rx(m, uart_line_tx_level(tx, now));
		int byte = uart_line_rx_sample(&rx, now, board_model_uart_tx(m));

		if (pty) {
			uint8_t b = (uint8_t)byte, in[256];
			ssize_t n;

			if (byte >= 0 && write(master, &b, 1) != 1)
				return fail(1, "the pseudo-terminal: %s", strerror(errno));
			/* what the host sent, when the line has room for it, looked
			 * for once a bit time: not a system call every clock edge */
			if (now >= next_poll && tx->count + sizeof(in) <= UART_LINE_TX_QUEUE) {
				next_poll = now + tx->bit_ps;
				if ((n = read(master, in, sizeof(in))) > 0)
					uart_line_tx_send(tx, in, (size_t)n);
			}
		} else if (byte >= 0 && !board_host_receive(&host, (uint8_t)byte)) {
			return fail(1, "out of memory for %s", "the console");
		}
		leds = board_model_leds(m);
		/* a frame out and no answer: the ROM is gone */
		if (host.state != BOARD_HOST_LOADING || !uart_line_tx_idle(tx))
			sent_at = now;
		else if (now - sent_at > ANSWER_PS)
			break;
	}
	fflush(stdout);

	int status = leds & 0x7f;

	if (host.state == BOARD_HOST_FAILED) {
		status = fail(1, "the boot ROM refused a frame of %s", elf);
	} else if (host.state == BOARD_HOST_LOADING) {
		status = fail(1, "the boot ROM did not answer a frame of %s", elf);
	} else if (!(leds & 0x80)) {
		fprintf(stderr, "board-sim-%s: no exit after %llu ms of simulated time (LEDs %02x)\n",
			BOARD_NAME, max_ms, leds);
		status = EXIT_TIMEOUT;
	} else if (rx.framing_errors) {
		fprintf(stderr, "board-sim-%s: %llu framing errors on the UART\n", BOARD_NAME,
			(unsigned long long)rx.framing_errors);
		status = 1;
	}
	if (samples && status != EXIT_TIMEOUT) {
		struct pics_error perr;
		int64_t n = pics_log_write_console(host.text ? host.text : "", host.text_len,
						   samples, elf, &perr);

		if (n < 0)
			status = fail(1, "%s", perr.msg);
		else
			fprintf(stderr, "board-sim-%s: %lld TEA samples from the console\n", BOARD_NAME,
				(long long)n);
	}
	fprintf(stderr, "board-sim-%s: %.3f ms simulated\n", BOARD_NAME, (double)now / PS_PER_MS);
	if (pty) {
		/* the host reads what is left before the line goes */
		nanosleep(&(struct timespec){ .tv_sec = 1 }, NULL);
		close(slave);
		close(master);
	}
	board_model_destroy(m);
	board_host_free(&host);
	free(tx);
	dram_destroy(dram);
	soc_destroy(soc);
	return status;
}
