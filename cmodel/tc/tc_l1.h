/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_l1.h -- C reference model of the TC L1 controller (docs/units/tc/tc_l1.md), with its GWCT
 * table (tc_gwct). Written from the specification, not from rtl/tc/tc_l1.sv.
 * One tc_l1_tick() call = one rising edge (docs/timing.md).
 *
 * Storage is the caller's, sized by the descriptor (docs/framework.md, "C model storage"):
 *
 *   tc_l1_desc_t d = tc_l1_desc_from(&sys);
 *   size_t n = tc_l1_size(&d);                        (0: illegal descriptor)
 *   tc_l1_t* m = tc_l1_init(malloc(n), n, &d, why, sizeof why);
 *   ... free(m);
 *
 * One block holds the header struct tc_l1_t and, laid out by the descriptor, L1Sets * L1Ways
 * line records and LineBytes/4 data words per line, the L1Sets round-robin pointers, the
 * L1Queue FIFO entries with their data and mask words, and the tc_gwct of NumWf entries. The
 * header points into the block: the model must not be moved or copied. tc_l1_state_t (and
 * tc_l1_line_t) are the layout the RTL shim fills for the lockstep compare, sized at the maximum
 * geometry; tc_l1_state_get / tc_l1_line_get fill them from the model.
 */
#ifndef GPUCOH_TC_L1_H
#define GPUCOH_TC_L1_H

#include "tc_gwct.h"
#include "tc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TC_L1_MAX_SETS  256u
#define TC_L1_MAX_WAYS  8u
#define TC_L1_MAX_LINES (TC_L1_MAX_SETS * TC_L1_MAX_WAYS)
#define TC_SEL_MAX      8u /* line indices a partial state read may name */

typedef enum { TC_L1_I = 0, TC_L1_V = 1, TC_L1_V_M = 2, TC_L1_I_V = 3, TC_L1_I_I = 4 } tc_l1_st_t;

typedef struct {
    bool rst_n;
    tc_time_t t;
    tc_core_req_t core; /* counts only when core_ready was 1 */
    tc_rsp_t rsp;       /* dst is ignored by the L1 */
} tc_l1_in_t;

typedef struct {
    bool core_ready;
    tc_core_rsp_t crsp;
    tc_req_t req; /* src is 0 */
    uint64_t fence_ready;
    uint64_t wr_idle;
} tc_l1_out_t;

/* Parameters (spec section 1; docs/system.md section 2 for the ranges). */
typedef struct {
    uint32_t protocol;       /* Protocol: tc_protocol_t */
    uint32_t num_wf;         /* NumWf, 1..64 */
    uint32_t line_bytes;     /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width;     /* AddrWidth, 16..48, LA >= log2 L1Sets + 1 */
    uint32_t l1_sets;        /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;        /* L1Ways, 1..8 */
    uint32_t ts_width;       /* TsWidth, 8..32 */
    uint32_t l1_queue;       /* L1Queue, 1..8 */
    uint32_t wf_cnt_width;   /* WfCntWidth, 2..8 (u_gwct) */
    uint32_t line_cnt_width; /* LineCntWidth, 2..8 */
} tc_l1_desc_t;

/* A line in the lockstep compare layout (the RTL shim's; data at the maximum line size). */
typedef struct {
    uint64_t tag;
    uint32_t st; /* tc_l1_st_t */
    uint32_t lts;
    uint32_t data[TC_MAX_LINE_WORDS];
    uint32_t rd, waw, wcnt;
    uint64_t orig, late;
    uint32_t mts;
} tc_l1_line_t;

/* Architectural state (spec section 3) in the lockstep compare layout, filled by the RTL shim
 * and by tc_l1_state_get. Lines are indexed set * L1Ways + way. A reader fills every line when
 * sel_all, else only the sel_n lines named in sel[] (and their sets' rr). */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[TC_SEL_MAX];
    uint32_t fcnt;
    uint32_t rr[TC_L1_MAX_SETS];
    tc_gwct_state_t gwct;
    uint32_t cobl; /* TC-Weak-C SM obligation cobl_q (section 12); 0 under the other protocols */
    tc_l1_line_t line[TC_L1_MAX_LINES];
} tc_l1_state_t;

/* Coverage rows (spec sections 5-6). */
typedef enum {
    TC_L1_T_RESET = 0,
    TC_L1_T_C01,
    TC_L1_T_C02,
    TC_L1_T_C03,
    TC_L1_T_C04,
    TC_L1_T_C05,
    TC_L1_T_C06,
    TC_L1_T_C07,
    TC_L1_T_C08,
    TC_L1_T_C09,
    TC_L1_T_C10,
    TC_L1_T_C11,
    TC_L1_T_C12,
    TC_L1_T_C13,
    TC_L1_T_C14,
    TC_L1_T_C15,
    TC_L1_T_C16,
    TC_L1_T_R01,
    TC_L1_T_R02,
    TC_L1_T_R03,
    TC_L1_T_R04,
    TC_L1_T_R05,
    TC_L1_T_R06,
    TC_L1_T_R07,
    TC_L1_T_R08,
    TC_L1_T_R09,
    TC_L1_T_R10_LAST,
    TC_L1_T_R10_MORE,
    TC_L1_T_R11_LAST,
    TC_L1_T_R11_MORE,
    TC_L1_T_R12_LAST,
    TC_L1_T_R12_MORE,
    TC_L1_T_E01,
    TC_L1_T_E02,
    TC_L1_T_V03,
    TC_L1_T_S01,
    TC_L1_T_S02,
    TC_L1_T_S03,
    TC_L1_T_X01,
    TC_L1_T_Q01,
    /* TC-Weak-C (section 12): DATA_W rows (K4) and the write-invalidating store (K1) */
    TC_L1_T_W01,
    TC_L1_T_W02,
    TC_L1_T_W03,
    TC_L1_T_W04,
    TC_L1_T_W05,
    TC_L1_T_C17,
    TC_L1_T_N
} tc_l1_trans_t;

/* Functional cover points (spec section 10): datapath corners beyond the transition rows,
 * counted in tc_l1_tick (reset does not clear them). Per-way points run over way 0..7
 * (TC_L1_MAX_WAYS); ways >= L1Ways are unreachable. Printed F01, F02, ... in this order. */
typedef enum tc_l1_fcov {
    /* L6 rule 1: the expired V line with the tag, in way w */
    TC_L1_F_VIC_EXPTAG_W0,
    TC_L1_F_VIC_EXPTAG_W1,
    TC_L1_F_VIC_EXPTAG_W2,
    TC_L1_F_VIC_EXPTAG_W3,
    TC_L1_F_VIC_EXPTAG_W4,
    TC_L1_F_VIC_EXPTAG_W5,
    TC_L1_F_VIC_EXPTAG_W6,
    TC_L1_F_VIC_EXPTAG_W7,
    /* L6 rule 2: the first I way is way w */
    TC_L1_F_VIC_FREE_I_W0,
    TC_L1_F_VIC_FREE_I_W1,
    TC_L1_F_VIC_FREE_I_W2,
    TC_L1_F_VIC_FREE_I_W3,
    TC_L1_F_VIC_FREE_I_W4,
    TC_L1_F_VIC_FREE_I_W5,
    TC_L1_F_VIC_FREE_I_W6,
    TC_L1_F_VIC_FREE_I_W7,
    /* L6 rule 2: the first expired V way (another tag) is way w */
    TC_L1_F_VIC_FREE_EXP_W0,
    TC_L1_F_VIC_FREE_EXP_W1,
    TC_L1_F_VIC_FREE_EXP_W2,
    TC_L1_F_VIC_FREE_EXP_W3,
    TC_L1_F_VIC_FREE_EXP_W4,
    TC_L1_F_VIC_FREE_EXP_W5,
    TC_L1_F_VIC_FREE_EXP_W6,
    TC_L1_F_VIC_FREE_EXP_W7,
    /* L6 rule 3: round-robin eviction of the V line in way w */
    TC_L1_F_VIC_RR_W0,
    TC_L1_F_VIC_RR_W1,
    TC_L1_F_VIC_RR_W2,
    TC_L1_F_VIC_RR_W3,
    TC_L1_F_VIC_RR_W4,
    TC_L1_F_VIC_RR_W5,
    TC_L1_F_VIC_RR_W6,
    TC_L1_F_VIC_RR_W7,
    TC_L1_F_VIC_EXPTAG_OVER_FREE, /* rule 1 while an earlier way is free (rule 2 loses) */
    TC_L1_F_VIC_FREE_OVER_V,      /* rule 2 while an earlier way is V (rule 3's candidate) */
    TC_L1_F_VIC_EXP_BEFORE_I,     /* rule 2 takes an expired V way, a later way is I */
    TC_L1_F_ALLOC_TAG_MSB,        /* an allocation whose tag has its top bit set */
    TC_L1_F_ALLOC_SET_TOP,        /* an allocation in set L1Sets-1 */
    TC_L1_F_RR_SKIP,              /* rule 3: the way rr_q[s] names is not V, the scan moves on */
    TC_L1_F_RR_SCAN_WRAP,         /* rule 3: the scan wraps (victim way < rr_q[s]) */
    TC_L1_F_RR_PTR_WRAP,          /* an allocation in way L1Ways-1 sets rr_q[s] to 0 */
    TC_L1_F_FIFO_FULL,            /* a push fills the FIFO (fcnt = L1Queue) */
    TC_L1_F_FIFO_WRAP,            /* a pop from slot L1Queue-1 (the head pointer wraps) */
    TC_L1_F_WCNT_MAX,             /* a store/atomic takes a line's wcnt to CMAX */
    TC_L1_F_WF_CNT_MAX,           /* a store/atomic takes its wavefront's count to 2^WfCntWidth-1 */
    TC_L1_F_MERGE_ALL,            /* a merge makes orig | late every wavefront of the SM */
    TC_L1_F_FILL_LTS_MAX,         /* R01 fills with ts' = 2^TsWidth-1 (a saturated lease) */
    TC_L1_F_DATA_OLD_ERA,         /* a DATA row with rsp era != era_i (ts' = 0, L5) */
    TC_L1_F_ACK_OLD_ERA,          /* a write/atomic response with rsp era != era_i */
    TC_L1_F_HIT_LAST_CYCLE,       /* the head finds its line V or V_M with lTS = now */
    TC_L1_F_EXP_FIRST_CYCLE,      /* E01 or E02 with lTS = now - 1 */
    TC_L1_F_LATE_OK_BY_MTS,       /* late loads served only through ts' >= mts (ts' < now) */
    TC_L1_F_LATE_AGAIN_WAW,       /* late loads re-sent because waw = 1 */
    TC_L1_F_LATE_AGAIN_LEASE,     /* late loads re-sent with waw = 0 (ts' < now and ts' < mts) */
    TC_L1_F_ROLL_VM,              /* a roll finds a V_M line (-> I_I) */
    TC_L1_F_ROLL_PENDING_GETS,    /* a roll finds a line with rd = 1 (its DATA crosses the wrap) */
    TC_L1_F_ROLL_SAME_EDGE,       /* a roll at an edge whose event wrote a line (RO2 overrides) */
    /* TC-Weak-C (section 12; reachable only under Protocol 2) */
    TC_L1_F_COBL_RAISE,    /* F57: a write raises cobl (K2) */
    TC_L1_F_OBL_HIT,       /* F58: a hit (C01) with cobl_q >= now */
    TC_L1_F_DATAW_LATE,    /* F59: a DATA_W that serves late merges */
    TC_L1_F_COBL_ROLL,     /* F60: a roll clears a non-zero cobl */
    TC_L1_F_DATAW_OLD_ERA, /* F61: a DATA_W with rsp era != era_i (ts' 0: no obligation) */
    /* section 13 (TC-Strong G1, also TC-Weak-C K1) */
    TC_L1_F_PEND_WR_LOAD, /* F62: a load finds I_I, wcnt > 0, lTS >= now (C04/C05, no hit) */
    TC_L1_F_N
} tc_l1_fcov_t;

/* The model's record of a line: every field of section 3 except the data. */
typedef struct {
    uint64_t tag;
    uint64_t orig, late;
    uint32_t st; /* tc_l1_st_t */
    uint32_t lts, rd, waw, wcnt, mts;
} tc_l1_meta_t;

/* A core request in the FIFO, except its data and mask (port widths already applied). */
typedef struct {
    uint64_t line;
    uint32_t op, wf, aop, word, a, b;
} tc_l1_fentry_t;

typedef struct {
    tc_l1_desc_t d;
    uint32_t lw, mw, la, lines, cmax, set_bits, way_bits; /* words, mask words, LA, ... */
    /* the arrays, in the model's block */
    tc_gwct_t* gwct;      /* u_gwct */
    tc_l1_meta_t* line;   /* [lines], line i = set * L1Ways + way */
    uint32_t* data;       /* [lines * lw]: line i's data at data + i * lw */
    uint32_t* rr;         /* [L1Sets] rr_q */
    tc_l1_fentry_t* fifo; /* [L1Queue] core request FIFO (contents not compared) */
    uint32_t* fdata;      /* [L1Queue * lw] */
    uint32_t* fmask;      /* [L1Queue * mw] */
    uint32_t fhead;
    uint32_t fcnt;   /* fcnt_q */
    uint32_t cobl;   /* cobl_q, the SM obligation (TC-Weak-C, section 12 K2); 0 otherwise */
    tc_l1_out_t out; /* registered outputs */
    bool out_kept;   /* the last edge was tc_l1_tick_kept's and left all of out in its buffer */
    /* lines written by the last tick (for partial state compares); touched_all after reset/roll */
    uint32_t touched_n;
    uint32_t touched[TC_SEL_MAX];
    bool touched_all;
    uint64_t cov[TC_L1_T_N];
    uint64_t fcov[TC_L1_F_N]; /* cover points, section 10 */
    uint64_t errors;          /* rule L9 / G2 protocol errors */
} tc_l1_t;

/* The L1's parameters in a system descriptor. */
tc_l1_desc_t tc_l1_desc_from(const tc_desc_t* sys);
/* 0 = legal; else 1 and a message naming the parameter and its legal range. */
int tc_l1_check_desc(const tc_l1_desc_t* d, char* msg, size_t msg_len);
/* Bytes of the model for d; 0 for an illegal descriptor. */
size_t tc_l1_size(const tc_l1_desc_t* d);
/* Builds the model in mem (len >= tc_l1_size(d) bytes, aligned for uint64_t) in its reset state
 * and returns it (== mem); NULL and a message for a NULL or short or misaligned mem or an
 * illegal descriptor. The caller owns mem. */
tc_l1_t* tc_l1_init(void* mem, size_t len, const tc_l1_desc_t* d, char* msg, size_t msg_len);
void tc_l1_tick(tc_l1_t* m, const tc_l1_in_t* in, tc_l1_out_t* out);
/* tc_l1_tick for a caller whose *out holds what the model's previous tick_kept wrote there (one
 * buffer per model, written by nothing else between edges, as the system's output slots): a
 * quiet edge (docs/units/tc/tc_l1.md section 4) writes only the fields it changes. The first
 * call, and the first after a tc_l1_tick, writes all of *out. out must not be NULL. */
void tc_l1_tick_kept(tc_l1_t* m, const tc_l1_in_t* in, tc_l1_out_t* out);
/* The data words of line i. */
static inline uint32_t* tc_l1_line_data(const tc_l1_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}
/* Line i in the compare layout (data words beyond LineBytes/4 are 0). */
void tc_l1_line_get(const tc_l1_t* m, uint32_t i, tc_l1_line_t* l);
/* The state in the compare layout, as the RTL shim fills it: every line and rr when s->sel_all,
 * else the lines of s->sel[0..sel_n-1] and their sets' rr; fcnt, cobl and the GWCT table
 * always. */
void tc_l1_state_get(const tc_l1_t* m, tc_l1_state_t* s);
const char* tc_l1_trans_id(tc_l1_trans_t r);   /* "C01", "R10.last", ... */
const char* tc_l1_trans_name(tc_l1_trans_t r); /* "V x LOAD hit" */
bool tc_l1_trans_reachable(const tc_l1_desc_t* d, tc_l1_trans_t r);
const char* tc_l1_fcov_name(tc_l1_fcov_t f); /* "VIC_RR_W1", ...; "?" out of range */
/* false only for the points section 10 argues unreachable at m's parameters */
bool tc_l1_fcov_reachable(const tc_l1_t* m, tc_l1_fcov_t f);

#ifdef __cplusplus
}
#endif
#endif
