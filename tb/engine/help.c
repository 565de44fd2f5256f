/* SPDX-License-Identifier: Apache-2.0 */
/*
 * help.c -- the --help text of each gpucoh command (`gpucoh <command> --help`, `gpucoh help
 * <command>`): its usage line and its options. `gpucoh help` (gpucoh.c) lists the commands;
 * cosim, quality and compare keep their own texts beside their code, and the system commands
 * (cosim system, episode, litmus, bench system) print theirs from their option table
 * (sys_cli_usage, tb/sys/sys_cli.c). docs/cli.md.
 */
#include "help.h"

#include <stdbool.h>
#include <string.h>

static const char h_list[] = "usage: gpucoh list\n"
                             "\n"
                             "The catalogue: every unit, its status, its source and its\n"
                             "parameters (the names --param takes). No options.\n";

static const char h_units[] =
    "usage: gpucoh units [--get FIELD [UNIT]] [--where FIELD=VALUE]...\n"
    "\n"
    "The unit manifest (docs/framework.md, \"The unit manifest\"): what every tool and script\n"
    "reads about a catalogue unit instead of a list of names of its own. Without --get: a\n"
    "table of every unit's manifest.\n";

static const char h_units_tail[] =
    "Fields: name; family (sig, tc, gpu: tb/proto/<family> and its protocol for tc and gpu);\n"
    "context (standalone: a lockstep of its own; else the system slot it fills, l1 or l2);\n"
    "netlist (yes/no: has a netlist lockstep); systemc (yes/no: has pin-level SystemC\n"
    "modules); top (the RTL top module); status; rtl_files (read in this order).\n"
    "Optional (empty where the unit has none): verilator_flags (extra flags of its Verilated\n"
    "models); lint_params (the reduced sizes of the Yosys and Icarus lint gates, RTL names);\n"
    "synth_script, synth_point, synth_result (its committed default synthesis point: the\n"
    "script, the point as its --list names it, synth/results/<synth_result>.area.txt);\n"
    "synth_hier (yes: synthesized hierarchically at m = 1K..16K, synth/hier.sh);\n"
    "netlist_params (the parameter set of its netlist lockstep in the tests, NAME=VALUE).\n"
    "An unknown FIELD or UNIT: a message naming the legal ones, exit 2.\n"
    "Example: gpucoh units --get name --where context=standalone\n";

static const char h_version[] = "usage: gpucoh version   (or gpucoh --version)\n"
                                "\n"
                                "The version: the VERSION file and, in a git checkout, the\n"
                                "commit (docs/cli.md, Version). No options.\n";

static const char h_help[] = "usage: gpucoh help [command]\n"
                             "\n"
                             "Without a command: every command and the common options. With\n"
                             "one: that command's help, as `gpucoh <command> --help` gives it.\n";

static const char h_waves[] =
    "usage: gpucoh waves <unit> [options]\n"
    "\n"
    "A short lockstep co-simulation traced to an FST (or VCD) with a GTKWave save file of the\n"
    "unit's signals: <out>/<unit>-seed<S>.fst and .gtkw unless --wave names the file.\n"
    "\n";

static const char h_area[] =
    "usage: gpucoh area <unit> [--param NAME=VALUE]... [--out DIR] [--json FILE]\n"
    "\n"
    "Yosys + osu018 + OpenSTA: cells, area, flops, critical path, fmax of the unit at these\n"
    "parameters (cached by its inputs; rdu/avu at m = 1K..16K by the hierarchical flow).\n"
    "\n";

static const char h_bench[] =
    "usage: gpucoh bench [unit] [options]   (default unit sig_bloom)\n"
    "\n"
    "Cycles per second of the C model alone, the Verilated RTL alone and the lockstep, on the\n"
    "same random stimulus.\n"
    "\n";

static const char h_bench_tail[] =
    "\n"
    "gpucoh bench system --help: the same for the multi-SM system.\n";

static const char h_mutants[] =
    "usage: gpucoh mutants <unit> [options]\n"
    "\n"
    "Bug injection: every mutant of tests/mutants/<unit>/ (or the one --mutants names) is\n"
    "applied to a scratch copy of rtl/, built and co-simulated in lockstep against the\n"
    "unchanged C model; a mutant must be caught. Every mutant file is read and checked\n"
    "against the RTL (its file exists, its find text occurs once) before the unmutated\n"
    "baseline runs.\n"
    "\n";

static const char h_litmus_gen[] =
    "usage: gpucoh litmus-gen [--out DIR] [--list] [--count] [--json PATH] [options]\n"
    "\n"
    "Litmus files from the classic shapes (MP SB LB S R 2+2W WRC ISA2 RWC IRIW W+RW+WW CoRR\n"
    "CoWW CoRW CoWR 3.SB 3.LB 3.2W ATOM.add): every combination of synchronization and scope\n"
    "per thread (its edge, or its one access), thread placement and location placement; one\n"
    "file per test, named after it, deduplicated up to thread and location renaming, each\n"
    "with `expect oracle KEYS` (the verdicts come from the oracle: `gpucoh litmus` judges\n"
    "each outcome by the models the variant claims; `gpucoh conform` runs the tests without\n"
    "writing them). Same options, same files, byte for byte (docs/litmus-gen.md).\n"
    "\n";

static const char h_litmus_gen_tail[] =
    "\n"
    "Exit status: 0 done, 1 a file could not be written, 2 bad input (nothing generated),\n"
    "130 Ctrl-C while writing (the files written so far are whole).\n";

static const char h_conform[] =
    "usage: gpucoh conform [options]\n"
    "\n"
    "The conformance campaign (docs/memory-models.md, \"Conformance campaign\"): the tests\n"
    "litmus-gen would write (made in memory, same list options), or a sample of them, each\n"
    "run R times under every requested variant with the litmus runner's randomisation\n"
    "(delay ranges, skew, warmers, starts near the timestamp rollover; --set-traffic: traffic\n"
    "on the tests' sets), on the variant's small configuration (4 L1 sets: eviction pressure).\n"
    "An outcome is a violation when a model the variant claims finds the test race-free and\n"
    "forbids it (or no candidate execution gives it). Prints per variant: tests, runs, distinct\n"
    "outcomes, violations, known violations, outcomes the variant's own model allows that no\n"
    "run showed; then each violation with a replay line. Progress on stderr every 5 s.\n"
    "\n";

static const char h_conform_tail[] =
    "\n"
    "Exit status: 0 no violation beyond the known ones, 1 a violation not listed, a stale known\n"
    "entry, a refused test or a run that did not finish, 2 bad input (nothing run), 130 Ctrl-C.\n";

static const char h_model[] =
    "usage: gpucoh model FILE... [--model M[,M...]] [--check] [--axioms] [--json PATH]\n"
    "\n"
    "The axiomatic oracle (docs/memory-models.md, section 10): for each litmus file, every\n"
    "candidate execution (reads-from, coherence orders, scopes), judged by each memory model's\n"
    "axioms; prints the allowed final outcomes per model, and for drf-sc, hrf-direct and\n"
    "hrf-indirect whether the test is racy (every outcome undefined). Ends with `model: N\n"
    "files[, D disagreements in F files, C claim conflicts]`. Every file is read and\n"
    "enumerated first: a test beyond the bound (64 events, 2^20 candidate executions) is\n"
    "refused with exit 2 and nothing is reported.\n"
    "\n";

static const char h_model_tail[] =
    "\n"
    "Test-only: GPUCOH_MODEL_DROP_AXIOM=MODEL:AXIOM[,...] removes axioms (names: --axioms).\n";

typedef struct {
    const char* cmd;
    const char* text;
    void (*opts)(FILE* f); /* the options part, from the command's option table */
    const char* tail;      /* the text after it */
    bool unit;             /* the options part is the unit commands' (gpucoh_unit_opts_help) */
} help_t;

static const help_t helps[] = {
    {"list", h_list, NULL, NULL, false},
    {"units", h_units, gpucoh_units_help, h_units_tail, false},
    {"version", h_version, NULL, NULL, false},
    {"help", h_help, NULL, NULL, false},
    {"waves", h_waves, NULL, NULL, true},
    {"area", h_area, NULL, NULL, true},
    {"bench", h_bench, NULL, h_bench_tail, true},
    {"mutants", h_mutants, NULL, NULL, true},
    {"litmus-gen", h_litmus_gen, gpucoh_litgen_help, h_litmus_gen_tail, false},
    {"model", h_model, gpucoh_model_help, h_model_tail, false},
    {"conform", h_conform, gpucoh_conform_help, h_conform_tail, false},
};

int gpucoh_cmd_help_with(const char* cmd, FILE* f, void (*unit_opts)(const char* cmd, FILE* f)) {
    for (size_t i = 0; i < sizeof helps / sizeof helps[0]; i++) {
        if (strcmp(helps[i].cmd, cmd) != 0)
            continue;
        if (helps[i].unit && !unit_opts)
            return -1; /* its options are gpucoh.c's */
        fputs(helps[i].text, f);
        if (helps[i].opts)
            helps[i].opts(f);
        if (helps[i].unit)
            unit_opts(cmd, f);
        if (helps[i].tail)
            fputs(helps[i].tail, f);
        fputs("\nConventions, reports, exit status: docs/cli.md (gpucoh help).\n", f);
        return 0;
    }
    return -1;
}

int gpucoh_cmd_help(const char* cmd, FILE* f) {
    return gpucoh_cmd_help_with(cmd, f, NULL);
}
