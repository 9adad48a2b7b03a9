/* CLINT in the SiFive layout used by QEMU virt: msip words from 0x0, 64-bit
 * mtimecmp registers from 0x4000, mtime at 0xbff8. msip takes 32-bit
 * accesses only; the timer registers take 32-bit halves or 64-bit accesses.
 * Registers of harts that do not exist read as zero and ignore writes. */
#include <stdlib.h>

#include "checkpoint/stream.h"
#include "soc/devices.h"

#define CLINT_MSIP      0x0000
#define CLINT_MTIMECMP  0x4000
#define CLINT_MTIME     (SOC_CLINT_MTIME - SOC_CLINT_BASE)
#define CLINT_TIMER_END 0xc000

int clint_init(struct clint *c, unsigned nharts)
{
	c->nharts = nharts;
	c->mtime = 0;
	c->msip = calloc(nharts, sizeof(*c->msip));
	c->mtimecmp = malloc(nharts * sizeof(*c->mtimecmp));
	if (!c->msip || !c->mtimecmp) {
		clint_free(c);
		return -1;
	}
	/* No timer interrupt until software programs mtimecmp (QEMU only
	 * evaluates MTIP once mtimecmp is written). */
	for (unsigned i = 0; i < nharts; i++)
		c->mtimecmp[i] = UINT64_MAX;
	return 0;
}

void clint_free(struct clint *c)
{
	free(c->msip);
	free(c->mtimecmp);
	c->msip = NULL;
	c->mtimecmp = NULL;
}

/* The 64-bit timer register at off, or NULL for a hole. */
static uint64_t *timer_reg(struct clint *c, uint64_t off)
{
	uint64_t hart = (off - CLINT_MTIMECMP) / 8;

	if (off >= CLINT_MTIME)
		return &c->mtime;
	if (hart < c->nharts)
		return &c->mtimecmp[hart];
	return NULL;
}

int clint_load(struct clint *c, uint64_t off, unsigned size, uint64_t *val)
{
	uint64_t *reg;

	if (off < CLINT_MTIMECMP) {
		uint64_t hart = (off - CLINT_MSIP) / 4;

		if (size != 4)
			return -1;
		*val = hart < c->nharts ? c->msip[hart] : 0;
		return 0;
	}
	if (off >= CLINT_TIMER_END || size < 4)
		return -1;
	reg = timer_reg(c, off);
	if (!reg)
		*val = 0;
	else if (size == 8)
		*val = *reg;
	else
		*val = (uint32_t)(*reg >> (8 * (off & 4)));
	return 0;
}

int clint_store(struct clint *c, uint64_t off, unsigned size, uint64_t val)
{
	uint64_t *reg;

	if (off < CLINT_MTIMECMP) {
		uint64_t hart = (off - CLINT_MSIP) / 4;

		if (size != 4)
			return -1;
		if (hart < c->nharts)
			c->msip[hart] = val & 1;
		return 0;
	}
	if (off >= CLINT_TIMER_END || size < 4)
		return -1;
	reg = timer_reg(c, off);
	if (!reg)
		return 0;
	if (size == 8) {
		*reg = val;
	} else {
		unsigned shift = 8 * (off & 4);

		*reg &= ~(0xffffffffull << shift);
		*reg |= (uint64_t)(uint32_t)val << shift;
	}
	return 0;
}

uint64_t clint_irq_lines(const struct clint *c, unsigned hart)
{
	uint64_t lines = 0;

	if (hart >= c->nharts)
		return 0;
	if (c->msip[hart])
		lines |= SOC_MIP_MSIP;
	if (c->mtime >= c->mtimecmp[hart])
		lines |= SOC_MIP_MTIP;
	return lines;
}

unsigned clint_mmio_writes(const struct clint *c, struct soc_mmio_write *w)
{
	unsigned n = 0;

	for (unsigned i = 0; i < c->nharts; i++) {
		w[n++] = (struct soc_mmio_write){ CLINT_MSIP + 4 * i, c->msip[i], 4 };
		w[n++] = (struct soc_mmio_write){ CLINT_MTIMECMP + 8 * i, c->mtimecmp[i], 8 };
	}
	w[n++] = (struct soc_mmio_write){ CLINT_MTIME, c->mtime, 8 };
	return n;
}

void clint_save(const struct clint *c, struct ckpt_out *o)
{
	ckpt_put_tag(o, "CLNT");
	ckpt_put_u32(o, c->nharts);
	ckpt_put_u64(o, c->mtime);
	for (unsigned i = 0; i < c->nharts; i++) {
		ckpt_put_u64(o, c->mtimecmp[i]);
		ckpt_put_bool(o, c->msip[i]);
	}
}

void clint_restore(struct clint *c, struct ckpt_in *in)
{
	if (!ckpt_expect_tag(in, "CLNT"))
		return;
	if (ckpt_get_u32(in) != c->nharts) {
		ckpt_fail(in, "corrupt: the CLINT's harts differ from the SoC's");
		return;
	}
	c->mtime = ckpt_get_u64(in);
	for (unsigned i = 0; i < c->nharts; i++) {
		c->mtimecmp[i] = ckpt_get_u64(in);
		c->msip[i] = ckpt_get_bool(in);
	}
}
