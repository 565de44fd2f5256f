/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_tc_check.c -- cmocka tests of the TC consistency checkers themselves (tb/sys/check.c,
 * tb/sys/episode.c, tb/sys/litmus.c): each checker must be able to fail.
 *
 *   - the verdict rules of tc_check (nothing checked, failing not-checkable reasons, ...);
 *   - the episode tester passes on both protocols, and catches an injected wrong load value, an
 *     injected wrong atomic return, a protocol too weak for the test (CTA-scope releases under
 *     TC-Weak), and a deadlock (reported by the harness);
 *   - the litmus parser accepts the shipped litmus/ files and rejects malformed text with the
 *     right file:line message;
 *   - litmus runs with a wrong expectation, with only not-checkable outcomes, with unexpected
 *     outcomes or with a witness that never happens fail; a correct test passes.
 *
 * The shipped litmus files are looked up under $GPUCOH_ROOT/litmus (default ./litmus).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "episode.h"
#include "litmus.h"
#include "tc_sys.h"

/* ---- tc_check ------------------------------------------------------------------------------ */

static void test_check_verdicts(void** state) {
    (void)state;
    chk_result_t c;
    char v[128];

    chk_init(&c);
    assert_false(chk_passed(&c)); /* nothing was checked */
    assert_non_null(strstr(chk_verdict(&c, v, sizeof v), "nothing was checked"));

    for (int i = 0; i < 5; i++)
        chk_nc(&c, NC_RACY);
    chk_nc(&c, NC_UNDEFINED);
    assert_false(chk_passed(&c)); /* only not-checkable: still nothing checked */
    assert_int_equal(c.nc, 6);
    assert_int_equal(c.nc_by[NC_RACY], 5);
    assert_non_null(strstr(chk_verdict(&c, v, sizeof v), "nothing was checked"));

    chk_match(&c);
    assert_true(chk_passed(&c)); /* racy / undefined do not fail */
    assert_string_equal(chk_verdict(&c, v, sizeof v), "PASS");

    chk_result_t u = c;
    chk_nc_msg(&u, NC_UNEXPECTED, "outcome %d", 7);
    assert_false(chk_passed(&u));
    assert_string_equal(u.msg[0], "outcome 7");

    chk_result_t m = c;
    chk_mismatch(&m, "bad value 0x%x", 0x2a);
    assert_false(chk_passed(&m));
    assert_int_equal(m.mismatch, 1);
    assert_string_equal(m.msg[0], "bad value 0x2a");

    chk_result_t f = c;
    chk_fatal(&f, "deadlock");
    assert_false(chk_passed(&f));

    chk_result_t g;
    chk_init(&g);
    chk_merge(&g, &m);
    chk_merge(&g, &c);
    assert_int_equal(g.match, 2);
    assert_int_equal(g.mismatch, 1);
    assert_false(chk_passed(&g));

    for (unsigned i = 0; i < CHK_MSGS + 3; i++)
        chk_mismatch(&g, "m%u", i);
    assert_int_equal(g.nmsg, CHK_MSGS);
    assert_int_equal(g.msgs_dropped, 4); /* 1 earlier message kept + 11 new, 8 kept */

    char buf[4096];
    FILE* fp = fmemopen(buf, sizeof buf, "w");
    assert_non_null(fp);
    chk_print(fp, "title", &u);
    fclose(fp);
    assert_non_null(strstr(buf, "title: FAIL"));
    assert_non_null(strstr(buf, "racy 5"));
    assert_non_null(strstr(buf, "unexpected 1"));
}

/* ---- episode tester ------------------------------------------------------------------------ */

static ep_params_t small_params(uint64_t seed) {
    ep_params_t p = ep_defaults();
    p.episodes = 12;
    p.seed = seed;
    return p;
}

static void test_episode_passes(void** state) {
    (void)state;
    for (int proto = 0; proto < 2; proto++) {
        gsys_cfg_t cfg = tc_sys_cfg_small((tc_protocol_t)proto);
        cfg.seed = 11;
        ep_params_t p = small_params(5);
        chk_result_t r;
        char err[256];
        int rc = ep_run(&cfg, &p, NULL, NULL, 0, false, NULL, &r, err, sizeof err);
        assert_int_equal(rc, 0);
        assert_true(chk_passed(&r));
        assert_true(r.match > 1000);
        assert_int_equal(r.mismatch, 0);
        assert_true(r.nc_by[NC_RACY] > 0); /* racy loads happen and are not checkable */
    }
}

/* A workload wrapper that corrupts the n-th completion of one operation kind. */
typedef struct {
    gsys_workload_t* in;
    uint32_t kind;
    uint32_t nth, seen;
    uint32_t xor_mask;
    bool never_finish;
} inject_t;

static bool inj_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    inject_t* j = (inject_t*)ctx;
    return j->in->next(j->in->ctx, sm, wf, cycle, op);
}

static void inj_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                     const uint32_t* line, uint64_t cycle) {
    inject_t* j = (inject_t*)ctx;
    if (op->kind == j->kind && ++j->seen == j->nth)
        value ^= j->xor_mask;
    j->in->done(j->in->ctx, sm, wf, op, value, line, cycle);
}

static bool inj_finished(void* ctx) {
    inject_t* j = (inject_t*)ctx;
    return !j->never_finish && j->in->finished(j->in->ctx);
}

/* Run the episode tester through the injector; returns the result and the run status. */
static gsys_run_t run_injected(gsys_cfg_t* cfg, const ep_params_t* p, inject_t* j,
                               chk_result_t* out, char* report, size_t rlen) {
    char err[256];
    ep_t* e = ep_new(cfg, p, err, sizeof err);
    assert_non_null(e);
    j->in = ep_workload(e);
    gsys_workload_t wl = {j, inj_next, inj_done, inj_finished, NULL, NULL};
    gsys_backend_t be;
    assert_int_equal(tc_backend_c(TC_D(cfg), &be, err, sizeof err), 0);
    gsys_t* s = gsys_new(cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    FILE* fp = fmemopen(report, rlen, "w");
    assert_non_null(fp);
    gsys_run_t rc = gsys_run(s, 2000000, fp);
    fclose(fp);
    ep_finish(e, rc, gsys_cycle(s));
    *out = *ep_result(e);
    gsys_free(s);
    be.destroy(be.ctx);
    ep_free(e);
    return rc;
}

static void test_episode_catches_wrong_load(void** state) {
    (void)state;
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    ep_params_t p = small_params(3);
    p.racy_permille = 0; /* every load is exactly checkable */
    inject_t j = {NULL, GSYS_OP_LOAD, 200, 0, 0x00010000u, false};
    chk_result_t r;
    static char rep[1 << 16];
    assert_int_equal(run_injected(&cfg, &p, &j, &r, rep, sizeof rep), GSYS_RUN_DONE);
    assert_int_equal(r.mismatch, 1);
    assert_false(chk_passed(&r));
    /* the report names SM, wavefront, address, expected and observed values, episode, cycle */
    assert_non_null(strstr(r.msg[0], "load mismatch: SM "));
    assert_non_null(strstr(r.msg[0], " wf "));
    assert_non_null(strstr(r.msg[0], " episode "));
    assert_non_null(strstr(r.msg[0], " addr 0x"));
    assert_non_null(strstr(r.msg[0], "expected 0x"));
    assert_non_null(strstr(r.msg[0], "observed 0x"));
    assert_non_null(strstr(r.msg[0], "at cycle "));
}

static void test_episode_catches_wrong_atomic(void** state) {
    (void)state;
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_STRONG);
    ep_params_t p = small_params(4);
    for (uint32_t nth = 1; nth <= 3; nth++) { /* sync acquires, releases and data atomics */
        inject_t j = {NULL, GSYS_OP_ATOMIC, nth * 37, 0, 0x00400000u, false};
        chk_result_t r;
        static char rep[1 << 16];
        assert_int_equal(run_injected(&cfg, &p, &j, &r, rep, sizeof rep), GSYS_RUN_DONE);
        assert_true(r.mismatch >= 1);
        assert_false(chk_passed(&r));
    }
}

/* Releases with a CTA-scope fence do not wait for the GWCT: under TC-Weak other SMs keep
 * reading their leased copies after the acquire. The checker must see it. */
static void test_episode_catches_weak_release(void** state) {
    (void)state;
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    TC_D(&cfg)->pred_init = TC_D(&cfg)->pred_max = 200; /* long leases */
    ep_params_t p = ep_defaults();
    p.episodes = 50;
    p.locations = 16;
    p.sync_locs = 1;
    p.rel_scope = GSYS_SCOPE_CTA;
    chk_result_t r;
    char err[256];
    int rc = ep_run(&cfg, &p, NULL, NULL, 0, false, NULL, &r, err, sizeof err);
    assert_int_equal(rc, 1);
    assert_true(r.mismatch >= 1);
    assert_non_null(strstr(r.msg[0], "mismatch"));
    /* the same workload with GPU-scope releases is correct */
    p.rel_scope = GSYS_SCOPE_GPU;
    rc = ep_run(&cfg, &p, NULL, NULL, 0, false, NULL, &r, err, sizeof err);
    assert_int_equal(rc, 0);
}

/* Release/acquire mode (episode.h): ticket locks of release stores and acquire loads, half of the
 * episodes on the SM's CTA-scope location. It passes on both protocols; it fails when releases
 * and acquires across SMs are only CTA-scoped (TC-Weak waits for no GWCT), and when a flag load
 * or a ticket returns a wrong value. */
static void test_episode_relacq(void** state) {
    (void)state;
    for (int proto = 0; proto < 2; proto++) {
        gsys_cfg_t cfg = tc_sys_cfg_small((tc_protocol_t)proto);
        cfg.seed = 13;
        ep_params_t p = small_params(6);
        p.sync_mode = EP_SYNC_RELACQ;
        chk_result_t r;
        char err[256];
        assert_int_equal(ep_run(&cfg, &p, NULL, NULL, 0, false, NULL, &r, err, sizeof err), 0);
        assert_true(r.match > 1000);
    }
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    TC_D(&cfg)->pred_init = TC_D(&cfg)->pred_max = 200; /* long leases */
    ep_params_t p = ep_defaults();
    p.sync_mode = EP_SYNC_RELACQ;
    p.cta_permille = 0;
    p.episodes = 50;
    p.locations = 16;
    p.sync_locs = 1;
    p.rel_scope = GSYS_SCOPE_CTA; /* the GPU location used at CTA scope across SMs */
    chk_result_t r;
    char err[256];
    assert_int_equal(ep_run(&cfg, &p, NULL, NULL, 0, false, NULL, &r, err, sizeof err), 1);
    assert_true(r.mismatch >= 1);
    assert_non_null(strstr(r.msg[0], "load mismatch"));
    p = small_params(7);
    p.sync_mode = EP_SYNC_RELACQ;
    static const struct {
        uint32_t kind, nth, xor_mask;
        const char* msg;
    } inj[] = {{GSYS_OP_ACQUIRE, 40, 0x00400000u, "beyond this wavefront's ticket"},
               {GSYS_OP_ACQUIRE, 40, 0xffffffffu, "beyond this wavefront's ticket"},
               {GSYS_OP_ATOMIC, 1, 0x00400000u, "ticket atomic on sync"}}; /* the first ticket */
    for (size_t i = 0; i < sizeof inj / sizeof inj[0]; i++) {
        inject_t j = {NULL, inj[i].kind, inj[i].nth, 0, inj[i].xor_mask, false};
        static char rep[1 << 16];
        cfg = tc_sys_cfg_small(TC_WEAK);
        run_injected(&cfg, &p, &j, &r, rep, sizeof rep);
        assert_true(r.mismatch >= 1);
        if (!strstr(r.msg[0], inj[i].msg))
            fail_msg("injection %zu: '%s'", i, r.msg[0]);
    }
}

/* A workload wrapper for the release/acquire mode that acknowledges every RELEASE late, as a
 * store_ack protocol does (gtsc-sc: the L1 answers the core when the bank's WACK arrives, after
 * the bank performed the store and maybe after another SM read its value): the system completes
 * the release store when the L1 accepts it, the wrapper hands that completion to the tester
 * `delay` cycles later and the wavefront waits for it. Optionally it also makes one flag load
 * return its own ticket k early: the `early`-th ACQUIRE whose true value is below k - 1 (the
 * holder of ticket k - 1 has not acquired yet, so no store of k exists): a real early read. */
#define LATE_MAX_WF 64
typedef struct {
    gsys_workload_t* in;
    uint32_t nwf;
    uint64_t delay;
    uint32_t early, seen;
    bool pending[LATE_MAX_WF];
    gsys_op_t op[LATE_MAX_WF];
    uint64_t due[LATE_MAX_WF];
    uint32_t
        ticket[LATE_MAX_WF]; /* the wavefront's last ATOMIC return: its ticket while it spins */
    uint32_t delayed, injected;
} late_t;

static bool late_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    late_t* l = (late_t*)ctx;
    const uint32_t i = sm * l->nwf + wf;
    if (l->pending[i]) {
        if (cycle < l->due[i])
            return false; /* waiting for the acknowledgement */
        l->pending[i] = false;
        l->in->done(l->in->ctx, sm, wf, &l->op[i], 0, NULL, cycle);
        return false;
    }
    return l->in->next(l->in->ctx, sm, wf, cycle, op);
}

static void late_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                      const uint32_t* line, uint64_t cycle) {
    late_t* l = (late_t*)ctx;
    const uint32_t i = sm * l->nwf + wf;
    if (op->kind == GSYS_OP_RELEASE && l->delay) {
        l->pending[i] = true;
        l->op[i] = *op;
        l->due[i] = cycle + l->delay;
        l->delayed++;
        return;
    }
    if (op->kind == GSYS_OP_ATOMIC)
        l->ticket[i] = value;
    if (op->kind == GSYS_OP_ACQUIRE && l->early && value + 1 < l->ticket[i] &&
        ++l->seen == l->early) {
        value = l->ticket[i];
        l->injected++;
    }
    l->in->done(l->in->ctx, sm, wf, op, value, line, cycle);
}

static bool late_finished(void* ctx) {
    late_t* l = (late_t*)ctx;
    for (uint32_t i = 0; i < LATE_MAX_WF; i++)
        if (l->pending[i])
            return false;
    return l->in->finished(l->in->ctx);
}

static gsys_run_t run_late(tc_protocol_t proto, uint64_t delay, uint32_t early, uint64_t max_cycles,
                           chk_result_t* out, late_t* l) {
    gsys_cfg_t cfg = tc_sys_cfg_small(proto);
    cfg.seed = 13;
    ep_params_t p = small_params(6);
    p.sync_mode = EP_SYNC_RELACQ;
    char err[256];
    ep_t* e = ep_new(&cfg, &p, err, sizeof err);
    assert_non_null(e);
    gsys_geom_t g;
    gsys_geometry(&cfg, &g);
    assert_true(g.num_sm * g.num_wf <= LATE_MAX_WF);
    memset(l, 0, sizeof *l);
    l->in = ep_workload(e);
    l->nwf = g.num_wf;
    l->delay = delay;
    l->early = early;
    gsys_workload_t wl = {l, late_next, late_done, late_finished, NULL, NULL};
    gsys_backend_t be;
    assert_int_equal(tc_backend_c(TC_D(&cfg), &be, err, sizeof err), 0);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    static char rep[1 << 16];
    FILE* fp = fmemopen(rep, sizeof rep, "w");
    assert_non_null(fp);
    gsys_run_t rc = gsys_run(s, max_cycles, fp);
    fclose(fp);
    ep_finish(e, rc, gsys_cycle(s));
    *out = *ep_result(e);
    gsys_free(s);
    be.destroy(be.ctx);
    ep_free(e);
    return rc;
}

/* A release is recorded when its store is handed to the system, not when the store completes
 * (episode.h): with acknowledgements that reach the releasing wavefront long after other SMs read
 * the flag (store_ack, gtsc-sc's timing), every value still checks; a flag load that returns its
 * ticket before the previous holder could have issued its release store is still caught. */
static void test_episode_relacq_late_release_ack(void** state) {
    (void)state;
    for (int proto = 0; proto < 2; proto++) {
        late_t l;
        chk_result_t r;
        assert_int_equal(run_late((tc_protocol_t)proto, 300, 0, 2000000, &r, &l), GSYS_RUN_DONE);
        print_message("%s, release acks 300 cycles late: %u releases, %llu checked, %llu "
                      "mismatches\n",
                      proto ? "TC-Strong" : "TC-Weak", l.delayed, (unsigned long long)r.match,
                      (unsigned long long)r.mismatch);
        assert_true(l.delayed > 100);
        assert_true(r.match > 1000);
        assert_int_equal(r.mismatch, 0);
        assert_true(chk_passed(&r));
        /* the same run with one early flag read (the run need not finish: two wavefronts hold
         * the lock at once, and a late release store can move the flag back under a spinner) */
        run_late((tc_protocol_t)proto, 300, 5, 100000, &r, &l);
        assert_int_equal(l.injected, 1);
        assert_true(r.mismatch >= 1);
        assert_false(chk_passed(&r));
        if (!strstr(r.msg[0], "before the holder of the previous ticket issued its release store"))
            fail_msg("early flag read: '%s'", r.msg[0]);
    }
}

static void test_episode_deadlock_is_fatal(void** state) {
    (void)state;
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    cfg.deadlock_cycles = 3000;
    ep_params_t p = small_params(2);
    p.episodes = 2;
    inject_t j = {NULL, 0xffffu, 0, 0, 0, true}; /* corrupts nothing, never finishes */
    chk_result_t r;
    static char rep[1 << 16];
    assert_int_equal(run_injected(&cfg, &p, &j, &r, rep, sizeof rep), GSYS_RUN_DEADLOCK);
    assert_non_null(strstr(rep, "DEADLOCK"));
    assert_true(r.fatal >= 1);
    assert_false(chk_passed(&r));
    assert_non_null(strstr(r.msg[r.nmsg - 1], "DEADLOCK"));
}

/* ---- litmus parser ------------------------------------------------------------------------- */

static const char* root_dir(void) {
    const char* r = getenv("GPUCOH_ROOT");
    return r && *r ? r : ".";
}

static void test_litmus_files_parse(void** state) {
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/litmus", root_dir());
    DIR* d = opendir(dir);
    assert_non_null(d);
    unsigned n = 0;
    struct dirent* de;
    while ((de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (l < 8 || strcmp(de->d_name + l - 7, ".litmus") != 0)
            continue;
        char path[2048], err[512];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        litmus_t* t = litmus_load(path, err, sizeof err);
        if (!t)
            fail_msg("%s", err);
        litmus_free(t);
        n++;
    }
    closedir(d);
    assert_true(n >= 25);
}

#define HDR                                                                                        \
    "test T\n"                                                                                     \
    "loc x\n"                                                                                      \
    "loc y\n"                                                                                      \
    "thread T0 sm=0 cta=0\n"                                                                       \
    "  st x 1\n"                                                                                   \
    "thread T1 sm=1 cta=1\n"                                                                       \
    "  ld r0 x\n"

static void expect_parse_error(const char* text, const char* msg) {
    char err[512];
    litmus_t* t = litmus_parse(text, "t.litmus", err, sizeof err);
    if (t) {
        litmus_free(t);
        fail_msg("accepted, expected error '%s'", msg);
    }
    if (strncmp(err, msg, strlen(msg)) != 0)
        fail_msg("got '%s', expected it to start with '%s'", err, msg);
}

static void test_litmus_parse_errors(void** state) {
    (void)state;
    expect_parse_error(HDR "  frob r1 x\n", "t.litmus:8: unknown directive or operation 'frob'");
    expect_parse_error(HDR "allow all r9=1\n",
                       "t.litmus:8: unknown register or location 'r9' in outcome");
    expect_parse_error(HDR "allow all r0=1 r0=2\n", "t.litmus:8: duplicate key 'r0' in outcome");
    expect_parse_error(HDR "loc x\n", "t.litmus:8: duplicate name 'x' (first defined at line 2)");
    expect_parse_error(HDR "  ld x y\n",
                       "t.litmus:8: duplicate name 'x' (first defined at line 2)");
    expect_parse_error(HDR "  ld r0 y\n",
                       "t.litmus:8: duplicate name 'r0' (first defined at line 7)");
    expect_parse_error(HDR "thread T0 sm=2 cta=2\n",
                       "t.litmus:8: duplicate name 'T0' (first defined at line 4)");
    expect_parse_error(HDR "  ld r1 z\n", "t.litmus:8: unknown location 'z'");
    expect_parse_error(HDR "  st x\n", "t.litmus:8: st: expected 'st LOC V'");
    expect_parse_error(HDR "  st x 12q\n", "t.litmus:8: bad number '12q'");
    expect_parse_error(HDR "  st x 0x100000000\n", "t.litmus:8: bad number '0x100000000'");
    expect_parse_error(HDR "  ld r1 x until=\n", "t.litmus:8: expected KEY=VALUE");
    expect_parse_error(HDR "  ld r1 x when=1\n", "t.litmus:8: unknown option 'when'");
    expect_parse_error(HDR "  fence.sys\n", "t.litmus:8: 'fence.sys': bad suffix '.sys'");
    expect_parse_error(HDR "  fooz r1 x\n", "t.litmus:8: unknown directive or operation 'fooz'");
    expect_parse_error(HDR "  fence.sc\n", "t.litmus:8: 'fence.sc': fence needs a scope");
    expect_parse_error(HDR "  ld.release.gpu r1 x\n",
                       "t.litmus:8: 'ld.release.gpu': bad suffix '.release'");
    expect_parse_error(HDR "  st.acquire x 1\n", "t.litmus:8: 'st.acquire': bad suffix '.acquire'");
    expect_parse_error(HDR "  atom.add.sc.gpu r1 x 1\n",
                       "t.litmus:8: 'atom.add.sc.gpu': bad suffix '.sc'");
    expect_parse_error(HDR "  atom.add.gpu.acquire r1 x 1\n",
                       "t.litmus:8: 'atom.add.gpu.acquire': bad suffix '.acquire'");
    expect_parse_error(HDR "  atom.cas.acq_rel.cta r1 x 1\n",
                       "t.litmus:8: atom.cas.acq_rel.cta: expected 'atom.cas.acq_rel.cta REG LOC "
                       "CMP SWAP'");
    expect_parse_error(HDR "allow ptx,tc-medium r0=1\n",
                       "t.litmus:8: unknown protocol, family or memory model 'tc-medium'");
    expect_parse_error(HDR "allow tc-medium r0=1\n",
                       "t.litmus:8: unknown protocol, family or memory model 'tc-medium'");
    expect_parse_error(HDR "thread T2 sm=1\n", "t.litmus:8: thread T2: missing cta=");
    expect_parse_error(HDR "thread T2 sm=2 cta=1\n",
                       "t.litmus:8: thread T2: cta 1 is on SM 1 (thread T1)");
    expect_parse_error(HDR "warm sm=1 z\n", "t.litmus:8: unknown location 'z'");
    expect_parse_error(HDR "warm x\n", "t.litmus:8: warm: expected 'warm sm=N LOC...'");
    expect_parse_error("test T\nloc x\n  st x 1\n", "t.litmus:3: operation 'st' outside a thread");
    expect_parse_error("test T\nloc x\n  ld r0 x\n", "t.litmus:3: operation 'ld' outside a thread");
    expect_parse_error(HDR "test U\n", "t.litmus:8: duplicate 'test' line");
    expect_parse_error("loc x\nthread T0 sm=0 cta=0\n  st x 1\nallow all\n",
                       "t.litmus: no 'test NAME' line");
    /* a variant a line names needs an allow or forbid line; one no line names is the oracle's */
    expect_parse_error(HDR "allow tc-weak\nwitness tc-strong r0=1\n",
                       "t.litmus: no allow/forbid lines for tc-strong");
    expect_parse_error(HDR "witness tc-weak r0=1\nforbid tc-strong r0=2\n",
                       "t.litmus: no allow/forbid lines for tc-weak");
    expect_parse_error("test T\nloc x\nthread T0 sm=0 cta=0\nallow all\n",
                       "t.litmus:3: thread T0 has no operations");
    expect_parse_error("test T\nloc x line=1 word=2\nloc y line=1 word=2\nthread T0 sm=0 cta=0\n"
                       "  st x 1\nallow all\n",
                       "t.litmus:3: loc y: line 1 word 2 is already location x");

    char err[512];
    litmus_t* t = litmus_load("/nonexistent/x.litmus", err, sizeof err);
    assert_null(t);
    assert_non_null(strstr(err, "/nonexistent/x.litmus: cannot open"));

    /* a good file: keys are the registers then the final locations named in outcomes */
    t = litmus_parse(HDR "  ld r1 y until=0x1 # comment\nallow all r0=* x=1\n", "t.litmus", err,
                     sizeof err);
    if (!t)
        fail_msg("%s", err);
    assert_int_equal(litmus_nkeys(t), 3);
    assert_string_equal(litmus_key(t, 0), "r0");
    assert_string_equal(litmus_key(t, 1), "r1");
    assert_string_equal(litmus_key(t, 2), "x");
    uint32_t v[3] = {1, 0, 7};
    char b[64];
    litmus_format(t, v, b, sizeof b);
    assert_string_equal(b, "r0=1 r1=0 x=7");
    litmus_free(t);
    /* a location named only as '*' is still observed (its final value shows in the outcomes);
     * the new mnemonics parse */
    t = litmus_parse(HDR "  ld.acquire.cta r1 y\n  atom.exch.acq_rel.gpu r2 y 1\n  fence.sc.cta\n"
                         "  st.release.gpu x 2\n  ld.relaxed r3 x\n"
                         "allow tc-weak,tc-strong,tc-weak-c,gpu x=* r0=1\n",
                     "t.litmus", err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    assert_int_equal(litmus_nkeys(t), 5);
    assert_string_equal(litmus_key(t, 4), "x");
    litmus_free(t);
}

/* ---- litmus runs --------------------------------------------------------------------------- */

#define MP_BODY                                                                                    \
    "test MPt\n"                                                                                   \
    "loc data\n"                                                                                   \
    "loc flag\n"                                                                                   \
    "thread T0 sm=0 cta=0\n"                                                                       \
    "  st data 1\n"                                                                                \
    "  %s\n"                                                                                       \
    "thread T1 sm=1 cta=1\n"                                                                       \
    "  %s r0 flag\n"                                                                               \
    "  ld r1 data\n"                                                                               \
    "%s"

static int run_text(const char* flag_st, const char* flag_ld, const char* exps, tc_protocol_t proto,
                    uint32_t runs, litmus_result_t* r) {
    char text[2048], err[512];
    snprintf(text, sizeof text, MP_BODY, flag_st, flag_ld, exps);
    litmus_t* t = litmus_parse(text, "mp.litmus", err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = runs;
    o.seed = 3;
    o.witness_min_runs = 100;
    gsys_cfg_t cfg = tc_sys_cfg_small(proto);
    int rc = litmus_run(t, &cfg, &o, NULL, r, err, sizeof err);
    if (rc < 0)
        fail_msg("%s", err);
    litmus_free(t);
    return rc;
}

static uint64_t count_of(const litmus_result_t* r, uint32_t r0, uint32_t r1) {
    for (uint32_t i = 0; i < r->nout; i++)
        if (r->out[i].v[0] == r0 && r->out[i].v[1] == r1)
            return r->out[i].count;
    return 0;
}

static void test_litmus_correct_passes(void** state) {
    (void)state;
    for (int proto = 0; proto < 2; proto++) {
        litmus_result_t r;
        int rc = run_text("rel.gpu flag 1", "acq.gpu", "allow all\nforbid all r0=1 r1=0\n",
                          (tc_protocol_t)proto, 400, &r);
        assert_int_equal(rc, 0);
        assert_true(r.pass);
        assert_int_equal(r.chk.match, 400);
        assert_int_equal(count_of(&r, 1, 0), 0);
        litmus_result_free(&r);
    }
}

/* Expectations keyed by memory model and family (litmus.h): TC-Weak gives rcpc, TC-Strong
 * rcsc (and so rcpc). Plain MP shows the stale r0=1 r1=0 under TC-Weak, so a forbid line keyed
 * by a model or family that covers TC-Weak must fail, one keyed by rcsc must not apply. */
static void test_litmus_model_keys(void** state) {
    (void)state;
    static const struct {
        const char* exps;
        int rc;
    } cases[] = {
        /* (forbid all r0=9 r1=9, never seen, keeps a test that would otherwise check nothing
         * under TC-Weak from being refused: test_litmus_checks_nothing_refused) */
        {"allow all\nforbid all r0=9 r1=9\nforbid rcsc r0=1 r1=0\n", 0}, /* not TC-Weak's */
        {"allow all\nforbid rcpc r0=1 r1=0\n", 1}, /* it gives rcpc: the line applies */
        {"allow all\nforbid tc r0=1 r1=0\n", 1},   /* its family */
        {"allow all\nforbid all r0=9 r1=9\nwitness rcsc r0=5 r1=5\n", 0}, /* binds its own */
        {"allow all\nwitness rcpc r0=5 r1=5\n", 1}, /* TC-Weak's own model: never seen, fails */
        {"allow rcpc\nforbid all r0=9 r1=9\nforbid sc r0=1 r1=0\n", 0}, /* sc: no variant */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        litmus_result_t r;
        int rc = run_text("st flag 1", "ld", cases[i].exps, TC_WEAK, 400, &r);
        if (rc != cases[i].rc)
            fail_msg("case %zu (%s): rc %d, expected %d", i, cases[i].exps, rc, cases[i].rc);
        assert_true(count_of(&r, 1, 0) > 0); /* the stale outcome was there to be judged */
        litmus_result_free(&r);
    }
    expect_parse_error(HDR "allow tso r0=1\n",
                       "t.litmus:8: unknown protocol, family or memory model 'tso'");
}

static void test_litmus_wrong_expectation_fails(void** state) {
    (void)state;
    /* plain MP under TC-Weak shows the stale outcome: declaring it forbidden must fail */
    litmus_result_t r;
    int rc = run_text("st flag 1", "ld", "allow all\nforbid tc-weak r0=1 r1=0\n", TC_WEAK, 400, &r);
    assert_int_equal(rc, 1);
    assert_false(r.pass);
    assert_true(r.chk.mismatch > 0);
    assert_int_equal(r.chk.mismatch, count_of(&r, 1, 0));
    assert_non_null(strstr(r.chk.msg[0], "FORBIDDEN outcome r0=1 r1=0 in run "));
    litmus_result_free(&r);
    /* so must a CTA-scope release/acquire across SMs declared as synchronizing */
    rc = run_text("rel.cta flag 1", "acq.cta", "allow all\nforbid tc-weak r0=1 r1=0\n", TC_WEAK,
                  400, &r);
    assert_int_equal(rc, 1);
    assert_true(r.chk.mismatch > 0);
    litmus_result_free(&r);
}

/* A test whose lines name the variant it runs and let every outcome pass under it is refused
 * before any run (litmus_check), naming the catch-all line; a forbid or witness line for the
 * variant, or an allow line with values, makes it a test again. Lines that do not name the
 * variant (`allow all` / `undef all`, or lines for other variants and models) leave it to the
 * oracle (issue 25 item 5): not refused. */
static void test_litmus_checks_nothing_refused(void** state) {
    (void)state;
    static const struct {
        const char* exps;
        int ok;
    } cases[] = {
        {"allow tc-weak\n", 0},
        /* (G-TSC's variants claim rcpc too: a line naming rcpc names them, so they get one) */
        {"allow tc r0=*\nundef rcpc r1=0\nallow gtsc\n", 0},
        {"allow tc\nforbid tc-strong r0=1 r1=0\n", 0}, /* forbids of the other variant only */
        {"allow rcpc\nforbid rcsc r0=1 r1=0\n", 0},    /* TC-Weak does not give rcsc */
        {"allow tc-weak\nforbid tc-weak r0=1 r1=0\n", 1},
        {"allow rcpc\nwitness rcpc r0=0 r1=0\n", 1},
        /* the lines list every outcome the stores can produce (flag and data: 0 or 1) */
        {"allow tc r0=0\nallow all r0=1\n", 0},
        {"allow tc r0=0 r1=0\nallow tc r0=0 r1=1\nallow tc r0=1 r1=0\nundef tc r0=1 r1=1\n", 0},
        {"allow tc r0=0 r1=0\nallow tc r0=0 r1=1\nallow tc r0=1 r1=1\n", 1}, /* 1 0 unexpected */
        {"allow all r0=0\nallow all r0=1 r1=1\nforbid all r0=1 r1=0\n", 1},
        /* no line names tc-weak: the oracle judges it */
        {"allow all\n", 1},
        {"allow all r0=*\nundef all r1=0\n", 1},
        {"allow all\nforbid tc-strong r0=1 r1=0\n", 1},
        {"allow all\nforbid rcsc r0=1 r1=0\n", 1},
        {"allow all r0=0\nallow all r0=1\n", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[2048], err[512];
        snprintf(text, sizeof text, MP_BODY, "st flag 1", "ld", cases[i].exps);
        litmus_t* t = litmus_parse(text, "mp.litmus", err, sizeof err);
        if (!t)
            fail_msg("%s", err);
        gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
        int rc = litmus_check(t, &cfg, NULL, err, sizeof err);
        if ((rc == 0) != cases[i].ok)
            fail_msg("case %zu (%s): rc %d", i, cases[i].exps, rc);
        if (!cases[i].ok &&
            (!strstr(err, "mp.litmus") || !strstr(err, "this test checks nothing under tc-weak")))
            fail_msg("case %zu: message '%s'", i, err);
        litmus_free(t);
    }
}

static void test_litmus_nothing_checked_fails(void** state) {
    (void)state;
    litmus_result_t r;
    /* the only allow line never matches, everything else is undefined: all not-checkable */
    /* (the forbid line, never matched, gets the test past litmus_check's refusal of tests that
     * check nothing, so that the run's own verdict is what is tested here) */
    int rc = run_text("st flag 1", "ld",
                      "allow all r0=7\nundef all r0=0\nundef all r0=1\nforbid all r0=9 r1=9\n",
                      TC_STRONG, 100, &r);
    assert_int_equal(rc, 1);
    assert_false(r.pass);
    assert_int_equal(r.chk.match + r.chk.mismatch, 0);
    assert_int_equal(r.chk.nc_by[NC_UNDEFINED], 100);
    char v[128];
    assert_non_null(strstr(chk_verdict(&r.chk, v, sizeof v), "nothing was checked"));
    litmus_result_free(&r);
}

static void test_litmus_unexpected_fails(void** state) {
    (void)state;
    litmus_result_t r;
    /* the line names tc-weak (an `allow all` line alone would leave it to the oracle) */
    int rc = run_text("st flag 1", "ld", "allow tc-weak r0=0 r1=0\n", TC_WEAK, 100, &r);
    assert_int_equal(rc, 1);
    assert_true(r.chk.nc_by[NC_UNEXPECTED] > 0);
    assert_int_equal(r.chk.mismatch, 0);
    assert_non_null(strstr(r.chk.msg[0], "unexpected outcome"));
    litmus_result_free(&r);
}

static void test_litmus_missing_witness_fails(void** state) {
    (void)state;
    litmus_result_t r;
    /* a GPU release/acquire never shows the stale outcome: a witness for it must fail */
    int rc = run_text("rel.gpu flag 1", "acq.gpu", "allow all\nwitness tc-weak r0=1 r1=0\n",
                      TC_WEAK, 150, &r);
    assert_int_equal(rc, 1);
    assert_true(chk_passed(&r.chk));
    assert_int_equal(r.witness_missing, 1);
    assert_false(r.pass);
    litmus_result_free(&r);
    /* and a witness that does happen passes */
    rc = run_text("st flag 1", "ld", "allow all\nwitness tc-weak r0=1 r1=0\n", TC_WEAK, 400, &r);
    assert_int_equal(rc, 0);
    assert_int_equal(r.witness_missing, 0);
    litmus_result_free(&r);
}

static void test_litmus_setup_errors(void** state) {
    (void)state;
    char err[512];
    litmus_t* t = litmus_parse(HDR "thread T2 sm=7 cta=7\n  ld r1 y\nallow all r1=0\n", "t.litmus",
                               err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = 1;
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    assert_int_equal(litmus_run(t, &cfg, &o, NULL, NULL, err, sizeof err), -1);
    assert_string_equal(err, "t.litmus:8: thread T2: sm=7 but the configuration has 4 SMs");
    litmus_free(t);
    t = litmus_parse(HDR "warm sm=5 x\nallow all r0=0\n", "t.litmus", err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    assert_int_equal(litmus_run(t, &cfg, &o, NULL, NULL, err, sizeof err), -1);
    assert_string_equal(err, "t.litmus:8: warm sm=5 but the configuration has 4 SMs");
    litmus_free(t);
}

/* Reusing one backend (reset by the harness every run) gives the same outcomes as fresh ones. */
static void test_litmus_reuse_equals_fresh(void** state) {
    (void)state;
    char text[2048], err[512];
    snprintf(text, sizeof text, MP_BODY, "st flag 1", "ld", "allow all\nforbid all r0=9 r1=9\n");
    litmus_t* t = litmus_parse(text, "mp.litmus", err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    litmus_result_t r[2];
    for (int k = 0; k < 2; k++) {
        litmus_opts_t o;
        litmus_opts_default(&o);
        o.runs = 200;
        o.seed = 9;
        o.fresh_backend = k == 1;
        gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
        assert_int_equal(litmus_run(t, &cfg, &o, NULL, &r[k], err, sizeof err), 0);
    }
    assert_int_equal(r[0].nout, r[1].nout);
    for (uint32_t i = 0; i < r[0].nout; i++) {
        assert_int_equal(count_of(&r[1], r[0].out[i].v[0], r[0].out[i].v[1]), r[0].out[i].count);
        assert_int_equal(r[0].out[i].first_run, r[1].out[i].first_run);
    }
    litmus_result_free(&r[0]);
    litmus_result_free(&r[1]);
    litmus_free(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_verdicts),
        cmocka_unit_test(test_episode_passes),
        cmocka_unit_test(test_episode_catches_wrong_load),
        cmocka_unit_test(test_episode_catches_wrong_atomic),
        cmocka_unit_test(test_episode_catches_weak_release),
        cmocka_unit_test(test_episode_deadlock_is_fatal),
        cmocka_unit_test(test_episode_relacq),
        cmocka_unit_test(test_episode_relacq_late_release_ack),
        cmocka_unit_test(test_litmus_files_parse),
        cmocka_unit_test(test_litmus_checks_nothing_refused),
        cmocka_unit_test(test_litmus_parse_errors),
        cmocka_unit_test(test_litmus_correct_passes),
        cmocka_unit_test(test_litmus_wrong_expectation_fails),
        cmocka_unit_test(test_litmus_nothing_checked_fails),
        cmocka_unit_test(test_litmus_model_keys),
        cmocka_unit_test(test_litmus_unexpected_fails),
        cmocka_unit_test(test_litmus_missing_witness_fails),
        cmocka_unit_test(test_litmus_setup_errors),
        cmocka_unit_test(test_litmus_reuse_equals_fresh),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
