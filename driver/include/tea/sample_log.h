/* The sample log a program keeps in its memory when it takes TEA samples
 * itself (interrupt-driven): eight 8-byte words, then the records they
 * point to. The bare-metal runtime writes it (tea/sampling.h), teasim reads
 * it out of the simulated memory at the end of a run; on a board it
 * leaves on the console. */
#ifndef TEA_SAMPLE_LOG_H
#define TEA_SAMPLE_LOG_H

#include "tea/csr.h"

#define TEA_LOG_MAGIC 0x32474f4c2d414554ull	/* "TEA-LOG2" */
/* The first log's magic, whose records had no data addresses (2 + 2 *
 * width words); a reader takes both. */
#define TEA_LOG_MAGIC_V1 0x474f4c2d414554ull	/* "TEA-LOG" */

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

/* A record is the sampler's buffer record, TEA_RECORD_WORDS(width) words
 * (tea/csr.h); in a TEA_LOG_MAGIC_V1 log, 2 + 2 * width. */
#define TEA_LOG_RECORD_WORDS(width) TEA_RECORD_WORDS(width)

/* The log as it leaves a board on the console at exit (when the device
 * tree's /chosen has tea,host-console), one line each, numbers in hex:
 *   TEA-LOG <log address> <the TEA_LOG_WORDS header words>
 *   TEA-REC <record index> <its words>        (one line per record)
 *   TEA-LOG-END <records>
 * The host rebuilds the log's memory from them. */
#define TEA_LOG_CONSOLE_BEGIN  "TEA-LOG"
#define TEA_LOG_CONSOLE_RECORD "TEA-REC"
#define TEA_LOG_CONSOLE_END    "TEA-LOG-END"

#endif
