/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_denovo_models.c -- the DeNovo family's C models (docs/units/denovo/denovo_l1.md,
 * denovo_l2.md): descriptors and their messages, storage, the registry's rows driven edge by
 * edge, and seed 002's worked examples (notes section 5: G1, G2, G3, G5, G6, G7, G8) plus the
 * races of D6, D8, D9 and L16 run through a tiny message pump in this file: NumSm L1s and one
 * registry bank (NumBanks = 1), DRAM answering a fetch two edges later, every network a FIFO
 * per destination (peer with a configurable latency), peer first at an L1's message port.
 *
 * Geometry (small, NumBanks = 1): L1 set = line mod 4 (2 ways unless a test says 1), registry
 * set = line mod 4, 2 ways; 16-byte lines (LW = 4). DRAM word w of line l is 0x1000 * l + w.
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

#include "denovo_l1.h"
#include "denovo_l1_ports.h"
#include "denovo_l2.h"
#include "denovo_l2_ports.h"
#include "denovo_types.h"

/*--- descriptors ------------------------------------------------------------------------------*/

static void test_desc_values(void** state) {
    (void)state;
    const denovo_desc_t p = denovo_desc_default(DENOVO_H), s = denovo_desc_small(DENOVO_D_RO);
    const uint32_t pv[] = {1, 0, 15, 48, 16, 64, 32, 64, 8, 4, 256, 1000, 16, 4, 256, 16, 32, 4, 4};
    const uint32_t sv[] = {0, 1, 4, 8, 2, 16, 16, 4, 2, 2, 4, 64, 2, 1, 4, 2, 4, 2, 2};
    assert_int_equal(sizeof p, sizeof pv);
    assert_memory_equal(&p, pv, sizeof pv);
    assert_memory_equal(&s, sv, sizeof sv);
    char msg[256] = "x";
    for (uint32_t v = 0; v < 3u; v++) {
        const denovo_desc_t a = denovo_desc_default((denovo_variant_t)v);
        const denovo_desc_t b = denovo_desc_small((denovo_variant_t)v);
        assert_int_equal(denovo_check_desc(&a, msg, sizeof msg), 0);
        assert_int_equal(denovo_check_desc(&b, msg, sizeof msg), 0);
    }
    assert_int_equal(denovo_check_desc(NULL, msg, sizeof msg), 1);
    assert_string_equal(msg, "denovo: desc is NULL");
    const denovo_l1_desc_t a = denovo_l1_desc_from(&p);
    const uint32_t av[] = {1, 0, 15, 48, 64, 32, 64, 8, 4, 256, 1000, 16, 4};
    assert_memory_equal(&a, av, sizeof av);
    const denovo_l2_desc_t b = denovo_l2_desc_from(&p);
    const uint32_t bv[] = {15, 16, 64, 32, 256, 16, 32, 4, 4};
    assert_memory_equal(&b, bv, sizeof bv);
}

static void expect_msg(const denovo_desc_t* d, const char* want) {
    char msg[300];
    msg[0] = 0;
    assert_int_equal(denovo_check_desc(d, msg, sizeof msg), 1);
    assert_string_equal(msg, want);
}

#define BAD(field, val, want)                                                                      \
    do {                                                                                           \
        denovo_desc_t d_ = denovo_desc_small(DENOVO_D);                                            \
        d_.field = (val);                                                                          \
        expect_msg(&d_, want);                                                                     \
    } while (0)

static void test_desc_messages_l1(void** state) {
    (void)state;
    BAD(hrf, 2, "denovo_l1: hrf = 2 is illegal (Hrf: 0..1)");
    BAD(ro, 2, "denovo_l1: Ro = 2 is illegal (Ro: 0..1, and 0 with Hrf = 1)");
    denovo_desc_t d = denovo_desc_small(DENOVO_H);
    d.ro = 1;
    expect_msg(&d, "denovo_l1: Ro = 1 is illegal (Ro: 0..1, and 0 with Hrf = 1)");
    BAD(num_sm, 0, "denovo_l1: num_sm = 0 is illegal (NumSm: 1..64)");
    BAD(num_sm, 65, "denovo_l1: num_sm = 65 is illegal (NumSm: 1..64)");
    BAD(num_wf, 65, "denovo_l1: num_wf = 65 is illegal (NumWf: 1..64)");
    BAD(line_bytes, 8, "denovo_l1: line_bytes = 8 is illegal (LineBytes: 16, 32, 64 or 128)");
    BAD(line_bytes, 48, "denovo_l1: line_bytes = 48 is illegal (LineBytes: 16, 32, 64 or 128)");
    BAD(addr_width, 49, "denovo_l1: addr_width = 49 is illegal (AddrWidth: 16..48)");
    BAD(l1_sets, 3, "denovo_l1: l1_sets = 3 is illegal (L1Sets: a power of two in 1..256)");
    BAD(l1_sets, 512, "denovo_l1: l1_sets = 512 is illegal (L1Sets: a power of two in 1..256)");
    BAD(l1_ways, 0, "denovo_l1: l1_ways = 0 is illegal (L1Ways: 1..8)");
    BAD(l1_ways, 9, "denovo_l1: l1_ways = 9 is illegal (L1Ways: 1..8)");
    BAD(l1_queue, 0, "denovo_l1: l1_queue = 0 is illegal (L1Queue: 1..8)");
    BAD(sb_entries, 257, "denovo_l1: sb_entries = 257 is illegal (SbEntries: 1..256)");
    BAD(sb_idle, 0, "denovo_l1: sb_idle = 0 is illegal (SbIdle: 1..65535)");
    BAD(sb_idle, 65536, "denovo_l1: sb_idle = 65536 is illegal (SbIdle: 1..65535)");
    BAD(mshrs, 0, "denovo_l1: mshrs = 0 is illegal (Mshrs: 1..32)");
    BAD(mshrs, 33, "denovo_l1: mshrs = 33 is illegal (Mshrs: 1..32)");
    BAD(wb_entries, 0, "denovo_l1: wb_entries = 0 is illegal (WbEntries: 1..8)");
    BAD(wb_entries, 9, "denovo_l1: wb_entries = 9 is illegal (WbEntries: 1..8)");
    /* the L1's derived bound: LA = 16 - 7 = 9 >= log2 256 + 1 holds; AddrWidth 16 is legal at
     * every legal L1Sets and LineBytes */
    d = denovo_desc_small(DENOVO_D);
    d.line_bytes = 128;
    d.l1_sets = 256;
    d.num_banks = 1;
    assert_int_equal(denovo_check_desc(&d, NULL, 0), 0);
}

static void test_desc_messages_l2(void** state) {
    (void)state;
    BAD(num_banks, 3, "denovo_l2: num_banks = 3 is illegal (NumBanks: 1, 2, 4, 8 or 16)");
    BAD(num_banks, 32, "denovo_l2: num_banks = 32 is illegal (NumBanks: 1, 2, 4, 8 or 16)");
    BAD(l2_sets, 2048, "denovo_l2: l2_sets = 2048 is illegal (L2Sets: a power of two in 1..1024)");
    BAD(l2_sets, 6, "denovo_l2: l2_sets = 6 is illegal (L2Sets: a power of two in 1..1024)");
    BAD(l2_ways, 17, "denovo_l2: l2_ways = 17 is illegal (L2Ways: 1..16)");
    BAD(l2_mshrs, 65, "denovo_l2: l2_mshrs = 65 is illegal (L2Mshrs: 1..64)");
    BAD(l2_queue, 9, "denovo_l2: l2_queue = 9 is illegal (L2Queue: 1..8)");
    BAD(wb_queue, 0, "denovo_l2: wb_queue = 0 is illegal (WbQueue: 1..8)");
    /* LA = 12 < log2 8 + log2 1024 = 13 */
    denovo_desc_t d = denovo_desc_small(DENOVO_D);
    d.num_banks = 8;
    d.l2_sets = 1024;
    expect_msg(&d, "denovo_l2: addr_width = 16 is illegal (AddrWidth: LA = AddrWidth - log2 "
                   "LineBytes = 12 must be >= log2 NumBanks + log2 L2Sets and >= log2 L2Sets + "
                   "1, i.e. >= 13)");
    assert_int_equal(denovo_l2_check_desc(NULL, NULL, 0), 1);
    assert_int_equal(denovo_l1_check_desc(NULL, NULL, 0), 1);
}

static void test_storage(void** state) {
    (void)state;
    const denovo_desc_t s = denovo_desc_small(DENOVO_D), p = denovo_desc_default(DENOVO_D);
    const denovo_l1_desc_t a = denovo_l1_desc_from(&s), ap = denovo_l1_desc_from(&p);
    const denovo_l2_desc_t b = denovo_l2_desc_from(&s), bp = denovo_l2_desc_from(&p);
    const size_t na = denovo_l1_size(&a), nb = denovo_l2_size(&b);
    assert_int_equal(na % 8u, 0);
    assert_int_equal(nb % 8u, 0);
    assert_true(denovo_l1_size(&ap) >= 512u * 64u + 256u * 8u);
    assert_true(denovo_l2_size(&bp) >= 4096u * 64u);
    denovo_l1_desc_t ax = a;
    ax.mshrs = 0;
    assert_int_equal(denovo_l1_size(&ax), 0);
    assert_int_equal(denovo_l2_size(NULL), 0);
    uint64_t* buf = malloc(na + nb + 16u);
    assert_non_null(buf);
    char msg[256];
    assert_null(denovo_l1_init(NULL, na, &a, msg, sizeof msg));
    assert_non_null(strstr(msg, "denovo_l1: storage is NULL"));
    assert_null(denovo_l1_init(buf, na - 1u, &a, msg, sizeof msg));
    assert_non_null(strstr(msg, "denovo_l1: storage too small"));
    assert_null(denovo_l1_init((char*)buf + 4, na, &a, msg, sizeof msg));
    assert_non_null(strstr(msg, "denovo_l1: storage misaligned"));
    assert_null(denovo_l2_init(buf, nb - 1u, &b, msg, sizeof msg));
    assert_non_null(strstr(msg, "denovo_l2: storage too small"));
    assert_null(denovo_l1_init(buf, na, &ax, msg, sizeof msg));
    assert_string_equal(msg, "denovo_l1: mshrs = 0 is illegal (Mshrs: 1..32)");
    denovo_l1_t* m = denovo_l1_init(buf, na, &a, msg, sizeof msg);
    assert_ptr_equal(m, buf);
    denovo_l1_out_t z1;
    memset(&z1, 0, sizeof z1);
    assert_memory_equal(denovo_l1_out(m), &z1, sizeof z1);
    denovo_l2_t* n = denovo_l2_init(buf, nb, &b, msg, sizeof msg);
    assert_ptr_equal(n, buf);
    free(buf);
}

static void test_names_ports(void** state) {
    (void)state;
    assert_string_equal(denovo_l1_trans_id(DENOVO_L1_T_C22), "C22");
    assert_string_equal(denovo_l1_trans_id(DENOVO_L1_T_M11), "M11");
    assert_string_equal(denovo_l1_trans_id(DENOVO_L1_T_X01), "X01");
    assert_string_equal(denovo_l1_trans_id(DENOVO_L1_T_S08), "S08");
    assert_string_equal(denovo_l1_trans_id(DENOVO_L1_T_N), "?");
    assert_string_equal(denovo_l2_trans_id(DENOVO_L2_T_Q02), "Q02");
    assert_string_equal(denovo_l2_trans_id(DENOVO_L2_T_S04), "S04");
    assert_string_equal(denovo_l1_fcov_name(DENOVO_L1_F_VIC_OWNED_W0 + 7), "VIC_OWNED_W7");
    assert_string_equal(denovo_l1_fcov_name(DENOVO_L1_F_VIC_DIRTY_REG), "VIC_DIRTY_REG");
    assert_string_equal(denovo_l1_fcov_name(DENOVO_L1_F_ALLOC_TAG_MSB), "ALLOC_TAG_MSB");
    assert_string_equal(denovo_l2_fcov_name(DENOVO_L2_F_VIC_DIRTY_W0 + 15), "VIC_DIRTY_W15");
    assert_string_equal(denovo_l2_fcov_name(DENOVO_L2_F_FETCH_AND_WB), "FETCH_AND_WB");
    assert_int_equal(DENOVO_L1_F_N, 66);
    assert_int_equal(DENOVO_L2_F_N, 72);
    assert_int_equal(DENOVO_L1_F_ALLOC_TAG_MSB, 65); /* F66 */
    assert_int_equal(DENOVO_L1_F_SYNC_COALESCE, 56); /* F57 */
    assert_int_equal(DENOVO_L2_F_BUSY_STALL, 68);    /* F69 */
    for (uint32_t r = 0; r < DENOVO_L1_T_N; r++) {
        assert_true(strlen(denovo_l1_trans_name((denovo_l1_trans_t)r)) > 2u);
        assert_int_equal(strlen(denovo_l1_trans_id((denovo_l1_trans_t)r)), 3);
    }
    for (uint32_t r = 0; r < DENOVO_L2_T_N; r++) {
        assert_true(strlen(denovo_l2_trans_name((denovo_l2_trans_t)r)) > 2u);
        assert_int_equal(strlen(denovo_l2_trans_id((denovo_l2_trans_t)r)), 3);
    }
    for (uint32_t f = 0; f < DENOVO_L1_F_N; f++) {
        assert_string_not_equal(denovo_l1_fcov_name((denovo_l1_fcov_t)f), "?");
    }
    for (uint32_t f = 0; f < DENOVO_L2_F_N; f++) {
        assert_string_not_equal(denovo_l2_fcov_name((denovo_l2_fcov_t)f), "?");
    }
    const denovo_desc_t sd = denovo_desc_small(DENOVO_D), sh = denovo_desc_small(DENOVO_H);
    const denovo_l1_desc_t d = denovo_l1_desc_from(&sd), h = denovo_l1_desc_from(&sh);
    assert_false(denovo_l1_trans_reachable(&d, DENOVO_L1_T_C19));
    assert_true(denovo_l1_trans_reachable(&h, DENOVO_L1_T_C19));
    assert_false(denovo_l1_fcov_reachable(&d, DENOVO_L1_F_INV_KEEPS_VO));
    assert_false(denovo_l1_fcov_reachable(&d, DENOVO_L1_F_VIC_FREE_W0 + 2));
    /* encodings (denovo.md section 3, denovo_l1.md section 2) */
    assert_int_equal(DENOVO_MSG_GETS, 1);
    assert_int_equal(DENOVO_MSG_XFER, 10);
    assert_int_equal(DENOVO_W_VO, 3);
    assert_int_equal(DENOVO_L2_P, 3);
    assert_int_equal(DENOVO_OP_FENCE, 4);
    /* the port tables: widths at the small configuration */
#define P(n) P_##n
    const uint32_t P_AddrWidth = 16, P_LineBytes = 16, P_NumWf = 8, P_NumSm = 4;
    uint32_t n1 = 0, w1 = 0, n2 = 0, w2 = 0;
#define COUNT1(port, dir, width, field, shape, wave, filter)                                       \
    n1++;                                                                                          \
    w1 += (width);
#define COUNT2(port, dir, width, field, shape, wave, filter)                                       \
    n2++;                                                                                          \
    w2 += (width);
    DENOVO_L1_PORTS(COUNT1, P)
    DENOVO_L2_PORTS(COUNT2, P)
#undef P
    (void)P_NumSm;
    (void)P_NumWf;
    assert_int_equal(n1, 52);
    assert_int_equal(n2, 32);
    assert_true(w1 > 8u * 128u && w2 > 6u * 128u);
}

/*--- the registry alone -----------------------------------------------------------------------*/

typedef struct {
    denovo_l2_t* m;
    denovo_l2_in_t in;
    denovo_l2_out_t o;
} l2h_t;

static denovo_desc_t sys_desc(void) {
    denovo_desc_t d = denovo_desc_small(DENOVO_D);
    d.num_banks = 1;
    d.sb_idle = 65535;
    return d;
}

static void l2_open(l2h_t* t, const denovo_desc_t* sd) {
    const denovo_l2_desc_t d = denovo_l2_desc_from(sd);
    const size_t n = denovo_l2_size(&d);
    char msg[256];
    t->m = denovo_l2_init(malloc(n), n, &d, msg, sizeof msg);
    assert_non_null(t->m);
    memset(&t->in, 0, sizeof t->in);
    denovo_l2_tick(t->m, &t->in, &t->o); /* reset */
    assert_true(t->o.req_ready && t->o.wb_ready);
    t->in.rst_n = true;
}

static void l2_tick(l2h_t* t) {
    denovo_l2_tick(t->m, &t->in, &t->o);
    const bool rst = t->in.rst_n;
    memset(&t->in, 0, sizeof t->in);
    t->in.rst_n = rst;
}

static void l2_req(l2h_t* t, uint32_t kind, uint32_t src, uint64_t line, uint32_t mask) {
    t->in.req.valid = true;
    t->in.req.kind = kind;
    t->in.req.src = src;
    t->in.req.line = line;
    t->in.req.mask = mask;
}

static void l2_wbm(l2h_t* t, uint32_t kind, uint32_t src, uint64_t line, uint32_t mask) {
    t->in.wb.valid = true;
    t->in.wb.kind = kind;
    t->in.wb.src = src;
    t->in.wb.line = line;
    t->in.wb.mask = mask;
}

static void l2_fill(l2h_t* t, uint64_t line) {
    t->in.mem.valid = true;
    t->in.mem.line = line;
    for (uint32_t w = 0; w < 4u; w++) {
        t->in.mem.data[w] = 0x1000u * (uint32_t)line + w;
    }
}

static void expect_rsp(const l2h_t* t, uint32_t kind, uint64_t dst, uint32_t req, uint64_t line,
                       uint32_t mask, uint32_t pmask) {
    assert_true(t->o.rsp.valid);
    assert_int_equal(t->o.rsp.kind, kind);
    assert_int_equal(t->o.rsp.dst, dst);
    assert_int_equal(t->o.rsp.req, req);
    assert_int_equal(t->o.rsp.line, line);
    assert_int_equal(t->o.rsp.mask, mask);
    assert_int_equal(t->o.rsp.pmask, pmask);
}

/* denovo_l2_word_reg (V1's light read, denovo_check.c) agrees with line_get for every word */
static void word_reg_agrees(const denovo_l2_t* m, uint32_t i, const denovo_l2_line_t* l) {
    for (uint32_t w = 0; w < DENOVO_MAX_LINE_WORDS; w++) {
        uint32_t reg, busy;
        const uint32_t slot = denovo_l2_word_reg(m, i, w, &reg, &busy);
        const bool in = w < denovo_l2_desc(m)->line_bytes / 4u;
        assert_int_equal(slot, in ? l->data[w] : 0u);
        assert_int_equal(reg, in ? l->reg : 0u);
        assert_int_equal(busy, in ? l->busy : 0u);
    }
    uint32_t reg, busy; /* denovo_l2_line_reg: the same masks, the data in place */
    const uint32_t* d = denovo_l2_line_reg(m, i, &reg, &busy);
    assert_non_null(d);
    assert_int_equal(reg, l->reg);
    assert_int_equal(busy, l->busy);
    assert_memory_equal(d, l->data, denovo_l2_desc(m)->line_bytes);
    assert_null(denovo_l2_line_reg(m, UINT32_MAX, &reg, &busy));
    assert_int_equal(reg | busy, 0u);
}

static void l2_line(const l2h_t* t, uint64_t line, denovo_l2_line_t* l) {
    const int64_t i = denovo_l2_find(t->m, line);
    assert_true(i >= 0);
    denovo_l2_line_get(t->m, (uint32_t)i, l);
    word_reg_agrees(t->m, (uint32_t)i, l);
}

/* D6: a GETS of a line with a busy word waits at the head (G04, S03) until the owner's DONE */
static void test_l2_busy_stall(void** state) {
    (void)state;
    const denovo_desc_t sd = sys_desc();
    l2h_t t;
    l2_open(&t, &sd);
    l2_req(&t, DENOVO_MSG_REG, 0, 4, 0x2);
    l2_tick(&t); /* pushed */
    assert_false(t.o.rsp.valid);
    l2_tick(&t); /* R03: allocate, fetch */
    assert_true(t.o.mreq.fetch);
    assert_int_equal(t.o.mreq.fetch_line, 4);
    l2_fill(&t, 4);
    l2_tick(&t); /* M02 */
    assert_false(t.o.rsp.valid);
    l2_tick(&t); /* R01 */
    expect_rsp(&t, DENOVO_MSG_REGD, 0x1, 0, 4, 0x2, 0x0);
    assert_int_equal(t.o.rsp.data[1], 0x4001);
    assert_int_equal(t.o.rsp.data[0], 0);
    denovo_l2_line_t l;
    l2_line(&t, 4, &l);
    assert_int_equal(l.reg, 0x2);
    assert_int_equal(l.busy, 0x2);
    assert_int_equal(l.data[1], 0);
    assert_int_equal(l.st, DENOVO_L2_V);
    l2_req(&t, DENOVO_MSG_GETS, 1, 4, 0);
    l2_tick(&t); /* pushed */
    l2_tick(&t); /* G04 */
    assert_false(t.o.rsp.valid);
    l2_wbm(&t, DENOVO_MSG_DONE, 0, 4, 0x2);
    l2_tick(&t); /* G04 again; DONE pushed */
    assert_false(t.o.rsp.valid);
    assert_int_equal(denovo_l2_cov(t.m)[DENOVO_L2_T_G04], 2);
    assert_int_equal(denovo_l2_cov(t.m)[DENOVO_L2_T_S03], 2);
    assert_int_equal(denovo_l2_fcov(t.m)[DENOVO_L2_F_BUSY_STALL], 2);
    l2_tick(&t); /* B03: busy cleared (the request head is not tried), DACK (D17) */
    expect_rsp(&t, DENOVO_MSG_DACK, 0x1, 0, 4, 0, 0);
    l2_line(&t, 4, &l);
    assert_int_equal(l.busy, 0);
    l2_tick(&t); /* G01: DATA to the reader and the owner */
    expect_rsp(&t, DENOVO_MSG_DATA, 0x3, 1, 4, 0x2, 0);
    assert_int_equal(t.o.rsp.data[0], 0x4000);
    assert_int_equal(t.o.rsp.data[1], 0);
    assert_int_equal(t.o.rsp.data[3], 0x4003);
    assert_int_equal(denovo_l2_fcov(t.m)[DENOVO_L2_F_GETS_FWD], 1);
    /* a second REG of the same word by SM 2: previous owner 0, busy again */
    l2_req(&t, DENOVO_MSG_REG, 2, 4, 0x3);
    l2_tick(&t);
    l2_tick(&t);
    expect_rsp(&t, DENOVO_MSG_REGD, 0x5, 2, 4, 0x3, 0x2);
    assert_int_equal(t.o.rsp.data[0], 0x4000);
    assert_int_equal(t.o.rsp.data[1], 0);
    l2_line(&t, 4, &l);
    assert_int_equal(l.reg, 0x3);
    assert_int_equal(l.busy, 0x3);
    assert_int_equal(l.data[0], 2);
    assert_int_equal(l.data[1], 2);
    /* the old owner's DONE changes nothing (the word moved on) but is acknowledged (B03, D17) */
    l2_wbm(&t, DENOVO_MSG_DONE, 0, 4, 0x2);
    l2_tick(&t);
    l2_tick(&t);
    expect_rsp(&t, DENOVO_MSG_DACK, 0x1, 0, 4, 0, 0);
    l2_line(&t, 4, &l);
    assert_int_equal(l.busy, 0x3);
    assert_int_equal(denovo_l2_fcov(t.m)[DENOVO_L2_F_DONE_MOVED], 1);
    assert_int_equal(denovo_l2_errors(t.m), 0);
    /* R01: a REG of a word SM 2 already owns: I4, and the REGD goes with W empty (R1) */
    l2_req(&t, DENOVO_MSG_REG, 2, 4, 0x1);
    l2_tick(&t);
    l2_tick(&t);
    expect_rsp(&t, DENOVO_MSG_REGD, 0x4, 2, 4, 0x0, 0x0);
    for (uint32_t w = 0; w < 4u; w++) {
        assert_int_equal(t.o.rsp.data[w], 0);
    }
    assert_int_equal(denovo_l2_errors(t.m), 1);
    free(t.m);
}

/* push a request or a write-back into the bank (one edge) and try the head (a second edge) */
static void l2_req2(l2h_t* t, uint32_t kind, uint32_t src, uint64_t line, uint32_t mask) {
    l2_req(t, kind, src, line, mask);
    l2_tick(t);
    l2_tick(t);
}

/* a line registered at src (R03, the fill, R01, the DONE) */
static void l2_registered(l2h_t* t, uint32_t src, uint64_t line, uint32_t mask) {
    l2_req2(t, DENOVO_MSG_REG, src, line, mask); /* R03: fetch */
    assert_true(t->o.mreq.fetch);
    l2_fill(t, line);
    l2_tick(t); /* M02 */
    l2_tick(t); /* R01 */
    expect_rsp(t, DENOVO_MSG_REGD, 1u << src, src, line, mask, 0x0);
    l2_wbm(t, DENOVO_MSG_DONE, src, line, mask);
    l2_tick(t);
    l2_tick(t); /* B03 */
    expect_rsp(t, DENOVO_MSG_DACK, 1u << src, 0, line, 0, 0);
}

/* a write-back of words wm of line from src, data 0xd0 | w; recall: pmask bit 0 */
static void l2_wb_of(l2h_t* t, uint32_t src, uint64_t line, uint32_t wm, bool recall) {
    l2_wbm(t, DENOVO_MSG_WB, src, line, wm);
    t->in.wb.pmask = recall ? 1u : 0u;
    for (uint32_t w = 0; w < 4u; w++) {
        t->in.wb.data[w] = ((wm >> w) & 1u) ? (0xd0u | w) + 0x100u * src : 0u;
    }
}

/* the RECALL of line with mask wm and the owner ids ids[] in the mask's words (E2 rule 4) */
static void expect_recall(const l2h_t* t, uint64_t dst, uint64_t line, uint32_t wm,
                          const uint32_t* ids) {
    expect_rsp(t, DENOVO_MSG_RECALL, dst, 0, line, wm, 0x0);
    for (uint32_t w = 0; w < 4u; w++) {
        assert_int_equal(t->o.rsp.data[w], ((wm >> w) & 1u) ? ids[w] : 0u);
    }
}

/* a miss of src in set 0 that recalls line 4 (RECALL to dst, mask wm, the owner ids ids) */
typedef struct {
    uint64_t miss, other, dst;
    uint32_t src, wm, ids[4];
} recall_t;

/* the recall of r; the miss goes on once the other line of the set (word 1 registered at SM 3)
 * is written back by its owner (rule 3: rule 4 is blocked while the set has rc) */
static void l2_recall_line4(l2h_t* t, const recall_t* r) {
    l2_req2(t, DENOVO_MSG_GETS, r->src, r->miss, 0);
    expect_recall(t, r->dst, 4, r->wm, r->ids);
    denovo_l2_line_t l;
    l2_line(t, 4, &l);
    assert_int_equal(l.rc, 1);
    l2_wb_of(t, 3, r->other, 0x2, false);
    l2_tick(t); /* the miss: S02; the WB pushed */
    assert_false(t->o.rsp.valid);
    l2_tick(t); /* B01 */
    expect_rsp(t, DENOVO_MSG_WBACK, 0x8, 0, r->other, 0, 0);
    l2_tick(t); /* the miss: rule 3 evicts the other line, fetches its own (G03) */
    assert_true(t->o.mreq.wb && t->o.mreq.fetch);
    assert_int_equal(t->o.mreq.wb_line, r->other);
    assert_int_equal(t->o.mreq.fetch_line, r->miss);
}

/* K10: a REG (R02) and a GETS (G04) on a line under recall stall until the recall write-back,
 * then go on; the RECALL carries the owner ids of its mask's words, 0 elsewhere */
static void test_l2_recall_k10(void** state) {
    (void)state;
    const denovo_desc_t sd = sys_desc();
    l2h_t t;
    l2_open(&t, &sd);
    l2_registered(&t, 2, 4, 0x5); /* set 0, way 0 */
    l2_registered(&t, 3, 8, 0x2); /* set 0, way 1 */
    const recall_t r1 = {.miss = 12, .other = 8, .dst = 0x4, .src = 1, .wm = 0x5, .ids = {2, 0, 2}};
    l2_recall_line4(&t, &r1);
    /* round 1: a REG of line 4 at the head while rc: R02 (S04), the GETS behind it waits */
    const uint64_t* cv = denovo_l2_cov(t.m);
    const uint64_t r02 = cv[DENOVO_L2_T_R02], s04 = cv[DENOVO_L2_T_S04];
    l2_req(&t, DENOVO_MSG_REG, 1, 4, 0x2);
    l2_tick(&t);
    l2_req(&t, DENOVO_MSG_GETS, 0, 4, 0);
    l2_tick(&t); /* R02; the GETS pushed */
    assert_false(t.o.rsp.valid);
    l2_tick(&t);
    assert_false(t.o.rsp.valid);
    assert_int_equal(cv[DENOVO_L2_T_R02], r02 + 2u);
    assert_int_equal(cv[DENOVO_L2_T_S04], s04 + 2u);
    l2_wb_of(&t, 2, 4, 0x5, true);
    l2_tick(&t); /* R02 again; the recall WB pushed */
    l2_tick(&t); /* B01: rc cleared, no WBACK */
    assert_false(t.o.rsp.valid);
    denovo_l2_line_t l;
    l2_line(&t, 4, &l);
    assert_int_equal(l.rc, 0);
    assert_int_equal(l.reg, 0);
    assert_int_equal(l.st, DENOVO_L2_D);
    assert_int_equal(denovo_l2_fcov(t.m)[DENOVO_L2_F_RECALL_DONE], 1);
    l2_tick(&t); /* R01 */
    expect_rsp(&t, DENOVO_MSG_REGD, 0x2, 1, 4, 0x2, 0x0);
    assert_int_equal(t.o.rsp.data[1], 0x4001);
    l2_wbm(&t, DENOVO_MSG_DONE, 1, 4, 0x2);
    l2_tick(&t); /* the GETS: G04 (busy); the DONE pushed */
    l2_tick(&t); /* B03 */
    l2_tick(&t); /* G01 */
    expect_rsp(&t, DENOVO_MSG_DATA, 0x3, 0, 4, 0x2, 0x0);
    assert_int_equal(t.o.rsp.data[0], 0x2d0);
    assert_int_equal(t.o.rsp.data[1], 1);
    assert_int_equal(t.o.rsp.data[2], 0x2d2);
    /* round 2: line 12's fill, line 12 registered at SM 3 (set 0 full again), a miss recalls
     * line 4 (owner SM 1, word 1) and a GETS of line 4 at the head while rc: G04 (S03) */
    l2_fill(&t, 12);
    l2_tick(&t); /* M01 */
    expect_rsp(&t, DENOVO_MSG_DATA, 0x2, 0, 12, 0x0, 0x0);
    l2_req2(&t, DENOVO_MSG_REG, 3, 12, 0x2);
    expect_rsp(&t, DENOVO_MSG_REGD, 0x8, 3, 12, 0x2, 0x0);
    l2_wbm(&t, DENOVO_MSG_DONE, 3, 12, 0x2);
    l2_tick(&t);
    l2_tick(&t);
    const recall_t r2 = {.miss = 16, .other = 12, .dst = 0x2, .src = 0, .wm = 0x2, .ids = {0, 1}};
    l2_recall_line4(&t, &r2);
    const uint64_t g04 = cv[DENOVO_L2_T_G04], s03 = cv[DENOVO_L2_T_S03];
    l2_req2(&t, DENOVO_MSG_GETS, 2, 4, 0);
    assert_false(t.o.rsp.valid);
    l2_tick(&t);
    assert_false(t.o.rsp.valid);
    l2_line(&t, 4, &l);
    assert_int_equal(l.busy, 0); /* the stall is the recall's (K10), not a busy word's */
    assert_int_equal(l.rc, 1);
    assert_int_equal(cv[DENOVO_L2_T_G04], g04 + 2u);
    assert_int_equal(cv[DENOVO_L2_T_S03], s03 + 2u);
    l2_wb_of(&t, 1, 4, 0x2, true);
    l2_tick(&t); /* G04; the recall WB pushed */
    l2_tick(&t); /* B01 */
    l2_tick(&t); /* G01: no owner left */
    expect_rsp(&t, DENOVO_MSG_DATA, 0x4, 2, 4, 0x0, 0x0);
    assert_int_equal(t.o.rsp.data[0], 0x2d0);
    assert_int_equal(t.o.rsp.data[1], 0x1d1);
    assert_int_equal(denovo_l2_cov(t.m)[DENOVO_L2_T_X03], 2);
    assert_int_equal(denovo_l2_errors(t.m), 0);
    free(t.m);
}

/* I1-I5 of the registry */
static void test_l2_illegal(void** state) {
    (void)state;
    const denovo_desc_t sd = sys_desc();
    l2h_t t;
    l2_open(&t, &sd);
    l2_req(&t, 0, 0, 4, 0); /* I1: kind 0 */
    l2_tick(&t);
    l2_req(&t, DENOVO_MSG_DONE, 0, 4, 1); /* I1: a kind req never carries */
    l2_tick(&t);
    l2_tick(&t);
    assert_int_equal(denovo_l2_cov(t.m)[DENOVO_L2_T_Q01], 2);
    assert_int_equal(denovo_l2_errors(t.m), 2);
    l2_wbm(&t, DENOVO_MSG_GETS, 0, 4, 0); /* I1 on wb */
    l2_tick(&t);
    l2_tick(&t);
    assert_int_equal(denovo_l2_cov(t.m)[DENOVO_L2_T_Q02], 1);
    assert_int_equal(denovo_l2_errors(t.m), 3);
    l2_fill(&t, 9); /* I2 */
    l2_tick(&t);
    assert_false(t.o.rsp.valid);
    assert_int_equal(denovo_l2_errors(t.m), 4);
    /* I5: src 5 >= NumSm 4 */
    l2_req(&t, DENOVO_MSG_REG, 5, 4, 0x1);
    l2_tick(&t);
    assert_int_equal(denovo_l2_errors(t.m), 5);
    l2_tick(&t); /* R03 */
    l2_fill(&t, 4);
    l2_tick(&t);
    l2_tick(&t); /* R01: registers owner 5 (the port's 6 bits); dst cut to NumSm bits */
    assert_true(t.o.rsp.valid);
    assert_int_equal(t.o.rsp.dst, 0);
    /* I4: a REG of a word the requester owns: left out, counted once */
    l2_req(&t, DENOVO_MSG_REG, 5, 4, 0x3);
    l2_tick(&t);
    l2_tick(&t);
    expect_rsp(&t, DENOVO_MSG_REGD, 0x0, 5, 4, 0x2, 0x0);
    assert_int_equal(denovo_l2_errors(t.m), 7);
    assert_int_equal(denovo_l2_fcov(t.m)[DENOVO_L2_F_REG_OWN_ERR], 1);
    /* B04: a DONE of a line not here is acknowledged all the same (D17); src 5: dst cut to 0 */
    l2_wbm(&t, DENOVO_MSG_DONE, 1, 12, 0x1);
    l2_tick(&t);
    l2_tick(&t);
    expect_rsp(&t, DENOVO_MSG_DACK, 0x2, 0, 12, 0, 0);
    assert_int_equal(denovo_l2_cov(t.m)[DENOVO_L2_T_B04], 1);
    l2_wbm(&t, DENOVO_MSG_DONE, 5, 12, 0x1);
    l2_tick(&t);
    l2_tick(&t);
    expect_rsp(&t, DENOVO_MSG_DACK, 0x0, 0, 12, 0, 0);
    assert_int_equal(denovo_l2_errors(t.m), 8); /* I5 */
    /* I3: a request while req_ready is 0 is ignored: fill the FIFO behind a stalled GETS */
    l2_req(&t, DENOVO_MSG_GETS, 1, 4, 0); /* busy words: G04 forever */
    l2_tick(&t);
    l2_req(&t, DENOVO_MSG_GETS, 2, 4, 0);
    l2_tick(&t);
    l2_req(&t, DENOVO_MSG_GETS, 3, 4, 0);
    l2_tick(&t);
    assert_false(t.o.req_ready);
    l2_req(&t, DENOVO_MSG_GETS, 0, 8, 0); /* ignored */
    l2_tick(&t);
    denovo_l2_state_t* s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->sel_all = 1;
    denovo_l2_state_get(t.m, s);
    assert_int_equal(s->qcnt, 2);
    assert_int_equal(s->mshr[0].v, 0);
    free(s);
    free(t.m);
}

/*--- the message pump: NumSm L1s and one registry bank ----------------------------------------*/

#define NSM   4u
#define QCAP  64u
#define LOGN  1024u
#define LINES 64u

typedef struct {
    denovo_msg_t m;
    uint64_t t; /* deliverable from this edge on */
} qe_t;

typedef struct {
    qe_t e[QCAP];
    uint32_t h, n;
} mq_t;

enum { NET_REQ = 0, NET_WB, NET_RSP, NET_PEER, NET_CRSP, NET_DRAM };

typedef struct {
    uint32_t net, kind, src, req;
    uint64_t dst, line, cyc;
    uint32_t mask, pmask;
    uint32_t data[4];
} logent_t;

typedef struct {
    denovo_desc_t d;
    denovo_l1_t* l1[NSM];
    denovo_l1_out_t o1[NSM];
    denovo_l2_t* l2;
    denovo_l2_out_t o2;
    mq_t rspq[NSM], peerq[NSM], reqq, wbq;
    denovo_core_req_t core[NSM][8];
    uint32_t ch[NSM], cn[NSM];
    bool hold_wb[NSM];
    uint32_t peer_lat;
    uint64_t now;
    uint32_t mem[LINES][4];
    uint64_t fline[8], fat[8];
    uint32_t nf;
    logent_t log[LOGN];
    uint32_t nlog;
} sys_t;

static void mq_push(mq_t* q, const denovo_msg_t* m, uint64_t t) {
    assert_true(q->n < QCAP);
    qe_t* e = &q->e[(q->h + q->n) % QCAP];
    e->m = *m;
    e->t = t;
    q->n++;
}

static const denovo_msg_t* mq_peek(const mq_t* q, uint64_t now) {
    return (q->n > 0u && q->e[q->h].t <= now) ? &q->e[q->h].m : NULL;
}

static void mq_pop(mq_t* q) {
    q->h = (q->h + 1u) % QCAP;
    q->n--;
}

static void log_msg(sys_t* s, uint32_t net, const denovo_msg_t* m) {
    assert_true(s->nlog < LOGN);
    logent_t* l = &s->log[s->nlog++];
    l->net = net;
    l->kind = m->kind;
    l->src = m->src;
    l->req = m->req;
    l->dst = m->dst;
    l->line = m->line;
    l->cyc = s->now;
    l->mask = m->mask;
    l->pmask = m->pmask;
    memcpy(l->data, m->data, sizeof l->data);
}

static sys_t* sys_open(const denovo_desc_t* d) {
    sys_t* s = calloc(1, sizeof *s);
    assert_non_null(s);
    s->d = *d;
    char msg[256];
    const denovo_l1_desc_t d1 = denovo_l1_desc_from(d);
    const denovo_l2_desc_t d2 = denovo_l2_desc_from(d);
    const size_t n1 = denovo_l1_size(&d1), n2 = denovo_l2_size(&d2);
    for (uint32_t i = 0; i < NSM; i++) {
        s->l1[i] = denovo_l1_init(malloc(n1), n1, &d1, msg, sizeof msg);
        assert_non_null(s->l1[i]);
        denovo_l1_in_t in;
        memset(&in, 0, sizeof in);
        denovo_l1_tick(s->l1[i], &in, &s->o1[i]);
        assert_true(s->o1[i].rsp_ready && s->o1[i].drained && s->o1[i].core_ready);
    }
    s->l2 = denovo_l2_init(malloc(n2), n2, &d2, msg, sizeof msg);
    assert_non_null(s->l2);
    denovo_l2_in_t in2;
    memset(&in2, 0, sizeof in2);
    denovo_l2_tick(s->l2, &in2, &s->o2);
    for (uint32_t l = 0; l < LINES; l++) {
        for (uint32_t w = 0; w < 4u; w++) {
            s->mem[l][w] = 0x1000u * l + w;
        }
    }
    return s;
}

static void sys_close(sys_t* s) {
    for (uint32_t i = 0; i < NSM; i++) {
        free(s->l1[i]);
    }
    free(s->l2);
    free(s);
}

/* the L1 inputs of this edge; took[i]: bit 0 core, 1 peer, 2 rsp */
static void sys_l1_inputs(sys_t* s, denovo_l1_in_t* in, uint32_t* took) {
    for (uint32_t i = 0; i < NSM; i++) {
        memset(&in[i], 0, sizeof in[i]);
        in[i].rst_n = true;
        in[i].sm_id = i;
        took[i] = 0u;
        if (s->cn[i] > 0u && s->o1[i].core_ready) {
            in[i].core = s->core[i][s->ch[i]];
            took[i] |= 1u;
        }
        const denovo_msg_t* p = s->o1[i].peer_ready ? mq_peek(&s->peerq[i], s->now) : NULL;
        const denovo_msg_t* r = s->o1[i].rsp_ready ? mq_peek(&s->rspq[i], s->now) : NULL;
        if (p != NULL) {
            in[i].msg = *p;
            took[i] |= 2u;
        } else if (r != NULL) {
            in[i].msg = *r;
            took[i] |= 4u;
        }
    }
}

/* the bank's inputs; took: bit 0 req, 1 wb, 2 fill k (index in bits 8..) */
static uint32_t sys_l2_inputs(sys_t* s, denovo_l2_in_t* in) {
    uint32_t took = 0u;
    memset(in, 0, sizeof *in);
    in->rst_n = true;
    const denovo_msg_t* r = s->o2.req_ready ? mq_peek(&s->reqq, s->now) : NULL;
    const denovo_msg_t* w = s->o2.wb_ready ? mq_peek(&s->wbq, s->now) : NULL;
    if (r != NULL) {
        in->req = *r;
        took |= 1u;
    }
    if (w != NULL && !s->hold_wb[w->src]) {
        in->wb = *w;
        took |= 2u;
    }
    for (uint32_t k = 0; k < s->nf; k++) {
        if (s->fat[k] <= s->now) {
            in->mem.valid = true;
            in->mem.line = s->fline[k];
            memcpy(in->mem.data, s->mem[s->fline[k] % LINES], 4u * sizeof(uint32_t));
            took |= 4u | (k << 8);
            break;
        }
    }
    return took;
}

static void sys_l2_outputs(sys_t* s) {
    const denovo_l2_out_t* o = &s->o2;
    if (o->rsp.valid) {
        log_msg(s, NET_RSP, &o->rsp);
        for (uint32_t i = 0; i < NSM; i++) {
            if ((o->rsp.dst >> i) & 1u) {
                mq_push(&s->rspq[i], &o->rsp, s->now + 1u);
            }
        }
    }
    if (o->mreq.fetch) {
        assert_true(s->nf < 8u);
        s->fline[s->nf] = o->mreq.fetch_line;
        s->fat[s->nf++] = s->now + 2u;
    }
    if (o->mreq.wb) {
        memcpy(s->mem[o->mreq.wb_line % LINES], o->mreq.wb_data, 4u * sizeof(uint32_t));
        denovo_msg_t m;
        memset(&m, 0, sizeof m);
        m.line = o->mreq.wb_line;
        memcpy(m.data, o->mreq.wb_data, 4u * sizeof(uint32_t));
        log_msg(s, NET_DRAM, &m);
    }
}

static void sys_l1_outputs(sys_t* s, uint32_t i) {
    const denovo_l1_out_t* o = &s->o1[i];
    denovo_msg_t m;
    if (o->req.valid) {
        m = o->req;
        m.src = i;
        log_msg(s, NET_REQ, &m);
        mq_push(&s->reqq, &m, s->now + 1u);
    }
    if (o->wb.valid) {
        m = o->wb;
        m.src = i;
        log_msg(s, NET_WB, &m);
        mq_push(&s->wbq, &m, s->now + 1u);
    }
    if (o->peer.valid) {
        m = o->peer;
        m.src = i;
        log_msg(s, NET_PEER, &m);
        assert_true(m.dst < NSM);
        mq_push(&s->peerq[m.dst], &m, s->now + 1u + s->peer_lat);
    }
    if (o->crsp.valid) {
        m.valid = true;
        m.kind = o->crsp.kind;
        m.src = i;
        m.dst = o->crsp.wf_mask;
        m.req = 0;
        m.line = o->crsp.line;
        m.mask = m.pmask = 0;
        memcpy(m.data, o->crsp.data, 4u * sizeof(uint32_t));
        log_msg(s, NET_CRSP, &m);
    }
}

static void sys_cycle(sys_t* s) {
    denovo_l1_in_t in[NSM];
    uint32_t took[NSM];
    denovo_l2_in_t in2;
    sys_l1_inputs(s, in, took);
    const uint32_t t2 = sys_l2_inputs(s, &in2);
    for (uint32_t i = 0; i < NSM; i++) {
        denovo_l1_tick(s->l1[i], &in[i], &s->o1[i]);
    }
    denovo_l2_tick(s->l2, &in2, &s->o2);
    for (uint32_t i = 0; i < NSM; i++) {
        if (took[i] & 1u) {
            s->ch[i] = (s->ch[i] + 1u) % 8u;
            s->cn[i]--;
        }
        if (took[i] & 2u) {
            mq_pop(&s->peerq[i]);
        } else if (took[i] & 4u) {
            mq_pop(&s->rspq[i]);
        }
    }
    if (t2 & 1u) {
        mq_pop(&s->reqq);
    }
    if (t2 & 2u) {
        mq_pop(&s->wbq);
    }
    if (t2 & 4u) {
        const uint32_t k = t2 >> 8;
        s->fline[k] = s->fline[s->nf - 1u];
        s->fat[k] = s->fat[s->nf - 1u];
        s->nf--;
    }
    for (uint32_t i = 0; i < NSM; i++) {
        sys_l1_outputs(s, i);
    }
    sys_l2_outputs(s);
    s->now++;
}

static bool sys_busy(const sys_t* s) {
    bool b =
        s->reqq.n > 0u || (s->wbq.n > 0u && !s->hold_wb[s->wbq.e[s->wbq.h].m.src]) || s->nf > 0u;
    for (uint32_t i = 0; i < NSM; i++) {
        b = b || s->rspq[i].n > 0u || s->peerq[i].n > 0u || s->cn[i] > 0u || !s->o1[i].rsp_ready;
    }
    return b;
}

/* run until nothing moves for 4 edges (at most 400) */
static void sys_run(sys_t* s) {
    uint32_t calm = 0;
    for (uint32_t k = 0; k < 400u && calm < 4u; k++) {
        const uint32_t n = s->nlog;
        sys_cycle(s);
        calm = (s->nlog == n && !sys_busy(s)) ? calm + 1u : 0u;
    }
    assert_true(calm >= 4u);
}

static void sys_core(sys_t* s, uint32_t sm, const denovo_core_req_t* q) {
    assert_true(s->cn[sm] < 8u);
    s->core[sm][(s->ch[sm] + s->cn[sm]) % 8u] = *q;
    s->cn[sm]++;
}

static void c_load(sys_t* s, uint32_t sm, uint32_t wf, uint64_t line, uint32_t w, bool acq,
                   bool ro) {
    denovo_core_req_t q;
    memset(&q, 0, sizeof q);
    q.valid = true;
    q.op = DENOVO_OP_LOAD;
    q.wf = wf;
    q.line = line;
    q.word = w;
    q.all = !acq;
    q.acq = acq;
    q.gpu = true;
    q.ro = ro;
    sys_core(s, sm, &q);
}

static void c_store(sys_t* s, uint32_t sm, uint32_t wf, uint64_t line, uint32_t wmask, uint32_t v,
                    bool rel) {
    denovo_core_req_t q;
    memset(&q, 0, sizeof q);
    q.valid = true;
    q.op = DENOVO_OP_STORE;
    q.wf = wf;
    q.line = line;
    q.rel = rel;
    q.gpu = true;
    for (uint32_t w = 0; w < 4u; w++) {
        if ((wmask >> w) & 1u) {
            q.data[w] = v + w;
            q.mask[0] |= 0xfu << (4u * w);
            q.word = w;
        }
    }
    sys_core(s, sm, &q);
}

static void c_atomic(sys_t* s, uint32_t sm, uint32_t wf, uint64_t line, uint32_t w, uint32_t aop,
                     uint32_t a, bool gpu) {
    denovo_core_req_t q;
    memset(&q, 0, sizeof q);
    q.valid = true;
    q.op = DENOVO_OP_ATOMIC;
    q.wf = wf;
    q.line = line;
    q.word = w;
    q.aop = aop;
    q.a = a;
    q.gpu = gpu;
    sys_core(s, sm, &q);
}

static void c_fence(sys_t* s, uint32_t sm, uint32_t wf) {
    denovo_core_req_t q;
    memset(&q, 0, sizeof q);
    q.valid = true;
    q.op = DENOVO_OP_FENCE;
    q.wf = wf;
    q.gpu = true;
    sys_core(s, sm, &q);
}

static uint32_t wst(const sys_t* s, uint32_t sm, uint64_t line, uint32_t w) {
    return denovo_l1_word_st(s->l1[sm], line, w);
}

static uint32_t l1_word(const sys_t* s, uint32_t sm, uint64_t line, uint32_t w) {
    const int64_t i = denovo_l1_find(s->l1[sm], line);
    assert_true(i >= 0);
    denovo_l1_line_t l;
    denovo_l1_line_get(s->l1[sm], (uint32_t)i, &l);
    uint64_t tag; /* the light read V1 uses (denovo_check.c) agrees; 0 beyond the lines */
    assert_int_equal(denovo_l1_line_st(s->l1[sm], (uint32_t)i, &tag), l.st);
    assert_int_equal(tag, l.tag);
    assert_int_equal(denovo_l1_line_st(s->l1[sm], ~0u, &tag), 0u);
    assert_int_equal(tag, 0u);
    uint32_t r = ~0u; /* denovo_l1_r_lines from line i lists i first iff it holds an R word */
    const uint32_t got = denovo_l1_r_lines(s->l1[sm], (uint32_t)i, &r, 1);
    bool any_r = false;
    for (uint32_t x = 0; x < denovo_l1_desc(s->l1[sm])->line_bytes / 4u; x++)
        any_r |= ((l.st >> (2u * x)) & 3u) == DENOVO_W_R;
    assert_true(any_r ? got == 1u && r == (uint32_t)i : got == 0u || r > (uint32_t)i);
    return l.data[w];
}

static denovo_l2_line_t reg_line(const sys_t* s, uint64_t line) {
    denovo_l2_line_t l;
    const int64_t i = denovo_l2_find(s->l2, line);
    assert_true(i >= 0);
    denovo_l2_line_get(s->l2, (uint32_t)i, &l);
    word_reg_agrees(s->l2, (uint32_t)i, &l);
    return l;
}

/* messages of kind on net from src (~0u: any) since log index from */
static uint32_t nmsg(const sys_t* s, uint32_t from, uint32_t net, uint32_t kind, uint32_t src) {
    uint32_t n = 0;
    for (uint32_t k = from; k < s->nlog; k++) {
        const logent_t* l = &s->log[k];
        n += (l->net == net && l->kind == kind && (src == ~0u || l->src == src)) ? 1u : 0u;
    }
    return n;
}

/* the log index of the first such message since from, or LOGN */
static uint32_t fmsg(const sys_t* s, uint32_t from, uint32_t net, uint32_t kind, uint32_t src) {
    for (uint32_t k = from; k < s->nlog; k++) {
        const logent_t* l = &s->log[k];
        if (l->net == net && l->kind == kind && (src == ~0u || l->src == src)) {
            return k;
        }
    }
    return LOGN;
}

static uint64_t sys_errors(const sys_t* s) {
    uint64_t e = denovo_l2_errors(s->l2);
    for (uint32_t i = 0; i < NSM; i++) {
        e += denovo_l1_errors(s->l1[i]);
    }
    return e;
}

/* a data registration of the words wm of line at sm: store (value v + w), fence */
static void sys_register(sys_t* s, uint32_t sm, uint64_t line, uint32_t wm, uint32_t v) {
    c_store(s, sm, 0, line, wm, v, false);
    c_fence(s, sm, 0);
    sys_run(s);
    assert_true(s->o1[sm].fence_done & 1u);
    for (uint32_t w = 0; w < 4u; w++) {
        if ((wm >> w) & 1u) {
            assert_int_equal(wst(s, sm, line, w), DENOVO_W_R);
        }
    }
}

/* run edge by edge until a message of kind on net from src is logged (at most 300 edges) */
static uint32_t sys_until(sys_t* s, uint32_t net, uint32_t kind, uint32_t src) {
    const uint32_t from = s->nlog;
    for (uint32_t k = 0; k < 300u; k++) {
        sys_cycle(s);
        const uint32_t f = fmsg(s, from, net, kind, src);
        if (f != LOGN) {
            return f;
        }
    }
    fail_msg("no message of kind %u on net %u from %u", kind, net, src);
    return LOGN;
}

static denovo_l1_mshr_t l1_mshr_of(const sys_t* s, uint32_t sm, uint64_t line) {
    const int64_t i = denovo_l1_find(s->l1[sm], line);
    denovo_l1_mshr_t e;
    memset(&e, 0, sizeof e);
    for (uint32_t k = 0; i >= 0 && k < s->d.mshrs; k++) {
        denovo_l1_mshr_get(s->l1[sm], k, &e);
        if (e.mv != DENOVO_MV_FREE && e.midx == (uint32_t)i) {
            return e;
        }
    }
    memset(&e, 0, sizeof e);
    return e;
}

/*--- seed 002's worked examples (notes section 5) ---------------------------------------------*/

/* G1: a synchronization variable registered once, then reused by the CU without messages */
static void test_g1_sync_reuse(void** state) {
    (void)state;
    const denovo_desc_t d = sys_desc();
    sys_t* s = sys_open(&d);
    c_atomic(s, 0, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    const uint32_t r = sys_until(s, NET_REQ, DENOVO_MSG_REG, 0);
    assert_int_equal(s->log[r].mask, 0x2);
    assert_int_equal(s->log[r].pmask, 1); /* sync */
    const uint32_t g = sys_until(s, NET_RSP, DENOVO_MSG_REGD, ~0u);
    assert_int_equal(s->log[g].dst, 0x1);
    assert_int_equal(s->log[g].mask, 0x2);
    assert_int_equal(s->log[g].pmask, 0);
    assert_int_equal(s->log[g].data[1], 0x8001);
    denovo_l2_line_t l = reg_line(s, 8);
    assert_int_equal(l.reg, 0x2);
    assert_int_equal(l.busy, 0x2);
    assert_int_equal(l.data[1], 0);
    sys_run(s);
    assert_int_equal(wst(s, 0, 8, 1), DENOVO_W_R);
    l = reg_line(s, 8);
    assert_int_equal(l.busy, 0);
    const uint32_t a = fmsg(s, 0, NET_CRSP, DENOVO_CRSP_ATOMIC, 0);
    assert_true(a < LOGN);
    assert_int_equal(s->log[a].data[1], 0x8001);
    assert_int_equal(l1_word(s, 0, 8, 1), 0x8002);
    /* reuse by two more wavefronts: hits, no message leaves the L1 */
    const uint32_t n0 = s->nlog;
    c_atomic(s, 0, 1, 8, 1, DENOVO_AOP_ADD, 1, true);
    c_load(s, 0, 2, 8, 1, true, false); /* acquire load: C07 hit, INV */
    sys_run(s);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, ~0u), 0);
    assert_int_equal(nmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 0), 1);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 0)].data[1], 0x8002);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_LOAD, 0)].data[1], 0x8003);
    assert_int_equal(wst(s, 0, 8, 1), DENOVO_W_R); /* the acquire kept it */
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_C16], 2);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_C07], 1);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_C17], 1);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* S (line 8 word 1) registered at SM 0 by an atomic: G1's first part */
static sys_t* sys_with_s(uint32_t peer_lat) {
    const denovo_desc_t d = sys_desc();
    sys_t* s = sys_open(&d);
    c_atomic(s, 0, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    sys_run(s);
    assert_int_equal(wst(s, 0, 8, 1), DENOVO_W_R);
    s->peer_lat = peer_lat;
    return s;
}

/* G2: racing sync registrations, the distributed queue SM0 -> SM1 -> SM2 */
static void test_g2_distributed_queue(void** state) {
    (void)state;
    sys_t* s = sys_with_s(4);
    const uint32_t n0 = s->nlog;
    c_atomic(s, 1, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    c_atomic(s, 2, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    /* step 1: SM0 serves the first REGD at once (XFER, S -> I); the registry already names SM2 */
    const uint32_t x0 = sys_until(s, NET_PEER, DENOVO_MSG_XFER, 0);
    assert_int_equal(s->log[x0].dst, 1);
    assert_int_equal(s->log[x0].mask, 0x2);
    assert_int_equal(s->log[x0].data[1], 0x8002);
    assert_int_equal(wst(s, 0, 8, 1), DENOVO_W_I);
    const uint32_t g1 = fmsg(s, n0, NET_RSP, DENOVO_MSG_REGD, ~0u);
    assert_int_equal(s->log[g1].req, 1);
    assert_int_equal(s->log[g1].dst, 0x3);
    assert_int_equal(s->log[g1].pmask, 0x2);
    assert_int_equal(s->log[g1].data[1], 0);
    const uint32_t g2 = fmsg(s, g1 + 1u, NET_RSP, DENOVO_MSG_REGD, ~0u);
    assert_int_equal(s->log[g2].req, 2);
    assert_int_equal(s->log[g2].dst, 0x6);
    assert_int_equal(s->log[g2].data[1], 1);
    denovo_l2_line_t l = reg_line(s, 8);
    assert_int_equal(l.data[1], 2);
    assert_int_equal(l.busy, 0x2);
    /* step 2: the forward for SM2 reached SM1 before its XFER: queued in SM1's MSHR */
    sys_cycle(s);
    denovo_l1_mshr_t e = l1_mshr_of(s, 1, 8);
    assert_int_equal(e.mv, DENOVO_MV_REG);
    assert_int_equal(e.fqv, 0x2);
    assert_int_equal(e.fqd[1], 2);
    assert_int_equal(denovo_l1_fcov(s->l1[1])[DENOVO_L1_F_XFER_QUEUED], 1);
    /* step 3: SM1's registration completes: DONE, DRAIN with its atomic still queued */
    sys_until(s, NET_WB, DENOVO_MSG_DONE, 1);
    assert_int_equal(wst(s, 1, 8, 1), DENOVO_W_R);
    e = l1_mshr_of(s, 1, 8);
    assert_int_equal(e.mv, DENOVO_MV_DRAIN);
    assert_int_equal(e.hold, 1);
    /* step 4: SM1 performs its atomic, then serves the queued transfer */
    const uint32_t x1 = sys_until(s, NET_PEER, DENOVO_MSG_XFER, 1);
    const uint32_t a1 = fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 1);
    assert_true(a1 < x1);
    assert_int_equal(s->log[a1].data[1], 0x8002);
    assert_int_equal(s->log[x1].dst, 2);
    assert_int_equal(s->log[x1].data[1], 0x8003);
    assert_int_equal(wst(s, 1, 8, 1), DENOVO_W_I);
    assert_int_equal(denovo_l1_cov(s->l1[1])[DENOVO_L1_T_X01], 1);
    /* step 5: SM2 takes it and performs */
    sys_run(s);
    assert_int_equal(wst(s, 2, 8, 1), DENOVO_W_R);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 2)].data[1], 0x8003);
    assert_int_equal(l1_word(s, 2, 8, 1), 0x8004);
    l = reg_line(s, 8);
    assert_int_equal(l.reg, 0x2);
    assert_int_equal(l.data[1], 2);
    assert_int_equal(l.busy, 0);
    assert_int_equal(denovo_l2_fcov(s->l2)[DENOVO_L2_F_DONE_MOVED], 1);
    assert_int_equal(denovo_l2_fcov(s->l2)[DENOVO_L2_F_REG_FWD_BUSY], 1);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* G3: two wavefronts of SM1 coalesce behind one registration and both perform before the
 * queued transfer to SM2 (L16 hold = 2) */
static void test_g3_same_cu_first(void** state) {
    (void)state;
    sys_t* s = sys_with_s(4);
    const uint32_t n0 = s->nlog;
    c_atomic(s, 1, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    c_atomic(s, 1, 1, 8, 1, DENOVO_AOP_ADD, 1, true);
    c_atomic(s, 2, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    assert_int_equal(sys_until(s, NET_REQ, DENOVO_MSG_REG, 1) < LOGN, 1);
    sys_until(s, NET_WB, DENOVO_MSG_DONE, 1);
    denovo_l1_mshr_t e = l1_mshr_of(s, 1, 8);
    assert_int_equal(e.mv, DENOVO_MV_DRAIN);
    assert_int_equal(e.hold, 2);
    assert_true(s->o1[1].rsp_ready); /* hold > 0: no transfer may be served yet */
    const uint32_t x1 = sys_until(s, NET_PEER, DENOVO_MSG_XFER, 1);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, 1), 1); /* one REG for both */
    uint32_t a = fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 1);
    assert_true(a < x1);
    assert_int_equal(s->log[a].dst, 0x1);
    assert_int_equal(s->log[a].data[1], 0x8002);
    a = fmsg(s, a + 1u, NET_CRSP, DENOVO_CRSP_ATOMIC, 1);
    assert_true(a < x1);
    assert_int_equal(s->log[a].dst, 0x2);
    assert_int_equal(s->log[a].data[1], 0x8003);
    assert_int_equal(s->log[x1].data[1], 0x8004);
    assert_int_equal(denovo_l1_fcov(s->l1[1])[DENOVO_L1_F_DRAIN_HOLD], 1);
    assert_int_equal(denovo_l1_fcov(s->l1[1])[DENOVO_L1_F_SYNC_COALESCE], 2);
    sys_run(s);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 2)].data[1], 0x8004);
    assert_int_equal(wst(s, 2, 8, 1), DENOVO_W_R);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* G5: an evicted registered word is written back; the next store registers it again */
static void test_g5_evict_reregister(void** state) {
    (void)state;
    denovo_desc_t d = sys_desc();
    d.l1_ways = 1;
    sys_t* s = sys_open(&d);
    sys_register(s, 0, 4, 0x1, 0x40);
    denovo_l2_line_t l = reg_line(s, 4);
    assert_int_equal(l.reg, 0x1);
    assert_int_equal(l.data[0], 0);
    c_load(s, 0, 0, 8, 0, false, false); /* same L1 set: the R line is the victim (V01) */
    const uint32_t w = sys_until(s, NET_WB, DENOVO_MSG_WB, 0);
    assert_int_equal(s->log[w].line, 4);
    assert_int_equal(s->log[w].mask, 0x1);
    assert_int_equal(s->log[w].pmask, 0);
    assert_int_equal(s->log[w].data[0], 0x40);
    assert_int_equal(wst(s, 0, 4, 0), DENOVO_W_I);
    sys_run(s);
    l = reg_line(s, 4);
    assert_int_equal(l.reg, 0);
    assert_int_equal(l.st, DENOVO_L2_D);
    assert_int_equal(l.data[0], 0x40);
    assert_int_equal(nmsg(s, 0, NET_RSP, DENOVO_MSG_WBACK, ~0u), 1);
    denovo_l1_state_t* st = calloc(1, sizeof *st);
    assert_non_null(st);
    denovo_l1_state_get(s->l1[0], st);
    assert_int_equal(st->wb[0].v, 0);
    free(st);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_V01], 1);
    /* the second store: a second registration */
    sys_register(s, 0, 4, 0x1, 0x60);
    assert_int_equal(nmsg(s, 0, NET_REQ, DENOVO_MSG_REG, 0), 2);
    assert_int_equal(l1_word(s, 0, 4, 0), 0x60);
    /* the REGD's word merged under the dirty bytes, both times (L13) */
    assert_int_equal(denovo_l1_fcov(s->l1[0])[DENOVO_L1_F_MERGE_UNDER_DIRTY], 2);
    /* a partial state read: the selected line only */
    denovo_l1_state_t* ps = calloc(1, sizeof *ps);
    assert_non_null(ps);
    ps->sel_n = 1;
    ps->sel[0] = (uint32_t)denovo_l1_find(s->l1[0], 4);
    denovo_l1_state_get(s->l1[0], ps);
    assert_int_equal(ps->line[ps->sel[0]].st, (uint64_t)DENOVO_W_R);
    assert_int_equal(ps->line[ps->sel[0]].data[0], 0x60);
    assert_int_equal(ps->line[ps->sel[0]].tag, 1);
    assert_int_equal(ps->rr[0], 0);
    free(ps);
    l = reg_line(s, 4);
    assert_int_equal(l.reg, 0x1);
    assert_int_equal(l.data[0], 0);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* G6: a read of a word registered at another L1: DATA from the registry, PDATA from the owner */
static void test_g6_remote_read(void** state) {
    (void)state;
    const denovo_desc_t d = sys_desc();
    sys_t* s = sys_open(&d);
    sys_register(s, 0, 12, 0x2, 0x70);
    const uint32_t n0 = s->nlog;
    c_load(s, 1, 3, 12, 0, false, false);
    const uint32_t g = sys_until(s, NET_RSP, DENOVO_MSG_DATA, ~0u);
    assert_int_equal(s->log[g].dst, 0x3);
    assert_int_equal(s->log[g].req, 1);
    assert_int_equal(s->log[g].mask, 0x2);
    assert_int_equal(s->log[g].data[0], 0xc000);
    assert_int_equal(s->log[g].data[1], 0);
    const uint32_t p = sys_until(s, NET_PEER, DENOVO_MSG_PDATA, 0);
    assert_int_equal(s->log[p].dst, 1);
    assert_int_equal(s->log[p].mask, 0x2);
    assert_int_equal(s->log[p].data[1], 0x71);
    assert_int_equal(s->log[p].data[0], 0);
    assert_int_equal(wst(s, 0, 12, 1), DENOVO_W_R); /* the owner keeps it */
    sys_run(s);
    const uint32_t c = fmsg(s, n0, NET_CRSP, DENOVO_CRSP_LOAD, 1);
    assert_true(c < LOGN);
    assert_int_equal(s->log[c].dst, 0x8);
    assert_int_equal(s->log[c].data[0], 0xc000);
    assert_int_equal(s->log[c].data[1], 0x71);
    assert_int_equal(s->log[c].data[3], 0xc003);
    for (uint32_t w = 0; w < 4u; w++) {
        assert_int_equal(wst(s, 1, 12, w), DENOVO_W_V);
    }
    assert_int_equal(reg_line(s, 12).reg, 0x2);
    assert_int_equal(denovo_l1_cov(s->l1[1])[DENOVO_L1_T_M01], 1);
    assert_int_equal(denovo_l1_cov(s->l1[1])[DENOVO_L1_T_M02], 1);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_M03], 1);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* G7: an acquire keeps R (and VO under Ro = 1), invalidates V */
static void g7_run(denovo_variant_t v, uint32_t want_c) {
    denovo_desc_t d = sys_desc();
    d.ro = v == DENOVO_D_RO ? 1u : 0u;
    sys_t* s = sys_open(&d);
    sys_register(s, 0, 4, 0x1, 0xa0);    /* a: R */
    c_load(s, 0, 1, 5, 0, false, false); /* b: V */
    c_load(s, 0, 2, 6, 0, false, true);  /* c: read-only load */
    sys_run(s);
    assert_int_equal(wst(s, 0, 5, 0), DENOVO_W_V);
    assert_int_equal(wst(s, 0, 6, 0), v == DENOVO_D_RO ? DENOVO_W_VO : DENOVO_W_V);
    const uint32_t n0 = s->nlog;
    c_load(s, 0, 3, 4, 0, true, false); /* acquire on a (R): C07, INV */
    sys_run(s);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_LOAD, 0)].data[0], 0xa0);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, ~0u), 0);
    assert_int_equal(wst(s, 0, 4, 0), DENOVO_W_R);
    for (uint32_t w = 0; w < 4u; w++) {
        assert_int_equal(wst(s, 0, 5, w), DENOVO_W_I);
        assert_int_equal(wst(s, 0, 6, w), want_c);
    }
    assert_int_equal(denovo_l1_fcov(s->l1[0])[DENOVO_L1_F_INV_KEEPS_VO],
                     v == DENOVO_D_RO ? 1u : 0u); /* the acquire's INV */
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

static void test_g7_selective_acquire(void** state) {
    (void)state;
    g7_run(DENOVO_D_RO, DENOVO_W_VO);
    g7_run(DENOVO_D, DENOVO_W_I);
}

/* G8: a release registers each dirty line once; the fence completes after both registrations,
 * then the release store registers its word and writes it */
static void test_g8_release(void** state) {
    (void)state;
    const denovo_desc_t d = sys_desc();
    sys_t* s = sys_open(&d);
    c_store(s, 0, 0, 4, 0xf, 0x100, false); /* x0..x3 */
    c_store(s, 0, 0, 5, 0x4, 0x200, false); /* y */
    sys_run(s);
    assert_int_equal(nmsg(s, 0, NET_REQ, DENOVO_MSG_REG, ~0u), 0); /* lazy */
    c_fence(s, 0, 0);
    const uint32_t r1 = sys_until(s, NET_REQ, DENOVO_MSG_REG, 0);
    const uint32_t r2 = sys_until(s, NET_REQ, DENOVO_MSG_REG, 0);
    assert_int_equal(s->log[r1].line, 4);
    assert_int_equal(s->log[r1].mask, 0xf);
    assert_int_equal(s->log[r1].pmask, 0);
    assert_int_equal(s->log[r2].line, 5);
    assert_int_equal(s->log[r2].mask, 0x4);
    const uint32_t g1 = sys_until(s, NET_RSP, DENOVO_MSG_REGD, ~0u);
    assert_int_equal(s->o1[0].fence_done & 1u, 0);
    const uint32_t g2 = sys_until(s, NET_RSP, DENOVO_MSG_REGD, ~0u);
    assert_int_equal(s->log[g1].line, 4);
    assert_int_equal(s->log[g2].line, 5);
    sys_cycle(s); /* the second REGD arrives: M04, M11 */
    assert_int_equal(s->o1[0].fence_done & 1u, 0);
    sys_cycle(s); /* the batch check sees no REG MSHR: B07 */
    assert_int_equal(s->o1[0].fence_done & 1u, 1);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_B07], 1);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_B01], 2);
    for (uint32_t w = 0; w < 4u; w++) {
        assert_int_equal(wst(s, 0, 4, w), DENOVO_W_R);
        assert_int_equal(l1_word(s, 0, 4, w), 0x100 + w);
    }
    assert_int_equal(wst(s, 0, 5, 2), DENOVO_W_R);
    assert_int_equal(wst(s, 0, 5, 0), DENOVO_W_I);
    /* the release store of F (line 6 word 0) */
    c_store(s, 0, 0, 6, 0x1, 0xf0, true);
    sys_run(s);
    assert_int_equal(nmsg(s, 0, NET_REQ, DENOVO_MSG_REG, 0), 3);
    const uint32_t r3 = fmsg(s, g2, NET_REQ, DENOVO_MSG_REG, 0);
    assert_int_equal(s->log[r3].pmask, 1);
    assert_int_equal(s->log[r3].mask, 0x1);
    assert_int_equal(wst(s, 0, 6, 0), DENOVO_W_R);
    assert_int_equal(l1_word(s, 0, 6, 0), 0xf0);
    assert_int_equal(reg_line(s, 4).reg, 0xf);
    assert_int_equal(reg_line(s, 5).reg, 0x4);
    assert_int_equal(reg_line(s, 6).reg, 0x1);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_C14], 1);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_C13], 1);
    assert_true(s->o1[0].drained);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/*--- races and recalls ------------------------------------------------------------------------*/

/* D8: SM0's write-back of a registered word crosses the REGD that moves it to SM1: SM0 serves
 * the XFER from its write-back buffer, the registry drops the stale WB word and acknowledges;
 * SM0's next request for the line waits for the WBACK (L14, S08) */
static void test_d8_wb_race(void** state) {
    (void)state;
    denovo_desc_t d = sys_desc();
    d.l1_ways = 1;
    sys_t* s = sys_open(&d);
    sys_register(s, 0, 4, 0x1, 0x40);
    s->hold_wb[0] = true;                /* SM0's WB stays in the network */
    c_load(s, 0, 0, 8, 0, false, false); /* V01: WB(4) */
    c_load(s, 0, 1, 4, 0, false, false); /* waits for the WBACK */
    const uint32_t w = sys_until(s, NET_WB, DENOVO_MSG_WB, 0);
    assert_int_equal(s->log[w].data[0], 0x40);
    c_atomic(s, 1, 0, 4, 0, DENOVO_AOP_ADD, 1, true);
    const uint32_t x = sys_until(s, NET_PEER, DENOVO_MSG_XFER, 0);
    assert_int_equal(s->log[x].dst, 1);
    assert_int_equal(s->log[x].data[0], 0x40);
    assert_int_equal(denovo_l1_fcov(s->l1[0])[DENOVO_L1_F_XFER_FROM_WB], 1);
    denovo_l2_line_t l = reg_line(s, 4);
    assert_int_equal(l.reg, 0x1);
    assert_int_equal(l.data[0], 1); /* the slot names SM1 */
    sys_run(s);                     /* SM1 performs; its DONE waits behind SM0's WB */
    assert_int_equal(s->log[fmsg(s, x, NET_CRSP, DENOVO_CRSP_ATOMIC, 1)].data[0], 0x40);
    assert_int_equal(wst(s, 1, 4, 0), DENOVO_W_R);
    assert_true(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_S08] > 0u);
    assert_int_equal(nmsg(s, 0, NET_REQ, DENOVO_MSG_GETS, 0), 1); /* line 8 only */
    denovo_l1_state_t* st = calloc(1, sizeof *st);
    assert_non_null(st);
    denovo_l1_state_get(s->l1[0], st);
    assert_int_equal(st->wb[0].v, 1);
    assert_int_equal(st->wb[0].line, 4);
    s->hold_wb[0] = false;
    const uint32_t k = sys_until(s, NET_RSP, DENOVO_MSG_WBACK, ~0u);
    assert_int_equal(s->log[k].dst, 0x1);
    l = reg_line(s, 4);
    assert_int_equal(l.reg, 0x1); /* the stale word was dropped */
    assert_int_equal(l.data[0], 1);
    assert_int_equal(denovo_l2_fcov(s->l2)[DENOVO_L2_F_WB_STALE], 1);
    sys_run(s);
    denovo_l1_state_get(s->l1[0], st);
    assert_int_equal(st->wb[0].v, 0);
    free(st);
    /* SM0's load of line 4: DATA names SM1, which sends its word */
    const uint32_t c = fmsg(s, k, NET_CRSP, DENOVO_CRSP_LOAD, 0);
    assert_true(c < LOGN);
    assert_int_equal(s->log[c].data[0], 0x41);
    assert_int_equal(s->log[c].data[1], 0x4001);
    assert_int_equal(reg_line(s, 4).busy, 0);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* D9: a registry set full of registered lines: RECALL, the owner's WB (not acknowledged), then
 * the line is evicted as a dirty line */
static void test_d9_recall(void** state) {
    (void)state;
    denovo_desc_t d = sys_desc();
    d.l2_ways = 1;
    sys_t* s = sys_open(&d);
    sys_register(s, 0, 4, 0x1, 0x40);
    const uint32_t n0 = s->nlog;
    c_load(s, 1, 0, 8, 0, false, false); /* registry set 0 holds line 4 */
    const uint32_t r = sys_until(s, NET_RSP, DENOVO_MSG_RECALL, ~0u);
    assert_int_equal(s->log[r].dst, 0x1);
    assert_int_equal(s->log[r].line, 4);
    assert_int_equal(s->log[r].mask, 0x1);
    assert_int_equal(s->log[r].data[0], 0);
    assert_int_equal(reg_line(s, 4).rc, 1);
    const uint32_t w = sys_until(s, NET_WB, DENOVO_MSG_WB, 0);
    assert_int_equal(s->log[w].pmask, 1);
    assert_int_equal(s->log[w].data[0], 0x40);
    assert_int_equal(wst(s, 0, 4, 0), DENOVO_W_I);
    const uint32_t m = sys_until(s, NET_DRAM, 0, ~0u);
    assert_int_equal(s->log[m].line, 4);
    assert_int_equal(s->log[m].data[0], 0x40);
    sys_run(s);
    assert_int_equal(nmsg(s, n0, NET_RSP, DENOVO_MSG_WBACK, ~0u), 0);
    assert_true(denovo_l2_find(s->l2, 4) < 0);
    assert_int_equal(reg_line(s, 8).reg, 0);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_LOAD, 1)].data[0], 0x8000);
    assert_int_equal(denovo_l2_cov(s->l2)[DENOVO_L2_T_X03], 1);
    assert_int_equal(denovo_l2_fcov(s->l2)[DENOVO_L2_F_RECALL_DONE], 1);
    assert_int_equal(denovo_l2_fcov(s->l2)[DENOVO_L2_F_FETCH_AND_WB], 1);
    assert_int_equal(denovo_l1_fcov(s->l1[0])[DENOVO_L1_F_RECALL_WB], 1);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* L16: a head that waits for the DRAIN line itself (C04) lowers hold each edge it is tried; the
 * transfer is served, then (after the DACK, D17) the load sends its GETS */
static void test_l16_hold(void** state) {
    (void)state;
    sys_t* s = sys_with_s(4);
    const uint32_t n0 = s->nlog;
    c_atomic(s, 1, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    c_load(s, 1, 1, 8, 0, false, false);
    c_atomic(s, 2, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    sys_until(s, NET_WB, DENOVO_MSG_DONE, 1);
    assert_int_equal(l1_mshr_of(s, 1, 8).hold, 2);
    sys_cycle(s); /* C16 */
    assert_int_equal(l1_mshr_of(s, 1, 8).hold, 1);
    const uint64_t s06 = denovo_l1_cov(s->l1[1])[DENOVO_L1_T_S06]; /* C18 while the REG waited */
    sys_cycle(s);                                                  /* the load: C04 (S06), hold 0 */
    assert_int_equal(l1_mshr_of(s, 1, 8).hold, 0);
    assert_false(s->o1[1].peer_ready);
    assert_int_equal(denovo_l1_cov(s->l1[1])[DENOVO_L1_T_S06], s06 + 1u);
    const uint32_t x = sys_until(s, NET_PEER, DENOVO_MSG_XFER, 1);
    assert_int_equal(s->log[x].cyc, s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 1)].cyc + 2u);
    assert_true(s->o1[1].rsp_ready);
    sys_run(s);
    const uint32_t g = fmsg(s, n0, NET_REQ, DENOVO_MSG_GETS, 1);
    const uint32_t k = fmsg(s, n0, NET_RSP, DENOVO_MSG_DACK, ~0u);
    /* D17: the MSHR waits for the DACK of SM1's DONE, taken in the edge after the transfer's
     * (rdy_q was 0); M09 frees it (the head is not tried), the next edge's C06 sends GETS */
    assert_true(g < LOGN && k < LOGN);
    assert_int_equal(s->log[k].dst, 0x2);
    assert_true(s->log[k].cyc < s->log[x].cyc);
    assert_int_equal(s->log[g].cyc, s->log[x].cyc + 2u);
    const uint32_t c = fmsg(s, n0, NET_CRSP, DENOVO_CRSP_LOAD, 1);
    assert_true(c < LOGN);
    assert_int_equal(s->log[c].data[2], 0x8002);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* D17, the stale DONE: SM0 completes a sync REG of line 8 word 1 while its DONE is slow (held in
 * the network); SM1 takes the word (SM0's DRAIN MSHR queues and serves the XFER); SM0's next
 * atomic on the word cannot send its REG before the DACK (S06). Released, the stale DONE finds
 * the slot naming SM1 (DONE_MOVED) and is acknowledged; only then SM0 registers again, and
 * while SM1's XFER to it is slow, busy stays set: SM2's GETS waits for SM0's real DONE */
static void d17_lose_word(sys_t* s) {
    s->hold_wb[0] = true; /* SM0's DONE stays in the network */
    c_atomic(s, 0, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    sys_until(s, NET_WB, DENOVO_MSG_DONE, 0);
    sys_run(s);
    c_atomic(s, 1, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    sys_run(s);
    assert_int_equal(wst(s, 0, 8, 1), DENOVO_W_I);
    assert_int_equal(wst(s, 1, 8, 1), DENOVO_W_R);
    const denovo_l1_mshr_t e = l1_mshr_of(s, 0, 8);
    assert_int_equal(e.mv, DENOVO_MV_DRAIN);
    assert_int_equal(e.dack, 0);
    assert_int_equal(e.fqv, 0);
    const denovo_l2_line_t l = reg_line(s, 8);
    assert_int_equal(l.data[1], 1);
    assert_int_equal(l.busy, 0x2); /* SM1's DONE waits behind SM0's */
}

static void test_d17_stale_done(void** state) {
    (void)state;
    const denovo_desc_t d = sys_desc();
    sys_t* s = sys_open(&d);
    d17_lose_word(s);
    const uint32_t n0 = s->nlog;
    const uint64_t s06 = denovo_l1_cov(s->l1[0])[DENOVO_L1_T_S06];
    c_atomic(s, 0, 1, 8, 1, DENOVO_AOP_ADD, 1, true);
    sys_run(s);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, 0), 0);
    assert_true(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_S06] > s06);
    s->peer_lat = 6; /* SM1's coming XFER to SM0 is slow */
    s->hold_wb[0] = false;
    const uint32_t r = sys_until(s, NET_REQ, DENOVO_MSG_REG, 0);
    const uint32_t k = fmsg(s, n0, NET_RSP, DENOVO_MSG_DACK, ~0u);
    assert_true(k < r);
    assert_int_equal(s->log[k].dst, 0x1);
    assert_int_equal(denovo_l2_fcov(s->l2)[DENOVO_L2_F_DONE_MOVED], 1);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_M09], 1);
    const uint32_t g = sys_until(s, NET_RSP, DENOVO_MSG_REGD, ~0u);
    assert_int_equal(s->log[g].req, 0);
    assert_int_equal(s->log[g].pmask, 0x2);
    c_load(s, 2, 0, 8, 1, false, false);
    while (nmsg(s, g, NET_WB, DENOVO_MSG_DONE, 0) == 0u) {
        sys_cycle(s);
        const denovo_l2_line_t l = reg_line(s, 8);
        assert_int_equal(l.data[1], 0);
        assert_int_equal(l.busy, 0x2); /* no stale DONE clears it */
        assert_int_equal(nmsg(s, g, NET_RSP, DENOVO_MSG_DATA, ~0u), 0);
        assert_true(s->now < 400u);
    }
    sys_run(s);
    const uint32_t c = fmsg(s, g, NET_CRSP, DENOVO_CRSP_LOAD, 2);
    assert_true(c < LOGN);
    assert_int_equal(s->log[c].data[1], 0x8004);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 0)].data[1], 0x8003);
    assert_int_equal(reg_line(s, 8).busy, 0);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/*--- illegal inputs of the L1 (section 12) ----------------------------------------------------*/

static void inject(sys_t* s, uint32_t sm, uint32_t kind, uint32_t req, uint64_t line, uint32_t mask,
                   uint32_t pmask) {
    denovo_msg_t m;
    memset(&m, 0, sizeof m);
    m.valid = true;
    m.kind = kind;
    m.req = req;
    m.line = line;
    m.mask = mask;
    m.pmask = pmask;
    mq_push(kind == DENOVO_MSG_XFER || kind == DENOVO_MSG_PDATA ? &s->peerq[sm] : &s->rspq[sm], &m,
            s->now);
}

static void test_l1_illegal(void** state) {
    (void)state;
    sys_t* s = sys_with_s(0);
    /* I1: op 0, op 5, wf >= NumWf: dropped at the push, counted */
    denovo_core_req_t q;
    memset(&q, 0, sizeof q);
    q.valid = true;
    sys_core(s, 3, &q);
    q.op = 5;
    sys_core(s, 3, &q);
    q.op = DENOVO_OP_LOAD;
    q.wf = 8;
    sys_core(s, 3, &q);
    sys_run(s);
    assert_int_equal(denovo_l1_errors(s->l1[3]), 3);
    assert_int_equal(nmsg(s, 0, NET_REQ, DENOVO_MSG_GETS, 3), 0);
    /* I3: kind 0, a kind the L1 never receives, and messages that find no state (L9) */
    inject(s, 3, 0, 0, 4, 0, 0);
    inject(s, 3, DENOVO_MSG_GETS, 0, 4, 0, 0);
    inject(s, 3, DENOVO_MSG_DATA, 3, 4, 0, 0);  /* no GETS MSHR */
    inject(s, 3, DENOVO_MSG_WBACK, 0, 4, 0, 0); /* no write-back entry */
    inject(s, 3, DENOVO_MSG_XFER, 0, 4, 1, 0);  /* no REG MSHR */
    inject(s, 3, DENOVO_MSG_REGD, 3, 4, 1, 0);  /* no REG MSHR */
    inject(s, 3, DENOVO_MSG_REGD, 1, 4, 1, 1);  /* a forward of a word not here */
    inject(s, 3, DENOVO_MSG_DACK, 0, 4, 0, 0);  /* no DRAIN MSHR (M09) */
    sys_run(s);
    assert_int_equal(denovo_l1_errors(s->l1[3]), 11);
    assert_int_equal(denovo_l1_cov(s->l1[3])[DENOVO_L1_T_M09], 0);
    assert_int_equal(s->nlog > 0u, 1);
    assert_int_equal(denovo_l1_word_st(s->l1[3], 4, 0), DENOVO_W_I);
    /* I4: an atomic's word index modulo LW (5 -> 1); I5: aop 3 writes nothing */
    const uint32_t n0 = s->nlog;
    c_atomic(s, 0, 0, 8, 5, 3, 7, true);
    sys_run(s);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, ~0u), 0); /* word 1 is R */
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 0)].data[1], 0x8002);
    assert_int_equal(l1_word(s, 0, 8, 1), 0x8002);
    /* I2: a core request while core_ready is 0 is ignored (the FIFO of 2 is held by a sync REG
     * waiting for line 12's fill and a request behind it) */
    denovo_l1_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.sm_id = 2;
    denovo_l1_out_t o;
    in.core.valid = true;
    in.core.op = DENOVO_OP_ATOMIC;
    in.core.line = 12;
    in.core.gpu = true;
    denovo_l1_tick(s->l1[2], &in, &o); /* pushed */
    in.core.op = DENOVO_OP_LOAD;
    in.core.wf = 1;
    denovo_l1_tick(s->l1[2], &in, &o); /* C17: REG, stays; the load pushed */
    assert_true(o.req.valid);
    assert_false(o.core_ready);
    in.core.wf = 2;
    denovo_l1_tick(s->l1[2], &in, &o); /* ignored */
    denovo_l1_state_t* st = calloc(1, sizeof *st);
    assert_non_null(st);
    denovo_l1_state_get(s->l1[2], st);
    assert_int_equal(st->fcnt, 2);
    assert_int_equal(st->mshr[0].mv, DENOVO_MV_REG);
    assert_int_equal(st->mshr[0].sync, 1);
    free(st);
    assert_int_equal(denovo_l1_errors(s->l1[2]), 0);
    sys_close(s);
}

/* L16, reading R2: a forward that reaches SM1 in the edge after its sync registration
 * completed (nothing was queued yet) is queued in the DRAIN MSHR until SM1's atomic, waiting at
 * the head, is performed: SM1 registers once, performs first, then serves the transfer */
static void test_forward_after_completion(void** state) {
    (void)state;
    sys_t* s = sys_with_s(0);
    const uint32_t n0 = s->nlog;
    c_atomic(s, 1, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    c_atomic(s, 2, 0, 8, 1, DENOVO_AOP_ADD, 1, true);
    const uint32_t dn = sys_until(s, NET_WB, DENOVO_MSG_DONE, 1);
    denovo_l1_mshr_t e = l1_mshr_of(s, 1, 8);
    assert_int_equal(e.mv, DENOVO_MV_DRAIN); /* fqv == 0, but a sync registration */
    assert_int_equal(e.sync, 1);
    assert_int_equal(e.hdr, 1);
    assert_int_equal(e.hold, 1);
    assert_int_equal(e.fqv, 0);
    sys_cycle(s); /* the forward (SM2's REGD) arrives: a message edge, the head is not tried */
    e = l1_mshr_of(s, 1, 8);
    assert_int_equal(e.mv, DENOVO_MV_DRAIN);
    assert_int_equal(e.fqv, 0x2);
    assert_int_equal(e.fqd[1], 2);
    assert_int_equal(e.hold, 1);
    assert_int_equal(wst(s, 1, 8, 1), DENOVO_W_R);
    sys_run(s);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, 1), 1);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, 2), 1);
    const uint32_t a1 = fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 1);
    const uint32_t a2 = fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 2);
    const uint32_t x1 = fmsg(s, dn, NET_PEER, DENOVO_MSG_XFER, 1);
    assert_true(a1 < x1 && x1 < a2); /* SM1 performed first, then sent the word */
    assert_int_equal(s->log[a1].data[1], 0x8002);
    assert_int_equal(s->log[x1].dst, 2);
    assert_int_equal(s->log[a2].data[1], 0x8003);
    assert_int_equal(denovo_l1_fcov(s->l1[1])[DENOVO_L1_F_XFER_QUEUED], 1);
    assert_int_equal(denovo_l1_cov(s->l1[1])[DENOVO_L1_T_X01], 1);
    assert_int_equal(wst(s, 1, 8, 1), DENOVO_W_I);
    assert_int_equal(wst(s, 2, 8, 1), DENOVO_W_R);
    assert_int_equal(l1_mshr_of(s, 1, 8).mv, DENOVO_MV_FREE);
    assert_true(s->o1[1].drained);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/*--- one L1 alone: the registry's answer completes a request (hdr, reading R1) ----------------*/

typedef struct {
    denovo_l1_t* m;
    denovo_l1_in_t in;
    denovo_l1_out_t o;
} l1h_t;

static void l1_open(l1h_t* t) {
    const denovo_desc_t sd = sys_desc();
    const denovo_l1_desc_t d = denovo_l1_desc_from(&sd);
    const size_t n = denovo_l1_size(&d);
    char msg[256];
    t->m = denovo_l1_init(malloc(n), n, &d, msg, sizeof msg);
    assert_non_null(t->m);
    memset(&t->in, 0, sizeof t->in);
    denovo_l1_tick(t->m, &t->in, &t->o); /* reset */
    assert_true(t->o.core_ready && t->o.rsp_ready && t->o.peer_ready && t->o.drained);
    t->in.rst_n = true;
}

static void l1_tick(l1h_t* t) {
    denovo_l1_tick(t->m, &t->in, &t->o);
    memset(&t->in.core, 0, sizeof t->in.core);
    memset(&t->in.msg, 0, sizeof t->in.msg);
}

/* a message to this SM (0); data[w] = d[w] */
static void l1_msg(l1h_t* t, uint32_t kind, uint32_t req, uint64_t line, uint32_t mask,
                   uint32_t pmask, const uint32_t* d) {
    assert_true(t->o.rsp_ready);
    denovo_msg_t* g = &t->in.msg;
    g->valid = true;
    g->kind = kind;
    g->req = req;
    g->line = line;
    g->mask = mask;
    g->pmask = pmask;
    memcpy(g->data, d, 4u * sizeof(uint32_t));
    l1_tick(t);
}

static denovo_l1_mshr_t l1_k0(const l1h_t* t) {
    denovo_l1_mshr_t e;
    denovo_l1_mshr_get(t->m, 0, &e);
    return e;
}

/* M05 before M04: a sync REG whose word comes by XFER before the REGD (mask = pmask) completes
 * with the late REGD (no L9); then C16, the DRAIN MSHR freed (only mv cleared) */
static void test_l1_xfer_before_regd(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t);
    t.in.core.valid = true;
    t.in.core.op = DENOVO_OP_ATOMIC;
    t.in.core.aop = DENOVO_AOP_ADD;
    t.in.core.a = 1;
    t.in.core.line = 8;
    t.in.core.word = 1;
    t.in.core.gpu = true;
    l1_tick(&t); /* pushed */
    l1_tick(&t); /* C17: REG, stays */
    assert_true(t.o.req.valid);
    const uint32_t x[4] = {0, 0x55, 0, 0}, g[4] = {0, 2, 0, 0};
    l1_msg(&t, DENOVO_MSG_XFER, 0, 8, 0x2, 0, x); /* M05: got == want, no REGD yet */
    denovo_l1_mshr_t e = l1_k0(&t);
    assert_int_equal(e.mv, DENOVO_MV_REG);
    assert_int_equal(e.got, 0x2);
    assert_int_equal(e.hdr, 0);
    assert_false(t.o.wb.valid);
    assert_int_equal(denovo_l1_word_st(t.m, 8, 1), DENOVO_W_R);
    l1_msg(&t, DENOVO_MSG_REGD, 0, 8, 0x2, 0x2, g); /* M04: hdr, M11 */
    assert_true(t.o.wb.valid);
    assert_int_equal(t.o.wb.kind, DENOVO_MSG_DONE);
    assert_int_equal(t.o.wb.mask, 0x2);
    e = l1_k0(&t);
    assert_int_equal(e.mv, DENOVO_MV_DRAIN); /* sync (L16) */
    assert_int_equal(e.hdr, 1);
    assert_int_equal(e.hold, 1);
    assert_int_equal(e.dack, 0);
    assert_int_equal(denovo_l1_fcov(t.m)[DENOVO_L1_F_REG_XFER_FIRST], 1);
    l1_tick(&t); /* C16; hold 0, but no DACK yet: stays DRAIN (D17) */
    assert_true(t.o.crsp.valid);
    assert_int_equal(t.o.crsp.data[1], 0x55);
    e = l1_k0(&t);
    assert_int_equal(e.mv, DENOVO_MV_DRAIN);
    assert_int_equal(e.hold, 0);
    assert_false(t.o.drained);
    const uint32_t z[4] = {0, 0, 0, 0};
    l1_msg(&t, DENOVO_MSG_DACK, 0, 8, 0, 0, z); /* M09: dack, freed */
    assert_int_equal(denovo_l1_cov(t.m)[DENOVO_L1_T_M09], 1);
    e = l1_k0(&t);
    assert_int_equal(e.mv, DENOVO_MV_FREE);
    assert_int_equal(e.dack, 1);
    assert_int_equal(e.hdr, 1); /* freeing clears only mv (R7) */
    assert_int_equal(e.sync, 1);
    assert_true(t.o.drained);
    assert_int_equal(denovo_l1_errors(t.m), 0);
    assert_int_equal(denovo_l1_cov(t.m)[DENOVO_L1_T_M11], 1);
    l1_msg(&t, DENOVO_MSG_DACK, 0, 8, 0, 0, z); /* a second DACK: no DRAIN MSHR, L9 */
    assert_int_equal(denovo_l1_errors(t.m), 1);
    assert_int_equal(denovo_l1_cov(t.m)[DENOVO_L1_T_M09], 1);
    free(t.m);
}

/* M02 before M01: a GETS whose words are all owned elsewhere gets its PDATAs first and
 * completes with the late DATA; a second DATA for a GETS that has its DATA is L9 */
static void test_l1_pdata_before_data(void** state) {
    (void)state;
    l1h_t t;
    l1_open(&t);
    t.in.core.valid = true;
    t.in.core.op = DENOVO_OP_LOAD;
    t.in.core.wf = 3;
    t.in.core.line = 12;
    t.in.core.all = true;
    l1_tick(&t); /* pushed */
    l1_tick(&t); /* C06: GETS */
    assert_true(t.o.req.valid && t.o.req.kind == DENOVO_MSG_GETS);
    const uint32_t p1[4] = {0x10, 0x11, 0, 0}, p2[4] = {0, 0, 0x12, 0x13};
    const uint32_t ids[4] = {1, 1, 2, 2};
    l1_msg(&t, DENOVO_MSG_PDATA, 0, 12, 0x3, 0, p1);
    l1_msg(&t, DENOVO_MSG_PDATA, 0, 12, 0xc, 0, p2); /* got == all, no DATA yet */
    assert_false(t.o.crsp.valid);
    denovo_l1_mshr_t e = l1_k0(&t);
    assert_int_equal(e.mv, DENOVO_MV_GETS);
    assert_int_equal(e.got, 0xf);
    assert_int_equal(e.hdr, 0);
    l1_msg(&t, DENOVO_MSG_DATA, 0, 12, 0xf, 0, ids); /* M01: hdr, M10 */
    assert_true(t.o.crsp.valid);
    assert_int_equal(t.o.crsp.wf_mask, 0x8);
    assert_int_equal(t.o.crsp.data[0], 0x10);
    assert_int_equal(t.o.crsp.data[3], 0x13);
    assert_int_equal(l1_k0(&t).mv, DENOVO_MV_FREE);
    assert_int_equal(denovo_l1_fcov(t.m)[DENOVO_L1_F_GETS_PEER_FIRST], 2);
    assert_int_equal(denovo_l1_errors(t.m), 0);
    /* a DATA naming an owner, a duplicate DATA (L9: the MSHR has its DATA), then the PDATA */
    t.in.core.valid = true;
    t.in.core.op = DENOVO_OP_LOAD;
    t.in.core.line = 16;
    t.in.core.all = true;
    l1_tick(&t);
    l1_tick(&t); /* GETS */
    const uint32_t d[4] = {2, 0x21, 0x22, 0x23}, p3[4] = {0x20, 0, 0, 0};
    l1_msg(&t, DENOVO_MSG_DATA, 0, 16, 0x1, 0, d);
    assert_int_equal(l1_k0(&t).got, 0xe);
    l1_msg(&t, DENOVO_MSG_DATA, 0, 16, 0x1, 0, d);
    assert_int_equal(denovo_l1_errors(t.m), 1);
    assert_int_equal(l1_k0(&t).got, 0xe);
    l1_msg(&t, DENOVO_MSG_PDATA, 0, 16, 0x1, 0, p3);
    assert_true(t.o.crsp.valid);
    assert_int_equal(t.o.crsp.data[0], 0x20);
    assert_int_equal(t.o.crsp.data[1], 0x21);
    assert_int_equal(denovo_l1_cov(t.m)[DENOVO_L1_T_M10], 2);
    free(t.m);
}

/*--- victims, the store-buffer engine, DeNovo-H -----------------------------------------------*/

/* L7 rule 4 (V02): a dirty victim is registered first, then written back (V01), then the way
 * is allocated; the store buffer's entry of the evicted line pops with no message (B02) */
static void test_dirty_victim(void** state) {
    (void)state;
    denovo_desc_t d = sys_desc();
    d.l1_ways = 1;
    sys_t* s = sys_open(&d);
    c_store(s, 0, 0, 4, 0x1, 0x30, false);
    c_load(s, 0, 1, 8, 0, false, false);
    const uint32_t r = sys_until(s, NET_REQ, DENOVO_MSG_REG, 0);
    assert_int_equal(s->log[r].line, 4);
    assert_int_equal(s->log[r].mask, 0x1);
    assert_int_equal(s->log[r].pmask, 0);
    sys_run(s);
    const uint64_t* cv = denovo_l1_cov(s->l1[0]);
    assert_int_equal(cv[DENOVO_L1_T_V02], 1);
    assert_int_equal(cv[DENOVO_L1_T_V01], 1);
    assert_true(cv[DENOVO_L1_T_S02] > 0u);
    assert_int_equal(cv[DENOVO_L1_T_C06], 1);
    assert_int_equal(denovo_l1_fcov(s->l1[0])[DENOVO_L1_F_VIC_DIRTY_REG], 1);
    denovo_l2_line_t l = reg_line(s, 4);
    assert_int_equal(l.reg, 0);
    assert_int_equal(l.st, DENOVO_L2_D);
    assert_int_equal(l.data[0], 0x30);
    assert_int_equal(wst(s, 0, 8, 0), DENOVO_W_V);
    c_fence(s, 0, 2);
    sys_run(s);
    assert_int_equal(s->o1[0].fence_done, 0x4);
    assert_int_equal(cv[DENOVO_L1_T_B02], 1);
    assert_int_equal(nmsg(s, 0, NET_REQ, DENOVO_MSG_REG, 0), 1);
    assert_true(s->o1[0].drained);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

static void sys_idle(sys_t* s, uint32_t n) {
    for (uint32_t k = 0; k < n; k++) {
        sys_cycle(s);
    }
    sys_run(s);
}

/* the engine: an idle pop (B03), a full pop decided after a head stalled on the full buffer
 * (S03, B05), a batch pop taking the port from the head (S04) */
static void test_engine_pops(void** state) {
    (void)state;
    denovo_desc_t d = sys_desc();
    d.sb_idle = 6;
    d.sb_entries = 1;
    sys_t* s = sys_open(&d);
    c_store(s, 0, 0, 4, 0x1, 0x10, false);
    sys_idle(s, 10); /* no store for SbIdle edges: the idle pop registers the line */
    const uint64_t* cv = denovo_l1_cov(s->l1[0]);
    assert_int_equal(cv[DENOVO_L1_T_B03], 1);
    assert_int_equal(denovo_l1_fcov(s->l1[0])[DENOVO_L1_F_IDLE_DRAIN], 1);
    assert_int_equal(wst(s, 0, 4, 0), DENOVO_W_R);
    c_store(s, 0, 0, 5, 0x1, 0x20, false);
    c_store(s, 0, 0, 6, 0x1, 0x30, false); /* the buffer (1 entry) is full: S03, full pop */
    sys_idle(s, 10);
    assert_true(cv[DENOVO_L1_T_S03] > 0u);
    assert_int_equal(cv[DENOVO_L1_T_B05], 1);
    assert_int_equal(wst(s, 0, 5, 0), DENOVO_W_R);
    assert_int_equal(wst(s, 0, 6, 0), DENOVO_W_R); /* idle pop again */
    const uint32_t n0 = s->nlog;
    c_store(s, 0, 0, 7, 0x1, 0x40, false);
    c_fence(s, 0, 0);
    c_load(s, 0, 1, 9, 0, false, false); /* tried in the batch pop's edge: S04 */
    sys_run(s);
    assert_true(cv[DENOVO_L1_T_S04] > 0u);
    assert_int_equal(cv[DENOVO_L1_T_B01], 1);
    assert_int_equal(s->o1[0].fence_done & 1u, 1);
    /* the load was served (its words installed V, or I when the batch's INV came first) */
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_LOAD, 0)].data[0], 0x9000);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/* DeNovo-H: a CTA atomic on a valid word is performed without registration (C19: the word
 * becomes V and dirty, the line pushed), a CTA fence completes at once (C20), a CTA atomic on
 * an invalid word registers it (C17, LD5); the GPU fence registers the dirty word */
static void test_denovo_h_cta(void** state) {
    (void)state;
    denovo_desc_t d = sys_desc();
    d.hrf = 1;
    sys_t* s = sys_open(&d);
    c_load(s, 0, 0, 4, 0, false, false);
    sys_run(s);
    const uint32_t n0 = s->nlog;
    c_atomic(s, 0, 0, 4, 2, DENOVO_AOP_ADD, 5, false);
    sys_run(s);
    assert_int_equal(nmsg(s, n0, NET_REQ, DENOVO_MSG_REG, ~0u), 0);
    assert_int_equal(s->log[fmsg(s, n0, NET_CRSP, DENOVO_CRSP_ATOMIC, 0)].data[2], 0x4002);
    assert_int_equal(wst(s, 0, 4, 2), DENOVO_W_V);
    assert_int_equal(l1_word(s, 0, 4, 2), 0x4007);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_C19], 1);
    denovo_core_req_t q;
    memset(&q, 0, sizeof q);
    q.valid = true;
    q.op = DENOVO_OP_FENCE;
    q.wf = 1;
    sys_core(s, 0, &q); /* CTA fence */
    sys_run(s);
    assert_int_equal(s->o1[0].fence_done, 0x2);
    assert_int_equal(denovo_l1_cov(s->l1[0])[DENOVO_L1_T_C20], 1);
    assert_int_equal(wst(s, 0, 4, 0), DENOVO_W_V);      /* no invalidation */
    c_atomic(s, 0, 2, 5, 0, DENOVO_AOP_EXCH, 9, false); /* an invalid word: registered */
    sys_run(s);
    assert_int_equal(wst(s, 0, 5, 0), DENOVO_W_R);
    assert_int_equal(l1_word(s, 0, 5, 0), 9);
    c_fence(s, 0, 3);
    sys_run(s);
    assert_int_equal(s->o1[0].fence_done & 0x8u, 0x8u);
    assert_int_equal(wst(s, 0, 4, 2), DENOVO_W_R);
    assert_int_equal(wst(s, 0, 4, 0), DENOVO_W_I); /* the GPU fence's INV */
    assert_int_equal(reg_line(s, 4).reg, 0x4);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

/*--- random traffic: V1 every edge, the registry and the L1s agree when the system is quiet ---*/

static uint32_t lcg(uint32_t* x) {
    *x = *x * 1664525u + 1013904223u;
    return *x >> 8;
}

/* V1: a word is R at no more than one L1 */
static void check_v1(const sys_t* s, uint64_t lines) {
    for (uint64_t l = 0; l < lines; l++) {
        for (uint32_t w = 0; w < 4u; w++) {
            uint32_t n = 0;
            for (uint32_t i = 0; i < NSM; i++) {
                n += wst(s, i, l, w) == DENOVO_W_R ? 1u : 0u;
            }
            if (n > 1u) {
                fail_msg("line %u word %u R at %u L1s (edge %u)", (unsigned)l, w, n,
                         (unsigned)s->now);
            }
        }
    }
}

/* quiet: every registered word is R at its slot's L1 and nowhere else, and no word is busy */
static void check_quiet(const sys_t* s, uint64_t lines) {
    for (uint64_t l = 0; l < lines; l++) {
        const int64_t i = denovo_l2_find(s->l2, l);
        denovo_l2_line_t r;
        memset(&r, 0, sizeof r);
        if (i >= 0) {
            denovo_l2_line_get(s->l2, (uint32_t)i, &r);
        }
        assert_int_equal(r.busy, 0);
        for (uint32_t w = 0; w < 4u; w++) {
            for (uint32_t k = 0; k < NSM; k++) {
                const bool own = ((r.reg >> w) & 1u) && r.data[w] == k;
                if ((wst(s, k, l, w) == DENOVO_W_R) != own) {
                    fail_msg("line %u word %u: SM %u R %d, registry slot %u reg %u", (unsigned)l, w,
                             k, wst(s, k, l, w) == DENOVO_W_R, r.data[w], (r.reg >> w) & 1u);
                }
            }
        }
    }
}

static void random_run(uint32_t seed, bool hrf, uint32_t line_bytes) {
    denovo_desc_t d = sys_desc();
    if (line_bytes != 0u) {
        d.line_bytes = line_bytes; /* more than one 32-bit word of dirty bits a line */
    }
    const uint32_t words = d.line_bytes / 4u;
    d.sb_idle = 8;
    d.hrf = hrf ? 1u : 0u;
    d.l2_ways = 1; /* recalls */
    sys_t* s = sys_open(&d);
    s->peer_lat = seed % 3u;
    uint32_t x = seed;
    for (uint32_t op = 0; op < 300u; op++) {
        const uint32_t sm = lcg(&x) % NSM, r = lcg(&x) % 16u, line = lcg(&x) % 12u;
        const uint32_t w = lcg(&x) % words, wf = lcg(&x) % 6u;
        if (s->cn[sm] >= 6u) {
            sys_cycle(s);
            check_v1(s, 12);
            continue;
        }
        if (r < 5u) {
            c_load(s, sm, wf, line, w, r == 0u, false);
        } else if (r < 10u) {
            c_store(s, sm, wf, line, 1u << w, 0x100u * op, false);
        } else if (r < 14u) {
            c_atomic(s, sm, wf, line, w, DENOVO_AOP_ADD, 1, (r & 1u) != 0u);
        } else if (r == 14u) {
            c_store(s, sm, wf, line, 1u << w, 0x100u * op, true);
        } else {
            c_fence(s, sm, 7);
        }
        for (uint32_t k = lcg(&x) % 3u; k > 0u; k--) {
            sys_cycle(s);
            check_v1(s, 12);
        }
    }
    for (uint32_t k = 0; k < 300u; k++) {
        sys_cycle(s);
        check_v1(s, 12);
    }
    sys_run(s);
    for (uint32_t i = 0; i < NSM; i++) {
        assert_int_equal(s->cn[i], 0);
        denovo_l1_state_t* st = calloc(1, sizeof *st);
        assert_non_null(st);
        denovo_l1_state_get(s->l1[i], st);
        assert_int_equal(st->fcnt, 0);
        free(st);
    }
    check_quiet(s, 12);
    assert_int_equal(sys_errors(s), 0);
    sys_close(s);
}

static void test_random_traffic(void** state) {
    (void)state;
    for (uint32_t seed = 1; seed <= 12u; seed++) {
        random_run(seed, (seed & 1u) != 0u, 0u);
    }
    /* 64- and 128-byte lines: words past the first 32 bytes (the dirty mask's later words) */
    for (uint32_t seed = 13; seed <= 16u; seed++) {
        random_run(seed, (seed & 1u) != 0u, seed <= 14u ? 64u : 128u);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        /* descriptors, storage, names */
        cmocka_unit_test(test_desc_values),
        cmocka_unit_test(test_desc_messages_l1),
        cmocka_unit_test(test_desc_messages_l2),
        cmocka_unit_test(test_storage),
        cmocka_unit_test(test_names_ports),
        /* the registry alone */
        cmocka_unit_test(test_l2_busy_stall),
        cmocka_unit_test(test_l2_illegal),
        cmocka_unit_test(test_l2_recall_k10),
        /* seed 002's examples, races, L16 through the message pump */
        cmocka_unit_test(test_g1_sync_reuse),
        cmocka_unit_test(test_g2_distributed_queue),
        cmocka_unit_test(test_g3_same_cu_first),
        cmocka_unit_test(test_g5_evict_reregister),
        cmocka_unit_test(test_g6_remote_read),
        cmocka_unit_test(test_g7_selective_acquire),
        cmocka_unit_test(test_g8_release),
        cmocka_unit_test(test_d8_wb_race),
        cmocka_unit_test(test_d9_recall),
        cmocka_unit_test(test_l16_hold),
        cmocka_unit_test(test_d17_stale_done),
        cmocka_unit_test(test_l1_illegal),
        cmocka_unit_test(test_forward_after_completion),
        /* one L1 alone */
        cmocka_unit_test(test_l1_xfer_before_regd),
        cmocka_unit_test(test_l1_pdata_before_data),
        /* victims, the engine, DeNovo-H, random traffic */
        cmocka_unit_test(test_dirty_victim),
        cmocka_unit_test(test_engine_pops),
        cmocka_unit_test(test_denovo_h_cta),
        cmocka_unit_test(test_random_traffic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
