/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_cov.c -- coverage of the hLRC system (hlrc_cov.h): the rows of
 * docs/units/hlrc/hlrc_l1.md (section 9) and hlrc_l2.md (section 9) placed in a state x event
 * matrix. L1 states: the head's line V, R, not R (I, or absent for a synchronizing access),
 * pend (a GETS outstanding), absent, leaving (R with a revocation or eviction begun); bank
 * states: V/D unregistered, registered (R), P (a fill pending), miss.
 */
#include "hlrc_cov.h"

enum { S_V, S_R, S_NOTR, S_PEND, S_ABSENT, S_LEAVING, S_OTHER, L1_NST };
enum {
    K_LOAD,
    K_STORE,
    K_SYNC,
    K_FENCE,
    K_DATA,
    K_ACK,
    K_GRANT,
    K_ATOM,
    K_REVOKE,
    K_EACK,
    K_BAD,
    K_SB,
    K_ANSWER,
    K_VICTIM,
    K_STALL,
    L1_NCOL
};
static const char* const l1_st[L1_NST] = {"V", "R", "not R", "pend", "absent", "leaving", "-"};
static const char* const l1_col[L1_NCOL] = {"Load",    "Store", "Sync",   "Fence",  "Data",
                                            "Ack",     "Grant", "Atom",   "Revoke", "EAck",
                                            "illegal", "SB",    "Answer", "Victim", "stall"};

#define L1C(r, s, k)                                                                               \
    { HLRC_L1_T_##r, s, k }
static const gsys_cov_cell_t l1_cells[] = {
    L1C(C01, S_V, K_LOAD),       L1C(C02, S_PEND, K_LOAD),      L1C(C03, S_PEND, K_STALL),
    L1C(C04, S_OTHER, K_LOAD),   L1C(C05, S_ABSENT, K_LOAD),    L1C(C06, S_R, K_STORE),
    L1C(C07, S_NOTR, K_STORE),   L1C(C08, S_NOTR, K_STORE),     L1C(C09, S_ABSENT, K_STORE),
    L1C(C10, S_R, K_SYNC),       L1C(C11, S_R, K_SYNC),         L1C(C12, S_R, K_SYNC),
    L1C(C13, S_R, K_SYNC),       L1C(C14, S_R, K_STALL),        L1C(C15, S_LEAVING, K_STALL),
    L1C(C16, S_NOTR, K_SYNC),    L1C(C17, S_NOTR, K_STALL),     L1C(C18, S_R, K_SYNC),
    L1C(C19, S_NOTR, K_STALL),   L1C(C20, S_NOTR, K_SYNC),      L1C(C21, S_NOTR, K_STALL),
    L1C(C22, S_NOTR, K_SYNC),    L1C(C23, S_OTHER, K_FENCE),    L1C(C24, S_OTHER, K_FENCE),
    L1C(C25, S_OTHER, K_FENCE),  L1C(M01, S_PEND, K_DATA),      L1C(M02, S_PEND, K_DATA),
    L1C(M03, S_PEND, K_DATA),    L1C(M04, S_PEND, K_DATA),      L1C(M05, S_OTHER, K_ACK),
    L1C(M06, S_NOTR, K_GRANT),   L1C(M07, S_OTHER, K_ATOM),     L1C(M08, S_OTHER, K_REVOKE),
    L1C(M09, S_OTHER, K_EACK),   L1C(M10, S_OTHER, K_BAD),      L1C(B01, S_OTHER, K_SB),
    L1C(B02, S_OTHER, K_SB),     L1C(B03, S_OTHER, K_SB),       L1C(B04, S_OTHER, K_SB),
    L1C(B05, S_OTHER, K_SB),     L1C(B06, S_OTHER, K_SB),       L1C(B07, S_OTHER, K_SB),
    L1C(B08, S_OTHER, K_SB),     L1C(X01, S_LEAVING, K_ANSWER), L1C(X02, S_LEAVING, K_ANSWER),
    L1C(V01, S_OTHER, K_VICTIM), L1C(V02, S_R, K_VICTIM),       L1C(S01, S_OTHER, K_STALL),
    L1C(S02, S_OTHER, K_STALL),  L1C(S03, S_OTHER, K_STALL),    L1C(S04, S_OTHER, K_STALL),
    L1C(S05, S_OTHER, K_STALL),  L1C(S06, S_OTHER, K_STALL),    L1C(S07, S_OTHER, K_STALL),
    L1C(S08, S_OTHER, K_STALL),  L1C(S09, S_OTHER, K_STALL),    L1C(S10, S_OTHER, K_STALL),
    L1C(S11, S_OTHER, K_STALL),  L1C(S12, S_OTHER, K_STALL),    L1C(S13, S_OTHER, K_STALL),
};

enum { T_VD, T_R, T_P, T_MISS, T_OTHER, L2_NST };
enum { H_GETS, H_WT, H_REG, H_ATOMIC, H_RACK, H_EVICT, H_FILL, H_VICTIM, H_BAD, H_STALL, L2_NCOL };
static const char* const l2_st[L2_NST] = {"V/D", "R", "P", "miss", "-"};
static const char* const l2_col[L2_NCOL] = {"GETS",  "WT",   "REG",    "ATOMIC",  "RACK",
                                            "EVICT", "Fill", "Victim", "illegal", "stall"};
#define L2C(r, s, k)                                                                               \
    { HLRC_L2_T_##r, s, k }
static const gsys_cov_cell_t l2_cells[] = {
    L2C(G01, T_VD, H_GETS),     L2C(G02, T_P, H_GETS),      L2C(G03, T_MISS, H_GETS),
    L2C(W01, T_VD, H_WT),       L2C(W02, T_P, H_WT),        L2C(W03, T_MISS, H_WT),
    L2C(R01, T_VD, H_REG),      L2C(R02, T_VD, H_REG),      L2C(R03, T_R, H_REG),
    L2C(R04, T_R, H_REG),       L2C(R05, T_P, H_REG),       L2C(R06, T_MISS, H_REG),
    L2C(A01, T_VD, H_ATOMIC),   L2C(A02, T_R, H_ATOMIC),    L2C(A03, T_R, H_ATOMIC),
    L2C(A04, T_P, H_ATOMIC),    L2C(A05, T_MISS, H_ATOMIC), L2C(K01, T_R, H_RACK),
    L2C(K02, T_OTHER, H_RACK),  L2C(K03, T_R, H_EVICT),     L2C(K04, T_OTHER, H_EVICT),
    L2C(N01, T_P, H_FILL),      L2C(N02, T_P, H_FILL),      L2C(Q01, T_OTHER, H_BAD),
    L2C(Q02, T_OTHER, H_BAD),   L2C(Q03, T_OTHER, H_BAD),   L2C(D01, T_VD, H_VICTIM),
    L2C(D02, T_VD, H_VICTIM),   L2C(S01, T_OTHER, H_STALL), L2C(S02, T_OTHER, H_STALL),
    L2C(S03, T_OTHER, H_STALL), L2C(S04, T_OTHER, H_STALL),
};

static void add(uint64_t* dst, const uint64_t* src, uint32_t n) {
    for (uint32_t k = 0; k < n; k++)
        dst[k] += src[k];
}

void hlrc_cov_add_l1(hlrc_cov_t* c, const hlrc_l1_t* m) {
    add(c->l1, hlrc_l1_cov(m), HLRC_L1_T_N);
    add(c->l1f, hlrc_l1_fcov(m), HLRC_L1_F_N);
    for (uint32_t k = 0; k < HLRC_L1_F_N; k++)
        c->l1f_reach[k] =
            c->l1f_reach[k] || hlrc_l1_fcov_reachable(hlrc_l1_desc(m), (hlrc_l1_fcov_t)k);
}

void hlrc_cov_add_l2(hlrc_cov_t* c, const hlrc_l2_t* m) {
    add(c->l2, hlrc_l2_cov(m), HLRC_L2_T_N);
    add(c->l2f, hlrc_l2_fcov(m), HLRC_L2_F_N);
    for (uint32_t k = 0; k < HLRC_L2_F_N; k++)
        c->l2f_reach[k] =
            c->l2f_reach[k] || hlrc_l2_fcov_reachable(hlrc_l2_desc(m), (hlrc_l2_fcov_t)k);
}

/* pd: the system descriptor, which starts with the C models' hlrc_desc_t */
GSYS_COV_UNIT_FNS(hlrc, l1)
GSYS_COV_UNIT_FNS(hlrc, l2)

void hlrc_cov_units(const hlrc_cov_t* c, gsys_cov_unit_t u[2]) {
    u[0] = GSYS_COV_UNIT(hlrc, l1, HLRC_L1_T_N, l1_id, L1_NST, L1_NCOL, HLRC_L1_F_N, c);
    u[1] = GSYS_COV_UNIT(hlrc, l2, HLRC_L2_T_N, l2_id, L2_NST, L2_NCOL, HLRC_L2_F_N, c);
}
