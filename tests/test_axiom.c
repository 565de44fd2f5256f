/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_axiom.c -- the axiomatic oracle's library (tb/sys/axiom.h) on small texts: candidate
 * counts, allowed sets, races, the check of hand-written lines, the bound and the test-only
 * axiom switch. Also built with ASan + UBSan by make test (section 2). The command and the
 * published verdicts: tests/test_model.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "axiom.h"
#include "litmus_view.h"

static litmus_t* parse(const char* text) {
    char err[512];
    litmus_t* t = litmus_parse(text, "t.litmus", err, sizeof err);
    if (!t)
        print_error("%s\n", err);
    assert_non_null(t);
    return t;
}

static const char SB[] = "test SB\nloc x\nloc y\n"
                         "thread T0 sm=0 cta=0\n st x 1\n ld r0 y\n"
                         "thread T1 sm=1 cta=1\n st y 1\n ld r1 x\n"
                         "allow all\n";

static bool allows(const ax_result_t* r, uint32_t m, uint32_t a, uint32_t b) {
    const uint32_t v[2] = {a, b};
    return ax_allows(r, m, v);
}

/* SB: 4 candidates (each read from init or the other's store), SC forbids 0/0, PTX allows it;
 * the plain accesses race under drf-sc. */
static void test_sb(void** state) {
    (void)state;
    litmus_t* t = parse(SB);
    ax_result_t r;
    char err[256];
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
    assert_int_equal(r.candidates, 4);
    assert_int_equal(r.nuniv, 4);
    assert_int_equal(r.nout[AX_SC], 3);
    assert_false(allows(&r, AX_SC, 0, 0));
    assert_true(allows(&r, AX_PTX, 0, 0));
    assert_true(r.racy[AX_DRF]);
    assert_non_null(strstr(r.race[AX_DRF], "T0 line"));
    ax_result_free(&r);
    litmus_free(t);
}

/* Atomic adds: no lost update under any model when both are at GPU scope; at CTA scope in two
 * CTAs PTX allows x = 1 (not morally strong) and hrf-* call it a race. */
static void test_atomics(void** state) {
    (void)state;
    static const char* const scope[2] = {"gpu", "cta"};
    for (int s = 0; s < 2; s++) {
        char text[512];
        snprintf(text, sizeof text,
                 "test A\nloc x\nthread T0 sm=0 cta=0\n atom.add.%s r0 x 1\n"
                 "thread T1 sm=1 cta=1\n atom.add.%s r1 x 1\nallow all x=*\n",
                 scope[s], scope[s]);
        litmus_t* t = parse(text);
        ax_result_t r;
        char err[256];
        assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
        const uint32_t lost[3] = {0, 0, 1};
        assert_int_equal(ax_allows(&r, AX_PTX, lost), s == 1);
        assert_false(ax_allows(&r, AX_SC, lost));
        assert_int_equal(r.racy[AX_HRFI], s == 1);
        ax_result_free(&r);
        litmus_free(t);
    }
}

/* A CAS that fails writes nothing: two CAS 0 -> 1 cannot both succeed, and one always does. */
static void test_cas(void** state) {
    (void)state;
    litmus_t* t = parse("test C\nloc l\nthread T0 sm=0 cta=0\n atom.cas.acquire r0 l 0 1\n"
                        "thread T1 sm=1 cta=1\n atom.cas.acquire r1 l 0 1\nallow all l=*\n");
    ax_result_t r;
    char err[256];
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
    const uint32_t both[3] = {0, 0, 1}, one[3] = {0, 1, 1}, none[3] = {1, 1, 1};
    for (uint32_t m = 0; m < AX_NMODELS; m++) {
        assert_false(ax_allows(&r, m, both));
        assert_true(ax_allows(&r, m, one));
        assert_false(ax_allows(&r, m, none));
    }
    ax_result_free(&r);
    litmus_free(t);
}

/* --check: a wrong forbid line is a disagreement at its line; a right one is not. */
static void test_check(void** state) {
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "%sforbid sc r0=0 r1=0\nforbid sc r0=1 r1=1\n", SB);
    litmus_t* t = parse(text);
    ax_result_t r;
    char err[256];
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
    ax_disagree_t* d = NULL;
    const uint32_t n = ax_check(t, &r, 1u << AX_SC, &d);
    assert_int_equal(n, 1);
    assert_int_equal(d[0].src, 12);
    assert_int_equal(d[0].cls, LV_FORBID);
    assert_null(d[0].variant);
    ax_disagree_free(d, n);
    ax_result_free(&r);
    litmus_free(t);
}

/* Beyond the bound: refused with a message, not enumerated. */
static void test_bound(void** state) {
    (void)state;
    char text[4096];
    size_t k = (size_t)snprintf(text, sizeof text, "test B\nloc x\n");
    for (int th = 0; th < 4; th++) {
        k += (size_t)snprintf(text + k, sizeof text - k, "thread T%d sm=%d cta=%d\n", th, th, th);
        for (int i = 0; i < 3; i++)
            k += (size_t)snprintf(text + k, sizeof text - k, " st x %d\n", th * 3 + i + 1);
    }
    snprintf(text + k, sizeof text - k, "allow all\n");
    litmus_t* t = parse(text);
    ax_result_t r;
    char err[256];
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "beyond the oracle's bound"));
    litmus_free(t);
}

/* The test-only switch: removing sc's acyclicity lets SB's 0/0 through; a bad name is refused. */
static void test_drop(void** state) {
    (void)state;
    litmus_t* t = parse(SB);
    ax_result_t r;
    char err[256];
    setenv("GPUCOH_MODEL_DROP_AXIOM", "sc:acyclic-sc", 1);
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
    assert_true(allows(&r, AX_SC, 0, 0));
    ax_result_free(&r);
    setenv("GPUCOH_MODEL_DROP_AXIOM", "sc:nothing", 1);
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "no axiom 'sc:nothing'"));
    unsetenv("GPUCOH_MODEL_DROP_AXIOM");
    litmus_free(t);
}

/* Every model has at least one axiom in the table, and names are unique per model. */
/* The remote scope (docs/units/gpu/rsp.md section 7): MP with a CTA release and an rm acquire
 * on another SM synchronizes under hrf-rsp (r0=1 r1=0 forbidden) and is a scope race under
 * hrf-indirect, which reads rm as GPU; with a GPU acquire instead of rm hrf-rsp races too. */
static const char MP_RM[] = "test MP+rel.cta+acq.rm\nloc d\nloc f\n"
                            "thread T0 sm=0 cta=0\n st d 1\n rel.cta f 1\n"
                            "thread T1 sm=1 cta=1\n acq.rm r0 f until=1\n ld r1 d\n"
                            "expect oracle\n";

static void rm_verdicts(const char* text, bool rsp_racy) {
    litmus_t* t = parse(text);
    ax_result_t r;
    char err[256];
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
    assert_int_equal(r.racy[AX_HRSP], rsp_racy);
    assert_true(r.racy[AX_HRFI]);
    assert_true(r.racy[AX_DRF]);
    if (!rsp_racy)
        assert_false(allows(&r, AX_HRSP, 1, 0));
    ax_result_free(&r);
    litmus_free(t);
}

static void test_remote_scope(void** state) {
    (void)state;
    assert_int_equal(ax_model_index("hrf-rsp"), AX_HRSP);
    rm_verdicts(MP_RM, false);
    char alt[sizeof MP_RM + 8];
    /* the spelling reads as rm; a GPU acquire does not promote */
    const char* at = strstr(MP_RM, " acq.rm") + 1;
    snprintf(alt, sizeof alt, "%.*sacq.rm_agent%s", (int)(at - MP_RM), MP_RM, at + 6);
    rm_verdicts(alt, false);
    snprintf(alt, sizeof alt, "%.*sacq.gpu%s", (int)(at - MP_RM), MP_RM, at + 6);
    rm_verdicts(alt, true);
    /* two CTA-scope atomics of two CTAs still race beside an rm one */
    litmus_t* t = parse("test A\nloc x\nthread T0 sm=0 cta=0\n atom.add.cta r0 x 1\n"
                        "thread T1 sm=1 cta=1\n atom.add.cta r1 x 1\n"
                        "thread T2 sm=2 cta=2\n atom.add.rm r2 x 1\nexpect oracle\n");
    ax_result_t r;
    char err[256];
    assert_int_equal(ax_enumerate(t, &r, err, sizeof err), 0);
    assert_true(r.racy[AX_HRSP]);
    ax_result_free(&r);
    litmus_free(t);
    /* no rm fences, no rm plain accesses */
    const char* bad[] = {"test B\nloc x\nthread T0 sm=0 cta=0\n fence.rm\nexpect oracle\n",
                         "test B\nloc x\nthread T0 sm=0 cta=0\n ld.rm r0 x\nexpect oracle\n",
                         "test B\nloc x\nthread T0 sm=0 cta=0\n st.rm x 1\nexpect oracle\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        t = litmus_parse(bad[i], "t.litmus", err, sizeof err);
        assert_null(t);
        assert_non_null(strstr(err, "scope rm needs"));
    }
}

static void test_table(void** state) {
    (void)state;
    uint32_t per[AX_NMODELS] = {0};
    ax_axiom_info_t a, b;
    for (uint32_t i = 0; ax_axiom_at(i, &a); i++) {
        per[a.model]++;
        for (uint32_t j = 0; j < i; j++) {
            assert_true(ax_axiom_at(j, &b));
            assert_false(a.model == b.model && !strcmp(a.name, b.name));
        }
    }
    for (uint32_t m = 0; m < AX_NMODELS; m++) {
        assert_true(per[m] > 0);
        assert_int_equal(ax_model_index(ax_model_name(m)), (int)m);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sb),    cmocka_unit_test(test_atomics),
        cmocka_unit_test(test_cas),   cmocka_unit_test(test_check),
        cmocka_unit_test(test_bound), cmocka_unit_test(test_drop),
        cmocka_unit_test(test_table), cmocka_unit_test(test_remote_scope),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
