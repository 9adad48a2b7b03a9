// tea_sampler_tb's interrupt-mode scenarios (the harness is
// tea_sampler_tb.cpp). Directed scenarios whose right answer is known,
// asserted by value: a Compute sample takes every committing lane; a Stalled
// one waits for the head and takes it with its final PSV; a sample in the
// cycle the head traps; Flushed takes the instruction that flushed (a
// mispredicted branch, an interrupted instruction); Drained after the ROB
// refilled and ran dry takes the next to commit; a sample due while the last
// is unread or waiting is lost and counted, never written over; the interrupt
// line follows V; jitter stays within its bits; the privilege filter takes no
// sample of an excluded mode (no interrupt, teafilt counts it, not tealost), a
// Flushed one by the privilege of the instruction it blames; teacount reads
// the cycles left and a write to it moves the next sample cycle (a context
// switch saves and restores it); CSR access rules (read-only writes, missing
// numbers, U mode with and without UEN).
#include <cstdint>

#include "tea_sampler_tb.h"

namespace teatb {

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
	expect(TEA_STAT_DMASK(st) == 0 && b.read(TEA_CSR_DADDR0) == 0,
	       "no data address when nothing accessed memory");
	b.write(TEA_CSR_STAT, 0);

	// Data addresses: the slots of a Compute sample whose instructions
	// accessed memory hold their addresses, the others 0.
	run_to_sample(b, false);
	tea_cycle mem = commit(W, 0x80001800);
	mem.daccess = W > 1 ? 2 : 1;
	for (unsigned i = 0; i < W; i++)
		mem.daddr[i] = 0x90000000 + 8 * i;
	expect(b.step(mem), "a Compute sample with a load");
	st = b.read(TEA_CSR_STAT);
	expect(TEA_STAT_DMASK(st) == mem.daccess, "DMASK: the slot that accessed memory");
	for (unsigned i = 0; i < W; i++)
		expect(b.read(TEA_CSR_DADDR0 + i) == (mem.daccess >> i & 1 ? 0x90000000 + 8 * i : 0),
		       "teadaddr: its address, 0 elsewhere");

	// Lost: the next sample falls due while this one is unread.
	run_to_sample(b, false);
	b.step(commit(1, 0x80002000));
	expect(b.read(TEA_CSR_LOST) == 1, "a sample due while V is set is lost");
	expect(b.read(TEA_CSR_ADDR0) == 0x80001800, "and the unread sample is kept");
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

	// ... and a load replayed at the head (FL-MO) with its data address.
	tea_cycle replay = commit(1, 0x80005400, 1u << PICS_TEA_FL_MO);
	replay.retire_trap = true;
	replay.flush = true;
	replay.daccess = 1;
	replay.daddr[0] = 0x90001000;
	b.step(replay);
	run_to_sample(b, true);
	b.step(Bench::idle(true));
	expect(TEA_STAT_DMASK(b.read(TEA_CSR_STAT)) == 1 && b.read(TEA_CSR_DADDR0) == 0x90001000,
	       "a Flushed sample keeps the data address of the instruction it blames");
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
	       TEA_INFO_VERSION(info) == TEA_MAP_VERSION && TEA_INFO_VERSION(info) == 7, "teainfo");
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

}  // namespace teatb
