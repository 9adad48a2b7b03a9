/* RISC-V privileged architecture: CSR access and the bits the bare-metal
 * runtime and its programs use. Usable from C and from assembly. */
#ifndef TEA_RISCV_H
#define TEA_RISCV_H

#define PRV_U 0
#define PRV_S 1
#define PRV_M 3

#define MSTATUS_SIE  (1ul << 1)
#define MSTATUS_MIE  (1ul << 3)
#define MSTATUS_SPIE (1ul << 5)
#define MSTATUS_MPIE (1ul << 7)
#define MSTATUS_SPP  (1ul << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPP  (3ul << MSTATUS_MPP_SHIFT)
#define MSTATUS_MPRV (1ul << 17)
#define MSTATUS_FS_INITIAL (1ul << 13)	/* FS = 1: the FPU on, state clean */

/* misa extension bits */
#define MISA_D (1ul << 3)
#define MISA_F (1ul << 5)

/* Interrupt codes: bit positions in mip/mie, mcause with the top bit set. */
#define IRQ_S_SOFT   1
#define IRQ_M_SOFT   3
#define IRQ_S_TIMER  5
#define IRQ_M_TIMER  7
#define IRQ_S_EXT    9
#define IRQ_M_EXT    11

/* Exception codes: mcause with the top bit clear. */
#define EXC_INSN_MISALIGNED   0
#define EXC_INSN_ACCESS       1
#define EXC_ILLEGAL_INSN      2
#define EXC_BREAKPOINT        3
#define EXC_LOAD_MISALIGNED   4
#define EXC_LOAD_ACCESS       5
#define EXC_STORE_MISALIGNED  6
#define EXC_STORE_ACCESS      7
#define EXC_ECALL_U           8
#define EXC_ECALL_S           9
#define EXC_ECALL_M           11
#define EXC_INSN_PAGE_FAULT   12
#define EXC_LOAD_PAGE_FAULT   13
#define EXC_STORE_PAGE_FAULT  15

/* PMP configuration byte: read, write, execute, naturally aligned power of 2. */
#define PMP_R     0x01
#define PMP_W     0x02
#define PMP_X     0x04
#define PMP_NAPOT 0x18

#ifndef __ASSEMBLER__

#define MCAUSE_INTERRUPT (1ul << 63)

#define csr_read(csr) ({ \
	unsigned long __v; \
	__asm__ volatile ("csrr %0, " #csr : "=r"(__v) :: "memory"); \
	__v; })

#define csr_write(csr, val) \
	__asm__ volatile ("csrw " #csr ", %0" :: "rK"(val) : "memory")

#define csr_set(csr, bits) \
	__asm__ volatile ("csrs " #csr ", %0" :: "rK"(bits) : "memory")

#define csr_clear(csr, bits) \
	__asm__ volatile ("csrc " #csr ", %0" :: "rK"(bits) : "memory")

static inline void wfi(void)
{
	__asm__ volatile ("wfi" ::: "memory");
}

#endif /* __ASSEMBLER__ */

#endif
