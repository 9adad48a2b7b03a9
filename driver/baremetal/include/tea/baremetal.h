/* The bare-metal runtime for programs on the TEA SoC (and on QEMU's virt
 * machine, which shares its memory map). It boots in M-mode, sends stdin,
 * stdout and stderr through the UART, ends the run through the test
 * finisher when the program calls exit() or returns from main(), and
 * dispatches every trap to handlers registered here. */
#ifndef TEA_BAREMETAL_H
#define TEA_BAREMETAL_H

#include "tea/riscv.h"

#define BM_FINISHER_BASE 0x00100000ul
#define BM_CLINT_BASE    0x02000000ul
#define BM_UART_BASE     0x10000000ul
#define BM_DRAM_BASE     0x80000000ul

/* Trap frame layout, in 8-byte slots: x0..x31 (x0 is never restored), then
 * the trap CSRs. The assembly entry and struct bm_trap_frame share it. */
#define BM_FRAME_MEPC    32
#define BM_FRAME_MSTATUS 33
#define BM_FRAME_MCAUSE  34
#define BM_FRAME_MTVAL   35
#define BM_FRAME_SLOTS   36

/* Exit code of a run that took a trap no handler was registered for. */
#define BM_EXIT_UNHANDLED_TRAP 126
/* Exit code of a run whose command line (/chosen/bootargs) does not fit in
 * main()'s argv, or whose device tree is malformed; main() never runs. */
#define BM_EXIT_BAD_ARGS 123

/* main()'s arguments come from the device tree's /chosen/bootargs, split at
 * spaces: at most BM_ARGS_MAX of them, in at most BM_CMDLINE_MAX - 1 bytes. */
#define BM_ARGS_MAX    32
#define BM_CMDLINE_MAX 1024

#ifndef __ASSEMBLER__

#include <stdbool.h>
#include <stdint.h>

/* Where the boot ROM left us: a0 and a1 at the ELF entry. */
unsigned long bm_hartid(void);
const void *bm_devicetree(void);
/* The host reads the console (an FPGA board: its device tree's /chosen has
 * tea,host-console): the runtime prints the TEA sample log and the exit
 * status there at exit (tea/serial_boot.h). */
bool bm_host_console(void);
/* The initrd the device tree names (/chosen/linux,initrd-start and -end:
 * a file teaperf boot --initrd put in DRAM beside the program): true and
 * its bounds, or false when there is none. */
bool bm_initrd(uint64_t *start, uint64_t *end);

/* The performance counters (tea/hpm.h), M mode: mhpmcounter(2 + e)
 * counts event e, for every event, from 0 (S and U mode may read them);
 * v[e - 1] is the count of event e since then; the event's name, as
 * "icache-miss", or NULL for another number. */
void bm_hpm_count_all(void);
void bm_hpm_read_all(uint64_t v[]);
const char *bm_hpm_event_name(unsigned e);

/* Polled UART access; stdio already goes through these. */
void bm_uart_putc(char c);
int bm_uart_getc(void);

/* The interrupted context. A handler may change it: the trap returns to
 * mepc with the registers and mstatus found here. */
struct bm_trap_frame {
	uint64_t x[32];
	uint64_t mepc;
	uint64_t mstatus;
	uint64_t mcause;
	uint64_t mtval;
};

typedef void (*bm_trap_handler)(struct bm_trap_frame *f);

/* Registers fn for interrupt or exception code (mcause without its top
 * bit), or removes the handler when fn is NULL. Returns 0, or -1 when code
 * is out of range. A trap without a handler prints the frame on stderr and
 * exits with BM_EXIT_UNHANDLED_TRAP. */
int bm_set_interrupt_handler(unsigned code, bm_trap_handler fn);
int bm_set_exception_handler(unsigned code, bm_trap_handler fn);

/* Moves mepc past the instruction that trapped (2 or 4 bytes). */
void bm_skip_instruction(struct bm_trap_frame *f);

/* Per-hart interrupt enable (mie) and the global M-mode enable (mstatus.MIE). */
static inline void bm_enable_interrupt(unsigned code)
{
	csr_set(mie, 1ul << code);
}

static inline void bm_disable_interrupt(unsigned code)
{
	csr_clear(mie, 1ul << code);
}

static inline void bm_interrupts_on(void)
{
	csr_set(mstatus, MSTATUS_MIE);
}

static inline void bm_interrupts_off(void)
{
	csr_clear(mstatus, MSTATUS_MIE);
}

/* CLINT timer: mtime, and this hart's compare register. The machine timer
 * interrupt is pending while mtime >= mtimecmp. */
uint64_t bm_mtime(void);
void bm_set_timecmp(uint64_t when);

/* Leaves M-mode for good: runs fn in mode (PRV_U or PRV_S) on stack_top,
 * with every address readable, writable and executable through PMP entry 0.
 * Traps from there run on the runtime's own M-mode stack; the program ends
 * when a handler calls exit(). */
__attribute__((noreturn))
void bm_enter_mode(unsigned long mode, void (*fn)(void), void *stack_top);

#endif /* __ASSEMBLER__ */

#endif
