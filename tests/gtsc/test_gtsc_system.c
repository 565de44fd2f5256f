/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_gtsc_system.c -- G-TSC on the shared system (tb/proto/gtsc/): the timing of a timestamp
 * overflow through the system's global_in hook (docs/units/gtsc/gtsc.md sections 7.4, 13 and
 * golden test G6; review 2026-11-30 section 7.1). One SM, one bank, TsWidth 6, Lease 5, G-TSC-SC
 * (each store waits for its WACK): warp 0 stores line 0 eleven times. The bank fills (1, 6); the
 * stores take 7/12 ... 61/63; the eleventh finds rts == 63 and the bank sets ovf_q at an edge t
 * (O01); gtsc_ovf must raise tsrst at t + 1 and every unit reset at t + 2 (the bank's ep becomes
 * 1); the store is then performed as an old request: ST_ts 7, and the warp's warp_ts ends at 7.
 * A global_in hook called after the banks' edge would give gtsc_ovf the bank's ovf_o of the same
 * edge: tsrst at t, the reset at t + 1 (this test fails).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "gsys.h"
#include "gtsc_sys_rtl.h"

enum { STORES = 11 };

typedef struct {
    uint32_t issued, done;
} wl_t;

static bool wl_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    (void)cycle;
    wl_t* w = ctx;
    if (sm != 0 || wf != 0 || w->issued == STORES || w->issued != w->done)
        return false;
    op->kind = GSYS_OP_STORE;
    op->addr = 0;
    op->value = ++w->issued;
    return true;
}

static void wl_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                    const uint32_t* line, uint64_t cycle) {
    (void)sm, (void)wf, (void)op, (void)value, (void)line, (void)cycle;
    ((wl_t*)ctx)->done++;
}

static bool wl_finished(void* ctx) {
    return ((wl_t*)ctx)->done == STORES;
}

static gsys_cfg_t g6_cfg(void) {
    extern const gsys_proto_t gtsc_proto;
    gsys_cfg_t c;
    gtsc_proto.config(GTSC_SC, false, &c);
    char err[256];
    assert_int_equal(gtsc_proto.param_set(gsys_pd(&c), "sm=1", err, sizeof err), 0);
    assert_int_equal(gtsc_proto.param_set(gsys_pd(&c), "banks=1", err, sizeof err), 0);
    return c;
}

/* the cycles (edges) at which the bank's ovf_q, gtsc_ovf's tsrst_q and the bank's epoch first
 * changed */
typedef struct {
    int64_t ovf, pulse, reset;
} edges_t;

static void watch(const gsys_backend_t* be, uint64_t cyc, edges_t* e) {
    const gtsc_l2_t* b = gtsc_backend_c_l2(be, 0);
    const gtsc_ovf_t* o = gtsc_backend_c_ovf(be);
    if (e->ovf < 0 && gtsc_l2_ovf(b))
        e->ovf = (int64_t)cyc;
    if (e->pulse < 0 && o->tsrst_q)
        e->pulse = (int64_t)cyc;
    if (e->reset < 0 && gtsc_l2_ep(b) == 1u)
        e->reset = (int64_t)cyc;
}

static void test_g6_overflow_timing(void** state) {
    (void)state;
    const gsys_cfg_t cfg = g6_cfg();
    gsys_backend_t be;
    char err[256];
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    wl_t w = {0, 0};
    gsys_workload_t wl = {&w, wl_next, wl_done, wl_finished, NULL, NULL};
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    edges_t e = {-1, -1, -1};
    gsys_run_t r = GSYS_RUN_CYCLES;
    for (uint64_t c = 0; c < 20000 && r == GSYS_RUN_CYCLES; c++) {
        r = gsys_run(s, 1, stderr);
        watch(&be, gsys_cycle(s) - 1u, &e);
    }
    print_message("G6: ovf_q at edge %lld, tsrst at %lld, reset at %lld; warp_ts %u, resets %u\n",
                  (long long)e.ovf, (long long)e.pulse, (long long)e.reset,
                  gtsc_l1_warp_ts(gtsc_backend_c_l1(&be, 0), 0), gtsc_backend_c_ovf(&be)->nrst_q);
    assert_int_equal(r, GSYS_RUN_DONE);
    assert_int_equal(w.done, STORES);
    assert_true(e.ovf > 0);
    assert_int_equal(e.pulse, e.ovf + 1);
    assert_int_equal(e.reset, e.ovf + 2);
    assert_int_equal(gtsc_backend_c_ovf(&be)->nrst_q, 1);
    assert_int_equal(gtsc_l1_warp_ts(gtsc_backend_c_l1(&be, 0), 0), 7);
    assert_int_equal(gsys_errors(s), 0);
    gsys_free(s);
    be.destroy(be.ctx);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_g6_overflow_timing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
