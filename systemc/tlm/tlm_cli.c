/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tlm_cli.c -- the command line of build/systemc/gpucoh_tlm (tlm_cli.h; docs/systemc.md
 * section 4.6). The conventions are gpucoh's (docs/cli.md): --opt value and --opt=value, numbers
 * checked against their range, every input and output path checked before anything runs (exit 2
 * with a message naming the problem), a readable summary, a JSON report written whole, a replay
 * line on failure, progress on stderr, Ctrl-C.
 */
#include "tlm_cli.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "episode.h"
#include "litmus.h"
#include "opts.h"
#include "sys_opts.h"
#include "tlm_root.h"
#include "util.h"

enum { MAX_FILES = LITMUS_MAX_FILES, MAX_PASSES = 16, MAX_PARAMS = 64 };

struct tlm_cli {
    const char* cmd; /* "litmus" | "episode" */
    const char* proto_arg;
    gsys_cfg_t cfg[MAX_PASSES]; /* one per protocol variant to run */
    int npasses;
    bool paper;
    gsys_impl_t impl;
    const char* rtl_dir;
    uint64_t seed;
    const char* params[MAX_PARAMS];
    int nparams;
    tlm_cli_platform_t plat;
    bool quiet;
    const char* json;
    const char* out;
    char json_path[4096];
    /* litmus */
    const char* files[MAX_FILES];
    litmus_t* tests[MAX_FILES];
    int nfiles;
    uint64_t runs, run;
    bool run_set;
    /* episode */
    ep_params_t ep;
    bool wfs_set;
    uint64_t max_cycles;
};

static void usage(FILE* f); /* after the option table, which it prints */

/* --protocol: a variant, a family or all -> c->cfg[] (paper: the configuration) */
static int protocols(tlm_cli_t* c, const char* v) {
    c->npasses = 0;
    uint32_t variant;
    const gsys_proto_t* P = gsys_variant_find(v, &variant);
    const gsys_proto_t* F = P ? NULL : gsys_proto_find(v);
    const bool all = !P && !F && !strcmp(v, "all");
    if (!P && !F && !all) {
        fprintf(stderr, "gpucoh_tlm: --protocol: '%s' is not one of:", v);
        for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
            for (uint32_t k = 0; k < (*q)->nvariants; k++)
                fprintf(stderr, " %s", (*q)->variants[k].name);
        for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
            fprintf(stderr, " %s", (*q)->name);
        fprintf(stderr, " all\n");
        return -1;
    }
    for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++) {
        if ((P && *q != P) || (F && *q != F))
            continue;
        for (uint32_t k = 0; k < (*q)->nvariants; k++) {
            if (P && k != variant)
                continue;
            /* a family's default variant first, as gpucoh's --protocol tc does */
            const uint32_t vv = P ? k : ((*q)->default_variant + k) % (*q)->nvariants;
            if (!(*q)->config || c->npasses >= MAX_PASSES) {
                fprintf(stderr, "gpucoh_tlm: protocol %s has no configurations\n", (*q)->name);
                return -1;
            }
            gsys_cfg_t* g = &c->cfg[c->npasses++];
            memset(g, 0, sizeof *g);
            (*q)->config(vv, c->paper, g);
        }
    }
    return 0;
}

/* litmus_opts_t of the command (runs, seed, replay of one run) */
static void lit_opts(const tlm_cli_t* c, litmus_opts_t* lo) {
    litmus_opts_default(lo);
    lo->runs = c->run_set ? 1u : (uint32_t)c->runs;
    lo->first_run = c->run_set ? c->run : 0;
    lo->seed = c->seed;
}

/* The option handlers (tlm_opts[]): 0, -1 after the message, or 1 (--help printed). */
enum {
    T_PROTOCOL,
    T_IMPL,
    T_RTL_DIR,
    T_CONFIG,
    T_PARAM,
    T_SEED,
    T_PERIOD,
    T_QUANTUM,
    T_JITTER,
    T_OUT,
    T_JSON,
    T_RUNS,
    T_RUN,
    T_MAX_CYCLES
};
enum { T_LIT = 1u, T_EPI = 2u }; /* the commands' bits */

static int t_platform(tlm_cli_t* c, const gpucoh_opt_t* opt, const char* v) {
    const char* a = opt->name;
    switch (opt->id) {
    case T_SEED:
        return gpucoh_opt_u64(a, v, 0, UINT64_MAX, &c->seed) ? -1 : 0;
    case T_PERIOD:
        return gpucoh_opt_u64(a, v, 1, 1000000000ull, &c->plat.period_ps) ? -1 : 0;
    case T_QUANTUM:
        return gpucoh_opt_u32(a, v, 1, 1000, &c->plat.quantum) ? -1 : 0;
    case T_JITTER:
        return gpucoh_opt_u32(a, v, 0, 1000, &c->plat.jitter) ? -1 : 0;
    case T_RUNS:
        return gpucoh_opt_u64(a, v, 1, UINT32_MAX, &c->runs) ? -1 : 0;
    case T_RUN:
        if (gpucoh_opt_u64(a, v, 0, UINT64_MAX >> 1, &c->run))
            return -1;
        c->run_set = true;
        return 0;
    default:
        return gpucoh_opt_u64(a, v, 1, UINT64_MAX >> 1, &c->max_cycles) ? -1 : 0;
    }
}

static int t_value(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    tlm_cli_t* c = ctx;
    switch (opt->id) {
    case T_PROTOCOL:
        c->proto_arg = v;
        return 0;
    case T_IMPL:
        return sys_opt_impl(v, &c->impl) ? -1 : 0;
    case T_RTL_DIR:
        c->rtl_dir = v;
        return 0;
    case T_CONFIG:
        return sys_opt_config(v, &c->paper) ? -1 : 0;
    case T_PARAM:
        if (c->nparams >= MAX_PARAMS) {
            fprintf(stderr, "gpucoh_tlm: too many --param options (at most %d)\n", MAX_PARAMS);
            return -1;
        }
        c->params[c->nparams++] = v;
        return 0;
    case T_OUT:
        c->out = v;
        return 0;
    case T_JSON:
        c->json = v;
        return 0;
    default:
        return t_platform(c, opt, v);
    }
}

static int t_episode(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    tlm_cli_t* c = ctx;
    return sys_opt_episode(opt->name, v, &c->ep, &c->wfs_set) ? -1 : 0;
}

static int t_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    tlm_cli_t* c = ctx;
    (void)v;
    if (!strcmp(opt->name, "--help")) {
        usage(stdout);
        return 1;
    }
    c->quiet = true;
    return 0;
}

/* litmus: a file; episode: no words */
static int t_word(void* ctx, const char* w) {
    tlm_cli_t* c = ctx;
    if (strcmp(c->cmd, "litmus") != 0) {
        fprintf(stderr, "gpucoh_tlm episode: unexpected argument '%s'\n", w);
        return -1;
    }
    if (c->nfiles >= MAX_FILES) {
        fprintf(stderr, "gpucoh_tlm litmus: at most %d files\n", MAX_FILES);
        return -1;
    }
    c->files[c->nfiles++] = w;
    return 0;
}

static void t_refuse(const char* cmd, const char* w, bool option) {
    (void)option;
    fprintf(stderr, "gpucoh_tlm %s: unknown option '%s' (see gpucoh_tlm --help)\n", cmd, w);
}

/* gpucoh_tlm's options, in the order of their --help lines (usage() prints them from here); the
 * episode options are sys_opts.c's */
#define T_OPT(n, i, b, a, h)                                                                       \
    { .name = n, .has_arg = true, .cmds = b, .fn = t_value, .id = i, .arg = a, .help = h }
#define T_EP(n, a, h)                                                                              \
    { .name = n, .has_arg = true, .cmds = T_EPI, .fn = t_episode, .arg = a, .help = h }
static const gpucoh_opt_t tlm_opts[] = {
    T_OPT("--protocol", T_PROTOCOL, 0, "P",
          "a variant (tc-weak tc-strong tc-weak-c gpu-d gpu-h gpu-rsp\n"
          "denovo-d denovo-d-ro denovo-h hlrc hlrc-scoped), a family (tc gpu\n"
          "denovo hlrc)\n"
          "or all: every variant of every protocol (default tc-weak)"),
    T_OPT("--impl", T_IMPL, 0, "I",
          "c: the C models (default); lockstep: the RTL in lockstep with them\n"
          "(a mismatch fails the run); rtl: the RTL alone"),
    T_OPT("--rtl-dir", T_RTL_DIR, 0, "DIR",
          "the RTL sources (a mutant's copy of rtl/), with lockstep / rtl"),
    T_OPT("--config", T_CONFIG, 0, "C", "small (default) or paper"),
    T_OPT("--param", T_PARAM, 0, "NAME=V", "a protocol parameter (`gpucoh list`), repeatable"),
    T_OPT("--seed", T_SEED, 0, "S", "0..2^64-1 (default 1)"),
    T_OPT("--period-ps", T_PERIOD, 0, "N",
          "the clock period, one system cycle, in ps (1..1000000000;\n"
          "default 1000)"),
    T_OPT("--quantum", T_QUANTUM, 0, "Q",
          "cycles the system steps per wake-up of its clock thread (1..1000;\n"
          "default 1: cycle-accurate; more: faster, operations issued\n"
          "within a quantum reach the system up to Q-1 cycles late)"),
    T_OPT("--jitter", T_JITTER, 0, "J",
          "each operation is issued after a random local-time offset of\n"
          "0..J cycles, in quarter cycles, consumed by the target (0..1000;\n"
          "default 0)"),
    T_OPT("--runs", T_RUNS, T_LIT, "N",
          "litmus runs per test and variant (1..2^32-1; default 1000: the\n"
          "witness lines are enforced from 1000 runs)"),
    T_OPT("--run", T_RUN, T_LIT, "K", "litmus: run K alone (a replay line)"),
    /* the episode options share one help line */
    T_EP("--episodes", "N, --wfs N, --locations N, --sync atomic|relacq, --cta-sync N",
         "\nepisode: as `gpucoh episode` (tb/sys/episode.h)"),
    T_EP("--wfs", NULL, NULL),
    T_EP("--locations", NULL, NULL),
    T_EP("--sync", NULL, NULL),
    T_EP("--cta-sync", NULL, NULL),
    T_OPT("--max-cycles", T_MAX_CYCLES, T_EPI, "N",
          "episode: the cycle budget (default 100000000)"),
    T_OPT("--out", T_OUT, 0, "DIR", "report directory (default build/out)"),
    T_OPT("--json", T_JSON, 0, "FILE", "the report (default <out>/tlm-<command>-seed<S>.json)"),
    {.name = "--quiet", .fn = t_flag, .help = "no tables, statistics or progress lines"},
    {.name = "--help", .fn = t_flag},
};
#undef T_OPT
#undef T_EP

static void usage(FILE* f) {
    fputs(
        "usage: gpucoh_tlm litmus FILE... [options] [--runs N | --run K]\n"
        "       gpucoh_tlm episode [options] [--episodes N] [--wfs N] [--locations N]\n"
        "                          [--sync atomic|relacq] [--cta-sync N] [--max-cycles N]\n"
        "       gpucoh_tlm --help | --version\n"
        "\n"
        "The gpucoh memory system behind one TLM-2.0 target socket per SM (SystemC 2.3.4), driven\n"
        "by one initiator per SM with one thread per wavefront (docs/systemc.md section 4):\n"
        "  litmus   each litmus thread (and the runner's warmers, initialiser and observer) is a\n"
        "           wavefront thread issuing its operations through its SM's socket; every run\n"
        "           is a fresh system with the runner's random delays, skew and warming; the\n"
        "           outcomes are judged by the file's expectations as `gpucoh litmus` judges them\n"
        "  episode  the DRF episode tester (tb/sys/episode.h) with its checks, every wavefront an\n"
        "           initiator thread\n"
        "\n"
        "options:\n",
        f);
    const gpucoh_optset_t set = {.cmd = "gpucoh_tlm",
                                 .cmd_bit = T_LIT | T_EPI,
                                 .opts = tlm_opts,
                                 .nopts = (int)(sizeof tlm_opts / sizeof tlm_opts[0])};
    gpucoh_opt_help(&set, 21, f);
    fputs("\n"
          "Exit status: 0 pass, 1 a check failed (forbidden or unexpected outcome, missing\n"
          "witness, episode mismatch, deadlock, lockstep mismatch), 2 bad input (nothing runs),\n"
          "130 interrupted (Ctrl-C).\n",
          f);
}

static int parse_opts(tlm_cli_t* c, int argc, char** argv) {
    const bool lit = !strcmp(c->cmd, "litmus");
    c->proto_arg = "tc-weak";
    const gpucoh_optset_t set = {.cmd = c->cmd,
                                 .cmd_bit = lit ? T_LIT : T_EPI,
                                 .opts = tlm_opts,
                                 .nopts = (int)(sizeof tlm_opts / sizeof tlm_opts[0]),
                                 .word = t_word,
                                 .refuse = t_refuse};
    const int rc = gpucoh_opt_parse(&set, argc, argv, 2, c);
    if (rc != 0)
        return rc;
    if (protocols(c, c->proto_arg) != 0)
        return -1;
    if (lit && !c->nfiles) {
        fprintf(stderr, "gpucoh_tlm litmus: name at least one .litmus file\n");
        return -1;
    }
    if (lit && c->run_set && c->run >= UINT64_MAX - 1) {
        fprintf(stderr, "gpucoh_tlm: --run: out of range\n");
        return -1;
    }
    if (c->rtl_dir && c->impl == GSYS_IMPL_C) {
        fprintf(stderr, "gpucoh_tlm: --rtl-dir needs --impl lockstep or rtl\n");
        return -1;
    }
    return 0;
}

/* The configurations: parameters, their check, the platform's size. */
static int configure(tlm_cli_t* c) {
    char err[1024];
    c->plat.num_sm = c->plat.num_wf = 1;
    for (int p = 0; p < c->npasses; p++) {
        gsys_cfg_t* g = &c->cfg[p];
        const gsys_proto_t* P = g->proto;
        g->seed = c->seed;
        for (int k = 0; k < c->nparams; k++)
            if (!P->param_set || P->param_set(gsys_pd(g), c->params[k], err, sizeof err) != 0) {
                fprintf(stderr, "gpucoh_tlm: %s (%s)\n", P->param_set ? err : "no --param",
                        gsys_variant_name(g));
                return -1;
            }
        if (P->check && P->check(gsys_pdc(g), err, sizeof err) != 0) {
            if (P->cli_names)
                P->cli_names(err, sizeof err);
            fprintf(stderr, "gpucoh_tlm: %s (%s)\n", err, gsys_variant_name(g));
            return -1;
        }
        gsys_geom_t geom;
        gsys_geometry(g, &geom);
        if (geom.num_sm > c->plat.num_sm)
            c->plat.num_sm = geom.num_sm;
        if (geom.num_wf > c->plat.num_wf)
            c->plat.num_wf = geom.num_wf;
        if (c->wfs_set && (c->ep.wfs < 1 || c->ep.wfs > geom.num_wf)) {
            fprintf(stderr,
                    "gpucoh_tlm: --wfs: %u is out of range 1..%u (the wavefronts per SM of %s)\n",
                    c->ep.wfs, geom.num_wf, gsys_variant_name(g));
            return -1;
        }
    }
    return 0;
}

int tlm_cli_parse(int argc, char** argv, tlm_cli_t** out) {
    *out = NULL;
    int n;
    char** v;
    gpucoh_set_prog("gpucoh_tlm"); /* the shared parsers' messages */
    if (gpucoh_split_opts(argc, argv, &n, &v) != 0)
        return GPUCOH_EXIT_USAGE;
    if (n < 2) {
        usage(stderr);
        return GPUCOH_EXIT_USAGE;
    }
    const char* cmd = v[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return GPUCOH_EXIT_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("gpucoh_tlm %s (SystemC TLM-2.0 memory system)\n", gpucoh_version());
        return GPUCOH_EXIT_OK;
    }
    if (strcmp(cmd, "litmus") != 0 && strcmp(cmd, "episode") != 0) {
        fprintf(stderr, "gpucoh_tlm: unknown command '%s' (litmus, episode; --help)\n", cmd);
        return GPUCOH_EXIT_USAGE;
    }
    tlm_cli_t* c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "gpucoh_tlm: out of memory\n");
        return GPUCOH_EXIT_USAGE;
    }
    c->cmd = !strcmp(cmd, "litmus") ? "litmus" : "episode";
    c->impl = GSYS_IMPL_C;
    c->seed = 1;
    c->runs = 1000;
    c->plat.period_ps = 1000;
    c->plat.quantum = 1;
    c->ep = ep_defaults();
    c->max_cycles = 100000000ull;
    int rc = parse_opts(c, n, v);
    if (rc == 0)
        rc = configure(c);
    if (rc > 0) { /* --help */
        tlm_cli_free(c);
        return GPUCOH_EXIT_OK;
    }
    if (rc < 0) {
        tlm_cli_free(c);
        return GPUCOH_EXIT_USAGE;
    }
    c->ep.seed = c->seed;
    char err[1024];
    /* every litmus file read and checked against every configuration before any runs */
    for (int k = 0; k < c->nfiles; k++) {
        c->tests[k] = litmus_load(c->files[k], err, sizeof err);
        litmus_opts_t lo;
        lit_opts(c, &lo);
        for (int p = 0; p < c->npasses && c->tests[k]; p++)
            if (litmus_check(c->tests[k], &c->cfg[p], &lo, err, sizeof err) != 0) {
                litmus_free(c->tests[k]);
                c->tests[k] = NULL;
            }
        if (!c->tests[k]) {
            fprintf(stderr, "gpucoh_tlm: %s\n", err);
            fprintf(stderr, "gpucoh_tlm: litmus: nothing was run (every file is checked "
                            "first)\n");
            tlm_cli_free(c);
            return GPUCOH_EXIT_USAGE;
        }
    }
    /* the report's path */
    if (c->json) {
        snprintf(c->json_path, sizeof c->json_path, "%s", c->json);
        if (gpucoh_check_out_file("--json", c->json_path, err, sizeof err) != 0)
            goto bad_path;
    } else {
        const char* dir = c->out ? c->out : gpucoh_default_out();
        if (gpucoh_check_out_dir("--out", dir, err, sizeof err) != 0)
            goto bad_path;
        snprintf(c->json_path, sizeof c->json_path, "%s/tlm-%s-seed%" PRIu64 ".json", dir, c->cmd,
                 c->seed);
    }
    *out = c;
    return 0;
bad_path:
    fprintf(stderr, "gpucoh_tlm: %s\n", err);
    tlm_cli_free(c);
    return GPUCOH_EXIT_USAGE;
}

void tlm_cli_platform(const tlm_cli_t* c, tlm_cli_platform_t* p) {
    *p = c->plat;
}

void tlm_cli_free(tlm_cli_t* c) {
    if (!c)
        return;
    for (int k = 0; k < c->nfiles; k++)
        litmus_free(c->tests[k]);
    free(c);
}

/* ---- backends ------------------------------------------------------------------------------ */

static const char* impl_name(gsys_impl_t i) {
    return i == GSYS_IMPL_C ? "c" : i == GSYS_IMPL_RTL ? "rtl" : "lockstep";
}

static int make_backend(const tlm_cli_t* c, const gsys_cfg_t* g, gsys_backend_t* be, char* err,
                        size_t n) {
    if (c->impl == GSYS_IMPL_C)
        return gsys_backend_c_cfg(g, be, err, n);
    if (gpucoh_tlm_find_rtl_root(c->rtl_dir, err, n) != 0) /* names GPUCOH_ROOT, paths tried */
        return -1;
    const gsys_proto_t* P = g->proto;
    gsys_rtl_cfg_t rc;
    memset(&rc, 0, sizeof rc);
    rc.impl = c->impl;
    rc.rtl = (1u << P->nslots) - 1u;
    rc.rtl_dir = c->rtl_dir;
    rc.full_every = P->full_every ? P->full_every(gsys_pdc(g)) : 0;
    rc.report = stdout;
    rc.quiet = c->quiet;
    rc.wave_to = UINT64_MAX;
    return gsys_backend_rtl_cfg(g, &rc, be, err, n);
}

/* One backend for every run of a test (the Verilated models are reset by each run's reset
 * cycles), as gpucoh litmus does. */
typedef struct {
    const tlm_cli_t* c;
    gsys_backend_t real;
    bool made;
} shared_be_t;

static int shared_factory(void* ctx, const gsys_cfg_t* g, gsys_backend_t* be, char* err, size_t n) {
    shared_be_t* s = ctx;
    if (!s->made) {
        if (make_backend(s->c, g, &s->real, err, n) != 0)
            return -1;
        s->made = true;
    }
    gsys_backend_borrow(&s->real, be);
    return 0;
}

/* A lockstep / RTL divergence of the backend: its first difference in *msg ("cycle C unit.field:
 * C x RTL y"), the run it happened in (counted from the backend's first run) in *run. */
static bool diverged(const tlm_cli_t* c, const gsys_backend_t* be, char* msg, size_t n,
                     uint64_t* run) {
    if (c->impl == GSYS_IMPL_C)
        return false;
    const gsys_rtl_result_t* r = gsys_backend_rtl_result(be);
    if (!r || (!r->mismatches && !r->rtl_errors))
        return false;
    snprintf(msg, n, "%s", r->div.text);
    *run = r->div.run;
    return true;
}

/* ---- reports ------------------------------------------------------------------------------- */

static void chk_json(FILE* f, const chk_result_t* r) {
    fprintf(f,
            "\"checked\": %" PRIu64 ", \"match\": %" PRIu64 ", \"mismatch\": %" PRIu64
            ", \"not_checkable\": %" PRIu64 ", \"fatal\": %" PRIu64 ", \"first_divergence\": ",
            r->match + r->mismatch, r->match, r->mismatch, r->nc, r->fatal);
    if (r->nmsg)
        gpucoh_json_str(f, r->msg[0]);
    else
        fprintf(f, "null");
}

static void json_head(FILE* f, const tlm_cli_t* c) {
    fprintf(f, "{\"tool\": \"gpucoh_tlm %s\", \"version\": ", c->cmd);
    gpucoh_json_str(f, gpucoh_version());
    fprintf(f,
            ", \"platform\": {\"sockets\": %u, \"wavefronts_per_sm\": %u, \"period_ps\": %" PRIu64
            ", \"quantum\": %u, \"jitter\": %u}, \"config\": {\"config\": \"%s\", \"protocol\": ",
            c->plat.num_sm, c->plat.num_wf, c->plat.period_ps, c->plat.quantum, c->plat.jitter,
            c->paper ? "paper" : "small");
    gpucoh_json_str(f, c->proto_arg);
    fprintf(f, ", \"impl\": \"%s\", \"rtl_dir\": ", impl_name(c->impl));
    if (c->rtl_dir)
        gpucoh_json_str(f, c->rtl_dir);
    else
        fprintf(f, "null");
    fprintf(f, ", \"seed\": %" PRIu64 ", \"params\": [", c->seed);
    for (int k = 0; k < c->nparams; k++) {
        fprintf(f, "%s", k ? ", " : "");
        gpucoh_json_str(f, c->params[k]);
    }
    fprintf(f, "]}");
}

/* the options shared by every replay line */
static void replay_tail(const tlm_cli_t* c, const gsys_cfg_t* g, FILE* f) {
    fprintf(f, " --protocol %s --config %s", gsys_variant_name(g), c->paper ? "paper" : "small");
    for (int k = 0; k < c->nparams; k++)
        fprintf(f, " --param %s", c->params[k]);
    fprintf(f, " --impl %s", impl_name(c->impl));
    if (c->rtl_dir)
        fprintf(f, " --rtl-dir %s", c->rtl_dir);
    fprintf(f, " --seed %" PRIu64, c->seed);
    if (c->plat.period_ps != 1000)
        fprintf(f, " --period-ps %" PRIu64, c->plat.period_ps);
    if (c->plat.quantum != 1)
        fprintf(f, " --quantum %u", c->plat.quantum);
    if (c->plat.jitter)
        fprintf(f, " --jitter %u", c->plat.jitter);
}

/* A report built in memory and written whole at the end. */
typedef struct {
    FILE* f;
    char* buf;
    size_t len;
} mrep_t;

static int finish(const tlm_cli_t* c, mrep_t* m, const char* close, int status) {
    char err[1024];
    fprintf(m->f, "%s, \"verdict\": \"%s\"}\n", close,
            status == GPUCOH_EXIT_INTERRUPTED ? "interrupted"
            : status                          ? "fail"
                                              : "pass");
    if (fclose(m->f) != 0) {
        free(m->buf);
        fprintf(stderr, "gpucoh_tlm: out of memory for the report\n");
        return status ? status : 1;
    }
    gpucoh_afile_t af;
    int rc = gpucoh_afile_open(&af, c->json_path, err, sizeof err);
    if (rc == 0) {
        fwrite(m->buf, 1, m->len, af.f);
        rc = gpucoh_afile_commit(&af, err, sizeof err);
    }
    free(m->buf);
    if (rc != 0) {
        fprintf(stderr, "gpucoh_tlm: %s\n", err);
        return status ? status : 1;
    }
    printf("  report    %s\n", c->json_path);
    if (status == GPUCOH_EXIT_INTERRUPTED)
        fprintf(stderr, "gpucoh_tlm: interrupted (Ctrl-C)\n");
    return status;
}

/* ---- litmus -------------------------------------------------------------------------------- */

typedef struct {
    gpucoh_progress_t pg;
} lit_prog_t;

static int lit_progress(void* ctx, uint64_t done, uint64_t total) {
    lit_prog_t* lp = ctx;
    if (gpucoh_interrupted)
        return 1;
    gpucoh_progress(&lp->pg, done, total, "runs", NULL);
    return 0;
}

static int cmd_litmus(tlm_cli_t* c, tlm_run_fn run, void* ctx, uint64_t (*trans)(void*)) {
    mrep_t m = {NULL, NULL, 0};
    m.f = open_memstream(&m.buf, &m.len);
    if (!m.f) {
        fprintf(stderr, "gpucoh_tlm: out of memory for the report\n");
        return GPUCOH_EXIT_USAGE;
    }
    json_head(m.f, c);
    fprintf(m.f, ", \"runs_per_test\": %" PRIu64 ", \"tests\": [", c->run_set ? 1 : c->runs);
    int status = 0;
    uint32_t npass = 0, nracy = 0;
    bool first = true, stop = false;
    for (int k = 0; k < c->nfiles && !stop; k++) {
        const litmus_t* t = c->tests[k];
        for (int p = 0; p < c->npasses && !stop; p++) {
            const gsys_cfg_t* g = &c->cfg[p];
            shared_be_t sh = {.c = c, .made = false};
            litmus_opts_t lo;
            lit_opts(c, &lo);
            lit_prog_t lp;
            char label[160];
            snprintf(label, sizeof label, "tlm litmus %s %s", litmus_name(t), gsys_variant_name(g));
            gpucoh_progress_start(&lp.pg, label, !c->quiet);
            lo.make_backend = c->impl == GSYS_IMPL_C ? NULL : shared_factory;
            lo.backend_ctx = &sh;
            lo.report = stdout;
            lo.progress = lit_progress;
            lo.progress_ctx = &lp;
            lo.run_system = run;
            lo.run_ctx = ctx;
            litmus_result_t res;
            memset(&res, 0, sizeof res);
            char err[1024];
            const uint64_t tr0 = trans(ctx);
            const double t0 = gpucoh_now();
            const int rc = litmus_run(t, g, &lo, c->quiet ? NULL : stdout, &res, err, sizeof err);
            const double secs = gpucoh_now() - t0;
            char div[700];
            uint64_t div_run = 0;
            const bool dv = sh.made && diverged(c, &sh.real, div, sizeof div, &div_run);
            div_run += lo.first_run;
            if (sh.made)
                sh.real.destroy(sh.real.ctx);
            if (rc < 0) {
                fprintf(stderr, "gpucoh_tlm: %s\n", err);
                litmus_result_free(&res);
                fclose(m.f);
                free(m.buf);
                return GPUCOH_EXIT_USAGE;
            }
            uint64_t n[4] = {0, 0, 0, 0}; /* allowed, forbidden, undefined, unexpected */
            uint64_t bad_run = UINT64_MAX;
            for (uint32_t i = 0; i < res.nout; i++) {
                n[res.out[i].cls & 3u] += res.out[i].count;
                if ((res.out[i].cls == LIT_FORBIDDEN || res.out[i].cls == LIT_UNEXPECTED) &&
                    res.out[i].first_run < bad_run)
                    bad_run = res.out[i].first_run;
            }
            const bool pass = rc == 0 && !dv;
            const bool racy = res.racy && !dv; /* litmus.h: nothing checked, counted apart */
            printf("%s litmus %s %s: %" PRIu64 " runs, %u outcomes, %" PRIu64 " allowed, %" PRIu64
                   " forbidden, %" PRIu64 " undefined, %" PRIu64
                   " unexpected, witnesses %u/%u, %.1f s (tlm, impl %s, seed %" PRIu64 ")\n",
                   res.stopped ? "INTERRUPTED"
                   : pass      ? "PASS"
                   : racy      ? "RACY"
                               : "FAIL",
                   litmus_name(t), gsys_variant_name(g), res.runs, res.nout, n[LIT_ALLOWED],
                   n[LIT_FORBIDDEN], n[LIT_UNDEFINED], n[LIT_UNEXPECTED],
                   res.witnesses - res.witness_missing, res.witnesses, secs, impl_name(c->impl),
                   c->seed);
            if (dv)
                printf("  first divergence: %s (run %" PRIu64 ")\n", div, div_run);
            if (!pass && !racy && !res.stopped) {
                if (!chk_passed(&res.chk) && res.chk.nmsg)
                    printf("  first failure: %s\n", res.chk.msg[0]);
                printf("  replay    build/systemc/gpucoh_tlm litmus %s", c->files[k]);
                replay_tail(c, g, stdout);
                if (dv)
                    printf(" --run %" PRIu64, div_run);
                else if (bad_run != UINT64_MAX)
                    printf(" --run %" PRIu64, bad_run);
                else if (c->run_set)
                    printf(" --run %" PRIu64, c->run);
                else
                    printf(" --runs %" PRIu64, c->runs);
                printf("\n");
            }
            fprintf(m.f, "%s\n  {\"file\": ", first ? "" : ",");
            first = false;
            gpucoh_json_str(m.f, c->files[k]);
            fprintf(m.f, ", \"test\": ");
            gpucoh_json_str(m.f, litmus_name(t));
            fprintf(m.f,
                    ", \"protocol\": \"%s\", \"runs\": %" PRIu64 ", \"allowed\": %" PRIu64
                    ", \"forbidden\": %" PRIu64 ", \"undefined\": %" PRIu64
                    ", \"unexpected\": %" PRIu64 ", \"witnesses\": %u, \"witnesses_missing\": "
                    "%u, \"witnesses_enforced\": %s, \"seconds\": %.3f, \"transactions\": %" PRIu64
                    ", \"outcomes\": [",
                    gsys_variant_name(g), res.runs, n[LIT_ALLOWED], n[LIT_FORBIDDEN],
                    n[LIT_UNDEFINED], n[LIT_UNEXPECTED], res.witnesses, res.witness_missing,
                    res.witness_enforced ? "true" : "false", secs, trans(ctx) - tr0);
            static const char* const cls[] = {"allowed", "forbidden", "undefined", "unexpected"};
            for (uint32_t i = 0; i < res.nout; i++) {
                char ob[512];
                litmus_format(t, res.out[i].v, ob, sizeof ob);
                fprintf(m.f, "%s{\"outcome\": ", i ? ", " : "");
                gpucoh_json_str(m.f, ob);
                fprintf(m.f,
                        ", \"count\": %" PRIu64 ", \"class\": \"%s\", \"first_run\": %" PRIu64 "}",
                        res.out[i].count, cls[res.out[i].cls & 3u], res.out[i].first_run);
            }
            fprintf(m.f, "], ");
            chk_json(m.f, &res.chk);
            fprintf(m.f, ", \"lockstep_divergence\": ");
            if (dv)
                gpucoh_json_str(m.f, div);
            else
                fprintf(m.f, "null");
            fprintf(m.f, ", \"verdict\": \"%s\"}",
                    res.stopped ? "interrupted"
                    : pass      ? "pass"
                    : racy      ? "racy"
                                : "fail");
            if (res.stopped) {
                status = GPUCOH_EXIT_INTERRUPTED;
                stop = true;
            } else if (!pass && !racy) {
                status = 1;
            }
            npass += pass;
            nracy += racy;
            litmus_result_free(&res);
        }
    }
    if (status == 0 && npass == 0 && nracy > 0) /* every test racy: nothing was checked */
        status = 1;
    return finish(c, &m, "\n]", status);
}

/* ---- episode ------------------------------------------------------------------------------- */

/* The episode workload seen through its finished() hook, which the system asks every cycle:
 * a progress line on stderr every few seconds (episodes done of the total), as gpucoh episode's */
typedef struct {
    gsys_workload_t inner;
    ep_t* e;
    gpucoh_progress_t pg;
} ep_watch_t;

static bool watch_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    const ep_watch_t* w = ctx;
    return w->inner.next(w->inner.ctx, sm, wf, cycle, op);
}

static void watch_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                       const uint32_t* line, uint64_t cycle) {
    const ep_watch_t* w = ctx;
    w->inner.done(w->inner.ctx, sm, wf, op, value, line, cycle);
}

static bool watch_finished(void* ctx) {
    ep_watch_t* w = ctx;
    uint64_t done = 0, total = 0;
    ep_progress(w->e, &done, &total);
    gpucoh_progress(&w->pg, done, total, "episodes", NULL);
    return w->inner.finished(w->inner.ctx);
}

static gsys_workload_t watch_workload(ep_watch_t* w, ep_t* e, const char* variant, bool on) {
    w->inner = *ep_workload(e);
    w->e = e;
    char label[96];
    snprintf(label, sizeof label, "tlm episode %s", variant);
    gpucoh_progress_start(&w->pg, label, on);
    return (gsys_workload_t){
        .ctx = w, .next = watch_next, .done = watch_done, .finished = watch_finished};
}

static int cmd_episode(tlm_cli_t* c, tlm_run_fn run, void* ctx, uint64_t (*trans)(void*)) {
    mrep_t m = {NULL, NULL, 0};
    m.f = open_memstream(&m.buf, &m.len);
    if (!m.f) {
        fprintf(stderr, "gpucoh_tlm: out of memory for the report\n");
        return GPUCOH_EXIT_USAGE;
    }
    json_head(m.f, c);
    fprintf(m.f,
            ", \"episode\": {\"episodes\": %u, \"wfs\": %u, \"locations\": %u, \"sync\": \"%s\", "
            "\"cta_sync_permille\": %u, \"max_cycles\": %" PRIu64 "}, \"runs\": [",
            c->ep.episodes, c->ep.wfs, c->ep.locations,
            c->ep.sync_mode == EP_SYNC_RELACQ ? "relacq" : "atomic",
            c->ep.sync_mode == EP_SYNC_RELACQ ? c->ep.cta_permille : 0u, c->max_cycles);
    int status = 0;
    for (int p = 0; p < c->npasses && status != GPUCOH_EXIT_INTERRUPTED; p++) {
        const gsys_cfg_t* g = &c->cfg[p];
        char err[1024];
        ep_t* e = ep_new(g, &c->ep, err, sizeof err);
        gsys_backend_t be;
        if (!e || make_backend(c, g, &be, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh_tlm: %s\n", err);
            ep_free(e);
            fclose(m.f);
            free(m.buf);
            return GPUCOH_EXIT_USAGE;
        }
        gsys_run_t end = GSYS_RUN_STOPPED;
        uint64_t cycles = 0;
        const uint64_t tr0 = trans(ctx);
        const double t0 = gpucoh_now();
        ep_watch_t watch;
        gsys_workload_t wl = watch_workload(&watch, e, gsys_variant_name(g), !c->quiet);
        const int rc = run(ctx, g, &be, &wl, c->max_cycles, stdout, &end, &cycles, err, sizeof err);
        const double secs = gpucoh_now() - t0;
        const uint64_t ntr = trans(ctx) - tr0;
        if (rc != 0) {
            fprintf(stderr, "gpucoh_tlm: %s\n", err);
            be.destroy(be.ctx);
            ep_free(e);
            fclose(m.f);
            free(m.buf);
            return GPUCOH_EXIT_USAGE;
        }
        ep_finish(e, end, cycles);
        char div[700];
        uint64_t div_run = 0; /* one run */
        const bool dv = diverged(c, &be, div, sizeof div, &div_run);
        be.destroy(be.ctx);
        const chk_result_t* r = ep_result(e);
        const bool intr = gpucoh_interrupted != 0;
        const bool pass = !intr && !dv && chk_passed(r);
        uint64_t done = 0, total = 0;
        ep_progress(e, &done, &total);
        if (!c->quiet) {
            ep_stats(e, stdout);
            char title[200];
            snprintf(title, sizeof title,
                     "tlm episode tester (%s, seed %" PRIu64 ", %" PRIu64 " cycles)",
                     gsys_variant_name(g), c->seed, cycles);
            chk_print(stdout, title, r);
        }
        printf("%s episode %s: %" PRIu64 " checked (%" PRIu64 " match, %" PRIu64
               " mismatch), %" PRIu64 " not checkable, %" PRIu64 " fatal; %" PRIu64
               " episodes, %" PRIu64 " transactions, %" PRIu64 " cycles, %.2f s, %.0f cycles/s "
               "(tlm, impl %s, seed %" PRIu64 ")\n",
               intr   ? "INTERRUPTED"
               : pass ? "PASS"
                      : "FAIL",
               gsys_variant_name(g), r->match + r->mismatch, r->match, r->mismatch, r->nc, r->fatal,
               done, ntr, cycles, secs, secs > 0 ? (double)cycles / secs : 0.0, impl_name(c->impl),
               c->seed);
        if (dv)
            printf("  first divergence: %s\n", div);
        if (!pass && !intr) {
            char v[256];
            printf("  %s\n", chk_verdict(r, v, sizeof v));
            if (r->nmsg)
                printf("  first failure: %s\n", r->msg[0]);
            printf("  replay    build/systemc/gpucoh_tlm episode");
            replay_tail(c, g, stdout);
            printf(" --episodes %u --locations %u --sync %s", c->ep.episodes, c->ep.locations,
                   c->ep.sync_mode == EP_SYNC_RELACQ ? "relacq" : "atomic");
            if (c->wfs_set)
                printf(" --wfs %u", c->ep.wfs);
            if (c->ep.sync_mode == EP_SYNC_RELACQ)
                printf(" --cta-sync %u", c->ep.cta_permille);
            printf(" --max-cycles %" PRIu64 "\n", c->max_cycles);
        }
        fprintf(m.f,
                "%s\n  {\"protocol\": \"%s\", \"cycles\": %" PRIu64 ", \"episodes_done\": %" PRIu64
                ", \"episodes\": %" PRIu64 ", \"transactions\": %" PRIu64
                ", \"seconds\": %.3f, \"cycles_per_s\": %.0f, ",
                p ? "," : "", gsys_variant_name(g), cycles, done, total, ntr, secs,
                secs > 0 ? (double)cycles / secs : 0.0);
        chk_json(m.f, r);
        fprintf(m.f, ", \"lockstep_divergence\": ");
        if (dv)
            gpucoh_json_str(m.f, div);
        else
            fprintf(m.f, "null");
        fprintf(m.f, ", \"verdict\": \"%s\"}", intr ? "interrupted" : pass ? "pass" : "fail");
        ep_free(e);
        if (intr)
            status = GPUCOH_EXIT_INTERRUPTED;
        else if (!pass)
            status = 1;
    }
    return finish(c, &m, "\n]", status);
}

int tlm_cli_run(tlm_cli_t* c, tlm_run_fn run, void* ctx, uint64_t (*transactions)(void* ctx)) {
    gpucoh_catch_interrupt();
    return !strcmp(c->cmd, "litmus") ? cmd_litmus(c, run, ctx, transactions)
                                     : cmd_episode(c, run, ctx, transactions);
}
