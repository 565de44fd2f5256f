/* SPDX-License-Identifier: Apache-2.0 */
/* step.c -- the comparison of one lockstep step (step.h). */
#include "step.h"

#include <string.h>

const char* gpucoh_check_name(gpucoh_check_kind_t k) {
    static const char* const names[] = {
        [GPUCOH_CHECK_OUTPUT] = "output",
        [GPUCOH_CHECK_STATE] = "state",
        [GPUCOH_CHECK_ASSERTION] = "assertion",
    };
    return names[k];
}

uint64_t gpucoh_step_compare(const gpucoh_check_t* checks, unsigned n, void* a, uint64_t cycle,
                             gpucoh_first_t* first, gpucoh_step_report_fn report) {
    uint64_t bad = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!checks[i].fn)
            continue;
        gpucoh_mismatch_t mm;
        memset(&mm, 0, sizeof mm);
        const uint32_t d = checks[i].fn(a, &mm);
        if (!d)
            continue;
        bad += d;
        const bool is_first = !first->diverged;
        if (is_first) {
            first->diverged = true;
            first->cycle = cycle;
            first->kind = checks[i].kind;
            first->mm = mm;
        }
        if (!report || report(a, checks[i].kind, &mm, is_first))
            break;
    }
    return bad;
}
