/* Sv39 paging for bare-metal programs: run one function in S or U mode with
 * address translation on, and get its result back in M mode.
 *
 * bm_run_paged() maps, identity (virtual == physical):
 * - DRAM from BM_DRAM_BASE to the end of the arena (program image, .bss,
 *   heap, stack, then arena_bytes of the arena) with 4 KiB pages, so that
 *   the program's working set costs real TLB misses;
 * - the finisher, the CLINT and the UART with one 2 MiB megapage each,
 *   so that stdio works and exit() is not needed to end a run.
 * Every page is readable, writable and executable, accessed and dirty
 * (no A/D update traps); in U mode they are also user pages. The page
 * tables live in DRAM just past the arena. */
#ifndef TEA_VM_H
#define TEA_VM_H

#include <stddef.h>

/* The most DRAM that bm_run_paged() maps, image and arena together. */
#define BM_VM_MAX_BYTES (120ul << 20)

/* a7 of the two system calls that paged code makes (through ecall). */
#define BM_VM_CALL_RETURN 0x7e0
#define BM_VM_CALL_EXIT   0x7e1

/* The arena: page-aligned DRAM past the stack, the program's own to use
 * (nothing of the runtime lives there). It is not cleared: DRAM is zero at
 * power-on on teasim and QEMU, but a program should write before it reads. */
void *bm_vm_arena(void);

/* Runs fn(arg) in mode (PRV_S or PRV_U) under Sv39 with the map above and
 * arena_bytes of arena, on the caller's stack (below the caller's frame),
 * and returns what fn returned, in M mode with translation off again.
 * While it runs, ecalls from S and U mode go to the runtime (any handler
 * registered for EXC_ECALL_S or EXC_ECALL_U is replaced). Exits with
 * BM_EXIT_UNHANDLED_TRAP when arena_bytes do not fit. */
long bm_run_paged(unsigned long mode, long (*fn)(void *arg), void *arg, size_t arena_bytes);

/* Ends the run with code from paged code (S or U mode, where exit() cannot
 * run: it writes mstatus). */
__attribute__((noreturn)) void bm_vm_exit(int code);

#endif
