/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_check.c -- the invariants of gtsc.md section 11 over the C models (gtsc_check.h).
 */
#include "gtsc_check.h"

#include <inttypes.h>
#include <string.h>

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

uint64_t gtsc_check_i4(const gtsc_desc_t* d, const gtsc_l1_t* const* l1, const gtsc_l2_t* const* l2,
                       uint64_t cycle, FILE* f) {
    uint64_t bad = 0u;
    const uint32_t lines = d->l1_sets * d->l1_ways;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        uint64_t lk[GTSC_MAX_L1_MSHRS];
        const uint32_t nlk = gtsc_l1_locked(l1[s], lk, GTSC_MAX_L1_MSHRS);
        for (uint32_t i = 0; i < lines; i++) {
            const gtsc_l1_line_t* c = gtsc_l1_line_view(l1[s], i); /* in place, not copied */
            if (c == NULL || c->st != GTSC_L1_V) {
                continue;
            }
            const uint64_t a = gtsc_l1_line_addr(l1[s], i);
            if (locked(lk, nlk, a) || gtsc_l1_ep(l1[s]) != gtsc_l2_ep(l2[gtsc_bank_of(d, a)])) {
                continue;
            }
            bad += i4_line(d, c, a, s, l2, cycle, f);
        }
    }
    return bad;
}

uint64_t gtsc_check_all(const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
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
    return bad + gtsc_check_i4(d, l1, l2, cycle, f);
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
