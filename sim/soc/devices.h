/* The devices inside the SoC, each with its own state and register file.
 * soc.c routes physical accesses to them and wires their interrupt lines;
 * nothing outside sim/soc/ includes this header. Offsets passed to the
 * load/store functions are relative to the device's base address and are
 * already naturally aligned for their size. */
#ifndef TEA_SIM_SOC_DEVICES_H
#define TEA_SIM_SOC_DEVICES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "soc/soc.h"

/* Boot ROM: the reset code and the device tree (bootrom.c). */
int bootrom_write(uint8_t *rom, size_t rom_size, uint64_t entry,
		  const void *dtb, size_t dtb_len);

/* CLINT: per-hart software interrupt and timer compare, one mtime. */
struct clint {
	unsigned nharts;
	uint64_t mtime;
	uint64_t *mtimecmp;
	uint8_t *msip;
};

int clint_init(struct clint *c, unsigned nharts);
void clint_free(struct clint *c);
int clint_load(struct clint *c, uint64_t off, unsigned size, uint64_t *val);
int clint_store(struct clint *c, uint64_t off, unsigned size, uint64_t val);
/* MSIP and MTIP as mip bits for hart. */
uint64_t clint_irq_lines(const struct clint *c, unsigned hart);
void clint_save(const struct clint *c, struct ckpt_out *o);
/* The stores (offsets from the CLINT's base) that recreate its state, mtime
 * last; w has room for 1 + 2 * nharts. Returns the count. */
unsigned clint_mmio_writes(const struct clint *c, struct soc_mmio_write *w);
void clint_restore(struct clint *c, struct ckpt_in *in);

/* PLIC: sources 1..SOC_PLIC_NDEV, contexts 2*hart (M) and 2*hart+1 (S). */
struct plic_context {
	uint32_t enable;
	uint32_t threshold;
	bool eip;               /* the context's interrupt line, kept current */
};

struct plic {
	unsigned ncontexts;
	uint32_t priority[SOC_PLIC_NDEV + 1];
	uint32_t level;         /* input lines, one bit per source */
	uint32_t claimed;       /* claimed and not yet completed */
	struct plic_context *ctx;
};

int plic_init(struct plic *p, unsigned ncontexts);
void plic_free(struct plic *p);
int plic_load(struct plic *p, uint64_t off, unsigned size, uint64_t *val);
int plic_store(struct plic *p, uint64_t off, unsigned size, uint64_t val);
void plic_set_level(struct plic *p, unsigned src, bool high);
void plic_save(const struct plic *p, struct ckpt_out *o);
/* The stores (offsets from the PLIC's base) that recreate its registers; w
 * has room for SOC_PLIC_NDEV + 2 * ncontexts. -1 when an interrupt is
 * claimed: no store puts it back in service. */
int plic_mmio_writes(const struct plic *p, struct soc_mmio_write *w);
void plic_restore(struct plic *p, struct ckpt_in *in);

/* 16550 UART with register shift 0. */
#define UART_RX_QUEUE 4096

struct uart {
	FILE *console;
	uint8_t ier, lcr, mcr, scr, dll, dlm;
	bool fifo_enabled;
	uint8_t rx_trigger;     /* bytes that raise "received data available" */
	bool thre_pending;      /* THR-empty interrupt: set by each THR write
				 * (THR empties at once), cleared by reading IIR */
	bool overrun;           /* LSR.OE, cleared by reading LSR */
	uint8_t rbr;            /* last byte read, returned again when empty */
	uint8_t rx[UART_RX_QUEUE];
	unsigned rx_head, rx_count;
};

void uart_init(struct uart *u, FILE *console);
/* off is 0..7; returns -1 for anything else */
int uart_load(struct uart *u, uint64_t off, uint8_t *val);
int uart_store(struct uart *u, uint64_t off, uint8_t val);
void uart_receive(struct uart *u, uint8_t byte);
bool uart_irq(const struct uart *u);
/* The registers and the receive queue; the console stays the UART's. */
/* The stores (offsets from the UART's base) that recreate its registers;
 * w has room for UART_MMIO_WRITES. -1 when it holds received bytes. */
#define UART_MMIO_WRITES 8
int uart_mmio_writes(const struct uart *u, struct soc_mmio_write *w);
void uart_save(const struct uart *u, struct ckpt_out *o);
void uart_restore(struct uart *u, struct ckpt_in *in);

#endif
