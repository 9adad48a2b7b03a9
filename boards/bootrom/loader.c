/* The boards' boot ROM: the serial loader of tea/serial_boot.h. It sets the
 * UART to 8N1 at the rate the board's UART comes out of reset with, prints
 * the banner and the board's model, then writes what the host sends into
 * DRAM and starts it. Everything it keeps is on the stack. */
#include <stdint.h>

#include "tea/serial_boot.h"

#define UART_BASE 0x10000000ul
#define UART_RBR  0
#define UART_THR  0
#define UART_LCR  3
#define UART_LSR  5
#define LCR_8N1   0x03
#define LSR_DR    0x01
#define LSR_THRE  0x20
#define DRAM_BASE 0x80000000ul

extern const uint64_t rom_stack_top;	/* start.S */

static volatile uint8_t *const uart = (volatile uint8_t *)UART_BASE;

static void putc_(char c)
{
	while (!(uart[UART_LSR] & LSR_THRE))
		;
	uart[UART_THR] = (uint8_t)c;
}

static void puts_(const char *s)
{
	while (*s)
		putc_(*s++);
}

static uint8_t getc_(void)
{
	while (!(uart[UART_LSR] & LSR_DR))
		;
	return uart[UART_RBR];
}

/* A device tree's big-endian word. */
static uint32_t be32(uint32_t x)
{
	return x >> 24 | (x >> 8 & 0xff00) | (x << 8 & 0xff0000) | x << 24;
}

/* n little-endian bytes, counted into the frame's CRC. */
static uint64_t get_le(unsigned n, uint32_t *crc)
{
	uint8_t b[8];
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		b[i] = getc_();
	*crc = serial_boot_crc(*crc, b, n);
	for (unsigned i = n; i--;)
		v = v << 8 | b[i];
	return v;
}

/* The device tree's model string, for the banner: the first "model"
 * property, the root's (a node's properties come before its children). */
static const char *dtb_model(const uint8_t *dtb)
{
	const uint32_t *h = (const uint32_t *)dtb;
	const uint8_t *st = dtb + be32(h[2]);
	const char *strings = (const char *)dtb + be32(h[3]);
	uint32_t size = be32(h[9]), off = 0;

	while (off + 4 <= size) {
		uint32_t tag = be32(*(const uint32_t *)(st + off));

		off += 4;
		if (tag == 1) {			/* FDT_BEGIN_NODE: name, padded */
			while (off < size && st[off])
				off++;
			off = (off + 4) & ~3u;
		} else if (tag == 3) {		/* FDT_PROP: len, name offset, value */
			uint32_t len = be32(*(const uint32_t *)(st + off));
			const char *name = strings + be32(*(const uint32_t *)(st + off + 4));

			if (name[0] == 'm' && name[1] == 'o' && name[2] == 'd' && name[3] == 'e' &&
			    name[4] == 'l' && name[5] == 0)
				return (const char *)st + off + 8;
			off += 8 + ((len + 3) & ~3u);
		} else if (tag != 2 && tag != 4) {	/* not END_NODE or NOP: the end */
			break;
		}
	}
	return "";
}

void loader_main(unsigned long hartid, const uint8_t *dtb)
{
	const uint64_t limit = rom_stack_top - SERIAL_BOOT_RESERVED;

	uart[UART_LCR] = LCR_8N1;
	puts_("\r\n" SERIAL_BOOT_BANNER);
	puts_(dtb_model(dtb));
	puts_("\r\n");
	for (;;) {
		uint32_t crc = 0;
		uint8_t cmd;

		if (getc_() != SERIAL_BOOT_SYNC)
			continue;
		cmd = getc_();
		if (cmd == SERIAL_BOOT_WRITE) {
			uint64_t addr = get_le(8, &crc);
			uint64_t len = get_le(4, &crc);
			int ok = addr >= DRAM_BASE && len <= SERIAL_BOOT_MAX_LEN &&
				 addr + len <= limit;

			for (uint64_t i = 0; i < len; i++) {
				uint8_t b = getc_();

				crc = serial_boot_crc(crc, &b, 1);
				if (ok)
					((volatile uint8_t *)addr)[i] = b;
			}
			ok &= get_le(4, &(uint32_t){ 0 }) == crc;
			putc_(ok ? SERIAL_BOOT_ACK : SERIAL_BOOT_NAK);
		} else if (cmd == SERIAL_BOOT_ZERO) {
			uint64_t addr = get_le(8, &crc);
			uint64_t len = get_le(8, &crc);
			int ok = get_le(4, &(uint32_t){ 0 }) == crc && addr >= DRAM_BASE &&
				 len <= limit - DRAM_BASE && addr <= limit - len;

			for (uint64_t i = 0; ok && i < len; i++) {
				if (((addr + i) & 7) == 0 && len - i >= 8) {
					*(volatile uint64_t *)(addr + i) = 0;
					i += 7;
				} else {
					((volatile uint8_t *)addr)[i] = 0;
				}
			}
			putc_(ok ? SERIAL_BOOT_ACK : SERIAL_BOOT_NAK);
		} else if (cmd == SERIAL_BOOT_GO) {
			uint64_t entry = get_le(8, &crc);
			uint64_t fdt = get_le(8, &crc);

			if (get_le(4, &(uint32_t){ 0 }) != crc) {
				putc_(SERIAL_BOOT_NAK);
				continue;
			}
			putc_(SERIAL_BOOT_ACK);
			while (!(uart[UART_LSR] & 0x40))	/* TEMT: the ACK is out */
				;
			__asm__ volatile("fence.i" ::: "memory");
			((void (*)(unsigned long, uintptr_t))entry)(hartid, fdt ? fdt : (uintptr_t)dtb);
		}
	}
}
