// Checks divider: every DIV/REM form against the ISA definition (division
// by zero and signed overflow included), its latency (la - lb + 1 steps for
// magnitudes of la and lb bits, none when la < lb or the divisor is 0), the
// ready/valid handshake with the result held while ready_i is low, and
// flush_i abandoning an operation at any point.
#include <bitset>
#include <cstdint>
#include <cstdio>
#include <random>

#include "Vdivider.h"
#include "rv_ref.h"
#include "verilated.h"

namespace {

const char *const op_names[] = { "div", "divu", "rem", "remu" };

unsigned bit_length(uint64_t x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

/* Quotient bits the divider computes: the operands' magnitudes as the
 * operation reads them (W forms: the low words, sign- or zero-extended). */
unsigned div_steps(unsigned op, bool word, uint64_t a, uint64_t b)
{
	bool is_signed = op == 0 || op == 2;

	if (word) {
		a = is_signed ? (uint64_t)(int64_t)(int32_t)a : (uint32_t)a;
		b = is_signed ? (uint64_t)(int64_t)(int32_t)b : (uint32_t)b;
	}
	if (is_signed && (int64_t)a < 0)
		a = -a;
	if (is_signed && (int64_t)b < 0)
		b = -b;
	unsigned la = bit_length(a), lb = bit_length(b);
	return lb == 0 || la < lb ? 0 : la - lb + 1;
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vdivider dut;
	std::mt19937_64 rng(99);
	auto corners = rvref::corner_values();
	unsigned done = 0, flushes = 0, errors = 0;
	std::bitset<65> steps_seen;

	auto tick = [&]() {
		dut.clk_i = 0;
		dut.eval();
		dut.clk_i = 1;
		dut.eval();
	};
	auto fail = [&](const char *what) {
		if (errors++ < 10)
			printf("FAIL: %s\n", what);
	};

	dut.rst_ni = 0;
	dut.flush_i = 0;
	dut.valid_i = 0;
	dut.ready_i = 0;
	tick();
	dut.rst_ni = 1;
	dut.eval();

	for (int i = 0; i < 12000; i++) {
		unsigned op = rng() % 4;
		bool word = rng() & 1;
		uint64_t a = rvref::random_operand(rng, corners);
		uint64_t b = rvref::random_operand(rng, corners);
		/* every length of dividend and divisor, so every step count */
		if (rng() & 1)
			a >>= rng() % 64;
		if (rng() & 1)
			b >>= rng() % 64;
		unsigned tag = i & 0x3f;
		uint64_t want = rvref::div(op, word, a, b);
		unsigned steps = div_steps(op, word, a, b);
		steps_seen.set(steps);
		/* every eighth operation is flushed after a random number of cycles */
		int flush_at = rng() % 8 == 0 ? (int)(rng() % (steps + 4)) : -1;
		char what[160];

		if (!dut.ready_o || dut.busy_o || dut.valid_o)
			fail("not idle before an operation");
		dut.valid_i = 1;
		dut.op_i = op;
		dut.word_i = word;
		dut.a_i = a;
		dut.b_i = b;
		dut.tag_i = tag;
		tick();
		dut.valid_i = 0;
		/* operands change while it works: the divider must have kept them */
		dut.a_i = rng();
		dut.b_i = rng();
		dut.op_i = rng() % 4;
		dut.word_i = rng() & 1;

		unsigned cycles = 1;
		bool flushed = false;
		while (!dut.valid_o && cycles < 200) {
			if (dut.ready_o)
				fail("ready_o while busy");
			if ((int)cycles == flush_at) {
				dut.flush_i = 1;
				tick();
				dut.flush_i = 0;
				flushed = true;
				break;
			}
			tick();
			cycles++;
		}
		if (flushed) {
			/* idle at once, and no result appears afterwards */
			if (!dut.ready_o || dut.busy_o || dut.valid_o)
				fail("not idle after flush");
			for (int k = 0; k < 3; k++) {
				tick();
				if (dut.valid_o)
					fail("result after flush");
			}
			flushes++;
			continue;
		}
		if (cycles != steps + 1) {
			snprintf(what, sizeof(what), "%s%s took %u cycles, want %u",
				 op_names[op], word ? "w" : "", cycles, steps + 1);
			fail(what);
		}
		/* the result waits for ready_i; a flush while it waits drops it */
		unsigned wait = rng() % 4;
		for (unsigned k = 0; k < wait; k++) {
			if (!dut.valid_o || !dut.busy_o || dut.ready_o)
				fail("result not held while ready_i is low");
			tick();
		}
		if (dut.result_o != want || dut.tag_o != tag) {
			snprintf(what, sizeof(what),
				 "%s%s a=%016llx b=%016llx: rtl %016llx tag %u, want %016llx tag %u",
				 op_names[op], word ? "w" : "", (unsigned long long)a,
				 (unsigned long long)b, (unsigned long long)dut.result_o, dut.tag_o,
				 (unsigned long long)want, tag);
			fail(what);
		}
		if (flush_at >= (int)steps + 1) {
			dut.flush_i = 1;
			flushes++;
		} else {
			dut.ready_i = 1;
			done++;
		}
		tick();
		dut.flush_i = 0;
		dut.ready_i = 0;
		if (dut.valid_o || !dut.ready_o)
			fail("not idle after the result was taken");
	}
	dut.final();
	if (done < 8000 || flushes < 1000) {
		printf("FAIL: only %u results and %u flushes\n", done, flushes);
		return 1;
	}
	if (!steps_seen.all()) {
		printf("FAIL: not every step count from 0 to 64 seen\n");
		return 1;
	}
	if (errors) {
		printf("FAIL: %u errors\n", errors);
		return 1;
	}
	printf("PASS: %u divisions, %u flushed\n", done, flushes);
	return 0;
}
