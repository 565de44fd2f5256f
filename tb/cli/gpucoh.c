/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpucoh -- the one command-line tool: list, cosim, waves, area, bench, mutants, quality,
 * compare, episode, litmus, litmus-gen, model, conform.
 * Every run ends with a readable summary and writes a JSON report; bad input gets a message
 * naming the problem and exit status 2 (a failed check exits 1).
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE   700
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "area.h"
#include "axiom.h"
#include "bench.h"
#include "compare.h"
#include "campaign.h"
#include "conform.h"
#include "cosim.h"
#include "help.h"
#include "litgen.h"
#include "manifest.h"
#include "mutants.h"
#include "opts.h"
#include "quality.h"
#include "rtl_load.h"
#include "gsys.h"
#include "sys_cli.h"
#include "unit.h"
#include "util.h"

#define EXIT_FAILED 1
#define EXIT_USAGE  2

/* The names of the units the manifest selects, in catalogue order, joined: sep between two,
 * last before the final one ("tc_l1, tc_l2, gpu_l1 and gpu_l2"). */
static const char* unit_names(bool (*sel)(const gpucoh_unit_t*), const char* sep,
                              const char* last) {
    static char buf[512];
    const gpucoh_unit_t* pick[64];
    size_t n = 0, l = 0;
    for (const gpucoh_unit_t* const* u = gpucoh_units(); *u && n < 64; u++)
        if (sel(*u))
            pick[n++] = *u;
    buf[0] = 0;
    for (size_t i = 0; i < n && l < sizeof buf; i++)
        l += (size_t)snprintf(buf + l, sizeof buf - l, "%s%s",
                              i == 0 ? "" : (i + 1 == n ? last : sep), pick[i]->name);
    return buf;
}
static bool is_slot(const gpucoh_unit_t* u) { /* co-simulated only in its family's system */
    return strcmp(u->context, "standalone") != 0;
}
static bool own_netlist(const gpucoh_unit_t* u) { /* a netlist lockstep of its own */
    return u->netlist && !is_slot(u);
}
static bool synth_hier(const gpucoh_unit_t* u) {
    return u->synth_hier;
}

static void usage(FILE* f) {
    fprintf(f,
            "usage: gpucoh <command> [options]\n"
            "\n"
            "commands:\n"
            "  list                          the catalogue: units, status, parameters\n"
            "  units [--get FIELD [UNIT]]    the unit manifest (family, context, netlist,\n"
            "                                SystemC), plain values for scripts\n"
            "  cosim <unit> [options]        lockstep co-simulation, C model vs RTL\n"
            "  waves <unit> [options]        co-simulate and write an FST/VCD + GTKWave save file\n"
            "  area <unit> [--param K=V]...  Yosys + osu018 + OpenSTA: area, flops, timing\n"
            "  bench [unit] [options]        cycles/s: C model alone, RTL alone, lockstep\n"
            "  bench system [options]        the same for the multi-SM system of --protocol\n"
            "                                (any TC or GPU variant; random traffic)\n"
            "  mutants <unit> [options]      apply each RTL mutant, check lockstep catches it\n"
            "  quality [options]             rdu race-detection quality: false positives and\n"
            "                                negatives, forced syncs (gpucoh quality --help)\n"
            "  cosim system [options]        the multi-SM system of --protocol (TC-Weak by\n"
            "                                default, GPU-D, GPU-H...): C and RTL in lockstep\n"
            "                                with random traffic, coverage (docs/system.md)\n");
    /* the units co-simulated only in their systems: the manifest's */
    fprintf(f, "  cosim %s [options]\n", unit_names(is_slot, "|", "|"));
    fprintf(f,
            "                                that unit's system (TC, GPU or DeNovo) with only\n"
            "                                that unit as RTL (or with --netlist as its\n"
            "                                netlist; cosim --help)\n"
            "  episode [options]             data-race-free episode tester, any variant\n"
            "  litmus FILE... [options]      litmus runner, any variant (litmus/*.litmus)\n"
            "  litmus-gen [options]          generate litmus files: classic shapes x sync x\n"
            "                                scope x thread and location placement\n"
            "                                (docs/litmus-gen.md)\n"
            "  model FILE... [options]       axiomatic oracle: allowed outcomes per memory\n"
            "                                model; --check: the files' lines against it\n"
            "  conform [options]             conformance campaign: generated litmus tests x\n"
            "                                every variant x R runs, judged by the oracle for\n"
            "                                each variant's claimed models (conform --help)\n"
            "  campaign plan|job|merge|sbatch  a long campaign as independent jobs for GNU\n"
            "                                parallel or a Slurm array, merged into the serial\n"
            "                                run's output (docs/campaigns.md)\n"
            "  compare [options]             protocols side by side on synthetic workloads\n"
            "                                (prodcons, workqueue, readshared): cycles,\n"
            "                                messages, counters, claims (gpucoh compare --help)\n"
            "  version, --version            the version (VERSION file + git commit)\n"
            "  help                          this text\n"
            "\n");
    fprintf(f,
            "options:\n"
            "  --param NAME=VALUE   unit parameter (repeatable; `gpucoh list` shows them)\n"
            "  --cycles N           cycles to simulate (cosim default 100000)\n"
            "  --seed S             PRNG seed (default 1); printed and accepted back\n"
            "  --stim MODE          mixed (directed script, then random; default) | random |\n"
            "                       directed\n"
            "  --wave FILE          trace to FILE (.fst or .vcd); with waves: --from/--to cycles\n"
            "  --window N           cycles of waves kept before a divergence (default 64)\n"
            "  --out DIR            directory for reports, failure windows (default build/out;\n"
            "                       created if missing)\n"
            "  --json FILE          the JSON report (default <out>/<command>-<unit>-...json)\n"
            "  --rtl-dir DIR        take the unit's RTL from DIR (mutant experiments)\n"
            "  --netlist            cosim, waves, mutants: run the synthesized gate-level netlist\n"
            "                       (the one `gpucoh area` reports) instead of the RTL\n"
            "  --coverage           print every transition row and cover point with its count\n"
            "  --quiet              only the summary line\n"
            "  --steer on|off       cosim, waves, mutants: steer the random stimulus to the\n"
            "                       corners of the unit's cover points (default on); off gives\n"
            "                       the stimulus of before the cover points (docs/testing.md)\n"
            "  --illegal-rate N     cosim, waves, mutants of sig_bloom, avu, tc_gwct: present an\n"
            "                       illegal input of the unit page in N of 1000 cycles, e.g. 2\n"
            "                       or 0.25 (default 0.1 with steering, 0 with --steer off)\n"
            "\n");
    fprintf(
        f, /* two strings: each under the 4095 characters of -Woverlength-strings */
        "System options (cosim system, episode, litmus, bench system, compare):\n"
        "  --protocol P         a variant: tc-weak (default) | tc-strong | tc-weak-c | gpu-d |\n"
        "                       gpu-h | gpu-rsp | denovo-d | denovo-d-ro | denovo-h | hlrc |\n"
        "                       hlrc-scoped | gtsc | gtsc-sc; episode, litmus: also a\n"
        "                       family (tc, gpu, denovo: every variant of it; hlrc and\n"
        "                       gtsc name their first variant: run each variant)\n"
        "                       or all (every variant of every protocol: the thirteen\n"
        "                       above); both:\n"
        "                       the older name of tc (every TC variant)\n"
        "  --config C           small (4 SMs, 2 banks, tiny caches; default) | paper\n"
        "  --param NAME=VALUE   any parameter of the protocol (gpucoh list: tc_l1, tc_l2,\n"
        "                       tc_gwct; gpu_l1, gpu_l2; denovo_l1, denovo_l2; hlrc_l1,\n"
        "                       hlrc_l2; gtsc_l1, gtsc_l2, gtsc_ovf)\n"
        "  --impl I             lockstep (cosim default) | rtl | c (episode/litmus default)\n"
        "  --rtl UNITS          units from RTL: l1,l2,timer (TC), l1,l2,ovf (G-TSC) or l1,l2\n"
        "                       (GPU, DeNovo, hLRC) | all\n"
        "  --netlist UNITS      cosim system: these units (l1,l2,timer | all) run as their\n"
        "                       synthesized osu018 netlist instead of the RTL\n"
        "  --req-delay A:B, --rsp-delay A:B, --mem-lat A:B   per-message delays (cycles)\n"
        "  --start-time T       TC: load the timer with T at cycle 2 (rollover tests)\n"
        "  --illegal-rate N     cosim system: an idle core presents an illegal request (TC:\n"
        "                       op 0 or wf >= NumWf, tc_l1.md I1; GPU: op 0/5..7 or wf >=\n"
        "                       NumWf, gpu_l1.md I1) with probability N/1000 a cycle\n"
        "  --l2-illegal-rate N  cosim system: the illegal bank inputs, each with probability\n"
        "                       N/1000 a chance. TC (tc_l2.md section 10): J1 requests of\n"
        "                       kind 0/5..7, J3 stray DRAM fills, J5/J6 atomics with a word\n"
        "                       >= LineBytes/4 or aop 3; GPU (gpu_l2.md section 11): I1\n"
        "                       requests of kind 0, I2 stray fills, I5/I6 the same atomics\n"
        "  --peer-illegal-rate N  cosim system, gpu-rsp: an L1 with no network input presents\n"
        "                       an illegal peer message or GNT with probability N/1000 a\n"
        "                       cycle (rsp.md section 12.4: I7, I11, I12)\n"
        "  --steer on|off       cosim system, mutants tc_l*, gpu_l*: the random traffic's\n"
        "                       steered phases, aimed at the cover points of tc_l1.md /\n"
        "                       tc_l2.md (GPU: gpu_l1 F45, gpu_l2 F58 too)\n"
        "                       (default on; off: the traffic without them, the same seed\n"
        "                       giving the same operations as before steering existed)\n"
        "  --full-every K       lockstep: every line/MSHR every K cycles (0 = always), at end\n"
        "  --wave FILE          lockstep or rtl: the whole run of every Verilated unit in one\n"
        "                       .fst or .vcd, one scope each (large: bound it with --cycles)\n"
        "  --window N, --out DIR  a divergence writes <DIR>/<run>-fail.fst (N cycles before\n"
        "                       it, default 64, and 16 after), .gtkw, .json and a replay line\n"
        "                       (default DIR build/out; docs/waves.md)\n"
        "  --run K              litmus: only run K (a litmus replay line)\n"
        "  --ops N              cosim system: operation budget (default: run --cycles)\n"
        "  --episodes N, --wfs N, --locations N   episode tester: episodes per wavefront\n"
        "                       (default 20), wavefronts per SM (1..NumWf; default all),\n"
        "                       data locations (1..1000000; default 256)\n"
        "  --sync atomic|relacq episode: synchronize through atomics (default) or through\n"
        "                       ticket locks of release stores and acquire loads\n"
        "  --cta-sync N         relacq: N per mille of the episodes on their SM's CTA-scope\n"
        "                       location (0..1000, default 500): CTA -> GPU chains\n"
        "  --runs R             litmus: runs per test (default 10000); every file is read\n"
        "                       and checked before any runs\n"
        "  --out DIR, --json FILE, --quiet   as above\n"
        "\n");
    fputs("conventions of every command (docs/cli.md):\n"
          "  --opt=VALUE is --opt VALUE. Numbers are decimal or 0x hex; one out of its range\n"
          "  is refused with the range. Every run writes a JSON report (parameters,\n"
          "  configuration, verdict, first divergence) to <out>/<command>-...json and prints\n"
          "  its path; output paths are checked before anything runs. Long runs print progress\n"
          "  on stderr every 5 s (GPUCOH_PROGRESS_SECONDS; not with --quiet).\n"
          "  Exit status: 0 pass, 1 a check failed, 2 bad input (option, parameter, file,\n"
          "  output path), 130 interrupted: Ctrl-C stops a run, closes its trace and writes its\n"
          "  report with the verdict \"interrupted\".\n",
          f);
}

typedef struct {
    const gpucoh_unit_t* u;
    gpucoh_pvals_t pv;
    uint64_t cycles, seed, from, to;
    bool cycles_set, from_set, to_set;
    int stim;
    const char *wave, *out, *json, *rtl_dir, *mutants_file;
    uint32_t window;
    bool quiet, coverage, netlist, help;
    bool check_only;           /* mutants --check-only */
    bool base_only, no_base;   /* mutants --baseline-only, --no-baseline (campaign jobs) */
    bool steer_off, steer_set; /* --steer */
    uint32_t illegal_rate;     /* --illegal-rate, per 100 000 cycles */
    bool illegal_set;
} args_t;

static int parse_num(const char* opt, const char* s, uint64_t* v) {
    return gpucoh_opt_u64(opt, s, 0, UINT64_MAX, v);
}

/* --illegal-rate N: per 1000 cycles, 0..1000 with at most two decimals ("0.25"), into
 * illegal inputs per 100 000 cycles. */
static int parse_rate(const char* s, uint32_t* out) {
    uint64_t whole = 0, frac = 0;
    const char* dot = strchr(s, '.');
    char w[32];
    const size_t wl = dot ? (size_t)(dot - s) : strlen(s);
    const size_t fl = dot ? strlen(dot + 1) : 0;
    bool ok = wl > 0 && wl < sizeof w && (!dot || (fl >= 1 && fl <= 2));
    if (ok) {
        memcpy(w, s, wl);
        w[wl] = 0;
        ok = gpucoh_parse_u64(w, &whole) && (!dot || gpucoh_parse_u64(dot + 1, &frac)) &&
             strspn(s, "0123456789.") == strlen(s);
    }
    if (ok && fl == 1)
        frac *= 10;
    if (!ok || whole > 1000 || whole * 100 + frac > 100000) {
        fprintf(stderr,
                "gpucoh: --illegal-rate: '%s' is not a rate per 1000 cycles in 0..1000 with at "
                "most two decimals (e.g. 2 or 0.25)\n",
                s);
        return -1;
    }
    *out = (uint32_t)(whole * 100 + frac);
    return 0;
}

/* The options of the unit commands (cosim, waves, area, bench, mutants), one table
 * (tb/engine/opts.h), and what they gather before the unit's parameters are set. */
typedef struct {
    args_t* a;
    const char* params[GPUCOH_MAX_PARAMS * 2];
    int np;
} uparse_t;

enum { U_CYCLES, U_SEED, U_FROM, U_TO, U_WINDOW };

static int u_num(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    args_t* a = ((uparse_t*)ctx)->a;
    const char* o = opt->name;
    switch (opt->id) {
    case U_CYCLES:
        a->cycles_set = true;
        return gpucoh_opt_u64(o, v, 1, UINT64_MAX, &a->cycles);
    case U_SEED:
        return parse_num(o, v, &a->seed);
    case U_FROM:
        a->from_set = true;
        return parse_num(o, v, &a->from);
    case U_TO:
        a->to_set = true;
        return parse_num(o, v, &a->to);
    default: /* U_WINDOW */
        return gpucoh_opt_u32(o, v, 1, 1000000, &a->window);
    }
}

static int u_param(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)opt;
    uparse_t* p = ctx;
    if (p->np >= (int)(sizeof p->params / sizeof p->params[0])) {
        fprintf(stderr, "gpucoh: too many --param options\n");
        return -1;
    }
    p->params[p->np++] = v;
    return 0;
}

static int u_stim(void* ctx, const gpucoh_opt_t* opt, const char* s) {
    (void)opt;
    args_t* a = ((uparse_t*)ctx)->a;
    if (!strcmp(s, "mixed"))
        a->stim = GPUCOH_STIM_MIXED;
    else if (!strcmp(s, "random"))
        a->stim = GPUCOH_STIM_RANDOM;
    else if (!strcmp(s, "directed"))
        a->stim = GPUCOH_STIM_DIRECTED;
    else {
        fprintf(stderr, "gpucoh: --stim: '%s' is not one of: mixed random directed\n", s);
        return -1;
    }
    return 0;
}

static int u_steer(void* ctx, const gpucoh_opt_t* opt, const char* s) {
    (void)opt;
    args_t* a = ((uparse_t*)ctx)->a;
    if (strcmp(s, "on") != 0 && strcmp(s, "off") != 0) {
        fprintf(stderr, "gpucoh: --steer: '%s' is not one of: on off\n", s);
        return -1;
    }
    a->steer_off = !strcmp(s, "off");
    a->steer_set = true;
    return 0;
}

static int u_rate(void* ctx, const gpucoh_opt_t* opt, const char* s) {
    (void)opt;
    args_t* a = ((uparse_t*)ctx)->a;
    a->illegal_set = true;
    return parse_rate(s, &a->illegal_rate);
}

/* the path-valued options (--wave, --out, --json, --rtl-dir, --mutants) */
static int u_path(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    args_t* a = ((uparse_t*)ctx)->a;
    const char** field[] = {&a->wave, &a->out, &a->json, &a->rtl_dir, &a->mutants_file};
    *field[opt->id] = v;
    return 0;
}

static int u_flag(void* ctx, const gpucoh_opt_t* opt, const char* v) {
    (void)v;
    args_t* a = ((uparse_t*)ctx)->a;
    bool* field[] = {&a->quiet,      &a->coverage,  &a->netlist, &a->help,
                     &a->check_only, &a->base_only, &a->no_base};
    *field[opt->id] = true;
    return 0;
}

/* The commands' bits: an entry with bits is the --help line of those commands (one entry per
 * wording, in the order of their --help; gpucoh_unit_opts_help) and parses as the generic entry
 * of its name after them (cmds 0, no help text) does; cosim_help prints cosim's lines and the
 * paragraphs around them. */
enum { UC_WAVES = 1u, UC_AREA = 2u, UC_BENCH = 4u, UC_MUTANTS = 8u, UC_COSIM = 16u };
#define UC_WABM (UC_WAVES | UC_AREA | UC_BENCH | UC_MUTANTS)

static const gpucoh_opt_t unit_opts[] = {
    {"--mutants", true, UC_MUTANTS, u_path, NULL, 4, "FILE",
     "only this mutant file (description:, file:, find:, replace:,\nparam: lines; at most 64 KiB)"},
    {"--param", true, UC_WABM | UC_COSIM, u_param, NULL, 0, "NAME=VALUE",
     "unit parameter (repeatable; `gpucoh list` shows them)"},
    {"--from", true, UC_WAVES, u_num, NULL, U_FROM, "N, --to N",
     "the traced cycles (default 0 .. 2000, or --cycles)"},
    {"--cycles", true, UC_WAVES, u_num, NULL, U_CYCLES, "N", "cycles to run (at least --to)"},
    {"--cycles", true, UC_BENCH, u_num, NULL, U_CYCLES, "N",
     "cycles per measurement (default 1000000)"},
    {"--cycles", true, UC_MUTANTS, u_num, NULL, U_CYCLES, "N",
     "cycles per lockstep run (default 200000)"},
    {"--cycles", true, UC_COSIM, u_num, NULL, U_CYCLES, "N", "cycles (default 100000)"},
    {"--seed", true, UC_WAVES | UC_BENCH | UC_MUTANTS | UC_COSIM, u_num, NULL, U_SEED, "S",
     "PRNG seed (default 1)"},
    {"--stim", true, UC_WAVES | UC_COSIM, u_stim, NULL, 0, "MODE",
     "mixed (default) | random | directed"},
    {"--wave", true, UC_WAVES, u_path, NULL, 0, "FILE",
     "the trace (.fst or .vcd; its directory must exist)"},
    {"--wave", true, UC_COSIM, u_path, NULL, 0, "FILE",
     "trace the whole run to FILE (.fst or .vcd)"},
    {"--window", true, UC_COSIM, u_num, NULL, U_WINDOW, "N",
     "cycles of waves kept before a divergence (default 64)"},
    {"--out", true, UC_COSIM, u_path, NULL, 1, "DIR",
     "reports and failure windows (default build/out)"},
    {"--out", true, UC_WAVES, u_path, NULL, 1, "DIR",
     "trace, save file and report (default build/out)"},
    {"--out", true, UC_AREA, u_path, NULL, 1, "DIR",
     "the report's directory (default build/out): area-<unit>.json"},
    {"--out", true, UC_BENCH, u_path, NULL, 1, "DIR",
     "the report's directory (default build/out): bench-<unit>.json"},
    {"--json", true, UC_WAVES | UC_AREA | UC_BENCH | UC_COSIM, u_path, NULL, 2, "FILE",
     "the JSON report"},
    {"--rtl-dir", true, UC_WAVES | UC_COSIM, u_path, NULL, 3, "DIR",
     "take the unit's RTL from DIR"},
    {"--coverage", false, UC_COSIM, u_flag, NULL, 1, NULL,
     "print every transition row and every cover point"},
    {"--netlist", false, UC_WAVES, u_flag, NULL, 2, NULL,
     "trace the gate-level netlist instead of the RTL"},
    {"--netlist", false, UC_MUTANTS, u_flag, NULL, 2, NULL,
     "synthesize every mutant and run its netlist (also the mutants\n"
     "of tests/mutants/<unit>/netlist/)"},
    /* two options on one line, the text three spaces after them, as it was written */
    {"--steer", true, UC_WAVES | UC_MUTANTS, u_steer, NULL, 0, "on|off, --illegal-rate N  ",
     "the stimulus, as for cosim (gpucoh cosim --help)"},
    {"--out", true, UC_MUTANTS, u_path, NULL, 1, "DIR",
     "reports (default build/out): mutants-<unit>.json and\nmutant-<unit>-<name>.json"},
    {"--json", true, UC_MUTANTS, u_path, NULL, 2, "FILE", "the campaign's JSON report"},
    {"--check-only", false, UC_MUTANTS, u_flag, NULL, 4, NULL,
     "read and check every mutant file against the RTL, list them and\n"
     "stop: no build, no run, no report (`gpucoh campaign plan` uses it)"},
    {"--baseline-only", false, UC_MUTANTS, u_flag, NULL, 5, NULL,
     "run the unmutated RTL alone (a campaign's first job)"},
    {"--no-baseline", false, UC_MUTANTS, u_flag, NULL, 6, NULL,
     "do not run the unmutated RTL (a campaign's mutant job; its\n"
     "--baseline-only job judges the baseline)"},
    {"--quiet", false, UC_WAVES | UC_COSIM, u_flag, NULL, 0, NULL, "only the summary line"},
    {"--steer", true, UC_COSIM, u_steer, NULL, 0, "on|off",
     "steer the random stimulus to the corners of the unit's cover\n"
     "points (biased values, targeted phases; default on). off: the\n"
     "stimulus of before the cover points (same seed, same inputs),\n"
     "to show what only steering reaches (docs/testing.md)"},
    {"--illegal-rate", true, UC_COSIM, u_rate, NULL, 0, "N",
     "in N of 1000 cycles (0..1000, up to two decimals) present an\n"
     "illegal input; C and RTL must agree on its effect (default 0.1\n"
     "with steering, 0 with --steer off). sig_bloom: reserved op\n"
     "6/7, at C = m a READ/LOAD of chunk index 1 (sig_bloom.md\n"
     "section 11; not with --stim directed). avu: a protocol error\n"
     "of avu.md section 9 from the RDU or the SM side. tc_gwct: a\n"
     "G2 input (ack of an idle wavefront, issue at the maximum,\n"
     "wavefront >= NumWf); the RTL's assertion count must equal\n"
     "the model's error count (tc_gwct.md G2)"},
    {"--netlist", false, UC_COSIM, u_flag, NULL, 2, NULL,
     "run the gate-level netlist instead of the RTL: the Yosys\n"
     "netlist on osu018 cells that `gpucoh area` reports for the\n"
     "same parameters (its cached result, else synthesized now,\n"
     "progress on stderr), Verilated with cell models from the\n"
     "liberty's function/ff groups behind the same shim, cached in\n"
     "build/rtl/<unit>-netlist-*. Compared: every output; the state\n"
     "through the register names the netlist keeps, except bits\n"
     "synthesis removed (no output depends on them; taken from the\n"
     "C model). Not compared: RTL assertions (synthesis drops them).\n"
     "The summary and the JSON say impl=netlist and what was\n"
     "compared. The units with one: below"},
    /* the generic entries: every unit command parses every option (area refuses most) */
    {"--param", true, 0, u_param, NULL, 0, NULL, NULL},
    {"--cycles", true, 0, u_num, NULL, U_CYCLES, NULL, NULL},
    {"--seed", true, 0, u_num, NULL, U_SEED, NULL, NULL},
    {"--from", true, 0, u_num, NULL, U_FROM, NULL, NULL},
    {"--to", true, 0, u_num, NULL, U_TO, NULL, NULL},
    {"--window", true, 0, u_num, NULL, U_WINDOW, NULL, NULL},
    {"--stim", true, 0, u_stim, NULL, 0, NULL, NULL},
    {"--steer", true, 0, u_steer, NULL, 0, NULL, NULL},
    {"--illegal-rate", true, 0, u_rate, NULL, 0, NULL, NULL},
    {"--wave", true, 0, u_path, NULL, 0, NULL, NULL},
    {"--out", true, 0, u_path, NULL, 1, NULL, NULL},
    {"--json", true, 0, u_path, NULL, 2, NULL, NULL},
    {"--rtl-dir", true, 0, u_path, NULL, 3, NULL, NULL},
    {"--mutants", true, 0, u_path, NULL, 4, NULL, NULL},
    {"--quiet", false, 0, u_flag, NULL, 0, NULL, NULL},
    {"--coverage", false, 0, u_flag, NULL, 1, NULL, NULL},
    {"--netlist", false, 0, u_flag, NULL, 2, NULL, NULL},
    {"--check-only", false, 0, u_flag, NULL, 4, NULL, NULL},
    {"--baseline-only", false, 0, u_flag, NULL, 5, NULL, NULL},
    {"--no-baseline", false, 0, u_flag, NULL, 6, NULL, NULL},
    {"--help", false, 0, u_flag, NULL, 3, NULL, NULL},
    {"-h", false, 0, u_flag, NULL, 3, NULL, NULL},
};

/* The command's bit in unit_opts. */
static unsigned unit_cmd_bit(const char* cmd) {
    static const char* const names[] = {"waves", "area", "bench", "mutants", "cosim"};
    for (unsigned k = 0; k < 5; k++)
        if (!strcmp(cmd, names[k]))
            return 1u << k;
    return 0;
}

static void gpucoh_unit_opts_help(const char* cmd, FILE* f) {
    const gpucoh_optset_t set = {.cmd = cmd,
                                 .cmd_bit = unit_cmd_bit(cmd),
                                 .opts = unit_opts,
                                 .nopts = (int)(sizeof unit_opts / sizeof unit_opts[0])};
    gpucoh_opt_help(&set, 23, f);
}

/* The unit named first, if any (a word not starting with '-'): 0, or -1 after a message. */
static int parse_unit(int argc, char** argv, int* i, int unit_required, args_t* a) {
    if (*i < argc && argv[*i][0] != '-') {
        a->u = gpucoh_unit_find(argv[*i]);
        if (!a->u) {
            fprintf(stderr, "gpucoh: unknown unit '%s'; known units:", argv[*i]);
            for (const gpucoh_unit_t* const* u = gpucoh_units(); *u; u++)
                fprintf(stderr, " %s", (*u)->name);
            fprintf(stderr, "\n");
            return -1;
        }
        (*i)++;
    } else if (unit_required) {
        fprintf(stderr, "gpucoh: %s needs a unit name (see `gpucoh list`)\n", argv[*i - 1]);
        return -1;
    }
    return 0;
}

/* Parse "[unit] options". unit_required: 1 = must be given, 0 = optional. */
static int parse_args(int argc, char** argv, int first, int unit_required, args_t* a) {
    memset(a, 0, sizeof *a);
    a->seed = 1;
    a->stim = GPUCOH_STIM_MIXED;
    a->window = 64;
    for (int k = first; k < argc; k++)
        if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) {
            a->help = true; /* the command prints its help; nothing else is checked */
            return 0;
        }
    int i = first;
    if (parse_unit(argc, argv, &i, unit_required, a) != 0)
        return -1;
    uparse_t p = {.a = a};
    const gpucoh_optset_t set = {.cmd = argv[first - 1],
                                 .cmd_bit = unit_cmd_bit(argv[first - 1]),
                                 .opts = unit_opts,
                                 .nopts = (int)(sizeof unit_opts / sizeof unit_opts[0]),
                                 .refuse = gpucoh_refuse_plain};
    if (gpucoh_opt_parse(&set, argc, argv, i, &p) != 0)
        return -1;
    if (p.np && !a->u) {
        fprintf(stderr, "gpucoh: --param needs a unit name before it\n");
        return -1;
    }
    if (a->u) {
        char err[512];
        for (int k = 0; k < p.np; k++) {
            if (gpucoh_param_set(a->u, &a->pv, p.params[k], err, sizeof err) != 0) {
                fprintf(stderr, "gpucoh: %s\n", err);
                return -1;
            }
        }
        if (a->u->resolve(&a->pv, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return -1;
        }
    }
    return 0;
}

/* The system commands of every protocol (tb/sys/sys_cli.c): --help / -h anywhere answers with the
 * usage. */
static int tc_cmd(const char* what, int argc, char** argv, int first) {
    for (int i = first; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return sys_cli_usage(what, stdout) == 0 ? 0 : 2;
    return sys_cli_main(what, argc, argv, first);
}

static int cmd_list(int argc, char** argv) {
    if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
        return gpucoh_cmd_help("list", stdout);
    if (argc > 2) {
        fprintf(stderr, "gpucoh: list takes no arguments, got '%s'\n", argv[2]);
        return EXIT_USAGE;
    }
    printf("%-12s %-8s %s\n", "unit", "status", "description");
    for (const gpucoh_unit_t* const* up = gpucoh_units(); *up; up++) {
        const gpucoh_unit_t* u = *up;
        printf("%-12s %-8s %s\n", u->name, u->status, u->summary);
        printf("%-12s %-8s source: %s\n", "", "", u->source);
        for (unsigned i = 0; i < u->nparams; i++)
            printf("%-12s %-8s   --param %-12s %s\n", "", "", u->params[i].name, u->params[i].help);
    }
    return 0;
}

static void fill_cosim(const args_t* a, gpucoh_cosim_opts_t* o) {
    memset(o, 0, sizeof *o);
    o->u = a->u;
    o->pv = a->pv;
    o->seed = a->seed;
    o->cycles = a->cycles_set ? a->cycles : 100000;
    o->stim = a->stim;
    o->rtl_dir = a->rtl_dir;
    o->out_dir = a->out;
    o->json_path = a->json;
    o->window = a->window;
    o->quiet = a->quiet;
    o->print_coverage = a->coverage;
    o->netlist = a->netlist;
    o->no_steer = a->steer_off;
    o->illegal_set = a->illegal_set;
    o->illegal_rate = a->illegal_rate;
}

/* --mutants FILE belongs to `gpucoh mutants`: elsewhere it would be ignored, so it is refused. */
static int mutants_refused(const args_t* a, const char* cmd) {
    if (a->check_only || a->base_only || a->no_base) {
        fprintf(stderr,
                "gpucoh: %s takes no --check-only, --baseline-only or --no-baseline (gpucoh "
                "mutants <unit> does)\n",
                cmd);
        return 1;
    }
    if (!a->mutants_file)
        return 0;
    fprintf(stderr, "gpucoh: %s takes no --mutants (gpucoh mutants <unit> --mutants FILE does)\n",
            cmd);
    return 1;
}

/* --steer / --illegal-rate belong to the commands that run a unit's own stimulus. */
static int stim_refused(const args_t* a, const char* cmd) {
    if (!a->steer_set && !a->illegal_set)
        return 0;
    fprintf(stderr, "gpucoh: %s takes no %s (cosim, waves and mutants do)\n", cmd,
            a->steer_set ? "--steer" : "--illegal-rate");
    return 1;
}

static bool hier_point(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, char* only, size_t on,
                       char* name, size_t nn);

static void cosim_help(FILE* f) {
    fputs("usage: gpucoh cosim <unit> [options]   (the system: gpucoh help, docs/system.md)\n"
          "\n"
          "Lockstep co-simulation: every cycle the same input goes to the C model and to the\n"
          "Verilated unit; every output and the full architectural state are compared, the\n"
          "first divergence stops the run (report, JSON, FST window, GTKWave save file,\n"
          "replay line).\n"
          "\n",
          f);
    gpucoh_unit_opts_help("cosim", f); /* the option table's cosim lines */
    fputs("\nNetlist lockstep: ", f);
    /* the unit lists: the manifest's (netlist, context, synth_hier) */
    fprintf(f, "%s, at a parameter set `gpucoh area`\n", unit_names(own_netlist, " ", " "));
    fprintf(f, "synthesizes flat (not the %s defaults, synthesized hierarchically).\n",
            unit_names(synth_hier, "/", "/"));
    fputs("docs/testing.md, \"Netlist lockstep\"\n\n", f);
    fprintf(f, "%s\nhave no standalone lockstep (their inputs are the ",
            unit_names(is_slot, ", ", " and "));
    fputs("system's traffic): `gpucoh cosim tc_l1\n"
          "[--netlist] [--param ...]` runs `gpucoh cosim system --protocol tc-weak --rtl l1\n"
          "[--netlist l1]`, only that unit as RTL (or netlist), the others as C models, the\n"
          "parameters not given at the system's small configuration; `gpucoh cosim gpu_l1`\n"
          "likewise runs `gpucoh cosim system --protocol gpu-d --rtl l1` (--protocol gpu-h for\n"
          "the other variant), `gpucoh cosim denovo_l1` runs `... --protocol denovo-d --rtl l1`\n"
          "(--protocol denovo-d-ro or denovo-h for the others; tc_l2, gpu_l2, denovo_l2:\n"
          "--rtl l2); --cycles, --seed, --json, --quiet, --coverage, --rtl-dir, --wave,\n"
          "--window and --out as for the system (gpucoh help).\n",
          f);
}

/* --netlist: refuse a unit or parameter set without a netlist lockstep (exit 2). */
static int netlist_refused(const args_t* a, const char* cmd) {
    if (!a->netlist || !a->u)
        return 0;
    if (!gpucoh_netlist_supported(a->u)) {
        fprintf(stderr, "gpucoh: %s %s --netlist: %s has no netlist lockstep (units with one:", cmd,
                a->u->name, a->u->name);
        for (const gpucoh_unit_t* const* u = gpucoh_units(); *u; u++) /* the manifest */
            if ((*u)->netlist && !strcmp((*u)->context, "standalone"))
                fprintf(stderr, " %s", (*u)->name);
        fprintf(stderr, ")\n");
        return 1;
    }
    char only[256], name[64];
    if (hier_point(a->u, &a->pv, only, sizeof only, name, sizeof name)) {
        fprintf(stderr,
                "gpucoh: %s %s --netlist: at these parameters `gpucoh area` synthesizes %s "
                "hierarchically (sig_store black boxes, synth/hier.sh), so there is no netlist of "
                "the whole unit to run; choose a set it synthesizes flat, e.g. --param m=512%s\n",
                cmd, a->u->name, a->u->name, strcmp(a->u->name, "rdu") == 0 ? " --param n=4" : "");
        return 1;
    }
    return 0;
}

/* The registered protocol (tb/cli/protocols.c) one of whose system slots is unit u, and
 * that slot's name ("l1"): tc_l1 -> tc, l1; gpu_l2 -> gpu, l2. NULL: u is no system slot. */
static const gsys_proto_t* system_slot(const gpucoh_unit_t* u, const char** slot) {
    for (const gsys_proto_t* const* q = gsys_protocols(); u && *q; q++)
        for (uint32_t k = 0; k < (*q)->nslots; k++)
            if ((*q)->slots[k].ops->unit == u) {
                *slot = (*q)->slots[k].name;
                return *q;
            }
    return NULL;
}

/* Units co-simulated only inside the shared system (tc_l1, tc_l2, gpu_l1, gpu_l2) have no
 * standalone adapter: the message names the command that runs them. */
static int system_only(const gpucoh_unit_t* u, const char* cmd) {
    if (u && !u->tb) {
        const char* t = "l1";
        const gsys_proto_t* P = system_slot(u, &t);
        const char* v = P ? P->variants[P->default_variant].name : "tc-weak";
        fprintf(stderr,
                "gpucoh: %s %s: %s is co-simulated inside the %s system; use `gpucoh cosim %s` "
                "(the system lockstep, --protocol %s by default, with only %s as RTL) or "
                "`gpucoh cosim system --protocol %s --rtl %s` (docs/system.md)\n",
                cmd, u->name, u->name, P ? P->name : "shared", u->name, v, u->name, v, t);
        return 1;
    }
    return 0;
}

/* `gpucoh cosim tc_l1|tc_l2|gpu_l1|gpu_l2 [--netlist]`: the unit has no standalone lockstep (its
 * inputs are the system's traffic), so this is the system lockstep of the unit's protocol (its
 * default variant unless --protocol names another variant of it) with only that unit as RTL (or
 * as its netlist) and the rest as C models: `gpucoh cosim system --protocol V --rtl l1
 * [--netlist l1]`. --param
 * takes the unit's parameters (the system's names; checked here against the unit), the ones not
 * given are the small configuration's; every other option is the system's (docs/testing.md,
 * "Netlist lockstep"). Options of the standalone lockstep without a meaning there are refused
 * (exit 2). */
static int cosim_in_system(const gpucoh_unit_t* u, int argc, char** argv) {
    static const char* const no_system[] = {"--stim", "--from", "--to", "--mutants", NULL};
    const char* t = "l1";
    const gsys_proto_t* P = system_slot(u, &t);
    if (!P) {
        fprintf(stderr, "gpucoh: cosim %s: no registered protocol has it as a system unit\n",
                u->name);
        return EXIT_USAGE;
    }
    const char* variant = P->variants[P->default_variant].name;
    bool netlist = false, protocol_given = false;
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    char err[512];
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            cosim_help(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--netlist"))
            netlist = true;
        for (const char* const* n = no_system; *n; n++)
            if (!strcmp(argv[i], *n)) {
                fprintf(stderr,
                        "gpucoh: cosim %s: %s runs in the %s system lockstep (`gpucoh cosim "
                        "system --protocol %s --rtl %s`), which has no %s (its traffic is the "
                        "system's random workload; docs/system.md)\n",
                        u->name, u->name, P->name, variant, t, *n);
                return EXIT_USAGE;
            }
        if (!strcmp(argv[i], "--param") && i + 1 < argc &&
            gpucoh_param_set(u, &pv, argv[i + 1], err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return EXIT_USAGE;
        }
        if (!strcmp(argv[i], "--protocol") && i + 1 < argc) {
            uint32_t vi;
            if (gsys_variant_find(argv[i + 1], &vi) != P) {
                fprintf(stderr,
                        "gpucoh: cosim %s: --protocol %s is not a variant of %s's protocol %s "
                        "(its variants:",
                        u->name, argv[i + 1], u->name, P->name);
                for (uint32_t k = 0; k < P->nvariants; k++)
                    fprintf(stderr, " %s", P->variants[k].name);
                fprintf(stderr, ")\n");
                return EXIT_USAGE;
            }
            protocol_given = true;
        }
        if (!strcmp(argv[i], "--rtl") || !strcmp(argv[i], "--impl")) {
            fprintf(stderr,
                    "gpucoh: cosim %s: runs %s alone as RTL (or netlist), so it takes no %s; "
                    "choose the units with `gpucoh cosim system %s`\n",
                    u->name, u->name, argv[i], argv[i]);
            return EXIT_USAGE;
        }
    }
    char* nargv[256];
    int n = 0;
    static char s_gpucoh[] = "gpucoh", s_cosim[] = "cosim", s_system[] = "system",
                s_rtl[] = "--rtl", s_netlist[] = "--netlist", s_protocol[] = "--protocol";
    static char s_slot[32], s_variant[64];
    snprintf(s_slot, sizeof s_slot, "%s", t);
    snprintf(s_variant, sizeof s_variant, "%s", variant);
    nargv[n++] = s_gpucoh;
    nargv[n++] = s_cosim;
    nargv[n++] = s_system;
    if (!protocol_given) {
        nargv[n++] = s_protocol;
        nargv[n++] = s_variant;
    }
    nargv[n++] = s_rtl;
    nargv[n++] = s_slot;
    if (netlist) {
        nargv[n++] = s_netlist;
        nargv[n++] = s_slot;
    }
    fprintf(stderr,
            "gpucoh: cosim %s: the %s system lockstep with %s as its %s, the other units as C "
            "models (parameters not given: --config's, small by default):\n  gpucoh cosim system "
            "%s%s%s--rtl %s%s%s",
            u->name, P->name, u->name, netlist ? "netlist" : "RTL",
            protocol_given ? "" : "--protocol ", protocol_given ? "" : variant,
            protocol_given ? "" : " ", t, netlist ? " --netlist " : "", netlist ? t : "");
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "--netlist"))
            continue;
        if (n >= (int)(sizeof nargv / sizeof nargv[0]) - 1) {
            fprintf(stderr, "\ngpucoh: too many arguments\n");
            return EXIT_USAGE;
        }
        nargv[n++] = argv[i];
        fprintf(stderr, " %s", argv[i]);
    }
    fprintf(stderr, "\n");
    nargv[n] = NULL;
    return sys_cli_main("cosim system", n, nargv, 3);
}

/* The exit status of a unit run: 1 diverged, 130 interrupted (Ctrl-C), else 0. */
static int run_status(const gpucoh_cosim_result_t* r) {
    if (r->diverged)
        return EXIT_FAILED;
    if (r->interrupted) {
        fprintf(stderr, "gpucoh: interrupted (Ctrl-C) after %llu cycles\n",
                (unsigned long long)r->cycles_run);
        return GPUCOH_EXIT_INTERRUPTED;
    }
    return 0;
}

/* The report of a command: --json FILE, else <--out DIR, default build/out>/<name>; the
 * directory is created and both are checked before anything runs (docs/cli.md). The
 * directory in use goes to odir (for a command's other files). */
static int report_path(const args_t* a, const char* name, char* path, size_t n, char* odir,
                       size_t on) {
    char err[1024];
    snprintf(odir, on, "%s", a->out ? a->out : gpucoh_default_out());
    if ((a->out || !a->json) &&
        gpucoh_check_out_dir(a->out ? "--out" : "the default output directory", odir, err,
                             sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    if (a->json)
        snprintf(path, n, "%s", a->json);
    else
        snprintf(path, n, "%s/%s", odir, name);
    if (gpucoh_check_out_file("--json", path, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return -1;
    }
    return 0;
}

/* "<what>-<unit>[-<params off their defaults>].json", the default report name (docs/cli.md) */
static void unit_report_name(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* what,
                             char* buf, size_t n) {
    char diff[512], tag[64];
    gpucoh_param_diff(u, pv, diff, sizeof diff);
    gpucoh_name_tag(diff, tag, sizeof tag);
    snprintf(buf, n, "%s-%s%s.json", what, u->name, tag);
}

static int cmd_cosim(int argc, char** argv) {
    if (argc > 2 && !strcmp(argv[2], "system"))
        return tc_cmd("cosim system", argc, argv, 3);
    const gpucoh_unit_t* tu = argc > 2 ? gpucoh_unit_find(argv[2]) : NULL;
    const char* slot;
    if (tu && !tu->tb && system_slot(tu, &slot))
        return cosim_in_system(tu, argc, argv);
    args_t a;
    if (parse_args(argc, argv, 2, 1, &a) != 0)
        return EXIT_USAGE;
    if (a.help) {
        cosim_help(stdout);
        return 0;
    }
    if (mutants_refused(&a, "cosim") || system_only(a.u, "cosim") || netlist_refused(&a, "cosim"))
        return EXIT_USAGE;
    if (a.from_set || a.to_set) {
        fprintf(stderr, "gpucoh: --from/--to belong to `gpucoh waves`; cosim --wave traces the "
                        "whole run\n");
        return EXIT_USAGE;
    }
    gpucoh_cosim_opts_t o;
    fill_cosim(&a, &o);
    o.wave_path = a.wave;
    o.wave_from = 0;
    o.wave_to = o.cycles;
    gpucoh_cosim_result_t r;
    char err[1024];
    gpucoh_catch_interrupt(); /* Ctrl-C: finalized trace, report "interrupted", exit 130 */
    if (gpucoh_cosim_run(&o, &r, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return gpucoh_interrupted ? GPUCOH_EXIT_INTERRUPTED : EXIT_USAGE;
    }
    if (a.wave && !r.no_wave)
        printf("  waves     %s%s\n", a.wave, r.interrupted ? " (up to the interruption)" : "");
    printf("  report    %s\n", r.json_path);
    return run_status(&r);
}

static int cmd_waves(int argc, char** argv) {
    args_t a;
    if (parse_args(argc, argv, 2, 1, &a) != 0)
        return EXIT_USAGE;
    if (a.help)
        return gpucoh_cmd_help_with("waves", stdout, gpucoh_unit_opts_help);
    if (mutants_refused(&a, "waves") || system_only(a.u, "waves") || netlist_refused(&a, "waves"))
        return EXIT_USAGE;
    gpucoh_cosim_opts_t o;
    fill_cosim(&a, &o);
    uint64_t from = a.from_set ? a.from : 0;
    uint64_t to = a.to_set ? a.to : (a.cycles_set ? a.cycles : from + 2000);
    if (to <= from) {
        fprintf(stderr, "gpucoh: waves: --to (%llu) must be greater than --from (%llu)\n",
                (unsigned long long)to, (unsigned long long)from);
        return EXIT_USAGE;
    }
    if (a.cycles_set && a.cycles < to) {
        fprintf(stderr, "gpucoh: waves: --cycles %llu ends before --to %llu\n",
                (unsigned long long)a.cycles, (unsigned long long)to);
        return EXIT_USAGE;
    }
    o.cycles = to;
    o.quiet = true; /* a short traced run: the summary line, not the uncovered-row list */
    o.command = "waves";
    char def[PATH_MAX], err[1024];
    const char* odir = a.out ? a.out : gpucoh_default_out();
    if (!a.wave) {
        snprintf(def, sizeof def, "%s/%s-seed%llu.fst", odir, a.u->name,
                 (unsigned long long)a.seed);
        if (gpucoh_check_out_dir(a.out ? "--out" : "the default output directory", odir, err,
                                 sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return EXIT_USAGE;
        }
    }
    o.wave_path = a.wave ? a.wave : def;
    o.wave_from = from;
    o.wave_to = to;
    gpucoh_cosim_result_t r;
    gpucoh_catch_interrupt(); /* Ctrl-C: finalized trace, report "interrupted", exit 130 */
    if (gpucoh_cosim_run(&o, &r, err, sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return gpucoh_interrupted ? GPUCOH_EXIT_INTERRUPTED : EXIT_USAGE;
    }
    if (r.no_wave) {
        printf("  waves     none: interrupted at cycle %llu, before --from %llu\n",
               (unsigned long long)r.cycles_run, (unsigned long long)from);
        printf("  report    %s\n", r.json_path);
        return run_status(&r);
    }
    char gtkw[PATH_MAX + 8];
    snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(o.wave_path) - 4), o.wave_path);
    char abs[PATH_MAX];
    const char* dump = realpath(o.wave_path, abs) ? abs : o.wave_path;
    char comment[256];
    snprintf(comment, sizeof comment, "cycles %llu..%llu, seed %llu", (unsigned long long)from,
             (unsigned long long)to, (unsigned long long)a.seed);
    if (gpucoh_write_gtkw(a.u, &a.pv, dump, gtkw, -1, (int64_t)(2 * from), comment, err,
                          sizeof err) != 0) {
        fprintf(stderr, "gpucoh: %s\n", err);
        return EXIT_USAGE;
    }
    const uint64_t wend = r.interrupted ? r.cycles_run : to;
    printf("  waves     %s (cycles %llu..%llu; time = 2 x cycle)%s\n", o.wave_path,
           (unsigned long long)from, (unsigned long long)wend,
           r.interrupted ? " up to the interruption" : "");
    printf("  view      gtkwave %s %s\n", o.wave_path, gtkw);
    printf("  report    %s\n", r.json_path);
    return run_status(&r);
}

/* The units synthesized by the hierarchical flow (synth/hier.sh, docs/area-method.md §7): the
 * manifest's synth_hier. */
static bool hier_unit(const gpucoh_unit_t* u) {
    return u->synth_hier;
}

/* Is pv a point of synth/hier.sh (every parameter at its default except m = 1K..16K)? If so,
 * give the --only expression of its points and the name of its total result. */
static bool hier_point(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, char* only, size_t on,
                       char* name, size_t nn) {
    if (!hier_unit(u))
        return false;
    unsigned im = u->nparams, in = u->nparams;
    for (unsigned i = 0; i < u->nparams; i++) {
        if (strcmp(u->params[i].name, "m") == 0)
            im = i;
        if (strcmp(u->params[i].name, "n") == 0)
            in = i;
    }
    if (im == u->nparams)
        return false;
    const uint64_t m = pv->v[im];
    if (m != 1024 && m != 2048 && m != 4096 && m != 8192 && m != 16384)
        return false;
    gpucoh_pvals_t d;
    memset(&d, 0, sizeof d);
    d.v[im] = m;
    d.set[im] = true;
    char err[256];
    if (u->resolve(&d, err, sizeof err) != 0)
        return false;
    for (unsigned i = 0; i < u->nparams; i++) {
        char x[96], y[96];
        gpucoh_param_rtl(u, pv, i, x, sizeof x);
        gpucoh_param_rtl(u, &d, i, y, sizeof y);
        if (strcmp(x, y) != 0)
            return false;
    }
    if (in < u->nparams) {
        const unsigned long long n = (unsigned long long)pv->v[in];
        snprintf(name, nn, "%s_m%llu_n%llu", u->name, (unsigned long long)m, n);
        snprintf(only, on, "^(sig_store_m%llu|%s_top_m%llu_n%llu)$", (unsigned long long)m, u->name,
                 (unsigned long long)m, n);
    } else {
        snprintf(name, nn, "%s_m%llu", u->name, (unsigned long long)m);
        snprintf(only, on, "^(sig_store_m%llu|%s_top_m%llu)$", (unsigned long long)m, u->name,
                 (unsigned long long)m);
    }
    return true;
}

static int cmd_area(int argc, char** argv) {
    args_t a;
    if (parse_args(argc, argv, 2, 1, &a) != 0)
        return EXIT_USAGE;
    if (a.help)
        return gpucoh_cmd_help_with("area", stdout, gpucoh_unit_opts_help);
    if (a.cycles_set || a.wave || a.rtl_dir || a.from_set || a.to_set || a.netlist || a.steer_set ||
        a.illegal_set || a.mutants_file) {
        fprintf(stderr, "gpucoh: area takes only --param, --out and --json\n");
        return EXIT_USAGE;
    }
    const gpucoh_unit_t* u = a.u;
    const char* root = gpucoh_root();
    char jpath[PATH_MAX + 32], odir[PATH_MAX], jname[96];
    unit_report_name(u, &a.pv, "area", jname, sizeof jname);
    if (report_path(&a, jname, jpath, sizeof jpath, odir, sizeof odir) != 0)
        return EXIT_USAGE;
    char work[PATH_MAX];
    gpucoh_area_workdir(u, &a.pv, NULL, work, sizeof work); /* also the netlist lockstep's */
    gpucoh_area_t r;
    char err[1024] = "";
    char hier_only[256], hier_name[64];
    int rc = 0;
    if (hier_point(u, &a.pv, hier_only, sizeof hier_only, hier_name, sizeof hier_name)) {
        /* a point of the hierarchical flow: top + N x sig_store black boxes (synth/hier.sh) */
        char log[PATH_MAX + 32];
        snprintf(log, sizeof log, "%s/build/area/hier-%s.log", root, hier_name);
        char dir[PATH_MAX + 16];
        snprintf(dir, sizeof dir, "%s/build/area", root);
        mkdir(dir, 0777);
        fprintf(stderr,
                "gpucoh: %s: hierarchical flow (synth/hier.sh: top + sig_store black boxes); "
                "reuses synth/results/%s.area.txt if its inputs are unchanged, else synthesizes "
                "(minutes; up to ~30 min at m = 16K; log %s) ...\n",
                u->name, hier_name, log);
        rc = gpucoh_area_hier(root, hier_only, hier_name, log, &r, err, sizeof err);
    } else {
        if (hier_unit(u))
            fprintf(stderr,
                    "gpucoh: warning: %s with these parameters is synthesized flat; at N x m "
                    "beyond ~16 Kbit of signatures that takes hours and tens of GB (the "
                    "hierarchical flow covers the defaults with m = 1024..16384)\n",
                    u->name);
        const uint32_t bits = u->storage_bits ? u->storage_bits(&a.pv) : 0;
        if (bits > 100000u)
            fprintf(stderr,
                    "gpucoh: warning: %s with these parameters holds %u storage bits in "
                    "flip-flops; a flat synthesis that large takes hours and tens of GB. The "
                    "controllers' paper sizes are extrapolated from reduced points in "
                    "docs/area-tc.md and docs/area-gpu.md (synth/tc.sh, synth/gpu.sh)\n",
                    u->name, (unsigned)bits);
        fprintf(stderr, "gpucoh: synthesizing %s (Yosys + osu018, OpenSTA) in %s ...\n", u->name,
                work);
        rc = gpucoh_area_flat(u, &a.pv, NULL, NULL, work, &r, err, sizeof err);
    }
    if (rc != 0)
        fprintf(stderr, "gpucoh: %s\n", err);
    char label[512];
    size_t l = (size_t)snprintf(label, sizeof label, "%s", u->name);
    for (unsigned i = 0; i < u->nparams; i++) {
        char v[64];
        gpucoh_param_str(u, &a.pv, i, v, sizeof v);
        l += (size_t)snprintf(label + l, sizeof label - l, " %s=%s", u->params[i].name, v);
    }
    if (rc == 0)
        gpucoh_area_print(stdout, label, &r);
    /* the report, also of a failed synthesis (verdict "error" and its message) */
    gpucoh_afile_t af;
    char jerr[1024];
    if (gpucoh_afile_open(&af, jpath, jerr, sizeof jerr) != 0) {
        fprintf(stderr, "gpucoh: %s\n", jerr);
        return EXIT_FAILED;
    }
    fprintf(af.f, "{\"tool\": \"gpucoh area\", \"version\": ");
    gpucoh_json_str(af.f, gpucoh_version());
    fprintf(af.f, ", \"unit\": \"%s\", \"params\": ", u->name);
    gpucoh_params_json(af.f, u, &a.pv);
    fprintf(af.f, ", \"label\": ");
    gpucoh_json_str(af.f, label);
    fprintf(af.f, ", \"flow\": \"%s\", \"workdir\": ",
            hier_point(u, &a.pv, hier_only, sizeof hier_only, hier_name, sizeof hier_name)
                ? "hierarchical"
                : "flat");
    gpucoh_json_str(af.f, work);
    if (rc == 0) {
        fprintf(af.f, ", \"area\": ");
        gpucoh_area_json(af.f, &r);
        fprintf(af.f, ", \"verdict\": \"pass\"}\n");
    } else {
        fprintf(af.f, ", \"error\": ");
        gpucoh_json_str(af.f, err);
        fprintf(af.f, ", \"verdict\": \"error\"}\n");
    }
    if (gpucoh_afile_commit(&af, jerr, sizeof jerr) != 0) {
        fprintf(stderr, "gpucoh: %s\n", jerr);
        return EXIT_FAILED;
    }
    printf("  report    %s\n", jpath);
    return rc == 0 ? 0 : EXIT_FAILED;
}

static int cmd_bench(int argc, char** argv) {
    if (argc > 2 && !strcmp(argv[2], "system"))
        return tc_cmd("bench system", argc, argv, 3);
    args_t a;
    if (parse_args(argc, argv, 2, 0, &a) != 0)
        return EXIT_USAGE;
    if (a.help)
        return gpucoh_cmd_help_with("bench", stdout, gpucoh_unit_opts_help);
    if (mutants_refused(&a, "bench") || system_only(a.u, "bench") || stim_refused(&a, "bench"))
        return EXIT_USAGE;
    if (a.netlist) {
        fprintf(stderr, "gpucoh: bench has no --netlist (tools/bench_netlist.sh times netlist "
                        "lockstep against RTL lockstep)\n");
        return EXIT_USAGE;
    }
    if (!a.u)
        a.u = gpucoh_unit_find("sig_bloom");
    if (!a.pv.set[0]) {
        char err[256];
        if (a.u->resolve(&a.pv, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return EXIT_USAGE;
        }
    }
    char jpath[PATH_MAX + 32], odir[PATH_MAX], jname[96];
    unit_report_name(a.u, &a.pv, "bench", jname, sizeof jname);
    if (report_path(&a, jname, jpath, sizeof jpath, odir, sizeof odir) != 0)
        return EXIT_USAGE;
    return gpucoh_bench(a.u, &a.pv, a.cycles_set ? a.cycles : 1000000, a.seed, jpath, odir);
}

static int cmd_mutants(int argc, char** argv) {
    args_t a;
    if (parse_args(argc, argv, 2, 1, &a) != 0)
        return EXIT_USAGE;
    if (a.help)
        return gpucoh_cmd_help_with("mutants", stdout, gpucoh_unit_opts_help);
    if (netlist_refused(&a, "mutants"))
        return EXIT_USAGE;
    if (a.steer_set && !a.u->tb && a.netlist) {
        fprintf(stderr,
                "gpucoh: mutants %s --netlist: --steer applies to the RTL campaign of the TC "
                "system units (their netlist runs use the unsteered traffic)\n",
                a.u->name);
        return EXIT_USAGE;
    }
    if (a.illegal_set && !a.u->tb) {
        fprintf(stderr,
                "gpucoh: mutants %s: its mutants run in the system only, which has no "
                "--illegal-rate here (cosim system --illegal-rate / --l2-illegal-rate)\n",
                a.u->name);
        return EXIT_USAGE;
    }
    if ((a.steer_set || a.illegal_set) && a.u->tb) {
        gpucoh_cosim_opts_t o;
        fill_cosim(&a, &o);
        char err[512];
        if (gpucoh_cosim_check_stim(&o, err, sizeof err) != 0) {
            fprintf(stderr, "gpucoh: %s\n", err);
            return EXIT_USAGE;
        }
    }
    if (a.base_only && a.no_base) {
        fprintf(stderr, "gpucoh: mutants: --baseline-only and --no-baseline exclude each other\n");
        return EXIT_USAGE;
    }
    if (a.check_only)
        return gpucoh_mutants_check(a.u, a.mutants_file, a.netlist);
    const gpucoh_stim_cfg_t stim = {
        .steer = !a.steer_off, .illegal_set = a.illegal_set, .illegal_rate = a.illegal_rate};
    char jpath[PATH_MAX + 32], odir[PATH_MAX], jname[96];
    unit_report_name(a.u, &a.pv, "mutants", jname, sizeof jname);
    if (report_path(&a, jname, jpath, sizeof jpath, odir, sizeof odir) != 0)
        return EXIT_USAGE;
    return gpucoh_mutants(a.u, &a.pv, a.mutants_file, a.cycles_set ? a.cycles : 200000, a.seed,
                          jpath, odir, a.netlist, &stim,
                          a.base_only ? GPUCOH_MUTANTS_BASELINE
                          : a.no_base ? GPUCOH_MUTANTS_NO_BASELINE
                                      : GPUCOH_MUTANTS_WHOLE);
}

/* `gpucoh help [command]`: the command list, or that command's --help (as it prints it). */
static int help_cmd(int argc, char** argv) {
    if (argc == 2 || strcmp(argv[1], "help") != 0) {
        usage(stdout);
        return 0;
    }
    if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
        return gpucoh_cmd_help("help", stdout);
    char name[64];
    snprintf(name, sizeof name, "%s%s%s", argv[2], argc > 3 ? " " : "", argc > 3 ? argv[3] : "");
    if (argc <= 4 && (sys_cli_usage(name, stdout) == 0 ||
                      gpucoh_cmd_help_with(name, stdout, gpucoh_unit_opts_help) == 0))
        return 0;
    if (argc == 3 && !strcmp(argv[2], "cosim")) {
        cosim_help(stdout);
        return 0;
    }
    if (argc == 3 && (!strcmp(argv[2], "quality") || !strcmp(argv[2], "compare"))) {
        static char opt_help[] = "--help";
        char* a[] = {argv[0], argv[2], opt_help, NULL};
        return !strcmp(argv[2], "quality") ? gpucoh_quality_cmd(3, a) : cmp_main(3, a);
    }
    fprintf(stderr, "gpucoh: help: no command '%s' (gpucoh help lists them)\n", name);
    return EXIT_USAGE;
}

int main(int argc0, char** argv0) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    int argc;
    char** argv;
    if (gpucoh_split_opts(argc0, argv0, &argc, &argv) != 0) /* --opt=value: --opt value */
        return EXIT_USAGE;
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char* c = argv[1];
    if (!strcmp(c, "help") || !strcmp(c, "--help") || !strcmp(c, "-h"))
        return help_cmd(argc, argv);
    if (!strcmp(c, "version") || !strcmp(c, "--version")) {
        if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
            return gpucoh_cmd_help("version", stdout);
        if (argc > 2) {
            fprintf(stderr, "gpucoh: %s takes no arguments, got '%s'\n", c, argv[2]);
            return EXIT_USAGE;
        }
        printf("gpucoh %s\n", gpucoh_version());
        return 0;
    }
    if (!strcmp(c, "list"))
        return cmd_list(argc, argv);
    if (!strcmp(c, "units"))
        return gpucoh_units_cmd(argc, argv);
    if (!strcmp(c, "cosim"))
        return cmd_cosim(argc, argv);
    if (!strcmp(c, "waves"))
        return cmd_waves(argc, argv);
    if (!strcmp(c, "area"))
        return cmd_area(argc, argv);
    if (!strcmp(c, "bench"))
        return cmd_bench(argc, argv);
    if (!strcmp(c, "mutants"))
        return cmd_mutants(argc, argv);
    if (!strcmp(c, "quality"))
        return gpucoh_quality_cmd(argc, argv);
    if (!strcmp(c, "compare"))
        return cmp_main(argc, argv);
    if (!strcmp(c, "episode"))
        return tc_cmd("episode", argc, argv, 2);
    if (!strcmp(c, "litmus"))
        return tc_cmd("litmus", argc, argv, 2);
    if (!strcmp(c, "litmus-gen"))
        return litgen_main(argc, argv);
    if (!strcmp(c, "model"))
        return gpucoh_model_cmd(argc, argv);
    if (!strcmp(c, "conform"))
        return conform_main(argc, argv);
    if (!strcmp(c, "campaign"))
        return campaign_main(argc, argv);
    fprintf(stderr, "gpucoh: unknown command '%s'\n", c);
    usage(stderr);
    return EXIT_USAGE;
}
