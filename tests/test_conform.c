/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_conform.c -- `expect oracle` in the litmus runner (tb/sys/litmus.c; litmus.h, "expect
 * oracle") on small hand-made tests: the class of each outcome under each variant (forbidden
 * by the deciding model, undefined when every claimed model finds the test racy, unexpected
 * when no candidate execution gives it), a run's table, the never-observed count, the refusal
 * of a test beyond the oracle's bound and the test-only GPUCOH_LITMUS_CLAIM; a hand-written
 * file judged per variant (issue 25 item 5): by its lines where one names the variant, by the
 * oracle where none does (parse, classes, runs, the bound); set traffic
 * (--set-traffic: it lands in the test's sets, measured by L1 load misses against traffic to
 * other sets, and it must fit the test's SMs). Also built with
 * ASan + UBSan by make test (section 2). The campaign (`gpucoh conform`): tests/test_conform.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "axiom.h"
#include "gsys_backend.h"
#include "litmus_view.h"
#include "tc_sys.h"

static litmus_t* parse(const char* text) {
    char err[512];
    litmus_t* t = litmus_parse(text, "t.litmus", err, sizeof err);
    if (!t)
        print_error("%s\n", err);
    assert_non_null(t);
    return t;
}

/* the expectation bit of a variant (litmus_view.h: the i-th over the registered protocols) */
static uint32_t vbit(const char* name) {
    uint32_t i = 0;
    for (const gsys_proto_t* const* p = gsys_protocols(); *p; p++)
        for (uint32_t k = 0; k < (*p)->nvariants; k++, i++)
            if (!strcmp((*p)->variants[k].name, name))
                return 1u << i;
    fail_msg("no variant %s", name);
    return 0;
}

/* the class of outcome (a, b) under variant vn, and the deciding model */
static uint32_t cls(const litmus_t* t, const char* vn, uint32_t a, uint32_t b, int32_t* m) {
    const uint32_t v[2] = {a, b};
    return litmus_classify_model(t, vbit(vn), v, m);
}

#define TH01 "thread T0 sm=0 cta=0\n"
#define TH11 "thread T1 sm=1 cta=1\n"
static const char SB_RA[] = "test SB+relacq\nloc x\nloc y\n" TH01 " st.release x 1\n"
                            " ld.acquire r0 y\n" TH11 " st.release y 1\n ld.acquire r1 x\n"
                            "expect oracle r0 r1\n";
static const char MP_PLAIN[] = "test MP\nloc x\nloc y\n" TH01 " st x 1\n st y 1\n" TH11
                               " ld r0 y\n ld r1 x\nexpect oracle r0 r1\n";
static const char MP_RA_CTA[] = "test MP+relacq.cta\nloc x\nloc y\n" TH01 " st x 1\n"
                                " st.release.cta y 1\n" TH11 " ld.acquire.cta r0 y\n"
                                " ld r1 x\nexpect oracle r0 r1\n";

/* SB with release/acquire at gpu scope: race-free; rcsc (TC-Strong), drf-sc (GPU-D) and
 * hrf-indirect (GPU-H, its own model decides first) forbid 0/0; rcpc (TC-Weak) and ptx allow
 * it; 2/2 is no candidate's outcome: forbidden by every race-free model (unexpected is for a
 * variant whose every model finds the test racy: test_racy). */
static void test_sb_relacq(void** state) {
    (void)state;
    litmus_t* t = parse(SB_RA);
    int32_t m;
    assert_int_equal(cls(t, "tc-strong", 0, 0, &m), LIT_FORBIDDEN);
    assert_int_equal(m, AX_RCSC);
    assert_int_equal(cls(t, "gpu-d", 0, 0, &m), LIT_FORBIDDEN);
    assert_int_equal(m, AX_DRF);
    assert_int_equal(cls(t, "gpu-h", 0, 0, &m), LIT_FORBIDDEN);
    assert_int_equal(m, AX_HRFI);
    assert_int_equal(cls(t, "tc-weak", 0, 0, &m), LIT_ALLOWED);
    assert_int_equal(m, -1);
    assert_int_equal(cls(t, "tc-weak-c", 0, 0, &m), LIT_ALLOWED);
    assert_int_equal(cls(t, "tc-strong", 1, 0, &m), LIT_ALLOWED);
    assert_int_equal(cls(t, "tc-strong", 2, 2, &m), LIT_FORBIDDEN); /* rcsc lacks it */
    assert_int_equal(cls(t, "tc-weak", 2, 2, &m), LIT_FORBIDDEN);   /* rcpc lacks it too */
    assert_int_equal(m, AX_RCPC);
    litmus_free(t);
}

/* MP with plain accesses: racy under drf-sc and hrf-* (GPU-D and GPU-H claim only those:
 * every outcome undefined); TC-Weak's rcpc is not catch-fire and allows 1/0 */
static void test_racy(void** state) {
    (void)state;
    litmus_t* t = parse(MP_PLAIN);
    int32_t m;
    for (uint32_t a = 0; a < 2; a++)
        for (uint32_t b = 0; b < 2; b++) {
            assert_int_equal(cls(t, "gpu-d", a, b, &m), LIT_UNDEFINED);
            assert_int_equal(cls(t, "gpu-h", a, b, &m), LIT_UNDEFINED);
            assert_int_equal(cls(t, "tc-weak", a, b, &m), LIT_ALLOWED);
        }
    assert_int_equal(cls(t, "gpu-d", 3, 0, &m), LIT_UNEXPECTED);
    litmus_free(t);
}

/* GPUCOH_LITMUS_CLAIM (test-only): TC-Weak made to claim sc forbids MP+relacq.cta's 1/0 (a
 * CTA-scope pair across CTAs does not synchronize under rcpc); an unknown name is refused */
/* Every registered variant whose claimed models forbid SB+relacq's 0/0 (the oracle decides)
 * orders a release before a later acquire in the core (gsys_variant_t.acq_waits_rel): a new
 * variant that names such a model without the flag fails here (memory-models.md section 12) */
static void test_acq_waits_rel(void** state) {
    (void)state;
    litmus_t* t = parse(SB_RA);
    uint32_t need = 0;
    for (const gsys_proto_t* const* p = gsys_protocols(); *p; p++)
        for (uint32_t k = 0; k < (*p)->nvariants; k++) {
            const gsys_variant_t* v = &(*p)->variants[k];
            int32_t m = -1;
            if (cls(t, v->name, 0, 0, &m) != LIT_FORBIDDEN)
                continue;
            need++;
            if (!v->acq_waits_rel)
                fail_msg("%s claims %s, which forbids SB+relacq 0/0, without acq_waits_rel",
                         v->name, v->model);
        }
    assert_int_equal(need, 11); /* tc-strong, gpu-d, gpu-h, gpu-rsp, denovo-d, denovo-d-ro,
                                   denovo-h, hlrc, hlrc-scoped, gtsc, gtsc-sc */
    litmus_free(t);
}

static void test_claim_switch(void** state) {
    (void)state;
    litmus_t* t = parse(MP_RA_CTA);
    int32_t m;
    assert_int_equal(cls(t, "tc-weak", 1, 0, &m), LIT_ALLOWED);
    setenv("GPUCOH_LITMUS_CLAIM", "tc-weak:sc", 1);
    assert_int_equal(cls(t, "tc-weak", 1, 0, &m), LIT_FORBIDDEN);
    assert_int_equal(m, AX_SC);
    assert_int_equal(cls(t, "tc-weak-c", 1, 0, &m), LIT_ALLOWED); /* another variant: as it is */
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    char err[512];
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), 0);
    setenv("GPUCOH_LITMUS_CLAIM", "tc-weak:scc", 1);
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), -1);
    assert_string_equal(err, "GPUCOH_LITMUS_CLAIM: unknown model 'scc'");
    setenv("GPUCOH_LITMUS_CLAIM", "tc-wea:sc", 1);
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), -1);
    unsetenv("GPUCOH_LITMUS_CLAIM");
    litmus_free(t);
}

/* a run: TC-Strong shows only outcomes rcsc allows in SB+relacq (issue 25 item 4's fix); with
 * the fix's mutant it shows 0/0 and the table names rcsc; one run leaves 2 of rcsc's 3 outcomes
 * never observed */
static void test_run(void** state) {
    (void)state;
    litmus_t* t = parse(SB_RA);
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_STRONG);
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = 400;
    litmus_result_t r;
    char err[512], *buf = NULL;
    size_t n = 0;
    /* issue 25 item 4: TC-Strong orders a release before a later acquire (acq_waits_rel) */
    assert_int_equal(litmus_run(t, &cfg, &o, NULL, &r, err, sizeof err), 0);
    for (uint32_t i = 0; i < r.nout; i++)
        assert_int_equal(r.out[i].cls, LIT_ALLOWED);
    litmus_result_free(&r);
    /* its mutant (test-only): r0=r1=0 comes back, forbidden by rcsc */
    setenv("GPUCOH_SYS_ACQ_NO_WAIT", "1", 1);
    FILE* f = open_memstream(&buf, &n);
    assert_non_null(f);
    assert_int_equal(litmus_run(t, &cfg, &o, f, &r, err, sizeof err), 1);
    fclose(f);
    assert_non_null(strstr(buf, "FORBIDDEN  "));
    assert_non_null(strstr(buf, "(by rcsc)"));
    assert_non_null(strstr(buf, "oracle: 3 outcomes allowed by rcsc (tc-strong's model)"));
    free(buf);
    for (uint32_t i = 0; i < r.nout; i++)
        assert_int_equal(r.out[i].model, r.out[i].v[0] == 0 && r.out[i].v[1] == 0 ? AX_RCSC : -1);
    litmus_result_free(&r);
    o.runs = 1;
    assert_int_equal(litmus_run(t, &cfg, &o, NULL, &r, err, sizeof err) >= 0, 1);
    assert_int_equal(r.nout, 1);
    assert_int_equal(r.oracle_never, r.out[0].cls == LIT_ALLOWED ? 2 : 3);
    litmus_result_free(&r);
    unsetenv("GPUCOH_SYS_ACQ_NO_WAIT");
    litmus_free(t);
}

/* a test beyond the oracle's bound (AX_MAX_EVENTS) cannot run */
static void test_bound(void** state) {
    (void)state;
    static char text[8192];
    size_t k = (size_t)snprintf(text, sizeof text, "test BIG\nloc x\n" TH01);
    for (uint32_t i = 0; i < AX_MAX_EVENTS + 1; i++)
        k += (size_t)snprintf(text + k, sizeof text - k, " st x %u\n", i + 1);
    snprintf(text + k, sizeof text - k, "expect oracle x\n");
    litmus_t* t = parse(text);
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    char err[512];
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.litmus:"));
    assert_non_null(strstr(err, "the oracle cannot judge this test"));
    const uint32_t v[1] = {1};
    assert_int_equal(litmus_classify(t, vbit("tc-weak"), v), LIT_UNEXPECTED);
    litmus_free(t);
}

/* ---- a hand-written file's variant no line names (issue 25 item 5; litmus.h) --------------- */

static gsys_cfg_t small_cfg(const char* variant);

/* SB+relacq with lines for tc alone (and `allow all`, which names no variant for this; the
 * forbid line gives tc something to check): tc's variants are judged by the lines, gpu-d and
 * gpu-h by the oracle (drf-sc and hrf-indirect forbid r0=r1=0) */
static const char SB_RA_TC[] = "test SB+relacq.tc\nloc x\nloc y\n" TH01 " st.release x 1\n"
                               " ld.acquire r0 y\n" TH11 " st.release y 1\n ld.acquire r1 x\n"
                               "allow all r0=0 r1=1\nallow all r0=1 r1=0\nallow all r0=1 r1=1\n"
                               "allow tc r0=0 r1=0\nforbid tc r0=2 r1=2\n";

static void test_unnamed_variant(void** state) {
    (void)state;
    litmus_t* t = parse(SB_RA_TC);
    int32_t m;
    assert_false(litmus_expects_oracle(t));
    assert_int_equal(cls(t, "tc-weak", 0, 0, &m), LIT_ALLOWED); /* its line */
    assert_int_equal(m, -1);
    assert_int_equal(cls(t, "gpu-d", 0, 0, &m), LIT_FORBIDDEN); /* the oracle */
    assert_int_equal(m, AX_DRF);
    assert_int_equal(cls(t, "gpu-h", 0, 0, &m), LIT_FORBIDDEN);
    assert_int_equal(m, AX_HRFI);
    assert_int_equal(cls(t, "gpu-d", 1, 1, &m), LIT_ALLOWED);
    static const char* const vs[] = {"gpu-d", "tc-weak"};
    for (uint32_t i = 0; i < 2; i++) {
        gsys_cfg_t cfg = small_cfg(vs[i]);
        litmus_opts_t o;
        litmus_opts_default(&o);
        o.runs = 100;
        litmus_result_t r;
        char err[512], *buf = NULL, want[96];
        size_t n = 0;
        FILE* f = open_memstream(&buf, &n);
        assert_non_null(f);
        assert_int_equal(litmus_run(t, &cfg, &o, f, &r, err, sizeof err), 0);
        fclose(f);
        snprintf(want, sizeof want, "judged by the oracle (no line names %s)", vs[i]);
        assert_int_equal(r.oracle, i == 0);
        assert_int_equal(r.oracle_fallback, i == 0);
        assert_int_equal(strstr(buf, want) != NULL, i == 0);
        assert_int_equal(strstr(buf, "oracle: ") != NULL, i == 0);
        free(buf);
        litmus_result_free(&r);
    }
    litmus_free(t);
}

/* A file whose lines name no gpu variant parses (the oracle judges them); one whose witness line
 * names gpu-d without an allow or forbid line for it does not; nor one with no line at all. */
static void test_unnamed_parse(void** state) {
    (void)state;
    static const char base[] = "test T\nloc x\n" TH01 " st x 1\n" TH11 " ld r0 x\n";
    char text[512], err[512];
    snprintf(text, sizeof text, "%sallow tc r0=0\nforbid tc r0=2\n", base);
    litmus_t* t = litmus_parse(text, "t.litmus", err, sizeof err);
    assert_non_null(t);
    litmus_free(t);
    snprintf(text, sizeof text, "%sallow tc r0=0\nforbid tc r0=2\nwitness gpu-d r0=1\n", base);
    assert_null(litmus_parse(text, "t.litmus", err, sizeof err));
    assert_non_null(strstr(err, "no allow/forbid lines for gpu-d"));
    assert_null(litmus_parse(base, "t.litmus", err, sizeof err));
    assert_non_null(strstr(err, "no allow/forbid lines for"));
}

/* Beyond the oracle's bound: refused under a variant no line names, run under one it names */
static void test_unnamed_bound(void** state) {
    (void)state;
    static char text[8192];
    size_t k = (size_t)snprintf(text, sizeof text, "test BIG\nloc x\n" TH01);
    for (uint32_t i = 0; i < AX_MAX_EVENTS + 1; i++)
        k += (size_t)snprintf(text + k, sizeof text - k, " st x %u\n", i + 1);
    snprintf(text + k, sizeof text - k, "allow tc x=%u\n", AX_MAX_EVENTS + 1);
    litmus_t* t = parse(text);
    char err[512];
    gsys_cfg_t cfg = small_cfg("gpu-h");
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.litmus: no expectation line names gpu-h"));
    assert_non_null(strstr(err, "the oracle cannot judge this test"));
    cfg = small_cfg("tc-weak");
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), 0);
    litmus_free(t);
}

/* ---- set traffic (litmus.h, "Set traffic"; --set-traffic N) -------------------------------- */

/* a C backend made once for a litmus_run and lent to it, so that its counters can be read after
 * the runs (the L1s' transition counts add up over the runs) */
typedef struct {
    gsys_backend_t real;
    bool made;
} cbe_t;

static int c_factory(void* ctx, const gsys_cfg_t* c, gsys_backend_t* be, char* err, size_t n) {
    cbe_t* s = (cbe_t*)ctx;
    if (!s->made && gsys_backend_c_cfg(c, &s->real, err, n) != 0)
        return -1;
    s->made = true;
    gsys_backend_borrow(&s->real, be);
    return 0;
}

/* T0 on SM 0 loads x 40 times (y, on the next line, is never touched): its loads hit while x
 * stays in its L1 */
static char REREAD[2048];
static const char* reread(void) {
    size_t k = (size_t)snprintf(REREAD, sizeof REREAD, "test REREAD\nloc x\nloc y\n" TH01);
    for (uint32_t i = 0; i < 40; i++)
        k += (size_t)snprintf(REREAD + k, sizeof REREAD - k, " ld r%u x\n", i);
    snprintf(REREAD + k, sizeof REREAD - k, "allow all r0=0\nforbid all r0=1\n");
    return REREAD;
}

static gsys_cfg_t small_cfg(const char* variant) {
    uint32_t vi;
    const gsys_proto_t* P = gsys_variant_find(variant, &vi);
    assert_non_null(P);
    gsys_cfg_t cfg;
    P->config(vi, false, &cfg);
    return cfg;
}

/* 60 runs of t under variant with n set-traffic wavefronts (other: the control, to L1 sets no
 * location uses): the L1s' load misses over the runs */
static uint64_t l1_misses(const litmus_t* t, const char* variant, uint32_t n, bool other) {
    gsys_cfg_t cfg = small_cfg(variant);
    cbe_t be = {.made = false};
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = 60;
    o.set_traffic = n;
    o.set_traffic_other = other;
    o.make_backend = c_factory;
    o.backend_ctx = &be;
    litmus_result_t r;
    char err[512];
    assert_int_equal(litmus_run(t, &cfg, &o, NULL, &r, err, sizeof err), 0);
    assert_int_equal(r.runs, 60);
    litmus_result_free(&r);
    gsys_counters_t c;
    assert_true(gsys_counters_collect(cfg.proto, gsys_pdc(&cfg), &be.real, &c));
    assert_true(c.have >> GSYS_CTR_L1_LOAD_MISSES & 1u);
    be.real.destroy(be.real.ctx);
    return c.v[GSYS_CTR_L1_LOAD_MISSES];
}

/* The traffic lands in the test's sets: T0's re-reads of x miss far more often with 2 traffic
 * wavefronts on x's L1 set, bank and L2 set than with the same traffic on sets no location uses
 * (the control: its own misses are the same kind, so the difference is T0's) */
static void test_set_traffic_sets(void** state) {
    (void)state;
    litmus_t* t = parse(reread());
    static const char* const vs[] = {"tc-weak", "gpu-d"};
    for (uint32_t i = 0; i < 2; i++) {
        const uint64_t none = l1_misses(t, vs[i], 0, false);
        const uint64_t same = l1_misses(t, vs[i], 2, false);
        const uint64_t other = l1_misses(t, vs[i], 2, true);
        print_message("%s: L1 load misses in 60 runs: none %llu, same sets %llu, other sets %llu\n",
                      vs[i], (unsigned long long)none, (unsigned long long)same,
                      (unsigned long long)other);
        assert_true(other > none);             /* the traffic's own loads */
        assert_true(same > other + 60u * 10u); /* and T0's: 10 of its 40 loads a run, at least */
    }
    litmus_free(t);
}

/* The traffic's wavefronts must fit on the test's SMs: REREAD on the small configuration (8
 * wavefronts per SM; SM 0: T0 and its warmer) takes 6, and 7 is refused naming the limit; the
 * control needs a set no location uses (the small L1 has 4: x and y use 2) */
static void test_set_traffic_fit(void** state) {
    (void)state;
    litmus_t* t = parse(reread());
    gsys_cfg_t cfg = small_cfg("tc-weak");
    litmus_opts_t o;
    litmus_opts_default(&o);
    char err[512];
    o.set_traffic = 6;
    assert_int_equal(litmus_check(t, &cfg, &o, err, sizeof err), 0);
    o.set_traffic_other = true;
    assert_int_equal(litmus_check_fit(t, &cfg, &o, err, sizeof err), 0);
    o.set_traffic = 7;
    assert_int_equal(litmus_check(t, &cfg, &o, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.litmus: set traffic: 7 wavefronts do not fit: the test's SMs "
                                "(0) have 6 spare wavefronts"));
    assert_non_null(strstr(err, "at most --set-traffic 6"));
    litmus_free(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sb_relacq),
        cmocka_unit_test(test_racy),
        cmocka_unit_test(test_acq_waits_rel),
        cmocka_unit_test(test_claim_switch),
        cmocka_unit_test(test_run),
        cmocka_unit_test(test_bound),
        cmocka_unit_test(test_unnamed_variant),
        cmocka_unit_test(test_unnamed_parse),
        cmocka_unit_test(test_unnamed_bound),
        cmocka_unit_test(test_set_traffic_sets),
        cmocka_unit_test(test_set_traffic_fit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
