/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_step.c -- the comparison of one lockstep step (tb/engine/step.h), which the unit, system
 * and SystemC lockstep share: the checks run in the caller's order, a NULL check is skipped, the
 * run's first divergence is recorded once and never overwritten, the report decides whether the
 * step goes on, and the return is the number of differing fields. And the report of the first
 * divergence every front end shares: the record filled from a gpucoh_first_t, its one-line text,
 * its JSON keys, its text block and the last-inputs list, each checked byte for byte.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "step.h"
#include "tb_common.h"

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

/* every check gets a fresh record (empty strings, extra 0), whatever the one before wrote */
static unsigned fresh_seen;
static uint32_t scribble(void* a, gpucoh_mismatch_t* mm) {
    (void)a;
    fresh_seen += !mm->field[0] && !mm->expected[0] && !mm->got[0] && !mm->extra;
    snprintf(mm->field, sizeof mm->field, "left.over");
    snprintf(mm->expected, sizeof mm->expected, "0x1");
    snprintf(mm->got, sizeof mm->got, "0x2");
    mm->extra = 9;
    return 0; /* wrote, but agrees */
}

static void fresh_record(void** st) {
    (void)st;
    const gpucoh_check_t three[] = {{GPUCOH_CHECK_ASSERTION, scribble},
                                    {GPUCOH_CHECK_OUTPUT, scribble},
                                    {GPUCOH_CHECK_STATE, scribble}};
    gpucoh_first_t f = {0};
    fresh_seen = 0;
    assert_int_equal(gpucoh_step_compare(three, 3, NULL, 1, &f, NULL), 0);
    assert_int_equal(fresh_seen, 3);
    assert_false(f.diverged);
}

/* tb_cmp_words: equal arrays leave the record alone; else every differing word is counted and
 * the first named with its bit range */
static void cmp_words(void** st) {
    (void)st;
    uint32_t e[4] = {1, 2, 3, 4}, g[4] = {1, 2, 3, 4}, bad = 0;
    gpucoh_mismatch_t mm = {0};
    tb_cmp_words(&mm, &bad, e, g, 4, 128, "d");
    assert_int_equal(bad, 0);
    assert_string_equal(mm.field, "");
    g[1] = 7;
    g[3] = 9;
    tb_cmp_words(&mm, &bad, e, g, 4, 128, "d");
    assert_int_equal(bad, 2);
    assert_string_equal(mm.field, "d[63:32]");
    assert_string_equal(mm.expected, "0x00000002");
    assert_string_equal(mm.got, "0x00000007");
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

/* ---- the shared report of the first divergence ---------------------------------------------- */

/* what fn writes to a stream, in a malloc'd string (the caller frees it) */
typedef struct {
    FILE* f;
    char* buf;
    size_t n;
} capture_t;

static FILE* cap_open(capture_t* c) {
    c->buf = NULL;
    c->n = 0;
    c->f = open_memstream(&c->buf, &c->n);
    assert_non_null(c->f);
    return c->f;
}

static char* cap_close(capture_t* c) {
    fclose(c->f);
    return c->buf;
}

static gpucoh_first_t first_of(uint64_t cycle, gpucoh_check_kind_t k, const char* field,
                               const char* e, const char* g, uint32_t extra) {
    gpucoh_first_t f = {.diverged = true, .cycle = cycle, .kind = k};
    snprintf(f.mm.field, sizeof f.mm.field, "%s", field);
    snprintf(f.mm.expected, sizeof f.mm.expected, "%s", e);
    snprintf(f.mm.got, sizeof f.mm.got, "%s", g);
    f.mm.extra = extra;
    return f;
}

static void check_json(const gpucoh_divergence_t* d, const char* pre, const char* sep,
                       const char* want) {
    capture_t c;
    gpucoh_divergence_json(cap_open(&c), d, pre, sep);
    char* got = cap_close(&c);
    assert_string_equal(got, want);
    free(got);
}

static void check_block(const gpucoh_divergence_t* d, const char* cl, const char* rl,
                        const char* want) {
    capture_t c;
    gpucoh_divergence_print(cap_open(&c), d, cl, rl);
    char* got = cap_close(&c);
    assert_string_equal(got, want);
    free(got);
}

/* an output of a system instance: the field under the instance, the run's note, more fields */
static void div_output(void** st) {
    (void)st;
    const gpucoh_first_t f =
        first_of(12, GPUCOH_CHECK_OUTPUT, "crsp_data_o[31:0]", "0x5", "0x4", 2);
    gpucoh_divergence_t d;
    gpucoh_divergence_from(&d, &f, "sm[3].l1", " (run 2)");
    assert_int_equal(d.cycle, 12);
    assert_string_equal(d.kind, "output");
    assert_string_equal(d.unit, "sm[3].l1");
    assert_string_equal(d.field, "sm[3].l1.crsp_data_o[31:0]");
    assert_int_equal(d.more, 2);
    assert_string_equal(
        d.text, "cycle 12 (run 2) sm[3].l1.crsp_data_o[31:0]: C 0x5, RTL 0x4 (and more fields)");
    d.has_run = true;
    d.run = 2;
    check_json(&d, "{", ", ",
               "{\"cycle\": 12, \"run\": 2, \"kind\": \"output\", \"unit\": \"sm[3].l1\", "
               "\"field\": \"sm[3].l1.crsp_data_o[31:0]\", \"expected\": \"0x5\", \"got\": "
               "\"0x4\", \"more_differing_fields\": 2, \"text\": \"cycle 12 (run 2) "
               "sm[3].l1.crsp_data_o[31:0]: C 0x5, RTL 0x4 (and more fields)\"");
    check_block(&d, "C flavour, l1_sc_c", "RTL flavour, l1_sc_rtl",
                "  first divergence at cycle 12 (output)\n"
                "  field     sm[3].l1.crsp_data_o[31:0]\n"
                "            (+2 more differing)\n"
                "  expected  0x5   (C flavour, l1_sc_c)\n"
                "  got       0x4   (RTL flavour, l1_sc_rtl)\n");
}

/* the state of a unit whose compare names the unit already: the field as it is, no run */
static void div_state(void** st) {
    (void)st;
    const gpucoh_first_t f = first_of(7, GPUCOH_CHECK_STATE, "sig_bloom.bits[3]", "0x1", "0x0", 0);
    gpucoh_divergence_t d;
    gpucoh_divergence_from(&d, &f, "sig_bloom", "");
    assert_string_equal(d.field, "sig_bloom.bits[3]");
    assert_string_equal(d.text, "cycle 7 sig_bloom.bits[3]: C 0x1, RTL 0x0");
    check_json(&d, "    ", ",\n    ",
               "    \"cycle\": 7,\n    \"kind\": \"state\",\n    \"unit\": \"sig_bloom\",\n"
               "    \"field\": \"sig_bloom.bits[3]\",\n    \"expected\": \"0x1\",\n"
               "    \"got\": \"0x0\",\n    \"more_differing_fields\": 0,\n"
               "    \"text\": \"cycle 7 sig_bloom.bits[3]: C 0x1, RTL 0x0\"");
    check_block(&d, "C model", "RTL",
                "  first divergence at cycle 7 (state)\n"
                "  field     sig_bloom.bits[3]\n"
                "  expected  0x1   (C model)\n"
                "  got       0x0   (RTL)\n");
    /* the unit's name is a prefix only as a whole path element */
    gpucoh_divergence_from(&d, &f, "sig", "");
    assert_string_equal(d.field, "sig.sig_bloom.bits[3]");
}

/* an assertion failure: the system's (no description) and the unit lockstep's (described) */
static void div_assertion(void** st) {
    (void)st;
    gpucoh_first_t f = first_of(3, GPUCOH_CHECK_ASSERTION, "", "", "", 0);
    gpucoh_divergence_t d;
    gpucoh_divergence_from(&d, &f, "timer", "");
    assert_string_equal(d.field, "timer");
    assert_string_equal(d.text, "cycle 3 timer: RTL assertion failure (see the %Error line above)");
    check_json(&d, "{", ", ",
               "{\"cycle\": 3, \"kind\": \"assertion\", \"unit\": \"timer\", \"field\": "
               "\"timer\", \"expected\": \"\", \"got\": \"\", \"more_differing_fields\": 0, "
               "\"text\": \"cycle 3 timer: RTL assertion failure (see the %Error line above)\"");
    f = first_of(5, GPUCOH_CHECK_ASSERTION, "avu (RTL assertion)", "no assertion failure",
                 "1 RTL assertion or $error failures (see stderr)", 0);
    gpucoh_divergence_from(&d, &f, "avu", "");
    assert_string_equal(d.field, "avu (RTL assertion)");
    assert_string_equal(d.text, "cycle 5 avu (RTL assertion): C no assertion failure, RTL 1 RTL "
                                "assertion or $error failures (see stderr)");
    check_block(&d, "C model", "netlist",
                "  first divergence at cycle 5 (assertion)\n"
                "  field     avu (RTL assertion)\n"
                "  expected  no assertion failure   (C model)\n"
                "  got       1 RTL assertion or $error failures (see stderr)   (netlist)\n");
}

/* a value wider than gpucoh_mismatch_t's (the SystemC lockstep's ports) is kept in full */
static void div_wide_value(void** st) {
    (void)st;
    char wide[1001];
    memset(wide, 'f', 1000);
    wide[0] = '0', wide[1] = 'x', wide[1000] = 0;
    gpucoh_divergence_t d;
    gpucoh_divergence_make(&d, 9, GPUCOH_CHECK_OUTPUT, "sig_bloom", "sig_o", wide, "0x0", 1, "");
    assert_string_equal(d.field, "sig_bloom.sig_o");
    assert_string_equal(d.expected, wide);
    char want[1100];
    snprintf(want, sizeof want, "cycle 9 sig_bloom.sig_o: C %s, RTL 0x0 (and more fields)", wide);
    assert_string_equal(d.text, want);
}

typedef struct {
    uint32_t v;
} in_t;

static void in_json(void* ctx, const void* in, char* buf, size_t n) {
    (void)ctx;
    snprintf(buf, n, "{\"v\": %u}", (unsigned)((const in_t*)in)->v);
}

/* the last inputs out of a ring of 4: cycles 5..7 at slots 1..3 */
static void last_inputs(void** st) {
    (void)st;
    gpucoh_tb_ops_t t;
    memset(&t, 0, sizeof t);
    t.in_size = sizeof(in_t);
    t.input_json = in_json;
    const in_t ring[4] = {{40}, {50}, {60}, {70}};
    capture_t c;
    gpucoh_last_inputs_print(cap_open(&c), &t, NULL, ring, 4, 5, 7);
    char* got = cap_close(&c);
    assert_string_equal(got, "  last inputs:\n"
                             "           5 {\"v\": 50}\n"
                             "           6 {\"v\": 60}\n"
                             "           7 {\"v\": 70}\n");
    free(got);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(agree),
        cmocka_unit_test(fresh_record),
        cmocka_unit_test(cmp_words),
        cmocka_unit_test(first_check_ends_step),
        cmocka_unit_test(report_goes_on_first_kept),
        cmocka_unit_test(report_stops),
        cmocka_unit_test(div_output),
        cmocka_unit_test(div_state),
        cmocka_unit_test(div_assertion),
        cmocka_unit_test(div_wide_value),
        cmocka_unit_test(last_inputs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
