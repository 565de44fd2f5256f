/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_l1.h -- C reference model of the TC L1 controller (docs/units/tc_l1.md), with its GWCT
 * table (tc_gwct). Written from the specification, not from rtl/tc_l1.sv.
 * One tc_l1_tick() call = one rising edge (docs/timing.md).
 *
 * tc_l1_t is large (about 400 KiB): allocate it, do not put it on the stack.
 */
#ifndef GPUCOH_TC_L1_H
#define GPUCOH_TC_L1_H

#include "tc_gwct.h"
#include "tc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TC_L1_MAX_SETS  256u
#define TC_L1_MAX_WAYS  8u
#define TC_L1_MAX_LINES (TC_L1_MAX_SETS * TC_L1_MAX_WAYS)
#define TC_L1_MAX_QUEUE 8u
#define TC_SEL_MAX      8u /* line indices a partial state read may name */

typedef enum { TC_L1_I = 0, TC_L1_V = 1, TC_L1_V_M = 2, TC_L1_I_V = 3, TC_L1_I_I = 4 } tc_l1_st_t;

typedef struct {
    bool rst_n;
    tc_time_t t;
    tc_core_req_t core; /* counts only when core_ready was 1 */
    tc_rsp_t rsp;       /* dst is ignored by the L1 */
} tc_l1_in_t;

typedef struct {
    bool core_ready;
    tc_core_rsp_t crsp;
    tc_req_t req; /* src is 0 */
    uint64_t fence_ready;
    uint64_t wr_idle;
} tc_l1_out_t;

typedef struct {
    uint64_t tag;
    uint32_t st; /* tc_l1_st_t */
    uint32_t lts;
    uint32_t data[TC_MAX_LINE_WORDS];
    uint32_t rd, waw, wcnt;
    uint64_t orig, late;
    uint32_t mts;
} tc_l1_line_t;

/* Architectural state (spec section 3). Lines are indexed set * L1Ways + way. A reader (the RTL
 * shim) fills every line when sel_all, else only the sel_n lines named in sel[]. */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[TC_SEL_MAX];
    uint32_t fcnt;
    uint32_t rr[TC_L1_MAX_SETS];
    tc_gwct_state_t gwct;
    tc_l1_line_t line[TC_L1_MAX_LINES];
} tc_l1_state_t;

/* Coverage rows (spec sections 5-6). */
typedef enum {
    TC_L1_T_RESET = 0,
    TC_L1_T_C01,
    TC_L1_T_C02,
    TC_L1_T_C03,
    TC_L1_T_C04,
    TC_L1_T_C05,
    TC_L1_T_C06,
    TC_L1_T_C07,
    TC_L1_T_C08,
    TC_L1_T_C09,
    TC_L1_T_C10,
    TC_L1_T_C11,
    TC_L1_T_C12,
    TC_L1_T_C13,
    TC_L1_T_C14,
    TC_L1_T_C15,
    TC_L1_T_C16,
    TC_L1_T_R01,
    TC_L1_T_R02,
    TC_L1_T_R03,
    TC_L1_T_R04,
    TC_L1_T_R05,
    TC_L1_T_R06,
    TC_L1_T_R07,
    TC_L1_T_R08,
    TC_L1_T_R09,
    TC_L1_T_R10_LAST,
    TC_L1_T_R10_MORE,
    TC_L1_T_R11_LAST,
    TC_L1_T_R11_MORE,
    TC_L1_T_R12_LAST,
    TC_L1_T_R12_MORE,
    TC_L1_T_E01,
    TC_L1_T_E02,
    TC_L1_T_V03,
    TC_L1_T_S01,
    TC_L1_T_S02,
    TC_L1_T_S03,
    TC_L1_T_X01,
    TC_L1_T_Q01,
    TC_L1_T_N
} tc_l1_trans_t;

typedef struct {
    tc_desc_t d;
    uint32_t lw, la, lines, cmax, set_bits, way_bits;
    tc_gwct_t* gwct; /* u_gwct, in gwct_mem */
    uint64_t gwct_mem[TC_GWCT_BYTES(TC_MAX_WF) / 8u];
    /* core request FIFO (contents not compared) */
    tc_core_req_t fifo[TC_L1_MAX_QUEUE];
    uint32_t fhead;
    tc_l1_state_t st;
    tc_l1_out_t out; /* registered outputs */
    /* lines written by the last tick (for partial state compares); touched_all after reset/roll */
    uint32_t touched_n;
    uint32_t touched[TC_SEL_MAX];
    bool touched_all;
    uint64_t cov[TC_L1_T_N];
    uint64_t errors; /* rule L9 / G2 protocol errors */
} tc_l1_t;

int tc_l1_init(tc_l1_t* m, const tc_desc_t* d, char* msg, size_t msg_len);
void tc_l1_tick(tc_l1_t* m, const tc_l1_in_t* in, tc_l1_out_t* out);
const char* tc_l1_trans_id(tc_l1_trans_t r);   /* "C01", "R10.last", ... */
const char* tc_l1_trans_name(tc_l1_trans_t r); /* "V x LOAD hit" */
bool tc_l1_trans_reachable(const tc_desc_t* d, tc_l1_trans_t r);

#ifdef __cplusplus
}
#endif
#endif
