/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_types.h -- parameters and messages shared by the baseline GPU coherence units (gpu_l1,
 * gpu_l2) and the system harness: GPU-D and GPU-H of seed 002 (docs/units/gpu/gpu_l1.md,
 * docs/units/gpu/gpu_l2.md). Everything here is plain data: no behaviour.
 *
 * Conventions (as TC's, docs/system.md section 1):
 *  - messages carry LINE addresses (byte address >> log2(LineBytes));
 *  - data of a line: LineBytes / 4 words of 32 bits, word 0 = bytes 0..3 (little-endian);
 *    byte masks: bit b = byte b (word b / 32, bit b % 32);
 *  - every payload field of a message whose valid is 0 is 0.
 */
#ifndef GPUCOH_GPU_TYPES_H
#define GPUCOH_GPU_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GPU_MAX_SM         64u
#define GPU_MAX_WF         64u
#define GPU_MAX_BANKS      16u
#define GPU_MAX_LINE_BYTES 128u
#define GPU_MAX_LINE_WORDS (GPU_MAX_LINE_BYTES / 4u)  /* 32 */
#define GPU_MASK_WORDS     (GPU_MAX_LINE_BYTES / 32u) /* 4: byte-mask words */

/* Variant (L1 parameter Hrf): GPU-D (DRF, every synchronization at GPU scope) or GPU-H (HRF:
 * CTA-scope synchronization stays in the L1). */
typedef enum { GPU_D = 0, GPU_H = 1 } gpu_variant_t;

/* Core -> L1 operations. */
typedef enum {
    GPU_OP_NONE = 0,
    GPU_OP_LOAD = 1,   /* line load; acq = 1: acquire load */
    GPU_OP_STORE = 2,  /* byte-masked store; rel = 1: release store (after its fence) */
    GPU_OP_ATOMIC = 3, /* word atomic; acq = 1: acquire or acq_rel order */
    GPU_OP_FENCE = 4,  /* acquire-release fence of scope gpu */
} gpu_op_t;

/* Atomic operations (one 32-bit word): as TC's and gsys's. */
typedef enum { GPU_AOP_ADD = 0, GPU_AOP_EXCH = 1, GPU_AOP_CAS = 2 } gpu_aop_t;

/* L1 -> L2 request kinds. */
typedef enum {
    GPU_REQ_NONE = 0,
    GPU_REQ_GETS = 1,   /* read the line */
    GPU_REQ_WT = 2,     /* write-through of the masked bytes, acknowledged */
    GPU_REQ_ATOMIC = 3, /* word atomic performed at the L2 */
    GPU_REQ_TOKREQ = 4, /* Rsp: ask bank 0 for the RSP token (line 0; rsp.md section 3) */
    GPU_REQ_TOKREL = 5, /* Rsp: return the token (line 0) */
} gpu_req_kind_t;

/* L2 -> L1 response kinds. */
typedef enum {
    GPU_RSP_NONE = 0,
    GPU_RSP_DATA = 1, /* the line, to every SM in dst */
    GPU_RSP_ACK = 2,  /* a write-through was performed */
    GPU_RSP_ATOM = 3, /* an atomic was performed: the line before it */
    GPU_RSP_GNT = 4,  /* Rsp: the RSP token is the destination's (line 0) */
} gpu_rsp_kind_t;

/* L1 -> L1s on the peer network (Rsp = 1 only; docs/units/gpu/rsp.md section 3). */
typedef enum {
    GPU_PEER_NONE = 0,
    GPU_PEER_LOCK = 1,   /* set rblk: CTA RMWs in the L1 stall */
    GPU_PEER_FLUSH = 2,  /* write the store buffer through, BACK when acknowledged */
    GPU_PEER_INV = 3,    /* flash-invalidate (gpu_l1 L6) */
    GPU_PEER_UNLOCK = 4, /* clear rblk */
    GPU_PEER_BACK = 5,   /* the command is done at the sender */
} gpu_peer_kind_t;

/* Core-side response kinds (L1 -> core). */
typedef enum { GPU_CRSP_NONE = 0, GPU_CRSP_LOAD = 1, GPU_CRSP_ATOMIC = 2 } gpu_crsp_kind_t;

/* ---- parameters (docs/units/gpu/gpu_l1.md and gpu_l2.md section 1) ------------------------------
 */
typedef struct {
    uint32_t hrf;          /* Hrf: gpu_variant_t (L1) */
    uint32_t rsp;          /* Rsp, 0 or 1 (1 needs Hrf = 1): remote-scope promotion (L1, L2) */
    uint32_t num_sm;       /* NumSm, 1..64 (L1 with Rsp, L2) */
    uint32_t num_wf;       /* NumWf, 1..64 (L1) */
    uint32_t num_banks;    /* NumBanks, 1, 2, 4, 8, 16 (L2) */
    uint32_t line_bytes;   /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width;   /* AddrWidth: byte-address bits, 16..48 */
    uint32_t l1_sets;      /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;      /* L1Ways, 1..8 */
    uint32_t l1_queue;     /* L1Queue, 1..8: core request FIFO depth */
    uint32_t sb_entries;   /* SbEntries, 1..256: store-buffer line entries */
    uint32_t sb_idle;      /* SbIdle, 1..65535: cycles without a store before the SB drains */
    uint32_t wt_cnt_width; /* WtCntWidth, 2..10: outstanding write-throughs */
    uint32_t l2_sets;      /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;      /* L2Ways, 1..16 */
    uint32_t l2_mshrs;     /* L2Mshrs, 1..64 */
    uint32_t l2_queue;     /* L2Queue, 1..8: L2 request FIFO depth */
} gpu_desc_t;

/* ---- messages -------------------------------------------------------------------------------- */

/* Core -> L1 (one per cycle; counts only when the L1's core_ready was 1). */
typedef struct {
    bool valid;
    uint32_t op;                       /* gpu_op_t */
    uint32_t wf;                       /* 0..NumWf-1 */
    uint64_t line;                     /* line address (FENCE: 0) */
    bool gpu;                          /* scope: 1 = gpu, 0 = cta (LOAD acq, STORE rel, ATOMIC,
                                          FENCE; GPU-D ignores it: every scope is gpu) */
    bool rm;                           /* scope rm (Rsp = 1; rsp.md L4): LOAD acq, STORE rel,
                                          ATOMIC, FENCE (a FENCE rm is a GPU fence); gpu is
                                          ignored with it */
    bool acq;                          /* LOAD: acquire load; ATOMIC: acquire / acq_rel order */
    bool rel;                          /* STORE: release store */
    uint32_t data[GPU_MAX_LINE_WORDS]; /* STORE: the line image; bytes outside mask are 0 */
    uint32_t mask[GPU_MASK_WORDS];     /* STORE: byte mask (non-zero) */
    uint32_t aop;                      /* ATOMIC: gpu_aop_t */
    uint32_t word;                     /* ATOMIC: word index in the line */
    uint32_t a;                        /* ATOMIC: ADD addend, EXCH value, CAS compare value */
    uint32_t b;                        /* ATOMIC: CAS swap value */
} gpu_core_req_t;

/* L1 -> core. */
typedef struct {
    bool valid;
    uint32_t kind;    /* gpu_crsp_kind_t */
    uint64_t wf_mask; /* LOAD: every wavefront whose load completes; ATOMIC: one bit */
    uint64_t line;
    uint32_t data[GPU_MAX_LINE_WORDS]; /* LOAD: the line; ATOMIC: the line before the atomic */
} gpu_core_rsp_t;

/* L1 -> L2 (the crossbar sets src on the way). */
typedef struct {
    bool valid;
    uint32_t kind; /* gpu_req_kind_t */
    uint32_t src;  /* requesting SM: 0 on the L1's output, set by the crossbar at the L2 input */
    uint32_t wf;   /* ATOMIC: the wavefront; else 0 */
    bool acq;      /* ATOMIC: the L1 self-invalidates when the answer arrives; else 0 */
    uint64_t line;
    uint32_t data[GPU_MAX_LINE_WORDS]; /* WT: the bytes (bytes outside mask 0) */
    uint32_t mask[GPU_MASK_WORDS];     /* WT: byte mask (non-zero) */
    uint32_t aop, word, a, b;          /* ATOMIC */
} gpu_req_t;

/* L2 -> L1(s). */
typedef struct {
    bool valid;
    uint32_t kind; /* gpu_rsp_kind_t */
    uint64_t dst;  /* destination SM mask (DATA may name several SMs; ACK and ATOM one) */
    uint32_t wf;   /* ATOM: the request's wf; else 0 */
    bool acq;      /* ATOM: the request's acq; else 0 */
    uint64_t line;
    uint32_t data[GPU_MAX_LINE_WORDS]; /* DATA: the line; ATOM: the line before the atomic */
} gpu_rsp_t;

/* L1 -> L1s (peer network; the network stamps src; dst is an SM mask, the sender included
 * when named). */
typedef struct {
    bool valid;
    uint32_t kind; /* gpu_peer_kind_t */
    uint32_t src;  /* the sending SM: 0 on the L1's output, stamped by the network */
    uint64_t dst;  /* destination SM mask: a command ALL, a BACK 1 << the command's src */
} gpu_peer_t;

/* L2 -> DRAM: a fetch and a write-back may both be issued in one cycle. */
typedef struct {
    bool fetch;
    uint64_t fetch_line;
    bool wb;
    uint64_t wb_line;
    uint32_t wb_data[GPU_MAX_LINE_WORDS];
} gpu_mem_req_t;

/* DRAM -> L2. */
typedef struct {
    bool valid;
    uint64_t line;
    uint32_t data[GPU_MAX_LINE_WORDS];
} gpu_mem_rsp_t;

/* The small and the paper configuration (docs/units/gpu/gpu_l1.md section 1). */
gpu_desc_t gpu_desc_default(gpu_variant_t v);
gpu_desc_t gpu_desc_small(gpu_variant_t v);
/* 0 = legal; else 1 and a message naming the unit, the parameter and its legal range. */
int gpu_check_desc(const gpu_desc_t* d, char* msg, size_t msg_len);

#if defined(__GNUC__) || defined(__clang__)
#define GPU_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define GPU_PRINTF_LIKE(f, a)
#endif

/* For the units' descriptor checks (gpu_l1_check_desc, gpu_l2_check_desc) and model builds:
 * writes the message (printf format) into msg when msg is not NULL and msg_len > 0; returns 1. */
int gpu_param_error(char* msg, size_t msg_len, const char* fmt, ...) GPU_PRINTF_LIKE(3, 4);

/* Bank of a line (NumBanks a power of 2), and the line's words. */
static inline uint32_t gpu_bank_of(const gpu_desc_t* d, uint64_t line) {
    return (uint32_t)(line & (d->num_banks - 1u));
}
static inline uint32_t gpu_line_words(const gpu_desc_t* d) {
    return d->line_bytes / 4u;
}

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GPU_TYPES_H */
