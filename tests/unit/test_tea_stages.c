/* The stage view (sim/attribution/stages.c): hand-made cycles of dispatch, issue
 * and commit with a known attribution of every cycle at each stage, and of
 * every FMA issue slot in the FLOPS view. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "attribution/stages.h"

#define W 2
#define INT 0
#define MEM 1
#define FP 2

static struct tea_stages s;
static struct pics_error err;
static uint64_t u;	/* weight units per cycle */

/* Signatures: bit i is reason i + 1. */
#define D(reason) (1ull << ((reason) - 1))
#define I(reason) (1ull << ((reason) - 1))
#define F(reason) (1ull << ((reason) - 1))

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
	if (tea_stages_cycle(&s, c, &err))
		fail_msg("%s", err.msg);
}

/* @n cycles in which nothing dispatches (for @why) or issues. */
static void idle(unsigned n, unsigned why)
{
	struct tea_cycle c = cycle();

	c.disp_stall = why;
	for (unsigned i = 0; i < n; i++)
		run(&c);
}

/* @k lanes dispatch, lane i into queue q[i] (-1: none), doing flops[i]
 * on the FMA unit (@flops NULL: none). */
static void dispatch_flops(unsigned k, const int *q, const unsigned *flops)
{
	struct tea_cycle c = cycle();

	c.dispatched = k;
	for (unsigned i = 0; i < k; i++) {
		if (q[i] >= 0)
			c.iq_enter[q[i]] |= 1u << i;
		if (flops)
			c.fp_flops |= flops[i] << (2 * i);
	}
	run(&c);
}

static void dispatch(unsigned k, const int *q)
{
	dispatch_flops(k, q, NULL);
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

static void flops_count_an_fma_as_two_and_an_add_as_one(void **state)
{
	struct tea_cycle c;
	(void)state;
	setup_stages();
	/* an fmadd and an fadd enter the FP queue */
	dispatch_flops(2, (int[]){ FP, FP }, (unsigned[]){ 2, 1 });
	c = cycle();
	c.disp_stall = TEA_DISP_FE_EMPTY;
	/* the fmadd issues */
	c.iq_taken[FP] = 1;
	run(&c);
	/* the fadd waits for a load's result, a divide's, then the fmadd's */
	c.iq_taken[FP] = 0;
	c.fp_wait_load = 1;
	run(&c);
	c.fp_wait_load = 0;
	c.fp_wait_div = 1;
	run(&c);
	c.fp_wait_div = 0;
	run(&c);
	c.fp_ready = 1;
	c.iq_ready = 1u << FP;
	run(&c);
	c.iq_taken[FP] = 1;
	run(&c);
	leave(2, 0x700, false);

	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x700, 0), u);
	/* the dispatch cycle: the queue was empty while other work dispatched */
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x700, F(TEA_FLOPS_INT_WORK)), u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x704, F(TEA_FLOPS_MEM_DEP)), u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x704, F(TEA_FLOPS_DIV_DEP)), u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x704, F(TEA_FLOPS_FP_DEP)), u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x704, F(TEA_FLOPS_PORT_BUSY)), u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x704, 0), u / 2);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x704, F(TEA_FLOPS_NON_FMA)), u / 2);
	/* the issue view sees the FP queue too */
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x700, 0), u);
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x704, I(TEA_ISSUE_NOT_READY)), 3 * u);
	assert_int_equal(weight(TEA_STAGE_ISSUE, 0x704, I(TEA_ISSUE_PORT_BUSY)), u);
	tea_stages_free(&s);
}

static void flops_blame_a_younger_fma_that_issues_past_the_oldest(void **state)
{
	struct tea_cycle c;
	(void)state;
	setup_stages();
	/* two fmuls; the younger issues while the older waits */
	dispatch_flops(2, (int[]){ FP, FP }, (unsigned[]){ 1, 1 });
	c = cycle();
	c.disp_stall = TEA_DISP_FE_EMPTY;
	c.iq_taken[FP] = 1u << 1;
	run(&c);
	c.iq_taken[FP] = 1;
	run(&c);
	leave(2, 0x800, false);

	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x804, 0), u / 2);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x800, 0), u / 2);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x800, F(TEA_FLOPS_FP_DEP)), 0);
	tea_stages_free(&s);
}

static void flops_without_fma_work_go_to_other_fp_work_or_the_next_to_come(void **state)
{
	struct tea_cycle c;
	unsigned rob_full = TEA_FLOPS_DISP + TEA_DISP_ROB_FULL - 1;
	(void)state;
	setup_stages();
	/* an fdiv waits 2 cycles in the FP queue, then issues */
	dispatch_flops(1, (int[]){ FP }, (unsigned[]){ 0 });
	idle(2, TEA_DISP_ROB_FULL);
	c = cycle();
	c.disp_stall = TEA_DISP_ROB_FULL;
	c.iq_taken[FP] = 1;
	run(&c);
	leave(1, 0x900, false);
	/* 2 cycles of a full ROB with the FP queue empty, an instruction
	 * of no queue (a nop) dispatches, then an fmadd */
	idle(2, TEA_DISP_ROB_FULL);
	dispatch(1, (int[]){ -1 });
	dispatch_flops(1, (int[]){ FP }, (unsigned[]){ 2 });
	leave(1, 0x904, false);
	c = cycle();
	c.disp_stall = TEA_DISP_FE_EMPTY;
	c.iq_taken[FP] = 1;
	run(&c);
	leave(1, 0x908, false);

	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x900, F(TEA_FLOPS_NON_FLOP)), 3 * u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x900, F(TEA_FLOPS_INT_WORK)), u);
	/* the fmadd: the wait in the fdiv's leave cycle, 2 of a full ROB,
	 * the integer instruction's dispatch cycle and its own, then a cycle
	 * for its sources and its issue */
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x908, F(TEA_FLOPS_DISP + TEA_DISP_FE_EMPTY - 1)),
			 u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x908, F(rob_full)), 2 * u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x908, F(TEA_FLOPS_INT_WORK)), 2 * u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x908, F(TEA_FLOPS_FP_DEP)), u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x908, 0), u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0x904, 0), 0);
	tea_stages_free(&s);
}

static void flops_waits_outlive_a_flush_whose_own_cycles_end_at_dispatch(void **state)
{
	struct tea_cycle c;
	unsigned flush = TEA_FLOPS_DISP + TEA_DISP_FLUSH - 1;
	(void)state;
	setup_stages();
	/* integer work, a branch, then a wrong-path fmadd that is given the
	 * wait; the branch flushes as it leaves */
	dispatch(1, (int[]){ -1 });
	dispatch_flops(1, (int[]){ FP }, (unsigned[]){ 2 });
	leave(1, 0xa00, true);
	/* 2 cycles refilling, then the right-path fmadd dispatches, issues */
	idle(2, TEA_DISP_FE_EMPTY);
	dispatch_flops(1, (int[]){ FP }, (unsigned[]){ 2 });
	c = cycle();
	c.disp_stall = TEA_DISP_FE_EMPTY;
	c.iq_taken[FP] = 1;
	run(&c);
	leave(1, 0xb00, false);

	/* the squashed fmadd's wait for its source, and the refill up to
	 * the cycle dispatch resumed, are the branch's */
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0xa00, F(flush)), 4 * u);
	/* the wait before the flush goes to the right-path fmadd */
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0xb00, F(TEA_FLOPS_INT_WORK)), 2 * u);
	assert_int_equal(weight(TEA_STAGE_FLOPS, 0xb00, 0), u);
	assert_int_equal(pics_profile_total_weight(s.stage[TEA_STAGE_FLOPS].profile),
			 s.cycles * u - u);
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
	assert_int_equal(pics_stage_path("g.prof", "flops", buf, sizeof(buf), &err), 0);
	assert_string_equal(buf, "g.flops.prof");
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
		cmocka_unit_test(flops_count_an_fma_as_two_and_an_add_as_one),
		cmocka_unit_test(flops_blame_a_younger_fma_that_issues_past_the_oldest),
		cmocka_unit_test(flops_without_fma_work_go_to_other_fp_work_or_the_next_to_come),
		cmocka_unit_test(flops_waits_outlive_a_flush_whose_own_cycles_end_at_dispatch),
		cmocka_unit_test(stage_files_lie_beside_the_golden_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
