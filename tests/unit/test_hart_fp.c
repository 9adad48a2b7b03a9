/* The ISS's F and D state around the arithmetic (which test_ieee754.c
 * checks): misa and mstatus.FS, the FP CSRs, NaN-boxing, the commit
 * record of f-register writes, reserved rounding modes and the compressed
 * loads and stores. tests/isa/rv64u{f,d}-*.S check the instructions. */
#include "hart_test_util.h"

#define CSR_FFLAGS 0x001
#define CSR_FRM 0x002
#define CSR_FCSR 0x003
#define MSTATUS_FS_INITIAL (1ull << 13)
#define MSTATUS_FS (3ull << 13)
#define MSTATUS_SD (1ull << 63)
#define MISA_D (1ull << 3)
#define MISA_F (1ull << 5)

#define ONE_S 0x3f800000u
#define ONE_D 0x3ff0000000000000ull
#define CANONICAL_NAN_S 0x7fc00000u

static uint32_t fp_op(unsigned funct7, unsigned rm, unsigned rd, unsigned rs1, unsigned rs2)
{
	return enc_r(funct7, rs2, rs1, rm, rd, 0x53);
}

static uint32_t fmv_d_x(unsigned rd, unsigned rs1)
{
	return fp_op(0x79, 0, rd, rs1, 0);
}

static uint32_t fmv_w_x(unsigned rd, unsigned rs1)
{
	return fp_op(0x78, 0, rd, rs1, 0);
}

static uint32_t fadd_s(unsigned rm, unsigned rd, unsigned rs1, unsigned rs2)
{
	return fp_op(0x00, rm, rd, rs1, rs2);
}

static uint32_t fclass_s(unsigned rd, unsigned rs1)
{
	return fp_op(0x70, 1, rd, rs1, 0);
}

/* Traps go to MTVEC_BASE, where the next instruction is then placed. */
static void give_fp(struct hfix *f, bool fs_on)
{
	hart_set_fp(f->h, true);
	hart_reset(f->h, CODE_BASE);
	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	if (fs_on) {
		hart_set_reg(f->h, T0, MSTATUS_FS_INITIAL);
		assert_false(exec32(f, csrrs(0, CSR_MSTATUS, T0)).trap);
	}
}

static void expect_illegal(struct hfix *f, uint32_t insn)
{
	struct commit c = exec32(f, insn);

	if (!c.trap || c.cause != 2 || c.tval != insn)
		fail_msg("%08x did not raise illegal instruction with tval = bits", insn);
}

static void test_hart_without_fp_has_no_fd_in_misa_and_fs_stays_off(void **state)
{
	struct hfix *f = *state;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	assert_int_equal(csr(f, CSR_MISA) & (MISA_D | MISA_F), 0);
	hart_set_reg(f->h, T0, MSTATUS_FS);
	assert_false(exec32(f, csrrs(0, CSR_MSTATUS, T0)).trap);
	assert_int_equal(csr(f, CSR_MSTATUS) & (MSTATUS_FS | MSTATUS_SD), 0);
	assert_false(hart_csr(f->h, CSR_FCSR, &(uint64_t){ 0 }));
	expect_illegal(f, fmv_d_x(1, 0));
}

static void test_fs_off_makes_fp_instructions_and_csrs_illegal(void **state)
{
	struct hfix *f = *state;

	give_fp(f, false);
	assert_int_equal(csr(f, CSR_MISA) & (MISA_D | MISA_F), MISA_D | MISA_F);
	assert_int_equal(csr(f, CSR_MSTATUS) & MSTATUS_FS, 0);
	expect_illegal(f, fmv_d_x(1, 0));
	expect_illegal(f, fadd_s(0, 1, 2, 3));
	expect_illegal(f, csrrs(5, CSR_FCSR, 0));
	expect_illegal(f, csrrw(0, CSR_FRM, 0));
}

static void test_f_register_write_makes_fs_dirty_and_sets_sd(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	give_fp(f, true);
	assert_int_equal(csr(f, CSR_MSTATUS) & (MSTATUS_FS | MSTATUS_SD), MSTATUS_FS_INITIAL);
	hart_set_reg(f->h, 5, ONE_D);
	c = exec32(f, fmv_d_x(7, 5));
	assert_false(c.trap);
	assert_int_equal(c.rd, COMMIT_RD_F + 7);
	assert_int_equal(c.rd_value, ONE_D);
	assert_int_equal(hart_reg(f->h, COMMIT_RD_F + 7), ONE_D);
	assert_int_equal(csr(f, CSR_MSTATUS) & (MSTATUS_FS | MSTATUS_SD), MSTATUS_FS | MSTATUS_SD);
	/* sstatus shows both */
	assert_int_equal(csr(f, CSR_SSTATUS) & (MSTATUS_FS | MSTATUS_SD), MSTATUS_FS | MSTATUS_SD);
}

static void test_compare_without_flags_leaves_fs_clean(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	give_fp(f, true);
	/* feq.d x6, f0, f0 on +0: no flag, no f register written */
	c = exec32(f, fp_op(0x51, 2, 6, 0, 0));
	assert_false(c.trap);
	assert_int_equal(c.rd, 6);
	assert_int_equal(c.rd_value, 1);
	assert_int_equal(csr(f, CSR_MSTATUS) & MSTATUS_FS, MSTATUS_FS_INITIAL);
}

static void test_fcsr_packs_frm_and_fflags(void **state)
{
	struct hfix *f = *state;

	give_fp(f, true);
	hart_set_reg(f->h, 5, 0xff);
	assert_false(exec32(f, csrrw(0, CSR_FCSR, 5)).trap);
	assert_int_equal(csr(f, CSR_FFLAGS), 0x1f);
	assert_int_equal(csr(f, CSR_FRM), 7);
	assert_int_equal(csr(f, CSR_FCSR), 0xff);
	hart_set_reg(f->h, 5, 0x3);
	assert_false(exec32(f, csrrw(0, CSR_FRM, 5)).trap);
	assert_int_equal(csr(f, CSR_FCSR), 0x7f);
	assert_int_equal(csr(f, CSR_MSTATUS) & MSTATUS_SD, MSTATUS_SD);
}

static void test_reserved_rounding_modes_are_illegal(void **state)
{
	struct hfix *f = *state;

	give_fp(f, true);
	expect_illegal(f, fadd_s(5, 1, 2, 3));
	expect_illegal(f, fadd_s(6, 1, 2, 3));
	hart_set_reg(f->h, 5, 5);
	assert_false(exec32(f, csrrw(0, CSR_FRM, 5)).trap);
	expect_illegal(f, fadd_s(7, 1, 2, 3));
	/* a static mode still works with a reserved frm */
	assert_false(exec32(f, fadd_s(0, 1, 2, 3)).trap);
}

static void test_single_results_are_nan_boxed_and_unboxed_operands_are_nan(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	give_fp(f, true);
	hart_set_reg(f->h, 5, ONE_S);
	c = exec32(f, fmv_w_x(1, 5));
	assert_int_equal(c.rd_value, 0xffffffff00000000ull | ONE_S);
	c = exec32(f, fadd_s(0, 2, 1, 1));
	assert_int_equal(c.rd_value, 0xffffffff40000000ull);
	/* a double's bits read as a single: the canonical NaN, class quiet NaN */
	hart_set_reg(f->h, 5, ONE_D);
	exec32(f, fmv_d_x(3, 5));
	c = exec32(f, fclass_s(6, 3));
	assert_int_equal(c.rd_value, 1u << 9);
	c = exec32(f, fadd_s(0, 4, 3, 1));
	assert_int_equal(c.rd_value, 0xffffffff00000000ull | CANONICAL_NAN_S);
	assert_int_equal(csr(f, CSR_FFLAGS), 0);
}

static void test_compressed_double_loads_and_stores_need_d(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	/* c.fsdsp f8, 8(sp) is illegal without D ... */
	hart_set_reg(f->h, 2, DATA_BASE);
	c = exec16(f, 0xa422);
	assert_true(c.trap);
	assert_int_equal(c.cause, 2);
	/* ... and stores f8 with it; c.fld f9, 8(x8) loads it back */
	give_fp(f, true);
	hart_set_reg(f->h, 2, DATA_BASE);
	hart_set_reg(f->h, 8, DATA_BASE);
	hart_set_reg(f->h, 5, ONE_D);
	exec32(f, fmv_d_x(8, 5));
	c = exec16(f, 0xa422);
	assert_false(c.trap);
	assert_int_equal(c.mem_size, 8);
	assert_int_equal(c.mem_addr, DATA_BASE + 8);
	assert_int_equal(peek64(f, DATA_BASE + 8), ONE_D);
	c = exec16(f, 0x2404);
	assert_false(c.trap);
	assert_int_equal(c.rd, COMMIT_RD_F + 9);
	assert_int_equal(c.rd_value, ONE_D);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_hart_without_fp_has_no_fd_in_misa_and_fs_stays_off,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(test_fs_off_makes_fp_instructions_and_csrs_illegal,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(test_f_register_write_makes_fs_dirty_and_sets_sd,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(test_compare_without_flags_leaves_fs_clean,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(test_fcsr_packs_frm_and_fflags,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(test_reserved_rounding_modes_are_illegal,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(test_single_results_are_nan_boxed_and_unboxed_operands_are_nan,
						hfix_setup, hfix_teardown),
		cmocka_unit_test_setup_teardown(test_compressed_double_loads_and_stores_need_d,
						hfix_setup, hfix_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
