/* Sampled simulation (--sample-every N --window W --warmup U), SMARTS's
 * systematic sampling with detailed warming (Wunderlich et al., ISCA
 * 2003): the ISS runs the program; every N instructions a fresh RTL core
 * takes its state over (rtl_restore.c), runs U instructions to warm its
 * caches, TLBs and predictors, then W that count, co-simulated, and hands
 * the state back. Windows end at multiples of N. TEA's samples, the golden
 * reference and the baselines are the windows'; the run's cycles are
 * estimated from the windows' CPIs, with the interval their spread gives. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rtl/rtl_soc.h"
#include "teasim/teasim.h"

/* the interval's half-width in standard errors: 99.7% */
#define Z_997 3.0

struct windows {
	unsigned n;
	double cpi_sum, cpi_sq_sum;
	uint64_t cycles, insns;
};

/* One window on a fresh core from the reference's state; its counted
 * cycles and instructions, or the exit status of a failure. The program
 * may end in it (r->at_stop stays false). */
static int run_window(struct run *r, const struct options *o, uint64_t end,
		      uint64_t *cycles, uint64_t *insns)
{
	int ret;

	soc_own_io(r->soc, false);
	r->mem = rtl_host_mem(r);
	ret = setup_rtl(r, o);
	if (ret)
		return ret;
	tea_run_new_core(r->tea);
	r->rtl_stop_at = end;
	ret = run_rtl(r, o);
	if (ret)
		return ret;
	*cycles = r->backend->cycles(r->rtl) - r->cycle0;
	*insns = r->steps - r->steps0;
	return 0;
}

/* Back to the ISS alone, with the RTL's time (the program has read it). */
static int end_window(struct run *r)
{
	soc_store(r->soc, SOC_CLINT_MTIME, 8, r->backend->mtime(r->rtl));
	end_rtl(r);
	r->at_stop = false;
	soc_own_io(r->soc, true);
	r->mem = host_mem_of_soc(r->soc);
	if (!hart_take_back(r->hart))
		return error(EXIT_ERROR, "out of memory");
	return 0;
}

static void print_estimate(const struct run *r, const struct options *o, const struct windows *w)
{
	double mean = w->n ? w->cpi_sum / w->n : 0.0, half = 0.0;

	if (!w->n) {
		fprintf(stderr, "teasim: sampled no window: the program ended after %" PRIu64
			" instructions, before the first ended\n", r->steps);
		return;
	}

	if (w->n > 1) {
		double var = (w->cpi_sq_sum - w->n * mean * mean) / (w->n - 1);

		half = Z_997 * sqrt(var > 0 ? var : 0) / sqrt(w->n);
	}
	fprintf(stderr, "teasim: sampled %u windows of %" PRIu64 " instructions (%" PRIu64
		" of warm-up each) every %" PRIu64 ": %" PRIu64 " cycles, %" PRIu64
		" instructions counted\n", w->n, o->window, o->warmup, o->sample_every, w->cycles,
		w->insns);
	if (w->n > 1)
		fprintf(stderr, "teasim: CPI %.4f +- %.4f (99.7%%, %.2f%%)", mean, half,
			100.0 * half / mean);
	else
		fprintf(stderr, "teasim: CPI %.4f (one window: no interval)", mean);
	fprintf(stderr, ", estimated %.0f cycles for %" PRIu64 " instructions\n",
		mean * (double)r->steps, r->steps);
}

int run_sampled(struct run *r, const struct options *o)
{
	struct windows w = { 0 };
	FILE *log = NULL;
	int ret = setup_tea(r, o), code;

	if (!ret && o->window_log) {
		log = fopen(o->window_log, "w");
		if (!log)
			ret = error(EXIT_ERROR, "%s: %s", o->window_log, strerror(errno));
		else
			fprintf(log, "# start instructions cycles\n");
	}
	for (uint64_t k = 1; !ret; k++) {
		uint64_t end = k * o->sample_every, cycles, insns;

		r->iss_stop_at = end - o->window - o->warmup;
		ret = run_iss(r, o);
		if (ret || !r->at_stop)
			break;	/* the program ended on the ISS: run_iss said so */
		r->at_stop = false;
		ret = run_window(r, o, end, &cycles, &insns);
		if (ret || !r->at_stop)
			break;	/* ... or in a window: run_rtl said so */
		if (log)
			fprintf(log, "%" PRIu64 " %" PRIu64 " %" PRIu64 "\n", r->steps0, insns, cycles);
		w.n++;
		w.cpi_sum += (double)cycles / (double)insns;
		w.cpi_sq_sum += ((double)cycles / (double)insns) * ((double)cycles / (double)insns);
		w.cycles += cycles;
		w.insns += insns;
		ret = end_window(r);
	}
	if (log && fclose(log) && !ret)
		ret = error(EXIT_ERROR, "%s: %s", o->window_log, strerror(errno));
	if (o->verbose && program_ended(r, &code)) {
		fprintf(stderr, "teasim: the program exited with code %d\n", code);
		print_estimate(r, o, &w);
	}
	return ret;
}
