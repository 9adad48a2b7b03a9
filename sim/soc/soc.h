/* The simulated SoC on the QEMU virt memory map: boot ROM, test finisher,
 * CLINT, PLIC, 16550 UART and DRAM. The reference ISS and the RTL model
 * both reach memory and devices through this one interface. */
#ifndef TEA_SIM_SOC_H
#define TEA_SIM_SOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SOC_BOOTROM_BASE  0x00001000ull
#define SOC_BOOTROM_SIZE  0x0000f000ull
#define SOC_FINISHER_BASE 0x00100000ull
#define SOC_FINISHER_SIZE 0x00001000ull
#define SOC_HOST_FILES_BASE 0x00101000ull /* teasim's host file channel */
#define SOC_HOST_FILES_SIZE 0x00001000ull
#define SOC_CLINT_BASE    0x02000000ull
#define SOC_CLINT_SIZE    0x00010000ull
#define SOC_CLINT_MTIME   (SOC_CLINT_BASE + 0xbff8)  /* mtime, 64 bits */
#define SOC_PLIC_BASE     0x0c000000ull
#define SOC_PLIC_SIZE     0x00600000ull
#define SOC_UART_BASE     0x10000000ull
#define SOC_UART_SIZE     0x00000100ull
#define SOC_UART_IRQ      10
#define SOC_TEA_IRQ       11       /* the TEA sampler of hart 0 (the RTL's); hart n's is
                                     * SOC_TEA_IRQ + n on the ISS */
#define SOC_UART_CLOCK_HZ 3686400  /* input clock, for the device tree */
#define SOC_PLIC_NDEV     31       /* PLIC sources 1..31 */
#define SOC_TEA_MAX_HARTS (SOC_PLIC_NDEV - SOC_TEA_IRQ + 1)  /* harts with a TEA source */

/* Test finisher commands: the low 16 bits of a write to its first word;
 * FAIL carries the exit code in the upper 16 bits. */
#define SOC_FINISHER_FAIL  0x3333
#define SOC_FINISHER_PASS  0x5555
#define SOC_FINISHER_RESET 0x7777
#define SOC_DRAM_BASE     0x80000000ull

/* mip bits that devices drive */
#define SOC_MIP_SSIP (1ull << 1)
#define SOC_MIP_MSIP (1ull << 3)
#define SOC_MIP_STIP (1ull << 5)
#define SOC_MIP_MTIP (1ull << 7)
#define SOC_MIP_SEIP (1ull << 9)
#define SOC_MIP_MEIP (1ull << 11)

/* A device the SoC's map reaches but the SoC does not hold: the host file
 * channel (host/host_files.h). An access returns 0, or -1 for a fault. */
struct soc_device {
	int (*load)(void *ctx, uint64_t off, unsigned size, uint64_t *val);
	int (*store)(void *ctx, uint64_t off, unsigned size, uint64_t val);
	void *ctx;
};

struct soc_config {
	uint64_t dram_size;      /* bytes */
	unsigned nharts;
	uint64_t timebase_hz;    /* frequency of CLINT mtime, for the device tree */
	uint64_t clock_hz;       /* core clock, for the device tree */
	const char *isa;         /* ISA string for the device tree, e.g. "rv64imac_zicsr_zifencei" */
	const char *mmu;         /* "riscv,sv39" */
	FILE *console;           /* UART transmit goes here */
	/* behind the host file window; without one (the RTL's reference,
	 * whose device loads take the RTL's values) accesses do nothing */
	const struct soc_device *host_files;
};

struct soc;

/* NULL when memory cannot be allocated or the configuration is invalid. */
struct soc *soc_create(const struct soc_config *cfg);
void soc_destroy(struct soc *soc);
const struct soc_config *soc_config(const struct soc *soc);

/* Host pointer to [pa, pa+len) when it lies wholly inside DRAM, else NULL.
 * This is the fast path for instruction fetch and cacheable data. */
uint8_t *soc_dram(struct soc *soc, uint64_t pa, uint64_t len);

/* Physical access of 1, 2, 4 or 8 bytes (naturally aligned) to DRAM, ROM or
 * a device. Returns 0, or -1 when nothing answers at pa (access fault). */
int soc_load(struct soc *soc, uint64_t pa, unsigned size, uint64_t *val);
int soc_store(struct soc *soc, uint64_t pa, unsigned size, uint64_t val);

/* Writes the reset code (a0 = mhartid, a1 = device-tree address, jump to
 * entry) and the device tree blob into the boot ROM. Returns 0 or -1 when
 * the blob does not fit. */
int soc_set_boot(struct soc *soc, uint64_t entry, const void *dtb, size_t dtb_len);

/* Advances CLINT mtime by ticks. */
void soc_tick(struct soc *soc, uint64_t ticks);
uint64_t soc_mtime(const struct soc *soc);

/* Interrupt lines into hart's mip: MSIP, MTIP (CLINT), MEIP, SEIP (PLIC). */
uint64_t soc_irq_lines(struct soc *soc, unsigned hart);

/* True once the program asked to stop (test finisher); *code is its exit code.
 * The first request wins; later ones are ignored. */
bool soc_exit_requested(const struct soc *soc, int *code);
void soc_request_exit(struct soc *soc, int code);
/* True when the stop request was the finisher's reset command (0x7777); it
 * is reported as an exit with code 0, and the harness may restart instead. */
bool soc_reset_requested(const struct soc *soc);

/* Drives PLIC source src, a level, for a device outside the SoC's own (the
 * ISS's TEA sampler). */
void soc_set_irq_source(struct soc *soc, unsigned src, bool level);

/* Whether the UART prints and the host file window is served (as the
 * configuration says), or neither: another model of the SoC (the RTL's)
 * has taken both over for a while. */
void soc_own_io(struct soc *soc, bool own);

/* Feeds a received byte to the UART (console input). */
void soc_uart_receive(struct soc *soc, uint8_t byte);

/* A store to a device register. soc_mmio_writes() lists the stores that
 * bring another model of the SoC's devices (the RTL's, from reset) to the
 * state of these: UART, PLIC, then CLINT with mtime last. At most max; the
 * count, or -1 with the reason in why when a device holds state that
 * stores cannot recreate (a claimed interrupt, received bytes). */
struct soc_mmio_write {
	uint64_t addr;
	uint64_t value;
	unsigned size;          /* bytes: 1, 4 or 8 */
};
#define SOC_MMIO_WRITES_MAX 64
int soc_mmio_writes(const struct soc *soc, struct soc_mmio_write *w, unsigned max,
		    char *why, size_t len);

/* Checkpoints: the boot ROM, DRAM's pages that are not all zero, the
 * finisher, CLINT, PLIC and UART. Restoring needs a SoC of the saved
 * configuration; false when the stream failed (its message says why). */
struct ckpt_out;
struct ckpt_in;
void soc_save(const struct soc *soc, struct ckpt_out *o);
bool soc_restore(struct soc *soc, struct ckpt_in *in);

#endif
