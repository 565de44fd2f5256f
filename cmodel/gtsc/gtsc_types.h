/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_types.h -- parameters and messages shared by the G-TSC units (gtsc_l1, the gtsc_l2 bank,
 * the global overflow unit gtsc_ovf) and the system harness: G-TSC and G-TSC-SC of seed 003
 * (docs/units/gtsc/gtsc.md, gtsc_l1.md, gtsc_l2.md). Written from the specification only. Plain
 * data: no behaviour.
 *
 * Conventions (the GPU family's): messages carry LINE addresses; data of a line: LW = LineBytes /
 * 4 words of 32 bits, word 0 = bytes 0..3; byte masks: LineBytes bits in 32-bit words; every
 * field a message kind does not name is 0, and every payload of a valid 0 is 0 (gtsc.md
 * section 4). Timestamps are TsWidth-bit unsigned values held in uint32_t.
 */
#ifndef GPUCOH_GTSC_TYPES_H
#define GPUCOH_GTSC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GTSC_MAX_SM         64u
#define GTSC_MAX_WF         64u
#define GTSC_MAX_BANKS      16u
#define GTSC_MAX_L1_MSHRS   64u /* L1Mshrs <= 64 (gtsc_l1_check_desc) */
#define GTSC_MAX_LINE_BYTES 128u
#define GTSC_MAX_LINE_WORDS (GTSC_MAX_LINE_BYTES / 4u)  /* 32 */
#define GTSC_MASK_WORDS     (GTSC_MAX_LINE_BYTES / 32u) /* 4 */
#define GTSC_SEL_MAX        8u /* line indices a partial state read may name (L1s, banks) */

/* Variants (gtsc.md section 2): the parameter Sc. */
typedef enum { GTSC = 0, GTSC_SC = 1 } gtsc_variant_t;

/* Encodings (gtsc.md section 14, gtsc_pkg). */
typedef enum {
    GTSC_OP_NONE = 0,
    GTSC_OP_LOAD = 1,
    GTSC_OP_STORE = 2,
    GTSC_OP_ATOMIC = 3
} gtsc_op_t;
typedef enum {
    GTSC_CRSP_NONE = 0,
    GTSC_CRSP_LOAD = 1,
    GTSC_CRSP_ATOMIC = 2,
    GTSC_CRSP_STORE = 3
} gtsc_crsp_t;
typedef enum { GTSC_REQ_NONE = 0, GTSC_REQ_RD = 1, GTSC_REQ_WR = 2, GTSC_REQ_AT = 3 } gtsc_req_t;
typedef enum {
    GTSC_RSP_NONE = 0,
    GTSC_RSP_FILL = 1,
    GTSC_RSP_RNW = 2,
    GTSC_RSP_WACK = 3,
    GTSC_RSP_AACK = 4
} gtsc_rsp_t;
typedef enum { GTSC_L1_I = 0, GTSC_L1_V = 1, GTSC_L1_P = 2 } gtsc_l1_st_t;
typedef enum { GTSC_MK_RD = 0, GTSC_MK_WR = 1, GTSC_MK_AT = 2, GTSC_MK_SV = 3 } gtsc_mk_t;
typedef enum { GTSC_L2_I = 0, GTSC_L2_V = 1, GTSC_L2_D = 2, GTSC_L2_P = 3 } gtsc_l2_st_t;
/* Atomic codes: gpucoh_atom_pkg's ADD 0, EXCH 1, CAS 2; 3 is illegal. */
typedef enum { GTSC_AOP_ADD = 0, GTSC_AOP_EXCH = 1, GTSC_AOP_CAS = 2 } gtsc_aop_t;

/* ---- parameters (gtsc.md section 3) -------------------------------------------------------- */
typedef struct {
    uint32_t sc;           /* Sc, 0..1 */
    uint32_t num_sm;       /* NumSm, 1..64 */
    uint32_t num_wf;       /* NumWf, 1..64 */
    uint32_t num_banks;    /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t line_bytes;   /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width;   /* AddrWidth, 16..48 */
    uint32_t l1_sets;      /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;      /* L1Ways, 1..8 */
    uint32_t l1_mshrs;     /* L1Mshrs, 1..64 */
    uint32_t l1_queue;     /* L1Queue, 1..8 */
    uint32_t wf_cnt_width; /* WfCntWidth, 2..8 */
    uint32_t l2_sets;      /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;      /* L2Ways, 1..16 */
    uint32_t l2_mshrs;     /* L2Mshrs, 1..64 */
    uint32_t l2_queue;     /* L2Queue, 1..8 */
    uint32_t ts_width;     /* TsWidth, 6..32 */
    uint32_t lease;        /* Lease (even banks), 1..floor((TsMax - 2) / 2) */
    uint32_t lease_odd;    /* LeaseOdd (odd banks), 1..floor((TsMax - 2) / 2) */
    uint32_t ep_width;     /* EpWidth, 1..8 */
    uint32_t spin_hits;    /* SpinHits, 0..255 (the L1's spin bump T12; 0: none) */
} gtsc_desc_t;

/* ---- messages (gtsc.md section 4) ---------------------------------------------------------- */

/* req: L1 -> bank. src is stamped by the system (0 on an L1's output). */
typedef struct {
    bool valid;
    uint32_t kind; /* gtsc_req_t */
    uint32_t src;  /* 6 bits */
    uint32_t wf;   /* 6 bits */
    uint64_t line;
    uint32_t wts;     /* RD: 0 or the copy's wts; WR: the locked copy's wts or 0 */
    uint32_t warp_ts; /* RD: the largest of its warps; WR, AT: the warp's */
    uint32_t ep;
    uint32_t data[GTSC_MAX_LINE_WORDS]; /* WR: the bytes under mask, 0 elsewhere */
    uint32_t mask[GTSC_MASK_WORDS];     /* WR */
    uint32_t aop, word, a, b;           /* AT */
} gtsc_req_msg_t;

/* rsp: bank -> one L1. */
typedef struct {
    bool valid;
    uint32_t kind; /* gtsc_rsp_t */
    uint64_t dst;  /* one-hot SM mask (the bank's output only) */
    uint32_t wf;
    uint64_t line;
    uint32_t wts; /* FILL: the line's; WACK, AACK: ST_ts */
    uint32_t rts;
    bool keep; /* WACK */
    uint32_t ep;
    uint32_t data[GTSC_MAX_LINE_WORDS]; /* FILL: the line; AACK: the line before */
} gtsc_rsp_msg_t;

/* Core -> L1 (counts only when core_ready was 1). */
typedef struct {
    bool valid;
    uint32_t op; /* gtsc_op_t */
    uint32_t wf;
    uint64_t line;
    uint32_t data[GTSC_MAX_LINE_WORDS];
    uint32_t mask[GTSC_MASK_WORDS];
    uint32_t aop, word, a, b;
} gtsc_core_req_t;

/* L1 -> core. */
typedef struct {
    bool valid;
    uint32_t kind; /* gtsc_crsp_t */
    uint64_t wf_mask;
    uint64_t line;
    uint32_t data[GTSC_MAX_LINE_WORDS];
} gtsc_core_rsp_t;

/* Bank -> DRAM: a fetch and a write-back may go in one edge. */
typedef struct {
    bool fetch;
    uint64_t fetch_line;
    bool wb;
    uint64_t wb_line;
    uint32_t wb_data[GTSC_MAX_LINE_WORDS];
} gtsc_mem_req_t;

/* DRAM -> bank. */
typedef struct {
    bool valid;
    uint64_t line;
    uint32_t data[GTSC_MAX_LINE_WORDS];
} gtsc_mem_rsp_t;

/* The thesis (Table 3.3) and the small configuration of a variant (gtsc.md section 3). */
gtsc_desc_t gtsc_desc_default(gtsc_variant_t v);
gtsc_desc_t gtsc_desc_small(gtsc_variant_t v);
/* 0 = legal; else 1 and the first refusing unit's message (gtsc_l1 first, then gtsc_l2, then the
 * family's Lease / LeaseOdd). */
int gtsc_check_desc(const gtsc_desc_t* d, char* msg, size_t msg_len);
/* The lease of bank b (D3): Lease for an even b, LeaseOdd for an odd one. */
uint32_t gtsc_bank_lease(const gtsc_desc_t* d, uint32_t b);

/* "RD", "FILL", ...; "NONE" for 0, "?" for a code with no kind. */
const char* gtsc_req_kind_name(uint32_t kind);
const char* gtsc_rsp_kind_name(uint32_t kind);

#if defined(__GNUC__) || defined(__clang__)
#define GTSC_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define GTSC_PRINTF_LIKE(f, a)
#endif

/* Writes the message into msg (when msg != NULL and msg_len > 0); returns 1. */
int gtsc_param_error(char* msg, size_t msg_len, const char* fmt, ...) GTSC_PRINTF_LIKE(3, 4);

static inline uint32_t gtsc_bank_of(const gtsc_desc_t* d, uint64_t line) {
    return (uint32_t)(line & (d->num_banks - 1u));
}
/* TsMax = 2^TsWidth - 1 (TsWidth 6..32). */
static inline uint32_t gtsc_ts_max(uint32_t ts_width) {
    return (uint32_t)((((uint64_t)1) << ts_width) - 1u);
}
/* sat(x) = min(x, TsMax) on a sum computed one bit wider (gtsc_l2 R4). */
static inline uint32_t gtsc_sat(uint64_t x, uint32_t ts_max) {
    return x > ts_max ? ts_max : (uint32_t)x;
}
static inline uint32_t gtsc_max(uint32_t a, uint32_t b) {
    return a > b ? a : b;
}

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GTSC_TYPES_H */
