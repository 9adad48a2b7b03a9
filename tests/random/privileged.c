/* rvgen: exceptions, CSRs, paging, interrupts and the trap handler. */
#include "rvgen.h"

/* ---- traps ---- */

void exception(struct gen *g)
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
		if (g->fp) {
			/* QEMU does misaligned loads and stores itself: a
			 * misaligned AMO traps on both */
			emit(g, "addi t4, s0, %u", 2 + 4 * below(g, 8));
			emit(g, "amoadd.w x%d, x%d, (t4)", rd(g), rs(g));
			break;
		}
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

void csr(struct gen *g)
{
	static const char *const ro[] = { "mhartid", "misa", "mvendorid", "marchid",
					  "mimpid", "mie", "medeleg", "mideleg",
					  "satp", "mtvec", "stvec" };
	/* --fp: those QEMU and teasim agree on */
	static const char *const ro_fp[] = { "mhartid", "mie", "medeleg", "satp",
					     "mtvec", "stvec" };
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
		if (g->fp) {
			/* masked: QEMU 7.2 leaves FS alone where only
			 * fflags change */
			r = rd(g);
			emit(g, "%s x%d, sstatus, t4", chance(g, 50) ? "csrrs" : "csrrc", r);
			emit(g, "and x%d, x%d, t4", r, r);
			break;
		}
		emit(g, "%s x%d, sstatus, t4", chance(g, 50) ? "csrrs" : "csrrc", rd(g));
		break;
	case 7:
		if (g->fp) {
			emit(g, "csrr x%d, %s", rd(g), ro_fp[below(g, 6)]);
			break;
		}
		emit(g, "csrr x%d, %s", rd(g), ro[below(g, 11)]);
		break;
	case 8:
		/* sepc: WARL, bit 0 reads zero (not on QEMU 7.2: --fp
		 * keeps to sscratch) */
		csr_rw(g, g->fp ? "sscratch" : "sepc");
		break;
	default:
		/* a supervisor software interrupt, taken by M (not delegated) */
		emit(g, "csrsi %s, 2", g->priv == PRIV_S ? "sip" : "mip");
		break;
	}
}

/* ---- paging ---- */

/* a random leaf PTE for spread page i: mostly usable, some faulting */
uint64_t spread_pte(struct gen *g, unsigned page, bool user)
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
	/* --fp: QEMU sets A and D itself (it has no Svade): usable pages */
	if (g->fp && (flags & (PTE_V | PTE_R | PTE_W | PTE_X)) == (PTE_V | PTE_R | PTE_W) &&
	    (~flags & (PTE_A | PTE_D)))
		flags = PTE_V | PTE_R | PTE_W | PTE_A | PTE_D;
	/* U: most pages of the U tables, a few of the S tables (SUM) */
	if (flags && (user ? !chance(g, 8) : chance(g, 10)))
		flags |= PTE_U;
	return ((SPREAD_VA >> 12) + pa_page) << 10 | flags;
}

uint64_t pt_addr(unsigned t)
{
	return PT_BASE + UINT64_C(4096) * t;
}

void page_tables(struct gen *g)
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
void pte_change(struct gen *g)
{
	bool user = chance(g, 50);
	unsigned page = below(g, SPREAD_PAGES);

	emit(g, "li t4, 0x%" PRIx64, pt_addr(user ? PT_L0_U : PT_L0_S) + 8 * page);
	emit(g, "li t3, 0x%" PRIx64, spread_pte(g, page, user));
	emit(g, "sd t3, 0(t4)");
	emit(g, "sfence.vma");
}

void sfence(struct gen *g)
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

void irq_source(struct gen *g)
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

/* M-mode trap handler: exceptions are counted in tp and skipped (mepc +=
 * the instruction's length, read at mepc: code is identity-mapped), an
 * ecall with s11 set goes on at s11 in M-mode, interrupts are counted in
 * gp and their source quieted. Faults it cannot skip (fetch) end the run
 * with exit code 100 + cause. */
void trap_handler(struct gen *g)
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
	if (g->fp) {
		fp_fatal(g);
	} else {
		emit(g, "slli t6, t6, 1");
		emit(g, "ori t6, t6, 1");
		emit(g, "la t5, tohost");
		emit(g, "sd t6, 0(t5)");
	}
	fprintf(g->out, "1:\n");
	emit(g, "j 1b");

	/* the call whose return skips an instruction */
	fprintf(g->out, "\n\t.align 2\nrv_skip:\n");
	emit(g, "addi ra, ra, 4");
	emit(g, "ret");
}
