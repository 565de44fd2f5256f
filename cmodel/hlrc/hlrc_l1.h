/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_l1.h -- C reference model of the hLRC L1 controller (hLRC, hLRC-scoped;
 * docs/units/hlrc/hlrc_l1.md). Written from the specification, not from rtl/hlrc/hlrc_l1.sv.
 * One hlrc_l1_tick() call = one rising edge (docs/timing.md).
 *
 * Storage is the caller's, sized by the descriptor (docs/framework.md, "C model storage"):
 *
 *   hlrc_l1_desc_t d = hlrc_l1_desc_from(&sys);
 *   size_t n = hlrc_l1_size(&d);                         (0: illegal descriptor)
 *   hlrc_l1_t* m = hlrc_l1_init(malloc(n), n, &d, why, sizeof why);
 *
 * The model is opaque; its state is read in the compare layout (hlrc_l1_state_t, section 3's
 * registers, sized at the maximum geometry) with hlrc_l1_state_get.
 */
#ifndef GPUCOH_HLRC_L1_H
#define GPUCOH_HLRC_L1_H

#include "hlrc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HLRC_L1_MAX_SETS  256u
#define HLRC_L1_MAX_WAYS  8u
#define HLRC_L1_MAX_LINES (HLRC_L1_MAX_SETS * HLRC_L1_MAX_WAYS)
#define HLRC_L1_MAX_SB    256u
#define HLRC_L1_MAX_Q     8u
#define HLRC_SEL_MAX      8u

typedef struct {
    bool rst_n;
    hlrc_core_req_t core; /* counts only when core_ready was 1 */
    hlrc_msg_t msg;       /* rsp: DATA, ACK, GRANT, ATOM, REVOKE, EACK (no ready) */
} hlrc_l1_in_t;

typedef struct {
    bool core_ready;
    hlrc_core_rsp_t crsp;
    hlrc_msg_t req;  /* GETS, WT */
    hlrc_msg_t sync; /* REG, ATOMIC */
    hlrc_msg_t wb;   /* RACK, EVICT */
    uint64_t fence_done;
    bool drained;
} hlrc_l1_out_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t scoped;       /* Scoped, 0..1 */
    uint32_t num_wf;       /* NumWf, 1..64 */
    uint32_t num_banks;    /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t line_bytes;   /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width;   /* AddrWidth, 16..48, LA >= log2 L1Sets + 1 */
    uint32_t l1_sets;      /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;      /* L1Ways, 1..8 */
    uint32_t l1_queue;     /* L1Queue, 1..8 */
    uint32_t sb_entries;   /* SbEntries, 1..256 */
    uint32_t sb_idle;      /* SbIdle, 1..65535 */
    uint32_t wt_cnt_width; /* WtCntWidth, 2..10 */
} hlrc_l1_desc_t;

/* A line in the compare layout (spec section 3; data at the maximum line size). */
typedef struct {
    uint64_t tag;
    uint32_t st; /* hlrc_l1_st_t */
    uint32_t fresh, pend, stale;
    uint64_t wait;
    uint32_t dirty[HLRC_MASK_WORDS];
    uint32_t data[HLRC_MAX_LINE_WORDS];
    uint32_t age;
} hlrc_l1_line_t;

/* Architectural state (spec section 3) in the compare layout: every line when sel_all, else the
 * sel_n lines of sel[]; the scalars, store buffer (sb[k] = the k-th live entry from the head) and
 * revoke queue (rvl[k] / rvp[k] = the k-th live entry from the head) always. */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[HLRC_SEL_MAX];
    uint32_t fcnt;
    uint32_t sbh, sbcnt;
    uint32_t wtp;
    uint32_t batch, fl;
    uint64_t fcur, fwait, fdone;
    uint32_t idle;
    uint32_t rgv, rgi, agv, hph;
    uint32_t evs, evi;
    uint64_t evl;
    uint32_t rvh, rvcnt;
    uint64_t rvl[HLRC_MAX_BANKS];
    uint32_t rvp[HLRC_MAX_BANKS];
    uint64_t sb[HLRC_L1_MAX_SB];
    hlrc_l1_line_t line[HLRC_L1_MAX_LINES];
} hlrc_l1_state_t;

/* Coverage rows (spec section 9), in this order; a stall row S01-S13 counts every stalled edge. */
typedef enum {
    HLRC_L1_T_C01 = 0,
    HLRC_L1_T_C02,
    HLRC_L1_T_C03,
    HLRC_L1_T_C04,
    HLRC_L1_T_C05,
    HLRC_L1_T_C06,
    HLRC_L1_T_C07,
    HLRC_L1_T_C08,
    HLRC_L1_T_C09,
    HLRC_L1_T_C10,
    HLRC_L1_T_C11,
    HLRC_L1_T_C12,
    HLRC_L1_T_C13,
    HLRC_L1_T_C14,
    HLRC_L1_T_C15,
    HLRC_L1_T_C16,
    HLRC_L1_T_C17,
    HLRC_L1_T_C18,
    HLRC_L1_T_C19,
    HLRC_L1_T_C20,
    HLRC_L1_T_C21,
    HLRC_L1_T_C22,
    HLRC_L1_T_C23,
    HLRC_L1_T_C24,
    HLRC_L1_T_C25,
    HLRC_L1_T_M01,
    HLRC_L1_T_M02,
    HLRC_L1_T_M03,
    HLRC_L1_T_M04,
    HLRC_L1_T_M05,
    HLRC_L1_T_M06,
    HLRC_L1_T_M07,
    HLRC_L1_T_M08,
    HLRC_L1_T_M09,
    HLRC_L1_T_M10,
    HLRC_L1_T_B01,
    HLRC_L1_T_B02,
    HLRC_L1_T_B03,
    HLRC_L1_T_B04,
    HLRC_L1_T_B05,
    HLRC_L1_T_B06,
    HLRC_L1_T_B07,
    HLRC_L1_T_B08,
    HLRC_L1_T_X01,
    HLRC_L1_T_X02,
    HLRC_L1_T_V01,
    HLRC_L1_T_V02,
    HLRC_L1_T_S01,
    HLRC_L1_T_S02,
    HLRC_L1_T_S03,
    HLRC_L1_T_S04,
    HLRC_L1_T_S05,
    HLRC_L1_T_S06,
    HLRC_L1_T_S07,
    HLRC_L1_T_S08,
    HLRC_L1_T_S09,
    HLRC_L1_T_S10,
    HLRC_L1_T_S11,
    HLRC_L1_T_S12,
    HLRC_L1_T_S13,
    HLRC_L1_T_N
} hlrc_l1_trans_t;

/* Cover points (spec section 10), in this order: F01.. */
typedef enum {
    HLRC_L1_F_VIC_FREE_W0 = 0, /* F01 */
    HLRC_L1_F_VIC_LRU_W0 = 8,  /* F09 */
    HLRC_L1_F_VIC_R_W0 = 16,   /* F17 */
    HLRC_L1_F_SB_FULL = 24,    /* F25 */
    HLRC_L1_F_SB_PTR_WRAP,
    HLRC_L1_F_FIFO_FULL,
    HLRC_L1_F_WT_MAX,
    HLRC_L1_F_POP_BLOCKED,
    HLRC_L1_F_POP_R_LINE,
    HLRC_L1_F_BATCH_CHAIN,
    HLRC_L1_F_BATCH_TWO_CLIENTS,
    HLRC_L1_F_REVOKE_WAITS,
    HLRC_L1_F_REVOKE_TWO_QUEUED,
    HLRC_L1_F_RACK_NOT_HELD,
    HLRC_L1_F_RACK_CANCELS_EVICT,
    HLRC_L1_F_EVICT_THEN_REVOKE,
    HLRC_L1_F_GRANT_MERGE_DIRTY,
    HLRC_L1_F_GRANT_STALES_GETS,
    HLRC_L1_F_GRANT_KEEPS_R,
    HLRC_L1_F_GRANT_CAS_FAIL,
    HLRC_L1_F_SYNC_HIT_DIRTY_WORD,
    HLRC_L1_F_REFRESH,
    HLRC_L1_F_BYPASS_LOAD,
    HLRC_L1_F_BYPASS_STORE,
    HLRC_L1_F_LEAVING_STALL,
    HLRC_L1_F_OWN_RETURN,
    HLRC_L1_F_PREFLUSH_WAITS,
    HLRC_L1_F_L2_ATOMIC_STORE,
    HLRC_L1_F_L2_ATOMIC_LOAD,
    HLRC_L1_F_GPU_FENCE,
    HLRC_L1_F_FENCE_ALL_WAIT,
    HLRC_L1_F_IDLE_DRAIN,
    HLRC_L1_F_RR_AGE_FULL,
    HLRC_L1_F_ALLOC_TAG_MSB,
    HLRC_L1_F_ADD_WRAP_L1,
    HLRC_L1_F_DATA_AFTER_GRANT,
    HLRC_L1_F_REG_WAITS_WT,
    HLRC_L1_F_POP_RGI_REPUSH,
    HLRC_L1_F_BATCH_START_WITH_POP,
    HLRC_L1_F_PREFLUSH_ACQ_LOAD,
    HLRC_L1_F_IDLE_POP_HELD,
    HLRC_L1_F_OWN_RETURN_WAITS,
    HLRC_L1_F_S08_ON_C22,
    HLRC_L1_F_X01_DEFERS_X02,
    HLRC_L1_F_GRANT_EMPTY_STORE,
    HLRC_L1_F_REVOKE_AT_COMPLETION,
    HLRC_L1_F_SYNC_PARTLY_DIRTY,
    HLRC_L1_F_N /* 68 */
} hlrc_l1_fcov_t;

/* Counters of hlrc.md D29 (the protocol's and the shared ones); C-model only. */
typedef struct {
    uint64_t atomic_in;            /* INVs caused by a GRANT */
    uint64_t atomic_out;           /* RACKs for a line held R, plus EVICTs */
    uint64_t l1_sync_hits;         /* C10-C12 */
    uint64_t refreshes;            /* C13 */
    uint64_t r_line_wts;           /* store-buffer WTs of an R line */
    uint64_t revoke_flushes;       /* batches with a revoke client */
    uint64_t r_evicts;             /* EVICTs of R victims (V02 / X02, not C18's own-returns) */
    uint64_t l1_invalidations;     /* V lines an INV dropped */
    uint64_t store_buffer_flushes; /* batches begun */
    uint64_t l1_stall_cycles;      /* S01-S13 */
    uint64_t l1_load_hits;         /* C01 */
    uint64_t l1_load_misses;       /* C02-C05 */
    uint64_t stall[13];            /* S01..S13 */
} hlrc_l1_stats_t;

typedef struct hlrc_l1 hlrc_l1_t;

hlrc_l1_desc_t hlrc_l1_desc_from(const hlrc_desc_t* sys);
/* 0 = legal; else 1 and "hlrc_l1: NAME = V is illegal (Name: range)". */
int hlrc_l1_check_desc(const hlrc_l1_desc_t* d, char* msg, size_t msg_len);
size_t hlrc_l1_size(const hlrc_l1_desc_t* d);
hlrc_l1_t* hlrc_l1_init(void* mem, size_t len, const hlrc_l1_desc_t* d, char* msg, size_t msg_len);
void hlrc_l1_tick(hlrc_l1_t* m, const hlrc_l1_in_t* in, hlrc_l1_out_t* out);
const hlrc_l1_desc_t* hlrc_l1_desc(const hlrc_l1_t* m);
const hlrc_l1_out_t* hlrc_l1_out(const hlrc_l1_t* m);
void hlrc_l1_line_get(const hlrc_l1_t* m, uint32_t i, hlrc_l1_line_t* l);
/* Line i's state (hlrc_l1_st_t) and tag, as hlrc_l1_line_get gives them, without the data (the
 * per-edge invariant V1 reads every line); 0 and tag 0 for i out of range. */
uint32_t hlrc_l1_line_st(const hlrc_l1_t* m, uint32_t i, uint64_t* tag);
/* The lines from line `from` on in state R, in increasing order, into idx (at most max of them):
 * their count (max: call again from the last one + 1). V1 reads only these (hlrc_check.c). */
uint32_t hlrc_l1_r_lines(const hlrc_l1_t* m, uint32_t from, uint32_t* idx, uint32_t max);
void hlrc_l1_state_get(const hlrc_l1_t* m, hlrc_l1_state_t* s);
/* The lines the last tick wrote (gpu_l1_touched's contract). */
uint32_t hlrc_l1_touched(const hlrc_l1_t* m, uint32_t* sel, uint32_t max, bool* all);
/* The index of the line matching line address a (section 3), or -1. */
int64_t hlrc_l1_find(const hlrc_l1_t* m, uint64_t a);
const uint64_t* hlrc_l1_cov(const hlrc_l1_t* m);  /* [HLRC_L1_T_N] */
const uint64_t* hlrc_l1_fcov(const hlrc_l1_t* m); /* [HLRC_L1_F_N] */
const char* hlrc_l1_fcov_name(hlrc_l1_fcov_t f);  /* "VIC_FREE_W0", ...; "?" out of range */
bool hlrc_l1_fcov_reachable(const hlrc_l1_desc_t* d, hlrc_l1_fcov_t f);
uint64_t hlrc_l1_errors(const hlrc_l1_t* m);     /* I1, I3, I4 */
const char* hlrc_l1_trans_id(hlrc_l1_trans_t r); /* "C01", "M10", "S13"; "?" out of range */
bool hlrc_l1_trans_reachable(const hlrc_l1_desc_t* d, hlrc_l1_trans_t r);
void hlrc_l1_stats(const hlrc_l1_t* m, hlrc_l1_stats_t* s);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_HLRC_L1_H */
