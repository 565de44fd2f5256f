/* SPDX-License-Identifier: Apache-2.0 */
/*
 * avu.h -- C reference model of the Access Validation Unit (docs/units/sig/avu.md).
 *
 * One avu_tick() call is one rising clock edge (docs/timing.md). Written from the
 * specification, not from rtl/sig/avu.sv. Hashing and unit splitting are sig_bloom's and rdu's
 * (sig_bloom_indices(), rdu_umask(), rdu_unit_addr()).
 *
 *               +-------------------------------------+
 *  op_*       =>| op reg -> classify -> test engine   |=> res_* , ready_o
 *  rsp_*      =>| sig[m] (AVU signature), E, lines[] |=> cmt_* , rsp_ready_o
 *               | spec queue [D]                      |=> epoch_o, pending_o
 *               +-------------------------------------+
 */
#ifndef GPUCOH_AVU_H
#define GPUCOH_AVU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdu.h"
#include "sig_bloom.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AVU_MAX_LINES 1024u
#define AVU_MAX_SPEC  32u

typedef enum {
    AVU_RES_HIT = 0,
    AVU_RES_MISS = 1,
    AVU_RES_AVU_MISS = 2,
    AVU_RES_EXPIRED = 3,
    AVU_RES_STORE = 4
} avu_res_kind_t;

typedef enum { AVU_ST_IDLE = 0, AVU_ST_TEST = 1, AVU_ST_LOAD = 2, AVU_ST_VALIDATE = 3 } avu_st_t;

typedef enum {
    AVU_OK = 0,
    AVU_ERR_LINE,      /* line not 32, 64, 128 or 256 */
    AVU_ERR_LINES,     /* lines not a power of two in 4..1024 */
    AVU_ERR_EPOCH,     /* epoch_width not in 2..8 */
    AVU_ERR_HIT_LIMIT, /* hit_limit not in 1..15 */
    AVU_ERR_SPEC,      /* spec_depth not in 1..32 */
    AVU_ERR_OUT_MAX,   /* out_max not in 1..255 */
    AVU_ERR_ID_WIDTH,  /* id_width not in 1..32 */
    AVU_ERR_SIG,       /* a signature parameter rejected by sig_bloom_check_desc() */
    AVU_ERR_NULL,
} avu_err_t;

/* Parameters (spec section 1). sig.threshold is not used by the AVU (any legal value). */
typedef struct {
    sig_bloom_desc_t sig;
    uint32_t line;        /* LineBytes */
    uint32_t lines;       /* NumLines */
    uint32_t epoch_width; /* EpochWidth */
    uint32_t hit_limit;   /* HitLimit */
    uint32_t spec_depth;  /* SpecDepth */
    uint32_t out_max;     /* OutMax */
    uint32_t id_width;    /* IdWidth */
} avu_desc_t;

typedef struct {
    bool rst_n;
    bool op_valid;
    bool op_store;
    uint32_t op_line;
    bool op_hit;
    uint64_t op_addr;
    uint32_t op_mask[RDU_MASK_WORDS];
    uint32_t op_id;
    bool rsp_valid;
    uint32_t rsp_kind;
    uint32_t rsp_idx;
    bool rsp_last;
    uint32_t rsp_chunk[SIG_BLOOM_MAX_CHUNK_WORDS];
} avu_in_t;

typedef struct {
    bool ready;
    bool rsp_ready;
    bool res_valid;
    uint32_t res_kind;
    bool res_spec;
    bool res_rc;
    uint32_t res_id;
    bool cmt_valid;
    bool cmt_failed;
    uint32_t cmt_id;
    uint32_t epoch;
    bool pending;
} avu_out_t;

/* Architectural state (spec section 3); entries beyond lines / spec_depth are 0. */
typedef struct {
    uint32_t sig[SIG_BLOOM_MAX_WORDS];
    uint32_t epoch;
    uint8_t fe[AVU_MAX_LINES];
    uint8_t fresh[AVU_MAX_LINES];
    uint8_t hits[AVU_MAX_LINES];
    uint32_t outs;
    uint32_t st; /* avu_st_t */
    /* op register */
    bool opv, op_store, op_hit;
    uint32_t op_line;
    uint64_t op_addr;
    uint32_t op_mask[RDU_MASK_WORDS];
    uint32_t op_id;
    uint32_t tmask[RDU_UMASK_WORDS];
    uint32_t vslot;
    /* speculative queue, per slot */
    bool sv[AVU_MAX_SPEC];
    uint32_t sid[AVU_MAX_SPEC];
    uint64_t saddr[AVU_MAX_SPEC];
    uint32_t sumask[AVU_MAX_SPEC][RDU_UMASK_WORDS];
    uint32_t scnt[AVU_MAX_SPEC];
    bool sfail[AVU_MAX_SPEC];
    bool sneed[AVU_MAX_SPEC];
    uint32_t head, qn;
} avu_state_t;

typedef enum {
    AVU_T_RESET = 0,
    AVU_T_IDLE_WAIT,
    AVU_T_OP_ACCEPT,
    AVU_T_OP_BLOCKED,
    AVU_T_OP_BEHIND_BEAT,
    AVU_T_LOAD_MISS,
    AVU_T_LOAD_EXPIRED,
    AVU_T_LOAD_CUR_HIT,
    AVU_T_LOAD_PREV_TEST,
    AVU_T_LOAD_PREV_EMPTY,
    AVU_T_TEST_UNIT_PASS,
    AVU_T_TEST_HIT,
    AVU_T_TEST_AVU_MISS,
    AVU_T_HIT_RC,
    AVU_T_HIT_SPEC,
    AVU_T_STORE_HIT,
    AVU_T_STORE_ALLOC,
    AVU_T_BEAT_NORACE,
    AVU_T_BEAT_FIRST,
    AVU_T_BEAT_LAST_ACK,
    AVU_T_BEAT_LAST_RACE,
    AVU_T_BEAT_LAST_FORCED,
    AVU_T_SYNC_SCRUB,
    AVU_T_SYNC_WRAP,
    AVU_T_VALIDATE_PASS,
    AVU_T_VALIDATE_FAIL,
    AVU_T_RETIRE_OK,
    AVU_T_RETIRE_SQUASH,
    AVU_T_COUNT /* 28 rows */
} avu_trans_t;

/* Functional cover points (spec §8; printed F01.. in this order). */
typedef enum avu_fcov {
    AVU_F_SPEC_FULL = 0,  /* the speculative queue becomes full (qn = D) */
    AVU_F_SPEC_DRAIN,     /* a retire empties the queue */
    AVU_F_HEAD_WRAP,      /* the queue head wraps from D-1 to 0 */
    AVU_F_RETIRE_ALLOC,   /* a full queue retires its head and allocates in one edge */
    AVU_F_OUTS_MAX,       /* outs reaches OutMax */
    AVU_F_SCNT_MAX,       /* an entry allocated with scnt = OutMax */
    AVU_F_PREV_WRAP,      /* a previous-epoch load across the epoch wrap (fe > E) */
    AVU_F_SCRUB_WRAP,     /* a sync at the epoch wrap scrubs a line */
    AVU_F_VALIDATE_MULTI, /* a sync marks two or more entries for validation */
    AVU_F_VALIDATE_LAST,  /* the entry in slot D-1 is validated */
    AVU_F_HIT_LINE_LAST,  /* a hit on line NumLines-1 */
    AVU_F_ILL_ANSWER0,    /* illegal: an answer with outs = 0 (R9) */
    AVU_F_ILL_KIND,       /* illegal: a beat of kind 0 or 5..7 */
    AVU_F_ILL_NORACE,     /* illegal: a NO_RACE not a single beat in IDLE */
    AVU_F_ILL_ORDER,      /* illegal: a beat index (< NC) not its position in the shipment */
    AVU_F_ILL_IDX,        /* illegal: a beat index >= NC (NC = 1 only, D10) */
    AVU_F_ILL_LAST,       /* illegal: rsp_last set on a beat other than position NC-1, or clear
                             on it */
    AVU_F_ILL_STORE,      /* illegal: a store accepted while pending_o = 1 (D7) */
    AVU_F_N
} avu_fcov_t;

typedef struct {
    avu_desc_t desc;
    /* derived (spec section 1) */
    uint32_t lg, ll, nc, ciw, un, words, chunk_words, hw, ow, emask;
    sig_bloom_t hash; /* hash engine only */
    avu_state_t st;
    avu_out_t out;
    /* statistics, not architectural */
    uint64_t cov[AVU_T_COUNT];
    uint64_t protocol_errors; /* R9 underflow and similar */
    uint64_t fcov[AVU_F_N];   /* cover points (reset does not clear them) */
    bool fc_retired_full;     /* this edge's step A retired the head of a full queue */
    uint32_t fc_pos;          /* position of the next beat in its shipment (§9; not state) */
} avu_t;

avu_desc_t avu_desc_default(void); /* 4096 bits, k 6, true, H3, block, AW 32, L 128, C 256,
                                      128 lines, EW 5, hit limit 4, D 8, out max 16, id 16 */
int avu_check_desc(const avu_desc_t* d, char* msg, size_t msg_len);
int avu_init(avu_t* a, const avu_desc_t* d, char* msg, size_t msg_len);
void avu_reset(avu_t* a);
void avu_tick(avu_t* a, const avu_in_t* in, avu_out_t* out);

const char* avu_trans_name(avu_trans_t t);
bool avu_trans_reachable(const avu_t* a, avu_trans_t t);
void avu_coverage(const avu_t* a, uint32_t* covered, uint32_t* reachable);
const char* avu_strerror(int err);
/* Cover point f: short text, and whether it is reachable under a->desc (spec §8). */
const char* avu_fcov_name(avu_fcov_t f);
bool avu_fcov_reachable(const avu_t* a, avu_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_AVU_H */
