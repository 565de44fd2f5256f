/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_rsp_check.c -- the RSP invariant checker (tb/proto/gpu/gpu_check.c; docs/units/gpu/rsp.md
 * section 6) can fail: C models of four GPU-RSP L1s and the token bank, driven by hand with
 * messages no legal system sends, reach a state that breaks V-RSP1 (a second holder given a GNT
 * the bank never sent), V-RSP2 (an UNLOCK into the locked window of a holder) and V-RSP4 (a
 * FLUSH nobody sent); the same sequences without the stray message give 0 violations. The test
 * routes the token messages (TOKREQ / TOKREL into the bank, its GNT back) and plays the peer
 * network by hand; each check's report line names the invariant. V-RSP3 (no L1 RMW while
 * locked) needs an L1 that performs C16 with rblk_q = 1, which the C model never does: it is
 * shown failing by the RTL mutant gpu_l1/18-lock-ignored through the golden tests instead.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu_check.h"
#include "gpu_l1.h"
#include "gpu_l2.h"

#define NSM 4u

typedef struct {
    gpu_desc_t d;
    gpu_l1_t* l1[NSM];
    gpu_l2_t* l2;
    gpu_l1_in_t in[NSM];
    gpu_l2_in_t bin;
    gpu_rsp_chk_t* chk; /* the checker's state: one per system */
    uint64_t cycle;
    uint64_t bad;
    char* log; /* the checker's report lines (open_memstream) */
    size_t log_n;
    FILE* f;
} sys_t;

static void* model_mem(size_t n) {
    void* p = aligned_alloc(8, (n + 7u) & ~(size_t)7u);
    assert_non_null(p);
    return p;
}

static void sys_init(sys_t* s) {
    memset(s, 0, sizeof *s);
    s->d = gpu_desc_small(GPU_H);
    s->d.rsp = 1;
    s->d.num_sm = NSM;
    char why[256];
    const gpu_l1_desc_t a = gpu_l1_desc_from(&s->d);
    const gpu_l2_desc_t b = gpu_l2_desc_from(&s->d);
    for (uint32_t j = 0; j < NSM; j++) {
        const size_t n = gpu_l1_size(&a);
        s->l1[j] = gpu_l1_init(model_mem(n), n, &a, why, sizeof why);
        assert_non_null(s->l1[j]);
    }
    const size_t n = gpu_l2_size(&b);
    s->l2 = gpu_l2_init(model_mem(n), n, &b, why, sizeof why);
    assert_non_null(s->l2);
    s->f = open_memstream(&s->log, &s->log_n);
    assert_non_null(s->f);
    s->chk = gpu_rsp_chk_new();
    assert_non_null(s->chk);
}

/* the checker reported a line starting with id since the last reset */
static bool reported(sys_t* s, const char* id) {
    fflush(s->f);
    return s->log && strstr(s->log, id) != NULL;
}

static void sys_free(sys_t* s) {
    for (uint32_t j = 0; j < NSM; j++)
        free(s->l1[j]);
    free(s->l2);
    gpu_rsp_chk_free(s->chk);
    fclose(s->f);
    free(s->log);
}

/* one edge: every unit ticks with the inputs set, then the checker runs; the inputs are then
 * cleared and the token messages routed into the next edge's (one TOKREQ / TOKREL a cycle
 * reaches the bank; its GNT reaches the L1 it names) */
static void edge(sys_t* s, bool rst) {
    gpu_l1_out_t o[NSM];
    gpu_l2_out_t bo;
    for (uint32_t j = 0; j < NSM; j++) {
        s->in[j].rst_n = !rst;
        gpu_l1_tick(s->l1[j], &s->in[j], &o[j]);
        memset(&s->in[j], 0, sizeof s->in[j]);
    }
    s->bin.rst_n = !rst;
    gpu_l2_tick(s->l2, &s->bin, &bo);
    memset(&s->bin, 0, sizeof s->bin);
    const gpu_l1_t* l1[NSM] = {s->l1[0], s->l1[1], s->l1[2], s->l1[3]};
    s->bad += gpu_check_rsp(s->chk, &s->d, l1, s->l2, s->cycle++, s->f);
    for (uint32_t j = 0; j < NSM; j++)
        if (o[j].req.valid &&
            (o[j].req.kind == GPU_REQ_TOKREQ || o[j].req.kind == GPU_REQ_TOKREL)) {
            s->bin.req = o[j].req;
            s->bin.req.src = j;
        }
    for (uint32_t j = 0; j < NSM; j++)
        if (bo.rsp.valid && bo.rsp.kind == GPU_RSP_GNT && ((bo.rsp.dst >> j) & 1u))
            s->in[j].rsp = bo.rsp;
}

/* wavefront 0 of SM j issues an rm operation (the head takes it: C24 sends TOKREQ) */
static void rm_op(sys_t* s, uint32_t j, uint32_t op) {
    gpu_core_req_t* c = &s->in[j].core;
    c->valid = true;
    c->op = op;
    c->rm = true;
    c->line = 2;
    c->acq = op == GPU_OP_LOAD;
    c->rel = op == GPU_OP_STORE;
    c->mask[0] = 0xFu;
    c->data[0] = 1;
}

static void sys_reset(sys_t* s) {
    edge(s, true);
    edge(s, false);
    s->bad = 0;
}

/* SM j takes the token through the bank (TOKREQ, T01, GNT, R07) */
static void take_token(sys_t* s, uint32_t j, uint32_t op) {
    rm_op(s, j, op);
    for (uint32_t k = 0; k < 8; k++)
        edge(s, false);
}

static void gnt(sys_t* s, uint32_t j) {
    s->in[j].rsp.valid = true;
    s->in[j].rsp.kind = GPU_RSP_GNT;
    s->in[j].rsp.dst = 1ull << j;
}

static void peer(sys_t* s, uint32_t j, uint32_t kind, uint32_t src) {
    s->in[j].peer.valid = true;
    s->in[j].peer.kind = kind;
    s->in[j].peer.src = src;
}

static void edges(sys_t* s, uint32_t n) {
    for (uint32_t k = 0; k < n; k++)
        edge(s, false);
}

/* V-RSP1: SM 0 holds the token (the bank granted it); a GNT the bank never sent makes SM 1 a
 * second holder past step T */
static void test_v1_two_holders(void** state) {
    (void)state;
    static sys_t s;
    sys_init(&s);
    sys_reset(&s);
    take_token(&s, 0, GPU_OP_LOAD);
    rm_op(&s, 1, GPU_OP_LOAD);
    edges(&s, 3); /* SM 1's TOKREQ waits at the bank (T02) */
    assert_int_equal(s.bad, 0);
    gnt(&s, 1);
    edges(&s, 2);
    assert_true(s.bad > 0);
    assert_true(reported(&s, "V-RSP1: "));
    sys_free(&s);
}

/* V-RSP4: a FLUSH with no command outstanding; the same L1 with nothing is quiet */
static void test_v4_stray_flush(void** state) {
    (void)state;
    static sys_t s;
    sys_init(&s);
    sys_reset(&s);
    edges(&s, 3);
    assert_int_equal(s.bad, 0);
    peer(&s, 2, GPU_PEER_FLUSH, 3);
    edge(&s, false);
    assert_true(s.bad > 0);
    assert_true(reported(&s, "V-RSP4: "));
    sys_free(&s);
}

/* SM 0 runs an rm release up to its locked window: the token from the bank, its LOCK to every L1
 * (the test delivers the copies and returns each BACK to SM 0) */
static void to_window(sys_t* s) {
    take_token(s, 0, GPU_OP_STORE);
    edges(s, 2); /* C26: LOCK */
    for (uint32_t j = 0; j < NSM; j++)
        peer(s, j, GPU_PEER_LOCK, 0);
    edge(s, false);
    for (uint32_t j = 0; j < NSM; j++) {
        peer(s, 0, GPU_PEER_BACK, j);
        edge(s, false);
    }
    edges(s, 2);
}

/* V-RSP2: in SM 0's locked window SM 2 is unlocked by a stray UNLOCK */
static void test_v2_unlock_in_window(void** state) {
    (void)state;
    static sys_t s;
    sys_init(&s);
    sys_reset(&s);
    to_window(&s);
    gpu_l1_state_t* st = calloc(1, sizeof *st);
    assert_non_null(st);
    st->sel_all = 0;
    gpu_l1_state_get(s.l1[0], st);
    assert_true(st->rst >= 3u); /* past the LOCK step */
    gpu_l1_state_get(s.l1[2], st);
    assert_int_equal(st->rblk, 1);
    free(st);
    assert_int_equal(s.bad, 0);
    peer(&s, 2, GPU_PEER_UNLOCK, 3);
    edge(&s, false);
    assert_true(s.bad > 0);
    assert_true(reported(&s, "V-RSP2: "));
    sys_free(&s);
}

/* The checker's state is one per system: V-RSP2 (which needs the LOCK seen edges earlier) is
 * still found in a system whose edges are checked in turn with another's (same cycle numbers).
 * With one state shared by both, each call would find the cycle not after the previous one,
 * start afresh and forget the LOCK: the violation would be missed. */
static void test_state_per_system(void** state) {
    (void)state;
    static sys_t a, b;
    sys_init(&a);
    sys_init(&b);
    edge(&a, true);
    edge(&b, true);
    edge(&a, false);
    edge(&b, false);
    a.bad = b.bad = 0;
    take_token(&a, 0, GPU_OP_STORE); /* to_window, one edge of b after each edge of a */
    edges(&b, 8);
    edge(&a, false);
    edge(&b, false);
    edge(&a, false);
    edge(&b, false);
    for (uint32_t j = 0; j < NSM; j++)
        peer(&a, j, GPU_PEER_LOCK, 0);
    edge(&a, false);
    edge(&b, false);
    for (uint32_t j = 0; j < NSM; j++) {
        peer(&a, 0, GPU_PEER_BACK, j);
        edge(&a, false);
        edge(&b, false);
    }
    for (uint32_t k = 0; k < 2; k++) {
        edge(&a, false);
        edge(&b, false);
    }
    assert_int_equal(a.bad, 0);
    peer(&a, 2, GPU_PEER_UNLOCK, 3);
    edge(&a, false);
    edge(&b, false);
    assert_true(a.bad > 0);
    assert_true(reported(&a, "V-RSP2: "));
    assert_int_equal(b.bad, 0);
    sys_free(&a);
    sys_free(&b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_v1_two_holders),
        cmocka_unit_test(test_v4_stray_flush),
        cmocka_unit_test(test_v2_unlock_in_window),
        cmocka_unit_test(test_state_per_system),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
