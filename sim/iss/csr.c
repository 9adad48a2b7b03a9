/* The CSR file of privileged spec 1.12 for an RV64 M/S/U hart without PMP
 * entries or hardware performance events, with or without F and D.
 * Choices where the spec leaves freedom (the RTL implements the same):
 * - misa reads RV64 ACIMSU, and D and F on a hart with them; writes are
 *   ignored.
 * - mstatus: UXL = SXL = 2, VS = XS = 0, no big-endian bits; FS is
 *   read-only zero without F and D; SD = (FS == Dirty). Writing MPP = 2
 *   (reserved) leaves MPP unchanged.
 * - fflags, frm, fcsr exist with F and D; while FS is Off they are
 *   illegal, like every F and D instruction. Writing them makes FS Dirty.
 * - mtvec/stvec: MODE bit 1 is hardwired to 0 (direct and vectored only).
 * - mepc/sepc: bit 0 is hardwired to 0 (IALIGN = 16).
 * - medeleg: bits 0-9, 12, 13, 15 are writable; mideleg: SSI, STI, SEI
 *   and the TEA interrupt (16).
 * - satp: Bare and Sv39; a write with any other MODE is ignored; 16 ASID
 *   bits and 44 PPN bits are writable.
 * - menvcfg/senvcfg and all pmpcfg/pmpaddr read 0 and ignore writes.
 * - mcycle counts one per step (retired instruction or trap), minstret one
 *   per retired instruction; a write to either is what the next
 *   instruction reads. mhpmcounter3..HPM_LAST and their mhpmevents, one
 *   per event of tea/hpm.h, hold what is written (the RTL counts events
 *   in the counters; co-simulation adopts their values); the rest read 0
 *   and ignore writes.
 * - mcountinhibit: CY, IR and the implemented HPM bits are writable; CY
 *   and IR stop the counts.
 * - TEA CSRs (0x5C0-0x5FF, docs/tea-csr.md): tea.c; U mode may access
 *   them only with teactl.UEN. mip/mie/mideleg bit 16 is the TEA interrupt.
 * - Debug triggers: none. tselect and tdata1-3 exist (software probes them)
 *   and read 0, which tdata1 defines as "no trigger at this index"; writes
 *   are ignored. */
#include "iss/hart_internal.h"
#include "tea/csr.h"
#include "attribution/sampler_model.h"

enum csr_number {
	CSR_FFLAGS = 0x001,
	CSR_FRM = 0x002,
	CSR_FCSR = 0x003,
	CSR_SSTATUS = 0x100,
	CSR_SIE = 0x104,
	CSR_STVEC = 0x105,
	CSR_SCOUNTEREN = 0x106,
	CSR_SENVCFG = 0x10a,
	CSR_SSCRATCH = 0x140,
	CSR_SEPC = 0x141,
	CSR_SCAUSE = 0x142,
	CSR_STVAL = 0x143,
	CSR_SIP = 0x144,
	CSR_SATP = 0x180,
	CSR_MSTATUS = 0x300,
	CSR_MISA = 0x301,
	CSR_MEDELEG = 0x302,
	CSR_MIDELEG = 0x303,
	CSR_MIE = 0x304,
	CSR_MTVEC = 0x305,
	CSR_MCOUNTEREN = 0x306,
	CSR_MENVCFG = 0x30a,
	CSR_MCOUNTINHIBIT = 0x320,
	CSR_MHPMEVENT3 = 0x323,
	CSR_MHPMEVENT31 = 0x33f,
	CSR_MSCRATCH = 0x340,
	CSR_MEPC = 0x341,
	CSR_MCAUSE = 0x342,
	CSR_MTVAL = 0x343,
	CSR_MIP = 0x344,
	CSR_PMPCFG0 = 0x3a0,
	CSR_PMPCFG15 = 0x3af,
	CSR_PMPADDR0 = 0x3b0,
	CSR_PMPADDR63 = 0x3ef,
	CSR_MCYCLE = 0xb00,
	CSR_MINSTRET = 0xb02,
	CSR_MHPMCOUNTER3 = 0xb03,
	CSR_MHPMCOUNTER31 = 0xb1f,
	CSR_CYCLE = 0xc00,
	CSR_TIME = 0xc01,
	CSR_INSTRET = 0xc02,
	CSR_HPMCOUNTER3 = 0xc03,
	CSR_HPMCOUNTER31 = 0xc1f,
	CSR_TSELECT = 0x7a0,
	CSR_TDATA1 = 0x7a1,
	CSR_TDATA2 = 0x7a2,
	CSR_TDATA3 = 0x7a3,
	CSR_MVENDORID = 0xf11,
	CSR_MARCHID = 0xf12,
	CSR_MIMPID = 0xf13,
	CSR_MHARTID = 0xf14,
	CSR_MCONFIGPTR = 0xf15,
};

#define MISA_VALUE ((2ull << 62) | (1u << ('A' - 'A')) | (1u << ('C' - 'A')) | \
		    (1u << ('I' - 'A')) | (1u << ('M' - 'A')) | \
		    (1u << ('S' - 'A')) | (1u << ('U' - 'A')))
#define MISA_FD ((1u << ('D' - 'A')) | (1u << ('F' - 'A')))

#define MSTATUS_WRITABLE (MSTATUS_SIE | MSTATUS_MIE | MSTATUS_SPIE | MSTATUS_MPIE | \
			  MSTATUS_SPP | MSTATUS_MPP | MSTATUS_MPRV | MSTATUS_SUM | \
			  MSTATUS_MXR | MSTATUS_TVM | MSTATUS_TW | MSTATUS_TSR)
#define SSTATUS_WRITABLE (MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | \
			  MSTATUS_MXR)
#define SSTATUS_VISIBLE (SSTATUS_WRITABLE | MSTATUS_UXL | MSTATUS_FS | MSTATUS_SD)

#define MEDELEG_WRITABLE 0xb3ffull
#define MCOUNTINHIBIT_WRITABLE (((2u << HPM_LAST) - 1) & ~2u)

void csr_reset(struct hart *h)
{
	h->mstatus = MSTATUS_XL64;
	h->fflags = 0;
	h->frm = 0;
	h->mie = 0;
	h->mip_sw = 0;
	h->mideleg = 0;
	h->medeleg = 0;
	h->mtvec = 0;
	h->stvec = 0;
	h->mepc = 0;
	h->sepc = 0;
	h->mcause = 0;
	h->scause = 0;
	h->mtval = 0;
	h->stval = 0;
	h->mscratch = 0;
	h->sscratch = 0;
	h->satp = 0;
	h->mcounteren = 0;
	h->scounteren = 0;
	h->mcountinhibit = 0;
	h->cycle = 0;
	h->instret = 0;
	h->cycle_inc = 1;
	h->instret_inc = 1;
	memset(h->mhpmcounter, 0, sizeof(h->mhpmcounter));
	memset(h->mhpmevent, 0, sizeof(h->mhpmevent));
	tea_reset(h);
}

/* SD is not kept: it reads 1 while FS is Dirty (VS and XS are 0). */
static uint64_t read_mstatus(const struct hart *h)
{
	return h->mstatus | ((h->mstatus & MSTATUS_FS) == MSTATUS_FS_DIRTY ? MSTATUS_SD : 0);
}

static uint64_t read_mip(const struct hart *h)
{
	uint64_t lines = soc_irq_lines(h->soc, h->hartid) &
			 (MIP_MSIP | MIP_MTIP | MIP_MEIP | MIP_SEIP);

	return h->mip_sw | lines | (h->tea_irq ? MIP_TEA : 0);
}

/* Whether the HPM counter (or event) csr names is one of 3..HPM_LAST. */
static bool hpm_implemented(unsigned csr)
{
	return (csr & 0x1f) <= HPM_LAST;
}

static bool read_counter(const struct hart *h, unsigned csr, uint64_t *v)
{
	unsigned n = csr & 0x1f;

	if (n == 0)
		*v = h->cycle;
	else if (n == 2)
		*v = h->instret;
	else if (n >= 3)
		*v = hpm_implemented(csr) ? h->mhpmcounter[n] : 0;
	else if (csr == CSR_TIME)
		*v = soc_mtime(h->soc);
	else
		return false;
	return true;
}

static bool read_supervisor_csr(const struct hart *h, unsigned csr, uint64_t *v)
{
	switch (csr) {
	case CSR_SSTATUS:
		*v = read_mstatus(h) & SSTATUS_VISIBLE;
		break;
	case CSR_SIE:
		*v = h->mie & h->mideleg;
		break;
	case CSR_SIP:
		*v = read_mip(h) & h->mideleg;
		break;
	case CSR_STVEC:
		*v = h->stvec;
		break;
	case CSR_SCOUNTEREN:
		*v = h->scounteren;
		break;
	case CSR_SSCRATCH:
		*v = h->sscratch;
		break;
	case CSR_SEPC:
		*v = h->sepc;
		break;
	case CSR_SCAUSE:
		*v = h->scause;
		break;
	case CSR_STVAL:
		*v = h->stval;
		break;
	case CSR_SATP:
		*v = h->satp;
		break;
	case CSR_SENVCFG:
		*v = 0;
		break;
	default:
		return false;
	}
	return true;
}

static bool read_machine_csr(const struct hart *h, unsigned csr, uint64_t *v)
{
	switch (csr) {
	case CSR_MSTATUS:
		*v = read_mstatus(h);
		break;
	case CSR_MISA:
		*v = MISA_VALUE | (h->has_fp ? MISA_FD : 0);
		break;
	case CSR_MEDELEG:
		*v = h->medeleg;
		break;
	case CSR_MIDELEG:
		*v = h->mideleg;
		break;
	case CSR_MIE:
		*v = h->mie;
		break;
	case CSR_MIP:
		*v = read_mip(h);
		break;
	case CSR_MTVEC:
		*v = h->mtvec;
		break;
	case CSR_MCOUNTEREN:
		*v = h->mcounteren;
		break;
	case CSR_MCOUNTINHIBIT:
		*v = h->mcountinhibit;
		break;
	case CSR_MSCRATCH:
		*v = h->mscratch;
		break;
	case CSR_MEPC:
		*v = h->mepc;
		break;
	case CSR_MCAUSE:
		*v = h->mcause;
		break;
	case CSR_MTVAL:
		*v = h->mtval;
		break;
	case CSR_MHARTID:
		*v = h->hartid;
		break;
	case CSR_MVENDORID:
	case CSR_MARCHID:
	case CSR_MIMPID:
	case CSR_MCONFIGPTR:
	case CSR_MENVCFG:
	case CSR_TSELECT:
	case CSR_TDATA1:
	case CSR_TDATA2:
	case CSR_TDATA3:
		*v = 0;
		break;
	default:
		return false;
	}
	return true;
}

static bool is_tea_csr(unsigned csr)
{
	return csr >= TEA_CSR_FIRST && csr <= TEA_CSR_LAST;
}


static bool read_fp_csr(const struct hart *h, unsigned csr, uint64_t *v)
{
	if (!h->has_fp)
		return false;
	switch (csr) {
	case CSR_FFLAGS:
		*v = h->fflags;
		break;
	case CSR_FRM:
		*v = h->frm;
		break;
	case CSR_FCSR:
		*v = (uint64_t)h->frm << 5 | h->fflags;
		break;
	default:
		return false;
	}
	return true;
}

/* Reads a CSR as software sees it; false when it does not exist. */
bool csr_read(const struct hart *h, unsigned csr, uint64_t *v)
{
	if (read_supervisor_csr(h, csr, v) || read_machine_csr(h, csr, v) ||
	    read_fp_csr(h, csr, v))
		return true;
	if (is_tea_csr(csr)) {
		if (!tea_csr_exists(h, csr))
			return false;
		tea_csr_read(h, csr, v);
		return true;
	}
	if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
		*v = hpm_implemented(csr) ? h->mhpmevent[csr & 0x1f] : 0;
		return true;
	}
	/* RV64 has only the even-numbered pmpcfg registers. */
	if ((csr >= CSR_PMPCFG0 && csr <= CSR_PMPCFG15 && !(csr & 1)) ||
	    (csr >= CSR_PMPADDR0 && csr <= CSR_PMPADDR63)) {
		*v = 0;
		return true;
	}
	if ((csr >= CSR_MCYCLE && csr <= CSR_MHPMCOUNTER31 && csr != CSR_MCYCLE + 1) ||
	    (csr >= CSR_CYCLE && csr <= CSR_HPMCOUNTER31))
		return read_counter(h, csr, v);
	return false;
}

/* Privilege, read-only and trap-virtualization checks of an existing CSR. */
static bool csr_permitted(const struct hart *h, unsigned csr, bool write)
{
	if (is_tea_csr(csr))
		return (!write || tea_csr_writable(csr)) &&
		       (h->priv != PRIV_U || (tea_csr_ctl(h) & TEA_CTL_UEN));
	if (((csr >> 8) & 3) > h->priv)
		return false;
	if (csr >= CSR_FFLAGS && csr <= CSR_FCSR && !hart_fp_enabled(h))
		return false;
	if (write && (csr >> 10) == 3)
		return false;
	if (csr == CSR_SATP && h->priv == PRIV_S && (h->mstatus & MSTATUS_TVM))
		return false;
	if (csr >= CSR_CYCLE && csr <= CSR_HPMCOUNTER31) {
		unsigned bit = csr & 0x1f;
		if (h->priv < PRIV_M && !((h->mcounteren >> bit) & 1))
			return false;
		if (h->priv == PRIV_U && !((h->scounteren >> bit) & 1))
			return false;
	}
	return true;
}

static void write_mstatus(struct hart *h, uint64_t v, uint64_t writable)
{
	uint64_t nv;

	if (h->has_fp)
		writable |= MSTATUS_FS;
	nv = (h->mstatus & ~writable) | (v & writable);
	if (((nv & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT) == 2)
		nv = (nv & ~MSTATUS_MPP) | (h->mstatus & MSTATUS_MPP);
	h->mstatus = nv;
}

static bool write_fp_csr(struct hart *h, unsigned csr, uint64_t v)
{
	switch (csr) {
	case CSR_FFLAGS:
		h->fflags = v & 0x1f;
		break;
	case CSR_FRM:
		h->frm = v & 7;
		break;
	case CSR_FCSR:
		h->fflags = v & 0x1f;
		h->frm = (v >> 5) & 7;
		break;
	default:
		return false;
	}
	hart_fp_dirty(h);
	return true;
}

static void write_satp(struct hart *h, uint64_t v)
{
	uint64_t mode = v >> SATP_MODE_SHIFT;

	if (mode != SATP_MODE_BARE && mode != SATP_MODE_SV39)
		return;
	h->satp = v & ((0xfull << SATP_MODE_SHIFT) | SATP_ASID_MASK | SATP_PPN_MASK);
	mmu_flush(h);
}

static void write_counter_inhibit(struct hart *h, uint64_t v)
{
	h->mcountinhibit = (uint32_t)v & MCOUNTINHIBIT_WRITABLE;
	h->cycle_inc = !(h->mcountinhibit & 1);
	h->instret_inc = !(h->mcountinhibit & 4);
}

/* Writes an existing, writable supervisor CSR; false for another CSR. */
static bool write_supervisor_csr(struct hart *h, unsigned csr, uint64_t v)
{
	uint64_t ssip = h->mideleg & MIP_SSIP;

	switch (csr) {
	case CSR_SSTATUS:
		write_mstatus(h, v, SSTATUS_WRITABLE);
		break;
	case CSR_SIE:
		h->mie = (h->mie & ~h->mideleg) | (v & h->mideleg);
		break;
	case CSR_SIP:
		h->mip_sw = (h->mip_sw & ~ssip) | (v & ssip);
		break;
	case CSR_STVEC:
		h->stvec = v & ~2ull;
		break;
	case CSR_SCOUNTEREN:
		h->scounteren = (uint32_t)v;
		break;
	case CSR_SSCRATCH:
		h->sscratch = v;
		break;
	case CSR_SEPC:
		h->sepc = v & ~1ull;
		break;
	case CSR_SCAUSE:
		h->scause = v;
		break;
	case CSR_STVAL:
		h->stval = v;
		break;
	case CSR_SATP:
		write_satp(h, v);
		break;
	default:
		return false;
	}
	return true;
}

static bool write_machine_csr(struct hart *h, unsigned csr, uint64_t v)
{
	switch (csr) {
	case CSR_MSTATUS:
		write_mstatus(h, v, MSTATUS_WRITABLE);
		break;
	case CSR_MEDELEG:
		h->medeleg = v & MEDELEG_WRITABLE;
		break;
	case CSR_MIDELEG:
		h->mideleg = v & MIP_DELEGABLE;
		break;
	case CSR_MIE:
		h->mie = v & MIP_ALL;
		break;
	case CSR_MIP:
		h->mip_sw = v & MIP_S_MASK;
		break;
	case CSR_MTVEC:
		h->mtvec = v & ~2ull;
		break;
	case CSR_MCOUNTEREN:
		h->mcounteren = (uint32_t)v;
		break;
	case CSR_MCOUNTINHIBIT:
		write_counter_inhibit(h, v);
		break;
	case CSR_MSCRATCH:
		h->mscratch = v;
		break;
	case CSR_MEPC:
		h->mepc = v & ~1ull;
		break;
	case CSR_MCAUSE:
		h->mcause = v;
		break;
	case CSR_MTVAL:
		h->mtval = v;
		break;
	/* The step that writes a counter adds its own increment afterwards. */
	case CSR_MCYCLE:
		h->cycle = v - h->cycle_inc;
		break;
	case CSR_MINSTRET:
		h->instret = v - h->instret_inc;
		break;
	default:
		return false;
	}
	return true;
}

/* Writes an existing, writable CSR with the WARL rules above. */
static void csr_write(struct hart *h, unsigned csr, uint64_t v)
{
	if (write_supervisor_csr(h, csr, v) || write_machine_csr(h, csr, v) ||
	    write_fp_csr(h, csr, v))
		return;
	if (is_tea_csr(csr))
		tea_csr_write(h, csr, v);
	else if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31 && hpm_implemented(csr))
		h->mhpmevent[csr & 0x1f] = v;
	else if (csr >= CSR_MHPMCOUNTER3 && csr <= CSR_MHPMCOUNTER31 && hpm_implemented(csr))
		h->mhpmcounter[csr & 0x1f] = v;
	/* misa, menvcfg, senvcfg, pmpcfg*, pmpaddr*, tselect, tdata* and the
	 * unimplemented HPM counters: writes are ignored */
}

/* CSRRW, CSRRS, CSRRC and their immediate forms. CSRRS/CSRRC with x0 (or a
 * zero immediate) do not write, so they may read read-only CSRs. */
bool csr_execute(struct hart *h, uint32_t insn)
{
	unsigned csr = insn >> 20, rd = (insn >> 7) & 31, rs1 = (insn >> 15) & 31;
	unsigned f3 = (insn >> 12) & 7;
	uint64_t src = (f3 & 4) ? rs1 : h->x[rs1];
	bool write = (f3 & 3) == 1 || rs1 != 0;
	uint64_t old, base;

	if ((f3 & 3) == 0 || !csr_read(h, csr, &old) || !csr_permitted(h, csr, write))
		return hart_raise(h, CAUSE_ILLEGAL_INSN, 0);
	/* Only the software-writable SEIP takes part in a read-modify-write
	 * of mip; the line from the PLIC is ORed in for reads only. */
	base = csr == CSR_MIP ? (old & ~MIP_SEIP) | (h->mip_sw & MIP_SEIP) : old;
	if (write) {
		switch (f3 & 3) {
		case 1:
			csr_write(h, csr, src);
			break;
		case 2:
			csr_write(h, csr, base | src);
			break;
		default:
			csr_write(h, csr, base & ~src);
			break;
		}
		mmu_update_keys(h);
		h->check_irq = true;
	}
	h->x[rd] = old;
	h->x[0] = 0;
	return true;
}
