/* strings: text processing, the shape of lexers, log scanners and grep.
 * A text of words (a skewed choice from a vocabulary of made-up words,
 * with spaces, commas and line breaks between them) is tokenized: a
 * character-class table splits it, each token is hashed while it is
 * scanned and looked up in a small hash table of the vocabulary (byte
 * comparisons), and its count goes up. Then a few phrases are searched
 * for in the whole text, twice: with Boyer-Moore-Horspool (skip table,
 * loads at data-dependent distances) and naively (first byte, then
 * compare). Short loops with data-dependent exits, byte loads.
 *
 * Check: every token is a vocabulary word, each word's count is what the
 * generator wrote, and both searches count the same occurrences of each
 * phrase (at least one: the phrases are taken from the text). */
#include <stdint.h>

#define WL_NAME "strings"
#define WL_MODE PRV_U
#ifndef SCALE
#define SCALE 32
#endif

#define TEXT_BYTES (4096u * SCALE)
#define VOCAB 128
#define MAX_WORD 8		/* 2..4 syllables of two letters */
#define TABLE 256		/* hash table of the vocabulary, a power of two */
#define PHRASES 4

#define WL_ARENA (TEXT_BYTES + 64ul + 4096)

#include "workload.h"

static const char consonants[8] = { 'k', 't', 'n', 'r', 's', 'm', 'l', 'p' };
static const char vowels[5] = { 'a', 'e', 'i', 'o', 'u' };

static char vocab[VOCAB][MAX_WORD + 1];
static uint8_t vocab_len[VOCAB];
static int16_t table[TABLE];		/* vocabulary index + 1; 0: empty */
static uint32_t expected[VOCAB], counted[VOCAB];
static uint8_t is_letter[256];

static inline uint32_t fnv_step(uint32_t h, uint8_t c)
{
	return (h ^ c) * 16777619u;
}

static uint32_t fnv(const char *s, unsigned len)
{
	uint32_t h = 2166136261u;

	for (unsigned i = 0; i < len; i++)
		h = fnv_step(h, (uint8_t)s[i]);
	return h;
}

/* Word i: 2..4 syllables, consonant then vowel; the syllables are i's
 * digits in base 40 (mixed), so no two words are the same. */
static void make_vocab(void)
{
	for (unsigned i = 0; i < VOCAB; i++) {
		unsigned nsyl = 2 + i % 3, v = i;

		for (unsigned k = 0; k < nsyl; k++) {
			unsigned syl = (v % 40 + k * 13) % 40;

			vocab[i][2 * k] = consonants[syl % 8];
			vocab[i][2 * k + 1] = vowels[syl / 8];
			v /= 40;
		}
		vocab[i][2 * nsyl] = 0;
		vocab_len[i] = (uint8_t)(2 * nsyl);
	}
	for (unsigned i = 0; i < VOCAB; i++) {
		uint32_t s = fnv(vocab[i], vocab_len[i]) & (TABLE - 1);

		while (table[s])
			s = (s + 1) & (TABLE - 1);
		table[s] = (int16_t)(i + 1);
	}
	for (unsigned c = 'a'; c <= 'z'; c++)
		is_letter[c] = 1;
}

/* Writes words until the text is full; returns the text's length. */
static uint32_t make_text(char *text, uint64_t *rng)
{
	uint32_t n = 0;

	for (;;) {
		uint64_t r = rng_next(rng);
		/* Skewed: low indices much more often (like word frequencies). */
		unsigned w = (unsigned)((r & 0xffff) % ((r >> 16) % VOCAB + 1));
		unsigned sep = (unsigned)(r >> 40) % 16;

		if (n + vocab_len[w] + 2 > TEXT_BYTES)
			break;
		for (unsigned k = 0; k < vocab_len[w]; k++)
			text[n++] = vocab[w][k];
		expected[w]++;
		if (sep == 0) {
			text[n++] = ',';
			text[n++] = ' ';
		} else if (sep == 1) {
			text[n++] = '.';
			text[n++] = '\n';
		} else {
			text[n++] = ' ';
		}
	}
	return n;
}

static int lookup(const char *s, unsigned len, uint32_t h)
{
	for (uint32_t slot = h & (TABLE - 1);; slot = (slot + 1) & (TABLE - 1)) {
		int id = table[slot] - 1;
		unsigned k;

		if (id < 0)
			return -1;
		if (vocab_len[id] != len)
			continue;
		for (k = 0; k < len && vocab[id][k] == s[k]; k++)
			;
		if (k == len)
			return id;
	}
}

/* Returns the number of tokens, or -1 at an unknown one. */
static long tokenize(const char *text, uint32_t n)
{
	uint32_t i = 0;
	long tokens = 0;

	while (i < n) {
		uint32_t start, h = 2166136261u;
		int id;

		while (i < n && !is_letter[(uint8_t)text[i]])
			i++;
		if (i == n)
			break;
		start = i;
		while (i < n && is_letter[(uint8_t)text[i]])
			h = fnv_step(h, (uint8_t)text[i++]);
		id = lookup(&text[start], i - start, h);
		if (id < 0)
			return -1;
		counted[id]++;
		tokens++;
	}
	return tokens;
}

static uint32_t search_horspool(const char *text, uint32_t n, const char *pat, unsigned m)
{
	uint8_t skip[256];
	uint32_t count = 0;

	for (unsigned c = 0; c < 256; c++)
		skip[c] = (uint8_t)m;
	for (unsigned k = 0; k + 1 < m; k++)
		skip[(uint8_t)pat[k]] = (uint8_t)(m - 1 - k);
	for (uint32_t i = 0; i + m <= n; i += skip[(uint8_t)text[i + m - 1]]) {
		int k = (int)m - 1;

		while (k >= 0 && text[i + k] == pat[k])
			k--;
		count += k < 0;
	}
	return count;
}

static uint32_t search_naive(const char *text, uint32_t n, const char *pat, unsigned m)
{
	uint32_t count = 0;

	for (uint32_t i = 0; i + m <= n; i++) {
		unsigned k;

		if (text[i] != pat[0])
			continue;
		for (k = 1; k < m && text[i + k] == pat[k]; k++)
			;
		count += k == m;
	}
	return count;
}

static long wl_run(void)
{
	char *text = wl_alloc(TEXT_BYTES + 64);
	uint64_t rng = 2024;
	uint32_t n;
	long tokens, words = 0;

	make_vocab();
	n = make_text(text, &rng);
	for (unsigned w = 0; w < VOCAB; w++)
		words += expected[w];

	tokens = tokenize(text, n);
	if (tokens < 0)
		WL_FAIL("a token is not in the vocabulary");
	if (tokens != words)
		WL_FAIL("%ld tokens, %ld words written", tokens, words);
	for (unsigned w = 0; w < VOCAB; w++)
		if (counted[w] != expected[w])
			WL_FAIL("word %s counted %" PRIu32 " times, written %" PRIu32, vocab[w],
				counted[w], expected[w]);

	/* Phrases: 7..14 bytes of the text from a word's start, spaces and
	 * all, taken at spread-out places. */
	for (unsigned p = 0; p < PHRASES; p++) {
		uint32_t at = (uint32_t)rng_below(&rng, n - 16), h, v;
		unsigned m = 7 + p * 2;
		char pat[16];

		while (at > 0 && is_letter[(uint8_t)text[at - 1]])
			at--;
		for (unsigned k = 0; k < m; k++)
			pat[k] = text[at + k];
		h = search_horspool(text, n, pat, m);
		v = search_naive(text, n, pat, m);
		if (h != v || h == 0)
			WL_FAIL("phrase %u (%u bytes at %" PRIu32 "): Horspool %" PRIu32
				", naive %" PRIu32, p, m, at, h, v);
	}
	printf(WL_NAME ": %" PRIu32 " bytes, %ld tokens, %d phrases\n", n, tokens, PHRASES);
	return 0;
}

WL_MAIN
