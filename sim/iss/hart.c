/* The hart: creation, reset, the step and run loops, and state access.
 *
 * What a commit record holds for one hart_step():
 * - pc, priv: the pc and privilege before the step.
 * - insn: the raw bits (16 bits for a compressed instruction), also for an
 *   instruction that traps; 0 when the fetch itself faulted (also when only
 *   the second half of a 32-bit instruction faulted) and for an interrupt.
 * - rd, rd_value: the destination and the value written, for instructions
 *   with a destination other than x0 that retired (a failed SC writes 1);
 *   32-63 name f0-f31 (COMMIT_RD_F).
 *   An EBREAK that the semihosting callback handled reports rd = 10 (a0)
 *   with a0's value afterwards (and does not count in minstret).
 * - mem_size, mem_addr, mem_value: the virtual address and the value of a
 *   store, an AMO (the value it wrote) or a successful SC.
 * - trap, interrupt, cause, tval: the trap taken instead of retiring; cause
 *   has bit 63 set for interrupts, like mcause.
 *
 * Counting: every step (retired instruction, exception or interrupt) adds
 * one to mcycle; only retired instructions add to minstret. */
#include <stdlib.h>

#include "iss/hart_internal.h"
#include "attribution/sampler_model.h"

#define RVC_TABLE_SIZE 0x10000

struct hart *hart_create(struct soc *soc, unsigned hartid)
{
	struct hart *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->rvc = malloc(RVC_TABLE_SIZE * sizeof(h->rvc[0]));
	if (!h->rvc) {
		free(h);
		return NULL;
	}
	rvc_fill_table(h->rvc, false);
	h->soc = soc;
	h->host_mem = host_mem_of_soc(soc);
	h->hartid = hartid;
	h->irq_from_soc = true;
	h->tea_width = HART_TEA_WIDTH;
	h->stop_pc = HART_NO_STOP_PC;
	hart_reset(h, SOC_BOOTROM_BASE);
	return h;
}

void hart_set_fp(struct hart *h, bool on)
{
	h->has_fp = on;
	rvc_fill_table(h->rvc, on);
}

void hart_set_tea_width(struct hart *h, unsigned width)
{
	h->tea_width = width;
	if (h->tea_model)
		tea_sampler_model_reset(h->tea_model, width);
}

void hart_set_tea_irq(struct hart *h, bool on)
{
	h->tea_irq = on;
}

void hart_destroy(struct hart *h)
{
	if (!h)
		return;
	free(h->rvc);
	free(h->tea_model);
	free(h);
}

void hart_reset(struct hart *h, uint64_t pc)
{
	memset(h->x, 0, sizeof(h->x));
	memset(h->f, 0, sizeof(h->f));
	h->pc = pc;
	h->priv = PRIV_M;
	h->resv_valid = false;
	h->stop = false;
	csr_reset(h);
	mmu_flush(h);
	mmu_update_keys(h);
	h->check_irq = true;
}

static bool fetch_slow(struct hart *h, uint32_t *raw)
{
	uint16_t lo, hi;

	if (!mmu_fetch16(h, h->pc, &lo))
		return false;
	if ((lo & 3) != 3) {
		*raw = lo;
		return true;
	}
	/* a fault here reports the address of the second half */
	if (!mmu_fetch16(h, h->pc + 2, &hi))
		return false;
	*raw = lo | (uint32_t)hi << 16;
	return true;
}

static inline bool fetch(struct hart *h, uint32_t *raw)
{
	uint64_t pc = h->pc, off = pc & PAGE_OFFSET_MASK;
	const struct tlb_entry *e = &h->tlb.fetch[TLB_INDEX(pc)];

	if (likely(e->tag == ((pc & ~PAGE_OFFSET_MASK) | h->fetch_key) && e->host &&
		   off <= PAGE_SIZE - 4)) {
		uint32_t v;

		memcpy(&v, e->host + off, 4);
		*raw = (v & 3) == 3 ? v : (v & 0xffff);
		if (unlikely(h->on_access) && (pc >> 6) != h->fetch_line) {
			h->fetch_line = pc >> 6;
			h->on_access(h->on_access_ctx, e->pa | off);
		}
		return true;
	}
	return fetch_slow(h, raw);
}

/* Fetches and runs one instruction, or takes the exception it raises (left
 * in exc_cause/exc_tval). Returns whether it retired; *raw is 0 when the
 * fetch faulted, *insn the 32-bit form. */
static inline __attribute__((always_inline)) bool
execute_one(struct hart *h, uint32_t *raw, uint32_t *insn)
{
	unsigned len = 4;

	if (unlikely(!fetch(h, raw))) {
		*raw = 0;
		*insn = 0;
		hart_trap(h, h->exc_cause, h->exc_tval);
		return false;
	}
	*insn = *raw;
	if ((*raw & 3) != 3) {
		*insn = h->rvc[*raw];
		len = 2;
		if (unlikely(*insn == 0)) {
			hart_raise(h, CAUSE_ILLEGAL_INSN, *raw);
			hart_trap(h, h->exc_cause, h->exc_tval);
			return false;
		}
	}
	if (unlikely(!hart_execute(h, *insn, len))) {
		if (h->exc_cause == CAUSE_ILLEGAL_INSN)
			h->exc_tval = *raw;
		hart_trap(h, h->exc_cause, h->exc_tval);
		return false;
	}
	return true;
}

static void take_interrupt(struct hart *h, unsigned code)
{
	h->exc_cause = CAUSE_INTERRUPT | code;
	h->exc_tval = 0;
	hart_trap(h, h->exc_cause, 0);
	h->cycle += h->cycle_inc;
}

/* Re-evaluates interrupts after something that may have changed them.
 * Returns true when one was taken. */
static bool run_check_interrupts(struct hart *h)
{
	int irq;

	h->check_irq = false;
	if (!h->irq_from_soc)
		return false;
	hart_sample_irq_lines(h);
	irq = hart_pending_interrupt(h);
	if (irq < 0)
		return false;
	take_interrupt(h, (unsigned)irq);
	return true;
}

/* hart_run's loop; with @watch_pc it stops at the stop point's pc, which
 * costs the loop a compare: hart_run has two copies. */
static inline __attribute__((always_inline)) uint64_t run_loop(struct hart *h, uint64_t n,
								bool watch_pc)
{
	uint64_t done = 0;
	uint32_t raw, insn;
	int code;

	h->check_irq = true;
	while (done < n) {
		uint64_t pc = h->pc;
		unsigned priv = h->priv;
		bool retired;

		if (watch_pc && pc == h->stop_pc && hart_at_stop_pc(h))
			break;
		/* Everything that can end the run or raise an interrupt also
		 * sets check_irq, so the common path tests one flag. */
		if (unlikely(h->check_irq)) {
			if (h->stop) {
				h->stop = false;
				break;
			}
			/* the test finisher was written: nothing more to run */
			if (soc_exit_requested(h->soc, &code))
				break;
			if (run_check_interrupts(h)) {
				if (unlikely(h->tea_busy))
					tea_step(h, pc, priv, true, 0, false, 0);
				done++;
				continue;
			}
		}
		retired = execute_one(h, &raw, &insn);
		if (likely(retired))
			h->instret += h->instret_inc;
		h->cycle += h->cycle_inc;
		if (unlikely(h->tea_busy)) {
			uint64_t daddr;
			bool daccess = hart_data_access(h, insn, !retired, &daddr);

			tea_step(h, pc, priv, !retired, insn, daccess, daddr);
		}
		done++;
	}
	return done;
}

uint64_t hart_run(struct hart *h, uint64_t n)
{
	return h->stop_pc != HART_NO_STOP_PC ? run_loop(h, n, true) : run_loop(h, n, false);
}

void hart_end_turn(struct hart *h)
{
	h->resv_valid = false;
}

void hart_stop(struct hart *h)
{
	h->stop = true;
	h->check_irq = true;
}

void hart_set_stop_point(struct hart *h, uint64_t pc, uint32_t marker)
{
	h->stop_pc = pc;
	h->stop_marker = marker;
	h->reached = false;
}

bool hart_at_stop_pc(struct hart *h)
{
	if (h->pc != h->stop_pc)
		return false;
	h->stop_pc = HART_NO_STOP_PC;
	h->reached = true;
	return true;
}

bool hart_reached(const struct hart *h)
{
	return h->reached;
}

/* The destination register of a retired instruction in 32-bit form. */
static unsigned retired_rd(uint32_t insn)
{
	switch (insn & 0x7f) {
	case OPC_LOAD_FP: case OPC_MADD: case OPC_MSUB: case OPC_NMSUB: case OPC_NMADD:
	case OPC_OP_FP:
		return fp_retired_rd(insn);
	case 0x03: case 0x13: case 0x17: case 0x1b: case 0x2f:
	case 0x33: case 0x37: case 0x3b: case 0x67: case 0x6f:
		return (insn >> 7) & 31;
	case 0x73:
		if ((insn >> 12) & 7)
			return (insn >> 7) & 31;
		/* only a semihosting EBREAK retires and writes a0 */
		return insn == 0x00100073u ? 10 : 0;
	default:
		return 0;
	}
}

static void commit_trap(struct commit *c, const struct hart *h)
{
	c->trap = true;
	c->interrupt = (h->exc_cause & CAUSE_INTERRUPT) != 0;
	c->cause = h->exc_cause;
	c->tval = h->exc_tval;
}

bool hart_take_due_interrupt(struct hart *h, struct commit *c)
{
	struct commit rec = { .pc = h->pc, .priv = (uint8_t)h->priv };
	int irq;

	hart_sample_irq_lines(h);
	irq = hart_pending_interrupt(h);
	if (irq < 0)
		return false;
	take_interrupt(h, (unsigned)irq);
	commit_trap(&rec, h);
	if (h->tea_busy)
		tea_step(h, rec.pc, rec.priv, true, 0, false, 0);
	if (c)
		*c = rec;
	return true;
}

void hart_step(struct hart *h, struct commit *c)
{
	struct commit rec = { .pc = h->pc, .priv = (uint8_t)h->priv };
	uint32_t raw, insn;

	if (h->irq_from_soc && hart_take_due_interrupt(h, c))
		return;
	h->st_size = 0;
	h->device_load = false;
	if (execute_one(h, &raw, &insn)) {
		h->instret += h->instret_inc;
		rec.rd = (uint8_t)retired_rd(insn);
		rec.rd_value = hart_reg(h, rec.rd);
		rec.mem_size = (uint8_t)h->st_size;
		if (h->st_size) {
			rec.mem_addr = h->st_addr;
			rec.mem_value = h->st_value;
		}
	} else {
		commit_trap(&rec, h);
	}
	rec.insn = raw;
	rec.daccess = hart_data_access(h, insn, rec.trap, &rec.daddr);
	h->cycle += h->cycle_inc;
	if (h->tea_busy)
		tea_step(h, rec.pc, rec.priv, rec.trap, insn, rec.daccess, rec.daddr);
	if (c)
		*c = rec;
}

void hart_set_semihost(struct hart *h, hart_semihost_fn fn, void *ctx)
{
	h->semihost = fn;
	h->semihost_ctx = ctx;
}

void hart_set_irq_from_soc(struct hart *h, bool on)
{
	h->irq_from_soc = on;
	h->check_irq = true;
}

/* Takes the interrupt the co-simulated RTL took; cause is the interrupt
 * code (mcause without bit 63). */
void hart_take_interrupt(struct hart *h, unsigned cause, struct commit *c)
{
	struct commit rec = { .pc = h->pc, .priv = (uint8_t)h->priv };

	take_interrupt(h, cause & 63);
	commit_trap(&rec, h);
	if (c)
		*c = rec;
}

uint64_t hart_pc(const struct hart *h)
{
	return h->pc;
}

uint64_t hart_reg(const struct hart *h, unsigned r)
{
	if (r < 32)
		return h->x[r];
	return r < COMMIT_RD_F + 32 ? h->f[r - COMMIT_RD_F] : 0;
}

void hart_set_reg(struct hart *h, unsigned r, uint64_t v)
{
	if (r > 0 && r < 32)
		h->x[r] = v;
	else if (r >= COMMIT_RD_F && r < COMMIT_RD_F + 32)
		h->f[r - COMMIT_RD_F] = v;
}

unsigned hart_priv(const struct hart *h)
{
	return h->priv;
}

uint64_t hart_mip_software(const struct hart *h)
{
	return h->mip_sw;
}

uint64_t hart_instret(const struct hart *h)
{
	return h->instret;
}

bool hart_last_load_from_device(const struct hart *h)
{
	return h->device_load;
}

bool hart_csr(const struct hart *h, unsigned csr, uint64_t *v)
{
	return csr_read(h, csr, v);
}
