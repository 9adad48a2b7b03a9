/* RV64A load-reserved / store-conditional: lr.w sign-extends, sc writes 0
 * to rd on success and stores, a nonzero code on failure and stores
 * nothing; an SC without a reservation, a second SC after one (every SC
 * ends the reservation) and an SC outside the reserved set all fail; a
 * bounded LR/SC retry loop makes progress. */
#include "test.h"

	TEST_BEGIN

	/* no LR yet: SC fails and leaves memory alone */
	CASE 1
	la a1, word
	li a2, 0x0102030405060708
	sd a2, 0(a1)
	li a3, 0x55
	sc.w a0, a3, (a1)
	beqz a0, env_fail
	ld a4, 0(a1)
	EXPECT a4, 0x0102030405060708
	sc.d a0, a3, (a1)
	beqz a0, env_fail
	ld a4, 0(a1)
	EXPECT a4, 0x0102030405060708

	/* lr.w / sc.w succeed; only the word changes */
	CASE 2
	li a2, 0x1234567880000001
	sd a2, 0(a1)
	lr.w a0, (a1)
	EXPECT a0, 0xffffffff80000001
	li a3, 0x7777777700000042
	sc.w a5, a3, (a1)
	EXPECT a5, 0
	ld a4, 0(a1)
	EXPECT a4, 0x1234567800000042

	/* the reservation is gone after a successful SC */
	CASE 3
	li a3, 0x99
	sc.w a5, a3, (a1)
	beqz a5, env_fail
	ld a4, 0(a1)
	EXPECT a4, 0x1234567800000042

	/* lr.d / sc.d */
	CASE 4
	lr.d a0, (a1)
	EXPECT a0, 0x1234567800000042
	li a3, 0x8000000000000001
	sc.d a5, a3, (a1)
	EXPECT a5, 0
	ld a4, 0(a1)
	EXPECT a4, 0x8000000000000001

	/* an SC that fails also ends the reservation */
	CASE 5
	la a2, far
	lr.d a0, (a1)
	sc.d a5, a3, (a2)               /* not the reserved address */
	beqz a5, env_fail
	li a3, 3
	sc.d a5, a3, (a1)
	beqz a5, env_fail
	ld a4, 0(a1)
	EXPECT a4, 0x8000000000000001
	ld a4, 0(a2)
	EXPECT a4, 0

	/* the upper word of a dword */
	CASE 6
	addi a2, a1, 4
	lr.w a0, (a2)
	EXPECT a0, 0xffffffff80000000
	li a3, 0x7fffffff
	sc.w a5, a3, (a2)
	EXPECT a5, 0
	ld a4, 0(a1)
	EXPECT a4, 0x7fffffff00000001

	/* ordering bits */
	CASE 7
	lr.d.aq a0, (a1)
	sc.d.rl a5, zero, (a1)
	EXPECT a5, 0
	lr.w.aqrl a0, (a1)
	EXPECT a0, 0
	li a3, 5
	sc.w.aqrl a5, a3, (a1)
	EXPECT a5, 0
	ld a4, 0(a1)
	EXPECT a4, 5

	/* a counter incremented 100 times by LR/SC loops; a loop may retry,
	 * but not forever */
	CASE 8
	sd zero, 0(a1)
	li a6, 100
	li a7, 1000                     /* retry budget */
1:	lr.d a0, (a1)
	addi a0, a0, 1
	sc.d a5, a0, (a1)
	addi a7, a7, -1
	beqz a7, env_fail
	bnez a5, 1b
	addi a6, a6, -1
	bnez a6, 1b
	ld a4, 0(a1)
	EXPECT a4, 100

	TEST_PASS

	.data
	.align 6
word:
	.dword 0
	.skip 1024 - 8
far:
	.dword 0
