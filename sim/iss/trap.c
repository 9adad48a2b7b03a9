/* Trap entry (exceptions and interrupts, with delegation to S), interrupt
 * selection, and the MRET/SRET returns. */
#include "iss/hart_internal.h"

static uint64_t trap_target(uint64_t tvec, uint64_t cause)
{
	uint64_t base = tvec & ~3ull;

	if ((tvec & 1) && (cause & CAUSE_INTERRUPT))
		return base + 4 * (cause & ~CAUSE_INTERRUPT);
	return base;
}

static bool trap_is_delegated(const struct hart *h, uint64_t cause)
{
	uint64_t code = cause & ~CAUSE_INTERRUPT;
	uint64_t deleg = (cause & CAUSE_INTERRUPT) ? h->mideleg : h->medeleg;

	return h->priv <= PRIV_S && code < 64 && ((deleg >> code) & 1);
}

/* Takes a trap at the current pc. A trap also drops the LR reservation, so
 * that an SC after a context switch fails. */
void hart_trap(struct hart *h, uint64_t cause, uint64_t tval)
{
	uint64_t s = h->mstatus;

	h->resv_valid = false;
	if (trap_is_delegated(h, cause)) {
		h->scause = cause;
		h->sepc = h->pc;
		h->stval = tval;
		s &= ~(MSTATUS_SPIE | MSTATUS_SPP);
		if (s & MSTATUS_SIE)
			s |= MSTATUS_SPIE;
		if (h->priv == PRIV_S)
			s |= MSTATUS_SPP;
		s &= ~MSTATUS_SIE;
		h->priv = PRIV_S;
		h->pc = trap_target(h->stvec, cause);
	} else {
		h->mcause = cause;
		h->mepc = h->pc;
		h->mtval = tval;
		s &= ~(MSTATUS_MPIE | MSTATUS_MPP);
		if (s & MSTATUS_MIE)
			s |= MSTATUS_MPIE;
		s |= (uint64_t)h->priv << MSTATUS_MPP_SHIFT;
		s &= ~MSTATUS_MIE;
		h->priv = PRIV_M;
		h->pc = trap_target(h->mtvec, cause);
	}
	h->mstatus = s;
	mmu_update_keys(h);
	h->check_irq = true;
}

/* The highest-priority interrupt in a set: MEI, MSI, MTI, SEI, SSI, STI. */
static int highest_interrupt(uint64_t set)
{
	static const int order[] = { IRQ_M_EXT, IRQ_M_SOFT, IRQ_M_TIMER,
				     IRQ_S_EXT, IRQ_S_SOFT, IRQ_S_TIMER, IRQ_TEA };

	for (unsigned i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if ((set >> order[i]) & 1)
			return order[i];
	return -1;
}

/* The interrupt the hart takes now, from the last sampled lines, or -1.
 * Interrupts to M are enabled below M, or in M with MIE; interrupts
 * delegated to S are enabled in U, or in S with SIE, and never in M.
 * Those to M go first. */
int hart_pending_interrupt(const struct hart *h)
{
	uint64_t pending = (h->mip_sw | h->irq_lines) & h->mie;
	uint64_t to_m = pending & ~h->mideleg, to_s = pending & h->mideleg;
	bool m_on = h->priv < PRIV_M || (h->mstatus & MSTATUS_MIE);
	bool s_on = h->priv < PRIV_S || (h->priv == PRIV_S && (h->mstatus & MSTATUS_SIE));

	if (to_m && m_on)
		return highest_interrupt(to_m);
	if (to_s && s_on)
		return highest_interrupt(to_s);
	return -1;
}

void hart_sample_irq_lines(struct hart *h)
{
	h->irq_lines = (soc_irq_lines(h->soc, h->hartid) &
			(MIP_MSIP | MIP_MTIP | MIP_MEIP | MIP_SEIP)) |
		       (h->tea_irq ? MIP_TEA : 0);
}

/* Returning to a mode below M also clears MPRV (spec 1.12). */
bool hart_mret(struct hart *h)
{
	uint64_t s = h->mstatus;
	unsigned to = (s & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;

	if (h->priv != PRIV_M)
		return hart_raise(h, CAUSE_ILLEGAL_INSN, 0);
	s &= ~(MSTATUS_MIE | MSTATUS_MPP);
	if (s & MSTATUS_MPIE)
		s |= MSTATUS_MIE;
	s |= MSTATUS_MPIE;
	if (to != PRIV_M)
		s &= ~MSTATUS_MPRV;
	h->mstatus = s;
	h->priv = to;
	h->pc = h->mepc;
	mmu_update_keys(h);
	h->check_irq = true;
	return true;
}

bool hart_sret(struct hart *h)
{
	uint64_t s = h->mstatus;
	unsigned to = (s & MSTATUS_SPP) ? PRIV_S : PRIV_U;

	if (h->priv == PRIV_U || (h->priv == PRIV_S && (s & MSTATUS_TSR)))
		return hart_raise(h, CAUSE_ILLEGAL_INSN, 0);
	s &= ~(MSTATUS_SIE | MSTATUS_SPP | MSTATUS_MPRV);
	if (s & MSTATUS_SPIE)
		s |= MSTATUS_SIE;
	s |= MSTATUS_SPIE;
	h->mstatus = s;
	h->priv = to;
	h->pc = h->sepc;
	mmu_update_keys(h);
	h->check_irq = true;
	return true;
}
