/* rvgen: branches, loops, calls and indirect jumps. */
#include "rvgen.h"

static const char *const br_ops[] = { "beq", "bne", "blt", "bge", "bltu", "bgeu" };

static void block(struct gen *g, int depth, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		item(g, depth + 1);
}

/* a data-dependent branch forward over a few instructions */
void branch_fwd(struct gen *g, int depth)
{
	unsigned l = new_label(g);

	emit(g, "%s x%d, x%d, .L%u", br_ops[below(g, 6)], rs(g), rs(g), l);
	block(g, depth, 1 + below(g, 5));
	put_label(g, l);
}

/* a data-dependent backward branch, taken at most once */
void branch_back(struct gen *g, int depth)
{
	unsigned l1 = new_label(g), l2 = new_label(g), l3 = new_label(g);

	emit(g, "j .L%u", l2);
	put_label(g, l1);
	block(g, depth, 1 + below(g, 3));
	emit(g, "j .L%u", l3);
	put_label(g, l2);
	block(g, depth, 1 + below(g, 3));
	emit(g, "%s x%d, x%d, .L%u", br_ops[below(g, 6)], rs(g), rs(g), l1);
	put_label(g, l3);
}

/* in a loop: a branch on the counter, so its direction changes per trip */
void branch_loop(struct gen *g, int depth)
{
	unsigned l = new_label(g);

	emit(g, "andi t4, s10, %u", 1 + below(g, 7));
	emit(g, "%s t4, .L%u", chance(g, 50) ? "beqz" : "bnez", l);
	block(g, depth, 1 + below(g, 4));
	put_label(g, l);
}

/* a bounded loop; its body may branch, call and trap */
void loop(struct gen *g, int depth)
{
	unsigned top = new_label(g);
	unsigned n = 10 + below(g, 30);

	emit(g, "li s10, %u", 2 + below(g, 24));
	put_label(g, top);
	g->in_loop = true;
	block(g, depth, n);
	g->in_loop = false;
	emit(g, "addi s10, s10, -1");
	emit(g, "bnez s10, .L%u", top);
}

/* a call: level 1 links through ra, level 2 through t0 (both push the
 * return-address stack); direct or through a register */
void call(struct gen *g)
{
	int link = g->func == 0 ? 1 : 5;
	unsigned level = g->func + 1;
	unsigned f = below(g, level == 1 ? NFUNC1 : NFUNC2);

	if (g->func == 0 && chance(g, 10)) {
		/* rv_skip returns 4 bytes past the return address: the
		 * return-address stack predicts wrong */
		emit(g, ".option push");
		emit(g, ".option norvc");
		emit(g, "jal ra, rv_skip");
		emit(g, "addi x6, x6, 0x7ff");  /* skipped */
		emit(g, ".option pop");
		return;
	}
	switch (below(g, 4)) {
	case 0:
		emit(g, "la t4, rv_fn%u_%u", level, f);
		if (g->rvc && link == 1)
			emit(g, "c.jalr t4");
		else
			emit(g, "jalr x%d, 0(t4)", link);
		break;
	default:
		emit(g, "jal x%d, rv_fn%u_%u", link, level, f);
		break;
	}
}

/* an indirect jump whose target depends on data: four ways */
void jump_table(struct gen *g, int depth)
{
	unsigned t = new_label(g), end = new_label(g), w[4];

	for (int i = 0; i < 4; i++)
		w[i] = new_label(g);
	emit(g, ".option push");
	emit(g, ".option norvc");
	emit(g, "andi t4, x%d, 3", rs(g));
	emit(g, "slli t4, t4, 2");
	emit(g, "la t3, .L%u", t);
	emit(g, "add t4, t4, t3");
	emit(g, "jr t4");
	put_label(g, t);
	for (int i = 0; i < 4; i++)
		emit(g, "j .L%u", w[i]);
	emit(g, ".option pop");
	for (int i = 0; i < 4; i++) {
		put_label(g, w[i]);
		block(g, depth, 1 + below(g, 2));
		if (i < 3)
			emit(g, "j .L%u", end);
	}
	put_label(g, end);
}
