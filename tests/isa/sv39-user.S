/* Sv39 U-bit rules: U may use only pages with U set; S may load and store
 * to them only with mstatus.SUM and never execute from them; MXR makes
 * execute-only pages readable, for U and (with SUM) for S. Faults carry
 * the virtual address in mtval. */
#include "vm.h"

#define VA_U_RW   0x00400000    /* page_a, U R W */
#define VA_U_XO   0x00401000    /* page_a, U X */
#define VA_S_RW   0x00402000    /* page_a, R W */
#define VA_U_CODE 0x00403000    /* code_page, U R X */
#define VA_S_CODE 0x00404000    /* code_page, R X */
#define VA_U_RO   0x00405000    /* page_a, U R */

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	VM_BASE_MAP pt_root
	PTE_TO pt_root, 0, pt_l1, PTE_TABLE
	PTE_TO pt_l1, 2, pt_l0, PTE_TABLE
	PTE_TO pt_l0, 0, page_a, PTE_USER_RW
	PTE_TO pt_l0, 1, page_a, PTE_V | PTE_X | PTE_U | PTE_A
	PTE_TO pt_l0, 2, page_a, PTE_KERNEL_RW
	PTE_TO pt_l0, 3, code_page, PTE_V | PTE_R | PTE_X | PTE_U | PTE_A
	PTE_TO pt_l0, 4, code_page, PTE_V | PTE_R | PTE_X | PTE_A
	PTE_TO pt_l0, 5, page_a, PTE_V | PTE_R | PTE_U | PTE_A
	SATP_SV39 pt_root

	/* U */
	GOTO_U_VM 1f
1:	WORKS 1, "ld a0, 0(a1); sd a2, 8(a1)", VA_U_RW
	WORKS 2, "jalr a1", VA_U_CODE
	EXPECT a0, 77
	FAULT 3, "ld a0, 0(a1)", VA_S_RW, CAUSE_LOAD_PAGE_FAULT
	FAULT 4, "sd a2, 0(a1)", VA_S_RW, CAUSE_STORE_PAGE_FAULT
	FETCH_FAULT 5, VA_S_CODE, VA_S_CODE
	FAULT 6, "ld a0, 0(a1)", 0x80000000, CAUSE_LOAD_PAGE_FAULT
	FETCH_FAULT 7, 0x80000000, 0x80000000
	FAULT 8, "ld a0, 0(a1)", VA_U_XO, CAUSE_LOAD_PAGE_FAULT
	FAULT 9, "sd a2, 0(a1)", VA_U_RO, CAUSE_STORE_PAGE_FAULT
	FAULT 10, "amoswap.d a0, a2, (a1)", VA_U_RO, CAUSE_STORE_PAGE_FAULT
	USER_TO_M 2f
2:	li t0, MSTATUS_MXR
	csrs mstatus, t0
	GOTO_U_VM 1f
1:	WORKS 11, "ld a0, 0(a1)", VA_U_XO
	USER_TO_M 2f
2:	li t0, MSTATUS_MXR
	csrc mstatus, t0

	/* S */
	GOTO_S 1f
1:	FAULT 12, "ld a0, 0(a1)", VA_U_RW, CAUSE_LOAD_PAGE_FAULT
	FAULT 13, "sd a2, 0(a1)", VA_U_RW, CAUSE_STORE_PAGE_FAULT
	FAULT 14, "ld a0, 0(a1)", 0x40000000, CAUSE_LOAD_PAGE_FAULT
	FETCH_FAULT 15, VA_U_CODE, VA_U_CODE
	WORKS 16, "ld a0, 0(a1); sd a2, 0(a1)", VA_S_RW
	li t0, MSTATUS_SUM
	csrs sstatus, t0
	WORKS 17, "ld a0, 0(a1); sd a2, 16(a1)", VA_U_RW
	WORKS 18, "ld a0, 0(a1)", 0x40000000
	FETCH_FAULT 19, VA_U_CODE, VA_U_CODE
	FAULT 20, "ld a0, 0(a1)", VA_U_XO, CAUSE_LOAD_PAGE_FAULT
	li t0, MSTATUS_MXR
	csrs sstatus, t0
	WORKS 21, "ld a0, 0(a1)", VA_U_XO
	li t0, MSTATUS_SUM
	csrc sstatus, t0
	FAULT 22, "ld a0, 0(a1)", VA_U_XO, CAUSE_LOAD_PAGE_FAULT
	TO_M

	/* the stores that worked, seen physically */
	CASE 23
	la a1, page_a
	ld a0, 8(a1)
	EXPECT a0, 0x77
	ld a0, 16(a1)
	EXPECT a0, 0x77
	ld a0, 0(a1)
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
