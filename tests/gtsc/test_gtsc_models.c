/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_gtsc_models.c -- the G-TSC family's C models (docs/units/gtsc/gtsc_l1.md, gtsc_l2.md and
 * gtsc_ovf of gtsc.md section 7.4): descriptors, reset, illegal inputs, and the golden tests of
 * gtsc.md section 10 run through a tiny system in this file: NumSm L1s, NumBanks banks and one
 * gtsc_ovf, every message delivered to its unit's input in the edge after the one that sent it
 * (the bank takes its FIFO-bound request only while its registered req_ready is 1), DRAM
 * answering a fetch in the next edge, gtsc_ovf seeing the banks' registered ovf_o. After every
 * edge the models' own assertion counters and the invariants of gtsc_check.h (I4 across units)
 * are required to stay 0.
 *
 * Each test says in a comment what a wrong rule (a mutant of the unit pages) would make it see.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtsc_check.h"
#include "gtsc_l1.h"
#include "gtsc_l1_ports.h"
#include "gtsc_l2.h"
#include "gtsc_l2_ports.h"
#include "gtsc_ovf.h"
#include "gtsc_ovf_ports.h"
#include "gtsc_types.h"

enum { NSM = 4, NB = 2, QMAX = 64, DRAM_LINES = 64, LOGMAX = 256, SNAPMAX = 64 };

typedef struct {
    gtsc_req_msg_t e[QMAX];
    uint32_t n;
} rq_t;
typedef struct {
    gtsc_rsp_msg_t e[QMAX];
    uint32_t n;
} pq_t;
typedef struct {
    gtsc_core_req_t e[QMAX];
    uint32_t n;
} cq_t;

typedef struct {
    gtsc_desc_t d;
    gtsc_l1_t* l1[NSM];
    gtsc_l2_t* l2[NB];
    gtsc_ovf_t ovf;
    gtsc_l1_out_t o1[NSM];
    gtsc_l2_out_t o2[NB];
    gtsc_ovf_out_t oo;
    rq_t req[NB];
    pq_t rsp[NSM];
    uint64_t fetch[NB][QMAX];
    uint32_t nfetch[NB];
    cq_t core[NSM];
    uint32_t dram[DRAM_LINES][GTSC_MAX_LINE_WORDS];
    gtsc_req_msg_t log[LOGMAX]; /* every L1 request, in order */
    uint32_t nlog;
    gtsc_rsp_msg_t rlog[LOGMAX]; /* every bank response, in order */
    uint32_t nrlog;
    gtsc_core_rsp_t last[NSM];
    uint32_t nrsp[NSM];
    uint64_t cycle;
    uint64_t tsrst_cycle; /* the last cycle whose edge had tsrst_i = 1 */
    uint64_t ovf_cycle;   /* the first cycle after whose edge a bank's ovf_o was 1 */
    bool hold_rsp;        /* the rsp network delivers nothing */
    gtsc_i5_t i5;         /* I5's history */
    gtsc_i4_t i4;         /* I4's kept verdicts (gtsc_check_all_kept) */
    /* every unit's lines and their sets' rr before the present edge (the touched check) */
    gtsc_l1_line_t pre_l1[NSM][SNAPMAX];
    gtsc_l2_line_t pre_l2[NB][SNAPMAX];
    uint32_t rr_l1[NSM][SNAPMAX], rr_l2[NB][SNAPMAX];
} sys_t;

static sys_t* S;

/*--- the touched lists (gtsc_l1_touched, gtsc_l2_touched) -------------------------------------*/

/* The lockstep's partial state compare reads only the lines the model says an edge wrote (and
 * their sets' rr; every line every K cycles): a line an edge changed (tag, st, wts, rts, data)
 * must be listed, a set whose rr changed must have a line listed, or "all" said. Checked after
 * every edge of every test on the tiny system. ways 0: line i itself; else a line of i's set. */
static bool listed(const uint32_t* sel, uint32_t n, bool all, uint32_t i, uint32_t ways) {
    for (uint32_t k = 0; k < n && !all; k++) {
        if (ways ? sel[k] / ways == i / ways : sel[k] == i) {
            return true;
        }
    }
    return all;
}

/* the fields of two lines (L1 or bank: the same members) */
#define SAME_LINE(a, b)                                                                            \
    ((a).tag == (b).tag && (a).st == (b).st && (a).wts == (b).wts && (a).rts == (b).rts &&         \
     !memcmp((a).data, (b).data, sizeof(a).data))

/* unit u (l1, l2) instance j: snap its lines and rr (pre##u, rr##u) or check them against its
 * touched list */
#define SNAP(u, j)                                                                                 \
    for (uint32_t i = 0; i < S->d.u##_sets * S->d.u##_ways && i < SNAPMAX; i++) {                  \
        gtsc_##u##_line_get(S->u[j], i, &S->pre_##u[j][i]);                                        \
        S->rr_##u[j][i] = gtsc_##u##_rr(S->u[j], i / S->d.u##_ways);                               \
    }
#define CHECK_TOUCHED(u, j)                                                                        \
    do {                                                                                           \
        uint32_t sel[GTSC_SEL_MAX];                                                                \
        bool all = false;                                                                          \
        const uint32_t n = gtsc_##u##_touched(S->u[j], sel, GTSC_SEL_MAX, &all),                   \
                       w = S->d.u##_ways;                                                          \
        for (uint32_t i = 0; i < S->d.u##_sets * w && i < SNAPMAX; i++) {                          \
            gtsc_##u##_line_t l;                                                                   \
            gtsc_##u##_line_get(S->u[j], i, &l);                                                   \
            assert_true(SAME_LINE(l, S->pre_##u[j][i]) || listed(sel, n, all, i, 0u));             \
            assert_true(gtsc_##u##_rr(S->u[j], i / w) == S->rr_##u[j][i] ||                        \
                        listed(sel, n, all, i, w));                                                \
        }                                                                                          \
    } while (0)

static void snap(void) {
    for (uint32_t s = 0; s < S->d.num_sm; s++) {
        SNAP(l1, s)
    }
    for (uint32_t b = 0; b < S->d.num_banks; b++) {
        SNAP(l2, b)
    }
}

/*--- the tiny system --------------------------------------------------------------------------*/

static void* xalloc(size_t n) {
    void* p = aligned_alloc(8, (n + 7u) & ~(size_t)7u);
    assert_non_null(p);
    return p;
}

static void sys_free(void) {
    if (S == NULL) {
        return;
    }
    for (uint32_t s = 0; s < NSM; s++) {
        free(S->l1[s]);
    }
    for (uint32_t b = 0; b < NB; b++) {
        free(S->l2[b]);
    }
    free(S);
    S = NULL;
}

static int teardown(void** state) {
    (void)state;
    sys_free();
    return 0;
}

static void tick(void);

static void sys_new(const gtsc_desc_t* d) {
    sys_free();
    S = calloc(1, sizeof *S);
    assert_non_null(S);
    S->d = *d;
    char why[160] = "";
    assert_int_equal(gtsc_check_desc(d, why, sizeof why), 0);
    const gtsc_l1_desc_t d1 = gtsc_l1_desc_from(d);
    for (uint32_t s = 0; s < d->num_sm; s++) {
        const size_t n = gtsc_l1_size(&d1);
        S->l1[s] = gtsc_l1_init(xalloc(n), n, &d1, why, sizeof why);
        assert_non_null(S->l1[s]);
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        const gtsc_l2_desc_t d2 = gtsc_l2_desc_from(d);
        const size_t n = gtsc_l2_size(&d2);
        S->l2[b] = gtsc_l2_init(xalloc(n), n, &d2, why, sizeof why);
        assert_non_null(S->l2[b]);
    }
    assert_int_equal(gtsc_ovf_init(&S->ovf, d->num_banks, why, sizeof why), 0);
    for (uint32_t a = 0; a < DRAM_LINES; a++) {
        for (uint32_t w = 0; w < GTSC_MAX_LINE_WORDS; w++) {
            S->dram[a][w] = 0xa0000000u | (a << 8) | w; /* "X0": the value at the start */
        }
    }
    S->tsrst_cycle = S->ovf_cycle = UINT64_MAX;
    gtsc_i5_init(&S->i5);
    gtsc_i4_init(&S->i4);
    for (uint32_t s = 0; s < d->num_sm; s++) {
        S->o1[s] = *gtsc_l1_out(S->l1[s]);
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        S->o2[b] = *gtsc_l2_out(S->l2[b]);
    }
}

/* Inputs of this edge from the registered outputs of the last one and the queues. */
static void inputs(gtsc_l1_in_t* i1, gtsc_l2_in_t* i2, gtsc_ovf_in_t* io) {
    const gtsc_desc_t* d = &S->d;
    memset(io, 0, sizeof *io);
    io->rst_n = true;
    for (uint32_t b = 0; b < d->num_banks; b++) {
        gtsc_l2_in_t* x = &i2[b];
        memset(x, 0, sizeof *x);
        x->rst_n = true;
        x->lease = gtsc_bank_lease(d, b);
        x->bank = b;
        x->tsrst = S->oo.tsrst;
        io->ovf |= (uint32_t)S->o2[b].ovf << b;
        if (S->req[b].n > 0u) {
            x->req = S->req[b].e[0];
        }
        if (S->nfetch[b] > 0u) {
            const uint64_t a = S->fetch[b][0];
            x->mem.valid = true;
            x->mem.line = a;
            memcpy(x->mem.data, S->dram[a % DRAM_LINES], sizeof x->mem.data);
        }
    }
    for (uint32_t s = 0; s < d->num_sm; s++) {
        gtsc_l1_in_t* x = &i1[s];
        memset(x, 0, sizeof *x);
        x->rst_n = true;
        x->tsrst = S->oo.tsrst;
        if (S->rsp[s].n > 0u && !S->hold_rsp) {
            x->rsp = S->rsp[s].e[0];
        }
        if (S->core[s].n > 0u) {
            x->core = S->core[s].e[0];
        }
    }
}

static void rq_pop(rq_t* q) {
    memmove(&q->e[0], &q->e[1], (size_t)(q->n - 1u) * sizeof q->e[0]);
    q->n--;
}
static void pq_pop(pq_t* q) {
    memmove(&q->e[0], &q->e[1], (size_t)(q->n - 1u) * sizeof q->e[0]);
    q->n--;
}
static void cq_pop(cq_t* q) {
    memmove(&q->e[0], &q->e[1], (size_t)(q->n - 1u) * sizeof q->e[0]);
    q->n--;
}

/* What the edge consumed, then what it sent. */
static void route(const gtsc_l1_in_t* i1, const gtsc_l2_in_t* i2) {
    const gtsc_desc_t* d = &S->d;
    for (uint32_t b = 0; b < d->num_banks; b++) {
        if (i2[b].req.valid && S->o2[b].req_ready) {
            rq_pop(&S->req[b]);
        }
        if (i2[b].mem.valid) {
            memmove(&S->fetch[b][0], &S->fetch[b][1], (S->nfetch[b] - 1u) * sizeof(uint64_t));
            S->nfetch[b]--;
        }
    }
    for (uint32_t s = 0; s < d->num_sm; s++) {
        if (i1[s].rsp.valid) {
            pq_pop(&S->rsp[s]);
        }
        if (i1[s].core.valid && S->o1[s].core_ready) {
            cq_pop(&S->core[s]);
        }
    }
}

static void collect(void) {
    const gtsc_desc_t* d = &S->d;
    for (uint32_t s = 0; s < d->num_sm; s++) {
        gtsc_l1_out_t* o = &S->o1[s];
        if (o->req.valid) {
            gtsc_req_msg_t q = o->req;
            q.src = s;
            rq_t* r = &S->req[gtsc_bank_of(d, q.line)];
            assert_true(r->n < QMAX);
            r->e[r->n++] = q;
            if (S->nlog < LOGMAX) {
                S->log[S->nlog++] = q;
            }
        }
        if (o->crsp.valid) {
            S->last[s] = o->crsp;
            S->nrsp[s]++;
        }
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        gtsc_l2_out_t* o = &S->o2[b];
        if (o->rsp.valid) {
            const uint32_t s = (uint32_t)__builtin_ctzll(o->rsp.dst);
            assert_true(S->rsp[s].n < QMAX);
            S->rsp[s].e[S->rsp[s].n++] = o->rsp;
            if (S->nrlog < LOGMAX) {
                S->rlog[S->nrlog++] = o->rsp;
            }
        }
        if (o->mreq.wb) {
            memcpy(S->dram[o->mreq.wb_line % DRAM_LINES], o->mreq.wb_data, sizeof S->dram[0]);
        }
        if (o->mreq.fetch) {
            S->fetch[b][S->nfetch[b]++] = o->mreq.fetch_line;
        }
        if (o->ovf && S->ovf_cycle == UINT64_MAX) {
            S->ovf_cycle = S->cycle;
        }
    }
}

/* One edge of every unit; then every assertion counter and invariant must be 0. */

/* gtsc_l1_locked (the lines I4 leaves out, gtsc_check.c) is the line addresses whose entry, as
 * gtsc_l1_find_entry names it, is a tied WR entry: every line of the cache, and every entry's
 * line, asked both ways. */
static void locked_agrees(const gtsc_desc_t* d, const gtsc_l1_t* m) {
    uint64_t lk[64];
    const uint32_t n = gtsc_l1_locked(m, lk, 64);
    uint64_t ask[256 + 64];
    uint32_t na = 0;
    for (uint32_t i = 0; i < d->l1_sets * d->l1_ways && na < 256; i++)
        ask[na++] = gtsc_l1_line_addr(m, i);
    for (uint32_t k = 0; k < d->l1_mshrs && k < 64; k++) {
        gtsc_l1_mshr_t e;
        gtsc_l1_mshr_get(m, k, &e);
        ask[na++] = e.mline;
    }
    for (uint32_t x = 0; x < na; x++) {
        const int64_t k = gtsc_l1_find_entry(m, ask[x]);
        bool want = false;
        if (k >= 0) {
            gtsc_l1_mshr_t e;
            gtsc_l1_mshr_get(m, (uint32_t)k, &e);
            want = e.mk == GTSC_MK_WR && e.mhw;
        }
        bool got = false;
        for (uint32_t j = 0; j < n; j++)
            got |= lk[j] == ask[x];
        assert_int_equal(got, want);
    }
}

static void tick(void) {
    const gtsc_desc_t* d = &S->d;
    gtsc_l1_in_t i1[NSM];
    gtsc_l2_in_t i2[NB];
    gtsc_ovf_in_t io;
    inputs(i1, i2, &io);
    const bool tsrst = S->oo.tsrst;
    if (S->oo.tsrst) {
        S->tsrst_cycle = S->cycle;
    }
    snap();
    for (uint32_t s = 0; s < d->num_sm; s++) {
        gtsc_l1_tick(S->l1[s], &i1[s], NULL);
        CHECK_TOUCHED(l1, s);
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        gtsc_l2_tick(S->l2[b], &i2[b], NULL);
        CHECK_TOUCHED(l2, b);
    }
    gtsc_ovf_tick(&S->ovf, &io, &S->oo);
    route(i1, i2);
    for (uint32_t s = 0; s < d->num_sm; s++) {
        S->o1[s] = *gtsc_l1_out(S->l1[s]);
        assert_int_equal(gtsc_l1_errors(S->l1[s]), 0);
    }
    for (uint32_t b = 0; b < d->num_banks; b++) {
        S->o2[b] = *gtsc_l2_out(S->l2[b]);
        assert_int_equal(gtsc_l2_errors(S->l2[b]), 0);
    }
    collect();
    const gtsc_l1_t* l1[NSM];
    const gtsc_l2_t* l2[NB];
    memcpy(l1, S->l1, sizeof l1);
    memcpy(l2, S->l2, sizeof l2);
    assert_int_equal(gtsc_check_all(d, l1, l2, S->cycle, stderr), 0);
    assert_int_equal(gtsc_check_all_kept(&S->i4, d, l1, l2, S->cycle, stderr), 0);
    assert_int_equal(gtsc_i5_edge(&S->i5, d, l1, l2, tsrst, S->cycle, stderr), 0);
    for (uint32_t s = 0; s < d->num_sm; s++)
        locked_agrees(d, l1[s]);
    S->cycle++;
}

static void run(uint32_t n) {
    for (uint32_t k = 0; k < n; k++) {
        tick();
    }
}

static void core_push(uint32_t s, uint32_t op, uint32_t wf, uint64_t line, uint32_t val) {
    gtsc_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = op;
    r.wf = wf;
    r.line = line;
    if (op == GTSC_OP_STORE) {
        r.data[0] = val;
        r.mask[0] = 0xfu; /* the word's 4 bytes */
    } else if (op == GTSC_OP_ATOMIC) {
        r.aop = GTSC_AOP_ADD;
        r.a = val;
    }
    cq_t* q = &S->core[s];
    q->e[q->n++] = r;
}

/* A load, run to completion; returns word 0 of the core response. */
static uint32_t load(uint32_t s, uint32_t wf, uint64_t line) {
    const uint32_t n0 = S->nrsp[s];
    core_push(s, GTSC_OP_LOAD, wf, line, 0u);
    run(12);
    assert_int_equal(S->nrsp[s], n0 + 1u);
    assert_int_equal(S->last[s].kind, GTSC_CRSP_LOAD);
    assert_true((S->last[s].wf_mask >> wf) & 1u);
    return S->last[s].data[0];
}

/* A store of word 0, run until its WACK has reached the L1 (wr_idle, gtsc.md section 10). */
static void store(uint32_t s, uint32_t wf, uint64_t line, uint32_t val) {
    core_push(s, GTSC_OP_STORE, wf, line, val);
    run(12);
    assert_true((S->o1[s].wr_idle >> wf) & 1u);
}

/*--- observers --------------------------------------------------------------------------------*/

/* Bank line of line a: (wts, rts), or asserts it is absent when wts == 0 is expected. */
static void expect_l2(uint64_t a, uint32_t wts, uint32_t rts) {
    const gtsc_l2_t* b = S->l2[gtsc_bank_of(&S->d, a)];
    const int64_t i = gtsc_l2_find(b, a);
    if (wts == 0u) {
        assert_true(i < 0);
        return;
    }
    assert_true(i >= 0);
    gtsc_l2_line_t l;
    gtsc_l2_line_get(b, (uint32_t)i, &l);
    assert_int_equal(l.wts, wts);
    assert_int_equal(l.rts, rts);
}

/* L1 copy of line a at SM s: st V with (wts, rts); wts == 0: no valid copy. */
static void expect_l1(uint32_t s, uint64_t a, uint32_t wts, uint32_t rts) {
    const int64_t i = gtsc_l1_find(S->l1[s], a);
    gtsc_l1_line_t l;
    if (wts == 0u) {
        if (i >= 0) {
            gtsc_l1_line_get(S->l1[s], (uint32_t)i, &l);
            assert_int_not_equal(l.st, GTSC_L1_V);
        }
        return;
    }
    assert_true(i >= 0);
    gtsc_l1_line_get(S->l1[s], (uint32_t)i, &l);
    assert_int_equal(l.st, GTSC_L1_V);
    assert_int_equal(l.wts, wts);
    assert_int_equal(l.rts, rts);
    /* the in-place read I4 uses (gtsc_check.c) is the copy; none beyond the lines */
    const gtsc_l1_line_t* v = gtsc_l1_line_view(S->l1[s], (uint32_t)i);
    assert_non_null(v);
    assert_memory_equal(v, &l, sizeof l);
    assert_null(gtsc_l1_line_view(S->l1[s], ~0u));
}

static void expect_req(uint32_t k, uint32_t kind, uint64_t line, uint32_t wts, uint32_t warp_ts) {
    assert_true(k < S->nlog);
    assert_int_equal(S->log[k].kind, kind);
    assert_int_equal(S->log[k].line, line);
    assert_int_equal(S->log[k].wts, wts);
    assert_int_equal(S->log[k].warp_ts, warp_ts);
}

static void expect_rsp(uint32_t k, uint32_t kind, uint32_t wts, uint32_t rts) {
    assert_true(k < S->nrlog);
    assert_int_equal(S->rlog[k].kind, kind);
    assert_int_equal(S->rlog[k].wts, wts);
    assert_int_equal(S->rlog[k].rts, rts);
}

static uint64_t cov1(uint32_t s, gtsc_l1_trans_t r) {
    return gtsc_l1_cov(S->l1[s])[r];
}
static uint64_t cov2(uint32_t b, gtsc_l2_trans_t r) {
    return gtsc_l2_cov(S->l2[b])[r];
}

static gtsc_desc_t small(uint32_t sc, uint32_t nsm, uint32_t nwf, uint32_t nb, uint32_t lease,
                         uint32_t lease_odd) {
    gtsc_desc_t d = gtsc_desc_small(sc ? GTSC_SC : GTSC);
    d.num_sm = nsm;
    d.num_wf = nwf;
    d.num_banks = nb;
    d.lease = lease;
    d.lease_odd = lease_odd;
    d.spin_hits = 0u; /* the thesis's examples have no spin (gtsc.md section 15.1) */
    return d;
}

#define X0(a) (0xa0000000u | ((uint32_t)(a) << 8))

/*--- descriptors, ports, reset ----------------------------------------------------------------*/

static void test_desc(void** state) {
    (void)state;
    char why[160];
    gtsc_desc_t d = gtsc_desc_small(GTSC);
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 0);
    d = gtsc_desc_default(GTSC_SC);
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 0);
    d.ts_width = 5u; /* a wrong range would accept it */
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 1);
    assert_string_equal(why, "gtsc_l1: ts_width = 5 is illegal (TsWidth: 6..32)");
    d = gtsc_desc_small(GTSC);
    d.lease = 31u; /* 2 * Lease + 2 <= TsMax: 30 at 6 bits */
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 1);
    assert_string_equal(why, "gtsc: lease = 31 is illegal (Lease: 1..30)");
    d.lease = 30u;
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 0);
    gtsc_l1_desc_t d1 = gtsc_l1_desc_from(&d);
    assert_true(gtsc_l1_size(&d1) > 0u);
    d1.l1_mshrs = 0u;
    assert_int_equal(gtsc_l1_size(&d1), 0u);
    assert_string_equal(gtsc_l1_trans_id(GTSC_L1_T_ERR), "ERR");
    assert_string_equal(gtsc_l2_trans_id(GTSC_L2_T_H03M), "H03.m");
    assert_string_equal(gtsc_l1_fcov_name(GTSC_L1_F_P27), "P27");
    assert_string_equal(gtsc_l2_fcov_name(GTSC_L2_F_K22), "K22");
    assert_int_equal(GTSC_L1_ROWS, 27);
    assert_int_equal(GTSC_L2_T_N, 24);
    uint32_t n = 0u;
    for (uint32_t r = 0; r < GTSC_L1_ROWS; r++) {
        n += gtsc_l1_trans_reachable(&d1, (gtsc_l1_trans_t)r);
    }
    d1 = gtsc_l1_desc_from(&d);
    n = 0u;
    for (uint32_t r = 0; r < GTSC_L1_ROWS; r++) {
        n += gtsc_l1_trans_reachable(&d1, (gtsc_l1_trans_t)r);
    }
    assert_int_equal(n, 26); /* section 7: 26 reachable (S04: WMAX 3 < 4 entries) */
    n = 0u;
    for (uint32_t f = 0; f < GTSC_L1_F_N; f++) {
        n += gtsc_l1_fcov_reachable(&d1, (gtsc_l1_fcov_t)f);
    }
    assert_int_equal(n, 50); /* gtsc: P26 is Sc = 1's */
    d1.sc = 1u;
    n = 0u;
    for (uint32_t f = 0; f < GTSC_L1_F_N; f++) {
        n += gtsc_l1_fcov_reachable(&d1, (gtsc_l1_fcov_t)f);
    }
    assert_int_equal(n, 51); /* section 11: 51 bins at the small configuration */
    d1.spin_hits = 0u;
    n = 0u;
    for (uint32_t f = 0; f < GTSC_L1_F_N; f++) {
        n += gtsc_l1_fcov_reachable(&d1, (gtsc_l1_fcov_t)f);
    }
    assert_int_equal(n, 47); /* P28-P30 need SpinHits > 0 */
    assert_string_equal(gtsc_l1_fcov_name(GTSC_L1_F_P30), "P30");
}

/* SpinHits (T12): 0..255, 4 small, 16 thesis; checked in table order with the page's message. */
static void test_desc_spin(void** state) {
    (void)state;
    char why[160];
    assert_int_equal(gtsc_desc_small(GTSC).spin_hits, 4);
    assert_int_equal(gtsc_desc_default(GTSC_SC).spin_hits, 16);
    gtsc_desc_t d = gtsc_desc_small(GTSC);
    d.spin_hits = 255u;
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 0);
    d.spin_hits = 0u;
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 0);
    d.spin_hits = 256u;
    assert_int_equal(gtsc_check_desc(&d, why, sizeof why), 1);
    assert_string_equal(why, "gtsc_l1: spin_hits = 256 is illegal (SpinHits: 0..255)");
    const gtsc_l1_desc_t d1 = gtsc_l1_desc_from(&d);
    assert_int_equal(d1.spin_hits, 256);
    assert_int_equal(gtsc_l1_size(&d1), 0u);
}

/* The port tables name one field per RTL port (section 2's counts: L1 41 with rst_ni, L2 38 with
 * bank_i). */
#define COUNT_PORT(port, dir, width, field, shape, wave, filter) +1
static void test_ports(void** state) {
    (void)state;
    assert_int_equal(0 GTSC_L1_PORTS(COUNT_PORT, ), 41);
    assert_int_equal(0 GTSC_L2_PORTS(COUNT_PORT, ), 38);
    assert_int_equal(0 GTSC_OVF_PORTS(COUNT_PORT, ), 3);
}

/* R1 / section 2: after reset core_ready 1, wr_idle all ones, every warp_ts 1, mem_ts 1, every
 * other output 0 (a model that reset warp_ts to 0 fails T1). */
static void test_reset(void** state) {
    (void)state;
    const gtsc_desc_t d = gtsc_desc_small(GTSC);
    sys_new(&d);
    run(1);
    assert_true(S->o1[0].core_ready);
    assert_int_equal(S->o1[0].wr_idle, 0xff);
    assert_false(S->o1[0].req.valid);
    for (uint32_t w = 0; w < d.num_wf; w++) {
        assert_int_equal(gtsc_l1_warp_ts(S->l1[0], w), 1);
    }
    assert_int_equal(gtsc_l2_mem_ts(S->l2[0]), 1);
    assert_true(S->o2[0].req_ready);
    assert_false(S->o2[0].ovf);
    assert_false(S->oo.tsrst);
}

/*--- G1: §3.4.5, the worked example (16 steps) ------------------------------------------------*/

/* NumSm 2, NumBanks 2, Lease 5 (X, bank 0), LeaseOdd 10 (Y, bank 1), TsWidth 6. Every timestamp
 * of gtsc.md section 10's table is asserted after its step. Mutants: M1 (hit `<`) and M3 (a lower
 * bound on wts) change nothing here (no hit at warp_ts == rts, none below a copy's wts: gtsc.md
 * section 10, "On the RTL alone"); M2 (warp_ts := wts) gives A3's warp 7 at step 15 (checked:
 * this test fails under it); M12 (no lease on a read) gives the FILL rts 12, not 17, at step 14
 * (step 3's 6 is T2's fill value); M15 (RNW when versions differ) returns X0 at step 15. (M11
 * gives the same numbers here: test_g5 catches it.) */
static void g1(uint32_t sc) {
    const gtsc_desc_t d = small(sc, 2, 8, 2, 5, 10);
    sys_new(&d);
    enum { X = 0, Y = 1 };
    run(2);
    /* steps 1-3: A1 LD X */
    assert_int_equal(load(0, 0, X), X0(X));
    expect_req(0, GTSC_REQ_RD, X, 0, 1);
    expect_rsp(0, GTSC_RSP_FILL, 1, 6); /* T2 (1, 1+5), T5 max(6, 1+5) */
    expect_l2(X, 1, 6);
    expect_l1(0, X, 1, 6);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 1);
    assert_int_equal(gtsc_l2_mem_ts(S->l2[0]), 1);
    /* steps 4-6: B1 LD Y */
    assert_int_equal(load(1, 0, Y), X0(Y));
    expect_req(1, GTSC_REQ_RD, Y, 0, 1);
    expect_rsp(1, GTSC_RSP_FILL, 1, 11);
    expect_l2(Y, 1, 11);
    expect_l1(1, Y, 1, 11);
    /* steps 7-9: A2 ST Y (no copy: no allocation, N9) */
    store(0, 0, Y, 0x11u);
    expect_req(2, GTSC_REQ_WR, Y, 0, 1);
    expect_rsp(2, GTSC_RSP_WACK, 12, 22); /* max(11 + 1, 1) = 12 */
    assert_false(S->rlog[2].keep);
    expect_l2(Y, 12, 22);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 12);
    expect_l1(0, Y, 0, 0);
    if (sc) {
        assert_int_equal(S->last[0].kind, GTSC_CRSP_STORE); /* R12 under Sc = 1 */
    }
    /* steps 10-12: B2 ST X */
    store(1, 0, X, 0x22u);
    expect_req(3, GTSC_REQ_WR, X, 0, 1);
    expect_rsp(3, GTSC_RSP_WACK, 7, 12);
    expect_l2(X, 7, 12);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[1], 0), 7);
    expect_l1(1, X, 0, 0);
    expect_l1(1, Y, 1, 11); /* I4: bank Y (12, 22), 12 > 11 */
    /* steps 13-15: A3 LD X, 12 > 6: renewal, answered with the new data */
    assert_int_equal(load(0, 0, X), 0x22u);
    expect_req(4, GTSC_REQ_RD, X, 1, 12);
    expect_rsp(4, GTSC_RSP_FILL, 7, 17); /* thesis: 15 (gtsc.md section 9) */
    expect_l2(X, 7, 17);
    expect_l1(0, X, 7, 17);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 12);
    assert_int_equal(cov1(0, GTSC_L1_T_C03), 1);
    assert_int_equal(cov2(0, GTSC_L2_T_H02H), 1);
    /* step 16: B3 LD Y hits (7 <= 11) and returns Y0 */
    assert_int_equal(load(1, 0, Y), X0(Y));
    assert_int_equal(S->nlog, 5); /* no message */
    assert_int_equal(gtsc_l1_warp_ts(S->l1[1], 0), 7);
    assert_int_equal(cov1(1, GTSC_L1_T_C01), 1);
    assert_int_equal(gtsc_l2_mem_ts(S->l2[0]), 1);
    assert_int_equal(gtsc_l2_mem_ts(S->l2[1]), 1);
}

static void test_g1_gtsc(void** state) {
    (void)state;
    g1(0);
}
static void test_g1_gtsc_sc(void** state) {
    (void)state;
    g1(1);
}

/*--- G2: §3.5.1, update visibility under option 1 ---------------------------------------------*/

/* NumSm 2, NumWf 4, NumBanks 2, Lease 4. The store hit locks its copy; w2's load waits in the WR
 * entry (C02), the WACK keeps the copy (keep 1: M20 would drop it), V01 serves w2 one edge
 * later with the new value at 11; SM1 still reads the old value at 6. A model that served w2
 * from the locked copy before the WACK (the thesis's flawed scheme) answers w2 with warp_ts 1. */
static void test_g2(void** state) {
    (void)state;
    const gtsc_desc_t d = small(0, 2, 4, 2, 4, 4);
    sys_new(&d);
    enum { A = 0, B = 1 };
    run(2);
    assert_int_equal(load(0, 1, A), X0(A));
    expect_l1(0, A, 1, 5);
    store(1, 0, B, 0x5u);
    expect_rsp(1, GTSC_RSP_WACK, 6, 10);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[1], 0), 6);
    assert_int_equal(load(1, 0, A), X0(A));
    expect_req(2, GTSC_REQ_RD, A, 0, 6);
    expect_rsp(2, GTSC_RSP_FILL, 1, 10);
    expect_l2(A, 1, 10);
    /* steps 4-8 */
    const uint32_t n0 = S->nrsp[0];
    core_push(0, GTSC_OP_STORE, 1, A, 0x77u);
    core_push(0, GTSC_OP_LOAD, 2, A, 0u);
    run(3);
    assert_int_equal(S->nrsp[0], n0); /* w2 waits */
    expect_req(3, GTSC_REQ_WR, A, 1, 1);
    run(12);
    expect_rsp(3, GTSC_RSP_WACK, 11, 15);
    assert_true(S->rlog[3].keep);
    expect_l1(0, A, 11, 15);
    assert_int_equal(S->nrsp[0], n0 + 1u);
    assert_int_equal(S->last[0].wf_mask, 1u << 2);
    assert_int_equal(S->last[0].data[0], 0x77u);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 1), 11);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 2), 11);
    assert_int_equal(cov1(0, GTSC_L1_T_R05), 1);
    assert_int_equal(cov1(0, GTSC_L1_T_R05_WAIT), 1);
    assert_int_equal(cov1(0, GTSC_L1_T_V01), 1);
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P13], 1);
    assert_int_equal(cov2(0, GTSC_L2_T_H03H), 1);
    /* step 9: SM1's copy (1, 10) still serves the old value at 6 < 11 */
    assert_int_equal(load(1, 0, A), X0(A));
    assert_int_equal(gtsc_l1_warp_ts(S->l1[1], 0), 6);
}

/*--- G3: §3.5.2, request combining ------------------------------------------------------------*/

/* NumSm 1, NumWf 4, NumBanks 2, Lease 4. Three loads of A from warps at 1, 6 and 11 send two
 * messages: RD{A,0,1} and, in the FILL's edge, one renewal RD{A,1,11} for the two left over.
 * M6 (leftovers served without renewal) serves w2, w3 at step 4; M9 (the first waiter's
 * warp_ts) sends RD{A,1,6} and then a third message. */
static void test_g3(void** state) {
    (void)state;
    const gtsc_desc_t d = small(0, 1, 4, 2, 4, 4);
    sys_new(&d);
    enum { A = 0, B = 1 };
    run(2);
    store(0, 2, B, 0x2u);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 2), 6);
    store(0, 3, B, 0x3u);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 3), 11);
    const uint32_t n0 = S->nlog, r0 = S->nrsp[0];
    S->hold_rsp = true;
    core_push(0, GTSC_OP_LOAD, 1, A, 0u);
    core_push(0, GTSC_OP_LOAD, 2, A, 0u);
    core_push(0, GTSC_OP_LOAD, 3, A, 0u);
    run(10);
    assert_int_equal(S->nlog, n0 + 1u);
    gtsc_l1_mshr_t e;
    gtsc_l1_mshr_get(S->l1[0], (uint32_t)gtsc_l1_find_entry(S->l1[0], A), &e);
    assert_int_equal(e.mwait, 0xe); /* {w1, w2, w3} */
    S->hold_rsp = false;
    run(12);
    assert_int_equal(S->nlog, n0 + 2u);
    expect_req(n0, GTSC_REQ_RD, A, 0, 1);
    expect_req(n0 + 1u, GTSC_REQ_RD, A, 1, 11);
    assert_int_equal(S->log[n0 + 1u].wf, 2); /* the lowest waiter left */
    expect_rsp(S->nrlog - 2u, GTSC_RSP_FILL, 1, 5);
    expect_rsp(S->nrlog - 1u, GTSC_RSP_RNW, 0, 15);
    assert_int_equal(S->nrsp[0], r0 + 2u);
    assert_int_equal(S->last[0].wf_mask, 0xc);
    expect_l1(0, A, 1, 15);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 1), 1);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 2), 6);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 3), 11);
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P06], 1);
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P05_3], 1);
    assert_int_equal(cov2(0, GTSC_L2_T_H01H), 1);
}

/*--- G4: Fig. 4.1a, the "unnecessary" renewals ------------------------------------------------*/

/* gtsc-sc, NumSm 2, NumWf 1, NumBanks 2, Lease 9. Both SMs' renewals of A(1,10) at warp_ts 11 are
 * answered with RNW{max(10, 11 + 9) = 20} (H01: the versions are equal); B3's hit store keeps its
 * copy. M15 (RNW when versions differ) is not visible here; M12 (no lease on a read) gives RNW
 * 11; a FILL instead of RNW means the bank compared the wrong wts. */
static void test_g4(void** state) {
    (void)state;
    const gtsc_desc_t d = small(1, 2, 1, 2, 9, 9);
    sys_new(&d);
    enum { A = 0, B = 1 };
    run(2);
    assert_int_equal(load(0, 0, A), X0(A)); /* A1 */
    assert_int_equal(load(1, 0, A), X0(A)); /* B1 */
    expect_rsp(1, GTSC_RSP_FILL, 1, 10);
    assert_int_equal(load(1, 0, B), X0(B)); /* B2 */
    store(1, 0, B, 0xb3u);                  /* B3 */
    expect_rsp(3, GTSC_RSP_WACK, 11, 20);
    assert_true(S->rlog[3].keep);
    expect_l1(1, B, 11, 20);
    assert_int_equal(load(0, 0, B), 0xb3u); /* A2 */
    expect_rsp(4, GTSC_RSP_FILL, 11, 20);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 11);
    assert_int_equal(load(0, 0, A), X0(A)); /* A3 */
    expect_req(5, GTSC_REQ_RD, A, 1, 11);
    expect_rsp(5, GTSC_RSP_RNW, 0, 20);
    expect_l1(0, A, 1, 20);
    assert_int_equal(load(1, 0, A), X0(A)); /* B4 */
    expect_req(6, GTSC_REQ_RD, A, 1, 11);
    expect_rsp(6, GTSC_RSP_RNW, 0, 20);
    expect_l1(1, A, 1, 20);
    assert_int_equal(cov2(0, GTSC_L2_T_H01H), 2);
}

/*--- G5: Fig. 4.1b, the store rule ------------------------------------------------------------*/

/* gtsc-sc, NumSm 2, NumWf 1, NumBanks 2, Lease 9. B3's store from a warp at 11 on A(1,10) takes
 * ST_ts = max(10 + 1, 11) = 11 (M11, max(rts, warp) + 1, gives 12); B2's hit store keeps its copy
 * (H03, keep 1); A3's renewal with a different version is answered with the new data. */
static void test_g5(void** state) {
    (void)state;
    const gtsc_desc_t d = small(1, 2, 1, 2, 9, 9);
    sys_new(&d);
    enum { A = 0, B = 1 };
    run(2);
    assert_int_equal(load(0, 0, A), X0(A)); /* A1 */
    expect_l1(0, A, 1, 10);
    assert_int_equal(load(1, 0, B), X0(B)); /* B1 */
    expect_l1(1, B, 1, 10);
    store(1, 0, B, 0xb2u); /* B2: hit */
    expect_req(2, GTSC_REQ_WR, B, 1, 1);
    expect_rsp(2, GTSC_RSP_WACK, 11, 20);
    assert_true(S->rlog[2].keep);
    expect_l1(1, B, 11, 20);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[1], 0), 11);
    assert_int_equal(load(0, 0, B), 0xb2u); /* A2 */
    expect_rsp(3, GTSC_RSP_FILL, 11, 20);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 11);
    store(1, 0, A, 0xb3u); /* B3: no copy */
    expect_req(4, GTSC_REQ_WR, A, 0, 11);
    expect_rsp(4, GTSC_RSP_WACK, 11, 20);
    expect_l2(A, 11, 20);
    assert_int_equal(load(0, 0, A), 0xb3u); /* A3 */
    expect_req(5, GTSC_REQ_RD, A, 1, 11);
    expect_rsp(5, GTSC_RSP_FILL, 11, 20);
    expect_l1(0, A, 11, 20);
}

/*--- G6: overflow, TsWidth 6, Lease 5 ---------------------------------------------------------*/

/* NumSm 1, NumBanks 1. Ten stores take 7/12 .. 55/60, 61/63 (saturated); the 11th finds rts 63:
 * O01 at edge t, gtsc_ovf pulses at t+1, every unit resets at t+2 (line 0 (1, 6), mem_ts 1,
 * warp_ts 1, the WR entry stale, every ep 1), the bank performs it at t+3 as .old: WACK{7, 12,
 * keep 0, ep 1}, and the stale entry raises warp_ts to 7 (ep equal). M16 (R5 not applied) gives
 * ST_ts 61 and a second reset; M17 (reset rts := lease) gives (1, 5); M18 (no overflow check)
 * wraps (I3, the models' assertions); a pulse one edge early (gtsc.md section 13) moves t+2. */
static void test_g6(void** state) {
    (void)state;
    const gtsc_desc_t d = small(0, 1, 8, 1, 5, 5);
    sys_new(&d);
    run(2);
    static const uint32_t st[10][2] = {{7, 12},  {13, 18}, {19, 24}, {25, 30}, {31, 36},
                                       {37, 42}, {43, 48}, {49, 54}, {55, 60}, {61, 63}};
    for (uint32_t k = 0; k < 10u; k++) {
        store(0, 0, 0, k);
        expect_rsp(k, GTSC_RSP_WACK, st[k][0], st[k][1]);
        assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), st[k][0]);
    }
    assert_int_equal(gtsc_l2_fcov(S->l2[0])[GTSC_L2_F_K05_STORE], 1);
    core_push(0, GTSC_OP_STORE, 0, 0, 0xeeu);
    while (S->ovf_cycle == UINT64_MAX && S->cycle < 200u) {
        tick();
    }
    const uint64_t t = S->ovf_cycle;
    expect_req(10, GTSC_REQ_WR, 0, 0, 61);
    assert_int_equal(S->log[10].ep, 0);
    assert_int_equal(cov2(0, GTSC_L2_T_O01), 1);
    tick(); /* t+1: gtsc_ovf sets tsrst_q */
    assert_true(S->oo.tsrst);
    expect_l2(0, 61, 63);
    tick(); /* t+2: the reset */
    assert_int_equal(S->tsrst_cycle, t + 2u);
    assert_false(S->oo.tsrst);
    expect_l2(0, 1, 6);
    assert_int_equal(gtsc_l2_mem_ts(S->l2[0]), 1);
    assert_int_equal(gtsc_l2_ep(S->l2[0]), 1);
    assert_int_equal(gtsc_l1_ep(S->l1[0]), 1);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 1);
    gtsc_l1_mshr_t e;
    gtsc_l1_mshr_get(S->l1[0], (uint32_t)gtsc_l1_find_entry(S->l1[0], 0), &e);
    assert_int_equal(e.mst, 1);
    assert_int_equal(S->nrlog, 10);
    tick(); /* t+3: performed as an old request */
    assert_int_equal(S->nrlog, 11);
    expect_rsp(10, GTSC_RSP_WACK, 7, 12);
    assert_false(S->rlog[10].keep);
    assert_int_equal(S->rlog[10].ep, 1);
    assert_int_equal(gtsc_l2_fcov(S->l2[0])[GTSC_L2_F_K01_WR], 1);
    run(4);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 7); /* R08, ep equal */
    assert_int_equal(cov1(0, GTSC_L1_T_R08), 1);
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P21_R08_EQ], 1);
    assert_int_equal(S->ovf.nrst_q, 1);
    assert_true((S->o1[0].wr_idle & 1u) != 0u);
}

/*--- G7: the spin bump (T12, gtsc.md section 15.1), TsWidth 6, Lease 5, SpinHits 2 ------------*/

static void expect_warp(uint32_t s, uint32_t w, uint32_t warp_ts, uint32_t spin) {
    assert_int_equal(gtsc_l1_warp_ts(S->l1[s], w), warp_ts);
    assert_int_equal(gtsc_l1_spin(S->l1[s], w), spin);
}

/* One bank. SM0 w0 loads X (FILL (1, 6)) and hits it three times: spin 1, 2, then C01s (warp_ts
 * 1 -> 2, spin 0). SM1 w1 stores X (ST_ts max(6 + 1, 1) = 7, rts 12; from another SM: a store
 * from SM0 would update SM0's copy by its WACK, keep 1). SM0 w0 keeps hitting its copy (1, 6) and
 * reading the old value, three hits per step of warp_ts: 2, 2, 2 -> 3, ..., 6, 6, 6 -> 7, with no
 * message; then 7 > 6: the next load renews (C03: RD{X, wts 1, warp_ts 7}), FILL{7, 12} with the
 * stored value, warp_ts 7. Without the bump (SpinHits = 0, the thesis) the 15 hits all return X0
 * at warp_ts 2 and the loop would never end; a bump that jumps to rts + 1 renews after 3 hits; a
 * bump before T4 or a counter not reset at the bump gives other warp_ts / spin sequences. */
static void test_g7(void** state) {
    (void)state;
    gtsc_desc_t d = small(0, 2, 8, 1, 5, 5);
    d.spin_hits = 2u;
    sys_new(&d);
    enum { X = 0 };
    run(2);
    assert_int_equal(load(0, 0, X), X0(X)); /* C04, FILL */
    expect_req(0, GTSC_REQ_RD, X, 0, 1);
    expect_rsp(0, GTSC_RSP_FILL, 1, 6);
    expect_l2(X, 1, 6);
    expect_l1(0, X, 1, 6);
    expect_warp(0, 0, 1, 0);
    static const uint32_t first[3][2] = {{1, 1}, {1, 2}, {2, 0}}; /* warp_ts, spin after a hit */
    for (uint32_t k = 0; k < 3u; k++) {
        assert_int_equal(load(0, 0, X), X0(X));
        expect_l1(0, X, 1, 6);
        expect_warp(0, 0, first[k][0], first[k][1]);
    }
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P28_BUMP], 1);
    store(1, 1, X, 0x77u); /* SM1 w1 */
    expect_req(1, GTSC_REQ_WR, X, 0, 1);
    expect_rsp(1, GTSC_RSP_WACK, 7, 12);
    assert_false(S->rlog[1].keep);
    expect_l2(X, 7, 12);
    expect_l1(1, X, 0, 0);
    expect_warp(1, 1, 7, 0);
    expect_l1(0, X, 1, 6);
    expect_warp(0, 0, 2, 0);
    for (uint32_t ts = 2; ts <= 6u; ts++) {
        for (uint32_t h = 1; h <= 3u; h++) {
            assert_int_equal(load(0, 0, X), X0(X)); /* the old value, at logical time ts */
            expect_l1(0, X, 1, 6);
            expect_l2(X, 7, 12);
            expect_warp(0, 0, h < 3u ? ts : ts + 1u, h % 3u);
        }
    }
    assert_int_equal(S->nlog, 2);           /* no message while spinning */
    assert_int_equal(load(0, 0, X), 0x77u); /* C03, R01 */
    expect_req(2, GTSC_REQ_RD, X, 1, 7);
    expect_rsp(2, GTSC_RSP_FILL, 7, 12); /* max(12, 7 + 5) */
    expect_l2(X, 7, 12);
    expect_l1(0, X, 7, 12);
    expect_warp(0, 0, 7, 0);
    assert_int_equal(S->nlog, 3);
    assert_int_equal(cov1(0, GTSC_L1_T_C01), 18);
    assert_int_equal(cov1(0, GTSC_L1_T_C03), 1);
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P28_BUMP], 6);
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P28_PAST], 1); /* 6 -> 7 on rts 6 */
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P29], 0);
    assert_int_equal(gtsc_l1_fcov(S->l1[0])[GTSC_L1_F_P30], 0);
}

/*--- eviction: T3 and T2 ----------------------------------------------------------------------*/

/* NumSm 2, NumBanks 1, one L2 way of one set: lines 0 and 1 share it. Line 0 is stored (7, 12,
 * dirty); loading line 1 evicts it (E02: write-back, mem_ts := 12), so line 1 fills at (12, 17)
 * (T2); SM1's load of line 0 evicts line 1 (E01: mem_ts 17) and refills line 0 at (17, 22) with
 * the stored data. M13 (mem_ts not raised) fills at wts 1; M14 (fill wts := 1) likewise; a lost
 * write-back returns X0. */
static void test_evict_mem_ts(void** state) {
    (void)state;
    gtsc_desc_t d = small(0, 2, 8, 1, 5, 5);
    d.l2_sets = 1u;
    d.l2_ways = 1u;
    sys_new(&d);
    run(2);
    assert_int_equal(load(0, 0, 0), X0(0));
    store(0, 0, 0, 0x99u);
    expect_l2(0, 7, 12);
    expect_l1(0, 0, 7, 12); /* R05: the locked copy kept */
    assert_int_equal(load(0, 0, 1), X0(1));
    assert_int_equal(cov2(0, GTSC_L2_T_E02), 1);
    assert_int_equal(gtsc_l2_mem_ts(S->l2[0]), 12);
    expect_l2(1, 12, 17);
    expect_l2(0, 0, 0);
    assert_int_equal(gtsc_l2_fcov(S->l2[0])[GTSC_L2_F_K11], 1);
    assert_int_equal(load(1, 0, 0), 0x99u);
    assert_int_equal(cov2(0, GTSC_L2_T_E01), 1);
    assert_int_equal(gtsc_l2_mem_ts(S->l2[0]), 17);
    expect_l2(0, 17, 22);
    expect_l1(1, 0, 17, 22);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[1], 0), 17);
}

/*--- atomics (D14) ----------------------------------------------------------------------------*/

/* An ATOMIC drops the V copy (C07), is performed at the bank at ST_ts = max(rts + 1, warp_ts)
 * (H05), returns the line before (AACK) and raises warp_ts (R12). A model that kept the copy
 * would leave X(1,6) at the L1; one that returned the line after would give X0 + 5. */
static void test_atomic(void** state) {
    (void)state;
    const gtsc_desc_t d = small(0, 1, 8, 2, 5, 5);
    sys_new(&d);
    run(2);
    assert_int_equal(load(0, 0, 0), X0(0));
    const uint32_t n0 = S->nrsp[0];
    core_push(0, GTSC_OP_ATOMIC, 0, 0, 5u);
    run(12);
    assert_int_equal(S->nrsp[0], n0 + 1u);
    assert_int_equal(S->last[0].kind, GTSC_CRSP_ATOMIC);
    assert_int_equal(S->last[0].data[0], X0(0));
    expect_rsp(1, GTSC_RSP_AACK, 7, 12);
    expect_l1(0, 0, 0, 0);
    expect_l2(0, 7, 12);
    assert_int_equal(gtsc_l1_warp_ts(S->l1[0], 0), 7);
    assert_int_equal(cov1(0, GTSC_L1_T_C07), 1);
    assert_int_equal(cov1(0, GTSC_L1_T_R09), 1);
    assert_int_equal(gtsc_l2_fcov(S->l2[0])[GTSC_L2_F_K17_ADD], 1);
    assert_int_equal(load(0, 1, 0), X0(0) + 5u);
}

/*--- the L1 alone, driven port by port --------------------------------------------------------*/

static gtsc_l1_t* l1_alone_spin(uint32_t spin_hits) {
    gtsc_desc_t d = gtsc_desc_small(GTSC);
    d.spin_hits = spin_hits;
    const gtsc_l1_desc_t d1 = gtsc_l1_desc_from(&d);
    const size_t n = gtsc_l1_size(&d1);
    gtsc_l1_t* m = gtsc_l1_init(xalloc(n), n, &d1, NULL, 0u);
    assert_non_null(m);
    return m;
}

static gtsc_l1_t* l1_alone(void) {
    return l1_alone_spin(gtsc_desc_small(GTSC).spin_hits);
}

static gtsc_l1_out_t l1_step(gtsc_l1_t* m, const gtsc_l1_in_t* in) {
    gtsc_l1_out_t o;
    gtsc_l1_tick(m, in, &o);
    assert_int_equal(gtsc_l1_errors(m), 0);
    return o;
}

static gtsc_l1_in_t l1_in(void) {
    gtsc_l1_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    return in;
}

/* A core request of warp w (a STORE of word 0 of line): pushed at one edge, its head's edge next
 * (when no response comes); the outputs of that edge. */
static gtsc_l1_out_t l1_req(gtsc_l1_t* m, uint32_t op, uint32_t w, uint64_t line) {
    gtsc_l1_in_t in = l1_in();
    in.core.valid = true;
    in.core.op = op;
    in.core.wf = w;
    in.core.line = line;
    in.core.mask[0] = op == GTSC_OP_STORE ? 0xfu : 0u;
    (void)l1_step(m, &in);
    in = l1_in();
    return l1_step(m, &in);
}

static gtsc_l1_out_t l1_rsp(gtsc_l1_t* m, uint32_t kind, uint64_t line, uint32_t wts,
                            uint32_t rts) {
    gtsc_l1_in_t in = l1_in();
    in.rsp.valid = true;
    in.rsp.kind = kind;
    in.rsp.line = line;
    in.rsp.wts = wts;
    in.rsp.rts = rts;
    in.rsp.ep = gtsc_l1_ep(m);
    return l1_step(m, &in);
}

/* A LOAD of warp w that hits (C01 / C01s): warp_ts and spin after it, and the load's time. */
static void l1_hit(gtsc_l1_t* m, uint32_t w, uint32_t warp_ts, uint32_t spin, uint32_t load_ts) {
    const gtsc_l1_out_t o = l1_req(m, GTSC_OP_LOAD, w, 5);
    assert_true(o.crsp.valid);
    assert_false(o.req.valid);
    assert_int_equal(gtsc_l1_warp_ts(m, w), warp_ts);
    assert_int_equal(gtsc_l1_spin(m, w), spin);
    assert_int_equal(gtsc_l1_load_ts(m, w), load_ts);
}

/* T12's other points at the L1's ports (SpinHits 2, TsMax 63): the bump saturates at TsMax (P29)
 * and the load keeps its T4 time (gtsc_l1_load_ts, I5); spin is per warp; an accepted STORE,
 * miss or atomic clears it (P30), a stalled head (S03) and a timestamp reset do not; rst_ni does.
 * A model that bumped past TsMax fails I3 (the model's check); one whose C06 / C04 kept spin
 * bumps at the wrong hit; one whose R13 cleared spin gives 0 after the reset. */
static void test_l1_spin(void** state) {
    (void)state;
    gtsc_l1_t* m = l1_alone_spin(2u);
    assert_int_equal(l1_req(m, GTSC_OP_LOAD, 0, 5).req.kind, GTSC_REQ_RD); /* C04 */
    assert_true(l1_rsp(m, GTSC_RSP_FILL, 5, 62, 63).crsp.valid);           /* R01: warp 0 at 62 */
    assert_int_equal(gtsc_l1_warp_ts(m, 0), 62);
    l1_hit(m, 0, 62, 1, 62);
    l1_hit(m, 0, 62, 2, 62);
    l1_hit(m, 0, 63, 0, 62); /* C01s: 62 + 1, not past rts 63 */
    l1_hit(m, 0, 63, 1, 63);
    l1_hit(m, 0, 63, 2, 63);
    l1_hit(m, 0, 63, 0, 63); /* C01s saturated: P29 */
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P28_BUMP], 2);
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P28_PAST], 0);
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P29], 1);
    l1_hit(m, 0, 63, 1, 63);
    l1_hit(m, 1, 62, 1, 62); /* warp 1's own counter */
    assert_int_equal(gtsc_l1_spin(m, 0), 1);
    assert_int_equal(l1_req(m, GTSC_OP_STORE, 0, 9).req.kind, GTSC_REQ_WR); /* C06 */
    assert_int_equal(gtsc_l1_spin(m, 0), 0);
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P30], 1);
    assert_false(l1_req(m, GTSC_OP_STORE, 1, 9).req.valid); /* S03: nothing changes */
    assert_int_equal(gtsc_l1_cov(m)[GTSC_L1_T_S03], 1);
    assert_int_equal(gtsc_l1_spin(m, 1), 1);
    (void)l1_rsp(m, GTSC_RSP_WACK, 9, 20, 25); /* R07 */
    gtsc_l1_in_t in = l1_in();
    assert_int_equal(l1_step(m, &in).req.kind, GTSC_REQ_WR); /* warp 1's store: C06 */
    assert_int_equal(gtsc_l1_spin(m, 1), 0);
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P30], 2);
    (void)l1_rsp(m, GTSC_RSP_WACK, 9, 21, 26);
    l1_hit(m, 0, 63, 1, 63);
    in = l1_in();
    in.tsrst = true;
    (void)l1_step(m, &in); /* R13: warp_ts 1, the copy dropped, spin kept */
    assert_int_equal(gtsc_l1_warp_ts(m, 0), 1);
    assert_int_equal(gtsc_l1_spin(m, 0), 1);
    assert_int_equal(l1_req(m, GTSC_OP_LOAD, 0, 5).req.kind, GTSC_REQ_RD); /* C04 */
    assert_int_equal(gtsc_l1_spin(m, 0), 0);
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P30], 3);
    (void)l1_rsp(m, GTSC_RSP_FILL, 5, 1, 6);
    l1_hit(m, 0, 1, 1, 1);
    in = l1_in();
    in.rst_n = false;
    (void)l1_step(m, &in);
    assert_int_equal(gtsc_l1_spin(m, 0), 0);
    free(m);
}

/* Lease assignment and renewal at the L1 (T9, T4, T8, C03, R03) and a reset with a load
 * outstanding (R13, R04): the stale FILL installs nothing and the RD is re-sent with wts 0 and
 * the new ep. M7 (R13 leaves entries fresh) installs the stale FILL and answers the core. */
static void test_l1_lease_and_reset(void** state) {
    (void)state;
    gtsc_l1_t* m = l1_alone();
    gtsc_l1_in_t in = l1_in();
    in.core.valid = true;
    in.core.op = GTSC_OP_LOAD;
    in.core.wf = 3;
    in.core.line = 5;
    gtsc_l1_out_t o = l1_step(m, &in); /* pushed */
    in = l1_in();
    o = l1_step(m, &in); /* C04 */
    assert_true(o.req.valid);
    assert_int_equal(o.req.kind, GTSC_REQ_RD);
    assert_int_equal(o.req.wts, 0);
    assert_int_equal(o.req.warp_ts, 1);
    in.rsp.valid = true; /* FILL (4, 9): the warp jumps forward to 4 (P01's T4 form at a fill) */
    in.rsp.kind = GTSC_RSP_FILL;
    in.rsp.line = 5;
    in.rsp.wts = 4;
    in.rsp.rts = 9;
    in.rsp.data[0] = 0x55;
    o = l1_step(m, &in);
    assert_true(o.crsp.valid);
    assert_int_equal(o.crsp.wf_mask, 1u << 3);
    assert_int_equal(gtsc_l1_warp_ts(m, 3), 4);
    /* renewal: warp 3 raised above 9 by a store's WACK is modelled by a direct WR entry: use a
     * second warp at 1 first (hit), then a renewal from a warp whose warp_ts is above rts */
    in = l1_in();
    in.core.valid = true;
    in.core.op = GTSC_OP_STORE;
    in.core.wf = 3;
    in.core.line = 9;
    in.core.mask[0] = 0xf;
    o = l1_step(m, &in);
    in = l1_in();
    o = l1_step(m, &in); /* C06: WR */
    assert_int_equal(o.req.kind, GTSC_REQ_WR);
    in.rsp.valid = true;
    in.rsp.kind = GTSC_RSP_WACK;
    in.rsp.line = 9;
    in.rsp.wts = 20;
    in.rsp.rts = 25;
    o = l1_step(m, &in); /* R07: warp 3 := 20 */
    assert_int_equal(gtsc_l1_warp_ts(m, 3), 20);
    assert_int_equal(o.wr_idle & (1u << 3), 1u << 3);
    in = l1_in();
    in.core.valid = true;
    in.core.op = GTSC_OP_LOAD;
    in.core.wf = 3;
    in.core.line = 5;
    o = l1_step(m, &in);
    in = l1_in();
    o = l1_step(m, &in); /* C03: 20 > 9 */
    assert_int_equal(o.req.kind, GTSC_REQ_RD);
    assert_int_equal(o.req.wts, 4);
    assert_int_equal(o.req.warp_ts, 20);
    in.rsp.valid = true;
    in.rsp.kind = GTSC_RSP_RNW;
    in.rsp.line = 5;
    in.rsp.rts = 25;
    o = l1_step(m, &in); /* R03: rts := 25, served */
    assert_true(o.crsp.valid);
    assert_int_equal(o.crsp.data[0], 0x55);
    gtsc_l1_line_t l;
    gtsc_l1_line_get(m, (uint32_t)gtsc_l1_find(m, 5), &l);
    assert_int_equal(l.wts, 4);
    assert_int_equal(l.rts, 25);
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P03], 1);
    /* a load of line 6 outstanding across a reset */
    in = l1_in();
    in.core.valid = true;
    in.core.op = GTSC_OP_LOAD;
    in.core.wf = 1;
    in.core.line = 6;
    o = l1_step(m, &in);
    in = l1_in();
    o = l1_step(m, &in);
    assert_int_equal(o.req.ep, 0);
    in.tsrst = true;
    o = l1_step(m, &in); /* R13 */
    assert_int_equal(gtsc_l1_ep(m), 1);
    assert_int_equal(gtsc_l1_warp_ts(m, 3), 1);
    assert_true(gtsc_l1_find(m, 5) < 0); /* V -> I */
    assert_int_equal(gtsc_l1_cov(m)[GTSC_L1_T_X01], 1);
    assert_int_equal(gtsc_l1_fcov(m)[GTSC_L1_F_P20_RD], 1);
    in = l1_in();
    in.rsp.valid = true;
    in.rsp.kind = GTSC_RSP_FILL;
    in.rsp.line = 6;
    in.rsp.wts = 30;
    in.rsp.rts = 40;
    o = l1_step(m, &in); /* R04 */
    assert_false(o.crsp.valid);
    assert_true(o.req.valid);
    assert_int_equal(o.req.wts, 0);
    assert_int_equal(o.req.warp_ts, 1);
    assert_int_equal(o.req.ep, 1);
    gtsc_l1_line_get(m, (uint32_t)gtsc_l1_find(m, 6), &l);
    assert_int_equal(l.st, GTSC_L1_P);
    assert_int_equal(gtsc_l1_cov(m)[GTSC_L1_T_R04], 1);
    free(m);
}

/*--- the bank alone, driven port by port -------------------------------------------------------*/

static gtsc_l2_in_t l2_in(void) {
    gtsc_l2_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.lease = 5u;
    return in;
}

static gtsc_l2_in_t l2_req(uint32_t kind, uint32_t src, uint64_t line, uint32_t wts, uint32_t ts) {
    gtsc_l2_in_t in = l2_in();
    in.req.valid = true;
    in.req.kind = kind;
    in.req.src = src;
    in.req.line = line;
    in.req.wts = wts;
    in.req.warp_ts = ts;
    in.req.mask[0] = 0xfu;
    in.req.data[0] = 0x77u;
    return in;
}

/* H01.m and H03.m (a request whose wts equals the refilled line's mem_ts: reached only here,
 * gtsc_l2.md section 7), the fetch and fill timing (M01, F01, then PERFORM at the next edge),
 * S03 (a request to a P line stalls the head, D16) and the .old values of R5 (ep differs: wts_e
 * 0, warp_e 1). A model that answered H01.m with a FILL, or kept the stalled request's order
 * wrong, or used an old request's warp_ts 40 (lease to 45) fails here. */
static void test_l2_rows(void** state) {
    (void)state;
    const gtsc_desc_t d = gtsc_desc_small(GTSC);
    const gtsc_l2_desc_t d2 = gtsc_l2_desc_from(&d);
    const size_t n = gtsc_l2_size(&d2);
    gtsc_l2_t* b = gtsc_l2_init(xalloc(n), n, &d2, NULL, 0u);
    assert_non_null(b);
    gtsc_l2_out_t o;
    gtsc_l2_in_t in = l2_req(GTSC_REQ_RD, 1, 0, 1, 1);
    gtsc_l2_tick(b, &in, &o); /* pushed */
    in = l2_req(GTSC_REQ_RD, 2, 0, 0, 3);
    gtsc_l2_tick(b, &in, &o); /* M01: fetch; the second RD pushed */
    assert_true(o.mreq.fetch);
    assert_int_equal(o.mreq.fetch_line, 0);
    in = l2_in();
    gtsc_l2_tick(b, &in, &o); /* the head (line 0 P): S03 */
    assert_int_equal(gtsc_l2_cov(b)[GTSC_L2_T_S03], 1);
    in.mem.valid = true;
    in.mem.line = 0;
    in.mem.data[0] = 0x42u;
    gtsc_l2_tick(b, &in, &o); /* F01: (1, 6) */
    assert_false(o.rsp.valid);
    in = l2_in();
    gtsc_l2_tick(b, &in, &o); /* H01.m: wts 1 == mem_ts 1 */
    assert_true(o.rsp.valid);
    assert_int_equal(o.rsp.kind, GTSC_RSP_RNW);
    assert_int_equal(o.rsp.rts, 6);
    assert_int_equal(o.rsp.dst, 1u << 1);
    assert_int_equal(gtsc_l2_cov(b)[GTSC_L2_T_H01M], 1);
    gtsc_l2_tick(b, &in, &o); /* H02.h: max(6, 3 + 5) = 8 */
    assert_int_equal(o.rsp.kind, GTSC_RSP_FILL);
    assert_int_equal(o.rsp.wts, 1);
    assert_int_equal(o.rsp.rts, 8);
    assert_int_equal(o.rsp.data[0], 0x42u);
    in = l2_req(GTSC_REQ_WR, 0, 2, 1, 1);
    gtsc_l2_tick(b, &in, &o);
    in = l2_in();
    gtsc_l2_tick(b, &in, &o); /* M02 */
    in.mem.valid = true;
    in.mem.line = 2;
    gtsc_l2_tick(b, &in, &o);
    in = l2_in();
    gtsc_l2_tick(b, &in, &o); /* H03.m: keep 1, s = max(6 + 1, 1) = 7 */
    assert_int_equal(o.rsp.kind, GTSC_RSP_WACK);
    assert_true(o.rsp.keep);
    assert_int_equal(o.rsp.wts, 7);
    assert_int_equal(o.rsp.rts, 12);
    assert_int_equal(gtsc_l2_cov(b)[GTSC_L2_T_H03M], 1);
    in = l2_req(GTSC_REQ_RD, 0, 0, 1, 40);
    in.req.ep = 1; /* an old request (the bank's ep is 0): performed with wts 0, warp_ts 1 */
    gtsc_l2_tick(b, &in, &o);
    in = l2_in();
    gtsc_l2_tick(b, &in, &o);
    assert_int_equal(o.rsp.kind, GTSC_RSP_FILL);
    assert_int_equal(o.rsp.rts, 8); /* max(8, 1 + 5) */
    assert_int_equal(gtsc_l2_fcov(b)[GTSC_L2_F_K01_RD], 1);
    assert_int_equal(gtsc_l2_errors(b), 0);
    free(b);
}

/*--- illegal inputs ---------------------------------------------------------------------------*/

/* L1 J1 (op NONE, wf >= NumWf, aop 3) are not pushed and counted; J3 (a response with no entry,
 * a kind above 4) is ignored and counted as ERR. L2 J2 (kind NONE, src >= NumSm, aop 3) and J1
 * (a stray fill) likewise. A model that pushed J1 would send an AT with aop 3; one that took a
 * stray FILL would install a line. */
static void test_illegal(void** state) {
    (void)state;
    gtsc_l1_t* m = l1_alone();
    gtsc_l1_in_t in = l1_in();
    in.core.valid = true;
    in.core.op = GTSC_OP_NONE;
    (void)l1_step(m, &in);
    in.core.op = GTSC_OP_LOAD;
    in.core.wf = 8;
    (void)l1_step(m, &in);
    in.core.op = GTSC_OP_ATOMIC;
    in.core.wf = 0;
    in.core.aop = 3;
    (void)l1_step(m, &in);
    in = l1_in();
    in.rsp.valid = true;
    in.rsp.kind = GTSC_RSP_FILL;
    in.rsp.line = 3;
    gtsc_l1_out_t o = l1_step(m, &in);
    in.rsp.kind = 5;
    o = l1_step(m, &in);
    assert_false(o.req.valid);
    assert_false(o.crsp.valid);
    assert_int_equal(gtsc_l1_fcnt(m), 0);
    assert_true(gtsc_l1_find(m, 3) < 0);
    gtsc_l1_stats_t s1;
    gtsc_l1_stats(m, &s1);
    assert_int_equal(s1.illegal_core, 3);
    assert_int_equal(s1.protocol_errors, 2);
    assert_int_equal(gtsc_l1_cov(m)[GTSC_L1_T_ERR], 2);
    free(m);

    const gtsc_desc_t d = gtsc_desc_small(GTSC);
    const gtsc_l2_desc_t d2 = gtsc_l2_desc_from(&d);
    const size_t n = gtsc_l2_size(&d2);
    gtsc_l2_t* b = gtsc_l2_init(xalloc(n), n, &d2, NULL, 0u);
    assert_non_null(b);
    gtsc_l2_in_t i2;
    memset(&i2, 0, sizeof i2);
    i2.rst_n = true;
    i2.lease = 5;
    i2.req.valid = true;
    i2.req.kind = GTSC_REQ_NONE;
    gtsc_l2_tick(b, &i2, NULL);
    i2.req.kind = GTSC_REQ_RD;
    i2.req.src = 4;
    gtsc_l2_tick(b, &i2, NULL);
    i2.req.kind = GTSC_REQ_AT;
    i2.req.src = 0;
    i2.req.aop = 3;
    gtsc_l2_tick(b, &i2, NULL);
    memset(&i2.req, 0, sizeof i2.req);
    i2.mem.valid = true;
    i2.mem.line = 4;
    gtsc_l2_out_t o2;
    gtsc_l2_tick(b, &i2, &o2);
    assert_false(o2.rsp.valid);
    assert_int_equal(gtsc_l2_fcnt(b), 0);
    assert_true(gtsc_l2_find(b, 4) < 0);
    gtsc_l2_stats_t s2;
    gtsc_l2_stats(b, &s2);
    assert_int_equal(s2.illegal_req, 3);
    assert_int_equal(s2.stray_fills, 1);
    assert_int_equal(gtsc_l2_cov(b)[GTSC_L2_T_F02], 1);
    assert_int_equal(gtsc_l2_errors(b), 0);
    free(b);
}

/*--- gtsc_ovf ---------------------------------------------------------------------------------*/

/* Section 7.4: tsrst_q := (ovf_i != 0) && !tsrst_q, a one-cycle pulse while ovf_i stays 1;
 * nrst_q counts the pulses applied. A unit without the !tsrst_q term pulses two cycles. */
static void test_ovf(void** state) {
    (void)state;
    gtsc_ovf_t m;
    assert_int_equal(gtsc_ovf_init(&m, 3, NULL, 0u), 1);
    assert_int_equal(gtsc_ovf_init(&m, 2, NULL, 0u), 0);
    gtsc_ovf_in_t in = {true, 0u};
    gtsc_ovf_out_t o;
    gtsc_ovf_tick(&m, &in, &o);
    assert_false(o.tsrst);
    in.ovf = 3u; /* two banks: Z01 */
    gtsc_ovf_tick(&m, &in, &o);
    assert_true(o.tsrst);
    gtsc_ovf_tick(&m, &in, &o);
    assert_false(o.tsrst);
    assert_int_equal(m.nrst_q, 1);
    in.ovf = 0u;
    gtsc_ovf_tick(&m, &in, &o);
    assert_false(o.tsrst);
    assert_int_equal(m.fcov[GTSC_OVF_F_Z01], 1);
    in.rst_n = false;
    gtsc_ovf_tick(&m, &in, &o);
    assert_int_equal(m.nrst_q, 0);
}

/*--- random traffic -----------------------------------------------------------------------------*/

/* gtsc-sc at the small configuration (TsWidth 6: resets are frequent), 4 SMs x 8 warps, loads,
 * stores and atomics on 40 lines (L2 evictions), each warp with one operation outstanding (every
 * operation is answered under Sc = 1). After every edge tick() requires the models' assertions
 * A1-A11, B1-B8 and the cross-unit I4 to hold; at the end every warp must have been answered (I11's
 * bound, 300 idle cycles) and several timestamp resets must have happened. A model with a wrong
 * stale rule, victim choice or wcnt count fails one of the checks or hangs a warp. */
static void test_random(void** state) {
    (void)state;
    const gtsc_desc_t d = gtsc_desc_small(GTSC_SC);
    sys_new(&d);
    run(2);
    uint64_t busy[NSM] = {0};
    uint32_t seed = 12345u;
    uint32_t nr[NSM] = {0};
    for (uint32_t cyc = 0; cyc < 20000u + 300u; cyc++) {
        for (uint32_t sm = 0; sm < d.num_sm; sm++) {
            if (S->nrsp[sm] != nr[sm]) {
                busy[sm] &= ~S->last[sm].wf_mask;
                nr[sm] = S->nrsp[sm];
            }
            seed = seed * 1103515245u + 12345u;
            const uint32_t w = (seed >> 8) % d.num_wf;
            if (cyc >= 20000u || S->core[sm].n >= 2u || ((busy[sm] >> w) & 1u)) {
                continue;
            }
            const uint32_t op = 1u + (seed >> 16) % 3u;
            core_push(sm, op, w, (seed >> 20) % 40u, seed);
            gtsc_core_req_t* r = &S->core[sm].e[S->core[sm].n - 1u];
            const uint32_t word = (seed >> 4) % (d.line_bytes / 4u); /* D7 needs other words */
            memset(r->data, 0, sizeof r->data);
            memset(r->mask, 0, sizeof r->mask);
            r->data[word] = seed;
            r->mask[word / 8u] = op == GTSC_OP_STORE ? 0xfu << ((word % 8u) * 4u) : 0u;
            r->word = word;
            busy[sm] |= (uint64_t)1 << w;
        }
        tick();
    }
    for (uint32_t sm = 0; sm < d.num_sm; sm++) {
        if (S->nrsp[sm] != nr[sm]) {
            busy[sm] &= ~S->last[sm].wf_mask;
        }
        assert_int_equal(busy[sm], 0);
        assert_int_equal(S->core[sm].n, 0);
    }
    assert_true(S->ovf.nrst_q >= 5u);
    assert_true(S->i5.checked > 1000u); /* I5 ran on many loads */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc),
        cmocka_unit_test(test_desc_spin),
        cmocka_unit_test(test_ports),
        cmocka_unit_test_teardown(test_reset, teardown),
        cmocka_unit_test_teardown(test_g1_gtsc, teardown),
        cmocka_unit_test_teardown(test_g1_gtsc_sc, teardown),
        cmocka_unit_test_teardown(test_g2, teardown),
        cmocka_unit_test_teardown(test_g3, teardown),
        cmocka_unit_test_teardown(test_g4, teardown),
        cmocka_unit_test_teardown(test_g5, teardown),
        cmocka_unit_test_teardown(test_g6, teardown),
        cmocka_unit_test_teardown(test_g7, teardown),
        cmocka_unit_test_teardown(test_evict_mem_ts, teardown),
        cmocka_unit_test_teardown(test_atomic, teardown),
        cmocka_unit_test(test_l1_spin),
        cmocka_unit_test(test_l1_lease_and_reset),
        cmocka_unit_test(test_l2_rows),
        cmocka_unit_test(test_illegal),
        cmocka_unit_test(test_ovf),
        cmocka_unit_test_teardown(test_random, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
