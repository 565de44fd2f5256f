/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_compare_cmd.c -- gpucoh compare (tb/sys/compare.h, synth.h): every synthetic workload
 * finishes with no wrong value on every TC and DeNovo variant at a tiny size, DeNovo's own counters
 * (registrations, transfers, words kept at an acquire) non-zero where its ownership and read-only
 * region act (worksteal, readonly); a broken run is caught (the
 * checker made to read a line nobody wrote, and a mutated protocol whose L1 fills carry a wrong
 * word); the claim logic judges fabricated numbers (PASS, FAIL, not run, not measured); the
 * command refuses bad input with exit 2 and a message naming it, takes --opt=value, and writes
 * its reports. The CLI cases run build/gpucoh (GPUCOH_ROOT must point at the repository).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "compare.h"
#include "tc_sys.h"

static char root[1024];

/* ---- runs ---------------------------------------------------------------------------------- */

/* The small configuration of variant `name` and a tiny workload of kind k (scale percent). */
static void tiny_run(cmp_run_t* r, const char* name, uint32_t k, uint32_t scale) {
    memset(r, 0, sizeof *r);
    uint32_t vi = 0;
    const gsys_proto_t* P = gsys_variant_find(name, &vi);
    assert_non_null(P);
    P->config(vi, false, &r->cfg);
    r->cfg.seed = 3;
    gsys_geom_t g;
    gsys_geometry(&r->cfg, &g);
    r->sc = synth_cfg_default(k, &g, 3, scale);
    cmp_synth_scopes(&r->cfg, &r->sc); /* rsteal: the variant's scopes */
    r->config = "small";
    r->variant = name;
}

static void run_ok(cmp_run_t* r) {
    char err[512];
    const int rc = cmp_run(r, 2000000, true, err, sizeof err);
    if (rc != 0)
        print_error("cmp_run: %s\n", err);
    assert_int_equal(rc, 0);
    assert_true(r->ran);
}

static void test_workloads_pass_on_tc(void** state) {
    (void)state;
    static const char* const v[] = {"tc-strong", "tc-weak", "tc-weak-c"};
    for (uint32_t k = 0; k < SYNTH_N; k++)
        for (uint32_t i = 0; i < 3; i++) {
            cmp_run_t r;
            tiny_run(&r, v[i], k, 10);
            run_ok(&r);
            if (!r.pass)
                print_error("%s on %s: %s\n", synth_name(k), v[i], r.why);
            assert_true(r.pass);
            assert_int_equal(r.rc, GSYS_RUN_DONE);
            assert_int_equal(r.res.errors, 0);
            assert_true(r.res.checked > 0);
            assert_true(r.res.work_total > 0);
            assert_int_equal(r.res.work_done, r.res.work_total);
            assert_true(r.st.cycles > 0 && r.st.req_total > 0);
            assert_true((r.ctr.have >> GSYS_CTR_L1_INVALIDATIONS) & 1u); /* TC fills its counters */
            assert_true((r.ctr.have >> GSYS_CTR_L2_STALL_CYCLES) & 1u);
        }
}

/* The DeNovo variants finish every workload; their own counters come from the C models: on
 * worksteal (one SM's wavefronts synchronizing on their queue) words are registered and owned, on
 * readonly DD+RO's acquires keep the table's VO words that DD's invalidate, so it misses less. */
static double pctr(const cmp_run_t* r, const char* name) {
    double v = -1;
    assert_true(cmp_metric(r, name, &v));
    return v;
}

static void test_workloads_pass_on_denovo(void** state) {
    (void)state;
    static const char* const v[] = {"denovo-d", "denovo-d-ro", "denovo-h"};
    cmp_run_t ro[3];
    for (uint32_t k = 0; k < SYNTH_N; k++)
        for (uint32_t i = 0; i < 3; i++) {
            cmp_run_t r;
            tiny_run(&r, v[i], k, 10);
            run_ok(&r);
            if (!r.pass)
                print_error("%s on %s: %s\n", synth_name(k), v[i], r.why);
            assert_true(r.pass);
            assert_int_equal(r.res.work_done, r.res.work_total);
            assert_true(r.ctr.npv >= 5); /* DeNovo names its own counters */
            if (k == SYNTH_WORKSTEAL) {
                assert_true(pctr(&r, "registrations") > 0);
                assert_true(pctr(&r, "inv_words_kept") > 0); /* registered words kept */
            }
            if (k == SYNTH_READONLY)
                ro[i] = r;
        }
    assert_true(pctr(&ro[1], "l1_invalidations") < pctr(&ro[0], "l1_invalidations"));
    assert_true(pctr(&ro[1], "inv_words_kept") > pctr(&ro[0], "inv_words_kept"));
    assert_true(pctr(&ro[1], "l1_load_misses") < pctr(&ro[0], "l1_load_misses"));
    /* a protocol without its own counters does not measure them */
    cmp_run_t t;
    tiny_run(&t, "tc-weak", SYNTH_WORKSTEAL, 10);
    run_ok(&t);
    double x;
    assert_false(cmp_metric(&t, "registrations", &x));
}

/* The G-TSC variants finish every workload and fill the shared counters the comparison with TC
 * uses (lease misses, both stalls) and their own (renewals, ...); TC fills lease misses too. */
static void test_workloads_pass_on_gtsc(void** state) {
    (void)state;
    static const char* const v[] = {"gtsc", "gtsc-sc"};
    for (uint32_t k = 0; k < SYNTH_N; k++)
        for (uint32_t i = 0; i < 2; i++) {
            cmp_run_t r;
            tiny_run(&r, v[i], k, 10);
            run_ok(&r);
            if (!r.pass)
                print_error("%s on %s: %s\n", synth_name(k), v[i], r.why);
            assert_true(r.pass);
            assert_int_equal(r.res.work_done, r.res.work_total);
            assert_true((r.ctr.have >> GSYS_CTR_L1_LEASE_MISSES) & 1u);
            assert_true(pctr(&r, "stall_cycles") ==
                        pctr(&r, "l1_stall_cycles") + pctr(&r, "l2_stall_cycles"));
            assert_true(pctr(&r, "renewals") >= pctr(&r, "l1_lease_misses")); /* C03 is one */
            assert_true(pctr(&r, "rnw_answers") >= 0);
            assert_true(pctr(&r, "ts_resets") >= 0);
            double x;
            assert_false(cmp_metric(&r, "store_buffer_flushes", &x)); /* no store buffer */
        }
    cmp_run_t t;
    tiny_run(&t, "tc-weak", SYNTH_READSHARED, 10);
    run_ok(&t);
    assert_true(pctr(&t, "l1_lease_misses") == pctr(&t, "l1_invalidations")); /* E01 + E02 */
    double x;
    assert_false(cmp_metric(&t, "renewals", &x)); /* G-TSC's own counter */
}

/* The same seed and parameters give the same run (a comparison can be replayed). */
static void test_runs_are_deterministic(void** state) {
    (void)state;
    cmp_run_t a, b;
    tiny_run(&a, "tc-weak", SYNTH_WORKQUEUE, 10);
    tiny_run(&b, "tc-weak", SYNTH_WORKQUEUE, 10);
    run_ok(&a);
    run_ok(&b);
    assert_int_equal(a.st.cycles, b.st.cycles);
    assert_int_equal(a.st.req_total, b.st.req_total);
    assert_int_equal(a.ctr.v[GSYS_CTR_L1_LOAD_HITS], b.ctr.v[GSYS_CTR_L1_LOAD_HITS]);
}

/* The checker is made to read a line nobody writes: every workload must fail on its values. */
static void test_misread_is_caught(void** state) {
    (void)state;
    for (uint32_t k = 0; k < SYNTH_N; k++) {
        cmp_run_t r;
        tiny_run(&r, "tc-weak", k, 10);
        r.sc.inject = SYNTH_INJECT_MISREAD;
        run_ok(&r);
        assert_false(r.pass);
        assert_true(r.res.errors > 0);
        assert_non_null(strstr(r.why, "wrong value"));
    }
}

/* A mutated TC: its L1s receive every DATA response with word 0 flipped (a fill of a stale or
 * corrupted line). The system, the C models and the workload are the real ones. */
static gsys_proto_t bad_tc;
static gsys_net_t bad_nets[GSYS_MAX_NETS];
static void (*good_sm_rsp)(void* in, const void* msg);

static void bad_sm_rsp(void* in, const void* msg) {
    tc_rsp_t m = *(const tc_rsp_t*)msg;
    if (m.kind == TC_RSP_DATA)
        m.data[0] ^= 0x80000000u;
    good_sm_rsp(in, &m);
}

static void test_mutated_protocol_is_caught(void** state) {
    (void)state;
    bad_tc = tc_proto;
    /* the response network (the one into the SMs) delivers through bad_sm_rsp */
    memcpy(bad_nets, tc_proto.nets, tc_proto.nnets * sizeof *bad_nets);
    for (uint32_t k = 0; k < tc_proto.nnets; k++)
        if (bad_nets[k].dst == GSYS_AT_SM) {
            good_sm_rsp = bad_nets[k].deliver;
            bad_nets[k].deliver = bad_sm_rsp;
        }
    assert_non_null(good_sm_rsp);
    bad_tc.nets = bad_nets;
    for (uint32_t k = 0; k < SYNTH_N; k++) {
        cmp_run_t r;
        tiny_run(&r, k == SYNTH_WORKQUEUE ? "tc-strong" : "tc-weak", k, 10);
        r.cfg.proto = &bad_tc;
        run_ok(&r);
        if (r.pass)
            print_error("%s passed on the mutated protocol\n", synth_name(k));
        assert_false(r.pass);
        assert_true(r.res.errors > 0);
    }
}

/* rsteal passes on every registered variant with the scopes its descriptor gives it; the scopes
 * are the documented ones (docs/cli.md: RM -> cta/rm, a scoped model without RM -> gpu/gpu, a
 * scope-free model -> cta/gpu); GPU-RSP's remote-scoped steals reach its counters, fewer with
 * --steal 0 (only the end-of-work fallback pops of the other queues are steals then) than with
 * 200 per mille. */
static void scopes_of(const char* name, uint32_t* local, uint32_t* steal) {
    cmp_run_t r;
    tiny_run(&r, name, SYNTH_RSTEAL, 10);
    *local = r.sc.local_scope;
    *steal = r.sc.steal_scope;
}

static void test_rsteal_scopes_and_runs(void** state) {
    (void)state;
    static const struct {
        const char* v;
        uint32_t local, steal;
    } want[] = {{"gpu-rsp", GSYS_SCOPE_CTA, GSYS_SCOPE_RM},
                {"gpu-h", GSYS_SCOPE_GPU, GSYS_SCOPE_GPU},
                {"hlrc", GSYS_SCOPE_CTA, GSYS_SCOPE_GPU},
                {"hlrc-scoped", GSYS_SCOPE_CTA, GSYS_SCOPE_GPU},
                {"denovo-d", GSYS_SCOPE_CTA, GSYS_SCOPE_GPU},
                {"denovo-h", GSYS_SCOPE_GPU, GSYS_SCOPE_GPU},
                {"tc-weak", GSYS_SCOPE_CTA, GSYS_SCOPE_GPU},
                {"tc-weak-c", GSYS_SCOPE_GPU, GSYS_SCOPE_GPU},
                {"gpu-d", GSYS_SCOPE_CTA, GSYS_SCOPE_GPU}};
    for (uint32_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        uint32_t l, s;
        scopes_of(want[i].v, &l, &s);
        if (l != want[i].local || s != want[i].steal)
            print_error("%s: rsteal scopes %s/%s\n", want[i].v, synth_scope_name(l),
                        synth_scope_name(s));
        assert_int_equal(l, want[i].local);
        assert_int_equal(s, want[i].steal);
    }
    uint32_t n = 0;
    for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
        for (uint32_t k = 0; k < (*q)->nvariants; k++, n++) {
            cmp_run_t r;
            tiny_run(&r, (*q)->variants[k].name, SYNTH_RSTEAL, 10);
            run_ok(&r);
            if (!r.pass)
                print_error("rsteal on %s: %s\n", r.variant, r.why);
            assert_true(r.pass);
            assert_true(r.res.checked > 0);
        }
    assert_true(n >= 11);
    double rm0, rm200, rel200;
    cmp_run_t r;
    tiny_run(&r, "gpu-rsp", SYNTH_RSTEAL, 50);
    r.sc.steal_permille = 200;
    run_ok(&r);
    assert_true(r.pass);
    rm200 = pctr(&r, "rm_atomics");
    rel200 = pctr(&r, "rm_releases");
    assert_true(rm200 > 0 && rel200 > 0);
    assert_true(pctr(&r, "remote_inval") > 0 && pctr(&r, "remote_flush") > 0);
    tiny_run(&r, "gpu-rsp", SYNTH_RSTEAL, 50);
    r.sc.steal_permille = 0;
    run_ok(&r);
    assert_true(r.pass);
    rm0 = pctr(&r, "rm_atomics");
    assert_true(rm0 < rm200);
    assert_true(pctr(&r, "rm_releases") < rel200);
    /* worksteal: GPU scope for every variant, no RM */
    tiny_run(&r, "gpu-rsp", SYNTH_WORKSTEAL, 50);
    run_ok(&r);
    assert_true(r.pass);
    assert_true(pctr(&r, "rm_atomics") == 0);
}

/* The race-freedom guard: GPU-H (hrf-indirect, no RM) made to pop its own queue at CTA scope
 * while steals are at GPU scope (a heterogeneous race) reads wrong values. */
static void test_rsteal_wrong_scope_is_caught(void** state) {
    (void)state;
    cmp_run_t r;
    tiny_run(&r, "gpu-h", SYNTH_RSTEAL, 100);
    r.cfg.seed = 1;
    r.sc.seed = 1;
    r.sc.inject = SYNTH_INJECT_CTA_LOCAL;
    cmp_synth_scopes(&r.cfg, &r.sc);
    assert_int_equal(r.sc.local_scope, GSYS_SCOPE_CTA);
    run_ok(&r);
    if (r.pass)
        print_error("gpu-h with CTA local pops passed rsteal\n");
    assert_false(r.pass);
    assert_true(r.res.errors > 0);
}

/* ---- claims -------------------------------------------------------------------------------- */

static void fake(cmp_run_t* r, const char* variant, uint32_t kind, uint64_t cycles,
                 uint64_t l2_stall) {
    memset(r, 0, sizeof *r);
    r->config = "small";
    r->variant = variant;
    r->sc.kind = kind;
    r->ran = r->pass = true;
    r->st.cycles = cycles;
    r->ctr.v[GSYS_CTR_L2_STALL_CYCLES] = l2_stall;
    r->ctr.have = (1u << GSYS_CTR_N) - 1u;
}

static const cmp_claim_t* claim(const char* id) {
    uint32_t n;
    const cmp_claim_t* c = cmp_claims(&n);
    for (uint32_t i = 0; i < n; i++)
        if (!strcmp(c[i].id, id))
            return &c[i];
    fail_msg("no claim %s", id);
    return NULL;
}

static uint32_t judge(const cmp_claim_t* c, const cmp_run_t* r, uint32_t n) {
    cmp_verdict_t v;
    cmp_claim_eval(c, "small", r, n, &v);
    return v.status;
}

static void test_claim_logic(void** state) {
    (void)state;
    const cmp_claim_t* c = claim("TCW-CYC");
    cmp_run_t r[2];
    fake(&r[0], "tc-weak", SYNTH_PRODCONS, 100, 0);
    fake(&r[1], "tc-strong", SYNTH_PRODCONS, 200, 0);
    assert_int_equal(judge(c, r, 2), CLAIM_PASS);
    r[0].st.cycles = 300; /* numbers that contradict the claim */
    assert_int_equal(judge(c, r, 2), CLAIM_FAIL);
    r[0].st.cycles = 200; /* equal is not fewer */
    assert_int_equal(judge(c, r, 2), CLAIM_FAIL);
    r[0].st.cycles = 100;
    r[1].pass = false; /* a failed run cannot support a claim */
    assert_int_equal(judge(c, r, 2), CLAIM_FAIL);
    r[1].pass = true;
    assert_int_equal(judge(c, r, 1), CLAIM_NOT_RUN); /* tc-strong was not run */
    cmp_verdict_t v;
    cmp_claim_eval(c, "paper", r, 2, &v); /* nothing at the paper configuration */
    assert_int_equal(v.status, CLAIM_NOT_RUN);
    const cmp_claim_t* s = claim("TCS-STALL");
    fake(&r[0], "tc-weak", SYNTH_PRODCONS, 100, 50);
    fake(&r[1], "tc-strong", SYNTH_PRODCONS, 200, 10); /* contradicts: strong stalls less */
    assert_int_equal(judge(s, r, 2), CLAIM_FAIL);
    r[1].ctr.v[GSYS_CTR_L2_STALL_CYCLES] = 500;
    assert_int_equal(judge(s, r, 2), CLAIM_PASS);
    r[0].ctr.have = 0; /* tc-weak's protocol counts nothing */
    assert_int_equal(judge(s, r, 2), CLAIM_NOT_MEASURED);
}

/* DeNovo's claims judged from fabricated numbers: the true direction holds, the numbers swapped
 * do not; a claim on a protocol's own counter is not measured on a protocol that lacks it. */
static void test_claim_logic_denovo(void** state) {
    (void)state;
    cmp_run_t r[2];
    fake(&r[0], "denovo-d-ro", SYNTH_READONLY, 100, 0);
    fake(&r[1], "denovo-d", SYNTH_READONLY, 200, 0);
    r[0].ctr.v[GSYS_CTR_L1_LOAD_MISSES] = 10;
    r[1].ctr.v[GSYS_CTR_L1_LOAD_MISSES] = 90;
    assert_int_equal(judge(claim("DDRO-MISS"), r, 2), CLAIM_PASS);
    assert_int_equal(judge(claim("DDRO-CYC"), r, 2), CLAIM_PASS);
    r[0].ctr.v[GSYS_CTR_L1_LOAD_MISSES] = 90; /* swapped */
    r[1].ctr.v[GSYS_CTR_L1_LOAD_MISSES] = 10;
    r[0].st.cycles = 200;
    r[1].st.cycles = 100;
    assert_int_equal(judge(claim("DDRO-MISS"), r, 2), CLAIM_FAIL);
    assert_int_equal(judge(claim("DDRO-CYC"), r, 2), CLAIM_FAIL);
    fake(&r[0], "denovo-d", SYNTH_WORKSTEAL, 100, 0);
    fake(&r[1], "gpu-d", SYNTH_WORKSTEAL, 200, 0);
    r[0].st.req_total = 5;
    r[1].st.req_total = 50;
    assert_int_equal(judge(claim("DD-WS-L2"), r, 2), CLAIM_PASS);
    assert_int_equal(judge(claim("DD-WS-CYC"), r, 2), CLAIM_PASS);
    r[0].st.req_total = 500;
    r[0].st.cycles = 300;
    assert_int_equal(judge(claim("DD-WS-L2"), r, 2), CLAIM_FAIL);
    assert_int_equal(judge(claim("DD-WS-CYC"), r, 2), CLAIM_FAIL);
    static const char* const names[] = {"registrations"};
    cmp_claim_t c = {"T", "worksteal", "registrations", "denovo-d", CLAIM_GT, "gpu-d", 0, "t", "s"};
    r[0].ctr.npv = 1;
    r[0].ctr.pnames = names;
    r[0].ctr.pv[0] = 7;
    assert_int_equal(judge(&c, r, 2), CLAIM_NOT_MEASURED); /* GPU names no such counter */
    r[1].ctr.npv = 1;
    r[1].ctr.pnames = names;
    r[1].ctr.pv[0] = 3;
    assert_int_equal(judge(&c, r, 2), CLAIM_PASS);
    r[1].ctr.pv[0] = 9;
    assert_int_equal(judge(&c, r, 2), CLAIM_FAIL);
}

/* hLRC's claims on rsteal: the true direction holds, swapped numbers do not. */
static void test_claim_logic_hlrc(void** state) {
    (void)state;
    cmp_run_t r[4];
    fake(&r[0], "hlrc", SYNTH_RSTEAL, 100, 0);
    fake(&r[1], "gpu-rsp", SYNTH_RSTEAL, 300, 0);
    fake(&r[2], "denovo-d", SYNTH_RSTEAL, 200, 0);
    fake(&r[3], "gpu-h", SYNTH_RSTEAL, 150, 0);
    r[0].st.msgs = 10;
    r[1].st.msgs = 90;
    static const char* const ids[] = {"HL-RSP-CYC", "HL-RSP-MSG", "HL-DD-CYC", "HL-GH-CYC",
                                      "RSP-GH-CYC"};
    for (uint32_t i = 0; i < 5; i++)
        assert_int_equal(judge(claim(ids[i]), r, 4), CLAIM_PASS);
    r[0].st.cycles = 400; /* hLRC slowest */
    r[0].st.msgs = 100;
    r[1].st.cycles = 120; /* RSP faster than steal-only */
    for (uint32_t i = 0; i < 5; i++)
        assert_int_equal(judge(claim(ids[i]), r, 4), CLAIM_FAIL);
    assert_int_equal(judge(claim("HL-RSP-CYC"), r, 1), CLAIM_NOT_RUN);
}

/* G-TSC's claims against TC (seed 003): the thesis's direction holds, swapped numbers do not; a
 * claim on the stalls is not measured for a protocol that does not count both. */
static void test_claim_logic_gtsc(void** state) {
    (void)state;
    static const char* const ids[] = {"GT-TCW-PC-CYC", "GT-TCW-WQ-CYC", "GTSC-TCS-CYC",
                                      "GTSC-TCW-CYC",  "GT-SC-CYC",     "GT-TCS-STALL",
                                      "GT-TCW-STALL",  "GT-TCW-PC-MSG", "GT-TCW-WQ-MSG",
                                      "GTSC-TCS-MSG",  "GT-TCW-LEASE",  "GT-TCW-PC-LEASE"};
    enum { N = sizeof ids / sizeof ids[0] };
    static const char* const v[] = {"gtsc", "gtsc-sc", "tc-weak", "tc-strong"};
    static const uint32_t wl[] = {SYNTH_PRODCONS, SYNTH_WORKQUEUE, SYNTH_READSHARED};
    cmp_run_t r[12];
    /* G-TSC better on everything (the thesis), G-TSC-RC better than G-TSC-SC */
    for (uint32_t w = 0; w < 3; w++)
        for (uint32_t i = 0; i < 4; i++) {
            cmp_run_t* x = &r[w * 4 + i];
            const uint64_t good = i < 2 ? 10 * (i + 1) : 100 * i;
            fake(x, v[i], wl[w], good, good);
            x->st.msgs = good;
            x->ctr.v[GSYS_CTR_L1_STALL_CYCLES] = good;
            x->ctr.v[GSYS_CTR_L1_LEASE_MISSES] = good;
        }
    for (uint32_t k = 0; k < N; k++) {
        if (judge(claim(ids[k]), r, 12) != CLAIM_PASS)
            print_error("%s does not pass\n", ids[k]);
        assert_int_equal(judge(claim(ids[k]), r, 12), CLAIM_PASS);
    }
    /* swapped: TC better on everything, G-TSC-SC better than G-TSC-RC */
    for (uint32_t w = 0; w < 3; w++)
        for (uint32_t i = 0; i < 4; i++) {
            cmp_run_t* x = &r[w * 4 + i];
            const uint64_t bad = i < 2 ? 900 + 10 * (2 - i) : 1000 - 100 * i;
            x->st.cycles = x->st.msgs = bad;
            x->ctr.v[GSYS_CTR_L1_STALL_CYCLES] = x->ctr.v[GSYS_CTR_L2_STALL_CYCLES] = bad;
            x->ctr.v[GSYS_CTR_L1_LEASE_MISSES] = bad;
        }
    for (uint32_t k = 0; k < N; k++) {
        if (judge(claim(ids[k]), r, 12) != CLAIM_FAIL)
            print_error("%s does not fail\n", ids[k]);
        assert_int_equal(judge(claim(ids[k]), r, 12), CLAIM_FAIL);
    }
    r[0].ctr.have &= ~(1u << GSYS_CTR_L1_STALL_CYCLES); /* gtsc on prodcons: no L1 stalls counted */
    assert_int_equal(judge(claim("GT-TCW-STALL"), r, 12), CLAIM_NOT_MEASURED);
    assert_int_equal(judge(claim("GT-TCW-PC-CYC"), r, 2), CLAIM_NOT_RUN); /* no tc-weak run */
}

static void test_claim_near_and_unregistered(void** state) {
    (void)state;
    cmp_claim_t c = {"T",         "readshared", "cycles", "tc-weak", CLAIM_NEAR,
                     "tc-strong", 0.05,         "text",   "source"};
    cmp_run_t r[2];
    fake(&r[0], "tc-weak", SYNTH_READSHARED, 104, 0);
    fake(&r[1], "tc-strong", SYNTH_READSHARED, 100, 0);
    assert_int_equal(judge(&c, r, 2), CLAIM_PASS);
    r[0].st.cycles = 120;
    assert_int_equal(judge(&c, r, 2), CLAIM_FAIL);
    c.b = "no-such-variant";
    cmp_verdict_t v;
    cmp_claim_eval(&c, "small", r, 2, &v);
    assert_int_equal(v.status, CLAIM_NOT_RUN);
    assert_non_null(strstr(v.why, "not registered"));
}

/* Every claim names a workload, a metric a run can have, and two variants. */
static void test_claims_table(void** state) {
    (void)state;
    uint32_t n;
    const cmp_claim_t* c = cmp_claims(&n);
    assert_true(n >= 3);
    cmp_run_t r;
    fake(&r, "x", 0, 1, 1);
    for (uint32_t i = 0; i < n; i++) {
        double v;
        assert_true(synth_find(c[i].workload) >= 0);
        assert_true(cmp_metric(&r, c[i].metric, &v));
        assert_true(strcmp(c[i].a, c[i].b) != 0);
        assert_non_null(c[i].text);
        assert_non_null(c[i].source);
    }
}

/* ---- the command line ---------------------------------------------------------------------- */

static int run(char* out, size_t n, const char* fmt, ...) {
    char cmd[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    char full[4200];
    snprintf(full, sizeof full, "cd %s && (%s) 2>&1", root, cmd);
    FILE* p = popen(full, "r");
    assert_non_null(p);
    const size_t len = fread(out, 1, n - 1, p);
    out[len] = 0;
    char rest[4096]; /* the output past n - 1 bytes is read and dropped: the command must not
                      * die of SIGPIPE because the caller's buffer is full */
    while (fread(rest, 1, sizeof rest, p) > 0) {
    }
    const int st = pclose(p);
    return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
}

static void expect_usage(const char* args, const char* needle) {
    char out[8192];
    const int rc = run(out, sizeof out, "build/gpucoh compare %s", args);
    if (rc != 2 || !strstr(out, needle))
        print_error("gpucoh compare %s -> exit %d:\n%s\n", args, rc, out);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, needle));
    assert_null(strstr(out, "[compare] run")); /* nothing ran */
}

static void test_cli_bad_input(void** state) {
    (void)state;
    expect_usage("--workload foo",
                 "--workload: 'foo' is not one of: prodcons workqueue readshared worksteal "
                 "readonly rsteal");
    expect_usage("--steal 1001", "--steal: 1001 is out of range 0..1000");
    expect_usage("--steal x", "--steal: 'x' is not an unsigned number");
    expect_usage("--steal=-1", "--steal");
    expect_usage("--steal", "needs a value");
    expect_usage("--workload prodcons,bar", "'bar' is not one of");
    expect_usage("--protocol tc-medium", "--protocol: 'tc-medium' is not a registered variant");
    expect_usage("--protocol tc-medium", "tc-weak");
    expect_usage("--protocol", "needs a value");
    expect_usage("--protocol ,", "an empty list");
    expect_usage("--config big", "--config: 'big' is not one of: small paper");
    expect_usage("--seed ten", "--seed: 'ten' is not an unsigned number");
    expect_usage("--scale 0", "--scale: 0 is out of range 1..10000");
    expect_usage("--scale 20000", "out of range");
    expect_usage("--cycles 0", "--cycles");
    expect_usage("--inject typo", "--inject: 'typo' is not one of: misread cta-local");
    expect_usage("--frobnicate", "unknown option '--frobnicate'");
    expect_usage("extra", "unexpected argument 'extra'");
    expect_usage("--no-plot=1", "takes no value");
    expect_usage("--out /proc/nonexistent/x --no-plot", "cannot create the directory");
    expect_usage("--json /nonexistent/x.json --no-plot", "cannot write /nonexistent/x.json");
}

static bool exists(const char* dir, const char* name) {
    char p[2048];
    struct stat sb;
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return stat(p, &sb) == 0 && sb.st_size > 0;
}

static void test_cli_runs_and_reports(void** state) {
    (void)state;
    char dir[] = "/tmp/gpucoh-cmp-XXXXXX", out[32768];
    assert_non_null(mkdtemp(dir));
    int rc = run(out, sizeof out,
                 "build/gpucoh compare --protocol=tc --workload=prodcons,readshared --scale=10 "
                 "--no-plot --out=%s",
                 dir);
    if (rc != 0)
        print_error("%s\n", out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "gpucoh compare: pass: 6 run(s), 0 failed"));
    assert_non_null(strstr(out, "== small / prodcons"));
    assert_non_null(
        strstr(out, "  replay    gpucoh compare --protocol tc-strong,tc-weak,tc-weak-c"));
    assert_non_null(strstr(out, "not run"));
    assert_true(exists(dir, "compare.md") && exists(dir, "compare.csv"));
    assert_true(exists(dir, "compare.json") && !exists(dir, "compare.png"));
    char js[4096];
    rc = run(js, sizeof js, "grep -c '\"verdict\": \"pass\"' %s/compare.json", dir);
    assert_int_equal(rc, 0);
    /* a broken run: exit 1, verdict fail, a replay line of the failing pair */
    rc = run(out, sizeof out,
             "build/gpucoh compare --protocol tc-weak --workload prodcons --scale 10 --no-plot "
             "--quiet --inject misread --out %s",
             dir);
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "gpucoh compare: FAIL: 1 run(s), 1 failed"));
    assert_non_null(strstr(out, "replay    gpucoh compare --protocol tc-weak --workload prodcons"));
    rc = run(js, sizeof js, "grep -c '\"verdict\": \"fail\"' %s/compare.json", dir);
    assert_int_equal(rc, 0);
    /* rsteal: the scopes per variant, --steal in both forms and in the replay line */
    rc = run(out, sizeof out,
             "build/gpucoh compare --protocol gpu-rsp,gpu-h,hlrc --workload rsteal --scale 10 "
             "--steal=120 --no-plot --out %s",
             dir);
    if (rc != 0 && rc != 1)
        print_error("%s\n", out);
    assert_non_null(strstr(out, "3 run(s), 0 failed"));
    assert_non_null(strstr(out, "stolen 120 per mille"));
    assert_non_null(strstr(out, "scopes local/steal: gpu-rsp cta/rm, gpu-h gpu/gpu, hlrc cta/gpu"));
    assert_non_null(strstr(out, "--scale 10 --steal 120 --cycles"));
    rc = run(js, sizeof js,
             "grep -c '\"local_scope\": \"cta\", \"steal_scope\": \"rm\"' %s/compare.json", dir);
    assert_int_equal(rc, 0);
    rc = run(out, sizeof out,
             "build/gpucoh compare --protocol tc-weak --workload worksteal --scale 10 --steal 0 "
             "--no-plot --quiet --out %s",
             dir);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "--steal 0"));
    run(out, sizeof out, "rm -rf %s", dir);
}

static void test_cli_help(void** state) {
    (void)state;
    char out[8192];
    assert_int_equal(run(out, sizeof out, "build/gpucoh compare --help"), 0);
    assert_non_null(strstr(out, "usage: gpucoh compare"));
    assert_int_equal(run(out, sizeof out, "build/gpucoh help"), 0);
    assert_non_null(strstr(out, "compare [options]"));
}

int main(void) {
    const char* r = getenv("GPUCOH_ROOT");
    snprintf(root, sizeof root, "%s", r && *r ? r : ".");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_workloads_pass_on_tc),
        cmocka_unit_test(test_workloads_pass_on_denovo),
        cmocka_unit_test(test_workloads_pass_on_gtsc),
        cmocka_unit_test(test_runs_are_deterministic),
        cmocka_unit_test(test_misread_is_caught),
        cmocka_unit_test(test_mutated_protocol_is_caught),
        cmocka_unit_test(test_rsteal_scopes_and_runs),
        cmocka_unit_test(test_rsteal_wrong_scope_is_caught),
        cmocka_unit_test(test_claim_logic),
        cmocka_unit_test(test_claim_logic_denovo),
        cmocka_unit_test(test_claim_logic_hlrc),
        cmocka_unit_test(test_claim_logic_gtsc),
        cmocka_unit_test(test_claim_near_and_unregistered),
        cmocka_unit_test(test_claims_table),
        cmocka_unit_test(test_cli_bad_input),
        cmocka_unit_test(test_cli_runs_and_reports),
        cmocka_unit_test(test_cli_help),
    };
    return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}
