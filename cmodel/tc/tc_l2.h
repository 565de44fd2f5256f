/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_l2.h -- C reference model of the TC L2 bank controller (docs/units/tc/tc_l2.md). Written from
 * the specification, not from rtl/tc/tc_l2.sv. One tc_l2_tick() call = one rising edge.
 *
 * Storage is the caller's, sized by the descriptor (docs/framework.md, "C model storage"):
 *
 *   tc_l2_desc_t d = tc_l2_desc_from(&sys);
 *   size_t n = tc_l2_size(&d);                        (0: illegal descriptor)
 *   tc_l2_t* m = tc_l2_init(malloc(n), n, &d, why, sizeof why);
 *   ... free(m);
 *
 * One block holds the header struct tc_l2_t and, laid out by the descriptor, L2Sets * L2Ways
 * line records with LineBytes/4 data words each, L2Mshrs MSHR records with their data and mask
 * words, and the L2Queue FIFO entries with theirs. The header points into the block: the model
 * must not be moved or copied. tc_l2_state_t (tc_l2_line_t, tc_l2_mshr_t) is the layout the RTL
 * shim fills for the lockstep compare, sized at the maximum geometry; tc_l2_state_get,
 * tc_l2_line_get and tc_l2_mshr_get fill it from the model.
 */
#ifndef GPUCOH_TC_L2_H
#define GPUCOH_TC_L2_H

#include "tc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TC_L2_MAX_SETS  1024u
#define TC_L2_MAX_WAYS  16u
#define TC_L2_MAX_LINES (TC_L2_MAX_SETS * TC_L2_MAX_WAYS)
#define TC_L2_MAX_MSHRS 128u
#define TC_L2_SEL_MAX   8u

typedef enum {
    TC_L2_I = 0,
    TC_L2_P = 1,
    TC_L2_S = 2,
    TC_L2_E = 3,
    TC_L2_I_S = 4,
    TC_L2_I_M = 5
} tc_l2_st_t;
typedef enum { TC_MS_IS = 0, TC_MS_IM = 1, TC_MS_MI = 2 } tc_mshr_kind_t;

typedef struct {
    bool rst_n;
    tc_time_t t;
    tc_req_t req; /* src set by the crossbar; counts only when req_ready was 1 */
    tc_mem_rsp_t mem;
} tc_l2_in_t;

typedef struct {
    bool req_ready;
    tc_rsp_t rsp;
    tc_mem_req_t mreq;
} tc_l2_out_t;

/* Parameters (spec section 1; docs/system.md section 2 for the ranges). */
typedef struct {
    uint32_t protocol;   /* Protocol: tc_protocol_t */
    uint32_t num_sm;     /* NumSm, 1..64 (rsp_dst_o bits) */
    uint32_t num_banks;  /* NumBanks, 1, 2, 4, 8, 16 (bank bits kept in the tag, C4) */
    uint32_t line_bytes; /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width; /* AddrWidth, 16..48, LA >= log2 NumBanks + log2 L2Sets, log2 L2Sets + 1 */
    uint32_t l2_sets;    /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;    /* L2Ways, 1..16 */
    uint32_t l2_mshrs;   /* L2Mshrs, 2..128 */
    uint32_t ts_width;   /* TsWidth, 8..32 */
    uint32_t l2_queue;   /* L2Queue, 1..8 */
    uint32_t lease_mode; /* LeaseMode: tc_lease_mode_t */
    uint32_t lease;      /* Lease, 0..2^TsWidth-2 */
    uint32_t pred_init;  /* PredInit, PredMin..PredMax */
    uint32_t pred_min;   /* PredMin, 0..PredMax */
    uint32_t pred_max;   /* PredMax, <= 2^TsWidth-2 */
    uint32_t t_hit;      /* THit, 0..255 */
    uint32_t t_evict;    /* TEvict, 0..255 */
    uint32_t t_write;    /* TWrite, 0..255 */
    uint32_t use_t_write; /* UseTWrite, 0/1 */
} tc_l2_desc_t;

/* A line in the lockstep compare layout (the RTL shim's; data at the maximum line size). */
typedef struct {
    uint64_t tag;
    uint32_t st; /* tc_l2_st_t */
    uint32_t gts;
    uint32_t dirty;
    uint32_t wl; /* TC-Weak-C: written while leased (section 13); 0 under the other protocols */
    uint32_t data[TC_MAX_LINE_WORDS];
} tc_l2_line_t;

/* An MSHR in the lockstep compare layout. */
typedef struct {
    uint32_t v, kind; /* tc_mshr_kind_t */
    uint64_t line;
    uint32_t way, ts;
    uint64_t sm;
    uint32_t op, src, wf;
    uint32_t data[TC_MAX_LINE_WORDS];
    uint32_t mask[TC_MASK_WORDS];
    uint32_t aop, word, a, b;
} tc_l2_mshr_t;

/* Architectural state (spec section 3) in the lockstep compare layout, filled by the RTL shim
 * and by tc_l2_state_get. Lines: set * L2Ways + way. A reader fills every line when sel_all,
 * else the sel_n lines of sel[]; the MSHRs when sel_all or sel_mshr; scalars always. */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_mshr; /* reader: also read the MSHRs when not sel_all */
    uint32_t sel_n;
    uint32_t sel[TC_L2_SEL_MAX];
    uint32_t fcnt;
    uint32_t life;
    tc_l2_mshr_t mshr[TC_L2_MAX_MSHRS];
    tc_l2_line_t line[TC_L2_MAX_LINES];
} tc_l2_state_t;

typedef enum {
    TC_L2_T_RESET = 0,
    TC_L2_T_H01,
    TC_L2_T_H02,
    TC_L2_T_H03,
    TC_L2_T_H04,
    TC_L2_T_H05,
    TC_L2_T_H06,
    TC_L2_T_H07,
    TC_L2_T_H08,
    TC_L2_T_H09,
    TC_L2_T_H10,
    TC_L2_T_H11,
    TC_L2_T_H12,
    TC_L2_T_H13,
    TC_L2_T_H14,
    TC_L2_T_H15,
    TC_L2_T_H16,
    TC_L2_T_H17,
    TC_L2_T_H18,
    TC_L2_T_H19,
    TC_L2_T_H20,
    TC_L2_T_H21,
    TC_L2_T_F01,
    TC_L2_T_F02,
    TC_L2_T_F03,
    TC_L2_T_F04,
    TC_L2_T_F05,
    TC_L2_T_F06,
    TC_L2_T_X01,
    TC_L2_T_X02,
    TC_L2_T_X03,
    TC_L2_T_X04,
    TC_L2_T_V01,
    TC_L2_T_V02,
    TC_L2_T_S01,
    TC_L2_T_S02,
    TC_L2_T_S03,
    TC_L2_T_S04,
    TC_L2_T_Q01,
    /* TC-Weak-C (section 13): DATA_W for a line written while leased (N3) and for an M_I
     * refill with a live stamp (N4) */
    TC_L2_T_H22,
    TC_L2_T_H23,
    TC_L2_T_F07,
    TC_L2_T_H24, /* P10: P x UPGR at the saturated stamp, not private */
    TC_L2_T_F08, /* P11: fill IS, one requester, grant == inherited stamp -> S */
    TC_L2_T_N
} tc_l2_trans_t;

/* Functional cover points (spec section 11): datapath corners beyond the transition rows,
 * counted in tc_l2_tick (reset does not clear them). Per-way points run over way 0..15
 * (TC_L2_MAX_WAYS); ways >= L2Ways are unreachable. Printed F01, F02, ... in this order (a
 * separate list from the fill rows F01-F06 of section 5). */
typedef enum tc_l2_fcov {
    /* M6 class 1: the first I way is way w */
    TC_L2_F_VIC_I_W0,
    TC_L2_F_VIC_I_W1,
    TC_L2_F_VIC_I_W2,
    TC_L2_F_VIC_I_W3,
    TC_L2_F_VIC_I_W4,
    TC_L2_F_VIC_I_W5,
    TC_L2_F_VIC_I_W6,
    TC_L2_F_VIC_I_W7,
    TC_L2_F_VIC_I_W8,
    TC_L2_F_VIC_I_W9,
    TC_L2_F_VIC_I_W10,
    TC_L2_F_VIC_I_W11,
    TC_L2_F_VIC_I_W12,
    TC_L2_F_VIC_I_W13,
    TC_L2_F_VIC_I_W14,
    TC_L2_F_VIC_I_W15,
    /* M6 class 2: the first E or expired P/S way is way w */
    TC_L2_F_VIC_EXP_W0,
    TC_L2_F_VIC_EXP_W1,
    TC_L2_F_VIC_EXP_W2,
    TC_L2_F_VIC_EXP_W3,
    TC_L2_F_VIC_EXP_W4,
    TC_L2_F_VIC_EXP_W5,
    TC_L2_F_VIC_EXP_W6,
    TC_L2_F_VIC_EXP_W7,
    TC_L2_F_VIC_EXP_W8,
    TC_L2_F_VIC_EXP_W9,
    TC_L2_F_VIC_EXP_W10,
    TC_L2_F_VIC_EXP_W11,
    TC_L2_F_VIC_EXP_W12,
    TC_L2_F_VIC_EXP_W13,
    TC_L2_F_VIC_EXP_W14,
    TC_L2_F_VIC_EXP_W15,
    /* M6 class 3: the unexpired P/S way with the least gTS is way w */
    TC_L2_F_VIC_LEAST_W0,
    TC_L2_F_VIC_LEAST_W1,
    TC_L2_F_VIC_LEAST_W2,
    TC_L2_F_VIC_LEAST_W3,
    TC_L2_F_VIC_LEAST_W4,
    TC_L2_F_VIC_LEAST_W5,
    TC_L2_F_VIC_LEAST_W6,
    TC_L2_F_VIC_LEAST_W7,
    TC_L2_F_VIC_LEAST_W8,
    TC_L2_F_VIC_LEAST_W9,
    TC_L2_F_VIC_LEAST_W10,
    TC_L2_F_VIC_LEAST_W11,
    TC_L2_F_VIC_LEAST_W12,
    TC_L2_F_VIC_LEAST_W13,
    TC_L2_F_VIC_LEAST_W14,
    TC_L2_F_VIC_LEAST_W15,
    TC_L2_F_VIC_LEAST_TIE,      /* class 3 with a later P/S way of the same gTS (lowest wins) */
    TC_L2_F_VIC_PAST_TRANSIENT, /* an I_S / I_M way lies before the victim way */
    TC_L2_F_VIC_EXP_E,          /* the class-2 victim is in E */
    TC_L2_F_VIC_EXP_LAPSED,     /* the class-2 victim is P/S with gTS < now */
    TC_L2_F_VIC_I_OVER_EXP,     /* class 1 while an earlier way is E or expired (class 2) */
    TC_L2_F_VIC_I_OVER_LIVE,    /* class 1 while an earlier way is unexpired P/S (class 3) */
    TC_L2_F_VIC_EXP_OVER_LIVE,  /* class 2 while an earlier way is unexpired P/S (class 3) */
    TC_L2_F_ALLOC_TAG_MSB,      /* an allocation whose tag has its top bit set */
    TC_L2_F_ALLOC_SET_TOP,      /* an allocation in set L2Sets-1 */
    TC_L2_F_WB_EXPIRED,         /* a dirty victim that leaves (V01) is written back */
    TC_L2_F_WB_LIVE,            /* a dirty unexpired victim (V02) is written back */
    TC_L2_F_MSHR_FULL,          /* an allocation leaves every MSHR entry valid */
    TC_L2_F_MSHR_EMPTY,         /* a fill frees the last valid entry */
    TC_L2_F_MSHR_TWO_NEW,       /* one miss takes two free entries (its own and an M_I) */
    TC_L2_F_MSHR_TOP,           /* entry L2Mshrs-1 is allocated */
    TC_L2_F_MERGE_ALL_SM,       /* an H15 merge makes msm every SM */
    TC_L2_F_FIFO_FULL,          /* a push fills the FIFO (fcnt = L2Queue) */
    TC_L2_F_FIFO_WRAP,          /* a pop from slot L2Queue-1 (the head pointer wraps) */
    TC_L2_F_LIFE_CLAMP_MIN,     /* M8: life + d < PredMin, clamped */
    TC_L2_F_LIFE_CLAMP_MAX,     /* M8: life + d > PredMax, clamped */
    TC_L2_F_LIFE_TWO_STEPS,     /* M8: +THit and -TEvict in one edge (H18 with exp, V02) */
    TC_L2_F_LEASE_SAT,          /* M3: a grant where now + lt exceeds 2^TsWidth-1 */
    TC_L2_F_GRANT_KEEPS,        /* M3: a grant where g > now + lt (the line's stamp wins) */
    TC_L2_F_INC_SAT,            /* M9: TS++ of 2^TsWidth-1 (stays) */
    TC_L2_F_GTS_LAST_CYCLE,     /* a request served on a P/S line with gTS = now */
    TC_L2_F_MI_LAST_CYCLE,      /* a miss served with its M_I entry at mts = now (H20/H21) */
    TC_L2_F_UPGR_OLD_ERA,       /* an UPGR served with req era != era_i (ts' = 0, M5) */
    TC_L2_F_ROLL_LIVE_LINE,     /* a roll finds a P/S line with gTS = now (= 2^TsWidth-1) */
    TC_L2_F_ROLL_LIVE_MI,       /* a roll finds an M_I entry with mts = now */
    TC_L2_F_ROLL_INHERITED,     /* a roll zeroes the inherited stamp of an IS/IM entry */
    /* TC-Weak-C (section 13; reachable only under Protocol 2) */
    TC_L2_F_WL_EVICT,    /* F79: an unexpired line with wl = 1 evicted to M_I */
    TC_L2_F_WL_EXPIRE,   /* F80: lazy expiry (M4) clears wl */
    TC_L2_F_DATAW_MULTI, /* F81: an F07 DATA_W to two or more SMs */
    TC_L2_F_WL_ATOMIC,   /* F82: an atomic sets wl (H12/H13) */
    TC_L2_F_N
} tc_l2_fcov_t;

/* The model's record of a line: every field of section 3 except the data. */
typedef struct {
    uint64_t tag;
    uint32_t st; /* tc_l2_st_t */
    uint32_t gts;
    uint32_t dirty;
    uint32_t wl; /* TC-Weak-C: written while leased (section 13); 0 under the other protocols */
} tc_l2_meta_t;

/* The model's record of an MSHR entry: every field of section 3 except data and mask. */
typedef struct {
    uint64_t line, sm;
    uint32_t v, kind; /* tc_mshr_kind_t */
    uint32_t way, ts;
    uint32_t op, src, wf;
    uint32_t aop, word, a, b;
} tc_l2_mshr_meta_t;

/* A request in the FIFO, except its data and mask (port widths already applied). */
typedef struct {
    uint64_t line;
    uint32_t kind, src, wf, ts, era;
    uint32_t aop, word, a, b;
    bool exp;
} tc_l2_fentry_t;

typedef struct {
    tc_l2_desc_t d;
    uint32_t lw, mw, la, lines, bank_bits, set_bits, tag_bits; /* words, mask words, LA, ... */
    /* the arrays, in the model's block */
    tc_l2_meta_t* line;      /* [lines], line i = set * L2Ways + way */
    uint32_t* data;          /* [lines * lw]: line i's data at data + i * lw */
    tc_l2_mshr_meta_t* mshr; /* [L2Mshrs] */
    uint32_t* mdata;         /* [L2Mshrs * lw] */
    uint32_t* mmask;         /* [L2Mshrs * mw] */
    tc_l2_fentry_t* fifo;    /* [L2Queue] request FIFO (contents not compared) */
    uint32_t* fdata;         /* [L2Queue * lw] */
    uint32_t* fmask;         /* [L2Queue * mw] */
    uint32_t fhead;
    uint32_t fcnt; /* fcnt_q */
    uint32_t life; /* life_q, the predictor */
    tc_l2_out_t out;
    bool out_kept; /* the last edge was tc_l2_tick_kept's and left all of out in its buffer */
    uint32_t touched_n;
    uint32_t touched[TC_L2_SEL_MAX];
    bool touched_all;
    uint64_t cov[TC_L2_T_N];
    uint64_t fcov[TC_L2_F_N]; /* cover points, section 11 */
    uint64_t errors;          /* protocol errors (fill without an entry, M1) */
} tc_l2_t;

/* The bank's parameters in a system descriptor. */
tc_l2_desc_t tc_l2_desc_from(const tc_desc_t* sys);
/* 0 = legal; else 1 and a message naming the parameter and its legal range. */
int tc_l2_check_desc(const tc_l2_desc_t* d, char* msg, size_t msg_len);
/* Bytes of the model for d; 0 for an illegal descriptor. */
size_t tc_l2_size(const tc_l2_desc_t* d);
/* Builds the model in mem (len >= tc_l2_size(d) bytes, aligned for uint64_t) in its reset state
 * and returns it (== mem); NULL and a message for a NULL or short or misaligned mem or an
 * illegal descriptor. The caller owns mem. */
tc_l2_t* tc_l2_init(void* mem, size_t len, const tc_l2_desc_t* d, char* msg, size_t msg_len);
void tc_l2_tick(tc_l2_t* m, const tc_l2_in_t* in, tc_l2_out_t* out);
/* tc_l2_tick for a caller whose *out holds what the model's previous tick_kept wrote there (one
 * buffer per model, written by nothing else between edges): a quiet edge (docs/units/tc/tc_l2.md
 * section 4) writes only what it changes. The first call, and the first after a tc_l2_tick,
 * writes all of *out. out must not be NULL. */
void tc_l2_tick_kept(tc_l2_t* m, const tc_l2_in_t* in, tc_l2_out_t* out);
/* The data words of line i. */
static inline uint32_t* tc_l2_line_data(const tc_l2_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}
/* Line i / MSHR k in the compare layout (words beyond LineBytes/4, LineBytes/32 are 0). */
void tc_l2_line_get(const tc_l2_t* m, uint32_t i, tc_l2_line_t* l);
void tc_l2_mshr_get(const tc_l2_t* m, uint32_t k, tc_l2_mshr_t* e);
/* The state in the compare layout, as the RTL shim fills it: every line when s->sel_all, else
 * the lines of s->sel[0..sel_n-1]; every MSHR when sel_all or sel_mshr; fcnt and life always. */
void tc_l2_state_get(const tc_l2_t* m, tc_l2_state_t* s);
const char* tc_l2_trans_id(tc_l2_trans_t r);
const char* tc_l2_trans_name(tc_l2_trans_t r);
/* d NULL: every row counts as reachable. */
bool tc_l2_trans_reachable(const tc_l2_desc_t* d, tc_l2_trans_t r);
const char* tc_l2_fcov_name(tc_l2_fcov_t f); /* "VIC_LEAST_W3", ...; "?" out of range */
/* false only for the points section 11 argues unreachable at m's parameters */
bool tc_l2_fcov_reachable(const tc_l2_t* m, tc_l2_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif
