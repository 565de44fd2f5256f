/* SPDX-License-Identifier: Apache-2.0 */
#ifndef GPUCOH_RDU_TB_H
#define GPUCOH_RDU_TB_H

#include "rdu.h"
#include "unit.h"

/* Parameter order of the rdu unit entry (tb/cli/units.c). */
enum {
    RDU_P_N,
    RDU_P_M,
    RDU_P_K,
    RDU_P_ORG,
    RDU_P_HASH,
    RDU_P_GRAN,
    RDU_P_AW,
    RDU_P_LINE,
    RDU_P_CW,
    RDU_P_THRESH,
    RDU_P_QUEUE,
    RDU_P_SEED,
    RDU_P_COUNT
};

extern const gpucoh_tb_ops_t rdu_tb_ops;

/* The C model's parameter struct from a resolved parameter set. */
void rdu_tb_desc(const gpucoh_pvals_t* pv, rdu_desc_t* d);

#endif
