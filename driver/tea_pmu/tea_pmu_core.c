// SPDX-License-Identifier: GPL-2.0
/*
 * The TEA sampler as a perf PMU (docs/linux.md).
 *
 * Every period cycles the sampler at the head of the reorder buffer latches
 * a time-proportional sample (its cycle, commit state, privilege, up to W
 * instruction addresses and their Performance Signature Vectors) into CSRs
 * and raises an interrupt, which reaches S-mode as a PLIC source (the
 * "tea,sampler" node of the device tree). The handler reads the sample,
 * frees the CSRs and hands it to perf as one PERF_RECORD_SAMPLE: the IP is
 * the first slot's address, the raw data a struct tea_perf_raw, which also
 * carries the samples the hardware lost since the last one.
 *
 * One event runs on a hart at a time (PERF_PMU_CAP_EXCLUSIVE: one per
 * task, or one per CPU). The sampler itself takes no sample of an excluded
 * privilege (teactl's XU/XS/XM), so every interrupt carries a sample that
 * goes through perf's overflow path and counts toward its throttling; an
 * event that excludes the kernel excludes the M-mode firmware too, so a
 * user who may not see kernel addresses never gets one. A context switch
 * saves the cycles left to the next sample (teacount) in hw.period_left
 * and restores them, so a task whose time slices are shorter than the
 * period is sampled in proportion to its time. The count stands still
 * while the interrupt's handler runs, and the jitter is centred on the
 * period, so that samples times the period estimate the program's time
 * (docs/linux.md). A hart that comes online (and each at probe) gets its
 * sampler reset and its interrupt back.
 *
 * Buffer mode, where the sampler writes the samples into the event's AUX
 * area, is tea_pmu_aux.c.
 */

#include <linux/bitfield.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/sched/clock.h>
#include <asm/csr.h>

#include "tea/csr.h"
#include "tea/perf.h"
#include "tea/sample_format.h"
#include "tea_pmu.h"

/* the CPU hotplug state whose callback readies a hart that comes online */
static enum cpuhp_state tea_online;

/*
 * Slot @i's register in the block at @base (TEA_CSR_ADDR0, TEA_CSR_PSV0 or
 * TEA_CSR_DADDR0): a CSR number is an instruction's immediate, so each
 * register has its case.
 */
static u64 tea_read_slot(unsigned int base, unsigned int i)
{
	switch (base + i) {
	case TEA_CSR_ADDR0 + 0: return csr_read(TEA_CSR_ADDR0 + 0);
	case TEA_CSR_ADDR0 + 1: return csr_read(TEA_CSR_ADDR0 + 1);
	case TEA_CSR_ADDR0 + 2: return csr_read(TEA_CSR_ADDR0 + 2);
	case TEA_CSR_ADDR0 + 3: return csr_read(TEA_CSR_ADDR0 + 3);
	case TEA_CSR_ADDR0 + 4: return csr_read(TEA_CSR_ADDR0 + 4);
	case TEA_CSR_ADDR0 + 5: return csr_read(TEA_CSR_ADDR0 + 5);
	case TEA_CSR_ADDR0 + 6: return csr_read(TEA_CSR_ADDR0 + 6);
	case TEA_CSR_ADDR0 + 7: return csr_read(TEA_CSR_ADDR0 + 7);
	case TEA_CSR_PSV0 + 0: return csr_read(TEA_CSR_PSV0 + 0);
	case TEA_CSR_PSV0 + 1: return csr_read(TEA_CSR_PSV0 + 1);
	case TEA_CSR_PSV0 + 2: return csr_read(TEA_CSR_PSV0 + 2);
	case TEA_CSR_PSV0 + 3: return csr_read(TEA_CSR_PSV0 + 3);
	case TEA_CSR_PSV0 + 4: return csr_read(TEA_CSR_PSV0 + 4);
	case TEA_CSR_PSV0 + 5: return csr_read(TEA_CSR_PSV0 + 5);
	case TEA_CSR_PSV0 + 6: return csr_read(TEA_CSR_PSV0 + 6);
	case TEA_CSR_PSV0 + 7: return csr_read(TEA_CSR_PSV0 + 7);
	case TEA_CSR_DADDR0 + 0: return csr_read(TEA_CSR_DADDR0 + 0);
	case TEA_CSR_DADDR0 + 1: return csr_read(TEA_CSR_DADDR0 + 1);
	case TEA_CSR_DADDR0 + 2: return csr_read(TEA_CSR_DADDR0 + 2);
	case TEA_CSR_DADDR0 + 3: return csr_read(TEA_CSR_DADDR0 + 3);
	case TEA_CSR_DADDR0 + 4: return csr_read(TEA_CSR_DADDR0 + 4);
	case TEA_CSR_DADDR0 + 5: return csr_read(TEA_CSR_DADDR0 + 5);
	case TEA_CSR_DADDR0 + 6: return csr_read(TEA_CSR_DADDR0 + 6);
	case TEA_CSR_DADDR0 + 7: return csr_read(TEA_CSR_DADDR0 + 7);
	default: return 0;
	}
}

PMU_FORMAT_ATTR(jitter, "config:0-4");
PMU_FORMAT_ATTR(buffer, "config:5");

static struct attribute *tea_format_attrs[] = {
	&format_attr_jitter.attr,
	&format_attr_buffer.attr,
	NULL,
};

static const struct attribute_group tea_format_group = {
	.name = "format",
	.attrs = tea_format_attrs,
};

/* caps/width: the slots of a sample, what a reader of the raw data needs */
static ssize_t width_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct tea_pmu *tea = to_tea_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%u\n", tea->width);
}
static DEVICE_ATTR_RO(width);

static struct attribute *tea_caps_attrs[] = {
	&dev_attr_width.attr,
	NULL,
};

static const struct attribute_group tea_caps_group = {
	.name = "caps",
	.attrs = tea_caps_attrs,
};

static const struct attribute_group *tea_attr_groups[] = {
	&tea_format_group,
	&tea_caps_group,
	NULL,
};

/*
 * Jitter B adds 0..2^B-1 cycles to teaperiod; the driver takes 2^(B-1)
 * off it, so that the mean interval is the event's period (to half a
 * cycle) and samples times the period estimate time.
 */
static u64 tea_jitter_half(const struct perf_event *event)
{
	u64 jit = FIELD_GET(TEA_PERF_CONFIG_JITTER_MASK, event->attr.config);

	return jit ? 1ull << (jit - 1) : 0;
}

/* teaperiod has 32 bits, and the jitter is centred on the period */
static int tea_check_period(struct perf_event *event, u64 period)
{
	return period > U32_MAX || period <= 2 * tea_jitter_half(event) ? -EINVAL : 0;
}

static int tea_event_init(struct perf_event *event)
{
	struct perf_event_attr *attr = &event->attr;
	const u64 unsupported = PERF_SAMPLE_BRANCH_STACK | PERF_SAMPLE_REGS_USER |
				PERF_SAMPLE_STACK_USER | PERF_SAMPLE_REGS_INTR;

	if (attr->type != event->pmu->type)
		return -ENOENT;
	/* samples every period cycles: no counting, no frequency */
	if (!is_sampling_event(event) || attr->freq)
		return -EINVAL;
	if (!TEA_INTERRUPT_MODE && !tea_buffered(event))
		return -EOPNOTSUPP;
	if (attr->config & ~(TEA_PERF_CONFIG_JITTER_MASK | TEA_PERF_CONFIG_BUFFER) ||
	    FIELD_GET(TEA_PERF_CONFIG_JITTER_MASK, attr->config) > TEA_CTL_JIT_MAX ||
	    tea_check_period(event, attr->sample_period))
		return -EINVAL;
	/*
	 * What the sample cannot tell: the registers are the interrupt's,
	 * not the sampled instruction's; a record in the buffer has no call
	 * chain (the hardware does not walk the stack). Any precise_ip is
	 * honoured: the sample names the instruction the cycle belongs to,
	 * with no skid.
	 */
	if (attr->sample_type & unsupported || attr->exclude_idle ||
	    (attr->sample_type & PERF_SAMPLE_CALLCHAIN && tea_buffered(event)))
		return -EINVAL;
	event->hw.sample_period = attr->sample_period;
	event->hw.last_period = attr->sample_period;
	local64_set(&event->hw.period_left, 0);
	return 0;
}

/* teactl's privilege filter for the event's exclude_* bits */
static u64 tea_ctl_exclude(const struct perf_event_attr *attr)
{
	u64 ctl = 0;

	if (attr->exclude_user)
		ctl |= TEA_CTL_XU;
	if (attr->exclude_kernel)
		ctl |= TEA_CTL_XS | TEA_CTL_XM;
	if (attr->exclude_hv)
		ctl |= TEA_CTL_XM;
	return ctl;
}

/*
 * Lost samples. A sample falls due every period cycles; one that falls due
 * while the last is unread is lost (tealost counts it). So the samples lost
 * between two delivered ones are those that fell due while the first was
 * unread: counted once it is freed, they wait in hw.prev_count and go out
 * with the next sample, which is then (1 + lost) periods after the last
 * one. A sample still unread when the sampler stops is lost too. The
 * event's count (what read() returns) is every sample that fell due:
 * those delivered and those lost, so that losses after the last sample
 * are known too.
 */
static void tea_add_lost(struct perf_event *event, u64 lost)
{
	local64_add(lost, &event->hw.prev_count);
	local64_add(lost, &event->count);
}

void tea_count_lost(struct perf_event *event)
{
	struct tea_pmu *tea = to_tea_pmu(event->pmu);
	u64 *seen = this_cpu_ptr(tea->lost_seen), lost = csr_read(TEA_CSR_LOST);

	tea_add_lost(event, lost - *seen);
	*seen = lost;
}

/*
 * hw.period_left holds the cycles that were left to the next sample when
 * the event last stopped, plus one (0: start a full period). A write to
 * teactl restarts the count, so teacount is written after it.
 */
static void tea_start(struct perf_event *event, int flags)
{
	struct tea_pmu *tea = to_tea_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 jit = FIELD_GET(TEA_PERF_CONFIG_JITTER_MASK, event->attr.config);
	u64 left = local64_read(&hwc->period_left), mode = 0;

	if (flags & PERF_EF_RELOAD || !left) {
		left = 0;
		hwc->last_period = hwc->sample_period;
	}
	csr_write(TEA_CSR_STAT, 0);
	if (tea_buffered(event)) {
		mode = tea_aux_start(tea, event);
		if (!mode) {
			hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
			return;
		}
	}
	hwc->state = 0;
	*this_cpu_ptr(tea->lost_seen) = csr_read(TEA_CSR_LOST);
	csr_write(TEA_CSR_PERIOD, hwc->sample_period - tea_jitter_half(event));
	csr_write(TEA_CSR_CTL, TEA_CTL_EN | mode | jit << TEA_CTL_JIT_SHIFT |
		  tea_ctl_exclude(&event->attr));
	if (left)
		csr_write(TEA_CSR_COUNT, left - 1);
}

/*
 * With sampling off (teactl.EN clear), the sample in the sampler leaves
 * it: a waiting one's instruction leaves the ROB; in buffer mode (BUF
 * still set) the writer writes its record. Tens of cycles; the bound only
 * guards a broken sampler.
 */
void tea_drain(struct tea_pmu *tea, u64 bits)
{
	unsigned int i;

	for (i = 0; i < 100000; i++) {
		if (!(csr_read(TEA_CSR_STAT) & bits))
			return;
		cpu_relax();
	}
	dev_warn_once(tea->dev, "the sampler does not let its last sample go\n");
}

/* Whether a sample fell due since tealost read @lost and teatime @time */
static bool tea_fell_due(u64 lost, u64 time)
{
	return csr_read(TEA_CSR_LOST) != lost || csr_read(TEA_CSR_TIME) != time;
}

/* What teacount holds after a sample cycle: the period less that cycle */
static u64 tea_full_count(void)
{
	u64 period = csr_read(TEA_CSR_PERIOD);

	return period ? period - 1 : 0;
}

/*
 * Stops sampling and keeps the cycles left to the next sample in
 * hw.period_left. teacount is read before teactl is written, as that
 * write restarts the count; a sample that falls due between the two
 * (teatime or tealost moves) began a new period, of which the read saw
 * nothing, so the full period is left (less the few cycles since).
 */
static void tea_pause(struct perf_event *event)
{
	u64 time = csr_read(TEA_CSR_TIME), lost = csr_read(TEA_CSR_LOST);
	u64 left = csr_read(TEA_CSR_COUNT);

	csr_write(TEA_CSR_CTL, csr_read(TEA_CSR_CTL) & TEA_CTL_BUF);
	if (tea_fell_due(lost, time))
		left = tea_full_count();
	local64_set(&event->hw.period_left, left + 1);
}

static void tea_stop(struct perf_event *event, int flags)
{
	struct tea_pmu *tea = to_tea_pmu(event->pmu);
	bool running = !(event->hw.state & PERF_HES_STOPPED);

	if (running)
		tea_pause(event);
	if (running && tea_buffered(event)) {
		tea_aux_stop(tea, event);
		running = false;
	}
	csr_write(TEA_CSR_CTL, 0);
	if (running) {
		/* a sample still unread, or waiting for its instruction, is lost */
		tea_drain(tea, TEA_STAT_WAIT);
		if (csr_read(TEA_CSR_STAT) & TEA_STAT_V)
			tea_add_lost(event, 1);
		tea_count_lost(event);
	}
	csr_write(TEA_CSR_STAT, 0);
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int tea_add(struct perf_event *event, int flags)
{
	struct tea_pmu *tea = to_tea_pmu(event->pmu);
	struct perf_event **active = this_cpu_ptr(tea->active);

	if (*active)
		return -EBUSY;
	*active = event;
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		tea_start(event, 0);
	perf_event_update_userpage(event);
	return 0;
}

static void tea_del(struct perf_event *event, int flags)
{
	struct tea_pmu *tea = to_tea_pmu(event->pmu);

	tea_stop(event, PERF_EF_UPDATE);
	*this_cpu_ptr(tea->active) = NULL;
	perf_event_update_userpage(event);
}

/* The count, samples delivered and lost, is kept up to date as they come. */
static void tea_read(struct perf_event *event)
{
}

/*
 * The registers perf takes a sample's IP, mode and call chain from: the
 * interrupted context's, at the sampled instruction. Its callers are
 * those of the interrupt, a few cycles after the sample: the same unless
 * a call or return committed in between. A user sample whose interrupt
 * came in the kernel (the task trapped right after it) takes the user
 * registers the trap saved; a sample of the kernel whose interrupt came
 * in user mode, or of M mode, goes without a chain, as the kernel's
 * unwinder must not walk a user stack.
 */
static void tea_sample_regs(struct pt_regs *regs, u64 pc, unsigned int priv,
			    struct perf_sample_data *data)
{
	static struct perf_callchain_entry no_callchain;
	struct pt_regs *irq = get_irq_regs();

	if (priv == TEA_PRIV_U && !user_mode(irq) && current->mm)
		*regs = *task_pt_regs(current);
	else
		*regs = *irq;
	if (priv == TEA_PRIV_M || (priv == TEA_PRIV_S && user_mode(irq))) {
		data->callchain = &no_callchain;
		data->sample_flags |= PERF_SAMPLE_CALLCHAIN;
	}
	regs->epc = pc;
	if (priv == TEA_PRIV_U)
		regs->status &= ~SR_SPP;
	else
		regs->status |= SR_SPP;
}

static irqreturn_t tea_handle_sample(struct tea_pmu *tea)
{
	struct perf_event *event = *this_cpu_ptr(tea->active);
	u64 raw_words[TEA_PERF_RAW_SIZE(TEA_MAX_WIDTH) / sizeof(u64)];
	struct tea_perf_raw *sample = (struct tea_perf_raw *)raw_words;
	struct perf_raw_record raw;
	struct perf_sample_data data;
	struct pt_regs regs;
	unsigned int i;
	u64 stat, left, lost;
	bool throttled;

	/*
	 * The count stands still while the handler runs: its cycles are the
	 * profiler's, not the program's, and a sample falls in them only when
	 * the period is shorter than the handler, so counting them would hand
	 * their share to the code around them. (With such a period samples do
	 * fall due in it, and the count goes on: see the end.)
	 */
	if (csr_read(TEA_CSR_CTL) & TEA_CTL_BUF || (event && tea_buffered(event)))
		return tea_handle_buffer(tea, event);
	left = csr_read(TEA_CSR_COUNT);
	lost = csr_read(TEA_CSR_LOST);
	stat = csr_read(TEA_CSR_STAT);
	if (!(stat & TEA_STAT_V))
		return IRQ_NONE;
	if (!event) {
		csr_write(TEA_CSR_STAT, 0);
		return IRQ_HANDLED;
	}
	sample->version = TEA_PERF_RAW_VERSION;
	sample->width = tea->width;
	sample->stat = stat;
	sample->time = csr_read(TEA_CSR_TIME);
	for (i = 0; i < tea->width; i++) {
		sample->slot[i] = tea_read_slot(TEA_CSR_ADDR0, i);
		sample->slot[tea->width + i] = tea_read_slot(TEA_CSR_PSV0, i);
		sample->slot[2 * tea->width + i] = tea_read_slot(TEA_CSR_DADDR0, i);
	}
	sample->lost = local64_xchg(&event->hw.prev_count, 0);
	csr_write(TEA_CSR_STAT, 0);
	tea_count_lost(event);

	local64_inc(&event->count);
	/* PERF_SAMPLE_ADDR: the data address of the instruction at the ip */
	perf_sample_data_init(&data, sample->slot[2 * tea->width], event->hw.last_period);
	tea_sample_regs(&regs, sample->slot[0], TEA_STAT_PRIV(stat), &data);
	if (event->attr.sample_type & PERF_SAMPLE_RAW) {
		raw = (struct perf_raw_record){
			.frag = {
				.size = TEA_PERF_RAW_SIZE(tea->width),
				.data = sample,
			},
		};
		data.raw = &raw;
		data.sample_flags |= PERF_SAMPLE_RAW;
	}
	/* throttled: perf restarts it with .start, from hw.period_left */
	throttled = TEA_INTERRUPT_MODE && perf_event_overflow(event, &data, &regs);
	if (throttled)
		tea_stop(event, 0);
	/*
	 * No sample fell due in the handler when none was lost while this one
	 * was unread and teatime, which each new one sets as it falls due
	 * (taken, waiting for its instruction or filtered), is still this
	 * one's: then the count goes on from where the handler found it.
	 */
	if (!tea_fell_due(lost, sample->time)) {
		if (throttled) {
			local64_set(&event->hw.period_left, left + 1);
		} else {
			csr_write(TEA_CSR_COUNT, left);
			/*
			 * One that fell due between the check and the write
			 * (the count had more than the handler's cycles left
			 * at its start, so not after) began a new period.
			 */
			if (tea_fell_due(lost, sample->time))
				csr_write(TEA_CSR_COUNT, tea_full_count());
		}
	}
	return IRQ_HANDLED;
}

static irqreturn_t tea_irq_handler(int irq, void *dev)
{
	u64 start = local_clock();
	irqreturn_t ret = tea_handle_sample(dev);

	/*
	 * A period shorter than the handler would leave the task no time at
	 * all: perf lowers the sample rate, and throttles, by what the
	 * interrupts cost.
	 */
	if (ret == IRQ_HANDLED)
		if (TEA_INTERRUPT_MODE)
			perf_sample_event_took(local_clock() - start);
	return ret;
}

/* The hart id of @cpu: the reg of its device tree node */
static int tea_hartid(int cpu, u32 *hartid)
{
	struct device_node *np = of_get_cpu_node(cpu, NULL);
	int ret = np ? of_property_read_u32(np, "reg", hartid) : -ENODEV;

	of_node_put(np);
	return ret;
}

/* Off, nothing latched, nothing counted (on the hart it runs on) */
static void tea_reset_sampler(void *unused)
{
	csr_write(TEA_CSR_CTL, 0);
	csr_write(TEA_CSR_STAT, 0);
	csr_write(TEA_CSR_LOST, 0);
	csr_write(TEA_CSR_FILT, 0);
}

/*
 * A hart comes online, or the PMU is probed, on each online hart: a
 * sampler left running by earlier software (or before the hart went
 * down) must not interrupt, and the hart's interrupt, which went to
 * another hart while this one was down, comes back to it.
 */
static int tea_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct tea_pmu *tea = hlist_entry_safe(node, struct tea_pmu, node);
	int irq = *per_cpu_ptr(tea->irq, cpu), ret;

	tea_reset_sampler(NULL);
	/* (without SMP there is nothing to route, and the call fails) */
	ret = IS_ENABLED(CONFIG_SMP) ? irq_set_affinity(irq, cpumask_of(cpu)) : 0;
	if (ret)
		dev_err(tea->dev, "cannot route interrupt %d to CPU %u: %d\n", irq, cpu, ret);
	return ret;
}

static int tea_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct tea_pmu *tea;
	u32 width, hartid;
	u64 info;
	int cpu, irq, ret;

	if (of_property_read_u32(dev->of_node, "tea,commit-width", &width))
		return dev_err_probe(dev, -EINVAL, "no tea,commit-width\n");
	/* the node says the sampler is there: only now are its CSRs read */
	info = csr_read(TEA_CSR_INFO);
	if (TEA_INFO_VERSION(info) != TEA_MAP_VERSION || TEA_INFO_WIDTH(info) != width ||
	    width == 0 || width > TEA_MAX_WIDTH)
		return dev_err_probe(dev, -ENODEV,
				     "teainfo %#llx does not match a %u-wide sampler of map version %u\n",
				     info, width, TEA_MAP_VERSION);

	tea = devm_kzalloc(dev, sizeof(*tea), GFP_KERNEL);
	if (!tea)
		return -ENOMEM;
	tea->dev = dev;
	tea->width = width;
	tea->active = devm_alloc_percpu(dev, struct perf_event *);
	tea->lost_seen = devm_alloc_percpu(dev, u64);
	tea->irq = devm_alloc_percpu(dev, int);
	tea->handle = devm_alloc_percpu(dev, struct perf_output_handle);
	tea->run_start = devm_alloc_percpu(dev, u64);
	if (!tea->active || !tea->lost_seen || !tea->irq || !tea->handle || !tea->run_start)
		return -ENOMEM;

	/*
	 * One interrupt per hart, the node's n-th for hart n. The handler
	 * hands samples to perf, which must happen in hard interrupt context
	 * (no threading, even with threadirqs) on the hart that sampled.
	 */
	for_each_possible_cpu(cpu) {
		ret = tea_hartid(cpu, &hartid);
		if (ret)
			return dev_err_probe(dev, ret, "no hart id for CPU %d\n", cpu);
		irq = platform_get_irq(pdev, hartid);
		if (irq < 0)
			return irq;
		ret = devm_request_irq(dev, irq, tea_irq_handler,
				       IRQF_NOBALANCING | IRQF_NO_THREAD, "tea", tea);
		if (ret)
			return dev_err_probe(dev, ret, "cannot take interrupt %d\n", irq);
		*per_cpu_ptr(tea->irq, cpu) = irq;
	}
	/* each online hart's sampler reset and its interrupt routed to it */
	ret = cpuhp_state_add_instance(tea_online, &tea->node);
	if (ret)
		return dev_err_probe(dev, ret, "cannot ready the harts\n");

	/*
	 * Task events live in the software context, as Arm SPE's do: Linux
	 * hands out the hardware context once per boot, so a module that
	 * took it could not be loaded again.
	 */
	tea->pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.task_ctx_nr	= perf_sw_context,
		.capabilities	= PERF_PMU_CAP_EXCLUSIVE | PERF_PMU_CAP_AUX_NO_SG,
		.attr_groups	= tea_attr_groups,
		.event_init	= tea_event_init,
		.add		= tea_add,
		.del		= tea_del,
		.start		= tea_start,
		.stop		= tea_stop,
		.read		= tea_read,
		.check_period	= tea_check_period,
		.setup_aux	= tea_setup_aux,
		.free_aux	= tea_free_aux,
	};
	platform_set_drvdata(pdev, tea);
	ret = perf_pmu_register(&tea->pmu, "tea", -1);
	if (ret) {
		cpuhp_state_remove_instance_nocalls(tea_online, &tea->node);
		return dev_err_probe(dev, ret, "cannot register the PMU\n");
	}
	dev_info(dev, "TEA sampler, %u slots per sample\n", width);
	return 0;
}

static int tea_remove(struct platform_device *pdev)
{
	struct tea_pmu *tea = platform_get_drvdata(pdev);

	perf_pmu_unregister(&tea->pmu);
	cpuhp_state_remove_instance_nocalls(tea_online, &tea->node);
	on_each_cpu(tea_reset_sampler, NULL, 1);
	return 0;
}

static const struct of_device_id tea_of_match[] = {
	{ .compatible = "tea,sampler" },
	{ }
};
MODULE_DEVICE_TABLE(of, tea_of_match);

static struct platform_driver tea_driver = {
	.driver = {
		.name = "tea-pmu",
		.of_match_table = tea_of_match,
		/*
		 * Unbinding frees the PMU under its open events; it goes away
		 * with the module, which open events hold.
		 */
		.suppress_bind_attrs = true,
	},
	.probe = tea_probe,
	.remove = tea_remove,
};

static int __init tea_init(void)
{
	int ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "perf/tea:online",
					  tea_cpu_online, NULL);

	if (ret < 0)
		return ret;
	tea_online = ret;
	ret = platform_driver_register(&tea_driver);
	if (ret)
		cpuhp_remove_multi_state(tea_online);
	return ret;
}
module_init(tea_init);

static void __exit tea_exit(void)
{
	platform_driver_unregister(&tea_driver);
	cpuhp_remove_multi_state(tea_online);
}
module_exit(tea_exit);

MODULE_DESCRIPTION("TEA time-proportional sampler PMU");
MODULE_LICENSE("GPL");
