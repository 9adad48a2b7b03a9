/* The boot ROM image: a few instructions that every hart runs from reset,
 * followed by the entry address and the device tree blob.
 *
 *   0x00  auipc t0, 0              t0 = ROM base
 *   0x04  csrr  a0, mhartid
 *   0x08  addi  a1, t0, DTB        a1 = device tree
 *   0x0c  ld    t0, ENTRY(t0)
 *   0x10  jr    t0
 *   ENTRY (8-byte aligned): entry address, 64 bits little-endian
 *   DTB   (8-byte aligned): the blob
 *
 * The code finds its data through auipc, so it does not depend on where the
 * ROM is mapped.
 */
#include <string.h>

#include "soc/devices.h"

enum {
	REG_ZERO = 0,
	REG_T0 = 5,
	REG_A0 = 10,
	REG_A1 = 11,
};

enum {
	OP_LOAD = 0x03,
	OP_OP_IMM = 0x13,
	OP_AUIPC = 0x17,
	OP_JALR = 0x67,
	OP_SYSTEM = 0x73,
};

#define F3_ADDI  0
#define F3_LD    3
#define F3_JALR  0
#define F3_CSRRS 2
#define CSR_MHARTID 0xf14

static uint32_t rv_itype(int32_t imm, unsigned rs1, unsigned funct3,
			 unsigned rd, unsigned opcode)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | funct3 << 12 |
	       rd << 7 | opcode;
}

static uint32_t rv_utype(uint32_t imm_hi20, unsigned rd, unsigned opcode)
{
	return imm_hi20 << 12 | rd << 7 | opcode;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = v >> (8 * i);
}

static void put_le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

#define RESET_INSNS 5
#define ENTRY_OFF   ((RESET_INSNS * 4 + 7) & ~7)
#define DTB_OFF     (ENTRY_OFF + 8)

int bootrom_write(uint8_t *rom, size_t rom_size, uint64_t entry,
		  const void *dtb, size_t dtb_len)
{
	const uint32_t code[RESET_INSNS] = {
		rv_utype(0, REG_T0, OP_AUIPC),
		/* csrr is csrrs with rs1 = x0: reads without writing */
		rv_itype(CSR_MHARTID, REG_ZERO, F3_CSRRS, REG_A0, OP_SYSTEM),
		rv_itype(DTB_OFF, REG_T0, F3_ADDI, REG_A1, OP_OP_IMM),
		rv_itype(ENTRY_OFF, REG_T0, F3_LD, REG_T0, OP_LOAD),
		rv_itype(0, REG_T0, F3_JALR, REG_ZERO, OP_JALR),
	};

	if (dtb_len > rom_size || DTB_OFF > rom_size - dtb_len)
		return -1;
	if (dtb_len && !dtb)
		return -1;
	memset(rom, 0, rom_size);
	for (int i = 0; i < RESET_INSNS; i++)
		put_le32(rom + 4 * i, code[i]);
	put_le64(rom + ENTRY_OFF, entry);
	if (dtb_len)
		memcpy(rom + DTB_OFF, dtb, dtb_len);
	return 0;
}
