/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_step.c -- the comparison of one lockstep step (tb/engine/step.h), which the unit, system
 * and SystemC lockstep share: the checks run in the caller's order, a NULL check is skipped, the
 * run's first divergence is recorded once and never overwritten, the report decides whether the
 * step goes on, and the return is the number of differing fields.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "step.h"

/* the checks' argument: how many fields each kind differs in, the order they ran in */
typedef struct {
    uint32_t bad[3];
    char ran[8];
    unsigned nran;
    unsigned reports, firsts;
    int stop; /* the report's answer */
} arg_t;

static uint32_t check(arg_t* a, gpucoh_check_kind_t k, gpucoh_mismatch_t* mm) {
    a->ran[a->nran++] = "osa"[k];
    if (a->bad[k])
        snprintf(mm->field, sizeof mm->field, "%s.f", gpucoh_check_name(k));
    return a->bad[k];
}
static uint32_t out(void* a, gpucoh_mismatch_t* mm) {
    return check(a, GPUCOH_CHECK_OUTPUT, mm);
}
static uint32_t state(void* a, gpucoh_mismatch_t* mm) {
    return check(a, GPUCOH_CHECK_STATE, mm);
}
static uint32_t asserts(void* a, gpucoh_mismatch_t* mm) {
    return check(a, GPUCOH_CHECK_ASSERTION, mm);
}
static int report(void* a, gpucoh_check_kind_t k, const gpucoh_mismatch_t* mm, bool first) {
    arg_t* x = a;
    (void)k;
    (void)mm;
    x->reports++;
    x->firsts += first;
    return x->stop;
}

static const gpucoh_check_t unit_order[] = {
    {GPUCOH_CHECK_OUTPUT, out}, {GPUCOH_CHECK_STATE, state}, {GPUCOH_CHECK_ASSERTION, asserts}};

static void agree(void** st) {
    (void)st;
    arg_t a = {0};
    gpucoh_first_t f = {0};
    assert_int_equal(gpucoh_step_compare(unit_order, 3, &a, 7, &f, NULL), 0);
    assert_string_equal(a.ran, "osa");
    assert_false(f.diverged);
}

static void first_check_ends_step(void** st) {
    (void)st;
    arg_t a = {.bad = {0, 2, 1}};
    gpucoh_first_t f = {0};
    assert_int_equal(gpucoh_step_compare(unit_order, 3, &a, 7, &f, NULL), 2);
    assert_string_equal(a.ran, "os"); /* no report: the step ends at the state */
    assert_true(f.diverged);
    assert_int_equal(f.cycle, 7);
    assert_int_equal(f.kind, GPUCOH_CHECK_STATE);
    assert_string_equal(f.mm.field, "state.f");
}

static void report_goes_on_first_kept(void** st) {
    (void)st;
    const gpucoh_check_t sys_order[] = {{GPUCOH_CHECK_ASSERTION, asserts},
                                        {GPUCOH_CHECK_OUTPUT, out},
                                        {GPUCOH_CHECK_STATE, NULL}}; /* no state: skipped */
    arg_t a = {.bad = {3, 5, 1}, .stop = 0};
    gpucoh_first_t f = {0};
    assert_int_equal(gpucoh_step_compare(sys_order, 3, &a, 4, &f, report), 4);
    assert_string_equal(a.ran, "ao");
    assert_int_equal(a.reports, 2);
    assert_int_equal(a.firsts, 1);
    assert_int_equal(f.kind, GPUCOH_CHECK_ASSERTION);
    /* a later step: counted and reported, the first divergence stays */
    memset(a.ran, 0, sizeof a.ran);
    a.nran = 0;
    assert_int_equal(gpucoh_step_compare(sys_order, 3, &a, 9, &f, report), 4);
    assert_int_equal(a.firsts, 1);
    assert_int_equal(f.cycle, 4);
    assert_int_equal(f.kind, GPUCOH_CHECK_ASSERTION);
}

static void report_stops(void** st) {
    (void)st;
    arg_t a = {.bad = {1, 1, 1}, .stop = 1};
    gpucoh_first_t f = {0};
    assert_int_equal(gpucoh_step_compare(unit_order, 3, &a, 0, &f, report), 1);
    assert_string_equal(a.ran, "o");
    assert_int_equal(a.reports, 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(agree),
        cmocka_unit_test(first_check_ends_step),
        cmocka_unit_test(report_goes_on_first_kept),
        cmocka_unit_test(report_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
