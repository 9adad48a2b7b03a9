/* rvgen: random numbers, operand choice and the assembly output. */
#include <stdarg.h>

#include "rvgen.h"

const int pool[POOL_N] = { 6, 7, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
			   20, 21, 22, 23, 24, 25 };

/* splitmix64: small, good enough, and the same on every host */
uint64_t rnd(struct gen *g)
{
	uint64_t z = (g->rng += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* uniform in [0, n) */
unsigned below(struct gen *g, unsigned n)
{
	return (unsigned)(rnd(g) % n);
}

/* true with probability pct % */
bool chance(struct gen *g, unsigned pct)
{
	return below(g, 100) < pct;
}

void emit(struct gen *g, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputc('\t', g->out);
	vfprintf(g->out, fmt, ap);
	fputc('\n', g->out);
	va_end(ap);
}

unsigned new_label(struct gen *g)
{
	return g->label++;
}

void put_label(struct gen *g, unsigned l)
{
	fprintf(g->out, ".L%u:\n", l);
}

/* a pool register (destination) */
int rd(struct gen *g)
{
	return pool[below(g, POOL_N)];
}

/* a source: the pool, sometimes x0 or a base register */
int rs(struct gen *g)
{
	unsigned r = below(g, 20);

	if (r == 0)
		return 0;
	if (r == 1)
		return 8 + (int)below(g, 2);
	return rd(g);
}

/* a pool register usable in the 3-bit fields of compressed instructions */
int crd(struct gen *g)
{
	return 10 + (int)below(g, 6);
}

/* a corner-case or random 64-bit operand */
int64_t corner(struct gen *g)
{
	static const uint64_t c[] = {
		0, 1, 2, ~UINT64_C(0), UINT64_C(0x8000000000000000), UINT64_C(0x7fffffffffffffff),
		UINT64_C(0x80000000), UINT64_C(0x7fffffff), UINT64_C(0xffffffff),
		UINT64_C(0xffffffff80000000), UINT64_C(0x100000000), 31, 32, 63, 64,
		UINT64_C(0xaaaaaaaaaaaaaaaa), UINT64_C(0x5555555555555555), UINT64_C(0xfff), UINT64_C(0x800),
	};
	unsigned r = below(g, 4);

	if (r == 0)
		return (int64_t)rnd(g);
	if (r == 1)
		return (int64_t)below(g, 4096) - 2048;
	return (int64_t)c[below(g, sizeof(c) / sizeof(c[0]))];
}

int imm12(struct gen *g)
{
	static const int c[] = { 0, 1, -1, 2047, -2048, 31, 32, 63, -32 };

	if (chance(g, 40))
		return c[below(g, sizeof(c) / sizeof(c[0]))];
	return (int)below(g, 4096) - 2048;
}
