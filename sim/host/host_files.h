/* The host file channel: a device of teasim's through which a program
 * writes files into a folder of the host, given with teasim --host-dir
 * (the registers and the rules: tea/host_files.h). On the ISS it sits in
 * the SoC's map; on the RTL the SoC routes its window to the host port.
 *
 * What the program writes is outside input: the channel creates files in
 * the one folder only, never replaces or follows what is there, and stops
 * at the run's limits, each refusal a STATUS the program reads. */
#ifndef TEA_SIM_HOST_FILES_H
#define TEA_SIM_HOST_FILES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tea/host_files.h"

/* The limits of a run unless teasim's options change them: well above
 * what teaperf record writes (a sample takes about 30 bytes: a million
 * samples fit), and a bound on what a runaway or hostile program can leave
 * on the host's disk. */
#define HOST_FILES_DEFAULT_MAX_FILES	32
#define HOST_FILES_DEFAULT_MAX_BYTES	(32ull << 20)

struct host_files {
	int dir_fd;		/* the folder; -1: writes are refused */
	char name[HOST_FILES_NAME_SIZE];
	FILE *file;
	uint64_t status;
	uint64_t files;		/* created so far */
	uint64_t bytes;		/* written to the files so far */
	uint64_t max_files, max_bytes;
};

/* The channel into folder dir (NULL: none, every OPEN is refused) with the
 * run's limits. 0, or -1 with errno when dir cannot be opened as a folder. */
int host_files_init(struct host_files *hf, const char *dir, uint64_t max_files,
		    uint64_t max_bytes);
/* Closes a file left open and the folder. */
void host_files_finish(struct host_files *hf);
/* An access at offset off of the window, size 1, 2, 4 or 8 bytes, the
 * value in the low bytes. Other offsets read 0 and ignore writes, as the
 * RTL's host port, which has no error response, does; both return 0. */
int host_files_store(void *hf, uint64_t off, unsigned size, uint64_t val);
int host_files_load(void *hf, uint64_t off, unsigned size, uint64_t *val);

/* Checkpoints: the name being written, the status and what the run has
 * used of its limits. A file still open cannot be carried (its host end
 * is teasim's): host_files_open_file names it, and a checkpoint is
 * refused then. The folder is the restoring run's, opened anew. */
struct ckpt_out;
struct ckpt_in;
bool host_files_open_file(const struct host_files *hf);
void host_files_save(const struct host_files *hf, struct ckpt_out *o);
bool host_files_restore(struct host_files *hf, struct ckpt_in *in);

#endif
