// tea_sampler_tb's sample-buffer scenarios (the harness is
// tea_sampler_tb.cpp). The sample buffer, asserted by value against a memory
// that records the lines it takes: teabase, tealimit, teaptr and teawmark are
// writable and keep bits 55:3, teainfo's version is 7; a record's 2 + 3W words
// (teatime, teastat with DMASK and SEQ, slot addresses, slot PSVs, slot data
// addresses, 0 where the slot accessed no memory) land in the offered
// lines with the right addresses and word masks, for a record that starts
// mid-line and spans lines and one that starts at a line, one line at a time;
// teaptr moves by 8 * (2 + 3W) when the last line is done, and V clears then;
// V raises no interrupt in buffer mode, BIRQ does; samples due while memory
// holds the record are lost, and a teastat write with V = 0 does not free it;
// SEQ counts every sample cycle, lost and filtered ones too; a record ending
// at the watermark sets BIRQ, one starting at it does not; teastat written
// with BIRQ = 1 keeps it, with BIRQ = 0 clears it, except in the cycle the
// writer sets it; a full buffer without WRAP loses the record (tealost + 1,
// FULL and BIRQ, nothing written, teaptr stays), a record ending exactly at
// tealimit fits; a teaptr write clears FULL (not in the cycle the writer sets
// it); with WRAP the record goes to teabase (if it fits there; if not it is
// lost); a line done with error (first or last line of the record) loses the
// record (tealost + 1, FULL, BIRQ, teaptr stays); turning BUF off lets the
// writer finish; SEQ in interrupt mode.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tea_sampler_tb.h"

namespace teatb {

namespace {

void expect_eq(uint64_t got, uint64_t want, const char *what)
{
	if (got != want)
		fail("%s: %#lx, expected %#lx", what, (unsigned long)got, (unsigned long)want);
}

// Takes a Compute sample of all W lanes at @pc in the next sample cycle,
// in the current privilege, the odd lanes (lane 0 when W is 1) accessing
// memory, and returns the record it should be: teatime, teastat (V,
// STATE, MASK, PRIV, DMASK, SEQ @seq), the slot addresses, PSVs and data
// addresses.
std::vector<uint64_t> take(Bench &b, uint64_t pc, uint32_t seq)
{
	run_to_sample(b, false);
	uint64_t t = b.cycle;
	tea_cycle c = commit(W, pc);
	for (unsigned i = 0; i < W; i++)
		c.psv[i] = (1ull << i | 1ull << (PS - 1 - i)) & PSV_ALL;
	c.daccess = W > 1 ? 0xaau & ((1u << W) - 1) : 1;
	for (unsigned i = 0; i < W; i++)
		c.daddr[i] = 0x3fc0001000ull + 0x18 * i + seq;
	expect(b.step(c), "a sample is taken in its cycle");
	std::vector<uint64_t> r = {t, TEA_STAT_V | (uint64_t)TEA_COMPUTE << TEA_STAT_STATE_SHIFT |
					      (uint64_t)((1u << W) - 1) << TEA_STAT_MASK_SHIFT |
					      (uint64_t)b.priv << TEA_STAT_PRIV_SHIFT |
					      (uint64_t)c.daccess << TEA_STAT_DMASK_SHIFT |
					      (uint64_t)seq << TEA_STAT_SEQ_SHIFT};
	for (unsigned i = 0; i < W; i++)
		r.push_back(pc + 4 * i);
	for (unsigned i = 0; i < W; i++)
		r.push_back(c.psv[i]);
	for (unsigned i = 0; i < W; i++)
		r.push_back(c.daccess >> i & 1 ? c.daddr[i] : 0);
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

}  // namespace

// The sample buffer, asserted by value.
void buffer_directed()
{
	Bench b;
	bool ill;
	b.mem.ack_delay = 1;
	b.mem.done_delay = 2;

	// The new CSRs: writable, holding bits 55:3; teainfo says version 7.
	expect_eq(TEA_INFO_VERSION(b.read(TEA_CSR_INFO)), 7, "teainfo version");
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
	expect_eq(b.read(TEA_CSR_PTR), B + 0x28 + RB, "teaptr moves by 8 * (2 + 3W)");
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

}  // namespace teatb
