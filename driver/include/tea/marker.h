/* Markers: `slti x0, x0, ID`, one of the HINTs the ISA leaves for custom
 * use, which every RISC-V hart runs as a no-op. teasim stops right after
 * a program passes one (--checkpoint-at marker:ID, --fast-forward
 * marker:ID), so a program names its region of interest without changing
 * what it does. The IDs the project's own programs pass are here. */
#ifndef TEA_MARKER_H
#define TEA_MARKER_H

#define TEA_MARKER_MAX 2047	/* the 12-bit immediate, positive */

/* The target's teaperf record is about to start its command: teaperf
 * record --sim --linux boots on the ISS and the RTL core takes over here. */
#define TEA_MARKER_RECORD 1

/* The image's init has loaded the modules and is about to run the commands
 * of its kernel command line: a test boots on the ISS and runs them on the
 * RTL core (--fast-forward marker:2). */
#define TEA_MARKER_COMMANDS 2

#define TEA_MARKER_STR_(id) #id
#define TEA_MARKER_STR(id) TEA_MARKER_STR_(id)

#ifdef __riscv
#define tea_marker(id) __asm__ volatile("slti x0, x0, " TEA_MARKER_STR(id))
#endif

#endif
