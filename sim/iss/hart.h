/* The reference instruction-set simulator: one RV64IMAC hart (RV64IMAFDC
 * with hart_set_fp) with Zicsr, Zifencei, M/S/U privilege and Sv39. It
 * defines what "correct" means for every instruction the RTL commits. */
#ifndef TEA_SIM_HART_H
#define TEA_SIM_HART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "commit.h"
#include "host/host_mem.h"
#include "soc/soc.h"
#include "tea/marker.h"

struct hart;

/* Called on an EBREAK that sits in the RISC-V semihosting sequence
 * (slli x0,x0,0x1f; ebreak; srai x0,x0,7). Returns true when it handled
 * the call (the result is in a0 and execution goes on after the EBREAK,
 * which does not count in minstret: on hardware a debugger serves the call
 * while the hart is halted at it), false to take the breakpoint exception
 * as usual. */
typedef bool (*hart_semihost_fn)(void *ctx, struct hart *h);

struct hart *hart_create(struct soc *soc, unsigned hartid);
void hart_destroy(struct hart *h);

/* Reset state of the privileged spec: M-mode, mstatus.MIE = 0, pc = pc. */
void hart_reset(struct hart *h, uint64_t pc);

/* Executes one instruction, or takes one trap or interrupt instead. When c is
 * not NULL it receives what was committed. */
void hart_step(struct hart *h, struct commit *c);

/* Runs up to n steps without commit records, as fast as possible. Returns
 * the number of steps taken; stops early when hart_stop() was called. */
uint64_t hart_run(struct hart *h, uint64_t n);
void hart_stop(struct hart *h);
/* A point of the program where hart_run stops, once: before the
 * instruction at @pc (HART_NO_STOP_PC: none), or right after a marker, the
 * HINT `slti x0, x0, ID` that @marker encodes (hart_marker(ID); 0: none).
 * hart_reached() then says so. hart_step executes whatever comes: a
 * caller that steps asks hart_at_stop_pc() before each step. */
#define HART_NO_STOP_PC UINT64_MAX
#define HART_MARKER_MAX TEA_MARKER_MAX
static inline uint32_t hart_marker(unsigned id)
{
	return id << 20 | 2u << 12 | 0x13u;	/* slti x0, x0, id */
}
void hart_set_stop_point(struct hart *h, uint64_t pc, uint32_t marker);
bool hart_at_stop_pc(struct hart *h);
bool hart_reached(const struct hart *h);
/* Several harts on one host thread take turns; at the end of a turn the
 * hart's LR reservation goes, as the other harts' stores do not check it
 * (an SC may fail for any reason; the retry's LR and SC share a turn). */
void hart_end_turn(struct hart *h);

void hart_set_semihost(struct hart *h, hart_semihost_fn fn, void *ctx);
/* True when the next instruction is the EBREAK of a semihosting sequence. */
bool hart_at_semihost_call(struct hart *h);

/* The F and D extensions (misa F and D, mstatus.FS, the f registers,
 * fcsr). A hart has none unless given them; teasim gives them to the
 * reference of the RTL core, which always has them. */
void hart_set_fp(struct hart *h, bool on);

/* The commit width whose TEA slot CSRs exist (docs/tea-csr.md);
 * HART_TEA_WIDTH unless set, as the default configuration of the core. */
#define HART_TEA_WIDTH 2
void hart_set_tea_width(struct hart *h, unsigned width);

/* WFI's encoding, for whoever asks whether a hart waits in one */
#define INSN_WFI 0x10500073u

/* Drives the TEA interrupt line (mip bit 16), for a bench that models a
 * sampler outside the hart. */
void hart_set_tea_irq(struct hart *h, bool on);
/* Gives the hart a TEA sampler (iss/tea.c: the RTL sampler's model, one
 * cycle per instruction), or takes it away; never in co-simulation. Its
 * interrupt also drives PLIC source SOC_TEA_IRQ. False when out of memory. */
bool hart_set_tea_sampler(struct hart *h, bool on);

/* Makes a hart that ran on its own the reference of an RTL core that takes
 * its state over (teasim --rtl --restore, --fast-forward): its sampler
 * model's writable registers stay as plain values, as the reference of
 * the RTL holds them, for a core of commit width @tea_width; the LR
 * reservation goes (the core starts without one: the SC fails on both,
 * as a reservation may be lost at any time). False, with nothing changed,
 * when the sampler holds what registers cannot carry: a sample not yet
 * read, a record half written, a CSR write on its way. */
bool hart_hand_over(struct hart *h, unsigned tea_width);
/* The other way (teasim --sample-every: the RTL ran a window): the hart
 * runs on its own again, its interrupts from the SoC, its sampler model
 * holding the registers the reference kept. False when out of memory. */
bool hart_take_back(struct hart *h);
/* The mip bits software writes (SSIP, STIP, SEIP), without the lines. */
uint64_t hart_mip_software(const struct hart *h);

/* Interrupts. By default the hart samples soc_irq_lines() before every
 * step. Co-simulation turns that off and raises exactly the interrupt the
 * RTL took, at the same commit boundary, with hart_take_interrupt(). */
void hart_set_irq_from_soc(struct hart *h, bool on);
/* Takes the interrupt the SoC's lines make pending and enabled, as the
 * next step would, into @c (may be NULL); false when there is none. */
bool hart_take_due_interrupt(struct hart *h, struct commit *c);
void hart_take_interrupt(struct hart *h, unsigned cause, struct commit *c);

/* State access for the harness, semihosting and debugging. */
uint64_t hart_pc(const struct hart *h);
/* r: x0-x31, or f0-f31 as COMMIT_RD_F + n. */
uint64_t hart_reg(const struct hart *h, unsigned r);
void hart_set_reg(struct hart *h, unsigned r, uint64_t v);
unsigned hart_priv(const struct hart *h);
uint64_t hart_instret(const struct hart *h);
/* The HTIF words of the program (0: none), which the RTL keeps out of its
 * caches as device registers (mem_types.svh): loads from them count as
 * device loads here too. Set before the first step. */
void hart_set_htif(struct hart *h, uint64_t tohost, uint64_t fromhost);
/* Calls fn(ctx, pa) with every physical address the hart reads, writes
 * (page-table entries too) or fetches from (once per line it enters);
 * fn NULL: none. For teasim's functional warming. */
void hart_set_access_hook(struct hart *h, void (*fn)(void *ctx, uint64_t pa), void *ctx);
/* True when the last hart_step() loaded from a device register (an MMIO
 * load or AMO, an HTIF word) rather than from memory; co-simulation takes
 * such values from the DUT. */
bool hart_last_load_from_device(const struct hart *h);
/* CSR value as the hart sees it, without side effects; false if no such CSR. */
bool hart_csr(const struct hart *h, unsigned csr, uint64_t *v);

/* Reads/writes memory at a virtual address as a load/store of the current
 * privilege would, without side effects on A/D bits or the TLB. Returns 0, or
 * -1 when a page is unmapped or not accessible. The physical accesses go
 * to the SoC's memory, or to the memory set with hart_set_host_mem() (on
 * the RTL: its coherent host port, which the host's accesses must use). */
int hart_read_virt(struct hart *h, uint64_t va, void *buf, size_t len);
int hart_write_virt(struct hart *h, uint64_t va, const void *buf, size_t len);
void hart_set_host_mem(struct hart *h, const struct host_mem *m);

/* Checkpoints (iss/hart_state.c): the architectural state, written or
 * read in place of the saved one. Restoring needs a hart set up as the
 * saved one was; false when the stream failed (its message says why). */
struct ckpt_out;
struct ckpt_in;
void hart_save(const struct hart *h, struct ckpt_out *o);
bool hart_restore(struct hart *h, struct ckpt_in *in);

#endif
