/* Shared fixture of the SoC device tests (test_soc.c, test_soc_irq.c): a SoC
 * with a little DRAM and two harts whose console is kept in memory, the
 * PLIC's and the UART's register addresses, and loads and stores as a hart
 * makes them. */
#ifndef TEA_TESTS_SOC_TEST_UTIL_H
#define TEA_TESTS_SOC_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "soc/devices.h"
#include "soc/soc.h"

#define DRAM_SIZE (1ull << 20)
#define NHARTS    2

#define PLIC_PRIORITY(s)  (SOC_PLIC_BASE + 4 * (s))
#define PLIC_PENDING      (SOC_PLIC_BASE + 0x1000)
#define PLIC_ENABLE(c)    (SOC_PLIC_BASE + 0x2000 + 0x80 * (c))
#define PLIC_THRESHOLD(c) (SOC_PLIC_BASE + 0x200000 + 0x1000 * (c))
#define PLIC_CLAIM(c)     (PLIC_THRESHOLD(c) + 4)
#define CTX_M(h)          (2 * (h))
#define CTX_S(h)          (2 * (h) + 1)

#define UART_RBR (SOC_UART_BASE + 0)
#define UART_THR (SOC_UART_BASE + 0)
#define UART_DLL (SOC_UART_BASE + 0)
#define UART_IER (SOC_UART_BASE + 1)
#define UART_DLM (SOC_UART_BASE + 1)
#define UART_IIR (SOC_UART_BASE + 2)
#define UART_FCR (SOC_UART_BASE + 2)
#define UART_LCR (SOC_UART_BASE + 3)
#define UART_MCR (SOC_UART_BASE + 4)
#define UART_LSR (SOC_UART_BASE + 5)
#define UART_MSR (SOC_UART_BASE + 6)
#define UART_SCR (SOC_UART_BASE + 7)

struct fixture {
	struct soc *soc;
	FILE *console;
	char *out;
	size_t outlen;
};

static inline int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct soc_config cfg = {
		.dram_size = DRAM_SIZE, .nharts = NHARTS,
		.timebase_hz = 10000000, .clock_hz = 100000000,
		.isa = "rv64imac_zicsr_zifencei", .mmu = "riscv,sv39",
	};

	assert_non_null(f);
	f->console = open_memstream(&f->out, &f->outlen);
	assert_non_null(f->console);
	cfg.console = f->console;
	f->soc = soc_create(&cfg);
	assert_non_null(f->soc);
	*state = f;
	return 0;
}

static inline int teardown(void **state)
{
	struct fixture *f = *state;

	soc_destroy(f->soc);
	fclose(f->console);
	free(f->out);
	free(f);
	return 0;
}

static inline uint64_t load(struct soc *soc, uint64_t pa, unsigned size)
{
	uint64_t v = 0xdeadbeef;

	assert_int_equal(soc_load(soc, pa, size, &v), 0);
	return v;
}

static inline void store(struct soc *soc, uint64_t pa, unsigned size, uint64_t v)
{
	assert_int_equal(soc_store(soc, pa, size, v), 0);
}

static inline void assert_load_faults(struct soc *soc, uint64_t pa, unsigned size)
{
	uint64_t v;

	assert_int_equal(soc_load(soc, pa, size, &v), -1);
}

static inline void assert_store_faults(struct soc *soc, uint64_t pa, unsigned size)
{
	assert_int_equal(soc_store(soc, pa, size, 0), -1);
}

#endif
