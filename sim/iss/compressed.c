/* RV64C: every 16-bit instruction is expanded into the 32-bit instruction
 * it stands for, which execute.c then runs. The hart keeps a table with the
 * expansion of all 65536 patterns, built once. Encodings that are reserved
 * expand to 0, and so do the four double-precision loads and stores on a
 * hart without D (rvc_expand() is that hart's expansion, which the RTL's
 * decoder is checked against). */
#include "iss/hart_internal.h"

enum {
	OP_LOAD = 0x03,
	OP_LOAD_FP = 0x07,
	OP_IMM = 0x13,
	OP_IMM_32 = 0x1b,
	OP_STORE = 0x23,
	OP_STORE_FP = 0x27,
	OP_REG = 0x33,
	OP_LUI = 0x37,
	OP_REG_32 = 0x3b,
	OP_BRANCH = 0x63,
	OP_JALR = 0x67,
	OP_JAL = 0x6f,
	OP_SYSTEM = 0x73,
};

static uint32_t bits(uint32_t v, unsigned hi, unsigned lo)
{
	return (v >> lo) & ((1u << (hi - lo + 1)) - 1);
}

static int32_t sign_extend(uint32_t v, unsigned width)
{
	uint32_t m = 1u << (width - 1);

	v &= (1u << width) - 1;
	return (int32_t)((v ^ m) - m);
}

static uint32_t enc_i(unsigned op, unsigned rd, unsigned f3, unsigned rs1, int32_t imm)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t enc_s(unsigned op, unsigned f3, unsigned rs1, unsigned rs2, int32_t imm)
{
	uint32_t i = (uint32_t)imm;

	return bits(i, 11, 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
	       bits(i, 4, 0) << 7 | op;
}

static uint32_t enc_r(unsigned op, unsigned rd, unsigned f3, unsigned rs1, unsigned rs2,
		      unsigned f7)
{
	return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t enc_b(unsigned f3, unsigned rs1, unsigned rs2, int32_t imm)
{
	uint32_t i = (uint32_t)imm;

	return bits(i, 12, 12) << 31 | bits(i, 10, 5) << 25 | rs2 << 20 | rs1 << 15 |
	       f3 << 12 | bits(i, 4, 1) << 8 | bits(i, 11, 11) << 7 | OP_BRANCH;
}

static uint32_t enc_j(unsigned rd, int32_t imm)
{
	uint32_t i = (uint32_t)imm;

	return bits(i, 20, 20) << 31 | bits(i, 10, 1) << 21 | bits(i, 11, 11) << 20 |
	       bits(i, 19, 12) << 12 | rd << 7 | OP_JAL;
}

/* Register fields of the 3-bit forms name x8..x15. */
static unsigned creg(uint32_t c, unsigned lo)
{
	return 8 + bits(c, lo + 2, lo);
}

static uint32_t expand_q0(uint32_t c)
{
	unsigned rs1 = creg(c, 7), rd = creg(c, 2);
	uint32_t w_off = bits(c, 12, 10) << 3 | bits(c, 6, 6) << 2 | bits(c, 5, 5) << 6;
	uint32_t d_off = bits(c, 12, 10) << 3 | bits(c, 6, 5) << 6;

	switch (bits(c, 15, 13)) {
	case 0: { /* C.ADDI4SPN */
		uint32_t imm = bits(c, 12, 11) << 4 | bits(c, 10, 7) << 6 |
			       bits(c, 6, 6) << 2 | bits(c, 5, 5) << 3;
		if (imm == 0)
			return 0;
		return enc_i(OP_IMM, rd, 0, 2, (int32_t)imm);
	}
	case 2: /* C.LW */
		return enc_i(OP_LOAD, rd, 2, rs1, (int32_t)w_off);
	case 3: /* C.LD */
		return enc_i(OP_LOAD, rd, 3, rs1, (int32_t)d_off);
	case 6: /* C.SW */
		return enc_s(OP_STORE, 2, rs1, rd, (int32_t)w_off);
	case 7: /* C.SD */
		return enc_s(OP_STORE, 3, rs1, rd, (int32_t)d_off);
	default: /* C.FLD, C.FSD, reserved */
		return 0;
	}
}

static uint32_t expand_q1_arith(uint32_t c)
{
	unsigned rd = creg(c, 7), rs2 = creg(c, 2);
	unsigned shamt = bits(c, 12, 12) << 5 | bits(c, 6, 2);
	static const unsigned ca_f3[4] = { 0, 4, 6, 7 }; /* SUB XOR OR AND */

	switch (bits(c, 11, 10)) {
	case 0: /* C.SRLI */
		return enc_i(OP_IMM, rd, 5, rd, (int32_t)shamt);
	case 1: /* C.SRAI */
		return enc_i(OP_IMM, rd, 5, rd, (int32_t)(shamt | 0x400));
	case 2: /* C.ANDI */
		return enc_i(OP_IMM, rd, 7, rd, sign_extend(shamt, 6));
	default:
		break;
	}
	if (bits(c, 12, 12) == 0) {
		unsigned f = bits(c, 6, 5);
		return enc_r(OP_REG, rd, ca_f3[f], rd, rs2, f == 0 ? 0x20 : 0);
	}
	switch (bits(c, 6, 5)) {
	case 0: /* C.SUBW */
		return enc_r(OP_REG_32, rd, 0, rd, rs2, 0x20);
	case 1: /* C.ADDW */
		return enc_r(OP_REG_32, rd, 0, rd, rs2, 0);
	default:
		return 0;
	}
}

static uint32_t expand_q1(uint32_t c)
{
	unsigned rd = bits(c, 11, 7), rs1c = creg(c, 7);
	int32_t imm6 = sign_extend(bits(c, 12, 12) << 5 | bits(c, 6, 2), 6);

	switch (bits(c, 15, 13)) {
	case 0: /* C.ADDI, C.NOP */
		return enc_i(OP_IMM, rd, 0, rd, imm6);
	case 1: /* C.ADDIW */
		if (rd == 0)
			return 0;
		return enc_i(OP_IMM_32, rd, 0, rd, imm6);
	case 2: /* C.LI */
		return enc_i(OP_IMM, rd, 0, 0, imm6);
	case 3:
		if (rd == 2) { /* C.ADDI16SP */
			uint32_t v = bits(c, 12, 12) << 9 | bits(c, 6, 6) << 4 |
				     bits(c, 5, 5) << 6 | bits(c, 4, 3) << 7 |
				     bits(c, 2, 2) << 5;
			if (v == 0)
				return 0;
			return enc_i(OP_IMM, 2, 0, 2, sign_extend(v, 10));
		}
		if (imm6 == 0) /* C.LUI with nzimm = 0 is reserved */
			return 0;
		return ((uint32_t)imm6 << 12) | rd << 7 | OP_LUI;
	case 4:
		return expand_q1_arith(c);
	case 5: { /* C.J */
		uint32_t v = bits(c, 12, 12) << 11 | bits(c, 11, 11) << 4 |
			     bits(c, 10, 9) << 8 | bits(c, 8, 8) << 10 |
			     bits(c, 7, 7) << 6 | bits(c, 6, 6) << 7 |
			     bits(c, 5, 3) << 1 | bits(c, 2, 2) << 5;
		return enc_j(0, sign_extend(v, 12));
	}
	default: { /* C.BEQZ, C.BNEZ */
		uint32_t v = bits(c, 12, 12) << 8 | bits(c, 11, 10) << 3 |
			     bits(c, 6, 5) << 6 | bits(c, 4, 3) << 1 |
			     bits(c, 2, 2) << 5;
		return enc_b(bits(c, 13, 13) ? 1 : 0, rs1c, 0, sign_extend(v, 9));
	}
	}
}

static uint32_t expand_q2_jump_move(uint32_t c)
{
	unsigned rd = bits(c, 11, 7), rs2 = bits(c, 6, 2);

	if (bits(c, 12, 12) == 0) {
		if (rs2 != 0) /* C.MV */
			return enc_r(OP_REG, rd, 0, 0, rs2, 0);
		if (rd == 0) /* C.JR with rs1 = 0 is reserved */
			return 0;
		return enc_i(OP_JALR, 0, 0, rd, 0); /* C.JR */
	}
	if (rs2 != 0) /* C.ADD */
		return enc_r(OP_REG, rd, 0, rd, rs2, 0);
	if (rd == 0) /* C.EBREAK */
		return 0x00100000u | OP_SYSTEM;
	return enc_i(OP_JALR, 1, 0, rd, 0); /* C.JALR */
}

static uint32_t expand_q2(uint32_t c)
{
	unsigned rd = bits(c, 11, 7), rs2 = bits(c, 6, 2);

	switch (bits(c, 15, 13)) {
	case 0: /* C.SLLI */
		return enc_i(OP_IMM, rd, 1, rd, (int32_t)(bits(c, 12, 12) << 5 | bits(c, 6, 2)));
	case 2: { /* C.LWSP */
		uint32_t off = bits(c, 12, 12) << 5 | bits(c, 6, 4) << 2 | bits(c, 3, 2) << 6;
		if (rd == 0)
			return 0;
		return enc_i(OP_LOAD, rd, 2, 2, (int32_t)off);
	}
	case 3: { /* C.LDSP */
		uint32_t off = bits(c, 12, 12) << 5 | bits(c, 6, 5) << 3 | bits(c, 4, 2) << 6;
		if (rd == 0)
			return 0;
		return enc_i(OP_LOAD, rd, 3, 2, (int32_t)off);
	}
	case 4:
		return expand_q2_jump_move(c);
	case 6: /* C.SWSP */
		return enc_s(OP_STORE, 2, 2, rs2,
			     (int32_t)(bits(c, 12, 9) << 2 | bits(c, 8, 7) << 6));
	case 7: /* C.SDSP */
		return enc_s(OP_STORE, 3, 2, rs2,
			     (int32_t)(bits(c, 12, 10) << 3 | bits(c, 9, 7) << 6));
	default: /* C.FLDSP, C.FSDSP */
		return 0;
	}
}

uint32_t rvc_expand(uint16_t insn)
{
	switch (insn & 3) {
	case 0:
		return expand_q0(insn);
	case 1:
		return expand_q1(insn);
	case 2:
		return expand_q2(insn);
	default:
		return 0;
	}
}

/* C.FLD, C.FSD, C.FLDSP, C.FSDSP: the D extension's compressed forms
 * (RV64 has no compressed single-precision loads and stores). */
uint32_t rvc_expand_fp(uint16_t c)
{
	unsigned q = c & 3, f3 = bits(c, 15, 13);
	uint32_t d_off = bits(c, 12, 10) << 3 | bits(c, 6, 5) << 6;

	if (q == 0 && f3 == 1)
		return enc_i(OP_LOAD_FP, creg(c, 2), 3, creg(c, 7), (int32_t)d_off);
	if (q == 0 && f3 == 5)
		return enc_s(OP_STORE_FP, 3, creg(c, 7), creg(c, 2), (int32_t)d_off);
	if (q == 2 && f3 == 1)
		return enc_i(OP_LOAD_FP, bits(c, 11, 7), 3, 2,
			     (int32_t)(bits(c, 12, 12) << 5 | bits(c, 6, 5) << 3 |
				       bits(c, 4, 2) << 6));
	if (q == 2 && f3 == 5)
		return enc_s(OP_STORE_FP, 3, 2, bits(c, 6, 2),
			     (int32_t)(bits(c, 12, 10) << 3 | bits(c, 9, 7) << 6));
	return 0;
}

void rvc_fill_table(uint32_t *table, bool fp)
{
	for (uint32_t i = 0; i < 0x10000; i++) {
		table[i] = rvc_expand((uint16_t)i);
		if (fp && !table[i])
			table[i] = rvc_expand_fp((uint16_t)i);
	}
}
