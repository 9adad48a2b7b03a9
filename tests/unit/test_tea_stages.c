/* The stage view (sim/tea/stages.c): hand-made cycles of dispatch, issue
 * and commit with a known attribution of every cycle at each stage. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tea/stages.h"

#define W 2
#define INT 0
#define MEM 1

static struct tea_stages s;
static struct pics_error err;
static uint64_t u;	/* weight units per cycle */

/* Signatures: bit i is reason i + 1. */
#define D(reason) (1ull << ((reason) - 1))
#define I(reason) (1ull << ((reason) - 1))

static void setup_stages(void)
{
	struct pics_meta m;

	assert_int_equal(pics_meta_init_tea(&m, "golden", W, 1, &err), 0);
	assert_int_equal(tea_stages_init(&s, &m, &err), 0);
	u = s.unit;
}

static struct tea_cycle cycle(void)
{
	struct tea_cycle c;

	memset(&c, 0, sizeof(c));
	return c;
}

static void run(const struct tea_cycle *c)
{
	assert_int_equal(tea_stages_cycle(&s, c, &err), 0);
}

/* @n cycles in which nothing dispatches (for @why) or issues. */
static void idle(unsigned n, unsigned why)
{
	struct tea_cycle c = cycle();

	c.disp_stall = why;
	for (unsigned i = 0; i < n; i++)
		run(&c);
}

/* @k lanes dispatch, lane i into queue q[i] (-1: none). */
static void dispatch(unsigned k, const int *q)
{
	struct tea_cycle c = cycle();

	c.dispatched = k;
	for (unsigned i = 0; i < k; i++)
		if (q[i] >= 0)
			c.iq_enter[q[i]] |= 1u << i;
	run(&c);
}

/* @n lanes leave the ROB with pcs @pc, @pc + 4...; @flush after them. */
static void leave(unsigned n, uint64_t pc, bool flush)
{
	struct tea_cycle c = cycle();

	c.retire = (1u << n) - 1;
	for (unsigned i = 0; i < n; i++)
		c.pc[i] = pc + 4 * i;
	c.flush = flush;
	c.disp_stall = TEA_DISP_FE_EMPTY;
	run(&c);
}

static uint64_t weight(int stage, uint64_t pc, uint64_t sig)
{
	return pics_profile_weight(s.stage[stage].profile, pc, sig);
}

static void dispatch_splits_cycles_and_blames_what_held_it(void **state)
{
	(void)state;
	setup_stages();
	/* 3 cycles of a full ROB, then two dispatch together */
	idle(3, TEA_DISP_ROB_FULL);
	dispatch(2, (int[]){ -1, -1 });
	leave(2, 0x100, false);
	/* the leave cycle waited on an empty fetch buffer: the next one's */
	dispatch(1, (int[]){ -1 });
	leave(1, 0x200, false);

	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x100, D(TEA_DISP_ROB_FULL)), 3 * u);
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x100, 0), u / 2);
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x104, 0), u / 2);
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x200, D(TEA_DISP_FE_EMPTY)), u);
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x200, 0), u);
	/* every cycle but the last one's wait is in the profile */
	assert_int_equal(pics_profile_total_weight(s.stage[TEA_STAGE_DISPATCH].profile),
			 s.cycles * u - u);
	tea_stages_free(&s);
}

static void issue_blames_the_oldest_waiting_instruction(void **state)
{
	struct tea_cycle c;
	(void)state;
	setup_stages();
	/* a load (memory queue) and an add (integer queue), the load older */
	dispatch(2, (int[]){ MEM, INT });
	/* 2 cycles: the load's address is not ready */
	c = cycle();
	c.disp_stall = TEA_DISP_FE_EMPTY;
	run(&c);
	run(&c);
	/* 1 cycle: ready, but the load port is busy */
	c.iq_ready = 1u << MEM;
	run(&c);
	/* both issue in one cycle */
	c.iq_taken[MEM] = 1;
	c.iq_taken[INT] = 1;
	run(&c);
	leave(2, 0x300, false);

	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x300, I(TEA_ISSUE_NOT_READY)), 2 * u);
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x300, I(TEA_ISSUE_PORT_BUSY)), u);
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x300, 0), u / 2);
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x304, 0), u / 2);
	/* the dispatch cycle found the queues empty: the load's, as it entered first */
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x300, I(TEA_ISSUE_EMPTY)), u);
	tea_stages_free(&s);
}

static void issue_follows_the_queue_as_it_collapses(void **state)
{
	struct tea_cycle c;
	(void)state;
	setup_stages();
	/* three integer instructions; the middle one issues first */
	dispatch(2, (int[]){ INT, INT });
	dispatch(1, (int[]){ INT });
	c = cycle();
	c.disp_stall = TEA_DISP_FE_EMPTY;
	c.iq_taken[INT] = 1u << 1;
	run(&c);
	/* now entry 0 is the first and entry 1 the third: the third issues */
	c.iq_taken[INT] = 1u << 1;
	run(&c);
	/* the first waits another cycle, then issues */
	c.iq_taken[INT] = 0;
	run(&c);
	c.iq_taken[INT] = 1;
	run(&c);
	leave(2, 0x400, false);
	leave(1, 0x408, false);

	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x404, 0), u);
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x408, 0), u);
	/* the oldest waited in the second dispatch cycle and in the third */
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x400, I(TEA_ISSUE_NOT_READY)), 2 * u);
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x400, 0), u);
	tea_stages_free(&s);
}

static void a_flush_gives_the_wait_the_squashed_and_the_refill_to_the_flusher(void **state)
{
	(void)state;
	setup_stages();
	/* a branch and a wrong-path instruction dispatch */
	dispatch(2, (int[]){ -1, -1 });
	/* 2 cycles waiting for the mispredicted branch to commit */
	idle(2, TEA_DISP_REDIRECT);
	/* the branch leaves and flushes: the wrong-path one is squashed */
	leave(1, 0x500, true);
	/* 3 cycles refilling the front end, then the right path dispatches */
	idle(3, TEA_DISP_FE_EMPTY);
	dispatch(1, (int[]){ -1 });
	leave(1, 0x600, false);

	/* the branch: its own half cycle, the 2 waiting for it (Redirect),
	 * the squashed half, the flush cycle itself and the 3 refilling */
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x500, 0), u / 2);
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x500, D(TEA_DISP_REDIRECT)), 2 * u);
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x500, D(TEA_DISP_FLUSH)), u / 2 + u + 3 * u);
	assert_int_equal(weight(TEA_STAGE_DISPATCH, 0x600, 0), u);
	assert_int_equal(pics_profile_total_weight(s.stage[TEA_STAGE_DISPATCH].profile),
			 s.cycles * u - u);
	tea_stages_free(&s);
}

static void a_trace_out_of_step_is_an_error(void **state)
{
	struct tea_cycle c = cycle();
	(void)state;
	setup_stages();
	/* an entry leaves an empty issue queue */
	c.disp_stall = TEA_DISP_FE_EMPTY;
	c.iq_taken[INT] = 1;
	assert_int_equal(tea_stages_cycle(&s, &c, &err), -1);
	assert_non_null(strstr(err.msg, "issue queue"));
	/* an instruction leaves the ROB that never dispatched */
	c = cycle();
	c.disp_stall = TEA_DISP_FE_EMPTY;
	c.retire = 1;
	assert_int_equal(tea_stages_cycle(&s, &c, &err), -1);
	/* nothing dispatched, and no reason given */
	c = cycle();
	assert_int_equal(tea_stages_cycle(&s, &c, &err), -1);
	assert_non_null(strstr(err.msg, "reason"));
	tea_stages_free(&s);
}

static void stage_files_lie_beside_the_golden_reference(void **state)
{
	char buf[64];
	(void)state;

	assert_int_equal(pics_stage_path("run/g.prof", "dispatch", buf, sizeof(buf), &err), 0);
	assert_string_equal(buf, "run/g.dispatch.prof");
	assert_int_equal(pics_stage_path("g", "issue", buf, sizeof(buf), &err), 0);
	assert_string_equal(buf, "g.issue.prof");
	assert_int_equal(pics_stage_path("g.prof", "commit", buf, sizeof(buf), &err), 0);
	assert_string_equal(buf, "g.prof");
	assert_int_equal(pics_stage_path("g.prof", "fetch", buf, sizeof(buf), &err), -1);
	assert_int_equal(pics_stage_path("a-long-name.prof", "dispatch", buf, 8, &err), -1);
	assert_string_equal(pics_stage_scheme("commit"), "golden");
	assert_string_equal(pics_stage_scheme("issue"), "issue");
	assert_null(pics_stage_scheme("retire"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dispatch_splits_cycles_and_blames_what_held_it),
		cmocka_unit_test(issue_blames_the_oldest_waiting_instruction),
		cmocka_unit_test(issue_follows_the_queue_as_it_collapses),
		cmocka_unit_test(a_flush_gives_the_wait_the_squashed_and_the_refill_to_the_flusher),
		cmocka_unit_test(a_trace_out_of_step_is_an_error),
		cmocka_unit_test(stage_files_lie_beside_the_golden_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
