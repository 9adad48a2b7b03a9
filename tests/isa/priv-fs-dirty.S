/* mstatus.FS becomes Dirty when an instruction changes fflags and nothing
 * else of the F state: compares and conversions to integers write an x
 * register, so only their flags dirty the state. Privileged spec (FS):
 * any change to the extension's state, fcsr included, sets FS to Dirty.
 * QEMU 7.2 marks FS Dirty only on f register and CSR writes. */
#include "test.h"
#include "fp.h"

	TEST_BEGIN
	FP_ENABLE
	csrw fcsr, zero
	li t0, 0x7f800001       /* a signalling NaN */
	fmv.w.x fa1, t0
	li t0, 0x3fc00000       /* 1.5 */
	fmv.w.x fa2, t0

	/* feq.s on a signalling NaN: NV, an x register result */
	CASE 1
	SET_FS 2
	EXPECT_FS 2
	feq.s a0, fa1, fa1
	EXPECT a0, 0
	frflags a1
	EXPECT a1, FFLAG_NV
	EXPECT_FS 3
	/* flt.s on a NaN, from Initial */
	CASE 2
	fsflags zero
	SET_FS 1
	flt.s a0, fa1, fa2
	EXPECT_FS 3
	/* fcvt.w.s of 1.5: NX */
	CASE 3
	fsflags zero
	SET_FS 2
	fcvt.w.s a0, fa2, rtz
	EXPECT a0, 1
	EXPECT_FS 3
	frflags a1
	EXPECT a1, FFLAG_NX
	/* fclass.s changes nothing; it may leave FS Clean or report Dirty,
	 * so it is not checked */

	TEST_PASS
