/* perf.data files from Linux's perf (pics/perf_data.c): built in memory as
 * perf record lays them out (tests/teaperf/perf_data_build.h), read through
 * the sample reader and the profile loader as any sample file is, and
 * every way one can be cut short or broken. */
#include "perf_data.h"
#include "test_perf_data_util.h"

#define PERIOD 5000
#define PID 42
#define KERNEL_BASE 0xffffffff80000000ull
/* the PSV bits of docs/formats.md */
#define ST_L1 (1u << PICS_TEA_ST_L1)
#define FL_MB (1u << PICS_TEA_FL_MB)
#define DR_L1 (1u << PICS_TEA_DR_L1)

static const uint8_t kernel_id[20] = { 0xbe, 0xba, 0xb3, 0xd1, 1, 2, 3, 4, 5, 6,
				       7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const uint8_t prog_id[20] = { 0x54, 0x84, 0x87, 0x9c, 1, 2, 3, 4, 5, 6,
				     7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

static uint64_t le(const uint8_t *p, unsigned bytes)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* @f written as @name and opened by the perf.data reader itself. */
static struct pics_perf_data *open_direct(const char *name, struct pd_file *f)
{
	struct pics_error err;
	struct pics_perf_data *r = pics_perf_data_open(write_file(name, f), &err);

	if (!r)
		fail_msg("%s", err.msg);
	return r;
}

static struct pd_tea_sample user_sample(unsigned width, unsigned state,
					unsigned valid, uint64_t addr,
					uint64_t psv)
{
	struct pd_tea_sample s = { .pid = PID, .width = width, .state = state,
				   .valid = valid };

	for (unsigned i = 0; i < width; i++) {
		s.addr[i] = addr + 4 * i;
		s.psv[i] = i ? 0 : psv;
	}
	return s;
}

/* What perf record -R -e tea/period=5000/ /bin/prog writes: the kernel's
 * text and a module, perf's own task before the exec, the exec, the
 * program and the vDSO, then samples of user and kernel mode. */
static void recording(struct pd_file *f, unsigned width)
{
	struct pd_tea_sample s;
	unsigned tea;

	pd_init(f);
	tea = pd_add_tea(f, PERIOD);
	pd_add_build_id(f, -1, PERF_RECORD_MISC_KERNEL, "[kernel.kallsyms]",
			kernel_id, 20);
	pd_add_build_id(f, -1, PERF_RECORD_MISC_USER, "/bin/prog", prog_id, 20);
	pd_add_mmap(f, tea, PERF_RECORD_MISC_KERNEL, (uint32_t)-1,
		    KERNEL_BASE + 0x1000, 0x10d5e2, KERNEL_BASE + 0x1000,
		    "[kernel.kallsyms]_text");
	pd_add_mmap(f, tea, PERF_RECORD_MISC_KERNEL, (uint32_t)-1,
		    0xffffffff002a6000ull, 0x4000, 0,
		    "/lib/modules/6.1.0/extra/tea_pmu.ko");
	pd_add_comm(f, tea, PID, "perf-exec", false, 10);
	pd_add_finished_round(f);
	pd_add_comm(f, tea, PID, "prog", true, 20);
	/* the exec's kernel samples come before the program's mappings */
	s = user_sample(width, PICS_STALLED, 1, KERNEL_BASE + 0x2000, FL_MB);
	s.priv = 1;
	s.cycle = 1000;
	pd_add_sample(f, tea, &s);
	pd_add_mmap2(f, tea, PID, 0x10000, 0x2000, 0, "/bin/prog", NULL, 0, 30);
	pd_add_mmap2(f, tea, PID, 0x3fb88e3000ull, 0x1000, 0, "[vdso]", NULL, 0, 40);
	s = user_sample(width, PICS_STALLED, 1, 0x10010, ST_L1);
	s.cycle = 2000;
	pd_add_sample(f, tea, &s);
	s = user_sample(width, PICS_COMPUTE, (1u << width) - 1, 0x10100, DR_L1);
	s.cycle = 3000;
	pd_add_sample(f, tea, &s);
	/* a sample whose slots hold nothing is no sample */
	s = user_sample(width, PICS_DRAINED, 0, 0, 0);
	s.cycle = 4000;
	s.lost = 2;
	pd_add_sample(f, tea, &s);
	s = user_sample(width, PICS_DRAINED, 2, 0x10200, 0);
	s.cycle = 5000;
	pd_add_sample(f, tea, &s);
}

static void assert_tea_meta(const struct pics_meta *m, unsigned width)
{
	assert_string_equal(m->scheme, "TEA");
	assert_int_equal(m->n_events, PICS_TEA_NUM_EVENTS);
	assert_string_equal(m->events[PICS_TEA_ST_L1], "ST-L1");
	assert_int_equal(m->commit_width, width);
	assert_int_equal(m->period, PERIOD);
	assert_int_equal(m->clock_hz, 0);
}

/* The samples of recording(), in file order. */
static void assert_recording_samples(struct pics_sample_reader *r,
				     unsigned width)
{
	struct pics_error err;
	struct pics_sample s;

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.state, PICS_STALLED);
	assert_int_equal(s.valid, 1);
	assert_int_equal(s.cycle, 1000);
	assert_int_equal(s.addr[0], KERNEL_BASE + 0x2000);
	assert_int_equal(s.psv[0], FL_MB);
	assert_int_equal(s.pid, PID);

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.state, PICS_STALLED);
	assert_int_equal(s.addr[0], 0x10010);
	assert_int_equal(s.psv[0], ST_L1);

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.state, PICS_COMPUTE);
	assert_int_equal(s.valid, (1u << width) - 1);
	for (unsigned i = 0; i < width; i++) {
		assert_int_equal(s.addr[i], 0x10100 + 4 * i);
		assert_int_equal(s.psv[i], i ? 0 : DR_L1);
	}

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.state, PICS_DRAINED);
	assert_int_equal(s.valid, 2);
	assert_int_equal(s.addr[1], 0x10204);
	assert_int_equal(s.cycle, 5000);

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	assert_int_equal(pics_sample_reader_samples(r), 4);
	assert_int_equal(pics_sample_reader_lost(r), 2);
}

static void assert_mapping(const struct pics_mapping *m, const char *path,
			   uint64_t start, uint64_t end, uint64_t pgoff,
			   const uint8_t *id, uint32_t pid, uint64_t time)
{
	assert_string_equal(m->path, path);
	assert_int_equal(m->start, start);
	assert_int_equal(m->end, end);
	assert_int_equal(m->pgoff, pgoff);
	assert_int_equal(m->build_id_len, id ? 20 : 0);
	if (id)
		assert_memory_equal(m->build_id, id, 20);
	assert_int_equal(m->pid, pid);
	assert_int_equal(m->time, time);
}

static void test_width_2_recording_reads_as_a_sample_file(void **state)
{
	const struct pics_mapping *maps;
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pd_file f;
	const char *path;
	size_t n;

	(void)state;
	recording(&f, 2);
	path = write_file("w2.data", &f);
	assert_int_equal(pics_file_kind(path, &err), PICS_FILE_SAMPLES);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_tea_meta(pics_sample_reader_meta(r), 2);
	/* the command: the file the exec'd task mapped first */
	assert_string_equal(pics_sample_reader_meta(r)->binary, "/bin/prog");
	assert_int_equal(pics_sample_reader_meta(r)->build_id_len, 20);
	assert_memory_equal(pics_sample_reader_meta(r)->build_id, prog_id, 20);
	assert_recording_samples(r, 2);

	maps = pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 4);
	/* the kernel's and its module's are every task's, from the start;
	 * the program's from the cycle after the last user sample before
	 * them (none: 0) */
	assert_mapping(&maps[0], "[kernel]", KERNEL_BASE + 0x1000,
		       KERNEL_BASE + 0x1000 + 0x10d5e2, 0, kernel_id, 0, 0);
	assert_mapping(&maps[1], "[tea_pmu]", 0xffffffff002a6000ull,
		       0xffffffff002aa000ull, 0, NULL, 0, 0);
	assert_mapping(&maps[2], "/bin/prog", 0x10000, 0x12000, 0, prog_id, PID, 0);
	assert_mapping(&maps[3], "[vdso]", 0x3fb88e3000ull, 0x3fb88e4000ull, 0,
		       NULL, PID, 0);
	pics_sample_reader_close(r);
}

/* A 4-wide core: the width from the PMU's caps and the samples, the
 * build-ids in the MMAP2 records themselves (perf record --buildid-mmap). */
static void test_width_4_recording_with_caps_and_mmap2_build_ids(void **state)
{
	const struct pics_mapping *maps;
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pd_file f;
	const char *path;
	size_t n;

	(void)state;
	recording(&f, 4);
	f.caps_width = 4;
	f.n_build_ids = 0;
	pd_add_mmap2(&f, 0, PID, 0x20000, 0x1000, 0x3000, "/lib/libx.so",
		     prog_id, 20, 50);
	path = write_file("w4.data", &f);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_tea_meta(pics_sample_reader_meta(r), 4);
	assert_int_equal(pics_sample_reader_meta(r)->build_id_len, 0);
	assert_recording_samples(r, 4);
	maps = pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 5);
	assert_mapping(&maps[0], "[kernel]", KERNEL_BASE + 0x1000,
		       KERNEL_BASE + 0x1000 + 0x10d5e2, 0, NULL, 0, 0);
	/* made after the user sample of cycle 5000 */
	assert_mapping(&maps[4], "/lib/libx.so", 0x20000, 0x21000, 0x3000,
		       prog_id, PID, 5001);
	pics_sample_reader_close(r);

	/* no samples at all: the caps still say how wide the core is */
	pd_init(&f);
	pd_add_tea(&f, PERIOD);
	f.caps_width = 4;
	path = write_file("caps.data", &f);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_tea_meta(pics_sample_reader_meta(r), 4);
	pics_sample_reader_close(r);
}

/* Raw data of version 2: the data addresses of the slots teastat.DMASK
 * names (not of a slot that holds no instruction). */
static void test_version_2_samples_carry_data_addresses(void **state)
{
	struct pd_tea_sample s = user_sample(2, PICS_COMPUTE, 3, 0x10100, 0);
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample got;
	struct pd_file f;
	const char *path;
	unsigned tea;

	(void)state;
	pd_init(&f);
	tea = pd_add_tea(&f, PERIOD);
	s.version = 2;
	s.cycle = 1000;
	s.daccess = 2;
	s.daddr[1] = 0x3fffff1230ull;
	pd_add_sample(&f, tea, &s);
	s.valid = 1;
	s.cycle = 2000;
	pd_add_sample(&f, tea, &s);
	path = write_file("daddr.data", &f);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_int_equal(pics_sample_reader_next(r, &got, &err), 1);
	assert_int_equal(got.daccess, 2);
	assert_int_equal(got.daddr[0], 0);
	assert_int_equal(got.daddr[1], 0x3fffff1230ull);
	assert_int_equal(pics_sample_reader_next(r, &got, &err), 1);
	assert_int_equal(got.daccess, 0);
	assert_int_equal(got.daddr[1], 0);
	assert_int_equal(pics_sample_reader_next(r, &got, &err), 0);
	pics_sample_reader_close(r);
}

static void test_profile_load_aggregates_a_recording(void **state)
{
	struct pics_profile *p;
	struct pics_error err;
	struct pd_file f;
	const char *path;
	size_t n;

	(void)state;
	recording(&f, 2);
	path = write_file("load.data", &f);
	p = pics_profile_load(path, &err);
	assert_non_null(p);
	assert_int_equal(pics_profile_samples(p), 4);
	assert_int_equal(pics_profile_lost(p), 2);
	assert_int_equal(pics_profile_total_weight(p), 4 * pics_weight_unit(2));
	assert_int_equal(pics_profile_weight(p, 0x10010, ST_L1),
			 pics_weight_unit(2));
	assert_int_equal(pics_profile_weight(p, 0x10100, DR_L1),
			 pics_weight_unit(2) / 2);
	pics_profile_mappings(p, &n);
	assert_int_equal(n, 4);
	pics_profile_free(p);
}

/* Losses: the hardware's from the raw data, the kernel's once though
 * perf record reports them twice (LOST records, LOST_SAMPLES at the end);
 * throttling counted with its time, in cycles at the rate of the samples
 * (two cycles a nanosecond here). */
static void test_losses_and_throttling_are_counted(void **state)
{
	struct pd_tea_sample s = user_sample(2, PICS_STALLED, 1, 0x10010, 0);
	struct pics_perf_data *r;
	struct pics_sample got;
	struct pics_throttle t;
	struct pics_error err;
	struct pd_file f;
	unsigned tea;

	(void)state;
	pd_init(&f);
	tea = pd_add_tea(&f, PERIOD);
	s.lost = 3;
	s.time = 500;
	s.cycle = 10000;
	pd_add_sample(&f, tea, &s);
	s.lost = 0;
	s.time = 10500;
	s.cycle = 30000;
	pd_add_sample(&f, tea, &s);
	pd_add_lost(&f, tea, 5);
	pd_add_throttle(&f, tea, false, 1000);
	pd_add_throttle(&f, tea, true, 4000);
	pd_add_throttle(&f, tea, false, 9000);
	pd_add_throttle(&f, tea, true, 9500);
	pd_add_lost_samples(&f, tea, 4);
	r = open_direct("lost.data", &f);
	assert_int_equal(pics_perf_data_next(r, &got, &err), 1);
	assert_int_equal(pics_perf_data_next(r, &got, &err), 1);
	assert_int_equal(pics_perf_data_next(r, &got, &err), 0);
	assert_int_equal(pics_perf_data_lost(r), 3 + 5);
	t = pics_perf_data_throttle(r);
	assert_int_equal(t.times, 2);
	assert_int_equal(t.cycles, 2 * (3000 + 500));
	pics_perf_data_close(r);
}

/* perf record -e cpu-clock -e tea/.../: records name their event by
 * PERF_SAMPLE_IDENTIFIER; only the tea event's count. */
static void test_other_events_are_left_out(void **state)
{
	struct pd_tea_sample s = user_sample(2, PICS_STALLED, 1, 0x10010, 0);
	struct pics_perf_data *r;
	struct pics_sample got;
	struct pics_error err;
	unsigned clock, tea;
	struct pd_file f;

	(void)state;
	pd_init(&f);
	clock = pd_add_attr(&f, PERF_TYPE_SOFTWARE, 100000,
			    PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP |
			    PERF_SAMPLE_TID | PERF_SAMPLE_RAW, "cpu-clock");
	tea = pd_add_tea(&f, PERIOD);
	f.attrs[tea].sample_type |= PERF_SAMPLE_IDENTIFIER;
	/* a cpu-clock sample's raw data is no TEA sample */
	s.raw_size = 4;
	pd_add_sample(&f, clock, &s);
	pd_add_lost(&f, clock, 7);
	pd_add_mmap2(&f, clock, PID, 0x10000, 0x1000, 0, "/bin/prog", NULL, 0, 1);
	s.raw_size = 0;
	pd_add_sample(&f, tea, &s);
	pd_add_lost(&f, tea, 1);
	r = open_direct("two.data", &f);
	assert_int_equal(pics_perf_data_next(r, &got, &err), 1);
	assert_int_equal(got.addr[0], 0x10010);
	assert_int_equal(pics_perf_data_next(r, &got, &err), 0);
	assert_int_equal(pics_perf_data_samples(r), 1);
	assert_int_equal(pics_perf_data_lost(r), 1);
	pics_perf_data_close(r);
}

/* A fork runs its parent's mappings, as its own from then on; an exec
 * maps new ones, which hold from the cycle after the last user sample. */
static void test_forks_and_execs_give_tasks_their_mappings(void **state)
{
	struct pd_tea_sample s = user_sample(2, PICS_STALLED, 1, 0x10010, 0);
	const struct pics_mapping *maps;
	struct pics_sample_reader *r;
	struct pics_sample got;
	struct pics_error err;
	struct pd_file f;
	const char *path;
	unsigned tea;
	size_t n;

	(void)state;
	pd_init(&f);
	tea = pd_add_tea(&f, PERIOD);
	pd_add_comm(&f, tea, PID, "sh", true, 1);
	pd_add_mmap2(&f, tea, PID, 0x10000, 0x1000, 0, "/bin/sh", NULL, 0, 2);
	s.cycle = 700;
	pd_add_sample(&f, tea, &s);
	pd_add_fork(&f, tea, PID + 1, PID, 3);
	pd_add_fork(&f, tea, PID, PID, 4);	/* a thread: nothing new */
	pd_add_comm(&f, tea, PID + 1, "prog", true, 5);
	s.pid = PID + 1;
	s.cycle = 800;
	pd_add_sample(&f, tea, &s);
	pd_add_mmap2(&f, tea, PID + 1, 0x10000, 0x2000, 0, "/bin/prog", NULL, 0, 6);
	/* a fork after the exec gets the new image only */
	pd_add_fork(&f, tea, PID + 2, PID + 1, 7);
	path = write_file("fork.data", &f);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_string_equal(pics_sample_reader_meta(r)->binary, "/bin/sh");
	while (pics_sample_reader_next(r, &got, &err) > 0)
		;
	maps = pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 4);
	assert_mapping(&maps[0], "/bin/sh", 0x10000, 0x11000, 0, NULL, PID, 0);
	assert_mapping(&maps[1], "/bin/sh", 0x10000, 0x11000, 0, NULL, PID + 1, 701);
	assert_mapping(&maps[2], "/bin/prog", 0x10000, 0x12000, 0, NULL, PID + 1, 801);
	assert_mapping(&maps[3], "/bin/prog", 0x10000, 0x12000, 0, NULL, PID + 2, 801);
	assert_ptr_equal(pics_mapping_find_task(maps, n, PID + 1, 750, 0x10010),
			 &maps[1]);
	assert_ptr_equal(pics_mapping_find_task(maps, n, PID + 1, 900, 0x10010),
			 &maps[2]);
	pics_sample_reader_close(r);
}

/* ---- broken files ------------------------------------------------------- */

/* Reading @path fails with one line that names it and the offset. */
static void assert_rejected(const char *path, uint64_t offset,
			    const char *what)
{
	struct pics_sample_reader *r;
	struct pics_profile *p;
	struct pics_error err = { 0 };
	struct pics_sample s;
	int ret = -1;

	r = pics_sample_reader_open(path, &err);
	if (r) {
		while ((ret = pics_sample_reader_next(r, &s, &err)) > 0)
			;
		pics_sample_reader_close(r);
	}
	assert_int_equal(ret, -1);
	if (!strstr(err.msg, what) || !err.has_offset || err.offset != offset)
		fail_msg("expected '%s' at offset %llu, got: %s", what,
			 (unsigned long long)offset, err.msg);
	assert_non_null(strstr(err.msg, path));
	assert_null(strchr(err.msg, '\n'));
	/* the loader says the same */
	p = pics_profile_load(path, &err);
	assert_null(p);
	assert_non_null(strstr(err.msg, what));
}

/* The offset of the data section, and of its first record of @type. */
static uint64_t record_offset(const uint8_t *b, uint32_t type)
{
	uint64_t at = le(b + 40, 8), end = at + le(b + 48, 8);

	while (at < end) {
		if (le(b + at, 4) == type)
			return at;
		at += le(b + at + 6, 2);
	}
	fail_msg("no record of type %u", type);
	return 0;
}

static void test_every_cut_of_a_recording_is_an_error(void **state)
{
	const char *cut = scratch("cut.data");
	struct pd_file f;
	uint8_t *bytes;
	size_t len;

	(void)state;
	recording(&f, 2);
	bytes = pd_finish(&f, &len);
	pd_free(&f);
	for (size_t n = 0; n < len; n++) {
		struct pics_error err = { 0 };
		struct pics_profile *p;

		write_bytes(cut, bytes, n);
		p = pics_profile_load(cut, &err);
		if (p)
			fail_msg("a file cut to %zu of %zu bytes was read", n, len);
		assert_non_null(strstr(err.msg, cut));
		assert_null(strchr(err.msg, '\n'));
	}
	free(bytes);
}

static void test_wrong_magic_and_perf_variants_are_refused(void **state)
{
	const char *path = scratch("magic.data");
	struct pics_error err;
	struct pd_file f;
	uint8_t *bytes;
	size_t len;

	(void)state;
	recording(&f, 2);
	bytes = pd_finish(&f, &len);
	pd_free(&f);

	memcpy(bytes, "PERFILE3", 8);
	write_bytes(path, bytes, len);
	assert_int_equal(pics_file_kind(path, &err), PICS_FILE_UNKNOWN);
	assert_non_null(strstr(err.msg, "unknown magic"));
	assert_null(pics_sample_reader_open(path, &err));
	assert_int_equal(err.code, PICS_ERR_MAGIC);

	memcpy(bytes, "2ELIFREP", 8);
	write_bytes(path, bytes, len);
	assert_rejected(path, 0, "big-endian");
	memcpy(bytes, "PERFFILE", 8);
	write_bytes(path, bytes, len);
	assert_rejected(path, 0, "first version");

	/* perf record -o -: the header is the magic and its size alone */
	memcpy(bytes, "PERFILE2", 8);
	bytes[8] = 16;
	write_bytes(path, bytes, len);
	assert_rejected(path, 8, "pipe mode");
	free(bytes);
}

static void test_sections_outside_the_file_are_errors(void **state)
{
	const char *path = scratch("sections.data");
	struct pd_file f;
	uint8_t *bytes, *copy;
	size_t len;

	(void)state;
	recording(&f, 2);
	bytes = pd_finish(&f, &len);
	pd_free(&f);
	copy = malloc(len);
	assert_non_null(copy);

	/* the attrs section */
	memcpy(copy, bytes, len);
	pd_set_le(copy + 24, len - 8, 8);
	write_bytes(path, copy, len);
	assert_rejected(path, 24, "lies beyond the file's end");
	memcpy(copy, bytes, len);
	pd_set_le(copy + 32, 144ull << 40, 8);
	write_bytes(path, copy, len);
	assert_rejected(path, 32, "attrs; at most 4096");
	memcpy(copy, bytes, len);
	pd_set_le(copy + 32, 100, 8);
	write_bytes(path, copy, len);
	assert_rejected(path, 32, "no whole number of 144-byte attrs");

	/* an attr's ids */
	memcpy(copy, bytes, len);
	pd_set_le(copy + le(bytes + 24, 8) + 128, UINT64_MAX - 7, 8);
	write_bytes(path, copy, len);
	assert_rejected(path, le(bytes + 24, 8) + 128, "id section");

	/* the data section, beyond the end */
	memcpy(copy, bytes, len);
	pd_set_le(copy + 48, len, 8);
	write_bytes(path, copy, len);
	assert_rejected(path, 40, "data section");

	/* a feature section */
	memcpy(copy, bytes, len);
	pd_set_le(copy + le(bytes + 40, 8) + le(bytes + 48, 8),
		  len + 1, 8);
	write_bytes(path, copy, len);
	assert_rejected(path, le(bytes + 40, 8) + le(bytes + 48, 8),
			"BUILD_ID section");
	free(copy);
	free(bytes);
}

/* @f written to @path, in a malloc'd buffer of *@len bytes; frees @f. */
static uint8_t *finish_into(struct pd_file *f, const char *path, size_t *len)
{
	uint8_t *bytes = pd_finish(f, len);

	pd_free(f);
	write_bytes(path, bytes, *len);
	return bytes;
}

/* A file of the one sample @s is rejected at the sample for @what. */
static void assert_sample_rejected(const struct pd_tea_sample *s,
				   const char *what)
{
	const char *path = scratch("sample.data");
	struct pd_file f;
	uint8_t *bytes;
	size_t len;

	pd_init(&f);
	pd_add_sample(&f, pd_add_tea(&f, PERIOD), s);
	bytes = finish_into(&f, path, &len);
	assert_rejected(path, record_offset(bytes, PERF_RECORD_SAMPLE), what);
	free(bytes);
}

static void test_malformed_samples_are_errors_at_their_offset(void **state)
{
	struct pd_tea_sample s = user_sample(2, PICS_STALLED, 1, 0x10010, 0),
			     bad;

	(void)state;
	/* raw data too small for its header, then for its width */
	bad = s;
	bad.raw_size = 4;
	assert_sample_rejected(&bad, "its header alone has 24");
	bad.raw_size = 52;
	assert_sample_rejected(&bad, "width 2 needs 56");
	/* version 2 has a data address a slot more */
	bad = s;
	bad.version = 2;
	bad.raw_size = 68;
	assert_sample_rejected(&bad, "width 2 needs 72");
	/* another version of the raw data, a width beyond 8 */
	bad = s;
	bad.version = 3;
	assert_sample_rejected(&bad, "raw data version 3");
	bad = s;
	bad.width = 9;
	assert_sample_rejected(&bad, "width 9; expected 1 to 8");
	/* PSV bits beyond TEA's events, two instructions in a stalled
	 * sample, a period other than the event's */
	bad = s;
	bad.psv[0] = 1u << 12;
	assert_sample_rejected(&bad, "beyond the 10 events");
	bad = s;
	bad.valid = 3;
	assert_sample_rejected(&bad, "expected exactly 1");
	bad = s;
	bad.period = PERIOD + 1;
	assert_sample_rejected(&bad, "differs from the event's 5000");
}

static void test_malformed_records_are_errors_at_their_offset(void **state)
{
	const char *path = scratch("records.data");
	struct pd_tea_sample s = user_sample(2, PICS_STALLED, 1, 0x10010, 0);
	static const uint8_t junk[16];
	struct pd_file f;
	uint8_t *bytes;
	size_t len;
	uint64_t at;

	(void)state;
	/* a raw size beyond the record */
	pd_init(&f);
	pd_add_sample(&f, pd_add_tea(&f, PERIOD), &s);
	bytes = finish_into(&f, path, &len);
	at = record_offset(bytes, PERF_RECORD_SAMPLE);
	pd_set_le(bytes + at + 8 + 40, 200, 4);
	write_bytes(path, bytes, len);
	assert_rejected(path, at + 8 + 44, "sample record ends inside its raw data");
	/* a record smaller than its header, or past the data's end */
	pd_set_le(bytes + at + 6, 4, 2);
	write_bytes(path, bytes, len);
	assert_rejected(path, at, "record of 4 bytes");
	pd_set_le(bytes + at + 6, 0xfff8, 2);
	write_bytes(path, bytes, len);
	assert_rejected(path, at, "runs past the data section's end");
	free(bytes);

	/* an MMAP2 whose name has no NUL */
	pd_init(&f);
	pd_add_tea(&f, PERIOD);
	f.attrs[0].flags = 0;	/* no sample_id: the name runs to the end */
	pd_add_mmap2(&f, 0, PID, 0x10000, 0x1000, 0, "/bin/progxx", NULL, 0, 0);
	bytes = finish_into(&f, path, &len);
	at = record_offset(bytes, PERF_RECORD_MMAP2);
	memset(bytes + at + 8 + 64 + 8, 'x', 8);
	write_bytes(path, bytes, len);
	assert_rejected(path, at, "file name has no NUL");
	free(bytes);

	/* compressed records */
	pd_init(&f);
	pd_add_tea(&f, PERIOD);
	pd_add_raw_record(&f, 81, junk, sizeof(junk));
	bytes = finish_into(&f, path, &len);
	assert_rejected(path, record_offset(bytes, 81), "perf record -z");
	free(bytes);
}

static void test_files_without_a_readable_tea_event_are_errors(void **state)
{
	const char *path = scratch("events.data");
	struct pd_file f;
	uint8_t *bytes;
	size_t len;

	(void)state;
	/* the tea PMU had another type: no event of it */
	pd_init(&f);
	pd_add_attr(&f, 9, 100, PERF_SAMPLE_IP | PERF_SAMPLE_RAW, "cycles");
	path = write_file("events.data", &f);
	assert_rejected(path, 24, "no tea event among the file's events (cycles)");

	/* without PMU_MAPPINGS the event's name says it */
	pd_init(&f);
	f.pmu_mappings = false;
	pd_add_attr(&f, 9, 100, PERF_SAMPLE_IP, "tea/period=100/");
	path = write_file("events.data", &f);
	assert_rejected(path, 104 + 8, "perf record -R");

	/* a frequency instead of a period */
	pd_init(&f);
	pd_add_tea(&f, PERIOD);
	f.attrs[0].flags |= PD_FREQ;
	path = write_file("events.data", &f);
	assert_rejected(path, 104 + 8, "by frequency");

	/* two events that their records cannot tell apart */
	pd_init(&f);
	pd_add_attr(&f, PERF_TYPE_SOFTWARE, 100, PERF_SAMPLE_IP, "cpu-clock");
	pd_add_tea(&f, PERIOD);
	bytes = pd_finish(&f, &len);
	pd_free(&f);
	write_bytes(path, bytes, len);
	assert_rejected(path, le(bytes + 24, 8) + 144, "cannot be told apart");
	free(bytes);
}

/* A recording made on the target (tests/teaperf/loop-target.data), as
 * tests/linux/stock-perf.sh makes one: `perf record -R -e
 * tea/period=20000/ /bin/loop` on teasim's ISS, brought home with
 * `teaperf put` (docs/linux.md). */
static void test_a_recording_of_the_target_reads(void **state)
{
	static const uint8_t loop_id[4] = { 0x54, 0x84, 0x87, 0x9c };
	const struct pics_mapping *maps;
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	unsigned user = 0;
	size_t n;
	int ret;

	(void)state;
	r = pics_sample_reader_open("tests/teaperf/loop-target.data", &err);
	if (!r)
		fail_msg("%s", err.msg);
	assert_string_equal(pics_sample_reader_meta(r)->binary, "/bin/loop");
	assert_memory_equal(pics_sample_reader_meta(r)->build_id, loop_id, 4);
	assert_int_equal(pics_sample_reader_meta(r)->commit_width, 2);
	assert_int_equal(pics_sample_reader_meta(r)->period, 20000);
	while ((ret = pics_sample_reader_next(r, &s, &err)) > 0) {
		assert_int_equal(s.pid, 16);
		user += s.addr[0] < 0x11000;
	}
	assert_int_equal(ret, 0);
	assert_int_equal(pics_sample_reader_samples(r), 55);
	assert_int_equal(user, 39);
	maps = pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 4);
	assert_string_equal(maps[0].path, "[kernel]");
	assert_int_equal(maps[0].start, 0xffffffff80001000ull);
	assert_int_equal(maps[0].build_id_len, 20);
	assert_string_equal(maps[1].path, "[tea_pmu]");
	assert_string_equal(maps[2].path, "/bin/loop");
	assert_int_equal(maps[2].start, 0x10000);
	assert_int_equal(maps[2].pid, 16);
	assert_memory_equal(maps[2].build_id, loop_id, 4);
	assert_string_equal(maps[3].path, "[vdso]");
	pics_sample_reader_close(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_width_2_recording_reads_as_a_sample_file),
		cmocka_unit_test(test_width_4_recording_with_caps_and_mmap2_build_ids),
		cmocka_unit_test(test_version_2_samples_carry_data_addresses),
		cmocka_unit_test(test_profile_load_aggregates_a_recording),
		cmocka_unit_test(test_losses_and_throttling_are_counted),
		cmocka_unit_test(test_other_events_are_left_out),
		cmocka_unit_test(test_forks_and_execs_give_tasks_their_mappings),
		cmocka_unit_test(test_every_cut_of_a_recording_is_an_error),
		cmocka_unit_test(test_wrong_magic_and_perf_variants_are_refused),
		cmocka_unit_test(test_sections_outside_the_file_are_errors),
		cmocka_unit_test(test_malformed_samples_are_errors_at_their_offset),
		cmocka_unit_test(test_malformed_records_are_errors_at_their_offset),
		cmocka_unit_test(test_files_without_a_readable_tea_event_are_errors),
		cmocka_unit_test(test_a_recording_of_the_target_reads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
