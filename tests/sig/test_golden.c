/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_golden.c -- directed golden tests of sig_bloom that run the same steps on the C model
 * and on the RTL (the Verilated model, built through the gpucoh cache) and check both against
 * values worked out by hand from docs/units/sig/sig_bloom.md -- not against each other, so a
 * misreading shared by both implementations is caught here even though lockstep would agree.
 * GPUCOH_ROOT must point at the repository (the RTL build needs it).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rtl_load.h"
#include "sig_bloom.h"
#include "sig_bloom_tb.h"
#include "unit.h"

typedef struct {
    bool rtl;
    sig_bloom_t model;
    gpucoh_rtl_t r;
    void* h;
    uint32_t chunk_words;
} dev_t;

/* Open a device for a parameter list like {"m=256", "org=parallel", NULL}. */
static void dev_open(dev_t* d, bool rtl, const char* const* params) {
    memset(d, 0, sizeof *d);
    d->rtl = rtl;
    const gpucoh_unit_t* u = gpucoh_unit_find("sig_bloom");
    assert_non_null(u);
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    char err[512];
    for (const char* const* p = params; *p; p++)
        assert_int_equal(gpucoh_param_set(u, &pv, *p, err, sizeof err), 0);
    assert_int_equal(u->resolve(&pv, err, sizeof err), 0);
    sig_bloom_desc_t desc;
    sig_bloom_tb_desc(&pv, &desc);
    d->chunk_words = (desc.chunk_width + 31) / 32;
    if (!rtl) {
        assert_int_equal(sig_bloom_init(&d->model, &desc, err, sizeof err), SIG_BLOOM_OK);
        return;
    }
    if (gpucoh_rtl_load(u, &pv, NULL, true, &d->r, err, sizeof err) != 0)
        fail_msg("RTL build/load failed: %s", err);
    d->h = d->r.api->create();
}

static void dev_close(dev_t* d) {
    if (d->rtl) {
        d->r.api->destroy(d->h);
        gpucoh_rtl_unload(&d->r);
    }
}

static sig_bloom_out_t dev_op(dev_t* d, bool rst_n, uint8_t op, uint64_t addr, uint32_t chunk,
                              const uint32_t* data) {
    sig_bloom_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = rst_n;
    in.op = op;
    in.addr = addr;
    in.chunk_idx = chunk;
    if (data)
        memcpy(in.chunk_data, data, d->chunk_words * sizeof(uint32_t));
    sig_bloom_out_t out;
    memset(&out, 0, sizeof out);
    if (d->rtl)
        d->r.api->tick(d->h, &in, &out);
    else
        sig_bloom_tick(&d->model, &in, &out);
    return out;
}

static void dev_state(dev_t* d, sig_bloom_state_t* st) {
    if (d->rtl)
        d->r.api->state(d->h, st);
    else
        *st = d->model.st;
}

static void dev_reset(dev_t* d) {
    dev_op(d, false, SIG_BLOOM_OP_NOP, 0, 0, NULL);
    dev_op(d, false, SIG_BLOOM_OP_NOP, 0, 0, NULL);
}

/* The set bits of the signature, ascending, at most max. */
static uint32_t set_bits(dev_t* d, uint32_t m, uint32_t* v, uint32_t max) {
    sig_bloom_state_t st;
    dev_state(d, &st);
    uint32_t n = 0;
    for (uint32_t i = 0; i < m; i++)
        if ((st.bits[i / 32] >> (i % 32)) & 1u) {
            if (n < max)
                v[n] = i;
            n++;
        }
    return n;
}

/* xorshift32 as the spec states it, written here a third time for the expected values. */
static uint32_t xs(uint32_t x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

/* G1: H3 worked values. m = 4096 true (IW 12), G = 128: INSERT(0x80) has key 1, so hash i
 * sets Q[i][0] = x_{64i+1} mod 4096; with the default seed Q[0][0] = 0x619 (spec §4.2).
 * INSERT(0x100) (key bit 1) sets Q[i][1], Q[0][1] = 0x53E. */
static void g1(bool rtl) {
    static const char* const p[] = {NULL};
    dev_t d;
    dev_open(&d, rtl, p);
    dev_reset(&d);
    dev_op(&d, true, SIG_BLOOM_OP_INSERT, 0x80, 0, NULL);
    uint32_t want[6], x = 0x9E3779B9u;
    for (uint32_t i = 0, n = 0; i < 6; i++)
        for (uint32_t j = 0; j < 64; j++, n++) {
            x = xs(x);
            if (j == 0)
                want[i] = x & 0xFFFu;
        }
    assert_int_equal(want[0], 0x619);
    uint32_t got[16];
    uint32_t n = set_bits(&d, 4096, got, 16);
    for (uint32_t i = 0; i < 6; i++) {
        bool found = false;
        for (uint32_t k = 0; k < n && k < 16; k++)
            found |= got[k] == want[i];
        if (!found)
            fail_msg("%s: bit Q[%u][0] = 0x%x not set", rtl ? "RTL" : "C", i, want[i]);
    }
    assert_true(n >= 1 && n <= 6);
    /* bit 0x619 = chunk 24 (64-bit chunks), bit 25 of it: READ shows it */
    sig_bloom_out_t o = dev_op(&d, true, SIG_BLOOM_OP_READ, 0, 0x619 / 64, NULL);
    assert_true(o.resp_valid);
    assert_int_equal((o.chunk_data[(0x619 % 64) / 32] >> (0x619 % 32)) & 1u, 1);
    dev_op(&d, true, SIG_BLOOM_OP_CLEAR, 0, 0, NULL);
    dev_op(&d, true, SIG_BLOOM_OP_INSERT, 0x100, 0, NULL);
    n = set_bits(&d, 4096, got, 16);
    bool has53e = false;
    for (uint32_t k = 0; k < n && k < 16; k++)
        has53e |= got[k] == 0x53E;
    assert_true(has53e);
    o = dev_op(&d, true, SIG_BLOOM_OP_TEST, 0x100 + 0x7F, 0, NULL); /* same key, low bits vary */
    assert_true(o.resp_valid && o.member);
    dev_close(&d);
}

/* G2: bit-select, parallel, worked by hand. m = 256, k = 4 (B = 64, IW = 6), G = 4, AW = 16
 * (KW = 14). addr 0x1234 -> key 0x48D = bits 0,2,3,7,10.
 *   h0 = key[0..5]                 = 1,0,1,1,0,0 -> 13       v0 = 0*64 + 13 = 13
 *   h1 = key[6..11]                = 0,1,0,0,1,0 -> 18       v1 = 64 + 18  = 82
 *   h2 = key[12,13,0,1,2,3]        = 0,0,1,0,1,1 -> 52       v2 = 128 + 52 = 180
 *   h3 = key[4,5,6,7,8,9]          = 0,0,0,1,0,0 -> 8        v3 = 192 + 8  = 200 */
static void g2(bool rtl) {
    static const char* const p[] = {"m=256",  "k=4",           "org=parallel",   "hash=bitsel",
                                    "gran=4", "addr_width=16", "chunk_width=32", NULL};
    dev_t d;
    dev_open(&d, rtl, p);
    dev_reset(&d);
    dev_op(&d, true, SIG_BLOOM_OP_INSERT, 0x1234, 0, NULL);
    uint32_t got[8];
    assert_int_equal(set_bits(&d, 256, got, 8), 4);
    assert_int_equal(got[0], 13);
    assert_int_equal(got[1], 82);
    assert_int_equal(got[2], 180);
    assert_int_equal(got[3], 200);
    /* 0x1237 has the same key (G = 4); 0x1238 does not and misses (bits 14,.. unset) */
    sig_bloom_out_t o = dev_op(&d, true, SIG_BLOOM_OP_TEST, 0x1237, 0, NULL);
    assert_true(o.member);
    o = dev_op(&d, true, SIG_BLOOM_OP_TEST, 0x1238, 0, NULL);
    assert_true(o.resp_valid);
    assert_false(o.member);
    dev_close(&d);
}

/* G3: counter and threshold (spec §5, R2, R3): m = 256, threshold 3, CMAX = 511. */
static void g3(bool rtl) {
    static const char* const p[] = {"m=256", "threshold=3", "chunk_width=32", NULL};
    dev_t d;
    dev_open(&d, rtl, p);
    dev_reset(&d);
    sig_bloom_out_t o;
    for (uint32_t i = 1; i <= 3; i++) {
        o = dev_op(&d, true, SIG_BLOOM_OP_INSERT, 0x1000u * i, 0, NULL);
        assert_int_equal(o.count, i);
        assert_int_equal(o.thresh, i >= 3);
        assert_false(o.resp_valid);
    }
    o = dev_op(&d, true, SIG_BLOOM_OP_INSERT, 0x1000, 0, NULL); /* a duplicate still counts */
    assert_int_equal(o.count, 4);
    for (uint32_t i = 5; i <= 600; i++)
        o = dev_op(&d, true, SIG_BLOOM_OP_INSERT, 0x80u * i, 0, NULL);
    assert_int_equal(o.count, 511); /* saturated at 2m - 1 */
    uint32_t zero[16] = {0};
    o = dev_op(&d, true, SIG_BLOOM_OP_LOAD, 0, 3, zero); /* LOAD leaves the counter */
    assert_int_equal(o.count, 511);
    o = dev_op(&d, true, SIG_BLOOM_OP_CLEAR, 0, 0, NULL);
    assert_int_equal(o.count, 0);
    assert_false(o.thresh);
    uint32_t got[4];
    assert_int_equal(set_bits(&d, 256, got, 4), 0);
    dev_close(&d);
}

/* G4: chunk LOAD/READ round trip, response strobes and zeroed payloads (R4, R5). */
static void g4(bool rtl) {
    static const char* const p[] = {"m=1024", "chunk_width=128", NULL};
    dev_t d;
    dev_open(&d, rtl, p);
    dev_reset(&d);
    const uint32_t pat[4] = {0x01234567u, 0x89ABCDEFu, 0xDEADBEEFu, 0x00C0FFEEu};
    sig_bloom_out_t o = dev_op(&d, true, SIG_BLOOM_OP_LOAD, 0, 5, pat);
    assert_false(o.resp_valid);
    o = dev_op(&d, true, SIG_BLOOM_OP_READ, 0, 5, NULL);
    assert_true(o.resp_valid);
    assert_false(o.member);
    assert_memory_equal(o.chunk_data, pat, sizeof pat);
    o = dev_op(&d, true, SIG_BLOOM_OP_READ, 0, 4, NULL);
    assert_true(o.resp_valid);
    for (int w = 0; w < 4; w++)
        assert_int_equal(o.chunk_data[w], 0);
    o = dev_op(&d, true, SIG_BLOOM_OP_NOP, 0, 5, NULL);
    assert_false(o.resp_valid);
    for (int w = 0; w < 4; w++)
        assert_int_equal(o.chunk_data[w], 0); /* payload is 0 when not valid */
    sig_bloom_state_t st;
    dev_state(&d, &st);
    assert_int_equal(st.bits[5 * 4 + 2], 0xDEADBEEFu); /* chunk 5 = vector bits 640..767 */
    assert_int_equal(st.count, 0);
    dev_close(&d);
}

/* G5: reset has priority over the operation (spec §5). */
static void g5(bool rtl) {
    static const char* const p[] = {"m=256", "chunk_width=32", NULL};
    dev_t d;
    dev_open(&d, rtl, p);
    dev_reset(&d);
    dev_op(&d, true, SIG_BLOOM_OP_INSERT, 0x4000, 0, NULL);
    sig_bloom_out_t o = dev_op(&d, true, SIG_BLOOM_OP_TEST, 0x4000, 0, NULL);
    assert_true(o.member);
    o = dev_op(&d, false, SIG_BLOOM_OP_INSERT, 0x8000, 0, NULL);
    assert_int_equal(o.count, 0);
    o = dev_op(&d, false, SIG_BLOOM_OP_TEST, 0x4000, 0, NULL);
    assert_false(o.resp_valid);
    o = dev_op(&d, true, SIG_BLOOM_OP_TEST, 0x4000, 0, NULL);
    assert_true(o.resp_valid);
    assert_false(o.member);
    uint32_t got[4];
    assert_int_equal(set_bits(&d, 256, got, 4), 0);
    dev_close(&d);
}

static void test_g1_h3_worked_values_c(void** s) {
    (void)s;
    g1(false);
}
static void test_g1_h3_worked_values_rtl(void** s) {
    (void)s;
    g1(true);
}
static void test_g2_bitsel_parallel_by_hand_c(void** s) {
    (void)s;
    g2(false);
}
static void test_g2_bitsel_parallel_by_hand_rtl(void** s) {
    (void)s;
    g2(true);
}
static void test_g3_counter_threshold_c(void** s) {
    (void)s;
    g3(false);
}
static void test_g3_counter_threshold_rtl(void** s) {
    (void)s;
    g3(true);
}
static void test_g4_chunk_round_trip_c(void** s) {
    (void)s;
    g4(false);
}
static void test_g4_chunk_round_trip_rtl(void** s) {
    (void)s;
    g4(true);
}
static void test_g5_reset_priority_c(void** s) {
    (void)s;
    g5(false);
}
static void test_g5_reset_priority_rtl(void** s) {
    (void)s;
    g5(true);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_g1_h3_worked_values_c),
        cmocka_unit_test(test_g1_h3_worked_values_rtl),
        cmocka_unit_test(test_g2_bitsel_parallel_by_hand_c),
        cmocka_unit_test(test_g2_bitsel_parallel_by_hand_rtl),
        cmocka_unit_test(test_g3_counter_threshold_c),
        cmocka_unit_test(test_g3_counter_threshold_rtl),
        cmocka_unit_test(test_g4_chunk_round_trip_c),
        cmocka_unit_test(test_g4_chunk_round_trip_rtl),
        cmocka_unit_test(test_g5_reset_priority_c),
        cmocka_unit_test(test_g5_reset_priority_rtl),
    };
    return cmocka_run_group_tests_name("golden", tests, NULL, NULL);
}
