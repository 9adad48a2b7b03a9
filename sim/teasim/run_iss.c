/* The run on the reference ISS: in chunks of instructions, the host
 * interfaces polled between them; several harts take turns within a
 * chunk, each running a chunk's instructions in the chunk's time. */
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "cosim/commitlog.h"
#include "teasim/teasim.h"

/* end is "\n", or "\r" for a progress line that the next one overwrites */
static void print_status(const struct run *r, double secs, const char *end)
{
	uint64_t steps = r->steps - r->steps_restored;   /* this run's */

	fprintf(stderr, "teasim: %" PRIu64 " instructions, %.2f s, %.1f MIPS%s",
		hart_instret(r->hart), secs, secs > 0 ? (double)steps / secs / 1e6 : 0.0, end);
}

/* Advances the CLINT clock by the cycles just simulated, at the end of a
 * whole chunk: a run that stops at a checkpoint between two ends and one
 * that does not see the same time at every instruction. */
static void advance_time(struct run *r, uint64_t cycles)
{
	const uint64_t per_tick = CLOCK_HZ / TIMEBASE_HZ;

	r->tick_rest += cycles;
	if (r->steps % ISS_CHUNK)
		return;
	soc_tick(r->soc, r->tick_rest / per_tick);
	r->tick_rest %= per_tick;
}

/* n instructions (fewer when the program ends), each logged. The log ends
 * where the program exits: a store may have been the exit request. */
static uint64_t step_logged(struct run *r, uint64_t n)
{
	struct commit c;
	uint64_t i = 0;
	int code;

	while (i < n && !r->semihost.exited && !hart_at_stop_pc(r->hart)) {
		hart_step(r->hart, &c);
		commitlog_print(r->log, &c);
		i++;
		if (hart_reached(r->hart))
			break;
		if (c.mem_size && !c.trap && (!htif_poll(&r->htif) || program_ended(r, &code)))
			break;
	}
	return i;
}

/* n steps of every hart, in turns of ISS_TURN; fewer when the program
 * ends. Returns the steps of the harts' time. */
static uint64_t run_harts(struct run *r, uint64_t n)
{
	uint64_t done = 0;
	int code;

	if (r->nharts == 1)
		return hart_run(r->hart, n);
	while (done < n && !program_ended(r, &code)) {
		uint64_t turn = n - done < ISS_TURN ? n - done : ISS_TURN;

		for (unsigned i = 0; i < r->nharts; i++) {
			hart_run(r->harts[i], turn);
			hart_end_turn(r->harts[i]);
		}
		done += turn;
	}
	return done;
}

int run_iss(struct run *r, const struct options *o)
{
	/* a named point (checkpoint, fast-forward), or a count */
	bool named = o->checkpoint_path || o->fast_forward;
	int code, ret;

	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	for (;;) {
		/* chunks end at multiples of ISS_CHUNK, wherever the run began */
		uint64_t n = ISS_CHUNK - r->steps % ISS_CHUNK;

		if (o->max_insns && o->max_insns - r->steps < n)
			n = o->max_insns - r->steps;
		if (r->iss_stop_at - r->steps < n)
			n = r->iss_stop_at - r->steps;
		n = r->log ? step_logged(r, n) : run_harts(r, n);
		r->steps += n;
		advance_time(r, n);
		/* before the host is polled: the run it continues polls where
		 * an uninterrupted one does */
		if ((r->steps == r->iss_stop_at || (named && hart_reached(r->hart))) &&
		    !program_ended(r, &code)) {
			if (o->checkpoint_path)
				return checkpoint_write(r, o);
			r->at_stop = true;	/* the RTL goes on from here */
			return 0;
		}

		if (!htif_poll(&r->htif) || r->htif.error[0])
			return error(EXIT_ERROR, "%s", r->htif.error);
		if (program_ended(r, &code))
			break;
		ret = check_limit(r, o);
		if (ret)
			return ret;
		if (o->progress && (r->steps & ((1u << 22) - 1)) < ISS_CHUNK && progress_due(r))
			print_status(r, seconds_since(&r->t0), progress_end());
	}
	end_output(r);
	if (o->checkpoint_path)
		return error(EXIT_ERROR, "--checkpoint-at %s: the program ended after %" PRIu64
			     " instructions, before it; no checkpoint written", o->stop_point,
			     r->steps);
	if (o->fast_forward)
		return error(EXIT_ERROR, "--fast-forward %s: the program ended after %" PRIu64
			     " instructions, before it", o->stop_point, r->steps);
	if (o->verbose && !o->sample_every) {
		fprintf(stderr, "teasim: the program exited with code %d\n", code);
		print_status(r, seconds_since(&r->t0), "\n");
	}
	return exit_status(r, code);
}
