/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_l1.h -- C reference model of the DeNovo L1 controller (DeNovo-D, DeNovo-D+RO,
 * DeNovo-H; docs/units/denovo/denovo_l1.md). Written from the specification, not from
 * rtl/denovo/denovo_l1.sv. One denovo_l1_tick() call = one rising edge (docs/timing.md).
 *
 * Storage is the caller's, sized by the descriptor (docs/framework.md, "C model storage"):
 *
 *   denovo_l1_desc_t d = denovo_l1_desc_from(&sys);
 *   size_t n = denovo_l1_size(&d);                         (0: illegal descriptor)
 *   denovo_l1_t* m = denovo_l1_init(malloc(n), n, &d, why, sizeof why);
 *
 * The model is opaque; its state is read in the compare layout (denovo_l1_state_t, section 3's
 * registers, sized at the maximum geometry) with denovo_l1_state_get.
 */
#ifndef GPUCOH_DENOVO_L1_H
#define GPUCOH_DENOVO_L1_H

#include "denovo_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DENOVO_L1_MAX_SETS  256u
#define DENOVO_L1_MAX_WAYS  8u
#define DENOVO_L1_MAX_LINES (DENOVO_L1_MAX_SETS * DENOVO_L1_MAX_WAYS)
#define DENOVO_L1_MAX_SB    256u
#define DENOVO_L1_MAX_MSHRS 32u
#define DENOVO_L1_MAX_WB    8u
#define DENOVO_SEL_MAX      8u

/* MSHR kinds (mv_q). */
typedef enum {
    DENOVO_MV_FREE = 0,
    DENOVO_MV_GETS = 1,
    DENOVO_MV_REG = 2,
    DENOVO_MV_DRAIN = 3
} denovo_mv_t;

typedef struct {
    bool rst_n;
    uint32_t sm_id;         /* sm_id_i: this SM (constant while running) */
    denovo_core_req_t core; /* counts only when core_ready was 1 */
    denovo_msg_t msg;       /* rsp: DATA, REGD, WBACK, RECALL, DACK; peer: PDATA, XFER; no dst */
} denovo_l1_in_t;

typedef struct {
    bool core_ready;
    denovo_core_rsp_t crsp;
    denovo_msg_t req;  /* GETS, REG */
    denovo_msg_t wb;   /* WB, DONE */
    denovo_msg_t peer; /* PDATA, XFER; dst = the destination SM's id */
    bool rsp_ready;
    bool peer_ready;
    uint64_t fence_done;
    bool drained;
} denovo_l1_out_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t hrf;        /* Hrf, 0..1 */
    uint32_t ro;         /* Ro, 0..1 (0 with Hrf = 1) */
    uint32_t num_sm;     /* NumSm, 1..64 */
    uint32_t num_wf;     /* NumWf, 1..64 */
    uint32_t line_bytes; /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width; /* AddrWidth, 16..48, LA >= log2 L1Sets + 1 */
    uint32_t l1_sets;    /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;    /* L1Ways, 1..8 */
    uint32_t l1_queue;   /* L1Queue, 1..8 */
    uint32_t sb_entries; /* SbEntries, 1..256 */
    uint32_t sb_idle;    /* SbIdle, 1..65535 */
    uint32_t mshrs;      /* Mshrs, 1..32 */
    uint32_t wb_entries; /* WbEntries, 1..8 */
} denovo_l1_desc_t;

/* Compare layout (spec section 3; data at the maximum line size). */
typedef struct {
    uint64_t tag;
    uint64_t st; /* word w's state in bits [2w+1:2w] */
    uint32_t dirty[DENOVO_MASK_WORDS];
    uint32_t data[DENOVO_MAX_LINE_WORDS];
} denovo_l1_line_t;

typedef struct {
    uint32_t mv, midx, want, got;
    uint64_t wait;
    uint32_t stale, ro, sync;
    uint32_t hdr;  /* hdr_q: the registry's DATA / REGD has arrived (reading R1) */
    uint32_t dack; /* dack_q: DRAIN: the registry's DACK of its DONE has arrived (D17) */
    uint32_t fqv;
    uint32_t fqd[DENOVO_MAX_LINE_WORDS];
    uint32_t hold;
} denovo_l1_mshr_t;

typedef struct {
    uint32_t v;
    uint64_t line;
    uint32_t mask;
    uint32_t data[DENOVO_MAX_LINE_WORDS];
} denovo_l1_wb_t;

/* Architectural state (spec section 3) in the compare layout: every line and rr when sel_all,
 * else the sel_n lines of sel[] (and their sets' rr); the MSHRs, write-back buffer, scalars and
 * store buffer always (sb[k] = the k-th live entry from the head, k < sbcnt; the rest 0). */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[DENOVO_SEL_MAX];
    uint32_t fcnt;
    uint32_t sbh, sbcnt;
    uint32_t batch, fl;
    uint64_t fcur, fwait, fdone;
    uint32_t idle, rdy;
    uint64_t sb[DENOVO_L1_MAX_SB];
    denovo_l1_mshr_t mshr[DENOVO_L1_MAX_MSHRS];
    denovo_l1_wb_t wb[DENOVO_L1_MAX_WB];
    uint32_t rr[DENOVO_L1_MAX_SETS];
    denovo_l1_line_t line[DENOVO_L1_MAX_LINES];
} denovo_l1_state_t;

/* Coverage rows (spec section 9), in this order. */
typedef enum {
    DENOVO_L1_T_C01 = 0,
    DENOVO_L1_T_C02,
    DENOVO_L1_T_C03,
    DENOVO_L1_T_C04,
    DENOVO_L1_T_C05,
    DENOVO_L1_T_C06,
    DENOVO_L1_T_C07,
    DENOVO_L1_T_C08,
    DENOVO_L1_T_C09,
    DENOVO_L1_T_C10,
    DENOVO_L1_T_C11,
    DENOVO_L1_T_C12,
    DENOVO_L1_T_C13,
    DENOVO_L1_T_C14,
    DENOVO_L1_T_C15,
    DENOVO_L1_T_C16,
    DENOVO_L1_T_C17,
    DENOVO_L1_T_C18,
    DENOVO_L1_T_C19,
    DENOVO_L1_T_C20,
    DENOVO_L1_T_C21,
    DENOVO_L1_T_C22,
    DENOVO_L1_T_M01,
    DENOVO_L1_T_M02,
    DENOVO_L1_T_M03,
    DENOVO_L1_T_M04,
    DENOVO_L1_T_M05,
    DENOVO_L1_T_M06,
    DENOVO_L1_T_M07,
    DENOVO_L1_T_M08,
    DENOVO_L1_T_M09,
    DENOVO_L1_T_M10,
    DENOVO_L1_T_M11,
    DENOVO_L1_T_B01,
    DENOVO_L1_T_B02,
    DENOVO_L1_T_B03,
    DENOVO_L1_T_B04,
    DENOVO_L1_T_B05,
    DENOVO_L1_T_B06,
    DENOVO_L1_T_B07,
    DENOVO_L1_T_B08,
    DENOVO_L1_T_V01,
    DENOVO_L1_T_V02,
    DENOVO_L1_T_X01,
    DENOVO_L1_T_S01,
    DENOVO_L1_T_S02,
    DENOVO_L1_T_S03,
    DENOVO_L1_T_S04,
    DENOVO_L1_T_S06,
    DENOVO_L1_T_S07,
    DENOVO_L1_T_S08,
    DENOVO_L1_T_N
} denovo_l1_trans_t;

/* Cover points (spec section 10), in this order: F01.. */
typedef enum {
    DENOVO_L1_F_VIC_FREE_W0 = 0,   /* F01-F08 */
    DENOVO_L1_F_VIC_CLEAN_W0 = 8,  /* F09-F16 */
    DENOVO_L1_F_VIC_OWNED_W0 = 16, /* F17-F24 */
    DENOVO_L1_F_VIC_DIRTY_REG = 24,
    DENOVO_L1_F_RR_SCAN_WRAP,
    DENOVO_L1_F_RR_PTR_WRAP,
    DENOVO_L1_F_FIFO_FULL,
    DENOVO_L1_F_SB_FULL,
    DENOVO_L1_F_SB_PTR_WRAP,
    DENOVO_L1_F_MSHR_FULL,
    DENOVO_L1_F_MSHR_TOP,
    DENOVO_L1_F_WB_FULL,
    DENOVO_L1_F_FWD_READ_SERVED,
    DENOVO_L1_F_FWD_READ_FROM_WB,
    DENOVO_L1_F_XFER_NOW,
    DENOVO_L1_F_XFER_QUEUED,
    DENOVO_L1_F_XFER_FROM_WB,
    DENOVO_L1_F_XFER_SPLIT,
    DENOVO_L1_F_DRAIN_HOLD,
    DENOVO_L1_F_DRAIN_TWO_OWNERS,
    DENOVO_L1_F_RECALL_WB,
    DENOVO_L1_F_RECALL_IN_WB,
    DENOVO_L1_F_GETS_OWN_WORDS,
    DENOVO_L1_F_GETS_PEER_FIRST,
    DENOVO_L1_F_GETS_TWO_PEERS,
    DENOVO_L1_F_REG_XFER_FIRST,
    DENOVO_L1_F_REG_MIXED,
    DENOVO_L1_F_MERGE_UNDER_DIRTY,
    DENOVO_L1_F_INV_STALES,
    DENOVO_L1_F_INV_KEEPS_R,
    DENOVO_L1_F_INV_KEEPS_VO,
    DENOVO_L1_F_STORE_TO_VO,
    DENOVO_L1_F_STORE_R_HIT,
    DENOVO_L1_F_STORE_DURING_REG,
    DENOVO_L1_F_SYNC_REG,
    DENOVO_L1_F_SYNC_COALESCE,
    DENOVO_L1_F_CTA_ATOMIC_V,
    DENOVO_L1_F_POP_BLOCKED,
    DENOVO_L1_F_BATCH_CHAIN,
    DENOVO_L1_F_FENCE_ALL_WAIT,
    DENOVO_L1_F_REQ_BEHIND_WB,
    DENOVO_L1_F_IDLE_DRAIN,
    DENOVO_L1_F_CAS_FAIL_L1,
    DENOVO_L1_F_ADD_WRAP_L1,
    DENOVO_L1_F_ALLOC_TAG_MSB,
    DENOVO_L1_F_N /* 66 */
} denovo_l1_fcov_t;

/* Statistics for the protocol comparison; not compared with the RTL. */
typedef struct {
    uint64_t inv;             /* INV events */
    uint64_t inv_words;       /* V words those INVs made I */
    uint64_t inv_kept;        /* R and VO words those INVs kept (registered; read-only) */
    uint64_t batches;         /* completed fence batches (B07 + B08) */
    uint64_t sb_flushes;      /* store-buffer pops that sent a REG (B01, B03, B05) */
    uint64_t regs, sync_regs; /* REGs sent (all; of them C08 / C14 / C17) */
    uint64_t gets;            /* GETS sent */
    uint64_t fwd_reads;       /* PDATAs sent (M03) */
    uint64_t xfers;           /* XFERs sent (M06 now, X01 queued) */
    uint64_t xfers_queued;    /* words queued for transfer (M06) */
    uint64_t wbs, recall_wbs; /* eviction WBs (V01), recall WBs (M07) */
    uint64_t hits, misses;    /* core requests served in the L1 at once; GETS / REG sends */
    uint64_t l1_atomics;      /* C16 + C19 */
    uint64_t stall[7];        /* head stall edges S01 S02 S03 S04 S06 S07 S08 */
} denovo_l1_stats_t;

typedef struct denovo_l1 denovo_l1_t;

denovo_l1_desc_t denovo_l1_desc_from(const denovo_desc_t* sys);
/* 0 = legal; else 1 and "denovo_l1: NAME = V is illegal (Name: range)". */
int denovo_l1_check_desc(const denovo_l1_desc_t* d, char* msg, size_t msg_len);
size_t denovo_l1_size(const denovo_l1_desc_t* d);
denovo_l1_t* denovo_l1_init(void* mem, size_t len, const denovo_l1_desc_t* d, char* msg,
                            size_t msg_len);
void denovo_l1_tick(denovo_l1_t* m, const denovo_l1_in_t* in, denovo_l1_out_t* out);
const denovo_l1_desc_t* denovo_l1_desc(const denovo_l1_t* m);
const denovo_l1_out_t* denovo_l1_out(const denovo_l1_t* m);
void denovo_l1_line_get(const denovo_l1_t* m, uint32_t i, denovo_l1_line_t* l);
/* Line i's word states (2 bits a word) and tag, as denovo_l1_line_get gives them, without the
 * data (the per-edge invariant V1 reads every line); 0 and tag 0 for i out of range. */
uint64_t denovo_l1_line_st(const denovo_l1_t* m, uint32_t i, uint64_t* tag);
/* The lines from line `from` on that hold at least one R word, in increasing order, into idx (at
 * most max of them): their count (max: call again from the last one + 1). V1 reads only these
 * (denovo_check.c). */
uint32_t denovo_l1_r_lines(const denovo_l1_t* m, uint32_t from, uint32_t* idx, uint32_t max);
void denovo_l1_mshr_get(const denovo_l1_t* m, uint32_t k, denovo_l1_mshr_t* e);
void denovo_l1_state_get(const denovo_l1_t* m, denovo_l1_state_t* s);
/* The lines the last tick wrote (for partial compares; gpu_l1_touched's contract): returns their
 * count (<= max) into sel, or sets *all when a tick wrote more than max lines or every line
 * (reset, INV). Written: any of the line's tag, word states, dirty bytes, data, or its set's rr. */
uint32_t denovo_l1_touched(const denovo_l1_t* m, uint32_t* sel, uint32_t max, bool* all);
/* The index of the line matching line address a (section 3), or -1; a word's state (I if the
 * line does not match). */
int64_t denovo_l1_find(const denovo_l1_t* m, uint64_t a);
uint32_t denovo_l1_word_st(const denovo_l1_t* m, uint64_t a, uint32_t w);
const uint64_t* denovo_l1_cov(const denovo_l1_t* m);  /* [DENOVO_L1_T_N] */
const uint64_t* denovo_l1_fcov(const denovo_l1_t* m); /* [DENOVO_L1_F_N] */
uint64_t denovo_l1_errors(const denovo_l1_t* m);      /* I1, I3 (L9) */
void denovo_l1_stats(const denovo_l1_t* m, denovo_l1_stats_t* s);
const char* denovo_l1_trans_id(denovo_l1_trans_t r);   /* "C01", "M11", "S08" */
const char* denovo_l1_trans_name(denovo_l1_trans_t r); /* "LOAD hit", ... */
bool denovo_l1_trans_reachable(const denovo_l1_desc_t* d, denovo_l1_trans_t r);
const char* denovo_l1_fcov_name(denovo_l1_fcov_t f); /* "VIC_FREE_W0", ...; "?" out of range */
bool denovo_l1_fcov_reachable(const denovo_l1_desc_t* d, denovo_l1_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_DENOVO_L1_H */
