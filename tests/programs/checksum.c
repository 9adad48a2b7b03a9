/* Integer work whose every result is printed, so that the cross-check
 * compares it with QEMU bit for bit, and checked here where the answer is
 * known independently: a sort, CRC-32 two ways, the M extension on its
 * edge cases, and A-extension atomics. */
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 512

static uint32_t data[N], copy[N];
static uint32_t crc_table[256];

static uint64_t xorshift64(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* CRC-32 as in zlib and Ethernet: reflected, polynomial 0xedb88320. */
static uint32_t crc32_bitwise(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint32_t crc = 0xffffffff;

	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = crc >> 1 ^ (0xedb88320 & -(crc & 1));
	}
	return ~crc;
}

static void crc32_init_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = c & 1 ? c >> 1 ^ 0xedb88320 : c >> 1;
		crc_table[i] = c;
	}
}

static uint32_t crc32_table(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint32_t crc = 0xffffffff;

	while (len--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ crc >> 8;
	return ~crc;
}

static int compare_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void insertion_sort(uint32_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		uint32_t x = v[i];
		size_t j = i;

		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

static int check_sort(void)
{
	uint64_t s = 0x1234567887654321u, sum_before = 0, sum_after = 0;
	int sorted = 1;

	for (int i = 0; i < N; i++) {
		data[i] = (uint32_t)xorshift64(&s);
		sum_before += data[i];
	}
	printf("crc32 of the input: %08" PRIx32 "\n", crc32_table(data, sizeof(data)));
	memcpy(copy, data, sizeof(data));
	qsort(data, N, sizeof(data[0]), compare_u32);
	insertion_sort(copy, N);
	for (int i = 0; i < N; i++) {
		sum_after += data[i];
		if (i > 0 && data[i - 1] > data[i])
			sorted = 0;
	}
	printf("sorted: min %08" PRIx32 " median %08" PRIx32 " max %08" PRIx32 "\n",
	       data[0], data[N / 2], data[N - 1]);
	printf("crc32 of the sorted data: %08" PRIx32 "\n", crc32_table(data, sizeof(data)));
	return sorted && sum_before == sum_after &&
	       memcmp(data, copy, sizeof(data)) == 0 &&
	       crc32_table(data, sizeof(data)) == crc32_bitwise(data, sizeof(data));
}

#define RTYPE(op, a, b) ({ \
	uint64_t __r; \
	__asm__ (#op " %0, %1, %2" : "=r"(__r) : "r"(a), "r"(b)); \
	__r; })

/* High half of the unsigned 128-bit product from 32-bit pieces, without
 * the instructions under test. */
static uint64_t mulhu_reference(uint64_t a, uint64_t b)
{
	uint64_t al = a & 0xffffffff, ah = a >> 32, bl = b & 0xffffffff, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);

	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

static const uint64_t operands[] = {
	0, 1, 2, 3, 7, 0xffffffffffffffff, 0xfffffffffffffffe, 0x8000000000000000,
	0x7fffffffffffffff, 0x80000000, 0x7fffffff, 0xffffffff, 0xffffffff80000000,
	0x123456789abcdef0, 0xfedcba9876543210, 0x100000000,
};
#define NOPS (sizeof(operands) / sizeof(operands[0]))

/* Folds every M-extension result for every operand pair into a CRC, and
 * checks what the specification fixes: division by zero, the one signed
 * overflow, and the high products. */
static int check_m_extension(void)
{
	uint64_t results[13];
	uint32_t digest = 0;
	int ok = 1;

	for (size_t i = 0; i < NOPS; i++) {
		for (size_t j = 0; j < NOPS; j++) {
			uint64_t a = operands[i], b = operands[j];
			uint64_t hu = RTYPE(mulhu, a, b);
			uint64_t hs = RTYPE(mulh, a, b);
			uint64_t hsu = RTYPE(mulhsu, a, b);

			results[0] = RTYPE(mul, a, b);
			results[1] = hs;
			results[2] = hu;
			results[3] = hsu;
			results[4] = RTYPE(div, a, b);
			results[5] = RTYPE(divu, a, b);
			results[6] = RTYPE(rem, a, b);
			results[7] = RTYPE(remu, a, b);
			results[8] = RTYPE(mulw, a, b);
			results[9] = RTYPE(divw, a, b);
			results[10] = RTYPE(divuw, a, b);
			results[11] = RTYPE(remw, a, b);
			results[12] = RTYPE(remuw, a, b);
			digest = crc32_table(results, sizeof(results)) ^ (digest * 31);

			/* Signed high products from the unsigned one. */
			ok &= hu == mulhu_reference(a, b);
			ok &= hs == hu - ((int64_t)a < 0 ? b : 0) - ((int64_t)b < 0 ? a : 0);
			ok &= hsu == hu - ((int64_t)a < 0 ? b : 0);
			if (b == 0) {
				ok &= results[4] == UINT64_MAX && results[5] == UINT64_MAX;
				ok &= results[6] == a && results[7] == a;
				ok &= results[9] == UINT64_MAX && results[10] == UINT64_MAX;
				ok &= results[11] == (uint64_t)(int64_t)(int32_t)a;
				ok &= results[12] == (uint64_t)(int64_t)(int32_t)a;
			} else {
				ok &= results[5] == a / b && results[7] == a % b;
			}
		}
	}
	ok &= RTYPE(div, INT64_MIN, -1) == (uint64_t)INT64_MIN;
	ok &= RTYPE(rem, INT64_MIN, -1) == 0;
	ok &= RTYPE(divw, INT32_MIN, -1) == (uint64_t)(int64_t)INT32_MIN;
	ok &= RTYPE(remw, INT32_MIN, -1) == 0;
	printf("M extension digest over %u operand pairs: %08" PRIx32 "\n",
	       (unsigned)(NOPS * NOPS), digest);
	return ok;
}

static int check_atomics(void)
{
	static _Atomic uint64_t counter = 10;
	static _Atomic int32_t word = -5;
	uint64_t old, expected = 12;
	int ok = 1;

	old = atomic_fetch_add(&counter, 5);
	ok &= old == 10 && counter == 15;
	old = atomic_exchange(&counter, 12);
	ok &= old == 15;
	ok &= atomic_compare_exchange_strong(&counter, &expected, 100);
	ok &= !atomic_compare_exchange_strong(&counter, &expected, 7) && expected == 100;
	ok &= atomic_fetch_and(&counter, 0x3c) == 100 && counter == 36;
	ok &= atomic_fetch_or(&counter, 3) == 36 && counter == 39;
	ok &= atomic_fetch_xor(&counter, 1) == 39 && counter == 38;
	ok &= atomic_fetch_sub(&word, 10) == -5 && word == -15;
	printf("atomics: counter %" PRIu64 ", word %" PRId32 "\n",
	       (uint64_t)counter, (int32_t)word);
	return ok;
}

int main(void)
{
	static const char check_string[] = "123456789";
	uint32_t check;
	int ok;

	crc32_init_table();
	/* The published check value of CRC-32. */
	check = crc32_bitwise(check_string, 9);
	printf("crc32(\"123456789\") = %08" PRIx32 "\n", check);
	ok = check == 0xcbf43926 && crc32_table(check_string, 9) == check;
	ok &= check_sort();
	ok &= check_m_extension();
	ok &= check_atomics();
	printf("%s\n", ok ? "checksum: ok" : "checksum: FAILED");
	return !ok;
}
