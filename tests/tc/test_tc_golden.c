/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_tc_golden.c -- the worked examples of Temporal Coherence (Singh et al., HPCA 2013; notes
 * ../shared/reference/notes/seed001-tc.md §5: GT-1, GT-3, GT-4 and the table-driven tests
 * derived from Table 2) as directed golden tests, on the C models and on the Verilated RTL.
 *
 * The test is a tiny system: three tc_l1 (SM 0..2, "C1".."C3") and one tc_l2 bank, all C models
 * or all RTL. The test plays the crossbar (zero latency: an L1 request visible in cycle k is
 * presented to the L2 in cycle k with src = the SM; an L2 response visible in cycle k is given
 * to every L1 named in dst in cycle k), the DRAM (a fetch is answered in the cycle it is seen
 * with the known image memw(line, w), writebacks update the image) and the timer (`now`, era
 * and roll are plain inputs set by each step). Any of the three channels can be held.
 *
 * Expected values are written here from the spec (docs/system.md, docs/units/tc_*.md,
 * docs/timing.md), never taken from a model, so a misreading shared by the C model and the RTL
 * fails here. Readings used where the spec leaves a choice:
 *   - M8 "a GETS is accepted" = served at the head (H01-H03, H18, H20), with the exp bit
 *     carried by the request; -TWrite counts for GETX/UPGR served on P/S with gTS >= now
 *     (H04, H05, H07-H10), so a TC-Strong write that waited for expiry does not count.
 *     The grant of a hit (H01-H03) uses life_q before the edge's predictor step (M3, M2 d).
 *   - The initial tc_desc_t is tc_desc_default() overridden with the small geometry below.
 *
 * Geometry (both protocols): NumSm 4 (SM 3 has no L1: the injected GETS of GT-3/GT-4 come from
 * it), NumWf 4, NumBanks 1, LineBytes 16, AddrWidth 16, L1 4 sets x 2 ways, L2 4 sets x 2 ways,
 * 4 MSHRs, TsWidth 16, queues 2. Four L2 parameter sets (TC-Weak / TC-Strong x fixed Lease 10 /
 * predict PredInit 29), all with THit 30, TEvict 8, TWrite 8, PredMin 0, PredMax 200.
 *
 * Every scenario reports every mismatch (scenario, step, field, expected, got) and fails at its
 * end. TC_GOLDEN_FILTER (a cmocka filter such as "*_c") selects tests; TC_GOLDEN_RTL_UNITS=l1
 * (or l2) makes the *_rtl tests use the RTL of that unit only, the other from its C model
 * (debugging aid). GPUCOH_ROOT must point at the repository for the RTL runs.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rtl_load.h"
#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_types.h"
#include "tc_units.h"
#include "unit.h"

#define NSM   3u /* L1 instances */
#define QMAX  32u
#define NLINE 4096u /* LA = 12 bits */
#define ANY   0xFFFFFFFFu

/* line addresses (L1 set = L2 set = line mod 4) */
#define X_  0x010u /* set 0 */
#define Y_  0x021u /* set 1: GT data */
#define F_  0x022u /* set 2: GT flag */
#define Z_  0x033u /* set 3: unrelated line */
#define EA_ 0x010u /* T-EVICT: A, B, C share set 0 */
#define EB_ 0x014u
#define EC_ 0x018u

/* PS_WC_FIX: TC-Weak-C (Protocol 2) with PS_W_FIX's L2 parameters (fixed Lease 10). */
typedef enum { PS_W_FIX, PS_S_FIX, PS_W_PRED, PS_S_PRED, PS_WC_FIX } pset_t;

static uint32_t memw(uint32_t line, uint32_t w) {
    return 0xD0000000u | (line << 8) | w;
}

typedef struct {
    const char* scen;
    const char* step;
    bool rtl;  /* any unit is RTL */
    bool rtl1; /* the L1s are RTL */
    bool rtl2; /* the L2 is RTL */
    tc_desc_t d;
    /* models */
    tc_l1_t* c1[NSM];
    tc_l2_t* c2;
    gpucoh_rtl_t r1, r2;
    void* h1[NSM];
    void* h2;
    tc_l1_state_t* rs1; /* state buffers (C: tc_l1_state_get; RTL: the shim) */
    tc_l2_state_t* rs2;
    tc_l1_out_t o1[NSM];
    tc_l2_out_t o2;
    tc_time_t t;
    /* channels */
    tc_core_req_t cq[NSM][QMAX];
    uint32_t cqn[NSM];
    tc_req_t xq[QMAX];
    uint32_t xqn;
    tc_rsp_t rq[QMAX];
    uint32_t rqn;
    uint64_t fq[QMAX];
    uint32_t fqn;
    bool hold_xbar, hold_rsp, hold_mem;
    uint32_t mem[NLINE][4];
    /* log */
    uint32_t nreq[8], nrsp[8], nfetch, nwb, nrsp_all;
    tc_req_t last_req[NSM];
    uint32_t nreq_sm[NSM];
    tc_rsp_t last_rsp;
    tc_rsp_t dlv[NSM]; /* the last response given to each L1 */
    tc_core_rsp_t last_crsp[NSM];
    uint32_t ncrsp[NSM];
    uint64_t last_wb_line;
    uint32_t last_wb_data[4];
    uint32_t delivered; /* L1s given a response in the last tick */
    bool busy;          /* something happened in the last tick */
    uint64_t cycle;
    uint32_t fails;
} sys_t;

/* ---- checks ---------------------------------------------------------------------------------- */

static void ck(sys_t* s, int line, const char* what, uint64_t exp, uint64_t got) {
    if (exp == got)
        return;
    if (s->fails < 40)
        print_error("[%s %s] %s, step \"%s\" (test line %d): %s expected %llu (0x%llx) got %llu "
                    "(0x%llx) [now %u, cycle %llu]\n",
                    s->scen, s->rtl1 ? (s->rtl2 ? "RTL" : "RTL l1") : (s->rtl2 ? "RTL l2" : "C"),
                    s->d.protocol == TC_WEAK_C ? "TC-Weak-C"
                    : s->d.protocol            ? "TC-Weak"
                                               : "TC-Strong",
                    s->step, line, what, (unsigned long long)exp, (unsigned long long)exp,
                    (unsigned long long)got, (unsigned long long)got, s->t.now,
                    (unsigned long long)s->cycle);
    s->fails++;
}
#define CK(s, what, exp, got) ck((s), __LINE__, (what), (uint64_t)(exp), (uint64_t)(got))

/* ---- models ---------------------------------------------------------------------------------- */

static tc_desc_t pdesc(pset_t p) {
    const bool weak = (p == PS_W_FIX || p == PS_W_PRED);
    tc_desc_t d = tc_desc_default(p == PS_WC_FIX ? TC_WEAK_C : weak ? TC_WEAK : TC_STRONG);
    d.num_sm = 4;
    d.num_wf = 4;
    d.num_banks = 1;
    d.line_bytes = 16;
    d.addr_width = 16;
    d.l1_sets = 4;
    d.l1_ways = 2;
    d.l2_sets = 4;
    d.l2_ways = 2;
    d.l2_mshrs = 4;
    d.ts_width = 16;
    d.l1_queue = 2;
    d.l2_queue = 2;
    d.wf_cnt_width = 3;
    d.line_cnt_width = 2;
    d.lease_mode =
        (p == PS_W_FIX || p == PS_S_FIX || p == PS_WC_FIX) ? TC_LEASE_FIXED : TC_LEASE_PREDICT;
    d.lease = 10;
    d.pred_init = 29;
    d.pred_min = 0;
    d.pred_max = 200;
    d.t_hit = 30;
    d.t_evict = 8;
    d.t_write = 8;
    d.use_t_write = 1;
    return d;
}

static void load_rtl(const gpucoh_unit_t* u, const tc_desc_t* d, gpucoh_rtl_t* r) {
    gpucoh_pvals_t pv;
    tc_pvals_from_desc(u, d, &pv);
    char err[1024];
    if (gpucoh_rtl_load(u, &pv, NULL, true, r, err, sizeof err) != 0)
        fail_msg("RTL build/load of %s failed: %s", u->name, err);
}

static sys_t* sys_open(const char* scen, pset_t p, bool rtl) {
    sys_t* s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->scen = scen;
    s->step = "reset";
    s->rtl = rtl;
    s->rtl1 = s->rtl2 = rtl;
    const char* m = getenv("TC_GOLDEN_RTL_UNITS"); /* "l1" or "l2": only that unit is RTL */
    if (rtl && m && strcmp(m, "l1") == 0)
        s->rtl2 = false;
    if (rtl && m && strcmp(m, "l2") == 0)
        s->rtl1 = false;
    s->d = pdesc(p);
    char err[512];
    if (tc_check_desc(&s->d, err, sizeof err) != 0)
        fail_msg("%s: tc_check_desc refuses the descriptor: %s", scen, err);
    for (uint32_t l = 0; l < NLINE; l++)
        for (uint32_t w = 0; w < 4; w++)
            s->mem[l][w] = memw(l, w);
    if (!s->rtl1) {
        const tc_l1_desc_t d1 = tc_l1_desc_from(&s->d);
        const size_t n1 = tc_l1_size(&d1);
        assert_true(n1 > 0);
        for (uint32_t j = 0; j < NSM; j++) {
            void* mem = malloc(n1);
            assert_non_null(mem);
            s->c1[j] = tc_l1_init(mem, n1, &d1, err, sizeof err);
            if (!s->c1[j])
                fail_msg("tc_l1_init: %s", err);
        }
    } else {
        load_rtl(&unit_tc_l1, &s->d, &s->r1);
        for (uint32_t j = 0; j < NSM; j++)
            s->h1[j] = s->r1.api->create();
    }
    s->rs1 = calloc(1, sizeof *s->rs1);
    assert_non_null(s->rs1);
    if (!s->rtl2) {
        const tc_l2_desc_t d2 = tc_l2_desc_from(&s->d);
        const size_t n2 = tc_l2_size(&d2);
        assert_true(n2 > 0);
        void* mem = malloc(n2);
        assert_non_null(mem);
        s->c2 = tc_l2_init(mem, n2, &d2, err, sizeof err);
        if (!s->c2)
            fail_msg("tc_l2_init: %s", err);
    } else {
        load_rtl(&unit_tc_l2, &s->d, &s->r2);
        s->h2 = s->r2.api->create();
    }
    s->rs2 = calloc(1, sizeof *s->rs2);
    assert_non_null(s->rs2);
    s->t.now = 1;
    return s;
}

static void sys_close(sys_t* s) {
    /* protocol errors seen by the models (C: error counters; RTL: failed assertions) */
    s->step = "end";
    for (uint32_t j = 0; j < NSM; j++) {
        if (!s->rtl1)
            CK(s, "tc_l1 protocol errors", 0, s->c1[j]->errors);
        else
            CK(s, "tc_l1 RTL assertion failures", 0, s->r1.api->errors(s->h1[j]));
    }
    if (!s->rtl2)
        CK(s, "tc_l2 protocol errors", 0, s->c2->errors);
    else
        CK(s, "tc_l2 RTL assertion failures", 0, s->r2.api->errors(s->h2));
    const uint32_t fails = s->fails;
    const char* scen = s->scen;
    if (!s->rtl1) {
        for (uint32_t j = 0; j < NSM; j++)
            free(s->c1[j]);
    } else {
        for (uint32_t j = 0; j < NSM; j++)
            s->r1.api->destroy(s->h1[j]);
        gpucoh_rtl_unload(&s->r1);
    }
    free(s->rs1);
    if (!s->rtl2) {
        free(s->c2);
    } else {
        s->r2.api->destroy(s->h2);
        gpucoh_rtl_unload(&s->r2);
    }
    free(s->rs2);
    const bool rtl = s->rtl;
    free(s);
    if (fails)
        fail_msg("%s (%s): %u mismatches (listed above)", scen, rtl ? "RTL" : "C", fails);
}

static const tc_l1_state_t* l1st(sys_t* s, uint32_t j) {
    s->rs1->sel_all = 1;
    if (!s->rtl1)
        tc_l1_state_get(s->c1[j], s->rs1);
    else
        s->r1.api->state(s->h1[j], s->rs1);
    return s->rs1;
}

static const tc_l2_state_t* l2st(sys_t* s) {
    s->rs2->sel_all = 1;
    if (!s->rtl2)
        tc_l2_state_get(s->c2, s->rs2);
    else
        s->r2.api->state(s->h2, s->rs2);
    return s->rs2;
}

/* ---- one clock edge of the system ------------------------------------------------------------ */

static void absorb(sys_t* s) {
    s->busy = false;
    s->delivered = 0;
    for (uint32_t j = 0; j < NSM; j++) {
        if (s->o1[j].req.valid) {
            tc_req_t r = s->o1[j].req;
            s->last_req[j] = r;
            s->nreq_sm[j]++;
            s->nreq[r.kind & 7u]++;
            r.src = j;
            assert_true(s->xqn < QMAX);
            s->xq[s->xqn++] = r;
            s->busy = true;
        }
        if (s->o1[j].crsp.valid) {
            s->last_crsp[j] = s->o1[j].crsp;
            s->ncrsp[j]++;
            s->busy = true;
        }
    }
    if (s->o2.rsp.valid) {
        s->last_rsp = s->o2.rsp;
        s->nrsp[s->o2.rsp.kind & 7u]++;
        s->nrsp_all++;
        assert_true(s->rqn < QMAX);
        s->rq[s->rqn++] = s->o2.rsp;
        s->busy = true;
    }
    if (s->o2.mreq.fetch) {
        assert_true(s->fqn < QMAX);
        s->fq[s->fqn++] = s->o2.mreq.fetch_line;
        s->nfetch++;
        s->busy = true;
    }
    if (s->o2.mreq.wb) {
        s->nwb++;
        s->last_wb_line = s->o2.mreq.wb_line;
        memcpy(s->last_wb_data, s->o2.mreq.wb_data, sizeof s->last_wb_data);
        memcpy(s->mem[s->o2.mreq.wb_line % NLINE], s->o2.mreq.wb_data, 16);
        s->busy = true;
    }
}

static void tick_rst(sys_t* s, bool rst_n) {
    static tc_l1_in_t i1[NSM];
    static tc_l2_in_t i2;
    memset(i1, 0, sizeof i1);
    memset(&i2, 0, sizeof i2);
    /* L2 inputs */
    i2.rst_n = rst_n;
    i2.t = s->t;
    bool pop_x = false, pop_f = false, pop_r = false;
    if (rst_n && !s->hold_xbar && s->xqn) {
        i2.req = s->xq[0];
        pop_x = s->o2.req_ready;
    }
    if (rst_n && !s->hold_mem && s->fqn) {
        i2.mem.valid = true;
        i2.mem.line = s->fq[0];
        memcpy(i2.mem.data, s->mem[s->fq[0] % NLINE], 16);
        pop_f = true;
    }
    /* L1 inputs */
    uint32_t deliv = 0;
    for (uint32_t j = 0; j < NSM; j++) {
        i1[j].rst_n = rst_n;
        i1[j].t = s->t;
        if (rst_n && s->cqn[j])
            i1[j].core = s->cq[j][0];
        if (rst_n && !s->hold_rsp && s->rqn && (s->rq[0].dst >> j & 1u)) {
            i1[j].rsp = s->rq[0];
            s->dlv[j] = s->rq[0];
            deliv |= 1u << j;
        }
    }
    if (rst_n && !s->hold_rsp && s->rqn)
        pop_r = true; /* responses to SMs without an L1 are dropped */
    bool pop_c[NSM];
    for (uint32_t j = 0; j < NSM; j++)
        pop_c[j] = rst_n && s->cqn[j] && s->o1[j].core_ready;
    /* the edge */
    for (uint32_t j = 0; j < NSM; j++) {
        if (s->rtl1)
            s->r1.api->tick(s->h1[j], &i1[j], &s->o1[j]);
        else
            tc_l1_tick(s->c1[j], &i1[j], &s->o1[j]);
    }
    if (s->rtl2)
        s->r2.api->tick(s->h2, &i2, &s->o2);
    else
        tc_l2_tick(s->c2, &i2, &s->o2);
    s->cycle++;
    /* channel bookkeeping */
    if (pop_x) {
        memmove(s->xq, s->xq + 1, (s->xqn - 1) * sizeof s->xq[0]);
        s->xqn--;
    }
    if (pop_f) {
        memmove(s->fq, s->fq + 1, (s->fqn - 1) * sizeof s->fq[0]);
        s->fqn--;
    }
    if (pop_r) {
        memmove(s->rq, s->rq + 1, (s->rqn - 1) * sizeof s->rq[0]);
        s->rqn--;
    }
    for (uint32_t j = 0; j < NSM; j++)
        if (pop_c[j]) {
            memmove(s->cq[j], s->cq[j] + 1, (s->cqn[j] - 1) * sizeof s->cq[j][0]);
            s->cqn[j]--;
        }
    if (rst_n) {
        absorb(s);
    } else {
        memset(s->o1, 0, sizeof s->o1);
        memset(&s->o2, 0, sizeof s->o2);
    }
    s->delivered = deliv;
    if (deliv || pop_x || pop_f || pop_c[0] || pop_c[1] || pop_c[2])
        s->busy = true;
}

static void tick(sys_t* s) {
    tick_rst(s, true);
}

static void run(sys_t* s, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        tick(s);
}

static bool pending(const sys_t* s) {
    if (s->cqn[0] || s->cqn[1] || s->cqn[2])
        return true;
    return (!s->hold_xbar && s->xqn) || (!s->hold_rsp && s->rqn) || (!s->hold_mem && s->fqn);
}

/* Ticks at the current time until nothing moves for 8 cycles (a stalled L2 head stays). */
static void settle(sys_t* s) {
    uint32_t quiet = 0;
    for (uint32_t i = 0; i < 400 && quiet < 8; i++) {
        tick(s);
        quiet = (s->busy || pending(s)) ? 0 : quiet + 1;
    }
}

/* Tick until L1 j puts a request on its port (at most 40 cycles); true if it did. */
static bool run_until_req(sys_t* s, uint32_t j) {
    const uint32_t n0 = s->nreq_sm[j];
    for (uint32_t i = 0; i < 40; i++) {
        tick(s);
        if (s->nreq_sm[j] != n0)
            return true;
    }
    return false;
}

/* Tick until L1 j has been given a response (at most 40 cycles); true if it was. */
static bool run_until_rsp(sys_t* s, uint32_t j) {
    for (uint32_t i = 0; i < 40; i++) {
        tick(s);
        if (s->delivered >> j & 1u)
            return true;
    }
    return false;
}

static void reset(sys_t* s) {
    tick_rst(s, false);
    tick_rst(s, false);
    tick(s); /* one idle cycle: the ready outputs are valid after it */
    memset(s->nreq, 0, sizeof s->nreq);
    memset(s->nrsp, 0, sizeof s->nrsp);
    s->nfetch = s->nwb = s->nrsp_all = 0;
}

static void set_now(sys_t* s, uint32_t now) {
    s->t.now = now;
    s->t.roll = false;
}

/* ---- core operations (queued; the L1 takes them when core_ready) ---------------------------- */

static void core_push(sys_t* s, uint32_t j, const tc_core_req_t* r) {
    assert_true(s->cqn[j] < QMAX);
    s->cq[j][s->cqn[j]++] = *r;
}

static void load(sys_t* s, uint32_t j, uint32_t wf, uint32_t line) {
    tc_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = TC_OP_LOAD;
    r.wf = wf;
    r.line = line;
    core_push(s, j, &r);
}

static void store(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t word, uint32_t v) {
    tc_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = TC_OP_STORE;
    r.wf = wf;
    r.line = line;
    r.data[word] = v;
    r.mask[0] = 0xFu << (4u * word);
    core_push(s, j, &r);
}

static void atomic(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t aop, uint32_t word,
                   uint32_t a, uint32_t b) {
    tc_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = TC_OP_ATOMIC;
    r.wf = wf;
    r.line = line;
    r.aop = aop;
    r.word = word;
    r.a = a;
    r.b = b;
    core_push(s, j, &r);
}

/* A GETS injected into the crossbar as if from SM src (an SM without an L1 here). */
static void inject_gets(sys_t* s, uint32_t src, uint32_t line, bool exp) {
    tc_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.kind = TC_REQ_GETS;
    r.src = src;
    r.line = line;
    r.exp = exp;
    assert_true(s->xqn < QMAX);
    s->xq[s->xqn++] = r;
}

/* ---- expectations ------------------------------------------------------------------------ */

/* The line of L1 j holding `line` with st != I (rule L1 "matches"), or NULL. */
static const tc_l1_line_t* l1_line(sys_t* s, uint32_t j, uint32_t line) {
    const tc_l1_state_t* st = l1st(s, j);
    const uint32_t set = line % s->d.l1_sets;
    for (uint32_t w = 0; w < s->d.l1_ways; w++) {
        const tc_l1_line_t* l = &st->line[set * s->d.l1_ways + w];
        if (l->st != TC_L1_I && l->tag == line / s->d.l1_sets)
            return l;
    }
    return NULL;
}

/* A way of L1 j with the tag of `line`, in any state (for lines that went to I). */
static const tc_l1_line_t* l1_tagged(sys_t* s, uint32_t j, uint32_t line) {
    const tc_l1_state_t* st = l1st(s, j);
    const uint32_t set = line % s->d.l1_sets;
    for (uint32_t w = 0; w < s->d.l1_ways; w++) {
        const tc_l1_line_t* l = &st->line[set * s->d.l1_ways + w];
        if (l->tag == line / s->d.l1_sets)
            return l;
    }
    return NULL;
}

/* st: expected state (TC_L1_I = no matching way); lts: ANY = not checked. */
static void exp_l1(sys_t* s, int ln, uint32_t j, uint32_t line, uint32_t st, uint32_t lts) {
    char what[96];
    const tc_l1_line_t* l = l1_line(s, j, line);
    snprintf(what, sizeof what, "C%u L1 line 0x%03x state (0 I,1 V,2 V_M,3 I_V,4 I_I)", j + 1,
             line);
    ck(s, ln, what, st, l ? l->st : TC_L1_I);
    if (l && lts != ANY) {
        snprintf(what, sizeof what, "C%u L1 line 0x%03x lTS", j + 1, line);
        ck(s, ln, what, lts, l->lts);
    }
}
#define EXP_L1(s, j, line, st, lts) exp_l1((s), __LINE__, (j), (line), (st), (lts))

static void exp_l1_data(sys_t* s, int ln, uint32_t j, uint32_t line, const uint32_t* w4) {
    const tc_l1_line_t* l = l1_line(s, j, line);
    char what[96];
    if (!l) {
        snprintf(what, sizeof what, "C%u L1 line 0x%03x present (for its data)", j + 1, line);
        ck(s, ln, what, 1, 0);
        return;
    }
    for (uint32_t w = 0; w < 4; w++) {
        snprintf(what, sizeof what, "C%u L1 line 0x%03x data word %u", j + 1, line, w);
        ck(s, ln, what, w4[w], l->data[w]);
    }
}
#define EXP_L1_DATA(s, j, line, ...)                                                               \
    do {                                                                                           \
        const uint32_t w4_[4] = __VA_ARGS__;                                                       \
        exp_l1_data((s), __LINE__, (j), (line), w4_);                                              \
    } while (0)

static const tc_l2_line_t* l2_line(sys_t* s, uint32_t line) {
    const tc_l2_state_t* st = l2st(s);
    const uint32_t set = line % s->d.l2_sets;
    for (uint32_t w = 0; w < s->d.l2_ways; w++) {
        const tc_l2_line_t* l = &st->line[set * s->d.l2_ways + w];
        if (l->st != TC_L2_I && l->tag == line / s->d.l2_sets)
            return l;
    }
    return NULL;
}

/* st: TC_L2_I = no matching way; gts/dirty ANY = not checked */
static void exp_l2(sys_t* s, int ln, uint32_t line, uint32_t st, uint32_t gts, uint32_t dirty) {
    char what[96];
    const tc_l2_line_t* l = l2_line(s, line);
    snprintf(what, sizeof what, "L2 line 0x%03x state (0 I,1 P,2 S,3 E,4 I_S,5 I_M)", line);
    ck(s, ln, what, st, l ? l->st : TC_L2_I);
    if (!l)
        return;
    if (gts != ANY) {
        snprintf(what, sizeof what, "L2 line 0x%03x gTS", line);
        ck(s, ln, what, gts, l->gts);
    }
    if (dirty != ANY) {
        snprintf(what, sizeof what, "L2 line 0x%03x dirty", line);
        ck(s, ln, what, dirty, l->dirty);
    }
}
#define EXP_L2(s, line, st, gts, dirty) exp_l2((s), __LINE__, (line), (st), (gts), (dirty))

static void exp_l2_data(sys_t* s, int ln, uint32_t line, const uint32_t* w4) {
    const tc_l2_line_t* l = l2_line(s, line);
    char what[96];
    if (!l) {
        snprintf(what, sizeof what, "L2 line 0x%03x present (for its data)", line);
        ck(s, ln, what, 1, 0);
        return;
    }
    for (uint32_t w = 0; w < 4; w++) {
        snprintf(what, sizeof what, "L2 line 0x%03x data word %u", line, w);
        ck(s, ln, what, w4[w], l->data[w]);
    }
}
#define EXP_L2_DATA(s, line, ...)                                                                  \
    do {                                                                                           \
        const uint32_t w4_[4] = __VA_ARGS__;                                                       \
        exp_l2_data((s), __LINE__, (line), w4_);                                                   \
    } while (0)

/* MSHR entry k: valid, kind, line, ts (ANY skips kind/line/ts when v == 0). */
static void exp_mshr(sys_t* s, int ln, uint32_t k, uint32_t v, uint32_t kind, uint32_t line,
                     uint32_t ts) {
    const tc_l2_state_t* st = l2st(s);
    const tc_l2_mshr_t* m = &st->mshr[k];
    char what[96];
    snprintf(what, sizeof what, "L2 MSHR %u valid", k);
    ck(s, ln, what, v, m->v);
    if (!v || !m->v)
        return;
    snprintf(what, sizeof what, "L2 MSHR %u kind (0 IS,1 IM,2 MI)", k);
    ck(s, ln, what, kind, m->kind);
    snprintf(what, sizeof what, "L2 MSHR %u line", k);
    ck(s, ln, what, line, m->line);
    if (ts != ANY) {
        snprintf(what, sizeof what, "L2 MSHR %u ts (mts)", k);
        ck(s, ln, what, ts, m->ts);
    }
}
#define EXP_MSHR(s, k, v, kind, line, ts) exp_mshr((s), __LINE__, (k), (v), (kind), (line), (ts))

static void exp_life(sys_t* s, int ln, uint32_t life) {
    ck(s, ln, "L2 predictor life_q", life, l2st(s)->life);
}
#define EXP_LIFE(s, life) exp_life((s), __LINE__, (life))

/* The last L2 response: kind, dst, wf, ts (ANY: not checked), era = current era. */
static void exp_rsp(sys_t* s, int ln, uint32_t kind, uint64_t dst, uint32_t wf, uint32_t ts) {
    const tc_rsp_t* r = &s->last_rsp;
    ck(s, ln, "L2 rsp kind (1 DATA,2 DATA_G,3 ACK,4 ACK_G,5 DATA_W)", kind, r->kind);
    ck(s, ln, "L2 rsp dst", dst, r->dst);
    if (wf != ANY)
        ck(s, ln, "L2 rsp wf", wf, r->wf);
    if (ts != ANY)
        ck(s, ln, "L2 rsp ts (lease / GWCT)", ts, r->ts);
}
#define EXP_RSP(s, kind, dst, wf, ts) exp_rsp((s), __LINE__, (kind), (dst), (wf), (ts))

/* The last response given to L1 j: kind, wf, ts. */
static void exp_dlv(sys_t* s, int ln, uint32_t j, uint32_t kind, uint32_t wf, uint32_t ts) {
    const tc_rsp_t* r = &s->dlv[j];
    char what[96];
    snprintf(what, sizeof what, "rsp to C%u kind (1 DATA,2 DATA_G,3 ACK,4 ACK_G,5 DATA_W)", j + 1);
    ck(s, ln, what, kind, r->kind);
    snprintf(what, sizeof what, "rsp to C%u wf", j + 1);
    ck(s, ln, what, wf, r->wf);
    snprintf(what, sizeof what, "rsp to C%u ts", j + 1);
    ck(s, ln, what, ts, r->ts);
}
#define EXP_DLV(s, j, kind, wf, ts) exp_dlv((s), __LINE__, (j), (kind), (wf), (ts))

/* 1 if L1 j holds `line` valid now (matching, and lTS >= now, rule C3). */
static uint32_t l1_valid(sys_t* s, uint32_t j, uint32_t line) {
    const tc_l1_line_t* l = l1_line(s, j, line);
    return l && l->st == TC_L1_V && l->lts >= s->t.now;
}

static void exp_rsp_data(sys_t* s, int ln, const uint32_t* w4) {
    char what[64];
    for (uint32_t w = 0; w < 4; w++) {
        snprintf(what, sizeof what, "L2 rsp data word %u", w);
        ck(s, ln, what, w4[w], s->last_rsp.data[w]);
    }
}
#define EXP_RSP_DATA(s, ...)                                                                       \
    do {                                                                                           \
        const uint32_t w4_[4] = __VA_ARGS__;                                                       \
        exp_rsp_data((s), __LINE__, w4_);                                                          \
    } while (0)

/* The last request of L1 j: kind, line, exp, ts. */
static void exp_req(sys_t* s, int ln, uint32_t j, uint32_t kind, uint32_t line, uint32_t exp,
                    uint32_t ts) {
    const tc_req_t* r = &s->last_req[j];
    char what[64];
    snprintf(what, sizeof what, "C%u req kind (1 GETS,2 GETX,3 UPGR,4 ATOMIC)", j + 1);
    ck(s, ln, what, kind, r->kind);
    snprintf(what, sizeof what, "C%u req line", j + 1);
    ck(s, ln, what, line, r->line);
    snprintf(what, sizeof what, "C%u req exp", j + 1);
    ck(s, ln, what, exp, r->exp);
    snprintf(what, sizeof what, "C%u req ts", j + 1);
    ck(s, ln, what, ts, r->ts);
}
#define EXP_REQ(s, j, kind, line, exp, ts) exp_req((s), __LINE__, (j), (kind), (line), (exp), (ts))

/* GWCT entry and outstanding count of (L1 j, wf); the fence_ready / wr_idle bits now visible. */
static void exp_gwct(sys_t* s, int ln, uint32_t j, uint32_t wf, uint32_t gwct, uint32_t cnt,
                     uint32_t fence_ready, uint32_t wr_idle) {
    const tc_l1_state_t* st = l1st(s, j);
    char what[64];
    snprintf(what, sizeof what, "C%u gwct[%u]", j + 1, wf);
    ck(s, ln, what, gwct, st->gwct.gwct[wf]);
    snprintf(what, sizeof what, "C%u gwct cnt[%u]", j + 1, wf);
    ck(s, ln, what, cnt, st->gwct.cnt[wf]);
    snprintf(what, sizeof what, "C%u fence_ready[%u]", j + 1, wf);
    ck(s, ln, what, fence_ready, s->o1[j].fence_ready >> wf & 1u);
    snprintf(what, sizeof what, "C%u wr_idle[%u]", j + 1, wf);
    ck(s, ln, what, wr_idle, s->o1[j].wr_idle >> wf & 1u);
}
#define EXP_GWCT(s, j, wf, g, c, fr, wi) exp_gwct((s), __LINE__, (j), (wf), (g), (c), (fr), (wi))

/* The last core response of L1 j: kind, wf_mask, word 0..3 (NULL: data not checked), count. */
static void exp_crsp(sys_t* s, int ln, uint32_t j, uint32_t n, uint32_t kind, uint64_t wf_mask,
                     const uint32_t* w4) {
    char what[64];
    snprintf(what, sizeof what, "C%u core responses so far", j + 1);
    ck(s, ln, what, n, s->ncrsp[j]);
    const tc_core_rsp_t* r = &s->last_crsp[j];
    snprintf(what, sizeof what, "C%u core rsp kind (1 LOAD, 2 ATOMIC)", j + 1);
    ck(s, ln, what, kind, r->kind);
    snprintf(what, sizeof what, "C%u core rsp wf_mask", j + 1);
    ck(s, ln, what, wf_mask, r->wf_mask);
    if (!w4)
        return;
    for (uint32_t w = 0; w < 4; w++) {
        snprintf(what, sizeof what, "C%u core rsp data word %u", j + 1, w);
        ck(s, ln, what, w4[w], r->data[w]);
    }
}
#define EXP_CRSP(s, j, n, kind, wfm, ...)                                                          \
    do {                                                                                           \
        const uint32_t w4_[4] = __VA_ARGS__;                                                       \
        exp_crsp((s), __LINE__, (j), (n), (kind), (wfm), w4_);                                     \
    } while (0)

#define M4(l)                                                                                      \
    { memw(l, 0), memw(l, 1), memw(l, 2), memw(l, 3) }

/* ================================================================================================
 * GT-1 (notes §5 GT-1, Fig 4(b)): fixed lease 10. C1 load X at now 5 -> gTS 15 (P), C2 load X
 * at now 10 -> gTS 20 (S); C1's copy is invalid from now 16 on (C3 lTS >= now); C1 store X at
 * now 25 -> S found expired (M4: -> E), H06: plain ACK, gTS 21. 2 GETS, 2 DATA, 1 GETX, 1 ACK.
 * ============================================================================================== */
static void gt1(bool weak, bool rtl) {
    sys_t* s = sys_open("GT-1", weak ? PS_W_FIX : PS_S_FIX, rtl);
    reset(s);

    s->step = "1-2: C1 load X at now 5 (miss, fill F01: gTS = max(0, 5+10) = 15, P)";
    set_now(s, 5);
    load(s, 0, 0, X_);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_GETS, X_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 0, 0, 15);
    EXP_RSP_DATA(s, M4(X_));
    EXP_L1(s, 0, X_, TC_L1_V, 15);
    EXP_L1_DATA(s, 0, X_, M4(X_));
    EXP_CRSP(s, 0, 1, TC_CRSP_LOAD, 1u, M4(X_));
    EXP_L2(s, X_, TC_L2_P, 15, 0);
    EXP_L2_DATA(s, X_, M4(X_));
    EXP_MSHR(s, 0, 0, 0, 0, 0);
    CK(s, "DRAM fetches", 1, s->nfetch);

    s->step = "3-4: C2 load X at now 10 (H01: gTS = max(15, 10+10) = 20, S)";
    set_now(s, 10);
    load(s, 1, 0, X_);
    settle(s);
    EXP_REQ(s, 1, TC_REQ_GETS, X_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 20);
    EXP_L1(s, 1, X_, TC_L1_V, 20);
    EXP_L1_DATA(s, 1, X_, M4(X_));
    EXP_L1(s, 0, X_, TC_L1_V, 15);
    EXP_L2(s, X_, TC_L2_S, 20, 0);
    CK(s, "DRAM fetches", 1, s->nfetch);

    s->step = "5: now passes 15: C1's copy self-invalidates (no message; lTS 15 < now 16)";
    set_now(s, 16);
    run(s, 4);
    EXP_L1(s, 0, X_, TC_L1_V, 15); /* stored V, invalid by C3: 15 < 16 */
    CK(s, "C1 X valid (lTS >= now)", 0, l1_valid(s, 0, X_));
    CK(s, "C2 X valid (lTS >= now)", 1, l1_valid(s, 1, X_));
    CK(s, "messages while time passes", 4, s->nreq[TC_REQ_GETS] + s->nrsp[TC_RSP_DATA]);

    s->step = "6: now passes 20: C2's copy self-invalidates";
    set_now(s, 21);
    run(s, 4);
    CK(s, "C2 X valid (lTS >= now)", 0, l1_valid(s, 1, X_));
    EXP_L2(s, X_, TC_L2_S, 20, 0);

    s->step = "7-8: C1 store X at now 25 (L1: expired V = miss -> GETX, I_I; L2: S expired -> E, "
              "H06 ACK, gTS 21)";
    set_now(s, 25);
    store(s, 0, 0, X_, 0, 0x11111111u);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETX, X_, 0, 0);
    EXP_L1(s, 0, X_, TC_L1_I_I, ANY);
    tick(s); /* the GETX reaches the L2 (pushed) */
    EXP_GWCT(s, 0, 0, 0, 1, 0, 0);
    settle(s);
    EXP_RSP(s, TC_RSP_ACK, 1u << 0, 0, 0);
    EXP_L2(s, X_, TC_L2_E, 21, 1);
    EXP_L2_DATA(s, X_, {0x11111111u, memw(X_, 1), memw(X_, 2), memw(X_, 3)});
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_L1(s, 1, X_, TC_L1_V, 20);
    EXP_GWCT(s, 0, 0, 0, 0, 1, 1);

    s->step = "message count (2 GETS, 2 DATA, 1 GETX, 1 ACK, nothing else)";
    CK(s, "GETS", 2, s->nreq[TC_REQ_GETS]);
    CK(s, "GETX", 1, s->nreq[TC_REQ_GETX]);
    CK(s, "UPGR", 0, s->nreq[TC_REQ_UPGR]);
    CK(s, "ATOMIC", 0, s->nreq[TC_REQ_ATOMIC]);
    CK(s, "DATA", 2, s->nrsp[TC_RSP_DATA]);
    CK(s, "DATA_G", 0, s->nrsp[TC_RSP_DATA_G]);
    CK(s, "ACK", 1, s->nrsp[TC_RSP_ACK]);
    CK(s, "ACK_G", 0, s->nrsp[TC_RSP_ACK_G]);
    CK(s, "L2 responses", 3, s->nrsp_all);

    s->step = "epilogue: C2 load X at now 26 (expired tag: GETS exp=1; L2 E x GETS = H03: "
              "gTS max(21, 36) = 36, P, life +THit)";
    set_now(s, 26);
    load(s, 1, 0, X_);
    settle(s);
    EXP_REQ(s, 1, TC_REQ_GETS, X_, 1, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 36);
    EXP_RSP_DATA(s, {0x11111111u, memw(X_, 1), memw(X_, 2), memw(X_, 3)});
    EXP_L1(s, 1, X_, TC_L1_V, 36);
    EXP_L1_DATA(s, 1, X_, {0x11111111u, memw(X_, 1), memw(X_, 2), memw(X_, 3)});
    EXP_L2(s, X_, TC_L2_P, 36, 1);
    EXP_LIFE(s, 29 + 30);
    sys_close(s);
}

/* ================================================================================================
 * Setup shared by GT-3 and GT-4 (LeaseMode predict, PredInit 29, THit 30), now held at 1:
 * C2 load data -> F01 gTS = 1 + 29 = 30 (P); one GETS with exp = 1 for the unrelated line Z,
 * injected from SM 3 (H18: +THit, life 59; Z gTS = 1 + 59 = 60); C2 load flag -> gTS 60.
 * ============================================================================================== */
static void gt_setup(sys_t* s) {
    reset(s);
    s->step = "setup: C2 load data at now 1 (gTS 1+29 = 30)";
    set_now(s, 1);
    load(s, 1, 0, Y_);
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 30);
    EXP_L1(s, 1, Y_, TC_L1_V, 30);
    EXP_L2(s, Y_, TC_L2_P, 30, 0);
    EXP_LIFE(s, 29);

    s->step = "setup: GETS exp=1 for Z from SM 3 (H18 with exp: +THit -> life 59)";
    inject_gets(s, 3, Z_, true);
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 3, 0, 60);
    EXP_L2(s, Z_, TC_L2_P, 60, 0);
    EXP_LIFE(s, 59);

    s->step = "setup: C2 load flag at now 1 (gTS 1+59 = 60)";
    load(s, 1, 0, F_);
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 60);
    EXP_L1(s, 1, F_, TC_L1_V, 60);
    EXP_L1(s, 1, Y_, TC_L1_V, 30);
    EXP_L2(s, F_, TC_L2_P, 60, 0);
    EXP_L2(s, Y_, TC_L2_P, 30, 0);
    EXP_LIFE(s, 59);
}

/* GT-4 (notes §5 GT-4, Fig 6(c)), TC-Weak. */
static void gt4(bool rtl) {
    sys_t* s = sys_open("GT-4", PS_W_PRED, rtl);
    gt_setup(s);
    const uint32_t DATA1 = 0xDA7A0001u, FLAG1 = 0xF1A60001u;

    s->step = "1-3: C1 wf0 store data at now 5 (GETX; L2 P unexpired: H04 ACK_G 30, gTS 31, P; "
              "-TWrite)";
    set_now(s, 5);
    store(s, 0, 0, Y_, 0, DATA1);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETX, Y_, 0, 0);
    EXP_L1(s, 0, Y_, TC_L1_I_I, ANY);
    tick(s);
    EXP_GWCT(s, 0, 0, 0, 1, 0, 0);
    settle(s);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 0, 0, 30);
    EXP_L2(s, Y_, TC_L2_P, 31, 1);
    EXP_L2_DATA(s, Y_, {DATA1, memw(Y_, 1), memw(Y_, 2), memw(Y_, 3)});
    EXP_LIFE(s, 59 - 8);
    EXP_L1(s, 0, Y_, TC_L1_I, ANY);

    s->step = "4: C1 has the ACK_G: gwct[0] = 30, no write outstanding, fence not ready";
    EXP_GWCT(s, 0, 0, 30, 0, 0, 1);
    EXP_L1(s, 1, Y_, TC_L1_V, 30); /* C2's copy still valid (stale data allowed) */
    EXP_L1_DATA(s, 1, Y_, M4(Y_));

    s->step = "5: fence of wf0 not ready through now 30 (GWCT 30 < now is false)";
    uint32_t f0 = s->fails;
    for (uint32_t n = 6; n <= 30; n++) {
        set_now(s, n);
        tick(s);
        CK(s, "C1 fence_ready[0]", 0, s->o1[0].fence_ready & 1u);
        if (s->fails != f0)
            break;
    }
    s->step = "6: now 31: the fence of wf0 is ready (30 < 31)";
    set_now(s, 31);
    tick(s);
    EXP_GWCT(s, 0, 0, 30, 0, 1, 1);
    CK(s, "C2 data valid at now 31 (lTS 30 >= now)", 0, l1_valid(s, 1, Y_));

    s->step = "7-8: C1 wf0 store flag at now 32 (H04 ACK_G 60, gTS 61, P; gwct[0] = 60)";
    set_now(s, 32);
    store(s, 0, 0, F_, 0, FLAG1);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_GETX, F_, 0, 0);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 0, 0, 60);
    EXP_L2(s, F_, TC_L2_P, 61, 1);
    EXP_L2_DATA(s, F_, {FLAG1, memw(F_, 1), memw(F_, 2), memw(F_, 3)});
    EXP_LIFE(s, 59 - 16);
    EXP_GWCT(s, 0, 0, 60, 0, 0, 1);

    s->step = "C2 at now 33: flag hits (old flag, lTS 60); data misses (exp=1) and gets the new "
              "data (E x GETS: gTS max(31, 33+43) = 76)";
    set_now(s, 33);
    load(s, 1, 1, F_);
    settle(s);
    EXP_CRSP(s, 1, 3, TC_CRSP_LOAD, 1u << 1, M4(F_));
    load(s, 1, 1, Y_);
    settle(s);
    EXP_REQ(s, 1, TC_REQ_GETS, Y_, 1, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 76);
    EXP_CRSP(s, 1, 4, TC_CRSP_LOAD, 1u << 1, {DATA1, memw(Y_, 1), memw(Y_, 2), memw(Y_, 3)});
    EXP_L1(s, 1, Y_, TC_L1_V, 76);
    EXP_L2(s, Y_, TC_L2_P, 76, 1);
    EXP_LIFE(s, 43 + 30);
    sys_close(s);
}

/* GT-3 (notes §5 GT-3, Fig 6(b)), TC-Strong with the same setup. */
static void gt3(bool rtl) {
    sys_t* s = sys_open("GT-3", PS_S_PRED, rtl);
    gt_setup(s);
    const uint32_t DATA1 = 0xDA7A0001u, FLAG1 = 0xF1A60001u;

    s->step = "1-3: C1 wf0 store data at now 5: GETX stalls at the L2 head (S04), no response";
    set_now(s, 5);
    store(s, 0, 0, Y_, 0, DATA1);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETX, Y_, 0, 0);
    settle(s);
    CK(s, "L2 responses since setup", 3, s->nrsp_all);
    EXP_L2(s, Y_, TC_L2_P, 30, 0);
    EXP_L2_DATA(s, Y_, M4(Y_));
    EXP_L1(s, 0, Y_, TC_L1_I_I, ANY);
    EXP_GWCT(s, 0, 0, 0, 1, 0, 0);
    CK(s, "L2 fcnt (the stalled GETX)", 1, l2st(s)->fcnt);

    s->step = "C3 load data at now 10: its GETS waits behind the stalled GETX; queue full";
    set_now(s, 10);
    load(s, 2, 0, Y_);
    CK(s, "C3 issued a request", 1, run_until_req(s, 2));
    EXP_REQ(s, 2, TC_REQ_GETS, Y_, 0, 0);
    run(s, 3);
    CK(s, "L2 fcnt", 2, l2st(s)->fcnt);
    CK(s, "L2 req_ready", 0, s->o2.req_ready);

    s->step = "4: time passes to now 30: the GETX still stalls (gTS 30 >= now)";
    uint32_t f0 = s->fails;
    for (uint32_t n = 11; n <= 30; n++) {
        set_now(s, n);
        tick(s);
        CK(s, "L2 rsp_valid while stalled", 0, s->o2.rsp.valid);
        CK(s, "C1 wr_idle[0] while stalled", 0, s->o1[0].wr_idle & 1u);
        CK(s, "C1 fence_ready[0] while stalled", 0, s->o1[0].fence_ready & 1u);
        if (s->fails != f0)
            break;
    }
    EXP_L2(s, Y_, TC_L2_P, 30, 0);
    EXP_L2_DATA(s, Y_, M4(Y_));
    CK(s, "L2 responses since setup", 3, s->nrsp_all);

    s->step = "5: now 31: P expired -> E; H06: write, plain ACK, gTS 31";
    set_now(s, 31);
    tick(s); /* the edge that serves the GETX */
    EXP_L2(s, Y_, TC_L2_E, 31, 1);
    EXP_L2_DATA(s, Y_, {DATA1, memw(Y_, 1), memw(Y_, 2), memw(Y_, 3)});
    CK(s, "L2 rsp_valid after serving the GETX", 1, s->o2.rsp.valid);
    EXP_RSP(s, TC_RSP_ACK, 1u << 0, 0, 0);
    CK(s, "C1 wr_idle[0] before the ack is taken", 0, s->o1[0].wr_idle & 1u);
    EXP_LIFE(s, 59); /* served on an expired line: no -TWrite */

    s->step = "6: C1 takes the ACK: wr_idle and fence ready (TC-Strong fence = wr_idle)";
    CK(s, "ack delivered to C1", 1, run_until_rsp(s, 0));
    tick(s);
    EXP_GWCT(s, 0, 0, 0, 0, 1, 1);
    EXP_L1(s, 0, Y_, TC_L1_I, ANY);

    s->step = "C3's GETS then finds E: H03 gTS max(31, 31+59) = 90, P, +THit; new data";
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 90);
    EXP_RSP_DATA(s, {DATA1, memw(Y_, 1), memw(Y_, 2), memw(Y_, 3)});
    EXP_L1(s, 2, Y_, TC_L1_V, 90);
    EXP_L2(s, Y_, TC_L2_P, 90, 1);
    EXP_LIFE(s, 89);

    s->step = "7: C1 wf0 store flag at now 32: stalls through now 60 (gTS 60)";
    set_now(s, 32);
    const uint32_t nr = s->nrsp_all;
    store(s, 0, 0, F_, 0, FLAG1);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_GETX, F_, 0, 0);
    f0 = s->fails;
    for (uint32_t n = 33; n <= 60; n++) {
        set_now(s, n);
        tick(s);
        CK(s, "L2 rsp_valid while stalled", 0, s->o2.rsp.valid);
        CK(s, "C1 wr_idle[0] while stalled", 0, s->o1[0].wr_idle & 1u);
        if (s->fails != f0)
            break;
    }
    CK(s, "L2 responses while flag store stalls", nr, s->nrsp_all);
    EXP_L2(s, F_, TC_L2_P, 60, 0);
    EXP_L2_DATA(s, F_, M4(F_));

    s->step = "8: now 61: flag expired -> E, H06 ACK, gTS 61; C1 write idle";
    set_now(s, 61);
    settle(s);
    EXP_RSP(s, TC_RSP_ACK, 1u << 0, 0, 0);
    EXP_L2(s, F_, TC_L2_E, 61, 1);
    EXP_L2_DATA(s, F_, {FLAG1, memw(F_, 1), memw(F_, 2), memw(F_, 3)});
    EXP_GWCT(s, 0, 0, 0, 0, 1, 1);
    EXP_LIFE(s, 89);

    s->step = "C2 at now 62: flag expired (exp=1): H03 gTS max(61, 62+89) = 151, new flag";
    set_now(s, 62);
    load(s, 1, 0, F_);
    settle(s);
    EXP_REQ(s, 1, TC_REQ_GETS, F_, 1, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 151);
    EXP_CRSP(s, 1, 3, TC_CRSP_LOAD, 1u, {FLAG1, memw(F_, 1), memw(F_, 2), memw(F_, 3)});
    EXP_L2(s, F_, TC_L2_P, 151, 1);
    EXP_LIFE(s, 119);
    sys_close(s);
}

/* ================================================================================================
 * T-PW (private write): C1 load X at now 1 -> P, gTS 11 = lTS. C1 wf1 store at now 5: UPGR(11),
 * H07: plain ACK, gTS 12, P; the fence does not wait. A second store (D11: lTS not bumped):
 * UPGR(11) != 12 -> H08 DATA_G(12) under TC-Weak. TC-Strong (tc_l1.md section 13, G1): the first
 * store takes C17 (copy not written, I_I; R12 -> I at the ack), so the second one misses: C11
 * GETX, which the bank stalls (S04, P with gTS 12) until now 13 (H06 ACK).
 * ============================================================================================== */
static void t_pw(bool weak, bool rtl) {
    sys_t* s = sys_open("T-PW", weak ? PS_W_FIX : PS_S_FIX, rtl);
    reset(s);
    s->step = "C1 load X at now 1 (P, gTS 11)";
    set_now(s, 1);
    load(s, 0, 0, X_);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_V, 11);
    EXP_L2(s, X_, TC_L2_P, 11, 0);

    s->step = weak ? "C1 wf1 store X at now 5: C07 UPGR(lTS 11), V_M"
                   : "C1 wf1 store X at now 5: C17 UPGR(lTS 11), I_I, copy not written (G1)";
    set_now(s, 5);
    store(s, 0, 1, X_, 1, 0xBEEF0001u);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_UPGR, X_, 0, 11);
    CK(s, "C1 UPGR era", 0, s->last_req[0].era);
    if (weak) {
        EXP_L1(s, 0, X_, TC_L1_V_M, 11);
        EXP_L1_DATA(s, 0, X_, {memw(X_, 0), 0xBEEF0001u, memw(X_, 2), memw(X_, 3)});
    } else {
        EXP_L1(s, 0, X_, TC_L1_I_I, 11);
        EXP_L1_DATA(s, 0, X_, {memw(X_, 0), memw(X_, 1), memw(X_, 2), memw(X_, 3)});
    }

    s->step = "L2 P, ts == gTS: H07 private ACK (no GWCT), gTS 12, stays P; fence not waiting";
    settle(s);
    EXP_RSP(s, TC_RSP_ACK, 1u << 0, 1, 0);
    EXP_L2(s, X_, TC_L2_P, 12, 1);
    EXP_L2_DATA(s, X_, {memw(X_, 0), 0xBEEF0001u, memw(X_, 2), memw(X_, 3)});
    if (weak) {
        EXP_L1(s, 0, X_, TC_L1_V, 11); /* D11: lTS not bumped */
    } else {
        EXP_L1(s, 0, X_, TC_L1_I, ANY); /* R12.last: the I_I line is released */
    }
    EXP_GWCT(s, 0, 1, 0, 0, 1, 1);
    EXP_LIFE(s, 29 - 8); /* UPGR on unexpired P: -TWrite */

    s->step = weak ? "second store at now 6: UPGR(11) != gTS 12"
                   : "second store at now 6: C11 GETX (the line is I)";
    set_now(s, 6);
    store(s, 0, 1, X_, 2, 0xBEEF0002u);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    if (weak) {
        EXP_REQ(s, 0, TC_REQ_UPGR, X_, 0, 11);
    } else {
        EXP_REQ(s, 0, TC_REQ_GETX, X_, 0, 0);
    }
    settle(s);
    const uint32_t d2[4] = {memw(X_, 0), 0xBEEF0001u, 0xBEEF0002u, memw(X_, 3)};
    if (weak) {
        s->step = "TC-Weak: H08 DATA_G(GWCT 12), gTS 13; C1 V_M -> V with the data (R06)";
        EXP_RSP(s, TC_RSP_DATA_G, 1u << 0, 1, 12);
        exp_rsp_data(s, __LINE__, d2);
        EXP_L2(s, X_, TC_L2_P, 13, 1);
        EXP_L1(s, 0, X_, TC_L1_V, 11);
        exp_l1_data(s, __LINE__, 0, X_, d2);
        EXP_GWCT(s, 0, 1, 12, 0, 0, 1);
        EXP_LIFE(s, 29 - 16);
        set_now(s, 12);
        tick(s);
        CK(s, "fence_ready[1] at now 12", 0, s->o1[0].fence_ready >> 1 & 1u);
        set_now(s, 13);
        tick(s);
        CK(s, "fence_ready[1] at now 13", 1, s->o1[0].fence_ready >> 1 & 1u);
    } else {
        s->step = "TC-Strong: the GETX stalls (S04) through now 12";
        CK(s, "L2 responses", 2, s->nrsp_all);
        EXP_L2(s, X_, TC_L2_P, 12, 1);
        EXP_GWCT(s, 0, 1, 0, 1, 0, 0);
        for (uint32_t n = 7; n <= 12; n++) {
            set_now(s, n);
            tick(s);
            CK(s, "L2 rsp_valid while stalled", 0, s->o2.rsp.valid);
        }
        s->step = "TC-Strong: now 13: line expired -> E, H06 plain ACK, gTS 13";
        set_now(s, 13);
        settle(s);
        EXP_RSP(s, TC_RSP_ACK, 1u << 0, 1, 0);
        EXP_L2(s, X_, TC_L2_E, 13, 1);
        exp_l2_data(s, __LINE__, X_, d2);
        /* C1's I_I line (C11) takes the ack: R12.last -> I */
        EXP_L1(s, 0, X_, TC_L1_I, ANY);
        EXP_GWCT(s, 0, 1, 0, 0, 1, 1);
        EXP_LIFE(s, 29 - 8);
    }
    sys_close(s);
}

/* ================================================================================================
 * T-STALE (TC-Weak, lease 10): C1 and C2 read X -> S, gTS 12 (Tm). C3 writes X (GETX): H05
 * ACK_G(12), gTS 13, P. C1 writes X twice (UPGR(11) each): H08 DATA_G(13), gTS 14 and DATA_G(14),
 * gTS 15. C1: the first DATA_G finds another write pending (R07: data kept), the second is the
 * last (R06: the returned line, with C3's write, replaces the copy).
 * ============================================================================================== */
static void t_stale(bool rtl) {
    sys_t* s = sys_open("T-STALE", PS_W_FIX, rtl);
    reset(s);
    s->step = "C1 load X at now 1 (P, 11), C2 load X at now 2 (S, 12)";
    set_now(s, 1);
    load(s, 0, 0, X_);
    settle(s);
    set_now(s, 2);
    load(s, 1, 0, X_);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_V, 11);
    EXP_L1(s, 1, X_, TC_L1_V, 12);
    EXP_L2(s, X_, TC_L2_S, 12, 0);

    s->step = "C3 wf2 store X word 2 at now 3: GETX, H05 ACK_G(12), gTS 13, P";
    set_now(s, 3);
    store(s, 2, 2, X_, 2, 0xC3C3C3C3u);
    settle(s);
    EXP_REQ(s, 2, TC_REQ_GETX, X_, 0, 0);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 2, 2, 12);
    EXP_L2(s, X_, TC_L2_P, 13, 1);
    EXP_GWCT(s, 2, 2, 12, 0, 0, 1);
    EXP_LIFE(s, 29 - 8);

    s->step = "C1 wf0 stores words 0 and 1 at now 4: two UPGR(11)";
    set_now(s, 4);
    store(s, 0, 0, X_, 0, 0xA1A1A1A1u);
    store(s, 0, 0, X_, 1, 0xA2A2A2A2u);
    CK(s, "first DATA_G delivered to C1", 1, run_until_rsp(s, 0));
    EXP_REQ(s, 0, TC_REQ_UPGR, X_, 0, 11);
    EXP_DLV(s, 0, TC_RSP_DATA_G, 0, 13);
    CK(s, "first DATA_G data word 0", 0xA1A1A1A1u, s->dlv[0].data[0]);
    CK(s, "first DATA_G data word 1", memw(X_, 1), s->dlv[0].data[1]);
    CK(s, "first DATA_G data word 2", 0xC3C3C3C3u, s->dlv[0].data[2]);
    s->step = "first DATA_G: R07 (another write pending): data kept, V_M";
    EXP_L1(s, 0, X_, TC_L1_V_M, 11);
    EXP_L1_DATA(s, 0, X_, {0xA1A1A1A1u, 0xA2A2A2A2u, memw(X_, 2), memw(X_, 3)});
    s->step = "second DATA_G(14): R06 (last write): data := returned line, V, lTS kept";
    CK(s, "second DATA_G delivered to C1", 1, run_until_rsp(s, 0));
    EXP_DLV(s, 0, TC_RSP_DATA_G, 0, 14);
    EXP_L1(s, 0, X_, TC_L1_V, 11);
    EXP_L1_DATA(s, 0, X_, {0xA1A1A1A1u, 0xA2A2A2A2u, 0xC3C3C3C3u, memw(X_, 3)});
    settle(s);
    EXP_L2(s, X_, TC_L2_P, 15, 1);
    EXP_L2_DATA(s, X_, {0xA1A1A1A1u, 0xA2A2A2A2u, 0xC3C3C3C3u, memw(X_, 3)});
    EXP_GWCT(s, 0, 0, 14, 0, 0, 1);
    EXP_LIFE(s, 29 - 24);
    EXP_L1(s, 1, X_, TC_L1_V, 12); /* C2's stale copy: still valid until 12 */
    EXP_L1_DATA(s, 1, X_, M4(X_));
    sys_close(s);
}

/* ================================================================================================
 * T-EXP-HIT (TC-Weak, predict 29, THit 30): C1 load X at now 1 -> gTS 30. At now 40 C1's tag is
 * found expired: GETS exp=1 (C06 -> I_V); L2 P expired -> E, H03: gTS max(30, 40+29) = 69, P,
 * +THit (life 59). At now 80 C2 (no tag: exp=0) finds E: H03, +THit (line was E), gTS 80+59.
 * ============================================================================================== */
static void t_exp_hit(bool rtl) {
    sys_t* s = sys_open("T-EXP-HIT", PS_W_PRED, rtl);
    reset(s);
    s->step = "C1 load X at now 1";
    set_now(s, 1);
    load(s, 0, 0, X_);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_V, 30);
    EXP_L2(s, X_, TC_L2_P, 30, 0);
    EXP_LIFE(s, 29);

    s->step = "C1 load X at now 40: expired tag -> GETS exp=1, I_V";
    set_now(s, 40);
    load(s, 0, 0, X_);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETS, X_, 1, 0);
    EXP_L1(s, 0, X_, TC_L1_I_V, ANY);
    s->step = "L2: P expired -> E, H03 gTS 69, P, +THit";
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 0, 0, 69);
    EXP_L1(s, 0, X_, TC_L1_V, 69);
    EXP_L2(s, X_, TC_L2_P, 69, 0);
    EXP_LIFE(s, 59);
    EXP_CRSP(s, 0, 2, TC_CRSP_LOAD, 1u, M4(X_));

    s->step = "C2 load X at now 80 (exp=0): E x GETS H03 +THit, gTS 80+59 = 139";
    set_now(s, 80);
    load(s, 1, 0, X_);
    settle(s);
    EXP_REQ(s, 1, TC_REQ_GETS, X_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 139);
    EXP_L1(s, 1, X_, TC_L1_V, 139);
    EXP_L2(s, X_, TC_L2_P, 139, 0);
    EXP_LIFE(s, 89);
    sys_close(s);
}

/* ================================================================================================
 * T-EVICT (TC-Weak, predict): L2 set 0 holds A (dirty, gTS 31) and B (gTS 41). C3's miss on C
 * at now 21 evicts A (least gTS, unexpired): wb, MI entry with mts 31, -TEvict. C1's store to
 * A (UPGR) finds the MI entry (H21): it becomes IM keeping 31 (C, unexpired, goes to MI); the
 * fill answers ACK_G(31), gTS 32, P (F05, D4). Later an expired MI entry is reclaimed (X03).
 * ============================================================================================== */
static void t_evict(bool rtl) {
    sys_t* s = sys_open("T-EVICT", PS_W_PRED, rtl);
    reset(s);
    s->step = "C1 load A at now 1 (way 0, gTS 30); C2 wf0 store A (H04 ACK_G 30, gTS 31, dirty)";
    set_now(s, 1);
    load(s, 0, 0, EA_);
    settle(s);
    store(s, 1, 0, EA_, 0, 0x5A5A5A5Au);
    settle(s);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 1, 0, 30);
    EXP_L2(s, EA_, TC_L2_P, 31, 1);
    EXP_LIFE(s, 21);
    s->step = "C1 load B at now 20 (way 1, gTS 20+21 = 41)";
    set_now(s, 20);
    load(s, 0, 0, EB_);
    settle(s);
    EXP_L2(s, EB_, TC_L2_P, 41, 0);
    EXP_L1(s, 0, EA_, TC_L1_V, 30);
    EXP_L1(s, 0, EB_, TC_L1_V, 41);

    s->step = "C3 load C at now 21: victim A (least gTS 31 >= now): wb, MI(31), -TEvict";
    set_now(s, 21);
    s->hold_mem = true;
    load(s, 2, 0, EC_);
    settle(s);
    CK(s, "DRAM writebacks", 1, s->nwb);
    CK(s, "wb line", EA_, s->last_wb_line);
    CK(s, "wb data word 0", 0x5A5A5A5Au, s->last_wb_data[0]);
    CK(s, "wb data word 1", memw(EA_, 1), s->last_wb_data[1]);
    EXP_L2(s, EA_, TC_L2_I, ANY, ANY);
    EXP_L2(s, EC_, TC_L2_I_S, ANY, ANY);
    EXP_MSHR(s, 0, 1, TC_MS_IS, EC_, 0);
    EXP_MSHR(s, 1, 1, TC_MS_MI, EA_, 31);
    EXP_LIFE(s, 13);
    s->step = "fill C: F01 gTS = max(0, 21+13) = 34, P";
    s->hold_mem = false;
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 34);
    EXP_L2(s, EC_, TC_L2_P, 34, 0);
    EXP_L1(s, 2, EC_, TC_L1_V, 34);
    EXP_MSHR(s, 0, 0, 0, 0, 0);
    EXP_MSHR(s, 1, 1, TC_MS_MI, EA_, 31);

    s->step = "C1 wf1 store A at now 22: UPGR(30); L2 H21: MI(A) -> IM keeping 31; victim C "
              "(34 >= now) -> MI(34), -TEvict";
    set_now(s, 22);
    s->hold_mem = true;
    store(s, 0, 1, EA_, 1, 0x0B0B0B0Bu);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_UPGR, EA_, 0, 30);
    EXP_L2(s, EA_, TC_L2_I_M, ANY, ANY);
    EXP_L2(s, EC_, TC_L2_I, ANY, ANY);
    EXP_MSHR(s, 1, 1, TC_MS_IM, EA_, 31);
    EXP_MSHR(s, 0, 1, TC_MS_MI, EC_, 34);
    EXP_LIFE(s, 5);
    CK(s, "DRAM writebacks (C is clean)", 1, s->nwb);
    s->step = "fill A: F05 (mts 31 >= now): ACK_G(31), gTS 32, P, dirty";
    s->hold_mem = false;
    settle(s);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 0, 1, 31);
    EXP_L2(s, EA_, TC_L2_P, 32, 1);
    EXP_L2_DATA(s, EA_, {0x5A5A5A5Au, 0x0B0B0B0Bu, memw(EA_, 2), memw(EA_, 3)});
    EXP_MSHR(s, 1, 0, 0, 0, 0);
    EXP_MSHR(s, 0, 1, TC_MS_MI, EC_, 34);
    EXP_L1(s, 0, EA_, TC_L1_V, 30);
    EXP_GWCT(s, 0, 1, 31, 0, 0, 1);

    s->step = "C3 load C at now 40: GETS exp=1; MI(C) expired: freed (X03), H18, A (expired, "
              "dirty) is the victim: wb, no MI; +THit";
    set_now(s, 40);
    load(s, 2, 0, EC_);
    settle(s);
    EXP_REQ(s, 2, TC_REQ_GETS, EC_, 1, 0);
    CK(s, "DRAM writebacks", 2, s->nwb);
    CK(s, "wb line", EA_, s->last_wb_line);
    CK(s, "wb data word 1", 0x0B0B0B0Bu, s->last_wb_data[1]);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 40 + 35);
    EXP_L2(s, EC_, TC_L2_P, 75, 0);
    EXP_L2(s, EA_, TC_L2_I, ANY, ANY);
    EXP_MSHR(s, 0, 0, 0, 0, 0);
    EXP_MSHR(s, 1, 0, 0, 0, 0);
    EXP_LIFE(s, 35);
    sys_close(s);
}

/* ================================================================================================
 * T-WRITE-UNEXP (TC-Weak, predict): a GETX to an unexpired P line: -TWrite; to an expired one
 * (E after M4): no step, plain ACK.
 * ============================================================================================== */
static void t_write_unexp(bool rtl) {
    sys_t* s = sys_open("T-WRITE-UNEXP", PS_W_PRED, rtl);
    reset(s);
    set_now(s, 1);
    s->step = "C1 load X at now 1 (gTS 30)";
    load(s, 0, 0, X_);
    settle(s);
    EXP_LIFE(s, 29);
    s->step = "C2 store X at now 5: H04 on unexpired P: ACK_G(30), -TWrite";
    set_now(s, 5);
    store(s, 1, 0, X_, 3, 0x77u);
    settle(s);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 1, 0, 30);
    EXP_L2(s, X_, TC_L2_P, 31, 1);
    EXP_LIFE(s, 21);
    s->step = "C2 store X at now 40: P expired -> E, H06 ACK, gTS 32, no -TWrite";
    set_now(s, 40);
    store(s, 1, 0, X_, 3, 0x78u);
    settle(s);
    EXP_RSP(s, TC_RSP_ACK, 1u << 1, 0, 0);
    EXP_L2(s, X_, TC_L2_E, 32, 1);
    EXP_LIFE(s, 21);
    sys_close(s);
}

/* ================================================================================================
 * T-ATOMIC (TC-Weak, predict): C1 and C2 read X (S, gTS 30). C1 wf2 ATOMIC ADD at now 5: C12
 * (V -> I_I, copy dropped); H13: DATA_G(atomic, GWCT 30, line before), gTS 31, P; R11.last: core
 * rsp ATOMIC, gwct[2] = 30, line I. Then a CAS at now 40 on the expired line: H14 (E stays E).
 * ============================================================================================== */
static void t_atomic(bool rtl) {
    sys_t* s = sys_open("T-ATOMIC", PS_W_PRED, rtl);
    reset(s);
    set_now(s, 1);
    s->step = "C1, C2 load X at now 1 (S, gTS 30)";
    load(s, 0, 0, X_);
    settle(s);
    load(s, 1, 0, X_);
    settle(s);
    EXP_L2(s, X_, TC_L2_S, 30, 0);
    s->step = "C1 wf2 ATOMIC ADD word 1 +5 at now 5: C12 ATOMIC, I_I";
    set_now(s, 5);
    atomic(s, 0, 2, X_, TC_AOP_ADD, 1, 5, 0);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_ATOMIC, X_, 0, 0);
    CK(s, "C1 req wf", 2, s->last_req[0].wf);
    EXP_L1(s, 0, X_, TC_L1_I_I, ANY);
    s->step = "L2 H13: DATA_G atomic (GWCT 30, line before), gTS 31, P; C1 R11.last -> I";
    settle(s);
    EXP_RSP(s, TC_RSP_DATA_G, 1u << 0, 2, 30);
    CK(s, "L2 rsp atomic", 1, s->last_rsp.atomic);
    EXP_RSP_DATA(s, M4(X_));
    EXP_L2(s, X_, TC_L2_P, 31, 1);
    EXP_L2_DATA(s, X_, {memw(X_, 0), memw(X_, 1) + 5u, memw(X_, 2), memw(X_, 3)});
    EXP_LIFE(s, 29); /* atomics are not stores for TWrite (D7) */
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_CRSP(s, 0, 2, TC_CRSP_ATOMIC, 1u << 2, M4(X_));
    EXP_GWCT(s, 0, 2, 30, 0, 0, 1);
    set_now(s, 31);
    tick(s);
    EXP_GWCT(s, 0, 2, 30, 0, 1, 1);

    s->step = "C1 wf2 CAS word 1 at now 40 (miss: C16): L2 E x ATOMIC H14 DATA_G(31), gTS 32, E";
    set_now(s, 40);
    atomic(s, 0, 2, X_, TC_AOP_CAS, 1, memw(X_, 1) + 5u, 0x77u);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_ATOMIC, X_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA_G, 1u << 0, 2, 31);
    CK(s, "L2 rsp atomic", 1, s->last_rsp.atomic);
    EXP_L2(s, X_, TC_L2_E, 32, 1);
    EXP_L2_DATA(s, X_, {memw(X_, 0), 0x77u, memw(X_, 2), memw(X_, 3)});
    EXP_CRSP(s, 0, 3, TC_CRSP_ATOMIC, 1u << 2,
             {memw(X_, 0), memw(X_, 1) + 5u, memw(X_, 2), memw(X_, 3)});
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_GWCT(s, 0, 2, 31, 0, 1, 1);
    sys_close(s);
}

/* ================================================================================================
 * T-I_I-READ (TC-Weak, predict): C1 store X (miss: GETX, I_I) then load X while the write is
 * pending (C05: GETS, rd 1). L2: GETX miss (H19, IM, fetch); the GETS stalls on I_M (H17); fill
 * F03: ACK, E, gTS 0; GETS on E: H03 DATA(3+29 = 32), P. C1: ACK (R12.more: rd = 1 keeps I_I),
 * DATA (R03): the load completes with the written data, which is not cached (I).
 * ============================================================================================== */
static void t_ii_read(bool rtl) {
    sys_t* s = sys_open("T-I_I-READ", PS_W_PRED, rtl);
    reset(s);
    set_now(s, 3);
    s->hold_mem = true;
    s->step = "C1 wf0 store X, then wf1 load X at now 3";
    store(s, 0, 0, X_, 2, 0x22222222u);
    load(s, 0, 1, X_);
    settle(s);
    CK(s, "C1 requests", 2, s->nreq_sm[0]);
    EXP_REQ(s, 0, TC_REQ_GETS, X_, 0, 0);
    {
        const tc_l1_line_t* l = l1_line(s, 0, X_);
        EXP_L1(s, 0, X_, TC_L1_I_I, ANY);
        if (l) {
            CK(s, "C1 X wcnt", 1, l->wcnt);
            CK(s, "C1 X rd", 1, l->rd);
            CK(s, "C1 X orig", 1u << 1, l->orig);
        }
    }
    EXP_L2(s, X_, TC_L2_I_M, ANY, ANY);
    EXP_MSHR(s, 0, 1, TC_MS_IM, X_, 0);
    CK(s, "L2 fcnt (GETS stalled behind I_M)", 1, l2st(s)->fcnt);
    CK(s, "L2 responses", 0, s->nrsp_all);

    s->step = "fill: F03 ACK, E, gTS 0; then H03 DATA(32), P";
    s->hold_mem = false;
    CK(s, "ACK delivered to C1", 1, run_until_rsp(s, 0));
    EXP_DLV(s, 0, TC_RSP_ACK, 0, 0);
    EXP_L1(s, 0, X_, TC_L1_I_I, ANY); /* R12.more: rd = 1 */
    EXP_GWCT(s, 0, 0, 0, 0, 1, 1);
    CK(s, "DATA delivered to C1", 1, run_until_rsp(s, 0));
    EXP_DLV(s, 0, TC_RSP_DATA, 0, 32);
    const uint32_t dx[4] = {memw(X_, 0), memw(X_, 1), 0x22222222u, memw(X_, 3)};
    for (uint32_t w = 0; w < 4; w++)
        CK(s, "DATA data word", dx[w], s->dlv[0].data[w]);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_I, ANY); /* R03: not cached */
    exp_crsp(s, __LINE__, 0, 1, TC_CRSP_LOAD, 1u << 1, dx);
    EXP_L2(s, X_, TC_L2_P, 32, 1);
    EXP_LIFE(s, 59); /* the GETS found E: +THit */
    sys_close(s);
}

/* ================================================================================================
 * T-V_M-EXPIRE (TC-Weak, predict): C1 (lTS 30) and C2 (lTS 39) read X. C1 wf0 stores at now 30
 * (V: UPGR(30), V_M); L2 S, 30 != 39: H10 DATA_G(39), gTS 40, P. The response is held until
 * now 31: C1's V_M line has expired -> I_I (E02), R10.last -> I; gwct[0] = 39.
 * ============================================================================================== */
static void t_vm_expire(bool rtl) {
    sys_t* s = sys_open("T-V_M-EXPIRE", PS_W_PRED, rtl);
    reset(s);
    s->step = "C1 load X at now 1 (30), C2 load X at now 10 (max(30, 39) = 39, S)";
    set_now(s, 1);
    load(s, 0, 0, X_);
    settle(s);
    set_now(s, 10);
    load(s, 1, 0, X_);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_V, 30);
    EXP_L2(s, X_, TC_L2_S, 39, 0);
    s->step = "C1 wf0 store at now 30: UPGR(30), V_M; L2 H10 DATA_G(39), gTS 40 (held)";
    set_now(s, 30);
    s->hold_rsp = true;
    store(s, 0, 0, X_, 0, 0x30303030u);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_UPGR, X_, 0, 30);
    EXP_RSP(s, TC_RSP_DATA_G, 1u << 0, 0, 39);
    EXP_L1(s, 0, X_, TC_L1_V_M, 30);
    EXP_L2(s, X_, TC_L2_P, 40, 1);
    EXP_LIFE(s, 21);
    s->step = "now 31: the DATA_G finds V_M expired -> I_I, R10.last -> I, gwct[0] = 39";
    set_now(s, 31);
    s->hold_rsp = false;
    CK(s, "DATA_G delivered to C1", 1, run_until_rsp(s, 0));
    tick(s);
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_GWCT(s, 0, 0, 39, 0, 0, 1);
    sys_close(s);
}

/* ================================================================================================
 * Rollover (RO1-RO4; TC-Weak, predict, TsWidth 16: roll at now 65535). Before the roll: C1 has
 * X (lTS 65529) and gwct[0] = 65529; C2 has Y in V_M (its DATA_G held); C3 waits in I_V for Z
 * (its DATA held). The roll clears every lTS, gTS and GWCT (V -> I, V_M -> I_I, mts -> max).
 * After the wrap (era 1) the era-0 DATA fills an expired line (lTS 0) and its load completes; the
 * era-0 DATA_G's GWCT is ignored.
 * ============================================================================================== */
static void t_roll(bool rtl) {
    sys_t* s = sys_open("ROLL", PS_W_PRED, rtl);
    reset(s);
    set_now(s, 65500);
    s->step = "C1 load X, C2 load Y at now 65500 (gTS 65529)";
    load(s, 0, 0, X_);
    settle(s);
    load(s, 1, 0, Y_);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_V, 65529);
    EXP_L2(s, Y_, TC_L2_P, 65529, 0);
    s->step = "C1 wf0 store Y: H04 ACK_G(65529), gTS 65530; gwct[0] = 65529";
    store(s, 0, 0, Y_, 0, 0x01010101u);
    settle(s);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 0, 0, 65529);
    EXP_GWCT(s, 0, 0, 65529, 0, 0, 1);
    EXP_L2(s, Y_, TC_L2_P, 65530, 1);
    EXP_LIFE(s, 21);
    s->step = "held: C2 wf1 store Y (UPGR 65529 != 65530: H08 DATA_G 65530), C3 load Z (DATA)";
    s->hold_rsp = true;
    store(s, 1, 1, Y_, 1, 0x02020202u);
    settle(s);
    EXP_RSP(s, TC_RSP_DATA_G, 1u << 1, 1, 65530);
    EXP_LIFE(s, 13);
    load(s, 2, 0, Z_);
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 65500 + 13);
    CK(s, "held responses", 2, s->rqn);
    EXP_L1(s, 1, Y_, TC_L1_V_M, 65529);
    EXP_L1(s, 2, Z_, TC_L1_I_V, ANY);
    EXP_L2(s, Z_, TC_L2_P, 65513, 0);

    s->step = "roll cycle (now 65535, roll = 1)";
    s->t.now = 65535;
    s->t.roll = true;
    tick(s);
    s->t.roll = false;
    {
        const tc_l1_line_t* l = l1_tagged(s, 0, X_);
        EXP_L1(s, 0, X_, TC_L1_I, ANY);
        CK(s, "C1 X lTS after roll", 0, l ? l->lts : 99);
    }
    EXP_L1(s, 1, Y_, TC_L1_I_I, 0);
    EXP_L1(s, 2, Z_, TC_L1_I_V, 0);
    {
        const tc_l1_line_t* l = l1_line(s, 2, Z_);
        CK(s, "C3 Z mts after roll", 65535, l ? l->mts : 0);
    }
    EXP_GWCT(s, 0, 0, 0, 0, 1, 1);
    EXP_GWCT(s, 1, 1, 0, 1, 0, 0);
    EXP_L2(s, X_, TC_L2_P, 0, 0);
    EXP_L2(s, Y_, TC_L2_P, 0, 1);
    EXP_L2(s, Z_, TC_L2_P, 0, 0);

    s->step = "now 1, era 1: the era-0 DATA_G (GWCT ignored) and DATA (lTS 0) arrive";
    s->t.now = 1;
    s->t.era = 1;
    s->hold_rsp = false;
    settle(s);
    EXP_L1(s, 1, Y_, TC_L1_I, ANY); /* R10.last */
    EXP_GWCT(s, 1, 1, 0, 0, 1, 1);
    EXP_L1(s, 2, Z_, TC_L1_V, 0); /* R01 with ts' = 0: an expired line */
    EXP_CRSP(s, 2, 1, TC_CRSP_LOAD, 1u, M4(Z_));
    s->step = "C3 load Z at now 1: expired tag -> GETS exp=1; E x GETS: gTS 1+13 = 14 (era 1)";
    load(s, 2, 0, Z_);
    settle(s);
    EXP_REQ(s, 2, TC_REQ_GETS, Z_, 1, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 14);
    CK(s, "DATA era", 1, s->last_rsp.era);
    EXP_L1(s, 2, Z_, TC_L1_V, 14);
    EXP_L2(s, Z_, TC_L2_P, 14, 0);
    EXP_LIFE(s, 43);
    sys_close(s);
}

/* ================================================================================================
 * TC-Weak-C (Protocol 2, cumulative TC-Weak): tc_l1.md section 12 (K1-K4, C17, W01-W05),
 * tc_l2.md section 13 (wl, N1-N4, H22/H23/F07), tc_gwct.md section 8 (G5). Every scenario uses
 * PS_WC_FIX (fixed Lease 10; the predictor still moves, M8, and is checked as in T-PW).
 *
 * Readings chosen where the spec leaves a choice (also in the report of this test's commit):
 *   - W1 (L4 `global`): L4 says an ACK_G / DATA_G raises the GWCT "&& Protocol == TC-Weak".
 *     Read as Protocol is TC-Weak *or TC-Weak-C* (Protocol != TC-Strong): section 12 says
 *     "everything of sections 1-11 holds unless changed here", K2's argument ("the entry holds
 *     every GWCT of the writes it releases") and tc_gwct section 8 ("fence_ready waits for acks,
 *     GWCTs and obligations") need the writer's own GWCT. A TC-Weak-C L1 that ignores the GWCT
 *     of an ACK_G fails here at the writer's gwct entry (expected 11, got 0).
 *   - W2 (W01 "data, lTS unchanged"): the way C06 allocated keeps the data it had (L6) and lTS 0
 *     (L6); in these scenarios that way was never written, so its data reads 0 (reset value).
 *   - W3 (F07's wf): N4 names dst and ts only; read as wf 0, like every DATA (P6) and N3's
 *     DATA_W.
 *   - W4 (K3 for rows without DATA_W): an obligation max(cobl_q, 0) = 0 is presented and raises
 *     nothing (G12); checked only through the gwct entries staying 0.
 *   - W5 (lazy wl): a line with wl = 1 whose gTS has passed keeps st P, gTS and wl = 1 in its
 *     stored state until a request finds it (M4/D8 lazy expiry; N2 clears wl at X01/X02).
 * ============================================================================================== */

#define WV1 0x57C10001u /* the WRC value of X (C1's store) */
#define WV2 0x57C10002u
#define WV3 0x57C10003u

static void exp_wl(sys_t* s, int ln, uint32_t line, uint32_t wl) {
    char what[96];
    const tc_l2_line_t* l = l2_line(s, line);
    snprintf(what, sizeof what, "L2 line 0x%03x present (for wl)", line);
    ck(s, ln, what, 1, l != NULL);
    if (!l)
        return;
    snprintf(what, sizeof what, "L2 line 0x%03x wl (written while leased)", line);
    ck(s, ln, what, wl, l->wl);
}
#define EXP_WL(s, line, wl) exp_wl((s), __LINE__, (line), (wl))

static void exp_cobl(sys_t* s, int ln, uint32_t j, uint32_t cobl) {
    char what[64];
    snprintf(what, sizeof what, "C%u cobl (SM obligation)", j + 1);
    ck(s, ln, what, cobl, l1st(s, j)->cobl);
}
#define EXP_COBL(s, j, v) exp_cobl((s), __LINE__, (j), (v))

/* rd, waw, wcnt, orig, late of the way of L1 j holding the tag of `line` (any state). */
static void exp_l1_meta(sys_t* s, int ln, uint32_t j, uint32_t line, uint32_t rd, uint32_t waw,
                        uint32_t wcnt, uint64_t orig, uint64_t late) {
    char what[96];
    const tc_l1_line_t* l = l1_tagged(s, j, line);
    snprintf(what, sizeof what, "C%u L1 way with the tag of 0x%03x present", j + 1, line);
    ck(s, ln, what, 1, l != NULL);
    if (!l)
        return;
    snprintf(what, sizeof what, "C%u L1 line 0x%03x rd", j + 1, line);
    ck(s, ln, what, rd, l->rd);
    snprintf(what, sizeof what, "C%u L1 line 0x%03x waw", j + 1, line);
    ck(s, ln, what, waw, l->waw);
    snprintf(what, sizeof what, "C%u L1 line 0x%03x wcnt", j + 1, line);
    ck(s, ln, what, wcnt, l->wcnt);
    snprintf(what, sizeof what, "C%u L1 line 0x%03x orig", j + 1, line);
    ck(s, ln, what, orig, l->orig);
    snprintf(what, sizeof what, "C%u L1 line 0x%03x late", j + 1, line);
    ck(s, ln, what, late, l->late);
}
#define EXP_L1_META(s, j, line, rd, waw, wcnt, orig, late)                                         \
    exp_l1_meta((s), __LINE__, (j), (line), (rd), (waw), (wcnt), (orig), (late))

/* W01/W03 "not cached": the way of L1 j with the tag of `line` is I, lTS 0 and its data the
 * reset value 0 (reading W2: a way C06 allocated that was never written before). */
static void exp_l1_uncached(sys_t* s, int ln, uint32_t j, uint32_t line) {
    char what[96];
    const tc_l1_line_t* l = l1_tagged(s, j, line);
    snprintf(what, sizeof what, "C%u L1 way with the tag of 0x%03x present", j + 1, line);
    ck(s, ln, what, 1, l != NULL);
    if (!l)
        return;
    snprintf(what, sizeof what, "C%u L1 line 0x%03x state (0 I: not cached)", j + 1, line);
    ck(s, ln, what, TC_L1_I, l->st);
    snprintf(what, sizeof what, "C%u L1 line 0x%03x lTS (allocation value, unchanged)", j + 1,
             line);
    ck(s, ln, what, 0, l->lts);
    for (uint32_t w = 0; w < 4; w++) {
        snprintf(what, sizeof what, "C%u L1 line 0x%03x data word %u (not written)", j + 1, line,
                 w);
        ck(s, ln, what, 0, l->data[w]);
    }
}
#define EXP_L1_UNCACHED(s, j, line) exp_l1_uncached((s), __LINE__, (j), (line))

/* Time walks now = from..to, one edge each. At every edge, for each wf of L1 j with
 * g[wf] != ANY (no write outstanding), fence_ready[wf] must be (g[wf] < now) (G3: registered
 * from gwct_d < now_i of that edge). Stops at the first edge with a mismatch. */
static void fence_walk(sys_t* s, int ln, uint32_t j, uint32_t from, uint32_t to,
                       const uint32_t* g) {
    char what[96];
    for (uint32_t n = from; n <= to; n++) {
        const uint32_t f0 = s->fails;
        set_now(s, n);
        tick(s);
        for (uint32_t wf = 0; wf < 4; wf++) {
            if (g[wf] == ANY)
                continue;
            snprintf(what, sizeof what, "C%u fence_ready[%u] at now %u (gwct %u)", j + 1, wf, n,
                     g[wf]);
            ck(s, ln, what, g[wf] < n, s->o1[j].fence_ready >> wf & 1u);
        }
        if (s->fails != f0)
            break;
    }
}
#define FENCE_WALK(s, j, from, to, ...)                                                            \
    do {                                                                                           \
        const uint32_t g4_[4] = __VA_ARGS__;                                                       \
        fence_walk((s), __LINE__, (j), (from), (to), g4_);                                         \
    } while (0)

#define X_NEW                                                                                      \
    { WV1, memw(X_, 1), memw(X_, 2), memw(X_, 3) }

/* Shared start of WC-WRC, WC-N2 and the TC-Weak contrast: C3 holds a leased copy of X, C1 writes
 * X while that lease runs. weakc: Protocol 2 (wl expected 1), else Protocol 1 (wl 0). */
static void wc_written(sys_t* s, bool weakc) {
    s->step = "C3 wf0 load X at now 1 (H18, F01: gTS max(0, 1+10) = 11, P; R01: C3 V lTS 11)";
    set_now(s, 1);
    load(s, 2, 0, X_);
    settle(s);
    EXP_REQ(s, 2, TC_REQ_GETS, X_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 11);
    EXP_L1(s, 2, X_, TC_L1_V, 11);
    EXP_L1_DATA(s, 2, X_, M4(X_));
    EXP_L2(s, X_, TC_L2_P, 11, 0);
    EXP_WL(s, X_, 0);
    EXP_GWCT(s, 2, 0, 0, 0, 1, 1); /* K3 for R01: max(cobl 0, 0) = 0 raises nothing */
    EXP_LIFE(s, 29);

    s->step = "C1 wf0 store X word 0 at now 2: C11 GETX, I_I; L2 P unexpired: H04 write, "
              "ACK_G(11), gTS 12, dirty; N1 wl := 1 (TC-Weak-C); -TWrite";
    set_now(s, 2);
    store(s, 0, 0, X_, 0, WV1);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETX, X_, 0, 0);
    EXP_L1(s, 0, X_, TC_L1_I_I, ANY);
    EXP_COBL(s, 0, 0); /* K2: rd_gwct of wf0 was 0 before the edge */
    settle(s);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 0, 0, 11);
    EXP_L2(s, X_, TC_L2_P, 12, 1);
    EXP_L2_DATA(s, X_, X_NEW);
    EXP_WL(s, X_, weakc ? 1u : 0u);
    EXP_LIFE(s, 29 - 8);
    s->step = "C1 takes the ACK_G: R12.last -> I; gwct[0] = 11 (reading W1 under TC-Weak-C)";
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_GWCT(s, 0, 0, 11, 0, 0, 1);
    EXP_COBL(s, 0, 0);
    EXP_L1(s, 2, X_, TC_L1_V, 11); /* C3's old copy is still valid (stale data allowed) */
    EXP_L1_DATA(s, 2, X_, M4(X_));
}

/* ================================================================================================
 * WC-WRC (tc_l1.md section 12, motivation; tc_l2.md N1, N3/H22; K3/K4 W01; tc_gwct G5): C3 holds
 * X leased to 11; C1 writes X (ACK_G 11, wl = 1). C2 loads X at now 3: the bank answers DATA_W
 * with ts = gTS = 12 and grants nothing (P, gTS 12 unchanged); C2's load returns the new value,
 * the line is not cached (W01 -> I) and C2's wf0 owes 12: its fence is not ready through now 12
 * (C3's stale copy is readable through now 11), ready at now 13.
 * ============================================================================================== */
static void wc_wrc(bool rtl) {
    sys_t* s = sys_open("WC-WRC", PS_WC_FIX, rtl);
    reset(s);
    wc_written(s, true);

    s->step = "C2 wf0 before its load at now 3: gwct 0, fence ready";
    set_now(s, 3);
    tick(s);
    EXP_GWCT(s, 1, 0, 0, 0, 1, 1);

    s->step = "C2 wf0 load X at now 3: C06 GETS (exp 0), I_V";
    load(s, 1, 0, X_);
    CK(s, "C2 issued a request", 1, run_until_req(s, 1));
    EXP_REQ(s, 1, TC_REQ_GETS, X_, 0, 0);
    EXP_L1(s, 1, X_, TC_L1_I_V, ANY);
    EXP_L1_META(s, 1, X_, 1, 0, 0, 1u << 0, 0);

    s->step = "L2: P, gTS 12 >= now, wl 1: H22 DATA_W(dst C2, wf 0, ts = gTS 12, the line); "
              "no grant: P, gTS 12, wl 1; no predictor step (exp 0, not E)";
    settle(s);
    EXP_RSP(s, TC_RSP_DATA_W, 1u << 1, 0, 12);
    CK(s, "DATA_W era", 0, s->last_rsp.era);
    CK(s, "DATA_W atomic", 0, s->last_rsp.atomic);
    EXP_RSP_DATA(s, X_NEW);
    EXP_DLV(s, 1, TC_RSP_DATA_W, 0, 12);
    EXP_L2(s, X_, TC_L2_P, 12, 1);
    EXP_L2_DATA(s, X_, X_NEW);
    EXP_WL(s, X_, 1);
    EXP_LIFE(s, 21);

    s->step = "C2: W01: core rsp LOAD(wf0, the new value); rd 0, orig 0; line -> I, not cached; "
              "K3: gwct[0] := max(cobl 0, ts' 12) = 12, count 0: fence not ready";
    EXP_CRSP(s, 1, 1, TC_CRSP_LOAD, 1u << 0, X_NEW);
    EXP_L1(s, 1, X_, TC_L1_I, ANY);
    EXP_L1_UNCACHED(s, 1, X_);
    EXP_L1_META(s, 1, X_, 0, 0, 0, 0, 0);
    EXP_GWCT(s, 1, 0, 12, 0, 0, 1);
    EXP_GWCT(s, 1, 1, 0, 0, 1, 1); /* only the served wavefront owes */
    EXP_COBL(s, 1, 0);             /* loads do not write cobl */
    EXP_L1(s, 2, X_, TC_L1_V, 11); /* C3's stale copy, the obligation's reason */
    EXP_L1_DATA(s, 2, X_, M4(X_));

    s->step = "C2 wf0's fence: not ready through now 12 (12 < now false), ready at now 13";
    FENCE_WALK(s, 1, 4, 13, {12, 0, ANY, ANY});
    EXP_GWCT(s, 1, 0, 12, 0, 1, 1);
    CK(s, "C3 X valid at now 13 (lTS 11 >= now)", 0, l1_valid(s, 2, X_));
    EXP_L2(s, X_, TC_L2_P, 12, 1); /* lazy: nothing accessed it (reading W5) */
    EXP_WL(s, X_, 1);

    s->step = "message count (2 GETS, 1 GETX; 1 DATA, 1 ACK_G, 1 DATA_W)";
    CK(s, "GETS", 2, s->nreq[TC_REQ_GETS]);
    CK(s, "GETX", 1, s->nreq[TC_REQ_GETX]);
    CK(s, "UPGR", 0, s->nreq[TC_REQ_UPGR]);
    CK(s, "DATA", 1, s->nrsp[TC_RSP_DATA]);
    CK(s, "ACK_G", 1, s->nrsp[TC_RSP_ACK_G]);
    CK(s, "DATA_W", 1, s->nrsp[TC_RSP_DATA_W]);
    CK(s, "L2 responses", 3, s->nrsp_all);
    sys_close(s);
}

/* ================================================================================================
 * WC-WRC-CONTRAST (Protocol 1, TC-Weak): the same steps as WC-WRC. The bank grants C2 a lease
 * (H01: plain DATA, gTS max(12, 3+10) = 13, S), C2 caches the new value (R01, V lTS 13) and owes
 * nothing (gwct[0] 0, fence ready): the WRC hole TC-Weak-C closes. wl stays 0.
 * ============================================================================================== */
static void wc_wrc_contrast(bool rtl) {
    sys_t* s = sys_open("WC-WRC-CONTRAST", PS_W_FIX, rtl);
    reset(s);
    wc_written(s, false);

    s->step = "TC-Weak: C2 wf0 load X at now 3: H01 DATA(13), S; R01 V lTS 13, cached; no GWCT";
    set_now(s, 3);
    load(s, 1, 0, X_);
    settle(s);
    EXP_REQ(s, 1, TC_REQ_GETS, X_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 13);
    EXP_RSP_DATA(s, X_NEW);
    EXP_L2(s, X_, TC_L2_S, 13, 1);
    EXP_WL(s, X_, 0);
    EXP_L1(s, 1, X_, TC_L1_V, 13);
    EXP_L1_DATA(s, 1, X_, X_NEW);
    EXP_CRSP(s, 1, 1, TC_CRSP_LOAD, 1u << 0, X_NEW);
    EXP_GWCT(s, 1, 0, 0, 0, 1, 1);
    EXP_COBL(s, 1, 0);
    EXP_L1(s, 2, X_, TC_L1_V, 11); /* C3's stale copy still valid through now 11 */
    CK(s, "DATA_W", 0, s->nrsp[TC_RSP_DATA_W]);
    CK(s, "DATA", 2, s->nrsp[TC_RSP_DATA]);
    sys_close(s);
}

/* ================================================================================================
 * WC-K1 (tc_l1.md K1, row C17): C1 holds X (V, lTS 11). C1 wf0 stores X word 1: C17 sends
 * UPGR(lTS 11) and leaves the line I_I with data and lTS unchanged (the copy is not written).
 * With the responses held, C1 wf1 loads X: the line is I_I with rd 0, so the load misses (C05:
 * GETS), behind the UPGR on the same path. Bank: H07 (private, P, ts' == gTS): ACK, gTS 12, wl
 * stays 0; then H01 DATA(12), S, with the store. C1: ACK R12.more (rd 1), DATA R03: the load is
 * served with the store, not cached (I).
 * ============================================================================================== */
static void wc_k1(bool rtl) {
    sys_t* s = sys_open("WC-K1", PS_WC_FIX, rtl);
    reset(s);
    s->step = "C1 wf0 load X at now 1 (F01 gTS 11, P; R01 V lTS 11)";
    set_now(s, 1);
    load(s, 0, 0, X_);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_V, 11);
    EXP_L1_DATA(s, 0, X_, M4(X_));
    EXP_L2(s, X_, TC_L2_P, 11, 0);
    EXP_WL(s, X_, 0);

    s->step = "C1 wf0 store X word 1 at now 2 (responses held): C17 UPGR(lTS 11, era 0); line "
              "I_I, lTS 11 and data kept (copy not written), wcnt 1";
    set_now(s, 2);
    s->hold_rsp = true;
    store(s, 0, 0, X_, 1, WV2);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_UPGR, X_, 0, 11);
    CK(s, "C1 UPGR era", 0, s->last_req[0].era);
    CK(s, "C1 UPGR wf", 0, s->last_req[0].wf);
    EXP_L1(s, 0, X_, TC_L1_I_I, 11);
    EXP_L1_DATA(s, 0, X_, M4(X_));
    EXP_L1_META(s, 0, X_, 0, 0, 1, 0, 0);
    EXP_GWCT(s, 0, 0, 0, 1, 0, 0);
    EXP_COBL(s, 0, 0);

    s->step = "C1 wf1 load X at now 2: no hit (I_I, rd 0): C05 GETS exp 0; rd 1, orig {wf1}";
    load(s, 0, 1, X_);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETS, X_, 0, 0);
    EXP_L1(s, 0, X_, TC_L1_I_I, 11);
    EXP_L1_META(s, 0, X_, 1, 0, 1, 1u << 1, 0);
    CK(s, "C1 core responses (the load did not hit)", 1, s->ncrsp[0]);

    s->step = "bank: UPGR first: P, ts' 11 == gTS 11: H07 private ACK, gTS 12 (wl kept 0), "
              "-TWrite; then GETS: H01 DATA(max(12, 2+10) = 12) with the store, S";
    settle(s);
    CK(s, "held responses", 2, s->rqn);
    CK(s, "first held response kind (3 ACK)", TC_RSP_ACK, s->rq[0].kind);
    CK(s, "first held response wf", 0, s->rq[0].wf);
    CK(s, "first held response ts", 0, s->rq[0].ts);
    EXP_RSP(s, TC_RSP_DATA, 1u << 0, 0, 12);
    EXP_RSP_DATA(s, {memw(X_, 0), WV2, memw(X_, 2), memw(X_, 3)});
    EXP_L2(s, X_, TC_L2_S, 12, 1);
    EXP_L2_DATA(s, X_, {memw(X_, 0), WV2, memw(X_, 2), memw(X_, 3)});
    EXP_WL(s, X_, 0);
    EXP_LIFE(s, 29 - 8);

    s->step = "release: ACK: R12.more (rd 1): I_I, wcnt 0; wf0 idle, no GWCT";
    s->hold_rsp = false;
    CK(s, "ACK delivered to C1", 1, run_until_rsp(s, 0));
    EXP_DLV(s, 0, TC_RSP_ACK, 0, 0);
    EXP_L1(s, 0, X_, TC_L1_I_I, ANY);
    EXP_L1_META(s, 0, X_, 1, 0, 0, 1u << 1, 0);
    s->step = "DATA: R03 (I_I, again 0, wcnt 0): core rsp LOAD(wf1) with the store; -> I";
    CK(s, "DATA delivered to C1", 1, run_until_rsp(s, 0));
    EXP_DLV(s, 0, TC_RSP_DATA, 0, 12);
    settle(s);
    EXP_CRSP(s, 0, 2, TC_CRSP_LOAD, 1u << 1, {memw(X_, 0), WV2, memw(X_, 2), memw(X_, 3)});
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_L1_META(s, 0, X_, 0, 0, 0, 0, 0);
    EXP_GWCT(s, 0, 0, 0, 0, 1, 1);
    EXP_GWCT(s, 0, 1, 0, 0, 1, 1);
    EXP_COBL(s, 0, 0);
    CK(s, "UPGR", 1, s->nreq[TC_REQ_UPGR]);
    CK(s, "GETS", 2, s->nreq[TC_REQ_GETS]);
    CK(s, "ACK", 1, s->nrsp[TC_RSP_ACK]);
    CK(s, "DATA", 2, s->nrsp[TC_RSP_DATA]);
    CK(s, "DATA_W", 0, s->nrsp[TC_RSP_DATA_W]);
    sys_close(s);
}

/* ================================================================================================
 * WC-COBL (tc_l1.md K2, K3; tc_gwct G5): C1 wf0 writes X while C2 holds it (ACK_G 11, wl 1):
 * gwct[0] = 11, cobl still 0 (the GWCT was not known when the GETX left). wf0 stores again (Y):
 * K2 cobl := max(0, gwct[0] = 11) = 11. Then every load response of the SM raises the served
 * wavefront to max(cobl, w): wf1 hit on Z (C01) -> 11; wf2 fill of F (R01) -> 11; wf3 load of X
 * (H22 DATA_W 12, W01) -> max(11, 12) = 12. Fences: wf0..2 ready at now 12, wf3 at now 13. A
 * roll then clears cobl (F60) and the bank's wl.
 * ============================================================================================== */
static void wc_cobl(bool rtl) {
    sys_t* s = sys_open("WC-COBL", PS_WC_FIX, rtl);
    reset(s);
    s->step = "now 1: C2 wf0 load X (gTS 11, P); C1 wf1 load Z (gTS 11, P; C1 V lTS 11)";
    set_now(s, 1);
    load(s, 1, 0, X_);
    settle(s);
    load(s, 0, 1, Z_);
    settle(s);
    EXP_L1(s, 1, X_, TC_L1_V, 11);
    EXP_L1(s, 0, Z_, TC_L1_V, 11);
    EXP_L2(s, X_, TC_L2_P, 11, 0);
    EXP_L2(s, Z_, TC_L2_P, 11, 0);
    EXP_GWCT(s, 0, 1, 0, 0, 1, 1);
    EXP_COBL(s, 0, 0);

    s->step = "C1 wf0 store X word 0 at now 2: C11 GETX (cobl max(0, 0) = 0); H04 ACK_G(11), "
              "gTS 12, wl 1; gwct[0] = 11";
    set_now(s, 2);
    store(s, 0, 0, X_, 0, WV1);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_GETX, X_, 0, 0);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 0, 0, 11);
    EXP_L2(s, X_, TC_L2_P, 12, 1);
    EXP_WL(s, X_, 1);
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_GWCT(s, 0, 0, 11, 0, 0, 1);
    EXP_COBL(s, 0, 0);

    s->step = "C1 wf0 store Y word 0 at now 3 with gwct[0] = 11 pending: C11 GETX; K2: cobl := "
              "max(0, rd_gwct 11) = 11";
    set_now(s, 3);
    store(s, 0, 0, Y_, 0, WV2);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETX, Y_, 0, 0);
    EXP_COBL(s, 0, 11);
    EXP_COBL(s, 1, 0); /* another SM's obligation is its own */
    s->step = "bank: Y miss H19 (IM, fetch); fill F03 (mts 0 < now): ACK, E, gTS 0, wl 0; C1 "
              "R12.last -> I; gwct[0] stays 11";
    settle(s);
    EXP_RSP(s, TC_RSP_ACK, 1u << 0, 0, 0);
    EXP_L2(s, Y_, TC_L2_E, 0, 1);
    EXP_WL(s, Y_, 0);
    EXP_L1(s, 0, Y_, TC_L1_I, ANY);
    EXP_GWCT(s, 0, 0, 11, 0, 0, 1);
    EXP_COBL(s, 0, 11);

    s->step = "C1 wf1 load Z at now 4: C01 hit (lTS 11 >= 4); K3 obligation max(cobl 11, 0) = 11 "
              "on wf1 (F58: cobl_q >= now)";
    set_now(s, 4);
    const uint32_t nq = s->nreq_sm[0];
    load(s, 0, 1, Z_);
    settle(s);
    CK(s, "C1 requests (the hit sends none)", nq, s->nreq_sm[0]);
    EXP_CRSP(s, 0, 2, TC_CRSP_LOAD, 1u << 1, M4(Z_));
    EXP_L1(s, 0, Z_, TC_L1_V, 11);
    EXP_GWCT(s, 0, 1, 11, 0, 0, 1);
    EXP_GWCT(s, 0, 0, 11, 0, 0, 1);
    EXP_COBL(s, 0, 11);

    s->step = "C1 wf2 load F at now 5: C06 GETS; H18, F01 DATA(5+10 = 15); R01 V lTS 15; K3 "
              "obligation max(cobl 11, 0) = 11 on wf2";
    set_now(s, 5);
    load(s, 0, 2, F_);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_GETS, F_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 0, 0, 15);
    EXP_L1(s, 0, F_, TC_L1_V, 15);
    EXP_L1_DATA(s, 0, F_, M4(F_));
    EXP_CRSP(s, 0, 3, TC_CRSP_LOAD, 1u << 2, M4(F_));
    EXP_GWCT(s, 0, 2, 11, 0, 0, 1);

    s->step = "C1 wf3 load X at now 6: C06 GETS (exp 0); L2 P, wl 1: H22 DATA_W(12); W01 -> I; "
              "K3 obligation max(cobl 11, ts' 12) = 12 on wf3";
    set_now(s, 6);
    load(s, 0, 3, X_);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_GETS, X_, 0, 0);
    EXP_RSP(s, TC_RSP_DATA_W, 1u << 0, 0, 12);
    EXP_L2(s, X_, TC_L2_P, 12, 1);
    EXP_L1(s, 0, X_, TC_L1_I, ANY);
    EXP_CRSP(s, 0, 4, TC_CRSP_LOAD, 1u << 3, X_NEW);
    EXP_GWCT(s, 0, 3, 12, 0, 0, 1);
    EXP_GWCT(s, 0, 0, 11, 0, 0, 1);
    EXP_GWCT(s, 0, 1, 11, 0, 0, 1);
    EXP_GWCT(s, 0, 2, 11, 0, 0, 1);
    EXP_COBL(s, 0, 11); /* loads do not change cobl; only a roll clears it */
    EXP_GWCT(s, 1, 0, 0, 0, 1, 1);

    s->step = "fences: wf0..wf2 (11) ready at now 12, wf3 (12) at now 13";
    FENCE_WALK(s, 0, 7, 13, {11, 11, 11, 12});
    EXP_COBL(s, 0, 11);

    s->step = "roll edge (now 65535, roll 1): RO2 (d) clears cobl and every gwct; the bank's X "
              "reads gTS 0 and wl 0 (tc_l2.md section 13: RO2 clears wl with the stamps)";
    s->t.now = 65535;
    s->t.roll = true;
    tick(s);
    s->t.roll = false;
    EXP_COBL(s, 0, 0);
    for (uint32_t wf = 0; wf < 4; wf++)
        EXP_GWCT(s, 0, wf, 0, 0, 1, 1);
    EXP_L2(s, X_, TC_L2_P, 0, 1);
    EXP_WL(s, X_, 0);
    sys_close(s);
}

/* ================================================================================================
 * WC-N2 (tc_l2.md N2): after WC-WRC's DATA_W (C2 wf0 owes 12), time passes gTS 12. The stored
 * line stays P, gTS 12, wl 1 until accessed (lazy). C2 wf1 loads X at now 13: X01 (P -> E)
 * clears wl; H03: gTS max(12, 13+10) = 23, P, plain DATA(23), +THit; C2 caches it (R01, V 23)
 * and owes nothing. C3 (expired tag, exp 1) then gets an ordinary H01 lease: DATA(24), S.
 * ============================================================================================== */
static void wc_n2(bool rtl) {
    sys_t* s = sys_open("WC-N2", PS_WC_FIX, rtl);
    reset(s);
    wc_written(s, true);
    s->step = "C2 wf0 load X at now 3: H22 DATA_W(12), W01 -> I, gwct[0] = 12";
    set_now(s, 3);
    load(s, 1, 0, X_);
    settle(s);
    EXP_RSP(s, TC_RSP_DATA_W, 1u << 1, 0, 12);
    EXP_L1(s, 1, X_, TC_L1_I, ANY);
    EXP_GWCT(s, 1, 0, 12, 0, 0, 1);

    s->step = "now 13, nothing accessed X: stored P, gTS 12, wl 1 (lazy expiry, reading W5)";
    set_now(s, 13);
    run(s, 2);
    EXP_L2(s, X_, TC_L2_P, 12, 1);
    EXP_WL(s, X_, 1);

    s->step = "C2 wf1 load X at now 13: C06 GETS exp 0 (the tag is in I, not expired V)";
    load(s, 1, 1, X_);
    CK(s, "C2 issued a request", 1, run_until_req(s, 1));
    EXP_REQ(s, 1, TC_REQ_GETS, X_, 0, 0);
    s->step = "bank: X01 (gTS 12 < 13) -> E clears wl (N2); H03: gTS max(12, 23) = 23, P, plain "
              "DATA(23) with the new value; +THit (the line was E)";
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 1, 0, 23);
    EXP_RSP_DATA(s, X_NEW);
    EXP_L2(s, X_, TC_L2_P, 23, 1);
    EXP_WL(s, X_, 0);
    EXP_LIFE(s, 21 + 30);
    s->step = "C2: R01 V lTS 23, cached; K3 obligation max(cobl 0, 0) = 0: gwct[1] stays 0";
    EXP_L1(s, 1, X_, TC_L1_V, 23);
    EXP_L1_DATA(s, 1, X_, X_NEW);
    EXP_CRSP(s, 1, 2, TC_CRSP_LOAD, 1u << 1, X_NEW);
    EXP_GWCT(s, 1, 1, 0, 0, 1, 1);
    EXP_GWCT(s, 1, 0, 12, 0, 1, 1); /* 12 < 13 */

    s->step = "C3 wf0 load X at now 14: expired tag (lTS 11) -> GETS exp 1; L2 P, wl 0: H01 "
              "DATA(max(23, 24) = 24), S, +THit";
    set_now(s, 14);
    load(s, 2, 0, X_);
    settle(s);
    EXP_REQ(s, 2, TC_REQ_GETS, X_, 1, 0);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 24);
    EXP_L2(s, X_, TC_L2_S, 24, 1);
    EXP_WL(s, X_, 0);
    EXP_L1(s, 2, X_, TC_L1_V, 24);
    EXP_L1_DATA(s, 2, X_, X_NEW);
    EXP_GWCT(s, 2, 0, 0, 0, 1, 1);
    EXP_LIFE(s, 51 + 30);
    CK(s, "DATA_W", 1, s->nrsp[TC_RSP_DATA_W]);
    sys_close(s);
}

/* ================================================================================================
 * WC-F07 (tc_l2.md N4, F07, H23; then H09 + N1): L2 set 0 holds A (P 11) and B (P 12), both
 * read by C1. C3's miss on C at now 3 evicts A (least gTS, unexpired) to MI(11) (no writeback:
 * clean). At now 4 C2 and C3 load A: H20 (the MI entry becomes IS keeping 11; victim B -> MI(12))
 * and H15 (merge). The fill (mts 11 >= now 4) is F07: DATA_W(dst C2+C3, ts 11), A: S, gTS 11,
 * wl 1, clean; both readers owe 11 (W01). A GETS from SM 3 at now 5 finds S with wl: H23
 * DATA_W(11). C1 (still holding A, lTS 11) stores A: C17 UPGR(11); S, ts' == gTS but S: H09
 * ACK_G(11), not the private H07 (why F07 ends in S).
 * ============================================================================================== */
static void wc_f07(bool rtl) {
    sys_t* s = sys_open("WC-F07", PS_WC_FIX, rtl);
    reset(s);
    s->step = "C1 wf0 load A at now 1 (gTS 11), load B at now 2 (gTS 12)";
    set_now(s, 1);
    load(s, 0, 0, EA_);
    settle(s);
    set_now(s, 2);
    load(s, 0, 0, EB_);
    settle(s);
    EXP_L2(s, EA_, TC_L2_P, 11, 0);
    EXP_L2(s, EB_, TC_L2_P, 12, 0);
    EXP_L1(s, 0, EA_, TC_L1_V, 11);
    EXP_L1(s, 0, EB_, TC_L1_V, 12);

    s->step = "C3 wf0 load C at now 3 (fill held): H18, victim A (least gTS 11 >= now): MI(11), "
              "clean (no wb), -TEvict; MSHR 0 IS(C), MSHR 1 MI(A, 11)";
    set_now(s, 3);
    s->hold_mem = true;
    load(s, 2, 0, EC_);
    settle(s);
    CK(s, "DRAM writebacks", 0, s->nwb);
    EXP_L2(s, EA_, TC_L2_I, ANY, ANY);
    EXP_L2(s, EC_, TC_L2_I_S, ANY, ANY);
    EXP_MSHR(s, 0, 1, TC_MS_IS, EC_, 0);
    EXP_MSHR(s, 1, 1, TC_MS_MI, EA_, 11);
    EXP_LIFE(s, 29 - 8);
    s->step = "fill C: F01 (mts 0): gTS max(0, 3+10) = 13, P, plain DATA(13); MSHR 0 freed";
    s->hold_mem = false;
    settle(s);
    EXP_RSP(s, TC_RSP_DATA, 1u << 2, 0, 13);
    EXP_L2(s, EC_, TC_L2_P, 13, 0);
    EXP_WL(s, EC_, 0);
    EXP_L1(s, 2, EC_, TC_L1_V, 13);
    EXP_MSHR(s, 0, 0, 0, 0, 0);

    s->step = "now 4 (fill held): C2 wf0 and C3 wf1 load A: H20 (MI(A) -> IS keeping mts 11; "
              "victim B (12 < 13, unexpired) -> MI(12) in MSHR 0, -TEvict), then H15 merge";
    set_now(s, 4);
    s->hold_mem = true;
    load(s, 1, 0, EA_);
    load(s, 2, 1, EA_);
    settle(s);
    EXP_REQ(s, 1, TC_REQ_GETS, EA_, 0, 0);
    EXP_REQ(s, 2, TC_REQ_GETS, EA_, 0, 0);
    EXP_L2(s, EA_, TC_L2_I_S, ANY, ANY);
    EXP_L2(s, EB_, TC_L2_I, ANY, ANY);
    EXP_MSHR(s, 1, 1, TC_MS_IS, EA_, 11);
    EXP_MSHR(s, 0, 1, TC_MS_MI, EB_, 12);
    CK(s, "L2 MSHR 1 msm (C2, C3)", (1u << 1) | (1u << 2), l2st(s)->mshr[1].sm);
    CK(s, "DRAM writebacks", 0, s->nwb);
    CK(s, "DRAM fetches", 4, s->nfetch);
    CK(s, "L2 responses (none for A yet)", 3, s->nrsp_all);
    EXP_LIFE(s, 29 - 16);

    s->step = "fill A at now 4 (mts 11 >= now): F07: DATA_W(dst C2+C3, wf 0, ts 11, mem data); "
              "A: S, gTS 11, wl 1, clean; MSHR 1 freed";
    s->hold_mem = false;
    settle(s);
    EXP_RSP(s, TC_RSP_DATA_W, (1u << 1) | (1u << 2), 0, 11);
    CK(s, "DATA_W era", 0, s->last_rsp.era);
    EXP_RSP_DATA(s, M4(EA_));
    EXP_L2(s, EA_, TC_L2_S, 11, 0);
    EXP_L2_DATA(s, EA_, M4(EA_));
    EXP_WL(s, EA_, 1);
    EXP_MSHR(s, 1, 0, 0, 0, 0);
    EXP_MSHR(s, 0, 1, TC_MS_MI, EB_, 12);
    EXP_LIFE(s, 13);
    s->step = "C2 and C3: W01 -> I (not cached), loads served, gwct = 11 for the served wf";
    EXP_DLV(s, 1, TC_RSP_DATA_W, 0, 11);
    EXP_DLV(s, 2, TC_RSP_DATA_W, 0, 11);
    EXP_CRSP(s, 1, 1, TC_CRSP_LOAD, 1u << 0, M4(EA_));
    EXP_CRSP(s, 2, 2, TC_CRSP_LOAD, 1u << 1, M4(EA_));
    EXP_L1(s, 1, EA_, TC_L1_I, ANY);
    EXP_L1_UNCACHED(s, 1, EA_);
    EXP_L1(s, 2, EA_, TC_L1_I, ANY);
    EXP_GWCT(s, 1, 0, 11, 0, 0, 1);
    EXP_GWCT(s, 2, 1, 11, 0, 0, 1);
    EXP_GWCT(s, 2, 0, 0, 0, 1, 1);
    EXP_L1(s, 0, EA_, TC_L1_V, 11); /* C1's old copy: the reason for the obligation */

    s->step = "GETS for A from SM 3 at now 5: S, wl 1: H23 DATA_W(ts 11), no grant";
    set_now(s, 5);
    inject_gets(s, 3, EA_, false);
    settle(s);
    EXP_RSP(s, TC_RSP_DATA_W, 1u << 3, 0, 11);
    EXP_RSP_DATA(s, M4(EA_));
    EXP_L2(s, EA_, TC_L2_S, 11, 0);
    EXP_WL(s, EA_, 1);
    EXP_LIFE(s, 13);

    s->step = "C1 wf2 store A word 1 at now 6: C17 UPGR(11), I_I; L2 S, ts' 11 == gTS 11 but S: "
              "H09 ACK_G(11), gTS 12, P, dirty, wl 1; -TWrite; C1 R12.last -> I, gwct[2] = 11";
    set_now(s, 6);
    store(s, 0, 2, EA_, 1, WV3);
    settle(s);
    EXP_REQ(s, 0, TC_REQ_UPGR, EA_, 0, 11);
    EXP_RSP(s, TC_RSP_ACK_G, 1u << 0, 2, 11);
    EXP_L2(s, EA_, TC_L2_P, 12, 1);
    EXP_L2_DATA(s, EA_, {memw(EA_, 0), WV3, memw(EA_, 2), memw(EA_, 3)});
    EXP_WL(s, EA_, 1);
    EXP_LIFE(s, 5);
    EXP_L1(s, 0, EA_, TC_L1_I, ANY);
    EXP_GWCT(s, 0, 2, 11, 0, 0, 1);
    EXP_COBL(s, 0, 0);

    s->step = "fences of C2 wf0 and C3 wf1 (owing 11): ready at now 12";
    FENCE_WALK(s, 1, 7, 12, {11, 0, ANY, ANY});
    EXP_GWCT(s, 2, 1, 11, 0, 1, 1);
    CK(s, "DATA_W", 2, s->nrsp[TC_RSP_DATA_W]);
    sys_close(s);
}

/* ================================================================================================
 * T-STRONG-WA (TC-Strong, fixed lease 10; tc_l1.md section 13, issue 24): write atomicity on the
 * writer's SM. C1 wf0 loads X at now 1 (P, gTS 11, lTS 11), C2 wf0 at now 2 (S, gTS 12, lTS 12).
 * C1 wf1 stores X word 1 at now 5: G1 takes C17 (UPGR(11), I_I, the copy keeps the old word);
 * the bank stalls the UPGR (S04, gTS 12 >= now). C1 wf2 loads X at now 6: the line is I_I with
 * a live lTS (F62), so C05 sends a GETS, which waits behind the UPGR in the bank's queue; before
 * the fix it hit V_M (C02) and read the new word while C2 (wf1 at now 7) still hit the old one.
 * At now 13 (gTS 12 < 13: E) the bank performs the write (H11 ACK, gTS 13), then answers the
 * GETS (H03 DATA, gTS = 13 + 10 = 23, P); C1 wf2 gets the new word (R03, not cached: I).
 * ============================================================================================== */
static void t_strong_wa(bool rtl) {
    sys_t* s = sys_open("T-STRONG-WA", PS_S_FIX, rtl);
    reset(s);
    s->step = "C1 wf0 load X at now 1 (P, gTS 11); C2 wf0 load X at now 2 (S, gTS 12)";
    set_now(s, 1);
    load(s, 0, 0, X_);
    settle(s);
    EXP_L1(s, 0, X_, TC_L1_V, 11);
    set_now(s, 2);
    load(s, 1, 0, X_);
    settle(s);
    EXP_L1(s, 1, X_, TC_L1_V, 12);
    EXP_L2(s, X_, TC_L2_S, 12, 0);
    CK(s, "L2 responses", 2, s->nrsp_all);

    s->step = "C1 wf1 store X word 1 at now 5: C17 UPGR(lTS 11), I_I, copy not written (G1)";
    set_now(s, 5);
    store(s, 0, 1, X_, 1, 0xA5A50001u);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_UPGR, X_, 0, 11);
    EXP_L1(s, 0, X_, TC_L1_I_I, 11);
    EXP_L1_DATA(s, 0, X_, {memw(X_, 0), memw(X_, 1), memw(X_, 2), memw(X_, 3)});

    s->step = "C1 wf2 load X at now 6: I_I with lTS 11 >= 6 (F62): C05 GETS, no hit (G2)";
    set_now(s, 6);
    load(s, 0, 2, X_);
    CK(s, "C1 issued a request", 1, run_until_req(s, 0));
    EXP_REQ(s, 0, TC_REQ_GETS, X_, 0, 0);
    settle(s);
    CK(s, "C1 core responses (only wf0's load)", 1, s->ncrsp[0]);
    CK(s, "L2 responses (UPGR stalled, GETS behind it)", 2, s->nrsp_all);

    s->step = "C2 wf1 load X at now 7: hit on the old copy (lTS 12)";
    set_now(s, 7);
    load(s, 1, 1, X_);
    settle(s);
    EXP_CRSP(s, 1, 2, TC_CRSP_LOAD, 1u << 1, {memw(X_, 0), memw(X_, 1), memw(X_, 2), memw(X_, 3)});

    s->step = "now 8..12: the bank stalls the UPGR (S04); C1 wf2 not answered";
    for (uint32_t n = 8; n <= 12; n++) {
        set_now(s, n);
        tick(s);
        tick(s);
        CK(s, "L2 rsp_valid while stalled", 0, s->o2.rsp.valid);
    }
    CK(s, "C1 core responses", 1, s->ncrsp[0]);
    CK(s, "L2 responses", 2, s->nrsp_all);

    s->step = "now 13: ACK (write performed, gTS 13), then DATA(23) with the new word to C1 wf2";
    set_now(s, 13);
    settle(s);
    CK(s, "L2 responses", 4, s->nrsp_all);
    CK(s, "ACKs", 1, s->nrsp[TC_RSP_ACK]);
    CK(s, "DATAs", 3, s->nrsp[TC_RSP_DATA]);
    EXP_CRSP(s, 0, 2, TC_CRSP_LOAD, 1u << 2, {memw(X_, 0), 0xA5A50001u, memw(X_, 2), memw(X_, 3)});
    EXP_L1(s, 0, X_, TC_L1_I, ANY); /* R03: the DATA in I_I is not cached */
    EXP_L2(s, X_, TC_L2_P, 23, 1);
    EXP_GWCT(s, 0, 1, 0, 0, 1, 1);
    sys_close(s);
}

/* ---- cmocka wrappers --------------------------------------------------------------------- */

#define TWO(name, call_c, call_r)                                                                  \
    static void name##_c(void** st) {                                                              \
        (void)st;                                                                                  \
        call_c;                                                                                    \
    }                                                                                              \
    static void name##_rtl(void** st) {                                                            \
        (void)st;                                                                                  \
        call_r;                                                                                    \
    }
TWO(gt1_weak, gt1(true, false), gt1(true, true))
TWO(gt1_strong, gt1(false, false), gt1(false, true))
TWO(gt4_weak, gt4(false), gt4(true))
TWO(gt3_strong, gt3(false), gt3(true))
TWO(t_pw_weak, t_pw(true, false), t_pw(true, true))
TWO(t_pw_strong, t_pw(false, false), t_pw(false, true))
TWO(t_strong_wa, t_strong_wa(false), t_strong_wa(true))
TWO(t_stale, t_stale(false), t_stale(true))
TWO(t_exp_hit, t_exp_hit(false), t_exp_hit(true))
TWO(t_evict, t_evict(false), t_evict(true))
TWO(t_write_unexp, t_write_unexp(false), t_write_unexp(true))
TWO(t_atomic, t_atomic(false), t_atomic(true))
TWO(t_ii_read, t_ii_read(false), t_ii_read(true))
TWO(t_vm_expire, t_vm_expire(false), t_vm_expire(true))
TWO(t_roll, t_roll(false), t_roll(true))
TWO(weakc_wrc, wc_wrc(false), wc_wrc(true))
TWO(weakc_wrc_contrast_weak, wc_wrc_contrast(false), wc_wrc_contrast(true))
TWO(weakc_k1, wc_k1(false), wc_k1(true))
TWO(weakc_cobl, wc_cobl(false), wc_cobl(true))
TWO(weakc_n2, wc_n2(false), wc_n2(true))
TWO(weakc_f07, wc_f07(false), wc_f07(true))

/* ---- P9: a head request of an unknown kind is dropped, it does not block the bank ----------- */

/* One bank alone (C model or RTL): reset, then a request of kind 0 and a GETS of X_ right
 * behind it; DRAM answers every fetch the next cycle. The GETS must be answered (DATA to SM 1)
 * within a few cycles: an L2 that keeps the bad head at the front never answers it. */
static void t_bad_kind(bool rtl, uint32_t bad_kind) {
    tc_desc_t d = pdesc(PS_W_FIX);
    char err[512];
    assert_int_equal(tc_check_desc(&d, err, sizeof err), 0);
    tc_l2_t* m = NULL;
    gpucoh_rtl_t r;
    memset(&r, 0, sizeof r);
    void* h = NULL;
    if (rtl) {
        load_rtl(&unit_tc_l2, &d, &r);
        h = r.api->create();
    } else {
        const tc_l2_desc_t d2 = tc_l2_desc_from(&d);
        const size_t n2 = tc_l2_size(&d2);
        void* mem = n2 ? malloc(n2) : NULL;
        assert_non_null(mem);
        m = tc_l2_init(mem, n2, &d2, err, sizeof err);
        if (!m)
            fail_msg("tc_l2_init: %s", err);
    }
    tc_l2_in_t in;
    tc_l2_out_t out;
    memset(&out, 0, sizeof out);
    bool fetch = false;
    uint64_t fetch_line = 0;
    uint32_t sent = 0, data_at = 0;
    for (uint32_t cyc = 0; cyc < 40 && !data_at; cyc++) {
        memset(&in, 0, sizeof in);
        in.rst_n = cyc >= 2;
        in.t.now = cyc + 1;
        if (in.rst_n && sent < 2 && out.req_ready) {
            in.req.valid = true;
            in.req.kind = sent == 0 ? bad_kind : TC_REQ_GETS;
            in.req.src = 1;
            in.req.line = X_;
        }
        if (fetch) {
            in.mem.valid = true;
            in.mem.line = fetch_line;
            for (uint32_t w = 0; w < 4; w++)
                in.mem.data[w] = memw((uint32_t)fetch_line, w);
        }
        const bool pushed = in.req.valid;
        if (rtl)
            r.api->tick(h, &in, &out);
        else
            tc_l2_tick(m, &in, &out);
        sent += pushed;
        fetch = out.mreq.fetch;
        fetch_line = out.mreq.fetch_line;
        if (out.rsp.valid && out.rsp.kind == TC_RSP_DATA && out.rsp.line == X_) {
            assert_int_equal(out.rsp.dst, 2u); /* SM 1 */
            assert_int_equal(out.rsp.data[0], memw(X_, 0));
            data_at = cyc;
        }
    }
    if (rtl) {
        r.api->destroy(h);
        gpucoh_rtl_unload(&r);
    } else {
        assert_int_equal(m->errors, 1u); /* the dropped head counts as a protocol error */
        free(m);
    }
    if (!data_at)
        fail_msg("[%s] the GETS behind a request of kind %u was never answered: the bad head "
                 "blocks the bank (tc_l2.md P9: it must be dropped)",
                 rtl ? "RTL" : "C", bad_kind);
}
TWO(t_bad_kind0, t_bad_kind(false, 0), t_bad_kind(true, 0))
TWO(t_bad_kind7, t_bad_kind(false, 7), t_bad_kind(true, 7))

/* tc_l1.md section 9, I1: a core request with op 0 or a wavefront >= NumWf is dropped at the
 * push (not enqueued, core_ready stays 1, no L2 request); a legal load after them is served.
 * The RTL before the I1 decision enqueued them (fcnt 1 after the op-0 request) and sent a GETS
 * for the out-of-range wavefront: it fails here. */
static void t_bad_core(bool rtl) {
    tc_desc_t d = pdesc(PS_W_FIX); /* NumWf 4, L1Queue 2 */
    char err[512];
    assert_int_equal(tc_check_desc(&d, err, sizeof err), 0);
    tc_l1_t* m = NULL;
    tc_l1_state_t* st = calloc(1, sizeof *st);
    assert_non_null(st);
    gpucoh_rtl_t r;
    memset(&r, 0, sizeof r);
    void* h = NULL;
    if (rtl) {
        load_rtl(&unit_tc_l1, &d, &r);
        h = r.api->create();
    } else {
        const tc_l1_desc_t d1 = tc_l1_desc_from(&d);
        const size_t n1 = tc_l1_size(&d1);
        void* mem = n1 ? malloc(n1) : NULL;
        assert_non_null(mem);
        m = tc_l1_init(mem, n1, &d1, err, sizeof err);
        if (!m)
            fail_msg("tc_l1_init: %s", err);
    }
    static const uint32_t ops[] = {TC_OP_NONE, TC_OP_LOAD, TC_OP_STORE, TC_OP_LOAD};
    static const uint32_t wfs[] = {0, 4, 63, 1}; /* the last one is legal */
    tc_l1_in_t in;
    tc_l1_out_t out;
    uint32_t gets_at = 0;
    for (uint32_t cyc = 0; cyc < 16; cyc++) {
        memset(&in, 0, sizeof in);
        in.rst_n = cyc >= 2;
        in.t.now = cyc + 1;
        const uint32_t k = cyc - 2;
        if (cyc >= 2 && k < 4) {
            in.core.valid = true;
            in.core.op = ops[k];
            in.core.wf = wfs[k];
            in.core.line = X_;
            in.core.mask[0] = 0xffffu;
        }
        if (rtl)
            r.api->tick(h, &in, &out);
        else
            tc_l1_tick(m, &in, &out);
        uint32_t fcnt;
        if (rtl) {
            st->sel_all = 1;
            r.api->state(h, st);
            fcnt = st->fcnt;
        } else {
            fcnt = m->fcnt;
        }
        if (cyc >= 2 && k < 3) {
            if (fcnt != 0 || !out.core_ready || out.req.valid)
                fail_msg("[%s] illegal core request %u (op %u, wf %u) was not dropped: fcnt %u, "
                         "core_ready %d, L2 request %d (tc_l1.md I1)",
                         rtl ? "RTL" : "C", k, ops[k], wfs[k], fcnt, out.core_ready, out.req.valid);
        }
        if (out.req.valid && out.req.kind == TC_REQ_GETS && out.req.line == X_ && !gets_at)
            gets_at = cyc;
    }
    if (!gets_at)
        fail_msg("[%s] the legal load after the illegal requests sent no GETS", rtl ? "RTL" : "C");
    if (rtl) {
        r.api->destroy(h);
        gpucoh_rtl_unload(&r);
    } else {
        assert_int_equal(m->errors, 3u); /* each dropped request counts */
        free(m);
    }
    free(st);
}
TWO(t_bad_core, t_bad_core(false), t_bad_core(true))

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gt1_weak_c),      cmocka_unit_test(gt1_strong_c),
        cmocka_unit_test(gt4_weak_c),      cmocka_unit_test(gt3_strong_c),
        cmocka_unit_test(t_pw_weak_c),     cmocka_unit_test(t_pw_strong_c),
        cmocka_unit_test(t_strong_wa_c),   cmocka_unit_test(t_stale_c),
        cmocka_unit_test(t_exp_hit_c),     cmocka_unit_test(t_evict_c),
        cmocka_unit_test(t_write_unexp_c), cmocka_unit_test(t_atomic_c),
        cmocka_unit_test(t_ii_read_c),     cmocka_unit_test(t_vm_expire_c),
        cmocka_unit_test(t_roll_c),        cmocka_unit_test(gt1_weak_rtl),
        cmocka_unit_test(gt1_strong_rtl),  cmocka_unit_test(gt4_weak_rtl),
        cmocka_unit_test(gt3_strong_rtl),  cmocka_unit_test(t_pw_weak_rtl),
        cmocka_unit_test(t_pw_strong_rtl), cmocka_unit_test(t_strong_wa_rtl),
        cmocka_unit_test(t_stale_rtl),     cmocka_unit_test(t_exp_hit_rtl),
        cmocka_unit_test(t_evict_rtl),     cmocka_unit_test(t_write_unexp_rtl),
        cmocka_unit_test(t_atomic_rtl),    cmocka_unit_test(t_ii_read_rtl),
        cmocka_unit_test(t_vm_expire_rtl), cmocka_unit_test(t_roll_rtl),
        cmocka_unit_test(t_bad_kind0_c),   cmocka_unit_test(t_bad_kind7_c),
        cmocka_unit_test(t_bad_kind0_rtl), cmocka_unit_test(t_bad_kind7_rtl),
        cmocka_unit_test(t_bad_core_c),    cmocka_unit_test(t_bad_core_rtl),
        cmocka_unit_test(weakc_wrc_c),     cmocka_unit_test(weakc_wrc_contrast_weak_c),
        cmocka_unit_test(weakc_k1_c),      cmocka_unit_test(weakc_cobl_c),
        cmocka_unit_test(weakc_n2_c),      cmocka_unit_test(weakc_f07_c),
        cmocka_unit_test(weakc_wrc_rtl),   cmocka_unit_test(weakc_wrc_contrast_weak_rtl),
        cmocka_unit_test(weakc_k1_rtl),    cmocka_unit_test(weakc_cobl_rtl),
        cmocka_unit_test(weakc_n2_rtl),    cmocka_unit_test(weakc_f07_rtl),
    };
    const char* f = getenv("TC_GOLDEN_FILTER");
    if (f && *f)
        cmocka_set_test_filter(f);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
