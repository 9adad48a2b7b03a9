/* The run on the RTL (--rtl): the Verilated SoC a clock cycle at a time,
 * every commit checked against the reference ISS in lockstep, TEA's
 * sampler checked against its model, and the golden reference and the
 * baselines fed from the trace port. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cosim/commitlog.h"
#include "cosim/cosim.h"
#include "dram/dram.h"
#include "pics.h"
#include "rtl/rtl_soc.h"
#include "attribution/sampler_model.h"
#include "attribution/tea_cycle.h"
#include "teasim/teasim.h"

#define STALL_CYCLES  200000   /* the RTL is hung when nothing commits this long */
/* ... unless it waits in WFI: an idle kernel's next timer tick may be
 * further off (Linux at HZ=250: 400,000 cycles at 100 MHz) */
#define WFI_STALL_CYCLES 20000000
#define COSIM_HISTORY 16
#define POLL_CYCLES   4096     /* cycles between host polls when no store commits */
#define RESTORE_CYCLES 100000   /* the restore program ends well within this */

#define REG_A0 10

/* pics_mem_read_fn over the host's view of memory */
static int read_host_mem(void *ctx, uint64_t addr, void *buf, size_t len)
{
	return host_mem_read(ctx, addr, buf, len);
}

static void print_tea_stats(const struct run *r)
{
	struct tea_run_stats s;

	tea_run_stats(r->tea, &s);
	if (!s.model_samples && !s.lost)
		return;
	fprintf(stderr, "teasim: TEA: %" PRIu64 " samples taken, %" PRIu64 " written by the simulator, "
		"%" PRIu64 " lost\n", s.model_samples, s.samples, s.lost);
	if (s.golden_unattributed)
		fprintf(stderr, "teasim: TEA: %" PRIu64 " cycles at the end of the run left no instruction "
			"to attribute to\n", s.golden_unattributed);
}

int finish_tea(struct run *r, const struct options *o)
{
	char msg[300];
	struct pics_error err;

	if (tea_run_finish(r->tea, msg, sizeof(msg)))
		return error(EXIT_ERROR, "TEA: %s", msg);
	if (o->tea_from_program) {
		if (!r->prog.tea_log)
			return error(EXIT_ERROR, "--tea-source program: %s has no bm_tea_log symbol "
				     "(it does not use the bare-metal runtime's TEA sampling)", o->elf);
		if (pics_log_write(read_host_mem, &r->mem, r->prog.tea_log, o->tea_samples, o->elf,
				   &err) < 0)
			return error(EXIT_ERROR, "%s", err.msg);
	}
	return 0;
}

/* The next instruction to commit is a WFI (the reference is in step with
 * the core): the core waits for an interrupt. */
static bool waits_in_wfi(struct run *r)
{
	uint32_t insn;

	return hart_read_virt(r->hart, hart_pc(r->hart), &insn, sizeof(insn)) == 0 &&
	       insn == INSN_WFI;
}

/* The TEA sampler's buffer writer has written a line to the RTL's memory:
 * the same words go to the reference's, whose loads are checked against
 * the RTL's. */
static void mirror_buffer_line(struct run *r, const struct tea_sample_regs *regs)
{
	for (unsigned i = 0; i < TEA_LINE_WORDS; i++) {
		uint64_t word = regs->buf_line[i];

		if (regs->buf_mask >> i & 1)
			host_mem_soc_access(r->soc, regs->buf_addr + 8 * i, &word, 8, true);
	}
}

/* One clock cycle: TEA's debug write and the cycle's TEA trace, the cycle,
 * the sampler's registers checked, each commit checked against the
 * reference. Returns 0, or teasim's exit status, which r->status keeps
 * (the host's accesses run cycles too). *stored tells whether a store
 * committed (the host may have a request). */
static int step_cycle(struct run *r, uint64_t *idle, bool *stored)
{
	struct commit c[8];
	struct tea_debug_write w = { 0 };
	struct tea_cycle tc;
	struct tea_sample_regs regs;
	char msg[300];

	if (!r->tea_done)
		tea_run_debug_write(r->tea, &w);
	r->backend->tea_write(r->rtl, w.valid, w.addr, w.data);
	r->backend->tea_cycle(r->rtl, &tc);
	if (tc.buf_done && !tc.buf_error)
		mirror_buffer_line(r, &r->tea_regs);
	unsigned n = r->backend->cycle(r->rtl, c);

	r->backend->tea_regs(r->rtl, &regs);
	r->tea_regs = regs;
	if (!r->tea_done && tea_run_cycle(r->tea, &tc, &regs, msg, sizeof(msg))) {
		fflush(stdout);
		return r->status = error(EXIT_ERROR, "TEA: %s", msg);
	}
	if (r->window_cycles && !r->tea_done && window_cycle_out(r, &tc))
		return r->status = EXIT_ERROR;
	*idle = n ? 0 : *idle + 1;
	*stored = false;
	if (r->restoring)
		return 0;	/* the restore program's commits are not the program's */
	if (n && r->rearm_halt) {
		/* the EBREAK the core was let through has trapped */
		r->backend->set_halt_on_ebreak(r->rtl, true);
		r->rearm_halt = false;
	}
	for (unsigned i = 0; i < n; i++) {
		if (r->log)
			commitlog_print(r->log, &c[i]);
		if (!cosim_check(r->cosim, &c[i])) {
			fflush(stdout);
			cosim_report(r->cosim, stderr);
			return r->status = error(EXIT_ERROR, "co-simulation diverged after %" PRIu64
						 " instructions, in cycle %" PRIu64 ": %s",
						 cosim_checked(r->cosim), r->backend->cycles(r->rtl),
						 cosim_mismatch(r->cosim));
		}
		r->steps++;
		if (c[i].mem_size && !c[i].trap)
			*stored = true;
	}
	return 0;
}

/* host_mem over the SoC's coherent host port, a line at a time; the cycles
 * it takes run as the loop's do. A write goes to the reference's memory
 * too: the program's loads are checked against it. */
static int rtl_mem_access(void *ctx, uint64_t pa, void *buf, size_t len, bool write)
{
	struct run *r = ctx;
	uint64_t size = soc_config(r->soc)->dram_size, idle = 0;
	uint8_t *b = buf, data[DRAM_LINE_BYTES] = { 0 }, line[DRAM_LINE_BYTES];
	bool stored, failed;

	if (pa < SOC_DRAM_BASE || pa - SOC_DRAM_BASE > size || len > size - (pa - SOC_DRAM_BASE))
		return -1;
	if (write && host_mem_soc_access(r->soc, pa, buf, len, true))
		return -1;
	while (len) {
		unsigned off = pa % DRAM_LINE_BYTES;
		size_t n = DRAM_LINE_BYTES - off < len ? DRAM_LINE_BYTES - off : len;
		uint64_t mask = 0;

		if (write) {
			memcpy(data + off, b, n);
			mask = (n == 64 ? ~0ull : (1ull << n) - 1) << off;
		}
		r->backend->dma_start(r->rtl, pa, data, mask);
		while (!r->backend->dma_done(r->rtl, line, &failed))
			if (step_cycle(r, &idle, &stored))
				return -1;
		if (failed)
			return -1;
		if (!write)
			memcpy(b, line + off, n);
		pa += n;
		b += n;
		len -= n;
	}
	return 0;
}

struct host_mem rtl_host_mem(struct run *r)
{
	return (struct host_mem){ .access = rtl_mem_access, .ctx = r };
}

/* The core halted on an EBREAK. A semihosting call is served the way a
 * debugger serves it: the reference executes the EBREAK, its semihosting
 * callback reading and writing memory through the host port; a0 gets the
 * answer and the core resumes after the EBREAK. Any other EBREAK, a call
 * from a privilege semihosting does not serve among them, is let through
 * once, to take its breakpoint exception (as the reference does). */
static int serve_halt(struct run *r, uint64_t pc)
{
	if (hart_pc(r->hart) != pc)
		return error(EXIT_ERROR, "the RTL halted at pc 0x%" PRIx64 ", the reference is at 0x%" PRIx64,
			     pc, hart_pc(r->hart));
	if (hart_at_semihost_call(r->hart) && semihost_serves(&r->semihost, r->hart)) {
		hart_step(r->hart, NULL);
		if (r->status)
			return r->status;
		r->backend->write_reg(r->rtl, REG_A0, hart_reg(r->hart, REG_A0));
		r->backend->resume(r->rtl, pc + 4, hart_priv(r->hart));
	} else {
		r->backend->set_halt_on_ebreak(r->rtl, false);
		r->rearm_halt = true;
		r->backend->resume(r->rtl, pc, hart_priv(r->hart));
	}
	return 0;
}

/* The restore program (rtl_restore.c) runs to its EBREAK; the integer
 * registers go in through the debug port, one a cycle; the core resumes
 * where the reference is. */
static int finish_restore(struct run *r, const struct options *o)
{
	uint64_t idle = 0, pc = 0;
	bool stored;

	while (!r->backend->halted(r->rtl, &pc) && r->backend->cycles(r->rtl) < RESTORE_CYCLES)
		if (step_cycle(r, &idle, &stored))
			return r->status;
	if (!r->backend->halted(r->rtl, &pc) || pc != r->restore_halt_pc)
		return error(EXIT_ERROR, "the RTL did not finish its restore program (%s pc 0x%" PRIx64
			     " after %" PRIu64 " cycles)", r->backend->halted(r->rtl, &pc) ?
			     "halted at" : "running,", pc, r->backend->cycles(r->rtl));
	for (unsigned i = 1; i < 32; i++) {
		r->backend->write_reg(r->rtl, i, hart_reg(r->hart, i));
		if (step_cycle(r, &idle, &stored))
			return r->status;
	}
	/* functional warming: the LLC as the run so far left it */
	if (r->llc_warm)
		r->llc_filled = llc_warm_fill(r->llc_warm, r->backend, r->rtl);
	r->backend->set_halt_on_ebreak(r->rtl, o->semihosting);
	r->backend->resume(r->rtl, hart_pc(r->hart), hart_priv(r->hart));
	r->restoring = false;
	return 0;
}

/* Counting starts after --warmup's instructions (at once without it). */
static void start_measuring(struct run *r)
{
	r->measuring = true;
	r->cycle0 = r->backend->cycles(r->rtl);
	r->steps0 = r->steps;
	tea_run_start(r->tea);
}

int run_rtl(struct run *r, const struct options *o)
{
	uint64_t idle = 0, wfi_idle = 0, pc;
	bool stored;
	int code, ret;

	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	if (r->restoring) {
		ret = finish_restore(r, o);
		if (ret)
			return ret;
	}
	for (;;) {
		if (!r->measuring && r->steps >= r->measure_from)
			start_measuring(r);
		ret = step_cycle(r, &idle, &stored);
		if (ret)
			return ret;
		if (stored || (r->backend->cycles(r->rtl) & (POLL_CYCLES - 1)) == 0) {
			if (!htif_poll(&r->htif) || r->htif.error[0])
				return r->status ? r->status : error(EXIT_ERROR, "%s", r->htif.error);
		}
		if (r->semihosting && r->backend->halted(r->rtl, &pc)) {
			ret = serve_halt(r, pc);
			if (ret)
				return ret;
			idle = 0;
		}
		if (program_ended(r, &code))
			break;
		if (r->rtl_stop_at && r->steps >= r->rtl_stop_at) {
			r->at_stop = true;	/* the window ends: the ISS goes on */
			return 0;
		}
		if (!idle)
			wfi_idle = 0;
		/* a WFI's wait counts apart, so that the interrupt that ends
		 * it has the usual time to reach a commit */
		if (idle >= STALL_CYCLES && wfi_idle < WFI_STALL_CYCLES && waits_in_wfi(r)) {
			wfi_idle += idle;
			idle = 0;
		}
		if (idle >= STALL_CYCLES) {
			fflush(stdout);
			console_print_tail(stderr, CONSOLE_TAIL_LINES);
			return error(EXIT_ERROR, "the RTL committed nothing for %" PRIu64 " cycles (cycle %"
				     PRIu64 ", %" PRIu64 " instructions, next pc 0x%" PRIx64 ")", idle + wfi_idle,
				     r->backend->cycles(r->rtl), r->steps, hart_pc(r->hart));
		}
		ret = check_limit(r, o);
		if (ret)
			return ret;
		if (o->progress && (r->backend->cycles(r->rtl) & 0xffff) == 0 && progress_due(r))
			fprintf(stderr, "teasim: %" PRIu64 " cycles, %" PRIu64 " instructions, %.1f kHz%s",
				r->backend->cycles(r->rtl), r->steps,
				(double)r->backend->cycles(r->rtl) / seconds_since(&r->t0) / 1e3,
				progress_end());
	}
	r->tea_done = true;
	end_output(r);
	if (o->verbose && !o->sample_every) {
		double secs = seconds_since(&r->t0);
		uint64_t all = r->backend->cycles(r->rtl);
		uint64_t cycles = all - r->cycle0, steps = r->steps - r->steps0;

		fprintf(stderr, "teasim: the program exited with code %d\n", code);
		if (r->steps0)
			fprintf(stderr, "teasim: counted from instruction %" PRIu64 " (cycle %" PRIu64
				" of the RTL's)\n", r->steps0, r->cycle0);
		fprintf(stderr, "teasim: %" PRIu64 " instructions in %" PRIu64 " cycles (IPC %.3f), "
			"%.2f s, %.1f kHz, config %s\n", steps, cycles,
			cycles ? (double)steps / (double)cycles : 0.0, secs,
			secs > 0 ? (double)all / secs / 1e3 : 0.0, r->backend->config);
		print_tea_stats(r);
	}
	return exit_status(r, code);
}

/* The core's host port: the host file window goes to the channel; the
 * HTIF words are read from the reference's memory, which also holds the
 * program's writes to them (it commits the same stores). */
static uint64_t host_access(void *ctx, uint64_t pa, bool write, uint64_t wdata, uint8_t wstrb)
{
	struct run *r = ctx;
	uint64_t v = 0, off = pa - SOC_HOST_FILES_BASE;

	if (pa >= SOC_HOST_FILES_BASE && off < SOC_HOST_FILES_SIZE) {
		unsigned lane = (unsigned)__builtin_ctz(wstrb | 0x100), size = __builtin_popcount(wstrb);

		if (write && size)
			host_files_store(&r->host_files, (off & ~7ull) + lane, size, wdata >> (8 * lane));
		else if (!write)
			host_files_load(&r->host_files, off & ~7ull, 8, &v);
	} else if (!write) {
		soc_load(r->soc, pa & ~7ull, 8, &v);
	}
	return v;
}

/* Copies the pages of src that hold anything but zeros into dst, which
 * starts zeroed: both DRAMs are mapped lazily, and copying all of it would
 * make the kernel clear every page of dst (0.5 s for 128 MiB). */
static void copy_nonzero_pages(uint8_t *dst, const uint8_t *src, uint64_t size)
{
	enum { PAGE = 4096 };

	for (uint64_t off = 0; off < size; off += PAGE) {
		uint64_t n = size - off < PAGE ? size - off : PAGE;
		const uint64_t *w = (const uint64_t *)(src + off);
		uint64_t any = 0;

		for (uint64_t i = 0; i < n / 8; i++)
			any |= w[i];
		for (uint64_t i = n & ~7ull; i < n; i++)
			any |= src[off + i];
		if (any)
			memcpy(dst + off, src + off, n);
	}
}

/* Builds the RTL model with the same memory image and boot ROM as the
 * reference. */
int setup_rtl(struct run *r, const struct options *o)
{
	static uint8_t rom[SOC_BOOTROM_SIZE];
	struct rtl_soc_config cfg = {
		.dram_size = o->dram_mib << 20,
		.dram_latency = (unsigned)o->dram_latency,
		.dram_cycles_per_line = (unsigned)o->dram_cpl,
		.tohost = r->prog.tohost,
		.fromhost = r->prog.fromhost,
		.console = r->console,
		.host_access = host_access,
		.host_ctx = r,
	};
	uint64_t size = o->dram_mib << 20;

	r->rtl = r->backend->create(&cfg);
	r->cosim = r->rtl ? cosim_create(r->hart, COSIM_HISTORY) : NULL;
	if (!r->cosim)
		return error(EXIT_ERROR, "cannot create the RTL model with %" PRIu64 " MiB of DRAM", o->dram_mib);
	copy_nonzero_pages(r->backend->dram(r->rtl, SOC_DRAM_BASE, size),
			   soc_dram(r->soc, SOC_DRAM_BASE, size), size);
	for (uint64_t off = 0; off < SOC_BOOTROM_SIZE; off++) {
		uint64_t v;

		soc_load(r->soc, SOC_BOOTROM_BASE + off, 1, &v);
		rom[off] = (uint8_t)v;
	}
	/* an interrupt due at the point is the reference's to take, as its
	 * next step would (the restore program must not) */
	for (struct commit c; r->steps && hart_take_due_interrupt(r->hart, &c); r->steps++)
		if (r->log)
			commitlog_print(r->log, &c);
	hart_set_irq_from_soc(r->hart, false);
	if (!hart_hand_over(r->hart, r->backend->width))
		return error(EXIT_ERROR, "the RTL cannot take the state over: the TEA sampler "
			     "holds a sample not yet read or a record half written (try another point)");
	/* a state the reference did not start in: the core takes it over */
	r->restoring = r->steps > 0;
	r->measuring = false;
	r->measure_from = r->steps + o->warmup;
	if (r->restoring && rtl_restore_rom(r, rom, sizeof(rom), &r->restore_halt_pc))
		return EXIT_ERROR;
	/* Semihosting: EBREAKs halt the core for the host (serve_halt). */
	r->semihosting = o->semihosting;
	r->backend->set_halt_on_ebreak(r->rtl, o->semihosting || r->restoring);
	if (r->backend->boot(r->rtl, rom, sizeof(rom)))
		return error(EXIT_ERROR, "the boot ROM image does not fit");
	return 0;
}

/* What teasim does with the RTL's trace port: TEA's samples, the golden
 * reference, the baselines (tea_run.h); counting starts with the run's
 * measured part (start_measuring). */
int setup_tea(struct run *r, const struct options *o)
{
	struct tea_run_options to = {
		.width = r->backend->width,
		.binary = o->elf,
		.samples_path = o->tea_from_program ? NULL : o->tea_samples,
		.period = (uint32_t)o->tea_period,
		.jitter_bits = (unsigned)o->tea_jitter,
		.golden_path = o->golden_path,
		.baselines_prefix = o->baselines_prefix,
		.sweep_periods = o->sweep_periods,
		.sweep_count = o->sweep_count,
		.stalls_path = o->stalls_path,
		.stages = o->stages,
		.start_later = true,
	};
	char msg[300];

	r->tea = tea_run_create(&to, msg, sizeof(msg));
	if (!r->tea)
		return error(EXIT_ERROR, "TEA: %s", msg);
	return 0;
}

/* The core and its checker go; the reference can run on alone from the
 * state they reached. */
void end_rtl(struct run *r)
{
	if (r->rtl)
		r->backend->destroy(r->rtl);
	r->rtl = NULL;
	cosim_destroy(r->cosim);
	r->cosim = NULL;
}

void destroy_rtl(struct run *r)
{
	tea_run_destroy(r->tea);
	end_rtl(r);
}
