/* perf.data files from Linux's perf (docs/formats.md, "perf.data from
 * Linux's perf"): the samples of the tea event (driver/tea_pmu/tea_pmu_core.c),
 * whose raw data is a struct tea_perf_raw, decoded into the samples,
 * mappings and losses of a sample file. The sample reader
 * (pics_sample_reader_open, pics_profile_load) turns to this reader when a
 * file starts with perf's magic, so callers just name the file; this
 * header is for libpics itself and for tests. */
#ifndef PICS_PERF_DATA_H
#define PICS_PERF_DATA_H

#include "pics_samples.h"

struct pics_in;
struct pics_perf_data;

/* True when the 8 bytes at @magic are perf's ("PERFILE2", byte-swapped or
 * the old "PERFFILE"): the file is this reader's, even the variants it
 * refuses, so that the refusal names them. */
bool pics_perf_data_magic(const uint8_t *magic);

/* Opens @path ("-" standard input, when it is a file rather than a pipe). */
struct pics_perf_data *pics_perf_data_open(const char *path,
					   struct pics_error *err);
/* The same over the open @in, which it takes over (closed on failure too),
 * whatever @in has already read. */
struct pics_perf_data *pics_perf_data_adopt(struct pics_in *in,
					    const char *path,
					    struct pics_error *err);
/* Scheme TEA with TEA's events, the commit width of the raw data, the
 * event's period, the command that the recording exec'd (its first file
 * mapping after its exec) and that file's build-id. */
const struct pics_meta *pics_perf_data_meta(const struct pics_perf_data *r);
/* As pics_sample_reader_next: 1 a sample, 0 the data section's end, -1 an
 * error. Samples whose slots hold no instruction are skipped. */
int pics_perf_data_next(struct pics_perf_data *r, struct pics_sample *s,
			struct pics_error *err);
/* Samples returned; samples lost: the hardware's (raw data) plus those
 * the kernel dropped (LOST and LOST_SAMPLES records). */
uint64_t pics_perf_data_samples(const struct pics_perf_data *r);
uint64_t pics_perf_data_lost(const struct pics_perf_data *r);
/* The executable mappings read so far, in file order. */
const struct pics_mapping *pics_perf_data_mappings(const struct pics_perf_data *r,
						   size_t *n);
/* THROTTLE records of the tea event, and the time from each to its
 * UNTHROTTLE, turned from perf's clock into the sampler's cycles. */
struct pics_throttle pics_perf_data_throttle(const struct pics_perf_data *r);
void pics_perf_data_close(struct pics_perf_data *r);

#endif
