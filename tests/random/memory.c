/* rvgen: loads, stores, atomics, prefetch hints and fences. */
#include "rvgen.h"

static const char *const load_ops[4][2] = {
	{ "lb", "lbu" }, { "lh", "lhu" }, { "lw", "lwu" }, { "ld", "ld" },
};
static const char *const store_ops[4] = { "sb", "sh", "sw", "sd" };

/* load or store of 1 << lg bytes at off(base) */
void mem_op(struct gen *g, unsigned lg, const char *base, int off, bool store)
{
	if (store)
		emit(g, "%s x%d, %d(%s)", store_ops[lg], rs(g), off, base);
	else
		emit(g, "%s x%d, %d(%s)", load_ops[lg][below(g, 2)], rd(g), off, base);
}

/* an aligned offset into rv_data, most often in its first 64 bytes */
int data_off(struct gen *g, unsigned lg)
{
	unsigned span = chance(g, 60) ? 64 : DATA_SIZE;

	return (int)(below(g, span >> lg) << lg);
}

void mem_data(struct gen *g)
{
	unsigned lg = below(g, 4);

	mem_op(g, lg, chance(g, 80) ? "s0" : "sp", data_off(g, lg), chance(g, 45));
}

/* the address from a register: t4 = s0 + (rA & mask) */
void mem_reg(struct gen *g)
{
	unsigned lg = below(g, 4);

	emit(g, "andi t4, x%d, %u", rs(g), (DATA_SIZE - 1) & ~((1u << lg) - 1));
	emit(g, "add t4, t4, s0");
	mem_op(g, lg, "t4", 0, chance(g, 50));
}

/* A store whose address waits for a divide or multiply, then loads from
 * rv_data that may overlap it: the loads run ahead and must replay when
 * they do. Or the other way round: a load with a slow address after
 * stores with fast ones. */
void mem_slow(struct gen *g)
{
	static const char *const slow[] = { "div", "divu", "rem", "remuw", "mul", "mulh" };
	unsigned lg = below(g, 4), n = 1 + below(g, 3);
	bool slow_store = chance(g, 65);

	if (!slow_store)
		for (unsigned i = 0; i < n; i++) {
			unsigned l2 = below(g, 4);

			mem_op(g, l2, "s0", data_off(g, l2) & 63, true);
		}
	emit(g, "%s t4, x%d, x%d", slow[below(g, 6)], rs(g), rs(g));
	emit(g, "andi t4, t4, %u", 63 & ~((1u << lg) - 1));
	emit(g, "add t4, t4, s0");
	mem_op(g, lg, "t4", 0, slow_store);
	if (slow_store)
		for (unsigned i = 0; i < n; i++) {
			unsigned l2 = below(g, 4);

			mem_op(g, l2, "s0", data_off(g, l2) & 63, false);
		}
}

/* stores and loads of different sizes inside one doubleword */
void mem_overlap(struct gen *g)
{
	int base = (int)(8 * below(g, 8));
	unsigned n = 2 + below(g, 3);

	for (unsigned i = 0; i < n; i++) {
		unsigned lg = below(g, 4);
		int off = base + (int)(below(g, 8 >> lg) << lg);

		mem_op(g, lg, "s0", off, i == 0 || chance(g, 40));
	}
}

/* somewhere in the 256 KiB spread region: cache, LLC and TLB misses,
 * and page faults where the page is not mapped for this access */
void mem_spread(struct gen *g)
{
	unsigned lg = below(g, 4);

	emit(g, "slli t4, x%d, %d", rs(g), 64 - SPREAD_BITS);
	emit(g, "srli t4, t4, %d", 64 - SPREAD_BITS - 4);
	emit(g, "add t4, t4, s1");
	mem_op(g, lg, "t4", (int)(below(g, 16 >> lg) << lg), chance(g, 45));
	if (chance(g, 30))
		mem_op(g, lg, "t4", (int)(below(g, 16 >> lg) << lg), chance(g, 45));
}

/* Zicbop prefetch.r / prefetch.w: ORI x0 with imm[4:0] = 1 / 3, a no-op
 * for the ISS, a line fill on the RTL, which must drop it without a trap
 * wherever it points: into rv_data, the spread region (misses, TLB misses,
 * page faults in S and U phases) or a pool register's value (devices,
 * non-canonical addresses, beyond DRAM). Now and then prefetch.i
 * (imm[4:0] = 0) or another ORI x0 hint, which stay no-ops. */
void mem_prefetch(struct gen *g)
{
	static const int kind[] = { 1, 3, 1, 3, 0, 5 };
	int off = ((int)below(g, 128) - 64) * 32 + kind[below(g, 6)];
	char base[8];

	switch (below(g, 3)) {
	case 0:
		snprintf(base, sizeof(base), "%s", chance(g, 80) ? "s0" : "sp");
		break;
	case 1:
		emit(g, "slli t4, x%d, %d", rs(g), 64 - SPREAD_BITS);
		emit(g, "srli t4, t4, %d", 64 - SPREAD_BITS - 4);
		emit(g, "add t4, t4, s1");
		snprintf(base, sizeof(base), "t4");
		break;
	default:
		snprintf(base, sizeof(base), "x%d", rs(g));
		break;
	}
	emit(g, "ori x0, %s, %d", base, off);
}

void lrsc(struct gen *g)
{
	static const char *const ord[] = { "", ".aq", ".rl", ".aqrl" };
	bool dw = chance(g, 50);
	const char *sz = dw ? "d" : "w";
	int off = (int)(below(g, 8) * 8 + (dw ? 0 : 4 * below(g, 2)));
	unsigned k = below(g, 10);

	emit(g, "addi t4, s0, %d", off);
	if (k != 0)     /* k == 0: an SC without a reservation */
		emit(g, "lr.%s%s x%d, (t4)", sz, ord[below(g, 4)], rd(g));
	for (unsigned i = below(g, 3); i > 0; i--)
		alu_rr(g);
	if (k == 1)     /* another doubleword: the SC fails */
		emit(g, "addi t4, t4, %d", chance(g, 50) ? 8 : -8);
	else if (k == 2 && !g->fp)      /* a store in between (QEMU's SC
					 * compares the value, not a reservation) */
		mem_op(g, 3, "s0", (int)(8 * below(g, 8)), true);
	emit(g, "sc.%s%s x%d, x%d, (t4)", sz, ord[below(g, 4)], rd(g), rs(g));
}

void amo(struct gen *g)
{
	static const char *const ops[] = { "amoswap", "amoadd", "amoxor", "amoand",
					   "amoor", "amomin", "amomax", "amominu",
					   "amomaxu" };
	static const char *const ord[] = { "", ".aq", ".rl", ".aqrl" };
	bool dw = chance(g, 50);
	int off = (int)(below(g, 16) * 4) & (dw ? ~7 : ~3);

	if (chance(g, 8))
		off += 2;       /* misaligned: faults */
	emit(g, "addi t4, s0, %d", off);
	emit(g, "%s.%s%s x%d, x%d, (t4)", ops[below(g, 9)], dw ? "d" : "w",
	     ord[below(g, 4)], chance(g, 10) ? 0 : rd(g), rs(g));
}

void fence(struct gen *g)
{
	static const char *const f[] = { "fence", "fence rw, rw", "fence r, w",
					 "fence w, r", "fence.i", "fence iorw, iorw" };

	emit(g, "%s", f[below(g, 6)]);
}
