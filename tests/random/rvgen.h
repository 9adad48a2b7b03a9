/*
 * rvgen: what the generator's files share (rvgen.c describes the program
 * they write and its register use).
 */
#ifndef RVGEN_H
#define RVGEN_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define DATA_SIZE	512			/* rv_data: small, so accesses alias */
#define SPREAD_VA	UINT64_C(0x80200000)		/* s1: VA (= PA when bare) */
#define SPREAD_PAGES	64			/* 256 KiB: past the L1 and the TLBs */
#define SPREAD_BITS	14			/* 16-byte granules in the region */
#define PT_BASE		UINT64_C(0x80100000)		/* link.ld: .pagetables */
#define CLINT_MSIP	UINT64_C(0x02000000)
#define CLINT_MTIMECMP	UINT64_C(0x02004000)
#define CLINT_MTIME	UINT64_C(0x0200bff8)
#define NFUNC1		8			/* level-1 functions (ra) */
#define NFUNC2		4			/* level-2 functions (t0) */
#define MAX_DEPTH	3			/* nesting of branch blocks */
#define IRQ_LIMIT	12			/* timer re-arms while gp is below */

#define PTE_V 0x01u
#define PTE_R 0x02u
#define PTE_W 0x04u
#define PTE_X 0x08u
#define PTE_U 0x10u
#define PTE_A 0x40u
#define PTE_D 0x80u

#define MSTATUS_MIE (UINT64_C(1) << 3)
#define MSTATUS_SUM (UINT64_C(1) << 18)
#define MSTATUS_MXR (UINT64_C(1) << 19)
#define MSTATUS_TVM (UINT64_C(1) << 20)

enum { PRIV_U = 0, PRIV_S = 1, PRIV_M = 3 };

/* The page tables: root, level 1 and level 0, for S phases and U phases. */
enum { PT_ROOT_S, PT_L1_S, PT_L0_S, PT_ROOT_U, PT_L1_U, PT_L0_U, PT_COUNT };

struct gen {
	FILE *out;
	uint64_t rng;
	unsigned label;         /* next unique local label */
	int priv;               /* mode the code being written runs in; -1: any */
	bool rvc;               /* .option rvc in effect */
	bool in_loop;           /* inside a loop body (s10 is live) */
	int func;               /* 0: main body, 1/2: a level-1/level-2 function */
	long count;             /* random instructions written so far */
	unsigned timer_delta;   /* mtime ticks between timer interrupts */
	bool fp;                /* --fp: F and D, judged by QEMU (fp.c) */
};

/* the random pool: x6, x7, x10-x25 */
#define POOL_N 18
extern const int pool[POOL_N];

/* emit.c: random numbers, operands, output */
uint64_t rnd(struct gen *g);                    /* splitmix64 */
unsigned below(struct gen *g, unsigned n);      /* uniform in [0, n) */
bool chance(struct gen *g, unsigned pct);       /* true with probability pct % */
void emit(struct gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
unsigned new_label(struct gen *g);
void put_label(struct gen *g, unsigned l);
int rd(struct gen *g);
int rs(struct gen *g);
int crd(struct gen *g);
int64_t corner(struct gen *g);
int imm12(struct gen *g);

/* rvgen.c: one random item at a nesting depth */
void item(struct gen *g, int depth);

/* integer.c */
void alu_rr(struct gen *g);
void alu_imm(struct gen *g);
void muldiv(struct gen *g);
void load_const(struct gen *g);
void compressed(struct gen *g);

/* memory.c */
void mem_op(struct gen *g, unsigned lg, const char *base, int off, bool store);
int data_off(struct gen *g, unsigned lg);
void mem_data(struct gen *g);
void mem_reg(struct gen *g);
void mem_slow(struct gen *g);
void mem_overlap(struct gen *g);
void mem_spread(struct gen *g);
void mem_prefetch(struct gen *g);
void lrsc(struct gen *g);
void amo(struct gen *g);
void fence(struct gen *g);

/* control.c */
void branch_fwd(struct gen *g, int depth);
void branch_back(struct gen *g, int depth);
void branch_loop(struct gen *g, int depth);
void loop(struct gen *g, int depth);
void call(struct gen *g);
void jump_table(struct gen *g, int depth);

/* privileged.c */
void exception(struct gen *g);
void csr(struct gen *g);
uint64_t spread_pte(struct gen *g, unsigned page, bool user);
uint64_t pt_addr(unsigned t);
void page_tables(struct gen *g);
void pte_change(struct gen *g);
void sfence(struct gen *g);
void irq_source(struct gen *g);
void trap_handler(struct gen *g);

/* fp.c: the --fp stream and its report */
void fp_item(struct gen *g, bool main_body);
void fp_prologue(struct gen *g);
void fp_report(struct gen *g);
void fp_fatal(struct gen *g);
void fp_data(struct gen *g);

#endif
