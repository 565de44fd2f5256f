/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_gpu_models.c -- the baseline GPU protocol's C models (docs/units/gpu/gpu_l1.md, gpu_l2.md):
 * descriptors and their messages, sizes and storage, and directed scenarios whose every step
 * (outputs, then state) was computed by hand from the pages. Small configuration unless a test
 * says otherwise: L1 of 4 sets x 2 ways of 16-byte lines (LA 12 bits, set = line mod 4, tag =
 * line >> 2), FIFO 2, store buffer 4, WMAX 7; L2 bank of 4 sets x 2 ways, 2 banks (set =
 * (line >> 1) mod 4, tag = ((line >> 3) << 1) | (line & 1)), 4 MSHRs, FIFO 2, 4 SMs.
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

/*--- descriptors ------------------------------------------------------------------------------*/

static void test_desc_values(void** state) {
    (void)state;
    const gpu_desc_t p = gpu_desc_default(GPU_H), s = gpu_desc_small(GPU_D);
    const uint32_t pv[] = {1, 0, 15, 48, 16, 64, 32, 64, 8, 4, 256, 1000, 9, 256, 16, 32, 4};
    const uint32_t sv[] = {0, 0, 4, 8, 2, 16, 16, 4, 2, 2, 4, 64, 3, 4, 2, 4, 2};
    assert_int_equal(sizeof p, sizeof pv);
    assert_memory_equal(&p, pv, sizeof pv);
    assert_memory_equal(&s, sv, sizeof sv);
    char msg[256] = "x";
    assert_int_equal(gpu_check_desc(&p, msg, sizeof msg), 0);
    assert_int_equal(gpu_check_desc(&s, msg, sizeof msg), 0);
    assert_int_equal(gpu_check_desc(NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "gpu: desc is NULL");
    /* every field reaches the unit that has it */
    const gpu_l1_desc_t a = gpu_l1_desc_from(&p);
    const uint32_t av[] = {1, 0, 15, 48, 64, 32, 64, 8, 4, 256, 1000, 9};
    assert_memory_equal(&a, av, sizeof av);
    const gpu_l2_desc_t b = gpu_l2_desc_from(&p);
    const uint32_t bv[] = {0, 15, 16, 64, 32, 256, 16, 32, 4};
    assert_memory_equal(&b, bv, sizeof bv);
}

static void expect_msg(const gpu_desc_t* d, const char* want) {
    char msg[300];
    msg[0] = 0;
    assert_int_equal(gpu_check_desc(d, msg, sizeof msg), 1);
    assert_string_equal(msg, want);
}

static void test_desc_messages(void** state) {
    (void)state;
    gpu_desc_t d = gpu_desc_small(GPU_D);
    d.hrf = 2;
    expect_msg(&d, "gpu_l1: hrf = 2 is illegal (Hrf: 0 GPU-D, 1 GPU-H)");
    d = gpu_desc_small(GPU_D);
    d.num_wf = 65;
    expect_msg(&d, "gpu_l1: num_wf = 65 is illegal (NumWf: 1..64)");
    d = gpu_desc_small(GPU_D);
    d.line_bytes = 8;
    expect_msg(&d, "gpu_l1: line_bytes = 8 is illegal (LineBytes: 16, 32, 64 or 128)");
    d = gpu_desc_small(GPU_D);
    d.addr_width = 49;
    expect_msg(&d, "gpu_l1: addr_width = 49 is illegal (AddrWidth: 16..48)");
    d = gpu_desc_small(GPU_D);
    d.l1_sets = 3;
    expect_msg(&d, "gpu_l1: l1_sets = 3 is illegal (L1Sets: a power of two in 1..256)");
    d = gpu_desc_small(GPU_D);
    d.l1_ways = 9;
    expect_msg(&d, "gpu_l1: l1_ways = 9 is illegal (L1Ways: 1..8)");
    d = gpu_desc_small(GPU_D);
    d.l1_queue = 0;
    expect_msg(&d, "gpu_l1: l1_queue = 0 is illegal (L1Queue: 1..8)");
    d = gpu_desc_small(GPU_D);
    d.sb_entries = 257;
    expect_msg(&d, "gpu_l1: sb_entries = 257 is illegal (SbEntries: 1..256)");
    d = gpu_desc_small(GPU_D);
    d.sb_idle = 0;
    expect_msg(&d, "gpu_l1: sb_idle = 0 is illegal (SbIdle: 1..65535)");
    d = gpu_desc_small(GPU_D);
    d.wt_cnt_width = 11;
    expect_msg(&d, "gpu_l1: wt_cnt_width = 11 is illegal (WtCntWidth: 2..10)");
    /* (LA >= 16 - 7 = 9 >= log2 L1Sets + 1 for every legal L1Sets: the L1's derived bound on
     * AddrWidth never refuses a descriptor the ranges accept) */
    d = gpu_desc_small(GPU_D);
    d.line_bytes = 128;
    d.l1_sets = 256;
    assert_int_equal(gpu_check_desc(&d, NULL, 0), 0);
}

static void test_desc_messages_l2(void** state) {
    (void)state;
    gpu_desc_t d = gpu_desc_small(GPU_H);
    d.num_sm = 0;
    expect_msg(&d, "gpu_l1: num_sm = 0 is illegal (NumSm: 1..64)"); /* rsp.md 1: the L1's too */
    d = gpu_desc_small(GPU_H);
    d.num_banks = 3;
    expect_msg(&d, "gpu_l2: num_banks = 3 is illegal (NumBanks: 1, 2, 4, 8 or 16)");
    d = gpu_desc_small(GPU_H);
    d.l2_sets = 2048;
    expect_msg(&d, "gpu_l2: l2_sets = 2048 is illegal (L2Sets: a power of two in 1..1024)");
    d = gpu_desc_small(GPU_H);
    d.l2_ways = 17;
    expect_msg(&d, "gpu_l2: l2_ways = 17 is illegal (L2Ways: 1..16)");
    d = gpu_desc_small(GPU_H);
    d.l2_mshrs = 65;
    expect_msg(&d, "gpu_l2: l2_mshrs = 65 is illegal (L2Mshrs: 1..64)");
    d = gpu_desc_small(GPU_H);
    d.l2_queue = 9;
    expect_msg(&d, "gpu_l2: l2_queue = 9 is illegal (L2Queue: 1..8)");
    /* LA = 12 < log2 8 + log2 1024 = 13 */
    d = gpu_desc_small(GPU_H);
    d.num_banks = 8;
    d.l2_sets = 1024;
    expect_msg(&d, "gpu_l2: addr_width = 16 is illegal (AddrWidth: LA = AddrWidth - log2 "
                   "LineBytes = 12 must be >= log2 NumBanks + log2 L2Sets and >= log2 L2Sets "
                   "+ 1, i.e. >= 13; legal AddrWidth >= 17)");
    /* the L1's violation is reported first */
    d.l1_ways = 0;
    expect_msg(&d, "gpu_l1: l1_ways = 0 is illegal (L1Ways: 1..8)");
    assert_int_equal(gpu_l1_check_desc(NULL, NULL, 0), 1);
    assert_int_equal(gpu_l2_check_desc(NULL, NULL, 0), 1);
}

/*--- sizes and storage ------------------------------------------------------------------------*/

static void test_sizes(void** state) {
    (void)state;
    const gpu_desc_t s = gpu_desc_small(GPU_H), p = gpu_desc_default(GPU_H);
    const gpu_l1_desc_t a = gpu_l1_desc_from(&s), ap = gpu_l1_desc_from(&p);
    const gpu_l2_desc_t b = gpu_l2_desc_from(&s), bp = gpu_l2_desc_from(&p);
    const size_t na = gpu_l1_size(&a), nap = gpu_l1_size(&ap);
    const size_t nb = gpu_l2_size(&b), nbp = gpu_l2_size(&bp);
    assert_int_equal(na % 8u, 0);
    assert_int_equal(nb % 8u, 0);
    assert_true(na > 8u * 16u && na < 4096u);
    assert_true(nb > 8u * 16u && nb < 4096u);
    /* paper: the data of 512 lines of 64 bytes and the 256-entry ring; 4096 L2 lines */
    assert_true(nap >= 512u * 64u + 256u * 8u && nap < 128u * 1024u);
    assert_true(nbp >= 4096u * 64u && nbp < 512u * 1024u);
    gpu_l1_desc_t a2 = a;
    a2.sb_entries = 2u * a.sb_entries;
    assert_true(gpu_l1_size(&a2) > na);
    gpu_l2_desc_t b2 = b;
    b2.l2_mshrs = 2u * b.l2_mshrs;
    assert_true(gpu_l2_size(&b2) > nb);
    a2.l1_sets = 5;
    b2.l2_ways = 0;
    assert_int_equal(gpu_l1_size(&a2), 0);
    assert_int_equal(gpu_l2_size(&b2), 0);
    assert_int_equal(gpu_l1_size(NULL), 0);
    assert_int_equal(gpu_l2_size(NULL), 0);
}

static void test_init_storage(void** state) {
    (void)state;
    const gpu_desc_t s = gpu_desc_small(GPU_H);
    const gpu_l1_desc_t a = gpu_l1_desc_from(&s);
    const gpu_l2_desc_t b = gpu_l2_desc_from(&s);
    const size_t na = gpu_l1_size(&a), nb = gpu_l2_size(&b);
    uint64_t* buf = malloc(na + nb + 16u);
    assert_non_null(buf);
    char msg[256];
    assert_null(gpu_l1_init(NULL, na, &a, msg, sizeof msg));
    assert_non_null(strstr(msg, "gpu_l1: storage is NULL"));
    assert_null(gpu_l1_init(buf, na - 1u, &a, msg, sizeof msg));
    assert_non_null(strstr(msg, "gpu_l1: storage too small"));
    assert_null(gpu_l1_init((char*)buf + 4, na, &a, msg, sizeof msg));
    assert_non_null(strstr(msg, "gpu_l1: storage misaligned"));
    assert_null(gpu_l2_init(NULL, nb, &b, msg, sizeof msg));
    assert_non_null(strstr(msg, "gpu_l2: storage is NULL"));
    assert_null(gpu_l2_init(buf, nb - 1u, &b, msg, sizeof msg));
    assert_non_null(strstr(msg, "gpu_l2: storage too small"));
    assert_null(gpu_l2_init((char*)buf + 4, nb, &b, msg, sizeof msg));
    assert_non_null(strstr(msg, "gpu_l2: storage misaligned"));
    gpu_l1_desc_t ax = a;
    ax.num_wf = 0;
    assert_null(gpu_l1_init(buf, na, &ax, msg, sizeof msg));
    assert_string_equal(msg, "gpu_l1: num_wf = 0 is illegal (NumWf: 1..64)");
    gpu_l1_t* m = gpu_l1_init(buf, na, &a, msg, sizeof msg);
    assert_ptr_equal(m, buf);
    assert_memory_equal(gpu_l1_desc(m), &a, sizeof a);
    /* before the first edge every output is 0 */
    gpu_l1_out_t zero1;
    memset(&zero1, 0, sizeof zero1);
    assert_memory_equal(gpu_l1_out(m), &zero1, sizeof zero1);
    gpu_l2_t* n = gpu_l2_init(buf, nb, &b, msg, sizeof msg);
    assert_ptr_equal(n, buf);
    gpu_l2_out_t zero2;
    memset(&zero2, 0, sizeof zero2);
    assert_memory_equal(gpu_l2_out(n), &zero2, sizeof zero2);
    free(buf);
}

static void test_names_reach(void** state) {
    (void)state;
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_C01), "C01");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_R06), "R06");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_B08), "B08");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_V01), "V01");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_S03), "S03");
    assert_string_equal(gpu_l1_trans_id(GPU_L1_T_N), "?");
    assert_string_equal(gpu_l1_trans_name(GPU_L1_T_C01), "LOAD hit");
    assert_string_equal(gpu_l2_trans_id(GPU_L2_T_G01), "G01");
    assert_string_equal(gpu_l2_trans_id(GPU_L2_T_X02), "X02");
    assert_string_equal(gpu_l2_trans_id(GPU_L2_T_S02), "S02");
    assert_string_equal(gpu_l1_fcov_name(GPU_L1_F_VIC_DIRTY_W0 + 7), "VIC_DIRTY_W7");
    assert_string_equal(gpu_l1_fcov_name(GPU_L1_F_STALE_ACQ), "STALE_ACQ");
    assert_string_equal(gpu_l1_fcov_name(GPU_L1_F_N), "?");
    assert_string_equal(gpu_l2_fcov_name(GPU_L2_F_VIC_DIRTY_W0 + 15), "VIC_DIRTY_W15");
    assert_string_equal(gpu_l2_fcov_name(GPU_L2_F_FETCH_AND_WB), "FETCH_AND_WB");
    for (uint32_t r = 0; r < GPU_L1_T_N; r++) {
        assert_true(strlen(gpu_l1_trans_name((gpu_l1_trans_t)r)) > 2u);
    }
    const gpu_desc_t sd = gpu_desc_small(GPU_D), sh = gpu_desc_small(GPU_H);
    gpu_l1_desc_t d = gpu_l1_desc_from(&sd), h = gpu_l1_desc_from(&sh);
    assert_false(gpu_l1_trans_reachable(&d, GPU_L1_T_C16));
    assert_false(gpu_l1_trans_reachable(&d, GPU_L1_T_C20));
    assert_false(gpu_l1_trans_reachable(&d, GPU_L1_T_C17));
    assert_false(gpu_l1_trans_reachable(&d, GPU_L1_T_C18));
    assert_false(gpu_l1_trans_reachable(&d, GPU_L1_T_S06));
    assert_true(gpu_l1_trans_reachable(&d, GPU_L1_T_C21));
    assert_true(gpu_l1_trans_reachable(&d, GPU_L1_T_C15));
    assert_true(gpu_l1_trans_reachable(&h, GPU_L1_T_C16));
    assert_false(gpu_l1_trans_reachable(&h, GPU_L1_T_C03)); /* counted as S01 */
    /* D9: C17 (the dirty bytes through) and C18 (to the L2) are rows of their own; C19 and
     * C17's former stall S06 are retired */
    assert_true(gpu_l1_trans_reachable(&h, GPU_L1_T_C17));
    assert_true(gpu_l1_trans_reachable(&h, GPU_L1_T_C18));
    assert_false(gpu_l1_trans_reachable(&h, GPU_L1_T_C19));
    assert_false(gpu_l1_trans_reachable(&h, GPU_L1_T_S06));
    assert_true(gpu_l1_fcov_reachable(&d, GPU_L1_F_VIC_FREE_W0 + 1));
    assert_false(gpu_l1_fcov_reachable(&d, GPU_L1_F_VIC_FREE_W0 + 2));
    assert_false(gpu_l1_fcov_reachable(&d, GPU_L1_F_VIC_CLEAN_W0 + 2));
    assert_false(gpu_l1_fcov_reachable(&d, GPU_L1_F_CAS_FAIL_L1));
    assert_true(gpu_l1_fcov_reachable(&h, GPU_L1_F_CAS_FAIL_L1));
    assert_false(gpu_l1_fcov_reachable(&d, GPU_L1_F_DATA_NO_WAIT));
    assert_false(gpu_l1_fcov_reachable(&h, GPU_L1_F_DATA_NO_WAIT)); /* retired (D9) */
    d.l1_ways = 1;
    d.num_wf = 1;
    assert_false(gpu_l1_fcov_reachable(&d, GPU_L1_F_RR_SCAN_WRAP));
    assert_false(gpu_l1_fcov_reachable(&d, GPU_L1_F_FENCE_ALL_WAIT));
    assert_true(gpu_l1_fcov_reachable(&d, GPU_L1_F_RR_PTR_WRAP));
    gpu_l2_desc_t b = gpu_l2_desc_from(&sd);
    assert_true(gpu_l2_fcov_reachable(&b, GPU_L2_F_VIC_CLEAN_W0 + 1));
    assert_false(gpu_l2_fcov_reachable(&b, GPU_L2_F_VIC_CLEAN_W0 + 2));
    assert_true(gpu_l2_trans_reachable(&b, GPU_L2_T_S02)); /* 4 MSHRs > 2 ways */
    b.l2_ways = 1;
    b.num_sm = 1;
    assert_false(gpu_l2_fcov_reachable(&b, GPU_L2_F_RR_SCAN_WRAP));
    assert_false(gpu_l2_fcov_reachable(&b, GPU_L2_F_MERGE_ALL_SM));
    b.l2_mshrs = 1;
    assert_false(gpu_l2_trans_reachable(&b, GPU_L2_T_S02));
    assert_true(gpu_l2_trans_reachable(&b, GPU_L2_T_S01));
}

/*--- L1 harness -------------------------------------------------------------------------------*/

typedef struct {
    gpu_l1_t* m;
    gpu_l1_in_t in;
    gpu_l1_out_t out;
    gpu_l1_state_t* s;
} l1h_t;

static void l1_open(l1h_t* t, gpu_l1_desc_t d) {
    char msg[256];
    const size_t n = gpu_l1_size(&d);
    assert_true(n > 0u);
    t->m = gpu_l1_init(malloc(n), n, &d, msg, sizeof msg);
    assert_non_null(t->m);
    t->s = calloc(1, sizeof *t->s);
    assert_non_null(t->s);
    memset(&t->in, 0, sizeof t->in);
    gpu_l1_tick(t->m, &t->in, &t->out); /* reset edge */
    assert_true(t->out.core_ready);
    assert_true(t->out.drained);
    assert_false(t->out.crsp.valid);
    assert_false(t->out.req.valid);
    assert_int_equal(t->out.fence_done, 0);
}

static void l1_close(l1h_t* t) {
    free(t->m);
    free(t->s);
}

static gpu_l1_desc_t l1_small(gpu_variant_t v) {
    const gpu_desc_t s = gpu_desc_small(v);
    return gpu_l1_desc_from(&s);
}

/* one edge with the inputs set since the last one; the inputs are cleared after it */
static void l1_tick(l1h_t* t) {
    t->in.rst_n = true;
    gpu_l1_tick(t->m, &t->in, &t->out);
    assert_memory_equal(gpu_l1_out(t->m), &t->out, sizeof t->out);
    memset(&t->in, 0, sizeof t->in);
}

static const gpu_l1_state_t* l1_st(l1h_t* t) {
    memset(t->s, 0, sizeof *t->s);
    t->s->sel_all = 1;
    gpu_l1_state_get(t->m, t->s);
    return t->s;
}

static void core_load(l1h_t* t, uint32_t wf, uint64_t line, bool acq, bool gpu) {
    gpu_core_req_t* c = &t->in.core;
    c->valid = true;
    c->op = GPU_OP_LOAD;
    c->wf = wf;
    c->line = line;
    c->acq = acq;
    c->gpu = gpu;
}

/* a store of value v into word w (its 4 bytes) */
static void core_store(l1h_t* t, uint32_t wf, uint64_t line, uint32_t w, uint32_t v, bool rel) {
    gpu_core_req_t* c = &t->in.core;
    c->valid = true;
    c->op = GPU_OP_STORE;
    c->wf = wf;
    c->line = line;
    c->rel = rel;
    c->gpu = true;
    c->data[w] = v;
    c->mask[0] = 0xfu << (4u * w);
}

static void core_atomic(l1h_t* t, uint32_t wf, uint64_t line, bool gpu, uint32_t aop, uint32_t w,
                        uint32_t a) {
    gpu_core_req_t* c = &t->in.core;
    c->valid = true;
    c->op = GPU_OP_ATOMIC;
    c->wf = wf;
    c->line = line;
    c->gpu = gpu;
    c->aop = aop;
    c->word = w;
    c->a = a;
}

static void core_fence(l1h_t* t, uint32_t wf) {
    t->in.core.valid = true;
    t->in.core.op = GPU_OP_FENCE;
    t->in.core.wf = wf;
    t->in.core.gpu = true;
}

static void rsp_data(l1h_t* t, uint64_t line, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3) {
    gpu_rsp_t* r = &t->in.rsp;
    r->valid = true;
    r->kind = GPU_RSP_DATA;
    r->dst = 1;
    r->line = line;
    r->data[0] = w0;
    r->data[1] = w1;
    r->data[2] = w2;
    r->data[3] = w3;
}

static void rsp_ack(l1h_t* t) {
    t->in.rsp.valid = true;
    t->in.rsp.kind = GPU_RSP_ACK;
    t->in.rsp.dst = 1;
}

/* nothing sent, nothing answered */
static void expect_quiet(const l1h_t* t) {
    assert_false(t->out.crsp.valid);
    assert_false(t->out.req.valid);
}

static void expect_crsp(const l1h_t* t, uint32_t kind, uint64_t wfm, uint64_t line, uint32_t w0,
                        uint32_t w1, uint32_t w2, uint32_t w3) {
    const gpu_core_rsp_t* c = &t->out.crsp;
    assert_true(c->valid);
    assert_int_equal(c->kind, kind);
    assert_int_equal(c->wf_mask, wfm);
    assert_int_equal(c->line, line);
    assert_int_equal(c->data[0], w0);
    assert_int_equal(c->data[1], w1);
    assert_int_equal(c->data[2], w2);
    assert_int_equal(c->data[3], w3);
}

static void expect_gets(const l1h_t* t, uint64_t line) {
    const gpu_req_t* r = &t->out.req;
    assert_true(r->valid);
    assert_int_equal(r->kind, GPU_REQ_GETS);
    assert_int_equal(r->line, line);
    assert_int_equal(r->mask[0], 0);
    assert_int_equal(r->wf, 0);
}

static void expect_wt(const l1h_t* t, uint64_t line, uint32_t mask, uint32_t w0, uint32_t w1,
                      uint32_t w2, uint32_t w3) {
    const gpu_req_t* r = &t->out.req;
    assert_true(r->valid);
    assert_int_equal(r->kind, GPU_REQ_WT);
    assert_int_equal(r->line, line);
    assert_int_equal(r->mask[0], mask);
    assert_int_equal(r->data[0], w0);
    assert_int_equal(r->data[1], w1);
    assert_int_equal(r->data[2], w2);
    assert_int_equal(r->data[3], w3);
}

/* line i's tag and flags; dirty mask (16-byte lines: one word) */
static void expect_line(l1h_t* t, uint32_t i, uint64_t tag, uint32_t val, uint32_t pend,
                        uint32_t stale, uint32_t acq, uint64_t wait, uint32_t dirty) {
    gpu_l1_line_t l;
    gpu_l1_line_get(t->m, i, &l);
    assert_int_equal(l.tag, tag);
    assert_int_equal(l.val, val);
    assert_int_equal(l.pend, pend);
    assert_int_equal(l.stale, stale);
    assert_int_equal(l.acq, acq);
    assert_int_equal(l.wait, wait);
    assert_int_equal(l.dirty[0], dirty);
}

static void expect_data(l1h_t* t, uint32_t i, uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3) {
    gpu_l1_line_t l;
    gpu_l1_line_get(t->m, i, &l);
    assert_int_equal(l.data[0], w0);
    assert_int_equal(l.data[1], w1);
    assert_int_equal(l.data[2], w2);
    assert_int_equal(l.data[3], w3);
}

static void expect_free(l1h_t* t, uint32_t i) {
    gpu_l1_line_t l;
    gpu_l1_line_get(t->m, i, &l);
    assert_int_equal(l.val | l.pend | l.dirty[0], 0);
}

static void expect_touched(const l1h_t* t, uint32_t n, uint32_t i0, bool all) {
    uint32_t sel[GPU_SEL_MAX];
    bool a = false;
    assert_int_equal(gpu_l1_touched(t->m, sel, GPU_SEL_MAX, &a), n);
    assert_int_equal(a, all);
    if (n > 0u) {
        assert_int_equal(sel[0], i0);
    }
}

/* an edge with an INV that wrote flags: the lines it names beside them (n, first i0) */
static void expect_touched_inv(const l1h_t* t, uint32_t n, uint32_t i0) {
    expect_touched(t, n, i0, false);
    assert_true(gpu_l1_flags_touched(t->m));
}

/*--- L1 scenarios -----------------------------------------------------------------------------*/

/* C05 -> R01 -> C01: line 0x25 is set 1, tag 9, way 0 = line 2 */
static void test_l1_load_miss_fill_hit(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_load(&t, 3, 0x25, false, false);
    l1_tick(&t); /* pushed; tried next edge */
    expect_quiet(&t);
    assert_true(t.out.core_ready);
    assert_int_equal(l1_st(&t)->fcnt, 1);
    expect_free(&t, 2);
    l1_tick(&t); /* C05: allocate way 0, GETS */
    expect_gets(&t, 0x25);
    assert_false(t.out.crsp.valid);
    expect_line(&t, 2, 9, 0, 1, 0, 0, 1u << 3, 0);
    expect_touched(&t, 1, 2, false);
    const gpu_l1_state_t* s = l1_st(&t);
    assert_int_equal(s->fcnt, 0);
    assert_int_equal(s->rr[1], 1);
    assert_int_equal(s->idle, 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C05], 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_VIC_FREE_W0], 1);
    rsp_data(&t, 0x25, 1, 2, 3, 4);
    l1_tick(&t); /* R01 */
    expect_crsp(&t, GPU_CRSP_LOAD, 1u << 3, 0x25, 1, 2, 3, 4);
    assert_false(t.out.req.valid);
    expect_line(&t, 2, 9, 1, 0, 0, 0, 0, 0);
    expect_data(&t, 2, 1, 2, 3, 4);
    core_load(&t, 5, 0x25, false, false);
    l1_tick(&t);
    expect_quiet(&t);
    l1_tick(&t); /* C01 */
    expect_crsp(&t, GPU_CRSP_LOAD, 1u << 5, 0x25, 1, 2, 3, 4);
    assert_false(t.out.req.valid);
    expect_line(&t, 2, 9, 1, 0, 0, 0, 0, 0);
    gpu_l1_stats_t st;
    gpu_l1_stats(t.m, &st);
    assert_int_equal(st.hits, 1);
    assert_int_equal(st.misses, 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R01], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C01], 1);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    l1_close(&t);
}

/* C12 -> SbIdle (3) quiet edges -> B03 (WT) -> R04; line 0x10 is set 0, tag 4, line 0 */
static void test_l1_store_idle_drain(void** state) {
    (void)state;
    gpu_l1_desc_t d = l1_small(GPU_D);
    d.sb_idle = 3;
    l1h_t t;
    l1_open(&t, d);
    core_store(&t, 0, 0x10, 1, 0xaabbccddu, false);
    l1_tick(&t);
    expect_quiet(&t);
    assert_int_equal(l1_st(&t)->idle, 1);
    l1_tick(&t); /* C12: allocate, write, push */
    expect_quiet(&t);
    assert_false(t.out.drained);
    expect_line(&t, 0, 4, 0, 0, 0, 0, 0, 0xf0);
    expect_data(&t, 0, 0, 0xaabbccddu, 0, 0);
    const gpu_l1_state_t* s = l1_st(&t);
    assert_int_equal(s->sbcnt, 1);
    assert_int_equal(s->sbh, 0);
    assert_int_equal(s->sb[0], 0x10);
    assert_int_equal(s->idle, 0);
    for (uint32_t k = 1; k <= 3; k++) {
        l1_tick(&t);
        expect_quiet(&t);
        assert_int_equal(l1_st(&t)->idle, k);
        assert_int_equal(l1_st(&t)->sbcnt, 1);
    }
    l1_tick(&t); /* B03 */
    expect_wt(&t, 0x10, 0xf0, 0, 0xaabbccddu, 0, 0);
    assert_false(t.out.drained);
    s = l1_st(&t);
    assert_int_equal(s->sbcnt, 0);
    assert_int_equal(s->sbh, 1);
    assert_int_equal(s->wtp, 1);
    assert_int_equal(s->idle, 3);
    expect_free(&t, 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_B03], 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_IDLE_DRAIN], 1);
    rsp_ack(&t);
    l1_tick(&t); /* R04 */
    expect_quiet(&t);
    assert_true(t.out.drained);
    assert_int_equal(l1_st(&t)->wtp, 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R04], 1);
    rsp_ack(&t); /* nothing outstanding: L9 */
    l1_tick(&t);
    assert_int_equal(gpu_l1_errors(t.m), 1);
    assert_int_equal(l1_st(&t)->wtp, 0);
    gpu_l1_stats_t st;
    gpu_l1_stats(t.m, &st);
    assert_int_equal(st.wt_idle, 1);
    l1_close(&t);
}

/* dirty bytes survive a fetch: C12, C04 (GETS on the dirty line), C10 into the pending line,
 * a fence whose batch pop waits for the DATA (F37), R01 merged under the dirty bytes, B01 */
static void test_l1_fill_over_dirty(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_store(&t, 0, 0x10, 1, 0xaabbccddu, false);
    l1_tick(&t);
    core_load(&t, 1, 0x10, false, false);
    l1_tick(&t); /* C12 */
    core_store(&t, 2, 0x10, 2, 0x33, false);
    l1_tick(&t); /* C04 */
    expect_gets(&t, 0x10);
    expect_line(&t, 0, 4, 0, 1, 0, 0, 2, 0xf0);
    l1_tick(&t); /* C10 into the pending line */
    expect_quiet(&t);
    expect_line(&t, 0, 4, 0, 1, 0, 0, 2, 0xff0);
    expect_data(&t, 0, 0, 0xaabbccddu, 0x33, 0);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_STORE_PENDING], 1);
    assert_int_equal(l1_st(&t)->sbcnt, 1);
    core_fence(&t, 3);
    l1_tick(&t);
    l1_tick(&t); /* C21: fl = 1 */
    assert_int_equal(l1_st(&t)->fl, 1);
    l1_tick(&t); /* the pop would write a pending line through: blocked */
    expect_quiet(&t);
    assert_int_equal(l1_st(&t)->fl, 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_POP_BLOCKED], 1);
    rsp_data(&t, 0x10, 1, 2, 3, 4);
    l1_tick(&t); /* R01 merged; the pop (registered pend) still blocked */
    expect_crsp(&t, GPU_CRSP_LOAD, 2, 0x10, 1, 0xaabbccddu, 0x33, 4);
    assert_false(t.out.req.valid);
    expect_line(&t, 0, 4, 1, 0, 0, 0, 0, 0xff0);
    expect_data(&t, 0, 1, 0xaabbccddu, 0x33, 4);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_FILL_OVER_DIRTY], 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_POP_BLOCKED], 2);
    l1_tick(&t); /* B01 */
    expect_wt(&t, 0x10, 0xff0, 0, 0xaabbccddu, 0x33, 0);
    expect_line(&t, 0, 4, 1, 0, 0, 0, 0, 0);
    rsp_ack(&t);
    l1_tick(&t);
    assert_int_equal(t.out.fence_done, 0);
    l1_tick(&t); /* B07 */
    assert_int_equal(t.out.fence_done, 8);
    expect_line(&t, 0, 4, 0, 0, 0, 0, 0, 0);
    expect_free(&t, 0);
    l1_close(&t);
}

/* a one-entry store buffer: the second store stalls (S03) while the full pop writes the first
 * through (B05); an idle pop then takes the port from a load miss (S04) */
static void test_l1_full_pop_port(void** state) {
    (void)state;
    gpu_l1_desc_t d = l1_small(GPU_D);
    d.sb_entries = 1;
    d.sb_idle = 2;
    l1h_t t;
    l1_open(&t, d);
    core_store(&t, 0, 0x00, 0, 1, false);
    l1_tick(&t);
    core_store(&t, 1, 0x01, 0, 2, false); /* set 1 tag 0: line 2 */
    l1_tick(&t);                          /* C12: the buffer is full */
    assert_int_equal(l1_st(&t)->sbcnt, 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_SB_FULL], 1);
    l1_tick(&t); /* S03 + B05 */
    expect_wt(&t, 0x00, 0x0f, 1, 0, 0, 0);
    expect_free(&t, 0);
    expect_free(&t, 2);
    const gpu_l1_state_t* s = l1_st(&t);
    assert_int_equal(s->fcnt, 1);
    assert_int_equal(s->sbcnt, 0);
    assert_int_equal(s->sbh, 0);
    assert_int_equal(s->wtp, 1);
    assert_int_equal(s->idle, 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_S03], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_B05], 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_SB_PTR_WRAP], 1);
    l1_tick(&t); /* C12 */
    expect_quiet(&t);
    expect_line(&t, 2, 0, 0, 0, 0, 0, 0, 0x0f);
    s = l1_st(&t);
    assert_int_equal(s->sbcnt, 1);
    assert_int_equal(s->sb[0], 0x01);
    assert_int_equal(s->idle, 0);
    l1_tick(&t);
    core_load(&t, 2, 0x05, false, false); /* set 1 tag 1 */
    l1_tick(&t);
    assert_int_equal(l1_st(&t)->idle, 2);
    l1_tick(&t); /* B03 takes the port: the load miss stalls S04 */
    expect_wt(&t, 0x01, 0x0f, 2, 0, 0, 0);
    expect_free(&t, 3);
    s = l1_st(&t);
    assert_int_equal(s->fcnt, 1);
    assert_int_equal(s->wtp, 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_S04], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_B03], 1);
    l1_tick(&t); /* C05 in the free way 0 (line 2 is free since its write-through) */
    expect_gets(&t, 0x05);
    expect_line(&t, 2, 1, 0, 1, 0, 0, 4, 0);
    gpu_l1_stats_t st;
    gpu_l1_stats(t.m, &st);
    assert_int_equal(st.stall[2], 1);
    assert_int_equal(st.stall[3], 1);
    assert_int_equal(st.wt_full, 1);
    l1_close(&t);
}

/* C21 with one dirty entry: B01 pops it, the ACK arrives, then B07 completes and invalidates */
static void test_l1_fence_batch(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_load(&t, 1, 0x05, false, false); /* set 1 tag 1: line 2 */
    l1_tick(&t);
    core_store(&t, 0, 0x08, 0, 0x11, false); /* set 0 tag 2: line 0 */
    l1_tick(&t);                             /* C05 */
    expect_gets(&t, 0x05);
    rsp_data(&t, 0x05, 7, 7, 7, 7);
    core_fence(&t, 2);
    l1_tick(&t); /* R01; the fence is pushed behind the store */
    expect_crsp(&t, GPU_CRSP_LOAD, 2, 0x05, 7, 7, 7, 7);
    assert_int_equal(l1_st(&t)->fcnt, 2);
    assert_false(t.out.core_ready);
    l1_tick(&t); /* C12 */
    expect_quiet(&t);
    expect_line(&t, 0, 2, 0, 0, 0, 0, 0, 0x0f);
    assert_int_equal(l1_st(&t)->sbcnt, 1);
    l1_tick(&t); /* C21: fl = 1 */
    expect_quiet(&t);
    const gpu_l1_state_t* s = l1_st(&t);
    assert_int_equal(s->batch, 1);
    assert_int_equal(s->fl, 1);
    assert_int_equal(s->fcur, 4);
    assert_int_equal(s->fdone, 0);
    l1_tick(&t); /* B01 */
    expect_wt(&t, 0x08, 0x0f, 0x11, 0, 0, 0);
    s = l1_st(&t);
    assert_int_equal(s->fl, 0);
    assert_int_equal(s->sbcnt, 0);
    assert_int_equal(s->wtp, 1);
    assert_int_equal(t.out.fence_done, 0);
    l1_tick(&t); /* waits for the ACK */
    expect_quiet(&t);
    assert_int_equal(t.out.fence_done, 0);
    rsp_ack(&t);
    l1_tick(&t); /* R04; the check reads wtp_q = 1 */
    assert_int_equal(t.out.fence_done, 0);
    assert_int_equal(l1_st(&t)->batch, 1);
    expect_line(&t, 2, 1, 1, 0, 0, 0, 0, 0);
    l1_tick(&t); /* B07 + INV */
    expect_quiet(&t);
    assert_int_equal(t.out.fence_done, 4);
    assert_true(t.out.drained);
    s = l1_st(&t);
    assert_int_equal(s->batch, 0);
    assert_int_equal(s->fcur, 0);
    assert_int_equal(s->fdone, 4);
    expect_line(&t, 2, 1, 0, 0, 0, 0, 0, 0);
    expect_touched_inv(&t, 0, 0);
    gpu_l1_stats_t st;
    gpu_l1_stats(t.m, &st);
    assert_int_equal(st.inv, 1);
    assert_int_equal(st.inv_lines, 1);
    assert_int_equal(st.batches, 1);
    assert_int_equal(st.wt_batch, 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_B01], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_B07], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C21], 1);
    l1_close(&t);
}

/* two valid lines; an acquire load re-reads one (C06: val stays, a plain load still hits) and
 * its DATA (R03) invalidates both */
static void test_l1_acquire_load(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_load(&t, 0, 0x05, false, false);
    l1_tick(&t);
    l1_tick(&t);
    rsp_data(&t, 0x05, 1, 1, 1, 1);
    core_load(&t, 1, 0x06, false, false); /* set 2 tag 1: line 4 */
    l1_tick(&t);
    l1_tick(&t);
    expect_gets(&t, 0x06);
    rsp_data(&t, 0x06, 2, 2, 2, 2);
    core_load(&t, 2, 0x05, true, true);
    l1_tick(&t);
    core_load(&t, 3, 0x05, false, false);
    l1_tick(&t); /* C06 */
    expect_gets(&t, 0x05);
    expect_line(&t, 2, 1, 1, 1, 0, 1, 4, 0);
    l1_tick(&t); /* C01 on the valid, pending line */
    expect_crsp(&t, GPU_CRSP_LOAD, 8, 0x05, 1, 1, 1, 1);
    assert_false(t.out.req.valid);
    rsp_data(&t, 0x05, 9, 8, 7, 6);
    l1_tick(&t); /* R03 + INV */
    expect_crsp(&t, GPU_CRSP_LOAD, 4, 0x05, 9, 8, 7, 6);
    assert_false(t.out.req.valid);
    expect_line(&t, 2, 1, 0, 0, 0, 0, 0, 0);
    expect_data(&t, 2, 9, 8, 7, 6);
    expect_line(&t, 4, 1, 0, 0, 0, 0, 0, 0);
    expect_data(&t, 4, 2, 2, 2, 2);
    expect_touched_inv(&t, 1, 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C06], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R03], 1);
    gpu_l1_stats_t st;
    gpu_l1_stats(t.m, &st);
    assert_int_equal(st.inv, 1);
    assert_int_equal(st.inv_lines, 2);
    l1_close(&t);
}

/* a GETS outstanding at a fence's INV turns stale: C03 stalls (S01), R02 serves the waiting
 * load without installing, and the next load fetches again */
static void test_l1_stale_fill(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_load(&t, 0, 0x05, false, false);
    l1_tick(&t);
    core_fence(&t, 1);
    l1_tick(&t); /* C05 */
    expect_gets(&t, 0x05);
    l1_tick(&t); /* C21 with an empty buffer */
    expect_quiet(&t);
    assert_int_equal(l1_st(&t)->fl, 0);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_BATCH_EMPTY], 1);
    core_load(&t, 3, 0x05, false, false);
    l1_tick(&t); /* B07: INV marks the pending line stale */
    expect_quiet(&t);
    assert_int_equal(t.out.fence_done, 2);
    expect_line(&t, 2, 1, 0, 1, 1, 0, 1, 0);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_INV_STALES], 1);
    l1_tick(&t); /* C03 -> S01 */
    expect_quiet(&t);
    assert_int_equal(l1_st(&t)->fcnt, 1);
    expect_touched(&t, 0, 0, false);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_S01], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C03], 0);
    rsp_data(&t, 0x05, 3, 3, 3, 3);
    l1_tick(&t); /* R02 */
    expect_crsp(&t, GPU_CRSP_LOAD, 1, 0x05, 3, 3, 3, 3);
    expect_line(&t, 2, 1, 0, 0, 0, 0, 0, 0);
    expect_data(&t, 2, 3, 3, 3, 3);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R02], 1);
    l1_tick(&t); /* C05 again (the line is free) */
    expect_gets(&t, 0x05);
    expect_line(&t, 2, 1, 0, 1, 0, 0, 8, 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C05], 2);
    l1_close(&t);
}

/* L6: a GETS sent in the edge of an INV (pend_q = 0) is not stale: its DATA installs (R01) */
static void test_l1_inv_same_edge_gets(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_fence(&t, 0);
    l1_tick(&t);
    core_load(&t, 1, 0x05, false, false);
    l1_tick(&t); /* C21 */
    l1_tick(&t); /* C05 and B07 + INV in one edge */
    expect_gets(&t, 0x05);
    assert_int_equal(t.out.fence_done, 1);
    expect_line(&t, 2, 1, 0, 1, 0, 0, 2, 0);
    expect_touched_inv(&t, 1, 2);
    rsp_data(&t, 0x05, 4, 3, 2, 1);
    l1_tick(&t); /* R01 */
    expect_crsp(&t, GPU_CRSP_LOAD, 2, 0x05, 4, 3, 2, 1);
    expect_line(&t, 2, 1, 1, 0, 0, 0, 0, 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R01], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R02], 0);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_INV_STALES], 0);
    l1_close(&t);
}

static void rsp_atom(l1h_t* t, uint32_t wf, bool acq, uint64_t line, uint32_t w0, uint32_t w1,
                     uint32_t w2, uint32_t w3) {
    rsp_data(t, line, w0, w1, w2, w3);
    t->in.rsp.kind = GPU_RSP_ATOM;
    t->in.rsp.wf = wf;
    t->in.rsp.acq = acq;
}

static void expect_atomic_req(const l1h_t* t, uint64_t line, uint32_t wf, bool acq, uint32_t aop,
                              uint32_t w, uint32_t a) {
    const gpu_req_t* r = &t->out.req;
    assert_true(r->valid);
    assert_int_equal(r->kind, GPU_REQ_ATOMIC);
    assert_int_equal(r->line, line);
    assert_int_equal(r->wf, wf);
    assert_int_equal(r->acq, acq);
    assert_int_equal(r->aop, aop);
    assert_int_equal(r->word, w);
    assert_int_equal(r->a, a);
    assert_int_equal(r->b, 0);
    assert_int_equal(r->mask[0], 0);
    assert_int_equal(r->data[1], 0);
}

/* GPU-H, D9. Line 0x09 is set 1, tag 2, way 0 = line 2; the test plays the L2, whose line 0x09
 * holds 0x10 0x20 0x30 0x40 at first. (a) A CTA atomic on the absent line goes to the L2 with acq
 * 0 although the core asked for an acquire (C18: no allocation, pop) and its ATOM answers (R05).
 * (b) On a valid line it is performed in the L1 (C16: dirty word, store-buffer push; a failing
 * CAS writes nothing). (c) A GPU acquire atomic's answer (R06) invalidates the line, its dirty
 * word stays: a CTA atomic writes it through (C17, the head stays), the line is free, and the
 * atomic goes to the L2 (C18). (d) On a pending line with dirty bytes C17 stalls (S05) until the
 * DATA (R01) makes the line valid; then the atomic is performed in the L1 (C16). */
static void test_l1_cta_atomic(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_H));
    /* (a) */
    core_atomic(&t, 2, 0x09, false, GPU_AOP_ADD, 1, 5);
    t.in.core.acq = true;
    l1_tick(&t);
    expect_quiet(&t);
    l1_tick(&t); /* C18 */
    expect_atomic_req(&t, 0x09, 2, false, GPU_AOP_ADD, 1, 5);
    assert_false(t.out.crsp.valid);
    expect_free(&t, 2);
    expect_free(&t, 3);
    expect_touched(&t, 0, 0, false);
    const gpu_l1_state_t* s = l1_st(&t);
    assert_int_equal(s->fcnt, 0);
    assert_int_equal(s->sbcnt, 0);
    assert_int_equal(s->idle, 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C18], 1);
    rsp_atom(&t, 2, false, 0x09, 0x10, 0x20, 0x30, 0x40);
    l1_tick(&t); /* R05: no line matches */
    expect_crsp(&t, GPU_CRSP_ATOMIC, 4, 0x09, 0x10, 0x20, 0x30, 0x40);
    assert_false(t.out.req.valid);
    expect_free(&t, 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R05], 1);
    /* (b) the L2 now holds 0x25 in word 1 */
    core_load(&t, 0, 0x09, false, false);
    l1_tick(&t);
    l1_tick(&t); /* C05 */
    expect_gets(&t, 0x09);
    expect_line(&t, 2, 2, 0, 1, 0, 0, 1, 0);
    rsp_data(&t, 0x09, 0x10, 0x25, 0x30, 0x40);
    l1_tick(&t); /* R01 */
    expect_crsp(&t, GPU_CRSP_LOAD, 1, 0x09, 0x10, 0x25, 0x30, 0x40);
    expect_line(&t, 2, 2, 1, 0, 0, 0, 0, 0);
    core_atomic(&t, 2, 0x09, false, GPU_AOP_ADD, 1, 5);
    l1_tick(&t);
    l1_tick(&t); /* C16 */
    expect_crsp(&t, GPU_CRSP_ATOMIC, 4, 0x09, 0x10, 0x25, 0x30, 0x40);
    assert_false(t.out.req.valid);
    expect_line(&t, 2, 2, 1, 0, 0, 0, 0, 0xf0);
    expect_data(&t, 2, 0x10, 0x2a, 0x30, 0x40);
    s = l1_st(&t);
    assert_int_equal(s->fcnt, 0);
    assert_int_equal(s->sbcnt, 1);
    assert_int_equal(s->sb[0], 0x09);
    assert_int_equal(s->idle, 0);
    core_atomic(&t, 1, 0x09, false, GPU_AOP_CAS, 1, 99);
    l1_tick(&t);
    l1_tick(&t); /* C16, a failing CAS */
    expect_crsp(&t, GPU_CRSP_ATOMIC, 2, 0x09, 0x10, 0x2a, 0x30, 0x40);
    assert_false(t.out.req.valid);
    expect_data(&t, 2, 0x10, 0x2a, 0x30, 0x40);
    s = l1_st(&t);
    assert_int_equal(s->sbcnt, 1);
    assert_int_equal(s->idle, 2); /* a CAS that does not write is not a store (L10) */
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_CAS_FAIL_L1], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C16], 2);
    /* (c) line 0x0a (set 2) is absent: a GPU acquire atomic goes to the L2 (C15) */
    core_atomic(&t, 3, 0x0a, true, GPU_AOP_ADD, 0, 1);
    t.in.core.acq = true;
    l1_tick(&t);
    l1_tick(&t); /* C15 */
    expect_atomic_req(&t, 0x0a, 3, true, GPU_AOP_ADD, 0, 1);
    rsp_atom(&t, 3, true, 0x0a, 7, 0, 0, 0);
    l1_tick(&t); /* R06 + INV: line 2 not valid, its dirty word stays */
    expect_crsp(&t, GPU_CRSP_ATOMIC, 8, 0x0a, 7, 0, 0, 0);
    assert_false(t.out.req.valid);
    expect_line(&t, 2, 2, 0, 0, 0, 0, 0, 0xf0);
    expect_data(&t, 2, 0x10, 0x2a, 0x30, 0x40);
    core_atomic(&t, 2, 0x09, false, GPU_AOP_ADD, 1, 5);
    l1_tick(&t);
    l1_tick(&t); /* C17: WT of the dirty word; the head stays */
    expect_wt(&t, 0x09, 0xf0, 0, 0x2a, 0, 0);
    assert_false(t.out.crsp.valid);
    expect_free(&t, 2);
    s = l1_st(&t);
    assert_int_equal(s->fcnt, 1);
    assert_int_equal(s->wtp, 1);
    assert_int_equal(s->sbcnt, 1); /* the entry stays; its pop will find the line clean */
    assert_int_equal(s->idle, 7);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C17], 1);
    l1_tick(&t); /* C18: the line no longer matches */
    expect_atomic_req(&t, 0x09, 2, false, GPU_AOP_ADD, 1, 5);
    assert_false(t.out.crsp.valid);
    expect_free(&t, 2);
    s = l1_st(&t);
    assert_int_equal(s->fcnt, 0);
    assert_int_equal(s->wtp, 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C18], 2);
    rsp_ack(&t);
    l1_tick(&t); /* R04 */
    expect_quiet(&t);
    assert_int_equal(l1_st(&t)->wtp, 0);
    assert_false(t.out.drained); /* the skipped entry is still in the ring */
    rsp_atom(&t, 2, false, 0x09, 0x10, 0x2a, 0x30, 0x40); /* the L2 had the WT first */
    l1_tick(&t);                                          /* R05 */
    expect_crsp(&t, GPU_CRSP_ATOMIC, 4, 0x09, 0x10, 0x2a, 0x30, 0x40);
    assert_false(t.out.req.valid);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R05], 2);
    /* (d) the L2 now holds 0x2f in word 1 */
    core_load(&t, 0, 0x09, false, false);
    l1_tick(&t);
    l1_tick(&t); /* C05: way 0 is free (rule 1), rr[1] := 1 */
    expect_gets(&t, 0x09);
    expect_line(&t, 2, 2, 0, 1, 0, 0, 1, 0);
    assert_int_equal(l1_st(&t)->rr[1], 1);
    core_store(&t, 1, 0x09, 2, 0x55, false);
    l1_tick(&t);
    l1_tick(&t); /* C11 into the pending line */
    expect_quiet(&t);
    expect_line(&t, 2, 2, 0, 1, 0, 0, 1, 0xf00);
    s = l1_st(&t);
    assert_int_equal(s->sbcnt, 2);
    assert_int_equal(s->sb[1], 0x09);
    core_atomic(&t, 2, 0x09, false, GPU_AOP_ADD, 1, 5);
    l1_tick(&t);
    l1_tick(&t); /* C17 on a pending line -> S05 */
    expect_quiet(&t);
    expect_line(&t, 2, 2, 0, 1, 0, 0, 1, 0xf00);
    s = l1_st(&t);
    assert_int_equal(s->fcnt, 1);
    assert_int_equal(s->wtp, 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_S05], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C17], 1);
    rsp_data(&t, 0x09, 0x10, 0x2f, 0x30, 0x40);
    l1_tick(&t); /* R01 merged under the dirty word 2 */
    expect_crsp(&t, GPU_CRSP_LOAD, 1, 0x09, 0x10, 0x2f, 0x55, 0x40);
    assert_false(t.out.req.valid);
    expect_line(&t, 2, 2, 1, 0, 0, 0, 0, 0xf00);
    l1_tick(&t); /* C16: dirty already, no push */
    expect_crsp(&t, GPU_CRSP_ATOMIC, 4, 0x09, 0x10, 0x2f, 0x55, 0x40);
    assert_false(t.out.req.valid);
    expect_line(&t, 2, 2, 1, 0, 0, 0, 0, 0xff0);
    expect_data(&t, 2, 0x10, 0x34, 0x55, 0x40);
    s = l1_st(&t);
    assert_int_equal(s->fcnt, 0);
    assert_int_equal(s->sbcnt, 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C16], 3);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C17], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C18], 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C19], 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_S06], 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R06], 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_DATA_NO_WAIT], 0);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    l1_close(&t);
}

/* GPU-D: the same atomic goes to the L2 (C15) and its answer (R05) reaches the core */
static void test_l1_gpu_atomic(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_atomic(&t, 2, 0x09, false, GPU_AOP_ADD, 1, 5);
    l1_tick(&t);
    l1_tick(&t); /* C15 */
    const gpu_req_t* r = &t.out.req;
    assert_true(r->valid);
    assert_int_equal(r->kind, GPU_REQ_ATOMIC);
    assert_int_equal(r->line, 0x09);
    assert_int_equal(r->wf, 2);
    assert_false(r->acq);
    assert_int_equal(r->aop, GPU_AOP_ADD);
    assert_int_equal(r->word, 1);
    assert_int_equal(r->a, 5);
    assert_int_equal(r->mask[0], 0);
    assert_false(t.out.crsp.valid);
    expect_free(&t, 2);
    assert_int_equal(l1_st(&t)->fcnt, 0);
    t.in.rsp.valid = true;
    t.in.rsp.kind = GPU_RSP_ATOM;
    t.in.rsp.wf = 2;
    t.in.rsp.line = 0x09;
    t.in.rsp.data[1] = 20;
    l1_tick(&t); /* R05 */
    expect_crsp(&t, GPU_CRSP_ATOMIC, 4, 0x09, 0, 20, 0, 0);
    assert_false(t.out.req.valid);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_R05], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C15], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C16], 0);
    l1_close(&t);
}

/* set 0 full of dirty lines: a load miss writes way 0 through (V01), then allocates it */
static void test_l1_dirty_victim(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t, l1_small(GPU_D));
    core_store(&t, 0, 0x00, 0, 0x11, false);
    l1_tick(&t);
    core_store(&t, 1, 0x04, 1, 0x22, false);
    l1_tick(&t); /* C12 way 0 */
    core_load(&t, 2, 0x08, false, false);
    l1_tick(&t); /* C12 way 1: rr[0] wraps to 0 */
    expect_line(&t, 1, 1, 0, 0, 0, 0, 0, 0xf0);
    assert_int_equal(l1_st(&t)->rr[0], 0);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_RR_PTR_WRAP], 1);
    l1_tick(&t); /* V01 */
    expect_wt(&t, 0x00, 0x0f, 0x11, 0, 0, 0);
    expect_free(&t, 0);
    const gpu_l1_state_t* s = l1_st(&t);
    assert_int_equal(s->fcnt, 1);
    assert_int_equal(s->wtp, 1);
    assert_int_equal(s->sbcnt, 2);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_V01], 1);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_C05], 0);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_VIC_DIRTY_W0], 1);
    l1_tick(&t); /* C05 into the freed way */
    expect_gets(&t, 0x08);
    expect_line(&t, 0, 2, 0, 1, 0, 0, 4, 0);
    expect_line(&t, 1, 1, 0, 0, 0, 0, 0, 0xf0);
    assert_int_equal(l1_st(&t)->rr[0], 1);
    assert_int_equal(gpu_l1_fcov(t.m)[GPU_L1_F_EVICT_ALLOC_SAME_SET], 1);
    /* a DATA for a line not pending is an L9 error: nothing changes */
    rsp_data(&t, 0x04, 5, 5, 5, 5);
    l1_tick(&t);
    expect_quiet(&t);
    assert_int_equal(gpu_l1_errors(t.m), 1);
    expect_line(&t, 1, 1, 0, 0, 0, 0, 0, 0xf0);
    expect_data(&t, 1, 0, 0x22, 0, 0);
    /* a reset keeps coverage and errors */
    t.in.rst_n = false;
    gpu_l1_tick(t.m, &t.in, &t.out);
    assert_true(t.out.core_ready && t.out.drained);
    expect_free(&t, 1);
    expect_touched(&t, 0, 0, true);
    assert_int_equal(l1_st(&t)->sbcnt, 0);
    assert_int_equal(gpu_l1_cov(t.m)[GPU_L1_T_V01], 1);
    assert_int_equal(gpu_l1_errors(t.m), 1);
    l1_close(&t);
}

/*--- L2 harness -------------------------------------------------------------------------------*/

typedef struct {
    gpu_l2_t* m;
    gpu_l2_in_t in;
    gpu_l2_out_t out;
} l2h_t;

static void l2_open(l2h_t* t) {
    const gpu_desc_t s = gpu_desc_small(GPU_D);
    const gpu_l2_desc_t d = gpu_l2_desc_from(&s);
    char msg[256];
    const size_t n = gpu_l2_size(&d);
    t->m = gpu_l2_init(malloc(n), n, &d, msg, sizeof msg);
    assert_non_null(t->m);
    memset(&t->in, 0, sizeof t->in);
    gpu_l2_tick(t->m, &t->in, &t->out);
    assert_true(t->out.req_ready);
    assert_false(t->out.rsp.valid);
    assert_false(t->out.mreq.fetch || t->out.mreq.wb);
}

static void l2_tick(l2h_t* t) {
    t->in.rst_n = true;
    gpu_l2_tick(t->m, &t->in, &t->out);
    assert_memory_equal(gpu_l2_out(t->m), &t->out, sizeof t->out);
    memset(&t->in, 0, sizeof t->in);
}

static void l2_req(l2h_t* t, uint32_t kind, uint32_t src, uint64_t line) {
    t->in.req.valid = true;
    t->in.req.kind = kind;
    t->in.req.src = src;
    t->in.req.line = line;
}

static void l2_fill_in(l2h_t* t, uint64_t line, uint32_t w0, uint32_t w1, uint32_t w2,
                       uint32_t w3) {
    t->in.mem.valid = true;
    t->in.mem.line = line;
    t->in.mem.data[0] = w0;
    t->in.mem.data[1] = w1;
    t->in.mem.data[2] = w2;
    t->in.mem.data[3] = w3;
}

static void expect_rsp(const l2h_t* t, uint32_t kind, uint64_t dst, uint64_t line, uint32_t w0,
                       uint32_t w1, uint32_t w2, uint32_t w3) {
    const gpu_rsp_t* r = &t->out.rsp;
    assert_true(r->valid);
    assert_int_equal(r->kind, kind);
    assert_int_equal(r->dst, dst);
    assert_int_equal(r->line, line);
    assert_int_equal(r->data[0], w0);
    assert_int_equal(r->data[1], w1);
    assert_int_equal(r->data[2], w2);
    assert_int_equal(r->data[3], w3);
}

static void expect_mem(const l2h_t* t, bool fetch, uint64_t fl, bool wb, uint64_t wl) {
    assert_int_equal(t->out.mreq.fetch, fetch);
    assert_int_equal(t->out.mreq.fetch_line, fl);
    assert_int_equal(t->out.mreq.wb, wb);
    assert_int_equal(t->out.mreq.wb_line, wl);
}

static void expect_l2line(const l2h_t* t, uint32_t i, uint64_t tag, uint32_t st, uint32_t w0,
                          uint32_t w1, uint32_t w2, uint32_t w3) {
    gpu_l2_line_t l;
    gpu_l2_line_get(t->m, i, &l);
    assert_int_equal(l.tag, tag);
    assert_int_equal(l.st, st);
    assert_int_equal(l.data[0], w0);
    assert_int_equal(l.data[1], w1);
    assert_int_equal(l.data[2], w2);
    assert_int_equal(l.data[3], w3);
}

static void expect_mshr(const l2h_t* t, uint32_t k, uint32_t v, uint64_t line, uint32_t way,
                        uint64_t dst, uint32_t wm) {
    gpu_l2_mshr_t e;
    gpu_l2_mshr_get(t->m, k, &e);
    assert_int_equal(e.v, v);
    assert_int_equal(e.line, line);
    assert_int_equal(e.way, way);
    assert_int_equal(e.dst, dst);
    assert_int_equal(e.wm[0], wm);
}

/*--- L2 scenarios: line 0x0A is set 1, tag 2 (way 0 = line 2) ---------------------------------*/

/* G03 -> G02 (dst merge) -> M01 */
static void test_l2_gets_merge(void** state) {
    (void)state;
    l2h_t t;
    l2_open(&t);
    l2_req(&t, GPU_REQ_GETS, 1, 0x0a);
    l2_tick(&t);
    assert_false(t.out.rsp.valid);
    expect_mem(&t, false, 0, false, 0);
    l2_req(&t, GPU_REQ_GETS, 3, 0x0a);
    l2_tick(&t); /* G03 */
    assert_false(t.out.rsp.valid);
    expect_mem(&t, true, 0x0a, false, 0);
    assert_true(t.out.req_ready);
    expect_l2line(&t, 2, 2, GPU_L2_P, 0, 0, 0, 0);
    expect_mshr(&t, 0, 1, 0x0a, 0, 2, 0);
    uint32_t v = 0;
    assert_false(gpu_l2_word(t.m, 0x0a, 0, &v));
    l2_tick(&t); /* G02 */
    assert_false(t.out.rsp.valid);
    expect_mem(&t, false, 0, false, 0);
    expect_mshr(&t, 0, 1, 0x0a, 0, 0xa, 0);
    l2_fill_in(&t, 0x0a, 1, 2, 3, 4);
    l2_tick(&t); /* M01 */
    expect_rsp(&t, GPU_RSP_DATA, 0xa, 0x0a, 1, 2, 3, 4);
    expect_l2line(&t, 2, 2, GPU_L2_V, 1, 2, 3, 4);
    expect_mshr(&t, 0, 0, 0x0a, 0, 0xa, 0);
    assert_true(gpu_l2_word(t.m, 0x0a, 2, &v));
    assert_int_equal(v, 3);
    l2_req(&t, GPU_REQ_GETS, 0, 0x0a);
    l2_tick(&t);
    l2_tick(&t); /* G01 */
    expect_rsp(&t, GPU_RSP_DATA, 1, 0x0a, 1, 2, 3, 4);
    const uint64_t* c = gpu_l2_cov(t.m);
    assert_int_equal(c[GPU_L2_T_G01], 1);
    assert_int_equal(c[GPU_L2_T_G02], 1);
    assert_int_equal(c[GPU_L2_T_G03], 1);
    assert_int_equal(c[GPU_L2_T_M01], 1);
    /* a fill nobody asked for is an E4 error */
    l2_fill_in(&t, 0x0c, 9, 9, 9, 9);
    l2_tick(&t);
    assert_false(t.out.rsp.valid);
    assert_int_equal(gpu_l2_errors(t.m), 1);
    free(t.m);
}

/* G03, then a WT to the pending line (W02: ACK at once), then the fill under its bytes (D) */
static void test_l2_wt_pending(void** state) {
    (void)state;
    l2h_t t;
    l2_open(&t);
    l2_req(&t, GPU_REQ_GETS, 0, 0x0a);
    l2_tick(&t);
    l2_req(&t, GPU_REQ_WT, 2, 0x0a);
    t.in.req.data[1] = 0x55667788u;
    t.in.req.mask[0] = 0xf0;
    l2_tick(&t); /* G03 */
    expect_mem(&t, true, 0x0a, false, 0);
    l2_tick(&t); /* W02 */
    expect_rsp(&t, GPU_RSP_ACK, 4, 0x0a, 0, 0, 0, 0);
    expect_mem(&t, false, 0, false, 0);
    expect_l2line(&t, 2, 2, GPU_L2_P, 0, 0x55667788u, 0, 0);
    expect_mshr(&t, 0, 1, 0x0a, 0, 1, 0xf0);
    l2_fill_in(&t, 0x0a, 1, 2, 3, 4);
    l2_tick(&t); /* M01 */
    expect_rsp(&t, GPU_RSP_DATA, 1, 0x0a, 1, 0x55667788u, 3, 4);
    expect_l2line(&t, 2, 2, GPU_L2_D, 1, 0x55667788u, 3, 4);
    assert_int_equal(gpu_l2_cov(t.m)[GPU_L2_T_W02], 1);
    assert_int_equal(gpu_l2_fcov(t.m)[GPU_L2_F_FILL_MERGE_WT], 1);
    free(t.m);
}

/* A03 (allocate, stays) -> A02 stall -> M02 -> A01 */
static void test_l2_atomic_pending(void** state) {
    (void)state;
    l2h_t t;
    l2_open(&t);
    l2_req(&t, GPU_REQ_ATOMIC, 1, 0x0a);
    t.in.req.wf = 5;
    t.in.req.acq = true;
    t.in.req.aop = GPU_AOP_ADD;
    t.in.req.word = 2;
    t.in.req.a = 7;
    l2_tick(&t);
    l2_tick(&t); /* A03 */
    assert_false(t.out.rsp.valid);
    expect_mem(&t, true, 0x0a, false, 0);
    expect_l2line(&t, 2, 2, GPU_L2_P, 0, 0, 0, 0);
    expect_mshr(&t, 0, 1, 0x0a, 0, 0, 0);
    gpu_l2_state_t* s = calloc(1, sizeof *s);
    assert_non_null(s);
    gpu_l2_state_get(t.m, s);
    assert_int_equal(s->qcnt, 1);
    l2_tick(&t); /* A02 */
    assert_false(t.out.rsp.valid);
    expect_mem(&t, false, 0, false, 0);
    assert_int_equal(gpu_l2_cov(t.m)[GPU_L2_T_A02], 1);
    l2_fill_in(&t, 0x0a, 1, 2, 3, 4);
    l2_tick(&t); /* M02 */
    assert_false(t.out.rsp.valid);
    expect_l2line(&t, 2, 2, GPU_L2_V, 1, 2, 3, 4);
    expect_mshr(&t, 0, 0, 0x0a, 0, 0, 0);
    l2_tick(&t); /* A01 */
    expect_rsp(&t, GPU_RSP_ATOM, 2, 0x0a, 1, 2, 3, 4);
    assert_int_equal(t.out.rsp.wf, 5);
    assert_true(t.out.rsp.acq);
    expect_l2line(&t, 2, 2, GPU_L2_D, 1, 2, 10, 4);
    gpu_l2_state_get(t.m, s);
    assert_int_equal(s->qcnt, 0);
    const uint64_t* c = gpu_l2_cov(t.m);
    assert_int_equal(c[GPU_L2_T_A03], 1);
    assert_int_equal(c[GPU_L2_T_M02], 1);
    assert_int_equal(c[GPU_L2_T_A01], 1);
    free(s);
    free(t.m);
}

/* set 1 holds 0x02 (tag 0) and 0x0a (tag 2); 0x12 (tag 4) takes the clean way (X01); after a
 * WT dirties it, 0x0a's return writes 0x02 back (X02) */
static void test_l2_victims(void** state) {
    (void)state;
    l2h_t t;
    l2_open(&t);
    l2_req(&t, GPU_REQ_WT, 0, 0x02);
    t.in.req.data[0] = 0xdead;
    t.in.req.mask[0] = 0x0f;
    l2_tick(&t);
    l2_tick(&t); /* W03 */
    expect_rsp(&t, GPU_RSP_ACK, 1, 0x02, 0, 0, 0, 0);
    expect_mem(&t, true, 0x02, false, 0);
    expect_l2line(&t, 2, 0, GPU_L2_P, 0xdead, 0, 0, 0);
    expect_mshr(&t, 0, 1, 0x02, 0, 0, 0x0f);
    l2_fill_in(&t, 0x02, 1, 2, 3, 4);
    l2_tick(&t); /* M02 */
    assert_false(t.out.rsp.valid);
    expect_l2line(&t, 2, 0, GPU_L2_D, 0xdead, 2, 3, 4);
    l2_req(&t, GPU_REQ_GETS, 1, 0x0a);
    l2_tick(&t);
    l2_tick(&t); /* G03 in way 1 */
    expect_mem(&t, true, 0x0a, false, 0);
    expect_mshr(&t, 0, 1, 0x0a, 1, 2, 0);
    l2_fill_in(&t, 0x0a, 5, 6, 7, 8);
    l2_tick(&t);
    expect_rsp(&t, GPU_RSP_DATA, 2, 0x0a, 5, 6, 7, 8);
    expect_l2line(&t, 3, 2, GPU_L2_V, 5, 6, 7, 8);
    l2_req(&t, GPU_REQ_GETS, 2, 0x12);
    l2_tick(&t);
    l2_tick(&t); /* G03 + X01: the V line in way 1 */
    expect_mem(&t, true, 0x12, false, 0);
    expect_l2line(&t, 3, 4, GPU_L2_P, 5, 6, 7, 8);
    assert_int_equal(gpu_l2_cov(t.m)[GPU_L2_T_X01], 1);
    assert_int_equal(gpu_l2_fcov(t.m)[GPU_L2_F_VIC_CLEAN_W0 + 1], 1);
    l2_fill_in(&t, 0x12, 9, 9, 9, 9);
    l2_tick(&t);
    expect_rsp(&t, GPU_RSP_DATA, 4, 0x12, 9, 9, 9, 9);
    l2_req(&t, GPU_REQ_WT, 3, 0x12);
    t.in.req.data[3] = 0x77;
    t.in.req.mask[0] = 0xf000;
    l2_tick(&t);
    l2_tick(&t); /* W01 */
    expect_rsp(&t, GPU_RSP_ACK, 8, 0x12, 0, 0, 0, 0);
    expect_mem(&t, false, 0, false, 0);
    expect_l2line(&t, 3, 4, GPU_L2_D, 9, 9, 9, 0x77);
    l2_req(&t, GPU_REQ_GETS, 0, 0x0a);
    l2_tick(&t);
    l2_tick(&t); /* G03 + X02: rr[1] = 0 -> way 0 (0x02) written back */
    assert_false(t.out.rsp.valid);
    expect_mem(&t, true, 0x0a, true, 0x02);
    assert_int_equal(t.out.mreq.wb_data[0], 0xdead);
    assert_int_equal(t.out.mreq.wb_data[1], 2);
    assert_int_equal(t.out.mreq.wb_data[3], 4);
    expect_l2line(&t, 2, 2, GPU_L2_P, 0xdead, 2, 3, 4);
    expect_mshr(&t, 0, 1, 0x0a, 0, 1, 0);
    assert_int_equal(gpu_l2_cov(t.m)[GPU_L2_T_X02], 1);
    assert_int_equal(gpu_l2_fcov(t.m)[GPU_L2_F_FETCH_AND_WB], 1);
    assert_int_equal(gpu_l2_fcov(t.m)[GPU_L2_F_VIC_DIRTY_W0], 1);
    assert_int_equal(gpu_l2_errors(t.m), 0);
    free(t.m);
}

/*--- random legal traffic: the models' rule checks (L1, M1, counts) hold, no protocol error ----*/

static uint32_t rng_next(uint64_t* x) {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return (uint32_t)(*x >> 11);
}

/* a random core request: 16 lines over the 4 sets */
static void random_core(l1h_t* t, uint64_t* x, uint32_t num_wf) {
    const uint32_t r = rng_next(x);
    gpu_core_req_t* c = &t->in.core;
    c->valid = true;
    c->op = 1u + r % 4u;
    c->wf = (r >> 2) % num_wf;
    c->line = c->op == GPU_OP_FENCE ? 0u : (r >> 8) % 16u;
    c->gpu = (r >> 12) & 1u;
    c->acq = (r >> 13) & 1u;
    c->rel = ((r >> 14) & 3u) == 0u;
    if (c->op == GPU_OP_STORE) {
        const uint32_t w = (r >> 16) % 4u;
        c->data[w] = rng_next(x);
        c->mask[0] = 0xfu << (4u * w);
    } else if (c->op == GPU_OP_ATOMIC) {
        c->aop = (r >> 16) % 4u;
        c->word = (r >> 18) % 4u;
        c->a = (r >> 20) % 3u;
        c->b = r >> 24;
    }
}

/* one legal response: DATA for a pending line, ACK for an outstanding WT, ATOM for an
 * outstanding atomic */
static void random_rsp(l1h_t* t, uint64_t* x, uint32_t* wts, uint32_t* atoms, uint32_t* awf) {
    const uint32_t r = rng_next(x) % 8u;
    if (r == 0u && *wts > 0u) {
        rsp_ack(t);
        (*wts)--;
    } else if (r == 1u && *atoms > 0u) {
        t->in.rsp.valid = true;
        t->in.rsp.kind = GPU_RSP_ATOM;
        t->in.rsp.wf = awf[--*atoms];
        t->in.rsp.acq = rng_next(x) & 1u;
        t->in.rsp.line = rng_next(x) % 16u;
    } else if (r == 2u) {
        const gpu_l1_state_t* s = l1_st(t);
        const uint32_t i0 = rng_next(x) % 8u;
        for (uint32_t k = 0; k < 8u; k++) {
            const uint32_t i = (i0 + k) % 8u;
            if (s->line[i].pend) {
                rsp_data(t, (s->line[i].tag << 2) | (i / 2u), rng_next(x), 1, 2, 3);
                break;
            }
        }
    }
}

/* The lockstep compares only what an edge wrote (gpu_l1_touched, gpu_l1_flags_touched): every
 * line that differs between the whole states before (a) and after (b) the edge is named, or only
 * its flags differ on an edge that says it wrote flags; a set whose rr changed has a named line;
 * a flags_all read (p, nothing named) fills the flag vectors with every line's flags. */
typedef struct {
    gpu_l1_state_t *a, *b, *p;
    uint64_t named, flags_only, flag_edges;
} l1_touch_t;

static void l1_touch_read(const gpu_l1_t* m, gpu_l1_state_t* s, bool all) {
    memset(s, 0xa5, sizeof *s);
    s->sel_all = all;
    s->sel_n = 0u;
    s->flags_all = 1u;
    gpu_l1_state_get(m, s);
}

static bool l1_named(const gpu_l1_t* m, uint32_t i, uint32_t ways, bool set) {
    uint32_t sel[GPU_SEL_MAX];
    bool all = false;
    const uint32_t n = gpu_l1_touched(m, sel, GPU_SEL_MAX, &all);
    for (uint32_t k = 0; k < n && !all; k++) {
        all = set ? sel[k] / ways == i : sel[k] == i;
    }
    return all;
}

#define FLAG_OF(v, i) (((v)[(i) / 32u] >> ((i) % 32u)) & 1u)

static void l1_touch_flags(const gpu_l1_state_t* s, const gpu_l1_state_t* w, uint32_t lines) {
    for (uint32_t i = 0; i < GPU_L1_FLAG_WORDS * 32u; i++) {
        const bool live = i < lines;
        assert_int_equal(FLAG_OF(s->fval, i), live ? w->line[i].val : 0u);
        assert_int_equal(FLAG_OF(s->fpend, i), live ? w->line[i].pend : 0u);
        assert_int_equal(FLAG_OF(s->fstale, i), live ? w->line[i].stale : 0u);
        assert_int_equal(FLAG_OF(s->facq, i), live ? w->line[i].acq : 0u);
    }
}

static void l1_touch_check(const gpu_l1_t* m, const gpu_l1_desc_t* d, l1_touch_t* c) {
    const uint32_t lines = d->l1_sets * d->l1_ways;
    const bool fl = gpu_l1_flags_touched(m);
    l1_touch_read(m, c->b, true);
    for (uint32_t i = 0; i < lines; i++) {
        if (memcmp(&c->a->line[i], &c->b->line[i], sizeof c->a->line[i]) == 0) {
            continue;
        }
        if (l1_named(m, i, d->l1_ways, false)) {
            c->named++;
            continue;
        }
        gpu_l1_line_t x = c->a->line[i]; /* not named: only the flags moved, on a flag edge */
        x.val = c->b->line[i].val;
        x.pend = c->b->line[i].pend;
        x.stale = c->b->line[i].stale;
        x.acq = c->b->line[i].acq;
        assert_true(fl);
        assert_memory_equal(&x, &c->b->line[i], sizeof x);
        c->flags_only++;
    }
    for (uint32_t x = 0; x < d->l1_sets; x++) {
        assert_true(c->a->rr[x] == c->b->rr[x] || l1_named(m, x, d->l1_ways, true));
    }
    l1_touch_read(m, c->p, false);
    l1_touch_flags(c->p, c->b, lines);
    c->flag_edges += fl;
    gpu_l1_state_t* t = c->a; /* the state after is the next edge's before */
    c->a = c->b;
    c->b = t;
}

static void l1_random_run(gpu_variant_t v, uint64_t seed) {
    gpu_l1_desc_t d = l1_small(v);
    d.sb_idle = 20;
    l1h_t t;
    l1_open(&t, d);
    l1_touch_t tc = {
        calloc(1, sizeof *tc.a), calloc(1, sizeof *tc.b), calloc(1, sizeof *tc.p), 0, 0, 0};
    assert_true(tc.a && tc.b && tc.p);
    l1_touch_read(t.m, tc.a, true);
    uint64_t x = seed;
    uint32_t wts = 0, atoms = 0, awf[64];
    for (uint32_t cyc = 0; cyc < 20000u; cyc++) {
        if (t.out.req.valid && t.out.req.kind == GPU_REQ_WT) {
            wts++;
        } else if (t.out.req.valid && t.out.req.kind == GPU_REQ_ATOMIC && atoms < 64u) {
            awf[atoms++] = t.out.req.wf;
        }
        if (rng_next(&x) % 2u == 0u) {
            random_core(&t, &x, d.num_wf);
        }
        random_rsp(&t, &x, &wts, &atoms, awf);
        l1_tick(&t);
        l1_touch_check(t.m, &d, &tc);
    }
    print_message(
        "l1 touch contract (%s): %llu named line changes, %llu flag-only, %llu flag edges\n",
        v == GPU_D ? "gpu-d" : "gpu-h", (unsigned long long)tc.named,
        (unsigned long long)tc.flags_only, (unsigned long long)tc.flag_edges);
    assert_true(tc.named > 1000u && tc.flags_only > 100u && tc.flag_edges > 100u);
    free(tc.a);
    free(tc.b);
    free(tc.p);
    assert_int_equal(gpu_l1_errors(t.m), 0);
    const uint64_t* c = gpu_l1_cov(t.m);
    for (uint32_t r = 0; r < GPU_L1_T_N; r++) { /* every row, exactly the reachable ones */
        assert_int_equal(c[r] > 0u, gpu_l1_trans_reachable(&d, (gpu_l1_trans_t)r));
    }
    l1_close(&t);
}

static void test_l1_random(void** state) {
    (void)state;
    l1_random_run(GPU_D, 0x1234567u);
    l1_random_run(GPU_H, 0x89abcdefu);
}

/* The lockstep compares only what an edge wrote (gpu_l2_touched, gpu_l2_mshr_touched): every
 * line, set pointer and MSHR that differs between the whole states before (a) and after (b) the
 * edge must be named; a read of the named MSHRs alone (mshr_only) fills exactly those. */
typedef struct {
    gpu_l2_state_t *a, *b, *p;
    uint64_t lines_named, mshrs_named, mshr_edges;
} l2_touch_t;

static void touch_read(const gpu_l2_t* m, gpu_l2_state_t* s) {
    memset(s, 0, sizeof *s);
    s->sel_all = 1u;
    gpu_l2_state_get(m, s);
}

static bool line_named(const gpu_l2_t* m, uint32_t i) {
    uint32_t sel[GPU_L2_SEL_MAX];
    bool all = false;
    const uint32_t n = gpu_l2_touched(m, sel, GPU_L2_SEL_MAX, &all);
    for (uint32_t k = 0; k < n && !all; k++) {
        all = sel[k] == i;
    }
    return all;
}

static void touch_check(const gpu_l2_t* m, l2_touch_t* c) {
    const gpu_l2_desc_t* d = gpu_l2_desc(m);
    touch_read(m, c->b);
    for (uint32_t i = 0; i < d->l2_sets * d->l2_ways; i++) {
        if (memcmp(&c->a->line[i], &c->b->line[i], sizeof c->a->line[i]) != 0 ||
            c->a->rr[i / d->l2_ways] != c->b->rr[i / d->l2_ways]) {
            assert_true(line_named(m, i) || c->a->rr[i / d->l2_ways] != c->b->rr[i / d->l2_ways]);
            c->lines_named++;
        }
    }
    const uint64_t mt = gpu_l2_mshr_touched(m);
    for (uint32_t k = 0; k < d->l2_mshrs; k++) {
        if (memcmp(&c->a->mshr[k], &c->b->mshr[k], sizeof c->a->mshr[k]) != 0) {
            assert_true((mt >> k) & 1u);
            c->mshrs_named++;
        }
    }
    memset(c->p, 0xa5, sizeof *c->p);
    c->p->sel_all = 0u;
    c->p->sel_n = 0u;
    c->p->mshr_only = 1u;
    c->p->mshr_sel = mt;
    gpu_l2_state_get(m, c->p);
    gpu_l2_mshr_t poison;
    memset(&poison, 0xa5, sizeof poison);
    for (uint32_t k = 0; k < d->l2_mshrs; k++) {
        const gpu_l2_mshr_t* want = (mt >> k) & 1u ? &c->b->mshr[k] : &poison;
        assert_memory_equal(&c->p->mshr[k], want, sizeof poison);
    }
    c->mshr_edges += mt != 0u;
    gpu_l2_state_t* t = c->a; /* the state after is the next edge's before */
    c->a = c->b;
    c->b = t;
}

static void test_l2_random(void** state) {
    (void)state;
    l2h_t t;
    l2_open(&t);
    l2_touch_t tc = {
        calloc(1, sizeof *tc.a), calloc(1, sizeof *tc.b), calloc(1, sizeof *tc.p), 0, 0, 0};
    assert_true(tc.a && tc.b && tc.p);
    touch_read(t.m, tc.a);
    uint64_t x = 0x5eedu;
    uint64_t fetch[64];
    uint32_t nf = 0;
    for (uint32_t cyc = 0; cyc < 20000u; cyc++) {
        if (t.out.mreq.fetch) {
            fetch[nf++] = t.out.mreq.fetch_line;
        }
        const uint32_t r = rng_next(&x);
        if (r % 4u == 0u && nf > 0u) {
            const uint32_t k = (r >> 2) % nf;
            l2_fill_in(&t, fetch[k], r, 1, 2, 3);
            fetch[k] = fetch[--nf];
        }
        if ((r >> 8) % 2u == 0u) {
            l2_req(&t, 1u + (r >> 9) % 3u, (r >> 11) % 4u, (r >> 13) % 24u);
            t.in.req.data[(r >> 18) % 4u] = r;
            t.in.req.mask[0] = t.in.req.kind == GPU_REQ_WT ? 0xfu << (4u * ((r >> 18) % 4u)) : 0u;
            t.in.req.aop = (r >> 20) % 4u;
            t.in.req.word = (r >> 22) % 4u;
            t.in.req.a = (r >> 24) % 3u;
        }
        l2_tick(&t);
        touch_check(t.m, &tc);
    }
    /* 11 701 line changes, 7 705 MSHR changes, on 7 718 edges that wrote an MSHR */
    assert_true(tc.lines_named > 1000u && tc.mshrs_named > 1000u && tc.mshr_edges > 1000u);
    free(tc.a);
    free(tc.b);
    free(tc.p);
    assert_int_equal(gpu_l2_errors(t.m), 0);
    const uint64_t* c = gpu_l2_cov(t.m);
    for (uint32_t r = 0; r < GPU_L2_T_N; r++) {
        assert_true(c[r] > 0u || !gpu_l2_trans_reachable(gpu_l2_desc(t.m), (gpu_l2_trans_t)r));
    }
    free(t.m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc_values),
        cmocka_unit_test(test_desc_messages),
        cmocka_unit_test(test_desc_messages_l2),
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_init_storage),
        cmocka_unit_test(test_names_reach),
        cmocka_unit_test(test_l1_load_miss_fill_hit),
        cmocka_unit_test(test_l1_store_idle_drain),
        cmocka_unit_test(test_l1_full_pop_port),
        cmocka_unit_test(test_l1_fence_batch),
        cmocka_unit_test(test_l1_fill_over_dirty),
        cmocka_unit_test(test_l1_acquire_load),
        cmocka_unit_test(test_l1_stale_fill),
        cmocka_unit_test(test_l1_inv_same_edge_gets),
        cmocka_unit_test(test_l1_cta_atomic),
        cmocka_unit_test(test_l1_gpu_atomic),
        cmocka_unit_test(test_l1_dirty_victim),
        cmocka_unit_test(test_l2_gets_merge),
        cmocka_unit_test(test_l2_wt_pending),
        cmocka_unit_test(test_l2_atomic_pending),
        cmocka_unit_test(test_l2_victims),
        cmocka_unit_test(test_l1_random),
        cmocka_unit_test(test_l2_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
