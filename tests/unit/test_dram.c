/* The DRAM model behind the memory port: an AXI4 slave driven cycle by
 * cycle as the teasim glue drives it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dram/dram.h"

#define BASE 0x80000000ull
#define SIZE (1ull << 16)

struct bench {
	struct dram *d;
	struct dram_in in;
	struct dram_out out;    /* what the slave drives in the current cycle */
	uint64_t cycle;
};

static void bench_init(struct bench *b, unsigned latency, unsigned cpl)
{
	memset(b, 0, sizeof(*b));
	b->d = dram_create(BASE, SIZE, latency, cpl);
	assert_non_null(b->d);
	dram_outputs(b->d, &b->out);
}

static void step(struct bench *b)
{
	dram_cycle(b->d, &b->in, &b->out);
	b->cycle++;
}

/* Issues a read of the line at addr (waits for arready); returns the cycle
 * count at which the address was taken. */
static uint64_t issue_read(struct bench *b, uint64_t addr, unsigned id)
{
	uint64_t at;

	b->in.arvalid = true;
	b->in.araddr = addr;
	b->in.arid = id;
	while (!b->out.arready)
		step(b);
	at = b->cycle;
	step(b);
	b->in.arvalid = false;
	return at;
}

static void issue_write(struct bench *b, uint64_t addr, unsigned id, uint8_t fill,
			uint64_t strb)
{
	b->in.awvalid = true;
	b->in.awaddr = addr;
	b->in.awid = id;
	b->in.wvalid = true;
	memset(b->in.wdata, fill, sizeof(b->in.wdata));
	b->in.wstrb = strb;
	while (!(b->out.awready && b->out.wready))
		step(b);
	step(b);
	b->in.awvalid = false;
	b->in.wvalid = false;
}

/* Waits for a read response with rready high; returns the cycle it shows. */
static uint64_t wait_read(struct bench *b, struct dram_out *got)
{
	b->in.rready = true;
	for (int i = 0; i < 10000 && !b->out.rvalid; i++)
		step(b);
	assert_true(b->out.rvalid);
	*got = b->out;
	step(b);
	return b->cycle - 1;
}

static uint64_t wait_write(struct bench *b, struct dram_out *got)
{
	b->in.bready = true;
	for (int i = 0; i < 10000 && !b->out.bvalid; i++)
		step(b);
	assert_true(b->out.bvalid);
	*got = b->out;
	step(b);
	return b->cycle - 1;
}

static void test_create_rejects_bad_configurations(void **state)
{
	(void)state;
	assert_null(dram_create(BASE, 0, 10, 1));
	assert_null(dram_create(BASE, 100, 10, 1));
	assert_null(dram_create(BASE + 1, SIZE, 10, 1));
	assert_null(dram_create(BASE, SIZE, 0, 1));
	assert_null(dram_create(BASE, SIZE, 10, 0));
}

static void test_mem_gives_host_pointers_inside_the_array_only(void **state)
{
	struct dram *d = dram_create(BASE, SIZE, 10, 1);

	(void)state;
	assert_non_null(dram_mem(d, BASE, SIZE));
	assert_non_null(dram_mem(d, BASE + SIZE - 8, 8));
	assert_null(dram_mem(d, BASE + SIZE - 8, 9));
	assert_null(dram_mem(d, BASE - 1, 2));
	assert_null(dram_mem(d, 0, 8));
	assert_ptr_equal(dram_mem(d, BASE + 64, 1), dram_mem(d, BASE, 1) + 64);
	dram_destroy(d);
}

static void test_read_answers_after_the_configured_latency(void **state)
{
	struct bench b;
	struct dram_out got;
	uint8_t *mem;
	uint64_t at, seen;

	(void)state;
	bench_init(&b, 37, 1);
	mem = dram_mem(b.d, BASE + 0x1000, 64);
	for (int i = 0; i < 64; i++)
		mem[i] = i * 3;
	at = issue_read(&b, BASE + 0x1000, 5);
	seen = wait_read(&b, &got);
	assert_int_equal(seen - at, 37);
	assert_int_equal(got.rid, 5);
	assert_int_equal(got.rresp, DRAM_RESP_OKAY);
	assert_true(got.rlast);
	assert_memory_equal(got.rdata, mem, 64);
	assert_int_equal(dram_inflight(b.d), 0);
	dram_destroy(b.d);
}

static void test_response_waits_for_rready_and_stays_stable(void **state)
{
	struct bench b;
	struct dram_out first;

	(void)state;
	bench_init(&b, 3, 1);
	dram_mem(b.d, BASE, 1)[0] = 0xab;
	issue_read(&b, BASE, 1);
	while (!b.out.rvalid)
		step(&b);
	first = b.out;
	for (int i = 0; i < 20; i++) {
		step(&b);
		assert_true(b.out.rvalid);
		assert_memory_equal(&first, &b.out, sizeof(first));
	}
	b.in.rready = true;
	step(&b);
	assert_false(b.out.rvalid);
	assert_int_equal(first.rdata[0], 0xab);
	dram_destroy(b.d);
}

static void test_bandwidth_limits_lines_per_cycle(void **state)
{
	struct bench b;
	uint64_t last = 0, first = 0;
	int n = 0;

	(void)state;
	bench_init(&b, 20, 8);
	/* several reads back to back; responses at most one per 8 cycles */
	b.in.rready = true;
	b.in.arvalid = true;
	for (unsigned i = 0; i < 10000 && n < 12; i++) {
		b.in.araddr = BASE + 64 * (i % 32);
		if (b.out.rvalid) {
			if (n == 0)
				first = b.cycle;
			else
				assert_true(b.cycle - last >= 8);
			last = b.cycle;
			n++;
		}
		if (n >= 12 - 1)
			b.in.arvalid = false;
		step(&b);
	}
	assert_int_equal(n, 12);
	/* and no slower than that once the pipe is full */
	assert_int_equal(last - first, 11 * 8);
	dram_destroy(b.d);
}

static void test_requests_overlap_and_answer_in_order(void **state)
{
	struct bench b;
	struct dram_out got;
	uint64_t at0, seen;

	(void)state;
	bench_init(&b, 50, 1);
	for (unsigned i = 0; i < 8; i++)
		dram_mem(b.d, BASE + 64 * i, 1)[0] = 0x10 + i;
	at0 = b.cycle;
	for (unsigned i = 0; i < 8; i++)
		issue_read(&b, BASE + 64 * i, i);
	assert_int_equal(dram_inflight(b.d), 8);
	for (unsigned i = 0; i < 8; i++) {
		seen = wait_read(&b, &got);
		assert_int_equal(got.rid, i);
		assert_int_equal(got.rdata[0], 0x10 + i);
	}
	/* eight misses overlap: far less than eight times the latency */
	assert_true(seen - at0 < 50 + 20);
	dram_destroy(b.d);
}

static void test_queue_full_drops_ready(void **state)
{
	struct bench b;
	unsigned accepted = 0;

	(void)state;
	bench_init(&b, 1000, 1);
	b.in.arvalid = true;
	for (int i = 0; i < 100; i++) {
		accepted += b.out.arready;
		step(&b);
	}
	assert_true(accepted <= DRAM_MAX_INFLIGHT);
	assert_true(accepted >= DRAM_MAX_INFLIGHT - 1);
	assert_int_equal(dram_inflight(b.d), accepted);
	dram_destroy(b.d);
}

static void test_write_then_read_sees_the_strobed_bytes(void **state)
{
	struct bench b;
	struct dram_out got;
	uint8_t *mem;

	(void)state;
	bench_init(&b, 10, 2);
	mem = dram_mem(b.d, BASE + 0x200, 64);
	memset(mem, 0x11, 64);
	issue_write(&b, BASE + 0x200, 3, 0xee, 0x00000000ff00000full);
	wait_write(&b, &got);
	assert_int_equal(got.bid, 3);
	assert_int_equal(got.bresp, DRAM_RESP_OKAY);
	issue_read(&b, BASE + 0x200, 4);
	wait_read(&b, &got);
	for (int i = 0; i < 64; i++) {
		bool written = i < 4 || (i >= 24 && i < 32);

		assert_int_equal(got.rdata[i], written ? 0xee : 0x11);
	}
	dram_destroy(b.d);
}

static void test_write_data_before_address_is_kept(void **state)
{
	struct bench b;
	struct dram_out got;

	(void)state;
	bench_init(&b, 5, 1);
	b.in.wvalid = true;
	memset(b.in.wdata, 0x5a, 64);
	b.in.wstrb = ~0ull;
	step(&b);
	b.in.wvalid = false;
	step(&b);
	step(&b);
	assert_int_equal(dram_inflight(b.d), 0);
	b.in.awvalid = true;
	b.in.awaddr = BASE + 0x40;
	b.in.awid = 9;
	step(&b);
	b.in.awvalid = false;
	wait_write(&b, &got);
	assert_int_equal(got.bid, 9);
	assert_int_equal(dram_mem(b.d, BASE + 0x7f, 1)[0], 0x5a);
	dram_destroy(b.d);
}

static void test_outside_the_array_answers_decerr(void **state)
{
	struct bench b;
	struct dram_out got;

	(void)state;
	bench_init(&b, 4, 1);
	issue_read(&b, BASE + SIZE, 1);
	wait_read(&b, &got);
	assert_int_equal(got.rresp, DRAM_RESP_DECERR);
	issue_read(&b, BASE - 64, 2);
	wait_read(&b, &got);
	assert_int_equal(got.rresp, DRAM_RESP_DECERR);
	issue_write(&b, 0x1000, 3, 0xff, ~0ull);
	wait_write(&b, &got);
	assert_int_equal(got.bresp, DRAM_RESP_DECERR);
	/* and an error does not disturb a good access after it */
	issue_read(&b, BASE, 4);
	wait_read(&b, &got);
	assert_int_equal(got.rresp, DRAM_RESP_OKAY);
	dram_destroy(b.d);
}

static void test_reads_and_writes_share_one_ordered_queue(void **state)
{
	struct bench b;
	struct dram_out got;

	(void)state;
	bench_init(&b, 30, 1);
	issue_read(&b, BASE, 1);
	issue_write(&b, BASE + 64, 2, 0x22, ~0ull);
	issue_read(&b, BASE + 64, 3);
	b.in.rready = true;
	b.in.bready = true;
	while (!b.out.rvalid && !b.out.bvalid)
		step(&b);
	assert_true(b.out.rvalid && !b.out.bvalid);
	assert_int_equal(b.out.rid, 1);
	step(&b);
	while (!b.out.rvalid && !b.out.bvalid)
		step(&b);
	assert_true(b.out.bvalid && !b.out.rvalid);
	assert_int_equal(b.out.bid, 2);
	step(&b);
	wait_read(&b, &got);
	assert_int_equal(got.rid, 3);
	assert_int_equal(got.rdata[5], 0x22);
	dram_destroy(b.d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create_rejects_bad_configurations),
		cmocka_unit_test(test_mem_gives_host_pointers_inside_the_array_only),
		cmocka_unit_test(test_read_answers_after_the_configured_latency),
		cmocka_unit_test(test_response_waits_for_rready_and_stays_stable),
		cmocka_unit_test(test_bandwidth_limits_lines_per_cycle),
		cmocka_unit_test(test_requests_overlap_and_answer_in_order),
		cmocka_unit_test(test_queue_full_drops_ready),
		cmocka_unit_test(test_write_then_read_sees_the_strobed_bytes),
		cmocka_unit_test(test_write_data_before_address_is_kept),
		cmocka_unit_test(test_outside_the_array_answers_decerr),
		cmocka_unit_test(test_reads_and_writes_share_one_ordered_queue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
