/* Trap dispatch: one handler per interrupt and per exception code. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "tea/baremetal.h"

#define NCODES 64

_Static_assert(offsetof(struct bm_trap_frame, mepc) == BM_FRAME_MEPC * 8,
	       "frame layout differs from trap_entry.S");
_Static_assert(offsetof(struct bm_trap_frame, mstatus) == BM_FRAME_MSTATUS * 8,
	       "frame layout differs from trap_entry.S");
_Static_assert(offsetof(struct bm_trap_frame, mcause) == BM_FRAME_MCAUSE * 8,
	       "frame layout differs from trap_entry.S");
_Static_assert(offsetof(struct bm_trap_frame, mtval) == BM_FRAME_MTVAL * 8,
	       "frame layout differs from trap_entry.S");
_Static_assert(sizeof(struct bm_trap_frame) == BM_FRAME_SLOTS * 8,
	       "frame size differs from trap_entry.S");

/* Called by trap_entry.S only. */
void bm_trap_dispatch(struct bm_trap_frame *f);

static bm_trap_handler interrupt_handlers[NCODES];
static bm_trap_handler exception_handlers[NCODES];

int bm_set_interrupt_handler(unsigned code, bm_trap_handler fn)
{
	if (code >= NCODES)
		return -1;
	interrupt_handlers[code] = fn;
	return 0;
}

int bm_set_exception_handler(unsigned code, bm_trap_handler fn)
{
	if (code >= NCODES)
		return -1;
	exception_handlers[code] = fn;
	return 0;
}

void bm_skip_instruction(struct bm_trap_frame *f)
{
	/* mepc is used as a physical address: this serves code that runs
	 * untranslated. Reading one halfword first keeps a 2-byte instruction
	 * at the end of memory from faulting. */
	uint16_t low = *(const volatile uint16_t *)(uintptr_t)f->mepc;

	f->mepc += (low & 3) == 3 ? 4 : 2;
}

static void report_unhandled(const struct bm_trap_frame *f)
{
	bool irq = f->mcause & MCAUSE_INTERRUPT;

	fprintf(stderr, "unhandled %s %" PRIu64 " at mepc 0x%" PRIx64
		", mtval 0x%" PRIx64 ", mstatus 0x%" PRIx64 "\n",
		irq ? "interrupt" : "exception", f->mcause & ~MCAUSE_INTERRUPT,
		f->mepc, f->mtval, f->mstatus);
	for (unsigned i = 1; i < 32; i++)
		fprintf(stderr, "x%-2u 0x%016" PRIx64 "%s", i, f->x[i],
			i % 4 == 3 ? "\n" : "  ");
	exit(BM_EXIT_UNHANDLED_TRAP);
}

void bm_trap_dispatch(struct bm_trap_frame *f)
{
	uint64_t code = f->mcause & ~MCAUSE_INTERRUPT;
	bm_trap_handler *table = f->mcause & MCAUSE_INTERRUPT ?
				 interrupt_handlers : exception_handlers;
	bm_trap_handler fn = code < NCODES ? table[code] : NULL;

	if (!fn)
		report_unhandled(f);
	fn(f);
}
