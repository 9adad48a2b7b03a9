#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pics.h"
#include "tea/csr.h"
#include "tea/baselines.h"
#include "tea/golden.h"
#include "tea/tea_run.h"

struct tea_run {
	struct tea_run_options o;
	struct tea_sampler_model model;
	uint64_t cycles, samples, model_samples;
	struct pics_sample_writer *writer;	/* NULL: not sampling */
	bool golden_on, baselines_on;
	struct tea_golden golden;
	struct tea_baselines baselines;
	struct tea_debug_write next;		/* for the coming cycle */
	uint64_t lost;
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

struct tea_run *tea_run_create(const struct tea_run_options *o, char *msg, size_t len)
{
	struct tea_run *r = calloc(1, sizeof(*r));
	struct pics_error err;
	struct pics_meta m;

	if (!r) {
		snprintf(msg, len, "out of memory");
		return NULL;
	}
	r->o = *o;
	tea_sampler_model_reset(&r->model, o->width);
	if ((o->samples_path || o->baselines_prefix) &&
	    make_meta(&m, "TEA", o->width, o->period, o->binary, &err))
		goto fail;
	if (o->samples_path) {
		r->writer = pics_sample_writer_open(o->samples_path, &m, &err);
		if (!r->writer)
			goto fail;
		/* teaperiod first, then teactl: each write restarts the count */
		r->next = (struct tea_debug_write){ true, TEA_CSR_PERIOD, o->period };
	}
	if (o->baselines_prefix) {
		if (tea_baselines_open(&r->baselines, o->baselines_prefix, &m, &err))
			goto fail;
		r->baselines_on = true;
	}
	if (o->golden_path) {
		if (make_meta(&m, "golden", o->width, 1, o->binary, &err) ||
		    tea_golden_init(&r->golden, &m, &err))
			goto fail;
		r->golden_on = true;
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
	if (r->writer)
		pics_sample_writer_abandon(r->writer);
	if (r->golden_on)
		tea_golden_free(&r->golden);
	if (r->baselines_on)
		tea_baselines_abandon(&r->baselines);
	free(r);
}

void tea_run_debug_write(const struct tea_run *r, struct tea_debug_write *w)
{
	*w = r->next;
}

static int record(struct tea_run *r, const struct tea_sample_regs *s, char *msg, size_t len)
{
	struct pics_sample ps;
	struct pics_error err;

	memset(&ps, 0, sizeof(ps));
	ps.cycle = s->time;
	ps.state = (uint8_t)s->state;
	ps.valid = (uint8_t)s->mask;
	for (unsigned i = 0; i < r->o.width; i++) {
		ps.addr[i] = s->pc[i];
		ps.psv[i] = s->psv[i];
	}
	if (pics_sample_writer_add(r->writer, &ps, &err)) {
		snprintf(msg, len, "%s", err.msg);
		return -1;
	}
	r->samples++;
	return 0;
}

int tea_run_cycle(struct tea_run *r, const struct tea_cycle *c,
		  const struct tea_sample_regs *rtl, char *msg, size_t len)
{
	struct tea_sample_regs model;
	struct pics_error err;
	bool fresh;
	char why[200];

	bool was_period = r->next.valid && r->next.addr == TEA_CSR_PERIOD;

	r->next.valid = false;
	if (was_period)
		r->next = (struct tea_debug_write){ true, TEA_CSR_CTL,
			TEA_CTL_EN | (uint64_t)r->o.jitter_bits << TEA_CTL_JIT_SHIFT };

	fresh = tea_sampler_model_cycle(&r->model, c);
	r->cycles++;
	tea_sampler_model_regs(&r->model, &model);
	if (!tea_sample_regs_equal(rtl, &model, r->o.width, why, sizeof(why))) {
		snprintf(msg, len, "cycle %llu: %s", (unsigned long long)r->cycles - 1, why);
		return -1;
	}
	if (fresh) {
		r->model_samples++;
		if (r->writer) {
			if (record(r, rtl, msg, len))
				return -1;
			r->next = (struct tea_debug_write){ true, TEA_CSR_STAT, 0 };
		}
	}
	r->lost = rtl->lost;
	if ((r->golden_on && tea_golden_cycle(&r->golden, c, &err)) ||
	    (r->baselines_on && tea_baselines_cycle(&r->baselines, c, r->model.sampled, &err))) {
		snprintf(msg, len, "%s", err.msg);
		return -1;
	}
	return 0;
}

int tea_run_finish(struct tea_run *r, char *msg, size_t len)
{
	struct pics_error err;

	if (r->writer) {
		struct pics_sample_writer *w = r->writer;

		r->writer = NULL;
		pics_sample_writer_lost(w, r->lost);
		if (pics_sample_writer_close(w, &err))
			goto fail;
	}
	if (r->baselines_on) {
		r->baselines_on = false;
		if (tea_baselines_close(&r->baselines, &err))
			goto fail;
	}
	if (r->golden_on) {
		struct pics_profile *p = r->golden.profile;

		pics_profile_set_total_cycles(p, r->golden.cycles - tea_golden_unattributed(&r->golden));
		pics_profile_set_counts(p, 0, 0);
		if (pics_profile_write(p, r->o.golden_path, &err))
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
	s->samples = r->samples;
	s->lost = r->lost;
	s->model_samples = r->model_samples;
	s->golden_unattributed = r->golden_on ? tea_golden_unattributed(&r->golden) : 0;
	for (int b = 0; b < TEA_NUM_BASELINES; b++)
		s->baseline_samples[b] = r->baselines.samples[b];
}
