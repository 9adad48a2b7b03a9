/*
 * rvgen: a seeded random instruction-stream generator for co-simulation.
 *
 *   rvgen [--fp] [-s SEED] [-n LENGTH] [-o FILE]
 *
 * Writes one RISC-V assembly program (rv64imac, linked with
 * tests/random/link.ld) of about LENGTH random instructions in the main
 * body. The program is deterministic wherever the architecture is: the
 * only timing-dependent things are interrupts (the co-simulation makes the
 * reference take them where the RTL does) and the mtime values the timer
 * code reads (device loads, which the co-simulation adopts), and neither
 * reaches the registers or memory the program computes with. It ends by
 * writing its registers and a checksum to rv_sig and exiting through HTIF
 * tohost with code 0. The co-simulation is the check; docs/cosim.md
 * describes what the program covers.
 *
 * --fp (fp.c) mixes in F and D instructions for the ISS alone (rv64imafdc)
 * and keeps to what QEMU and teasim agree on: no timer or CLINT
 * interrupts, no misaligned loads and stores, no PTEs with A or D clear,
 * no machine-specific CSR values. Such a program ends by printing its
 * registers through semihosting and exiting through the test finisher,
 * for tests/crosscheck/crosscheck.sh to compare against QEMU.
 *
 * This file: the options, the mix of items and the program's layout.
 * emit.c: random numbers, operands, output; integer.c, memory.c,
 * control.c, privileged.c, fp.c: the items of each kind.
 *
 * Register use of the generated program:
 *   x6, x7, x10-x25  the random pool: every random instruction writes these
 *   ra (x1), t0 (x5) link registers of the level-1 and level-2 functions
 *   sp (x2), s0 (x8) the small data region (rv_data) that accesses alias in
 *   s1 (x9)          the spread region (VA 0x80200000, 256 KiB, 4 KiB pages)
 *   gp (x3)          interrupts taken (timing-dependent: never read back)
 *   tp (x4)          exceptions taken (deterministic)
 *   s10 (x26)        loop counter
 *   s11 (x27)        where an ecall returns to M-mode (0: ecall is skipped)
 *   t3, t4 (x28-29)  address temporaries of the random code and the glue
 *   t5, t6 (x30-31)  the trap handler's scratch
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rvgen.h"

static void rvc_toggle(struct gen *g)
{
	g->rvc = !g->rvc;
	emit(g, ".option %s", g->rvc ? "rvc" : "norvc");
}

/* One random item: an instruction or a short sequence. */
void item(struct gen *g, int depth)
{
	bool main_body = g->func == 0;
	bool deep = depth >= MAX_DEPTH;
	unsigned r = below(g, 160);

	g->count++;
	if (g->fp && chance(g, 25)) {
		fp_item(g, main_body);
		return;
	}
	if (r < 22)
		alu_rr(g);
	else if (r < 40)
		alu_imm(g);
	else if (r < 50)
		muldiv(g);
	else if (r < 54)
		load_const(g);
	else if (r < 66)
		g->rvc ? compressed(g) : alu_rr(g);
	else if (r < 80)
		mem_data(g);
	else if (r < 85)
		mem_reg(g);
	else if (r < 90)
		mem_slow(g);
	else if (r < 94)
		mem_overlap(g);
	else if (r < 101)
		mem_spread(g);
	else if (r < 103)
		lrsc(g);
	else if (r < 106)
		amo(g);
	else if (r < 112 && !deep)
		branch_fwd(g, depth);
	else if (r < 115 && !deep)
		branch_back(g, depth);
	else if (r < 118 && !deep && g->in_loop)
		branch_loop(g, depth);
	else if (r < 121 && !deep && main_body && !g->in_loop && depth == 0)
		loop(g, depth);
	else if (r < 126 && g->func < 2)
		call(g);
	else if (r < 128 && !deep)
		jump_table(g, depth);
	else if (r < 134)
		exception(g);
	else if (r < 141)
		csr(g);
	else if (r < 143)
		fence(g);
	else if (r < 146 && main_body && g->priv == PRIV_S)
		sfence(g);
	else if (r < 148 && main_body && g->priv == PRIV_M)
		pte_change(g);
	else if (r < 151 && main_body && g->priv == PRIV_M && !g->fp)
		irq_source(g);
	else if (r < 154)
		rvc_toggle(g);
	else if (r < 157)
		mem_prefetch(g);
	else
		alu_imm(g);
}

/* ---- the program ---- */

static void prologue(struct gen *g)
{
	fprintf(g->out, "\t.section .text.init, \"ax\", @progbits\n"
		"\t.globl _start\n\t.option norvc\n_start:\n");
	for (int r = 1; r < 32; r++)
		emit(g, "li x%d, 0", r);
	/* PMP (where it exists) open for S and U, as tests/isa/env does */
	emit(g, "la t4, 1f");
	emit(g, "csrw mtvec, t4");
	emit(g, "li t4, -1");
	emit(g, "csrw pmpaddr0, t4");
	emit(g, "li t4, 0x1f");
	emit(g, "csrw pmpcfg0, t4");
	emit(g, ".align 2");
	fprintf(g->out, "1:\n");
	emit(g, "la t4, rv_trap");
	emit(g, "csrw mtvec, t4");
	emit(g, "csrw medeleg, zero");
	emit(g, "csrw mideleg, zero");
	emit(g, "csrw mie, zero");
	emit(g, "csrw satp, zero");
	emit(g, "csrw mstatus, zero");
	if (g->fp)
		fp_prologue(g);
	emit(g, "la s0, rv_data");
	emit(g, "mv sp, s0");
	emit(g, "li s1, 0x%" PRIx64, SPREAD_VA);
	for (unsigned i = 0; i < POOL_N; i++)
		emit(g, "li x%d, %" PRId64, pool[i], corner(g));
	emit(g, "csrw mscratch, x%d", rd(g));
	emit(g, "csrw sscratch, x%d", rd(g));
	if (g->fp) {
		/* interrupts at known places only: QEMU's timer runs in real
		 * time, and its CLINT stores do not interrupt at once */
		emit(g, "csrsi mie, 2");                /* SSIE */
		emit(g, "csrsi mstatus, 8");
		return;
	}
	/* the first timer interrupt, then software and timer interrupts on */
	emit(g, "li t4, 0x%" PRIx64, CLINT_MTIME);
	emit(g, "ld t3, 0(t4)");
	emit(g, "addi t3, t3, %u", g->timer_delta);
	emit(g, "li t4, 0x%" PRIx64, CLINT_MTIMECMP);
	emit(g, "sd t3, 0(t4)");
	emit(g, "li t3, 0");
	emit(g, "li t4, 0x8a");         /* MTIE | MSIE | SSIE */
	emit(g, "csrs mie, t4");
	emit(g, "csrsi mstatus, 8");
}

/* From M-mode to a phase in mode priv with the page tables for it. */
static void enter_phase(struct gen *g, int priv, unsigned l)
{
	unsigned root = priv == PRIV_U ? PT_ROOT_U : PT_ROOT_S;

	emit(g, ".option norvc");
	g->rvc = false;
	emit(g, "csrci mstatus, 8");    /* no interrupt between here and mret */
	emit(g, "li t4, 0x%" PRIx64, (UINT64_C(8) << 60) | (pt_addr(root) >> 12));
	emit(g, "csrw satp, t4");
	emit(g, "sfence.vma");
	emit(g, "li t4, 0x1800");
	emit(g, "csrc mstatus, t4");
	emit(g, "li t4, 0x%x", (unsigned)priv << 11 | 0x80);  /* MPP, MPIE */
	emit(g, "csrs mstatus, t4");
	emit(g, "la t4, .L%u", l);
	emit(g, "csrw mepc, t4");
	emit(g, "mret");
	put_label(g, l);
}

/* Back to M-mode: the handler resumes at s11 in M-mode with MIE set. */
static void leave_phase(struct gen *g, unsigned l)
{
	emit(g, "la s11, .L%u", l);
	emit(g, "ecall");
	put_label(g, l);
	emit(g, ".option norvc");
	g->rvc = false;
}

static void main_body(struct gen *g, long length)
{
	long phase_len = 150 + below(g, 500);

	g->priv = PRIV_M;
	while (g->count < length) {
		long end = g->count + phase_len;
		int priv = PRIV_M;

		if (g->count > 0) {
			unsigned k = below(g, 10);

			priv = k < 3 ? PRIV_M : k < 6 ? PRIV_S : PRIV_U;
		}
		g->priv = priv;
		if (priv != PRIV_M)
			enter_phase(g, priv, new_label(g));
		fprintf(g->out, "\t/* phase in %c-mode */\n", "US?M"[priv]);
		while (g->count < end && g->count < length)
			item(g, 0);
		if (priv != PRIV_M)
			leave_phase(g, new_label(g));
		g->priv = PRIV_M;
		phase_len = 100 + below(g, 600);
	}
}

/* Registers and memory into a checksum; exit code 0 through tohost. */
static void epilogue(struct gen *g)
{
	fprintf(g->out, "\t/* the end */\n");
	emit(g, ".option norvc");
	emit(g, "csrci mstatus, 8");
	emit(g, "csrw mie, zero");
	emit(g, "li t4, 0x%" PRIx64, CLINT_MTIMECMP);
	emit(g, "li t3, -1");
	emit(g, "sd t3, 0(t4)");
	emit(g, "li t3, 0");
	emit(g, "la t4, rv_sig");
	emit(g, "li t6, 0");
	/* gp counts interrupts (timing) and t5/t6 are the handler's */
	for (int r = 1; r < 30; r++) {
		if (r == 3)
			continue;
		emit(g, "sd x%d, %d(t4)", r, 8 * r);
		emit(g, "slli t5, t6, 1");
		emit(g, "srli t6, t6, 63");
		emit(g, "or t6, t6, t5");
		emit(g, "xor t6, t6, x%d", r);
	}
	/* rv_data, then one doubleword per 128 bytes of the spread region */
	emit(g, "mv t3, s0");
	emit(g, "li t4, %u", DATA_SIZE / 8);
	fprintf(g->out, "1:\n");
	emit(g, "ld t5, 0(t3)");
	emit(g, "add t6, t6, t5");
	emit(g, "slli t5, t6, 7");
	emit(g, "xor t6, t6, t5");
	emit(g, "addi t3, t3, 8");
	emit(g, "addi t4, t4, -1");
	emit(g, "bnez t4, 1b");
	emit(g, "li t3, 0x%" PRIx64, SPREAD_VA + 8 * below(g, 16));
	emit(g, "li t4, %u", SPREAD_PAGES * 4096 / 128);
	fprintf(g->out, "1:\n");
	emit(g, "ld t5, 0(t3)");
	emit(g, "add t6, t6, t5");
	emit(g, "slli t5, t6, 7");
	emit(g, "xor t6, t6, t5");
	emit(g, "addi t3, t3, 128");
	emit(g, "addi t4, t4, -1");
	emit(g, "bnez t4, 1b");
	emit(g, "la t4, rv_sig");
	emit(g, "sd t6, 0(t4)");
	emit(g, "sd gp, 24(t4)");       /* for the curious: interrupts taken */
	if (g->fp) {
		fp_report(g);
		return;
	}
	emit(g, "li t4, 1");
	emit(g, "la t3, tohost");
	emit(g, "fence");
	emit(g, "sd t4, 0(t3)");
	fprintf(g->out, "1:\n");
	emit(g, "j 1b");
}

static void functions(struct gen *g)
{
	g->priv = -1;
	for (int level = 1; level <= 2; level++)
		for (unsigned f = 0; f < (level == 1 ? NFUNC1 : NFUNC2); f++) {
			fprintf(g->out, "\n\t.option rvc\n\t.align %u\n\t.option norvc\nrv_fn%d_%u:\n",
				1 + below(g, 3), level, f);
			g->rvc = false;
			g->func = level;
			for (unsigned n = 2 + below(g, 12); n > 0; n--)
				item(g, 1);
			if (level == 1)
				emit(g, g->rvc ? "c.jr ra" : "ret");
			else
				emit(g, g->rvc ? "c.jr t0" : "jr t0");
		}
	g->func = 0;
}

static void data(struct gen *g)
{
	fprintf(g->out, "\n\t.data\n\t.align 6\nrv_data:\n");
	for (unsigned i = 0; i < DATA_SIZE / 8; i++)
		emit(g, ".dword 0x%016" PRIx64, (uint64_t)corner(g));
	fprintf(g->out, "\t.align 3\n\t.globl rv_sig\nrv_sig:\n\t.zero 256\n");
	if (g->fp)
		fp_data(g);
	fprintf(g->out, "\n\t.section .tohost, \"aw\", @progbits\n\t.align 3\n"
		"\t.globl tohost\ntohost:\n\t.dword 0\n"
		"\t.globl fromhost\nfromhost:\n\t.dword 0\n");
}

static void usage(FILE *f)
{
	fputs("usage: rvgen [--fp] [-s SEED] [-n LENGTH] [-o FILE]\n"
	      "Writes a random RV64IMAC test program (assembly) for co-simulation.\n"
	      "  -s SEED    random seed (default 1)\n"
	      "  -n LENGTH  random instructions in the main body (default 2000)\n"
	      "  -o FILE    output file (default stdout)\n"
	      "  --fp       rv64imafdc: mix in F and D instructions, keep to what QEMU\n"
	      "             and teasim agree on, and end by printing the registers\n"
	      "             through semihosting (for tests/crosscheck/crosscheck.sh)\n", f);
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno == 0 && *s && !*end && *s != '-';
}

int main(int argc, char **argv)
{
	struct gen g = { .out = stdout };
	uint64_t seed = 1, length = 2000;
	const char *path = NULL;
	int opt;

	static const struct option longopts[] = {
		{ "fp", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};

	while ((opt = getopt_long(argc, argv, "s:n:o:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 's':
			if (!parse_u64(optarg, &seed))
				goto bad;
			break;
		case 'n':
			if (!parse_u64(optarg, &length) || length > 10000000)
				goto bad;
			break;
		case 'F':
			g.fp = true;
			break;
		case 'o':
			path = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			goto bad;
		}
	}
	if (optind != argc)
		goto bad;
	if (path) {
		g.out = fopen(path, "w");
		if (!g.out) {
			fprintf(stderr, "rvgen: %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	g.rng = seed;
	g.timer_delta = 50 + below(&g, 1500);
	fprintf(g.out, "/* rvgen%s -s %" PRIu64 " -n %" PRIu64 " */\n", g.fp ? " --fp" : "",
		seed, length);
	prologue(&g);
	main_body(&g, (long)length);
	epilogue(&g);
	trap_handler(&g);
	functions(&g);
	data(&g);
	page_tables(&g);
	if (ferror(g.out) || (path && fclose(g.out))) {
		fprintf(stderr, "rvgen: write error\n");
		return 1;
	}
	return 0;
bad:
	usage(stderr);
	return 2;
}
