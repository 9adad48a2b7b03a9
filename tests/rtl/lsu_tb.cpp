// Checks lsu against a sequential reference. The bench plays the core (a
// random program of loads, stores, AMOs, LR and SC over a few aliasing
// words; dispatch in order, issue out of order with random delays, in-order
// commit, random flushes, replay of loads reported on mo_*, traps), the
// D-TLB (identity map, misses that resolve after a walk, faulting pages),
// the D-cache (memory with random hit/miss latency, MSHR-full backpressure,
// error page) and a device on the MMIO port.
// Checked: every committed load/AMO/LR/SC value and every exception against
// the reference executed at commit; the D-cache and the device see exactly
// the committed stores, in order; completions only for live, issued
// instructions (flushed ones leave no trace); writeback beside completion;
// ST-L1/ST-LLC/ST-TLB; device loads only at the ROB head with no committed
// store pending; the commit-trace outputs; final memory against reference.
// Word loads are also FLWs now and then (ld_issue_ext_i bit 1: the value
// NaN-boxed, upper 32 bits ones) from memory, from a store in the SQ and
// from the device.
// Physical memory: DRAM of dram_size_i bytes (a page beyond it: stores and
// AMOs fault, loads get D-cache errors), a device window (the UART's, whose
// upper half answers with errors), a hole (stores and AMOs fault, loads get
// MMIO errors). A store whose D-cache line or device answers with an error
// after commit is lost, and ev_st_error_o says so in that cycle.
// Prefetches (ld_issue_prefetch_i) to every kind of address: never an
// exception, a writeback, a PSV bit, an ordering report or a device access;
// a D-cache request only for cacheable pages that do not fault, marked as
// a prefetch, never answered by the model; completion the cycle after the
// D-cache accepted it, or (dropped) without a request.
// Build with TEA_CONFIG_LARGE (Verilator -D and -CFLAGS -D) for `large`.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "Vlsu.h"
#include "pics.h"
#include "verilated.h"

namespace {

#ifdef TEA_CONFIG_LARGE
const int W = 4, LQ = 64, SQ = 64, ROB = 192, PRF = 256, MSHRS = 8;
#else
const int W = 2, LQ = 16, SQ = 16, ROB = 64, PRF = 96, MSHRS = 4;
#endif
const int ROB_BITS = ROB == 192 ? 8 : 6;
const int LQB = LQ == 64 ? 6 : 4;
const int SQB = SQ == 64 ? 6 : 4;
const int PSV_BITS = PICS_TEA_NUM_EVENTS;  // tea_events.svh's, as test_tea_csr checks
const int PSV_ST_L1 = PICS_TEA_ST_L1, PSV_ST_TLB = PICS_TEA_ST_TLB, PSV_ST_LLC = PICS_TEA_ST_LLC;

enum { AMO_LR, AMO_SC, AMO_SWAP, AMO_ADD, AMO_XOR, AMO_AND, AMO_OR, AMO_MIN, AMO_MAX,
       AMO_MINU, AMO_MAXU };
enum { K_LOAD, K_STORE, K_AMO, K_PREFETCH };

// PG_DERR and PG_SERR: D-cache lines whose refill fails (loads and AMOs to
// the first, stores to the second, so that no load forwards from a lost
// store); PG_BEYOND: the first page beyond DRAM; IO: the UART's window.
const uint64_t RAM0 = 0x80000000, RAM1 = 0x80001000, PG_PF = 0x80002000, PG_AF = 0x80003000,
	       PG_DERR = 0x80004000, PG_SERR = 0x80005000, PG_BEYOND = 0x80010000,
	       DRAM_SIZE = 0x10000, IO = 0x10000000, IO_ERR = 0x10000080, PG_HOLE = 0x20000000;

enum region { R_RAM, R_PF, R_AF, R_DERR, R_IO, R_IOERR, R_HOLE, R_BEYOND };

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

// ---- flattened port access
template <typename T> uint64_t getb(const T &s, int lo, int w)
{
	uint64_t v = (uint64_t)s >> lo;
	return w >= 64 ? v : v & ((1ull << w) - 1);
}
template <std::size_t N> uint64_t getb(const VlWide<N> &s, int lo, int w)
{
	uint64_t v = 0;
	for (int b = 0; b < w; b++)
		v |= (uint64_t)((s[(lo + b) / 32] >> ((lo + b) % 32)) & 1) << b;
	return v;
}
template <typename T> void setb(T &s, int lo, int w, uint64_t v)
{
	uint64_t m = (w >= 64 ? ~0ull : (1ull << w) - 1) << lo;
	s = (T)(((uint64_t)s & ~m) | ((v << lo) & m));
}

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

struct memory {
	std::map<uint64_t, uint8_t> bytes;
	uint8_t get(uint64_t a) const
	{
		auto it = bytes.find(a);
		return it != bytes.end() ? it->second : (uint8_t)(a * 0x9e3779b1u >> 7);
	}
	uint64_t read(uint64_t a, int size) const
	{
		uint64_t v = 0;
		for (int i = 0; i < (1 << size); i++)
			v |= (uint64_t)get(a + i) << (8 * i);
		return v;
	}
	void write(uint64_t a, int size, uint64_t v)
	{
		for (int i = 0; i < (1 << size); i++)
			bytes[a + i] = (uint8_t)(v >> (8 * i));
	}
	void write_strb(uint64_t word, uint64_t data, unsigned strb)
	{
		for (int i = 0; i < 8; i++)
			if (strb >> i & 1)
				bytes[word + i] = (uint8_t)(data >> (8 * i));
	}
};

struct op {
	int kind;
	uint64_t va;
	int size;
	bool uns;
	bool box;   // FLW: NaN-boxed (word loads only)
	uint64_t data;
	int amo;
	bool word;
};

struct inflight {
	size_t pi;              // program index
	unsigned rob, lq, sq, pdst;
	bool issued = false, done = false, mo = false;
	bool xcpt = false;
	unsigned cause = 0;
	uint64_t tval = 0, value = 0;
	unsigned psv = 0;
	bool resp_seen = false, resp_miss = false, resp_llc = false, io_seen = false;
	bool tlb_missed = false, tlb_must = false;
	uint64_t issue_cycle = 0;
	bool pf_sent = false;   // prefetch: the D-cache accepted its request
	bool fwd = false;       // load: its value came from the SQ
	uint64_t pf_sent_cycle = 0;
};

struct ld_resp {
	unsigned tag;
	uint64_t at, addr;
	bool miss, llc, error;
};

struct exp_store {
	uint64_t word, data;
	unsigned strb;
	bool io;
	bool lost;   // its line or device answers with an error
};

struct result {
	bool xcpt;
	unsigned cause;
	uint64_t value;
};

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vlsu dut;
	const char *seed = getenv("LSU_TB_SEED");   // to try other seeds by hand
	std::mt19937_64 rng(seed ? strtoull(seed, nullptr, 0) : 7);
	auto chance = [&](unsigned pct) { return rng() % 1000 < pct; };  // per mille
	unsigned errors = 0;
	uint64_t cyc = 0;
	char msg[512];
	auto fail = [&](const char *what) {
		if (errors++ < 15)
			printf("FAIL cycle %llu: %s\n", (unsigned long long)cyc, what);
	};

	std::vector<op> prog;
	size_t fetch = 0;           // next program index to dispatch
	std::deque<inflight> win;   // the ROB
	unsigned rob_next = 0;
	memory ref, dmem;
	bool ref_resv = false;
	uint64_t ref_resv_addr = 0, last_lr = RAM0;
	std::deque<exp_store> exp_stores;  // committed, not yet written
	std::vector<ld_resp> ld_pending;
	std::set<uint64_t> tlb;
	uint64_t walk_page = 0, walk_done = 0;
	bool walking = false;
	bool amo_busy = false;
	uint64_t amo_at = 0;
	int amo_op = 0;
	bool amo_word = false;
	uint64_t amo_addr = 0, amo_data = 0;
	bool io_busy = false, io_write = false, io_drain = false;
	uint64_t io_at = 0, io_addr = 0, io_wdata = 0;
	unsigned io_strb = 0;
	uint64_t last_commit = 0;
	unsigned long n_commit = 0, n_loads = 0, n_stores = 0, n_fwd = 0, n_mo = 0, n_flush = 0,
		      n_trap = 0, n_tlb = 0, n_io = 0, n_amo = 0, n_sc_ok = 0, n_l1 = 0,
		      n_mo_ev = 0, n_pf = 0, n_pf_sent = 0, n_pf_drop = 0, n_st_err = 0;
	// FLWs committed whose word has bit 31 clear (boxing differs from sign
	// extension), from the device, forwarded from the SQ
	unsigned long n_box = 0, n_box_io = 0, n_box_fwd = 0;

	auto gen = [&]() {
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
	};

	// The sequential reference, at commit.
	auto reference = [&](const op &o, bool apply) {
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
	};

	auto find_rob = [&](unsigned rob) -> inflight * {
		for (auto &f : win)
			if (f.rob == rob)
				return &f;
		return nullptr;
	};

	// TLB model answer for one port.
	auto tlb_answer = [&](uint64_t va, bool &hit, uint64_t &pa, bool &pf, bool &af, bool &miss) {
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
	};
	auto note_tlb_miss = [&](uint64_t va, bool store_port) {
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
	};

	auto tick = [&]() {
		dut.clk_i = 0;
		dut.eval();
		dut.clk_i = 1;
		dut.eval();
	};

	dut.dram_size_i = DRAM_SIZE;
	dut.rst_ni = 0;
	tick();
	dut.rst_ni = 1;
	dut.eval();
	if (dut.lq_free_o != LQ || dut.sq_free_o != SQ || !dut.sq_empty_o)
		fail("queues not empty after reset (configuration mismatch?)");

	const uint64_t RUN = 150000;
	bool draining = false;
	for (cyc = 0; cyc < RUN + 20000; cyc++) {
		if (cyc == RUN)
			draining = true;
		if (draining && win.empty() && exp_stores.empty() && !io_busy && !amo_busy &&
		    fetch == prog.size())
			break;
		// ---------- outputs of this cycle (registered)
		if (dut.cpl_valid_o & 1) {
			unsigned rob = getb(dut.cpl_rob_idx_o, 0, ROB_BITS);
			inflight *f = find_rob(rob);
			if (!f || !f->issued || f->done || prog[f->pi].kind == K_STORE) {
				snprintf(msg, sizeof(msg), "port 0 completion of rob %u: %s", rob,
					 !f ? "not in flight" : !f->issued ? "not issued" :
					 f->done ? "twice" : "a store");
				fail(msg);
			} else {
				f->done = true;
				f->xcpt = dut.cpl_xcpt_o & 1;
				f->cause = getb(dut.cpl_cause_o, 0, 4);
				f->tval = getb(dut.cpl_tval_o, 0, 64);
				f->psv = getb(dut.cpl_psv_o, 0, PSV_BITS);
				bool wb = dut.wb_valid_o;
				const op &po = prog[f->pi];
				if (po.kind == K_PREFETCH) {
					n_pf++;
					if (f->xcpt || wb || f->psv) {
						snprintf(msg, sizeof(msg),
							 "prefetch rob %u va %llx: exception %d, writeback %d, PSV %x",
							 rob, (unsigned long long)po.va, f->xcpt, wb, f->psv);
						fail(msg);
					}
					if (f->pf_sent && cyc != f->pf_sent_cycle + 1)
						fail("prefetch not completed the cycle after the D-cache took it");
					if (f->pf_sent)
						n_pf_sent++;
					else
						n_pf_drop++;
					// dropped although it could go: only at the ROB head
					region rg = classify(po.va);
					if (!f->pf_sent && (rg == R_RAM || rg == R_DERR) &&
					    win.front().rob != rob)
						fail("cacheable prefetch dropped without a request, not the oldest");
				} else if (wb != !f->xcpt || (wb && dut.wb_pdst_o != f->pdst)) {
					fail("writeback does not match port 0 completion");
				}
				f->value = dut.wb_data_o;
				if (getenv("LSU_TB_DEBUG"))
					printf("%llu cpl0 rob %u lq %u psv %x xcpt %d\n",
					       (unsigned long long)cyc, rob, f->lq, f->psv, f->xcpt);
				const op &o = prog[f->pi];
				unsigned l1 = f->psv >> PSV_ST_L1 & 1, llc = f->psv >> PSV_ST_LLC & 1;
				unsigned tl = f->psv >> PSV_ST_TLB & 1;
				if (f->psv & ~((1u << PSV_ST_L1) | (1u << PSV_ST_TLB) | (1u << PSV_ST_LLC)))
					fail("PSV bits outside ST-L1/TLB/LLC");
				if (l1 != (f->resp_seen && f->resp_miss) ||
				    llc != (f->resp_seen && f->resp_llc))
					fail("ST-L1/ST-LLC do not match the D-cache response");
				if ((tl && !f->tlb_missed) || (f->tlb_must && !tl)) {
					snprintf(msg, sizeof(msg), "ST-TLB %u on rob %u va %llx (missed %d)",
						 tl, rob, (unsigned long long)o.va, f->tlb_missed);
					fail(msg);
				}
				if (o.kind == K_LOAD && !f->xcpt && !f->resp_seen && !f->io_seen) {
					n_fwd++;
					f->fwd = true;
				}
				n_l1 += l1;
			}
		} else if (dut.wb_valid_o) {
			fail("writeback without completion");
		}
		if (dut.cpl_valid_o & 2) {
			unsigned rob = getb(dut.cpl_rob_idx_o, ROB_BITS, ROB_BITS);
			inflight *f = find_rob(rob);
			if (!f || !f->issued || f->done || prog[f->pi].kind != K_STORE) {
				snprintf(msg, sizeof(msg), "port 1 completion of rob %u: bad", rob);
				fail(msg);
			} else {
				f->done = true;
				f->xcpt = dut.cpl_xcpt_o >> 1 & 1;
				f->cause = getb(dut.cpl_cause_o, 4, 4);
				f->tval = getb(dut.cpl_tval_o, 64, 64);
				f->psv = getb(dut.cpl_psv_o, PSV_BITS, PSV_BITS);
				unsigned tl = f->psv >> PSV_ST_TLB & 1;
				if (f->psv & ~(1u << PSV_ST_TLB))
					fail("store PSV bits other than ST-TLB");
				if ((tl && !f->tlb_missed) || (f->tlb_must && !tl))
					fail("store ST-TLB wrong");
			}
		}
		if (dut.mo_valid_o) {
			inflight *f = find_rob(dut.mo_rob_idx_o);
			if (!f || prog[f->pi].kind != K_LOAD)
				fail("mo_* names no load in flight");
			else
				f->mo = true;
		}
		n_mo_ev += dut.mo_valid_o;

		// commit trace: the W oldest uncommitted stores
		{
			int lane = 0;
			for (auto &f : win) {
				const op &o = prog[f.pi];
				if (o.kind != K_STORE)
					continue;
				if (lane >= W)
					break;
				if (f.issued &&
				    (getb(dut.sq_commit_vaddr_o, lane * 64, 64) != o.va ||
				     getb(dut.sq_commit_data_o, lane * 64, 64) != o.data ||
				     getb(dut.sq_commit_size_o, lane * 2, 2) != (unsigned)o.size))
					fail("sq_commit_* does not show the oldest uncommitted stores");
				lane++;
			}
		}

		// ---------- the core: commit, flush, dispatch, issue
		dut.flush_i = 0;
		dut.resv_clear_i = 0;
		dut.rob_head_idx_i = win.empty() ? rob_next : win.front().rob;
		unsigned c_ld = 0, c_st = 0, ncommit = 0;
		bool flush = false;
		while (!win.empty() && ncommit < (unsigned)W && win.front().done) {
			inflight &f = win.front();
			const op &o = prog[f.pi];
			if (f.mo) {
				// replay: flush and refetch the load itself
				flush = true;
				n_mo++;
				fetch = f.pi;
				break;
			}
			result r = reference(o, !f.xcpt);
			if (f.xcpt) {
				if (!r.xcpt || r.cause != f.cause || f.tval != o.va) {
					snprintf(msg, sizeof(msg),
						 "rob %u kind %d amo %d va %llx size %d: exception %u tval %llx, want %s %u",
						 f.rob, o.kind, o.amo, (unsigned long long)o.va, o.size, f.cause,
						 (unsigned long long)f.tval, r.xcpt ? "exception" : "none",
						 r.cause);
					fail(msg);
				}
				flush = true;
				n_trap++;
				dut.resv_clear_i = 1;
				ref_resv = false;
				fetch = f.pi + 1;
				break;
			}
			if (r.xcpt) {
				snprintf(msg, sizeof(msg), "rob %u kind %d va %llx: no exception, want %u",
					 f.rob, o.kind, (unsigned long long)o.va, r.cause);
				fail(msg);
			} else if (o.kind != K_STORE && o.kind != K_PREFETCH && f.value != r.value) {
				snprintf(msg, sizeof(msg),
					 "rob %u kind %d amo %d va %llx size %d uns %d box %d: value %016llx, want %016llx",
					 f.rob, o.kind, o.amo, (unsigned long long)o.va, o.size, o.uns, o.box,
					 (unsigned long long)f.value, (unsigned long long)r.value);
				fail(msg);
			}
			if (o.kind == K_LOAD)
				c_ld++, n_loads++;
			if (o.kind == K_LOAD && o.box && !r.xcpt) {
				n_box += !(r.value >> 31 & 1);
				n_box_io += classify(o.va) == R_IO;
				n_box_fwd += f.fwd;
			}
			if (o.kind == K_PREFETCH)
				c_ld++;
			if (o.kind == K_STORE)
				c_st++, n_stores++;
			if (o.kind == K_AMO) {
				n_amo++;
				if (o.amo == AMO_SC && r.value == 0)
					n_sc_ok++;
			}
			ncommit++;
			n_commit++;
			last_commit = cyc;
			win.pop_front();
		}
		if (!flush && ncommit > 0 && !win.empty() && chance(8)) {
			flush = true;   // as a mispredicted branch among the committed ones
			fetch = win.front().pi;
		}
		if (flush) {
			win.clear();
			n_flush++;
		}
		dut.flush_i = flush;
		dut.commit_loads_i = c_ld;
		dut.commit_stores_i = c_st;

		// dispatch
		unsigned lfree = dut.lq_free_o, sfree = dut.sq_free_o;
		dut.disp_load_i = 0;
		dut.disp_store_i = 0;
		unsigned dispatched = 0;
		std::vector<inflight> newf;
		bool serial_open = !win.empty() && prog[win.back().pi].kind == K_AMO;
		if (!flush && !serial_open && chance(700)) {
			for (int l = 0; l < W; l++) {
				if (fetch == prog.size()) {
					if (draining)
						break;
					gen();
				}
				const op &o = prog[fetch];
				if (win.size() + dispatched >= (unsigned)ROB)
					break;
				if (o.kind == K_AMO && (!win.empty() || dispatched))
					break;
				if ((o.kind == K_LOAD || o.kind == K_PREFETCH) && !lfree)
					break;
				if (o.kind == K_STORE && !sfree)
					break;
				inflight f;
				f.pi = fetch++;
				f.rob = rob_next;
				rob_next = (rob_next + 1) % ROB;
				f.pdst = rng() % PRF;
				f.lq = l;   // lane, resolved after eval
				if (o.kind == K_LOAD || o.kind == K_PREFETCH) {
					setb(dut.disp_load_i, l, 1, 1);
					lfree--;
				}
				if (o.kind == K_STORE) {
					setb(dut.disp_store_i, l, 1, 1);
					sfree--;
				}
				setb(dut.disp_rob_idx_i, l * ROB_BITS, ROB_BITS, f.rob);
				newf.push_back(f);
				dispatched++;
				if (o.kind == K_AMO)
					break;
			}
		}

		// issue: a random dispatched load, store; the AMO when alone
		dut.ld_issue_valid_i = 0;
		dut.st_issue_valid_i = 0;
		dut.amo_issue_valid_i = 0;
		inflight *ld_pick = nullptr, *st_pick = nullptr, *amo_pick = nullptr;
		if (!flush) {
			std::vector<inflight *> lds, sts;
			for (auto &f : win) {
				if (f.issued)
					continue;
				int k = prog[f.pi].kind;
				if (k == K_LOAD || k == K_PREFETCH)
					lds.push_back(&f);
				else if (k == K_STORE)
					sts.push_back(&f);
				else if (win.size() == 1)
					amo_pick = &f;
			}
			if (!lds.empty() && chance(600))
				ld_pick = lds[rng() % lds.size()];
			if (!sts.empty() && chance(500))
				st_pick = sts[rng() % sts.size()];
		}
		auto split = [&](uint64_t va, uint64_t &base, uint64_t &imm) {
			base = chance(500) ? va : va + (rng() % 4096) - 2048;
			imm = va - base;
		};
		if (ld_pick) {
			const op &o = prog[ld_pick->pi];
			ld_pick->issued = true;
			ld_pick->issue_cycle = cyc;
			uint64_t b, i;
			split(o.va, b, i);
			dut.ld_issue_valid_i = 1;
			dut.ld_issue_lq_idx_i = ld_pick->lq;
			dut.ld_issue_base_i = b;
			dut.ld_issue_imm_i = i;
			dut.ld_issue_size_i = o.size;
			dut.ld_issue_ext_i = o.box ? 2 : o.uns;
			dut.ld_issue_pdst_i = ld_pick->pdst;
			dut.ld_issue_prefetch_i = o.kind == K_PREFETCH;
			if (getenv("LSU_TB_DEBUG"))
				printf("%llu issue rob %u lq %u va %llx\n", (unsigned long long)cyc,
				       ld_pick->rob, ld_pick->lq, (unsigned long long)o.va);
		}
		if (st_pick) {
			const op &o = prog[st_pick->pi];
			st_pick->issued = true;
			uint64_t b, i;
			split(o.va, b, i);
			dut.st_issue_valid_i = 1;
			dut.st_issue_sq_idx_i = st_pick->sq;
			dut.st_issue_base_i = b;
			dut.st_issue_imm_i = i;
			dut.st_issue_data_i = o.data;
			dut.st_issue_size_i = o.size;
		}
		if (amo_pick && !dut.amo_issue_ready_o)
			amo_pick = nullptr;
		if (amo_pick) {
			const op &o = prog[amo_pick->pi];
			amo_pick->issued = true;
			dut.amo_issue_valid_i = 1;
			dut.amo_issue_op_i = o.amo;
			dut.amo_issue_word_i = o.word;
			dut.amo_issue_addr_i = o.va;
			dut.amo_issue_data_i = o.data;
			dut.amo_issue_pdst_i = amo_pick->pdst;
			dut.amo_issue_rob_idx_i = amo_pick->rob;
		}

		// ---------- memory side inputs
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
		// one load response a cycle, the earliest due
		dut.dc_ld_resp_valid_i = 0;
		int due = -1;
		for (size_t i = 0; i < ld_pending.size(); i++)
			if (ld_pending[i].at <= cyc && (due < 0 || ld_pending[i].at < ld_pending[due].at))
				due = (int)i;
		if (due >= 0) {
			ld_resp p = ld_pending[due];
			ld_pending.erase(ld_pending.begin() + due);
			dut.dc_ld_resp_valid_i = 1;
			dut.dc_ld_resp_tag_i = p.tag;
			dut.dc_ld_resp_data_i = p.error ? rng() : dmem.read(p.addr & ~7ull, 3);
			dut.dc_ld_resp_miss_i = p.miss;
			dut.dc_ld_resp_llc_miss_i = p.llc;
			dut.dc_ld_resp_error_i = p.error;
			if (!flush) {
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
		}
		dut.dc_amo_resp_valid_i = 0;
		if (amo_busy && amo_at <= cyc) {
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
		dut.mmio_resp_valid_i = 0;
		bool io_st_err = false;   // a drained device store answered with an error
		if (io_busy && io_at <= cyc) {
			bool err = classify(io_addr) == R_IOERR || classify(io_addr) == R_HOLE;
			io_st_err = io_drain && err;
			dut.mmio_resp_valid_i = 1;
			dut.mmio_resp_error_i = err;
			dut.mmio_resp_rdata_i = dmem.read(io_addr & ~7ull, 3);
			if (io_write && !err)
				dmem.write_strb(io_addr & ~7ull, io_wdata, io_strb);
			io_busy = false;
		}

		// ---------- evaluate, then answer the TLB ports
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
		bool h, pf, af, m;
		uint64_t pa;
		if (dut.dtlb_ld_valid_o) {
			tlb_answer(dut.dtlb_ld_vaddr_o, h, pa, pf, af, m);
			dut.dtlb_ld_hit_i = h;
			dut.dtlb_ld_paddr_i = pa;
			dut.dtlb_ld_page_fault_i = pf;
			dut.dtlb_ld_access_fault_i = af;
			dut.dtlb_ld_miss_i = m;
			if (m)
				note_tlb_miss(dut.dtlb_ld_vaddr_o, false);
		}
		if (dut.dtlb_st_valid_o) {
			tlb_answer(dut.dtlb_st_vaddr_o, h, pa, pf, af, m);
			dut.dtlb_st_hit_i = h;
			dut.dtlb_st_paddr_i = pa;
			dut.dtlb_st_page_fault_i = pf;
			dut.dtlb_st_access_fault_i = af;
			dut.dtlb_st_miss_i = m;
			if (m)
				note_tlb_miss(dut.dtlb_st_vaddr_o, true);
		}
		dut.eval();

		// ---------- handshakes of this cycle
		for (size_t k = 0; k < newf.size(); k++) {
			inflight &f = newf[k];
			int lane = f.lq;
			f.lq = getb(dut.disp_lq_idx_o, lane * LQB, LQB);
			f.sq = getb(dut.disp_sq_idx_o, lane * SQB, SQB);
			win.push_back(f);
		}
		if (ld_pick && !dut.ld_issue_ready_o)
			fail("ld_issue_ready_o low");
		if (st_pick && !dut.st_issue_ready_o)
			fail("st_issue_ready_o low");
		bool pf_req = false;   // the D-cache answers no prefetch
		if (dut.dc_ld_req_valid_o && dut.dc_ld_req_ready_i) {
			uint64_t a = dut.dc_ld_req_addr_o;
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
			if (!rf || dut.dc_ld_req_prefetch_o != is_pf)
				fail("D-cache load request: prefetch flag does not match its LQ entry");
			if (classify(a) == R_PF || classify(a) == R_AF)
				fail("D-cache load request to a faulting page");
			if (is_pf) {
				rf->pf_sent = true;
				rf->pf_sent_cycle = cyc;
				pf_req = true;
				if (classify(a) == R_IO || classify(a) == R_IOERR || classify(a) == R_HOLE)
					fail("prefetch to a device address sent to the D-cache");
			}
		}
		if (dut.dc_ld_req_valid_o && dut.dc_ld_req_ready_i && !pf_req) {
			uint64_t a = dut.dc_ld_req_addr_o;
			ld_resp p;
			p.tag = dut.dc_ld_req_tag_o;
			p.addr = a;
			p.error = classify(a) == R_DERR || classify(a) == R_BEYOND;
			p.miss = chance(300);
			p.llc = p.miss && chance(400);
			p.at = cyc + (p.miss ? 4 + rng() % 30 + (p.llc ? 20 : 0) : 1);
			if (classify(a) == R_IO || classify(a) == R_IOERR || classify(a) == R_HOLE)
				fail("D-cache load request to a device address");
			ld_pending.push_back(p);
		}
		bool dc_st_err = false;
		if (dut.dc_st_req_valid_o && dut.dc_st_req_ready_i) {
			if (exp_stores.empty() || exp_stores.front().io) {
				fail("D-cache store that is not the oldest committed store");
			} else {
				dc_st_err = exp_stores.front().lost;
				exp_store e = exp_stores.front();
				exp_stores.pop_front();
				uint64_t bm = 0;
				for (int i = 0; i < 8; i++)
					if (e.strb >> i & 1)
						bm |= 0xffull << (8 * i);
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
			}
		}
		if (dut.ev_st_error_o != (dc_st_err || io_st_err))
			fail(dut.ev_st_error_o ? "ev_st_error_o without a lost store"
					       : "a lost store without ev_st_error_o");
		n_st_err += dut.ev_st_error_o;
		if (dut.dc_amo_req_valid_o && dut.dc_amo_req_ready_i) {
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
		if (dut.mmio_req_valid_o && dut.mmio_req_ready_i) {
			io_busy = true;
			io_at = cyc + 2 + rng() % 12;
			io_addr = dut.mmio_req_addr_o;
			io_write = dut.mmio_req_write_o;
			io_wdata = dut.mmio_req_wdata_o;
			io_strb = dut.mmio_req_wstrb_o;
			n_io++;
			io_drain = false;
			if (classify(io_addr) != R_IO && classify(io_addr) != R_IOERR &&
			    classify(io_addr) != R_HOLE)
				fail("MMIO request to a cacheable address");
			if (io_write && !exp_stores.empty()) {
				io_drain = true;
				exp_store e = exp_stores.front();
				exp_stores.pop_front();
				if (!e.io || (io_addr & ~7ull) != e.word || io_strb != e.strb)
					fail("MMIO write is not the oldest committed store");
				uint64_t bm = 0;
				for (int i = 0; i < 8; i++)
					if (e.strb >> i & 1)
						bm |= 0xffull << (8 * i);
				if ((io_wdata & bm) != (e.data & bm))
					fail("MMIO write data");
			} else {
				// a device load, LR or SC: the oldest instruction, nothing pending
				inflight *f = win.empty() ? nullptr : &win.front();
				if (!f || f->done || !f->issued || !exp_stores.empty() ||
				    prog[f->pi].va != io_addr ||
				    (prog[f->pi].kind == K_STORE) || (prog[f->pi].kind == K_PREFETCH) ||
				    (io_write != (prog[f->pi].kind == K_AMO && prog[f->pi].amo == AMO_SC)))
					fail("device access not by the oldest instruction");
				else
					f->io_seen = true;
			}
		}

		tick();
		if (flush)
			ld_pending.clear();   // the D-cache drops responses on flush
		if (cyc - last_commit > 3000 && !win.empty()) {
			snprintf(msg, sizeof(msg), "no commit for 3000 cycles; head rob %u kind %d done %d issued %d",
				 win.front().rob, prog[win.front().pi].kind, win.front().done,
				 win.front().issued);
			fail(msg);
			break;
		}
		if (errors > 15)
			break;
	}

	// everything written: memory as the reference says
	if (!win.empty() || !exp_stores.empty())
		fail("did not drain");
	for (auto &kv : ref.bytes)
		if (dmem.get(kv.first) != kv.second) {
			snprintf(msg, sizeof(msg), "memory at %llx differs at the end",
				 (unsigned long long)kv.first);
			fail(msg);
			break;
		}
	if (dut.sq_empty_o != 1)
		fail("SQ not empty at the end");
	dut.final();
	printf("%lu commits (%lu loads, %lu stores, %lu AMO/LR/SC, %lu SC ok), %lu forwarded, "
	       "%lu ordering violations (%lu reports), %lu flushes, %lu traps, %lu TLB misses, "
	       "%lu device accesses, %lu L1 misses, %llu cycles; %lu prefetches completed "
	       "(%lu sent, %lu dropped); %lu stores lost to bus errors; NaN-boxed loads %lu "
	       "with bit 31 clear, %lu from the device, %lu forwarded\n",
	       n_commit, n_loads, n_stores, n_amo, n_sc_ok, n_fwd, n_mo, n_mo_ev, n_flush, n_trap,
	       n_tlb, n_io, n_l1, (unsigned long long)cyc, n_pf, n_pf_sent, n_pf_drop, n_st_err,
	       n_box, n_box_io, n_box_fwd);
	if (n_box < 100 || n_box_io < 20 || n_box_fwd < 20)
		fail("too few NaN-boxed loads (from memory, the device, the SQ)");
	if (n_pf_sent < 500 || n_pf_drop < 200)
		fail("too few prefetches sent or dropped");
	if (n_st_err < 50)
		fail("too few stores lost to bus errors");
	if (n_fwd < 100 || n_mo < 20 || n_trap < 100 || n_sc_ok < 5 || n_io < 100)
		fail("too few forwardings, violations, traps, SC successes or device accesses");
	if (errors) {
		printf("FAIL: %u errors\n", errors);
		return 1;
	}
	printf("PASS lsu: %lu commits\n", n_commit);
	return 0;
}
