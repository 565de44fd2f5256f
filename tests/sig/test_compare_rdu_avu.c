/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_compare_rdu_avu.c -- every comparison path of the rdu and avu lockstep adapters catches
 * a deliberately broken value: each output field and each state field of the unit pages'
 * section 3, one at a time, reported with the right field path. (The mutants prove many of
 * these end to end; this proves every path, including those no mutant reaches first.)
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "avu.h"
#include "rdu.h"
#include "unit.h"

typedef struct {
    const gpucoh_tb_ops_t* t;
    void* ctx;
    void* out; /* the model's last outputs */
    void* st;  /* a copy of its state: what a perfect RTL would return */
    void* bad; /* scratch */
    size_t out_size, st_size;
} fix_t;

/* Run the unit's own testbench stimulus on the C model for `cycles` cycles. */
static fix_t* fixture(const char* unit, const char* const* params, uint64_t cycles) {
    fix_t* f = calloc(1, sizeof *f);
    const gpucoh_unit_t* u = gpucoh_unit_find(unit);
    assert_non_null(u);
    gpucoh_pvals_t pv;
    memset(&pv, 0, sizeof pv);
    char err[256];
    for (const char* const* p = params; *p; p++)
        assert_int_equal(gpucoh_param_set(u, &pv, *p, err, sizeof err), 0);
    assert_int_equal(u->resolve(&pv, err, sizeof err), 0);
    f->t = u->tb;
    f->ctx = calloc(1, f->t->ctx_size);
    f->out = calloc(1, f->t->out_size);
    f->st = calloc(1, f->t->state_size);
    f->bad = calloc(1, f->t->state_size > f->t->out_size ? f->t->state_size : f->t->out_size);
    void* in = calloc(1, f->t->in_size);
    assert_int_equal(f->t->init(f->ctx, &pv, 5, GPUCOH_STIM_MIXED, err, sizeof err), 0);
    for (uint64_t c = 0; c < cycles; c++) {
        f->t->next_input(f->ctx, c, in);
        f->t->model_tick(f->ctx, in, f->out);
    }
    free(in);
    f->out_size = f->t->out_size;
    f->st_size = f->t->state_size;
    return f;
}

static void release(fix_t* f) {
    free(f->ctx);
    free(f->out);
    free(f->st);
    free(f->bad);
    free(f);
}

/* The field path reported for a corrupted copy must start with `want`. */
static void expect(fix_t* f, bool state, const char* want) {
    gpucoh_mismatch_t mm;
    memset(&mm, 0, sizeof mm);
    uint32_t n = state ? f->t->compare_state(f->ctx, f->bad, &mm)
                       : f->t->compare_out(f->ctx, f->out, f->bad, &mm);
    if (n == 0)
        fail_msg("a corrupted %s (%s) was not reported", state ? "state field" : "output", want);
    if (strncmp(mm.field, want, strlen(want)) != 0)
        fail_msg("corrupted %s reported as '%s'", want, mm.field);
}

/* ---- rdu ------------------------------------------------------------------------------------ */

#define RDU_OUT(stmt, path)                                                                        \
    do {                                                                                           \
        rdu_out_t* b = f->bad;                                                                     \
        *b = *(const rdu_out_t*)f->out;                                                            \
        stmt;                                                                                      \
        expect(f, false, path);                                                                    \
    } while (0)
#define RDU_ST(stmt, path)                                                                         \
    do {                                                                                           \
        rdu_state_t* b = f->bad;                                                                   \
        *b = *st;                                                                                  \
        stmt;                                                                                      \
        expect(f, true, path);                                                                     \
    } while (0)

static void test_rdu_paths(void** state) {
    (void)state;
    static const char* const p[] = {"n=4", "m=1024", "gran=4", NULL};
    fix_t* f = fixture("rdu", p, 30000);
    const rdu_state_t* st = &((const rdu_t*)f->ctx)->st; /* model: the ctx's first member */
    gpucoh_mismatch_t mm;
    assert_int_equal(f->t->compare_out(f->ctx, f->out, f->out, &mm), 0);
    assert_int_equal(f->t->compare_state(f->ctx, st, &mm), 0);

    RDU_OUT(b->req_ready ^= 4, "rdu.req_ready_o[2]");
    RDU_OUT(b->rsp_valid = !b->rsp_valid, "rdu.rsp_valid_o");
    RDU_OUT(b->rsp_sm ^= 1, "rdu.rsp_sm_o");
    RDU_OUT(b->rsp_kind ^= 2, "rdu.rsp_kind_o");
    RDU_OUT(b->rsp_idx ^= 1, "rdu.rsp_idx_o");
    RDU_OUT(b->rsp_last = !b->rsp_last, "rdu.rsp_last_o");
    for (int w = 0; w < 8; w++) {
        char path[64];
        snprintf(path, sizeof path, "rdu.rsp_chunk_o[%d:%d]", 32 * w + 31, 32 * w);
        RDU_OUT(b->rsp_chunk[w] ^= 0x100u, path);
    }
    for (uint32_t j = 0; j < 4; j++) {
        char path[64];
        snprintf(path, sizeof path, "rdu.sm[%u].sig[%u]", j, 1023u);
        RDU_ST(b->sig[j][31] ^= 0x80000000u, path);
        snprintf(path, sizeof path, "rdu.sm[%u].cnt", j);
        RDU_ST(b->cnt[j] ^= 1, path);
        snprintf(path, sizeof path, "rdu.sm[%u].qcnt", j);
        RDU_ST(b->qcnt[j] ^= 1, path);
    }
    RDU_ST(b->pend ^= 2, "rdu.pend");
    RDU_ST(b->rr ^= 1, "rdu.rr");
    RDU_ST(b->st ^= 1, "rdu.st");
    RDU_ST(b->cur_sm ^= 1, "rdu.cur_sm");
    RDU_ST(b->cur_write = !b->cur_write, "rdu.cur_write");
    RDU_ST(b->cur_addr ^= 0x80, "rdu.cur_addr");
    RDU_ST(b->cur_umask[0] ^= 1u << 31, "rdu.cur_umask[31]");
    RDU_ST(b->race = !b->race, "rdu.race");
    /* SMs beyond n and words beyond m/32 are not part of this size's state */
    rdu_state_t* b = f->bad;
    *b = *st;
    b->sig[5][0] ^= 1;
    b->sig[0][40] ^= 1;
    assert_int_equal(f->t->compare_state(f->ctx, b, &mm), 0);
    release(f);
}

/* ---- avu ------------------------------------------------------------------------------------ */

#define AVU_OUT(stmt, path)                                                                        \
    do {                                                                                           \
        avu_out_t* b = f->bad;                                                                     \
        *b = *(const avu_out_t*)f->out;                                                            \
        stmt;                                                                                      \
        expect(f, false, path);                                                                    \
    } while (0)
#define AVU_ST(stmt, path)                                                                         \
    do {                                                                                           \
        avu_state_t* b = f->bad;                                                                   \
        *b = *st;                                                                                  \
        stmt;                                                                                      \
        expect(f, true, path);                                                                     \
    } while (0)

static void test_avu_paths(void** state) {
    (void)state;
    static const char* const p[] = {"m=1024", "lines=16", "gran=4", NULL};
    fix_t* f = fixture("avu", p, 30000);
    const avu_state_t* st = &((const avu_t*)f->ctx)->st;
    gpucoh_mismatch_t mm;
    assert_int_equal(f->t->compare_out(f->ctx, f->out, f->out, &mm), 0);
    assert_int_equal(f->t->compare_state(f->ctx, st, &mm), 0);

    AVU_OUT(b->ready = !b->ready, "avu.ready_o");
    AVU_OUT(b->rsp_ready = !b->rsp_ready, "avu.rsp_ready_o");
    AVU_OUT(b->res_valid = !b->res_valid, "avu.res_valid_o");
    AVU_OUT(b->res_kind ^= 1, "avu.res_kind_o");
    AVU_OUT(b->res_spec = !b->res_spec, "avu.res_spec_o");
    AVU_OUT(b->res_rc = !b->res_rc, "avu.res_rc_o");
    AVU_OUT(b->res_id ^= 8, "avu.res_id_o");
    AVU_OUT(b->cmt_valid = !b->cmt_valid, "avu.cmt_valid_o");
    AVU_OUT(b->cmt_failed = !b->cmt_failed, "avu.cmt_failed_o");
    AVU_OUT(b->cmt_id ^= 8, "avu.cmt_id_o");
    AVU_OUT(b->epoch ^= 1, "avu.epoch_o");
    AVU_OUT(b->pending = !b->pending, "avu.pending_o");

    AVU_ST(b->sig[31] ^= 0x80000000u, "avu.sig[1023]");
    AVU_ST(b->epoch ^= 1, "avu.epoch");
    AVU_ST(b->fe[15] ^= 1, "avu.line[15].fe");
    AVU_ST(b->fresh[15] ^= 1, "avu.line[15].fresh");
    AVU_ST(b->hits[15] ^= 1, "avu.line[15].hits");
    AVU_ST(b->outs ^= 1, "avu.outs");
    AVU_ST(b->st ^= 1, "avu.st");
    AVU_ST(b->opv = !b->opv, "avu.opv");
    AVU_ST(b->op_store = !b->op_store, "avu.op_store");
    AVU_ST(b->op_hit = !b->op_hit, "avu.op_hit");
    AVU_ST(b->op_line ^= 1, "avu.op_line");
    AVU_ST(b->op_addr ^= 0x80, "avu.op_addr");
    AVU_ST(b->op_mask[3] ^= 1u << 31, "avu.op_mask[127]");
    AVU_ST(b->op_id ^= 1, "avu.op_id");
    AVU_ST(b->tmask[0] ^= 1u << 31, "avu.tmask[31]");
    AVU_ST(b->vslot ^= 1, "avu.vslot");
    AVU_ST(b->sv[7] = !b->sv[7], "avu.spec[7].valid");
    AVU_ST(b->sid[7] ^= 1, "avu.spec[7].id");
    AVU_ST(b->saddr[7] ^= 0x80, "avu.spec[7].addr");
    AVU_ST(b->sumask[7][0] ^= 1u, "avu.spec[7].umask[0]");
    AVU_ST(b->scnt[7] ^= 1, "avu.spec[7].cnt");
    AVU_ST(b->sfail[7] = !b->sfail[7], "avu.spec[7].failed");
    AVU_ST(b->sneed[7] = !b->sneed[7], "avu.spec[7].need");
    AVU_ST(b->head ^= 1, "avu.head");
    AVU_ST(b->qn ^= 1, "avu.qn");
    /* lines beyond NumLines and slots beyond D are not part of this size's state */
    avu_state_t* b = f->bad;
    *b = *st;
    b->fe[16] ^= 1;
    b->sv[8] = !b->sv[8];
    b->sig[32] ^= 1;
    assert_int_equal(f->t->compare_state(f->ctx, b, &mm), 0);
    release(f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rdu_paths),
        cmocka_unit_test(test_avu_paths),
    };
    return cmocka_run_group_tests_name("compare_rdu_avu", tests, NULL, NULL);
}
