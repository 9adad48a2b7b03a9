/* Debug triggers: the core implements none, but software (firmware, the
 * riscv-tests breakpoint test) probes for them, so tselect and tdata1-3
 * exist in M-mode. tdata1 reads 0, the debug spec's "no trigger at this
 * index", and writes change nothing. From S they are illegal. */
#include "test.h"

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	CASE 1
	li a0, 0x55
	csrw tselect, x0
	csrr a0, tselect
	EXPECT a0, 0

	CASE 2
	li t0, -1
	csrw tdata1, t0
	csrr a0, tdata1
	EXPECT a0, 0

	CASE 3
	li t0, 0x80001000
	csrw tdata2, t0
	csrr a0, tdata2
	EXPECT a0, 0
	csrr a0, tdata3
	EXPECT a0, 0

	CASE 4
	CLEAR_TRAPS
	GOTO_S 1f
1:	li a0, 0x5a5a
.Lprobe:
	csrr a0, tselect
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Lprobe
	EXPECT a0, 0x5a5a

	TEST_PASS
