/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_mwave.c -- the multi-unit wave merger and save-file writer (tb/sys/mwave.h, docs/waves.md).
 *
 *   - two VCDs with clashing identifier codes, an alias, different first times: one VCD with a
 *     scope per input (TOP renamed), distinct codes, the alias kept, every time once and in
 *     order, each value change under its input's new code; the variable table and time range;
 *   - malformed inputs (a value of an undeclared code, differing timescales) are errors;
 *   - relative paths; a save file naming only dumped variables (a missing one is counted and
 *     left out), its filter relative to the save file, the marker, groups, comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtkw_view.h"
#include "mwave.h"

static char dir[256];

static void put(const char* name, const char* text) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE* f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static char* slurp(const char* name) {
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE* f = fopen(p, "r");
    assert_non_null(f);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static const char* const vcd_a = "$date today $end\n$timescale\n\t1ps\n$end\n"
                                 "$scope module TOP $end\n"
                                 "$var wire 1 ! clk_i $end\n"
                                 "$var wire 4 \" cnt_o [3:0] $end\n"
                                 "$scope module u $end\n"
                                 "$var wire 1 ! clk_i $end\n" /* an alias */
                                 "$var logic 3 # st_q[2] [2:0] $end\n"
                                 "$upscope $end\n$upscope $end\n$enddefinitions $end\n"
                                 "#0\n$dumpvars\n0!\nb0000 \"\nb001 #\n$end\n"
                                 "#1\n1!\n#3\nb0010 \"\n";
static const char* const vcd_b = "$timescale 1ps $end\n"
                                 "$scope module TOP $end\n"
                                 "$var wire 1 ! x_i $end\n"
                                 "$upscope $end\n$enddefinitions $end\n"
                                 "#1\n$dumpvars\n1!\n$end\n#2\n0!\n";

static int setup(void** state) {
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/gpucoh-test-mwave-%ld", (long)getpid());
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    return system(cmd);
}

static int teardown(void** state) {
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd);
}

/* the identifier code of variable `name` in a merged VCD */
static void code_of(const char* vcd, const char* name, char* code) {
    char pat[128];
    snprintf(pat, sizeof pat, " %s", name);
    const char* p = strstr(vcd, pat);
    assert_non_null(p);
    const char* q = p;
    while (q > vcd && q[-1] != ' ')
        q--;
    snprintf(code, 8, "%.*s", (int)(p - q), q);
}

static void test_merge(void** state) {
    (void)state;
    put("a.vcd", vcd_a);
    put("b.vcd", vcd_b);
    char in_a[512], in_b[512], out[512], err[256] = "";
    snprintf(in_a, sizeof in_a, "%s/a.vcd", dir);
    snprintf(in_b, sizeof in_b, "%s/b.vcd", dir);
    snprintf(out, sizeof out, "%s/m.vcd", dir);
    const char* in[] = {in_a, in_b};
    const char* sc[] = {"sm0_l1", "timer"};
    gpucoh_mwave_t* w = gpucoh_mwave_new(out, err, sizeof err);
    assert_non_null(w);
    assert_int_equal(gpucoh_vcd_merge(in, sc, 2, out, w, err, sizeof err), 0);
    const char* m = slurp("m.vcd");
    /* scopes: TOP renamed, the inner one kept */
    assert_non_null(strstr(m, "$scope module sm0_l1 $end\n$var wire 1 ! clk_i $end\n"));
    assert_non_null(strstr(m, "$scope module u $end\n$var wire 1 ! clk_i $end\n"));
    assert_non_null(strstr(m, "$scope module timer $end\n"));
    assert_null(strstr(m, "TOP"));
    char cc[8], cn[8], cs[8], cx[8];
    const char* p0;
    code_of(m, "clk_i", cc);
    code_of(m, "cnt_o", cn);
    code_of(m, "st_q[2]", cs);
    code_of(m, "x_i", cx);
    assert_string_not_equal(cx, cc); /* b's '!' is no longer a's '!' */
    assert_string_not_equal(cx, cn);
    assert_string_not_equal(cx, cs);
    assert_non_null(strstr(m, "st_q[2] [2:0] $end"));
    char alias[64];
    snprintf(alias, sizeof alias, "$var wire 1 %s clk_i $end", cc);
    p0 = strstr(m, alias);
    assert_true(p0 && strstr(p0 + 1, alias)); /* u.clk_i is still an alias of clk_i */
    /* times once each, in order; the changes under the new codes */
    const char* t0 = strstr(m, "\n#0\n");
    const char* t1 = strstr(m, "\n#1\n");
    const char* t2 = strstr(m, "\n#2\n");
    const char* t3 = strstr(m, "\n#3\n");
    assert_true(t0 && t1 && t2 && t3 && t0 < t1 && t1 < t2 && t2 < t3);
    assert_null(strstr(t1 + 1, "\n#1\n"));
    char line[32];
    snprintf(line, sizeof line, "\n1%s\n", cx);
    const char* p = strstr(t1, line);
    assert_true(p && p < t2); /* b's value at 1 */
    snprintf(line, sizeof line, "\n1%s\n", cc);
    p = strstr(t1, line);
    assert_true(p && p < t2); /* a's clock at 1 */
    snprintf(line, sizeof line, "\nb0010 %s\n", cn);
    p = strstr(t3, line);
    assert_non_null(p);
    snprintf(line, sizeof line, "\n0%s\n", cx);
    p = strstr(t2, line);
    assert_true(p && p < t3);
    /* the variable table, the times */
    assert_int_equal(gpucoh_mwave_nvars(w), 5);
    const gpucoh_wvar_t* v = gpucoh_mwave_find(w, "sm0_l1.u.st_q[2]");
    assert_non_null(v);
    assert_int_equal(v->width, 3);
    assert_string_equal(v->range, "[2:0]");
    assert_non_null(gpucoh_mwave_find(w, "sm0_l1.u.clk_i"));
    assert_non_null(gpucoh_mwave_find(w, "timer.x_i"));
    assert_null(gpucoh_mwave_find(w, "TOP.x_i"));
    assert_int_equal(gpucoh_mwave_first_time(w), 0);
    assert_int_equal(gpucoh_mwave_last_time(w), 3);
    gpucoh_mwave_free(w);
}

static void test_merge_errors(void** state) {
    (void)state;
    char in_a[512], in_b[512], out[512], err[256] = "";
    snprintf(in_a, sizeof in_a, "%s/a.vcd", dir);
    snprintf(in_b, sizeof in_b, "%s/bad.vcd", dir);
    snprintf(out, sizeof out, "%s/m2.vcd", dir);
    put("a.vcd", vcd_a);
    const char* in[] = {in_a, in_b};
    const char* sc[] = {"a", "b"};
    put("bad.vcd", "$timescale 1ps $end\n$scope module TOP $end\n$var wire 1 ! x $end\n"
                   "$upscope $end\n$enddefinitions $end\n#0\n1?\n");
    assert_int_equal(gpucoh_vcd_merge(in, sc, 2, out, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "undeclared identifier '?'"));
    put("bad.vcd", "$timescale 1ns $end\n$scope module TOP $end\n$var wire 1 ! x $end\n"
                   "$upscope $end\n$enddefinitions $end\n#0\n1!\n");
    assert_int_equal(gpucoh_vcd_merge(in, sc, 2, out, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "timescale"));
    assert_null(gpucoh_mwave_new("x.txt", err, sizeof err));
    assert_non_null(strstr(err, "must end in .fst or .vcd"));
}

static void test_relpath(void** state) {
    (void)state;
    char b[512];
    gpucoh_relpath("/a/b/c", "/a/x/y.txt", b, sizeof b);
    assert_string_equal(b, "../../x/y.txt");
    gpucoh_relpath("/a/b", "/a/b/c/d.txt", b, sizeof b);
    assert_string_equal(b, "c/d.txt");
    gpucoh_relpath("/", "/x", b, sizeof b);
    assert_string_equal(b, "x");
    gpucoh_relpath("/q/./r/../s", "/q/s/t", b, sizeof b);
    assert_string_equal(b, "t");
}

static void test_gtkw(void** state) {
    (void)state;
    put("a.vcd", vcd_a);
    put("b.vcd", vcd_b);
    char in_a[512], in_b[512], out[512], gp[512], err[256] = "";
    snprintf(in_a, sizeof in_a, "%s/a.vcd", dir);
    snprintf(in_b, sizeof in_b, "%s/b.vcd", dir);
    snprintf(out, sizeof out, "%s/m.vcd", dir);
    snprintf(gp, sizeof gp, "%s/m.gtkw", dir);
    const char* in[] = {in_a, in_b};
    const char* sc[] = {"sm0_l1", "timer"};
    gpucoh_mwave_t* w = gpucoh_mwave_new(out, err, sizeof err);
    assert_int_equal(gpucoh_vcd_merge(in, sc, 2, out, w, err, sizeof err), 0);
    gpucoh_gtkw_t* g = gpucoh_gtkw_new(w, gp, 3);
    gpucoh_gtkw_header_comment(g, "a test");
    gpucoh_gtkw_treeopen(g, "sm0_l1");
    gpucoh_gtkw_comment(g, "cycle 1");
    gpucoh_gtkw_group(g, "sm0_l1 state", false);
    assert_true(gpucoh_gtkw_trace(g, "sm0_l1.u.st_q[2]", "tc_l1_st.txt", GPUCOH_GTKW_HEX, 1));
    assert_false(gpucoh_gtkw_trace(g, "sm0_l1.u.nothing_q", NULL, GPUCOH_GTKW_HEX, 0));
    gpucoh_gtkw_group_end(g);
    gpucoh_gtkw_group(g, "timer", true);
    assert_true(gpucoh_gtkw_trace(g, "timer.x_i", NULL, GPUCOH_GTKW_HEX, 0));
    assert_int_equal(gpucoh_gtkw_written(g), 2);
    assert_int_equal(gpucoh_gtkw_missing(g), 1);
    assert_string_equal(gpucoh_gtkw_first_missing(g), "sm0_l1.u.nothing_q");
    assert_int_equal(gpucoh_gtkw_commit(g, err, sizeof err), 0); /* closes the open group */
    const char* t = slurp("m.gtkw");
    assert_non_null(strstr(t, "[*] a test\n"));
    assert_non_null(strstr(t, "[dumpfile] \"m.vcd\"\n[savefile] \"/"));
    assert_non_null(strstr(t, "*-3.000000 3 "));
    assert_non_null(strstr(t, "[treeopen] sm0_l1.\n"));
    assert_non_null(strstr(t, "@200\n-cycle 1\n"));
    assert_non_null(strstr(t, "@800200\n-sm0_l1 state\n"));
    assert_non_null(strstr(t, "@2022\n[color] 1\n^1 "));
    assert_non_null(strstr(t, "waves/filters/tc_l1_st.txt\nsm0_l1.u.st_q[2][2:0]\n"));
    assert_null(strstr(t, "^1 /")); /* the filter path is relative */
    assert_non_null(strstr(t, "@1000200\n-sm0_l1 state\n"));
    assert_non_null(strstr(t, "@c00200\n-timer\n@28\ntimer.x_i\n@1400200\n-timer\n"));
    assert_null(strstr(t, "nothing_q"));
    gpucoh_mwave_free(w);
}

/* gtkw_view_dec (tb/sys/gtkw_view.h): a timestamp in unsigned decimal (0x24: right-justified,
 * decimal, no 0x800 "signed"), red when it is the diverging signal */
static void test_view_dec(void** state) {
    (void)state;
    put("a.vcd", vcd_a);
    char in_a[512], out[512], gp[512], err[256] = "";
    snprintf(in_a, sizeof in_a, "%s/a.vcd", dir);
    snprintf(out, sizeof out, "%s/d.vcd", dir);
    snprintf(gp, sizeof gp, "%s/d.gtkw", dir);
    const char* in[] = {in_a};
    const char* sc[] = {"sm0_l1"};
    gpucoh_mwave_t* w = gpucoh_mwave_new(out, err, sizeof err);
    assert_int_equal(gpucoh_vcd_merge(in, sc, 1, out, w, err, sizeof err), 0);
    gtkw_view_t v = {.g = gpucoh_gtkw_new(w, gp, 3), .scope = "sm0_l1", .mod = "u"};
    gtkw_view_tr(&v, "clk_i", NULL);
    snprintf(v.red, sizeof v.red, "st_q[2]");
    gtkw_view_dec(&v, "st_q", 2);
    assert_int_equal(gpucoh_gtkw_written(v.g), 2);
    assert_int_equal(gpucoh_gtkw_commit(v.g, err, sizeof err), 0);
    const char* t = slurp("d.gtkw");
    assert_non_null(strstr(t, "@28\nsm0_l1.u.clk_i\n@24\n[color] 1\nsm0_l1.u.st_q[2][2:0]\n"));
    gpucoh_mwave_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merge),    cmocka_unit_test(test_merge_errors),
        cmocka_unit_test(test_relpath),  cmocka_unit_test(test_gtkw),
        cmocka_unit_test(test_view_dec),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
