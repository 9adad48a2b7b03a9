// SPDX-License-Identifier: GPL-2.0
/*
 * The TEA PMU's buffer mode (docs/linux.md). With config's buffer bit the
 * sampler writes its records into the
 * event's AUX area itself (teactl.BUF), as Arm SPE does: the driver points
 * it at the space perf gives (perf_aux_output_begin), and the interrupt
 * comes only when that space is nearly used up or perf wants to wake the
 * reader, to publish the records (perf_aux_output_end) and take new space.
 * The sampler writes physical addresses, so each stretch it writes lies in
 * one physically contiguous run of the area's pages
 * (PERF_PMU_CAP_AUX_NO_SG); a record that would cross a run's end is put
 * after it, the bytes between zeroed (records never start with a zero
 * word). In snapshot mode the sampler wraps around the area (teactl.WRAP),
 * which is then one run.
 */

#include <linux/kernel.h>
#include <linux/slab.h>
#include <asm/csr.h>

#include "tea/csr.h"
#include "tea_pmu.h"

/* The AUX area's pages and, for each, where its contiguous run ends. */
struct tea_aux_buf {
	void **pages;
	u64 size;
	bool snapshot;
	u64 run_end[];
};

/* perf's AUX head runs on past the area's end */
static u64 tea_aux_offset(const struct tea_aux_buf *buf, unsigned long head)
{
	return head % buf->size;
}

static u64 tea_aux_phys(const struct tea_aux_buf *buf, u64 off)
{
	return virt_to_phys(buf->pages[off >> PAGE_SHIFT]) + (off & ~PAGE_MASK);
}

void *tea_setup_aux(struct perf_event *event, void **pages, int nr_pages, bool snapshot)
{
	int cpu = event->cpu == -1 ? raw_smp_processor_id() : event->cpu, i;
	struct tea_aux_buf *buf;

	if (nr_pages < 1)
		return NULL;
	buf = kzalloc_node(struct_size(buf, run_end, nr_pages), GFP_KERNEL, cpu_to_node(cpu));
	if (!buf)
		return NULL;
	buf->pages = pages;
	buf->size = (u64)nr_pages << PAGE_SHIFT;
	buf->snapshot = snapshot;
	for (i = nr_pages - 1; i >= 0; i--)
		buf->run_end[i] = i + 1 < nr_pages &&
				  virt_to_phys(pages[i + 1]) == virt_to_phys(pages[i]) + PAGE_SIZE ?
				  buf->run_end[i + 1] : (u64)(i + 1) << PAGE_SHIFT;
	/* the sampler wraps from the end to the start of one run */
	if (snapshot && buf->run_end[0] != buf->size) {
		kfree(buf);
		return NULL;
	}
	return buf;
}

void tea_free_aux(void *buf)
{
	kfree(buf);
}

static u64 tea_record_bytes(const struct tea_pmu *tea)
{
	return 8 * (u64)TEA_RECORD_WORDS(tea->width);
}

/*
 * Points the sampler at the space the handle holds: from its head to the
 * end of the space or of the head's contiguous run, whichever comes first,
 * padding to the next run while no record fits before the run's end. The
 * interrupt comes when a record ends at the last record's start (room
 * for one more while the handler comes) or where perf wants to wake the
 * reader. -ENOSPC when the space holds no record.
 */
static int tea_aux_program(struct tea_pmu *tea, struct perf_output_handle *handle)
{
	struct tea_aux_buf *buf = perf_get_aux(handle);
	u64 rec = tea_record_bytes(tea), head, end, room, n, wake;

	if (buf->snapshot) {
		/* an interrupt at the end of each lap, to count the records */
		n = buf->size / rec;
		head = tea_aux_offset(buf, handle->head);
		if (head % rec || head >= n * rec)
			head = 0;
		*this_cpu_ptr(tea->run_start) = tea_aux_phys(buf, head);
		csr_write(TEA_CSR_BASE, tea_aux_phys(buf, 0));
		csr_write(TEA_CSR_LIMIT, tea_aux_phys(buf, 0) + n * rec);
		csr_write(TEA_CSR_PTR, tea_aux_phys(buf, head));
		csr_write(TEA_CSR_WMARK, tea_aux_phys(buf, 0) + n * rec);
		return 0;
	}
	for (;;) {
		head = tea_aux_offset(buf, handle->head);
		end = buf->run_end[head >> PAGE_SHIFT];
		room = min_t(u64, end - head, handle->size);
		if (room >= rec)
			break;
		if (handle->size < end - head)
			return -ENOSPC;
		memset(buf->pages[head >> PAGE_SHIFT] + (head & ~PAGE_MASK), 0, end - head);
		perf_aux_output_skip(handle, end - head);
	}
	n = room / rec;
	wake = n > 1 ? n - 1 : 1;
	if (handle->wakeup > handle->head)
		wake = clamp_t(u64, DIV_ROUND_UP(handle->wakeup - handle->head, rec), 1, wake);
	*this_cpu_ptr(tea->run_start) = tea_aux_phys(buf, head);
	csr_write(TEA_CSR_BASE, tea_aux_phys(buf, head));
	csr_write(TEA_CSR_LIMIT, tea_aux_phys(buf, head) + n * rec);
	csr_write(TEA_CSR_PTR, tea_aux_phys(buf, head));
	csr_write(TEA_CSR_WMARK, tea_aux_phys(buf, head) + wake * rec);
	return 0;
}

/*
 * Takes AUX space for the event; false when there is none (the event
 * stays stopped: perf disables it when the reader fell behind).
 */
static bool tea_aux_begin(struct tea_pmu *tea, struct perf_event *event)
{
	struct perf_output_handle *handle = this_cpu_ptr(tea->handle);

	if (!perf_aux_output_begin(handle, event))
		return false;
	if (tea_aux_program(tea, handle)) {
		perf_aux_output_flag(handle, PERF_AUX_FLAG_TRUNCATED);
		perf_aux_output_end(handle, 0);
		return false;
	}
	return true;
}

/*
 * Publishes what the sampler wrote since tea_aux_begin, the sampler
 * drained: each record and each sample lost count as one of the event's
 * samples. A record lost for want of space, when the space was all perf
 * had, marks the data truncated. In snapshot mode the records counted are
 * those since the last lap's count (tea_handle_buffer), a lap whose
 * interrupt has not come included.
 */
static void tea_aux_end(struct tea_pmu *tea, struct perf_event *event)
{
	struct perf_output_handle *handle = this_cpu_ptr(tea->handle);
	struct tea_aux_buf *buf = perf_get_aux(handle);
	u64 ptr = csr_read(TEA_CSR_PTR), rec = tea_record_bytes(tea), size, records;
	u64 start = *this_cpu_ptr(tea->run_start);

	if (!handle->event)
		return;
	if (buf->snapshot) {
		u64 base = tea_aux_phys(buf, 0), limit = base + buf->size / rec * rec;

		records = (ptr >= start ? ptr - start : limit - start + ptr - base) / rec;
		size = (ptr - base - tea_aux_offset(buf, handle->head)) % buf->size;
		handle->head = ptr - base;
	} else {
		size = ptr - start;
		records = size / rec;
		if (csr_read(TEA_CSR_STAT) & TEA_STAT_FULL && handle->size < size + rec)
			perf_aux_output_flag(handle, PERF_AUX_FLAG_TRUNCATED);
	}
	local64_add(records, &event->count);
	tea_count_lost(event);
	perf_aux_output_end(handle, size);
}

/*
 * Snapshot mode's interrupt: a lap of the area ended, whose records count
 * (a lap the interrupt came too late for goes uncounted).
 */
static void tea_count_lap(struct tea_pmu *tea, struct perf_event *event, struct tea_aux_buf *buf)
{
	u64 rec = tea_record_bytes(tea), *start = this_cpu_ptr(tea->run_start);

	local64_add((tea_aux_phys(buf, 0) + buf->size / rec * rec - *start) / rec, &event->count);
	*start = tea_aux_phys(buf, 0);
	csr_write(TEA_CSR_STAT, 0);
}

u64 tea_aux_start(struct tea_pmu *tea, struct perf_event *event)
{
	struct tea_aux_buf *buf;

	if (!tea_aux_begin(tea, event))
		return 0;
	buf = perf_get_aux(this_cpu_ptr(tea->handle));
	return TEA_CTL_BUF | (buf->snapshot ? TEA_CTL_WRAP : 0);
}

void tea_aux_stop(struct tea_pmu *tea, struct perf_event *event)
{
	csr_write(TEA_CSR_CTL, TEA_CTL_BUF);
	tea_drain(tea, TEA_STAT_V | TEA_STAT_WAIT);
	tea_aux_end(tea, event);
}

/*
 * The buffer's interrupt: the space is nearly used up, or perf wants to
 * wake the reader. The count stands still meanwhile, as for a sample,
 * unless one fell due before the sampler stopped (teatime or tealost
 * moved): then the next comes a full period after the handler.
 */
irqreturn_t tea_handle_buffer(struct tea_pmu *tea, struct perf_event *event)
{
	struct perf_output_handle *handle = this_cpu_ptr(tea->handle);
	u64 left = csr_read(TEA_CSR_COUNT), ctl = csr_read(TEA_CSR_CTL);
	u64 time = csr_read(TEA_CSR_TIME), lost = csr_read(TEA_CSR_LOST);
	struct tea_aux_buf *buf;
	bool held;

	if (!(csr_read(TEA_CSR_STAT) & TEA_STAT_BIRQ))
		return IRQ_NONE;
	buf = event && handle->event ? perf_get_aux(handle) : NULL;
	if (buf && buf->snapshot && ctl & TEA_CTL_EN) {
		tea_count_lap(tea, event, buf);
		return IRQ_HANDLED;
	}
	csr_write(TEA_CSR_CTL, TEA_CTL_BUF);
	held = csr_read(TEA_CSR_TIME) == time && csr_read(TEA_CSR_LOST) == lost;
	tea_drain(tea, TEA_STAT_V | TEA_STAT_WAIT);
	csr_write(TEA_CSR_STAT, 0);
	if (!event || !(ctl & TEA_CTL_EN)) {
		csr_write(TEA_CSR_CTL, 0);
		return IRQ_HANDLED;
	}
	tea_aux_end(tea, event);
	if (!tea_aux_begin(tea, event)) {
		csr_write(TEA_CSR_CTL, 0);
		local64_set(&event->hw.period_left, held ? left + 1 : 0);
		event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
		return IRQ_HANDLED;
	}
	csr_write(TEA_CSR_CTL, ctl);
	if (held)
		csr_write(TEA_CSR_COUNT, left);
	return IRQ_HANDLED;
}
