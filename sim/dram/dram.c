/* DRAM model: see dram.h. Every accepted request (read, or write once both
 * its address and its data have arrived) enters one queue in acceptance
 * order with the cycle its response is due: latency cycles after
 * acceptance, and at least cycles_per_line after the previous request's, so
 * the queue drains at the configured bandwidth. Only the queue's head is
 * answered, on R or B, which keeps all responses in order. */
#include <stdlib.h>
#include <string.h>

#include "dram/dram.h"

struct dram_req {
	bool write;
	unsigned id;
	unsigned resp;
	uint64_t due;
	uint8_t data[DRAM_LINE_BYTES];  /* read data, taken at acceptance */
};

struct dram {
	uint64_t base, size;
	unsigned latency, cycles_per_line;
	uint8_t *mem;
	uint64_t now;
	uint64_t last_due;

	struct dram_req q[DRAM_MAX_INFLIGHT];
	unsigned head, count;

	/* a write address or data that arrived before its partner */
	bool aw_held, w_held;
	uint64_t aw_addr;
	unsigned aw_id;
	uint8_t w_data[DRAM_LINE_BYTES];
	uint64_t w_strb;

	struct dram_out out;
};

struct dram *dram_create(uint64_t base, uint64_t size, unsigned latency,
			 unsigned cycles_per_line)
{
	struct dram *d;

	if (!size || size % DRAM_LINE_BYTES || base % DRAM_LINE_BYTES ||
	    !latency || !cycles_per_line || base + size < base)
		return NULL;
	d = calloc(1, sizeof(*d));
	if (!d)
		return NULL;
	/* calloc: memory starts zeroed, and large blocks are mapped lazily */
	d->mem = calloc(1, size);
	if (!d->mem) {
		free(d);
		return NULL;
	}
	d->base = base;
	d->size = size;
	d->latency = latency;
	d->cycles_per_line = cycles_per_line;
	d->out.arready = true;
	d->out.awready = true;
	d->out.wready = true;
	return d;
}

void dram_destroy(struct dram *d)
{
	if (!d)
		return;
	free(d->mem);
	free(d);
}

uint8_t *dram_mem(struct dram *d, uint64_t pa, uint64_t len)
{
	uint64_t off = pa - d->base;

	if (pa < d->base || off > d->size || len > d->size - off)
		return NULL;
	return d->mem + off;
}

unsigned dram_inflight(const struct dram *d)
{
	return d->count;
}

void dram_outputs(const struct dram *d, struct dram_out *out)
{
	*out = d->out;
}

/* The line at addr inside the array, or NULL. */
static uint8_t *line_at(struct dram *d, uint64_t addr)
{
	return dram_mem(d, addr & ~(uint64_t)(DRAM_LINE_BYTES - 1), DRAM_LINE_BYTES);
}

static struct dram_req *enqueue(struct dram *d, bool write, unsigned id)
{
	struct dram_req *r = &d->q[(d->head + d->count) % DRAM_MAX_INFLIGHT];
	uint64_t due = d->now + d->latency;

	if (d->count && due < d->last_due + d->cycles_per_line)
		due = d->last_due + d->cycles_per_line;
	d->last_due = due;
	d->count++;
	memset(r, 0, sizeof(*r));
	r->write = write;
	r->id = id;
	r->due = due;
	return r;
}

static void accept_write(struct dram *d)
{
	struct dram_req *r = enqueue(d, true, d->aw_id);
	uint8_t *line = line_at(d, d->aw_addr);

	if (!line) {
		r->resp = DRAM_RESP_DECERR;
	} else {
		for (unsigned i = 0; i < DRAM_LINE_BYTES; i++)
			if (d->w_strb >> i & 1)
				line[i] = d->w_data[i];
	}
	d->aw_held = false;
	d->w_held = false;
}

static void accept_read(struct dram *d, uint64_t addr, unsigned id)
{
	struct dram_req *r = enqueue(d, false, id);
	uint8_t *line = line_at(d, addr);

	if (!line)
		r->resp = DRAM_RESP_DECERR;
	else
		memcpy(r->data, line, DRAM_LINE_BYTES);
}

void dram_cycle(struct dram *d, const struct dram_in *in, struct dram_out *out)
{
	const struct dram_out *cur = &d->out;
	struct dram_req *h;
	unsigned slots;
	bool room;

	/* responses taken at this edge */
	if ((cur->rvalid && in->rready) || (cur->bvalid && in->bready)) {
		d->head = (d->head + 1) % DRAM_MAX_INFLIGHT;
		d->count--;
	}
	/* requests taken at this edge: writes first, so that a read accepted
	 * together with a write sees it */
	if (in->awvalid && cur->awready) {
		d->aw_held = true;
		d->aw_addr = in->awaddr;
		d->aw_id = in->awid;
	}
	if (in->wvalid && cur->wready) {
		d->w_held = true;
		memcpy(d->w_data, in->wdata, DRAM_LINE_BYTES);
		d->w_strb = in->wstrb;
	}
	if (d->aw_held && d->w_held)
		accept_write(d);
	if (in->arvalid && cur->arready)
		accept_read(d, in->araddr, in->arid);
	d->now++;

	/* outputs for the next cycle: ready when the queue has room for a read
	 * and a write arriving at the same edge (a write half that waits for
	 * its partner holds its slot already) */
	slots = d->count + (d->aw_held || d->w_held);
	room = slots + 2 <= DRAM_MAX_INFLIGHT;
	memset(&d->out, 0, sizeof(d->out));
	d->out.arready = room;
	d->out.awready = room && !d->aw_held;
	d->out.wready = room && !d->w_held;
	if (d->count) {
		h = &d->q[d->head];
		if (h->due <= d->now) {
			if (h->write) {
				d->out.bvalid = true;
				d->out.bid = h->id;
				d->out.bresp = h->resp;
			} else {
				d->out.rvalid = true;
				d->out.rid = h->id;
				d->out.rresp = h->resp;
				d->out.rlast = true;
				memcpy(d->out.rdata, h->data, DRAM_LINE_BYTES);
			}
		}
	}
	*out = d->out;
}
