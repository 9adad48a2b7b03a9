/* PLIC in QEMU virt's layout: priorities at 4*src, pending bits at 0x1000,
 * per-context enables at 0x2000 + 0x80*ctx, threshold at 0x200000 +
 * 0x1000*ctx and claim/complete 4 bytes after it. 32-bit accesses only.
 *
 * Sources are level-triggered. A source is pending while its line is high
 * and it is not claimed; a claim hides it until the matching complete, after
 * which a line that is still high makes it pending again. Claim, like QEMU's,
 * only returns sources whose priority is above the context's threshold.
 * Registers of contexts that do not exist read as zero and ignore writes. */
#include <stdlib.h>

#include "checkpoint/stream.h"
#include "soc/devices.h"

#define PLIC_PRIORITY        0x000000
#define PLIC_PENDING         0x001000
#define PLIC_ENABLE          0x002000
#define PLIC_ENABLE_STRIDE   0x80
#define PLIC_CONTEXT         0x200000
#define PLIC_CONTEXT_STRIDE  0x1000
#define PLIC_CTX_THRESHOLD   0x0
#define PLIC_CTX_CLAIM       0x4

/* Priorities and thresholds keep their low 3 bits (0..7), as on QEMU virt. */
#define PLIC_MAX_PRIORITY    7

/* Bits of real sources in the pending and enable words: bit 0 is no source. */
#define PLIC_SOURCE_MASK     (((2ull << SOC_PLIC_NDEV) - 1) & ~1ull)

int plic_init(struct plic *p, unsigned ncontexts)
{
	*p = (struct plic){ .ncontexts = ncontexts };
	p->ctx = calloc(ncontexts, sizeof(*p->ctx));
	return p->ctx ? 0 : -1;
}

void plic_free(struct plic *p)
{
	free(p->ctx);
	p->ctx = NULL;
}

static uint32_t plic_pending(const struct plic *p)
{
	return p->level & ~p->claimed;
}

/* The source a claim by ctx would return, or 0. Ties go to the lowest ID. */
static unsigned plic_best(const struct plic *p, const struct plic_context *ctx)
{
	uint32_t candidates = plic_pending(p) & ctx->enable;
	uint32_t best_prio = ctx->threshold;
	unsigned best = 0;

	for (unsigned src = 1; src <= SOC_PLIC_NDEV; src++) {
		if ((candidates >> src & 1) && p->priority[src] > best_prio) {
			best = src;
			best_prio = p->priority[src];
		}
	}
	return best;
}

static void plic_update(struct plic *p)
{
	for (unsigned i = 0; i < p->ncontexts; i++)
		p->ctx[i].eip = plic_best(p, &p->ctx[i]) != 0;
}

void plic_set_level(struct plic *p, unsigned src, bool high)
{
	uint32_t bit = 1u << src;

	if (src == 0 || src > SOC_PLIC_NDEV || !!(p->level & bit) == high)
		return;
	p->level ^= bit;
	plic_update(p);
}

static unsigned plic_claim(struct plic *p, struct plic_context *ctx)
{
	unsigned src = plic_best(p, ctx);

	if (src) {
		p->claimed |= 1u << src;
		plic_update(p);
	}
	return src;
}

static void plic_complete(struct plic *p, uint32_t src)
{
	if (src == 0 || src > SOC_PLIC_NDEV)
		return;
	p->claimed &= ~(1u << src);
	plic_update(p);
}

/* The context a context-region offset belongs to, or NULL. */
static struct plic_context *context_at(struct plic *p, uint64_t base,
				       uint64_t stride, uint64_t off)
{
	uint64_t i = (off - base) / stride;

	return i < p->ncontexts ? &p->ctx[i] : NULL;
}

int plic_load(struct plic *p, uint64_t off, unsigned size, uint64_t *val)
{
	struct plic_context *ctx;

	if (size != 4)
		return -1;
	*val = 0;
	if (off < PLIC_PENDING) {
		uint64_t src = (off - PLIC_PRIORITY) / 4;

		if (src <= SOC_PLIC_NDEV)
			*val = p->priority[src];
	} else if (off < PLIC_ENABLE) {
		if (off == PLIC_PENDING)
			*val = plic_pending(p) & PLIC_SOURCE_MASK;
	} else if (off < PLIC_CONTEXT) {
		ctx = context_at(p, PLIC_ENABLE, PLIC_ENABLE_STRIDE, off);
		if (ctx && (off - PLIC_ENABLE) % PLIC_ENABLE_STRIDE == 0)
			*val = ctx->enable;
	} else {
		uint64_t reg = (off - PLIC_CONTEXT) % PLIC_CONTEXT_STRIDE;

		ctx = context_at(p, PLIC_CONTEXT, PLIC_CONTEXT_STRIDE, off);
		if (ctx && reg == PLIC_CTX_THRESHOLD)
			*val = ctx->threshold;
		else if (ctx && reg == PLIC_CTX_CLAIM)
			*val = plic_claim(p, ctx);
	}
	return 0;
}

int plic_store(struct plic *p, uint64_t off, unsigned size, uint64_t val)
{
	struct plic_context *ctx;

	if (size != 4)
		return -1;
	val = (uint32_t)val;
	if (off < PLIC_PENDING) {
		uint64_t src = (off - PLIC_PRIORITY) / 4;

		if (src == 0 || src > SOC_PLIC_NDEV)
			return 0;
		p->priority[src] = val & PLIC_MAX_PRIORITY;
	} else if (off < PLIC_ENABLE) {
		return 0;       /* pending bits are read-only */
	} else if (off < PLIC_CONTEXT) {
		ctx = context_at(p, PLIC_ENABLE, PLIC_ENABLE_STRIDE, off);
		if (!ctx || (off - PLIC_ENABLE) % PLIC_ENABLE_STRIDE != 0)
			return 0;
		ctx->enable = val & PLIC_SOURCE_MASK;
	} else {
		uint64_t reg = (off - PLIC_CONTEXT) % PLIC_CONTEXT_STRIDE;

		ctx = context_at(p, PLIC_CONTEXT, PLIC_CONTEXT_STRIDE, off);
		if (!ctx)
			return 0;
		if (reg == PLIC_CTX_CLAIM) {
			plic_complete(p, val);
			return 0;
		}
		if (reg != PLIC_CTX_THRESHOLD)
			return 0;
		ctx->threshold = val & PLIC_MAX_PRIORITY;
	}
	plic_update(p);
	return 0;
}

int plic_mmio_writes(const struct plic *p, struct soc_mmio_write *w)
{
	int n = 0;

	if (p->claimed)
		return -1;
	for (unsigned i = 1; i <= SOC_PLIC_NDEV; i++)
		w[n++] = (struct soc_mmio_write){ PLIC_PRIORITY + 4 * i, p->priority[i], 4 };
	for (unsigned i = 0; i < p->ncontexts; i++) {
		w[n++] = (struct soc_mmio_write){ PLIC_ENABLE + PLIC_ENABLE_STRIDE * i,
						   p->ctx[i].enable, 4 };
		w[n++] = (struct soc_mmio_write){ PLIC_CONTEXT + PLIC_CONTEXT_STRIDE * i +
						   PLIC_CTX_THRESHOLD, p->ctx[i].threshold, 4 };
	}
	return n;
}

void plic_save(const struct plic *p, struct ckpt_out *o)
{
	ckpt_put_tag(o, "PLIC");
	ckpt_put_u32(o, p->ncontexts);
	for (unsigned i = 0; i <= SOC_PLIC_NDEV; i++)
		ckpt_put_u32(o, p->priority[i]);
	ckpt_put_u32(o, p->level);
	ckpt_put_u32(o, p->claimed);
	for (unsigned i = 0; i < p->ncontexts; i++) {
		ckpt_put_u32(o, p->ctx[i].enable);
		ckpt_put_u32(o, p->ctx[i].threshold);
	}
}

/* The lines are not carried: they follow from the registers. */
void plic_restore(struct plic *p, struct ckpt_in *in)
{
	if (!ckpt_expect_tag(in, "PLIC"))
		return;
	if (ckpt_get_u32(in) != p->ncontexts) {
		ckpt_fail(in, "corrupt: the PLIC's contexts differ from the SoC's");
		return;
	}
	for (unsigned i = 0; i <= SOC_PLIC_NDEV; i++)
		p->priority[i] = ckpt_get_u32(in);
	p->level = ckpt_get_u32(in);
	p->claimed = ckpt_get_u32(in);
	for (unsigned i = 0; i < p->ncontexts; i++) {
		p->ctx[i].enable = ckpt_get_u32(in);
		p->ctx[i].threshold = ckpt_get_u32(in);
	}
	plic_update(p);
}
