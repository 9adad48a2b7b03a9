/* A hart's architectural state in a checkpoint (checkpoint/stream.h): the
 * registers, pc, privilege, every CSR the ISS keeps, the counters, the
 * LR/SC reservation and the TEA sampler model's registers. The TLB and the
 * access keys are not carried: they are rebuilt from satp and mstatus. */
#include "checkpoint/stream.h"
#include "iss/hart_internal.h"
#include "attribution/sampler_model.h"

static void put_u64s(struct ckpt_out *o, const uint64_t *v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		ckpt_put_u64(o, v[k]);
}

static void get_u64s(struct ckpt_in *in, uint64_t *v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		v[k] = ckpt_get_u64(in);
}

static void save_sampler(const struct tea_sampler_model *m, struct ckpt_out *o)
{
	ckpt_put_u32(o, m->width);
	ckpt_put_u32(o, m->ctl);
	ckpt_put_u32(o, m->period);
	ckpt_put_u32(o, m->countdown);
	ckpt_put_u32(o, m->lfsr);
	ckpt_put_u64(o, m->cycle);
	ckpt_put_u64(o, m->lost);
	ckpt_put_u64(o, m->filtered);
	ckpt_put_u64(o, m->time);
	ckpt_put_bool(o, m->valid);
	ckpt_put_bool(o, m->wait);
	ckpt_put_bool(o, m->flushed);
	ckpt_put_u32(o, m->state);
	ckpt_put_u32(o, m->mask);
	ckpt_put_u32(o, m->priv);
	put_u64s(o, m->pc, TEA_MAX_WIDTH);
	put_u64s(o, m->psv, TEA_MAX_WIDTH);
	ckpt_put_u32(o, m->dmask);
	put_u64s(o, m->daddr, TEA_MAX_WIDTH);
	ckpt_put_u64(o, m->last_pc);
	ckpt_put_u64(o, m->last_psv);
	ckpt_put_bool(o, m->last_daccess);
	ckpt_put_u64(o, m->last_daddr);
	ckpt_put_u32(o, m->last_priv);
	ckpt_put_bool(o, m->sampled);
	ckpt_put_u32(o, m->seq);
	ckpt_put_u32(o, m->sample_seq);
	ckpt_put_u64(o, m->base);
	ckpt_put_u64(o, m->limit);
	ckpt_put_u64(o, m->ptr);
	ckpt_put_u64(o, m->wmark);
	ckpt_put_bool(o, m->buf_irq);
	ckpt_put_bool(o, m->full);
	ckpt_put_bool(o, m->wr_busy);
	ckpt_put_bool(o, m->wr_req);
	ckpt_put_bool(o, m->wr_sent);
	ckpt_put_bool(o, m->wr_err);
	ckpt_put_u32(o, m->wr_idx);
	ckpt_put_u64(o, m->wr_addr);
	ckpt_put_u64(o, m->wr_line);
	put_u64s(o, m->line, TEA_LINE_WORDS);
	ckpt_put_u32(o, m->line_mask);
}

static void restore_sampler(struct tea_sampler_model *m, struct ckpt_in *in, unsigned width)
{
	if (ckpt_get_u32(in) != width)
		ckpt_fail(in, "corrupt: the TEA sampler model's width differs from the hart's");
	m->width = width;
	m->ctl = ckpt_get_u32(in);
	m->period = ckpt_get_u32(in);
	m->countdown = ckpt_get_u32(in);
	m->lfsr = (uint16_t)ckpt_get_u32(in);
	m->cycle = ckpt_get_u64(in);
	m->lost = ckpt_get_u64(in);
	m->filtered = ckpt_get_u64(in);
	m->time = ckpt_get_u64(in);
	m->valid = ckpt_get_bool(in);
	m->wait = ckpt_get_bool(in);
	m->flushed = ckpt_get_bool(in);
	m->state = ckpt_get_u32(in);
	m->mask = ckpt_get_u32(in);
	m->priv = ckpt_get_u32(in);
	get_u64s(in, m->pc, TEA_MAX_WIDTH);
	get_u64s(in, m->psv, TEA_MAX_WIDTH);
	m->dmask = ckpt_get_u32(in);
	get_u64s(in, m->daddr, TEA_MAX_WIDTH);
	m->last_pc = ckpt_get_u64(in);
	m->last_psv = ckpt_get_u64(in);
	m->last_daccess = ckpt_get_bool(in);
	m->last_daddr = ckpt_get_u64(in);
	m->last_priv = ckpt_get_u32(in);
	m->sampled = ckpt_get_bool(in);
	m->seq = ckpt_get_u32(in);
	m->sample_seq = ckpt_get_u32(in);
	m->base = ckpt_get_u64(in) & TEA_BUF_ADDR_MASK;
	m->limit = ckpt_get_u64(in) & TEA_BUF_ADDR_MASK;
	m->ptr = ckpt_get_u64(in) & TEA_BUF_ADDR_MASK;
	m->wmark = ckpt_get_u64(in) & TEA_BUF_ADDR_MASK;
	m->buf_irq = ckpt_get_bool(in);
	m->full = ckpt_get_bool(in);
	m->wr_busy = ckpt_get_bool(in);
	m->wr_req = ckpt_get_bool(in);
	m->wr_sent = ckpt_get_bool(in);
	m->wr_err = ckpt_get_bool(in);
	m->wr_idx = ckpt_get_u32(in);
	if (m->wr_idx > TEA_RECORD_WORDS(width))
		ckpt_fail(in, "corrupt: the TEA buffer writer's record word %u", m->wr_idx);
	m->wr_addr = ckpt_get_u64(in) & TEA_BUF_ADDR_MASK;
	m->wr_line = ckpt_get_u64(in) & (TEA_BUF_ADDR_MASK >> 6);
	get_u64s(in, m->line, TEA_LINE_WORDS);
	m->line_mask = ckpt_get_u32(in) & 0xff;
}

void hart_save(const struct hart *h, struct ckpt_out *o)
{
	ckpt_put_tag(o, "HART");
	put_u64s(o, h->x, 32);
	ckpt_put_u64(o, h->pc);
	ckpt_put_u32(o, h->priv);
	ckpt_put_bool(o, h->has_fp);
	put_u64s(o, h->f, 32);
	ckpt_put_u32(o, h->fflags);
	ckpt_put_u32(o, h->frm);
	ckpt_put_bool(o, h->resv_valid);
	ckpt_put_u64(o, h->resv_addr);
	ckpt_put_u64(o, h->cycle);
	ckpt_put_u64(o, h->instret);
	ckpt_put_u64(o, h->cycle_inc);
	ckpt_put_u64(o, h->instret_inc);
	ckpt_put_u64(o, h->mstatus);
	ckpt_put_u64(o, h->mie);
	ckpt_put_u64(o, h->mip_sw);
	ckpt_put_u64(o, h->irq_lines);
	ckpt_put_u64(o, h->mideleg);
	ckpt_put_u64(o, h->medeleg);
	ckpt_put_u64(o, h->mtvec);
	ckpt_put_u64(o, h->stvec);
	ckpt_put_u64(o, h->mepc);
	ckpt_put_u64(o, h->sepc);
	ckpt_put_u64(o, h->mcause);
	ckpt_put_u64(o, h->scause);
	ckpt_put_u64(o, h->mtval);
	ckpt_put_u64(o, h->stval);
	ckpt_put_u64(o, h->mscratch);
	ckpt_put_u64(o, h->sscratch);
	ckpt_put_u64(o, h->satp);
	ckpt_put_u32(o, h->mcounteren);
	ckpt_put_u32(o, h->scounteren);
	ckpt_put_u32(o, h->mcountinhibit);
	put_u64s(o, h->mhpmcounter, HPM_LAST + 1);
	put_u64s(o, h->mhpmevent, HPM_LAST + 1);
	ckpt_put_u32(o, h->tea_width);
	ckpt_put_bool(o, h->tea_irq);
	put_u64s(o, h->tea_held, TEA_CSR_WMARK - TEA_CSR_CTL + 1);
	ckpt_put_bool(o, h->tea_wr);
	ckpt_put_bool(o, h->tea_buf_ack);
	ckpt_put_bool(o, h->tea_buf_done);
	ckpt_put_bool(o, h->tea_buf_error);
	ckpt_put_bool(o, h->tea_busy);
	ckpt_put_u32(o, h->tea_wr_csr);
	ckpt_put_u64(o, h->tea_wr_data);
	ckpt_put_bool(o, h->tea_model != NULL);
	if (h->tea_model)
		save_sampler(h->tea_model, o);
}

/* The hart must have been created and set up as the saved one was (F and
 * D, the sampler, the HTIF words): the checkpoint's options say how. */
bool hart_restore(struct hart *h, struct ckpt_in *in)
{
	if (!ckpt_expect_tag(in, "HART"))
		return false;
	get_u64s(in, h->x, 32);
	h->x[0] = 0;
	h->pc = ckpt_get_u64(in);
	h->priv = ckpt_get_u32(in);
	if (h->priv != PRIV_U && h->priv != PRIV_S && h->priv != PRIV_M)
		return ckpt_fail(in, "corrupt: privilege %u", h->priv);
	if (ckpt_get_bool(in) != h->has_fp)
		return ckpt_fail(in, "corrupt: the hart's F and D differ from its options'");
	get_u64s(in, h->f, 32);
	h->fflags = (uint8_t)(ckpt_get_u32(in) & 0x1f);
	h->frm = (uint8_t)(ckpt_get_u32(in) & 7);
	h->resv_valid = ckpt_get_bool(in);
	h->resv_addr = ckpt_get_u64(in);
	h->cycle = ckpt_get_u64(in);
	h->instret = ckpt_get_u64(in);
	h->cycle_inc = ckpt_get_u64(in);
	h->instret_inc = ckpt_get_u64(in);
	h->mstatus = ckpt_get_u64(in);
	h->mie = ckpt_get_u64(in);
	h->mip_sw = ckpt_get_u64(in);
	h->irq_lines = ckpt_get_u64(in);
	h->mideleg = ckpt_get_u64(in);
	h->medeleg = ckpt_get_u64(in);
	h->mtvec = ckpt_get_u64(in);
	h->stvec = ckpt_get_u64(in);
	h->mepc = ckpt_get_u64(in);
	h->sepc = ckpt_get_u64(in);
	h->mcause = ckpt_get_u64(in);
	h->scause = ckpt_get_u64(in);
	h->mtval = ckpt_get_u64(in);
	h->stval = ckpt_get_u64(in);
	h->mscratch = ckpt_get_u64(in);
	h->sscratch = ckpt_get_u64(in);
	h->satp = ckpt_get_u64(in);
	h->mcounteren = ckpt_get_u32(in);
	h->scounteren = ckpt_get_u32(in);
	h->mcountinhibit = ckpt_get_u32(in);
	get_u64s(in, h->mhpmcounter, HPM_LAST + 1);
	get_u64s(in, h->mhpmevent, HPM_LAST + 1);
	if (ckpt_get_u32(in) != h->tea_width)
		return ckpt_fail(in, "corrupt: the TEA commit width differs from the hart's");
	h->tea_irq = ckpt_get_bool(in);
	get_u64s(in, h->tea_held, TEA_CSR_WMARK - TEA_CSR_CTL + 1);
	h->tea_wr = ckpt_get_bool(in);
	h->tea_buf_ack = ckpt_get_bool(in);
	h->tea_buf_done = ckpt_get_bool(in);
	h->tea_buf_error = ckpt_get_bool(in);
	h->tea_busy = ckpt_get_bool(in);
	h->tea_wr_csr = ckpt_get_u32(in);
	h->tea_wr_data = ckpt_get_u64(in);
	if (ckpt_get_bool(in) != (h->tea_model != NULL))
		return ckpt_fail(in, "corrupt: the TEA sampler model is not where the options put it");
	if (h->tea_model)
		restore_sampler(h->tea_model, in, h->tea_width);
	if (h->tea_busy && !h->tea_model)
		return ckpt_fail(in, "corrupt: TEA work without a sampler model");
	h->stop = false;
	h->check_irq = true;
	mmu_flush(h);
	mmu_update_keys(h);
	return !in->failed;
}
