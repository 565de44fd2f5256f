/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_gwct.h -- C reference model of the per-wavefront GWCT table (docs/units/tc_gwct.md).
 * One tc_gwct_tick() call = one rising edge (docs/timing.md).
 */
#ifndef GPUCOH_TC_GWCT_H
#define GPUCOH_TC_GWCT_H

#include "tc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    bool rst_n;
    tc_time_t t;
    bool iss_valid;
    uint32_t iss_wf;
    bool ack_valid;
    uint32_t ack_wf;
    bool ack_global;
    uint32_t ack_gwct;
    uint32_t ack_era;
} tc_gwct_in_t;

typedef struct {
    uint64_t fence_ready; /* bit w */
    uint64_t wr_idle;
    uint64_t full;
} tc_gwct_out_t;

typedef struct {
    uint32_t gwct[TC_MAX_WF];
    uint32_t cnt[TC_MAX_WF];
} tc_gwct_state_t;

typedef enum {
    TC_GWCT_T_RESET = 0, /* G01 */
    TC_GWCT_T_ISSUE,     /* G02 */
    TC_GWCT_T_ACK,       /* G03 */
    TC_GWCT_T_ACK_RAISE, /* G04 */
    TC_GWCT_T_ACK_KEEP,  /* G05 */
    TC_GWCT_T_ACK_OLD,   /* G06 */
    TC_GWCT_T_ISS_ACK,   /* G07 */
    TC_GWCT_T_READY,     /* G08 */
    TC_GWCT_T_FULL,      /* G09 */
    TC_GWCT_T_ROLL,      /* G10 */
    TC_GWCT_T_N
} tc_gwct_trans_t;

typedef struct {
    uint32_t num_wf, ts_width, cnt_width;
    tc_gwct_state_t st;
    tc_gwct_out_t out; /* registered outputs */
    uint64_t cov[TC_GWCT_T_N];
    uint64_t errors; /* rule G2 violations */
} tc_gwct_t;

int tc_gwct_init(tc_gwct_t* g, uint32_t num_wf, uint32_t ts_width, uint32_t cnt_width, char* msg,
                 size_t msg_len);
void tc_gwct_tick(tc_gwct_t* g, const tc_gwct_in_t* in, tc_gwct_out_t* out);
const char* tc_gwct_trans_id(tc_gwct_trans_t r);   /* "G01" */
const char* tc_gwct_trans_name(tc_gwct_trans_t r); /* "reset" */

#ifdef __cplusplus
}
#endif
#endif
