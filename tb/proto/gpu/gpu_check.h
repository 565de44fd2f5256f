/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_check.h -- the RSP system invariants V-RSP1..V-RSP4 (docs/units/gpu/rsp.md section 6) over
 * the C models of a GPU system, checked after every edge by the protocol's invariant hook (a
 * system without Rsp never has a violation: every register they read stays 0).
 */
#ifndef GPUCOH_GPU_CHECK_H
#define GPUCOH_GPU_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gpu_types.h"
#include "gsys_backend.h"

/* What the checker keeps between edges of one system: the commands each L1 sent, the previous
 * edge's rblk and C16 count, and a scratch state. One per system (the protocol's invariant_new
 * makes it, gsys owns it): two systems checked in turn in one process must not share it. */
typedef struct gpu_rsp_chk gpu_rsp_chk_t;
gpu_rsp_chk_t* gpu_rsp_chk_new(void); /* NULL when out of memory */
void gpu_rsp_chk_free(gpu_rsp_chk_t* c);

/* The violations after the edge of `cycle`, each printed on f (if not NULL) as one line naming
 * the invariant, the cycle and the SMs ("V-RSP2: cycle 812: SM 1 in its locked window, SM 3 has
 * rblk 0"). c keeps what the checker saw of earlier edges; a cycle not after the previous one
 * starts afresh. l1: the NumSm L1 models, bank0: the bank of line 0 (the token's). */
uint64_t gpu_check_rsp(gpu_rsp_chk_t* c, const gpu_desc_t* d, const gpu_l1_t* const* l1,
                       const gpu_l2_t* bank0, uint64_t cycle, FILE* f);
/* The same over a C backend's models (or a lockstep backend's C side). */
uint64_t gpu_check_rsp_backend(gpu_rsp_chk_t* c, const gpu_desc_t* d, const gsys_backend_t* be,
                               uint64_t cycle, FILE* f);

#endif
