/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rsp_harness.h -- the tiny GPU-RSP system of tests/gpu/test_rsp_golden.c (docs/units/gpu/rsp.md
 * section 13): four gpu_l1 (SM 0..3) and two gpu_l2 banks, all C models or all RTL; the test
 * plays req, rsp, peer and the DRAM with zero latency (a message visible after edge k is given at
 * edge k+1), in send order, one message per destination port per edge (queued per
 * destination), except where a hold of the test says otherwise. Included by one test file only
 * (static functions). Its shape follows tests/gpu/test_gpu_golden.c's harness (reset sequence,
 * RTL loading, cmocka reporting: a few small functions re-written, not shared, because that file
 * has three L1s, one bank and no peer network); everything else is new.
 */
#ifndef GPUCOH_RSP_HARNESS_H
#define GPUCOH_RSP_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gpu_types.h"
#include "gpu_units.h"
#include "rtl_load.h"
#include "unit.h"

#define NSM    4u /* L1 instances (SM 0..3) */
#define NB     2u /* banks */
#define ALL    0xFu
#define QMAX   64u  /* channel queues */
#define LOGMAX 512u /* per-step logs */
#define NLINE  64u
#define SETS   4u /* L1 sets, L2 sets per bank */
#define WAYS   2u

typedef struct {
    gpu_rsp_t r;
    bool pass; /* released by the test from a hold */
} rent_t;

typedef struct {
    uint64_t cyc;
    uint32_t who; /* sending SM or bank (taken: the bank) */
    gpu_req_t r;
} reqlog_t;
typedef struct {
    uint64_t cyc;
    uint32_t who;
    gpu_rsp_t r;
} rsplog_t;
typedef struct {
    uint64_t cyc;
    uint32_t who;
    gpu_peer_t p;
} peerlog_t;
typedef struct {
    uint64_t cyc;
    uint32_t who;
    gpu_core_rsp_t r;
} crsplog_t;

/* the scalars read after every edge */
typedef struct {
    uint32_t rblk, rst, rsnt, bcnt, cfv, cfl, wtp, sbcnt;
} sc_t;

typedef struct {
    const char* scen;
    const char* step;
    bool rtl;
    gpu_desc_t d;
    gpu_l1_t* c1[NSM];
    gpu_l2_t* c2[NB];
    gpucoh_rtl_t r1, r2;
    void* h1[NSM];
    void* h2[NB];
    gpu_l1_state_t* st1;
    gpu_l2_state_t* st2;
    gpu_l1_out_t o1[NSM];
    gpu_l2_out_t o2[NB];
    /* channels */
    gpu_core_req_t cq[NSM][QMAX];
    uint32_t cqn[NSM];
    gpu_req_t xq[NB][QMAX]; /* req, per bank, src stamped */
    uint32_t xqn[NB];
    rent_t rq[NSM][QMAX]; /* rsp, per L1 */
    uint32_t rqn[NSM];
    gpu_peer_t pq[NSM][QMAX]; /* peer, per L1, src stamped */
    uint32_t pqn[NSM];
    uint64_t fq[NB][QMAX];
    uint32_t fqn[NB];
    uint32_t mem[NLINE][4];
    /* holds of the test */
    uint32_t hold_src;  /* requests of these SMs are not presented (others pass them) */
    uint32_t hold_bank; /* no request is presented to these banks */
    uint32_t hold_rsp_kind, hold_rsp_dst; /* responses of this kind to these SMs wait (pass) */
    /* logs of the step */
    reqlog_t req[LOGMAX], take[LOGMAX];
    uint32_t nreq, ntake;
    rsplog_t rsp[LOGMAX];
    uint32_t nrsp;
    peerlog_t peer[LOGMAX];
    uint32_t npeer;
    crsplog_t crsp[LOGMAX];
    uint32_t ncrsp;
    /* monitor (every edge): V-RSP1, V-RSP3, V-RSP4, LOCK / UNLOCK arrival */
    sc_t sc[NSM];
    uint32_t tbusy, town, twait;
    bool cmd_out; /* a command is outstanding */
    uint32_t cmd_src, cmd_kind, cmd_backs;
    uint32_t k04_cfl[NSM];       /* cfl in the edge cfv last rose */
    uint64_t back_cyc[NSM];      /* the edge the L1 last sent a BACK */
    uint64_t wtp0_cyc[NSM];      /* the last edge after which wtp became 0 */
    uint32_t cfl0_wtp[NSM];      /* wtp in the edge cfl last fell to 0 while cfv */
    uint32_t wt_during_cfv[NSM]; /* WTs the L1 sent while cfv_q */
    uint32_t toklog[32][3];      /* distinct token states of bank 0, in order */
    uint32_t ntok;
    uint32_t cmds[NSM][32]; /* the kinds of the commands each SM broadcast (whole run) */
    uint32_t ncmds[NSM];
    uint64_t tw_cyc[NSM], rm_cyc[NSM]; /* edges with rst 1 and rsnt; with rst != 0 (section 11) */
    uint64_t dlv_cyc[NSM];             /* the edge the last command was given to the L1 */
    uint32_t dlv_wtp[NSM];             /* its wtp_q then */
    bool lockwin;                      /* V-RSP2: the issuer's locked window is open */
    uint32_t rmax[NSM];                /* the largest rst_q seen since the step began */
    uint32_t taken[8][NSM];            /* requests the banks took, by kind and src (whole run) */
    bool busy;
    uint64_t cycle;
    uint32_t fails;
} sys_t;

/* ---- checks ---------------------------------------------------------------------------------- */

static void ck(sys_t* s, int line, const char* what, uint64_t exp, uint64_t got) {
    if (exp == got)
        return;
    if (s->fails < 80)
        print_error("[%s %s] step \"%s\" (test line %d): %s expected %llu (0x%llx) got %llu "
                    "(0x%llx) [cycle %llu]\n",
                    s->scen, s->rtl ? "RTL" : "C", s->step, line, what, (unsigned long long)exp,
                    (unsigned long long)exp, (unsigned long long)got, (unsigned long long)got,
                    (unsigned long long)s->cycle);
    s->fails++;
}
#define CK(s, what, exp, got) ck((s), __LINE__, (what), (uint64_t)(exp), (uint64_t)(got))

static void ckf(sys_t* s, int ln, const char* fmt, uint32_t a, uint64_t exp, uint64_t got) {
    char what[160];
    snprintf(what, sizeof what, fmt, a);
    ck(s, ln, what, exp, got);
}

/* ---- models ---------------------------------------------------------------------------------- */

static gpu_desc_t rdesc(void) {
    gpu_desc_t d;
    memset(&d, 0, sizeof d);
    d.hrf = GPU_H;
    d.rsp = 1;
    d.num_sm = NSM;
    d.num_wf = 4;
    d.num_banks = NB;
    d.line_bytes = 16;
    d.addr_width = 16;
    d.l1_sets = SETS;
    d.l1_ways = WAYS;
    d.l1_queue = 2;
    d.sb_entries = 4;
    d.sb_idle = 64;
    d.wt_cnt_width = 3;
    d.l2_sets = SETS;
    d.l2_ways = WAYS;
    d.l2_mshrs = 4;
    d.l2_queue = 2;
    return d;
}

static void load_rtl(const gpucoh_unit_t* u, const gpu_desc_t* d, gpucoh_rtl_t* r) {
    gpucoh_pvals_t pv;
    gpu_pvals_from_desc(u, d, &pv);
    char err[1024];
    if (gpucoh_rtl_load(u, &pv, NULL, true, r, err, sizeof err) != 0)
        fail_msg("RTL build/load of %s failed: %s", u->name, err);
}

static void* cmem(size_t n) {
    assert_true(n > 0);
    void* m = malloc(n);
    assert_non_null(m);
    return m;
}

static void open_units(sys_t* s) {
    char err[512];
    if (s->rtl) {
        load_rtl(&unit_gpu_l1, &s->d, &s->r1);
        load_rtl(&unit_gpu_l2, &s->d, &s->r2);
        for (uint32_t j = 0; j < NSM; j++)
            s->h1[j] = s->r1.api->create();
        for (uint32_t b = 0; b < NB; b++)
            s->h2[b] = s->r2.api->create();
        return;
    }
    const gpu_l1_desc_t d1 = gpu_l1_desc_from(&s->d);
    const gpu_l2_desc_t d2 = gpu_l2_desc_from(&s->d);
    for (uint32_t j = 0; j < NSM; j++) {
        s->c1[j] = gpu_l1_init(cmem(gpu_l1_size(&d1)), gpu_l1_size(&d1), &d1, err, sizeof err);
        if (!s->c1[j])
            fail_msg("gpu_l1_init: %s", err);
    }
    for (uint32_t b = 0; b < NB; b++) {
        s->c2[b] = gpu_l2_init(cmem(gpu_l2_size(&d2)), gpu_l2_size(&d2), &d2, err, sizeof err);
        if (!s->c2[b])
            fail_msg("gpu_l2_init: %s", err);
    }
}

static void tick_rst(sys_t* s, bool rst_n);

static sys_t* sys_open(const char* scen, bool rtl) {
    sys_t* s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->scen = scen;
    s->step = "reset";
    s->rtl = rtl;
    s->d = rdesc();
    char err[512];
    if (gpu_check_desc(&s->d, err, sizeof err) != 0)
        fail_msg("%s: gpu_check_desc refuses the descriptor: %s", scen, err);
    open_units(s);
    s->st1 = calloc(1, sizeof *s->st1);
    s->st2 = calloc(1, sizeof *s->st2);
    assert_non_null(s->st1);
    assert_non_null(s->st2);
    tick_rst(s, false);
    tick_rst(s, false);
    tick_rst(s, true);
    return s;
}

static void close_units(sys_t* s) {
    for (uint32_t j = 0; j < NSM; j++) {
        if (s->rtl)
            s->r1.api->destroy(s->h1[j]);
        else
            free(s->c1[j]);
    }
    for (uint32_t b = 0; b < NB; b++) {
        if (s->rtl)
            s->r2.api->destroy(s->h2[b]);
        else
            free(s->c2[b]);
    }
    if (s->rtl) {
        gpucoh_rtl_unload(&s->r1);
        gpucoh_rtl_unload(&s->r2);
    }
}

/* C models: the section 11 cycle counters against the monitor's own count */
static void close_counters(sys_t* s) {
    for (uint32_t j = 0; j < NSM && !s->rtl; j++) {
        gpu_l1_stats_t t;
        gpu_l1_stats(s->c1[j], &t);
        ckf(s, __LINE__, "SM%u token_wait_cycles (edges with rst 1, rsnt 1)", j, s->tw_cyc[j],
            t.token_wait_cycles);
        ckf(s, __LINE__, "SM%u rm_cycles (edges with rst != 0)", j, s->rm_cyc[j], t.rm_cycles);
    }
}

static void sys_close(sys_t* s) {
    s->step = "end";
    close_counters(s);
    for (uint32_t j = 0; j < NSM; j++)
        ckf(s, __LINE__, "SM%u protocol errors / RTL assertion failures", j, 0,
            s->rtl ? s->r1.api->errors(s->h1[j]) : gpu_l1_errors(s->c1[j]));
    for (uint32_t b = 0; b < NB; b++)
        ckf(s, __LINE__, "bank %u protocol errors / RTL assertion failures", b, 0,
            s->rtl ? s->r2.api->errors(s->h2[b]) : gpu_l2_errors(s->c2[b]));
    close_units(s);
    const uint32_t fails = s->fails;
    const char* scen = s->scen;
    const bool rtl = s->rtl;
    free(s->st1);
    free(s->st2);
    free(s);
    if (fails)
        fail_msg("%s (%s): %u mismatches (listed above)", scen, rtl ? "RTL" : "C", fails);
}

/* state of L1 j (all lines when all, else the scalars and the store buffer only) */
static const gpu_l1_state_t* l1st(sys_t* s, uint32_t j, bool all) {
    s->st1->sel_all = all;
    s->st1->sel_n = 0;
    if (s->rtl)
        s->r1.api->state(s->h1[j], s->st1);
    else
        gpu_l1_state_get(s->c1[j], s->st1);
    return s->st1;
}

static const gpu_l2_state_t* l2st(sys_t* s, uint32_t b, bool all) {
    s->st2->sel_all = all;
    s->st2->sel_n = 0;
    if (s->rtl)
        s->r2.api->state(s->h2[b], s->st2);
    else
        gpu_l2_state_get(s->c2[b], s->st2);
    return s->st2;
}

/* ---- one clock edge of the system ------------------------------------------------------------ */

static void qpop(void* q, uint32_t* n, uint32_t k, size_t sz) {
    memmove((char*)q + k * sz, (char*)q + (k + 1) * sz, (*n - k - 1) * sz);
    (*n)--;
}

static void log_req(sys_t* s, reqlog_t* lg, uint32_t* n, uint32_t who, const gpu_req_t* r) {
    assert_true(*n < LOGMAX);
    lg[*n].cyc = s->cycle;
    lg[*n].who = who;
    lg[(*n)++].r = *r;
}

/* index of the first request of bank b's queue that may be presented, or -1 */
static int req_head(const sys_t* s, uint32_t b) {
    if (s->hold_bank >> b & 1u)
        return -1;
    for (uint32_t k = 0; k < s->xqn[b]; k++)
        if (!(s->hold_src >> s->xq[b][k].src & 1u))
            return (int)k;
    return -1;
}

static bool rsp_held(const sys_t* s, uint32_t j, const rent_t* e) {
    return !e->pass && s->hold_rsp_kind && e->r.kind == s->hold_rsp_kind &&
           (s->hold_rsp_dst >> j & 1u);
}

static int rsp_head(const sys_t* s, uint32_t j) {
    for (uint32_t k = 0; k < s->rqn[j]; k++)
        if (!rsp_held(s, j, &s->rq[j][k]))
            return (int)k;
    return -1;
}

typedef struct {
    int rx[NB];   /* request presented to bank b (queue index) */
    bool fx[NB];  /* DRAM answer given */
    int rr[NSM];  /* response given to L1 j */
    bool pp[NSM]; /* peer message given to L1 j */
    bool pc[NSM]; /* core request taken */
} pick_t;

static void l2_inputs(sys_t* s, bool rst_n, gpu_l2_in_t* i2, pick_t* pk) {
    for (uint32_t b = 0; b < NB; b++) {
        memset(&i2[b], 0, sizeof i2[b]);
        i2[b].rst_n = rst_n;
        pk->rx[b] = rst_n ? req_head(s, b) : -1;
        if (pk->rx[b] >= 0)
            i2[b].req = s->xq[b][pk->rx[b]];
        if (pk->rx[b] >= 0 && !s->o2[b].req_ready)
            pk->rx[b] = -1;
        pk->fx[b] = rst_n && s->fqn[b];
        if (pk->fx[b]) {
            i2[b].mem.valid = true;
            i2[b].mem.line = s->fq[b][0];
            memcpy(i2[b].mem.data, s->mem[s->fq[b][0] % NLINE], 16);
        }
    }
}

static void l1_inputs(sys_t* s, bool rst_n, gpu_l1_in_t* i1, pick_t* pk) {
    for (uint32_t j = 0; j < NSM; j++) {
        memset(&i1[j], 0, sizeof i1[j]);
        i1[j].rst_n = rst_n;
        pk->pc[j] = rst_n && s->cqn[j] && s->o1[j].core_ready;
        if (rst_n && s->cqn[j])
            i1[j].core = s->cq[j][0];
        pk->rr[j] = rst_n ? rsp_head(s, j) : -1;
        if (pk->rr[j] >= 0)
            i1[j].rsp = s->rq[j][pk->rr[j]].r;
        pk->pp[j] = rst_n && s->pqn[j];
        if (pk->pp[j])
            i1[j].peer = s->pq[j][0];
    }
}

/* the monitor's checks on what is given to L1 j in this edge (state before the edge) */
static void mon_inputs(sys_t* s, const gpu_l1_in_t* i1) {
    for (uint32_t j = 0; j < NSM; j++) {
        const gpu_peer_t* p = &i1[j].peer;
        if (!p->valid)
            continue;
        if (p->kind == GPU_PEER_LOCK)
            ckf(s, __LINE__, "SM%u rblk_q when a LOCK arrives", j, 0, s->sc[j].rblk);
        if (p->kind == GPU_PEER_UNLOCK)
            ckf(s, __LINE__, "SM%u rblk_q when an UNLOCK arrives", j, 1, s->sc[j].rblk);
        if (p->kind != GPU_PEER_BACK) {
            s->dlv_cyc[j] = s->cycle + 1;
            s->dlv_wtp[j] = s->sc[j].wtp;
        }
        if (p->kind == GPU_PEER_BACK && s->cmd_out && j == s->cmd_src)
            s->cmd_backs++;
        else if (p->kind == GPU_PEER_BACK)
            ckf(s, __LINE__, "SM%u: a BACK arrives with no command of it outstanding", j, 0, 1);
    }
}

static void pop_inputs(sys_t* s, const pick_t* pk) {
    s->busy = false;
    for (uint32_t b = 0; b < NB; b++) {
        if (pk->rx[b] >= 0) {
            log_req(s, s->take, &s->ntake, b, &s->xq[b][pk->rx[b]]);
            s->taken[s->xq[b][pk->rx[b]].kind & 7u][s->xq[b][pk->rx[b]].src % NSM]++;
            qpop(s->xq[b], &s->xqn[b], (uint32_t)pk->rx[b], sizeof s->xq[b][0]);
            s->busy = true;
        }
        if (pk->fx[b]) {
            qpop(s->fq[b], &s->fqn[b], 0, sizeof s->fq[b][0]);
            s->busy = true;
        }
    }
    for (uint32_t j = 0; j < NSM; j++) {
        if (pk->rr[j] >= 0)
            qpop(s->rq[j], &s->rqn[j], (uint32_t)pk->rr[j], sizeof s->rq[j][0]);
        if (pk->pp[j])
            qpop(s->pq[j], &s->pqn[j], 0, sizeof s->pq[j][0]);
        if (pk->pc[j])
            qpop(s->cq[j], &s->cqn[j], 0, sizeof s->cq[j][0]);
        s->busy = s->busy || pk->rr[j] >= 0 || pk->pp[j] || pk->pc[j];
    }
}

static void absorb_peer(sys_t* s, uint32_t j, const gpu_peer_t* p) {
    if (p->kind == GPU_PEER_UNLOCK)
        s->lockwin = false;
    assert_true(s->npeer < LOGMAX);
    s->peer[s->npeer].cyc = s->cycle;
    s->peer[s->npeer].who = j;
    s->peer[s->npeer++].p = *p;
    ckf(s, __LINE__, "SM%u peer src on the L1 output (0: stamped by the network)", j, 0, p->src);
    if (p->kind == GPU_PEER_BACK) {
        s->back_cyc[j] = s->cycle;
        if (s->cmd_kind != GPU_PEER_FLUSH)
            ckf(s, __LINE__, "SM%u BACK of a LOCK / INV / UNLOCK in the edge it is taken (K01-K03)",
                j, s->dlv_cyc[j], s->cycle);
        else if (s->k04_cfl[j] == 0 && s->dlv_wtp[j] == 0)
            ckf(s, __LINE__, "SM%u BACK of an empty FLUSH in the edge after K04 (F57)", j,
                s->dlv_cyc[j] + 1, s->cycle);
        else
            ckf(s, __LINE__, "SM%u BACK of a FLUSH after K04's edge", j, 1,
                s->cycle > s->dlv_cyc[j]);
    } else {
        ckf(s, __LINE__, "SM%u sends a command while one is outstanding (V-RSP4)", j, 0,
            s->cmd_out);
        if (s->ncmds[j] < 32)
            s->cmds[j][s->ncmds[j]++] = p->kind;
        s->cmd_out = true;
        s->cmd_src = j;
        s->cmd_kind = p->kind;
        s->cmd_backs = 0;
    }
    for (uint32_t k = 0; k < NSM; k++) {
        if (!(p->dst >> k & 1u))
            continue;
        for (uint32_t q = 0; q < s->pqn[k]; q++)
            ckf(s, __LINE__, "peer holds two messages of one (src, dst = SM%u) pair (V-RSP4)", k, 1,
                s->pq[k][q].src != j);
        assert_true(s->pqn[k] < QMAX);
        s->pq[k][s->pqn[k]] = *p;
        s->pq[k][s->pqn[k]++].src = j;
    }
}

static void absorb_l1(sys_t* s, uint32_t j) {
    const gpu_l1_out_t* o = &s->o1[j];
    if (o->req.valid) {
        log_req(s, s->req, &s->nreq, j, &o->req);
        ckf(s, __LINE__, "SM%u request src on the L1 output", j, 0, o->req.src);
        if (o->req.kind == GPU_REQ_WT && s->sc[j].cfv)
            s->wt_during_cfv[j]++;
        const uint32_t b = gpu_bank_of(&s->d, o->req.line);
        assert_true(s->xqn[b] < QMAX);
        s->xq[b][s->xqn[b]] = o->req;
        s->xq[b][s->xqn[b]++].src = j;
    }
    if (o->crsp.valid) {
        assert_true(s->ncrsp < LOGMAX);
        s->crsp[s->ncrsp].cyc = s->cycle;
        s->crsp[s->ncrsp].who = j;
        s->crsp[s->ncrsp++].r = o->crsp;
    }
    if (o->peer.valid)
        absorb_peer(s, j, &o->peer);
    else
        ckf(s, __LINE__, "SM%u peer payload with valid 0 (0)", j, 0,
            o->peer.kind | o->peer.src | o->peer.dst);

    s->busy = s->busy || o->req.valid || o->crsp.valid || o->peer.valid;
}

static void absorb_l2(sys_t* s, uint32_t b) {
    const gpu_l2_out_t* o = &s->o2[b];
    if (o->rsp.valid) {
        assert_true(s->nrsp < LOGMAX);
        s->rsp[s->nrsp].cyc = s->cycle;
        s->rsp[s->nrsp].who = b;
        s->rsp[s->nrsp++].r = o->rsp;
        for (uint32_t j = 0; j < NSM; j++) {
            if (!(o->rsp.dst >> j & 1u))
                continue;
            assert_true(s->rqn[j] < QMAX);
            s->rq[j][s->rqn[j]].pass = false;
            s->rq[j][s->rqn[j]++].r = o->rsp;
        }
    }
    if (o->mreq.fetch) {
        assert_true(s->fqn[b] < QMAX);
        s->fq[b][s->fqn[b]++] = o->mreq.fetch_line;
    }
    if (o->mreq.wb)
        memcpy(s->mem[o->mreq.wb_line % NLINE], o->mreq.wb_data, 16);
    s->busy = s->busy || o->rsp.valid || o->mreq.fetch || o->mreq.wb;
}

/* after every edge: the scalars, V-RSP1 and V-RSP4's counts, the token log */
static void mon_scalars(sys_t* s, uint32_t j) {
    const gpu_l1_state_t* t = l1st(s, j, false);
    const sc_t old = s->sc[j];
    const sc_t n = {t->rblk, t->rst, t->rsnt, t->bcnt, t->cfv, t->cfl, t->wtp, t->sbcnt};
    if (n.cfv && !old.cfv)
        s->k04_cfl[j] = n.cfl;
    if (n.cfv && n.cfl == 0 && (old.cfl != 0 || !old.cfv))
        s->cfl0_wtp[j] = n.wtp;
    if (n.wtp == 0 && old.wtp != 0)
        s->wtp0_cyc[j] = s->cycle;
    s->sc[j] = n;
    s->tw_cyc[j] += old.rst == 1 && old.rsnt;
    s->rm_cyc[j] += old.rst != 0;
    if (n.rst > s->rmax[j])
        s->rmax[j] = n.rst;
}

static void mon_token(sys_t* s) {
    const gpu_l2_state_t* t = l2st(s, 0, false);
    const uint32_t tw = (uint32_t)t->twait;
    if (s->tbusy != t->tbusy || s->town != t->town || s->twait != tw) {
        if (s->ntok < 32) {
            s->toklog[s->ntok][0] = t->tbusy;
            s->toklog[s->ntok][1] = t->town;
            s->toklog[s->ntok++][2] = tw;
        }
    }
    s->tbusy = t->tbusy;
    s->town = t->town;
    s->twait = tw;
}

static void mon_after(sys_t* s) {
    uint32_t holders = 0;
    for (uint32_t j = 0; j < NSM; j++) {
        mon_scalars(s, j);
        if (s->sc[j].rst || s->sc[j].cfv)
            ckf(s, __LINE__, "SM%u drained_o with an rm operation or a command flush (L2)", j, 0,
                s->o1[j].drained);
        if (s->sc[j].rst >= 2) {
            holders++;
            ckf(s, __LINE__, "V-RSP1: bank 0 tbusy while SM%u is past T", j, 1, s->tbusy);
            ckf(s, __LINE__, "V-RSP1: bank 0 town while SM%u is past T", j, j, s->town);
        }
        if (s->sc[j].cfv)
            ckf(s, __LINE__, "V-RSP4: SM%u cfv with no FLUSH outstanding", j, 1,
                s->cmd_out && s->cmd_kind == GPU_PEER_FLUSH);
    }
    CK(s, "V-RSP1: at most one L1 past T", 1, holders <= 1);
    if (s->cmd_out) {
        ckf(s, __LINE__, "V-RSP4: SM%u bcnt_q = NumSm - BACKs delivered", s->cmd_src,
            NSM - s->cmd_backs, s->sc[s->cmd_src].bcnt);
        if (s->cmd_backs == NSM) {
            s->cmd_out = false;
            s->lockwin = s->lockwin || s->cmd_kind == GPU_PEER_LOCK;
        }
    }
    for (uint32_t j = 0; j < NSM && s->lockwin; j++)
        ckf(s, __LINE__, "V-RSP2: SM%u rblk_q in a locked window", j, 1, s->sc[j].rblk);
}

/* V-RSP3: an ATOMIC core response of an edge without an ATOM response is a C16 */
static void mon_c16(sys_t* s, const gpu_l1_in_t* i1, const uint32_t* rblk) {
    for (uint32_t j = 0; j < NSM; j++) {
        const gpu_core_rsp_t* c = &s->o1[j].crsp;
        if (c->valid && c->kind == GPU_CRSP_ATOMIC && i1[j].rsp.kind != GPU_RSP_ATOM)
            ckf(s, __LINE__, "V-RSP3: SM%u performs C16 with rblk_q = 1", j, 0, rblk[j]);
    }
}

static void tick_units(sys_t* s, const gpu_l1_in_t* i1, const gpu_l2_in_t* i2) {
    for (uint32_t j = 0; j < NSM; j++) {
        if (s->rtl)
            s->r1.api->tick(s->h1[j], &i1[j], &s->o1[j]);
        else
            gpu_l1_tick(s->c1[j], &i1[j], &s->o1[j]);
    }
    for (uint32_t b = 0; b < NB; b++) {
        if (s->rtl)
            s->r2.api->tick(s->h2[b], &i2[b], &s->o2[b]);
        else
            gpu_l2_tick(s->c2[b], &i2[b], &s->o2[b]);
    }
}

static void tick_rst(sys_t* s, bool rst_n) {
    gpu_l1_in_t i1[NSM];
    gpu_l2_in_t i2[NB];
    pick_t pk;
    uint32_t rblk[NSM];
    l2_inputs(s, rst_n, i2, &pk);
    l1_inputs(s, rst_n, i1, &pk);
    if (rst_n)
        mon_inputs(s, i1);
    for (uint32_t j = 0; j < NSM; j++)
        rblk[j] = s->sc[j].rblk;
    tick_units(s, i1, i2);
    s->cycle++;
    pop_inputs(s, &pk);
    if (!rst_n) {
        memset(s->o1, 0, sizeof s->o1);
        memset(s->o2, 0, sizeof s->o2);
        return;
    }
    mon_c16(s, i1, rblk);
    for (uint32_t j = 0; j < NSM; j++)
        absorb_l1(s, j);
    for (uint32_t b = 0; b < NB; b++)
        absorb_l2(s, b);
    mon_token(s);
    mon_after(s);
}

static void tick(sys_t* s) {
    tick_rst(s, true);
}

static void run(sys_t* s, uint32_t n) {
    for (uint32_t i = 0; i < n; i++)
        tick(s);
}

static bool pending(const sys_t* s) {
    for (uint32_t j = 0; j < NSM; j++)
        if (s->cqn[j] || s->pqn[j] || rsp_head(s, j) >= 0)
            return true;
    for (uint32_t b = 0; b < NB; b++)
        if (req_head(s, b) >= 0 || s->fqn[b])
            return true;
    return false;
}

/* ticks until nothing has moved for 4 edges (at most 400) */
static void settle(sys_t* s) {
    uint32_t quiet = 0;
    for (uint32_t i = 0; i < 400 && quiet < 4; i++) {
        tick(s);
        quiet = (s->busy || pending(s)) ? 0 : quiet + 1;
    }
}

/* a new step: its name, and empty logs */
static void step(sys_t* s, const char* name) {
    s->step = name;
    s->nreq = s->ntake = s->nrsp = s->npeer = s->ncrsp = 0;
    for (uint32_t j = 0; j < NSM; j++)
        s->rmax[j] = s->sc[j].rst;
}

/* a part of a step: its name only (the logs go on) */
static void substep(sys_t* s, const char* name) {
    s->step = name;
}

#endif /* GPUCOH_RSP_HARNESS_H */
