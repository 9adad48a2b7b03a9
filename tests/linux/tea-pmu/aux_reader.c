/* tea-pmu's reader of buffer mode (buffer.h): opens an event with an AUX
 * area, reads the PERF_RECORD_AUX records and the records they announce,
 * and tallies what each record says, for the checks in buffer.c. */
#include "buffer.h"
#include "common.h"

#define PSV_BITS	10	/* teainfo's PSV bits: bit 9 is ST-DIV */
#define STAT_KNOWN	(TEA_STAT_V | 3ull << TEA_STAT_STATE_SHIFT | 0xffull << TEA_STAT_MASK_SHIFT | \
			 3ull << TEA_STAT_PRIV_SHIFT | 0xffull << TEA_STAT_DMASK_SHIFT | \
			 0xffffffffull << TEA_STAT_SEQ_SHIFT)

int in_code(uint64_t a, void (*start)(unsigned long), const char *end)
{
	return a >= (uint64_t)(uintptr_t)start && a < (uint64_t)(uintptr_t)end;
}

unsigned rec_words(void)
{
	return TEA_RECORD_WORDS(tea_width);
}

void buf_attr(struct perf_event_attr *attr, uint64_t period)
{
	tea_attr(attr, period);
	attr->config = TEA_PERF_CONFIG_BUFFER;
	attr->sample_id_all = 1;	/* each AUX record names its task */
}

uint64_t event_count(int fd)
{
	uint64_t count = 0;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return ~0ull;
	return count;
}

/* Checks one record: the words of docs/tea-csr.md ("Sample buffer"). */
void tally_record(struct rec_tally *t, const uint64_t *w)
{
	uint64_t time = w[0], stat = w[1];
	unsigned mask = (unsigned)(stat >> TEA_STAT_MASK_SHIFT) & 0xff, priv = TEA_STAT_PRIV(stat);
	unsigned dmask = (unsigned)(stat >> TEA_STAT_DMASK_SHIFT) & 0xff;
	uint32_t seq = TEA_STAT_SEQ(stat);
	int bad = !(stat & TEA_STAT_V) || (stat & ~STAT_KNOWN) || !mask || (mask & (mask + 1)) ||
		  (mask >> tea_width) || priv == 2 || !time || (dmask & ~mask);

	t->records++;
	for (unsigned i = 0; i < tea_width; i++) {
		uint64_t a = w[2 + i], psv = w[2 + tea_width + i], d = w[2 + 2 * tea_width + i];

		/* a data address only where DMASK says */
		bad |= !(dmask >> i & 1) && d;
		if (!(mask >> i & 1))
			continue;
		bad |= (psv >> PSV_BITS) != 0;
		if (dmask >> i & 1) {
			t->daddrs++;
			t->walked += in_walked(d);
		}
		if (t->foreign_code && in_code(a, t->foreign_code, t->foreign_end))
			t->foreign++;
		if (t->own_code && in_code(a, t->own_code, t->own_end))
			t->own++;
		if (a >= KERNEL_SPACE) {
			t->kernel++;
			t->mixed += priv == TEA_PRIV_U;
		} else if (a >= (uint64_t)__executable_start && a < (uint64_t)etext) {
			t->user++;
			t->mixed += priv != TEA_PRIV_U;
		} else {
			t->outside++;
		}
	}
	t->m_mode += priv == TEA_PRIV_M;
	t->invalid += bad;
	if (t->started) {
		uint32_t dseq = seq - t->last_seq;
		uint64_t dt = time - t->last_time, want = t->period * dseq;

		t->time_back += time <= t->last_time;
		if (!dseq || dseq >= 1u << 31) {
			t->seq_back++;
		} else {
			/* with jitter B each step is the period +- 2^(B-1) */
			t->pairs++;
			t->gaps += dseq - 1;
			t->exact += dt == want;
			t->short_gap += dt < (t->period - t->half) * dseq;
			t->stopped += dt >= want + t->half * dseq + t->period;
			if (t->half && dseq == 1 && dt < t->period + 4 * t->half) {
				t->jit_pairs++;
				t->jit_sum += (int64_t)(dt - t->period);
				t->out_of_jitter += dt >= t->period + t->half;
			}
		}
	}
	t->started = 1;
	t->last_time = time;
	t->last_seq = seq;
}

int aux_map(struct bufev *b, unsigned pages, int snapshot)
{
	void *p;

	b->snapshot = snapshot;
	b->resync = 1;
	if (!snapshot) {
		if (tea_aux_map(&b->aux, &b->ring, b->fd, pages))
			return -1;
	} else {
		/* read-only: overwrite (snapshot) mode */
		b->ring.meta->aux_offset = b->ring.size + PAGE;
		b->ring.meta->aux_size = (uint64_t)pages * PAGE;
		p = mmap(NULL, b->ring.meta->aux_size, PROT_READ, MAP_SHARED, b->fd,
			 (off_t)b->ring.meta->aux_offset);
		if (p == MAP_FAILED)
			return -1;
		b->aux.data = p;
		b->aux.size = b->ring.meta->aux_size;
		b->aux.meta = b->ring.meta;
	}
	b->mapped = 1;
	return 0;
}

void aux_unmap(struct bufev *b)
{
	if (b->mapped)
		tea_aux_unmap(&b->aux);
	b->mapped = 0;
}

/* Opens a buffer-mode event and maps its ring and aux_pages of AUX area
 * (none: 0); the fd, or < 0. */
int buf_open(struct bufev *b, struct perf_event_attr *attr, int pid, int cpu,
	     unsigned aux_pages, int snapshot)
{
	memset(b, 0, sizeof(*b));
	b->t.period = attr->sample_period;
	b->t.half = (attr->config & TEA_PERF_CONFIG_JITTER_MASK) ?
		    1ull << ((attr->config & TEA_PERF_CONFIG_JITTER_MASK) - 1) : 0;
	b->tid = pid > 0 ? (uint32_t)pid : pid == 0 ? (uint32_t)gettid() : 0;
	b->fd = event_open(attr, pid, cpu);
	if (b->fd < 0)
		return b->fd;
	if (tea_ring_map(&b->ring, b->fd, RING_PAGES)) {
		printf("  cannot map the ring\n");
		close(b->fd);
		return -1;
	}
	if (aux_pages && aux_map(b, aux_pages, snapshot)) {
		printf("  cannot map %u pages of AUX area%s\n", aux_pages,
		       snapshot ? " read-only" : "");
		tea_ring_unmap(&b->ring);
		close(b->fd);
		return -1;
	}
	return b->fd;
}

void buf_close(struct bufev *b)
{
	aux_unmap(b);
	tea_ring_unmap(&b->ring);
	close(b->fd);
}

/* The records in [offset, offset + size) of the AUX area: whole records,
 * and zero words where the driver padded to a run's end; the bytes since
 * the last range (the driver's skips) are zero and fewer than a record. */
static void take_range(struct bufev *b, uint64_t offset, uint64_t size)
{
	uint64_t rec = 8 * rec_words(), end = offset + size, w[REC_WORDS_MAX];

	if (b->resync) {
		b->resync = 0;
		b->next = offset;
	}
	if (offset < b->next || offset - b->next >= rec || (offset | size) & 7) {
		b->bad_range++;
	} else {
		for (uint64_t at = b->next; at < offset; at += 8) {
			b->bad_range += tea_aux_word(&b->aux, at) != 0;
			b->pad += 8;
		}
	}
	while (offset + 8 <= end) {
		if (!tea_aux_word(&b->aux, offset)) {
			b->pad += 8;
			offset += 8;
			continue;
		}
		if (offset + rec > end) {
			b->cut++;
			break;
		}
		for (unsigned i = 0; i < rec_words(); i++)
			w[i] = tea_aux_word(&b->aux, offset + 8 * i);
		tally_record(&b->t, w);
		offset += rec;
	}
	b->next = end;
	tea_aux_release(&b->aux, end);
}

/* Reads the ring: the PERF_RECORD_AUX records, and the data they announce. */
void buf_drain(struct bufev *b)
{
	static uint64_t rec_words_buf[PAGE / 8];
	const uint8_t *rec = (const uint8_t *)rec_words_buf;
	int size;

	while ((size = tea_ring_next(&b->ring, rec_words_buf, sizeof(rec_words_buf))) > 0) {
		const struct perf_event_header *hdr = (const void *)rec;
		uint64_t offset, bytes, flags;
		uint32_t tid;

		if (hdr->type != PERF_RECORD_AUX) {
			b->samples += hdr->type == PERF_RECORD_SAMPLE;
			b->other += hdr->type != PERF_RECORD_SAMPLE;
			continue;
		}
		/* offset, size, flags; sample_id: pid, tid */
		if (size < 40) {
			b->malformed++;
			continue;
		}
		b->aux_records++;
		memcpy(&offset, rec + 8, 8);
		memcpy(&bytes, rec + 16, 8);
		memcpy(&flags, rec + 24, 8);
		memcpy(&tid, rec + 36, 4);
		b->foreign_aux += b->tid && tid != b->tid && (!b->alt_tid || tid != b->alt_tid);
		b->aux_tid += tid == b->tid;
		b->aux_alt_tid += b->alt_tid && tid == b->alt_tid;
		b->truncated += !!(flags & PERF_AUX_FLAG_TRUNCATED);
		b->overwrite += !!(flags & PERF_AUX_FLAG_OVERWRITE);
		if (!b->mapped)
			b->unmapped++;
		else if (!b->snapshot && bytes)
			take_range(b, offset, bytes);
	}
	b->malformed += size < 0;
	tea_ring_release(&b->ring);
}

/* Samples work(n) with a buffer-mode event of attr on this task, read at
 * the end. */
int buf_sample_self(struct bufev *b, struct perf_event_attr *attr, unsigned aux_pages,
		    unsigned long (*work)(unsigned long), unsigned long n)
{
	int fd = buf_open(b, attr, 0, -1, aux_pages, 0);

	if (fd < 0) {
		printf("  perf_event_open (buffer mode): %d\n", fd);
		return -1;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += work(n + (sink & 1));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(b);
	return 0;
}

/* Whatever the AUX area is, the reader's view of it must hold together. */
int buf_whole(const struct bufev *b)
{
	const struct rec_tally *t = &b->t;

	return !t->invalid && !t->time_back && !t->seq_back && !b->cut && !b->bad_range &&
	       !b->malformed && !b->foreign_aux && !b->samples && !b->other;
}

void print_whole(const struct bufev *b)
{
	const struct rec_tally *t = &b->t;

	if (!buf_whole(b))
		printf("  %u invalid, %u times and %u SEQs not increasing, %u cut short, %u ranges "
		       "astray, %u malformed, %u AUX records of another task, %u PERF_RECORD_SAMPLEs, "
		       "%u other records\n", t->invalid, t->time_back, t->seq_back, b->cut,
		       b->bad_range, b->malformed, b->foreign_aux, b->samples, b->other);
}

/* The count and the time the event has been enabled (read_format
 * PERF_FORMAT_TOTAL_TIME_ENABLED). */
void event_count_enabled(int fd, uint64_t *count, uint64_t *enabled)
{
	uint64_t v[2] = { ~0ull, 0 };

	if (read(fd, v, sizeof(v)) != sizeof(v))
		v[0] = ~0ull;
	*count = v[0];
	*enabled = v[1];
}
