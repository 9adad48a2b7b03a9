/* rvgen: integer, multiply/divide and compressed instructions. */
#include "rvgen.h"

void alu_rr(struct gen *g)
{
	static const char *const ops[] = {
		"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or",
		"and", "addw", "subw", "sllw", "srlw", "sraw",
	};

	emit(g, "%s x%d, x%d, x%d", ops[below(g, 15)], rd(g), rs(g), rs(g));
}

void alu_imm(struct gen *g)
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

void muldiv(struct gen *g)
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

void load_const(struct gen *g)
{
	emit(g, "li x%d, %" PRId64, rd(g), corner(g));
}

/* explicit compressed forms (only under .option rvc) */
void compressed(struct gen *g)
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
