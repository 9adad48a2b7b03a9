/* The serial boot protocol of the boards' boot ROM (boards/bootrom/),
 * spoken by the host over the board's UART (teaperf record --serial,
 * board-sim). All numbers are little-endian.
 *
 * After reset the ROM prints a banner line and waits for frames:
 *   SERIAL_BOOT_SYNC 'W' addr:8 len:4 data:len crc:4   write len bytes at addr
 *   SERIAL_BOOT_SYNC 'Z' addr:8 len:8 crc:4            zero len bytes at addr
 *   SERIAL_BOOT_SYNC 'G' entry:8 dtb:8 crc:4           start the program
 * crc is the CRC-32 (IEEE 802.3) of everything after the command byte
 * except the crc itself. The ROM answers each frame with one byte:
 * SERIAL_BOOT_ACK, or SERIAL_BOOT_NAK when the CRC does not match or a
 * write or zeroing does not lie wholly in DRAM below the ROM's stack (the
 * last SERIAL_BOOT_RESERVED bytes of DRAM). Bytes before a SYNC are ignored.
 * 'G' jumps to entry in M-mode with a0 = hart id and a1 = dtb, or the
 * ROM's own device tree when dtb is 0; the UART is left at the board's
 * baud rate, 8 data bits, no parity, one stop bit.
 *
 * From then on the console is the program's. A program on the bare-metal
 * runtime, told by the device tree that the host reads the console
 * (/chosen/tea,host-console), prints its TEA sample log at exit
 * (tea/sample_log.h) and then a last line, SERIAL_BOOT_EXIT and its exit
 * status in decimal (tea/host_console.h). */
#ifndef TEA_SERIAL_BOOT_H
#define TEA_SERIAL_BOOT_H

#include <stddef.h>
#include <stdint.h>

#include "tea/host_console.h"

#define SERIAL_BOOT_SYNC     0xa5
#define SERIAL_BOOT_WRITE    'W'
#define SERIAL_BOOT_ZERO     'Z'
#define SERIAL_BOOT_GO       'G'
#define SERIAL_BOOT_ACK      'K'
#define SERIAL_BOOT_NAK      'N'
#define SERIAL_BOOT_BANNER   "TEA boot ROM: "
#define SERIAL_BOOT_RESERVED 0x10000u
#define SERIAL_BOOT_MAX_LEN  0x10000u	/* bytes a write frame may carry */

/* CRC-32 of len bytes continuing from crc (0 to start), as tea_crc32. */
static inline uint32_t serial_boot_crc(uint32_t crc, const uint8_t *p, size_t len)
{
	return tea_crc32(crc, p, len);
}

/* The host's frames (little-endian numbers, CRC last): each builder
 * writes the frame into out and returns its length. */
#define SERIAL_BOOT_WRITE_FRAME_BYTES(len) (2 + 8 + 4 + (len) + 4)
#define SERIAL_BOOT_GO_FRAME_BYTES         (2 + 8 + 8 + 4)
#define SERIAL_BOOT_ZERO_FRAME_BYTES       (2 + 8 + 8 + 4)

static inline uint8_t *serial_boot_put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		*p++ = (uint8_t)(v >> (8 * i));
	return p;
}

static inline size_t serial_boot_write_frame(uint8_t *out, uint64_t addr, const uint8_t *data,
					     uint32_t len)
{
	uint8_t *p = out;

	*p++ = SERIAL_BOOT_SYNC;
	*p++ = SERIAL_BOOT_WRITE;
	p = serial_boot_put_le(p, addr, 8);
	p = serial_boot_put_le(p, len, 4);
	for (uint32_t i = 0; i < len; i++)
		*p++ = data[i];
	p = serial_boot_put_le(p, serial_boot_crc(0, out + 2, (size_t)(p - out - 2)), 4);
	return (size_t)(p - out);
}

/* The go and zero frames: a command and two 8-byte numbers. */
static inline size_t serial_boot_frame2(uint8_t *out, uint8_t cmd, uint64_t a, uint64_t b)
{
	uint8_t *p = out;

	*p++ = SERIAL_BOOT_SYNC;
	*p++ = cmd;
	p = serial_boot_put_le(p, a, 8);
	p = serial_boot_put_le(p, b, 8);
	p = serial_boot_put_le(p, serial_boot_crc(0, out + 2, 16), 4);
	return (size_t)(p - out);
}

static inline size_t serial_boot_go_frame(uint8_t *out, uint64_t entry, uint64_t dtb)
{
	return serial_boot_frame2(out, SERIAL_BOOT_GO, entry, dtb);
}

static inline size_t serial_boot_zero_frame(uint8_t *out, uint64_t addr, uint64_t len)
{
	return serial_boot_frame2(out, SERIAL_BOOT_ZERO, addr, len);
}

#endif
