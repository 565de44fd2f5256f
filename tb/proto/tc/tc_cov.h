/* SPDX-License-Identifier: Apache-2.0 */
/* tc_cov.h -- TC system coverage: rows summed over units, Table 2 matrix printout, and the
 * functional cover points of tc_l1 / tc_l2 (their pages' "Cover points" sections). */
#ifndef GPUCOH_TC_COV_H
#define GPUCOH_TC_COV_H

#include <stdbool.h>
#include <stdio.h>

#include "tc_l1.h"
#include "tc_l2.h"

typedef struct {
    uint64_t l1[TC_L1_T_N];
    uint64_t l2[TC_L2_T_N];
    uint64_t l1f[TC_L1_F_N]; /* cover points, summed over the L1s */
    uint64_t l2f[TC_L2_F_N]; /* ... over the banks */
    bool l1f_reach[TC_L1_F_N];
    bool l2f_reach[TC_L2_F_N];
} tc_cov_t;

/* Add one model's row counters and cover points (a point is reachable when it is in any model
 * added; every unit of a system has the same parameters). */
void tc_cov_add_l1(tc_cov_t* c, const tc_l1_t* m);
void tc_cov_add_l2(tc_cov_t* c, const tc_l2_t* m);
void tc_cov_count(const tc_cov_t* c, const tc_desc_t* d, uint32_t* l1_cov, uint32_t* l1_reach,
                  uint32_t* l2_cov, uint32_t* l2_reach);
/* Cover points reached / reachable per unit type. */
void tc_cov_fcount(const tc_cov_t* c, uint32_t* l1_hit, uint32_t* l1_reach, uint32_t* l2_hit,
                   uint32_t* l2_reach);
/* The state x event matrices, then "cover points: l1 N/M reached, l2 N/M reached" and the
 * reachable points never reached; rows = also every row and every cover point with its count. */
void tc_cov_print(const tc_cov_t* c, const tc_desc_t* d, bool rows, FILE* f);
/* The JSON object of the cover points: {"l1": {"reached", "reachable", "points": [...]}, ...} */
void tc_cov_fjson(const tc_cov_t* c, FILE* f);

#endif
