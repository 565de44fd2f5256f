/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_litgen.c -- the list options of `gpucoh litmus-gen` and `gpucoh conform` (--shapes --sync
 * --scopes --threads --locs; litgen_list_opt, tb/sys/litgen_cli.c), then the generator on the
 * lists (litgen_run, the first tests only) with each generated test's text through the litmus
 * parser: a generated file the parser refuses is a finding too. Input: OPTION and VALUE lines,
 * alternately; a line "no-dedup" or "no-plain" sets that flag.
 */
#include <stdio.h>

#include "fuzz_common.h"
#include "litgen.h"
#include "litmus.h"

#define FUZZ_MAX_LINES 16
#define FUZZ_MAX_TESTS 3

static int check_test(void* ctx, const litgen_test_t* t) {
    unsigned* n = ctx;
    char err[1024];
    litmus_t* l = litmus_parse(t->text, t->name, err, sizeof err);
    if (!l) {
        fprintf(stderr, "fuzz_litgen: generated test %s refused: %s\n", t->name, err);
        abort();
    }
    litmus_free(l);
    return ++*n >= FUZZ_MAX_TESTS;
}

static int options(char** line, int n, litgen_opts_t* g) {
    for (int k = 0; k < n; k++) {
        if (!strcmp(line[k], "no-dedup") || !strcmp(line[k], "no-plain")) {
            *(line[k][3] == 'd' ? &g->no_dedup : &g->no_plain) = true;
            continue;
        }
        if (k + 1 >= n || litgen_list_opt(line[k], line[k + 1], g) != 0)
            return -1;
        k++;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FUZZ_PLANT(data, size, "--shapes\n");
    static litgen_stats_t st; /* ~150 KiB */
    char* text = fuzz_text(data, size);
    if (!text)
        return 0;
    char* line[FUZZ_MAX_LINES];
    const int n = fuzz_lines(text, line, FUZZ_MAX_LINES);
    litgen_opts_t g;
    memset(&g, 0, sizeof g);
    unsigned tests = 0;
    if (options(line, n, &g) == 0)
        (void)litgen_run(&g, check_test, &tests, &st);
    free(text);
    return 0;
}
