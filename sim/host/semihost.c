#include "host/semihost.h"

#include <string.h>
#include <time.h>

#include "checkpoint/stream.h"
#include "iss/hart.h"

enum {
	SYS_OPEN = 0x01, SYS_CLOSE = 0x02, SYS_WRITEC = 0x03, SYS_WRITE0 = 0x04,
	SYS_WRITE = 0x05, SYS_READ = 0x06, SYS_READC = 0x07, SYS_ISERROR = 0x08,
	SYS_ISTTY = 0x09, SYS_SEEK = 0x0a, SYS_FLEN = 0x0c, SYS_CLOCK = 0x10,
	SYS_TIME = 0x11, SYS_ERRNO = 0x13, SYS_GET_CMDLINE = 0x15,
	SYS_EXIT = 0x18, SYS_EXIT_EXTENDED = 0x20, SYS_ELAPSED = 0x30,
	SYS_TICKFREQ = 0x31,
};

#define ADP_STOPPED_APPLICATION_EXIT 0x20026

/* Handles: the console (":tt" opened for reading, writing, appending) and
 * the ":semihosting-features" file, which tells the program that exit codes
 * and separate stdout/stderr are supported. */
enum { H_STDIN = 1, H_STDOUT, H_STDERR, H_FEATURES };
static const uint8_t features[5] = { 'S', 'H', 'F', 'B', 0x3 };

#define REG_A0 10
#define REG_A1 11
#define XLEN_BYTES 8

static bool read_words(struct hart *h, uint64_t va, uint64_t *w, unsigned n)
{
	return hart_read_virt(h, va, w, n * XLEN_BYTES) == 0;
}

/* Copies len guest bytes at va to f in pieces. Returns the bytes not written. */
static uint64_t write_guest(struct hart *h, FILE *f, uint64_t va, uint64_t len)
{
	uint8_t buf[256];

	while (len) {
		size_t n = len < sizeof(buf) ? len : sizeof(buf);

		if (hart_read_virt(h, va, buf, n))
			break;
		fwrite(buf, 1, n, f);
		va += n;
		len -= n;
	}
	return len;
}

static FILE *handle_file(struct semihost *s, uint64_t handle)
{
	return handle == H_STDOUT ? s->out : handle == H_STDERR ? s->err : NULL;
}

static int64_t sys_open(struct hart *h, uint64_t block)
{
	uint64_t w[3];
	char name[32] = { 0 };

	if (!read_words(h, block, w, 3) || w[2] >= sizeof(name) || hart_read_virt(h, w[0], name, w[2]))
		return -1;
	if (!strcmp(name, ":tt"))
		return w[1] < 4 ? H_STDIN : w[1] < 8 ? H_STDOUT : H_STDERR;
	if (!strcmp(name, ":semihosting-features"))
		return H_FEATURES;
	return -1; /* host files are deliberately out of reach */
}

static int64_t sys_read(struct hart *h, uint64_t block, uint64_t *pos)
{
	uint64_t w[3];

	if (!read_words(h, block, w, 3))
		return -1;
	if (w[0] == H_FEATURES) {
		uint64_t n = *pos < sizeof(features) ? sizeof(features) - *pos : 0;

		if (n > w[2])
			n = w[2];
		if (hart_write_virt(h, w[1], features + *pos, n))
			return -1;
		*pos += n;
		return (int64_t)(w[2] - n);
	}
	return w[0] == H_STDIN ? (int64_t)w[2] : -1; /* no console input: end of file */
}

static int64_t sys_get_cmdline(struct semihost *s, struct hart *h, uint64_t block)
{
	uint64_t w[2];
	const char *cmd = s->cmdline ? s->cmdline : "";
	uint64_t len = strlen(cmd);

	if (!read_words(h, block, w, 2) || len + 1 > w[1])
		return -1;
	if (hart_write_virt(h, w[0], cmd, len + 1))
		return -1;
	w[1] = len;
	return hart_write_virt(h, block + XLEN_BYTES, &w[1], XLEN_BYTES) ? -1 : 0;
}

static void sys_exit(struct semihost *s, struct hart *h, uint64_t block)
{
	uint64_t w[2];

	s->exited = true;
	if (!read_words(h, block, w, 2))
		s->exit_code = 1;
	else
		s->exit_code = w[0] == ADP_STOPPED_APPLICATION_EXIT ? (int)w[1] : 1;
	hart_stop(h);
}

bool semihost_serves(const struct semihost *s, const struct hart *h)
{
	return s->userspace || hart_priv(h) == PRIV_M;
}

bool semihost_call(void *ctx, struct hart *h)
{
	struct semihost *s = ctx;
	uint64_t op = hart_reg(h, REG_A0), arg = hart_reg(h, REG_A1);
	uint64_t w[3];
	int64_t r = -1;
	char c;

	if (!semihost_serves(s, h))
		return false;
	switch (op) {
	case SYS_OPEN:
		r = sys_open(h, arg);
		if (r == H_FEATURES)
			s->features_pos = 0;
		break;
	case SYS_CLOSE:
		r = 0;
		break;
	case SYS_WRITEC:
		if (hart_read_virt(h, arg, &c, 1) == 0) {
			fputc(c, s->out);
			r = 0;
		}
		break;
	case SYS_WRITE0:
		while (hart_read_virt(h, arg++, &c, 1) == 0 && c)
			fputc(c, s->out);
		r = 0;
		break;
	case SYS_WRITE:
		if (read_words(h, arg, w, 3) && handle_file(s, w[0]))
			r = (int64_t)write_guest(h, handle_file(s, w[0]), w[1], w[2]);
		break;
	case SYS_READ:
		r = sys_read(h, arg, &s->features_pos);
		break;
	case SYS_READC:
		r = -1;
		break;
	case SYS_ISERROR:
		if (read_words(h, arg, w, 1))
			r = (int64_t)w[0] < 0;
		break;
	case SYS_ISTTY:
		r = read_words(h, arg, w, 1) && w[0] >= H_STDIN && w[0] <= H_STDERR;
		break;
	case SYS_SEEK:
		if (read_words(h, arg, w, 2) && w[0] == H_FEATURES && w[1] <= sizeof(features)) {
			s->features_pos = w[1];
			r = 0;
		}
		break;
	case SYS_FLEN:
		if (read_words(h, arg, w, 1))
			r = w[0] == H_FEATURES ? (int64_t)sizeof(features) : 0;
		break;
	case SYS_CLOCK: /* centiseconds of simulated time: deterministic */
		r = (int64_t)(hart_instret(h) / (s->clock_hz / 100));
		break;
	case SYS_TIME:
		r = (int64_t)time(NULL);
		break;
	case SYS_ERRNO:
		r = 0;
		break;
	case SYS_GET_CMDLINE:
		r = sys_get_cmdline(s, h, arg);
		break;
	case SYS_ELAPSED: {
		uint64_t ticks = hart_instret(h);

		r = hart_write_virt(h, arg, &ticks, sizeof(ticks)) ? -1 : 0;
		break;
	}
	case SYS_TICKFREQ:
		r = (int64_t)s->clock_hz;
		break;
	case SYS_EXIT:
	case SYS_EXIT_EXTENDED:
		sys_exit(s, h, arg);
		r = 0;
		break;
	default:
		break;
	}
	hart_set_reg(h, REG_A0, (uint64_t)r);
	return true;
}

void semihost_save(const struct semihost *s, struct ckpt_out *o)
{
	ckpt_put_tag(o, "SEMI");
	ckpt_put_u64(o, s->features_pos);
	ckpt_put_bool(o, s->exited);
	ckpt_put_u32(o, (uint32_t)s->exit_code);
}

bool semihost_restore(struct semihost *s, struct ckpt_in *in)
{
	if (!ckpt_expect_tag(in, "SEMI"))
		return false;
	s->features_pos = ckpt_get_u64(in);
	s->exited = ckpt_get_bool(in);
	s->exit_code = (int)ckpt_get_u32(in);
	return !in->failed;
}
