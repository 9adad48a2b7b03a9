/* The RTL backend of teasim: the Verilated SoC (rtl/soc/tea_soc.sv, built
 * with its trace port) behind a C interface, with the DRAM model on its
 * memory port and the simulator answering its host port. One call of
 * cycle() is one clock cycle; it reports what the core committed in that
 * cycle as commit records, the same ones the reference ISS produces. */
#ifndef TEA_SIM_RTL_SOC_H
#define TEA_SIM_RTL_SOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "commit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Serves the core's host port (the HTIF words, the host file window): an
 * access to the 8-byte word at pa & ~7, a write with its bytes in the
 * lanes wstrb names; a read returns the word. ctx is
 * rtl_soc_config.host_ctx. */
typedef uint64_t (*rtl_host_access_fn)(void *ctx, uint64_t pa, bool write, uint64_t wdata,
				       uint8_t wstrb);

struct rtl_soc_config {
	uint64_t dram_size;          /* bytes, at 0x80000000 */
	unsigned dram_latency;       /* cycles from a request to its data */
	unsigned dram_cycles_per_line; /* bandwidth: one 64-byte line every N cycles */
	uint64_t tohost, fromhost;   /* HTIF words (uncached in the core); 0: none */
	FILE *console;               /* UART output */
	rtl_host_access_fn host_access;
	void *host_ctx;
};

struct rtl_soc;
struct tea_cycle;
struct tea_sample_regs;

/* The RTL backend of one core configuration, as its library
 * (teasim-rtl-<config>.so, sim/sim.mk) exports it under
 * RTL_BACKEND_SYMBOL; teasim loads it for --rtl (sim/teasim/backend.c). */
struct rtl_backend {
	/* RTL_BACKEND_LAYOUT as the library was built: first, so that a
	 * library built against other headers is refused, not misread. */
	size_t layout[5];
	const char *config;	/* the configuration's name ("default", "large") */
	unsigned width;		/* its commit width: the most records a cycle produces */

	/* NULL when memory cannot be allocated. */
	struct rtl_soc *(*create)(const struct rtl_soc_config *cfg);
	void (*destroy)(struct rtl_soc *s);

	/* Host pointer into the DRAM model for [pa, pa+len), NULL outside it. */
	uint8_t *(*dram)(struct rtl_soc *s, uint64_t pa, uint64_t len);

	/* Writes the boot ROM image (reset code and device tree) and resets
	 * the SoC. Returns 0, or -1 when the image does not fit. */
	int (*boot)(struct rtl_soc *s, const uint8_t *rom, size_t len);

	/* Simulates one clock cycle; the instructions committed in it (and a
	 * trap taken instead, last) are written to out, which holds width
	 * records. Returns how many. */
	unsigned (*cycle)(struct rtl_soc *s, struct commit *out);

	uint64_t (*cycles)(const struct rtl_soc *s);
	/* The CLINT's mtime, as the core reads it. */
	uint64_t (*mtime)(const struct rtl_soc *s);

	/* The SoC's coherent host port (rtl/soc/host_dma.sv), a 64-byte line
	 * per request. dma_start() offers a request to the coming cycles (one
	 * at a time): the line at pa (rounded down), with the bytes whose bit
	 * is set in mask replaced by data's (mask 0: a read). Once dma_done()
	 * returns true, line holds the line as it was before and *error
	 * whether pa lies outside memory (nothing was written then). A request
	 * takes a few cycles when the line is in the LLC, DRAM's latency when
	 * not. */
	void (*dma_start)(struct rtl_soc *s, uint64_t pa, const uint8_t *data, uint64_t mask);
	bool (*dma_done)(struct rtl_soc *s, uint8_t *line, bool *error);

	/* Functional warming (teasim --sample-every): the LLC's sets and
	 * ways, and llc_fill(), which puts the DRAM line at pa (rounded down)
	 * into a free way of its set, clean, between cycles. False when the
	 * line is there already, its set has no free way or pa is not DRAM. */
	unsigned llc_sets, llc_ways;
	bool (*llc_fill)(struct rtl_soc *s, uint64_t pa);

	/* The core's debug halt (tea_core.sv). With halt-on-EBREAK set, an
	 * EBREAK halts the core instead of trapping; halted() is then true
	 * with its pc. While halted, write_reg() writes a GPR and select_reg()
	 * chooses the one reg() reads, each taking effect in the coming cycle;
	 * resume() restarts at pc in privilege priv (0 U, 1 S, 3 M), mstatus
	 * untouched. */
	void (*set_halt_on_ebreak)(struct rtl_soc *s, bool on);
	bool (*halted)(const struct rtl_soc *s, uint64_t *pc);
	void (*write_reg)(struct rtl_soc *s, unsigned reg, uint64_t value);
	void (*select_reg)(struct rtl_soc *s, unsigned reg);
	uint64_t (*reg)(const struct rtl_soc *s);
	void (*resume)(struct rtl_soc *s, uint64_t pc, unsigned priv);

	/* TEA (docs/tea.md). Per cycle, in this order: tea_write() drives the
	 * core's debug write port of the TEA CSRs in the coming cycle (the
	 * core registers it: the write happens in the cycle after),
	 * tea_cycle() reads what its commit stage does in it, then cycle()
	 * simulates it, then tea_regs() reads the sample registers as the
	 * cycle left them. */
	void (*tea_write)(struct rtl_soc *s, bool valid, unsigned addr, uint64_t data);
	void (*tea_cycle)(const struct rtl_soc *s, struct tea_cycle *c);
	void (*tea_regs)(const struct rtl_soc *s, struct tea_sample_regs *r);
};

/* The library's one exported symbol, the backend it builds: the rest of it
 * is hidden (sim/sim.mk). */
#define RTL_BACKEND_SYMBOL "tea_rtl_backend"
/* The sizes of what crosses between teasim and a library. */
#define RTL_BACKEND_LAYOUT { sizeof(struct rtl_backend), sizeof(struct rtl_soc_config), \
	sizeof(struct commit), sizeof(struct tea_cycle), sizeof(struct tea_sample_regs) }

extern const struct rtl_backend tea_rtl_backend __attribute__((visibility("default")));

#ifdef __cplusplus
}
#endif

#endif
