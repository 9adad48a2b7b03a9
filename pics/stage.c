/* Where the stage views of a golden reference live (pics_stage.h). */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static const char *const stage_names[] = { "commit", "dispatch", "issue", "flops" };

const char *pics_stage_scheme(const char *stage)
{
	if (!strcmp(stage, "commit"))
		return "golden";
	for (size_t i = 1; i < sizeof(stage_names) / sizeof(stage_names[0]); i++)
		if (!strcmp(stage, stage_names[i]))
			return stage_names[i];
	return NULL;
}

int pics_stage_path(const char *golden, const char *stage, char *buf,
		    size_t len, struct pics_error *err)
{
	static const char ending[] = ".prof";
	size_t n = strlen(golden), stem = n;
	int need;

	if (!pics_stage_scheme(stage))
		return pics_fail(err, PICS_ERR_INVALID,
				 "unknown stage '%s'; expected commit, dispatch, issue or flops",
				 stage);
	if (!strcmp(stage, "commit"))
		need = snprintf(buf, len, "%s", golden);
	else {
		if (n >= sizeof(ending) - 1 &&
		    !strcmp(golden + n - (sizeof(ending) - 1), ending))
			stem = n - (sizeof(ending) - 1);
		need = snprintf(buf, len, "%.*s.%s%s", (int)stem, golden, stage,
				ending);
	}
	if (need < 0 || (size_t)need >= len)
		return pics_fail(err, PICS_ERR_INVALID,
				 "path of the %s stage of %s is too long",
				 stage, golden);
	return 0;
}
