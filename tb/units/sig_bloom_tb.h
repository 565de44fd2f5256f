/* SPDX-License-Identifier: Apache-2.0 */
#ifndef GPUCOH_SIG_BLOOM_TB_H
#define GPUCOH_SIG_BLOOM_TB_H

#include "sig_bloom.h"
#include "unit.h"

/* Parameter order of the sig_bloom unit entry (tb/cli/units.c). */
enum {
    SB_P_M,
    SB_P_K,
    SB_P_ORG,
    SB_P_HASH,
    SB_P_GRAN,
    SB_P_AW,
    SB_P_CW,
    SB_P_THRESH,
    SB_P_SEED,
    SB_P_COUNT
};

extern const gpucoh_tb_ops_t sig_bloom_tb_ops;

/* The C model's parameter struct from a resolved parameter set. */
void sig_bloom_tb_desc(const gpucoh_pvals_t* pv, sig_bloom_desc_t* d);

#endif
