/* SPDX-License-Identifier: Apache-2.0 */
/*
 * swave.h -- what a failing system run leaves for debugging (docs/waves.md): an FST window
 * around the first divergence covering every Verilated unit (tb/sys/mwave.h), a GTKWave save file
 * that opens on the diverging unit (its ports and its state: line states, timestamps, MSHRs,
 * counters, enum fields named by the translate filters of waves/filters/), a JSON report, and a
 * replay command line that reproduces the run (every parameter, delay, option, --rtl-dir, seed).
 *
 * The system is deterministic for a seed, so the window is made by running it again from cycle
 * 0 with every Verilated instance traced from (divergence - window) to (divergence + 8); the
 * backend keeps going past the divergence for those 8 cycles (gsys_rtl_cfg_t.stop_at), so the
 * wrong value is drawn as a wave. The re-run must diverge at the same cycle on the same field,
 * or no window is written (a warning says so).
 *
 * Used by `gpucoh cosim system`, `gpucoh episode --impl lockstep` and `gpucoh litmus --impl
 * lockstep` (tb/sys/sys_cli.c).
 */
#ifndef GPUCOH_SWAVE_H
#define GPUCOH_SWAVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "episode.h"
#include "litmus.h"
#include "gsys.h"

typedef enum { SWAVE_COSIM = 0, SWAVE_EPISODE, SWAVE_LITMUS } swave_kind_t;

#define SWAVE_WINDOW 64u /* default cycles traced before a divergence (--window) */
#define SWAVE_TAIL   16u /* cycles traced after it (the save file puts the marker mid-page) */

/* A run as the command line made it: enough to run it again and to print its replay line. */
typedef struct {
    swave_kind_t kind;
    gsys_cfg_t cfg;       /* the system: descriptor (protocol included), seed, delays, start time,
                               illegal-input rates */
    gsys_rtl_cfg_t rtl;   /* the backend: impl, rtl units, rtl_dir, full_every, netlist */
    bool steer_off;       /* cosim: --steer off */
    bool events;          /* cosim: --traffic events */
    uint32_t active_wf;   /* cosim: --active-wf (0 = every wavefront) */
    uint64_t ops;         /* cosim: --ops (0 = none) */
    uint64_t cycles;      /* episode: the cycle budget (0 = default) */
    ep_params_t ep;       /* episode: the tester's parameters */
    const litmus_t* lit;  /* litmus: the test */
    const char* lit_file; /* and its file */
    litmus_opts_t lo;     /* its options (seed, first_run) */
    const char* out_dir;  /* --out (NULL = <root>/build/out) */
    uint32_t window;      /* --window (0 = SWAVE_WINDOW) */
    bool fail_run_set;    /* litmus without a divergence: the run to replay (--run K), the */
    uint64_t fail_run;    /* first of a forbidden or unexpected outcome */
} swave_run_t;

/* What swave_divergence wrote (empty strings for what it could not). */
typedef struct {
    char json[1024], wave[1024], gtkw[1024];
    uint64_t from, to; /* traced cycles */
    char replay[4096];
    bool same; /* the re-run diverged at the same cycle on the same field */
} swave_files_t;

/* The replay command line of run r (absolute paths; `gpucoh` under the repository root). With
 * div, a cosim or episode replay runs up to the divergence (--cycles div+1) and a litmus replay
 * runs the diverging run alone (--run K). */
void swave_replay(const swave_run_t* r, const gsys_rtl_result_t* div, char* buf, size_t n);

/* After a lockstep divergence (div: the backend's result, copied before it was destroyed; no
 * Verilated model of the run may be alive): run r again with the window traced, write
 * <out>/<base>.fst, .gtkw and .json, and print the lines
 *   json / waves / view / replay
 * to out. 0 when all three were written; -1 otherwise (out says what is missing and why; the
 * replay line is printed in every case). */
int swave_divergence(const swave_run_t* r, const gsys_rtl_result_t* div, FILE* out,
                     swave_files_t* files);

/* The base name of a run's failure files: "system-tc-weak-seed1-fail",
 * "episode-tc-strong-seed4-fail", "litmus-MP+relacq.gpu-tc-weak-run17-fail". */
void swave_base(const swave_run_t* r, const gsys_rtl_result_t* div, char* buf, size_t n);

/* --wave FILE (a whole run): the merger to hand to the backend (gsys_rtl_cfg_t.wave, traced from
 * cycle 0 to the end), with a warning about its size on stderr; NULL after a message. */
gpucoh_mwave_t* swave_trace_new(const char* path);
/* After the backend is destroyed: "  wave      FILE (cycles a..b of every Verilated unit: ...)"
 * to out, or a warning; frees w (NULL: nothing). */
void swave_trace_done(gpucoh_mwave_t* w, const char* path, FILE* out);

/* The wave scope of a unit instance path of c's protocol (TC: "sm2_l1" for "sm[2].l1",
 * "bank1_l2" for "bank[1].l2", "timer"; "" if none). */
void swave_scope(const gsys_cfg_t* c, const char* unit, char* buf, size_t n);

#endif
