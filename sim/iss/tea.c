/* The TEA CSRs of the reference ISS (docs/tea-csr.md).
 *
 * Without a sampler (the default, and always in co-simulation, where the
 * RTL's sampler decides and its values are taken) the CSRs hold what is
 * written and no sample is ever taken: teastat, teatime and the slots read
 * 0. With hart_set_tea_sampler() the hart has one: the model of the RTL's
 * sampler (sim/attribution/sampler_model.c), fed one cycle per step, so each
 * instruction is a cycle and every sample is a Compute sample of the one
 * instruction retiring (a trap: Stalled, with FL-EX). It is not timing-exact;
 * it lets software that samples itself (the Linux driver, the bare-metal
 * runtime) run its paths on the ISS. Its interrupt drives mip bit 16 and
 * PLIC source SOC_TEA_IRQ + the hart id. A CSR write takes effect in the cycle of the
 * instruction that makes it, as on the RTL. In buffer mode memory takes
 * each line the writer offers in the next step and ends it in the one
 * after, as the RTL's coherent port does a few cycles later. */
#include <stdlib.h>
#include <string.h>

#include "iss/hart_internal.h"
#include "pics.h"
#include "soc/soc.h"
#include "tea/csr.h"
#include "attribution/sampler_model.h"

/* The sampler's interrupt line: mip bit 16 and the hart's PLIC source. */
static void drive_irq(struct hart *h, bool irq)
{
	if (irq == h->tea_irq)
		return;
	h->tea_irq = irq;
	h->check_irq = true;
	if (h->hartid < SOC_TEA_MAX_HARTS)
		soc_set_irq_source(h->soc, SOC_TEA_IRQ + h->hartid, irq);
}

void tea_reset(struct hart *h)
{
	memset(h->tea_held, 0, sizeof(h->tea_held));
	h->tea_wr = false;
	h->tea_busy = false;
	h->tea_buf_ack = h->tea_buf_done = h->tea_buf_error = false;
	/* (without a sampler the line is the caller's: hart_set_tea_irq) */
	if (h->tea_model) {
		tea_sampler_model_reset(h->tea_model, h->tea_width);
		drive_irq(h, false);
	}
}

bool hart_set_tea_sampler(struct hart *h, bool on)
{
	tea_reset(h);
	free(h->tea_model);
	h->tea_model = NULL;
	if (!on)
		return true;
	h->tea_model = malloc(sizeof(*h->tea_model));
	if (!h->tea_model)
		return false;
	tea_sampler_model_reset(h->tea_model, h->tea_width);
	return true;
}

/* The sampler's registers that a hand-over carries, in this order. */
static const unsigned kept[] = { TEA_CSR_CTL, TEA_CSR_PERIOD, TEA_CSR_LOST, TEA_CSR_FILT,
				 TEA_CSR_COUNT, TEA_CSR_BASE, TEA_CSR_LIMIT, TEA_CSR_PTR,
				 TEA_CSR_WMARK };
#define NKEPT (sizeof(kept) / sizeof(kept[0]))

bool hart_hand_over(struct hart *h, unsigned tea_width)
{
	uint64_t v[NKEPT];

	if (h->tea_model && (h->tea_wr || h->tea_model->wr_busy || h->tea_buf_ack ||
			     h->tea_buf_done || (tea_sampler_model_stat(h->tea_model) & TEA_STAT_V)))
		return false;
	for (unsigned i = 0; i < NKEPT; i++)
		tea_csr_read(h, kept[i], &v[i]);
	hart_set_tea_sampler(h, false);
	h->tea_width = tea_width;
	for (unsigned i = 0; i < NKEPT; i++)
		tea_csr_write(h, kept[i], v[i]);
	h->resv_valid = false;
	return true;
}

bool hart_take_back(struct hart *h)
{
	struct tea_sampler_model *m;
	uint64_t v[NKEPT];

	for (unsigned i = 0; i < NKEPT; i++)
		tea_csr_read(h, kept[i], &v[i]);
	if (!hart_set_tea_sampler(h, true))
		return false;
	m = h->tea_model;
	m->ctl = (uint32_t)v[0];
	m->period = (uint32_t)v[1];
	m->lost = v[2];
	m->filtered = v[3];
	m->countdown = (uint32_t)v[4];
	m->base = v[5];
	m->limit = v[6];
	m->ptr = v[7];
	m->wmark = v[8];
	h->tea_busy = m->ctl & TEA_CTL_EN;
	hart_set_irq_from_soc(h, true);
	return true;
}

bool tea_csr_exists(const struct hart *h, unsigned csr)
{
	switch (csr) {
	case TEA_CSR_CTL:
	case TEA_CSR_PERIOD:
	case TEA_CSR_STAT:
	case TEA_CSR_TIME:
	case TEA_CSR_LOST:
	case TEA_CSR_INFO:
	case TEA_CSR_FILT:
	case TEA_CSR_COUNT:
	case TEA_CSR_BASE:
	case TEA_CSR_LIMIT:
	case TEA_CSR_PTR:
	case TEA_CSR_WMARK:
		return true;
	}
	return (csr >= TEA_CSR_ADDR0 && csr < TEA_CSR_ADDR0 + h->tea_width) ||
	       (csr >= TEA_CSR_PSV0 && csr < TEA_CSR_PSV0 + h->tea_width) ||
	       (csr >= TEA_CSR_DADDR0 && csr < TEA_CSR_DADDR0 + h->tea_width);
}

bool tea_csr_writable(unsigned csr)
{
	return csr == TEA_CSR_CTL || csr == TEA_CSR_PERIOD || csr == TEA_CSR_STAT ||
	       csr == TEA_CSR_LOST || csr == TEA_CSR_FILT || csr == TEA_CSR_COUNT ||
	       (csr >= TEA_CSR_BASE && csr <= TEA_CSR_WMARK);
}

uint32_t tea_csr_ctl(const struct hart *h)
{
	return h->tea_model ? h->tea_model->ctl : (uint32_t)h->tea_held[0];
}

void tea_csr_read(const struct hart *h, unsigned csr, uint64_t *v)
{
	const struct tea_sampler_model *m = h->tea_model;

	*v = 0;
	if (csr == TEA_CSR_INFO) {
		*v = h->tea_width | (uint64_t)PICS_TEA_NUM_EVENTS << 8 |
		     (uint64_t)TEA_MAP_VERSION << 16;
	} else if (!m) {
		if (csr != TEA_CSR_STAT && tea_csr_writable(csr))
			*v = h->tea_held[csr - TEA_CSR_CTL];
	} else if (csr == TEA_CSR_CTL) {
		*v = m->ctl;
	} else if (csr == TEA_CSR_PERIOD) {
		*v = m->period;
	} else if (csr == TEA_CSR_LOST) {
		*v = m->lost;
	} else if (csr == TEA_CSR_FILT) {
		*v = m->filtered;
	} else if (csr == TEA_CSR_COUNT) {
		*v = m->countdown;
	} else if (csr == TEA_CSR_TIME) {
		*v = m->time;
	} else if (csr == TEA_CSR_BASE) {
		*v = m->base;
	} else if (csr == TEA_CSR_LIMIT) {
		*v = m->limit;
	} else if (csr == TEA_CSR_PTR) {
		*v = m->ptr;
	} else if (csr == TEA_CSR_WMARK) {
		*v = m->wmark;
	} else if (csr == TEA_CSR_STAT) {
		*v = tea_sampler_model_stat(m);
	} else if (csr >= TEA_CSR_DADDR0) {
		*v = m->daddr[csr - TEA_CSR_DADDR0];
	} else if (csr >= TEA_CSR_PSV0) {
		*v = m->psv[csr - TEA_CSR_PSV0];
	} else if (csr >= TEA_CSR_ADDR0) {
		*v = m->pc[csr - TEA_CSR_ADDR0];
	}
}

void tea_csr_write(struct hart *h, unsigned csr, uint64_t v)
{
	if (h->tea_model) {
		h->tea_wr_csr = csr;
		h->tea_wr_data = v;
		h->tea_wr = true;
		h->tea_busy = true;
	} else if (csr != TEA_CSR_STAT) {
		/* as the RTL holds them: teactl's defined bits, 32-bit counts,
		 * buffer addresses */
		h->tea_held[csr - TEA_CSR_CTL] = csr == TEA_CSR_CTL ? v & TEA_CTL_MASK :
						 csr == TEA_CSR_PERIOD || csr == TEA_CSR_COUNT ?
						 (uint32_t)v :
						 csr >= TEA_CSR_BASE ? v & TEA_BUF_ADDR_MASK : v;
	}
}

/* Whether the core runs @insn (32-bit form) on an iterative unit, the
 * integer divider or the FP divide/square-root unit: ST-DIV. */
static bool on_divide_unit(uint32_t insn)
{
	unsigned funct3 = (insn >> 12) & 7, funct7 = insn >> 25;

	switch (insn & 0x7f) {
	case OPC_OP:
	case OPC_OP_32:
		/* DIV, DIVU, REM, REMU and their W forms; MUL* are funct3 0-3 */
		return funct7 == 1 && funct3 >= 4;
	case OPC_OP_FP:
		/* FDIV.S, FDIV.D, FSQRT.S, FSQRT.D */
		return funct7 == 0x0c || funct7 == 0x0d || funct7 == 0x2c || funct7 == 0x2d;
	default:
		return false;
	}
}

/* Called only while h->tea_busy: while the sampler is off and no CSR
 * write waits, no state would change but the time. @insn is the
 * instruction's 32-bit form, 0 for an interrupt; @daccess and @daddr its
 * data access (hart_data_access). */
void tea_step(struct hart *h, uint64_t pc, unsigned priv, bool trapped, uint32_t insn,
	      bool daccess, uint64_t daddr)
{
	struct tea_sampler_model *m = h->tea_model;
	uint64_t psv = trapped ? 1u << PICS_TEA_FL_EX :
		       on_divide_unit(insn) ? 1u << PICS_TEA_ST_DIV : 0;
	struct tea_cycle c = {
		.retire = 1, .retire_trap = trapped, .flush = trapped, .priv = priv,
		.pc = { pc }, .psv = { psv }, .daccess = daccess, .daddr = { daddr },
		.csr_we = h->tea_wr, .csr_addr = h->tea_wr_csr, .csr_wdata = h->tea_wr_data,
		.buf_ack = h->tea_buf_ack, .buf_done = h->tea_buf_done,
		.buf_error = h->tea_buf_error,
	};
	uint64_t line;
	unsigned words;

	h->tea_wr = false;
	m->cycle = h->cycle;
	tea_sampler_model_cycle(m, &c);
	/* memory takes an offered line now and ends it in the next step */
	h->tea_buf_done = h->tea_buf_ack;
	h->tea_buf_ack = tea_sampler_model_line(m, &line, &words);
	if (h->tea_buf_ack) {
		h->tea_buf_error = false;
		for (unsigned i = 0; i < TEA_LINE_WORDS; i++) {
			uint8_t *p = words >> i & 1 ? soc_dram(h->soc, line + 8 * i, 8) : NULL;

			if (words >> i & 1 && !p)
				h->tea_buf_error = true;
			else if (p)
				memcpy(p, &m->line[i], 8);	/* little-endian host */
		}
	}
	/* (a sample latched in buffer mode goes to the writer, also with
	 * sampling off) */
	h->tea_busy = (m->ctl & TEA_CTL_EN) || m->wr_busy || (m->valid && (m->ctl & TEA_CTL_BUF));
	drive_irq(h, tea_sampler_model_irq(m));
}
