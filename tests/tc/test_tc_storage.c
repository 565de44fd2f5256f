/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_tc_storage.c -- the storage interface of the TC C models (docs/framework.md, "C model
 * storage"): each unit's descriptor is the system's restricted to the unit's RTL parameters,
 * tc_*_size() is what the descriptor needs (0 when illegal) and grows with the geometry,
 * tc_*_init() builds the model in exactly that many bytes and refuses NULL, short or misaligned
 * storage and illegal descriptors with a message, and the compare-layout getters give a reset
 * model's state. (Behaviour is checked by test_tc_golden and the system lockstep.)
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

#include "tc_gwct.h"
#include "tc_l1.h"
#include "tc_l2.h"
#include "tc_sys.h"
#include "tc_timer.h"
#include "tc_types.h"

static tc_desc_t small_desc(void) {
    return tc_desc_small(TC_WEAK);
}

/* Every system parameter is carried into the descriptor of each unit that has it. */
static void test_desc_from(void** state) {
    (void)state;
    tc_desc_t d;
    memset(&d, 0, sizeof d);
    uint32_t* f = (uint32_t*)&d; /* tc_desc_t is all uint32_t fields */
    for (size_t i = 0; i < sizeof d / sizeof(uint32_t); i++)
        f[i] = 1000u + (uint32_t)i;
    const tc_timer_desc_t t = tc_timer_desc_from(&d);
    const tc_gwct_desc_t g = tc_gwct_desc_from(&d);
    const tc_l1_desc_t a = tc_l1_desc_from(&d);
    const tc_l2_desc_t b = tc_l2_desc_from(&d);
    assert_int_equal(t.ts_width, d.ts_width);
    assert_int_equal(g.num_wf, d.num_wf);
    assert_int_equal(g.ts_width, d.ts_width);
    assert_int_equal(g.wf_cnt_width, d.wf_cnt_width);
    assert_int_equal(g.obl_port, d.gwct_obl_port);
    const uint32_t l1[] = {d.protocol, d.num_wf,   d.line_bytes, d.addr_width,   d.l1_sets,
                           d.l1_ways,  d.ts_width, d.l1_queue,   d.wf_cnt_width, d.line_cnt_width};
    assert_int_equal(sizeof a, sizeof l1);
    assert_memory_equal(&a, l1, sizeof l1);
    const uint32_t l2[] = {d.protocol,   d.num_sm,  d.num_banks, d.line_bytes, d.addr_width,
                           d.l2_sets,    d.l2_ways, d.l2_mshrs,  d.ts_width,   d.l2_queue,
                           d.lease_mode, d.lease,   d.pred_init, d.pred_min,   d.pred_max,
                           d.t_hit,      d.t_evict, d.t_write,   d.use_t_write};
    assert_int_equal(sizeof b, sizeof l2);
    assert_memory_equal(&b, l2, sizeof l2);
    /* every field of tc_desc_t is the L1's or the L2's, but tc_gwct's OblPort (the system
     * refuses 0: tc_gwct.md G7) */
    for (size_t i = 0; i < sizeof d / sizeof(uint32_t); i++) {
        bool found = false;
        for (size_t k = 0; k < sizeof l1 / sizeof l1[0]; k++)
            found |= l1[k] == f[i];
        for (size_t k = 0; k < sizeof l2 / sizeof l2[0]; k++)
            found |= l2[k] == f[i];
        found |= f[i] == d.gwct_obl_port;
        assert_true(found);
    }
}

/* Sizes: the timer is its struct, the table TC_GWCT_BYTES(NumWf); the caches grow with lines,
 * line size and MSHRs and are far below the old fixed-maximum structs at the small size. */
static void test_sizes(void** state) {
    (void)state;
    const tc_desc_t s = small_desc(), p = tc_desc_default(TC_WEAK);
    const tc_timer_desc_t t = tc_timer_desc_from(&s);
    assert_int_equal(tc_timer_size(&t), sizeof(tc_timer_t));
    const tc_gwct_desc_t g = tc_gwct_desc_from(&s);
    assert_int_equal(tc_gwct_size(&g), TC_GWCT_BYTES(s.num_wf));
    const tc_l1_desc_t a = tc_l1_desc_from(&s), ap = tc_l1_desc_from(&p);
    const tc_l2_desc_t b = tc_l2_desc_from(&s), bp = tc_l2_desc_from(&p);
    const size_t na = tc_l1_size(&a), nap = tc_l1_size(&ap);
    const size_t nb = tc_l2_size(&b), nbp = tc_l2_size(&bp);
    assert_true(na > sizeof(tc_l1_t) && na < 4096u);
    assert_true(nb > sizeof(tc_l2_t) && nb < 4096u);
    /* paper: at least the data of every line (and of every MSHR) */
    assert_true(nap >= (size_t)64u * 4u * 128u);
    assert_true(nbp >= (size_t)128u * 8u * 128u + 128u * 128u);
    assert_true(nap < (size_t)64u * 1024u);
    assert_true(nbp < (size_t)256u * 1024u);
    tc_l2_desc_t b2 = b;
    b2.l2_mshrs = 2u * b.l2_mshrs;
    assert_true(tc_l2_size(&b2) > nb);
    tc_l1_desc_t a2 = a;
    a2.line_bytes = 2u * a.line_bytes;
    assert_true(tc_l1_size(&a2) > na);
    /* illegal descriptors: size 0 */
    tc_l1_desc_t ax = a;
    ax.l1_sets = 3;
    assert_int_equal(tc_l1_size(&ax), 0);
    tc_l2_desc_t bx = b;
    bx.l2_mshrs = 129;
    assert_int_equal(tc_l2_size(&bx), 0);
    tc_gwct_desc_t gx = g;
    gx.num_wf = 0;
    assert_int_equal(tc_gwct_size(&gx), 0);
    tc_timer_desc_t tx = t;
    tx.ts_width = 33;
    assert_int_equal(tc_timer_size(&tx), 0);
    assert_int_equal(tc_l1_size(NULL), 0);
    assert_int_equal(tc_l2_size(NULL), 0);
}

typedef void* (*init_fn)(void* mem, size_t len, const void* d, char* msg, size_t n);

static void* l1_init(void* mem, size_t len, const void* d, char* msg, size_t n) {
    return tc_l1_init(mem, len, (const tc_l1_desc_t*)d, msg, n);
}
static void* l2_init(void* mem, size_t len, const void* d, char* msg, size_t n) {
    return tc_l2_init(mem, len, (const tc_l2_desc_t*)d, msg, n);
}
static void* gwct_init(void* mem, size_t len, const void* d, char* msg, size_t n) {
    return tc_gwct_init(mem, len, (const tc_gwct_desc_t*)d, msg, n);
}
static void* timer_init(void* mem, size_t len, const void* d, char* msg, size_t n) {
    return tc_timer_init(mem, len, (const tc_timer_desc_t*)d, msg, n);
}

/* NULL, one byte short, misaligned: refused with a message naming the unit; exactly the size:
 * the model, at mem. */
static void storage_cases(const char* unit, init_fn init, const void* d, size_t need) {
    char msg[256];
    unsigned char* buf = malloc(need + 8u);
    assert_non_null(buf);
    msg[0] = 0;
    assert_null(init(NULL, need, d, msg, sizeof msg));
    assert_non_null(strstr(msg, unit));
    assert_non_null(strstr(msg, "NULL"));
    msg[0] = 0;
    assert_null(init(buf, need - 1u, d, msg, sizeof msg));
    assert_non_null(strstr(msg, "too small"));
    msg[0] = 0;
    assert_null(init(buf + 4, need, d, msg, sizeof msg));
    assert_non_null(strstr(msg, "misaligned"));
    free(buf);
    void* mem = malloc(need); /* exactly: ASan builds catch a model that writes beyond it */
    assert_non_null(mem);
    assert_ptr_equal(init(mem, need, d, msg, sizeof msg), mem);
    free(mem);
}

static void test_init_storage(void** state) {
    (void)state;
    const tc_desc_t s = small_desc();
    const tc_timer_desc_t t = tc_timer_desc_from(&s);
    const tc_gwct_desc_t g = tc_gwct_desc_from(&s);
    const tc_l1_desc_t a = tc_l1_desc_from(&s);
    const tc_l2_desc_t b = tc_l2_desc_from(&s);
    storage_cases("tc_timer", timer_init, &t, tc_timer_size(&t));
    storage_cases("tc_gwct", gwct_init, &g, tc_gwct_size(&g));
    storage_cases("tc_l1", l1_init, &a, tc_l1_size(&a));
    storage_cases("tc_l2", l2_init, &b, tc_l2_size(&b));
}

/* Illegal descriptors: NULL and a message naming the unit and the parameter. */
static void test_init_illegal(void** state) {
    (void)state;
    const tc_desc_t s = small_desc();
    static uint64_t mem[1u << 16];
    char msg[256];
    tc_l1_desc_t a = tc_l1_desc_from(&s);
    a.l1_sets = 3;
    assert_null(tc_l1_init(mem, sizeof mem, &a, msg, sizeof msg));
    assert_string_equal(msg, "tc_l1: l1_sets = 3 is illegal (L1Sets: a power of two in 1..256)");
    tc_l2_desc_t b = tc_l2_desc_from(&s);
    b.pred_init = b.pred_max + 1u;
    assert_null(tc_l2_init(mem, sizeof mem, &b, msg, sizeof msg));
    assert_non_null(strstr(msg, "tc_l2: pred_init"));
    tc_gwct_desc_t g = tc_gwct_desc_from(&s);
    g.wf_cnt_width = 9;
    assert_null(tc_gwct_init(mem, sizeof mem, &g, msg, sizeof msg));
    assert_string_equal(msg, "tc_gwct: wf_cnt_width = 9 is illegal (WfCntWidth: 2..8)");
    tc_timer_desc_t t = tc_timer_desc_from(&s);
    t.ts_width = 7;
    assert_null(tc_timer_init(mem, sizeof mem, &t, msg, sizeof msg));
    assert_string_equal(msg, "tc_timer: ts_width = 7 is illegal (TsWidth: 8..32)");
    /* the system check is the L1's then the L2's */
    tc_desc_t d = s;
    d.num_banks = 3;
    assert_int_equal(tc_check_desc(&d, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "tc_l2: num_banks = 3"));
    d = s;
    d.line_cnt_width = 1;
    assert_int_equal(tc_check_desc(&d, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "tc_l1: line_cnt_width = 1"));
    assert_int_equal(tc_check_desc(&s, msg, sizeof msg), 0);
}

/* A model just built is in its reset state (spec section 3 of each page), as the getters show. */
static void test_reset_state(void** state) {
    (void)state;
    const tc_desc_t s = tc_desc_default(TC_WEAK);
    const tc_l1_desc_t a = tc_l1_desc_from(&s);
    const tc_l2_desc_t b = tc_l2_desc_from(&s);
    const size_t na = tc_l1_size(&a), nb = tc_l2_size(&b);
    void* ma = malloc(na);
    void* mb = malloc(nb);
    assert_non_null(ma);
    assert_non_null(mb);
    memset(ma, 0xA5, na); /* init must not depend on the storage's old contents */
    memset(mb, 0xA5, nb);
    tc_l1_t* l1 = tc_l1_init(ma, na, &a, NULL, 0);
    tc_l2_t* l2 = tc_l2_init(mb, nb, &b, NULL, 0);
    assert_non_null(l1);
    assert_non_null(l2);
    tc_l1_state_t* s1 = calloc(1, sizeof *s1);
    tc_l2_state_t* s2 = calloc(1, sizeof *s2);
    tc_l1_state_t* z1 = calloc(1, sizeof *z1);
    tc_l2_state_t* z2 = calloc(1, sizeof *z2);
    assert_non_null(s1);
    assert_non_null(s2);
    assert_non_null(z1);
    assert_non_null(z2);
    memset(s1, 0x5A, sizeof *s1);
    memset(s2, 0x5A, sizeof *s2);
    s1->sel_all = z1->sel_all = 1;
    s2->sel_all = z2->sel_all = 1;
    tc_l1_state_get(l1, s1);
    tc_l2_state_get(l2, s2);
    /* every line, rr, the GWCT table and fcnt 0 */
    const uint32_t lines1 = a.l1_sets * a.l1_ways, lines2 = b.l2_sets * b.l2_ways;
    assert_memory_equal(s1->line, z1->line, lines1 * sizeof(tc_l1_line_t));
    assert_memory_equal(s1->rr, z1->rr, a.l1_sets * sizeof(uint32_t));
    assert_memory_equal(&s1->gwct, &z1->gwct, sizeof z1->gwct);
    assert_int_equal(s1->fcnt, 0);
    assert_memory_equal(s2->line, z2->line, lines2 * sizeof(tc_l2_line_t));
    assert_memory_equal(s2->mshr, z2->mshr, b.l2_mshrs * sizeof(tc_l2_mshr_t));
    assert_int_equal(s2->fcnt, 0);
    assert_int_equal(s2->life, b.pred_init);
    /* registered outputs after init: ready, nothing valid; fences ready for NumWf wavefronts */
    assert_true(l1->out.core_ready);
    assert_false(l1->out.req.valid);
    assert_int_equal(l1->out.fence_ready, ((uint64_t)1 << a.num_wf) - 1u);
    assert_true(l2->out.req_ready);
    assert_false(l2->out.rsp.valid);
    free(s1);
    free(s2);
    free(z1);
    free(z2);
    free(ma);
    free(mb);
}

/* tc_gwct.md G7: OblPort 0..1 for the unit; the system (every L1 has the port) refuses 0. An
 * obligation at OblPort = 0 changes nothing; at 1 it raises the entry. */
static void test_obl_port(void** state) {
    (void)state;
    char msg[256];
    tc_desc_t d = tc_desc_small(TC_WEAK_C);
    assert_int_equal(tc_check_desc(&d, msg, sizeof msg), 0);
    d.gwct_obl_port = 0u;
    assert_int_not_equal(tc_check_desc(&d, msg, sizeof msg), 0);
    assert_non_null(strstr(msg, "gwct_obl_port = 0"));
    tc_gwct_desc_t g = tc_gwct_desc_from(&d);
    assert_int_equal(tc_gwct_check_desc(&g, msg, sizeof msg), 0);
    g.obl_port = 2u;
    assert_int_not_equal(tc_gwct_check_desc(&g, msg, sizeof msg), 0);
    assert_non_null(strstr(msg, "OblPort: 0..1"));
    for (uint32_t port = 0; port <= 1u; port++) {
        g.obl_port = port;
        uint64_t mem[TC_GWCT_BYTES(TC_MAX_WF) / 8u];
        tc_gwct_t* m = tc_gwct_init(mem, sizeof mem, &g, msg, sizeof msg);
        assert_non_null(m);
        tc_gwct_in_t in;
        memset(&in, 0, sizeof in);
        in.rst_n = true;
        in.t.now = 5u;
        in.obl_valid = true;
        in.obl_mask = 1u;
        in.obl_ts = 40u;
        tc_gwct_tick(m, &in, NULL);
        assert_int_equal(tc_gwct_read(m, 0u), port ? 40u : 0u);
    }
}

/* G3 from the whole table, as the page states it: bit w of fence_ready, wr_idle, full. */
static tc_gwct_out_t g3_whole(const tc_gwct_t* m, uint32_t now) {
    tc_gwct_state_t st;
    tc_gwct_state_get(m, &st);
    const uint32_t cmax = (1u << m->d.wf_cnt_width) - 1u;
    tc_gwct_out_t o = {0u, 0u, 0u};
    for (uint32_t w = 0; w < m->d.num_wf; w++) {
        const uint64_t bit = (uint64_t)1 << w;
        o.wr_idle |= st.cnt[w] == 0u ? bit : 0u;
        o.full |= st.cnt[w] == cmax ? bit : 0u;
        o.fence_ready |= st.cnt[w] == 0u && st.gwct[w] < now ? bit : 0u;
    }
    return o;
}

/* Random inputs for one edge: issues, acks with GWCTs near now, obligations, now mostly growing,
 * now and then a roll, a jump back or a reset. */
static void g3_edge(tc_gwct_in_t* in, uint32_t* now, uint32_t nwf, uint64_t* x) {
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    const uint32_t r = (uint32_t)(*x >> 33);
    memset(in, 0, sizeof *in);
    in->rst_n = (r % 997u) != 0u;
    *now = (r % 211u) == 0u ? 1u + (r >> 8) % 200u : *now + (r >> 4) % 3u;
    *now = *now > 250u ? 1u : *now;
    in->t.now = *now;
    in->t.roll = (r % 149u) == 0u;
    in->iss_valid = (r >> 2) & 1u;
    in->iss_wf = (r >> 10) % nwf;
    in->ack_valid = (r >> 3) & 1u;
    in->ack_wf = (r >> 16) % nwf;
    in->ack_global = (r >> 5) & 1u;
    in->ack_gwct = *now + (r >> 22) % 9u;
    in->obl_valid = (r % 13u) == 0u;
    in->obl_mask = *x;
    in->obl_ts = *now + (r >> 26) % 5u;
}

/* tc_gwct.c evaluates G3 from what changed (the top of the file); its outputs and G08 count must
 * equal the whole-table G3 at every edge, for every NumWf kind (1, odd, 48, 64). */
static void test_g3_incremental(void** state) {
    (void)state;
    static const uint32_t nwfs[] = {1u, 7u, 48u, 64u};
    char msg[256];
    for (size_t k = 0; k < sizeof nwfs / sizeof nwfs[0]; k++) {
        tc_gwct_desc_t g = {nwfs[k], 8u, 3u, 1u};
        uint64_t mem[TC_GWCT_BYTES(TC_MAX_WF) / 8u];
        tc_gwct_t* m = tc_gwct_init(mem, sizeof mem, &g, msg, sizeof msg);
        assert_non_null(m);
        uint64_t x = 12345u + k, rises = 0u, changed = 0u;
        uint32_t now = 1u;
        tc_gwct_out_t prev = m->out, out;
        for (uint32_t e = 0; e < 200000u; e++) {
            tc_gwct_in_t in;
            g3_edge(&in, &now, nwfs[k], &x);
            tc_gwct_tick(m, &in, &out);
            const tc_gwct_out_t want = in.rst_n ? g3_whole(m, now) : out;
            assert_int_equal(out.fence_ready, want.fence_ready);
            assert_int_equal(out.wr_idle, want.wr_idle);
            assert_int_equal(out.full, want.full);
            rises +=
                in.rst_n ? (uint64_t)__builtin_popcountll(out.fence_ready & ~prev.fence_ready) : 0u;
            changed += out.fence_ready != prev.fence_ready;
            prev = out;
        }
        assert_int_equal(m->cov[TC_GWCT_T_READY], rises);
        assert_true(changed > 1000u); /* the edges moved the outputs */
    }
}

/* tc_gwct_tick_quiet (the L1's quiet edge) against tc_gwct_tick on the edges it is for: a twin
 * table that takes the quiet call on every edge out of reset with no issue, ack, obligation or
 * roll keeps the same outputs, entries, counters and evaluation state at every edge. */
static void test_tick_quiet(void** state) {
    (void)state;
    static const uint32_t nwfs[] = {1u, 7u, 48u, 64u};
    char msg[256];
    for (size_t k = 0; k < sizeof nwfs / sizeof nwfs[0]; k++) {
        tc_gwct_desc_t g = {nwfs[k], 8u, 3u, 1u};
        uint64_t mem[TC_GWCT_BYTES(TC_MAX_WF) / 8u], memq[TC_GWCT_BYTES(TC_MAX_WF) / 8u];
        tc_gwct_t* m = tc_gwct_init(mem, sizeof mem, &g, msg, sizeof msg);
        tc_gwct_t* q = tc_gwct_init(memq, sizeof memq, &g, msg, sizeof msg);
        assert_non_null(m);
        assert_non_null(q);
        uint64_t x = 777u + k, quiet = 0u;
        uint32_t now = 1u;
        for (uint32_t e = 0; e < 200000u; e++) {
            tc_gwct_in_t in;
            g3_edge(&in, &now, nwfs[k], &x);
            if ((x >> 40) % 3u == 0u) { /* a third of the edges present nothing */
                in.iss_valid = in.ack_valid = in.obl_valid = false;
                in.t.roll = false;
            }
            tc_gwct_tick(m, &in, NULL);
            if (in.rst_n && !in.iss_valid && !in.ack_valid && !in.obl_valid && !in.t.roll) {
                tc_gwct_tick_quiet(q, in.t.now);
                quiet++;
            } else {
                tc_gwct_tick(q, &in, NULL);
            }
            assert_memory_equal(&m->out, &q->out, sizeof m->out);
            assert_memory_equal(m->gwct, q->gwct, 4u * nwfs[k]);
            assert_memory_equal(m->cnt, q->cnt, 4u * nwfs[k]);
            assert_int_equal(m->redo, q->redo);
            assert_int_equal(m->wait, q->wait);
            assert_int_equal(m->wait_min, q->wait_min);
            assert_int_equal(m->now_q, q->now_q);
        }
        assert_memory_equal(m->cov, q->cov, sizeof m->cov);
        assert_memory_equal(m->fcov, q->fcov, sizeof m->fcov);
        assert_true(quiet > 50000u);
        assert_true(m->fcov[TC_GWCT_F_TOP_CROSS] > 0u);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc_from),      cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_init_storage),   cmocka_unit_test(test_init_illegal),
        cmocka_unit_test(test_reset_state),    cmocka_unit_test(test_obl_port),
        cmocka_unit_test(test_g3_incremental), cmocka_unit_test(test_tick_quiet),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
