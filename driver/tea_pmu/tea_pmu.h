/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The TEA perf driver's parts (docs/linux.md): the PMU, its events and
 * interrupt mode (tea_pmu_core.c), and buffer mode, where the sampler
 * writes the samples into the event's AUX area (tea_pmu_aux.c).
 */
#ifndef TEA_PMU_H
#define TEA_PMU_H

#include <linux/interrupt.h>
#include <linux/perf_event.h>

#include "tea/perf.h"

struct tea_pmu {
	struct pmu pmu;
	struct device *dev;
	unsigned int width;
	struct perf_event * __percpu *active;	/* the event on each hart */
	u64 __percpu *lost_seen;		/* tealost at the last sample */
	int __percpu *irq;			/* each hart's interrupt */
	/* buffer mode: the AUX space each hart writes, and where it began */
	struct perf_output_handle __percpu *handle;
	u64 __percpu *run_start;
	struct hlist_node node;			/* in tea_online's instances */
};

#define to_tea_pmu(p) container_of(p, struct tea_pmu, pmu)

/*
 * Interrupt mode hands each sample to perf_event_overflow() and tells
 * perf_sample_event_took() what the handler cost, which Linux 6.1 exports
 * to no module (the project's kernel does: perf-exports.patch). Against a
 * kernel without them Kbuild defines TEA_BUFFER_ONLY and the driver offers
 * buffer mode alone, which needs only the exported AUX API.
 */
#ifdef TEA_BUFFER_ONLY
#define TEA_INTERRUPT_MODE false
#else
#define TEA_INTERRUPT_MODE true
#endif

static inline bool tea_buffered(const struct perf_event *event)
{
	return event->attr.config & TEA_PERF_CONFIG_BUFFER;
}

/* Counts the samples the sampler lost since it last looked (tealost). */
void tea_count_lost(struct perf_event *event);
/* Waits, sampling off, until teastat's @bits clear. */
void tea_drain(struct tea_pmu *tea, u64 bits);

/*
 * Buffer mode (tea_pmu_aux.c): perf's AUX callbacks; the sampler pointed
 * at AUX space (teactl's BUF and WRAP bits to set, 0 when there is none);
 * stopped, its records published; and its interrupt.
 */
void *tea_setup_aux(struct perf_event *event, void **pages, int nr_pages, bool snapshot);
void tea_free_aux(void *buf);
u64 tea_aux_start(struct tea_pmu *tea, struct perf_event *event);
void tea_aux_stop(struct tea_pmu *tea, struct perf_event *event);
irqreturn_t tea_handle_buffer(struct tea_pmu *tea, struct perf_event *event);

#endif
