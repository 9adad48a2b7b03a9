/* teasim: runs a RISC-V program on the simulated SoC and exits with the
 * program's exit code. The options are options.c's; the run is the
 * reference ISS's (run_iss.c) or the RTL's (run_rtl.c). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkpoint/stream.h"
#include "soc/devicetree.h"
#include "teasim/teasim.h"

#define DTB_MAX 16384

_Static_assert(TEASIM_MAX_HARTS <= SOC_TEA_MAX_HARTS, "every hart needs a TEA interrupt source");

static int write_signature(const struct run *r, const char *path)
{
	uint64_t begin = r->prog.begin_signature, end = r->prog.end_signature;
	uint8_t *mem;
	FILE *f;
	int ret = 0;

	if (!begin || end < begin)
		return error(EXIT_ERROR, "--signature %s: the program has no begin_signature/end_signature symbols", path);
	if (end - begin > soc_config(r->soc)->dram_size)
		return error(EXIT_ERROR, "signature 0x%" PRIx64 "..0x%" PRIx64 " is larger than DRAM", begin, end);
	mem = malloc(end - begin + 1);
	if (!mem)
		return error(EXIT_ERROR, "out of memory");
	if (host_mem_read(&r->mem, begin, mem, end - begin)) {
		free(mem);
		return error(EXIT_ERROR, "signature 0x%" PRIx64 "..0x%" PRIx64 " is outside DRAM", begin, end);
	}
	f = fopen(path, "w");
	if (!f) {
		ret = error(EXIT_ERROR, "%s: %s", path, strerror(errno));
	} else {
		for (uint64_t off = 0; off + 4 <= end - begin; off += 4)
			fprintf(f, "%02x%02x%02x%02x\n", mem[off + 3], mem[off + 2], mem[off + 1], mem[off]);
		if (fclose(f))
			ret = error(EXIT_ERROR, "%s: %s", path, strerror(errno));
	}
	free(mem);
	return ret;
}

/* The tree a boot with these options gets, but for the program's command
 * line (there is no program) and an initrd's place. */
static int dump_dts(const struct soc_config *cfg, const struct options *o, const struct run *r)
{
	static uint8_t dtb[DTB_MAX];
	struct dt_extras extras = { .bootargs = o->append ? o->append : o->bootargs,
				    .tea_width = tea_width(r) };
	int n = devicetree_build(cfg, &extras, dtb, sizeof(dtb));

	if (n < 0)
		return error(EXIT_ERROR, "cannot build the device tree");
	return devicetree_print_dts(dtb, stdout) ? error(EXIT_ERROR, "cannot print the device tree") : 0;
}

/* Hart i, at the boot ROM, with what every hart of the run has; NULL when
 * out of memory. */
static struct hart *make_hart(struct run *r, const struct options *o, unsigned i)
{
	struct hart *h = hart_create(r->soc, i);

	if (!h)
		return NULL;
	hart_set_fp(h, o->fp);
	hart_reset(h, SOC_BOOTROM_BASE);
	hart_set_htif(h, r->prog.tohost, r->prog.fromhost);
	/* On the ISS, a model of the sampler (one cycle per instruction); on
	 * the RTL its own, which takes the model's registers over after a
	 * fast-forward or from a checkpoint. */
	if ((!o->rtl || o->iss_first || o->restore_path) && !hart_set_tea_sampler(h, true)) {
		hart_destroy(h);
		return NULL;
	}
	hart_set_host_mem(h, &r->mem);
	if (o->semihosting)
		hart_set_semihost(h, semihost_call, &r->semihost);
	return h;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct run r = { 0 };
	struct ckpt_in ckpt = { 0 };
	int ret, code;

	ret = parse_options(argc, argv, &o);
	if (ret)
		return ret;
	/* the machine's options are the checkpoint's */
	if (o.restore_path) {
		ret = checkpoint_open(&ckpt, &o, &r);
		if (ret)
			return ret;
		if (o.rtl && !o.fp)
			return error(EXIT_USAGE, "--rtl --restore %s: the checkpoint's machine has no F and "
				     "D, the RTL core has (take it with --isa rv64imafdc)", o.restore_path);
	}
	if (o.rtl) {
		r.backend = rtl_backend_load(o.config);
		if (!r.backend)
			return EXIT_ERROR;
	}
	r.console = console_open();
	if (!r.console)
		return error(EXIT_ERROR, "cannot open the console stream");
	if (host_files_init(&r.host_files, o.host_dir, o.host_max_files, o.host_max_bytes))
		return error(EXIT_ERROR, "--host-dir %s: %s", o.host_dir, strerror(errno));
	r.host_dev = (struct soc_device){ host_files_load, host_files_store, &r.host_files };
	struct soc_config cfg = {
		.dram_size = o.dram_mib << 20,
		.nharts = o.nharts,
		.timebase_hz = TIMEBASE_HZ,
		.clock_hz = CLOCK_HZ,
		.isa = o.fp ? "rv64imafdc_zicsr_zifencei" : "rv64imac_zicsr_zifencei",
		.mmu = "riscv,sv39",
		/* with --rtl the RTL UART prints and its host port serves
		 * (after the ISS's part: while the RTL runs) */
		.console = o.rtl && !o.iss_first ? NULL : r.console,
		.host_files = o.rtl && !o.iss_first ? NULL : &r.host_dev,
	};
	if (o.dump_dts)
		return dump_dts(&cfg, &o, &r);

	r.soc = soc_create(&cfg);
	if (!r.soc)
		return error(EXIT_ERROR, "cannot create the SoC with %" PRIu64 " MiB of DRAM", o.dram_mib);
	/* a restored machine's memory and boot ROM are the checkpoint's */
	ret = o.restore_path ? 0 : setup_boot(&r, &o);
	if (ret)
		goto out;
	/* The host's accesses to target memory: on the RTL through its
	 * coherent host port, which semihosting reaches through the reference
	 * hart (it translates the program's virtual addresses). */
	r.mem = o.rtl && !o.iss_first ? rtl_host_mem(&r) : host_mem_of_soc(r.soc);
	htif_init(&r.htif, r.soc, &r.mem, r.prog.tohost, r.prog.fromhost, r.console);
	r.semihost = (struct semihost){ .out = r.console, .err = stderr, .cmdline = o.cmdline,
					.clock_hz = CLOCK_HZ, .userspace = o.semihosting_userspace };
	for (r.nharts = 0; r.nharts < o.nharts; r.nharts++) {
		r.harts[r.nharts] = make_hart(&r, &o, r.nharts);
		if (!r.harts[r.nharts]) {
			ret = error(EXIT_ERROR, "out of memory");
			goto out;
		}
	}
	r.hart = r.harts[0];
	if (o.log_path) {
		r.log = strcmp(o.log_path, "-") ? fopen(o.log_path, "w") : stdout;
		if (!r.log) {
			ret = error(EXIT_ERROR, "%s: %s", o.log_path, strerror(errno));
			goto out;
		}
	}

	if (o.restore_path) {
		ret = checkpoint_restore(&r, &o, &ckpt);
		if (ret)
			goto out;
		if (o.checkpoint_path && o.stop_at < r.steps) {
			ret = error(EXIT_USAGE, "--checkpoint-at %" PRIu64 ": the checkpoint restored was "
				    "taken later, after %" PRIu64 " instructions", o.stop_at, r.steps);
			goto out;
		}
	}

	r.iss_stop_at = o.checkpoint_path || o.fast_forward ? o.stop_at : UINT64_MAX;
	if (o.checkpoint_path || o.fast_forward) {
		ret = checkpoint_arm(&r, &o);
		if (ret)
			goto out;
	}

	if (o.sample_every) {
		ret = run_sampled(&r, &o);
	} else if (o.rtl) {
		if (o.fast_forward) {
			ret = run_iss(&r, &o);
			if (ret || !r.at_stop)
				goto out;
			soc_own_io(r.soc, false);
			r.mem = rtl_host_mem(&r);
		}
		ret = setup_rtl(&r, &o);
		if (!ret)
			ret = setup_tea(&r, &o);
		if (!ret)
			ret = run_rtl(&r, &o);
	} else {
		ret = run_iss(&r, &o);
	}
	/* the files describe a whole run: only when the program ended */
	if (r.tea && program_ended(&r, &code) && (o.tea_samples || o.golden_path || o.baselines_prefix)) {
		int t = finish_tea(&r, &o);

		if (t)
			ret = t;
	}
	if (o.signature_path && program_ended(&r, &code)) {
		int sig = write_signature(&r, o.signature_path);

		if (sig)
			ret = sig;
	}
out:
	ckpt_close_in(&ckpt);
	if (r.log && r.log != stdout)
		fclose(r.log);
	destroy_rtl(&r);
	for (unsigned i = 0; i < r.nharts; i++)
		hart_destroy(r.harts[i]);
	soc_destroy(r.soc);
	free(o.cmdline);
	host_files_finish(&r.host_files);
	fclose(r.console);
	return ret;
}
