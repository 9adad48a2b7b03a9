#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tea/csr.h"
#include "tea/sampler_model.h"

#define LFSR_TAPS 0xb400u	/* x^16 + x^14 + x^13 + x^11 + 1 */

void tea_sampler_model_reset(struct tea_sampler_model *m, unsigned width)
{
	memset(m, 0, sizeof(*m));
	m->width = width;
	m->lfsr = 1;
}

/* Periods 0 and 1 both sample every cycle. */
static uint32_t first_wait(uint32_t period)
{
	return period ? period - 1 : 0;
}

/* A latched sample whose privilege teactl excludes is not taken: it is
 * counted in teafilt and raises no interrupt. */
static void take(struct tea_sampler_model *m, uint32_t ctl, unsigned priv)
{
	bool excluded = ctl & 1u << (TEA_CTL_X_SHIFT + priv) & TEA_CTL_MASK;

	m->valid = !excluded;
	if (excluded && m->filtered != UINT64_MAX)
		m->filtered++;
}

static void latch_one(struct tea_sampler_model *m, uint32_t ctl, uint64_t pc, uint64_t psv,
		      unsigned priv)
{
	memset(m->pc, 0, sizeof(m->pc));
	memset(m->psv, 0, sizeof(m->psv));
	take(m, ctl, priv);
	m->mask = 1;
	m->priv = priv;
	m->pc[0] = pc;
	m->psv[0] = psv;
}

bool tea_sampler_model_cycle(struct tea_sampler_model *m, const struct tea_cycle *c)
{
	/* Everything below reads the state at the start of the cycle, as the
	 * RTL's non-blocking assignments do. */
	const struct tea_sampler_model old = *m;
	bool en = old.ctl & TEA_CTL_EN;
	bool sample_now = en && old.countdown == 0;
	unsigned jit = (old.ctl >> TEA_CTL_JIT_SHIFT) & 0x1f;

	if (jit > TEA_CTL_JIT_MAX)
		jit = TEA_CTL_JIT_MAX;
	m->cycle = old.cycle + 1;
	m->sampled = sample_now;
	if (c->retire & 1) {
		unsigned last = tea_cycle_last_lane(c);

		m->last_pc = c->pc[last];
		m->last_psv = c->psv[last];
		m->last_priv = c->priv;
	}
	if (c->flush)
		m->flushed = true;
	else if (!c->rob_empty)
		m->flushed = false;

	if (en && old.countdown)
		m->countdown = old.countdown - 1;
	if (sample_now) {
		m->countdown = first_wait(old.period) + (old.lfsr & ((1u << jit) - 1));
		m->lfsr = (uint16_t)((old.lfsr >> 1) ^ ((old.lfsr & 1) ? LFSR_TAPS : 0));
	}

	if (old.wait && (c->retire & 1)) {
		m->wait = false;
		latch_one(m, old.ctl, c->pc[0], c->psv[0], c->priv);
	}

	if (sample_now) {
		if (old.valid || old.wait) {
			if (old.lost != UINT64_MAX)
				m->lost = old.lost + 1;
		} else {
			m->time = old.cycle;
			if (tea_cycle_committing(c)) {
				m->state = TEA_COMPUTE;
				take(m, old.ctl, c->priv);
				m->mask = c->retire;
				m->priv = c->priv;
				memset(m->pc, 0, sizeof(m->pc));
				memset(m->psv, 0, sizeof(m->psv));
				for (unsigned i = 0; i < m->width; i++) {
					if (c->retire & (1u << i)) {
						m->pc[i] = c->pc[i];
						m->psv[i] = c->psv[i];
					}
				}
			} else if (!c->rob_empty) {
				m->state = TEA_STALLED;
				if (c->retire & 1)	/* the head traps in this cycle */
					latch_one(m, old.ctl, c->pc[0], c->psv[0], c->priv);
				else
					m->wait = true;
			} else if (old.flushed) {
				m->state = TEA_FLUSHED;
				latch_one(m, old.ctl, old.last_pc, old.last_psv, old.last_priv);
			} else {
				m->state = TEA_DRAINED;
				m->wait = true;
			}
		}
	}

	if (c->csr_we) {
		switch (c->csr_addr) {
		case TEA_CSR_CTL:
			m->ctl = (uint32_t)c->csr_wdata & TEA_CTL_MASK;
			m->countdown = first_wait(old.period);
			break;
		case TEA_CSR_PERIOD:
			m->period = (uint32_t)c->csr_wdata;
			m->countdown = first_wait(m->period);
			break;
		case TEA_CSR_LOST:
			m->lost = c->csr_wdata;
			break;
		case TEA_CSR_FILT:
			m->filtered = c->csr_wdata;
			break;
		case TEA_CSR_COUNT:
			m->countdown = (uint32_t)c->csr_wdata;
			break;
		case TEA_CSR_STAT:
			if (!(c->csr_wdata & TEA_STAT_V) && old.valid)
				m->valid = false;
			break;
		}
	}
	return m->valid && !old.valid;
}

void tea_sampler_model_regs(const struct tea_sampler_model *m, struct tea_sample_regs *r)
{
	memset(r, 0, sizeof(*r));
	r->valid = m->valid;
	r->time = m->time;
	r->state = m->state;
	r->mask = m->mask;
	r->priv = m->priv;
	r->lost = m->lost;
	r->filtered = m->filtered;
	memcpy(r->pc, m->pc, sizeof(r->pc));
	memcpy(r->psv, m->psv, sizeof(r->psv));
}

bool tea_sample_regs_equal(const struct tea_sample_regs *rtl, const struct tea_sample_regs *model,
			   unsigned width, char *msg, size_t len)
{
	const char *what = NULL;
	uint64_t a = 0, b = 0;

#define CHECK(field, name)                                   \
	if (!what && rtl->field != model->field) {           \
		what = name;                                 \
		a = (uint64_t)rtl->field;                    \
		b = (uint64_t)model->field;                  \
	}
	CHECK(valid, "valid");
	CHECK(time, "time");
	CHECK(state, "state");
	CHECK(mask, "slot mask");
	CHECK(priv, "privilege");
	CHECK(lost, "lost count");
	CHECK(filtered, "filtered count");
	for (unsigned i = 0; i < width; i++) {
		CHECK(pc[i], "slot address");
		CHECK(psv[i], "slot PSV");
	}
#undef CHECK
	if (!what)
		return true;
	snprintf(msg, len, "TEA sampler: %s is %#" PRIx64 " in the RTL, %#" PRIx64 " in the model",
		 what, a, b);
	return false;
}
