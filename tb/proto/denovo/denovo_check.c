/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_check.c -- the single-owner invariant V1 over the C models (denovo_check.h).
 */
#include "denovo_check.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>

#include "denovo_sys_rtl.h"
#include "gpucoh_bits.h"

typedef struct {
    uint64_t line;
    uint32_t word, sm;
} owned_t;

static int owned_cmp(const void* a, const void* b) {
    const owned_t *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->word != y->word)
        return x->word < y->word ? -1 : 1;
    return x->sm < y->sm ? -1 : x->sm > y->sm;
}

/* Append the R words of the lines idx[0..got) of L1 j to o (grown as needed); false when out of
 * memory. */
static bool collect_lines(const denovo_sys_desc_t* s, const denovo_l1_t* m, uint32_t j,
                          const uint32_t* idx, uint32_t got, uint32_t sb, uint32_t lw, owned_t** o,
                          size_t* n, size_t* cap) {
    for (uint32_t k = 0; k < got; k++) {
        const uint32_t i = idx[k];
        uint64_t tag;
        const uint64_t st = denovo_l1_line_st(m, i, &tag); /* state and tag, not the data */
        for (uint32_t w = 0; w < lw; w++) {
            if (((st >> (2u * w)) & 3u) != DENOVO_W_R)
                continue;
            if (*n == *cap) {
                *cap = *cap ? 2u * *cap : 64u;
                owned_t* g = realloc(*o, *cap * sizeof **o);
                if (!g)
                    return false;
                *o = g;
            }
            (*o)[(*n)++] = (owned_t){(tag << sb) | (i / s->d.l1_ways), w, j};
        }
    }
    return true;
}

/* Append every R word of L1 j to o (grown as needed); false when out of memory. */
static bool collect(const denovo_sys_desc_t* s, const denovo_l1_t* m, uint32_t j, owned_t** o,
                    size_t* n, size_t* cap) {
    const uint32_t sets = s->d.l1_sets, lw = s->d.line_bytes / 4u;
    const uint32_t sb = gpucoh_log2_ceil(sets);
    uint32_t idx[64], got = 64;
    for (uint32_t from = 0; got == 64; from = idx[63] + 1u) {
        got = denovo_l1_r_lines(m, from, idx, 64); /* the lines with an R word, not all */
        if (!collect_lines(s, m, j, idx, got, sb, lw, o, n, cap))
            return false;
    }
    return true;
}

/* The registry's view of one R word at SM x->sm: 0 when it agrees (V1 in flight accepted). */
static uint64_t registry_agrees(const denovo_sys_desc_t* s, const denovo_l2_t* const* l2,
                                const owned_t* x, uint64_t cycle, FILE* f) {
    const denovo_l2_t* b = l2[denovo_bank_of(&s->d, x->line)];
    const int64_t i = denovo_l2_find(b, x->line);
    const char* why = NULL;
    uint32_t slot = 0;
    if (i < 0) {
        why = "the registry does not hold the line";
    } else {
        uint32_t reg, busy; /* the word's registration, the line not copied */
        slot = denovo_l2_word_reg(b, (uint32_t)i, x->word, &reg, &busy);
        if (!((reg >> x->word) & 1u))
            why = "the registry has the word unregistered";
        else if (slot != x->sm && !((busy >> x->word) & 1u))
            why = "the registry names another SM, not busy";
    }
    if (!why)
        return 0;
    if (f)
        fprintf(f, "V1: cycle %" PRIu64 " line 0x%" PRIx64 " word %u: R at SM %u, %s (slot %u)\n",
                cycle, x->line, x->word, x->sm, why, slot);
    return 1;
}

/* The R words of a line state (two bits a word, R = 2) as a mask of words: the even bits of
 * "high bit set, low bit clear", gathered to the low half. */
static uint32_t r_words(uint64_t st) {
    uint64_t x = (st >> 1) & ~st & 0x5555555555555555ull;
    x = (x | x >> 1) & 0x3333333333333333ull;
    x = (x | x >> 2) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | x >> 4) & 0x00FF00FF00FF00FFull;
    x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
    const uint32_t r = (uint32_t)(x | x >> 16);
#ifdef SIG_BLOOM_CHECK_RULES
    for (uint32_t w = 0; w < 32u; w++) /* the word-by-word reading of collect_lines */
        assert(((r >> w) & 1u) == (((st >> (2u * w)) & 3u) == DENOVO_W_R));
#endif
    return r;
}

/* Whether the registry agrees with the R words r of line at SM sm (registry_agrees for each of
 * them, the line looked up once). */
static bool line_agrees(const denovo_sys_desc_t* s, const denovo_l2_t* const* l2, uint64_t line,
                        uint32_t r, uint32_t sm) {
    const denovo_l2_t* b = l2[denovo_bank_of(&s->d, line)];
    const int64_t i = denovo_l2_find(b, line);
    uint32_t reg, busy;
    const uint32_t* slot = i < 0 ? NULL : denovo_l2_line_reg(b, (uint32_t)i, &reg, &busy);
    if (!slot || (r & ~reg))
        return false;
    for (uint32_t o = r & ~busy; o != 0u; o &= o - 1u)
        if (slot[gpucoh_ctz64(o)] != sm)
            return false;
    return true;
}

/* A line's R words at one SM (the lines v1_holds collects). */
typedef struct {
    uint64_t line;
    uint32_t r, sm;
    uint32_t all; /* the first entry of its line: the line's R words at the SMs seen so far */
} line_r_t;

/* Append the lines with an R word of every L1 to o (grown as needed); false when out of memory. */
static bool collect_r_lines(const denovo_sys_desc_t* s, const denovo_l1_t* const* l1, line_r_t** o,
                            size_t* n, size_t* cap) {
    const uint32_t sb = gpucoh_log2_ceil(s->d.l1_sets);
    for (uint32_t j = 0; j < s->d.num_sm; j++) {
        uint32_t idx[64], got = 64;
        for (uint32_t from = 0; got == 64; from = idx[63] + 1u) {
            got = denovo_l1_r_lines(l1[j], from, idx, 64);
            for (uint32_t k = 0; k < got; k++) {
                if (*n == *cap) {
                    *cap = *cap ? 2u * *cap : 64u;
                    line_r_t* g = realloc(*o, *cap * sizeof **o);
                    if (!g)
                        return false;
                    *o = g;
                }
                uint64_t tag;
                const uint32_t r = r_words(denovo_l1_line_st(l1[j], idx[k], &tag));
                (*o)[(*n)++] = (line_r_t){(tag << sb) | (idx[k] / s->d.l1_ways), r, j, 0u};
            }
        }
    }
    return true;
}

/* Whether V1 holds (no word R at two SMs, the registry agrees with each R word), a line at a
 * time: a hash set of the lines with their R words so far instead of the sort of every word,
 * which denovo_check_v1 then needs only to name the violations in its order. False also when out
 * of memory (the sorting path decides). */
static bool v1_holds(const denovo_sys_desc_t* s, const denovo_l1_t* const* l1,
                     const denovo_l2_t* const* l2) {
    line_r_t* o = NULL;
    uint32_t* h = NULL; /* the hash set of lines: 1 + the index in o of a line's first entry */
    size_t n = 0, cap = 0;
    bool ok = collect_r_lines(s, l1, &o, &n, &cap);
    size_t hcap = 16;
    uint32_t bits = 4; /* hcap = 2^bits > 2n */
    while (hcap < 2u * n) {
        hcap *= 2u;
        bits++;
    }
    if (ok)
        ok = (h = calloc(hcap, sizeof *h)) != NULL;
    for (size_t k = 0; k < n && ok; k++) {
        /* Fibonacci hashing of the line: the top bits */
        size_t x = (size_t)((o[k].line * 0x9E3779B97F4A7C15ull) >> (64u - bits));
        while (h[x] && o[h[x] - 1u].line != o[k].line)
            x = (x + 1u) & (hcap - 1u);
        line_r_t* first = h[x] ? &o[h[x] - 1u] : &o[k];
        if (!h[x]) {
            h[x] = (uint32_t)k + 1u;
            first->all = 0u;
        }
        ok = !(first->all & o[k].r) && line_agrees(s, l2, o[k].line, o[k].r, o[k].sm);
        first->all |= o[k].r;
    }
    free(h);
    free(o);
    return ok;
}

uint64_t denovo_check_v1(const denovo_sys_desc_t* s, const denovo_l1_t* const* l1,
                         const denovo_l2_t* const* l2, uint64_t cycle, FILE* f) {
    if (v1_holds(s, l1, l2)) /* the common case, without collecting and sorting the words */
        return 0;
    owned_t* o = NULL;
    size_t n = 0, cap = 0;
    uint64_t bad = 0;
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        if (!collect(s, l1[j], j, &o, &n, &cap)) {
            free(o);
            if (f)
                fprintf(f, "V1: out of memory\n");
            return 1;
        }
    if (n > 1u)
        qsort(o, n, sizeof *o, owned_cmp);
    for (size_t k = 0; k < n; k++) {
        if (k > 0 && o[k].line == o[k - 1].line && o[k].word == o[k - 1].word) {
            bad++;
            if (f)
                fprintf(f,
                        "V1: cycle %" PRIu64 " line 0x%" PRIx64 " word %u: R at SM %u and SM %u\n",
                        cycle, o[k].line, o[k].word, o[k - 1].sm, o[k].sm);
        }
        bad += registry_agrees(s, l2, &o[k], cycle, f);
    }
    free(o);
    return bad;
}

uint64_t denovo_check_v1_backend(const denovo_sys_desc_t* s, const gsys_backend_t* be,
                                 uint64_t cycle, FILE* f) {
    const denovo_l1_t* l1[DENOVO_MAX_SM];
    const denovo_l2_t* l2[DENOVO_MAX_BANKS];
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        l1[j] = denovo_backend_c_l1(be, j);
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        l2[b] = denovo_backend_c_l2(be, b);
    return denovo_check_v1(s, l1, l2, cycle, f);
}
