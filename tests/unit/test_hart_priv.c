/* Reference ISS: privilege modes, traps and delegation, the CSR file and
 * interrupts. */
#include "hart_test_util.h"
#include "tea/hpm.h"

#define CLINT_MSIP     (SOC_CLINT_BASE + 0x0)
#define CLINT_MTIMECMP (SOC_CLINT_BASE + 0x4000)
#define PLIC_PRIORITY(src) (SOC_PLIC_BASE + 4 * (src))
#define PLIC_ENABLE(ctx)   (SOC_PLIC_BASE + 0x2000 + 0x80 * (ctx))
#define UART_IER (SOC_UART_BASE + 1)
#define UART_RBR (SOC_UART_BASE + 0)

static void test_ecall_cause_depends_on_the_privilege(void **state)
{
	struct hfix *f = *state;
	static const unsigned privs[] = { PRIV_M, PRIV_S, PRIV_U };
	static const uint64_t causes[] = { 11, 9, 8 };

	for (unsigned i = 0; i < 3; i++) {
		struct commit c;

		hart_reset(f->h, CODE_BASE);
		csr_write(f, CSR_MTVEC, MTVEC_BASE);
		if (privs[i] != PRIV_M)
			enter_priv(f, privs[i]);
		c = exec32(f, INSN_ECALL);
		assert_trap(&c, causes[i], 0);
		assert_int_equal(c.priv, privs[i]);
		assert_int_equal(c.insn, INSN_ECALL);
		assert_int_equal(hart_priv(f->h), PRIV_M);
		assert_int_equal(hart_pc(f->h), MTVEC_BASE);
		assert_int_equal(csr(f, CSR_MEPC), c.pc);
		assert_int_equal((csr(f, CSR_MSTATUS) >> MSTATUS_MPP_SHIFT) & 3, privs[i]);
	}
}

static void test_ecall_from_user_is_delegated_to_supervisor(void **state)
{
	struct hfix *f = *state;
	uint64_t pc;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_STVEC, STVEC_BASE);
	csr_write(f, CSR_MEDELEG, 1u << 8);
	csr_write(f, CSR_MSTATUS, MSTATUS_SIE);
	csr_write(f, CSR_MCAUSE, 0);
	enter_priv(f, PRIV_U);
	pc = hart_pc(f->h);
	c = exec32(f, INSN_ECALL);
	assert_trap(&c, 8, 0);
	assert_int_equal(hart_priv(f->h), PRIV_S);
	assert_int_equal(hart_pc(f->h), STVEC_BASE);
	assert_int_equal(csr(f, CSR_SCAUSE), 8);
	assert_int_equal(csr(f, CSR_SEPC), pc);
	assert_int_equal(csr(f, CSR_MCAUSE), 0);
	/* SPP = U, SPIE = the old SIE, SIE cleared */
	assert_int_equal(csr(f, CSR_SSTATUS) & (MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE),
			 MSTATUS_SPIE);
}

static void test_delegation_does_not_apply_to_traps_from_m_mode(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_STVEC, STVEC_BASE);
	csr_write(f, CSR_MEDELEG, 1u << 2);
	c = exec32(f, 0xffffffffu);
	assert_trap(&c, 2, 0xffffffffu);
	assert_int_equal(hart_priv(f->h), PRIV_M);
	assert_int_equal(hart_pc(f->h), MTVEC_BASE);
}

static void test_medeleg_cannot_delegate_ecall_from_m(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_MEDELEG, UINT64_MAX);
	assert_int_equal(csr(f, CSR_MEDELEG), 0xb3ff);
	csr_write(f, CSR_MIDELEG, UINT64_MAX);
	/* SSI, STI, SEI and the TEA sample interrupt (16) */
	assert_int_equal(csr(f, CSR_MIDELEG), 0x10222);
}

static void test_mret_restores_privilege_and_interrupt_enable(void **state)
{
	struct hfix *f = *state;
	struct commit c;
	uint64_t s;

	csr_write(f, CSR_MSTATUS, MSTATUS_MPIE | (1ull << MSTATUS_MPP_SHIFT) | MSTATUS_MPRV);
	csr_write(f, CSR_MEPC, CODE_BASE + 0x101); /* bit 0 reads as zero */
	assert_int_equal(csr(f, CSR_MEPC), CODE_BASE + 0x100);
	c = exec32(f, INSN_MRET);
	assert_retired(&c);
	assert_int_equal(c.rd, 0);
	assert_int_equal(hart_priv(f->h), PRIV_S);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 0x100);
	s = csr(f, CSR_MSTATUS);
	assert_true(s & MSTATUS_MIE);
	assert_true(s & MSTATUS_MPIE);
	assert_int_equal((s >> MSTATUS_MPP_SHIFT) & 3, PRIV_U);
	assert_false(s & MSTATUS_MPRV);
}

static void test_sret_returns_to_spp_and_traps_when_tsr_is_set(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_MSTATUS, MSTATUS_TSR | MSTATUS_SPIE);
	enter_priv(f, PRIV_S);
	c = exec32(f, INSN_SRET);
	assert_trap(&c, 2, INSN_SRET);
	csr_write(f, CSR_MSTATUS, MSTATUS_SPIE);
	enter_priv(f, PRIV_S);
	csr_write(f, CSR_SEPC, CODE_BASE + 0x200);
	c = exec32(f, INSN_SRET);
	assert_retired(&c);
	assert_int_equal(hart_priv(f->h), PRIV_U);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 0x200);
	assert_true(csr(f, CSR_MSTATUS) & MSTATUS_SIE);
}

static void test_xret_from_a_lower_privilege_is_illegal(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	enter_priv(f, PRIV_S);
	c = exec32(f, INSN_MRET);
	assert_trap(&c, 2, INSN_MRET);
	enter_priv(f, PRIV_U);
	c = exec32(f, INSN_SRET);
	assert_trap(&c, 2, INSN_SRET);
}

static void test_wfi_retires_in_m_and_s_and_traps_with_tw_or_from_u(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	c = exec32(f, INSN_WFI);
	assert_retired(&c);
	enter_priv(f, PRIV_S);
	c = exec32(f, INSN_WFI);
	assert_retired(&c);
	c = exec32(f, INSN_ECALL);
	csr_write(f, CSR_MSTATUS, MSTATUS_TW);
	enter_priv(f, PRIV_S);
	c = exec32(f, INSN_WFI);
	assert_trap(&c, 2, INSN_WFI);
	csr_write(f, CSR_MSTATUS, 0);
	enter_priv(f, PRIV_U);
	c = exec32(f, INSN_WFI);
	assert_trap(&c, 2, INSN_WFI);
}

static void test_tvm_traps_satp_and_sfence_vma_in_supervisor(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	enter_priv(f, PRIV_S);
	c = exec32(f, csrrs(5, CSR_SATP, 0));
	assert_retired(&c);
	c = exec32(f, sfence_vma(0, 0));
	assert_retired(&c);
	exec32(f, INSN_ECALL);
	csr_write(f, CSR_MSTATUS, MSTATUS_TVM);
	enter_priv(f, PRIV_S);
	c = exec32(f, csrrs(5, CSR_SATP, 0));
	assert_trap(&c, 2, csrrs(5, CSR_SATP, 0));
	enter_priv(f, PRIV_S);
	c = exec32(f, sfence_vma(5, 0));
	assert_trap(&c, 2, sfence_vma(5, 0));
	enter_priv(f, PRIV_U);
	c = exec32(f, sfence_vma(0, 0));
	assert_trap(&c, 2, sfence_vma(0, 0));
}

static void test_csr_access_above_the_current_privilege_is_illegal(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	enter_priv(f, PRIV_U);
	c = exec32(f, csrrs(5, CSR_SSTATUS, 0));
	assert_trap(&c, 2, csrrs(5, CSR_SSTATUS, 0));
	assert_int_equal(c.priv, PRIV_U);
	enter_priv(f, PRIV_S);
	c = exec32(f, csrrs(5, CSR_SSTATUS, 0));
	assert_retired(&c);
	c = exec32(f, csrrs(5, CSR_MSTATUS, 0));
	assert_trap(&c, 2, csrrs(5, CSR_MSTATUS, 0));
	enter_priv(f, PRIV_S);
	c = exec32(f, csrrs(5, CSR_MHARTID, 0));
	assert_trap(&c, 2, csrrs(5, CSR_MHARTID, 0));
}

static void test_read_only_csrs_can_be_read_but_not_written(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	c = exec32(f, csrrs(5, CSR_MHARTID, 0));
	assert_retired(&c);
	assert_int_equal(c.rd_value, 0);
	c = exec32(f, csrrsi(5, CSR_MHARTID, 0));
	assert_retired(&c);
	c = exec32(f, csrrw(0, CSR_MHARTID, 0));
	assert_trap(&c, 2, csrrw(0, CSR_MHARTID, 0));
	/* CSRRS with a register other than x0 writes, even when it holds 0 */
	hart_set_reg(f->h, 6, 0);
	c = exec32(f, csrrs(5, CSR_CYCLE, 6));
	assert_trap(&c, 2, csrrs(5, CSR_CYCLE, 6));
}

static void test_nonexistent_csrs_are_illegal(void **state)
{
	struct hfix *f = *state;
	static const unsigned missing[] = {
		0x001, /* fflags: no F */
		0x003, /* fcsr */
		0x3a1, /* pmpcfg1 does not exist on RV64 */
		0x31a, /* menvcfgh is RV32 only */
		0xb01, /* no mtime CSR */
		0xc80, /* cycleh is RV32 only */
		0x7b0, /* dcsr: debug mode only */
		0x15d, /* stimecmp: no Sstc */
		0x600, /* hstatus: no H */
	};

	for (size_t i = 0; i < sizeof(missing) / sizeof(missing[0]); i++) {
		struct commit c;
		uint64_t v;

		hart_reset(f->h, CODE_BASE);
		c = exec32(f, csrrs(5, missing[i], 0));
		if (!c.trap || c.cause != 2)
			fail_msg("csr %03x exists", missing[i]);
		assert_false(hart_csr(f->h, missing[i], &v));
	}
}

static void test_counters_are_gated_by_mcounteren_and_scounteren(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	enter_priv(f, PRIV_S);
	c = exec32(f, csrrs(5, CSR_CYCLE, 0));
	assert_trap(&c, 2, csrrs(5, CSR_CYCLE, 0));
	csr_write(f, CSR_MCOUNTEREN, 0x7);
	enter_priv(f, PRIV_S);
	c = exec32(f, csrrs(5, CSR_TIME, 0));
	assert_retired(&c);
	c = exec32(f, csrrs(5, 0xc03, 0)); /* hpmcounter3 */
	assert_trap(&c, 2, csrrs(5, 0xc03, 0));
	enter_priv(f, PRIV_U);
	c = exec32(f, csrrs(5, CSR_INSTRET, 0));
	assert_trap(&c, 2, csrrs(5, CSR_INSTRET, 0));
	csr_write(f, CSR_SCOUNTEREN, 0x4);
	enter_priv(f, PRIV_U);
	c = exec32(f, csrrs(5, CSR_INSTRET, 0));
	assert_retired(&c);
	assert_int_equal(c.rd_value, hart_instret(f->h) - 1);
	c = exec32(f, csrrs(5, CSR_CYCLE, 0));
	assert_trap(&c, 2, csrrs(5, CSR_CYCLE, 0));
}

static void test_hpm_counters_and_events_hold_what_is_written(void **state)
{
	struct hfix *f = *state;

	csr_write(f, 0xb05, 0x1234); /* mhpmcounter5 */
	csr_write(f, 0x325, 7);      /* mhpmevent5 */
	exec32(f, INSN_NOP);
	assert_int_equal(csr(f, 0xb05), 0x1234);
	assert_int_equal(csr(f, 0xc05), 0x1234);
	assert_int_equal(csr(f, 0x325), 7);
}

/* One counter per event: mhpmcounter3 .. 2 + TEA_HPM_NUM_EVENTS. The rest
 * (and their mhpmevents and mcountinhibit bits) read 0 and ignore writes. */
static void test_hpm_counters_past_one_per_event_are_read_only_zero(void **state)
{
	struct hfix *f = *state;
	unsigned last = 2 + TEA_HPM_NUM_EVENTS;

	csr_write(f, 0xb00 + last, 5);
	csr_write(f, 0x320 + last, 6);
	csr_write(f, 0xb01 + last, 5);
	csr_write(f, 0x321 + last, 6);
	csr_write(f, 0xb1f, 5);
	csr_write(f, 0x33f, 6);
	csr_write(f, CSR_MCOUNTINHIBIT, ~0ull);
	exec32(f, INSN_NOP);
	assert_int_equal(csr(f, 0xb00 + last), 5);
	assert_int_equal(csr(f, 0xc00 + last), 5);
	assert_int_equal(csr(f, 0x320 + last), 6);
	assert_int_equal(csr(f, 0xb01 + last), 0);
	assert_int_equal(csr(f, 0xc01 + last), 0);
	assert_int_equal(csr(f, 0x321 + last), 0);
	assert_int_equal(csr(f, 0xb1f), 0);
	assert_int_equal(csr(f, 0x33f), 0);
	assert_int_equal(csr(f, CSR_MCOUNTINHIBIT), ((2ull << last) - 1) & ~2ull);
}

static void test_misa_reads_rv64_acimsu_and_ignores_writes(void **state)
{
	struct hfix *f = *state;
	uint64_t expect = 2ull << 62 | 1 << 0 | 1 << 2 | 1 << 8 | 1 << 12 | 1 << 18 | 1 << 20;

	assert_int_equal(csr(f, CSR_MISA), expect);
	csr_write(f, CSR_MISA, 0);
	assert_int_equal(csr(f, CSR_MISA), expect);
}

static void test_mstatus_warl_fields_keep_legal_values(void **state)
{
	struct hfix *f = *state;
	uint64_t s;

	csr_write(f, CSR_MSTATUS, 1ull << MSTATUS_MPP_SHIFT);
	csr_write(f, CSR_MSTATUS, (UINT64_MAX & ~(3ull << MSTATUS_MPP_SHIFT)) |
		  (2ull << MSTATUS_MPP_SHIFT));
	s = csr(f, CSR_MSTATUS);
	assert_int_equal((s >> MSTATUS_MPP_SHIFT) & 3, 1); /* MPP = 2 is kept out */
	assert_int_equal((s >> 32) & 0xf, 0xa);            /* UXL = SXL = 64-bit */
	assert_int_equal((s >> 13) & 0xf, 0);              /* FS = XS = 0 */
	assert_int_equal(s >> 63, 0);                      /* SD */
	assert_true(s & MSTATUS_TSR);
	assert_int_equal(csr(f, CSR_SSTATUS),
			 s & (MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM |
			      MSTATUS_MXR | (3ull << 32)));
}

static void test_sstatus_writes_only_supervisor_fields(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_MSTATUS, 0);
	csr_write(f, CSR_SSTATUS, UINT64_MAX);
	assert_int_equal(csr(f, CSR_MSTATUS) & ~(0xfull << 32),
			 MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | MSTATUS_MXR);
}

static void test_satp_write_with_an_unsupported_mode_is_ignored(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_SATP, (8ull << 60) | 0x80123);
	assert_int_equal(csr(f, CSR_SATP), (8ull << 60) | 0x80123);
	csr_write(f, CSR_SATP, (9ull << 60) | 0x5);
	assert_int_equal(csr(f, CSR_SATP), (8ull << 60) | 0x80123);
	csr_write(f, CSR_SATP, 0);
	assert_int_equal(csr(f, CSR_SATP), 0);
}

static void test_pmp_and_envcfg_csrs_read_zero_and_ignore_writes(void **state)
{
	struct hfix *f = *state;
	static const unsigned regs[] = { 0x3a0, 0x3ae, 0x3b0, 0x3ef, 0x30a, 0x10a };

	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		csr_write(f, regs[i], UINT64_MAX);
		assert_int_equal(csr(f, regs[i]), 0);
	}
}

static void test_tvec_mode_bit_1_is_hardwired_to_zero(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_MTVEC, MTVEC_BASE | 3);
	assert_int_equal(csr(f, CSR_MTVEC), MTVEC_BASE | 1);
	csr_write(f, CSR_STVEC, STVEC_BASE | 2);
	assert_int_equal(csr(f, CSR_STVEC), STVEC_BASE);
}

/* --- interrupts --- */

static void set_msip(struct hfix *f, uint32_t v)
{
	assert_int_equal(soc_store(f->soc, CLINT_MSIP, 4, v), 0);
}

static void test_software_interrupt_is_taken_before_the_next_instruction(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_MIE, 1u << 3);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
	set_msip(f, 1);
	assert_int_equal(csr(f, CSR_MIP) & (1u << 3), 1u << 3);
	hart_step(f->h, &c);
	assert_true(c.trap);
	assert_true(c.interrupt);
	assert_int_equal(c.cause, INTERRUPT_BIT | 3);
	assert_int_equal(c.tval, 0);
	assert_int_equal(c.insn, 0);
	assert_int_equal(c.pc, CODE_BASE + 12);
	assert_int_equal(csr(f, CSR_MEPC), CODE_BASE + 12);
	assert_int_equal(csr(f, CSR_MCAUSE), INTERRUPT_BIT | 3);
	assert_int_equal(hart_pc(f->h), MTVEC_BASE);
	assert_false(csr(f, CSR_MSTATUS) & MSTATUS_MIE);
	assert_true(csr(f, CSR_MSTATUS) & MSTATUS_MPIE);
}

static void test_m_interrupts_need_mie_in_m_mode_but_not_below(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_MIE, 1u << 3);
	set_msip(f, 1);
	c = exec32(f, INSN_NOP);
	assert_retired(&c);
	/* enter_priv's mret sits between the CSR writes and the U code */
	csr_write(f, CSR_MSTATUS, 0);
	csr_write(f, CSR_MEPC, hart_pc(f->h) + 8);
	c = exec32(f, INSN_MRET);
	assert_retired(&c);
	assert_int_equal(hart_priv(f->h), PRIV_U);
	hart_step(f->h, &c);
	assert_true(c.interrupt);
	assert_int_equal(c.priv, PRIV_U);
	assert_int_equal(hart_priv(f->h), PRIV_M);
}

static void test_vectored_mtvec_offsets_interrupts_but_not_exceptions(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE | 1);
	c = exec32(f, INSN_ECALL);
	assert_int_equal(hart_pc(f->h), MTVEC_BASE);
	csr_write(f, CSR_MIE, 1u << 3);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
	set_msip(f, 1);
	hart_step(f->h, &c);
	assert_true(c.interrupt);
	assert_int_equal(hart_pc(f->h), MTVEC_BASE + 4 * 3);
}

static void raise_uart_line(struct hfix *f, bool m_ctx, bool s_ctx)
{
	assert_int_equal(soc_store(f->soc, PLIC_PRIORITY(SOC_UART_IRQ), 4, 1), 0);
	assert_int_equal(soc_store(f->soc, PLIC_ENABLE(0), 4, m_ctx ? 1u << SOC_UART_IRQ : 0), 0);
	assert_int_equal(soc_store(f->soc, PLIC_ENABLE(1), 4, s_ctx ? 1u << SOC_UART_IRQ : 0), 0);
	assert_int_equal(soc_store(f->soc, UART_IER, 1, 1), 0);
	soc_uart_receive(f->soc, 'x');
}

/* Takes the pending interrupt, checks its cause, masks it in mie and
 * enables interrupts again. */
static void expect_interrupt(struct hfix *f, unsigned code)
{
	struct commit c;

	hart_step(f->h, &c);
	if (!c.interrupt || c.cause != (INTERRUPT_BIT | code))
		fail_msg("expected interrupt %u, got trap=%d cause=%llx", code, c.trap,
			 (unsigned long long)c.cause);
	csr_write(f, CSR_MIE, csr(f, CSR_MIE) & ~(1ull << code));
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
}

static void test_interrupt_priority_is_mei_msi_mti_sei_ssi_sti(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	raise_uart_line(f, true, true);
	set_msip(f, 1);
	assert_int_equal(soc_store(f->soc, CLINT_MTIMECMP, 8, 0), 0);
	csr_write(f, CSR_MIP, (1u << 1) | (1u << 5));
	assert_int_equal(csr(f, CSR_MIP), 0xaaa);
	csr_write(f, CSR_MIE, 0xaaa);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
	expect_interrupt(f, 11);
	expect_interrupt(f, 3);
	expect_interrupt(f, 7);
	expect_interrupt(f, 9);
	expect_interrupt(f, 1);
	expect_interrupt(f, 5);
	c = exec32(f, INSN_NOP);
	assert_retired(&c);
}

static void test_delegated_interrupt_goes_to_s_and_never_interrupts_m(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_STVEC, STVEC_BASE);
	csr_write(f, CSR_MIDELEG, 1u << 5);
	csr_write(f, CSR_MIE, 1u << 5);
	csr_write(f, CSR_MIP, 1u << 5);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE | MSTATUS_SIE);
	c = exec32(f, INSN_NOP);
	assert_retired(&c);
	assert_int_equal(csr(f, CSR_SIP), 1u << 5);
	assert_int_equal(csr(f, CSR_SIE), 1u << 5);
	/* in S with SIE set it is taken */
	enter_priv(f, PRIV_S);
	hart_step(f->h, &c);
	assert_true(c.interrupt);
	assert_int_equal(c.cause, INTERRUPT_BIT | 5);
	assert_int_equal(hart_priv(f->h), PRIV_S);
	assert_int_equal(hart_pc(f->h), STVEC_BASE);
	assert_int_equal(csr(f, CSR_SCAUSE), INTERRUPT_BIT | 5);
	assert_true(csr(f, CSR_SSTATUS) & MSTATUS_SPP);
	/* now SIE is clear: no second trap in S */
	c = exec32(f, INSN_NOP);
	assert_retired(&c);
}

static void test_sip_ssip_is_writable_only_when_delegated(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_SIP, 2);
	assert_int_equal(csr(f, CSR_MIP), 0);
	csr_write(f, CSR_MIDELEG, 2);
	csr_write(f, CSR_SIP, 2 | (1u << 5) | (1u << 9));
	assert_int_equal(csr(f, CSR_MIP), 2);
	csr_write(f, CSR_SIE, UINT64_MAX);
	assert_int_equal(csr(f, CSR_MIE), 2);
}

static void test_seip_reads_the_or_of_the_software_bit_and_the_plic_line(void **state)
{
	struct hfix *f = *state;
	uint64_t rbr;
	struct commit c;

	raise_uart_line(f, false, true);
	assert_int_equal(csr(f, CSR_MIP), 1u << 9);
	/* csrrc reads the line but only clears the software bit */
	hart_set_reg(f->h, 6, 1u << 9);
	c = exec32(f, csrrc(5, CSR_MIP, 6));
	assert_int_equal(c.rd_value, 1u << 9);
	assert_int_equal(csr(f, CSR_MIP), 1u << 9);
	/* csrrs with another bit keeps the software SEIP at 0 */
	hart_set_reg(f->h, 6, 1u << 1);
	exec32(f, csrrs(0, CSR_MIP, 6));
	assert_int_equal(soc_load(f->soc, UART_RBR, 1, &rbr), 0);
	assert_int_equal(csr(f, CSR_MIP), 1u << 1);
	/* the software bit alone also reads as pending */
	hart_set_reg(f->h, 6, 1u << 9);
	exec32(f, csrrs(0, CSR_MIP, 6));
	assert_int_equal(csr(f, CSR_MIP), (1u << 9) | (1u << 1));
}

static void test_machine_lines_in_mip_are_read_only(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_MIP, UINT64_MAX);
	assert_int_equal(csr(f, CSR_MIP), 0x222);
	set_msip(f, 1);
	csr_write(f, CSR_MIP, 0);
	assert_int_equal(csr(f, CSR_MIP), 1u << 3);
}

static void test_take_interrupt_traps_now_and_fills_the_commit(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_STVEC, STVEC_BASE);
	csr_write(f, CSR_MIDELEG, 1u << 9);
	enter_priv(f, PRIV_U);
	hart_take_interrupt(f->h, 9, &c);
	assert_true(c.trap);
	assert_true(c.interrupt);
	assert_int_equal(c.cause, INTERRUPT_BIT | 9);
	assert_int_equal(c.priv, PRIV_U);
	assert_int_equal(c.insn, 0);
	assert_int_equal(c.rd, 0);
	assert_int_equal(hart_priv(f->h), PRIV_S);
	assert_int_equal(hart_pc(f->h), STVEC_BASE);
	assert_int_equal(csr(f, CSR_SEPC), c.pc);
}

static void test_pending_lines_are_ignored_when_irq_from_soc_is_off(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_irq_from_soc(f->h, false);
	csr_write(f, CSR_MIE, 1u << 3);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
	set_msip(f, 1);
	c = exec32(f, INSN_NOP);
	assert_retired(&c);
	assert_int_equal(hart_run(f->h, 0), 0);
	hart_set_irq_from_soc(f->h, true);
	hart_step(f->h, &c);
	assert_true(c.interrupt);
}

static void test_run_takes_an_interrupt_right_after_the_device_store(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_MIE, 1u << 3);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
	/* sw x7, 0(x6) to msip, then a loop; the handler spins at mtvec */
	hart_set_reg(f->h, 6, CLINT_MSIP);
	hart_set_reg(f->h, 7, 1);
	poke32(f, CODE_BASE + 12, store(2, 7, 6, 0));
	poke32(f, CODE_BASE + 16, enc_j(0, 0));
	poke32(f, MTVEC_BASE, enc_j(0, 0));
	assert_int_equal(hart_run(f->h, 10), 10);
	assert_int_equal(csr(f, CSR_MEPC), CODE_BASE + 16);
	assert_int_equal(csr(f, CSR_MCAUSE), INTERRUPT_BIT | 3);
	assert_int_equal(hart_pc(f->h), MTVEC_BASE);
}

static void test_run_takes_a_timer_interrupt_after_time_advances(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_MIE, 1u << 7);
	csr_write(f, CSR_MSTATUS, MSTATUS_MIE);
	assert_int_equal(soc_store(f->soc, CLINT_MTIMECMP, 8, 100), 0);
	poke32(f, hart_pc(f->h), enc_j(0, 0));
	poke32(f, MTVEC_BASE, enc_j(0, 0));
	hart_run(f->h, 50);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 12);
	soc_tick(f->soc, 100);
	hart_run(f->h, 1);
	assert_int_equal(hart_pc(f->h), MTVEC_BASE);
	assert_int_equal(csr(f, CSR_MCAUSE), INTERRUPT_BIT | 7);
}

#define T(name) cmocka_unit_test_setup_teardown(name, hfix_setup, hfix_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_ecall_cause_depends_on_the_privilege),
		T(test_ecall_from_user_is_delegated_to_supervisor),
		T(test_delegation_does_not_apply_to_traps_from_m_mode),
		T(test_medeleg_cannot_delegate_ecall_from_m),
		T(test_mret_restores_privilege_and_interrupt_enable),
		T(test_sret_returns_to_spp_and_traps_when_tsr_is_set),
		T(test_xret_from_a_lower_privilege_is_illegal),
		T(test_wfi_retires_in_m_and_s_and_traps_with_tw_or_from_u),
		T(test_tvm_traps_satp_and_sfence_vma_in_supervisor),
		T(test_csr_access_above_the_current_privilege_is_illegal),
		T(test_read_only_csrs_can_be_read_but_not_written),
		T(test_nonexistent_csrs_are_illegal),
		T(test_counters_are_gated_by_mcounteren_and_scounteren),
		T(test_hpm_counters_and_events_hold_what_is_written),
		T(test_hpm_counters_past_one_per_event_are_read_only_zero),
		T(test_misa_reads_rv64_acimsu_and_ignores_writes),
		T(test_mstatus_warl_fields_keep_legal_values),
		T(test_sstatus_writes_only_supervisor_fields),
		T(test_satp_write_with_an_unsupported_mode_is_ignored),
		T(test_pmp_and_envcfg_csrs_read_zero_and_ignore_writes),
		T(test_tvec_mode_bit_1_is_hardwired_to_zero),
		T(test_software_interrupt_is_taken_before_the_next_instruction),
		T(test_m_interrupts_need_mie_in_m_mode_but_not_below),
		T(test_vectored_mtvec_offsets_interrupts_but_not_exceptions),
		T(test_interrupt_priority_is_mei_msi_mti_sei_ssi_sti),
		T(test_delegated_interrupt_goes_to_s_and_never_interrupts_m),
		T(test_sip_ssip_is_writable_only_when_delegated),
		T(test_seip_reads_the_or_of_the_software_bit_and_the_plic_line),
		T(test_machine_lines_in_mip_are_read_only),
		T(test_take_interrupt_traps_now_and_fills_the_commit),
		T(test_pending_lines_are_ignored_when_irq_from_soc_is_off),
		T(test_run_takes_an_interrupt_right_after_the_device_store),
		T(test_run_takes_a_timer_interrupt_after_time_advances),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
