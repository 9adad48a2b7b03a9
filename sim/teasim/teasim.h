/* teasim's parts: the options (options.c), the run on the reference ISS
 * (run_iss.c) and on the RTL (run_rtl.c, with the backend backend.c loads),
 * what both share (run.c), and the ISS's checkpoints (checkpoint.c);
 * main.c sets up the machine and starts one. */
#ifndef TEA_SIM_TEASIM_H
#define TEA_SIM_TEASIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "host/host_files.h"
#include "host/htif.h"
#include "host/semihost.h"
#include "iss/hart.h"
#include "loader/elf_loader.h"
#include "soc/soc.h"
#include "attribution/sampler_model.h"
#include "attribution/tea_run.h"

/* Exit codes of teasim itself, distinct from small program exit codes. */
enum {
	EXIT_USAGE = 2,
	EXIT_LIMIT = 124,   /* the instruction limit was reached */
	EXIT_ERROR = 125,   /* bad input or a harness failure */
};

#define CLOCK_HZ          100000000ull   /* core clock: one instruction a cycle on the ISS */
#define TIMEBASE_HZ       10000000ull    /* CLINT mtime, as on QEMU virt */
#define ISS_CHUNK         4096           /* ISS instructions between host polls */
#define ISS_TURN          512            /* instructions a hart runs before the next's turn */
#define TEASIM_MAX_HARTS  8              /* --harts, within SOC_TEA_MAX_HARTS */
#define TEASIM_MAX_JOBS   256            /* -j: windows run at once */

struct options {
	const char *elf;		/* the program, or with --kernel the kernel */
	const char *bios, *kernel, *initrd, *append;	/* a Linux boot */
	const char *host_dir;		/* where the host file channel writes */
	uint64_t host_max_files, host_max_bytes;	/* ... and how much, in a run */
	char *cmdline;
	uint64_t max_insns;
	uint64_t dram_mib;
	unsigned nharts;		/* --harts: the ISS's harts */
	const char *log_path;
	const char *signature_path;
	const char *dtb_path;
	const char *bootargs;
	bool dump_dts;
	bool semihosting;
	bool semihosting_userspace;	/* also serve S- and U-mode calls */
	bool rtl;
	bool fp;			/* the hart has F and D: --isa rv64imafdc, --rtl */
	bool isa_given;			/* --isa was given */
	const char *config;		/* --rtl: the core configuration */
	uint64_t dram_latency, dram_cpl;
	bool quiet, verbose, progress;
	/* TEA (docs/tea.md) */
	const char *tea_samples;	/* sample file */
	bool tea_from_program;		/* --tea-source program */
	uint64_t tea_period, tea_jitter;
	const char *golden_path, *baselines_prefix;
	uint32_t sweep_periods[TEA_RUN_MAX_SWEEP];
	unsigned sweep_count;
	const char *stalls_path;
	bool stages;			/* --stages: the golden's dispatch, issue and FLOPS views */
	/* checkpoints (checkpoint.c) and fast-forward */
	const char *checkpoint_path;	/* --checkpoint: written at --checkpoint-at */
	bool fast_forward;		/* --fast-forward: the RTL takes over at the point */
	const char *stop_point;		/* the point of either, as given, for messages */
	uint64_t stop_at;		/* ... a count (UINT64_MAX: not one) */
	const char *stop_symbol;	/* ... or where the program's symbol starts */
	uint32_t stop_marker;		/* ... or right after this marker (hart_marker(ID); 0: none) */
	const char *restore_path;	/* --restore: the run continues from it */
	uint64_t warmup;		/* --warmup: RTL instructions run before counting */
	uint64_t sample_every, window;	/* --sample-every, --window (0: not sampled) */
	const char *window_log;		/* --window-log */
	unsigned jobs;			/* -j: windows run at once, each in a process */
	bool cold_windows;		/* --cold-windows: no functional warming */
	bool iss_first;			/* the ISS runs first: --fast-forward, --sample-every */
};

struct rtl_backend;
struct rtl_soc;
struct ckpt_in;
struct cosim;

struct run {
	struct soc *soc;
	struct hart *hart;     /* hart 0: the one the RTL runs, logs, checkpoints */
	struct hart *harts[TEASIM_MAX_HARTS];   /* with --harts, all of them */
	unsigned nharts;
	struct htif htif;
	struct semihost semihost;
	struct elf_program prog;
	struct host_mem mem;   /* target memory as the host reaches it */
	struct host_files host_files;
	struct soc_device host_dev;  /* host_files, as the SoC reaches it */
	FILE *console;         /* the program's console (console.c) */
	FILE *log;
	uint64_t steps;
	uint64_t steps_restored;   /* of steps, those a checkpoint restored */
	uint64_t tick_rest;    /* cycles not yet turned into mtime ticks */
	const struct rtl_backend *backend;   /* with --rtl: the configuration's */
	struct rtl_soc *rtl;   /* the RTL model, with --rtl; hart is then its reference */
	struct cosim *cosim;
	struct tea_run *tea;   /* with --rtl: the TEA sampler's check, samples, golden */
	struct tea_sample_regs tea_regs; /* with --rtl: the sampler's registers as the
					    last cycle left them */
	bool tea_done;         /* the run ended: later cycles (the host reading
				* results) are not the program's */
	bool semihosting;      /* --rtl: the core halts on EBREAK for semihosting */
	bool rearm_halt;       /* ... again once the breakpoint was taken */
	int status;            /* --rtl: the exit status of a failure in a cycle
				* the host ran */
	uint64_t iss_stop_at;  /* the ISS stops after this many (UINT64_MAX: never) */
	uint64_t rtl_stop_at;  /* the RTL stops after this many (0: never) */
	bool at_stop;          /* the run stopped there, the other side goes on */
	bool restoring;        /* --rtl: the core runs the restore program */
	uint64_t restore_halt_pc;  /* ... which ends on the EBREAK here */
	bool measuring;        /* --rtl: cycles and TEA count (after --warmup) */
	uint64_t measure_from; /* ... from this instruction on */
	uint64_t cycle0, steps0;   /* ... which came in this cycle, after this many */
	FILE *window_cycles;   /* teasim -j, in a window's process: its TEA cycles */
	struct llc_warm *llc_warm;   /* --sample-every: the LLC's functional warming */
	uint64_t llc_filled;   /* ... the lines it put into the window's LLC */
	struct timespec t0;    /* when the run started */
	double last_progress;  /* seconds after t0 of the last progress line */
};

/* run.c: prints "teasim: error: ..." and returns code. */
int error(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* options.c: parses the command line into o; 0, or the exit status. */
int parse_options(int argc, char **argv, struct options *o);

/* boot.c: loads the program, or firmware, kernel and initrd, and writes
 * the device tree and the boot ROM. */
int setup_boot(struct run *r, const struct options *o);
/* The TEA sampler's slots: the RTL's commit width, or the ISS model's (2,
 * the hart's default). */
unsigned tea_width(const struct run *r);

/* backend.c: the RTL backend of the configuration, or NULL with the error
 * printed. */
const struct rtl_backend *rtl_backend_load(const char *config);

/* run.c: what both runs share. */
double seconds_since(const struct timespec *t0);
/* True when the program ended (HTIF, semihosting or the test finisher),
 * with its exit code. */
bool program_ended(const struct run *r, int *code);
/* EXIT_LIMIT with the message when the instruction limit is reached, else 0. */
int check_limit(const struct run *r, const struct options *o);
/* True when a second has passed since the last progress line (which the
 * caller then prints, ending it with progress_end()). */
bool progress_due(struct run *r);
const char *progress_end(void);
/* The end of a run: output flushed, the last progress line closed. */
void end_output(const struct run *r);
/* The program's exit code as teasim's exit status: 8 bits, and a failing
 * program never looks like a pass. A reset request through the test
 * finisher (a kernel panic reboots that way) is a failure, reported with
 * the console's last lines. */
int exit_status(const struct run *r, int code);

/* console.c: a stream that prints to stdout and keeps the last lines. */
#define CONSOLE_TAIL_LINES 12   /* the lines a failure report shows */
FILE *console_open(void);
void console_print_tail(FILE *out, unsigned lines);

/* checkpoint.c: writes the checkpoint of --checkpoint; 0, or the exit
 * status with the error printed (a host file left open is refused). */
/* checkpoint.c: where --checkpoint-at stops the hart (a symbol's address,
 * a marker); 0, or the exit status of an error it reported. */
int checkpoint_arm(struct run *r, const struct options *o);
int checkpoint_write(struct run *r, const struct options *o);
/* --restore: reads and checks the file and its options part, which set
 * o's machine options, the program's symbols and the run's counts. */
int checkpoint_open(struct ckpt_in *in, struct options *o, struct run *r);
/* ... then the rest into the machine built from them, and closes it. */
int checkpoint_restore(struct run *r, const struct options *o, struct ckpt_in *in);

/* run_iss.c, run_rtl.c: the simulation loops; each returns teasim's exit
 * status. */
int run_iss(struct run *r, const struct options *o);
int setup_rtl(struct run *r, const struct options *o);
int setup_tea(struct run *r, const struct options *o);
/* The RTL model and its checker go; the ISS can run on from their state. */
void end_rtl(struct run *r);
/* run_sampled.c: --sample-every: the ISS, and the RTL in windows. */
int run_sampled(struct run *r, const struct options *o);
/* In a window's process (-j): a cycle TEA saw, for the parent to replay. */
int window_cycle_out(struct run *r, const struct tea_cycle *c);

/* llc_warm.c: functional warming of the LLC for sampled simulation: the
 * lines the hart touched last, set by set, put into a window's LLC. */
struct llc_warm {
	unsigned sets, ways;
	struct llc_warm_way {
		uint64_t line;	/* line address + 1 (0: empty) */
		uint64_t used;	/* when it was touched last */
	} *way;			/* set s's ways from way[s * ways] */
	uint64_t clock, last;
};
/* NULL when out of memory or the shape is not a power of two of sets. */
struct llc_warm *llc_warm_create(unsigned sets, unsigned ways);
void llc_warm_destroy(struct llc_warm *w);
/* The hart's access hook (hart_set_access_hook), ctx the llc_warm. */
void llc_warm_access(void *ctx, uint64_t pa);
/* Puts the lines into the RTL's LLC; how many went in. */
unsigned llc_warm_fill(const struct llc_warm *w, const struct rtl_backend *b, struct rtl_soc *s);
/* rtl_restore.c: writes into the RTL's boot ROM image the program that
 * gives the core the reference's state; *halt_pc is its final EBREAK. */
int rtl_restore_rom(struct run *r, uint8_t *rom, size_t size, uint64_t *halt_pc);
int run_rtl(struct run *r, const struct options *o);
/* The host's view of memory on the RTL: the SoC's coherent host port. */
struct host_mem rtl_host_mem(struct run *r);
/* After the RTL run: the sample files, when the program ended. */
int finish_tea(struct run *r, const struct options *o);
void destroy_rtl(struct run *r);

#endif
