/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_opts.c -- the option table (tb/engine/opts.h; docs/framework.md, "Code shape"):
 *   - options and words are handled in order, a value by its handler, a flag set;
 *   - names match whole: getopt_long's abbreviation (--cyc for --cycles) is an unknown option,
 *     and so are "-", "--" and a one-dash word not in the table ("-x");
 *   - a missing or empty value is refused with the set's message (an empty one is a value in a
 *     set with empty_ok); "-" alone is a word in a set with dash_word;
 *   - an option that does not apply to the command (its bit) is unknown;
 *   - a handler's positive return ends the parse with it (--help); a one-dash entry (-h) works;
 *   - a second parse starts over (getopt_long's state is reset);
 *   - the --help lines: the name and value at column 2, the text at the column given, continued
 *     lines indented to it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opts.h"

typedef struct {
    char log[512]; /* what the handlers saw, in order */
} rec_t;

static char refused[128]; /* the last refusal: "option W" or "word W" or "missing O" */

static void add(rec_t* r, const char* what, const char* v) {
    size_t l = strlen(r->log);
    snprintf(r->log + l, sizeof r->log - l, "%s%s%s%s", l ? " " : "", what, v ? "=" : "",
             v ? v : "");
}

static int on_value(void* ctx, const gpucoh_opt_t* o, const char* v) {
    if (!strcmp(v, "bad"))
        return -1;
    add(ctx, o->name, v);
    return 0;
}

static int on_help(void* ctx, const gpucoh_opt_t* o, const char* v) {
    (void)v;
    add(ctx, o->name, NULL);
    return 1;
}

static int on_word(void* ctx, const char* w) {
    add(ctx, "word", w);
    return 0;
}

static void refuse(const char* cmd, const char* w, bool option) {
    (void)cmd;
    snprintf(refused, sizeof refused, "%s %s", option ? "option" : "word", w);
}

static void missing(const char* cmd, const char* opt) {
    (void)cmd;
    snprintf(refused, sizeof refused, "missing %s", opt);
}

static bool quiet;

static const gpucoh_opt_t table[] = {
    {"--cycles", true, 0, on_value, NULL, 0, "N", "cycles (default 100)"},
    {"--seed", true, 0, on_value, NULL, 0, "S", "the seed,\non two lines"},
    {"--ops", true, 2, on_value, NULL, 0, "N", "command 2 only"},
    {"--quiet", false, 0, NULL, &quiet, 0, NULL, "only the summary"},
    {"--help", false, 0, on_help, NULL, 0, NULL, NULL},
    {"-h", false, 0, on_help, NULL, 0, NULL, NULL},
};

static bool empty_ok, dash_word; /* the set's flags for the next parse */

static int parse(const char* line, bool words, rec_t* r) {
    static char empty[1];
    char buf[256], *argv[32];
    int argc = 0;
    snprintf(buf, sizeof buf, "gpucoh cmd %s", line);
    for (char* t = strtok(buf, " "); t && argc < 31; t = strtok(NULL, " "))
        argv[argc++] = strcmp(t, "''") ? t : empty;
    argv[argc] = NULL;
    const gpucoh_optset_t set = {.cmd = "cmd",
                                 .cmd_bit = 1,
                                 .opts = table,
                                 .nopts = (int)(sizeof table / sizeof table[0]),
                                 .word = words ? on_word : NULL,
                                 .refuse = refuse,
                                 .missing = missing,
                                 .empty_ok = empty_ok,
                                 .dash_word = dash_word};
    memset(r, 0, sizeof *r);
    refused[0] = 0;
    quiet = false;
    return gpucoh_opt_parse(&set, argc, argv, 2, r);
}

static void test_in_order(void** state) {
    (void)state;
    rec_t r;
    assert_int_equal(parse("--cycles 5 a --seed 0x10 --quiet b", true, &r), 0);
    assert_string_equal(r.log, "--cycles=5 word=a --seed=0x10 word=b");
    assert_true(quiet);
    assert_int_equal(parse("--seed -3", false, &r), 0); /* a value may start with '-' */
    assert_string_equal(r.log, "--seed=-3");
    assert_int_equal(parse("", false, &r), 0);
    assert_string_equal(r.log, "");
}

static void test_whole_names(void** state) {
    (void)state;
    rec_t r;
    const char* bad[] = {"--cyc 5", "--cycle 5", "-", "--", "-x", "--Cycles 5", "-c 5"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(parse(bad[k], true, &r), -1);
        char want[64];
        snprintf(want, sizeof want, "option %.*s", (int)strcspn(bad[k], " "), bad[k]);
        assert_string_equal(refused, want);
        assert_string_equal(r.log, "");
    }
    /* the first bad word stops the parse: what came before was handled */
    assert_int_equal(parse("--cycles 1 --bogus --seed 2", false, &r), -1);
    assert_string_equal(r.log, "--cycles=1");
    assert_string_equal(refused, "option --bogus");
}

static void test_values(void** state) {
    (void)state;
    rec_t r;
    assert_int_equal(parse("--cycles", false, &r), -1);
    assert_string_equal(refused, "missing --cycles");
    assert_int_equal(parse("--cycles ''", false, &r), -1);
    assert_string_equal(refused, "missing --cycles");
    assert_int_equal(parse("--cycles bad", false, &r), -1); /* the handler's refusal */
    assert_string_equal(refused, "");
    assert_int_equal(parse("--cycles --seed", false, &r), 0); /* the next word is the value */
    assert_string_equal(r.log, "--cycles=--seed");
}

/* a set with empty_ok takes an empty value (a missing one is still refused); with dash_word,
 * "-" alone is a word ("-x" and "--" are still unknown options) */
static void test_empty_and_dash(void** state) {
    (void)state;
    rec_t r;
    empty_ok = true;
    assert_int_equal(parse("--cycles '' --seed 1", false, &r), 0);
    assert_string_equal(r.log, "--cycles= --seed=1");
    assert_int_equal(parse("--cycles", false, &r), -1);
    assert_string_equal(refused, "missing --cycles");
    empty_ok = false;
    dash_word = true;
    assert_int_equal(parse("- a", true, &r), 0);
    assert_string_equal(r.log, "word=- word=a");
    assert_int_equal(parse("-x", true, &r), -1);
    assert_string_equal(refused, "option -x");
    assert_int_equal(parse("--", true, &r), -1);
    assert_string_equal(refused, "option --");
    dash_word = false;
}

static void test_words_and_bits(void** state) {
    (void)state;
    rec_t r;
    assert_int_equal(parse("x", false, &r), -1);
    assert_string_equal(refused, "word x");
    assert_int_equal(parse("--ops 3", false, &r), -1); /* command 2's option */
    assert_string_equal(refused, "option --ops");
}

static void test_help_stops(void** state) {
    (void)state;
    rec_t r;
    assert_int_equal(parse("--cycles 1 --help --bogus", false, &r), 1);
    assert_string_equal(r.log, "--cycles=1 --help");
    assert_int_equal(parse("-h", false, &r), 1);
    assert_string_equal(r.log, "-h");
    /* a parse after a stopped one starts at its own first word */
    assert_int_equal(parse("--seed 4", false, &r), 0);
    assert_string_equal(r.log, "--seed=4");
}

static void test_help_lines(void** state) {
    (void)state;
    char* text = NULL;
    size_t n = 0;
    FILE* f = open_memstream(&text, &n);
    assert_non_null(f);
    const gpucoh_optset_t set = {.cmd = "cmd",
                                 .cmd_bit = 1,
                                 .opts = table,
                                 .nopts = (int)(sizeof table / sizeof table[0]),
                                 .refuse = refuse};
    gpucoh_opt_help(&set, 23, f);
    fclose(f);
    assert_string_equal(text, "  --cycles N           cycles (default 100)\n"
                              "  --seed S             the seed,\n"
                              "                       on two lines\n"
                              "  --quiet              only the summary\n");
    free(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_in_order),       cmocka_unit_test(test_whole_names),
        cmocka_unit_test(test_values),         cmocka_unit_test(test_words_and_bits),
        cmocka_unit_test(test_help_stops),     cmocka_unit_test(test_help_lines),
        cmocka_unit_test(test_empty_and_dash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
