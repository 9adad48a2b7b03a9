/* Reference ISS: Sv39 translation, its page faults (with Svade: A and D are
 * never set by the hart), access faults and the software TLB. */
#include "hart_test_util.h"

#define PTE_V (1ull << 0)
#define PTE_R (1ull << 1)
#define PTE_W (1ull << 2)
#define PTE_X (1ull << 3)
#define PTE_U (1ull << 4)
#define PTE_A (1ull << 6)
#define PTE_D (1ull << 7)
#define RWXAD (PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D)
#define RWAD  (PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)

/* Page tables: the root maps DRAM's gigapage at 0x80000000 to itself for
 * S code, and again at 0xc0000000 with U set for U code. VAs from
 * 0x40000000 are mapped by the tests through PT_L1 and PT_L0. */
#define PT_ROOT (DATA_BASE + 0x80000)
#define PT_L1   (PT_ROOT + 0x1000)
#define PT_L0   (PT_ROOT + 0x2000)
#define PT_ROOT2 (PT_ROOT + 0x3000)
#define USER_ALIAS 0xc0000000ull

#define VA(n)        (0x40000000ull + (uint64_t)(n) * 0x1000)
#define DATA_PAGE(n) (DATA_BASE + 0x10000 + (uint64_t)(n) * 0x1000)
#define MEGA_VA      0x40200000ull
#define MEGA_PA      (SOC_DRAM_BASE + 0x400000)

#define SATP_SV39(root) ((8ull << 60) | ((root) >> 12))

static uint64_t pte(uint64_t pa, uint64_t flags)
{
	return (pa >> 12) << 10 | flags;
}

static void set_l0(struct hfix *f, unsigned n, uint64_t pa, uint64_t flags)
{
	poke64(f, PT_L0 + 8 * n, pte(pa, flags));
}

static void build_tables(struct hfix *f)
{
	poke64(f, PT_ROOT + 8 * 2, pte(SOC_DRAM_BASE, RWXAD));
	poke64(f, PT_ROOT + 8 * 3, pte(SOC_DRAM_BASE, RWXAD | PTE_U));
	poke64(f, PT_ROOT + 8 * 1, pte(PT_L1, PTE_V));
	poke64(f, PT_L1 + 8 * 0, pte(PT_L0, PTE_V));
	poke64(f, PT_L1 + 8 * 1, pte(MEGA_PA, RWAD));
	set_l0(f, 1, DATA_PAGE(1), RWAD);
	set_l0(f, 2, DATA_PAGE(2), RWAD);
}

/* Builds the tables, turns on Sv39 and enters S at the next instruction. */
static void enter_s_with_paging(struct hfix *f)
{
	build_tables(f);
	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_STVEC, STVEC_BASE);
	csr_write(f, CSR_SATP, SATP_SV39(PT_ROOT));
	enter_priv(f, PRIV_S);
}

/* From M, enters U at the U alias of the next instruction. */
static void enter_u_alias(struct hfix *f)
{
	uint64_t s = csr(f, CSR_MSTATUS) & ~(3ull << MSTATUS_MPP_SHIFT);
	uint64_t pc;
	struct commit c;

	csr_write(f, CSR_MSTATUS, s);
	pc = hart_pc(f->h);
	csr_write(f, CSR_MEPC, USER_ALIAS + (pc + 8 - SOC_DRAM_BASE));
	c = exec32(f, INSN_MRET);
	assert_retired(&c);
	assert_int_equal(hart_priv(f->h), PRIV_U);
}

static struct commit load_at(struct hfix *f, unsigned f3, uint64_t va)
{
	hart_set_reg(f->h, 6, va);
	return exec32(f, load(f3, 5, 6, 0));
}

static struct commit store_at(struct hfix *f, unsigned f3, uint64_t va, uint64_t v)
{
	hart_set_reg(f->h, 6, va);
	hart_set_reg(f->h, 7, v);
	return exec32(f, store(f3, 7, 6, 0));
}

/* After a trap to M, goes back to S at a fresh spot. */
static void back_to_s(struct hfix *f)
{
	assert_int_equal(hart_priv(f->h), PRIV_M);
	enter_priv(f, PRIV_S);
}

static void test_sv39_translates_4k_pages_for_loads_and_stores(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, DATA_PAGE(1) + 8, 0x1122334455667788ull);
	enter_s_with_paging(f);
	c = load_at(f, 3, VA(1) + 8);
	assert_retired(&c);
	assert_int_equal(c.rd_value, 0x1122334455667788ull);
	c = store_at(f, 3, VA(2) + 16, 0xabcdef);
	assert_retired(&c);
	assert_int_equal(c.mem_addr, VA(2) + 16);
	assert_int_equal(peek64(f, DATA_PAGE(2) + 16), 0xabcdef);
}

static void test_megapage_translation_keeps_the_offset_bits(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, MEGA_PA + 0x12348, 77);
	enter_s_with_paging(f);
	c = load_at(f, 3, MEGA_VA + 0x12348);
	assert_retired(&c);
	assert_int_equal(c.rd_value, 77);
}

static void test_gigapage_translation_reaches_the_whole_gigabyte(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, SOC_DRAM_BASE + 0xabc000, 99);
	enter_s_with_paging(f);
	c = load_at(f, 3, SOC_DRAM_BASE + 0xabc000);
	assert_int_equal(c.rd_value, 99);
}

static void test_misaligned_superpage_is_a_page_fault(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, PT_L1 + 8 * 2, pte(MEGA_PA + 0x1000, RWAD));
	enter_s_with_paging(f);
	c = load_at(f, 3, 0x40400000);
	assert_trap(&c, 13, 0x40400000);
	assert_int_equal(csr(f, CSR_MTVAL), 0x40400000);
}

static void test_load_from_a_page_with_a_clear_faults_and_a_stays_clear(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	set_l0(f, 3, DATA_PAGE(3), RWAD & ~PTE_A);
	c = load_at(f, 3, VA(3));
	assert_trap(&c, 13, VA(3));
	assert_int_equal(peek64(f, PT_L0 + 8 * 3), pte(DATA_PAGE(3), RWAD & ~PTE_A));
	back_to_s(f);
	c = store_at(f, 3, VA(3), 1);
	assert_trap(&c, 15, VA(3));
}

static void test_store_to_a_page_with_d_clear_faults_but_loads_work(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	set_l0(f, 3, DATA_PAGE(3), RWAD & ~PTE_D);
	c = load_at(f, 3, VA(3));
	assert_retired(&c);
	c = store_at(f, 0, VA(3) + 1, 1);
	assert_trap(&c, 15, VA(3) + 1);
	assert_int_equal(peek64(f, PT_L0 + 8 * 3), pte(DATA_PAGE(3), RWAD & ~PTE_D));
	back_to_s(f);
	hart_set_reg(f->h, 6, VA(3));
	c = exec32(f, amo(0x00, 3, 5, 6, 7)); /* amoadd.d */
	assert_trap(&c, 15, VA(3));
	/* once software sets D (and fences), the store goes through */
	back_to_s(f);
	set_l0(f, 3, DATA_PAGE(3), RWAD);
	exec32(f, sfence_vma(0, 0));
	c = store_at(f, 0, VA(3) + 1, 1);
	assert_retired(&c);
}

static void test_invalid_and_write_only_ptes_fault(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	c = load_at(f, 3, VA(7)); /* never mapped: V = 0 */
	assert_trap(&c, 13, VA(7));
	back_to_s(f);
	set_l0(f, 3, DATA_PAGE(3), PTE_V | PTE_W | PTE_A | PTE_D);
	c = load_at(f, 2, VA(3));
	assert_trap(&c, 13, VA(3));
	back_to_s(f);
	c = store_at(f, 2, VA(3), 0);
	assert_trap(&c, 15, VA(3));
}

static void test_reserved_pte_bits_fault(void **state)
{
	struct hfix *f = *state;
	static const uint64_t bits[] = { 1ull << 63, 3ull << 61, 1ull << 54 };

	enter_s_with_paging(f);
	for (unsigned i = 0; i < 3; i++) {
		struct commit c;

		set_l0(f, 3 + i, DATA_PAGE(3), RWAD | bits[i]);
		c = load_at(f, 3, VA(3 + i));
		assert_trap(&c, 13, VA(3 + i));
		back_to_s(f);
	}
}

static void test_non_canonical_addresses_fault(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	c = load_at(f, 3, 0x0000004000000000ull | VA(1));
	assert_trap(&c, 13, 0x0000004000000000ull | VA(1));
	back_to_s(f);
	c = store_at(f, 3, 0xffffff8000000000ull, 0);
	assert_trap(&c, 15, 0xffffff8000000000ull);
}

static void test_user_pages_need_sum_from_supervisor_and_never_execute(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	set_l0(f, 3, DATA_PAGE(3), RWXAD | PTE_U);
	c = load_at(f, 3, VA(3));
	assert_trap(&c, 13, VA(3));
	back_to_s(f);
	hart_set_reg(f->h, 8, MSTATUS_SUM);
	exec32(f, csrrs(0, CSR_SSTATUS, 8));
	c = load_at(f, 3, VA(3));
	assert_retired(&c);
	/* the cached translation must not outlive SUM */
	exec32(f, csrrc(0, CSR_SSTATUS, 8));
	c = load_at(f, 3, VA(3));
	assert_trap(&c, 13, VA(3));
	back_to_s(f);
	exec32(f, csrrs(0, CSR_SSTATUS, 8));
	hart_set_reg(f->h, 6, VA(3));
	exec32(f, enc_i(0, 6, 0, 0, 0x67)); /* jr x6 */
	hart_step(f->h, &c);
	assert_trap(&c, 12, VA(3));
}

static void test_supervisor_pages_fault_from_user_mode(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	c = load_at(f, 3, VA(1));
	assert_retired(&c);
	exec32(f, INSN_ECALL);
	enter_u_alias(f);
	c = load_at(f, 3, VA(1));
	assert_trap(&c, 13, VA(1));
	assert_int_equal(c.priv, PRIV_U);
}

static void test_user_code_runs_from_user_pages(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	set_l0(f, 3, DATA_PAGE(3), RWAD | PTE_U);
	exec32(f, INSN_ECALL);
	enter_u_alias(f);
	assert_true(hart_pc(f->h) >= USER_ALIAS);
	c = store_at(f, 3, VA(3), 42);
	assert_retired(&c);
	assert_int_equal(peek64(f, DATA_PAGE(3)), 42);
}

static void test_mxr_makes_execute_only_pages_readable(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	set_l0(f, 3, DATA_PAGE(3), PTE_V | PTE_X | PTE_A);
	c = load_at(f, 3, VA(3));
	assert_trap(&c, 13, VA(3));
	back_to_s(f);
	hart_set_reg(f->h, 8, MSTATUS_MXR);
	exec32(f, csrrs(0, CSR_SSTATUS, 8));
	c = load_at(f, 3, VA(3));
	assert_retired(&c);
	c = store_at(f, 3, VA(3), 0);
	assert_trap(&c, 15, VA(3));
}

static void test_mprv_translates_m_mode_data_accesses_with_mpp(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, DATA_PAGE(1), 1234);
	build_tables(f);
	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	csr_write(f, CSR_SATP, SATP_SV39(PT_ROOT));
	csr_write(f, CSR_MSTATUS, MSTATUS_MPRV | (1ull << MSTATUS_MPP_SHIFT));
	c = load_at(f, 3, VA(1));
	assert_retired(&c);
	assert_int_equal(c.rd_value, 1234);
	/* with MPP = U, the S page is out of reach */
	csr_write(f, CSR_MSTATUS, MSTATUS_MPRV);
	hart_set_reg(f->h, 6, VA(1));
	poke32(f, hart_pc(f->h), load(3, 5, 6, 0));
	hart_step(f->h, &c);
	assert_trap(&c, 13, VA(1));
	/* the trap to M left MPRV set but MPP = M now: untranslated */
	assert_true(csr(f, CSR_MSTATUS) & MSTATUS_MPRV);
	c = load_at(f, 3, DATA_PAGE(1));
	assert_retired(&c);
	assert_int_equal(c.rd_value, 1234);
}

static void test_walk_into_missing_memory_is_an_access_fault(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	build_tables(f);
	poke64(f, PT_L1 + 8 * 5, pte(0x40000000, PTE_V));
	enter_s_with_paging(f);
	c = load_at(f, 3, 0x40a00000);
	assert_trap(&c, 5, 0x40a00000);
	back_to_s(f);
	c = store_at(f, 3, 0x40a00008, 0);
	assert_trap(&c, 7, 0x40a00008);
	/* a root in missing memory faults the very next fetch */
	back_to_s(f);
	exec32(f, INSN_ECALL);
	csr_write(f, CSR_SATP, SATP_SV39(0x40000000ull));
	enter_priv(f, PRIV_S);
	hart_step(f->h, &c);
	assert_trap(&c, 1, c.pc);
	assert_int_equal(c.insn, 0);
}

static void test_page_mapped_to_missing_memory_is_an_access_fault(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	set_l0(f, 3, 0x40000000, RWAD);
	enter_s_with_paging(f);
	set_l0(f, 3, 0x40000000, RWAD);
	c = load_at(f, 3, VA(3) + 8);
	assert_trap(&c, 5, VA(3) + 8);
}

static void test_fetch_fault_in_the_second_half_reports_its_address(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	set_l0(f, 5, DATA_PAGE(5), PTE_V | PTE_R | PTE_X | PTE_A);
	poke16(f, DATA_PAGE(5) + 0xffe, 0x0513); /* low half of addi a0, ... */
	hart_set_reg(f->h, 6, VA(5) + 0xffe);
	exec32(f, enc_i(0, 6, 0, 0, 0x67)); /* jr x6 */
	hart_step(f->h, &c);
	assert_trap(&c, 12, VA(6));
	assert_int_equal(c.pc, VA(5) + 0xffe);
	assert_int_equal(c.insn, 0);
	assert_int_equal(csr(f, CSR_MEPC), VA(5) + 0xffe);
	assert_int_equal(csr(f, CSR_MTVAL), VA(6));
	/* with the next page mapped, the same bytes run */
	back_to_s(f);
	set_l0(f, 6, DATA_PAGE(6), PTE_V | PTE_R | PTE_X | PTE_A);
	poke16(f, DATA_PAGE(6), 0x02a0);         /* addi a0, x0, 42: 0x02a00513 */
	exec32(f, enc_i(0, 6, 0, 0, 0x67));
	hart_step(f->h, &c);
	assert_retired(&c);
	assert_int_equal(c.insn, 0x02a00513);
	assert_int_equal(hart_reg(f->h, 10), 42);
	assert_int_equal(hart_pc(f->h), VA(6) + 2);
}

static void test_compressed_instruction_at_a_page_end_needs_no_next_page(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	set_l0(f, 5, DATA_PAGE(5), PTE_V | PTE_R | PTE_X | PTE_A);
	poke16(f, DATA_PAGE(5) + 0xffe, 0x4529); /* c.li a0, 10 */
	hart_set_reg(f->h, 6, VA(5) + 0xffe);
	exec32(f, enc_i(0, 6, 0, 0, 0x67));
	hart_step(f->h, &c);
	assert_retired(&c);
	assert_int_equal(hart_reg(f->h, 10), 10);
	hart_step(f->h, &c);
	assert_trap(&c, 12, VA(6));
}

static void test_fetch_from_a_page_without_x_faults(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	enter_s_with_paging(f);
	hart_set_reg(f->h, 6, VA(1));
	exec32(f, enc_i(0, 6, 0, 0, 0x67));
	hart_step(f->h, &c);
	assert_trap(&c, 12, VA(1));
}

static void test_sfence_vma_makes_a_changed_pte_visible(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, DATA_PAGE(1), 1);
	poke64(f, DATA_PAGE(2), 2);
	enter_s_with_paging(f);
	c = load_at(f, 3, VA(1));
	assert_int_equal(c.rd_value, 1);
	set_l0(f, 1, DATA_PAGE(2), RWAD);
	hart_set_reg(f->h, 8, VA(1) + 0x10);
	exec32(f, sfence_vma(8, 0));
	c = load_at(f, 3, VA(1));
	assert_int_equal(c.rd_value, 2);
	set_l0(f, 1, 0, 0);
	exec32(f, sfence_vma(0, 0));
	c = load_at(f, 3, VA(1));
	assert_trap(&c, 13, VA(1));
}

static void test_sfence_vma_of_one_address_flushes_its_whole_superpage(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, MEGA_PA + 0x5000, 5);
	poke64(f, MEGA_PA + 0x200000 + 0x5000, 6);
	enter_s_with_paging(f);
	c = load_at(f, 3, MEGA_VA + 0x5000);
	assert_int_equal(c.rd_value, 5);
	poke64(f, PT_L1 + 8 * 1, pte(MEGA_PA + 0x200000, RWAD));
	hart_set_reg(f->h, 8, MEGA_VA);
	exec32(f, sfence_vma(8, 0));
	c = load_at(f, 3, MEGA_VA + 0x5000);
	assert_int_equal(c.rd_value, 6);
}

static void test_satp_write_switches_the_address_space(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, DATA_PAGE(1), 1);
	poke64(f, SOC_DRAM_BASE + 0x1000, 0xbeef);
	poke64(f, PT_ROOT2 + 8 * 2, pte(SOC_DRAM_BASE, RWXAD));
	poke64(f, PT_ROOT2 + 8 * 1, pte(SOC_DRAM_BASE, RWAD));
	enter_s_with_paging(f);
	c = load_at(f, 3, VA(1));
	assert_int_equal(c.rd_value, 1);
	csr_write(f, CSR_SATP, SATP_SV39(PT_ROOT2) | (5ull << 44));
	assert_int_equal(csr(f, CSR_SATP), SATP_SV39(PT_ROOT2) | (5ull << 44));
	c = load_at(f, 3, VA(1));
	assert_int_equal(c.rd_value, 0xbeef);
}

static void test_page_fault_delegated_to_s_sets_stval(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	build_tables(f);
	csr_write(f, CSR_MEDELEG, 1u << 13);
	enter_s_with_paging(f);
	c = load_at(f, 2, VA(9) + 4);
	assert_trap(&c, 13, VA(9) + 4);
	assert_int_equal(hart_priv(f->h), PRIV_S);
	assert_int_equal(hart_pc(f->h), STVEC_BASE);
	assert_int_equal(csr(f, CSR_STVAL), VA(9) + 4);
	assert_int_equal(csr(f, CSR_SCAUSE), 13);
}

static void test_read_virt_translates_like_a_load(void **state)
{
	struct hfix *f = *state;
	uint64_t v = 0;

	poke64(f, DATA_PAGE(1) + 0xff8, 0x77);
	enter_s_with_paging(f);
	assert_int_equal(hart_read_virt(f->h, VA(1) + 0xff8, &v, 8), 0);
	assert_int_equal(v, 0x77);
	set_l0(f, 3, DATA_PAGE(3), RWAD & ~PTE_A);
	assert_int_equal(hart_read_virt(f->h, VA(3), &v, 8), -1);
	assert_int_equal(hart_read_virt(f->h, VA(1) + 0xffc, &v, 8), 0); /* into VA(2) */
	assert_int_equal(hart_read_virt(f->h, VA(2) + 0xffc, &v, 8), -1);
	assert_int_equal(peek64(f, PT_L0 + 8 * 3), pte(DATA_PAGE(3), RWAD & ~PTE_A));
}

#define T(name) cmocka_unit_test_setup_teardown(name, hfix_setup, hfix_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_sv39_translates_4k_pages_for_loads_and_stores),
		T(test_megapage_translation_keeps_the_offset_bits),
		T(test_gigapage_translation_reaches_the_whole_gigabyte),
		T(test_misaligned_superpage_is_a_page_fault),
		T(test_load_from_a_page_with_a_clear_faults_and_a_stays_clear),
		T(test_store_to_a_page_with_d_clear_faults_but_loads_work),
		T(test_invalid_and_write_only_ptes_fault),
		T(test_reserved_pte_bits_fault),
		T(test_non_canonical_addresses_fault),
		T(test_user_pages_need_sum_from_supervisor_and_never_execute),
		T(test_supervisor_pages_fault_from_user_mode),
		T(test_user_code_runs_from_user_pages),
		T(test_mxr_makes_execute_only_pages_readable),
		T(test_mprv_translates_m_mode_data_accesses_with_mpp),
		T(test_walk_into_missing_memory_is_an_access_fault),
		T(test_page_mapped_to_missing_memory_is_an_access_fault),
		T(test_fetch_fault_in_the_second_half_reports_its_address),
		T(test_compressed_instruction_at_a_page_end_needs_no_next_page),
		T(test_fetch_from_a_page_without_x_faults),
		T(test_sfence_vma_makes_a_changed_pte_visible),
		T(test_sfence_vma_of_one_address_flushes_its_whole_superpage),
		T(test_satp_write_switches_the_address_space),
		T(test_page_fault_delegated_to_s_sets_stval),
		T(test_read_virt_translates_like_a_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
