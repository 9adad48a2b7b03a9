// Checks mmu (I-TLB, D-TLB, Sv39 walker) against a reference written from
// the ISS (sim/iss/mmu.c): random page tables with 4K/2M/1G leaves, invalid,
// reserved (W without R, bits 63:54), misaligned superpages, A/D clear,
// pointers at level 0 and to outside memory, every U/R/W/X combination;
// random lookups on the three ports under random privilege, SUM, MXR and
// satp; flushes at any time, including during a walk.
//
// The bench keeps a model of both TLBs (round-robin replacement empties
// into a FIFO, since only a flush invalidates), of the walker's arbitration
// (round robin over the missing ports) and of the faults kept per port. So
// every cycle it knows whether each lookup must hit or miss, and with what
// result; every walker memory request must be the next PTE of the walk the
// model expects (a lookup that should hit starting a walk fails at once),
// and the event pulses must name the walk that starts.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <vector>

#include "Vmmu.h"
#include "verilated.h"

namespace {

#ifdef TEA_CONFIG_LARGE
const unsigned tlb_entries = 32;
#else
const unsigned tlb_entries = 8;
#endif

const uint64_t mem_base = 0x80000000ull;
const uint64_t mem_size = 64ull << 20;
const uint64_t pa_mask = (1ull << 56) - 1;

enum { PTE_V = 1, PTE_R = 2, PTE_W = 4, PTE_X = 8, PTE_U = 16, PTE_G = 32, PTE_A = 64,
       PTE_D = 128 };
enum { ACC_FETCH = 0, ACC_LOAD = 1, ACC_STORE = 2 };
enum { PRIV_U = 0, PRIV_S = 1, PRIV_M = 3 };

// Physical memory behind the walker: 8-byte words, zero where nothing was
// written, an error outside [mem_base, mem_base + mem_size).
struct memory {
	std::map<uint64_t, uint64_t> words;

	bool read(uint64_t pa, uint64_t *v) const
	{
		if (pa < mem_base || pa + 8 > mem_base + mem_size)
			return false;
		auto it = words.find(pa);
		*v = it == words.end() ? 0 : it->second;
		return true;
	}
};

struct context {
	uint64_t satp;
	unsigned priv_fetch, priv_data;
	bool sum, mxr;
};

struct result {
	bool page_fault, access_fault;
	uint64_t pa;
};

// The ISS's leaf_permits.
bool leaf_permits(uint64_t pte, int acc, unsigned priv, bool sum, bool mxr)
{
	switch (acc) {
	case ACC_FETCH:
		if (!(pte & PTE_X))
			return false;
		break;
	case ACC_LOAD:
		if (!(pte & PTE_R) && !(mxr && (pte & PTE_X)))
			return false;
		break;
	default:
		if (!(pte & PTE_W))
			return false;
		break;
	}
	if (priv == PRIV_U)
		return pte & PTE_U;
	if (pte & PTE_U)
		return acc != ACC_FETCH && sum;
	return true;
}

// The ISS's translate/sv39_walk, step for step.
result ref_translate(const memory &m, const context &c, uint64_t va, int acc)
{
	unsigned priv = acc == ACC_FETCH ? c.priv_fetch : c.priv_data;
	bool mxr = c.mxr && acc == ACC_LOAD;
	result r = { false, false, 0 };

	if (priv == PRIV_M || (c.satp >> 60) == 0) {
		r.pa = va & pa_mask;
		return r;
	}
	uint64_t table = (c.satp & ((1ull << 44) - 1)) << 12;
	if ((uint64_t)((int64_t)(va << 25) >> 25) != va) {
		r.page_fault = true;
		return r;
	}
	for (int l = 2; l >= 0; l--) {
		unsigned shift = 12 + 9 * (unsigned)l;
		uint64_t pte, ppn;

		if (!m.read(table + ((va >> shift) & 0x1ff) * 8, &pte)) {
			r.access_fault = true;
			return r;
		}
		if (!(pte & PTE_V) || (!(pte & PTE_R) && (pte & PTE_W)) || (pte >> 54) != 0)
			break;
		ppn = (pte >> 10) & ((1ull << 44) - 1);
		if (!(pte & (PTE_R | PTE_X))) {
			table = ppn << 12;
			continue;
		}
		if (!leaf_permits(pte, acc, priv, c.sum, mxr))
			break;
		if (ppn & ((1ull << (shift - 12)) - 1))
			break;
		if (!(pte & PTE_A) || (acc == ACC_STORE && !(pte & PTE_D)))
			break;
		r.pa = ((ppn << 12) | (va & ((1ull << shift) - 1))) & pa_mask;
		return r;
	}
	r.page_fault = true;
	return r;
}

// The PTE addresses a walk of va reads, and whether it ends in a leaf the
// TLB may keep (the faults that do not depend on the access) at a level.
struct walk_plan {
	std::vector<uint64_t> addrs;
	bool ok;
	bool access_fault;
	int level;
};

walk_plan plan_walk(const memory &m, uint64_t satp, uint64_t va)
{
	walk_plan w = { {}, false, false, 0 };
	uint64_t table = (satp & ((1ull << 44) - 1)) << 12;

	for (int l = 2; l >= 0; l--) {
		unsigned shift = 12 + 9 * (unsigned)l;
		uint64_t a = table + ((va >> shift) & 0x1ff) * 8, pte, ppn;

		w.addrs.push_back(a & pa_mask);
		if (!m.read(a, &pte)) {
			w.access_fault = true;
			return w;
		}
		if (!(pte & PTE_V) || (!(pte & PTE_R) && (pte & PTE_W)) || (pte >> 54) != 0)
			return w;
		ppn = (pte >> 10) & ((1ull << 44) - 1);
		if (!(pte & (PTE_R | PTE_X))) {
			table = ppn << 12;
			continue;
		}
		if ((ppn & ((1ull << (shift - 12)) - 1)) || !(pte & PTE_A))
			return w;
		w.ok = true;
		w.level = l;
		return w;
	}
	return w;
}

struct tlb_entry {
	uint64_t vpn;
	int level;
};

bool entry_covers(const tlb_entry &e, uint64_t va)
{
	unsigned shift = 12 + 9 * (unsigned)e.level;
	return ((va >> shift) & ((1ull << (39 - shift)) - 1)) ==
	       ((e.vpn << 12 >> shift) & ((1ull << (39 - shift)) - 1));
}

uint64_t canonical(uint64_t va39)
{
	return (uint64_t)((int64_t)(va39 << 25) >> 25);
}

// Random page tables, and the virtual pages they make interesting.
struct builder {
	memory &m;
	std::mt19937_64 &rng;
	uint64_t next_page;
	std::vector<uint64_t> vas;

	uint64_t alloc()
	{
		uint64_t p = next_page;
		next_page += 4096;
		if (next_page > mem_base + mem_size)
			next_page = mem_base + 4096 * 64;  // reuse: still a valid table page
		for (unsigned i = 0; i < 512; i++)
			m.words.erase(p + 8 * i);
		return p;
	}

	unsigned chance(unsigned n) { return rng() % 100 < n; }

	uint64_t leaf_bits()
	{
		static const unsigned rwx[] = { PTE_R, PTE_R | PTE_W, PTE_X, PTE_R | PTE_X,
						PTE_R | PTE_W | PTE_X, PTE_W, PTE_W | PTE_X };
		uint64_t b = PTE_V | rwx[rng() % (chance(85) ? 5 : 7)];
		if (chance(50))
			b |= PTE_U;
		if (chance(90))
			b |= PTE_A;
		if (chance(70))
			b |= PTE_D;
		if (chance(20))
			b |= PTE_G;
		b |= (rng() & 3) << 8;  // RSW, ignored
		return b;
	}

	// Adds up to three virtual addresses inside the range of entry idx of a
	// table at level l reached through prefix (the VPN bits above).
	void add_vas(uint64_t prefix, int l, unsigned idx)
	{
		unsigned shift = 12 + 9 * (unsigned)l;
		uint64_t base = (prefix << 9 | idx) << shift;
		for (unsigned k = 0; k < 1 + rng() % 3; k++)
			vas.push_back(canonical(base | (rng() & ((1ull << shift) - 1))));
	}

	uint64_t table(int l, uint64_t prefix)
	{
		uint64_t t = alloc();
		unsigned n = l == 0 ? 4 + rng() % 20 : 2 + rng() % (l == 2 ? 10 : 6);

		for (unsigned i = 0; i < n; i++) {
			unsigned idx = rng() % 512;
			uint64_t pte;
			unsigned kind = rng() % 100;

			if (kind < (l > 0 ? 45u : 10u)) {
				/* pointer; at level 0 that is a page fault */
				uint64_t child = l > 0 ? table(l - 1, prefix << 9 | idx) : alloc();
				pte = (child >> 12) << 10 | PTE_V;
				pte |= (rng() % 4 == 0) ? (rng() & (PTE_U | PTE_A | PTE_D | PTE_G)) : 0;
				if (chance(3))
					pte |= 1ull << (54 + rng() % 10);
			} else if (kind < 55) {
				/* pointer to where no memory answers: access fault */
				pte = (0x10000000ull >> 12) << 10 | PTE_V;
			} else if (kind < 90) {
				uint64_t ppn = rng() & ((1ull << 44) - 1);
				if (chance(85))
					ppn &= ~((1ull << (9 * l)) - 1);
				pte = ppn << 10 | leaf_bits();
				if (chance(3))
					pte |= 1ull << (54 + rng() % 10);
			} else if (kind < 95) {
				pte = rng() & ~(uint64_t)PTE_V;
			} else {
				pte = (rng() & ~0xffull) | PTE_V | PTE_W;
			}
			m.words[t + 8 * idx] = pte;
			add_vas(prefix, l, idx);
		}
		return t;
	}
};

void set_wide(VlWide<6> &w, unsigned p, uint64_t v)
{
	w[2 * p] = (uint32_t)v;
	w[2 * p + 1] = (uint32_t)(v >> 32);
}

uint64_t get_paddr(const VlWide<6> &w, unsigned p)
{
	uint64_t v = 0;
	for (unsigned b = 0; b < 56; b++) {
		unsigned bit = p * 56 + b;
		if (w[bit / 32] >> (bit % 32) & 1)
			v |= 1ull << b;
	}
	return v;
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vmmu dut;
	std::mt19937_64 rng(2024);
	memory mem;
	unsigned errors = 0;
	char what[256];

	auto fail = [&](const char *s) {
		if (errors++ < 12)
			printf("FAIL: %s\n", s);
	};

	/* address spaces: a few random table trees sharing one memory */
	builder b{ mem, rng, mem_base, {} };
	std::vector<uint64_t> roots;
	std::vector<std::vector<uint64_t>> pools;
	for (int s = 0; s < 6; s++) {
		b.vas.clear();
		roots.push_back(b.table(2, 0) >> 12);
		for (int k = 0; k < 10; k++)  /* unmapped and non-canonical ones too */
			b.vas.push_back(k < 8 ? canonical(rng() & ((1ull << 39) - 1)) : rng());
		pools.push_back(b.vas);
	}
	roots.push_back(0x10000000ull >> 12);  /* a root where nothing answers */
	pools.push_back(pools[0]);
	/* the pages whose walks end in a leaf the TLB keeps */
	std::vector<std::vector<uint64_t>> good_pools;
	for (size_t s = 0; s < roots.size(); s++) {
		good_pools.emplace_back();
		for (uint64_t va : pools[s])
			if (canonical(va) == va && plan_walk(mem, roots[s], va).ok)
				good_pools[s].push_back(va);
	}

	context ctx = { 8ull << 60 | roots[0], PRIV_S, PRIV_S, false, false };
	unsigned space = 0;

	/* models */
	std::deque<tlb_entry> tlb[2];
	struct kept { bool valid; uint64_t vpn; bool access; } kept_fault[3] = {};
	unsigned rr = 0;
	struct {
		bool busy, dead, outstanding;
		unsigned port, k;
		uint64_t va;
		walk_plan plan;
	} walk = {};
	/* memory model: one response scheduled at a cycle */
	bool resp_pending = false;
	uint64_t resp_cycle = 0, resp_data = 0;
	bool resp_error = false;

	/* requesters */
	bool req_valid[3] = {};
	uint64_t req_va[3] = {};
	unsigned miss_streak[3] = {};

	/* statistics */
	unsigned long n_bare = 0, n_noncanon = 0, n_kept_pf = 0, n_kept_af = 0, n_hit_ok = 0,
		      n_hit_pf = 0, n_hit_super = 0, n_miss = 0, n_walks = 0, n_mem = 0,
		      n_dead = 0, n_flush = 0, n_giveup = 0, n_evict = 0;

	/* pages that translated recently: asked for again, so that TLBs hit */
	std::vector<uint64_t> recent(24, 0);
	auto pick_va = [&](unsigned p) {
		const auto &pool = pools[space];
		const auto &good = good_pools[space];
		unsigned r = rng() % 10;
		uint64_t va = pool[rng() % pool.size()];
		if (r < 4)
			va = recent[rng() % recent.size()] ^ (rng() & 0xfff);
		else if (r < 8 && !good.empty())
			va = good[rng() % good.size()];
		/* neighbours: same superpage, other 4K page */
		if (rng() % 4 == 0)
			va = canonical((va ^ ((rng() % 8) << 12)) & ((1ull << 39) - 1));
		if (rng() % 20 == 0)  /* bits 63:39 not a copy of bit 38 */
			va ^= 1ull << (39 + rng() % 25);
		req_va[p] = va;
		req_valid[p] = rng() % 10 != 0;
		miss_streak[p] = 0;
	};

	dut.rst_ni = 0;
	dut.clk_i = 0;
	dut.eval();
	dut.clk_i = 1;
	dut.eval();
	dut.clk_i = 0;
	dut.rst_ni = 1;
	for (unsigned p = 0; p < 3; p++)
		pick_va(p);

	const uint64_t cycles = 400000;
	for (uint64_t cyc = 0; cyc < cycles && errors < 12; cyc++) {
		/* context: privilege, SUM, MXR change freely; satp with a flush */
		bool flush = false;
		if (rng() % 40 == 0) {
			static const unsigned privs[] = { PRIV_U, PRIV_S, PRIV_S, PRIV_U, PRIV_U,
							  PRIV_S, PRIV_S, PRIV_M };
			ctx.priv_fetch = privs[rng() % 8];
			ctx.priv_data = privs[rng() % 8];
			ctx.sum = rng() & 1;
			ctx.mxr = rng() & 1;
		}
		/* flushes rare enough that the TLBs fill up and evict */
		if (rng() % (tlb_entries * 300) == 0) {
			unsigned r = rng() % 100;
			uint64_t mode = r < 8 ? 0 : r < 12 ? 9 : 8;
			space = rng() % roots.size();
			ctx.satp = mode << 60 | (rng() & 0xffffull) << 44 | roots[space];
			flush = true;
		}
		if (rng() % (tlb_entries * 200) == 0)
			flush = true;
		n_flush += flush;

		for (unsigned p = 0; p < 3; p++) {
			dut.req_valid_i = (dut.req_valid_i & ~(1u << p)) | (unsigned)req_valid[p] << p;
			set_wide(dut.req_vaddr_i, p, req_valid[p] ? req_va[p] : rng());
		}
		dut.satp_i = ctx.satp;
		dut.priv_fetch_i = ctx.priv_fetch;
		dut.priv_data_i = ctx.priv_data;
		dut.sum_i = ctx.sum;
		dut.mxr_i = ctx.mxr;
		dut.flush_i = flush;
		dut.mem_req_ready_i = rng() % 3 != 0;
		bool resp_now = resp_pending && resp_cycle == cyc;
		dut.mem_resp_valid_i = resp_now;
		dut.mem_resp_data_i = resp_now ? resp_data : rng();
		dut.mem_resp_error_i = resp_now ? resp_error : rng() & 1;
		dut.eval();

		/* expected answers */
		bool exp_miss[3] = {};
		for (unsigned p = 0; p < 3; p++) {
			bool hit = dut.resp_hit_o >> p & 1, miss = dut.resp_miss_o >> p & 1;
			bool pf = dut.resp_page_fault_o >> p & 1, af = dut.resp_access_fault_o >> p & 1;
			uint64_t pa = get_paddr(dut.resp_paddr_o, p);
			uint64_t va = req_va[p];
			unsigned priv = p == 0 ? ctx.priv_fetch : ctx.priv_data;
			result want = ref_translate(mem, ctx, va, (int)p);
			const char *how;
			bool want_hit = true;

			if (!req_valid[p]) {
				if (hit || miss || pf || af) {
					snprintf(what, sizeof(what), "port %u answers without a request", p);
					fail(what);
				}
				continue;
			}
			auto *t = &tlb[p == 0 ? 0 : 1];
			const tlb_entry *e = nullptr;
			for (const auto &x : *t)
				if (entry_covers(x, va))
					e = &x;
			if (priv == PRIV_M || (ctx.satp >> 60) == 0) {
				how = "bare";
				n_bare++;
			} else if (canonical(va) != va) {
				how = "non-canonical";
				n_noncanon++;
			} else if (flush) {
				/* the TLBs may hold the old satp's pages: no answer */
				how = "flush";
				want_hit = false;
			} else if (kept_fault[p].valid && kept_fault[p].vpn == (va >> 12 & ((1ull << 27) - 1))) {
				how = "kept fault";
				if (kept_fault[p].access != want.access_fault ||
				    kept_fault[p].access == want.page_fault) {
					snprintf(what, sizeof(what), "bench: kept fault of port %u is stale", p);
					fail(what);
				}
				(kept_fault[p].access ? n_kept_af : n_kept_pf)++;
			} else if (e) {
				how = "TLB hit";
				if (want.access_fault)
					fail("bench: TLB model holds a page that faults");
				(want.page_fault ? n_hit_pf : n_hit_ok)++;
				recent[rng() % recent.size()] = va;
				n_hit_super += e->level > 0;
			} else {
				how = "miss";
				want_hit = false;
				exp_miss[p] = true;
				n_miss++;
			}
			bool bad = hit != want_hit || miss != !want_hit;
			if (want_hit && !bad)
				bad = pf != want.page_fault || af != want.access_fault ||
				      (!pf && !af && pa != want.pa);
			if (bad) {
				snprintf(what, sizeof(what),
					 "cycle %llu port %u va %016llx priv %u sum %d mxr %d satp %016llx (%s): "
					 "rtl hit %d miss %d pf %d af %d pa %014llx, want pf %d af %d pa %014llx",
					 (unsigned long long)cyc, p, (unsigned long long)va, priv, ctx.sum,
					 ctx.mxr, (unsigned long long)ctx.satp, how, hit, miss, pf, af,
					 (unsigned long long)pa, want.page_fault, want.access_fault,
					 (unsigned long long)want.pa);
				fail(what);
			}
		}

		/* the walker's memory port */
		if (dut.mem_req_valid_o) {
			if (!walk.busy || walk.outstanding || walk.k >= walk.plan.addrs.size()) {
				snprintf(what, sizeof(what), "cycle %llu: walker reads %014llx, no read expected",
					 (unsigned long long)cyc, (unsigned long long)dut.mem_req_addr_o);
				fail(what);
			} else if (dut.mem_req_addr_o != walk.plan.addrs[walk.k]) {
				snprintf(what, sizeof(what), "cycle %llu: walk of %016llx reads %014llx, want %014llx",
					 (unsigned long long)cyc, (unsigned long long)walk.va,
					 (unsigned long long)dut.mem_req_addr_o,
					 (unsigned long long)walk.plan.addrs[walk.k]);
				fail(what);
			} else if (dut.mem_req_ready_i) {
				uint64_t v = 0;
				walk.outstanding = true;
				resp_error = !mem.read(walk.plan.addrs[walk.k], &v);
				resp_data = resp_error ? rng() : v;
				resp_pending = true;
				resp_cycle = cyc + 1 + rng() % 5;
				n_mem++;
			}
		}

		/* the clock edge, in the model: responses, fills, kept faults */
		bool was_idle = !walk.busy;
		for (unsigned p = 0; p < 3; p++)
			if (req_valid[p])
				kept_fault[p].valid = false;
		if (resp_now) {
			resp_pending = false;
			walk.outstanding = false;
			walk.k++;
			if (walk.dead || flush) {
				walk.busy = false;
			} else if (walk.k == walk.plan.addrs.size()) {
				walk.busy = false;
				if (walk.plan.ok) {
					auto &t = tlb[walk.port == 0 ? 0 : 1];
					if (t.size() == tlb_entries) {
						t.pop_front();
						n_evict++;
					}
					t.push_back({ walk.va >> 12 & ((1ull << 27) - 1), walk.plan.level });
				} else {
					kept_fault[walk.port] = { true, walk.va >> 12 & ((1ull << 27) - 1),
								  walk.plan.access_fault };
				}
			}
		}
		if (flush) {
			tlb[0].clear();
			tlb[1].clear();
			for (auto &k : kept_fault)
				k.valid = false;
			if (walk.busy) {
				walk.dead = true;
				n_dead++;
			}
		}
		/* a walk starts when the walker was idle: round robin from rr */
		int grant = -1;
		if (was_idle && !flush) {
			for (unsigned k = 0; k < 3 && grant < 0; k++)
				if (exp_miss[(rr + k) % 3])
					grant = (int)((rr + k) % 3);
		}
		if (dut.ev_itlb_miss_o != (grant == 0) || dut.ev_dtlb_miss_o != (grant > 0)) {
			snprintf(what, sizeof(what), "cycle %llu: events itlb %d dtlb %d, want a walk for port %d",
				 (unsigned long long)cyc, dut.ev_itlb_miss_o, dut.ev_dtlb_miss_o, grant);
			fail(what);
		}
		if (grant >= 0) {
			walk.busy = true;
			walk.dead = false;
			walk.outstanding = false;
			walk.port = (unsigned)grant;
			walk.k = 0;
			walk.va = req_va[grant];
			walk.plan = plan_walk(mem, ctx.satp, walk.va);
			rr = (unsigned)(grant + 1) % 3;
			n_walks++;
		}

		dut.clk_i = 1;
		dut.eval();
		dut.clk_i = 0;
		dut.eval();

		/* requesters: move on after a hit, mostly wait after a miss */
		for (unsigned p = 0; p < 3; p++) {
			bool hit = req_valid[p] && !exp_miss[p];
			if (hit)
				miss_streak[p] = 0;
			if (exp_miss[p] && ++miss_streak[p] > 300) {
				snprintf(what, sizeof(what), "port %u waits for %016llx forever", p,
					 (unsigned long long)req_va[p]);
				fail(what);
			}
			if (!req_valid[p] || (hit && rng() % 2 == 0)) {
				pick_va(p);
			} else if (exp_miss[p] && rng() % 80 == 0) {
				pick_va(p);
				n_giveup++;
			}
		}
	}
	dut.final();

	printf("cycles %llu: bare %lu, non-canonical %lu, kept page faults %lu, kept access faults %lu,\n"
	       "  TLB hits %lu ok + %lu page faults (%lu on superpages), misses %lu, walks %lu,\n"
	       "  PTE reads %lu, walks abandoned by flush %lu, flushes %lu, given up %lu, evictions %lu\n",
	       (unsigned long long)cycles, n_bare, n_noncanon, n_kept_pf, n_kept_af, n_hit_ok,
	       n_hit_pf, n_hit_super, n_miss, n_walks, n_mem, n_dead, n_flush, n_giveup, n_evict);
	if (!errors && (n_bare < 1000 || n_noncanon < 1000 || n_kept_pf < 1000 || n_kept_af < 100 ||
			n_hit_ok < 10000 || n_hit_pf < 10000 || n_hit_super < 5000 ||
			n_hit_ok + n_hit_pf - n_hit_super < 2000 || n_dead < 50 || n_evict < 300)) {
		printf("FAIL: some kind of translation was hardly exercised\n");
		return 1;
	}
	if (errors) {
		printf("FAIL: %u errors (TLB entries %u)\n", errors, tlb_entries);
		return 1;
	}
	printf("PASS mmu: %u-entry TLBs, %lu walks checked\n", tlb_entries, n_walks);
	return 0;
}
