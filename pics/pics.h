/* libpics: Per-Instruction Cycle Stacks.
 *
 * Sample files (.tea) hold what a sampler saw; profile files (.prof) hold
 * aggregated PICS, e.g. the golden reference. Both formats are described
 * byte by byte in docs/formats.md. The library never prints or exits: every
 * function that can fail fills a struct pics_error and returns an error
 * value (-1 or NULL). Nothing here keeps global mutable state.
 *
 * This header includes the library's others, one per concern; a user may
 * include just the one it needs.
 */
#ifndef PICS_H
#define PICS_H

#include "pics_error.h"		/* errors */
#include "pics_meta.h"		/* what a file describes: events, signatures */
#include "pics_mapping.h"	/* a Linux run's executable mappings */
#include "pics_samples.h"	/* samples and sample files */
#include "pics_sample_log.h"	/* a program's own sample log */
#include "pics_profile.h"	/* profiles and profile files */
#include "pics_stage.h"		/* the stage views of a golden reference */
#include "pics_symbols.h"	/* symbols (libelf, libdw), files inputs name */
#include "pics_disasm.h"	/* disassembly through objdump */
#include "pics_stacks.h"	/* cycle stacks rolled up to units */
#include "pics_callgraph.h"	/* samples by their chains of calls */
#include "pics_metric.h"	/* the error metric */

#endif
