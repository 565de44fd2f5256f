/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_check.c -- the single-owner invariant V1 over the C models (hlrc_check.h).
 */
#include "hlrc_check.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "hlrc_sys_rtl.h"

/* The bank's view of line `line`, R at SM j: 0 when the bank holds it registered to j. */
static uint64_t bank_agrees(const hlrc_sys_desc_t* s, const hlrc_l2_t* const* l2, uint64_t line,
                            uint32_t j, uint64_t cycle, FILE* f) {
    const hlrc_l2_t* b = l2[hlrc_bank_of(&s->d, line)];
    const int64_t i = hlrc_l2_find(b, line);
    const char* why = NULL;
    uint32_t own = 0;
    if (i < 0) {
        why = "the bank does not hold the line";
    } else if (!hlrc_l2_line_reg(b, (uint32_t)i, &own)) { /* the line not copied */
        why = "the bank has it unregistered";
    } else if (own != j) {
        why = "the bank names another owner";
    }
    if (!why)
        return 0;
    if (f)
        fprintf(f, "V1: cycle %" PRIu64 " line 0x%" PRIx64 ": R at SM %u, %s (own %u)\n", cycle,
                line, j, why, own);
    return 1;
}

uint64_t hlrc_check_v1(const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                       const hlrc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const uint32_t sb = gpucoh_log2_ceil(s->d.l1_sets);
    uint64_t bad = 0;
    for (uint32_t j = 0; j < s->d.num_sm; j++) {
        uint32_t idx[64], got = 64;
        for (uint32_t from = 0; got == 64; from = idx[63] + 1u) {
            got = hlrc_l1_r_lines(l1[j], from, idx, 64); /* the R lines, not all */
            for (uint32_t k = 0; k < got; k++) {
                uint64_t tag;
                (void)hlrc_l1_line_st(l1[j], idx[k], &tag);
                bad += bank_agrees(s, l2, (tag << sb) | (idx[k] / s->d.l1_ways), j, cycle, f);
            }
        }
    }
    return bad;
}

void hlrc_backend_models(const hlrc_sys_desc_t* s, const gsys_backend_t* be, const hlrc_l1_t** l1,
                         const hlrc_l2_t** l2) {
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        l1[j] = hlrc_backend_c_l1(be, j);
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        l2[b] = hlrc_backend_c_l2(be, b);
}

uint64_t hlrc_check_v1_backend(const hlrc_sys_desc_t* s, const gsys_backend_t* be, uint64_t cycle,
                               FILE* f) {
    const hlrc_l1_t* l1[HLRC_MAX_SM];
    const hlrc_l2_t* l2[HLRC_MAX_BANKS];
    hlrc_backend_models(s, be, l1, l2);
    return hlrc_check_v1(s, l1, l2, cycle, f);
}

/*--- V1 kept per line (hlrc_v1_kept_t) --------------------------------------------------------*/

/* What V1 reads of an L1 line is its state and tag: whether it is R, and its address. Every
 * write of a line's state in hlrc_l1.c goes through st_set() and is followed in the same edge by
 * mark() of that line (m_data, m_atom, X01, X02, allocate, V01, C22; M06's perform()) or by
 * touched_all (inv(), which M06 always asks for; reset); the tag is written by allocate() alone
 * (marked). So hlrc_l1_touched lists every line whose kept address can be out of date. What V1
 * reads of a bank is hlrc_l2_find (the tag and st of the ways of the address's set) and
 * hlrc_l2_line_reg (reg, own). Every write of these in hlrc_l2.c is followed by mark() of that
 * line (allocate's touch, fill, K01, K03, W01's touch, a01 after A03's clear, grant's touch) or
 * sets touched_all (reset, or more lines marked than the list holds); the rest of a bank (MSHRs,
 * FIFOs, data, ages) is read by neither. A verdict reads no other L1 line. So a verdict can
 * change only with a listed line: its own (a) or one in its set of its bank (c). */

void hlrc_v1_kept_init(hlrc_v1_kept_t* c) {
    c->valid = false;
    c->since = 0u;
}

/* Line i of L1 m as V1 reads it: its address when R, HLRC_V1_NONE when not. */
static uint64_t l1_line_addr(const hlrc_sys_desc_t* s, const hlrc_l1_t* m, uint32_t i) {
    uint64_t tag;
    if (hlrc_l1_line_st(m, i, &tag) != HLRC_L1_R)
        return HLRC_V1_NONE;
    return (tag << gpucoh_log2_ceil(s->d.l1_sets)) | (i / s->d.l1_ways);
}

/* The verdict of line i of SM j from its kept address: hlrc_check_v1's for it. */
static uint8_t verdict(const hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s,
                       const hlrc_l2_t* const* l2, uint32_t j, uint32_t i) {
    const uint64_t a = c->addr[j][i];
    return a != HLRC_V1_NONE && bank_agrees(s, l2, a, j, 0u, NULL) != 0u;
}

static void set_v(hlrc_v1_kept_t* c, uint32_t j, uint32_t i, uint8_t v) {
    c->bad = c->bad - c->v[j][i] + v;
    c->v[j][i] = v;
}

/* (a): line i of SM j after an edge that wrote it: nothing to do unless its address changed (a
 * write of its data, age or other fields changes no verdict). */
static void refresh(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                    const hlrc_l2_t* const* l2, uint32_t j, uint32_t i) {
    const uint64_t a = l1_line_addr(s, l1[j], i);
    if (a == c->addr[j][i])
        return;
    c->addr[j][i] = a;
    gpucoh_bitmap_put(c->kmap[j], i, a != HLRC_V1_NONE);
    set_v(c, j, i, verdict(c, s, l2, j, i));
}

/* (a'): every line of SM j (an edge that wrote them all): those R now or kept R; the others are
 * not R before or after. */
static void refresh_all(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                        const hlrc_l2_t* const* l2, uint32_t j) {
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t idx[64], got = 64;
        for (uint32_t from = 0; got == 64; from = idx[63] + 1u) {
            got = pass ? gpucoh_bitmap_list(c->kmap[j], lines, from, idx, 64)
                       : hlrc_l1_r_lines(l1[j], from, idx, 64);
            for (uint32_t k = 0; k < got; k++)
                refresh(c, s, l1, l2, j, idx[k]);
        }
    }
}

#define HLRC_V1_ANY_SET UINT32_MAX

/* Whether address a is in set `set` (HLRC_V1_ANY_SET: any) of bank b. */
static bool in_bank_set(const hlrc_sys_desc_t* s, uint64_t a, uint32_t b, uint32_t set) {
    const uint32_t bb = gpucoh_log2_floor(s->d.num_banks);
    return hlrc_bank_of(&s->d, a) == b &&
           (set == HLRC_V1_ANY_SET || ((a >> bb) & (s->d.l2_sets - 1u)) == set);
}

/* (c), (c'): the kept R lines whose address is in set `set` (HLRC_V1_ANY_SET: any) of bank b.
 * The bank and set are the address's low bits, so they fix the low bits of its L1 set: only
 * the L1 sets with those low bits are looked at. */
static void recheck_bank_set(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s,
                             const hlrc_l2_t* const* l2, uint32_t b, uint32_t set) {
    const uint32_t bb = gpucoh_log2_floor(s->d.num_banks), ways = s->d.l1_ways;
    const uint32_t fixed = bb + (set == HLRC_V1_ANY_SET ? 0u : gpucoh_log2_floor(s->d.l2_sets));
    const uint32_t l1b = gpucoh_log2_floor(s->d.l1_sets), low = fixed < l1b ? fixed : l1b;
    const uint64_t key = ((uint64_t)(set == HLRC_V1_ANY_SET ? 0u : set) << bb) | b;
    const uint32_t step = 1u << low;
    for (uint32_t x = (uint32_t)(key & (step - 1u)); x < s->d.l1_sets; x += step)
        for (uint32_t j = 0; j < s->d.num_sm; j++)
            for (uint32_t i = x * ways; i < (x + 1u) * ways; i++)
                if (c->addr[j][i] != HLRC_V1_NONE && in_bank_set(s, c->addr[j][i], b, set))
                    set_v(c, j, i, verdict(c, s, l2, j, i));
}

/* (c), (c') for bank b after this edge: each set of the lines it wrote once, or every set. */
static void bank_edge(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s, const hlrc_l2_t* const* l2,
                      uint32_t b) {
    uint32_t sel[HLRC_L2_SEL_MAX], sets[HLRC_L2_SEL_MAX], ns = 0;
    bool all;
    const uint32_t n = hlrc_l2_touched(l2[b], sel, HLRC_L2_SEL_MAX, &all);
    if (all) {
        recheck_bank_set(c, s, l2, b, HLRC_V1_ANY_SET);
        return;
    }
    for (uint32_t k = 0; k < n; k++) {
        const uint32_t set = sel[k] / s->d.l2_ways;
        uint32_t x = 0;
        while (x < ns && sets[x] != set)
            x++;
        if (x == ns) {
            sets[ns++] = set;
            recheck_bank_set(c, s, l2, b, set);
        }
    }
}

/* Every line again: none kept R, then every L1's R lines. */
static void kept_all(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                     const hlrc_l2_t* const* l2) {
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    c->bad = 0u;
    for (uint32_t j = 0; j < s->d.num_sm; j++) {
        memset(c->kmap[j], 0, sizeof c->kmap[j]);
        memset(c->v[j], 0, lines * sizeof c->v[j][0]);
        for (uint32_t i = 0; i < lines; i++)
            c->addr[j][i] = HLRC_V1_NONE;
        refresh_all(c, s, l1, l2, j);
    }
}

/* Whether this edge needs every line again: no kept lines for these models at the edge before. */
static bool kept_stale(const hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s,
                       const hlrc_l1_t* const* l1, const hlrc_l2_t* const* l2, uint64_t cycle) {
    if (!c->valid || cycle != c->cycle + 1u)
        return true;
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        if (l1[j] != c->l1p[j])
            return true;
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        if (l2[b] != c->l2p[b])
            return true;
    return false;
}

/* The kept count (lines in a violation) after this edge. */
static uint64_t kept_edge(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                          const hlrc_l2_t* const* l2, uint64_t cycle) {
    if (kept_stale(c, s, l1, l2, cycle)) {
        kept_all(c, s, l1, l2);
    } else {
        for (uint32_t j = 0; j < s->d.num_sm; j++) {
            uint32_t sel[HLRC_SEL_MAX];
            bool all;
            const uint32_t n = hlrc_l1_touched(l1[j], sel, HLRC_SEL_MAX, &all);
            if (all)
                refresh_all(c, s, l1, l2, j);
            for (uint32_t k = 0; k < n; k++)
                refresh(c, s, l1, l2, j, sel[k]);
        }
        for (uint32_t b = 0; b < s->d.num_banks; b++) /* after the L1s: their lines kept */
            bank_edge(c, s, l2, b);
    }
    memcpy(c->l1p, l1, s->d.num_sm * sizeof l1[0]);
    memcpy(c->l2p, l2, s->d.num_banks * sizeof l2[0]);
    c->valid = true;
    c->cycle = cycle;
    return c->bad;
}

bool hlrc_v1_kept_agrees(const hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s,
                         const hlrc_l1_t* const* l1, const hlrc_l2_t* const* l2) {
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    uint64_t bad = 0;
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        for (uint32_t i = 0; i < lines; i++) {
            const uint64_t a = l1_line_addr(s, l1[j], i);
            const bool in = (c->kmap[j][i >> 6] >> (i & 63u)) & 1u;
            if (a != c->addr[j][i] || in != (a != HLRC_V1_NONE) ||
                c->v[j][i] != verdict(c, s, l2, j, i))
                return false;
            bad += c->v[j][i];
        }
    return bad == c->bad;
}

uint64_t hlrc_check_v1_kept(hlrc_v1_kept_t* c, const hlrc_sys_desc_t* s, const hlrc_l1_t* const* l1,
                            const hlrc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const uint64_t kept = kept_edge(c, s, l1, l2, cycle);
    bool whole = kept != 0u || ++c->since >= HLRC_V1_FULL_EVERY;
#ifdef SIG_BLOOM_CHECK_RULES
    assert(hlrc_v1_kept_agrees(c, s, l1, l2));
    whole = true;
#endif
    if (!whole)
        return 0;
    c->since = 0u; /* the messages and the count are the whole check's, equal to the kept one */
    const uint64_t all = hlrc_check_v1(s, l1, l2, cycle, f);
    if (all != kept) {
        fprintf(stderr,
                "hlrc_check_v1_kept: cycle %" PRIu64 ": %" PRIu64
                " lines kept in a V1 violation, whole check %" PRIu64 "\n",
                cycle, kept, all);
        abort();
    }
    return all;
}
