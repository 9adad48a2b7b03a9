/* The iterative units: every integer division and remainder form, FP
 * divisions and square roots (binary32 and binary64), one at a time on
 * their unit, so that the ROB head waits on each: they must carry ST-DIV.
 * Beside them a multiplication, an addition, an FP multiplication and a
 * conversion (on the port the FP divider shares), done long before they
 * reach the head, must carry no such event. Built with F and D
 * (tests/tea/tea.mk). */
#include <stdint.h>
#include <stdio.h>

#define ITERS 600

/* a label that the checks name, on the instruction after it */
#define AT(name) ".globl " #name "\n" #name ":\n\t"

struct sums {
	uint64_t i;
	double d;
	float s;
};

static void __attribute__((noinline)) run(uint64_t big, double fx, float sx, unsigned n,
					  struct sums *out)
{
	uint64_t si = 0;
	double sd = 0;
	float ss = 0;

	for (unsigned i = 0; i < n; i++) {
		uint64_t k = 3 + (i & 15), t;
		double fk = (double)k, ft;
		float sk = (float)k, st;

		__asm__ volatile(AT(tea_div) "div %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_divu) "divu %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_rem) "rem %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_remu) "remu %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_divw) "divw %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_divuw) "divuw %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_remw) "remw %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_remuw) "remuw %[t], %[big], %[k]\n\t"
				 "add %[si], %[si], %[t]\n\t"
				 AT(tea_mul) "mul %[t], %[big], %[k]\n\t"
				 AT(tea_add) "add %[si], %[si], %[t]\n\t"
				 AT(tea_fdiv_d) "fdiv.d %[ft], %[fx], %[fk]\n\t"
				 "fadd.d %[sd], %[sd], %[ft]\n\t"
				 AT(tea_fsqrt_d) "fsqrt.d %[ft], %[fk]\n\t"
				 "fadd.d %[sd], %[sd], %[ft]\n\t"
				 AT(tea_fmul_d) "fmul.d %[ft], %[fx], %[fk]\n\t"
				 "fadd.d %[sd], %[sd], %[ft]\n\t"
				 AT(tea_fcvt) "fcvt.d.l %[ft], %[k]\n\t"
				 "fadd.d %[sd], %[sd], %[ft]\n\t"
				 AT(tea_fdiv_s) "fdiv.s %[st], %[sx], %[sk]\n\t"
				 "fadd.s %[ss], %[ss], %[st]\n\t"
				 AT(tea_fsqrt_s) "fsqrt.s %[st], %[sk]\n\t"
				 "fadd.s %[ss], %[ss], %[st]"
				 : [t] "=&r"(t), [si] "+r"(si), [ft] "=&f"(ft), [sd] "+f"(sd),
				   [st] "=&f"(st), [ss] "+f"(ss)
				 : [big] "r"(big), [k] "r"(k), [fx] "f"(fx), [fk] "f"(fk),
				   [sx] "f"(sx), [sk] "f"(sk));
	}
	out->i = si;
	out->d = sd;
	out->s = ss;
}

int main(void)
{
	/* 62 significant bits (32 in the W forms) over 2 to 5: long divisions */
	const uint64_t big = 0x3123456789abcdefull;
	const double fx = 1.5;	/* fx * k is exact, whatever the compiler fuses */
	const float sx = 2.75f;
	struct sums got, want = { 0, 0, 0 };

	run(big, fx, sx, ITERS, &got);
	for (unsigned i = 0; i < ITERS; i++) {
		uint64_t k = 3 + (i & 15);
		int32_t bw = (int32_t)big, kw = (int32_t)k;
		double fk = (double)k, d;
		float sk = (float)k, s;

		/* the W forms sign-extend their 32-bit result */
		want.i += (uint64_t)((int64_t)big / (int64_t)k) + big / k;
		want.i += (uint64_t)((int64_t)big % (int64_t)k) + big % k;
		want.i += (uint64_t)(int64_t)(bw / kw) + (uint64_t)(int64_t)(bw % kw);
		want.i += (uint64_t)(int64_t)(int32_t)((uint32_t)bw / (uint32_t)kw);
		want.i += (uint64_t)(int64_t)(int32_t)((uint32_t)bw % (uint32_t)kw);
		want.i += big * k;
		/* in the loop's order, one rounding each */
		d = fx / fk;
		want.d += d;
		d = __builtin_sqrt(fk);
		want.d += d;
		d = fx * fk;
		want.d += d;
		d = (double)(int64_t)k;
		want.d += d;
		s = sx / sk;
		want.s += s;
		s = __builtin_sqrtf(sk);
		want.s += s;
	}
	if (got.i != want.i || got.d != want.d || got.s != want.s) {
		printf("div: sums %llx %a %a, expected %llx %a %a\n", (unsigned long long)got.i,
		       got.d, (double)got.s, (unsigned long long)want.i, want.d, (double)want.s);
		return 1;
	}
	printf("div: %u iterations\n", ITERS);
	return 0;
}
