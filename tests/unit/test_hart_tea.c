/* The ISS's TEA sampler (sim/iss/tea.c): off, it takes no sample however
 * long the hart runs; a CSR write that enables it takes effect in both
 * step loops (hart_run and hart_step), and a sample of one of the
 * instructions run is latched a period later. */
#include "hart_test_util.h"
#include "tea/csr.h"

#define NOP addi(0, 0, 0)
#define NOPS 4096

static void fill_nops(struct hfix *f)
{
	for (unsigned i = 0; i < NOPS; i++)
		poke32(f, CODE_BASE + 4 * i, NOP);
}

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(off_takes_no_sample, hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(enabled_samples_in_the_fast_loop, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(enabled_samples_in_single_steps, hfix_setup,
						hfix_teardown),
		cmocka_unit_test_setup_teardown(disabling_stops_sampling, hfix_setup, hfix_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
