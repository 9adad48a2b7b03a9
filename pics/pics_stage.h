/* The stage view: where the profiles of a golden reference's other
 * pipeline stages live and what scheme they have. */
#ifndef PICS_STAGE_H
#define PICS_STAGE_H

#include <stddef.h>

#include "pics_error.h"

/* A golden reference attributes every cycle at the commit stage; teasim
 * can also attribute every cycle at dispatch and at issue, by the same
 * rules, and every cycle's FMA issue slot (the FLOPS view), into profiles
 * beside it whose scheme names the stage (docs/formats.md).
 * pics_stage_path() names the file that holds @stage ("commit",
 * "dispatch", "issue" or "flops") of the golden profile @golden: @golden
 * itself for the commit stage, else @golden with its ".prof" ending (if
 * any) replaced by ".STAGE.prof". -1 with @err for another stage or a
 * path that does not fit @len. */
int pics_stage_path(const char *golden, const char *stage, char *buf,
		    size_t len, struct pics_error *err);
/* The scheme a profile of @stage has: "golden" for "commit", else the
 * stage's name; NULL for another stage. */
const char *pics_stage_scheme(const char *stage);

#endif
