/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_hlrc_golden.c -- directed golden tests of hLRC (hlrc and hlrc-scoped of seed 000;
 * docs/units/hlrc/hlrc.md, hlrc_l1.md, hlrc_l2.md; issue 28) on the C models and on the
 * Verilated RTL: hlrc.md section 9's T1-T15 (G1-G13 of the notes; T11 under both variants, T13b
 * with two banks), with the page's state after every step, and two tests of this file:
 *   T1  G1, message passing through a registered flag (Fig. 3a);
 *   T2  G5 (the owner pops locally), G6 steps 1-4 (a steal, a repeated steal, the owner returns);
 *   T3  G7 (two releases from two SMs), G9 (the cold miss);
 *   T4  G8, the R-cap recall (L2Ways = 2);
 *   T5  G10 (false sharing of x = L.0 and y = L.1), G12 (RMW atomicity of three SMs' ADDs);
 *   T6  G11, data accesses to a registered line (the bypass);
 *   T7  D11, the refresh;
 *   T8  the crossing of an EVICT and a REVOKE (D14, D15), K02 of a stray RACK;
 *   T9  (hlrc-scoped) G6 step 5, the steal at GPU scope, the bank-path fields, B2; hlrc_l1 F49
 *       L2_ATOMIC_STORE and hlrc_l2 F65 EXCH_PARTIAL (a GPU-scope release STORE, mask 0030);
 *   T10 (hlrc-scoped) the own-return; R04 / A03 driven directly;
 *   T11 G13 / D21, the idle drain (both variants, SbIdle = 64);
 *   T12 rows the system's traffic reaches rarely (M04, M10, S10, K02);
 *   T13 B1, the requester's own write-throughs (S13); T13b the cycle of V3 (two banks);
 *   T14 M2, a batch begun in an edge with an idle pop;
 *   T15 M1, a REG whose fetched line a data miss would evict (L2Ways = 2);
 *   T16 the race the lockstep found (hlrc.md section 11 item 3, hlrc_l1 L11 (3)): an R line x
 *       under eviction (V02 for a head that then allocated another way), the next head an ADD x
 *       (REG path, C16) tried in the very edge X02 sends EVICT(x): S08 in that edge and until the
 *       EACK, no REG with the EVICT, with wb 3 edges slower than sync; no R04, no K04, no protocol
 *       error (the C model without S08's evs_q == 3 clause, as before 02d4183, fails it: REG(x)
 *       in the EVICT's edge, and its RTL run names the first differing output, sync_valid_o);
 *   T17 what the shared system's random traffic cannot reach: hlrc_l1 F66 GRANT_EMPTY_STORE (a
 *       release STORE with an empty byte set through REG / GRANT) and the bank's answers to
 *       requests no legal L1 sends, put into its FIFOs by the test: R04, K04, K02, A03.
 *
 * The router is test_hlrc_models.c's (NumSm 3, NumBanks 1 (2 for T13b), every message delivered
 * the edge after it is sent, or after a stated delay, or held; DRAM answers a fetch in the next
 * edge; V1 checked after every edge), and so are the step sequences and the expected values
 * (written from the page, never taken from a model). Every test runs twice: "_c" on the C models
 * alone, "_rtl" on the C models and the RTL units in lockstep: each RTL unit (built and loaded
 * through rtl_load, cached under build/rtl/) gets the C model's inputs every edge, and after every
 * edge every output of hlrc_l1_ports.h / hlrc_l2_ports.h and the whole state (every line, MSHR,
 * scalar and ring: hlrc_cmp_l1_state / hlrc_cmp_l2_state) are compared with the C model's; any
 * difference, and any RTL error assertion, fails the test. The page's line and store-buffer
 * states (l1_is, bank_is, sb_is) are asserted on the RTL's state as well; the rows and cover
 * points (counted by the C models only, the RTL has no cover port: hlrc_l1.sv J8) are then those
 * of an RTL run that matched the C model in every output and register at every edge.
 *
 * HLRC_GOLDEN_FILTER (a cmocka filter such as "*_c" or "t16_*") selects tests. GPUCOH_ROOT must
 * point at the repository for the RTL runs (tools/run_tests.sh sets it).
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
#include "hlrc_sys_rtl.h"
#include "hlrc_types.h"
#include "hlrc_units.h"
#include "rtl_load.h"
#include "tb_common.h"
#include "tb_ports.h"
#include "unit.h"

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
    /* the RTL in lockstep (rtl): the same inputs every edge, every output and the whole state
     * compared with the C model's after every edge */
    bool rtl;
    hlrc_sys_desc_t sd;
    gpucoh_rtl_t r1, r2;
    void* h1[NSM];
    void* h2[NB];
    hlrc_l1_state_t *e1, *g1;
    hlrc_l2_state_t *e2, *g2;
    uint64_t compares;   /* unit outputs and states compared */
    uint32_t mismatches; /* RTL differing from C (the first few printed) */
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

/*--- the RTL in lockstep ----------------------------------------------------------------------*/

/* P(Name) of the port tables' WORDS rows: the system descriptor sd */
#define HLRC_PORT_P(name)     HLRC_PORT_P_##name
#define HLRC_PORT_P_LineBytes s->sd.d.line_bytes
#define HLRC_PORT_P_AddrWidth s->sd.d.addr_width
#define HLRC_PORT_P_NumWf     s->sd.d.num_wf
#define HLRC_PORT_P_NumSm     s->sd.d.num_sm

static void mismatch(sys_t* s, const char* unit, uint32_t k, const gpucoh_mismatch_t* mm,
                     uint32_t bad) {
    if (s->mismatches < 20u) {
        print_error("RTL != C after edge %llu: %s%u.%s: C %s, RTL %s (%u fields differ)\n",
                    (unsigned long long)s->now, unit, k, mm->field, mm->expected, mm->got, bad);
    }
    s->mismatches++;
}

static void cmp_l1_out(sys_t* s, uint32_t j, const hlrc_l1_out_t* e, const hlrc_l1_out_t* g) {
    gpucoh_mismatch_t mmv;
    gpucoh_mismatch_t* mm = &mmv;
    uint32_t badv = 0;
    uint32_t* bad = &badv;
    memset(mm, 0, sizeof *mm);
#define TB_PORT_PREFIX "out."
    HLRC_L1_PORTS(TB_PORT_CMP, HLRC_PORT_P) /* every output of hlrc_l1_ports.h */
#undef TB_PORT_PREFIX
    s->compares++;
    if (badv != 0u) {
        mismatch(s, "l1 of SM", j, mm, badv);
    }
}

static void cmp_l2_out(sys_t* s, uint32_t b, const hlrc_l2_out_t* e, const hlrc_l2_out_t* g) {
    gpucoh_mismatch_t mmv;
    gpucoh_mismatch_t* mm = &mmv;
    uint32_t badv = 0;
    uint32_t* bad = &badv;
    memset(mm, 0, sizeof *mm);
#define TB_PORT_PREFIX "out."
    HLRC_L2_PORTS(TB_PORT_CMP, HLRC_PORT_P) /* every output of hlrc_l2_ports.h */
#undef TB_PORT_PREFIX
    s->compares++;
    if (badv != 0u) {
        mismatch(s, "bank ", b, mm, badv);
    }
}

/* The RTL's state of SM j's L1 (every line) into s->g1. */
static hlrc_l1_state_t* rtl_l1st(sys_t* s, uint32_t j) {
    memset(s->g1, 0, sizeof *s->g1);
    s->g1->sel_all = 1;
    s->r1.api->state(s->h1[j], s->g1);
    return s->g1;
}

static hlrc_l2_state_t* rtl_l2st(sys_t* s, uint32_t b) {
    memset(s->g2, 0, sizeof *s->g2);
    s->g2->sel_all = 1;
    s->r2.api->state(s->h2[b], s->g2);
    return s->g2;
}

/* Every line, the scalars and the rings of every unit, RTL against C. */
static void cmp_states(sys_t* s) {
    gpucoh_mismatch_t mm;
    for (uint32_t j = 0; j < s->nsm; j++) {
        uint32_t bad = 0;
        memset(&mm, 0, sizeof mm);
        memset(s->e1, 0, sizeof *s->e1);
        s->e1->sel_all = 1;
        hlrc_l1_state_get(s->l1[j], s->e1);
        hlrc_cmp_l1_state(&s->sd, s->e1, rtl_l1st(s, j), NULL, &mm, &bad);
        s->compares++;
        if (bad != 0u) {
            mismatch(s, "l1 of SM", j, &mm, bad);
        }
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        uint32_t bad = 0;
        memset(&mm, 0, sizeof mm);
        memset(s->e2, 0, sizeof *s->e2);
        s->e2->sel_all = 1;
        hlrc_l2_state_get(s->l2[b], s->e2);
        hlrc_cmp_l2_state(&s->sd, s->e2, rtl_l2st(s, b), NULL, &mm, &bad);
        s->compares++;
        if (bad != 0u) {
            mismatch(s, "bank ", b, &mm, bad);
        }
    }
}

static void rtl_load1(const gpucoh_unit_t* u, const hlrc_sys_desc_t* sd, gpucoh_rtl_t* r) {
    gpucoh_pvals_t pv;
    hlrc_pvals_from_desc(u, sd, &pv);
    char err[1024];
    if (gpucoh_rtl_load(u, &pv, NULL, true, r, err, sizeof err) != 0) {
        fail_msg("RTL build/load of %s failed: %s", u->name, err);
    }
}

/* The RTL units of the system, reset with the C models (one edge, rst_n = 0), compared. */
static void rtl_open(sys_t* s) {
    s->sd.d = s->d;
    s->e1 = calloc(1, sizeof *s->e1);
    s->g1 = calloc(1, sizeof *s->g1);
    s->e2 = calloc(1, sizeof *s->e2);
    s->g2 = calloc(1, sizeof *s->g2);
    assert_true(s->e1 != NULL && s->g1 != NULL && s->e2 != NULL && s->g2 != NULL);
    rtl_load1(&unit_hlrc_l1, &s->sd, &s->r1);
    rtl_load1(&unit_hlrc_l2, &s->sd, &s->r2);
    hlrc_l1_in_t i1;
    hlrc_l1_out_t o1;
    hlrc_l2_in_t i2;
    hlrc_l2_out_t o2;
    memset(&i1, 0, sizeof i1);
    memset(&i2, 0, sizeof i2);
    for (uint32_t j = 0; j < s->nsm; j++) {
        s->h1[j] = s->r1.api->create();
        assert_non_null(s->h1[j]);
        s->r1.api->tick(s->h1[j], &i1, &o1);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        s->h2[b] = s->r2.api->create();
        assert_non_null(s->h2[b]);
        s->r2.api->tick(s->h2[b], &i2, &o2);
    }
    cmp_states(s);
}

/* Every RTL error assertion is a failure (the illegal inputs the tests present raise warnings
 * only, printed by the shims). */
static void rtl_close(sys_t* s) {
    uint32_t errs = 0;
    for (uint32_t j = 0; j < s->nsm && s->r1.api != NULL; j++) {
        if (s->h1[j] != NULL) {
            errs += s->r1.api->errors(s->h1[j]);
            s->r1.api->destroy(s->h1[j]);
        }
    }
    for (uint32_t b = 0; b < s->nb && s->r2.api != NULL; b++) {
        if (s->h2[b] != NULL) {
            errs += s->r2.api->errors(s->h2[b]);
            s->r2.api->destroy(s->h2[b]);
        }
    }
    if (s->r1.api != NULL) {
        gpucoh_rtl_unload(&s->r1);
    }
    if (s->r2.api != NULL) {
        gpucoh_rtl_unload(&s->r2);
    }
    free(s->e1);
    free(s->g1);
    free(s->e2);
    free(s->g2);
    if (errs != 0u) {
        print_error("RTL error assertions: %u\n", errs);
        s->mismatches += errs;
    }
}

static void sys_open(sys_t* s, const hlrc_desc_t* d, uint32_t nsm, bool rtl) {
    memset(s, 0, sizeof *s);
    s->rtl = rtl;
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
    if (s->rtl) {
        rtl_open(s);
    }
}

static void sys_close(sys_t* s) {
    if (s->rtl) {
        rtl_close(s);
    }
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

/* V1 (hlrc.md section 5): every R line of SM j is registered at its bank with own = j. */
static void check_v1(const sys_t* s) {
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    for (uint32_t j = 0; j < s->nsm; j++) {
        for (uint32_t i = 0; i < lines; i++) {
            hlrc_l1_line_t l;
            hlrc_l1_line_get(s->l1[j], i, &l);
            if (l.st != HLRC_L1_R) {
                continue;
            }
            const uint64_t a = (l.tag << 2) | (i / s->d.l1_ways);
            const hlrc_l2_t* bk = s->l2[a % s->nb];
            const int64_t k = hlrc_l2_find(bk, a);
            assert_true(k >= 0);
            hlrc_l2_line_t bl;
            hlrc_l2_line_get(bk, (uint32_t)k, &bl);
            if (bl.reg != 1u || bl.own != j) {
                fail_msg("V1: line %llu R at SM%u, bank reg %u own %u", (unsigned long long)a, j,
                         bl.reg, bl.own);
            }
        }
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
        if (s->rtl) {
            hlrc_l1_out_t g;
            memset(&g, 0, sizeof g);
            s->r1.api->tick(s->h1[j], &i1[j], &g);
            cmp_l1_out(s, j, &o, &g);
        }
        l1_outputs(s, j, &o);
    }
    for (uint32_t b = 0; b < s->nb; b++) {
        hlrc_l2_out_t o;
        hlrc_l2_tick(s->l2[b], &i2[b], &o);
        if (s->rtl) {
            hlrc_l2_out_t g;
            memset(&g, 0, sizeof g);
            s->r2.api->tick(s->h2[b], &i2[b], &g);
            cmp_l2_out(s, b, &o, &g);
        }
        l2_outputs(s, b, &o);
    }
    if (s->rtl) {
        cmp_states(s);
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

static void edges(sys_t* s, uint32_t n) {
    for (uint32_t k = 0; k < n; k++) {
        tick(s);
    }
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
static void rel(sys_t* s, uint32_t j, uint64_t line, uint32_t w, uint32_t v) {
    store(s, j, line, w, v, true, false);
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
static void fence(sys_t* s, uint32_t j, bool gpu) {
    hlrc_core_req_t r = rq(HLRC_OP_FENCE, 0u);
    r.gpu = gpu;
    core(s, j, &r);
}

/*--- expectations -----------------------------------------------------------------------------*/

#define EQ(a, b)     _assert_int_equal((uintmax_t)(a), (uintmax_t)(b), __FILE__, ln)
#define TRUE(c)      _assert_true((uintmax_t)(c), #c, __FILE__, ln)
#define l1_is(...)   l1_is_(__LINE__, __VA_ARGS__)
#define bank_is(...) bank_is_(__LINE__, __VA_ARGS__)
#define sb_is(...)   sb_is_(__LINE__, __VA_ARGS__)
#define rsp_is(...)  rsp_is_(__LINE__, __VA_ARGS__)

#define ANY 0xdeadbeefu

/* SM j's line a: st, fresh, dirty (16 bits), w0, w1 (ANY: not checked). */
static void l1_is_(int ln, sys_t* s, uint32_t j, uint64_t a, uint32_t st_, uint32_t fresh,
                   uint32_t dirty, uint32_t w0, uint32_t w1) {
    const int64_t i = hlrc_l1_find(s->l1[j], a);
    hlrc_l1_line_t l;
    memset(&l, 0, sizeof l);
    if (i >= 0) {
        hlrc_l1_line_get(s->l1[j], (uint32_t)i, &l);
    }
    if (st_ == HLRC_L1_I && dirty == 0u && i < 0) {
        return; /* "I 0": the way is free */
    }
    TRUE(i >= 0);
    EQ(l.st, st_);
    EQ(l.fresh, fresh);
    EQ(l.dirty[0] & 0xffffu, dirty);
    if (w0 != ANY) {
        EQ(l.data[0], w0);
    }
    if (w1 != ANY) {
        EQ(l.data[1], w1);
    }
    if (s->rtl) { /* the same way of the RTL's state */
        const hlrc_l1_line_t* g = &rtl_l1st(s, j)->line[i];
        EQ(g->tag, l.tag);
        EQ(g->st, st_);
        EQ(g->fresh, fresh);
        EQ(g->dirty[0] & 0xffffu, dirty);
        if (w0 != ANY) {
            EQ(g->data[0], w0);
        }
        if (w1 != ANY) {
            EQ(g->data[1], w1);
        }
    }
}

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
    if (s->rtl) { /* the same way of the RTL's state */
        const int64_t i = hlrc_l2_find(s->l2[a % s->nb], a);
        const hlrc_l2_line_t* g = &rtl_l2st(s, (uint32_t)(a % s->nb))->line[i];
        EQ(g->tag, l.tag);
        EQ(g->st, st_);
        EQ(g->reg, reg);
        EQ(g->own, own);
        if (w0 != ANY) {
            EQ(g->data[0], w0);
        }
        if (w1 != ANY) {
            EQ(g->data[1], w1);
        }
    }
}

/* SM j's store buffer, ring head first: n lines. */
static void sb_is_(int ln, sys_t* s, uint32_t j, uint32_t n, ...) {
    s->st1->sel_all = 1;
    hlrc_l1_state_get(s->l1[j], s->st1);
    EQ(s->st1->sbcnt, n);
    va_list ap;
    va_start(ap, n);
    for (uint32_t k = 0; k < n; k++) {
        const unsigned x = va_arg(ap, unsigned);
        EQ(s->st1->sb[k], x);
        if (s->rtl) {
            EQ(rtl_l1st(s, j)->sb[k], x);
        }
    }
    va_end(ap);
    if (s->rtl) {
        EQ(rtl_l1st(s, j)->sbcnt, n);
    }
}

static hlrc_l1_state_t* l1st(sys_t* s, uint32_t j) {
    s->st1->sel_all = 1;
    hlrc_l1_state_get(s->l1[j], s->st1);
    return s->st1;
}

static hlrc_l1_stats_t c1(sys_t* s, uint32_t j) {
    hlrc_l1_stats_t x;
    hlrc_l1_stats(s->l1[j], &x);
    return x;
}
static hlrc_l2_stats_t c2(sys_t* s, uint32_t b) {
    hlrc_l2_stats_t x;
    hlrc_l2_stats(s->l2[b], &x);
    return x;
}

/* The last core response of SM j: kind, word w's value; and the number of responses so far. */
static void rsp_is_(int ln, sys_t* s, uint32_t j, uint32_t nrsp, uint32_t kind, uint32_t w,
                    uint32_t v) {
    EQ(s->nrsp[j], nrsp);
    EQ(s->last[j].kind, kind);
    EQ(s->last[j].data[w], v);
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

/* Every row of the space-separated list (L1 rows C/M/B/X/V/S, bank rows G/W/R/A/K/N/Q/D; an
 * "L2:" prefix for the bank's S rows) was counted by some L1 or the bank: the "Rows:" line of a
 * golden test (hlrc.md section 9). */
static void rows_hit(const sys_t* s, const char* list) {
    char buf[512];
    (void)snprintf(buf, sizeof buf, "%s", list);
    for (char* t = strtok(buf, " "); t != NULL; t = strtok(NULL, " ")) {
        uint64_t n = 0;
        bool known = false;
        for (uint32_t r = 0; r < HLRC_L1_T_N && strncmp(t, "L2:", 3) != 0; r++) {
            if (strcmp(hlrc_l1_trans_id((hlrc_l1_trans_t)r), t) == 0) {
                known = true;
                for (uint32_t j = 0; j < s->nsm; j++) {
                    n += hlrc_l1_cov(s->l1[j])[r];
                }
            }
        }
        const char* t2 = strncmp(t, "L2:", 3) == 0 ? t + 3 : t;
        for (uint32_t r = 0; r < HLRC_L2_T_N && !known; r++) {
            if (strcmp(hlrc_l2_trans_id((hlrc_l2_trans_t)r), t2) == 0) {
                known = true;
                for (uint32_t b = 0; b < s->nb; b++) {
                    n += hlrc_l2_cov(s->l2[b])[r];
                }
            }
        }
        if (!known || n == 0u) {
            fail_msg("row %s %s", t, known ? "not counted" : "unknown");
        }
    }
}

/* The cover points of the space-separated list were counted (L1 names, or "L2:" bank names). */
static void points_hit(const sys_t* s, const char* list) {
    char buf[512];
    (void)snprintf(buf, sizeof buf, "%s", list);
    for (char* t = strtok(buf, " "); t != NULL; t = strtok(NULL, " ")) {
        uint64_t n = 0;
        bool known = false;
        if (strncmp(t, "L2:", 3) == 0) {
            for (uint32_t f = 0; f < HLRC_L2_F_N; f++) {
                if (strcmp(hlrc_l2_fcov_name((hlrc_l2_fcov_t)f), t + 3) == 0) {
                    known = true;
                    for (uint32_t b = 0; b < s->nb; b++) {
                        n += hlrc_l2_fcov(s->l2[b])[f];
                    }
                }
            }
        } else {
            for (uint32_t f = 0; f < HLRC_L1_F_N; f++) {
                if (strcmp(hlrc_l1_fcov_name((hlrc_l1_fcov_t)f), t) == 0) {
                    known = true;
                    for (uint32_t j = 0; j < s->nsm; j++) {
                        n += hlrc_l1_fcov(s->l1[j])[f];
                    }
                }
            }
        }
        if (!known || n == 0u) {
            fail_msg("cover point %s %s", t, known ? "not counted" : "unknown");
        }
    }
}

static bool G_rtl; /* the test's variant: C alone, or C and RTL in lockstep */

static void open_golden(uint32_t l2_ways, uint32_t sb_idle, uint32_t nb, uint32_t scoped) {
    hlrc_desc_t d = golden_desc(l2_ways, sb_idle, nb);
    d.scoped = scoped;
    S = malloc(sizeof *S);
    assert_non_null(S);
    sys_open(S, &d, NSM, G_rtl);
}

static int setup_c(void** state) {
    (void)state;
    G_rtl = false;
    return 0;
}

static int setup_rtl(void** state) {
    (void)state;
    G_rtl = true;
    return 0;
}

/* The end of a test: on RTL the summary line and the compares' verdict (every mismatch fails the
 * test, also one after the last assertion). */
static int teardown(void** state) {
    (void)state;
    if (S != NULL) {
        sys_t* s = S;
        S = NULL;
        const bool rtl = s->rtl;
        sys_close(s);
        const uint32_t mm = s->mismatches;
        if (rtl) {
            printf("  RTL in lockstep: %llu edges, %llu compares, %u mismatches\n",
                   (unsigned long long)s->now, (unsigned long long)s->compares, mm);
        }
        free(s);
        if (rtl && mm != 0u) {
            print_error("the RTL differed from the C model %u times (listed above)\n", mm);
            return -1; /* the test fails (also on a difference after its last assertion) */
        }
    }
    return 0;
}

/*--- descriptors, reset, illegal inputs -------------------------------------------------------*/

/*--- T1: G1, message passing through a registered flag ----------------------------------------*/

static void test_t1(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    ld(S, 1, D_); /* 1 */
    run(S);
    l1_is(S, 1, D_, HLRC_L1_V, 0, 0, 0, ANY);
    bank_is(S, D_, HLRC_L2_V, 0, 0, 0, ANY);
    rsp_is(S, 1, 1, HLRC_CRSP_LOAD, 0, 0);
    assert_int_equal(c1(S, 1).l1_load_misses, 1);
    uint32_t mk = S->nlog;
    st(S, 0, D_, 0, 42); /* 2 */
    run(S);
    l1_is(S, 0, D_, HLRC_L1_I, 0, 0x000f, 42, ANY);
    sb_is(S, 0, 1, D_);
    assert_int_equal(S->nlog, mk);
    rel(S, 0, X_, 0, 1); /* 3 */
    run(S);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    l1_is(S, 0, D_, HLRC_L1_I, 0, 0x000f, 42, ANY);
    sb_is(S, 0, 2, D_, X_);
    assert_int_equal(l1st(S, 0)->rgv, 0);
    bank_is(S, X_, HLRC_L2_V, 1, 0, 0, ANY);
    assert_int_equal(c2(S, 0).grants, 1);
    assert_int_equal(c1(S, 0).atomic_in, 1);
    mk = S->nlog;
    acq(S, 1, X_, 0, false); /* 4 */
    run(S);
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 0, D_, HLRC_L1_I, 0, 0, ANY, ANY);
    sb_is(S, 0, 0);
    assert_int_equal(l1st(S, 0)->wtp, 0);
    l1_is(S, 1, X_, HLRC_L1_R, 1, 0, 1, ANY);
    l1_is(S, 1, D_, HLRC_L1_I, 0, 0, ANY, ANY);
    bank_is(S, D_, HLRC_L2_D, 0, 0, 42, ANY);
    bank_is(S, X_, HLRC_L2_D, 1, 1, 1, ANY);
    hlrc_l2_state_t* b = calloc(1, sizeof *b);
    b->sel_all = 1;
    hlrc_l2_state_get(S->l2[0], b);
    assert_int_equal(b->rvv, 0);
    free(b);
    rsp_is(S, 1, 2, HLRC_CRSP_LOAD, 0, 1);
    assert_int_equal(c2(S, 0).revokes, 1);
    assert_int_equal(c2(S, 0).grants, 2);
    assert_int_equal(c1(S, 0).atomic_out, 1);
    assert_int_equal(c1(S, 1).atomic_in, 1);
    assert_int_equal(c1(S, 1).l1_invalidations, 1);
    assert_int_equal(c1(S, 0).revoke_flushes, 1);
    assert_int_equal(c1(S, 0).r_line_wts, 1);
    /* messages: REG, REVOKE, WT(d, 000F, 42), WT(x, 000F, 1), RACK, GRANT(x, w0=1) */
    assert_int_equal(nmsg(S, mk, HLRC_MSG_WT, 0), 2);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->line, D_);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->mask, 0x000f);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->w[0], 42);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 1)->line, X_);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_REVOKE, 0)->dst, 1);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_RACK, 0)->src, 0);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_GRANT, 0)->dst, 2);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_GRANT, 0)->w[0], 1);
    /* RACK only after both ACKs (order 2) */
    assert_true(msg_at(S, mk, HLRC_MSG_RACK, 0)->at > msg_at(S, mk, HLRC_MSG_ACK, 1)->at);
    ld(S, 1, D_); /* 5 */
    run(S);
    l1_is(S, 1, D_, HLRC_L1_V, 0, 0, 42, ANY);
    rsp_is(S, 1, 3, HLRC_CRSP_LOAD, 0, 42);
    mk = S->nlog;
    acq(S, 1, X_, 0, false); /* 6 */
    run(S);
    rsp_is(S, 1, 4, HLRC_CRSP_LOAD, 0, 1);
    assert_int_equal(c1(S, 1).l1_sync_hits, 1);
    assert_int_equal(S->nlog, mk);
    rows_hit(S, "C05 C09 C10 C16 M01 M05 M06 M08 B01 B07 X01 G01 G03 N01 N02 R01 R03 W01 K01");
}

/*--- T2: G5 and G6 steps 1-4 ------------------------------------------------------------------*/

static void test_t2(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    add(S, 0, Q_, 0, 1); /* 1 */
    run(S);
    l1_is(S, 0, Q_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 1, Q_);
    bank_is(S, Q_, HLRC_L2_V, 1, 0, ANY, ANY);
    rsp_is(S, 0, 1, HLRC_CRSP_ATOMIC, 0, 0);
    assert_int_equal(c1(S, 0).atomic_in, 1);
    ld(S, 0, V_); /* 2 */
    run(S);
    l1_is(S, 0, V_, HLRC_L1_V, 0, 0, ANY, ANY);
    bank_is(S, V_, HLRC_L2_V, 0, 0, ANY, ANY);
    uint32_t mk = S->nlog;
    add(S, 0, Q_, 0, 1); /* 3 */
    run(S);
    assert_int_equal(S->nlog, mk);
    l1_is(S, 0, Q_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    sb_is(S, 0, 1, Q_);
    rsp_is(S, 0, 3, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(c1(S, 0).l1_sync_hits, 1);
    ld(S, 0, V_); /* 4 */
    run(S);
    assert_int_equal(c1(S, 0).l1_load_hits, 1);
    add(S, 1, Q_, 0, 1); /* 5 */
    run(S);
    l1_is(S, 0, Q_, HLRC_L1_I, 0, 0, ANY, ANY);
    sb_is(S, 0, 0);
    l1_is(S, 0, V_, HLRC_L1_V, 0, 0, ANY, ANY);
    l1_is(S, 1, Q_, HLRC_L1_R, 1, 0x000f, 3, ANY);
    sb_is(S, 1, 1, Q_);
    bank_is(S, Q_, HLRC_L2_D, 1, 1, 2, ANY);
    rsp_is(S, 1, 1, HLRC_CRSP_ATOMIC, 0, 2);
    assert_int_equal(c1(S, 0).atomic_out, 1);
    assert_int_equal(c1(S, 1).atomic_in, 1);
    assert_int_equal(c2(S, 0).revokes, 1);
    add(S, 1, Q_, 0, 1); /* 6 */
    run(S);
    l1_is(S, 1, Q_, HLRC_L1_R, 1, 0x000f, 4, ANY);
    rsp_is(S, 1, 2, HLRC_CRSP_ATOMIC, 0, 3);
    assert_int_equal(c1(S, 1).l1_sync_hits, 1);
    add(S, 0, Q_, 0, 1); /* 7 */
    run(S);
    l1_is(S, 1, Q_, HLRC_L1_I, 0, 0, ANY, ANY);
    sb_is(S, 1, 0);
    l1_is(S, 0, Q_, HLRC_L1_R, 1, 0x000f, 5, ANY);
    sb_is(S, 0, 1, Q_);
    l1_is(S, 0, V_, HLRC_L1_I, 0, 0, ANY, ANY);
    bank_is(S, Q_, HLRC_L2_D, 1, 0, 4, ANY);
    rsp_is(S, 0, 5, HLRC_CRSP_ATOMIC, 0, 4);
    assert_int_equal(c1(S, 1).atomic_out, 1);
    assert_int_equal(c1(S, 0).atomic_in, 2);
    assert_int_equal(c2(S, 0).revokes, 2);
    assert_int_equal(c1(S, 0).l1_invalidations, 1);
    rows_hit(S, "C01 C05 C12 C16 M01 M05 M06 M08 B01 B07 X01 G03 N01 N02 R01 R03 W01 K01");
}

/*--- T3: G7 and G9 ----------------------------------------------------------------------------*/

static void test_t3(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    ld(S, 0, V_);
    run(S);
    l1_is(S, 0, V_, HLRC_L1_V, 0, 0, ANY, ANY);
    rel(S, 0, X_, 0, 1);
    run(S);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 1, X_);
    l1_is(S, 0, V_, HLRC_L1_I, 0, 0, ANY, ANY);
    bank_is(S, X_, HLRC_L2_V, 1, 0, 0, ANY);
    assert_int_equal(c1(S, 0).atomic_in, 1);
    assert_int_equal(c1(S, 0).l1_invalidations, 1);
    rel(S, 1, X_, 0, 2);
    run(S);
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
    sb_is(S, 0, 0);
    l1_is(S, 1, X_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    sb_is(S, 1, 1, X_);
    bank_is(S, X_, HLRC_L2_D, 1, 1, 1, ANY);
    assert_int_equal(c1(S, 0).atomic_out, 1);
    assert_int_equal(c1(S, 1).atomic_in, 1);
    assert_int_equal(c1(S, 0).revoke_flushes, 1);
    rows_hit(S, "C05 C16 M01 M05 M06 M08 B01 B07 X01 G03 N01 N02 R01 R03 R06 W01 K01");
}

/*--- T4 (L2Ways = 2): G8, the R-cap recall ----------------------------------------------------*/

static void test_t4(void** state) {
    (void)state;
    open_golden(2u, 65535u, 1u, 0u);
    add(S, 0, X_, 0, 1);
    run(S);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    bank_is(S, X_, HLRC_L2_V, 1, 0, ANY, ANY);
    assert_int_equal(hlrc_l2_find(S->l2[0], X_), 2 * 2 + 0);
    rsp_is(S, 0, 1, HLRC_CRSP_ATOMIC, 0, 0);
    ld(S, 2, A_);
    run(S);
    l1_is(S, 2, A_, HLRC_L1_V, 0, 0, ANY, ANY);
    bank_is(S, A_, HLRC_L2_V, 0, 0, ANY, ANY);
    add(S, 1, B_, 0, 1);
    run(S);
    assert_true(hlrc_l2_find(S->l2[0], A_) < 0); /* D01 */
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
    sb_is(S, 0, 0);
    assert_int_equal(c1(S, 0).atomic_out, 1);
    assert_int_equal(c2(S, 0).recalls, 1);
    bank_is(S, X_, HLRC_L2_D, 0, 0, 1, ANY);
    bank_is(S, B_, HLRC_L2_V, 1, 1, 0, ANY);
    l1_is(S, 1, B_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    assert_int_equal(c1(S, 1).atomic_in, 1);
    hlrc_l2_state_t* b = calloc(1, sizeof *b);
    b->sel_all = 1;
    hlrc_l2_state_get(S->l2[0], b);
    assert_int_equal(b->qpri, 0);
    free(b);
    add(S, 0, X_, 0, 1);
    run(S);
    l1_is(S, 1, B_, HLRC_L1_I, 0, 0, ANY, ANY);
    bank_is(S, B_, HLRC_L2_D, 0, 0, 1, ANY);
    bank_is(S, X_, HLRC_L2_D, 1, 0, 1, ANY);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    rsp_is(S, 0, 2, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(c1(S, 0).atomic_in, 2);
    assert_int_equal(c2(S, 0).recalls, 2);
    rows_hit(S, "C05 C16 M01 M05 M06 M08 B01 B07 X01 G03 N01 N02 R01 R02 R06 D01 W01 K01");
    points_hit(S, "L2:RECALL L2:RACK_OF_RECALL L2:RCAP_REACHED");
}

/*--- T5: G10 (false sharing) and G12 (RMW atomicity) ------------------------------------------*/

static void test_t5(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    add(S, 0, L_, 0, 1);
    run(S);
    l1_is(S, 0, L_, HLRC_L1_R, 1, 0x000f, 1, 0);
    bank_is(S, L_, HLRC_L2_V, 1, 0, ANY, ANY);
    add(S, 1, L_, 1, 1);
    run(S);
    l1_is(S, 0, L_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 1, L_, HLRC_L1_R, 1, 0x00f0, 1, 1);
    rsp_is(S, 1, 1, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(S->last[1].data[1], 0);
    bank_is(S, L_, HLRC_L2_D, 1, 1, 1, 0);
    uint32_t mk = S->nlog;
    add(S, 0, L_, 0, 1);
    run(S);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->mask, 0x00f0);
    l1_is(S, 1, L_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 0, L_, HLRC_L1_R, 1, 0x000f, 2, 1);
    rsp_is(S, 0, 2, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(S->last[0].data[1], 1);
    bank_is(S, L_, HLRC_L2_D, 1, 0, 1, 1);
    add(S, 1, L_, 1, 1);
    run(S);
    l1_is(S, 0, L_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 1, L_, HLRC_L1_R, 1, 0x00f0, 2, 2);
    rsp_is(S, 1, 2, HLRC_CRSP_ATOMIC, 0, 2);
    bank_is(S, L_, HLRC_L2_D, 1, 1, 2, 1);
    assert_int_equal(c2(S, 0).revokes, 3);
    assert_int_equal(c1(S, 0).atomic_in, 2);
    assert_int_equal(c1(S, 1).atomic_in, 2);
    assert_int_equal(c1(S, 0).atomic_out, 2);
    assert_int_equal(c1(S, 1).atomic_out, 1);
    /* 5: three SMs, two ADDs each; each SM's second issued when its first answers */
    add(S, 0, Z_, 0, 1);
    add(S, 1, Z_, 0, 1);
    add(S, 2, Z_, 0, 1);
    uint32_t seen = 0, got[NSM][2], n[NSM] = {0, 0, 0}, base[NSM];
    for (uint32_t j = 0; j < NSM; j++) {
        base[j] = S->nrsp[j];
    }
    for (uint32_t k = 0; k < 3000u && seen < 6u; k++) {
        tick(S);
        for (uint32_t j = 0; j < NSM; j++) {
            if (S->nrsp[j] - base[j] > n[j]) {
                got[j][n[j]++] = S->last[j].data[0];
                seen++;
                if (n[j] == 1u) {
                    add(S, j, Z_, 0, 1);
                }
            }
        }
    }
    run(S);
    assert_int_equal(seen, 6);
    uint32_t perm = 0;
    for (uint32_t j = 0; j < NSM; j++) {
        perm |= (1u << got[j][0]) | (1u << got[j][1]);
    }
    assert_int_equal(perm, 0x3f); /* a permutation of 0..5 (G12) */
    assert_int_equal(got[0][0], 0);
    assert_int_equal(got[1][0], 1);
    assert_int_equal(got[2][0], 2);
    assert_int_equal(got[0][1], 3);
    assert_int_equal(got[1][1], 4);
    assert_int_equal(got[2][1], 5);
    l1_is(S, 2, Z_, HLRC_L1_R, 1, 0x000f, 6, ANY);
    bank_is(S, Z_, HLRC_L2_D, 1, 2, 5, ANY);
    assert_int_equal(c2(S, 0).revokes, 8);
    add(S, 0, L_, 1, 0); /* 6 */
    add(S, 0, Z_, 0, 0);
    run(S);
    /* The page's T5 step 6 writes "L0[L] = R f 00F0" after both accesses; by L6 the GRANT of z
     * (the second access) clears L's fresh (the INV keeps only the granted line's): fresh 0. */
    l1_is(S, 0, L_, HLRC_L1_R, 0, 0x00f0, 2, 2);
    l1_is(S, 0, Z_, HLRC_L1_R, 1, 0x000f, 6, ANY);
    rsp_is(S, 0, 6, HLRC_CRSP_ATOMIC, 0, 6);
    bank_is(S, L_, HLRC_L2_D, 1, 0, 2, 2);
    bank_is(S, Z_, HLRC_L2_D, 1, 0, 6, ANY);
    rows_hit(S, "C16 M05 M06 M08 B01 B07 X01 N02 R01 R03 R06 W01 K01");
}

/*--- T6: G11, data accesses to a registered line ----------------------------------------------*/

static void test_t6(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    add(S, 0, L_, 0, 1);
    run(S);
    sb_is(S, 0, 1, L_);
    ld(S, 0, L_); /* 2: C04, the bypass */
    run(S);
    l1_is(S, 0, L_, HLRC_L1_R, 1, 0x000f, 1, 0);
    rsp_is(S, 0, 2, HLRC_CRSP_LOAD, 0, 1);
    assert_int_equal(c2(S, 0).revokes, 0);
    uint32_t mk = S->nlog;
    st(S, 0, L_, 1, 7); /* 3: C06 */
    run(S);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->mask, 0x00f0);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->w[1], 7);
    l1_is(S, 0, L_, HLRC_L1_R, 1, 0x000f, 1, 7);
    assert_int_equal(l1st(S, 0)->wtp, 0);
    bank_is(S, L_, HLRC_L2_D, 1, 0, 0, 7);
    ld(S, 2, L_); /* 4 */
    run(S);
    l1_is(S, 2, L_, HLRC_L1_V, 0, 0, 0, 7);
    rsp_is(S, 2, 1, HLRC_CRSP_LOAD, 1, 7);
    mk = S->nlog;
    add(S, 1, L_, 0, 1); /* 5 */
    run(S);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->mask, 0x000f);
    assert_int_equal(c1(S, 0).r_line_wts, 1);
    bank_is(S, L_, HLRC_L2_D, 1, 1, 1, 7);
    l1_is(S, 0, L_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 1, L_, HLRC_L1_R, 1, 0x000f, 2, 7);
    l1_is(S, 2, L_, HLRC_L1_V, 0, 0, 0, 7);
    rsp_is(S, 1, 1, HLRC_CRSP_ATOMIC, 1, 7);
    rows_hit(S, "C04 C05 C06 C16 M01 M03 M05 M06 M08 B01 B07 X01 G01 N02 R01 R03 R06 W01 K01");
    points_hit(S, "BYPASS_LOAD BYPASS_STORE L2:GETS_REG_LINE L2:WT_REG_LINE");
}

/*--- T7: D11, the refresh ---------------------------------------------------------------------*/

static void test_t7(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    add(S, 0, L_, 0, 1);
    run(S);
    st(S, 1, L_, 1, 5);
    run(S);
    l1_is(S, 1, L_, HLRC_L1_I, 0, 0x00f0, ANY, 5);
    sb_is(S, 1, 1, L_);
    rel(S, 1, Y_, 0, 1);
    run(S);
    l1_is(S, 1, Y_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 1, 2, L_, Y_);
    acq(S, 0, Y_, 0, false); /* 4 */
    run(S);
    bank_is(S, L_, HLRC_L2_D, 1, 0, 0, 5);
    l1_is(S, 0, Y_, HLRC_L1_R, 1, 0, 1, ANY);
    l1_is(S, 0, L_, HLRC_L1_R, 0, 0x000f, 1, 0);
    rsp_is(S, 0, 2, HLRC_CRSP_LOAD, 0, 1);
    add(S, 0, L_, 1, 10); /* 5: C13, then C12 */
    run(S);
    assert_int_equal(c1(S, 0).refreshes, 1);
    l1_is(S, 0, L_, HLRC_L1_R, 1, 0x00ff, 1, 15);
    rsp_is(S, 0, 3, HLRC_CRSP_ATOMIC, 1, 5);
    assert_int_equal(S->last[0].data[0], 1);
    rows_hit(S, "C09 C12 C13 C16 M03 M05 M06 M08 B01 B07 X01 G01 N02 R01 R03 R06 W01 K01");
    points_hit(S, "REFRESH GRANT_KEEPS_R");
}

/*--- T8: the crossing of an EVICT and a REVOKE ------------------------------------------------*/

static void test_t8(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    add(S, 0, X_, 0, 1);
    run(S);
    add(S, 0, A_, 0, 1);
    run(S);
    l1_is(S, 0, A_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    l1_is(S, 0, X_, HLRC_L1_R, 0, 0x000f, 1, ANY);
    sb_is(S, 0, 2, X_, A_);
    S->hold[NET_WB] = true; /* 3 */
    ld(S, 0, B_);
    run(S);
    l1_is(S, 0, B_, HLRC_L1_V, 0, 0, ANY, ANY);
    sb_is(S, 0, 0);
    assert_int_equal(c1(S, 0).atomic_out, 1);
    assert_int_equal(l1st(S, 0)->evs, 4);
    assert_int_equal(l1st(S, 0)->evl, X_);
    bank_is(S, X_, HLRC_L2_D, 1, 0, 1, ANY);
    add(S, 1, X_, 0, 1); /* 4 */
    run(S);
    assert_int_equal(l1st(S, 0)->rvcnt, 0);
    assert_int_equal(c1(S, 0).atomic_out, 1); /* the RACK was for a line not R here */
    assert_int_equal(S->net[0][NET_WB].n, 2);
    assert_int_equal(S->net[0][NET_WB].e[0].m.kind, HLRC_MSG_EVICT);
    assert_int_equal(S->net[0][NET_WB].e[1].m.kind, HLRC_MSG_RACK);
    /* a stray RACK of another line from the same SM, ahead of the held ones: K02 (I5), the
     * revocation of x still waits (K01 needs the line, hlrc_l2 mutant 03) */
    mq_t* wb = &S->net[0][NET_WB];
    memmove(&wb->e[1], &wb->e[0], wb->n * sizeof wb->e[0]);
    wb->n++;
    wb->e[0].m.line = Y_;
    wb->e[0].m.kind = HLRC_MSG_RACK;
    S->hold[NET_WB] = false; /* 5 */
    run(S);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 1);
    bank_is(S, X_, HLRC_L2_D, 1, 1, 1, ANY);
    l1_is(S, 1, X_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    rsp_is(S, 1, 1, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(c1(S, 1).atomic_in, 1);
    assert_int_equal(l1st(S, 0)->evs, 0);
    assert_int_equal(hlrc_l1_errors(S->l1[0]), 0);
    rows_hit(S,
             "C05 C16 M01 M05 M06 M08 M09 B01 B07 V02 X01 X02 G03 N01 N02 R01 R03 R06 W01 K01 K03");
    points_hit(S, "RACK_NOT_HELD EVICT_THEN_REVOKE VIC_R_W0 L2:EVICT_CROSSED L2:RACK_UNREGISTERED");
}

/*--- T9 (hlrc-scoped): the steal at GPU scope, the bank-path fields, B2 ---------------------*/

static void test_t9(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 1u);
    add(S, 0, Q_, 0, 1); /* 1: CTA scope */
    run(S);
    l1_is(S, 0, Q_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 1, Q_);
    bank_is(S, Q_, HLRC_L2_V, 1, 0, ANY, ANY);
    uint32_t mk = S->nlog;
    atom(S, 1, Q_, 0, HLRC_AOP_CAS, 1u, 7u, true); /* 2 */
    run(S);
    const logent_t* e = msg_at(S, mk, HLRC_MSG_ATOMIC, 0);
    assert_int_equal(e->line, Q_);
    assert_int_equal(e->src, 1);
    assert_int_equal(e->wf + e->word, 0);
    assert_int_equal(e->aop, HLRC_AOP_CAS);
    assert_int_equal(e->bmask, 0xf);
    assert_int_equal(e->a, 1);
    assert_int_equal(e->b, 7);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_REVOKE, ANY), 1);
    l1_is(S, 0, Q_, HLRC_L1_I, 0, 0, ANY, ANY);
    bank_is(S, Q_, HLRC_L2_D, 0, 0, 7, ANY);
    rsp_is(S, 1, 1, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(c2(S, 0).l2_atomics, 1);
    assert_int_equal(l1st(S, 1)->agv, 0);
    atom(S, 1, Q_, 0, HLRC_AOP_CAS, 1u, 9u, true); /* 3 */
    run(S);
    bank_is(S, Q_, HLRC_L2_D, 0, 0, 7, ANY);
    rsp_is(S, 1, 2, HLRC_CRSP_ATOMIC, 0, 7);
    mk = S->nlog;
    hlrc_core_req_t r = rq(HLRC_OP_STORE, Q_); /* 4: release ST q.1, mask 0030 */
    r.rel = r.gpu = true;
    r.word = 1u;
    r.data[1] = 0x0000beefu;
    r.mask[0] = 0x0030u;
    core(S, 1, &r);
    run(S);
    e = msg_at(S, mk, HLRC_MSG_ATOMIC, 0);
    assert_int_equal(e->word, 1);
    assert_int_equal(e->aop, HLRC_AOP_EXCH);
    assert_int_equal(e->bmask, 0x3);
    assert_int_equal(e->a, 0x0000beefu);
    assert_int_equal(e->b, 0);
    bank_is(S, Q_, HLRC_L2_D, 0, 0, 7, 0x0000beefu);
    assert_int_equal(S->nrsp[1], 2); /* no core response for a store */
    st(S, 1, Q_, 2, 6);              /* 5 */
    run(S);
    l1_is(S, 1, Q_, HLRC_L1_I, 0, 0x0f00, ANY, ANY);
    sb_is(S, 1, 1, Q_);
    mk = S->nlog;
    acq(S, 1, Q_, 2, true); /* 6: B2, the pre-flush of an acquire LOAD */
    run(S);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->mask, 0x0f00);
    e = msg_at(S, mk, HLRC_MSG_ATOMIC, 0);
    assert_int_equal(e->word, 2);
    assert_int_equal(e->aop, HLRC_AOP_NONE);
    assert_int_equal(e->bmask + e->a + e->b, 0);
    assert_true(e->at > msg_at(S, mk, HLRC_MSG_ACK, 0)->at);
    rsp_is(S, 1, 3, HLRC_CRSP_LOAD, 2, 6);
    assert_int_equal(S->last[1].data[1], 0x0000beefu);
    l1_is(S, 1, Q_, HLRC_L1_I, 0, 0, ANY, ANY);
    sb_is(S, 1, 0);
    rows_hit(S, "C09 C16 C20 C22 M05 M06 M07 M08 B01 B07 X01 N02 R01 R06 W01 A01 A02 K01");
    points_hit(S, "PREFLUSH_ACQ_LOAD L2_ATOMIC_STORE L2_ATOMIC_LOAD L2:CAS_FAIL_L2 L2:EXCH_PARTIAL "
                  "L2:REVOKE_FOR_ATOMIC");
}

/*--- T10 (hlrc-scoped): the own-return; R04 / A03 driven directly ----------------------------*/

static void present_sync(uint32_t kind, uint32_t src) {
    hlrc_msg_t m;
    memset(&m, 0, sizeof m);
    m.valid = true;
    m.kind = kind;
    m.src = src;
    m.line = X_;
    m.aop = HLRC_AOP_ADD;
    m.bmask = 0xfu;
    m.a = 1u;
    mq_push(&S->net[0][NET_SYNC], &m, S->now);
}

static void test_t10(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 1u);
    add(S, 0, X_, 0, 1); /* 1 */
    run(S);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    S->delay[NET_WB][0] = 4u; /* 2 */
    uint32_t mk = S->nlog;
    atom(S, 0, X_, 0, HLRC_AOP_ADD, 1u, 0u, true);
    run(S);
    assert_true(msg_at(S, mk, HLRC_MSG_EVICT, 0)->at > msg_at(S, mk, HLRC_MSG_ACK, 0)->at);
    assert_true(msg_at(S, mk, HLRC_MSG_ATOMIC, 0)->at > msg_at(S, mk, HLRC_MSG_EACK, 0)->at);
    assert_true(c1(S, 0).stall[S08_ - 1] > 0u); /* F64: C22 waits for the EACK */
    bank_is(S, X_, HLRC_L2_D, 0, 0, 2, ANY);
    rsp_is(S, 0, 2, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(c1(S, 0).atomic_out, 1);
    assert_int_equal(c2(S, 0).l2_atomics, 1);
    assert_int_equal(l1st(S, 0)->evs, 0);
    S->sink = 1u << 2; /* 3: the test takes SM2's answers */
    mk = S->nlog;
    present_sync(HLRC_MSG_REG, 2u);
    run(S);
    present_sync(HLRC_MSG_REG, 2u);
    run(S);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_GRANT, ANY), 2);
    bank_is(S, X_, HLRC_L2_D, 1, 2, 2, ANY);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 1);
    present_sync(HLRC_MSG_ATOMIC, 2u); /* 4 */
    run(S);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_ATOM, 0)->dst, 4);
    bank_is(S, X_, HLRC_L2_D, 0, 0, 3, ANY);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 2);
    rows_hit(S, "C16 C18 C20 C22 M05 M06 M07 M09 B01 B07 X02 N02 R01 R04 R06 W01 A01 A03 K03");
    points_hit(S, "OWN_RETURN S08_ON_C22");
}

/*--- T11 (both variants, SbIdle = 64): the idle drain ----------------------------------------*/

static void t11(uint32_t scoped) {
    open_golden(4u, 64u, 1u, scoped);
    st(S, 0, D_, 0, 42); /* 1 */
    add(S, 0, X_, 0, 1);
    run(S);
    l1_is(S, 0, D_, HLRC_L1_I, 0, 0x000f, 42, ANY);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 2, D_, X_);
    uint32_t mk = S->nlog;
    st(S, 1, Y_, 0, 3); /* 2 */
    st(S, 1, V_, 0, 4);
    st(S, 1, Z_, 0, 5);
    run(S);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->line, Y_);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_WT, ANY), 1);
    sb_is(S, 1, 3, Y_, V_, Z_);
    l1_is(S, 1, V_, HLRC_L1_I, 0, 0x000f, 4, ANY);
    l1_is(S, 1, Z_, HLRC_L1_I, 0, 0x000f, 5, ANY);
    mk = S->nlog;
    edges(S, 70); /* 3 */
    run(S);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_WT, 0), 2);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_WT, 1), 2);
    assert_int_equal(c1(S, 0).r_line_wts, 1);
    for (uint32_t j = 0; j < NSM; j++) {
        assert_true(hlrc_l1_out(S->l1[j])->drained);
    }
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0, 1, ANY);
    bank_is(S, D_, HLRC_L2_D, 0, 0, 42, ANY);
    bank_is(S, X_, HLRC_L2_D, 1, 0, 1, ANY);
    bank_is(S, Y_, HLRC_L2_D, 0, 0, 3, ANY);
    bank_is(S, V_, HLRC_L2_D, 0, 0, 4, ANY);
    bank_is(S, Z_, HLRC_L2_D, 0, 0, 5, ANY);
    ld(S, 2, A_); /* 4 */
    run(S);
    l1_is(S, 2, A_, HLRC_L1_V, 0, 0, ANY, ANY);
    fence(S, 2, true);
    run(S);
    assert_int_equal(hlrc_l1_out(S->l1[2])->fence_done & 1u, 1);
    l1_is(S, 2, A_, scoped ? HLRC_L1_I : HLRC_L1_V, 0, 0, ANY, ANY);
    assert_int_equal(c1(S, 2).store_buffer_flushes, scoped);
    rows_hit(S, scoped ? "C05 C09 C16 C24 V01 M01 M06 B03 B04 B07 N01 N02 R01 R06 W01 W03"
                       : "C05 C09 C16 C23 V01 M01 M06 B03 B04 N01 N02 R01 R06 W01 W03");
}

static void test_t11_hlrc(void** state) {
    (void)state;
    t11(0u);
}

static void test_t11_scoped(void** state) {
    (void)state;
    t11(1u);
}

/*--- T13 (hlrc, SbIdle = 64): B1, the requester's own write-throughs -------------------------*/

static void test_t13(void** state) {
    (void)state;
    open_golden(4u, 64u, 1u, 0u);
    st(S, 0, X_, 0, 5); /* 1 */
    run(S);
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0x000f, 5, ANY);
    sb_is(S, 0, 1, X_);
    S->delay[NET_REQ][0] = 10u; /* 2 */
    uint32_t mk = S->nlog;
    for (uint32_t k = 0; k < 100u && nmsg(S, mk, HLRC_MSG_WT, 0) == 0u; k++) {
        tick(S);
    }
    S->delay[NET_REQ][0] = 0u;
    sb_is(S, 0, 0);
    assert_int_equal(l1st(S, 0)->wtp, 1);
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
    add(S, 0, X_, 0, 1); /* 3: in the edge after the pop */
    run(S);
    assert_true(c1(S, 0).stall[S13_ - 1] > 0u);
    assert_true(msg_at(S, mk, HLRC_MSG_REG, 0)->at > msg_at(S, mk, HLRC_MSG_ACK, 0)->at);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_GRANT, 0)->w[0], 5);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 6, ANY);
    sb_is(S, 0, 1, X_);
    rsp_is(S, 0, 1, HLRC_CRSP_ATOMIC, 0, 5);
    st(S, 0, Z_, 1, 8); /* 4 */
    run(S);
    l1_is(S, 0, Z_, HLRC_L1_I, 0, 0x00f0, ANY, 8);
    sb_is(S, 0, 2, X_, Z_);
    add(S, 1, X_, 0, 1); /* 5 */
    tick(S);
    add(S, 0, Z_, 0, 1);
    run(S);
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 1, X_, HLRC_L1_R, 1, 0x000f, 7, ANY);
    l1_is(S, 0, Z_, HLRC_L1_R, 1, 0x00ff, 1, 8);
    sb_is(S, 0, 1, Z_);
    rsp_is(S, 0, 2, HLRC_CRSP_ATOMIC, 0, 0);
    assert_int_equal(S->last[0].data[1], 8);
    rsp_is(S, 1, 1, HLRC_CRSP_ATOMIC, 0, 6);
    /* the page's Rows line also names R05: not reached here at zero latency (REG(z) waits
     * behind REG(x)'s revocation until after z's fill), nor in T13b */
    rows_hit(S, "C09 C16 M05 M06 M08 B01 B03 B07 X01 N02 R01 R03 W01 W03 K01 S13");
    points_hit(S, "REG_WAITS_WT POP_RGI_REPUSH GRANT_MERGE_DIRTY");
}

/*--- T14 (hlrc, SbIdle = 64): M2, a batch begun in an edge with an idle pop -------------------*/

static void test_t14(void** state) {
    (void)state;
    open_golden(4u, 64u, 1u, 0u);
    add(S, 0, X_, 0, 1); /* 1 */
    run(S);
    edges(S, 70);
    run(S);
    assert_int_equal(c1(S, 0).r_line_wts, 1);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0, 1, ANY);
    sb_is(S, 0, 0);
    bank_is(S, X_, HLRC_L2_D, 1, 0, 1, ANY);
    st(S, 0, D_, 0, 4); /* 2 */
    run(S);
    l1_is(S, 0, D_, HLRC_L1_I, 0, 0x000f, 4, ANY);
    sb_is(S, 0, 1, D_);
    /* 3: SM1's request is taken at edge t0; REVOKE reaches SM0 at t0 + 4 (C16 at t0 + 1, the
     * bank's push at t0 + 2, R03 at t0 + 3), the edge whose idle_q must be SbIdle = 64 */
    while (l1st(S, 0)->idle < 60u) {
        tick(S);
    }
    add(S, 1, X_, 0, 1);
    const uint32_t mk = S->nlog;
    for (uint32_t k = 0; k < 5u; k++) {
        tick(S);
        assert_int_equal(l1st(S, 0)->rvcnt, k == 4u ? 1u : 0u);
    }
    hlrc_l1_state_t* x = l1st(S, 0);
    assert_int_equal(x->batch, 1);
    assert_int_equal(x->fl, 0); /* F60: fl := sbcnt_d after the pop */
    assert_int_equal(x->sbcnt, 0);
    assert_int_equal(x->wtp, 1);
    assert_int_equal(x->rvp[0], 2);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->line, D_);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_WT, 0)->at, S->now - 1u);
    run(S);
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 1, X_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    bank_is(S, D_, HLRC_L2_D, 0, 0, 4, ANY);
    rows_hit(S, "C09 C16 M05 M06 M08 B03 B07 X01 N02 R01 R03 R06 W01 W03 K01");
    points_hit(S, "BATCH_START_WITH_POP IDLE_DRAIN POP_R_LINE");
}

/*--- T15 (hlrc, L2Ways = 2): M1, a REG whose fetched line a data miss would evict -------------*/

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

/* run(), appending "ROW:qpri " to out after every edge in which bank 0 counts one of rows. */
static void run_trace(sys_t* s, const hlrc_l2_trans_t* rows, uint32_t n, char* out, size_t len) {
    uint64_t prev[8];
    assert_true(n <= 8u);
    for (uint32_t k = 0; k < n; k++) {
        prev[k] = hlrc_l2_cov(s->l2[0])[rows[k]];
    }
    out[0] = '\0';
    uint32_t calm = 0;
    for (uint32_t e = 0; e < 3000u && calm < 4u; e++) {
        tick(s);
        for (uint32_t k = 0; k < n; k++) {
            const uint64_t c = hlrc_l2_cov(s->l2[0])[rows[k]];
            if (c != prev[k]) {
                const size_t at = strlen(out);
                (void)snprintf(out + at, len - at, "%s:%u ", hlrc_l2_trans_id(rows[k]),
                               l2_qpri(s, 0));
                prev[k] = c;
            }
        }
        calm = s->quiet_now && !in_flight(s) ? calm + 1u : 0u;
    }
    assert_int_equal(calm, 4);
}

static void test_t15(void** state) {
    (void)state;
    open_golden(2u, 65535u, 1u, 0u);
    add(S, 0, X_, 0, 1); /* 1 */
    run(S);
    bank_is(S, X_, HLRC_L2_V, 1, 0, ANY, ANY);
    assert_int_equal(hlrc_l2_find(S->l2[0], X_), 4);
    const uint32_t mk = S->nlog;
    add(S, 1, A_, 0, 1); /* 2 */
    tick(S);
    ld(S, 2, B_);
    /* the page's qpri checks: after the first N02 1 by the fill rule, after K01 1 */
    const hlrc_l2_trans_t rows[] = {HLRC_L2_T_R06, HLRC_L2_T_N02, HLRC_L2_T_R02,
                                    HLRC_L2_T_G03, HLRC_L2_T_K01, HLRC_L2_T_R01};
    char tr[256];
    run_trace(S, rows, 6u, tr, sizeof tr);
    assert_string_equal(tr, "R06:0 N02:1 R02:0 G03:1 K01:1 R06:0 N02:1 R01:0 ");
    /* M1: after a's fill the sync head goes first (qpri 1): R02 before G03(b) takes a's way */
    assert_true(msg_at(S, mk, HLRC_MSG_REVOKE, 0)->at < msg_at(S, mk, HLRC_MSG_DATA, 0)->at);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_DATA, 0)->line, B_);
    bank_is(S, X_, HLRC_L2_D, 0, 0, 1, ANY);
    bank_is(S, A_, HLRC_L2_V, 1, 1, 0, ANY);
    assert_true(hlrc_l2_find(S->l2[0], B_) < 0);
    l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
    l1_is(S, 1, A_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    l1_is(S, 2, B_, HLRC_L1_V, 0, 0, ANY, ANY);
    assert_int_equal(c2(S, 0).recalls, 1);
    assert_int_equal(c2(S, 0).fetches, 4); /* x, a, b, a again: the bound of E1 (c) */
    rows_hit(S, "C05 C16 M01 M05 M06 M08 B01 B07 X01 G03 N01 N02 R01 R02 R06 D01 W01 K01");
    points_hit(S, "L2:SYNC_FIRST_AFTER_FILL L2:FILL_FOR_SYNC_HEAD L2:SYNC_REFETCH L2:RECALL");
}

/*--- T12 (hlrc): rows the system's traffic reaches rarely ------------------------------------*/

static void t12_steps_1_3(void) {
    add(S, 0, L_, 0, 1); /* 1 */
    run(S);
    l1_is(S, 0, L_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 1, L_);
    S->delay[NET_REQ][0] = 6u; /* 2 */
    ld(S, 0, L_);
    add(S, 0, Y_, 0, 1);
    run(S);
    S->delay[NET_REQ][0] = 0u;
    hlrc_l1_line_t l;
    hlrc_l1_line_get(S->l1[0], (uint32_t)hlrc_l1_find(S->l1[0], L_), &l);
    assert_int_equal(l.pend + l.stale, 0);
    l1_is(S, 0, L_, HLRC_L1_R, 0, 0x000f, 1, ANY); /* M04: nothing installed */
    l1_is(S, 0, Y_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 2, L_, Y_);
    assert_int_equal(S->nrsp[0], 3); /* ADD L, ADD y, then the LOAD (M04) */
    assert_int_equal(S->last[0].kind, HLRC_CRSP_LOAD);
    assert_int_equal(S->last[0].data[0], 1);
    add(S, 0, A_, 0, 1); /* 3 */
    add(S, 0, C_, 0, 1);
    run(S);
    l1_is(S, 0, A_, HLRC_L1_R, 0, 0x000f, 1, ANY);
    l1_is(S, 0, C_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 4, L_, Y_, A_, C_);
}

static void test_t12(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    t12_steps_1_3();
    S->hold[NET_WB] = true; /* 4 */
    S->delay[NET_REQ][0] = 10u;
    uint32_t mk = S->nlog;
    ld(S, 0, B_);
    for (uint32_t k = 0; k < 200u && nmsg(S, mk, HLRC_MSG_GETS, 0) == 0u; k++) {
        tick(S);
    }
    S->hold[NET_REQ] = true; /* the GETS(b) stays in the network until step 6 */
    assert_int_equal(nmsg(S, mk, HLRC_MSG_WT, 0), 4);
    assert_int_equal(c1(S, 0).r_line_wts, 4);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_EVICT, 0)->line, A_);
    l1_is(S, 0, B_, HLRC_L1_I, 0, 0, ANY, ANY);
    assert_int_equal(l1st(S, 0)->evs, 4);
    sb_is(S, 0, 0);
    assert_int_equal(c1(S, 0).atomic_out, 1);
    const uint64_t s10 = c1(S, 0).stall[S10_ - 1];
    add(S, 0, X_, 0, 1); /* 5: S10 */
    edges(S, 6);
    assert_true(c1(S, 0).stall[S10_ - 1] >= s10 + 4u);
    assert_int_equal(l1st(S, 0)->fcnt, 1);
    /* 6: req first, then wb. Delivered in the same edge, the EACK would reach SM0 before DATA(b)
     * and the waiting head would evict c (L7 rule 3, evs 0): the page's outcome needs DATA(b)
     * first (see the report). */
    S->hold[NET_REQ] = false;
    S->delay[NET_REQ][0] = 0u;
    run(S);
    S->hold[NET_WB] = false;
    run(S);
    bank_is(S, A_, HLRC_L2_D, 0, 0, 1, ANY);
    assert_int_equal(l1st(S, 0)->evs, 0);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    l1_is(S, 0, C_, HLRC_L1_R, 0, 0, 1, ANY); /* flushed by step 4's batch; INV of GRANT(x) */
    l1_is(S, 0, B_, HLRC_L1_I, 0, 0, ANY, ANY);
    hlrc_msg_t rv; /* 7: REVOKE(x) to SM2 in two consecutive edges */
    memset(&rv, 0, sizeof rv);
    rv.valid = true;
    rv.kind = HLRC_MSG_REVOKE;
    rv.dst = 4u;
    rv.line = X_;
    mq_push(&S->rsp[2], &rv, S->now);
    mq_push(&S->rsp[2], &rv, S->now + 1u);
    tick(S);
    assert_int_equal(l1st(S, 2)->rvcnt, 1);
    assert_int_equal(l1st(S, 2)->batch, 1);
    tick(S);
    assert_int_equal(hlrc_l1_errors(S->l1[2]), 1);
    run(S);
    assert_int_equal(l1st(S, 2)->rvcnt, 0);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 1); /* K02 */
    rows_hit(S, "C04 C05 C16 M01 M04 M06 M08 M09 M10 B01 B07 V02 X01 X02 G01 G03 N01 N02 R01 R06 "
                "K02 K03 S10");
    points_hit(S, "DATA_AFTER_GRANT GRANT_STALES_GETS VIC_R_W0");
}

/*--- T13b (hlrc, NumBanks = 2): the cycle of V3 -----------------------------------------------*/

static void test_t13b(void** state) {
    (void)state;
    open_golden(4u, 64u, 2u, 0u);
    const uint64_t w_ = 3u;
    S->delay[NET_REQ][0] = 20u;
    add(S, 0, X_, 0, 1); /* (1) */
    add(S, 1, w_, 0, 1);
    run(S);
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    l1_is(S, 1, w_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    st(S, 0, w_, 1, 8); /* (2) */
    run(S);
    l1_is(S, 0, w_, HLRC_L1_I, 0, 0x00f0, ANY, 8);
    sb_is(S, 0, 2, X_, w_);
    const uint32_t mk = S->nlog;
    add(S, 1, X_, 0, 1); /* (3) in one edge */
    add(S, 0, w_, 0, 1);
    run(S);
    /* bank 1 granted w before SM0's delayed WT(w) arrived (sent at t, arrives at t + 21) */
    const logent_t* g = msg_at(S, mk, HLRC_MSG_GRANT, 0);
    if (g->line != w_) {
        g = msg_at(S, mk, HLRC_MSG_GRANT, 1);
    }
    assert_int_equal(g->line, w_);
    assert_int_equal(g->w[1], 0);
    uint64_t wt_w = 0;
    for (uint32_t k = mk; k < S->nlog; k++) {
        if (S->log[k].kind == HLRC_MSG_WT && S->log[k].line == w_ && S->log[k].src == 0u) {
            wt_w = S->log[k].at;
            break;
        }
    }
    assert_true(g->at < wt_w + 21u);
    l1_is(S, 0, w_, HLRC_L1_R, 1, 0x00ff, 2, 8);
    l1_is(S, 1, X_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    rsp_is(S, 0, 2, HLRC_CRSP_ATOMIC, 0, 1);
    assert_int_equal(S->last[0].data[1], 8);
    rsp_is(S, 1, 2, HLRC_CRSP_ATOMIC, 0, 1);
}

/*--- choices-2026-11-29, the C model's must-change rows ---------------------------------------*/

/*--- T16 (hlrc): a REG must not overtake its own line's EVICT (hlrc.md section 11 item 3) -----*/

/* The edge of the first message of kind on line a from SM src after mark mk (UINT64_MAX: none). */
static uint64_t first_at(const sys_t* s, uint32_t mk, uint32_t kind, uint32_t src, uint64_t a) {
    for (uint32_t k = mk; k < s->nlog; k++) {
        if (s->log[k].kind == kind && s->log[k].src == src && s->log[k].line == a) {
            return s->log[k].at;
        }
    }
    return UINT64_MAX;
}

/* SM0 holds x and a R (set 2, both ways). SM1's ADD a revokes a at SM0 (M08: a batch, a leaving);
 * SM0's LOAD b misses in the full set while the batch runs: V02 picks x (a is leaving), x joins
 * the next batch (evs 1), the LOAD waits (S02: both ways leaving). The first batch ends, the
 * second (x's, nothing to flush) begins at once (B08); its end sets evs 3 in the edge X01 sends
 * RACK(a) and frees a's way, and in that edge the LOAD b allocates it (L7 rule 1: the head that
 * began x's eviction allocated another way) and leaves. The next head, SM0's ADD x (hLRC path),
 * is tried first in the next edge, the edge X02 sends EVICT(x) (evs_q 3, x's way I in step (b)):
 * the head finds x not R, and C16 would send REG(x) now. L11 (3): S08 holds it, in that edge and
 * until the EACK (evs 4). wb is 3 edges slower than sync: a REG sent with the EVICT would reach
 * the bank first (R04, then K03 unregisters SM0 while it holds x R: V1 broken). */
static void test_t16(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    add(S, 0, X_, 0, 1); /* 1 */
    run(S);
    add(S, 0, A_, 0, 1);
    run(S);
    l1_is(S, 0, X_, HLRC_L1_R, 0, 0x000f, 1, ANY);
    l1_is(S, 0, A_, HLRC_L1_R, 1, 0x000f, 1, ANY);
    sb_is(S, 0, 2, X_, A_);
    bank_is(S, X_, HLRC_L2_V, 1, 0, ANY, ANY);
    bank_is(S, A_, HLRC_L2_V, 1, 0, ANY, ANY);
    S->delay[NET_WB][0] = 3u; /* 2: sync (0 edges) faster than wb (3) */
    const uint32_t mk = S->nlog;
    const uint64_t s08 = c1(S, 0).stall[S08_ - 1];
    add(S, 1, A_, 0, 1);
    uint32_t k = 0;
    for (; k < 50u && l1st(S, 0)->rvcnt == 0u; k++) {
        tick(S); /* until REVOKE(a) reaches SM0 (M08) */
    }
    assert_int_equal(l1st(S, 0)->rvcnt, 1);
    assert_int_equal(l1st(S, 0)->batch, 1);
    ld(S, 0, B_); /* 3 */
    add(S, 0, X_, 0, 1);
    tick(S);
    tick(S);
    assert_int_equal(l1st(S, 0)->evs, 1); /* V02: x waits for the next batch */
    assert_int_equal(l1st(S, 0)->evi, (uint32_t)hlrc_l1_find(S->l1[0], X_));
    /* 4: edge by edge until X02 sends EVICT(x): in that very edge the head stalls on S08 */
    uint64_t t_evict = UINT64_MAX;
    for (k = 0; k < 100u && t_evict == UINT64_MAX; k++) {
        const uint64_t before = c1(S, 0).stall[S08_ - 1];
        tick(S);
        t_evict = first_at(S, mk, HLRC_MSG_EVICT, 0u, X_);
        if (t_evict != UINT64_MAX) {
            assert_int_equal(c1(S, 0).stall[S08_ - 1], before + 1u);
            assert_int_equal(first_at(S, mk, HLRC_MSG_REG, 0u, X_), UINT64_MAX);
            assert_int_equal(l1st(S, 0)->evs, 4);
            assert_int_equal(l1st(S, 0)->evl, X_);
            l1_is(S, 0, X_, HLRC_L1_I, 0, 0, ANY, ANY);
            assert_int_equal(S->ncreq[0], 0);
            assert_int_equal(l1st(S, 0)->fcnt, 1); /* the ADD x is the head */
        }
    }
    assert_true(t_evict != UINT64_MAX);
    run(S);
    const uint64_t t_rack = first_at(S, mk, HLRC_MSG_RACK, 0u, A_);
    const uint64_t t_gets = first_at(S, mk, HLRC_MSG_GETS, 0u, B_);
    const uint64_t t_data = first_at(S, mk, HLRC_MSG_DATA, 0u, B_);
    const uint64_t t_eack = first_at(S, mk, HLRC_MSG_EACK, 0u, X_);
    const uint64_t t_reg = first_at(S, mk, HLRC_MSG_REG, 0u, X_);
    assert_true(t_rack != UINT64_MAX && t_gets != UINT64_MAX && t_data != UINT64_MAX);
    assert_true(t_eack != UINT64_MAX && t_reg != UINT64_MAX);
    assert_int_equal(t_gets, t_rack);       /* the LOAD took a's way in the X01 edge */
    assert_int_equal(t_evict, t_rack + 1u); /* X02 the edge after X01 */
    /* the EVICT reaches the bank 4 edges later (wb delay 3), K03's EACK the next edge, SM0 the
     * edge after that (M09); REG(x) leaves in the next head edge */
    assert_int_equal(t_eack, t_evict + 5u);
    assert_int_equal(t_reg, t_eack + 2u);
    /* S08 in every head edge from the X02 edge to the EACK's arrival: t_evict .. t_eack but the
     * edge DATA(b) arrives in (M01: a message edge evaluates no head) */
    assert_true(t_data + 1u > t_evict && t_data + 1u <= t_eack);
    assert_int_equal(c1(S, 0).stall[S08_ - 1] - s08, t_eack + 1u - t_evict - 1u);
    assert_int_equal(c1(S, 0).stall[S08_ - 1] - s08, 5);
    assert_true(c1(S, 0).stall[2 - 1] > 0u); /* S02: the LOAD b while both ways were leaving */
    assert_int_equal(hlrc_l2_cov(S->l2[0])[HLRC_L2_T_R04], 0);
    assert_int_equal(hlrc_l2_cov(S->l2[0])[HLRC_L2_T_K04], 0);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 0);
    for (uint32_t j = 0; j < NSM; j++) {
        assert_int_equal(hlrc_l1_errors(S->l1[j]), 0);
    }
    l1_is(S, 0, X_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    l1_is(S, 0, B_, HLRC_L1_I, 0, 0, ANY, ANY); /* V, then dropped by GRANT(x)'s INV (L6) */
    l1_is(S, 1, A_, HLRC_L1_R, 1, 0x000f, 2, ANY);
    bank_is(S, X_, HLRC_L2_D, 1, 0, 1, ANY);
    bank_is(S, A_, HLRC_L2_D, 1, 1, 1, ANY);
    rsp_is(S, 0, 4, HLRC_CRSP_ATOMIC, 0, 1);
    rows_hit(S, "C05 C16 M01 M05 M06 M08 M09 B01 B07 B08 V02 X01 X02 G03 N01 N02 R01 R03 W01 K01 "
                "K03 S02 S08");
}

/*--- T17 (hlrc): cover points and bank rows the system's traffic cannot reach --------------*/

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

/* hlrc_l1 F66 (a release STORE of an empty byte set in its word, through REG / GRANT), and the
 * bank's answers to requests no legal L1 sends (hlrc_l2.md section 10, I4, I5, I7), given to the
 * bank's FIFOs by the test with SM2's answers taken by the test (SM2's L1 never asked): R04 (a
 * second REG of the owner), K04 (an EVICT from a non-owner), K02 (a RACK no revocation waits
 * for), A03 (an ATOMIC of the owner). (F49 and the bank's F65, a release STORE with a partial
 * byte mask at GPU scope, are T9's step 4; R04 / A03 also T10's steps 3-4, K02 T8's and T12's.) */
static void test_t17(void** state) {
    (void)state;
    open_golden(4u, 65535u, 1u, 0u);
    hlrc_core_req_t r = rq(HLRC_OP_STORE, Y_); /* 1: release ST y.0 with mask 0000 */
    r.rel = true;
    r.data[0] = 0x55u;
    core(S, 0, &r);
    run(S);
    l1_is(S, 0, Y_, HLRC_L1_R, 1, 0, 0, ANY); /* nothing written, nothing pushed */
    sb_is(S, 0, 0);
    bank_is(S, Y_, HLRC_L2_V, 1, 0, 0, ANY);
    assert_int_equal(hlrc_l1_fcov(S->l1[0])[HLRC_L1_F_GRANT_EMPTY_STORE], 1);
    assert_int_equal(S->nrsp[0], 0);
    S->sink = 1u << 2; /* 2: REG(z) from SM2: R01 */
    uint32_t mk = S->nlog;
    hlrc_msg_t m = bank_msg(HLRC_MSG_REG, 2u, Z_);
    present(NET_SYNC, &m);
    run(S);
    bank_is(S, Z_, HLRC_L2_V, 1, 2, 0, ANY);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_GRANT, ANY), 1);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 0);
    present(NET_SYNC, &m); /* 3: again: R04, GRANT, own kept, I4 */
    run(S);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_GRANT, ANY), 2);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_GRANT, 1)->dst, 4);
    bank_is(S, Z_, HLRC_L2_V, 1, 2, 0, ANY);
    assert_int_equal(hlrc_l2_cov(S->l2[0])[HLRC_L2_T_R04], 1);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 1);
    S->sink |= 1u << 1; /* 4: EVICT(z) from SM1, not the owner: K04, EACK only, I7 */
    m = bank_msg(HLRC_MSG_EVICT, 1u, Z_);
    present(NET_WB, &m);
    run(S);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_EACK, ANY), 1);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_EACK, 0)->dst, 2);
    bank_is(S, Z_, HLRC_L2_V, 1, 2, 0, ANY);
    assert_int_equal(hlrc_l2_cov(S->l2[0])[HLRC_L2_T_K04], 1);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 2);
    m = bank_msg(HLRC_MSG_RACK, 1u, Z_); /* 5: RACK(z) from SM1, no revocation: K02, I5 */
    const uint32_t n5 = S->nlog;
    present(NET_WB, &m);
    run(S);
    assert_int_equal(S->nlog, n5);
    bank_is(S, Z_, HLRC_L2_V, 1, 2, 0, ANY);
    assert_int_equal(hlrc_l2_cov(S->l2[0])[HLRC_L2_T_K02], 1);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 3);
    m = bank_msg(HLRC_MSG_ATOMIC, 2u, Z_); /* 6: ATOMIC ADD z.0 1 from SM2, the owner: A03 */
    m.aop = HLRC_AOP_ADD;
    m.bmask = 0xfu;
    m.a = 1u;
    present(NET_SYNC, &m);
    run(S);
    assert_int_equal(nmsg(S, mk, HLRC_MSG_ATOM, ANY), 1);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_ATOM, 0)->dst, 4);
    assert_int_equal(msg_at(S, mk, HLRC_MSG_ATOM, 0)->w[0], 0);
    bank_is(S, Z_, HLRC_L2_D, 0, 0, 1, ANY);
    assert_int_equal(hlrc_l2_cov(S->l2[0])[HLRC_L2_T_A03], 1);
    assert_int_equal(hlrc_l2_errors(S->l2[0]), 4);
    for (uint32_t j = 0; j < NSM; j++) {
        assert_int_equal(hlrc_l1_errors(S->l1[j]), 0);
    }
    rows_hit(S, "C16 M06 R01 R04 R06 N02 K02 K04 A03 A01");
    points_hit(S, "GRANT_EMPTY_STORE");
}

/*--- main -------------------------------------------------------------------------------------*/

#define BOTH(t)                                                                                    \
    {#t "_c", test_##t, setup_c, teardown, NULL}, {                                                \
#t "_rtl", test_##t, setup_rtl, teardown, NULL                                             \
    }

int main(void) {
    const struct CMUnitTest tests[] = {
        BOTH(t1),   BOTH(t2),  BOTH(t3),  BOTH(t4),       BOTH(t5),         BOTH(t6),  BOTH(t7),
        BOTH(t8),   BOTH(t9),  BOTH(t10), BOTH(t11_hlrc), BOTH(t11_scoped), BOTH(t12), BOTH(t13),
        BOTH(t13b), BOTH(t14), BOTH(t15), BOTH(t16),      BOTH(t17),
    };
    const char* f = getenv("HLRC_GOLDEN_FILTER");
    if (f != NULL && *f != '\0') {
        cmocka_set_test_filter(f);
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
