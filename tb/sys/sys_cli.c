/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sys_cli.c -- the shared system on the command line, for any registered protocol (docs/system.md
 * section 6, docs/framework.md "Protocols"):
 *
 *   gpucoh cosim system   lockstep (or C / RTL alone) with random traffic, coverage matrix
 *   gpucoh episode        the DRF episode tester
 *   gpucoh litmus FILE..  the litmus runner
 *
 * Common options: --protocol VARIANT (TC: tc-weak|tc-strong), --config small|paper, --param
 * NAME=VALUE, --impl c|rtl|lockstep, --rtl SLOTS|all (TC: l1,l2,timer), --rtl-dir DIR, --seed S,
 * delays. Everything protocol-specific comes from the descriptor (gsys_proto_t).
 */
#define _POSIX_C_SOURCE 200809L
#include "sys_cli.h"
#include "sys_opts.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "axiom.h"
#include "check.h"
#include "episode.h"
#include "litmus.h"
#include "opts.h"
#include "traffic.h"
#include "swave.h"
#include "util.h"

typedef struct {
    const gsys_proto_t* P; /* the protocol (--protocol: a variant of it, or all of them) */
    gsys_cfg_t cfg;
    gsys_impl_t impl;
    uint32_t rtl;     /* slots taken from RTL (bit i = the protocol's slot i) */
    uint32_t netlist; /* slots run as their synthesized netlist (--netlist) */
    const char* rtl_dir;
    uint64_t cycles, ops, seed, runs;
    uint32_t full_every;
    bool full_every_set, coverage, quiet, both;
    bool check_only; /* litmus --check-only: every file and option checked, nothing run */
    bool all; /* --protocol all: every variant of every registered protocol (episode, litmus) */
    bool steer_off;     /* --steer off: the random traffic without its steered phases */
    bool events;        /* --traffic events: the event stream (tb/sys/traffic.h "Streams") */
    uint32_t active_wf; /* --active-wf N: per mille of the wavefronts that issue (0: all) */
    bool paper;         /* --config paper */
    const char* json;
    const char* out;      /* --out DIR */
    char json_path[4096]; /* the report: --json, else <out>/<command>-...json */
    const char* what;     /* the command */
    /* waves (tb/sys/swave.h, docs/waves.md): --wave FILE traces the whole run, --window N
     * is the failure window before a divergence (written to --out); litmus --run K runs only
     * run K */
    const char* wave;
    uint32_t window;
    bool run_set;
    uint64_t run;
    uint32_t set_traffic; /* litmus --set-traffic N: wavefronts of traffic on the test's sets */
    gpucoh_mwave_t* mw;   /* the --wave trace of the run being made */
    /* episode */
    ep_params_t ep;
    /* litmus */
    const char* files[LITMUS_MAX_FILES];
    int nfiles;
} topt_t;

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int range(const char* o, const char* s, uint32_t* lo, uint32_t* hi) {
    char* e = NULL;
    unsigned long a = strtoul(s, &e, 10), b;
    if (e == s || (*e != ':' && *e != 0) || s[0] == '-')
        goto bad;
    b = a;
    if (*e == ':') {
        const char* t = e + 1;
        b = strtoul(t, &e, 10);
        if (e == t || *e || t[0] == '-')
            goto bad;
    }
    if (a > b || b > 1000000) {
        fprintf(stderr, "gpucoh: %s %s: need MIN:MAX with MIN <= MAX <= 1000000\n", o, s);
        return -1;
    }
    *lo = (uint32_t)a;
    *hi = (uint32_t)b;
    return 0;
bad:
    fprintf(stderr, "gpucoh: %s: '%s' is not MIN:MAX (cycles)\n", o, s);
    return -1;
}

static int num(const char* o, const char* s, uint64_t* v) {
    return gpucoh_opt_u64(o, s, 0, UINT64_MAX, v);
}

/* --rtl / --netlist UNITS: a comma list of the protocol's slot names (TC: l1, l2, timer) or all,
 * into a slot mask. */
static int unit_list(const gsys_proto_t* P, const char* opt, const char* v, uint32_t* mask) {
    char buf[128];
    snprintf(buf, sizeof buf, "%s", v);
    *mask = 0;
    for (char* t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        uint32_t k = 0;
        while (k < P->nslots && strcmp(t, P->slots[k].name))
            k++;
        if (k < P->nslots) {
            *mask |= 1u << k;
        } else if (!strcmp(t, "all")) {
            *mask |= (1u << P->nslots) - 1u;
        } else {
            fprintf(stderr, "gpucoh: %s: '%s' is not one of:", opt, t);
            for (k = 0; k < P->nslots; k++)
                fprintf(stderr, " %s", P->slots[k].name);
            fprintf(stderr, " all\n");
            return -1;
        }
    }
    return 0;
}

/* --protocol V: a variant of a registered protocol, a family (every variant of it: tc, gpu), or
 * "all" (every variant of every registered protocol: tc-weak, tc-strong, tc-weak-c, gpu-d,
 * gpu-h; episode and litmus, each protocol parsed on its own by sys_cli_main). "both" is the
 * older name of the first family (tc: every TC variant, from when TC had two variants and was
 * the only protocol); it keeps that meaning (docs/cli.md). */
static int protocol_opt(const char* what, const char* v, topt_t* o, uint32_t* variant) {
    const gsys_proto_t* P = gsys_variant_find(v, variant);
    o->all = false;
    if (P) {
        o->P = P;
        o->both = false;
        return 0;
    }
    if (!strcmp(v, "all") && strcmp(what, "cosim system")) {
        o->P = gsys_protocols()[0]; /* the first protocol; the others are parsed on their own */
        o->both = o->all = true;
        return 0;
    }
    if (!strcmp(v, "both") && strcmp(what, "cosim system"))
        v = gsys_protocols()[0]->name;          /* the older name of tc */
    const gsys_proto_t* F = gsys_proto_find(v); /* a family: every variant of it */
    if (F && strcmp(what, "cosim system")) {
        o->P = F;
        o->both = true;
        return 0;
    }
    fprintf(stderr, "gpucoh: --protocol: '%s' is not one of:", v);
    for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
        for (uint32_t k = 0; k < (*q)->nvariants; k++)
            fprintf(stderr, " %s", (*q)->variants[k].name);
    if (strcmp(what, "cosim system"))
        for (const gsys_proto_t* const* q = gsys_protocols(); *q; q++)
            fprintf(stderr, " %s", (*q)->name);
    fprintf(stderr, "%s\n", strcmp(what, "cosim system") ? " all" : "");
    return -1;
}

/* An option that means nothing with the chosen --impl is refused (exit 2), not ignored:
 * --rtl, --rtl-dir, --netlist need the RTL (lockstep or rtl), --full-every the lockstep. */
static int impl_refused(const topt_t* o, bool rtl_given, bool bench) {
    const char* opt = NULL;
    if (o->impl == GSYS_IMPL_C)
        opt = rtl_given ? "--rtl" : o->rtl_dir ? "--rtl-dir" : o->netlist ? "--netlist" : NULL;
    if (opt) {
        fprintf(stderr,
                "gpucoh: %s needs --impl lockstep or rtl (with --impl c no RTL runs; "
                "docs/cli.md)\n",
                opt);
        return -1;
    }
    if ((o->full_every_set || o->window) && !bench && o->impl != GSYS_IMPL_LOCKSTEP) {
        fprintf(stderr, "gpucoh: %s needs --impl lockstep (%s; --impl %s compares nothing)\n",
                o->full_every_set ? "--full-every" : "--window",
                o->full_every_set ? "it sets how often the lockstep compares every line"
                                  : "the waves before a lockstep divergence",
                o->impl == GSYS_IMPL_C ? "c" : "rtl");
        return -1;
    }
    return 0;
}

/* The options of the system commands, one table (tb/engine/opts.h). What parse() gathers before
 * the protocol and its configuration are known. */
typedef struct {
    topt_t* o;
    const char* what; /* "cosim system" (also for bench system), "episode", "litmus" */
    uint32_t variant;
    bool paper, rtl_given, runs_set, start_set, wfs_set;
    const char *rtl_s, *netlist_s; /* resolved once the protocol is known */
    const char* params[64];
    int np;
    const char *req, *rsp, *mem;
    uint64_t start;
    uint32_t illegal;      /* --illegal-rate, applied to the configuration built below */
    uint32_t l2_illegal;   /* --l2-illegal-rate, likewise */
    uint32_t peer_illegal; /* --peer-illegal-rate, likewise */
} sys_parse_t;

enum { SYS_COSIM = 1, SYS_EPISODE = 2, SYS_LITMUS = 4, SYS_BENCH = 8 };
enum {
    O_CYCLES,
    O_OPS,
    O_RUNS,
    O_SEED,
    O_FULL_EVERY,
    O_ILLEGAL,
    O_L2_ILLEGAL,
    O_PEER_ILLEGAL,
    O_START,
    O_SET_TRAFFIC,
    O_ACTIVE_WF,
    O_RUN,
    O_RTL,
    O_NETLIST,
    O_RTL_DIR,
    O_REQ,
    O_RSP,
    O_MEM,
    O_JSON,
    O_OUT,
    O_WAVE,
    O_COVERAGE,
    O_QUIET,
    O_CHECK_ONLY
};

static int sys_num(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sys_parse_t* p = ctx;
    topt_t* o = p->o;
    const char* a = opt->name;
    switch (opt->id) {
    case O_CYCLES:
        return gpucoh_opt_u64(a, v, 1, UINT64_MAX, &o->cycles);
    case O_OPS:
        return gpucoh_opt_u64(a, v, 1, UINT64_MAX >> 1, &o->ops);
    case O_RUNS:
        p->runs_set = true;
        return gpucoh_opt_u64(a, v, 1, UINT32_MAX, &o->runs);
    case O_SEED:
        return num(a, v, &o->seed);
    case O_FULL_EVERY:
        o->full_every_set = true;
        return gpucoh_opt_u32(a, v, 0, UINT32_MAX, &o->full_every);
    case O_ILLEGAL:
        return gpucoh_opt_u32(a, v, 0, 1000, &p->illegal);
    case O_L2_ILLEGAL:
        return gpucoh_opt_u32(a, v, 0, 1000, &p->l2_illegal);
    case O_PEER_ILLEGAL:
        return gpucoh_opt_u32(a, v, 0, 1000, &p->peer_illegal);
    case O_START:
        p->start_set = true;
        return num(a, v, &p->start);
    case O_SET_TRAFFIC: /* the limit is the test's: litmus_check names it */
        return gpucoh_opt_u32(a, v, 0, LITMUS_MAX_SET_TRAFFIC, &o->set_traffic);
    case O_ACTIVE_WF:
        return gpucoh_opt_u32(a, v, 1, 1000, &o->active_wf);
    default: /* O_RUN */
        o->run_set = true;
        return gpucoh_opt_u64(a, v, 0, UINT32_MAX - 1u, &o->run);
    }
}

static int sys_str(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sys_parse_t* p = ctx;
    topt_t* o = p->o;
    const char** dst[] = {
        [O_RTL] = &p->rtl_s, [O_NETLIST] = &p->netlist_s, [O_RTL_DIR] = &o->rtl_dir,
        [O_REQ] = &p->req,   [O_RSP] = &p->rsp,           [O_MEM] = &p->mem,
        [O_JSON] = &o->json, [O_OUT] = &o->out,           [O_WAVE] = &o->wave};
    *dst[opt->id] = v;
    if (opt->id == O_RTL)
        p->rtl_given = true;
    return 0;
}

static int sys_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)v;
    sys_parse_t* p = ctx;
    if (opt->id == O_COVERAGE)
        p->o->coverage = true;
    else if (opt->id == O_CHECK_ONLY)
        p->o->check_only = true;
    else
        p->o->quiet = true;
    return 0;
}

static int sys_protocol(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)opt;
    sys_parse_t* p = ctx;
    return protocol_opt(p->what, v, p->o, &p->variant);
}

static int sys_config(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)opt;
    return sys_opt_config(v, &((sys_parse_t*)ctx)->paper);
}

static int sys_param(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)opt;
    sys_parse_t* p = ctx;
    if (p->np >= 64) {
        fprintf(stderr, "gpucoh: too many --param options\n");
        return -1;
    }
    p->params[p->np++] = v;
    return 0;
}

static int sys_impl(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)opt;
    return sys_opt_impl(v, &((sys_parse_t*)ctx)->o->impl);
}

static int sys_traffic(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)opt;
    sys_parse_t* p = ctx;
    if (strcmp(v, "cycles") && strcmp(v, "events")) {
        fprintf(stderr, "gpucoh: --traffic: '%s' is not one of: cycles events\n", v);
        return -1;
    }
    p->o->events = !strcmp(v, "events");
    return 0;
}

static int sys_steer(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)opt;
    sys_parse_t* p = ctx;
    if (!strcmp(v, "on"))
        p->o->steer_off = false;
    else if (!strcmp(v, "off"))
        p->o->steer_off = true;
    else {
        fprintf(stderr, "gpucoh: --steer: '%s' is not one of: on off\n", v);
        return -1;
    }
    return 0;
}

/* --wfs: 1..NumWf, checked against the configuration below; not given: all NumWf */
static int sys_episode_opt(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sys_parse_t* p = ctx;
    return sys_opt_episode(opt->name, v, &p->o->ep, &p->wfs_set);
}

static int sys_window(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    uint64_t x;
    if (num(opt->name, v, &x))
        return -1;
    if (!x || x > 1000000) {
        fprintf(stderr, "gpucoh: --window: %llu is out of range 1..1000000 cycles\n",
                (unsigned long long)x);
        return -1;
    }
    ((sys_parse_t*)ctx)->o->window = (uint32_t)x;
    return 0;
}

static int sys_file(void* ctx, const char* w) {
    topt_t* o = ((sys_parse_t*)ctx)->o;
    if (o->nfiles >= LITMUS_MAX_FILES) {
        fprintf(stderr, "gpucoh litmus: at most %d files\n", LITMUS_MAX_FILES);
        return -1;
    }
    o->files[o->nfiles++] = w;
    return 0;
}

/* The table, in the order of the --help texts: each command's own options, then those of the
 * commands that run the RTL, then those of every system command. bench system parses as cosim
 * system (SYS_COSIM) and lists only its --cycles and the common options (SYS_BENCH). */
#define ALL 0
#define RUN (SYS_COSIM | SYS_EPISODE | SYS_LITMUS)
#define V   true
static const gpucoh_opt_t sys_opts[] = {
    {"--episodes", V, SYS_EPISODE, sys_episode_opt, NULL, 0, "N",
     "episodes per wavefront (default 20)"},
    {"--wfs", V, SYS_EPISODE, sys_episode_opt, NULL, 0, "N",
     "wavefronts per SM (1..NumWf; default all)"},
    {"--locations", V, SYS_EPISODE, sys_episode_opt, NULL, 0, "N",
     "data locations (1..1000000; default 256)"},
    {"--sync", V, SYS_EPISODE, sys_episode_opt, NULL, 0, "atomic|relacq",
     "synchronize through atomics (default) or release/acquire"},
    {"--cta-sync", V, SYS_EPISODE, sys_episode_opt, NULL, 0, "N",
     "relacq: N per mille of the episodes CTA-scoped (default 500)"},
    {"--rm-steal", false, SYS_EPISODE, sys_episode_opt, NULL, 0, NULL,
     "relacq: a CTA-scoped episode takes another SM's CTA location in\n"
     "1 of 2, its acquire and release of the remote scope rm (only a\n"
     "variant that declares rm; refused with exit 2 otherwise)"},
    {"--cycles", V, SYS_EPISODE, sys_num, NULL, O_CYCLES, "N", "cycle budget"},
    {"--runs", V, SYS_LITMUS, sys_num, NULL, O_RUNS, "R",
     "runs per test (1..2^32-1; default 10000)"},
    {"--run", V, SYS_LITMUS, sys_num, NULL, O_RUN, "K",
     "only run K (the replay of a failing run; not with --runs)"},
    {"--check-only", false, SYS_LITMUS, sys_flag, NULL, O_CHECK_ONLY, NULL,
     "read and check every file against every configuration, then stop\n"
     "without a run or a report (exit 0; `gpucoh campaign plan` uses it)"},
    {"--set-traffic", V, SYS_LITMUS, sys_num, NULL, O_SET_TRAFFIC, "N",
     "stress: N more wavefronts on the test's SMs load and store other\n"
     "lines of its locations' L1 sets, banks and L2 sets for the whole\n"
     "run (evictions, bank contention; default 0; at most the spare\n"
     "wavefronts of those SMs, else refused with exit 2)"},
    {"--cycles", V, SYS_COSIM, sys_num, NULL, O_CYCLES, "N", "cycles (default 100000)"},
    {"--ops", V, SYS_COSIM, sys_num, NULL, O_OPS, "N",
     "stop after N operations (default: no budget, --cycles ends it)"},
    {"--netlist", V, SYS_COSIM, sys_str, NULL, O_NETLIST, "UNITS",
     "these units (l1,l2,timer | all) as their synthesized netlist"},
    {"--steer", V, SYS_COSIM, sys_steer, NULL, 0, "on|off",
     "the traffic's steered phases (default on)"},
    {"--traffic", V, SYS_COSIM | SYS_BENCH, sys_traffic, NULL, 0, "cycles|events",
     "cycles: every idle wavefront draws its chance every cycle (the\n"
     "default, every recorded result); events: it draws once when it\n"
     "next issues and is not visited before (same phases and rates in\n"
     "distribution, other operations for a seed; docs/system.md)"},
    {"--active-wf", V, SYS_COSIM | SYS_BENCH, sys_num, NULL, O_ACTIVE_WF, "N",
     "only N per mille of the wavefronts issue (1..1000, default 1000),\n"
     "spread evenly over the SMs (the rest stay idle)"},
    {"--l2-illegal-rate", V, SYS_COSIM, sys_num, NULL, O_L2_ILLEGAL, "N",
     "the illegal inputs of tc_l2, N per 1000"},
    {"--peer-illegal-rate", V, SYS_COSIM, sys_num, NULL, O_PEER_ILLEGAL, "N",
     "an L1 with no network input presents an illegal peer message or\n"
     "response, N per 1000 cycles (only a variant whose L1s take peer\n"
     "messages: gpu-rsp)"},
    {"--cycles", V, SYS_BENCH, sys_num, NULL, O_CYCLES, "N", "cycles per measurement"},
    {"--coverage", false, RUN, sys_flag, NULL, O_COVERAGE, NULL,
     "print every transition row and cover point"},
    {"--impl", V, RUN, sys_impl, NULL, 0, "I",
     "c | rtl | lockstep (C models and RTL compared every cycle)"},
    {"--rtl", V, RUN, sys_str, NULL, O_RTL, "UNITS",
     "units run as RTL: l1,l2,timer (TC), l1,l2,ovf (G-TSC) or l1,l2 (GPU,\n"
     "DeNovo, hLRC) | all\n"
     "(needs --impl lockstep or rtl)"},
    {"--rtl-dir", V, RUN, sys_str, NULL, O_RTL_DIR, "DIR",
     "take the RTL from DIR (a mutant's scratch copy; needs --impl\n"
     "lockstep or rtl)"},
    {"--full-every", V, RUN, sys_num, NULL, O_FULL_EVERY, "K",
     "lockstep: compare every line/MSHR every K cycles and at the\n"
     "end of the run (0 = always; refused with --impl c or rtl)"},
    {"--wave", V, RUN, sys_str, NULL, O_WAVE, "FILE",
     "lockstep or rtl: the whole run of every Verilated unit in one\n"
     ".fst or .vcd (its directory must exist; large: keep the run short)"},
    {"--window", V, RUN, sys_window, NULL, 0, "N",
     "lockstep: cycles of waves kept before a divergence (default 64)"},
    {"--illegal-rate", V, RUN, sys_num, NULL, O_ILLEGAL, "N",
     "an idle core presents an illegal request, N per 1000 cycles"},
    {"--protocol", V, ALL, sys_protocol, NULL, 0, "P",
     "a protocol variant: tc-weak (default) | tc-strong | tc-weak-c |\n"
     "gpu-d | gpu-h | gpu-rsp | denovo-d | denovo-d-ro | denovo-h |\n"
     "hlrc | hlrc-scoped | gtsc | gtsc-sc; episode, litmus: also a family\n"
     "(tc, gpu, denovo: every variant of it; hlrc and gtsc name their\n"
     "first variant: run each variant) or all"},
    {"--config", V, ALL, sys_config, NULL, 0, "C",
     "small (4 SMs, 2 banks, tiny caches; default) | paper"},
    {"--param", V, ALL, sys_param, NULL, 0, "NAME=VALUE",
     "any parameter of the protocol (repeatable; gpucoh list: tc_l1,\n"
     "tc_l2, tc_gwct, gpu_l1, gpu_l2, denovo_l1, denovo_l2, hlrc_l1,\n"
     "hlrc_l2, gtsc_l1, gtsc_l2, gtsc_ovf)"},
    {"--req-delay", V, ALL, sys_str, NULL, O_REQ, "A:B, --rsp-delay A:B, --mem-lat A:B",
     "  per-message delays (cycles)"},
    {"--rsp-delay", V, ALL, sys_str, NULL, O_RSP, NULL, NULL},
    {"--mem-lat", V, ALL, sys_str, NULL, O_MEM, NULL, NULL},
    {"--start-time", V, ALL, sys_num, NULL, O_START, "T",
     "TC: load the timer with T at cycle 2 (rollover tests)"},
    {"--seed", V, ALL, sys_num, NULL, O_SEED, "S", "PRNG seed (default 1)"},
    {"--out", V, ALL, sys_str, NULL, O_OUT, "DIR",
     "reports and failure windows (default build/out; created if\n"
     "missing)"},
    {"--json", V, ALL, sys_str, NULL, O_JSON, "FILE", "the JSON report (its directory must exist)"},
    {"--quiet", false, ALL, sys_flag, NULL, O_QUIET, NULL, "only the summary lines"},
};
#undef ALL
#undef RUN
#undef V

/* The --help of the system commands: a head each, the options part from the table. */
static const struct {
    const char* what;
    unsigned bit;
    const char* head;
} sys_helps[] = {
    {"cosim system", SYS_COSIM,
     "usage: gpucoh cosim system [options]\n"
     "\n"
     "The multi-SM system on random traffic, C models and RTL in lockstep (default --impl\n"
     "lockstep), with the coverage matrix of every unit (docs/system.md).\n"
     "\n"},
    {"episode", SYS_EPISODE,
     "usage: gpucoh episode [options]\n"
     "\n"
     "The data-race-free episode tester: every wavefront runs episodes of loads, stores and\n"
     "atomics on shared locations; every value read is checked (default --impl c).\n"
     "\n"},
    {"litmus", SYS_LITMUS,
     "usage: gpucoh litmus FILE... [options]\n"
     "\n"
     "Litmus tests (litmus/*.litmus): every file is read (at most 1 MiB) and checked against\n"
     "every configuration before any runs; each runs --runs times, every outcome classified\n"
     "(allowed, forbidden, undefined, unexpected). Ends with `litmus: N files, V variants,\n"
     "P passed, F failed` (default --impl c).\n"
     "\n"},
    {"bench system", SYS_BENCH,
     "usage: gpucoh bench system [options]\n"
     "\n"
     "Cycles per second of the multi-SM system on random traffic: C models, RTL, lockstep.\n"
     "\n"},
};

int sys_cli_usage(const char* what, FILE* f) {
    for (size_t k = 0; k < sizeof sys_helps / sizeof sys_helps[0]; k++) {
        if (strcmp(sys_helps[k].what, what) != 0)
            continue;
        const gpucoh_optset_t set = {.cmd = what,
                                     .cmd_bit = sys_helps[k].bit,
                                     .opts = sys_opts,
                                     .nopts = (int)(sizeof sys_opts / sizeof sys_opts[0])};
        fputs(sys_helps[k].head, f);
        gpucoh_opt_help(&set, 23, f);
        fputs("\nConventions, reports, exit status: docs/cli.md (gpucoh help).\n", f);
        return 0;
    }
    return -1;
}

/* The protocol's descriptor has every hook the system CLI needs: 0, else -1 after a message. */
static int proto_has_cli(const gsys_proto_t* P) {
    if (!P->check || !P->config || !P->set_variant || !P->param_set || !P->params_print ||
        !P->params_json || !P->full_every || !P->model_bytes_json || !P->illegal_report ||
        !P->illegal_expected || !P->cov_size || !P->cov_add || !P->cov_summary || !P->cov_print ||
        !P->cov_json) {
        fprintf(stderr,
                "gpucoh: protocol %s has no command line: its descriptor lacks a hook the "
                "system CLI needs (tb/sys/gsys.h)\n",
                P->name);
        return -1;
    }
    return 0;
}

/* The configuration of the protocol chosen: variant, --config, --param, then its check and the
 * options checked against it (--wfs, delays, illegal rates, --start-time). */
static int parse_config(sys_parse_t* p) {
    topt_t* o = p->o;
    const gsys_proto_t* P = o->P;
    o->paper = p->paper;
    P->config(p->variant, p->paper, &o->cfg);
    o->cfg.seed = o->seed;
    o->ep.seed = o->seed;
    char err[1024];
    for (int k = 0; k < p->np; k++)
        if (P->param_set(gsys_pd(&o->cfg), p->params[k], err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return -1;
        }
    if (P->check(gsys_pdc(&o->cfg), err, sizeof err) != 0) {
        if (P->cli_names)
            P->cli_names(err, sizeof err); /* --param's names, not the C fields' */
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    gsys_geom_t geom;
    gsys_geometry(&o->cfg, &geom);
    if (p->wfs_set && (o->ep.wfs < 1 || o->ep.wfs > geom.num_wf)) {
        fprintf(stderr,
                "gpucoh: --wfs: %u is out of range 1..%u (the configuration's wavefronts per SM, "
                "--param wf; without --wfs every wavefront runs episodes)\n",
                (unsigned)o->ep.wfs, (unsigned)geom.num_wf);
        return -1;
    }
    const uint32_t nwf = geom.num_sm * geom.num_wf;
    if (o->active_wf && (uint64_t)nwf * o->active_wf / 1000u == 0) {
        fprintf(stderr,
                "gpucoh: --active-wf: %u per mille of the configuration's %u wavefronts is none "
                "(at least %u)\n",
                (unsigned)o->active_wf, (unsigned)nwf, (unsigned)((1000u + nwf - 1u) / nwf));
        return -1;
    }
    if ((p->req && range("--req-delay", p->req, &o->cfg.req_delay_min, &o->cfg.req_delay_max)) ||
        (p->rsp && range("--rsp-delay", p->rsp, &o->cfg.rsp_delay_min, &o->cfg.rsp_delay_max)) ||
        (p->mem && range("--mem-lat", p->mem, &o->cfg.mem_lat_min, &o->cfg.mem_lat_max)))
        return -1;
    o->cfg.core_illegal_per_mille = p->illegal;
    o->cfg.bank_illegal_per_mille = p->l2_illegal;
    o->cfg.peer_illegal_per_mille = p->peer_illegal;
    if (p->peer_illegal &&
        (!P->peer_illegal || P->peer_illegal(gsys_pdc(&o->cfg), NULL, NULL, NULL) != 0)) {
        fprintf(stderr,
                "gpucoh: --peer-illegal-rate: %s has no illegal inputs of its L1s' peer network "
                "to present (N > 0 needs a variant whose L1s take peer messages)\n",
                gsys_variant_name(&o->cfg));
        return -1;
    }
    if (p->start_set) {
        const uint32_t smax = P->start_max ? P->start_max(gsys_pdc(&o->cfg)) : 0;
        if (p->start > smax) {
            fprintf(stderr, "gpucoh: --start-time: %llu is out of range 0..%u (%s)\n",
                    (unsigned long long)p->start, (unsigned)smax,
                    P->start_help ? P->start_help : "the protocol has no start value");
            return -1;
        }
        o->cfg.start = (uint32_t)p->start;
    }
    return 0;
}

/* The options that do not go together (a run and a campaign, an option the --impl ignores, a
 * trace of several runs). */
static int parse_combinations(const sys_parse_t* p, bool bench) {
    topt_t* o = p->o;
    if (o->run_set && p->runs_set) { /* docs/cli.md: a campaign or the replay of one run */
        fprintf(stderr,
                "gpucoh litmus: --run %llu runs that one run alone (the replay of a failing run); "
                "give --runs R (a campaign of R runs) or --run K, not both\n",
                (unsigned long long)o->run);
        return -1;
    }
    if (!strcmp(p->what, "litmus") && o->nfiles == 0) {
        fprintf(stderr, "gpucoh litmus: name at least one .litmus file\n");
        return -1;
    }
    if (impl_refused(o, p->rtl_given, bench))
        return -1;
    if (o->impl == GSYS_IMPL_C)
        o->rtl = 0;
    o->rtl |= o->netlist; /* a unit run as a netlist takes the RTL's place */
    if (bench && (o->wave || o->window)) {
        fprintf(stderr, "gpucoh bench system: %s is for cosim system, episode and litmus\n",
                o->wave ? "--wave" : "--window");
        return -1;
    }
    if (o->wave && (o->impl == GSYS_IMPL_C || o->rtl == 0)) {
        fprintf(stderr, "gpucoh: --wave traces the Verilated units: it needs --impl lockstep or "
                        "rtl\n");
        return -1;
    }
    if (o->wave && (o->both || o->nfiles > 1)) {
        fprintf(stderr, "gpucoh: --wave traces one run: give one protocol variant (--protocol)%s\n",
                o->nfiles > 1 ? " and one litmus file" : "");
        return -1;
    }
    return 0;
}

/* Parse the options; what = "cosim system" | "episode" | "litmus" | "bench system". force: with
 * --protocol all, parse for this protocol (every variant of it) instead of the first one. */
static int parse(int argc, char** argv, int i, const char* what, topt_t* o,
                 const gsys_proto_t* force) {
    memset(o, 0, sizeof *o);
    o->P = gsys_protocols()[0];
    o->impl = !strcmp(what, "cosim system") ? GSYS_IMPL_LOCKSTEP : GSYS_IMPL_C;
    const bool bench = !strcmp(what, "bench system");
    if (bench)
        what = "cosim system"; /* same options */
    o->seed = 1;
    o->runs = 10000;
    o->ep = ep_defaults();
    sys_parse_t p = {.o = o, .what = what, .variant = o->P->default_variant, .rtl_s = "all"};
    const bool lit = !strcmp(what, "litmus");
    const gpucoh_optset_t set = {.cmd = what,
                                 .cmd_bit = lit                        ? SYS_LITMUS
                                            : !strcmp(what, "episode") ? SYS_EPISODE
                                                                       : SYS_COSIM,
                                 .opts = sys_opts,
                                 .nopts = (int)(sizeof sys_opts / sizeof sys_opts[0]),
                                 .word = lit ? sys_file : NULL,
                                 .refuse = gpucoh_refuse_cmd};
    if (gpucoh_opt_parse(&set, argc, argv, i, &p) != 0)
        return -1;
    if (o->all && force) {
        o->P = force;
        p.variant = force->default_variant;
    }
    const gsys_proto_t* P = o->P;
    if (proto_has_cli(P) != 0 || unit_list(P, "--rtl", p.rtl_s, &o->rtl) != 0 ||
        (p.netlist_s && unit_list(P, "--netlist", p.netlist_s, &o->netlist) != 0) ||
        parse_config(&p) != 0 || parse_combinations(&p, bench) != 0)
        return -1;
    if (!o->full_every_set)
        o->full_every = P->full_every(gsys_pdc(&o->cfg));
    return 0;
}

/* The random traffic of a cosim or bench system run, as its options set it. */
static traffic_cfg_t traffic_of(const topt_t* o, uint64_t ops) {
    traffic_cfg_t rc = traffic_cfg_default(&o->cfg, o->seed, ops);
    rc.steer = !o->steer_off;
    rc.events = o->events;
    rc.active_permille = o->active_wf ? o->active_wf : 1000u;
    return rc;
}

static int make_backend(const topt_t* o, const gsys_cfg_t* c, gsys_backend_t* be, char* err,
                        size_t n) {
    if (o->impl == GSYS_IMPL_C || o->rtl == 0)
        return gsys_backend_c_cfg(c, be, err, n);
    gsys_rtl_cfg_t rc = {.impl = o->impl,
                         .rtl = o->rtl,
                         .rtl_dir = o->rtl_dir,
                         .full_every = o->full_every,
                         .report = stdout,
                         .quiet = o->quiet,
                         .netlist = o->netlist,
                         .wave = o->mw,
                         .wave_from = 0,
                         .wave_to = UINT64_MAX};
    return gsys_backend_rtl_cfg(c, &rc, be, err, n);
}

/* The checkers build one system per run; Verilated models are created once and reset by
 * rst_n at the start of every run, so the factory hands out one shared backend whose destroy
 * does nothing (the real one is destroyed at the end). */
typedef struct {
    const topt_t* o;
    gsys_backend_t real;
    bool made;
    gsys_cfg_t cfg; /* the parameters real was made for */
} shared_be_t;

static bool same_params(const gsys_cfg_t* a, const gsys_cfg_t* b) {
    return a->proto == b->proto && !memcmp(gsys_pdc(a), gsys_pdc(b), a->proto->pd_size);
}

static int shared_factory(void* ctx, const gsys_cfg_t* c, gsys_backend_t* be, char* err, size_t n) {
    shared_be_t* s = ctx;
    if (s->made && !same_params(&s->cfg, c)) {
        s->real.destroy(s->real.ctx);
        s->made = false;
    }
    if (!s->made) {
        if (make_backend(s->o, c, &s->real, err, n) != 0)
            return -1;
        s->made = true;
        s->cfg = *c;
    }
    gsys_backend_borrow(&s->real, be);
    return 0;
}

static const char* impl_name(const topt_t* o) {
    return o->impl == GSYS_IMPL_C ? "c" : o->impl == GSYS_IMPL_RTL ? "rtl" : "lockstep";
}

/* "l1,l2" for a set of the protocol's slots ("" if none; one static buffer) */
static const char* units_list(const gsys_proto_t* P, uint32_t units) {
    static char b[128];
    size_t k = 0;
    b[0] = 0;
    for (uint32_t i = 0; i < P->nslots && k < sizeof b; i++)
        if ((units >> i) & 1u)
            k += (size_t)snprintf(b + k, sizeof b - k, "%s%s", k ? "," : "", P->slots[i].name);
    return b;
}

/* "l1,l2" for the units run as netlists ("" if none) */
static const char* netlist_units(const topt_t* o) {
    return units_list(o->P, o->netlist);
}

/* ", impl=netlist l1,l2: outputs and state compared" and the state bits synthesis removed
 * ("" if no unit runs as a netlist) */
static const char* netlist_note(const topt_t* o, const gsys_rtl_result_t* res) {
    static char b[1024];
    if (!o->netlist)
        return "";
    if (!res || !res->removed[0])
        snprintf(b, sizeof b,
                 ", impl=netlist %s: outputs and state compared, every register kept by synthesis",
                 netlist_units(o));
    else if (res->state_compared)
        snprintf(b, sizeof b,
                 ", impl=netlist %s: outputs and state compared, except %u state bits whose flops "
                 "synthesis removed (no output depends on them; taken from the C model); "
                 "removed: %s",
                 netlist_units(o), (unsigned)res->removed_bits, res->removed);
    else
        snprintf(b, sizeof b,
                 ", impl=netlist %s: outputs and state compared; synthesis removed bits the shim "
                 "has no mask for, compared as they are: %s",
                 netlist_units(o), res->removed);
    return b;
}
/* --protocol both: every variant of the protocol, its default variant first (TC: TC-Weak, then
 * TC-Strong); else the one given. */
static int npasses(const topt_t* o) {
    return o->both ? (int)o->P->nvariants : 1;
}
static uint32_t both_variant(const topt_t* o, int p) {
    return (o->P->default_variant + (uint32_t)p) % o->P->nvariants;
}

static gsys_geom_t geom_of(const gsys_cfg_t* c) {
    gsys_geom_t g;
    gsys_geometry(c, &g);
    return g;
}

/* ---- the conventions of every command (docs/cli.md) ----------------------------------------- */

#define SLICE 1024u /* cycles between progress and Ctrl-C checks */

/* gsys_run over `budget` cycles in slices (gsys_run continues where it stopped, so this is
 * the same run): between slices a progress line now and then (episodes done of all when ep is
 * given, else cycles of the budget) and Ctrl-C, which stops the run (*interrupted). */
static gsys_run_t run_sliced(gsys_t* s, uint64_t budget, FILE* report, gpucoh_progress_t* pg,
                             const ep_t* ep, bool* interrupted) {
    *interrupted = false;
    const uint64_t start = gsys_cycle(s);
    for (uint64_t left = budget; left;) {
        const uint64_t n = left < SLICE ? left : SLICE;
        const gsys_run_t r = gsys_run(s, n, report);
        if (r != GSYS_RUN_CYCLES)
            return r;
        left -= n;
        if (!left)
            break;
        if (gpucoh_interrupted) {
            *interrupted = true;
            return GSYS_RUN_STOPPED;
        }
        if (ep) {
            uint64_t done, total;
            ep_progress(ep, &done, &total);
            char extra[64];
            snprintf(extra, sizeof extra, ", cycle %llu", (unsigned long long)gsys_cycle(s));
            gpucoh_progress(pg, done, total, "episodes", extra);
        } else {
            gpucoh_progress(pg, gsys_cycle(s) - start, budget, "cycles", NULL);
        }
    }
    return GSYS_RUN_CYCLES;
}

static int interrupted_exit(uint64_t where) {
    fprintf(stderr, "gpucoh: interrupted (Ctrl-C) after %llu cycles\n", (unsigned long long)where);
    return GPUCOH_EXIT_INTERRUPTED;
}

/* The start of every report: {"tool", "version", "params" (the TC parameters, --param's
 * names), "config" (the system and run options); the caller goes on with ", ..." and "}". */
static void json_head(FILE* f, const topt_t* o, const char* cmd) {
    fprintf(f, "{\"tool\": \"gpucoh %s\", \"version\": ", cmd);
    gpucoh_json_str(f, gpucoh_version());
    fprintf(f, ", \"params\": ");
    o->P->params_json(gsys_pdc(&o->cfg), f);
    const gsys_cfg_t* c = &o->cfg;
    fprintf(f,
            ", \"config\": {\"config\": \"%s\", \"protocol\": \"%s\", \"impl\": \"%s\", "
            "\"rtl\": \"%s\", ",
            o->paper ? "paper" : "small",
            o->all    ? "all"
            : o->both ? o->P->name
                      : gsys_variant_name(c),
            impl_name(o),
            o->impl == GSYS_IMPL_C ? ""
                                   : units_list(o->P, o->rtl)); /* one static buffer: two calls */
    fprintf(f, "\"netlist\": \"%s\", \"rtl_dir\": ", netlist_units(o));
    if (o->rtl_dir)
        gpucoh_json_str(f, o->rtl_dir);
    else
        fprintf(f, "null");
    fprintf(f,
            ", \"seed\": %llu, \"cycles\": %llu, \"req_delay\": \"%u:%u\", \"rsp_delay\": "
            "\"%u:%u\", \"mem_lat\": \"%u:%u\", \"start_time\": %u, \"illegal_rate\": %u, "
            "\"l2_illegal_rate\": %u, \"peer_illegal_rate\": %u, \"full_every\": %u, "
            "\"steer\": %s, \"traffic\": \"%s\", \"active_wf\": %u}",
            (unsigned long long)o->seed, (unsigned long long)o->cycles, (unsigned)c->req_delay_min,
            (unsigned)c->req_delay_max, (unsigned)c->rsp_delay_min, (unsigned)c->rsp_delay_max,
            (unsigned)c->mem_lat_min, (unsigned)c->mem_lat_max, (unsigned)c->start,
            (unsigned)c->core_illegal_per_mille, (unsigned)c->bank_illegal_per_mille,
            (unsigned)c->peer_illegal_per_mille, (unsigned)o->full_every,
            o->steer_off ? "false" : "true", o->events ? "events" : "cycles",
            (unsigned)(o->active_wf ? o->active_wf : 1000u));
}

/* A report built in memory while a run goes on and written at its end (temporary file and
 * rename), so that no temporary file waits beside it during a long episode or litmus run. */
typedef struct {
    FILE* f;
    char* buf;
    size_t len;
} mreport_t;

static int mreport_open(mreport_t* m, char* err, size_t n) {
    m->buf = NULL;
    m->len = 0;
    m->f = open_memstream(&m->buf, &m->len);
    if (!m->f)
        snprintf(err, n, "out of memory for the report");
    return m->f ? 0 : -1;
}

static void mreport_abort(mreport_t* m) {
    fclose(m->f);
    free(m->buf);
}

static int mreport_commit(mreport_t* m, const char* path, char* err, size_t n) {
    int rc = -1;
    if (fclose(m->f) == 0) {
        gpucoh_afile_t af;
        if (gpucoh_afile_open(&af, path, err, n) == 0) {
            fwrite(m->buf, 1, m->len, af.f);
            rc = gpucoh_afile_commit(&af, err, n);
        }
    } else {
        snprintf(err, n, "out of memory for the report");
    }
    free(m->buf);
    return rc;
}

/* The report's path (--json, else <--out or build/out>/<name>), checked with its directory
 * before anything runs: 0, or -1 after a message (exit 2). */
static int report_path(topt_t* o, const char* name) {
    char err[1024];
    const char* odir = o->out ? o->out : gpucoh_default_out();
    if ((o->out || !o->json) &&
        gpucoh_check_out_dir(o->out ? "--out" : "the default output directory", odir, err,
                             sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    if (o->json)
        snprintf(o->json_path, sizeof o->json_path, "%s", o->json);
    else
        snprintf(o->json_path, sizeof o->json_path, "%s/%s", odir, name);
    if (gpucoh_check_out_file("--json", o->json_path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    return 0;
}

/* --wave FILE: a .fst or .vcd name that can be created where it is (its directory must exist:
 * no directory is created for it), checked with the report before anything runs (docs/cli.md). */
static int wave_path_ok(const topt_t* o) {
    char err[1024];
    if (!o->wave)
        return 0;
    const size_t l = strlen(o->wave);
    if (l < 4 || (strcmp(o->wave + l - 4, ".fst") != 0 && strcmp(o->wave + l - 4, ".vcd") != 0)) {
        fprintf(stderr,
                "gpucoh: --wave %s: the file name must end in .fst or .vcd; nothing was run\n",
                o->wave);
        return -1;
    }
    if (gpucoh_check_out_file("--wave", o->wave, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    return 0;
}

/* ---- cosim system --------------------------------------------------------------------------- */

/* The illegal inputs the run presented (--illegal-rate, --l2-illegal-rate, --peer-illegal-rate),
 * the protocol errors the C models counted for them and the RTL's input assertions (res: NULL
 * without RTL). */
static void print_illegal(const topt_t* o, const gsys_t* s, uint64_t errors,
                          const gsys_rtl_result_t* res) {
    uint64_t j[4];
    gsys_bank_illegal(s, j);
    o->P->illegal_report(&o->cfg, gsys_illegal(s), j, stdout);
    if (o->cfg.peer_illegal_per_mille)
        printf("  illegal L1 network inputs presented: %llu (each a protocol error of the L1)\n",
               (unsigned long long)gsys_peer_illegal(s));
    if (o->cfg.core_illegal_per_mille || o->cfg.bank_illegal_per_mille ||
        o->cfg.peer_illegal_per_mille) {
        printf("  protocol errors counted by the C models: %llu\n", (unsigned long long)errors);
        if (res) /* every ASSERT_WARN of every unit (TC, GPU: an L1 drops I1 unflagged) */
            printf("  input assertions the RTL flagged: %llu\n",
                   (unsigned long long)res->input_asserts);
    }
}

/* The run as tb/sys/swave.h sees it: its replay line, the re-run of a failure window. */
static swave_run_t wave_run(const topt_t* o, swave_kind_t kind, const gsys_cfg_t* cfg) {
    swave_run_t w;
    memset(&w, 0, sizeof w);
    w.kind = kind;
    w.cfg = *cfg;
    w.rtl = (gsys_rtl_cfg_t){.impl = o->impl,
                             .rtl = o->rtl,
                             .rtl_dir = o->rtl_dir,
                             .full_every = o->full_every,
                             .netlist = o->netlist};
    w.steer_off = o->steer_off;
    w.events = o->events;
    w.active_wf = o->active_wf;
    w.ops = o->ops;
    w.cycles = o->cycles;
    w.ep = o->ep;
    w.out_dir = o->out;
    w.window = o->window;
    return w;
}

/* A failure without a divergence (deadlock, protocol errors): the line that runs it again. */
static void print_replay(const topt_t* o, swave_kind_t kind, const gsys_cfg_t* cfg) {
    const swave_run_t w = wave_run(o, kind, cfg);
    char b[4096];
    swave_replay(&w, NULL, b, sizeof b);
    printf("  replay    %s\n", b);
}

/* --wave FILE: the whole run in one file, made before the run's backend (tb/sys/swave.h) */
static int wave_begin(topt_t* o) {
    return o->wave && !(o->mw = swave_trace_new(o->wave)) ? -1 : 0;
}

static void wave_end(topt_t* o) {
    swave_trace_done(o->mw, o->wave, stdout);
    o->mw = NULL;
}

/* The outcome of a cosim system run, for its summary and report. */
typedef struct {
    uint64_t cyc, mism, errors, illegal;
    uint64_t inv; /* violations of the protocol's invariant (gsys_proto_t.invariant) */
    bool inv_on;  /* it was checked (the protocol states one and the C side ran) */
    double dt;
    gsys_run_t end;
    bool interrupted, pass;
    bool cside;                   /* the C side ran (coverage, protocol errors) */
    const gsys_rtl_result_t* res; /* the RTL's result, or NULL */
    void* cov;
    gsys_counters_t ctr; /* the protocol's own counters over the C side (ctr.npv 0: none) */
    swave_files_t wf;
    const char* verdict;
} sys_outcome_t;

/* The backend, the random traffic and the system of a cosim system run: 0, or 2 after a message
 * (nothing left allocated, the trace ended). */
static int cosim_setup(topt_t* o, gsys_backend_t* be, traffic_t** r, gsys_t** s) {
    char err[1024];
    if (wave_begin(o) != 0)
        return 2;
    if (make_backend(o, &o->cfg, be, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        wave_end(o);
        return 2;
    }
    traffic_cfg_t rc = traffic_of(o, o->ops ? o->ops : ~0ull >> 1);
    rc.roll_cycle = traffic_roll_cycle(&o->cfg);
    *r = traffic_new(&o->cfg, &rc, err, sizeof err);
    if (!*r) {
        fprintf(stderr, "gpucoh: %s\n", err);
        be->destroy(be->ctx);
        wave_end(o);
        return 2;
    }
    gsys_workload_t wl;
    traffic_workload(*r, &wl);
    *s = gsys_new(&o->cfg, be, &wl, err, sizeof err);
    if (!*s) {
        fprintf(stderr, "gpucoh: %s\n", err);
        traffic_free(*r);
        be->destroy(be->ctx);
        wave_end(o);
        return 2;
    }
    return 0;
}

/* The summary line and what follows it on stdout (illegal inputs, the first divergence, a
 * deadlock, the replay line, coverage and statistics). */
/* the protocol's own counters over the C side, one line (G-TSC: ts_resets, gtsc.md 7.5) */
static void print_pcounters(const gsys_counters_t* c) {
    if (!c->npv)
        return;
    printf("  protocol counters:");
    for (uint32_t k = 0; k < c->npv; k++)
        printf("%s %s %llu", k ? "," : "", c->pnames[k], (unsigned long long)c->pv[k]);
    printf("\n");
}

static void cosim_print(const topt_t* o, const gsys_t* s, traffic_t* r, const sys_outcome_t* x) {
    const gsys_proto_t* P = o->P;
    char covs[160] = "coverage n/a (no C model run)";
    if (x->cside)
        P->cov_summary(x->cov, gsys_pdc(&o->cfg), covs, sizeof covs);
    printf("%s system %s: %llu cycles, %llu unit-cycles compared, %llu mismatches, %s, "
           "%llu protocol errors, %.0f cycles/s (seed %llu, impl %s, config %u SMs %u banks%s)\n",
           x->pass                          ? "PASS"
           : x->interrupted && x->mism == 0 ? "INTERRUPTED"
                                            : "FAIL",
           gsys_variant_name(&o->cfg), (unsigned long long)x->cyc,
           (unsigned long long)(x->res ? x->res->compared : 0), (unsigned long long)x->mism, covs,
           (unsigned long long)x->errors, x->dt > 0 ? (double)x->cyc / x->dt : 0.0,
           (unsigned long long)o->seed, impl_name(o), (unsigned)geom_of(&o->cfg).num_sm,
           (unsigned)geom_of(&o->cfg).num_banks, netlist_note(o, x->res));
    print_illegal(o, s, x->errors, x->res);
    if (x->inv_on)
        printf("  invariant checked after every edge over the C models: %llu violation(s)\n",
               (unsigned long long)x->inv);
    print_pcounters(&x->ctr);
    if (x->res && x->res->div.text[0])
        printf("  first divergence: %s\n", x->res->div.text);
    if (x->end == GSYS_RUN_DEADLOCK)
        printf("  deadlock (report above)\n");
    if (!x->pass && !x->interrupted && !x->mism)
        print_replay(o, SWAVE_COSIM, &o->cfg);
    if (!o->quiet && x->cside)
        P->cov_print(x->cov, gsys_pdc(&o->cfg), o->coverage, stdout);
    if (!o->quiet) {
        gsys_stats(s, stdout);
        traffic_print(r, stdout);
    }
}

/* The report's "first_divergence": a lockstep mismatch, a deadlock, protocol errors the illegal
 * inputs do not explain, or null. */
static void cosim_first_json(FILE* f, const sys_outcome_t* x) {
    const gsys_rtl_result_t* res = x->res;
    if (res && x->mism) {
        gpucoh_divergence_json(f, &res->div, "{", ", ");
        gpucoh_json_kv(f, ", ", "failure_json", x->wf.json);
        gpucoh_json_kv(f, ", ", "wave", x->wf.wave);
        gpucoh_json_kv(f, ", ", "gtkw", x->wf.gtkw);
        gpucoh_json_kv(f, ", ", "replay", x->wf.replay);
        fprintf(f, "}");
    } else if (x->end == GSYS_RUN_DEADLOCK) {
        fprintf(f, "{\"cycle\": %llu, \"kind\": \"deadlock\"}", (unsigned long long)x->cyc);
    } else if (x->inv) {
        fprintf(f, "{\"kind\": \"invariant\", \"text\": \"%llu violation(s)\"}",
                (unsigned long long)x->inv);
    } else if (x->cside && x->errors != x->illegal) {
        fprintf(f,
                "{\"kind\": \"protocol errors\", \"text\": \"%llu protocol errors "
                "counted by the C models for %llu illegal inputs\"}",
                (unsigned long long)x->errors, (unsigned long long)x->illegal);
    } else {
        fprintf(f, "null");
    }
}

/* The JSON report of a cosim system run; false (after a message) when it cannot be written. */
static bool cosim_json(const topt_t* o, const sys_outcome_t* x) {
    const gsys_proto_t* P = o->P;
    const gsys_rtl_result_t* res = x->res;
    gpucoh_afile_t af;
    char jerr[512];
    if (gpucoh_afile_open(&af, o->json_path, jerr, sizeof jerr) != 0) {
        fprintf(stderr, "gpucoh: %s\n", jerr);
        return false;
    }
    FILE* f = af.f;
    json_head(f, o, "cosim system");
    fprintf(f,
            ", \"unit\": \"system\", \"protocol\": \"%s\", \"impl\": \"%s\", "
            "\"netlist\": \"%s\", \"cycles\": "
            "%llu, \"compared\": %llu, \"mismatches\": %llu, \"protocol_errors\": %llu, "
            "\"illegal_inputs\": %llu, \"invariant_violations\": %lld, "
            "\"cycles_per_s\": %.0f, \"seed\": %llu, "
            "\"run_end\": \"%s\", \"c_model_bytes\": ",
            gsys_variant_name(&o->cfg), impl_name(o), netlist_units(o), (unsigned long long)x->cyc,
            (unsigned long long)(res ? res->compared : 0), (unsigned long long)x->mism,
            (unsigned long long)x->errors, (unsigned long long)x->illegal,
            x->inv_on ? (long long)x->inv : -1LL, x->dt > 0 ? (double)x->cyc / x->dt : 0.0,
            (unsigned long long)o->seed,
            x->interrupted                ? "interrupted"
            : x->end == GSYS_RUN_DONE     ? "done"
            : x->end == GSYS_RUN_CYCLES   ? "cycles"
            : x->end == GSYS_RUN_DEADLOCK ? "deadlock"
                                          : "stopped");
    P->model_bytes_json(gsys_pdc(&o->cfg), f);
    if (x->cside)
        P->cov_json(x->cov, gsys_pdc(&o->cfg), f);
    if (o->netlist && res) {
        fprintf(f, ", \"netlist_state\": {\"removed_state_bits\": %u, \"removed_registers\": ",
                (unsigned)res->removed_bits);
        gpucoh_json_str(f, res->removed);
        fprintf(f, ", \"state_compared\": %s}", res->state_compared ? "true" : "false");
    }
    fprintf(f, ", \"first_divergence\": ");
    cosim_first_json(f, x);
    fprintf(f, ", \"verdict\": \"%s\"}\n", x->verdict);
    if (gpucoh_afile_commit(&af, jerr, sizeof jerr) != 0) {
        fprintf(stderr, "gpucoh: %s\n", jerr);
        return false;
    }
    printf("  report    %s\n", o->json_path);
    return true;
}

#define ILLEGAL_QUIET 256u /* cycles: cosim_system's quiet tail (gsys_set_bank_illegal_until) */

static int cosim_system(topt_t* o) {
    if (!o->cycles)
        o->cycles = 100000;
    gsys_backend_t be;
    traffic_t* r;
    gsys_t* s;
    if (cosim_setup(o, &be, &r, &s) != 0)
        return 2;
    gsys_backend_t* cbe = o->impl == GSYS_IMPL_LOCKSTEP && o->rtl ? gsys_backend_rtl_cside(&be)
                          : o->rtl == 0                           ? &be
                                                                  : NULL;
    sys_outcome_t x;
    memset(&x, 0, sizeof x);
    const double t0 = now_s();
    gpucoh_progress_t pg;
    char label[64];
    snprintf(label, sizeof label, "system %s", gsys_variant_name(&o->cfg));
    gpucoh_progress_start(&pg, label, !o->quiet);
    /* the last ILLEGAL_QUIET cycles present no illegal bank message: those presented have been
     * popped and counted when the protocol-error count is compared with them */
    if (o->cycles > 2 * ILLEGAL_QUIET)
        gsys_set_bank_illegal_until(s, gsys_cycle(s) + o->cycles - ILLEGAL_QUIET);
    gsys_set_illegal_models(s, cbe); /* peer_illegal reads the L1s' C models */
    x.inv_on = cbe && o->P->invariant;
    if (x.inv_on)
        gsys_check_invariant(s, cbe, stdout);
    x.end = run_sliced(s, o->cycles, stdout, &pg, NULL, &x.interrupted);
    if (x.end == GSYS_RUN_CYCLES || x.end == GSYS_RUN_DONE)
        gsys_backend_rtl_final_check(&be); /* lockstep: every state whole at the end */
    x.inv = gsys_invariant_violations(s);
    x.dt = now_s() - t0;
    x.cyc = gsys_cycle(s);
    const gsys_proto_t* P = o->P;
    x.cov = calloc(1, P->cov_size);
    if (!x.cov) {
        fprintf(stderr, "gpucoh: out of memory\n");
        exit(2);
    }
    x.cside = cbe != NULL;
    x.errors = cbe ? gsys_cov_collect(P, gsys_pdc(&o->cfg), cbe, x.cov) : 0;
    gsys_counters_collect(P, gsys_pdc(&o->cfg), cbe, &x.ctr);
    gsys_rtl_result_t resc; /* a copy: the backend goes before the failure window is made */
    if (o->rtl) {
        resc = *gsys_backend_rtl_result(&be);
        x.res = &resc;
    }
    x.mism = x.res ? x.res->mismatches + x.res->rtl_errors : 0;
    /* the illegal inputs presented are the only protocol errors expected (the descriptor says how
     * many they make; TC: every illegal core request, J1 request and J3 fill) */
    uint64_t jl[4];
    gsys_bank_illegal(s, jl);
    x.illegal = P->illegal_expected(gsys_illegal(s), jl) + gsys_peer_illegal(s);
    x.pass = (x.end == GSYS_RUN_CYCLES || x.end == GSYS_RUN_DONE) && x.mism == 0 &&
             (cbe ? x.errors == x.illegal : true) && x.inv == 0;
    if (x.interrupted && x.mism == 0)
        x.pass = false; /* neither: the verdict is "interrupted" */
    x.verdict = x.pass ? "pass" : x.interrupted && x.mism == 0 ? "interrupted" : "fail";
    cosim_print(o, s, r, &x);
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx); /* one set of Verilated models at a time (docs/framework.md) */
    wave_end(o);
    if (x.mism &&
        !x.interrupted) { /* the failure window, save file, JSON, replay (docs/waves.md) */
        const swave_run_t w = wave_run(o, SWAVE_COSIM, &o->cfg);
        swave_divergence(&w, x.res, stdout, &x.wf);
    }
    if (!cosim_json(o, &x))
        x.pass = false;
    free(x.cov);
    if (x.interrupted)
        return interrupted_exit(x.cyc);
    return x.pass ? 0 : 1;
}

/* ---- episode -------------------------------------------------------------------------------- */

/* The backend's result (a copy, taken before the backend goes); false when nothing diverged or
 * no Verilated unit ran. */
static bool divergence(const topt_t* o, gsys_backend_t* be, gsys_rtl_result_t* res) {
    if (o->impl == GSYS_IMPL_C || o->rtl == 0)
        return false;
    *res = *gsys_backend_rtl_result(be);
    return res->mismatches || res->rtl_errors;
}

/* One protocol's episode run (ep_run's steps, sliced for progress and Ctrl-C): the checks
 * into *res, a lockstep divergence into *div (*diverged); -1 on a setup error (err), else 0. */
static int episode_one(const topt_t* o, const gsys_cfg_t* cfg, chk_result_t* res, uint64_t* cyc,
                       uint64_t eps[2], bool* interrupted, gsys_rtl_result_t* div, bool* diverged,
                       char* err, size_t n) {
    ep_t* e = ep_new(cfg, &o->ep, err, n);
    if (!e)
        return -1;
    gsys_backend_t be;
    if (make_backend(o, cfg, &be, err, n) != 0) {
        ep_free(e);
        return -1;
    }
    gsys_t* s = gsys_new(cfg, &be, ep_workload(e), err, n);
    if (!s) {
        be.destroy(be.ctx);
        ep_free(e);
        return -1;
    }
    gpucoh_progress_t pg;
    char label[64];
    snprintf(label, sizeof label, "episode %s", gsys_variant_name(cfg));
    gpucoh_progress_start(&pg, label, !o->quiet);
    gsys_run_t r = run_sliced(s, o->cycles ? o->cycles : 50000000ull, stdout, &pg, e, interrupted);
    /* lockstep: every state whole at the end of the run (docs/system.md section 7) */
    if ((r == GSYS_RUN_CYCLES || r == GSYS_RUN_DONE) && gsys_backend_rtl_final_check(&be))
        r = GSYS_RUN_STOPPED;
    *cyc = gsys_cycle(s);
    ep_progress(e, &eps[0], &eps[1]);
    if (!*interrupted)
        ep_finish(e, r, *cyc);
    char title[200];
    snprintf(
        title, sizeof title, "episode tester (%s, %u SMs x %u wf, seed %llu/%llu, %llu cycles)",
        gsys_variant_name(cfg), (unsigned)geom_of(cfg).num_sm,
        (unsigned)(o->ep.wfs ? o->ep.wfs : geom_of(cfg).num_wf), (unsigned long long)o->ep.seed,
        (unsigned long long)cfg->seed, (unsigned long long)*cyc);
    if (!o->quiet) {
        ep_stats(e, stdout);
        gsys_stats(s, stdout);
    }
    if (!*interrupted)
        chk_print(stdout, title, ep_result(e));
    *res = *ep_result(e);
    *diverged = divergence(o, &be, div);
    gsys_free(s);
    be.destroy(be.ctx);
    ep_free(e);
    return 0;
}

/* The end of an episode / litmus report: close its list (close), the overall verdict, commit
 * the file and say where it is; the exit status (status, or 1 when the report failed). */
static int report_finish(const topt_t* o, mreport_t* af, const char* close, int status) {
    char err[1024];
    fprintf(af->f, "%s, \"verdict\": \"%s\"}\n", close,
            status == GPUCOH_EXIT_INTERRUPTED ? "interrupted"
            : status                          ? "fail"
                                              : "pass");
    if (mreport_commit(af, o->json_path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return status ? status : 1;
    }
    printf("  report    %s\n", o->json_path);
    if (status == GPUCOH_EXIT_INTERRUPTED)
        fprintf(stderr, "gpucoh: interrupted (Ctrl-C)\n");
    return status;
}

static void chk_json(FILE* f, const chk_result_t* c) {
    fprintf(f,
            "\"checked\": %llu, \"match\": %llu, \"mismatch\": %llu, \"not_checkable\": %llu, "
            "\"fatal\": %llu, \"first_divergence\": ",
            (unsigned long long)(c->match + c->mismatch), (unsigned long long)c->match,
            (unsigned long long)c->mismatch, (unsigned long long)c->nc,
            (unsigned long long)c->fatal);
    if (c->nmsg)
        gpucoh_json_str(f, c->msg[0]);
    else
        fprintf(f, "null");
    fprintf(f, ", \"messages\": [");
    for (uint32_t i = 0; i < c->nmsg; i++) {
        fprintf(f, "%s", i ? ", " : "");
        gpucoh_json_str(f, c->msg[i]);
    }
    fprintf(f, "]");
}

/* --rm-steal: every variant of the run takes the rm scope (docs/units/gpu/rsp.md section 7.3),
 * checked before any run: 0, else -1 after the message naming the first that does not. */
static int rm_steal_ok(topt_t* const* fam, int nfam) {
    for (int f = 0; f < nfam; f++)
        for (int p = 0; fam[f]->ep.rm_steal && p < npasses(fam[f]); p++) {
            gsys_cfg_t cfg = fam[f]->cfg;
            if (fam[f]->both)
                fam[f]->P->set_variant(gsys_pd(&cfg), both_variant(fam[f], p));
            if (!gsys_variant_takes_rm(&cfg)) {
                fprintf(stderr,
                        "gpucoh: episode: --rm-steal needs a variant that declares scope rm; %s "
                        "does not\n",
                        gsys_variant_name(&cfg));
                return -1;
            }
        }
    return 0;
}

/* fam[0..nfam-1]: one parse per protocol (--protocol all), else fam[0] alone */
static int episode(topt_t* const* fam, int nfam) {
    topt_t* o = fam[0];
    char err[1024];
    int status = 0;
    bool stop = false;
    mreport_t af;
    if (rm_steal_ok(fam, nfam) != 0)
        return 2;
    if (mreport_open(&af, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    if (wave_begin(o) != 0) {
        mreport_abort(&af);
        return 2;
    }
    json_head(af.f, o, "episode");
    fprintf(af.f,
            ", \"episode\": {\"episodes\": %u, \"wfs\": %u, \"locations\": %u, "
            "\"sync_locs\": %u, \"loads\": %u, \"stores\": %u, \"atomics\": %u, \"sync\": "
            "\"%s\", \"cta_sync_permille\": %u%s}, \"runs\": [",
            (unsigned)o->ep.episodes, (unsigned)(o->ep.wfs ? o->ep.wfs : geom_of(&o->cfg).num_wf),
            (unsigned)o->ep.locations, (unsigned)o->ep.sync_locs, (unsigned)o->ep.loads,
            (unsigned)o->ep.stores, (unsigned)o->ep.atomics,
            o->ep.sync_mode == EP_SYNC_RELACQ ? "relacq" : "atomic",
            (unsigned)(o->ep.sync_mode == EP_SYNC_RELACQ ? o->ep.cta_permille : 0),
            o->ep.rm_steal ? ", \"rm_steal\": true" : "");
    int pass_no = 0;
    for (int f = 0; f < nfam && !stop; f++)
        for (int p = 0; p < npasses(fam[f]) && !stop; p++) {
            o = fam[f];
            gsys_cfg_t cfg = o->cfg;
            if (o->both)
                o->P->set_variant(gsys_pd(&cfg), both_variant(o, p));
            chk_result_t res;
            uint64_t cyc = 0, eps[2] = {0, 0};
            bool intr = false, diverged = false;
            gsys_rtl_result_t div;
            const double t0 = now_s();
            const int rc1 =
                episode_one(o, &cfg, &res, &cyc, eps, &intr, &div, &diverged, err, sizeof err);
            wave_end(o);
            if (rc1 != 0) {
                fprintf(stderr, "gpucoh: %s\n", err);
                mreport_abort(&af);
                return 2;
            }
            const bool pass = !intr && chk_passed(&res);
            char v[256];
            printf("%s episode %s: %llu checked (%llu match, %llu mismatch), %llu not checkable, "
                   "%llu fatal, %.1f s (seed %llu, impl %s)\n",
                   intr   ? "INTERRUPTED"
                   : pass ? "PASS"
                          : "FAIL",
                   gsys_variant_name(&cfg), (unsigned long long)(res.match + res.mismatch),
                   (unsigned long long)res.match, (unsigned long long)res.mismatch,
                   (unsigned long long)res.nc, (unsigned long long)res.fatal, now_s() - t0,
                   (unsigned long long)o->seed, impl_name(o));
            if (!pass && !intr)
                printf("  %s\n", chk_verdict(&res, v, sizeof v));
            if (diverged && !intr) { /* a lockstep divergence: window, save file, JSON, replay */
                printf("  first divergence: %s\n", div.div.text);
                const swave_run_t w = wave_run(o, SWAVE_EPISODE, &cfg);
                swave_divergence(&w, &div, stdout, NULL);
            } else if (!pass && !intr) {
                print_replay(o, SWAVE_EPISODE, &cfg);
            }
            fprintf(af.f,
                    "%s{\"protocol\": \"%s\", \"cycles\": %llu, \"episodes_done\": %llu, "
                    "\"episodes\": %llu, ",
                    pass_no++ ? ", " : "", gsys_variant_name(&cfg), (unsigned long long)cyc,
                    (unsigned long long)eps[0], (unsigned long long)eps[1]);
            chk_json(af.f, &res);
            fprintf(af.f, ", \"verdict\": \"%s\"}", intr ? "interrupted" : pass ? "pass" : "fail");
            if (intr) {
                status = GPUCOH_EXIT_INTERRUPTED;
                stop = true;
            } else if (!pass) {
                status = 1;
            }
        }
    return report_finish(fam[0], &af, "]", status);
}

/* ---- litmus --------------------------------------------------------------------------------- */

/* Progress of a litmus test (runs done) and Ctrl-C between its runs. */
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

/* The protocol configuration of pass p of a test (--protocol both: every variant). */
static gsys_cfg_t proto_cfg(const topt_t* o, int p) {
    gsys_cfg_t cfg = o->cfg;
    if (o->both)
        o->P->set_variant(gsys_pd(&cfg), both_variant(o, p));
    return cfg;
}

/* A failing litmus test without a divergence: the line that runs it again, the run of its first
 * forbidden or unexpected outcome alone (--run K), else (a witness never seen) every run. */
static void litmus_replay(const topt_t* o, const gsys_cfg_t* cfg, const litmus_t* t,
                          const char* file, const litmus_opts_t* lo, const litmus_result_t* res) {
    swave_run_t w = wave_run(o, SWAVE_LITMUS, cfg);
    w.lit = t;
    w.lit_file = file;
    w.lo = *lo;
    for (uint32_t i = 0; i < res->nout; i++)
        if ((res->out[i].cls == LIT_FORBIDDEN || res->out[i].cls == LIT_UNEXPECTED) &&
            (!w.fail_run_set || res->out[i].first_run < w.fail_run)) {
            w.fail_run_set = true;
            w.fail_run = res->out[i].first_run;
        }
    char b[4096];
    swave_replay(&w, NULL, b, sizeof b);
    printf("  replay    %s\n", b);
}

/* The overall line of a litmus command (every file under every variant): litmus_summary_print
 * (litmus.h), shared with `gpucoh campaign merge`. */
static void litmus_summary(const topt_t* o, int nvar, const lit_tally_t* n, char* close,
                           size_t len) {
    litmus_summary_print(stdout, (uint32_t)o->nfiles, (uint32_t)nvar, n, close, len);
}

/* Every file read and checked against every configuration of every protocol before any run:
 * 0, or 2 with the message printed (ts[] freed). */
static int litmus_load_all(topt_t* const* fam, int nfam, litmus_t** ts, const litmus_opts_t* lo0) {
    char err[1024];
    for (int f = 0; f < nfam; f++)
        for (int p = 0; p < npasses(fam[f]); p++) { /* the configurations themselves */
            const gsys_cfg_t cfg = proto_cfg(fam[f], p);
            if (fam[f]->P->check(gsys_pdc(&cfg), err, sizeof err) != 0) {
                if (fam[f]->P->cli_names)
                    fam[f]->P->cli_names(err, sizeof err); /* --param's names, not the fields' */
                fprintf(stderr, "gpucoh: %s (%s)\n", err, gsys_variant_name(&cfg));
                return 2;
            }
        }
    const int nfiles = fam[0]->nfiles;
    int status = 0;
    for (int k = 0; k < nfiles && !status; k++) {
        ts[k] = litmus_load(fam[0]->files[k], err, sizeof err);
        for (int f = 0; f < nfam && ts[k] && !status; f++)
            for (int p = 0; p < npasses(fam[f]) && ts[k] && !status; p++) {
                const gsys_cfg_t cfg = proto_cfg(fam[f], p);
                if (litmus_check(ts[k], &cfg, lo0, err, sizeof err) != 0)
                    status = 2;
            }
        if (!ts[k])
            status = 2;
    }
    if (status) {
        fprintf(stderr, "gpucoh: %s\n", err); /* "FILE:LINE: ..." */
        fprintf(stderr, "gpucoh: litmus: nothing was run (every file is checked first)\n");
        for (int k = 0; k < nfiles; k++)
            litmus_free(ts[k]);
    }
    return status;
}

/* The runs of one test by class of outcome. */
typedef struct {
    uint64_t allowed, forb, undef, unexp;
} lit_counts_t;
static lit_counts_t lit_counts(const litmus_result_t* res) {
    lit_counts_t c = {0, 0, 0, 0};
    for (uint32_t i = 0; i < res->nout; i++) {
        const uint64_t n = res->out[i].count;
        if (res->out[i].cls == LIT_FORBIDDEN)
            c.forb += n;
        else if (res->out[i].cls == LIT_UNEXPECTED)
            c.unexp += n;
        else if (res->out[i].cls == LIT_UNDEFINED)
            c.undef += n;
        else
            c.allowed += n;
    }
    return c;
}

/* One test's object of the report's "tests" array. */
static void litmus_json_test(FILE* jf, bool first, const char* file, const litmus_t* t,
                             const gsys_cfg_t* cfg, const litmus_result_t* res,
                             const char* verdict) {
    const lit_counts_t c = lit_counts(res);
    fprintf(jf, "%s\n  {\"file\": ", first ? "" : ",");
    gpucoh_json_str(jf, file);
    fprintf(jf, ", \"test\": ");
    gpucoh_json_str(jf, litmus_name(t));
    fprintf(jf,
            ", \"protocol\": \"%s\", \"runs\": %llu, \"allowed\": %llu, \"forbidden\": %llu, "
            "\"undefined\": %llu, \"unexpected\": %llu, \"witnesses\": %u, "
            "\"witnesses_missing\": %u, \"outcomes\": [",
            gsys_variant_name(cfg), (unsigned long long)res->runs, (unsigned long long)c.allowed,
            (unsigned long long)c.forb, (unsigned long long)c.undef, (unsigned long long)c.unexp,
            (unsigned)res->witnesses, (unsigned)res->witness_missing);
    static const char* const cls[] = {"allowed", "forbidden", "undefined", "unexpected"};
    for (uint32_t i = 0; i < res->nout; i++) {
        char ob[512];
        litmus_format(t, res->out[i].v, ob, sizeof ob);
        fprintf(jf, "%s{\"outcome\": ", i ? ", " : "");
        gpucoh_json_str(jf, ob);
        fprintf(jf, ", \"count\": %llu, \"class\": \"%s\", \"first_run\": %llu",
                (unsigned long long)res->out[i].count, cls[res->out[i].cls & 3u],
                (unsigned long long)res->out[i].first_run);
        if (res->out[i].model >= 0) /* an `expect oracle` test: the model that forbids it */
            fprintf(jf, ", \"model\": \"%s\"", ax_model_name((uint32_t)res->out[i].model));
        fprintf(jf, "}");
    }
    fprintf(jf, "], ");
    if (res->oracle_fallback) /* a hand-written file none of whose lines names the variant */
        fprintf(jf, "\"judged_by\": \"oracle (no line names %s)\", ", gsys_variant_name(cfg));
    if (res->oracle)
        fprintf(jf, "\"oracle_never_observed\": %u, ", (unsigned)res->oracle_never);
    chk_json(jf, &res->chk);
    fprintf(jf, ", \"verdict\": \"%s\"}", verdict);
}

#define LIT_RC_RACY 3 /* litmus_one: racy under every model the variant claims */

/* Test t (file k of o) under configuration p of o: its summary line, a replay line or the
 * divergence's window, its JSON object. Returns 0 pass, 1 fail, LIT_RC_RACY,
 * GPUCOH_EXIT_INTERRUPTED, or -1 on an error (message printed). */
static int litmus_one(topt_t* o, int p, int k, const litmus_t* t, const litmus_opts_t* lo0,
                      FILE* jf, bool first) {
    char err[1024];
    const gsys_cfg_t cfg = proto_cfg(o, p);
    shared_be_t sh = {.o = o};
    litmus_opts_t lo = *lo0;
    lit_prog_t lp;
    char label[128];
    snprintf(label, sizeof label, "litmus %s %s", litmus_name(t), gsys_variant_name(&cfg));
    gpucoh_progress_start(&lp.pg, label, !o->quiet);
    lo.seed = o->seed;
    lo.make_backend = o->impl == GSYS_IMPL_C ? NULL : shared_factory;
    lo.backend_ctx = &sh;
    lo.report = stdout;
    lo.progress = lit_progress;
    lo.progress_ctx = &lp;
    litmus_result_t res;
    memset(&res, 0, sizeof res);
    const double t0 = now_s();
    int rc = litmus_run(t, &cfg, &lo, o->quiet ? NULL : stdout, &res, err, sizeof err);
    gsys_rtl_result_t div;
    const bool diverged = sh.made && divergence(o, &sh.real, &div);
    if (sh.made)
        sh.real.destroy(sh.real.ctx);
    wave_end(o);
    if (rc < 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        litmus_result_free(&res);
        return -1;
    }
    const lit_counts_t c = lit_counts(&res);
    printf("%s litmus %s %s: %llu runs, %u outcomes, %llu allowed, %llu forbidden, %llu "
           "undefined, %llu unexpected, witnesses %u/%u, %.1f s (impl %s, seed %llu)%s%s%s\n",
           res.stopped ? "INTERRUPTED"
           : rc == 0   ? "PASS"
           : res.racy  ? "RACY"
                       : "FAIL",
           litmus_name(t), gsys_variant_name(&cfg), (unsigned long long)res.runs,
           (unsigned)res.nout, (unsigned long long)c.allowed, (unsigned long long)c.forb,
           (unsigned long long)c.undef, (unsigned long long)c.unexp,
           (unsigned)(res.witnesses - res.witness_missing), (unsigned)res.witnesses, now_s() - t0,
           impl_name(o), (unsigned long long)o->seed,
           res.oracle_fallback ? ", judged by the oracle (no line names " : "",
           res.oracle_fallback ? gsys_variant_name(&cfg) : "", res.oracle_fallback ? ")" : "");
    if (res.racy)
        printf("  racy under every model %s claims: every outcome is undefined, nothing was "
               "checked (counted as racy, not passed)\n",
               gsys_variant_name(&cfg));
    if (rc != 0 && !diverged && !res.stopped && !res.racy) /* forbidden, unexpected, witness */
        litmus_replay(o, &cfg, t, o->files[k], &lo, &res);
    if (diverged && !res.stopped) { /* a lockstep divergence: window, save file, replay */
        swave_run_t w = wave_run(o, SWAVE_LITMUS, &cfg);
        w.lit = t;
        w.lit_file = o->files[k];
        w.lo = lo;
        printf("  first divergence: %s\n", div.div.text);
        swave_divergence(&w, &div, stdout, NULL);
    }
    litmus_json_test(jf, first, o->files[k], t, &cfg, &res,
                     res.stopped ? "interrupted"
                     : rc == 0   ? "pass"
                     : res.racy  ? "racy"
                                 : "fail");
    const bool stopped = res.stopped, racy = res.racy && !diverged;
    litmus_result_free(&res);
    return stopped ? GPUCOH_EXIT_INTERRUPTED : racy ? LIT_RC_RACY : rc != 0 ? 1 : 0;
}

/* fam[0..nfam-1]: one parse per protocol (--protocol all), else fam[0] alone */
static int litmus(topt_t* const* fam, int nfam) {
    topt_t* o = fam[0];
    char err[1024];
    litmus_t* ts[LITMUS_MAX_FILES] = {NULL};
    litmus_opts_t lo0;
    litmus_opts_default(&lo0);
    lo0.runs = o->run_set ? 1u : (uint32_t)o->runs;
    lo0.first_run = o->run_set ? o->run : 0; /* --run K: that run alone */
    lo0.set_traffic = o->set_traffic;
    if (litmus_load_all(fam, nfam, ts, &lo0) != 0)
        return 2;
    if (o->check_only) { /* gpucoh campaign plan: the checks of a run, no run */
        for (int k = 0; k < o->nfiles; k++) {
            printf("  file %s\n", o->files[k]);
            litmus_free(ts[k]);
        }
        printf("litmus: %d files checked, nothing run (--check-only)\n", o->nfiles);
        return 0;
    }
    mreport_t af;
    bool opened = mreport_open(&af, err, sizeof err) == 0;
    if (!opened)
        fprintf(stderr, "gpucoh: %s\n", err);
    if (!opened || wave_begin(o) != 0) {
        if (opened)
            mreport_abort(&af);
        for (int k = 0; k < o->nfiles; k++)
            litmus_free(ts[k]);
        return 2;
    }
    json_head(af.f, o, "litmus");
    if (o->run_set) /* --run K: that run alone */
        fprintf(af.f, ", \"run\": %llu", (unsigned long long)o->run);
    fprintf(af.f, ", \"runs_per_test\": %llu, \"set_traffic\": %u, \"tests\": [",
            (unsigned long long)(o->run_set ? 1u : o->runs), (unsigned)o->set_traffic);
    int status = 0, nvar = 0;
    uint32_t passed = 0, failed = 0, racy = 0, interrupted = 0;
    for (int f = 0; f < nfam; f++)
        nvar += npasses(fam[f]);
    for (int k = 0; k < o->nfiles && status != GPUCOH_EXIT_INTERRUPTED; k++)
        for (int f = 0; f < nfam && status != GPUCOH_EXIT_INTERRUPTED; f++)
            for (int p = 0; p < npasses(fam[f]) && status != GPUCOH_EXIT_INTERRUPTED; p++) {
                const int r = litmus_one(fam[f], p, k, ts[k], &lo0, af.f,
                                         passed + failed + racy + interrupted == 0);
                if (r < 0) {
                    mreport_abort(&af);
                    for (int j = 0; j < o->nfiles; j++)
                        litmus_free(ts[j]);
                    return 2;
                }
                passed += r == 0;
                failed += r == 1;
                racy += r == LIT_RC_RACY;
                interrupted += r == GPUCOH_EXIT_INTERRUPTED;
                status = r != LIT_RC_RACY && r > status ? r : status;
            }
    for (int k = 0; k < o->nfiles; k++)
        litmus_free(ts[k]);
    const lit_tally_t n = {passed, failed, racy, interrupted};
    status = litmus_tally_status(&n); /* the worst test's, or 1 when nothing was checked */
    char close[256];
    litmus_summary(o, nvar, &n, close, sizeof close);
    return report_finish(o, &af, close, status);
}

/* ---- bench system --------------------------------------------------------------------------- */

/* One timed run of the random traffic (cycles/s of gsys_run only; the model build is not
 * timed). Returns -1 on a setup error, else 0 with *rate and whether it stayed clean. */
static int bench_one(const topt_t* o, gsys_impl_t impl, double* rate, bool* clean, char* err,
                     size_t n) {
    topt_t b = *o;
    b.impl = impl;
    b.rtl = impl == GSYS_IMPL_C ? 0u : (1u << o->P->nslots) - 1u;
    b.quiet = true;
    gsys_backend_t be;
    if (make_backend(&b, &b.cfg, &be, err, n) != 0)
        return -1;
    traffic_cfg_t rc = traffic_of(&b, ~0ull >> 1);
    traffic_t* r = traffic_new(&b.cfg, &rc, err, n);
    gsys_workload_t wl;
    gsys_t* s = NULL;
    if (r) {
        traffic_workload(r, &wl);
        s = gsys_new(&b.cfg, &be, &wl, err, n);
    }
    if (!s) {
        traffic_free(r);
        be.destroy(be.ctx);
        return -1;
    }
    const double t0 = now_s();
    gsys_run_t rr = gsys_run(s, b.cycles, stdout);
    const double dt = now_s() - t0;
    *rate = dt > 0 ? (double)gsys_cycle(s) / dt : 0.0;
    *clean = rr == GSYS_RUN_CYCLES || rr == GSYS_RUN_DONE;
    if (impl != GSYS_IMPL_C) {
        const gsys_rtl_result_t* res = gsys_backend_rtl_result(&be);
        *clean = *clean && res->mismatches == 0 && res->rtl_errors == 0;
    }
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx);
    return 0;
}

static int bench_system(topt_t* o) {
    char err[1024];
    if (!o->cycles)
        o->cycles = 20000;
    double rc = 0, rr = 0, rl = 0;
    bool cc = false, cr = false, cl = false;
    if (bench_one(o, GSYS_IMPL_RTL, &rr, &cr, err, sizeof err) != 0 || /* builds the models */
        bench_one(o, GSYS_IMPL_C, &rc, &cc, err, sizeof err) != 0 ||
        bench_one(o, GSYS_IMPL_RTL, &rr, &cr, err, sizeof err) != 0 ||
        bench_one(o, GSYS_IMPL_LOCKSTEP, &rl, &cl, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    const bool ok = cc && cr && cl;
    printf("%s bench system %s: %u SMs %u banks %u wf, %llu cycles each: C %.0f, RTL %.0f, "
           "lockstep %.0f cycles/s; lockstep/RTL time %.2f, RTL/C time %.1f\n",
           ok ? "PASS" : "FAIL", gsys_variant_name(&o->cfg), (unsigned)geom_of(&o->cfg).num_sm,
           (unsigned)geom_of(&o->cfg).num_banks, (unsigned)geom_of(&o->cfg).num_wf,
           (unsigned long long)o->cycles, rc, rr, rl, rl > 0 ? rr / rl : 0.0,
           rr > 0 ? rc / rr : 0.0);
    gpucoh_afile_t af;
    if (gpucoh_afile_open(&af, o->json_path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    json_head(af.f, o, "bench system");
    fprintf(af.f,
            ", \"unit\": \"system\", \"protocol\": \"%s\", \"sm\": %u, \"banks\": %u, "
            "\"wf\": %u, \"cycles\": %llu, \"c_rate\": %.0f, \"rtl_rate\": %.0f, "
            "\"lockstep_rate\": %.0f, \"lockstep_over_rtl\": %.3f, \"clean\": %s, "
            "\"verdict\": \"%s\"}\n",
            gsys_variant_name(&o->cfg), (unsigned)geom_of(&o->cfg).num_sm,
            (unsigned)geom_of(&o->cfg).num_banks, (unsigned)geom_of(&o->cfg).num_wf,
            (unsigned long long)o->cycles, rc, rr, rl, rl > 0 ? rr / rl : 0.0,
            ok ? "true" : "false", ok ? "pass" : "fail");
    if (gpucoh_afile_commit(&af, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return 2;
    }
    printf("  report    %s\n", o->json_path);
    return ok ? 0 : 1;
}

/* The protocol's parameters as --param prints them (malloc'd; NULL without memory). */
static char* params_text(const gsys_cfg_t* c) {
    char* buf = NULL;
    size_t len = 0;
    FILE* f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    c->proto->params_print(gsys_pdc(c), f);
    fclose(f);
    return buf;
}

/* The settings of the run off the command's defaults (docs/cli.md, Reports): the configuration,
 * --impl, the protocol's parameters, delays, start time and illegal-input rates; "" at the
 * defaults. The protocol's parameters and system settings go in as one text, hashed. */
static void sys_diff(const topt_t* o, const char* what, char* buf, size_t n) {
    uint32_t variant = 0;
    gsys_cfg_t d;
    memset(&d, 0, sizeof d);
    if (gsys_variant_find(gsys_variant_name(&o->cfg), &variant))
        o->P->config(variant, o->paper, &d);
    else
        d = o->cfg;
    const gsys_impl_t def = !strcmp(what, "cosim system") ? GSYS_IMPL_LOCKSTEP : GSYS_IMPL_C;
    size_t l = (size_t)snprintf(buf, n, "%s%s%s", o->paper ? "paper " : "",
                                o->impl != def ? "impl-" : "", o->impl != def ? impl_name(o) : "");
    char *a = params_text(&o->cfg), *b = params_text(&d);
    const bool same =
        a && b && !strcmp(a, b) && o->cfg.req_delay_min == d.req_delay_min &&
        o->cfg.req_delay_max == d.req_delay_max && o->cfg.rsp_delay_min == d.rsp_delay_min &&
        o->cfg.rsp_delay_max == d.rsp_delay_max && o->cfg.mem_lat_min == d.mem_lat_min &&
        o->cfg.mem_lat_max == d.mem_lat_max && o->cfg.start == d.start &&
        o->cfg.core_illegal_per_mille == d.core_illegal_per_mille &&
        o->cfg.bank_illegal_per_mille == d.bank_illegal_per_mille;
    if (!same && l < n) /* every parameter: longer than 40 characters, so hashed */
        snprintf(buf + l, n - l, "%s delays %u:%u %u:%u %u:%u start %u illegal %u %u", a ? a : "?",
                 (unsigned)o->cfg.req_delay_min, (unsigned)o->cfg.req_delay_max,
                 (unsigned)o->cfg.rsp_delay_min, (unsigned)o->cfg.rsp_delay_max,
                 (unsigned)o->cfg.mem_lat_min, (unsigned)o->cfg.mem_lat_max, (unsigned)o->cfg.start,
                 (unsigned)o->cfg.core_illegal_per_mille, (unsigned)o->cfg.bank_illegal_per_mille);
    free(a);
    free(b);
    const size_t e = strlen(buf);
    if (e && buf[e - 1] == ' ')
        buf[e - 1] = 0;
}

int sys_cli_main(const char* what, int argc, char** argv, int first) {
    topt_t* o = calloc(1, sizeof *o);
    if (!o)
        return 2;
    int rc;
    char name[160];
    if (parse(argc, argv, first, what, o, NULL) != 0) {
        free(o);
        return 2;
    }
    o->what = what;
    /* --protocol all: the first protocol is o, every other one is parsed on its own (its slots,
     * parameters and configuration) and run after it, into the same report */
    topt_t* fam[8] = {o};
    int nfam = 1;
    if (o->all)
        for (const gsys_proto_t* const* q = gsys_protocols() + 1; *q && nfam < 8; q++) {
            topt_t* x = calloc(1, sizeof *x);
            if (!x || parse(argc, argv, first, what, x, *q) != 0) {
                if (x)
                    fprintf(stderr,
                            "gpucoh: --protocol all: the options above do not fit "
                            "protocol %s (give a family or a variant)\n",
                            (*q)->name);
                free(x);
                for (int f = 0; f < nfam; f++)
                    free(fam[f]);
                return 2;
            }
            x->what = what;
            fam[nfam++] = x;
        }
    /* the report: <command>-...json in --out (default build/out) unless --json; the settings
     * off their defaults tell runs apart (docs/cli.md) */
    char diff[4096], tag[64];
    sys_diff(o, what, diff, sizeof diff);
    gpucoh_name_tag(diff, tag, sizeof tag);
    if (!strcmp(what, "cosim system"))
        snprintf(name, sizeof name, "cosim-system-%s%s-seed%llu.json", gsys_variant_name(&o->cfg),
                 tag, (unsigned long long)o->seed);
    else if (!strcmp(what, "bench system"))
        snprintf(name, sizeof name, "bench-system-%s%s.json", gsys_variant_name(&o->cfg), tag);
    else
        snprintf(name, sizeof name, "%s%s-seed%llu.json", what, tag, (unsigned long long)o->seed);
    if (report_path(o, name) != 0 || wave_path_ok(o) != 0) {
        for (int f = 0; f < nfam; f++)
            free(fam[f]);
        return 2;
    }
    for (int f = 1; f < nfam; f++)
        snprintf(fam[f]->json_path, sizeof fam[f]->json_path, "%s", o->json_path);
    if (strcmp(what, "bench system") != 0)
        gpucoh_catch_interrupt(); /* Ctrl-C: report "interrupted", exit 130 */
    if (!strcmp(what, "cosim system"))
        rc = cosim_system(o);
    else if (!strcmp(what, "bench system"))
        rc = bench_system(o);
    else if (!strcmp(what, "episode"))
        rc = episode(fam, nfam);
    else
        rc = litmus(fam, nfam);
    for (int f = 0; f < nfam; f++)
        free(fam[f]);
    if (rc == 2 && gpucoh_interrupted) { /* Ctrl-C during a model build, say */
        fprintf(stderr, "gpucoh: interrupted (Ctrl-C)\n");
        rc = GPUCOH_EXIT_INTERRUPTED;
    }
    return rc;
}

/* params ("name=value", --param's system names) applied to a variant's configuration, then the
 * protocol's check: 0, or -1 with why. */
static int apply_params(const gsys_proto_t* P, gsys_cfg_t* cfg, const char* const* params,
                        int nparams, char* why, size_t wn) {
    for (int k = 0; k < nparams; k++)
        if (P->param_set(gsys_pd(cfg), params[k], why, wn) != 0)
            return -1;
    return nparams && P->check && P->check(gsys_pdc(cfg), why, wn) != 0 ? -1 : 0;
}

int sys_cli_params_ok(const gsys_proto_t* P, const char* const* params, int nparams, char* why,
                      size_t wn) {
    for (uint32_t p = 0; p < P->nvariants; p++) {
        gsys_cfg_t cfg;
        P->config(p, false, &cfg);
        if (apply_params(P, &cfg, params, nparams, why, wn) != 0)
            return -1;
    }
    return 0;
}

int sys_cli_mutant(const gsys_proto_t* P, const char* rtl_dir, uint64_t cycles, uint64_t seed,
                   bool steer, uint32_t netlist, const char* const* params, int nparams,
                   sys_mutant_result_t* r, char* why, size_t wn) {
    memset(r, 0, sizeof *r);
    FILE* sink = tmpfile();
    for (uint32_t p = 0; p < P->nvariants && !r->diverged; p++) {
        topt_t o;
        memset(&o, 0, sizeof o);
        o.P = P;
        P->config((P->default_variant + p) % P->nvariants, false, &o.cfg);
        o.cfg.seed = seed;
        o.cfg.core_illegal_per_mille = 5; /* illegal core requests too (tc_l1.md I1) */
        if (apply_params(P, &o.cfg, params, nparams, why, wn) != 0) {
            if (sink)
                fclose(sink);
            return -1;
        }
        o.impl = GSYS_IMPL_LOCKSTEP;
        o.rtl = netlist ? netlist : (1u << P->nslots) - 1u;
        o.rtl_dir = rtl_dir;
        o.full_every = 0;
        o.quiet = true;
        gsys_backend_t be;
        gsys_rtl_cfg_t rc = {.impl = GSYS_IMPL_LOCKSTEP,
                             .rtl = o.rtl,
                             .rtl_dir = rtl_dir,
                             .full_every = 0,
                             .report = sink,
                             .quiet = true,
                             .netlist = netlist};
        if (gsys_backend_rtl_cfg(&o.cfg, &rc, &be, why, wn) != 0) {
            if (sink)
                fclose(sink);
            return -1;
        }
        traffic_cfg_t rcfg = traffic_cfg_default(&o.cfg, seed, ~0ull >> 1);
        rcfg.steer = steer;
        rcfg.roll_cycle = traffic_roll_cycle(&o.cfg);
        traffic_t* rnd = traffic_new(&o.cfg, &rcfg, why, wn);
        gsys_workload_t wl;
        gsys_t* s = NULL;
        if (rnd) {
            traffic_workload(rnd, &wl);
            s = gsys_new(&o.cfg, &be, &wl, why, wn);
        }
        if (!s) {
            traffic_free(rnd);
            be.destroy(be.ctx);
            if (sink)
                fclose(sink);
            return -1;
        }
        gsys_run_t rr = gsys_run(s, cycles, sink); /* full_every 0: every state whole each edge */
        const gsys_rtl_result_t* res = gsys_backend_rtl_result(&be);
        r->cycles_run += gsys_cycle(s);
        if (res->mismatches || res->rtl_errors) {
            r->diverged = true;
            r->div_cycle = res->div.cycle;
            snprintf(r->kind, sizeof r->kind, "%s", res->div.kind);
            snprintf(r->field, sizeof r->field, "%s%s%s", p ? "[" : "",
                     p ? gsys_variant_name(&o.cfg) : "", p ? "] " : "");
            snprintf(r->field + strlen(r->field), sizeof r->field - strlen(r->field), "%s",
                     res->div.field);
        } else if (rr == GSYS_RUN_DEADLOCK) {
            r->diverged = true; /* the C system drives: a deadlock here is the harness's */
            r->div_cycle = gsys_cycle(s);
            snprintf(r->kind, sizeof r->kind, "deadlock");
            snprintf(r->field, sizeof r->field, "system");
        }
        gsys_free(s);
        traffic_free(rnd);
        be.destroy(be.ctx);
    }
    if (sink)
        fclose(sink);
    return 0;
}
