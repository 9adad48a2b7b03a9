/* TEA sampling from a bare-metal program. Interrupt-driven (the default):
 * the sampler raises interrupt 16 for every sample, and the runtime's
 * handler copies the sample CSRs (driver/include/tea/csr.h) into a log in
 * memory and frees the sampler for the next one. In buffer mode
 * (bm_tea_use_buffer) the sampler writes each record into the log itself
 * (teactl.BUF, docs/tea-csr.md) and no interrupt comes until the log is
 * full. teasim reads the log through the symbol bm_tea_log when the
 * program ends (teasim --tea-source program) and writes it as a sample
 * file. */
#ifndef TEA_SAMPLING_H
#define TEA_SAMPLING_H

#include <stdint.h>

#include "tea/csr.h"
#include "tea/sample_log.h"

/* The log, laid out as tea/sample_log.h describes. */
struct bm_tea_log {
	uint64_t magic;
	uint64_t width;
	uint64_t period;
	uint64_t capacity;	/* records the buffer holds */
	uint64_t count;		/* records written */
	uint64_t dropped;	/* samples the full buffer could not take */
	uint64_t lost;		/* tealost when sampling stopped */
	uint64_t *records;
};

extern struct bm_tea_log bm_tea_log;

/* Allocates room for @capacity samples and starts sampling every @period
 * cycles (plus 0..2^@jitter_bits - 1) in M mode. 0, or -1 when the core has
 * no TEA sampler or memory is short. */
int bm_tea_start(uint32_t period, unsigned jitter_bits, uint64_t capacity);
/* Stops sampling and records tealost (and in buffer mode, the records
 * the sampler wrote). */
void bm_tea_stop(void);
/* From the next bm_tea_start on, the sampler writes the samples into the
 * log itself (@on non-zero) or interrupts for each (0, the default). In
 * buffer mode a full log takes no more records: the sampler counts them in
 * tealost, and its one interrupt turns the interrupt off. */
void bm_tea_use_buffer(int on);
/* Takes no samples of the privileges in @modes (TEA_CTL_XU, TEA_CTL_XS,
 * TEA_CTL_XM) from the next bm_tea_start or bm_tea_resume on; the sampler
 * counts them in teafilt instead of interrupting. */
void bm_tea_exclude(uint32_t modes);
/* Stops sampling for a while, keeping the cycles left to the next sample
 * (teacount); bm_tea_resume goes on from there, so that a paused region
 * does not shift the samples of what runs around it. */
void bm_tea_pause(void);
void bm_tea_resume(void);

#endif
