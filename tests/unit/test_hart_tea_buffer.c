/* The ISS's TEA sampler (sim/iss/tea.c) with its sample buffer
 * (teactl.BUF): each sample's record lands in DRAM at teaptr, whole and in
 * order, and teaptr moves past it; no interrupt per sample, BIRQ (mip bit
 * 16, PLIC source SOC_TEA_IRQ) when a record crosses teawmark, until
 * software writes teastat with BIRQ = 0; a record that does not fit before
 * tealimit is lost (tealost, FULL, BIRQ) or, with WRAP, goes to teabase;
 * nothing is ever written at or past tealimit; a buffer outside DRAM loses
 * its records; the buffer CSRs hold bits 55:3; a checkpoint taken while a
 * record is in flight resumes it. */
#include <stdio.h>
#include <unistd.h>

#include "checkpoint/stream.h"
#include "hart_tea_test_util.h"

#define BUF_BASE   DATA_BASE
#define BUF_PERIOD 100		/* far longer than a record takes: none is lost */
#define SENTINEL   0xa5
#define MIP_TEA    (1ull << TEA_IRQ)
#define DRAM_END   (SOC_DRAM_BASE + DRAM_SIZE)
#define DIV_INSN   op(1, 4, 5, 6, 7)	/* div x5, x6, x7: a sample carries ST-DIV */

/* The commit width and a record's size in bytes, 8 * (2 + 3W). */
static unsigned tea_width(struct hfix *f)
{
	return TEA_INFO_WIDTH(csr(f, TEA_CSR_INFO));
}

static uint64_t rec_bytes(struct hfix *f)
{
	return 8ull * TEA_RECORD_WORDS(tea_width(f));
}

static void fill_insns(struct hfix *f, uint64_t pa, unsigned n, uint32_t insn)
{
	for (unsigned i = 0; i < n; i++)
		poke32(f, pa + 4 * i, insn);
}

static void fill_bytes(struct hfix *f, uint64_t pa, uint64_t len, uint8_t v)
{
	memset(dram(f, pa, len), v, len);
}

/* Fails unless [pa, pa + len) still holds the sentinel. */
static void assert_untouched(struct hfix *f, uint64_t pa, uint64_t len)
{
	const uint8_t *p = dram(f, pa, len);

	for (uint64_t i = 0; i < len; i++)
		if (p[i] != SENTINEL)
			fail_msg("byte at %#llx written: %#x", (unsigned long long)(pa + i), p[i]);
}

/* PLIC pending bit of the TEA source. */
static bool plic_tea_pending(struct hfix *f)
{
	uint64_t v = 0;

	assert_int_equal(soc_load(f->soc, SOC_PLIC_BASE + 0x1000, 4, &v), 0);
	return v >> SOC_TEA_IRQ & 1;
}

static bool birq(struct hfix *f)
{
	return (csr(f, TEA_CSR_STAT) & TEA_STAT_BIRQ) != 0;
}

/* The interrupt line, seen as mip bit 16 and the PLIC source, is @on. */
static void assert_tea_irq(struct hfix *f, bool on)
{
	assert_int_equal(csr(f, CSR_MIP) & MIP_TEA, on ? MIP_TEA : 0);
	assert_int_equal(plic_tea_pending(f), on);
}

/* Gives the hart a sampler and code of @insn, programs the buffer and
 * turns buffer-mode sampling on with period BUF_PERIOD and teactl bits
 * @ctl. Returns the pc of the teactl write: the k-th sample (k = 1, 2,
 * ...) is of the instruction k * BUF_PERIOD after it. */
static uint64_t start_buffer(struct hfix *f, uint32_t insn, uint64_t base, uint64_t limit,
			     uint64_t ptr, uint64_t wmark, uint32_t ctl)
{
	uint64_t pc;

	assert_true(hart_set_tea_sampler(f->h, true));
	fill_insns(f, CODE_BASE, NOPS, insn);
	csr_write(f, TEA_CSR_BASE, base);
	csr_write(f, TEA_CSR_LIMIT, limit);
	csr_write(f, TEA_CSR_PTR, ptr);
	csr_write(f, TEA_CSR_WMARK, wmark);
	csr_write(f, TEA_CSR_PERIOD, BUF_PERIOD);
	pc = hart_pc(f->h);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_BUF | ctl);
	return pc;
}

/* Checks the record at @pa: a Compute sample of M mode with sequence
 * number @seq, of the one instruction at @pc in slot 0 with PSV @psv
 * and, unless 0, data address @daddr (DMASK bit 0); the other slots
 * empty. Returns its teatime. */
static uint64_t check_access_record(struct hfix *f, uint64_t pa, uint32_t seq, uint64_t pc,
				    uint64_t psv, uint64_t daddr)
{
	unsigned w = tea_width(f);
	uint64_t want_stat = TEA_STAT_V | (uint64_t)TEA_COMPUTE << TEA_STAT_STATE_SHIFT |
			     1ull << TEA_STAT_MASK_SHIFT |
			     (uint64_t)TEA_PRIV_M << TEA_STAT_PRIV_SHIFT |
			     (uint64_t)(daddr != 0) << TEA_STAT_DMASK_SHIFT |
			     (uint64_t)seq << TEA_STAT_SEQ_SHIFT;

	if (peek64(f, pa + 8) != want_stat)
		fail_msg("record at %#llx: stat %#llx, expected %#llx", (unsigned long long)pa,
			 (unsigned long long)peek64(f, pa + 8), (unsigned long long)want_stat);
	assert_int_equal(peek64(f, pa + 16), pc);
	assert_int_equal(peek64(f, pa + 16 + 8 * w), psv);
	assert_int_equal(peek64(f, pa + 16 + 16 * w), daddr);
	for (unsigned i = 1; i < w; i++) {
		assert_int_equal(peek64(f, pa + 16 + 8 * i), 0);
		assert_int_equal(peek64(f, pa + 16 + 8 * (w + i)), 0);
		assert_int_equal(peek64(f, pa + 16 + 8 * (2 * w + i)), 0);
	}
	return peek64(f, pa);
}

static uint64_t check_record(struct hfix *f, uint64_t pa, uint32_t seq, uint64_t pc, uint64_t psv)
{
	return check_access_record(f, pa, seq, pc, psv, 0);
}

static void buffer_records_land_in_dram_in_order(void **state)
{
	struct hfix *f = *state;
	const unsigned n = 8;
	uint64_t rec, ctl_pc, ptr = BUF_BASE, prev_time = 0;
	unsigned v_steps = 0;
	struct commit c;

	rec = rec_bytes(f);
	assert_int_equal(rec, 8 * (2 + 3 * HART_TEA_WIDTH));
	fill_bytes(f, BUF_BASE, 4096, SENTINEL);
	ctl_pc = start_buffer(f, DIV_INSN, BUF_BASE, BUF_BASE + 4096, BUF_BASE, 0, 0);
	/* step by step: teaptr moves by one record at a time, the interrupt
	 * never rises, V is set only while a record is written */
	for (unsigned i = 0; i < n * BUF_PERIOD + BUF_PERIOD / 2; i++) {
		uint64_t now;

		hart_step(f->h, &c);
		assert_retired(&c);
		now = csr(f, TEA_CSR_PTR);
		if (now != ptr) {
			assert_int_equal(now, ptr + rec);
			ptr = now;
		}
		if (csr(f, TEA_CSR_STAT) & TEA_STAT_V)
			v_steps++;
		assert_tea_irq(f, false);
		assert_false(birq(f));
	}
	assert_int_equal(ptr, BUF_BASE + n * rec);
	assert_true(v_steps >= n && v_steps < n * BUF_PERIOD / 4);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_V | TEA_STAT_WAIT | TEA_STAT_BIRQ |
						 TEA_STAT_FULL), 0);
	assert_int_equal(csr(f, TEA_CSR_LOST), 0);
	assert_int_equal(csr(f, TEA_CSR_FILT), 0);
	for (unsigned k = 1; k <= n; k++) {
		uint64_t pc = ctl_pc + 4ull * k * BUF_PERIOD;
		uint64_t t = check_record(f, BUF_BASE + (k - 1) * rec, k - 1, pc,
					  1u << PICS_TEA_ST_DIV);

		/* one instruction a cycle from reset at CODE_BASE */
		assert_true(t - (pc - CODE_BASE) / 4 <= 1);
		if (k > 1)
			assert_int_equal(t - prev_time, BUF_PERIOD);
		prev_time = t;
	}
	/* the last record's teastat and teatime are the CSRs' */
	assert_int_equal(csr(f, TEA_CSR_TIME), prev_time);
	assert_int_equal(TEA_STAT_SEQ(csr(f, TEA_CSR_STAT)), n - 1);
	assert_untouched(f, BUF_BASE + n * rec, 4096 - n * rec);
}

/* hart_run, the fast loop, writes the same records */
static void buffer_records_in_the_fast_loop(void **state)
{
	struct hfix *f = *state;
	uint64_t rec = rec_bytes(f), ctl_pc;

	ctl_pc = start_buffer(f, NOP, BUF_BASE, BUF_BASE + 4096, BUF_BASE, 0, 0);
	assert_int_equal(hart_run(f->h, 5 * BUF_PERIOD + BUF_PERIOD / 2),
			 5 * BUF_PERIOD + BUF_PERIOD / 2);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + 5 * rec);
	for (unsigned k = 1; k <= 5; k++)
		check_record(f, BUF_BASE + (k - 1) * rec, k - 1, ctl_pc + 4ull * k * BUF_PERIOD, 0);
	assert_int_equal(csr(f, TEA_CSR_LOST), 0);
	assert_tea_irq(f, false);
}

/* A load's record holds its data address, after the PSVs, and DMASK in
 * its teastat. */
static void buffer_records_carry_data_addresses(void **state)
{
	struct hfix *f = *state;
	const uint64_t data = BUF_BASE + 0x2000;
	uint64_t rec = rec_bytes(f), ctl_pc;

	hart_set_reg(f->h, 6, data);
	ctl_pc = start_buffer(f, load(3, 5, 6, 16), BUF_BASE, BUF_BASE + 4096, BUF_BASE, 0, 0);
	assert_int_equal(hart_run(f->h, 3 * BUF_PERIOD + BUF_PERIOD / 2),
			 3 * BUF_PERIOD + BUF_PERIOD / 2);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + 3 * rec);
	for (unsigned k = 1; k <= 3; k++)
		check_access_record(f, BUF_BASE + (k - 1) * rec, k - 1,
				    ctl_pc + 4ull * k * BUF_PERIOD, 0, data + 16);
}

/* A write of teastat with V = 0 does not free a sample in buffer mode:
 * the record is still written whole. */
static void buffer_stat_write_frees_no_sample(void **state)
{
	struct hfix *f = *state;
	uint64_t rec = rec_bytes(f), ctl_pc;
	struct commit c;

	ctl_pc = start_buffer(f, NOP, BUF_BASE, BUF_BASE + 4096, BUF_BASE, 0, 0);
	for (unsigned i = 0; i < 2 * BUF_PERIOD; i++) {
		hart_step(f->h, &c);
		if (csr(f, TEA_CSR_STAT) & TEA_STAT_V)
			break;
	}
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, TEA_STAT_V);
	csr_write(f, TEA_CSR_STAT, 0);
	csr_write(f, TEA_CSR_STAT, 0);
	assert_int_equal(hart_run(f->h, BUF_PERIOD / 2), BUF_PERIOD / 2);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + rec);
	check_record(f, BUF_BASE, 0, ctl_pc + 4ull * BUF_PERIOD, 0);
	assert_int_equal(csr(f, TEA_CSR_LOST), 0);
}

/* Sampling turned off in the sample cycle: the sample latched in it
 * still goes to the buffer. */
static void buffer_sample_at_stop_is_written(void **state)
{
	struct hfix *f = *state;

	start_buffer(f, NOP, BUF_BASE, BUF_BASE + 4096, BUF_BASE, 0, 0);
	assert_int_equal(hart_run(f->h, BUF_PERIOD - 1), BUF_PERIOD - 1);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_BUF);	/* the sample cycle itself */
	assert_int_equal(hart_run(f->h, 200), 200);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, 0);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + rec_bytes(f));
}

static void buffer_watermark_raises_birq(void **state)
{
	struct hfix *f = *state;
	uint64_t rec = rec_bytes(f), wmark, ptr;
	bool trapped = false;
	struct commit c;

	/* the third record ends past the watermark, having started below */
	wmark = BUF_BASE + 2 * rec + 8;
	start_buffer(f, NOP, BUF_BASE, BUF_BASE + 4096, BUF_BASE, wmark, 0);
	fill_insns(f, MTVEC_BASE, NOPS, NOP);
	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_MIE, MIP_TEA);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
	for (unsigned i = 0; i < 4 * BUF_PERIOD && !trapped; i++) {
		bool before = birq(f);

		hart_step(f->h, &c);
		ptr = csr(f, TEA_CSR_PTR);
		if (c.trap) {
			/* taken the step after BIRQ rose, not for a sample */
			assert_true(before);
			assert_true(c.interrupt);
			assert_int_equal(c.cause, INTERRUPT_BIT | TEA_IRQ);
			assert_int_equal(hart_pc(f->h), MTVEC_BASE);
			trapped = true;
		} else {
			assert_int_equal(birq(f), ptr >= BUF_BASE + 3 * rec);
			assert_tea_irq(f, birq(f));
		}
	}
	assert_true(trapped);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + 3 * rec);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL | TEA_STAT_V),
			 TEA_STAT_BIRQ);
	assert_tea_irq(f, true);
	/* in the handler: a write that keeps BIRQ keeps it, one with BIRQ = 0
	 * clears it and the line */
	csr_write(f, TEA_CSR_STAT, TEA_STAT_BIRQ);
	assert_true(birq(f));
	assert_tea_irq(f, true);
	csr_write(f, TEA_CSR_STAT, 0);
	assert_false(birq(f));
	assert_tea_irq(f, false);
	/* records that start past the watermark raise nothing */
	assert_int_equal(hart_run(f->h, 3 * BUF_PERIOD), 3 * BUF_PERIOD);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + 6 * rec);
	assert_false(birq(f));
	assert_tea_irq(f, false);
	assert_int_equal(csr(f, TEA_CSR_LOST), 0);
}

static void buffer_full_without_wrap_loses_samples(void **state)
{
	struct hfix *f = *state;
	uint64_t rec = rec_bytes(f), limit, ctl_pc;

	/* room for two records and a part of a third */
	limit = BUF_BASE + 2 * rec + 40;
	fill_bytes(f, BUF_BASE, 1024, SENTINEL);
	ctl_pc = start_buffer(f, NOP, BUF_BASE, limit, BUF_BASE, 0, 0);
	assert_int_equal(hart_run(f->h, 5 * BUF_PERIOD + BUF_PERIOD / 2),
			 5 * BUF_PERIOD + BUF_PERIOD / 2);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + 2 * rec);
	assert_int_equal(csr(f, TEA_CSR_LOST), 3);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_V | TEA_STAT_BIRQ | TEA_STAT_FULL),
			 TEA_STAT_BIRQ | TEA_STAT_FULL);
	assert_tea_irq(f, true);
	check_record(f, BUF_BASE, 0, ctl_pc + 4ull * BUF_PERIOD, 0);
	check_record(f, BUF_BASE + rec, 1, ctl_pc + 8ull * BUF_PERIOD, 0);
	/* nothing after the second record: below the limit or past it */
	assert_untouched(f, BUF_BASE + 2 * rec, 1024 - 2 * rec);

	/* software drains the buffer: a teaptr write clears FULL, not BIRQ */
	csr_write(f, TEA_CSR_PTR, BUF_BASE);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL), TEA_STAT_BIRQ);
	csr_write(f, TEA_CSR_STAT, 0);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL), 0);
	assert_tea_irq(f, false);
	/* room for exactly one record now: the next sample (the sixth, SEQ
	 * 5) goes to teabase again, ending at the limit */
	csr_write(f, TEA_CSR_LIMIT, BUF_BASE + rec);
	assert_int_equal(hart_run(f->h, BUF_PERIOD), BUF_PERIOD);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + rec);
	check_record(f, BUF_BASE, 5, ctl_pc + 4ull * 6 * BUF_PERIOD, 0);
	assert_int_equal(csr(f, TEA_CSR_LOST), 3);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL), 0);
	assert_tea_irq(f, false);
	/* and the seventh finds the buffer full */
	assert_int_equal(hart_run(f->h, BUF_PERIOD), BUF_PERIOD);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + rec);
	assert_int_equal(csr(f, TEA_CSR_LOST), 4);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL),
			 TEA_STAT_BIRQ | TEA_STAT_FULL);
	check_record(f, BUF_BASE, 5, ctl_pc + 4ull * 6 * BUF_PERIOD, 0);
	assert_untouched(f, BUF_BASE + 2 * rec, 1024 - 2 * rec);
}

static void buffer_wraps_to_base(void **state)
{
	struct hfix *f = *state;
	uint64_t rec = rec_bytes(f), limit, ctl_pc;
	/* where each sample's record goes: starting at the third slot, three
	 * slots before the limit (which is not a line boundary) */
	const unsigned slot[] = { 2, 0, 1, 2, 0, 1, 2 };
	const unsigned n = sizeof(slot) / sizeof(slot[0]);

	limit = BUF_BASE + 3 * rec;
	fill_bytes(f, BUF_BASE, 1024, SENTINEL);
	ctl_pc = start_buffer(f, NOP, BUF_BASE, limit, BUF_BASE + 2 * rec, 0, TEA_CTL_WRAP);
	assert_int_equal(hart_run(f->h, BUF_PERIOD / 2), BUF_PERIOD / 2);
	for (unsigned k = 1; k <= n; k++) {
		assert_int_equal(hart_run(f->h, BUF_PERIOD), BUF_PERIOD);
		assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + (slot[k - 1] + 1) * rec);
		check_record(f, BUF_BASE + slot[k - 1] * rec, k - 1,
			     ctl_pc + 4ull * k * BUF_PERIOD, 0);
		assert_int_equal(csr(f, TEA_CSR_LOST), 0);
		assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL), 0);
		assert_tea_irq(f, false);
		assert_untouched(f, limit, 1024 - 3 * rec);
	}
	/* WRAP, but not even teabase leaves room: the record is lost */
	csr_write(f, TEA_CSR_LIMIT, BUF_BASE + rec - 8);
	csr_write(f, TEA_CSR_PTR, BUF_BASE);
	assert_int_equal(hart_run(f->h, BUF_PERIOD), BUF_PERIOD);
	assert_int_equal(csr(f, TEA_CSR_LOST), 1);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE);
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL),
			 TEA_STAT_BIRQ | TEA_STAT_FULL);
	assert_tea_irq(f, true);
	/* teabase still holds the record of the sample with SEQ n - 3 */
	check_record(f, BUF_BASE, n - 3, ctl_pc + 4ull * (n - 2) * BUF_PERIOD, 0);
}

static void buffer_outside_dram_loses_the_record(void **state)
{
	struct hfix *f = *state;
	uint64_t rec = rec_bytes(f);
	const uint64_t where[] = {
		SOC_UART_BASE,		/* a device */
		0x40000000ull,		/* nothing */
		DRAM_END,		/* just past DRAM */
		DRAM_END - 16,		/* starts in DRAM, ends past it */
	};

	start_buffer(f, NOP, BUF_BASE, BUF_BASE + 4096, BUF_BASE, 0, 0);
	/* halfway between samples: each case below sees two whole ones */
	assert_int_equal(hart_run(f->h, BUF_PERIOD / 2), BUF_PERIOD / 2);
	for (size_t i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		uint64_t lost = csr(f, TEA_CSR_LOST);

		csr_write(f, TEA_CSR_LIMIT, where[i] + 4096);
		csr_write(f, TEA_CSR_PTR, where[i]);
		csr_write(f, TEA_CSR_STAT, 0);
		assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL), 0);
		assert_int_equal(hart_run(f->h, 2 * BUF_PERIOD), 2 * BUF_PERIOD);
		if (csr(f, TEA_CSR_LOST) != lost + 2)
			fail_msg("buffer at %#llx: %llu lost, expected 2",
				 (unsigned long long)where[i],
				 (unsigned long long)(csr(f, TEA_CSR_LOST) - lost));
		assert_int_equal(csr(f, TEA_CSR_PTR), where[i]);
		assert_int_equal(csr(f, TEA_CSR_STAT) &
				 (TEA_STAT_V | TEA_STAT_BIRQ | TEA_STAT_FULL),
				 TEA_STAT_BIRQ | TEA_STAT_FULL);
		assert_tea_irq(f, true);
	}
	/* back in DRAM, the writer goes on */
	fill_bytes(f, BUF_BASE, 1024, SENTINEL);
	csr_write(f, TEA_CSR_LIMIT, BUF_BASE + 4096);
	csr_write(f, TEA_CSR_PTR, BUF_BASE);
	csr_write(f, TEA_CSR_STAT, 0);
	assert_int_equal(hart_run(f->h, 2 * BUF_PERIOD), 2 * BUF_PERIOD);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE + 2 * rec);
	assert_int_equal(TEA_STAT_SEQ(peek64(f, BUF_BASE + 8)) + 1,
			 TEA_STAT_SEQ(peek64(f, BUF_BASE + rec + 8)));
	assert_int_equal(csr(f, TEA_CSR_STAT) & (TEA_STAT_BIRQ | TEA_STAT_FULL), 0);
	assert_tea_irq(f, false);
	assert_untouched(f, BUF_BASE + 2 * rec, 1024 - 2 * rec);
}

static void check_buffer_csrs(struct hfix *f)
{
	static const unsigned regs[] = { TEA_CSR_BASE, TEA_CSR_LIMIT, TEA_CSR_PTR,
					 TEA_CSR_WMARK };

	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		uint64_t v = 0xff23456789abcdefull + i;
		struct commit c;

		csr_write(f, regs[i], ~0ull);
		assert_int_equal(csr(f, regs[i]), TEA_BUF_ADDR_MASK);
		csr_write(f, regs[i], v);
		assert_int_equal(csr(f, regs[i]), v & TEA_BUF_ADDR_MASK);
		/* and read by an instruction */
		c = exec32(f, csrrs(5, regs[i], 0));
		assert_retired(&c);
		assert_int_equal(hart_reg(f->h, 5), v & TEA_BUF_ADDR_MASK);
		csr_write(f, regs[i], 0);
		assert_int_equal(csr(f, regs[i]), 0);
	}
}

static void buffer_csrs_hold_bits_55_3(void **state)
{
	struct hfix *f = *state;
	static const unsigned missing[] = { 0x5cc, 0x5cf };
	struct commit c;
	uint64_t v;

	fill_nops(f);
	assert_true(hart_set_tea_sampler(f->h, true));
	check_buffer_csrs(f);
	/* the numbers after teawmark are not TEA's */
	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	for (size_t i = 0; i < sizeof(missing) / sizeof(missing[0]); i++) {
		c = exec32(f, csrrs(5, missing[i], 0));
		assert_trap(&c, 2, csrrs(5, missing[i], 0));
		assert_false(hart_csr(f->h, missing[i], &v));
		hart_reset(f->h, CODE_BASE);
	}
	assert_int_equal(TEA_MAP_VERSION, 7);
	assert_int_equal(TEA_INFO_VERSION(csr(f, TEA_CSR_INFO)), 7);
	/* U mode without UEN may not touch them */
	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	enter_priv(f, PRIV_U);
	c = exec32(f, csrrs(5, TEA_CSR_PTR, 0));
	assert_trap(&c, 2, csrrs(5, TEA_CSR_PTR, 0));
}

static void without_a_sampler_buffer_csrs_hold_what_is_written(void **state)
{
	struct hfix *f = *state;

	fill_nops(f);
	check_buffer_csrs(f);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_BUF | TEA_CTL_WRAP);
	assert_int_equal(csr(f, TEA_CSR_CTL), TEA_CTL_EN | TEA_CTL_BUF | TEA_CTL_WRAP);
	csr_write(f, TEA_CSR_PTR, BUF_BASE | 7);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE);
	assert_int_equal(csr(f, TEA_CSR_STAT), 0);
	assert_int_equal(TEA_INFO_VERSION(csr(f, TEA_CSR_INFO)), TEA_MAP_VERSION);
	/* nothing samples: nothing is written, no interrupt */
	assert_int_equal(hart_run(f->h, 500), 500);
	assert_int_equal(csr(f, TEA_CSR_PTR), BUF_BASE);
	assert_int_equal(csr(f, CSR_MIP) & MIP_TEA, 0);
}

/* Saves @f's hart and SoC and restores them into @g. */
static void checkpoint_into(struct hfix *f, struct hfix *g)
{
	char path[] = "/tmp/test_hart_tea_ckpt_XXXXXX";
	struct ckpt_out out;
	struct ckpt_in in;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(ckpt_open_out(&out, path), 0);
	hart_save(f->h, &out);
	soc_save(f->soc, &out);
	assert_int_equal(ckpt_close_out(&out), 0);
	assert_int_equal(ckpt_open_in(&in, path), 0);
	if (!hart_restore(g->h, &in) || !soc_restore(g->soc, &in))
		fail_msg("restore: %s", in.msg);
	ckpt_close_in(&in);
	unlink(path);
}

/* A checkpoint taken at any step of a record's writing (the writer
 * assembling a line, memory holding it, the record ending) resumes to the
 * same records, teaptr, BIRQ and interrupt as the run not interrupted. */
static void buffer_state_survives_a_checkpoint(void **state)
{
	static const unsigned regs[] = {
		TEA_CSR_CTL, TEA_CSR_PERIOD, TEA_CSR_STAT, TEA_CSR_TIME, TEA_CSR_LOST,
		TEA_CSR_COUNT, TEA_CSR_BASE, TEA_CSR_LIMIT, TEA_CSR_PTR, TEA_CSR_WMARK,
		TEA_CSR_ADDR0, TEA_CSR_PSV0, CSR_MIP,
	};
	struct hfix *f0 = *state;
	uint64_t rec = rec_bytes(f0);

	for (unsigned at = 0; at < 24; at++) {
		void *sa = NULL, *sb = NULL;
		struct hfix *a, *b;
		uint64_t ctl_pc;

		assert_int_equal(hfix_setup(&sa), 0);
		assert_int_equal(hfix_setup(&sb), 0);
		a = sa;
		b = sb;
		/* the first record crosses the watermark and a line boundary,
		 * the second wraps to teabase, the third ends at the limit */
		ctl_pc = start_buffer(a, DIV_INSN, BUF_BASE, BUF_BASE + 2 * rec, BUF_BASE + rec / 2,
				      BUF_BASE + rec + 8, TEA_CTL_WRAP);
		assert_int_equal(hart_run(a->h, BUF_PERIOD - 2 + at), BUF_PERIOD - 2 + at);
		assert_true(hart_set_tea_sampler(b->h, true));
		checkpoint_into(a, b);
		for (unsigned i = 0; i < 2 * BUF_PERIOD + BUF_PERIOD / 2 + 2 - at; i++) {
			struct commit ca, cb;

			hart_step(a->h, &ca);
			hart_step(b->h, &cb);
			assert_int_equal(ca.pc, cb.pc);
			assert_int_equal(ca.trap, cb.trap);
			for (size_t r = 0; r < sizeof(regs) / sizeof(regs[0]); r++)
				if (csr(a, regs[r]) != csr(b, regs[r]))
					fail_msg("saved %u steps in, csr %#x differs %u steps "
						 "later: %#llx, restored %#llx",
						 BUF_PERIOD - 2 + at, regs[r], i,
						 (unsigned long long)csr(a, regs[r]),
						 (unsigned long long)csr(b, regs[r]));
			assert_int_equal(plic_tea_pending(a), plic_tea_pending(b));
			/* later records overwrite the first: compare every step */
			if (memcmp(dram(a, BUF_BASE, 256), dram(b, BUF_BASE, 256), 256))
				fail_msg("saved %u steps in, the buffers differ %u steps later",
					 BUF_PERIOD - 2 + at, i);
		}
		assert_memory_equal(dram(a, BUF_BASE, 1024), dram(b, BUF_BASE, 1024), 1024);
		/* and the run did write its three records */
		assert_int_equal(csr(a, TEA_CSR_PTR), BUF_BASE + 2 * rec);
		assert_int_equal(csr(a, TEA_CSR_LOST), 0);
		assert_true(birq(a));
		check_record(a, BUF_BASE, 1, ctl_pc + 8ull * BUF_PERIOD, 1u << PICS_TEA_ST_DIV);
		check_record(a, BUF_BASE + rec, 2, ctl_pc + 12ull * BUF_PERIOD,
			     1u << PICS_TEA_ST_DIV);
		assert_int_equal(TEA_STAT_SEQ(peek64(a, BUF_BASE + rec / 2 + 8)), 0);
		hfix_teardown(&sa);
		hfix_teardown(&sb);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(buffer_records_land_in_dram_in_order, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_records_in_the_fast_loop, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_records_carry_data_addresses, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_stat_write_frees_no_sample, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_sample_at_stop_is_written, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_watermark_raises_birq, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_full_without_wrap_loses_samples, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_wraps_to_base, hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_outside_dram_loses_the_record, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_csrs_hold_bits_55_3, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(without_a_sampler_buffer_csrs_hold_what_is_written,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(buffer_state_survives_a_checkpoint, hfix_setup,
						hfix_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
