/* Address translation (Bare and Sv39), the software TLB, and the slow paths
 * of memory access: TLB misses, devices, and the debugger's accesses.
 *
 * Page tables follow Svade: the hart never writes A or D. A leaf with A = 0,
 * or a store/AMO to a leaf with D = 0, is a page fault that software
 * resolves. Page-table entries are read through soc_load, so a walk that
 * reaches a physical address where nothing answers is an access fault of
 * the original access type. PTE bits 63:54 (no Svnapot, no Svpbmt) must be
 * zero; A, D and U of non-leaf entries are ignored, as spec 1.12 says
 * nothing more about them. */
#include "iss/hart_internal.h"

#define PTE_V (1ull << 0)
#define PTE_R (1ull << 1)
#define PTE_W (1ull << 2)
#define PTE_X (1ull << 3)
#define PTE_U (1ull << 4)
#define PTE_A (1ull << 6)
#define PTE_D (1ull << 7)
#define PTE_PPN_SHIFT 10
#define PTE_PPN_MASK ((1ull << 44) - 1)
#define PTE_RESERVED_SHIFT 54

#define SV39_LEVELS 3
#define SV39_VPN_BITS 9

/* Key bits ORed into a TLB tag (bit 0 keeps every valid tag nonzero). */
#define KEY_VALID 1ull
#define KEY_PRIV_SHIFT 1
#define KEY_SUM (1ull << 3)
#define KEY_MXR (1ull << 4)

static const uint64_t page_fault_cause[] = {
	[ACCESS_FETCH] = CAUSE_FETCH_PAGE_FAULT,
	[ACCESS_LOAD] = CAUSE_LOAD_PAGE_FAULT,
	[ACCESS_STORE] = CAUSE_STORE_PAGE_FAULT,
};

static const uint64_t access_fault_cause[] = {
	[ACCESS_FETCH] = CAUSE_FETCH_ACCESS,
	[ACCESS_LOAD] = CAUSE_LOAD_ACCESS,
	[ACCESS_STORE] = CAUSE_STORE_ACCESS,
};

/* A translation depends on satp (a write flushes the TLB), on the
 * privilege of the access and, for data, on SUM and MXR. */
void mmu_update_keys(struct hart *h)
{
	uint64_t dpriv = hart_data_priv(h);
	uint64_t sum = (h->mstatus & MSTATUS_SUM) ? KEY_SUM : 0;
	uint64_t mxr = (h->mstatus & MSTATUS_MXR) ? KEY_MXR : 0;

	h->fetch_key = KEY_VALID | (uint64_t)h->priv << KEY_PRIV_SHIFT;
	h->load_key = KEY_VALID | dpriv << KEY_PRIV_SHIFT | sum | mxr;
	h->store_key = KEY_VALID | dpriv << KEY_PRIV_SHIFT | sum;
}

void mmu_flush(struct hart *h)
{
	memset(&h->tlb, 0, sizeof(h->tlb));
	h->tlb_has_superpage = false;
}

/* SFENCE.VMA with an address: a 4 KiB page lives in one slot per table, a
 * superpage in many, so only a TLB without superpages is flushed by slot. */
void mmu_flush_page(struct hart *h, uint64_t va)
{
	unsigned i = TLB_INDEX(va);

	if (h->tlb_has_superpage) {
		mmu_flush(h);
		return;
	}
	h->tlb.fetch[i].tag = 0;
	h->tlb.load[i].tag = 0;
	h->tlb.store[i].tag = 0;
}

static bool leaf_permits(const struct hart *h, uint64_t pte, enum access acc, unsigned priv)
{
	bool mxr = h->mstatus & MSTATUS_MXR, sum = h->mstatus & MSTATUS_SUM;

	switch (acc) {
	case ACCESS_FETCH:
		if (!(pte & PTE_X))
			return false;
		break;
	case ACCESS_LOAD:
		if (!(pte & PTE_R) && !(mxr && (pte & PTE_X)))
			return false;
		break;
	default:
		if (!(pte & PTE_W))
			return false;
		break;
	}
	if (priv == PRIV_U)
		return pte & PTE_U;
	if (pte & PTE_U)
		return acc != ACCESS_FETCH && sum;
	return true;
}

/* Walks the Sv39 table. Returns true with the physical address, or false
 * with the exception cause; *level is the level of the leaf (0 = 4 KiB). */
static bool sv39_walk(const struct hart *h, uint64_t va, enum access acc, unsigned priv,
		      uint64_t *pa, int *level, uint64_t *cause)
{
	uint64_t table = (h->satp & SATP_PPN_MASK) << PAGE_SHIFT;

	/* bits 63:39 must all equal bit 38 */
	if ((uint64_t)((int64_t)(va << 25) >> 25) != va)
		goto page_fault;
	for (int l = SV39_LEVELS - 1; l >= 0; l--) {
		unsigned shift = PAGE_SHIFT + SV39_VPN_BITS * (unsigned)l;
		uint64_t pte, ppn;

		if (unlikely(h->on_access))
			h->on_access(h->on_access_ctx, table + ((va >> shift) & 0x1ff) * 8);
		if (soc_load(h->soc, table + ((va >> shift) & 0x1ff) * 8, 8, &pte) != 0) {
			*cause = access_fault_cause[acc];
			return false;
		}
		if (!(pte & PTE_V) || (!(pte & PTE_R) && (pte & PTE_W)) ||
		    (pte >> PTE_RESERVED_SHIFT) != 0)
			goto page_fault;
		ppn = (pte >> PTE_PPN_SHIFT) & PTE_PPN_MASK;
		if (!(pte & (PTE_R | PTE_X))) {
			table = ppn << PAGE_SHIFT;
			continue;
		}
		if (!leaf_permits(h, pte, acc, priv))
			goto page_fault;
		/* a superpage's PPN must be aligned to its size */
		if (ppn & ((1ull << (shift - PAGE_SHIFT)) - 1))
			goto page_fault;
		if (!(pte & PTE_A) || (acc == ACCESS_STORE && !(pte & PTE_D)))
			goto page_fault;
		*pa = (ppn << PAGE_SHIFT) | (va & ((1ull << shift) - 1));
		*level = l;
		return true;
	}
page_fault:
	*cause = page_fault_cause[acc];
	return false;
}

static bool translate(const struct hart *h, uint64_t va, enum access acc, unsigned priv,
		      uint64_t *pa, int *level, uint64_t *cause)
{
	if (priv == PRIV_M || (h->satp >> SATP_MODE_SHIFT) == SATP_MODE_BARE) {
		*pa = va;
		*level = 0;
		return true;
	}
	return sv39_walk(h, va, acc, priv, pa, level, cause);
}

/* The TLB entry for va, walking the page table on a miss. On failure the
 * exception is raised with tval = va. */
static uint64_t page_of(uint64_t pa)
{
	return pa ? pa & ~PAGE_OFFSET_MASK : 1;   /* 1: no page */
}

static bool is_htif_word(const struct hart *h, uint64_t pa)
{
	pa &= ~7ull;
	return (h->htif_words[0] && pa == h->htif_words[0]) || (h->htif_words[1] && pa == h->htif_words[1]);
}

static struct tlb_entry *tlb_lookup(struct hart *h, uint64_t va, enum access acc)
{
	struct tlb_entry *tables[] = { h->tlb.fetch, h->tlb.load, h->tlb.store };
	uint64_t keys[] = { h->fetch_key, h->load_key, h->store_key };
	struct tlb_entry *e = &tables[acc][TLB_INDEX(va)];
	uint64_t tag = (va & ~PAGE_OFFSET_MASK) | keys[acc];
	unsigned priv = acc == ACCESS_FETCH ? h->priv : hart_data_priv(h);
	uint64_t pa, cause;
	int level;

	if (e->tag == tag)
		return e;
	if (!translate(h, va, acc, priv, &pa, &level, &cause)) {
		hart_raise(h, cause, va);
		return NULL;
	}
	e->tag = tag;
	e->pa = pa & ~PAGE_OFFSET_MASK;
	/* a page with an HTIF word takes the slow path, which tells them apart */
	e->host = page_of(h->htif_words[0]) == e->pa || page_of(h->htif_words[1]) == e->pa ? NULL :
		  soc_dram(h->soc, e->pa, PAGE_SIZE);
	if (level > 0)
		h->tlb_has_superpage = true;
	return e;
}

void hart_set_access_hook(struct hart *h, void (*fn)(void *ctx, uint64_t pa), void *ctx)
{
	h->on_access = fn;
	h->on_access_ctx = ctx;
	h->fetch_line = UINT64_MAX;
}

void hart_set_htif(struct hart *h, uint64_t tohost, uint64_t fromhost)
{
	h->htif_words[0] = tohost & ~7ull;
	h->htif_words[1] = fromhost & ~7ull;
	memset(&h->tlb, 0, sizeof(h->tlb));
}

bool mmu_fetch16(struct hart *h, uint64_t va, uint16_t *half)
{
	struct tlb_entry *e = tlb_lookup(h, va, ACCESS_FETCH);
	uint64_t v;

	if (!e)
		return false;
	if (unlikely(h->on_access))
		h->on_access(h->on_access_ctx, e->pa | (va & PAGE_OFFSET_MASK));
	if (e->host) {
		*half = (uint16_t)mem_read_host(e->host + (va & PAGE_OFFSET_MASK), 2);
		return true;
	}
	if (soc_load(h->soc, e->pa | (va & PAGE_OFFSET_MASK), 2, &v) != 0)
		return hart_raise(h, CAUSE_FETCH_ACCESS, va);
	*half = (uint16_t)v;
	return true;
}

static uint64_t size_mask(unsigned size)
{
	return size == 8 ? UINT64_MAX : (1ull << (size * 8)) - 1;
}

bool mmu_load_slow(struct hart *h, uint64_t va, unsigned size, uint64_t *val)
{
	struct tlb_entry *e = tlb_lookup(h, va, ACCESS_LOAD);
	uint64_t off = va & PAGE_OFFSET_MASK;

	if (!e)
		return false;
	if (unlikely(h->on_access))
		h->on_access(h->on_access_ctx, e->pa | off);
	if (e->host) {
		*val = mem_read_host(e->host + off, size);
		return true;
	}
	/* a device read may change its interrupt line */
	h->check_irq = true;
	h->device_load = !soc_dram(h->soc, e->pa | off, size) || is_htif_word(h, e->pa | off);
	if (soc_load(h->soc, e->pa | off, size, val) != 0)
		return hart_raise(h, CAUSE_LOAD_ACCESS, va);
	*val &= size_mask(size);
	return true;
}

bool mmu_store_slow(struct hart *h, uint64_t va, unsigned size, uint64_t val)
{
	struct tlb_entry *e = tlb_lookup(h, va, ACCESS_STORE);
	uint64_t off = va & PAGE_OFFSET_MASK;

	if (!e)
		return false;
	if (unlikely(h->on_access))
		h->on_access(h->on_access_ctx, e->pa | off);
	if (e->host) {
		mem_write_host(e->host + off, size, val);
	} else {
		h->check_irq = true;
		if (soc_store(h->soc, e->pa | off, size, val & size_mask(size)) != 0)
			return hart_raise(h, CAUSE_STORE_ACCESS, va);
	}
	hart_note_store(h, va, size, val);
	return true;
}

/* An AMO needs store permission (and D = 1) on its page. */
bool mmu_amo_target(struct hart *h, uint64_t va, uint64_t *pa, uint8_t **host)
{
	struct tlb_entry *e = tlb_lookup(h, va, ACCESS_STORE);
	uint64_t off = va & PAGE_OFFSET_MASK;

	if (!e)
		return false;
	*pa = e->pa | off;
	*host = e->host ? e->host + off : NULL;
	if (unlikely(h->on_access))
		h->on_access(h->on_access_ctx, *pa);
	return true;
}

/* Reads size bytes at a physical address without faults: DRAM in place,
 * anything else through soc_load. */
static bool read_phys(struct hart *h, uint64_t pa, unsigned size, uint64_t *v)
{
	const uint8_t *p = soc_dram(h->soc, pa, size);

	if (p) {
		*v = mem_read_host(p, size);
		return true;
	}
	return soc_load(h->soc, pa, size, v) == 0;
}

/* Reads the 32 bits at va as a fetch would, without touching the TLB or
 * raising anything; false when a half cannot be fetched. */
bool mmu_peek_insn32(struct hart *h, uint64_t va, uint32_t *insn)
{
	uint64_t pa, cause, lo, hi;
	int level;

	if (!translate(h, va, ACCESS_FETCH, h->priv, &pa, &level, &cause) ||
	    !read_phys(h, pa, 2, &lo))
		return false;
	if (!translate(h, va + 2, ACCESS_FETCH, h->priv, &pa, &level, &cause) ||
	    !read_phys(h, pa, 2, &hi))
		return false;
	*insn = (uint32_t)(lo & 0xffff) | (uint32_t)(hi & 0xffff) << 16;
	return true;
}

/* Copies between buf and virtual memory one page at a time, translating
 * as a load or store of the current (effective) privilege would. */
static int access_virt(struct hart *h, uint64_t va, uint8_t *buf, size_t len, bool write)
{
	enum access acc = write ? ACCESS_STORE : ACCESS_LOAD;
	unsigned priv = hart_data_priv(h);

	while (len > 0) {
		uint64_t off = va & PAGE_OFFSET_MASK, pa, cause;
		size_t chunk = PAGE_SIZE - off < len ? PAGE_SIZE - off : len;
		int level;

		if (!translate(h, va, acc, priv, &pa, &level, &cause) ||
		    h->host_mem.access(h->host_mem.ctx, pa, buf, chunk, write))
			return -1;
		va += chunk;
		buf += chunk;
		len -= chunk;
	}
	return 0;
}

int hart_read_virt(struct hart *h, uint64_t va, void *buf, size_t len)
{
	return access_virt(h, va, buf, len, false);
}

int hart_write_virt(struct hart *h, uint64_t va, const void *buf, size_t len)
{
	/* access_virt only reads buf when writing */
	return access_virt(h, va, (uint8_t *)(uintptr_t)buf, len, true);
}

void hart_set_host_mem(struct hart *h, const struct host_mem *m)
{
	h->host_mem = *m;
}
