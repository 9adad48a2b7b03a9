/* RV64IMA, Zicsr, Zifencei and the privileged instructions, in their 32-bit
 * encodings; F and D go on to execute_fp.c. Anything not decoded is an
 * illegal instruction. */
#include "iss/hart_internal.h"

#define INSN_ECALL  0x00000073u
#define INSN_EBREAK 0x00100073u
#define INSN_SRET   0x10200073u
#define INSN_MRET   0x30200073u
/* The semihosting sequence around an uncompressed EBREAK. */
#define INSN_SEMIHOST_ENTRY 0x01f01013u   /* slli x0, x0, 0x1f */
#define INSN_SEMIHOST_EXIT  0x40705013u   /* srai x0, x0, 7 */

static inline uint64_t imm_b(uint32_t insn)
{
	return sign_bits(insn, 31) << 12 | ((insn >> 7) & 1) << 11 |
	       ((insn >> 25) & 0x3f) << 5 | ((insn >> 8) & 0xf) << 1;
}

static inline uint64_t imm_j(uint32_t insn)
{
	return sign_bits(insn, 31) << 20 | (insn & 0xff000) |
	       ((insn >> 20) & 1) << 11 | ((insn >> 21) & 0x3ff) << 1;
}

static inline int64_t sext32(uint64_t v)
{
	return (int64_t)(int32_t)(uint32_t)v;
}

static inline uint64_t mulh_signed(int64_t a, int64_t b)
{
	return (uint64_t)(((__int128)a * b) >> 64);
}

static inline uint64_t mulh_signed_unsigned(int64_t a, uint64_t b)
{
	return (uint64_t)(((__int128)a * (unsigned __int128)b) >> 64);
}

static inline uint64_t mulh_unsigned(uint64_t a, uint64_t b)
{
	return (uint64_t)(((unsigned __int128)a * b) >> 64);
}

/* Division follows the M extension: no traps; x/0 = -1, x%0 = x, and the
 * one overflowing case (most negative / -1) gives the dividend, remainder 0. */
static inline uint64_t div_signed(int64_t a, int64_t b)
{
	if (b == 0)
		return UINT64_MAX;
	if (a == INT64_MIN && b == -1)
		return (uint64_t)a;
	return (uint64_t)(a / b);
}

static inline uint64_t rem_signed(int64_t a, int64_t b)
{
	if (b == 0)
		return (uint64_t)a;
	if (a == INT64_MIN && b == -1)
		return 0;
	return (uint64_t)(a % b);
}

static inline uint64_t div_unsigned(uint64_t a, uint64_t b)
{
	return b == 0 ? UINT64_MAX : a / b;
}

static inline uint64_t rem_unsigned(uint64_t a, uint64_t b)
{
	return b == 0 ? a : a % b;
}

static inline uint64_t div_signed32(int32_t a, int32_t b)
{
	if (b == 0)
		return UINT64_MAX;
	if (a == INT32_MIN && b == -1)
		return (uint64_t)(int64_t)a;
	return (uint64_t)(int64_t)(a / b);
}

static inline uint64_t rem_signed32(int32_t a, int32_t b)
{
	if (b == 0)
		return (uint64_t)(int64_t)a;
	if (a == INT32_MIN && b == -1)
		return 0;
	return (uint64_t)(int64_t)(a % b);
}

static inline uint64_t div_unsigned32(uint32_t a, uint32_t b)
{
	return (uint64_t)sext32(b == 0 ? UINT32_MAX : a / b);
}

static inline uint64_t rem_unsigned32(uint32_t a, uint32_t b)
{
	return (uint64_t)sext32(b == 0 ? a : a % b);
}

/* The base register-register operations (funct7 = 0). */
static uint64_t alu(unsigned f3, uint64_t a, uint64_t b)
{
	switch (f3) {
	case 0:
		return a + b;
	case 1:
		return a << (b & 63);
	case 2:
		return (int64_t)a < (int64_t)b;
	case 3:
		return a < b;
	case 4:
		return a ^ b;
	case 5:
		return a >> (b & 63);
	case 6:
		return a | b;
	default:
		return a & b;
	}
}

/* The M extension's 64-bit operations (funct7 = 1). */
static uint64_t muldiv(unsigned f3, uint64_t a, uint64_t b)
{
	switch (f3) {
	case 0:
		return a * b;
	case 1:
		return mulh_signed((int64_t)a, (int64_t)b);
	case 2:
		return mulh_signed_unsigned((int64_t)a, b);
	case 3:
		return mulh_unsigned(a, b);
	case 4:
		return div_signed((int64_t)a, (int64_t)b);
	case 5:
		return div_unsigned(a, b);
	case 6:
		return rem_signed((int64_t)a, (int64_t)b);
	default:
		return rem_unsigned(a, b);
	}
}

/* The M extension's word operations (funct7 = 1; funct3 1-3 do not exist). */
static uint64_t muldiv32(unsigned f3, uint32_t a, uint32_t b)
{
	switch (f3) {
	case 0:
		return (uint64_t)sext32(a * b);
	case 4:
		return div_signed32((int32_t)a, (int32_t)b);
	case 5:
		return div_unsigned32(a, b);
	case 6:
		return rem_signed32((int32_t)a, (int32_t)b);
	default:
		return rem_unsigned32(a, b);
	}
}

static bool exec_op(struct hart *h, uint32_t insn, uint64_t a, uint64_t b, uint64_t *r)
{
	unsigned f3 = (insn >> 12) & 7, f7 = insn >> 25;

	if (f7 == 0)
		*r = alu(f3, a, b);
	else if (f7 == 1)
		*r = muldiv(f3, a, b);
	else if (f7 == 0x20 && f3 == 0)
		*r = a - b;
	else if (f7 == 0x20 && f3 == 5)
		*r = (uint64_t)((int64_t)a >> (b & 63));
	else
		return illegal(h);
	return true;
}

static bool exec_op_32(struct hart *h, uint32_t insn, uint64_t a, uint64_t b, uint64_t *r)
{
	unsigned f3 = (insn >> 12) & 7, f7 = insn >> 25;
	uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;

	if (f7 == 0 && f3 == 0)
		*r = (uint64_t)sext32(a32 + b32);
	else if (f7 == 0 && f3 == 1)
		*r = (uint64_t)sext32(a32 << (b & 31));
	else if (f7 == 0 && f3 == 5)
		*r = (uint64_t)sext32(a32 >> (b & 31));
	else if (f7 == 0x20 && f3 == 0)
		*r = (uint64_t)sext32(a32 - b32);
	else if (f7 == 0x20 && f3 == 5)
		*r = (uint64_t)(int64_t)((int32_t)a32 >> (b & 31));
	else if (f7 == 1 && (f3 == 0 || f3 >= 4))
		*r = muldiv32(f3, a32, b32);
	else
		return illegal(h);
	return true;
}

/* RV64 shift immediates have 6 bits; funct6 selects SRLI or SRAI. */
static bool exec_op_imm(struct hart *h, uint32_t insn, uint64_t a, uint64_t *r)
{
	unsigned f3 = (insn >> 12) & 7, shamt = (insn >> 20) & 63, f6 = insn >> 26;
	uint64_t imm = imm_i(insn);

	if (f3 == 2) {
		*r = (int64_t)a < (int64_t)imm;
		/* the stop point's marker, a HINT: the run ends after it */
		if (unlikely(insn == h->stop_marker)) {
			h->stop_marker = 0;
			h->reached = true;
			hart_stop(h);
		}
	}
	else if (f3 == 3)
		*r = a < imm;
	else if (f3 != 1 && f3 != 5)
		*r = alu(f3, a, imm);
	else if (f3 == 1 && f6 == 0)
		*r = a << shamt;
	else if (f3 == 5 && f6 == 0)
		*r = a >> shamt;
	else if (f3 == 5 && f6 == 0x10)
		*r = (uint64_t)((int64_t)a >> shamt);
	else
		return illegal(h);
	return true;
}

static bool exec_op_imm_32(struct hart *h, uint32_t insn, uint64_t a, uint64_t *r)
{
	unsigned f3 = (insn >> 12) & 7, shamt = (insn >> 20) & 31, f7 = insn >> 25;
	uint32_t a32 = (uint32_t)a;

	if (f3 == 0)
		*r = (uint64_t)sext32(a32 + (uint32_t)imm_i(insn));
	else if (f3 == 1 && f7 == 0)
		*r = (uint64_t)sext32(a32 << shamt);
	else if (f3 == 5 && f7 == 0)
		*r = (uint64_t)sext32(a32 >> shamt);
	else if (f3 == 5 && f7 == 0x20)
		*r = (uint64_t)(int64_t)((int32_t)a32 >> shamt);
	else
		return illegal(h);
	return true;
}

static bool exec_load(struct hart *h, uint32_t insn, uint64_t addr, uint64_t *r)
{
	uint64_t v;

	switch ((insn >> 12) & 7) {
	case 0:
		if (!mem_load(h, addr, 1, &v))
			return false;
		*r = (uint64_t)(int64_t)(int8_t)v;
		return true;
	case 1:
		if (!mem_load(h, addr, 2, &v))
			return false;
		*r = (uint64_t)(int64_t)(int16_t)v;
		return true;
	case 2:
		if (!mem_load(h, addr, 4, &v))
			return false;
		*r = (uint64_t)sext32(v);
		return true;
	case 3:
		return mem_load(h, addr, 8, r);
	case 4:
		return mem_load(h, addr, 1, r);
	case 5:
		return mem_load(h, addr, 2, r);
	case 6:
		return mem_load(h, addr, 4, r);
	default:
		return illegal(h);
	}
}

static bool exec_store(struct hart *h, uint32_t insn, uint64_t addr, uint64_t v)
{
	switch ((insn >> 12) & 7) {
	case 0:
		return mem_store(h, addr, 1, v);
	case 1:
		return mem_store(h, addr, 2, v);
	case 2:
		return mem_store(h, addr, 4, v);
	case 3:
		return mem_store(h, addr, 8, v);
	default:
		return illegal(h);
	}
}

static bool branch_taken(unsigned f3, uint64_t a, uint64_t b)
{
	switch (f3) {
	case 0:
		return a == b;
	case 1:
		return a != b;
	case 4:
		return (int64_t)a < (int64_t)b;
	case 5:
		return (int64_t)a >= (int64_t)b;
	case 6:
		return a < b;
	default:
		return a >= b;
	}
}

static uint64_t amo_compute(unsigned funct5, unsigned size, uint64_t old, uint64_t src)
{
	int64_t so = size == 4 ? sext32(old) : (int64_t)old;
	int64_t ss = size == 4 ? sext32(src) : (int64_t)src;
	uint64_t uo = size == 4 ? (uint32_t)old : old;
	uint64_t us = size == 4 ? (uint32_t)src : src;

	switch (funct5) {
	case 0x01: /* swap */
		return src;
	case 0x00: /* add */
		return old + src;
	case 0x04: /* xor */
		return old ^ src;
	case 0x0c: /* and */
		return old & src;
	case 0x08: /* or */
		return old | src;
	case 0x10: /* min */
		return so < ss ? old : src;
	case 0x14: /* max */
		return so > ss ? old : src;
	case 0x18: /* minu */
		return uo < us ? old : src;
	default:   /* maxu */
		return uo > us ? old : src;
	}
}

static bool amo_is_valid(unsigned funct5)
{
	switch (funct5) {
	case 0x00: case 0x01: case 0x04: case 0x08: case 0x0c:
	case 0x10: case 0x14: case 0x18: case 0x1c:
		return true;
	default:
		return false;
	}
}

/* LR reserves the naturally aligned 8-byte block holding its address; SC
 * succeeds only on a block reserved by an LR and not since written by a
 * store of this hart or cleared by a trap. A failing SC does not access
 * memory, so it raises no page or access fault (only misalignment). */
static bool exec_lr(struct hart *h, unsigned size, uint64_t addr, uint64_t *r)
{
	uint64_t v;

	if (!mem_load(h, addr, size, &v))
		return false;
	*r = size == 4 ? (uint64_t)sext32(v) : v;
	h->resv_valid = true;
	h->resv_addr = addr & ~7ull;
	return true;
}

static bool exec_sc(struct hart *h, unsigned size, uint64_t addr, uint64_t v, uint64_t *r)
{
	if (addr & (size - 1))
		return hart_raise(h, CAUSE_STORE_MISALIGNED, addr);
	if (!h->resv_valid || (addr & ~7ull) != h->resv_addr) {
		h->resv_valid = false;
		*r = 1;
		return true;
	}
	if (!mem_store(h, addr, size, v))
		return false;
	h->resv_valid = false;
	*r = 0;
	return true;
}

static bool exec_amo(struct hart *h, uint32_t insn, uint64_t addr, uint64_t src, uint64_t *r)
{
	unsigned f3 = (insn >> 12) & 7, funct5 = insn >> 27;
	unsigned size = f3 == 2 ? 4 : 8;
	uint64_t pa, old, nv;
	uint8_t *host;

	h->daddr = addr;	/* LR, SC (also one that fails) and AMOs alike */
	if (f3 != 2 && f3 != 3)
		return illegal(h);
	if (funct5 == 0x02) {
		if (((insn >> 20) & 31) != 0)
			return illegal(h);
		return exec_lr(h, size, addr, r);
	}
	if (funct5 == 0x03)
		return exec_sc(h, size, addr, src, r);
	if (!amo_is_valid(funct5))
		return illegal(h);
	if (addr & (size - 1))
		return hart_raise(h, CAUSE_STORE_MISALIGNED, addr);
	if (!mmu_amo_target(h, addr, &pa, &host))
		return false;
	if (host) {
		old = mem_read_host(host, size);
	} else {
		h->check_irq = true;
		h->device_load = true;
		if (soc_load(h->soc, pa, size, &old) != 0)
			return hart_raise(h, CAUSE_STORE_ACCESS, addr);
	}
	nv = amo_compute(funct5, size, old, src);
	if (host) {
		mem_write_host(host, size, nv);
	} else {
		h->check_irq = true;
		if (soc_store(h->soc, pa, size, nv) != 0)
			return hart_raise(h, CAUSE_STORE_ACCESS, addr);
	}
	hart_note_store(h, addr, size, nv);
	*r = size == 4 ? (uint64_t)sext32(old) : old;
	return true;
}

bool hart_data_access(const struct hart *h, uint32_t insn, bool trapped, uint64_t *addr)
{
	*addr = 0;
	if (trapped) {
		switch (h->exc_cause) {
		case CAUSE_LOAD_MISALIGNED: case CAUSE_LOAD_ACCESS: case CAUSE_LOAD_PAGE_FAULT:
		case CAUSE_STORE_MISALIGNED: case CAUSE_STORE_ACCESS: case CAUSE_STORE_PAGE_FAULT:
			break;
		default:
			return false;
		}
	}
	switch (insn & 0x7f) {
	case OPC_LOAD: case OPC_LOAD_FP: case OPC_STORE: case OPC_STORE_FP: case OPC_AMO:
		*addr = h->daddr;
		return true;
	case OPC_OP_IMM:	/* prefetch.r/.w: ORI x0 with imm[4:0] 1 or 3 */
		if (((insn >> 12) & 7) == 6 && ((insn >> 7) & 31) == 0 &&
		    (((insn >> 20) & 31) == 1 || ((insn >> 20) & 31) == 3)) {
			/* the line at rs1 + imm[11:5] << 5 */
			*addr = h->x[(insn >> 15) & 31] +
				((uint64_t)((int64_t)(int32_t)insn >> 20) & ~31ull);
			return true;
		}
		return false;
	default:
		return false;
	}
}

static bool is_semihost_call(struct hart *h)
{
	uint32_t before, after;

	return mmu_peek_insn32(h, h->pc - 4, &before) && before == INSN_SEMIHOST_ENTRY &&
	       mmu_peek_insn32(h, h->pc + 4, &after) && after == INSN_SEMIHOST_EXIT;
}

bool hart_at_semihost_call(struct hart *h)
{
	uint32_t insn;

	return mmu_peek_insn32(h, h->pc, &insn) && insn == INSN_EBREAK && is_semihost_call(h);
}

static bool exec_system_priv(struct hart *h, uint32_t insn, unsigned len)
{
	switch (insn) {
	case INSN_ECALL:
		return hart_raise(h, h->priv == PRIV_U ? CAUSE_ECALL_U :
				  h->priv == PRIV_S ? CAUSE_ECALL_S : CAUSE_ECALL_M, 0);
	case INSN_EBREAK:
		if (len == 4 && h->semihost && is_semihost_call(h) &&
		    h->semihost(h->semihost_ctx, h)) {
			/* retired, but not counted: the caller adds instret_inc */
			h->instret -= h->instret_inc;
			h->pc += 4;
			return true;
		}
		return hart_raise(h, CAUSE_BREAKPOINT, h->pc);
	case INSN_MRET:
		return hart_mret(h);
	case INSN_SRET:
		return hart_sret(h);
	case INSN_WFI:
		/* A no-op that retires; from U it traps (the time limit of the
		 * spec is zero), from S only when mstatus.TW is set. */
		if (h->priv == PRIV_U || (h->priv == PRIV_S && (h->mstatus & MSTATUS_TW)))
			return illegal(h);
		h->pc += len;
		return true;
	default:
		break;
	}
	/* SFENCE.VMA rs1, rs2 */
	if ((insn >> 25) == 0x09 && ((insn >> 7) & 0x1f) == 0) {
		if (h->priv == PRIV_U || (h->priv == PRIV_S && (h->mstatus & MSTATUS_TVM)))
			return illegal(h);
		if (((insn >> 15) & 0x1f) != 0)
			mmu_flush_page(h, h->x[(insn >> 15) & 0x1f]);
		else
			mmu_flush(h);
		h->pc += len;
		return true;
	}
	return illegal(h);
}

bool hart_execute(struct hart *h, uint32_t insn, unsigned len)
{
	uint64_t *x = h->x;
	unsigned rd = (insn >> 7) & 31;
	uint64_t a = x[(insn >> 15) & 31], b = x[(insn >> 20) & 31];
	uint64_t pc = h->pc, npc = pc + len, r;

	switch (insn & 0x7f) {
	case OPC_OP_IMM:
		if (!exec_op_imm(h, insn, a, &r))
			return false;
		break;
	case OPC_OP:
		if (!exec_op(h, insn, a, b, &r))
			return false;
		break;
	case OPC_LOAD:
		if (!exec_load(h, insn, a + imm_i(insn), &r))
			return false;
		break;
	case OPC_STORE:
		if (!exec_store(h, insn, a + imm_s(insn), b))
			return false;
		h->pc = npc;
		return true;
	case OPC_BRANCH: {
		unsigned f3 = (insn >> 12) & 7;
		if (f3 == 2 || f3 == 3)
			return illegal(h);
		if (branch_taken(f3, a, b))
			npc = pc + imm_b(insn);
		h->pc = npc;
		return true;
	}
	case OPC_JAL:
		r = npc;
		npc = pc + imm_j(insn);
		break;
	case OPC_JALR:
		if ((insn >> 12) & 7)
			return illegal(h);
		r = npc;
		npc = (a + imm_i(insn)) & ~1ull;
		break;
	case OPC_LUI:
		r = (uint64_t)sext32(insn & 0xfffff000u);
		break;
	case OPC_AUIPC:
		r = pc + (uint64_t)sext32(insn & 0xfffff000u);
		break;
	case OPC_OP_IMM_32:
		if (!exec_op_imm_32(h, insn, a, &r))
			return false;
		break;
	case OPC_OP_32:
		if (!exec_op_32(h, insn, a, b, &r))
			return false;
		break;
	case OPC_AMO:
		if (!exec_amo(h, insn, a, b, &r))
			return false;
		break;
	case OPC_MISC_MEM:
		/* FENCE and FENCE.I: memory is coherent and instructions are
		 * decoded from memory every time, so both only retire. */
		if (((insn >> 12) & 7) > 1)
			return illegal(h);
		h->pc = npc;
		return true;
	case OPC_LOAD_FP:
	case OPC_STORE_FP:
	case OPC_MADD:
	case OPC_MSUB:
	case OPC_NMSUB:
	case OPC_NMADD:
	case OPC_OP_FP:
		return hart_execute_fp(h, insn, len);
	case OPC_SYSTEM:
		if (((insn >> 12) & 7) == 0)
			return exec_system_priv(h, insn, len);
		if (!csr_execute(h, insn))
			return false;
		h->pc = npc;
		return true;
	default:
		return illegal(h);
	}
	x[rd] = r;
	x[0] = 0;
	h->pc = npc;
	return true;
}
