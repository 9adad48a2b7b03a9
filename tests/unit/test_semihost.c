/* Semihosting (sim/host/semihost.c) on the reference ISS: which privilege
 * levels it serves. A call from S or U is a plain breakpoint unless
 * teasim's --semihosting-userspace (the userspace flag) allows it. */
#include "hart_test_util.h"

#include <stdio.h>

#include "host/semihost.h"

#define SYS_WRITE0 0x04
#define SYS_EXIT   0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define CAUSE_BREAKPOINT 3

struct fixture {
	struct hfix *hf;
	struct semihost s;
	FILE *out;
	char *text;
	size_t len;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || hfix_setup((void **)&f->hf))
		return -1;
	f->out = open_memstream(&f->text, &f->len);
	if (!f->out)
		return -1;
	f->s = (struct semihost){ .out = f->out, .err = f->out, .cmdline = "prog",
				  .clock_hz = 100000000 };
	hart_set_semihost(f->hf->h, semihost_call, &f->s);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	hfix_teardown((void **)&f->hf);
	fclose(f->out);
	free(f->text);
	free(f);
	return 0;
}

/* Makes the call op with argument arg at the pc, in the hart's current
 * privilege (no paging: virtual addresses are physical), and returns the
 * EBREAK's commit record. */
static struct commit call(struct fixture *f, uint64_t op, uint64_t arg)
{
	uint64_t pc = hart_pc(f->hf->h);
	struct commit c;

	poke32(f->hf, pc, 0x01f01013);		/* slli x0, x0, 0x1f */
	poke32(f->hf, pc + 4, INSN_EBREAK);
	poke32(f->hf, pc + 8, 0x40705013);	/* srai x0, x0, 7 */
	hart_set_reg(f->hf->h, 10, op);
	hart_set_reg(f->hf->h, 11, arg);
	hart_step(f->hf->h, &c);
	assert_retired(&c);
	hart_step(f->hf->h, &c);
	fflush(f->out);
	return c;
}

/* SYS_EXIT's block asking for exit code 7. */
static uint64_t exit_block(struct fixture *f)
{
	poke64(f->hf, DATA_BASE, ADP_STOPPED_APPLICATION_EXIT);
	poke64(f->hf, DATA_BASE + 8, 7);
	return DATA_BASE;
}

static uint64_t text(struct fixture *f, const char *s)
{
	memcpy(dram(f->hf, DATA_BASE + 0x100, strlen(s) + 1), s, strlen(s) + 1);
	return DATA_BASE + 0x100;
}

/* SYS_EXIT is served: the run ends with the block's exit code. */
static void assert_exit_served(struct fixture *f)
{
	struct commit c = call(f, SYS_EXIT, exit_block(f));

	assert_retired(&c);
	assert_true(f->s.exited);
	assert_int_equal(f->s.exit_code, 7);
}

static void test_a_call_from_m_mode_is_served(void **state)
{
	struct fixture *f = *state;
	struct commit c = call(f, SYS_WRITE0, text(f, "from M"));

	assert_retired(&c);
	assert_int_equal(c.rd, 10);
	assert_int_equal(f->len, 6);
	assert_memory_equal(f->text, "from M", 6);
	assert_exit_served(f);
}

/* From priv, exit and console output are both refused: the EBREAK traps
 * as a breakpoint, with its pc in tval, and nothing reaches the host. */
static void assert_refused_from(struct fixture *f, unsigned priv)
{
	uint64_t pc;
	struct commit c;

	enter_priv(f->hf, priv);
	pc = hart_pc(f->hf->h);
	c = call(f, SYS_EXIT, exit_block(f));
	assert_trap(&c, CAUSE_BREAKPOINT, pc + 4);
	assert_false(f->s.exited);
	assert_int_equal(hart_priv(f->hf->h), PRIV_M);

	hart_reset(f->hf->h, CODE_BASE);
	enter_priv(f->hf, priv);
	pc = hart_pc(f->hf->h);
	c = call(f, SYS_WRITE0, text(f, "from below"));
	assert_trap(&c, CAUSE_BREAKPOINT, pc + 4);
	assert_int_equal(f->len, 0);
}

static void test_a_call_from_u_mode_is_a_breakpoint(void **state)
{
	assert_refused_from(*state, PRIV_U);
}

static void test_a_call_from_s_mode_is_a_breakpoint(void **state)
{
	assert_refused_from(*state, PRIV_S);
}

static void test_userspace_serves_s_and_u_mode_calls(void **state)
{
	struct fixture *f = *state;
	struct commit c;

	f->s.userspace = true;
	enter_priv(f->hf, PRIV_S);
	c = call(f, SYS_WRITE0, text(f, "S"));
	assert_retired(&c);
	assert_int_equal(hart_priv(f->hf->h), PRIV_S);
	hart_reset(f->hf->h, CODE_BASE);
	enter_priv(f->hf, PRIV_U);
	c = call(f, SYS_WRITE0, text(f, "U"));
	assert_retired(&c);
	assert_int_equal(f->len, 2);
	assert_memory_equal(f->text, "SU", 2);
	assert_exit_served(f);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_a_call_from_m_mode_is_served),
		T(test_a_call_from_u_mode_is_a_breakpoint),
		T(test_a_call_from_s_mode_is_a_breakpoint),
		T(test_userspace_serves_s_and_u_mode_calls),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
