/* Bit patterns the IEEE 754 library's tests share (test_ieee754.c, the
 * directed cases, and test_ieee754_host.c, the random comparisons). */
#ifndef TEA_TESTS_IEEE754_TEST_VALUES_H
#define TEA_TESTS_IEEE754_TEST_VALUES_H

#define S_ONE 0x3f800000ull
#define S_TWO 0x40000000ull
#define S_HALF 0x3f000000ull
#define S_NEG 0x80000000ull
#define S_INF 0x7f800000ull
#define S_QNAN 0x7fc00000ull
#define S_QNAN_PAYLOAD 0xffc12345ull
#define S_SNAN 0x7f800001ull
#define S_MAX 0x7f7fffffull
#define S_MIN_NORMAL 0x00800000ull
#define S_MAX_SUB 0x007fffffull
#define S_MIN_SUB 0x00000001ull
/* binary64 */
#define D_ONE 0x3ff0000000000000ull
#define D_TWO 0x4000000000000000ull
#define D_NEG 0x8000000000000000ull
#define D_INF 0x7ff0000000000000ull
#define D_QNAN 0x7ff8000000000000ull
#define D_QNAN_PAYLOAD 0xfff8000000012345ull
#define D_SNAN 0x7ff0000000000001ull
#define D_MAX 0x7fefffffffffffffull
#define D_MIN_NORMAL 0x0010000000000000ull
#define D_MIN_SUB 0x0000000000000001ull

#endif
