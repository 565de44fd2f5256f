/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys_rtl.h -- TC's units in the shared system's backends (tb/sys/gsys_backend.h): the unit
 * ops of tc_l1, tc_l2 and tc_timer (C model, RTL parameters, lockstep compares), TC's slots
 * (l1 per SM, l2 per bank, one timer), and TC's backends by its descriptor.
 *
 * RTL:      every unit selected in `rtl` is a Verilated model (tc_l1, tc_l2, tc_timer model.so,
 *           one instance per SM / bank); the others are C models.
 * LOCKSTEP: the C models drive the system; every selected unit also has its Verilated model,
 *           fed the same inputs every cycle; all outputs are compared every cycle, the state of
 *           the lines the C model wrote that cycle too, every line and MSHR every full_every
 *           cycles. The first difference stops the run with the unit path
 *           (sm[3].l1.set[5].way[1].lts) and expected / RTL values.
 */
#ifndef GPUCOH_TC_SYS_RTL_H
#define GPUCOH_TC_SYS_RTL_H

#include <stdio.h>

#include "gsys_backend.h"
#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_timer.h"
#include "unit.h"

/* TC's slots, in this order (bit i of a backend's rtl / netlist mask = slot i) */
enum { TC_SLOT_L1 = 0, TC_SLOT_L2 = 1, TC_SLOT_TIMER = 2, TC_NSLOTS = 3 };
enum { TC_RTL_L1 = 1u, TC_RTL_L2 = 2u, TC_RTL_TIMER = 4u, TC_RTL_ALL = 7u };

extern const gsys_slot_t tc_slots[TC_NSLOTS];

/* The C backend. Its models are reachable for coverage and golden tests. */
int tc_backend_c(const tc_desc_t* d, gsys_backend_t* be, char* err, size_t errlen);
tc_l1_t* tc_backend_c_l1(gsys_backend_t* be, uint32_t j);
tc_l2_t* tc_backend_c_l2(gsys_backend_t* be, uint32_t b);

/* The lockstep's field compares (exposed for tests/tc/test_compare_tc.c): each differing field
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
