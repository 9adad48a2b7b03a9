// lsu_tb's world around the LSU: the random program, the sequential
// reference executed at commit, and the models of the D-TLB, the D-cache
// and the device. What they receive is checked here as it arrives; what
// they answer is drawn from the bench's one random stream, so the order of
// the calls (Bench::step in lsu_tb.cpp) is part of what a seed means.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>

#include "lsu_tb.h"

namespace lsutb {

namespace {

uint64_t sext(uint64_t v, int size)
{
	int bits = 8 << size;
	if (bits == 64)
		return v;
	uint64_t m = 1ull << (bits - 1);
	v &= (1ull << bits) - 1;
	return (v ^ m) - m;
}
uint64_t zext(uint64_t v, int size)
{
	return size == 3 ? v : v & ((1ull << (8 << size)) - 1);
}

uint64_t amo_compute(int op, bool word, uint64_t old, uint64_t src)
{
	int sz = word ? 2 : 3;
	int64_t a = (int64_t)sext(old, sz), b = (int64_t)sext(src, sz);
	uint64_t ua = zext(old, sz), ub = zext(src, sz);
	switch (op) {
	case AMO_SWAP: return src;
	case AMO_ADD: return old + src;
	case AMO_XOR: return old ^ src;
	case AMO_AND: return old & src;
	case AMO_OR: return old | src;
	case AMO_MIN: return a < b ? old : src;
	case AMO_MAX: return a > b ? old : src;
	case AMO_MINU: return ua < ub ? old : src;
	default: return ua > ub ? old : src;
	}
}

// The bytes a store strobe covers.
uint64_t strb_mask(unsigned strb)
{
	uint64_t bm = 0;
	for (int i = 0; i < 8; i++)
		if (strb >> i & 1)
			bm |= 0xffull << (8 * i);
	return bm;
}

bool is_device(uint64_t a)
{
	return classify(a) == R_IO || classify(a) == R_IOERR || classify(a) == R_HOLE;
}

}  // namespace

region classify(uint64_t a)
{
	uint64_t pg = a & ~0xfffull;
	if (pg == PG_PF)
		return R_PF;
	if (pg == PG_AF)
		return R_AF;
	if (pg == PG_DERR || pg == PG_SERR)
		return R_DERR;
	if (pg == PG_BEYOND)
		return R_BEYOND;
	if (pg == PG_HOLE)
		return R_HOLE;
	if (pg == IO)
		return a >= IO_ERR ? R_IOERR : R_IO;
	return R_RAM;
}

// ---- the program

// Appends one random operation to the program.
void Bench::gen()
{
	op o{};
	unsigned r = rng() % 100;
	o.kind = r < 44 ? K_LOAD : r < 52 ? K_PREFETCH : r < 92 ? K_STORE : K_AMO;
	unsigned a = rng() % 100;
	uint64_t base;
	if (a < 55)
		base = RAM0 + (rng() % 4) * 8;
	else if (a < 75)
		base = RAM1 + (rng() % 2) * 8;
	else if (a < 84)
		base = IO + (rng() % 2) * 8;
	else if (a < 87)
		base = PG_PF + 8;
	else if (a < 90)
		base = PG_AF + 16;
	else if (a < 93)
		base = o.kind == K_STORE ? PG_SERR : PG_DERR;
	else if (a < 95)
		base = IO_ERR;
	else if (a < 96)
		base = PG_HOLE + 8;
	else if (a < 97)
		base = PG_BEYOND + 8;
	else
		base = RAM0 + 32 + (rng() % 4) * 8;
	if (o.kind == K_AMO) {
		unsigned k = rng() % 10;
		o.amo = k < 3 ? AMO_LR : k < 6 ? AMO_SC : 2 + rng() % 9;
		o.word = rng() & 1;
		o.size = o.word ? 2 : 3;
		if (o.amo == AMO_SC && chance(700))
			base = last_lr & ~7ull;
		if (o.amo == AMO_LR)
			last_lr = base;
	} else {
		o.size = rng() % 4;
	}
	int n = 1 << o.size;
	o.va = base + (chance(80) ? rng() % 8 : (rng() % (8 / n)) * n);
	if (o.kind == K_AMO && o.amo == AMO_LR)
		last_lr = o.va;
	{
		unsigned e = rng() % 4;   // one draw, as before there were FLWs
		o.uns = e & 1;
		o.box = o.kind == K_LOAD && o.size == 2 && (e & 2);
	}
	o.data = rng();
	prog.push_back(o);
}

// The sequential reference, at commit. With apply, its memory, the
// reservation and the stores expected on the D-cache and device ports
// take the operation's effect.
result Bench::reference(const op &o, bool apply)
{
	result r{false, 0, 0};
	region rg = classify(o.va);
	bool mis = o.va & ((1u << o.size) - 1);
	if (o.kind == K_PREFETCH)
		return r;   // a hint: nothing, whatever the address
	if (o.kind == K_LOAD || (o.kind == K_AMO && o.amo == AMO_LR)) {
		if (mis)
			return result{true, 4, 0};
		if (rg == R_PF)
			return result{true, 13, 0};
		if (rg == R_AF || rg == R_DERR || rg == R_IOERR || rg == R_HOLE ||
		    rg == R_BEYOND)
			return result{true, 5, 0};
		uint64_t v = ref.read(o.va, o.size);
		r.value = o.kind == K_LOAD && o.box ? v | 0xffffffff00000000ull
			  : o.kind == K_LOAD && o.uns ? v : sext(v, o.size);
		if (o.kind == K_AMO && apply) {
			ref_resv = true;
			ref_resv_addr = o.va & ~7ull;
		}
		return r;
	}
	if (mis)
		return result{true, 6, 0};
	if (o.kind == K_AMO && o.amo == AMO_SC &&
	    (!ref_resv || (o.va & ~7ull) != ref_resv_addr)) {
		if (apply)
			ref_resv = false;
		return result{false, 0, 1};
	}
	if (rg == R_PF)
		return result{true, 15, 0};
	if (rg == R_AF || rg == R_HOLE || rg == R_BEYOND)
		return result{true, 7, 0};
	if (o.kind == K_AMO && (rg == R_DERR || rg == R_IOERR))
		return result{true, 7, 0};
	if (o.kind == K_AMO && o.amo != AMO_SC && rg == R_IO)
		return result{true, 7, 0};
	// a store to R_DERR or R_IOERR commits; it is lost after commit
	bool lost = rg == R_DERR || rg == R_IOERR;
	uint64_t nv = o.data;
	if (o.kind == K_AMO && o.amo != AMO_SC) {
		uint64_t old = ref.read(o.va, o.size);
		r.value = sext(old, o.size);
		nv = amo_compute(o.amo, o.word, old, o.data);
	}
	if (apply) {
		if (!lost)
			ref.write(o.va, o.size, nv);
		if ((o.va & ~7ull) == ref_resv_addr || (o.kind == K_AMO && o.amo == AMO_SC))
			ref_resv = false;
		if (o.kind == K_STORE) {
			unsigned off = o.va & 7;
			exp_stores.push_back({o.va & ~7ull, nv << (8 * off),
					      ((1u << (1 << o.size)) - 1) << off,
					      rg == R_IO || rg == R_IOERR, lost});
		}
	}
	return r;
}

// ---- the D-TLB: an identity map; a page not in it misses until a walk
// of random length brings it in; pages leave it at random

// TLB model answer for one port.
void Bench::tlb_answer(uint64_t va, bool &hit, uint64_t &pa, bool &pf, bool &af, bool &miss)
{
	uint64_t pg = va >> 12;
	hit = pf = af = miss = false;
	pa = va & ((1ull << 56) - 1);
	if (!tlb.count(pg)) {
		miss = true;
		if (!walking) {
			walking = true;
			walk_page = pg;
			walk_done = cyc + 3 + rng() % 20;
		}
		return;
	}
	region rg = classify(va);
	if (rg == R_PF)
		pf = true;
	else if (rg == R_AF)
		af = true;
	else
		hit = true;
}

// Marks the accesses a miss can be for: they may set ST-TLB, and must
// when the miss can be for only one of them.
void Bench::note_tlb_miss(uint64_t va, bool store_port)
{
	inflight *only = nullptr;
	int n = 0;
	n_tlb++;
	for (auto &f : win) {
		const op &o = prog[f.pi];
		bool st = o.kind == K_STORE || (o.kind == K_AMO && o.amo != AMO_LR);
		if (f.issued && !f.done && o.va == va && st == store_port) {
			n++;
			if (o.kind == K_PREFETCH)
				continue;   // its walk sets no ST-TLB
			f.tlb_missed = true;
			only = &f;
		}
	}
	if (n == 1 && only)
		only->tlb_must = true;
	if (getenv("LSU_TB_DEBUG"))
		printf("%llu tlb miss %llx port %d n %d\n", (unsigned long long)cyc,
		       (unsigned long long)va, store_port, n);
	if (n == 0) {
		snprintf(msg, sizeof(msg), "TLB request for %llx by no issued access",
			 (unsigned long long)va);
		fail(msg);
	}
}

void Bench::answer_tlb_port(bool valid, uint64_t va, CData &hit, QData &paddr, CData &page_fault,
			    CData &access_fault, CData &miss, bool store_port)
{
	if (!valid)
		return;
	bool h, pf, af, m;
	uint64_t pa;
	tlb_answer(va, h, pa, pf, af, m);
	hit = h;
	paddr = pa;
	page_fault = pf;
	access_fault = af;
	miss = m;
	if (m)
		note_tlb_miss(va, store_port);
}

// The TLB ports are combinational: evaluate with both missing, answer the
// requests that show, evaluate again.
void Bench::answer_tlb()
{
	dut.dtlb_ld_hit_i = dut.dtlb_ld_page_fault_i = dut.dtlb_ld_access_fault_i = 0;
	dut.dtlb_ld_miss_i = 1;
	dut.dtlb_st_hit_i = dut.dtlb_st_page_fault_i = dut.dtlb_st_access_fault_i = 0;
	dut.dtlb_st_miss_i = 1;
	dut.eval();
	if (walking && walk_done <= cyc) {
		tlb.insert(walk_page);
		walking = false;
	}
	if (chance(5) && !tlb.empty()) {
		auto it = tlb.begin();
		std::advance(it, rng() % tlb.size());
		tlb.erase(it);
	}
	answer_tlb_port(dut.dtlb_ld_valid_o, dut.dtlb_ld_vaddr_o, dut.dtlb_ld_hit_i,
			dut.dtlb_ld_paddr_i, dut.dtlb_ld_page_fault_i, dut.dtlb_ld_access_fault_i,
			dut.dtlb_ld_miss_i, false);
	answer_tlb_port(dut.dtlb_st_valid_o, dut.dtlb_st_vaddr_o, dut.dtlb_st_hit_i,
			dut.dtlb_st_paddr_i, dut.dtlb_st_page_fault_i, dut.dtlb_st_access_fault_i,
			dut.dtlb_st_miss_i, true);
	dut.eval();
}

// ---- the D-cache and the device: readies and responses of this cycle

void Bench::memory_inputs()
{
	unsigned misses = 0;
	for (auto &p : ld_pending)
		misses += p.miss;
	dut.dc_ld_req_ready_i = misses < (unsigned)MSHRS && chance(900);
	dut.dc_st_req_ready_i = chance(800);
	// the D-cache's store error comes with its ready; the drain's
	// address is from registers
	dut.dc_st_error_i = classify(dut.dc_st_req_addr_o) == R_DERR;
	dut.dc_amo_req_ready_i = !amo_busy && chance(700);
	dut.mmio_req_ready_i = !io_busy && chance(700);
	dcache_ld_response();
	dcache_amo_response();
	mmio_response();
}

// One load response a cycle, the earliest due.
void Bench::dcache_ld_response()
{
	dut.dc_ld_resp_valid_i = 0;
	int due = -1;
	for (size_t i = 0; i < ld_pending.size(); i++)
		if (ld_pending[i].at <= cyc && (due < 0 || ld_pending[i].at < ld_pending[due].at))
			due = (int)i;
	if (due < 0)
		return;
	ld_resp p = ld_pending[due];
	ld_pending.erase(ld_pending.begin() + due);
	dut.dc_ld_resp_valid_i = 1;
	dut.dc_ld_resp_tag_i = p.tag;
	dut.dc_ld_resp_data_i = p.error ? rng() : dmem.read(p.addr & ~7ull, 3);
	dut.dc_ld_resp_miss_i = p.miss;
	dut.dc_ld_resp_llc_miss_i = p.llc;
	dut.dc_ld_resp_error_i = p.error;
	if (flush)
		return;
	bool found = false;
	for (auto &f : win)
		if (prog[f.pi].kind == K_LOAD && f.lq == p.tag && f.issued && !f.done) {
			f.resp_seen = true;
			f.resp_miss = p.miss;
			f.resp_llc = p.llc;
			found = true;
		}
	if (!found)
		fail("D-cache response for no waiting load");
}

void Bench::dcache_amo_response()
{
	dut.dc_amo_resp_valid_i = 0;
	if (!amo_busy || amo_at > cyc)
		return;
	int sz = amo_word ? 2 : 3;
	bool err = classify(amo_addr) == R_DERR || classify(amo_addr) == R_BEYOND;
	uint64_t old = dmem.read(amo_addr, sz);
	dut.dc_amo_resp_valid_i = 1;
	dut.dc_amo_resp_error_i = err;
	dut.dc_amo_resp_data_i = sext(old, sz);
	if (!err) {
		if (amo_op == AMO_SC)
			dmem.write(amo_addr, sz, amo_data);
		else if (amo_op != AMO_LR)
			dmem.write(amo_addr, sz, amo_compute(amo_op, amo_word, old, amo_data));
	}
	amo_busy = false;
}

void Bench::mmio_response()
{
	dut.mmio_resp_valid_i = 0;
	io_st_err = false;
	if (!io_busy || io_at > cyc)
		return;
	bool err = classify(io_addr) == R_IOERR || classify(io_addr) == R_HOLE;
	io_st_err = io_drain && err;
	dut.mmio_resp_valid_i = 1;
	dut.mmio_resp_error_i = err;
	dut.mmio_resp_rdata_i = dmem.read(io_addr & ~7ull, 3);
	if (io_write && !err)
		dmem.write_strb(io_addr & ~7ull, io_wdata, io_strb);
	io_busy = false;
}

// ---- the D-cache and the device: requests taken this cycle

// A load request: a prefetch is checked and never answered; a load gets a
// response after a random hit or miss latency.
void Bench::accept_dc_load()
{
	if (!(dut.dc_ld_req_valid_o && dut.dc_ld_req_ready_i))
		return;
	uint64_t a = dut.dc_ld_req_addr_o;
	if (check_dc_load_req(a))
		return;
	ld_resp p;
	p.tag = dut.dc_ld_req_tag_o;
	p.addr = a;
	p.error = classify(a) == R_DERR || classify(a) == R_BEYOND;
	p.miss = chance(300);
	p.llc = p.miss && chance(400);
	p.at = cyc + (p.miss ? 4 + rng() % 30 + (p.llc ? 20 : 0) : 1);
	if (is_device(a))
		fail("D-cache load request to a device address");
	ld_pending.push_back(p);
}

// Checks a load request against its LQ entry, or as the SQ's prefetch of a
// committed store's line; true for a prefetch. When both could have sent
// it (an LQ prefetch to the address of a committed store), the LQ's
// completion in the next cycle says it was the LQ's.
bool Bench::check_dc_load_req(uint64_t a)
{
	inflight *rf = nullptr;
	for (auto &f : win)
		if ((prog[f.pi].kind == K_LOAD || prog[f.pi].kind == K_PREFETCH) &&
		    f.lq == dut.dc_ld_req_tag_o && f.issued && !f.done)
			rf = &f;
	bool is_pf = rf && prog[rf->pi].kind == K_PREFETCH;
	if (getenv("LSU_TB_DEBUG"))
		printf("%llu dc req tag %u addr %llx prefetch %d\n", (unsigned long long)cyc,
		       (unsigned)dut.dc_ld_req_tag_o, (unsigned long long)a,
		       dut.dc_ld_req_prefetch_o);
	bool st_line = false;
	for (const exp_store &e : exp_stores)
		st_line |= !e.io && e.word == (a & ~7ull);
	if (dut.dc_ld_req_prefetch_o && st_line && !(is_pf && prog[rf->pi].va == a)) {
		n_st_pf++;
		return true;
	}
	if (dut.dc_ld_req_prefetch_o && st_line) {
		rf->pf_maybe = true;
		rf->pf_maybe_cycle = cyc;
		return true;
	}
	if (!rf || dut.dc_ld_req_prefetch_o != is_pf)
		fail("D-cache load request: neither its LQ entry's nor a committed store's prefetch");
	if (classify(a) == R_PF || classify(a) == R_AF)
		fail("D-cache load request to a faulting page");
	if (is_pf) {
		rf->pf_sent = true;
		rf->pf_sent_cycle = cyc;
		if (is_device(a))
			fail("prefetch to a device address sent to the D-cache");
	}
	return is_pf;
}

// A store: the oldest committed store not yet written. True when its line
// answers with an error (the store is lost).
bool Bench::accept_dc_store()
{
	if (!(dut.dc_st_req_valid_o && dut.dc_st_req_ready_i))
		return false;
	if (exp_stores.empty() || exp_stores.front().io) {
		fail("D-cache store that is not the oldest committed store");
		return false;
	}
	exp_store e = exp_stores.front();
	exp_stores.pop_front();
	uint64_t bm = strb_mask(e.strb);
	if (dut.dc_st_req_addr_o != e.word || dut.dc_st_req_strb_o != e.strb ||
	    (dut.dc_st_req_data_o & bm) != (e.data & bm)) {
		snprintf(msg, sizeof(msg),
			 "D-cache store %llx/%02x/%016llx, want %llx/%02x/%016llx",
			 (unsigned long long)dut.dc_st_req_addr_o, dut.dc_st_req_strb_o,
			 (unsigned long long)dut.dc_st_req_data_o,
			 (unsigned long long)e.word, e.strb, (unsigned long long)e.data);
		fail(msg);
	}
	if (!e.lost)
		dmem.write_strb(e.word, dut.dc_st_req_data_o, dut.dc_st_req_strb_o);
	return e.lost;
}

// An AMO, LR or SC: only the lone instruction in the ROB, stores drained.
void Bench::accept_amo()
{
	if (!(dut.dc_amo_req_valid_o && dut.dc_amo_req_ready_i))
		return;
	inflight *f = win.size() == 1 ? &win.front() : nullptr;
	if (!f || prog[f->pi].kind != K_AMO || !exp_stores.empty() ||
	    dut.dc_amo_addr_o != prog[f->pi].va || dut.dc_amo_op_o != prog[f->pi].amo ||
	    dut.dc_amo_word_o != prog[f->pi].word) {
		fail("AMO request does not match the lone AMO, or stores pending");
	}
	amo_busy = true;
	amo_at = cyc + 1 + rng() % 8;
	amo_op = dut.dc_amo_op_o;
	amo_word = dut.dc_amo_word_o;
	amo_addr = dut.dc_amo_addr_o;
	amo_data = dut.dc_amo_data_o;
}

// A device request: the drain of a committed store, or an access by the
// oldest instruction.
void Bench::accept_mmio()
{
	if (!(dut.mmio_req_valid_o && dut.mmio_req_ready_i))
		return;
	io_busy = true;
	io_at = cyc + 2 + rng() % 12;
	io_addr = dut.mmio_req_addr_o;
	io_write = dut.mmio_req_write_o;
	io_wdata = dut.mmio_req_wdata_o;
	io_strb = dut.mmio_req_wstrb_o;
	n_io++;
	io_drain = false;
	if (!is_device(io_addr))
		fail("MMIO request to a cacheable address");
	if (io_write && !exp_stores.empty())
		check_mmio_drain();
	else
		check_device_access();
}

void Bench::check_mmio_drain()
{
	io_drain = true;
	exp_store e = exp_stores.front();
	exp_stores.pop_front();
	if (!e.io || (io_addr & ~7ull) != e.word || io_strb != e.strb)
		fail("MMIO write is not the oldest committed store");
	uint64_t bm = strb_mask(e.strb);
	if ((io_wdata & bm) != (e.data & bm))
		fail("MMIO write data");
}

// A device load, LR or SC: the oldest instruction, nothing pending.
void Bench::check_device_access()
{
	inflight *f = win.empty() ? nullptr : &win.front();
	if (!f || f->done || !f->issued || !exp_stores.empty() ||
	    prog[f->pi].va != io_addr ||
	    (prog[f->pi].kind == K_STORE) || (prog[f->pi].kind == K_PREFETCH) ||
	    (io_write != (prog[f->pi].kind == K_AMO && prog[f->pi].amo == AMO_SC)))
		fail("device access not by the oldest instruction");
	else
		f->io_seen = true;
}

}  // namespace lsutb
