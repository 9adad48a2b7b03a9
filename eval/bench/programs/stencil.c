/* A small dense kernel: a 3x3 integer blur over an image, computed twice,
 * directly and as two separable 1-D passes ([1 2 1] each way), which must
 * agree at every pixel; then a 16-tap FIR over the rows, checked against
 * its own sum identity. Exits 1 when a check fails. */
#include <stdint.h>
#include <stdio.h>

#define BENCH_SEED 0xdeadbeef
#include "bench.h"

#define H      48
#define W      64
#define ROUNDS 2
#define TAPS   16

static int16_t img[H][W];
static int32_t direct[H][W], tmp[H][W], separable[H][W];
static int32_t fir[H][W];

static const int32_t k3[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };

static int clampi(int v, int hi)
{
	return v < 0 ? 0 : v > hi ? hi : v;
}

static void blur_direct(void)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			int32_t s = 0;

			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++)
					s += k3[dy + 1][dx + 1] *
					     img[clampi(y + dy, H - 1)][clampi(x + dx, W - 1)];
			direct[y][x] = s;
		}
}

static void blur_separable(void)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			tmp[y][x] = img[y][clampi(x - 1, W - 1)] + 2 * img[y][x] +
				    img[y][clampi(x + 1, W - 1)];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			separable[y][x] = tmp[clampi(y - 1, H - 1)][x] + 2 * tmp[y][x] +
					  tmp[clampi(y + 1, H - 1)][x];
}

/* fir[y][x] = sum_t c[t] * img[y][x - t], zero before the row start. */
static void run_fir(const int32_t *c)
{
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			int32_t s = 0;

			for (int t = 0; t < TAPS && t <= x; t++)
				s += c[t] * img[y][x - t];
			fir[y][x] = s;
		}
}

int main(void)
{
	uint32_t digest = 0;
	int32_t c[TAPS];

	for (int round = 0; round < ROUNDS; round++) {
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				img[y][x] = (int16_t)((rnd() & 0xfff) - 0x800);
		for (int t = 0; t < TAPS; t++)
			c[t] = (int32_t)(rnd() % 64) - 32;
		blur_direct();
		blur_separable();
		int same = 1;

		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++) {
				same &= direct[y][x] == separable[y][x];
				digest = digest * 3 + (uint32_t)direct[y][x];
			}
		run_fir(c);
		/* Summed over a row, the FIR is sum_t c[t] * (row sum minus
		 * its last t pixels). */
		for (int y = 0; y < H; y++) {
			int64_t lhs = 0, rhs = 0, row = 0;

			for (int x = 0; x < W; x++) {
				lhs += fir[y][x];
				row += img[y][x];
			}
			for (int t = 0; t < TAPS; t++) {
				int64_t part = row;

				for (int x = W - t; x < W; x++)
					part -= img[y][x];
				rhs += c[t] * part;
			}
			same &= lhs == rhs;
			digest = digest * 5 + (uint32_t)lhs;
		}
		if (!same) {
			printf("FAIL stencil (round %d)\n", round);
			failures++;
		}
	}
	printf("stencil: %dx%d, %d rounds, digest %08lx, %s\n", H, W, ROUNDS,
	       (unsigned long)digest, failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
