/* What one program argument may hold when teasim passes the command line
 * to a bare-metal program in the device tree's /chosen/bootargs: the
 * runtime splits that line at spaces, without quoting
 * (driver/baremetal/cmdline.c), so an empty word, a space or a control
 * character would not reach main() as given. teasim and teaperf record
 * refuse such arguments with this one rule. */
#ifndef TEA_BOOTARGS_H
#define TEA_BOOTARGS_H

#include <stddef.h>

/* Why @w cannot be one argument (a phrase: "contains a space"), or NULL
 * when it can; *control is the control character found, else 0. */
static inline const char *tea_bootargs_bad_word(const char *w, unsigned *control)
{
	*control = 0;
	if (!*w)
		return "is empty";
	for (const unsigned char *p = (const unsigned char *)w; *p; p++) {
		if (*p == ' ')
			return "contains a space";
		if (*p < 0x20 || *p == 0x7f) {
			*control = *p;
			return "contains a control character";
		}
	}
	return NULL;
}

#endif
