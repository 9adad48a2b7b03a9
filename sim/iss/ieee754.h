/* IEEE 754-2008 binary32/binary64 arithmetic with RISC-V's rules (F and D
 * chapters of the unprivileged spec): canonical NaNs, tininess detected
 * after rounding, RMM, saturating float-to-integer conversions.
 *
 * Integer arithmetic only, so a result never depends on the host FPU, its
 * rounding mode or its tininess rule: the ISS gets the same bits and flags
 * on every host.
 *
 * Values are raw bit patterns: binary32 in the low 32 bits of a uint64_t
 * (upper bits ignored on input, zero on output). NaN-boxing is the
 * caller's job. */
#ifndef TEASIM_IEEE754_H
#define TEASIM_IEEE754_H

#include <stdbool.h>
#include <stdint.h>

enum fp_fmt { FP_S, FP_D };                       /* binary32, binary64 */
/* RISC-V frm encodings, so an instruction's rm field can be passed as is. */
enum fp_rm { FP_RNE = 0, FP_RTZ = 1, FP_RDN = 2, FP_RUP = 3, FP_RMM = 4 };
/* fflags bits, RISC-V order, so *flags can be ORed into fcsr directly. */
enum { FP_NX = 1, FP_UF = 2, FP_OF = 4, FP_DZ = 8, FP_NV = 16 };

/* Every function ORs the exception flags it raises into *flags. rm is one
 * of enum fp_rm (the caller has already rejected 5-7). */
uint64_t fp_add(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags);
uint64_t fp_sub(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags);
uint64_t fp_mul(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags);
uint64_t fp_div(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags);
uint64_t fp_sqrt(enum fp_fmt f, uint64_t a, unsigned rm, unsigned *flags);
/* (a * b) + c with one rounding; negate_product and negate_addend give
 * RISC-V's fmsub (c negated), fnmsub (product negated), fnmadd (both). */
uint64_t fp_fma(enum fp_fmt f, uint64_t a, uint64_t b, uint64_t c, bool negate_product,
		bool negate_addend, unsigned rm, unsigned *flags);
/* fmin/fmax as RISC-V (2.2 and later, IEEE 754-2019 minimumNumber/
 * maximumNumber): -0 < +0; one NaN operand -> the other operand; both NaN
 * -> canonical NaN; NV only for a signaling NaN operand. */
uint64_t fp_min(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags);
uint64_t fp_max(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags);
/* feq is quiet (NV only for sNaN); flt/fle are signaling (NV for any NaN);
 * any NaN compares false. */
bool fp_eq(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags);
bool fp_lt(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags);
bool fp_le(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags);
/* fclass: the 10-bit one-hot mask (bit 0 -inf ... bit 9 quiet NaN). */
unsigned fp_class(enum fp_fmt f, uint64_t a);
/* fcvt.{w,wu,l,lu}.{s,d}: int_bits 32 or 64. Out of range or NaN -> NV and
 * RISC-V's saturated value (NaN and +overflow give the largest, -overflow
 * the smallest; for unsigned, negative values that round to a nonzero
 * result are invalid and give 0, while e.g. -0.3 rounding to 0 under RTZ
 * is only inexact). A 32-bit result is returned sign-extended to 64 bits
 * (also for the unsigned W form, as RV64 fcvt.wu writes it). Inexact -> NX
 * (only when not invalid). */
uint64_t fp_to_int(enum fp_fmt f, uint64_t a, unsigned int_bits, bool is_signed, unsigned rm,
		   unsigned *flags);
/* fcvt.{s,d}.{w,wu,l,lu}: v holds the integer in its low int_bits bits
 * (signed or unsigned as is_signed says). */
uint64_t fp_from_int(enum fp_fmt f, uint64_t v, unsigned int_bits, bool is_signed, unsigned rm,
		     unsigned *flags);
/* fcvt.s.d and fcvt.d.s. */
uint64_t fp_convert(enum fp_fmt to, enum fp_fmt from, uint64_t a, unsigned rm, unsigned *flags);
/* The canonical NaN of a format (0x7fc00000, 0x7ff8000000000000). */
uint64_t fp_canonical_nan(enum fp_fmt f);

#endif
