/* teaperf synth (developer command): writes a sample or profile file from
 * the text 'teaperf script' prints, so tests and experiments can build
 * exact inputs by hand. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "teaperf.h"

static const char synth_usage[] =
	"usage: teaperf synth -o OUT [TEXT]\n"
	"\n"
	"Reads the text form of a sample or profile file (see 'teaperf script';\n"
	"TEXT, or standard input) and writes the binary file OUT. Lines:\n"
	"  format samples|profile     first line\n"
	"  scheme NAME                default TEA\n"
	"  width N                    commit width, default 4\n"
	"  events NAME...             PSV bit order, default TEA's ten events\n"
	"  period N / clock HZ        default 1 / 0\n"
	"  binary PATH / build-id HEX\n"
	"  total-cycles N / samples N / lost N           (profile header)\n"
	"  unit-den N                 cycles per weight unit 1/N (profile header;\n"
	"                             default LCM(1..width))\n"
	"  sample CYCLE STATE SLOT... SLOT is ADDR:SIGNATURE or '-'\n"
	"  callers ADDR...            the call chain of the sample on the next\n"
	"                             line, innermost first (sample files)\n"
	"  data DADDR...              the data addresses of the sample on the\n"
	"                             next line, slot 0 first, '-' for a slot\n"
	"                             without one (sample files)\n"
	"  lost N                     samples dropped (sample files)\n"
	"  entry ADDR SIGNATURE WEIGHT                   (profiles)\n"
	"  map START END PGOFF BUILD-ID PATH   a mapping of a Linux recording;\n"
	"                             BUILD-ID in hex or '-', PATH to the end\n"
	"                             of the line\n"
	"  task-map PID CYCLE START END PGOFF BUILD-ID PATH\n"
	"                             a mapping of task PID from CYCLE on\n"
	"  task PID                   the task of the samples that follow\n"
	"  stop CYCLE                 sampling stopped: no samples after it\n"
	"  throttled TIMES CYCLES     perf throttled the sampling TIMES times,\n"
	"                             for CYCLES cycles in all\n"
	"Header lines come before the first sample, entry or map; '#' starts\n"
	"a comment.\n"
	"\n"
	"  -o, --output OUT      file to write (required)\n"
	"  -h, --help            this help\n";

/* A callers line is the longest, then an events line. */
#define MAX_TOKENS (PICS_MAX_CALLERS > PICS_MAX_EVENTS + 2 ? PICS_MAX_CALLERS \
							  : PICS_MAX_EVENTS + 2)

struct synth {
	const char *text_path, *out_path;
	unsigned lineno;
	bool format_seen, is_profile;
	struct pics_meta meta;
	uint64_t total_cycles, samples, lost, unit_den;
	uint32_t task;		/* of the samples that follow */
	/* a callers line's, for the sample on the next line */
	uint32_t n_callers;
	uint64_t callers[PICS_MAX_CALLERS];
	/* a data line's, for the sample on the next line */
	uint8_t daccess;
	uint64_t daddr[PICS_MAX_WIDTH];
	struct pics_throttle throttle;	/* a profile's */
	struct pics_sample_writer *writer;
	struct pics_profile *profile;
	struct pics_error err;
};

/* One error line at the text's line; returns -1. */
#define fail(s, ...) cmd_error_at("synth", (s)->text_path, (s)->lineno, __VA_ARGS__)

static int number(struct synth *s, const char *text, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(text, &end, 0);
	if (errno || end == text || *end || text[0] == '-')
		return fail(s, "'%s': expected a non-negative integer", text);
	return 0;
}

static int build_id(struct synth *s, const char *hex, uint8_t *id,
		    unsigned *id_len)
{
	size_t len = strlen(hex);

	if (len % 2 || len / 2 > PICS_BUILD_ID_MAX ||
	    strspn(hex, "0123456789abcdefABCDEF") != len)
		return fail(s, "build-id '%s': expected up to %d bytes in hex",
			    hex, PICS_BUILD_ID_MAX);
	for (size_t i = 0; i < len / 2; i++) {
		unsigned byte;

		sscanf(hex + 2 * i, "%2x", &byte);
		id[i] = (uint8_t)byte;
	}
	*id_len = (unsigned)(len / 2);
	return 0;
}

static int events(struct synth *s, char **tok, int n)
{
	if (n < 1 || n > PICS_MAX_EVENTS)
		return fail(s, "expected 1 to %d event names", PICS_MAX_EVENTS);
	s->meta.n_events = (unsigned)n;
	for (int i = 0; i < n; i++)
		if (snprintf(s->meta.events[i], PICS_EVENT_NAME_MAX, "%s",
			     tok[i]) >= PICS_EVENT_NAME_MAX)
			return fail(s, "event name '%s' is too long", tok[i]);
	return 0;
}

static int header_number(struct synth *s, const char *key, const char *arg)
{
	uint64_t *field = NULL, width;

	if (!strcmp(key, "width")) {
		if (number(s, arg, &width))
			return -1;
		s->meta.commit_width = width <= PICS_MAX_WIDTH ? (unsigned)width : 0;
		return 0;
	}
	if (!strcmp(key, "period"))
		field = &s->meta.period;
	else if (!strcmp(key, "clock"))
		field = &s->meta.clock_hz;
	else if (s->is_profile && !strcmp(key, "total-cycles"))
		field = &s->total_cycles;
	else if (s->is_profile && !strcmp(key, "samples"))
		field = &s->samples;
	else if (s->is_profile && !strcmp(key, "unit-den"))
		field = &s->unit_den;
	else if (!strcmp(key, "lost"))
		field = &s->lost;
	if (!field)
		return fail(s, "unknown line '%s'", key);
	if (number(s, arg, field))
		return -1;
	if (field == &s->unit_den && !s->unit_den)
		return fail(s, "unit-den 0: expected at least 1");
	return 0;
}

static int header_line(struct synth *s, const char *key, char **tok, int n)
{
	if (!strcmp(key, "events"))
		return events(s, tok, n);
	if (n != 1)
		return fail(s, "'%s' takes one value", key);
	if (!strcmp(key, "scheme")) {
		if (snprintf(s->meta.scheme, sizeof(s->meta.scheme), "%s",
			     tok[0]) >= PICS_SCHEME_MAX)
			return fail(s, "scheme name '%s' is too long", tok[0]);
		return 0;
	}
	if (!strcmp(key, "build-id"))
		return build_id(s, tok[0], s->meta.build_id,
				&s->meta.build_id_len);
	return header_number(s, key, tok[0]);
}

/* The header is complete once the first sample or entry arrives. */
static int start_body(struct synth *s)
{
	if (pics_meta_validate(&s->meta, &s->err))
		return fail(s, "header: %s", s->err.msg);
	if (!s->is_profile) {
		s->writer = pics_sample_writer_open(s->out_path, &s->meta,
						    &s->err);
		return s->writer ? 0 : fail(s, "%s", s->err.msg);
	}
	s->profile = pics_profile_create(&s->meta, s->unit_den ? s->unit_den :
					 pics_weight_unit(s->meta.commit_width), &s->err);
	return s->profile ? 0 : fail(s, "%s", s->err.msg);
}

static int slot(struct synth *s, struct pics_sample *smp, unsigned i,
		char *text)
{
	char *colon = strchr(text, ':');

	if (!strcmp(text, "-"))
		return 0;
	if (!colon)
		return fail(s, "slot '%s': expected ADDR:SIGNATURE or '-'", text);
	*colon = '\0';
	if (number(s, text, &smp->addr[i]))
		return -1;
	if (pics_signature_parse(&s->meta, colon + 1, &smp->psv[i], &s->err))
		return fail(s, "%s", s->err.msg);
	smp->valid |= (uint8_t)(1u << i);
	return 0;
}

static int sample_line(struct synth *s, char **tok, int n)
{
	struct pics_sample smp = { 0 };
	enum pics_commit_state state;

	if (n < 3 || (unsigned)(n - 2) > s->meta.commit_width)
		return fail(s, "expected 'sample CYCLE STATE' and 1 to %u slots",
			    s->meta.commit_width);
	if (number(s, tok[0], &smp.cycle))
		return -1;
	if (pics_commit_state_parse(tok[1], &state))
		return fail(s, "state '%s': expected compute, stalled, drained or flushed",
			    tok[1]);
	smp.state = (uint8_t)state;
	smp.pid = s->task;
	smp.n_callers = s->n_callers;
	memcpy(smp.callers, s->callers, s->n_callers * sizeof(*s->callers));
	s->n_callers = 0;
	smp.daccess = s->daccess;
	memcpy(smp.daddr, s->daddr, sizeof(smp.daddr));
	s->daccess = 0;
	for (int i = 2; i < n; i++)
		if (slot(s, &smp, (unsigned)(i - 2), tok[i]))
			return -1;
	if (pics_sample_writer_add(s->writer, &smp, &s->err))
		return fail(s, "%s", s->err.msg);
	return 0;
}

/* "callers ADDR...": the call chain of the sample that follows. */
static int callers_line(struct synth *s, char **tok, int n)
{
	if (n < 1 || n > PICS_MAX_CALLERS)
		return fail(s, "expected 'callers' and 1 to %d addresses",
			    PICS_MAX_CALLERS);
	for (int i = 0; i < n; i++)
		if (number(s, tok[i], &s->callers[i]))
			return -1;
	s->n_callers = (uint32_t)n;
	return 0;
}

/* "data DADDR|-...": the data addresses of the sample that follows. */
static int data_line(struct synth *s, char **tok, int n)
{
	if (n < 1 || (unsigned)n > s->meta.commit_width)
		return fail(s, "expected 'data' and 1 to %u addresses or '-'",
			    s->meta.commit_width);
	memset(s->daddr, 0, sizeof(s->daddr));
	s->daccess = 0;
	for (int i = 0; i < n; i++) {
		if (!strcmp(tok[i], "-"))
			continue;
		if (number(s, tok[i], &s->daddr[i]))
			return -1;
		s->daccess |= (uint8_t)(1u << i);
	}
	if (!s->daccess)
		return fail(s, "a data line with no address");
	return 0;
}

static int entry_line(struct synth *s, char **tok, int n)
{
	uint64_t addr, sig, weight;

	if (n != 3)
		return fail(s, "expected 'entry ADDR SIGNATURE WEIGHT'");
	if (number(s, tok[0], &addr) || number(s, tok[2], &weight))
		return -1;
	if (pics_signature_parse(&s->meta, tok[1], &sig, &s->err) ||
	    pics_profile_add(s->profile, addr, sig, weight, &s->err))
		return fail(s, "%s", s->err.msg);
	return 0;
}

static int body_line(struct synth *s, const char *key, char **tok, int n)
{
	const char *want = s->is_profile ? "entry" : "sample";

	if (strcmp(key, want))
		return fail(s, "'%s' in a %s file; expected '%s'", key,
			    s->is_profile ? "profile" : "samples", want);
	if (!s->writer && !s->profile && start_body(s))
		return -1;
	return s->is_profile ? entry_line(s, tok, n) : sample_line(s, tok, n);
}

/* "map START END PGOFF BUILD-ID PATH", or with @task "task-map PID CYCLE
 * START...": a path may hold spaces, so it is the rest of the line. A map
 * line ends the header, as a sample does. */
static int map_line(struct synth *s, char *rest, bool task)
{
	struct pics_mapping m = { 0 };
	uint64_t pid = 0, fields[5];
	int n = task ? 6 : 4;
	char *tok[6];

	for (int i = 0; i < n; i++) {
		tok[i] = rest;
		rest += strcspn(rest, " \t");
		if (!*rest)
			return fail(s, task ? "expected 'task-map PID CYCLE START END PGOFF BUILD-ID PATH'"
					    : "expected 'map START END PGOFF BUILD-ID PATH'");
		*rest++ = '\0';
		rest += strspn(rest, " \t");
	}
	for (int i = 0; i < n - 1; i++)
		if (number(s, tok[i], &fields[i]))
			return -1;
	if (task) {
		if (fields[0] > UINT32_MAX)
			return fail(s, "task %s: expected a PID below 2^32", tok[0]);
		pid = fields[0];
		m.time = fields[1];
	}
	m.pid = (uint32_t)pid;
	m.start = fields[n - 4];
	m.end = fields[n - 3];
	m.pgoff = fields[n - 2];
	if (strcmp(tok[n - 1], "-") &&
	    build_id(s, tok[n - 1], m.build_id, &m.build_id_len))
		return -1;
	if (snprintf(m.path, sizeof(m.path), "%s", rest) >= PICS_PATH_MAX)
		return fail(s, "map path of %zu bytes; at most %d", strlen(rest),
			    PICS_PATH_MAX - 1);
	if (!s->writer && !s->profile && start_body(s))
		return -1;
	if (s->writer ? pics_sample_writer_map(s->writer, &m, &s->err)
		      : pics_profile_add_mapping(s->profile, &m, &s->err))
		return fail(s, "%s", s->err.msg);
	return 0;
}

/* "task PID": the samples that follow are task PID's; "stop CYCLE": the
 * recording stopped sampling there. */
static int task_line(struct synth *s, const char *key, const char *rest)
{
	uint64_t v;

	if (number(s, rest, &v))
		return -1;
	if (!s->writer && start_body(s))
		return -1;
	if (!strcmp(key, "stop"))
		return pics_sample_writer_stop(s->writer, v, &s->err) ?
		       fail(s, "%s", s->err.msg) : 0;
	if (v > UINT32_MAX)
		return fail(s, "task %s: expected a PID below 2^32", rest);
	s->task = (uint32_t)v;
	return 0;
}

/* "throttled TIMES CYCLES": a sample file's throttle record, or a
 * profile's counts. */
static int throttle_line(struct synth *s, char *rest)
{
	struct pics_throttle t;
	char *cycles = rest + strcspn(rest, " \t");

	if (!*cycles)
		return fail(s, "throttled %s: expected TIMES CYCLES", rest);
	*cycles++ = '\0';
	cycles += strspn(cycles, " \t");
	if (number(s, rest, &t.times) || number(s, cycles, &t.cycles))
		return -1;
	if (s->is_profile) {
		s->throttle = t;
		return 0;
	}
	if (!s->writer && start_body(s))
		return -1;
	return pics_sample_writer_throttle(s->writer, &t, &s->err) ?
	       fail(s, "%s", s->err.msg) : 0;
}

static int format_line(struct synth *s, const char *key, const char *rest)
{
	if (strcmp(key, "format") ||
	    (strcmp(rest, "samples") && strcmp(rest, "profile")))
		return fail(s, "expected 'format samples' or 'format profile' first");
	s->is_profile = !strcmp(rest, "profile");
	s->format_seen = true;
	return pics_meta_init_tea(&s->meta, "TEA", 4, 1, NULL);
}

static int parse_line(struct synth *s, char *line)
{
	char *tok[MAX_TOKENS], *key, *rest, *save = NULL;
	bool body = s->writer || s->profile;
	size_t len;
	int n = 0;

	line[strcspn(line, "#\n")] = '\0';
	key = line + strspn(line, " \t");
	rest = key + strcspn(key, " \t");
	if (*rest)
		*rest++ = '\0';
	rest += strspn(rest, " \t");
	for (len = strlen(rest); len && (rest[len - 1] == ' ' || rest[len - 1] == '\t');)
		rest[--len] = '\0';
	if (!*key)
		return 0;
	if (!s->format_seen)
		return format_line(s, key, rest);
	if (s->n_callers && strcmp(key, "sample") && strcmp(key, "data"))
		return fail(s, "'%s' after a callers line; expected the sample it goes with",
			    key);
	if (s->daccess && strcmp(key, "sample"))
		return fail(s, "'%s' after a data line; expected the sample it goes with", key);
	if (!strcmp(key, "lost") && !s->is_profile) {
		uint64_t lost;

		if (number(s, rest, &lost))
			return -1;
		s->lost += lost;
		return 0;
	}
	if (!strcmp(key, "map") || !strcmp(key, "task-map"))
		return map_line(s, rest, !strcmp(key, "task-map"));
	if (!strcmp(key, "throttled"))
		return throttle_line(s, rest);
	if ((!strcmp(key, "task") || !strcmp(key, "stop")) && !s->is_profile)
		return task_line(s, key, rest);
	if (!body && !strcmp(key, "binary")) {
		snprintf(s->meta.binary, sizeof(s->meta.binary), "%s", rest);
		return 0;
	}
	for (char *t = strtok_r(rest, " \t", &save); t;
	     t = strtok_r(NULL, " \t", &save)) {
		if (n == MAX_TOKENS)
			return fail(s, "too many fields");
		tok[n++] = t;
	}
	if (!strcmp(key, "callers") && !s->is_profile)
		return callers_line(s, tok, n);
	if (!strcmp(key, "data") && !s->is_profile)
		return data_line(s, tok, n);
	if (body || !strcmp(key, "sample") || !strcmp(key, "entry"))
		return body_line(s, key, tok, n);
	return header_line(s, key, tok, n);
}

static int finish(struct synth *s)
{
	if (s->n_callers)
		return fail(s, "the text ends after a callers line; expected its sample");
	if (!s->writer && !s->profile && start_body(s))
		return -1;
	if (s->writer) {
		pics_sample_writer_lost(s->writer, s->lost);
		if (pics_sample_writer_close(s->writer, &s->err))
			return fail(s, "%s", s->err.msg);
		s->writer = NULL;
		return 0;
	}
	if (s->total_cycles)
		pics_profile_set_total_cycles(s->profile, s->total_cycles);
	pics_profile_set_counts(s->profile, s->samples, s->lost);
	pics_profile_set_throttle(s->profile, &s->throttle);
	if (pics_profile_write(s->profile, s->out_path, &s->err))
		return fail(s, "%s", s->err.msg);
	return 0;
}

static int synth_file(struct synth *s, FILE *in)
{
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;

	while (!ret && getline(&line, &cap, in) >= 0) {
		s->lineno++;
		ret = parse_line(s, line);
	}
	free(line);
	if (!ret && ferror(in))
		ret = fail(s, "read error");
	if (!ret && !s->format_seen)
		ret = fail(s, "empty input; expected 'format samples' or 'format profile'");
	if (!ret)
		ret = finish(s);
	if (s->writer)
		pics_sample_writer_abandon(s->writer);
	pics_profile_free(s->profile);
	if (ret && s->out_path && strcmp(s->out_path, "-"))
		unlink(s->out_path);
	return ret ? 1 : 0;
}

int cmd_synth(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct synth s = { .text_path = "<stdin>" };
	FILE *in = stdin;
	int c, ret;

	while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(synth_usage, stdout);
			return 0;
		}
		if (c != 'o')
			return cmd_bad_option("synth", c, argv);
		s.out_path = optarg;
	}
	if (!s.out_path) {
		cmd_error("synth", "-o OUT is required");
		return EXIT_USAGE;
	}
	if (argc - optind > 1) {
		cmd_error("synth", "unexpected argument '%s'", argv[optind + 1]);
		return EXIT_USAGE;
	}
	if (optind < argc) {
		s.text_path = argv[optind];
		in = fopen(s.text_path, "r");
		if (!in) {
			cmd_error("synth", "%s: cannot open: %s", s.text_path,
				  strerror(errno));
			return 1;
		}
	}
	ret = synth_file(&s, in);
	if (in != stdin)
		fclose(in);
	return ret;
}
