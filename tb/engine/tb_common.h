/* SPDX-License-Identifier: Apache-2.0 */
/* tb_common.h -- comparison helpers shared by the testbench adapters (field paths, hex). */
#ifndef GPUCOH_TB_COMMON_H
#define GPUCOH_TB_COMMON_H

#include <stdint.h>

#include "unit.h"

/* Compare one scalar field; on a difference count it in *bad and, if it is the first, describe
 * it in *mm with the field path printf(fmt, ...). A macro so that the equal case (almost every
 * call: the lockstep compares every field every cycle) costs a compare, not a variadic call;
 * e and g are evaluated once, the path arguments only on a difference. */
void tb_cmp_u64_diff(gpucoh_mismatch_t* mm, uint32_t* bad, uint64_t e, uint64_t g, const char* fmt,
                     ...) __attribute__((format(printf, 5, 6)));
#define tb_cmp_u64(mm, bad, e, g, ...)                                                             \
    do {                                                                                           \
        const uint64_t tb_e_ = (uint64_t)(e), tb_g_ = (uint64_t)(g);                               \
        if (tb_e_ != tb_g_)                                                                        \
            tb_cmp_u64_diff((mm), (bad), tb_e_, tb_g_, __VA_ARGS__);                               \
    } while (0)

/* Compare two bit vectors of nwords 32-bit words; every differing bit counts, the first is
 * described as "<prefix>[bit]". */
void tb_cmp_bits(gpucoh_mismatch_t* mm, uint32_t* bad, const uint32_t* e, const uint32_t* g,
                 uint32_t nwords, const char* prefix);

/* Compare two multi-word values as a whole ("<name>[hi:lo]" of the first differing word). */
void tb_cmp_words(gpucoh_mismatch_t* mm, uint32_t* bad, const uint32_t* e, const uint32_t* g,
                  uint32_t nwords, uint32_t bits, const char* name);

/* tb_cmp_words of an element of a state struct, its name printf(fmt, a, b) (made only on a
 * difference: "set[%u].way[%u].data", "mshr[%u].mdata" with b unused). */
void tb_cmp_words_at(gpucoh_mismatch_t* mm, uint32_t* bad, const uint32_t* e, const uint32_t* g,
                     uint32_t nwords, uint32_t bits, const char* fmt, unsigned a, unsigned b);

/* "0x" + the words, most significant first (bits < 32: one word, its digits). */
void tb_hexwords(char* buf, size_t n, const uint32_t* w, uint32_t words, uint32_t bits);

/* Coverage row ids "T01".. (static storage per row number). */
const char* tb_row_id(uint32_t row);
/* Cover point ids "F01".. (static storage per row number). */
const char* tb_fcov_id(uint32_t row);

#endif
