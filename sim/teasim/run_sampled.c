/* Sampled simulation (--sample-every N --window W --warmup U), SMARTS's
 * systematic sampling with detailed warming (Wunderlich et al., ISCA
 * 2003): the ISS runs the program; every N instructions a fresh RTL core
 * takes its state over (rtl_restore.c), its LLC filled with the lines the
 * run touched last (llc_warm.c: functional warming), runs U instructions
 * to warm its L1 caches, TLBs and predictors, then W that count,
 * co-simulated. Windows end at multiples of N. TEA's samples, the golden reference and the
 * baselines are the windows'; the run's cycles are estimated from the
 * windows' CPIs, with the interval their spread gives.
 *
 * One window at a time, the ISS goes on from the state the RTL reached
 * (with its time). With -j N up to N windows run at once, each in a
 * process forked at its start, while the ISS runs every instruction
 * itself, on its own time: a window's process writes the cycles TEA saw
 * to a file, and this process replays them, in window order, through its
 * own TEA run, which writes the files as one process would. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rtl/rtl_soc.h"
#include "teasim/teasim.h"

/* the interval's half-width in standard errors: 99.7% */
#define Z_997 3.0

struct windows {
	unsigned n;
	double cpi_sum, cpi_sq_sum;
	uint64_t cycles, insns;
	uint64_t filled;	/* lines functional warming put into their LLCs */
	FILE *log;
};

/* A window's TEA cycle as its process writes it (-j). */
struct window_cycle {
	struct tea_cycle c;
	bool measuring;		/* counting had started: tea_run_start() before it */
};

/* What a window's process ends its file with (-j). */
struct window_end {
	uint32_t magic;
	bool counted;		/* the window ran to its end (the program did not end in it) */
	uint64_t start, cycles, insns, filled;
};
#define WINDOW_END_MAGIC 0x7ea0e4d5u

/* A window running in its own process (-j). */
struct window_job {
	pid_t pid;
	FILE *cycles;		/* its window_cycles, then its window_end */
	uint64_t start;		/* the instruction it starts at */
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

static void count_window(struct windows *w, uint64_t start, uint64_t cycles, uint64_t insns,
			 uint64_t filled)
{
	double cpi = (double)cycles / (double)insns;

	w->filled += filled;
	if (w->log)
		fprintf(w->log, "%" PRIu64 " %" PRIu64 " %" PRIu64 "\n", start, insns, cycles);
	w->n++;
	w->cpi_sum += cpi;
	w->cpi_sq_sum += cpi * cpi;
	w->cycles += cycles;
	w->insns += insns;
}

int window_cycle_out(struct run *r, const struct tea_cycle *c)
{
	struct window_cycle wc = { .c = *c, .measuring = r->measuring };

	if (fwrite(&wc, sizeof(wc), 1, r->window_cycles) != 1)
		return error(EXIT_ERROR, "a window's cycles: %s", strerror(errno));
	return 0;
}

/* In the forked process of the window ending at @end: it runs the window,
 * writes its cycles and its end to @out and exits with teasim's status.
 * What the program prints here, and its host-file writes, are the ISS's
 * to make in the parent: the window's are dropped. */
static void window_process(struct run *r, const struct options *o, uint64_t end, FILE *out)
{
	struct options wo = *o;
	struct window_end e = { .magic = WINDOW_END_MAGIC, .start = 0 };
	int null = open("/dev/null", O_WRONLY), ret, code;

	if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
		_exit(error(EXIT_ERROR, "/dev/null: %s", strerror(errno)));
	wo.progress = false;
	r->host_files.file = NULL;	/* the parent's to write */
	r->host_files.dir_fd = -1;
	tea_run_check_only(r->tea);
	r->window_cycles = out;
	ret = run_window(r, &wo, end, &e.cycles, &e.insns);
	if (program_ended(r, &code))
		ret = 0;	/* the window ends with the program, uncounted */
	if (!ret) {
		e.counted = r->at_stop;
		e.start = r->steps0;
		e.filled = r->llc_filled;
		if (fwrite(&e, sizeof(e), 1, out) != 1 || fflush(out))
			ret = error(EXIT_ERROR, "a window's cycles: %s", strerror(errno));
	}
	_exit(ret);
}

static int start_window(struct run *r, const struct options *o, uint64_t end, struct window_job *j)
{
	j->start = r->steps;
	j->cycles = tmpfile();
	if (!j->cycles)
		return error(EXIT_ERROR, "a file for a window's cycles: %s", strerror(errno));
	setvbuf(j->cycles, NULL, _IOFBF, 1 << 20);
	fflush(NULL);
	j->pid = fork();
	if (j->pid < 0) {
		fclose(j->cycles);
		return error(EXIT_ERROR, "cannot start a window's process: %s", strerror(errno));
	}
	if (!j->pid)
		window_process(r, o, end, j->cycles);
	return 0;
}

/* Waits for the window's process and replays its cycles through this
 * process's TEA run; counts the window. */
static int finish_window(struct run *r, struct window_job *j, struct windows *w)
{
	struct window_cycle wc;
	struct window_end e;
	char msg[300];
	int status, ret = 0;
	long size;
	bool started = false;

	while (waitpid(j->pid, &status, 0) < 0)
		if (errno != EINTR) {
			ret = error(EXIT_ERROR, "a window's process: %s", strerror(errno));
			goto out;
		}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		/* it said why on stderr */
		ret = WIFEXITED(status) ? WEXITSTATUS(status) :
			error(EXIT_ERROR, "the window from instruction %" PRIu64 " died of signal %d",
			      j->start, WTERMSIG(status));
		goto out;
	}
	/* the cycles, then the window's end */
	if (fseek(j->cycles, 0, SEEK_END) || (size = ftell(j->cycles)) < (long)sizeof(e) ||
	    ((unsigned long)size - sizeof(e)) % sizeof(wc) || fseek(j->cycles, -(long)sizeof(e), SEEK_END) ||
	    fread(&e, sizeof(e), 1, j->cycles) != 1 || e.magic != WINDOW_END_MAGIC) {
		ret = error(EXIT_ERROR, "the window from instruction %" PRIu64 " left no end", j->start);
		goto out;
	}
	rewind(j->cycles);
	tea_run_new_core(r->tea);
	for (long n = (size - (long)sizeof(e)) / (long)sizeof(wc); n > 0; n--) {
		if (fread(&wc, sizeof(wc), 1, j->cycles) != 1) {
			ret = error(EXIT_ERROR, "a window's cycles: %s", strerror(errno));
			goto out;
		}
		if (wc.measuring && !started) {
			tea_run_start(r->tea);
			started = true;
		}
		if (tea_run_cycle(r->tea, &wc.c, NULL, msg, sizeof(msg))) {
			ret = error(EXIT_ERROR, "TEA: %s", msg);
			goto out;
		}
	}
	if (e.counted)
		count_window(w, e.start, e.cycles, e.insns, e.filled);
out:
	fclose(j->cycles);
	j->cycles = NULL;
	return ret;
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
	if (!o->cold_windows)
		fprintf(stderr, "teasim: functional warming put %.0f lines into each window's LLC\n",
			(double)w->filled / w->n);
}

/* One window at a time, in this process. */
static int run_in_turn(struct run *r, const struct options *o, struct windows *w)
{
	int ret = 0;

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
		count_window(w, r->steps0, cycles, insns, r->llc_filled);
		ret = end_window(r);
	}
	return ret;
}

/* Up to o->jobs windows at once, each in its own process; the ISS runs on
 * through them. Their cycles are replayed in window order. */
static int run_at_once(struct run *r, const struct options *o, struct windows *w)
{
	struct window_job jobs[TEASIM_MAX_JOBS];
	unsigned first = 0, running = 0;
	int ret = 0, failed, code;
	bool broken;

	for (uint64_t k = 1; !ret; k++) {
		r->iss_stop_at = k * o->sample_every - o->window - o->warmup;
		ret = run_iss(r, o);
		if (ret || !r->at_stop)
			break;	/* the program ended on the ISS: run_iss said so */
		r->at_stop = false;
		if (running == o->jobs) {
			ret = finish_window(r, &jobs[first], w);
			first = (first + 1) % o->jobs;
			running--;
			if (ret)
				break;
		}
		ret = start_window(r, o, k * o->sample_every, &jobs[(first + running) % o->jobs]);
		if (!ret)
			running++;
	}
	/* the windows still running: after a failure their results would say
	 * nothing more, and their processes go with it; else the program's
	 * status (ret) stands unless one of them fails */
	broken = ret && !program_ended(r, &code);
	for (; running; running--, first = (first + 1) % o->jobs) {
		if (broken) {
			kill(jobs[first].pid, SIGKILL);
			waitpid(jobs[first].pid, NULL, 0);
			fclose(jobs[first].cycles);
			continue;
		}
		failed = finish_window(r, &jobs[first], w);
		if (failed) {
			ret = failed;
			broken = true;
		}
	}
	return ret;
}

int run_sampled(struct run *r, const struct options *o)
{
	struct windows w = { 0 };
	int ret = setup_tea(r, o), code;

	if (!ret && o->window_log) {
		w.log = fopen(o->window_log, "w");
		if (!w.log)
			ret = error(EXIT_ERROR, "%s: %s", o->window_log, strerror(errno));
		else
			fprintf(w.log, "# start instructions cycles\n");
	}
	if (!ret && !o->cold_windows) {
		r->llc_warm = llc_warm_create(r->backend->llc_sets, r->backend->llc_ways);
		if (!r->llc_warm)
			ret = error(EXIT_ERROR, "out of memory");
		else
			hart_set_access_hook(r->hart, llc_warm_access, r->llc_warm);
	}
	if (!ret)
		ret = o->jobs > 1 ? run_at_once(r, o, &w) : run_in_turn(r, o, &w);
	hart_set_access_hook(r->hart, NULL, NULL);
	llc_warm_destroy(r->llc_warm);
	r->llc_warm = NULL;
	if (w.log && fclose(w.log) && !ret)
		ret = error(EXIT_ERROR, "%s: %s", o->window_log, strerror(errno));
	if (o->verbose && program_ended(r, &code)) {
		fprintf(stderr, "teasim: the program exited with code %d\n", code);
		print_estimate(r, o, &w);
	}
	return ret;
}
