/* SPDX-License-Identifier: Apache-2.0 */
/* gpu_cov.h -- coverage of the baseline GPU system: the rows and cover points of gpu_l1 and
 * gpu_l2 summed over the units, reported through the shared gsys_cov.h. */
#ifndef GPUCOH_GPU_COV_H
#define GPUCOH_GPU_COV_H

#include <stdbool.h>
#include <stdio.h>

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gsys_cov.h"

typedef struct {
    uint64_t l1[GPU_L1_T_N];
    uint64_t l2[GPU_L2_T_N];
    uint64_t l1f[GPU_L1_F_N];
    uint64_t l2f[GPU_L2_F_N];
    bool l1f_reach[GPU_L1_F_N];
    bool l2f_reach[GPU_L2_F_N];
} gpu_cov_t;

void gpu_cov_add_l1(gpu_cov_t* c, const gpu_l1_t* m);
void gpu_cov_add_l2(gpu_cov_t* c, const gpu_l2_t* m);
/* the two unit types over c's counters (u[0] l1, u[1] l2) */
void gpu_cov_units(const gpu_cov_t* c, gsys_cov_unit_t u[2]);

#endif
