/* Fuzzes symbolization: any input opens as an ELF or is rejected with one
 * line naming it; whatever symbols and line tables it holds answer lookups
 * consistently and roll profiles up without losing cycles, also when it is
 * added as the file a mapping shows, at the bias the mapping gives it. */
#include "fuzz_util.h"

#define PROBES 16

/* Addresses to ask about: words of the input itself (where its symbols
 * and line rows point) and a few around the usual load address. */
static void probes(const uint8_t *data, size_t size, uint64_t *addr)
{
	for (unsigned i = 0; i < PROBES; i++) {
		size_t at = size >= 8 ? (size_t)i * 131 % (size - 7) : 0;
		uint64_t v = 0;

		if (i < PROBES / 2)
			v = 0x80000000 + 4 * i;
		else
			for (unsigned b = 0; b < 8 && at + b < size; b++)
				v |= (uint64_t)data[at + b] << (8 * b);
		addr[i] = v;
	}
}

static void check_lookups(const struct pics_symbols *s, uint64_t addr)
{
	const char *name, *file, *path;
	uint64_t start, lstart, lend;
	unsigned line, line2;

	if (pics_symbols_function(s, addr, &name, &start)) {
		FUZZ_CHECK(start <= addr);
		FUZZ_CHECK(pics_symbols_lookup(s, name, &lstart, &lend));
		FUZZ_CHECK(lstart <= lend);
	}
	FUZZ_CHECK(pics_symbols_line(s, addr, &file, &line) ==
		   pics_symbols_source(s, addr, &path, &line2));
	if (pics_symbols_source(s, addr, &path, &line2)) {
		size_t n = strlen(path), k = strlen(file);

		FUZZ_CHECK(line == line2);
		FUZZ_CHECK(k <= n && !strcmp(path + n - k, file));
	}
}

static void check_rollups(const struct pics_symbols *s, const uint64_t *addr)
{
	struct pics_meta m;
	struct pics_error err;
	struct pics_profile *p;

	FUZZ_CHECK(pics_meta_init_tea(&m, "TEA", 1, 1, &err) == 0);
	p = pics_profile_new(&m, &err);
	FUZZ_CHECK(p);
	for (unsigned i = 0; i < PROBES; i++)
		FUZZ_CHECK(pics_profile_add(p, addr[i], i & 1, i + 1, &err) == 0);
	for (int kind = PICS_UNIT_INSN; kind <= PICS_UNIT_LINE; kind++) {
		struct pics_stacks *st = pics_stacks_build(p, kind, s, &err);

		FUZZ_CHECK(st);
		FUZZ_CHECK(pics_stacks_total(st) == pics_profile_total_weight(p));
		for (size_t u = 0; u < pics_stacks_count(st); u++)
			FUZZ_CHECK(pics_stacks_unit(st, u)->name[0] != '\0');
		pics_stacks_free(st);
	}
	pics_profile_free(p);
}

/* The input as the file of a mapping at a fuzzed place, and as the
 * kernel's; whatever the bias, lookups stay consistent. */
static void check_mapped(const char *path, const uint64_t *addr)
{
	static const char *const names[] = { "/bin/fuzzed", "[kernel]" };
	struct pics_error err = { 0 };
	struct pics_symbols *s = pics_symbols_new(&err);

	FUZZ_CHECK(s);
	for (unsigned i = 0; i < 2; i++) {
		struct pics_mapping map = {
			.start = addr[PROBES - 1 - i] & ~0xfffULL,
			.pgoff = addr[PROBES - 3] & 0xffff,
		};

		map.end = map.start + 0x100000 > map.start ? map.start + 0x100000
							   : UINT64_MAX;
		snprintf(map.path, sizeof(map.path), "%s", names[i]);
		if (pics_symbols_add_mapping(s, &map, NULL, path, &err))
			fuzz_check_error(&err, path);
	}
	for (unsigned i = 0; i < PROBES; i++) {
		const char *elf;
		uint64_t bias;

		check_lookups(s, addr[i]);
		if (pics_symbols_elf(s, addr[i], &elf, &bias))
			FUZZ_CHECK(!strcmp(elf, path));
	}
	check_rollups(s, addr);
	pics_symbols_close(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(0, data, size);
	struct pics_error err = { 0 };
	struct pics_symbols *s = pics_symbols_open(path, &err);
	uint64_t addr[PROBES];
	const uint8_t *id;

	if (!s) {
		fuzz_check_error(&err, path);
		return 0;
	}
	FUZZ_CHECK(pics_symbols_build_id(s, &id) <= PICS_BUILD_ID_MAX);
	probes(data, size, addr);
	for (unsigned i = 0; i < PROBES; i++)
		check_lookups(s, addr[i]);
	check_rollups(s, addr);
	pics_symbols_close(s);
	check_mapped(path, addr);
	return 0;
}
