#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pics.h"
#include "tea/csr.h"
#include "attribution/baselines.h"
#include "attribution/golden.h"
#include "attribution/stages.h"
#include "attribution/tea_run.h"

/* One sampler and what it writes: the RTL's (checked against its model
 * every cycle) or one of the sweep's (the model alone). */
struct sampling {
	struct tea_sampler_model model;
	struct pics_sample_writer *writer;	/* NULL: not writing samples */
	bool baselines_on;
	struct tea_baselines baselines;
	/* its debug port: the write chosen after a cycle (next), driven in the
	 * cycle after (drive) and performed in the one after that */
	struct tea_debug_write next, drive;
	uint64_t samples;
};

struct tea_run {
	struct tea_run_options o;
	struct sampling main;			/* the RTL's sampler */
	struct sampling sweep[TEA_RUN_MAX_SWEEP];
	uint64_t cycles, model_samples;
	uint64_t lost, lost_before;	/* the run's losses; the cores' before this one */
	bool golden_on;
	struct tea_golden golden;
	bool stages_on;
	struct tea_stages stages;
	/* the cycles count (samples, sweep, golden, stages); before, only
	 * the model is checked */
	bool measuring;
	bool check_only;	/* tea_run_check_only() */
};

/* A file header for @scheme, naming the profiled binary and its build-id
 * when it can be read. */
static int make_meta(struct pics_meta *m, const char *scheme, unsigned width, uint32_t period,
		     const char *binary, struct pics_error *perr)
{
	struct pics_error err;
	struct pics_symbols *syms;
	const uint8_t *id;
	size_t n;

	if (pics_meta_init_tea(m, scheme, width, period ? period : 1, perr))
		return -1;
	if (!binary)
		return 0;
	snprintf(m->binary, sizeof(m->binary), "%s", binary);
	syms = pics_symbols_open(binary, &err);
	if (!syms)
		return 0;
	n = pics_symbols_build_id(syms, &id);
	if (n <= PICS_BUILD_ID_MAX) {
		memcpy(m->build_id, id, n);
		m->build_id_len = (unsigned)n;
	}
	pics_symbols_close(syms);
	return 0;
}

/* Opens what @sp writes: its samples at @samples_path (NULL: none) and
 * its baselines at @prefix (NULL: none); the period write goes first. */
static int sampling_open(struct sampling *sp, const struct tea_run_options *o, uint32_t period,
			 const char *samples_path, const char *prefix, struct pics_error *err)
{
	struct pics_meta m;

	tea_sampler_model_reset(&sp->model, o->width);
	if (!samples_path && !prefix)
		return 0;
	if (make_meta(&m, "TEA", o->width, period, o->binary, err))
		return -1;
	if (samples_path) {
		sp->writer = pics_sample_writer_open(samples_path, &m, err);
		if (!sp->writer)
			return -1;
		/* teaperiod first, then teactl: each write restarts the count */
		sp->next = (struct tea_debug_write){ true, TEA_CSR_PERIOD, period };
	}
	if (prefix) {
		if (tea_baselines_open(&sp->baselines, prefix, &m, err))
			return -1;
		sp->baselines_on = true;
	}
	return 0;
}

static void sampling_abandon(struct sampling *sp)
{
	if (sp->writer)
		pics_sample_writer_abandon(sp->writer);
	sp->writer = NULL;
	if (sp->baselines_on)
		tea_baselines_abandon(&sp->baselines);
	sp->baselines_on = false;
}

struct tea_run *tea_run_create(const struct tea_run_options *o, char *msg, size_t len)
{
	struct tea_run *r = calloc(1, sizeof(*r));
	struct pics_error err;
	struct pics_meta m;
	char path[PICS_PATH_MAX + 32], prefix[PICS_PATH_MAX + 16];

	if (!r) {
		snprintf(msg, len, "out of memory");
		return NULL;
	}
	r->o = *o;
	r->measuring = !o->start_later;
	if (o->sweep_count > TEA_RUN_MAX_SWEEP || (o->sweep_count && !o->baselines_prefix)) {
		snprintf(msg, len, "a period sweep takes at most %d periods and needs the baselines' prefix",
			 TEA_RUN_MAX_SWEEP);
		free(r);
		return NULL;
	}
	if (sampling_open(&r->main, o, o->period, o->samples_path, o->baselines_prefix, &err))
		goto fail;
	for (unsigned i = 0; i < o->sweep_count; i++) {
		snprintf(prefix, sizeof(prefix), "%s.p%u", o->baselines_prefix, o->sweep_periods[i]);
		snprintf(path, sizeof(path), "%s.tea.tea", prefix);
		if (sampling_open(&r->sweep[i], o, o->sweep_periods[i], path, prefix, &err))
			goto fail;
	}
	if (o->golden_path) {
		if (make_meta(&m, "golden", o->width, 1, o->binary, &err) ||
		    tea_golden_init(&r->golden, &m, &err))
			goto fail;
		r->golden_on = true;
		if (o->stages) {
			if (tea_stages_init(&r->stages, &m, &err))
				goto fail;
			r->stages_on = true;
		}
	}
	return r;
fail:
	snprintf(msg, len, "%s", err.msg);
	tea_run_destroy(r);
	return NULL;
}

void tea_run_destroy(struct tea_run *r)
{
	if (!r)
		return;
	sampling_abandon(&r->main);
	for (unsigned i = 0; i < r->o.sweep_count; i++)
		sampling_abandon(&r->sweep[i]);
	if (r->golden_on)
		tea_golden_free(&r->golden);
	if (r->stages_on)
		tea_stages_free(&r->stages);
	free(r);
}

void tea_run_debug_write(const struct tea_run *r, struct tea_debug_write *w)
{
	if (r->measuring)
		*w = r->main.next;
	else
		*w = (struct tea_debug_write){ 0 };
}

void tea_run_start(struct tea_run *r)
{
	r->measuring = true;
}

void tea_run_check_only(struct tea_run *r)
{
	r->check_only = true;
}

/* Back to how it was created, as a fresh core's sampler is: the files and
 * what they hold so far stay. */
static void sampling_new_core(struct sampling *sp, const struct tea_run_options *o, uint32_t period)
{
	tea_sampler_model_reset(&sp->model, o->width);
	sp->drive = (struct tea_debug_write){ 0 };
	sp->next = (struct tea_debug_write){ sp->writer != NULL, TEA_CSR_PERIOD, period };
}

void tea_run_new_core(struct tea_run *r)
{
	r->measuring = false;
	r->lost_before = r->lost;
	sampling_new_core(&r->main, &r->o, r->o.period);
	for (unsigned i = 0; i < r->o.sweep_count; i++)
		sampling_new_core(&r->sweep[i], &r->o, r->o.sweep_periods[i]);
}

static int record(struct sampling *sp, const struct tea_sample_regs *s, unsigned width,
		  struct pics_error *err)
{
	struct pics_sample ps;

	memset(&ps, 0, sizeof(ps));
	ps.cycle = s->time;
	ps.state = (uint8_t)s->state;
	ps.valid = (uint8_t)s->mask;
	ps.daccess = (uint8_t)(s->dmask & s->mask);
	for (unsigned i = 0; i < width; i++) {
		ps.addr[i] = s->pc[i];
		ps.psv[i] = s->psv[i];
		if (ps.daccess >> i & 1)
			ps.daddr[i] = s->daddr[i];
	}
	if (pics_sample_writer_add(sp->writer, &ps, err))
		return -1;
	sp->samples++;
	return 0;
}

/* The debug-port writes @sp makes after a cycle in which @driven was
 * driven: teactl after teaperiod, freeing each sample it took. */
static void sampling_next(struct sampling *sp, const struct tea_debug_write *driven, unsigned jitter_bits)
{
	sp->next.valid = false;
	if (driven->valid && driven->addr == TEA_CSR_PERIOD)
		sp->next = (struct tea_debug_write){ true, TEA_CSR_CTL,
			TEA_CTL_EN | (uint64_t)jitter_bits << TEA_CTL_JIT_SHIFT };
}

/* After the model of @sp has seen a cycle: the sample it took (@fresh),
 * and the baselines of that cycle. */
static int sampling_after(struct tea_run *r, struct sampling *sp, const struct tea_cycle *c, bool fresh,
			  struct pics_error *err)
{
	if (fresh && sp->writer) {
		struct tea_sample_regs regs;

		tea_sampler_model_regs(&sp->model, &regs);
		if (!r->check_only && record(sp, &regs, r->o.width, err))
			return -1;
		sp->next = (struct tea_debug_write){ true, TEA_CSR_STAT, 0 };
	}
	if (r->check_only)
		return 0;
	if (sp->baselines_on && tea_baselines_cycle(&sp->baselines, c, sp->model.sampled, err))
		return -1;
	return 0;
}

/* A sweep sampler's cycle: its own debug port stands in for the core's CSR
 * fields, with the RTL port's timing. */
static int sweep_cycle(struct tea_run *r, struct sampling *sp, const struct tea_cycle *c,
		       struct pics_error *err)
{
	struct tea_cycle own = *c;
	struct tea_debug_write perform = sp->drive;

	sp->drive = sp->next;
	sampling_next(sp, &sp->drive, r->o.jitter_bits);
	own.csr_we = perform.valid;
	own.csr_addr = perform.addr;
	own.csr_wdata = perform.data;
	return sampling_after(r, sp, c, tea_sampler_model_cycle(&sp->model, &own), err);
}

int tea_run_cycle(struct tea_run *r, const struct tea_cycle *c,
		  const struct tea_sample_regs *rtl, char *msg, size_t len)
{
	struct tea_sample_regs model;
	struct tea_debug_write driven = r->main.next;
	struct pics_error err;
	bool fresh;
	char why[200];

	if (r->measuring)
		sampling_next(&r->main, &driven, r->o.jitter_bits);
	fresh = tea_sampler_model_cycle(&r->main.model, c);
	r->cycles++;
	tea_sampler_model_regs(&r->main.model, &model);
	if (rtl && !tea_sample_regs_equal(rtl, &model, r->o.width, why, sizeof(why))) {
		snprintf(msg, len, "cycle %llu: %s", (unsigned long long)r->cycles - 1, why);
		return -1;
	}
	if (!r->measuring)
		return 0;
	if (fresh)
		r->model_samples++;
	r->lost = r->lost_before + model.lost;
	if (sampling_after(r, &r->main, c, fresh, &err))
		goto fail;
	if (r->check_only)
		return 0;
	for (unsigned i = 0; i < r->o.sweep_count; i++)
		if (sweep_cycle(r, &r->sweep[i], c, &err))
			goto fail;
	if (r->golden_on && tea_golden_cycle(&r->golden, c, &err))
		goto fail;
	if (r->stages_on && tea_stages_cycle(&r->stages, c, &err))
		goto fail;
	return 0;
fail:
	snprintf(msg, len, "%s", err.msg);
	return -1;
}

static int sampling_close(struct sampling *sp, uint64_t lost, struct pics_error *err)
{
	if (sp->writer) {
		struct pics_sample_writer *w = sp->writer;

		sp->writer = NULL;
		pics_sample_writer_lost(w, lost);
		if (pics_sample_writer_close(w, err))
			return -1;
	}
	if (sp->baselines_on) {
		sp->baselines_on = false;
		if (tea_baselines_close(&sp->baselines, err))
			return -1;
	}
	return 0;
}

int tea_run_finish(struct tea_run *r, char *msg, size_t len)
{
	struct pics_error err;

	if (sampling_close(&r->main, r->lost, &err))
		goto fail;
	for (unsigned i = 0; i < r->o.sweep_count; i++)
		if (sampling_close(&r->sweep[i], r->sweep[i].model.lost, &err))
			goto fail;
	if (r->golden_on) {
		struct pics_profile *p = r->golden.profile;

		pics_profile_set_total_cycles(p, r->golden.cycles - tea_golden_unattributed(&r->golden));
		pics_profile_set_counts(p, 0, 0);
		if (pics_profile_write(p, r->o.golden_path, &err) ||
		    (r->o.stalls_path && tea_golden_write_stalls(&r->golden, r->o.stalls_path, &err)) ||
		    (r->stages_on && tea_stages_write(&r->stages, r->o.golden_path, &err)))
			goto fail;
	}
	return 0;
fail:
	snprintf(msg, len, "%s", err.msg);
	return -1;
}

void tea_run_stats(const struct tea_run *r, struct tea_run_stats *s)
{
	s->cycles = r->cycles;
	s->samples = r->main.samples;
	s->lost = r->lost;
	s->model_samples = r->model_samples;
	s->golden_unattributed = r->golden_on ? tea_golden_unattributed(&r->golden) : 0;
	for (int b = 0; b < TEA_NUM_BASELINES; b++)
		s->baseline_samples[b] = r->main.baselines.samples[b];
}
