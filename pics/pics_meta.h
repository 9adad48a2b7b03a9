/* What a sample or profile file describes: the format's versions and
 * limits, the events of TEA, the header both kinds of file share, and the
 * signatures (sets of events) their weights are keyed by. Both formats are
 * described byte by byte in docs/formats.md. */
#ifndef PICS_META_H
#define PICS_META_H

#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "tea/sample_format.h"

/* Format versions written by this library. A reader accepts files of the
 * same major version (any minor) and rejects any other major version. */
#define PICS_FORMAT_MAJOR 1
#define PICS_FORMAT_MINOR 7

#define PICS_MAX_EVENTS 64
#define PICS_MAX_WIDTH TEA_MAX_WIDTH
#define PICS_EVENT_NAME_MAX 32	/* including the NUL */
#define PICS_SCHEME_MAX 16	/* including the NUL */
#define PICS_PATH_MAX 4096	/* including the NUL */
#define PICS_BUILD_ID_MAX 64

/* The events of TEA, in PSV bit order (bit 0 first): the order of
 * TEA_EVENT_NAMES. */
enum pics_tea_event {
	PICS_TEA_DR_L1,
	PICS_TEA_DR_TLB,
	PICS_TEA_DR_SQ,
	PICS_TEA_FL_MB,
	PICS_TEA_FL_EX,
	PICS_TEA_FL_MO,
	PICS_TEA_ST_L1,
	PICS_TEA_ST_TLB,
	PICS_TEA_ST_LLC,
	PICS_TEA_ST_DIV,	/* on an iterative divide/square-root unit */
	PICS_TEA_NUM_EVENTS
};

/* Header shared by sample and profile files. Event names and the scheme
 * use the characters A-Z a-z 0-9 _ . - only; "Base" is reserved for the
 * empty signature. */
struct pics_meta {
	char scheme[PICS_SCHEME_MAX];	/* "TEA", "NCI", "IBS", "golden"... */
	unsigned n_events;		/* 1..PICS_MAX_EVENTS */
	char events[PICS_MAX_EVENTS][PICS_EVENT_NAME_MAX]; /* bit order */
	unsigned commit_width;		/* 1..PICS_MAX_WIDTH */
	uint64_t period;		/* cycles per sample; 1 = every cycle */
	uint64_t clock_hz;		/* 0 when unknown */
	char binary[PICS_PATH_MAX];	/* profiled program, "" when unknown */
	uint8_t build_id[PICS_BUILD_ID_MAX];
	unsigned build_id_len;
};

/* Fills @m for TEA's ten events, the given scheme, width and period. */
int pics_meta_init_tea(struct pics_meta *m, const char *scheme,
		       unsigned commit_width, uint64_t period,
		       struct pics_error *err);
/* Checks every field of @m against the limits above. */
int pics_meta_validate(const struct pics_meta *m, struct pics_error *err);
/* Fills @m for a sampling scheme: "TEA", "golden" and "NCI" have TEA's
 * ten events; "IBS", "SPE" and "RIS" the subsets those mechanisms report
 * (docs/formats.md). */
int pics_meta_init_scheme(struct pics_meta *m, const char *scheme,
			  unsigned commit_width, uint64_t period,
			  struct pics_error *err);
/* A PSV in TEA's bit order, restricted and renumbered to @m's events. */
uint64_t pics_meta_from_tea_psv(const struct pics_meta *m, uint64_t psv);
/* Index of event @name in @m, or -1. */
int pics_meta_event_index(const struct pics_meta *m, const char *name);

/* LCM(1..w): a sample is split into this many integer units, so that each
 * of n <= w committing instructions gets an exact share. */
uint64_t pics_weight_unit(unsigned commit_width);

/* "Base" for 0, else the event names joined with '+' in bit order
 * ("ST-L1+ST-LLC"). Returns the length it needed (snprintf style). */
size_t pics_signature_name(const struct pics_meta *m, uint64_t signature,
			   char *buf, size_t len);
/* Inverse of pics_signature_name. */
int pics_signature_parse(const struct pics_meta *m, const char *text,
			 uint64_t *signature, struct pics_error *err);

#endif
