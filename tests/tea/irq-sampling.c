/* TEA sampling the real way: the program starts the sampler itself, its
 * interrupt handler (driver/baremetal/tea_sampling.c) copies each sample
 * from the CSRs into a log, and teasim writes that log out at the end. The
 * workload mixes a chain of missing loads, an unpredictable branch and
 * plain ALU work, so that the profile has several kinds of stacks; it is
 * timed with mcycle. Then it pauses the sampler around more work, which
 * must get no sample, and resumes it for a last round, which must: the
 * runtime's pause keeps the cycles left to the next sample (teacount).
 * Built with TEA_BUFFER=1 (buf-sampling) the sampler writes the log
 * itself (buffer mode). In both modes the program checks its records: in
 * order of time, with valid states and slots, numbered without gaps
 * unless lost, with data addresses only where DMASK names a slot, and
 * those of the chase's loads in the region it chases through.
 * `make bench-tea` builds it with other TEA_PERIODs (0: no sampling) to
 * measure what sampling costs in each mode. */
#include <stdint.h>
#include <stdio.h>

#include "tea/baremetal.h"
#include "tea/sampling.h"

#ifndef TEA_PERIOD
#define TEA_PERIOD 1000
#endif
#ifndef TEA_BUFFER
#define TEA_BUFFER 0
#endif
#define MODE (TEA_BUFFER ? "buffer" : "interrupt")
#define ROUNDS 40

/* tea-baremetal.ld: a 1 MiB heap, zeros and never cleared. The sample log
 * is allocated at its start; the loads chase through its last 256 KiB,
 * whose zeros keep the chase inside them. */
extern char __heap_end[];
#define REGION_BYTES (256 * 1024)

static uint64_t __attribute__((noinline, noclone)) loads(uintptr_t base, uint64_t x, unsigned n)
{
	uintptr_t p = base;

	for (unsigned i = 0; i < n; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		p = base + (x & (REGION_BYTES - 64)) + *(volatile uint64_t *)p;
	}
	return p;
}

static uint64_t __attribute__((noinline, noclone)) branches(uint64_t x, unsigned n)
{
	uint64_t odd = 0;

	for (unsigned i = 0; i < n; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		if (x & 1)
			odd++;
	}
	return odd;
}

static uint64_t __attribute__((noinline, noclone)) alu(uint64_t a, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		a = a * 6364136223846793005ull + 1442695040888963407ull;
	return a;
}

/* The work done while sampling is paused: not compared, and no sample
 * may fall in it. */
static uint64_t __attribute__((noinline, noclone)) unsampled(uint64_t x, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
	return x;
}

/* The work's results go here, in order: the functions are pure, and the
 * compiler would otherwise be free to move them across the runtime's
 * calls that pause, resume and stop the sampler. */
static volatile uint64_t sink;

/* The records the sampler wrote: in time order, each a real sample (V,
 * slots a prefix, the first holding an address), numbered (SEQ) one after
 * the other but for samples lost; a data address only in the slots DMASK
 * names, and some of them in the chased region (with enough samples). 0,
 * or -1 with a message. */
static int check_records(uintptr_t region)
{
	const struct bm_tea_log *log = &bm_tea_log;
	unsigned words = TEA_LOG_RECORD_WORDS(log->width), w = (unsigned)log->width;
	uint64_t gaps = 0, in_region = 0;

	for (uint64_t i = 0; i < log->count; i++) {
		const uint64_t *r = log->records + i * words, *prev = r - words;
		unsigned slots = (unsigned)(r[1] >> TEA_STAT_MASK_SHIFT) & 0xff;
		unsigned dmask = TEA_STAT_DMASK(r[1]);

		for (unsigned k = 0; k < w; k++) {
			uint64_t d = r[2 + 2 * w + k];

			if (dmask >> k & 1) {
				in_region += d >= region && d < region + REGION_BYTES;
			} else if (d) {
				printf("irq-sampling: FAIL: record %llu has a data address in slot "
				       "%u, whose DMASK bit is clear\n", (unsigned long long)i, k);
				return -1;
			}
		}
		if (!(r[1] & TEA_STAT_V) || !(slots & 1) || (slots & (slots + 1)) || !r[2] ||
		    (dmask & ~slots) ||
		    (i && (r[0] <= prev[0] || TEA_STAT_SEQ(r[1]) <= TEA_STAT_SEQ(prev[1])))) {
			printf("irq-sampling: FAIL: record %llu is not a sample after the last: "
			       "%llx %llx %llx\n", (unsigned long long)i, (unsigned long long)r[0],
			       (unsigned long long)r[1], (unsigned long long)r[2]);
			return -1;
		}
		if (i)
			gaps += TEA_STAT_SEQ(r[1]) - TEA_STAT_SEQ(prev[1]) - 1;
	}
	/* the samples between the first and the last record that are not in
	 * the log were lost: the pause takes none */
	if (gaps > log->lost + log->dropped) {
		printf("irq-sampling: FAIL: %llu samples missing between records, %llu lost\n",
		       (unsigned long long)gaps, (unsigned long long)(log->lost + log->dropped));
		return -1;
	}
	/* (a fifth of the work's cycles are the chase's: with a hundred
	 * samples some fall on it) */
	if (log->count >= 100 && !in_region) {
		printf("irq-sampling: FAIL: no record holds a data address of the chase\n");
		return -1;
	}
	return 0;
}

int main(void)
{
	uintptr_t base = (uintptr_t)__heap_end - REGION_BYTES;
	uint64_t s = 0, t0, t1;

	/* room for every sample of the work (under a million cycles), below
	 * the region */
	bm_tea_use_buffer(TEA_BUFFER);
	if (TEA_PERIOD && bm_tea_start(TEA_PERIOD, 4, 1000000 / TEA_PERIOD + 64)) {
		printf("irq-sampling: this core has no TEA sampler\n");
		return 1;
	}
	t0 = csr_read(mcycle);
	for (unsigned r = 0; r < ROUNDS; r++)
		s += loads(base, r + 1, 50) + branches(r + 7, 300) + alu(r, 300);
	t1 = csr_read(mcycle);
	if (TEA_PERIOD) {
		/* taken: logged, or dropped when the log is full; counted once
		 * the pause has let the last sample of the work through */
		uint64_t before, paused;

		bm_tea_pause();
		before = bm_tea_log.count + bm_tea_log.dropped;
		sink = unsampled(s + 1, 10 * TEA_PERIOD);
		paused = bm_tea_log.count + bm_tea_log.dropped;
		bm_tea_resume();
		sink = alu(s, 4 * TEA_PERIOD);
		bm_tea_stop();
		if (paused != before || bm_tea_log.count + bm_tea_log.dropped == paused) {
			printf("irq-sampling: FAIL: %llu samples while paused, %llu after resuming\n",
			       (unsigned long long)(paused - before),
			       (unsigned long long)(bm_tea_log.count + bm_tea_log.dropped - paused));
			return 1;
		}
		if (check_records(base))
			return 1;
	}
	printf("irq-sampling: period %u: %llu cycles, %llu samples, %llu lost, checksum %llx, %s\n",
	       TEA_PERIOD, (unsigned long long)(t1 - t0), (unsigned long long)bm_tea_log.count,
	       (unsigned long long)(bm_tea_log.lost + bm_tea_log.dropped), (unsigned long long)s, MODE);
	return TEA_PERIOD == 0 || bm_tea_log.count ? 0 : 1;
}
