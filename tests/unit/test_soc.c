/* The SoC devices: DRAM, boot ROM, the host file channel's window, test
 * finisher and CLINT, reached through soc_load/soc_store as a hart reaches
 * them (the PLIC and the UART: test_soc_irq.c). */
#include "soc_test_util.h"

#include <libfdt.h>

#include "soc/devicetree.h"

#define CLINT_MSIP(h)     (SOC_CLINT_BASE + 4 * (h))
#define CLINT_MTIMECMP(h) (SOC_CLINT_BASE + 0x4000 + 8 * (h))
#define CLINT_MTIME       (SOC_CLINT_BASE + 0xbff8)

/* ---- configuration and DRAM ---- */

static void test_invalid_configurations_are_rejected(void **state)
{
	struct soc_config cfg = { .dram_size = DRAM_SIZE, .nharts = 1,
				  .isa = "rv64imac" };

	(void)state;
	cfg.nharts = 0;
	assert_null(soc_create(&cfg));
	cfg.nharts = 1;
	cfg.dram_size = 0;
	assert_null(soc_create(&cfg));
	cfg.dram_size = DRAM_SIZE + 8;
	assert_null(soc_create(&cfg));
	assert_null(soc_create(NULL));
}

static void test_config_is_kept_with_its_own_strings(void **state)
{
	struct fixture *f = *state;
	const struct soc_config *cfg = soc_config(f->soc);

	assert_int_equal(cfg->dram_size, DRAM_SIZE);
	assert_int_equal(cfg->nharts, NHARTS);
	assert_string_equal(cfg->isa, "rv64imac_zicsr_zifencei");
	assert_string_equal(cfg->mmu, "riscv,sv39");
}

static void test_dram_starts_zeroed_and_is_little_endian(void **state)
{
	struct fixture *f = *state;
	uint8_t *p = soc_dram(f->soc, SOC_DRAM_BASE, DRAM_SIZE);

	assert_non_null(p);
	for (uint64_t i = 0; i < DRAM_SIZE; i += 4096)
		assert_int_equal(p[i], 0);
	store(f->soc, SOC_DRAM_BASE + 0x100, 8, 0x1122334455667788ull);
	assert_int_equal(load(f->soc, SOC_DRAM_BASE + 0x100, 1), 0x88);
	assert_int_equal(load(f->soc, SOC_DRAM_BASE + 0x102, 2), 0x5566);
	assert_int_equal(load(f->soc, SOC_DRAM_BASE + 0x104, 4), 0x11223344);
	store(f->soc, SOC_DRAM_BASE + 0x101, 1, 0xab);
	assert_int_equal(load(f->soc, SOC_DRAM_BASE + 0x100, 8),
			 0x112233445566ab88ull);
	/* the fast pointer and soc_load see the same bytes */
	assert_int_equal(p[0x101], 0xab);
	p[0x200] = 0x5a;
	assert_int_equal(load(f->soc, SOC_DRAM_BASE + 0x200, 1), 0x5a);
}

static void test_dram_ends_at_its_configured_size(void **state)
{
	struct fixture *f = *state;
	uint64_t last = SOC_DRAM_BASE + DRAM_SIZE - 8;

	store(f->soc, last, 8, 42);
	assert_int_equal(load(f->soc, last, 8), 42);
	assert_load_faults(f->soc, SOC_DRAM_BASE + DRAM_SIZE, 1);
	assert_store_faults(f->soc, SOC_DRAM_BASE + DRAM_SIZE, 8);
	assert_load_faults(f->soc, SOC_DRAM_BASE - 8, 8);

	assert_non_null(soc_dram(f->soc, last, 8));
	assert_null(soc_dram(f->soc, last, 9));
	assert_null(soc_dram(f->soc, SOC_DRAM_BASE - 1, 1));
	assert_null(soc_dram(f->soc, SOC_DRAM_BASE + DRAM_SIZE, 1));
	assert_null(soc_dram(f->soc, SOC_DRAM_BASE, UINT64_MAX));
}

static void test_unmapped_addresses_fault(void **state)
{
	struct fixture *f = *state;
	const uint64_t holes[] = {
		0x0, 0xff8,                                  /* below the ROM */
		SOC_BOOTROM_BASE + SOC_BOOTROM_SIZE,
		SOC_HOST_FILES_BASE + SOC_HOST_FILES_SIZE,
		SOC_CLINT_BASE - 8, SOC_CLINT_BASE + 0xc000, /* past mtime */
		SOC_PLIC_BASE + SOC_PLIC_SIZE,
		SOC_UART_BASE + 8,                            /* past SCR */
		0x40000000, 0xfffffffffffffff8ull,
	};

	for (size_t i = 0; i < sizeof(holes) / sizeof(holes[0]); i++) {
		assert_load_faults(f->soc, holes[i], 4);
		assert_store_faults(f->soc, holes[i], 4);
	}
}

static void test_bad_sizes_and_misaligned_accesses_fault(void **state)
{
	struct fixture *f = *state;

	assert_load_faults(f->soc, SOC_DRAM_BASE, 3);
	assert_load_faults(f->soc, SOC_DRAM_BASE, 16);
	assert_load_faults(f->soc, SOC_DRAM_BASE, 0);
	assert_load_faults(f->soc, SOC_DRAM_BASE + 2, 4);
	assert_store_faults(f->soc, SOC_DRAM_BASE + 4, 8);
	assert_load_faults(f->soc, SOC_BOOTROM_BASE + 1, 2);
}

static void test_devices_reject_widths_they_do_not_have(void **state)
{
	struct fixture *f = *state;

	assert_load_faults(f->soc, UART_LSR - 1, 2);
	assert_store_faults(f->soc, SOC_UART_BASE, 4);
	assert_load_faults(f->soc, PLIC_PRIORITY(10), 1);
	assert_store_faults(f->soc, PLIC_ENABLE(0), 8);
	assert_load_faults(f->soc, CLINT_MSIP(0), 8);
	assert_store_faults(f->soc, CLINT_MTIME, 2);
	assert_store_faults(f->soc, SOC_FINISHER_BASE, 1);
	assert_store_faults(f->soc, SOC_FINISHER_BASE, 8);
	assert_false(soc_exit_requested(f->soc, NULL));
}

/* ---- boot ROM ---- */

struct rv_fields {
	unsigned opcode, rd, funct3, rs1;
	int32_t imm_i;          /* sign-extended I-type immediate */
	uint32_t imm_u;         /* U-type immediate, bits 31:12 */
};

static struct rv_fields rv_decode(uint32_t insn)
{
	return (struct rv_fields){
		.opcode = insn & 0x7f,
		.rd = (insn >> 7) & 0x1f,
		.funct3 = (insn >> 12) & 7,
		.rs1 = (insn >> 15) & 0x1f,
		.imm_i = (int32_t)insn >> 20,
		.imm_u = insn >> 12,
	};
}

static uint8_t *build_dtb(const struct soc *soc, int *len)
{
	static uint8_t dtb[16384];

	*len = devicetree_build(soc_config(soc), NULL, dtb, sizeof(dtb));
	assert_true(*len > 0);
	return dtb;
}

/* Runs the reset code the way a hart would: decodes each instruction,
 * checks it is the one expected, and applies it. */
static void test_boot_rom_sets_a0_a1_and_jumps_to_entry(void **state)
{
	struct fixture *f = *state;
	const uint64_t entry = 0x80200000ull;
	const uint64_t pc = SOC_BOOTROM_BASE;
	uint64_t t0, a0, a1, next_pc, dtb_addr;
	struct rv_fields i0, i1, i2, i3, i4;
	uint8_t rom_dtb[16384];
	int len;
	uint8_t *dtb = build_dtb(f->soc, &len);

	assert_int_equal(soc_set_boot(f->soc, entry, dtb, len), 0);
	i0 = rv_decode(load(f->soc, pc + 0, 4));
	i1 = rv_decode(load(f->soc, pc + 4, 4));
	i2 = rv_decode(load(f->soc, pc + 8, 4));
	i3 = rv_decode(load(f->soc, pc + 12, 4));
	i4 = rv_decode(load(f->soc, pc + 16, 4));

	/* auipc t0, 0 */
	assert_int_equal(i0.opcode, 0x17);
	assert_int_equal(i0.rd, 5);
	assert_int_equal(i0.imm_u, 0);
	t0 = pc + 0;
	/* csrrs a0, mhartid, zero */
	assert_int_equal(i1.opcode, 0x73);
	assert_int_equal(i1.funct3, 2);
	assert_int_equal(i1.rd, 10);
	assert_int_equal(i1.rs1, 0);
	assert_int_equal((uint32_t)i1.imm_i & 0xfff, 0xf14);
	a0 = 1; /* as hart 1 */
	/* addi a1, t0, imm */
	assert_int_equal(i2.opcode, 0x13);
	assert_int_equal(i2.funct3, 0);
	assert_int_equal(i2.rd, 11);
	assert_int_equal(i2.rs1, 5);
	a1 = t0 + i2.imm_i;
	/* ld t0, imm(t0) */
	assert_int_equal(i3.opcode, 0x03);
	assert_int_equal(i3.funct3, 3);
	assert_int_equal(i3.rd, 5);
	assert_int_equal(i3.rs1, 5);
	assert_true(i3.imm_i >= 20);            /* data after the code */
	t0 = load(f->soc, t0 + i3.imm_i, 8);
	/* jalr zero, 0(t0) */
	assert_int_equal(i4.opcode, 0x67);
	assert_int_equal(i4.funct3, 0);
	assert_int_equal(i4.rd, 0);
	assert_int_equal(i4.rs1, 5);
	assert_int_equal(i4.imm_i, 0);
	next_pc = t0 + i4.imm_i;

	assert_int_equal(a0, 1);
	assert_int_equal(next_pc, entry);
	dtb_addr = a1;
	assert_int_equal(dtb_addr % 8, 0);
	assert_true(dtb_addr >= pc + 20);
	/* the entry word and the blob do not overlap */
	assert_true(dtb_addr >= pc + i3.imm_i + 8 ||
		    dtb_addr + len <= pc + (uint64_t)i3.imm_i);
	for (int i = 0; i < len; i++)
		rom_dtb[i] = load(f->soc, dtb_addr + i, 1);
	assert_memory_equal(rom_dtb, dtb, len);
	assert_int_equal(fdt_check_full(rom_dtb, len), 0);
}

static void test_boot_rom_is_read_only(void **state)
{
	struct fixture *f = *state;
	int len;
	uint8_t *dtb = build_dtb(f->soc, &len);
	uint64_t first;

	assert_int_equal(soc_set_boot(f->soc, SOC_DRAM_BASE, dtb, len), 0);
	first = load(f->soc, SOC_BOOTROM_BASE, 8);
	assert_int_not_equal(first, 0);
	assert_store_faults(f->soc, SOC_BOOTROM_BASE, 8);
	assert_store_faults(f->soc, SOC_BOOTROM_BASE + 0x100, 1);
	assert_int_equal(load(f->soc, SOC_BOOTROM_BASE, 8), first);
}

static void test_boot_rom_rejects_a_blob_that_does_not_fit(void **state)
{
	struct fixture *f = *state;
	static uint8_t big[SOC_BOOTROM_SIZE];

	assert_int_equal(soc_set_boot(f->soc, SOC_DRAM_BASE, big, sizeof(big)), -1);
	assert_int_equal(soc_set_boot(f->soc, SOC_DRAM_BASE, big, SIZE_MAX), -1);
	assert_int_equal(soc_set_boot(f->soc, SOC_DRAM_BASE, NULL, 16), -1);
	/* the largest blob that fits after the 32 bytes of code and entry
	 * ends at the last ROM byte */
	assert_int_equal(soc_set_boot(f->soc, SOC_DRAM_BASE, big,
				      SOC_BOOTROM_SIZE - 32), 0);
}

/* ---- the host file channel's window ---- */

struct recorded_access {
	uint64_t off, val;
	unsigned size, n;
	bool store;
};

static int record_load(void *ctx, uint64_t off, unsigned size, uint64_t *val)
{
	struct recorded_access *r = ctx;

	*r = (struct recorded_access){ .off = off, .size = size, .n = r->n + 1 };
	*val = 0x1234;
	return 0;
}

static int record_store(void *ctx, uint64_t off, unsigned size, uint64_t val)
{
	struct recorded_access *r = ctx;

	*r = (struct recorded_access){ .off = off, .size = size, .val = val, .store = true,
				       .n = r->n + 1 };
	return 0;
}

/* Without a device (the RTL's reference) the window reads 0 and takes
 * writes; with one, every access reaches it at its offset. */
static void test_host_files_window(void **state)
{
	struct fixture *f = *state;
	struct recorded_access r = { 0 };
	const struct soc_device dev = { record_load, record_store, &r };
	struct soc_config cfg = {
		.dram_size = DRAM_SIZE, .nharts = NHARTS, .timebase_hz = 10000000,
		.clock_hz = 100000000, .isa = "rv64imac", .mmu = "riscv,sv39",
		.console = f->console, .host_files = &dev,
	};
	struct soc *soc;

	assert_int_equal(load(f->soc, SOC_HOST_FILES_BASE + 0x108, 8), 0);
	store(f->soc, SOC_HOST_FILES_BASE + 0x110, 8, 42);

	soc = soc_create(&cfg);
	assert_non_null(soc);
	assert_int_equal(load(soc, SOC_HOST_FILES_BASE + 0x108, 8), 0x1234);
	assert_int_equal(r.off, 0x108);
	assert_int_equal(r.size, 8);
	assert_false(r.store);
	store(soc, SOC_HOST_FILES_BASE + 0x3, 1, 0x41);
	assert_true(r.store);
	assert_int_equal(r.off, 3);
	assert_int_equal(r.size, 1);
	assert_int_equal(r.val, 0x41);
	assert_int_equal(r.n, 2);
	soc_destroy(soc);
}

/* ---- test finisher ---- */

static void test_finisher_pass_exits_with_zero(void **state)
{
	struct fixture *f = *state;
	int code = -1;

	assert_false(soc_exit_requested(f->soc, &code));
	store(f->soc, SOC_FINISHER_BASE, 4, 0x5555);
	assert_true(soc_exit_requested(f->soc, &code));
	assert_int_equal(code, 0);
	assert_false(soc_reset_requested(f->soc));
}

static void test_finisher_fail_exits_with_its_code(void **state)
{
	struct fixture *f = *state;
	int code = -1;

	store(f->soc, SOC_FINISHER_BASE, 4, 0x3333 | (7u << 16));
	assert_true(soc_exit_requested(f->soc, &code));
	assert_int_equal(code, 7);
	/* the first request wins */
	store(f->soc, SOC_FINISHER_BASE, 4, 0x5555);
	soc_request_exit(f->soc, 9);
	assert_true(soc_exit_requested(f->soc, &code));
	assert_int_equal(code, 7);
}

static void test_finisher_reset_is_an_exit_marked_as_reset(void **state)
{
	struct fixture *f = *state;
	int code = -1;

	store(f->soc, SOC_FINISHER_BASE, 4, 0x7777);
	assert_true(soc_exit_requested(f->soc, &code));
	assert_int_equal(code, 0);
	assert_true(soc_reset_requested(f->soc));
}

static void test_finisher_ignores_other_values_and_reads_zero(void **state)
{
	struct fixture *f = *state;

	store(f->soc, SOC_FINISHER_BASE, 4, 0x1234);
	store(f->soc, SOC_FINISHER_BASE + 4, 4, 0x5555);
	assert_int_equal(load(f->soc, SOC_FINISHER_BASE, 4), 0);
	assert_false(soc_exit_requested(f->soc, NULL));
	soc_request_exit(f->soc, 3);
	assert_true(soc_exit_requested(f->soc, NULL));
	assert_false(soc_reset_requested(f->soc));
}

/* ---- CLINT ---- */

static void test_mtime_advances_with_ticks(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(soc_mtime(f->soc), 0);
	soc_tick(f->soc, 0x100000005ull);
	assert_int_equal(load(f->soc, CLINT_MTIME, 8), 0x100000005ull);
	assert_int_equal(load(f->soc, CLINT_MTIME, 4), 5);
	assert_int_equal(load(f->soc, CLINT_MTIME + 4, 4), 1);
	store(f->soc, CLINT_MTIME + 4, 4, 0);
	assert_int_equal(soc_mtime(f->soc), 5);
	store(f->soc, CLINT_MTIME, 8, 1000);
	assert_int_equal(soc_mtime(f->soc), 1000);
}

static void test_mtip_follows_mtime_against_mtimecmp(void **state)
{
	struct fixture *f = *state;

	/* no timer interrupt before software programs mtimecmp */
	soc_tick(f->soc, 1000);
	assert_int_equal(soc_irq_lines(f->soc, 0) & SOC_MIP_MTIP, 0);

	store(f->soc, CLINT_MTIMECMP(0), 8, 1100);
	assert_int_equal(load(f->soc, CLINT_MTIMECMP(0), 8), 1100);
	soc_tick(f->soc, 99);
	assert_int_equal(soc_irq_lines(f->soc, 0) & SOC_MIP_MTIP, 0);
	soc_tick(f->soc, 1);
	assert_int_equal(soc_irq_lines(f->soc, 0), SOC_MIP_MTIP);
	assert_int_equal(soc_irq_lines(f->soc, 1) & SOC_MIP_MTIP, 0);

	/* writing the high word moves the compare far away */
	store(f->soc, CLINT_MTIMECMP(0) + 4, 4, 1);
	assert_int_equal(load(f->soc, CLINT_MTIMECMP(0), 8), 0x100000000ull + 1100);
	assert_int_equal(soc_irq_lines(f->soc, 0) & SOC_MIP_MTIP, 0);

	/* hart 1 has its own compare register */
	store(f->soc, CLINT_MTIMECMP(1), 4, 0);
	store(f->soc, CLINT_MTIMECMP(1) + 4, 4, 0);
	assert_int_equal(soc_irq_lines(f->soc, 1), SOC_MIP_MTIP);
}

static void test_msip_raises_the_software_interrupt_of_one_hart(void **state)
{
	struct fixture *f = *state;

	store(f->soc, CLINT_MSIP(1), 4, 1);
	assert_int_equal(soc_irq_lines(f->soc, 1), SOC_MIP_MSIP);
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
	assert_int_equal(load(f->soc, CLINT_MSIP(1), 4), 1);
	/* only bit 0 is implemented */
	store(f->soc, CLINT_MSIP(1), 4, 0xfffffffe);
	assert_int_equal(load(f->soc, CLINT_MSIP(1), 4), 0);
	assert_int_equal(soc_irq_lines(f->soc, 1), 0);
	/* harts that do not exist read as zero */
	store(f->soc, CLINT_MSIP(5), 4, 1);
	assert_int_equal(load(f->soc, CLINT_MSIP(5), 4), 0);
	assert_int_equal(soc_irq_lines(f->soc, 5), 0);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_invalid_configurations_are_rejected),
		T(test_config_is_kept_with_its_own_strings),
		T(test_dram_starts_zeroed_and_is_little_endian),
		T(test_dram_ends_at_its_configured_size),
		T(test_unmapped_addresses_fault),
		T(test_bad_sizes_and_misaligned_accesses_fault),
		T(test_devices_reject_widths_they_do_not_have),
		T(test_boot_rom_sets_a0_a1_and_jumps_to_entry),
		T(test_boot_rom_is_read_only),
		T(test_boot_rom_rejects_a_blob_that_does_not_fit),
		T(test_host_files_window),
		T(test_finisher_pass_exits_with_zero),
		T(test_finisher_fail_exits_with_its_code),
		T(test_finisher_reset_is_an_exit_marked_as_reset),
		T(test_finisher_ignores_other_values_and_reads_zero),
		T(test_mtime_advances_with_ticks),
		T(test_mtip_follows_mtime_against_mtimecmp),
		T(test_msip_raises_the_software_interrupt_of_one_hart),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
