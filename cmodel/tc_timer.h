/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_timer.h -- C reference model of the synchronized timestamp counter (docs/units/tc_timer.md).
 * One tc_timer_tick() call = one rising edge (docs/timing.md).
 */
#ifndef GPUCOH_TC_TIMER_H
#define GPUCOH_TC_TIMER_H

#include "tc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    bool rst_n;
    bool load;
    uint32_t load_val;
} tc_timer_in_t;

typedef struct {
    uint32_t now;
    uint32_t era;
    bool roll;
} tc_timer_out_t;

typedef struct {
    uint32_t now;
    uint32_t era;
} tc_timer_state_t;

typedef enum {
    TC_TIMER_T_RESET = 0,
    TC_TIMER_T_COUNT,
    TC_TIMER_T_LOAD,
    TC_TIMER_T_WRAP,
    TC_TIMER_T_N
} tc_timer_trans_t;

typedef struct {
    uint32_t ts_width;
    tc_timer_state_t st;
    uint64_t cov[TC_TIMER_T_N];
} tc_timer_t;

/* 0 = ok; else message names the parameter. */
int tc_timer_init(tc_timer_t* t, uint32_t ts_width, char* msg, size_t msg_len);
void tc_timer_tick(tc_timer_t* t, const tc_timer_in_t* in, tc_timer_out_t* out);
/* The outputs of the current state (what the unit drives this cycle). */
void tc_timer_outputs(const tc_timer_t* t, tc_timer_out_t* out);
const char* tc_timer_trans_name(tc_timer_trans_t r);

#ifdef __cplusplus
}
#endif
#endif
