/* teaperf script: a sample or profile file as text, one record a line, in
 * the form 'teaperf synth' reads back. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "teaperf.h"

static const char script_usage[] =
	"usage: teaperf script [-i FILE | FILE]\n"
	"\n"
	"Prints a sample file (.tea) or profile (.prof) as text: the header\n"
	"fields, then one line per sample ('sample CYCLE STATE ADDR:SIGNATURE...',\n"
	"'-' for an empty commit slot) or per profile entry ('entry ADDR\n"
	"SIGNATURE WEIGHT'), and the map records of a Linux recording where\n"
	"they stand ('map START END PGOFF BUILD-ID PATH', BUILD-ID '-' when\n"
	"there is none; 'task-map PID CYCLE START...' for a mapping of one task\n"
	"from a cycle on), 'task PID' before the samples of another task,\n"
	"'callers ADDR...' before a sample with a call chain (innermost first),\n"
	"and 'stop CYCLE' when the recording stopped sampling early. 'teaperf\n"
	"synth' turns this text back into a file.\n"
	"\n"
	"  -i, --input FILE      file to read (default " TEAPERF_DEFAULT_INPUT ")\n"
	"  -h, --help            this help\n";

static void print_hex(const uint8_t *bytes, unsigned len)
{
	for (unsigned i = 0; i < len; i++)
		printf("%02x", bytes[i]);
}

static void print_meta(const struct pics_meta *m, const char *format)
{
	printf("format %s\nscheme %s\nwidth %u\nevents", format, m->scheme,
	       m->commit_width);
	for (unsigned i = 0; i < m->n_events; i++)
		printf(" %s", m->events[i]);
	printf("\nperiod %" PRIu64 "\nclock %" PRIu64 "\n", m->period,
	       m->clock_hz);
	if (m->binary[0])
		printf("binary %s\n", m->binary);
	if (m->build_id_len) {
		printf("build-id ");
		print_hex(m->build_id, m->build_id_len);
		putchar('\n');
	}
}

static void print_mapping(const struct pics_mapping *map)
{
	if (map->pid || map->time)
		printf("task-map %" PRIu32 " %" PRIu64 " ", map->pid, map->time);
	else
		printf("map ");
	printf("0x%" PRIx64 " 0x%" PRIx64 " 0x%" PRIx64 " ", map->start,
	       map->end, map->pgoff);
	if (map->build_id_len)
		print_hex(map->build_id, map->build_id_len);
	else
		putchar('-');
	printf(" %s\n", map->path);
}

/* The map records read since the last call, where they stood in the file. */
static void print_new_mappings(const struct pics_sample_reader *r,
			       size_t *printed)
{
	size_t n;
	const struct pics_mapping *maps = pics_sample_reader_mappings(r, &n);

	for (; *printed < n; (*printed)++)
		print_mapping(&maps[*printed]);
}

static void print_sample(const struct pics_meta *m, const struct pics_sample *s)
{
	unsigned last = 0;

	if (s->n_callers) {
		printf("callers");
		for (uint32_t i = 0; i < s->n_callers; i++)
			printf(" 0x%" PRIx64, s->callers[i]);
		putchar('\n');
	}
	if (s->daccess) {
		printf("data");
		for (unsigned i = 0; i < PICS_MAX_WIDTH && s->daccess >> i; i++) {
			if (s->daccess >> i & 1)
				printf(" 0x%" PRIx64, s->daddr[i]);
			else
				printf(" -");
		}
		putchar('\n');
	}
	printf("sample %" PRIu64 " %s", s->cycle,
	       pics_commit_state_name((enum pics_commit_state)s->state));
	for (unsigned i = 0; i < m->commit_width; i++)
		if (s->valid >> i & 1)
			last = i;
	for (unsigned i = 0; i <= last; i++) {
		char sig[SIGNATURE_NAME_MAX];

		if (!(s->valid >> i & 1)) {
			printf(" -");
			continue;
		}
		pics_signature_name(m, s->psv[i], sig, sizeof(sig));
		printf(" 0x%" PRIx64 ":%s", s->addr[i], sig);
	}
	putchar('\n');
}

/* synth's "throttled" line, when there was throttling */
static void print_throttle(struct pics_throttle t)
{
	if (t.times)
		printf("throttled %" PRIu64 " %" PRIu64 "\n", t.times, t.cycles);
}

static int script_samples(const char *path)
{
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	size_t printed = 0;
	uint32_t task = 0;
	uint64_t stop;
	int ret;

	r = pics_sample_reader_open(path, &err);
	if (!r) {
		cmd_error("script", "%s", err.msg);
		return 1;
	}
	print_meta(pics_sample_reader_meta(r), "samples");
	while ((ret = pics_sample_reader_next(r, &s, &err)) > 0) {
		print_new_mappings(r, &printed);
		if (s.pid != task)
			printf("task %" PRIu32 "\n", s.pid);
		task = s.pid;
		print_sample(pics_sample_reader_meta(r), &s);
	}
	print_new_mappings(r, &printed);
	if (pics_sample_reader_stopped(r, &stop))
		printf("stop %" PRIu64 "\n", stop);
	print_throttle(pics_sample_reader_throttle(r));
	if (ret < 0)
		cmd_error("script", "%s", err.msg);
	else
		printf("lost %" PRIu64 "\n", pics_sample_reader_lost(r));
	pics_sample_reader_close(r);
	return ret < 0;
}

static int script_profile(const char *path)
{
	struct pics_error err;
	struct pics_profile *p = pics_profile_read(path, &err);
	const struct pics_mapping *maps;
	const struct pics_meta *m;
	struct pics_entry *e;
	uint64_t num, den;
	size_t n, n_maps;

	if (!p) {
		cmd_error("script", "%s", err.msg);
		return 1;
	}
	e = pics_profile_sorted(p, &n, &err);
	if (!e) {
		cmd_error("script", "%s", err.msg);
		pics_profile_free(p);
		return 1;
	}
	m = pics_profile_meta(p);
	pics_profile_unit(p, &num, &den);
	print_meta(m, "profile");
	printf("total-cycles %" PRIu64 "\nsamples %" PRIu64 "\nlost %" PRIu64
	       "\nunit-den %" PRIu64 "\n",
	       pics_profile_total_cycles(p), pics_profile_samples(p),
	       pics_profile_lost(p), den);
	print_throttle(pics_profile_throttle(p));
	maps = pics_profile_mappings(p, &n_maps);
	for (size_t i = 0; i < n_maps; i++)
		print_mapping(&maps[i]);
	for (size_t i = 0; i < n; i++) {
		char sig[SIGNATURE_NAME_MAX];

		pics_signature_name(m, e[i].signature, sig, sizeof(sig));
		printf("entry 0x%" PRIx64 " %s %" PRIu64 "\n", e[i].addr, sig,
		       e[i].weight);
	}
	free(e);
	pics_profile_free(p);
	return 0;
}

int cmd_script(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "input", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *input = NULL;
	struct pics_error err;
	int c;

	while ((c = getopt_long(argc, argv, ":i:h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(script_usage, stdout);
			return 0;
		}
		if (c != 'i')
			return cmd_bad_option("script", c, argv);
		input = optarg;
	}
	if (take_input_argument("script", argc, argv, &input, input != NULL))
		return EXIT_USAGE;
	if (!input)
		input = TEAPERF_DEFAULT_INPUT;
	switch (pics_file_kind(input, &err)) {
	case PICS_FILE_SAMPLES:
		return script_samples(input);
	case PICS_FILE_PROFILE:
		return script_profile(input);
	case PICS_FILE_UNKNOWN:
		break;
	}
	cmd_error("script", "%s", err.msg);
	return 1;
}
