// tea_sampler_tb's random run (the harness is tea_sampler_tb.cpp). A long
// random run of a commit stage (ROB filling, committing 0..W lanes, traps,
// replays, mispredict flushes, CSR writes mid-run, tiny and jittered periods)
// with software switching between interrupt and buffer mode (small buffers,
// WRAP on and off, watermarks, buffers partly outside memory, BIRQ cleared and
// teaptr reset on the interrupt, BUF turned off mid-record) and a memory that
// takes and ends lines after random delays, now and then with error: every
// register the RTL shows (the line offered to memory too), the interrupt and
// the CSRs must equal the model of sim/attribution/sampler_model.c in every cycle. The
// run fails if a path of the buffer writer (full, wrap, watermark, error, ...)
// was never taken.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>
#include <utility>

#include "tea_sampler_tb.h"

namespace teatb {

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
			c.daccess = rng() % 2;
			c.daddr[0] = rng();
		} else if (rob && r < 55) {
			unsigned k = 1 + rng() % (rob < W ? rob : W);
			c.retire = (1u << k) - 1;
			for (unsigned i = 0; i < k; i++) {
				c.pc[i] = pc + 2 * i;
				c.psv[i] = rng() & PSV_ALL;
				c.daddr[i] = (uint64_t)rng() << 32 | rng();
			}
			c.daccess = rng() & c.retire;
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

}  // namespace teatb
