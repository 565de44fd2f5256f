/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_cov.c -- coverage of the DeNovo system (denovo_cov.h): the rows of
 * docs/units/denovo/denovo_l1.md (section 9) and denovo_l2.md (section 8) placed in a state x
 * event matrix. L1 states are the word the row reads: valid (V, VO, R for a plain access), R, not
 * R (a synchronization access that must register), pend (an MSHR names the line), absent.
 */
#include "denovo_cov.h"

enum { S_VALID, S_R, S_NOTR, S_PEND, S_ABSENT, S_OTHER, L1_NST };
enum {
    K_LOAD,
    K_ACQ,
    K_STORE,
    K_REL,
    K_ATOMIC,
    K_FENCE,
    K_DATA,
    K_PDATA,
    K_REGD,
    K_XFER,
    K_FWD,
    K_RECALL,
    K_WBACK,
    K_DACK,
    K_SB,
    K_EVICT,
    K_STALL,
    L1_NCOL
};
static const char* const l1_st[L1_NST] = {"valid", "R", "not R", "pend", "absent", "-"};
static const char* const l1_col[L1_NCOL] = {
    "Load", "AcqLoad", "Store",  "RelStore", "Atomic", "Fence", "Data",  "PData", "RegD",
    "Xfer", "Fwd",     "Recall", "WBack",    "DAck",   "SB",    "Evict", "stall"};

#define L1C(r, s, k)                                                                               \
    { DENOVO_L1_T_##r, s, k }
static const gsys_cov_cell_t l1_cells[] = {
    L1C(C01, S_VALID, K_LOAD),   L1C(C02, S_PEND, K_LOAD),   L1C(C03, S_PEND, K_STALL),
    L1C(C04, S_PEND, K_STALL),   L1C(C05, S_ABSENT, K_LOAD), L1C(C06, S_ABSENT, K_LOAD),
    L1C(C07, S_R, K_ACQ),        L1C(C08, S_NOTR, K_ACQ),    L1C(C09, S_PEND, K_ACQ),
    L1C(C10, S_VALID, K_STORE),  L1C(C11, S_VALID, K_STORE), L1C(C12, S_ABSENT, K_STORE),
    L1C(C13, S_R, K_REL),        L1C(C14, S_NOTR, K_REL),    L1C(C15, S_PEND, K_REL),
    L1C(C16, S_R, K_ATOMIC),     L1C(C17, S_NOTR, K_ATOMIC), L1C(C18, S_PEND, K_ATOMIC),
    L1C(C19, S_VALID, K_ATOMIC), L1C(C20, S_OTHER, K_FENCE), L1C(C21, S_OTHER, K_FENCE),
    L1C(C22, S_OTHER, K_FENCE),  L1C(M01, S_PEND, K_DATA),   L1C(M02, S_PEND, K_PDATA),
    L1C(M03, S_R, K_FWD),        L1C(M04, S_PEND, K_REGD),   L1C(M05, S_PEND, K_XFER),
    L1C(M06, S_R, K_FWD),        L1C(M07, S_R, K_RECALL),    L1C(M08, S_OTHER, K_WBACK),
    L1C(M09, S_PEND, K_DACK),    L1C(M10, S_PEND, K_DATA),   L1C(M11, S_PEND, K_REGD),
    L1C(B01, S_OTHER, K_SB),     L1C(B02, S_OTHER, K_SB),    L1C(B03, S_OTHER, K_SB),
    L1C(B04, S_OTHER, K_SB),     L1C(B05, S_OTHER, K_SB),    L1C(B06, S_OTHER, K_SB),
    L1C(B07, S_OTHER, K_FENCE),  L1C(B08, S_OTHER, K_FENCE), L1C(V01, S_R, K_EVICT),
    L1C(V02, S_OTHER, K_EVICT),  L1C(X01, S_R, K_XFER),      L1C(S01, S_OTHER, K_STALL),
    L1C(S02, S_OTHER, K_STALL),  L1C(S03, S_OTHER, K_STALL), L1C(S04, S_OTHER, K_STALL),
    L1C(S06, S_OTHER, K_STALL),  L1C(S07, S_OTHER, K_STALL), L1C(S08, S_OTHER, K_STALL),
};

enum { T_VD, T_P, T_I, T_OTHER, L2_NST };
enum { H_GETS, H_REG, H_WB, H_DONE, H_FILL, H_EVICT, H_BAD, H_STALL, L2_NCOL };
static const char* const l2_st[L2_NST] = {"V/D", "P", "I", "-"};
static const char* const l2_col[L2_NCOL] = {"GETS", "REG",   "WB",      "DONE",
                                            "Fill", "Evict", "illegal", "stall"};
#define L2C(r, s, k)                                                                               \
    { DENOVO_L2_T_##r, s, k }
static const gsys_cov_cell_t l2_cells[] = {
    L2C(G01, T_VD, H_GETS),     L2C(G02, T_P, H_GETS),      L2C(G03, T_I, H_GETS),
    L2C(G04, T_VD, H_STALL),    L2C(R01, T_VD, H_REG),      L2C(R02, T_P, H_REG),
    L2C(R03, T_I, H_REG),       L2C(B01, T_VD, H_WB),       L2C(B02, T_I, H_WB),
    L2C(B03, T_VD, H_DONE),     L2C(B04, T_I, H_DONE),      L2C(M01, T_P, H_FILL),
    L2C(M02, T_P, H_FILL),      L2C(Q01, T_OTHER, H_BAD),   L2C(Q02, T_OTHER, H_BAD),
    L2C(X01, T_VD, H_EVICT),    L2C(X02, T_VD, H_EVICT),    L2C(X03, T_VD, H_EVICT),
    L2C(S01, T_OTHER, H_STALL), L2C(S02, T_OTHER, H_STALL), L2C(S03, T_OTHER, H_STALL),
    L2C(S04, T_OTHER, H_STALL),
};

static void add(uint64_t* dst, const uint64_t* src, uint32_t n) {
    for (uint32_t k = 0; k < n; k++)
        dst[k] += src[k];
}

void denovo_cov_add_l1(denovo_cov_t* c, const denovo_l1_t* m) {
    add(c->l1, denovo_l1_cov(m), DENOVO_L1_T_N);
    add(c->l1f, denovo_l1_fcov(m), DENOVO_L1_F_N);
    for (uint32_t k = 0; k < DENOVO_L1_F_N; k++)
        c->l1f_reach[k] =
            c->l1f_reach[k] || denovo_l1_fcov_reachable(denovo_l1_desc(m), (denovo_l1_fcov_t)k);
}

void denovo_cov_add_l2(denovo_cov_t* c, const denovo_l2_t* m) {
    add(c->l2, denovo_l2_cov(m), DENOVO_L2_T_N);
    add(c->l2f, denovo_l2_fcov(m), DENOVO_L2_F_N);
    for (uint32_t k = 0; k < DENOVO_L2_F_N; k++)
        c->l2f_reach[k] =
            c->l2f_reach[k] || denovo_l2_fcov_reachable(denovo_l2_desc(m), (denovo_l2_fcov_t)k);
}

/* pd: the system descriptor, which starts with the C models' denovo_desc_t */
GSYS_COV_UNIT_FNS(denovo, l1)
GSYS_COV_UNIT_FNS(denovo, l2)
static const char* l1_name(uint32_t r) {
    return denovo_l1_trans_name((denovo_l1_trans_t)r);
}
static const char* l2_name(uint32_t r) {
    return denovo_l2_trans_name((denovo_l2_trans_t)r);
}

void denovo_cov_units(const denovo_cov_t* c, gsys_cov_unit_t u[2]) {
    u[0] = GSYS_COV_UNIT(denovo, l1, DENOVO_L1_T_N, l1_name, L1_NST, L1_NCOL, DENOVO_L1_F_N, c);
    u[1] = GSYS_COV_UNIT(denovo, l2, DENOVO_L2_T_N, l2_name, L2_NST, L2_NCOL, DENOVO_L2_F_N, c);
}
