/* The checkpoint file's framing and its typed reads and writes
 * (checkpoint/stream.h). Integers are little-endian. */
#include "checkpoint/stream.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char magic[8] = "TEACKPT\n";

/* magic, version, payload length, payload CRC-32, reserved */
#define HEADER_SIZE 28

static uint32_t crc_table[256];

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	if (!crc_table[1]) {
		for (uint32_t b = 0; b < 256; b++) {
			uint32_t c = b;

			for (int k = 0; k < 8; k++)
				c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
			crc_table[b] = c;
		}
	}
	crc = ~crc;
	while (n--)
		crc = crc_table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static void le_put(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		p[k] = (uint8_t)(v >> (8 * k));
}

static uint64_t le_get(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned k = 0; k < n; k++)
		v |= (uint64_t)p[k] << (8 * k);
	return v;
}

static void header(uint8_t *h, uint64_t len, uint32_t crc)
{
	memset(h, 0, HEADER_SIZE);
	memcpy(h, magic, sizeof(magic));
	le_put(h + 8, CKPT_VERSION, 4);
	le_put(h + 12, len, 8);
	le_put(h + 20, crc, 4);
}

int ckpt_open_out(struct ckpt_out *o, const char *path)
{
	uint8_t h[HEADER_SIZE];

	memset(o, 0, sizeof(*o));
	o->f = fopen(path, "wb");
	if (!o->f)
		return -1;
	/* a header that no reader takes until it is filled in */
	memset(h, 0, sizeof(h));
	if (fwrite(h, 1, sizeof(h), o->f) != sizeof(h))
		o->failed = true;
	return 0;
}

int ckpt_close_out(struct ckpt_out *o)
{
	uint8_t h[HEADER_SIZE];
	int err = 0;

	header(h, o->len, o->crc);
	if (!o->failed && (fseek(o->f, 0, SEEK_SET) || fwrite(h, 1, sizeof(h), o->f) != sizeof(h)))
		o->failed = true;
	if (o->failed)
		err = errno ? errno : EIO;
	if (fclose(o->f) && !err)
		err = errno;
	o->f = NULL;
	errno = err;
	return err ? -1 : 0;
}

void ckpt_put(struct ckpt_out *o, const void *p, size_t n)
{
	if (o->failed)
		return;
	if (fwrite(p, 1, n, o->f) != n) {
		o->failed = true;
		return;
	}
	o->crc = crc32_update(o->crc, p, n);
	o->len += n;
}

void ckpt_put_tag(struct ckpt_out *o, const char tag[4])
{
	ckpt_put(o, tag, 4);
}

void ckpt_put_u64(struct ckpt_out *o, uint64_t v)
{
	uint8_t b[8];

	le_put(b, v, 8);
	ckpt_put(o, b, 8);
}

void ckpt_put_u32(struct ckpt_out *o, uint32_t v)
{
	uint8_t b[4];

	le_put(b, v, 4);
	ckpt_put(o, b, 4);
}

void ckpt_put_bool(struct ckpt_out *o, bool v)
{
	uint8_t b = v;

	ckpt_put(o, &b, 1);
}

void ckpt_put_str(struct ckpt_out *o, const char *s)
{
	ckpt_put_bool(o, s != NULL);
	if (!s)
		return;
	ckpt_put_u32(o, (uint32_t)strlen(s) + 1);
	ckpt_put(o, s, strlen(s) + 1);
}

bool ckpt_fail(struct ckpt_in *i, const char *fmt, ...)
{
	va_list ap;

	if (i->failed)
		return false;
	i->failed = true;
	va_start(ap, fmt);
	vsnprintf(i->msg, sizeof(i->msg), fmt, ap);
	va_end(ap);
	return false;
}

int ckpt_open_in(struct ckpt_in *i, const char *path)
{
	uint8_t h[HEADER_SIZE];
	struct stat st;
	FILE *f;
	uint64_t version;

	memset(i, 0, sizeof(*i));
	f = fopen(path, "rb");
	if (!f) {
		ckpt_fail(i, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fileno(f), &st) || fread(h, 1, sizeof(h), f) != sizeof(h)) {
		ckpt_fail(i, "too short for a checkpoint header (%d bytes)", HEADER_SIZE);
		goto fail;
	}
	if (memcmp(h, magic, sizeof(magic))) {
		ckpt_fail(i, "not a teasim checkpoint (no TEACKPT magic)");
		goto fail;
	}
	version = le_get(h + 8, 4);
	if (version != CKPT_VERSION) {
		ckpt_fail(i, "checkpoint version %llu, this teasim reads version %d",
			  (unsigned long long)version, CKPT_VERSION);
		goto fail;
	}
	i->len = le_get(h + 12, 8);
	if (i->len > CKPT_MAX_PAYLOAD || i->len != (uint64_t)st.st_size - HEADER_SIZE) {
		ckpt_fail(i, "the header says %llu bytes follow, the file holds %llu (truncated or corrupt)",
			  (unsigned long long)i->len, (unsigned long long)st.st_size - HEADER_SIZE);
		goto fail;
	}
	i->buf = malloc(i->len ? i->len : 1);
	if (!i->buf) {
		ckpt_fail(i, "out of memory for %llu bytes", (unsigned long long)i->len);
		goto fail;
	}
	if (fread(i->buf, 1, i->len, f) != i->len) {
		ckpt_fail(i, "cannot read its %llu bytes", (unsigned long long)i->len);
		goto fail;
	}
	if (crc32_update(0, i->buf, i->len) != le_get(h + 20, 4)) {
		ckpt_fail(i, "CRC mismatch: the file is corrupt");
		goto fail;
	}
	fclose(f);
	return 0;
fail:
	fclose(f);
	ckpt_close_in(i);
	return -1;
}

void ckpt_close_in(struct ckpt_in *i)
{
	free(i->buf);
	i->buf = NULL;
	i->len = i->pos = 0;
}

const uint8_t *ckpt_take(struct ckpt_in *i, uint64_t n)
{
	const uint8_t *p;

	if (i->failed)
		return NULL;
	if (n > i->len - i->pos) {
		ckpt_fail(i, "ends early, at byte %llu of its payload", (unsigned long long)i->pos);
		return NULL;
	}
	p = i->buf + i->pos;
	i->pos += n;
	return p;
}

bool ckpt_get(struct ckpt_in *i, void *p, size_t n)
{
	const uint8_t *src = ckpt_take(i, n);

	if (!src) {
		memset(p, 0, n);
		return false;
	}
	memcpy(p, src, n);
	return true;
}

bool ckpt_expect_tag(struct ckpt_in *i, const char tag[4])
{
	const uint8_t *p = ckpt_take(i, 4);

	if (p && memcmp(p, tag, 4))
		return ckpt_fail(i, "corrupt: no %.4s section at byte %llu", tag,
				 (unsigned long long)i->pos - 4);
	return p != NULL;
}

uint64_t ckpt_get_u64(struct ckpt_in *i)
{
	const uint8_t *p = ckpt_take(i, 8);

	return p ? le_get(p, 8) : 0;
}

uint32_t ckpt_get_u32(struct ckpt_in *i)
{
	const uint8_t *p = ckpt_take(i, 4);

	return p ? (uint32_t)le_get(p, 4) : 0;
}

bool ckpt_get_bool(struct ckpt_in *i)
{
	const uint8_t *p = ckpt_take(i, 1);

	if (p && *p > 1)
		return ckpt_fail(i, "corrupt: a flag of %u at byte %llu", *p, (unsigned long long)i->pos - 1);
	return p && *p;
}

uint64_t ckpt_get_max(struct ckpt_in *i, uint64_t max, const char *what)
{
	uint64_t v = ckpt_get_u64(i);

	if (v > max) {
		ckpt_fail(i, "corrupt: %s is %llu, at most %llu", what, (unsigned long long)v,
			  (unsigned long long)max);
		return 0;
	}
	return v;
}

const char *ckpt_get_str(struct ckpt_in *i, const char *what)
{
	uint32_t n;
	const char *s;

	if (!ckpt_get_bool(i))
		return NULL;
	n = ckpt_get_u32(i);
	if (i->failed)
		return NULL;
	if (n == 0 || n > CKPT_MAX_STRING) {
		ckpt_fail(i, "corrupt: %s is %u bytes long", what, n);
		return NULL;
	}
	s = (const char *)ckpt_take(i, n);
	if (s && memchr(s, 0, n) != s + n - 1) {
		ckpt_fail(i, "corrupt: %s is not one string", what);
		return NULL;
	}
	return s;
}
