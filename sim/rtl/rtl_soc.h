/* The RTL backend of teasim: the Verilated SoC (rtl/soc/tea_soc.sv, built
 * with its trace port) behind a C interface, with the DRAM model on its
 * memory port and the simulator answering its host port. One call of
 * rtl_soc_cycle() is one clock cycle; it reports what the core committed in
 * that cycle as commit records, the same ones the reference ISS produces. */
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

/* NULL when memory cannot be allocated. */
struct rtl_soc *rtl_soc_create(const struct rtl_soc_config *cfg);
void rtl_soc_destroy(struct rtl_soc *s);

/* The commit width of the built configuration: the most records one cycle
 * can produce. */
unsigned rtl_soc_width(void);
/* Name of the built configuration ("default" or "large"). */
const char *rtl_soc_config_name(void);

/* Host pointer into the DRAM model for [pa, pa+len), NULL outside it. */
uint8_t *rtl_soc_dram(struct rtl_soc *s, uint64_t pa, uint64_t len);

/* Writes the boot ROM image (reset code and device tree) and resets the
 * SoC. Returns 0, or -1 when the image does not fit. */
int rtl_soc_boot(struct rtl_soc *s, const uint8_t *rom, size_t len);

/* Simulates one clock cycle; the instructions committed in it (and a trap
 * taken instead, last) are written to out, which holds rtl_soc_width()
 * records. Returns how many. */
unsigned rtl_soc_cycle(struct rtl_soc *s, struct commit *out);

uint64_t rtl_soc_cycles(const struct rtl_soc *s);

/* The SoC's coherent host port (rtl/soc/host_dma.sv), a 64-byte line per
 * request. rtl_soc_dma_start() offers a request to the coming cycles (one
 * at a time): the line at pa (rounded down), with the bytes whose bit is
 * set in mask replaced by data's (mask 0: a read). Once rtl_soc_dma_done()
 * returns true, line holds the line as it was before and *error whether
 * pa lies outside memory (nothing was written then). A request takes a
 * few cycles when the line is in the LLC, DRAM's latency when not. */
void rtl_soc_dma_start(struct rtl_soc *s, uint64_t pa, const uint8_t *data, uint64_t mask);
bool rtl_soc_dma_done(struct rtl_soc *s, uint8_t *line, bool *error);

/* The core's debug halt (tea_core.sv). With halt-on-EBREAK set, an EBREAK
 * halts the core instead of trapping; rtl_soc_halted() is then true with
 * its pc. While halted, rtl_soc_write_reg() writes a GPR and
 * rtl_soc_select_reg() chooses the one rtl_soc_reg() reads, each taking
 * effect in the coming cycle; rtl_soc_resume() restarts at pc. */
void rtl_soc_set_halt_on_ebreak(struct rtl_soc *s, bool on);
bool rtl_soc_halted(const struct rtl_soc *s, uint64_t *pc);
void rtl_soc_write_reg(struct rtl_soc *s, unsigned reg, uint64_t value);
void rtl_soc_select_reg(struct rtl_soc *s, unsigned reg);
uint64_t rtl_soc_reg(const struct rtl_soc *s);
void rtl_soc_resume(struct rtl_soc *s, uint64_t pc);

/* TEA (docs/tea.md). Per cycle, in this order: rtl_soc_tea_write() drives
 * the core's debug write port of the TEA CSRs in the coming cycle (the
 * core registers it: the write happens in the cycle after),
 * rtl_soc_tea_cycle() reads what its commit stage does in it, then
 * rtl_soc_cycle() simulates it, then rtl_soc_tea_regs() reads the sample
 * registers as the cycle left them. */
struct tea_cycle;
struct tea_sample_regs;
void rtl_soc_tea_write(struct rtl_soc *s, bool valid, unsigned addr, uint64_t data);
void rtl_soc_tea_cycle(const struct rtl_soc *s, struct tea_cycle *c);
void rtl_soc_tea_regs(const struct rtl_soc *s, struct tea_sample_regs *r);

#ifdef __cplusplus
}
#endif

#endif
