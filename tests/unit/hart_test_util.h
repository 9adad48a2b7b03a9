/* Shared fixture of the ISS unit tests: a SoC with a little DRAM, one hart
 * in M-mode at the start of DRAM, instruction encoders, and helpers that
 * place one instruction at the pc and step it. Scratch registers x28-x31
 * belong to the helpers. */
#ifndef TEA_TESTS_HART_TEST_UTIL_H
#define TEA_TESTS_HART_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "commit.h"
#include "iss/hart.h"
#include "soc/soc.h"

#define DRAM_SIZE  (16ull << 20)
#define CODE_BASE  SOC_DRAM_BASE
#define DATA_BASE  (SOC_DRAM_BASE + 0x100000)
#define MTVEC_BASE (SOC_DRAM_BASE + 0x10000)
#define STVEC_BASE (SOC_DRAM_BASE + 0x20000)

#define CSR_SSTATUS 0x100
#define CSR_SIE 0x104
#define CSR_STVEC 0x105
#define CSR_SCOUNTEREN 0x106
#define CSR_SEPC 0x141
#define CSR_SCAUSE 0x142
#define CSR_STVAL 0x143
#define CSR_SIP 0x144
#define CSR_SATP 0x180
#define CSR_MSTATUS 0x300
#define CSR_MISA 0x301
#define CSR_MEDELEG 0x302
#define CSR_MIDELEG 0x303
#define CSR_MIE 0x304
#define CSR_MTVEC 0x305
#define CSR_MCOUNTEREN 0x306
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_MSCRATCH 0x340
#define CSR_MEPC 0x341
#define CSR_MCAUSE 0x342
#define CSR_MTVAL 0x343
#define CSR_MIP 0x344
#define CSR_MCYCLE 0xb00
#define CSR_MINSTRET 0xb02
#define CSR_CYCLE 0xc00
#define CSR_TIME 0xc01
#define CSR_INSTRET 0xc02
#define CSR_MHARTID 0xf14

#define MSTATUS_SIE  (1ull << 1)
#define MSTATUS_MIE  (1ull << 3)
#define MSTATUS_SPIE (1ull << 5)
#define MSTATUS_MPIE (1ull << 7)
#define MSTATUS_SPP  (1ull << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPRV (1ull << 17)
#define MSTATUS_SUM  (1ull << 18)
#define MSTATUS_MXR  (1ull << 19)
#define MSTATUS_TVM  (1ull << 20)
#define MSTATUS_TW   (1ull << 21)
#define MSTATUS_TSR  (1ull << 22)

#define INTERRUPT_BIT (1ull << 63)

/* Scratch registers used by the helpers. */
#define T0 28
#define T1 29

struct hfix {
	struct soc *soc;
	struct hart *h;
};

static inline int hfix_setup(void **state)
{
	struct soc_config cfg = {
		.dram_size = DRAM_SIZE,
		.nharts = 1,
		.timebase_hz = 10000000,
		.clock_hz = 100000000,
		.isa = "rv64imac_zicsr_zifencei",
		.mmu = "riscv,sv39",
		.console = stderr,
	};
	struct hfix *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	f->soc = soc_create(&cfg);
	f->h = f->soc ? hart_create(f->soc, 0) : NULL;
	if (!f->h)
		return -1;
	hart_reset(f->h, CODE_BASE);
	*state = f;
	return 0;
}

static inline int hfix_teardown(void **state)
{
	struct hfix *f = *state;

	hart_destroy(f->h);
	soc_destroy(f->soc);
	free(f);
	return 0;
}

static inline uint8_t *dram(struct hfix *f, uint64_t pa, uint64_t len)
{
	uint8_t *p = soc_dram(f->soc, pa, len);

	assert_non_null(p);
	return p;
}

static inline void poke32(struct hfix *f, uint64_t pa, uint32_t v)
{
	memcpy(dram(f, pa, 4), &v, 4);
}

static inline void poke16(struct hfix *f, uint64_t pa, uint16_t v)
{
	memcpy(dram(f, pa, 2), &v, 2);
}

static inline void poke64(struct hfix *f, uint64_t pa, uint64_t v)
{
	memcpy(dram(f, pa, 8), &v, 8);
}

static inline uint64_t peek64(struct hfix *f, uint64_t pa)
{
	uint64_t v;

	memcpy(&v, dram(f, pa, 8), 8);
	return v;
}

/* --- encoders of the 32-bit formats --- */

static inline uint32_t enc_r(unsigned f7, unsigned rs2, unsigned rs1, unsigned f3,
			     unsigned rd, unsigned op)
{
	return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static inline uint32_t enc_i(int32_t imm, unsigned rs1, unsigned f3, unsigned rd, unsigned op)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static inline uint32_t enc_s(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3, unsigned op)
{
	uint32_t i = (uint32_t)imm;

	return (i >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (i & 0x1f) << 7 | op;
}

static inline uint32_t enc_b(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3)
{
	uint32_t i = (uint32_t)imm;

	return (i >> 12 & 1) << 31 | (i >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 |
	       f3 << 12 | (i >> 1 & 0xf) << 8 | (i >> 11 & 1) << 7 | 0x63;
}

static inline uint32_t enc_j(int32_t imm, unsigned rd)
{
	uint32_t i = (uint32_t)imm;

	return (i >> 20 & 1) << 31 | (i >> 1 & 0x3ff) << 21 | (i >> 11 & 1) << 20 |
	       (i >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
}

static inline uint32_t addi(unsigned rd, unsigned rs1, int32_t imm)
{
	return enc_i(imm, rs1, 0, rd, 0x13);
}

static inline uint32_t op(unsigned f7, unsigned f3, unsigned rd, unsigned rs1, unsigned rs2)
{
	return enc_r(f7, rs2, rs1, f3, rd, 0x33);
}

static inline uint32_t op32(unsigned f7, unsigned f3, unsigned rd, unsigned rs1, unsigned rs2)
{
	return enc_r(f7, rs2, rs1, f3, rd, 0x3b);
}

static inline uint32_t load(unsigned f3, unsigned rd, unsigned rs1, int32_t imm)
{
	return enc_i(imm, rs1, f3, rd, 0x03);
}

static inline uint32_t store(unsigned f3, unsigned rs2, unsigned rs1, int32_t imm)
{
	return enc_s(imm, rs2, rs1, f3, 0x23);
}

static inline uint32_t amo(unsigned funct5, unsigned f3, unsigned rd, unsigned rs1, unsigned rs2)
{
	return enc_r(funct5 << 2, rs2, rs1, f3, rd, 0x2f);
}

static inline uint32_t csrrw(unsigned rd, unsigned csr, unsigned rs1)
{
	return enc_i((int32_t)csr, rs1, 1, rd, 0x73);
}

static inline uint32_t csrrs(unsigned rd, unsigned csr, unsigned rs1)
{
	return enc_i((int32_t)csr, rs1, 2, rd, 0x73);
}

static inline uint32_t csrrc(unsigned rd, unsigned csr, unsigned rs1)
{
	return enc_i((int32_t)csr, rs1, 3, rd, 0x73);
}

static inline uint32_t csrrsi(unsigned rd, unsigned csr, unsigned uimm)
{
	return enc_i((int32_t)csr, uimm, 6, rd, 0x73);
}

#define INSN_ECALL  0x00000073u
#define INSN_EBREAK 0x00100073u
#define INSN_MRET   0x30200073u
#define INSN_SRET   0x10200073u
#define INSN_NOP    0x00000013u

static inline uint32_t sfence_vma(unsigned rs1, unsigned rs2)
{
	return enc_r(0x09, rs2, rs1, 0, 0, 0x73);
}

/* --- stepping --- */

/* Places a 32-bit instruction at the pc (a virtual address, written as a
 * store of the current privilege would) and steps it. */
static inline struct commit exec32(struct hfix *f, uint32_t insn)
{
	struct commit c;

	assert_int_equal(hart_write_virt(f->h, hart_pc(f->h), &insn, 4), 0);
	memset(&c, 0xa5, sizeof(c));
	hart_step(f->h, &c);
	return c;
}

static inline struct commit exec16(struct hfix *f, uint16_t insn)
{
	struct commit c;

	assert_int_equal(hart_write_virt(f->h, hart_pc(f->h), &insn, 2), 0);
	memset(&c, 0xa5, sizeof(c));
	hart_step(f->h, &c);
	return c;
}

static inline void assert_retired(const struct commit *c)
{
	assert_false(c->trap);
}

static inline void assert_trap(const struct commit *c, uint64_t cause, uint64_t tval)
{
	assert_true(c->trap);
	assert_int_equal(c->cause, cause);
	assert_int_equal(c->tval, tval);
	assert_int_equal(c->rd, 0);
	assert_int_equal(c->mem_size, 0);
}

static inline uint64_t csr(struct hfix *f, unsigned n)
{
	uint64_t v = 0;

	assert_true(hart_csr(f->h, n, &v));
	return v;
}

/* Writes a CSR with an instruction (the hart must be allowed to). */
static inline void csr_write(struct hfix *f, unsigned n, uint64_t v)
{
	struct commit c;

	hart_set_reg(f->h, T0, v);
	c = exec32(f, csrrw(0, n, T0));
	assert_retired(&c);
}

/* From M-mode, drops to priv (U or S) at the next instruction. */
static inline void enter_priv(struct hfix *f, unsigned priv)
{
	uint64_t s = csr(f, CSR_MSTATUS) & ~(3ull << MSTATUS_MPP_SHIFT);
	struct commit c;

	assert_int_equal(hart_priv(f->h), PRIV_M);
	csr_write(f, CSR_MSTATUS, s | (uint64_t)priv << MSTATUS_MPP_SHIFT);
	csr_write(f, CSR_MEPC, hart_pc(f->h) + 8);
	c = exec32(f, INSN_MRET);
	assert_retired(&c);
	assert_int_equal(hart_priv(f->h), priv);
}

#endif
