/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_bits.c -- cmodel/gpucoh_bits.h at its corners: the one definition of floor/ceil log2,
 * masks, power-of-two and range tests that every model and the shared system use. Each expected
 * value is written out by hand (not computed by a second implementation), at 0, 1, powers of two
 * and their neighbours, 2^31 and UINT32_MAX, and masks at n = 0, 1, 63, 64 and 65.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpucoh_bits.h"

/* x, floor(log2 x), ceil(log2 x): written out by hand */
static const uint32_t LOG2_ROWS[][3] = {
    {0u, 0u, 0u},
    {1u, 0u, 0u},
    {2u, 1u, 1u},
    {3u, 1u, 2u},
    {48u, 5u, 6u},
    {63u, 5u, 6u},
    {64u, 6u, 6u},
    {65u, 6u, 7u},
    {0x80000000u, 31u, 31u},
    {0x80000001u, 31u, 32u},
    {UINT32_MAX, 31u, 32u},
};

static void log2_corners(void** state) {
    (void)state;
    for (size_t i = 0; i < sizeof LOG2_ROWS / sizeof LOG2_ROWS[0]; i++) {
        assert_int_equal(gpucoh_log2_floor(LOG2_ROWS[i][0]), LOG2_ROWS[i][1]);
        assert_int_equal(gpucoh_log2_ceil(LOG2_ROWS[i][0]), LOG2_ROWS[i][2]);
    }
}

static void mask64_corners(void** state) {
    (void)state;
    assert_true(gpucoh_mask64(0u) == 0u);
    assert_true(gpucoh_mask64(1u) == 1u);
    assert_true(gpucoh_mask64(32u) == 0xFFFFFFFFull);
    assert_true(gpucoh_mask64(63u) == 0x7FFFFFFFFFFFFFFFull);
    assert_true(gpucoh_mask64(64u) == 0xFFFFFFFFFFFFFFFFull);
    assert_true(gpucoh_mask64(65u) == 0xFFFFFFFFFFFFFFFFull);
}

static void pow2_and_range(void** state) {
    (void)state;
    assert_false(gpucoh_is_pow2(0u));
    assert_true(gpucoh_is_pow2(1u));
    assert_true(gpucoh_is_pow2(2u));
    assert_false(gpucoh_is_pow2(3u));
    assert_false(gpucoh_is_pow2(48u));
    assert_true(gpucoh_is_pow2(0x80000000u));
    assert_false(gpucoh_is_pow2(UINT32_MAX));
    assert_false(gpucoh_out_of(0u, 0u, 5u));
    assert_false(gpucoh_out_of(5u, 0u, 5u));
    assert_true(gpucoh_out_of(6u, 0u, 5u));
    assert_true(gpucoh_out_of(1u, 2u, 5u));
    assert_false(gpucoh_out_of(UINT32_MAX, 0u, UINT32_MAX));
}

static void al8_and_byte_masks(void** state) {
    (void)state;
    for (size_t x = 0; x < 40u; x++) /* 0 -> 0, 1..8 -> 8, 9..16 -> 16 ... */
        assert_true(gpucoh_al8(x) == (x + 7u) / 8u * 8u);
    for (uint32_t n = 0; n < 16u; n++) {
        uint32_t want = 0;
        for (uint32_t b = 0; b < 4u; b++)
            want |= ((n >> b) & 1u) ? 0xffu << (8u * b) : 0u;
        assert_true(gpucoh_nib_bytes(n) == want);
        assert_true(gpucoh_nib_bytes(n | 0x30u) == want); /* only the low nibble counts */
    }
    /* word 0: 0xf, word 1: 0x5, word 10: 0xa */
    const uint32_t mask[2] = {0x0000005fu, 0x00000a00u};
    assert_true(gpucoh_word_bytes(mask, 0u) == 0xffffffffu);
    assert_true(gpucoh_word_bytes(mask, 1u) == 0x00ff00ffu);
    assert_true(gpucoh_word_bytes(mask, 2u) == 0u);
    assert_true(gpucoh_word_bytes(mask, 10u) == 0xff00ff00u);
    uint32_t dst[3] = {0x11111111u, 0x22222222u, 0x33333333u};
    const uint32_t data[3] = {0xaaaaaaaau, 0xbbbbbbbbu, 0xccccccccu};
    gpucoh_masked_write(dst, data, mask, 3u);
    assert_true(dst[0] == 0xaaaaaaaau && dst[1] == 0x22bb22bbu && dst[2] == 0x33333333u);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(log2_corners),
        cmocka_unit_test(mask64_corners),
        cmocka_unit_test(pow2_and_range),
        cmocka_unit_test(al8_and_byte_masks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
