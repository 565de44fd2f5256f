/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_l2.h -- C reference model of the TC L2 bank controller (docs/units/tc_l2.md). Written from
 * the specification, not from rtl/tc_l2.sv. One tc_l2_tick() call = one rising edge.
 *
 * tc_l2_t is large (several MiB at the maximum geometry): allocate it.
 */
#ifndef GPUCOH_TC_L2_H
#define GPUCOH_TC_L2_H

#include "tc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TC_L2_MAX_SETS  1024u
#define TC_L2_MAX_WAYS  16u
#define TC_L2_MAX_LINES (TC_L2_MAX_SETS * TC_L2_MAX_WAYS)
#define TC_L2_MAX_MSHRS 128u
#define TC_L2_MAX_QUEUE 8u
#define TC_L2_SEL_MAX   8u

typedef enum {
    TC_L2_I = 0,
    TC_L2_P = 1,
    TC_L2_S = 2,
    TC_L2_E = 3,
    TC_L2_I_S = 4,
    TC_L2_I_M = 5
} tc_l2_st_t;
typedef enum { TC_MS_IS = 0, TC_MS_IM = 1, TC_MS_MI = 2 } tc_mshr_kind_t;

typedef struct {
    bool rst_n;
    tc_time_t t;
    tc_req_t req; /* src set by the crossbar; counts only when req_ready was 1 */
    tc_mem_rsp_t mem;
} tc_l2_in_t;

typedef struct {
    bool req_ready;
    tc_rsp_t rsp;
    tc_mem_req_t mreq;
} tc_l2_out_t;

typedef struct {
    uint64_t tag;
    uint32_t st; /* tc_l2_st_t */
    uint32_t gts;
    uint32_t dirty;
    uint32_t data[TC_MAX_LINE_WORDS];
} tc_l2_line_t;

typedef struct {
    uint32_t v, kind; /* tc_mshr_kind_t */
    uint64_t line;
    uint32_t way, ts;
    uint64_t sm;
    uint32_t op, src, wf;
    uint32_t data[TC_MAX_LINE_WORDS];
    uint32_t mask[TC_MASK_WORDS];
    uint32_t aop, word, a, b;
} tc_l2_mshr_t;

/* Architectural state (spec section 3). Lines: set * L2Ways + way. A reader fills every line
 * when sel_all, else the sel_n lines of sel[]; the MSHRs when sel_all or sel_mshr; scalars always.
 */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_mshr; /* reader: also read the MSHRs when not sel_all */
    uint32_t sel_n;
    uint32_t sel[TC_L2_SEL_MAX];
    uint32_t fcnt;
    uint32_t life;
    tc_l2_mshr_t mshr[TC_L2_MAX_MSHRS];
    tc_l2_line_t line[TC_L2_MAX_LINES];
} tc_l2_state_t;

typedef enum {
    TC_L2_T_RESET = 0,
    TC_L2_T_H01,
    TC_L2_T_H02,
    TC_L2_T_H03,
    TC_L2_T_H04,
    TC_L2_T_H05,
    TC_L2_T_H06,
    TC_L2_T_H07,
    TC_L2_T_H08,
    TC_L2_T_H09,
    TC_L2_T_H10,
    TC_L2_T_H11,
    TC_L2_T_H12,
    TC_L2_T_H13,
    TC_L2_T_H14,
    TC_L2_T_H15,
    TC_L2_T_H16,
    TC_L2_T_H17,
    TC_L2_T_H18,
    TC_L2_T_H19,
    TC_L2_T_H20,
    TC_L2_T_H21,
    TC_L2_T_F01,
    TC_L2_T_F02,
    TC_L2_T_F03,
    TC_L2_T_F04,
    TC_L2_T_F05,
    TC_L2_T_F06,
    TC_L2_T_X01,
    TC_L2_T_X02,
    TC_L2_T_X03,
    TC_L2_T_X04,
    TC_L2_T_V01,
    TC_L2_T_V02,
    TC_L2_T_S01,
    TC_L2_T_S02,
    TC_L2_T_S03,
    TC_L2_T_S04,
    TC_L2_T_Q01,
    TC_L2_T_N
} tc_l2_trans_t;

typedef struct {
    tc_desc_t d;
    uint32_t lw, la, lines, bank_bits, set_bits, tag_bits;
    tc_req_t fifo[TC_L2_MAX_QUEUE];
    uint32_t fhead;
    tc_l2_state_t st;
    tc_l2_out_t out;
    uint32_t touched_n;
    uint32_t touched[TC_L2_SEL_MAX];
    bool touched_all;
    uint64_t cov[TC_L2_T_N];
    uint64_t errors; /* protocol errors (fill without an entry, M1) */
} tc_l2_t;

int tc_l2_init(tc_l2_t* m, const tc_desc_t* d, char* msg, size_t msg_len);
void tc_l2_tick(tc_l2_t* m, const tc_l2_in_t* in, tc_l2_out_t* out);
const char* tc_l2_trans_id(tc_l2_trans_t r);
const char* tc_l2_trans_name(tc_l2_trans_t r);
bool tc_l2_trans_reachable(const tc_desc_t* d, tc_l2_trans_t r);

#ifdef __cplusplus
}
#endif
#endif
