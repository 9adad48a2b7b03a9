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
// - A long random run of a commit stage (ROB filling, committing 0..W
//   lanes, traps, replays, mispredict flushes, CSR writes mid-run, tiny and
//   jittered periods), where every register the RTL shows must equal the
//   model of sim/tea/sampler_model.c in every cycle.
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

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

struct Bench {
	Vtea_sampler *dut;
	tea_sampler_model model;
	uint64_t cycle = 0;
	unsigned priv = 3;

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

	// One cycle: drives @c (and a CSR write when c.csr_we), clocks the
	// RTL and the model, compares every register. Returns whether a sample
	// became valid.
	bool step(const tea_cycle &c)
	{
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
		dut->eval();
		if (c.csr_we && dut->csr_illegal_o)
			fail("cycle %lu: write to %#x refused", (unsigned long)cycle, c.csr_addr);
		dut->clk_i = 1;
		dut->eval();
		dut->clk_i = 0;
		dut->eval();
		tea_cycle mc = c;
		mc.priv = priv;
		bool fresh = tea_sampler_model_cycle(&model, &mc);
		cycle++;
		compare();
		return fresh;
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
		for (unsigned i = 0; i < W; i++) {
			rtl.pc[i] = get(dut->sample_pc_o, i * 64, 64);
			rtl.psv[i] = get(dut->sample_psv_o, i * PS, PS);
		}
		tea_sampler_model_regs(&model, &mod);
		char msg[256];
		if (!tea_sample_regs_equal(&rtl, &mod, W, msg, sizeof(msg)))
			fail("cycle %lu: %s", (unsigned long)cycle, msg);
		if (dut->irq_o != rtl.valid)
			fail("cycle %lu: irq_o %d with V %d", (unsigned long)cycle, dut->irq_o, rtl.valid);
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
	b.read(TEA_CSR_COUNT + 1, &ill);
	expect(ill, "0x5c8 does not exist");
	uint64_t info = b.read(TEA_CSR_INFO);
	expect(TEA_INFO_WIDTH(info) == W && TEA_INFO_PSV_BITS(info) == PS &&
	       TEA_INFO_VERSION(info) == TEA_MAP_VERSION, "teainfo");
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

// A commit stage: the ROB fills from dispatch, the head commits 0..W
// lanes, sometimes traps, is replayed or flushes after a mispredict.
void random_run(unsigned seed, unsigned cycles)
{
	std::mt19937_64 rng(seed);
	Bench b;
	unsigned rob = 0;
	uint64_t pc = 0x80000000;
	unsigned samples = 0, states[4] = {};

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
			static const unsigned addrs[] = {TEA_CSR_CTL, TEA_CSR_PERIOD, TEA_CSR_STAT,
							 TEA_CSR_LOST, TEA_CSR_FILT, TEA_CSR_COUNT};
			c.csr_addr = addrs[rng() % 6];
			c.csr_wdata = rng();
			if (c.csr_addr == TEA_CSR_PERIOD || c.csr_addr == TEA_CSR_COUNT)
				c.csr_wdata %= 64;
			if (c.csr_addr == TEA_CSR_CTL)
				c.csr_wdata |= TEA_CTL_EN;
		}
		if (n == 0) {
			c.csr_we = true;
			c.csr_addr = TEA_CSR_CTL;
			c.csr_wdata = TEA_CTL_EN | (3u << TEA_CTL_JIT_SHIFT);
		}
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
		// Software frees a sample a while after it was taken.
		if (b.model.valid && rng() % 8 == 0) {
			b.priv = 3;
			b.write(TEA_CSR_STAT, 0);
		}
	}
	for (unsigned s = 0; s < 4; s++)
		if (!states[s])
			fail("seed %u: the random run never took a sample in state %u", seed, s);
	printf("seed %u: %u cycles, %u samples (Compute %u, Stalled %u, Drained %u, Flushed %u)\n",
	       seed, cycles, samples, states[0], states[1], states[2], states[3]);
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	directed();
	for (unsigned seed = 1; seed <= 4; seed++)
		random_run(seed, 100000);
	printf("PASS tea_sampler: directed scenarios and 400000 random cycles match the model\n");
	return 0;
}
