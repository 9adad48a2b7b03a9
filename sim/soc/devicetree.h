/* The device tree of the simulated SoC, built with libfdt from its
 * configuration, so that firmware and Linux find memory, harts and devices. */
#ifndef TEA_SIM_DEVICETREE_H
#define TEA_SIM_DEVICETREE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "soc/soc.h"

struct dt_extras {
	const char *bootargs;    /* /chosen/bootargs, or NULL */
	unsigned tea_width;      /* the TEA sampler's slots (commit width), 0: none */
	uint64_t initrd_start;   /* /chosen/linux,initrd-*, when initrd_end > initrd_start */
	uint64_t initrd_end;
};

/* Writes the flattened device tree into buf. Returns its size in bytes, or
 * -1 when buf is too small or a libfdt call fails. */
int devicetree_build(const struct soc_config *cfg, const struct dt_extras *extras,
		     void *buf, size_t buflen);

/* Prints the blob as device-tree source (for teasim --dump-dts) that dtc
 * compiles back to the same tree. The blob must be readable for the size its
 * header gives; it is checked whole before anything is printed. Returns 0,
 * or -1 when the blob is malformed or writing to out fails. */
int devicetree_print_dts(const void *fdt, FILE *out);

#endif
