/* SPDX-License-Identifier: Apache-2.0 */
/* hlrc_cov.h -- coverage of the hLRC system: the rows and cover points of hlrc_l1 and hlrc_l2
 * summed over the units, reported through the shared gsys_cov.h. */
#ifndef GPUCOH_HLRC_COV_H
#define GPUCOH_HLRC_COV_H

#include <stdbool.h>
#include <stdio.h>

#include "gsys_cov.h"
#include "hlrc_l1.h"
#include "hlrc_l2.h"

typedef struct {
    uint64_t l1[HLRC_L1_T_N];
    uint64_t l2[HLRC_L2_T_N];
    uint64_t l1f[HLRC_L1_F_N];
    uint64_t l2f[HLRC_L2_F_N];
    bool l1f_reach[HLRC_L1_F_N];
    bool l2f_reach[HLRC_L2_F_N];
} hlrc_cov_t;

void hlrc_cov_add_l1(hlrc_cov_t* c, const hlrc_l1_t* m);
void hlrc_cov_add_l2(hlrc_cov_t* c, const hlrc_l2_t* m);
/* the two unit types over c's counters (u[0] l1, u[1] l2) */
void hlrc_cov_units(const hlrc_cov_t* c, gsys_cov_unit_t u[2]);

#endif
