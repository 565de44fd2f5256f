/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_types.h -- parameters and messages shared by the Temporal Coherence units (tc_timer,
 * tc_gwct, tc_l1, tc_l2) and the system harness. Specification: docs/system.md sections 1-3 and
 * docs/units/tc_*.md. Everything here is plain data: no behaviour.
 *
 * Conventions (docs/system.md section 1):
 *  - time: now >= 1; a timestamp value 0 is "expired forever"; L1 line valid iff lTS >= now;
 *    L2 line expired iff gTS < now; fence GWCT condition iff GWCT < now.
 *  - messages carry LINE addresses (byte address >> log2(LineBytes)).
 *  - data of a line: LineBytes / 4 words of 32 bits, word 0 = bytes 0..3 (little-endian);
 *    byte masks: bit b = byte b.
 *  - every payload field of a message whose valid is 0 is 0.
 */
#ifndef GPUCOH_TC_TYPES_H
#define GPUCOH_TC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TC_MAX_SM         64u
#define TC_MAX_WF         64u
#define TC_MAX_BANKS      16u
#define TC_MAX_LINE_BYTES 128u
#define TC_MAX_LINE_WORDS (TC_MAX_LINE_BYTES / 4u)  /* 32 */
#define TC_MASK_WORDS     (TC_MAX_LINE_BYTES / 32u) /* 4: byte-mask words */

/* Protocol (parameter Protocol). */
/* TC_WEAK_C: cumulative TC-Weak (docs/units/tc/tc_l1.md section 12, tc_l2.md section 13). */
typedef enum { TC_STRONG = 0, TC_WEAK = 1, TC_WEAK_C = 2 } tc_protocol_t;

/* Lease source (parameter LeaseMode). */
typedef enum { TC_LEASE_FIXED = 0, TC_LEASE_PREDICT = 1 } tc_lease_mode_t;

/* Core -> L1 operations. */
typedef enum { TC_OP_NONE = 0, TC_OP_LOAD = 1, TC_OP_STORE = 2, TC_OP_ATOMIC = 3 } tc_op_t;

/* Atomic operations (one 32-bit word). */
typedef enum { TC_AOP_ADD = 0, TC_AOP_EXCH = 1, TC_AOP_CAS = 2 } tc_aop_t;

/* L1 -> L2 request kinds. */
typedef enum {
    TC_REQ_NONE = 0,
    TC_REQ_GETS = 1,
    TC_REQ_GETX = 2,
    TC_REQ_UPGR = 3,
    TC_REQ_ATOMIC = 4,
} tc_req_kind_t;

/* L2 -> L1 response kinds. */
typedef enum {
    TC_RSP_NONE = 0,
    TC_RSP_DATA = 1,   /* reply to GETS: data + lease (ts) */
    TC_RSP_DATA_G = 2, /* write reply with data + GWCT (stale UPGR), or atomic reply (atomic=1) */
    TC_RSP_ACK = 3,    /* write done, no GWCT */
    TC_RSP_ACK_G = 4,  /* write done + GWCT (ts) */
    TC_RSP_DATA_W = 5, /* TC-Weak-C reply to GETS: data, not to be cached; older copies may
                          be valid until ts, which the readers owe (tc_l2.md N3/N4) */
} tc_rsp_kind_t;

/* Core-side response kinds (L1 -> core). */
typedef enum { TC_CRSP_NONE = 0, TC_CRSP_LOAD = 1, TC_CRSP_ATOMIC = 2 } tc_crsp_kind_t;

/* ---- parameters (docs/system.md section 2) ------------------------------------------------ */
typedef struct {
    uint32_t protocol;       /* Protocol: tc_protocol_t */
    uint32_t num_sm;         /* NumSm, 1..64 */
    uint32_t num_wf;         /* NumWf, 1..64 */
    uint32_t num_banks;      /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t line_bytes;     /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width;     /* AddrWidth: byte-address bits, 16..48 */
    uint32_t l1_sets;        /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;        /* L1Ways, 1..8 */
    uint32_t l2_sets;        /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;        /* L2Ways, 1..16 */
    uint32_t l2_mshrs;       /* L2Mshrs, 2..128 */
    uint32_t ts_width;       /* TsWidth, 8..32 */
    uint32_t l1_queue;       /* L1Queue, 1..8: core request FIFO depth */
    uint32_t l2_queue;       /* L2Queue, 1..8: L2 request FIFO depth */
    uint32_t wf_cnt_width;   /* WfCntWidth, 2..8: outstanding writes+atomics per wavefront */
    uint32_t gwct_obl_port;  /* tc_gwct's OblPort, 0..1 (default 1; tc_gwct.md G7) */
    uint32_t line_cnt_width; /* LineCntWidth, 2..8: pending writes+atomics per L1 line */
    uint32_t lease_mode;     /* LeaseMode: tc_lease_mode_t */
    uint32_t lease;          /* Lease: fixed lifetime in cycles, 0..2^TsWidth-2 */
    uint32_t pred_init;      /* PredInit: predictor reset value, PredMin..PredMax */
    uint32_t pred_min;       /* PredMin */
    uint32_t pred_max;       /* PredMax, <= 2^TsWidth-2 */
    uint32_t t_hit;          /* THit (4) */
    uint32_t t_evict;        /* TEvict (8) */
    uint32_t t_write;        /* TWrite (8) */
    uint32_t use_t_write;    /* UseTWrite, 0/1 */
} tc_desc_t;

/* ---- messages (docs/system.md section 3) -------------------------------------------------- */

/* Core -> L1 (one per cycle; counts only when the L1's core_ready was 1). */
typedef struct {
    bool valid;
    uint32_t op;                      /* tc_op_t */
    uint32_t wf;                      /* 0..NumWf-1 */
    uint64_t line;                    /* line address */
    uint32_t data[TC_MAX_LINE_WORDS]; /* STORE: the line image; bytes outside mask are 0 */
    uint32_t mask[TC_MASK_WORDS];     /* STORE: byte mask (non-zero) */
    uint32_t aop;                     /* ATOMIC: tc_aop_t */
    uint32_t word;                    /* ATOMIC: word index in the line */
    uint32_t a;                       /* ATOMIC: ADD addend, EXCH value, CAS compare value */
    uint32_t b;                       /* ATOMIC: CAS swap value */
} tc_core_req_t;

/* L1 -> core. */
typedef struct {
    bool valid;
    uint32_t kind;    /* tc_crsp_kind_t */
    uint64_t wf_mask; /* LOAD: every wavefront whose load completes; ATOMIC: one bit */
    uint64_t line;
    uint32_t data[TC_MAX_LINE_WORDS]; /* LOAD: the line; ATOMIC: the line before the atomic */
} tc_core_rsp_t;

/* L1 -> L2 (the crossbar adds src on the way). */
typedef struct {
    bool valid;
    uint32_t kind; /* tc_req_kind_t */
    uint32_t src;  /* requesting SM: 0 on the L1's output, set by the crossbar at the L2 input */
    uint32_t wf;   /* GETX/UPGR/ATOMIC: the wavefront; GETS: 0 */
    uint64_t line;
    bool exp;     /* GETS: the L1 had the tag with an expired lease (predictor hint) */
    uint32_t ts;  /* UPGR: the L1 line's lTS */
    uint32_t era; /* UPGR: era of ts (0/1) */
    uint32_t data[TC_MAX_LINE_WORDS]; /* GETX/UPGR: store image (bytes outside mask 0) */
    uint32_t mask[TC_MASK_WORDS];     /* GETX/UPGR: byte mask */
    uint32_t aop, word, a, b;         /* ATOMIC */
} tc_req_t;

/* L2 -> L1(s). */
typedef struct {
    bool valid;
    uint32_t kind; /* tc_rsp_kind_t */
    uint64_t dst;  /* destination SM mask (DATA may name several SMs; the rest exactly one) */
    uint32_t wf;   /* DATA_G/ACK/ACK_G: the writer's wavefront; DATA: 0 */
    bool atomic;   /* DATA_G replying to an ATOMIC */
    uint64_t line;
    uint32_t ts; /* DATA: the lease (lTS); DATA_G/ACK_G: the GWCT; DATA_W: the obligation; ACK: 0 */
    uint32_t era;                     /* era of ts */
    uint32_t data[TC_MAX_LINE_WORDS]; /* DATA, DATA_G */
} tc_rsp_t;

/* L2 -> DRAM: a fetch and a writeback may both be issued in one cycle. */
typedef struct {
    bool fetch;
    uint64_t fetch_line;
    bool wb;
    uint64_t wb_line;
    uint32_t wb_data[TC_MAX_LINE_WORDS];
} tc_mem_req_t;

/* DRAM -> L2. */
typedef struct {
    bool valid;
    uint64_t line;
    uint32_t data[TC_MAX_LINE_WORDS];
} tc_mem_rsp_t;

/* Global time, driven by tc_timer into every unit. */
typedef struct {
    uint32_t now; /* 1 .. 2^TsWidth-1 */
    uint32_t era; /* toggles at every rollover */
    bool roll;    /* 1 in the last cycle before now wraps to 1 (now == 2^TsWidth-1) */
} tc_time_t;

tc_desc_t tc_desc_default(tc_protocol_t p); /* docs/system.md section 2 defaults */
/* 0 = valid; else writes a message naming the parameter and its legal range. */
int tc_check_desc(const tc_desc_t* d, char* msg, size_t msg_len);

#if defined(__GNUC__) || defined(__clang__)
#define TC_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define TC_PRINTF_LIKE(f, a)
#endif

/* For the parameter checks of the units' descriptors (tc_*_check_desc): writes the message
 * (printf format) into msg when msg is not NULL and msg_len > 0; returns 1. */
int tc_param_error(char* msg, size_t msg_len, const char* fmt, ...) TC_PRINTF_LIKE(3, 4);

/* Derived values. */
static inline uint32_t tc_line_words(const tc_desc_t* d) {
    return d->line_bytes / 4u;
}
/* 2^TsWidth-1 for a TsWidth of w bits. */
static inline uint32_t tc_ts_max_w(uint32_t w) {
    return w >= 32u ? 0xffffffffu : ((1u << w) - 1u);
}
static inline uint32_t tc_ts_max(const tc_desc_t* d) {
    return tc_ts_max_w(d->ts_width);
}
/* Saturating now + x, capped at 2^TsWidth-1 (docs/system.md rule C3), TsWidth = w. */
static inline uint32_t tc_ts_add_w(uint32_t w, uint32_t now, uint32_t x) {
    const uint64_t s = (uint64_t)now + x;
    return s > tc_ts_max_w(w) ? tc_ts_max_w(w) : (uint32_t)s;
}
static inline uint32_t tc_ts_add(const tc_desc_t* d, uint32_t now, uint32_t x) {
    return tc_ts_add_w(d->ts_width, now, x);
}
/* Bank of a line, and the line address as the bank's index space sees it. */
static inline uint32_t tc_bank_of(const tc_desc_t* d, uint64_t line) {
    return (uint32_t)(line & (d->num_banks - 1u));
}

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_TC_TYPES_H */
