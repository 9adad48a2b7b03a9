/* Sv39 page faults: load (13), store/AMO (15) and fetch (12) page faults
 * with xtval = the virtual address and xepc = the instruction, for an
 * invalid PTE, a missing permission (store to read-only, load from
 * execute-only unless MXR, fetch from non-executable), the reserved W
 * without R encodings, a pointer PTE at the last level, superpages whose
 * physical address is not aligned to their size, a non-canonical address,
 * reserved PTE bits (63, 62:61, 60:54), a walk that finds nothing, and an
 * instruction whose second half lies on an unmapped page. First trapping
 * to M, then delegated to S. */
#include "vm.h"

#define VA_RW        0x00400000 /* page_a, R W */
#define VA_RO        0x00401000 /* page_a, R */
#define VA_XO        0x00402000 /* page_a, X */
#define VA_WO        0x00403000 /* page_a, W: reserved */
#define VA_WX        0x00404000 /* page_a, W X: reserved */
#define VA_INVALID   0x00405000 /* V = 0 */
#define VA_NONLEAF   0x00406000 /* a pointer at level 0 */
#define VA_BIT54     0x00407000 /* reserved bit 54 */
#define VA_BIT63     0x00408000 /* N without Svnapot */
#define VA_PBMT      0x00409000 /* PBMT without Svpbmt */
#define VA_SPAN      0x0040a000 /* span_page, R X; the next page unmapped */
#define VA_MEGA_BAD  0x00600000 /* 2 MiB leaf, PPN[0] != 0 */
#define VA_NOTHING   0x00800000 /* no level-1 entry */
#define VA_GIGA_BAD  0xc0000000 /* 1 GiB leaf, PPN[1] != 0 */
/* page_a's address with bit 39 set, and with bits 63:39 set */
#define VA_NONCANON_LO 0x0000008000400000
#define VA_NONCANON_HI 0xffffff8000400000

/* The faults every mode of delivery is checked with. */
	.macro ALL_FAULTS base
	FAULT \base+0, "ld a0, 0(a1)", VA_INVALID, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+1, "sd a2, 0(a1)", VA_INVALID, CAUSE_STORE_PAGE_FAULT
	FETCH_FAULT \base+2, VA_INVALID, VA_INVALID
	WORKS \base+3, "ld a0, 0(a1)", VA_RO
	FAULT \base+4, "sd a2, 0(a1)", VA_RO, CAUSE_STORE_PAGE_FAULT
	FAULT \base+5, "amoadd.d a0, a2, (a1)", VA_RO, CAUSE_STORE_PAGE_FAULT
	FAULT \base+6, "lr.d a0, (a1)", VA_INVALID, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+7, "ld a0, 0(a1)", VA_XO, CAUSE_LOAD_PAGE_FAULT
	FETCH_FAULT \base+8, VA_RW + 0x10, VA_RW + 0x10
	FAULT \base+9, "lw a0, 0(a1)", VA_WO, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+10, "sw a2, 0(a1)", VA_WO, CAUSE_STORE_PAGE_FAULT
	FETCH_FAULT \base+11, VA_WX, VA_WX
	FAULT \base+12, "lb a0, 0(a1)", VA_NONLEAF, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+13, "ld a0, 0(a1)", VA_MEGA_BAD, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+14, "sd a2, 0(a1)", VA_GIGA_BAD, CAUSE_STORE_PAGE_FAULT
	FAULT \base+15, "ld a0, 0(a1)", VA_NOTHING, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+16, "ld a0, 0(a1)", VA_NONCANON_LO, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+17, "sd a2, 0(a1)", VA_NONCANON_HI, CAUSE_STORE_PAGE_FAULT
	FAULT \base+18, "ld a0, 0(a1)", VA_BIT54, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+19, "ld a0, 0(a1)", VA_BIT63, CAUSE_LOAD_PAGE_FAULT
	FAULT \base+20, "ld a0, 0(a1)", VA_PBMT, CAUSE_LOAD_PAGE_FAULT
	FETCH_FAULT \base+21, VA_SPAN + 0xffe, VA_SPAN + PAGE_SIZE
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record
	SET_STVEC env_trap_s_record

	VM_BASE_MAP pt_root
	PTE_AT pt_root, 3, ENV_FREE_2M, PTE_KERNEL_RWX
	PTE_TO pt_root, 0, pt_l1, PTE_TABLE
	PTE_TO pt_l1, 2, pt_l0, PTE_TABLE
	PTE_AT pt_l1, 3, ENV_FREE_2M + PAGE_SIZE, PTE_KERNEL_RWX
	PTE_TO pt_l0, 0, page_a, PTE_KERNEL_RW
	PTE_TO pt_l0, 1, page_a, PTE_V | PTE_R | PTE_A
	PTE_TO pt_l0, 2, page_a, PTE_V | PTE_X | PTE_A
	PTE_TO pt_l0, 3, page_a, PTE_V | PTE_W | PTE_A | PTE_D
	PTE_TO pt_l0, 4, page_a, PTE_V | PTE_W | PTE_X | PTE_A | PTE_D
	PTE_TO pt_l0, 5, page_a, PTE_KERNEL_RW & ~PTE_V
	PTE_TO pt_l0, 6, page_a, PTE_TABLE
	PTE_TO pt_l0, 7, page_a, PTE_KERNEL_RW | (1 << 54)
	PTE_TO pt_l0, 8, page_a, PTE_KERNEL_RW | (1 << 63)
	PTE_TO pt_l0, 9, page_a, PTE_KERNEL_RW | (1 << 61)
	PTE_TO pt_l0, 10, span_page, PTE_V | PTE_R | PTE_X | PTE_A
	SATP_SV39 pt_root

	/* trapping to M */
	GOTO_S 1f
1:	ALL_FAULTS 1
	/* MXR makes execute-only pages readable */
	CASE 23
	CLEAR_TRAPS
	li t0, MSTATUS_MXR
	csrs sstatus, t0
	li a1, VA_XO
	ld a0, 0(a1)
	csrc sstatus, t0
	EXPECT TRAP_COUNT, 0
	TO_M

	/* delegated to S; M fails on any trap but TO_M */
	SET_MTVEC env_trap_m_default
	li t0, (1 << CAUSE_FETCH_PAGE_FAULT) | (1 << CAUSE_LOAD_PAGE_FAULT) | (1 << CAUSE_STORE_PAGE_FAULT)
	csrw medeleg, t0
	GOTO_S 1f
1:	ALL_FAULTS 31
	TO_M

	TEST_PASS

/* The last instruction of this page continues on the next one, which no
 * PTE maps. */
	.align 12
span_page:
	.skip PAGE_SIZE - 2
	addi a0, a0, 1
	ret

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
