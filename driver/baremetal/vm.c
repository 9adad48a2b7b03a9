/* Sv39 paging (tea/vm.h): builds an identity map, enters S or U mode with
 * bm_enter_mode() and comes back to M mode through an ecall, by longjmp()
 * out of the trap handler to where bm_run_paged() was called. The trap
 * frame left on the runtime's trap stack is dropped: that stack is taken
 * afresh by the next trap from below. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tea/baremetal.h"
#include "tea/vm.h"

#define PAGE      4096ul
#define MEGAPAGE  (2ul << 20)
#define GIGAPAGE  (1ul << 30)

#define PTE_V (1ul << 0)
#define PTE_R (1ul << 1)
#define PTE_W (1ul << 2)
#define PTE_X (1ul << 3)
#define PTE_U (1ul << 4)
#define PTE_A (1ul << 6)
#define PTE_D (1ul << 7)

#define SATP_SV39 (8ul << 60)

/* Table pages past the arena: the root, one level-1 table for the devices
 * (the first gigabyte), one for DRAM (the third), then the level-0 tables,
 * one per 2 MiB of mapped DRAM. */
#define PT_ROOT 0
#define PT_DEV  1
#define PT_DRAM 2
#define PT_L0   3

extern char __stack[];	/* top of the program's stack: the image ends here */

static jmp_buf vm_return;
static long vm_result;
static long (*vm_fn)(void *arg);
static void *vm_arg;

static uintptr_t align_up(uintptr_t x, uintptr_t a)
{
	return (x + a - 1) & ~(a - 1);
}

void *bm_vm_arena(void)
{
	return (void *)align_up((uintptr_t)__stack, PAGE);
}

static uint64_t pte_leaf(uintptr_t pa, uint64_t perm)
{
	return (uint64_t)(pa >> 12) << 10 | perm | PTE_A | PTE_D | PTE_V;
}

static uint64_t pte_table(const uint64_t *next)
{
	return (uint64_t)((uintptr_t)next >> 12) << 10 | PTE_V;
}

/* The device megapage that covers pa, when pa is one of the devices:
 * readable and writable, never executable. */
static uint64_t device_pte(uintptr_t pa, uint64_t user)
{
	static const uintptr_t devices[] = {
		BM_FINISHER_BASE, BM_CLINT_BASE, BM_UART_BASE,
	};

	for (unsigned d = 0; d < sizeof(devices) / sizeof(devices[0]); d++)
		if ((devices[d] & ~(MEGAPAGE - 1)) == pa)
			return pte_leaf(pa, PTE_R | PTE_W | user);
	return 0;
}

/* Writes every entry of every table it uses (DRAM past the image need not
 * be zero; and no memset, which is bytewise in picolibc) and returns the
 * root. */
static uint64_t *build_page_table(uintptr_t dram_end, uint64_t user)
{
	uint64_t *pt = (uint64_t *)dram_end;	/* page-aligned */
	uint64_t *root = pt + PT_ROOT * 512, *dev = pt + PT_DEV * 512;
	uint64_t *dram = pt + PT_DRAM * 512;
	uint64_t rwx = PTE_R | PTE_W | PTE_X | user;
	uintptr_t n_l0 = (dram_end - BM_DRAM_BASE + MEGAPAGE - 1) / MEGAPAGE;

	for (uintptr_t i = 0; i < 512; i++) {
		root[i] = i == 0 ? pte_table(dev) :
			  i == BM_DRAM_BASE / GIGAPAGE ? pte_table(dram) : 0;
		dev[i] = device_pte(i * MEGAPAGE, user);
		dram[i] = i < n_l0 ? pte_table(pt + (PT_L0 + i) * 512) : 0;
	}
	for (uintptr_t t = 0; t < n_l0; t++) {
		uint64_t *l0 = pt + (PT_L0 + t) * 512;
		uintptr_t base = BM_DRAM_BASE + t * MEGAPAGE;

		for (uintptr_t i = 0; i < 512; i++) {
			uintptr_t pa = base + i * PAGE;

			l0[i] = pa < dram_end ? pte_leaf(pa, rwx) : 0;
		}
	}
	return root;
}

static void translation_off(void)
{
	csr_write(satp, 0);
	__asm__ volatile ("sfence.vma" ::: "memory");
}

static void on_paged_ecall(struct bm_trap_frame *f)
{
	switch (f->x[17]) {
	case BM_VM_CALL_RETURN:
		vm_result = (long)f->x[10];
		translation_off();
		longjmp(vm_return, 1);
	case BM_VM_CALL_EXIT:
		exit((int)f->x[10]);
	default:
		fprintf(stderr, "paged code: unknown ecall a7=0x%lx at 0x%lx\n",
			(unsigned long)f->x[17], (unsigned long)f->mepc);
		exit(BM_EXIT_UNHANDLED_TRAP);
	}
}

static long vm_ecall(long nr, long a0)
{
	register long r_a0 __asm__("a0") = a0;
	register long r_a7 __asm__("a7") = nr;

	__asm__ volatile ("ecall" : "+r"(r_a0) : "r"(r_a7) : "memory");
	return r_a0;
}

void bm_vm_exit(int code)
{
	vm_ecall(BM_VM_CALL_EXIT, code);
	for (;;)
		;
}

/* Runs in S or U mode: fn, then back to M mode with its result. */
static void paged_entry(void)
{
	vm_ecall(BM_VM_CALL_RETURN, vm_fn(vm_arg));
	for (;;)
		;
}

long bm_run_paged(unsigned long mode, long (*fn)(void *arg), void *arg, size_t arena_bytes)
{
	uintptr_t dram_end = align_up((uintptr_t)bm_vm_arena() + arena_bytes, PAGE);
	unsigned long mstatus = csr_read(mstatus);
	uintptr_t sp;
	uint64_t *root;

	if (dram_end - BM_DRAM_BASE > BM_VM_MAX_BYTES) {
		fprintf(stderr, "bm_run_paged: %zu bytes of arena do not fit\n", arena_bytes);
		exit(BM_EXIT_UNHANDLED_TRAP);
	}
	root = build_page_table(dram_end, mode == PRV_U ? PTE_U : 0);
	vm_fn = fn;
	vm_arg = arg;
	bm_set_exception_handler(EXC_ECALL_S, on_paged_ecall);
	bm_set_exception_handler(EXC_ECALL_U, on_paged_ecall);
	/* Paged code may read the cycle, time and instret counters. */
	csr_write(mcounteren, 0xfffffffful);
	csr_write(scounteren, 0xfffffffful);

	if (setjmp(vm_return)) {
		/* Back from on_paged_ecall(), in M mode, translation off. */
		csr_write(mstatus, mstatus);
		return vm_result;
	}
	csr_write(satp, SATP_SV39 | (uintptr_t)root >> 12);
	__asm__ volatile ("sfence.vma" ::: "memory");
	/* fn's stack: below this frame, on the program's own stack. */
	__asm__ volatile ("mv %0, sp" : "=r"(sp));
	bm_enter_mode(mode, paged_entry, (void *)((sp - 256) & ~15ul));
}
