/* Simultaneous interrupts for one destination are taken in the order MEI,
 * MSI, MTI, SEI, SSI, STI, for M and for S. ISS-only: QEMU 7.2 without
 * AIA takes the lowest-numbered pending interrupt first. */
#include "test.h"

#define S_IRQS (MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT))

	TEST_BEGIN
	SET_MTVEC env_trap_m_catch
	SET_STVEC env_trap_s_catch
	li s0, CLINT_MSIP
	li s1, CLINT_MTIMECMP

	/* M's priorities: five pending, none delegated, taken from S one by
	 * one as each source is cleared */
	li t0, 1
	sw t0, 0(s0)
	sd zero, 0(s1)
	li t0, S_IRQS
	csrs mip, t0
	WAIT_MIP_SET MIP_MSIP | MIP_MTIP
	li t0, MIP_MSIP | MIP_MTIP | S_IRQS
	csrw mie, t0
	M_TAKES 1, PRIV_S, IRQ_M_SOFT
	sw zero, 0(s0)
	WAIT_MIP_CLEAR MIP_MSIP
	M_TAKES 2, PRIV_S, IRQ_M_TIMER
	li t0, -1
	sd t0, 0(s1)
	WAIT_MIP_CLEAR MIP_MTIP
	M_TAKES 3, PRIV_S, IRQ_S_EXT
	li t0, 1 << IRQ_S_EXT
	csrc mip, t0
	M_TAKES 4, PRIV_S, IRQ_S_SOFT
	li t0, MIP_SSIP
	csrc mip, t0
	M_TAKES 5, PRIV_U, IRQ_S_TIMER
	li t0, MIP_STIP
	csrc mip, t0

	/* S's priorities, from U */
	li t0, S_IRQS
	csrw mideleg, t0
	csrs mip, t0
	csrw mie, t0
	S_TAKES 6, PRIV_U, IRQ_S_EXT
	li t0, 1 << IRQ_S_EXT
	csrc mip, t0
	S_TAKES 7, PRIV_U, IRQ_S_SOFT
	li t0, MIP_SSIP
	csrc mip, t0
	S_TAKES 8, PRIV_U, IRQ_S_TIMER
	li t0, MIP_STIP
	csrc mip, t0

	TEST_PASS
