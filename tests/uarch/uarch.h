/* Helpers for the directed microarchitecture tests (tests/uarch/, one program each): the
 * event counters, measuring a region of code in cycles and events, memory
 * nobody has touched yet, and the core's sizes.
 *
 * These programs run on the RTL (`teasim --rtl`) only: the ISS counts no
 * events, and co-simulation takes the DUT's value of every counter read.
 * Exit codes: 0 the claim holds, 1 the claim does not hold (the core lacks
 * the feature), 2 the measurement itself is broken (a counter or a result
 * is not what the set-up guarantees). */
#ifndef TEA_UARCH_H
#define TEA_UARCH_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tea/baremetal.h"
#include "tea/hpm.h"

#define EXIT_CLAIM 1
#define EXIT_SETUP 2

/* Sizes of rtl/include/core_config.svh, default and large. The same ELF
 * runs on both configs, so each test sizes itself with the bound that makes
 * its claim hold on both (more than the largest, fewer than the smallest). */
#define CFG_MIN_L1D_MSHRS 4
#define CFG_MAX_L1D_MSHRS 8
#define CFG_MIN_SQ        16
#define CFG_MAX_SQ        64
#define CFG_MIN_TLB       8	/* I-TLB and D-TLB each */
#define CFG_MAX_TLB       32
#define CFG_MIN_L1I_KIB   8
#define CFG_MAX_L1I_KIB   32
#define CFG_MAX_L1D_KIB   32
#define CFG_MIN_LLC_KIB   256
#define CFG_L1_WAYS       4
#define LINE_BYTES        64

/* DRAM the runtime never touches (the image, heap and stack take the first
 * few MiB of the 256 MiB teasim gives): every line there starts cold in
 * the L1s and the LLC. Each test takes its own 16 MiB slice. */
#define COLD_BASE 0x88000000ul
#define COLD_SLICE(n) (COLD_BASE + (unsigned long)(n) * 0x1000000ul)

#define HPM_N 4

/* What a region took: cycles, instructions and mhpmcounter3..6. */
struct hpm {
	uint64_t cycle, instret;
	uint64_t ev[HPM_N];
};

/* M mode only: counter 3 + i counts event ev[i] from now on, from 0. */
static inline void hpm_select(unsigned e0, unsigned e1, unsigned e2, unsigned e3)
{
	csr_write(mhpmevent3, e0);
	csr_write(mhpmevent4, e1);
	csr_write(mhpmevent5, e2);
	csr_write(mhpmevent6, e3);
	csr_write(mhpmcounter3, 0);
	csr_write(mhpmcounter4, 0);
	csr_write(mhpmcounter5, 0);
	csr_write(mhpmcounter6, 0);
	/* S mode reads them through the user aliases. */
	csr_write(mcounteren, 0xfffffffful);
}

/* Measures BODY (a statement) into struct hpm *D.
 *
 * Every CSR read dispatches alone into an empty ROB (it serializes), so the
 * region holds exactly BODY's instructions. The begin snapshot reads the
 * cycle counter last and the end snapshot first, so that only a constant
 * overhead (hpm_overhead) lies between them besides BODY. The snapshot stays
 * in registers: no load or store of the measurement itself is in the region;
 * BODY must take its operands in registers too (see REGS). The user
 * aliases of the counters work in M and S mode. */
#define HPM_MEASURE(d, body) do { \
	uint64_t __e0 = csr_read(hpmcounter3), __e1 = csr_read(hpmcounter4); \
	uint64_t __e2 = csr_read(hpmcounter5), __e3 = csr_read(hpmcounter6); \
	uint64_t __i = csr_read(instret), __c = csr_read(cycle); \
	body; \
	__c = csr_read(cycle) - __c; \
	__i = csr_read(instret) - __i; \
	__e0 = csr_read(hpmcounter3) - __e0; \
	__e1 = csr_read(hpmcounter4) - __e1; \
	__e2 = csr_read(hpmcounter5) - __e2; \
	__e3 = csr_read(hpmcounter6) - __e3; \
	(d)->cycle = __c; \
	(d)->instret = __i; \
	(d)->ev[0] = __e0; \
	(d)->ev[1] = __e1; \
	(d)->ev[2] = __e2; \
	(d)->ev[3] = __e3; \
} while (0)

/* Makes the compiler hold X in a register from here on (a load of it
 * happens before, not inside a measured region). */
#define REG(x) __asm__ volatile ("" : "+r"(x))

/* Cycles between the two snapshots of an empty region: subtract it from a
 * region's count. */
static inline uint64_t hpm_overhead(void)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < 4; i++) {
		struct hpm d;

		HPM_MEASURE(&d, (void)0);
		if (d.cycle < best)
			best = d.cycle;
	}
	return best;
}

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* One checked claim: prints it, remembers a failure with its exit code
 * (a set-up failure outranks a claim failure). */
static int uarch_status;

static inline void check(int ok, int code, const char *what)
{
	printf("  %s: %s\n", ok ? "ok  " : "FAIL", what);
	if (!ok && (uarch_status == 0 || code == EXIT_SETUP))
		uarch_status = code;
}

static inline int uarch_finish(const char *name)
{
	if (uarch_status == 0)
		printf("%s: PASS\n", name);
	else
		printf("%s: FAIL (%s)\n", name, uarch_status == EXIT_CLAIM ?
		       "the core does not do what it claims" :
		       "the measurement is broken");
	return uarch_status;
}

/* S mode under Sv39 with the test's own page table (tlb-walks, prefetch):
 * leaf entries, and the way out, since exit() needs M mode. */
#define PTE_V (1ul << 0)
#define PTE_R (1ul << 1)
#define PTE_W (1ul << 2)
#define PTE_X (1ul << 3)
#define PTE_A (1ul << 6)
#define PTE_D (1ul << 7)

/* A leaf mapping pa, accessed and dirty (no A/D update traps). */
static inline uint64_t pte_leaf(unsigned long pa, unsigned long perm)
{
	return (pa >> 12) << 10 | perm | PTE_A | PTE_D | PTE_V;
}

/* M mode: the ecall of s_exit() ends the run with a0. */
static inline void on_ecall_s(struct bm_trap_frame *f)
{
	exit((int)f->x[10]);
}

/* Switches to the test's root table and runs fn in S mode on stack_top;
 * fn ends with s_exit(). */
__attribute__((noreturn)) static inline void run_in_s_mode(const uint64_t *root,
							   void (*fn)(void), void *stack_top)
{
	bm_set_exception_handler(EXC_ECALL_S, on_ecall_s);
	csr_write(satp, 8ul << 60 | (unsigned long)root >> 12);
	__asm__ volatile ("sfence.vma" ::: "memory");
	bm_enter_mode(PRV_S, fn, stack_top);
}

__attribute__((noreturn)) static inline void s_exit(int code)
{
	register long a0 __asm__("a0") = code;

	__asm__ volatile ("ecall" :: "r"(a0) : "memory");
	for (;;)
		;
}

#endif
