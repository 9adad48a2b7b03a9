/* Reference ISS: the unprivileged instruction set (RV64IMAC) and commit
 * records; counters, semihosting and the run loop are in test_hart_run.c. */
#include "hart_test_util.h"
#include "iss/hart_internal.h"

enum { X5 = 5, X6 = 6, X7 = 7, X10 = 10, X11 = 11, X12 = 12 };

static void test_x0_stays_zero_after_a_write(void **state)
{
	struct hfix *f = *state;
	struct commit c = exec32(f, addi(0, 0, 123));

	assert_retired(&c);
	assert_int_equal(c.rd, 0);
	assert_int_equal(hart_reg(f->h, 0), 0);
	hart_set_reg(f->h, 0, 77);
	assert_int_equal(hart_reg(f->h, 0), 0);
	c = exec32(f, enc_j(8, 0)); /* jal x0 */
	assert_int_equal(c.rd, 0);
	assert_int_equal(hart_reg(f->h, 0), 0);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 4 + 8);
}

static void test_commit_reports_pc_insn_priv_and_destination(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_reg(f->h, X6, 40);
	c = exec32(f, addi(X5, X6, 2));
	assert_retired(&c);
	assert_int_equal(c.pc, CODE_BASE);
	assert_int_equal(c.insn, addi(X5, X6, 2));
	assert_int_equal(c.priv, PRIV_M);
	assert_int_equal(c.rd, X5);
	assert_int_equal(c.rd_value, 42);
	assert_int_equal(c.mem_size, 0);
	assert_false(c.interrupt);
	assert_int_equal(hart_instret(f->h), 1);
}

static void test_alu_register_ops(void **state)
{
	struct hfix *f = *state;
	static const struct {
		unsigned f7, f3;
		uint64_t a, b, r;
	} cases[] = {
		{ 0x00, 0, 5, 7, 12 },                                   /* add */
		{ 0x20, 0, 5, 7, (uint64_t)-2 },                         /* sub */
		{ 0x00, 1, 1, 65, 2 },                                   /* sll uses 6 bits */
		{ 0x00, 2, (uint64_t)-1, 0, 1 },                         /* slt */
		{ 0x00, 3, (uint64_t)-1, 0, 0 },                         /* sltu */
		{ 0x00, 4, 0xf0, 0xff, 0x0f },                           /* xor */
		{ 0x00, 5, 0x8000000000000000ull, 63, 1 },               /* srl */
		{ 0x20, 5, 0x8000000000000000ull, 63, (uint64_t)-1 },    /* sra */
		{ 0x00, 6, 0xf0, 0x0f, 0xff },                           /* or */
		{ 0x00, 7, 0xf0, 0x3c, 0x30 },                           /* and */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct commit c;

		hart_set_reg(f->h, X6, cases[i].a);
		hart_set_reg(f->h, X7, cases[i].b);
		c = exec32(f, op(cases[i].f7, cases[i].f3, X5, X6, X7));
		assert_retired(&c);
		assert_int_equal(hart_reg(f->h, X5), cases[i].r);
	}
}

static void test_division_by_zero_gives_all_ones_and_the_dividend(void **state)
{
	struct hfix *f = *state;

	hart_set_reg(f->h, X6, 1234);
	hart_set_reg(f->h, X7, 0);
	exec32(f, op(1, 4, X5, X6, X7)); /* div */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	exec32(f, op(1, 5, X5, X6, X7)); /* divu */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	exec32(f, op(1, 6, X5, X6, X7)); /* rem */
	assert_int_equal(hart_reg(f->h, X5), 1234);
	exec32(f, op(1, 7, X5, X6, X7)); /* remu */
	assert_int_equal(hart_reg(f->h, X5), 1234);
}

static void test_signed_division_overflow_gives_the_dividend_and_zero(void **state)
{
	struct hfix *f = *state;

	hart_set_reg(f->h, X6, 0x8000000000000000ull);
	hart_set_reg(f->h, X7, (uint64_t)-1);
	exec32(f, op(1, 4, X5, X6, X7));
	assert_int_equal(hart_reg(f->h, X5), 0x8000000000000000ull);
	exec32(f, op(1, 6, X5, X6, X7));
	assert_int_equal(hart_reg(f->h, X5), 0);
	hart_set_reg(f->h, X6, (uint64_t)-7);
	hart_set_reg(f->h, X7, 2);
	exec32(f, op(1, 4, X5, X6, X7));
	assert_int_equal(hart_reg(f->h, X5), (uint64_t)-3);
	exec32(f, op(1, 6, X5, X6, X7));
	assert_int_equal(hart_reg(f->h, X5), (uint64_t)-1);
}

static void test_mulh_variants_give_the_upper_product_bits(void **state)
{
	struct hfix *f = *state;

	hart_set_reg(f->h, X6, (uint64_t)-2);
	hart_set_reg(f->h, X7, 3);
	exec32(f, op(1, 0, X5, X6, X7)); /* mul */
	assert_int_equal(hart_reg(f->h, X5), (uint64_t)-6);
	exec32(f, op(1, 1, X5, X6, X7)); /* mulh: -6 >> 64 */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	exec32(f, op(1, 2, X5, X6, X7)); /* mulhsu: same, rs2 unsigned */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	exec32(f, op(1, 3, X5, X6, X7)); /* mulhu: (2^64-2)*3 >> 64 = 2 */
	assert_int_equal(hart_reg(f->h, X5), 2);
	hart_set_reg(f->h, X6, 3);
	hart_set_reg(f->h, X7, (uint64_t)-2);
	exec32(f, op(1, 2, X5, X6, X7)); /* mulhsu: 3 * (2^64-2) >> 64 = 2 */
	assert_int_equal(hart_reg(f->h, X5), 2);
	exec32(f, op(1, 1, X5, X6, X7)); /* mulh: 3 * -2 */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
}

static void test_word_ops_sign_extend_their_results(void **state)
{
	struct hfix *f = *state;

	hart_set_reg(f->h, X6, 0x7fffffff);
	hart_set_reg(f->h, X7, 1);
	exec32(f, op32(0, 0, X5, X6, X7)); /* addw */
	assert_int_equal(hart_reg(f->h, X5), 0xffffffff80000000ull);
	exec32(f, enc_i(1, X6, 0, X5, 0x1b)); /* addiw */
	assert_int_equal(hart_reg(f->h, X5), 0xffffffff80000000ull);
	hart_set_reg(f->h, X6, 0x123456780000000ull | 0x80000000);
	exec32(f, enc_i(0, X6, 0, X5, 0x1b)); /* sext.w */
	assert_int_equal(hart_reg(f->h, X5), 0xffffffff80000000ull);
	hart_set_reg(f->h, X6, 0x80000000);
	exec32(f, enc_i(0x400 | 4, X6, 5, X5, 0x1b)); /* sraiw 4 */
	assert_int_equal(hart_reg(f->h, X5), 0xfffffffff8000000ull);
	exec32(f, enc_i(4, X6, 5, X5, 0x1b)); /* srliw 4 */
	assert_int_equal(hart_reg(f->h, X5), 0x08000000);
	hart_set_reg(f->h, X6, 1);
	hart_set_reg(f->h, X7, 31 + 32); /* sllw uses 5 bits of rs2 */
	exec32(f, op32(0, 1, X5, X6, X7));
	assert_int_equal(hart_reg(f->h, X5), 0xffffffff80000000ull);
	hart_set_reg(f->h, X6, 0x10000);
	hart_set_reg(f->h, X7, 0x8000);
	exec32(f, op32(1, 0, X5, X6, X7)); /* mulw */
	assert_int_equal(hart_reg(f->h, X5), 0xffffffff80000000ull);
	hart_set_reg(f->h, X6, 0);
	hart_set_reg(f->h, X7, 1);
	exec32(f, op32(0x20, 0, X5, X6, X7)); /* subw */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
}

static void test_word_division_edge_cases(void **state)
{
	struct hfix *f = *state;

	hart_set_reg(f->h, X6, 0xffffffff80000000ull);
	hart_set_reg(f->h, X7, UINT64_MAX);
	exec32(f, op32(1, 4, X5, X6, X7)); /* divw overflow */
	assert_int_equal(hart_reg(f->h, X5), 0xffffffff80000000ull);
	exec32(f, op32(1, 6, X5, X6, X7)); /* remw overflow */
	assert_int_equal(hart_reg(f->h, X5), 0);
	hart_set_reg(f->h, X6, 0x1ffffffffull);
	hart_set_reg(f->h, X7, 0x100000000ull); /* low word zero: division by zero */
	exec32(f, op32(1, 5, X5, X6, X7)); /* divuw */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	exec32(f, op32(1, 7, X5, X6, X7)); /* remuw: sign-extended dividend word */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	exec32(f, op32(1, 4, X5, X6, X7)); /* divw */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	exec32(f, op32(1, 6, X5, X6, X7)); /* remw */
	assert_int_equal(hart_reg(f->h, X5), UINT64_MAX);
	hart_set_reg(f->h, X6, 0x80000000);
	hart_set_reg(f->h, X7, 2);
	exec32(f, op32(1, 5, X5, X6, X7)); /* divuw */
	assert_int_equal(hart_reg(f->h, X5), 0x40000000);
}

static void test_shift_immediates_use_six_bits_and_reject_bad_funct(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_reg(f->h, X6, 1);
	exec32(f, enc_i(63, X6, 1, X5, 0x13)); /* slli 63 */
	assert_int_equal(hart_reg(f->h, X5), 0x8000000000000000ull);
	hart_set_reg(f->h, X6, 0x8000000000000000ull);
	exec32(f, enc_i(0x400 | 60, X6, 5, X5, 0x13)); /* srai 60 */
	assert_int_equal(hart_reg(f->h, X5), (uint64_t)-8);
	c = exec32(f, enc_i(0x200 | 1, X6, 1, X5, 0x13)); /* slli with funct6 != 0 */
	assert_trap(&c, 2, enc_i(0x200 | 1, X6, 1, X5, 0x13));
}

static void test_slliw_with_shamt_bit_5_is_illegal(void **state)
{
	struct hfix *f = *state;
	uint32_t insn = enc_i(32, X6, 1, X5, 0x1b);
	struct commit c = exec32(f, insn);

	assert_trap(&c, 2, insn);
	assert_int_equal(c.insn, insn);
	assert_int_equal(hart_pc(f->h), 0); /* mtvec is 0 after reset */
}

static void test_loads_sign_and_zero_extend(void **state)
{
	struct hfix *f = *state;
	static const struct {
		unsigned f3;
		uint64_t r;
	} cases[] = {
		{ 0, 0xfffffffffffffff0ull }, /* lb */
		{ 1, 0xffffffffffff80f0ull }, /* lh */
		{ 2, 0xffffffff800080f0ull }, /* lw */
		{ 3, 0x00000001800080f0ull }, /* ld */
		{ 4, 0xf0 },                  /* lbu */
		{ 5, 0x80f0 },                /* lhu */
		{ 6, 0x800080f0ull },         /* lwu */
	};

	poke64(f, DATA_BASE, 0x00000001800080f0ull);
	hart_set_reg(f->h, X6, DATA_BASE + 16);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct commit c = exec32(f, load(cases[i].f3, X5, X6, -16));

		assert_retired(&c);
		assert_int_equal(c.rd, X5);
		assert_int_equal(c.rd_value, cases[i].r);
		assert_int_equal(c.mem_size, 0);
	}
}

static void test_stores_report_address_size_and_value(void **state)
{
	struct hfix *f = *state;
	static const unsigned sizes[] = { 1, 2, 4, 8 };

	const uint64_t v = 0x1122334455667788ull;

	hart_set_reg(f->h, X6, DATA_BASE + 0x100);
	hart_set_reg(f->h, X7, v);
	for (unsigned i = 0; i < 4; i++) {
		struct commit c = exec32(f, store(i, X7, X6, -8 * (int)i));
		uint64_t mask = sizes[i] == 8 ? UINT64_MAX : (1ull << (8 * sizes[i])) - 1;

		assert_retired(&c);
		assert_int_equal(c.rd, 0);
		assert_int_equal(c.mem_size, sizes[i]);
		assert_int_equal(c.mem_addr, DATA_BASE + 0x100 - 8 * i);
		assert_int_equal(c.mem_value, v & mask);
		assert_int_equal(peek64(f, DATA_BASE + 0x100 - 8 * i), v & mask);
	}
}

static void test_branches_compare_signed_and_unsigned(void **state)
{
	struct hfix *f = *state;
	static const struct {
		unsigned f3;
		bool taken;
	} cases[] = {
		{ 0, false }, { 1, true }, { 4, true }, { 5, false }, { 6, false }, { 7, true },
	};

	hart_set_reg(f->h, X6, (uint64_t)-1);
	hart_set_reg(f->h, X7, 1);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t pc = hart_pc(f->h);
		struct commit c = exec32(f, enc_b(-64, X7, X6, cases[i].f3));

		assert_retired(&c);
		assert_int_equal(c.rd, 0);
		assert_int_equal(hart_pc(f->h), cases[i].taken ? pc - 64 : pc + 4);
		hart_reset(f->h, CODE_BASE + 0x1000);
		hart_set_reg(f->h, X6, (uint64_t)-1);
		hart_set_reg(f->h, X7, 1);
	}
}

static void test_jal_and_jalr_link_and_jalr_clears_bit_zero(void **state)
{
	struct hfix *f = *state;
	struct commit c = exec32(f, enc_j(0x100, 1));

	assert_int_equal(c.rd, 1);
	assert_int_equal(c.rd_value, CODE_BASE + 4);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 0x100);
	hart_set_reg(f->h, X6, CODE_BASE + 0x201);
	c = exec32(f, enc_i(2, X6, 0, X6, 0x67)); /* jalr x6, 2(x6): rd = rs1 */
	assert_int_equal(c.rd_value, CODE_BASE + 0x104);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 0x202);
}

static void test_lui_and_auipc_sign_extend(void **state)
{
	struct hfix *f = *state;
	struct commit c = exec32(f, 0x800002b7u); /* lui x5, 0x80000 */

	assert_int_equal(c.rd_value, 0xffffffff80000000ull);
	c = exec32(f, 0xfffff297u); /* auipc x5, 0xfffff */
	assert_int_equal(c.rd_value, CODE_BASE + 4 - 0x1000);
}

/* Each RV64C instruction class against its 32-bit form, as the assembler
 * encodes both. */
static void test_compressed_instructions_expand_to_their_32_bit_forms(void **state)
{
	struct hfix *f = *state;
	static const struct {
		uint16_t c;
		uint32_t full;
	} cases[] = {
		{ 0x1fe4, 0x3fc10493 }, /* c.addi4spn s1,sp,1020 */
		{ 0x5de8, 0x07c5a503 }, /* c.lw a0,124(a1) */
		{ 0x7c7c, 0x0f843783 }, /* c.ld a5,248(s0) */
		{ 0xc2f0, 0x04c6a223 }, /* c.sw a2,68(a3) */
		{ 0xe4f8, 0x0ce4b423 }, /* c.sd a4,200(s1) */
		{ 0x0001, 0x00000013 }, /* c.nop */
		{ 0x1281, 0xfe028293 }, /* c.addi t0,-32 */
		{ 0x237d, 0x01f3031b }, /* c.addiw t1,31 */
		{ 0x53fd, 0xfff00393 }, /* c.li t2,-1 */
		{ 0x7101, 0xe0010113 }, /* c.addi16sp sp,-512 */
		{ 0x617d, 0x1f010113 }, /* c.addi16sp sp,496 */
		{ 0x7401, 0xfffe0437 }, /* c.lui s0,0xfffe0 */
		{ 0x64fd, 0x0001f4b7 }, /* c.lui s1,0x1f */
		{ 0x917d, 0x03f55513 }, /* c.srli a0,63 */
		{ 0x8585, 0x4015d593 }, /* c.srai a1,1 */
		{ 0x9a3d, 0xfef67613 }, /* c.andi a2,-17 */
		{ 0x8e99, 0x40e686b3 }, /* c.sub a3,a4 */
		{ 0x8fa1, 0x0087c7b3 }, /* c.xor a5,s0 */
		{ 0x8cc9, 0x00a4e4b3 }, /* c.or s1,a0 */
		{ 0x8df1, 0x00c5f5b3 }, /* c.and a1,a2 */
		{ 0x9e99, 0x40e686bb }, /* c.subw a3,a4 */
		{ 0x9fa1, 0x008787bb }, /* c.addw a5,s0 */
		{ 0xaffd, 0x7fe0006f }, /* c.j .+2046 */
		{ 0xb001, 0x801ff06f }, /* c.j .-2048 */
		{ 0xccfd, 0x0e048f63 }, /* c.beqz s1,.+254 */
		{ 0xf101, 0xf00510e3 }, /* c.bnez a0,.-256 */
		{ 0x1586, 0x02159593 }, /* c.slli a1,33 */
		{ 0x567e, 0x0fc12603 }, /* c.lwsp a2,252(sp) */
		{ 0x76fe, 0x1f813683 }, /* c.ldsp a3,504(sp) */
		{ 0xdfba, 0x0ee12e23 }, /* c.swsp a4,252(sp) */
		{ 0xffbe, 0x1ef13c23 }, /* c.sdsp a5,504(sp) */
		{ 0x8082, 0x00008067 }, /* c.jr ra */
		{ 0x9282, 0x000280e7 }, /* c.jalr t0 */
		{ 0x831e, 0x00700333 }, /* c.mv t1,t2 */
		{ 0x9426, 0x00940433 }, /* c.add s0,s1 */
		{ 0x9002, 0x00100073 }, /* c.ebreak */
	};

	(void)f;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (rvc_expand(cases[i].c) != cases[i].full)
			fail_msg("%04x expands to %08x, not %08x", cases[i].c,
				 rvc_expand(cases[i].c), cases[i].full);
	}
}

static void test_compressed_instruction_commits_16_bits_and_links_pc_plus_2(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_reg(f->h, 5, CODE_BASE + 0x40);
	c = exec16(f, 0x9282); /* c.jalr t0 */
	assert_retired(&c);
	assert_int_equal(c.insn, 0x9282);
	assert_int_equal(commit_insn_len(&c), 2);
	assert_int_equal(c.rd, 1);
	assert_int_equal(c.rd_value, CODE_BASE + 2);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 0x40);
	hart_set_reg(f->h, 2, DATA_BASE);
	hart_set_reg(f->h, 15, 0xdeadbeefcafef00dull);
	c = exec16(f, 0xffbe); /* c.sdsp a5,504(sp) */
	assert_int_equal(c.mem_size, 8);
	assert_int_equal(c.mem_addr, DATA_BASE + 504);
	assert_int_equal(peek64(f, DATA_BASE + 504), 0xdeadbeefcafef00dull);
	assert_int_equal(hart_pc(f->h), CODE_BASE + 0x42);
}

static void test_reserved_and_floating_point_compressed_encodings_are_illegal(void **state)
{
	struct hfix *f = *state;
	static const uint16_t illegal[] = {
		0x0000, /* all zeros */
		0x0010, /* c.addi4spn with nzuimm = 0 */
		0x2000, /* c.fld */
		0xa000, /* c.fsd */
		0x8000, /* reserved quadrant 0 */
		0x2001, /* c.addiw x0 */
		0x6101, /* c.addi16sp 0 */
		0x6281, /* c.lui x5, 0 */
		0x9c41, /* reserved: c.subw-space funct 10 */
		0x4002, /* c.lwsp x0 */
		0x6002, /* c.ldsp x0 */
		0x8002, /* c.jr x0 */
		0x2002, /* c.fldsp */
		0xa002, /* c.fsdsp */
	};

	hart_set_reg(f->h, 2, DATA_BASE);
	for (size_t i = 0; i < sizeof(illegal) / sizeof(illegal[0]); i++) {
		struct commit c;

		hart_reset(f->h, CODE_BASE);
		c = exec16(f, illegal[i]);
		if (!c.trap || c.cause != 2 || c.tval != illegal[i] || c.insn != illegal[i])
			fail_msg("%04x did not raise illegal instruction with tval = bits",
				 illegal[i]);
	}
}

static void test_compressed_hints_retire_without_effect(void **state)
{
	struct hfix *f = *state;
	static const uint16_t hints[] = {
		0x0005, /* c.nop 1 */
		0x4005, /* c.li x0, 1 */
		0x6005, /* c.lui x0, 1 */
		0x0006, /* c.slli x0, 1 */
		0x801e, /* c.mv x0, t2 */
		0x901e, /* c.add x0, t2 */
	};

	for (size_t i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
		struct commit c = exec16(f, hints[i]);

		assert_retired(&c);
		assert_int_equal(c.rd, 0);
	}
	assert_int_equal(hart_reg(f->h, 0), 0);
}

static void test_illegal_instruction_reports_its_bits_in_tval(void **state)
{
	struct hfix *f = *state;
	static const uint32_t illegal[] = {
		0x00000007, /* flw: no F */
		0x02002053, /* fadd.s */
		0xffffffff,
		0x0000207f, /* 64-bit encoding space */
		0x0a000033, /* op with funct7 0x05 */
		0x0000402f, /* amo with funct3 4 */
		0x0000400f, /* misc-mem funct3 4 */
		0x00002063, /* branch funct3 2 */
		0x00001067, /* jalr funct3 1 */
		0x00007003, /* load funct3 7 */
		0x00004023, /* store funct3 4 */
		0x00004073, /* system funct3 4 */
		0x00200073, /* uret */
		0x10100073, /* system funct3 0 otherwise unused */
	};

	for (size_t i = 0; i < sizeof(illegal) / sizeof(illegal[0]); i++) {
		uint32_t insn = illegal[i];
		struct commit c;

		hart_reset(f->h, CODE_BASE);
		c = exec32(f, insn);
		if (!c.trap || c.cause != 2 || c.tval != insn)
			fail_msg("%08x did not raise illegal instruction", insn);
	}
}

static void test_lr_with_nonzero_rs2_is_illegal(void **state)
{
	struct hfix *f = *state;
	uint32_t insn = amo(0x02, 3, 5, 6, 7);
	struct commit c;

	hart_set_reg(f->h, 6, DATA_BASE);
	c = exec32(f, insn);
	assert_trap(&c, 2, insn);
}

static void test_misaligned_accesses_trap_with_the_address(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_reg(f->h, X6, DATA_BASE + 1);
	c = exec32(f, load(1, X5, X6, 0)); /* lh */
	assert_trap(&c, 4, DATA_BASE + 1);
	assert_int_equal(csr(f, CSR_MTVAL), DATA_BASE + 1);
	assert_int_equal(csr(f, CSR_MEPC), CODE_BASE);
	hart_reset(f->h, CODE_BASE);
	hart_set_reg(f->h, X6, DATA_BASE + 4);
	c = exec32(f, store(3, X7, X6, 0)); /* sd */
	assert_trap(&c, 6, DATA_BASE + 4);
	hart_reset(f->h, CODE_BASE);
	hart_set_reg(f->h, X6, DATA_BASE + 2);
	c = exec32(f, amo(0x00, 2, X5, X6, X7)); /* amoadd.w */
	assert_trap(&c, 6, DATA_BASE + 2);
	hart_reset(f->h, CODE_BASE);
	hart_set_reg(f->h, X6, DATA_BASE + 2);
	c = exec32(f, amo(0x02, 2, X5, X6, 0)); /* lr.w */
	assert_trap(&c, 4, DATA_BASE + 2);
	hart_reset(f->h, CODE_BASE);
	hart_set_reg(f->h, X6, DATA_BASE + 2);
	c = exec32(f, amo(0x03, 2, X5, X6, X7)); /* sc.w */
	assert_trap(&c, 6, DATA_BASE + 2);
}

static void test_sc_without_reservation_fails(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, DATA_BASE, 5);
	hart_set_reg(f->h, X6, DATA_BASE);
	hart_set_reg(f->h, X7, 9);
	c = exec32(f, amo(0x03, 3, X5, X6, X7));
	assert_retired(&c);
	assert_int_equal(c.rd, X5);
	assert_int_equal(c.rd_value, 1);
	assert_int_equal(c.mem_size, 0);
	assert_int_equal(peek64(f, DATA_BASE), 5);
}

static void test_lr_then_sc_succeeds_once_and_reports_the_store(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	poke64(f, DATA_BASE, 0xffffffff00000005ull);
	hart_set_reg(f->h, X6, DATA_BASE);
	hart_set_reg(f->h, X7, 9);
	c = exec32(f, amo(0x02, 2, X5, X6, 0)); /* lr.w */
	assert_int_equal(c.rd_value, 5);
	c = exec32(f, amo(0x03, 2, X5, X6, X7)); /* sc.w */
	assert_int_equal(c.rd_value, 0);
	assert_int_equal(c.rd, X5);
	assert_int_equal(c.mem_size, 4);
	assert_int_equal(c.mem_addr, DATA_BASE);
	assert_int_equal(c.mem_value, 9);
	assert_int_equal(peek64(f, DATA_BASE), 0xffffffff00000009ull);
	c = exec32(f, amo(0x03, 2, X5, X6, X7));
	assert_int_equal(c.rd_value, 1);
	assert_int_equal(c.mem_size, 0);
}

static void test_store_to_the_reserved_block_breaks_the_reservation(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_reg(f->h, X6, DATA_BASE);
	exec32(f, amo(0x02, 3, X5, X6, 0)); /* lr.d */
	exec32(f, store(0, X7, X6, 3));     /* sb into the same 8 bytes */
	c = exec32(f, amo(0x03, 3, X5, X6, X7));
	assert_int_equal(c.rd_value, 1);
	exec32(f, amo(0x02, 3, X5, X6, 0));
	exec32(f, store(0, X7, X6, 8));     /* next block: reservation kept */
	c = exec32(f, amo(0x03, 3, X5, X6, X7));
	assert_int_equal(c.rd_value, 0);
}

static void test_a_trap_clears_the_reservation(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	csr_write(f, CSR_MTVEC, MTVEC_BASE);
	hart_set_reg(f->h, X6, DATA_BASE);
	exec32(f, amo(0x02, 3, X5, X6, 0));
	c = exec32(f, INSN_ECALL);
	assert_trap(&c, 11, 0);
	c = exec32(f, amo(0x03, 3, X5, X6, X7));
	assert_int_equal(c.rd_value, 1);
}

static void test_amos_return_the_old_value_and_report_the_new_one(void **state)
{
	struct hfix *f = *state;
	static const struct {
		unsigned funct5, f3;
		uint64_t mem, src, stored, rd;
	} cases[] = {
		{ 0x00, 3, 10, 5, 15, 10 },                                       /* amoadd.d */
		{ 0x01, 3, 10, 5, 5, 10 },                                        /* amoswap.d */
		{ 0x04, 3, 0xf0, 0xff, 0x0f, 0xf0 },                              /* amoxor.d */
		{ 0x0c, 3, 0xf0, 0x3c, 0x30, 0xf0 },                              /* amoand.d */
		{ 0x08, 3, 0xf0, 0x0f, 0xff, 0xf0 },                              /* amoor.d */
		{ 0x10, 3, (uint64_t)-1, 1, (uint64_t)-1, (uint64_t)-1 },         /* amomin.d */
		{ 0x14, 3, (uint64_t)-1, 1, 1, (uint64_t)-1 },                    /* amomax.d */
		{ 0x18, 3, (uint64_t)-1, 1, 1, (uint64_t)-1 },                    /* amominu.d */
		{ 0x1c, 3, (uint64_t)-1, 1, (uint64_t)-1, (uint64_t)-1 },         /* amomaxu.d */
		{ 0x00, 2, 0x7fffffff, 1, 0x80000000, 0x7fffffff },               /* amoadd.w */
		{ 0x10, 2, 0x80000000, 1, 0x80000000, 0xffffffff80000000ull },    /* amomin.w */
		{ 0x1c, 2, 0x80000000, 1, 0x80000000, 0xffffffff80000000ull },    /* amomaxu.w */
		{ 0x18, 2, 0x80000000, 1, 1, 0xffffffff80000000ull },             /* amominu.w */
	};

	hart_set_reg(f->h, X6, DATA_BASE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned size = cases[i].f3 == 2 ? 4 : 8;
		struct commit c;

		poke64(f, DATA_BASE, cases[i].mem);
		hart_set_reg(f->h, X7, cases[i].src);
		c = exec32(f, amo(cases[i].funct5, cases[i].f3, X5, X6, X7));
		assert_retired(&c);
		assert_int_equal(c.rd_value, cases[i].rd);
		assert_int_equal(c.mem_size, size);
		assert_int_equal(c.mem_addr, DATA_BASE);
		assert_int_equal(c.mem_value, cases[i].stored);
		assert_int_equal(peek64(f, DATA_BASE) & (size == 4 ? 0xffffffffull : UINT64_MAX),
				 cases[i].stored);
	}
}

static void test_load_from_nothing_is_an_access_fault(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_reg(f->h, X6, 0x40000000);
	c = exec32(f, load(3, X5, X6, 0));
	assert_trap(&c, 5, 0x40000000);
	hart_reset(f->h, CODE_BASE);
	hart_set_reg(f->h, X6, 0x40000000);
	c = exec32(f, store(2, X5, X6, 8));
	assert_trap(&c, 7, 0x40000008);
	hart_reset(f->h, CODE_BASE);
	hart_set_reg(f->h, X6, 0x40000000);
	c = exec32(f, amo(0x00, 3, X5, X6, X7));
	assert_trap(&c, 7, 0x40000000);
}

static void test_fetch_from_nothing_is_an_access_fault_with_no_bits(void **state)
{
	struct hfix *f = *state;
	struct commit c;

	hart_set_reg(f->h, X6, 0x40000000);
	exec32(f, enc_i(0, X6, 0, 0, 0x67)); /* jr x6 */
	hart_step(f->h, &c);
	assert_trap(&c, 1, 0x40000000);
	assert_int_equal(c.pc, 0x40000000);
	assert_int_equal(c.insn, 0);
	assert_int_equal(csr(f, CSR_MEPC), 0x40000000);
}

#define T(name) cmocka_unit_test_setup_teardown(name, hfix_setup, hfix_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_x0_stays_zero_after_a_write),
		T(test_commit_reports_pc_insn_priv_and_destination),
		T(test_alu_register_ops),
		T(test_division_by_zero_gives_all_ones_and_the_dividend),
		T(test_signed_division_overflow_gives_the_dividend_and_zero),
		T(test_mulh_variants_give_the_upper_product_bits),
		T(test_word_ops_sign_extend_their_results),
		T(test_word_division_edge_cases),
		T(test_shift_immediates_use_six_bits_and_reject_bad_funct),
		T(test_slliw_with_shamt_bit_5_is_illegal),
		T(test_loads_sign_and_zero_extend),
		T(test_stores_report_address_size_and_value),
		T(test_branches_compare_signed_and_unsigned),
		T(test_jal_and_jalr_link_and_jalr_clears_bit_zero),
		T(test_lui_and_auipc_sign_extend),
		T(test_compressed_instructions_expand_to_their_32_bit_forms),
		T(test_compressed_instruction_commits_16_bits_and_links_pc_plus_2),
		T(test_reserved_and_floating_point_compressed_encodings_are_illegal),
		T(test_compressed_hints_retire_without_effect),
		T(test_illegal_instruction_reports_its_bits_in_tval),
		T(test_lr_with_nonzero_rs2_is_illegal),
		T(test_misaligned_accesses_trap_with_the_address),
		T(test_sc_without_reservation_fails),
		T(test_lr_then_sc_succeeds_once_and_reports_the_store),
		T(test_store_to_the_reserved_block_breaks_the_reservation),
		T(test_a_trap_clears_the_reservation),
		T(test_amos_return_the_old_value_and_report_the_new_one),
		T(test_load_from_nothing_is_an_access_fault),
		T(test_fetch_from_nothing_is_an_access_fault_with_no_bits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
