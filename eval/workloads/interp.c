/* interp: a bytecode interpreter, the shape of Python, Lua, the JVM's
 * interpreter and perlbench. A small stack machine (32-bit instructions:
 * opcode and a signed 24-bit argument; locals per call frame; a word
 * memory) runs a program assembled at start-up: a sieve of Eratosthenes
 * over its memory, a recursive Fibonacci called in a loop, and a
 * pseudo-random hash loop. Threaded dispatch (computed goto): every
 * handler ends in its own indirect jump, whose target depends on the
 * bytecode; the operand stack and frames are loads and stores to memory.
 *
 * Check: the values the program outputs (the number of primes, the sum
 * of the Fibonacci numbers, the hash) are those that the same algorithms
 * compute natively. */
#include <stdint.h>

#define WL_NAME "interp"
#define WL_MODE PRV_U
#ifndef SCALE
#define SCALE 32
#endif

#define SIEVE (256 * SCALE)	/* words of VM memory the sieve uses */
#define FIB_N 12
#define FIB_RUNS (2 * SCALE)
#define HASH_ITERS (256 * SCALE)

#define CODE_MAX 256
#define STACK_MAX 256
#define FRAMES 64
#define LOCALS 8

#define WL_ARENA (SIEVE * 8ul + 4096)

#include "workload.h"

enum op {
	OP_HALT, OP_PUSH, OP_DUP, OP_DROP, OP_LDL, OP_STL, OP_ADD, OP_SUB, OP_MUL, OP_REM,
	OP_AND, OP_XOR, OP_SHL, OP_SHR, OP_LT, OP_JMP, OP_JZ, OP_JNZ, OP_LDM, OP_STM,
	OP_CALL, OP_RET, OP_OUT, OP_COUNT
};

static uint32_t code[CODE_MAX];
static unsigned code_len;
static int64_t outputs[4];
static unsigned n_outputs;

/* --- The assembler ------------------------------------------------------ */

static unsigned emit(enum op op, int32_t arg)
{
	code[code_len] = (uint32_t)op | (uint32_t)arg << 8;
	return code_len++;
}

/* Points the jump or call at `at` to target. */
static void patch(unsigned at, unsigned target)
{
	code[at] = (code[at] & 0xff) | target << 8;
}

/* i = from; while (i < limit) { body } with i in local l. Returns where
 * the body starts; loop_end() closes it. */
struct loop {
	unsigned top, exit;
	int local;
};

static struct loop loop_begin(int local, int32_t from, int32_t limit)
{
	struct loop lp = { 0, 0, local };

	emit(OP_PUSH, from);
	emit(OP_STL, local);
	lp.top = emit(OP_LDL, local);
	emit(OP_PUSH, limit);
	emit(OP_LT, 0);
	lp.exit = emit(OP_JZ, 0);
	return lp;
}

static void loop_end(struct loop lp)
{
	emit(OP_LDL, lp.local);
	emit(OP_PUSH, 1);
	emit(OP_ADD, 0);
	emit(OP_STL, lp.local);
	emit(OP_JMP, (int32_t)lp.top);
	patch(lp.exit, code_len);
}

static void assemble(void)
{
	struct loop lp, inner;
	unsigned skip, fib, call_at, rec;
	unsigned lcall[2];

	/* Sieve. Clear: for (i = 0; i < SIEVE; i++) mem[i] = 0. */
	lp = loop_begin(0, 0, SIEVE);
	emit(OP_PUSH, 0);
	emit(OP_LDL, 0);
	emit(OP_STM, 0);
	loop_end(lp);
	/* for (i = 2; i < SIEVE; i++) if (!mem[i]) for (j = i * i; j < SIEVE;
	 * j += i) mem[j] = 1; (i * i overflows nothing: SIEVE < 2^24.) */
	lp = loop_begin(0, 2, SIEVE);
	emit(OP_LDL, 0);
	emit(OP_LDM, 0);
	skip = emit(OP_JNZ, 0);
	emit(OP_LDL, 0);
	emit(OP_DUP, 0);
	emit(OP_MUL, 0);
	emit(OP_STL, 1);
	inner.top = emit(OP_LDL, 1);
	emit(OP_PUSH, SIEVE);
	emit(OP_LT, 0);
	inner.exit = emit(OP_JZ, 0);
	emit(OP_PUSH, 1);
	emit(OP_LDL, 1);
	emit(OP_STM, 0);
	emit(OP_LDL, 1);
	emit(OP_LDL, 0);
	emit(OP_ADD, 0);
	emit(OP_STL, 1);
	emit(OP_JMP, (int32_t)inner.top);
	patch(inner.exit, code_len);
	patch(skip, code_len);
	loop_end(lp);
	/* count = 0; for (i = 2; i < SIEVE; i++) if (!mem[i]) count++; out. */
	emit(OP_PUSH, 0);
	emit(OP_STL, 2);
	lp = loop_begin(0, 2, SIEVE);
	emit(OP_LDL, 0);
	emit(OP_LDM, 0);
	skip = emit(OP_JNZ, 0);
	emit(OP_LDL, 2);
	emit(OP_PUSH, 1);
	emit(OP_ADD, 0);
	emit(OP_STL, 2);
	patch(skip, code_len);
	loop_end(lp);
	emit(OP_LDL, 2);
	emit(OP_OUT, 0);

	/* sum = 0; for (k = 0; k < FIB_RUNS; k++) sum += fib(FIB_N + k % 2). */
	emit(OP_PUSH, 0);
	emit(OP_STL, 2);
	lp = loop_begin(3, 0, FIB_RUNS);
	emit(OP_LDL, 3);
	emit(OP_PUSH, 1);
	emit(OP_AND, 0);
	emit(OP_PUSH, FIB_N);
	emit(OP_ADD, 0);
	lcall[0] = emit(OP_CALL, 0);
	emit(OP_LDL, 2);
	emit(OP_ADD, 0);
	emit(OP_STL, 2);
	loop_end(lp);
	emit(OP_LDL, 2);
	emit(OP_OUT, 0);

	/* x = 1; h = 0; for (k = 0; k < HASH_ITERS; k++) { x = (x * 75 + 74)
	 * % 65537; h = (h << 5 ^ h >> 3 ^ x) & 0x7fffff; } out h. */
	emit(OP_PUSH, 1);
	emit(OP_STL, 1);
	emit(OP_PUSH, 0);
	emit(OP_STL, 2);
	lp = loop_begin(0, 0, HASH_ITERS);
	emit(OP_LDL, 1);
	emit(OP_PUSH, 75);
	emit(OP_MUL, 0);
	emit(OP_PUSH, 74);
	emit(OP_ADD, 0);
	emit(OP_PUSH, 65537);
	emit(OP_REM, 0);
	emit(OP_DUP, 0);
	emit(OP_STL, 1);
	emit(OP_LDL, 2);
	emit(OP_SHL, 5);
	emit(OP_XOR, 0);
	emit(OP_LDL, 2);
	emit(OP_SHR, 3);
	emit(OP_XOR, 0);
	emit(OP_PUSH, 0x7fffff);
	emit(OP_AND, 0);
	emit(OP_STL, 2);
	loop_end(lp);
	emit(OP_LDL, 2);
	emit(OP_OUT, 0);
	emit(OP_HALT, 0);

	/* fib(n): n < 2 ? n : fib(n - 1) + fib(n - 2); n in local 0. */
	fib = emit(OP_LDL, 0);
	emit(OP_PUSH, 2);
	emit(OP_LT, 0);
	rec = emit(OP_JZ, 0);
	emit(OP_LDL, 0);
	emit(OP_RET, 0);
	patch(rec, code_len);
	emit(OP_LDL, 0);
	emit(OP_PUSH, 1);
	emit(OP_SUB, 0);
	call_at = emit(OP_CALL, 0);
	patch(call_at, fib);
	emit(OP_LDL, 0);
	emit(OP_PUSH, 2);
	emit(OP_SUB, 0);
	lcall[1] = emit(OP_CALL, 0);
	emit(OP_ADD, 0);
	emit(OP_RET, 0);
	patch(lcall[0], fib);
	patch(lcall[1], fib);
}

/* --- The interpreter ---------------------------------------------------- */

/* Runs code from 0 to HALT; returns 0, or -1 when the stacks overflow. */
static int run(int64_t *mem)
{
	static const void *const handlers[OP_COUNT] = {
		[OP_HALT] = &&op_halt, [OP_PUSH] = &&op_push, [OP_DUP] = &&op_dup,
		[OP_DROP] = &&op_drop, [OP_LDL] = &&op_ldl, [OP_STL] = &&op_stl,
		[OP_ADD] = &&op_add, [OP_SUB] = &&op_sub, [OP_MUL] = &&op_mul,
		[OP_REM] = &&op_rem, [OP_AND] = &&op_and, [OP_XOR] = &&op_xor,
		[OP_SHL] = &&op_shl, [OP_SHR] = &&op_shr, [OP_LT] = &&op_lt,
		[OP_JMP] = &&op_jmp, [OP_JZ] = &&op_jz, [OP_JNZ] = &&op_jnz,
		[OP_LDM] = &&op_ldm, [OP_STM] = &&op_stm, [OP_CALL] = &&op_call,
		[OP_RET] = &&op_ret, [OP_OUT] = &&op_out,
	};
	int64_t stack[STACK_MAX], frames[FRAMES * LOCALS];
	const uint32_t *ret[FRAMES];
	int64_t *sp = stack, *fp = frames, a;
	const uint32_t *pc = code;
	uint32_t insn;
	int depth = 0;

#define ARG ((int32_t)insn >> 8)
#define DISPATCH() do { insn = *pc++; goto *handlers[insn & 0xff]; } while (0)
#define BINARY(expr) do { a = *--sp; sp[-1] = (expr); DISPATCH(); } while (0)

	DISPATCH();
op_push:
	*sp++ = ARG;
	DISPATCH();
op_dup:
	*sp = sp[-1];
	sp++;
	DISPATCH();
op_drop:
	sp--;
	DISPATCH();
op_ldl:
	*sp++ = fp[ARG];
	DISPATCH();
op_stl:
	fp[ARG] = *--sp;
	DISPATCH();
op_add:
	BINARY(sp[-1] + a);
op_sub:
	BINARY(sp[-1] - a);
op_mul:
	BINARY(sp[-1] * a);
op_rem:
	BINARY(sp[-1] % a);
op_and:
	BINARY(sp[-1] & a);
op_xor:
	BINARY(sp[-1] ^ a);
op_shl:
	sp[-1] = (int64_t)((uint64_t)sp[-1] << ARG);
	DISPATCH();
op_shr:
	sp[-1] = (int64_t)((uint64_t)sp[-1] >> ARG);
	DISPATCH();
op_lt:
	BINARY(sp[-1] < a);
op_jmp:
	pc = code + ARG;
	DISPATCH();
op_jz:
	if (*--sp == 0)
		pc = code + ARG;
	DISPATCH();
op_jnz:
	if (*--sp != 0)
		pc = code + ARG;
	DISPATCH();
op_ldm:
	sp[-1] = mem[sp[-1]];
	DISPATCH();
op_stm:		/* value, address -- */
	sp -= 2;
	mem[sp[1]] = sp[0];
	DISPATCH();
op_call:	/* argument -- result; the argument becomes local 0 */
	if (++depth == FRAMES || sp - stack >= STACK_MAX - 8)
		return -1;
	ret[depth] = pc;
	fp += LOCALS;
	fp[0] = *--sp;
	pc = code + ARG;
	DISPATCH();
op_ret:
	pc = ret[depth--];
	fp -= LOCALS;
	DISPATCH();
op_out:
	outputs[n_outputs++ & 3] = *--sp;
	DISPATCH();
op_halt:
	return 0;
#undef ARG
#undef DISPATCH
#undef BINARY
}

/* --- Native references -------------------------------------------------- */

static int64_t fib(int64_t n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static long wl_run(void)
{
	int64_t *mem = wl_alloc(SIEVE * sizeof(int64_t));
	int64_t primes = 0, fibs = 0, x = 1, h = 0;

	assemble();
	if (run(mem) != 0)
		WL_FAIL("the interpreter's stacks overflowed");
	if (n_outputs != 3)
		WL_FAIL("the program output %u values, expected 3", n_outputs);

	/* The sieve's memory is the VM's result: check it word by word. */
	for (int64_t i = 2; i < SIEVE; i++) {
		int prime = 1;

		for (int64_t d = 2; d * d <= i && prime; d++)
			prime = i % d != 0;
		if (mem[i] != !prime)
			WL_FAIL("sieve word %" PRId64 " is %" PRId64, i, mem[i]);
		primes += prime;
	}
	for (int k = 0; k < FIB_RUNS; k++)
		fibs += fib(FIB_N + k % 2);
	for (int k = 0; k < HASH_ITERS; k++) {
		x = (x * 75 + 74) % 65537;
		h = (h << 5 ^ h >> 3 ^ x) & 0x7fffff;
	}
	if (outputs[0] != primes || outputs[1] != fibs || outputs[2] != h)
		WL_FAIL("outputs %" PRId64 " %" PRId64 " %" PRId64 ", expected %" PRId64 " %" PRId64
			" %" PRId64, outputs[0], outputs[1], outputs[2], primes, fibs, h);
	printf(WL_NAME ": %u bytecodes; %" PRId64 " primes below %d, fib sum %" PRId64
	       ", hash %06" PRIx64 "\n", code_len, primes, SIEVE, fibs, h);
	return 0;
}

WL_MAIN
