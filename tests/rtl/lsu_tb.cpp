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
// D-cache accepted it, or (dropped) without a request. The SQ's prefetches
// of committed stores' lines: only to the address of a committed store
// not yet written, never a device's.
// Build with TEA_CONFIG_LARGE (Verilator -D and -CFLAGS -D) for `large`.
// This file is the core's side and the cycle loop; lsu_tb_model.cpp the
// program, the reference and the memory side; lsu_tb.h what they share.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "lsu_tb.h"
#include "verilated.h"

namespace lsutb {

namespace {

const uint64_t RUN = 150000;   // cycles of new instructions, then the drain

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

}  // namespace

int Bench::run()
{
	reset();
	for (cyc = 0; cyc < RUN + 20000; cyc++) {
		if (cyc == RUN)
			draining = true;
		if (draining && drained())
			break;
		if (!step())
			break;
	}
	check_end();
	dut.final();
	report();
	return verdict();
}

void Bench::reset()
{
	dut.dram_size_i = DRAM_SIZE;
	dut.rst_ni = 0;
	tick();
	dut.rst_ni = 1;
	dut.eval();
	if (dut.lq_free_o != LQ || dut.sq_free_o != SQ || !dut.sq_empty_o)
		fail("queues not empty after reset (configuration mismatch?)");
}

bool Bench::drained() const
{
	return win.empty() && exp_stores.empty() && !io_busy && !amo_busy &&
	       fetch == prog.size();
}

void Bench::tick()
{
	dut.clk_i = 0;
	dut.eval();
	dut.clk_i = 1;
	dut.eval();
}

// One cycle. The order of the steps is the order of the random draws.
bool Bench::step()
{
	// ---------- outputs of this cycle (registered)
	check_port0();
	check_port1();
	check_mo();
	check_commit_trace();

	// ---------- the core: commit, flush, dispatch, issue
	commit();
	dispatch();
	issue();

	// ---------- memory side inputs
	memory_inputs();

	// ---------- evaluate, then answer the TLB ports
	answer_tlb();

	// ---------- handshakes of this cycle
	handshakes();

	tick();
	if (flush)
		ld_pending.clear();   // the D-cache drops responses on flush
	if (cyc - last_commit > 3000 && !win.empty()) {
		snprintf(msg, sizeof(msg), "no commit for 3000 cycles; head rob %u kind %d done %d issued %d",
			 win.front().rob, prog[win.front().pi].kind, win.front().done,
			 win.front().issued);
		fail(msg);
		return false;
	}
	return errors <= 15;
}

inflight *Bench::find_rob(unsigned rob)
{
	for (auto &f : win)
		if (f.rob == rob)
			return &f;
	return nullptr;
}

// ---- completions

// Port 0: loads, prefetches, AMOs, LR and SC, with the writeback beside.
void Bench::check_port0()
{
	if (!(dut.cpl_valid_o & 1)) {
		if (dut.wb_valid_o)
			fail("writeback without completion");
		return;
	}
	unsigned rob = getb(dut.cpl_rob_idx_o, 0, ROB_BITS);
	inflight *f = find_rob(rob);
	if (!f || !f->issued || f->done || prog[f->pi].kind == K_STORE) {
		snprintf(msg, sizeof(msg), "port 0 completion of rob %u: %s", rob,
			 !f ? "not in flight" : !f->issued ? "not issued" :
			 f->done ? "twice" : "a store");
		fail(msg);
		return;
	}
	f->done = true;
	f->xcpt = dut.cpl_xcpt_o & 1;
	f->cause = getb(dut.cpl_cause_o, 0, 4);
	f->tval = getb(dut.cpl_tval_o, 0, 64);
	f->psv = getb(dut.cpl_psv_o, 0, PSV_BITS);
	bool wb = dut.wb_valid_o;
	if (prog[f->pi].kind == K_PREFETCH)
		check_prefetch_cpl(*f, rob, wb);
	else if (wb != !f->xcpt || (wb && dut.wb_pdst_o != f->pdst))
		fail("writeback does not match port 0 completion");
	f->value = dut.wb_data_o;
	if (getenv("LSU_TB_DEBUG"))
		printf("%llu cpl0 rob %u lq %u psv %x xcpt %d\n",
		       (unsigned long long)cyc, rob, f->lq, f->psv, f->xcpt);
	check_port0_psv(*f, rob);
}

void Bench::check_prefetch_cpl(inflight &f, unsigned rob, bool wb)
{
	const op &po = prog[f.pi];
	n_pf++;
	if (f.xcpt || wb || f.psv) {
		snprintf(msg, sizeof(msg),
			 "prefetch rob %u va %llx: exception %d, writeback %d, PSV %x",
			 rob, (unsigned long long)po.va, f.xcpt, wb, f.psv);
		fail(msg);
	}
	if (f.pf_maybe && cyc == f.pf_maybe_cycle + 1 && !f.pf_sent) {
		f.pf_sent = true;   // the request was its own
		f.pf_sent_cycle = f.pf_maybe_cycle;
	}
	if (f.pf_sent && cyc != f.pf_sent_cycle + 1)
		fail("prefetch not completed the cycle after the D-cache took it");
	if (f.pf_sent)
		n_pf_sent++;
	else
		n_pf_drop++;
	// dropped although it could go: only at the ROB head
	region rg = classify(po.va);
	if (!f.pf_sent && (rg == R_RAM || rg == R_DERR) &&
	    win.front().rob != rob)
		fail("cacheable prefetch dropped without a request, not the oldest");
}

// ST-L1 and ST-LLC as the D-cache answered, ST-TLB as the TLB missed.
void Bench::check_port0_psv(inflight &f, unsigned rob)
{
	const op &o = prog[f.pi];
	unsigned l1 = f.psv >> PSV_ST_L1 & 1, llc = f.psv >> PSV_ST_LLC & 1;
	unsigned tl = f.psv >> PSV_ST_TLB & 1;
	if (f.psv & ~((1u << PSV_ST_L1) | (1u << PSV_ST_TLB) | (1u << PSV_ST_LLC)))
		fail("PSV bits outside ST-L1/TLB/LLC");
	if (l1 != (f.resp_seen && f.resp_miss) ||
	    llc != (f.resp_seen && f.resp_llc))
		fail("ST-L1/ST-LLC do not match the D-cache response");
	if ((tl && !f.tlb_missed) || (f.tlb_must && !tl)) {
		snprintf(msg, sizeof(msg), "ST-TLB %u on rob %u va %llx (missed %d)",
			 tl, rob, (unsigned long long)o.va, f.tlb_missed);
		fail(msg);
	}
	if (o.kind == K_LOAD && !f.xcpt && !f.resp_seen && !f.io_seen) {
		n_fwd++;
		f.fwd = true;
	}
	n_l1 += l1;
}

// Port 1: stores.
void Bench::check_port1()
{
	if (!(dut.cpl_valid_o & 2))
		return;
	unsigned rob = getb(dut.cpl_rob_idx_o, ROB_BITS, ROB_BITS);
	inflight *f = find_rob(rob);
	if (!f || !f->issued || f->done || prog[f->pi].kind != K_STORE) {
		snprintf(msg, sizeof(msg), "port 1 completion of rob %u: bad", rob);
		fail(msg);
		return;
	}
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

// An ordering violation: the load replays when it reaches commit.
void Bench::check_mo()
{
	if (dut.mo_valid_o) {
		inflight *f = find_rob(dut.mo_rob_idx_o);
		if (!f || prog[f->pi].kind != K_LOAD)
			fail("mo_* names no load in flight");
		else
			f->mo = true;
	}
	n_mo_ev += dut.mo_valid_o;
}

// The commit trace: the W oldest uncommitted stores.
void Bench::check_commit_trace()
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

// ---- the core's actions

// Up to W done instructions from the ROB head, each against the reference;
// a replay or a trap flushes, and now and then a flush comes anyway.
void Bench::commit()
{
	dut.flush_i = 0;
	dut.resv_clear_i = 0;
	dut.rob_head_idx_i = win.empty() ? rob_next : win.front().rob;
	unsigned c_ld = 0, c_st = 0, ncommit = 0;
	flush = false;
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
			check_trap(f, o, r);
			flush = true;
			n_trap++;
			dut.resv_clear_i = 1;
			ref_resv = false;
			fetch = f.pi + 1;
			break;
		}
		check_commit(f, o, r);
		c_ld += o.kind == K_LOAD || o.kind == K_PREFETCH;
		c_st += o.kind == K_STORE;
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
}

void Bench::check_trap(const inflight &f, const op &o, const result &r)
{
	if (!r.xcpt || r.cause != f.cause || f.tval != o.va) {
		snprintf(msg, sizeof(msg),
			 "rob %u kind %d amo %d va %llx size %d: exception %u tval %llx, want %s %u",
			 f.rob, o.kind, o.amo, (unsigned long long)o.va, o.size, f.cause,
			 (unsigned long long)f.tval, r.xcpt ? "exception" : "none",
			 r.cause);
		fail(msg);
	}
}

// A commit without an exception: its value, and the counts.
void Bench::check_commit(const inflight &f, const op &o, const result &r)
{
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
		n_loads++;
	if (o.kind == K_LOAD && o.box && !r.xcpt) {
		n_box += !(r.value >> 31 & 1);
		n_box_io += classify(o.va) == R_IO;
		n_box_fwd += f.fwd;
	}
	if (o.kind == K_STORE)
		n_stores++;
	if (o.kind == K_AMO) {
		n_amo++;
		if (o.amo == AMO_SC && r.value == 0)
			n_sc_ok++;
	}
}

// Up to W instructions in order, now and then; an AMO alone in the ROB.
void Bench::dispatch()
{
	unsigned lfree = dut.lq_free_o, sfree = dut.sq_free_o;
	dut.disp_load_i = 0;
	dut.disp_store_i = 0;
	newf.clear();
	bool serial_open = !win.empty() && prog[win.back().pi].kind == K_AMO;
	if (flush || serial_open || !chance(700))
		return;
	for (int l = 0; l < W; l++) {
		if (fetch == prog.size()) {
			if (draining)
				break;
			gen();
		}
		const op &o = prog[fetch];
		if (!room_for(o, lfree, sfree))
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
		if (o.kind == K_AMO)
			break;
	}
}

bool Bench::room_for(const op &o, unsigned lfree, unsigned sfree) const
{
	if (win.size() + newf.size() >= (unsigned)ROB)
		return false;
	if (o.kind == K_AMO && (!win.empty() || !newf.empty()))
		return false;
	if ((o.kind == K_LOAD || o.kind == K_PREFETCH) && !lfree)
		return false;
	if (o.kind == K_STORE && !sfree)
		return false;
	return true;
}

// A random dispatched load, store; the AMO when alone.
void Bench::issue()
{
	dut.ld_issue_valid_i = 0;
	dut.st_issue_valid_i = 0;
	dut.amo_issue_valid_i = 0;
	ld_pick = st_pick = amo_pick = nullptr;
	if (!flush)
		pick_issue();
	if (ld_pick)
		issue_load();
	if (st_pick)
		issue_store();
	if (amo_pick && !dut.amo_issue_ready_o)
		amo_pick = nullptr;
	if (amo_pick)
		issue_amo();
}

void Bench::pick_issue()
{
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

// The address as a base register and an immediate, at random.
void Bench::split(uint64_t va, uint64_t &base, uint64_t &imm)
{
	base = chance(500) ? va : va + (rng() % 4096) - 2048;
	imm = va - base;
}

void Bench::issue_load()
{
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

void Bench::issue_store()
{
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

void Bench::issue_amo()
{
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

// After eval: the dispatched instructions enter the ROB with their LQ/SQ
// indices, the issues must have been taken, the memory side takes its
// requests.
void Bench::handshakes()
{
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
	accept_dc_load();
	bool dc_st_err = accept_dc_store();
	if (dut.ev_st_error_o != (dc_st_err || io_st_err))
		fail(dut.ev_st_error_o ? "ev_st_error_o without a lost store"
				       : "a lost store without ev_st_error_o");
	n_st_err += dut.ev_st_error_o;
	accept_amo();
	accept_mmio();
}

// ---- the end

// Everything written: memory as the reference says.
void Bench::check_end()
{
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
}

void Bench::report()
{
	printf("%lu commits (%lu loads, %lu stores, %lu AMO/LR/SC, %lu SC ok), %lu forwarded, "
	       "%lu ordering violations (%lu reports), %lu flushes, %lu traps, %lu TLB misses, "
	       "%lu device accesses, %lu L1 misses, %llu cycles; %lu prefetches completed "
	       "(%lu sent, %lu dropped), %lu of committed stores' lines; %lu stores lost to bus "
	       "errors; NaN-boxed loads %lu with bit 31 clear, %lu from the device, %lu forwarded\n",
	       n_commit, n_loads, n_stores, n_amo, n_sc_ok, n_fwd, n_mo, n_mo_ev, n_flush, n_trap,
	       n_tlb, n_io, n_l1, (unsigned long long)cyc, n_pf, n_pf_sent, n_pf_drop, n_st_pf,
	       n_st_err, n_box, n_box_io, n_box_fwd);
}

// The run must have exercised each case enough to mean something.
int Bench::verdict()
{
	if (n_box < 100 || n_box_io < 20 || n_box_fwd < 20)
		fail("too few NaN-boxed loads (from memory, the device, the SQ)");
	if (n_pf_sent < 500 || n_pf_drop < 200 || n_st_pf < 500)
		fail("too few prefetches sent or dropped, or of committed stores' lines");
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

}  // namespace lsutb

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	const char *seed = getenv("LSU_TB_SEED");   // to try other seeds by hand
	lsutb::Bench bench(seed ? strtoull(seed, nullptr, 0) : 7);
	return bench.run();
}
