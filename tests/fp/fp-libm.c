/* Ordinary floating-point C through picolibc's libm and printf, compiled
 * for rv64imafdc/lp64d: the compiler's own use of F and D (compressed
 * loads and stores, conversions, fused multiply-adds, spills across calls)
 * rather than chosen instructions. QEMU and teasim must print the same. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* A small n-body step: sqrt, division and accumulation in double. */
static double energy_after(int steps)
{
	double x[3] = { 0, 1.5, -2.25 }, v[3] = { 0.1, -0.05, 0.02 }, m[3] = { 5, 1, 0.5 };
	double e = 0;

	for (int s = 0; s < steps; s++) {
		for (int i = 0; i < 3; i++)
			for (int j = 0; j < 3; j++) {
				double d;

				if (i == j)
					continue;
				d = x[j] - x[i];
				v[i] += 0.01 * m[j] * d / (fabs(d) * d * d + 1e-3);
			}
		for (int i = 0; i < 3; i++)
			x[i] += 0.01 * v[i];
	}
	for (int i = 0; i < 3; i++)
		e += 0.5 * m[i] * v[i] * v[i];
	return e;
}

int main(void)
{
	static const float fs[] = { 0.1f, -3.75f, 1e-40f, 3.4e38f, 7.0f };
	static const char *const texts[] = { "2.5e-3", "-0x1.8p1", "1e309", "4.9e-324" };
	double sum = 0;
	float fsum = 0;

	for (int i = 1; i <= 20; i++) {
		double t = i * 0.37;

		printf("%2d %.17g %.17g %.17g %.17g\n", i, sqrt(t), exp(-t), log(t), sin(t) * cos(t));
		sum += pow(t, 1.5) / (1 + t);
	}
	printf("sum %.17g\n", sum);
	for (unsigned i = 0; i < sizeof(fs) / sizeof(fs[0]); i++) {
		fsum = fmaf(fs[i], 1.25f, fsum);
		printf("f %.9g %d %ld %.9g\n", (double)fsum, (int)fs[i], lrintf(fs[i] * 2),
		       (double)sqrtf(fabsf(fs[i])));
	}
	for (unsigned i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		printf("strtod %s = %.17g\n", texts[i], strtod(texts[i], NULL));
	fesetround(FE_UPWARD);
	printf("upward 1/3 = %.17g\n", 1.0 / (3.0 + sum * 0));
	fesetround(FE_TONEAREST);
	printf("energy %.17g\n", energy_after(200));
	printf("flags %d\n", fetestexcept(FE_ALL_EXCEPT));
	return 0;
}
