/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_compare.c -- every comparison path of the sig_bloom lockstep adapter catches a
 * deliberately broken value: each output field, each part of the chunk, a signature bit and
 * the counter, with the field path and hex values of the report. (The mutants prove the same
 * end to end; this proves the paths no mutant reaches first, e.g. the counter's state compare.)
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sig_bloom.h"
#include "sig_bloom_tb.h"
#include "unit.h"

typedef struct {
    const gpucoh_tb_ops_t* t;
    void* ctx;
    sig_bloom_out_t out;
    sig_bloom_state_t st;
} fix_t;

/* Run the testbench's own stimulus for some cycles on the C model; keep its last outputs and
 * a copy of its state (what a perfect RTL would return). */
static int setup(void** state) {
    fix_t* f = calloc(1, sizeof *f);
    const gpucoh_unit_t* u = gpucoh_unit_find("sig_bloom");
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    char err[256];
    assert_int_equal(gpucoh_param_set(u, &pv, "chunk_width=128", err, sizeof err), 0);
    assert_int_equal(u->resolve(&pv, err, sizeof err), 0);
    f->t = u->tb;
    f->ctx = calloc(1, f->t->ctx_size);
    assert_int_equal(f->t->init(f->ctx, &pv, 3, GPUCOH_STIM_MIXED, err, sizeof err), 0);
    sig_bloom_in_t in;
    for (uint64_t c = 0; c < 20000; c++) {
        f->t->next_input(f->ctx, c, &in);
        f->t->model_tick(f->ctx, &in, &f->out);
    }
    /* a READ so that chunk_data_o carries data */
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.op = SIG_BLOOM_OP_READ;
    in.chunk_idx = 0;
    f->t->model_tick(f->ctx, &in, &f->out);
    f->st = ((const sig_bloom_t*)f->ctx)->st; /* the model is the adapter context's first member */
    *state = f;
    return 0;
}

static int teardown(void** state) {
    fix_t* f = *state;
    free(f->ctx);
    free(f);
    return 0;
}

static void expect_out(fix_t* f, const sig_bloom_out_t* bad, const char* field, const char* exp,
                       const char* got) {
    gpucoh_mismatch_t mm;
    memset(&mm, 0, sizeof mm);
    assert_int_equal(f->t->compare_out(f->ctx, &f->out, &f->out, &mm), 0);
    assert_int_not_equal(f->t->compare_out(f->ctx, &f->out, bad, &mm), 0);
    assert_string_equal(mm.field, field);
    if (exp)
        assert_string_equal(mm.expected, exp);
    if (got)
        assert_string_equal(mm.got, got);
}

static void test_output_paths(void** state) {
    fix_t* f = *state;
    sig_bloom_out_t b;
    char e[32], g[32];

    b = f->out;
    b.resp_valid = !b.resp_valid;
    expect_out(f, &b, "sig_bloom.resp_valid_o", NULL, NULL);

    b = f->out;
    b.member = !b.member;
    expect_out(f, &b, "sig_bloom.member_o", NULL, NULL);

    b = f->out;
    b.count ^= 0x10;
    snprintf(e, sizeof e, "0x%x", f->out.count);
    snprintf(g, sizeof g, "0x%x", b.count);
    expect_out(f, &b, "sig_bloom.count_o", e, g);

    b = f->out;
    b.thresh = !b.thresh;
    expect_out(f, &b, "sig_bloom.thresh_o", NULL, NULL);

    for (int w = 0; w < 4; w++) { /* every 32-bit word of a 128-bit chunk */
        b = f->out;
        b.chunk_data[w] ^= 0x00800000u;
        char field[64];
        snprintf(field, sizeof field, "sig_bloom.chunk_data_o[%d:%d]", 32 * w + 31, 32 * w);
        snprintf(e, sizeof e, "0x%08x", f->out.chunk_data[w]);
        snprintf(g, sizeof g, "0x%08x", b.chunk_data[w]);
        expect_out(f, &b, field, e, g);
    }

    /* several wrong fields: the first is named, the rest counted */
    b = f->out;
    b.member = !b.member;
    b.count ^= 1;
    b.chunk_data[2] ^= 1;
    gpucoh_mismatch_t mm;
    assert_int_equal(f->t->compare_out(f->ctx, &f->out, &b, &mm), 3);
    assert_string_equal(mm.field, "sig_bloom.member_o");
    assert_int_equal(mm.extra, 2);
}

static void test_state_paths(void** state) {
    fix_t* f = *state;
    gpucoh_mismatch_t mm;
    sig_bloom_state_t b = f->st;
    assert_int_equal(f->t->compare_state(f->ctx, &b, &mm), 0);

    /* one signature bit, in the first and the last word */
    const uint32_t probes[] = {0, 31, 1021, 4095};
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        uint32_t v = probes[i];
        b = f->st;
        b.bits[v / 32] ^= 1u << (v % 32);
        assert_int_equal(f->t->compare_state(f->ctx, &b, &mm), 1);
        char field[64], e[8], g[8];
        snprintf(field, sizeof field, "sig_bloom.bits[%u]", v);
        snprintf(e, sizeof e, "0x%x", (f->st.bits[v / 32] >> (v % 32)) & 1u);
        snprintf(g, sizeof g, "0x%x", (b.bits[v / 32] >> (v % 32)) & 1u);
        assert_string_equal(mm.field, field);
        assert_string_equal(mm.expected, e);
        assert_string_equal(mm.got, g);
    }

    /* the counter's state compare */
    b = f->st;
    b.count += 5;
    assert_int_equal(f->t->compare_state(f->ctx, &b, &mm), 1);
    assert_string_equal(mm.field, "sig_bloom.count");
    char e[16], g[16];
    snprintf(e, sizeof e, "0x%x", f->st.count);
    snprintf(g, sizeof g, "0x%x", b.count);
    assert_string_equal(mm.expected, e);
    assert_string_equal(mm.got, g);

    /* many bits: first reported, the rest counted */
    b = f->st;
    b.bits[3] ^= 0xF0u;
    b.count ^= 1;
    assert_int_equal(f->t->compare_state(f->ctx, &b, &mm), 5);
    assert_string_equal(mm.field, "sig_bloom.bits[100]");
    assert_int_equal(mm.extra, 4);

    /* words beyond m/32 are not part of the state of this size */
    b = f->st;
    b.bits[SIG_BLOOM_MAX_WORDS - 1] ^= 1u;
    assert_int_equal(f->t->compare_state(f->ctx, &b, &mm), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_output_paths, setup, teardown),
        cmocka_unit_test_setup_teardown(test_state_paths, setup, teardown),
    };
    return cmocka_run_group_tests_name("compare", tests, NULL, NULL);
}
