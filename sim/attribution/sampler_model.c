#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tea/csr.h"
#include "attribution/sampler_model.h"

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

/* One instruction in slot 0: its address, PSV and, with @daccess, its
 * data address. */
static void latch_one(struct tea_sampler_model *m, uint32_t ctl, uint64_t pc, uint64_t psv,
		      bool daccess, uint64_t daddr, unsigned priv)
{
	memset(m->pc, 0, sizeof(m->pc));
	memset(m->psv, 0, sizeof(m->psv));
	memset(m->daddr, 0, sizeof(m->daddr));
	take(m, ctl, priv);
	m->mask = 1;
	m->priv = priv;
	m->pc[0] = pc;
	m->psv[0] = psv;
	m->dmask = daccess;
	m->daddr[0] = daccess ? daddr : 0;
}

static uint64_t saturating_add(uint64_t count, unsigned n)
{
	return count > UINT64_MAX - n ? UINT64_MAX : count + n;
}

/* The words of a record in the buffer (TEA_RECORD_WORDS): teatime,
 * teastat as the sample has it, the slot addresses, PSVs and data
 * addresses. */
static unsigned record_words(const struct tea_sampler_model *m)
{
	return TEA_RECORD_WORDS(m->width);
}

static uint64_t record_word(const struct tea_sampler_model *m, unsigned i)
{
	if (i == 0)
		return m->time;
	if (i == 1)
		return TEA_STAT_V | (uint64_t)m->state << TEA_STAT_STATE_SHIFT |
		       (uint64_t)m->mask << TEA_STAT_MASK_SHIFT |
		       (uint64_t)m->priv << TEA_STAT_PRIV_SHIFT |
		       (uint64_t)m->dmask << TEA_STAT_DMASK_SHIFT |
		       (uint64_t)m->sample_seq << TEA_STAT_SEQ_SHIFT;
	if (i < 2 + m->width)
		return m->pc[i - 2];
	if (i < 2 + 2 * m->width)
		return m->psv[i - 2 - m->width];
	return m->daddr[i - 2 - 2 * m->width];
}

uint64_t tea_sampler_model_stat(const struct tea_sampler_model *m)
{
	return (m->valid ? TEA_STAT_V : 0) | (m->wait ? TEA_STAT_WAIT : 0) |
	       (m->buf_irq ? TEA_STAT_BIRQ : 0) | (m->full ? TEA_STAT_FULL : 0) |
	       (uint64_t)m->state << TEA_STAT_STATE_SHIFT |
	       (uint64_t)m->mask << TEA_STAT_MASK_SHIFT |
	       (uint64_t)m->priv << TEA_STAT_PRIV_SHIFT |
	       (uint64_t)m->dmask << TEA_STAT_DMASK_SHIFT |
	       (uint64_t)m->sample_seq << TEA_STAT_SEQ_SHIFT;
}

bool tea_sampler_model_irq(const struct tea_sampler_model *m)
{
	return (m->valid && !(m->ctl & TEA_CTL_BUF)) || m->buf_irq;
}

bool tea_sampler_model_line(const struct tea_sampler_model *m, uint64_t *addr, unsigned *mask)
{
	*addr = m->wr_line << 6;
	*mask = m->line_mask;
	return m->wr_req && !m->wr_sent;
}

/* The buffer writer in one cycle, from the state at its start (@old):
 * takes a sample to write, writes one word of its record into the line
 * it assembles, offers a finished line to memory and ends the record when
 * memory has written its last line. Returns how many samples it lost;
 * sets *irq when the buffer interrupt fires, *full when the buffer is
 * full (a record did not fit or could not be written). */
static unsigned buffer_cycle(struct tea_sampler_model *m, const struct tea_sampler_model *old,
			     const struct tea_cycle *c, bool *irq, bool *full)
{
	uint64_t rec = 8ull * record_words(old);
	unsigned lost = 0;

	*irq = *full = false;
	if ((old->ctl & TEA_CTL_BUF) && old->valid && !old->wr_busy) {
		bool wrap = old->ctl & TEA_CTL_WRAP;

		if (old->ptr + rec <= old->limit || (wrap && old->base + rec <= old->limit)) {
			m->wr_busy = true;
			m->wr_err = false;
			m->wr_idx = 0;
			m->wr_addr = old->ptr + rec <= old->limit ? old->ptr : old->base;
		} else {	/* full: the sample is lost, counted */
			m->valid = false;
			*irq = *full = true;
			lost++;
		}
	}
	if (old->wr_busy && !old->wr_req && old->wr_idx < record_words(old)) {
		unsigned k = (old->wr_addr >> 3) % TEA_LINE_WORDS;

		m->line[k] = record_word(old, old->wr_idx);
		m->line_mask = old->line_mask | 1u << k;
		m->wr_idx = old->wr_idx + 1;
		m->wr_addr = old->wr_addr + 8;
		if (k == TEA_LINE_WORDS - 1 || m->wr_idx == record_words(old)) {
			m->wr_req = true;
			m->wr_line = old->wr_addr >> 6;
		}
	}
	if (old->wr_req && !old->wr_sent && c->buf_ack)
		m->wr_sent = true;
	if (old->wr_sent && c->buf_done) {
		bool err = old->wr_err || c->buf_error;

		m->wr_req = false;
		m->wr_sent = false;
		m->wr_err = err;
		m->line_mask = 0;
		memset(m->line, 0, sizeof(m->line));
		if (old->wr_idx == record_words(old)) {
			m->wr_busy = false;
			m->valid = false;
			if (err) {	/* outside memory: lost, and the writer stops */
				*irq = *full = true;
				lost++;
			} else {
				m->ptr = old->wr_addr;
				if (old->wr_addr - rec < old->wmark && old->wmark <= old->wr_addr)
					*irq = true;
			}
		}
	}
	return lost;
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
		m->last_daccess = c->daccess >> last & 1;
		m->last_daddr = m->last_daccess ? c->daddr[last] : 0;
		m->last_priv = c->priv;
	}
	if (c->flush)
		m->flushed = true;
	else if (!c->rob_empty)
		m->flushed = false;

	if (en && old.countdown)
		m->countdown = old.countdown - 1;
	if (sample_now) {
		m->seq = old.seq + 1;
		m->countdown = first_wait(old.period) + (old.lfsr & ((1u << jit) - 1));
		m->lfsr = (uint16_t)((old.lfsr >> 1) ^ ((old.lfsr & 1) ? LFSR_TAPS : 0));
	}

	if (old.wait && (c->retire & 1)) {
		m->wait = false;
		latch_one(m, old.ctl, c->pc[0], c->psv[0], c->daccess & 1, c->daddr[0], c->priv);
	}

	bool buf_irq, buf_full;
	unsigned lost = buffer_cycle(m, &old, c, &buf_irq, &buf_full);

	if (sample_now) {
		if (old.valid || old.wait) {
			lost++;
		} else {
			m->time = old.cycle;
			m->sample_seq = old.seq;
			if (tea_cycle_committing(c)) {
				m->state = TEA_COMPUTE;
				take(m, old.ctl, c->priv);
				m->mask = c->retire;
				m->priv = c->priv;
				m->dmask = c->daccess & c->retire;
				memset(m->pc, 0, sizeof(m->pc));
				memset(m->psv, 0, sizeof(m->psv));
				memset(m->daddr, 0, sizeof(m->daddr));
				for (unsigned i = 0; i < m->width; i++) {
					if (c->retire & (1u << i)) {
						m->pc[i] = c->pc[i];
						m->psv[i] = c->psv[i];
					}
					if (m->dmask & (1u << i))
						m->daddr[i] = c->daddr[i];
				}
			} else if (!c->rob_empty) {
				m->state = TEA_STALLED;
				if (c->retire & 1)	/* the head traps in this cycle */
					latch_one(m, old.ctl, c->pc[0], c->psv[0], c->daccess & 1,
						  c->daddr[0], c->priv);
				else
					m->wait = true;
			} else if (old.flushed) {
				m->state = TEA_FLUSHED;
				latch_one(m, old.ctl, old.last_pc, old.last_psv, old.last_daccess,
					  old.last_daddr, old.last_priv);
			} else {
				m->state = TEA_DRAINED;
				m->wait = true;
			}
		}
	}

	m->lost = saturating_add(old.lost, lost);

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
		case TEA_CSR_BASE:
			m->base = c->csr_wdata & TEA_BUF_ADDR_MASK;
			break;
		case TEA_CSR_LIMIT:
			m->limit = c->csr_wdata & TEA_BUF_ADDR_MASK;
			break;
		case TEA_CSR_PTR:
			m->ptr = c->csr_wdata & TEA_BUF_ADDR_MASK;
			m->full = false;
			break;
		case TEA_CSR_WMARK:
			m->wmark = c->csr_wdata & TEA_BUF_ADDR_MASK;
			break;
		case TEA_CSR_STAT:
			/* in buffer mode, and until its record is written,
			 * the writer frees the sample */
			if (!(c->csr_wdata & TEA_STAT_V) && old.valid && !(old.ctl & TEA_CTL_BUF) &&
			    !old.wr_busy)
				m->valid = false;
			if (!(c->csr_wdata & TEA_STAT_BIRQ))
				m->buf_irq = false;
			break;
		}
	}
	/* ... but the buffer's interrupt and full state, set by hardware in
	 * the cycle software clears them, stay set: software had not seen
	 * them */
	if (buf_irq)
		m->buf_irq = true;
	if (buf_full)
		m->full = true;
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
	r->seq = m->sample_seq;
	memcpy(r->pc, m->pc, sizeof(r->pc));
	memcpy(r->psv, m->psv, sizeof(r->psv));
	r->dmask = m->dmask;
	memcpy(r->daddr, m->daddr, sizeof(r->daddr));
	r->buf_ptr = m->ptr;
	r->buf_irq = m->buf_irq;
	r->buf_full = m->full;
	r->buf_req = tea_sampler_model_line(m, &r->buf_addr, &r->buf_mask);
	memcpy(r->buf_line, m->line, sizeof(r->buf_line));
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
	CHECK(seq, "sequence number");
	for (unsigned i = 0; i < width; i++) {
		CHECK(pc[i], "slot address");
		CHECK(psv[i], "slot PSV");
		CHECK(daddr[i], "slot data address");
	}
	CHECK(dmask, "data address mask");
	CHECK(buf_ptr, "buffer pointer");
	CHECK(buf_irq, "buffer interrupt");
	CHECK(buf_full, "buffer full");
	CHECK(buf_req, "buffer line request");
	CHECK(buf_addr, "buffer line address");
	CHECK(buf_mask, "buffer line mask");
	for (unsigned i = 0; i < TEA_LINE_WORDS; i++)
		CHECK(buf_line[i], "buffer line word");
#undef CHECK
	if (!what)
		return true;
	snprintf(msg, len, "TEA sampler: %s is %#" PRIx64 " in the RTL, %#" PRIx64 " in the model",
		 what, a, b);
	return false;
}
