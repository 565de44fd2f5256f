/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_check.c -- the invariants of gtsc.md section 11 over the C models (gtsc_check.h).
 */
#include "gtsc_check.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gpucoh_touched.h"

/* Whether line a is among the n locked lines (gtsc_l1_locked: its entry a tied WR entry). */
static bool locked(const uint64_t* lk, uint32_t n, uint64_t a) {
    for (uint32_t k = 0; k < n; k++) {
        if (lk[k] == a) {
            return true;
        }
    }
    return false;
}

static uint64_t i4_line(const gtsc_desc_t* d, const gtsc_l1_line_t* c, uint64_t a, uint32_t sm,
                        const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const gtsc_l2_t* b = l2[gtsc_bank_of(d, a)];
    const int64_t i = gtsc_l2_find(b, a);
    if (i < 0) {
        return 0u;
    }
    const gtsc_l2_line_t* x = gtsc_l2_line_view(b, (uint32_t)i); /* in place, not copied */
    if (x->st != GTSC_L2_V && x->st != GTSC_L2_D) {
        return 0u;
    }
    bool ok;
    if (c->wts == x->wts) {
        ok = c->rts <= x->rts;
    } else {
        ok = x->wts > c->rts || (x->wts == c->rts && memcmp(x->data, c->data, d->line_bytes) == 0);
    }
    if (ok) {
        return 0u;
    }
    if (f != NULL) {
        fprintf(f, "I4: cycle %" PRIu64 " SM %u line 0x%" PRIx64 ": copy (%u,%u), bank (%u,%u)\n",
                cycle, sm, a, c->wts, c->rts, x->wts, x->rts);
    }
    return 1u;
}

/* I4 at line i of SM s's L1 (0 or 1 violation): a V line, not locked (lk: gtsc_l1_locked), of
 * the bank's epoch, against the bank's line. */
static uint64_t i4_at(const gtsc_desc_t* d, const gtsc_l1_t* m, uint32_t s, uint32_t i,
                      const gtsc_l2_t* const* l2, const uint64_t* lk, uint32_t nlk, uint64_t cycle,
                      FILE* f) {
    const gtsc_l1_line_t* c = gtsc_l1_line_view(m, i); /* in place, not copied */
    if (c == NULL || c->st != GTSC_L1_V) {
        return 0u;
    }
    const uint64_t a = gtsc_l1_line_addr(m, i);
    if (locked(lk, nlk, a) || gtsc_l1_ep(m) != gtsc_l2_ep(l2[gtsc_bank_of(d, a)])) {
        return 0u;
    }
    return i4_line(d, c, a, s, l2, cycle, f);
}

uint64_t gtsc_check_i4(const gtsc_desc_t* d, const gtsc_l1_t* const* l1, const gtsc_l2_t* const* l2,
                       uint64_t cycle, FILE* f) {
    uint64_t bad = 0u;
    const uint32_t lines = d->l1_sets * d->l1_ways;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        uint64_t lk[GTSC_MAX_L1_MSHRS];
        const uint32_t nlk = gtsc_l1_locked(l1[s], lk, GTSC_MAX_L1_MSHRS);
        for (uint32_t i = 0; i < lines; i++) {
            bad += i4_at(d, l1[s], s, i, l2, lk, nlk, cycle, f);
        }
    }
    return bad;
}

/* The units' own counts of the last edge (gtsc_l1_checked, gtsc_l2_checked), each printed. */
static uint64_t units_checked(const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                              const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    uint64_t bad = 0u;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        const uint64_t n = gtsc_l1_checked(l1[s]);
        if (n != 0u && f != NULL) {
            fprintf(f, "gtsc_l1 %u: cycle %" PRIu64 ": %" PRIu64 " assertion failures\n", s, cycle,
                    n);
        }
        bad += n;
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        const uint64_t n = gtsc_l2_checked(l2[b], gtsc_bank_lease(d, b));
        if (n != 0u && f != NULL) {
            fprintf(f, "gtsc_l2 %u: cycle %" PRIu64 ": %" PRIu64 " assertion failures\n", b, cycle,
                    n);
        }
        bad += n;
    }
    return bad;
}

uint64_t gtsc_check_all(const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                        const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const uint64_t bad = units_checked(d, l1, l2, cycle, f);
    return bad + gtsc_check_i4(d, l1, l2, cycle, f);
}

/*--- I4 kept per line (gtsc_i4_t) ------------------------------------------------------------*/

void gtsc_i4_init(gtsc_i4_t* c) {
    c->valid = false;
}

#ifdef SIG_BLOOM_CHECK_RULES
/* What I4 at line i reads: the line, whether it is locked, the epochs, and the bank's line (its
 * index, state, timestamps and data); a kept verdict whose key is not the present one was not
 * re-computed after a change it depends on. */
static uint64_t i4_key(const gtsc_desc_t* d, const gtsc_l1_t* m, uint32_t i,
                       const gtsc_l2_t* const* l2, const uint64_t* lk, uint32_t nlk) {
    const gtsc_l1_line_t* c = gtsc_l1_line_view(m, i);
    uint64_t h = 1469598103934665603ull;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ull)
    MIX(c->st);
    if (c->st != GTSC_L1_V) {
        return h;
    }
    const uint64_t a = gtsc_l1_line_addr(m, i);
    const gtsc_l2_t* b = l2[gtsc_bank_of(d, a)];
    MIX(a);
    MIX(c->wts);
    MIX(c->rts);
    MIX(locked(lk, nlk, a));
    MIX(gtsc_l1_ep(m) == gtsc_l2_ep(b));
    for (uint32_t w = 0; w < d->line_bytes / 4u; w++) {
        MIX(c->data[w]);
    }
    const int64_t j = gtsc_l2_find(b, a);
    MIX(j);
    if (j >= 0) {
        const gtsc_l2_line_t* x = gtsc_l2_line_view(b, (uint32_t)j);
        MIX(x->st);
        MIX(x->wts);
        MIX(x->rts);
        for (uint32_t w = 0; w < d->line_bytes / 4u; w++) {
            MIX(x->data[w]);
        }
    }
#undef MIX
    return h;
}
#endif

/* Line i of SM s again. */
static void kept_at(gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1, uint32_t s,
                    uint32_t i, const gtsc_l2_t* const* l2) {
    const uint8_t v = (uint8_t)i4_at(d, l1[s], s, i, l2, c->lk[s], c->nlk[s], 0u, NULL);
    c->bad = c->bad - c->v[s][i] + v;
    c->v[s][i] = v;
#ifdef SIG_BLOOM_CHECK_RULES
    c->key[s][i] = i4_key(d, l1[s], i, l2, c->lk[s], c->nlk[s]);
#endif
}

/* The lines of SM s whose address entered or left its locked list (old: the last call's). */
static void kept_locked(gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1, uint32_t s,
                        const gtsc_l2_t* const* l2, const uint64_t* old, uint32_t nold) {
    for (uint32_t k = 0; k < c->nlk[s] + nold; k++) {
        const bool now = k < c->nlk[s];
        const uint64_t a = now ? c->lk[s][k] : old[k - c->nlk[s]];
        if (now ? locked(old, nold, a) : locked(c->lk[s], c->nlk[s], a)) {
            continue;
        }
        const int64_t i = gtsc_l1_find(l1[s], a);
        if (i >= 0) {
            kept_at(c, d, l1, s, (uint32_t)i, l2);
        }
    }
}

/* The L1 lines whose address is in set bs of bank b (the L1 sets that hold such addresses: the
 * bank bits and the bank's set bits are the address's low bits). */
static void kept_bank_set(gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                          uint32_t b, uint32_t bs, const gtsc_l2_t* const* l2) {
    const uint32_t lb = gpucoh_log2_ceil(d->num_banks) + gpucoh_log2_ceil(d->l2_sets);
    const uint64_t low = ((uint64_t)bs << gpucoh_log2_ceil(d->num_banks)) | b; /* lb bits */
    const uint64_t lmask = ((uint64_t)1 << lb) - 1u;
    const uint32_t step = d->l1_sets > (1u << lb) ? 1u << lb : d->l1_sets;
    for (uint32_t s1 = (uint32_t)(low & (d->l1_sets - 1u)); s1 < d->l1_sets; s1 += step) {
        for (uint32_t s = 0; s < d->num_sm; s++) {
            for (uint32_t w = 0; w < d->l1_ways; w++) {
                const uint32_t i = s1 * d->l1_ways + w;
                const gtsc_l1_line_t* x = gtsc_l1_line_view(l1[s], i);
                if (x->st == GTSC_L1_V || c->v[s][i] != 0u) {
                    if ((gtsc_l1_line_addr(l1[s], i) & lmask) == low) {
                        kept_at(c, d, l1, s, i, l2);
                    }
                }
            }
        }
    }
}

/* Every line again. */
static void kept_all(gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                     const gtsc_l2_t* const* l2) {
    memset(c->v, 0, sizeof c->v);
    c->bad = 0u;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        for (uint32_t i = 0; i < d->l1_sets * d->l1_ways; i++) {
            kept_at(c, d, l1, s, i, l2);
        }
    }
}

/* Whether this edge needs every line again: no kept verdicts for these models at the edge
 * before, a changed epoch, or an edge that wrote every line of a unit. */
static bool kept_stale(const gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                       const gtsc_l2_t* const* l2, uint64_t cycle) {
    if (!c->valid || cycle != c->cycle + 1u || c->first != l1[0]) {
        return true;
    }
    uint32_t sel[GPUCOH_TOUCHED_MAX];
    bool all;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        (void)gtsc_l1_touched(l1[s], sel, GPUCOH_TOUCHED_MAX, &all);
        if (all || gtsc_l1_ep(l1[s]) != c->l1_ep[s]) {
            return true;
        }
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        (void)gtsc_l2_touched(l2[b], sel, GPUCOH_TOUCHED_MAX, &all);
        if (all || gtsc_l2_ep(l2[b]) != c->l2_ep[b]) {
            return true;
        }
    }
    return false;
}

/* I4's count after this edge, from the kept verdicts. */
static uint64_t kept_edge(gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                          const gtsc_l2_t* const* l2, uint64_t cycle) {
    const bool stale = kept_stale(c, d, l1, l2, cycle);
    for (uint32_t s = 0; s < d->num_sm; s++) {
        c->l1_ep[s] = gtsc_l1_ep(l1[s]);
        const bool same = !stale && gtsc_l1_entries_kept(l1[s]); /* the same locked list */
#ifdef SIG_BLOOM_CHECK_RULES
        if (same) {
            uint64_t now[GTSC_MAX_L1_MSHRS];
            assert(gtsc_l1_locked(l1[s], now, GTSC_MAX_L1_MSHRS) == c->nlk[s]);
            assert(memcmp(now, c->lk[s], (size_t)c->nlk[s] * sizeof now[0]) == 0);
        }
#endif
        uint64_t old[GTSC_MAX_L1_MSHRS];
        const uint32_t nold = same ? 0u : c->nlk[s];
        if (!same) {
            memcpy(old, c->lk[s], (size_t)nold * sizeof old[0]);
            c->nlk[s] = gtsc_l1_locked(l1[s], c->lk[s], GTSC_MAX_L1_MSHRS);
        }
        if (stale) {
            continue;
        }
        uint32_t sel[GPUCOH_TOUCHED_MAX];
        bool all;
        const uint32_t n = gtsc_l1_touched(l1[s], sel, GPUCOH_TOUCHED_MAX, &all);
        for (uint32_t k = 0; k < n; k++) {
            kept_at(c, d, l1, s, sel[k], l2);
        }
        if (!same) {
            kept_locked(c, d, l1, s, l2, old, nold);
        }
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        c->l2_ep[b] = gtsc_l2_ep(l2[b]);
        if (stale) {
            continue;
        }
        uint32_t sel[GPUCOH_TOUCHED_MAX];
        bool all;
        const uint32_t n = gtsc_l2_touched(l2[b], sel, GPUCOH_TOUCHED_MAX, &all);
        for (uint32_t k = 0; k < n; k++) {
            kept_bank_set(c, d, l1, b, sel[k] / d->l2_ways, l2);
        }
    }
    if (stale) {
        kept_all(c, d, l1, l2);
    }
    c->valid = true;
    c->cycle = cycle;
    c->first = l1[0];
    return c->bad;
}

#ifdef SIG_BLOOM_CHECK_RULES
/* Every kept verdict read what a fresh read reads. */
static void kept_keys_agree(const gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                            const gtsc_l2_t* const* l2) {
    for (uint32_t s = 0; s < d->num_sm; s++) {
        for (uint32_t i = 0; i < d->l1_sets * d->l1_ways; i++) {
            assert(c->key[s][i] == i4_key(d, l1[s], i, l2, c->lk[s], c->nlk[s]));
        }
    }
}
#endif

uint64_t gtsc_check_all_kept(gtsc_i4_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                             const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const uint64_t units = units_checked(d, l1, l2, cycle, f);
    uint64_t i4 = kept_edge(c, d, l1, l2, cycle);
    bool whole = i4 != 0u || ++c->since >= GTSC_I4_FULL_EVERY;
#ifdef SIG_BLOOM_CHECK_RULES
    kept_keys_agree(c, d, l1, l2);
    whole = true;
#endif
    if (whole) { /* the messages, in gtsc_check_all's order, and the two counts must agree */
        c->since = 0u;
        const uint64_t all = gtsc_check_i4(d, l1, l2, cycle, f);
        if (all != i4) {
            fprintf(stderr,
                    "gtsc_check_all_kept: cycle %" PRIu64 ": I4 kept %" PRIu64
                    ", whole check %" PRIu64 "\n",
                    cycle, i4, all);
            abort();
        }
    }
    return units + i4;
}

/*--- I5 ---------------------------------------------------------------------------------------*/

void gtsc_i5_init(gtsc_i5_t* c) {
    c->nl = 0u;
    c->checked = 0u;
}

static gtsc_i5_line_t* i5_find(gtsc_i5_t* c, uint64_t line, bool add) {
    for (uint32_t k = 0; k < c->nl; k++) {
        if (c->l[k].line == line) {
            return &c->l[k];
        }
    }
    if (!add || c->nl == GTSC_I5_LINES) {
        return NULL;
    }
    gtsc_i5_line_t* x = &c->l[c->nl++];
    x->line = line;
    x->n = x->head = 0u;
    return x;
}

static void i5_add(gtsc_i5_line_t* x, uint32_t ts, const uint32_t* data, uint32_t lw) {
    if (x->n == GTSC_I5_VERS) {
        x->head = (x->head + 1u) % GTSC_I5_VERS;
        x->n--;
    }
    const uint32_t k = (x->head + x->n) % GTSC_I5_VERS;
    x->ts[k] = ts;
    memcpy(x->data[k], data, (size_t)lw * sizeof(uint32_t));
    x->n++;
}

/* The stores the banks performed in this edge (their WACK / AACK). */
static void i5_stores(gtsc_i5_t* c, const gtsc_desc_t* d, const gtsc_l2_t* const* l2) {
    for (uint32_t b = 0; b < d->num_banks; b++) {
        const gtsc_rsp_msg_t* r = &gtsc_l2_out(l2[b])->rsp;
        if (!r->valid || (r->kind != GTSC_RSP_WACK && r->kind != GTSC_RSP_AACK)) {
            continue;
        }
        const int64_t i = gtsc_l2_find(l2[b], r->line);
        gtsc_i5_line_t* x = i5_find(c, r->line, true);
        if (i < 0 || x == NULL) {
            continue;
        }
        gtsc_l2_line_t l;
        gtsc_l2_line_get(l2[b], (uint32_t)i, &l);
        i5_add(x, r->wts, l.data, d->line_bytes / 4u);
    }
}

/* One served warp at logical time t: 0 or 1 violation. */
static uint64_t i5_load(gtsc_i5_t* c, const gtsc_desc_t* d, const gtsc_core_rsp_t* r, uint32_t t,
                        uint32_t sm, uint64_t cycle, FILE* f) {
    const gtsc_i5_line_t* x = i5_find(c, r->line, false);
    if (x == NULL) {
        return 0u;
    }
    int64_t best = -1;
    for (uint32_t n = 0; n < x->n; n++) {
        const uint32_t k = (x->head + n) % GTSC_I5_VERS;
        if (x->ts[k] <= t) {
            best = (int64_t)k; /* the latest performed among equal timestamps */
        }
    }
    if (best < 0 || (x->n == GTSC_I5_VERS && best == (int64_t)x->head)) {
        return 0u; /* older than the kept history */
    }
    c->checked++;
    if (memcmp(x->data[best], r->data, d->line_bytes) == 0) {
        return 0u;
    }
    if (f != NULL) {
        fprintf(f,
                "I5: cycle %" PRIu64 " SM %u line 0x%" PRIx64 ": load at %u returned 0x%x, the "
                "version at %u has 0x%x\n",
                cycle, sm, r->line, t, r->data[0], x->ts[best], x->data[best][0]);
    }
    return 1u;
}

uint64_t gtsc_i5_edge(gtsc_i5_t* c, const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                      const gtsc_l2_t* const* l2, bool tsrst, uint64_t cycle, FILE* f) {
    uint64_t bad = 0u;
    i5_stores(c, d, l2);
    for (uint32_t s = 0; s < d->num_sm && !tsrst; s++) {
        const gtsc_core_rsp_t* r = &gtsc_l1_out(l1[s])->crsp;
        if (!r->valid || r->kind != GTSC_CRSP_LOAD) {
            continue;
        }
        for (uint32_t j = 0; j < d->num_wf; j++) {
            if ((r->wf_mask >> j) & 1u) {
                bad += i5_load(c, d, r, gtsc_l1_load_ts(l1[s], j), s, cycle, f);
            }
        }
    }
    if (tsrst) { /* the new epoch: each line's latest version at timestamp 1 */
        for (uint32_t k = 0; k < c->nl; k++) {
            gtsc_i5_line_t* x = &c->l[k];
            if (x->n == 0u) {
                continue;
            }
            const uint32_t last = (x->head + x->n - 1u) % GTSC_I5_VERS;
            x->ts[x->head] = 1u;
            memmove(x->data[x->head], x->data[last], sizeof x->data[0]);
            x->n = 1u;
        }
    }
    return bad;
}
