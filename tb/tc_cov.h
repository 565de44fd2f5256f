/* SPDX-License-Identifier: Apache-2.0 */
/* tc_cov.h -- TC system coverage: rows summed over units, Table 2 matrix printout. */
#ifndef GPUCOH_TC_COV_H
#define GPUCOH_TC_COV_H

#include <stdbool.h>
#include <stdio.h>

#include "tc_l1.h"
#include "tc_l2.h"

typedef struct {
    uint64_t l1[TC_L1_T_N];
    uint64_t l2[TC_L2_T_N];
} tc_cov_t;

/* Add one model's row counters. */
void tc_cov_add_l1(tc_cov_t* c, const tc_l1_t* m);
void tc_cov_add_l2(tc_cov_t* c, const tc_l2_t* m);
void tc_cov_count(const tc_cov_t* c, const tc_desc_t* d, uint32_t* l1_cov, uint32_t* l1_reach,
                  uint32_t* l2_cov, uint32_t* l2_reach);
/* The state x event matrices; rows = also every row with its count. */
void tc_cov_print(const tc_cov_t* c, const tc_desc_t* d, bool rows, FILE* f);

#endif
