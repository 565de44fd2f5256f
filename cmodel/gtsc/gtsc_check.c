/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_check.c -- the invariants of gtsc.md section 11 over the C models (gtsc_check.h).
 */
#include "gtsc_check.h"

#include <inttypes.h>
#include <string.h>

/* Whether SM copy l of line a is locked (tied to a WR entry). */
static bool locked(const gtsc_l1_t* m, uint64_t a) {
    const int64_t k = gtsc_l1_find_entry(m, a);
    if (k < 0) {
        return false;
    }
    gtsc_l1_mshr_t e;
    gtsc_l1_mshr_get(m, (uint32_t)k, &e);
    return e.mk == GTSC_MK_WR && e.mhw;
}

static uint64_t i4_line(const gtsc_desc_t* d, const gtsc_l1_line_t* c, uint64_t a, uint32_t sm,
                        const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    const gtsc_l2_t* b = l2[gtsc_bank_of(d, a)];
    const int64_t i = gtsc_l2_find(b, a);
    if (i < 0) {
        return 0u;
    }
    gtsc_l2_line_t x;
    gtsc_l2_line_get(b, (uint32_t)i, &x);
    if (x.st != GTSC_L2_V && x.st != GTSC_L2_D) {
        return 0u;
    }
    bool ok;
    if (c->wts == x.wts) {
        ok = c->rts <= x.rts;
    } else {
        ok = x.wts > c->rts || (x.wts == c->rts && memcmp(x.data, c->data, d->line_bytes) == 0);
    }
    if (ok) {
        return 0u;
    }
    if (f != NULL) {
        fprintf(f, "I4: cycle %" PRIu64 " SM %u line 0x%" PRIx64 ": copy (%u,%u), bank (%u,%u)\n",
                cycle, sm, a, c->wts, c->rts, x.wts, x.rts);
    }
    return 1u;
}

uint64_t gtsc_check_i4(const gtsc_desc_t* d, const gtsc_l1_t* const* l1, const gtsc_l2_t* const* l2,
                       uint64_t cycle, FILE* f) {
    uint64_t bad = 0u;
    const uint32_t lines = d->l1_sets * d->l1_ways;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        for (uint32_t i = 0; i < lines; i++) {
            gtsc_l1_line_t c;
            gtsc_l1_line_get(l1[s], i, &c);
            const uint64_t a = gtsc_l1_line_addr(l1[s], i);
            if (c.st != GTSC_L1_V || locked(l1[s], a) ||
                gtsc_l1_ep(l1[s]) != gtsc_l2_ep(l2[gtsc_bank_of(d, a)])) {
                continue;
            }
            bad += i4_line(d, &c, a, s, l2, cycle, f);
        }
    }
    return bad;
}

uint64_t gtsc_check_all(const gtsc_desc_t* d, const gtsc_l1_t* const* l1,
                        const gtsc_l2_t* const* l2, uint64_t cycle, FILE* f) {
    uint64_t bad = 0u;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        const uint64_t n = gtsc_l1_check(l1[s]);
        if (n != 0u && f != NULL) {
            fprintf(f, "gtsc_l1 %u: cycle %" PRIu64 ": %" PRIu64 " assertion failures\n", s, cycle,
                    n);
        }
        bad += n;
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        const uint64_t n = gtsc_l2_check(l2[b], gtsc_bank_lease(d, b));
        if (n != 0u && f != NULL) {
            fprintf(f, "gtsc_l2 %u: cycle %" PRIu64 ": %" PRIu64 " assertion failures\n", b, cycle,
                    n);
        }
        bad += n;
    }
    return bad + gtsc_check_i4(d, l1, l2, cycle, f);
}
