/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_types.h -- parameters and messages shared by the hLRC units (hlrc_l1, the hlrc_l2 bank)
 * and the system harness: hLRC and hLRC-scoped of seed 000 (docs/units/hlrc/hlrc.md,
 * hlrc_l1.md, hlrc_l2.md). Written from the specification only. Plain data: no behaviour.
 *
 * Conventions (the GPU family's, cmodel/gpu/gpu_types.h):
 *  - messages carry LINE addresses; data of a line: LW = LineBytes / 4 words of 32 bits, word 0 =
 *    bytes 0..3; byte masks: LineBytes bits (bit b = byte b), in 32-bit words;
 *  - every field a message kind does not name is 0, and every payload of a valid 0 is 0
 *    (hlrc.md section 3).
 */
#ifndef GPUCOH_HLRC_TYPES_H
#define GPUCOH_HLRC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HLRC_MAX_SM         64u
#define HLRC_MAX_WF         64u
#define HLRC_MAX_BANKS      16u
#define HLRC_MAX_LINE_BYTES 128u
#define HLRC_MAX_LINE_WORDS (HLRC_MAX_LINE_BYTES / 4u)  /* 32 */
#define HLRC_MASK_WORDS     (HLRC_MAX_LINE_BYTES / 32u) /* 4: byte-mask words */

/* Variants (hlrc.md section 1): the L1 parameter Scoped. */
typedef enum { HLRC = 0, HLRC_SCOPED = 1 } hlrc_variant_t;

/* Core -> L1 operations: the GPU family's values (hlrc_l1.md section 2). */
typedef enum {
    HLRC_OP_NONE = 0,
    HLRC_OP_LOAD = 1,   /* acq = 1: acquire load (Atomic LD) */
    HLRC_OP_STORE = 2,  /* byte-masked store; rel = 1: release store (Atomic ST) */
    HLRC_OP_ATOMIC = 3, /* word atomic (Atomic RMW, whatever its order, D3) */
    HLRC_OP_FENCE = 4,
} hlrc_op_t;

/* Atomic codes: gpucoh_atom_pkg's ADD 0, EXCH 1, CAS 2, and hlrc_pkg's AopNone 3. */
typedef enum {
    HLRC_AOP_ADD = 0,
    HLRC_AOP_EXCH = 1,
    HLRC_AOP_CAS = 2,
    HLRC_AOP_NONE = 3
} hlrc_aop_t;

/* Message kinds, one enum for all four networks (hlrc_msg_kind_e, hlrc.md section 3). */
typedef enum {
    HLRC_MSG_NONE = 0,
    HLRC_MSG_GETS = 1,    /* req: read the line */
    HLRC_MSG_WT = 2,      /* req: write the masked bytes */
    HLRC_MSG_REG = 3,     /* sync: registration of the line */
    HLRC_MSG_ATOMIC = 4,  /* sync: a GPU-scope synchronizing access at the bank (Scoped) */
    HLRC_MSG_RACK = 5,    /* wb: the answer to one REVOKE */
    HLRC_MSG_EVICT = 6,   /* wb: registration given up by the L1 */
    HLRC_MSG_DATA = 7,    /* rsp: the answer to GETS */
    HLRC_MSG_ACK = 8,     /* rsp: one WT performed */
    HLRC_MSG_GRANT = 9,   /* rsp: the answer to REG, with the line */
    HLRC_MSG_ATOM = 10,   /* rsp: the answer to ATOMIC, the line before */
    HLRC_MSG_REVOKE = 11, /* rsp: the bank wants the line back */
    HLRC_MSG_EACK = 12,   /* rsp: the bank took the EVICT */
} hlrc_msg_kind_t;
#define HLRC_MSG_KINDS 13u

/* L1 line states (hlrc_l1_st_e). */
typedef enum { HLRC_L1_I = 0, HLRC_L1_V = 1, HLRC_L1_R = 2 } hlrc_l1_st_t;

/* Bank line states (hlrc_l2_st_e, gpu_l2's). */
typedef enum { HLRC_L2_I = 0, HLRC_L2_V = 1, HLRC_L2_D = 2, HLRC_L2_P = 3 } hlrc_l2_st_t;

/* L1 -> core. */
typedef enum { HLRC_CRSP_NONE = 0, HLRC_CRSP_LOAD = 1, HLRC_CRSP_ATOMIC = 2 } hlrc_crsp_kind_t;

/* Flush-client phases of the L1 (hlrc_l1.md section 3: hph_q, evs_q, rvp_q; hlrc_pkg's
 * hlrc_hph_e, hlrc_evs_e, hlrc_rvp_e, checked by tests/test_encodings.c). */
typedef enum {
    HLRC_HPH_NONE = 0, /* no pre-flush */
    HLRC_HPH_NEXT = 1, /* waits for the next batch */
    HLRC_HPH_CUR = 2,  /* in the current batch */
    HLRC_HPH_DONE = 3  /* done: C22 may send the ATOMIC */
} hlrc_hph_t;
typedef enum {
    HLRC_EVS_NONE = 0,
    HLRC_EVS_NEXT = 1,
    HLRC_EVS_CUR = 2,
    HLRC_EVS_FLUSHED = 3, /* flushed: EVICT to send */
    HLRC_EVS_SENT = 4     /* EVICT sent: waits for the EACK */
} hlrc_evs_t;
typedef enum { HLRC_RVP_NEXT = 1, HLRC_RVP_CUR = 2, HLRC_RVP_FLUSHED = 3 } hlrc_rvp_t;

/* ---- parameters (hlrc_l1.md and hlrc_l2.md section 1) -------------------------------------- */
typedef struct {
    uint32_t scoped;       /* Scoped, 0..1 (L1) */
    uint32_t num_sm;       /* NumSm, 1..64 (bank) */
    uint32_t num_wf;       /* NumWf, 1..64 (L1) */
    uint32_t num_banks;    /* NumBanks, 1, 2, 4, 8, 16 (both) */
    uint32_t line_bytes;   /* LineBytes, 16, 32, 64, 128 (both) */
    uint32_t addr_width;   /* AddrWidth, 16..48 (both) */
    uint32_t l1_sets;      /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;      /* L1Ways, 1..8 */
    uint32_t l1_queue;     /* L1Queue, 1..8 */
    uint32_t sb_entries;   /* SbEntries, 1..256 */
    uint32_t sb_idle;      /* SbIdle, 1..65535 */
    uint32_t wt_cnt_width; /* WtCntWidth, 2..10 */
    uint32_t l2_sets;      /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;      /* L2Ways, 2..16 */
    uint32_t l2_mshrs;     /* L2Mshrs, 1..64 */
    uint32_t l2_queue;     /* L2Queue, 1..8: req FIFO */
    uint32_t sync_queue;   /* SyncQueue, 1..8: sync FIFO */
    uint32_t wb_queue;     /* WbQueue, 1..8: wb FIFO */
} hlrc_desc_t;

/* ---- messages -------------------------------------------------------------------------------- */

/* One message of any network (hlrc.md section 3). src: the sending SM, stamped by the network at
 * the destination (0 on an L1's output); dst: an SM mask, on the bank's output only. */
typedef struct {
    bool valid;
    uint32_t kind; /* hlrc_msg_kind_t */
    uint32_t src;  /* 6 bits */
    uint64_t dst;  /* NumSm bits */
    uint64_t line;
    uint32_t wf;                        /* ATOMIC, ATOM */
    uint32_t word;                      /* ATOMIC (mod LW at the bank) */
    uint32_t aop;                       /* ATOMIC: hlrc_aop_t */
    uint32_t bmask;                     /* ATOMIC: 4 bits, the bytes of the word an EXCH writes */
    uint32_t a, b;                      /* ATOMIC operands */
    uint32_t mask[HLRC_MASK_WORDS];     /* WT: the bytes written */
    uint32_t data[HLRC_MAX_LINE_WORDS]; /* WT: the bytes under mask; DATA, GRANT, ATOM: line */
} hlrc_msg_t;

/* Core -> L1 (counts only when core_ready was 1). */
typedef struct {
    bool valid;
    uint32_t op;                        /* hlrc_op_t */
    uint32_t wf;                        /* 0..NumWf-1 */
    uint64_t line;                      /* FENCE: ignored */
    bool gpu;                           /* scope GPU (read only when Scoped = 1) */
    bool acq;                           /* LOAD: acquire load */
    bool rel;                           /* STORE: release store */
    uint32_t data[HLRC_MAX_LINE_WORDS]; /* STORE: the line image */
    uint32_t mask[HLRC_MASK_WORDS];     /* STORE: byte mask */
    uint32_t aop;                       /* ATOMIC: hlrc_aop_t */
    uint32_t word;                      /* acquire LOAD, release STORE, ATOMIC (mod LW) */
    uint32_t a, b;                      /* ATOMIC operands */
} hlrc_core_req_t;

/* L1 -> core. */
typedef struct {
    bool valid;
    uint32_t kind;    /* hlrc_crsp_kind_t */
    uint64_t wf_mask; /* LOAD: every waiting wavefront; ATOMIC: one bit */
    uint64_t line;
    uint32_t data[HLRC_MAX_LINE_WORDS]; /* LOAD: the line; ATOMIC: the line before */
} hlrc_core_rsp_t;

/* Bank -> DRAM: a fetch and a write-back may go in one edge. */
typedef struct {
    bool fetch;
    uint64_t fetch_line;
    bool wb;
    uint64_t wb_line;
    uint32_t wb_data[HLRC_MAX_LINE_WORDS];
} hlrc_mem_req_t;

/* DRAM -> bank. */
typedef struct {
    bool valid;
    uint64_t line;
    uint32_t data[HLRC_MAX_LINE_WORDS];
} hlrc_mem_rsp_t;

/* The small and the paper configuration of a variant (hlrc.md section 10). */
hlrc_desc_t hlrc_desc_default(hlrc_variant_t v);
hlrc_desc_t hlrc_desc_small(hlrc_variant_t v);
/* 0 = legal; else 1 and the first refusing unit's message (hlrc_l1 first, then hlrc_l2). */
int hlrc_check_desc(const hlrc_desc_t* d, char* msg, size_t msg_len);

/* "GETS", "WT", ... for reports; "NONE" for 0, "?" for a code with no kind. */
const char* hlrc_msg_kind_name(uint32_t kind);
/* The network a kind travels on: "req", "sync", "wb", "rsp"; "?" for none. */
const char* hlrc_msg_kind_net(uint32_t kind);

#if defined(__GNUC__) || defined(__clang__)
#define HLRC_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define HLRC_PRINTF_LIKE(f, a)
#endif

/* Writes the message into msg (when msg != NULL and msg_len > 0); returns 1. */
int hlrc_param_error(char* msg, size_t msg_len, const char* fmt, ...) HLRC_PRINTF_LIKE(3, 4);

static inline uint32_t hlrc_bank_of(const hlrc_desc_t* d, uint64_t line) {
    return (uint32_t)(line & (d->num_banks - 1u));
}
static inline uint32_t hlrc_line_words(const hlrc_desc_t* d) {
    return d->line_bytes / 4u;
}

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_HLRC_TYPES_H */
