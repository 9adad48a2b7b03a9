/* State of one hart and the helpers shared by the ISS's files: hart.c (step
 * and run loop), trap.c (exceptions, interrupts, xRET), execute.c (the
 * 32-bit instruction set), compressed.c (RVC expansion), csr.c (the CSR
 * file) and mmu.c (Sv39, the software TLB and memory access). */
#ifndef TEA_SIM_ISS_HART_INTERNAL_H
#define TEA_SIM_ISS_HART_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "iss/hart.h"
#include "tea/csr.h"
#include "tea/hpm.h"

/* mhpmcounter3 .. HPM_LAST: one counter per event. */
#define HPM_LAST (2 + TEA_HPM_NUM_EVENTS)

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define PAGE_SHIFT 12
#define PAGE_SIZE  (1ull << PAGE_SHIFT)
#define PAGE_OFFSET_MASK (PAGE_SIZE - 1)

/* Exception causes (mcause with the interrupt bit clear). */
enum {
	CAUSE_FETCH_MISALIGNED = 0,
	CAUSE_FETCH_ACCESS = 1,
	CAUSE_ILLEGAL_INSN = 2,
	CAUSE_BREAKPOINT = 3,
	CAUSE_LOAD_MISALIGNED = 4,
	CAUSE_LOAD_ACCESS = 5,
	CAUSE_STORE_MISALIGNED = 6,
	CAUSE_STORE_ACCESS = 7,
	CAUSE_ECALL_U = 8,
	CAUSE_ECALL_S = 9,
	CAUSE_ECALL_M = 11,
	CAUSE_FETCH_PAGE_FAULT = 12,
	CAUSE_LOAD_PAGE_FAULT = 13,
	CAUSE_STORE_PAGE_FAULT = 15,
};

/* Interrupt codes, also the bit numbers in mip/mie. */
enum {
	IRQ_S_SOFT = 1,
	IRQ_M_SOFT = 3,
	IRQ_S_TIMER = 5,
	IRQ_M_TIMER = 7,
	IRQ_S_EXT = 9,
	IRQ_M_EXT = 11,
	IRQ_TEA = 16,		/* a TEA sample waits (driver/include/tea/csr.h) */
};

#define CAUSE_INTERRUPT (1ull << 63)

#define MIP_SSIP (1ull << IRQ_S_SOFT)
#define MIP_MSIP (1ull << IRQ_M_SOFT)
#define MIP_STIP (1ull << IRQ_S_TIMER)
#define MIP_MTIP (1ull << IRQ_M_TIMER)
#define MIP_SEIP (1ull << IRQ_S_EXT)
#define MIP_MEIP (1ull << IRQ_M_EXT)
#define MIP_TEA (1ull << IRQ_TEA)
#define MIP_S_MASK (MIP_SSIP | MIP_STIP | MIP_SEIP)	/* software-writable in mip */
#define MIP_DELEGABLE (MIP_S_MASK | MIP_TEA)
#define MIP_ALL (MIP_S_MASK | MIP_MSIP | MIP_MTIP | MIP_MEIP | MIP_TEA)

#define MSTATUS_SIE  (1ull << 1)
#define MSTATUS_MIE  (1ull << 3)
#define MSTATUS_SPIE (1ull << 5)
#define MSTATUS_MPIE (1ull << 7)
#define MSTATUS_SPP  (1ull << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPP  (3ull << MSTATUS_MPP_SHIFT)
#define MSTATUS_FS_SHIFT 13
#define MSTATUS_FS   (3ull << MSTATUS_FS_SHIFT)
#define MSTATUS_FS_DIRTY MSTATUS_FS
#define MSTATUS_MPRV (1ull << 17)
#define MSTATUS_SUM  (1ull << 18)
#define MSTATUS_MXR  (1ull << 19)
#define MSTATUS_TVM  (1ull << 20)
#define MSTATUS_TW   (1ull << 21)
#define MSTATUS_TSR  (1ull << 22)
#define MSTATUS_UXL  (3ull << 32)
#define MSTATUS_SXL  (3ull << 34)
#define MSTATUS_SD   (1ull << 63)
/* UXL = SXL = 2: U and S run with XLEN 64. */
#define MSTATUS_XL64 ((2ull << 32) | (2ull << 34))

#define SATP_MODE_SHIFT 60
#define SATP_MODE_BARE 0ull
#define SATP_MODE_SV39 8ull
#define SATP_ASID_MASK (0xffffull << 44)
#define SATP_PPN_MASK  ((1ull << 44) - 1)

enum access { ACCESS_FETCH, ACCESS_LOAD, ACCESS_STORE };

/* One cached translation of a 4 KiB page. A superpage is cached one 4 KiB
 * piece at a time. The tag is the page's virtual address ORed with the
 * access context key (see mmu_update_keys), so a change of privilege or of
 * SUM/MXR selects other entries instead of flushing; 0 is never a valid
 * tag. The TLB only holds translations that passed every check for its
 * access type, so a hit needs no further permission check. */
struct tlb_entry {
	uint64_t tag;
	uint8_t *host;   /* the page in host memory (DRAM), or NULL: use soc */
	uint64_t pa;     /* physical address of the page */
};

#define TLB_ENTRIES 256
#define TLB_INDEX(va) (((va) >> PAGE_SHIFT) & (TLB_ENTRIES - 1))

struct tlb {
	struct tlb_entry fetch[TLB_ENTRIES];
	struct tlb_entry load[TLB_ENTRIES];
	struct tlb_entry store[TLB_ENTRIES];
};

struct hart {
	uint64_t x[32];
	uint64_t pc;
	unsigned priv;

	/* F and D (execute_fp.c): only with has_fp, which misa shows. Single
	 * values sit NaN-boxed in the f registers. */
	bool has_fp;
	uint64_t f[32];
	uint8_t fflags;
	uint8_t frm;

	/* Every physical address the hart fetches from (a line at a time),
	 * reads or writes, page-table entries too, for teasim's functional
	 * warming (hart_set_access_hook; NULL: none). */
	void (*on_access)(void *ctx, uint64_t pa);
	void *on_access_ctx;
	uint64_t fetch_line;	/* the line fetched from last, for on_access */

	/* Access context keys for the TLB tags; recomputed whenever priv or
	 * mstatus changes. */
	uint64_t fetch_key;
	uint64_t load_key;
	uint64_t store_key;

	/* Set when interrupts must be re-evaluated at the next instruction
	 * boundary (a CSR write, a trap, an xRET, a device access). */
	bool check_irq;
	bool stop;

	/* The stop point (hart_set_stop_point): the pc hart_run stops before
	 * (NO_STOP_PC: none), the marker it stops after (0: none), and
	 * whether one was reached. */
	uint64_t stop_pc;
	uint32_t stop_marker;
	bool reached;

	/* The last step loaded from a device rather than memory. */
	bool device_load;

	/* The exception an instruction raised (it returned false). An illegal
	 * instruction's tval is filled by the caller, which has the raw bits. */
	uint64_t exc_cause;
	uint64_t exc_tval;

	/* The address the last load, store or AMO accessed or tried: TEA's
	 * data address (hart_data_access). */
	uint64_t daddr;

	/* The last store (also AMO, successful SC), for the commit record. */
	unsigned st_size;
	uint64_t st_addr;
	uint64_t st_value;

	/* LR/SC reservation: the naturally aligned 8-byte block of the LR. */
	bool resv_valid;
	uint64_t resv_addr;

	/* Counters; mcountinhibit clears the increments. */
	uint64_t cycle;
	uint64_t instret;
	uint64_t cycle_inc;
	uint64_t instret_inc;

	uint64_t mstatus;
	uint64_t mie;
	uint64_t mip_sw;        /* software-writable mip bits: SSIP, STIP, SEIP */
	uint64_t irq_lines;     /* MSIP, MTIP, MEIP, SEIP as last sampled */
	uint64_t mideleg;
	uint64_t medeleg;
	uint64_t mtvec;
	uint64_t stvec;
	uint64_t mepc;
	uint64_t sepc;
	uint64_t mcause;
	uint64_t scause;
	uint64_t mtval;
	uint64_t stval;
	uint64_t mscratch;
	uint64_t sscratch;
	uint64_t satp;
	uint32_t mcounteren;
	uint32_t scounteren;
	uint32_t mcountinhibit;
	/* One counter per event (tea/hpm.h): indices 3..HPM_LAST used. */
	uint64_t mhpmcounter[HPM_LAST + 1];
	uint64_t mhpmevent[HPM_LAST + 1];
	/* TEA CSRs: without a sampler nothing is ever sampled; the ISS
	 * keeps what software writes to teactl ... teacount (indexed from
	 * teactl; teastat is not kept) and applies the access rules for the
	 * commit width of the RTL it is compared with. */
	unsigned tea_width;
	bool tea_irq;		/* the sampler's interrupt line */
	uint64_t tea_held[TEA_CSR_WMARK - TEA_CSR_CTL + 1];
	/* With a sampler (tea.c): its model, and the TEA CSR write of the
	 * instruction executing, applied in its cycle. */
	struct tea_sampler_model *tea_model;
	bool tea_wr;
	/* memory's answer to the sampler's buffer line write in the next
	 * step: it takes the line (ack), and a step later ends it (done) */
	bool tea_buf_ack, tea_buf_done, tea_buf_error;
	/* tea_step has work: the sampler is enabled or a CSR write waits.
	 * The step loop tests this one flag (most runs never enable it). */
	bool tea_busy;
	unsigned tea_wr_csr;
	uint64_t tea_wr_data;

	bool irq_from_soc;
	hart_semihost_fn semihost;
	void *semihost_ctx;
	struct host_mem host_mem;	/* hart_read_virt/hart_write_virt's memory */
	uint64_t htif_words[2];		/* tohost, fromhost (8-aligned), 0: none */

	struct soc *soc;
	unsigned hartid;

	/* RVC expansion of every 16-bit pattern; 0 marks an illegal one. */
	uint32_t *rvc;
	struct tlb tlb;
	bool tlb_has_superpage;
};

/* tea.c: the TEA CSRs, and the sampler's cycle after each step (only with
 * a sampler, h->tea_model, and only while h->tea_busy). */
bool tea_csr_exists(const struct hart *h, unsigned csr);
bool tea_csr_writable(unsigned csr);
uint32_t tea_csr_ctl(const struct hart *h);
void tea_csr_read(const struct hart *h, unsigned csr, uint64_t *v);
void tea_csr_write(struct hart *h, unsigned csr, uint64_t v);
void tea_step(struct hart *h, uint64_t pc, unsigned priv, bool trapped, uint32_t insn,
	      bool daccess, uint64_t daddr);
/* Whether the instruction just executed (@insn in 32-bit form, @trapped
 * when it raised an exception) accessed memory, and the address in *addr
 * (0 when it did not):
 * a load's, store's or AMO's, also one that faulted on its access (not one
 * that raised another exception); a Zicbop prefetch's rs1 plus its offset
 * (imm[11:5] << 5). The RTL reports the same (docs/tea-csr.md, teadaddr). */
bool hart_data_access(const struct hart *h, uint32_t insn, bool trapped, uint64_t *addr);
/* The TEA CSRs and sampler as at reset, the interrupt line low. */
void tea_reset(struct hart *h);

static inline bool hart_raise(struct hart *h, uint64_t cause, uint64_t tval)
{
	h->exc_cause = cause;
	h->exc_tval = tval;
	return false;
}

/* Major opcodes of the 32-bit encodings (execute.c, execute_fp.c, hart.c). */
enum opcode {
	OPC_LOAD = 0x03,
	OPC_LOAD_FP = 0x07,
	OPC_MISC_MEM = 0x0f,
	OPC_OP_IMM = 0x13,
	OPC_AUIPC = 0x17,
	OPC_OP_IMM_32 = 0x1b,
	OPC_STORE = 0x23,
	OPC_STORE_FP = 0x27,
	OPC_AMO = 0x2f,
	OPC_OP = 0x33,
	OPC_LUI = 0x37,
	OPC_OP_32 = 0x3b,
	OPC_MADD = 0x43,
	OPC_MSUB = 0x47,
	OPC_NMSUB = 0x4b,
	OPC_NMADD = 0x4f,
	OPC_OP_FP = 0x53,
	OPC_BRANCH = 0x63,
	OPC_JALR = 0x67,
	OPC_JAL = 0x6f,
	OPC_SYSTEM = 0x73,
};

/* An illegal instruction: its caller fills tval with the raw bits. */
static inline bool illegal(struct hart *h)
{
	return hart_raise(h, CAUSE_ILLEGAL_INSN, 0);
}

/* Immediates, sign-extended to 64 bits. The sign is spread with an
 * arithmetic right shift and moved into place as unsigned, since shifting
 * a negative value left is undefined in C. */
static inline uint64_t sign_bits(uint32_t insn, unsigned shift)
{
	return (uint64_t)((int64_t)(int32_t)insn >> shift);
}

static inline uint64_t imm_i(uint32_t insn)
{
	return sign_bits(insn, 20);
}

static inline uint64_t imm_s(uint32_t insn)
{
	return sign_bits(insn, 25) << 5 | ((insn >> 7) & 0x1f);
}

static inline unsigned hart_data_priv(const struct hart *h)
{
	if (h->priv == PRIV_M && (h->mstatus & MSTATUS_MPRV))
		return (h->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	return h->priv;
}

/* compressed.c */
uint32_t rvc_expand(uint16_t insn);
uint32_t rvc_expand_fp(uint16_t insn);
void rvc_fill_table(uint32_t *table, bool fp);

/* execute.c: runs one instruction in its 32-bit form (len is 2 for an
 * expanded compressed one). Returns false with the exception in exc_cause
 * and exc_tval; nothing architectural changed then. */
bool hart_execute(struct hart *h, uint32_t insn, unsigned len);

/* execute_fp.c: the F and D instructions (major opcodes LOAD-FP,
 * STORE-FP, the four fused multiply-adds and OP-FP), as hart_execute. */
bool hart_execute_fp(struct hart *h, uint32_t insn, unsigned len);
/* The commit record's rd of a retired F or D instruction: an x register
 * (compares, conversions to integers, moves to x, fclass) or COMMIT_RD_F +
 * its f register. */
unsigned fp_retired_rd(uint32_t insn);

/* An f register or fflags changed: mstatus.FS becomes Dirty. */
static inline void hart_fp_dirty(struct hart *h)
{
	h->mstatus |= MSTATUS_FS_DIRTY;
}

static inline bool hart_fp_enabled(const struct hart *h)
{
	return (h->mstatus & MSTATUS_FS) != 0;
}

/* csr.c */
bool csr_read(const struct hart *h, unsigned csr, uint64_t *v);
bool csr_execute(struct hart *h, uint32_t insn);
void csr_reset(struct hart *h);

/* trap.c */
void hart_trap(struct hart *h, uint64_t cause, uint64_t tval);
int hart_pending_interrupt(const struct hart *h);
void hart_sample_irq_lines(struct hart *h);
bool hart_mret(struct hart *h);
bool hart_sret(struct hart *h);

/* mmu.c */
void mmu_update_keys(struct hart *h);
void mmu_flush(struct hart *h);
void mmu_flush_page(struct hart *h, uint64_t va);
bool mmu_fetch16(struct hart *h, uint64_t va, uint16_t *half);
bool mmu_load_slow(struct hart *h, uint64_t va, unsigned size, uint64_t *val);
bool mmu_store_slow(struct hart *h, uint64_t va, unsigned size, uint64_t val);
bool mmu_amo_target(struct hart *h, uint64_t va, uint64_t *pa, uint8_t **host);
bool mmu_peek_insn32(struct hart *h, uint64_t va, uint32_t *insn);

static inline uint64_t mem_read_host(const uint8_t *p, unsigned size)
{
	switch (size) {
	case 1:
		return *p;
	case 2: {
		uint16_t v;
		memcpy(&v, p, 2);
		return v;
	}
	case 4: {
		uint32_t v;
		memcpy(&v, p, 4);
		return v;
	}
	default: {
		uint64_t v;
		memcpy(&v, p, 8);
		return v;
	}
	}
}

static inline void mem_write_host(uint8_t *p, unsigned size, uint64_t v)
{
	switch (size) {
	case 1:
		*p = (uint8_t)v;
		break;
	case 2: {
		uint16_t w = (uint16_t)v;
		memcpy(p, &w, 2);
		break;
	}
	case 4: {
		uint32_t w = (uint32_t)v;
		memcpy(p, &w, 4);
		break;
	}
	default:
		memcpy(p, &v, 8);
		break;
	}
}

/* Loads size bytes (zero-extended) from virtual address va. The host runs
 * little-endian like RISC-V, so DRAM is read in place. */
static inline bool mem_load(struct hart *h, uint64_t va, unsigned size, uint64_t *val)
{
	const struct tlb_entry *e = &h->tlb.load[TLB_INDEX(va)];

	h->daddr = va;
	if (unlikely(va & (size - 1)))
		return hart_raise(h, CAUSE_LOAD_MISALIGNED, va);
	if (likely(e->tag == ((va & ~PAGE_OFFSET_MASK) | h->load_key) && e->host)) {
		*val = mem_read_host(e->host + (va & PAGE_OFFSET_MASK), size);
		if (unlikely(h->on_access))
			h->on_access(h->on_access_ctx, e->pa | (va & PAGE_OFFSET_MASK));
		return true;
	}
	return mmu_load_slow(h, va, size, val);
}

static inline void hart_note_store(struct hart *h, uint64_t va, unsigned size, uint64_t val)
{
	h->st_size = size;
	h->st_addr = va;
	h->st_value = size == 8 ? val : val & ((1ull << (size * 8)) - 1);
	if (unlikely(h->resv_valid) && (va & ~7ull) == h->resv_addr)
		h->resv_valid = false;
}

static inline bool mem_store(struct hart *h, uint64_t va, unsigned size, uint64_t val)
{
	const struct tlb_entry *e = &h->tlb.store[TLB_INDEX(va)];

	h->daddr = va;
	if (unlikely(va & (size - 1)))
		return hart_raise(h, CAUSE_STORE_MISALIGNED, va);
	if (likely(e->tag == ((va & ~PAGE_OFFSET_MASK) | h->store_key) && e->host)) {
		mem_write_host(e->host + (va & PAGE_OFFSET_MASK), size, val);
		hart_note_store(h, va, size, val);
		if (unlikely(h->on_access))
			h->on_access(h->on_access_ctx, e->pa | (va & PAGE_OFFSET_MASK));
		return true;
	}
	return mmu_store_slow(h, va, size, val);
}

#endif
