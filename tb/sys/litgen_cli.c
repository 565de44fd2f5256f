/* SPDX-License-Identifier: Apache-2.0 */
/*
 * litgen_cli.c -- `gpucoh litmus-gen` (litgen.h, docs/litmus-gen.md): options, the counts per
 * shape and placement, the list of names, the files (each written to a temporary name and
 * renamed) and the JSON report. Every option is checked, --out and --json too, before anything
 * is generated; bad input exits 2.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "help.h"
#include "litgen.h"
#include "opts.h"
#include "util.h"

#define DEFAULT_MAX 50000u

typedef struct {
    litgen_opts_t g;
    const char *out, *json, *only;
    bool list, count, quiet, help;
    uint64_t max;
    const char* arg[5]; /* the list options as given (the report) */
} lgo_t;

static const char* const LIST_OPTS[5] = {"--shapes", "--sync", "--scopes", "--threads", "--locs"};

/* the names of list option i, for messages */
static void choices_of(uint32_t i, char* b, size_t n) {
    size_t k = 0;
    b[0] = 0;
    for (uint32_t j = 0; k < n; j++) {
        const char* nm = i == 0   ? (j < litgen_nshapes() ? litgen_shape_name(j) : NULL)
                         : i == 1 ? (j < LG_NSYNC ? litgen_sync_name(j) : NULL)
                         : i == 2 ? (j < LG_NSCOPE ? litgen_scope_name(j) : NULL)
                         : i == 3 ? (j < LG_NTHR ? litgen_thr_name(j) : NULL)
                                  : (j < LG_NLOCP ? litgen_locp_name(j) : NULL);
        if (!nm)
            break;
        k += (size_t)snprintf(b + k, n - k, "%s%s", j ? " " : "", nm);
    }
}

/* one name of list option i: its bit, or -1 */
static int list_bit(uint32_t i, const char* t) {
    if (i == 0)
        return litgen_shape_find(t);
    const uint32_t n = i == 1 ? LG_NSYNC : i == 2 ? LG_NSCOPE : i == 3 ? LG_NTHR : LG_NLOCP;
    for (uint32_t j = 0; j < n; j++) {
        const char* nm = i == 1   ? litgen_sync_name(j)
                         : i == 2 ? litgen_scope_name(j)
                         : i == 3 ? litgen_thr_name(j)
                                  : litgen_locp_name(j);
        if (!strcmp(nm, t))
            return (int)j;
    }
    return -1;
}

/* "a,b,c" or "all" into a bit mask; a message naming the bad name and the choices */
static int parse_list(uint32_t i, const char* v, uint32_t* mask) {
    char buf[512], ch[512];
    if (strlen(v) >= sizeof buf) {
        fprintf(stderr, "gpucoh: %s: the list is too long\n", LIST_OPTS[i]);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", v);
    *mask = 0;
    char* save = NULL;
    for (char* t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (!strcmp(t, "all")) {
            *mask = 0xffffffffu;
            continue;
        }
        const int b = list_bit(i, t);
        if (b >= 0) {
            *mask |= 1u << b;
            continue;
        }
        choices_of(i, ch, sizeof ch);
        if (i == 2)
            fprintf(stderr,
                    "gpucoh: --scopes: '%s' is not one of: %s all (the litmus format's scopes "
                    "are cta, gpu and rm)\n",
                    t, ch);
        else
            fprintf(stderr, "gpucoh: %s: '%s' is not one of: %s all\n", LIST_OPTS[i], t, ch);
        return -1;
    }
    if (!*mask) {
        fprintf(stderr, "gpucoh: %s: an empty list\n", LIST_OPTS[i]);
        return -1;
    }
    return 0;
}

int litgen_list_opt(const char* a, const char* v, litgen_opts_t* g) {
    uint32_t* masks[5] = {&g->shapes, &g->syncs, &g->scopes, &g->threads, &g->locs};
    for (uint32_t i = 0; i < 5; i++)
        if (!strcmp(a, LIST_OPTS[i]))
            return parse_list(i, v, masks[i]);
    return 1;
}

static int value_opt(void* ctx, const char* a, const char* v) {
    lgo_t* o = ctx;
    uint32_t* masks[5] = {&o->g.shapes, &o->g.syncs, &o->g.scopes, &o->g.threads, &o->g.locs};
    for (uint32_t i = 0; i < 5; i++)
        if (!strcmp(a, LIST_OPTS[i])) {
            o->arg[i] = v;
            return parse_list(i, v, masks[i]);
        }
    if (!strcmp(a, "--max"))
        return gpucoh_opt_u64(a, v, 1, UINT32_MAX, &o->max);
    if (!strcmp(a, "--out"))
        o->out = v;
    else if (!strcmp(a, "--only"))
        o->only = v;
    else
        o->json = v;
    return 0;
}

static int lg_value(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    return value_opt(ctx, opt->name, v) != 0 ? -1 : 0;
}

enum { LG_LIST, LG_COUNT, LG_NO_DEDUP, LG_NO_PLAIN, LG_QUIET };

static int lg_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    lgo_t* o = ctx;
    (void)v;
    bool* const set[] = {&o->list, &o->count, &o->g.no_dedup, &o->g.no_plain, &o->quiet};
    *set[opt->id] = true;
    return 0;
}

#define LG_V(n, a, h)                                                                              \
    { .name = n, .has_arg = true, .fn = lg_value, .arg = a, .help = h }
#define LG_F(n, i, h)                                                                              \
    { .name = n, .fn = lg_flag, .id = i, .help = h }
/* litmus-gen's options, in its --help's order (gpucoh_litgen_help) */
static const gpucoh_opt_t litgen_opts[] = {
    LG_V("--out", "DIR",
         "write NAME.litmus files into DIR (it must exist; each file is\n"
         "written to a temporary name and renamed; others are left alone)"),
    LG_F("--list", LG_LIST, "print the names, one a line (nothing else on stdout)"),
    LG_F("--count", LG_COUNT, "print the tests per shape and placement (threads x locations)"),
    LG_V("--json", "PATH", "the counts as JSON (its directory must exist)"),
    LG_V("--shapes", "LIST", "shapes, comma separated, or all (default)"),
    LG_V("--sync", "LIST",
         "plain fence fence.sc relacq atom.acq_rel atom.relaxed\n"
         "relacq.all (R -> R, W -> W edges: both ends; elsewhere it\n"
         "is relacq), or all"),
    LG_V("--scopes", "LIST",
         "cta gpu rm, or all (default cta,gpu; rm: the remote scope,\nrelacq and atomics only)"),
    LG_V("--threads", "LIST",
         "samecta samesm othersm farsm (each thread after T0 relative to\n"
         "its anchor; othersm: an SM of the same index parity, farsm: of\n"
         "the other), or all"),
    LG_V("--locs", "LIST",
         "sameline (words of line 0) samebank (lines 0, 32, 64) otherbank\n"
         "(lines 0, 1, 2), or all"),
    LG_F("--no-dedup", LG_NO_DEDUP, "keep tests a thread / location renaming makes identical"),
    LG_F("--no-plain", LG_NO_PLAIN,
         "no plain position, a lone access neither (with --sync\n"
         "relacq.all: every access synchronizes, the race-free set)"),
    LG_V("--only", "NAME",
         "with --out: write that one test (exit 2 if these options do\n"
         "not give it; --max does not apply)"),
    LG_V("--max", "N",
         "refuse to write more than N files (default 50000; every\n"
         "combination of every shape: 1 868 041 tests)"),
    LG_F("--quiet", LG_QUIET, "no summary line"),
};
#undef LG_V
#undef LG_F

static const gpucoh_optset_t litgen_set = {.cmd = "litmus-gen",
                                           .opts = litgen_opts,
                                           .nopts =
                                               (int)(sizeof litgen_opts / sizeof litgen_opts[0]),
                                           .refuse = gpucoh_refuse_help};

void gpucoh_litgen_help(FILE* f) {
    gpucoh_opt_help(&litgen_set, 23, f);
}

/* 0 ok, 1 --help, -1 bad input (message printed) */
static int parse(int argc, char** argv, lgo_t* o) {
    memset(o, 0, sizeof *o);
    o->max = DEFAULT_MAX;
    for (int i = 2; i < argc; i++) /* --help anywhere: nothing else is looked at */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1;
    if (gpucoh_opt_parse(&litgen_set, argc, argv, 2, o) != 0)
        return -1;
    if (o->only && (!o->out || o->list || o->count || o->json)) {
        fprintf(stderr, "gpucoh: litmus-gen: --only NAME writes one file: give --out DIR, and "
                        "neither --list, --count nor --json\n");
        return -1;
    }
    if (!o->out && !o->list && !o->count && !o->json) {
        fprintf(stderr, "gpucoh: litmus-gen: nothing to do: give --out DIR (write the files), "
                        "--list, --count or --json PATH\n");
        return -1;
    }
    return 0;
}

/* --out must be an existing, writable directory (never created: docs/litmus-gen.md) */
static int check_out(const char* dir) {
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        fprintf(stderr,
                "gpucoh: --out %s: %s (litmus-gen writes into an existing directory; create it "
                "first); nothing was generated\n",
                dir, stat(dir, &sb) != 0 ? strerror(errno) : "not a directory");
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "gpucoh: --out %s: %s; nothing was generated\n", dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* ---- the runs ------------------------------------------------------------------------------ */

static int print_name(void* ctx, const litgen_test_t* t) {
    (void)ctx;
    return puts(t->name) < 0 ? -2 : 0;
}

typedef struct {
    const char *dir, *only;
    char* found; /* --only: the test's text */
    char err[1400];
    uint64_t written;
} wctx_t;

/* --only NAME: keep a copy of that test's text */
static int find_only(void* ctx, const litgen_test_t* t) {
    wctx_t* w = (wctx_t*)ctx;
    if (w->found || strcmp(t->name, w->only))
        return 0;
    return (w->found = strdup(t->text)) ? 0 : -1;
}

static int write_test(void* ctx, const litgen_test_t* t) {
    wctx_t* w = (wctx_t*)ctx;
    char path[1100];
    if (gpucoh_interrupted) /* Ctrl-C: stop between two files (each one written is whole) */
        return -3;
    if ((size_t)snprintf(path, sizeof path, "%s/%s.litmus", w->dir, t->name) >= sizeof path) {
        snprintf(w->err, sizeof w->err, "output path too long: %s/%s.litmus", w->dir, t->name);
        return -2;
    }
    gpucoh_afile_t f;
    if (gpucoh_afile_open(&f, path, w->err, sizeof w->err) != 0)
        return -2;
    fputs(t->text, f.f);
    if (gpucoh_afile_commit(&f, w->err, sizeof w->err) != 0)
        return -2;
    w->written++;
    return 0;
}

static void print_shape(const litgen_stats_t* st, uint32_t s) {
    const uint32_t nl = litgen_nlocp(s), nt = litgen_ntpl(s);
    char desc[160], tl[64];
    litgen_shape_text(s, desc, sizeof desc);
    printf("shape %s (%s): %" PRIu64 " tests", litgen_shape_name(s), desc, st->shape_total[s]);
    printf(" (%" PRIu64 " duplicates removed)\n", st->shape_dup[s]);
    printf("  %-34s", "threads");
    for (uint32_t l = 0; l < nl; l++)
        printf(" %10s", nl > 1 ? litgen_locp_name(l) : "one loc");
    printf(" %10s\n", "total");
    uint64_t col[LG_NLOCP] = {0};
    for (uint32_t p = 0; p < nt; p++) {
        uint64_t row = 0;
        litgen_tpl_label(s, p, tl, sizeof tl);
        printf("  %-34s", tl);
        for (uint32_t l = 0; l < nl; l++) {
            printf(" %10" PRIu64, st->count[s][p][l]);
            row += st->count[s][p][l];
            col[l] += st->count[s][p][l];
        }
        printf(" %10" PRIu64 "\n", row);
    }
    printf("  %-34s", "total");
    for (uint32_t l = 0; l < nl; l++)
        printf(" %10" PRIu64, col[l]);
    printf(" %10" PRIu64 "\n", st->shape_total[s]);
}

static void json_shape(FILE* f, const litgen_stats_t* st, uint32_t s, const char* sep) {
    char tl[64];
    fprintf(f, "%s    {", sep);
    gpucoh_json_kv(f, "", "shape", litgen_shape_name(s));
    fprintf(f,
            ", \"threads\": %u, \"locations\": %u, \"total\": %" PRIu64 ", \"duplicates\": %" PRIu64
            ",\n      \"placements\": [",
            litgen_shape_threads(s), litgen_shape_locs(s), st->shape_total[s], st->shape_dup[s]);
    const uint32_t nl = litgen_nlocp(s);
    for (uint32_t p = 0, first = 1; p < litgen_ntpl(s); p++)
        for (uint32_t l = 0; l < nl; l++, first = 0) {
            litgen_tpl_label(s, p, tl, sizeof tl);
            fprintf(f, "%s\n        {", first ? "" : ",");
            gpucoh_json_kv(f, "", "threads", tl);
            gpucoh_json_kv(f, ", ", "locs", nl > 1 ? litgen_locp_name(l) : "-");
            fprintf(f, ", \"count\": %" PRIu64 "}", st->count[s][p][l]);
        }
    fprintf(f, "\n      ]}");
}

static int write_json(const lgo_t* o, const litgen_stats_t* st, uint64_t written) {
    gpucoh_afile_t a;
    char err[1400];
    if (gpucoh_afile_open(&a, o->json, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: litmus-gen: %s\n", err);
        return -1;
    }
    FILE* f = a.f;
    fprintf(f, "{\n  \"command\": \"litmus-gen\",\n  \"version\": ");
    gpucoh_json_str(f, gpucoh_version());
    fprintf(f, ",\n  \"options\": {");
    for (uint32_t i = 0; i < 5; i++)
        gpucoh_json_kv(f, i ? ", " : "", LIST_OPTS[i] + 2, o->arg[i] ? o->arg[i] : "all");
    fprintf(f, ", \"dedup\": %s, \"max\": %" PRIu64 "},\n", o->g.no_dedup ? "false" : "true",
            o->max);
    gpucoh_json_kv(f, "  ", "out", o->out ? o->out : "");
    fprintf(f,
            ",\n  \"written\": %" PRIu64 ",\n  \"total\": %" PRIu64 ",\n  \"duplicates\": %" PRIu64
            ",\n  \"shapes\": [",
            written, st->total, st->dup);
    const char* sep = "\n";
    for (uint32_t s = 0; s < litgen_nshapes(); s++)
        if (o->g.shapes == 0 || (o->g.shapes >> s & 1u)) {
            json_shape(f, st, s, sep);
            sep = ",\n";
        }
    fprintf(f, "\n  ]\n}\n");
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: litmus-gen: %s\n", err);
        return -1;
    }
    return 0;
}

static void print_counts(const lgo_t* o, const litgen_stats_t* st) {
    printf("litmus-gen: tests per shape and placement (threads x locations)\n");
    for (uint32_t s = 0; s < litgen_nshapes(); s++)
        if (o->g.shapes == 0 || (o->g.shapes >> s & 1u))
            print_shape(st, s);
}

static int run_files(const lgo_t* o, litgen_stats_t* st2, uint64_t* written) {
    wctx_t w;
    memset(&w, 0, sizeof w);
    w.dir = o->out;
    gpucoh_catch_interrupt();
    const int rc = litgen_run(&o->g, write_test, &w, st2);
    *written = w.written;
    if (rc == 0)
        return 0;
    if (rc == -3) {
        fprintf(stderr,
                "gpucoh: litmus-gen: interrupted after %" PRIu64 " files (each of them complete)\n",
                w.written);
        return GPUCOH_EXIT_INTERRUPTED;
    }
    fprintf(stderr, "gpucoh: litmus-gen: %s (%" PRIu64 " files written before it)\n",
            rc == -1 ? "out of memory" : w.err, w.written);
    return GPUCOH_EXIT_FAILED;
}

/* --only NAME --out DIR: find the test and write it (nothing is written when it is not there) */
static int run_only(const lgo_t* o, litgen_stats_t* st) {
    wctx_t w;
    memset(&w, 0, sizeof w);
    w.only = o->only;
    if (litgen_run(&o->g, find_only, &w, st) != 0 || !w.found) {
        fprintf(stderr,
                "gpucoh: litmus-gen: --only %s: not a test these options give (see --list); "
                "nothing was written\n",
                o->only);
        return GPUCOH_EXIT_USAGE;
    }
    w.dir = o->out;
    litgen_test_t t = {.name = o->only, .text = w.found};
    const int rc = write_test(&w, &t);
    free(w.found);
    if (rc != 0) {
        fprintf(stderr, "gpucoh: litmus-gen: %s\n", w.err);
        return GPUCOH_EXIT_FAILED;
    }
    if (!o->quiet)
        printf("litmus-gen: %s written to %s (one of %" PRIu64 " tests)\n", o->only, o->out,
               st->total);
    return GPUCOH_EXIT_OK;
}

int litgen_main(int argc, char** argv) {
    lgo_t o;
    const int pr = parse(argc, argv, &o);
    if (pr != 0)
        return pr > 0 ? (gpucoh_cmd_help("litmus-gen", stdout), GPUCOH_EXIT_OK) : GPUCOH_EXIT_USAGE;
    char err[1400];
    if (o.out && check_out(o.out) != 0)
        return GPUCOH_EXIT_USAGE;
    if (o.json && gpucoh_check_out_file("--json", o.json, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return GPUCOH_EXIT_USAGE;
    }
    static litgen_stats_t st, st2;
    if (o.only) /* one pass, nothing written unless the test is among these options' */
        return run_only(&o, &st);
    if (litgen_run(&o.g, o.list ? print_name : NULL, NULL, &st) != 0) {
        fprintf(stderr, "gpucoh: litmus-gen: out of memory or stdout closed\n");
        return GPUCOH_EXIT_FAILED;
    }
    if (o.out && st.total > o.max) {
        fprintf(stderr,
                "gpucoh: litmus-gen: these options give %" PRIu64 " tests, more than --max %" PRIu64
                ": narrow them (--shapes, --sync, --scopes, --threads, --locs) or raise --max; "
                "nothing was written\n",
                st.total, o.max);
        return GPUCOH_EXIT_USAGE;
    }
    uint64_t written = 0;
    const int wr = o.out ? run_files(&o, &st2, &written) : 0;
    if (wr != 0)
        return wr;
    if (o.count)
        print_counts(&o, &st);
    if (o.json && write_json(&o, &st, written) != 0)
        return GPUCOH_EXIT_FAILED;
    if ((!o.quiet && !o.list) || o.count) /* --list: stdout holds only the names */
        printf("litmus-gen: %" PRIu64 " tests; %" PRIu64
               " duplicates removed (a thread / location renaming of a test kept)%s%s\n",
               st.total, st.dup, o.out ? "; written to " : "", o.out ? o.out : "");
    if (o.json && !o.quiet && !o.list)
        printf("  report    %s\n", o.json);
    return GPUCOH_EXIT_OK;
}
