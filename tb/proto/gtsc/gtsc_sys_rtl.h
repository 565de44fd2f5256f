/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_sys_rtl.h -- the G-TSC units in the shared system's backends (gsys_backend.h): the unit
 * ops of gtsc_l1, gtsc_l2 and gtsc_ovf (C model, RTL parameters, lockstep compares of every
 * output through the port tables and of the state through gtsc_l1_state_t / gtsc_l2_state_t /
 * gtsc_ovf_state_t: gtsc.md section 14) and the slots (l1 per SM, l2 per bank, its number on
 * bank_i; the global overflow unit ovf).
 */
#ifndef GPUCOH_GTSC_SYS_RTL_H
#define GPUCOH_GTSC_SYS_RTL_H

#include "gsys_backend.h"
#include "gtsc_l1.h"
#include "gtsc_l2.h"
#include "gtsc_ovf.h"
#include "gtsc_units.h"
#include "unit.h"

enum { GTSC_SLOT_L1 = 0, GTSC_SLOT_L2 = 1, GTSC_SLOT_OVF = 2, GTSC_NSLOTS = 3 };

extern const gsys_slot_t gtsc_slots[GTSC_NSLOTS];

/* The C backend of a descriptor and its models (tests). */
int gtsc_backend_c(const gtsc_sys_desc_t* s, gsys_backend_t* be, char* err, size_t errlen);
gtsc_l1_t* gtsc_backend_c_l1(const gsys_backend_t* be, uint32_t j);
gtsc_l2_t* gtsc_backend_c_l2(const gsys_backend_t* be, uint32_t b);
gtsc_ovf_t* gtsc_backend_c_ovf(const gsys_backend_t* be);

/* The state compares (e: the C model's, g: the RTL's, both with g's selection;
 * "set[1].way[0].rts", "mshr[2].mwait", "warp_ts[3]", "mem_ts", "nrst"); fix: the bits synthesis
 * removed (NULL: none). */
void gtsc_cmp_l1_state(const gtsc_sys_desc_t* s, const gtsc_l1_state_t* e, gtsc_l1_state_t* g,
                       const gtsc_l1_state_t* fix, gpucoh_mismatch_t* mm, uint32_t* bad);
void gtsc_cmp_l2_state(const gtsc_sys_desc_t* s, const gtsc_l2_state_t* e, gtsc_l2_state_t* g,
                       const gtsc_l2_state_t* fix, gpucoh_mismatch_t* mm, uint32_t* bad);
void gtsc_cmp_ovf_state(const gtsc_ovf_state_t* e, gtsc_ovf_state_t* g, const gtsc_ovf_state_t* fix,
                        gpucoh_mismatch_t* mm, uint32_t* bad);

#endif
