/* The constants of the sample and profile files (docs/formats.md) that
 * more than libpics needs: the target's teaperf writes sample files
 * without libpics, and the driver and teasim hold samples of the same
 * width. Plain C without includes, so that the kernel, nolibc programs,
 * the host and C++ can all include it; libpics installs it beside its
 * headers. */
#ifndef TEA_SAMPLE_FORMAT_H
#define TEA_SAMPLE_FORMAT_H

/* The most slots a sample holds: the widest commit of the core, and the
 * sample CSRs TEA_CSR_ADDR0/PSV0 + 0..7 (tea/csr.h). */
#define TEA_MAX_WIDTH	8

/* An initializer for an array of the names of TEA's events, in PSV bit
 * order (bit 0 first): the order of rtl/include/tea_events.svh and of
 * enum pics_tea_event. */
#define TEA_EVENT_NAMES { \
	"DR-L1", "DR-TLB", "DR-SQ", "FL-MB", "FL-EX", "FL-MO", \
	"ST-L1", "ST-TLB", "ST-LLC", "ST-DIV", \
}

/* The u8 kind that starts each record. */
#define TEA_REC_DATA		0x01	/* a sample, or a profile's entry */
#define TEA_REC_END		0x02
#define TEA_REC_EXTENSION	0x80	/* and above: u32 length, skippable */
#define TEA_REC_MAPPING		0x80	/* the first extension: a map record */
#define TEA_REC_TASK_MAPPING	0x81	/* a map record with its task and cycle */
#define TEA_REC_TASK		0x82	/* the task of the samples that follow */
#define TEA_REC_STOP		0x83	/* no samples from this cycle on */
#define TEA_REC_THROTTLE	0x84	/* how often and how long it was throttled */
#define TEA_REC_CALLCHAIN	0x85	/* the callers of the sample that follows */
#define TEA_REC_BUFFER		0x86	/* samples as the sampler wrote them to memory */
#define TEA_REC_DATA_ADDR	0x87	/* the data addresses of the sample that follows */
#define TEA_REC_BUFFER_DADDR	0x88	/* a buffer record whose records hold data addresses */

/* The most callers a call-chain record holds: Linux's
 * PERF_MAX_STACK_DEPTH, the deepest chain perf gives. */
#define TEA_MAX_CALLERS	127

#endif
