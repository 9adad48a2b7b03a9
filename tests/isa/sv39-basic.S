/* Sv39 translation that works: 1 GiB, 2 MiB and 4 KiB leaves, reached
 * through three, two and one levels of tables; loads, stores and
 * instruction fetch through each; two virtual pages on one physical page;
 * code and data used from U through pages with U set; M-mode loads
 * translated through mstatus.MPRV. */
#include "vm.h"

#define VA_MEGA   0x00200000    /* 2 MiB page -> ENV_FREE_2M */
#define VA_A      0x00400000    /* 4 KiB pages */
#define VA_B      0x00401000
#define VA_A2     0x00402000    /* page_a again */
#define VA_CODE   0x00403000
#define VA_USER_A 0x00404000    /* page_a, with U */
#define VA_USER_CODE 0x00405000 /* code_page, with U */

	TEST_BEGIN
	SET_MTVEC env_trap_m_catch

	/* tables */
	VM_BASE_MAP pt_root
	PTE_TO pt_root, 0, pt_l1, PTE_TABLE
	PTE_AT pt_l1, 1, ENV_FREE_2M, PTE_KERNEL_RWX
	PTE_TO pt_l1, 2, pt_l0, PTE_TABLE
	PTE_TO pt_l0, 0, page_a, PTE_KERNEL_RW
	PTE_TO pt_l0, 1, page_b, PTE_KERNEL_RW
	PTE_TO pt_l0, 2, page_a, PTE_KERNEL_RW
	PTE_TO pt_l0, 3, code_page, PTE_V | PTE_R | PTE_X | PTE_A
	PTE_TO pt_l0, 4, page_a, PTE_USER_RW
	PTE_TO pt_l0, 5, code_page, PTE_V | PTE_R | PTE_X | PTE_A | PTE_U
	/* contents, written physically */
	la a1, page_a
	li a2, 0xaaaaaaaaaaaaaaaa
	sd a2, 0(a1)
	la a1, page_b
	li a2, 0xbbbbbbbbbbbbbbbb
	sd a2, 0(a1)
	li a1, ENV_FREE_2M
	li a2, 0x2222222222222222
	sd a2, 0x238(a1)
	sd zero, -8(a1)
	la a2, routine                  /* code for the 2 MiB page */
	lw a3, 0(a2)
	sw a3, 0(a1)
	lw a3, 4(a2)
	sw a3, 4(a1)
	fence.i

	CASE 1
	SATP_SV39 pt_root
	csrr a0, satp
	la a1, pt_root
	srli a1, a1, 12
	li t0, SATP_MODE_SV39
	or a1, a1, t0
	EXPECT_SAME a0, a1

	/* S through the gigapage: its own data */
	GOTO_S 1f
1:	CASE 2
	la a1, marker
	ld a0, 0(a1)
	EXPECT a0, 0x0123456789abcdef
	/* through the 2 MiB page */
	CASE 3
	li a1, VA_MEGA
	ld a0, 0x238(a1)
	EXPECT a0, 0x2222222222222222
	li a1, VA_MEGA + MEGAPAGE - 8
	li a2, 0x3333333333333333
	sd a2, 0(a1)
	/* through 4 KiB pages, two of them on one physical page */
	CASE 4
	li a1, VA_A
	ld a0, 0(a1)
	EXPECT a0, 0xaaaaaaaaaaaaaaaa
	li a1, VA_B
	ld a0, 0(a1)
	EXPECT a0, 0xbbbbbbbbbbbbbbbb
	li a1, VA_A
	li a2, 0x4444444444444444
	sd a2, 8(a1)
	li a1, VA_A2
	ld a0, 8(a1)
	EXPECT a0, 0x4444444444444444
	/* fetch through a 4 KiB page and through the 2 MiB page */
	CASE 5
	li a0, 0
	li a1, VA_CODE
	jalr a1
	EXPECT a0, 77
	CASE 6
	li a0, 5
	li a1, VA_MEGA
	jalr a1
	EXPECT a0, 6
	TO_M

	/* U: code and data through the U gigapage, data through a U page */
	RESUME_AT 2f
	GOTO_U_VM 1f
1:	CASE 7
	la a1, marker                   /* the U alias */
	ld a0, 0(a1)
	EXPECT a0, 0x0123456789abcdef
	li a1, VA_USER_A
	ld a0, 8(a1)
	EXPECT a0, 0x4444444444444444
	li a2, 0x5555555555555555
	sd a2, 16(a1)
	/* fetch from U through a U page */
	CASE 8
	li a0, 0
	li a1, VA_USER_CODE
	jalr a1
	EXPECT a0, 77
	ecall
	j env_fail
2:	EXPECT TRAP_CAUSE, CAUSE_ECALL_U

	/* what S and U wrote, seen physically */
	CASE 9
	li a1, ENV_FREE_2M + MEGAPAGE - 8
	ld a0, 0(a1)
	EXPECT a0, 0x3333333333333333
	la a1, page_a
	ld a0, 16(a1)
	EXPECT a0, 0x5555555555555555

	/* MPRV with MPP = S: M's loads and stores are translated */
	CASE 10
	li t0, MSTATUS_MPP
	csrc mstatus, t0
	li t0, MSTATUS_MPP_S | MSTATUS_MPRV
	csrs mstatus, t0
	li a1, VA_B
	ld a0, 0(a1)
	li a2, 0x6666666666666666
	sd a2, 8(a1)
	li t0, MSTATUS_MPRV
	csrc mstatus, t0
	EXPECT a0, 0xbbbbbbbbbbbbbbbb
	la a1, page_b
	ld a0, 8(a1)
	EXPECT a0, 0x6666666666666666

	TEST_PASS

	.align 12
code_page:
	li a0, 77
	ret
routine:
	addi a0, a0, 1
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
page_b:
	.skip PAGE_SIZE
marker:
	.dword 0x0123456789abcdef
