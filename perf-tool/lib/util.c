/* Helpers shared by the teaperf subcommands. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "teaperf.h"

int cmd_error_at(const char *cmd, const char *path, unsigned line,
		 const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "teaperf %s: ", cmd);
	if (path)
		fprintf(stderr, "%s:%u: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

int cmd_bad_option(const char *cmd, int c, char **argv)
{
	const char *arg = argv[optind - 1];

	if (c == ':')
		cmd_error(cmd, "option '%s' needs a value (see 'teaperf %s --help')",
			  arg, cmd);
	else if (optopt && strncmp(arg, "--", 2))
		cmd_error(cmd, "unknown option '-%c' (see 'teaperf %s --help')",
			  optopt, cmd);
	else
		cmd_error(cmd, "unknown option '%s' (see 'teaperf %s --help')",
			  arg, cmd);
	return EXIT_USAGE;
}

static const char *const unit_kinds[] = {
	[PICS_UNIT_INSN] = "insn",
	[PICS_UNIT_FUNC] = "func",
	[PICS_UNIT_LINE] = "line",
	[PICS_UNIT_PROGRAM] = "program",
};

const char *unit_kind_name(enum pics_unit_kind kind)
{
	return unit_kinds[kind];
}

static int parse_sort(const char *cmd, const char *arg,
		      enum pics_unit_kind *kind)
{
	for (unsigned i = PICS_UNIT_INSN; i <= PICS_UNIT_LINE; i++) {
		if (!strcmp(arg, unit_kinds[i])) {
			*kind = (enum pics_unit_kind)i;
			return 0;
		}
	}
	cmd_error(cmd, "--sort '%s': expected insn, func or line", arg);
	return -1;
}

static int parse_format(const char *cmd, const char *arg, unsigned allowed,
			enum out_format *f)
{
	static const char *const names[] = { "text", "csv", "json", "folded" };
	char list[64] = "";

	for (unsigned i = 0; i < 4; i++) {
		if (!(allowed >> i & 1))
			continue;
		if (!strcmp(arg, names[i])) {
			*f = (enum out_format)i;
			return 0;
		}
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%s", list[0] ? "|" : "", names[i]);
	}
	cmd_error(cmd, "--format '%s': expected %s", arg, list);
	return -1;
}

int parse_count(const char *cmd, const char *what, const char *arg,
		uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(arg, &end, 0);
	if (errno || end == arg || *end || arg[0] == '-') {
		cmd_error(cmd, "%s '%s': expected a non-negative integer", what,
			  arg);
		return -1;
	}
	return 0;
}

int view_option(const char *cmd, struct view_options *v, int c, char **argv)
{
	switch (c) {
	case OPT_SORT:
		if (parse_sort(cmd, optarg, &v->sort))
			return EXIT_USAGE;
		v->sort_set = true;
		break;
	case OPT_TOP:
		if (parse_count(cmd, "--top", optarg, &v->top))
			return EXIT_USAGE;
		v->top_set = true;
		break;
	case OPT_FORMAT:
		if (parse_format(cmd, optarg, v->formats, &v->format))
			return EXIT_USAGE;
		break;
	case OPT_BINARY:
		v->so.binary = optarg;
		break;
	case OPT_NO_SYMBOLS:
		v->so.disabled = true;
		break;
	case OPT_SYMFS:
		if (v->so.n_symfs == SYMFS_MAX) {
			cmd_error(cmd, "--symfs: at most %d folders", SYMFS_MAX);
			return EXIT_USAGE;
		}
		v->so.symfs[v->so.n_symfs++] = optarg;
		break;
	case OPT_VMLINUX:
		v->so.vmlinux = optarg;
		break;
	case OPT_DSOS:
		v->dsos = optarg;
		break;
	case OPT_STAGE:
		v->stage.stage = optarg;
		break;
	case OPT_FLOPS:
		v->stage.stage = "flops";
		break;
	default:
		return cmd_bad_option(cmd, c, argv);
	}
	return 0;
}

int file_option(const char *cmd, const char *usage, struct command_files *files,
		struct view_options *v, int c, char **argv)
{
	switch (c) {
	case 'i':
		files->input = optarg;
		files->input_given = true;
		return 0;
	case 'o':
		files->output = optarg;
		return 0;
	case 'h':
		fputs(usage, stdout);
		return OPTIONS_HELP;
	}
	return view_option(cmd, v, c, argv) ? EXIT_USAGE : 0;
}

size_t view_shown(const struct view_options *v, size_t n)
{
	uint64_t top = v->top;

	if (!v->top_set)
		top = v->format == FORMAT_TEXT ? DEFAULT_TOP : 0;
	return top && top < n ? (size_t)top : n;
}

int take_input_argument(const char *cmd, int argc, char **argv,
			const char **input, bool given)
{
	if (optind < argc && given) {
		cmd_error(cmd, "give the input file once: with -i or as an argument");
		return EXIT_USAGE;
	}
	if (optind < argc)
		*input = argv[optind++];
	if (optind < argc) {
		cmd_error(cmd, "unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	return 0;
}

struct pics_profile *load_callgraph(const char *cmd, const char *path,
				    struct pics_callgraph **cg)
{
	struct pics_error err;
	struct pics_profile *p = pics_profile_load_callgraph(path, cg, &err);

	if (!p)
		cmd_error(cmd, "%s", err.msg);
	return p;
}

struct pics_profile *load_profile(const char *cmd, const char *path)
{
	return load_callgraph(cmd, path, NULL);
}

int stage_input_resolve(const char *cmd, struct stage_input *s, const char **input)
{
	struct pics_error err;

	if (!s->stage)
		return 0;
	if (pics_stage_path(*input, s->stage, s->path, sizeof(s->path), &err)) {
		cmd_error(cmd, "--stage: %s", err.msg);
		return EXIT_USAGE;
	}
	*input = s->path;
	return 0;
}

struct pics_profile *load_stage_profile(const char *cmd, const struct stage_input *s,
					const char *path)
{
	struct pics_profile *p = load_profile(cmd, path);
	const char *scheme;

	if (!p || !s->stage)
		return p;
	scheme = pics_profile_meta(p)->scheme;
	if (!strcmp(scheme, pics_stage_scheme(s->stage)))
		return p;
	cmd_error(cmd, "%s holds scheme %s, not the %s stage of a golden reference", path,
		  scheme, s->stage);
	pics_profile_free(p);
	return NULL;
}

char *read_all(FILE *in, size_t *len)
{
	size_t cap = 4096;
	char *buf = NULL, *bigger;

	*len = 0;
	while ((bigger = realloc(buf, cap))) {
		buf = bigger;
		*len += fread(buf + *len, 1, cap - 1 - *len, in);
		if (*len < cap - 1) {
			if (ferror(in))
				break;
			buf[*len] = '\0';
			return buf;
		}
		cap *= 2;
	}
	free(buf);
	return NULL;
}

/* Fills and closes f; 0, or -1 with errno set. */
static int fill_file(FILE *f, void (*write)(FILE *f, const void *arg), const void *arg)
{
	int ret;

	write(f, arg);
	ret = ferror(f) ? -1 : 0;
	if (fclose(f) || ret) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}

int write_file(const char *cmd, const char *path,
	       void (*write)(FILE *f, const void *arg), const void *arg)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		cmd_error(cmd, "%s: cannot create: %s", path, strerror(errno));
		return 1;
	}
	errno = 0;
	if (fill_file(f, write, arg)) {
		cmd_error(cmd, "%s: write failed: %s", path, strerror(errno));
		unlink(path);
		return 1;
	}
	return 0;
}

bool file_name_ok(const char *name)
{
	size_t n = strlen(name);

	return n && n <= NAME_MAX && !strchr(name, '/') && strcmp(name, ".") &&
	       strcmp(name, "..");
}

/* A new file name in the folder dirfd, never through a symbolic link (the
 * name's entry may be one that someone else put there); with force, a
 * regular file there is replaced by a new one rather than written into,
 * which would reach every other name it is linked to. */
static int create_in(const char *cmd, int dirfd, const char *dir, const char *name, bool force)
{
	const int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	struct stat st;
	int fd = openat(dirfd, name, flags, 0666);

	if (fd >= 0 || errno != EEXIST)
		goto out;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		fd = -1;
		goto out;
	}
	if (S_ISLNK(st.st_mode)) {
		cmd_error(cmd, "%s/%s: a symbolic link; not written through", dir, name);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		cmd_error(cmd, "%s/%s: exists and is not a regular file; not replaced", dir, name);
		return -1;
	}
	if (!force) {
		cmd_error(cmd, "%s/%s: exists; not replaced (--force replaces it)", dir, name);
		return -1;
	}
	/* a link put there in between is refused by O_EXCL all the same */
	if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
		fd = openat(dirfd, name, flags, 0666);
out:
	if (fd < 0)
		cmd_error(cmd, "%s/%s: cannot create: %s", dir, name, strerror(errno));
	return fd;
}

int write_file_in(const char *cmd, const char *dir, const char *name, bool force,
		  void (*write)(FILE *f, const void *arg), const void *arg)
{
	int dirfd, fd;
	FILE *f;
	int ret = 1;

	if (!file_name_ok(name)) {
		cmd_error(cmd, "'%s': not a file name (one to %d bytes, no '/', not '.' or '..')",
			  name, NAME_MAX);
		return 1;
	}
	dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0) {
		cmd_error(cmd, "%s: cannot open the folder: %s", dir, strerror(errno));
		return 1;
	}
	fd = create_in(cmd, dirfd, dir, name, force);
	if (fd < 0)
		goto out;
	f = fdopen(fd, "w");
	if (!f) {
		cmd_error(cmd, "%s/%s: %s", dir, name, strerror(errno));
		close(fd);
		unlinkat(dirfd, name, 0);
		goto out;
	}
	errno = 0;
	if (fill_file(f, write, arg)) {
		cmd_error(cmd, "%s/%s: write failed: %s", dir, name, strerror(errno));
		unlinkat(dirfd, name, 0);
		goto out;
	}
	ret = 0;
out:
	close(dirfd);
	return ret;
}

int make_fresh_dir(const char *cmd, const char *prefix, char *buf, size_t size)
{
	for (unsigned i = 1; i < 1000; i++) {
		snprintf(buf, size, "%s-%u", prefix, i);
		/* mkdir fails on anything already there, a symbolic link included */
		if (!mkdir(buf, 0777))
			return 0;
		if (errno != EEXIST)
			break;
	}
	cmd_error(cmd, "cannot make a folder %s-N here: %s", prefix, strerror(errno));
	return -1;
}

double fraction(uint64_t part, uint64_t whole)
{
	return whole ? (double)part / (double)whole : 0.0;
}

void format_ratio(unsigned __int128 magnitude, bool negative, uint64_t den,
		  bool sign, char *buf, size_t len)
{
	const char *prefix = negative && magnitude ? "-"
			     : sign && magnitude ? "+" : "";

	if (magnitude % den == 0 && magnitude / den <= UINT64_MAX)
		snprintf(buf, len, "%s%" PRIu64, prefix,
			 (uint64_t)(magnitude / den));
	else
		snprintf(buf, len, "%s%.2f", prefix,
			 (double)magnitude / (double)den);
}

void format_cycles(const struct pics_profile *p, uint64_t weight, char *buf,
		   size_t len)
{
	uint64_t num, den;

	pics_profile_unit(p, &num, &den);
	format_ratio((unsigned __int128)weight * num, false, den, false, buf,
		     len);
}

void print_stack(FILE *f, const struct pics_meta *m, const struct pics_unit *u)
{
	for (size_t c = 0; c < u->n_components; c++) {
		char sig[SIGNATURE_NAME_MAX];

		pics_signature_name(m, u->components[c].signature, sig,
				    sizeof(sig));
		fprintf(f, "%s%s %.1f%%", c ? "  " : "", sig,
			100.0 * fraction(u->components[c].weight, u->total));
	}
}

uint64_t unit_weight(const struct pics_unit *u, uint64_t signature)
{
	for (size_t c = 0; u && c < u->n_components; c++)
		if (u->components[c].signature == signature)
			return u->components[c].weight;
	return 0;
}

void print_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void print_csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void describe_function(const struct pics_symbols *syms, uint64_t addr,
		       char *buf, size_t len)
{
	const char *name;
	uint64_t start;

	buf[0] = '\0';
	if (!syms || !pics_symbols_function(syms, addr, &name, &start))
		return;
	if (addr == start)
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "%s+0x%" PRIx64, name, addr - start);
}

void describe_line(const struct pics_symbols *syms, uint64_t addr, char *buf,
		   size_t len)
{
	const char *file;
	unsigned line;

	buf[0] = '\0';
	if (syms && pics_symbols_line(syms, addr, &file, &line))
		snprintf(buf, len, "%s:%u", file, line);
}
