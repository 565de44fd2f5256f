/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_hlrc_models.c -- the hLRC family's C models (docs/units/hlrc/hlrc_l1.md, hlrc_l2.md):
 * descriptors, reset, illegal inputs, and the golden tests of hlrc.md section 9 (T1-T15, T13b)
 * run through a tiny message router in this file: NumSm L1s and NumBanks banks, every message
 * delivered the cycle after it is sent (or after a stated delay, or held by the test), DRAM
 * answering a fetch in the next edge. After every edge the single-owner invariant V1 is checked.
 *
 * Configuration (hlrc.md section 9): small, NumSm = 3, NumBanks = 1, L2Ways = 4 (2 for T4, T15),
 * SbIdle = 65535 (64 for T11, T13, T14). Lines: d = 1, x = 2, y = 3, q = 5, a = 6, v = 7, L = 9,
 * b = 10, z = 11, c = 14. DRAM is 0.
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

#include "hlrc_l1.h"
#include "hlrc_l1_ports.h"
#include "hlrc_l2.h"
#include "hlrc_l2_ports.h"
#include "hlrc_check.h"
#include "hlrc_types.h"

enum { D_ = 1, X_ = 2, Y_ = 3, Q_ = 5, A_ = 6, V_ = 7, L_ = 9, B_ = 10, Z_ = 11, C_ = 14 };
enum { NSM = 3, NB = 2, QMAX = 64, LOGMAX = 4096, DRAM_LINES = 64 };
enum { NET_REQ = 0, NET_SYNC = 1, NET_WB = 2, NET_RSP = 3 };
enum { S08_ = 8, S10_ = 10, S13_ = 13 }; /* stall rows, hlrc_l1_stats_t.stall[n - 1] */

typedef struct {
    hlrc_msg_t m;
    uint64_t at;
} qent_t;

typedef struct {
    qent_t e[QMAX];
    uint32_t n;
} mq_t;

typedef struct {
    uint32_t net, kind, src;
    uint64_t dst, line;
    uint32_t mask, w[4];
    uint32_t wf, word, aop, bmask, a, b;
    uint64_t at;
} logent_t;

typedef struct {
    hlrc_desc_t d;
    uint32_t nsm, nb;
    hlrc_l1_t* l1[NSM];
    hlrc_l2_t* l2[NB];
    mq_t rsp[NSM], net[NB][3];
    mq_t fills[NB];
    hlrc_core_req_t creq[NSM][16];
    uint32_t ncreq[NSM];
    uint32_t dram[DRAM_LINES][HLRC_MAX_LINE_WORDS];
    uint64_t now;
    uint32_t delay[3][NSM]; /* per L1-to-bank network and source SM */
    bool hold[3];           /* a held L1-to-bank network delivers nothing */
    uint32_t sink;          /* SMs whose rsp messages the test takes (not their L1s) */
    logent_t log[LOGMAX];
    uint32_t nlog;
    hlrc_core_rsp_t last[NSM];
    uint32_t nrsp[NSM];
    hlrc_l1_state_t* st1;
    bool quiet_now;
} sys_t;

static sys_t* S;

/*--- the tiny system --------------------------------------------------------------------------*/

static hlrc_desc_t golden_desc(uint32_t l2_ways, uint32_t sb_idle, uint32_t nb) {
    hlrc_desc_t d = hlrc_desc_small(HLRC);
    d.num_sm = NSM;
    d.num_banks = nb;
    d.l2_ways = l2_ways;
    d.sb_idle = sb_idle;
    return d;
}

static void mq_push(mq_t* q, const hlrc_msg_t* m, uint64_t at) {
    assert_true(q->n < QMAX);
    q->e[q->n].m = *m;
    q->e[q->n].at = at;
    q->n++;
}

/* The first message whose time has come (per-source order is kept: a source's delay is fixed). */
static bool mq_pop(mq_t* q, uint64_t now, hlrc_msg_t* out) {
    for (uint32_t k = 0; k < q->n; k++) {
        if (q->e[k].at <= now) {
            *out = q->e[k].m;
            memmove(&q->e[k], &q->e[k + 1], (q->n - k - 1u) * sizeof(qent_t));
            q->n--;
            return true;
        }
    }
    return false;
}

static void sys_open(sys_t* s, const hlrc_desc_t* d, uint32_t nsm) {
    memset(s, 0, sizeof *s);
    s->d = *d;
    s->nsm = nsm;
    s->nb = d->num_banks;
    char why[160];
    assert_int_equal(hlrc_check_desc(d, why, sizeof why), 0);
    const hlrc_l1_desc_t d1 = hlrc_l1_desc_from(d);
    const hlrc_l2_desc_t d2 = hlrc_l2_desc_from(d);
    for (uint32_t j = 0; j < nsm; j++) {
        const size_t n = hlrc_l1_size(&d1);
        s->l1[j] = hlrc_l1_init(malloc(n), n, &d1, why, sizeof why);
        assert_non_null(s->l1[j]);
        hlrc_l1_in_t in;
        memset(&in, 0, sizeof in);
        hlrc_l1_tick(s->l1[j], &in, NULL);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        const size_t n = hlrc_l2_size(&d2);
        s->l2[b] = hlrc_l2_init(malloc(n), n, &d2, why, sizeof why);
        assert_non_null(s->l2[b]);
        hlrc_l2_in_t in;
        memset(&in, 0, sizeof in);
        hlrc_l2_tick(s->l2[b], &in, NULL);
    }
    s->st1 = calloc(1, sizeof *s->st1);
    assert_non_null(s->st1);
}

static void sys_close(sys_t* s) {
    for (uint32_t j = 0; j < s->nsm; j++) {
        free(s->l1[j]);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        free(s->l2[b]);
    }
    free(s->st1);
}

static void log_msg(sys_t* s, uint32_t net, const hlrc_msg_t* m, uint32_t src) {
    if (s->nlog == LOGMAX) {
        return;
    }
    logent_t* e = &s->log[s->nlog++];
    e->net = net;
    e->kind = m->kind;
    e->src = src;
    e->dst = m->dst;
    e->line = m->line;
    e->mask = m->mask[0] & 0xffffu;
    memcpy(e->w, m->data, sizeof e->w);
    e->wf = m->wf;
    e->word = m->word;
    e->aop = m->aop;
    e->bmask = m->bmask;
    e->a = m->a;
    e->b = m->b;
    e->at = s->now;
}

/* The R lines of L1 j as hlrc_l1_r_lines gives them, three a call (the chunks hlrc_check.c reads
 * them in, shorter): their count into idx. */
static uint32_t r_lines(const sys_t* s, uint32_t j, uint32_t* idx) {
    uint32_t n = 0, got = 3;
    for (uint32_t from = 0; got == 3; from = idx[n - 1] + 1u) {
        got = hlrc_l1_r_lines(s->l1[j], from, &idx[n], 3);
        n += got;
        if (n == 0u) {
            break;
        }
    }
    return n;
}

/* hlrc_check_v1 (the system's V1, hlrc_check.c) over these models: none; against banks that hold
 * nothing, one violation per R line (the checker can fail). */
static void check_v1_system(const sys_t* s, uint32_t nr) {
    const hlrc_sys_desc_t sd = {s->d};
    const hlrc_l1_t* l1[NSM];
    const hlrc_l2_t* l2[NB];
    hlrc_l2_t* empty[NB];
    const hlrc_l2_desc_t d2 = hlrc_l2_desc_from(&s->d);
    const size_t n = hlrc_l2_size(&d2);
    char why[256];
    for (uint32_t j = 0; j < s->nsm; j++)
        l1[j] = s->l1[j];
    for (uint32_t b = 0; b < s->nb; b++)
        l2[b] = s->l2[b];
    assert_int_equal(hlrc_check_v1(&sd, l1, l2, s->now, stderr), 0);
    for (uint32_t b = 0; b < s->nb; b++) {
        empty[b] = hlrc_l2_init(malloc(n), n, &d2, why, sizeof why);
        assert_non_null(empty[b]);
        l2[b] = empty[b];
    }
    assert_int_equal(hlrc_check_v1(&sd, l1, l2, s->now, NULL), nr);
    for (uint32_t b = 0; b < s->nb; b++)
        free(empty[b]);
}

/* V1 (hlrc.md section 5): every R line of SM j is registered at its bank with own = j. */
static void check_v1(const sys_t* s) {
    static uint32_t system_checks; /* the system's checker on the first states with R lines */
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    uint32_t nr = 0;
    for (uint32_t j = 0; j < s->nsm; j++) {
        uint32_t idx[256], nidx = r_lines(s, j, idx), at = 0;
        for (uint32_t i = 0; i < lines; i++) {
            hlrc_l1_line_t l;
            hlrc_l1_line_get(s->l1[j], i, &l);
            uint64_t tag; /* the light read V1 uses over the system (hlrc_check.c) agrees */
            assert_int_equal(hlrc_l1_line_st(s->l1[j], i, &tag), l.st);
            assert_int_equal(tag, l.tag);
            if (l.st != HLRC_L1_R) {
                continue;
            }
            nr++;
            assert_true(at < nidx && idx[at++] == i); /* and hlrc_l1_r_lines lists it, in order */
            const uint64_t a = (l.tag << 2) | (i / s->d.l1_ways);
            const hlrc_l2_t* bk = s->l2[a % s->nb];
            const int64_t k = hlrc_l2_find(bk, a);
            assert_true(k >= 0);
            hlrc_l2_line_t bl;
            hlrc_l2_line_get(bk, (uint32_t)k, &bl);
            uint32_t own;
            assert_int_equal(hlrc_l2_line_reg(bk, (uint32_t)k, &own), bl.reg); /* the light read */
            assert_int_equal(own, bl.own);
            if (bl.reg != 1u || bl.own != j) {
                fail_msg("V1: line %llu R at SM%u, bank reg %u own %u", (unsigned long long)a, j,
                         bl.reg, bl.own);
            }
        }
        assert_int_equal(at, nidx);
    }
    if (nr > 0u && system_checks < 50u) {
        system_checks++;
        check_v1_system(s, nr);
    }
}

static void l1_inputs(sys_t* s, uint32_t j, hlrc_l1_in_t* in) {
    memset(in, 0, sizeof *in);
    in->rst_n = true;
    (void)mq_pop(&s->rsp[j], s->now, &in->msg);
    if (s->ncreq[j] > 0u && hlrc_l1_out(s->l1[j])->core_ready) {
        in->core = s->creq[j][0];
        memmove(&s->creq[j][0], &s->creq[j][1], (s->ncreq[j] - 1u) * sizeof(hlrc_core_req_t));
        s->ncreq[j]--;
    }
}

static void l2_inputs(sys_t* s, uint32_t b, hlrc_l2_in_t* in) {
    memset(in, 0, sizeof *in);
    in->rst_n = true;
    const hlrc_l2_out_t* o = hlrc_l2_out(s->l2[b]);
    hlrc_msg_t* dst[3] = {&in->req, &in->sync, &in->wb};
    const bool rdy[3] = {o->req_ready, o->sync_ready, o->wb_ready};
    for (uint32_t n = 0; n < 3u; n++) {
        if (rdy[n] && !s->hold[n]) {
            (void)mq_pop(&s->net[b][n], s->now, dst[n]);
        }
    }
    hlrc_msg_t f;
    if (mq_pop(&s->fills[b], s->now, &f)) {
        in->mem.valid = true;
        in->mem.line = f.line;
        memcpy(in->mem.data, f.data, sizeof f.data);
    }
}

static void l1_outputs(sys_t* s, uint32_t j, const hlrc_l1_out_t* o) {
    const hlrc_msg_t* m[3] = {&o->req, &o->sync, &o->wb};
    for (uint32_t n = 0; n < 3u; n++) {
        if (m[n]->valid) {
            hlrc_msg_t x = *m[n];
            assert_int_equal(x.src, 0);
            x.src = j; /* stamped by the network */
            log_msg(s, n, &x, j);
            mq_push(&s->net[x.line % s->nb][n], &x, s->now + 1u + s->delay[n][j]);
            s->quiet_now = false;
        }
    }
    if (o->crsp.valid) {
        s->last[j] = o->crsp;
        s->nrsp[j]++;
        s->quiet_now = false;
    }
}

static void l2_outputs(sys_t* s, uint32_t b, const hlrc_l2_out_t* o) {
    if (o->rsp.valid) {
        log_msg(s, NET_RSP, &o->rsp, 0u);
        for (uint32_t j = 0; j < s->nsm; j++) {
            if (((o->rsp.dst >> j) & 1u) != 0u && ((s->sink >> j) & 1u) == 0u) {
                mq_push(&s->rsp[j], &o->rsp, s->now + 1u);
            }
        }
        s->quiet_now = false;
    }
    if (o->mreq.wb) {
        memcpy(s->dram[o->mreq.wb_line % DRAM_LINES], o->mreq.wb_data, sizeof o->mreq.wb_data);
    }
    if (o->mreq.fetch) {
        hlrc_msg_t f;
        memset(&f, 0, sizeof f);
        f.line = o->mreq.fetch_line;
        memcpy(f.data, s->dram[f.line % DRAM_LINES], sizeof f.data);
        mq_push(&s->fills[b], &f, s->now + 1u);
        s->quiet_now = false;
    }
}

static void tick(sys_t* s) {
    hlrc_l1_in_t i1[NSM];
    hlrc_l2_in_t i2[NB];
    for (uint32_t j = 0; j < s->nsm; j++) {
        l1_inputs(s, j, &i1[j]);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        l2_inputs(s, b, &i2[b]);
    }
    s->quiet_now = true;
    for (uint32_t j = 0; j < s->nsm; j++) {
        hlrc_l1_out_t o;
        hlrc_l1_tick(s->l1[j], &i1[j], &o);
        l1_outputs(s, j, &o);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        hlrc_l2_out_t o;
        hlrc_l2_tick(s->l2[b], &i2[b], &o);
        l2_outputs(s, b, &o);
    }
    check_v1(s);
    s->now++;
}

static bool in_flight(const sys_t* s) {
    for (uint32_t j = 0; j < s->nsm; j++) {
        if (s->rsp[j].n != 0u || s->ncreq[j] != 0u) {
            return true;
        }
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        for (uint32_t n = 0; n < 3u; n++) {
            if (s->net[b][n].n != 0u && !s->hold[n]) {
                return true;
            }
        }
        if (s->fills[b].n != 0u) {
            return true;
        }
    }
    return false;
}

/* Every edge until the system is quiet: nothing in flight (held networks aside) and no output
 * for 4 edges in a row (a bank's FIFO head is tried the edge after its push; a batch completes
 * the edge after its last ACK and answers the edge after). A head may be left waiting (T8). */
static void run(sys_t* s) {
    uint32_t calm = 0;
    for (uint32_t k = 0; k < 3000u; k++) {
        tick(s);
        calm = s->quiet_now && !in_flight(s) ? calm + 1u : 0u;
        if (calm == 4u) {
            return;
        }
    }
    fail_msg("the system did not become quiet (deadlock limit)");
}

/*--- core requests ----------------------------------------------------------------------------*/

static void core(sys_t* s, uint32_t j, const hlrc_core_req_t* r) {
    assert_true(s->ncreq[j] < 16u);
    s->creq[j][s->ncreq[j]++] = *r;
}

static hlrc_core_req_t rq(uint32_t op, uint64_t line) {
    hlrc_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = op;
    r.line = line;
    return r;
}

static void ld(sys_t* s, uint32_t j, uint64_t line) {
    const hlrc_core_req_t r = rq(HLRC_OP_LOAD, line);
    core(s, j, &r);
}
static void acq(sys_t* s, uint32_t j, uint64_t line, uint32_t w, bool gpu) {
    hlrc_core_req_t r = rq(HLRC_OP_LOAD, line);
    r.acq = true;
    r.word = w;
    r.gpu = gpu;
    core(s, j, &r);
}
static void store(sys_t* s, uint32_t j, uint64_t line, uint32_t w, uint32_t v, bool rel, bool gpu) {
    hlrc_core_req_t r = rq(HLRC_OP_STORE, line);
    r.rel = rel;
    r.gpu = gpu;
    r.word = w;
    r.data[w] = v;
    r.mask[0] = 0xfu << (4u * w);
    core(s, j, &r);
}
static void st(sys_t* s, uint32_t j, uint64_t line, uint32_t w, uint32_t v) {
    store(s, j, line, w, v, false, false);
}
static void atom(sys_t* s, uint32_t j, uint64_t line, uint32_t w, uint32_t aop, uint32_t a,
                 uint32_t b, bool gpu) {
    hlrc_core_req_t r = rq(HLRC_OP_ATOMIC, line);
    r.word = w;
    r.aop = aop;
    r.a = a;
    r.b = b;
    r.gpu = gpu;
    core(s, j, &r);
}
static void add(sys_t* s, uint32_t j, uint64_t line, uint32_t w, uint32_t a) {
    atom(s, j, line, w, HLRC_AOP_ADD, a, 0u, false);
}
/*--- expectations -----------------------------------------------------------------------------*/

#define EQ(a, b)     _assert_int_equal((uintmax_t)(a), (uintmax_t)(b), __FILE__, ln)
#define TRUE(c)      _assert_true((uintmax_t)(c), #c, __FILE__, ln)
#define bank_is(...) bank_is_(__LINE__, __VA_ARGS__)

#define ANY 0xdeadbeefu

static hlrc_l2_line_t bank_line(sys_t* s, uint64_t a) {
    const int64_t i = hlrc_l2_find(s->l2[a % s->nb], a);
    assert_true(i >= 0);
    hlrc_l2_line_t l;
    hlrc_l2_line_get(s->l2[a % s->nb], (uint32_t)i, &l);
    return l;
}

static void bank_is_(int ln, sys_t* s, uint64_t a, uint32_t st_, uint32_t reg, uint32_t own,
                     uint32_t w0, uint32_t w1) {
    const hlrc_l2_line_t l = bank_line(s, a);
    EQ(l.st, st_);
    EQ(l.reg, reg);
    EQ(l.own, own);
    if (w0 != ANY) {
        EQ(l.data[0], w0);
    }
    if (w1 != ANY) {
        EQ(l.data[1], w1);
    }
}

static hlrc_l1_state_t* l1st(sys_t* s, uint32_t j) {
    s->st1->sel_all = 1;
    hlrc_l1_state_get(s->l1[j], s->st1);
    return s->st1;
}

/* Messages logged since mark of kind (and source when src != ANY). */
static uint32_t nmsg(const sys_t* s, uint32_t from, uint32_t kind, uint32_t src) {
    uint32_t n = 0;
    for (uint32_t k = from; k < s->nlog; k++) {
        n += s->log[k].kind == kind && (src == ANY || s->log[k].src == src) ? 1u : 0u;
    }
    return n;
}
/* The k-th (0-based) message of kind since from. */
static const logent_t* msg_at(const sys_t* s, uint32_t from, uint32_t kind, uint32_t k) {
    for (uint32_t i = from; i < s->nlog; i++) {
        if (s->log[i].kind == kind && k-- == 0u) {
            return &s->log[i];
        }
    }
    fail_msg("no such message");
    return NULL;
}

static void open_golden(uint32_t l2_ways, uint32_t sb_idle, uint32_t nb, uint32_t scoped) {
    hlrc_desc_t d = golden_desc(l2_ways, sb_idle, nb);
    d.scoped = scoped;
    S = malloc(sizeof *S);
    assert_non_null(S);
    sys_open(S, &d, NSM);
}

static int teardown(void** state) {
    (void)state;
    if (S != NULL) {
        sys_close(S);
        free(S);
        S = NULL;
    }
    return 0;
}

/*--- descriptors, reset, illegal inputs -------------------------------------------------------*/

static void test_desc(void** state) {
    (void)state;
    char why[160];
    hlrc_desc_t d = hlrc_desc_small(HLRC);
    assert_int_equal(hlrc_check_desc(&d, why, sizeof why), 0);
    d = hlrc_desc_default(HLRC_SCOPED);
    assert_int_equal(d.scoped, 1);
    assert_int_equal(hlrc_check_desc(&d, why, sizeof why), 0);
    d.l2_ways = 1u; /* the R-cap needs 2 */
    assert_int_equal(hlrc_check_desc(&d, why, sizeof why), 1);
    assert_string_equal(why, "hlrc_l2: l2_ways = 1 is illegal (L2Ways: 2..16)");
    d = hlrc_desc_small(HLRC);
    d.wt_cnt_width = 11u;
    assert_int_equal(hlrc_check_desc(&d, why, sizeof why), 1);
    assert_string_equal(why, "hlrc_l1: wt_cnt_width = 11 is illegal (WtCntWidth: 2..10)");
    const hlrc_l1_desc_t d1 = hlrc_l1_desc_from(&d);
    assert_int_equal(hlrc_l1_size(&d1), 0);
    assert_string_equal(hlrc_msg_kind_name(HLRC_MSG_REVOKE), "REVOKE");
    assert_string_equal(hlrc_msg_kind_net(HLRC_MSG_EVICT), "wb");
    assert_string_equal(hlrc_msg_kind_name(13u), "?");
    assert_int_equal(HLRC_MSG_EACK, 12);
    assert_int_equal(HLRC_AOP_NONE, 3);
    assert_string_equal(hlrc_l1_trans_id(HLRC_L1_T_C25), "C25");
    assert_string_equal(hlrc_l1_trans_id(HLRC_L1_T_S13), "S13");
    assert_string_equal(hlrc_l1_trans_id(HLRC_L1_T_N), "?");
    assert_string_equal(hlrc_l2_trans_id(HLRC_L2_T_D02), "D02");
    assert_string_equal(hlrc_l2_trans_id(HLRC_L2_T_S04), "S04");
    assert_false(hlrc_l1_trans_reachable(&d1, HLRC_L1_T_C22)); /* Scoped = 0 */
    hlrc_l1_desc_t d1s = d1;
    d1s.scoped = 1u;
    assert_true(hlrc_l1_trans_reachable(&d1s, HLRC_L1_T_C22));
    assert_string_equal(hlrc_l1_fcov_name(HLRC_L1_F_SYNC_PARTLY_DIRTY), "SYNC_PARTLY_DIRTY");
    assert_int_equal(HLRC_L1_F_N, 68);
    assert_int_equal(HLRC_L2_F_N, 78);
    assert_string_equal(hlrc_l2_fcov_name(HLRC_L2_F_SYNC_REFETCH), "SYNC_REFETCH");
    assert_string_equal(hlrc_l2_fcov_name(HLRC_L2_F_VIC_DIRTY_W0), "VIC_DIRTY_W0");
    assert_false(hlrc_l1_fcov_reachable(&d1, HLRC_L1_F_OWN_RETURN));
    assert_false(hlrc_l1_fcov_reachable(&d1, (hlrc_l1_fcov_t)(HLRC_L1_F_VIC_FREE_W0 + 2)));
}

#define P_SMALL(n) P_##n
enum { P_AddrWidth = 16, P_LineBytes = 16, P_NumWf = 8, P_NumSm = 4 };
#define COUNT_PORT(port, dir, width, field, shape, wave, filter) +1
#define SUM_WIDTH(port, dir, width, field, shape, wave, filter)  +(width)

static void test_ports(void** state) {
    (void)state;
    /* the page's port lists (clk_i excluded): 44 L1 ports, 38 bank ports */
    assert_int_equal(0 HLRC_L1_PORTS(COUNT_PORT, P_SMALL), 44);
    assert_int_equal(0 HLRC_L2_PORTS(COUNT_PORT, P_SMALL), 38);
    assert_int_equal(HLRC_L1_LA(P_SMALL), 12);
    assert_true((0 HLRC_L1_PORTS(SUM_WIDTH, P_SMALL)) > 0);
}

static void test_reset(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    hlrc_l1_state_t* x = l1st(S, 0);
    assert_int_equal(x->sel_all, 1);
    assert_int_equal(x->sbcnt + x->wtp + x->batch + x->rgv + x->evs + x->rvcnt + x->fcnt, 0);
    assert_int_equal(x->fdone, 0);
    for (uint32_t i = 0; i < 8u; i++) {
        assert_int_equal(x->line[i].age, i % 2u);
        assert_int_equal(x->line[i].st, 0);
    }
    const hlrc_l1_out_t* o = hlrc_l1_out(S->l1[0]);
    assert_true(o->core_ready);
    assert_true(o->drained);
    const hlrc_l2_out_t* o2 = hlrc_l2_out(S->l2[0]);
    assert_true(o2->req_ready && o2->sync_ready && o2->wb_ready);
    assert_false(o2->rsp.valid);
    hlrc_l2_line_t l;
    hlrc_l2_line_get(S->l2[0], 3u, &l);
    assert_int_equal(l.age, 3);
    assert_int_equal(hlrc_l1_errors(S->l1[0]) + hlrc_l2_errors(S->l2[0]), 0);
    /* a reset in the middle of traffic: every register back to its reset value */
    add(S, 0, X_, 0, 1);
    st(S, 0, D_, 0, 3);
    run(S);
    assert_int_equal(l1st(S, 0)->sbcnt, 2);
    hlrc_l1_in_t in;
    memset(&in, 0, sizeof in);
    hlrc_l1_tick(S->l1[0], &in, NULL);
    hlrc_l2_in_t i2;
    memset(&i2, 0, sizeof i2);
    hlrc_l2_tick(S->l2[0], &i2, NULL);
    x = l1st(S, 0);
    assert_int_equal(x->sbcnt + x->wtp + x->batch + x->rgv + x->evs + x->rvcnt + x->fcnt, 0);
    assert_int_equal(x->line[2 * 2].st + x->line[2 * 2].dirty[0] + x->line[2 * 2].data[0], 0);
    assert_true(hlrc_l2_find(S->l2[0], X_) < 0);
    hlrc_l2_state_t* b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->sel_all = 1;
    hlrc_l2_state_get(S->l2[0], b);
    assert_int_equal(b->sel_all, 1);
    assert_int_equal(b->qcnt + b->scnt + b->wcnt + b->rvv + b->qpri + b->mshr[0].v, 0);
    free(b);
}

/* I1 (core op 0 / wf out of range), I3 (M10: a message that finds no state), I4 (REVOKE at a
 * full queue); bank I1 (a kind on the wrong FIFO), I2 (a stray fill), I5 (K02), I7 (K04). */
static void test_illegal(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    hlrc_l1_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.core = rq(0u, 1u);
    hlrc_l1_tick(S->l1[0], &in, NULL);
    in.core = rq(HLRC_OP_LOAD, 1u);
    in.core.wf = 8u;
    hlrc_l1_tick(S->l1[0], &in, NULL);
    assert_int_equal(hlrc_l1_errors(S->l1[0]), 2);
    assert_int_equal(l1st(S, 0)->fcnt, 0);
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    const uint32_t bad[] = {HLRC_MSG_NONE, HLRC_MSG_GETS, HLRC_MSG_ACK,  HLRC_MSG_GRANT,
                            HLRC_MSG_DATA, HLRC_MSG_EACK, HLRC_MSG_ATOM, 13u};
    for (uint32_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        in.msg.valid = true;
        in.msg.kind = bad[k];
        in.msg.line = X_;
        hlrc_l1_tick(S->l1[0], &in, NULL);
    }
    assert_int_equal(hlrc_l1_errors(S->l1[0]), 2u + 8u);
    in.msg.kind = HLRC_MSG_REVOKE; /* NumBanks = 1: the second is I4 */
    hlrc_l1_tick(S->l1[0], &in, NULL);
    hlrc_l1_tick(S->l1[0], &in, NULL);
    assert_int_equal(hlrc_l1_errors(S->l1[0]), 11);
    hlrc_l2_in_t i2;
    memset(&i2, 0, sizeof i2);
    i2.rst_n = true;
    i2.req.valid = true;
    i2.req.kind = HLRC_MSG_REG; /* Q01 */
    i2.sync.valid = true;
    i2.sync.kind = HLRC_MSG_GETS; /* Q02 */
    i2.wb.valid = true;
    i2.wb.kind = HLRC_MSG_RACK; /* K02 */
    hlrc_l2_tick(S->l2[0], &i2, NULL);
    memset(&i2, 0, sizeof i2);
    i2.rst_n = true;
    i2.wb.valid = true;
    i2.wb.kind = HLRC_MSG_EVICT; /* K04 (taken after the RACK) */
    i2.wb.line = X_;
    hlrc_l2_tick(S->l2[0], &i2, NULL);
    memset(&i2, 0, sizeof i2);
    i2.rst_n = true;
    for (uint32_t k = 0; k < 4u; k++) {
        hlrc_l2_tick(S->l2[0], &i2, NULL);
    }
    i2.mem.valid = true; /* I2 */
    i2.mem.line = 7u;
    hlrc_l2_tick(S->l2[0], &i2, NULL);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 5);
}

/*--- T1-T15: hlrc.md section 9's golden tests run in tests/hlrc/test_hlrc_golden.c, on the C
 * models alone and on C and RTL in lockstep (one copy of their steps) ---------------------------*/

/* Bank b's qpri as the state getter exports it. */
static uint32_t l2_qpri(sys_t* s, uint32_t b) {
    hlrc_l2_state_t* x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->sel_all = 1;
    hlrc_l2_state_get(s->l2[b], x);
    const uint32_t q = x->qpri;
    free(x);
    return q;
}

/*--- choices-2026-11-29, the C model's must-change rows ---------------------------------------*/

static hlrc_msg_t bank_msg(uint32_t kind, uint32_t src, uint64_t line) {
    hlrc_msg_t m;
    memset(&m, 0, sizeof m);
    m.valid = true;
    m.kind = kind;
    m.src = src;
    m.line = line;
    return m;
}

/* A message presented to bank 0's input net by the test (not by an L1). */
static void present(uint32_t net, const hlrc_msg_t* m) {
    mq_push(&S->net[0][net], m, S->now);
}

/* Core request r at SM0, run; idle_q then is 0-based from the edge that reset it, or grown by
 * every edge of the run (SbIdle = 65535: never saturated here). */
static void idle_after(const hlrc_core_req_t* r, bool reset) {
    const uint32_t before = l1st(S, 0)->idle;
    const uint64_t t0 = S->now;
    core(S, 0, r);
    run(S);
    const uint64_t grown = before + (S->now - t0);
    if (reset) {
        assert_true(l1st(S, 0)->idle < grown);
    } else {
        assert_int_equal(l1st(S, 0)->idle, grown);
    }
}

static hlrc_core_req_t at_req(uint64_t line, uint32_t aop, uint32_t a, uint32_t b) {
    hlrc_core_req_t r = rq(HLRC_OP_ATOMIC, line);
    r.aop = aop;
    r.a = a;
    r.b = b;
    return r;
}

/* C3 (L10): an ATOMIC resets idle only when P1 writes (C12 and M06); a release STORE always. */
static void test_c3_idle(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    add(S, 0, X_, 0, 1); /* x R at SM0, w0 = 1 */
    run(S);
    hlrc_core_req_t r = at_req(X_, HLRC_AOP_CAS, 99u, 7u);
    idle_after(&r, false); /* C12, a failing CAS */
    r = at_req(X_, HLRC_AOP_NONE, 0u, 0u);
    idle_after(&r, false); /* C12, aop 3 */
    r = at_req(D_, HLRC_AOP_CAS, 99u, 7u);
    idle_after(&r, false); /* C16 .. M06, a failing CAS */
    r = at_req(X_, HLRC_AOP_CAS, 1u, 5u);
    idle_after(&r, true); /* C12, a CAS that writes */
    r = at_req(X_, HLRC_AOP_EXCH, 9u, 0u);
    idle_after(&r, true); /* C12, EXCH */
    r = rq(HLRC_OP_STORE, X_);
    r.rel = true;
    idle_after(&r, true); /* C11 with no byte in its word */
    assert_int_equal(hlrc_l1_errors(S->l1[0]), 0);
}

/* C6 (L11, section 9): the own-stall rows are counted as their stalls only, unreachable as rows. */
static void test_c6_own_stall(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 1u);
    add(S, 0, X_, 0, 1); /* C16, then S07 until M06 */
    run(S);
    atom(S, 0, Y_, 0, HLRC_AOP_ADD, 1u, 0u, true); /* C20, S11, C22, then S12 until M07 */
    run(S);
    const uint64_t* cv = hlrc_l1_cov(S->l1[0]);
    assert_true(cv[HLRC_L1_T_S07] > 0u && cv[HLRC_L1_T_S11] > 0u && cv[HLRC_L1_T_S12] > 0u);
    const hlrc_l1_trans_t own[] = {HLRC_L1_T_C03, HLRC_L1_T_C14, HLRC_L1_T_C15,
                                   HLRC_L1_T_C17, HLRC_L1_T_C19, HLRC_L1_T_C21};
    hlrc_l1_desc_t d1 = hlrc_l1_desc_from(&S->d);
    for (uint32_t k = 0; k < 6u; k++) {
        assert_int_equal(cv[own[k]], 0);
        assert_false(hlrc_l1_trans_reachable(&d1, own[k]));
        d1.scoped = 0u;
        assert_false(hlrc_l1_trans_reachable(&d1, own[k]));
        d1.scoped = 1u;
    }
    assert_true(hlrc_l1_trans_reachable(&d1, HLRC_L1_T_S07));
    assert_true(hlrc_l1_trans_reachable(&d1, HLRC_L1_T_C16));
}

/* C4 (P1, E7): A01 of an EXCH with bmask 0000 writes the word unchanged: the line D, touched. */
static void test_c4_exch_empty(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 1u);
    S->sink = 7u;
    hlrc_msg_t m = bank_msg(HLRC_MSG_ATOMIC, 2u, X_);
    m.aop = HLRC_AOP_EXCH;
    m.bmask = 0u;
    m.a = 0x55u;
    present(NET_SYNC, &m);
    run(S);
    bank_is(S, X_, HLRC_L2_D, 0, 0, 0, ANY);
    assert_int_equal(bank_line(S, X_).age, 0);
    assert_int_equal(nmsg(S, 0u, HLRC_MSG_ATOM, ANY), 1);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 0);
}

/* C7 (I6): counted once for every message pushed with src >= NumSm, on any input. */
static void test_c7_i6_push(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    S->sink = 7u;
    hlrc_msg_t m = bank_msg(HLRC_MSG_GETS, 3u, Y_);
    present(NET_REQ, &m); /* G03, N01: DATA with dst 0 */
    run(S);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 1);
    m = bank_msg(HLRC_MSG_WT, 63u, Y_);
    present(NET_REQ, &m); /* W01 */
    run(S);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 2);
    m = bank_msg(HLRC_MSG_REG, 4u, X_);
    present(NET_SYNC, &m); /* R06, N02, R01: once, at the push */
    run(S);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 3);
    m = bank_msg(HLRC_MSG_EVICT, 5u, Y_);
    present(NET_WB, &m); /* K04 (I7) and I6 */
    run(S);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 5);
}

/* H4 (E1 (c)): a fill that finds no MSHR (I2) sets no qpri, even for the sync head's line. */
static void test_h4_stray_fill(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    S->sink = 7u;
    hlrc_msg_t m = bank_msg(HLRC_MSG_REG, 0u, X_);
    present(NET_SYNC, &m); /* R06, N02, R01 */
    run(S);
    m.src = 1u;
    present(NET_SYNC, &m); /* R03: the head stays (S04) */
    run(S);
    assert_int_equal(l2_qpri(S, 0), 0);
    const uint64_t e0 = hlrc_l2_errors(S->l2[0]);
    const uint64_t f0 = hlrc_l2_fcov(S->l2[0])[HLRC_L2_F_FILL_FOR_SYNC_HEAD];
    hlrc_msg_t f = bank_msg(0u, 0u, X_);
    mq_push(&S->fills[0], &f, S->now);
    tick(S);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), e0 + 1u); /* I2 */
    assert_int_equal(l2_qpri(S, 0), 0);
    assert_int_equal(hlrc_l2_fcov(S->l2[0])[HLRC_L2_F_FILL_FOR_SYNC_HEAD], f0);
}

/* H5 (E8): own := src mod 2^SW (NumSm 3: SW 2); a REVOKE to an own >= NumSm is sent, dst 0. */
static void test_h5_own_width(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    S->sink = 7u;
    hlrc_msg_t m = bank_msg(HLRC_MSG_REG, 5u, X_);
    present(NET_SYNC, &m); /* R01: own 5 mod 4 = 1 */
    run(S);
    bank_is(S, X_, HLRC_L2_V, 1, 1, ANY, ANY);
    m.src = 1u;
    present(NET_SYNC, &m); /* own == src: R04 */
    run(S);
    assert_int_equal(hlrc_l2_cov(S->l2[0])[HLRC_L2_T_R04], 1);
    assert_int_equal(nmsg(S, 0u, HLRC_MSG_REVOKE, ANY), 0);
    m = bank_msg(HLRC_MSG_REG, 3u, Y_);
    present(NET_SYNC, &m); /* own 3 >= NumSm */
    run(S);
    bank_is(S, Y_, HLRC_L2_V, 1, 3, ANY, ANY);
    const uint32_t mk = S->nlog;
    m.src = 2u;
    present(NET_SYNC, &m); /* R03: REVOKE with dst 0 */
    run(S);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_REVOKE, ANY), 1);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_REVOKE, 0)->dst, 0);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_REVOKE, 0)->line, Y_);
}

/* H6 (section 7): N01 / N02 clear only mv; line, way and dst hold, also in the state getter. */
static void test_h6_mshr_held(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    S->sink = 7u;
    hlrc_msg_t m = bank_msg(HLRC_MSG_GETS, 1u, Y_);
    present(NET_REQ, &m); /* G03 into MSHR 0, N01 */
    run(S);
    hlrc_l2_mshr_t e;
    hlrc_l2_mshr_get(S->l2[0], 0u, &e);
    assert_int_equal(e.v, 0);
    assert_int_equal(e.line, Y_);
    assert_int_equal(e.way, hlrc_l2_find(S->l2[0], Y_) % 4);
    assert_int_equal(e.dst, 2);
    hlrc_l2_state_t* x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->sel_all = 1;
    hlrc_l2_state_get(S->l2[0], x);
    assert_int_equal(x->mshr[0].line, Y_);
    assert_int_equal(x->mshr[0].dst, 2);
    free(x);
}

/*--- random traffic: V1 after every edge, no deadlock, atomicity of one counter
 * ------------------*/

static uint32_t rnd(uint32_t* x) {
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

static void random_op(uint32_t j, uint32_t* x, uint32_t scoped, uint32_t* adds) {
    const uint64_t line = 1u + rnd(x) % 14u;
    const uint32_t w = rnd(x) % 4u, v = rnd(x) % 100u;
    const bool gpu = scoped != 0u && (rnd(x) % 2u) == 0u;
    switch (rnd(x) % 6u) {
    case 0:
        ld(S, j, line);
        break;
    case 1:
        st(S, j, line, line == C_ ? 1u + w % 3u : w, v);
        break;
    case 2:
        acq(S, j, line, w, gpu);
        break;
    case 3:
        store(S, j, line, line == C_ ? 1u + w % 3u : w, v, true, gpu);
        break;
    case 4:
        atom(S, j, C_, 0, HLRC_AOP_ADD, 1u, 0u, gpu);
        (*adds)++;
        break;
    default:
        atom(S, j, line, line == C_ ? 1u : w, HLRC_AOP_CAS, v, v + 1u, gpu);
        break;
    }
}

static void random_run(uint32_t scoped, uint32_t nb, uint32_t ways, uint32_t seed) {
    open_golden(ways, 64u, nb, scoped);
    uint32_t x = seed, adds = 0;
    for (uint32_t k = 0; k < 4000u; k++) {
        for (uint32_t j = 0; j < NSM; j++) {
            if (S->ncreq[j] == 0u && rnd(&x) % 3u == 0u) {
                random_op(j, &x, scoped, &adds);
            }
        }
        tick(S);
    }
    run(S);
    atom(S, 0, C_, 0, HLRC_AOP_ADD, 0u, 0u, false);
    run(S);
    for (uint32_t j = 0; j < NSM; j++) {
        assert_int_equal(l1st(S, j)->fcnt, 0);
        assert_int_equal(hlrc_l1_errors(S->l1[j]), 0);
    }
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 0);
    assert_int_equal(S->last[0].kind, HLRC_CRSP_ATOMIC);
    assert_int_equal(S->last[0].data[0], adds);
    teardown(NULL);
}

static void test_random(void** state) {
    (void)state;
    for (uint32_t seed = 1; seed <= 6u; seed++) {
        random_run(seed % 2u, 1u + (seed / 3u) % 2u, 2u + 2u * (seed % 2u), seed * 2654435761u);
    }
}

/*--- main -------------------------------------------------------------------------------------*/

#define GOLDEN(t) cmocka_unit_test_teardown(t, teardown)

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc), cmocka_unit_test(test_ports), GOLDEN(test_reset),
        GOLDEN(test_illegal),        GOLDEN(test_c3_idle),         GOLDEN(test_c6_own_stall),
        GOLDEN(test_c4_exch_empty),  GOLDEN(test_c7_i6_push),      GOLDEN(test_h4_stray_fill),
        GOLDEN(test_h5_own_width),   GOLDEN(test_h6_mshr_held),    GOLDEN(test_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
