/* Writes a perf.data file such as Linux's perf record -R -e tea/period=N/
 * writes on the target, from a text that lists its records, for
 * tests/teaperf/perf-data.sh. A host program; usage: perf-data-gen TEXT
 * OUT. The text, one directive a line ('#' starts a comment):
 *
 *   period N                    the tea event's period (before any record)
 *   width W                     the slots of each sample (default 2)
 *   caps                        a PMU_CAPS section with the tea PMU's width
 *   build-id FILE HEX           a HEADER_BUILD_ID entry; the kernel's FILE
 *                               is [kernel.kallsyms]
 *   kernel START LEN            the kernel's MMAP ([kernel.kallsyms]_text)
 *   module START LEN FILE       a module's MMAP
 *   comm PID NAME [exec]        a COMM record, the exec's when "exec"
 *   mmap PID START LEN PGOFF FILE   an executable file's MMAP2
 *   sample PID STATE SLOT...    a tea sample: STATE compute, stalled,
 *                               drained or flushed; one SLOT a slot, ADDR:PSV
 *                               (PSV a number) or "-" for an empty one
 *   hw-lost N                   the next sample's count of samples lost
 *   callchains                  the samples carry PERF_SAMPLE_CALLCHAIN
 *                               (before any record); none by default
 *   callchain ENTRY...          the next sample's call chain: addresses,
 *                               "kernel" and "user" for perf's context
 *                               markers (without one, an empty chain)
 *   lost N / lost-samples N     PERF_RECORD_LOST / LOST_SAMPLES
 *   throttle / unthrottle       THROTTLE and UNTHROTTLE records
 *
 * Records get perf times 1000, 2000 ... in their order, samples TEA cycles
 * 100, 200 ... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf_data_build.h"

static const char *const states[] = { "compute", "stalled", "drained", "flushed" };

static void die(unsigned line, const char *what)
{
	fprintf(stderr, "perf-data-gen: line %u: %s\n", line, what);
	exit(1);
}

static uint64_t number(unsigned line, const char *s)
{
	char *end;
	uint64_t v;

	if (!s)
		die(line, "a number is missing");
	v = strtoull(s, &end, 0);
	if (*end)
		die(line, "not a number");
	return v;
}

static unsigned hex_bytes(unsigned line, const char *s, uint8_t *out)
{
	unsigned n = 0;

	if (!s || strlen(s) % 2 || strlen(s) > 40)
		die(line, "a build-id is 1 to 20 bytes of hex");
	for (; *s; s += 2) {
		unsigned v;

		if (sscanf(s, "%2x", &v) != 1)
			die(line, "a build-id is hex");
		out[n++] = (uint8_t)v;
	}
	return n;
}

#define MAX_CHAIN 160

struct chain {
	uint64_t entries[MAX_CHAIN];
	unsigned n;
};

/* "callchain ENTRY...": the call chain of the next sample. */
static void callchain(unsigned line, struct chain *c)
{
	const char *word;

	c->n = 0;
	while ((word = strtok(NULL, " \t"))) {
		if (c->n == MAX_CHAIN)
			die(line, "a call chain of more entries than the generator holds");
		if (!strcmp(word, "kernel"))
			c->entries[c->n++] = PERF_CONTEXT_KERNEL;
		else if (!strcmp(word, "user"))
			c->entries[c->n++] = PERF_CONTEXT_USER;
		else
			c->entries[c->n++] = number(line, word);
	}
}

static void sample(struct pd_file *f, unsigned tea, unsigned line,
		   unsigned width, uint64_t *cycle, uint64_t *lost,
		   uint64_t time, struct chain *chain)
{
	struct pd_tea_sample s = { .width = width, .time = time,
				   .chain = chain->entries, .n_chain = chain->n };
	const char *state, *slot;
	unsigned i;

	s.pid = (uint32_t)number(line, strtok(NULL, " \t"));
	state = strtok(NULL, " \t");
	for (i = 0; i < 4; i++)
		if (state && !strcmp(state, states[i]))
			break;
	if (i == 4)
		die(line, "a state is compute, stalled, drained or flushed");
	s.state = i;
	for (i = 0; (slot = strtok(NULL, " \t")); i++) {
		char *colon = strchr(slot, ':');

		if (i == width)
			die(line, "more slots than the width");
		if (!strcmp(slot, "-"))
			continue;
		if (!colon)
			die(line, "a slot is ADDR:PSV or -");
		*colon = '\0';
		s.addr[i] = number(line, slot);
		s.psv[i] = number(line, colon + 1);
		s.valid |= 1u << i;
	}
	/* kernel addresses: the upper half */
	s.priv = s.addr[0] >> 63 ? 1 : 0;
	*cycle += 100;
	s.cycle = *cycle;
	s.lost = *lost;
	*lost = 0;
	pd_add_sample(f, tea, &s);
	chain->n = 0;
}

int main(int argc, char **argv)
{
	unsigned width = 2, line = 0, tea = 0;
	uint64_t time = 0, cycle = 0, hw_lost = 0;
	struct chain chain = { .n = 0 };
	struct pd_file f;
	char buf[4096];
	uint8_t *bytes;
	size_t len;
	FILE *in, *out;

	if (argc != 3) {
		fprintf(stderr, "usage: perf-data-gen TEXT OUT\n");
		return 2;
	}
	in = fopen(argv[1], "r");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	pd_init(&f);
	while (fgets(buf, sizeof(buf), in)) {
		char *word;

		line++;
		buf[strcspn(buf, "#\n")] = '\0';
		word = strtok(buf, " \t");
		if (!word)
			continue;
		time += 1000;
		if (!strcmp(word, "period")) {
			if (f.n_attrs)
				die(line, "period comes before the records");
			tea = pd_add_tea(&f, number(line, strtok(NULL, " \t")));
			continue;
		}
		if (!f.n_attrs)
			tea = pd_add_tea(&f, 100);
		if (!strcmp(word, "width")) {
			width = (unsigned)number(line, strtok(NULL, " \t"));
			if (width < 1 || width > 8)
				die(line, "the width is 1 to 8");
		} else if (!strcmp(word, "caps")) {
			f.caps_width = width;
		} else if (!strcmp(word, "callchains")) {
			f.attrs[tea].sample_type |= PERF_SAMPLE_CALLCHAIN;
		} else if (!strcmp(word, "callchain")) {
			callchain(line, &chain);
		} else if (!strcmp(word, "build-id")) {
			char *file = strtok(NULL, " \t");
			uint8_t id[20];
			unsigned n = hex_bytes(line, strtok(NULL, " \t"), id);
			bool kernel = file && file[0] == '[';

			if (!file)
				die(line, "build-id FILE HEX");
			pd_add_build_id(&f, -1, kernel ? PERF_RECORD_MISC_KERNEL
						       : PERF_RECORD_MISC_USER,
					file, id, n);
		} else if (!strcmp(word, "kernel") || !strcmp(word, "module")) {
			uint64_t start = number(line, strtok(NULL, " \t"));
			uint64_t size = number(line, strtok(NULL, " \t"));
			const char *file = word[0] == 'k' ? "[kernel.kallsyms]_text"
							  : strtok(NULL, " \t");

			if (!file)
				die(line, "module START LEN FILE");
			/* perf puts the address of _text in pgoff */
			pd_add_mmap(&f, tea, PERF_RECORD_MISC_KERNEL, (uint32_t)-1,
				    start, size, start, file);
		} else if (!strcmp(word, "comm")) {
			uint32_t pid = (uint32_t)number(line, strtok(NULL, " \t"));
			const char *name = strtok(NULL, " \t"), *exec = strtok(NULL, " \t");

			if (!name)
				die(line, "comm PID NAME [exec]");
			pd_add_comm(&f, tea, pid, name, exec && !strcmp(exec, "exec"),
				    time);
		} else if (!strcmp(word, "mmap")) {
			uint32_t pid = (uint32_t)number(line, strtok(NULL, " \t"));
			uint64_t start = number(line, strtok(NULL, " \t"));
			uint64_t size = number(line, strtok(NULL, " \t"));
			uint64_t pgoff = number(line, strtok(NULL, " \t"));
			const char *file = strtok(NULL, " \t");

			if (!file)
				die(line, "mmap PID START LEN PGOFF FILE");
			pd_add_mmap2(&f, tea, pid, start, size, pgoff, file, NULL, 0,
				     time);
		} else if (!strcmp(word, "sample")) {
			sample(&f, tea, line, width, &cycle, &hw_lost, time, &chain);
		} else if (!strcmp(word, "hw-lost")) {
			hw_lost = number(line, strtok(NULL, " \t"));
		} else if (!strcmp(word, "lost")) {
			pd_add_lost(&f, tea, number(line, strtok(NULL, " \t")));
		} else if (!strcmp(word, "lost-samples")) {
			pd_add_lost_samples(&f, tea, number(line, strtok(NULL, " \t")));
		} else if (!strcmp(word, "throttle") || !strcmp(word, "unthrottle")) {
			pd_add_throttle(&f, tea, word[0] == 'u', time);
		} else {
			die(line, "unknown directive");
		}
	}
	fclose(in);
	if (!f.n_attrs)
		pd_add_tea(&f, 100);
	bytes = pd_finish(&f, &len);
	out = fopen(argv[2], "wb");
	if (!out || fwrite(bytes, 1, len, out) != len || fclose(out)) {
		perror(argv[2]);
		return 1;
	}
	free(bytes);
	pd_free(&f);
	return 0;
}
