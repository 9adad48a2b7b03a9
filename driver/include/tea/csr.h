/* The TEA sample CSRs and interrupt (docs/tea-csr.md): the one C
 * description of them, used by the bare-metal runtime, the Linux driver,
 * teasim and libpics. rtl/include/tea_csr.svh holds the same numbers for
 * the RTL; a unit test checks that the two agree. */
#ifndef TEA_CSR_H
#define TEA_CSR_H

#define TEA_CSR_CTL	0x5c0	/* RW: EN, UEN, XU/XS/XM, JIT */
#define TEA_CSR_PERIOD	0x5c1	/* RW: cycles between samples, 32 bits */
#define TEA_CSR_STAT	0x5c2	/* RW: V, WAIT, STATE, MASK, PRIV; V=0 frees the sample */
#define TEA_CSR_TIME	0x5c3	/* RO: cycle of the sample */
#define TEA_CSR_LOST	0x5c4	/* RW: samples lost because the last was unread */
#define TEA_CSR_INFO	0x5c5	/* RO: W, PSV bits, map version */
#define TEA_CSR_FILT	0x5c6	/* RW: samples not taken: their privilege is excluded */
#define TEA_CSR_COUNT	0x5c7	/* RW: cycles to the next sample cycle */
#define TEA_CSR_BASE	0x5c8	/* RW: sample buffer: where the records wrap to */
#define TEA_CSR_LIMIT	0x5c9	/* RW: sample buffer: no record is written at or past it */
#define TEA_CSR_PTR	0x5ca	/* RW: sample buffer: where the next record goes */
#define TEA_CSR_WMARK	0x5cb	/* RW: sample buffer: interrupt when a record ends at or past it */
#define TEA_CSR_ADDR0	0x5d0	/* RO: 0x5d0 + i, address of slot i */
#define TEA_CSR_PSV0	0x5e0	/* RO: 0x5e0 + i, PSV of slot i */
#define TEA_CSR_DADDR0	0x5f0	/* RO: 0x5f0 + i, data address of slot i */
#define TEA_CSR_FIRST	0x5c0	/* the range the core gives to TEA */
#define TEA_CSR_LAST	0x5ff

/* The buffer CSRs hold physical addresses, bits 55:3 (a record is whole
 * 8-byte words); the other bits read 0. */
#define TEA_BUF_ADDR_MASK 0x00fffffffffffff8ull

/* teactl */
#define TEA_CTL_EN	(1u << 0)	/* sampling on */
#define TEA_CTL_UEN	(1u << 1)	/* U mode may access the TEA CSRs */
#define TEA_CTL_BUF	(1u << 2)	/* samples go to the buffer in memory, not to an interrupt */
#define TEA_CTL_WRAP	(1u << 3)	/* a record that does not fit goes to teabase */
#define TEA_CTL_X_SHIFT	4		/* bit 4 + p: take no sample of privilege p */
#define TEA_CTL_XU	(1u << 4)	/* ... of U mode */
#define TEA_CTL_XS	(1u << 5)	/* ... of S mode */
#define TEA_CTL_XM	(1u << 7)	/* ... of M mode */
#define TEA_CTL_JIT_SHIFT 8		/* [12:8]: jitter bits, 0..16 */
#define TEA_CTL_JIT_MAX	16
#define TEA_CTL_MASK	0x1fbfu

/* teastat */
#define TEA_STAT_V	(1u << 0)	/* a sample is latched and unread */
#define TEA_STAT_WAIT	(1u << 1)	/* sampled, waiting for its instruction */
#define TEA_STAT_STATE_SHIFT 2		/* [3:2]: commit state */
#define TEA_STAT_BIRQ	(1u << 4)	/* buffer interrupt: watermark passed, or full */
#define TEA_STAT_FULL	(1u << 5)	/* a record did not fit: samples are lost until teaptr moves */
#define TEA_STAT_MASK_SHIFT 8		/* [15:8]: slots holding an instruction */
#define TEA_STAT_PRIV_SHIFT 16		/* [17:16]: privilege they ran in, TEA_PRIV_* */
#define TEA_STAT_PRIV(v)	((unsigned)((v) >> TEA_STAT_PRIV_SHIFT) & 3)
#define TEA_STAT_DMASK_SHIFT 18		/* [25:18]: slots whose instruction accessed memory */
#define TEA_STAT_DMASK(v)	((unsigned)((v) >> TEA_STAT_DMASK_SHIFT) & 0xff)
#define TEA_STAT_SEQ_SHIFT 32		/* [63:32]: the sample cycle's number, mod 2^32 */
#define TEA_STAT_SEQ(v)	((unsigned)((v) >> TEA_STAT_SEQ_SHIFT))

/* Privilege codes, as teastat.PRIV and teactl's X bits number them */
#define TEA_PRIV_U	0
#define TEA_PRIV_S	1
#define TEA_PRIV_M	3

/* Commit states, the values of enum pics_commit_state. */
#define TEA_COMPUTE	0
#define TEA_STALLED	1
#define TEA_DRAINED	2
#define TEA_FLUSHED	3

/* teainfo */
#define TEA_INFO_WIDTH(v)	((unsigned)(v) & 0xf)
#define TEA_INFO_PSV_BITS(v)	((unsigned)((v) >> 8) & 0xff)
#define TEA_INFO_VERSION(v)	((unsigned)((v) >> 16) & 0xff)
#define TEA_MAP_VERSION	7	/* 3: teapsv has ST-DIV (bit 9); 4: privilege filter, teafilt,
				 * teacount; 5: the sample buffer, teastat.SEQ; 6: teadaddr,
				 * teastat.DMASK; 7: the buffer's records hold them */

/* A record the sampler writes to its buffer: teatime, teastat (as the
 * sample has it, with V set and DMASK), the width slot addresses, the
 * width slot PSVs, the width slot data addresses (0 where DMASK is
 * clear). Map versions 5 and 6 wrote 2 + 2 * width words, without the
 * data addresses. */
#define TEA_RECORD_WORDS(width)	(2 + 3 * (width))

/* The sample interrupt: bit 16 of mip/mie/mideleg, cause 16. */
#define TEA_IRQ		16

#endif
