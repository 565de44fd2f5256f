/* SPDX-License-Identifier: Apache-2.0 */
/*
 * step.h -- the comparison of one lockstep step, shared by the unit lockstep (cosim.c), the
 * system lockstep (tb/sys/gsys_backend.c) and the SystemC lockstep (systemc/sc_lockstep.cpp):
 * docs/framework.md, "Layers and the shared compare".
 *
 * A lockstep runs the C model and the RTL on the same inputs; after each step the caller lists
 * its checks (the outputs, the state, the RTL's assertion failures; each through the unit's own
 * compare, generated from its port table) in the order it wants them, and gpucoh_step_compare
 * runs them: the first check of the run that differs is the run's first divergence (cycle, kind,
 * field, expected, got), kept in a gpucoh_first_t; each differing check is handed to the
 * caller's report, which says whether the step stops there.
 */
#ifndef GPUCOH_STEP_H
#define GPUCOH_STEP_H

#include <stdbool.h>
#include <stdint.h>

#include "unit.h"

typedef enum {
    GPUCOH_CHECK_OUTPUT,
    GPUCOH_CHECK_STATE,
    GPUCOH_CHECK_ASSERTION
} gpucoh_check_kind_t;

/* "output", "state", "assertion": the kind of a divergence in reports and JSON */
const char* gpucoh_check_name(gpucoh_check_kind_t k);

/* One check: the number of fields that differ (0: equal), the first described in *mm. A NULL fn
 * is not run (e.g. the state of a netlist that cannot be compared). */
typedef struct {
    gpucoh_check_kind_t kind;
    uint32_t (*fn)(void* a, gpucoh_mismatch_t* mm);
} gpucoh_check_t;

/* The first divergence of a run: set by the first check that differs, never overwritten. */
typedef struct {
    bool diverged;
    uint64_t cycle;
    gpucoh_check_kind_t kind;
    gpucoh_mismatch_t mm;
} gpucoh_first_t;

/* The caller's report of a check that differed (its kind and description; first: it is the run's
 * first divergence). Returns 1 to end the step there, 0 to run the next check. */
typedef int (*gpucoh_step_report_fn)(void* a, gpucoh_check_kind_t kind, const gpucoh_mismatch_t* mm,
                                     bool first);

/* Run checks[0..n) of the step at `cycle` in order, with argument a. A check that differs is
 * recorded in *first if none was, then reported (report NULL: the step ends at the first check
 * that differs). Returns the number of differing fields of the checks run (0: the step agrees). */
uint64_t gpucoh_step_compare(const gpucoh_check_t* checks, unsigned n, void* a, uint64_t cycle,
                             gpucoh_first_t* first, gpucoh_step_report_fn report);

#endif
