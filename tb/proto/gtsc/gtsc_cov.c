/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_cov.c -- coverage of the G-TSC system (gtsc_cov.h): the rows of docs/units/gtsc/gtsc_l1.md
 * (section 7) and gtsc_l2.md (section 7) placed in their state x event matrices. L1 states: the
 * line I or absent with no entry, V with no entry, and the entry's kind (RD, RD stale, WR, WR
 * stale, AT, SV, SV stale); bank states: I / absent, P, V / D.
 */
#include "gtsc_cov.h"

#include "gtsc_units.h"

enum { S_I, S_V, S_RD, S_RDS, S_WR, S_WRS, S_AT, S_SV, S_SVS, S_OTHER, L1_NST };
enum {
    K_LOAD,
    K_STORE,
    K_FILL,
    K_RNW,
    K_WACK,
    K_AACK,
    K_SERVE,
    K_TSRST,
    K_VICTIM,
    K_STALL,
    K_BAD,
    L1_NCOL
};
static const char* const l1_st[L1_NST] = {"I/absent", "V",  "RD", "RD/s", "WR",
                                          "WR/s",     "AT", "SV", "SV/s", "-"};
static const char* const l1_col[L1_NCOL] = {"LOAD",   "STORE/ATOMIC", "FILL",   "RNW",
                                            "WACK",   "AACK",         "serve",  "tsrst",
                                            "victim", "stall",        "illegal"};

#define L1C(r, s, k)                                                                               \
    { GTSC_L1_T_##r, s, k }
static const gsys_cov_cell_t l1_cells[] = {
    L1C(C01, S_V, K_LOAD),        L1C(C02, S_RD, K_LOAD),       L1C(C03, S_V, K_LOAD),
    L1C(C04, S_I, K_LOAD),        L1C(C05, S_V, K_STORE),       L1C(C06, S_I, K_STORE),
    L1C(C07, S_V, K_STORE),       L1C(C08, S_I, K_STORE),       L1C(S01, S_I, K_STALL),
    L1C(S02, S_OTHER, K_STALL),   L1C(S03, S_OTHER, K_STALL),   L1C(S04, S_OTHER, K_STALL),
    L1C(R01, S_RD, K_FILL),       L1C(R02, S_RD, K_FILL),       L1C(R03, S_RD, K_RNW),
    L1C(R04, S_RDS, K_FILL),      L1C(R05, S_WR, K_WACK),       L1C(R06, S_WR, K_WACK),
    L1C(R07, S_WR, K_WACK),       L1C(R08, S_WRS, K_WACK),      L1C(R09, S_AT, K_AACK),
    L1C(V01, S_SV, K_SERVE),      L1C(V02, S_SVS, K_SERVE),     L1C(X01, S_OTHER, K_TSRST),
    L1C(E01, S_V, K_VICTIM),      L1C(Q01, S_OTHER, K_STALL),   L1C(ERR, S_OTHER, K_BAD),
    L1C(R05_WAIT, S_WR, K_WACK),  L1C(R05_NONE, S_WR, K_WACK),  L1C(R06_WAIT, S_WR, K_WACK),
    L1C(R06_NONE, S_WR, K_WACK),  L1C(R07_WAIT, S_WR, K_WACK),  L1C(R07_NONE, S_WR, K_WACK),
    L1C(R08_WAIT, S_WRS, K_WACK), L1C(R08_NONE, S_WRS, K_WACK), L1C(R09_WAIT, S_AT, K_AACK),
    L1C(R09_NONE, S_AT, K_AACK),
};

enum { T_I, T_P, T_VD, T_OTHER, L2_NST };
enum { H_RD, H_WR, H_AT, H_FILL, H_TSRST, H_VICTIM, H_STALL, H_BAD, L2_NCOL };
static const char* const l2_st[L2_NST] = {"I/absent", "P", "V/D", "-"};
static const char* const l2_col[L2_NCOL] = {"RD",    "WR",     "AT",    "fill",
                                            "tsrst", "victim", "stall", "illegal"};
#define L2C(r, s, k)                                                                               \
    { GTSC_L2_T_##r, s, k }
static const gsys_cov_cell_t l2_cells[] = {
    L2C(H01H, T_VD, H_RD),      L2C(H01M, T_VD, H_RD),    L2C(H02H, T_VD, H_RD),
    L2C(H02M, T_VD, H_RD),      L2C(H03H, T_VD, H_WR),    L2C(H03M, T_VD, H_WR),
    L2C(H04H, T_VD, H_WR),      L2C(H04M, T_VD, H_WR),    L2C(H05H, T_VD, H_AT),
    L2C(H05M, T_VD, H_AT),      L2C(O01, T_VD, H_WR),     L2C(M01, T_I, H_RD),
    L2C(M02, T_I, H_WR),        L2C(M03, T_I, H_AT),      L2C(S01, T_I, H_STALL),
    L2C(S02, T_I, H_STALL),     L2C(S03, T_P, H_STALL),   L2C(F01, T_P, H_FILL),
    L2C(E01, T_VD, H_VICTIM),   L2C(E02, T_VD, H_VICTIM), L2C(X01, T_VD, H_TSRST),
    L2C(Q01, T_OTHER, H_STALL), L2C(F02, T_OTHER, H_BAD), L2C(ERR, T_OTHER, H_BAD),
};

static void add(uint64_t* dst, const uint64_t* src, uint32_t n) {
    for (uint32_t k = 0; k < n; k++)
        dst[k] += src[k];
}

void gtsc_cov_add_l1(gtsc_cov_t* c, const gtsc_l1_t* m) {
    add(c->l1, gtsc_l1_cov(m), GTSC_L1_T_N);
    add(c->l1f, gtsc_l1_fcov(m), GTSC_L1_F_N);
    for (uint32_t k = 0; k < GTSC_L1_F_N; k++)
        c->l1f_reach[k] =
            c->l1f_reach[k] || gtsc_l1_fcov_reachable(gtsc_l1_desc(m), (gtsc_l1_fcov_t)k);
}

void gtsc_cov_add_l2(gtsc_cov_t* c, const gtsc_l2_t* m) {
    add(c->l2, gtsc_l2_cov(m), GTSC_L2_T_N);
    add(c->l2f, gtsc_l2_fcov(m), GTSC_L2_F_N);
    for (uint32_t k = 0; k < GTSC_L2_F_N; k++)
        c->l2f_reach[k] =
            c->l2f_reach[k] || gtsc_l2_fcov_reachable(gtsc_l2_desc(m), (gtsc_l2_fcov_t)k);
}

void gtsc_cov_add_ovf(gtsc_cov_t* c, const gtsc_ovf_t* m) {
    add(c->ovff, m->fcov, GTSC_OVF_F_N);
    c->ovff_reach[GTSC_OVF_F_Z01] = c->ovff_reach[GTSC_OVF_F_Z01] || m->num_banks >= 2u;
}

/* pd: the system descriptor, which starts with the C models' gtsc_desc_t; a bank's rows do not
 * depend on its number (bank 0's descriptor) */
static bool l1_reach(const void* pd, uint32_t r) {
    const gtsc_l1_desc_t d = gtsc_l1_desc_from(pd);
    return gtsc_l1_trans_reachable(&d, (gtsc_l1_trans_t)r);
}
static const char* l1_id(uint32_t r) {
    return gtsc_l1_trans_id((gtsc_l1_trans_t)r);
}
static const char* l1_fname(uint32_t k) {
    return gtsc_l1_fcov_name((gtsc_l1_fcov_t)k);
}
static bool l2_reach(const void* pd, uint32_t r) {
    const gtsc_l2_desc_t d = gtsc_l2_desc_from(pd);
    return gtsc_l2_trans_reachable(&d, (gtsc_l2_trans_t)r);
}
static const char* l2_id(uint32_t r) {
    return gtsc_l2_trans_id((gtsc_l2_trans_t)r);
}
static const char* l2_fname(uint32_t k) {
    return gtsc_l2_fcov_name((gtsc_l2_fcov_t)k);
}

static const char* ovf_fname(uint32_t k) {
    return gtsc_ovf_fcov_name((gtsc_ovf_fcov_t)k);
}

void gtsc_cov_units(const gtsc_cov_t* c, gsys_cov_unit_t u[3]) {
    u[0] = GSYS_COV_UNIT(gtsc, l1, GTSC_L1_T_N, l1_id, L1_NST, L1_NCOL, GTSC_L1_F_N, c);
    u[1] = GSYS_COV_UNIT(gtsc, l2, GTSC_L2_T_N, l2_id, L2_NST, L2_NCOL, GTSC_L2_F_N, c);
    u[2] = (gsys_cov_unit_t){.unit = "ovf",
                             .title = "gtsc_ovf",
                             .nf = GTSC_OVF_F_N,
                             .fcnt = c->ovff,
                             .freach = c->ovff_reach,
                             .fname = ovf_fname};
}
