/* The TEA event list, the CSR map, the performance-counter event numbers
 * and the trace port's dispatch stall codes are written twice, for the RTL
 * (rtl/include/tea_events.svh, tea_csr.svh, hpm_events.svh,
 * stage_trace.svh) and for C (pics/pics.h, driver/include/tea/csr.h,
 * driver/include/tea/hpm.h, sim/attribution/stages.h). These tests read the SystemVerilog headers
 * and check that the two agree, so that a change to one list that misses
 * the other fails here. The C event names are tea/sample_format.h's, which
 * libpics and the target's teaperf share. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pics.h"
#include "tea/csr.h"
#include "tea/hpm.h"
#include "attribution/stages.h"

#define MAX_LINES 256

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Value of "localparam ... NAME = <value>;" in @text, in SystemVerilog
 * number syntax (12'h5c0, 64'h1f03, 16, 2'd3). */
static uint64_t sv_param(const char *text, const char *name)
{
	char pat[80];
	const char *p, *eq;

	snprintf(pat, sizeof(pat), " %s ", name);
	p = strstr(text, pat);
	if (!p)
		fail_msg("%s is not in the SystemVerilog header", name);
	eq = strchr(p, '=');
	assert_non_null(eq);
	eq++;
	while (isspace((unsigned char)*eq))
		eq++;
	const char *tick = strchr(eq, '\'');
	const char *semi = strchr(eq, ';');
	if (tick && tick < semi) {
		int base = tick[1] == 'h' ? 16 : tick[1] == 'b' ? 2 : 10;
		return strtoull(tick + 2, NULL, base);
	}
	return strtoull(eq, NULL, 10);
}

static void csr_map_agrees(void **state)
{
	char *svh = slurp("rtl/include/tea_csr.svh");
	(void)state;

	assert_int_equal(sv_param(svh, "TEA_CSR_CTL"), TEA_CSR_CTL);
	assert_int_equal(sv_param(svh, "TEA_CSR_PERIOD"), TEA_CSR_PERIOD);
	assert_int_equal(sv_param(svh, "TEA_CSR_STAT"), TEA_CSR_STAT);
	assert_int_equal(sv_param(svh, "TEA_CSR_TIME"), TEA_CSR_TIME);
	assert_int_equal(sv_param(svh, "TEA_CSR_LOST"), TEA_CSR_LOST);
	assert_int_equal(sv_param(svh, "TEA_CSR_INFO"), TEA_CSR_INFO);
	assert_int_equal(sv_param(svh, "TEA_CSR_FILT"), TEA_CSR_FILT);
	assert_int_equal(sv_param(svh, "TEA_CSR_COUNT"), TEA_CSR_COUNT);
	assert_int_equal(sv_param(svh, "TEA_CSR_BASE"), TEA_CSR_BASE);
	assert_int_equal(sv_param(svh, "TEA_CSR_LIMIT"), TEA_CSR_LIMIT);
	assert_int_equal(sv_param(svh, "TEA_CSR_PTR"), TEA_CSR_PTR);
	assert_int_equal(sv_param(svh, "TEA_CSR_WMARK"), TEA_CSR_WMARK);
	assert_int_equal(sv_param(svh, "TEA_CSR_ADDR0"), TEA_CSR_ADDR0);
	assert_int_equal(sv_param(svh, "TEA_CSR_PSV0"), TEA_CSR_PSV0);
	assert_int_equal(sv_param(svh, "TEA_CSR_DADDR0"), TEA_CSR_DADDR0);
	assert_int_equal(1u << sv_param(svh, "TEA_CTL_EN"), TEA_CTL_EN);
	assert_int_equal(1u << sv_param(svh, "TEA_CTL_UEN"), TEA_CTL_UEN);
	assert_int_equal(1u << sv_param(svh, "TEA_CTL_BUF"), TEA_CTL_BUF);
	assert_int_equal(1u << sv_param(svh, "TEA_CTL_WRAP"), TEA_CTL_WRAP);
	assert_int_equal(sv_param(svh, "TEA_CTL_X"), TEA_CTL_X_SHIFT);
	assert_int_equal(TEA_CTL_XU, 1u << (TEA_CTL_X_SHIFT + TEA_PRIV_U));
	assert_int_equal(TEA_CTL_XS, 1u << (TEA_CTL_X_SHIFT + TEA_PRIV_S));
	assert_int_equal(TEA_CTL_XM, 1u << (TEA_CTL_X_SHIFT + TEA_PRIV_M));
	assert_int_equal(sv_param(svh, "TEA_CTL_JIT"), TEA_CTL_JIT_SHIFT);
	assert_int_equal(sv_param(svh, "TEA_CTL_JIT_MAX"), TEA_CTL_JIT_MAX);
	assert_int_equal(sv_param(svh, "TEA_CTL_MASK"), TEA_CTL_MASK);
	assert_int_equal(1u << sv_param(svh, "TEA_STAT_V"), TEA_STAT_V);
	assert_int_equal(1u << sv_param(svh, "TEA_STAT_WAIT"), TEA_STAT_WAIT);
	assert_int_equal(1u << sv_param(svh, "TEA_STAT_BIRQ"), TEA_STAT_BIRQ);
	assert_int_equal(1u << sv_param(svh, "TEA_STAT_FULL"), TEA_STAT_FULL);
	assert_int_equal(sv_param(svh, "TEA_STAT_SEQ"), TEA_STAT_SEQ_SHIFT);
	assert_int_equal(sv_param(svh, "TEA_STAT_STATE"), TEA_STAT_STATE_SHIFT);
	assert_int_equal(sv_param(svh, "TEA_STAT_MASK"), TEA_STAT_MASK_SHIFT);
	assert_int_equal(sv_param(svh, "TEA_STAT_PRIV"), TEA_STAT_PRIV_SHIFT);
	assert_int_equal(sv_param(svh, "TEA_STAT_DMASK"), TEA_STAT_DMASK_SHIFT);
	assert_int_equal(sv_param(svh, "TEA_COMPUTE"), TEA_COMPUTE);
	assert_int_equal(sv_param(svh, "TEA_STALLED"), TEA_STALLED);
	assert_int_equal(sv_param(svh, "TEA_DRAINED"), TEA_DRAINED);
	assert_int_equal(sv_param(svh, "TEA_FLUSHED"), TEA_FLUSHED);
	assert_int_equal(sv_param(svh, "TEA_MAP_VERSION"), TEA_MAP_VERSION);
	assert_int_equal(sv_param(svh, "TEA_IRQ"), TEA_IRQ);
	/* the commit states are libpics' */
	assert_int_equal(TEA_COMPUTE, PICS_COMPUTE);
	assert_int_equal(TEA_STALLED, PICS_STALLED);
	assert_int_equal(TEA_DRAINED, PICS_DRAINED);
	assert_int_equal(TEA_FLUSHED, PICS_FLUSHED);
	free(svh);
}

/* psv_t lists its fields most significant first; pics names them "ST-LLC"
 * for st_llc. */
static void event_list_agrees(void **state)
{
	char *svh = slurp("rtl/include/tea_events.svh");
	char fields[PICS_MAX_EVENTS][PICS_EVENT_NAME_MAX];
	unsigned n = 0;
	struct pics_meta m;
	struct pics_error err;
	const char *p, *end;
	(void)state;

	p = strstr(svh, "typedef struct packed {");
	assert_non_null(p);
	end = strstr(p, "} psv_t;");
	assert_non_null(end);
	for (p = strstr(p, "logic "); p && p < end; p = strstr(p, "logic ")) {
		unsigned k = 0;

		p += strlen("logic ");
		assert_true(n < PICS_MAX_EVENTS);
		while (*p && *p != ';' && k + 1 < PICS_EVENT_NAME_MAX) {
			fields[n][k++] = *p == '_' ? '-' : (char)toupper((unsigned char)*p);
			p++;
		}
		fields[n][k] = '\0';
		n++;
	}
	assert_int_equal(pics_meta_init_tea(&m, "TEA", 2, 1, &err), 0);
	assert_int_equal(n, m.n_events);
	assert_int_equal(sv_param(svh, "PSV_BITS"), m.n_events);
	for (unsigned i = 0; i < n; i++)
		assert_string_equal(fields[n - 1 - i], m.events[i]);
	free(svh);
}

/* enum pics_tea_event and TEA_EVENT_NAMES list the events apart, in one
 * order: each enumerator's bit carries the event it names. */
static void event_enum_agrees(void **state)
{
	static const struct {
		unsigned bit;
		const char *name;
	} events[] = {
		{ PICS_TEA_DR_L1, "DR-L1" }, { PICS_TEA_DR_TLB, "DR-TLB" },
		{ PICS_TEA_DR_SQ, "DR-SQ" }, { PICS_TEA_FL_MB, "FL-MB" },
		{ PICS_TEA_FL_EX, "FL-EX" }, { PICS_TEA_FL_MO, "FL-MO" },
		{ PICS_TEA_ST_L1, "ST-L1" }, { PICS_TEA_ST_TLB, "ST-TLB" },
		{ PICS_TEA_ST_LLC, "ST-LLC" }, { PICS_TEA_ST_DIV, "ST-DIV" },
	};
	static const char *const names[] = TEA_EVENT_NAMES;
	(void)state;

	assert_int_equal(sizeof(events) / sizeof(events[0]), PICS_TEA_NUM_EVENTS);
	for (unsigned i = 0; i < PICS_TEA_NUM_EVENTS; i++)
		assert_string_equal(names[events[i].bit], events[i].name);
}

static void hpm_events_agree(void **state)
{
	char *svh = slurp("rtl/include/hpm_events.svh");
	(void)state;

	assert_int_equal(sv_param(svh, "HPM_EV_ICACHE_MISS"), EV_ICACHE_MISS);
	assert_int_equal(sv_param(svh, "HPM_EV_ITLB_MISS"), EV_ITLB_MISS);
	assert_int_equal(sv_param(svh, "HPM_EV_DCACHE_MISS"), EV_DCACHE_MISS);
	assert_int_equal(sv_param(svh, "HPM_EV_DTLB_MISS"), EV_DTLB_MISS);
	assert_int_equal(sv_param(svh, "HPM_EV_LLC_MISS"), EV_LLC_MISS);
	assert_int_equal(sv_param(svh, "HPM_EV_BR_MISPRED"), EV_BR_MISPRED);
	assert_int_equal(sv_param(svh, "HPM_EV_MEM_ORDER"), EV_MEM_ORDER);
	assert_int_equal(sv_param(svh, "HPM_EV_SQ_FULL"), EV_SQ_FULL);
	assert_int_equal(sv_param(svh, "HPM_EV_EXCEPTION"), EV_EXCEPTION);
	assert_int_equal(sv_param(svh, "HPM_EV_INTERRUPT"), EV_INTERRUPT);
	assert_int_equal(sv_param(svh, "HPM_EV_ST_ERROR"), EV_ST_ERROR);
	assert_int_equal(sv_param(svh, "HPM_NUM_EVENTS"), TEA_HPM_NUM_EVENTS);
	free(svh);
}

static void dispatch_stall_codes_agree(void **state)
{
	char *svh = slurp("rtl/include/stage_trace.svh");
	(void)state;

	assert_int_equal(sv_param(svh, "DISP_DISPATCHED"), TEA_DISP_DISPATCHED);
	assert_int_equal(sv_param(svh, "DISP_FE_EMPTY"), TEA_DISP_FE_EMPTY);
	assert_int_equal(sv_param(svh, "DISP_FLUSH"), TEA_DISP_FLUSH);
	assert_int_equal(sv_param(svh, "DISP_REDIRECT"), TEA_DISP_REDIRECT);
	assert_int_equal(sv_param(svh, "DISP_SERIAL"), TEA_DISP_SERIAL);
	assert_int_equal(sv_param(svh, "DISP_ROB_FULL"), TEA_DISP_ROB_FULL);
	assert_int_equal(sv_param(svh, "DISP_IQ_FULL"), TEA_DISP_IQ_FULL);
	assert_int_equal(sv_param(svh, "DISP_LQ_FULL"), TEA_DISP_LQ_FULL);
	assert_int_equal(sv_param(svh, "DISP_SQ_FULL"), TEA_DISP_SQ_FULL);
	assert_int_equal(sv_param(svh, "DISP_REGS_FULL"), TEA_DISP_REGS_FULL);
	assert_int_equal(sv_param(svh, "DISP_HALTED"), TEA_DISP_HALTED);
	assert_true(TEA_DISP_NUM <= 1u << sv_param(svh, "DISP_STALL_BITS"));
	free(svh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(csr_map_agrees),
		cmocka_unit_test(event_list_agrees),
		cmocka_unit_test(event_enum_agrees),
		cmocka_unit_test(hpm_events_agree),
		cmocka_unit_test(dispatch_stall_codes_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
