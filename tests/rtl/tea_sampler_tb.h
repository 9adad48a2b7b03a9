// What tea_sampler_tb's files share (tea_sampler_tb.cpp says what the bench
// checks): the configuration, the memory behind the sample buffer's port,
// what the random run went through, and the Bench that drives the RTL and
// the model of sim/attribution/sampler_model.c side by side. tea_sampler_tb.cpp is
// the harness (the Bench, the scenarios' helpers) and main;
// tea_sampler_tb_directed.cpp the interrupt-mode scenarios,
// tea_sampler_tb_buffer.cpp the sample buffer's, tea_sampler_tb_random.cpp
// the random run.
#ifndef TEA_TESTS_RTL_TEA_SAMPLER_TB_H
#define TEA_TESTS_RTL_TEA_SAMPLER_TB_H

#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "Vtea_sampler.h"

extern "C" {
#include "pics.h"
#include "tea/csr.h"
#include "attribution/sampler_model.h"
}

namespace teatb {

#ifdef TEA_CONFIG_LARGE
constexpr unsigned W = 4;
#else
constexpr unsigned W = 2;
#endif
constexpr unsigned PS = PICS_TEA_NUM_EVENTS;	// tea_events.svh's PSV_BITS (test_tea_csr)
constexpr uint64_t PSV_ALL = (1ull << PS) - 1;

[[noreturn]] void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

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

constexpr unsigned REC = TEA_RECORD_WORDS(W);	// words of a record
constexpr uint64_t RB = 8 * REC;	// ... and its bytes

// The sampler and its model, clocked together and compared every cycle.
struct Bench {
	Vtea_sampler *dut;
	tea_sampler_model model;
	uint64_t cycle = 0;
	unsigned priv = 3;
	Memory mem;
	Coverage cov;

	Bench();
	~Bench() { delete dut; }

	// Memory's answer in this cycle, from the sampler's registered buf_*.
	void respond(tea_cycle &c);
	// One cycle: drives @c (and a CSR write when c.csr_we), with memory's
	// answer when mem.autorespond, clocks the RTL and the model, compares
	// every register. Returns whether a sample became valid.
	bool step(const tea_cycle &cin);
	void count(const tea_sampler_model &o, const tea_cycle &c, bool fresh);
	// A CSR's value, read in M mode without disturbing anything.
	uint64_t peek(unsigned addr);
	void compare();
	// Reads a CSR combinationally, in the current privilege.
	uint64_t read(unsigned addr, bool *illegal = nullptr, bool write = false);
	void write(unsigned addr, uint64_t v);

	static tea_cycle idle(bool rob_empty)
	{
		tea_cycle c = {};
		c.rob_empty = rob_empty;
		return c;
	}
};

tea_cycle commit(unsigned lanes, uint64_t pc, uint64_t psv = 0);
void expect(bool cond, const char *what);
// Runs idle cycles with the ROB in state @rob_empty until the sampler has
// one cycle left before the sample cycle.
void run_to_sample(Bench &b, bool rob_empty);

// The scenarios, each in its own file.
void directed();
void buffer_directed();
void random_run(unsigned seed, unsigned cycles);

}  // namespace teatb

#endif
