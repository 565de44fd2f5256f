/* SPDX-License-Identifier: Apache-2.0 */
/* gtsc_cov.h -- coverage of the G-TSC system: the rows and cover points of gtsc_l1 and gtsc_l2
 * summed over the units, and the cover points of the global unit gtsc_ovf (Z01, Z02: no rows),
 * reported through the shared gsys_cov.h as the unit types l1, l2 and ovf. */
#ifndef GPUCOH_GTSC_COV_H
#define GPUCOH_GTSC_COV_H

#include <stdbool.h>
#include <stdio.h>

#include "gsys_cov.h"
#include "gtsc_l1.h"
#include "gtsc_l2.h"
#include "gtsc_ovf.h"

typedef struct {
    uint64_t l1[GTSC_L1_T_N];
    uint64_t l2[GTSC_L2_T_N];
    uint64_t l1f[GTSC_L1_F_N];
    uint64_t l2f[GTSC_L2_F_N];
    bool l1f_reach[GTSC_L1_F_N];
    bool l2f_reach[GTSC_L2_F_N];
    uint64_t ovff[GTSC_OVF_F_N];
    bool ovff_reach[GTSC_OVF_F_N];
} gtsc_cov_t;

void gtsc_cov_add_l1(gtsc_cov_t* c, const gtsc_l1_t* m);
void gtsc_cov_add_l2(gtsc_cov_t* c, const gtsc_l2_t* m);
/* Z01 is reachable with two or more banks; Z02 (nrst_q wraps after 2^32 resets) is listed, not
 * a target (gtsc.md section 7.4) */
void gtsc_cov_add_ovf(gtsc_cov_t* c, const gtsc_ovf_t* m);
/* the three unit types over c's counters (u[0] l1, u[1] l2, u[2] ovf) */
void gtsc_cov_units(const gtsc_cov_t* c, gsys_cov_unit_t u[3]);

#endif
