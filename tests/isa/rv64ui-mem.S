/* Loads and stores of every width: lb, lbu, lh, lhu, lw, lwu, ld, sb, sh,
 * sw, sd with sign and zero extension, positive and negative offsets,
 * little-endian byte order, neighbouring bytes untouched by narrow stores,
 * loads that read a store just made (partly or wholly), and fence. */
#include "test.h"

	TEST_BEGIN

	TEST_LOAD  1, lb,  0xffffffffffffff88, 0, src
	TEST_LOAD  2, lb,  0x0000000000000019, 9, src
	TEST_LOAD  3, lb,  0x000000000000007f, 15, src
	TEST_LOAD  4, lb,  0, 8, src
	TEST_LOAD  5, lbu, 0x88, 0, src
	TEST_LOAD  6, lbu, 0x81, 7, src
	TEST_LOAD  7, lbu, 0x7f, 15, src
	TEST_LOAD  8, lh,  0xffffffffffff8788, 0, src
	TEST_LOAD  9, lh,  0xffffffffffff8182, 6, src
	TEST_LOAD 10, lh,  0x1900, 8, src
	TEST_LOAD 11, lh,  0x7f6e, 14, src
	TEST_LOAD 12, lhu, 0x8788, 0, src
	TEST_LOAD 13, lhu, 0x8182, 6, src
	TEST_LOAD 14, lhu, 0x7f6e, 14, src
	TEST_LOAD 15, lw,  0xffffffff85868788, 0, src
	TEST_LOAD 16, lw,  0xffffffff81828384, 4, src
	TEST_LOAD 17, lw,  0x3b2a1900, 8, src
	TEST_LOAD 18, lw,  0x7f6e5d4c, 12, src
	TEST_LOAD 19, lwu, 0x85868788, 0, src
	TEST_LOAD 20, lwu, 0x81828384, 4, src
	TEST_LOAD 21, lwu, 0x7f6e5d4c, 12, src
	TEST_LOAD 22, ld,  0x8182838485868788, 0, src
	TEST_LOAD 23, ld,  0x7f6e5d4c3b2a1900, 8, src
	/* negative offsets from a base past the data */
	TEST_LOAD 24, lb,  0xffffffffffffff88, -16, src + 16
	TEST_LOAD 25, lhu, 0x7f6e, -2, src + 16
	TEST_LOAD 26, lw,  0xffffffff85868788, -0x800, src + 0x800
	TEST_LOAD 27, ld,  0x7f6e5d4c3b2a1900, 0x7ff - 0x7f7, src

	/* the base register as destination */
	CASE 28
	la a1, src
	ld a1, 8(a1)
	EXPECT a1, 0x7f6e5d4c3b2a1900
	/* x0 as destination */
	CASE 29
	la a1, src
	ld zero, 0(a1)
	lb zero, 0(a1)
	EXPECT zero, 0

	/* stores: load back the stored width and the whole dword */
	TEST_STORE 30, sb, lb,  0xffffffffffffffaa, 0x12345678deadbeaa, 0, dst
	TEST_STORE 31, sb, lbu, 0x00000000000000aa, 0x12345678deadbeaa, 5, dst
	TEST_STORE 32, sh, lh,  0xffffffffffffbeef, 0x12345678deadbeef, 2, dst
	TEST_STORE 33, sh, lhu, 0x000000000000beef, 0x12345678deadbeef, 14, dst
	TEST_STORE 34, sw, lw,  0xffffffffdeadbeef, 0x12345678deadbeef, 4, dst
	TEST_STORE 35, sw, lwu, 0x00000000deadbeef, 0x12345678deadbeef, 8, dst
	TEST_STORE 36, sd, ld,  0x12345678deadbeef, 0x12345678deadbeef, 16, dst
	TEST_STORE 37, sd, ld,  0xfedcba9876543210, 0xfedcba9876543210, -8, dst + 32
	TEST_STORE 38, sw, lw,  0x7eadbeef, 0x7eadbeef, -0x800, dst + 0x800 + 24

	/* a narrow store changes only its own bytes */
	CASE 39
	la a1, dst
	li a2, 0x0706050403020100
	sd a2, 0(a1)
	li a3, 0xff
	sb a3, 3(a1)
	ld a0, 0(a1)
	EXPECT a0, 0x07060504ff020100
	CASE 40
	li a3, 0xeeee
	sh a3, 6(a1)
	ld a0, 0(a1)
	EXPECT a0, 0xeeee0504ff020100
	CASE 41
	li a3, 0x11223344
	sw a3, 0(a1)
	ld a0, 0(a1)
	EXPECT a0, 0xeeee050411223344
	CASE 42
	sd zero, 0(a1)
	ld a0, 0(a1)
	EXPECT a0, 0

	/* loads that see only part of a wider store just made, and a wide
	 * load made of several narrow stores */
	CASE 43
	la a1, dst
	li a2, 0x8877665544332211
	sd a2, 0(a1)
	lb a3, 7(a1)
	lhu a4, 2(a1)
	lw a5, 4(a1)
	EXPECT a3, 0xffffffffffffff88
	EXPECT a4, 0x4433
	EXPECT a5, 0xffffffff88776655
	CASE 44
	li a2, 0xa1
	sb a2, 8(a1)
	li a2, 0xa2
	sb a2, 9(a1)
	li a2, 0xb4b3
	sh a2, 10(a1)
	li a2, 0xc8c7c6c5
	sw a2, 12(a1)
	ld a0, 8(a1)
	EXPECT a0, 0xc8c7c6c5b4b3a2a1
	/* a store through one register, a load through another */
	CASE 45
	la a1, dst
	addi a2, a1, 16
	li a3, 0x5a5a5a5a5a5a5a5a
	sd a3, 0(a2)
	ld a0, 16(a1)
	EXPECT a0, 0x5a5a5a5a5a5a5a5a

	/* fence orders nothing visible on one hart, but must not change
	 * memory or registers */
	CASE 46
	la a1, dst
	li a2, 0x600d
	sd a2, 0(a1)
	fence
	ld a0, 0(a1)
	fence rw, rw
	fence r, w
	fence w, r
	fence iorw, iorw
	fence.tso
	EXPECT a0, 0x600d
	EXPECT a2, 0x600d

	TEST_PASS

	.data
	.align 4
src:
	.dword 0x8182838485868788
	.dword 0x7f6e5d4c3b2a1900
dst:
	.skip 32
