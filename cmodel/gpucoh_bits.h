/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpucoh_bits.h -- the small integer helpers every C model and the shared system use: one
 * definition each, under one name per meaning (issue 26 item 5). Before this header nine files
 * kept their own copies, and `log2u` meant floor(log2) in the models but ceil(log2) in
 * tb/sys/traffic.c.
 *
 *   gpucoh_log2_floor(x)   floor(log2 x); 0 for x <= 1            (e.g. 48 -> 5, 64 -> 6)
 *   gpucoh_log2_ceil(x)    ceil(log2 x); 0 for x <= 1, 32 above 2^31 (48 -> 6, 64 -> 6)
 *                          (the RTL's $clog2: the bits that index x items)
 *   gpucoh_mask64(n)       the low n bits set, 0 <= n; n >= 64 gives all 64
 *   gpucoh_is_pow2(x)      x is a power of two (0 is not)
 *   gpucoh_out_of(v,lo,hi) v outside lo..hi (a function, so that lo = 0 draws no "comparison is
 *                          always false" warning at the call)
 *
 * tests/test_bits.c checks each at its corners (0, 1, powers of two and their neighbours, 2^31,
 * UINT32_MAX, n = 0 / 63 / 64 / 65).
 */
#ifndef GPUCOH_BITS_H
#define GPUCOH_BITS_H

#include <stdbool.h>
#include <stdint.h>

static inline uint32_t gpucoh_log2_floor(uint32_t x) {
    uint32_t r = 0;
    while (x > 1u) {
        x >>= 1;
        r++;
    }
    return r;
}

static inline uint32_t gpucoh_log2_ceil(uint32_t x) {
    uint32_t r = 0;
    while (r < 32u && ((uint64_t)1 << r) < (uint64_t)x)
        r++;
    return r;
}

static inline uint64_t gpucoh_mask64(uint32_t n) {
    return n >= 64u ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1u);
}

static inline bool gpucoh_is_pow2(uint32_t x) {
    return x != 0u && (x & (x - 1u)) == 0u;
}

static inline bool gpucoh_out_of(uint32_t v, uint32_t lo, uint32_t hi) {
    return v < lo || v > hi;
}

#endif /* GPUCOH_BITS_H */
