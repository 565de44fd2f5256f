/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_sys_rtl.h -- the baseline GPU units in the shared system's backends (gsys_backend.h):
 * the unit ops of gpu_l1 and gpu_l2 (C model, RTL parameters, lockstep compares) and the slots
 * (l1 per SM, l2 per bank; no global unit). As tc_sys_rtl.h: every output compared every cycle,
 * the state of the lines the C model wrote, everything every full_every cycles.
 */
#ifndef GPUCOH_GPU_SYS_RTL_H
#define GPUCOH_GPU_SYS_RTL_H

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gsys_backend.h"
#include "unit.h"

enum { GPU_SLOT_L1 = 0, GPU_SLOT_L2 = 1, GPU_NSLOTS = 2 };

extern const gsys_slot_t gpu_slots[GPU_NSLOTS];

/* The C backend and its models (golden and coverage tests). */
int gpu_backend_c(const gpu_desc_t* d, gsys_backend_t* be, char* err, size_t errlen);
gpu_l1_t* gpu_backend_c_l1(gsys_backend_t* be, uint32_t j);
gpu_l2_t* gpu_backend_c_l2(gsys_backend_t* be, uint32_t b);

/* The lockstep's field compares (paths relative to the unit: "req_data_o[63:32]",
 * "set[2].way[1].dirty", "mshr[3].dst", "sb[4]"). */
void gpu_cmp_l1_out(const gpu_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad,
                    const gpu_l1_out_t* e, const gpu_l1_out_t* g);
void gpu_cmp_l2_out(const gpu_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad,
                    const gpu_l2_out_t* e, const gpu_l2_out_t* g);

#endif
