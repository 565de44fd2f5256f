/* SPDX-License-Identifier: Apache-2.0 */
/* denovo_cov.h -- coverage of the DeNovo system: the rows and cover points of denovo_l1 and
 * denovo_l2 summed over the units, reported through the shared gsys_cov.h. */
#ifndef GPUCOH_DENOVO_COV_H
#define GPUCOH_DENOVO_COV_H

#include <stdbool.h>
#include <stdio.h>

#include "denovo_l1.h"
#include "denovo_l2.h"
#include "gsys_cov.h"

typedef struct {
    uint64_t l1[DENOVO_L1_T_N];
    uint64_t l2[DENOVO_L2_T_N];
    uint64_t l1f[DENOVO_L1_F_N];
    uint64_t l2f[DENOVO_L2_F_N];
    bool l1f_reach[DENOVO_L1_F_N];
    bool l2f_reach[DENOVO_L2_F_N];
} denovo_cov_t;

void denovo_cov_add_l1(denovo_cov_t* c, const denovo_l1_t* m);
void denovo_cov_add_l2(denovo_cov_t* c, const denovo_l2_t* m);
/* the two unit types over c's counters (u[0] l1, u[1] l2) */
void denovo_cov_units(const denovo_cov_t* c, gsys_cov_unit_t u[2]);

#endif
