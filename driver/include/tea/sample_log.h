/* The sample log a program keeps in its memory when it takes TEA samples
 * itself (interrupt-driven): eight 8-byte words, then the records they
 * point to. The bare-metal runtime writes it (tea/sampling.h), teasim reads
 * it out of the simulated memory at the end of a run. */
#ifndef TEA_SAMPLE_LOG_H
#define TEA_SAMPLE_LOG_H

#define TEA_LOG_MAGIC 0x474f4c2d414554ull	/* "TEA-LOG" */

/* Word offsets of the log header. */
enum tea_log_word {
	TEA_LOG_W_MAGIC,
	TEA_LOG_W_WIDTH,	/* commit width: slots per record */
	TEA_LOG_W_PERIOD,	/* teaperiod */
	TEA_LOG_W_CAPACITY,	/* records the buffer holds */
	TEA_LOG_W_COUNT,	/* records written */
	TEA_LOG_W_DROPPED,	/* samples the full buffer could not take */
	TEA_LOG_W_LOST,		/* tealost when sampling stopped */
	TEA_LOG_W_RECORDS,	/* address of the first record */
	TEA_LOG_WORDS
};

/* A record is 2 + 2 * width words: teatime, teastat, the width slot
 * addresses, then the width slot PSVs. */
#define TEA_LOG_RECORD_WORDS(width) (2 + 2 * (width))

#endif
