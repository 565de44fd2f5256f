/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys_rtl.h -- the RTL and lockstep backends of the TC system harness (tb/sys/tc_sys.h).
 *
 * RTL:      every unit selected in `rtl` is a Verilated model (tc_l1, tc_l2, tc_timer model.so,
 *           one instance per SM / bank); the others are C models.
 * LOCKSTEP: the C models drive the system; every selected unit also has its Verilated model,
 *           fed the same inputs every cycle; all outputs are compared every cycle, the state of
 *           the lines the C model wrote that cycle too, every line and MSHR every full_every
 *           cycles. The first difference stops the run with the unit path
 *           (sm[3].l1.set[5].way[1].lts) and expected / RTL values.
 *
 * A unit in `netlist` runs as its synthesized netlist; the state bits whose flops synthesis
 * removed (the shim's mask, shim_netlist.h) are taken from the C model before the compare, so
 * every other bit is compared (docs/testing.md, "Netlist lockstep").
 */
#ifndef GPUCOH_TC_SYS_RTL_H
#define GPUCOH_TC_SYS_RTL_H

#include <stdio.h>

#include "mwave.h"
#include "tc_sys.h"
#include "unit.h"

enum { TC_RTL_L1 = 1u, TC_RTL_L2 = 2u, TC_RTL_TIMER = 4u, TC_RTL_ALL = 7u };

typedef struct {
    tc_impl_t impl;      /* TC_IMPL_RTL or TC_IMPL_LOCKSTEP */
    uint32_t rtl;        /* TC_RTL_* units taken from RTL */
    const char* rtl_dir; /* RTL sources (NULL = rtl/): mutant experiments */
    uint32_t full_every; /* full state compare period in cycles (0 = every cycle) */
    FILE* report;        /* mismatch report (NULL = stderr) */
    bool quiet;          /* no build messages */
    uint32_t netlist;    /* TC_RTL_* units whose synthesized osu018 netlist runs in place of the
                            RTL (gpucoh cosim system --netlist; docs/testing.md) */
    /* Waves (docs/waves.md): every Verilated instance is added to `wave` (scopes sm<j>_l1,
     * bank<b>_l2, timer), traced from the start of cycle wave_from of a run to the end of cycle
     * wave_to (UINT64_MAX: until the backend is destroyed) and merged into one file. Cycles count
     * from the run's reset (a shared backend sees one reset per run: litmus). */
    gpucoh_mwave_t* wave; /* NULL = no trace; owned by the caller */
    uint64_t wave_from, wave_to;
    /* 0: the first divergence stops the run. Else it is recorded (the first stays the one
     * reported) and the run is stopped at the end of cycle stop_at: the tail of a wave window. */
    uint64_t stop_at;
} tc_rtl_cfg_t;

typedef struct {
    uint64_t cycles;     /* cycles ticked */
    uint64_t compared;   /* unit-cycles whose outputs were compared */
    uint64_t mismatches; /* 0 or 1 (the run stops at the first) */
    uint64_t rtl_errors; /* RTL assertion failures */
    char first[512];     /* "cycle 123 sm[3].l1.crsp.data[5]: C 0x.. RTL 0x.." */
    uint64_t div_cycle;  /* cycle of the first divergence (counted from its run's reset) */
    uint64_t div_run;    /* and its run (0 but for a backend shared by several runs: litmus) */
    char kind[16];       /* "output", "state" or "assertion" */
    char field[160];     /* "sm[3].l1.crsp_data_o[31:0]" */
    char unit[32];       /* "sm[3].l1", "bank[1].l2" or "timer" */
    char expected[192];  /* the C model's value ("" for an assertion) */
    char got[192];       /* the RTL's */
    /* netlist units: state bits (per instance of a unit, summed over l1 and l2) whose flops
     * synthesis removed, taken from the C model, and the registers ("l2: life_q, ...") */
    uint32_t removed_bits;
    char removed[640];
    bool state_compared; /* false: a netlist removed bits its shim cannot say (stated) */
} tc_rtl_result_t;

int tc_backend_rtl(const tc_desc_t* d, const tc_rtl_cfg_t* cfg, tc_backend_t* be, char* err,
                   size_t errlen);
const tc_rtl_result_t* tc_backend_rtl_result(const tc_backend_t* be);
/* The C backend inside a lockstep backend (NULL for RTL only): coverage and stats. */
tc_backend_t* tc_backend_rtl_cside(tc_backend_t* be);

/* The lockstep's field compares (exposed for tests/test_compare_tc.c): each differing field
 * counts in *bad; the first is described in *mm with its path relative to the unit
 * ("crsp_data_o[63:32]", "set[2].way[1].lts", "mshr[3].ts"). i = line index set*ways+way. */
void tc_cmp_l1_out(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, const tc_l1_out_t* e,
                   const tc_l1_out_t* g);
void tc_cmp_l1_line(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                    const tc_l1_line_t* e, const tc_l1_line_t* g);
void tc_cmp_l2_out(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, const tc_l2_out_t* e,
                   const tc_l2_out_t* g);
void tc_cmp_l2_line(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                    const tc_l2_line_t* e, const tc_l2_line_t* g);
void tc_cmp_mshr(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t k,
                 const tc_l2_mshr_t* e, const tc_l2_mshr_t* g);

#endif
