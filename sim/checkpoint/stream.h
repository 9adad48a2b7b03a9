/* The checkpoint file (docs/teasim.md): a header with a magic, a version,
 * the payload's length and its CRC-32, then the payload, which each part
 * of the machine writes and reads in turn through these streams, every
 * part starting with a four-letter tag.
 *
 * A checkpoint is untrusted input: reading checks every length and value
 * against a bound, and the first problem becomes the one error message of
 * the stream; later reads then return zeros. */
#ifndef TEA_SIM_CHECKPOINT_STREAM_H
#define TEA_SIM_CHECKPOINT_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CKPT_VERSION 3
/* Bounds a reader puts on what a checkpoint may hold. */
#define CKPT_MAX_STRING 65536
#define CKPT_MAX_PAYLOAD (1ull << 40)

struct ckpt_out {
	FILE *f;
	uint64_t len;		/* payload bytes written */
	uint32_t crc;
	bool failed;
};

struct ckpt_in {
	uint8_t *buf;		/* the payload, read whole */
	uint64_t len, pos;
	bool failed;
	char msg[256];		/* the first problem */
};

/* Opens path and writes a header to fill in at ckpt_close_out. 0, or -1
 * with errno. */
int ckpt_open_out(struct ckpt_out *o, const char *path);
/* Completes the header and closes the file; 0, or -1 with errno. */
int ckpt_close_out(struct ckpt_out *o);
void ckpt_put(struct ckpt_out *o, const void *p, size_t n);
void ckpt_put_tag(struct ckpt_out *o, const char tag[4]);
void ckpt_put_u64(struct ckpt_out *o, uint64_t v);
void ckpt_put_u32(struct ckpt_out *o, uint32_t v);
void ckpt_put_bool(struct ckpt_out *o, bool v);
/* NULL is written apart from the empty string. */
void ckpt_put_str(struct ckpt_out *o, const char *s);

/* Reads and checks the header and the payload of path; 0, or -1 with the
 * problem in i->msg. */
int ckpt_open_in(struct ckpt_in *i, const char *path);
void ckpt_close_in(struct ckpt_in *i);
/* Records the first problem; returns false. */
bool ckpt_fail(struct ckpt_in *i, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool ckpt_get(struct ckpt_in *i, void *p, size_t n);
/* The next bytes, left in the payload; NULL past its end. */
const uint8_t *ckpt_take(struct ckpt_in *i, uint64_t n);
bool ckpt_expect_tag(struct ckpt_in *i, const char tag[4]);
uint64_t ckpt_get_u64(struct ckpt_in *i);
uint32_t ckpt_get_u32(struct ckpt_in *i);
bool ckpt_get_bool(struct ckpt_in *i);
/* A value that must not exceed max; what names it in the message. */
uint64_t ckpt_get_max(struct ckpt_in *i, uint64_t max, const char *what);
/* A string left in the payload (NUL-terminated there), or NULL for a NULL
 * written; at most CKPT_MAX_STRING bytes. */
const char *ckpt_get_str(struct ckpt_in *i, const char *what);

#endif
