/* SPDX-License-Identifier: Apache-2.0 */
/*
 * conform.c -- `gpucoh conform` (issue 25 item 3; docs/memory-models.md, "Conformance campaign"):
 * the generated litmus tests (litgen.h, made in memory: the options of litmus-gen), optionally a
 * deterministic sample of them, each run under every requested protocol variant with the
 * runner's randomisation (litmus.h: delays, skew, warmers, rollover starts), judged by the
 * oracle for the models the variant claims (`expect oracle`). Per variant: tests run, distinct
 * outcomes, violations (with a replay line each), outcomes the own model allows that no run
 * showed. Known violations (litmus/known-violations.txt) are printed and counted but do not
 * fail; a known entry that a run of its tests no longer shows does.
 */
#define _POSIX_C_SOURCE 200809L
#include <fnmatch.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "conform.h"
#include "conform_int.h"

#include "axiom.h"
#include "gsys.h"
#include "help.h"
#include "litgen.h"
#include "litmus.h"
#include "opts.h"
#include "rng.h"
#include "util.h"

static const char* const LIST_OPTS[5] = {"--shapes", "--sync", "--scopes", "--threads", "--locs"};

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- options ------------------------------------------------------------------------------- */

/* --shard K/N: 1 <= K <= N <= 1 000 000 */
static int shard_opt(cf_t* c, const char* v) {
    char tail = 0;
    unsigned long long k = 0, n = 0;
    if (sscanf(v, "%llu/%llu%c", &k, &n, &tail) != 2 || v[0] < '0' || v[0] > '9' || !k || k > n ||
        n > 1000000u) {
        fprintf(stderr, "gpucoh: conform: --shard '%s': expected K/N with 1 <= K <= N <= 1000000\n",
                v);
        return -1;
    }
    c->shard_k = k;
    c->shard_n = n;
    return 0;
}

static int value_opt(void* ctx, const char* a, const char* v) {
    cf_t* c = ctx;
    const int l = litgen_list_opt(a, v, &c->g);
    if (l <= 0) {
        for (uint32_t i = 0; i < 5 && !l; i++)
            if (!strcmp(a, LIST_OPTS[i]))
                c->arg[i] = v;
        return l;
    }
    if (!strcmp(a, "--runs")) {
        c->runs_set = true;
        return gpucoh_opt_u64(a, v, 1, 100000000u, &c->runs);
    }
    if (!strcmp(a, "--seed"))
        return gpucoh_opt_u64(a, v, 0, UINT64_MAX, &c->seed);
    if (!strcmp(a, "--set-traffic")) /* the limit is the tests': checked before any run */
        return gpucoh_opt_u32(a, v, 0, LITMUS_MAX_SET_TRAFFIC, &c->set_traffic);
    if (!strcmp(a, "--rerun-rtl"))
        return gpucoh_opt_u64(a, v, 0, 1000, &c->rerun);
    if (!strcmp(a, "--sample"))
        return gpucoh_opt_u64(a, v, 1, UINT32_MAX, &c->sample);
    if (!strcmp(a, "--param")) {
        if (c->nparam == CF_MAX_PARAMS) {
            fprintf(stderr, "gpucoh: conform: at most %u --param options\n", CF_MAX_PARAMS);
            return -1;
        }
        c->param[c->nparam++] = v;
        return 0;
    }
    if (!strcmp(a, "--shard"))
        return shard_opt(c, v);
    if (!strcmp(a, "--run")) {
        c->run_set = true;
        return gpucoh_opt_u64(a, v, 0, UINT64_MAX - 1, &c->run_k);
    }
    const char** dst = !strcmp(a, "--only")           ? &c->only
                       : !strcmp(a, "--known")        ? &c->known_path
                       : !strcmp(a, "--out")          ? &c->out
                       : !strcmp(a, "--json")         ? &c->json
                       : !strcmp(a, "--from-results") ? &c->from
                                                      : &c->protocols;
    *dst = v;
    return 0;
}

static int cf_value(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    return value_opt(ctx, opt->name, v) != 0 ? -1 : 0;
}

static int cf_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    cf_t* c = ctx;
    (void)v;
    if (opt->id == 1)
        c->g.no_plain = true;
    else if (opt->id == 2)
        c->check_only = true;
    else
        c->quiet = true;
    return 0;
}

enum { CF_PARSE = 1u, CF_HELP = 2u }; /* CF_HELP: a --help line only (never matched) */

#define CF_V(n, a, h)                                                                              \
    { .name = n, .has_arg = true, .cmds = CF_PARSE, .fn = cf_value, .arg = a, .help = h }
/* conform's options, in its --help's order (gpucoh_conform_help) */
static const gpucoh_opt_t conform_opts[] = {
    {.name = "--shapes/--sync/--scopes/--threads/--locs",
     .cmds = CF_HELP,
     .arg = "LIST",
     .help = "\nthe tests, as for litmus-gen (default: all, 1 868 041 tests)"},
    CF_V("--shapes", "LIST", NULL),
    CF_V("--sync", "LIST", NULL),
    CF_V("--scopes", "LIST", NULL),
    CF_V("--threads", "LIST", NULL),
    CF_V("--locs", "LIST", NULL),
    {.name = "--no-plain",
     .cmds = CF_PARSE,
     .fn = cf_flag,
     .id = 1,
     .help = "as for litmus-gen: no plain access (--sync relacq.all\n"
             "--no-plain: every test race-free at its scopes)"},
    CF_V("--sample", "N", "N tests drawn from --seed out of those (deterministic)"),
    CF_V("--only", "NAME", "that one test (a replay; its table is printed)"),
    CF_V("--protocol", "V[,V...]", "variants, or all (default)"),
    CF_V("--runs", "R", "runs per test and variant (default 1000)"),
    CF_V("--seed", "S", "the runs' seed and the sample's (default 1)"),
    CF_V("--run", "K", "with --only: run K alone, each run printed (a replay line)"),
    CF_V("--param", "NAME=VALUE",
         "set a parameter of every variant's small configuration (stress:\n"
         "--param l1_sets=2 for more evictions); repeatable, up to 8"),
    CF_V("--set-traffic", "N",
         "stress: N more wavefronts per test load and store other lines of\n"
         "its locations' L1 sets, banks and L2 sets (as for gpucoh litmus;\n"
         "default 0; every test is checked to fit before any run)"),
    CF_V("--rerun-rtl", "N",
         "re-run the first N violations' runs on the RTL alone and in\n"
         "lockstep (builds the Verilated models: minutes); a different\n"
         "outcome or a mismatch fails (default 0)"),
    CF_V("--known", "PATH",
         "known violations (default litmus/known-violations.txt; none: no\n"
         "list): lines 'VARIANT TEST-PATTERN MODEL REASON'; a violation\n"
         "they list is printed as known and does not fail; an entry whose\n"
         "tests ran without showing it fails (remove it when fixed)"),
    CF_V("--shard", "K/N",
         "the K-th of N equal slices of the tests to run, in their order (a\n"
         "campaign's job: gpucoh campaign plan conform; docs/campaigns.md)"),
    {.name = "--check-only",
     .cmds = CF_PARSE,
     .fn = cf_flag,
     .id = 2,
     .help = "every input checked as for a run, \"  tests T\" printed, nothing run"},
    CF_V("--from-results", "LIST",
         "no run: the report of the shards 1..N whose JSON reports LIST\n"
         "names (a line each), as one run of all their tests (campaign merge)"),
    CF_V("--out", "DIR", "report directory (default build/out): conform-seedS.json"),
    CF_V("--json", "PATH", "the report there instead"),
    {.name = "--quiet", .cmds = CF_PARSE, .fn = cf_flag, .help = "no report line"},
};
#undef CF_V

void gpucoh_conform_help(FILE* f) {
    const gpucoh_optset_t set = {.cmd = "conform",
                                 .cmd_bit = CF_PARSE | CF_HELP,
                                 .opts = conform_opts,
                                 .nopts = (int)(sizeof conform_opts / sizeof conform_opts[0])};
    gpucoh_opt_help(&set, 23, f);
}

/* 0 ok, 1 --help, -1 bad input (message printed) */
static int parse(int argc, char** argv, cf_t* c) {
    c->runs = CF_DEFAULT_RUNS;
    c->seed = 1;
    for (int i = 2; i < argc; i++) /* --help anywhere: nothing else is looked at */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1;
    const gpucoh_optset_t set = {.cmd = "conform",
                                 .cmd_bit = CF_PARSE,
                                 .opts = conform_opts,
                                 .nopts = (int)(sizeof conform_opts / sizeof conform_opts[0]),
                                 .refuse = gpucoh_refuse_help};
    if (gpucoh_opt_parse(&set, argc, argv, 2, c) != 0)
        return -1;
    if (c->run_set && (c->runs_set || !c->only)) {
        fprintf(stderr, "gpucoh: conform: --run K replays one run of one test: give it with "
                        "--only NAME and without --runs\n");
        return -1;
    }
    if (c->sample && c->only) {
        fprintf(stderr, "gpucoh: conform: --sample and --only: one or the other\n");
        return -1;
    }
    if ((c->shard_n || c->from) && c->only) {
        fprintf(stderr, "gpucoh: conform: --only runs one test: without --shard or "
                        "--from-results\n");
        return -1;
    }
    if (c->from && (c->shard_n || c->check_only)) {
        fprintf(stderr, "gpucoh: conform: --from-results reads the shards' reports: without "
                        "--shard or --check-only\n");
        return -1;
    }
    return 0;
}

static int add_variant(cf_t* c, const char* name) {
    uint32_t vi;
    const gsys_proto_t* P = gsys_variant_find(name, &vi);
    if (!P) {
        fprintf(stderr, "gpucoh: conform: --protocol: unknown variant '%s' (", name);
        for (const gsys_proto_t* const* p = gsys_protocols(); *p; p++)
            for (uint32_t i = 0; i < (*p)->nvariants; i++)
                fprintf(stderr, "%s ", (*p)->variants[i].name);
        fprintf(stderr, "all)\n");
        return -1;
    }
    for (uint32_t i = 0; i < c->nvar; i++)
        if (c->var[i].v == &P->variants[vi])
            return 0;
    if (c->nvar == CF_MAX_VARIANTS)
        return -1;
    cf_var_t* x = &c->var[c->nvar++];
    x->v = &P->variants[vi];
    P->config(vi, false, &x->cfg); /* the small configuration: every generated test fits it */
    char err[512];
    for (uint32_t i = 0; i < c->nparam; i++)
        if (P->param_set(gsys_pd(&x->cfg), c->param[i], err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: conform: --param %s (%s): %s\n", c->param[i], name, err);
            return -1;
        }
    if (P->check && P->check(gsys_pdc(&x->cfg), err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: conform: --param under %s: %s\n", name, err);
        return -1;
    }
    return 0;
}

static int parse_protocols(cf_t* c) {
    char buf[512];
    snprintf(buf, sizeof buf, "%s", c->protocols ? c->protocols : "all");
    char* save = NULL;
    for (char* t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (strcmp(t, "all") != 0) {
            if (add_variant(c, t) != 0)
                return -1;
            continue;
        }
        for (const gsys_proto_t* const* p = gsys_protocols(); *p; p++)
            for (uint32_t i = 0; i < (*p)->nvariants; i++)
                if (add_variant(c, (*p)->variants[i].name) != 0)
                    return -1;
    }
    return 0;
}

/* ---- known violations ---------------------------------------------------------------------- */

/* One line "VARIANT TEST-PATTERN MODEL REASON..." (fnmatch patterns; VARIANT and MODEL may be
 * '*'); '#' comments, blank lines. */
static int known_line(cf_t* c, char* s, const char* path, uint32_t ln) {
    char* h = strchr(s, '#');
    if (h)
        *h = 0;
    char v[64], p[256], m[64];
    int off = 0;
    if (sscanf(s, " %63s %255s %63s %n", v, p, m, &off) != 3) {
        for (char* q = s; *q; q++)
            if (*q != ' ' && *q != '\t' && *q != '\r' && *q != '\n') {
                fprintf(stderr, "gpucoh: %s:%u: expected 'VARIANT TEST-PATTERN MODEL REASON'\n",
                        path, ln);
                return -1;
            }
        return 0;
    }
    uint32_t vi;
    if ((strcmp(v, "*") && !gsys_variant_find(v, &vi)) ||
        (strcmp(m, "*") && ax_model_index(m) < 0)) {
        fprintf(stderr, "gpucoh: %s:%u: unknown %s '%s'\n", path, ln,
                strcmp(m, "*") && ax_model_index(m) < 0 ? "model" : "variant",
                strcmp(m, "*") && ax_model_index(m) < 0 ? m : v);
        return -1;
    }
    if (c->nknown == CF_MAX_KNOWN || strlen(p) > LG_NAME_MAX || strlen(v) >= 32 ||
        strlen(m) >= 32) {
        fprintf(stderr, "gpucoh: %s:%u: too many entries or too long a name\n", path, ln);
        return -1;
    }
    cf_known_t* k = &c->known[c->nknown++];
    snprintf(k->variant, sizeof k->variant, "%s", v);
    snprintf(k->pattern, sizeof k->pattern, "%s", p);
    snprintf(k->model, sizeof k->model, "%s", m);
    snprintf(k->reason, sizeof k->reason, "%s", s + off);
    k->reason[strcspn(k->reason, "\r\n")] = 0;
    k->line = ln;
    return 0;
}

static int read_known(cf_t* c, FILE* f, const char* path) {
    char line[1024];
    uint32_t ln = 0;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof line, f))
        rc = known_line(c, line, path, ++ln);
    return rc;
}

static int load_known(cf_t* c) {
    char def[1100];
    const char* path = c->known_path;
    if (path && !strcmp(path, "none"))
        return 0;
    if (!path) {
        snprintf(def, sizeof def, "%s/litmus/known-violations.txt", gpucoh_root());
        path = def;
    }
    FILE* f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gpucoh: conform: --known %s: cannot read it (--known none: no list)\n",
                path);
        return -1;
    }
    const int rc = read_known(c, f, path);
    fclose(f);
    return rc;
}

int conform_known_read(FILE* f, const char* path, uint32_t* n) {
    cf_t* c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    const int rc = read_known(c, f, path);
    *n = c->nknown;
    free(c);
    return rc;
}

static bool known_applies(const cf_known_t* k, const char* variant, const char* test) {
    return (!strcmp(k->variant, "*") || !strcmp(k->variant, variant)) &&
           fnmatch(k->pattern, test, 0) == 0;
}

int32_t cf_known_find(cf_t* c, const char* variant, const char* test, const char* model) {
    for (uint32_t i = 0; i < c->nknown; i++) {
        const cf_known_t* k = &c->known[i];
        if (known_applies(k, variant, test) && (!strcmp(k->model, "*") || !strcmp(k->model, model)))
            return (int32_t)i;
    }
    return -1;
}

/* ---- the runs ------------------------------------------------------------------------------ */

cf_viol_t* cf_viol_new(cf_t* c) {
    if (c->nviol == c->capviol) {
        const uint32_t n = c->capviol ? 2 * c->capviol : 64;
        cf_viol_t* nv = (cf_viol_t*)realloc(c->viol, (size_t)n * sizeof *nv);
        if (!nv)
            return NULL;
        c->viol = nv;
        c->capviol = n;
    }
    cf_viol_t* v = &c->viol[c->nviol++];
    memset(v, 0, sizeof *v);
    v->known = -1;
    return v;
}

static int add_viol(cf_t* c, uint32_t vi, const litgen_test_t* t, const litmus_t* l,
                    const litmus_outcome_t* x, uint64_t runs) {
    cf_viol_t* v = cf_viol_new(c);
    if (!v)
        return -1;
    snprintf(v->test, sizeof v->test, "%s", t->name);
    litmus_format(l, x->v, v->outcome, sizeof v->outcome);
    v->model = x->model >= 0 ? ax_model_name((uint32_t)x->model) : "none";
    v->shape = t->shape;
    v->var = vi;
    v->count = x->count;
    v->runs = runs;
    v->first_run = x->first_run;
    v->known = cf_known_find(c, c->var[vi].v->name, t->name, v->model);
    v->text = NULL;
    v->rtl[0] = v->lockstep[0] = 0;
    if (c->nviol <= c->rerun && !(v->text = strdup(t->text)))
        return -1;
    if (v->known >= 0)
        c->known[v->known].hits++;
    return 0;
}

/* every claimed model found the test racy: the outcomes that have a candidate execution are all
 * undefined (the class is the test's, not the outcome's, once the outcome is not unexpected) */
static bool all_undefined(const litmus_result_t* r) {
    bool undef = false;
    for (uint32_t i = 0; i < r->nout; i++) {
        if (r->out[i].cls == LIT_ALLOWED || r->out[i].cls == LIT_FORBIDDEN)
            return false;
        undef = undef || r->out[i].cls == LIT_UNDEFINED;
    }
    return undef;
}

static int tally(cf_t* c, uint32_t vi, const litgen_test_t* t, const litmus_t* l,
                 const litmus_result_t* r) {
    cf_var_t* x = &c->var[vi];
    x->tests++;
    x->runs += r->runs;
    x->outcomes += r->nout;
    x->never += r->oracle_never;
    x->never_tests += r->oracle_never != 0;
    x->racy += all_undefined(r);
    x->fatal += r->chk.fatal;
    for (uint32_t k = 0; k < c->nknown; k++)
        c->known[k].tests += known_applies(&c->known[k], x->v->name, t->name);
    for (uint32_t i = 0; i < r->nout; i++) {
        if (r->out[i].cls != LIT_FORBIDDEN && r->out[i].cls != LIT_UNEXPECTED)
            continue;
        if (add_viol(c, vi, t, l, &r->out[i], r->runs) != 0)
            return -1;
        if (c->viol[c->nviol - 1].known >= 0)
            x->known++;
        else
            x->violations++;
    }
    return 0;
}

static void progress(cf_t* c) {
    const double t = now_s();
    if (t - c->last < 5.0)
        return;
    c->last = t;
    uint64_t v = 0;
    for (uint32_t i = 0; i < c->nvar; i++)
        v += c->var[i].violations + c->var[i].known;
    fprintf(stderr,
            "conform: %" PRIu64 " tests of %" PRIu64 " run, %" PRIu64 " violations, %.0f s\n",
            c->ran, c->sample && c->sample < c->total ? c->sample : c->total, v, t - c->t0);
}

static int run_one(cf_t* c, uint32_t vi, const litgen_test_t* t, const litmus_t* l) {
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = c->run_set ? 1 : (uint32_t)c->runs;
    o.first_run = c->run_set ? c->run_k : 0;
    o.seed = c->seed;
    o.set_traffic = c->set_traffic;
    o.verbose = c->run_set;
    o.report = c->only ? stderr : NULL;
    litmus_result_t r;
    char err[1400];
    FILE* out = c->only ? stdout : NULL; /* a replay: the runner's table */
    const int rc = litmus_run(l, &c->var[vi].cfg, &o, out, &r, err, sizeof err);
    if (rc < 0) {
        c->var[vi].refused++;
        fprintf(stderr, "gpucoh: conform: %s under %s: %s\n", t->name, c->var[vi].v->name, err);
        litmus_result_free(&r);
        return 0;
    }
    const int tr = tally(c, vi, t, l, &r);
    litmus_result_free(&r);
    return tr;
}

/* test index i (name t->name) is one to run (--sample, --only, --shard: its ordinal among the
 * others in lo..hi-1); called once per test in order (c->ord counts) */
static bool picked(cf_t* c, uint64_t i, const litgen_test_t* t) {
    if ((c->pick && !(c->pick[i / 8] >> (i % 8) & 1u)) || (c->only && strcmp(c->only, t->name)))
        return false;
    const uint64_t j = c->ord++;
    return !c->shard_n || (j >= c->lo && j < c->hi);
}

/* --set-traffic N, before any run: does a test to run fit N traffic wavefronts under every
 * variant (parse and placement only)? Counts those that do not; keeps the least room one of
 * them has and its message. */
static int fit_test(void* ctx, const litgen_test_t* t) {
    cf_t* c = (cf_t*)ctx;
    if (!picked(c, c->index++, t))
        return 0;
    char err[1400];
    litmus_t* l = litmus_parse(t->text, t->name, err, sizeof err);
    if (!l) /* run_test reports it */
        return 0;
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.set_traffic = c->set_traffic;
    bool fit = true;
    for (uint32_t v = 0; v < c->nvar; v++) {
        const uint32_t room = litmus_traffic_room(l, &c->var[v].cfg);
        if (room >= c->set_traffic && litmus_check_fit(l, &c->var[v].cfg, &o, err, sizeof err) == 0)
            continue;
        if (fit && !c->unfit++)
            c->room = UINT32_MAX;
        fit = false;
        if (room < c->room) {
            litmus_check_fit(l, &c->var[v].cfg, &o, err, sizeof err);
            c->room = room;
            snprintf(c->unfit_msg, sizeof c->unfit_msg, "%s (%s)", err, c->var[v].v->name);
        }
    }
    litmus_free(l);
    return 0;
}

static int run_test(void* ctx, const litgen_test_t* t) {
    cf_t* c = (cf_t*)ctx;
    const uint64_t i = c->index++;
    if (gpucoh_interrupted)
        return -3;
    if (!picked(c, i, t))
        return 0;
    char err[1400];
    litmus_t* l = litmus_parse(t->text, t->name, err, sizeof err);
    if (!l) {
        fprintf(stderr, "gpucoh: conform: %s does not parse: %s\n", t->name, err);
        c->refused_total++;
        return 0;
    }
    int rc = 0;
    for (uint32_t v = 0; v < c->nvar && rc == 0; v++)
        rc = run_one(c, v, t, l);
    litmus_free(l);
    c->ran++;
    progress(c);
    return rc;
}

/* --sample N: N test indices out of total, drawn from the seed (a partial Fisher-Yates) */
static int make_sample(cf_t* c) {
    if (!c->sample || c->sample >= c->total)
        return 0;
    uint32_t* ix = (uint32_t*)malloc(c->total * sizeof *ix);
    c->pick = (uint8_t*)calloc(c->total / 8 + 1, 1);
    if (!ix || !c->pick) {
        free(ix);
        return -1;
    }
    for (uint64_t i = 0; i < c->total; i++)
        ix[i] = (uint32_t)i;
    gpucoh_rng_t g;
    gpucoh_rng_seed(&g, c->seed ^ 0x9e3779b97f4a7c15ull);
    for (uint64_t i = 0; i < c->sample; i++) {
        const uint64_t j = i + gpucoh_rng_below(&g, (uint32_t)(c->total - i));
        const uint32_t x = ix[i];
        ix[i] = ix[j];
        ix[j] = x;
        c->pick[ix[i] / 8] |= (uint8_t)(1u << (ix[i] % 8));
    }
    free(ix);
    return 0;
}

/* ---- the RTL re-runs (--rerun-rtl N) ------------------------------------------------------- */

/* one Verilated backend (every slot RTL), made once and lent to the run */
typedef struct {
    gsys_impl_t impl;
    gsys_backend_t real;
    bool made;
} cf_be_t;

static int rtl_factory(void* ctx, const gsys_cfg_t* c, gsys_backend_t* be, char* err, size_t n) {
    cf_be_t* s = (cf_be_t*)ctx;
    if (!s->made) {
        const gsys_rtl_cfg_t rc = {.impl = s->impl, .rtl = (1u << c->proto->nslots) - 1u};
        if (gsys_backend_rtl_cfg(c, &rc, &s->real, err, n) != 0)
            return -1;
        s->made = true;
    }
    gsys_backend_borrow(&s->real, be);
    return 0;
}

/* Run K of violation v again on impl: its outcome and class into b ("r0=0 r1=0 FORBIDDEN";
 * lockstep: and the mismatches); false when the RTL disagrees with the C models. */
static bool rerun_one(const cf_t* c, const cf_viol_t* v, const litmus_t* l, gsys_impl_t impl,
                      char* b, size_t n) {
    cf_be_t be = {.impl = impl};
    litmus_opts_t o;
    litmus_opts_default(&o);
    o.runs = 1;
    o.first_run = v->first_run;
    o.seed = c->seed;
    o.set_traffic = c->set_traffic;
    o.make_backend = rtl_factory;
    o.backend_ctx = &be;
    litmus_result_t r;
    char err[1400], ob[256] = "";
    const int rc = litmus_run(l, &c->var[v->var].cfg, &o, NULL, &r, err, sizeof err);
    const gsys_rtl_result_t* x =
        be.made && impl == GSYS_IMPL_LOCKSTEP ? gsys_backend_rtl_result(&be.real) : NULL;
    if (rc >= 0 && r.nout == 1)
        litmus_format(l, r.out[0].v, ob, sizeof ob);
    const bool same =
        rc >= 0 && !strcmp(ob, v->outcome) && (!x || !(x->mismatches + x->rtl_errors));
    if (rc < 0)
        snprintf(b, n, "ERROR %s", err);
    else if (x)
        snprintf(b, n, "%s, %" PRIu64 " mismatches%s", r.nout == 1 ? ob : "no outcome",
                 x->mismatches + x->rtl_errors, same ? "" : " (DIFFERS)");
    else
        snprintf(b, n, "%s%s", r.nout == 1 ? ob : "no outcome", same ? "" : " (DIFFERS)");
    if (be.made && be.real.destroy)
        be.real.destroy(be.real.ctx);
    litmus_result_free(&r);
    return same;
}

/* the first N violations, on the RTL alone and in lockstep: the number that disagree */
static uint32_t rerun_rtl(cf_t* c) {
    uint32_t bad = 0;
    for (uint32_t i = 0; i < c->nviol && i < c->rerun; i++) {
        cf_viol_t* v = &c->viol[i];
        char err[1400];
        litmus_t* l = v->text ? litmus_parse(v->text, v->test, err, sizeof err) : NULL;
        if (!l)
            continue;
        fprintf(stderr, "conform: re-running %s %s run %" PRIu64 " on the RTL\n",
                c->var[v->var].v->name, v->test, v->first_run);
        const uint32_t b = !rerun_one(c, v, l, GSYS_IMPL_RTL, v->rtl, sizeof v->rtl) +
                           !rerun_one(c, v, l, GSYS_IMPL_LOCKSTEP, v->lockstep, sizeof v->lockstep);
        v->rerun_bad = b;
        bad += b;
        litmus_free(l);
    }
    return bad;
}

/* ---- the report ---------------------------------------------------------------------------- */

/* " --param A --param B" and " --set-traffic N" when N is not 0 (the replay lines' options) */
static void params_of(const cf_t* c, char* b, size_t n) {
    size_t k = 0;
    b[0] = 0;
    for (uint32_t i = 0; i < c->nparam && k < n; i++)
        k += (size_t)snprintf(b + k, n - k, " --param %s", c->param[i]);
    if (c->set_traffic && k < n)
        snprintf(b + k, n - k, " --set-traffic %u", (unsigned)c->set_traffic);
}

static void replay_line(const cf_t* c, const cf_viol_t* v, char* b, size_t n) {
    char ps[600];
    params_of(c, ps, sizeof ps);
    snprintf(b, n,
             "%s/build/gpucoh conform --shapes %s%s --only %s --protocol %s%s --seed %" PRIu64
             " --run %" PRIu64,
             gpucoh_root(), litgen_shape_name(v->shape), c->g.no_plain ? " --no-plain" : "",
             v->test, c->var[v->var].v->name, ps, c->seed, v->first_run);
}

/* the same run from the test's file, on the RTL in lockstep with the C models (DIR: any
 * existing directory) */
static void rtl_line(const cf_t* c, const cf_viol_t* v, char* b, size_t n) {
    char ps[600];
    params_of(c, ps, sizeof ps);
    snprintf(b, n,
             "gpucoh litmus-gen --shapes %s%s --only %s --out DIR && gpucoh litmus DIR/%s.litmus "
             "--protocol %s%s --seed %" PRIu64 " --run %" PRIu64 " --impl lockstep",
             litgen_shape_name(v->shape), c->g.no_plain ? " --no-plain" : "", v->test, v->test,
             c->var[v->var].v->name, ps, c->seed, v->first_run);
}

static bool stale(const cf_known_t* k) {
    return k->tests && !k->hits;
}

static uint32_t print_report(const cf_t* c, double secs) {
    uint32_t fails = 0;
    printf("conform: %" PRIu64 " tests x %u variants x %" PRIu64 " runs (seed %" PRIu64
           "), %.1f s\n",
           c->ran, c->nvar, c->run_set ? 1 : c->runs, c->seed, secs);
    printf("  %-10s %-13s %7s %7s %10s %9s %11s %6s %10s %7s %8s\n", "variant", "model", "tests",
           "racy", "runs", "outcomes", "violations", "known", "never-obs", "(tests)", "errors");
    for (uint32_t i = 0; i < c->nvar; i++) {
        const cf_var_t* x = &c->var[i];
        printf("  %-10s %-13s %7" PRIu64 " %7" PRIu64 " %10" PRIu64 " %9" PRIu64 " %11" PRIu64
               " %6" PRIu64 " %10" PRIu64 " %7" PRIu64 " %8" PRIu64 "\n",
               x->v->name, x->v->model, x->tests, x->racy, x->runs, x->outcomes, x->violations,
               x->known, x->never, x->never_tests, x->refused + x->fatal);
        fails += (uint32_t)(x->violations + x->refused + x->fatal);
    }
    char rp[1400];
    for (uint32_t i = 0; i < c->nviol; i++) {
        const cf_viol_t* v = &c->viol[i];
        replay_line(c, v, rp, sizeof rp);
        printf("  %s %s %s: %s (forbidden by %s) in %" PRIu64 " of %" PRIu64 " runs%s%s\n",
               v->known >= 0 ? "known" : "VIOLATION", c->var[v->var].v->name, v->test, v->outcome,
               v->model, v->count, v->runs, v->known >= 0 ? "; " : "",
               v->known >= 0 ? c->known[v->known].reason : "");
        printf("    replay    %s\n", rp);
        rtl_line(c, v, rp, sizeof rp);
        printf("    on RTL    %s\n", rp);
        if (v->rtl[0])
            printf("    rtl       %s\n    lockstep  %s\n", v->rtl, v->lockstep);
    }
    for (uint32_t k = 0; k < c->nknown; k++)
        if (stale(&c->known[k])) {
            printf("  STALE known violation (line %u: %s %s %s): its %" PRIu64
                   " test run(s) never showed it; remove the line if it is fixed\n",
                   c->known[k].line, c->known[k].variant, c->known[k].pattern, c->known[k].model,
                   c->known[k].tests);
            fails++;
        }
    return fails;
}

static void json_var(FILE* f, const cf_var_t* x, const char* sep) {
    fprintf(f, "%s    {", sep);
    gpucoh_json_kv(f, "", "variant", x->v->name);
    gpucoh_json_kv(f, ", ", "model", x->v->model);
    fprintf(f,
            ", \"tests\": %" PRIu64 ", \"racy_tests\": %" PRIu64 ", \"runs\": %" PRIu64
            ", \"outcomes\": %" PRIu64 ", \"violations\": %" PRIu64 ", \"known\": %" PRIu64
            ", \"never_observed\": %" PRIu64 ", \"tests_with_never_observed\": %" PRIu64
            ", \"refused\": %" PRIu64 ", \"fatal_runs\": %" PRIu64 "}",
            x->tests, x->racy, x->runs, x->outcomes, x->violations, x->known, x->never,
            x->never_tests, x->refused, x->fatal);
}

static void json_viol(FILE* f, const cf_t* c, const cf_viol_t* v, const char* sep) {
    char rp[1400];
    replay_line(c, v, rp, sizeof rp);
    fprintf(f, "%s    {", sep);
    gpucoh_json_kv(f, "", "variant", c->var[v->var].v->name);
    gpucoh_json_kv(f, ", ", "test", v->test);
    gpucoh_json_kv(f, ", ", "outcome", v->outcome);
    gpucoh_json_kv(f, ", ", "model", v->model);
    fprintf(f, ", \"count\": %" PRIu64 ", \"runs\": %" PRIu64 ", \"first_run\": %" PRIu64, v->count,
            v->runs, v->first_run);
    gpucoh_json_kv(f, ", ", "known", v->known >= 0 ? c->known[v->known].reason : "");
    gpucoh_json_kv(f, ", ", "replay", rp);
    rtl_line(c, v, rp, sizeof rp);
    gpucoh_json_kv(f, ", ", "replay_rtl", rp);
    gpucoh_json_kv(f, ", ", "rtl", v->rtl);
    gpucoh_json_kv(f, ", ", "lockstep", v->lockstep);
    gpucoh_json_kv(f, ", ", "shape", litgen_shape_name(v->shape));
    fprintf(f, ", \"rerun_failed\": %u}", (unsigned)v->rerun_bad);
}

void cf_json_options(FILE* f, const cf_t* c) {
    fprintf(f, "{");
    for (uint32_t i = 0; i < 5; i++)
        gpucoh_json_kv(f, i ? ", " : "", LIST_OPTS[i] + 2, c->arg[i] ? c->arg[i] : "all");
    fprintf(f,
            ", \"runs\": %" PRIu64 ", \"seed\": %" PRIu64 ", \"sample\": %" PRIu64
            ", \"set_traffic\": %u, \"no_plain\": %s, \"rerun_rtl\": %" PRIu64,
            c->run_set ? 1 : c->runs, c->seed, c->sample, (unsigned)c->set_traffic,
            c->g.no_plain ? "true" : "false", c->rerun);
    fprintf(f, ", \"params\": [");
    for (uint32_t i = 0; i < c->nparam; i++) {
        fprintf(f, "%s", i ? ", " : "");
        gpucoh_json_str(f, c->param[i]);
    }
    fprintf(f, "]}");
}

static int write_json(const cf_t* c, double secs, uint32_t fails) {
    gpucoh_afile_t a;
    char err[1400];
    if (gpucoh_afile_open(&a, c->json_path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: conform: %s\n", err);
        return -1;
    }
    FILE* f = a.f;
    fprintf(f, "{\n  \"command\": \"conform\",\n  \"version\": ");
    gpucoh_json_str(f, gpucoh_version());
    fprintf(f, ",\n  \"options\": ");
    cf_json_options(f, c);
    fprintf(f, ",\n");
    fprintf(f,
            "  \"generated\": %" PRIu64 ",\n  \"tests\": %" PRIu64 ",\n  \"seconds\": %.1f,\n"
            "  \"failures\": %u,\n  \"unparsed\": %" PRIu64 ",\n",
            c->total, c->ran, secs, fails, c->refused_total);
    if (c->shard_n)
        fprintf(f, "  \"shard\": \"%" PRIu64 "/%" PRIu64 "\",\n", c->shard_k, c->shard_n);
    fprintf(f, "  \"known_tests\": [");
    for (uint32_t k = 0; k < c->nknown; k++)
        fprintf(f, "%s%" PRIu64, k ? ", " : "", c->known[k].tests);
    fprintf(f, "],\n  \"variants\": [");
    for (uint32_t i = 0; i < c->nvar; i++)
        json_var(f, &c->var[i], i ? ",\n" : "\n");
    fprintf(f, "\n  ],\n  \"violations\": [");
    for (uint32_t i = 0; i < c->nviol; i++)
        json_viol(f, c, &c->viol[i], i ? ",\n" : "\n");
    fprintf(f, "\n  ],\n  \"stale_known\": [");
    for (uint32_t k = 0, n = 0; k < c->nknown; k++)
        if (stale(&c->known[k]))
            fprintf(f, "%s%u", n++ ? ", " : "", c->known[k].line);
    fprintf(f, "]\n}\n");
    if (gpucoh_afile_commit(&a, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: conform: %s\n", err);
        return -1;
    }
    return 0;
}

static void cf_free(cf_t* c) {
    for (uint32_t i = 0; i < c->nviol; i++)
        free(c->viol[i].text);
    free(c->viol);
    free(c->pick);
}

/* the verdict line, as the other commands print theirs (make regress counts PASS lines) */
static void print_verdict(const cf_t* c, uint32_t fails) {
    uint64_t viol = 0, known = 0, stale_n = 0;
    for (uint32_t i = 0; i < c->nvar; i++) {
        viol += c->var[i].violations;
        known += c->var[i].known;
    }
    for (uint32_t k = 0; k < c->nknown; k++)
        stale_n += stale(&c->known[k]);
    printf("%s conform: %" PRIu64 " tests, %u variants, %" PRIu64 " violations, %" PRIu64
           " known, %" PRIu64 " stale known entries\n",
           fails ? "FAIL" : "PASS", c->ran, c->nvar, viol, known, stale_n);
}

/* ---- the command --------------------------------------------------------------------------- */

/* --set-traffic N: every test to run checked before any run (fit_test): 0, -1 out of memory,
 * or -4 with the message printed */
static int check_fit(cf_t* c) {
    static litgen_stats_t st;
    if (!c->set_traffic)
        return 0;
    c->index = c->ord = 0;
    const int rc = litgen_run(&c->g, fit_test, c, &st);
    c->index = c->ord = 0;
    if (rc != 0)
        return -1;
    if (c->unfit)
        fprintf(stderr,
                "gpucoh: conform: --set-traffic %u: %" PRIu64
                " of the tests do not fit (at most --set-traffic %u fits them all): %s\n",
                (unsigned)c->set_traffic, c->unfit, (unsigned)c->room, c->unfit_msg);
    return c->unfit ? -4 : 0;
}

/* The tests to run: their count and the sample (--only: one test, neither), then
 * --set-traffic's check. 0, or -1 (message printed). */
static int select_tests(cf_t* c) {
    static litgen_stats_t st;
    int rc = 0;
    if (!c->only) {
        rc = litgen_run(&c->g, NULL, NULL, &st);
        c->total = st.total;
        if (rc == 0)
            rc = make_sample(c);
    }
    const uint64_t n = c->sample && c->sample < c->total ? c->sample : c->total;
    c->lo = c->shard_n ? (c->shard_k - 1) * n / c->shard_n : 0;
    c->hi = c->shard_n ? c->shard_k * n / c->shard_n : n;
    if (rc == 0 && !c->from)
        rc = check_fit(c);
    if (rc == -1)
        fprintf(stderr, "gpucoh: conform: out of memory\n");
    return rc ? -1 : 0;
}

/* every input checked before any run: 0, or -1 (message printed) */
static int setup(int argc, char** argv, cf_t* c, int* help) {
    const int pr = parse(argc, argv, c);
    *help = pr > 0;
    if (pr != 0 || parse_protocols(c) != 0 || load_known(c) != 0 || select_tests(c) != 0)
        return pr > 0 ? 0 : -1;
    const char* out = c->out ? c->out : gpucoh_default_out();
    if (c->json)
        snprintf(c->json_path, sizeof c->json_path, "%s", c->json);
    else
        snprintf(c->json_path, sizeof c->json_path, "%s/conform-seed%" PRIu64 ".json", out,
                 c->seed);
    if (!c->json && gpucoh_mkdirs(out) != 0) {
        fprintf(stderr, "gpucoh: conform: --out %s: cannot create it\n", out);
        return -1;
    }
    char err[1400];
    if (gpucoh_check_out_file("--json", c->json_path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    return 0;
}

/* the runs of the selected tests (select_tests) */
static int generate(cf_t* c) {
    static litgen_stats_t st;
    return litgen_run(&c->g, run_test, c, &st);
}

/* the runs (then the RTL re-runs), or --from-results: the shards' reports. 0, -1/-2 out of
 * memory, -3 interrupted, -4 a report refused (message printed). */
static int run_or_load(cf_t* c, double* secs, uint32_t* rtl_bad) {
    if (c->from)
        return cf_from_results(c, secs, rtl_bad) != 0 ? -4 : 0;
    c->last = now_s();
    gpucoh_catch_interrupt();
    const int rc = generate(c);
    *secs = now_s() - c->t0;
    if (rc == 0)
        *rtl_bad = rerun_rtl(c);
    return rc;
}

int conform_main(int argc, char** argv) {
    static cf_t c;
    memset(&c, 0, sizeof c);
    int help = 0;
    c.t0 = now_s();
    if (setup(argc, argv, &c, &help) != 0)
        return GPUCOH_EXIT_USAGE;
    if (help) {
        gpucoh_cmd_help("conform", stdout);
        return GPUCOH_EXIT_OK;
    }
    if (c.check_only) {
        printf("  tests %" PRIu64 "\nconform: every input checked, nothing run (--check-only)\n",
               c.hi - c.lo);
        cf_free(&c);
        return GPUCOH_EXIT_OK;
    }
    double secs = 0;
    uint32_t rtl_bad = 0;
    const int rc = run_or_load(&c, &secs, &rtl_bad);
    if (rc == -4) {
        cf_free(&c);
        return GPUCOH_EXIT_USAGE;
    }
    if (rc == -1 || rc == -2) {
        fprintf(stderr, "gpucoh: conform: out of memory\n");
        cf_free(&c);
        return GPUCOH_EXIT_FAILED;
    }
    if (c.only && !c.ran) {
        fprintf(stderr,
                "gpucoh: conform: --only %s: no generated test of that name under these "
                "options (gpucoh litmus-gen --list)\n",
                c.only);
        cf_free(&c);
        return GPUCOH_EXIT_USAGE;
    }
    uint32_t fails = print_report(&c, secs) + (uint32_t)c.refused_total + rtl_bad;
    const int jr = write_json(&c, secs, fails);
    if (!c.quiet)
        printf("  report    %s\n", c.json_path);
    cf_free(&c);
    if (rc == -3) {
        fprintf(stderr, "gpucoh: conform: interrupted after %" PRIu64 " tests\n", c.ran);
        return GPUCOH_EXIT_INTERRUPTED;
    }
    print_verdict(&c, fails);
    return fails || jr ? GPUCOH_EXIT_FAILED : GPUCOH_EXIT_OK;
}
