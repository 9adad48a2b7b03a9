/* The golden reference (sim/attribution/golden.c): a hand-made sequence of commit
 * stage cycles with a known attribution of every cycle. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "attribution/golden.h"

#define W 2
#define FL_MB (1u << PICS_TEA_FL_MB)
#define FL_EX (1u << PICS_TEA_FL_EX)
#define ST_L1 (1u << PICS_TEA_ST_L1)
#define DR_L1 (1u << PICS_TEA_DR_L1)

static struct tea_golden g;
static struct pics_error err;

static void run(bool rob_empty, unsigned lanes, uint64_t pc, uint64_t psv, bool trap, bool flush)
{
	struct tea_cycle c;

	memset(&c, 0, sizeof(c));
	c.rob_empty = rob_empty;
	c.retire = (1u << lanes) - 1;
	c.retire_trap = trap;
	c.flush = flush;
	for (unsigned i = 0; i < lanes; i++) {
		c.pc[i] = pc + 4 * i;
		c.psv[i] = psv;
	}
	assert_int_equal(tea_golden_cycle(&g, &c, &err), 0);
}

static uint64_t weight(uint64_t pc, uint64_t psv)
{
	return pics_profile_weight(g.profile, pc, psv);
}

static void every_cycle_attributed(void **state)
{
	struct pics_meta m;
	(void)state;
	assert_int_equal(pics_meta_init_tea(&m, "golden", W, 1, &err), 0);
	assert_int_equal(tea_golden_init(&g, &m, &err), 0);
	uint64_t u = g.unit;	/* LCM(1, 2) = 2 */

	/* Compute: two per cycle share it, one alone has it all. */
	for (int i = 0; i < 3; i++)
		run(false, 2, 0x100, 0, false, false);
	run(false, 1, 0x100, 0, false, false);
	assert_int_equal(weight(0x100, 0), 3 * u / 2 + u);
	assert_int_equal(weight(0x104, 0), 3 * u / 2);

	/* Stalled for 5 cycles on a missing load, which then commits. */
	for (int i = 0; i < 5; i++)
		run(false, 0, 0, 0, false, false);
	run(false, 1, 0x200, ST_L1, false, false);
	assert_int_equal(weight(0x200, ST_L1), 6 * u);

	/* A mispredicted branch commits and flushes; 4 cycles of empty ROB
	 * go to it, then the refetched instruction arrives and stalls 2. */
	run(false, 1, 0x300, FL_MB, false, true);
	for (int i = 0; i < 4; i++)
		run(true, 0, 0, 0, false, false);
	run(false, 0, 0, 0, false, false);
	run(false, 0, 0, 0, false, false);
	run(false, 1, 0x400, 0, false, false);
	assert_int_equal(weight(0x300, FL_MB), u + 4 * u);
	assert_int_equal(weight(0x400, 0), 3 * u);

	/* Drained (no flush): the next to commit gets the empty cycles. */
	for (int i = 0; i < 3; i++)
		run(true, 0, 0, 0, false, false);
	run(false, 1, 0x500, DR_L1, false, false);
	assert_int_equal(weight(0x500, DR_L1), 4 * u);

	/* A trapping head: its stalled cycles and the trap cycle itself. */
	run(false, 0, 0, 0, false, false);
	run(false, 1, 0x600, FL_EX, true, true);
	run(true, 0, 0, 0, false, false);
	assert_int_equal(weight(0x600, FL_EX), 3 * u);

	assert_int_equal(g.cycles, 25);
	assert_int_equal(tea_golden_unattributed(&g), 0);
	assert_int_equal(pics_profile_total_weight(g.profile), g.cycles * u);
	assert_int_equal(g.state_cycles[PICS_COMPUTE], 4 + 1 + 1 + 1 + 1);
	assert_int_equal(g.state_cycles[PICS_STALLED], 5 + 2 + 2);
	assert_int_equal(g.state_cycles[PICS_FLUSHED], 4 + 1);
	assert_int_equal(g.state_cycles[PICS_DRAINED], 3);
	tea_golden_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_cycle_attributed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
