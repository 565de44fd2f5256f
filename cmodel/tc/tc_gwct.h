/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_gwct.h -- C reference model of the per-wavefront GWCT table (docs/units/tc/tc_gwct.md).
 * One tc_gwct_tick() call = one rising edge (docs/timing.md).
 *
 * Storage is the caller's, sized by the descriptor (docs/framework.md, "C model storage"):
 *
 *   tc_gwct_desc_t d = tc_gwct_desc_from(&sys);
 *   size_t n = tc_gwct_size(&d);                      (0: illegal descriptor)
 *   tc_gwct_t* g = tc_gwct_init(malloc(n), n, &d, why, sizeof why);
 *   ... free(g);
 *
 * The model is the header struct followed by its two NumWf-entry arrays in the same block; it
 * points into that block, so it must not be moved or copied (tc_gwct_state_get copies its state).
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
    /* TC-Weak-C obligations (spec section 8, G5): raise the GWCT of every entry in obl_mask to
     * obl_ts (current era) without counting */
    bool obl_valid;
    uint64_t obl_mask;
    uint32_t obl_ts;
} tc_gwct_in_t;

typedef struct {
    uint64_t fence_ready; /* bit w */
    uint64_t wr_idle;
    uint64_t full;
} tc_gwct_out_t;

/* The state as the RTL shim reads it (lockstep compare interface); the model itself keeps
 * NumWf entries (tc_gwct_state_get fills this from it). */
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
    TC_GWCT_T_OBL_RAISE, /* G11 (section 8) */
    TC_GWCT_T_OBL_KEEP,  /* G12 (section 8) */
    TC_GWCT_T_N
} tc_gwct_trans_t;

/* Functional cover points (spec section 7; printed F01.. in this order). */
typedef enum tc_gwct_fcov {
    TC_GWCT_F_MAX_WF0 = 0,  /* wavefront 0's count reaches its maximum */
    TC_GWCT_F_MAX_WFLAST,   /* wavefront NumWf-1's count reaches its maximum */
    TC_GWCT_F_ALL_FULL,     /* every count at its maximum at once */
    TC_GWCT_F_FROM_MAX,     /* a count falls from its maximum */
    TC_GWCT_F_IDLE_PENDING, /* a count returns to 0 with its GWCT not expired */
    TC_GWCT_F_GWCT_NOW,     /* an ack raises an entry to exactly now_i */
    TC_GWCT_F_GWCT_MAX,     /* an ack raises an entry to 2^TsWidth-1 */
    TC_GWCT_F_TOP_CROSS,    /* now_i = 2^(TsWidth-1) */
    TC_GWCT_F_ROLL_PENDING, /* roll clear of a non-zero GWCT */
    TC_GWCT_F_ROLL_ACK,     /* a current-era GWCT acked in the roll cycle */
    TC_GWCT_F_OLD_ERA1,     /* a previous-era GWCT ignored in era 1 */
    TC_GWCT_F_ILL_ACK_IDLE, /* G2: ack of an idle wavefront */
    TC_GWCT_F_ILL_ISS_MAX,  /* G2: issue at the maximum */
    TC_GWCT_F_ILL_WF_RANGE, /* G2: wavefront number >= NumWf */
    TC_GWCT_F_OBL_MULTI,    /* F15 (section 8): one obligation raises two or more entries */
    TC_GWCT_F_OBL_WITH_ACK, /* F16: an obligation and an ack with GWCT for one entry at one edge */
    TC_GWCT_F_OBL_ROLL,     /* F17: an obligation raises an entry in the roll cycle */
    TC_GWCT_F_N
} tc_gwct_fcov_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t num_wf;       /* NumWf, 1..64 */
    uint32_t ts_width;     /* TsWidth, 8..32 */
    uint32_t wf_cnt_width; /* WfCntWidth, 2..8 */
    uint32_t obl_port;     /* OblPort, 0..1: 0 leaves the obligation port out (G7) */
} tc_gwct_desc_t;

typedef struct {
    tc_gwct_desc_t d;
    uint32_t* gwct;    /* gwct_q[NumWf], in the model's block */
    uint32_t* cnt;     /* cnt_q[NumWf], in the model's block */
    tc_gwct_out_t out; /* registered outputs */
    /* G3's evaluation state (tc_gwct.c, gwct_outputs): not part of the unit's state */
    uint64_t redo;     /* entries whose count or GWCT this edge changed */
    uint64_t wait;     /* idle entries not ready at the last edge (gwct >= now) */
    uint32_t wait_min; /* the least GWCT of those */
    uint32_t now_q;    /* now_i of the last edge */
    uint64_t cov[TC_GWCT_T_N];
    uint64_t fcov[TC_GWCT_F_N]; /* cover points (reset does not clear them) */
    uint64_t errors;            /* rule G2 violations */
    uint64_t errors_wf;         /* of which: a wavefront number >= NumWf (the RTL warns only) */
} tc_gwct_t;

/* Bytes tc_gwct_size() gives for NumWf = n: the header, then gwct and cnt, each rounded up to 8
 * bytes (a constant expression, for storage whose size must be known at compile time). */
#define TC_GWCT_ALIGN8(x) (((size_t)(x) + 7u) & ~(size_t)7u)
#define TC_GWCT_BYTES(n)  (TC_GWCT_ALIGN8(sizeof(tc_gwct_t)) + 2u * TC_GWCT_ALIGN8(4u * (size_t)(n)))

/* The table's parameters in a system descriptor. */
tc_gwct_desc_t tc_gwct_desc_from(const tc_desc_t* sys);
/* 0 = legal; else 1 and a message naming the parameter and its legal range. */
int tc_gwct_check_desc(const tc_gwct_desc_t* d, char* msg, size_t msg_len);
/* Bytes of the model for d (TC_GWCT_BYTES(d->num_wf)); 0 for an illegal descriptor. */
size_t tc_gwct_size(const tc_gwct_desc_t* d);
/* Builds the model in mem (len >= tc_gwct_size(d) bytes, aligned for uint64_t) in its reset
 * state and returns it (== mem); NULL and a message for a NULL or short or misaligned mem or an
 * illegal descriptor. The caller owns mem. */
tc_gwct_t* tc_gwct_init(void* mem, size_t len, const tc_gwct_desc_t* d, char* msg, size_t msg_len);
void tc_gwct_tick(tc_gwct_t* g, const tc_gwct_in_t* in, tc_gwct_out_t* out);
/* tc_gwct_tick for an edge out of reset with no issue, ack, obligation or roll (what a quiet L1
 * edge presents, tc_l1.md section 4): the same edge, the outputs left in g->out. */
void tc_gwct_tick_quiet(tc_gwct_t* g, uint32_t now);
/* The read port rd_gwct_o (section 8): gwct_q[wf] before the next edge (call it before
 * tc_gwct_tick); 0 for wf >= NumWf. */
uint32_t tc_gwct_read(const tc_gwct_t* g, uint32_t wf);
/* The state in the shim's layout (entries >= NumWf are 0). */
void tc_gwct_state_get(const tc_gwct_t* g, tc_gwct_state_t* st);
const char* tc_gwct_trans_id(tc_gwct_trans_t r);   /* "G01" */
const char* tc_gwct_trans_name(tc_gwct_trans_t r); /* "reset" */
/* Cover point f: short text; reachable unless the page argues otherwise for this NumWf. */
const char* tc_gwct_fcov_name(tc_gwct_fcov_t f);
bool tc_gwct_fcov_reachable(const tc_gwct_t* g, tc_gwct_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif
