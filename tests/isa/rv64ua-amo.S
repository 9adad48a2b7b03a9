/* RV64A atomic memory operations, every .w and .d form: rd gets the old
 * memory value (sign-extended for .w), memory gets op(old, rs2); .w forms
 * use and change only their 32-bit word, and compare signed or unsigned
 * on 32 bits; rd = x0 still updates memory; rd = rs2 reads rs2 first. */
#include "test.h"

/* AMO op on the word or dword at `cell`, which starts as init; checks the
 * old value in rd, the new value (loaded with ld_op) and that the guard
 * words around it are untouched. */
	.macro TEST_AMO n, op, st_op, ld_op, init, src, old, new
	CASE \n
	la a1, cell
	li a2, 0x5a5a5a5a5a5a5a5a
	sd a2, -8(a1)
	sd a2, 0(a1)
	sd a2, 8(a1)
	li a2, \init
	\st_op a2, 0(a1)
	li a3, \src
	\op a0, a3, (a1)
	EXPECT a0, \old
	\ld_op a4, 0(a1)
	EXPECT a4, \new
	EXPECT a3, \src
	ld a4, -8(a1)
	EXPECT a4, 0x5a5a5a5a5a5a5a5a
	ld a4, 8(a1)
	EXPECT a4, 0x5a5a5a5a5a5a5a5a
	.endm

	TEST_BEGIN

	TEST_AMO  1, amoswap.w, sw, lw, 0x80000000, 0x12345678, 0xffffffff80000000, 0x12345678
	TEST_AMO  2, amoswap.w, sw, lw, 0x7fffffff, 0xffffffff00000000, 0x7fffffff, 0
	TEST_AMO  3, amoadd.w, sw, lw, 0x7fffffff, 1, 0x7fffffff, 0xffffffff80000000
	TEST_AMO  4, amoadd.w, sw, lw, 0xffffffff, 0x0000000100000001, 0xffffffffffffffff, 0
	TEST_AMO  5, amoxor.w, sw, lw, 0xff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0xfffffffff0f0f0f0
	TEST_AMO  6, amoand.w, sw, lw, 0xff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0x0f000f00
	TEST_AMO  7, amoor.w, sw, lw, 0xff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0xfffffffffff0fff0
	TEST_AMO  8, amomin.w, sw, lw, 0x80000000, 1, 0xffffffff80000000, 0xffffffff80000000
	TEST_AMO  9, amomin.w, sw, lw, 5, -3, 5, -3
	TEST_AMO 10, amomin.w, sw, lw, 0, 0x00000000ffffffff, 0, -1
	TEST_AMO 11, amomax.w, sw, lw, 0x80000000, 1, 0xffffffff80000000, 1
	TEST_AMO 12, amomax.w, sw, lw, -5, -3, -5, -3
	TEST_AMO 13, amomax.w, sw, lw, 1, 0x0000000080000000, 1, 1
	TEST_AMO 14, amominu.w, sw, lw, 0x80000000, 1, 0xffffffff80000000, 1
	TEST_AMO 15, amominu.w, sw, lw, 5, 0xffffffff00000003, 5, 3
	TEST_AMO 16, amominu.w, sw, lw, 0xfffffffe, -1, -2, -2
	TEST_AMO 17, amomaxu.w, sw, lw, 0x80000000, 1, 0xffffffff80000000, 0xffffffff80000000
	TEST_AMO 18, amomaxu.w, sw, lw, 2, 0xffffffff00000001, 2, 2
	TEST_AMO 19, amomaxu.w, sw, lw, 0x7fffffff, 0x80000000, 0x7fffffff, 0xffffffff80000000

	TEST_AMO 20, amoswap.d, sd, ld, 0x8000000000000000, 0x0123456789abcdef, 0x8000000000000000, 0x0123456789abcdef
	TEST_AMO 21, amoadd.d, sd, ld, 0x7fffffffffffffff, 1, 0x7fffffffffffffff, 0x8000000000000000
	TEST_AMO 22, amoadd.d, sd, ld, 0xffffffff, 1, 0xffffffff, 0x100000000
	TEST_AMO 23, amoadd.d, sd, ld, -1, -1, -1, -2
	TEST_AMO 24, amoxor.d, sd, ld, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xf0f0f0f0f0f0f0f0
	TEST_AMO 25, amoand.d, sd, ld, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0x0f000f000f000f00
	TEST_AMO 26, amoor.d, sd, ld, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xfff0fff0fff0fff0
	TEST_AMO 27, amomin.d, sd, ld, 0x8000000000000000, 1, 0x8000000000000000, 0x8000000000000000
	TEST_AMO 28, amomin.d, sd, ld, -3, -5, -3, -5
	TEST_AMO 29, amomin.d, sd, ld, 0x00000000ffffffff, 0x100000000, 0xffffffff, 0xffffffff
	TEST_AMO 30, amomax.d, sd, ld, -1, 0, -1, 0
	TEST_AMO 31, amomax.d, sd, ld, 0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0x7fffffffffffffff
	TEST_AMO 32, amominu.d, sd, ld, -1, 0, -1, 0
	TEST_AMO 33, amominu.d, sd, ld, 0x8000000000000000, 1, 0x8000000000000000, 1
	TEST_AMO 34, amomaxu.d, sd, ld, -1, 0, -1, -1
	TEST_AMO 35, amomaxu.d, sd, ld, 0x00000000ffffffff, 0x100000000, 0xffffffff, 0x100000000

	/* a .w operation on the upper word of a dword leaves the lower one */
	CASE 36
	la a1, cell
	li a2, 0x1111111122222222
	sd a2, 0(a1)
	li a3, 1
	addi a2, a1, 4
	amoadd.w a0, a3, (a2)
	EXPECT a0, 0x11111111
	ld a4, 0(a1)
	EXPECT a4, 0x1111111222222222
	CASE 37
	li a3, 0xffffffff
	amoswap.w a0, a3, (a1)
	EXPECT a0, 0x22222222
	ld a4, 0(a1)
	EXPECT a4, 0x11111112ffffffff

	/* rd = x0: memory still changes */
	CASE 38
	li a2, 40
	sd a2, 0(a1)
	li a3, 2
	amoadd.d zero, a3, (a1)
	amoadd.w zero, a3, (a1)
	EXPECT zero, 0
	ld a4, 0(a1)
	EXPECT a4, 44

	/* rd = rs2: the source is read before rd is written */
	CASE 39
	li a2, 7
	sd a2, 0(a1)
	li a3, 9
	amoswap.d a3, a3, (a1)
	EXPECT a3, 7
	ld a4, 0(a1)
	EXPECT a4, 9
	CASE 40
	li a3, 5
	amoadd.d a3, a3, (a1)
	EXPECT a3, 9
	ld a4, 0(a1)
	EXPECT a4, 14

	/* ordering bits do not change the result */
	CASE 41
	li a3, 1
	amoadd.d.aq a0, a3, (a1)
	amoadd.d.rl a0, a3, (a1)
	amoadd.d.aqrl a0, a3, (a1)
	amoor.w.aqrl a0, a3, (a1)
	EXPECT a0, 17
	ld a4, 0(a1)
	EXPECT a4, 17

	/* a loaded value feeds the AMO address, and the AMO result a load */
	CASE 42
	la a1, cell_ptr
	ld a2, 0(a1)
	li a3, 0x100
	amoadd.d a0, a3, (a2)
	ld a5, 0(a2)
	add a5, a5, a0
	EXPECT a5, 17 + 0x100 + 17

	TEST_PASS

	.data
	.align 4
	.dword 0
cell:
	.dword 0
	.dword 0
cell_ptr:
	.dword cell
