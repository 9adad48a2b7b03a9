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
	uint64_t lo, hi;                     /* the physical range loaded */
};

/* Reads path, checks that it is a little-endian RV64 executable whose
 * loadable segments all lie in DRAM without overlapping and whose entry
 * point is inside one, and copies the segments to their physical addresses
 * (zero-filling .bss), whatever their permission flags. With base not 0,
 * an executable whose segments are not all in DRAM by their physical
 * addresses (a vmlinux) is placed as its flat image: the lowest segment at
 * base. Returns 0, or -1 with a one-line reason in err. */
int elf_load(const char *path, struct soc *soc, uint64_t base, struct elf_program *prog,
	     char *err, size_t errlen);

/* Loads path whole at physical address pa: a raw image (a kernel Image, a
 * firmware .bin, an initrd). Sets *size to its length. Returns 0, or -1
 * with a one-line reason in err. */
int raw_load(const char *path, struct soc *soc, uint64_t pa, uint64_t *size, char *err,
	     size_t errlen);

/* The value of the defined symbol @name in the ELF file @path (the first
 * if several). Returns 0, or -1 with a one-line reason in err. */
int elf_symbol(const char *path, const char *name, uint64_t *value, char *err, size_t errlen);

/* True when path starts as an ELF file does. */
bool is_elf_file(const char *path);

#endif
