/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_l2.h -- C reference model of the baseline GPU L2 bank (docs/units/gpu/gpu_l2.md). Written
 * from the specification, not from rtl/gpu/gpu_l2.sv. One gpu_l2_tick() call = one rising edge.
 * Storage as gpu_l1.h: the caller's block, sized by the descriptor; the model is opaque.
 */
#ifndef GPUCOH_GPU_L2_H
#define GPUCOH_GPU_L2_H

#include "gpu_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GPU_L2_MAX_SETS  1024u
#define GPU_L2_MAX_WAYS  16u
#define GPU_L2_MAX_LINES (GPU_L2_MAX_SETS * GPU_L2_MAX_WAYS)
#define GPU_L2_MAX_MSHRS 64u
#define GPU_L2_SEL_MAX   8u

typedef enum { GPU_L2_I = 0, GPU_L2_V = 1, GPU_L2_D = 2, GPU_L2_P = 3 } gpu_l2_st_t;

typedef struct {
    bool rst_n;
    gpu_req_t req; /* src set by the crossbar; counts only when req_ready was 1 */
    gpu_mem_rsp_t mem;
} gpu_l2_in_t;

typedef struct {
    bool req_ready;
    gpu_rsp_t rsp;
    gpu_mem_req_t mreq;
} gpu_l2_out_t;

typedef struct {
    uint32_t rsp;        /* Rsp, 0 or 1: the token rows T01-T04 (rsp.md section 5) */
    uint32_t num_sm;     /* NumSm, 1..64 */
    uint32_t num_banks;  /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t line_bytes; /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width; /* AddrWidth, 16..48, LA >= log2 NumBanks + log2 L2Sets, log2 L2Sets + 1 */
    uint32_t l2_sets;    /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;    /* L2Ways, 1..16 */
    uint32_t l2_mshrs;   /* L2Mshrs, 1..64 */
    uint32_t l2_queue;   /* L2Queue, 1..8 */
} gpu_l2_desc_t;

typedef struct {
    uint64_t tag;
    uint32_t st; /* gpu_l2_st_t */
    uint32_t data[GPU_MAX_LINE_WORDS];
} gpu_l2_line_t;

typedef struct {
    uint32_t v;
    uint64_t line;
    uint32_t way;
    uint64_t dst;
    uint32_t wm[GPU_MASK_WORDS];
} gpu_l2_mshr_t;

/* Architectural state (spec section 3) in the compare layout (RTL shim and gpu_l2_state_get):
 * every line and rr when sel_all, else the sel_n lines of sel[] (and their sets' rr); every
 * MSHR, or with mshr_only and not sel_all only the MSHRs of mshr_sel (bit k: MSHR k; the others
 * are left as they were); qcnt and the token always. */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[GPU_L2_SEL_MAX];
    uint32_t mshr_only;
    uint64_t mshr_sel;
    uint32_t qcnt;
    uint32_t tbusy, town; /* Rsp token (rsp.md section 5.1); 0 with Rsp = 0 */
    uint64_t twait;
    gpu_l2_mshr_t mshr[GPU_L2_MAX_MSHRS];
    uint32_t rr[GPU_L2_MAX_SETS];
    gpu_l2_line_t line[GPU_L2_MAX_LINES];
} gpu_l2_state_t;

typedef enum {
    GPU_L2_T_G01 = 0,
    GPU_L2_T_G02,
    GPU_L2_T_G03,
    GPU_L2_T_W01,
    GPU_L2_T_W02,
    GPU_L2_T_W03,
    GPU_L2_T_A01,
    GPU_L2_T_A02,
    GPU_L2_T_A03,
    GPU_L2_T_M01,
    GPU_L2_T_M02,
    GPU_L2_T_X01,
    GPU_L2_T_X02,
    GPU_L2_T_S01,
    GPU_L2_T_S02,
    GPU_L2_T_T01, /* Rsp token rows (rsp.md section 5.2) */
    GPU_L2_T_T02,
    GPU_L2_T_T03,
    GPU_L2_T_T04,
    GPU_L2_T_N
} gpu_l2_trans_t;

typedef enum {
    GPU_L2_F_VIC_FREE_W0 = 0,   /* F01-F16 */
    GPU_L2_F_VIC_CLEAN_W0 = 16, /* F17-F32 */
    GPU_L2_F_VIC_DIRTY_W0 = 32, /* F33-F48 */
    GPU_L2_F_RR_SCAN_WRAP = 48,
    GPU_L2_F_RR_PTR_WRAP,
    GPU_L2_F_MSHR_FULL,
    GPU_L2_F_MSHR_TOP,
    GPU_L2_F_FIFO_FULL,
    GPU_L2_F_MERGE_ALL_SM,
    GPU_L2_F_FILL_MERGE_WT,
    GPU_L2_F_FILL_FULL_WM,
    GPU_L2_F_CAS_FAIL,
    GPU_L2_F_ADD_WRAP,
    GPU_L2_F_ALLOC_SET_TOP,
    GPU_L2_F_ALLOC_TAG_MSB,
    GPU_L2_F_FETCH_AND_WB,
    GPU_L2_F_TOK_GRANT_FREE, /* F62-F67: Rsp (rsp.md section 12.3) */
    GPU_L2_F_TOK_CONTEND,
    GPU_L2_F_TOK_HANDOFF,
    GPU_L2_F_TOK_WAIT_ALL,
    GPU_L2_F_TOK_RR_WRAP,
    GPU_L2_F_TOK_FREE,
    GPU_L2_F_N /* 67 */
} gpu_l2_fcov_t;

typedef struct gpu_l2 gpu_l2_t;

gpu_l2_desc_t gpu_l2_desc_from(const gpu_desc_t* sys);
int gpu_l2_check_desc(const gpu_l2_desc_t* d, char* msg, size_t msg_len);
size_t gpu_l2_size(const gpu_l2_desc_t* d);
gpu_l2_t* gpu_l2_init(void* mem, size_t len, const gpu_l2_desc_t* d, char* msg, size_t msg_len);
void gpu_l2_tick(gpu_l2_t* m, const gpu_l2_in_t* in, gpu_l2_out_t* out);
/* gpu_l2_tick for a caller whose *out holds what the model's previous tick_kept wrote there (one
 * buffer per model, written by nothing else between edges, as the system's output slots): a
 * quiet edge after one that sent nothing writes only what it changes (docs/units/gpu/gpu_l2.md
 * section 4). The first call, and the first after a gpu_l2_tick, writes all of *out; out must
 * not be NULL. */
void gpu_l2_tick_kept(gpu_l2_t* m, const gpu_l2_in_t* in, gpu_l2_out_t* out);
const gpu_l2_desc_t* gpu_l2_desc(const gpu_l2_t* m);
const gpu_l2_out_t* gpu_l2_out(const gpu_l2_t* m);
void gpu_l2_line_get(const gpu_l2_t* m, uint32_t i, gpu_l2_line_t* l);
void gpu_l2_mshr_get(const gpu_l2_t* m, uint32_t k, gpu_l2_mshr_t* e);
void gpu_l2_state_get(const gpu_l2_t* m, gpu_l2_state_t* s);
uint32_t gpu_l2_touched(const gpu_l2_t* m, uint32_t* sel, uint32_t max, bool* all);
/* The MSHRs the last edge wrote (bit k: MSHR k), all of them after a reset. */
uint64_t gpu_l2_mshr_touched(const gpu_l2_t* m);
/* The word of a line the bank holds valid (V, D; P: no): final values of a run. */
bool gpu_l2_word(const gpu_l2_t* m, uint64_t line, uint32_t word, uint32_t* v);
const uint64_t* gpu_l2_cov(const gpu_l2_t* m);
const uint64_t* gpu_l2_fcov(const gpu_l2_t* m);
uint64_t gpu_l2_errors(const gpu_l2_t* m); /* E4 protocol errors */
const char* gpu_l2_trans_id(gpu_l2_trans_t r);
const char* gpu_l2_trans_name(gpu_l2_trans_t r);
bool gpu_l2_trans_reachable(const gpu_l2_desc_t* d, gpu_l2_trans_t r);
const char* gpu_l2_fcov_name(gpu_l2_fcov_t f);
bool gpu_l2_fcov_reachable(const gpu_l2_desc_t* d, gpu_l2_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GPU_L2_H */
