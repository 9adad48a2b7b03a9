/* The SoC: DRAM, boot ROM and test finisher here, and the routing of
 * physical accesses to the CLINT, PLIC and UART (clint.c, plic.c, uart.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint/stream.h"
#include "soc/devices.h"
#include "soc/soc.h"

/* DRAM and device registers are little-endian, and soc_load/soc_store copy
 * them into host integers directly. */
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the SoC model needs a little-endian host"
#endif

/* Two PLIC contexts per hart; the PLIC's threshold/claim space holds 1024
 * contexts, which bounds the number of harts. */
#define SOC_MAX_HARTS 512

#define DRAM_ALIGN 4096

struct soc {
	struct soc_config cfg;
	uint8_t *dram;
	uint8_t rom[SOC_BOOTROM_SIZE];
	struct clint clint;
	struct plic plic;
	struct uart uart;
	bool io_owned;          /* the UART prints, the host files are served */
	bool exit_requested;
	bool reset_requested;
	int exit_code;
};

static bool config_valid(const struct soc_config *cfg)
{
	return cfg->nharts > 0 && cfg->nharts <= SOC_MAX_HARTS &&
	       cfg->dram_size > 0 && cfg->dram_size % DRAM_ALIGN == 0 &&
	       cfg->dram_size <= UINT64_MAX - SOC_DRAM_BASE + 1;
}

/* The configuration keeps its own copies of the strings. */
static int copy_config(struct soc_config *dst, const struct soc_config *src)
{
	*dst = *src;
	dst->isa = src->isa ? strdup(src->isa) : NULL;
	dst->mmu = src->mmu ? strdup(src->mmu) : NULL;
	if ((src->isa && !dst->isa) || (src->mmu && !dst->mmu))
		return -1;
	return 0;
}

struct soc *soc_create(const struct soc_config *cfg)
{
	struct soc *soc;

	if (!cfg || !config_valid(cfg))
		return NULL;
	soc = calloc(1, sizeof(*soc));
	if (!soc)
		return NULL;
	if (copy_config(&soc->cfg, cfg) < 0)
		goto fail;
	/* calloc: DRAM starts zeroed, and large blocks are mapped lazily */
	soc->dram = calloc(1, cfg->dram_size);
	if (!soc->dram)
		goto fail;
	if (clint_init(&soc->clint, cfg->nharts) < 0)
		goto fail;
	if (plic_init(&soc->plic, 2 * cfg->nharts) < 0)
		goto fail;
	uart_init(&soc->uart, cfg->console);
	soc->io_owned = true;
	return soc;
fail:
	soc_destroy(soc);
	return NULL;
}

void soc_destroy(struct soc *soc)
{
	if (!soc)
		return;
	plic_free(&soc->plic);
	clint_free(&soc->clint);
	free(soc->dram);
	free((char *)soc->cfg.isa);
	free((char *)soc->cfg.mmu);
	free(soc);
}

const struct soc_config *soc_config(const struct soc *soc)
{
	return &soc->cfg;
}

uint8_t *soc_dram(struct soc *soc, uint64_t pa, uint64_t len)
{
	uint64_t off = pa - SOC_DRAM_BASE;

	if (pa < SOC_DRAM_BASE || off > soc->cfg.dram_size ||
	    len > soc->cfg.dram_size - off)
		return NULL;
	return soc->dram + off;
}

/* 1, 2, 4 or 8 bytes, naturally aligned. */
static bool access_valid(uint64_t pa, unsigned size)
{
	return size && size <= 8 && !(size & (size - 1)) && !(pa & (size - 1));
}

static uint64_t load_le(const uint8_t *p, unsigned size)
{
	uint16_t v16;
	uint32_t v32;
	uint64_t v64;

	switch (size) {
	case 1:
		return *p;
	case 2:
		memcpy(&v16, p, 2);
		return v16;
	case 4:
		memcpy(&v32, p, 4);
		return v32;
	default:
		memcpy(&v64, p, 8);
		return v64;
	}
}

static void store_le(uint8_t *p, unsigned size, uint64_t val)
{
	uint16_t v16 = val;
	uint32_t v32 = val;

	switch (size) {
	case 1:
		*p = val;
		break;
	case 2:
		memcpy(p, &v16, 2);
		break;
	case 4:
		memcpy(p, &v32, 4);
		break;
	default:
		memcpy(p, &val, 8);
		break;
	}
}

static bool in_range(uint64_t pa, uint64_t base, uint64_t size)
{
	return pa >= base && pa - base < size;
}

/* The finisher takes 16- and 32-bit accesses, like QEMU's. The exit code is
 * the upper half of a 32-bit FAIL write. Other values are ignored. */
static int finisher_store(struct soc *soc, uint64_t off, unsigned size,
			  uint64_t val)
{
	if (size != 2 && size != 4)
		return -1;
	if (off != 0)
		return 0;
	switch (val & 0xffff) {
	case SOC_FINISHER_PASS:
		soc_request_exit(soc, 0);
		break;
	case SOC_FINISHER_FAIL:
		soc_request_exit(soc, (val >> 16) & 0xffff);
		break;
	case SOC_FINISHER_RESET:
		if (!soc->exit_requested)
			soc->reset_requested = true;
		soc_request_exit(soc, 0);
		break;
	}
	return 0;
}

/* The UART's line into the PLIC follows its interrupt state after every
 * access that may change it. */
static void uart_sync_irq(struct soc *soc)
{
	plic_set_level(&soc->plic, SOC_UART_IRQ, uart_irq(&soc->uart));
}

static int uart_access(struct soc *soc, uint64_t off, unsigned size,
		       uint64_t *val, bool store)
{
	uint8_t byte = *val;
	int ret;

	if (size != 1)
		return -1;
	ret = store ? uart_store(&soc->uart, off, byte) :
		      uart_load(&soc->uart, off, &byte);
	*val = byte;
	uart_sync_irq(soc);
	return ret;
}

static int mmio_load(struct soc *soc, uint64_t pa, unsigned size,
		     uint64_t *val)
{
	if (in_range(pa, SOC_BOOTROM_BASE, SOC_BOOTROM_SIZE)) {
		*val = load_le(soc->rom + (pa - SOC_BOOTROM_BASE), size);
		return 0;
	}
	if (in_range(pa, SOC_FINISHER_BASE, SOC_FINISHER_SIZE)) {
		*val = 0;
		return size == 2 || size == 4 ? 0 : -1;
	}
	if (in_range(pa, SOC_HOST_FILES_BASE, SOC_HOST_FILES_SIZE)) {
		const struct soc_device *d = soc->io_owned ? soc->cfg.host_files : NULL;

		*val = 0;
		return d ? d->load(d->ctx, pa - SOC_HOST_FILES_BASE, size, val) : 0;
	}
	if (in_range(pa, SOC_CLINT_BASE, SOC_CLINT_SIZE))
		return clint_load(&soc->clint, pa - SOC_CLINT_BASE, size, val);
	if (in_range(pa, SOC_PLIC_BASE, SOC_PLIC_SIZE))
		return plic_load(&soc->plic, pa - SOC_PLIC_BASE, size, val);
	if (in_range(pa, SOC_UART_BASE, SOC_UART_SIZE)) {
		*val = 0;
		return uart_access(soc, pa - SOC_UART_BASE, size, val, false);
	}
	return -1;
}

static int mmio_store(struct soc *soc, uint64_t pa, unsigned size,
		      uint64_t val)
{
	if (in_range(pa, SOC_FINISHER_BASE, SOC_FINISHER_SIZE))
		return finisher_store(soc, pa - SOC_FINISHER_BASE, size, val);
	if (in_range(pa, SOC_HOST_FILES_BASE, SOC_HOST_FILES_SIZE)) {
		const struct soc_device *d = soc->io_owned ? soc->cfg.host_files : NULL;

		return d ? d->store(d->ctx, pa - SOC_HOST_FILES_BASE, size, val) : 0;
	}
	if (in_range(pa, SOC_CLINT_BASE, SOC_CLINT_SIZE))
		return clint_store(&soc->clint, pa - SOC_CLINT_BASE, size, val);
	if (in_range(pa, SOC_PLIC_BASE, SOC_PLIC_SIZE))
		return plic_store(&soc->plic, pa - SOC_PLIC_BASE, size, val);
	if (in_range(pa, SOC_UART_BASE, SOC_UART_SIZE))
		return uart_access(soc, pa - SOC_UART_BASE, size, &val, true);
	/* the boot ROM is read-only: stores to it fault like unmapped ones */
	return -1;
}

int soc_load(struct soc *soc, uint64_t pa, unsigned size, uint64_t *val)
{
	uint64_t off = pa - SOC_DRAM_BASE;

	if (!access_valid(pa, size))
		return -1;
	/* DRAM size is a multiple of 8, so an aligned access that starts
	 * inside it ends inside it. */
	if (off < soc->cfg.dram_size) {
		*val = load_le(soc->dram + off, size);
		return 0;
	}
	return mmio_load(soc, pa, size, val);
}

int soc_store(struct soc *soc, uint64_t pa, unsigned size, uint64_t val)
{
	uint64_t off = pa - SOC_DRAM_BASE;

	if (!access_valid(pa, size))
		return -1;
	if (off < soc->cfg.dram_size) {
		store_le(soc->dram + off, size, val);
		return 0;
	}
	return mmio_store(soc, pa, size, val);
}

int soc_set_boot(struct soc *soc, uint64_t entry, const void *dtb,
		 size_t dtb_len)
{
	return bootrom_write(soc->rom, sizeof(soc->rom), entry, dtb, dtb_len);
}

void soc_tick(struct soc *soc, uint64_t ticks)
{
	soc->clint.mtime += ticks;
}

uint64_t soc_mtime(const struct soc *soc)
{
	return soc->clint.mtime;
}

uint64_t soc_irq_lines(struct soc *soc, unsigned hart)
{
	uint64_t lines;

	if (hart >= soc->cfg.nharts)
		return 0;
	lines = clint_irq_lines(&soc->clint, hart);
	if (soc->plic.ctx[2 * hart].eip)
		lines |= SOC_MIP_MEIP;
	if (soc->plic.ctx[2 * hart + 1].eip)
		lines |= SOC_MIP_SEIP;
	return lines;
}

bool soc_exit_requested(const struct soc *soc, int *code)
{
	if (soc->exit_requested && code)
		*code = soc->exit_code;
	return soc->exit_requested;
}

void soc_request_exit(struct soc *soc, int code)
{
	if (soc->exit_requested)
		return;
	soc->exit_requested = true;
	soc->exit_code = code;
}

bool soc_reset_requested(const struct soc *soc)
{
	return soc->reset_requested;
}

void soc_set_irq_source(struct soc *soc, unsigned src, bool level)
{
	plic_set_level(&soc->plic, src, level);
}

void soc_uart_receive(struct soc *soc, uint8_t byte)
{
	uart_receive(&soc->uart, byte);
	uart_sync_irq(soc);
}

static bool page_is_zero(const uint8_t *p)
{
	static const uint8_t zero[DRAM_ALIGN];

	return !memcmp(p, zero, DRAM_ALIGN);
}

/* DRAM sparsely: the pages that are not all zero, by index, ascending. */
static void dram_save(const struct soc *soc, struct ckpt_out *o)
{
	uint64_t pages = soc->cfg.dram_size / DRAM_ALIGN, used = 0;

	for (uint64_t k = 0; k < pages; k++)
		used += !page_is_zero(soc->dram + k * DRAM_ALIGN);
	ckpt_put_tag(o, "DRAM");
	ckpt_put_u64(o, soc->cfg.dram_size);
	ckpt_put_u64(o, used);
	for (uint64_t k = 0; k < pages; k++) {
		if (page_is_zero(soc->dram + k * DRAM_ALIGN))
			continue;
		ckpt_put_u64(o, k);
		ckpt_put(o, soc->dram + k * DRAM_ALIGN, DRAM_ALIGN);
	}
}

/* Into a SoC fresh from soc_create, whose DRAM is all zero. */
static void dram_restore(struct soc *soc, struct ckpt_in *in)
{
	uint64_t pages = soc->cfg.dram_size / DRAM_ALIGN, used, next = 0;

	if (!ckpt_expect_tag(in, "DRAM"))
		return;
	if (ckpt_get_u64(in) != soc->cfg.dram_size) {
		ckpt_fail(in, "corrupt: the DRAM size differs from the options'");
		return;
	}
	used = ckpt_get_max(in, pages, "the number of DRAM pages");
	for (uint64_t n = 0; n < used && !in->failed; n++) {
		uint64_t k = ckpt_get_max(in, pages - 1, "a DRAM page index");

		if (k < next) {
			ckpt_fail(in, "corrupt: DRAM page %llu out of order", (unsigned long long)k);
			return;
		}
		ckpt_get(in, soc->dram + k * DRAM_ALIGN, DRAM_ALIGN);
		next = k + 1;
	}
}

void soc_own_io(struct soc *soc, bool own)
{
	soc->uart.console = own ? soc->cfg.console : NULL;
	soc->io_owned = own;
}

static unsigned rebase(struct soc_mmio_write *w, unsigned n, uint64_t base)
{
	for (unsigned i = 0; i < n; i++)
		w[i].addr += base;
	return n;
}

int soc_mmio_writes(const struct soc *soc, struct soc_mmio_write *w, unsigned max,
		    char *why, size_t len)
{
	unsigned need = UART_MMIO_WRITES + SOC_PLIC_NDEV + 2 * soc->plic.ncontexts +
			1 + 2 * soc->clint.nharts, n = 0;
	int k;

	if (need > max) {
		snprintf(why, len, "its devices need %u register writes, more than %u", need, max);
		return -1;
	}
	k = uart_mmio_writes(&soc->uart, w);
	if (k < 0) {
		snprintf(why, len, "the UART holds %u received bytes", soc->uart.rx_count);
		return -1;
	}
	n += rebase(w, (unsigned)k, SOC_UART_BASE);
	k = plic_mmio_writes(&soc->plic, w + n);
	if (k < 0) {
		snprintf(why, len, "the PLIC has an interrupt in service (claimed, not completed)");
		return -1;
	}
	n += rebase(w + n, (unsigned)k, SOC_PLIC_BASE);
	n += rebase(w + n, clint_mmio_writes(&soc->clint, w + n), SOC_CLINT_BASE);
	return (int)n;
}

void soc_save(const struct soc *soc, struct ckpt_out *o)
{
	ckpt_put_tag(o, "SOC ");
	ckpt_put(o, soc->rom, sizeof(soc->rom));
	ckpt_put_bool(o, soc->exit_requested);
	ckpt_put_bool(o, soc->reset_requested);
	ckpt_put_u32(o, (uint32_t)soc->exit_code);
	clint_save(&soc->clint, o);
	plic_save(&soc->plic, o);
	uart_save(&soc->uart, o);
	dram_save(soc, o);
}

bool soc_restore(struct soc *soc, struct ckpt_in *in)
{
	if (!ckpt_expect_tag(in, "SOC ") || !ckpt_get(in, soc->rom, sizeof(soc->rom)))
		return false;
	soc->exit_requested = ckpt_get_bool(in);
	soc->reset_requested = ckpt_get_bool(in);
	soc->exit_code = (int)ckpt_get_u32(in);
	clint_restore(&soc->clint, in);
	plic_restore(&soc->plic, in);
	uart_restore(&soc->uart, in);
	dram_restore(soc, in);
	return !in->failed;
}
