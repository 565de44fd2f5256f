/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rdu.h -- C reference model of the Race Detection Unit (docs/units/sig/rdu.md).
 *
 * One rdu_tick() call is one rising clock edge (docs/timing.md). The model is written from the
 * specification, not from rtl/sig/rdu.sv. Hashing is sig_bloom's (a sig_bloom_t is used as the hash
 * engine: sig_bloom_indices()); the N signatures are held here.
 *
 *                  +---------------------------------------+
 *  req_valid_i[N] >|  N input FIFOs   ->  RR  ->  engine   |> rsp_valid_o
 *  req_write_i[N] >|  (QueueDepth)        arbiter          |> rsp_sm_o, rsp_kind_o
 *  req_addr_i[N]  >|                   sig[N][m], cnt[N]   |> rsp_idx_o, rsp_last_o
 *  req_mask_i[N]  >|                   pend[N]             |> rsp_chunk_o [C]
 *  rsp_ready_i[N] >|                                       |> req_ready_o[N]
 *                  +---------------------------------------+
 *
 * Usage (caller owns all memory; rdu_t is large, about 200 KiB: allocate it, do not put it on
 * the stack):
 *
 *   rdu_desc_t d = rdu_desc_default();
 *   rdu_t* r = malloc(sizeof *r);
 *   char why[160];
 *   if (rdu_init(r, &d, why, sizeof why) != RDU_OK) { puts(why); ... }
 *   rdu_in_t in = {.rst_n = true};
 *   rdu_out_t out;
 *   rdu_tick(r, &in, &out);
 */
#ifndef GPUCOH_RDU_H
#define GPUCOH_RDU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sig_bloom.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RDU_MAX_SM         64u
#define RDU_MAX_LINE_BYTES 256u
#define RDU_MASK_WORDS     (RDU_MAX_LINE_BYTES / 32u) /* byte-mask words per request */
#define RDU_UMASK_WORDS    (RDU_MAX_LINE_BYTES / 32u) /* unit-mask words (UN <= 256) */
#define RDU_MAX_QUEUE      16u

/* rsp_kind_o encoding (spec section 2); shared with the AVU. */
typedef enum {
    RDU_RSP_NONE = 0,
    RDU_RSP_WRITE_ACK = 1,
    RDU_RSP_NO_RACE = 2,
    RDU_RSP_RACE = 3,
    RDU_RSP_FORCED = 4,
} rdu_rsp_kind_t;

/* Engine state (spec section 3). */
typedef enum { RDU_ST_IDLE = 0, RDU_ST_UNITS = 1, RDU_ST_SHIP = 2 } rdu_st_t;

typedef enum {
    RDU_OK = 0,
    RDU_ERR_N,     /* n not in 2..64 */
    RDU_ERR_LINE,  /* line not 32, 64, 128 or 256 */
    RDU_ERR_QUEUE, /* queue not in 1..16 */
    RDU_ERR_SIG,   /* a signature parameter rejected by sig_bloom_check_desc() */
    RDU_ERR_NULL,
} rdu_err_t;

/* Parameters (spec section 1). The signature fields are a sig_bloom_desc_t (its threshold is the
 * forced-sync threshold, its chunk_width the shipment beat width). */
typedef struct {
    uint32_t n;           /* NumSm */
    sig_bloom_desc_t sig; /* SigBits .. H3Seed, Threshold, ChunkWidth */
    uint32_t line;        /* LineBytes */
    uint32_t queue;       /* QueueDepth */
} rdu_desc_t;

typedef struct {
    bool rst_n;
    uint64_t req_valid; /* bit j = SM j */
    uint64_t req_write;
    uint64_t req_addr[RDU_MAX_SM];                 /* bits >= addr_width are 0 */
    uint32_t req_mask[RDU_MAX_SM][RDU_MASK_WORDS]; /* bit b of SM j's mask = byte b */
    uint64_t rsp_ready;
} rdu_in_t;

typedef struct {
    uint64_t req_ready;
    bool rsp_valid;
    uint32_t rsp_sm;
    uint32_t rsp_kind; /* rdu_rsp_kind_t */
    uint32_t rsp_idx;
    bool rsp_last;
    uint32_t rsp_chunk[SIG_BLOOM_MAX_CHUNK_WORDS]; /* words >= ceil(C/32) are 0 */
} rdu_out_t;

/* Architectural state (spec section 3). Only the first n SMs and m/32 words are meaningful;
 * everything beyond is 0. */
typedef struct {
    uint32_t sig[RDU_MAX_SM][SIG_BLOOM_MAX_WORDS];
    uint32_t cnt[RDU_MAX_SM];
    uint64_t pend;
    uint32_t qcnt[RDU_MAX_SM];
    uint32_t rr;
    uint32_t st; /* rdu_st_t */
    uint32_t cur_sm;
    bool cur_write;
    uint64_t cur_addr;
    uint32_t cur_umask[RDU_UMASK_WORDS];
    bool race;
} rdu_state_t;

/* Transition rows of spec section 7. */
typedef enum {
    RDU_T_RESET = 0,
    RDU_T_IDLE_WAIT,
    RDU_T_IDLE_FORCED,
    RDU_T_IDLE_POP_WRITE,
    RDU_T_IDLE_POP_CHECK,
    RDU_T_IDLE_POP_RR_SKIP,
    RDU_T_UNITS_INSERT,
    RDU_T_UNITS_INSERT_SAT,
    RDU_T_UNITS_TEST_MISS,
    RDU_T_UNITS_TEST_HIT,
    RDU_T_UNITS_WRITE_DONE,
    RDU_T_UNITS_WRITE_FORCE,
    RDU_T_UNITS_WRITE_FORCE_MULTI,
    RDU_T_UNITS_CHECK_RACE,
    RDU_T_UNITS_CHECK_NORACE,
    RDU_T_UNITS_EMPTY,
    RDU_T_UNITS_MULTI,
    RDU_T_SHIP_HOLD,
    RDU_T_SHIP_NEXT,
    RDU_T_SHIP_LAST_SYNC,
    RDU_T_SHIP_LAST_NORACE,
    RDU_T_FIFO_FULL,
    RDU_T_FIFO_PUSH_POP,
    RDU_T_COUNT /* 23 rows */
} rdu_trans_t;

/* Functional cover points (spec §9; printed F01.. in this order). */
typedef enum rdu_fcov {
    RDU_F_POP_EVERY = 0,    /* the arbiter has popped every SM (counted per completed round) */
    RDU_F_RR_WRAP,          /* the search wraps past N-1 to an SM below rr */
    RDU_F_FULL_SM0,         /* SM 0's FIFO becomes full */
    RDU_F_FULL_SMLAST,      /* SM N-1's FIFO becomes full */
    RDU_F_FULL_ALL,         /* every FIFO full at once */
    RDU_F_HEAD_WRAP,        /* a FIFO's head wraps from QueueDepth-1 to 0 */
    RDU_F_FORCE_EVERY,      /* a forced sync served to every SM (per completed round) */
    RDU_F_FORCE_ALL_OTHERS, /* one write owes a forced sync to all N-1 other SMs */
    RDU_F_RACE_LAST_UNIT,   /* a race found at the last unit of a line (UN-1) */
    RDU_F_HOLD_LAST,        /* the last beat of a multi-beat shipment held */
    RDU_F_N
} rdu_fcov_t;

typedef struct {
    uint64_t write;
    uint64_t addr;
    uint32_t mask[RDU_MASK_WORDS];
} rdu_req_t;

typedef struct {
    rdu_desc_t desc;
    /* derived (spec section 1) */
    uint32_t lg, ll, nc, ciw, cw, cmax, sw, un, words, chunk_words;
    sig_bloom_t hash; /* hash engine only: its own state is never used */
    /* FIFOs (contents not compared) */
    rdu_req_t fifo[RDU_MAX_SM][RDU_MAX_QUEUE];
    uint32_t fhead[RDU_MAX_SM];
    /* state and output registers */
    rdu_state_t st;
    rdu_out_t out;
    /* statistics, not architectural */
    uint64_t cov[RDU_T_COUNT];
    uint64_t syncs[5]; /* completed shipments by rdu_rsp_kind_t */
    uint64_t insertions;
    uint64_t fcov[RDU_F_N];        /* cover points (reset does not clear them) */
    uint64_t fc_popped, fc_forced; /* SMs popped / forced in the current round */
} rdu_t;

rdu_desc_t rdu_desc_default(void); /* 16 SMs, 4096 bits, k 6, true, H3, block, AW 32, L 128,
                                      C 256, threshold m/8, queue 4 */
int rdu_check_desc(const rdu_desc_t* d, char* msg, size_t msg_len);
int rdu_init(rdu_t* r, const rdu_desc_t* d, char* msg, size_t msg_len);
void rdu_reset(rdu_t* r);
void rdu_tick(rdu_t* r, const rdu_in_t* in, rdu_out_t* out);

/* Units of a request (spec section 4): writes umask words (RDU_UMASK_WORDS), returns the count.
 * unit_addr gives the unit address of unit u. Pure; shared with the AVU model. */
uint32_t rdu_umask(uint32_t line, uint32_t gran, const uint32_t* mask, uint32_t* umask);
uint64_t rdu_unit_addr(uint32_t line, uint32_t gran, uint64_t addr, uint32_t u);

const char* rdu_trans_name(rdu_trans_t t);
bool rdu_trans_reachable(const rdu_t* r, rdu_trans_t t);
void rdu_coverage(const rdu_t* r, uint32_t* covered, uint32_t* reachable);
const char* rdu_strerror(int err);
/* Cover point f: short text, and whether it is reachable under r->desc (spec §9). */
const char* rdu_fcov_name(rdu_fcov_t f);
bool rdu_fcov_reachable(const rdu_t* r, rdu_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_RDU_H */
