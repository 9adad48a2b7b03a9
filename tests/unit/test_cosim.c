/* Lockstep co-simulation catches a divergence at the first commit that
 * differs, adopts timing-dependent values from the DUT, and follows the
 * DUT's interrupts. The "DUT" here is a second ISS whose commits the test
 * can corrupt. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cosim/cosim.h"
#include "iss/hart.h"
#include "soc/soc.h"

#define BASE 0x80000000ull

static const uint32_t program[] = {
	0x00500093, /* addi x1, x0, 5 */
	0x00708113, /* addi x2, x1, 7 */
	0xb00021f3, /* csrr x3, mcycle */
	0x00110233, /* add  x4, x2, x1 */
	0x00000297, /* auipc x5, 0 */
	0x1042b023, /* sd   x4, 256(x5) */
	0x0200c337, /* lui  x6, 0x200c */
	0xff833383, /* ld   x7, -8(x6): CLINT mtime */
	0x0000006f, /* j    . */
};

struct side {
	struct soc *soc;
	struct hart *hart;
};

struct fixture {
	struct side dut, ref;
	struct cosim *cs;
};

static void side_init(struct side *s)
{
	struct soc_config cfg = { .dram_size = 1 << 20, .nharts = 1, .timebase_hz = 10000000,
				  .clock_hz = 100000000, .isa = "rv64imac", .mmu = "riscv,sv39",
				  .console = stdout };

	s->soc = soc_create(&cfg);
	assert_non_null(s->soc);
	memcpy(soc_dram(s->soc, BASE, sizeof(program)), program, sizeof(program));
	s->hart = hart_create(s->soc, 0);
	assert_non_null(s->hart);
	hart_reset(s->hart, BASE);
	hart_set_irq_from_soc(s->hart, false);
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	side_init(&f->dut);
	side_init(&f->ref);
	f->cs = cosim_create(f->ref.hart, 4);
	assert_non_null(f->cs);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	cosim_destroy(f->cs);
	hart_destroy(f->dut.hart);
	hart_destroy(f->ref.hart);
	soc_destroy(f->dut.soc);
	soc_destroy(f->ref.soc);
	free(f);
	return 0;
}

/* Steps the DUT once, lets edit() corrupt its record, and checks it. */
static bool step_and_check(struct fixture *f, void (*edit)(struct commit *))
{
	struct commit c;

	memset(&c, 0, sizeof(c));
	hart_step(f->dut.hart, &c);
	if (edit)
		edit(&c);
	return cosim_check(f->cs, &c);
}

static void test_identical_runs_agree(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < 20; i++)
		assert_true(step_and_check(f, NULL));
	assert_int_equal(cosim_checked(f->cs), 20);
	assert_string_equal(cosim_mismatch(f->cs), "");
}

static void test_wrong_register_value_is_caught_at_the_first_use(void **state)
{
	struct fixture *f = *state;
	char *report;
	size_t len;
	FILE *out;

	assert_true(step_and_check(f, NULL));
	hart_set_reg(f->dut.hart, 1, 6); /* the DUT's x1 goes bad */
	assert_false(step_and_check(f, NULL));
	assert_non_null(strstr(cosim_mismatch(f->cs), "register value"));
	assert_non_null(strstr(cosim_mismatch(f->cs), "000000000000000d")); /* 6 + 7 */
	assert_non_null(strstr(cosim_mismatch(f->cs), "000000000000000c")); /* 5 + 7 */
	assert_int_equal(cosim_checked(f->cs), 1);
	/* Once diverged it stays diverged. */
	assert_false(step_and_check(f, NULL));

	out = open_memstream(&report, &len);
	cosim_report(f->cs, out);
	fclose(out);
	assert_non_null(strstr(report, "last 2 commits of the DUT"));
	assert_non_null(strstr(report, "last 2 commits of the reference"));
	assert_non_null(strstr(report, "x2=000000000000000d"));
	assert_non_null(strstr(report, "x2=000000000000000c"));
	free(report);
}

static void change_value(struct commit *c)
{
	c->rd_value += 1000;
}

static void test_cycle_counter_read_is_taken_from_the_dut(void **state)
{
	struct fixture *f = *state;

	assert_true(step_and_check(f, NULL));
	assert_true(step_and_check(f, NULL));
	assert_true(step_and_check(f, change_value)); /* csrr x3, mcycle */
	assert_int_equal(hart_reg(f->ref.hart, 3), hart_reg(f->dut.hart, 3) + 1000);
}

static void test_device_register_load_is_taken_from_the_dut(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < 7; i++)
		assert_true(step_and_check(f, NULL));
	assert_true(step_and_check(f, change_value)); /* ld x7, mtime */
	assert_int_equal(hart_reg(f->ref.hart, 7), hart_reg(f->dut.hart, 7) + 1000);
}

static void test_wrong_arithmetic_result_is_not_excused(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < 3; i++)
		assert_true(step_and_check(f, NULL));
	assert_false(step_and_check(f, change_value)); /* add x4, x2, x1 */
	assert_non_null(strstr(cosim_mismatch(f->cs), "register value"));
}

static void change_store_address(struct commit *c)
{
	c->mem_addr += 8;
}

static void test_wrong_store_address_is_caught(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < 5; i++)
		assert_true(step_and_check(f, NULL));
	assert_false(step_and_check(f, change_store_address));
	assert_non_null(strstr(cosim_mismatch(f->cs), "store address"));
}

static void drop_store(struct commit *c)
{
	c->mem_size = 0;
}

static void test_missing_store_is_caught(void **state)
{
	struct fixture *f = *state;

	for (int i = 0; i < 5; i++)
		assert_true(step_and_check(f, NULL));
	assert_false(step_and_check(f, drop_store));
	assert_non_null(strstr(cosim_mismatch(f->cs), "store size"));
}

static void test_reference_takes_the_interrupt_the_dut_took(void **state)
{
	struct fixture *f = *state;
	struct commit c;

	assert_true(step_and_check(f, NULL));
	memset(&c, 0, sizeof(c));
	hart_take_interrupt(f->dut.hart, 7, &c); /* machine timer */
	assert_true(c.trap && c.interrupt);
	assert_true(cosim_check(f->cs, &c));
	assert_int_equal(hart_pc(f->ref.hart), hart_pc(f->dut.hart));
	uint64_t mcause;
	assert_true(hart_csr(f->ref.hart, 0x342, &mcause));
	assert_int_equal(mcause, (1ull << 63) | 7);
}

static void test_skipped_instruction_is_caught_as_a_pc_mismatch(void **state)
{
	struct fixture *f = *state;
	struct commit c;

	hart_step(f->dut.hart, &c); /* the DUT loses one commit */
	assert_false(step_and_check(f, NULL));
	assert_non_null(strstr(cosim_mismatch(f->cs), "pc"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_identical_runs_agree, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrong_register_value_is_caught_at_the_first_use, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cycle_counter_read_is_taken_from_the_dut, setup, teardown),
		cmocka_unit_test_setup_teardown(test_device_register_load_is_taken_from_the_dut, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrong_arithmetic_result_is_not_excused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrong_store_address_is_caught, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_store_is_caught, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reference_takes_the_interrupt_the_dut_took, setup, teardown),
		cmocka_unit_test_setup_teardown(test_skipped_instruction_is_caught_as_a_pc_mismatch, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
