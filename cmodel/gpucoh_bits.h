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
 *   gpucoh_al8(x)          x rounded up to a multiple of 8 (the models' carve-outs of one block)
 *   gpucoh_nib_bytes(nib)  a 4-bit byte mask -> the 32-bit mask of those bytes (bit b = byte b,
 *                          little-endian: 0x5 -> 0x00ff00ff)
 *   gpucoh_word_bytes(m,w) gpucoh_nib_bytes of word w's nibble of the byte-mask words m (8 words
 *                          a mask word)
 *   gpucoh_masked_write(dst,data,mask,lw)  dst[w] takes data[w]'s bytes where mask says so
 *   GPUCOH_DESC_RANGE(err,unit,field,name,lo,hi) / GPUCOH_DESC_POW2(err,unit,field,name,what)
 *                          a unit's check_desc refusing d->field outside lo..hi / not a power
 *                          of two: `return err(msg, msg_len, "UNIT: field = V is illegal (Name:
 *                          lo..hi)")` (err: the family's param_error; every unit's one message)
 *
 * tests/test_bits.c checks each at its corners (0, 1, powers of two and their neighbours, 2^31,
 * UINT32_MAX, n = 0 / 63 / 64 / 65).
 */
#ifndef GPUCOH_BITS_H
#define GPUCOH_BITS_H

#include <stdbool.h>
#include <stddef.h>
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

/* the index of the lowest set bit of x, x != 0 (to walk the set bits of a mask) */
static inline uint32_t gpucoh_ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_ctzll(x);
#else
    uint32_t n = 0;
    while ((x & 1u) == 0u) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Bit i of the bitmap map (64 bits a word) set to v. */
static inline void gpucoh_bitmap_put(uint64_t* map, uint32_t i, bool v) {
    const uint64_t bit = (uint64_t)1 << (i & 63u);
    map[i >> 6] = v ? map[i >> 6] | bit : map[i >> 6] & ~bit;
}

/* The set bits from bit `from` on of an n-bit bitmap, in increasing order, into idx (at most
 * max of them): their count (max: call again from the last one + 1). */
static inline uint32_t gpucoh_bitmap_list(const uint64_t* map, uint32_t n, uint32_t from,
                                          uint32_t* idx, uint32_t max) {
    uint32_t got = 0u;
    for (uint32_t k = from >> 6; k < (n + 63u) >> 6 && got < max; k++) {
        uint64_t b = map[k];
        if (k == from >> 6) {
            b &= ~(uint64_t)0 << (from & 63u);
        }
        for (; b != 0u && got < max; b &= b - 1u) {
            idx[got++] = (k << 6) + gpucoh_ctz64(b);
        }
    }
    return got;
}

static inline bool gpucoh_is_pow2(uint32_t x) {
    return x != 0u && (x & (x - 1u)) == 0u;
}

static inline bool gpucoh_out_of(uint32_t v, uint32_t lo, uint32_t hi) {
    return v < lo || v > hi;
}

#define GPUCOH_DESC_RANGE(err, unit, field, name, lo, hi)                                          \
    do {                                                                                           \
        if (gpucoh_out_of(d->field, (lo), (hi)))                                                   \
            return err(msg, msg_len, unit ": " #field " = %u is illegal (" name ": %u..%u)",       \
                       (unsigned)d->field, (unsigned)(lo), (unsigned)(hi));                        \
    } while (0)

#define GPUCOH_DESC_POW2(err, unit, field, name, what)                                             \
    do {                                                                                           \
        if (!gpucoh_is_pow2(d->field))                                                             \
            return err(msg, msg_len, unit ": " #field " = %u is illegal (" name ": " what ")",     \
                       (unsigned)d->field);                                                        \
    } while (0)

static inline size_t gpucoh_al8(size_t x) {
    return (x + 7u) & ~(size_t)7u;
}

static inline uint32_t gpucoh_nib_bytes(uint32_t nib) {
    static const uint32_t tab[16] = {
        0x00000000u, 0x000000ffu, 0x0000ff00u, 0x0000ffffu, 0x00ff0000u, 0x00ff00ffu,
        0x00ffff00u, 0x00ffffffu, 0xff000000u, 0xff0000ffu, 0xff00ff00u, 0xff00ffffu,
        0xffff0000u, 0xffff00ffu, 0xffffff00u, 0xffffffffu,
    };
    return tab[nib & 0xfu];
}

static inline uint32_t gpucoh_word_bytes(const uint32_t* mask, uint32_t w) {
    return gpucoh_nib_bytes(mask[w >> 3] >> ((w & 7u) * 4u));
}

static inline void gpucoh_masked_write(uint32_t* dst, const uint32_t* data, const uint32_t* mask,
                                       uint32_t lw) {
    for (uint32_t w = 0; w < lw; w++) {
        const uint32_t bm = gpucoh_word_bytes(mask, w);
        dst[w] = (dst[w] & ~bm) | (data[w] & bm);
    }
}

#endif /* GPUCOH_BITS_H */
