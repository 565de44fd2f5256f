/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_quality.c -- the race-detection quality engine (tb/units/quality.c, `gpucoh quality`):
 * zero false negatives on the real unit, counters that add up, false positives and forced syncs
 * where they must appear, and a corrupted shadow that the comparison must catch (so the check can
 * fail). The CLI cases run build/gpucoh (GPUCOH_ROOT must point at the repository).
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

#include <cmocka.h>

#include "quality.h"

static char root[1024];

static quality_cfg_t small(uint32_t m, uint32_t gran, uint64_t requests) {
    quality_cfg_t c = quality_cfg_default();
    c.m = m;
    c.gran = gran;
    c.requests = requests;
    c.seed = 7;
    return c;
}

static void run_ok(const quality_cfg_t* c, quality_res_t* r) {
    char err[512] = "";
    int rc = quality_run(c, r, err, sizeof err);
    if (rc != 0)
        print_error("quality_run: %s\n", err);
    assert_int_equal(rc, 0);
}

/* Every answer is classified once; the port counts agree with the classification. */
static void assert_consistent(const quality_cfg_t* c, const quality_res_t* r) {
    if (r->protocol_errors)
        print_error("protocol error: %s\n", r->first_error);
    assert_int_equal(r->protocol_errors, 0);
    assert_int_equal(r->checks, c->requests);
    assert_int_equal(r->tp + r->fp + r->tn + r->fn, r->checks);
    assert_int_equal(r->tp + r->fn, r->true_races);
    assert_int_equal(r->syncs[RDU_RSP_RACE], r->tp + r->fp);
    assert_int_equal(r->syncs[RDU_RSP_NO_RACE], r->tn + r->fn);
    assert_int_equal(r->syncs[RDU_RSP_WRITE_ACK], r->writes);
    for (int k = 1; k < 5; k++)
        assert_int_equal(r->syncs[k], r->model_syncs[k]);
    assert_true(r->byte_races <= r->true_races || c->gran == 1);
}

static void test_no_false_negatives(void** state) {
    (void)state;
    static const uint32_t g[4] = {1, 4, 128, 512};
    for (int i = 0; i < 4; i++) {
        quality_cfg_t c = small(1024, g[i], 3000);
        quality_res_t r;
        run_ok(&c, &r);
        if (r.fn)
            print_error("gran %u: %s\n", g[i], r.first_fn);
        assert_int_equal(r.fn, 0);
        assert_consistent(&c, &r);
        assert_true(r.writes > 0);
        assert_true(r.syncs[RDU_RSP_WRITE_ACK] > 0);
    }
    /* at byte resolution, granularity G >= byte: a byte-level race is always a G-level race */
    quality_cfg_t c = small(4096, 512, 3000);
    quality_res_t r;
    run_ok(&c, &r);
    assert_true(r.true_races > 0);
    assert_true(r.byte_races <= r.true_races);
}

/* A saturated small signature: false positives must appear, at about the analytic rate. */
static void test_false_positives_when_saturated(void** state) {
    (void)state;
    quality_cfg_t c = small(256, 128, 4000);
    c.threshold = 511; /* CMAX at m = 256: forced syncs effectively never happen */
    c.chunk_width = 32;
    quality_res_t r;
    run_ok(&c, &r);
    assert_int_equal(r.fn, 0);
    assert_consistent(&c, &r);
    assert_true(r.fp > 50);
    assert_int_equal(r.syncs[RDU_RSP_FORCED], 0);
    /* one unit per check: the bit-fill estimate must be close to the measured count */
    assert_true(r.exp_fp_bits > 30.0);
    assert_true((double)r.fp > 0.6 * r.exp_fp_bits && (double)r.fp < 1.6 * r.exp_fp_bits);
}

/* Threshold 1 at block granularity: every write (one unit, inserted into the N-1 others)
 * forces a sync of every other SM, and the signatures never hold more than one unit. */
static void test_forced_with_tiny_threshold(void** state) {
    (void)state;
    quality_cfg_t c = small(256, 128, 3000);
    c.threshold = 1;
    c.chunk_width = 32;
    quality_res_t r;
    run_ok(&c, &r);
    assert_int_equal(r.fn, 0);
    assert_consistent(&c, &r);
    const uint64_t f = r.syncs[RDU_RSP_FORCED], w = r.writes;
    assert_true(f <= (c.n - 1u) * w && f + (c.n - 1u) >= (c.n - 1u) * w);
    assert_true(r.max_fill <= 1);
    assert_int_equal(r.fp, 0); /* one key per signature: no aliasing with k = 6 H3 hashes */
}

/* The same seed gives the same run. */
static void test_deterministic(void** state) {
    (void)state;
    quality_cfg_t c = small(2048, 4, 2000);
    quality_res_t a, b;
    run_ok(&c, &a);
    run_ok(&c, &b);
    assert_int_equal(a.cycles, b.cycles);
    assert_int_equal(a.fp, b.fp);
    assert_int_equal(a.true_races, b.true_races);
    assert_int_equal(a.syncs[RDU_RSP_FORCED], b.syncs[RDU_RSP_FORCED]);
    c.seed = 8;
    run_ok(&c, &b);
    assert_true(a.cycles != b.cycles || a.fp != b.fp);
}

/* A corrupted shadow must be reported as false negatives: the comparison can fail. */
static void test_corrupted_shadow_is_caught(void** state) {
    (void)state;
    quality_cfg_t c = small(4096, 128, 4000);
    c.hook = QUALITY_HOOK_KEEP_SET; /* SM 0's exact set is never cleared */
    quality_res_t r;
    run_ok(&c, &r);
    assert_true(r.fn > 0);
    assert_non_null(strstr(r.first_fn, "answered NO_RACE"));
    c.hook = QUALITY_HOOK_PHANTOM; /* keys the signatures never saw */
    run_ok(&c, &r);
    assert_true(r.fn > 0);
}

static void test_bad_cfg(void** state) {
    (void)state;
    char err[512];
    quality_res_t r;
    quality_cfg_t c = small(1000, 128, 10);
    assert_int_not_equal(quality_run(&c, &r, err, sizeof err), 0);
    assert_non_null(strstr(err, "m"));
    c = small(1024, 2, 10);
    assert_int_not_equal(quality_run(&c, &r, err, sizeof err), 0);
    assert_non_null(strstr(err, "gran"));
    c = small(1024, 128, 0);
    assert_int_not_equal(quality_run(&c, &r, err, sizeof err), 0);
    assert_non_null(strstr(err, "requests"));
}

/*--- the command line ------------------------------------------------------------------------*/

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
    size_t len = fread(out, 1, n - 1, p);
    out[len] = 0;
    int st = pclose(p);
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st);
    return WEXITSTATUS(st);
}

static void expect_usage_error(const char* args, const char* needle) {
    char out[8192];
    run(out, sizeof out, "rm -rf build/tests/quality-bad");
    int rc = run(out, sizeof out, "build/gpucoh quality %s --out build/tests/quality-bad", args);
    if (rc != 2 || !strstr(out, needle))
        print_error("gpucoh quality %s -> exit %d, output:\n%s\n", args, rc, out);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, needle));
    struct stat st;
    assert_int_not_equal(stat("build/tests/quality-bad/quality.md", &st), 0);
}

static void test_cli_bad_input(void** state) {
    (void)state;
    expect_usage_error("--frobnicate", "unknown option '--frobnicate'");
    expect_usage_error("--requests ten", "not an unsigned number");
    expect_usage_error("--requests 0", "out of range");
    expect_usage_error("--m 1000", "SigBits");
    expect_usage_error("--m 1024,x", "'x' is not an unsigned number");
    expect_usage_error("--gran pages", "'pages' is not one of");
    expect_usage_error("--gran 2", "'2' is not one of");
    expect_usage_error("--shared 1.5", "not a fraction");
    expect_usage_error("--m 256 --threshold 600", "threshold");
    expect_usage_error("--inject nothing", "'nothing' is not one of");
    expect_usage_error("--quick --m 1024", "--quick");
    expect_usage_error("extra", "unexpected argument 'extra'");
}

static void test_cli_quick_and_injected(void** state) {
    (void)state;
    char out[16384];
    int rc = run(out, sizeof out,
                 "rm -rf build/tests/quality-q && build/gpucoh quality --quick --no-plot --out "
                 "build/tests/quality-q");
    if (rc != 0)
        print_error("%s\n", out);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(out, "pass: 0 false negatives"));
    struct stat st;
    assert_int_equal(stat("build/tests/quality-q/quality.md", &st), 0);
    assert_int_equal(stat("build/tests/quality-q/quality.csv", &st), 0);
    assert_int_equal(stat("build/tests/quality-q/quality.json", &st), 0);
    rc =
        run(out, sizeof out,
            "build/gpucoh quality --quick --no-plot --inject keep-set --out build/tests/quality-q");
    assert_int_equal(rc, 1);
    assert_non_null(strstr(out, "FALSE NEGATIVE"));
}

int main(void) {
    const char* r = getenv("GPUCOH_ROOT");
    snprintf(root, sizeof root, "%s", r && *r ? r : ".");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_false_negatives),
        cmocka_unit_test(test_false_positives_when_saturated),
        cmocka_unit_test(test_forced_with_tiny_threshold),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_corrupted_shadow_is_caught),
        cmocka_unit_test(test_bad_cfg),
        cmocka_unit_test(test_cli_bad_input),
        cmocka_unit_test(test_cli_quick_and_injected),
    };
    return cmocka_run_group_tests_name("quality", tests, NULL, NULL);
}
