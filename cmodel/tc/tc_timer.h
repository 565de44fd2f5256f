/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_timer.h -- C reference model of the synchronized timestamp counter
 * (docs/units/tc/tc_timer.md). One tc_timer_tick() call = one rising edge (docs/timing.md).
 *
 * Storage is the caller's (docs/framework.md, "C model storage"):
 *
 *   tc_timer_desc_t d = tc_timer_desc_from(&sys);          (or { .ts_width = 32 })
 *   size_t n = tc_timer_size(&d);                          (0: illegal descriptor)
 *   tc_timer_t* t = tc_timer_init(malloc(n), n, &d, why, sizeof why);
 *   ... free(t);
 *
 * The timer needs sizeof(tc_timer_t) bytes whatever its descriptor.
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

/* Functional cover points (spec section 7; printed F01.. in this order). */
typedef enum tc_timer_fcov {
    TC_TIMER_F_COUNT_MAX = 0,   /* now counts up to 2^TsWidth-1 */
    TC_TIMER_F_WRAP_ERA0,       /* wrap in era 0 (era 0 -> 1) */
    TC_TIMER_F_WRAP_ERA1,       /* wrap in era 1 (era 1 -> 0) */
    TC_TIMER_F_CARRY_TOP,       /* count carries into the top bit */
    TC_TIMER_F_LOAD_ZERO,       /* load of 0 (taken as 1) */
    TC_TIMER_F_LOAD_MAX,        /* load of 2^TsWidth-1 */
    TC_TIMER_F_LOAD_ROLL,       /* load in the roll cycle */
    TC_TIMER_F_LOAD_ERA1,       /* load in era 1 */
    TC_TIMER_F_RESET_ROLL,      /* reset in the roll cycle, era 0 */
    TC_TIMER_F_RESET_ROLL_ERA1, /* reset in the roll cycle, era 1 */
    TC_TIMER_F_RESET_LOAD,      /* reset and load at one edge */
    TC_TIMER_F_N
} tc_timer_fcov_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t ts_width; /* TsWidth, 8..32 */
} tc_timer_desc_t;

typedef struct {
    tc_timer_desc_t d;
    tc_timer_state_t st;
    uint64_t cov[TC_TIMER_T_N];
    uint64_t fcov[TC_TIMER_F_N]; /* cover points (reset does not clear them) */
} tc_timer_t;

/* The timer's parameters in a system descriptor. */
tc_timer_desc_t tc_timer_desc_from(const tc_desc_t* sys);
/* 0 = legal; else 1 and a message naming the parameter and its legal range. */
int tc_timer_check_desc(const tc_timer_desc_t* d, char* msg, size_t msg_len);
/* Bytes of the model for d (sizeof(tc_timer_t)); 0 for an illegal descriptor. */
size_t tc_timer_size(const tc_timer_desc_t* d);
/* Builds the model in mem (len >= tc_timer_size(d) bytes, aligned for uint64_t) in its reset
 * state and returns it (== mem); NULL and a message for a NULL or short or misaligned mem or an
 * illegal descriptor. The caller owns mem. */
tc_timer_t* tc_timer_init(void* mem, size_t len, const tc_timer_desc_t* d, char* msg,
                          size_t msg_len);
void tc_timer_tick(tc_timer_t* t, const tc_timer_in_t* in, tc_timer_out_t* out);
/* The outputs of the current state (what the unit drives this cycle). */
void tc_timer_outputs(const tc_timer_t* t, tc_timer_out_t* out);
const char* tc_timer_trans_name(tc_timer_trans_t r);
/* Cover point f: short text, and whether it is reachable (every point, at every TsWidth). */
const char* tc_timer_fcov_name(tc_timer_fcov_t f);
bool tc_timer_fcov_reachable(const tc_timer_t* t, tc_timer_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif
