/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_litmus_run_system.c -- litmus_opts_t.run_system (tb/sys/litmus.h), the hook through which
 * another clock runs each litmus run's system (the SystemC TLM platform, systemc/tlm/):
 *   - a hook that builds the system itself and steps it one cycle per gsys_run(s, 1) call gives
 *     the same histogram, run for run, as the runner without the hook (TC-Weak, plain MP, whose
 *     weak outcome shows);
 *   - a hook that fails stops the test with its message (-1);
 *   - a run the hook reports as a deadlock is a fatal check of the test (it fails).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "litmus.h"
#include "tc_sys.h"

static const char* const MP = "test MP\n"
                              "loc data\n"
                              "loc flag\n"
                              "warm sm=1 data\n"
                              "thread T0 sm=0 cta=0\n"
                              "  st data 1\n"
                              "  st flag 1\n"
                              "thread T1 sm=1 cta=1\n"
                              "  ld r0 flag\n"
                              "  ld r1 data\n"
                              "allow all r0=* r1=*\n"
                              "witness all r0=1 r1=0\n";

typedef struct {
    uint64_t calls;
    int mode; /* 0 step the system, 1 fail, 2 report a deadlock */
} hook_t;

static int hook(void* ctx, const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl,
                uint64_t max_cycles, FILE* report, gsys_run_t* end, uint64_t* cycles, char* err,
                size_t errlen) {
    hook_t* h = ctx;
    h->calls++;
    if (h->mode == 1) {
        snprintf(err, errlen, "hook: no platform");
        return -1;
    }
    gsys_t* s = gsys_new(cfg, be, wl, err, errlen);
    if (!s)
        return -1;
    gsys_run_t r = GSYS_RUN_CYCLES;
    for (uint64_t k = 0; k < max_cycles && r == GSYS_RUN_CYCLES; k++)
        r = gsys_run(s, 1, report);
    *end = h->mode == 2 ? GSYS_RUN_DEADLOCK : r;
    *cycles = gsys_cycle(s);
    gsys_free(s);
    return 0;
}

static int run(litmus_t* t, hook_t* h, litmus_result_t* r, char* err, size_t errlen) {
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = 300;
    o.seed = 7;
    o.witness_min_runs = 100;
    if (h) {
        o.run_system = hook;
        o.run_ctx = h;
    }
    gsys_cfg_t cfg = tc_sys_cfg_small(TC_WEAK);
    memset(r, 0, sizeof *r);
    return litmus_run(t, &cfg, &o, NULL, r, err, errlen);
}

static void test_same_histogram(void** state) {
    (void)state;
    char err[512];
    litmus_t* t = litmus_parse(MP, "mp.litmus", err, sizeof err);
    assert_non_null(t);
    litmus_result_t a, b;
    hook_t h = {0, 0};
    assert_int_equal(run(t, NULL, &a, err, sizeof err), 0);
    assert_int_equal(run(t, &h, &b, err, sizeof err), 0);
    assert_int_equal(h.calls, 300);
    assert_int_equal(a.runs, b.runs);
    assert_int_equal(a.nout, b.nout);
    assert_true(a.nout >= 2);
    uint64_t weak = 0;
    for (uint32_t i = 0; i < a.nout; i++) {
        assert_memory_equal(a.out[i].v, b.out[i].v, a.nkeys * sizeof(uint32_t));
        assert_int_equal(a.out[i].count, b.out[i].count);
        assert_int_equal(a.out[i].first_run, b.out[i].first_run);
        if (a.out[i].v[0] == 1 && a.out[i].v[1] == 0)
            weak = a.out[i].count;
    }
    print_message("MP tc-weak, 300 runs: %u outcomes, weak r0=1 r1=0 %llu times, both ways\n",
                  a.nout, (unsigned long long)weak);
    assert_true(weak > 0);
    litmus_result_free(&a);
    litmus_result_free(&b);
    litmus_free(t);
}

static void test_hook_error_stops(void** state) {
    (void)state;
    char err[512];
    litmus_t* t = litmus_parse(MP, "mp.litmus", err, sizeof err);
    assert_non_null(t);
    litmus_result_t r;
    hook_t h = {0, 1};
    assert_int_equal(run(t, &h, &r, err, sizeof err), -1);
    assert_int_equal(h.calls, 1);
    assert_string_equal(err, "hook: no platform");
    litmus_result_free(&r);
    litmus_free(t);
}

static void test_hook_deadlock_fails(void** state) {
    (void)state;
    char err[512];
    litmus_t* t = litmus_parse(MP, "mp.litmus", err, sizeof err);
    assert_non_null(t);
    litmus_result_t r;
    hook_t h = {0, 2};
    assert_int_equal(run(t, &h, &r, err, sizeof err), 1);
    assert_int_equal(r.chk.fatal, 300);
    assert_false(r.pass);
    assert_non_null(strstr(r.chk.msg[0], "DEADLOCK"));
    litmus_result_free(&r);
    litmus_free(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_histogram),
        cmocka_unit_test(test_hook_error_stops),
        cmocka_unit_test(test_hook_deadlock_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
