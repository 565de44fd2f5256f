/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_types.h -- parameters and messages shared by the DeNovo units (denovo_l1, the denovo_l2
 * registry bank) and the system harness: DeNovo-D, DeNovo-D+RO and DeNovo-H of seed 002
 * (docs/units/denovo/denovo.md, denovo_l1.md, denovo_l2.md). Plain data: no behaviour.
 *
 * Conventions (the GPU family's, cmodel/gpu/gpu_types.h):
 *  - messages carry LINE addresses; data of a line: LW = LineBytes / 4 words of 32 bits, word 0 =
 *    bytes 0..3; word masks: LW bits (bit w = word w); byte masks: LineBytes bits;
 *  - every field a message kind does not name is 0, and every payload of a valid 0 is 0.
 */
#ifndef GPUCOH_DENOVO_TYPES_H
#define GPUCOH_DENOVO_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DENOVO_MAX_SM         64u
#define DENOVO_MAX_WF         64u
#define DENOVO_MAX_BANKS      16u
#define DENOVO_MAX_LINE_BYTES 128u
#define DENOVO_MAX_LINE_WORDS (DENOVO_MAX_LINE_BYTES / 4u)  /* 32 */
#define DENOVO_MASK_WORDS     (DENOVO_MAX_LINE_BYTES / 32u) /* 4: byte-mask words */

/* Variants (denovo.md section 1): L1 parameters Hrf and Ro. */
typedef enum { DENOVO_D = 0, DENOVO_D_RO = 1, DENOVO_H = 2 } denovo_variant_t;

/* Core -> L1 operations: the GPU family's values. */
typedef enum {
    DENOVO_OP_NONE = 0,
    DENOVO_OP_LOAD = 1,   /* acq = 1: acquire load; ro: read-only opcode bit; all: whole line */
    DENOVO_OP_STORE = 2,  /* byte-masked store; rel = 1: release store (after its fence) */
    DENOVO_OP_ATOMIC = 3, /* word atomic; acq = 1: acquire or acq_rel order */
    DENOVO_OP_FENCE = 4,  /* acquire-release fence */
} denovo_op_t;

typedef enum { DENOVO_AOP_ADD = 0, DENOVO_AOP_EXCH = 1, DENOVO_AOP_CAS = 2 } denovo_aop_t;

/* Message kinds, one enum for all four networks (denovo.md section 3). */
typedef enum {
    DENOVO_MSG_NONE = 0,
    DENOVO_MSG_GETS = 1,   /* req: read the line */
    DENOVO_MSG_REG = 2,    /* req: register mask; pmask bit 0 = sync */
    DENOVO_MSG_WB = 3,     /* wb: owned words written back; pmask bit 0 = recall */
    DENOVO_MSG_DONE = 4,   /* wb: the registration of mask is complete */
    DENOVO_MSG_DATA = 5,   /* rsp: a GETS's answer (mask: owner ids in data) */
    DENOVO_MSG_REGD = 6,   /* rsp: a REG's answer (pmask: previous owners in data) */
    DENOVO_MSG_WBACK = 7,  /* rsp: a (non-recall) WB was taken */
    DENOVO_MSG_RECALL = 8, /* rsp: the registry evicts the line: owners write back */
    DENOVO_MSG_PDATA = 9,  /* peer: an owner's words for a reader */
    DENOVO_MSG_XFER = 10,  /* peer: a previous owner's words for the new owner */
    DENOVO_MSG_DACK = 11,  /* rsp: the registry took the sender's DONE (D17) */
} denovo_msg_kind_t;

/* L1 word states (denovo_word_st_e). */
typedef enum { DENOVO_W_I = 0, DENOVO_W_V = 1, DENOVO_W_R = 2, DENOVO_W_VO = 3 } denovo_word_st_t;

/* Registry line states (denovo_l2_st_e). */
typedef enum { DENOVO_L2_I = 0, DENOVO_L2_V = 1, DENOVO_L2_D = 2, DENOVO_L2_P = 3 } denovo_l2_st_t;

/* L1 -> core. */
typedef enum {
    DENOVO_CRSP_NONE = 0,
    DENOVO_CRSP_LOAD = 1,
    DENOVO_CRSP_ATOMIC = 2
} denovo_crsp_kind_t;

/* ---- parameters (denovo_l1.md and denovo_l2.md section 1) ----------------------------------- */
typedef struct {
    uint32_t hrf;        /* Hrf, 0..1 (L1) */
    uint32_t ro;         /* Ro, 0..1, 0 with Hrf = 1 (L1) */
    uint32_t num_sm;     /* NumSm, 1..64 (both) */
    uint32_t num_wf;     /* NumWf, 1..64 (L1) */
    uint32_t num_banks;  /* NumBanks, 1, 2, 4, 8, 16 (L2) */
    uint32_t line_bytes; /* LineBytes, 16, 32, 64, 128 (both) */
    uint32_t addr_width; /* AddrWidth, 16..48 (both) */
    uint32_t l1_sets;    /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;    /* L1Ways, 1..8 */
    uint32_t l1_queue;   /* L1Queue, 1..8 */
    uint32_t sb_entries; /* SbEntries, 1..256 */
    uint32_t sb_idle;    /* SbIdle, 1..65535 */
    uint32_t mshrs;      /* Mshrs, 1..32 (L1) */
    uint32_t wb_entries; /* WbEntries, 1..8 (L1 write-back buffer) */
    uint32_t l2_sets;    /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;    /* L2Ways, 1..16 */
    uint32_t l2_mshrs;   /* L2Mshrs, 1..64 */
    uint32_t l2_queue;   /* L2Queue, 1..8: request FIFO */
    uint32_t wb_queue;   /* WbQueue, 1..8: write-back FIFO */
} denovo_desc_t;

/* ---- messages -------------------------------------------------------------------------------- */

/* One message of any network (denovo.md section 3). On the `peer` output of an L1, dst is the
 * destination SM's id (port peer_dst_o, 6 bits); on the bank's `rsp` output it is an SM mask. */
typedef struct {
    bool valid;
    uint32_t kind; /* denovo_msg_kind_t */
    uint32_t src;  /* sender SM (set by the network at the destination; 0 on an L1's output) */
    uint64_t dst;  /* rsp: SM mask; peer: SM id */
    uint32_t req;  /* DATA, REGD: the requester */
    uint64_t line;
    uint32_t mask;  /* LW bits */
    uint32_t pmask; /* LW bits (REG, WB: bit 0 only) */
    uint32_t data[DENOVO_MAX_LINE_WORDS];
} denovo_msg_t;

/* Core -> L1 (counts only when core_ready was 1). */
typedef struct {
    bool valid;
    uint32_t op;   /* denovo_op_t */
    uint32_t wf;   /* 0..NumWf-1 */
    uint64_t line; /* FENCE: ignored */
    bool gpu;      /* scope gpu (DeNovo-D, D+RO ignore it: every scope is gpu) */
    bool acq;      /* LOAD: acquire load; ATOMIC: acquire / acq_rel order */
    bool rel;      /* STORE: release store */
    bool ro;       /* LOAD: read-only opcode bit (D11) */
    bool all;      /* LOAD: every word of the line needed; else word */
    uint32_t word; /* LOAD, ATOMIC, release STORE: the word (mod LW) */
    uint32_t data[DENOVO_MAX_LINE_WORDS]; /* STORE: the line image */
    uint32_t mask[DENOVO_MASK_WORDS];     /* STORE: byte mask */
    uint32_t aop;                         /* ATOMIC: denovo_aop_t */
    uint32_t a, b;                        /* ATOMIC operands */
} denovo_core_req_t;

/* L1 -> core. */
typedef struct {
    bool valid;
    uint32_t kind;    /* denovo_crsp_kind_t */
    uint64_t wf_mask; /* LOAD: every waiting wavefront; ATOMIC: one bit */
    uint64_t line;
    uint32_t data[DENOVO_MAX_LINE_WORDS]; /* LOAD: the line; ATOMIC: the line before */
} denovo_core_rsp_t;

/* Bank -> DRAM: a fetch and a write-back may go in one edge. */
typedef struct {
    bool fetch;
    uint64_t fetch_line;
    bool wb;
    uint64_t wb_line;
    uint32_t wb_data[DENOVO_MAX_LINE_WORDS];
} denovo_mem_req_t;

/* DRAM -> bank. */
typedef struct {
    bool valid;
    uint64_t line;
    uint32_t data[DENOVO_MAX_LINE_WORDS];
} denovo_mem_rsp_t;

/* The small and the paper configuration of a variant (the pages' section 1). */
denovo_desc_t denovo_desc_default(denovo_variant_t v);
denovo_desc_t denovo_desc_small(denovo_variant_t v);
/* 0 = legal; else 1 and the first refusing unit's message (denovo_l1 first, then denovo_l2). */
int denovo_check_desc(const denovo_desc_t* d, char* msg, size_t msg_len);

#if defined(__GNUC__) || defined(__clang__)
#define DENOVO_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define DENOVO_PRINTF_LIKE(f, a)
#endif

/* Writes the message into msg (when msg != NULL and msg_len > 0); returns 1. */
int denovo_param_error(char* msg, size_t msg_len, const char* fmt, ...) DENOVO_PRINTF_LIKE(3, 4);

static inline uint32_t denovo_bank_of(const denovo_desc_t* d, uint64_t line) {
    return (uint32_t)(line & (d->num_banks - 1u));
}
static inline uint32_t denovo_line_words(const denovo_desc_t* d) {
    return d->line_bytes / 4u;
}

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_DENOVO_TYPES_H */
