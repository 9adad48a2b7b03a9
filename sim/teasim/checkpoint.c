/* Checkpoints of a run on the reference ISS (docs/teasim.md): the options
 * that built the machine, the run's own counts, then the hart, the SoC
 * with its memory and devices, and the host channels, each part in its own
 * file's hooks; checkpoint/stream.h frames and checks the file. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint/stream.h"
#include "teasim/teasim.h"

#define MAX_DRAM_MIB 65536   /* as --memory takes */

static void save_machine(const struct run *r, const struct options *o, struct ckpt_out *out)
{
	ckpt_put_tag(out, "MACH");
	ckpt_put_u64(out, o->dram_mib);
	ckpt_put_bool(out, o->fp);
	ckpt_put_bool(out, o->semihosting);
	ckpt_put_bool(out, o->semihosting_userspace);
	ckpt_put_str(out, o->cmdline);
	ckpt_put_str(out, o->host_dir);
	ckpt_put_u64(out, o->host_max_files);
	ckpt_put_u64(out, o->host_max_bytes);
	ckpt_put_u64(out, r->prog.entry);
	ckpt_put_u64(out, r->prog.tohost);
	ckpt_put_u64(out, r->prog.fromhost);
	ckpt_put_u64(out, r->prog.begin_signature);
	ckpt_put_u64(out, r->prog.end_signature);
	ckpt_put_u64(out, r->steps);
	ckpt_put_u64(out, r->tick_rest);
}

int checkpoint_arm(struct run *r, const struct options *o)
{
	uint64_t pc = HART_NO_STOP_PC;
	char err[512];

	if (o->stop_symbol && elf_symbol(o->elf, o->stop_symbol, &pc, err, sizeof(err)))
		return error(EXIT_USAGE, "%s %s: %s", o->fast_forward ? "--fast-forward" :
			     "--checkpoint-at", o->stop_symbol, err);
	hart_set_stop_point(r->hart, pc, o->stop_marker);
	return 0;
}

int checkpoint_write(struct run *r, const struct options *o)
{
	bool named = o->stop_at == UINT64_MAX;
	struct ckpt_out out;

	if (host_files_open_file(&r->host_files))
		return error(EXIT_ERROR, "--checkpoint-at %s: the program has a host file open "
			     "(--host-dir), which a checkpoint cannot carry", o->stop_point);
	/* what the program printed so far is this run's output */
	fflush(r->console);
	fflush(stdout);
	if (ckpt_open_out(&out, o->checkpoint_path))
		return error(EXIT_ERROR, "%s: %s", o->checkpoint_path, strerror(errno));
	save_machine(r, o, &out);
	hart_save(r->hart, &out);
	soc_save(r->soc, &out);
	semihost_save(&r->semihost, &out);
	host_files_save(&r->host_files, &out);
	ckpt_put_tag(&out, "END ");
	/* a file left half written has a zero header: no reader takes it */
	if (ckpt_close_out(&out))
		return error(EXIT_ERROR, "%s: %s", o->checkpoint_path, strerror(errno));
	/* a named point is said as it was given, a count by the count */
	if (!o->quiet)
		fprintf(stderr, "teasim: checkpoint %s taken %s%s%safter %" PRIu64 " instructions "
			"(minstret %" PRIu64 ") at pc 0x%" PRIx64 "\n", o->checkpoint_path,
			named ? "at " : "", named ? o->stop_point : "", named ? ", " : "",
			r->steps, hart_instret(r->hart), hart_pc(r->hart));
	return 0;
}

static int bad_checkpoint(struct ckpt_in *in, const struct options *o)
{
	int ret = error(EXIT_ERROR, "--restore %s: %s", o->restore_path, in->msg);

	ckpt_close_in(in);
	return ret;
}

int checkpoint_open(struct ckpt_in *in, struct options *o, struct run *r)
{
	const char *cmdline;

	if (ckpt_open_in(in, o->restore_path))
		return error(EXIT_ERROR, "--restore %s: %s", o->restore_path, in->msg);
	if (!ckpt_expect_tag(in, "MACH"))
		return bad_checkpoint(in, o);
	o->dram_mib = ckpt_get_max(in, MAX_DRAM_MIB, "the DRAM size in MiB");
	o->fp = ckpt_get_bool(in);
	o->semihosting = ckpt_get_bool(in);
	o->semihosting_userspace = ckpt_get_bool(in);
	cmdline = ckpt_get_str(in, "the command line");
	o->host_dir = ckpt_get_str(in, "the host folder");
	o->host_max_files = ckpt_get_u64(in);
	o->host_max_bytes = ckpt_get_u64(in);
	r->prog.entry = ckpt_get_u64(in);
	r->prog.tohost = ckpt_get_u64(in);
	r->prog.fromhost = ckpt_get_u64(in);
	r->prog.begin_signature = ckpt_get_u64(in);
	r->prog.end_signature = ckpt_get_u64(in);
	r->steps = ckpt_get_u64(in);
	r->steps_restored = r->steps;
	r->tick_rest = ckpt_get_max(in, ISS_CHUNK + CLOCK_HZ / TIMEBASE_HZ,
				    "the cycles not yet ticked");
	if (!in->failed && (!o->dram_mib || !cmdline))
		ckpt_fail(in, "corrupt: no DRAM size or no command line");
	if (in->failed)
		return bad_checkpoint(in, o);
	o->cmdline = strdup(cmdline);
	return o->cmdline ? 0 : error(EXIT_ERROR, "out of memory");
}

int checkpoint_restore(struct run *r, const struct options *o, struct ckpt_in *in)
{
	if (hart_restore(r->hart, in) && soc_restore(r->soc, in) &&
	    semihost_restore(&r->semihost, in) && host_files_restore(&r->host_files, in) &&
	    ckpt_expect_tag(in, "END ") && in->pos != in->len)
		ckpt_fail(in, "corrupt: %" PRIu64 " bytes after its end", in->len - in->pos);
	if (in->failed)
		return bad_checkpoint(in, o);
	ckpt_close_in(in);
	return 0;
}
