/* DRAM model: the AXI4 slave that teasim puts behind the SoC's memory port
 * (m_axi_*: 512-bit data, single-beat bursts, one 64-byte line per beat).
 *
 * A byte array at [base, base + size), configurable latency (cycles from a
 * request's acceptance to its response) and bandwidth (at most one line every
 * cycles_per_line cycles, reads and writes alike), up to DRAM_MAX_INFLIGHT
 * requests in flight, responses in acceptance order. A line outside the
 * array answers DECERR and touches nothing.
 *
 * Timing contract with the C++ glue: call dram_cycle() once per clock cycle,
 * just before the rising edge, with the master's signals as they are then;
 * drive out onto the slave inputs right after that edge. Outputs depend
 * only on the model's state (no combinational path from in to out), so a
 * handshake happened at the edge exactly when the master's valid and the
 * model's previous ready were both high. A read accepted in the same cycle
 * as a write sees the write; the data of a request is taken when it is
 * accepted. Addresses are aligned down to their line. */
#ifndef TEA_SIM_DRAM_H
#define TEA_SIM_DRAM_H

#include <stdbool.h>
#include <stdint.h>

#define DRAM_LINE_BYTES   64
#define DRAM_MAX_INFLIGHT 16

#define DRAM_RESP_OKAY    0
#define DRAM_RESP_DECERR  3

/* The master's signals (what the LLC drives). */
struct dram_in {
	bool arvalid;
	uint64_t araddr;
	unsigned arid;
	bool rready;
	bool awvalid;
	uint64_t awaddr;
	unsigned awid;
	bool wvalid;
	uint8_t wdata[DRAM_LINE_BYTES];
	uint64_t wstrb;                 /* bit i: byte i of the line */
	bool bready;
};

/* The slave's signals (what the model drives). rlast is always set with
 * rvalid: every burst is one beat. */
struct dram_out {
	bool arready;
	bool rvalid;
	unsigned rid;
	uint8_t rdata[DRAM_LINE_BYTES];
	unsigned rresp;
	bool rlast;
	bool awready;
	bool wready;
	bool bvalid;
	unsigned bid;
	unsigned bresp;
};

struct dram;

/* NULL when size is 0 or not a multiple of the line, latency or
 * cycles_per_line is 0, base is not line aligned, or memory runs out. */
struct dram *dram_create(uint64_t base, uint64_t size, unsigned latency,
			 unsigned cycles_per_line);
void dram_destroy(struct dram *d);

/* Host pointer to [pa, pa + len) when it lies wholly inside the array, else
 * NULL (for the ELF loader and HTIF). */
uint8_t *dram_mem(struct dram *d, uint64_t pa, uint64_t len);

/* One clock cycle; see the timing contract above. out may be read until
 * the next call. */
void dram_cycle(struct dram *d, const struct dram_in *in, struct dram_out *out);

/* The outputs the model drives now (before any dram_cycle: all idle with
 * the ready signals up). */
void dram_outputs(const struct dram *d, struct dram_out *out);

/* Requests accepted and not yet answered (for tests and statistics). */
unsigned dram_inflight(const struct dram *d);

#endif
