// Reference results of the RV64 integer and M-extension operations, written
// from the ISA manual, for the execution-unit benches.
#ifndef TEA_TESTS_RTL_RV_REF_H
#define TEA_TESTS_RTL_RV_REF_H

#include <cstdint>
#include <random>
#include <vector>

namespace rvref {

inline uint64_t sext32(uint64_t v)
{
	return (uint64_t)(int64_t)(int32_t)(uint32_t)v;
}

// MUL, MULH, MULHSU, MULHU (op 0-3); word: MULW.
inline uint64_t mul(unsigned op, bool word, uint64_t a, uint64_t b)
{
	__int128 sa = (int64_t)a, sb = (int64_t)b;
	unsigned __int128 ua = a, ub = b;

	if (word)
		return sext32((uint32_t)a * (uint32_t)b);
	switch (op) {
	case 0:
		return a * b;
	case 1:
		return (uint64_t)((unsigned __int128)(sa * sb) >> 64);
	case 2:
		return (uint64_t)((unsigned __int128)(sa * (__int128)ub) >> 64);
	default:
		return (uint64_t)((ua * ub) >> 64);
	}
}

// DIV, DIVU, REM, REMU (op 0-3) and their W forms, with the M extension's
// results for division by zero and signed overflow.
inline uint64_t div(unsigned op, bool word, uint64_t a, uint64_t b)
{
	bool is_signed = op == 0 || op == 2, rem = op >= 2;

	if (word) {
		if (is_signed) {
			int64_t x = (int32_t)a, y = (int32_t)b;  /* no overflow in 64 bits */
			if (y == 0)
				return rem ? (uint64_t)x : ~0ull;
			return sext32((uint64_t)(rem ? x % y : x / y));
		}
		uint32_t x = (uint32_t)a, y = (uint32_t)b;
		if (y == 0)
			return rem ? sext32(x) : ~0ull;
		return sext32(rem ? x % y : x / y);
	}
	if (is_signed) {
		int64_t x = (int64_t)a, y = (int64_t)b;
		if (y == 0)
			return rem ? a : ~0ull;
		if (x == INT64_MIN && y == -1)
			return rem ? 0 : a;
		return (uint64_t)(rem ? x % y : x / y);
	}
	if (b == 0)
		return rem ? a : ~0ull;
	return rem ? a % b : a / b;
}

// Operands that find the corner cases, then random ones.
inline std::vector<uint64_t> corner_values()
{
	return { 0, 1, 2, 3, ~0ull, ~0ull - 1, 1ull << 63, (1ull << 63) - 1,
		 (1ull << 63) + 1, 0xffffffff80000000ull, 0x80000000ull, 0x7fffffff,
		 0xffffffff, 0x100000000ull, 0xfffffffe, 0x12345678, 0xdeadbeefcafef00dull };
}

inline uint64_t random_operand(std::mt19937_64 &rng, const std::vector<uint64_t> &corners)
{
	switch (rng() % 4) {
	case 0:
		return corners[rng() % corners.size()];
	case 1:  /* small magnitudes, positive or negative */
		return (rng() & 1) ? rng() % 64 : -(rng() % 64);
	default:
		return rng();
	}
}

}  // namespace rvref

#endif
