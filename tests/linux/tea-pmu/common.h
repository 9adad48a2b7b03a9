/* What tea-pmu's interrupt-mode checks (tea-pmu.c) and buffer-mode checks
 * (buffer.c) share: one program, its parts in files of their own. */
#ifndef TEA_LINUX_TEA_PMU_COMMON_H
#define TEA_LINUX_TEA_PMU_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>
#include <linux/perf_event.h>

#include "tea/csr.h"
#include "tea/perf.h"
#include "tea_event.h"

#define PAGE		4096
#define RING_PAGES	16
#define KERNEL_SPACE	0xffffffc000000000ull	/* Sv39: the upper half, modules too */
#define NOBODY		65534

extern char __executable_start[], etext[];

extern int fails;
/* --debug-kernel (main): perf throttles this kernel's short periods, and
 * the samples after each unthrottle land in the tick's kernel code, so a
 * check may not count on user samples there */
extern int debug_kernel;
extern long tea_type;
extern unsigned tea_width;
extern volatile unsigned long sink;

void check(int ok, const char *fmt, ...);
void tea_attr(struct perf_event_attr *attr, uint64_t period);
int event_open(struct perf_event_attr *attr, int pid, int cpu);

/* work to sample */
unsigned long compute(unsigned long n);
unsigned long syscalls_and_compute(unsigned long n);
#define WALK_WORDS	8192	/* 64 KiB */
extern unsigned long data_walked[WALK_WORDS];
unsigned long walk_data(unsigned long n);
int in_walked(uint64_t a);

/* the ring buffer: tea_attr's samples */
struct sample {
	uint32_t pid, tid;
	uint64_t sample_addr;	/* PERF_SAMPLE_ADDR */
	uint64_t period;
	struct tea_perf_raw raw;
	uint64_t addr[TEA_MAX_WIDTH], daddr[TEA_MAX_WIDTH];
};

struct ring {
	int fd;
	struct tea_ring ring;
};

int ring_map(struct ring *r, int fd);
void ring_close(struct ring *r);
unsigned ring_samples(struct ring *r, void (*fn)(const struct sample *s, void *ctx),
		      void *ctx);
unsigned valid_slots(const struct sample *s);

/* In a forked child: drops root for user nobody, its failures its own
 * (it exits with them when setuid fails). */
void become_nobody(void);

#endif
