/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_check.c -- the single-owner invariant V1 over the C models (denovo_check.h).
 */
#include "denovo_check.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

void denovo_backend_models(const denovo_sys_desc_t* s, const gsys_backend_t* be,
                           const denovo_l1_t** l1, const denovo_l2_t** l2) {
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        l1[j] = denovo_backend_c_l1(be, j);
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        l2[b] = denovo_backend_c_l2(be, b);
}

uint64_t denovo_check_v1_backend(const denovo_sys_desc_t* s, const gsys_backend_t* be,
                                 uint64_t cycle, FILE* f) {
    const denovo_l1_t* l1[DENOVO_MAX_SM];
    const denovo_l2_t* l2[DENOVO_MAX_BANKS];
    denovo_backend_models(s, be, l1, l2);
    return denovo_check_v1(s, l1, l2, cycle, f);
}

/*--- V1 kept per line (denovo_v1_kept_t) ------------------------------------------------------*/

/* What V1 reads of an L1 line is its address and R words alone. Every write of a line's tag or
 * word states in denovo_l1.c goes through touch() (set_wst, the allocation's and the drop's
 * writes) or sets touched_all (INV, reset), so denovo_l1_touched lists every line whose kept
 * address or R words can be out of date. What V1 reads of a bank is denovo_l2_find (a line's tag
 * and st, I matching nothing) and denovo_l2_line_reg (its reg, busy and data: the slots). Every
 * write of these in denovo_l2.c follows touch(m, i) of that line (l2_fill, l2_allocate, reg_hit,
 * wb_wb, wb_done; l2_recall writes rc only, which V1 does not read) or sets touched_all (reset);
 * the rest of a bank (MSHRs, FIFOs, rr) is read by neither. So a verdict can change only with a
 * listed line: its own (a), another L1 line of its address (b) or its bank line (c). */

void denovo_v1_kept_init(denovo_v1_kept_t* c) {
    c->valid = false;
    c->since = 0u;
}

/* Line i of L1 m as V1 reads it: its R words and address (0 and DENOVO_V1_NONE without one). */
static uint32_t l1_line_r(const denovo_sys_desc_t* s, const denovo_l1_t* m, uint32_t i,
                          uint64_t* a) {
    uint64_t tag;
    const uint32_t r = r_words(denovo_l1_line_st(m, i, &tag));
    *a = r ? (tag << gpucoh_log2_ceil(s->d.l1_sets)) | (i / s->d.l1_ways) : DENOVO_V1_NONE;
    return r;
}

/* Bank line i's address (the bank's line_of: its tag keeps the bank bits), DENOVO_V1_NONE when
 * I (denovo_l2_find matches no I line). */
static uint64_t l2_line_addr(const denovo_sys_desc_t* s, const denovo_l2_t* m, uint32_t i) {
    denovo_l2_line_t x;
    denovo_l2_line_get(m, i, &x);
    if (x.st == DENOVO_L2_I)
        return DENOVO_V1_NONE;
    const uint32_t bb = gpucoh_log2_floor(s->d.num_banks), sb = gpucoh_log2_floor(s->d.l2_sets);
    const uint64_t set = i / s->d.l2_ways;
    return ((x.tag >> bb) << (bb + sb)) | (set << bb) | (x.tag & (s->d.num_banks - 1u));
}

/* The verdict of line i of SM j from the kept lines and the registry: an R word also R at
 * another line of its address (denovo_check_v1's duplicate word), or the registry disagreeing. */
static uint8_t verdict(const denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                       const denovo_l2_t* const* l2, uint32_t j, uint32_t i) {
    const uint64_t a = c->addr[j][i];
    const uint32_t r = c->r[j][i];
    if (!r)
        return 0;
    const uint32_t ways = s->d.l1_ways, base = (uint32_t)(a & (s->d.l1_sets - 1u)) * ways;
    for (uint32_t k = 0; k < s->d.num_sm; k++)
        for (uint32_t x = base; x < base + ways; x++)
            if ((k != j || x != i) && c->addr[k][x] == a && (c->r[k][x] & r))
                return 1;
    return !line_agrees(s, l2, a, r, j);
}

static void set_v(denovo_v1_kept_t* c, uint32_t j, uint32_t i, uint8_t v) {
    c->bad = c->bad - c->v[j][i] + v;
    c->v[j][i] = v;
}

/* (b), (c): the lines holding address a (kept: the lines an edge changed are refreshed before
 * or re-check these after), but line ei of SM ej. */
static void recheck_at(denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                       const denovo_l2_t* const* l2, uint64_t a, uint32_t ej, uint32_t ei) {
    const uint32_t ways = s->d.l1_ways, base = (uint32_t)(a & (s->d.l1_sets - 1u)) * ways;
    for (uint32_t k = 0; k < s->d.num_sm; k++)
        for (uint32_t x = base; x < base + ways; x++)
            if ((k != ej || x != ei) && c->addr[k][x] == a)
                set_v(c, k, x, verdict(c, s, l2, k, x));
}

/* Line i of SM j after an edge that wrote it: nothing to do unless its address or R words
 * changed (a write of its data or of V, VO, I words changes no verdict). */
static void refresh(denovo_v1_kept_t* c, const denovo_sys_desc_t* s, const denovo_l1_t* const* l1,
                    const denovo_l2_t* const* l2, uint32_t j, uint32_t i) {
    uint64_t a;
    const uint32_t r = l1_line_r(s, l1[j], i, &a);
    const uint64_t old = c->addr[j][i];
    if (a == old && r == c->r[j][i])
        return;
    c->addr[j][i] = a;
    c->r[j][i] = r;
    gpucoh_bitmap_put(c->kmap[j], i, r != 0u);
    set_v(c, j, i, verdict(c, s, l2, j, i)); /* (a) */
    if (old != DENOVO_V1_NONE)               /* (b) */
        recheck_at(c, s, l2, old, j, i);
    if (a != DENOVO_V1_NONE && a != old)
        recheck_at(c, s, l2, a, j, i);
}

/* Every line of SM j (an edge that wrote them all: INV, reset): those with an R word now or
 * kept; the others hold none before or after. */
static void refresh_all(denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                        const denovo_l1_t* const* l1, const denovo_l2_t* const* l2, uint32_t j) {
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t idx[64], got = 64;
        for (uint32_t from = 0; got == 64; from = idx[63] + 1u) {
            got = pass ? gpucoh_bitmap_list(c->kmap[j], lines, from, idx, 64)
                       : denovo_l1_r_lines(l1[j], from, idx, 64);
            for (uint32_t k = 0; k < got; k++)
                refresh(c, s, l1, l2, j, idx[k]);
        }
    }
}

/* (c): line i of bank b after an edge that wrote it: the L1 lines of its old and new address. */
static void bank_line(denovo_v1_kept_t* c, const denovo_sys_desc_t* s, const denovo_l2_t* const* l2,
                      uint32_t b, uint32_t i) {
    const uint64_t a = l2_line_addr(s, l2[b], i), old = c->baddr[b][i];
    c->baddr[b][i] = a;
    if (old != DENOVO_V1_NONE)
        recheck_at(c, s, l2, old, UINT32_MAX, 0u);
    if (a != DENOVO_V1_NONE && a != old)
        recheck_at(c, s, l2, a, UINT32_MAX, 0u);
}

/* Every line again. */
static void kept_all(denovo_v1_kept_t* c, const denovo_sys_desc_t* s, const denovo_l1_t* const* l1,
                     const denovo_l2_t* const* l2) {
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    c->bad = 0u;
    for (uint32_t j = 0; j < s->d.num_sm; j++) {
        memset(c->kmap[j], 0, sizeof c->kmap[j]);
        memset(c->v[j], 0, lines * sizeof c->v[j][0]);
        for (uint32_t i = 0; i < lines; i++) {
            c->r[j][i] = l1_line_r(s, l1[j], i, &c->addr[j][i]);
            gpucoh_bitmap_put(c->kmap[j], i, c->r[j][i] != 0u);
        }
    }
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        for (uint32_t i = 0; i < lines; i++)
            set_v(c, j, i, verdict(c, s, l2, j, i));
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        for (uint32_t i = 0; i < s->d.l2_sets * s->d.l2_ways; i++)
            c->baddr[b][i] = l2_line_addr(s, l2[b], i);
}

/* Whether this edge needs every line again: no kept lines for these models at the edge before,
 * or a bank edge that wrote every line (reset). */
static bool kept_stale(const denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                       const denovo_l1_t* const* l1, const denovo_l2_t* const* l2, uint64_t cycle) {
    if (!c->valid || cycle != c->cycle + 1u)
        return true;
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        if (l1[j] != c->l1p[j])
            return true;
    for (uint32_t b = 0; b < s->d.num_banks; b++) {
        uint32_t sel[DENOVO_L2_SEL_MAX];
        bool all;
        (void)denovo_l2_touched(l2[b], sel, DENOVO_L2_SEL_MAX, &all);
        if (all || l2[b] != c->l2p[b])
            return true;
    }
    return false;
}

/* The kept count (lines in a violation) after this edge. */
static uint64_t kept_edge(denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                          const denovo_l1_t* const* l1, const denovo_l2_t* const* l2,
                          uint64_t cycle) {
    if (kept_stale(c, s, l1, l2, cycle)) {
        kept_all(c, s, l1, l2);
    } else {
        for (uint32_t j = 0; j < s->d.num_sm; j++) {
            uint32_t sel[DENOVO_SEL_MAX];
            bool all;
            const uint32_t n = denovo_l1_touched(l1[j], sel, DENOVO_SEL_MAX, &all);
            if (all)
                refresh_all(c, s, l1, l2, j);
            for (uint32_t k = 0; k < n; k++)
                refresh(c, s, l1, l2, j, sel[k]);
        }
        for (uint32_t b = 0; b < s->d.num_banks; b++) { /* after the L1s: their lines kept */
            uint32_t sel[DENOVO_L2_SEL_MAX];
            bool all;
            const uint32_t n = denovo_l2_touched(l2[b], sel, DENOVO_L2_SEL_MAX, &all);
            for (uint32_t k = 0; k < n; k++)
                bank_line(c, s, l2, b, sel[k]);
        }
    }
    memcpy(c->l1p, l1, s->d.num_sm * sizeof l1[0]);
    memcpy(c->l2p, l2, s->d.num_banks * sizeof l2[0]);
    c->valid = true;
    c->cycle = cycle;
    return c->bad;
}

bool denovo_v1_kept_agrees(const denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                           const denovo_l1_t* const* l1, const denovo_l2_t* const* l2) {
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    uint64_t bad = 0;
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        for (uint32_t i = 0; i < lines; i++) {
            uint64_t a;
            const uint32_t r = l1_line_r(s, l1[j], i, &a);
            const bool in = (c->kmap[j][i >> 6] >> (i & 63u)) & 1u;
            if (a != c->addr[j][i] || r != c->r[j][i] || in != (r != 0u))
                return false;
        }
    for (uint32_t j = 0; j < s->d.num_sm; j++) /* the kept lines are the models' now */
        for (uint32_t i = 0; i < lines; i++) {
            if (c->v[j][i] != verdict(c, s, l2, j, i))
                return false;
            bad += c->v[j][i];
        }
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        for (uint32_t i = 0; i < s->d.l2_sets * s->d.l2_ways; i++)
            if (c->baddr[b][i] != l2_line_addr(s, l2[b], i))
                return false;
    return bad == c->bad;
}

uint64_t denovo_check_v1_kept(denovo_v1_kept_t* c, const denovo_sys_desc_t* s,
                              const denovo_l1_t* const* l1, const denovo_l2_t* const* l2,
                              uint64_t cycle, FILE* f) {
    const uint64_t kept = kept_edge(c, s, l1, l2, cycle);
    bool whole = kept != 0u || ++c->since >= DENOVO_V1_FULL_EVERY;
#ifdef SIG_BLOOM_CHECK_RULES
    assert(denovo_v1_kept_agrees(c, s, l1, l2));
    whole = true;
#endif
    if (!whole)
        return 0;
    c->since = 0u; /* the messages and the count are the whole check's; both 0 or neither */
    const uint64_t all = denovo_check_v1(s, l1, l2, cycle, f);
    if ((all == 0u) != (kept == 0u)) {
        fprintf(stderr,
                "denovo_check_v1_kept: cycle %" PRIu64 ": %" PRIu64
                " lines kept in a V1 violation, whole check %" PRIu64 "\n",
                cycle, kept, all);
        abort();
    }
    return all;
}
