// Checks multiplier: results of every MUL form against the ISA definition,
// a new operation accepted every cycle, each result exactly three clock
// edges after its operation was sampled and in order with its tag, and
// flush_i dropping everything in flight.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>

#include "Vmultiplier.h"
#include "rv_ref.h"
#include "verilated.h"

namespace {

constexpr unsigned LATENCY = 3;

struct Pending {
	uint64_t due;      /* edge after which the result must be on the outputs */
	unsigned tag;
	uint64_t result;
	unsigned op;
	bool word;
	uint64_t a, b;
};

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vmultiplier dut;
	std::mt19937_64 rng(7);
	auto corners = rvref::corner_values();
	std::deque<Pending> pending;
	uint64_t edge = 0;
	unsigned issued = 0, completed = 0, flushed = 0, errors = 0;
	const unsigned tag_mask = 0x3f;  /* TAG_W is 6 in the default config */

	auto tick = [&]() {
		dut.clk_i = 0;
		dut.eval();
		dut.clk_i = 1;
		dut.eval();
		edge++;
	};
	auto fail = [&](const char *what, const Pending *p) {
		if (errors++ < 10) {
			if (p)
				printf("FAIL: %s: op %u%s a=%016llx b=%016llx tag %u: rtl valid %d tag %u "
				       "result %016llx, want %016llx\n", what, p->op, p->word ? "w" : "",
				       (unsigned long long)p->a, (unsigned long long)p->b, p->tag,
				       dut.valid_o, dut.tag_o, (unsigned long long)dut.result_o,
				       (unsigned long long)p->result);
			else
				printf("FAIL: %s at edge %llu\n", what, (unsigned long long)edge);
		}
	};
	// After each edge: a result is on the outputs exactly when one is due.
	auto check_outputs = [&]() {
		if (!pending.empty() && pending.front().due == edge) {
			Pending p = pending.front();
			pending.pop_front();
			if (!dut.valid_o || dut.tag_o != p.tag || dut.result_o != p.result)
				fail("result", &p);
			completed++;
		} else if (dut.valid_o) {
			fail("valid_o without an operation due", nullptr);
		}
	};

	dut.rst_ni = 0;
	dut.flush_i = 0;
	dut.valid_i = 0;
	tick();
	dut.rst_ni = 1;
	check_outputs();

	for (int phase = 0; phase < 3; phase++) {
		// Phase 0: an operation every cycle. 1: random gaps. 2: random flushes.
		for (int i = 0; i < 60000; i++) {
			bool valid = phase == 0 || (rng() % 3 != 0);
			bool flush = phase == 2 && rng() % 16 == 0;
			Pending p{};
			p.op = rng() % 4;
			p.word = p.op == 0 && (rng() & 1);
			p.a = rvref::random_operand(rng, corners);
			p.b = rvref::random_operand(rng, corners);
			p.tag = issued & tag_mask;
			p.result = rvref::mul(p.op, p.word, p.a, p.b);
			p.due = edge + LATENCY;

			dut.valid_i = valid;
			dut.flush_i = flush;
			dut.op_i = p.op;
			dut.word_i = p.word;
			dut.a_i = p.a;
			dut.b_i = p.b;
			dut.tag_i = p.tag;
			issued += valid;
			if (flush) {
				flushed += pending.size() + valid;
				pending.clear();
			} else if (valid) {
				pending.push_back(p);
			}
			tick();
			check_outputs();
		}
		dut.valid_i = 0;
		dut.flush_i = 0;
		for (unsigned i = 0; i < LATENCY; i++) {
			tick();
			check_outputs();
		}
	}
	dut.final();
	if (!pending.empty() || completed + flushed != issued || flushed == 0) {
		printf("FAIL: issued %u, completed %u, flushed %u, %zu left\n", issued, completed,
		       flushed, pending.size());
		return 1;
	}
	if (errors) {
		printf("FAIL: %u errors in %u operations\n", errors, issued);
		return 1;
	}
	printf("PASS: %u operations, latency %u, %u flushed\n", issued, LATENCY, flushed);
	return 0;
}
