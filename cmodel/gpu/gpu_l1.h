/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_l1.h -- C reference model of the baseline GPU L1 controller (GPU-D / GPU-H,
 * docs/units/gpu/gpu_l1.md). Written from the specification, not from rtl/gpu/gpu_l1.sv.
 * One gpu_l1_tick() call = one rising edge (docs/timing.md).
 *
 * Storage is the caller's, sized by the descriptor (docs/framework.md, "C model storage"):
 *
 *   gpu_l1_desc_t d = gpu_l1_desc_from(&sys);
 *   size_t n = gpu_l1_size(&d);                        (0: illegal descriptor)
 *   gpu_l1_t* m = gpu_l1_init(malloc(n), n, &d, why, sizeof why);
 *   ... free(m);
 *
 * The model is opaque: its header points into its own block (not relocatable). State is read in
 * the compare layout (gpu_l1_state_t, the layout the RTL shim fills, sized at the maximum
 * geometry) with gpu_l1_state_get / gpu_l1_line_get.
 */
#ifndef GPUCOH_GPU_L1_H
#define GPUCOH_GPU_L1_H

#include "gpu_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GPU_L1_MAX_SETS   256u
#define GPU_L1_MAX_WAYS   8u
#define GPU_L1_MAX_LINES  (GPU_L1_MAX_SETS * GPU_L1_MAX_WAYS)
#define GPU_L1_MAX_SB     256u
#define GPU_SEL_MAX       8u /* line indices a partial state read may name */
#define GPU_L1_FLAG_WORDS (GPU_L1_MAX_LINES / 32u)

typedef struct {
    bool rst_n;
    gpu_core_req_t core; /* counts only when core_ready was 1 */
    gpu_rsp_t rsp;       /* dst is ignored by the L1 */
    gpu_peer_t peer;     /* port 1: one peer message a cycle, no ready (Rsp; dst ignored) */
} gpu_l1_in_t;

typedef struct {
    bool core_ready;
    gpu_core_rsp_t crsp;
    gpu_req_t req; /* src is 0 */
    uint64_t fence_done;
    bool drained;
    gpu_peer_t peer; /* Rsp: the edge's one peer message (src is 0) */
} gpu_l1_out_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t hrf;          /* Hrf: gpu_variant_t */
    uint32_t rsp;          /* Rsp, 0 or 1 (1 needs Hrf = 1; rsp.md section 1) */
    uint32_t num_sm;       /* NumSm, 1..64: the peer destination mask, the BACK counter */
    uint32_t num_wf;       /* NumWf, 1..64 */
    uint32_t line_bytes;   /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width;   /* AddrWidth, 16..48, LA >= log2 L1Sets + 1 */
    uint32_t l1_sets;      /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;      /* L1Ways, 1..8 */
    uint32_t l1_queue;     /* L1Queue, 1..8 */
    uint32_t sb_entries;   /* SbEntries, 1..256 */
    uint32_t sb_idle;      /* SbIdle, 1..65535 */
    uint32_t wt_cnt_width; /* WtCntWidth, 2..10 */
} gpu_l1_desc_t;

/* A line in the lockstep compare layout (spec section 3; data at the maximum line size). */
typedef struct {
    uint64_t tag;
    uint32_t val, pend, stale, acq;
    uint64_t wait;
    uint32_t dirty[GPU_MASK_WORDS];
    uint32_t data[GPU_MAX_LINE_WORDS];
} gpu_l1_line_t;

/* Architectural state (spec section 3) in the compare layout, filled by the RTL shim and by
 * gpu_l1_state_get. Lines are indexed set * L1Ways + way. A reader fills every line and rr when
 * sel_all, else only the sel_n lines named in sel[] (and their sets' rr); the flag vectors
 * (fval, fpend, fstale, facq: bit i % 32 of word i / 32 is line i's flag, bits of lines past
 * L1Sets * L1Ways 0) when sel_all or flags_all (an INV writes val and stale of every line: the
 * flags of all lines and the whole of the named ones then cover the edge); the scalars and the
 * store buffer always (sb[k] = the k-th live entry from the head, k < sbcnt; the slots past
 * sbcnt are not state and a reader leaves them as they were). */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[GPU_SEL_MAX];
    uint32_t flags_all;
    uint32_t fcnt;
    uint32_t sbh, sbcnt;
    uint32_t wtp, batch, fl;
    uint64_t fcur, fwait, fdone;
    uint32_t idle;
    uint32_t rblk, rst, rsnt, bcnt, cfv, cfl, csrc; /* Rsp (rsp.md section 4.2); 0 with Rsp = 0 */
    uint64_t sb[GPU_L1_MAX_SB];
    uint32_t rr[GPU_L1_MAX_SETS];
    uint32_t fval[GPU_L1_FLAG_WORDS], fpend[GPU_L1_FLAG_WORDS];
    uint32_t fstale[GPU_L1_FLAG_WORDS], facq[GPU_L1_FLAG_WORDS];
    gpu_l1_line_t line[GPU_L1_MAX_LINES];
} gpu_l1_state_t;

/* Coverage rows (spec sections 5-7, 9), in this order. */
typedef enum {
    GPU_L1_T_C01 = 0,
    GPU_L1_T_C02,
    GPU_L1_T_C03,
    GPU_L1_T_C04,
    GPU_L1_T_C05,
    GPU_L1_T_C06,
    GPU_L1_T_C07,
    GPU_L1_T_C08,
    GPU_L1_T_C09,
    GPU_L1_T_C10,
    GPU_L1_T_C11,
    GPU_L1_T_C12,
    GPU_L1_T_C13,
    GPU_L1_T_C14,
    GPU_L1_T_C15,
    GPU_L1_T_C16,
    GPU_L1_T_C17,
    GPU_L1_T_C18,
    GPU_L1_T_C19,
    GPU_L1_T_C20,
    GPU_L1_T_C21,
    GPU_L1_T_C22,
    GPU_L1_T_R01,
    GPU_L1_T_R02,
    GPU_L1_T_R03,
    GPU_L1_T_R04,
    GPU_L1_T_R05,
    GPU_L1_T_R06,
    GPU_L1_T_B01,
    GPU_L1_T_B02,
    GPU_L1_T_B03,
    GPU_L1_T_B04,
    GPU_L1_T_B05,
    GPU_L1_T_B06,
    GPU_L1_T_B07,
    GPU_L1_T_B08,
    GPU_L1_T_V01,
    GPU_L1_T_S01,
    GPU_L1_T_S02,
    GPU_L1_T_S03,
    GPU_L1_T_S04,
    GPU_L1_T_S05,
    GPU_L1_T_S06,
    GPU_L1_T_C24, /* Rsp rows (rsp.md sections 4.4-4.6); C23 is not used */
    GPU_L1_T_C25,
    GPU_L1_T_C26,
    GPU_L1_T_C27,
    GPU_L1_T_C28,
    GPU_L1_T_C29,
    GPU_L1_T_C30,
    GPU_L1_T_R07,
    GPU_L1_T_K01,
    GPU_L1_T_K02,
    GPU_L1_T_K03,
    GPU_L1_T_K04,
    GPU_L1_T_K05,
    GPU_L1_T_K06,
    GPU_L1_T_B09,
    GPU_L1_T_B10,
    GPU_L1_T_S07,
    GPU_L1_T_S08,
    GPU_L1_T_N
} gpu_l1_trans_t;

/* Functional cover points (spec section 10), in this order: F01.. */
typedef enum {
    GPU_L1_F_VIC_FREE_W0 = 0,   /* F01-F08 */
    GPU_L1_F_VIC_CLEAN_W0 = 8,  /* F09-F16 */
    GPU_L1_F_VIC_DIRTY_W0 = 16, /* F17-F24 */
    GPU_L1_F_RR_SCAN_WRAP = 24,
    GPU_L1_F_RR_PTR_WRAP,
    GPU_L1_F_FIFO_FULL,
    GPU_L1_F_SB_FULL,
    GPU_L1_F_SB_PTR_WRAP,
    GPU_L1_F_WTP_MAX,
    GPU_L1_F_BATCH_EMPTY,
    GPU_L1_F_BATCH_CHAIN,
    GPU_L1_F_INV_STALES,
    GPU_L1_F_MERGE_ALL,
    GPU_L1_F_STORE_PENDING,
    GPU_L1_F_FILL_OVER_DIRTY,
    GPU_L1_F_POP_BLOCKED,
    GPU_L1_F_CAS_FAIL_L1,
    GPU_L1_F_ALLOC_SET_TOP,
    GPU_L1_F_ALLOC_TAG_MSB,
    GPU_L1_F_IDLE_DRAIN,
    GPU_L1_F_RELEASE_ON_DIRTY,
    GPU_L1_F_ACK_AND_WT,
    GPU_L1_F_INV_TWICE,
    GPU_L1_F_FENCE_ALL_WAIT,
    GPU_L1_F_SB_SKIP_CLEAN,
    GPU_L1_F_EVICT_ALLOC_SAME_SET,
    GPU_L1_F_ATOM_STALES,
    GPU_L1_F_DATA_NO_WAIT,
    GPU_L1_F_STALE_ACQ,
    GPU_L1_F_ATOM_SENT_STALES, /* F51: C15 / C18 marks its pending line stale (L13) */
    GPU_L1_F_BCNT_FIRST,       /* F52-F67: Rsp (rsp.md section 12.2) */
    GPU_L1_F_BCNT_LAST,
    GPU_L1_F_BACK_SELF_LAST,
    GPU_L1_F_LOCK_AND_C16,
    GPU_L1_F_LOCK_STALL,
    GPU_L1_F_FLUSH_EMPTY,
    GPU_L1_F_FLUSH_SB_FULL,
    GPU_L1_F_FLUSH_IN_BATCH,
    GPU_L1_F_FLUSH_WAIT_ACKS,
    GPU_L1_F_CMD_POP_BLOCKED,
    GPU_L1_F_CMD_INV_STALES,
    GPU_L1_F_CMD_AND_RSP,
    GPU_L1_F_RM_ACQ_MERGE,
    GPU_L1_F_RM_ACQ_VALID,
    GPU_L1_F_RM_STEP_S04,
    GPU_L1_F_LOCKED_ATOM_TO_L2,
    GPU_L1_F_N /* 67 */
} gpu_l1_fcov_t;

/* Statistics for the protocol comparison (docs/compare.md); not compared with the RTL. */
typedef struct {
    uint64_t inv;       /* INV events (flash self-invalidations) */
    uint64_t inv_lines; /* valid lines those INVs dropped */
    uint64_t batches;   /* completed flush batches (B07 + B08) */
    uint64_t wt_batch, wt_idle, wt_full, wt_evict, wt_release, wt_atomic; /* WTs by cause */
    uint64_t stall[6];     /* head stall edges S01..S06 */
    uint64_t l1_atomics;   /* C16 */
    uint64_t hits, misses; /* C01; C04 + C05 + C06 + C08 + C09 */
    /* Rsp counters (rsp.md section 11) */
    uint64_t rm_acquires, rm_releases, rm_atomics;            /* C30, by the head's op */
    uint64_t bcst_lock, bcst_flush, bcst_inv, bcst_unlock;    /* C26, by kind */
    uint64_t remote_flush, remote_inval;                      /* K04 / K03, src != this SM */
    uint64_t local_flush, local_inval;                        /* K04 / K03 src == this SM; C27 */
    uint64_t lock_stall_cycles, token_wait_cycles, rm_cycles; /* S07; T waiting; rst != 0 */
} gpu_l1_stats_t;

typedef struct gpu_l1 gpu_l1_t;

gpu_l1_desc_t gpu_l1_desc_from(const gpu_desc_t* sys);
/* 0 = legal; else 1 and "gpu_l1: NAME = V is illegal (Name: range)". */
int gpu_l1_check_desc(const gpu_l1_desc_t* d, char* msg, size_t msg_len);
/* Bytes of the model for d (a multiple of 8); 0 for an illegal descriptor. */
size_t gpu_l1_size(const gpu_l1_desc_t* d);
/* Builds the model in mem (len >= gpu_l1_size(d), aligned for uint64_t) in its reset state and
 * returns it (== mem); NULL and a message for a NULL, short or misaligned mem or an illegal d. */
gpu_l1_t* gpu_l1_init(void* mem, size_t len, const gpu_l1_desc_t* d, char* msg, size_t msg_len);
void gpu_l1_tick(gpu_l1_t* m, const gpu_l1_in_t* in, gpu_l1_out_t* out);
/* gpu_l1_tick for a caller whose *out holds what the model's previous tick_kept wrote there (one
 * buffer per model, written by nothing else between edges, as the system's output slots): a
 * quiet edge after one that sent nothing writes only what it changes (docs/units/gpu/gpu_l1.md
 * section 4). The first call, and the first after a gpu_l1_tick, writes all of *out; out must
 * not be NULL. */
void gpu_l1_tick_kept(gpu_l1_t* m, const gpu_l1_in_t* in, gpu_l1_out_t* out);
const gpu_l1_desc_t* gpu_l1_desc(const gpu_l1_t* m);
/* The registered outputs (what the last tick returned; all 0 before the first). */
const gpu_l1_out_t* gpu_l1_out(const gpu_l1_t* m);
void gpu_l1_line_get(const gpu_l1_t* m, uint32_t i, gpu_l1_line_t* l);
void gpu_l1_state_get(const gpu_l1_t* m, gpu_l1_state_t* s);
/* The RSP registers of the compare state (rst, rsnt, bcnt, rblk, cfv: the same values
 * gpu_l1_state_get gives), without the rest of it: V-RSP1..4 read them every edge. */
typedef struct {
    uint32_t rst, rsnt, bcnt, rblk, cfv;
} gpu_l1_rsp_regs_t;
void gpu_l1_rsp_regs(const gpu_l1_t* m, gpu_l1_rsp_regs_t* r);
/* The lines the last tick wrote (for partial compares): returns their count (<= max) into
 * sel, or sets *all when a tick wrote more than max lines or every line (reset). An INV's
 * writes to every line's val and stale are not named there: gpu_l1_flags_touched says the last
 * tick made them (a partial compare then sets flags_all). */
uint32_t gpu_l1_touched(const gpu_l1_t* m, uint32_t* sel, uint32_t max, bool* all);
bool gpu_l1_flags_touched(const gpu_l1_t* m);
/* Coverage (a reset does not clear it): row counts [GPU_L1_T_N], cover points [GPU_L1_F_N]. */
const uint64_t* gpu_l1_cov(const gpu_l1_t* m);
const uint64_t* gpu_l1_fcov(const gpu_l1_t* m);
uint64_t gpu_l1_errors(const gpu_l1_t* m); /* L9 protocol errors */
/* In the next edge, from the registered state: a BACK on the peer input would be illegal (I7:
 * no broadcast outstanding), a GNT response would be illegal (I11: no token awaited); either
 * with Rsp = 0 (I12, I3). rsp.md section 12.4; --peer-illegal-rate chooses by them. */
bool gpu_l1_back_illegal(const gpu_l1_t* m);
bool gpu_l1_gnt_illegal(const gpu_l1_t* m);
void gpu_l1_stats(const gpu_l1_t* m, gpu_l1_stats_t* s);
const char* gpu_l1_trans_id(gpu_l1_trans_t r);   /* "C01", "B08", "S03" */
const char* gpu_l1_trans_name(gpu_l1_trans_t r); /* "LOAD hit", ... */
bool gpu_l1_trans_reachable(const gpu_l1_desc_t* d, gpu_l1_trans_t r);
const char* gpu_l1_fcov_name(gpu_l1_fcov_t f); /* "VIC_FREE_W0", ...; "?" out of range */
bool gpu_l1_fcov_reachable(const gpu_l1_desc_t* d, gpu_l1_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GPU_L1_H */
