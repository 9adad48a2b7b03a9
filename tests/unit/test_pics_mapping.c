/* Map records: written and read in sample and profile files, and every way
 * one can be broken; task records, task map records, the stop and the
 * throttle record, and the mapping of a sample's task at its cycle. */
#include "test_pics_util.h"

static const struct pics_sample sample = {
	.cycle = 100, .state = PICS_STALLED, .valid = 1, .addr = { 0x10104 },
};

static struct pics_mapping mapping(uint64_t start, uint64_t end,
				   const char *path, unsigned id_len)
{
	struct pics_mapping m = { .start = start, .end = end, .pgoff = 0x1000 };

	snprintf(m.path, sizeof(m.path), "%s", path);
	m.build_id_len = id_len;
	for (unsigned i = 0; i < id_len; i++)
		m.build_id[i] = (uint8_t)(0x40 + i);
	return m;
}

#define N_MAPS 3
#define PREAMBLE 16

static struct pics_mapping maps[N_MAPS];

static int set_up(void **state)
{
	(void)state;
	maps[0] = mapping(0x10000, 0x11000, "/bin/prog", 20);
	maps[1] = mapping(0x3fb88e3000, 0x3fb88e4000, "[vdso]", 0);
	maps[2] = mapping(0xffffffff80001000ULL, 0xffffffff80105b36ULL,
			  "[kernel]", 20);
	return 0;
}

/* Where the first record starts: after the preamble and the header. */
static size_t first_record(const uint8_t *b)
{
	return PREAMBLE + ((size_t)b[12] | (size_t)b[13] << 8 |
			   (size_t)b[14] << 16 | (size_t)b[15] << 24);
}

/* A map record before the samples, one between them and one before the
 * end, as a producer may place them. */
static void write_file(const char *path)
{
	struct pics_meta m = tea_meta(2, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);

	assert_non_null(w);
	assert_int_equal(pics_sample_writer_map(w, &maps[0], &err), 0);
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_map(w, &maps[1], &err), 0);
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_map(w, &maps[2], &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
}

static void assert_mappings(const struct pics_mapping *got, size_t n)
{
	assert_int_equal(n, N_MAPS);
	assert_non_null(got);
	for (size_t i = 0; i < N_MAPS; i++)
		assert_memory_equal(&got[i], &maps[i], sizeof(maps[i]));
}

static void test_map_records_round_trip_where_they_stand(void **state)
{
	const char *path = scratch("maps.tea");
	const struct pics_mapping *got;
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	size_t n;

	(void)state;
	write_file(path);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 0);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 1);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 2);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	got = pics_sample_reader_mappings(r, &n);
	assert_mappings(got, n);
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_profiles_keep_the_mappings(void **state)
{
	const char *tea = scratch("maps.tea"), *prof = scratch("maps.prof");
	const struct pics_mapping *got;
	struct pics_profile *p, *back;
	struct pics_error err;
	size_t n;

	(void)state;
	write_file(tea);
	p = pics_profile_load(tea, &err);
	assert_non_null(p);
	got = pics_profile_mappings(p, &n);
	assert_mappings(got, n);
	assert_int_equal(pics_profile_write(p, prof, &err), 0);
	back = pics_profile_read(prof, &err);
	assert_non_null(back);
	got = pics_profile_mappings(back, &n);
	assert_mappings(got, n);
	assert_int_equal(pics_profile_total_weight(back), 2 * 2);
	pics_profile_free(back);
	pics_profile_free(p);
	unlink(tea);
	unlink(prof);
}

static void test_files_without_maps_read_as_before(void **state)
{
	const char *path = scratch("minor0.tea");
	struct pics_meta m = tea_meta(2, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	struct pics_profile *p;
	uint8_t *bytes;
	size_t len, n;

	(void)state;
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	bytes = read_bytes(path, &len);
	assert_int_equal(bytes[10], PICS_FORMAT_MINOR);
	bytes[10] = 0;		/* as written before map records existed */
	write_bytes(path, bytes, len);
	free(bytes);
	p = pics_profile_load(path, &err);
	assert_non_null(p);
	assert_int_equal(pics_profile_total_weight(p), 2);
	assert_null(pics_profile_mappings(p, &n));
	assert_int_equal(n, 0);
	pics_profile_free(p);
	unlink(path);
}

/* The file of write_file with its first map record patched; returns the
 * error reading it gives and the record's offset. */
static enum pics_error_code read_patched(void (*patch)(uint8_t *record),
					 struct pics_error *err,
					 uint64_t *offset)
{
	const char *path = scratch("patched.tea");
	struct pics_sample_reader *r;
	struct pics_sample s;
	uint8_t *bytes;
	size_t len;
	int ret;

	write_file(path);
	bytes = read_bytes(path, &len);
	*offset = first_record(bytes);
	assert_int_equal(bytes[*offset], 0x80);
	patch(bytes + *offset);
	write_bytes(path, bytes, len);
	free(bytes);
	r = pics_sample_reader_open(path, err);
	assert_non_null(r);
	while ((ret = pics_sample_reader_next(r, &s, err)) > 0)
		;
	pics_sample_reader_close(r);
	unlink(path);
	return ret < 0 ? err->code : PICS_OK;
}

static void length_one_short(uint8_t *record)
{
	record[1]--;
}

static void length_one_long(uint8_t *record)
{
	record[1]++;
}

static void start_after_end(uint8_t *record)
{
	record[5 + 8] = 0;	/* end's low bytes: 0x10000 */
	record[5 + 9] = 0;
	record[5 + 10] = 0;
}

static void build_id_too_long(uint8_t *record)
{
	record[5 + 24] = 65;
}

static void path_too_long(uint8_t *record)
{
	record[5 + 25 + 20]++;
}

static void test_broken_map_records_are_format_errors_at_their_offset(void **state)
{
	static const struct {
		void (*patch)(uint8_t *record);
		const char *says;
	} cases[] = {
		{ length_one_short, "disagrees with its fields" },
		{ length_one_long, "disagrees with its fields" },
		{ start_after_end, "start not below end" },
		{ build_id_too_long, "build-id length 65" },
		{ path_too_long, "disagrees with its fields" },
	};
	struct pics_error err;
	uint64_t offset;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(read_patched(cases[i].patch, &err, &offset),
				 PICS_ERR_FORMAT);
		assert_true(err.has_offset);
		assert_int_equal(err.offset, offset);
		if (!strstr(err.msg, cases[i].says))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg,
				 cases[i].says);
	}
}

static void test_file_ending_inside_a_map_record_is_truncated(void **state)
{
	const char *path = scratch("cut.tea");
	struct pics_error err;
	uint8_t *bytes;
	size_t len, first;

	(void)state;
	write_file(path);
	bytes = read_bytes(path, &len);
	first = first_record(bytes);
	for (size_t keep = first + 1; keep < first + 5 + 25 + 20 + 2 + 9;
	     keep++) {
		write_bytes(path, bytes, keep);
		assert_null(pics_profile_load(path, &err));
		assert_int_equal(err.code, PICS_ERR_TRUNCATED);
	}
	free(bytes);
	unlink(path);
}

static void test_invalid_mappings_are_not_written(void **state)
{
	struct pics_mapping bad[] = {
		mapping(0x2000, 0x2000, "/bin/prog", 0),
		mapping(0x1000, 0x2000, "", 0),
		mapping(0x1000, 0x2000, "/bin/prog", 0),
	};
	struct pics_meta m = tea_meta(1, 1);
	const char *path = scratch("bad-maps.tea");
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	struct pics_profile *p = pics_profile_new(&m, &err);

	(void)state;
	bad[2].build_id_len = PICS_BUILD_ID_MAX + 1;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(pics_sample_writer_map(w, &bad[i], &err), -1);
		assert_int_equal(err.code, PICS_ERR_INVALID);
		assert_int_equal(pics_profile_add_mapping(p, &bad[i], &err), -1);
	}
	pics_profile_free(p);
	pics_sample_writer_abandon(w);
	unlink(path);
}

static void test_more_mappings_than_the_limit_are_rejected(void **state)
{
	struct pics_meta m = tea_meta(1, 1);
	const char *path = scratch("many-maps.tea");
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);

	(void)state;
	for (unsigned i = 0; i <= PICS_MAX_MAPPINGS; i++) {
		struct pics_mapping map = mapping(0x1000 * (i + 1),
						  0x1000 * (i + 2), "/lib/x", 0);

		assert_int_equal(pics_sample_writer_map(w, &map, &err), 0);
	}
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	assert_null(pics_profile_load(path, &err));
	assert_int_equal(err.code, PICS_ERR_FORMAT);
	assert_non_null(strstr(err.msg, "more than 4096 mappings"));
	unlink(path);
}

static void test_mapping_find_picks_the_holder(void **state)
{
	(void)state;
	assert_ptr_equal(pics_mapping_find(maps, N_MAPS, 0x10fff), &maps[0]);
	assert_ptr_equal(pics_mapping_find(maps, N_MAPS, 0xffffffff80001000ULL),
			 &maps[2]);
	assert_null(pics_mapping_find(maps, N_MAPS, 0x11000));
}

/* ---- tasks, execs and the stop record -------------------------------- */

/* What a recording that follows a forking command holds: task 7 runs
 * /bin/sh, forks task 8 at cycle 300 (which starts with a copy of its
 * parent's mapping) and 8 execs /bin/loop at cycle 1000, at the same
 * addresses; the kernel is every task's. */
#define N_TASK_MAPS 4

static struct pics_mapping task_maps[N_TASK_MAPS];

static void set_up_task_maps(void)
{
	task_maps[0] = maps[2];
	task_maps[1] = mapping(0x10000, 0x12000, "/bin/sh", 20);
	task_maps[1].pid = 7;
	task_maps[2] = task_maps[1];
	task_maps[2].pid = 8;
	task_maps[2].time = 300;
	task_maps[3] = mapping(0x10000, 0x11800, "/bin/loop", 20);
	task_maps[3].build_id[0] = 0x99;
	task_maps[3].pid = 8;
	task_maps[3].time = 1000;
}

static struct pics_sample task_sample(uint32_t pid, uint64_t cycle)
{
	struct pics_sample s = {
		.cycle = cycle, .state = PICS_STALLED, .valid = 1,
		.addr = { 0x10010 }, .pid = pid,
	};

	return s;
}

/* The samples of task_file, in order: task, cycle. */
static const struct { uint32_t pid; uint64_t cycle; } task_samples[] = {
	{ 7, 100 }, { 7, 200 }, { 8, 400 }, { 8, 1200 }, { 7, 1300 },
	{ 8, 1400 },
};

#define N_TASK_SAMPLES (sizeof(task_samples) / sizeof(task_samples[0]))

/* The maps where a producer knows them: before the samples they hold for. */
static void write_task_file(const char *path)
{
	struct pics_meta m = tea_meta(2, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	size_t next_map = 1;

	set_up_task_maps();
	assert_non_null(w);
	for (size_t i = 0; i < N_TASK_SAMPLES; i++) {
		struct pics_sample s = task_sample(task_samples[i].pid,
						   task_samples[i].cycle);

		for (; next_map < N_TASK_MAPS &&
		       task_maps[next_map].time <= s.cycle; next_map++)
			assert_int_equal(pics_sample_writer_map(w, &task_maps[next_map],
								&err), 0);
		assert_int_equal(pics_sample_writer_add(w, &s, &err), 0);
	}
	assert_int_equal(pics_sample_writer_map(w, &task_maps[0], &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
}

/* The kind bytes of the records after the header, in order (NUL-ended). */
static void record_kinds(const char *path, char *kinds, size_t cap)
{
	size_t len, at, n = 0;
	uint8_t *b = read_bytes(path, &len);

	for (at = first_record(b); at < len && n + 1 < cap; n++) {
		kinds[n] = (char)b[at];
		if (b[at] >= 0x80)
			at += 5 + ((size_t)b[at + 1] | (size_t)b[at + 2] << 8);
		else if (b[at] == 0x01)
			at += 11 + 8 + 2;	/* one slot, ten events */
		else
			at += 17;
	}
	kinds[n] = '\0';
	free(b);
}

static void test_task_records_name_the_task_of_each_sample(void **state)
{
	const char *path = scratch("tasks.tea");
	/* 0x81 maps of 7 and 8, a 0x82 task record at each change of task */
	static const char want[] = "\x81\x82\x01\x01\x81\x82\x01\x81\x01"
				   "\x82\x01\x82\x01\x80\x02";
	char kinds[32];
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	const struct pics_mapping *got;
	size_t n, i = 0;

	(void)state;
	write_task_file(path);
	record_kinds(path, kinds, sizeof(kinds));
	assert_string_equal(kinds, want);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	while (pics_sample_reader_next(r, &s, &err) > 0) {
		assert_true(i < N_TASK_SAMPLES);
		assert_int_equal(s.pid, task_samples[i].pid);
		assert_int_equal(s.cycle, task_samples[i].cycle);
		i++;
	}
	assert_int_equal(i, N_TASK_SAMPLES);
	assert_int_equal(err.code, PICS_OK);
	got = pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, N_TASK_MAPS);
	for (size_t k = 1; k < N_TASK_MAPS; k++)
		assert_memory_equal(&got[k - 1], &task_maps[k], sizeof(got[0]));
	assert_memory_equal(&got[3], &task_maps[0], sizeof(got[0]));
	assert_false(pics_sample_reader_stopped(r, NULL));
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_two_execs_at_one_address_attribute_samples_by_cycle(void **state)
{
	const char *path = scratch("execs.tea");
	static const char *const want[] = {
		"/bin/sh", "/bin/sh", "/bin/sh", "/bin/loop", "/bin/sh",
		"/bin/loop",
	};
	const struct pics_mapping *got, *m;
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	size_t n, i = 0;

	(void)state;
	write_task_file(path);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	while (pics_sample_reader_next(r, &s, &err) > 0)
		i++;
	assert_int_equal(i, N_TASK_SAMPLES);
	got = pics_sample_reader_mappings(r, &n);
	for (i = 0; i < N_TASK_SAMPLES; i++) {
		m = pics_mapping_find_task(got, n, task_samples[i].pid,
					   task_samples[i].cycle, 0x10010);
		assert_non_null(m);
		assert_string_equal(m->path, want[i]);
		/* its own task's copy, or the other's: never the other's */
		assert_int_equal(m->pid, task_samples[i].pid);
	}
	/* the exec's cycle is the new image's; the one before, the old */
	assert_string_equal(pics_mapping_find_task(got, n, 8, 1000, 0x10010)->path,
			    "/bin/loop");
	assert_string_equal(pics_mapping_find_task(got, n, 8, 999, 0x10010)->path,
			    "/bin/sh");
	assert_string_equal(pics_mapping_find_task(got, n, 7, 1200, 0x11800)->path,
			    "/bin/sh");
	/* the kernel holds for every task; an unknown task takes the latest */
	assert_string_equal(pics_mapping_find_task(got, n, 9, 5,
						   0xffffffff80001000ULL)->path,
			    "[kernel]");
	assert_null(pics_mapping_find_task(got, n, 9, 1200, 0x10010));
	assert_string_equal(pics_mapping_find_task(got, n, 0, 1200, 0x10010)->path,
			    "/bin/loop");
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_profiles_keep_the_task_and_cycle_of_mappings(void **state)
{
	const char *tea = scratch("tasks.tea"), *prof = scratch("tasks.prof");
	const struct pics_mapping *got;
	struct pics_profile *p, *back;
	struct pics_error err;
	size_t n;

	(void)state;
	write_task_file(tea);
	p = pics_profile_load(tea, &err);
	assert_non_null(p);
	/* /bin/loop, exec'd where /bin/sh lies, gets an address space of its
	 * own, its samples with it; task 8's copy of /bin/sh stays */
	got = pics_profile_mappings(p, &n);
	assert_int_equal(n, N_TASK_MAPS);
	assert_int_equal(got[0].start, 0x10000);
	assert_int_equal(got[1].start, 0x10000);
	assert_int_equal(got[2].start, 0x10000 + (1ull << 48));
	assert_int_equal(got[2].end, 0x11800 + (1ull << 48));
	{
		struct pics_entry *e = pics_profile_sorted(p, &n, &err);
		uint64_t sh = 0, loop = 0;

		assert_non_null(e);
		for (size_t i = 0; i < n; i++) {
			sh += e[i].addr == 0x10010 ? e[i].weight : 0;
			loop += e[i].addr == 0x10010 + (1ull << 48) ? e[i].weight : 0;
		}
		assert_int_equal(sh, 2 * loop);	/* 4 samples of /bin/sh, 2 of /bin/loop */
		assert_true(loop > 0);
		free(e);
	}
	assert_int_equal(pics_profile_write(p, prof, &err), 0);
	back = pics_profile_read(prof, &err);
	assert_non_null(back);
	got = pics_profile_mappings(back, &n);
	assert_int_equal(n, N_TASK_MAPS);
	assert_int_equal(got[2].pid, 8);
	assert_int_equal(got[2].time, 1000);
	assert_string_equal(got[2].path, "/bin/loop");
	assert_int_equal(got[3].pid, 0);
	pics_profile_free(back);
	pics_profile_free(p);
	unlink(tea);
	unlink(prof);
}

static void test_stop_record_says_where_sampling_stopped(void **state)
{
	const char *path = scratch("stop.tea");
	struct pics_meta m = tea_meta(2, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	struct pics_sample_reader *r;
	struct pics_sample s;
	uint64_t cycle = 0;
	uint8_t *bytes;
	size_t len;

	(void)state;
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_stop(w, 4242, &err), 0);
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), -1);
	assert_non_null(strstr(err.msg, "after the stop record"));
	assert_int_equal(pics_sample_writer_stop(w, 4343, &err), -1);
	pics_sample_writer_lost(w, 5);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);

	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_false(pics_sample_reader_stopped(r, &cycle));
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	assert_true(pics_sample_reader_stopped(r, &cycle));
	assert_int_equal(cycle, 4242);
	assert_int_equal(pics_sample_reader_lost(r), 5);
	pics_sample_reader_close(r);

	/* a sample after it (the stop record moved before the sample) */
	bytes = read_bytes(path, &len);
	{
		size_t first = first_record(bytes), smp = 11 + 8 + 2;
		uint8_t rec[11 + 8 + 2];

		assert_int_equal(bytes[first], 0x01);
		assert_int_equal(bytes[first + smp], 0x83);
		memcpy(rec, bytes + first, smp);
		memmove(bytes + first, bytes + first + smp, 13);
		memcpy(bytes + first + 13, rec, smp);
		write_bytes(path, bytes, len);
		assert_null(pics_profile_load(path, &err));
		assert_int_equal(err.code, PICS_ERR_FORMAT);
		assert_int_equal(err.offset, first + 13);
		assert_non_null(strstr(err.msg, "a sample after the stop record (cycle 4242)"));
	}
	free(bytes);
	unlink(path);
}

/* The throttle record: written once, read back from sample files and
 * kept by profiles; without one, zeros. */
static void test_throttle_record_says_how_long_sampling_was_held(void **state)
{
	const char *path = scratch("throttle.tea"), *prof = scratch("throttle.prof");
	struct pics_meta m = tea_meta(2, 100);
	struct pics_throttle t = { .times = 3, .cycles = 45000 }, got;
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	struct pics_sample_reader *r;
	struct pics_profile *p;
	struct pics_sample s;

	(void)state;
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_throttle(w, &t, &err), 0);
	assert_int_equal(pics_sample_writer_throttle(w, &t, &err), -1);
	assert_non_null(strstr(err.msg, "a second throttle record"));
	assert_int_equal(pics_sample_writer_close(w, &err), 0);

	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_int_equal(pics_sample_reader_throttle(r).times, 0);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	got = pics_sample_reader_throttle(r);
	assert_int_equal(got.times, 3);
	assert_int_equal(got.cycles, 45000);
	pics_sample_reader_close(r);

	p = pics_profile_load(path, &err);
	assert_non_null(p);
	assert_int_equal(pics_profile_throttle(p).cycles, 45000);
	assert_int_equal(pics_profile_write(p, prof, &err), 0);
	pics_profile_free(p);
	p = pics_profile_read(prof, &err);
	assert_non_null(p);
	got = pics_profile_throttle(p);
	assert_int_equal(got.times, 3);
	assert_int_equal(got.cycles, 45000);
	pics_profile_free(p);
	unlink(prof);
	unlink(path);
}

/* A file of one record of @kind with a body of @len bytes (zeros but for
 * a valid map, when it holds one) and a sample, the record first unless
 * it is a stop record, then the end. */
static enum pics_error_code read_record(uint8_t kind, size_t len,
					struct pics_error *err)
{
	const char *path = scratch("record.tea");
	struct pics_meta m = tea_meta(2, 100);
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, err);
	uint8_t *bytes, *out;
	size_t n, first;
	struct pics_profile *p;

	assert_non_null(w);
	assert_int_equal(pics_sample_writer_add(w, &sample, err), 0);
	assert_int_equal(pics_sample_writer_close(w, err), 0);
	bytes = read_bytes(path, &n);
	first = first_record(bytes);
	if (kind == 0x83)
		first += 11 + 8 + 2;
	out = calloc(1, n + 5 + len);
	assert_non_null(out);
	memcpy(out, bytes, first);
	out[first] = kind;
	out[first + 1] = (uint8_t)len;
	out[first + 2] = (uint8_t)(len >> 8);
	if (kind == 0x81 && len >= 12 + 28) {
		out[first + 5 + 12 + 8] = 1;	/* end 1 */
		out[first + 5 + 12 + 25] = (uint8_t)(len - 12 - 27);
		memset(out + first + 5 + 12 + 27, 'x', len - 12 - 27);
	}
	memcpy(out + first + 5 + len, bytes + first, n - first);
	write_bytes(path, out, n + 5 + len);
	free(out);
	free(bytes);
	p = pics_profile_load(path, err);
	pics_profile_free(p);
	unlink(path);
	return p ? PICS_OK : err->code;
}

static void test_broken_task_and_stop_records_are_format_errors(void **state)
{
	static const struct {
		uint8_t kind;
		size_t len;
		enum pics_error_code code;
		const char *says;
	} cases[] = {
		{ 0x82, 4, PICS_OK, NULL },
		{ 0x82, 3, PICS_ERR_FORMAT, "task record of 3 bytes; expected 4" },
		{ 0x82, 8, PICS_ERR_FORMAT, "task record of 8 bytes; expected 4" },
		{ 0x83, 8, PICS_OK, NULL },
		{ 0x83, 16, PICS_ERR_FORMAT, "stop record of 16 bytes; expected 8" },
		{ 0x84, 16, PICS_OK, NULL },
		{ 0x84, 8, PICS_ERR_FORMAT, "throttle record of 8 bytes; expected 16" },
		{ 0x81, 12 + 28, PICS_OK, NULL },
		{ 0x81, 12 + 30, PICS_OK, NULL },
		{ 0x81, 28, PICS_ERR_FORMAT, "task map record of 28 bytes; expected 40 to" },
		{ 0x81, 12 + 27, PICS_ERR_FORMAT, "task map record of 39 bytes" },
	};
	struct pics_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		err.code = PICS_OK;
		err.msg[0] = '\0';
		if (read_record(cases[i].kind, cases[i].len, &err) != cases[i].code)
			fail_msg("case %zu: '%s'", i, err.msg);
		assert_int_equal(read_record(cases[i].kind, cases[i].len, &err),
				 cases[i].code);
		if (cases[i].says && !strstr(err.msg, cases[i].says))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg,
				 cases[i].says);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_records_round_trip_where_they_stand),
		cmocka_unit_test(test_profiles_keep_the_mappings),
		cmocka_unit_test(test_files_without_maps_read_as_before),
		cmocka_unit_test(test_broken_map_records_are_format_errors_at_their_offset),
		cmocka_unit_test(test_file_ending_inside_a_map_record_is_truncated),
		cmocka_unit_test(test_invalid_mappings_are_not_written),
		cmocka_unit_test(test_more_mappings_than_the_limit_are_rejected),
		cmocka_unit_test(test_mapping_find_picks_the_holder),
		cmocka_unit_test(test_task_records_name_the_task_of_each_sample),
		cmocka_unit_test(test_two_execs_at_one_address_attribute_samples_by_cycle),
		cmocka_unit_test(test_profiles_keep_the_task_and_cycle_of_mappings),
		cmocka_unit_test(test_stop_record_says_where_sampling_stopped),
		cmocka_unit_test(test_throttle_record_says_how_long_sampling_was_held),
		cmocka_unit_test(test_broken_task_and_stop_records_are_format_errors),
	};

	return cmocka_run_group_tests(tests, set_up, NULL);
}
