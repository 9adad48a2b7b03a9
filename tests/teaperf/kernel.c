/* A stand-in for a Linux kernel in the teaperf tests of Linux recordings
 * (tests/teaperf/linux.sh): a few functions linked where RISC-V Linux
 * keeps its text. It is compiled, never run. */
volatile int ticks;

__attribute__((noinline)) int handle_irq(int irq)
{
	for (int i = 0; i < irq; i++)
		ticks += i;
	return ticks;
}

__attribute__((noinline)) void schedule(void)
{
	ticks = 0;
}

void _start(void)
{
	for (;;) {
		handle_irq(10);
		schedule();
	}
}
