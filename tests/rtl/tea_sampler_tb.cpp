// Checks tea_sampler in two ways.
// - Directed scenarios whose right answer is known, asserted by value: a
//   Compute sample takes every committing lane; a Stalled one waits for the
//   head and takes it with its final PSV; a sample in the cycle the head
//   traps; Flushed takes the instruction that flushed (a mispredicted
//   branch, an interrupted instruction); Drained after the ROB refilled and
//   ran dry takes the next to commit; a sample due while the last is unread
//   or waiting is lost and counted, never written over; the interrupt line
//   follows V; jitter stays within its bits; the privilege filter takes
//   no sample of an excluded mode (no interrupt, teafilt counts it, not
//   tealost), a Flushed one by the privilege of the instruction it blames;
//   teacount reads the cycles left and a write to it moves the next sample
//   cycle (a context switch saves and restores it); CSR access rules
//   (read-only writes, missing numbers, U mode with and without UEN).
// - The sample buffer, asserted by value against a memory that records
//   the lines it takes: teabase, tealimit, teaptr and teawmark are writable
//   and keep bits 55:3, teainfo's version is 5; a record's 2 + 2W words
//   (teatime, teastat with SEQ, slot addresses, slot PSVs) land in the
//   offered lines with the right addresses and word masks, for a record
//   that starts mid-line and spans lines and one that starts at a line,
//   one line at a time; teaptr moves by 8 * (2 + 2W) when the last line is
//   done, and V clears then; V raises no interrupt in buffer mode, BIRQ
//   does; samples due while memory holds the record are lost, and a
//   teastat write with V = 0 does not free it; SEQ counts every sample
//   cycle, lost and filtered ones too; a record ending at the watermark
//   sets BIRQ, one starting at it does not; teastat written with BIRQ = 1
//   keeps it, with BIRQ = 0 clears it, except in the cycle the writer sets
//   it; a full buffer without WRAP loses the record (tealost + 1, FULL and
//   BIRQ, nothing written, teaptr stays), a record ending exactly at
//   tealimit fits; a teaptr write clears FULL (not in the cycle the writer
//   sets it); with WRAP the record goes to teabase (if it fits there; if
//   not it is lost); a line done with error (first or last line of the
//   record) loses the record (tealost + 1, FULL, BIRQ, teaptr stays);
//   turning BUF off lets the writer finish; SEQ in interrupt mode.
// - A long random run of a commit stage (ROB filling, committing 0..W
//   lanes, traps, replays, mispredict flushes, CSR writes mid-run, tiny and
//   jittered periods) with software switching between interrupt and
//   buffer mode (small buffers, WRAP on and off, watermarks, buffers
//   partly outside memory, BIRQ cleared and teaptr reset on the interrupt,
//   BUF turned off mid-record) and a memory that takes and ends lines after
//   random delays, now and then with error: every register the RTL shows
//   (the line offered to memory too), the interrupt and the CSRs must
//   equal the model of sim/tea/sampler_model.c in every cycle. The run
//   fails if a path of the buffer writer (full, wrap, watermark, error,
//   ...) was never taken.
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "Vtea_sampler.h"
#include "verilated.h"

extern "C" {
#include "pics.h"
#include "tea/csr.h"
#include "tea/sampler_model.h"
}

namespace {

#ifdef TEA_CONFIG_LARGE
constexpr unsigned W = 4;
#else
constexpr unsigned W = 2;
#endif
constexpr unsigned PS = PICS_TEA_NUM_EVENTS;	// tea_events.svh's PSV_BITS (test_tea_csr)
constexpr uint64_t PSV_ALL = (1ull << PS) - 1;

[[noreturn]] void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("FAIL: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	exit(1);
}

// Bit-field access to Verilator's port types (narrow integers or VlWide).
template <typename T> void put(T &port, unsigned lsb, unsigned bits, uint64_t v)
{
	if constexpr (sizeof(T) <= 8) {
		uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
		port = (T)(((uint64_t)port & ~(mask << lsb)) | ((v & mask) << lsb));
	} else {
		for (unsigned b = 0; b < bits; b++) {
			unsigned i = lsb + b;
			uint32_t m = 1u << (i % 32);
			port[i / 32] = (v >> b) & 1 ? port[i / 32] | m : port[i / 32] & ~m;
		}
	}
}

template <typename T> uint64_t get(const T &port, unsigned lsb, unsigned bits)
{
	uint64_t v = 0;
	if constexpr (sizeof(T) <= 8) {
		v = (uint64_t)port >> lsb;
		return bits == 64 ? v : v & ((1ull << bits) - 1);
	} else {
		for (unsigned b = 0; b < bits; b++) {
			unsigned i = lsb + b;
			v |= (uint64_t)((port[i / 32] >> (i % 32)) & 1) << b;
		}
		return v;
	}
}

// A line write the sampler handed to memory: what buf_* showed when memory
// took it (ack), and how memory ended it (done, with error or not).
struct LineWrite {
	uint64_t addr;		// byte address, a multiple of 64
	unsigned mask;		// its words to write
	uint64_t data[8];
	bool error;
	uint64_t ack_cycle, done_cycle;
};

// The memory behind the sample buffer's port. It takes an offered line
// after a delay (ack) and ends it one or more cycles later (done), with
// error for a line outside memory ([bad_lo, bad_hi)) or, with rng, at
// random. Lines written without error land in words; every line taken is
// in log. With autorespond off the cycles given to step carry buf_ack,
// buf_done and buf_error as the scenario sets them.
struct Memory {
	bool autorespond = true;
	std::mt19937_64 *rng = nullptr;	// random delays, errors and noise
	unsigned ack_delay = 0;		// cycles a line waits before it is taken
	unsigned done_delay = 1;	// cycles from ack to done, at least 1
	unsigned err_per_mille = 0;
	bool stall_ack = false;		// take no line
	bool hold_done = false;		// end no line
	uint64_t bad_lo = 0, bad_hi = 0;
	// the state
	bool offered = false, held = false;
	unsigned ack_left = 0, done_left = 0;
	LineWrite cur = {};
	std::map<uint64_t, uint64_t> words;
	std::vector<LineWrite> log;

	bool outside(uint64_t addr) const { return addr >= bad_lo && addr < bad_hi; }
};

// What the random run went through, so that it can fail when a path of
// the buffer writer was never taken.
struct Coverage {
	unsigned irq_samples = 0;	// samples taken in interrupt mode
	unsigned records = 0;		// records written in buffer mode
	unsigned mid_line = 0;		// ... that started mid-line
	unsigned spanning = 0;		// ... that spanned lines
	unsigned wrapped = 0;		// ... that went to teabase (WRAP)
	unsigned wmark = 0;		// ... that crossed the watermark
	unsigned full = 0;		// samples lost: no room (WRAP off)
	unsigned full_wrap = 0;		// ... no room even at teabase (WRAP on)
	unsigned line_errors = 0;	// lines memory ended with error
	unsigned error_lost = 0;	// records lost to an error
	unsigned lost_busy = 0;		// samples due while the writer held V
	unsigned birq_cleared = 0;	// teastat writes that cleared BIRQ
	unsigned full_cleared = 0;	// teaptr writes that cleared FULL
	unsigned stat_kept = 0;		// teastat writes with V = 0 that kept V (buffer mode)
	unsigned after_off = 0;		// records finished after BUF went off
};

constexpr unsigned REC = 2 + 2 * W;	// words of a record
constexpr uint64_t RB = 8 * REC;	// ... and its bytes

// A 64-bit word of a port wider than 64 bits.
template <typename T> uint64_t word64(const T &port, unsigned k)
{
	return (uint64_t)port[2 * k] | (uint64_t)port[2 * k + 1] << 32;
}

struct Bench {
	Vtea_sampler *dut;
	tea_sampler_model model;
	uint64_t cycle = 0;
	unsigned priv = 3;
	Memory mem;
	Coverage cov;

	Bench() : dut(new Vtea_sampler)
	{
		tea_sampler_model_reset(&model, W);
		// A falling edge on rst_ni, so that the asynchronous reset fires.
		dut->clk_i = 0;
		dut->rst_ni = 1;
		dut->eval();
		dut->rst_ni = 0;
		dut->eval();
		dut->rst_ni = 1;
		dut->eval();
	}
	~Bench() { delete dut; }

	// Memory's answer in this cycle, from the sampler's registered buf_*.
	void respond(tea_cycle &c)
	{
		c.buf_ack = c.buf_done = c.buf_error = false;
		if (mem.held) {
			if (mem.hold_done) {
			} else if (mem.done_left) {
				mem.done_left--;
			} else {
				c.buf_done = true;
				c.buf_error = mem.outside(mem.cur.addr) ||
					      (mem.rng && (*mem.rng)() % 1000 < mem.err_per_mille);
			}
		} else if (dut->buf_req_o && !mem.stall_ack) {
			if (!mem.offered) {
				mem.offered = true;
				mem.ack_left = mem.ack_delay;
				if (mem.rng)
					mem.ack_left = (*mem.rng)() % 16 ? (*mem.rng)() % 4 : (*mem.rng)() % 30;
			}
			if (mem.ack_left)
				mem.ack_left--;
			else
				c.buf_ack = true;
		}
		if (mem.rng) {
			// Inputs that mean nothing: an ack with no line offered, an
			// error without done.
			if (!dut->buf_req_o && (*mem.rng)() % 8 == 0)
				c.buf_ack = true;
			if (!c.buf_done && (*mem.rng)() % 8 == 0)
				c.buf_error = true;
		}
	}

	// One cycle: drives @c (and a CSR write when c.csr_we), with memory's
	// answer when mem.autorespond, clocks the RTL and the model, compares
	// every register. Returns whether a sample became valid.
	bool step(const tea_cycle &cin)
	{
		tea_cycle c = cin;
		if (mem.autorespond)
			respond(c);
		dut->rob_empty_i = c.rob_empty;
		dut->retire_i = c.retire;
		dut->retire_trap_i = c.retire_trap;
		dut->flush_i = c.flush;
		for (unsigned i = 0; i < W; i++) {
			put(dut->retire_pc_i, i * 64, 64, c.pc[i]);
			put(dut->retire_psv_i, i * PS, PS, c.psv[i]);
		}
		dut->priv_i = priv;
		dut->csr_we_i = c.csr_we;
		dut->csr_write_i = c.csr_we;
		dut->csr_addr_i = c.csr_we ? c.csr_addr : TEA_CSR_STAT;
		dut->csr_wdata_i = c.csr_wdata;
		dut->buf_ack_i = c.buf_ack;
		dut->buf_done_i = c.buf_done;
		dut->buf_error_i = c.buf_error;
		dut->eval();
		if (c.csr_we && dut->csr_illegal_o)
			fail("cycle %lu: write to %#x refused", (unsigned long)cycle, c.csr_addr);
		// Memory ends the line it holds, or takes the one offered.
		if (c.buf_done && mem.held) {
			mem.held = false;
			mem.cur.error = c.buf_error;
			mem.cur.done_cycle = cycle;
			if (!c.buf_error)
				for (unsigned k = 0; k < 8; k++)
					if (mem.cur.mask >> k & 1)
						mem.words[mem.cur.addr + 8 * k] = mem.cur.data[k];
			mem.log.push_back(mem.cur);
		}
		if (c.buf_ack && dut->buf_req_o) {
			mem.offered = false;
			mem.held = true;
			mem.done_left = mem.done_delay ? mem.done_delay - 1 : 0;
			if (mem.rng)
				mem.done_left = (*mem.rng)() % 8 ? (*mem.rng)() % 4 : (*mem.rng)() % 20;
			mem.cur = {};
			mem.cur.addr = (uint64_t)dut->buf_line_o << 6;
			mem.cur.mask = dut->buf_wmask_o;
			for (unsigned k = 0; k < 8; k++)
				mem.cur.data[k] = word64(dut->buf_data_o, k);
			mem.cur.ack_cycle = cycle;
		}
		dut->clk_i = 1;
		dut->eval();
		dut->clk_i = 0;
		dut->eval();
		tea_cycle mc = c;
		mc.priv = priv;
		const tea_sampler_model old = model;
		bool fresh = tea_sampler_model_cycle(&model, &mc);
		count(old, c, fresh);
		cycle++;
		compare();
		return fresh;
	}

	void count(const tea_sampler_model &o, const tea_cycle &c, bool fresh)
	{
		const tea_sampler_model &m = model;
		bool buf = o.ctl & TEA_CTL_BUF;
		if (fresh && !(m.ctl & TEA_CTL_BUF))
			cov.irq_samples++;
		if (buf && o.valid && !o.wr_busy) {
			if (!m.wr_busy) {
				(o.ctl & TEA_CTL_WRAP ? cov.full_wrap : cov.full)++;
			} else {
				if (o.ptr + RB > o.limit)
					cov.wrapped++;
				if (m.wr_addr % 64)
					cov.mid_line++;
				if (m.wr_addr / 64 != (m.wr_addr + RB - 1) / 64)
					cov.spanning++;
			}
		}
		if (buf && o.valid && (o.ctl & TEA_CTL_EN) && o.countdown == 0)
			cov.lost_busy++;
		if (o.wr_sent && c.buf_done && c.buf_error)
			cov.line_errors++;
		if (o.wr_sent && c.buf_done && o.wr_idx == REC) {
			if (o.wr_err || c.buf_error) {
				cov.error_lost++;
			} else {
				cov.records++;
				if (o.wr_addr - RB < o.wmark && o.wmark <= o.wr_addr)
					cov.wmark++;
			}
			if (!buf)
				cov.after_off++;
		}
		if (c.csr_we && c.csr_addr == TEA_CSR_STAT && o.buf_irq && !(c.csr_wdata & TEA_STAT_BIRQ))
			cov.birq_cleared++;
		if (c.csr_we && c.csr_addr == TEA_CSR_STAT && buf && o.valid && !(c.csr_wdata & TEA_STAT_V))
			cov.stat_kept++;
		if (c.csr_we && c.csr_addr == TEA_CSR_PTR && o.full)
			cov.full_cleared++;
	}

	// A CSR's value, read in M mode without disturbing anything.
	uint64_t peek(unsigned addr)
	{
		dut->csr_addr_i = addr;
		dut->csr_write_i = 0;
		dut->csr_we_i = 0;
		dut->priv_i = 3;
		dut->eval();
		return dut->csr_rdata_o;
	}

	void compare()
	{
		tea_sample_regs rtl = {}, mod;
		rtl.valid = dut->sample_valid_o;
		rtl.time = dut->sample_time_o;
		rtl.state = dut->sample_state_o;
		rtl.priv = dut->sample_priv_o;
		rtl.mask = dut->sample_mask_o;
		rtl.lost = dut->lost_o;
		rtl.filtered = dut->filtered_o;
		rtl.seq = dut->sample_seq_o;
		for (unsigned i = 0; i < W; i++) {
			rtl.pc[i] = get(dut->sample_pc_o, i * 64, 64);
			rtl.psv[i] = get(dut->sample_psv_o, i * PS, PS);
		}
		rtl.buf_ptr = dut->buf_ptr_o;
		rtl.buf_irq = dut->buf_irq_o;
		rtl.buf_full = dut->buf_full_o;
		rtl.buf_req = dut->buf_req_o;
		rtl.buf_addr = (uint64_t)dut->buf_line_o << 6;
		rtl.buf_mask = dut->buf_wmask_o;
		for (unsigned k = 0; k < TEA_LINE_WORDS; k++)
			rtl.buf_line[k] = word64(dut->buf_data_o, k);
		tea_sampler_model_regs(&model, &mod);
		char msg[256];
		if (!tea_sample_regs_equal(&rtl, &mod, W, msg, sizeof(msg)))
			fail("cycle %lu: %s", (unsigned long)cycle, msg);
		bool buf = model.ctl & TEA_CTL_BUF;
		if (dut->irq_o != ((rtl.valid && !buf) || rtl.buf_irq) ||
		    dut->irq_o != tea_sampler_model_irq(&model))
			fail("cycle %lu: irq_o %d with V %d, BIRQ %d, BUF %d", (unsigned long)cycle,
			     dut->irq_o, rtl.valid, rtl.buf_irq, buf);
		// The CSRs read what the model holds.
		const struct {
			unsigned addr;
			uint64_t want;
		} csrs[] = {
			{TEA_CSR_STAT, tea_sampler_model_stat(&model)},
			{TEA_CSR_CTL, model.ctl},
			{TEA_CSR_PERIOD, model.period},
			{TEA_CSR_COUNT, model.countdown},
			{TEA_CSR_BASE, model.base},
			{TEA_CSR_LIMIT, model.limit},
			{TEA_CSR_PTR, model.ptr},
			{TEA_CSR_WMARK, model.wmark},
		};
		for (const auto &r : csrs) {
			uint64_t v = peek(r.addr);
			if (v != r.want)
				fail("cycle %lu: CSR %#x reads %#lx in the RTL, %#lx in the model",
				     (unsigned long)cycle, r.addr, (unsigned long)v, (unsigned long)r.want);
		}
	}

	// Reads a CSR combinationally, in the current privilege.
	uint64_t read(unsigned addr, bool *illegal = nullptr, bool write = false)
	{
		dut->csr_addr_i = addr;
		dut->csr_write_i = write;
		dut->csr_we_i = 0;
		dut->priv_i = priv;
		dut->eval();
		if (illegal)
			*illegal = dut->csr_illegal_o;
		else if (dut->csr_illegal_o)
			fail("read of %#x refused", addr);
		return dut->csr_rdata_o;
	}

	void write(unsigned addr, uint64_t v)
	{
		tea_cycle c = idle(false);
		c.csr_we = true;
		c.csr_addr = addr;
		c.csr_wdata = v;
		step(c);
	}

	static tea_cycle idle(bool rob_empty)
	{
		tea_cycle c = {};
		c.rob_empty = rob_empty;
		return c;
	}
};

tea_cycle commit(unsigned lanes, uint64_t pc, uint64_t psv = 0)
{
	tea_cycle c = {};
	c.retire = (1u << lanes) - 1;
	for (unsigned i = 0; i < lanes; i++) {
		c.pc[i] = pc + 4 * i;
		c.psv[i] = psv;
	}
	return c;
}

void expect(bool cond, const char *what)
{
	if (!cond)
		fail("%s", what);
}

// Runs idle cycles with the ROB in state @rob_empty until the sampler has
// one cycle left before the sample cycle.
void run_to_sample(Bench &b, bool rob_empty)
{
	for (int guard = 0; b.model.countdown != 0; guard++) {
		if (guard > 100000)
			fail("no sample cycle comes");
		b.step(Bench::idle(rob_empty));
	}
}

void directed()
{
	Bench b;
	const uint64_t ST_DIV = 1u << PICS_TEA_ST_DIV, FL_MB = 1u << PICS_TEA_FL_MB,
		       FL_EX = 1u << PICS_TEA_FL_EX;

	b.write(TEA_CSR_PERIOD, 20);
	b.write(TEA_CSR_CTL, TEA_CTL_EN);

	// Compute: the cycle goes to every committing lane.
	run_to_sample(b, false);
	uint64_t t = b.cycle;
	expect(b.step(commit(W, 0x80001000)), "a Compute sample is taken in its cycle");
	expect(b.read(TEA_CSR_TIME) == t, "teatime is the sample cycle");
	uint64_t st = b.read(TEA_CSR_STAT);
	expect((st >> TEA_STAT_STATE_SHIFT & 3) == TEA_COMPUTE, "state Compute");
	expect((st >> TEA_STAT_MASK_SHIFT & 0xff) == (1u << W) - 1, "all lanes in the mask");
	for (unsigned i = 0; i < W; i++)
		expect(b.read(TEA_CSR_ADDR0 + i) == 0x80001000 + 4 * i, "slot addresses");

	// Lost: the next sample falls due while this one is unread.
	run_to_sample(b, false);
	b.step(commit(1, 0x80002000));
	expect(b.read(TEA_CSR_LOST) == 1, "a sample due while V is set is lost");
	expect(b.read(TEA_CSR_ADDR0) == 0x80001000, "and the unread sample is kept");
	b.write(TEA_CSR_STAT, 0);
	expect(!(b.read(TEA_CSR_STAT) & TEA_STAT_V), "writing V=0 frees the sample");

	// Stalled: the head (a division, the PSV's top bit) takes the sample
	// when it commits, with its PSV then.
	run_to_sample(b, false);
	b.step(Bench::idle(false));
	expect(b.read(TEA_CSR_STAT) & TEA_STAT_WAIT, "Stalled waits for the head");
	for (int i = 0; i < 7; i++)
		expect(!b.step(Bench::idle(false)), "no sample before the head leaves");
	expect(b.step(commit(W, 0x80003000, ST_DIV)), "the head's commit completes the sample");
	st = b.read(TEA_CSR_STAT);
	expect((st >> TEA_STAT_STATE_SHIFT & 3) == TEA_STALLED, "state Stalled");
	expect((st >> TEA_STAT_MASK_SHIFT & 0xff) == 1, "one slot");
	expect(b.read(TEA_CSR_ADDR0) == 0x80003000 && b.read(TEA_CSR_PSV0) == ST_DIV,
	       "the head, with its PSV");
	b.write(TEA_CSR_STAT, 0);

	// A sample due while one waits is lost too.
	run_to_sample(b, false);
	b.step(Bench::idle(false));
	b.write(TEA_CSR_PERIOD, 3);
	for (int i = 0; i < 5; i++)
		b.step(Bench::idle(false));
	expect(b.read(TEA_CSR_LOST) >= 2, "samples due while waiting are lost");
	b.step(commit(1, 0x80003800));
	b.write(TEA_CSR_CTL, 0);
	b.write(TEA_CSR_STAT, 0);
	b.write(TEA_CSR_LOST, 0);
	b.write(TEA_CSR_PERIOD, 20);
	b.write(TEA_CSR_CTL, TEA_CTL_EN);

	// The head traps in the sample cycle: Stalled, latched at once.
	run_to_sample(b, false);
	tea_cycle trap = commit(1, 0x80004000, FL_EX);
	trap.retire_trap = true;
	trap.flush = true;
	expect(b.step(trap), "a trapping head is latched in its cycle");
	expect(b.read(TEA_CSR_PSV0) == FL_EX, "with FL-EX");
	b.write(TEA_CSR_STAT, 0);

	// Flushed: a mispredicted branch commits and flushes; the empty ROB's
	// cycles go to it.
	tea_cycle br = commit(1, 0x80005000, FL_MB);
	br.flush = true;
	b.step(br);
	run_to_sample(b, true);
	expect(b.step(Bench::idle(true)), "Flushed is latched at once");
	st = b.read(TEA_CSR_STAT);
	expect((st >> TEA_STAT_STATE_SHIFT & 3) == TEA_FLUSHED, "state Flushed");
	expect(b.read(TEA_CSR_ADDR0) == 0x80005000 && b.read(TEA_CSR_PSV0) == FL_MB,
	       "the mispredicted branch");
	b.write(TEA_CSR_STAT, 0);

	// An interrupt flushes at the head: Flushed blames that instruction.
	tea_cycle irq = commit(1, 0x80005800, FL_EX);
	irq.retire_trap = true;
	irq.flush = true;
	b.step(irq);
	run_to_sample(b, true);
	b.step(Bench::idle(true));
	expect(b.read(TEA_CSR_ADDR0) == 0x80005800, "the interrupted instruction");
	b.write(TEA_CSR_STAT, 0);

	// Drained: the ROB refilled after the flush, then ran dry; the next
	// instruction to commit gets the sample.
	b.step(Bench::idle(false));
	b.step(commit(1, 0x80006000));
	run_to_sample(b, true);
	b.step(Bench::idle(true));
	expect(b.read(TEA_CSR_STAT) & TEA_STAT_WAIT, "Drained waits");
	b.step(Bench::idle(true));
	b.step(Bench::idle(false));
	expect(b.step(commit(W, 0x80007000)), "the next to commit completes it");
	st = b.read(TEA_CSR_STAT);
	expect((st >> TEA_STAT_STATE_SHIFT & 3) == TEA_DRAINED, "state Drained");
	expect(b.read(TEA_CSR_ADDR0) == 0x80007000, "the next to commit, alone");
	expect(b.dut->irq_o, "the interrupt is raised while V is set");
	b.write(TEA_CSR_STAT, 0);
	expect(!b.dut->irq_o, "and drops when software frees the sample");

	// Jitter: intervals stay within period + 2^JIT - 1 and vary.
	b.write(TEA_CSR_CTL, TEA_CTL_EN | (4u << TEA_CTL_JIT_SHIFT));
	uint64_t prev = 0, lo = ~0ull, hi = 0;
	for (int n = 0; n < 40; n++) {
		run_to_sample(b, false);
		b.step(commit(1, 0x80008000));
		uint64_t now = b.read(TEA_CSR_TIME);
		if (prev) {
			lo = now - prev < lo ? now - prev : lo;
			hi = now - prev > hi ? now - prev : hi;
		}
		prev = now;
		b.write(TEA_CSR_STAT, 0);
	}
	expect(lo >= 20 && hi <= 20 + 15 && hi > lo, "jittered intervals in [20, 35] that vary");

	// PRIV: the privilege the sampled instructions ran in; a Flushed
	// sample takes the last instruction's, not the current one.
	b.write(TEA_CSR_STAT, 0);
	b.write(TEA_CSR_PERIOD, 20);
	run_to_sample(b, false);
	b.priv = 0;
	expect(b.step(commit(1, 0x10000)), "a sample in U mode");
	b.priv = 3;
	expect((b.read(TEA_CSR_STAT) >> TEA_STAT_PRIV_SHIFT & 3) == 0, "PRIV is U");
	b.write(TEA_CSR_STAT, 0);
	b.priv = 1;
	tea_cycle strap = commit(1, 0xffffffff80001000ull);
	strap.retire_trap = true;
	strap.flush = true;
	expect(!b.step(strap), "a trap in S mode, between samples");
	b.priv = 3;
	run_to_sample(b, true);
	expect(b.step(Bench::idle(true)), "a Flushed sample");
	uint64_t fst = b.read(TEA_CSR_STAT);
	expect((fst >> TEA_STAT_STATE_SHIFT & 3) == TEA_FLUSHED && (fst >> TEA_STAT_PRIV_SHIFT & 3) == 1,
	       "a Flushed sample has the privilege of the instruction that left last (S)");
	b.write(TEA_CSR_STAT, 0);

	// The privilege filter: with U excluded, a U-mode Compute sample is
	// not taken (no interrupt) and counted apart from losses; an S one is.
	b.write(TEA_CSR_LOST, 0);
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_XU);
	run_to_sample(b, false);
	b.priv = 0;
	expect(!b.step(commit(1, 0x10000)), "no sample of an excluded mode");
	b.priv = 3;
	expect(!b.dut->irq_o && b.read(TEA_CSR_FILT) == 1 && b.read(TEA_CSR_LOST) == 0,
	       "no interrupt; teafilt counts it, tealost does not");
	run_to_sample(b, false);
	b.priv = 1;
	expect(b.step(commit(1, 0xffffffff80002000ull)), "an S-mode sample is taken");
	b.priv = 3;
	b.write(TEA_CSR_STAT, 0);
	// A Stalled sample decides when its instruction leaves, in its mode.
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_XS | TEA_CTL_XM);
	run_to_sample(b, false);
	b.step(Bench::idle(false));
	expect(b.read(TEA_CSR_STAT) & TEA_STAT_WAIT, "a Stalled sample waits");
	b.priv = 1;
	expect(!b.step(commit(1, 0xffffffff80003000ull)), "and is dropped when an S head leaves");
	b.priv = 3;
	expect(b.read(TEA_CSR_FILT) == 2 && !(b.read(TEA_CSR_STAT) & TEA_STAT_WAIT),
	       "counted in teafilt, nothing waits");
	// A Flushed sample goes by the mode of the instruction it blames (U),
	// not the mode the hart is in now (M, excluded).
	b.priv = 0;
	tea_cycle ubr = commit(1, 0x10400, FL_MB);
	ubr.flush = true;
	b.step(ubr);
	b.priv = 3;
	run_to_sample(b, true);
	expect(b.step(Bench::idle(true)), "a Flushed sample of a U-mode branch, taken in M");
	expect(b.read(TEA_CSR_ADDR0) == 0x10400, "blaming the branch");
	b.write(TEA_CSR_STAT, 0);
	b.write(TEA_CSR_FILT, 0);
	expect(b.read(TEA_CSR_FILT) == 0, "teafilt is writable");

	// teacount: the cycles left to the next sample cycle; saving it and
	// writing it back after other work resumes the interval where it was.
	b.write(TEA_CSR_CTL, TEA_CTL_EN);
	b.write(TEA_CSR_PERIOD, 1000);
	for (int i = 0; i < 300; i++)
		b.step(Bench::idle(false));
	uint64_t left = b.read(TEA_CSR_COUNT);
	expect(left == 1000 - 1 - 300, "teacount counts down from the period");
	b.write(TEA_CSR_CTL, 0);
	for (int i = 0; i < 5000; i++)
		expect(!b.step(commit(1, 0x80009000)), "nothing is sampled while off");
	b.write(TEA_CSR_PERIOD, 1000);
	b.write(TEA_CSR_CTL, TEA_CTL_EN);
	b.write(TEA_CSR_COUNT, left);
	expect(b.read(TEA_CSR_COUNT) == left, "teacount restored");
	uint64_t resumed = b.cycle;
	run_to_sample(b, false);
	expect(b.cycle - resumed == left, "the next sample comes after the cycles that were left");
	expect(b.step(commit(1, 0x8000a000)), "and is taken");
	b.write(TEA_CSR_STAT, 0);

	// Access rules.
	bool ill;
	b.read(TEA_CSR_TIME, &ill, true);
	expect(ill, "teatime is read-only");
	b.read(TEA_CSR_ADDR0 + W, &ill);
	expect(ill || W == 8, "no slot W");
	for (unsigned a = TEA_CSR_WMARK + 1; a < TEA_CSR_ADDR0; a++) {
		b.read(a, &ill);
		expect(ill, "0x5cc..0x5cf do not exist");
	}
	uint64_t info = b.read(TEA_CSR_INFO);
	expect(TEA_INFO_WIDTH(info) == W && TEA_INFO_PSV_BITS(info) == PS &&
	       TEA_INFO_VERSION(info) == TEA_MAP_VERSION && TEA_INFO_VERSION(info) == 5, "teainfo");
	b.priv = 0;
	b.read(TEA_CSR_STAT, &ill);
	expect(ill, "U mode is refused without UEN");
	b.priv = 1;
	b.read(TEA_CSR_STAT, &ill);
	expect(!ill, "S mode may read");
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_UEN);
	b.priv = 0;
	b.read(TEA_CSR_STAT, &ill);
	expect(!ill, "U mode may with UEN");
}

void expect_eq(uint64_t got, uint64_t want, const char *what)
{
	if (got != want)
		fail("%s: %#lx, expected %#lx", what, (unsigned long)got, (unsigned long)want);
}

// Takes a Compute sample of all W lanes at @pc in the next sample cycle,
// in the current privilege, and returns the record it should be: teatime,
// teastat (V, STATE, MASK, PRIV, SEQ @seq), the slot addresses and PSVs.
std::vector<uint64_t> take(Bench &b, uint64_t pc, uint32_t seq)
{
	run_to_sample(b, false);
	uint64_t t = b.cycle;
	tea_cycle c = commit(W, pc);
	for (unsigned i = 0; i < W; i++)
		c.psv[i] = (1ull << i | 1ull << (PS - 1 - i)) & PSV_ALL;
	expect(b.step(c), "a sample is taken in its cycle");
	std::vector<uint64_t> r = {t, TEA_STAT_V | (uint64_t)TEA_COMPUTE << TEA_STAT_STATE_SHIFT |
					      (uint64_t)((1u << W) - 1) << TEA_STAT_MASK_SHIFT |
					      (uint64_t)b.priv << TEA_STAT_PRIV_SHIFT |
					      (uint64_t)seq << TEA_STAT_SEQ_SHIFT};
	for (unsigned i = 0; i < W; i++)
		r.push_back(pc + 4 * i);
	for (unsigned i = 0; i < W; i++)
		r.push_back(c.psv[i]);
	return r;
}

// Runs until the writer has freed the sample it holds. Meanwhile teaptr
// stays, and (unless BIRQ is expected) the interrupt stays low although V
// is set; V clears in the cycle memory ends the record's last line.
void write_out(Bench &b, bool irq_ok = false)
{
	uint64_t ptr0 = b.read(TEA_CSR_PTR);
	for (int guard = 0; b.dut->sample_valid_o; guard++) {
		if (guard > 1000)
			fail("the buffer writer does not finish");
		expect_eq(b.read(TEA_CSR_PTR), ptr0, "teaptr while the record is written");
		expect(irq_ok || !b.dut->irq_o, "V raises no interrupt in buffer mode");
		b.step(Bench::idle(false));
	}
	expect(!b.mem.log.empty() && b.mem.log.back().done_cycle + 1 == b.cycle,
	       "V clears in the cycle the record's last line is done");
}

// Checks that the lines memory took since log entry @from hold record
// @rec written at @start: one line per 64 bytes it touches, in order,
// each with the mask of the record's words in it and those words; with
// @written, that they reached memory (no error).
void check_record(Bench &b, size_t from, uint64_t start, const std::vector<uint64_t> &rec,
		  bool written = true)
{
	std::vector<LineWrite> want;
	for (unsigned k = 0; k < rec.size(); k++) {
		uint64_t a = start + 8 * k;
		if (want.empty() || want.back().addr != (a & ~63ull))
			want.push_back(LineWrite{a & ~63ull, 0, {}, false, 0, 0});
		want.back().mask |= 1u << (a >> 3 & 7);
		want.back().data[a >> 3 & 7] = rec[k];
	}
	expect_eq(b.mem.log.size() - from, want.size(), "lines written for the record");
	for (size_t j = 0; j < want.size(); j++) {
		const LineWrite &got = b.mem.log[from + j];
		expect_eq(got.addr, want[j].addr, "line address");
		expect_eq(got.mask, want[j].mask, "line word mask");
		for (unsigned k = 0; k < 8; k++)
			if (want[j].mask >> k & 1)
				expect_eq(got.data[k], want[j].data[k], "record word in its line");
		if (j)
			expect(got.ack_cycle > b.mem.log[from + j - 1].done_cycle,
			       "one line at a time: the next is offered after the last is done");
	}
	if (written)
		for (unsigned k = 0; k < rec.size(); k++)
			expect_eq(b.mem.words[start + 8 * k], rec[k], "record word in memory");
}

// The sample buffer, asserted by value.
void buffer_directed()
{
	Bench b;
	bool ill;
	b.mem.ack_delay = 1;
	b.mem.done_delay = 2;

	// The new CSRs: writable, holding bits 55:3; teainfo says version 5.
	expect_eq(TEA_INFO_VERSION(b.read(TEA_CSR_INFO)), 5, "teainfo version");
	for (unsigned a : {TEA_CSR_BASE, TEA_CSR_LIMIT, TEA_CSR_PTR, TEA_CSR_WMARK}) {
		b.read(a, &ill, true);
		expect(!ill, "the buffer CSRs are writable");
		b.write(a, ~0ull);
		expect_eq(b.read(a), 0x00fffffffffffff8ull, "a buffer CSR keeps bits 55:3");
		b.write(a, 0x123456789abcdef7ull);
		expect_eq(b.read(a), 0x003456789abcdef0ull, "a buffer CSR keeps bits 55:3");
		b.write(a, 0);
		expect_eq(b.read(a), 0, "a buffer CSR written 0");
	}
	b.write(TEA_CSR_CTL, TEA_CTL_BUF | TEA_CTL_WRAP);
	expect_eq(b.read(TEA_CSR_CTL), TEA_CTL_BUF | TEA_CTL_WRAP, "teactl BUF and WRAP");
	b.write(TEA_CSR_CTL, 0);

	// A record that starts mid-line (word 5) spans two lines; each line
	// is offered with the mask of its words; teaptr moves past the record
	// when the last line is done, and V clears then.
	const uint64_t B = 0x80000000;
	uint32_t seq = 0;	// the next sample cycle's number
	b.write(TEA_CSR_BASE, B);
	b.write(TEA_CSR_LIMIT, B + 0x1000);
	b.write(TEA_CSR_PTR, B + 0x28);
	b.write(TEA_CSR_PERIOD, 200);
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_BUF);
	size_t from = b.mem.log.size();
	std::vector<uint64_t> rec = take(b, 0x80001000, seq++);
	expect(!b.dut->irq_o, "a sample raises no interrupt in buffer mode");
	expect_eq(b.read(TEA_CSR_STAT), rec[1], "teastat is the record's stat word (SEQ 0)");
	expect_eq(b.read(TEA_CSR_TIME), rec[0], "teatime");
	write_out(b);
	expect(b.mem.log.size() - from == 2 && b.mem.log[from].mask == 0xe0,
	       "a record at word 5 spans two lines, the first with words 5..7");
	check_record(b, from, B + 0x28, rec);
	expect_eq(b.read(TEA_CSR_PTR), B + 0x28 + RB, "teaptr moves by 8 * (2 + 2W)");
	expect(!(b.read(TEA_CSR_STAT) & (TEA_STAT_V | TEA_STAT_BIRQ | TEA_STAT_FULL)) && !b.dut->irq_o,
	       "V clears; no BIRQ, no FULL, no interrupt");
	// The next one follows it.
	from = b.mem.log.size();
	rec = take(b, 0x80001100, seq++);
	write_out(b);
	check_record(b, from, B + 0x28 + RB, rec);
	expect_eq(b.read(TEA_CSR_PTR), B + 0x28 + 2 * RB, "teaptr after the second record");
	// One that starts at a line.
	b.write(TEA_CSR_PTR, B + 0x100);
	from = b.mem.log.size();
	rec = take(b, 0x80001200, seq++);
	write_out(b);
	expect_eq(b.mem.log[from].mask, REC >= 8 ? 0xff : (1u << REC) - 1, "a line-aligned record's first mask");
	check_record(b, from, B + 0x100, rec);
	expect_eq(b.read(TEA_CSR_PTR), B + 0x100 + RB, "teaptr after a line-aligned record");

	// While memory has not taken the line, V stays: samples due are lost,
	// and a teastat write with V = 0 does not free the sample. SEQ counts
	// every sample cycle, lost ones too.
	b.mem.stall_ack = true;
	uint64_t p = b.read(TEA_CSR_PTR), lost0 = b.read(TEA_CSR_LOST);
	from = b.mem.log.size();
	rec = take(b, 0x80001300, seq++);
	for (int i = 0; i < 2; i++) {
		run_to_sample(b, false);
		b.step(Bench::idle(false));
		seq++;
	}
	expect_eq(b.read(TEA_CSR_LOST), lost0 + 2, "samples due while the writer holds V are lost");
	b.write(TEA_CSR_STAT, 0);
	expect(b.read(TEA_CSR_STAT) & TEA_STAT_V, "a teastat write with V = 0 does not free it in buffer mode");
	expect(b.dut->buf_req_o && !b.dut->irq_o, "the line waits for memory; no interrupt");
	b.mem.stall_ack = false;
	write_out(b);
	check_record(b, from, p, rec);
	uint32_t seq0 = (uint32_t)(rec[1] >> TEA_STAT_SEQ_SHIFT);
	rec = take(b, 0x80001400, seq++);
	expect_eq(TEA_STAT_SEQ(b.read(TEA_CSR_STAT)), seq0 + 3, "SEQ counts the lost sample cycles");
	from = b.mem.log.size();
	p = b.read(TEA_CSR_PTR);
	write_out(b);
	check_record(b, from, p, rec);
	// ... and filtered ones.
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_BUF | TEA_CTL_XU);
	run_to_sample(b, false);
	b.priv = 0;
	expect(!b.step(commit(1, 0x10000)), "a U-mode sample is filtered");
	seq++;
	b.priv = 3;
	from = b.mem.log.size();
	p = b.read(TEA_CSR_PTR);
	seq0 = TEA_STAT_SEQ(rec[1]);
	rec = take(b, 0x80001500, seq++);
	expect_eq(TEA_STAT_SEQ(b.read(TEA_CSR_STAT)), seq0 + 2, "SEQ counts the filtered sample cycle");
	write_out(b);
	check_record(b, from, p, rec);
	expect_eq(b.read(TEA_CSR_FILT), 1, "teafilt counts it");
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_BUF);

	// The watermark: a record that ends at it, having started below it,
	// sets BIRQ; the interrupt follows BIRQ (V is clear). Writing teastat
	// with BIRQ = 1 keeps it, with BIRQ = 0 clears it.
	p = b.read(TEA_CSR_PTR);
	b.write(TEA_CSR_WMARK, p + RB);
	take(b, 0x80001600, seq++);
	write_out(b);
	uint64_t st = b.read(TEA_CSR_STAT);
	expect((st & TEA_STAT_BIRQ) && !(st & (TEA_STAT_V | TEA_STAT_FULL)) && b.dut->irq_o,
	       "a record ending at the watermark sets BIRQ, and the interrupt");
	b.write(TEA_CSR_STAT, TEA_STAT_BIRQ);
	expect((b.read(TEA_CSR_STAT) & TEA_STAT_BIRQ) && b.dut->irq_o, "teastat written with BIRQ = 1 keeps it");
	b.write(TEA_CSR_STAT, 0);
	expect(!(b.read(TEA_CSR_STAT) & TEA_STAT_BIRQ) && !b.dut->irq_o, "teastat written with BIRQ = 0 clears it");
	// One that starts at the watermark did not cross it.
	expect_eq(b.read(TEA_CSR_PTR), p + RB, "teaptr at the watermark");
	take(b, 0x80001700, seq++);
	write_out(b);
	expect(!(b.read(TEA_CSR_STAT) & TEA_STAT_BIRQ) && !b.dut->irq_o,
	       "a record starting at the watermark sets no BIRQ");
	// One that crosses it mid-record; software's clear in the cycle the
	// writer sets BIRQ leaves it set.
	p = b.read(TEA_CSR_PTR);
	b.write(TEA_CSR_WMARK, p + 8);
	take(b, 0x80001800, seq++);
	for (int guard = 0; !(b.model.wr_idx == REC && b.dut->buf_req_o); guard++) {
		if (guard > 1000)
			fail("the record's last line is never offered");
		b.step(Bench::idle(false));
	}
	b.mem.hold_done = true;	// memory takes the last line and holds it
	while (!b.mem.held)
		b.step(Bench::idle(false));
	expect(!b.dut->irq_o, "no interrupt before the record is written");
	b.mem.autorespond = false;
	tea_cycle c = Bench::idle(false);
	c.buf_done = true;
	c.csr_we = true;
	c.csr_addr = TEA_CSR_STAT;
	c.csr_wdata = 0;
	b.step(c);
	b.mem.autorespond = true;
	b.mem.hold_done = false;
	st = b.read(TEA_CSR_STAT);
	expect((st & TEA_STAT_BIRQ) && !(st & TEA_STAT_V) && b.dut->irq_o,
	       "BIRQ set by the writer in the cycle software clears it stays set");
	expect_eq(b.read(TEA_CSR_PTR), p + RB, "teaptr after the crossing record");
	b.write(TEA_CSR_STAT, 0);
	b.write(TEA_CSR_WMARK, 0);

	// Full, without WRAP: a record that does not fit before tealimit is
	// lost: tealost counts it, FULL and BIRQ are set (the interrupt),
	// nothing is written, teaptr stays.
	p = b.read(TEA_CSR_PTR);
	b.write(TEA_CSR_LIMIT, p + RB - 8);
	lost0 = b.read(TEA_CSR_LOST);
	from = b.mem.log.size();
	take(b, 0x80001900, seq++);
	b.step(Bench::idle(false));
	st = b.read(TEA_CSR_STAT);
	expect(!(st & TEA_STAT_V) && (st & TEA_STAT_FULL) && (st & TEA_STAT_BIRQ) && b.dut->irq_o,
	       "a full buffer: V clears, FULL and BIRQ set, the interrupt raised");
	expect_eq(b.read(TEA_CSR_LOST), lost0 + 1, "tealost counts the record that did not fit");
	for (int i = 0; i < 40; i++) {
		expect(!b.dut->buf_req_o, "nothing is written when the buffer is full");
		b.step(Bench::idle(false));
	}
	expect(b.mem.log.size() == from && !b.mem.held, "no line went to memory");
	expect_eq(b.read(TEA_CSR_PTR), p, "teaptr stays when the buffer is full");
	// A teaptr write clears FULL (not BIRQ) ...
	b.write(TEA_CSR_PTR, p);
	st = b.read(TEA_CSR_STAT);
	expect(!(st & TEA_STAT_FULL) && (st & TEA_STAT_BIRQ), "a teaptr write clears FULL, not BIRQ");
	b.write(TEA_CSR_STAT, 0);
	expect(!b.dut->irq_o, "BIRQ cleared");
	// ... unless the writer sets it in that cycle.
	take(b, 0x80001a00, seq++);
	b.write(TEA_CSR_PTR, p);
	expect(b.read(TEA_CSR_STAT) & TEA_STAT_FULL, "FULL set in the cycle of a teaptr write stays set");
	expect_eq(b.read(TEA_CSR_LOST), lost0 + 2, "the second record is lost too");
	b.write(TEA_CSR_PTR, p);
	expect(!(b.read(TEA_CSR_STAT) & TEA_STAT_FULL), "and the next teaptr write clears it");
	b.write(TEA_CSR_STAT, 0);
	// A record that ends exactly at tealimit fits; the next does not.
	b.write(TEA_CSR_LIMIT, p + RB);
	from = b.mem.log.size();
	rec = take(b, 0x80001b00, seq++);
	write_out(b);
	check_record(b, from, p, rec);
	expect_eq(b.read(TEA_CSR_PTR), p + RB, "teaptr reaches tealimit");
	expect(!(b.read(TEA_CSR_STAT) & (TEA_STAT_FULL | TEA_STAT_BIRQ)), "a record ending at tealimit fits");
	from = b.mem.log.size();
	take(b, 0x80001c00, seq++);
	b.step(Bench::idle(false));
	expect((b.read(TEA_CSR_STAT) & TEA_STAT_FULL) && b.read(TEA_CSR_LOST) == lost0 + 3,
	       "teaptr at tealimit: the next record is lost");
	expect(b.mem.log.size() == from && b.read(TEA_CSR_PTR) == p + RB, "and nothing written");
	b.write(TEA_CSR_STAT, 0);

	// WRAP: a record that does not fit goes to teabase (here mid-line).
	const uint64_t B2 = 0x80002010;
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_BUF | TEA_CTL_WRAP);
	b.write(TEA_CSR_BASE, B2);
	b.write(TEA_CSR_LIMIT, B2 + 3 * RB);
	b.write(TEA_CSR_PTR, B2 + 2 * RB + 8);
	lost0 = b.read(TEA_CSR_LOST);
	from = b.mem.log.size();
	rec = take(b, 0x80001d00, seq++);
	write_out(b);
	check_record(b, from, B2, rec);
	expect_eq(b.read(TEA_CSR_PTR), B2 + RB, "with WRAP the record went to teabase");
	expect(b.read(TEA_CSR_LOST) == lost0 && !(b.read(TEA_CSR_STAT) & (TEA_STAT_FULL | TEA_STAT_BIRQ)),
	       "nothing lost, no FULL");
	// One that fits goes at teaptr, up to tealimit.
	b.write(TEA_CSR_PTR, B2 + 2 * RB);
	from = b.mem.log.size();
	rec = take(b, 0x80001e00, seq++);
	write_out(b);
	check_record(b, from, B2 + 2 * RB, rec);
	expect_eq(b.read(TEA_CSR_PTR), B2 + 3 * RB, "with WRAP a record that fits goes at teaptr");
	// With no room at teabase either, the record is lost.
	b.write(TEA_CSR_BASE, B2 + 2 * RB + 8);
	from = b.mem.log.size();
	take(b, 0x80001f00, seq++);
	b.step(Bench::idle(false));
	st = b.read(TEA_CSR_STAT);
	expect((st & TEA_STAT_FULL) && (st & TEA_STAT_BIRQ) && b.read(TEA_CSR_LOST) == lost0 + 1 &&
	       b.mem.log.size() == from && b.read(TEA_CSR_PTR) == B2 + 3 * RB,
	       "WRAP with no room at teabase loses the record");
	b.write(TEA_CSR_PTR, B2);
	b.write(TEA_CSR_STAT, 0);
	b.write(TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_BUF);
	b.write(TEA_CSR_BASE, B);
	b.write(TEA_CSR_LIMIT, 0x90001000);

	// A line outside memory (done with error) loses the record: tealost,
	// FULL and BIRQ; teaptr stays. Its other lines are still written.
	const uint64_t X = 0x90000000;
	b.mem.bad_lo = X;
	b.mem.bad_hi = X + 64;
	for (uint64_t start : {X + 0x28, X - 0x18}) {	// the first line bad; the last
		b.write(TEA_CSR_PTR, start);
		lost0 = b.read(TEA_CSR_LOST);
		from = b.mem.log.size();
		rec = take(b, 0x80002000, seq++);
		write_out(b, true);
		check_record(b, from, start, rec, false);
		size_t n = b.mem.log.size() - from;
		expect(n == 2 && b.mem.log[from].error == (start > X) && b.mem.log[from + 1].error == (start < X),
		       "memory ends the line outside it with error");
		st = b.read(TEA_CSR_STAT);
		expect(!(st & TEA_STAT_V) && (st & TEA_STAT_FULL) && (st & TEA_STAT_BIRQ) && b.dut->irq_o,
		       "a record lost to an error: V clears, FULL and BIRQ set");
		expect_eq(b.read(TEA_CSR_LOST), lost0 + 1, "tealost counts the record lost to an error");
		expect_eq(b.read(TEA_CSR_PTR), start, "teaptr does not move past a lost record");
		b.write(TEA_CSR_PTR, start);
		b.write(TEA_CSR_STAT, 0);
	}
	b.mem.bad_lo = b.mem.bad_hi = 0;

	// Turning BUF off lets the writer finish the record it holds.
	b.write(TEA_CSR_PTR, B);
	b.mem.stall_ack = true;
	from = b.mem.log.size();
	rec = take(b, 0x80002100, seq++);
	b.write(TEA_CSR_CTL, TEA_CTL_EN);
	b.mem.stall_ack = false;
	write_out(b, true);
	check_record(b, from, B, rec);
	expect_eq(b.read(TEA_CSR_PTR), B + RB, "the record finished after BUF went off");

	// Interrupt mode: the interrupt follows V; SEQ counts the sample
	// cycle lost while the sample was unread.
	rec = take(b, 0x80002200, seq++);
	expect(b.dut->irq_o && !b.dut->buf_req_o, "interrupt mode: V raises the interrupt, nothing written");
	expect_eq(b.read(TEA_CSR_STAT), rec[1], "teastat in interrupt mode");
	run_to_sample(b, false);
	b.step(Bench::idle(false));
	seq++;
	b.write(TEA_CSR_STAT, 0);
	expect(!b.dut->irq_o, "writing V = 0 frees it");
	rec = take(b, 0x80002300, seq++);
	expect_eq(TEA_STAT_SEQ(b.read(TEA_CSR_STAT)), TEA_STAT_SEQ(rec[1]), "SEQ in teastat");
	b.write(TEA_CSR_STAT, 0);
	expect_eq(TEA_STAT_SEQ(rec[1]) + 1, seq, "SEQ: every sample cycle since reset counted");
}

// A commit stage: the ROB fills from dispatch, the head commits 0..W
// lanes, sometimes traps, is replayed or flushes after a mispredict.
// Software programs the sample buffer now and then (small buffers, so
// that it fills and wraps often), clears BIRQ and drains it (teaptr back
// to teabase); memory takes and ends lines after random delays, now and
// then with error, and lines below 0x10000000 are outside it.
void random_run(unsigned seed, unsigned cycles)
{
	std::mt19937_64 rng(seed);
	Bench b;
	b.mem.rng = &rng;
	b.mem.err_per_mille = 10;
	b.mem.bad_lo = 0;
	b.mem.bad_hi = 0x10000000;
	unsigned rob = 0;
	uint64_t pc = 0x80000000;
	unsigned samples = 0, states[4] = {};
	std::deque<std::pair<unsigned, uint64_t>> sw;	// software's writes, one a cycle
	uint64_t base = 0x80000000;	// the buffer software set up last
	auto near = [&]() { return base + 8 * (rng() % (5 * REC)); };
	auto setup = [&]() {
		unsigned r = rng() % 8;
		base = r == 0 ? 0x00fffffffffff000ull : r == 1 ? 0x0ffffe00ull : 0x80000000ull + 64 * (rng() % 64);
		base += 8 * (rng() % 8);
		uint64_t size = 8 * (rng() % (4 * REC + 1));
		sw.push_back({TEA_CSR_BASE, base});
		sw.push_back({TEA_CSR_LIMIT, base + size});
		sw.push_back({TEA_CSR_PTR, base + 8 * (rng() % (size / 8 + 1))});
		sw.push_back({TEA_CSR_WMARK, rng() % 4 ? base + 8 * (rng() % (size / 8 + 1)) : 0});
		sw.push_back({TEA_CSR_CTL, TEA_CTL_EN | (rng() % 3 ? TEA_CTL_BUF : 0) |
						   (rng() % 2 ? TEA_CTL_WRAP : 0) |
						   (rng() % 4) << TEA_CTL_JIT_SHIFT |
						   (rng() % 8 ? 0 : TEA_CTL_XU)});
		if (rng() % 2)
			sw.push_back({TEA_CSR_PERIOD, rng() % 64});
	};

	for (unsigned n = 0; n < cycles; n++) {
		tea_cycle c = {};
		c.rob_empty = rob == 0;
		unsigned r = rng() % 100;
		if (rob && r < 3) {
			c.retire = 1;
			c.retire_trap = true;
			c.flush = true;
			c.pc[0] = pc;
			c.psv[0] = (rng() & PSV_ALL) | (1u << PICS_TEA_FL_EX);
		} else if (rob && r < 55) {
			unsigned k = 1 + rng() % (rob < W ? rob : W);
			c.retire = (1u << k) - 1;
			for (unsigned i = 0; i < k; i++) {
				c.pc[i] = pc + 2 * i;
				c.psv[i] = rng() & PSV_ALL;
			}
			pc += 2 * k;
			c.flush = rng() % 20 == 0;
		}
		if ((rng() % 997) == 0) {
			c.csr_we = true;
			static const unsigned addrs[] = {TEA_CSR_CTL,   TEA_CSR_PERIOD, TEA_CSR_STAT,
							 TEA_CSR_LOST,  TEA_CSR_FILT,   TEA_CSR_COUNT,
							 TEA_CSR_BASE,  TEA_CSR_LIMIT,  TEA_CSR_PTR,
							 TEA_CSR_WMARK};
			c.csr_addr = addrs[rng() % 10];
			c.csr_wdata = rng();
			if (c.csr_addr == TEA_CSR_PERIOD || c.csr_addr == TEA_CSR_COUNT)
				c.csr_wdata %= 64;
			if (c.csr_addr == TEA_CSR_CTL)
				c.csr_wdata |= TEA_CTL_EN;
			if (c.csr_addr >= TEA_CSR_BASE && c.csr_addr <= TEA_CSR_WMARK && rng() % 4)
				c.csr_wdata = near() | (rng() & 7);
		} else if (n == 0) {
			c.csr_we = true;
			c.csr_addr = TEA_CSR_CTL;
			c.csr_wdata = TEA_CTL_EN | (3u << TEA_CTL_JIT_SHIFT);
		} else if (!sw.empty()) {
			c.csr_we = true;
			c.csr_addr = sw.front().first;
			c.csr_wdata = sw.front().second;
			sw.pop_front();
		}
		if (sw.empty() && rng() % 2500 == 0)
			setup();
		// Buffer-mode software: on the interrupt it clears BIRQ and, when
		// the buffer is full (or at random), drains it.
		if ((b.model.ctl & TEA_CTL_BUF) && b.model.buf_irq && sw.empty() && rng() % 16 == 0) {
			sw.push_back({TEA_CSR_STAT, rng() & ~(uint64_t)TEA_STAT_BIRQ});
			if (b.model.full || rng() % 2)
				sw.push_back({TEA_CSR_PTR, rng() % 8 ? base : near()});
		}
		// ... and now and then turns buffer mode off in mid-record.
		if (b.model.wr_busy && (b.model.ctl & TEA_CTL_BUF) && sw.empty() && rng() % 400 == 0)
			sw.push_back({TEA_CSR_CTL, b.model.ctl & ~TEA_CTL_BUF});
		if (c.retire)
			rob = c.flush ? 0 : rob - (unsigned)__builtin_popcount(c.retire);
		else if (c.flush)
			rob = 0;
		if (rng() % 3 && !c.flush)
			rob += rng() % (W + 1);
		/* commits in U and S mode too; software writes from M */
		b.priv = c.csr_we || rng() % 4 ? 3 : (unsigned)(rng() % 2);
		if (b.step(c)) {
			samples++;
			states[b.model.state]++;
		}
		// Software frees a sample a while after it was taken (in buffer
		// mode the write must not free it, and it may clear BIRQ).
		if (b.model.valid && rng() % 8 == 0) {
			b.priv = 3;
			b.write(TEA_CSR_STAT, b.model.ctl & TEA_CTL_BUF ? rng() & ~(uint64_t)TEA_STAT_V : 0);
		}
	}
	for (unsigned s = 0; s < 4; s++)
		if (!states[s])
			fail("seed %u: the random run never took a sample in state %u", seed, s);
	const Coverage &v = b.cov;
	const struct {
		const char *name;
		unsigned n;
	} paths[] = {
		{"interrupt-mode samples", v.irq_samples}, {"records written", v.records},
		{"records starting mid-line", v.mid_line},  {"records spanning lines", v.spanning},
		{"records wrapped to teabase", v.wrapped},  {"watermark crossings", v.wmark},
		{"full (no WRAP)", v.full},                 {"full (WRAP, no room at teabase)", v.full_wrap},
		{"lines done with error", v.line_errors},   {"records lost to an error", v.error_lost},
		{"samples lost while the writer held V", v.lost_busy},
		{"BIRQ cleared by software", v.birq_cleared}, {"FULL cleared by teaptr", v.full_cleared},
		{"teastat V=0 writes that kept V", v.stat_kept},
		{"records finished after BUF went off", v.after_off},
	};
	printf("seed %u: %u cycles, %u samples (Compute %u, Stalled %u, Drained %u, Flushed %u)\n ",
	       seed, cycles, samples, states[0], states[1], states[2], states[3]);
	for (const auto &p : paths)
		printf(" %s %u;", p.name, p.n);
	printf("\n");
	for (const auto &p : paths)
		if (!p.n)
			fail("seed %u: the random run never hit: %s", seed, p.name);
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	directed();
	buffer_directed();
	for (unsigned seed = 1; seed <= 4; seed++)
		random_run(seed, 100000);
	printf("PASS tea_sampler: directed scenarios and 400000 random cycles match the model\n");
	return 0;
}
