// Checks csr_file against the reference ISS (sim/iss): the RTL and an ISS
// hart (hart 3 of a 4-hart SoC, whose CLINT and PLIC drive the interrupt
// lines of both) go through the same random sequence, one clock cycle per
// ISS step:
// - CSR instructions of every form on existing, missing, random and TEA
//   (0x5C0-0x5FF, served outside) addresses, from M, S and U, with values
//   that hit the WARL rules; illegal ones trap on both sides;
// - traps with random causes (delegated or not, vectored or not), taking
//   the pending interrupt, MRET, SRET, WFI and SFENCE.VMA (legal or trapping);
// - interrupt line (the TEA sample line too), mtime and mtimecmp changes; cycles retiring 0..W other
//   instructions; random event counts on every cycle; resets mid-run;
// - F and D (the hart has them): fflags, frm and fcsr (illegal while
//   mstatus.FS is Off, FS Dirty when written), FS written through mstatus
//   and sstatus (SD follows it), misa's F and D; cycles whose retiring FP
//   instructions raise flags (fp_flags_i) or write an f register
//   (fp_dirty_i, with flags too, as the ISS dirties FS), also beside a trap.
// Per cycle it compares rd values, illegal flags, trap and xRET targets; after
// every cycle priv, priv_data, satp, SUM/MXR, the xRET/WFI/SFENCE legality,
// the pending interrupt and its cause, WFI wake-up, and the value of every
// CSR, frm_o and fs_off_o. Counters are compared exactly: the ISS counts steps (one per cycle
// here) and retired instructions, and the bench adds the event counts to the
// ISS's mhpmcounters by the RTL's rule. Every few hundred cycles it sweeps all
// 4096 addresses for read and write legality in the current privilege.
#include <cstddef>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "Vcsr_file_tb_top.h"
#include "verilated.h"

extern "C" {
#include "iss/hart_internal.h"
#include "tea/hpm.h"
}

namespace {

constexpr unsigned kHart = 3, kHarts = 4;
constexpr unsigned kCtxM = 2 * kHart, kCtxS = 2 * kHart + 1;  // PLIC contexts
constexpr unsigned kUartIrq = 10;
constexpr uint64_t kClint = 0x02000000, kPlic = 0x0c000000, kUart = 0x10000000;
constexpr unsigned kSteps = 200000;

constexpr uint32_t INSN_MRET = 0x30200073, INSN_SRET = 0x10200073;
constexpr uint32_t INSN_SFENCE = 0x12000073;  // sfence.vma x0, x0; INSN_WFI comes from iss/hart.h

// csr_op_e of rtl/include/core_types.svh
enum { CSR_RW = 0, CSR_RS = 1, CSR_RC = 2 };

bool is_ext(unsigned a)
{
	return a >= 0x5c0 && a <= 0x5ff;
}

bool is_pmp(unsigned a)
{
	return a >= 0x3a0 && a <= 0x3ef;
}

const unsigned hot_csrs[] = {
	0x100, 0x104, 0x105, 0x106, 0x141, 0x142, 0x144, 0x180,
	0x300, 0x300, 0x300, 0x302, 0x303, 0x303, 0x304, 0x304, 0x305, 0x306,
	0x320, 0x341, 0x342, 0x344, 0x344, 0xb00, 0xb02, 0xc00, 0xc01, 0xc02,
	0x323, 0x324, 0xb03, 0xb04, 0xc03, 0x33f, 0xb1f, 0xf14,
	0x322 + TEA_HPM_NUM_EVENTS, 0x323 + TEA_HPM_NUM_EVENTS,  // the last counter and
	0xb02 + TEA_HPM_NUM_EVENTS, 0xb03 + TEA_HPM_NUM_EVENTS,  // the first read-only zero one
	0x001, 0x002, 0x003, 0x003, 0x301,  // F and D: fflags, frm, fcsr; misa;
	0x300, 0x100,                       // FS (pick_value)
};

const char *const priv_names[] = { "U", "S", "?", "M" };

class Bench {
public:
	Bench();
	~Bench();
	int run();

private:
	Vcsr_file_tb_top dut;
	struct soc *soc = nullptr;
	struct hart *h = nullptr;
	struct hart scratch;  // a copy of h's CSR state for side-effect-free probes
	std::mt19937_64 rng{2024};
	bool tea_line = false;
	unsigned long tea_irqs = 0;
	unsigned w = 0;
	unsigned lb = 0;
	unsigned ev[TEA_HPM_NUM_EVENTS + 1] = {};
	std::vector<unsigned> csrs;   // addresses the ISS has
	unsigned errors = 0;
	unsigned long cycle_no = 0;
	// coverage
	unsigned long csr_ok[4] = {}, csr_bad[4] = {}, traps_to[4] = {};
	unsigned long resumes = 0, irqs = 0, xrets = 0, ext_ops = 0, sweeps[4] = {}, counted = 0;
	unsigned long fp_csr_ok = 0, fp_csr_off = 0, fp_flag_cycles = 0, fp_dirtied = 0,
		      fs_seen[4] = {};

	void fail(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
	void tick();
	void reset_both();
	void sync_lines();
	void begin_cycle();
	void end_cycle();
	void count_iss(bool retired, unsigned n_retired, int written_hpm);
	bool probe(uint32_t insn);
	void check_state();
	void sweep();
	void trap_both(uint64_t cause, uint64_t pc, uint64_t tval, bool interrupt_api);
	unsigned pick_addr();
	uint64_t pick_value(unsigned addr);
	void step_csr();
	void step_trap();
	void step_irq();
	void step_system(uint32_t insn);
	void step_resume();
	void step_idle();
	void fp_commit();
	void change_lines();
};

Bench::Bench()
{
	struct soc_config cfg = {};

	cfg.dram_size = 1 << 20;
	cfg.nharts = kHarts;
	cfg.timebase_hz = 10000000;
	cfg.clock_hz = 100000000;
	soc = soc_create(&cfg);
	h = soc ? hart_create(soc, kHart) : nullptr;
	if (!h) {
		printf("FAIL: cannot create the ISS\n");
		exit(1);
	}
	hart_set_irq_from_soc(h, false);
	hart_set_fp(h, true);
	// The UART holds a received byte with its interrupt enabled, so that
	// the PLIC's per-context enables switch MEIP and SEIP of hart 3.
	soc_store(soc, kPlic + 4 * kUartIrq, 4, 1);
	soc_store(soc, kUart + 1, 1, 1);
	soc_uart_receive(soc, 'x');
	soc_store(soc, kClint + 0x4000 + 8 * kHart, 8, ~0ull);

	for (unsigned a = 0; a < 4096; a++) {
		uint64_t v;

		if (hart_csr(h, a, &v) && !is_pmp(a))
			csrs.push_back(a);
	}
	dut.eval();
	w = dut.cfg_w_o;
	if (w < 1 || w > 8) {
		printf("FAIL: CFG_W %u from the bench top\n", w);
		exit(1);
	}
	lb = 0;
	while ((1u << lb) < w + 1)
		lb++;
}

Bench::~Bench()
{
	dut.final();
	hart_destroy(h);
	soc_destroy(soc);
}

void Bench::fail(const char *fmt, ...)
{
	va_list ap;

	if (errors++ >= 20)
		return;
	printf("FAIL (cycle %lu, priv %s): ", cycle_no, priv_names[h->priv & 3]);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

void Bench::tick()
{
	dut.clk_i = 0;
	dut.eval();
	dut.clk_i = 1;
	dut.eval();
	cycle_no++;
}

void Bench::reset_both()
{
	dut.rst_ni = 0;
	dut.eval();
	tick();
	dut.rst_ni = 1;
	dut.eval();
	hart_reset(h, 0x1000);
}

// The RTL's interrupt inputs and mtime follow the SoC, as the ISS sees it.
void Bench::sync_lines()
{
	uint64_t lines = soc_irq_lines(soc, kHart);

	dut.irq_m_soft_i = (lines >> IRQ_M_SOFT) & 1;
	dut.irq_m_timer_i = (lines >> IRQ_M_TIMER) & 1;
	dut.irq_m_ext_i = (lines >> IRQ_M_EXT) & 1;
	dut.irq_s_ext_i = (lines >> IRQ_S_EXT) & 1;
	dut.mtime_i = soc_mtime(soc);
	// the TEA sample interrupt comes and goes as software reads samples
	if (rng() % 64 == 0)
		tea_line = !tea_line;
	dut.irq_tea_i = tea_line;
	hart_set_tea_irq(h, tea_line);
	hart_sample_irq_lines(h);
}

void Bench::begin_cycle()
{
	uint64_t events = 0;

	dut.csr_valid_i = 0;
	dut.csr_write_i = 0;
	dut.csr_read_i = 0;
	dut.trap_valid_i = 0;
	dut.mret_i = 0;
	dut.sret_i = 0;
	dut.resume_i = 0;
	dut.instret_i = 0;
	dut.fp_flags_i = 0;
	dut.fp_dirty_i = 0;
	// event counts: often zero, as in a real core
	for (unsigned e = 1; e <= TEA_HPM_NUM_EVENTS; e++) {
		ev[e] = rng() % 3 == 0 ? (unsigned)(rng() % (w + 1)) : 0;
		events |= (uint64_t)ev[e] << ((e - 1) * lb);
	}
	dut.events_i = events;
	dut.ext_rdata_i = rng();
	dut.ext_illegal_i = rng() & 1;
	soc_tick(soc, rng() % 3);
	sync_lines();
	dut.eval();
}

void Bench::end_cycle()
{
	tick();
	dut.csr_valid_i = 0;
	dut.trap_valid_i = 0;
	dut.mret_i = 0;
	dut.sret_i = 0;
	dut.resume_i = 0;
	dut.instret_i = 0;
	dut.fp_flags_i = 0;
	dut.fp_dirty_i = 0;
	dut.eval();
	check_state();
}

// The ISS side of one step's counting: mcycle by one step, minstret by the
// retired instructions, and the mhpmcounters by the RTL's rule (the event
// their mhpmevent selects, unless inhibited, except one just written).
void Bench::count_iss(bool retired, unsigned n_retired, int written_hpm)
{
	h->cycle += h->cycle_inc;
	if (retired)
		h->instret += h->instret_inc * n_retired;
	for (unsigned n = 3; n <= HPM_LAST; n++) {
		uint64_t e = h->mhpmevent[n];

		if ((int)n == written_hpm || e < 1 || e > TEA_HPM_NUM_EVENTS || ((h->mcountinhibit >> n) & 1))
			continue;
		h->mhpmcounter[n] += ev[e];
		counted += ev[e];
	}
}

// Whether the ISS would execute insn now (not raise an exception), without
// changing h.
bool Bench::probe(uint32_t insn)
{
	memcpy(&scratch, h, offsetof(struct hart, tlb));
	return hart_execute(&scratch, insn, 4);
}

void Bench::check_state()
{
	uint64_t v;
	int irq;
	bool wake;

	if (dut.priv_o != h->priv)
		fail("priv_o %u, ISS %u", dut.priv_o, h->priv);
	if (dut.priv_data_o != hart_data_priv(h))
		fail("priv_data_o %u, ISS %u", dut.priv_data_o, hart_data_priv(h));
	if (dut.satp_o != h->satp)
		fail("satp_o %016llx, ISS %016llx", (unsigned long long)dut.satp_o,
		     (unsigned long long)h->satp);
	if (dut.sum_o != !!(h->mstatus & MSTATUS_SUM) || dut.mxr_o != !!(h->mstatus & MSTATUS_MXR))
		fail("sum_o/mxr_o %u/%u, mstatus %016llx", dut.sum_o, dut.mxr_o,
		     (unsigned long long)h->mstatus);
	if (dut.frm_o != h->frm)
		fail("frm_o %u, ISS frm %u", dut.frm_o, h->frm);
	if (dut.fs_off_o != !hart_fp_enabled(h))
		fail("fs_off_o %u, mstatus %016llx", dut.fs_off_o, (unsigned long long)h->mstatus);
	fs_seen[(h->mstatus & MSTATUS_FS) >> MSTATUS_FS_SHIFT]++;
	if (dut.mret_illegal_o != !probe(INSN_MRET))
		fail("mret_illegal_o %u", dut.mret_illegal_o);
	if (dut.sret_illegal_o != !probe(INSN_SRET))
		fail("sret_illegal_o %u", dut.sret_illegal_o);
	if (dut.wfi_illegal_o != !probe(INSN_WFI))
		fail("wfi_illegal_o %u", dut.wfi_illegal_o);
	if (dut.sfence_illegal_o != !probe(INSN_SFENCE))
		fail("sfence_illegal_o %u", dut.sfence_illegal_o);

	irq = hart_pending_interrupt(h);
	if (dut.irq_pending_o != (irq >= 0) ||
	    (irq >= 0 && dut.irq_cause_o != (CAUSE_INTERRUPT | (uint64_t)irq)))
		fail("irq_pending_o %u cause %016llx, ISS %d", dut.irq_pending_o,
		     (unsigned long long)dut.irq_cause_o, irq);
	wake = ((h->mip_sw | h->irq_lines) & h->mie) != 0;
	if (dut.wfi_wakeup_o != wake)
		fail("wfi_wakeup_o %u, ISS %u", dut.wfi_wakeup_o, wake);

	dut.csr_write_i = 0;
	for (unsigned a : csrs) {
		if (is_ext(a))  // served outside
			continue;
		dut.csr_addr_i = a;
		dut.eval();
		hart_csr(h, a, &v);
		if (dut.csr_rdata_o != v)
			fail("csr %03x reads %016llx, ISS %016llx", a,
			     (unsigned long long)dut.csr_rdata_o, (unsigned long long)v);
	}
}

// Read and write legality of every address in the current privilege.
void Bench::sweep()
{
	for (unsigned a = 0; a < 4096; a++) {
		uint64_t v;

		if (is_ext(a))
			continue;
		for (unsigned write = 0; write < 2; write++) {
			// csrrw x0, a, x0 writes; csrrs x0, a, x0 does not
			uint32_t insn = a << 20 | (write ? 1u : 2u) << 12 | 0x73;
			bool ok = probe(insn);

			dut.csr_addr_i = a;
			dut.csr_write_i = write;
			dut.eval();
			if (dut.csr_illegal_o != !ok)
				fail("sweep: csr %03x %s: illegal %u, ISS %u", a,
				     write ? "write" : "read", dut.csr_illegal_o, !ok);
			if (dut.ext_valid_o)
				fail("sweep: ext_valid_o for csr %03x", a);
		}
		if (hart_csr(h, a, &v) && is_pmp(a)) {
			dut.csr_write_i = 0;
			dut.eval();
			if (dut.csr_rdata_o != v)
				fail("csr %03x reads %016llx, ISS %016llx", a,
				     (unsigned long long)dut.csr_rdata_o, (unsigned long long)v);
		}
	}
	dut.csr_write_i = 0;
	sweeps[h->priv & 3]++;
}

// Takes a trap on both sides in this cycle and checks where it goes.
void Bench::trap_both(uint64_t cause, uint64_t pc, uint64_t tval, bool interrupt_api)
{
	dut.trap_valid_i = 1;
	dut.trap_cause_i = cause;
	dut.trap_pc_i = pc;
	dut.trap_tval_i = tval;
	dut.eval();
	h->pc = pc;
	if (interrupt_api) {
		// adds the step to mcycle itself
		hart_take_interrupt(h, (unsigned)(cause & 63), nullptr);
		h->cycle -= h->cycle_inc;
	} else {
		hart_trap(h, cause, tval);
	}
	traps_to[h->priv & 3]++;
	if (dut.trap_target_o != h->pc)
		fail("trap cause %016llx: target %016llx, ISS %016llx", (unsigned long long)cause,
		     (unsigned long long)dut.trap_target_o, (unsigned long long)h->pc);
	count_iss(false, 0, -1);
}

unsigned Bench::pick_addr()
{
	// U-mode reaches only the user counters (when enabled)
	if (h->priv == PRIV_U && rng() % 2)
		return 0xc00 + rng() % 32;
	switch (rng() % 10) {
	case 0: case 1: case 2: case 3:
		return hot_csrs[rng() % (sizeof(hot_csrs) / sizeof(hot_csrs[0]))];
	case 4: case 5: case 6:
		return csrs[rng() % csrs.size()];
	case 7:
		return rng() % 4096;
	case 8:
		return 0x5c0 + rng() % 64;
	default: {
		static const unsigned bases[] = { 0xb00, 0xc00, 0x320 };
		return bases[rng() % 3] + rng() % 32;
	}
	}
}

uint64_t Bench::pick_value(unsigned addr)
{
	uint64_t old = 0;

	hart_csr(h, addr, &old);
	// mstatus and sstatus: often only a new FS, so that every state lasts
	if ((addr == 0x300 || addr == 0x100) && rng() % 2)
		return (old & ~(3ull << 13)) | (rng() % 4) << 13;
	switch (rng() % 10) {
	case 0: case 1: case 2:
		return rng();
	case 3: case 4:
		return rng() % 16;  // event numbers, small enables
	case 5: case 6:
		return old ^ (1ull << (rng() % 64)) ^ (rng() % 4 == 0 ? rng() : 0);
	case 7:
		return rng() & 1 ? ~0ull : 0;
	default: {
		// satp modes: Sv39, Bare, or something else
		uint64_t mode = rng() % 4 == 0 ? rng() % 16 : (rng() & 1 ? 8 : 0);
		return (rng() & ~(0xfull << 60)) | mode << 60;
	}
	}
}

void Bench::step_csr()
{
	unsigned addr = pick_addr();
	unsigned f3op = 1 + rng() % 3;
	bool imm = rng() & 1;
	unsigned rs1 = rng() % 4 == 0 ? 0 : 1 + rng() % 31;
	unsigned rd = rng() % 4 == 0 ? 0 : 1 + rng() % 31;
	uint64_t val = pick_value(addr), src, old = 0, pc = rng() & ~1ull;
	bool write, exists, ok;
	uint32_t insn;
	int written_hpm = -1;

	// reads without a write: what U-mode may do to the counters
	if (h->priv == PRIV_U && rng() % 2) {
		f3op = 2 + rng() % 2;
		rs1 = 0;
		val = 0;
	}
	if (imm) {
		rs1 = val & 31;
		src = rs1;
	} else {
		if (rs1)
			h->x[rs1] = val;
		src = rs1 ? val : 0;
	}
	insn = addr << 20 | rs1 << 15 | ((imm ? 4u : 0u) | f3op) << 12 | rd << 7 | 0x73;
	write = f3op == 1 || rs1 != 0;

	dut.csr_valid_i = 1;
	dut.csr_op_i = f3op == 1 ? CSR_RW : f3op == 2 ? CSR_RS : CSR_RC;
	dut.csr_addr_i = addr;
	dut.csr_wdata_i = src;
	dut.csr_write_i = write;
	dut.csr_read_i = !(f3op == 1 && rd == 0);
	dut.eval();
	if (dut.ext_valid_o != is_ext(addr))
		fail("ext_valid_o %u for csr %03x", dut.ext_valid_o, addr);

	if (is_ext(addr)) {
		// served outside: its value and verdict pass through, nothing here changes
		ext_ops++;
		if (dut.csr_rdata_o != dut.ext_rdata_i || dut.csr_illegal_o != dut.ext_illegal_i)
			fail("csr %03x: rdata %016llx illegal %u, outside %016llx %u", addr,
			     (unsigned long long)dut.csr_rdata_o, dut.csr_illegal_o,
			     (unsigned long long)dut.ext_rdata_i, dut.ext_illegal_i);
		{
			uint64_t o = dut.ext_rdata_i;
			uint64_t want = f3op == 1 ? src : f3op == 2 ? o | src : o & ~src;
			bool we = write && !dut.ext_illegal_i;
			if (dut.ext_we_o != we || (we && dut.ext_wdata_o != want))
				fail("csr %03x: ext write %u of %016llx, expected %u of %016llx", addr,
				     dut.ext_we_o, (unsigned long long)dut.ext_wdata_o, we,
				     (unsigned long long)want);
		}
		if (dut.ext_illegal_i) {
			trap_both(CAUSE_ILLEGAL_INSN, pc, insn, false);
		} else {
			dut.instret_i = 1;
			count_iss(true, 1, -1);
		}
		end_cycle();
		return;
	}

	exists = hart_csr(h, addr, &old);
	h->pc = pc;
	ok = hart_execute(h, insn, 4);
	if (dut.csr_illegal_o != !ok)
		fail("csr %03x (%s, insn %08x): illegal %u, ISS %u", addr,
		     write ? "write" : "read", insn, dut.csr_illegal_o, !ok);
	if (exists && dut.csr_rdata_o != old)
		fail("csr %03x: rdata %016llx, ISS %016llx", addr,
		     (unsigned long long)dut.csr_rdata_o, (unsigned long long)old);
	if (addr >= 0x001 && addr <= 0x003) {
		if (ok)
			fp_csr_ok++;
		else if (!hart_fp_enabled(h))
			fp_csr_off++;
	}
	if (ok) {
		csr_ok[h->priv & 3]++;
		if (rd && h->x[rd] != dut.csr_rdata_o)
			fail("csr %03x: rd %016llx, ISS %016llx", addr,
			     (unsigned long long)dut.csr_rdata_o, (unsigned long long)h->x[rd]);
		if (write && addr >= 0xb03 && addr <= 0xb1f)
			written_hpm = (int)(addr & 31);
		dut.instret_i = 1;
		count_iss(true, 1, written_hpm);
	} else {
		csr_bad[h->priv & 3]++;
		// the core raises the exception in the same cycle; the write must not land
		trap_both(CAUSE_ILLEGAL_INSN, pc, insn, false);
	}
	end_cycle();
}

void Bench::step_trap()
{
	static const unsigned irq_codes[] = { 1, 3, 5, 7, 9, 11 };
	uint64_t cause;

	switch (rng() % 6) {
	case 0: case 1: case 2:
		cause = rng() % 16;
		break;
	case 3:
		cause = rng() % 4 ? rng() % 64 : rng() >> 1;
		break;
	case 4:
		cause = CAUSE_INTERRUPT | irq_codes[rng() % 6];
		break;
	default:
		cause = CAUSE_INTERRUPT | (rng() % 4 ? rng() % 64 : rng());
		break;
	}
	fp_commit();  // older instructions of the trapping one's group
	trap_both(cause, rng() & ~1ull, rng(), false);
	end_cycle();
}

void Bench::step_irq()
{
	int irq = hart_pending_interrupt(h);

	if (!dut.irq_pending_o || irq < 0)
		return;
	irqs++;
	if ((dut.irq_cause_o & 0x3f) == 16)
		tea_irqs++;
	trap_both(dut.irq_cause_o, rng() & ~1ull, 0, true);
	end_cycle();
}

// MRET, SRET, WFI or SFENCE.VMA at the head: it retires, or it traps as an
// illegal instruction (then xRET is still asserted half of the time: the
// RTL must ignore it).
void Bench::step_system(uint32_t insn)
{
	uint64_t pc = rng() & ~1ull;
	bool ok;

	if (insn == INSN_SFENCE)
		insn |= (uint32_t)(rng() % 32) << 15 | (uint32_t)(rng() % 32) << 20;
	h->pc = pc;
	ok = hart_execute(h, insn, 4);
	if (ok) {
		if (insn == INSN_MRET || insn == INSN_SRET) {
			dut.mret_i = insn == INSN_MRET;
			dut.sret_i = insn == INSN_SRET;
			dut.eval();
			xrets++;
			if (dut.xret_target_o != h->pc)
				fail("%s: target %016llx, ISS %016llx",
				     insn == INSN_MRET ? "mret" : "sret",
				     (unsigned long long)dut.xret_target_o,
				     (unsigned long long)h->pc);
		}
		dut.instret_i = 1;
		count_iss(true, 1, -1);
	} else {
		if (rng() & 1) {
			dut.mret_i = insn == INSN_MRET;
			dut.sret_i = insn == INSN_SRET;
		}
		trap_both(CAUSE_ILLEGAL_INSN, pc, insn, false);
	}
	end_cycle();
}

// The debug halt ends into a privilege (dcsr.prv's role, 2 meaning M as
// a WARL field would): the privilege alone changes, mstatus stays.
void Bench::step_resume()
{
	unsigned p = (unsigned)(rng() % 4);

	dut.resume_i = 1;
	dut.resume_priv_i = p;
	h->priv = p == 2 ? PRIV_M : p;
	mmu_update_keys(h);
	h->check_irq = true;
	hart_sample_irq_lines(h);
	resumes++;
	count_iss(false, 0, -1);
	end_cycle();
}

void Bench::step_idle()
{
	unsigned n = rng() % (w + 1);

	if (n)
		fp_commit();
	dut.instret_i = n;
	count_iss(true, n, -1);
	end_cycle();
}

// Retiring F and D instructions (only while FS is not Off: otherwise they
// trap): the flags they raise accrue, and FS becomes Dirty when one raised
// a flag or wrote an f register.
void Bench::fp_commit()
{
	unsigned flags;
	bool dirty;

	if (!hart_fp_enabled(h) || rng() % 2)
		return;
	flags = rng() % 3 ? 0 : 1u << (rng() % 5) | (rng() % 4 ? 0 : (unsigned)(rng() % 32));
	dirty = flags || rng() % 3 == 0;
	dut.fp_flags_i = flags;
	dut.fp_dirty_i = dirty;
	dut.eval();
	fp_flag_cycles += flags != 0;
	fp_dirtied += dirty && (h->mstatus & MSTATUS_FS) != MSTATUS_FS_DIRTY;
	h->fflags |= (uint8_t)flags;
	if (dirty)
		hart_fp_dirty(h);
}

// Interrupt sources and the timer change between cycles.
void Bench::change_lines()
{
	switch (rng() % 5) {
	case 0:
		soc_store(soc, kClint + 4 * kHart, 4, rng() & 1);
		break;
	case 1: {
		uint64_t now = soc_mtime(soc);
		uint64_t cmp = rng() % 3 == 0 ? ~0ull : rng() & 1 ? 0 : now + rng() % 8;
		soc_store(soc, kClint + 0x4000 + 8 * kHart, 8, cmp);
		break;
	}
	case 2:
		soc_store(soc, kClint + 0xbff8, 8, rng() & 1 ? rng() : rng() % 1000);
		break;
	case 3:
		soc_store(soc, kPlic + 0x2000 + 0x80 * kCtxM, 4, (rng() & 1) << kUartIrq);
		break;
	default:
		soc_store(soc, kPlic + 0x2000 + 0x80 * kCtxS, 4, (rng() & 1) << kUartIrq);
		break;
	}
}

int Bench::run()
{
	dut.clk_i = 0;
	reset_both();
	begin_cycle();
	check_state();
	sweep();

	for (unsigned i = 0; i < kSteps && errors == 0; i++) {
		unsigned r = rng() % 100;

		if (i % 1000 == 0 && i)
			sweep();
		if (i == kSteps / 3 || i == 2 * kSteps / 3) {
			// reset from a dirty state: everything back to its reset value
			reset_both();
			begin_cycle();
			check_state();
			continue;
		}
		begin_cycle();
		if (r < 50)
			step_csr();
		else if (r < 58)
			step_trap();
		else if (r < 68)
			step_irq();
		else if (r < 76)
			step_system(INSN_MRET);
		else if (r < 83)
			step_system(INSN_SRET);
		else if (r < 86)
			step_system(INSN_WFI);
		else if (r < 89)
			step_system(INSN_SFENCE);
		else if (r < 93)
			step_idle();
		else if (r < 94)
			step_resume();
		else
			change_lines();
	}

	printf("csr ops retired U/S/M %lu/%lu/%lu, illegal %lu/%lu/%lu; traps to S/M %lu/%lu; "
	       "interrupts %lu (TEA %lu); xRETs %lu; debug resumes %lu; TEA-range ops %lu; "
	       "events counted %lu; "
	       "sweeps U/S/M %lu/%lu/%lu\n",
	       csr_ok[0], csr_ok[1], csr_ok[3], csr_bad[0], csr_bad[1], csr_bad[3],
	       traps_to[1], traps_to[3], irqs, tea_irqs, xrets, resumes, ext_ops, counted,
	       sweeps[0], sweeps[1], sweeps[3]);
	printf("F and D: fflags/frm/fcsr ops retired %lu, refused with FS Off %lu; cycles with "
	       "FP flags %lu, FS made Dirty by fp_dirty_i %lu; cycles with FS Off/Initial/"
	       "Clean/Dirty %lu/%lu/%lu/%lu\n", fp_csr_ok, fp_csr_off, fp_flag_cycles,
	       fp_dirtied, fs_seen[0], fs_seen[1], fs_seen[2], fs_seen[3]);
	if (errors) {
		printf("FAIL: %u errors\n", errors);
		return 1;
	}
	for (unsigned p : { 0u, 1u, 3u }) {
		if (csr_ok[p] < 100 || csr_bad[p] < 100 || sweeps[p] == 0) {
			printf("FAIL: too little coverage in %s-mode\n", priv_names[p]);
			return 1;
		}
	}
	if (irqs < 100 || tea_irqs < 10 || traps_to[1] < 100 || xrets < 200 || counted < 1000 ||
	    resumes < 50) {
		printf("FAIL: too little coverage of interrupts, traps to S, xRETs, debug resumes "
		       "or events\n");
		return 1;
	}
	if (fp_csr_ok < 1000 || fp_csr_off < 300 || fp_flag_cycles < 1000 || fp_dirtied < 100 ||
	    fs_seen[0] < 1000 || fs_seen[1] < 1000 || fs_seen[2] < 1000 || fs_seen[3] < 1000) {
		printf("FAIL: too little F and D coverage\n");
		return 1;
	}
	printf("PASS: %lu cycles against the ISS\n", cycle_no);
	return 0;
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Bench b;
	return b.run();
}
