/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_denovo_golden.c -- directed golden tests of DeNovo (DeNovo-D, DeNovo-D+RO, DeNovo-H;
 * docs/units/denovo/denovo.md, denovo_l1.md, denovo_l2.md) on the C models and on the Verilated
 * RTL: seed 002's worked examples (../shared/reference/notes/seed002-denovo.md section 5) and the
 * canonical DeNovo sequences where section 5 is thin:
 *   T1  G8 + G6 + ownership transfer (DD): two stores to two lines, a GPU fence: one REG per
 *       dirty line (REGD, DONE, DACK), the words R at the writer and its id in the registry's
 *       slots; a second SM reads a registered line (GETS, one DATA multicast to the reader and
 *       the owner, PDATA from the owner: the extra hop); a third SM registers one of the words
 *       (REGD naming the previous owner, XFER owner -> new owner, the old owner's word I), the
 *       reader's stale V copy survives until its acquire, after which its next read is served
 *       by two owners (two PDATAs);
 *   T2  G5 + G7 (DD): an SM reads a line it partly owns (its own words counted, M01), an
 *       acquire keeps R and invalidates V (INV), a third line in the set evicts the line with R
 *       words (V01: WB, WBACK, the registry's slot back to data, the registry line D), the
 *       registry evicts it to DRAM (X02) for the new line, a second store to the word registers
 *       it again (the second ownership request of G5);
 *   T3  G7 under DD+RO and DD: a load with the read-only bit fills VO (DD+RO) or V (DD), an
 *       acquire keeps VO and R and invalidates V; a store to a VO word makes it V (D11);
 *   T4  G1 + G2 + G3 + D6 (DD): a synchronization atomic registers its word (sync REG) and is
 *       performed in the L1, a second atomic of the SM hits with no message; two other SMs race
 *       for the word: the registry serves both at once in arrival order (the distributed
 *       queue), the middle SM's transfer is queued in its MSHR until its own registration and
 *       both of its wavefronts' atomics are done (L16), then handed on (XFER); a read of the
 *       word meanwhile waits at the registry on the busy word (D6) until the last owner's DONE
 *       (the middle SM's DONE, its slot moved on, leaves busy set), then is forwarded to it;
 *   T5  D9 (DD): a registry set full of registered lines: a read of a third line recalls the
 *       registered words (RECALL, recall WB without WBACK) and the line goes to DRAM (X02);
 *   T6  DeNovo-H: a CTA atomic on a valid word in the L1 without registration (C19), a CTA fence
 *       that completes at once and invalidates nothing (C20), a CTA acquire load that hits
 *       without invalidation (C01), then a GPU fence registers the word (REG) and invalidates;
 *   T8  the two registry inputs the system's random traffic does not present (denovo_l2.md
 *       section 8: B02, F63), given to the bank's FIFOs by the test: a REG of a word its
 *       requester already owns (illegal input I4: R01 leaves it out, F63, one protocol error /
 *       I4_RegOwned_A) and a write-back for a line the registry does not hold (B02: nothing but
 *       the WBACK); the answers are held from their L1s, which never asked for them;
 *   T7  message passing (DD, and DH at GPU scope; notes section 6.2 L1, D13): data registered by
 *       the release's fence, the flag by the release store's sync REG (C14, C13); the acquire
 *       load registers the flag (C08: REGD, XFER) and reads it (C07); the data read is forwarded
 *       to its owner and sees the new value; a second acquire load hits the registered flag
 *       with no message and invalidates the data's V copy (G1, G12 global).
 *
 * The test is a tiny system: three denovo_l1 (SM 0..2) and one denovo_l2 registry bank, all C
 * models or all RTL. The test plays the four networks with zero latency: a message an L1 sends
 * on req or wb after edge k is presented to the bank's FIFO at edge k+1 with src = the SM (held
 * in a queue while the FIFO's ready is 0); a bank rsp after edge k is copied to a queue of every
 * SM named in dst; a peer message after edge k to the queue of its dst SM with src = the sender.
 * An L1 is given at most one message an edge, the peer queue's head first, only when its ready
 * was 1 (denovo.md section 3). The DRAM answers a fetch seen after edge k at edge k+1 with the
 * image memw(line, w); a DRAM write-back updates the image. Deliveries of rsp to an SM can be
 * held (to build a race).
 *
 * Every expected value is written here by hand from the unit pages and the headers, never taken
 * from a model. Readings where the pages leave a choice (each is marked "reading" where used):
 *   R1  An allocation keeps the way's data (denovo_l1.md L7: "data unchanged"): a never used way
 *       holds 0 (reset), so words not installed read 0, and a reused way keeps its old data.
 *   R2  The message fields a kind does not name are 0 (denovo.md section 3), data outside the
 *       message's words 0 (denovo_l1.md R7); a GETS, DONE, WBACK, DACK carries mask 0 but DONE
 *       (its mask) and no data.
 *   R3  Within one edge several peer messages are logged in the order of their senders' SM ids.
 *
 * Geometry: NumSm 3, NumWf 4, NumBanks 1, LineBytes 16 (LW 4), AddrWidth 16, L1 4 sets x 2
 * ways, L1Queue 2, SbEntries 4, SbIdle 64, Mshrs 2, WbEntries 1, L2 4 sets x 2 ways, L2Mshrs
 * 4, L2Queue 2, WbQueue 2. L1 and registry set = line mod 4, tag = line >> 2.
 *
 * Every scenario reports every mismatch (scenario, variant, step, field, expected, got) and
 * fails at its end. DENOVO_GOLDEN_FILTER (a cmocka filter such as "*_c") selects tests.
 * GPUCOH_ROOT must point at the repository for the RTL runs.
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

#include "denovo_l1.h"
#include "denovo_l2.h"
#include "denovo_types.h"
#include "denovo_units.h"
#include "rtl_load.h"
#include "unit.h"

#define NSM    3u
#define QMAX   32u
#define LOGMAX 64u
#define NLINE  4096u
#define SETS   4u
#define WAYS   2u
#define LW     4u

/* line addresses (set = line mod 4, tag = line >> 2) */
#define X_ 0x010u /* set 0 */
#define Z_ 0x014u /* set 0 */
#define A_ 0x018u /* set 0 */
#define Y_ 0x021u /* set 1 */
#define S_ 0x022u /* set 2: a synchronization variable */
#define R_ 0x023u /* set 3: read-only data */
#define F_ 0x025u /* set 1: a flag */

#define MW(w) (0xFu << (4u * (w))) /* byte mask of word w */

enum { N_REQ = 0, N_WB = 1, N_RSP = 2, N_PEER = 3, NNET = 4 };
static const char* const net_name[NNET] = {"req", "wb", "rsp", "peer"};

static uint32_t memw(uint32_t line, uint32_t w) {
    return 0xD0000000u | (line << 8) | w;
}

typedef struct {
    uint32_t w[LW];
} w4_t;

static w4_t w4(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    const w4_t r = {{a, b, c, d}};
    return r;
}
static w4_t m4(uint32_t line) {
    return w4(memw(line, 0), memw(line, 1), memw(line, 2), memw(line, 3));
}
static const w4_t Z4 = {{0, 0, 0, 0}};
static w4_t with(w4_t a, uint32_t w, uint32_t v) {
    a.w[w] = v;
    return a;
}

typedef struct {
    uint64_t cyc;  /* the edge after which it was sent */
    uint32_t from; /* req, wb, peer: the sending SM */
    denovo_msg_t m;
} mlog_t;

typedef struct {
    denovo_msg_t q[QMAX];
    uint32_t n;
} mq_t;

typedef struct {
    const char* scen;
    const char* step;
    bool rtl;
    denovo_variant_t var;
    denovo_sys_desc_t sd;
    denovo_l1_t* c1[NSM];
    denovo_l2_t* c2;
    gpucoh_rtl_t r1, r2;
    void* h1[NSM];
    void* h2;
    denovo_l1_state_t* st1;
    denovo_l2_state_t* st2;
    denovo_l1_out_t o1[NSM];
    denovo_l2_out_t o2;
    /* channels */
    denovo_core_req_t cq[NSM][QMAX];
    uint32_t cqn[NSM];
    mq_t breq, bwb;             /* into the bank's two FIFOs */
    mq_t rspq[NSM], peerq[NSM]; /* into each L1 */
    uint64_t fq[QMAX];
    uint32_t fqn;
    bool hold_rsp[NSM], hold_peer[NSM];
    uint32_t mem[NLINE][LW];
    /* per-step logs */
    mlog_t log[NNET][LOGMAX];
    uint32_t nlog[NNET];
    denovo_core_rsp_t crsp[NSM][LOGMAX];
    uint64_t crsp_cyc[NSM][LOGMAX];
    uint32_t ncrsp[NSM];
    uint64_t fetch[LOGMAX], wbl[LOGMAX];
    w4_t wbd[LOGMAX];
    uint32_t nfetch, nwb;
    bool busy;
    uint64_t cycle;
    uint32_t l2_err_exp; /* protocol errors the scenario presents (C; RTL: warnings, printed) */
    uint32_t fails;
    uint32_t checks, steps;
} sys_t;

static const char* const var_name[3] = {"DeNovo-D", "DeNovo-D+RO", "DeNovo-H"};

/* ---- checks ---------------------------------------------------------------------------------- */

static void ck(sys_t* s, int line, const char* what, uint64_t exp, uint64_t got) {
    s->checks++;
    if (exp == got)
        return;
    if (s->fails < 60)
        print_error("[%s %s] %s, step \"%s\" (test line %d): %s expected %llu (0x%llx) got %llu "
                    "(0x%llx) [cycle %llu]\n",
                    s->scen, s->rtl ? "RTL" : "C", var_name[s->var], s->step, line, what,
                    (unsigned long long)exp, (unsigned long long)exp, (unsigned long long)got,
                    (unsigned long long)got, (unsigned long long)s->cycle);
    s->fails++;
}
#define CK(s, what, exp, got) ck((s), __LINE__, (what), (uint64_t)(exp), (uint64_t)(got))

static void ckf(sys_t* s, int ln, const char* pre, const char* f, uint64_t exp, uint64_t got) {
    char what[192];
    snprintf(what, sizeof what, "%s %s", pre, f);
    ck(s, ln, what, exp, got);
}

static void ckw4(sys_t* s, int ln, const char* pre, w4_t exp, const uint32_t* got) {
    char f[32];
    for (uint32_t w = 0; w < LW; w++) {
        snprintf(f, sizeof f, "data word %u", w);
        ckf(s, ln, pre, f, exp.w[w], got[w]);
    }
    for (uint32_t w = LW; w < DENOVO_MAX_LINE_WORDS; w++)
        ckf(s, ln, pre, "data word >= LW", 0, got[w]);
}

/* ---- the system ------------------------------------------------------------------------------ */

static denovo_sys_desc_t gdesc(denovo_variant_t v) {
    denovo_sys_desc_t s = denovo_sys_config(v, false);
    s.d.num_sm = NSM;
    s.d.num_wf = 4;
    s.d.num_banks = 1;
    s.d.line_bytes = 16;
    s.d.addr_width = 16;
    s.d.l1_sets = SETS;
    s.d.l1_ways = WAYS;
    s.d.l1_queue = 2;
    s.d.sb_entries = 4;
    s.d.sb_idle = 64;
    s.d.mshrs = 2;
    s.d.wb_entries = 1;
    s.d.l2_sets = SETS;
    s.d.l2_ways = WAYS;
    s.d.l2_mshrs = 4;
    s.d.l2_queue = 2;
    s.d.wb_queue = 2;
    s.ro_lines = 0;
    return s;
}

static void load_rtl(const gpucoh_unit_t* u, const denovo_sys_desc_t* d, gpucoh_rtl_t* r) {
    gpucoh_pvals_t pv;
    denovo_pvals_from_desc(u, d, &pv);
    char err[1024];
    if (gpucoh_rtl_load(u, &pv, NULL, true, r, err, sizeof err) != 0)
        fail_msg("RTL build/load of %s failed: %s", u->name, err);
}

static void open_units(sys_t* s) {
    char err[512];
    if (s->rtl) {
        load_rtl(&unit_denovo_l1, &s->sd, &s->r1);
        load_rtl(&unit_denovo_l2, &s->sd, &s->r2);
        for (uint32_t j = 0; j < NSM; j++)
            s->h1[j] = s->r1.api->create();
        s->h2 = s->r2.api->create();
        return;
    }
    const denovo_l1_desc_t d1 = denovo_l1_desc_from(&s->sd.d);
    const size_t n1 = denovo_l1_size(&d1);
    assert_true(n1 > 0);
    for (uint32_t j = 0; j < NSM; j++) {
        s->c1[j] = denovo_l1_init(malloc(n1), n1, &d1, err, sizeof err);
        if (!s->c1[j])
            fail_msg("denovo_l1_init: %s", err);
    }
    const denovo_l2_desc_t d2 = denovo_l2_desc_from(&s->sd.d);
    const size_t n2 = denovo_l2_size(&d2);
    assert_true(n2 > 0);
    s->c2 = denovo_l2_init(malloc(n2), n2, &d2, err, sizeof err);
    if (!s->c2)
        fail_msg("denovo_l2_init: %s", err);
}

static void tick_rst(sys_t* s, bool rst_n);

static sys_t* sys_open(const char* scen, denovo_variant_t v, bool rtl) {
    sys_t* s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->scen = scen;
    s->step = "reset";
    s->rtl = rtl;
    s->var = v;
    s->sd = gdesc(v);
    char err[512];
    if (denovo_sys_check(&s->sd, err, sizeof err) != 0)
        fail_msg("%s: the descriptor is refused: %s", scen, err);
    for (uint32_t l = 0; l < NLINE; l++)
        for (uint32_t w = 0; w < LW; w++)
            s->mem[l][w] = memw(l, w);
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

static void sys_close(sys_t* s) {
    s->step = "end";
    for (uint32_t j = 0; j < NSM; j++) {
        if (!s->rtl)
            CK(s, "denovo_l1 protocol errors (L9, I1, I3)", 0, denovo_l1_errors(s->c1[j]));
        else
            CK(s, "denovo_l1 RTL assertion failures", 0, s->r1.api->errors(s->h1[j]));
    }
    if (!s->rtl) {
        CK(s, "denovo_l2 protocol errors (I1, I2, I4, I5)", s->l2_err_exp, denovo_l2_errors(s->c2));
        for (uint32_t j = 0; j < NSM; j++)
            free(s->c1[j]);
        free(s->c2);
    } else {
        /* errors() counts the error assertions; I4_RegOwned_A (T8) is a warning: printed */
        CK(s, "denovo_l2 RTL assertion failures", 0, s->r2.api->errors(s->h2));
        for (uint32_t j = 0; j < NSM; j++)
            s->r1.api->destroy(s->h1[j]);
        s->r2.api->destroy(s->h2);
        gpucoh_rtl_unload(&s->r1);
        gpucoh_rtl_unload(&s->r2);
    }
    const uint32_t fails = s->fails;
    const char* scen = s->scen;
    const bool rtl = s->rtl;
    const char* var = var_name[s->var];
    printf("  %s (%s, %s): %u steps, %u checks, %llu edges, %u mismatches\n", scen,
           rtl ? "RTL" : "C", var, s->steps, s->checks, (unsigned long long)s->cycle, fails);
    free(s->st1);
    free(s->st2);
    free(s);
    if (fails)
        fail_msg("%s (%s, %s): %u mismatches (listed above)", scen, rtl ? "RTL" : "C", var, fails);
}

static const denovo_l1_state_t* l1st(sys_t* s, uint32_t j) {
    memset(s->st1, 0, sizeof *s->st1);
    s->st1->sel_all = 1;
    if (!s->rtl)
        denovo_l1_state_get(s->c1[j], s->st1);
    else
        s->r1.api->state(s->h1[j], s->st1);
    return s->st1;
}

static const denovo_l2_state_t* l2st(sys_t* s) {
    memset(s->st2, 0, sizeof *s->st2);
    s->st2->sel_all = 1;
    if (!s->rtl)
        denovo_l2_state_get(s->c2, s->st2);
    else
        s->r2.api->state(s->h2, s->st2);
    return s->st2;
}

/* ---- one clock edge -------------------------------------------------------------------------- */

static void mq_push(mq_t* q, const denovo_msg_t* m) {
    assert_true(q->n < QMAX);
    q->q[q->n++] = *m;
}
static void mq_pop(mq_t* q) {
    memmove(q->q, q->q + 1, (q->n - 1) * sizeof q->q[0]);
    q->n--;
}

static void log_msg(sys_t* s, uint32_t net, uint32_t from, const denovo_msg_t* m) {
    assert_true(s->nlog[net] < LOGMAX);
    s->log[net][s->nlog[net]].cyc = s->cycle;
    s->log[net][s->nlog[net]].from = from;
    s->log[net][s->nlog[net]++].m = *m;
    s->busy = true;
}

/* what L1 j sent after this edge: logged (src 0 as output) and queued with src = j */
static void absorb_l1(sys_t* s, uint32_t j) {
    const denovo_l1_out_t* o = &s->o1[j];
    denovo_msg_t m;
    if (o->req.valid) {
        log_msg(s, N_REQ, j, &o->req);
        m = o->req;
        m.src = j;
        mq_push(&s->breq, &m);
    }
    if (o->wb.valid) {
        log_msg(s, N_WB, j, &o->wb);
        m = o->wb;
        m.src = j;
        mq_push(&s->bwb, &m);
    }
    if (o->peer.valid) {
        log_msg(s, N_PEER, j, &o->peer);
        m = o->peer;
        m.src = j;
        assert_true(m.dst < NSM);
        mq_push(&s->peerq[m.dst], &m);
    }
    if (o->crsp.valid) {
        assert_true(s->ncrsp[j] < LOGMAX);
        s->crsp_cyc[j][s->ncrsp[j]] = s->cycle;
        s->crsp[j][s->ncrsp[j]++] = o->crsp;
        s->busy = true;
    }
}

static void absorb_l2(sys_t* s) {
    const denovo_l2_out_t* o = &s->o2;
    if (o->rsp.valid) {
        log_msg(s, N_RSP, 0, &o->rsp);
        for (uint32_t j = 0; j < NSM; j++) {
            if (!(o->rsp.dst >> j & 1u))
                continue;
            denovo_msg_t m = o->rsp;
            m.dst = 1ull << j; /* a copy per destination (the L1 ignores dst) */
            mq_push(&s->rspq[j], &m);
        }
    }
    if (o->mreq.fetch) {
        assert_true(s->nfetch < LOGMAX && s->fqn < QMAX);
        s->fetch[s->nfetch++] = o->mreq.fetch_line;
        s->fq[s->fqn++] = o->mreq.fetch_line;
        s->busy = true;
    }
    if (o->mreq.wb) {
        assert_true(s->nwb < LOGMAX);
        s->wbl[s->nwb] = o->mreq.wb_line;
        memcpy(s->wbd[s->nwb++].w, o->mreq.wb_data, sizeof(w4_t));
        memcpy(s->mem[o->mreq.wb_line % NLINE], o->mreq.wb_data, sizeof(w4_t));
        s->busy = true;
    }
}

typedef struct {
    bool breq, bwb, fill;
    bool core[NSM];
    int msg[NSM]; /* -1 none, N_RSP, N_PEER */
} pops_t;

static void l2_inputs(sys_t* s, bool rst_n, denovo_l2_in_t* i2, pops_t* p) {
    memset(i2, 0, sizeof *i2);
    i2->rst_n = rst_n;
    if (!rst_n)
        return;
    if (s->breq.n && s->o2.req_ready) {
        i2->req = s->breq.q[0];
        p->breq = true;
    }
    if (s->bwb.n && s->o2.wb_ready) {
        i2->wb = s->bwb.q[0];
        p->bwb = true;
    }
    if (s->fqn) {
        i2->mem.valid = true;
        i2->mem.line = s->fq[0];
        memcpy(i2->mem.data, s->mem[s->fq[0] % NLINE], sizeof(w4_t));
        p->fill = true;
    }
}

static void l1_inputs(sys_t* s, bool rst_n, denovo_l1_in_t* i1, pops_t* p) {
    for (uint32_t j = 0; j < NSM; j++) {
        memset(&i1[j], 0, sizeof i1[j]);
        i1[j].rst_n = rst_n;
        i1[j].sm_id = j;
        p->msg[j] = -1;
        if (!rst_n)
            continue;
        if (s->cqn[j]) {
            i1[j].core = s->cq[j][0];
            p->core[j] = s->o1[j].core_ready;
        }
        if (s->peerq[j].n && !s->hold_peer[j] && s->o1[j].peer_ready) {
            i1[j].msg = s->peerq[j].q[0];
            p->msg[j] = N_PEER;
        } else if (s->rspq[j].n && !s->hold_rsp[j] && s->o1[j].rsp_ready) {
            i1[j].msg = s->rspq[j].q[0];
            p->msg[j] = N_RSP;
        }
    }
}

static void apply_pops(sys_t* s, const pops_t* p) {
    s->busy = p->breq || p->bwb || p->fill;
    if (p->breq)
        mq_pop(&s->breq);
    if (p->bwb)
        mq_pop(&s->bwb);
    if (p->fill) {
        memmove(s->fq, s->fq + 1, (s->fqn - 1) * sizeof s->fq[0]);
        s->fqn--;
    }
    for (uint32_t j = 0; j < NSM; j++) {
        if (p->core[j]) {
            memmove(s->cq[j], s->cq[j] + 1, (s->cqn[j] - 1) * sizeof s->cq[j][0]);
            s->cqn[j]--;
            s->busy = true;
        }
        if (p->msg[j] == N_PEER)
            mq_pop(&s->peerq[j]);
        if (p->msg[j] == N_RSP)
            mq_pop(&s->rspq[j]);
        if (p->msg[j] >= 0)
            s->busy = true;
    }
}

static void tick_rst(sys_t* s, bool rst_n) {
    denovo_l1_in_t i1[NSM];
    denovo_l2_in_t i2;
    pops_t p;
    memset(&p, 0, sizeof p);
    l2_inputs(s, rst_n, &i2, &p);
    l1_inputs(s, rst_n, i1, &p);
    uint64_t fd[NSM];
    bool dr[NSM];
    for (uint32_t j = 0; j < NSM; j++) {
        fd[j] = s->o1[j].fence_done;
        dr[j] = s->o1[j].drained;
        if (s->rtl)
            s->r1.api->tick(s->h1[j], &i1[j], &s->o1[j]);
        else
            denovo_l1_tick(s->c1[j], &i1[j], &s->o1[j]);
    }
    if (s->rtl)
        s->r2.api->tick(s->h2, &i2, &s->o2);
    else
        denovo_l2_tick(s->c2, &i2, &s->o2);
    s->cycle++;
    apply_pops(s, &p);
    if (!rst_n) {
        memset(s->o1, 0, sizeof s->o1);
        memset(&s->o2, 0, sizeof s->o2);
        return;
    }
    for (uint32_t j = 0; j < NSM; j++) {
        absorb_l1(s, j);
        if (s->o1[j].fence_done != fd[j] || s->o1[j].drained != dr[j])
            s->busy = true;
    }
    absorb_l2(s);
}

static void tick(sys_t* s) {
    tick_rst(s, true);
}

static bool pending(const sys_t* s) {
    if (s->breq.n || s->bwb.n || s->fqn)
        return true;
    for (uint32_t j = 0; j < NSM; j++)
        if (s->cqn[j] || (s->peerq[j].n && !s->hold_peer[j]) || (s->rspq[j].n && !s->hold_rsp[j]))
            return true;
    return false;
}

/* Ticks until nothing has moved for 4 edges (at most 400). */
static void settle(sys_t* s) {
    uint32_t quiet = 0;
    for (uint32_t i = 0; i < 400 && quiet < 4; i++) {
        tick(s);
        quiet = (s->busy || pending(s)) ? 0 : quiet + 1;
    }
    CK(s, "the system settles within 400 edges", 4, quiet);
}

static void step(sys_t* s, const char* name) {
    s->step = name;
    s->steps++;
    memset(s->nlog, 0, sizeof s->nlog);
    memset(s->ncrsp, 0, sizeof s->ncrsp);
    s->nfetch = s->nwb = 0;
}

/* ---- core operations ------------------------------------------------------------------------- */

static denovo_core_req_t creq(uint32_t op, uint32_t wf, uint32_t line) {
    denovo_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = op;
    r.wf = wf;
    r.line = line;
    return r;
}

static void core_push(sys_t* s, uint32_t j, const denovo_core_req_t* r) {
    assert_true(s->cqn[j] < QMAX);
    s->cq[j][s->cqn[j]++] = *r;
}

/* a plain load of one word (ro: the read-only opcode bit) */
static void load(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t word, bool ro) {
    denovo_core_req_t r = creq(DENOVO_OP_LOAD, wf, line);
    r.word = word;
    r.ro = ro;
    core_push(s, j, &r);
}

static void load_acq(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t word, bool gpu) {
    denovo_core_req_t r = creq(DENOVO_OP_LOAD, wf, line);
    r.word = word;
    r.acq = true;
    r.gpu = gpu;
    core_push(s, j, &r);
}

/* a plain store of words: bit w of wm = word w gets v + w */
static void store(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t wm, uint32_t v) {
    denovo_core_req_t r = creq(DENOVO_OP_STORE, wf, line);
    for (uint32_t w = 0; w < LW; w++) {
        if (wm >> w & 1u) {
            r.data[w] = v + w;
            r.mask[0] |= MW(w);
        }
    }
    core_push(s, j, &r);
}

/* the store of a release (after its fence): rel = 1, word `word` := v, scope gpu (1) or cta (0) */
static void store_rel(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t word, uint32_t v,
                      bool gpu) {
    denovo_core_req_t r = creq(DENOVO_OP_STORE, wf, line);
    r.rel = true;
    r.gpu = gpu;
    r.word = word;
    r.data[word] = v;
    r.mask[0] = MW(word);
    core_push(s, j, &r);
}

static void atomic_add(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t word, uint32_t a,
                       bool acq, bool gpu) {
    denovo_core_req_t r = creq(DENOVO_OP_ATOMIC, wf, line);
    r.aop = DENOVO_AOP_ADD;
    r.word = word;
    r.a = a;
    r.acq = acq;
    r.gpu = gpu;
    core_push(s, j, &r);
}

static void fence(sys_t* s, uint32_t j, uint32_t wf, bool gpu) {
    denovo_core_req_t r = creq(DENOVO_OP_FENCE, wf, 0);
    r.gpu = gpu;
    core_push(s, j, &r);
}

/* ---- expectations: L1 ------------------------------------------------------------------------ */

/* word states as a string, word 0 first: "IVRO" (O = VO) */
static uint64_t st_of(const char* p) {
    uint64_t st = 0;
    for (uint32_t w = 0; w < LW; w++) {
        const uint64_t v = p[w] == 'V'   ? DENOVO_W_V
                           : p[w] == 'R' ? DENOVO_W_R
                           : p[w] == 'O' ? DENOVO_W_VO
                                         : DENOVO_W_I;
        st |= v << (2u * w);
    }
    return st;
}

/* L1 j: the way of line's set holds line with word states st, dirty byte mask, data. */
static void exp_l1(sys_t* s, int ln, uint32_t j, uint32_t line, uint32_t way, const char* st,
                   uint32_t dirty, w4_t d) {
    char p[96];
    snprintf(p, sizeof p, "SM%u L1 line 0x%03x (set %u way %u)", j, line, line % SETS, way);
    const denovo_l1_line_t* l = &l1st(s, j)->line[(line % SETS) * WAYS + way];
    ckf(s, ln, p, "tag", line / SETS, l->tag);
    char f[48];
    snprintf(f, sizeof f, "word states (2 bits a word: \"%s\")", st);
    ckf(s, ln, p, f, st_of(st), l->st);
    ckf(s, ln, p, "dirty", dirty, l->dirty[0]);
    for (uint32_t k = 1; k < DENOVO_MASK_WORDS; k++)
        ckf(s, ln, p, "dirty (bytes >= 32)", 0, l->dirty[k]);
    ckw4(s, ln, p, d, l->data);
}
#define EXP_L1(s, j, line, way, st, dirty, d)                                                      \
    exp_l1((s), __LINE__, (j), (line), (way), (st), (dirty), (d))

/* L1 j at rest: FIFO empty, no MSHR, no write-back entry, store buffer as given (sb: entries
 * from the head), no batch; the outputs that follow (core_ready, drained, rsp/peer ready,
 * fence_done). */
typedef struct {
    uint32_t sbcnt;
    uint64_t sb[4];
    uint64_t fdone;
} l1q_t;
static void exp_l1q(sys_t* s, int ln, uint32_t j, l1q_t e) {
    char p[32], f[48];
    snprintf(p, sizeof p, "SM%u L1", j);
    const denovo_l1_state_t* st = l1st(s, j);
    ckf(s, ln, p, "fcnt", 0, st->fcnt);
    for (uint32_t k = 0; k < 2; k++) {
        snprintf(f, sizeof f, "MSHR %u mv (0 free)", k);
        ckf(s, ln, p, f, 0, st->mshr[k].mv);
    }
    ckf(s, ln, p, "write-back entry 0 valid", 0, st->wb[0].v);
    ckf(s, ln, p, "sbcnt", e.sbcnt, st->sbcnt);
    for (uint32_t k = 0; k < e.sbcnt && k < 4; k++) {
        snprintf(f, sizeof f, "store buffer entry %u from the head", k);
        ckf(s, ln, p, f, e.sb[k], st->sb[k]);
    }
    ckf(s, ln, p, "batch", 0, st->batch);
    ckf(s, ln, p, "fwait", 0, st->fwait);
    ckf(s, ln, p, "fdone", e.fdone, st->fdone);
    ckf(s, ln, p, "fence_done output", e.fdone, s->o1[j].fence_done);
    ckf(s, ln, p, "core_ready output", 1, s->o1[j].core_ready);
    ckf(s, ln, p, "rsp_ready output", 1, s->o1[j].rsp_ready);
    ckf(s, ln, p, "peer_ready output", 1, s->o1[j].peer_ready);
    ckf(s, ln, p, "drained output", e.sbcnt == 0, s->o1[j].drained);
}
#define EXP_L1Q(s, j, ...) exp_l1q((s), __LINE__, (j), (l1q_t){__VA_ARGS__})

/* ---- expectations: registry ------------------------------------------------------------------ */

/* the registry line of `line` in `way`: state (0 I, 1 V, 2 D, 3 P), reg, busy, rc, data slots
 * (data, or the owner's id where reg) */
static void exp_reg(sys_t* s, int ln, uint32_t line, uint32_t way, uint32_t st, uint32_t reg,
                    uint32_t busy, w4_t d) {
    char p[96];
    snprintf(p, sizeof p, "registry line 0x%03x (set %u way %u)", line, line % SETS, way);
    const denovo_l2_line_t* l = &l2st(s)->line[(line % SETS) * WAYS + way];
    ckf(s, ln, p, "tag", line / SETS, l->tag);
    ckf(s, ln, p, "st (0 I, 1 V, 2 D, 3 P)", st, l->st);
    ckf(s, ln, p, "reg", reg, l->reg);
    ckf(s, ln, p, "busy", busy, l->busy);
    ckf(s, ln, p, "rc", 0, l->rc);
    ckw4(s, ln, p, d, l->data);
}
#define EXP_REG(s, line, way, st, reg, busy, d)                                                    \
    exp_reg((s), __LINE__, (line), (way), (st), (reg), (busy), (d))

/* the registry at rest: no MSHR, both FIFOs empty, both readies 1 */
static void exp_l2q(sys_t* s, int ln) {
    const denovo_l2_state_t* st = l2st(s);
    char f[48];
    for (uint32_t k = 0; k < 4; k++) {
        snprintf(f, sizeof f, "registry MSHR %u valid", k);
        ck(s, ln, f, 0, st->mshr[k].v);
    }
    ck(s, ln, "registry qcnt", 0, st->qcnt);
    ck(s, ln, "registry wcnt", 0, st->wcnt);
    ck(s, ln, "registry req_ready output", 1, s->o2.req_ready);
    ck(s, ln, "registry wb_ready output", 1, s->o2.wb_ready);
}
#define EXP_L2Q(s) exp_l2q((s), __LINE__)

/* ---- expectations: messages of the step ------------------------------------------------------ */

/* the number of messages of the step on req, wb, rsp, peer */
static void exp_nmsg(sys_t* s, int ln, uint32_t nreq, uint32_t nwb, uint32_t nrsp, uint32_t npeer) {
    const uint32_t e[NNET] = {nreq, nwb, nrsp, npeer};
    char f[64];
    for (uint32_t n = 0; n < NNET; n++) {
        snprintf(f, sizeof f, "messages on %s in the step", net_name[n]);
        ck(s, ln, f, e[n], s->nlog[n]);
    }
}
#define EXP_NMSG(s, a, b, c, d) exp_nmsg((s), __LINE__, (a), (b), (c), (d))

/* one expected message: from (req, wb, peer: the sending SM), dst (rsp: SM mask; peer: SM id) */
typedef struct {
    uint32_t kind, from;
    uint64_t dst;
    uint32_t req;
    uint64_t line;
    uint32_t mask, pmask;
    w4_t d;
} mx_t;

static const char* const kind_name[12] = {"NONE", "GETS",  "REG",    "WB",    "DONE", "DATA",
                                          "REGD", "WBACK", "RECALL", "PDATA", "XFER", "DACK"};

static void exp_msg(sys_t* s, int ln, uint32_t net, uint32_t i, mx_t e) {
    char p[96];
    snprintf(p, sizeof p, "%s message %u of the step (%s)", net_name[net], i,
             e.kind < 12 ? kind_name[e.kind] : "?");
    if (i >= s->nlog[net]) {
        ckf(s, ln, p, "present", 1, 0);
        return;
    }
    const mlog_t* g = &s->log[net][i];
    ckf(s, ln, p, "kind", e.kind, g->m.kind);
    if (net != N_RSP)
        ckf(s, ln, p, "sender SM", e.from, g->from);
    ckf(s, ln, p, "src (0 on an output)", 0, g->m.src);
    ckf(s, ln, p, net == N_RSP ? "dst (SM mask)" : "dst", e.dst, g->m.dst);
    ckf(s, ln, p, "req", e.req, g->m.req);
    ckf(s, ln, p, "line", e.line, g->m.line);
    ckf(s, ln, p, "mask", e.mask, g->m.mask);
    ckf(s, ln, p, "pmask", e.pmask, g->m.pmask);
    ckw4(s, ln, p, e.d, g->m.data);
}
#define EXP_MSG(s, net, i, ...) exp_msg((s), __LINE__, (net), (i), (mx_t){__VA_ARGS__})

static void exp_ncrsp(sys_t* s, int ln, uint32_t j, uint32_t n) {
    char f[64];
    snprintf(f, sizeof f, "SM%u core responses in the step", j);
    ck(s, ln, f, n, s->ncrsp[j]);
}
#define EXP_NCRSP(s, j, n) exp_ncrsp((s), __LINE__, (j), (n))

/* core response i of L1 j: kind (1 LOAD, 2 ATOMIC), wavefront mask, line, data */
static void exp_crsp(sys_t* s, int ln, uint32_t j, uint32_t i, uint32_t kind, uint64_t wfm,
                     uint32_t line, w4_t d) {
    char p[64];
    snprintf(p, sizeof p, "SM%u core response %u of the step", j, i);
    if (i >= s->ncrsp[j]) {
        ckf(s, ln, p, "present", 1, 0);
        return;
    }
    const denovo_core_rsp_t* r = &s->crsp[j][i];
    ckf(s, ln, p, "kind (1 LOAD, 2 ATOMIC)", kind, r->kind);
    ckf(s, ln, p, "wf_mask", wfm, r->wf_mask);
    ckf(s, ln, p, "line", line, r->line);
    ckw4(s, ln, p, d, r->data);
}
#define EXP_CRSP(s, j, i, kind, wfm, line, d)                                                      \
    exp_crsp((s), __LINE__, (j), (i), (kind), (wfm), (line), (d))

/* the DRAM traffic of the step: nf fetches (the first of line f), nw write-backs (the first of
 * line wl with data wd) */
static void exp_dram(sys_t* s, int ln, uint32_t nf, uint32_t f, uint32_t nw, uint32_t wl, w4_t wd) {
    ck(s, ln, "DRAM fetches in the step", nf, s->nfetch);
    if (nf && s->nfetch)
        ck(s, ln, "DRAM fetch 0 line", f, s->fetch[0]);
    ck(s, ln, "DRAM write-backs in the step", nw, s->nwb);
    if (nw && s->nwb) {
        ck(s, ln, "DRAM write-back 0 line", wl, s->wbl[0]);
        ckw4(s, ln, "DRAM write-back 0", wd, s->wbd[0].w);
    }
}
#define EXP_DRAM(s, nf, f, nw, wl, wd) exp_dram((s), __LINE__, (nf), (f), (nw), (wl), (wd))
#define NO_DRAM(s)                     exp_dram((s), __LINE__, 0, 0, 0, 0, Z4)

/* L1 j's MSHR k: kind (0 free, 1 GETS, 2 REG, 3 DRAIN), want, got, hdr, sync, fqv */
typedef struct {
    uint32_t mv, want, got, hdr, sync, fqv;
} mshx_t;
static void exp_mshr(sys_t* s, int ln, uint32_t j, uint32_t k, mshx_t e) {
    char p[48];
    snprintf(p, sizeof p, "SM%u L1 MSHR %u", j, k);
    const denovo_l1_mshr_t* m = &l1st(s, j)->mshr[k];
    ckf(s, ln, p, "mv (0 free, 1 GETS, 2 REG, 3 DRAIN)", e.mv, m->mv);
    ckf(s, ln, p, "want", e.want, m->want);
    ckf(s, ln, p, "got", e.got, m->got);
    ckf(s, ln, p, "hdr", e.hdr, m->hdr);
    ckf(s, ln, p, "sync", e.sync, m->sync);
    ckf(s, ln, p, "fqv", e.fqv, m->fqv);
}
#define EXP_MSHR(s, j, k, ...) exp_mshr((s), __LINE__, (j), (k), (mshx_t){__VA_ARGS__})

static void exp_fcnt(sys_t* s, int ln, uint32_t j, uint32_t n) {
    char f[48];
    snprintf(f, sizeof f, "SM%u L1 fcnt", j);
    ck(s, ln, f, n, l1st(s, j)->fcnt);
}
#define EXP_FCNT(s, j, n) exp_fcnt((s), __LINE__, (j), (n))

/* ================================================================================================
 * T1 (DeNovo-D): G8 (a release registers one REG per dirty line, no data), G6 (a read of a word
 * registered at another L1: DATA from the registry, PDATA from the owner), a registration that
 * moves ownership (REGD naming the previous owner, XFER), no writer-initiated invalidation (the
 * reader's V copy stays until its acquire), a read served by two owners.
 * ============================================================================================== */
static void t1_release(sys_t* s) {
    const uint32_t x0 = memw(X_, 0), x1 = memw(X_, 1), x2 = memw(X_, 2), x3 = memw(X_, 3);
    step(s, "1: SM1 wf0 stores X words 1,2 (0xA1, 0xA2), wf1 Y word 0 (0xB0): C12 twice, two "
            "store-buffer entries, no message (D2, D3: lazy registration)");
    store(s, 1, 0, X_, 0x6u, 0xA0u);
    store(s, 1, 1, Y_, 0x1u, 0xB0u);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    NO_DRAM(s);
    EXP_NCRSP(s, 1, 0);
    EXP_L1(s, 1, X_, 0, "IIII", MW(1) | MW(2), w4(0, 0xA1, 0xA2, 0)); /* reading R1 */
    EXP_L1(s, 1, Y_, 0, "IIII", MW(0), w4(0xB0, 0, 0, 0));
    EXP_L1Q(s, 1, .sbcnt = 2, .sb = {X_, Y_});
    EXP_L2Q(s);

    step(s, "2: SM1 wf0 GPU fence (C21): B01 pops, REG X {1,2}, REG Y {0} (no data); registry "
            "R03 + M02 + R01: REGD; SM1 M04 installs R under its dirty bytes, M11 DONE; B03 "
            "DACK; B07 completes the fence");
    fence(s, 1, 0, true);
    settle(s);
    EXP_NMSG(s, 2, 2, 4, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 1, .line = X_, .mask = 0x6u);
    EXP_MSG(s, N_REQ, 1, .kind = DENOVO_MSG_REG, .from = 1, .line = Y_, .mask = 0x1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 2u, .req = 1, .line = X_, .mask = 0x6u,
            .d = w4(0, x1, x2, 0));
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 2u, .line = X_);
    EXP_MSG(s, N_RSP, 2, .kind = DENOVO_MSG_REGD, .dst = 2u, .req = 1, .line = Y_, .mask = 0x1u,
            .d = w4(memw(Y_, 0), 0, 0, 0));
    EXP_MSG(s, N_RSP, 3, .kind = DENOVO_MSG_DACK, .dst = 2u, .line = Y_);
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 1, .line = X_, .mask = 0x6u);
    EXP_MSG(s, N_WB, 1, .kind = DENOVO_MSG_DONE, .from = 1, .line = Y_, .mask = 0x1u);
    EXP_DRAM(s, 2, X_, 0, 0, Z4);
    EXP_L1(s, 1, X_, 0, "IRRI", 0, w4(0, 0xA1, 0xA2, 0));
    EXP_L1(s, 1, Y_, 0, "RIII", 0, w4(0xB0, 0, 0, 0));
    EXP_L1Q(s, 1, .fdone = 1u);
    EXP_REG(s, X_, 0, DENOVO_L2_V, 0x6u, 0, w4(x0, 1, 1, x3));
    EXP_REG(s, Y_, 0, DENOVO_L2_V, 0x1u, 0, w4(1, memw(Y_, 1), memw(Y_, 2), memw(Y_, 3)));
    EXP_L2Q(s);

    step(s, "3 (G6): SM2 wf0 loads X word 1: C06 GETS; registry G01: one DATA to SM2 and the "
            "owner SM1 (mask = reg, slots = owner ids); SM1 M03 PDATA (stays R); SM2 M01 + M02 "
            "+ M10");
    load(s, 2, 0, X_, 1, false);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 1);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 2, .line = X_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DATA, .dst = 6u, .req = 2, .line = X_, .mask = 0x6u,
            .d = w4(x0, 1, 1, x3));
    EXP_MSG(s, N_PEER, 0, .kind = DENOVO_MSG_PDATA, .from = 1, .dst = 2, .line = X_, .mask = 0x6u,
            .d = w4(0, 0xA1, 0xA2, 0));
    NO_DRAM(s);
    EXP_NCRSP(s, 2, 1);
    EXP_CRSP(s, 2, 0, DENOVO_CRSP_LOAD, 1u, X_, w4(x0, 0xA1, 0xA2, x3));
    EXP_L1(s, 2, X_, 0, "VVVV", 0, w4(x0, 0xA1, 0xA2, x3));
    EXP_L1(s, 1, X_, 0, "IRRI", 0, w4(0, 0xA1, 0xA2, 0));
    EXP_L1Q(s, 2, .fdone = 0);
    EXP_REG(s, X_, 0, DENOVO_L2_V, 0x6u, 0, w4(x0, 1, 1, x3));

    step(s, "4: SM0 wf0 stores X word 1 (0xC1): C12, into the store buffer, no message");
    store(s, 0, 0, X_, 0x2u, 0xC0u);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, X_, 0, "IIII", MW(1), w4(0, 0xC1, 0, 0));
    EXP_L1Q(s, 0, .sbcnt = 1, .sb = {X_});

    step(s, "5: SM0 wf0 GPU fence: REG X {1}; registry R01 moves word 1 to SM0 (REGD to SM0 and "
            "the previous owner SM1, pmask = {1}, data[1] = 1); SM1 M06 XFER, word 1 I; SM0 M04 "
            "+ M05 R, DONE, DACK; SM2's V copy stays (no invalidation by a writer)");
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 1);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = X_, .mask = 0x2u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 3u, .req = 0, .line = X_, .mask = 0x2u,
            .pmask = 0x2u, .d = w4(0, 1, 0, 0));
    EXP_MSG(s, N_PEER, 0, .kind = DENOVO_MSG_XFER, .from = 1, .dst = 0, .line = X_, .mask = 0x2u,
            .d = w4(0, 0xA1, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 0, .line = X_, .mask = 0x2u);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = X_);
    NO_DRAM(s);
    EXP_L1(s, 0, X_, 0, "IRII", 0, w4(0, 0xC1, 0, 0));
    EXP_L1(s, 1, X_, 0, "IIRI", 0, w4(0, 0xA1, 0xA2, 0));
    EXP_L1(s, 2, X_, 0, "VVVV", 0, w4(x0, 0xA1, 0xA2, x3));
    EXP_L1Q(s, 0, .fdone = 1u);
    EXP_L1Q(s, 1, .fdone = 1u);
    EXP_REG(s, X_, 0, DENOVO_L2_V, 0x6u, 0, w4(x0, 0, 1, x3));
    EXP_L2Q(s);

    step(s, "6: SM2 wf0 GPU fence (the acquire): B07 with nothing to register, INV: every V word "
            "of SM2 I (data kept)");
    fence(s, 2, 0, true);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 2, X_, 0, "IIII", 0, w4(x0, 0xA1, 0xA2, x3));
    EXP_L1Q(s, 2, .fdone = 1u);

    step(s, "7: SM2 wf1 loads X word 1 again: GETS; DATA to SM2 and both owners; PDATA from SM0 "
            "(word 1) and SM1 (word 2): the new value 0xC1 (F46)");
    load(s, 2, 1, X_, 1, false);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 2);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 2, .line = X_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DATA, .dst = 7u, .req = 2, .line = X_, .mask = 0x6u,
            .d = w4(x0, 0, 1, x3));
    EXP_MSG(s, N_PEER, 0, .kind = DENOVO_MSG_PDATA, .from = 0, .dst = 2, .line = X_, .mask = 0x2u,
            .d = w4(0, 0xC1, 0, 0)); /* reading R3 */
    EXP_MSG(s, N_PEER, 1, .kind = DENOVO_MSG_PDATA, .from = 1, .dst = 2, .line = X_, .mask = 0x4u,
            .d = w4(0, 0, 0xA2, 0));
    EXP_NCRSP(s, 2, 1);
    EXP_CRSP(s, 2, 0, DENOVO_CRSP_LOAD, 2u, X_, w4(x0, 0xC1, 0xA2, x3));
    EXP_L1(s, 2, X_, 0, "VVVV", 0, w4(x0, 0xC1, 0xA2, x3));
    EXP_L1(s, 0, X_, 0, "IRII", 0, w4(0, 0xC1, 0, 0));
    EXP_L1(s, 1, X_, 0, "IIRI", 0, w4(0, 0xA1, 0xA2, 0));
    EXP_L1Q(s, 2, .fdone = 1u);
    EXP_REG(s, X_, 0, DENOVO_L2_V, 0x6u, 0, w4(x0, 0, 1, x3));
    EXP_L2Q(s);
}

static void t1(bool rtl) {
    sys_t* s = sys_open("T1 release, forward, transfer", DENOVO_D, rtl);
    t1_release(s);
    sys_close(s);
}

/* ================================================================================================
 * T2 (DeNovo-D): G7 and G5. An SM reads a line it partly owns (M01 counts its own words), an
 * acquire keeps R and invalidates V; a third line of the set evicts the line with an R word
 * (L7 rule 3, V01: WB, WBACK; B01: the slot holds the data again, the line D); the registry
 * writes it to DRAM for the new line (E2 rule 3, X02); a second store to the word sends a second
 * registration (G5), the registry refetching the line (its victim a clean line, X01).
 * ============================================================================================== */
static void t2_evict(sys_t* s) {
    const uint32_t x1 = memw(X_, 1), x2 = memw(X_, 2), x3 = memw(X_, 3);
    const w4_t a4 = m4(A_);
    step(s, "1: SM0 wf0 stores X word 0 (0x11), wf1 Z word 0 (0x22), both set 0: C12 twice");
    store(s, 0, 0, X_, 0x1u, 0x11u);
    store(s, 0, 1, Z_, 0x1u, 0x22u);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, X_, 0, "IIII", MW(0), w4(0x11, 0, 0, 0));
    EXP_L1(s, 0, Z_, 1, "IIII", MW(0), w4(0x22, 0, 0, 0));
    EXP_L1Q(s, 0, .sbcnt = 2, .sb = {X_, Z_});

    step(s, "2: SM0 wf0 GPU fence: REG X {0}, REG Z {0}: both words R at SM0, slots = 0");
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 2, 2, 4, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = X_, .mask = 1u);
    EXP_MSG(s, N_REQ, 1, .kind = DENOVO_MSG_REG, .from = 0, .line = Z_, .mask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = X_, .mask = 1u,
            .d = w4(memw(X_, 0), 0, 0, 0));
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = X_);
    EXP_MSG(s, N_RSP, 2, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = Z_, .mask = 1u,
            .d = w4(memw(Z_, 0), 0, 0, 0));
    EXP_MSG(s, N_RSP, 3, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = Z_);
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 0, .line = X_, .mask = 1u);
    EXP_MSG(s, N_WB, 1, .kind = DENOVO_MSG_DONE, .from = 0, .line = Z_, .mask = 1u);
    EXP_DRAM(s, 2, X_, 0, 0, Z4);
    EXP_L1(s, 0, X_, 0, "RIII", 0, w4(0x11, 0, 0, 0));
    EXP_L1(s, 0, Z_, 1, "RIII", 0, w4(0x22, 0, 0, 0));
    EXP_L1Q(s, 0, .fdone = 1u);
    EXP_REG(s, X_, 0, DENOVO_L2_V, 1u, 0, w4(0, x1, x2, x3));
    EXP_REG(s, Z_, 1, DENOVO_L2_V, 1u, 0, w4(0, memw(Z_, 1), memw(Z_, 2), memw(Z_, 3)));
    EXP_L2Q(s);

    step(s, "3: SM0 wf1 loads X word 1: C05 GETS; DATA to SM0 alone (it is the only owner), "
            "M01 installs words 1-3 V and counts word 0 (owned here, F44)");
    load(s, 0, 1, X_, 1, false);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 0, .line = X_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DATA, .dst = 1u, .req = 0, .line = X_, .mask = 1u,
            .d = w4(0, x1, x2, x3));
    EXP_NCRSP(s, 0, 1);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 2u, X_, w4(0x11, x1, x2, x3));
    EXP_L1(s, 0, X_, 0, "RVVV", 0, w4(0x11, x1, x2, x3));
    EXP_L1Q(s, 0, .fdone = 1u);

    step(s, "4 (G7): SM0 wf2 GPU fence, the acquire: INV keeps R, the V words of X become I");
    fence(s, 0, 2, true);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, X_, 0, "RIII", 0, w4(0x11, x1, x2, x3));
    EXP_L1(s, 0, Z_, 1, "RIII", 0, w4(0x22, 0, 0, 0));
    EXP_L1Q(s, 0, .fdone = 5u);

    step(s, "5 (G5): SM0 wf3 loads A (set 0): no free or clean way, L7 rule 3 from rr = 0 "
            "evicts X (V01: WB of word 0); A allocated in way 0, GETS; registry B01 (slot back "
            "to data, D, WBACK), then G03: E2 rule 3 writes X to DRAM (X02) and fetches A");
    load(s, 0, 3, A_, 0, false);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_WB, .from = 0, .line = X_, .mask = 1u,
            .d = w4(0x11, 0, 0, 0));
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 0, .line = A_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_WBACK, .dst = 1u, .line = X_);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DATA, .dst = 1u, .req = 0, .line = A_, .d = a4);
    EXP_DRAM(s, 1, A_, 1, X_, w4(0x11, x1, x2, x3));
    EXP_NCRSP(s, 0, 1);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 8u, A_, a4);
    EXP_L1(s, 0, A_, 0, "VVVV", 0, a4);
    EXP_L1(s, 0, Z_, 1, "RIII", 0, w4(0x22, 0, 0, 0));
    EXP_L1Q(s, 0, .fdone = 5u);
    EXP_REG(s, A_, 0, DENOVO_L2_V, 0, 0, a4);
    EXP_REG(s, Z_, 1, DENOVO_L2_V, 1u, 0, w4(0, memw(Z_, 1), memw(Z_, 2), memw(Z_, 3)));
    EXP_L2Q(s);

    step(s, "6: SM0 wf0 stores X word 0 (0x33): X absent; L7 rule 2 evicts the clean A (way 0) "
            "silently; the way keeps A's data (reading R1)");
    store(s, 0, 0, X_, 0x1u, 0x33u);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, X_, 0, "IIII", MW(0), with(a4, 0, 0x33));
    EXP_L1Q(s, 0, .sbcnt = 1, .sb = {X_}, .fdone = 5u);

    step(s, "7 (G5): SM0 wf0 GPU fence: a second REG X {0}; registry R03 (E2 rule 2 drops the "
            "clean A, X01), the fill holds 0x11 from DRAM; REGD, R under the dirty 0x33");
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = X_, .mask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = X_, .mask = 1u,
            .d = w4(0x11, 0, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 0, .line = X_, .mask = 1u);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = X_);
    EXP_DRAM(s, 1, X_, 0, 0, Z4);
    EXP_L1(s, 0, X_, 0, "RIII", 0, with(a4, 0, 0x33));
    EXP_L1Q(s, 0, .fdone = 5u);
    EXP_REG(s, X_, 0, DENOVO_L2_V, 1u, 0, w4(0, x1, x2, x3));
    EXP_L2Q(s);
}

static void t2(bool rtl) {
    sys_t* s = sys_open("T2 acquire, eviction, re-registration", DENOVO_D, rtl);
    t2_evict(s);
    sys_close(s);
}

/* ================================================================================================
 * T3 (DeNovo-D+RO and DeNovo-D): G7 with the read-only region (D11). A word registered (R), a
 * line loaded with the read-only bit (VO under Ro = 1; V under Ro = 0: the bit is ignored), a
 * plain line (V); an acquire keeps R and VO, invalidates V; a store to a VO word makes it V.
 * ============================================================================================== */
static void t3_ro(sys_t* s) {
    const bool ro = s->var == DENOVO_D_RO;
    const w4_t r4 = m4(R_), y4 = m4(Y_);
    step(s, "1: SM0 wf0 stores X word 2 (0x42) and fences: REG, X word 2 R");
    store(s, 0, 0, X_, 0x4u, 0x40u);
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = X_, .mask = 4u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = X_, .mask = 4u,
            .d = w4(0, 0, memw(X_, 2), 0));
    EXP_L1(s, 0, X_, 0, "IIRI", 0, w4(0, 0, 0x42, 0));
    EXP_L1Q(s, 0, .fdone = 1u);

    step(s, ro ? "2: SM0 wf1 loads R word 0 with the read-only bit: the fill installs VO (D11)"
               : "2: SM0 wf1 loads R word 0 with the read-only bit: Ro = 0 ignores it, V");
    load(s, 0, 1, R_, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 0, .line = R_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DATA, .dst = 1u, .line = R_, .d = r4);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 2u, R_, r4);
    EXP_L1(s, 0, R_, 0, ro ? "OOOO" : "VVVV", 0, r4);

    step(s, "3: SM0 wf2 loads Y word 0 (plain): V");
    load(s, 0, 2, Y_, 0, false);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 0);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 4u, Y_, y4);
    EXP_L1(s, 0, Y_, 0, "VVVV", 0, y4);

    step(s, "4: SM0 wf3 loads X word 0: GETS, DATA naming SM0 the owner of word 2; V around R");
    load(s, 0, 3, X_, 0, false);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 0);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DATA, .dst = 1u, .req = 0, .line = X_, .mask = 4u,
            .d = w4(memw(X_, 0), memw(X_, 1), 0, memw(X_, 3)));
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 8u, X_, w4(memw(X_, 0), memw(X_, 1), 0x42, memw(X_, 3)));
    EXP_L1(s, 0, X_, 0, "VVRV", 0, w4(memw(X_, 0), memw(X_, 1), 0x42, memw(X_, 3)));

    step(s, ro ? "5 (G7, DD+RO): SM0 wf0 GPU fence: INV keeps R and VO, V becomes I"
               : "5 (G7, DD): SM0 wf0 GPU fence: INV keeps R, V (the ignored RO load too) I");
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, X_, 0, "IIRI", 0, w4(memw(X_, 0), memw(X_, 1), 0x42, memw(X_, 3)));
    EXP_L1(s, 0, R_, 0, ro ? "OOOO" : "IIII", 0, r4);
    EXP_L1(s, 0, Y_, 0, "IIII", 0, y4);
    EXP_L1Q(s, 0, .fdone = 1u);

    step(s, ro ? "6: SM0 wf1 stores R word 1 (0x51): C11, the VO word becomes V (D11, F53)"
               : "6: SM0 wf1 stores R word 1 (0x51): R not allocated, C12 into way 0");
    store(s, 0, 1, R_, 0x2u, 0x50u);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, R_, 0, ro ? "OVOO" : "IIII", MW(1), with(r4, 1, 0x51));
    EXP_L1Q(s, 0, .sbcnt = 1, .sb = {R_}, .fdone = 1u);
}

static void t3(denovo_variant_t v, bool rtl) {
    sys_t* s = sys_open("T3 selective acquire, read-only", v, rtl);
    t3_ro(s);
    sys_close(s);
}

/* ================================================================================================
 * T4 (DeNovo-D): G1, G2, G3. A synchronization atomic registers its word (C17: sync REG) and is
 * performed in the L1 (C16); a second atomic of the SM hits with no message (G1). SM1 (two
 * wavefronts) and then SM2 register the word: the registry serves both at once in arrival order
 * (D5), SM0 hands the word to SM1 (XFER), SM1 -- still waiting for its REGD -- queues SM2's
 * transfer (M06), performs both of its wavefronts' atomics first (L16, G3), then sends it on.
 * ============================================================================================== */
static void t4_sync(sys_t* s) {
    const uint32_t s0 = memw(S_, 0);
    const w4_t sreg = w4(0, memw(S_, 1), memw(S_, 2), memw(S_, 3));
    step(s, "1 (G1): SM0 wf0 ATOMIC ADD S word 0 += 1 (GPU): C17 REG {0} sync; R03 + R01 REGD; "
            "M04 R, M11 DONE (DRAIN); C16 performs in the L1; DACK");
    atomic_add(s, 0, 0, S_, 0, 1, false, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = S_, .mask = 1u, .pmask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = S_, .mask = 1u,
            .d = w4(s0, 0, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 0, .line = S_, .mask = 1u);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = S_);
    EXP_DRAM(s, 1, S_, 0, 0, Z4);
    EXP_NCRSP(s, 0, 1);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_ATOMIC, 1u, S_, w4(s0, 0, 0, 0));
    EXP_L1(s, 0, S_, 0, "RIII", 0, w4(s0 + 1, 0, 0, 0));
    EXP_L1Q(s, 0, .fdone = 0);
    EXP_REG(s, S_, 0, DENOVO_L2_V, 1u, 0, sreg);
    EXP_L2Q(s);

    step(s, "2 (G1): SM0 wf1 ATOMIC ADD S word 0 += 1: C16 hit, no message");
    atomic_add(s, 0, 1, S_, 0, 1, false, true);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_NCRSP(s, 0, 1);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_ATOMIC, 2u, S_, w4(s0 + 1, 0, 0, 0));
    EXP_L1(s, 0, S_, 0, "RIII", 0, w4(s0 + 2, 0, 0, 0));

    step(s, "3 (G2): SM1 wf0 and wf1 ATOMIC ADD S word 0 (SM1's rsp and peer inputs held): one "
            "sync REG (wf1 waits behind wf0); R01: REGD to SM1 and SM0 (pmask {0}, slot := 1, "
            "busy); SM0 M06 XFER at once, word 0 I");
    s->hold_rsp[1] = s->hold_peer[1] = true;
    atomic_add(s, 1, 0, S_, 0, 1, false, true);
    atomic_add(s, 1, 1, S_, 0, 1, false, true);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 1);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 1, .line = S_, .mask = 1u, .pmask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 3u, .req = 1, .line = S_, .mask = 1u,
            .pmask = 1u, .d = w4(0, 0, 0, 0));
    EXP_MSG(s, N_PEER, 0, .kind = DENOVO_MSG_XFER, .from = 0, .dst = 1, .line = S_, .mask = 1u,
            .d = w4(s0 + 2, 0, 0, 0));
    EXP_NCRSP(s, 1, 0);
    EXP_L1(s, 0, S_, 0, "IIII", 0, w4(s0 + 2, 0, 0, 0));
    EXP_L1Q(s, 0, .fdone = 0);
    EXP_L1(s, 1, S_, 0, "IIII", 0, Z4);
    EXP_MSHR(s, 1, 0, .mv = DENOVO_MV_REG, .want = 1u, .sync = 1);
    EXP_FCNT(s, 1, 2);
    EXP_REG(s, S_, 0, DENOVO_L2_V, 1u, 1u, with(sreg, 0, 1));
    EXP_L2Q(s);

    step(s, "4 (G2): SM2 wf0 ATOMIC ADD S word 0: sync REG; R01 at once: REGD to SM2 and the "
            "previous owner SM1 (held), slot := 2; SM2 waits for the word (hdr, got 0)");
    atomic_add(s, 2, 0, S_, 0, 1, false, true);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 2, .line = S_, .mask = 1u, .pmask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 6u, .req = 2, .line = S_, .mask = 1u,
            .pmask = 1u, .d = w4(1, 0, 0, 0));
    EXP_NCRSP(s, 2, 0);
    EXP_MSHR(s, 2, 0, .mv = DENOVO_MV_REG, .want = 1u, .hdr = 1, .sync = 1);
    EXP_FCNT(s, 2, 1);
    EXP_REG(s, S_, 0, DENOVO_L2_V, 1u, 1u, with(sreg, 0, 2));

    step(s, "4b (D6): SM0 wf2 loads S word 0: C06 GETS; the registry's head waits on the busy "
            "word (G04, S03)");
    load(s, 0, 2, S_, 0, false);
    settle(s);
    EXP_NMSG(s, 1, 0, 0, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 0, .line = S_);
    EXP_NCRSP(s, 0, 0);
    EXP_MSHR(s, 0, 0, .mv = DENOVO_MV_GETS, .want = 0xFu);
    CK(s, "registry qcnt (the GETS waits at the head)", 1, l2st(s)->qcnt);
    EXP_REG(s, S_, 0, DENOVO_L2_V, 1u, 1u, with(sreg, 0, 2));

    step(s, "5 (G2, G3): SM1's inputs released: XFER (M05), REGD as requester (M04, M11 DONE, "
            "DRAIN), REGD naming it owner (M06: queued), wf0 and wf1 perform (C16) before X01 "
            "hands the word to SM2; SM2 M05 + M11, performs; DONEs and DACKs; SM1's DONE "
            "leaves busy (the slot names SM2, D6), SM2's clears it; then G01 serves SM0's GETS: "
            "DATA to SM0 and the owner SM2, PDATA");
    s->hold_rsp[1] = s->hold_peer[1] = false;
    settle(s);
    EXP_NMSG(s, 0, 2, 3, 2);
    EXP_MSG(s, N_RSP, 2, .kind = DENOVO_MSG_DATA, .dst = 5u, .req = 0, .line = S_, .mask = 1u,
            .d = with(sreg, 0, 2));
    EXP_MSG(s, N_PEER, 1, .kind = DENOVO_MSG_PDATA, .from = 2, .dst = 0, .line = S_, .mask = 1u,
            .d = w4(s0 + 5, 0, 0, 0));
    EXP_NCRSP(s, 0, 1);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 4u, S_, with(sreg, 0, s0 + 5));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 1, .line = S_, .mask = 1u);
    EXP_MSG(s, N_WB, 1, .kind = DENOVO_MSG_DONE, .from = 2, .line = S_, .mask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DACK, .dst = 2u, .line = S_);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 4u, .line = S_);
    EXP_MSG(s, N_PEER, 0, .kind = DENOVO_MSG_XFER, .from = 1, .dst = 2, .line = S_, .mask = 1u,
            .d = w4(s0 + 4, 0, 0, 0));
    EXP_NCRSP(s, 1, 2);
    EXP_CRSP(s, 1, 0, DENOVO_CRSP_ATOMIC, 1u, S_, w4(s0 + 2, 0, 0, 0));
    EXP_CRSP(s, 1, 1, DENOVO_CRSP_ATOMIC, 2u, S_, w4(s0 + 3, 0, 0, 0));
    if (s->ncrsp[1] == 2 && s->nlog[N_PEER] == 1)
        CK(s, "SM1's second atomic performed before its XFER to SM2 (L16)", 1,
           s->crsp_cyc[1][1] < s->log[N_PEER][0].cyc);
    EXP_NCRSP(s, 2, 1);
    EXP_CRSP(s, 2, 0, DENOVO_CRSP_ATOMIC, 1u, S_, w4(s0 + 4, 0, 0, 0));
    EXP_L1(s, 1, S_, 0, "IIII", 0, w4(s0 + 4, 0, 0, 0));
    EXP_L1(s, 2, S_, 0, "RIII", 0, w4(s0 + 5, 0, 0, 0));
    EXP_L1(s, 0, S_, 0, "VVVV", 0, with(sreg, 0, s0 + 5));
    for (uint32_t j = 0; j < NSM; j++)
        EXP_L1Q(s, j, .fdone = 0);
    EXP_REG(s, S_, 0, DENOVO_L2_V, 1u, 0, with(sreg, 0, 2));
    EXP_L2Q(s);
    NO_DRAM(s);
}

static void t4(bool rtl) {
    sys_t* s = sys_open("T4 sync registration queue", DENOVO_D, rtl);
    t4_sync(s);
    sys_close(s);
}

/* ================================================================================================
 * T5 (DeNovo-D): D9, a registry eviction of registered words. Both ways of registry set 0 hold
 * words registered at SM1; SM2's read of a third line of the set recalls the line in way rr
 * (X03: RECALL to the owner, the owner's recall WB, not acknowledged), which then goes to DRAM
 * (E2 rule 3, X02) and the new line is fetched.
 * ============================================================================================== */
static void t5_recall(sys_t* s) {
    const w4_t a4 = m4(A_);
    const w4_t zreg = w4(memw(Z_, 0), memw(Z_, 1), memw(Z_, 2), 1);
    step(s, "1: SM1 stores X word 0 (0x70) and Z word 3 (0x73), GPU fence: both registered");
    store(s, 1, 0, X_, 0x1u, 0x70u);
    store(s, 1, 1, Z_, 0x8u, 0x70u);
    fence(s, 1, 0, true);
    settle(s);
    EXP_NMSG(s, 2, 2, 4, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 1, .line = X_, .mask = 1u);
    EXP_MSG(s, N_REQ, 1, .kind = DENOVO_MSG_REG, .from = 1, .line = Z_, .mask = 8u);
    EXP_MSG(s, N_RSP, 2, .kind = DENOVO_MSG_REGD, .dst = 2u, .req = 1, .line = Z_, .mask = 8u,
            .d = w4(0, 0, 0, memw(Z_, 3)));
    EXP_L1(s, 1, X_, 0, "RIII", 0, w4(0x70, 0, 0, 0));
    EXP_L1(s, 1, Z_, 1, "IIIR", 0, w4(0, 0, 0, 0x73));
    EXP_REG(s, X_, 0, DENOVO_L2_V, 1u, 0, w4(1, memw(X_, 1), memw(X_, 2), memw(X_, 3)));
    EXP_REG(s, Z_, 1, DENOVO_L2_V, 8u, 0, zreg);

    step(s, "2 (D9): SM2 wf0 loads A (registry set 0): no free, clean or dirty-unregistered way; "
            "E2 rule 4 from rr = 0: RECALL X to SM1 (rc); SM1 M07 WB (pmask 1, no WBACK); B01: "
            "the line D, rc 0; then E2 rule 3 writes X to DRAM (X02), fetches A; DATA");
    load(s, 2, 0, A_, 0, false);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 2, .line = A_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_RECALL, .dst = 2u, .line = X_, .mask = 1u,
            .d = w4(1, 0, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_WB, .from = 1, .line = X_, .mask = 1u, .pmask = 1u,
            .d = w4(0x70, 0, 0, 0));
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DATA, .dst = 4u, .req = 0, .line = A_, .d = a4);
    EXP_DRAM(s, 1, A_, 1, X_, w4(0x70, memw(X_, 1), memw(X_, 2), memw(X_, 3)));
    EXP_NCRSP(s, 2, 1);
    EXP_CRSP(s, 2, 0, DENOVO_CRSP_LOAD, 1u, A_, a4);
    EXP_L1(s, 2, A_, 0, "VVVV", 0, a4);
    EXP_L1(s, 1, X_, 0, "IIII", 0, w4(0x70, 0, 0, 0));
    EXP_L1(s, 1, Z_, 1, "IIIR", 0, w4(0, 0, 0, 0x73));
    EXP_L1Q(s, 1, .fdone = 1u);
    EXP_L1Q(s, 2, .fdone = 0);
    EXP_REG(s, A_, 0, DENOVO_L2_V, 0, 0, a4);
    EXP_REG(s, Z_, 1, DENOVO_L2_V, 8u, 0, zreg);
    EXP_L2Q(s);
}

static void t5(bool rtl) {
    sys_t* s = sys_open("T5 registry recall", DENOVO_D, rtl);
    t5_recall(s);
    sys_close(s);
}

/* ================================================================================================
 * T6 (DeNovo-H): local-scope synchronization without invalidation or flush (seed 002 section
 * 2.1 "DH local", G12): a CTA atomic on a valid word is performed in the L1 without registration
 * (C19, its write a dirty word pushed into the store buffer), a CTA fence completes at once
 * (C20), a CTA acquire load hits (C01) and nothing is invalidated; a GPU fence then registers the
 * word (REG, no data) and invalidates the V words.
 * ============================================================================================== */
static void t6_local(sys_t* s) {
    const uint32_t s0 = memw(S_, 0);
    const w4_t s4 = m4(S_), y4 = m4(Y_), s5 = with(m4(S_), 0, s0 + 5);
    step(s, "1: SM0 wf0 loads S, wf1 loads Y (plain): two GETS, two fills, V");
    load(s, 0, 0, S_, 0, false);
    load(s, 0, 1, Y_, 0, false);
    settle(s);
    EXP_NMSG(s, 2, 0, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 0, .line = S_);
    EXP_MSG(s, N_REQ, 1, .kind = DENOVO_MSG_GETS, .from = 0, .line = Y_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DATA, .dst = 1u, .line = S_, .d = s4);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DATA, .dst = 1u, .line = Y_, .d = y4);
    EXP_NCRSP(s, 0, 2);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 1u, S_, s4);
    EXP_CRSP(s, 0, 1, DENOVO_CRSP_LOAD, 2u, Y_, y4);
    EXP_L1(s, 0, S_, 0, "VVVV", 0, s4);
    EXP_L1(s, 0, Y_, 0, "VVVV", 0, y4);

    step(s, "2: SM0 wf1 ATOMIC ADD S word 0 += 5, CTA scope, acquire: C19 in the L1 on the V "
            "word, no registration, no invalidation; the word dirty, the line pushed");
    atomic_add(s, 0, 1, S_, 0, 5, true, false);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_NCRSP(s, 0, 1);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_ATOMIC, 2u, S_, s4);
    EXP_L1(s, 0, S_, 0, "VVVV", MW(0), s5);
    EXP_L1(s, 0, Y_, 0, "VVVV", 0, y4);
    EXP_L1Q(s, 0, .sbcnt = 1, .sb = {S_});

    step(s, "3: SM0 wf2 CTA fence: C20 done at once, no flush, no invalidation");
    fence(s, 0, 2, false);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, S_, 0, "VVVV", MW(0), s5);
    EXP_L1(s, 0, Y_, 0, "VVVV", 0, y4);
    EXP_L1Q(s, 0, .sbcnt = 1, .sb = {S_}, .fdone = 4u);

    step(s, "4: SM0 wf3 CTA acquire load of S word 0: C01 hit, the local value, no invalidation");
    load_acq(s, 0, 3, S_, 0, false);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_NCRSP(s, 0, 1);
    EXP_CRSP(s, 0, 0, DENOVO_CRSP_LOAD, 8u, S_, s5);
    EXP_L1(s, 0, Y_, 0, "VVVV", 0, y4);

    step(s, "5: SM0 wf0 GPU fence: the store buffer drains, REG S {0} (not sync), REGD, R under "
            "the dirty word; INV: the V words I");
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = S_, .mask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = S_, .mask = 1u,
            .d = w4(s0, 0, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 0, .line = S_, .mask = 1u);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = S_);
    EXP_L1(s, 0, S_, 0, "RIII", 0, s5);
    EXP_L1(s, 0, Y_, 0, "IIII", 0, y4);
    EXP_L1Q(s, 0, .fdone = 5u);
    EXP_REG(s, S_, 0, DENOVO_L2_V, 1u, 0, w4(0, memw(S_, 1), memw(S_, 2), memw(S_, 3)));
    EXP_L2Q(s);
}

static void t6(bool rtl) {
    sys_t* s = sys_open("T6 DeNovo-H local scope", DENOVO_H, rtl);
    t6_local(s);
    sys_close(s);
}

/* ================================================================================================
 * T7 (DeNovo-D; DeNovo-H at GPU scope): message passing (notes section 6.2 L1 MP-global, D13).
 * SM0 writes X and releases F (a GPU fence registers X; the release store registers F with a
 * sync REG, C14, and writes it, C13); SM1's acquire load of F registers it (C08: REGD naming
 * SM0, XFER), reads it (C07) and invalidates; SM1's load of X is then forwarded to its owner SM0
 * (PDATA): it sees the new value.
 * ============================================================================================== */
static void t7_mp(sys_t* s) {
    const uint32_t x1 = memw(X_, 1), x2 = memw(X_, 2), x3 = memw(X_, 3);
    const w4_t freg = w4(0, memw(F_, 1), memw(F_, 2), memw(F_, 3));
    step(s, "1: SM0 wf0 stores X word 0 (0x5A): C12, no message");
    store(s, 0, 0, X_, 0x1u, 0x5Au);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_L1(s, 0, X_, 0, "IIII", MW(0), w4(0x5A, 0, 0, 0));
    EXP_L1Q(s, 0, .sbcnt = 1, .sb = {X_});

    step(s, "2: SM0 wf0 GPU fence (the release's fence): REG X {0}, REGD, DONE, DACK; X R");
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = X_, .mask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = X_, .mask = 1u,
            .d = w4(memw(X_, 0), 0, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 0, .line = X_, .mask = 1u);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = X_);
    EXP_L1(s, 0, X_, 0, "RIII", 0, w4(0x5A, 0, 0, 0));
    EXP_L1Q(s, 0, .fdone = 1u);
    EXP_REG(s, X_, 0, DENOVO_L2_V, 1u, 0, w4(0, x1, x2, x3));

    step(s, "3 (D13): SM0 wf0 release store F word 0 := 1, GPU scope: C14 sync REG {0}; R03 + "
            "R01 REGD; M04 R, DONE; C13 writes the R word (no dirty byte); DACK");
    store_rel(s, 0, 0, F_, 0, 1, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 0, .line = F_, .mask = 1u, .pmask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = F_, .mask = 1u,
            .d = w4(memw(F_, 0), 0, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 0, .line = F_, .mask = 1u);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 1u, .line = F_);
    EXP_DRAM(s, 1, F_, 0, 0, Z4);
    EXP_NCRSP(s, 0, 0);
    EXP_L1(s, 0, F_, 0, "RIII", 0, w4(1, 0, 0, 0));
    EXP_L1Q(s, 0, .fdone = 1u);
    EXP_REG(s, F_, 0, DENOVO_L2_V, 1u, 0, freg);
    EXP_L2Q(s);

    step(s, "4 (D13): SM1 wf0 acquire load F word 0, GPU scope: C08 sync REG; R01 REGD to SM1 "
            "and SM0 (pmask {0}); SM0 M06 XFER (F I); SM1 M05 R, DONE; C07 reads 1, INV");
    load_acq(s, 1, 0, F_, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 1);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_REG, .from = 1, .line = F_, .mask = 1u, .pmask = 1u);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 3u, .req = 1, .line = F_, .mask = 1u,
            .pmask = 1u, .d = w4(0, 0, 0, 0));
    EXP_MSG(s, N_PEER, 0, .kind = DENOVO_MSG_XFER, .from = 0, .dst = 1, .line = F_, .mask = 1u,
            .d = w4(1, 0, 0, 0));
    EXP_MSG(s, N_WB, 0, .kind = DENOVO_MSG_DONE, .from = 1, .line = F_, .mask = 1u);
    EXP_MSG(s, N_RSP, 1, .kind = DENOVO_MSG_DACK, .dst = 2u, .line = F_);
    EXP_NCRSP(s, 1, 1);
    EXP_CRSP(s, 1, 0, DENOVO_CRSP_LOAD, 1u, F_, w4(1, 0, 0, 0));
    EXP_L1(s, 1, F_, 0, "RIII", 0, w4(1, 0, 0, 0));
    EXP_L1(s, 0, F_, 0, "IIII", 0, w4(1, 0, 0, 0));
    EXP_L1Q(s, 1, .fdone = 0);
    EXP_REG(s, F_, 0, DENOVO_L2_V, 1u, 0, with(freg, 0, 1));
    EXP_L2Q(s);

    step(s, "5 (MP): SM1 wf1 loads X word 0: GETS; DATA to SM1 and the owner SM0; PDATA 0x5A: "
            "the flag's reader sees the data (r1 = 1 and r2 = 0 forbidden)");
    load(s, 1, 1, X_, 0, false);
    settle(s);
    EXP_NMSG(s, 1, 0, 1, 1);
    EXP_MSG(s, N_REQ, 0, .kind = DENOVO_MSG_GETS, .from = 1, .line = X_);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_DATA, .dst = 3u, .req = 1, .line = X_, .mask = 1u,
            .d = w4(0, x1, x2, x3));
    EXP_MSG(s, N_PEER, 0, .kind = DENOVO_MSG_PDATA, .from = 0, .dst = 1, .line = X_, .mask = 1u,
            .d = w4(0x5A, 0, 0, 0));
    EXP_NCRSP(s, 1, 1);
    EXP_CRSP(s, 1, 0, DENOVO_CRSP_LOAD, 2u, X_, w4(0x5A, x1, x2, x3));
    EXP_L1(s, 1, X_, 0, "VVVV", 0, w4(0x5A, x1, x2, x3));
    EXP_L1(s, 0, X_, 0, "RIII", 0, w4(0x5A, 0, 0, 0));
    for (uint32_t j = 0; j < NSM; j++)
        EXP_L1Q(s, j, .fdone = j == 0 ? 1u : 0u);
    EXP_L2Q(s);

    step(s, "6 (G1, G12 global): SM1 wf2 acquire load F again: C07 hit on the R flag, no "
            "message; INV: the V copy of X becomes I, F stays R");
    load_acq(s, 1, 2, F_, 0, true);
    settle(s);
    EXP_NMSG(s, 0, 0, 0, 0);
    EXP_NCRSP(s, 1, 1);
    EXP_CRSP(s, 1, 0, DENOVO_CRSP_LOAD, 4u, F_, w4(1, 0, 0, 0));
    EXP_L1(s, 1, F_, 0, "RIII", 0, w4(1, 0, 0, 0));
    EXP_L1(s, 1, X_, 0, "IIII", 0, w4(0x5A, x1, x2, x3));
}

static void t7(denovo_variant_t v, bool rtl) {
    sys_t* s = sys_open("T7 message passing", v, rtl);
    t7_mp(s);
    sys_close(s);
}

/* ================================================================================================
 * T8 (DD): the registry rows only a directed input reaches (denovo_l2.md section 8, B02 and
 * F63): the test puts the messages into the bank's FIFOs itself and holds the answers from the
 * L1s (they never asked for them).
 * ============================================================================================== */
static void t8_inject(mq_t* q, uint32_t kind, uint32_t src, uint32_t line, uint32_t mask,
                      uint32_t pmask, w4_t d) {
    denovo_msg_t m;
    memset(&m, 0, sizeof m);
    m.valid = true;
    m.kind = kind;
    m.src = src;
    m.line = line;
    m.mask = mask;
    m.pmask = pmask;
    memcpy(m.data, d.w, sizeof d.w);
    mq_push(q, &m);
}

static void t8_rows(sys_t* s) {
    const w4_t xreg = w4(0, memw(X_, 1), memw(X_, 2), memw(X_, 3));
    step(s, "1: SM0 stores X word 0 (0x80), GPU fence: REG, REGD, X word 0 R at SM0, slot 0");
    store(s, 0, 0, X_, 0x1u, 0x80u);
    fence(s, 0, 0, true);
    settle(s);
    EXP_NMSG(s, 1, 1, 2, 0);
    EXP_L1(s, 0, X_, 0, "RIII", 0, w4(0x80, 0, 0, 0));
    EXP_REG(s, X_, 0, DENOVO_L2_V, 1u, 0, xreg);

    step(s, "2 (F63, I4): a REG from SM0 of X words 0 and 1; word 0 is SM0's already (E = {0}): "
            "R01 registers word 1 alone, REGD(mask 2, pmask 0, word 1 from the registry), one "
            "protocol error");
    s->hold_rsp[0] = true;
    t8_inject(&s->breq, DENOVO_MSG_REG, 0, X_, 0x3u, 0, Z4);
    settle(s);
    EXP_NMSG(s, 0, 0, 1, 0);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_REGD, .dst = 1u, .req = 0, .line = X_, .mask = 2u,
            .d = w4(0, memw(X_, 1), 0, 0));
    EXP_REG(s, X_, 0, DENOVO_L2_V, 3u, 2u, w4(0, 0, memw(X_, 2), memw(X_, 3)));
    EXP_L1(s, 0, X_, 0, "RIII", 0, w4(0x80, 0, 0, 0));
    s->rspq[0].n = 0; /* the answer no MSHR of SM0 waits for: never delivered */
    s->hold_rsp[0] = false;
    s->l2_err_exp++;
    if (!s->rtl) {
        CK(s, "denovo_l2 F63 REG_OWN_ERR count", 1, denovo_l2_fcov(s->c2)[DENOVO_L2_F_REG_OWN_ERR]);
        CK(s, "denovo_l2 protocol errors after the REG", 1, denovo_l2_errors(s->c2));
    }

    step(s, "3 (B02): a WB from SM1 of Y word 0 (0x55), a line the registry does not hold: "
            "nothing but WBACK(dst SM1); no allocation, no DRAM traffic");
    s->hold_rsp[1] = true;
    t8_inject(&s->bwb, DENOVO_MSG_WB, 1, Y_, 0x1u, 0, w4(0x55u, 0, 0, 0));
    settle(s);
    EXP_NMSG(s, 0, 0, 1, 0);
    EXP_MSG(s, N_RSP, 0, .kind = DENOVO_MSG_WBACK, .dst = 2u, .line = Y_);
    EXP_DRAM(s, 0, 0, 0, 0, Z4);
    for (uint32_t w = 0; w < WAYS; w++) {
        const denovo_l2_line_t* l = &l2st(s)->line[(Y_ % SETS) * WAYS + w];
        CK(s, "registry set of Y: no way holds Y", 0, l->st != DENOVO_L2_I && l->tag == Y_ / SETS);
    }
    s->rspq[1].n = 0;
    s->hold_rsp[1] = false;
    if (!s->rtl)
        CK(s, "denovo_l2 row B02 count", 1, denovo_l2_cov(s->c2)[DENOVO_L2_T_B02]);
    EXP_L2Q(s);
}

static void t8(bool rtl) {
    sys_t* s = sys_open("T8 registry rows by directed input", DENOVO_D, rtl);
    t8_rows(s);
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
TWO(t1_release_forward_transfer, t1(false), t1(true))
TWO(t2_acquire_evict_reregister, t2(false), t2(true))
TWO(t3_selective_acquire_dd, t3(DENOVO_D, false), t3(DENOVO_D, true))
TWO(t3_selective_acquire_ddro, t3(DENOVO_D_RO, false), t3(DENOVO_D_RO, true))
TWO(t4_sync_queue, t4(false), t4(true))
TWO(t5_registry_recall, t5(false), t5(true))
TWO(t6_denovo_h_local, t6(false), t6(true))
TWO(t7_message_passing_dd, t7(DENOVO_D, false), t7(DENOVO_D, true))
TWO(t7_message_passing_dh, t7(DENOVO_H, false), t7(DENOVO_H, true))
TWO(t8_registry_directed_rows, t8(false), t8(true))

#define BOTH(name) cmocka_unit_test(name##_c), cmocka_unit_test(name##_rtl)

int main(void) {
    const struct CMUnitTest tests[] = {
        BOTH(t1_release_forward_transfer),
        BOTH(t2_acquire_evict_reregister),
        BOTH(t3_selective_acquire_dd),
        BOTH(t3_selective_acquire_ddro),
        BOTH(t4_sync_queue),
        BOTH(t5_registry_recall),
        BOTH(t6_denovo_h_local),
        BOTH(t7_message_passing_dd),
        BOTH(t7_message_passing_dh),
        BOTH(t8_registry_directed_rows),
    };
    const char* f = getenv("DENOVO_GOLDEN_FILTER");
    if (f && *f)
        cmocka_set_test_filter(f);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
