/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sc_host.h -- the C side of the SystemC pin-level lockstep (docs/systemc.md section 3): the
 * command line, the parameter set and its build directory, the stimulus (the unit's testbench
 * adapter, or for a unit that runs inside a protocol's system the inputs the shared system gives
 * one instance of it), mutant scratch copies of rtl/, and the summary and JSON report. The C++
 * netlist (systemc/sc_lockstep.cpp) and the front end (systemc/sc_front.c) call it; it knows no
 * SystemC.
 */
#ifndef GPUCOH_SC_HOST_H
#define GPUCOH_SC_HOST_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "step.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCH_EXIT_HELP (-1) /* sch_parse: --help printed, exit 0 */

typedef struct sch_opts sch_opts_t;

/* Parse and resolve the command line (argv[1] is the unit). 0 = run; SCH_EXIT_HELP; 2 = bad
 * input (the message is on stderr, nothing was built or run). argv must outlive *o. */
int sch_parse(int argc, char** argv, sch_opts_t** o);
void sch_opts_free(sch_opts_t* o);

const char* sch_unit(const sch_opts_t* o);
/* the unit's manifest field verilator_flags ("" if none), for build_sc.sh */
const char* sch_vflags(const sch_opts_t* o);
/* "sig_bloom SigBits=4096 NumHashes=6 ...": the RTL parameter set (what a build is made for) */
const char* sch_rtl_key(const sch_opts_t* o);
unsigned sch_rtl_nparams(const sch_opts_t* o);
const char* sch_rtl_param(const sch_opts_t* o, unsigned i); /* "SigBits=4096" */
const char* sch_rtl_dir(const sch_opts_t* o); /* the RTL sources (rtl/ or --rtl-dir) */
uint64_t sch_cycles(const sch_opts_t* o);
const char* sch_wave(const sch_opts_t* o); /* --wave FILE (.vcd) or NULL */
bool sch_quiet(const sch_opts_t* o);
bool sch_build_only(const sch_opts_t* o);
/* The RTL files of the unit (package first), relative to sch_rtl_dir; NULL-ended. */
const char* const* sch_rtl_files(const sch_opts_t* o);
const char* sch_top(const sch_opts_t* o);

/* --mutant FILE: write the scratch copy of rtl/ with the mutant applied (the directory that
 * sch_rtl_dir names). 0, or 2 after a message (a find text missing or ambiguous, ...). */
int sch_mutant_apply(const sch_opts_t* o);

/* The build directory of the parameter set (build/systemc/<unit>-<hash>, the hash over the
 * parameters and the bytes of the RTL, the SystemC sources and the build script) and the
 * lockstep binary in it (lockstep-<hash of libgpucoh_host.a>). 0, or -1 with a message. */
int sch_build_paths(const sch_opts_t* o, char* dir, size_t dn, char* bin, size_t bn, char* err,
                    size_t errlen);

/* ---- stimulus ------------------------------------------------------------------------------ */
typedef struct sch_stim sch_stim_t;
sch_stim_t* sch_stim_new(const sch_opts_t* o, char* err, size_t errlen);
void sch_stim_free(sch_stim_t* s);
/* The unit's C input struct for cycle c (cycles 0, 1, ... in order); NULL when the stimulus
 * cannot go on (the system deadlocked: sch_stim_error says so). */
const void* sch_stim_next(sch_stim_t* s, uint64_t cycle);
const char* sch_stim_error(const sch_stim_t* s);
/* RTL assertion failures the stimulus provoked on purpose so far (illegal inputs). */
uint64_t sch_stim_rtl_errors(sch_stim_t* s);
/* Where the stimulus comes from, for the summary: "testbench adapter" / "tc-weak system ..." */
const char* sch_stim_source(const sch_stim_t* s);

/* ---- the run ----------------------------------------------------------------------------- */
typedef struct {
    uint64_t cycles;   /* rising edges simulated */
    uint64_t compared; /* of them, with every output port compared */
    uint64_t mismatches;
    uint64_t active;     /* cycles after whose edge some output port changed */
    uint64_t rtl_errors; /* RTL assertion failures, and how many the stimulus provoked */
    uint64_t rtl_errors_expected;
    gpucoh_divergence_t div; /* the first (step.h): field "sig_bloom.count_o", values in hex,
                                more: further differing ports in the same cycle */
    double seconds;
    bool interrupted;
    bool stim_failed; /* the stimulus stopped (sch_stim_error) */
} sch_result_t;

/* Progress line on stderr every few seconds (not with --quiet); Ctrl-C: true = stop now. */
void sch_progress_start(const sch_opts_t* o);
bool sch_progress(uint64_t done);
/* Print the summary (PASS / FAIL line, the first mismatch, the replay line) and write the JSON
 * report; returns the exit status (0 pass, 1 fail, 2 report not writable, 130 interrupted). */
int sch_report(const sch_opts_t* o, sch_stim_t* st, const sch_result_t* r);

/* ---- RTL assertion counter (systemc/gpucoh_sc_rt.cpp) --------------------------------------- */
uint64_t gpucoh_sc_rtl_errors(void);

#ifdef __cplusplus
}
#endif
#endif
