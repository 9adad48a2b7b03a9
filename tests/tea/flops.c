/* The FLOPS view (teasim --stages, FILE.flops.prof): four loops, each with
 * a known limit on the FMA unit's issue slots:
 *   fma_stream   eight independent FMADD chains: the unit is kept busy
 *   fma_chain    one FMADD chain: each waits for the last one's result
 *   div_chain    an FADD that waits for an FDIV's result, and the FDIV
 *                for the FADD's
 *   load_stream  an FADD of each element of an array larger than the
 *                L1 cache: it waits for the load
 * The start-up's wait for FP work goes to the first FP instruction, which
 * main runs before the loops. */
#include <stdint.h>
#include <stdio.h>

#define ITERS 2000
#define STREAM_LINES 4096	/* 256 KiB, a line apart */

static double array[STREAM_LINES * 8];

static double __attribute__((noinline, noclone)) fma_stream(unsigned n)
{
	double a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, one = 1.0;

	for (unsigned i = 0; i < n; i++)
		__asm__ volatile("fmadd.d %0, %8, %8, %0\n\t"
				 "fmadd.d %1, %8, %8, %1\n\t"
				 "fmadd.d %2, %8, %8, %2\n\t"
				 "fmadd.d %3, %8, %8, %3\n\t"
				 "fmadd.d %4, %8, %8, %4\n\t"
				 "fmadd.d %5, %8, %8, %5\n\t"
				 "fmadd.d %6, %8, %8, %6\n\t"
				 "fmadd.d %7, %8, %8, %7"
				 : "+f"(a), "+f"(b), "+f"(c), "+f"(d), "+f"(e), "+f"(f), "+f"(g),
				   "+f"(h)
				 : "f"(one));
	return a + b + c + d + e + f + g + h;
}

static double __attribute__((noinline, noclone)) fma_chain(unsigned n)
{
	double acc = 0, one = 1.0;

	for (unsigned i = 0; i < n; i++)
		__asm__ volatile("fmadd.d %0, %0, %1, %1\n\t"
				 "fmadd.d %0, %0, %1, %1"
				 : "+f"(acc)
				 : "f"(one));
	return acc;
}

static double __attribute__((noinline, noclone)) div_chain(unsigned n)
{
	double x = 0, one = 1.0;

	for (unsigned i = 0; i < n; i++)
		__asm__ volatile("fdiv.d %0, %0, %1\n\t"
				 "fadd.d %0, %0, %1"
				 : "+f"(x)
				 : "f"(one));
	return x;
}

static double __attribute__((noinline, noclone)) load_stream(const double *p, unsigned lines)
{
	double sum = 0;
	uint64_t t;

	/* each load's address depends on the last sum (times 0), so the
	 * misses cannot overlap */
	for (unsigned i = 0; i < lines; i++, p += 8)
		__asm__ volatile("fcvt.l.d %1, %0, rtz\n\t"
				 "andi %1, %1, 0\n\t"
				 "add %1, %1, %2\n\t"
				 "fld ft0, 0(%1)\n\t"
				 "fadd.d %0, %0, ft0"
				 : "+f"(sum), "=&r"(t)
				 : "r"(p)
				 : "ft0");
	return sum;
}

static int expect(const char *what, double got, double want)
{
	if (got == want)
		return 0;
	printf("flops: %s is %lld, expected %lld\n", what, (long long)got, (long long)want);
	return 1;
}

int main(void)
{
	int bad = 0;

	for (unsigned i = 0; i < STREAM_LINES; i++)
		array[8 * i] = 1.0;
	__asm__ volatile("fmv.d.x ft0, zero" ::: "ft0");
	bad |= expect("fma_stream", fma_stream(ITERS), 8.0 * ITERS);
	bad |= expect("fma_chain", fma_chain(ITERS), 2.0 * ITERS);
	bad |= expect("div_chain", div_chain(ITERS / 4), ITERS / 4);
	bad |= expect("load_stream", load_stream(array, STREAM_LINES), STREAM_LINES);
	if (!bad)
		printf("flops: done\n");
	return bad;
}
