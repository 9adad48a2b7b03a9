/* HTIF: riscv-tests exit codes, console output and the syscall proxy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "host/htif.h"
#include "soc/soc.h"

#define TOHOST   0x80001000ull
#define FROMHOST 0x80001040ull
#define BLOCK    0x80002000ull
#define BUF      0x80003000ull

struct fixture {
	struct soc *soc;
	struct htif htif;
	FILE *console;
	char *out;
	size_t outlen;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct soc_config cfg = { .dram_size = 1 << 20, .nharts = 1, .timebase_hz = 10000000,
				  .clock_hz = 100000000, .isa = "rv64imac", .mmu = "riscv,sv39" };

	assert_non_null(f);
	f->console = open_memstream(&f->out, &f->outlen);
	cfg.console = f->console;
	f->soc = soc_create(&cfg);
	assert_non_null(f->soc);
	htif_init(&f->htif, f->soc, &(struct host_mem){ host_mem_soc_access, f->soc }, TOHOST,
		  FROMHOST, f->console);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	fclose(f->console);
	free(f->out);
	soc_destroy(f->soc);
	free(f);
	return 0;
}

static uint64_t read64(struct fixture *f, uint64_t pa)
{
	uint64_t v;

	assert_int_equal(soc_load(f->soc, pa, 8, &v), 0);
	return v;
}

static void write64(struct fixture *f, uint64_t pa, uint64_t v)
{
	assert_int_equal(soc_store(f->soc, pa, 8, v), 0);
}

static void test_nothing_happens_while_tohost_is_zero(void **state)
{
	struct fixture *f = *state;

	assert_true(htif_poll(&f->htif));
	assert_false(f->htif.exited);
}

static void test_pass_is_exit_code_zero(void **state)
{
	struct fixture *f = *state;

	write64(f, TOHOST, 1);
	assert_true(htif_poll(&f->htif));
	assert_true(f->htif.exited);
	assert_int_equal(f->htif.exit_code, 0);
	assert_int_equal(read64(f, TOHOST), 0);
}

static void test_failing_test_number_becomes_exit_code(void **state)
{
	struct fixture *f = *state;

	write64(f, TOHOST, (23 << 1) | 1);
	assert_true(htif_poll(&f->htif));
	assert_true(f->htif.exited);
	assert_int_equal(f->htif.exit_code, 23);
}

static void test_console_device_prints_and_answers(void **state)
{
	struct fixture *f = *state;

	write64(f, TOHOST, (1ull << 56) | (1ull << 48) | 'Z');
	assert_true(htif_poll(&f->htif));
	fflush(f->console);
	assert_int_equal(f->outlen, 1);
	assert_int_equal(f->out[0], 'Z');
	assert_int_equal(read64(f, FROMHOST), (1ull << 56) | (1ull << 48));
	assert_int_equal(read64(f, TOHOST), 0);
	assert_false(f->htif.exited);
}

static void test_syscall_proxy_writes_to_stdout(void **state)
{
	struct fixture *f = *state;
	const char msg[] = "hello from the proxy\n";

	memcpy(soc_dram(f->soc, BUF, sizeof(msg)), msg, sizeof(msg) - 1);
	write64(f, BLOCK, 64);
	write64(f, BLOCK + 8, 1);
	write64(f, BLOCK + 16, BUF);
	write64(f, BLOCK + 24, sizeof(msg) - 1);
	write64(f, TOHOST, BLOCK);
	assert_true(htif_poll(&f->htif));
	fflush(f->console);
	assert_int_equal(f->outlen, sizeof(msg) - 1);
	assert_memory_equal(f->out, msg, sizeof(msg) - 1);
	assert_int_equal(read64(f, BLOCK), sizeof(msg) - 1);
	assert_int_equal(read64(f, FROMHOST), 1);
}

static void test_syscall_proxy_exit_sets_code(void **state)
{
	struct fixture *f = *state;

	write64(f, BLOCK, 93);
	write64(f, BLOCK + 8, 42);
	write64(f, TOHOST, BLOCK);
	assert_true(htif_poll(&f->htif));
	assert_true(f->htif.exited);
	assert_int_equal(f->htif.exit_code, 42);
}

static void test_unknown_syscall_returns_minus_one(void **state)
{
	struct fixture *f = *state;

	write64(f, BLOCK, 1234);
	write64(f, TOHOST, BLOCK);
	assert_true(htif_poll(&f->htif));
	assert_int_equal(read64(f, BLOCK), (uint64_t)-1);
	assert_false(f->htif.exited);
}

static void test_syscall_block_outside_memory_is_an_error(void **state)
{
	struct fixture *f = *state;

	write64(f, TOHOST, 0x40000000);
	assert_false(htif_poll(&f->htif));
	assert_non_null(strstr(f->htif.error, "outside memory"));
}

/* Target memory as the RTL's host port would give it: a second copy that
 * the syscall proxy must read and write instead of the SoC's. */
struct other_mem {
	uint8_t bytes[0x4000];
	unsigned accesses;
};

static int other_access(void *ctx, uint64_t pa, void *buf, size_t len, bool write)
{
	struct other_mem *m = ctx;

	if (pa < TOHOST || pa - TOHOST + len > sizeof(m->bytes))
		return -1;
	m->accesses++;
	if (write)
		memcpy(m->bytes + (pa - TOHOST), buf, len);
	else
		memcpy(buf, m->bytes + (pa - TOHOST), len);
	return 0;
}

static void test_syscall_proxy_reads_and_answers_through_host_memory(void **state)
{
	struct fixture *f = *state;
	static struct other_mem m;
	const uint64_t block[4] = { 64, 1, BUF, 5 };
	uint64_t result;

	memcpy(m.bytes + (BLOCK - TOHOST), block, sizeof(block));
	memcpy(m.bytes + (BUF - TOHOST), "other", 5);
	memcpy(soc_dram(f->soc, BUF, 5), "stale", 5);
	htif_init(&f->htif, f->soc, &(struct host_mem){ other_access, &m }, TOHOST, FROMHOST,
		  f->console);
	write64(f, TOHOST, BLOCK);
	assert_true(htif_poll(&f->htif));
	fflush(f->console);
	assert_int_equal(f->outlen, 5);
	assert_memory_equal(f->out, "other", 5);
	memcpy(&result, m.bytes + (BLOCK - TOHOST), 8);
	assert_int_equal(result, 5);
	assert_int_equal(read64(f, BLOCK), 0);   /* the SoC's copy untouched */
	assert_int_equal(read64(f, FROMHOST), 1);
	assert_true(m.accesses >= 3);
}

static void test_unknown_device_is_an_error(void **state)
{
	struct fixture *f = *state;

	write64(f, TOHOST, (3ull << 56) | 5);
	assert_false(htif_poll(&f->htif));
	assert_non_null(strstr(f->htif.error, "device 3"));
}

static void test_program_without_tohost_is_never_polled(void **state)
{
	struct fixture *f = *state;

	htif_init(&f->htif, f->soc, &(struct host_mem){ host_mem_soc_access, f->soc }, 0, 0,
		  f->console);
	write64(f, TOHOST, 1);
	assert_true(htif_poll(&f->htif));
	assert_false(f->htif.exited);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_nothing_happens_while_tohost_is_zero, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pass_is_exit_code_zero, setup, teardown),
		cmocka_unit_test_setup_teardown(test_failing_test_number_becomes_exit_code, setup, teardown),
		cmocka_unit_test_setup_teardown(test_console_device_prints_and_answers, setup, teardown),
		cmocka_unit_test_setup_teardown(test_syscall_proxy_writes_to_stdout, setup, teardown),
		cmocka_unit_test_setup_teardown(test_syscall_proxy_exit_sets_code, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_syscall_returns_minus_one, setup, teardown),
		cmocka_unit_test_setup_teardown(test_syscall_block_outside_memory_is_an_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_syscall_proxy_reads_and_answers_through_host_memory,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_unknown_device_is_an_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_program_without_tohost_is_never_polled, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
