/* Disassembly of a range of an ELF, for annotating its instructions. */
#ifndef PICS_DISASM_H
#define PICS_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"

/* Disassembly comes from objdump run as a child process, as perf annotate
 * does; the caller names the program (riscv64-unknown-elf-objdump). */
struct pics_insn_text {
	uint64_t addr;
	const char *text;	/* "addi    sp,sp,-16", tabs expanded */
};

struct pics_disasm;

/* Disassembles [@start, @end) of the ELF at @elf with "@objdump -d". Fails
 * with the reason when the program cannot be run or reports an error. */
struct pics_disasm *pics_disasm_run(const char *objdump, const char *elf,
				    uint64_t start, uint64_t end,
				    struct pics_error *err);
/* Parses objdump's output; every line that is not an instruction (headers,
 * labels, blank lines) is skipped. */
struct pics_disasm *pics_disasm_parse(const char *text, size_t len,
				      struct pics_error *err);
void pics_disasm_free(struct pics_disasm *d);
/* Instructions in address order. */
size_t pics_disasm_count(const struct pics_disasm *d);
const struct pics_insn_text *pics_disasm_insn(const struct pics_disasm *d,
					      size_t i);

#endif
