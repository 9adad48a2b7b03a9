/* teaperf record --sim --linux: what a run under Linux on the simulated
 * core needs besides teasim (perf-tool/record.c). The command runs under the
 * target's teaperf record, whose sample file comes back through teasim's
 * host file channel into the run's folder. A command that is a program on
 * the host (its path has a '/', it is not one of the image's files, and it
 * exists here) goes into the image first: an initramfs of its own, made
 * with the kernel's gen_init_cpio (make linux puts it beside the Image),
 * after tea.cpio, holding the program at its absolute host path, so that
 * the file's map records name that path and teaperf report finds the
 * program's symbols where it was recorded, checked by its build-id. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "record.h"
#include "teaperf.h"

#define TARGET_FILE	"teaperf.tea"
#define EM_RISCV	243

static int copy_file(FILE *in, FILE *out)
{
	char buf[65536];
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			return -1;
	return ferror(in) ? -1 : 0;
}

/* Appends the file @path to @out; 0, or -1 after saying why. */
static int append_file(FILE *out, const char *path)
{
	FILE *in = fopen(path, "rb");
	int rc;

	if (!in) {
		cmd_error("record", "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	rc = copy_file(in, out);
	fclose(in);
	if (rc)
		cmd_error("record", "cannot copy %s", path);
	return rc;
}

/* Whether @path (a host file) is a RISC-V ELF executable; else says why. */
static bool riscv_elf(const char *path)
{
	unsigned char h[20];
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(h, 1, sizeof(h), f) : 0;

	if (f)
		fclose(f);
	if (n == sizeof(h) && !memcmp(h, "\177ELF", 4) && h[4] == 2 && h[5] == 1 &&
	    (h[16] | h[17] << 8) == 2 && (h[18] | h[19] << 8) == EM_RISCV)
		return true;
	cmd_error("record", "%s: not a 64-bit RISC-V executable (ELF, EXEC) for the target",
		  path);
	return false;
}

/* The gen_init_cpio list of an initramfs holding @host (an absolute path)
 * at the same path, its folders first. */
static int write_overlay_list(const char *list, const char *host)
{
	FILE *f = fopen(list, "w");
	const char *slash;

	if (!f) {
		cmd_error("record", "cannot write %s: %s", list, strerror(errno));
		return -1;
	}
	for (slash = strchr(host + 1, '/'); slash; slash = strchr(slash + 1, '/'))
		fprintf(f, "dir %.*s 0755 0 0\n", (int)(slash - host), host);
	fprintf(f, "file %s %s 0755 0 0\n", host, host);
	return fclose(f) ? -1 : 0;
}

/* Runs @r's gen_init_cpio on @list into @out; 0, or -1 after saying why. */
static int gen_init_cpio(const char *tool, const char *list, const char *out)
{
	pid_t pid;
	int status;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (!freopen(out, "wb", stdout))
			_exit(126);
		execl(tool, tool, list, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		cmd_error("record", "%s could not make the program's initramfs", tool);
		return -1;
	}
	return 0;
}

/* Whether the command names one of the image's own files (make linux's
 * rootfs/ beside the Image), e.g. /bin/hash. */
static bool image_file(const struct record_options *o)
{
	char path[PATH_MAX];
	struct stat st;

	return o->program[0] == '/' &&
	       snprintf(path, sizeof(path), "%s/rootfs%s", o->linux_dir, o->program) <
		       (int)sizeof(path) &&
	       !stat(path, &st);
}

/* Puts the host program @o->program into the run's initrd; its path on
 * the target goes to r->program. */
static int add_host_program(const struct record_options *o, struct linux_run *r)
{
	char tool[PATH_MAX], list[PATH_MAX + 16], overlay[PATH_MAX + 16];
	const char *bad;
	FILE *out;
	int rc;

	if (!realpath(o->program, r->program)) {
		cmd_error("record", "%s: %s", o->program, strerror(errno));
		return -1;
	}
	/* the kernel's command line and gen_init_cpio's list split at spaces */
	for (bad = r->program; *bad && *bad > ' ' && *bad != 0x7f; bad++)
		;
	if (*bad) {
		cmd_error("record", "%s: the program's path may not hold a space or a control "
			  "character (the target's command line is split at spaces)", r->program);
		return -1;
	}
	if (!riscv_elf(r->program))
		return -1;
	snprintf(tool, sizeof(tool), "%s/gen_init_cpio", o->linux_dir);
	if (access(tool, X_OK)) {
		cmd_error("record", "--linux %s: no gen_init_cpio there (make linux puts it "
			  "beside the Image)", o->linux_dir);
		return -1;
	}
	snprintf(list, sizeof(list), "%s/program.list", r->work);
	snprintf(overlay, sizeof(overlay), "%s/program.cpio", r->work);
	if (write_overlay_list(list, r->program) || gen_init_cpio(tool, list, overlay))
		return -1;

	/* the image's initramfs, then the program's: Linux unpacks both */
	snprintf(r->initrd, sizeof(r->initrd), "%s/initrd.cpio", r->work);
	out = fopen(r->initrd, "wb");
	if (!out) {
		cmd_error("record", "cannot write %s: %s", r->initrd, strerror(errno));
		return -1;
	}
	rc = append_file(out, r->image_initrd) || append_file(out, overlay);
	if (fclose(out))
		rc = -1;
	remove(list);
	remove(overlay);
	return rc ? -1 : 0;
}

/* The kernel command line that has the target's teaperf record the command
 * into the host folder. */
static char *linux_cmdline(const struct record_options *o, const char *program)
{
	size_t len = 256 + strlen(program);
	char *line;
	int n;

	for (int i = 0; i < o->nprogram_args; i++)
		len += strlen(o->program_args[i]) + 1;
	line = malloc(len);
	if (!line)
		return NULL;
	n = snprintf(line, len, "console=ttyS0 earlycon quiet panic=-1 oops=panic -- "
		     "/bin/teaperf record --jitter %" PRIu64 " -o host:" TARGET_FILE " ",
		     o->jitter);
	if (o->period_set)
		n += snprintf(line + n, len - (size_t)n, "--period %" PRIu64 " ", o->period);
	if (o->mode)
		n += snprintf(line + n, len - (size_t)n, "--mode %s ", o->mode);
	if (o->callchain)
		n += snprintf(line + n, len - (size_t)n, "-g ");
	n += snprintf(line + n, len - (size_t)n, "%s", program);
	for (int i = 0; i < o->nprogram_args; i++)
		n += snprintf(line + n, len - (size_t)n, " %s", o->program_args[i]);
	return line;
}

int linux_run_prepare(const struct record_options *o, struct linux_run *r)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->work, sizeof(r->work), "%s/teaperf-record-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(r->work)) {
		cmd_error("record", "cannot make a folder for the run: %s", strerror(errno));
		return -1;
	}
	snprintf(r->host_dir, sizeof(r->host_dir), "%s/host", r->work);
	if (mkdir(r->host_dir, 0700)) {
		cmd_error("record", "cannot make %s: %s", r->host_dir, strerror(errno));
		rmdir(r->work);
		return -1;
	}
	snprintf(r->image, sizeof(r->image), "%s/Image", o->linux_dir);
	snprintf(r->image_initrd, sizeof(r->image_initrd), "%s/tea.cpio", o->linux_dir);
	snprintf(r->initrd, sizeof(r->initrd), "%s", r->image_initrd);
	snprintf(r->program, sizeof(r->program), "%s", o->program);
	if (strchr(o->program, '/') && !image_file(o) && !access(o->program, F_OK) &&
	    add_host_program(o, r)) {
		linux_run_cleanup(r);
		return -1;
	}
	r->cmdline = linux_cmdline(o, r->program);
	if (!r->cmdline) {
		cmd_error("record", "out of memory");
		linux_run_cleanup(r);
		return -1;
	}
	return 0;
}

int linux_run_take_file(const struct linux_run *r, const char *to)
{
	char from[sizeof(r->host_dir) + sizeof(TARGET_FILE) + 1];
	FILE *in, *out;
	int rc;

	snprintf(from, sizeof(from), "%s/" TARGET_FILE, r->host_dir);
	if (access(from, F_OK)) {
		cmd_error("record", "the target wrote no sample file (see its messages above)");
		return -1;
	}
	if (!rename(from, to))
		return 0;
	in = fopen(from, "rb");
	out = in ? fopen(to, "wb") : NULL;
	if (!in || !out) {
		cmd_error("record", "cannot move %s to %s: %s", from, to, strerror(errno));
		if (in)
			fclose(in);
		return -1;
	}
	rc = copy_file(in, out);
	fclose(in);
	if (fclose(out) || rc) {
		cmd_error("record", "cannot write %s", to);
		return -1;
	}
	remove(from);
	return 0;
}

void linux_run_cleanup(struct linux_run *r)
{
	char from[sizeof(r->host_dir) + sizeof(TARGET_FILE) + 1];

	free(r->cmdline);
	r->cmdline = NULL;
	if (strcmp(r->initrd, r->image_initrd))
		remove(r->initrd);
	snprintf(from, sizeof(from), "%s/" TARGET_FILE, r->host_dir);
	remove(from);
	/* files the program itself wrote through the channel stay */
	if (rmdir(r->host_dir) && errno == ENOTEMPTY)
		cmd_error("record", "the target's other files are in %s", r->host_dir);
	else
		rmdir(r->work);
}
