/*
 * rvgen: a seeded random instruction-stream generator for co-simulation.
 *
 *   rvgen [-s SEED] [-n LENGTH] [-o FILE]
 *
 * Writes one RISC-V assembly program (rv64imac, linked with
 * tests/random/link.ld) of about LENGTH random instructions in the main
 * body. The program is deterministic wherever the architecture is: the
 * only timing-dependent things are interrupts (the co-simulation makes the
 * reference take them where the RTL does) and the mtime values the timer
 * code reads (device loads, which the co-simulation adopts), and neither
 * reaches the registers or memory the program computes with. It ends by
 * writing its registers and a checksum to rv_sig and exiting through HTIF
 * tohost with code 0. The co-simulation is the check; docs/cosim.md
 * describes what the program covers.
 *
 * Register use of the generated program:
 *   x6, x7, x10-x25  the random pool: every random instruction writes these
 *   ra (x1), t0 (x5) link registers of the level-1 and level-2 functions
 *   sp (x2), s0 (x8) the small data region (rv_data) that accesses alias in
 *   s1 (x9)          the spread region (VA 0x80200000, 256 KiB, 4 KiB pages)
 *   gp (x3)          interrupts taken (timing-dependent: never read back)
 *   tp (x4)          exceptions taken (deterministic)
 *   s10 (x26)        loop counter
 *   s11 (x27)        where an ecall returns to M-mode (0: ecall is skipped)
 *   t3, t4 (x28-29)  address temporaries of the random code and the glue
 *   t5, t6 (x30-31)  the trap handler's scratch
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DATA_SIZE	512			/* rv_data: small, so accesses alias */
#define SPREAD_VA	UINT64_C(0x80200000)		/* s1: VA (= PA when bare) */
#define SPREAD_PAGES	64			/* 256 KiB: past the L1 and the TLBs */
#define SPREAD_BITS	14			/* 16-byte granules in the region */
#define PT_BASE		UINT64_C(0x80100000)		/* link.ld: .pagetables */
#define CLINT_MSIP	UINT64_C(0x02000000)
#define CLINT_MTIMECMP	UINT64_C(0x02004000)
#define CLINT_MTIME	UINT64_C(0x0200bff8)
#define NFUNC1		8			/* level-1 functions (ra) */
#define NFUNC2		4			/* level-2 functions (t0) */
#define MAX_DEPTH	3			/* nesting of branch blocks */
#define IRQ_LIMIT	12			/* timer re-arms while gp is below */

#define PTE_V 0x01u
#define PTE_R 0x02u
#define PTE_W 0x04u
#define PTE_X 0x08u
#define PTE_U 0x10u
#define PTE_A 0x40u
#define PTE_D 0x80u

#define MSTATUS_MIE (UINT64_C(1) << 3)
#define MSTATUS_SUM (UINT64_C(1) << 18)
#define MSTATUS_MXR (UINT64_C(1) << 19)
#define MSTATUS_TVM (UINT64_C(1) << 20)

enum { PRIV_U = 0, PRIV_S = 1, PRIV_M = 3 };

/* The page tables: root, level 1 and level 0, for S phases and U phases. */
enum { PT_ROOT_S, PT_L1_S, PT_L0_S, PT_ROOT_U, PT_L1_U, PT_L0_U, PT_COUNT };

struct gen {
	FILE *out;
	uint64_t rng;
	unsigned label;         /* next unique local label */
	int priv;               /* mode the code being written runs in; -1: any */
	bool rvc;               /* .option rvc in effect */
	bool in_loop;           /* inside a loop body (s10 is live) */
	int func;               /* 0: main body, 1/2: a level-1/level-2 function */
	long count;             /* random instructions written so far */
	unsigned timer_delta;   /* mtime ticks between timer interrupts */
};

static const int pool[] = { 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
			    20, 21, 22, 23, 24, 25 };
#define POOL_N (sizeof(pool) / sizeof(pool[0]))

/* splitmix64: small, good enough, and the same on every host */
static uint64_t rnd(struct gen *g)
{
	uint64_t z = (g->rng += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* uniform in [0, n) */
static unsigned below(struct gen *g, unsigned n)
{
	return (unsigned)(rnd(g) % n);
}

/* true with probability pct % */
static bool chance(struct gen *g, unsigned pct)
{
	return below(g, 100) < pct;
}

static void emit(struct gen *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void emit(struct gen *g, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputc('\t', g->out);
	vfprintf(g->out, fmt, ap);
	fputc('\n', g->out);
	va_end(ap);
}

static unsigned new_label(struct gen *g)
{
	return g->label++;
}

static void put_label(struct gen *g, unsigned l)
{
	fprintf(g->out, ".L%u:\n", l);
}

/* a pool register (destination) */
static int rd(struct gen *g)
{
	return pool[below(g, POOL_N)];
}

/* a source: the pool, sometimes x0 or a base register */
static int rs(struct gen *g)
{
	unsigned r = below(g, 20);

	if (r == 0)
		return 0;
	if (r == 1)
		return 8 + (int)below(g, 2);
	return rd(g);
}

/* a pool register usable in the 3-bit fields of compressed instructions */
static int crd(struct gen *g)
{
	return 10 + (int)below(g, 6);
}

/* a corner-case or random 64-bit operand */
static int64_t corner(struct gen *g)
{
	static const uint64_t c[] = {
		0, 1, 2, ~UINT64_C(0), UINT64_C(0x8000000000000000), UINT64_C(0x7fffffffffffffff),
		UINT64_C(0x80000000), UINT64_C(0x7fffffff), UINT64_C(0xffffffff),
		UINT64_C(0xffffffff80000000), UINT64_C(0x100000000), 31, 32, 63, 64,
		UINT64_C(0xaaaaaaaaaaaaaaaa), UINT64_C(0x5555555555555555), UINT64_C(0xfff), UINT64_C(0x800),
	};
	unsigned r = below(g, 4);

	if (r == 0)
		return (int64_t)rnd(g);
	if (r == 1)
		return (int64_t)below(g, 4096) - 2048;
	return (int64_t)c[below(g, sizeof(c) / sizeof(c[0]))];
}

static int imm12(struct gen *g)
{
	static const int c[] = { 0, 1, -1, 2047, -2048, 31, 32, 63, -32 };

	if (chance(g, 40))
		return c[below(g, sizeof(c) / sizeof(c[0]))];
	return (int)below(g, 4096) - 2048;
}

static void item(struct gen *g, int depth);

/* ---- arithmetic ---- */

static void alu_rr(struct gen *g)
{
	static const char *const ops[] = {
		"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or",
		"and", "addw", "subw", "sllw", "srlw", "sraw",
	};

	emit(g, "%s x%d, x%d, x%d", ops[below(g, 15)], rd(g), rs(g), rs(g));
}

static void alu_imm(struct gen *g)
{
	static const char *const ops[] = { "addi", "slti", "sltiu", "xori",
					   "ori", "andi", "addiw" };
	static const char *const sh[] = { "slli", "srli", "srai" };
	static const char *const shw[] = { "slliw", "srliw", "sraiw" };
	unsigned k = below(g, 10);

	if (k < 5)
		emit(g, "%s x%d, x%d, %d", ops[below(g, 7)], rd(g), rs(g), imm12(g));
	else if (k < 7)
		emit(g, "%s x%d, x%d, %u", sh[below(g, 3)], rd(g), rs(g),
		     chance(g, 30) ? 63 : below(g, 64));
	else if (k < 8)
		emit(g, "%s x%d, x%d, %u", shw[below(g, 3)], rd(g), rs(g),
		     chance(g, 30) ? 31 : below(g, 32));
	else if (k < 9)
		emit(g, "lui x%d, 0x%x", rd(g), below(g, 1u << 20));
	else
		emit(g, "auipc x%d, 0x%x", rd(g), below(g, 1u << 20));
}

static const char *const muldiv_ops[] = {
	"mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
	"mulw", "divw", "divuw", "remw", "remuw",
};

static void muldiv(struct gen *g)
{
	int a = rs(g), b = rs(g);

	if (chance(g, 25)) {
		/* the corners: INT_MIN / -1, x / 0 */
		a = rd(g);
		b = rd(g);
		emit(g, "li x%d, %" PRId64, a, chance(g, 50) ?
		     (int64_t)UINT64_C(0x8000000000000000) : (int64_t)UINT64_C(0xffffffff80000000));
		emit(g, "li x%d, %d", b, chance(g, 50) ? -1 : 0);
	}
	emit(g, "%s x%d, x%d, x%d", muldiv_ops[below(g, 13)], rd(g), a, b);
}

static void load_const(struct gen *g)
{
	emit(g, "li x%d, %" PRId64, rd(g), corner(g));
}

/* explicit compressed forms (only under .option rvc) */
static void compressed(struct gen *g)
{
	int r = crd(g);
	int nz = (int)below(g, 63) - 31;

	if (nz == 0)
		nz = 1;
	switch (below(g, 20)) {
	case 0: emit(g, "c.addi x%d, %d", rd(g), nz); break;
	case 1: emit(g, "c.li x%d, %d", rd(g), (int)below(g, 64) - 32); break;
	case 2: emit(g, "c.lui x%d, %u", rd(g), 1 + below(g, 31)); break;
	case 3: emit(g, "c.mv x%d, x%d", rd(g), pool[below(g, POOL_N)]); break;
	case 4: emit(g, "c.add x%d, x%d", rd(g), pool[below(g, POOL_N)]); break;
	case 5: {
		static const char *const o[] = { "c.sub", "c.xor", "c.or",
						 "c.and", "c.subw", "c.addw" };

		emit(g, "%s x%d, x%d", o[below(g, 6)], r, crd(g));
		break;
	}
	case 6: emit(g, "c.slli x%d, %u", rd(g), 1 + below(g, 63)); break;
	case 7: emit(g, "c.srli x%d, %u", r, 1 + below(g, 63)); break;
	case 8: emit(g, "c.srai x%d, %u", r, 1 + below(g, 63)); break;
	case 9: emit(g, "c.andi x%d, %d", r, (int)below(g, 64) - 32); break;
	case 10: emit(g, "c.addiw x%d, %d", rd(g), (int)below(g, 64) - 32); break;
	case 11: emit(g, "c.lw x%d, %u(s0)", r, 4 * below(g, 32)); break;
	case 12: emit(g, "c.ld x%d, %u(s0)", r, 8 * below(g, 32)); break;
	case 13: emit(g, "c.sw x%d, %u(s0)", r, 4 * below(g, 32)); break;
	case 14: emit(g, "c.sd x%d, %u(s0)", r, 8 * below(g, 32)); break;
	case 15: emit(g, "c.lwsp x%d, %u(sp)", rd(g), 4 * below(g, 64)); break;
	case 16: emit(g, "c.ldsp x%d, %u(sp)", rd(g), 8 * below(g, 64)); break;
	case 17: emit(g, "c.swsp x%d, %u(sp)", rd(g), 4 * below(g, 64)); break;
	case 18: emit(g, "c.sdsp x%d, %u(sp)", rd(g), 8 * below(g, 64)); break;
	default:
		/* through s1: the first spread page, whatever its mapping */
		emit(g, "c.%s x%d, %u(s1)", chance(g, 50) ? "ld" : "sd", r,
		     8 * below(g, 32));
		break;
	}
}

/* ---- memory ---- */

static const char *const load_ops[4][2] = {
	{ "lb", "lbu" }, { "lh", "lhu" }, { "lw", "lwu" }, { "ld", "ld" },
};
static const char *const store_ops[4] = { "sb", "sh", "sw", "sd" };

/* load or store of 1 << lg bytes at off(base) */
static void mem_op(struct gen *g, unsigned lg, const char *base, int off, bool store)
{
	if (store)
		emit(g, "%s x%d, %d(%s)", store_ops[lg], rs(g), off, base);
	else
		emit(g, "%s x%d, %d(%s)", load_ops[lg][below(g, 2)], rd(g), off, base);
}

/* an aligned offset into rv_data, most often in its first 64 bytes */
static int data_off(struct gen *g, unsigned lg)
{
	unsigned span = chance(g, 60) ? 64 : DATA_SIZE;

	return (int)(below(g, span >> lg) << lg);
}

static void mem_data(struct gen *g)
{
	unsigned lg = below(g, 4);

	mem_op(g, lg, chance(g, 80) ? "s0" : "sp", data_off(g, lg), chance(g, 45));
}

/* the address from a register: t4 = s0 + (rA & mask) */
static void mem_reg(struct gen *g)
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
static void mem_slow(struct gen *g)
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
static void mem_overlap(struct gen *g)
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
static void mem_spread(struct gen *g)
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
static void mem_prefetch(struct gen *g)
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

static void lrsc(struct gen *g)
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
	else if (k == 2)        /* a store in between */
		mem_op(g, 3, "s0", (int)(8 * below(g, 8)), true);
	emit(g, "sc.%s%s x%d, x%d, (t4)", sz, ord[below(g, 4)], rd(g), rs(g));
}

static void amo(struct gen *g)
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

static void fence(struct gen *g)
{
	static const char *const f[] = { "fence", "fence rw, rw", "fence r, w",
					 "fence w, r", "fence.i", "fence iorw, iorw" };

	emit(g, "%s", f[below(g, 6)]);
}

/* ---- control flow ---- */

static const char *const br_ops[] = { "beq", "bne", "blt", "bge", "bltu", "bgeu" };

static void block(struct gen *g, int depth, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		item(g, depth + 1);
}

/* a data-dependent branch forward over a few instructions */
static void branch_fwd(struct gen *g, int depth)
{
	unsigned l = new_label(g);

	emit(g, "%s x%d, x%d, .L%u", br_ops[below(g, 6)], rs(g), rs(g), l);
	block(g, depth, 1 + below(g, 5));
	put_label(g, l);
}

/* a data-dependent backward branch, taken at most once */
static void branch_back(struct gen *g, int depth)
{
	unsigned l1 = new_label(g), l2 = new_label(g), l3 = new_label(g);

	emit(g, "j .L%u", l2);
	put_label(g, l1);
	block(g, depth, 1 + below(g, 3));
	emit(g, "j .L%u", l3);
	put_label(g, l2);
	block(g, depth, 1 + below(g, 3));
	emit(g, "%s x%d, x%d, .L%u", br_ops[below(g, 6)], rs(g), rs(g), l1);
	put_label(g, l3);
}

/* in a loop: a branch on the counter, so its direction changes per trip */
static void branch_loop(struct gen *g, int depth)
{
	unsigned l = new_label(g);

	emit(g, "andi t4, s10, %u", 1 + below(g, 7));
	emit(g, "%s t4, .L%u", chance(g, 50) ? "beqz" : "bnez", l);
	block(g, depth, 1 + below(g, 4));
	put_label(g, l);
}

/* a bounded loop; its body may branch, call and trap */
static void loop(struct gen *g, int depth)
{
	unsigned top = new_label(g);
	unsigned n = 10 + below(g, 30);

	emit(g, "li s10, %u", 2 + below(g, 24));
	put_label(g, top);
	g->in_loop = true;
	block(g, depth, n);
	g->in_loop = false;
	emit(g, "addi s10, s10, -1");
	emit(g, "bnez s10, .L%u", top);
}

/* a call: level 1 links through ra, level 2 through t0 (both push the
 * return-address stack); direct or through a register */
static void call(struct gen *g)
{
	int link = g->func == 0 ? 1 : 5;
	unsigned level = g->func + 1;
	unsigned f = below(g, level == 1 ? NFUNC1 : NFUNC2);

	if (g->func == 0 && chance(g, 10)) {
		/* rv_skip returns 4 bytes past the return address: the
		 * return-address stack predicts wrong */
		emit(g, ".option push");
		emit(g, ".option norvc");
		emit(g, "jal ra, rv_skip");
		emit(g, "addi x6, x6, 0x7ff");  /* skipped */
		emit(g, ".option pop");
		return;
	}
	switch (below(g, 4)) {
	case 0:
		emit(g, "la t4, rv_fn%u_%u", level, f);
		if (g->rvc && link == 1)
			emit(g, "c.jalr t4");
		else
			emit(g, "jalr x%d, 0(t4)", link);
		break;
	default:
		emit(g, "jal x%d, rv_fn%u_%u", link, level, f);
		break;
	}
}

/* an indirect jump whose target depends on data: four ways */
static void jump_table(struct gen *g, int depth)
{
	unsigned t = new_label(g), end = new_label(g), w[4];

	for (int i = 0; i < 4; i++)
		w[i] = new_label(g);
	emit(g, ".option push");
	emit(g, ".option norvc");
	emit(g, "andi t4, x%d, 3", rs(g));
	emit(g, "slli t4, t4, 2");
	emit(g, "la t3, .L%u", t);
	emit(g, "add t4, t4, t3");
	emit(g, "jr t4");
	put_label(g, t);
	for (int i = 0; i < 4; i++)
		emit(g, "j .L%u", w[i]);
	emit(g, ".option pop");
	for (int i = 0; i < 4; i++) {
		put_label(g, w[i]);
		block(g, depth, 1 + below(g, 2));
		if (i < 3)
			emit(g, "j .L%u", end);
	}
	put_label(g, end);
}

/* ---- traps ---- */

static void exception(struct gen *g)
{
	unsigned lg;

	switch (below(g, 9)) {
	case 0:
		emit(g, "ecall");       /* s11 is 0: the handler skips it */
		break;
	case 1:
		emit(g, g->rvc ? "c.ebreak" : "ebreak");
		break;
	case 2:
		emit(g, ".2byte 0");    /* the defined-illegal 16-bit encoding */
		break;
	case 3:
		emit(g, "unimp");       /* csrrw x0, cycle, x0: a read-only CSR */
		break;
	case 4:
		/* 32-bit encodings that decode to nothing: custom-0, a
		 * bad funct7, slliw with shamt[5], load funct3 7 */
		emit(g, ".4byte 0x%08x", (unsigned[]){ 0x0000000bu, 0xfe000033u,
			0x0200101bu, 0x00007003u }[below(g, 4)]);
		break;
	case 5:
		/* mret/sret below their mode; M and S may execute them, so
		 * only where the mode is known to be lower */
		if (g->func == 0 && g->priv == PRIV_U)
			emit(g, chance(g, 50) ? "mret" : "sret");
		else if (g->func == 0 && g->priv == PRIV_S)
			emit(g, "mret");
		else
			emit(g, "ebreak");
		break;
	default:
		lg = 1 + below(g, 3);
		mem_op(g, lg, "s0", data_off(g, lg) + 1 + (int)below(g, (1u << lg) - 1),
		       chance(g, 50));
		break;
	}
}

/* ---- CSRs ---- */

static void csr_rw(struct gen *g, const char *csr)
{
	static const char *const ops[] = { "csrrw", "csrrs", "csrrc" };
	unsigned k = below(g, 8);

	if (k < 3)
		emit(g, "%s x%d, %s, x%d", ops[k], chance(g, 15) ? 0 : rd(g), csr, rs(g));
	else if (k < 6)
		emit(g, "%si x%d, %s, %u", ops[k - 3], chance(g, 15) ? 0 : rd(g), csr,
		     below(g, 32));
	else if (k < 7)
		emit(g, "csrr x%d, %s", rd(g), csr);
	else
		emit(g, "csrw %s, x%d", csr, rs(g));
}

static void csr(struct gen *g)
{
	static const char *const ro[] = { "mhartid", "misa", "mvendorid", "marchid",
					  "mimpid", "mie", "medeleg", "mideleg",
					  "satp", "mtvec", "stvec" };
	static const uint64_t mbits[] = { MSTATUS_SUM, MSTATUS_MXR, MSTATUS_TVM,
					  MSTATUS_SUM | MSTATUS_MXR };
	int r;

	switch (below(g, 10)) {
	case 0: case 1: case 2:
		csr_rw(g, "mscratch");
		break;
	case 3: case 4:
		csr_rw(g, "sscratch");
		break;
	case 5:
		/* the mstatus bits no trap changes; MPP and MPIE do change on
		 * interrupts, so the value read is masked to the bits set */
		r = rd(g);
		emit(g, "li t4, 0x%" PRIx64, mbits[below(g, 4)] |
		     (chance(g, 30) ? MSTATUS_MIE : 0));
		emit(g, "%s x%d, mstatus, t4", chance(g, 50) ? "csrrs" : "csrrc", r);
		emit(g, "and x%d, x%d, t4", r, r);
		break;
	case 6:
		emit(g, "li t4, 0x%" PRIx64, mbits[below(g, 2)]);
		emit(g, "%s x%d, sstatus, t4", chance(g, 50) ? "csrrs" : "csrrc", rd(g));
		break;
	case 7:
		emit(g, "csrr x%d, %s", rd(g), ro[below(g, 11)]);
		break;
	case 8:
		/* sepc: WARL, bit 0 reads zero */
		csr_rw(g, "sepc");
		break;
	default:
		/* a supervisor software interrupt, taken by M (not delegated) */
		emit(g, "csrsi %s, 2", g->priv == PRIV_S ? "sip" : "mip");
		break;
	}
}

/* ---- paging ---- */

/* a random leaf PTE for spread page i: mostly usable, some faulting */
static uint64_t spread_pte(struct gen *g, unsigned page, bool user)
{
	uint64_t pa_page = page, flags;

	if (chance(g, 15))      /* another VA for some other page */
		pa_page = below(g, SPREAD_PAGES);
	switch (below(g, 20)) {
	case 0: flags = 0; break;                                       /* invalid */
	case 1: flags = PTE_V | PTE_R | PTE_A; break;                   /* read only */
	case 2: flags = PTE_V | PTE_R | PTE_W; break;                   /* A = 0 */
	case 3: flags = PTE_V | PTE_R | PTE_W | PTE_A; break;           /* D = 0 */
	case 4: flags = PTE_V | PTE_X | PTE_A; break;                   /* execute only */
	case 5: flags = PTE_V | PTE_W | PTE_A | PTE_D; break;           /* reserved */
	default: flags = PTE_V | PTE_R | PTE_W | PTE_A | PTE_D; break;
	}
	/* U: most pages of the U tables, a few of the S tables (SUM) */
	if (flags && (user ? !chance(g, 8) : chance(g, 10)))
		flags |= PTE_U;
	return ((SPREAD_VA >> 12) + pa_page) << 10 | flags;
}

static uint64_t pt_addr(unsigned t)
{
	return PT_BASE + UINT64_C(4096) * t;
}

static void page_tables(struct gen *g)
{
	fprintf(g->out, "\n\t.section .pagetables, \"aw\", @progbits\n\t.align 12\n");
	for (int u = 0; u < 2; u++) {
		unsigned root = u ? PT_ROOT_U : PT_ROOT_S;
		uint64_t mega = PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D | (u ? PTE_U : 0);

		/* root[2] -> L1 (VA 0x80000000) */
		fprintf(g->out, "rv_pt%u:\n", root);
		emit(g, ".zero 16");
		emit(g, ".dword 0x%" PRIx64, (pt_addr(root + 1) >> 12) << 10 | PTE_V);
		emit(g, ".zero %u", 4096 - 24);
		/* L1[0]: the image as a 2 MiB page; L1[1] -> L0 (spread) */
		fprintf(g->out, "rv_pt%u:\n", root + 1);
		emit(g, ".dword 0x%" PRIx64, (UINT64_C(0x80000000) >> 12) << 10 | mega);
		emit(g, ".dword 0x%" PRIx64, (pt_addr(root + 2) >> 12) << 10 | PTE_V);
		emit(g, ".zero %u", 4096 - 16);
		fprintf(g->out, "rv_pt%u:\n", root + 2);
		for (unsigned i = 0; i < SPREAD_PAGES; i++)
			emit(g, ".dword 0x%" PRIx64, spread_pte(g, i, u));
		emit(g, ".zero %u", 4096 - 8 * SPREAD_PAGES);
	}
}

/* M-mode only: change one spread PTE, then SFENCE.VMA */
static void pte_change(struct gen *g)
{
	bool user = chance(g, 50);
	unsigned page = below(g, SPREAD_PAGES);

	emit(g, "li t4, 0x%" PRIx64, pt_addr(user ? PT_L0_U : PT_L0_S) + 8 * page);
	emit(g, "li t3, 0x%" PRIx64, spread_pte(g, page, user));
	emit(g, "sd t3, 0(t4)");
	emit(g, "sfence.vma");
}

static void sfence(struct gen *g)
{
	switch (below(g, 3)) {
	case 0:
		emit(g, "sfence.vma");
		break;
	case 1:
		emit(g, "li t4, 0x%" PRIx64, SPREAD_VA + UINT64_C(4096) * below(g, SPREAD_PAGES));
		emit(g, "sfence.vma t4, zero");
		break;
	default:
		emit(g, "sfence.vma zero, x%d", rs(g));
		break;
	}
}

/* ---- interrupts (M-mode only: the CLINT is not mapped) ---- */

static void irq_source(struct gen *g)
{
	if (chance(g, 60)) {
		/* machine software interrupt: the handler clears msip */
		emit(g, "li t4, 0x%" PRIx64, CLINT_MSIP);
		emit(g, "li t3, 1");
		emit(g, "sw t3, 0(t4)");
	} else {
		/* re-arm the timer; the mtime value read is timing-dependent,
		 * so it goes no further than mtimecmp */
		emit(g, "li t4, 0x%" PRIx64, CLINT_MTIME);
		emit(g, "ld t3, 0(t4)");
		emit(g, "addi t3, t3, %u", 20 + below(g, 400));
		emit(g, "li t4, 0x%" PRIx64, CLINT_MTIMECMP);
		emit(g, "sd t3, 0(t4)");
		emit(g, "li t3, 0");
	}
}

static void rvc_toggle(struct gen *g)
{
	g->rvc = !g->rvc;
	emit(g, ".option %s", g->rvc ? "rvc" : "norvc");
}

/* One random item: an instruction or a short sequence. */
static void item(struct gen *g, int depth)
{
	bool main_body = g->func == 0;
	bool deep = depth >= MAX_DEPTH;
	unsigned r = below(g, 160);

	g->count++;
	if (r < 22)
		alu_rr(g);
	else if (r < 40)
		alu_imm(g);
	else if (r < 50)
		muldiv(g);
	else if (r < 54)
		load_const(g);
	else if (r < 66)
		g->rvc ? compressed(g) : alu_rr(g);
	else if (r < 80)
		mem_data(g);
	else if (r < 85)
		mem_reg(g);
	else if (r < 90)
		mem_slow(g);
	else if (r < 94)
		mem_overlap(g);
	else if (r < 101)
		mem_spread(g);
	else if (r < 103)
		lrsc(g);
	else if (r < 106)
		amo(g);
	else if (r < 112 && !deep)
		branch_fwd(g, depth);
	else if (r < 115 && !deep)
		branch_back(g, depth);
	else if (r < 118 && !deep && g->in_loop)
		branch_loop(g, depth);
	else if (r < 121 && !deep && main_body && !g->in_loop && depth == 0)
		loop(g, depth);
	else if (r < 126 && g->func < 2)
		call(g);
	else if (r < 128 && !deep)
		jump_table(g, depth);
	else if (r < 134)
		exception(g);
	else if (r < 141)
		csr(g);
	else if (r < 143)
		fence(g);
	else if (r < 146 && main_body && g->priv == PRIV_S)
		sfence(g);
	else if (r < 148 && main_body && g->priv == PRIV_M)
		pte_change(g);
	else if (r < 151 && main_body && g->priv == PRIV_M)
		irq_source(g);
	else if (r < 154)
		rvc_toggle(g);
	else if (r < 157)
		mem_prefetch(g);
	else
		alu_imm(g);
}

/* ---- the program ---- */

static void prologue(struct gen *g)
{
	fprintf(g->out, "\t.section .text.init, \"ax\", @progbits\n"
		"\t.globl _start\n\t.option norvc\n_start:\n");
	for (int r = 1; r < 32; r++)
		emit(g, "li x%d, 0", r);
	/* PMP (where it exists) open for S and U, as tests/isa/env does */
	emit(g, "la t4, 1f");
	emit(g, "csrw mtvec, t4");
	emit(g, "li t4, -1");
	emit(g, "csrw pmpaddr0, t4");
	emit(g, "li t4, 0x1f");
	emit(g, "csrw pmpcfg0, t4");
	emit(g, ".align 2");
	fprintf(g->out, "1:\n");
	emit(g, "la t4, rv_trap");
	emit(g, "csrw mtvec, t4");
	emit(g, "csrw medeleg, zero");
	emit(g, "csrw mideleg, zero");
	emit(g, "csrw mie, zero");
	emit(g, "csrw satp, zero");
	emit(g, "csrw mstatus, zero");
	emit(g, "la s0, rv_data");
	emit(g, "mv sp, s0");
	emit(g, "li s1, 0x%" PRIx64, SPREAD_VA);
	for (unsigned i = 0; i < POOL_N; i++)
		emit(g, "li x%d, %" PRId64, pool[i], corner(g));
	emit(g, "csrw mscratch, x%d", rd(g));
	emit(g, "csrw sscratch, x%d", rd(g));
	/* the first timer interrupt, then software and timer interrupts on */
	emit(g, "li t4, 0x%" PRIx64, CLINT_MTIME);
	emit(g, "ld t3, 0(t4)");
	emit(g, "addi t3, t3, %u", g->timer_delta);
	emit(g, "li t4, 0x%" PRIx64, CLINT_MTIMECMP);
	emit(g, "sd t3, 0(t4)");
	emit(g, "li t3, 0");
	emit(g, "li t4, 0x8a");         /* MTIE | MSIE | SSIE */
	emit(g, "csrs mie, t4");
	emit(g, "csrsi mstatus, 8");
}

/* From M-mode to a phase in mode priv with the page tables for it. */
static void enter_phase(struct gen *g, int priv, unsigned l)
{
	unsigned root = priv == PRIV_U ? PT_ROOT_U : PT_ROOT_S;

	emit(g, ".option norvc");
	g->rvc = false;
	emit(g, "csrci mstatus, 8");    /* no interrupt between here and mret */
	emit(g, "li t4, 0x%" PRIx64, (UINT64_C(8) << 60) | (pt_addr(root) >> 12));
	emit(g, "csrw satp, t4");
	emit(g, "sfence.vma");
	emit(g, "li t4, 0x1800");
	emit(g, "csrc mstatus, t4");
	emit(g, "li t4, 0x%x", (unsigned)priv << 11 | 0x80);  /* MPP, MPIE */
	emit(g, "csrs mstatus, t4");
	emit(g, "la t4, .L%u", l);
	emit(g, "csrw mepc, t4");
	emit(g, "mret");
	put_label(g, l);
}

/* Back to M-mode: the handler resumes at s11 in M-mode with MIE set. */
static void leave_phase(struct gen *g, unsigned l)
{
	emit(g, "la s11, .L%u", l);
	emit(g, "ecall");
	put_label(g, l);
	emit(g, ".option norvc");
	g->rvc = false;
}

static void main_body(struct gen *g, long length)
{
	long phase_len = 150 + below(g, 500);

	g->priv = PRIV_M;
	while (g->count < length) {
		long end = g->count + phase_len;
		int priv = PRIV_M;

		if (g->count > 0) {
			unsigned k = below(g, 10);

			priv = k < 3 ? PRIV_M : k < 6 ? PRIV_S : PRIV_U;
		}
		g->priv = priv;
		if (priv != PRIV_M)
			enter_phase(g, priv, new_label(g));
		fprintf(g->out, "\t/* phase in %c-mode */\n", "US?M"[priv]);
		while (g->count < end && g->count < length)
			item(g, 0);
		if (priv != PRIV_M)
			leave_phase(g, new_label(g));
		g->priv = PRIV_M;
		phase_len = 100 + below(g, 600);
	}
}

/* Registers and memory into a checksum; exit code 0 through tohost. */
static void epilogue(struct gen *g)
{
	fprintf(g->out, "\t/* the end */\n");
	emit(g, ".option norvc");
	emit(g, "csrci mstatus, 8");
	emit(g, "csrw mie, zero");
	emit(g, "li t4, 0x%" PRIx64, CLINT_MTIMECMP);
	emit(g, "li t3, -1");
	emit(g, "sd t3, 0(t4)");
	emit(g, "li t3, 0");
	emit(g, "la t4, rv_sig");
	emit(g, "li t6, 0");
	/* gp counts interrupts (timing) and t5/t6 are the handler's */
	for (int r = 1; r < 30; r++) {
		if (r == 3)
			continue;
		emit(g, "sd x%d, %d(t4)", r, 8 * r);
		emit(g, "slli t5, t6, 1");
		emit(g, "srli t6, t6, 63");
		emit(g, "or t6, t6, t5");
		emit(g, "xor t6, t6, x%d", r);
	}
	/* rv_data, then one doubleword per 128 bytes of the spread region */
	emit(g, "mv t3, s0");
	emit(g, "li t4, %u", DATA_SIZE / 8);
	fprintf(g->out, "1:\n");
	emit(g, "ld t5, 0(t3)");
	emit(g, "add t6, t6, t5");
	emit(g, "slli t5, t6, 7");
	emit(g, "xor t6, t6, t5");
	emit(g, "addi t3, t3, 8");
	emit(g, "addi t4, t4, -1");
	emit(g, "bnez t4, 1b");
	emit(g, "li t3, 0x%" PRIx64, SPREAD_VA + 8 * below(g, 16));
	emit(g, "li t4, %u", SPREAD_PAGES * 4096 / 128);
	fprintf(g->out, "1:\n");
	emit(g, "ld t5, 0(t3)");
	emit(g, "add t6, t6, t5");
	emit(g, "slli t5, t6, 7");
	emit(g, "xor t6, t6, t5");
	emit(g, "addi t3, t3, 128");
	emit(g, "addi t4, t4, -1");
	emit(g, "bnez t4, 1b");
	emit(g, "la t4, rv_sig");
	emit(g, "sd t6, 0(t4)");
	emit(g, "sd gp, 24(t4)");       /* for the curious: interrupts taken */
	emit(g, "li t4, 1");
	emit(g, "la t3, tohost");
	emit(g, "fence");
	emit(g, "sd t4, 0(t3)");
	fprintf(g->out, "1:\n");
	emit(g, "j 1b");
}

/* M-mode trap handler: exceptions are counted in tp and skipped (mepc +=
 * the instruction's length, read at mepc: code is identity-mapped), an
 * ecall with s11 set goes on at s11 in M-mode, interrupts are counted in
 * gp and their source quieted. Faults it cannot skip (fetch) end the run
 * with exit code 100 + cause. */
static void trap_handler(struct gen *g)
{
	/* .align pads with c.nop where the code before ends at 2 mod 4 */
	fprintf(g->out, "\n\t.text\n\t.option rvc\n\t.align 2\n\t.option norvc\nrv_trap:\n");
	emit(g, "csrr t6, mcause");
	emit(g, "bltz t6, .Lirq");
	emit(g, "li t5, 8");
	emit(g, "beq t6, t5, .Lecall");
	emit(g, "li t5, 9");
	emit(g, "beq t6, t5, .Lecall");
	emit(g, "li t5, 11");
	emit(g, "beq t6, t5, .Lecall");
	emit(g, "li t5, 12");
	emit(g, "beq t6, t5, .Lfatal");
	emit(g, "li t5, 1");
	emit(g, "bgeu t5, t6, .Lfatal");        /* fetch misaligned or access */
	fprintf(g->out, ".Lskip:\n");
	emit(g, "addi tp, tp, 1");
	emit(g, "csrr t5, mepc");
	emit(g, "lhu t6, 0(t5)");
	emit(g, "andi t6, t6, 3");
	emit(g, "addi t5, t5, 2");
	emit(g, "addi t6, t6, -3");
	emit(g, "bnez t6, 1f");
	emit(g, "addi t5, t5, 2");
	fprintf(g->out, "1:\n");
	emit(g, "csrw mepc, t5");
	emit(g, "mret");
	fprintf(g->out, ".Lecall:\n");
	emit(g, "beqz s11, .Lskip");
	emit(g, "csrw mepc, s11");
	emit(g, "li s11, 0");
	emit(g, "li t5, 0x1880");               /* MPP = M, MPIE */
	emit(g, "csrs mstatus, t5");
	emit(g, "mret");
	fprintf(g->out, ".Lirq:\n");
	emit(g, "addi gp, gp, 1");
	emit(g, "slli t6, t6, 1");
	emit(g, "srli t6, t6, 1");
	emit(g, "li t5, 7");
	emit(g, "beq t6, t5, .Ltimer");
	emit(g, "li t5, 3");
	emit(g, "beq t6, t5, .Lmsi");
	emit(g, "li t5, 1");
	emit(g, "bne t6, t5, .Lfatal");
	emit(g, "csrci mip, 2");
	emit(g, "mret");
	fprintf(g->out, ".Lmsi:\n");
	emit(g, "li t5, 0x%" PRIx64, CLINT_MSIP);
	emit(g, "sw zero, 0(t5)");
	emit(g, "mret");
	fprintf(g->out, ".Ltimer:\n");
	emit(g, "li t6, -1");
	emit(g, "li t5, %u", IRQ_LIMIT);
	emit(g, "bgeu gp, t5, 1f");
	emit(g, "li t5, 0x%" PRIx64, CLINT_MTIME);
	emit(g, "ld t6, 0(t5)");
	emit(g, "addi t6, t6, %u", g->timer_delta);
	fprintf(g->out, "1:\n");
	emit(g, "li t5, 0x%" PRIx64, CLINT_MTIMECMP);
	emit(g, "sd t6, 0(t5)");
	emit(g, "mret");
	fprintf(g->out, ".Lfatal:\n");
	emit(g, "csrr t6, mcause");
	emit(g, "andi t6, t6, 63");
	emit(g, "addi t6, t6, 100");
	emit(g, "slli t6, t6, 1");
	emit(g, "ori t6, t6, 1");
	emit(g, "la t5, tohost");
	emit(g, "sd t6, 0(t5)");
	fprintf(g->out, "1:\n");
	emit(g, "j 1b");

	/* the call whose return skips an instruction */
	fprintf(g->out, "\n\t.align 2\nrv_skip:\n");
	emit(g, "addi ra, ra, 4");
	emit(g, "ret");
}

static void functions(struct gen *g)
{
	g->priv = -1;
	for (int level = 1; level <= 2; level++)
		for (unsigned f = 0; f < (level == 1 ? NFUNC1 : NFUNC2); f++) {
			fprintf(g->out, "\n\t.option rvc\n\t.align %u\n\t.option norvc\nrv_fn%d_%u:\n",
				1 + below(g, 3), level, f);
			g->rvc = false;
			g->func = level;
			for (unsigned n = 2 + below(g, 12); n > 0; n--)
				item(g, 1);
			if (level == 1)
				emit(g, g->rvc ? "c.jr ra" : "ret");
			else
				emit(g, g->rvc ? "c.jr t0" : "jr t0");
		}
	g->func = 0;
}

static void data(struct gen *g)
{
	fprintf(g->out, "\n\t.data\n\t.align 6\nrv_data:\n");
	for (unsigned i = 0; i < DATA_SIZE / 8; i++)
		emit(g, ".dword 0x%016" PRIx64, (uint64_t)corner(g));
	fprintf(g->out, "\t.align 3\n\t.globl rv_sig\nrv_sig:\n\t.zero 256\n");
	fprintf(g->out, "\n\t.section .tohost, \"aw\", @progbits\n\t.align 3\n"
		"\t.globl tohost\ntohost:\n\t.dword 0\n"
		"\t.globl fromhost\nfromhost:\n\t.dword 0\n");
}

static void usage(FILE *f)
{
	fputs("usage: rvgen [-s SEED] [-n LENGTH] [-o FILE]\n"
	      "Writes a random RV64IMAC test program (assembly) for co-simulation.\n"
	      "  -s SEED    random seed (default 1)\n"
	      "  -n LENGTH  random instructions in the main body (default 2000)\n"
	      "  -o FILE    output file (default stdout)\n", f);
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno == 0 && *s && !*end && *s != '-';
}

int main(int argc, char **argv)
{
	struct gen g = { .out = stdout };
	uint64_t seed = 1, length = 2000;
	const char *path = NULL;
	int opt;

	while ((opt = getopt(argc, argv, "s:n:o:h")) != -1) {
		switch (opt) {
		case 's':
			if (!parse_u64(optarg, &seed))
				goto bad;
			break;
		case 'n':
			if (!parse_u64(optarg, &length) || length > 10000000)
				goto bad;
			break;
		case 'o':
			path = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			goto bad;
		}
	}
	if (optind != argc)
		goto bad;
	if (path) {
		g.out = fopen(path, "w");
		if (!g.out) {
			fprintf(stderr, "rvgen: %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	g.rng = seed;
	g.timer_delta = 50 + below(&g, 1500);
	fprintf(g.out, "/* rvgen -s %" PRIu64 " -n %" PRIu64 " */\n", seed, length);
	prologue(&g);
	main_body(&g, (long)length);
	epilogue(&g);
	trap_handler(&g);
	functions(&g);
	data(&g);
	page_tables(&g);
	if (ferror(g.out) || (path && fclose(g.out))) {
		fprintf(stderr, "rvgen: write error\n");
		return 1;
	}
	return 0;
bad:
	usage(stderr);
	return 2;
}
