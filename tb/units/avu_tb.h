/* SPDX-License-Identifier: Apache-2.0 */
#ifndef GPUCOH_AVU_TB_H
#define GPUCOH_AVU_TB_H

#include "avu.h"
#include "unit.h"

/* Parameter order of the avu unit entry (tb/cli/units.c). */
enum {
    AVU_P_M,
    AVU_P_K,
    AVU_P_ORG,
    AVU_P_HASH,
    AVU_P_GRAN,
    AVU_P_AW,
    AVU_P_LINE,
    AVU_P_CW,
    AVU_P_SEED,
    AVU_P_LINES,
    AVU_P_EW,
    AVU_P_HITLIM,
    AVU_P_SPEC,
    AVU_P_OUTMAX,
    AVU_P_IDW,
    AVU_P_COUNT
};

extern const gpucoh_tb_ops_t avu_tb_ops;

void avu_tb_desc(const gpucoh_pvals_t* pv, avu_desc_t* d);

#endif
