/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sc_host.c -- the C side of the SystemC pin-level lockstep (sc_host.h, docs/systemc.md).
 *
 * Stimulus: a unit with a testbench adapter (gpucoh_tb_ops_t: sig_bloom, rdu, avu, tc_timer,
 * tc_gwct) gets the adapter's inputs, exactly as `gpucoh cosim` gives them (same seed, same
 * steering, the adapter's own C model ticked alongside for the reactive ones, F11). A unit that
 * only runs inside a protocol's system (a manifest context other than standalone: tc_l1, tc_l2,
 * gpu_l1, gpu_l2, denovo_l1, denovo_l2, hlrc_l1, hlrc_l2) gets the inputs that the
 * shared system (tb/sys/gsys.c, C models, random traffic as `gpucoh cosim system`) presents to
 * one instance of it every cycle: a backend wrapped around the C backend copies them out.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700 /* realpath */
#include "sc_host.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gsys.h"
#include "gsys_backend.h"
#include "mutants.h"
#include "opts.h"
#include "traffic.h"
#include "unit.h"
#include "util.h"

#define SCH_MAX_PARAMS 64
#define SCH_RING       8

struct sch_opts {
    const gpucoh_unit_t* u;
    gpucoh_pvals_t pv; /* the unit's parameters (for a system unit: taken from the system's) */
    /* a unit of a protocol's system */
    const gsys_proto_t* P;
    uint32_t slot, inst, variant;
    bool paper, variant_set, config_set, inst_set;
    gsys_cfg_t cfg;
    /* the run */
    uint64_t cycles, seed;
    bool seed_set;
    const char *wave, *json, *out, *mutant;
    bool quiet, build_only;
    char rtl_dir[PATH_MAX];
    bool rtl_dir_set;
    const char* params[SCH_MAX_PARAMS];
    int nparams;
    /* resolved */
    char key[1024];
    char rtl[GPUCOH_MAX_PARAMS][96];
    unsigned nrtl;
    char json_path[PATH_MAX + 64];
    /* the mutant (--mutant) */
    gpucoh_mutant_t mut;
};

/* ---- small helpers -------------------------------------------------------------------------- */

static void set_root(void) {
    if (getenv("GPUCOH_ROOT") && *getenv("GPUCOH_ROOT"))
        return;
    /* the executable lives somewhere under <root>/build/: walk up to the directory that holds
     * systemc/build_sc.sh */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return;
    exe[n] = 0;
    for (char* slash = strrchr(exe, '/'); slash; slash = strrchr(exe, '/')) {
        *slash = 0;
        char p[PATH_MAX + 32];
        struct stat st;
        snprintf(p, sizeof p, "%s/systemc/build_sc.sh", exe[0] ? exe : "");
        if (stat(p, &st) == 0) {
            setenv("GPUCOH_ROOT", exe[0] ? exe : "/", 1);
            return;
        }
    }
}

static const gsys_proto_t* family_of(const gpucoh_unit_t* u, uint32_t* slot) {
    for (const gsys_proto_t* const* p = gsys_protocols(); *p; p++)
        for (uint32_t i = 0; i < (*p)->nslots; i++)
            if ((*p)->slots[i].ops->unit == u) {
                *slot = i;
                return *p;
            }
    return NULL;
}

static void usage(FILE* f); /* after the option table, which it prints */

static int bad(const char* fmt, const char* a, const char* b) {
    fprintf(stderr, "sc_lockstep: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return 2;
}

/* The value of option opt as an unsigned number (decimal or 0x hex) in lo..hi. */
static int opt_num(const char* opt, const char* s, uint64_t lo, uint64_t hi, uint64_t* v) {
    uint64_t x;
    char r[64];
    snprintf(r, sizeof r, "%llu..%llu", (unsigned long long)lo, (unsigned long long)hi);
    if (!gpucoh_parse_u64(s, &x))
        return strspn(s, "0123456789") == strlen(s)
                   ? bad("%s: %s is out of range", opt, s) /* digits beyond 64 bits */
                   : bad("%s: '%s' is not an unsigned number (decimal or 0x hex)", opt, s);
    if (x < lo || x > hi) {
        char m[160];
        snprintf(m, sizeof m, "%s is out of range %s", s, r);
        return bad("%s: %s", opt, m);
    }
    *v = x;
    return 0;
}

/* ---- mutants -------------------------------------------------------------------------------- */

/* the parser of tb/engine/mutants.c (gpucoh_mutant_parse: the same file format and messages) */
static int mutant_parse(sch_opts_t* o, const char* path) {
    char err[1024];
    if (gpucoh_mutant_parse(path, &o->mut, err, sizeof err) != 0)
        return bad("--mutant %s%s", err, "");
    return 0;
}

/* Before anything is written: the mutant's file is one of the unit's and its find text occurs in
 * it exactly once. */
static int mutant_check(const sch_opts_t* o) {
    bool mine = false;
    for (const char* const* f = o->u->rtl_files; *f; f++)
        mine |= !strcmp(*f, o->mut.file);
    if (!mine)
        return bad("--mutant %s: file %s is not one of the unit's RTL files", o->mut.name,
                   o->mut.file);
    char p[PATH_MAX + 300];
    snprintf(p, sizeof p, "%s/rtl/%s", gpucoh_root(), o->mut.file);
    size_t n;
    char* b = gpucoh_slurp(p, &n);
    if (!b)
        return bad("--mutant: cannot read %s: %s", p, strerror(errno));
    const char* at = strstr(b, o->mut.find);
    const int rc =
        !at ? bad("--mutant %s: its find text does not occur in %s", o->mut.name, o->mut.file)
        : strstr(at + 1, o->mut.find)
            ? bad("--mutant %s: its find text occurs more than once in %s", o->mut.name,
                  o->mut.file)
            : 0;
    free(b);
    return rc;
}

int sch_mutant_apply(const sch_opts_t* o) {
    if (!o->mutant)
        return 0;
    /* the scratch copy of tb/engine/mutants.c: rtl/include and the unit's files, one mutated */
    char err[1024];
    if (gpucoh_mutant_scratch(o->u->rtl_files, &o->mut, o->rtl_dir, o->u->name, err, sizeof err) !=
        0)
        return bad("--mutant: %s%s", err, "");
    return 0;
}

/* ---- the command line ----------------------------------------------------------------------- */

static int resolve(sch_opts_t* o) {
    const gpucoh_unit_t* u = o->u;
    char err[1024];
    const char* plist[SCH_MAX_PARAMS + 8];
    int np = 0;
    /* the mutant's parameters first, so that the command line's win */
    for (int i = 0; i < o->mut.nparams; i++)
        plist[np++] = o->mut.params[i];
    for (int i = 0; i < o->nparams; i++)
        plist[np++] = o->params[i];
    if (!o->P) {
        if (o->variant_set || o->config_set || o->inst_set)
            return bad("%s: --protocol, --config and --inst are for the units of a protocol's "
                       "system (gpucoh units: context l1 or l2)%s",
                       u->name, "");
        memset(&o->pv, 0, sizeof o->pv);
        for (int i = 0; i < np; i++)
            if (gpucoh_param_set(u, &o->pv, plist[i], err, sizeof err) != 0)
                return bad("%s%s", err, "");
        if (u->resolve(&o->pv, err, sizeof err) != 0)
            return bad("%s%s", err, "");
    } else {
        const gsys_proto_t* P = o->P;
        /* --param protocol=V chooses the variant as --protocol does */
        for (int i = 0; i < np; i++)
            if (!strncmp(plist[i], "protocol=", 9)) {
                const gsys_proto_t* Q = gsys_variant_find(plist[i] + 9, &o->variant);
                if (Q != P)
                    return bad("--param %s: not a variant of the %s family", plist[i], P->name);
                o->variant_set = true;
            }
        P->config(o->variant, o->paper, &o->cfg);
        for (int i = 0; i < np; i++) {
            if (!strncmp(plist[i], "protocol=", 9))
                continue; /* the variant, taken above (DeNovo has no unit parameter of that name) */
            const char* eq = strchr(plist[i], '=');
            bool known = false;
            for (unsigned k = 0; eq && k < u->nparams; k++)
                known |= strlen(u->params[k].name) == (size_t)(eq - plist[i]) &&
                         !strncmp(u->params[k].name, plist[i], (size_t)(eq - plist[i]));
            if (!known) {
                char names[512] = "";
                for (unsigned k = 0; k < u->nparams; k++)
                    snprintf(names + strlen(names), sizeof names - strlen(names), " %s",
                             u->params[k].name);
                return bad("--param %s: not a parameter of this unit (its parameters:%s)", plist[i],
                           names);
            }
            if (P->param_set(gsys_pd(&o->cfg), plist[i], err, sizeof err) != 0)
                return bad("%s%s", err, "");
        }
        if (P->check(gsys_pdc(&o->cfg), err, sizeof err) != 0) {
            if (P->cli_names)
                P->cli_names(err, sizeof err);
            return bad("%s%s", err, "");
        }
        o->cfg.seed = o->seed;
        memset(&o->pv, 0, sizeof o->pv);
        P->slots[o->slot].ops->pvals(gsys_pdc(&o->cfg), &o->pv);
        gsys_geom_t g;
        P->geometry(gsys_pdc(&o->cfg), &g);
        const gsys_place_t pl = P->slots[o->slot].place;
        const uint32_t ninst = pl == GSYS_AT_SM ? g.num_sm : pl == GSYS_AT_BANK ? g.num_banks : 1;
        if (o->inst >= ninst) {
            char r[64];
            snprintf(r, sizeof r, "%u", (unsigned)o->inst);
            char m[96];
            snprintf(m, sizeof m, "0..%u (the system's %s)", (unsigned)ninst - 1,
                     pl == GSYS_AT_SM     ? "SMs"
                     : pl == GSYS_AT_BANK ? "banks"
                                          : "one instance");
            return bad("--inst: %s is out of range %s", r, m);
        }
    }
    size_t kl = (size_t)snprintf(o->key, sizeof o->key, "%s", u->name);
    o->nrtl = u->nparams;
    for (unsigned i = 0; i < u->nparams; i++) {
        gpucoh_param_rtl(u, &o->pv, i, o->rtl[i], sizeof o->rtl[i]);
        kl += (size_t)snprintf(o->key + kl, sizeof o->key - kl, " %s", o->rtl[i]);
    }
    return 0;
}

/* The options' handlers (the option table below): 0, or -1 after the message. */
enum { O_CYCLES, O_SEED, O_PARAM, O_INST, O_RTL_DIR, O_MUTANT, O_WAVE, O_JSON, O_OUT };

static int sch_value(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sch_opts_t* o = ctx;
    const char* a = opt->name;
    uint64_t k;
    switch (opt->id) {
    case O_CYCLES:
        return opt_num(a, v, 1, UINT64_MAX >> 2, &o->cycles) ? -1 : 0;
    case O_SEED:
        if (opt_num(a, v, 0, UINT64_MAX, &o->seed))
            return -1;
        o->seed_set = true;
        return 0;
    case O_PARAM:
        if (o->nparams >= SCH_MAX_PARAMS)
            return bad("too many --param options%s%s", "", ""), -1;
        if (!strchr(v, '='))
            return bad("--param %s: expected NAME=VALUE%s", v, ""), -1;
        o->params[o->nparams++] = v;
        return 0;
    case O_INST:
        if (opt_num(a, v, 0, 63, &k))
            return -1;
        o->inst = (uint32_t)k;
        o->inst_set = true;
        return 0;
    case O_MUTANT:
        o->mutant = v;
        return 0;
    case O_WAVE:
        if (strlen(v) < 5 || strcmp(v + strlen(v) - 4, ".vcd") != 0)
            return bad("--wave %s: the trace is a VCD (sc_trace); name it FILE.vcd%s", v, ""), -1;
        o->wave = v;
        return 0;
    case O_JSON:
        o->json = v;
        return 0;
    default:
        o->out = v;
        return 0;
    }
}

static int sch_protocol(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sch_opts_t* o = ctx;
    (void)opt;
    if (!o->P)
        return bad("--protocol: %s is not a unit of a protocol's system%s", o->u->name, ""), -1;
    if (gsys_variant_find(v, &o->variant) != o->P) {
        fprintf(stderr, "sc_lockstep: --protocol: '%s' is not one of:", v);
        for (uint32_t k = 0; k < o->P->nvariants; k++)
            fprintf(stderr, " %s", o->P->variants[k].name);
        fprintf(stderr, "\n");
        return -1;
    }
    o->variant_set = true;
    return 0;
}

static int sch_config(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sch_opts_t* o = ctx;
    (void)opt;
    if (strcmp(v, "paper") != 0 && strcmp(v, "small") != 0)
        return bad("--config: '%s' is not one of: small paper%s", v, ""), -1;
    o->paper = v[0] == 'p';
    o->config_set = true;
    return 0;
}

static int sch_opt_rtl_dir(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sch_opts_t* o = ctx;
    (void)opt;
    struct stat st;
    if (stat(v, &st) != 0 || !S_ISDIR(st.st_mode))
        return bad("--rtl-dir: %s is not a directory%s", v, ""), -1;
    if (!realpath(v, o->rtl_dir))
        return bad("--rtl-dir: cannot resolve %s%s", v, ""), -1;
    o->rtl_dir_set = true;
    return 0;
}

static int sch_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    sch_opts_t* o = ctx;
    (void)v;
    if (opt->id == 2) { /* --help (sch_early answers it first; kept for a direct call) */
        usage(stdout);
        return 1;
    }
    if (opt->id)
        o->build_only = true;
    else
        o->quiet = true;
    return 0;
}

/* sc_lockstep's options, in the order of their --help lines (usage() prints them from here);
 * --help is seen before the parse */
#define SCH_V(n, i, a, h)                                                                          \
    { .name = n, .has_arg = true, .fn = sch_value, .id = i, .arg = a, .help = h }
static const gpucoh_opt_t sch_opts[] = {
    SCH_V("--cycles", O_CYCLES, "N", "rising edges to simulate (default 100000)"),
    SCH_V("--seed", O_SEED, "S", "stimulus seed (default 1); printed and accepted back"),
    SCH_V("--param", O_PARAM, "K=V",
          "unit parameter (repeatable; `gpucoh list` shows them and their\n"
          "defaults, the paper's)"),
    {.name = "--protocol",
     .has_arg = true,
     .fn = sch_protocol,
     .arg = "V",
     .help = "a unit of a system (context l1, l2): the variant of the system around\n"
             "the unit (default the family's; also --param protocol=V)"},
    {.name = "--config",
     .has_arg = true,
     .fn = sch_config,
     .arg = "C",
     .help = "a unit of a system (context l1, l2): the system's other parameters,\n"
             "small | paper (default paper)"},
    SCH_V("--inst", O_INST, "K",
          "a unit of a system (context l1, l2): the SM or bank whose inputs are\n"
          "driven (default 0)"),
    {.name = "--rtl-dir",
     .has_arg = true,
     .fn = sch_opt_rtl_dir,
     .arg = "DIR",
     .help = "the RTL flavour from the RTL files in DIR instead of rtl/"},
    SCH_V("--mutant", O_MUTANT, "FILE",
          "the RTL flavour from rtl/ with a mutant applied\n"
          "(tests/mutants/<unit>/*.mut), written to\n"
          "build/systemc/mutants/<unit>/<name>/"),
    SCH_V("--wave", O_WAVE, "FILE.vcd",
          "VCD of the clock, the inputs and both flavours' outputs (sc_trace)"),
    SCH_V("--json", O_JSON, "FILE", "JSON report (default build/out/systemc-<unit>-seed<S>.json)"),
    SCH_V("--out", O_OUT, "DIR", "directory of the default JSON report"),
    {.name = "--quiet", .fn = sch_flag, .id = 0, .help = "no build messages, no progress lines"},
    {.name = "--build-only",
     .fn = sch_flag,
     .id = 1,
     .help = "build the parameter set (if needed), print its directory, run nothing"},
    /* seen before the parse (sch_parse); here for its --help line */
    {.name = "--help", .fn = sch_flag, .id = 2, .help = "this text"},
};
#undef SCH_V

static void usage(FILE* f) {
    fputs("usage: sc_lockstep <unit> [options]\n"
          "\n"
          "SystemC lockstep of a catalogue unit's two pin-level flavours (docs/systemc.md):\n"
          "the C model behind the RTL's pins (<unit>_sc_c) and the Verilated RTL\n"
          "(<unit>_sc_rtl, verilator --sc), one netlist, one clock, the same stimulus on shared\n"
          "input signals, every output port compared after every rising edge. The parameter set\n"
          "is built on first use (Verilator --sc and g++, seconds to a minute) and cached under\n"
          "build/systemc/<unit>-<hash>/.\n"
          "\n"
          "units:",
          f);
    for (const gpucoh_unit_t* const* u = gpucoh_units(); *u; u++)
        fprintf(f, " %s", (*u)->name);
    fputs("\n\noptions:\n", f);
    const gpucoh_optset_t set = {.cmd = "sc_lockstep",
                                 .opts = sch_opts,
                                 .nopts = (int)(sizeof sch_opts / sizeof sch_opts[0])};
    gpucoh_opt_help(&set, 19, f);
    fputs("\n"
          "sc_lockstep --version (or version): the version, as gpucoh --version prints it.\n"
          "\n"
          "exit status: 0 pass, 1 a mismatch (or the stimulus stopped), 2 bad input or build\n"
          "failure, 130 interrupted.\n",
          f);
}

/* "--x" not in the table: an unknown option; any other word (also "-x", "-"): unexpected */
static void sch_refuse(const char* cmd, const char* w, bool option) {
    (void)cmd;
    (void)option;
    if (w[0] == '-' && w[1] == '-')
        bad("unknown option '%s' (see --help)%s", w, "");
    else
        bad("unexpected argument '%s' (options start with --; see --help)%s", w, "");
}

static void sch_missing(const char* cmd, const char* opt) {
    (void)cmd;
    bad("option %s needs a value%s", opt, "");
}

/* No unit, --help, help, --version, version; or --help after the unit: SCH_EXIT_HELP or 2 when
 * handled, else 0. */
static int sch_early(int argc, char** argv) {
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
        !strcmp(argv[1], "help")) {
        if (argc < 2) {
            usage(stderr);
            return 2;
        }
        usage(stdout);
        return SCH_EXIT_HELP;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
        if (argc > 2) {
            fprintf(stderr, "sc_lockstep: %s takes no arguments, got '%s'\n", argv[1], argv[2]);
            return 2;
        }
        printf("sc_lockstep (gpucoh %s)\n", gpucoh_version());
        return SCH_EXIT_HELP; /* exit 0, nothing run */
    }
    for (int i = 2; i < argc; i++) /* --help anywhere, before the unit is looked up */
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return SCH_EXIT_HELP;
        }
    return 0;
}

/* The unit argv[1] names and its stimulus, and the defaults. 0, or 2 after the message. */
static int sch_unit_arg(sch_opts_t* o, const char* name) {
    o->u = gpucoh_unit_find(name);
    if (!o->u && name[0] == '-') {
        fprintf(stderr,
                "sc_lockstep: the unit name comes first, got the option '%s' (see --help)\n", name);
        return 2;
    }
    if (!o->u) {
        fprintf(stderr, "sc_lockstep: unknown unit '%s' (units:", name);
        for (const gpucoh_unit_t* const* u = gpucoh_units(); *u; u++)
            fprintf(stderr, " %s", (*u)->name);
        fprintf(stderr, ")\n");
        return 2;
    }
    o->P = o->u->tb ? NULL : family_of(o->u, &o->slot);
    if (!o->u->tb && !o->P)
        return bad("%s: no stimulus (neither a testbench adapter nor a protocol system)%s",
                   o->u->name, "");
    if (o->P)
        o->variant = o->P->default_variant;
    o->paper = true;
    o->cycles = 100000;
    o->seed = 1;
    return 0;
}

/* The RTL (--mutant's scratch copy, --rtl-dir or rtl/), the parameters, then the output paths,
 * checked before anything is built or run. 0, or 2 after the message. */
static int sch_finish(sch_opts_t* o) {
    if (o->mutant && o->rtl_dir_set)
        return bad("--mutant and --rtl-dir both name the RTL; give one%s%s", "", "");
    if (o->mutant) {
        int rc = mutant_parse(o, o->mutant);
        if (rc || (rc = mutant_check(o)) != 0)
            return rc;
        snprintf(o->rtl_dir, sizeof o->rtl_dir, "%s/build/systemc/mutants/%s/%s", gpucoh_root(),
                 o->u->name, o->mut.name);
    } else if (!o->rtl_dir_set)
        snprintf(o->rtl_dir, sizeof o->rtl_dir, "%s/rtl", gpucoh_root());
    const int rc = resolve(o);
    if (rc)
        return rc;
    char err[1024];
    if (o->wave && gpucoh_check_out_file("--wave", o->wave, err, sizeof err) != 0)
        return bad("%s%s", err, "");
    if (o->json)
        snprintf(o->json_path, sizeof o->json_path, "%s", o->json);
    else {
        const char* dir = o->out ? o->out : gpucoh_default_out();
        if (gpucoh_check_out_dir(o->out ? "--out" : "the report directory", dir, err, sizeof err) !=
            0)
            return bad("%s%s", err, "");
        snprintf(o->json_path, sizeof o->json_path, "%s/systemc-%s-seed%llu.json", dir, o->u->name,
                 (unsigned long long)o->seed);
    }
    if (gpucoh_check_out_file(o->json ? "--json" : "report", o->json_path, err, sizeof err) != 0)
        return bad("%s%s", err, "");
    return 0;
}

int sch_parse(int argc, char** argv, sch_opts_t** out) {
    set_root();
    *out = NULL;
    int nargc;
    char** nargv;
    if (gpucoh_split_opts(argc, argv, &nargc, &nargv) != 0)
        return 2;
    argc = nargc;
    argv = nargv;
    int rc = sch_early(argc, argv);
    if (rc)
        return rc;
    sch_opts_t* o = calloc(1, sizeof *o);
    if (!o) {
        fprintf(stderr, "sc_lockstep: out of memory\n");
        return 2;
    }
    *out = o;
    rc = sch_unit_arg(o, argv[1]);
    if (rc)
        return rc;
    const gpucoh_optset_t set = {.cmd = "sc_lockstep",
                                 .opts = sch_opts,
                                 .nopts = (int)(sizeof sch_opts / sizeof sch_opts[0]),
                                 .refuse = sch_refuse,
                                 .missing = sch_missing};
    rc = gpucoh_opt_parse(&set, argc, argv, 2, o);
    if (rc != 0)
        return rc > 0 ? SCH_EXIT_HELP : 2;
    return sch_finish(o);
}

void sch_opts_free(sch_opts_t* o) {
    free(o);
}

const char* sch_unit(const sch_opts_t* o) {
    return o->u->name;
}
const char* sch_vflags(const sch_opts_t* o) {
    return o->u->verilator_flags ? o->u->verilator_flags : "";
}
const char* sch_rtl_key(const sch_opts_t* o) {
    return o->key;
}
unsigned sch_rtl_nparams(const sch_opts_t* o) {
    return o->nrtl;
}
const char* sch_rtl_param(const sch_opts_t* o, unsigned i) {
    return o->rtl[i];
}
const char* sch_rtl_dir(const sch_opts_t* o) {
    return o->rtl_dir;
}
uint64_t sch_cycles(const sch_opts_t* o) {
    return o->cycles;
}
const char* sch_wave(const sch_opts_t* o) {
    return o->wave;
}
bool sch_quiet(const sch_opts_t* o) {
    return o->quiet;
}
bool sch_build_only(const sch_opts_t* o) {
    return o->build_only;
}
const char* const* sch_rtl_files(const sch_opts_t* o) {
    return o->u->rtl_files;
}
const char* sch_top(const sch_opts_t* o) {
    return o->u->top;
}

/* ---- the build directory -------------------------------------------------------------------- */

static int cmp_str(const void* a, const void* b) {
    return strcmp((const char*)a, (const char*)b);
}

/* every file of dir whose name ends in one of exts, sorted by name: name and bytes */
static bool hash_dir(uint64_t* h, const char* dir, const char* const* exts) {
    DIR* d = opendir(dir);
    if (!d)
        return false;
    char(*names)[256] = calloc(256, sizeof *names);
    int n = 0;
    struct dirent* e;
    while (names && (e = readdir(d)) && n < 256) {
        const size_t l = strlen(e->d_name);
        for (const char* const* x = exts; *x; x++) {
            const size_t xl = strlen(*x);
            if (e->d_name[0] != '.' && l > xl && !strcmp(e->d_name + l - xl, *x)) {
                snprintf(names[n++], sizeof names[0], "%s", e->d_name);
                break;
            }
        }
    }
    closedir(d);
    if (!names)
        return false;
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        char p[PATH_MAX + 300];
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        *h = gpucoh_fnv1a(*h, names[i], strlen(names[i]));
        ok = gpucoh_fnv1a_file(h, p);
    }
    free(names);
    return ok;
}

/* every C model header: cmodel/ and its family folders (docs/framework.md "Family folders") */
static bool hash_cmodel(uint64_t* h, const char* root, char* p, size_t n) {
    static const char* const hdr[] = {".h", NULL};
    snprintf(p, n, "%s/cmodel", root);
    if (!hash_dir(h, p, hdr))
        return false;
    DIR* d = opendir(p);
    if (!d)
        return false;
    char names[32][256];
    int k = 0;
    bool ok = true;
    for (struct dirent* e; ok && (e = readdir(d));) {
        char q[PATH_MAX + 300];
        struct stat st;
        snprintf(q, sizeof q, "%s/%s", p, e->d_name);
        if (e->d_name[0] == '.' || stat(q, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        ok = k < 32; /* more family folders than this: refused, not half hashed */
        if (ok)
            snprintf(names[k++], sizeof names[0], "%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)k, sizeof names[0], cmp_str);
    for (int i = 0; i < k && ok; i++) {
        snprintf(p, n, "%s/cmodel/%s", root, names[i]);
        ok = hash_dir(h, p, hdr);
    }
    return ok;
}

int sch_build_paths(const sch_opts_t* o, char* dir, size_t dn, char* bin, size_t bn, char* err,
                    size_t errlen) {
    const char* root = gpucoh_root();
    uint64_t h = 0xCBF29CE484222325ull;
    h = gpucoh_fnv1a(h, o->key, strlen(o->key) + 1);
    if (o->u->verilator_flags) /* the manifest's flags of the unit's models */
        h = gpucoh_fnv1a(h, o->u->verilator_flags, strlen(o->u->verilator_flags) + 1);
    char p[PATH_MAX + 300];
    for (const char* const* f = o->u->rtl_files; *f; f++) {
        snprintf(p, sizeof p, "%s/%s", o->rtl_dir, *f);
        h = gpucoh_fnv1a(h, *f, strlen(*f));
        if (!gpucoh_fnv1a_file(&h, p)) {
            snprintf(err, errlen, "cannot read RTL file %s: %s", p, strerror(errno));
            return -1;
        }
    }
    static const char* const sv[] = {".svh", ".sv", ".vh", NULL};
    snprintf(p, sizeof p, "%s/include", o->rtl_dir);
    hash_dir(&h, p, sv); /* a --rtl-dir without include/ is Verilator's to refuse */
    /* the SystemC sources this unit's build reads (sc_host.c and the rest of the C side are in
     * libgpucoh_host.a: its own hash below), and every C model header */
    const char* const src[] = {"gpucoh_sc.h",      "sc_host.h",   "sc_lockstep.cpp",
                               "gpucoh_sc_rt.cpp", "build_sc.sh", NULL};
    bool ok = true;
    for (const char* const* f = src; *f && ok; f++) {
        snprintf(p, sizeof p, "%s/systemc/%s", root, *f);
        ok = gpucoh_fnv1a_file(&h, p);
    }
    gpucoh_unit_file(o->u, "systemc", o->u->name, "_sc_c.h", p, sizeof p);
    ok = ok && gpucoh_fnv1a_file(&h, p);
    /* and the step compare it shares with the unit and system lockstep (docs/framework.md) */
    static const char* const eng[] = {"step.h", "unit.h", NULL};
    for (const char* const* f = eng; *f && ok; f++) {
        snprintf(p, sizeof p, "%s/tb/engine/%s", root, *f);
        ok = gpucoh_fnv1a_file(&h, p);
    }
    ok = ok && hash_cmodel(&h, root, p, sizeof p);
    /* build_sc.sh's C++ optimization (GPUCOH_SC_OPT, default -O2; make test builds at -O0:
     * docs/systemc.md section 1, "How they are built") is part of the build's identity */
    const char* opt = getenv("GPUCOH_SC_OPT");
    if (opt && *opt && strcmp(opt, "-O2")) {
        static const char* const legal[] = {"-O0", "-O1", "-O3", "-Os", NULL};
        const char* const* l = legal;
        while (*l && strcmp(*l, opt))
            l++;
        if (!*l) {
            snprintf(err, errlen, "GPUCOH_SC_OPT '%s' is not -O0, -O1, -O2, -O3 or -Os", opt);
            return -1;
        }
        h = gpucoh_fnv1a(h, opt, strlen(opt) + 1);
    }
    if (!ok) {
        snprintf(err, errlen, "cannot read the SystemC sources of %s under %s/systemc (%s)",
                 o->u->name, root, p);
        return -1;
    }
    snprintf(dir, dn, "%s/build/systemc/%s-%016llx", root, o->u->name, (unsigned long long)h);
    /* the C side (models, stimulus, reports) is linked from build/systemc/libgpucoh_host.a:
     * a changed one relinks the binary, nothing else */
    uint64_t hh = 0xCBF29CE484222325ull;
    snprintf(p, sizeof p, "%s/build/systemc/libgpucoh_host.a", root);
    if (!gpucoh_fnv1a_file(&hh, p)) {
        snprintf(err, errlen, "cannot read %s (run `make systemc`)", p);
        return -1;
    }
    snprintf(bin, bn, "%s/lockstep-%016llx", dir, (unsigned long long)hh);
    return 0;
}

/* ---- stimulus ---------------------------------------------------------------------------------
 */

typedef struct {
    gsys_backend_t c; /* the C backend it wraps */
    uint32_t slot, inst;
    size_t in_size;
    unsigned char* in; /* the tapped instance's input of the last cycle */
    uint64_t ticks;
} tap_t;

static int tap_tick(void* ctx, uint32_t slot, uint32_t inst, const void* in, void* out) {
    tap_t* t = ctx;
    if (slot == t->slot && inst == t->inst) {
        memcpy(t->in, in, t->in_size);
        t->ticks++;
    }
    return t->c.tick(t->c.ctx, slot, inst, in, out);
}

static int tap_tick_slot(void* ctx, uint32_t slot, const void* in, size_t istride, void* out,
                         size_t ostride, uint32_t n) {
    tap_t* t = ctx;
    if (slot == t->slot && t->inst < n) {
        memcpy(t->in, (const unsigned char*)in + (size_t)t->inst * istride, t->in_size);
        t->ticks++;
    }
    return t->c.tick_slot(t->c.ctx, slot, in, istride, out, ostride, n);
}

static void tap_begin(void* ctx, bool rst_n) {
    tap_t* t = ctx;
    if (t->c.cycle_begin)
        t->c.cycle_begin(t->c.ctx, rst_n);
}

static int tap_end(void* ctx) {
    tap_t* t = ctx;
    return t->c.cycle_end ? t->c.cycle_end(t->c.ctx) : 0;
}

static void tap_destroy(void* ctx) {
    (void)ctx; /* sch_stim_free destroys the wrapped backend */
}

struct sch_stim {
    const sch_opts_t* o;
    /* adapter */
    const gpucoh_tb_ops_t* t;
    void *ctx, *in, *out;
    unsigned char* ring;
    uint64_t last;
    /* system */
    tap_t tap;
    gsys_backend_t be;
    traffic_t* traffic;
    gsys_workload_t wl;
    gsys_t* sys;
    char source[256];
    char error[512];
};

sch_stim_t* sch_stim_new(const sch_opts_t* o, char* err, size_t errlen) {
    sch_stim_t* s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->o = o;
    if (!o->P) {
        const gpucoh_tb_ops_t* t = o->u->tb;
        s->t = t;
        s->ctx = calloc(1, t->ctx_size);
        s->in = calloc(1, t->in_size);
        s->out = calloc(1, t->out_size);
        s->ring = calloc(SCH_RING, t->in_size);
        if (!s->ctx || !s->in || !s->out || !s->ring) {
            snprintf(err, errlen, "out of memory");
            sch_stim_free(s);
            return NULL;
        }
        if (t->init(s->ctx, &o->pv, o->seed, GPUCOH_STIM_MIXED, err, errlen) != 0) {
            sch_stim_free(s);
            return NULL;
        }
        /* the defaults of `gpucoh cosim`: steered, the unit's default illegal-input rate */
        gpucoh_stim_cfg_t cfg = {.steer = true, .illegal_set = false, .illegal_rate = 0};
        if (t->stim_cfg && t->stim_cfg(s->ctx, &cfg, err, errlen) != 0) {
            sch_stim_free(s);
            return NULL;
        }
        snprintf(s->source, sizeof s->source,
                 "the %s testbench adapter (as gpucoh cosim: mixed, steered, illegal rate "
                 "%u/100000)",
                 o->u->name, (unsigned)cfg.illegal_rate);
        return s;
    }
    const gsys_proto_t* P = o->P;
    const gsys_unit_ops_t* ops = P->slots[o->slot].ops;
    if (gsys_backend_c_cfg(&o->cfg, &s->tap.c, err, errlen) != 0) {
        free(s);
        return NULL;
    }
    s->tap.slot = o->slot;
    s->tap.inst = o->inst;
    s->tap.in_size = ops->in_size;
    s->tap.in = calloc(1, ops->in_size);
    s->be = (gsys_backend_t){.ctx = &s->tap,
                             .tick = tap_tick,
                             .tick_slot = tap_tick_slot,
                             .cycle_begin = tap_begin,
                             .cycle_end = tap_end,
                             .destroy = tap_destroy};
    traffic_cfg_t rc = traffic_cfg_default(&o->cfg, o->seed, ~0ull >> 1);
    rc.roll_cycle = traffic_roll_cycle(&o->cfg);
    if (!s->tap.in || !(s->traffic = traffic_new(&o->cfg, &rc, err, errlen))) {
        if (!s->tap.in)
            snprintf(err, errlen, "out of memory");
        sch_stim_free(s);
        return NULL;
    }
    traffic_workload(s->traffic, &s->wl);
    if (!(s->sys = gsys_new(&o->cfg, &s->be, &s->wl, err, errlen))) {
        sch_stim_free(s);
        return NULL;
    }
    gsys_geom_t g;
    P->geometry(gsys_pdc(&o->cfg), &g);
    char inst[64];
    snprintf(inst, sizeof inst, P->slots[o->slot].inst_fmt, (unsigned)o->inst);
    snprintf(s->source, sizeof s->source,
             "%s of the %s system (%s configuration, %u SMs, %u banks; C models, random traffic "
             "as gpucoh cosim system)",
             inst, gsys_variant_name(&o->cfg), o->paper ? "paper" : "small", (unsigned)g.num_sm,
             (unsigned)g.num_banks);
    return s;
}

void sch_stim_free(sch_stim_t* s) {
    if (!s)
        return;
    if (s->sys)
        gsys_free(s->sys);
    if (s->traffic)
        traffic_free(s->traffic);
    if (s->tap.c.destroy)
        s->tap.c.destroy(s->tap.c.ctx);
    free(s->tap.in);
    free(s->ctx);
    free(s->in);
    free(s->out);
    free(s->ring);
    free(s);
}

const void* sch_stim_next(sch_stim_t* s, uint64_t cycle) {
    if (s->t) {
        s->t->next_input(s->ctx, cycle, s->in);
        s->t->model_tick(s->ctx, s->in, s->out); /* the reactive adapters read its outputs */
        memcpy(s->ring + (cycle % SCH_RING) * s->t->in_size, s->in, s->t->in_size);
        s->last = cycle;
        return s->in;
    }
    const uint64_t before = s->tap.ticks;
    const gsys_run_t r = gsys_run(s->sys, 1, stderr);
    if (r == GSYS_RUN_DEADLOCK || r == GSYS_RUN_STOPPED) {
        snprintf(s->error, sizeof s->error, "the system around the unit %s at cycle %llu",
                 r == GSYS_RUN_DEADLOCK ? "deadlocked (report above)" : "stopped",
                 (unsigned long long)cycle);
        return NULL;
    }
    if (s->tap.ticks != before + 1) {
        snprintf(s->error, sizeof s->error,
                 "the system ticked the unit %llu times in cycle %llu (expected once)",
                 (unsigned long long)(s->tap.ticks - before), (unsigned long long)cycle);
        return NULL;
    }
    s->last = cycle;
    return s->tap.in;
}

const char* sch_stim_error(const sch_stim_t* s) {
    return s->error;
}

uint64_t sch_stim_rtl_errors(sch_stim_t* s) {
    return s->t && s->t->rtl_errors ? s->t->rtl_errors(s->ctx) : 0;
}

const char* sch_stim_source(const sch_stim_t* s) {
    return s->source;
}

/* ---- progress and report ------------------------------------------------------------------- */

static gpucoh_progress_t g_prog;
static uint64_t g_total;

void sch_progress_start(const sch_opts_t* o) {
    char what[96];
    snprintf(what, sizeof what, "systemc %s", o->u->name);
    gpucoh_progress_start(&g_prog, what, !o->quiet);
    g_total = o->cycles;
    gpucoh_catch_interrupt();
}

bool sch_progress(uint64_t done) {
    gpucoh_progress(&g_prog, done, g_total, "cycles", "");
    return gpucoh_interrupted != 0;
}

/* the command line that runs this again (through the front end), with the unit's parameters */
static void replay_line(const sch_opts_t* o, uint64_t cycles, bool wave, char* b, size_t n) {
    size_t l = (size_t)snprintf(b, n, "%s/build/systemc/sc_lockstep %s --seed %llu --cycles %llu",
                                gpucoh_root(), o->u->name, (unsigned long long)o->seed,
                                (unsigned long long)cycles);
    for (unsigned i = 0; i < o->u->nparams && l < n; i++) {
        char v[96];
        gpucoh_param_str(o->u, &o->pv, i, v, sizeof v);
        l += (size_t)snprintf(b + l, n - l, " --param %s=%s", o->u->params[i].name, v);
    }
    if (o->P && l < n)
        l += (size_t)snprintf(b + l, n - l, " --protocol %s --config %s --inst %u",
                              gsys_variant_name(&o->cfg), o->paper ? "paper" : "small",
                              (unsigned)o->inst);
    if (o->mutant && l < n)
        l += (size_t)snprintf(b + l, n - l, " --mutant %s", o->mutant);
    else if (o->rtl_dir_set && l < n)
        l += (size_t)snprintf(b + l, n - l, " --rtl-dir %s", o->rtl_dir);
    if (wave && l < n)
        snprintf(b + l, n - l, " --wave %s/replay-systemc-%s.vcd", gpucoh_default_out(),
                 o->u->name);
}

int sch_report(const sch_opts_t* o, sch_stim_t* st, const sch_result_t* r) {
    const bool pass = r->mismatches == 0 && !r->interrupted && !r->stim_failed;
    const char* verdict = pass ? "pass" : r->interrupted && !r->mismatches ? "interrupted" : "fail";
    const double rate = r->seconds > 0 ? (double)r->cycles / r->seconds : 0.0;
    printf("%s systemc %s: %llu cycles, %llu mismatches\n",
           pass                               ? "PASS"
           : r->interrupted && !r->mismatches ? "INTERRUPTED"
                                              : "FAIL",
           o->u->name, (unsigned long long)r->cycles, (unsigned long long)r->mismatches);
    printf("  seed %llu, %s, %.1f s, %.0f cycles/s\n", (unsigned long long)o->seed, o->key,
           r->seconds, rate);
    printf("  stimulus  %s\n", sch_stim_source(st));
    printf("  activity  %llu of %llu cycles changed an output port\n",
           (unsigned long long)r->active, (unsigned long long)r->cycles);
    if (r->rtl_errors || r->rtl_errors_expected)
        printf("  asserts   %llu RTL assertion failures (the %%Error lines above), %llu of them "
               "expected: illegal inputs the stimulus presented on purpose\n",
               (unsigned long long)r->rtl_errors, (unsigned long long)r->rtl_errors_expected);
    if (o->mutant)
        printf("  mutant    %s (%s): RTL flavour from %s\n", o->mut.name, o->mut.description,
               o->rtl_dir);
    else if (o->rtl_dir_set)
        printf("  rtl-dir   %s\n", o->rtl_dir);
    char replay[4096];
    if (r->stim_failed)
        printf("  stimulus stopped: %s\n", sch_stim_error(st));
    if (r->mismatches) {
        char cl[96], rl[96];
        snprintf(cl, sizeof cl, "C flavour, %s_sc_c", o->u->name);
        snprintf(rl, sizeof rl, "RTL flavour, %s_sc_rtl", o->u->name);
        gpucoh_divergence_print(stdout, &r->div, cl, rl);
        printf("  edge      rising edge %llu: inputs from time %llu ns, edge at %llu ns\n",
               (unsigned long long)r->div.cycle, (unsigned long long)(2 * r->div.cycle),
               (unsigned long long)(2 * r->div.cycle + 1));
        if (st->t && st->t->input_json) {
            const uint64_t from = st->last >= SCH_RING - 1 ? st->last - (SCH_RING - 1) : 0;
            gpucoh_last_inputs_print(stdout, st->t, st->ctx, st->ring, SCH_RING, from, st->last);
        }
    }
    replay_line(o, r->mismatches ? r->div.cycle + 1 : r->cycles, true, replay, sizeof replay);
    if (!pass)
        printf("  replay    %s\n", replay);
    if (o->wave)
        printf("  wave      %s (time 2 ns per cycle: inputs change at 2c, rising edge at 2c+1)\n",
               o->wave);
    gpucoh_afile_t af;
    char err[1024];
    int rc = pass ? 0 : r->interrupted && !r->mismatches ? 130 : 1;
    if (gpucoh_afile_open(&af, o->json_path, err, sizeof err) != 0) {
        fprintf(stderr, "sc_lockstep: %s\n", err);
        return 2;
    }
    FILE* f = af.f;
    fprintf(f, "{\"tool\": \"sc_lockstep\", \"version\": ");
    gpucoh_json_str(f, gpucoh_version());
    gpucoh_json_kv(f, ", ", "unit", o->u->name);
    gpucoh_json_kv(f, ", ", "verdict", verdict);
    fprintf(f,
            ", \"seed\": %llu, \"cycles\": %llu, \"compared\": %llu, \"mismatches\": %llu, "
            "\"active_cycles\": %llu",
            (unsigned long long)o->seed, (unsigned long long)r->cycles,
            (unsigned long long)r->compared, (unsigned long long)r->mismatches,
            (unsigned long long)r->active);
    fprintf(f, ", \"rtl_assertions\": %llu, \"rtl_assertions_expected\": %llu",
            (unsigned long long)r->rtl_errors, (unsigned long long)r->rtl_errors_expected);
    fprintf(f, ", \"params\": {");
    for (unsigned i = 0; i < o->u->nparams; i++) {
        char v[96];
        gpucoh_param_str(o->u, &o->pv, i, v, sizeof v);
        gpucoh_json_kv(f, i ? ", " : "", o->u->params[i].name, v);
    }
    fprintf(f, "}");
    gpucoh_json_kv(f, ", ", "rtl_params", o->key);
    gpucoh_json_kv(f, ", ", "rtl_dir", o->rtl_dir);
    if (o->mutant)
        gpucoh_json_kv(f, ", ", "mutant", o->mut.name);
    gpucoh_json_kv(f, ", ", "stimulus", sch_stim_source(st));
    fprintf(f, ", \"flavours\": {\"c\": \"%s_sc_c\", \"rtl\": \"%s_sc_rtl\"}", o->u->name,
            o->u->name);
    fprintf(f, ", \"seconds\": %.3f, \"cycles_per_second\": %.0f", r->seconds, rate);
    if (r->mismatches) {
        fprintf(f, ", \"first_divergence\": ");
        gpucoh_divergence_json(f, &r->div, "{", ", ");
        fprintf(f, "}");
    } else
        fprintf(f, ", \"first_divergence\": null");
    if (r->stim_failed)
        gpucoh_json_kv(f, ", ", "stimulus_error", sch_stim_error(st));
    gpucoh_json_kv(f, ", ", "wave", o->wave ? o->wave : "");
    gpucoh_json_kv(f, ", ", "replay", replay);
    fprintf(f, "}\n");
    if (gpucoh_afile_commit(&af, err, sizeof err) != 0) {
        fprintf(stderr, "sc_lockstep: %s\n", err);
        return 2;
    }
    printf("  json      %s\n", o->json_path);
    return rc;
}
