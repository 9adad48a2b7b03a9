// Checks tea_sampler in three ways, each in its own file, against the model
// of sim/attribution/sampler_model.c:
// - tea_sampler_tb_directed.cpp: directed interrupt-mode scenarios whose
//   right answer is known, asserted by value;
// - tea_sampler_tb_buffer.cpp: the sample buffer, asserted by value against
//   a memory that records the lines it takes;
// - tea_sampler_tb_random.cpp: a long random run of a commit stage in which
//   every register the RTL shows, the interrupt and the CSRs must equal the
//   model's in every cycle.
// This file is the harness they share (tea_sampler_tb.h): the Bench that
// drives the RTL and the model side by side, answers for the memory behind
// the buffer's port and compares every register each cycle; and main.
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tea_sampler_tb.h"
#include "verilated.h"

namespace teatb {

namespace {

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

// A 64-bit word of a port wider than 64 bits.
template <typename T> uint64_t word64(const T &port, unsigned k)
{
	return (uint64_t)port[2 * k] | (uint64_t)port[2 * k + 1] << 32;
}

}  // namespace

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

Bench::Bench() : dut(new Vtea_sampler)
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

void Bench::respond(tea_cycle &c)
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

bool Bench::step(const tea_cycle &cin)
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
		put(dut->retire_daddr_i, i * 64, 64, c.daddr[i]);
	}
	dut->retire_dvalid_i = c.daccess;
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

void Bench::count(const tea_sampler_model &o, const tea_cycle &c, bool fresh)
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

uint64_t Bench::peek(unsigned addr)
{
	dut->csr_addr_i = addr;
	dut->csr_write_i = 0;
	dut->csr_we_i = 0;
	dut->priv_i = 3;
	dut->eval();
	return dut->csr_rdata_o;
}

void Bench::compare()
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
		rtl.daddr[i] = get(dut->sample_daddr_o, i * 64, 64);
	}
	rtl.dmask = dut->sample_dmask_o;
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

uint64_t Bench::read(unsigned addr, bool *illegal, bool write)
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

void Bench::write(unsigned addr, uint64_t v)
{
	tea_cycle c = idle(false);
	c.csr_we = true;
	c.csr_addr = addr;
	c.csr_wdata = v;
	step(c);
}

tea_cycle commit(unsigned lanes, uint64_t pc, uint64_t psv)
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

void run_to_sample(Bench &b, bool rob_empty)
{
	for (int guard = 0; b.model.countdown != 0; guard++) {
		if (guard > 100000)
			fail("no sample cycle comes");
		b.step(Bench::idle(rob_empty));
	}
}

}  // namespace teatb

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	teatb::directed();
	teatb::buffer_directed();
	for (unsigned seed = 1; seed <= 4; seed++)
		teatb::random_run(seed, 100000);
	printf("PASS tea_sampler: directed scenarios and 400000 random cycles match the model\n");
	return 0;
}
