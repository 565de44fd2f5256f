/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_cov.c -- coverage of the TC system: the rows of docs/units/tc/tc_l1.md and tc_l2.md summed
 * over every L1 and every bank, printed as Table 2's state x event matrix (each cell: rows
 * covered / rows reachable, and the hit count) plus the list of rows never taken.
 */
#include "tc_cov.h"

#include <string.h>

#include "gsys_cov.h"

enum { L1_I, L1_V, L1_VM, L1_IV, L1_II, L1_OTHER, L1_NST };
enum { C_LOAD, C_STORE, C_ATOMIC, C_EVICT, C_EXPIRE, C_DATA, C_ACK, C_STALL, L1_NCOL };
static const char* const l1_st[L1_NST] = {"I", "V", "V_M", "I_V", "I_I", "other"};
static const char* const l1_col[L1_NCOL] = {"Load",   "Store", "Atomic", "Evict",
                                            "Expire", "Data",  "Ack",    "stall/misc"};

typedef gsys_cov_cell_t cell_t;

/* The TC-Weak-C rows (C17, W01-W05; tc_l1.md section 12) are unreachable under Protocol 0/1, so
 * they add nothing to a cell there (a cell counts its reachable rows only). */
static const cell_t l1_cells[] = {
    {TC_L1_T_C01, L1_V, C_LOAD},       {TC_L1_T_C02, L1_VM, C_LOAD},
    {TC_L1_T_C03, L1_IV, C_LOAD},      {TC_L1_T_C04, L1_II, C_LOAD},
    {TC_L1_T_C05, L1_II, C_LOAD},      {TC_L1_T_C06, L1_I, C_LOAD},
    {TC_L1_T_C07, L1_V, C_STORE},      {TC_L1_T_C08, L1_VM, C_STORE},
    {TC_L1_T_C09, L1_IV, C_STORE},     {TC_L1_T_C10, L1_II, C_STORE},
    {TC_L1_T_C11, L1_I, C_STORE},      {TC_L1_T_C12, L1_V, C_ATOMIC},
    {TC_L1_T_C13, L1_VM, C_ATOMIC},    {TC_L1_T_C14, L1_IV, C_ATOMIC},
    {TC_L1_T_C15, L1_II, C_ATOMIC},    {TC_L1_T_C16, L1_I, C_ATOMIC},
    {TC_L1_T_V03, L1_V, C_EVICT},      {TC_L1_T_E01, L1_V, C_EXPIRE},
    {TC_L1_T_E02, L1_VM, C_EXPIRE},    {TC_L1_T_R01, L1_IV, C_DATA},
    {TC_L1_T_R02, L1_IV, C_DATA},      {TC_L1_T_R03, L1_II, C_DATA},
    {TC_L1_T_R04, L1_II, C_DATA},      {TC_L1_T_R05, L1_II, C_DATA},
    {TC_L1_T_R06, L1_VM, C_DATA},      {TC_L1_T_R07, L1_VM, C_DATA},
    {TC_L1_T_R10_LAST, L1_II, C_DATA}, {TC_L1_T_R10_MORE, L1_II, C_DATA},
    {TC_L1_T_R11_LAST, L1_II, C_DATA}, {TC_L1_T_R11_MORE, L1_II, C_DATA},
    {TC_L1_T_R08, L1_VM, C_ACK},       {TC_L1_T_R09, L1_VM, C_ACK},
    {TC_L1_T_R12_LAST, L1_II, C_ACK},  {TC_L1_T_R12_MORE, L1_II, C_ACK},
    {TC_L1_T_S01, L1_OTHER, C_STALL},  {TC_L1_T_S02, L1_OTHER, C_STALL},
    {TC_L1_T_S03, L1_OTHER, C_STALL},  {TC_L1_T_X01, L1_OTHER, C_EXPIRE},
    {TC_L1_T_Q01, L1_OTHER, C_STALL},  {TC_L1_T_RESET, L1_OTHER, C_STALL},
    {TC_L1_T_C17, L1_V, C_STORE},      {TC_L1_T_W01, L1_IV, C_DATA},
    {TC_L1_T_W02, L1_IV, C_DATA},      {TC_L1_T_W03, L1_II, C_DATA},
    {TC_L1_T_W04, L1_II, C_DATA},      {TC_L1_T_W05, L1_II, C_DATA},
};

enum { L2_I, L2_P, L2_S, L2_E, L2_IS, L2_IM, L2_MI, L2_OTHER, L2_NST };
enum { H_GETS, H_GETX, H_UPGR, H_ATOMIC, H_EVICT, H_EXPIRE, H_MEM, H_STALL, L2_NCOL };
static const char* const l2_st[L2_NST] = {"I", "P", "S", "E", "I_S", "I_M", "M_I", "other"};
static const char* const l2_col[L2_NCOL] = {"GETS",  "GETX",   "UPGR",    "ATOMIC",
                                            "Evict", "Expire", "MemData", "stall/misc"};
/* H22, H23 and F07 (tc_l2.md section 13) are TC-Weak-C rows, unreachable under Protocol 0/1. */
static const cell_t l2_cells[] = {
    {TC_L2_T_H01, L2_P, H_GETS},        {TC_L2_T_H02, L2_S, H_GETS},
    {TC_L2_T_H03, L2_E, H_GETS},        {TC_L2_T_H04, L2_P, H_GETX},
    {TC_L2_T_H05, L2_S, H_GETX},        {TC_L2_T_H06, L2_E, H_GETX},
    {TC_L2_T_H07, L2_P, H_UPGR},        {TC_L2_T_H08, L2_P, H_UPGR},
    {TC_L2_T_H09, L2_S, H_UPGR},        {TC_L2_T_H10, L2_S, H_UPGR},
    {TC_L2_T_H11, L2_E, H_UPGR},        {TC_L2_T_H12, L2_P, H_ATOMIC},
    {TC_L2_T_H13, L2_S, H_ATOMIC},      {TC_L2_T_H14, L2_E, H_ATOMIC},
    {TC_L2_T_H15, L2_IS, H_GETS},       {TC_L2_T_H16, L2_IS, H_STALL},
    {TC_L2_T_H17, L2_IM, H_STALL},      {TC_L2_T_H18, L2_I, H_GETS},
    {TC_L2_T_H19, L2_I, H_GETX},        {TC_L2_T_H20, L2_MI, H_GETS},
    {TC_L2_T_H21, L2_MI, H_GETX},       {TC_L2_T_F01, L2_IS, H_MEM},
    {TC_L2_T_F02, L2_IS, H_MEM},        {TC_L2_T_F03, L2_IM, H_MEM},
    {TC_L2_T_F04, L2_IM, H_MEM},        {TC_L2_T_F05, L2_IM, H_MEM},
    {TC_L2_T_F06, L2_IM, H_MEM},        {TC_L2_T_X01, L2_P, H_EXPIRE},
    {TC_L2_T_X02, L2_S, H_EXPIRE},      {TC_L2_T_X03, L2_MI, H_EXPIRE},
    {TC_L2_T_X04, L2_MI, H_EVICT},      {TC_L2_T_V01, L2_E, H_EVICT},
    {TC_L2_T_V02, L2_S, H_EVICT},       {TC_L2_T_S01, L2_OTHER, H_STALL},
    {TC_L2_T_S02, L2_OTHER, H_STALL},   {TC_L2_T_S03, L2_OTHER, H_STALL},
    {TC_L2_T_S04, L2_OTHER, H_STALL},   {TC_L2_T_Q01, L2_OTHER, H_STALL},
    {TC_L2_T_RESET, L2_OTHER, H_STALL}, {TC_L2_T_H22, L2_P, H_GETS},
    {TC_L2_T_H23, L2_S, H_GETS},        {TC_L2_T_F07, L2_IS, H_MEM},
};

void tc_cov_add_l1(tc_cov_t* c, const tc_l1_t* m) {
    for (uint32_t r = 0; r < TC_L1_T_N; r++)
        c->l1[r] += m->cov[r];
    for (uint32_t k = 0; k < TC_L1_F_N; k++) {
        c->l1f[k] += m->fcov[k];
        c->l1f_reach[k] = c->l1f_reach[k] || tc_l1_fcov_reachable(m, (tc_l1_fcov_t)k);
    }
}

void tc_cov_add_l2(tc_cov_t* c, const tc_l2_t* m) {
    for (uint32_t r = 0; r < TC_L2_T_N; r++)
        c->l2[r] += m->cov[r];
    for (uint32_t k = 0; k < TC_L2_F_N; k++) {
        c->l2f[k] += m->fcov[k];
        c->l2f_reach[k] = c->l2f_reach[k] || tc_l2_fcov_reachable(m, (tc_l2_fcov_t)k);
    }
}

static bool l1_reach(const void* pd, uint32_t r) {
    const tc_l1_desc_t d1 = tc_l1_desc_from(pd);
    return tc_l1_trans_reachable(&d1, (tc_l1_trans_t)r);
}
static bool l2_reach(const void* pd, uint32_t r) {
    const tc_l2_desc_t d2 = tc_l2_desc_from(pd);
    return tc_l2_trans_reachable(&d2, (tc_l2_trans_t)r);
}
static const char* l1_id(uint32_t r) {
    return tc_l1_trans_id((tc_l1_trans_t)r);
}
static const char* l2_id(uint32_t r) {
    return tc_l2_trans_id((tc_l2_trans_t)r);
}
static const char* l1_name(uint32_t r) {
    return tc_l1_trans_name((tc_l1_trans_t)r);
}
static const char* l2_name(uint32_t r) {
    return tc_l2_trans_name((tc_l2_trans_t)r);
}
static const char* l1_fname(uint32_t k) {
    return tc_l1_fcov_name((tc_l1_fcov_t)k);
}
static const char* l2_fname(uint32_t k) {
    return tc_l2_fcov_name((tc_l2_fcov_t)k);
}

/* The two unit types over the counters of c. */
static void units(const tc_cov_t* c, gsys_cov_unit_t u[2]) {
    u[0] = (gsys_cov_unit_t){"l1",
                             "tc_l1",
                             TC_L1_T_N,
                             c->l1,
                             l1_reach,
                             l1_id,
                             l1_name,
                             l1_st,
                             L1_NST,
                             l1_col,
                             L1_NCOL,
                             l1_cells,
                             (uint32_t)(sizeof l1_cells / sizeof l1_cells[0]),
                             TC_L1_F_N,
                             c->l1f,
                             c->l1f_reach,
                             l1_fname};
    u[1] = (gsys_cov_unit_t){"l2",
                             "tc_l2",
                             TC_L2_T_N,
                             c->l2,
                             l2_reach,
                             l2_id,
                             l2_name,
                             l2_st,
                             L2_NST,
                             l2_col,
                             L2_NCOL,
                             l2_cells,
                             (uint32_t)(sizeof l2_cells / sizeof l2_cells[0]),
                             TC_L2_F_N,
                             c->l2f,
                             c->l2f_reach,
                             l2_fname};
}

void tc_cov_count(const tc_cov_t* c, const tc_desc_t* d, uint32_t* l1_cov, uint32_t* l1_reach,
                  uint32_t* l2_cov, uint32_t* l2_reach) {
    gsys_cov_unit_t u[2];
    units(c, u);
    gsys_cov_rows(&u[0], d, l1_cov, l1_reach);
    gsys_cov_rows(&u[1], d, l2_cov, l2_reach);
}

void tc_cov_fcount(const tc_cov_t* c, uint32_t* l1_hit, uint32_t* l1_reach, uint32_t* l2_hit,
                   uint32_t* l2_reach) {
    gsys_cov_unit_t u[2];
    units(c, u);
    gsys_cov_points(&u[0], l1_hit, l1_reach);
    gsys_cov_points(&u[1], l2_hit, l2_reach);
}

void tc_cov_fjson(const tc_cov_t* c, FILE* f) {
    gsys_cov_unit_t u[2];
    units(c, u);
    gsys_cov_fjson(u, 2, f);
}

void tc_cov_print(const tc_cov_t* c, const tc_desc_t* d, bool rows, FILE* f) {
    gsys_cov_unit_t u[2];
    units(c, u);
    gsys_cov_print(u, 2, d, rows, f);
}
