/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_cov.c -- coverage of the baseline GPU system (gpu_cov.h): the rows of
 * docs/units/gpu/gpu_l1.md and gpu_l2.md placed in a line-state x event matrix.
 */
#include "gpu_cov.h"

enum { S_VALID, S_PEND, S_DIRTY, S_ABSENT, S_OTHER, L1_NST };
enum {
    K_LOAD,
    K_ACQ,
    K_STORE,
    K_REL,
    K_ATOMIC,
    K_FENCE,
    K_DATA,
    K_ACK,
    K_ATOM,
    K_SB,
    K_EVICT,
    K_STALL,
    K_RM,
    K_PEER,
    K_GNT,
    L1_NCOL
};
static const char* const l1_st[L1_NST] = {"valid", "pend", "dirty", "absent", "-"};
static const char* const l1_col[L1_NCOL] = {"Load",  "AcqLoad", "Store", "Release", "Atomic",
                                            "Fence", "Data",    "Ack",   "Atom",    "SB",
                                            "Evict", "stall",   "RmOp",  "Peer",    "Gnt"};

static const gsys_cov_cell_t l1_cells[] = {
    {GPU_L1_T_C01, S_VALID, K_LOAD},
    {GPU_L1_T_C02, S_PEND, K_LOAD},
    {GPU_L1_T_C03, S_PEND, K_STALL},
    {GPU_L1_T_C04, S_DIRTY, K_LOAD},
    {GPU_L1_T_C05, S_ABSENT, K_LOAD},
    {GPU_L1_T_C06, S_VALID, K_ACQ},
    {GPU_L1_T_C07, S_PEND, K_ACQ},
    {GPU_L1_T_C08, S_DIRTY, K_ACQ},
    {GPU_L1_T_C09, S_ABSENT, K_ACQ},
    {GPU_L1_T_C10, S_DIRTY, K_STORE},
    {GPU_L1_T_C11, S_VALID, K_STORE},
    {GPU_L1_T_C12, S_ABSENT, K_STORE},
    {GPU_L1_T_C13, S_OTHER, K_REL},
    {GPU_L1_T_C14, S_DIRTY, K_ATOMIC},
    {GPU_L1_T_C15, S_VALID, K_ATOMIC},
    {GPU_L1_T_C16, S_VALID, K_ATOMIC},
    {GPU_L1_T_C17, S_DIRTY, K_ATOMIC},
    {GPU_L1_T_C18, S_ABSENT, K_ATOMIC},
    {GPU_L1_T_C19, S_ABSENT, K_ATOMIC},
    {GPU_L1_T_C20, S_OTHER, K_FENCE},
    {GPU_L1_T_C21, S_OTHER, K_FENCE},
    {GPU_L1_T_C22, S_OTHER, K_FENCE},
    {GPU_L1_T_R01, S_PEND, K_DATA},
    {GPU_L1_T_R02, S_PEND, K_DATA},
    {GPU_L1_T_R03, S_PEND, K_DATA},
    {GPU_L1_T_R04, S_OTHER, K_ACK},
    {GPU_L1_T_R05, S_OTHER, K_ATOM},
    {GPU_L1_T_R06, S_OTHER, K_ATOM},
    {GPU_L1_T_B01, S_OTHER, K_SB},
    {GPU_L1_T_B02, S_OTHER, K_SB},
    {GPU_L1_T_B03, S_OTHER, K_SB},
    {GPU_L1_T_B04, S_OTHER, K_SB},
    {GPU_L1_T_B05, S_OTHER, K_SB},
    {GPU_L1_T_B06, S_OTHER, K_SB},
    {GPU_L1_T_B07, S_OTHER, K_FENCE},
    {GPU_L1_T_B08, S_OTHER, K_FENCE},
    {GPU_L1_T_V01, S_DIRTY, K_EVICT},
    {GPU_L1_T_S01, S_OTHER, K_STALL},
    {GPU_L1_T_S02, S_OTHER, K_STALL},
    {GPU_L1_T_S03, S_OTHER, K_STALL},
    {GPU_L1_T_S04, S_OTHER, K_STALL},
    {GPU_L1_T_S05, S_OTHER, K_STALL},
    {GPU_L1_T_S06, S_OTHER, K_STALL},
    /* Rsp (rsp.md sections 4.4-4.6) */
    {GPU_L1_T_C24, S_OTHER, K_RM},
    {GPU_L1_T_C25, S_OTHER, K_RM},
    {GPU_L1_T_C26, S_OTHER, K_RM},
    {GPU_L1_T_C27, S_OTHER, K_RM},
    {GPU_L1_T_C28, S_OTHER, K_RM},
    {GPU_L1_T_C29, S_OTHER, K_RM},
    {GPU_L1_T_C30, S_OTHER, K_RM},
    {GPU_L1_T_R07, S_OTHER, K_GNT},
    {GPU_L1_T_K01, S_OTHER, K_PEER},
    {GPU_L1_T_K02, S_OTHER, K_PEER},
    {GPU_L1_T_K03, S_OTHER, K_PEER},
    {GPU_L1_T_K04, S_OTHER, K_PEER},
    {GPU_L1_T_K05, S_OTHER, K_PEER},
    {GPU_L1_T_K06, S_OTHER, K_PEER},
    {GPU_L1_T_B09, S_OTHER, K_SB},
    {GPU_L1_T_B10, S_OTHER, K_SB},
    {GPU_L1_T_S07, S_OTHER, K_STALL},
    {GPU_L1_T_S08, S_OTHER, K_STALL},
};

enum { T_VD, T_P, T_I, T_OTHER, L2_NST };
enum { H_GETS, H_WT, H_ATOMIC, H_FILL, H_EVICT, H_STALL, H_TOKEN, L2_NCOL };
static const char* const l2_st[L2_NST] = {"V/D", "P", "I", "-"};
static const char* const l2_col[L2_NCOL] = {"GETS",  "WT",    "ATOMIC", "Fill",
                                            "Evict", "stall", "Token"};
static const gsys_cov_cell_t l2_cells[] = {
    {GPU_L2_T_G01, T_VD, H_GETS},
    {GPU_L2_T_G02, T_P, H_GETS},
    {GPU_L2_T_G03, T_I, H_GETS},
    {GPU_L2_T_W01, T_VD, H_WT},
    {GPU_L2_T_W02, T_P, H_WT},
    {GPU_L2_T_W03, T_I, H_WT},
    {GPU_L2_T_A01, T_VD, H_ATOMIC},
    {GPU_L2_T_A02, T_P, H_ATOMIC},
    {GPU_L2_T_A03, T_I, H_ATOMIC},
    {GPU_L2_T_M01, T_P, H_FILL},
    {GPU_L2_T_M02, T_P, H_FILL},
    {GPU_L2_T_X01, T_VD, H_EVICT},
    {GPU_L2_T_X02, T_VD, H_EVICT},
    {GPU_L2_T_S01, T_OTHER, H_STALL},
    {GPU_L2_T_S02, T_OTHER, H_STALL},
    {GPU_L2_T_T01, T_OTHER, H_TOKEN}, /* Rsp token (rsp.md section 5.2) */
    {GPU_L2_T_T02, T_OTHER, H_TOKEN},
    {GPU_L2_T_T03, T_OTHER, H_TOKEN},
    {GPU_L2_T_T04, T_OTHER, H_TOKEN},
};

void gpu_cov_add_l1(gpu_cov_t* c, const gpu_l1_t* m) {
    const uint64_t* r = gpu_l1_cov(m);
    const uint64_t* f = gpu_l1_fcov(m);
    for (uint32_t k = 0; k < GPU_L1_T_N; k++)
        c->l1[k] += r[k];
    for (uint32_t k = 0; k < GPU_L1_F_N; k++) {
        c->l1f[k] += f[k];
        c->l1f_reach[k] =
            c->l1f_reach[k] || gpu_l1_fcov_reachable(gpu_l1_desc(m), (gpu_l1_fcov_t)k);
    }
}

void gpu_cov_add_l2(gpu_cov_t* c, const gpu_l2_t* m) {
    const uint64_t* r = gpu_l2_cov(m);
    const uint64_t* f = gpu_l2_fcov(m);
    for (uint32_t k = 0; k < GPU_L2_T_N; k++)
        c->l2[k] += r[k];
    for (uint32_t k = 0; k < GPU_L2_F_N; k++) {
        c->l2f[k] += f[k];
        c->l2f_reach[k] =
            c->l2f_reach[k] || gpu_l2_fcov_reachable(gpu_l2_desc(m), (gpu_l2_fcov_t)k);
    }
}

GSYS_COV_UNIT_FNS(gpu, l1)
GSYS_COV_UNIT_FNS(gpu, l2)
static const char* l1_name(uint32_t r) {
    return gpu_l1_trans_name((gpu_l1_trans_t)r);
}
static const char* l2_name(uint32_t r) {
    return gpu_l2_trans_name((gpu_l2_trans_t)r);
}

void gpu_cov_units(const gpu_cov_t* c, gsys_cov_unit_t u[2]) {
    u[0] = GSYS_COV_UNIT(gpu, l1, GPU_L1_T_N, l1_name, L1_NST, L1_NCOL, GPU_L1_F_N, c);
    u[1] = GSYS_COV_UNIT(gpu, l2, GPU_L2_T_N, l2_name, L2_NST, L2_NCOL, GPU_L2_F_N, c);
}
