/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_rsp_models.c -- remote-scope promotion (Rsp = 1) in the baseline GPU C models
 * (docs/units/gpu/rsp.md sections 1-5, 11, 12). Every expected value below was worked out by
 * hand from the page, never copied from model output. Small configuration with Rsp = 1 and
 * Hrf = 1: L1 of 4 sets x 2 ways of 16-byte lines (set = line mod 4, line index = set * 2 +
 * way), FIFO 2, store buffer 4, SbIdle 64, WMAX 7; NumSm 4 (ALL = 0xF). The L1 under test is
 * SM1 unless a test says otherwise: the network stamps src = 1 on its own commands.
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

#include "gpu_l1.h"
#include "gpu_l2.h"
#include "gpu_types.h"

#define SELF 1u /* this L1's SM */

/*--- L1 harness -------------------------------------------------------------------------------*/

typedef struct {
    gpu_l1_t* m;
    gpu_l1_in_t in;
    gpu_l1_out_t out;
    gpu_l1_state_t* s;
} l1h_t;

static gpu_l1_desc_t rdesc(uint32_t rsp, uint32_t num_sm) {
    gpu_desc_t s = gpu_desc_small(GPU_H);
    s.rsp = rsp;
    s.num_sm = num_sm;
    return gpu_l1_desc_from(&s);
}

static void r_open(l1h_t* t, gpu_l1_desc_t d) {
    char msg[256];
    const size_t n = gpu_l1_size(&d);
    assert_true(n > 0u);
    t->m = gpu_l1_init(malloc(n), n, &d, msg, sizeof msg);
    assert_non_null(t->m);
    t->s = calloc(1, sizeof *t->s);
    assert_non_null(t->s);
    memset(&t->in, 0, sizeof t->in);
    gpu_l1_tick(t->m, &t->in, &t->out); /* reset edge */
}

static void r_close(l1h_t* t) {
    free(t->m);
    free(t->s);
}

static void tick(l1h_t* t) {
    t->in.rst_n = true;
    gpu_l1_tick(t->m, &t->in, &t->out);
    memset(&t->in, 0, sizeof t->in);
}

static const gpu_l1_state_t* st(l1h_t* t) {
    memset(t->s, 0, sizeof *t->s);
    t->s->sel_all = 1;
    gpu_l1_state_get(t->m, t->s);
    return t->s;
}

static gpu_l1_stats_t stats(const l1h_t* t) {
    gpu_l1_stats_t s;
    gpu_l1_stats(t->m, &s);
    return s;
}

static uint64_t cov(const l1h_t* t, gpu_l1_trans_t r) {
    return gpu_l1_cov(t->m)[r];
}

static uint64_t fcov(const l1h_t* t, gpu_l1_fcov_t f) {
    return gpu_l1_fcov(t->m)[f];
}

static void core(l1h_t* t, uint32_t op, uint32_t wf, uint64_t line, bool rm) {
    gpu_core_req_t* c = &t->in.core;
    c->valid = true;
    c->op = op;
    c->wf = wf;
    c->line = line;
    c->rm = rm;
    c->acq = op == GPU_OP_LOAD;
    c->rel = op == GPU_OP_STORE;
}

static void peer_in(l1h_t* t, uint32_t kind, uint32_t src) {
    t->in.peer.valid = true;
    t->in.peer.kind = kind;
    t->in.peer.src = src;
}

static void rsp_in(l1h_t* t, uint32_t kind, uint64_t line, uint32_t wf, uint32_t w0) {
    t->in.rsp.valid = true;
    t->in.rsp.kind = kind;
    t->in.rsp.dst = 1u << SELF;
    t->in.rsp.line = line;
    t->in.rsp.wf = wf;
    t->in.rsp.data[0] = w0;
}

static void expect_req(const l1h_t* t, uint32_t kind, uint64_t line) {
    assert_true(t->out.req.valid);
    assert_int_equal(t->out.req.kind, kind);
    assert_int_equal(t->out.req.line, line);
}

/* a TOKREQ / TOKREL: line 0 and every payload 0 (section 3, M1) */
static void expect_tok(const l1h_t* t, uint32_t kind) {
    gpu_req_t z;
    memset(&z, 0, sizeof z);
    z.valid = true;
    z.kind = kind;
    assert_memory_equal(&t->out.req, &z, sizeof z);
}

static void expect_peer(const l1h_t* t, uint32_t kind, uint64_t dst) {
    assert_true(t->out.peer.valid);
    assert_int_equal(t->out.peer.kind, kind);
    assert_int_equal(t->out.peer.src, 0);
    assert_int_equal(t->out.peer.dst, dst);
}

static void expect_rm(l1h_t* t, uint32_t rst, uint32_t rsnt, uint32_t bcnt) {
    const gpu_l1_state_t* s = st(t);
    assert_int_equal(s->rst, rst);
    assert_int_equal(s->rsnt, rsnt);
    assert_int_equal(s->bcnt, bcnt);
}

/*--- the sequence's steps ---------------------------------------------------------------------*/

/* push (edge 1), C24 (edge 2), S08 (edge 3), GNT / R07 (edge 4): rst 2 */
static void run_token(l1h_t* t, uint32_t op, uint32_t wf, uint64_t line) {
    core(t, op, wf, line, true);
    tick(t);
    assert_false(t->out.req.valid);
    tick(t); /* C24 */
    expect_tok(t, GPU_REQ_TOKREQ);
    expect_rm(t, 1, 1, 0);
    assert_false(t->out.drained);
    tick(t); /* S08: waits for the GNT */
    assert_false(t->out.req.valid);
    expect_rm(t, 1, 1, 0);
    rsp_in(t, GPU_RSP_GNT, 0, 0, 0);
    tick(t); /* R07 */
    assert_false(t->out.req.valid);
    expect_rm(t, 2, 0, 0);
}

/* the other three SMs' BACKs, then this L1's own; the step completes at the last (L16) */
static void backs(l1h_t* t, uint32_t rst) {
    const uint32_t order[4] = {0, 2, 3, SELF};
    for (uint32_t k = 0; k < 4u; k++) {
        peer_in(t, GPU_PEER_BACK, order[k]);
        tick(t);
        assert_false(t->out.peer.valid);
        expect_rm(t, k == 3u ? rst + 1u : rst, k == 3u ? 0u : 1u, 3u - k);
    }
}

/* C26 of kind at step rst, the command back at this L1 (K01-K04, K05), four K06 */
static void run_bcst(l1h_t* t, uint32_t kind, uint32_t rst) {
    tick(t); /* C26 */
    expect_peer(t, kind, 0xF);
    expect_rm(t, rst, 1, 4);
    peer_in(t, kind, SELF);
    tick(t);
    if (kind == GPU_PEER_FLUSH) { /* K04 (empty buffer), K05 in the next edge */
        assert_false(t->out.peer.valid);
        assert_int_equal(st(t)->cfv, 1);
        tick(t);
    }
    expect_peer(t, GPU_PEER_BACK, 1u << SELF);
    backs(t, rst);
}

static void run_untok(l1h_t* t) {
    tick(t); /* C30 */
    expect_tok(t, GPU_REQ_TOKREL);
    expect_rm(t, 0, 0, 0);
    assert_int_equal(st(t)->fcnt, 0);
    assert_true(t->out.drained);
}

/*--- L1 sequences -----------------------------------------------------------------------------*/

/* ld.acquire.rm line 2 (section 2: T a3 a4 a5 U; L16; section 11's counters) */
static void test_rm_acquire(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    core(&t, GPU_OP_LOAD, 5, 1, false);
    t.in.core.acq = false;
    tick(&t);
    tick(&t); /* C05: GETS 1, pending during a3 */
    run_token(&t, GPU_OP_LOAD, 0, 2);
    tick(&t); /* C25: !m, allocate line 4 (set 2, way 0), GETS 2 */
    expect_req(&t, GPU_REQ_GETS, 2);
    expect_rm(&t, 2, 1, 0);
    gpu_l1_line_t l;
    gpu_l1_line_get(t.m, 4, &l);
    assert_int_equal(l.pend + l.wait + l.acq, 1 + 1 + 0);
    rsp_in(&t, GPU_RSP_DATA, 1, 0, 3);
    tick(&t); /* R01 of line 1: not a3's DATA */
    expect_rm(&t, 2, 1, 0);
    rsp_in(&t, GPU_RSP_DATA, 2, 0, 7);
    tick(&t); /* R01: the wavefront gets 7; a3 completes */
    assert_true(t.out.crsp.valid);
    assert_int_equal(t.out.crsp.wf_mask, 1);
    assert_int_equal(t.out.crsp.data[0], 7);
    expect_rm(&t, 3, 0, 0);
    run_bcst(&t, GPU_PEER_FLUSH, 3);
    tick(&t); /* C27: INV at this L1 only */
    assert_false(t.out.peer.valid || t.out.req.valid);
    expect_rm(&t, 5, 0, 0);
    gpu_l1_line_get(t.m, 4, &l);
    assert_int_equal(l.val, 0);
    run_untok(&t);
    const gpu_l1_stats_t s = stats(&t);
    assert_int_equal(s.rm_acquires, 1);
    assert_int_equal(s.bcst_flush, 1);
    assert_int_equal(s.local_flush + s.local_inval, 1 + 1);
    assert_int_equal(s.remote_flush + s.remote_inval, 0);
    /* rst_q != 0 from the edge after C24 to C30: 1 GNT wait, R07, C25, DATA 1, DATA 2, C26,
     * K04, K05, 4 K06, C27, C30 = 14; waiting for the GNT: S08's edge and R07's = 2 */
    assert_int_equal(s.rm_cycles, 14);
    assert_int_equal(s.token_wait_cycles, 2);
    assert_int_equal(cov(&t, GPU_L1_T_S08), 1 + 1 + 1 + 4); /* GNT wait, K04, K05, 4 K06 */
    assert_int_equal(cov(&t, GPU_L1_T_K06), 4);
    assert_int_equal(fcov(&t, GPU_L1_F_BCNT_FIRST), 1);
    assert_int_equal(fcov(&t, GPU_L1_F_BACK_SELF_LAST), 1);
    assert_int_equal(fcov(&t, GPU_L1_F_FLUSH_EMPTY), 1);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    r_close(&t);
}

/* st.release.rm line 5 word 1 = 9 (T a9-a14 U; C28 completes on its ACK with wtp 0, L16) */
static void test_rm_release(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    t.in.core.data[1] = 9;
    t.in.core.mask[0] = 0xf0;
    run_token(&t, GPU_OP_STORE, 0, 5);
    run_bcst(&t, GPU_PEER_LOCK, 2);
    assert_int_equal(st(&t)->rblk, 1);
    run_bcst(&t, GPU_PEER_FLUSH, 3);
    run_bcst(&t, GPU_PEER_INV, 4);
    tick(&t); /* C28 */
    expect_req(&t, GPU_REQ_WT, 5);
    assert_int_equal(t.out.req.mask[0], 0xf0);
    assert_int_equal(t.out.req.data[1], 9);
    expect_rm(&t, 5, 1, 0);
    assert_int_equal(st(&t)->wtp, 1);
    rsp_in(&t, GPU_RSP_ACK, 5, 0, 0);
    tick(&t); /* R04: wtp 0, a12 completes */
    expect_rm(&t, 6, 0, 0);
    run_bcst(&t, GPU_PEER_INV, 6);
    run_bcst(&t, GPU_PEER_UNLOCK, 7);
    assert_int_equal(st(&t)->rblk, 0);
    run_untok(&t);
    const gpu_l1_stats_t s = stats(&t);
    assert_int_equal(s.rm_releases, 1);
    assert_int_equal(s.bcst_lock + s.bcst_flush + s.bcst_inv + s.bcst_unlock, 1 + 1 + 2 + 1);
    assert_int_equal(s.bcst_inv, 2);
    assert_int_equal(s.local_inval, 2);
    assert_int_equal(cov(&t, GPU_L1_T_C26), 5);
    assert_int_equal(cov(&t, GPU_L1_T_K06), 20);
    assert_int_equal(cov(&t, GPU_L1_T_K01) + cov(&t, GPU_L1_T_K02), 2);
    assert_int_equal(cov(&t, GPU_L1_T_C28), 1);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    r_close(&t);
}

/* atom.add.rm line 6 word 0 += 3 by wf 2 (T a19-a25 U; C29 completes on R05 for wf 2) */
static void test_rm_atomic(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    t.in.core.aop = GPU_AOP_ADD;
    t.in.core.a = 3;
    run_token(&t, GPU_OP_ATOMIC, 2, 6);
    run_bcst(&t, GPU_PEER_LOCK, 2);
    run_bcst(&t, GPU_PEER_FLUSH, 3);
    run_bcst(&t, GPU_PEER_INV, 4);
    tick(&t); /* C29 */
    expect_req(&t, GPU_REQ_ATOMIC, 6);
    assert_int_equal(t.out.req.wf, 2);
    assert_int_equal(t.out.req.acq, 0);
    assert_int_equal(t.out.req.aop, GPU_AOP_ADD);
    assert_int_equal(t.out.req.a, 3);
    expect_rm(&t, 5, 1, 0);
    rsp_in(&t, GPU_RSP_ATOM, 6, 1, 10); /* another wavefront's answer: not a22's */
    tick(&t);
    expect_rm(&t, 5, 1, 0);
    rsp_in(&t, GPU_RSP_ATOM, 6, 2, 10);
    tick(&t); /* R05: the wavefront gets 10 */
    assert_true(t.out.crsp.valid);
    assert_int_equal(t.out.crsp.wf_mask, 1u << 2);
    assert_int_equal(t.out.crsp.data[0], 10);
    expect_rm(&t, 6, 0, 0);
    run_bcst(&t, GPU_PEER_FLUSH, 6);
    run_bcst(&t, GPU_PEER_INV, 7);
    run_bcst(&t, GPU_PEER_UNLOCK, 8);
    run_untok(&t);
    const gpu_l1_stats_t s = stats(&t);
    assert_int_equal(s.rm_atomics, 1);
    assert_int_equal(s.bcst_flush, 2);
    assert_int_equal(s.local_flush, 2);
    assert_int_equal(cov(&t, GPU_L1_T_C29), 1);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    r_close(&t);
}

static void store(l1h_t* t, uint64_t line, uint32_t w0) {
    core(t, GPU_OP_STORE, 0, line, false);
    t->in.core.rel = false;
    t->in.core.data[0] = w0;
    t->in.core.mask[0] = 0xf;
}

/* SM1 receives SM2's LOCK, FLUSH (two entries: B09 x 2, F60, K05), INV, UNLOCK (K01-K05) */
static void test_receiver(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    store(&t, 3, 5);
    tick(&t);
    store(&t, 7, 6);
    tick(&t); /* C12 line 3 */
    tick(&t); /* C12 line 7 */
    assert_int_equal(st(&t)->sbcnt, 2);
    peer_in(&t, GPU_PEER_LOCK, 2);
    tick(&t); /* K01 */
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    peer_in(&t, GPU_PEER_FLUSH, 2);
    tick(&t); /* K04 */
    assert_false(t.out.peer.valid);
    const gpu_l1_state_t* s = st(&t);
    assert_int_equal(s->cfv + s->cfl + s->csrc, 1 + 2 + 2);
    tick(&t); /* B09 line 3 */
    expect_req(&t, GPU_REQ_WT, 3);
    assert_int_equal(t.out.req.data[0], 5);
    tick(&t); /* B09 line 7 */
    expect_req(&t, GPU_REQ_WT, 7);
    s = st(&t);
    assert_int_equal(s->cfl + s->wtp + s->sbcnt, 0 + 2 + 0);
    for (uint32_t k = 0; k < 2u; k++) {
        rsp_in(&t, GPU_RSP_ACK, 3, 0, 0);
        tick(&t); /* F60: no BACK while wtp_q > 0 */
        assert_false(t.out.peer.valid);
        assert_false(t.out.drained);
    }
    tick(&t); /* K05 */
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    assert_true(t.out.drained);
    assert_int_equal(st(&t)->cfv, 0);
    core(&t, GPU_OP_LOAD, 0, 9, false);
    t.in.core.acq = false;
    tick(&t);
    tick(&t); /* C05: GETS 9, pending across the INV */
    expect_req(&t, GPU_REQ_GETS, 9);
    peer_in(&t, GPU_PEER_INV, 2);
    tick(&t); /* K03 */
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    /* a K03 INV is a whole-L1 invalidation: it reports every line's flags written (gpu_l1.md
     * section 15), here line 9's GETS made stale */
    assert_true(gpu_l1_flags_touched(t.m));
    peer_in(&t, GPU_PEER_UNLOCK, 2);
    tick(&t); /* K02 */
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    assert_int_equal(st(&t)->rblk, 0);
    const gpu_l1_stats_t x = stats(&t);
    assert_int_equal(x.remote_flush + x.remote_inval, 2);
    assert_int_equal(x.local_flush + x.local_inval, 0);
    assert_int_equal(cov(&t, GPU_L1_T_B09), 2);
    assert_int_equal(fcov(&t, GPU_L1_F_FLUSH_WAIT_ACKS), 2);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    r_close(&t);
}

static void cta_add(l1h_t* t, uint32_t wf, uint64_t line) {
    core(t, GPU_OP_ATOMIC, wf, line, false);
    t->in.core.aop = GPU_AOP_ADD;
    t->in.core.a = 1;
}

/* a plain load of line, answered with w0 (C05, R01) */
static void warm(l1h_t* t, uint64_t line, uint32_t w0) {
    core(t, GPU_OP_LOAD, 3, line, false);
    t->in.core.acq = false;
    tick(t);
    tick(t); /* C05 */
    expect_req(t, GPU_REQ_GETS, line);
    rsp_in(t, GPU_RSP_DATA, line, 0, w0);
    tick(t); /* R01 */
}

/* L17: a C16 in the LOCK's edge is performed (F55); then S07 (F56) until the line is written
 * through (FLUSH) and invalidated (INV): C18 while locked (F67) */
static void test_lock_stall(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    warm(&t, 1, 10);
    cta_add(&t, 1, 1);
    tick(&t);
    peer_in(&t, GPU_PEER_LOCK, 2);
    tick(&t); /* C16 and K01 */
    assert_true(t.out.crsp.valid);
    assert_int_equal(t.out.crsp.data[0], 10);
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    assert_int_equal(fcov(&t, GPU_L1_F_LOCK_AND_C16), 1);
    cta_add(&t, 2, 1);
    tick(&t);
    tick(&t); /* S07 (1) */
    assert_false(t.out.crsp.valid || t.out.req.valid);
    peer_in(&t, GPU_PEER_FLUSH, 2);
    tick(&t); /* K04, S07 (2) */
    tick(&t); /* B09 of line 1 (11), S07 (3) */
    expect_req(&t, GPU_REQ_WT, 1);
    assert_int_equal(t.out.req.data[0], 11);
    rsp_in(&t, GPU_RSP_ACK, 1, 0, 0);
    tick(&t); /* R04: the head is not tried */
    tick(&t); /* K05, S07 (4) */
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    peer_in(&t, GPU_PEER_INV, 2);
    tick(&t); /* K03 (INV last), S07 (5) */
    assert_false(t.out.req.valid);
    tick(&t); /* C18 while rblk: ATOMIC to the L2 */
    expect_req(&t, GPU_REQ_ATOMIC, 1);
    assert_int_equal(t.out.req.wf, 2);
    assert_int_equal(cov(&t, GPU_L1_T_S07), 5);
    assert_int_equal(stats(&t).lock_stall_cycles, 5);
    assert_int_equal(fcov(&t, GPU_L1_F_LOCK_STALL), 5);
    assert_int_equal(fcov(&t, GPU_L1_F_LOCKED_ATOM_TO_L2), 1);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    r_close(&t);
}

/* C25 on a valid line sends a GETS anyway (F65); C25 on a pending line merges (F64) */
static void test_c25_cases(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    warm(&t, 2, 4);
    run_token(&t, GPU_OP_LOAD, 0, 2);
    tick(&t); /* C25: m, val, !pend: GETS, val stays 1 */
    expect_req(&t, GPU_REQ_GETS, 2);
    gpu_l1_line_t l;
    gpu_l1_line_get(t.m, 4, &l);
    assert_int_equal(l.val + l.pend, 2);
    assert_int_equal(fcov(&t, GPU_L1_F_RM_ACQ_VALID), 1);
    r_close(&t);
    r_open(&t, rdesc(1, 4));
    core(&t, GPU_OP_LOAD, 3, 1, false);
    t.in.core.acq = false;
    tick(&t);
    tick(&t); /* C05: GETS 1 (line 2) */
    run_token(&t, GPU_OP_LOAD, 0, 1);
    tick(&t); /* C25: merge, no request */
    assert_false(t.out.req.valid);
    gpu_l1_line_get(t.m, 2, &l);
    assert_int_equal(l.wait, (1u << 3) | 1u);
    assert_int_equal(fcov(&t, GPU_L1_F_RM_ACQ_MERGE), 1);
    rsp_in(&t, GPU_RSP_DATA, 1, 0, 8);
    tick(&t); /* R01 serves both wavefronts; a3 completes */
    assert_int_equal(t.out.crsp.wf_mask, 9);
    expect_rm(&t, 3, 0, 0);
    r_close(&t);
}

/* B10 (an entry whose line C14 wrote through), F61 (an entry on a pending line), B09 */
static void test_cmd_pops(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    store(&t, 0, 1);
    tick(&t);
    store(&t, 1, 2);
    tick(&t); /* C12 line 0 */
    core(&t, GPU_OP_LOAD, 3, 1, false);
    t.in.core.acq = false;
    tick(&t); /* C12 line 1 */
    core(&t, GPU_OP_ATOMIC, 4, 0, false);
    t.in.core.gpu = true;
    tick(&t); /* C04: GETS line 1 (dirty, not valid) */
    expect_req(&t, GPU_REQ_GETS, 1);
    tick(&t); /* C14: WT of line 0 */
    expect_req(&t, GPU_REQ_WT, 0);
    tick(&t); /* C15 */
    expect_req(&t, GPU_REQ_ATOMIC, 0);
    peer_in(&t, GPU_PEER_FLUSH, 2);
    tick(&t); /* K04: cfl 2 */
    assert_int_equal(st(&t)->cfl, 2);
    tick(&t); /* B10: line 0 is free, no message */
    assert_false(t.out.req.valid);
    assert_int_equal(st(&t)->cfl, 1);
    tick(&t); /* blocked: line 1 pending (F61) */
    assert_false(t.out.req.valid);
    rsp_in(&t, GPU_RSP_DATA, 1, 3, 0);
    tick(&t); /* R01; the pop decided on pend_q is blocked again */
    tick(&t); /* B09 */
    expect_req(&t, GPU_REQ_WT, 1);
    assert_int_equal(t.out.req.data[0], 2);
    assert_int_equal(st(&t)->cfl, 0);
    assert_int_equal(cov(&t, GPU_L1_T_B10), 1);
    assert_int_equal(cov(&t, GPU_L1_T_B09), 1);
    assert_int_equal(fcov(&t, GPU_L1_F_CMD_POP_BLOCKED), 2);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    r_close(&t);
}

/* F62 (a K03 stales a pending GETS) and F63 (a peer message and a response in one edge) */
static void test_inv_stales(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    core(&t, GPU_OP_LOAD, 0, 2, false);
    t.in.core.acq = false;
    tick(&t);
    tick(&t); /* C05: GETS 2 (line 4) */
    peer_in(&t, GPU_PEER_INV, 3);
    tick(&t); /* K03 */
    expect_peer(&t, GPU_PEER_BACK, 1u << 3);
    gpu_l1_line_t l;
    gpu_l1_line_get(t.m, 4, &l);
    assert_int_equal(l.stale, 1);
    peer_in(&t, GPU_PEER_LOCK, 3);
    rsp_in(&t, GPU_RSP_DATA, 2, 0, 5);
    tick(&t); /* K01 and R02: served, not installed */
    assert_true(t.out.crsp.valid);
    expect_peer(&t, GPU_PEER_BACK, 1u << 3);
    gpu_l1_line_get(t.m, 4, &l);
    assert_int_equal(l.val, 0);
    assert_int_equal(fcov(&t, GPU_L1_F_CMD_INV_STALES), 1);
    assert_int_equal(fcov(&t, GPU_L1_F_CMD_AND_RSP), 1);
    assert_int_equal(cov(&t, GPU_L1_T_R02), 1);
    r_close(&t);
}

/*--- illegal inputs (section 12.4) and Rsp = 0 ------------------------------------------------*/

static void expect_err(l1h_t* t, uint64_t n) {
    assert_int_equal(gpu_l1_errors(t->m), n);
    assert_false(t->out.peer.valid);
}

/* I7-I12 and I3 amended: counted, nothing changes, no BACK */
static void test_l1_illegal(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    peer_in(&t, GPU_PEER_BACK, 0);
    tick(&t);
    expect_err(&t, 1); /* I7 */
    peer_in(&t, GPU_PEER_UNLOCK, 2);
    tick(&t);
    expect_err(&t, 2); /* I8 */
    peer_in(&t, GPU_PEER_LOCK, 2);
    tick(&t); /* K01 */
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    peer_in(&t, GPU_PEER_LOCK, 3);
    tick(&t);
    expect_err(&t, 3); /* I9 */
    peer_in(&t, GPU_PEER_FLUSH, 2);
    tick(&t); /* K04 */
    peer_in(&t, GPU_PEER_FLUSH, 3);
    tick(&t); /* I10; K05 answers the running flush's source */
    assert_int_equal(gpu_l1_errors(t.m), 4);
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    rsp_in(&t, GPU_RSP_GNT, 0, 0, 0);
    tick(&t);
    expect_err(&t, 5); /* I11 */
    const uint32_t bad_peer[3] = {0, 6, 7};
    for (uint32_t k = 0; k < 3u; k++) {
        peer_in(&t, bad_peer[k], 2);
        tick(&t);
        expect_err(&t, 6u + 2u * k); /* I12 */
        rsp_in(&t, 5u + k, 0, 0, 0);
        tick(&t);
        expect_err(&t, 7u + 2u * k); /* I3 */
        tick(&t);                    /* (nothing) */
    }
    const gpu_l1_state_t* s = st(&t);
    assert_int_equal(s->rblk + s->rst + s->rsnt + s->bcnt + s->cfv, 1);
    core(&t, GPU_OP_LOAD, 0, 2, true);
    t.in.core.acq = false; /* I6: rm on a plain load, run as plain */
    tick(&t);
    tick(&t);
    expect_req(&t, GPU_REQ_GETS, 2);
    assert_int_equal(gpu_l1_errors(t.m), 12);
    assert_int_equal(cov(&t, GPU_L1_T_C24), 0);
    r_close(&t);
}

/* RD8 (L19, reading 14 of gpu_l1.c): a K05 BACK that meets a K01 BACK waits for the next edge
 * (cfv stays 1); a K01 BACK that meets a C26 broadcast is dropped. Each such edge counts one
 * protocol error (L19_OnePeer_A). */
static void test_rd8(void** state) {
    (void)state;
    l1h_t t;
    r_open(&t, rdesc(1, 4));
    peer_in(&t, GPU_PEER_FLUSH, 2);
    tick(&t); /* K04: empty buffer, K05 due in the next edge */
    assert_false(t.out.peer.valid);
    peer_in(&t, GPU_PEER_LOCK, 3);
    tick(&t); /* K01's BACK; K05 waits */
    expect_peer(&t, GPU_PEER_BACK, 1u << 3);
    assert_int_equal(gpu_l1_errors(t.m), 1);
    assert_int_equal(st(&t)->cfv + st(&t)->rblk, 1 + 1);
    assert_int_equal(cov(&t, GPU_L1_T_K05), 0);
    tick(&t); /* K05 */
    expect_peer(&t, GPU_PEER_BACK, 1u << 2);
    assert_int_equal(gpu_l1_errors(t.m), 1);
    assert_int_equal(st(&t)->cfv, 0);
    assert_int_equal(cov(&t, GPU_L1_T_K05), 1);
    r_close(&t);

    r_open(&t, rdesc(1, 4));
    run_token(&t, GPU_OP_LOAD, 0, 2);
    tick(&t); /* C25: GETS 2 */
    expect_req(&t, GPU_REQ_GETS, 2);
    rsp_in(&t, GPU_RSP_DATA, 2, 0, 7);
    tick(&t); /* a3 completes */
    expect_rm(&t, 3, 0, 0);
    peer_in(&t, GPU_PEER_LOCK, 2);
    tick(&t); /* C26 takes the edge; K01 sets rblk, its BACK is dropped */
    expect_peer(&t, GPU_PEER_FLUSH, 0xF);
    assert_int_equal(gpu_l1_errors(t.m), 1);
    expect_rm(&t, 3, 1, 4);
    assert_int_equal(st(&t)->rblk, 1);
    tick(&t);
    expect_err(&t, 1);
    r_close(&t);
}

/* the same edge in a twin without the Rsp inputs (the GNT replaced by the kind-0 response,
 * which an L1 has always ignored) */
static void twin_tick(l1h_t* a, l1h_t* b) {
    b->in = a->in;
    b->in.core.rm = false;
    memset(&b->in.peer, 0, sizeof b->in.peer);
    if (b->in.rsp.kind == GPU_RSP_GNT) {
        b->in.rsp.kind = GPU_RSP_NONE;
    }
    tick(a);
    tick(b);
    assert_memory_equal(&a->out, &b->out, sizeof a->out);
}

/* Rsp = 0: I6, I12, I3 counted; no row of the page; every edge as without the inputs */
static void test_rsp0_inert(void** state) {
    (void)state;
    l1h_t a, b;
    r_open(&a, rdesc(0, 4));
    r_open(&b, rdesc(0, 4));
    core(&a, GPU_OP_LOAD, 0, 2, true); /* acquire load, rm: ignored (CTA acquire, C05) */
    twin_tick(&a, &b);
    peer_in(&a, GPU_PEER_LOCK, 2);
    twin_tick(&a, &b);
    expect_req(&a, GPU_REQ_GETS, 2);
    rsp_in(&a, GPU_RSP_GNT, 0, 0, 0);
    twin_tick(&a, &b);
    cta_add(&a, 1, 2);
    a.in.core.rm = true;
    twin_tick(&a, &b);
    peer_in(&a, GPU_PEER_BACK, 0);
    twin_tick(&a, &b); /* the atomic: C18 (line 2 pending, not valid) */
    expect_req(&a, GPU_REQ_ATOMIC, 2);
    assert_int_equal(gpu_l1_errors(a.m), 5);
    assert_int_equal(gpu_l1_errors(b.m), 1); /* the kind-0 response */
    const gpu_l1_state_t* s = st(&a);
    assert_int_equal(s->rblk + s->rst + s->rsnt + s->bcnt + s->cfv + s->cfl + s->csrc, 0);
    for (uint32_t r = GPU_L1_T_C24; r < GPU_L1_T_N; r++) {
        assert_int_equal(cov(&a, (gpu_l1_trans_t)r), 0);
    }
    r_close(&a);
    r_close(&b);
}

/*--- gpu_l2: the token (section 5.2, 12.3, 12.5) ----------------------------------------------*/

typedef struct {
    gpu_l2_t* m;
    gpu_l2_in_t in;
    gpu_l2_out_t out;
    gpu_l2_state_t* s;
} l2h_t;

static void b_open(l2h_t* t, uint32_t rsp) {
    gpu_desc_t g = gpu_desc_small(GPU_H);
    g.rsp = rsp;
    const gpu_l2_desc_t d = gpu_l2_desc_from(&g);
    char msg[256];
    const size_t n = gpu_l2_size(&d);
    t->m = gpu_l2_init(malloc(n), n, &d, msg, sizeof msg);
    assert_non_null(t->m);
    t->s = calloc(1, sizeof *t->s);
    assert_non_null(t->s);
    memset(&t->in, 0, sizeof t->in);
    gpu_l2_tick(t->m, &t->in, &t->out);
}

static void b_close(l2h_t* t) {
    free(t->m);
    free(t->s);
}

/* push (one edge), then the head (the next): the second edge's outputs stay in t->out */
static void tok(l2h_t* t, uint32_t kind, uint32_t src) {
    t->in.rst_n = true;
    t->in.req.valid = true;
    t->in.req.kind = kind;
    t->in.req.src = src;
    gpu_l2_tick(t->m, &t->in, &t->out);
    assert_false(t->out.rsp.valid);
    memset(&t->in.req, 0, sizeof t->in.req);
    gpu_l2_tick(t->m, &t->in, &t->out);
}

static void expect_tok_state(l2h_t* t, uint32_t busy, uint32_t own, uint64_t wait) {
    memset(t->s, 0, sizeof *t->s);
    gpu_l2_state_get(t->m, t->s);
    assert_int_equal(t->s->tbusy, busy);
    assert_int_equal(t->s->town, own);
    assert_int_equal(t->s->twait, wait);
}

static void expect_gnt(const l2h_t* t, uint64_t dst) {
    gpu_rsp_t z;
    memset(&z, 0, sizeof z);
    z.valid = true;
    z.kind = GPU_RSP_GNT;
    z.dst = dst;
    if (dst == 0u) {
        assert_false(t->out.rsp.valid);
        return;
    }
    assert_memory_equal(&t->out.rsp, &z, sizeof z);
}

static uint64_t bf(const l2h_t* t, gpu_l2_fcov_t f) {
    return gpu_l2_fcov(t->m)[f];
}

/* golden T4: SM1, SM2, SM3, SM0 ask; E6 hands the token 1 -> 2 -> 3 -> 0 (the wrap) -> free */
static void test_token_rr(void** state) {
    (void)state;
    l2h_t t;
    b_open(&t, 1);
    tok(&t, GPU_REQ_TOKREQ, 1); /* T01 */
    expect_gnt(&t, 1u << 1);
    expect_tok_state(&t, 1, 1, 0);
    const uint32_t ask[3] = {2, 3, 0};
    const uint64_t wait[3] = {0x4, 0xc, 0xd};
    for (uint32_t k = 0; k < 3u; k++) {
        tok(&t, GPU_REQ_TOKREQ, ask[k]); /* T02 */
        expect_gnt(&t, 0);
        expect_tok_state(&t, 1, 1, wait[k]);
    }
    assert_int_equal(bf(&t, GPU_L2_F_TOK_WAIT_ALL), 1);
    const uint32_t next[3] = {2, 3, 0};
    const uint64_t left[3] = {0x9, 0x1, 0x0};
    uint32_t own = 1;
    for (uint32_t k = 0; k < 3u; k++) {
        tok(&t, GPU_REQ_TOKREL, own); /* T04 */
        expect_gnt(&t, 1u << next[k]);
        expect_tok_state(&t, 1, next[k], left[k]);
        own = next[k];
    }
    assert_int_equal(bf(&t, GPU_L2_F_TOK_RR_WRAP), 1); /* 3 -> 0 */
    tok(&t, GPU_REQ_TOKREL, 0);                        /* T03 */
    expect_gnt(&t, 0);
    expect_tok_state(&t, 0, 0, 0);
    const uint64_t* c = gpu_l2_cov(t.m);
    assert_int_equal(c[GPU_L2_T_T01] + c[GPU_L2_T_T02] + c[GPU_L2_T_T03] + c[GPU_L2_T_T04],
                     1 + 3 + 1 + 3);
    assert_int_equal(bf(&t, GPU_L2_F_TOK_GRANT_FREE) + bf(&t, GPU_L2_F_TOK_CONTEND), 1 + 3);
    assert_int_equal(bf(&t, GPU_L2_F_TOK_HANDOFF) + bf(&t, GPU_L2_F_TOK_FREE), 3 + 1);
    assert_int_equal(gpu_l2_errors(t.m), 0);
    b_close(&t);
}

/* E6 from the holder, not from SM0: holder 2, waiters 1 and 3 -> 3 first, then 1 (a wrap) */
static void test_token_after_holder(void** state) {
    (void)state;
    l2h_t t;
    b_open(&t, 1);
    tok(&t, GPU_REQ_TOKREQ, 2);
    tok(&t, GPU_REQ_TOKREQ, 1);
    tok(&t, GPU_REQ_TOKREQ, 3);
    expect_tok_state(&t, 1, 2, 0xa);
    assert_int_equal(bf(&t, GPU_L2_F_TOK_WAIT_ALL), 0);
    tok(&t, GPU_REQ_TOKREL, 2);
    expect_gnt(&t, 1u << 3);
    assert_int_equal(bf(&t, GPU_L2_F_TOK_RR_WRAP), 0);
    tok(&t, GPU_REQ_TOKREL, 3);
    expect_gnt(&t, 1u << 1);
    assert_int_equal(bf(&t, GPU_L2_F_TOK_RR_WRAP), 1);
    b_close(&t);
}

/* I7, I8, I9 (kinds 6, 7; 4, 5 with Rsp = 0): popped, counted, nothing else */
static void test_token_illegal(void** state) {
    (void)state;
    l2h_t t;
    b_open(&t, 1);
    tok(&t, GPU_REQ_TOKREL, 2); /* I7: free */
    expect_gnt(&t, 0);
    tok(&t, GPU_REQ_TOKREQ, 1);
    tok(&t, GPU_REQ_TOKREL, 2); /* I7: not the holder */
    tok(&t, GPU_REQ_TOKREQ, 1); /* I8: the holder */
    tok(&t, GPU_REQ_TOKREQ, 3);
    tok(&t, GPU_REQ_TOKREQ, 3); /* I8: a waiter */
    tok(&t, 6, 0);              /* I9 */
    tok(&t, 7, 0);              /* I9 */
    expect_gnt(&t, 0);
    expect_tok_state(&t, 1, 1, 0x8);
    assert_int_equal(gpu_l2_errors(t.m), 6);
    assert_int_equal(t.s->qcnt, 0);
    b_close(&t);
    b_open(&t, 0);
    tok(&t, GPU_REQ_TOKREQ, 1); /* I9 with Rsp = 0 */
    expect_gnt(&t, 0);
    tok(&t, GPU_REQ_TOKREL, 1);
    expect_tok_state(&t, 0, 0, 0);
    assert_int_equal(gpu_l2_errors(t.m), 2);
    assert_int_equal(gpu_l2_cov(t.m)[GPU_L2_T_T01], 0);
    b_close(&t);
}

/*--- descriptors, names, reachability (sections 1, 12) ----------------------------------------*/

static void expect_msg(const gpu_desc_t* d, const char* want) {
    char msg[300];
    msg[0] = 0;
    assert_int_equal(gpu_check_desc(d, msg, sizeof msg), 1);
    assert_string_equal(msg, want);
}

static void test_desc(void** state) {
    (void)state;
    assert_int_equal(gpu_desc_small(GPU_H).rsp + gpu_desc_default(GPU_H).rsp, 0);
    gpu_desc_t d = gpu_desc_small(GPU_H);
    d.rsp = 1;
    char msg[300];
    assert_int_equal(gpu_check_desc(&d, msg, sizeof msg), 0);
    assert_int_equal(gpu_l1_desc_from(&d).rsp + gpu_l2_desc_from(&d).rsp, 2);
    assert_int_equal(gpu_l1_desc_from(&d).num_sm, 4);
    d.rsp = 2;
    expect_msg(&d, "gpu_l1: rsp = 2 is illegal (Rsp: 0..1)");
    d = gpu_desc_small(GPU_D);
    d.rsp = 1;
    expect_msg(&d, "gpu_l1: Rsp = 1 needs Hrf = 1 (Rsp: 0 under GPU-D)");
    d = gpu_desc_small(GPU_H);
    d.num_sm = 65;
    expect_msg(&d, "gpu_l1: num_sm = 65 is illegal (NumSm: 1..64)");
    gpu_l2_desc_t b = gpu_l2_desc_from(&d);
    b.num_sm = 4;
    b.rsp = 2;
    assert_int_equal(gpu_l2_check_desc(&b, msg, sizeof msg), 1);
    assert_string_equal(msg, "gpu_l2: rsp = 2 is illegal (Rsp: 0..1)");
}

static void test_names_reach(void** state) {
    (void)state;
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_C24), "C24");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_R07), "R07");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_K06), "K06");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_S08), "S08");
    assert_string_equal(gpu_l2_trans_id(GPU_L2_T_T04), "T04");
    assert_string_equal(gpu_l1_fcov_name(GPU_L1_F_BCNT_FIRST), "BCNT_FIRST");
    assert_string_equal(gpu_l1_fcov_name(GPU_L1_F_LOCKED_ATOM_TO_L2), "LOCKED_ATOM_TO_L2");
    assert_string_equal(gpu_l2_fcov_name(GPU_L2_F_TOK_FREE), "TOK_FREE");
    const gpu_l1_desc_t a0 = rdesc(0, 4), a1 = rdesc(1, 1), a4 = rdesc(1, 4);
    for (uint32_t r = GPU_L1_T_C24; r < GPU_L1_T_N; r++) {
        assert_false(gpu_l1_trans_reachable(&a0, (gpu_l1_trans_t)r));
        assert_true(gpu_l1_trans_reachable(&a4, (gpu_l1_trans_t)r));
        assert_int_equal(gpu_l1_trans_reachable(&a1, (gpu_l1_trans_t)r), r != GPU_L1_T_S07);
    }
    for (uint32_t f = GPU_L1_F_BCNT_FIRST; f < GPU_L1_F_N; f++) {
        const bool two = f == GPU_L1_F_LOCK_AND_C16 || f == GPU_L1_F_LOCK_STALL ||
                         f == GPU_L1_F_LOCKED_ATOM_TO_L2; /* F55, F56, F67 */
        assert_false(gpu_l1_fcov_reachable(&a0, (gpu_l1_fcov_t)f));
        assert_true(gpu_l1_fcov_reachable(&a4, (gpu_l1_fcov_t)f));
        assert_int_equal(gpu_l1_fcov_reachable(&a1, (gpu_l1_fcov_t)f), !two);
    }
    gpu_desc_t g = gpu_desc_small(GPU_H);
    gpu_l2_desc_t b0 = gpu_l2_desc_from(&g), b1 = b0;
    b1.rsp = 1;
    b1.num_sm = 1;
    for (uint32_t r = GPU_L2_T_T01; r < GPU_L2_T_N; r++) {
        assert_false(gpu_l2_trans_reachable(&b0, (gpu_l2_trans_t)r));
        assert_int_equal(gpu_l2_trans_reachable(&b1, (gpu_l2_trans_t)r),
                         r == GPU_L2_T_T01 || r == GPU_L2_T_T03);
    }
    for (uint32_t f = GPU_L2_F_TOK_GRANT_FREE; f < GPU_L2_F_N; f++) { /* F63-F66 need 2 SMs */
        assert_false(gpu_l2_fcov_reachable(&b0, (gpu_l2_fcov_t)f));
        assert_int_equal(gpu_l2_fcov_reachable(&b1, (gpu_l2_fcov_t)f),
                         f == GPU_L2_F_TOK_GRANT_FREE || f == GPU_L2_F_TOK_FREE);
    }
}

/*--- a small system: four L1s, one bank, zero-latency networks --------------------------------*/

#define NS 4u
#define QN 64u

typedef struct {
    uint32_t at, op, wf, line, rm, gpu;
} sop_t;

typedef struct {
    gpu_l1_t* l1[NS];
    gpu_l1_out_t o1[NS];
    gpu_l2_t* b;
    gpu_l2_out_t o2;
    gpu_req_t rq[QN];
    uint32_t rh, rn;
    gpu_peer_t pq[NS][QN];
    uint32_t ph[NS], pn[NS];
    uint64_t fq[QN];
    uint32_t fh, fn;
    uint32_t mem[QN][4];
    const sop_t* script[NS];
    uint32_t nops[NS], next[NS];
    uint32_t got[16], ngot; /* the atomics' old values, in answer order */
    uint32_t cyc, max_holders;
} sys_t;

static void sys_open(sys_t* y) {
    memset(y, 0, sizeof *y);
    gpu_desc_t g = gpu_desc_small(GPU_H);
    g.rsp = 1;
    g.num_banks = 1;
    const gpu_l1_desc_t d1 = gpu_l1_desc_from(&g);
    const gpu_l2_desc_t d2 = gpu_l2_desc_from(&g);
    gpu_l1_in_t i1;
    gpu_l2_in_t i2;
    memset(&i1, 0, sizeof i1);
    memset(&i2, 0, sizeof i2);
    for (uint32_t k = 0; k < NS; k++) {
        const size_t n = gpu_l1_size(&d1);
        y->l1[k] = gpu_l1_init(malloc(n), n, &d1, NULL, 0);
        assert_non_null(y->l1[k]);
        gpu_l1_tick(y->l1[k], &i1, &y->o1[k]);
    }
    const size_t n = gpu_l2_size(&d2);
    y->b = gpu_l2_init(malloc(n), n, &d2, NULL, 0);
    assert_non_null(y->b);
    gpu_l2_tick(y->b, &i2, &y->o2);
}

static void sys_close(sys_t* y) {
    for (uint32_t k = 0; k < NS; k++) {
        free(y->l1[k]);
    }
    free(y->b);
}

static void sys_core(sys_t* y, uint32_t k, gpu_core_req_t* c) {
    if (y->next[k] >= y->nops[k] || !y->o1[k].core_ready) {
        return;
    }
    const sop_t* o = &y->script[k][y->next[k]];
    if (y->cyc < o->at) {
        return;
    }
    y->next[k]++;
    c->valid = true;
    c->op = o->op;
    c->wf = o->wf;
    c->line = o->line;
    c->rm = o->rm;
    c->gpu = o->gpu;
    c->acq = o->op == GPU_OP_LOAD && o->rm;
    c->aop = GPU_AOP_ADD;
    c->a = 1;
}

/* the L1s' edge: the bank's last response, one peer message each, the core */
static void sys_l1s(sys_t* y) {
    uint32_t holders = 0;
    for (uint32_t k = 0; k < NS; k++) {
        gpu_l1_in_t in;
        memset(&in, 0, sizeof in);
        in.rst_n = true;
        if (y->o2.rsp.valid && ((y->o2.rsp.dst >> k) & 1u)) {
            in.rsp = y->o2.rsp;
        }
        if (y->pn[k] > 0u) {
            in.peer = y->pq[k][y->ph[k]];
            y->ph[k] = (y->ph[k] + 1u) % QN;
            y->pn[k]--;
        }
        sys_core(y, k, &in.core);
        gpu_l1_tick(y->l1[k], &in, &y->o1[k]);
        gpu_l1_state_t* s = calloc(1, sizeof *s);
        gpu_l1_state_get(y->l1[k], s);
        holders += s->rst >= 2u ? 1u : 0u; /* V-RSP1 */
        gpu_l1_rsp_regs_t r; /* the checker's read of the same registers (gpu_check.c) */
        gpu_l1_rsp_regs(y->l1[k], &r);
        assert_int_equal(r.rst, s->rst);
        assert_int_equal(r.rsnt, s->rsnt);
        assert_int_equal(r.bcnt, s->bcnt);
        assert_int_equal(r.rblk, s->rblk);
        assert_int_equal(r.cfv, s->cfv);
        free(s);
    }
    y->max_holders = holders > y->max_holders ? holders : y->max_holders;
}

/* the L1s' outputs onto req and peer (src stamped), their atomic answers recorded */
static void sys_route(sys_t* y) {
    for (uint32_t k = 0; k < NS; k++) {
        const gpu_l1_out_t* o = &y->o1[k];
        if (o->req.valid) {
            assert_true(y->rn < QN);
            y->rq[(y->rh + y->rn++) % QN] = o->req;
            y->rq[(y->rh + y->rn - 1u) % QN].src = k;
        }
        for (uint32_t j = 0; o->peer.valid && j < NS; j++) {
            if ((o->peer.dst >> j) & 1u) {
                gpu_peer_t p = o->peer;
                p.src = k;
                y->pq[j][(y->ph[j] + y->pn[j]++) % QN] = p;
            }
        }
        if (o->crsp.valid && o->crsp.kind == GPU_CRSP_ATOMIC) {
            y->got[y->ngot++ % 16u] = o->crsp.data[0];
        }
    }
}

/* the bank's edge: one request, one DRAM fill */
static void sys_bank(sys_t* y) {
    gpu_l2_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    if (y->rn > 0u && y->o2.req_ready) {
        in.req = y->rq[y->rh];
        y->rh = (y->rh + 1u) % QN;
        y->rn--;
    }
    if (y->fn > 0u) {
        in.mem.valid = true;
        in.mem.line = y->fq[y->fh];
        memcpy(in.mem.data, y->mem[in.mem.line % QN], sizeof y->mem[0]);
        y->fh = (y->fh + 1u) % QN;
        y->fn--;
    }
    gpu_l2_tick(y->b, &in, &y->o2);
    if (y->o2.mreq.fetch) {
        y->fq[(y->fh + y->fn++) % QN] = y->o2.mreq.fetch_line;
    }
    if (y->o2.mreq.wb) {
        memcpy(y->mem[y->o2.mreq.wb_line % QN], y->o2.mreq.wb_data, sizeof y->mem[0]);
    }
}

static void sys_run(sys_t* y, uint32_t cycles) {
    for (uint32_t c = 0; c < cycles; c++) {
        y->cyc++;
        sys_l1s(y);
        sys_route(y);
        sys_bank(y);
    }
}

static uint32_t sys_word(const sys_t* y, uint64_t line) {
    uint32_t v = 0;
    return gpu_l2_word(y->b, line, 0, &v) ? v : y->mem[line % QN][0];
}

/* golden T3's shape: SM0 wf0-wf2 atom.add.cta x (one CTA), SM1 atom.add.rm x, started at every
 * offset d: the adds return 0, 1, 2, 3 once each and x ends at 4 (atomicity, RS7) */
static void test_sys_rmw_atomicity(void** state) {
    (void)state;
    const uint32_t x = 2;
#ifdef GPUCOH_SANITIZED /* every third delay under ASan/UBSan (Makefile, ASANFLAGS) */
    const uint32_t step = 3;
#else
    const uint32_t step = 1;
#endif
    for (uint32_t d = 0; d < 60u; d += step) {
        const sop_t s0[4] = {{0, GPU_OP_LOAD, 3, x, 0, 0},
                             {d / 2u, GPU_OP_ATOMIC, 0, x, 0, 0},
                             {d / 3u, GPU_OP_ATOMIC, 1, x, 0, 0},
                             {d, GPU_OP_ATOMIC, 2, x, 0, 0}};
        const sop_t s1[1] = {{20, GPU_OP_ATOMIC, 0, x, 1, 0}};
        sys_t y;
        sys_open(&y);
        y.script[0] = s0;
        y.nops[0] = 4;
        y.script[1] = s1;
        y.nops[1] = 1;
        sys_run(&y, 1500);
        assert_int_equal(y.ngot, 4);
        uint32_t seen = 0;
        for (uint32_t i = 0; i < 4u; i++) {
            seen |= y.got[i] < 4u ? 1u << y.got[i] : 0u;
        }
        assert_int_equal(seen, 0xf); /* four answers, 0..3, each once */
        assert_int_equal(sys_word(&y, x), 4);
        assert_int_equal(y.max_holders, 1);
        for (uint32_t k = 0; k < NS; k++) {
            assert_int_equal(gpu_l1_errors(y.l1[k]), 0);
            assert_true(y.o1[k].drained);
        }
        sys_close(&y);
    }
}

/* golden T4's shape: four ld.acquire.rm x at once; every one completes, one holder at a time */
static void test_sys_four_acquires(void** state) {
    (void)state;
    const sop_t s[1] = {{3, GPU_OP_LOAD, 0, 2, 1, 0}};
    sys_t y;
    sys_open(&y);
    for (uint32_t k = 0; k < NS; k++) {
        y.script[k] = s;
        y.nops[k] = 1;
    }
    sys_run(&y, 1000);
    gpu_l2_state_t* b = calloc(1, sizeof *b);
    gpu_l2_state_get(y.b, b);
    assert_int_equal(b->tbusy + b->twait, 0);
    free(b);
    const uint64_t* c = gpu_l2_cov(y.b);
    assert_int_equal(c[GPU_L2_T_T01] + c[GPU_L2_T_T02] + c[GPU_L2_T_T04] + c[GPU_L2_T_T03],
                     1 + 3 + 3 + 1);
    assert_int_equal(y.max_holders, 1);
    for (uint32_t k = 0; k < NS; k++) {
        gpu_l1_stats_t st1;
        gpu_l1_stats(y.l1[k], &st1);
        assert_int_equal(st1.rm_acquires, 1);
        assert_int_equal(st1.remote_flush, 3); /* the other three SMs' a4 */
        assert_int_equal(st1.local_flush, 1);
        assert_int_equal(gpu_l1_errors(y.l1[k]), 0);
        assert_true(y.o1[k].drained);
    }
    sys_close(&y);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rm_acquire),        cmocka_unit_test(test_rm_release),
        cmocka_unit_test(test_rm_atomic),         cmocka_unit_test(test_c25_cases),
        cmocka_unit_test(test_receiver),          cmocka_unit_test(test_lock_stall),
        cmocka_unit_test(test_cmd_pops),          cmocka_unit_test(test_inv_stales),
        cmocka_unit_test(test_l1_illegal),        cmocka_unit_test(test_rsp0_inert),
        cmocka_unit_test(test_token_rr),          cmocka_unit_test(test_token_after_holder),
        cmocka_unit_test(test_token_illegal),     cmocka_unit_test(test_desc),
        cmocka_unit_test(test_names_reach),       cmocka_unit_test(test_sys_rmw_atomicity),
        cmocka_unit_test(test_sys_four_acquires), cmocka_unit_test(test_rd8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
