#include "host/htif.h"

#include <string.h>

/* tohost layout: device in bits 63:56, command in 55:48, payload below. */
#define HTIF_DEV(v)     ((unsigned)((v) >> 56))
#define HTIF_CMD(v)     ((unsigned)((v) >> 48) & 0xff)
#define HTIF_PAYLOAD(v) ((v) & 0xffffffffffffull)

/* Syscall numbers of the proxy (the Linux RISC-V ABI's). */
#define HTIF_SYS_WRITE 64
#define HTIF_SYS_EXIT  93

void htif_init(struct htif *h, struct soc *soc, const struct host_mem *mem, uint64_t tohost,
	       uint64_t fromhost, FILE *console)
{
	memset(h, 0, sizeof(*h));
	h->soc = soc;
	h->mem = *mem;
	h->tohost = tohost;
	h->fromhost = fromhost;
	h->console = console;
}

static void respond(struct htif *h, uint64_t value)
{
	if (h->fromhost)
		soc_store(h->soc, h->fromhost, 8, value);
}

/* Copies len bytes of target memory at pa to f; returns how many, or -1
 * when not even the first piece is memory. */
static int64_t write_out(struct htif *h, FILE *f, uint64_t pa, uint64_t len)
{
	uint8_t buf[512];
	uint64_t done = 0;

	while (done < len) {
		size_t n = len - done < sizeof(buf) ? (size_t)(len - done) : sizeof(buf);

		if (host_mem_read(&h->mem, pa + done, buf, n))
			break;
		fwrite(buf, 1, n, f);
		done += n;
	}
	return done || !len ? (int64_t)done : -1;
}

/* The proxy's argument block: magic_mem[0] = syscall number, [1..] = args;
 * the result goes back into magic_mem[0]. */
static bool syscall_proxy(struct htif *h, uint64_t block)
{
	uint64_t args[4];
	int64_t result = -1;

	if (host_mem_read(&h->mem, block, args, sizeof(args))) {
		snprintf(h->error, sizeof(h->error), "HTIF syscall block at 0x%llx is outside memory",
			 (unsigned long long)block);
		return false;
	}
	switch (args[0]) {
	case HTIF_SYS_WRITE:
		if (args[1] == 1 || args[1] == 2)
			result = write_out(h, args[1] == 2 ? stderr : h->console, args[2], args[3]);
		break;
	case HTIF_SYS_EXIT:
		h->exited = true;
		h->exit_code = (int)args[1];
		return true;
	default:
		break; /* unsupported: the program sees -1, as from a real kernel's ENOSYS path */
	}
	if (host_mem_write(&h->mem, block, &result, sizeof(result))) {
		snprintf(h->error, sizeof(h->error), "HTIF syscall block at 0x%llx cannot be written",
			 (unsigned long long)block);
		return false;
	}
	respond(h, 1);
	return true;
}

bool htif_poll(struct htif *h)
{
	uint64_t cmd;

	if (!h->tohost || h->exited || soc_load(h->soc, h->tohost, 8, &cmd) || cmd == 0)
		return true;
	soc_store(h->soc, h->tohost, 8, 0);
	switch (HTIF_DEV(cmd)) {
	case 0:
		if (HTIF_CMD(cmd) != 0)
			break;
		if (HTIF_PAYLOAD(cmd) & 1) {
			h->exited = true;
			h->exit_code = (int)(HTIF_PAYLOAD(cmd) >> 1);
			return true;
		}
		return syscall_proxy(h, HTIF_PAYLOAD(cmd));
	case 1:
		if (HTIF_CMD(cmd) == 1) {
			fputc((int)(cmd & 0xff), h->console);
			respond(h, (1ull << 56) | (1ull << 48));
			return true;
		}
		if (HTIF_CMD(cmd) == 0)
			return true; /* console read: no input to give; the program keeps polling */
		break;
	default:
		break;
	}
	snprintf(h->error, sizeof(h->error), "unsupported HTIF command 0x%016llx (device %u, command %u)",
		 (unsigned long long)cmd, HTIF_DEV(cmd), HTIF_CMD(cmd));
	return false;
}
