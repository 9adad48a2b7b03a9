/* A CPU-bound mix for measuring simulator speed: integer matrix multiply,
 * sorting, CRC and pointer chasing, each a few tens of millions of
 * instructions. It prints a digest so a wrong result would show. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 48
#define SORT_LEN 20000
#define CRC_LEN 65536
#define NODES 8192

static int32_t a[N][N], b[N][N], c[N][N];
static uint32_t keys[SORT_LEN];
static uint8_t data[CRC_LEN];
static uint32_t next_node[NODES];

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s;
}

static uint32_t matmul(uint32_t *seed)
{
	uint32_t digest = 0;

	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			a[i][j] = (int32_t)(lcg(seed) >> 20) - 2048;
			b[i][j] = (int32_t)(lcg(seed) >> 20) - 2048;
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			int32_t sum = 0;

			for (int k = 0; k < N; k++)
				sum += a[i][k] * b[k][j];
			c[i][j] = sum;
			digest = digest * 31 + (uint32_t)sum;
		}
	return digest;
}

static int compare(const void *x, const void *y)
{
	uint32_t u = *(const uint32_t *)x, v = *(const uint32_t *)y;

	return (u > v) - (u < v);
}

static uint32_t sort(uint32_t *seed)
{
	for (int i = 0; i < SORT_LEN; i++)
		keys[i] = lcg(seed);
	qsort(keys, SORT_LEN, sizeof(keys[0]), compare);
	return keys[0] ^ keys[SORT_LEN / 2] ^ keys[SORT_LEN - 1];
}

static uint32_t crc32(uint32_t *seed)
{
	uint32_t crc = 0xffffffffu;

	for (int i = 0; i < CRC_LEN; i++)
		data[i] = (uint8_t)(lcg(seed) >> 24);
	for (int i = 0; i < CRC_LEN; i++) {
		crc ^= data[i];
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static uint32_t chase(uint32_t *seed)
{
	uint32_t p = 0, sum = 0;

	for (uint32_t i = 0; i < NODES; i++)
		next_node[i] = i;
	for (uint32_t i = NODES - 1; i > 0; i--) {
		uint32_t j = lcg(seed) % (i + 1), t = next_node[i];

		next_node[i] = next_node[j];
		next_node[j] = t;
	}
	for (int i = 0; i < 64 * NODES; i++) {
		p = next_node[p];
		sum += p;
	}
	return sum;
}

int main(void)
{
	uint32_t seed = 12345, digest = 0;

	for (int round = 0; round < 4; round++) {
		digest ^= matmul(&seed);
		digest ^= sort(&seed);
		digest ^= crc32(&seed);
		digest ^= chase(&seed);
	}
	printf("iss-mix digest %08lx\n", (unsigned long)digest);
	return 0;
}
