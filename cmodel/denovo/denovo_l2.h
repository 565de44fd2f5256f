/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_l2.h -- C reference model of one DeNovo registry bank (docs/units/denovo/denovo_l2.md).
 * Written from the specification, not from rtl/denovo/denovo_l2.sv. One denovo_l2_tick() call =
 * one rising edge. Storage as gpu_l2.h: the caller's block, sized by the descriptor; opaque.
 */
#ifndef GPUCOH_DENOVO_L2_H
#define GPUCOH_DENOVO_L2_H

#include "denovo_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DENOVO_L2_MAX_SETS  1024u
#define DENOVO_L2_MAX_WAYS  16u
#define DENOVO_L2_MAX_LINES (DENOVO_L2_MAX_SETS * DENOVO_L2_MAX_WAYS)
#define DENOVO_L2_MAX_MSHRS 64u
#define DENOVO_L2_SEL_MAX   8u

typedef struct {
    bool rst_n;
    denovo_msg_t req; /* GETS, REG (src set by the network); counts only when req_ready was 1 */
    denovo_msg_t wb;  /* WB, DONE; counts only when wb_ready was 1 */
    denovo_mem_rsp_t mem;
} denovo_l2_in_t;

typedef struct {
    bool req_ready;
    bool wb_ready;
    denovo_msg_t rsp; /* DATA, REGD, WBACK, RECALL, DACK; dst an SM mask (NumSm bits) */
    denovo_mem_req_t mreq;
} denovo_l2_out_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t num_sm;     /* NumSm, 1..64 */
    uint32_t num_banks;  /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t line_bytes; /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width; /* AddrWidth, 16..48 */
    uint32_t l2_sets;    /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;    /* L2Ways, 1..16 */
    uint32_t l2_mshrs;   /* L2Mshrs, 1..64 */
    uint32_t l2_queue;   /* L2Queue, 1..8 */
    uint32_t wb_queue;   /* WbQueue, 1..8 */
} denovo_l2_desc_t;

/* A line in the compare layout (spec section 3). */
typedef struct {
    uint64_t tag;
    uint32_t st;   /* denovo_l2_st_t */
    uint32_t reg;  /* LW bits */
    uint32_t busy; /* LW bits */
    uint32_t rc;
    uint32_t data[DENOVO_MAX_LINE_WORDS];
} denovo_l2_line_t;

typedef struct {
    uint32_t v;
    uint64_t line;
    uint32_t way;
    uint64_t dst;
} denovo_l2_mshr_t;

/* Architectural state (spec section 3): every line and rr when sel_all, else the sel_n lines of
 * sel[] (and their sets' rr); the MSHRs and the FIFO counts always. */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[DENOVO_L2_SEL_MAX];
    uint32_t qcnt, wcnt;
    denovo_l2_mshr_t mshr[DENOVO_L2_MAX_MSHRS];
    uint32_t rr[DENOVO_L2_MAX_SETS];
    denovo_l2_line_t line[DENOVO_L2_MAX_LINES];
} denovo_l2_state_t;

/* Coverage rows (spec section 8), in this order. */
typedef enum {
    DENOVO_L2_T_G01 = 0,
    DENOVO_L2_T_G02,
    DENOVO_L2_T_G03,
    DENOVO_L2_T_G04,
    DENOVO_L2_T_R01,
    DENOVO_L2_T_R02,
    DENOVO_L2_T_R03,
    DENOVO_L2_T_B01,
    DENOVO_L2_T_B02,
    DENOVO_L2_T_B03,
    DENOVO_L2_T_B04,
    DENOVO_L2_T_M01,
    DENOVO_L2_T_M02,
    DENOVO_L2_T_Q01,
    DENOVO_L2_T_Q02,
    DENOVO_L2_T_X01,
    DENOVO_L2_T_X02,
    DENOVO_L2_T_X03,
    DENOVO_L2_T_S01,
    DENOVO_L2_T_S02,
    DENOVO_L2_T_S03,
    DENOVO_L2_T_S04,
    DENOVO_L2_T_N
} denovo_l2_trans_t;

/* Cover points (spec section 8), in this order: F01.. */
typedef enum {
    DENOVO_L2_F_VIC_FREE_W0 = 0,   /* F01-F16 */
    DENOVO_L2_F_VIC_CLEAN_W0 = 16, /* F17-F32 */
    DENOVO_L2_F_VIC_DIRTY_W0 = 32, /* F33-F48 */
    DENOVO_L2_F_RR_SCAN_WRAP = 48,
    DENOVO_L2_F_RR_PTR_WRAP,
    DENOVO_L2_F_MSHR_FULL,
    DENOVO_L2_F_MSHR_TOP,
    DENOVO_L2_F_FIFO_FULL,
    DENOVO_L2_F_WBQ_FULL,
    DENOVO_L2_F_MERGE_ALL_SM,
    DENOVO_L2_F_GETS_FWD,
    DENOVO_L2_F_GETS_TWO_OWNERS,
    DENOVO_L2_F_GETS_ALL_REG,
    DENOVO_L2_F_REG_FROM_L2,
    DENOVO_L2_F_REG_FWD,
    DENOVO_L2_F_REG_TWO_OWNERS,
    DENOVO_L2_F_REG_FWD_BUSY,
    DENOVO_L2_F_REG_OWN_ERR,
    DENOVO_L2_F_WB_STALE,
    DENOVO_L2_F_WB_RECALL,
    DENOVO_L2_F_RECALL,
    DENOVO_L2_F_RECALL_DONE,
    DENOVO_L2_F_DONE_MOVED,
    DENOVO_L2_F_BUSY_STALL,
    DENOVO_L2_F_ALLOC_SET_TOP,
    DENOVO_L2_F_ALLOC_TAG_MSB,
    DENOVO_L2_F_FETCH_AND_WB,
    DENOVO_L2_F_N /* 72 */
} denovo_l2_fcov_t;

/* Statistics for the protocol comparison; not compared with the RTL. */
typedef struct {
    uint64_t gets, regs, wbs, dones; /* requests and write-back messages taken */
    uint64_t fwd_reads;              /* DATA naming an owner (G01 with reg != 0) */
    uint64_t fwd_regs;               /* REGD naming a previous owner */
    uint64_t recalls;                /* RECALL sent (X03) */
    uint64_t stale_words;            /* WB words dropped (D8) */
    uint64_t fetches, dram_wbs;
} denovo_l2_stats_t;

typedef struct denovo_l2 denovo_l2_t;

denovo_l2_desc_t denovo_l2_desc_from(const denovo_desc_t* sys);
/* 0 = legal; else 1 and "denovo_l2: NAME = V is illegal (Name: range)". */
int denovo_l2_check_desc(const denovo_l2_desc_t* d, char* msg, size_t msg_len);
size_t denovo_l2_size(const denovo_l2_desc_t* d);
denovo_l2_t* denovo_l2_init(void* mem, size_t len, const denovo_l2_desc_t* d, char* msg,
                            size_t msg_len);
void denovo_l2_tick(denovo_l2_t* m, const denovo_l2_in_t* in, denovo_l2_out_t* out);
const denovo_l2_desc_t* denovo_l2_desc(const denovo_l2_t* m);
const denovo_l2_out_t* denovo_l2_out(const denovo_l2_t* m);
void denovo_l2_line_get(const denovo_l2_t* m, uint32_t i, denovo_l2_line_t* l);
/* Line i's reg and busy masks and data word w (the registry slot of a registered word), as
 * denovo_l2_line_get gives them, without copying the line; all 0 out of range. */
uint32_t denovo_l2_word_reg(const denovo_l2_t* m, uint32_t i, uint32_t w, uint32_t* reg,
                            uint32_t* busy);
/* Line i's reg and busy masks and its LineBytes/4 data words in place (the registry slots of its
 * registered words), as denovo_l2_line_get gives them; NULL (masks 0) out of range. */
const uint32_t* denovo_l2_line_reg(const denovo_l2_t* m, uint32_t i, uint32_t* reg, uint32_t* busy);
void denovo_l2_mshr_get(const denovo_l2_t* m, uint32_t k, denovo_l2_mshr_t* e);
void denovo_l2_state_get(const denovo_l2_t* m, denovo_l2_state_t* s);
/* The lines the last tick wrote (for partial compares; gpu_l2_touched's contract): returns their
 * count (<= max) into sel, or sets *all when a tick wrote more than max lines or every line
 * (reset). Written: any of the line's tag, st, reg, busy, rc, data (owner slots included), or
 * its set's rr. */
uint32_t denovo_l2_touched(const denovo_l2_t* m, uint32_t* sel, uint32_t max, bool* all);
/* The line index (set * L2Ways + way) matching line, or -1. */
int64_t denovo_l2_find(const denovo_l2_t* m, uint64_t line);
const uint64_t* denovo_l2_cov(const denovo_l2_t* m);  /* [DENOVO_L2_T_N] */
const uint64_t* denovo_l2_fcov(const denovo_l2_t* m); /* [DENOVO_L2_F_N] */
uint64_t denovo_l2_errors(const denovo_l2_t* m);      /* I1, I2, I4, I5 */
void denovo_l2_stats(const denovo_l2_t* m, denovo_l2_stats_t* s);
const char* denovo_l2_trans_id(denovo_l2_trans_t r);   /* "G01", ... */
const char* denovo_l2_trans_name(denovo_l2_trans_t r); /* "GETS hit: DATA", ... */
bool denovo_l2_trans_reachable(const denovo_l2_desc_t* d, denovo_l2_trans_t r);
const char* denovo_l2_fcov_name(denovo_l2_fcov_t f);
bool denovo_l2_fcov_reachable(const denovo_l2_desc_t* d, denovo_l2_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_DENOVO_L2_H */
