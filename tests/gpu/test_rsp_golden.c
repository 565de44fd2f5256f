/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_rsp_golden.c -- directed golden tests of remote-scope promotion (GPU-RSP,
 * docs/units/gpu/rsp.md section 13, tests T1-T7, T1's second run and run C, T2's runs A and B;
 * section 16 RD8 on one L1 alone) on the C models and on the Verilated RTL.
 *
 * The system (tests/gpu/rsp_harness.h): four gpu_l1 (SM 0..3, Hrf = 1, Rsp = 1, NumSm = 4) and
 * two gpu_l2 banks (Rsp = 1), all C models or all RTL; the test plays req (by line to bank
 * line & 1; TOKREQ / TOKREL, line 0, to bank 0), rsp (multicast by dst), peer (multicast by
 * dst, the sender included, src stamped, into gpu_l1_in_t.peer) and the DRAM with zero latency,
 * one message per destination port per edge, queued per destination. After every edge it
 * checks V-RSP1 (one holder, bank 0 names it), V-RSP3 (no C16 with rblk_q: an ATOMIC core
 * response in an edge without an ATOM), V-RSP4 (one command outstanding, the holder's bcnt_q =
 * NumSm - BACKs delivered, cfv only under a FLUSH, one message per (src, dst) on peer) and that a
 * LOCK meets rblk_q = 0 and an UNLOCK rblk_q = 1 (no I8 / I9).
 *
 * Every expected value is written by hand from rsp.md, gpu_l1.md and gpu_l2.md, never taken
 * from a model. Geometry: the GPU family's small configuration with Rsp = 1 (NumWf 4, LineBytes
 * 16, AddrWidth 16, L1 4 sets x 2 ways, L1Queue 2, SbEntries 4, SbIdle 64, WtCntWidth 3, L2 4
 * sets x 2 ways per bank, 4 MSHRs, L2Queue 2). L1 set = line mod 4 (x = 2 and lines 6, 10 in
 * set 2; 4, 8, 12 in set 0); memory 0 at the start. x = line 2 (bank 0), d = line 3 (bank 1),
 * word 0 of each.
 *
 * Readings (where the page leaves a choice; for the spec owner):
 *   Q1 A release store is given to the L1 as a FENCE of its scope and, once fence_done shows
 *      the wavefront's bit, a STORE with rel = 1 (test_gpu_golden's convention); an acq_rel
 *      atomic as a FENCE then an ATOMIC with acq = 1; a relaxed one without a fence.
 *   Q2 T7's victim v: by gpu_l1 L7, line 4 takes way 0 (rr 1), 8 way 1 (rr 0), so the store to
 *      12 evicts way 0: v = line 4.
 *   Q3 T2 step 9 names C04 for the acquire of x at SM0; x is not allocated there then (val,
 *      pend and dirty 0 after step 6 / a13), so gpu_l1's rows give C05. Only the values are
 *      checked.
 * Counters (section 11) and cover points are checked on the C models only.
 *
 * RSP_GOLDEN_FILTER (a cmocka filter such as "*_c") selects tests. GPUCOH_ROOT must point at
 * the repository for the RTL runs.
 */
#define _POSIX_C_SOURCE 200809L
#include "rsp_harness.h"

#define X_ 2u /* bank 0, L1 set 2 */
#define D_ 3u /* bank 1, L1 set 3 */

/* ---- core operations ------------------------------------------------------------------------- */

static gpu_core_req_t creq(uint32_t op, uint32_t wf, uint32_t line) {
    gpu_core_req_t r;
    memset(&r, 0, sizeof r);
    r.valid = true;
    r.op = op;
    r.wf = wf;
    r.line = line;
    return r;
}

static void push(sys_t* s, uint32_t j, const gpu_core_req_t* r) {
    assert_true(s->cqn[j] < QMAX);
    s->cq[j][s->cqn[j]++] = *r;
}

static void load(sys_t* s, uint32_t j, uint32_t wf, uint32_t line) {
    const gpu_core_req_t r = creq(GPU_OP_LOAD, wf, line);
    push(s, j, &r);
}

/* acquire load: scope rm, or cta */
static void load_acq(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, bool rm) {
    gpu_core_req_t r = creq(GPU_OP_LOAD, wf, line);
    r.acq = true;
    r.rm = rm;
    push(s, j, &r);
}

static void store(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t v) {
    gpu_core_req_t r = creq(GPU_OP_STORE, wf, line);
    r.data[0] = v;
    r.mask[0] = 0xFu;
    push(s, j, &r);
}

/* ticks until L1 j shows wf's fence_done bit (at most 200 edges) */
static void wait_fence(sys_t* s, uint32_t j, uint32_t wf) {
    for (uint32_t i = 0; i < 200 && !(s->o1[j].fence_done >> wf & 1u); i++)
        tick(s);
    ckf(s, __LINE__, "SM%u fence_done of the wavefront", j, 1, s->o1[j].fence_done >> wf & 1u);
}

/* a FENCE (rm: scope rm, else cta), waited for (Q1) */
static void fence(sys_t* s, uint32_t j, uint32_t wf, bool rm) {
    gpu_core_req_t r = creq(GPU_OP_FENCE, wf, 0);
    r.rm = rm;
    push(s, j, &r);
    run(s, 2);
    wait_fence(s, j, wf);
}

/* release store (Q1): its fence, then the STORE with rel = 1 */
static void store_rel(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, uint32_t v, bool rm) {
    fence(s, j, wf, rm);
    gpu_core_req_t r = creq(GPU_OP_STORE, wf, line);
    r.data[0] = v;
    r.mask[0] = 0xFu;
    r.rel = true;
    r.rm = rm;
    push(s, j, &r);
}

/* the ATOMIC of an atom.add (word 0, addend 1) alone */
static void push_add(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, bool rm, bool acq) {
    gpu_core_req_t r = creq(GPU_OP_ATOMIC, wf, line);
    r.aop = GPU_AOP_ADD;
    r.a = 1;
    r.acq = acq;
    r.rm = rm;
    push(s, j, &r);
}

/* atom.add (word 0, addend 1): rm or cta; acq = acq_rel (its fence first, Q1) */
static void add(sys_t* s, uint32_t j, uint32_t wf, uint32_t line, bool rm, bool acq) {
    if (acq)
        fence(s, j, wf, rm);
    push_add(s, j, wf, line, rm, acq);
}

/* ---- waits ----------------------------------------------------------------------------------- */

/* ticks until SM j's rst_q == v (at most max edges) */
static void wait_rst(sys_t* s, uint32_t j, uint32_t v, uint32_t max) {
    for (uint32_t i = 0; i < max && s->sc[j].rst != v; i++)
        tick(s);
    ckf(s, __LINE__, "SM%u rst_q (waited for)", j, v, s->sc[j].rst);
}

/* ticks until SM j's rst_q has reached v in this step (it may have moved on) */
static void wait_reach(sys_t* s, uint32_t j, uint32_t v, uint32_t max) {
    for (uint32_t i = 0; i < max && s->rmax[j] < v; i++)
        tick(s);
    ckf(s, __LINE__, "SM%u rst_q reached (waited for)", j, v, s->rmax[j] >= v ? v : s->rmax[j]);
}

/* the latest core response of the step of SM j to wf (NULL: none) */
static const gpu_core_rsp_t* crsp_of(const sys_t* s, uint32_t j, uint32_t wf) {
    for (uint32_t k = s->ncrsp; k-- > 0;)
        if (s->crsp[k].who == j && (s->crsp[k].r.wf_mask >> wf & 1u))
            return &s->crsp[k].r;
    return NULL;
}

/* ticks until SM j answers wf (at most 300 edges) */
static void wait_crsp(sys_t* s, uint32_t j, uint32_t wf) {
    for (uint32_t i = 0; i < 300 && !crsp_of(s, j, wf); i++)
        tick(s);
}

/* SM j's wf got a core response of kind with word 0 = v in this step */
static void exp_crsp(sys_t* s, int ln, uint32_t j, uint32_t wf, uint32_t kind, uint32_t v) {
    const gpu_core_rsp_t* c = crsp_of(s, j, wf);
    ckf(s, ln, "SM%u core response for the wavefront", j, 1, c != NULL);
    if (!c)
        return;
    ckf(s, ln, "SM%u core response kind", j, kind, c->kind);
    ckf(s, ln, "SM%u core response word 0", j, v, c->data[0]);
}
#define EXP_CRSP(s, j, wf, kind, v) exp_crsp((s), __LINE__, (j), (wf), (kind), (v))

static uint32_t n_crsp(const sys_t* s, uint32_t j) {
    uint32_t n = 0;
    for (uint32_t k = 0; k < s->ncrsp; k++)
        n += s->crsp[k].who == j;
    return n;
}

/* ---- message counts of the step -------------------------------------------------------------- */

#define ANY 0xFFFFFFFFu

/* requests SM j sent of kind (line ANY: any) */
static uint32_t n_req(const sys_t* s, uint32_t j, uint32_t kind, uint32_t line) {
    uint32_t n = 0;
    for (uint32_t k = 0; k < s->nreq; k++)
        n += s->req[k].who == j && s->req[k].r.kind == kind &&
             (line == ANY || s->req[k].r.line == line);
    return n;
}

/* peer messages SM j sent of kind to dst */
static uint32_t n_peer(const sys_t* s, uint32_t j, uint32_t kind, uint64_t dst) {
    uint32_t n = 0;
    for (uint32_t k = 0; k < s->npeer; k++)
        n += s->peer[k].who == j && s->peer[k].p.kind == kind && s->peer[k].p.dst == dst;
    return n;
}

/* responses bank b sent of kind to dst for line */
static uint32_t n_rsp(const sys_t* s, uint32_t b, uint32_t kind, uint64_t dst, uint32_t line) {
    uint32_t n = 0;
    for (uint32_t k = 0; k < s->nrsp; k++)
        n += s->rsp[k].who == b && s->rsp[k].r.kind == kind && s->rsp[k].r.dst == dst &&
             (line == ANY || s->rsp[k].r.line == line);
    return n;
}

/* every message of the step: SM j sent r[j] requests and p[j] peer messages */
static void exp_totals(sys_t* s, int ln, const uint32_t* r, const uint32_t* p) {
    for (uint32_t j = 0; j < NSM; j++) {
        uint32_t nr = 0, np = 0;
        for (uint32_t k = 0; k < s->nreq; k++)
            nr += s->req[k].who == j;
        for (uint32_t k = 0; k < s->npeer; k++)
            np += s->peer[k].who == j;
        ckf(s, ln, "SM%u requests sent in the step", j, r[j], nr);
        ckf(s, ln, "SM%u peer messages sent in the step", j, p[j], np);
    }
}
#define EXP_TOTALS(s, r0, r1, r2, r3, p0, p1, p2, p3)                                              \
    exp_totals((s), __LINE__, (const uint32_t[]){r0, r1, r2, r3},                                  \
               (const uint32_t[]){p0, p1, p2, p3})

/* every L1 received the command from src and acknowledged it to src (one BACK each) */
static void exp_bcast(sys_t* s, int ln, uint32_t src, uint32_t kind) {
    ckf(s, ln, "SM%u broadcasts (dst = ALL) of the step's kind", src, 1, n_peer(s, src, kind, ALL));
    for (uint32_t j = 0; j < NSM; j++)
        ckf(s, ln, "SM%u BACKs to the issuer", j, 1, n_peer(s, j, GPU_PEER_BACK, 1u << src));
}
#define EXP_BCAST(s, src, kind) exp_bcast((s), __LINE__, (src), (kind))

/* SM j's broadcasts over the run, in order (a string of L, F, I, U) */
static void exp_cmds(sys_t* s, int ln, uint32_t j, const char* e) {
    static const char k[] = "-LFIUB";
    char got[33];
    uint32_t n = 0;
    for (; n < s->ncmds[j]; n++)
        got[n] = k[s->cmds[j][n] % 6u];
    got[n] = 0;
    char what[128];
    snprintf(what, sizeof what, "SM%%u broadcasts in order: expected %s got %s (equal)", e, got);
    ckf(s, ln, what, j, 1, strcmp(e, got) == 0);
}
#define EXP_CMDS(s, j, e) exp_cmds((s), __LINE__, (j), (e))

/* ---- state ----------------------------------------------------------------------------------- */

/* the way of L1 j holding line (allocated, tag), or NULL */
static const gpu_l1_line_t* l1line(sys_t* s, uint32_t j, uint32_t line) {
    const gpu_l1_state_t* t = l1st(s, j, true);
    for (uint32_t w = 0; w < WAYS; w++) {
        const gpu_l1_line_t* l = &t->line[(line % SETS) * WAYS + w];
        if ((l->val || l->pend || l->dirty[0]) && l->tag == line / SETS)
            return l;
    }
    return NULL;
}

/* L1_j[line] = (val, dirty mask of word 0 as 0 / F, data word 0); (0, 0, -): not allocated */
static void exp_l1(sys_t* s, int ln, uint32_t j, uint32_t line, uint32_t val, uint32_t dirty,
                   uint32_t data) {
    const gpu_l1_line_t* l = l1line(s, j, line);
    char p[96];
    snprintf(p, sizeof p, "SM%%u L1 line %u allocated", line);
    ckf(s, ln, p, j, val || dirty, l != NULL);
    if (!l)
        return;
    snprintf(p, sizeof p, "SM%%u L1 line %u val", line);
    ckf(s, ln, p, j, val, l->val);
    snprintf(p, sizeof p, "SM%%u L1 line %u dirty", line);
    ckf(s, ln, p, j, dirty, l->dirty[0]);
    snprintf(p, sizeof p, "SM%%u L1 line %u data word 0", line);
    ckf(s, ln, p, j, data, l->data[0]);
}
#define EXP_L1(s, j, line, val, dirty, data)                                                       \
    exp_l1((s), __LINE__, (j), (line), (val), (dirty), (data))
#define EXP_L1_NONE(s, j, line) exp_l1((s), __LINE__, (j), (line), 0, 0, 0)

/* SB_j = the n lines of e, in FIFO order */
static void exp_sb(sys_t* s, int ln, uint32_t j, uint32_t n, const uint32_t* e) {
    const gpu_l1_state_t* t = l1st(s, j, false);
    ckf(s, ln, "SM%u store-buffer entries", j, n, t->sbcnt);
    for (uint32_t k = 0; k < n && k < t->sbcnt; k++)
        ckf(s, ln, "SM%u store-buffer entry line", j, e[k], t->sb[k]);
}
#define EXP_SB(s, j, ...)                                                                          \
    exp_sb((s), __LINE__, (j), sizeof((uint32_t[]){__VA_ARGS__}) / 4u, (uint32_t[]){__VA_ARGS__})
#define EXP_SB0(s, j) exp_sb((s), __LINE__, (j), 0, NULL)

/* SM j's rst_q and rsnt_q */
static void exp_rst(sys_t* s, int ln, uint32_t j, uint32_t rst, uint32_t rsnt) {
    const gpu_l1_state_t* t = l1st(s, j, false);
    ckf(s, ln, "SM%u rst_q", j, rst, t->rst);
    ckf(s, ln, "SM%u rsnt_q", j, rsnt, t->rsnt);
}
#define EXP_RST(s, j, rst, rsnt) exp_rst((s), __LINE__, (j), (rst), (rsnt))

static void exp_rblk_all(sys_t* s, int ln, uint32_t v) {
    for (uint32_t j = 0; j < NSM; j++)
        ckf(s, ln, "SM%u rblk_q", j, v, l1st(s, j, false)->rblk);
}
#define EXP_RBLK(s, v) exp_rblk_all((s), __LINE__, (v))

/* tok = bank 0's (tbusy, town, twait) */
static void exp_tok(sys_t* s, int ln, uint32_t busy, uint32_t own, uint32_t wait) {
    const gpu_l2_state_t* t = l2st(s, 0, false);
    ckf(s, ln, "bank %u tbusy_q", 0, busy, t->tbusy);
    ckf(s, ln, "bank %u town_q", 0, own, t->town);
    ckf(s, ln, "bank %u twait_q", 0, wait, t->twait);
    ckf(s, ln, "bank %u tbusy_q (never used)", 1, 0, l2st(s, 1, false)->tbusy);
}
#define EXP_TOK(s, b, o, w) exp_tok((s), __LINE__, (b), (o), (w))

/* word 0 of line at its bank (V or D), or the DRAM image when the bank does not hold it */
static uint32_t l2val(sys_t* s, uint32_t line) {
    const gpu_l2_state_t* t = l2st(s, line & 1u, true);
    const uint32_t set = (line >> 1) % SETS, tag = ((line >> 3) << 1) | (line & 1u);
    for (uint32_t w = 0; w < WAYS; w++) {
        const gpu_l2_line_t* l = &t->line[set * WAYS + w];
        if (l->tag == tag && (l->st == GPU_L2_V || l->st == GPU_L2_D))
            return l->data[0];
        if (l->tag == tag && l->st == GPU_L2_P)
            return 0xDEADBEEFu; /* pending: no value */
    }
    return s->mem[line % NLINE][0];
}
#define EXP_L2(s, line, v) ckf((s), __LINE__, "L2 line %u word 0", (line), (v), l2val((s), (line)))

/* C models only: SM j's counters */
static gpu_l1_stats_t stats(const sys_t* s, uint32_t j) {
    gpu_l1_stats_t t;
    memset(&t, 0, sizeof t);
    if (!s->rtl)
        gpu_l1_stats(s->c1[j], &t);
    return t;
}
static uint64_t fcov1(const sys_t* s, uint32_t j, gpu_l1_fcov_t f) {
    return gpu_l1_fcov(s->c1[j])[f];
}
static uint64_t fcov2(const sys_t* s, gpu_l2_fcov_t f) {
    return gpu_l2_fcov(s->c2[0])[f];
}
static uint64_t cov1(const sys_t* s, uint32_t j, gpu_l1_trans_t r) {
    return gpu_l1_cov(s->c1[j])[r];
}

/* every TOKREQ / TOKREL of the step has line 0 and a zero payload (section 3, review M1) */
static void exp_tok_payload(sys_t* s, int ln) {
    for (uint32_t k = 0; k < s->nreq; k++) {
        const gpu_req_t* r = &s->req[k].r;
        if (r->kind != GPU_REQ_TOKREQ && r->kind != GPU_REQ_TOKREL)
            continue;
        uint64_t pay = r->line | r->wf | r->acq | r->aop | r->word | r->a | r->b;
        for (uint32_t w = 0; w < GPU_MAX_LINE_WORDS; w++)
            pay |= r->data[w];
        for (uint32_t w = 0; w < GPU_MASK_WORDS; w++)
            pay |= r->mask[w];
        ckf(s, ln, "SM%u TOKREQ / TOKREL line and payload (0)", s->req[k].who, 0, pay);
    }
    for (uint32_t k = 0; k < s->nrsp; k++)
        if (s->rsp[k].r.kind == GPU_RSP_GNT)
            ckf(s, ln, "bank %u GNT line, wf, acq, data word 0", s->rsp[k].who, 0,
                s->rsp[k].r.line | s->rsp[k].r.wf | s->rsp[k].r.acq | s->rsp[k].r.data[0]);
}
#define EXP_TOKP(s) exp_tok_payload((s), __LINE__)

/* ticks until bank 0's token is free (at most max edges) */
static void wait_tok_free(sys_t* s, uint32_t max) {
    for (uint32_t i = 0; i < max && s->tbusy; i++)
        tick(s);
    CK(s, "bank 0 tbusy_q (waited for 0)", 0, s->tbusy);
}

/* the index in the step's request log of SM j's first request of kind for line, or LOGMAX */
static uint32_t req_at(const sys_t* s, uint32_t j, uint32_t kind, uint32_t line) {
    for (uint32_t k = 0; k < s->nreq; k++)
        if (s->req[k].who == j && s->req[k].r.kind == kind && s->req[k].r.line == line)
            return k;
    return LOGMAX;
}

/* ---- T1: G3, remote acquire of a CTA release ---------------------------------------------------
 */

static void t1_warm_stores(sys_t* s) {
    step(s, "T1 warm-up: SM1 ld d (C05, R01)");
    load(s, 1, 0, D_);
    settle(s);
    EXP_CRSP(s, 1, 0, GPU_CRSP_LOAD, 0);
    EXP_L1(s, 1, D_, 1, 0, 0);
    step(s, "T1 1: SM0 wf0 st d 42 (C12)");
    store(s, 0, 0, D_, 42);
    settle(s);
    EXP_L1(s, 0, D_, 0, 0xF, 42);
    EXP_SB(s, 0, D_);
    EXP_L2(s, D_, 0);
    step(s, "T1 2: SM0 wf0 st.release.cta x 1 (C20, C12)");
    store_rel(s, 0, 0, X_, 1, false);
    settle(s);
    EXP_L1(s, 0, X_, 0, 0xF, 1);
    EXP_SB(s, 0, D_, X_);
    EXP_L2(s, X_, 0);
    CK(s, "SM0 requests in step 2 (a6: no coherence action)", 0, s->nreq);
}

/* steps 3 and 4: T and a3; the acquire reads v */
static void t1_take_read(sys_t* s, uint32_t v) {
    step(s, "T1 3: SM1 ld.acquire.rm x: C24 TOKREQ, T01, GNT, R07");
    load_acq(s, 1, 0, X_, true);
    wait_rst(s, 1, 2, 40);
    EXP_TOK(s, 1, 1, 0);
    EXP_RST(s, 1, 2, 0);
    CK(s, "SM1 TOKREQs", 1, n_req(s, 1, GPU_REQ_TOKREQ, 0));
    CK(s, "bank 0 GNTs to SM1 (dst 0b0010)", 1, n_rsp(s, 0, GPU_RSP_GNT, 2, 0));
    CK(s, "SM1 core responses before a3", 0, n_crsp(s, 1));
    EXP_TOTALS(s, 0, 1, 0, 0, 0, 0, 0, 0);
    CK(s, "bank responses in step 3 (the GNT)", 1, s->nrsp);
    EXP_TOKP(s);
    step(s, "T1 4: a3: C25 GETS x; G01 DATA; R01");
    wait_rst(s, 1, 3, 60);
    EXP_CRSP(s, 1, 0, GPU_CRSP_LOAD, v);
    EXP_L1(s, 1, X_, 1, 0, v);
    EXP_RST(s, 1, 3, 0);
    CK(s, "SM1 GETS x", 1, n_req(s, 1, GPU_REQ_GETS, X_));
    CK(s, "bank 0 DATA x to SM1", 1, n_rsp(s, 0, GPU_RSP_DATA, 2, X_));
    EXP_TOTALS(s, 0, 1, 0, 0, 0, 0, 0, 0);
}

/* steps 6 and 7: a5 INV at SM1, U */
static void t1_inv_release(sys_t* s, uint32_t n_acq) {
    step(s, "T1 6: a5: C27 INV at SM1");
    wait_rst(s, 1, 5, 20);
    EXP_L1_NONE(s, 1, X_);
    EXP_L1_NONE(s, 1, D_);
    EXP_TOTALS(s, 0, 0, 0, 0, 0, 0, 0, 0);
    CK(s, "SM1 local_inval (C27)", s->rtl ? 0 : n_acq, stats(s, 1).local_inval);
    step(s, "T1 7: U: C30 TOKREL; T03");
    wait_tok_free(s, 20);
    EXP_TOK(s, 0, 1, 0);
    EXP_RST(s, 1, 0, 0);
    CK(s, "SM1 core FIFO (popped)", 0, l1st(s, 1, false)->fcnt);
    CK(s, "SM1 TOKRELs", 1, n_req(s, 1, GPU_REQ_TOKREL, 0));
    EXP_TOTALS(s, 0, 1, 0, 0, 0, 0, 0, 0);
    CK(s, "SM1 rm_acquires", s->rtl ? 0 : n_acq, stats(s, 1).rm_acquires);
    EXP_TOKP(s);
}

static void t1_step5(sys_t* s) {
    step(s, "T1 5: a4: FLUSH to 0xF; K04 x 4; SM0 B09 WT d, WT x; K05; K06 x 4");
    wait_rst(s, 1, 4, 80);
    EXP_BCAST(s, 1, GPU_PEER_FLUSH);
    CK(s, "SM0 WT d", 1, n_req(s, 0, GPU_REQ_WT, D_));
    CK(s, "SM0 WT x", 1, n_req(s, 0, GPU_REQ_WT, X_));
    CK(s, "SM0 WT d before WT x (FIFO)", 1,
       req_at(s, 0, GPU_REQ_WT, D_) < req_at(s, 0, GPU_REQ_WT, X_));
    CK(s, "SM0 K04 cfl (sbcnt_d)", 2, s->k04_cfl[0]);
    EXP_TOTALS(s, 2, 0, 0, 0, 1, 2, 1, 1);
    for (uint32_t j = 1; j < NSM; j++) {
        ckf(s, __LINE__, "SM%u WTs", j, 0, n_req(s, j, GPU_REQ_WT, ANY));
        ckf(s, __LINE__, "SM%u BACK before SM0's (K05 waits for the ACKs)", j, 1,
            s->back_cyc[j] < s->back_cyc[0]);
    }
    EXP_L2(s, D_, 42);
    EXP_L2(s, X_, 1);
    EXP_L1_NONE(s, 0, D_);
    EXP_L1_NONE(s, 0, X_);
    EXP_SB0(s, 0);
    EXP_RST(s, 1, 4, 0);
    CK(s, "SM1 bcnt_q", 0, l1st(s, 1, false)->bcnt);
    if (s->rtl)
        return;
    CK(s, "SM1 local_flush", 1, stats(s, 1).local_flush);
    CK(s, "SM1 remote_flush", 0, stats(s, 1).remote_flush);
    for (uint32_t j = 0; j < NSM; j += (j == 0) ? 2 : 1)
        ckf(s, __LINE__, "SM%u remote_flush", j, 1, stats(s, j).remote_flush);
    CK(s, "SM1 bcst_flush", 1, stats(s, 1).bcst_flush);
}

static void t1_step9(sys_t* s) {
    step(s, "T1 9: SM1 wf0 ld d: C05, GETS d, DATA 42");
    load(s, 1, 0, D_);
    settle(s);
    EXP_CRSP(s, 1, 0, GPU_CRSP_LOAD, 42);
    CK(s, "SM1 GETS d", 1, n_req(s, 1, GPU_REQ_GETS, D_));
    CK(s, "bank 1 DATA d to SM1", 1, n_rsp(s, 1, GPU_RSP_DATA, 2, D_));
}

static void t1(bool rtl) {
    sys_t* s = sys_open("T1", rtl);
    t1_warm_stores(s);
    t1_take_read(s, 0);
    t1_step5(s);
    const uint64_t f57 = s->rtl ? 0 : fcov1(s, 0, GPU_L1_F_FLUSH_EMPTY);
    t1_inv_release(s, 1);
    t1_take_read(s, 1); /* step 8: the spin repeats */
    step(s, "T1 8: the second a4 finds every buffer empty");
    wait_rst(s, 1, 4, 80);
    EXP_BCAST(s, 1, GPU_PEER_FLUSH);
    for (uint32_t j = 0; j < NSM; j++) {
        ckf(s, __LINE__, "SM%u K04 cfl (empty buffer)", j, 0, s->k04_cfl[j]);
        ckf(s, __LINE__, "SM%u WTs", j, 0, n_req(s, j, GPU_REQ_WT, ANY));
        if (!s->rtl)
            ckf(s, __LINE__, "SM%u F57 FLUSH_EMPTY", j, 1, fcov1(s, j, GPU_L1_F_FLUSH_EMPTY) >= 1);
    }
    CK(s, "SM0 F57 FLUSH_EMPTY new in step 8", 1,
       s->rtl || fcov1(s, 0, GPU_L1_F_FLUSH_EMPTY) > f57);
    t1_inv_release(s, 2);
    EXP_CMDS(s, 1, "FF");
    t1_step9(s);
    sys_close(s);
}

/* T1's second run: the idle drain sends WT d, WT x before step 3; bank 1 holds d */
static void t1b(bool rtl) {
    sys_t* s = sys_open("T1 second run", rtl);
    t1_warm_stores(s);
    step(s, "T1b idle drain (SbIdle): WT d then WT x; bank 1 held");
    s->hold_bank = 2;
    for (uint32_t i = 0; i < 120 && n_req(s, 0, GPU_REQ_WT, ANY) < 2; i++)
        tick(s);
    settle(s);
    CK(s, "SM0 WT d before WT x", 1, req_at(s, 0, GPU_REQ_WT, D_) < req_at(s, 0, GPU_REQ_WT, X_));
    CK(s, "SM0 WT x", 1, n_req(s, 0, GPU_REQ_WT, X_));
    EXP_SB0(s, 0);
    CK(s, "SM0 wtp_q (d's ACK outstanding)", 1, l1st(s, 0, false)->wtp);
    EXP_L2(s, X_, 1);
    EXP_L2(s, D_, 0);
    t1_take_read(s, 1);
    step(s, "T1b 5: a4: SM0's FLUSH finds cfl = 0, wtp = 1: no BACK until d's ACK (F60)");
    for (uint32_t i = 0; i < 40 && s->sc[1].bcnt != 1; i++)
        tick(s);
    run(s, 10);
    CK(s, "SM1 bcnt_q (SM0's BACK missing)", 1, s->sc[1].bcnt);
    CK(s, "SM0 cfv_q", 1, s->sc[0].cfv);
    CK(s, "SM0 cfl_q", 0, s->sc[0].cfl);
    CK(s, "SM0 K04 cfl", 0, s->k04_cfl[0]);
    CK(s, "SM0 wtp_q", 1, s->sc[0].wtp);
    CK(s, "SM0 BACKs before d's ACK", 0, n_peer(s, 0, GPU_PEER_BACK, 2));
    s->hold_bank = 0;
    wait_rst(s, 1, 4, 40);
    EXP_BCAST(s, 1, GPU_PEER_FLUSH);
    CK(s, "SM0 BACK one edge after wtp reached 0 (K05 reads wtp_q)", s->wtp0_cyc[0] + 1,
       s->back_cyc[0]);
    EXP_L2(s, D_, 42);
    if (!s->rtl)
        CK(s, "SM0 F60 FLUSH_WAIT_ACKS", 1, fcov1(s, 0, GPU_L1_F_FLUSH_WAIT_ACKS) >= 1);
    t1_inv_release(s, 1);
    EXP_CMDS(s, 1, "F");
    t1_step9(s);
    sys_close(s);
}

/* SM1's LOAD responses of the step, in order, into v (at most n); returns their count */
static uint32_t sm1_loads(const sys_t* s, uint32_t* v, uint32_t n) {
    uint32_t k = 0;
    for (uint32_t i = 0; i < s->ncrsp && k < n; i++)
        if (s->crsp[i].who == 1 && s->crsp[i].r.kind == GPU_CRSP_LOAD)
            v[k++] = s->crsp[i].r.data[0];
    return k;
}

/* T1 run C (mutant 20-acq-flush-first): SM0's release and an eviction of x between the FLUSH's
 * BACK and a3 (SM1's requests held meanwhile) */
static void t1c(bool rtl) {
    sys_t* s = sys_open("T1 run C", rtl);
    step(s, "T1c: SM1 ld.acquire.rm x until 1; SM0 stores after its FLUSH BACK");
    load_acq(s, 1, 0, X_, true);
    for (uint32_t i = 0; i < 100 && n_peer(s, 0, GPU_PEER_BACK, 2) == 0; i++)
        tick(s);
    s->hold_src = 2;
    store(s, 0, 0, D_, 42);
    store_rel(s, 0, 0, X_, 1, false);
    store(s, 0, 0, 6, 6);
    store(s, 0, 0, 10, 10);
    settle(s);
    CK(s, "SM0 WT x (V01: 10 evicts x alone)", 1, n_req(s, 0, GPU_REQ_WT, X_));
    CK(s, "SM0 WT d", 0, n_req(s, 0, GPU_REQ_WT, D_));
    EXP_L1(s, 0, D_, 0, 0xF, 42);
    EXP_L2(s, X_, 1);
    s->hold_src = 0;
    settle(s);
    uint32_t v[8];
    for (uint32_t it = 0; it < 3 && sm1_loads(s, v, 8) && v[sm1_loads(s, v, 8) - 1] != 1; it++) {
        load_acq(s, 1, 0, X_, true);
        settle(s);
    }
    load(s, 1, 0, D_);
    settle(s);
    const uint32_t n = sm1_loads(s, v, 8);
    CK(s, "SM1 loads (acquire 0, acquire 1, ld d)", 3, n);
    CK(s, "SM1 first acquire (a3 before SM0's release)", 0, n > 0 ? v[0] : 99);
    CK(s, "SM1 second acquire", 1, n > 1 ? v[1] : 99);
    CK(s, "SM1 ld d after the acquire read 1 (hrf-rsp)", 42, n > 2 ? v[2] : 99);
    sys_close(s);
}

/* the counters of section 11 after T2 / T3 (C models): issuer SM1 with b broadcasts of each
 * kind ("LFIU" counts), every L1 taking each FLUSH / INV */
static void exp_bcst_counters(sys_t* s, int ln, uint32_t lk, uint32_t fl, uint32_t inv) {
    if (s->rtl)
        return;
    const gpu_l1_stats_t t = stats(s, 1);
    ck(s, ln, "SM1 bcst_lock", lk, t.bcst_lock);
    ck(s, ln, "SM1 bcst_flush", fl, t.bcst_flush);
    ck(s, ln, "SM1 bcst_inv", inv, t.bcst_inv);
    ck(s, ln, "SM1 bcst_unlock", lk, t.bcst_unlock);
    ck(s, ln, "SM1 local_flush", fl, t.local_flush);
    ck(s, ln, "SM1 local_inval (K03 of its own INVs)", inv, t.local_inval);
    ck(s, ln, "SM1 remote_flush", 0, t.remote_flush);
    ck(s, ln, "SM1 rm_cycles (rst_q != 0)", 1, t.rm_cycles > 0);
    for (uint32_t j = 0; j < NSM; j += (j == 0) ? 2 : 1) {
        ckf(s, ln, "SM%u remote_flush", j, fl, stats(s, j).remote_flush);
        ckf(s, ln, "SM%u remote_inval", j, inv, stats(s, j).remote_inval);
        ckf(s, ln, "SM%u bcst_flush", j, 0, stats(s, j).bcst_flush);
    }
}

/* ---- T2: G4, remote release with an owner's CTA RMW --------------------------------------------
 */

/* the index in the step's take log of bank b's first request of kind from src, or LOGMAX */
static uint32_t take_at(const sys_t* s, uint32_t b, uint32_t kind, uint32_t src) {
    for (uint32_t k = 0; k < s->ntake; k++)
        if (s->take[k].who == b && s->take[k].r.kind == kind && s->take[k].r.src == src)
            return k;
    return LOGMAX;
}

static uint64_t c16_all(const sys_t* s) {
    uint64_t n = 0;
    for (uint32_t j = 0; j < NSM && !s->rtl; j++)
        n += cov1(s, j, GPU_L1_T_C16);
    return n;
}

static void t2_to_step3(sys_t* s) {
    step(s, "T2 warm-up: SM0 wf1 ld x");
    load(s, 0, 1, X_);
    settle(s);
    EXP_L1(s, 0, X_, 1, 0, 0);
    step(s, "T2 1: SM1 wf0 st d 7 (C12)");
    store(s, 1, 0, D_, 7);
    settle(s);
    EXP_L1(s, 1, D_, 0, 0xF, 7);
    EXP_SB(s, 1, D_);
    step(s, "T2 2: SM1 st.release.rm x 1: FENCE rm (C21, B01 WT d, B07); C24, T01, GNT, R07");
    store_rel(s, 1, 0, X_, 1, true);
    CK(s, "SM1 WT d (B01)", 1, n_req(s, 1, GPU_REQ_WT, D_));
    EXP_L2(s, D_, 7);
    EXP_SB0(s, 1);
    wait_rst(s, 1, 2, 40);
    EXP_TOK(s, 1, 1, 0);
    EXP_RST(s, 1, 2, 0);
    CK(s, "SM1 peer messages before a9", 0, s->npeer);
    EXP_TOKP(s);
    step(s, "T2 3: a9: LOCK to 0xF, K01 x 4, K06 x 4");
    wait_rst(s, 1, 3, 40);
    EXP_BCAST(s, 1, GPU_PEER_LOCK);
    EXP_RBLK(s, 1);
}

static void t2_to_step6(sys_t* s, uint64_t c16) {
    step(s, "T2 4-5: SM0 wf1 atom.add.cta x 1: S07; a10: FLUSH, K04, K05 everywhere");
    add(s, 0, 1, X_, false, false);
    wait_rst(s, 1, 4, 60);
    EXP_BCAST(s, 1, GPU_PEER_FLUSH);
    for (uint32_t j = 0; j < NSM; j++)
        ckf(s, __LINE__, "SM%u WTs (buffers empty)", j, 0, n_req(s, j, GPU_REQ_WT, ANY));
    CK(s, "SM0 core responses (S07: nothing performed)", 0, n_crsp(s, 0));
    CK(s, "SM0 requests (S07)", 0, s->nreq ? n_req(s, 0, GPU_REQ_ATOMIC, ANY) : 0);
    EXP_L1(s, 0, X_, 1, 0, 0);
    if (!s->rtl) {
        CK(s, "SM0 F56 LOCK_STALL", 1, fcov1(s, 0, GPU_L1_F_LOCK_STALL) >= 1);
        CK(s, "SM0 lock_stall_cycles", 1, stats(s, 0).lock_stall_cycles >= 1);
        CK(s, "C16 at any L1 since step 3", c16, c16_all(s));
    }
    step(s, "T2 6: a11: INV, K03 everywhere; SM0's head C18 (F67)");
    wait_rst(s, 1, 5, 40);
    EXP_BCAST(s, 1, GPU_PEER_INV);
    EXP_L1_NONE(s, 0, X_);
}

/* T2 run A (a = true: SM0's ATOMIC first) or B (SM1's WT first) */
static void t2(bool rtl, bool a) {
    sys_t* s = sys_open(a ? "T2 run A" : "T2 run B", rtl);
    t2_to_step3(s);
    const uint64_t c16 = c16_all(s);
    s->hold_src = a ? 2u : 1u; /* A: SM1 waits until SM0's ATOMIC is taken; B: the reverse */
    const uint32_t at0 = s->taken[GPU_REQ_ATOMIC][0], wt1 = s->taken[GPU_REQ_WT][1];
    t2_to_step6(s, c16);
    substep(s,
            a ? "T2 7 A: A01 x 0 -> 1, then C28 WT W01" : "T2 7 B: C28 WT W01, then A01 x 1 -> 2");
    for (uint32_t i = 0; i < 60 && s->hold_src; i++) {
        if (a && s->taken[GPU_REQ_ATOMIC][0] > at0)
            s->hold_src = 0;
        if (!a && s->taken[GPU_REQ_WT][1] > wt1)
            s->hold_src = 0;
        tick(s);
    }
    CK(s, "hold released (the held request was taken)", 0, s->hold_src);
    wait_crsp(s, 0, 1);
    wait_reach(s, 1, 6, 60);
    CK(s, "SM0 ATOMIC x to bank 0 (C18)", 1, n_req(s, 0, GPU_REQ_ATOMIC, X_));
    CK(s, "SM1 WT x (C28)", 1, n_req(s, 1, GPU_REQ_WT, X_));
    CK(s, "bank 0 order: ATOMIC before WT (run A) / after (run B)", a,
       take_at(s, 0, GPU_REQ_ATOMIC, 0) < take_at(s, 0, GPU_REQ_WT, 1));
    EXP_CRSP(s, 0, 1, GPU_CRSP_ATOMIC, a ? 0 : 1);
    if (!s->rtl)
        CK(s, "SM0 F67 LOCKED_ATOM_TO_L2", 1, fcov1(s, 0, GPU_L1_F_LOCKED_ATOM_TO_L2) >= 1);
    substep(s, "T2 8: a13 INV; a14 UNLOCK, K02 x 4; U, T03");
    wait_tok_free(s, 80);
    EXP_RBLK(s, 0);
    EXP_TOK(s, 0, 1, 0);
    EXP_RST(s, 1, 0, 0);
    CK(s, "SM1 INV broadcasts (a11, a13)", 2, n_peer(s, 1, GPU_PEER_INV, ALL));
    CK(s, "SM1 UNLOCK broadcasts (a14)", 1, n_peer(s, 1, GPU_PEER_UNLOCK, ALL));
    CK(s, "C16 at any L1 from step 3 to 8 (V-RSP2, V-RSP3)", c16, c16_all(s));
    EXP_CMDS(s, 1, "LFIIU"); /* a9-a11, a13, a14 */
    exp_bcst_counters(s, __LINE__, 1, 1, 2);
    EXP_L2(s, X_, a ? 1 : 2);
    if (!s->rtl)
        CK(s, "SM1 rm_releases", 1, stats(s, 1).rm_releases);
    step(s, "T2 9: SM0 wf0 ld.acquire.cta x; ld d");
    load_acq(s, 0, 0, X_, false);
    settle(s);
    EXP_CRSP(s, 0, 0, GPU_CRSP_LOAD, a ? 1 : 2);
    load(s, 0, 0, D_);
    settle(s);
    EXP_CRSP(s, 0, 0, GPU_CRSP_LOAD, 7);
    sys_close(s);
}

/* ---- T3: G12, RMW atomicity: CTA atomics of one CTA and a remote atomic ------------------------
 */

static void t3_to_step4(sys_t* s) {
    step(s, "T3 warm-up: SM0 wf3 ld x");
    load(s, 0, 3, X_);
    settle(s);
    EXP_L1(s, 0, X_, 1, 0, 0);
    step(s, "T3 1: SM0 wf0 atom.add.cta x 1 (C16)");
    add(s, 0, 0, X_, false, false);
    settle(s);
    EXP_CRSP(s, 0, 0, GPU_CRSP_ATOMIC, 0);
    EXP_L1(s, 0, X_, 1, 0xF, 1);
    EXP_SB(s, 0, X_);
    EXP_L2(s, X_, 0);
    step(s, "T3 2: SM1 atom.add.acq_rel.rm x 1: FENCE rm (C21, B07), T; a19 LOCK");
    add(s, 1, 0, X_, true, true);
    wait_rst(s, 1, 3, 80);
    EXP_BCAST(s, 1, GPU_PEER_LOCK);
    EXP_RBLK(s, 1);
    EXP_TOK(s, 1, 1, 0);
    step(s, "T3 3: a20: FLUSH; SM0 K04 (cfl 1), B09 WT(x, 1); W01, ACK; K05; K06 x 4");
    wait_rst(s, 1, 4, 60);
    EXP_BCAST(s, 1, GPU_PEER_FLUSH);
    CK(s, "SM0 K04 cfl", 1, s->k04_cfl[0]);
    CK(s, "SM0 WT x", 1, n_req(s, 0, GPU_REQ_WT, X_));
    EXP_TOTALS(s, 1, 0, 0, 0, 1, 2, 1, 1);
    EXP_L2(s, X_, 1);
    EXP_L1(s, 0, X_, 1, 0, 1);
    EXP_SB0(s, 0);
    step(s, "T3 4: a21: INV, K03 x 4");
    wait_rst(s, 1, 5, 40);
    s->hold_src = 2; /* SM1's a22 waits until SM0's step-5 load is answered */
    EXP_BCAST(s, 1, GPU_PEER_INV);
    EXP_L1_NONE(s, 0, X_);
}

static void t3(bool rtl) {
    sys_t* s = sys_open("T3", rtl);
    t3_to_step4(s);
    step(s, "T3 5: SM0 wf3 ld x: C05, GETS x, DATA 1 (between a21 and a22)");
    load(s, 0, 3, X_);
    wait_crsp(s, 0, 3);
    EXP_CRSP(s, 0, 3, GPU_CRSP_LOAD, 1);
    EXP_L1(s, 0, X_, 1, 0, 1);
    step(s, "T3 6: SM0 wf1 atom.add.cta x 1: S07 (F56)");
    add(s, 0, 1, X_, false, false);
    run(s, 10);
    CK(s, "SM0 core responses (S07)", 0, n_crsp(s, 0));
    CK(s, "SM0 requests (S07)", 0, n_req(s, 0, GPU_REQ_ATOMIC, ANY));
    if (!s->rtl)
        CK(s, "SM0 F56 LOCK_STALL", 1, fcov1(s, 0, GPU_L1_F_LOCK_STALL) >= 1);
    step(s, "T3 7: a22: C29 ATOMIC(x, add 1, acq 0); A01 x 1 -> 2; ATOM to SM1");
    s->hold_src = 0;
    wait_rst(s, 1, 6, 40);
    EXP_CRSP(s, 1, 0, GPU_CRSP_ATOMIC, 1);
    const uint32_t k = take_at(s, 0, GPU_REQ_ATOMIC, 1); /* sent while held (step 6) */
    CK(s, "SM1 ATOMIC taken by bank 0", 1, k < LOGMAX);
    if (k < LOGMAX) {
        CK(s, "SM1 ATOMIC line", X_, s->take[k].r.line);
        CK(s, "SM1 ATOMIC acq (C29: 0)", 0, s->take[k].r.acq);
        CK(s, "SM1 ATOMIC aop", GPU_AOP_ADD, s->take[k].r.aop);
        CK(s, "SM1 ATOMIC a", 1, s->take[k].r.a);
    }
    EXP_L2(s, X_, 2);
    CK(s, "SM0 core responses (still S07)", 0, n_crsp(s, 0));
    step(s, "T3 8: a23 FLUSH (nothing dirty); a24 INV; SM0 C18: A01 x 2 -> 3");
    wait_crsp(s, 0, 1);
    EXP_CRSP(s, 0, 1, GPU_CRSP_ATOMIC, 2);
    CK(s, "SM1 FLUSH (a23)", 1, n_peer(s, 1, GPU_PEER_FLUSH, ALL));
    CK(s, "SM1 INV (a24)", 1, n_peer(s, 1, GPU_PEER_INV, ALL));
    for (uint32_t j = 0; j < NSM; j++)
        ckf(s, __LINE__, "SM%u WTs (nothing dirty)", j, 0, n_req(s, j, GPU_REQ_WT, ANY));
    EXP_L1_NONE(s, 0, X_);
    step(s, "T3 9: a25 UNLOCK, K02 x 4; U, T03");
    wait_tok_free(s, 60);
    EXP_RBLK(s, 0);
    EXP_TOK(s, 0, 1, 0);
    EXP_RST(s, 1, 0, 0);
    EXP_L2(s, X_, 3);
    EXP_CMDS(s, 1, "LFIFIU"); /* a19-a21, a23-a25: the unlock last (mutant 23) */
    exp_bcst_counters(s, __LINE__, 1, 2, 2);
    step(s, "T3 10: SM0 wf2 atom.add.cta x 1: C18, A01 x 3 -> 4");
    add(s, 0, 2, X_, false, false);
    settle(s);
    EXP_CRSP(s, 0, 2, GPU_CRSP_ATOMIC, 3);
    EXP_L2(s, X_, 4);
    if (!s->rtl)
        CK(s, "SM1 rm_atomics", 1, stats(s, 1).rm_atomics);
    sys_close(s);
}

/* ---- T4: the token, four contenders ---------------------------------------------------------- */

static void t4(bool rtl) {
    sys_t* s = sys_open("T4", rtl);
    static const uint32_t order[NSM] = {1, 2, 3, 0};
    static const uint32_t tok[8][3] = {{1, 1, 0},   {1, 1, 0x4}, {1, 1, 0xC}, {1, 1, 0xD},
                                       {1, 2, 0x9}, {1, 3, 0x1}, {1, 0, 0},   {0, 0, 0}};
    step(s, "T4: TOKREQs of SM1, SM2, SM3, SM0 in that order");
    s->hold_bank = 1;
    for (uint32_t k = 0; k < NSM; k++) {
        load_acq(s, order[k], 0, X_, true);
        for (uint32_t i = 0; i < 20 && s->xqn[0] < k + 1; i++)
            tick(s);
        ckf(s, __LINE__, "SM%u TOKREQ queued at bank 0", order[k], k + 1, s->xqn[0]);
    }
    s->ntok = 0;
    s->hold_bank = 0;
    settle(s);
    CK(s, "token states (T01, T02 x 3, T04 x 3, T03)", 8, s->ntok);
    for (uint32_t k = 0; k < 8 && k < s->ntok; k++)
        for (uint32_t f = 0; f < 3; f++)
            ckf(s, __LINE__, "token state number %u (tbusy, town, twait)", k, tok[k][f],
                s->toklog[k][f]);
    uint32_t g = 0;
    for (uint32_t k = 0; k < s->nrsp; k++)
        if (s->rsp[k].r.kind == GPU_RSP_GNT && g < NSM) {
            ckf(s, __LINE__, "GNT number %u dst", g, 1u << order[g], s->rsp[k].r.dst);
            g++;
        }
    CK(s, "GNTs", NSM, g);
    EXP_TOKP(s);
    for (uint32_t j = 0; j < NSM; j++) {
        EXP_CRSP(s, j, 0, GPU_CRSP_LOAD, 0);
        ckf(s, __LINE__, "SM%u FLUSH broadcasts", j, 1, n_peer(s, j, GPU_PEER_FLUSH, ALL));
        if (!s->rtl && j)
            ckf(s, __LINE__, "SM%u token_wait_cycles", j, 1, stats(s, j).token_wait_cycles >= 1);
    }
    if (!s->rtl) {
        const gpu_l2_fcov_t f[6] = {GPU_L2_F_TOK_GRANT_FREE, GPU_L2_F_TOK_CONTEND,
                                    GPU_L2_F_TOK_HANDOFF,    GPU_L2_F_TOK_WAIT_ALL,
                                    GPU_L2_F_TOK_RR_WRAP,    GPU_L2_F_TOK_FREE};
        for (uint32_t k = 0; k < 6; k++)
            ckf(s, __LINE__, "bank 0 cover point F%u", 62 + k, 1, fcov2(s, f[k]) >= 1);
    }
    sys_close(s);
}

/* ---- T5: the issuer's own L1 -------------------------------------------------------------------
 */

static void t5(bool rtl) {
    sys_t* s = sys_open("T5", rtl);
    step(s, "T5 warm-up: SM0 wf3 ld x");
    load(s, 0, 3, X_);
    settle(s);
    step(s, "T5 1: SM0 wf0 atom.add.cta x 1 (C16)");
    add(s, 0, 0, X_, false, false);
    settle(s);
    EXP_CRSP(s, 0, 0, GPU_CRSP_ATOMIC, 0);
    EXP_L1(s, 0, X_, 1, 0xF, 1);
    EXP_SB(s, 0, X_);
    EXP_L2(s, X_, 0);
    step(s, "T5 2: SM0 wf1 atom.add.relaxed.rm x 1: C24, T01, GNT; a19 LOCK (SM0 included)");
    add(s, 0, 1, X_, true, false);
    wait_rst(s, 0, 3, 60);
    EXP_BCAST(s, 0, GPU_PEER_LOCK);
    EXP_RBLK(s, 1);
    EXP_TOK(s, 1, 0, 0);
    step(s, "T5 3: a20 FLUSH: SM0's own K04 (cfl 1), B09 WT(x, 1), W01, ACK, K05");
    wait_rst(s, 0, 4, 60);
    EXP_BCAST(s, 0, GPU_PEER_FLUSH);
    CK(s, "SM0 K04 cfl", 1, s->k04_cfl[0]);
    CK(s, "SM0 WT x", 1, n_req(s, 0, GPU_REQ_WT, X_));
    EXP_TOTALS(s, 1, 0, 0, 0, 2, 1, 1, 1);
    EXP_L2(s, X_, 1);
    EXP_SB0(s, 0);
    if (!s->rtl) {
        CK(s, "SM0 local_flush", 1, stats(s, 0).local_flush);
        CK(s, "SM0 remote_flush", 0, stats(s, 0).remote_flush);
    }
    step(s, "T5 4: a21 INV; a22 C29 ATOMIC, A01 x 1 -> 2");
    wait_rst(s, 0, 6, 60);
    EXP_BCAST(s, 0, GPU_PEER_INV);
    EXP_CRSP(s, 0, 1, GPU_CRSP_ATOMIC, 1);
    EXP_L2(s, X_, 2);
    step(s, "T5 5: a23-a25, U");
    wait_tok_free(s, 80);
    EXP_TOK(s, 0, 0, 0);
    EXP_RBLK(s, 0);
    EXP_RST(s, 0, 0, 0);
    EXP_CMDS(s, 0, "LFIFIU");
    settle(s);
    EXP_L2(s, X_, 2);
    sys_close(s);
}

/* ---- T6: two rm writes from different SMs ------------------------------------------------------
 */

static void t6(bool rtl) {
    sys_t* s = sys_open("T6", rtl);
    step(s, "T6: SM1, SM2 atom.add.acq_rel.rm x 1; SM1's TOKREQ first");
    fence(s, 1, 0, true);
    fence(s, 2, 0, true);
    s->hold_bank = 1;
    push_add(s, 1, 0, X_, true, true);
    run(s, 1);
    push_add(s, 2, 0, X_, true, true);
    for (uint32_t i = 0; i < 20 && s->xqn[0] < 2; i++)
        tick(s);
    CK(s, "TOKREQs queued at bank 0", 2, s->xqn[0]);
    CK(s, "SM1's TOKREQ first", 1, s->xq[0][0].src);
    s->ntok = 0;
    s->hold_bank = 0;
    wait_rst(s, 1, 2, 20);
    run(s, 2);
    CK(s, "token states (T01, T02)", 2, s->ntok);
    CK(s, "token after T02: town", 1, s->toklog[1][1]);
    CK(s, "token after T02: twait", 0x4, s->toklog[1][2]);
    step(s, "T6: SM1 a19-a25 (SM2 waits, S08)");
    wait_rst(s, 1, 9, 200);
    s->hold_src = 2; /* SM1's TOKREL waits: SM0's CTA add between UNLOCK and SM2's grant */
    EXP_CRSP(s, 1, 0, GPU_CRSP_ATOMIC, 0);
    EXP_L2(s, X_, 1);
    EXP_RBLK(s, 0);
    EXP_TOK(s, 1, 1, 0x4);
    step(s, "T6: SM0 wf0 atom.add.cta x 1: C18, A01 x 1 -> 2");
    add(s, 0, 0, X_, false, false);
    wait_crsp(s, 0, 0);
    EXP_CRSP(s, 0, 0, GPU_CRSP_ATOMIC, 1);
    CK(s, "SM0 ATOMIC x (C18)", 1, n_req(s, 0, GPU_REQ_ATOMIC, X_));
    step(s, "T6: SM1's TOKREL: T04 grants SM2 (F64); SM2 a19-a25");
    s->hold_src = 0;
    wait_rst(s, 2, 2, 40);
    EXP_TOK(s, 1, 2, 0);
    wait_tok_free(s, 300);
    EXP_CRSP(s, 2, 0, GPU_CRSP_ATOMIC, 2);
    CK(s, "SM2 LOCK broadcasts", 1, n_peer(s, 2, GPU_PEER_LOCK, ALL));
    CK(s, "SM2 UNLOCK broadcasts", 1, n_peer(s, 2, GPU_PEER_UNLOCK, ALL));
    for (uint32_t j = 0; j < NSM; j++)
        ckf(s, __LINE__, "SM%u BACKs to SM2 (a19-a25: six broadcasts)", j, 6,
            n_peer(s, j, GPU_PEER_BACK, 4));
    settle(s);
    EXP_L2(s, X_, 3);
    EXP_CMDS(s, 1, "LFIFIU");
    EXP_CMDS(s, 2, "LFIFIU");
    if (!s->rtl) {
        CK(s, "SM2 token_wait_cycles", 1, stats(s, 2).token_wait_cycles >= 1);
        CK(s, "bank 0 F64 TOK_HANDOFF", 1, fcov2(s, GPU_L2_F_TOK_HANDOFF) >= 1);
    }
    sys_close(s);
}

/* ---- T7: a FLUSH meets a full store buffer and a dirty eviction --------------------------------
 */

/* lets the held ACK for line to SM j pass */
static void release_ack(sys_t* s, uint32_t j, uint32_t line) {
    for (uint32_t k = 0; k < s->rqn[j]; k++)
        if (s->rq[j][k].r.kind == GPU_RSP_ACK && s->rq[j][k].r.line == line && !s->rq[j][k].pass) {
            s->rq[j][k].pass = true;
            return;
        }
    ckf(s, __LINE__, "a held ACK of line %u to SM0", line, 1, 0);
}

static void t7_fill(sys_t* s) {
    step(s, "T7: SM0 stores to 4, 5, 8, 12: V01 WT(v = 4), C12 x 4; ACKs to SM0 held");
    s->hold_rsp_kind = GPU_RSP_ACK;
    s->hold_rsp_dst = 1;
    store(s, 0, 0, 4, 4);
    store(s, 0, 0, 5, 5);
    store(s, 0, 0, 8, 8);
    store(s, 0, 0, 12, 12);
    settle(s);
    CK(s, "SM0 WT of v = line 4 (V01, Q2)", 1, n_req(s, 0, GPU_REQ_WT, 4));
    CK(s, "SM0 WTs", 1, n_req(s, 0, GPU_REQ_WT, ANY));
    EXP_SB(s, 0, 4, 5, 8, 12);
    EXP_L1_NONE(s, 0, 4);
    EXP_L1(s, 0, 5, 0, 0xF, 5);
    EXP_L1(s, 0, 8, 0, 0xF, 8);
    EXP_L1(s, 0, 12, 0, 0xF, 12);
    CK(s, "SM0 wtp_q (v's ACK held)", 1, l1st(s, 0, false)->wtp);
}

static void t7(bool rtl) {
    sys_t* s = sys_open("T7", rtl);
    t7_fill(s);
    step(s, "T7: SM1 ld.acquire.rm y (line 2): T, a3");
    load_acq(s, 1, 0, X_, true);
    wait_rst(s, 1, 3, 60);
    EXP_CRSP(s, 1, 0, GPU_CRSP_LOAD, 0);
    step(s, "T7: a4 FLUSH at SM0: K04 cfl 4 (F58); B10 for v, B09 x 3; cfl 0 with wtp 4 (F60)");
    for (uint32_t i = 0; i < 60 && !(s->sc[0].cfv && s->sc[0].cfl == 0); i++)
        tick(s);
    run(s, 8);
    CK(s, "SM0 K04 cfl (sbcnt_d == SbEntries)", 4, s->k04_cfl[0]);
    CK(s, "SM0 wtp_q when cfl reached 0", 4, s->cfl0_wtp[0]);
    CK(s, "SM0 WT of v (B10: absent, no message)", 0, n_req(s, 0, GPU_REQ_WT, 4));
    for (uint32_t l = 5; l <= 12; l += (l == 5) ? 3 : 4)
        ckf(s, __LINE__, "SM0 WT of line %u (B09)", l, 1, n_req(s, 0, GPU_REQ_WT, l));
    CK(s, "SM0 WTs while cfv_q (only the three pops; L5: none from the head)", 3,
       s->wt_during_cfv[0]);
    CK(s, "SM0 BACKs (wtp 4)", 0, n_peer(s, 0, GPU_PEER_BACK, 2));
    CK(s, "SM1 bcnt_q", 1, s->sc[1].bcnt);
    CK(s, "SM0 wtp_q", 4, s->sc[0].wtp);
    EXP_SB0(s, 0);
    if (!s->rtl) {
        CK(s, "SM0 F58 FLUSH_SB_FULL", 1, fcov1(s, 0, GPU_L1_F_FLUSH_SB_FULL) >= 1);
        CK(s, "SM0 F60 FLUSH_WAIT_ACKS", 1, fcov1(s, 0, GPU_L1_F_FLUSH_WAIT_ACKS) >= 1);
    }
    step(s, "T7: the ACKs released one by one, v's last");
    static const uint32_t rel[4] = {5, 8, 12, 4};
    for (uint32_t k = 0; k < 3; k++) {
        release_ack(s, 0, rel[k]);
        run(s, 4);
        ckf(s, __LINE__, "SM0 wtp_q after %u ACKs", k + 1, 3 - k, s->sc[0].wtp);
        CK(s, "SM0 BACKs before v's ACK", 0, n_peer(s, 0, GPU_PEER_BACK, 2));
    }
    release_ack(s, 0, rel[3]);
    s->hold_rsp_kind = 0;
    wait_rst(s, 1, 4, 20);
    CK(s, "SM0 BACKs", 1, n_peer(s, 0, GPU_PEER_BACK, 2));
    CK(s, "SM0 BACK one edge after wtp reached 0", s->wtp0_cyc[0] + 1, s->back_cyc[0]);
    EXP_L2(s, 4, 4);
    EXP_L2(s, 5, 5);
    EXP_L2(s, 8, 8);
    EXP_L2(s, 12, 12);
    wait_tok_free(s, 40);
    EXP_RST(s, 1, 0, 0);
    sys_close(s);
}

/* ---- RD8 (rsp.md section 16): two peer messages in one edge, one L1 alone ------------------- */

/* SM 1's L1, C model or RTL, the test playing every input (no harness: the inputs below are
 * illegal, rsp.md L19). Each edge with two peer messages is one protocol error: the C model's
 * count and the RTL's L19_OnePeer_A flags (expected, counted by the shim). */
typedef struct {
    bool rtl;
    gpucoh_rtl_t r;
    void* h;
    gpu_l1_t* c;
    gpu_l1_in_t in;
    gpu_l1_out_t out;
    gpu_l1_state_t* st;
    uint64_t ia0;
} one_t;

static void one_tick(one_t* o, bool rst_n) {
    o->in.rst_n = rst_n;
    if (o->rtl)
        o->r.api->tick(o->h, &o->in, &o->out);
    else
        gpu_l1_tick(o->c, &o->in, &o->out);
    memset(&o->in, 0, sizeof o->in);
}

static void one_open(one_t* o, bool rtl) {
    memset(o, 0, sizeof *o);
    o->rtl = rtl;
    const gpu_desc_t d = rdesc();
    if (rtl) {
        load_rtl(&unit_gpu_l1, &d, &o->r);
        assert_non_null(o->r.expect_input_asserts);
        assert_non_null(o->r.input_asserts);
        o->r.expect_input_asserts(1);
        o->ia0 = o->r.input_asserts();
        o->h = o->r.api->create();
    } else {
        char err[256];
        const gpu_l1_desc_t d1 = gpu_l1_desc_from(&d);
        o->c = gpu_l1_init(cmem(gpu_l1_size(&d1)), gpu_l1_size(&d1), &d1, err, sizeof err);
        assert_non_null(o->c);
    }
    o->st = calloc(1, sizeof *o->st);
    assert_non_null(o->st);
    one_tick(o, false);
    one_tick(o, false);
}

static const gpu_l1_state_t* one_st(one_t* o) {
    memset(o->st, 0, sizeof *o->st);
    if (o->rtl)
        o->r.api->state(o->h, o->st);
    else
        gpu_l1_state_get(o->c, o->st);
    return o->st;
}

/* the protocol errors so far: the C model's count, the RTL's input-assertion flags */
static uint64_t one_errors(const one_t* o) {
    return o->rtl ? o->r.input_asserts() - o->ia0 : gpu_l1_errors(o->c);
}

static void one_close(one_t* o) {
    if (o->rtl) {
        o->r.expect_input_asserts(0);
        o->r.api->destroy(o->h);
        gpucoh_rtl_unload(&o->r);
    } else {
        free(o->c);
    }
    free(o->st);
}

static void one_peer(one_t* o, uint32_t kind, uint32_t src) {
    o->in.peer.valid = true;
    o->in.peer.kind = kind;
    o->in.peer.src = src;
}

static void one_expect_peer(const one_t* o, uint32_t kind, uint64_t dst) {
    assert_true(o->out.peer.valid);
    assert_int_equal(o->out.peer.kind, kind);
    assert_int_equal(o->out.peer.dst, dst);
}

/* RD8: a K05 BACK that meets a K01 BACK waits one edge (cfv stays 1, nothing lost); a K01 BACK
 * that meets the issuer's C26 broadcast is dropped (rblk is set all the same) */
static void rd8(bool rtl) {
    one_t o;
    one_open(&o, rtl);
    one_peer(&o, GPU_PEER_FLUSH, 2);
    one_tick(&o, true); /* K04: buffer empty, wtp 0: K05 due in the next edge */
    assert_false(o.out.peer.valid);
    one_peer(&o, GPU_PEER_LOCK, 3);
    one_tick(&o, true); /* K01's BACK to SM3; K05 waits */
    one_expect_peer(&o, GPU_PEER_BACK, 1u << 3);
    assert_int_equal(one_st(&o)->cfv, 1);
    assert_int_equal(one_st(&o)->rblk, 1);
    assert_int_equal(one_errors(&o), 1);
    one_tick(&o, true); /* K05 */
    one_expect_peer(&o, GPU_PEER_BACK, 1u << 2);
    assert_int_equal(one_st(&o)->cfv, 0);
    one_peer(&o, GPU_PEER_UNLOCK, 3);
    one_tick(&o, true); /* K02 */
    one_expect_peer(&o, GPU_PEER_BACK, 1u << 3);
    assert_int_equal(one_errors(&o), 1);
    /* ld.acquire.rm x (line 2) up to a4's C26 */
    gpu_core_req_t* c = &o.in.core;
    c->valid = true;
    c->op = GPU_OP_LOAD;
    c->line = 2;
    c->acq = true;
    c->rm = true;
    one_tick(&o, true); /* push */
    one_tick(&o, true); /* C24 */
    assert_true(o.out.req.valid);
    assert_int_equal(o.out.req.kind, GPU_REQ_TOKREQ);
    o.in.rsp.valid = true;
    o.in.rsp.kind = GPU_RSP_GNT;
    one_tick(&o, true); /* R07 */
    one_tick(&o, true); /* C25: GETS x */
    assert_true(o.out.req.valid);
    assert_int_equal(o.out.req.kind, GPU_REQ_GETS);
    o.in.rsp.valid = true;
    o.in.rsp.kind = GPU_RSP_DATA;
    o.in.rsp.line = 2;
    o.in.rsp.data[0] = 7;
    one_tick(&o, true); /* R01: a3 completes */
    assert_true(o.out.crsp.valid);
    assert_int_equal(o.out.crsp.data[0], 7);
    assert_int_equal(one_st(&o)->rst, 3);
    one_peer(&o, GPU_PEER_LOCK, 2);
    one_tick(&o, true); /* C26 FLUSH takes the edge; K01 sets rblk, its BACK is dropped */
    one_expect_peer(&o, GPU_PEER_FLUSH, ALL);
    const gpu_l1_state_t* st = one_st(&o);
    assert_int_equal(st->rst + st->rsnt + st->bcnt + st->rblk, 3 + 1 + 4 + 1);
    assert_int_equal(one_errors(&o), 2);
    one_tick(&o, true);
    assert_false(o.out.peer.valid);
    assert_int_equal(one_errors(&o), 2);
    one_close(&o);
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
TWO(t1_g3, t1(false), t1(true))
TWO(t1_second_run, t1b(false), t1b(true))
TWO(t1_run_c, t1c(false), t1c(true))
TWO(t2_run_a, t2(false, true), t2(true, true))
TWO(t2_run_b, t2(false, false), t2(true, false))
TWO(t3_g12, t3(false), t3(true))
TWO(t4_token, t4(false), t4(true))
TWO(t5_issuer, t5(false), t5(true))
TWO(t6_two_rm, t6(false), t6(true))
TWO(t7_flush_full, t7(false), t7(true))
TWO(rd8_two_peer, rd8(false), rd8(true))

#define BOTH(name) cmocka_unit_test(name##_c), cmocka_unit_test(name##_rtl)

int main(void) {
    const struct CMUnitTest tests[] = {
        BOTH(t1_g3),     BOTH(t1_second_run), BOTH(t1_run_c),     BOTH(t2_run_a),
        BOTH(t2_run_b),  BOTH(t3_g12),        BOTH(t4_token),     BOTH(t5_issuer),
        BOTH(t6_two_rm), BOTH(t7_flush_full), BOTH(rd8_two_peer),
    };
    const char* f = getenv("RSP_GOLDEN_FILTER");
    if (f && *f)
        cmocka_set_test_filter(f);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
