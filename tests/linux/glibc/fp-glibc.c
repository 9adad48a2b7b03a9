/* A plain glibc program as Debian builds them (riscv64-linux-gnu-gcc,
 * rv64gc, lp64d, static): glibc's start-up already saves and restores
 * floating-point registers, so on a hart without F and D it dies with
 * SIGILL before main. With them it exercises the kernel's FP context
 * (a child's registers across fork and wait), fenv and libm. QEMU and
 * teasim must print the same. With an argument N it then sums N series,
 * a loop for teaperf record to sample. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* Work that keeps values in f registers while another process runs. */
static double series(int n, double x)
{
	double s = 0, term = 1;

	for (int i = 1; i <= n; i++) {
		term *= x / i;
		s += term;
	}
	return s;
}

int main(int argc, char **argv)
{
	volatile double third = 1.0 / 3.0, big = 1e308;
	double kept = series(30, 1.5), product;
	pid_t child;
	int status;

	printf("%s: sqrt(2) %.17g exp(1) %.17g log(10) %.17g\n", argv[0], sqrt(2.0), exp(1.0),
	       log(10.0));
	printf("pow %.17g sin %.17g atan2 %.17g\n", pow(1.0001, 10000), sin(1e6), atan2(-1, -2));
	printf("float %.9g %.9g\n", (double)sqrtf(3.0f), (double)expf(-2.5f));
	printf("strtod %.17g %a\n", strtod("0.1", NULL), strtod("-0x1.fffffp-1022", NULL));
	fesetround(FE_DOWNWARD);
	printf("downward %.17g\n", third * 3.0);
	fesetround(FE_TONEAREST);
	feclearexcept(FE_ALL_EXCEPT);
	product = big * 10;
	printf("overflow %g flags %d\n", product, fetestexcept(FE_OVERFLOW | FE_INEXACT) ==
	       (FE_OVERFLOW | FE_INEXACT));
	/* the child computes with its own f registers; ours must survive */
	child = fork();
	if (child == 0)
		_exit((int)series(20, 2.0) & 0x7f);
	if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status))
		return 2;
	printf("child %d kept %.17g\n", WEXITSTATUS(status), kept);
	if (argc > 1) {
		int n = atoi(argv[1]);
		double sum = 0;

		for (int i = 0; i < n; i++)
			sum += series(40, 1.0 + i * 1e-3);
		printf("sum of %d series %.17g\n", n, sum);
	}
	return kept == series(30, 1.5) && product > big ? 0 : 3;
}
