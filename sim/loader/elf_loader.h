/* Loads a RISC-V ELF executable into the simulated SoC's memory and finds
 * the symbols the harness honours (tohost/fromhost, signature bounds, the
 * bare-metal runtime's TEA sample log). */
#ifndef TEA_SIM_ELF_LOADER_H
#define TEA_SIM_ELF_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "soc/soc.h"

struct elf_program {
	uint64_t entry;
	uint64_t tohost, fromhost;           /* 0 when the symbol is absent */
	uint64_t begin_signature, end_signature;
	uint64_t tea_log;                    /* bm_tea_log (tea/sampling.h), or 0 */
	bool entry_not_executable;           /* the entry's segment lacks PF_X */
};

/* Reads path, checks that it is a little-endian RV64 executable whose
 * loadable segments all lie in DRAM without overlapping and whose entry
 * point is inside one, and copies the segments to their physical addresses
 * (zero-filling .bss), whatever their permission flags. Returns 0, or -1
 * with a one-line reason in err. */
int elf_load(const char *path, struct soc *soc, struct elf_program *prog,
	     char *err, size_t errlen);

#endif
