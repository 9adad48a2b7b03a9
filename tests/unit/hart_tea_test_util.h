/* What the two files of the ISS's TEA tests share (test_hart_tea.c, the
 * sampler in interrupt mode; test_hart_tea_buffer.c, the sample buffer):
 * the fixture of hart_test_util.h, TEA's CSRs, and code of nops to run. */
#ifndef TEA_TESTS_HART_TEA_TEST_UTIL_H
#define TEA_TESTS_HART_TEA_TEST_UTIL_H

#include "hart_test_util.h"
#include "pics_meta.h"
#include "tea/csr.h"

#define NOP addi(0, 0, 0)
#define NOPS 4096

static inline void fill_nops(struct hfix *f)
{
	for (unsigned i = 0; i < NOPS; i++)
		poke32(f, CODE_BASE + 4 * i, NOP);
}

#endif
