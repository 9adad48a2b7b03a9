/* The RTL core takes over the reference's state (--rtl with --restore or
 * --fast-forward): memory is copied into the DRAM model directly, and the
 * rest enters through the core itself, as Chipyard's LoadArch and gem5's
 * restore do it. A program written here into the boot ROM, run from reset
 * in M-mode, loads each CSR, the f registers and the devices' registers
 * from a table behind it and stops on an EBREAK (the debug halt); the host
 * then writes the integer registers through the debug port and resumes the
 * core at the saved pc in the saved privilege, mstatus as written.
 *
 * Why the order: FS is switched on for the f registers first; mstatus
 * comes last with mie and minstret (after it, MPRV could translate the
 * table's loads), teactl and teacount just before it (sampling starts at
 * once). No
 * interrupt can be taken in between: the reference takes one the moment it
 * is pending and enabled, so a saved state has none waiting, and M-mode
 * takes only what the saved privilege would. */
#include <inttypes.h>
#include <string.h>

#include "soc/soc.h"
#include "tea/csr.h"
#include "tea/hpm.h"
#include "teasim/teasim.h"

/* Where the program goes in the boot ROM: from 12 KiB on, past the reset
 * code and the device tree (rtl_restore_rom checks that they end before). */
#define RESTORE_OFF  0x3000u
#define RESTORE_ROOM ((unsigned)SOC_BOOTROM_SIZE - RESTORE_OFF)

enum { T0 = 5, T1 = 6, T2 = 7, T3 = 28, T4 = 29, T5 = 30 };

#define OP_LOAD    0x03
#define OP_LOAD_FP 0x07
#define OP_IMM     0x13
#define OP_AUIPC   0x17
#define OP_STORE   0x23
#define OP_LUI     0x37
#define OP_JAL     0x6f
#define OP_SYSTEM  0x73
#define INSN_EBREAK 0x00100073u

#define CSR_FCSR       0x003
#define CSR_MSTATUS    0x300
#define CSR_MIE        0x304
#define CSR_MIP        0x344
#define CSR_MINSTRET   0xb02
#define MSTATUS_FS     (3u << 13)

/* The CSRs a program writes that are plain registers of the core; mip is
 * its software bits, the TEA registers come apart (teactl last). */
static const unsigned plain_csrs[] = {
	0x105, 0x106, 0x140, 0x141, 0x142, 0x143, 0x180,	/* stvec ... satp */
	0x302, 0x303, 0x305, 0x306, 0x320,			/* medeleg ... mcountinhibit */
	0x340, 0x341, 0x342, 0x343, 0xb00,			/* mscratch ... mtval, mcycle */
};
static const unsigned tea_csrs[] = {
	TEA_CSR_PERIOD, TEA_CSR_LOST, TEA_CSR_FILT,
	TEA_CSR_BASE, TEA_CSR_LIMIT, TEA_CSR_PTR, TEA_CSR_WMARK,
};

struct program {
	uint32_t code[RESTORE_ROOM / 4];
	uint64_t data[RESTORE_ROOM / 8];
	unsigned ncode, ndata;
};

static uint32_t itype(int32_t imm, unsigned rs1, unsigned f3, unsigned rd, unsigned op)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t stype(int32_t imm, unsigned rs2, unsigned rs1, unsigned f3)
{
	uint32_t u = (uint32_t)imm & 0xfff;

	return (u >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 0x1f) << 7 | OP_STORE;
}

static uint32_t jal(int32_t off)
{
	uint32_t u = (uint32_t)off;

	return ((u >> 20) & 1) << 31 | ((u >> 1) & 0x3ff) << 21 | ((u >> 11) & 1) << 20 |
	       ((u >> 12) & 0xff) << 12 | OP_JAL;
}

static void emit(struct program *p, uint32_t insn)
{
	if (p->ncode < sizeof(p->code) / sizeof(p->code[0]))
		p->code[p->ncode] = insn;
	p->ncode++;
}

/* The next table word into rd (an x or, with op OP_LOAD_FP, an f register). */
static void load_next(struct program *p, unsigned op, unsigned rd, uint64_t v)
{
	if (p->ndata < sizeof(p->data) / sizeof(p->data[0]))
		p->data[p->ndata] = v;
	p->ndata++;
	emit(p, itype(0, T0, 3, rd, op));
	emit(p, itype(8, T0, 0, T0, OP_IMM));
}

static void csr_from(struct program *p, unsigned csr, unsigned rs)
{
	emit(p, itype((int32_t)csr, rs, 1, 0, OP_SYSTEM));	/* csrrw x0, csr, rs */
}

static void write_csr(struct program *p, unsigned csr, uint64_t v)
{
	load_next(p, OP_LOAD, T1, v);
	csr_from(p, csr, T1);
}

static void write_device(struct program *p, const struct soc_mmio_write *w)
{
	static const unsigned f3[9] = { [1] = 0, [4] = 2, [8] = 3 };

	load_next(p, OP_LOAD, T1, w->value);
	load_next(p, OP_LOAD, T2, w->addr);
	emit(p, stype(0, T1, T2, f3[w->size]));
}

/* The program for the reference's state, its table after it. */
static int build(struct run *r, struct program *p, char *why, size_t len)
{
	struct soc_mmio_write dev[SOC_MMIO_WRITES_MAX];
	int ndev = soc_mmio_writes(r->soc, dev, SOC_MMIO_WRITES_MAX, why, len);
	uint64_t v;

	if (ndev < 0)
		return -1;
	emit(p, 0);	/* auipc t0 and addi t0: the table, once its place is known */
	emit(p, 0);
	emit(p, (MSTATUS_FS >> 12) << 12 | T1 << 7 | OP_LUI);
	emit(p, itype(CSR_MSTATUS, T1, 2, 0, OP_SYSTEM));	/* csrrs x0, mstatus, t1 */
	for (unsigned i = 0; i < 32; i++)
		load_next(p, OP_LOAD_FP, i, hart_reg(r->hart, COMMIT_RD_F + i));
	hart_csr(r->hart, CSR_FCSR, &v);
	write_csr(p, CSR_FCSR, v);
	for (unsigned i = 0; i < sizeof(plain_csrs) / sizeof(plain_csrs[0]); i++)
		if (hart_csr(r->hart, plain_csrs[i], &v))
			write_csr(p, plain_csrs[i], v);
	for (unsigned e = 0; e < TEA_HPM_NUM_EVENTS; e++) {
		hart_csr(r->hart, 0x323 + e, &v);
		write_csr(p, 0x323 + e, v);
		hart_csr(r->hart, 0xb03 + e, &v);
		write_csr(p, 0xb03 + e, v);
	}
	write_csr(p, CSR_MIP, hart_mip_software(r->hart));
	for (unsigned i = 0; i < sizeof(tea_csrs) / sizeof(tea_csrs[0]); i++) {
		hart_csr(r->hart, tea_csrs[i], &v);
		write_csr(p, tea_csrs[i], v);
	}
	for (int i = 0; i < ndev; i++)
		write_device(p, &dev[i]);
	hart_csr(r->hart, CSR_MSTATUS, &v);
	load_next(p, OP_LOAD, T1, v);
	hart_csr(r->hart, CSR_MIE, &v);
	load_next(p, OP_LOAD, T2, v);
	load_next(p, OP_LOAD, T3, hart_instret(r->hart));
	hart_csr(r->hart, TEA_CSR_CTL, &v);
	load_next(p, OP_LOAD, T4, v);
	hart_csr(r->hart, TEA_CSR_COUNT, &v);
	load_next(p, OP_LOAD, T5, v);
	csr_from(p, TEA_CSR_CTL, T4);		/* which restarts the count ... */
	csr_from(p, TEA_CSR_COUNT, T5);		/* ... to the one saved */
	csr_from(p, CSR_MSTATUS, T1);
	csr_from(p, CSR_MIE, T2);
	csr_from(p, CSR_MINSTRET, T3);
	emit(p, INSN_EBREAK);
	if (4 * p->ncode + 8 * p->ndata + 8 > RESTORE_ROOM) {
		snprintf(why, len, "the restore program needs %u bytes, the boot ROM has %u",
			 4 * p->ncode + 8 * p->ndata + 8, RESTORE_ROOM);
		return -1;
	}
	return 0;
}

int rtl_restore_rom(struct run *r, uint8_t *rom, size_t size, uint64_t *halt_pc)
{
	static struct program p;
	char why[200];

	memset(&p, 0, sizeof(p));
	if (size != SOC_BOOTROM_SIZE)
		return error(EXIT_ERROR, "the boot ROM is not the SoC's");
	for (size_t i = RESTORE_OFF; i < size; i++)
		if (rom[i])
			return error(EXIT_ERROR, "the RTL cannot take the state over: the boot ROM's "
				     "device tree reaches into the room of the restore program");
	if (build(r, &p, why, sizeof(why)))
		return error(EXIT_ERROR, "the RTL cannot take the state over: %s", why);

	/* the table, 8-byte aligned, right after the code */
	uint32_t table = (RESTORE_OFF + 4 * p.ncode + 7) & ~7u;
	int32_t off = (int32_t)(table - RESTORE_OFF);

	p.code[0] = (uint32_t)((off + 0x800) >> 12) << 12 | T0 << 7 | OP_AUIPC;
	p.code[1] = itype(off - (((off + 0x800) >> 12) << 12), T0, 0, T0, OP_IMM);
	for (unsigned i = 0; i < p.ncode; i++)
		memcpy(rom + RESTORE_OFF + 4 * i, &p.code[i], 4);
	memcpy(rom + table, p.data, 8 * p.ndata);
	/* from reset straight to it: the reset code does not run again */
	uint32_t j = jal(RESTORE_OFF);

	memcpy(rom, &j, 4);
	*halt_pc = SOC_BOOTROM_BASE + RESTORE_OFF + 4 * (p.ncode - 1);
	return 0;
}
