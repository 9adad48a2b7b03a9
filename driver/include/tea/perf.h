/* The TEA perf PMU of Linux (driver/tea_pmu/tea_pmu_*.c, docs/linux.md): the
 * event's config and the raw data of each PERF_RECORD_SAMPLE, as the driver
 * writes them and teaperf record reads them. Kernel and user space share
 * this header, so it uses the UAPI types. */
#ifndef TEA_PERF_H
#define TEA_PERF_H

#include <linux/types.h>

/* perf_event_attr.config: the jitter bits (teactl.JIT), config:0-4; buffer
 * mode, config:5: the sampler writes its records (tea/sample_log.h's
 * record, docs/tea-csr.md) into the event's AUX area. The period is
 * attr.sample_period, in cycles. */
#define TEA_PERF_CONFIG_JITTER_MASK	0x1full
#define TEA_PERF_CONFIG_BUFFER		0x20ull

/* 2: the data addresses; 1: without them */
#define TEA_PERF_RAW_VERSION	2

/* PERF_SAMPLE_RAW's data: this header, then width addresses, width PSVs
 * and width data addresses (the sample CSRs of docs/tea-csr.md; a data
 * address is 0 where teastat.DMASK is clear), little-endian. perf pads
 * the data after them to 8-byte alignment of the record. Version 1 had
 * no data addresses: TEA_PERF_RAW_SIZE_V1. */
struct tea_perf_raw {
	__u16 version;		/* TEA_PERF_RAW_VERSION */
	__u16 width;		/* slots: the core's commit width */
	__u32 stat;		/* teastat: STATE, MASK, PRIV, DMASK (tea/csr.h) */
	__u64 time;		/* teatime: the cycle of the sample */
	__u64 lost;		/* samples the hardware could not take since the last */
	__u64 slot[];		/* width addresses, width PSVs, width data addresses */
};

#define TEA_PERF_RAW_SIZE(width)	(sizeof(struct tea_perf_raw) + 24 * (width))
#define TEA_PERF_RAW_SIZE_V1(width)	(sizeof(struct tea_perf_raw) + 16 * (width))

/* Linux's perf record of buffer mode (driver/linux/perf-tea-aux.patch):
 * the type of its PERF_RECORD_AUXTRACE_INFO, whose private words are the
 * tea PMU's type and the commit width; the PERF_RECORD_AUXTRACE records
 * that follow hold the AUX area's bytes as the sampler wrote them. */
#define TEA_PERF_AUXTRACE_TYPE		0x7ea0
#define TEA_PERF_AUXTRACE_PMU_TYPE	0	/* priv[]'s words */
#define TEA_PERF_AUXTRACE_WIDTH		1

#endif
