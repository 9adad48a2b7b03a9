/* The F and D extensions: loads and stores, the fused multiply-adds and
 * OP-FP, on a hart that has them (has_fp) with mstatus.FS not Off. The
 * arithmetic itself is ieee754.c's, which gives RISC-V's results and
 * flags independently of the host's floating point.
 *
 * Rules kept here rather than in the arithmetic:
 * - Single values are NaN-boxed: a single operand whose upper 32 bits are
 *   not all ones reads as the canonical NaN; a single result is written
 *   with its upper 32 bits set. FSW and FMV.X.W move the low 32 bits as
 *   they are.
 * - The rounding mode comes from the instruction, or from frm when the
 *   field says dynamic (7); a reserved one (5, 6, or frm of 5-7 when
 *   dynamic) makes the instruction illegal.
 * - FS becomes Dirty when an instruction writes an f register or raises a
 *   flag (fflags accrues); FS Off makes every instruction here illegal. */
#include "iss/hart_internal.h"
#include "iss/ieee754.h"

/* OP-FP's funct5 (funct7 without the format bits). */
enum {
	FN_ADD = 0x00,
	FN_SUB = 0x01,
	FN_MUL = 0x02,
	FN_DIV = 0x03,
	FN_SGNJ = 0x04,
	FN_MINMAX = 0x05,
	FN_CVT_FP = 0x08,
	FN_SQRT = 0x0b,
	FN_CMP = 0x14,
	FN_CVT_TO_INT = 0x18,
	FN_CVT_FROM_INT = 0x1a,
	FN_MV_TO_INT = 0x1c,	/* also FCLASS */
	FN_MV_FROM_INT = 0x1e,
};

#define BOX_S 0xffffffff00000000ull
#define RM_DYNAMIC 7

static inline unsigned field(uint32_t insn, unsigned lo, unsigned width)
{
	return (insn >> lo) & ((1u << width) - 1);
}

/* An f register as an operand of the given format. */
static uint64_t read_f(const struct hart *h, unsigned r, enum fp_fmt fmt)
{
	uint64_t v = h->f[r];

	if (fmt == FP_D)
		return v;
	return (v & BOX_S) == BOX_S ? (uint32_t)v : fp_canonical_nan(FP_S);
}

static void write_f(struct hart *h, unsigned r, enum fp_fmt fmt, uint64_t v)
{
	h->f[r] = fmt == FP_D ? v : (v & 0xffffffffull) | BOX_S;
	hart_fp_dirty(h);
}

static void write_x(struct hart *h, unsigned r, uint64_t v)
{
	h->x[r] = v;
	h->x[0] = 0;
}

static void accrue(struct hart *h, unsigned flags)
{
	if (flags) {
		h->fflags |= (uint8_t)flags;
		hart_fp_dirty(h);
	}
}

/* The instruction's rounding mode; false when it is reserved. */
static bool rounding_mode(const struct hart *h, uint32_t insn, unsigned *rm)
{
	unsigned m = field(insn, 12, 3);

	if (m == RM_DYNAMIC)
		m = h->frm;
	*rm = m;
	return m <= FP_RMM;
}

/* FLW, FLD. */
static bool exec_load(struct hart *h, uint32_t insn, unsigned len)
{
	unsigned f3 = field(insn, 12, 3);
	uint64_t va = h->x[field(insn, 15, 5)] + imm_i(insn);
	uint64_t v;

	if (f3 != 2 && f3 != 3)
		return illegal(h);
	if (!mem_load(h, va, f3 == 2 ? 4 : 8, &v))
		return false;
	write_f(h, field(insn, 7, 5), f3 == 2 ? FP_S : FP_D, v);
	h->pc += len;
	return true;
}

/* FSW, FSD. */
static bool exec_store(struct hart *h, uint32_t insn, unsigned len)
{
	unsigned f3 = field(insn, 12, 3);
	uint64_t va = h->x[field(insn, 15, 5)] + imm_s(insn);

	if (f3 != 2 && f3 != 3)
		return illegal(h);
	if (!mem_store(h, va, f3 == 2 ? 4 : 8, h->f[field(insn, 20, 5)]))
		return false;
	h->pc += len;
	return true;
}

/* FMADD, FMSUB, FNMSUB, FNMADD. */
static bool exec_fused(struct hart *h, uint32_t insn)
{
	unsigned fmt_bits = field(insn, 25, 2), op = insn & 0x7f, rm, flags = 0;
	enum fp_fmt fmt = fmt_bits ? FP_D : FP_S;
	uint64_t r;

	if (fmt_bits > 1 || !rounding_mode(h, insn, &rm))
		return illegal(h);
	r = fp_fma(fmt, read_f(h, field(insn, 15, 5), fmt), read_f(h, field(insn, 20, 5), fmt),
		   read_f(h, field(insn, 27, 5), fmt), op == OPC_NMSUB || op == OPC_NMADD,
		   op == OPC_MSUB || op == OPC_NMADD, rm, &flags);
	write_f(h, field(insn, 7, 5), fmt, r);
	accrue(h, flags);
	return true;
}

/* FSGNJ, FSGNJN, FSGNJX: bit operations on the sign, no exceptions. */
static bool exec_sign(struct hart *h, uint32_t insn, enum fp_fmt fmt, uint64_t a, uint64_t b)
{
	uint64_t sign = fmt == FP_D ? 1ull << 63 : 1ull << 31;
	uint64_t s;

	switch (field(insn, 12, 3)) {
	case 0:
		s = b & sign;
		break;
	case 1:
		s = ~b & sign;
		break;
	case 2:
		s = (a ^ b) & sign;
		break;
	default:
		return illegal(h);
	}
	write_f(h, field(insn, 7, 5), fmt, (a & ~sign) | s);
	return true;
}

/* FEQ, FLT, FLE. */
static bool exec_compare(struct hart *h, uint32_t insn, enum fp_fmt fmt, uint64_t a, uint64_t b)
{
	unsigned flags = 0;
	bool r;

	switch (field(insn, 12, 3)) {
	case 0:
		r = fp_le(fmt, a, b, &flags);
		break;
	case 1:
		r = fp_lt(fmt, a, b, &flags);
		break;
	case 2:
		r = fp_eq(fmt, a, b, &flags);
		break;
	default:
		return illegal(h);
	}
	write_x(h, field(insn, 7, 5), r);
	accrue(h, flags);
	return true;
}

/* The integer width and signedness of FCVT's rs2 field (W, WU, L, LU). */
static bool int_form(unsigned rs2, unsigned *bits, bool *is_signed)
{
	if (rs2 > 3)
		return false;
	*bits = rs2 & 2 ? 64 : 32;
	*is_signed = !(rs2 & 1);
	return true;
}

/* The OP-FP operations that need a rounding mode. */
static bool exec_rounded(struct hart *h, uint32_t insn, unsigned fn, enum fp_fmt fmt,
			 uint64_t a, uint64_t b)
{
	unsigned rd = field(insn, 7, 5), rs2 = field(insn, 20, 5), rm, bits, flags = 0;
	bool is_signed;
	uint64_t r;

	if (!rounding_mode(h, insn, &rm))
		return illegal(h);
	switch (fn) {
	case FN_ADD:
		r = fp_add(fmt, a, b, rm, &flags);
		break;
	case FN_SUB:
		r = fp_sub(fmt, a, b, rm, &flags);
		break;
	case FN_MUL:
		r = fp_mul(fmt, a, b, rm, &flags);
		break;
	case FN_DIV:
		r = fp_div(fmt, a, b, rm, &flags);
		break;
	case FN_SQRT:
		if (rs2 != 0)
			return illegal(h);
		r = fp_sqrt(fmt, a, rm, &flags);
		break;
	case FN_CVT_FP: {
		/* fcvt.s.d has fmt S and rs2 = 1 (D); fcvt.d.s the reverse */
		enum fp_fmt from = fmt == FP_S ? FP_D : FP_S;

		if (rs2 != (unsigned)from)
			return illegal(h);
		r = fp_convert(fmt, from, read_f(h, field(insn, 15, 5), from), rm, &flags);
		break;
	}
	case FN_CVT_TO_INT:
		if (!int_form(rs2, &bits, &is_signed))
			return illegal(h);
		write_x(h, rd, fp_to_int(fmt, a, bits, is_signed, rm, &flags));
		accrue(h, flags);
		return true;
	case FN_CVT_FROM_INT:
		if (!int_form(rs2, &bits, &is_signed))
			return illegal(h);
		r = fp_from_int(fmt, h->x[field(insn, 15, 5)], bits, is_signed, rm, &flags);
		break;
	default:
		return illegal(h);
	}
	write_f(h, rd, fmt, r);
	accrue(h, flags);
	return true;
}

/* FMV.X.W/D and FCLASS (funct3 0 and 1), FMV.W/D.X. */
static bool exec_move(struct hart *h, uint32_t insn, unsigned fn, enum fp_fmt fmt)
{
	unsigned rd = field(insn, 7, 5), rs1 = field(insn, 15, 5), f3 = field(insn, 12, 3);

	if (field(insn, 20, 5) != 0)
		return illegal(h);
	if (fn == FN_MV_FROM_INT) {
		if (f3 != 0)
			return illegal(h);
		write_f(h, rd, fmt, h->x[rs1]);
	} else if (f3 == 0) {
		uint64_t v = h->f[rs1];

		write_x(h, rd, fmt == FP_D ? v : (uint64_t)(int64_t)(int32_t)(uint32_t)v);
	} else if (f3 == 1) {
		write_x(h, rd, fp_class(fmt, read_f(h, rs1, fmt)));
	} else {
		return illegal(h);
	}
	return true;
}

static bool exec_op_fp(struct hart *h, uint32_t insn)
{
	unsigned f7 = field(insn, 25, 7), fn = f7 >> 2, flags = 0;
	enum fp_fmt fmt = f7 & 1 ? FP_D : FP_S;
	uint64_t a, b;

	if (f7 & 2)	/* H and Q */
		return illegal(h);
	a = read_f(h, field(insn, 15, 5), fmt);
	b = read_f(h, field(insn, 20, 5), fmt);
	switch (fn) {
	case FN_SGNJ:
		return exec_sign(h, insn, fmt, a, b);
	case FN_MINMAX: {
		unsigned f3 = field(insn, 12, 3);

		if (f3 > 1)
			return illegal(h);
		write_f(h, field(insn, 7, 5), fmt,
			f3 ? fp_max(fmt, a, b, &flags) : fp_min(fmt, a, b, &flags));
		accrue(h, flags);
		return true;
	}
	case FN_CMP:
		return exec_compare(h, insn, fmt, a, b);
	case FN_MV_TO_INT:
	case FN_MV_FROM_INT:
		return exec_move(h, insn, fn, fmt);
	default:
		return exec_rounded(h, insn, fn, fmt, a, b);
	}
}

unsigned fp_retired_rd(uint32_t insn)
{
	unsigned fn = field(insn, 27, 5), rd = field(insn, 7, 5);

	if ((insn & 0x7f) == OPC_OP_FP &&
	    (fn == FN_CMP || fn == FN_CVT_TO_INT || fn == FN_MV_TO_INT))
		return rd;
	return COMMIT_RD_F + rd;
}

bool hart_execute_fp(struct hart *h, uint32_t insn, unsigned len)
{
	if (!h->has_fp || !hart_fp_enabled(h))
		return illegal(h);
	switch (insn & 0x7f) {
	case OPC_LOAD_FP:
		return exec_load(h, insn, len);
	case OPC_STORE_FP:
		return exec_store(h, insn, len);
	case OPC_OP_FP:
		if (!exec_op_fp(h, insn))
			return false;
		break;
	default:
		if (!exec_fused(h, insn))
			return false;
		break;
	}
	h->pc += len;
	return true;
}
