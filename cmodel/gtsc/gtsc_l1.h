/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_l1.h -- C reference model of the G-TSC L1 controller (gtsc, gtsc-sc;
 * docs/units/gtsc/gtsc_l1.md). Written from the specification, not from rtl/gtsc/gtsc_l1.sv.
 * One gtsc_l1_tick() call = one rising edge (docs/timing.md).
 *
 *              +--------------------------------------------+
 *   core req ->| FIFO -> head (C01-C08, S01-S04)            |-> req (RD, WR, AT)
 *  core rsp  <-| lines [wts, rts], warp_ts[NumWf], MSHR     |<- rsp (FILL, RNW, WACK, AACK)
 *  wr_idle   <-| responses R01-R09, serve V01 / V02         |<- tsrst_i (gtsc_ovf)
 *              +--------------------------------------------+
 *
 * Storage is the caller's, sized by the descriptor:
 *
 *   gtsc_l1_desc_t d = gtsc_l1_desc_from(&sys);
 *   size_t n = gtsc_l1_size(&d);                         (0: illegal descriptor)
 *   gtsc_l1_t* m = gtsc_l1_init(malloc(n), n, &d, why, sizeof why);
 *
 * The model counts every row (gtsc_l1_cov; C01s, the spin bump of rule T12, as C01) and cover
 * point (gtsc_l1_fcov) it takes, the illegal
 * core requests (J1), the protocol errors (J3, J4: the row ERR) and, after every edge, the
 * violations of its assertions A1-A11 (gtsc_l1_errors; the local forms of I1-I3, I8-I10).
 */
#ifndef GPUCOH_GTSC_L1_H
#define GPUCOH_GTSC_L1_H

#include "gtsc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GTSC_L1_MAX_SETS  256u
#define GTSC_L1_MAX_WAYS  8u
#define GTSC_L1_MAX_LINES (GTSC_L1_MAX_SETS * GTSC_L1_MAX_WAYS)
#define GTSC_L1_MAX_MSHRS 64u
#define GTSC_L1_MAX_Q     8u

typedef struct {
    bool rst_n;
    bool tsrst;           /* tsrst_i */
    gtsc_core_req_t core; /* counts only when core_ready was 1 */
    gtsc_rsp_msg_t rsp;   /* no ready: one message every cycle */
} gtsc_l1_in_t;

typedef struct {
    bool core_ready;
    gtsc_core_rsp_t crsp;
    gtsc_req_msg_t req;
    uint64_t wr_idle; /* NumWf bits */
} gtsc_l1_out_t;

/* Parameters (spec section 1). */
typedef struct {
    uint32_t sc;           /* Sc, 0..1 */
    uint32_t num_wf;       /* NumWf, 1..64 */
    uint32_t line_bytes;   /* LineBytes, 16, 32, 64, 128 */
    uint32_t addr_width;   /* AddrWidth, 16..48, LA >= log2 L1Sets + 1 */
    uint32_t l1_sets;      /* L1Sets, power of 2, 1..256 */
    uint32_t l1_ways;      /* L1Ways, 1..8 */
    uint32_t l1_mshrs;     /* L1Mshrs, 1..64 */
    uint32_t l1_queue;     /* L1Queue, 1..8 */
    uint32_t wf_cnt_width; /* WfCntWidth, 2..8 */
    uint32_t ts_width;     /* TsWidth, 6..32 */
    uint32_t ep_width;     /* EpWidth, 1..8 */
    uint32_t spin_hits;    /* SpinHits, 0..255 (T12; 0: no spin bump) */
} gtsc_l1_desc_t;

/* A line (spec section 3). */
typedef struct {
    uint64_t tag;
    uint32_t st; /* gtsc_l1_st_t */
    uint32_t wts, rts;
    uint32_t data[GTSC_MAX_LINE_WORDS];
} gtsc_l1_line_t;

/* An MSHR entry (spec section 3). */
typedef struct {
    uint32_t mv, mk; /* gtsc_mk_t */
    uint64_t mline;
    uint32_t mhw, mway;
    uint64_t mwait;
    uint32_t mwf, mst;
} gtsc_l1_mshr_t;

/* Architectural state (spec section 3) in the compare layout, sized at the maximum geometry:
 * every line and rr when sel_all, else the sel_n lines of sel[] (and their sets' rr); the MSHR
 * entries, the per-warp registers (warp_ts_q, wcnt_q, spin_q), ep_q and the FIFO count (fcnt,
 * u_fifo.cnt_q) always. The output registers are the outputs (compared every cycle). */
typedef struct {
    uint32_t sel_all;
    uint32_t sel_n;
    uint32_t sel[GTSC_SEL_MAX];
    uint32_t ep, fcnt;
    uint32_t warp_ts[GTSC_MAX_WF];
    uint32_t wcnt[GTSC_MAX_WF];
    uint32_t spin[GTSC_MAX_WF];
    gtsc_l1_mshr_t mshr[GTSC_L1_MAX_MSHRS];
    uint32_t rr[GTSC_L1_MAX_SETS];
    gtsc_l1_line_t line[GTSC_L1_MAX_LINES];
} gtsc_l1_state_t;

/* Coverage rows (spec section 7), in this order; a stall row counts every stalled edge; then the
 * sub-rows .wait / .none of R05-R09. */
typedef enum {
    GTSC_L1_T_C01 = 0,
    GTSC_L1_T_C02,
    GTSC_L1_T_C03,
    GTSC_L1_T_C04,
    GTSC_L1_T_C05,
    GTSC_L1_T_C06,
    GTSC_L1_T_C07,
    GTSC_L1_T_C08,
    GTSC_L1_T_S01,
    GTSC_L1_T_S02,
    GTSC_L1_T_S03,
    GTSC_L1_T_S04,
    GTSC_L1_T_R01,
    GTSC_L1_T_R02,
    GTSC_L1_T_R03,
    GTSC_L1_T_R04,
    GTSC_L1_T_R05,
    GTSC_L1_T_R06,
    GTSC_L1_T_R07,
    GTSC_L1_T_R08,
    GTSC_L1_T_R09,
    GTSC_L1_T_V01,
    GTSC_L1_T_V02,
    GTSC_L1_T_X01,
    GTSC_L1_T_E01,
    GTSC_L1_T_Q01,
    GTSC_L1_T_ERR, /* 27 rows */
    GTSC_L1_T_R05_WAIT,
    GTSC_L1_T_R05_NONE,
    GTSC_L1_T_R06_WAIT,
    GTSC_L1_T_R06_NONE,
    GTSC_L1_T_R07_WAIT,
    GTSC_L1_T_R07_NONE,
    GTSC_L1_T_R08_WAIT,
    GTSC_L1_T_R08_NONE,
    GTSC_L1_T_R09_WAIT,
    GTSC_L1_T_R09_NONE,
    GTSC_L1_T_N
} gtsc_l1_trans_t;
#define GTSC_L1_ROWS 27u

/* Cover points (spec section 11), one counter per bin, in this order. */
typedef enum {
    GTSC_L1_F_P01 = 0,
    GTSC_L1_F_P02,
    GTSC_L1_F_P03,
    GTSC_L1_F_P04,
    GTSC_L1_F_P05_2,
    GTSC_L1_F_P05_3,
    GTSC_L1_F_P05_ALL,
    GTSC_L1_F_P06,
    GTSC_L1_F_P07,
    GTSC_L1_F_P08_LOAD,
    GTSC_L1_F_P08_STORE,
    GTSC_L1_F_P09,
    GTSC_L1_F_P10_W0, /* .. P10_W7: one bin per way */
    GTSC_L1_F_P11 = GTSC_L1_F_P10_W0 + 8,
    GTSC_L1_F_P12_KEEP1,
    GTSC_L1_F_P12_KEEP0,
    GTSC_L1_F_P13,
    GTSC_L1_F_P14,
    GTSC_L1_F_P15_R06,
    GTSC_L1_F_P15_R07,
    GTSC_L1_F_P15_R09,
    GTSC_L1_F_P16,
    GTSC_L1_F_P17_WMAX,
    GTSC_L1_F_P17_IDLE,
    GTSC_L1_F_P18_WARP,
    GTSC_L1_F_P18_LINE,
    GTSC_L1_F_P19,
    GTSC_L1_F_P20_RD,
    GTSC_L1_F_P20_WR,
    GTSC_L1_F_P20_AT,
    GTSC_L1_F_P20_SV,
    GTSC_L1_F_P21_R04_FILL,
    GTSC_L1_F_P21_R04_RNW,
    GTSC_L1_F_P21_R08_EQ,
    GTSC_L1_F_P21_R08_NE,
    GTSC_L1_F_P21_R09_EQ,
    GTSC_L1_F_P21_R09_NE,
    GTSC_L1_F_P21_V02,
    GTSC_L1_F_P22_RSP,
    GTSC_L1_F_P22_HIT,
    GTSC_L1_F_P23,
    GTSC_L1_F_P24,
    GTSC_L1_F_P25_ALL,
    GTSC_L1_F_P25_NONE,
    GTSC_L1_F_P26,
    GTSC_L1_F_P27,
    GTSC_L1_F_P28_BUMP, /* C01s */
    GTSC_L1_F_P28_PAST, /* C01s taking warp_ts past the line's rts */
    GTSC_L1_F_P29,
    GTSC_L1_F_P30,
    GTSC_L1_F_N
} gtsc_l1_fcov_t;

/* Counters (gtsc.md section 6); C-model only. */
typedef struct {
    uint64_t l1_load_hits;     /* C01, C01s */
    uint64_t l1_load_misses;   /* C02, C03, C04 */
    uint64_t l1_stall_cycles;  /* S01-S04 */
    uint64_t l1_invalidations; /* V lines dropped by a timestamp reset */
    uint64_t renewals;         /* RDs sent for a V copy (C03) or leftovers (R9, V01) */
    uint64_t illegal_core;     /* J1 */
    uint64_t protocol_errors;  /* J3, J4 (row ERR) */
    uint64_t resets;           /* tsrst_i edges */
} gtsc_l1_stats_t;

typedef struct gtsc_l1 gtsc_l1_t;

gtsc_l1_desc_t gtsc_l1_desc_from(const gtsc_desc_t* sys);
/* 0 = legal; else 1 and "gtsc_l1: NAME = V is illegal (Name: range)". */
int gtsc_l1_check_desc(const gtsc_l1_desc_t* d, char* msg, size_t msg_len);
size_t gtsc_l1_size(const gtsc_l1_desc_t* d);
gtsc_l1_t* gtsc_l1_init(void* mem, size_t len, const gtsc_l1_desc_t* d, char* msg, size_t msg_len);
void gtsc_l1_tick(gtsc_l1_t* m, const gtsc_l1_in_t* in, gtsc_l1_out_t* out);
const gtsc_l1_desc_t* gtsc_l1_desc(const gtsc_l1_t* m);
const gtsc_l1_out_t* gtsc_l1_out(const gtsc_l1_t* m);
void gtsc_l1_line_get(const gtsc_l1_t* m, uint32_t i, gtsc_l1_line_t* l);
/* Line i as the model holds it, read in place (what gtsc_l1_line_get copies; NULL for i out of
 * range): the per-edge invariant I4 reads every line. */
const gtsc_l1_line_t* gtsc_l1_line_view(const gtsc_l1_t* m, uint32_t i);
/* The line addresses a whose entry (gtsc_l1_find_entry(m, a)) is a tied WR entry, the lines
 * I4 leaves out as locked, into a (at most max; at most L1Mshrs of them): their count. */
uint32_t gtsc_l1_locked(const gtsc_l1_t* m, uint64_t* a, uint32_t max);
/* Whether the last edge left the MSHR entries as the edge before left them (it wrote neither an
 * entry, a per-warp register nor a line), so gtsc_l1_locked answers as after that edge (the
 * unit-test builds compare the entries every such edge). False after a reset edge. */
bool gtsc_l1_entries_kept(const gtsc_l1_t* m);
void gtsc_l1_mshr_get(const gtsc_l1_t* m, uint32_t k, gtsc_l1_mshr_t* e);
/* The state in the compare layout, the selection s->sel_all / sel_n / sel[] the caller set. */
void gtsc_l1_state_get(const gtsc_l1_t* m, gtsc_l1_state_t* s);
/* The lines the last tick wrote (for partial compares; gpu_l1_touched's contract): returns their
 * count (<= max) into sel, or sets *all when a tick wrote more than max lines or every line
 * (reset, timestamp reset). Written: any of the line's tag, st, wts, rts, data, or its set's rr;
 * a response is counted as writing its entry's tied line. */
uint32_t gtsc_l1_touched(const gtsc_l1_t* m, uint32_t* sel, uint32_t max, bool* all);
uint32_t gtsc_l1_warp_ts(const gtsc_l1_t* m, uint32_t w);
uint32_t gtsc_l1_wcnt(const gtsc_l1_t* m, uint32_t w);
/* spin[w] (spin_q, T12): warp w's C01 hits since its last bump or other accepted request. */
uint32_t gtsc_l1_spin(const gtsc_l1_t* m, uint32_t w);
/* The logical time of warp w's load if the last edge served one (I5): warp_ts[w], but for a
 * C01s the T4 value before the bump (gtsc.md section 15.1: the bumped load is served at it). */
uint32_t gtsc_l1_load_ts(const gtsc_l1_t* m, uint32_t w);
uint32_t gtsc_l1_ep(const gtsc_l1_t* m);
uint32_t gtsc_l1_rr(const gtsc_l1_t* m, uint32_t s);
uint32_t gtsc_l1_fcnt(const gtsc_l1_t* m);
/* The index (set * L1Ways + way) of the line matching line address a (section 3), or -1. */
int64_t gtsc_l1_find(const gtsc_l1_t* m, uint64_t a);
/* The entry matching line address a, or -1. */
int64_t gtsc_l1_find_entry(const gtsc_l1_t* m, uint64_t a);
/* The line address of line i (its tag and set). */
uint64_t gtsc_l1_line_addr(const gtsc_l1_t* m, uint32_t i);
/* Whether line i is tied to an entry (section 3). */
bool gtsc_l1_tied(const gtsc_l1_t* m, uint32_t i);
/* The assertions A1, A2, A4, A8, A9 (and I3's bound, and T12's `spin[w] <= SpinHits`) over the
 * present state: violations found.
 * gtsc_l1_tick counts the same after every edge (with A3, A5, A6, A10, A11, which need the
 * edge) and adds to gtsc_l1_errors; it re-checks A1, A4 and the P lines only in the sets the
 * edge wrote (gpucoh_setchk.h), and the unit-test builds compare that count with this
 * function's every edge. A system checker may call it at any time. */
uint64_t gtsc_l1_check(const gtsc_l1_t* m);
/* gtsc_l1_check's count after the last edge, as the model counted it at that edge (re-checking
 * only the sets the edge wrote) instead of over every line again. */
uint64_t gtsc_l1_checked(const gtsc_l1_t* m);
const uint64_t* gtsc_l1_cov(const gtsc_l1_t* m);  /* [GTSC_L1_T_N] */
const uint64_t* gtsc_l1_fcov(const gtsc_l1_t* m); /* [GTSC_L1_F_N] */
const char* gtsc_l1_trans_id(gtsc_l1_trans_t r);  /* "C01", "R05.wait"; "?" out of range */
const char* gtsc_l1_fcov_name(gtsc_l1_fcov_t f);  /* "P01", "P05_2"; "?" out of range */
bool gtsc_l1_trans_reachable(const gtsc_l1_desc_t* d, gtsc_l1_trans_t r);
bool gtsc_l1_fcov_reachable(const gtsc_l1_desc_t* d, gtsc_l1_fcov_t f);
uint64_t gtsc_l1_errors(const gtsc_l1_t* m); /* A1-A11 violations, after every edge */
void gtsc_l1_stats(const gtsc_l1_t* m, gtsc_l1_stats_t* s);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_GTSC_L1_H */
