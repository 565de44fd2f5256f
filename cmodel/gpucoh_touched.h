/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpucoh_touched.h -- the lines one edge of a C model wrote, for the lockstep's partial state
 * compare (the gpu_l1_touched contract: gsys_backend.h GSYS_SELECT_TOUCHED), and for the per-set
 * assertion counts of gpucoh_setchk.h. Bookkeeping only: a model's behaviour never depends on it.
 *
 *   gpucoh_touched_clear(t)      at the start of an edge
 *   gpucoh_touch(t, i)           line i written (its tag, state, timestamps, data or its set's rr);
 *                                more than GPUCOH_TOUCHED_MAX distinct lines say "all"
 *   gpucoh_touch_all(t)          every line (a reset, a timestamp reset, the first edge)
 *   gpucoh_touched_get(t, sel, max, all)  the lines into sel (<= max) and their count, or *all
 *
 * G-TSC's models use it (gtsc_l1.c, gtsc_l2.c); the older families keep their own copies.
 */
#ifndef GPUCOH_TOUCHED_H
#define GPUCOH_TOUCHED_H

#include <stdbool.h>
#include <stdint.h>

#define GPUCOH_TOUCHED_MAX 8u

typedef struct {
    uint32_t n;
    bool all;
    uint32_t idx[GPUCOH_TOUCHED_MAX];
} gpucoh_touched_t;

static inline void gpucoh_touched_clear(gpucoh_touched_t* t) {
    t->n = 0u;
    t->all = false;
}

static inline void gpucoh_touch_all(gpucoh_touched_t* t) {
    t->all = true;
}

static inline void gpucoh_touch(gpucoh_touched_t* t, uint32_t i) {
    for (uint32_t k = 0; k < t->n; k++) {
        if (t->idx[k] == i) {
            return;
        }
    }
    if (t->n < GPUCOH_TOUCHED_MAX) {
        t->idx[t->n++] = i;
    } else {
        t->all = true;
    }
}

static inline uint32_t gpucoh_touched_get(const gpucoh_touched_t* t, uint32_t* sel, uint32_t max,
                                          bool* all) {
    *all = t->all || t->n > max;
    if (*all) {
        return 0u;
    }
    for (uint32_t k = 0; k < t->n; k++) {
        sel[k] = t->idx[k];
    }
    return t->n;
}

#endif /* GPUCOH_TOUCHED_H */
