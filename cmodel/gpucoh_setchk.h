/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpucoh_setchk.h -- a C model's per-set assertion counts, kept per set and summed, so that an
 * edge re-checks only the sets it wrote (the lines gpucoh_touched.h lists) and checking every
 * edge costs what the edge did, not the size of the cache.
 *
 *   gpucoh_setchk_init(c, bad, sets)  bad[sets]: counters in the model's block; nothing is
 *                                     checked yet, so the next edge checks every set
 *   gpucoh_setchk_edge(c, t, ways, fn, m)  after an edge: fn(m, s) for every set s of a line
 *                                     that t lists (every set if t says all, or at the first
 *                                     edge); returns the sum of fn over every set, which is what
 *                                     a check of every set would count after this edge
 *
 * fn must depend on the lines of set s alone (their tags, states, timestamps), and every write
 * of a line must be in t (gpucoh_touch): that is what the lockstep's partial compares already
 * rely on. A model that uses it keeps its whole-cache check as the specification and compares
 * the two on every edge where SIG_BLOOM_CHECK_RULES is defined (every unit-test and sanitizer
 * build): gtsc_l1.c, gtsc_l2.c.
 */
#ifndef GPUCOH_SETCHK_H
#define GPUCOH_SETCHK_H

#include <stdbool.h>
#include <stdint.h>

#include "gpucoh_touched.h"

typedef uint32_t (*gpucoh_setchk_fn)(const void* m, uint32_t set);

typedef struct {
    uint32_t* bad; /* fn of every set at the last edge */
    uint32_t sets;
    bool valid; /* bad holds every set */
    uint64_t sum;
} gpucoh_setchk_t;

static inline void gpucoh_setchk_init(gpucoh_setchk_t* c, uint32_t* bad, uint32_t sets) {
    c->bad = bad;
    c->sets = sets;
    c->valid = false;
    c->sum = 0u;
}

static inline uint64_t gpucoh_setchk_edge(gpucoh_setchk_t* c, const gpucoh_touched_t* t,
                                          uint32_t ways, gpucoh_setchk_fn fn, const void* m) {
    if (t->all || !c->valid) {
        c->sum = 0u;
        for (uint32_t s = 0; s < c->sets; s++) {
            c->bad[s] = fn(m, s);
            c->sum += c->bad[s];
        }
        c->valid = true;
        return c->sum;
    }
    for (uint32_t k = 0; k < t->n; k++) {
        const uint32_t s = t->idx[k] / ways;
        const uint32_t v = fn(m, s);
        c->sum = c->sum - c->bad[s] + v;
        c->bad[s] = v;
    }
    return c->sum;
}

#endif /* GPUCOH_SETCHK_H */
