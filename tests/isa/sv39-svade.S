/* Svade: the hart does not set A and D in PTEs; an access through a leaf
 * with A = 0 page-faults (load 13, store/AMO 15, fetch 12), and so does a
 * store or AMO through a leaf with D = 0, for 4 KiB pages, superpages and
 * U pages, leaving the PTE as it was. Once software sets A and D (and
 * runs sfence.vma) the accesses work. ISS-only: QEMU sets A and D. */
#include "vm.h"

#define VA_NO_A    0x00400000   /* page_a, R W, A = D = 0 */
#define VA_NO_D    0x00401000   /* page_a, R W A, D = 0 */
#define VA_CODE    0x00402000   /* code_page, R X, A = 0 */
#define VA_USER    0x00403000   /* page_a, U R W, A = D = 0 */
#define VA_MEGA    0x00600000   /* ENV_FREE_2M, R W X, A = D = 0 */

/* reg = the PTE at table[index] */
	.macro LOAD_PTE reg, table, index
	la t0, \table + (\index * 8)
	ld \reg, 0(t0)
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	VM_BASE_MAP pt_root
	PTE_TO pt_root, 0, pt_l1, PTE_TABLE
	PTE_TO pt_l1, 2, pt_l0, PTE_TABLE
	PTE_AT pt_l1, 3, ENV_FREE_2M, PTE_V | PTE_R | PTE_W | PTE_X
	PTE_TO pt_l0, 0, page_a, PTE_V | PTE_R | PTE_W
	PTE_TO pt_l0, 1, page_a, PTE_V | PTE_R | PTE_W | PTE_A
	PTE_TO pt_l0, 2, code_page, PTE_V | PTE_R | PTE_X
	PTE_TO pt_l0, 3, page_a, PTE_V | PTE_R | PTE_W | PTE_U
	SATP_SV39 pt_root
	/* the PTEs as written, to compare with later */
	LOAD_PTE s0, pt_l0, 0
	LOAD_PTE s1, pt_l0, 1
	LOAD_PTE s2, pt_l0, 2
	LOAD_PTE s3, pt_l0, 3
	LOAD_PTE s4, pt_l1, 3

	GOTO_S 1f
1:	FAULT 1, "ld a0, 0(a1)", VA_NO_A, CAUSE_LOAD_PAGE_FAULT
	FAULT 2, "sd a2, 0(a1)", VA_NO_A, CAUSE_STORE_PAGE_FAULT
	FAULT 3, "amoadd.d a0, a2, (a1)", VA_NO_A, CAUSE_STORE_PAGE_FAULT
	WORKS 4, "ld a0, 0(a1)", VA_NO_D
	FAULT 5, "sd a2, 0(a1)", VA_NO_D, CAUSE_STORE_PAGE_FAULT
	FAULT 6, "amoor.w a0, a2, (a1)", VA_NO_D, CAUSE_STORE_PAGE_FAULT
	FAULT 7, "lr.d a0, (a1)", VA_NO_A, CAUSE_LOAD_PAGE_FAULT
	FETCH_FAULT 8, VA_CODE, VA_CODE
	FAULT 9, "lw a0, 0(a1)", VA_MEGA, CAUSE_LOAD_PAGE_FAULT
	FETCH_FAULT 10, VA_MEGA, VA_MEGA
	TO_M
	GOTO_U_VM 1f
1:	FAULT 11, "ld a0, 0(a1)", VA_USER, CAUSE_LOAD_PAGE_FAULT
	FAULT 12, "sd a2, 0(a1)", VA_USER, CAUSE_STORE_PAGE_FAULT
	USER_TO_M 2f

	/* the PTEs are as they were */
2:	CASE 13
	LOAD_PTE a0, pt_l0, 0
	EXPECT_SAME a0, s0
	LOAD_PTE a0, pt_l0, 1
	EXPECT_SAME a0, s1
	LOAD_PTE a0, pt_l0, 2
	EXPECT_SAME a0, s2
	LOAD_PTE a0, pt_l0, 3
	EXPECT_SAME a0, s3
	LOAD_PTE a0, pt_l1, 3
	EXPECT_SAME a0, s4

	/* software sets A and D: now everything works */
	ori s0, s0, PTE_A | PTE_D
	ori s1, s1, PTE_D
	ori s2, s2, PTE_A
	ori s3, s3, PTE_A | PTE_D
	ori s4, s4, PTE_A | PTE_D
	la t0, pt_l0
	sd s0, 0(t0)
	sd s1, 8(t0)
	sd s2, 16(t0)
	sd s3, 24(t0)
	la t0, pt_l1
	sd s4, 24(t0)
	sfence.vma
	GOTO_S 1f
1:	WORKS 14, "sd a2, 0(a1); ld a0, 0(a1)", VA_NO_A
	WORKS 15, "sd a2, 8(a1); amoadd.d a0, a2, (a1)", VA_NO_D
	WORKS 16, "jalr a1", VA_CODE
	EXPECT a0, 77
	WORKS 17, "sw a2, 0(a1); lw a0, 0(a1)", VA_MEGA
	TO_M
	GOTO_U_VM 1f
1:	WORKS 18, "sd a2, 16(a1); ld a0, 16(a1)", VA_USER
	USER_TO_M 2f
2:	CASE 19
	la a1, page_a
	ld a0, 0(a1)
	EXPECT a0, 0x77 + 0x77
	ld a0, 8(a1)
	EXPECT a0, 0x77
	ld a0, 16(a1)
	EXPECT a0, 0x77

	TEST_PASS

	.align 12
code_page:
	li a0, 77
	ret
	.align 12

	.data
	.align 12
pt_root:
	.skip PAGE_SIZE
pt_l1:
	.skip PAGE_SIZE
pt_l0:
	.skip PAGE_SIZE
page_a:
	.skip PAGE_SIZE
