/* The SoC's coherent host port and the core's debug halt, through teasim's
 * RTL backend (sim/rtl/rtl_soc.h) of the default configuration. A program
 * dirties two lines in the D-cache and halts on an EBREAK; the host then
 * must read the program's data (not DRAM's stale zeros), its registers,
 * write memory and a register, and after the resume the program's loads
 * must see what the host wrote, also while it runs. Prints PASS. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commit.h"
#include "rtl/rtl_soc.h"
#include "soc/devices.h"

#define DRAM_BASE 0x80000000ull
#define DRAM_SIZE (1ull << 20)
#define DATA      (DRAM_BASE + 0x1000)
#define EBREAK_PC (DRAM_BASE + 0x14)
#define LOOP_LD0  (DRAM_BASE + 0x18)
#define PATTERN   0x5a5ull

static const uint32_t program[] = {
	0x00001297, /*       auipc t0, 1          t0 = DATA          */
	0x5a500313, /*       li    t1, 0x5a5                         */
	0x0062b023, /*       sd    t1, 0(t0)      dirty line 0       */
	0x0462b023, /*       sd    t1, 64(t0)     dirty line 1       */
	0x0ff0000f, /*       fence                                   */
	0x00100073, /*       ebreak               halts              */
	0x0002b383, /* loop: ld    t2, 0(t0)                         */
	0x0402be03, /*       ld    t3, 64(t0)                        */
	0xff9ff06f, /*       j     loop                              */
};

static const struct rtl_backend *rtl = &tea_rtl_backend;
static struct rtl_soc *soc;
static struct commit last_ld0;   /* the last commit of the loop's first load */
static unsigned ld0_commits;

static void fail(const char *fmt, ...)
{
	va_list ap;

	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	exit(1);
}

static void cycle(void)
{
	struct commit c[8];
	unsigned n = rtl->cycle(soc, c);

	for (unsigned i = 0; i < n; i++) {
		if (c[i].trap)
			fail("trap at pc %llx, cause %llu", (unsigned long long)c[i].pc,
			     (unsigned long long)c[i].cause);
		if (c[i].pc == LOOP_LD0) {
			last_ld0 = c[i];
			ld0_commits++;
		}
	}
}

/* One line through the host port; returns the line as it was. */
static void dma(uint64_t pa, const uint8_t *data, uint64_t mask, uint8_t *line, bool expect_error)
{
	bool error;
	unsigned n = 0;

	rtl->dma_start(soc, pa, data, mask);
	while (!rtl->dma_done(soc, line, &error)) {
		cycle();
		if (++n > 1000)
			fail("the host port did not answer for 0x%llx", (unsigned long long)pa);
	}
	if (error != expect_error)
		fail("host port access to 0x%llx: error %d, expected %d", (unsigned long long)pa,
		     error, expect_error);
}

static uint64_t word(const uint8_t *line, unsigned i)
{
	uint64_t v;

	memcpy(&v, line + 8 * i, 8);
	return v;
}

static uint64_t read_reg(unsigned r)
{
	rtl->select_reg(soc, r);
	cycle();
	return rtl->reg(soc);
}

static void write_word(uint64_t pa, uint64_t v)
{
	uint8_t data[64] = { 0 }, line[64];

	memcpy(data + (pa & 63), &v, 8);
	dma(pa, data, 0xffull << (pa & 63), line, false);
}

int main(void)
{
	struct rtl_soc_config cfg = { .dram_size = DRAM_SIZE, .dram_latency = 80,
				      .dram_cycles_per_line = 4 };
	static uint8_t rom[SOC_BOOTROM_SIZE];
	uint8_t line[64];
	uint64_t pc = 0;
	unsigned n;

	soc = rtl->create(&cfg);
	if (!soc)
		fail("cannot create the SoC");
	memcpy(rtl->dram(soc, DRAM_BASE, sizeof(program)), program, sizeof(program));
	if (bootrom_write(rom, sizeof(rom), DRAM_BASE, NULL, 0) < 0 || rtl->boot(soc, rom, sizeof(rom)))
		fail("cannot boot");
	rtl->set_halt_on_ebreak(soc, true);
	for (n = 0; !rtl->halted(soc, &pc); n++) {
		if (n > 5000)
			fail("the core did not halt on the EBREAK");
		cycle();
	}
	if (pc != EBREAK_PC)
		fail("halted at %llx, not at the EBREAK", (unsigned long long)pc);
	if (word(rtl->dram(soc, DATA, 8), 0) != 0)
		fail("the store reached DRAM: the test cannot tell caches from memory");

	/* Registers of the halted core. */
	if (read_reg(6) != PATTERN || read_reg(5) != DATA)
		fail("registers read t1 = %llx, t0 = %llx", (unsigned long long)read_reg(6),
		     (unsigned long long)read_reg(5));
	rtl->write_reg(soc, 7, 0x777);
	cycle();
	if (read_reg(7) != 0x777)
		fail("register write did not take");

	/* The host reads the dirty lines, then writes one of them. */
	dma(DATA, NULL, 0, line, false);
	if (word(line, 0) != PATTERN)
		fail("host read %llx at DATA, the program wrote %llx", (unsigned long long)word(line, 0),
		     PATTERN);
	dma(DATA + 64, NULL, 0, line, false);
	if (word(line, 0) != PATTERN)
		fail("host read %llx at DATA+64", (unsigned long long)word(line, 0));
	write_word(DATA, 0x1234);
	dma(DATA, NULL, 0, line, false);
	if (word(line, 0) != 0x1234 || word(line, 1) != 0)
		fail("host read back %llx %llx", (unsigned long long)word(line, 0),
		     (unsigned long long)word(line, 1));
	/* Beyond the end of DRAM: an error, for reads and writes. */
	dma(DRAM_BASE + DRAM_SIZE, NULL, 0, line, true);
	dma(DRAM_BASE + DRAM_SIZE, line, 0xff, line, true);

	/* Resumed, the program's loads see the host's write. */
	rtl->resume(soc, EBREAK_PC + 4, 3);
	for (n = 0; ld0_commits < 3; n++) {
		if (n > 5000)
			fail("the core did not run the loop after the resume");
		cycle();
	}
	if (rtl->halted(soc, &pc))
		fail("still halted");
	if (last_ld0.rd_value != 0x1234)
		fail("the program loaded %llx after the host wrote 0x1234",
		     (unsigned long long)last_ld0.rd_value);

	/* A write while the loop keeps the line in the D-cache. */
	write_word(DATA, 0x9999);
	for (n = ld0_commits + 3; ld0_commits < n;)
		cycle();
	if (last_ld0.rd_value != 0x9999)
		fail("the running program loaded %llx after the host wrote 0x9999",
		     (unsigned long long)last_ld0.rd_value);
	rtl->destroy(soc);
	printf("PASS: host port reads and writes coherently, registers of the halted core\n");
	return 0;
}
