/* lz: LZ77 compression and decompression, the shape of gzip, zstd and
 * LZ4 (SPEC's xz and deflate in web servers). The compressor hashes the
 * next four bytes, finds earlier positions with the same hash through a
 * hash head table and a chain of previous positions (up to eight tried,
 * 16 KiB window), takes the longest match (byte compares with
 * data-dependent lengths) and writes LZ4-like sequences: a token with the
 * literal and match lengths, the literals, a 16-bit distance. The
 * decompressor copies literals and overlapping matches back. Input: text
 * made of words, numbers and repeats of recent pieces.
 *
 * Check: decompression gives back the input byte for byte, and the
 * compressed size is below three quarters of the input (matches were
 * found). */
#include <stdint.h>

#define WL_NAME "lz"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 32
#endif

#define INPUT_BYTES (4096u * SCALE)
#define HASH_BITS 12
#define WINDOW 16384u		/* a power of two; distances stay below it */
#define CHAIN 8
#define MIN_MATCH 4
#define OUT_BYTES (INPUT_BYTES + INPUT_BYTES / 128 + 64)

#define WL_ARENA (INPUT_BYTES + 2ul * OUT_BYTES + (4ul << HASH_BITS) + 4ul * WINDOW + 4096)

#include "workload.h"

static uint32_t *head;		/* position + 1 of the last with this hash; 0: none */
static uint32_t *prev;		/* position + 1 of the one before, by position % WINDOW */

static inline uint32_t hash4(const uint8_t *p)
{
	uint32_t v = p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;

	return (v * 2654435761u) >> (32 - HASH_BITS);
}

static inline void insert(const uint8_t *in, uint32_t pos)
{
	uint32_t h = hash4(in + pos);

	prev[pos % WINDOW] = head[h];
	head[h] = pos + 1;
}

/* Writes a length's excess over 15 as LZ4 does: 255s, then the rest. */
static inline uint8_t *put_length(uint8_t *op, uint32_t len)
{
	for (; len >= 255; len -= 255)
		*op++ = 255;
	*op++ = (uint8_t)len;
	return op;
}

static uint8_t *put_sequence(uint8_t *op, const uint8_t *lit, uint32_t nlit, uint32_t mlen,
			     uint32_t dist)
{
	uint32_t m = mlen ? mlen - MIN_MATCH : 0;

	*op++ = (uint8_t)((nlit < 15 ? nlit : 15) << 4 | (m < 15 ? m : 15));
	if (nlit >= 15)
		op = put_length(op, nlit - 15);
	for (uint32_t k = 0; k < nlit; k++)
		*op++ = lit[k];
	if (!mlen)
		return op;
	*op++ = (uint8_t)dist;
	*op++ = (uint8_t)(dist >> 8);
	if (m >= 15)
		op = put_length(op, m - 15);
	return op;
}

static uint32_t compress(const uint8_t *in, uint32_t n, uint8_t *out)
{
	uint32_t ip = 0, anchor = 0;
	uint8_t *op = out;

	while (ip + MIN_MATCH <= n) {
		uint32_t h = hash4(in + ip), cand = head[h], best = 0, dist = 0;

		prev[ip % WINDOW] = cand;
		head[h] = ip + 1;
		for (int d = 0; d < CHAIN && cand; d++) {
			uint32_t c = cand - 1, len = 0, max = n - ip;

			if (ip - c >= WINDOW)
				break;
			while (len < max && in[c + len] == in[ip + len])
				len++;
			if (len > best) {
				best = len;
				dist = ip - c;
			}
			cand = prev[c % WINDOW];
			if (cand > c)	/* not older: the chain ends */
				break;
		}
		if (best >= MIN_MATCH) {
			op = put_sequence(op, in + anchor, ip - anchor, best, dist);
			for (uint32_t k = 1; k < best && ip + k + MIN_MATCH <= n; k++)
				insert(in, ip + k);
			ip += best;
			anchor = ip;
		} else {
			ip++;
		}
	}
	op = put_sequence(op, in + anchor, n - anchor, 0, 0);
	return (uint32_t)(op - out);
}

static inline uint32_t get_length(const uint8_t **ip, uint32_t len)
{
	uint8_t b;

	if (len < 15)
		return len;
	do {
		b = *(*ip)++;
		len += b;
	} while (b == 255);
	return len;
}

/* Returns the decompressed length, or ~0 when the data runs past cap. */
static uint32_t decompress(const uint8_t *in, uint32_t n, uint8_t *out, uint32_t cap)
{
	const uint8_t *ip = in, *end = in + n;
	uint8_t *op = out;

	while (ip < end) {
		uint8_t token = *ip++;
		uint32_t nlit = get_length(&ip, token >> 4), mlen, dist;

		if ((uint32_t)(op - out) + nlit > cap)
			return ~0u;
		for (uint32_t k = 0; k < nlit; k++)
			*op++ = *ip++;
		if (ip >= end)
			break;
		dist = ip[0] | (uint32_t)ip[1] << 8;
		ip += 2;
		mlen = get_length(&ip, token & 15) + MIN_MATCH;
		if (dist == 0 || dist > (uint32_t)(op - out) || (uint32_t)(op - out) + mlen > cap)
			return ~0u;
		for (uint32_t k = 0; k < mlen; k++, op++)
			*op = op[-(long)dist];
	}
	return (uint32_t)(op - out);
}

static const char *const syllables[16] = {
	"ka", "to", "ne", "ri", "su", "ma", "lo", "pe",
	"in", "on", "ar", "el", "us", "th", "qu", "ey",
};

/* Text with structure: words from a made-up vocabulary, numbers, and
 * copies of pieces of the last few KiB. */
static void make_input(uint8_t *in, uint32_t n, uint64_t *rng)
{
	uint32_t p = 0;

	while (p < n) {
		uint64_t r = rng_next(rng);
		unsigned kind = (unsigned)(r % 8);

		if (kind < 5) {
			/* One of 256 words: 2..4 syllables picked by its number. */
			unsigned w = (unsigned)(r >> 8) & 255, nsyl = 2 + w % 3;

			for (unsigned k = 0; k < nsyl; k++, w = w / 4 + 7 * k) {
				const char *s = syllables[w % 16];

				for (; *s && p < n; s++)
					in[p++] = (uint8_t)*s;
			}
		} else if (kind == 5) {
			uint32_t v = (uint32_t)(r >> 8) % 100000;

			do {
				if (p < n)
					in[p++] = (uint8_t)('0' + v % 10);
				v /= 10;
			} while (v);
		} else if (p > 64) {
			uint32_t len = 8 + (uint32_t)(r >> 8) % 56;
			uint32_t back = 1 + (uint32_t)(r >> 16) % (p < 8192 ? p : 8192);

			for (uint32_t k = 0; k < len && p < n; k++, p++)
				in[p] = in[p - back];
		}
		if (p < n)
			in[p++] = (r >> 60) ? ' ' : '\n';
	}
}

static long wl_run(void)
{
	uint8_t *in = wl_alloc(INPUT_BYTES), *packed = wl_alloc(OUT_BYTES);
	uint8_t *unpacked = wl_alloc(OUT_BYTES);
	uint64_t rng = 77;
	uint32_t csize, dsize;

	head = wl_alloc(4u << HASH_BITS);
	prev = wl_alloc(4u * WINDOW);
	wl_clear(head, 4u << HASH_BITS);	/* prev[] is written before it is read */
	make_input(in, INPUT_BYTES, &rng);

	csize = compress(in, INPUT_BYTES, packed);
	if (csize > OUT_BYTES)
		WL_FAIL("compressed to %" PRIu32 " bytes, more than the %u of the buffer", csize,
			OUT_BYTES);
	dsize = decompress(packed, csize, unpacked, OUT_BYTES);
	if (dsize != INPUT_BYTES)
		WL_FAIL("decompressed to %" PRIu32 " bytes, expected %u", dsize, INPUT_BYTES);
	for (uint32_t i = 0; i < INPUT_BYTES / 8; i++) {
		if (((const uint64_t *)unpacked)[i] != ((const uint64_t *)in)[i])
			WL_FAIL("decompressed bytes %" PRIu32 "..%" PRIu32 " differ", i * 8,
				i * 8 + 7);
	}
	if (csize >= INPUT_BYTES / 4 * 3)
		WL_FAIL("compressed to %" PRIu32 " of %u bytes: matches were not found", csize,
			INPUT_BYTES);
	printf(WL_NAME ": %u bytes to %" PRIu32 " (%" PRIu32 "%%)\n", INPUT_BYTES, csize,
	       csize * 100 / INPUT_BYTES);
	return 0;
}

WL_MAIN
