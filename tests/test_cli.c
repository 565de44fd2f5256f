/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_cli.c -- bad input to the gpucoh tool and the RTL build gets a clear error: a message
 * that names the problem and a non-zero exit, never a crash, and no result file half-written.
 * Runs build/gpucoh (GPUCOH_ROOT must point at the repository).
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

static char root[1024];

/* Run a shell command, capture stdout+stderr into out; return the exit status (or 128+signal). */
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

/* Expect exit status 2 (usage) and every needle in the output. */
static void expect_usage_error(const char* args, const char* needle1, const char* needle2) {
    char out[16384];
    int rc = run(out, sizeof out, "build/gpucoh %s", args);
    if (rc != 2 || !strstr(out, needle1) || (needle2 && !strstr(out, needle2)))
        print_error("gpucoh %s -> exit %d, output:\n%s\n", args, rc, out);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, needle1));
    if (needle2)
        assert_non_null(strstr(out, needle2));
    assert_null(strstr(out, "Segmentation"));
}

static void test_no_command(void** state) {
    (void)state;
    expect_usage_error("", "usage: gpucoh", NULL);
}

static void test_unknown_command(void** state) {
    (void)state;
    expect_usage_error("frobnicate", "unknown command 'frobnicate'", NULL);
}

static void test_unknown_unit(void** state) {
    (void)state;
    expect_usage_error("cosim no_such_unit", "unknown unit 'no_such_unit'", "sig_bloom");
    expect_usage_error("area tc_l9", "unknown unit 'tc_l9'", NULL);
}

static void test_missing_unit(void** state) {
    (void)state;
    expect_usage_error("cosim", "needs a unit name", NULL);
    expect_usage_error("cosim --cycles 10", "needs a unit name", NULL);
}

static void test_unknown_param(void** state) {
    (void)state;
    expect_usage_error("cosim sig_bloom --param bogus=3", "no parameter 'bogus'", "chunk_width");
}

static void test_bad_param_values(void** state) {
    (void)state;
    expect_usage_error("cosim sig_bloom --param m=1000", "m", "1000");
    expect_usage_error("cosim sig_bloom --param m=32768", "m", "32768");
    expect_usage_error("cosim sig_bloom --param k=9", "k", "9");
    expect_usage_error("cosim sig_bloom --param org=parallel --param k=6", "parallel", NULL);
    expect_usage_error("cosim sig_bloom --param gran=2", "gran", NULL);
    expect_usage_error("cosim sig_bloom --param chunk_width=12", "chunk_width", NULL);
    expect_usage_error("cosim sig_bloom --param m=256 --param chunk_width=512", "chunk_width",
                       NULL);
    expect_usage_error("cosim sig_bloom --param threshold=0", "threshold", NULL);
    expect_usage_error("cosim sig_bloom --param m=256 --param threshold=512", "threshold", NULL);
    expect_usage_error("cosim sig_bloom --param h3_seed=0", "h3_seed", NULL);
    expect_usage_error("cosim sig_bloom --param addr_width=65", "addr_width", NULL);
    expect_usage_error("cosim sig_bloom --param m=-4", "not an unsigned number", NULL);
    expect_usage_error("cosim sig_bloom --param m=4k", "not an unsigned number", NULL);
    expect_usage_error("cosim sig_bloom --param m=99999999999999999999999",
                       "not an unsigned number", NULL);
    expect_usage_error("cosim sig_bloom --param org=diagonal", "'diagonal' is not one of",
                       "parallel");
    expect_usage_error("cosim sig_bloom --param m", "NAME=VALUE", NULL);
    expect_usage_error("cosim sig_bloom --param m=1024 --param m=2048", "given twice", NULL);
}

static void test_bad_options(void** state) {
    (void)state;
    expect_usage_error("cosim sig_bloom --cycles", "needs a value", NULL);
    expect_usage_error("cosim sig_bloom --cycles ten", "not an unsigned number", NULL);
    expect_usage_error("cosim sig_bloom --cycles 0", "at least 1", NULL);
    expect_usage_error("cosim sig_bloom --seed -1", "not an unsigned number", NULL);
    expect_usage_error("cosim sig_bloom --stim chaos", "'chaos' is not one of", NULL);
    expect_usage_error("cosim sig_bloom --frobnicate", "unknown option '--frobnicate'", NULL);
    expect_usage_error("cosim sig_bloom extra", "unexpected argument 'extra'", NULL);
    expect_usage_error("cosim sig_bloom --wave out.txt --cycles 10", "must end in .fst or .vcd",
                       NULL);
    expect_usage_error("waves sig_bloom --from 100 --to 50", "must be greater", NULL);
    expect_usage_error("list extra", "takes no arguments", NULL);
    expect_usage_error("mutants sig_bloom --mutants /nonexistent.mut", "cannot read mutant", NULL);
    expect_usage_error("cosim system --steer maybe", "'maybe' is not one of: on off", NULL);
    expect_usage_error("cosim system --steer", "needs a value", NULL);
    expect_usage_error("cosim system --l2-illegal-rate 1001", "not a rate in 1/1000", NULL);
    expect_usage_error("mutants tc_l1 --steer x", "'x' is not one of: on off", NULL);
    expect_usage_error("mutants tc_l1 --netlist --steer off", "--steer applies to the RTL campaign",
                       NULL);
    expect_usage_error("mutants tc_l2 --illegal-rate 2", "has no --illegal-rate here", NULL);
    expect_usage_error("cosim sig_bloom --steer sometimes", "not one of", NULL);
    expect_usage_error("episode --steer off", "unknown option '--steer'", NULL);
}

static void test_unwritable_report_leaves_nothing(void** state) {
    (void)state;
    char out[16384];
    int rc = run(out, sizeof out,
                 "build/gpucoh cosim sig_bloom --param m=256 --cycles 100 --quiet "
                 "--json /proc/gpucoh-no-such-dir/report.json");
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(out, "cannot write /proc/gpucoh-no-such-dir/report.json"));
}

static void test_malformed_mutant(void** state) {
    (void)state;
    char out[16384];
    const char* path = "build/tests/bad.mut";
    FILE* f = fopen(path, "w");
    assert_non_null(f);
    fputs("description: no find line\nfile: sig_bloom.sv\nreplace: x\n", f);
    fclose(f);
    int rc = run(out, sizeof out, "build/gpucoh mutants sig_bloom --mutants %s", path);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "needs file, find and replace"));
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("file: sig_bloom.sv\nfind: this text is not in the RTL\nreplace: x\n", f);
    fclose(f);
    rc = run(out, sizeof out, "build/gpucoh mutants sig_bloom --param m=256 --mutants %s", path);
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(out, "occurs nowhere"));
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("colour: blue\n", f);
    fclose(f);
    rc = run(out, sizeof out, "build/gpucoh mutants sig_bloom --mutants %s", path);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out, "unknown key 'colour'"));
}

/* R8: the RTL itself refuses illegal parameters at elaboration, with a message naming them. */
static void test_rtl_elaboration_rejects(void** state) {
    (void)state;
    char out[32768];
    int rc = run(out, sizeof out,
                 "bash tools/build_rtl.sh build/tests/bad-rtl-m sig_bloom bad rtl/gpucoh_pkg.sv "
                 "rtl/sig_bloom.sv -- SigBits=1000");
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(out, "SigBits"));
    struct stat st;
    assert_int_not_equal(stat("build/tests/bad-rtl-m/model.so", &st), 0);
    rc = run(out, sizeof out,
             "bash tools/build_rtl.sh build/tests/bad-rtl-p sig_bloom bad rtl/gpucoh_pkg.sv "
             "rtl/sig_bloom.sv -- Parallel=1 NumHashes=6");
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(out, "P1"));
}

static void test_list_and_help(void** state) {
    (void)state;
    char out[16384];
    assert_int_equal(run(out, sizeof out, "build/gpucoh list"), 0);
    assert_non_null(strstr(out, "sig_bloom"));
    assert_non_null(strstr(out, "--param chunk_width"));
    assert_int_equal(run(out, sizeof out, "build/gpucoh help"), 0);
    assert_non_null(strstr(out, "cosim <unit>"));
    /* every subcommand answers --help with the usage and status 0 (before any other check) */
    static const char* const sub[] = {"list",          "cosim sig_bloom", "cosim system",
                                      "bench system",  "waves sig_bloom", "area sig_bloom",
                                      "mutants tc_l1", "episode",         "litmus nofile.litmus",
                                      "quality"};
    for (size_t i = 0; i < sizeof sub / sizeof sub[0]; i++) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "build/gpucoh %s --help", sub[i]);
        assert_int_equal(run(out, sizeof out, cmd), 0);
        assert_non_null(strstr(out, "usage: gpucoh"));
    }
}

int main(void) {
    const char* r = getenv("GPUCOH_ROOT");
    snprintf(root, sizeof root, "%s", r && *r ? r : ".");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_command),
        cmocka_unit_test(test_unknown_command),
        cmocka_unit_test(test_unknown_unit),
        cmocka_unit_test(test_missing_unit),
        cmocka_unit_test(test_unknown_param),
        cmocka_unit_test(test_bad_param_values),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_unwritable_report_leaves_nothing),
        cmocka_unit_test(test_malformed_mutant),
        cmocka_unit_test(test_rtl_elaboration_rejects),
        cmocka_unit_test(test_list_and_help),
    };
    return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
