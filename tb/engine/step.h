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
 *
 * The first divergence is reported the same way by every front end: one record
 * (gpucoh_divergence_t), filled from the gpucoh_first_t, with its one-line text; one JSON writer
 * of its keys (inside each front end's "first_divergence" object) and one text block (the unit
 * and SystemC lockstep; the system prints the one-line text).
 */
#ifndef GPUCOH_STEP_H
#define GPUCOH_STEP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

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

/* ---- the first divergence as it is reported ---------------------------------------------- */

enum { GPUCOH_DIV_VALUE = 1200 }; /* a value in full (the SystemC lockstep's widest ports) */

typedef struct {
    uint64_t cycle;
    uint64_t run;                    /* the run (a system backend shared by several runs) */
    bool has_run;                    /* "run" in the JSON (the system lockstep) */
    char kind[16];                   /* "output", "state", "assertion" (gpucoh_check_name) */
    char unit[64];                   /* the instance: "sig_bloom", "sm[3].l1" */
    char field[256];                 /* its full path: "sm[3].l1.crsp_data_o[31:0]" */
    char expected[GPUCOH_DIV_VALUE]; /* the C model's value ("" for an assertion failure) */
    char got[GPUCOH_DIV_VALUE];      /* the RTL's */
    uint64_t more;                   /* further differing fields in the same step */
    char text[2816];                 /* "cycle 12 sm[3].l1.crsp_data_o: C 0x1, RTL 0x0" */
} gpucoh_divergence_t;

/* Fill *d: field is <unit>.<field> (field as is when it already starts with the unit's name: the
 * unit lockstep's compares name their unit); note follows the cycle in the text (the system's
 * " (run k)", or ""). The text: "cycle N<note> <field>: C <expected>, RTL <got>[ (and more
 * fields)]"; an assertion failure without a description (field "") is "cycle N<note> <unit>: RTL
 * assertion failure (see the %Error line above)", with field <unit>, expected and got "". */
void gpucoh_divergence_make(gpucoh_divergence_t* d, uint64_t cycle, gpucoh_check_kind_t kind,
                            const char* unit, const char* field, const char* expected,
                            const char* got, uint64_t more, const char* note);

/* The same from the run's first divergence (f->mm's field, values and extra). */
void gpucoh_divergence_from(gpucoh_divergence_t* d, const gpucoh_first_t* f, const char* unit,
                            const char* note);

/* The common keys of a "first_divergence" object, without its braces: "cycle", "run" (has_run),
 * "kind", "unit", "field", "expected", "got", "more_differing_fields", "text"; pre before the
 * first, sep between two (", " or ",\n    "). The caller adds its own keys after sep. */
void gpucoh_divergence_json(FILE* f, const gpucoh_divergence_t* d, const char* pre,
                            const char* sep);

/* The text block: "  first divergence at cycle N (kind)", "  field     <field>" (and "(+N more
 * differing)"), "  expected  <expected>   (<c_label>)", "  got       <got>   (<rtl_label>)". */
void gpucoh_divergence_print(FILE* f, const gpucoh_divergence_t* d, const char* c_label,
                             const char* rtl_label);

/* "  last inputs:" and the inputs of cycles from..to, each "    <cycle> <t->input_json>", input c
 * at ring + (c % ring_n) * t->in_size. */
void gpucoh_last_inputs_print(FILE* f, const gpucoh_tb_ops_t* t, void* ctx, const void* ring,
                              unsigned ring_n, uint64_t from, uint64_t to);

#endif
