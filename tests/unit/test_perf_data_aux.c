/* perf.data files of the tea PMU's buffer mode (pics/perf_data_aux.c), as
 * Linux's perf record -e tea/buffer=1,period=N/ writes them: the
 * sampler's records in AUXTRACE payloads, the tasks of the AUX area's
 * stretches in AUX records; built in memory (tests/teaperf/
 * perf_data_build.h) and read through the sample reader. */
#include "perf_data.h"
#include "test_perf_data_util.h"

#define PERIOD 2000
#define PID 42
#define CHILD 43
#define KERNEL_BASE 0xffffffff80000000ull
#define TEA_AUXTRACE 0x7ea0
#define WIDTH 2
#define RECORD (2 + 3 * WIDTH)	/* words */

static struct pd_tea_sample record_of(uint64_t cycle, unsigned priv, uint64_t addr)
{
	struct pd_tea_sample s = { .width = WIDTH, .state = PICS_COMPUTE, .valid = 1,
				   .priv = priv, .cycle = cycle };

	s.addr[0] = addr;
	s.psv[0] = 1u << PICS_TEA_ST_L1;
	return s;
}

/* The file's start: the event, the AUX data's description, the kernel
 * and the program. */
static unsigned recording_start(struct pd_file *f, uint32_t info_type, uint64_t width)
{
	unsigned tea;

	pd_init(f);
	tea = pd_add_tea_buffer(f, PERIOD);
	pd_add_auxtrace_info(f, info_type, PD_TEA_TYPE, width);
	pd_add_mmap(f, tea, PERF_RECORD_MISC_KERNEL, (uint32_t)-1, KERNEL_BASE + 0x1000,
		    0x10d5e2, KERNEL_BASE + 0x1000, "[kernel.kallsyms]_text");
	pd_add_comm(f, tea, PID, "prog", true, 20);
	pd_add_mmap2(f, tea, PID, 0x10000, 0x2000, 0, "/bin/prog", NULL, 0, 30);
	return tea;
}

/* Two stretches of the AUX area, the first of task PID (three records and
 * a zero word where the driver padded), the second of CHILD (a record,
 * one of no instruction, a record), and perf's two copies of it, which
 * cut the second stretch between records. */
static const char *buffer_recording(const char *name)
{
	uint64_t w[6 * RECORD + 1];
	struct pd_tea_sample s;
	struct pd_file f;
	size_t n = 0;
	unsigned tea;

	tea = recording_start(&f, TEA_AUXTRACE, WIDTH);
	s = record_of(1000, 0, 0x10010);
	s.daccess = 1;
	s.daddr[0] = 0x3fffff1230ull;
	n += pd_tea_record(w + n, &s, 10);
	n += pd_tea_record(w + n, &(struct pd_tea_sample){ .width = WIDTH, .state = PICS_STALLED,
							  .valid = 1, .priv = 1, .cycle = 3000,
							  .addr = { KERNEL_BASE + 0x2000 } }, 11);
	s = record_of(9000, 0, 0x10020);
	n += pd_tea_record(w + n, &s, 14);	/* two lost */
	w[n++] = 0;
	assert_int_equal(n, 3 * RECORD + 1);
	pd_add_aux(&f, tea, PID, 0, 8 * n, 0);
	s = record_of(20000, 0, 0x10030);
	n += pd_tea_record(w + n, &s, 20);
	s = record_of(22000, 0, 0);
	s.valid = 0;
	n += pd_tea_record(w + n, &s, 21);	/* no instruction: no sample */
	s = record_of(26000, 0, 0x10040);
	n += pd_tea_record(w + n, &s, 23);	/* one lost */
	pd_add_aux(&f, tea, CHILD, 8 * (3 * RECORD + 1), 8 * 3 * RECORD, PERF_AUX_FLAG_TRUNCATED);
	pd_add_auxtrace(&f, 0, PID, w, 4 * RECORD + 1);
	pd_add_auxtrace(&f, 8 * (4 * RECORD + 1), PID, w + 4 * RECORD + 1, 2 * RECORD);
	return write_file(name, &f);
}

static void test_buffer_mode_records_are_samples_of_their_tasks(void **state)
{
	static const struct {
		uint64_t cycle, addr;
		uint32_t pid;
	} want[] = {
		{ 1000, 0x10010, PID }, { 3000, KERNEL_BASE + 0x2000, PID },
		{ 9000, 0x10020, PID }, { 20000, 0x10030, CHILD }, { 26000, 0x10040, CHILD },
	};
	struct pics_perf_data *r;
	const struct pics_meta *m;
	struct pics_error err;
	struct pics_sample s;

	(void)state;
	r = pics_perf_data_open(buffer_recording("buffer.data"), &err);
	if (!r)
		fail_msg("%s", err.msg);
	m = pics_perf_data_meta(r);
	assert_int_equal(m->commit_width, WIDTH);
	assert_int_equal(m->period, PERIOD);
	assert_string_equal(m->binary, "/bin/prog");
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(pics_perf_data_next(r, &s, &err), 1);
		assert_int_equal(s.cycle, want[i].cycle);
		assert_int_equal(s.addr[0], want[i].addr);
		assert_int_equal(s.pid, want[i].pid);
		assert_int_equal(s.valid, 1);
		assert_int_equal(s.psv[0], i == 1 ? 0 : 1u << PICS_TEA_ST_L1);
		assert_int_equal(s.daccess, i == 0);
		assert_int_equal(s.daddr[0], i == 0 ? 0x3fffff1230ull : 0);
	}
	assert_int_equal(pics_perf_data_next(r, &s, &err), 0);
	assert_int_equal(pics_perf_data_samples(r), 5);
	/* the SEQ gaps within a stretch; none counted across stretches */
	assert_int_equal(pics_perf_data_lost(r), 2 + 1);
	pics_perf_data_close(r);
}

/* Reads all of @path; the samples, or -1 with @err set. */
static int read_all(const char *path, uint64_t *lost, struct pics_error *err)
{
	struct pics_perf_data *r = pics_perf_data_open(path, err);
	struct pics_sample s;
	int n = 0, ret;

	if (!r)
		return -1;
	while ((ret = pics_perf_data_next(r, &s, err)) > 0)
		n++;
	*lost = pics_perf_data_lost(r);
	pics_perf_data_close(r);
	return ret < 0 ? -1 : n;
}

/* A stretch of an event that leaves out the kernel: its gaps are the
 * kernel's samples, not losses. */
static void test_filtered_or_backward_gaps_are_not_losses(void **state)
{
	uint64_t w[2 * RECORD], lost;
	struct pd_tea_sample s = record_of(1000, 0, 0x10010);
	struct pics_error err;
	struct pd_file f;
	unsigned tea;

	(void)state;
	tea = recording_start(&f, TEA_AUXTRACE, WIDTH);
	f.attrs[tea].flags |= 1u << 5;	/* exclude_kernel */
	pd_tea_record(w, &s, 1);
	s.cycle = 5000;
	pd_tea_record(w + RECORD, &s, 7);
	pd_add_aux(&f, tea, PID, 0, sizeof(w), 0);
	pd_add_auxtrace(&f, 0, PID, w, 2 * RECORD);
	assert_int_equal(read_all(write_file("filtered.data", &f), &lost, &err), 2);
	assert_int_equal(lost, 0);

	/* SEQ that goes back (a file made up or damaged), across its wrap
	 * at 2^32 and not */
	tea = recording_start(&f, TEA_AUXTRACE, WIDTH);
	s.cycle = 1000;
	pd_tea_record(w, &s, 0xfffffffeu);
	s.cycle = 5000;
	pd_tea_record(w + RECORD, &s, 1);	/* two lost: 0xffffffff and 0 */
	pd_add_aux(&f, tea, PID, 0, sizeof(w), 0);
	pd_add_auxtrace(&f, 0, PID, w, 2 * RECORD);
	pd_tea_record(w, &s, 100);
	s.cycle = 6000;
	pd_tea_record(w + RECORD, &s, 50);
	pd_add_aux(&f, tea, PID, sizeof(w), sizeof(w), 0);
	pd_add_auxtrace(&f, sizeof(w), PID, w, 2 * RECORD);
	assert_int_equal(read_all(write_file("seq.data", &f), &lost, &err), 4);
	assert_int_equal(lost, 2);
}

/* Another PMU's AUX data is passed over; the tea PMU's without an AUX
 * record goes to the stream's task. */
static void test_other_aux_data_is_passed_over(void **state)
{
	struct pd_tea_sample s = record_of(1000, 0, 0x10010);
	uint64_t w[RECORD], lost;
	struct pics_perf_data *r;
	struct pics_error err;
	struct pics_sample got;
	struct pd_file f;

	(void)state;
	pd_tea_record(w, &s, 1);
	recording_start(&f, 6 /* HiSilicon PTT's */, WIDTH);
	pd_add_auxtrace(&f, 0, PID, w, RECORD);
	assert_int_equal(read_all(write_file("other.data", &f), &lost, &err), 0);

	recording_start(&f, TEA_AUXTRACE, WIDTH);
	pd_add_auxtrace(&f, 0, PID, w, RECORD);
	r = pics_perf_data_open(write_file("no-aux.data", &f), &err);
	assert_non_null(r);
	assert_int_equal(pics_perf_data_next(r, &got, &err), 1);
	assert_int_equal(got.pid, PID);
	pics_perf_data_close(r);
}

static void assert_error(const char *path, const char *what)
{
	struct pics_error err = { 0 };
	uint64_t lost;

	assert_int_equal(read_all(path, &lost, &err), -1);
	if (!strstr(err.msg, what))
		fail_msg("expected '%s', got: %s", what, err.msg);
	assert_non_null(strstr(err.msg, path));
	assert_null(strchr(err.msg, '\n'));
}

static void test_malformed_aux_data_are_errors(void **state)
{
	struct pd_tea_sample s = record_of(1000, 0, 0x10010);
	uint64_t w[RECORD];
	struct pd_file f;

	(void)state;
	pd_tea_record(w, &s, 1);
	/* a record cut short at the payload's end */
	recording_start(&f, TEA_AUXTRACE, WIDTH);
	pd_add_auxtrace(&f, 0, PID, w, RECORD - 1);
	assert_error(write_file("cut.data", &f), "a sampler record cut short");
	/* a width no core has */
	recording_start(&f, TEA_AUXTRACE, 9);
	assert_error(write_file("width.data", &f), "tea AUX data of width 9");
	/* a width other than the PMU's caps say */
	recording_start(&f, TEA_AUXTRACE, 4);
	f.caps_width = WIDTH;
	assert_error(write_file("caps.data", &f), "width");
	/* a payload that runs past the data section */
	recording_start(&f, TEA_AUXTRACE, WIDTH);
	pd_add_auxtrace(&f, 0, PID, w, RECORD);
	f.data.len -= 8;
	assert_error(write_file("past.data", &f), "runs past the data section's end");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buffer_mode_records_are_samples_of_their_tasks),
		cmocka_unit_test(test_filtered_or_backward_gaps_are_not_losses),
		cmocka_unit_test(test_other_aux_data_is_passed_over),
		cmocka_unit_test(test_malformed_aux_data_are_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
