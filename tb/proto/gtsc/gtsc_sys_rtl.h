/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_sys_rtl.h -- the G-TSC units in the shared system's backends (gsys_backend.h): the unit
 * ops of gtsc_l1, gtsc_l2 and gtsc_ovf (C model, RTL parameters, lockstep compares of every
 * output through the port tables; the state compare is not wired yet) and the slots (l1 per SM,
 * l2 per bank, its number on bank_i; the global overflow unit ovf).
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

#endif
