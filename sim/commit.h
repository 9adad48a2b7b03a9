/* One committed (retired or trapped) instruction, as both the reference ISS
 * and the RTL backend report it. Co-simulation compares these field by field
 * and the commit log prints them; docs/commit-log.md documents the format. */
#ifndef TEA_SIM_COMMIT_H
#define TEA_SIM_COMMIT_H

#include <stdbool.h>
#include <stdint.h>

enum priv_level { PRIV_U = 0, PRIV_S = 1, PRIV_M = 3 };

struct commit {
	uint64_t pc;
	uint32_t insn;      /* raw bits; a compressed instruction has insn[1:0] != 3 */
	uint8_t priv;       /* privilege the instruction executed in */
	uint8_t rd;         /* destination register; 0 means no register write,
			       COMMIT_RD_F + n is f<n> */
	uint8_t mem_size;   /* bytes stored (1, 2, 4, 8); 0 means no memory write */
	bool trap;          /* a trap was taken instead of retiring the instruction */
	bool interrupt;     /* the trap is an interrupt (taken before pc executes) */
	uint64_t rd_value;
	uint64_t mem_addr;  /* virtual address of the store */
	uint64_t mem_value;
	bool daccess;       /* it accessed memory (a load, store, AMO or prefetch), ... */
	uint64_t daddr;     /* ... at this virtual address: TEA's data address */
	uint64_t cause;     /* mcause/scause value written, when trap */
	uint64_t tval;      /* mtval/stval value written, when trap */
};

#define COMMIT_RD_F 32

static inline unsigned commit_insn_len(const struct commit *c)
{
	return (c->insn & 3) == 3 ? 4 : 2;
}

#endif
