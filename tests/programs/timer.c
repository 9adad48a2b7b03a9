/* Machine timer interrupts from the CLINT: a handler counts ticks and
 * re-arms the timer. First main keeps a register-heavy computation going,
 * which must come out the same however often it is interrupted; then it
 * sleeps in wfi, which the timer must wake (or the run times out), last
 * for one tick further off than the simulator waits for a core that
 * commits nothing (an idle kernel's tick is as far). */
#include <inttypes.h>
#include <stdio.h>

#include "tea/baremetal.h"

#define BUSY_TICKS  5
#define SLEEP_TICKS 3
#define INTERVAL    2000        /* mtime units between ticks */
#define LONG_SLEEP  30000       /* 300,000 cycles at 10 cycles a unit */

static volatile unsigned ticks, last_tick;
static volatile uint64_t last_cause;
static volatile uint64_t seed = 1;

static void on_timer(struct bm_trap_frame *f)
{
	last_cause = f->mcause;
	if (++ticks < last_tick)
		bm_set_timecmp(bm_mtime() + INTERVAL);
	else
		bm_disable_interrupt(IRQ_M_TIMER);
}

static void start_ticking(unsigned until)
{
	last_tick = until;
	bm_set_timecmp(bm_mtime() + INTERVAL);
	bm_enable_interrupt(IRQ_M_TIMER);
}

/* Many live values at once, so that an interrupt that lost a register would
 * change the result. */
static uint64_t mix(uint64_t s)
{
	uint64_t a = s, b = s ^ 0x9e3779b97f4a7c15u, c = s * 3, d = ~s;
	uint64_t e = s << 7, g = s >> 3, h = s + 11, k = s - 5;

	for (int i = 0; i < 64; i++) {
		a += b ^ (c >> 3);
		b = (b << 5 | b >> 59) + d;
		c ^= e * 0x100000001b3u;
		d += g | h;
		e = e * 5 + k;
		g ^= a >> 11;
		h += c & 0xff;
		k ^= d + i;
	}
	return a ^ b ^ c ^ d ^ e ^ g ^ h ^ k;
}

static int busy_phase(void)
{
	uint64_t expected = mix(seed);
	unsigned rounds = 0, wrong = 0;

	start_ticking(BUSY_TICKS);
	bm_interrupts_on();
	while (ticks < BUSY_TICKS) {
		if (mix(seed) != expected)
			wrong++;
		rounds++;
	}
	bm_interrupts_off();
	printf("busy: %u ticks, computation under interrupts %s\n", ticks,
	       rounds > 0 && wrong == 0 ? "consistent" : "CORRUPTED");
	return ticks == BUSY_TICKS && rounds > 0 && wrong == 0;
}

static int sleep_phase(void)
{
	start_ticking(BUSY_TICKS + SLEEP_TICKS);
	/* wfi wakes on a pending interrupt even with mstatus.MIE clear, so
	 * checking and sleeping with it clear cannot miss the last tick. */
	while (ticks < BUSY_TICKS + SLEEP_TICKS) {
		wfi();
		bm_interrupts_on();
		bm_interrupts_off();
	}
	printf("sleep: %u ticks in total\n", ticks);
	return ticks == BUSY_TICKS + SLEEP_TICKS;
}

static int long_sleep_phase(void)
{
	unsigned want = ticks + 1;
	uint64_t from = bm_mtime();

	last_tick = want;
	bm_set_timecmp(from + LONG_SLEEP);
	bm_enable_interrupt(IRQ_M_TIMER);
	while (ticks < want) {
		wfi();
		bm_interrupts_on();
		bm_interrupts_off();
	}
	/* how long is the machine's own: qemu's and teasim's consoles must agree */
	printf("long sleep: woken\n");
	return bm_mtime() - from >= LONG_SLEEP;
}

int main(void)
{
	uint64_t start = bm_mtime();
	int ok;

	bm_set_interrupt_handler(IRQ_M_TIMER, on_timer);
	ok = busy_phase();
	ok &= sleep_phase();
	ok &= long_sleep_phase();
	ok &= last_cause == (MCAUSE_INTERRUPT | IRQ_M_TIMER);
	printf("last mcause 0x%" PRIx64 "\n", last_cause);
	ok &= bm_mtime() - start >= (BUSY_TICKS + SLEEP_TICKS) * INTERVAL + LONG_SLEEP;
	printf("%s\n", ok ? "timer: ok" : "timer: FAILED");
	return !ok;
}
