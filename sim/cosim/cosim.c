#include "cosim/cosim.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cosim/commitlog.h"
#include "tea/csr.h"
#include "tea/hpm.h"

struct cosim {
	struct hart *ref;
	unsigned history;
	unsigned next;          /* ring slot of the next commit */
	uint64_t checked;
	bool diverged;
	char mismatch[200];
	struct commit *dut_ring, *ref_ring;
};

struct cosim *cosim_create(struct hart *ref, unsigned history)
{
	struct cosim *cs = calloc(1, sizeof(*cs));

	if (!cs)
		return NULL;
	cs->ref = ref;
	cs->history = history ? history : 1;
	cs->dut_ring = calloc(cs->history, sizeof(struct commit));
	cs->ref_ring = calloc(cs->history, sizeof(struct commit));
	if (!cs->dut_ring || !cs->ref_ring) {
		cosim_destroy(cs);
		return NULL;
	}
	/* The DUT decides when interrupts happen; the reference follows. */
	hart_set_irq_from_soc(ref, false);
	return cs;
}

void cosim_destroy(struct cosim *cs)
{
	if (!cs)
		return;
	free(cs->dut_ring);
	free(cs->ref_ring);
	free(cs);
}

/* CSRs whose value depends on timing, not on the program: the cycle and
 * the implemented event counters (one per event), the time, pending
 * interrupts and what the TEA sampler latched or counts (its status,
 * timestamp, lost and filtered counts, the cycles to the next sample, the
 * slots and how far its buffer writer got). */
static bool csr_is_timing_dependent(unsigned csr)
{
	return csr == 0xc00 || csr == 0xc01 || (csr >= 0xc03 && csr < 0xc03 + TEA_HPM_NUM_EVENTS) ||
	       csr == 0xb00 || (csr >= 0xb03 && csr < 0xb03 + TEA_HPM_NUM_EVENTS) ||
	       csr == 0x344 || csr == 0x144 ||
	       (csr >= TEA_CSR_STAT && csr <= TEA_CSR_LOST) || csr == TEA_CSR_FILT ||
	       csr == TEA_CSR_COUNT || csr == TEA_CSR_PTR ||
	       (csr >= TEA_CSR_ADDR0 && csr <= TEA_CSR_LAST);
}

static bool reads_timing_csr(const struct commit *c)
{
	unsigned funct3 = (c->insn >> 12) & 7;

	return commit_insn_len(c) == 4 && (c->insn & 0x7f) == 0x73 && funct3 != 0 && funct3 != 4 &&
	       csr_is_timing_dependent(c->insn >> 20);
}

static bool differ(struct cosim *cs, const char *field, uint64_t dut, uint64_t ref)
{
	if (dut == ref)
		return false;
	snprintf(cs->mismatch, sizeof(cs->mismatch),
		 "divergence at commit %" PRIu64 ", pc %016" PRIx64 ": %s is %016" PRIx64
		 " on the DUT, %016" PRIx64 " on the reference",
		 cs->checked, cs->dut_ring[cs->next].pc, field, dut, ref);
	return true;
}

static bool compare(struct cosim *cs, const struct commit *d, const struct commit *r)
{
	return differ(cs, "pc", d->pc, r->pc) ||
	       differ(cs, "instruction", d->insn, r->insn) ||
	       differ(cs, "privilege", d->priv, r->priv) ||
	       differ(cs, "trap", d->trap, r->trap) ||
	       differ(cs, "interrupt", d->interrupt, r->interrupt) ||
	       (d->trap && differ(cs, "cause", d->cause, r->cause)) ||
	       (d->trap && differ(cs, "tval", d->tval, r->tval)) ||
	       differ(cs, "destination register", d->rd, r->rd) ||
	       (d->rd && differ(cs, "register value", d->rd_value, r->rd_value)) ||
	       differ(cs, "store size", d->mem_size, r->mem_size) ||
	       (d->mem_size && differ(cs, "store address", d->mem_addr, r->mem_addr)) ||
	       (d->mem_size && differ(cs, "store data", d->mem_value, r->mem_value)) ||
	       differ(cs, "data access", d->daccess, r->daccess) ||
	       (d->daccess && differ(cs, "data address", d->daddr, r->daddr));
}

bool cosim_check(struct cosim *cs, const struct commit *dut)
{
	struct commit *ref = &cs->ref_ring[cs->next];

	if (cs->diverged)
		return false;
	cs->dut_ring[cs->next] = *dut;
	memset(ref, 0, sizeof(*ref));
	if (dut->trap && dut->interrupt)
		hart_take_interrupt(cs->ref, (unsigned)(dut->cause & ~(1ull << 63)), ref);
	else
		hart_step(cs->ref, ref);

	if (!ref->trap && ref->rd && ref->rd == dut->rd &&
	    (reads_timing_csr(dut) || hart_last_load_from_device(cs->ref))) {
		hart_set_reg(cs->ref, ref->rd, dut->rd_value);
		ref->rd_value = dut->rd_value;
	}
	cs->diverged = compare(cs, dut, ref);
	cs->next = (cs->next + 1) % cs->history;
	if (!cs->diverged)
		cs->checked++;
	return !cs->diverged;
}

uint64_t cosim_checked(const struct cosim *cs)
{
	return cs->checked;
}

const char *cosim_mismatch(const struct cosim *cs)
{
	return cs->mismatch;
}

static void print_side(const struct cosim *cs, FILE *out, const char *name, const struct commit *ring)
{
	unsigned shown = cs->checked + cs->diverged < cs->history ?
			 (unsigned)(cs->checked + cs->diverged) : cs->history;

	fprintf(out, "last %u commits of the %s:\n", shown, name);
	for (unsigned i = 0; i < shown; i++) {
		unsigned slot = (cs->next + cs->history - shown + i) % cs->history;

		fputs("  ", out);
		commitlog_print(out, &ring[slot]);
	}
}

void cosim_report(const struct cosim *cs, FILE *out)
{
	fprintf(out, "%s\n", cs->mismatch[0] ? cs->mismatch : "no divergence");
	print_side(cs, out, "DUT", cs->dut_ring);
	print_side(cs, out, "reference", cs->ref_ring);
}
