/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_tc_cover.c -- the functional cover points of tc_l1 and tc_l2 (tc_l1.md section 10,
 * tc_l2.md section 11): names and reachability per configuration, a directed L1 sequence whose
 * victims, round-robin pointer, FIFO and lease corners are counted exactly, a reset that keeps
 * the counts, and the steered random traffic of the small system reaching every reachable point
 * where the unsteered traffic leaves the top-bit and top-set points at 0.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tc_cov.h"
#include "tc_l1.h"
#include "tc_l2.h"
#include "traffic.h"
#include "tc_sys.h"

/* ---- names and reachability ------------------------------------------------------------- */

static void check_names(uint32_t n, const char* (*name)(uint32_t)) {
    for (uint32_t i = 0; i < n; i++) {
        const char* a = name(i);
        assert_non_null(a);
        assert_string_not_equal(a, "?");
        for (uint32_t j = 0; j < i; j++)
            assert_string_not_equal(a, name(j));
    }
    assert_string_equal(name(n), "?");
}

static const char* l1n(uint32_t f) {
    return tc_l1_fcov_name((tc_l1_fcov_t)f);
}
static const char* l2n(uint32_t f) {
    return tc_l2_fcov_name((tc_l2_fcov_t)f);
}

static void test_names(void** state) {
    (void)state;
    check_names(TC_L1_F_N, l1n);
    check_names(TC_L2_F_N, l2n);
    assert_string_equal(tc_l1_fcov_name(TC_L1_F_VIC_RR_W1), "VIC_RR_W1");
    assert_string_equal(tc_l1_fcov_name(TC_L1_F_ROLL_SAME_EDGE), "ROLL_SAME_EDGE");
    assert_string_equal(tc_l2_fcov_name(TC_L2_F_VIC_LEAST_W15), "VIC_LEAST_W15");
    assert_string_equal(tc_l2_fcov_name(TC_L2_F_ROLL_INHERITED), "ROLL_INHERITED");
}

static tc_l1_t* new_l1(const tc_desc_t* d) {
    const tc_l1_desc_t a = tc_l1_desc_from(d);
    char why[256];
    const size_t n = tc_l1_size(&a);
    tc_l1_t* m = tc_l1_init(malloc(n), n, &a, why, sizeof why);
    assert_non_null(m);
    return m;
}

static tc_l2_t* new_l2(const tc_desc_t* d) {
    const tc_l2_desc_t b = tc_l2_desc_from(d);
    char why[256];
    const size_t n = tc_l2_size(&b);
    tc_l2_t* m = tc_l2_init(malloc(n), n, &b, why, sizeof why);
    assert_non_null(m);
    return m;
}

/* Per-way points exist up to the associativity; the protocol and lease decide the rest. */
static void test_reachable(void** state) {
    (void)state;
    tc_desc_t d = tc_desc_small(TC_WEAK); /* 2-way L1 and L2 */
    tc_l1_t* a = new_l1(&d);
    tc_l2_t* b = new_l2(&d);
    for (uint32_t w = 0; w < 8; w++) {
        assert_int_equal(tc_l1_fcov_reachable(a, (tc_l1_fcov_t)(TC_L1_F_VIC_RR_W0 + w)), w < 2);
        assert_int_equal(tc_l1_fcov_reachable(a, (tc_l1_fcov_t)(TC_L1_F_VIC_FREE_I_W0 + w)), w < 2);
    }
    for (uint32_t w = 0; w < 16; w++)
        assert_int_equal(tc_l2_fcov_reachable(b, (tc_l2_fcov_t)(TC_L2_F_VIC_LEAST_W0 + w)), w < 2);
    assert_true(tc_l2_fcov_reachable(b, TC_L2_F_GRANT_KEEPS)); /* predicted lease */
    assert_false(tc_l1_fcov_reachable(NULL, TC_L1_F_FIFO_FULL));
    assert_false(tc_l1_fcov_reachable(a, TC_L1_F_N));
    assert_false(tc_l2_fcov_reachable(b, TC_L2_F_N));
    free(a);
    free(b);

    d = tc_desc_small(TC_STRONG); /* fixed lease: a grant never keeps the older stamp */
    b = new_l2(&d);
    assert_false(tc_l2_fcov_reachable(b, TC_L2_F_GRANT_KEEPS));
    assert_true(tc_l2_fcov_reachable(b, TC_L2_F_VIC_I_OVER_LIVE));
    free(b);

    d = tc_desc_default(TC_WEAK); /* paper: 4-way L1, 8-way L2 */
    a = new_l1(&d);
    b = new_l2(&d);
    assert_true(tc_l1_fcov_reachable(a, TC_L1_F_VIC_RR_W3));
    assert_false(tc_l1_fcov_reachable(a, TC_L1_F_VIC_RR_W4));
    assert_true(tc_l2_fcov_reachable(b, TC_L2_F_VIC_EXP_W7));
    assert_false(tc_l2_fcov_reachable(b, TC_L2_F_VIC_EXP_W8));
    free(a);
    free(b);

    d = tc_desc_small(TC_STRONG); /* lease 0: no line is ever unexpired */
    d.lease = 0;
    b = new_l2(&d);
    assert_false(tc_l2_fcov_reachable(b, TC_L2_F_VIC_LEAST_W0));
    assert_false(tc_l2_fcov_reachable(b, TC_L2_F_LEASE_SAT));
    assert_true(tc_l2_fcov_reachable(b, TC_L2_F_VIC_EXP_W1));
    free(b);
}

/* ---- a directed L1 sequence ------------------------------------------------------------- */

static void edge(tc_l1_t* m, uint32_t now, uint32_t op, uint64_t line, uint32_t rsp_kind,
                 uint64_t rsp_line, uint32_t ts) {
    tc_l1_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.t.now = now;
    if (op != TC_OP_NONE) {
        in.core.valid = true;
        in.core.op = op;
        in.core.line = line;
    }
    if (rsp_kind != TC_RSP_NONE) {
        in.rsp.valid = true;
        in.rsp.kind = rsp_kind;
        in.rsp.line = rsp_line;
        in.rsp.ts = ts;
    }
    tc_l1_tick(m, &in, NULL);
}

/* load line at edge now (pushed), tried at now + 1 */
static void load(tc_l1_t* m, uint32_t* now, uint64_t line) {
    edge(m, (*now)++, TC_OP_LOAD, line, TC_RSP_NONE, 0, 0);
    edge(m, (*now)++, TC_OP_NONE, 0, TC_RSP_NONE, 0, 0);
}

static void data(tc_l1_t* m, uint32_t* now, uint64_t line, uint32_t ts) {
    edge(m, (*now)++, TC_OP_NONE, 0, TC_RSP_DATA, line, ts);
}

/* Set 0 of the small L1 (lines 0, 4, 8, 12: tags 0..3), two ways. */
static void test_l1_directed(void** state) {
    (void)state;
    const tc_desc_t d = tc_desc_small(TC_WEAK);
    tc_l1_t* m = new_l1(&d);
    tc_l1_in_t rst;
    memset(&rst, 0, sizeof rst);
    tc_l1_tick(m, &rst, NULL);
    uint32_t now = 10;
    load(m, &now, 0); /* way 0 free (I) */
    data(m, &now, 0, 500);
    assert_int_equal(m->fcov[TC_L1_F_VIC_FREE_I_W0], 1);
    load(m, &now, 4); /* way 1 free, behind the V line in way 0; rr wraps to 0 */
    data(m, &now, 4, 500);
    assert_int_equal(m->fcov[TC_L1_F_VIC_FREE_I_W1], 1);
    assert_int_equal(m->fcov[TC_L1_F_VIC_FREE_OVER_V], 1);
    assert_int_equal(m->fcov[TC_L1_F_RR_PTR_WRAP], 1);
    load(m, &now, 8); /* both V: round robin from rr 0 */
    assert_int_equal(m->fcov[TC_L1_F_VIC_RR_W0], 1);
    assert_int_equal(m->fcov[TC_L1_F_RR_SKIP], 0);
    load(m, &now, 12); /* way 0 waits for its DATA (I_V): rr 1 names way 1, V */
    assert_int_equal(m->fcov[TC_L1_F_VIC_RR_W1], 1);
    assert_int_equal(m->fcov[TC_L1_F_RR_PTR_WRAP], 2);
    data(m, &now, 12, 500);
    load(m, &now, 0); /* rr 0 names way 0 (I_V): the scan skips to way 1 */
    assert_int_equal(m->fcov[TC_L1_F_VIC_RR_W1], 2);
    assert_int_equal(m->fcov[TC_L1_F_RR_SKIP], 1);
    assert_int_equal(m->fcov[TC_L1_F_RR_SCAN_WRAP], 0);
    /* way 0: line 8 (I_V), way 1: line 0 (I_V). Fill line 0 with lTS = the cycle its next load
     * is tried (a hit in the last valid cycle); a second load, tried one cycle later, finds it
     * expired (lTS = now - 1) */
    data(m, &now, 0, now + 2);
    edge(m, now++, TC_OP_LOAD, 0, TC_RSP_NONE, 0, 0);
    edge(m, now++, TC_OP_LOAD, 0, TC_RSP_NONE, 0, 0);
    assert_int_equal(m->fcov[TC_L1_F_HIT_LAST_CYCLE], 1);
    edge(m, now++, TC_OP_NONE, 0, TC_RSP_NONE, 0, 0); /* E01: the tagged line is the victim */
    assert_int_equal(m->fcov[TC_L1_F_EXP_FIRST_CYCLE], 1);
    assert_int_equal(m->fcov[TC_L1_F_VIC_EXPTAG_W1], 1);
    assert_int_equal(m->fcov[TC_L1_F_VIC_EXPTAG_OVER_FREE], 0); /* way 0 is I_V */
    /* the FIFO fills while responses hold the head back (the responses are stray: errors) */
    edge(m, now++, TC_OP_LOAD, 4, 7, 4, 0);
    assert_int_equal(m->fcov[TC_L1_F_FIFO_FULL], 0);
    edge(m, now++, TC_OP_LOAD, 8, 7, 4, 0);
    assert_int_equal(m->fcov[TC_L1_F_FIFO_FULL], 1);
    /* a reset does not clear the counts (like the transition rows) */
    uint64_t before[TC_L1_F_N];
    memcpy(before, m->fcov, sizeof before);
    tc_l1_tick(m, &rst, NULL);
    assert_memory_equal(before, m->fcov, sizeof before);
    free(m);
}

/* ---- the steered traffic of the small system -------------------------------------------- */

static void run_small(tc_protocol_t p, bool steer, uint64_t cycles, tc_cov_t* cov) {
    gsys_cfg_t cfg = tc_sys_cfg_small(p);
    cfg.seed = 7;
    char err[256];
    gsys_backend_t be;
    assert_int_equal(tc_backend_c(TC_D(&cfg), &be, err, sizeof err), 0);
    traffic_cfg_t rc = traffic_cfg_default(&cfg, cfg.seed, ~0ull >> 1);
    rc.steer = steer;
    traffic_t* r = traffic_new(&cfg, &rc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(gsys_run(s, cycles, stderr), GSYS_RUN_CYCLES);
    memset(cov, 0, sizeof *cov);
    for (uint32_t j = 0; j < TC_D(&cfg)->num_sm; j++)
        tc_cov_add_l1(cov, tc_backend_c_l1(&be, j));
    for (uint32_t b = 0; b < TC_D(&cfg)->num_banks; b++)
        tc_cov_add_l2(cov, tc_backend_c_l2(&be, b));
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx);
}

static void test_steering(void** state) {
    (void)state;
    tc_cov_t on, off;
    uint32_t h1, r1, h2, r2;
    run_small(TC_WEAK, true, 300000, &on);
    tc_cov_fcount(&on, &h1, &r1, &h2, &r2);
    assert_int_equal(h1, r1);
    assert_int_equal(h2, r2);
    run_small(TC_WEAK, false, 300000, &off);
    assert_int_equal(off.l1f[TC_L1_F_ALLOC_TAG_MSB], 0);
    assert_int_equal(off.l2f[TC_L2_F_ALLOC_TAG_MSB], 0);
    assert_int_equal(off.l2f[TC_L2_F_ALLOC_SET_TOP], 0);
    assert_int_equal(off.l2f[TC_L2_F_VIC_I_OVER_EXP], 0);
    assert_true(on.l2f[TC_L2_F_VIC_I_OVER_EXP] > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_reachable),
        cmocka_unit_test(test_l1_directed),
        cmocka_unit_test(test_steering),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
