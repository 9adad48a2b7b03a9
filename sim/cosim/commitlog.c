#include "cosim/commitlog.h"

#include <inttypes.h>
#include <stdarg.h>

static char priv_letter(unsigned priv)
{
	return priv == PRIV_M ? 'M' : priv == PRIV_S ? 'S' : priv == PRIV_U ? 'U' : '?';
}

/* snprintf at offset n, counting what would have been written past len. */
static size_t append(char *buf, size_t len, size_t n, const char *fmt, ...)
{
	va_list ap;
	int w;

	va_start(ap, fmt);
	w = vsnprintf(n < len ? buf + n : NULL, n < len ? len - n : 0, fmt, ap);
	va_end(ap);
	return n + (w > 0 ? (size_t)w : 0);
}

int commitlog_format(char *buf, size_t len, const struct commit *c)
{
	size_t n = append(buf, len, 0, "%c %016" PRIx64 " ", priv_letter(c->priv), c->pc);

	if (commit_insn_len(c) == 2)
		n = append(buf, len, n, "%04" PRIx32 "    ", c->insn & 0xffff);
	else
		n = append(buf, len, n, "%08" PRIx32, c->insn);
	if (c->trap)
		n = append(buf, len, n, " %s cause=%" PRIx64 " tval=%016" PRIx64,
			   c->interrupt ? "interrupt" : "trap", c->cause, c->tval);
	if (c->rd >= COMMIT_RD_F)
		n = append(buf, len, n, " f%u=%016" PRIx64, c->rd - COMMIT_RD_F, c->rd_value);
	else if (c->rd)
		n = append(buf, len, n, " x%u=%016" PRIx64, c->rd, c->rd_value);
	if (c->mem_size)
		n = append(buf, len, n, " mem%u[%016" PRIx64 "]=%0*" PRIx64, c->mem_size * 8,
			   c->mem_addr, c->mem_size * 2, c->mem_value);
	return (int)n;
}

void commitlog_print(FILE *f, const struct commit *c)
{
	char line[160];

	commitlog_format(line, sizeof(line), c);
	fputs(line, f);
	fputc('\n', f);
}
