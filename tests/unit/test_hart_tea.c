/* The ISS's TEA sampler (sim/iss/tea.c): off, it takes no sample however
 * long the hart runs; a CSR write that enables it takes effect in both
 * step loops (hart_run and hart_step), and a sample of one of the
 * instructions run is latched a period later; teainfo reports TEA's
 * events; a sampled division or square root carries ST-DIV as on the
 * RTL, a multiplication or addition no event; the privilege filter takes
 * no sample of an excluded mode and counts it in teafilt; teacount is the
 * cycles left, and a write to it moves the next sample. A sampled load,
 * store, AMO (SC that fails included) or Zicbop prefetch holds its data
 * address in teadaddr0 and DMASK, also a load that faults on its access;
 * other instructions, and an illegal one in a load's opcode, none. Without a sampler
 * the writable CSRs hold what is written. The sample buffer's tests are in
 * test_hart_tea_buffer.c. */
#include "hart_tea_test_util.h"

#define MSTATUS_FS_INITIAL (1ull << 13)

static void sample_is_a_nop(struct hfix *f)
{
	uint64_t pc = csr(f, TEA_CSR_ADDR0);

	assert_true(pc >= CODE_BASE && pc < CODE_BASE + 4 * NOPS);
}

static void off_takes_no_sample(void **state)
{
	struct hfix *f = *state;

	assert_true(hart_set_tea_sampler(f->h, true));
	fill_nops(f);
	assert_int_equal(hart_run(f->h, 1000), 1000);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, 0);
	assert_int_equal(csr(f, TEA_CSR_LOST), 0);
}

static void enabled_samples_in_the_fast_loop(void **state)
{
	struct hfix *f = *state;

	assert_true(hart_set_tea_sampler(f->h, true));
	fill_nops(f);
	assert_int_equal(hart_run(f->h, 100), 100);
	csr_write(f, TEA_CSR_PERIOD, 50);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN);
	assert_int_equal(csr(f, TEA_CSR_CTL) & TEA_CTL_EN, TEA_CTL_EN);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, 0);
	assert_int_equal(hart_run(f->h, 200), 200);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, TEA_STAT_V);
	sample_is_a_nop(f);
	/* the first sample is unread: later periods are lost */
	assert_true(csr(f, TEA_CSR_LOST) >= 1);
}

static void enabled_samples_in_single_steps(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	assert_true(hart_set_tea_sampler(f->h, true));
	fill_nops(f);
	csr_write(f, TEA_CSR_PERIOD, 20);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN);
	for (int i = 0; i < 60; i++) {
		hart_step(f->h, &c);
		assert_retired(&c);
	}
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, TEA_STAT_V);
	sample_is_a_nop(f);
}

static void disabling_stops_sampling(void **state)
{
	struct hfix *f = *state;
	uint64_t lost;

	assert_true(hart_set_tea_sampler(f->h, true));
	fill_nops(f);
	csr_write(f, TEA_CSR_PERIOD, 10);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN);
	assert_int_equal(hart_run(f->h, 100), 100);
	csr_write(f, TEA_CSR_CTL, 0);
	lost = csr(f, TEA_CSR_LOST);
	assert_true(lost > 0);	/* it was sampling, the first sample unread */
	assert_int_equal(hart_run(f->h, 500), 500);
	assert_int_equal(csr(f, TEA_CSR_LOST), lost);
}

static void excluded_mode_is_filtered_not_lost(void **state)
{
	struct hfix *f = *state;

	assert_true(hart_set_tea_sampler(f->h, true));
	fill_nops(f);
	csr_write(f, TEA_CSR_PERIOD, 10);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_XM);	/* the hart runs in M */
	assert_int_equal(hart_run(f->h, 100), 100);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, 0);
	assert_int_equal(csr(f, TEA_CSR_LOST), 0);
	assert_true(csr(f, TEA_CSR_FILT) >= 9);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN | TEA_CTL_XU | TEA_CTL_XS);
	assert_int_equal(hart_run(f->h, 100), 100);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, TEA_STAT_V);
}

static void count_moves_the_next_sample(void **state)
{
	struct hfix *f = *state;
	uint64_t left;

	assert_true(hart_set_tea_sampler(f->h, true));
	fill_nops(f);
	csr_write(f, TEA_CSR_PERIOD, 1000);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN);
	assert_int_equal(hart_run(f->h, 100), 100);
	left = csr(f, TEA_CSR_COUNT);
	assert_true(left < 1000 - 100 && left > 1000 - 120);
	csr_write(f, TEA_CSR_COUNT, 30);
	assert_int_equal(hart_run(f->h, 20), 20);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, 0);
	assert_int_equal(hart_run(f->h, 20), 20);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, TEA_STAT_V);
}

static void without_a_sampler_csrs_hold_what_is_written(void **state)
{
	struct hfix *f = *state;

	csr_write(f, TEA_CSR_CTL, ~0ull);
	csr_write(f, TEA_CSR_PERIOD, ~0ull);
	csr_write(f, TEA_CSR_FILT, 7);
	csr_write(f, TEA_CSR_COUNT, 1ull << 40 | 5);
	assert_int_equal(csr(f, TEA_CSR_CTL), TEA_CTL_MASK);
	assert_int_equal(csr(f, TEA_CSR_PERIOD), 0xffffffffu);
	assert_int_equal(csr(f, TEA_CSR_FILT), 7);
	assert_int_equal(csr(f, TEA_CSR_COUNT), 5);
	assert_int_equal(csr(f, TEA_CSR_STAT), 0);
}

static void info_reports_the_events(void **state)
{
	struct hfix *f = *state;
	uint64_t info;

	assert_true(hart_set_tea_sampler(f->h, true));
	info = csr(f, TEA_CSR_INFO);
	assert_int_equal(TEA_INFO_PSV_BITS(info), PICS_TEA_NUM_EVENTS);
	assert_int_equal(TEA_INFO_VERSION(info), TEA_MAP_VERSION);
}

/* The PSV of a sample of @insn alone: sampling every cycle from the
 * instruction after the write that enables it. */
static uint64_t psv_of(struct hfix *f, uint32_t insn)
{
	uint64_t pc;
	struct commit c;

	csr_write(f, TEA_CSR_CTL, 0);
	csr_write(f, TEA_CSR_STAT, 0);
	csr_write(f, TEA_CSR_PERIOD, 1);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN);
	pc = hart_pc(f->h);
	c = exec32(f, insn);
	assert_false(c.trap);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, TEA_STAT_V);
	assert_int_equal(csr(f, TEA_CSR_ADDR0), pc);
	return csr(f, TEA_CSR_PSV0);
}

/* Samples @insn alone, as psv_of; whether it had a data address, in *addr. */
static bool daddr_of(struct hfix *f, uint32_t insn, bool trap, uint64_t *addr)
{
	struct commit c;

	csr_write(f, TEA_CSR_CTL, 0);
	csr_write(f, TEA_CSR_STAT, 0);
	csr_write(f, TEA_CSR_PERIOD, 1);
	csr_write(f, TEA_CSR_CTL, TEA_CTL_EN);
	c = exec32(f, insn);
	assert_int_equal(c.trap, trap);
	assert_int_equal(csr(f, TEA_CSR_STAT) & TEA_STAT_V, TEA_STAT_V);
	*addr = csr(f, TEA_CSR_DADDR0);
	/* the co-simulation's commit record says the same */
	assert_int_equal(c.daccess, TEA_STAT_DMASK(csr(f, TEA_CSR_STAT)) == 1);
	assert_int_equal(c.daddr, *addr);
	return TEA_STAT_DMASK(csr(f, TEA_CSR_STAT)) == 1;
}

static void memory_accesses_carry_their_data_address(void **state)
{
	const struct {
		const char *name;
		uint32_t insn;
		bool trap, access;
		uint64_t addr;
	} cases[] = {
		{ "ld", enc_i(16, 6, 3, 5, 0x03), false, true, DATA_BASE + 16 },
		{ "lw rd = rs1", enc_i(-8, 7, 2, 7, 0x03), false, true, DATA_BASE + 0x100 - 8 },
		{ "sd", enc_s(24, 5, 6, 3, 0x23), false, true, DATA_BASE + 24 },
		{ "amoadd.d", enc_r(0x00, 5, 6, 3, 10, 0x2f), false, true, DATA_BASE },
		{ "sc.d without a reservation", enc_r(0x0c, 5, 6, 3, 10, 0x2f), false, true,
		  DATA_BASE },
		{ "prefetch.r", enc_i(64 | 1, 6, 6, 0, 0x13), false, true, DATA_BASE + 64 },
		{ "prefetch.w back", enc_i(-64 | 3, 6, 6, 0, 0x13), false, true, DATA_BASE - 64 },
		{ "misaligned ld", enc_i(3, 6, 3, 5, 0x03), true, true, DATA_BASE + 3 },
		{ "ld outside memory", enc_i(0, 0, 3, 5, 0x03), true, true, 0 },
		{ "add", enc_r(0, 5, 6, 0, 10, 0x33), false, false, 0 },
		{ "ori x0 (a hint, no prefetch)", enc_i(64 | 2, 6, 6, 0, 0x13), false, false, 0 },
		{ "illegal load opcode (funct3 7)", enc_i(0, 6, 7, 5, 0x03), true, false, 0 },
	};
	struct hfix *f = *state;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	assert_true(hart_set_tea_sampler(f->h, true));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t addr;
		bool access;

		hart_set_reg(f->h, 6, DATA_BASE);
		hart_set_reg(f->h, 7, DATA_BASE + 0x100);
		access = daddr_of(f, cases[i].insn, cases[i].trap, &addr);
		if (access != cases[i].access || addr != cases[i].addr)
			fail_msg("%s: %s %#llx, expected %s %#llx", cases[i].name,
				 access ? "data address" : "none", (unsigned long long)addr,
				 cases[i].access ? "data address" : "none",
				 (unsigned long long)cases[i].addr);
		hart_reset(f->h, CODE_BASE);
		csr_write(f, CSR_MTVEC, MTVEC_BASE);
	}
}

static uint32_t fp_op(unsigned funct7, unsigned rm, unsigned rd, unsigned rs1, unsigned rs2)
{
	return enc_r(funct7, rs2, rs1, rm, rd, 0x53);
}

static void divisions_carry_st_div(void **state)
{
	const struct {
		const char *name;
		uint32_t insn;
		bool st_div;
	} cases[] = {
		{ "div", op(1, 4, 5, 6, 7), true },
		{ "divu", op(1, 5, 5, 6, 7), true },
		{ "rem", op(1, 6, 5, 6, 7), true },
		{ "remu", op(1, 7, 5, 6, 7), true },
		{ "divw", op32(1, 4, 5, 6, 7), true },
		{ "divuw", op32(1, 5, 5, 6, 7), true },
		{ "remw", op32(1, 6, 5, 6, 7), true },
		{ "remuw", op32(1, 7, 5, 6, 7), true },
		{ "fdiv.s", fp_op(0x0c, 0, 3, 1, 2), true },
		{ "fdiv.d", fp_op(0x0d, 0, 3, 1, 2), true },
		{ "fsqrt.s", fp_op(0x2c, 0, 3, 1, 0), true },
		{ "fsqrt.d", fp_op(0x2d, 0, 3, 1, 0), true },
		{ "mul", op(1, 0, 5, 6, 7), false },
		{ "mulhu", op(1, 3, 5, 6, 7), false },
		{ "mulw", op32(1, 0, 5, 6, 7), false },
		{ "add", op(0, 0, 5, 6, 7), false },
		{ "fmul.d", fp_op(0x09, 0, 3, 1, 2), false },
		{ "fadd.s", fp_op(0x00, 0, 3, 1, 2), false },
		{ "fmadd.d", enc_r(0x01 | 2 << 2, 2, 1, 0, 3, 0x43), false },
		{ "fcvt.d.l", fp_op(0x69, 0, 3, 6, 2), false },
	};
	struct hfix *f = *state;

	hart_set_fp(f->h, true);
	hart_reset(f->h, CODE_BASE);
	hart_set_reg(f->h, T0, MSTATUS_FS_INITIAL);
	assert_false(exec32(f, csrrs(0, CSR_MSTATUS, T0)).trap);
	assert_true(hart_set_tea_sampler(f->h, true));
	hart_set_reg(f->h, 6, 1000);
	hart_set_reg(f->h, 7, 7);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t psv = psv_of(f, cases[i].insn);
		uint64_t want = cases[i].st_div ? 1u << PICS_TEA_ST_DIV : 0;

		if (psv != want)
			fail_msg("%s: PSV %#llx, expected %#llx", cases[i].name,
				 (unsigned long long)psv, (unsigned long long)want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(off_takes_no_sample, hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(enabled_samples_in_the_fast_loop, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(enabled_samples_in_single_steps, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(disabling_stops_sampling, hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(excluded_mode_is_filtered_not_lost, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(count_moves_the_next_sample, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(without_a_sampler_csrs_hold_what_is_written,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(info_reports_the_events, hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(divisions_carry_st_div, hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(memory_accesses_carry_their_data_address, hfix_setup,
						hfix_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
