// What lsu_tb's two files share (lsu_tb.cpp says what the bench checks):
// the configuration, the address map, the records of the program and of the
// instructions in flight, and the Bench that holds the state of a run.
// lsu_tb_model.cpp is the world around the LSU: the program generator, the
// sequential reference, the D-TLB, the D-cache and the device. lsu_tb.cpp is
// the core: completion checks, commit, dispatch, issue, the cycle loop.
#ifndef TEA_TESTS_RTL_LSU_TB_H
#define TEA_TESTS_RTL_LSU_TB_H

#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "Vlsu.h"
#include "pics.h"

namespace lsutb {

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

region classify(uint64_t a);

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
	bool pf_maybe = false;  // prefetch: a request that was its or the SQ's
	uint64_t pf_maybe_cycle = 0;
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

// One run: the LSU, the random stream every choice draws from, and the
// state of the core and of the memory side. Every random draw is made in
// one fixed order per cycle, so a seed names one run.
class Bench {
public:
	explicit Bench(uint64_t seed) : rng(seed) {}
	int run();   // the exit status

private:
	Vlsu dut;
	std::mt19937_64 rng;
	unsigned errors = 0;
	uint64_t cyc = 0;
	char msg[512];

	bool chance(unsigned pct) { return rng() % 1000 < pct; }  // per mille
	void fail(const char *what)
	{
		if (errors++ < 15)
			printf("FAIL cycle %llu: %s\n", (unsigned long long)cyc, what);
	}

	// ---- the core (lsu_tb.cpp)
	std::vector<op> prog;
	size_t fetch = 0;           // next program index to dispatch
	std::deque<inflight> win;   // the ROB
	unsigned rob_next = 0;
	bool draining = false;
	uint64_t last_commit = 0;
	// This cycle's actions, set before the LSU is evaluated and checked
	// against its handshakes after.
	bool flush = false;
	std::vector<inflight> newf;   // dispatched; LQ/SQ indices come after eval
	inflight *ld_pick = nullptr, *st_pick = nullptr, *amo_pick = nullptr;

	void reset();
	bool drained() const;
	void tick();
	bool step();   // one cycle; false to stop
	inflight *find_rob(unsigned rob);
	void check_port0();
	void check_prefetch_cpl(inflight &f, unsigned rob, bool wb);
	void check_port0_psv(inflight &f, unsigned rob);
	void check_port1();
	void check_mo();
	void check_commit_trace();
	void commit();
	void check_trap(const inflight &f, const op &o, const result &r);
	void check_commit(const inflight &f, const op &o, const result &r);
	void dispatch();
	bool room_for(const op &o, unsigned lfree, unsigned sfree) const;
	void issue();
	void pick_issue();
	void split(uint64_t va, uint64_t &base, uint64_t &imm);
	void issue_load();
	void issue_store();
	void issue_amo();
	void handshakes();
	void check_end();
	void report();
	int verdict();

	// ---- the world around the LSU (lsu_tb_model.cpp)
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
	bool io_st_err = false;   // this cycle: a drained device store answered with an error

	void gen();
	result reference(const op &o, bool apply);
	void tlb_answer(uint64_t va, bool &hit, uint64_t &pa, bool &pf, bool &af, bool &miss);
	void note_tlb_miss(uint64_t va, bool store_port);
	void answer_tlb_port(bool valid, uint64_t va, CData &hit, QData &paddr, CData &page_fault,
			     CData &access_fault, CData &miss, bool store_port);
	void answer_tlb();
	void memory_inputs();
	void dcache_ld_response();
	void dcache_amo_response();
	void mmio_response();
	void accept_dc_load();
	bool check_dc_load_req(uint64_t a);
	bool accept_dc_store();
	void accept_amo();
	void accept_mmio();
	void check_mmio_drain();
	void check_device_access();

	// ---- counts for the final report
	unsigned long n_commit = 0, n_loads = 0, n_stores = 0, n_fwd = 0, n_mo = 0, n_flush = 0,
		      n_trap = 0, n_tlb = 0, n_io = 0, n_amo = 0, n_sc_ok = 0, n_l1 = 0,
		      n_mo_ev = 0, n_pf = 0, n_pf_sent = 0, n_pf_drop = 0, n_st_err = 0,
		      n_st_pf = 0;
	// FLWs committed whose word has bit 31 clear (boxing differs from sign
	// extension), from the device, forwarded from the SQ
	unsigned long n_box = 0, n_box_io = 0, n_box_fwd = 0;
};

}  // namespace lsutb

#endif
