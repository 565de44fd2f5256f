/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_l2.h -- C reference model of one G-TSC L2 bank (docs/units/gtsc/gtsc_l2.md). Written from
 * the specification, not from rtl/gtsc/gtsc_l2.sv. One gtsc_l2_tick() call = one rising edge.
 *
 *           +-------------------------------------------------+
 *   req  -> | FIFO -> head (H01-H05 .h, M01-M03, S01-S03)    | -> rsp (FILL, RNW, WACK, AACK)
 *   DRAM -> | fills F01 -> ready entries (H01-H05 .m)         | -> DRAM fetch / write-back
 * lease_i,  | lines [wts, rts], mem_ts, ep; overflow O01      | -> ovf_o (to gtsc_ovf)
 * tsrst_i-> +-------------------------------------------------+
 *
 * Storage as gtsc_l1.h: the caller's block, sized by the descriptor; opaque. The model counts
 * every row and cover point, the illegal inputs (J1 stray fills, J2 illegal requests) and, after
 * every edge, the violations of its assertions B1-B8 (gtsc_l2_errors).
 */
#ifndef GPUCOH_GTSC_L2_H
#define GPUCOH_GTSC_L2_H

#include "gtsc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GTSC_L2_MAX_SETS  1024u
#define GTSC_L2_MAX_WAYS  16u
#define GTSC_L2_MAX_LINES (GTSC_L2_MAX_SETS * GTSC_L2_MAX_WAYS)
#define GTSC_L2_MAX_MSHRS 64u
#define GTSC_L2_MAX_Q     8u

typedef struct {
    bool rst_n;
    uint32_t lease;     /* lease_i: a constant the descriptor drives (D3) */
    uint32_t bank;      /* bank_i: this bank's number, a constant the system drives (a strap):
                         * the low BB bits of a write-back's line address (section 1) */
    bool tsrst;         /* tsrst_i */
    gtsc_req_msg_t req; /* src set by the network; counts only when req_ready was 1 */
    gtsc_mem_rsp_t mem;
} gtsc_l2_in_t;

typedef struct {
    bool ovf; /* ovf_o = ovf_q */
    bool req_ready;
    gtsc_rsp_msg_t rsp; /* dst: one-hot SM mask */
    gtsc_mem_req_t mreq;
} gtsc_l2_out_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t num_sm;     /* NumSm, 1..64 */
    uint32_t num_banks;  /* NumBanks, 1, 2, 4, 8, 16 */
    uint32_t line_bytes; /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width; /* AddrWidth, 16..48 */
    uint32_t l2_sets;    /* L2Sets, power of 2, 1..1024 */
    uint32_t l2_ways;    /* L2Ways, 1..16 */
    uint32_t l2_mshrs;   /* L2Mshrs, 1..64 */
    uint32_t l2_queue;   /* L2Queue, 1..8 */
    uint32_t ts_width;   /* TsWidth, 6..32 */
    uint32_t ep_width;   /* EpWidth, 1..8 */
} gtsc_l2_desc_t;

/* A line (spec section 3). */
typedef struct {
    uint64_t tag;
    uint32_t st; /* gtsc_l2_st_t */
    uint32_t wts, rts;
    uint32_t data[GTSC_MAX_LINE_WORDS];
} gtsc_l2_line_t;

/* An MSHR entry (spec section 3). */
typedef struct {
    uint32_t mv, mrdy;
    uint64_t mline;
    uint32_t mway, mkind, msrc, mwf, mwts, mwarp, mep;
    uint32_t mdata[GTSC_MAX_LINE_WORDS];
    uint32_t mmask[GTSC_MASK_WORDS];
    uint32_t maop, mword, ma, mb;
} gtsc_l2_mshr_t;

/* Architectural state (spec section 3) in the compare layout, sized at the maximum geometry:
 * every line and rr when sel_all, else the sel_n lines of sel[] (and their sets' rr, sel as
 * gtsc_l1_state_t's, at most GTSC_SEL_MAX); the MSHR entries, mem_ts_q, ep_q, ovf_q and the FIFO
 * count (fcnt, u_fifo.cnt_q) always. The output registers are the outputs. */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[GTSC_SEL_MAX];
    uint32_t mem_ts, ep, ovf, fcnt;
    gtsc_l2_mshr_t mshr[GTSC_L2_MAX_MSHRS];
    uint32_t rr[GTSC_L2_MAX_SETS];
    gtsc_l2_line_t line[GTSC_L2_MAX_LINES];
} gtsc_l2_state_t;

/* Coverage rows (spec section 7), in this order: 24; a stall row counts every stalled try. */
typedef enum {
    GTSC_L2_T_H01H = 0,
    GTSC_L2_T_H01M,
    GTSC_L2_T_H02H,
    GTSC_L2_T_H02M,
    GTSC_L2_T_H03H,
    GTSC_L2_T_H03M,
    GTSC_L2_T_H04H,
    GTSC_L2_T_H04M,
    GTSC_L2_T_H05H,
    GTSC_L2_T_H05M,
    GTSC_L2_T_O01,
    GTSC_L2_T_M01,
    GTSC_L2_T_M02,
    GTSC_L2_T_M03,
    GTSC_L2_T_S01,
    GTSC_L2_T_S02,
    GTSC_L2_T_S03,
    GTSC_L2_T_F01,
    GTSC_L2_T_E01,
    GTSC_L2_T_E02,
    GTSC_L2_T_X01,
    GTSC_L2_T_Q01,
    GTSC_L2_T_F02,
    GTSC_L2_T_ERR,
    GTSC_L2_T_N
} gtsc_l2_trans_t;

/* Cover points (spec section 11), one counter per bin, in this order. */
typedef enum {
    GTSC_L2_F_K01_RD = 0,
    GTSC_L2_F_K01_WR,
    GTSC_L2_F_K01_AT,
    GTSC_L2_F_K02_RNW,
    GTSC_L2_F_K02_FILL,
    GTSC_L2_F_K03,
    GTSC_L2_F_K04_EXT,
    GTSC_L2_F_K04_NOEXT,
    GTSC_L2_F_K05_READ,
    GTSC_L2_F_K05_STORE,
    GTSC_L2_F_K05_FILL,
    GTSC_L2_F_K06_WR,
    GTSC_L2_F_K06_AT,
    GTSC_L2_F_K06_READY,
    GTSC_L2_F_K07,
    GTSC_L2_F_K08_READY,
    GTSC_L2_F_K08_FULL,
    GTSC_L2_F_K09_KEEP1,
    GTSC_L2_F_K09_KEEP0,
    GTSC_L2_F_K10_RAISE,
    GTSC_L2_F_K10_NORAISE,
    GTSC_L2_F_K11,
    GTSC_L2_F_K12,
    GTSC_L2_F_K13_W0, /* .. K13_W15: one bin per way */
    GTSC_L2_F_K14 = GTSC_L2_F_K13_W0 + 16,
    GTSC_L2_F_K15_S01,
    GTSC_L2_F_K15_S02,
    GTSC_L2_F_K15_S03,
    GTSC_L2_F_K16,
    GTSC_L2_F_K17_ADD,
    GTSC_L2_F_K17_EXCH,
    GTSC_L2_F_K17_CAS_OK,
    GTSC_L2_F_K17_CAS_FAIL,
    GTSC_L2_F_K18,
    GTSC_L2_F_K19,
    GTSC_L2_F_K20,
    GTSC_L2_F_K21,
    GTSC_L2_F_K22,
    GTSC_L2_F_N
} gtsc_l2_fcov_t;

/* Counters (gtsc.md section 6); C-model only. */
typedef struct {
    uint64_t l2_stall_cycles;   /* S01-S03 */
    uint64_t rnw_answers;       /* H01 */
    uint64_t fill_for_renewals; /* H02 with wts_e != 0 */
    uint64_t old_requests;      /* R5 .old */
    uint64_t resets;            /* tsrst_i edges */
    uint64_t overflows;         /* O01 */
    uint64_t stray_fills;       /* J1 (F02) */
    uint64_t illegal_req;       /* J2 (ERR) */
    uint64_t fetches, dram_wbs;
} gtsc_l2_stats_t;

typedef struct gtsc_l2 gtsc_l2_t;

/* The bank's parameters of the system's (every bank has the same; its number is bank_i). */
gtsc_l2_desc_t gtsc_l2_desc_from(const gtsc_desc_t* sys);
/* 0 = legal; else 1 and "gtsc_l2: NAME = V is illegal (Name: range)". */
int gtsc_l2_check_desc(const gtsc_l2_desc_t* d, char* msg, size_t msg_len);
size_t gtsc_l2_size(const gtsc_l2_desc_t* d);
gtsc_l2_t* gtsc_l2_init(void* mem, size_t len, const gtsc_l2_desc_t* d, char* msg, size_t msg_len);
void gtsc_l2_tick(gtsc_l2_t* m, const gtsc_l2_in_t* in, gtsc_l2_out_t* out);
const gtsc_l2_desc_t* gtsc_l2_desc(const gtsc_l2_t* m);
const gtsc_l2_out_t* gtsc_l2_out(const gtsc_l2_t* m);
void gtsc_l2_line_get(const gtsc_l2_t* m, uint32_t i, gtsc_l2_line_t* l);
/* Line i in place (what gtsc_l2_line_get copies), NULL out of range; valid until the next edge. */
const gtsc_l2_line_t* gtsc_l2_line_view(const gtsc_l2_t* m, uint32_t i);
void gtsc_l2_mshr_get(const gtsc_l2_t* m, uint32_t k, gtsc_l2_mshr_t* e);
/* The state in the compare layout, the selection the caller set (as gtsc_l1_state_get). */
void gtsc_l2_state_get(const gtsc_l2_t* m, gtsc_l2_state_t* s);
/* The lines the last tick wrote (gtsc_l1_touched's contract): a fill's line, a PERFORM's line, a
 * miss's reserved way (and its set's rr); all after a reset or a timestamp reset. */
uint32_t gtsc_l2_touched(const gtsc_l2_t* m, uint32_t* sel, uint32_t max, bool* all);
uint32_t gtsc_l2_mem_ts(const gtsc_l2_t* m);
uint32_t gtsc_l2_ep(const gtsc_l2_t* m);
uint32_t gtsc_l2_ovf(const gtsc_l2_t* m);
uint32_t gtsc_l2_rr(const gtsc_l2_t* m, uint32_t s);
uint32_t gtsc_l2_fcnt(const gtsc_l2_t* m);
/* The line index (set * L2Ways + way) matching line, or -1. */
int64_t gtsc_l2_find(const gtsc_l2_t* m, uint64_t line);
/* B1, B2, B3 and B6 (lease) over the present state: the violations found. gtsc_l2_tick counts
 * the same after every edge (with B4, B5, B7, B8, which need the edge) and adds to
 * gtsc_l2_errors; it re-checks B1 and B3 only in the sets the edge wrote (gpucoh_setchk.h), and
 * the unit-test builds compare that count with this function's every edge. */
uint64_t gtsc_l2_check(const gtsc_l2_t* m, uint32_t lease);
/* gtsc_l2_check's count after the last edge, as the model counted it at that edge (re-checking
 * only the sets the edge wrote) instead of over every line again. */
uint64_t gtsc_l2_checked(const gtsc_l2_t* m, uint32_t lease);
const uint64_t* gtsc_l2_cov(const gtsc_l2_t* m);  /* [GTSC_L2_T_N] */
const uint64_t* gtsc_l2_fcov(const gtsc_l2_t* m); /* [GTSC_L2_F_N] */
const char* gtsc_l2_trans_id(gtsc_l2_trans_t r);  /* "H01.h", "O01"; "?" out of range */
const char* gtsc_l2_fcov_name(gtsc_l2_fcov_t f);  /* "K01_RD"; "?" out of range */
bool gtsc_l2_trans_reachable(const gtsc_l2_desc_t* d, gtsc_l2_trans_t r);
bool gtsc_l2_fcov_reachable(const gtsc_l2_desc_t* d, gtsc_l2_fcov_t f);
uint64_t gtsc_l2_errors(const gtsc_l2_t* m); /* B1-B8 violations, after every edge */
void gtsc_l2_stats(const gtsc_l2_t* m, gtsc_l2_stats_t* s);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GTSC_L2_H */
