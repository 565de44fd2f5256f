/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_opts.c -- the command-line conventions every command shares (tb/engine/opts.c,
 * tb/engine/util.c): gpucoh_split_opts ("--name=value"), then gpucoh_opt_parse over a table with
 * flags, valued options, a handler that stops the parse, words, "-" as a word, empty values, and
 * the number parsers (gpucoh_opt_u64 / u32) on the values. Input: one argv word per line.
 */
#include <stdio.h>

#include "fuzz_common.h"
#include "opts.h"
#include "util.h"

#define FUZZ_MAX_WORDS 48

static bool f_quiet, f_list;

static int on_value(void* ctx, const gpucoh_opt_t* o, const char* val) {
    (void)ctx;
    uint64_t v64;
    uint32_t v32;
    if (o->id == 1)
        return gpucoh_opt_u64(o->name, val, 1, UINT64_MAX, &v64) < 0 ? -1 : 0;
    if (o->id == 2)
        return gpucoh_opt_u32(o->name, val, 0, 1000, &v32) < 0 ? -1 : 0;
    if (o->id == 3)
        return 1; /* --help: ends the parse */
    return strlen(val) > 4096 ? -1 : 0;
}

static int on_word(void* ctx, const char* w) {
    int* nw = ctx;
    (*nw)++;
    return w[0] ? 0 : -1;
}

static const gpucoh_opt_t table[] = {
    {"--seed", true, 0, on_value, NULL, 1, "N", "seed"},
    {"--rate", true, 1, on_value, NULL, 2, "N", "per mille"},
    {"--json", true, 0, on_value, NULL, 0, "PATH", "report"},
    {"--quiet", false, 0, NULL, &f_quiet, 0, NULL, "quiet"},
    {"--list", false, 2, NULL, &f_list, 0, NULL, NULL},
    {"--help", false, 0, on_value, NULL, 3, NULL, "help"},
    {"-h", false, 0, on_value, NULL, 3, NULL, NULL},
};

static void parse(int argc, char** argv, unsigned bits) {
    gpucoh_optset_t s = {"fuzz",
                         1u + (bits & 2u),
                         table,
                         (int)(sizeof table / sizeof table[0]),
                         (bits & 1u) ? on_word : NULL,
                         gpucoh_refuse_cmd,
                         NULL,
                         (bits & 4u) != 0,
                         (bits & 8u) != 0};
    int nw = 0;
    (void)gpucoh_opt_parse(&s, argc, argv, 1, &nw);
}

static void split_and_parse(int argc, char** argv, unsigned bits) {
    int nargc;
    char** nargv;
    if (gpucoh_split_opts(argc, argv, &nargc, &nargv) != 0)
        return;
    parse(nargc, nargv, bits);
    gpucoh_split_free(argc, argv, nargc, nargv);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FUZZ_PLANT(data, size, "\x01--seed\n");
    if (size < 1)
        return 0;
    char* text = fuzz_text(data + 1, size - 1);
    if (!text)
        return 0;
    static char prog[] = "gpucoh";
    char* argv[FUZZ_MAX_WORDS + 2] = {prog};
    const int n = fuzz_lines(text, argv + 1, FUZZ_MAX_WORDS);
    argv[n + 1] = NULL;
    split_and_parse(n + 1, argv, data[0]);
    free(text);
    return 0;
}
