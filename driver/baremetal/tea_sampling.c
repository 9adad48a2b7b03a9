/* TEA sampling, interrupt-driven or into a buffer (tea/sampling.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "tea/baremetal.h"
#include "tea/sampling.h"

_Static_assert(sizeof(struct bm_tea_log) == TEA_LOG_WORDS * 8, "log layout");

/* Where teasim finds the samples; used (so kept) even if nobody calls. */
struct bm_tea_log bm_tea_log __attribute__((used));

/* teactl while sampling, and teacount when paused */
static uint64_t tea_ctl, tea_count;
static uint32_t tea_exclude, tea_buffer;

#define CSR_READ(num) ({ uint64_t v_; __asm__ volatile("csrr %0, " #num : "=r"(v_)); v_; })
#define CSR_WRITE(num, v) __asm__ volatile("csrw " #num ", %0" : : "r"((uint64_t)(v)))

/* The slot registers (teaaddr, teapsv, teadaddr: enum slot_reg) are
 * numbered, and CSR numbers are immediates. */
enum slot_reg { SLOT_ADDR, SLOT_PSV, SLOT_DADDR };

static uint64_t read_slot(unsigned i, enum slot_reg reg)
{
	switch (i + 8 * reg) {
	case 0: return CSR_READ(0x5d0);
	case 1: return CSR_READ(0x5d1);
	case 2: return CSR_READ(0x5d2);
	case 3: return CSR_READ(0x5d3);
	case 4: return CSR_READ(0x5d4);
	case 5: return CSR_READ(0x5d5);
	case 6: return CSR_READ(0x5d6);
	case 7: return CSR_READ(0x5d7);
	case 8: return CSR_READ(0x5e0);
	case 9: return CSR_READ(0x5e1);
	case 10: return CSR_READ(0x5e2);
	case 11: return CSR_READ(0x5e3);
	case 12: return CSR_READ(0x5e4);
	case 13: return CSR_READ(0x5e5);
	case 14: return CSR_READ(0x5e6);
	case 15: return CSR_READ(0x5e7);
	case 16: return CSR_READ(0x5f0);
	case 17: return CSR_READ(0x5f1);
	case 18: return CSR_READ(0x5f2);
	case 19: return CSR_READ(0x5f3);
	case 20: return CSR_READ(0x5f4);
	case 21: return CSR_READ(0x5f5);
	case 22: return CSR_READ(0x5f6);
	default: return CSR_READ(0x5f7);
	}
}

/* In buffer mode the log holds the records up to teaptr. */
static void sync_buffer_count(void)
{
	struct bm_tea_log *log = &bm_tea_log;

	if (tea_ctl & TEA_CTL_BUF)
		log->count = (CSR_READ(0x5ca) - (uintptr_t)log->records) /
			     (TEA_LOG_RECORD_WORDS(log->width) * sizeof(uint64_t));
}

static void on_sample(struct bm_trap_frame *f)
{
	struct bm_tea_log *log = &bm_tea_log;
	uint64_t stat = CSR_READ(0x5c2);
	(void)f;

	if (tea_ctl & TEA_CTL_BUF) {
		/* the log is full (the only interrupt asked for): the sampler
		 * counts the rest in tealost, which needs no interrupt */
		if (stat & TEA_STAT_FULL)
			bm_disable_interrupt(TEA_IRQ);
		CSR_WRITE(0x5c2, 0);
		return;
	}
	if (stat & TEA_STAT_V) {
		if (log->count < log->capacity) {
			uint64_t *r = log->records + log->count * TEA_LOG_RECORD_WORDS(log->width);

			r[0] = CSR_READ(0x5c3);
			r[1] = stat;
			/* the sampler's buffer record (TEA_RECORD_WORDS) */
			for (unsigned i = 0; i < log->width; i++) {
				r[2 + i] = read_slot(i, SLOT_ADDR);
				r[2 + log->width + i] = read_slot(i, SLOT_PSV);
				r[2 + 2 * log->width + i] = read_slot(i, SLOT_DADDR);
			}
			log->count++;
		} else {
			log->dropped++;
		}
	}
	CSR_WRITE(0x5c2, 0);
}

/* At exit sampling stops, so that the log holds the sampler's count of
 * lost samples and, in buffer mode, every record it wrote. On a board
 * nobody reads the log out of memory: when the host reads the console,
 * the log leaves there, as lines that the host turns back into the log
 * (tea/sample_log.h, TEA_LOG_CONSOLE_*). */
static void finish_log(void)
{
	struct bm_tea_log *log = &bm_tea_log;
	const uint64_t *h = (const uint64_t *)log;
	unsigned words = TEA_LOG_RECORD_WORDS(log->width);

	if (CSR_READ(0x5c0) & TEA_CTL_EN)
		bm_tea_stop();
	if (!bm_host_console())
		return;
	printf("\n" TEA_LOG_CONSOLE_BEGIN " %lx", (unsigned long)log);
	for (unsigned i = 0; i < TEA_LOG_WORDS; i++)
		printf(" %" PRIx64, h[i]);
	for (uint64_t r = 0; r < log->count; r++) {
		printf("\n" TEA_LOG_CONSOLE_RECORD " %" PRIx64, r);
		for (unsigned i = 0; i < words; i++)
			printf(" %" PRIx64, log->records[r * words + i]);
	}
	printf("\n" TEA_LOG_CONSOLE_END " %" PRIx64 "\n", log->count);
	fflush(stdout);
}

int bm_tea_start(uint32_t period, unsigned jitter_bits, uint64_t capacity)
{
	static int at_exit;

	struct bm_tea_log *log = &bm_tea_log;
	uint64_t info = CSR_READ(0x5c5);
	unsigned width = TEA_INFO_WIDTH(info);

	if (TEA_INFO_VERSION(info) != TEA_MAP_VERSION || width == 0 || width > 8)
		return -1;
	log->records = malloc(capacity * TEA_LOG_RECORD_WORDS(width) * sizeof(uint64_t));
	if (!log->records)
		return -1;
	log->width = width;
	log->period = period;
	log->capacity = capacity;
	log->count = 0;
	log->dropped = 0;
	log->lost = 0;
	log->magic = TEA_LOG_MAGIC;
	if (!at_exit++)
		atexit(finish_log);
	bm_set_interrupt_handler(TEA_IRQ, on_sample);
	CSR_WRITE(0x5c4, 0);
	CSR_WRITE(0x5c2, 0);
	CSR_WRITE(0x5c1, period);
	/* buffer mode: the records, from the log's first to its capacity;
	 * no watermark, so the only interrupt is a full log */
	CSR_WRITE(0x5ca, (uintptr_t)log->records);
	CSR_WRITE(0x5c9, (uintptr_t)(log->records + capacity * TEA_LOG_RECORD_WORDS(width)));
	CSR_WRITE(0x5cb, 0);
	bm_enable_interrupt(TEA_IRQ);
	bm_interrupts_on();
	tea_ctl = TEA_CTL_EN | (uint64_t)jitter_bits << TEA_CTL_JIT_SHIFT | tea_exclude | tea_buffer;
	CSR_WRITE(0x5c0, tea_ctl);
	return 0;
}

void bm_tea_use_buffer(int on)
{
	tea_buffer = on ? TEA_CTL_BUF : 0;
}

void bm_tea_exclude(uint32_t modes)
{
	tea_exclude = modes & (TEA_CTL_XU | TEA_CTL_XS | TEA_CTL_XM);
	tea_ctl = (tea_ctl & ~(uint64_t)(TEA_CTL_XU | TEA_CTL_XS | TEA_CTL_XM)) | tea_exclude;
}

/* Turns sampling off and waits until the last sample has left the
 * sampler: its instruction has left the ROB (WAIT), and the buffer
 * writer (in buffer mode: BUF stays on, so that a sample latched in the
 * cycle of the write goes to the buffer too) or the interrupt handler,
 * when interrupts are on, has taken it (V). So what runs next gets no
 * sample of what ran before. */
static void sampling_off(void)
{
	uint64_t busy = TEA_STAT_WAIT;

	if ((tea_ctl & TEA_CTL_BUF) || (csr_read(mstatus) & MSTATUS_MIE))
		busy |= TEA_STAT_V;
	CSR_WRITE(0x5c0, tea_ctl & TEA_CTL_BUF);
	while (CSR_READ(0x5c2) & busy)
		;
}

void bm_tea_pause(void)
{
	/* teacount first: the write to teactl restarts the count */
	tea_count = CSR_READ(0x5c7);
	sampling_off();
}

void bm_tea_resume(void)
{
	CSR_WRITE(0x5c0, tea_ctl);
	CSR_WRITE(0x5c7, tea_count);
}

void bm_tea_stop(void)
{
	sampling_off();
	bm_disable_interrupt(TEA_IRQ);
	sync_buffer_count();
	bm_tea_log.lost = CSR_READ(0x5c4);
}
