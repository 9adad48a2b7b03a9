/* Every file of tests/corpus (written by gen-corpus.py from the format
 * documentation) must be rejected with an error, except the valid-* ones,
 * which must load. Runs from the top of the tree, as `make test` does. */
#include <dirent.h>

#include "test_pics_util.h"

#define CORPUS "tests/corpus"

static bool is_corpus_file(const char *name)
{
	size_t len = strlen(name);

	return (len > 4 && !strcmp(name + len - 4, ".tea")) ||
	       (len > 5 && !strcmp(name + len - 5, ".prof"));
}

/* Reads @path every way libpics offers; returns whether all succeeded and
 * checks that failures explain themselves. */
static bool read_every_way(const char *path)
{
	struct pics_error err = { .code = PICS_OK };
	struct pics_sample_reader *r;
	struct pics_profile *p;
	struct pics_sample s;
	bool ok;

	p = pics_profile_load(path, &err);
	ok = p != NULL;
	if (!ok) {
		assert_int_not_equal(err.code, PICS_OK);
		assert_non_null(strstr(err.msg, path));
		assert_null(strchr(err.msg, '\n'));
	}
	pics_profile_free(p);
	/* The specific readers must not crash either, whatever the kind. */
	r = pics_sample_reader_open(path, &err);
	while (r && pics_sample_reader_next(r, &s, &err) > 0)
		;
	pics_sample_reader_close(r);
	pics_profile_free(pics_profile_read(path, &err));
	return ok;
}

static void test_corpus_files_are_rejected_or_read(void **state)
{
	DIR *dir = opendir(CORPUS);
	struct dirent *d;
	unsigned bad = 0, good = 0;

	(void)state;
	if (!dir)
		fail_msg("cannot open %s: run the tests from the top of the tree", CORPUS);
	while ((d = readdir(dir))) {
		char path[512];
		bool valid = !strncmp(d->d_name, "valid-", 6);

		if (!is_corpus_file(d->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", CORPUS, d->d_name);
		if (read_every_way(path) != valid)
			fail_msg("%s: expected it to %s", path,
				 valid ? "load" : "be rejected");
		if (valid)
			good++;
		else
			bad++;
	}
	closedir(dir);
	/* The corpus is there and covers both outcomes. */
	assert_true(bad >= 40);
	assert_true(good >= 4);
}

/* The call-chain records' rules, each broken by a file of its own: the
 * error says which rule. */
static void test_call_chain_corpus_files_name_the_broken_rule(void **state)
{
	static const struct {
		const char *file, *says;
	} cases[] = {
		{ "callchain-len-long.tea", "disagrees with its 1 callers" },
		{ "callchain-len-short.tea", "disagrees with its 2 callers" },
		{ "callchain-len-tiny.tea", "its count alone has 4" },
		{ "callchain-128.tea", "128 callers; at most 127" },
		{ "callchain-then-end.tea", "kind 0x02 after a call-chain record" },
		{ "callchain-then-task.tea", "kind 0x82 after a call-chain record" },
		{ "callchain-twice.tea", "kind 0x85 after a call-chain record" },
		{ "callchain-at-eof.tea", "file ends after a call-chain record" },
		{ "callchain-cut.tea", "file ends inside a call-chain record" },
		{ "prof-callchain-then-end.prof", "kind 0x02 after a call-chain record" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pics_error err = { .code = PICS_OK };
		char path[512];

		snprintf(path, sizeof(path), "%s/%s", CORPUS, cases[i].file);
		assert_null(pics_profile_load(path, &err));
		if (!strstr(err.msg, cases[i].says))
			fail_msg("%s: '%s' does not say '%s'", path, err.msg,
				 cases[i].says);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus_files_are_rejected_or_read),
		cmocka_unit_test(test_call_chain_corpus_files_name_the_broken_rule),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
