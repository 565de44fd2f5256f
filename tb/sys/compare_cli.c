/* SPDX-License-Identifier: Apache-2.0 */
/*
 * compare_cli.c -- `gpucoh compare` on the command line (compare.h, docs/cli.md): options, the
 * runs, the table on stdout, and the reports <out>/compare.{md,csv,json,png}, each written to a
 * temporary file and renamed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "compare_int.h"
#include "opts.h"
#include "util.h"

/* ---- options ------------------------------------------------------------------------------- */

static void usage(FILE* f);

static int add_variant(copt_t* o, const char* name) {
    for (uint32_t i = 0; i < o->nv; i++)
        if (!strcmp(o->variants[i], name))
            return 0;
    if (o->nv >= MAX_VARIANTS) {
        fprintf(stderr, "gpucoh: --protocol: more than %d variants\n", MAX_VARIANTS);
        return -1;
    }
    o->variants[o->nv++] = name;
    return 0;
}

static int add_family(copt_t* o, const gsys_proto_t* P) {
    for (uint32_t k = 0; k < P->nvariants; k++)
        if (add_variant(o, P->variants[k].name) != 0)
            return -1;
    return 0;
}

static void protocol_choices(void) {
    fprintf(stderr, "gpucoh: --protocol: choose from:");
    for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
        for (uint32_t k = 0; k < (*q)->nvariants; k++)
            fprintf(stderr, " %s", (*q)->variants[k].name);
    for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
        fprintf(stderr, " %s", (*q)->name);
    fprintf(stderr, " all\n");
}

/* one token of --protocol: all, a family, a variant */
static int protocol_token(copt_t* o, const char* t) {
    uint32_t vi;
    const gsys_proto_t* P = gsys_variant_find(t, &vi);
    if (P)
        return add_variant(o, P->variants[vi].name);
    if ((P = gsys_proto_find(t)) != NULL)
        return add_family(o, P);
    if (!strcmp(t, "all")) {
        for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
            if (add_family(o, *q) != 0)
                return -1;
        return 0;
    }
    fprintf(stderr, "gpucoh: --protocol: '%s' is not a registered variant or family\n", t);
    protocol_choices();
    return -1;
}

static int workload_token(copt_t* o, const char* t) {
    if (!strcmp(t, "all")) {
        for (uint32_t k = 0; k < SYNTH_N; k++)
            if (workload_token(o, synth_name(k)) != 0)
                return -1;
        return 0;
    }
    const int k = synth_find(t);
    if (k < 0) {
        fprintf(stderr, "gpucoh: --workload: '%s' is not one of:", t);
        for (uint32_t j = 0; j < SYNTH_N; j++)
            fprintf(stderr, " %s", synth_name(j));
        fprintf(stderr, " all\n");
        return -1;
    }
    for (uint32_t i = 0; i < o->nw; i++)
        if (o->workloads[i] == (uint32_t)k)
            return 0;
    o->workloads[o->nw++] = (uint32_t)k;
    return 0;
}

static int config_token(copt_t* o, const char* t) {
    static const char* const names[MAX_CONFIGS] = {"small", "paper"};
    for (uint32_t k = 0; k < MAX_CONFIGS; k++)
        if (!strcmp(t, names[k])) {
            for (uint32_t i = 0; i < o->nc; i++)
                if (o->configs[i] == names[k])
                    return 0;
            o->configs[o->nc++] = names[k];
            return 0;
        }
    fprintf(stderr, "gpucoh: --config: '%s' is not one of: small paper\n", t);
    return -1;
}

/* a comma list, each token through fn */
static int each_token(copt_t* o, const char* opt, const char* v, int (*fn)(copt_t*, const char*)) {
    char buf[512];
    if (strlen(v) >= sizeof buf) {
        fprintf(stderr, "gpucoh: %s: the list is too long\n", opt);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", v);
    char* save = NULL;
    bool any = false;
    for (char* t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (fn(o, t) != 0) /* keeps no pointer into buf (names come from the registry) */
            return -1;
        any = true;
    }
    if (!any) {
        fprintf(stderr, "gpucoh: %s: an empty list\n", opt);
        return -1;
    }
    return 0;
}

static const char* inject_name(uint32_t inject) {
    return inject == SYNTH_INJECT_MISREAD ? "misread" : "cta-local";
}

static int inject_opt(copt_t* o, const char* v) {
    if (!strcmp(v, "misread")) {
        o->inject = SYNTH_INJECT_MISREAD;
        return 0;
    }
    if (!strcmp(v, "cta-local")) {
        o->inject = SYNTH_INJECT_CTA_LOCAL;
        return 0;
    }
    fprintf(stderr, "gpucoh: --inject: '%s' is not one of: misread cta-local\n", v);
    return -1;
}

/* The options (tb/engine/opts.h). */
enum {
    C_PROTOCOL,
    C_WORKLOAD,
    C_CONFIG,
    C_SEED,
    C_SCALE,
    C_STEAL,
    C_CYCLES,
    C_INJECT,
    C_OUT,
    C_JSON,
    C_ONLY_RUN
};

static int value_opt(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    copt_t* o = ctx;
    const char* a = opt->name;
    switch (opt->id) {
    case C_PROTOCOL:
        o->protocol_arg = v;
        return each_token(o, a, v, protocol_token);
    case C_WORKLOAD:
        o->workload_arg = v;
        return each_token(o, a, v, workload_token);
    case C_CONFIG:
        o->config_arg = v;
        return each_token(o, a, v, config_token);
    case C_SEED:
        return gpucoh_opt_u64(a, v, 0, UINT64_MAX, &o->seed);
    case C_SCALE:
        return gpucoh_opt_u32(a, v, 1, 10000, &o->scale);
    case C_STEAL:
        o->steal_set = true;
        return gpucoh_opt_u32(a, v, 0, 1000, &o->steal);
    case C_CYCLES:
        return gpucoh_opt_u64(a, v, 1, UINT64_MAX >> 1, &o->cycles);
    case C_INJECT:
        return inject_opt(o, v);
    case C_OUT:
        o->out = v;
        return 0;
    case C_ONLY_RUN:
        o->only_run = v;
        return 0;
    default: /* C_JSON */
        o->json = v;
        return 0;
    }
}

static int flag_opt(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)v;
    copt_t* o = ctx;
    if (!strcmp(opt->name, "--no-plot"))
        o->plot = false;
    else if (!strcmp(opt->name, "--quiet"))
        o->quiet = true;
    else if (!strcmp(opt->name, "--check-only"))
        o->check_only = true;
    else { /* --help, -h: in order, as the words before it were read */
        usage(stdout);
        return 1;
    }
    return 0;
}

static void compare_refuse(const char* cmd, const char* w, bool option) {
    if (option)
        fprintf(stderr, "gpucoh %s: unknown option '%s' (see `gpucoh %s --help`)\n", cmd, w, cmd);
    else
        fprintf(stderr, "gpucoh %s: unexpected argument '%s'\n", cmd, w);
}

static const gpucoh_opt_t compare_opts[] = {
    {"--help", false, 0, flag_opt, NULL, 0, NULL, NULL},
    {"-h", false, 0, flag_opt, NULL, 0, NULL, NULL},
    {"--protocol", true, 0, value_opt, NULL, C_PROTOCOL, "LIST",
     "variants (or families) to compare, comma separated, or all\n"
     "(default all: every registered variant)"},
    {"--workload", true, 0, value_opt, NULL, C_WORKLOAD, "LIST",
     "prodcons, workqueue, readshared, worksteal, readonly, rsteal,\n"
     "comma separated, or all (default all)"},
    {"--config", true, 0, value_opt, NULL, C_CONFIG, "C",
     "small (default) | paper | small,paper (a section each)"},
    {"--seed", true, 0, value_opt, NULL, C_SEED, "S",
     "seed of the workloads and the system (default 1)"},
    {"--scale", true, 0, value_opt, NULL, C_SCALE, "N",
     "percent of the default amount of work (1..10000, default 100)"},
    {"--steal", true, 0, value_opt, NULL, C_STEAL, "PERMILLE",
     "pops that steal from another SM's queue, per mille, in worksteal\n"
     "and rsteal (0..1000, default the workload's: 50)"},
    {"--cycles", true, 0, value_opt, NULL, C_CYCLES, "N",
     "cycle budget of one run (default 20000000): a run that has not\n"
     "finished by then fails"},
    {"--out", true, 0, value_opt, NULL, C_OUT, "DIR",
     "compare.md, .csv, .json and .png go here (default build/out)"},
    {"--json", true, 0, value_opt, NULL, C_JSON, "FILE", "the JSON report elsewhere"},
    {"--no-plot", false, 0, flag_opt, NULL, 0, NULL,
     "do not write compare.png (no gnuplot needed)"},
    {"--quiet", false, 0, flag_opt, NULL, 0, NULL, "no progress on stderr, no per-workload tables"},
    {"--inject", true, 0, value_opt, NULL, C_INJECT, "misread|cta-local",
     "testing only: misread: every checked data load reads a line\n"
     "nobody writes (each run must then fail); cta-local: rsteal's\n"
     "local scope is CTA on every variant (a heterogeneous race where\n"
     "the variant's model needs GPU / GPU)"},
    {"--check-only", false, 0, flag_opt, NULL, 0, NULL,
     "check the options and every workload against every variant,\n"
     "list the runs (\"  run CONFIG/WORKLOAD/VARIANT\"), run nothing"},
    {"--only-run", true, 0, value_opt, NULL, C_ONLY_RUN, "C/W/V",
     "run that one run of the selection (CONFIG/WORKLOAD/VARIANT,\n"
     "e.g. small/prodcons/tc-weak) and write only its part report,\n"
     "every metric, as the JSON (a job of gpucoh campaign plan compare;\n"
     "gpucoh campaign merge makes the whole report from the parts)"},
};

static const gpucoh_optset_t compare_set = {.cmd = "compare",
                                            .opts = compare_opts,
                                            .nopts =
                                                (int)(sizeof compare_opts / sizeof compare_opts[0]),
                                            .refuse = compare_refuse};

/* --help: the options part from the table (tb/engine/opts.h) */
static void usage(FILE* f) {
    fputs(
        "usage: gpucoh compare [options]\n"
        "\n"
        "Runs synthetic workloads on protocol variants (C models, one run per pair, the same seed\n"
        "and workload parameters for every variant), prints a table of their metrics and checks\n"
        "the published qualitative claims that apply to the variants run (docs/compare.md).\n"
        "\n",
        f);
    gpucoh_opt_help(&compare_set, 23, f);
    fputs("\n"
          "Exit status: 0 every run passed and no claim failed, 1 a run (wrong value, deadlock,\n"
          "budget, protocol error) or a claim failed, 2 bad input.\n",
          f);
}

static void defaults(copt_t* o) {
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->scale = 100;
    o->cycles = 20000000;
    o->plot = true;
    o->out = gpucoh_default_out();
}

/* 0 ok, 1 --help given, -1 bad input */
static int parse(int argc, char** argv, copt_t* o) {
    defaults(o);
    const int rc = gpucoh_opt_parse(&compare_set, argc, argv, 2, o);
    if (rc != 0)
        return rc;
    if (!o->nv && protocol_token(o, "all") != 0)
        return -1;
    if (!o->nw && workload_token(o, "all") != 0)
        return -1;
    if (!o->nc && config_token(o, "small") != 0)
        return -1;
    return 0;
}

/* ---- the runs ------------------------------------------------------------------------------ */

/* The configuration of variant v at configuration c (bad input: a protocol without one). */
static int variant_cfg(const copt_t* o, uint32_t c, uint32_t v, gsys_cfg_t* cfg) {
    uint32_t vi = 0;
    const gsys_proto_t* P = gsys_variant_find(o->variants[v], &vi);
    if (!P->config) {
        fprintf(stderr,
                "gpucoh: protocol %s has no configurations (its descriptor has no config hook, "
                "tb/sys/gsys.h): it cannot be compared\n",
                P->name);
        return -1;
    }
    P->config(vi, !strcmp(o->configs[c], "paper"), cfg);
    cfg->seed = o->seed;
    return 0;
}

/* Every run's configuration and workload: the workload sized from the first variant's geometry
 * and checked against every variant's (bad input before anything runs). */
static int plan_one(cmp_t* x, uint32_t c, uint32_t w) {
    const copt_t* o = &x->o;
    synth_cfg_t sc;
    char err[512];
    for (uint32_t v = 0; v < o->nv; v++) {
        cmp_run_t* r = run_at(x, c, w, v);
        if (variant_cfg(o, c, v, &r->cfg) != 0)
            return -1;
        gsys_geom_t g;
        gsys_geometry(&r->cfg, &g);
        if (v == 0) {
            sc = synth_cfg_default(o->workloads[w], &g, o->seed, o->scale);
            sc.inject = o->inject;
            if (o->steal_set && synth_steals(sc.kind))
                sc.steal_permille = o->steal;
        }
        if (synth_check(&sc, &g, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s at the %s configuration of %s: %s\n",
                    synth_name(o->workloads[w]), o->configs[c], o->variants[v], err);
            return -1;
        }
        r->sc = sc;
        cmp_synth_scopes(&r->cfg, &r->sc); /* rsteal: the variant's scopes */
        r->config = o->configs[c];
        r->variant = o->variants[v];
    }
    return 0;
}

static int plan(cmp_t* x) {
    const copt_t* o = &x->o;
    x->n = o->nc * o->nw * o->nv;
    x->runs = calloc(x->n, sizeof *x->runs);
    if (!x->runs) {
        fprintf(stderr, "gpucoh: out of memory\n");
        return -1;
    }
    for (uint32_t c = 0; c < o->nc; c++)
        for (uint32_t w = 0; w < o->nw; w++)
            if (plan_one(x, c, w) != 0)
                return -1;
    return 0;
}

static void list_str(char* b, size_t n, const char* const* v, uint32_t k) {
    size_t l = 0;
    b[0] = 0;
    for (uint32_t i = 0; i < k && l < n; i++)
        l += (size_t)snprintf(b + l, n - l, "%s%s", i ? "," : "", v[i]);
}

/* `gpucoh compare ...` for these variants, workloads and configurations */
static void replay_line(const copt_t* o, const char* variants, const char* workloads,
                        const char* configs, char* b, size_t n) {
    char steal[32] = "", inject[32] = "";
    if (o->steal_set)
        snprintf(steal, sizeof steal, " --steal %u", o->steal);
    if (o->inject)
        snprintf(inject, sizeof inject, " --inject %s", inject_name(o->inject));
    snprintf(b, n,
             "gpucoh compare --protocol %s --workload %s --config %s --seed %" PRIu64
             " --scale %u%s --cycles %" PRIu64 "%s",
             variants, workloads, configs, o->seed, o->scale, steal, o->cycles, inject);
}

static void whole_replay(cmp_t* x) {
    const copt_t* o = &x->o;
    char v[600], w[96], c[32];
    const char* wn[SYNTH_N];
    for (uint32_t i = 0; i < o->nw; i++)
        wn[i] = synth_name(o->workloads[i]);
    list_str(v, sizeof v, o->variants, o->nv);
    list_str(w, sizeof w, wn, o->nw);
    list_str(c, sizeof c, o->configs, o->nc);
    replay_line(o, v, w, c, x->replay, sizeof x->replay);
}

/* ---- the table on stdout ------------------------------------------------------------------- */

static const char* const CTR_SHORT[GSYS_CTR_N] = {"l1_inv",  "sb_flush", "l1_stall", "l1_hits",
                                                  "l1_miss", "l2_stall", "inv_ev",   "lease_ms"};

static double msgs(const cmp_run_t* r) {
    return (double)r->st.msgs;
}

static void ratio_str(char* b, size_t n, double v, double base, bool ok) {
    if (!ok || base <= 0)
        snprintf(b, n, "-");
    else
        snprintf(b, n, "%.3f", v / base);
}

static void ctr_str(char* b, size_t n, const cmp_run_t* r, uint32_t k) {
    if ((r->ctr.have >> k) & 1u)
        snprintf(b, n, "%" PRIu64, r->ctr.v[k]);
    else
        snprintf(b, n, "-");
}

static void print_header(FILE* f) {
    fprintf(f, "  %-12s %-6s %10s %6s %9s %6s", "variant", "result", "cycles", "x1st", "messages",
            "x1st");
    for (uint32_t k = 0; k < GSYS_CTR_N; k++)
        fprintf(f, " %9s", CTR_SHORT[k]);
    fprintf(f, " %8s %8s %8s %6s\n", "dram_rd", "dram_wb", "checked", "wrong");
}

static void print_row(FILE* f, const cmp_run_t* r, const cmp_run_t* first) {
    char rc[16], rm[16], cv[24];
    ratio_str(rc, sizeof rc, (double)r->st.cycles, (double)first->st.cycles,
              r->pass && first->pass);
    ratio_str(rm, sizeof rm, msgs(r), msgs(first), r->pass && first->pass);
    fprintf(f, "  %-12s %-6s %10" PRIu64 " %6s %9.0f %6s", r->variant, r->pass ? "pass" : "FAIL",
            r->st.cycles, rc, msgs(r), rm);
    for (uint32_t k = 0; k < GSYS_CTR_N; k++) {
        ctr_str(cv, sizeof cv, r, k);
        fprintf(f, " %9s", cv);
    }
    fprintf(f, " %8" PRIu64 " %8" PRIu64 " %8" PRIu64 " %6" PRIu64 "\n", r->st.dram_fetch,
            r->st.dram_wb, r->res.checked, r->res.errors);
}

static void print_kinds(FILE* f, const cmp_run_t* r) {
    const gsys_stats_t* s = &r->st;
    fprintf(f, "    %-12s requests", r->variant);
    for (uint32_t k = 1; k < s->n_req_kinds; k++)
        fprintf(f, " %s %" PRIu64, s->req_kinds[k], s->req[k]);
    fprintf(f, "; responses");
    for (uint32_t k = 1; k < s->n_rsp_kinds; k++)
        fprintf(f, " %s %" PRIu64, s->rsp_kinds[k], s->rsp[k]);
    fprintf(f, " (copies %" PRIu64 ")\n", s->rsp_copies);
}

/* the counters the run's protocol names itself (none: no line) */
static void print_pcounters(FILE* f, const cmp_run_t* r) {
    if (!r->ctr.npv)
        return;
    fprintf(f, "    %-12s counters", r->variant);
    for (uint32_t k = 0; k < r->ctr.npv; k++)
        fprintf(f, " %s %" PRIu64, r->ctr.pnames[k], r->ctr.pv[k]);
    fputc('\n', f);
}

static void print_workload(const cmp_t* x, uint32_t c, uint32_t w) {
    const copt_t* o = &x->o;
    const cmp_run_t* first = run_at(x, c, w, 0);
    char p[256];
    synth_params_text(&first->sc, p, sizeof p);
    printf("== %s / %s: %s\n", o->configs[c], synth_name(o->workloads[w]), p);
    print_header(stdout);
    for (uint32_t v = 0; v < o->nv; v++)
        print_row(stdout, run_at(x, c, w, v), first);
    printf("  messages by kind:\n");
    for (uint32_t v = 0; v < o->nv; v++)
        print_kinds(stdout, run_at(x, c, w, v));
    for (uint32_t v = 0; v < o->nv; v++)
        print_pcounters(stdout, run_at(x, c, w, v));
    if (first->sc.kind == SYNTH_RSTEAL) {
        printf("  scopes local/steal:");
        for (uint32_t v = 0; v < o->nv; v++) {
            const cmp_run_t* r = run_at(x, c, w, v);
            printf("%s %s %s/%s", v ? "," : "", r->variant, synth_scope_name(r->sc.local_scope),
                   synth_scope_name(r->sc.steal_scope));
        }
        printf("\n");
    }
    for (uint32_t v = 0; v < o->nv; v++) {
        const cmp_run_t* r = run_at(x, c, w, v);
        if (!r->pass)
            printf("  FAIL %s: %s\n", r->variant, r->why);
    }
}

/* ---- running ------------------------------------------------------------------------------- */

static void fail_replay(const cmp_t* x, const cmp_run_t* r) {
    char b[1024];
    replay_line(&x->o, r->variant, synth_name(r->sc.kind), r->config, b, sizeof b);
    printf("  replay    %s\n", b);
}

/* a workload's table (unless --quiet) and the replay line of each run of it that failed */
static void show_workload(const cmp_t* x, uint32_t c, uint32_t w) {
    if (!x->o.quiet)
        print_workload(x, c, w);
    for (uint32_t v = 0; v < x->o.nv; v++)
        if (!run_at(x, c, w, v)->pass)
            fail_replay(x, run_at(x, c, w, v));
}

static int run_all(cmp_t* x) {
    const copt_t* o = &x->o;
    uint32_t k = 0;
    char err[1024];
    for (uint32_t c = 0; c < o->nc; c++)
        for (uint32_t w = 0; w < o->nw; w++) {
            for (uint32_t v = 0; v < o->nv; v++) {
                cmp_run_t* r = run_at(x, c, w, v);
                if (!o->quiet)
                    fprintf(stderr, "  [compare] run %u/%u: %s %s %s\n", ++k, x->n, r->config,
                            synth_name(r->sc.kind), r->variant);
                if (cmp_run(r, o->cycles, o->quiet, err, sizeof err) != 0) {
                    fprintf(stderr, "gpucoh: compare: %s\n", err);
                    return -1;
                }
            }
            show_workload(x, c, w);
        }
    return 0;
}

static void print_claims(const cmp_t* x, FILE* f, cmp_tally_t* t) {
    uint32_t nc;
    const cmp_claim_t* cl = cmp_claims(&nc);
    memset(t, 0, sizeof *t);
    fprintf(f, "claims:\n");
    for (uint32_t c = 0; c < x->o.nc; c++)
        for (uint32_t i = 0; i < nc; i++) {
            cmp_verdict_t v;
            cmp_claim_eval(&cl[i], x->o.configs[c], x->runs, x->n, &v);
            t->n[v.status]++;
            fprintf(f, "  %-12s %-9s %s %s: %s (%s)\n", cmp_status_name(v.status), cl[i].id,
                    x->o.configs[c], cl[i].workload, cl[i].text, v.why);
        }
}

static void print_head(const cmp_t* x) {
    printf("gpucoh compare: %u workload(s) x %u variant(s) x %u configuration(s), seed %" PRIu64
           ", scale %u %%%s\n",
           x->o.nw, x->o.nv, x->o.nc, x->o.seed, x->o.scale,
           x->o.inject == SYNTH_INJECT_MISREAD ? " (INJECTED MISREADS: testing only)"
           : x->o.inject == SYNTH_INJECT_CTA_LOCAL
               ? " (INJECTED CTA-SCOPE LOCAL POPS: testing only)"
               : "");
}

/* the seconds of the report: secs, or (secs < 0) the time since t0 */
static double elapsed(double t0, double secs) {
    return secs >= 0 ? secs : gpucoh_now() - t0;
}

/* After the runs (run, or read from part reports): the claims, the reports, the summary, report
 * and replay lines; the exit status. */
static int finish(const cmp_t* x, double t0, double secs) {
    uint32_t failed = 0;
    for (uint32_t i = 0; i < x->n; i++)
        failed += !x->runs[i].pass;
    cmp_tally_t t;
    char err[1024];
    print_claims(x, stdout, &t);
    const bool pass = failed == 0 && t.n[CLAIM_FAIL] == 0;
    const int wr = report_write(x, &t, pass, elapsed(t0, secs), err, sizeof err);
    printf("gpucoh compare: %s: %u run(s), %u failed; claims %u PASS, %u FAIL, %u not run, %u not "
           "measured; %.1f s\n",
           pass ? "pass" : "FAIL", x->n, failed, t.n[CLAIM_PASS], t.n[CLAIM_FAIL],
           t.n[CLAIM_NOT_RUN], t.n[CLAIM_NOT_MEASURED], elapsed(t0, secs));
    if (wr != 0)
        fprintf(stderr, "gpucoh: compare: %s\n", err);
    else
        report_paths(&x->o, stdout);
    printf("  replay    %s\n", x->replay);
    return pass && wr == 0 ? GPUCOH_EXIT_OK : GPUCOH_EXIT_FAILED;
}

/* Parse, plan, the checks made before anything runs, the command and replay lines: 0, 1 (--help
 * printed) or 2 (bad input, after a message). */
static int prepare(cmp_t* x, int argc, char** argv) {
    const int pr = parse(argc, argv, &x->o);
    if (pr != 0)
        return pr > 0 ? 1 : 2;
    if (x->o.only_run)
        x->o.plot = false; /* a part report is the JSON alone */
    char err[1024];
    err[0] = 0;
    if (plan(x) != 0 || report_check(&x->o, err, sizeof err) != 0) {
        if (err[0])
            fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    size_t cl = (size_t)snprintf(x->cmd, sizeof x->cmd, "gpucoh");
    for (int i = 1; i < argc && cl < sizeof x->cmd; i++)
        cl += (size_t)snprintf(x->cmd + cl, sizeof x->cmd - cl, " %s", argv[i]);
    whole_replay(x);
    if (x->o.only_run && !part_find(x, x->o.only_run)) {
        fprintf(stderr,
                "gpucoh compare: --only-run %s: not one of the runs these options select "
                "(CONFIG/WORKLOAD/VARIANT; --check-only lists them)\n",
                x->o.only_run);
        return 2;
    }
    return 0;
}

/* --check-only: the runs (the one of --only-run), nothing run */
static int check_only(const cmp_t* x) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < x->n; i++) {
        char b[256];
        part_name(&x->runs[i], b, sizeof b);
        if (!x->o.only_run || !strcmp(b, x->o.only_run)) {
            printf("  run %s\n", b);
            n++;
        }
    }
    printf("compare: %u run(s) checked, nothing run (--check-only)\n", n);
    return GPUCOH_EXIT_OK;
}

/* --only-run: that run alone, its part report as the JSON */
static int run_part(const cmp_t* x, cmp_run_t* r) {
    char err[1024], name[256], path[1100];
    part_name(r, name, sizeof name);
    if (!x->o.quiet)
        fprintf(stderr, "  [compare] run %s alone (--only-run)\n", name);
    if (cmp_run(r, x->o.cycles, x->o.quiet, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: compare: %s\n", err);
        return GPUCOH_EXIT_FAILED;
    }
    snprintf(path, sizeof path, "%s%s", x->o.json ? x->o.json : x->o.out,
             x->o.json ? "" : "/compare.json");
    if (part_write(x, r, path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: compare: %s\n", err);
        return GPUCOH_EXIT_FAILED;
    }
    printf("gpucoh compare: run %s (one of %u): %s, %" PRIu64 " cycles, %.1f s\n", name, x->n,
           r->pass ? "pass" : "FAIL", r->st.cycles, r->seconds);
    if (!r->pass) {
        printf("  FAIL %s: %s\n", r->variant, r->why);
        fail_replay(x, r);
    }
    printf("  report    %s (a part report: gpucoh campaign merge reads it)\n", path);
    return r->pass ? GPUCOH_EXIT_OK : GPUCOH_EXIT_FAILED;
}

int cmp_main(int argc, char** argv) {
    cmp_t x;
    memset(&x, 0, sizeof x);
    int rc = prepare(&x, argc, argv);
    if (rc != 0) {
        rc = rc == 1 ? GPUCOH_EXIT_OK : GPUCOH_EXIT_USAGE;
    } else if (x.o.check_only) {
        rc = check_only(&x);
    } else if (x.o.only_run) {
        rc = run_part(&x, part_find(&x, x.o.only_run));
    } else {
        print_head(&x);
        const double t0 = gpucoh_now();
        rc = run_all(&x) != 0 ? GPUCOH_EXIT_FAILED : finish(&x, t0, -1);
    }
    free(x.runs);
    return rc;
}

/* ---- from part reports (gpucoh campaign merge) ---------------------------------------------- */

/* every part into its run; each run read once: 0, or 2 after a message */
static int read_parts(cmp_t* x, char* const* parts, int nparts, double* secs) {
    char err[1200];
    *secs = 0;
    for (int i = 0; i < nparts; i++) {
        if (part_read(x, parts[i], err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh campaign merge: %s\n", err);
            return GPUCOH_EXIT_USAGE;
        }
    }
    for (uint32_t i = 0; i < x->n; i++) {
        char b[256];
        part_name(&x->runs[i], b, sizeof b);
        if (!x->runs[i].ran) {
            fprintf(stderr, "gpucoh campaign merge: run %s has no part report\n", b);
            return GPUCOH_EXIT_USAGE;
        }
        *secs += x->runs[i].seconds;
    }
    return 0;
}

int cmp_merge_main(int argc, char** argv, char* const* parts, int nparts) {
    int nargc = 0;
    char** nargv = NULL;
    if (gpucoh_split_opts(argc, argv, &nargc, &nargv) != 0)
        return GPUCOH_EXIT_USAGE;
    cmp_t x;
    memset(&x, 0, sizeof x);
    int rc = prepare(&x, nargc, nargv);
    double secs = 0;
    if (rc == 0 && (x.o.check_only || x.o.only_run)) {
        fprintf(stderr, "gpucoh campaign merge: the serial command holds --check-only or "
                        "--only-run (campaign.txt edited?)\n");
        rc = GPUCOH_EXIT_USAGE;
    } else if (rc != 0) {
        rc = GPUCOH_EXIT_USAGE;
    } else if ((rc = read_parts(&x, parts, nparts, &secs)) == 0) {
        print_head(&x);
        for (uint32_t c = 0; c < x.o.nc; c++)
            for (uint32_t w = 0; w < x.o.nw; w++)
                show_workload(&x, c, w);
        rc = finish(&x, 0, secs);
    }
    part_free(&x);
    free(x.runs);
    gpucoh_split_free(argc, argv, nargc, nargv);
    return rc;
}
