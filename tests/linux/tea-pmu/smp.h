/* tea-pmu's checks on several harts (smp.c), run by main with --smp N
 * under an SMP kernel on teasim --harts N. */
#ifndef TEA_LINUX_TEA_PMU_SMP_H
#define TEA_LINUX_TEA_PMU_SMP_H

#include "common.h"

#define MAX_CPUS	8

/* the checks on @ncpus CPUs */
void check_smp(int ncpus);
/* --spin N: a busy task pinned to each of @ncpus CPUs (for perf record
 * -a); 0 when each ran on its CPU */
int smp_spin(int ncpus);

#endif
