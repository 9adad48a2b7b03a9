#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attribution/stages.h"

/* Event names of each stage's profile, bit i naming reason i + 1. */
static const char *const disp_events[] = {
	"FE-empty", "Flush", "Redirect", "Serial", "ROB-full", "IQ-full", "LQ-full",
	"SQ-full", "Regs-full", "Halted",
};
static const char *const issue_events[] = { "Not-ready", "Port-busy", "IQ-empty", "Flush" };
/* the flops view's own reasons, then dispatch's */
static const char *const flops_events[] = {
	"Non-FMA", "Mem-dep", "Div-dep", "FP-dep", "Port-busy", "Non-flop", "Int-work",
	"FE-empty", "Flush", "Redirect", "Serial", "ROB-full", "IQ-full", "LQ-full",
	"SQ-full", "Regs-full", "Halted",
};

_Static_assert(sizeof(disp_events) / sizeof(disp_events[0]) == TEA_DISP_NUM - 1,
	       "a name per dispatch stall");
_Static_assert(sizeof(issue_events) / sizeof(issue_events[0]) == TEA_ISSUE_NUM - 1,
	       "a name per issue stall");
_Static_assert(sizeof(flops_events) / sizeof(flops_events[0]) == TEA_FLOPS_NUM - 1,
	       "a name per flops reason");
_Static_assert((TEA_STAGE_INFLIGHT & (TEA_STAGE_INFLIGHT - 1)) == 0, "a power of 2");

static int out_of_step(struct pics_error *err, uint64_t cycle, const char *what)
{
	err->code = PICS_ERR_INVALID;
	snprintf(err->msg, sizeof(err->msg), "stage view, cycle %llu: %s",
		 (unsigned long long)cycle, what);
	return -1;
}

static int stage_init(struct tea_stage *st, const struct pics_meta *golden, uint64_t unit,
		      const char *scheme, const char *const *events, unsigned n,
		      unsigned flush_reason, unsigned kept_reason, struct pics_error *err)
{
	struct pics_meta m = *golden;

	snprintf(m.scheme, sizeof(m.scheme), "%s", scheme);
	m.n_events = n;
	for (unsigned i = 0; i < n; i++)
		snprintf(m.events[i], sizeof(m.events[i]), "%s", events[i]);
	st->profile = pics_profile_create(&m, unit, err);
	st->reasons = n + 1;
	st->flush_reason = flush_reason;
	st->kept_reason = kept_reason;
	return st->profile ? 0 : -1;
}

/* The flops view's reason for a cycle in which dispatch stalled with @d. */
static unsigned flops_disp_reason(unsigned d)
{
	return TEA_FLOPS_DISP + d - 1;
}

int tea_stages_init(struct tea_stages *s, const struct pics_meta *golden, struct pics_error *err)
{
	memset(s, 0, sizeof(*s));
	/* issue passes more instructions a cycle than commit: split by 1..8 */
	s->unit = pics_weight_unit(PICS_MAX_WIDTH);
	s->ring = calloc(TEA_STAGE_INFLIGHT, sizeof(*s->ring));
	if (!s->ring) {
		err->code = PICS_ERR_NOMEM;
		snprintf(err->msg, sizeof(err->msg), "out of memory for the stage view");
		return -1;
	}
	if (stage_init(&s->stage[TEA_STAGE_DISPATCH], golden, s->unit, "dispatch", disp_events,
		       TEA_DISP_NUM - 1, TEA_DISP_FLUSH, TEA_DISP_REDIRECT, err) ||
	    stage_init(&s->stage[TEA_STAGE_ISSUE], golden, s->unit, "issue", issue_events,
		       TEA_ISSUE_NUM - 1, TEA_ISSUE_FLUSH, 0, err) ||
	    stage_init(&s->stage[TEA_STAGE_FLOPS], golden, s->unit, "flops", flops_events,
		       TEA_FLOPS_NUM - 1, flops_disp_reason(TEA_DISP_FLUSH), 0, err)) {
		tea_stages_free(s);
		return -1;
	}
	/* the wait for the next FP instruction spans flushes: integer work
	 * before a mispredicted branch is not the branch's */
	s->stage[TEA_STAGE_FLOPS].waits_from = TEA_FLOPS_INT_WORK;
	return 0;
}

void tea_stages_free(struct tea_stages *s)
{
	for (int i = 0; i < TEA_NUM_STAGES; i++) {
		pics_profile_free(s->stage[i].profile);
		s->stage[i].profile = NULL;
	}
	free(s->ring);
	s->ring = NULL;
}

static struct tea_stage_share *share(struct tea_stages *s, uint64_t seq)
{
	return &s->ring[seq % TEA_STAGE_INFLIGHT];
}

static uint64_t signature(unsigned reason)
{
	return reason ? 1ull << (reason - 1) : 0;
}

/* @w units of stage @id for the instruction that left last. */
static int to_last(struct tea_stages *s, int id, unsigned reason, uint64_t w,
		   struct pics_error *err)
{
	return w ? pics_profile_add(s->stage[id].profile, s->last_pc, signature(reason), w, err) : 0;
}

/* A cycle in which nothing passed stage @id: it waits for the next
 * instruction to pass, or after a flush goes to the one that caused it. */
static int stage_idle(struct tea_stages *s, int id, unsigned reason, struct pics_error *err)
{
	struct tea_stage *st = &s->stage[id];

	if (st->flushed && s->have_last)
		return to_last(s, id, st->flush_reason, s->unit, err);
	st->pending[reason] += s->unit;
	return 0;
}

/* The first instruction to pass stage @id since cycles started waiting. */
static void stage_passed(struct tea_stages *s, int id, uint64_t seq)
{
	struct tea_stage *st = &s->stage[id];
	struct tea_stage_share *sh = share(s, seq);

	for (unsigned r = 0; r < st->reasons; r++) {
		sh->w[id][r] += st->pending[r];
		st->pending[r] = 0;
	}
	st->flushed = false;
}

static int issue_stage(struct tea_stages *s, const struct tea_cycle *c, struct pics_error *err)
{
	unsigned n = 0, oldest_q = 0;

	for (int q = 0; q < TEA_STAGE_IQS; q++) {
		if (s->iq_count[q] < TEA_STAGE_IQ_MAX && c->iq_taken[q] >> s->iq_count[q])
			return out_of_step(err, s->cycles, "an entry leaves an issue queue that holds fewer");
		n += (unsigned)__builtin_popcountll(c->iq_taken[q]);
	}
	if (n) {
		for (int q = 0; q < TEA_STAGE_IQS; q++) {
			unsigned kept = 0;

			for (unsigned e = 0; e < s->iq_count[q]; e++) {
				uint64_t seq = s->iq[q][e];

				if (!((c->iq_taken[q] >> e) & 1))
					s->iq[q][kept++] = seq;
				else if (seq < s->head_seq)
					return out_of_step(err, s->cycles,
							   "an instruction issues after leaving the ROB");
				else
					share(s, seq)->w[TEA_STAGE_ISSUE][TEA_ISSUE_ISSUED] += s->unit / n;
			}
			s->iq_count[q] = kept;
		}
		return 0;
	}
	for (int q = 0; q < TEA_STAGE_IQS; q++)
		if (s->iq_count[q] &&
		    (!s->iq_count[oldest_q] || s->iq[q][0] < s->iq[oldest_q][0]))
			oldest_q = (unsigned)q;
	if (!s->iq_count[oldest_q])
		return stage_idle(s, TEA_STAGE_ISSUE, TEA_ISSUE_EMPTY, err);
	if (s->iq[oldest_q][0] < s->head_seq)
		return out_of_step(err, s->cycles, "an instruction waits to issue after leaving the ROB");
	share(s, s->iq[oldest_q][0])->w[TEA_STAGE_ISSUE]
		[(c->iq_ready >> oldest_q) & 1 ? TEA_ISSUE_PORT_BUSY : TEA_ISSUE_NOT_READY] += s->unit;
	return 0;
}

/* The FMA unit's issue slot, from the FP queue as the cycle found it. */
static int flops_stage(struct tea_stages *s, const struct tea_cycle *c, struct pics_error *err)
{
	const uint64_t *q = s->iq[TEA_STAGE_IQ_FP];
	unsigned n = s->iq_count[TEA_STAGE_IQ_FP];
	uint64_t *w;

	/* the one FMA-unit op that issues, if any */
	for (unsigned e = 0; e < n; e++) {
		unsigned flops = share(s, q[e])->flops;

		if (!flops || !((c->iq_taken[TEA_STAGE_IQ_FP] >> e) & 1))
			continue;
		w = share(s, q[e])->w[TEA_STAGE_FLOPS];
		w[TEA_FLOPS_USEFUL] += s->unit * flops / 2;
		w[TEA_FLOPS_NON_FMA] += s->unit * (2 - flops) / 2;
		return 0;
	}
	for (unsigned e = 0; e < n; e++) {
		if (!share(s, q[e])->flops)
			continue;
		w = share(s, q[e])->w[TEA_STAGE_FLOPS];
		if ((c->fp_ready >> e) & 1)
			w[TEA_FLOPS_PORT_BUSY] += s->unit;
		else if ((c->fp_wait_load >> e) & 1)
			w[TEA_FLOPS_MEM_DEP] += s->unit;
		else
			w[(c->fp_wait_div >> e) & 1 ? TEA_FLOPS_DIV_DEP : TEA_FLOPS_FP_DEP] += s->unit;
		return 0;
	}
	if (n) {
		if (q[0] < s->head_seq)
			return out_of_step(err, s->cycles, "an FP instruction waits after leaving the ROB");
		share(s, q[0])->w[TEA_STAGE_FLOPS][TEA_FLOPS_NON_FLOP] += s->unit;
		return 0;
	}
	if (c->dispatched)
		return stage_idle(s, TEA_STAGE_FLOPS, TEA_FLOPS_INT_WORK, err);
	if (c->disp_stall == TEA_DISP_DISPATCHED || c->disp_stall >= TEA_DISP_NUM)
		return out_of_step(err, s->cycles, "nothing dispatched without a reason");
	return stage_idle(s, TEA_STAGE_FLOPS, flops_disp_reason(c->disp_stall), err);
}

static int dispatch_stage(struct tea_stages *s, const struct tea_cycle *c, struct pics_error *err)
{
	unsigned k = c->dispatched;
	bool entered = false, entered_fp = false;

	if (!k) {
		if (c->disp_stall == TEA_DISP_DISPATCHED || c->disp_stall >= TEA_DISP_NUM)
			return out_of_step(err, s->cycles, "nothing dispatched without a reason");
		return stage_idle(s, TEA_STAGE_DISPATCH, c->disp_stall, err);
	}
	if (s->count + k > TEA_STAGE_INFLIGHT)
		return out_of_step(err, s->cycles, "more instructions in flight than the view holds");
	/* the flush's own cycles end when dispatch resumes */
	s->stage[TEA_STAGE_FLOPS].flushed = false;
	for (unsigned i = 0; i < k; i++) {
		uint64_t seq = s->head_seq + s->count++;

		memset(share(s, seq), 0, sizeof(struct tea_stage_share));
		if (i == 0)
			stage_passed(s, TEA_STAGE_DISPATCH, seq);
		share(s, seq)->w[TEA_STAGE_DISPATCH][TEA_DISP_DISPATCHED] += s->unit / k;
		for (int q = 0; q < TEA_STAGE_IQS; q++) {
			if (!((c->iq_enter[q] >> i) & 1))
				continue;
			if (s->iq_count[q] == TEA_STAGE_IQ_MAX)
				return out_of_step(err, s->cycles, "an issue queue overflows");
			s->iq[q][s->iq_count[q]++] = seq;
			if (!entered)
				stage_passed(s, TEA_STAGE_ISSUE, seq);
			entered = true;
			if (q == TEA_STAGE_IQ_FP && !entered_fp)
				stage_passed(s, TEA_STAGE_FLOPS, seq);
			entered_fp |= q == TEA_STAGE_IQ_FP;
		}
		share(s, seq)->flops = ((c->iq_enter[TEA_STAGE_IQ_FP] >> i) & 1) ?
			(c->fp_flops >> (2 * i)) & 3 : 0;
		if (share(s, seq)->flops > 2)
			return out_of_step(err, s->cycles, "an FP instruction of more than 2 flops");
	}
	return 0;
}

/* The lanes leaving the ROB take their shares to the profiles. */
static int leave(struct tea_stages *s, const struct tea_cycle *c, struct pics_error *err)
{
	unsigned n = (unsigned)__builtin_popcount(c->retire);

	if (n > s->count)
		return out_of_step(err, s->cycles, "an instruction leaves the ROB that never dispatched");
	for (unsigned i = 0; i < n; i++) {
		struct tea_stage_share *sh = share(s, s->head_seq);

		for (int id = 0; id < TEA_NUM_STAGES; id++)
			for (unsigned r = 0; r < s->stage[id].reasons; r++)
				if (sh->w[id][r] &&
				    pics_profile_add(s->stage[id].profile, c->pc[i], signature(r),
						     sh->w[id][r], err))
					return -1;
		s->head_seq++;
		s->count--;
	}
	if (n) {
		s->have_last = true;
		s->last_pc = c->pc[n - 1];
	}
	return 0;
}

/* A flush: what was spent on the squashed instructions and on waiting
 * goes to the instruction that left last. */
static int flush(struct tea_stages *s, struct pics_error *err)
{
	/* before anything has left, the cycles stay pending */
	for (int id = 0; id < TEA_NUM_STAGES && s->have_last; id++) {
		struct tea_stage *st = &s->stage[id];
		uint64_t w = 0;

		for (unsigned i = 0; i < s->count; i++)
			for (unsigned r = 0; r < st->reasons; r++) {
				uint64_t *sw = &share(s, s->head_seq + i)->w[id][r];

				if (st->waits_from && r >= st->waits_from)
					st->pending[r] += *sw;
				else
					w += *sw;
			}
		if (st->waits_from) {
			if (to_last(s, id, st->flush_reason, w, err))
				return -1;
			st->flushed = true;
			continue;
		}
		for (unsigned r = 0; r < st->reasons; r++)
			if (r != st->kept_reason)
				w += st->pending[r];
		if (to_last(s, id, st->flush_reason, w, err) ||
		    (st->kept_reason &&
		     to_last(s, id, st->kept_reason, st->pending[st->kept_reason], err)))
			return -1;
		memset(st->pending, 0, sizeof(st->pending));
		st->flushed = true;
	}
	s->head_seq += s->count;
	s->count = 0;
	memset(s->iq_count, 0, sizeof(s->iq_count));
	return 0;
}

int tea_stages_cycle(struct tea_stages *s, const struct tea_cycle *c, struct pics_error *err)
{
	/* issue sees the queues as the cycle found them; dispatch fills them */
	if (flops_stage(s, c, err) || issue_stage(s, c, err) || dispatch_stage(s, c, err) || leave(s, c, err) ||
	    (c->flush && flush(s, err)))
		return -1;
	s->cycles++;
	return 0;
}

int tea_stages_write(struct tea_stages *s, const char *golden_path, struct pics_error *err)
{
	char path[PICS_PATH_MAX + 32];

	for (int id = 0; id < TEA_NUM_STAGES; id++) {
		struct tea_stage *st = &s->stage[id];
		struct pics_profile *p = st->profile;

		/* no FP instruction came after the last wait for one: the run
		 * ended in that wait, which the last to leave is given */
		for (unsigned r = 0; st->waits_from && s->have_last && r < st->reasons; r++)
			if (to_last(s, id, r, st->pending[r], err))
				return -1;
		/* the cycles given to instructions that left the ROB */
		pics_profile_set_total_cycles(p, pics_profile_total_weight(p) / s->unit);
		pics_profile_set_counts(p, 0, 0);
		/* a stage profile's scheme is the stage's name */
		if (pics_stage_path(golden_path, pics_profile_meta(p)->scheme, path, sizeof(path),
				    err) ||
		    pics_profile_write(p, path, err))
			return -1;
	}
	return 0;
}
