/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_rdu_avu_golden.c -- the worked examples of the thesis (ch. 4; notes
 * reference/notes/seed003-rdu-avu.md §3) as directed golden tests, on the C models and on the
 * RTL. A small system joins one rdu and N avus (each either the C model or the Verilated RTL,
 * one RTL model at a time) with a tag model of each SM's L1; an example is a list of SM
 * accesses, and after every step the test asserts the state the notes' tables give: the RDU
 * signatures (as exact sets of the example's addresses: membership of every named address),
 * the AVU signatures, the epochs, and the outcome of the access (HIT / MISS / AVU_MISS /
 * EXPIRED, speculative, commit or squash).
 *
 * Expected values are written here from the notes, not taken from either model, so a misreading
 * shared by the C model and the RTL fails here. Readings where the thesis is ambiguous:
 *   - Epochs start at 0 for every SM (the notes' Fig 4.2 table starts SM1 at 1; with 0 every SM1
 *     epoch is one lower and the outcomes are the same, notes §3.1).
 *   - A miss stamps its line with the epoch at issue (avu D4), so B in Fig 4.2 step 4 is
 *     stamped 0 although its race-check then moves SM1 to epoch 1.
 *   - "Value read" in the notes is implied by the outcome: a HIT returns the cached (possibly
 *     stale) value, a miss refetches the current one from L2.
 *   - op1 of the ld1/ld2/op1 example is an ALU operation: the AVU's squash (cmt_failed) of ld2
 *     is what makes the SM re-execute ld2 and its dependants; op1 itself is not modelled.
 * GPUCOH_ROOT must point at the repository (the RTL build needs it).
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

#include "avu.h"
#include "avu_tb.h"
#include "rdu.h"
#include "rdu_tb.h"
#include "rtl_load.h"
#include "unit.h"

#define MAXSM      4
#define SETTLE_MAX 20000u

/* The example's addresses: distinct lines, distinct L1 line indices. */
enum { A, B, C, D, F, V, W, X, Z, NADDR };
static const uint64_t addr_of[NADDR] = {0x10000, 0x20080, 0x30100, 0x40180, 0x50200,
                                        0x60280, 0x70300, 0x80380, 0x90400};
static const char* const addr_name = "ABCDFVWXZ";

typedef struct {
    bool rtl;
    rdu_t* c;
    gpucoh_rtl_t r;
    void* h;
    rdu_out_t out;
} rdu_dev_t;

typedef struct {
    bool rtl;
    avu_t* c;
    gpucoh_rtl_t r;
    void* h;
    avu_out_t out;
} avu_dev_t;

typedef struct {
    uint32_t n;
    rdu_dev_t rdu;
    avu_dev_t avu[MAXSM];
    sig_bloom_t hash;
    uint64_t tag[MAXSM][128];
    bool present[MAXSM][128];
    /* RDU requests waiting to be presented, per SM, in order */
    uint64_t rq_addr[MAXSM][16];
    bool rq_write[MAXSM][16];
    uint32_t rq_n[MAXSM];
    bool hold[MAXSM]; /* the SM does not take response beats */
    /* what the last access of SM `watch` did */
    uint32_t watch;
    avu_out_t res;
    /* commits seen */
    uint32_t ncmt;
    avu_out_t cmt[16];
    const char* label;
} sys_t;

static void load_rtl(const char* unit, const char* const* params, gpucoh_rtl_t* r, void** h) {
    const gpucoh_unit_t* u = gpucoh_unit_find(unit);
    assert_non_null(u);
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    char err[512];
    for (const char* const* p = params; *p; p++)
        assert_int_equal(gpucoh_param_set(u, &pv, *p, err, sizeof err), 0);
    assert_int_equal(u->resolve(&pv, err, sizeof err), 0);
    if (gpucoh_rtl_load(u, &pv, NULL, true, r, err, sizeof err) != 0)
        fail_msg("RTL build/load of %s failed: %s", unit, err);
    *h = r->api->create();
}

/* rtl_unit: -1 all C, 0 the RDU is RTL, 1 + i AVU i is RTL. */
static void sys_open(sys_t* s, uint32_t n, int rtl_unit) {
    memset(s, 0, sizeof *s);
    s->n = n;
    char np[16];
    snprintf(np, sizeof np, "n=%u", n);
    const char* const rp[] = {np, NULL};
    const char* const ap[] = {NULL};
    char err[256];
    rdu_desc_t rd = rdu_desc_default();
    rd.n = n;
    s->rdu.c = calloc(1, sizeof *s->rdu.c);
    assert_non_null(s->rdu.c);
    assert_int_equal(rdu_init(s->rdu.c, &rd, err, sizeof err), RDU_OK);
    assert_int_equal(sig_bloom_init(&s->hash, &rd.sig, err, sizeof err), SIG_BLOOM_OK);
    if (rtl_unit == 0) {
        s->rdu.rtl = true;
        load_rtl("rdu", rp, &s->rdu.r, &s->rdu.h);
    }
    avu_desc_t ad = avu_desc_default();
    for (uint32_t i = 0; i < n; i++) {
        s->avu[i].c = calloc(1, sizeof *s->avu[i].c);
        assert_non_null(s->avu[i].c);
        assert_int_equal(avu_init(s->avu[i].c, &ad, err, sizeof err), AVU_OK);
        if (rtl_unit == (int)(1 + i)) {
            s->avu[i].rtl = true;
            load_rtl("avu", ap, &s->avu[i].r, &s->avu[i].h);
        }
    }
    s->label = rtl_unit < 0 ? "C" : rtl_unit == 0 ? "RTL rdu" : "RTL avu";
}

static void sys_close(sys_t* s) {
    if (s->rdu.rtl) {
        s->rdu.r.api->destroy(s->rdu.h);
        gpucoh_rtl_unload(&s->rdu.r);
    }
    free(s->rdu.c);
    for (uint32_t i = 0; i < s->n; i++) {
        if (s->avu[i].rtl) {
            s->avu[i].r.api->destroy(s->avu[i].h);
            gpucoh_rtl_unload(&s->avu[i].r);
        }
        free(s->avu[i].c);
    }
}

static void rdu_step(rdu_dev_t* d, const rdu_in_t* in) {
    if (d->rtl)
        d->r.api->tick(d->h, in, &d->out);
    else
        rdu_tick(d->c, in, &d->out);
}

static void avu_step(avu_dev_t* d, const avu_in_t* in) {
    if (d->rtl)
        d->r.api->tick(d->h, in, &d->out);
    else
        avu_tick(d->c, in, &d->out);
}

static const rdu_state_t* rdu_st(sys_t* s) {
    static rdu_state_t st;
    if (!s->rdu.rtl)
        return &s->rdu.c->st;
    s->rdu.r.api->state(s->rdu.h, &st);
    return &st;
}

static const avu_state_t* avu_st(sys_t* s, uint32_t i) {
    static avu_state_t st;
    if (!s->avu[i].rtl)
        return &s->avu[i].c->st;
    s->avu[i].r.api->state(s->avu[i].h, &st);
    return &st;
}

/* One clock edge of the whole system. op (may be NULL) is presented to AVU `sm`. */
static void sys_tick(sys_t* s, bool rst_n, uint32_t sm, const avu_in_t* op) {
    static rdu_in_t ri;
    memset(&ri, 0, sizeof ri);
    ri.rst_n = rst_n;
    for (uint32_t j = 0; j < s->n; j++) {
        if (s->rq_n[j]) {
            ri.req_valid |= 1ull << j;
            if (s->rq_write[j][0])
                ri.req_write |= 1ull << j;
            ri.req_addr[j] = s->rq_addr[j][0];
            for (uint32_t w = 0; w < 4; w++)
                ri.req_mask[j][w] = 0xFFFFFFFFu; /* whole line */
        }
        if (!s->hold[j] && s->avu[j].out.rsp_ready)
            ri.rsp_ready |= 1ull << j;
    }
    const rdu_out_t ro = s->rdu.out;
    const uint64_t accepted = rst_n ? (ri.req_valid & ro.req_ready) : 0;
    for (uint32_t j = 0; j < s->n; j++) {
        avu_in_t ai;
        memset(&ai, 0, sizeof ai);
        if (op && j == sm)
            ai = *op;
        ai.rst_n = rst_n;
        if (ro.rsp_valid && ro.rsp_sm == j && !s->hold[j]) {
            ai.rsp_valid = true;
            ai.rsp_kind = ro.rsp_kind;
            ai.rsp_idx = ro.rsp_idx;
            ai.rsp_last = ro.rsp_last;
            memcpy(ai.rsp_chunk, ro.rsp_chunk, sizeof ai.rsp_chunk);
        }
        avu_step(&s->avu[j], &ai);
        const avu_out_t* o = &s->avu[j].out;
        if (o->cmt_valid && s->ncmt < 16)
            s->cmt[s->ncmt++] = *o;
        if (o->res_valid) {
            if (j == s->watch)
                s->res = *o;
            if (o->res_rc || o->res_kind == AVU_RES_STORE) {
                /* the SM sends the race-check / write for the access it just made */
                assert_true(s->rq_n[j] < 16);
                s->rq_write[j][s->rq_n[j]] = o->res_kind == AVU_RES_STORE;
                s->rq_addr[j][s->rq_n[j]] = s->tag[j][o->res_id & 127];
                s->rq_n[j]++;
            }
        }
    }
    rdu_step(&s->rdu, &ri);
    for (uint32_t j = 0; j < s->n; j++) {
        if ((accepted >> j) & 1u) {
            memmove(&s->rq_addr[j][0], &s->rq_addr[j][1], 15 * sizeof(uint64_t));
            memmove(&s->rq_write[j][0], &s->rq_write[j][1], 15 * sizeof(bool));
            s->rq_n[j]--;
        }
    }
}

static void sys_reset(sys_t* s) {
    sys_tick(s, false, 0, NULL);
    sys_tick(s, false, 0, NULL);
}

static bool quiet(sys_t* s) {
    if (s->rdu.out.rsp_valid)
        return false;
    const rdu_state_t* r = rdu_st(s);
    if (r->st != RDU_ST_IDLE || r->pend)
        return false;
    for (uint32_t j = 0; j < s->n; j++) {
        if (s->rq_n[j] || r->qcnt[j])
            return false;
        const avu_state_t* a = avu_st(s, j);
        if (a->st != AVU_ST_IDLE || a->opv || a->qn) /* speculative loads retire too */
            return false;
    }
    return true;
}

/* Tick until nothing is in flight (responses to held SMs stay on the bus). */
static void settle(sys_t* s) {
    for (uint32_t i = 0; i < SETTLE_MAX; i++) {
        if (quiet(s))
            return;
        bool blocked = s->rdu.out.rsp_valid && s->hold[s->rdu.out.rsp_sm];
        if (blocked && rdu_st(s)->st == RDU_ST_SHIP)
            return;
        sys_tick(s, true, 0, NULL);
    }
    fail_msg("%s: the system did not settle in %u cycles", s->label, SETTLE_MAX);
}

/* SM `sm` loads or stores address index a (a whole line). The line index is the address's
 * index in addr_of (distinct lines); the token is the line index. Returns the result. The
 * access is accepted, resolved, and (unless settle_after is false) run to quiescence. */
static avu_out_t access(sys_t* s, uint32_t sm, bool store, int a, bool settle_after) {
    avu_in_t op;
    memset(&op, 0, sizeof op);
    const uint32_t line = (uint32_t)a;
    op.op_valid = true;
    op.op_store = store;
    op.op_line = line;
    op.op_hit = s->present[sm][line];
    op.op_addr = addr_of[a];
    for (uint32_t w = 0; w < 4; w++)
        op.op_mask[w] = 0xFFFFFFFFu;
    op.op_id = line;
    if (!op.op_hit) {
        s->present[sm][line] = true;
        s->tag[sm][line] = addr_of[a];
    }
    uint32_t guard = 0;
    while (!s->avu[sm].out.ready) {
        sys_tick(s, true, 0, NULL);
        if (++guard > SETTLE_MAX)
            fail_msg("%s: AVU %u never ready", s->label, sm);
    }
    memset(&s->res, 0, sizeof s->res);
    s->watch = sm;
    sys_tick(s, true, sm, &op);
    for (guard = 0; !s->res.res_valid; guard++) {
        sys_tick(s, true, 0, NULL);
        if (guard > SETTLE_MAX)
            fail_msg("%s: SM%u access of %c never resolved", s->label, sm, addr_name[a]);
    }
    avu_out_t r = s->res;
    if (settle_after)
        settle(s);
    return r;
}

/* Exact-set check of a signature: expected members given as a string of address letters. */
static bool member(sys_t* s, const uint32_t* sig, uint64_t addr) {
    uint32_t v[SIG_BLOOM_MAX_HASHES];
    sig_bloom_indices(&s->hash, addr, v);
    for (uint32_t h = 0; h < s->hash.desc.k; h++)
        if (!((sig[v[h] / 32] >> (v[h] % 32)) & 1u))
            return false;
    return true;
}

static void check_set(sys_t* s, const uint32_t* sig, const char* want, const char* what, int step) {
    for (int a = 0; a < NADDR; a++) {
        bool w = strchr(want, addr_name[a]) != NULL;
        bool g = member(s, sig, addr_of[a]);
        if (w != g)
            fail_msg("%s step %d: %s %s %c (expected the set {%s})", s->label, step, what,
                     g ? "holds" : "lacks", addr_name[a], want);
    }
}

static void check_rdu(sys_t* s, int step, const char* const* sets) {
    const rdu_state_t* r = rdu_st(s);
    for (uint32_t j = 0; j < s->n; j++) {
        char what[32];
        snprintf(what, sizeof what, "SigR[%u]", j);
        check_set(s, r->sig[j], sets[j], what, step);
    }
}

static void check_avu(sys_t* s, int step, const char* const* sets, const uint32_t* epochs) {
    for (uint32_t j = 0; j < s->n; j++) {
        const avu_state_t* a = avu_st(s, j);
        char what[32];
        snprintf(what, sizeof what, "AVU[%u]", j);
        check_set(s, a->sig, sets[j], what, step);
        if (a->epoch != epochs[j])
            fail_msg("%s step %d: E%u = %u, expected %u", s->label, step, j, a->epoch, epochs[j]);
    }
}

static void expect_res(sys_t* s, int step, avu_out_t r, uint32_t kind, bool rc, bool spec) {
    static const char* const kn[] = {"HIT", "MISS", "AVU_MISS", "EXPIRED", "STORE"};
    if (r.res_kind != kind || r.res_rc != rc || r.res_spec != spec)
        fail_msg("%s step %d: result %s rc=%d spec=%d, expected %s rc=%d spec=%d", s->label, step,
                 kn[r.res_kind % 5], r.res_rc, r.res_spec, kn[kind], rc, spec);
}

#define S2(a, b)       ((const char* const[]){a, b})
#define S4(a, b, c, d) ((const char* const[]){a, b, c, d})
#define E2(a, b)       ((const uint32_t[]){a, b})
#define E4(a, b, c, d) ((const uint32_t[]){a, b, c, d})

/* ---- Figure 4.2 (notes §3.1): 2 SMs ------------------------------------------------------- */
static void fig42(int rtl_unit) {
    sys_t s;
    sys_open(&s, 2, rtl_unit);
    sys_reset(&s);
    avu_out_t r;
    r = access(&s, 1, false, A, true); /* 1: SM1 ld A: miss, race-check A: no race */
    expect_res(&s, 1, r, AVU_RES_MISS, true, false);
    check_rdu(&s, 1, S2("", ""));
    check_avu(&s, 1, S2("", ""), E2(0, 0));
    r = access(&s, 0, true, A, true); /* 2: SM0 st A */
    expect_res(&s, 2, r, AVU_RES_STORE, false, false);
    check_rdu(&s, 2, S2("", "A"));
    check_avu(&s, 2, S2("", ""), E2(1, 0));
    access(&s, 0, true, B, true); /* 3: SM0 st B */
    check_rdu(&s, 3, S2("", "AB"));
    check_avu(&s, 3, S2("", ""), E2(2, 0));
    r = access(&s, 1, false, B, true); /* 4: SM1 ld B: miss, race on B: sync */
    expect_res(&s, 4, r, AVU_RES_MISS, true, false);
    check_rdu(&s, 4, S2("", ""));
    check_avu(&s, 4, S2("", "AB"), E2(2, 1));
    assert_int_equal(avu_st(&s, 1)->fe[B], 0); /* stamped at issue (avu D4) */
    access(&s, 0, true, C, true);              /* 5 */
    access(&s, 0, true, D, true);              /* 6 */
    check_rdu(&s, 6, S2("", "CD"));
    check_avu(&s, 6, S2("", "AB"), E2(4, 1));
    r = access(&s, 1, false, A, true); /* 7: SM1 ld A: previous epoch, A in AVU: coherence miss */
    expect_res(&s, 7, r, AVU_RES_AVU_MISS, true, false);
    check_rdu(&s, 7, S2("", "CD"));
    check_avu(&s, 7, S2("", "AB"), E2(4, 1));
    assert_int_equal(avu_st(&s, 1)->fe[A], 1);
    r = access(&s, 1, false, D, true); /* 8: SM1 ld D: race, sync: epoch 2 */
    expect_res(&s, 8, r, AVU_RES_MISS, true, false);
    check_rdu(&s, 8, S2("", ""));
    check_avu(&s, 8, S2("", "CD"), E2(4, 2));
    r = access(&s, 1, false, C, true); /* 9: SM1 ld C: miss, no race */
    expect_res(&s, 9, r, AVU_RES_MISS, true, false);
    check_avu(&s, 9, S2("", "CD"), E2(4, 2));
    r = access(&s, 1, false, C, true); /* 10: SM1 ld C: current epoch: hit despite C in AVU */
    expect_res(&s, 10, r, AVU_RES_HIT, false, false);
    check_avu(&s, 10, S2("", "CD"), E2(4, 2));
    sys_close(&s);
}

/* ---- Figure 4.4 (notes §3.2): 4 SMs ------------------------------------------------------- */
static void fig44(int rtl_unit) {
    sys_t s;
    sys_open(&s, 4, rtl_unit);
    sys_reset(&s);
    access(&s, 0, true, A, true);
    check_rdu(&s, 1, S4("", "A", "A", "A"));
    check_avu(&s, 1, S4("", "", "", ""), E4(1, 0, 0, 0));
    access(&s, 1, true, B, true);
    check_rdu(&s, 2, S4("B", "", "AB", "AB"));
    check_avu(&s, 2, S4("", "A", "", ""), E4(1, 1, 0, 0));
    avu_out_t r = access(&s, 2, false, A, true); /* SM2 ld A: miss, RAW race */
    expect_res(&s, 3, r, AVU_RES_MISS, true, false);
    check_rdu(&s, 3, S4("B", "", "", "AB"));
    check_avu(&s, 3, S4("", "A", "AB", ""), E4(1, 1, 1, 0));
    sys_close(&s);
}

/* ---- Figures 4.6-4.8 (notes §3.5): the SB-like litmus, two interleavings ------------------- */
static void sb_prologue(sys_t* s) {
    /* A1, B1: both SMs load A and B in epoch 0 (misses, no races) */
    for (uint32_t sm = 0; sm < 2; sm++) {
        access(s, sm, false, A, true);
        access(s, sm, false, B, true);
    }
    check_rdu(s, 0, S2("", ""));
    check_avu(s, 0, S2("", ""), E2(0, 0));
}

static void fig47(int rtl_unit) {
    sys_t s;
    sys_open(&s, 2, rtl_unit);
    sys_reset(&s);
    sb_prologue(&s);
    access(&s, 0, true, A, true); /* A2 */
    check_rdu(&s, 1, S2("", "A"));
    check_avu(&s, 1, S2("", ""), E2(1, 0));
    access(&s, 1, true, B, true); /* B2 */
    check_rdu(&s, 2, S2("B", ""));
    check_avu(&s, 2, S2("", "A"), E2(1, 1));
    avu_out_t r = access(&s, 0, false, B, true); /* A3: previous epoch, AVU empty: B = 0 */
    expect_res(&s, 3, r, AVU_RES_HIT, false, false);
    r = access(&s, 1, false, A, true); /* B3: A in AVU: refetch, A = 1 */
    expect_res(&s, 4, r, AVU_RES_AVU_MISS, true, false);
    check_rdu(&s, 4, S2("B", ""));
    check_avu(&s, 4, S2("", "A"), E2(1, 1));
    access(&s, 0, true, C, true); /* A4 */
    check_rdu(&s, 5, S2("", "C"));
    check_avu(&s, 5, S2("B", "A"), E2(2, 1));
    r = access(&s, 1, false, C, true); /* B4: race on C */
    expect_res(&s, 6, r, AVU_RES_MISS, true, false);
    check_rdu(&s, 6, S2("", ""));
    check_avu(&s, 6, S2("B", "C"), E2(2, 2));
    sys_close(&s); /* outcome (A=1, B=0): allowed */
}

static void fig48(int rtl_unit) {
    sys_t s;
    sys_open(&s, 2, rtl_unit);
    sys_reset(&s);
    sb_prologue(&s);
    access(&s, 0, true, A, true); /* A2 */
    check_rdu(&s, 1, S2("", "A"));
    avu_out_t r = access(&s, 0, false, B, true); /* A3: passes the AVU: B = 0 */
    expect_res(&s, 2, r, AVU_RES_HIT, false, false);
    access(&s, 0, true, C, true); /* A4 */
    check_rdu(&s, 3, S2("", "AC"));
    check_avu(&s, 3, S2("", ""), E2(2, 0));
    access(&s, 1, true, B, true); /* B2 */
    check_rdu(&s, 4, S2("B", ""));
    check_avu(&s, 4, S2("", "AC"), E2(2, 1));
    r = access(&s, 1, false, A, true); /* B3: fails the AVU: A = 1 */
    expect_res(&s, 5, r, AVU_RES_AVU_MISS, true, false);
    r = access(&s, 1, false, C, true); /* B4: miss, race-check negative */
    expect_res(&s, 6, r, AVU_RES_MISS, true, false);
    check_rdu(&s, 6, S2("B", ""));
    check_avu(&s, 6, S2("", "AC"), E2(2, 1));
    sys_close(&s); /* outcome (A=1, B=0): allowed */
}

/* ---- ld1 / ld2 / op1 (notes §3.4): speculation under an outstanding race-check ------------ */
/* variant 1: no race; 2: race, ld2 passes; 3: race, ld2 fails and is re-executed */
static void spec_ld(int rtl_unit, int variant) {
    sys_t s;
    sys_open(&s, 2, rtl_unit);
    sys_reset(&s);
    access(&s, 1, false, X, true); /* X resident, current epoch */
    if (variant >= 2)
        access(&s, 0, true, W, true); /* SM0 writes ld1's address: ld1 will race */
    if (variant == 3)
        access(&s, 0, true, X, true); /* ... and ld2's */
    s.hold[1] = true;
    avu_out_t r = access(&s, 1, false, W, false); /* ld1: miss, race-check outstanding */
    expect_res(&s, 1, r, AVU_RES_MISS, true, false);
    r = access(&s, 1, false, X, false); /* ld2: hit under the miss: speculative */
    expect_res(&s, 2, r, AVU_RES_HIT, false, true);
    assert_int_equal(avu_st(&s, 1)->qn, 1);
    assert_int_equal(s.ncmt, 0);
    s.hold[1] = false;
    settle(&s);
    assert_int_equal(s.ncmt, 1); /* ld2 retires */
    assert_int_equal(s.cmt[0].cmt_id, X);
    assert_int_equal(s.cmt[0].cmt_failed, variant == 3);
    check_avu(&s, 3,
              S2("", variant == 1   ? ""
                     : variant == 2 ? "W"
                                    : "WX"),
              E2(variant == 1   ? 0
                 : variant == 2 ? 1
                                : 2,
                 variant == 1 ? 0 : 1));
    if (variant == 3) { /* re-execution of ld2: previous epoch, X in the new AVU signature */
        r = access(&s, 1, false, X, true);
        expect_res(&s, 4, r, AVU_RES_AVU_MISS, true, false);
    }
    sys_close(&s);
}

/* ---- §4.3.4 [F] then [A] (notes §3.6): validation across an epoch vs an expired miss ------- */
static void fa_case(int rtl_unit, bool speculative) {
    sys_t s;
    sys_open(&s, 2, rtl_unit);
    sys_reset(&s);
    access(&s, 1, false, A, true); /* A fetched in epoch 0 */
    access(&s, 1, true, Z, true);  /* a store: sync, epoch 1; A is now previous-epoch */
    access(&s, 0, true, F, true);  /* SM0 writes F: SM1's read of F will race */
    check_rdu(&s, 0, S2("", "F"));
    check_avu(&s, 0, S2("Z", ""), E2(1, 1)); /* SM0's own sync took SigR[0] = {Z} */
    if (speculative) {
        s.hold[1] = true;
        access(&s, 1, false, F, false);
        avu_out_t r = access(&s, 1, false, A, false); /* hits against the old AVU */
        expect_res(&s, 1, r, AVU_RES_HIT, false, true);
        s.hold[1] = false;
        settle(&s);
        assert_int_equal(s.ncmt, 1);
        assert_int_equal(s.cmt[0].cmt_failed, 0); /* validated across the epoch: no refetch */
    } else {
        access(&s, 1, false, F, true);               /* the race moves SM1 to epoch 2 first */
        avu_out_t r = access(&s, 1, false, A, true); /* A is two epochs old: expired */
        expect_res(&s, 1, r, AVU_RES_EXPIRED, true, false);
    }
    check_avu(&s, 2, S2("Z", "F"), E2(1, 2));
    sys_close(&s);
}

/* Each example on: all C; the RDU as RTL; the AVU of the SM the example centres on as RTL. */
static void t_fig42_c(void** st) {
    (void)st;
    fig42(-1);
}
static void t_fig42_rdu(void** st) {
    (void)st;
    fig42(0);
}
static void t_fig42_avu(void** st) {
    (void)st;
    fig42(2);
}
static void t_fig44_c(void** st) {
    (void)st;
    fig44(-1);
}
static void t_fig44_rdu(void** st) {
    (void)st;
    fig44(0);
}
static void t_fig44_avu(void** st) {
    (void)st;
    fig44(3);
}
static void t_fig47_c(void** st) {
    (void)st;
    fig47(-1);
}
static void t_fig47_rdu(void** st) {
    (void)st;
    fig47(0);
}
static void t_fig47_avu0(void** st) {
    (void)st;
    fig47(1);
}
static void t_fig47_avu1(void** st) {
    (void)st;
    fig47(2);
}
static void t_fig48_c(void** st) {
    (void)st;
    fig48(-1);
}
static void t_fig48_rdu(void** st) {
    (void)st;
    fig48(0);
}
static void t_fig48_avu1(void** st) {
    (void)st;
    fig48(2);
}
static void t_g1_c(void** st) {
    (void)st;
    spec_ld(-1, 1);
}
static void t_g2_c(void** st) {
    (void)st;
    spec_ld(-1, 2);
}
static void t_g3_c(void** st) {
    (void)st;
    spec_ld(-1, 3);
}
static void t_g1_avu(void** st) {
    (void)st;
    spec_ld(2, 1);
}
static void t_g2_avu(void** st) {
    (void)st;
    spec_ld(2, 2);
}
static void t_g3_avu(void** st) {
    (void)st;
    spec_ld(2, 3);
}
static void t_g3_rdu(void** st) {
    (void)st;
    spec_ld(0, 3);
}
static void t_fa_spec_c(void** st) {
    (void)st;
    fa_case(-1, true);
}
static void t_fa_ideal_c(void** st) {
    (void)st;
    fa_case(-1, false);
}
static void t_fa_spec_avu(void** st) {
    (void)st;
    fa_case(2, true);
}
static void t_fa_ideal_avu(void** st) {
    (void)st;
    fa_case(2, false);
}
static void t_fa_spec_rdu(void** st) {
    (void)st;
    fa_case(0, true);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(t_fig42_c),     cmocka_unit_test(t_fig42_rdu),
        cmocka_unit_test(t_fig42_avu),   cmocka_unit_test(t_fig44_c),
        cmocka_unit_test(t_fig44_rdu),   cmocka_unit_test(t_fig44_avu),
        cmocka_unit_test(t_fig47_c),     cmocka_unit_test(t_fig47_rdu),
        cmocka_unit_test(t_fig47_avu0),  cmocka_unit_test(t_fig47_avu1),
        cmocka_unit_test(t_fig48_c),     cmocka_unit_test(t_fig48_rdu),
        cmocka_unit_test(t_fig48_avu1),  cmocka_unit_test(t_g1_c),
        cmocka_unit_test(t_g2_c),        cmocka_unit_test(t_g3_c),
        cmocka_unit_test(t_g1_avu),      cmocka_unit_test(t_g2_avu),
        cmocka_unit_test(t_g3_avu),      cmocka_unit_test(t_g3_rdu),
        cmocka_unit_test(t_fa_spec_c),   cmocka_unit_test(t_fa_ideal_c),
        cmocka_unit_test(t_fa_spec_avu), cmocka_unit_test(t_fa_ideal_avu),
        cmocka_unit_test(t_fa_spec_rdu),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
