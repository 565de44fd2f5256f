/* SPDX-License-Identifier: Apache-2.0 */
/* cosim.h -- the lockstep co-simulation engine (C model vs Verilated RTL), unit-agnostic. */
#ifndef GPUCOH_COSIM_H
#define GPUCOH_COSIM_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "step.h"
#include "unit.h"

typedef struct {
    const gpucoh_unit_t* u;
    gpucoh_pvals_t pv; /* resolved */
    uint64_t seed;
    uint64_t cycles;
    int stim;              /* GPUCOH_STIM_* */
    const char* rtl_dir;   /* NULL = <root>/rtl (mutants point elsewhere) */
    const char* out_dir;   /* failure artefacts; NULL = <root>/build/out */
    const char* json_path; /* report; NULL = <out_dir>/<command>-<unit>-seed<S>.json */
    const char* command;   /* "cosim" (NULL) or "waves": the report's tool and default name */
    const char* wave_path; /* trace [wave_from, wave_to) to this .fst or .vcd; NULL = none */
    uint64_t wave_from, wave_to;
    uint32_t window;        /* cycles traced before a divergence (default 64) */
    bool quiet;             /* no progress, no build chatter */
    bool no_fail_artifacts; /* skip the re-run with waves (mutant campaigns) */
    bool print_coverage;    /* print every transition row */
    bool netlist;           /* run the synthesized gate-level netlist instead of the RTL */
    bool no_steer;          /* --steer off: the stimulus of before the cover points */
    bool illegal_set;       /* --illegal-rate given (else the unit's default) */
    uint32_t illegal_rate;  /* its value, illegal inputs per 100 000 cycles */
} gpucoh_cosim_opts_t;

typedef struct {
    uint64_t cycles_run; /* cycles simulated in lockstep */
    uint64_t compared;   /* cycles whose outputs and full state were compared (netlist: see
                            state_compared and removed_bits) */
    uint64_t mismatches; /* 0 or 1: the run stops at the first divergence */
    bool diverged;
    bool interrupted; /* Ctrl-C stopped the run after cycles_run cycles (verdict "interrupted") */
    bool no_wave;     /* interrupted before the traced window began: no trace written */
    gpucoh_divergence_t div; /* the first divergence (step.h), when diverged */
    uint32_t covered, reachable;
    bool has_fcov;             /* the unit has functional cover points */
    uint32_t illegal_rate;     /* illegal inputs per 100 000 cycles in effect */
    uint64_t illegal_inputs;   /* illegal inputs presented (adapters that count them) */
    uint64_t expected_asserts; /* RTL input-assertion failures they caused (counted, not printed) */
    uint32_t fcov_reached, fcov_reachable;
    double seconds, rate; /* lockstep cycles per second (excluding the build) */
    double build_seconds;
    char json_path[PATH_MAX];
    char fail_json[PATH_MAX], fail_wave[PATH_MAX], fail_gtkw[PATH_MAX];
    char replay[2048];
    /* netlist runs: what was compared (docs/testing.md, "Netlist lockstep") */
    bool netlist;
    bool state_compared;   /* false: outputs only */
    uint32_t removed_bits; /* state bits synthesis removed, taken from the C model */
    char impl_note[768];   /* "impl=netlist: outputs and state compared ..." ("" for the RTL) */
} gpucoh_cosim_result_t;

/* 0 = ran (check res->diverged), -1 = could not run (err says why). */
int gpucoh_cosim_run(const gpucoh_cosim_opts_t* o, gpucoh_cosim_result_t* res, char* err,
                     size_t errlen);

/* Check o's stimulus options (--steer, --illegal-rate) against the unit's adapter before
 * anything is built: 0, or -1 and a message (a usage error). */
int gpucoh_cosim_check_stim(const gpucoh_cosim_opts_t* o, char* err, size_t errlen);

/* Write a GTKWave save file for a dump of unit u (marker at a time, or -1). */
int gpucoh_write_gtkw(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* dump,
                      const char* gtkw, int64_t marker, int64_t start, const char* comment,
                      char* err, size_t errlen);

/* {"m": 4096, "org": "true", ...}: every parameter of u (resolved), for the JSON reports. */
void gpucoh_params_json(FILE* f, const gpucoh_unit_t* u, const gpucoh_pvals_t* pv);

/* "--param a=b ..." for every parameter that differs from its default (for replay lines). */
void gpucoh_param_args(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, char* buf, size_t n);

#endif
