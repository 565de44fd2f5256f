/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_sys_rtl.h -- the hLRC units in the shared system's backends (gsys_backend.h): the unit ops
 * of hlrc_l1 and hlrc_l2 (C model, RTL parameters, lockstep compares of every output through the
 * port tables and of the state through hlrc_l1_state_t / hlrc_l2_state_t) and the slots (l1 per
 * SM, l2 per bank; no global unit).
 */
#ifndef GPUCOH_HLRC_SYS_RTL_H
#define GPUCOH_HLRC_SYS_RTL_H

#include "gsys_backend.h"
#include "hlrc_l1.h"
#include "hlrc_l2.h"
#include "hlrc_units.h"
#include "unit.h"

enum { HLRC_SLOT_L1 = 0, HLRC_SLOT_L2 = 1, HLRC_NSLOTS = 2 };

extern const gsys_slot_t hlrc_slots[HLRC_NSLOTS];

/* The C backend of a descriptor and its models (tests). */
int hlrc_backend_c(const hlrc_sys_desc_t* s, gsys_backend_t* be, char* err, size_t errlen);
hlrc_l1_t* hlrc_backend_c_l1(const gsys_backend_t* be, uint32_t j);
hlrc_l2_t* hlrc_backend_c_l2(const gsys_backend_t* be, uint32_t b);

/* The state compares (e: the C model's, g: the RTL's, both with g's selection;
 * "set[1].way[0].st", "mshr[2].line", "rvl[0]"); fix: the bits synthesis removed (NULL: none). */
void hlrc_cmp_l1_state(const hlrc_sys_desc_t* s, const hlrc_l1_state_t* e, hlrc_l1_state_t* g,
                       const hlrc_l1_state_t* fix, gpucoh_mismatch_t* mm, uint32_t* bad);
void hlrc_cmp_l2_state(const hlrc_sys_desc_t* s, const hlrc_l2_state_t* e, hlrc_l2_state_t* g,
                       const hlrc_l2_state_t* fix, gpucoh_mismatch_t* mm, uint32_t* bad);

#endif
