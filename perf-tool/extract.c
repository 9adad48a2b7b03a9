/* teaperf extract: the files a board's console carried, from a saved
 * console log (lib/console_files.c, which teaperf boot uses at the end of
 * a run). */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lib/console_files.h"
#include "tea/host_console.h"
#include "teaperf.h"

static const char extract_usage[] =
	"usage: teaperf extract [-d DIR] [--force] CONSOLE_LOG\n"
	"\n"
	"Writes the files a board's console carried (the target's teaperf record\n"
	"-o console:NAME prints its sample file there) from a saved console log\n"
	"into DIR, each checked against its CRC. teaperf boot does this itself at\n"
	"the end of a run. Each is a new file: one of that name already in DIR\n"
	"is left alone (an error), and a symbolic link is never written through.\n"
	"\n"
	"  -d, --dir DIR         where to write the files (default: a new folder\n"
	"                        teaperf-extract-N here, made for the first file)\n"
	"      --force           replace regular files of the same names in DIR\n"
	"  -h, --help            this help\n";

int cmd_extract(int argc, char **argv)
{
	enum { OPT_FORCE = 512 };
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL;
	bool force = false;
	char *text;
	size_t len;
	FILE *f;
	int c, files;

	while ((c = getopt_long(argc, argv, ":d:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			dir = optarg;
			break;
		case OPT_FORCE:
			force = true;
			break;
		case 'h':
			fputs(extract_usage, stdout);
			return 0;
		default:
			return cmd_bad_option("extract", c, argv);
		}
	}
	if (optind != argc - 1) {
		cmd_error("extract", "one console log to read (see 'teaperf extract --help')");
		return EXIT_USAGE;
	}
	f = fopen(argv[optind], "rb");
	if (!f) {
		cmd_error("extract", "%s: %s", argv[optind], strerror(errno));
		return 1;
	}
	text = read_all(f, &len);
	fclose(f);
	if (!text) {
		cmd_error("extract", "%s: read failed", argv[optind]);
		return 1;
	}
	files = console_files_write("extract", text, len, dir, force);
	free(text);
	if (files == 0)
		cmd_error("extract", "%s: no file in it (no %s line)", argv[optind], CONSOLE_FILE_BEGIN);
	return files > 0 ? 0 : 1;
}
