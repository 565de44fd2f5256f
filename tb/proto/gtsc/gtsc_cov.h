/* SPDX-License-Identifier: Apache-2.0 */
/* gtsc_cov.h -- coverage of the G-TSC system: the rows and cover points of gtsc_l1 and gtsc_l2
 * summed over the units, reported through the shared gsys_cov.h. (gtsc_ovf's cover points Z01,
 * Z02 are counted by its C model; the report does not list them yet.) */
#ifndef GPUCOH_GTSC_COV_H
#define GPUCOH_GTSC_COV_H

#include <stdbool.h>
#include <stdio.h>

#include "gsys_cov.h"
#include "gtsc_l1.h"
#include "gtsc_l2.h"

typedef struct {
    uint64_t l1[GTSC_L1_T_N];
    uint64_t l2[GTSC_L2_T_N];
    uint64_t l1f[GTSC_L1_F_N];
    uint64_t l2f[GTSC_L2_F_N];
    bool l1f_reach[GTSC_L1_F_N];
    bool l2f_reach[GTSC_L2_F_N];
} gtsc_cov_t;

void gtsc_cov_add_l1(gtsc_cov_t* c, const gtsc_l1_t* m);
void gtsc_cov_add_l2(gtsc_cov_t* c, const gtsc_l2_t* m);
/* the two unit types over c's counters (u[0] l1, u[1] l2) */
void gtsc_cov_units(const gtsc_cov_t* c, gsys_cov_unit_t u[2]);

#endif
