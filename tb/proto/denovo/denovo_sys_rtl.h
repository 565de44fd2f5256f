/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_sys_rtl.h -- the DeNovo units in the shared system's backends (gsys_backend.h): the unit
 * ops of denovo_l1 and denovo_l2 (C model, RTL parameters, lockstep compares of every output
 * through the port tables and of the state through denovo_l1_state_t / denovo_l2_state_t) and the
 * slots (l1 per SM, l2 per bank; no global unit). The RTL is not written yet: the compares are
 * ready for it.
 */
#ifndef GPUCOH_DENOVO_SYS_RTL_H
#define GPUCOH_DENOVO_SYS_RTL_H

#include "denovo_l1.h"
#include "denovo_l2.h"
#include "denovo_units.h"
#include "gsys_backend.h"
#include "unit.h"

enum { DENOVO_SLOT_L1 = 0, DENOVO_SLOT_L2 = 1, DENOVO_NSLOTS = 2 };

extern const gsys_slot_t denovo_slots[DENOVO_NSLOTS];

/* The C backend of a descriptor and its models (tests). */
int denovo_backend_c(const denovo_sys_desc_t* s, gsys_backend_t* be, char* err, size_t errlen);
denovo_l1_t* denovo_backend_c_l1(const gsys_backend_t* be, uint32_t j);
denovo_l2_t* denovo_backend_c_l2(const gsys_backend_t* be, uint32_t b);

/* The lockstep's output compares (paths relative to the unit: "req_mask_o", "wb_data_o[63:32]"). */
void denovo_cmp_l1_out(const denovo_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad,
                       const denovo_l1_out_t* e, const denovo_l1_out_t* g);
void denovo_cmp_l2_out(const denovo_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad,
                       const denovo_l2_out_t* e, const denovo_l2_out_t* g);
/* The state compares (e: the C model's, g: the RTL's, both with g's selection; "set[1].way[0].st",
 * "mshr[2].fqd[3]", "wb[0].data"); fix: the bits synthesis removed (NULL: none). */
void denovo_cmp_l1_state(const denovo_sys_desc_t* s, const denovo_l1_state_t* e,
                         denovo_l1_state_t* g, const denovo_l1_state_t* fix, gpucoh_mismatch_t* mm,
                         uint32_t* bad);
void denovo_cmp_l2_state(const denovo_sys_desc_t* s, const denovo_l2_state_t* e,
                         denovo_l2_state_t* g, const denovo_l2_state_t* fix, gpucoh_mismatch_t* mm,
                         uint32_t* bad);

#endif
