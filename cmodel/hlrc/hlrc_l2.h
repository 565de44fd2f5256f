/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_l2.h -- C reference model of one hLRC L2 bank (docs/units/hlrc/hlrc_l2.md). Written from
 * the specification, not from rtl/hlrc/hlrc_l2.sv. One hlrc_l2_tick() call = one rising edge.
 * Storage as denovo_l2.h: the caller's block, sized by the descriptor; opaque.
 */
#ifndef GPUCOH_HLRC_L2_H
#define GPUCOH_HLRC_L2_H

#include "hlrc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HLRC_L2_MAX_SETS  1024u
#define HLRC_L2_MAX_WAYS  16u
#define HLRC_L2_MAX_LINES (HLRC_L2_MAX_SETS * HLRC_L2_MAX_WAYS)
#define HLRC_L2_MAX_MSHRS 64u
#define HLRC_L2_MAX_Q     8u
#define HLRC_L2_SEL_MAX   8u

typedef struct {
    bool rst_n;
    hlrc_msg_t req;  /* GETS, WT (src set by the network); counts only when req_ready was 1 */
    hlrc_msg_t sync; /* REG, ATOMIC; counts only when sync_ready was 1 */
    hlrc_msg_t wb;   /* RACK, EVICT; counts only when wb_ready was 1 */
    hlrc_mem_rsp_t mem;
} hlrc_l2_in_t;

typedef struct {
    bool req_ready;
    bool sync_ready;
    bool wb_ready;
    hlrc_msg_t rsp; /* DATA, ACK, GRANT, ATOM, REVOKE, EACK; dst an SM mask (NumSm bits) */
    hlrc_mem_req_t mreq;
} hlrc_l2_out_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t num_sm;     /* NumSm, 1..64 */
    uint32_t num_banks;  /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t line_bytes; /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width; /* AddrWidth, 16..48 */
    uint32_t l2_sets;    /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;    /* L2Ways, 2..16 */
    uint32_t l2_mshrs;   /* L2Mshrs, 1..64 */
    uint32_t l2_queue;   /* L2Queue, 1..8 */
    uint32_t sync_queue; /* SyncQueue, 1..8 */
    uint32_t wb_queue;   /* WbQueue, 1..8 */
} hlrc_l2_desc_t;

/* A line in the compare layout (spec section 3). */
typedef struct {
    uint64_t tag;
    uint32_t st; /* hlrc_l2_st_t */
    uint32_t reg;
    uint32_t own;
    uint32_t age;
    uint32_t data[HLRC_MAX_LINE_WORDS];
} hlrc_l2_line_t;

typedef struct {
    uint32_t v;
    uint64_t line;
    uint32_t way;
    uint64_t dst;
    uint32_t wm[HLRC_MASK_WORDS];
} hlrc_l2_mshr_t;

/* Architectural state (spec section 3): every line when sel_all, else the sel_n lines of sel[];
 * the MSHRs, the revocation register, qpri and the FIFO counts always. */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[HLRC_L2_SEL_MAX];
    uint32_t qcnt, scnt, wcnt;
    uint32_t rvv, rvw;
    uint64_t rvl;
    uint32_t rvo;
    uint32_t qpri;
    hlrc_l2_mshr_t mshr[HLRC_L2_MAX_MSHRS];
    hlrc_l2_line_t line[HLRC_L2_MAX_LINES];
} hlrc_l2_state_t;

/* Coverage rows (spec section 9), in this order; a stall row counts every stalled try. */
typedef enum {
    HLRC_L2_T_G01 = 0,
    HLRC_L2_T_G02,
    HLRC_L2_T_G03,
    HLRC_L2_T_W01,
    HLRC_L2_T_W02,
    HLRC_L2_T_W03,
    HLRC_L2_T_R01,
    HLRC_L2_T_R02,
    HLRC_L2_T_R03,
    HLRC_L2_T_R04,
    HLRC_L2_T_R05,
    HLRC_L2_T_R06,
    HLRC_L2_T_A01,
    HLRC_L2_T_A02,
    HLRC_L2_T_A03,
    HLRC_L2_T_A04,
    HLRC_L2_T_A05,
    HLRC_L2_T_K01,
    HLRC_L2_T_K02,
    HLRC_L2_T_K03,
    HLRC_L2_T_K04,
    HLRC_L2_T_N01,
    HLRC_L2_T_N02,
    HLRC_L2_T_Q01,
    HLRC_L2_T_Q02,
    HLRC_L2_T_Q03,
    HLRC_L2_T_D01,
    HLRC_L2_T_D02,
    HLRC_L2_T_S01,
    HLRC_L2_T_S02,
    HLRC_L2_T_S03,
    HLRC_L2_T_S04,
    HLRC_L2_T_N
} hlrc_l2_trans_t;

/* Cover points (spec section 10), in this order: F01.. */
typedef enum {
    HLRC_L2_F_VIC_FREE_W0 = 0,   /* F01 */
    HLRC_L2_F_VIC_CLEAN_W0 = 16, /* F17 */
    HLRC_L2_F_VIC_DIRTY_W0 = 32, /* F33 */
    HLRC_L2_F_MSHR_FULL = 48,    /* F49 */
    HLRC_L2_F_MSHR_TOP,
    HLRC_L2_F_REQ_FIFO_FULL,
    HLRC_L2_F_SYNC_FIFO_FULL,
    HLRC_L2_F_WB_FIFO_FULL,
    HLRC_L2_F_MERGE_ALL_SM,
    HLRC_L2_F_FILL_MERGE_WT,
    HLRC_L2_F_GETS_REG_LINE,
    HLRC_L2_F_WT_REG_LINE,
    HLRC_L2_F_GRANT_AFTER_REVOKE,
    HLRC_L2_F_RECALL,
    HLRC_L2_F_REVOKE_FOR_ATOMIC,
    HLRC_L2_F_EVICT_CROSSED,
    HLRC_L2_F_RACK_UNREGISTERED,
    HLRC_L2_F_CAS_FAIL_L2,
    HLRC_L2_F_ADD_WRAP_L2,
    HLRC_L2_F_EXCH_PARTIAL,
    HLRC_L2_F_RCAP_REACHED,
    HLRC_L2_F_SYNC_PASSES_DATA,
    HLRC_L2_F_REVOKED_WAY_SKIPPED,
    HLRC_L2_F_FETCH_AND_WB,
    HLRC_L2_F_ALLOC_SET_TOP,
    HLRC_L2_F_ALLOC_TAG_MSB,
    HLRC_L2_F_AGE_OLDEST,
    HLRC_L2_F_SYNC_FIRST_AFTER_FILL,
    HLRC_L2_F_EVICT_OTHER_REVOKED,
    HLRC_L2_F_RACK_OF_RECALL,
    HLRC_L2_F_BOTH_HEADS_STALL,
    HLRC_L2_F_FILL_FOR_SYNC_HEAD,
    HLRC_L2_F_SYNC_REFETCH,
    HLRC_L2_F_N /* 78 */
} hlrc_l2_fcov_t;

/* Counters (hlrc.md D29) and statistics; C-model only, not compared with the RTL. */
typedef struct {
    uint64_t grants;       /* R01, R04 */
    uint64_t revokes;      /* R03 */
    uint64_t recalls;      /* R02 */
    uint64_t l2_atomics;   /* A01 */
    uint64_t stall_cycles; /* l2_stall_cycles: S01-S04 of tried heads */
    uint64_t fetches, dram_wbs;
    uint64_t stall[4]; /* S01 S02 S03 S04 */
} hlrc_l2_stats_t;

typedef struct hlrc_l2 hlrc_l2_t;

hlrc_l2_desc_t hlrc_l2_desc_from(const hlrc_desc_t* sys);
/* 0 = legal; else 1 and "hlrc_l2: NAME = V is illegal (Name: range)". */
int hlrc_l2_check_desc(const hlrc_l2_desc_t* d, char* msg, size_t msg_len);
size_t hlrc_l2_size(const hlrc_l2_desc_t* d);
hlrc_l2_t* hlrc_l2_init(void* mem, size_t len, const hlrc_l2_desc_t* d, char* msg, size_t msg_len);
void hlrc_l2_tick(hlrc_l2_t* m, const hlrc_l2_in_t* in, hlrc_l2_out_t* out);
const hlrc_l2_desc_t* hlrc_l2_desc(const hlrc_l2_t* m);
const hlrc_l2_out_t* hlrc_l2_out(const hlrc_l2_t* m);
void hlrc_l2_line_get(const hlrc_l2_t* m, uint32_t i, hlrc_l2_line_t* l);
/* Line i's reg bit and owner (own into *own), as hlrc_l2_line_get gives them, without copying
 * the line; 0 out of range. */
uint32_t hlrc_l2_line_reg(const hlrc_l2_t* m, uint32_t i, uint32_t* own);
void hlrc_l2_mshr_get(const hlrc_l2_t* m, uint32_t k, hlrc_l2_mshr_t* e);
void hlrc_l2_state_get(const hlrc_l2_t* m, hlrc_l2_state_t* s);
/* The lines the last tick wrote (gpu_l2_touched's contract). */
uint32_t hlrc_l2_touched(const hlrc_l2_t* m, uint32_t* sel, uint32_t max, bool* all);
/* The line index (set * L2Ways + way) matching line, or -1. */
int64_t hlrc_l2_find(const hlrc_l2_t* m, uint64_t line);
const uint64_t* hlrc_l2_cov(const hlrc_l2_t* m);  /* [HLRC_L2_T_N] */
const uint64_t* hlrc_l2_fcov(const hlrc_l2_t* m); /* [HLRC_L2_F_N] */
const char* hlrc_l2_fcov_name(hlrc_l2_fcov_t f);  /* "VIC_FREE_W0", ...; "?" out of range */
bool hlrc_l2_fcov_reachable(const hlrc_l2_desc_t* d, hlrc_l2_fcov_t f);
uint64_t hlrc_l2_errors(const hlrc_l2_t* m);     /* I1, I2, I4, I5, I6, I7 */
const char* hlrc_l2_trans_id(hlrc_l2_trans_t r); /* "G01", ...; "?" out of range */
bool hlrc_l2_trans_reachable(const hlrc_l2_desc_t* d, hlrc_l2_trans_t r);
void hlrc_l2_stats(const hlrc_l2_t* m, hlrc_l2_stats_t* s);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_HLRC_L2_H */
