/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_avu.c -- cmocka unit tests of the AVU C model (cmodel/sig/avu.c).
 *
 * Expected values come from docs/units/sig/avu.md, worked out edge by edge in the comments of each
 * test. Signatures shipped to the AVU are built with a separate sig_bloom_t (INSERT of the unit
 * addresses, then READ of every chunk), so which unit is a member of the AVU signature is what
 * the sig_bloom model says, not what the AVU computes.
 *
 * Edge numbering in the comments: "e1" is the first rising edge after the reset edge; the
 * outputs checked after an edge are those of the cycle that follows it (timing.md rule 5).
 *
 *   gcc -std=c11 ... -DSIG_BLOOM_CHECK_RULES -Icmodel cmodel/sig/sig_bloom.c cmodel/sig/rdu.c \
 *       cmodel/sig/avu.c tests/sig/test_avu.c -lcmocka
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "avu.h"
#include "rdu.h"
#include "sig_bloom.h"

/*--- deterministic PRNG ---------------------------------------------------------------------*/

static uint64_t splitmix64(uint64_t* x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint32_t rnd_below(uint64_t* x, uint32_t n) {
    return (uint32_t)(splitmix64(x) % n);
}

/*--- harness --------------------------------------------------------------------------------*/

typedef struct {
    avu_t* a;
    sig_bloom_t* sb; /* signature builder: same parameters as the AVU's signature */
    avu_out_t out;   /* outputs of the cycle after the last edge */
    uint64_t edges;  /* edges since the reset edge */
} tb_t;

static bool all_zero(const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p;
    for (size_t i = 0; i < n; i++) {
        if (b[i] != 0u) {
            return false;
        }
    }
    return true;
}

static avu_in_t in_idle(void) {
    avu_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    return in;
}

static avu_out_t edge(tb_t* t, const avu_in_t* in) {
    avu_out_t o;
    memset(&o, 0xA5, sizeof o);
    avu_tick(t->a, in, &o);
    t->out = o;
    t->edges++;
    /* timing.md rule 6 / spec §2: payloads are 0 whenever their valid is 0 */
    if (!o.res_valid) {
        assert_int_equal(o.res_kind, 0);
        assert_false(o.res_spec);
        assert_false(o.res_rc);
        assert_int_equal(o.res_id, 0);
    }
    if (!o.cmt_valid) {
        assert_false(o.cmt_failed);
        assert_int_equal(o.cmt_id, 0);
    }
    /* §3: the Moore outputs */
    const avu_state_t* s = &t->a->st;
    assert_int_equal(o.ready, !s->opv);
    assert_int_equal(o.rsp_ready, s->st == AVU_ST_IDLE || s->st == AVU_ST_LOAD);
    assert_int_equal(o.epoch, s->epoch);
    assert_int_equal(o.pending, s->qn != 0u);
    return o;
}

static avu_out_t idle(tb_t* t) {
    const avu_in_t in = in_idle();
    return edge(t, &in);
}

static avu_out_t reset_edge(tb_t* t) {
    avu_in_t in = in_idle();
    in.rst_n = false;
    avu_out_t o = edge(t, &in);
    t->edges = 0;
    return o;
}

static void open_tb(tb_t* t, const avu_desc_t* d) {
    memset(t, 0, sizeof *t);
    t->a = malloc(sizeof *t->a);
    t->sb = malloc(sizeof *t->sb);
    assert_non_null(t->a);
    assert_non_null(t->sb);
    char msg[200];
    const int err = avu_init(t->a, d, msg, sizeof msg);
    if (err != AVU_OK) {
        fail_msg("avu_init: %s", msg);
    }
    assert_int_equal(sig_bloom_init(t->sb, &d->sig, msg, sizeof msg), SIG_BLOOM_OK);
    (void)reset_edge(t);
}

static void close_tb(tb_t* t) {
    free(t->a);
    free(t->sb);
    t->a = NULL;
    t->sb = NULL;
}

/* parameter sets */
static avu_desc_t dsc(uint32_t m, uint32_t chunk, uint32_t gran, uint32_t line) {
    avu_desc_t d = avu_desc_default();
    d.sig.m = m;
    d.sig.chunk_width = chunk;
    d.sig.gran = gran;
    d.sig.threshold = m / 8u;
    d.line = line;
    return d;
}

/* an access with the full line mask */
static avu_in_t in_op(bool store, uint32_t line, bool hit, uint64_t addr, uint32_t id) {
    avu_in_t in = in_idle();
    in.op_valid = true;
    in.op_store = store;
    in.op_line = line;
    in.op_hit = hit;
    in.op_addr = addr;
    in.op_id = id;
    memset(in.op_mask, 0xFF, sizeof in.op_mask); /* bits >= L are not on the port */
    return in;
}

static avu_in_t in_load(uint32_t line, bool hit, uint64_t addr, uint32_t id) {
    return in_op(false, line, hit, addr, id);
}

/* mask = bytes [first, first + n) of the line */
static void set_bytes(avu_in_t* in, uint32_t first, uint32_t n) {
    memset(in->op_mask, 0, sizeof in->op_mask);
    for (uint32_t b = first; b < first + n; b++) {
        in->op_mask[b / 32u] |= 1u << (b % 32u);
    }
}

/*--- signature builder (sig_bloom model) ----------------------------------------------------*/

static void sb_clear(tb_t* t) {
    sig_bloom_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.op = SIG_BLOOM_OP_CLEAR;
    sig_bloom_tick(t->sb, &in, NULL);
}

static void sb_insert(tb_t* t, uint64_t unit_addr) {
    sig_bloom_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.op = SIG_BLOOM_OP_INSERT;
    in.addr = unit_addr;
    sig_bloom_tick(t->sb, &in, NULL);
    assert_true(sig_bloom_member(t->sb, unit_addr));
}

static bool sb_member(const tb_t* t, uint64_t unit_addr) {
    return sig_bloom_member(t->sb, unit_addr);
}

static void sb_chunk(tb_t* t, uint32_t idx, uint32_t* words) {
    sig_bloom_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.op = SIG_BLOOM_OP_READ;
    in.chunk_idx = idx;
    sig_bloom_out_t o;
    memset(&o, 0, sizeof o);
    sig_bloom_tick(t->sb, &in, &o);
    memcpy(words, o.chunk_data, sizeof o.chunk_data);
}

static avu_in_t in_beat(tb_t* t, uint32_t kind, uint32_t idx) {
    avu_in_t in = in_idle();
    in.rsp_valid = true;
    in.rsp_kind = kind;
    in.rsp_idx = idx;
    in.rsp_last = idx == t->a->nc - 1u;
    sb_chunk(t, idx, in.rsp_chunk);
    return in;
}

static avu_in_t in_norace(void) {
    avu_in_t in = in_idle();
    in.rsp_valid = true;
    in.rsp_kind = RDU_RSP_NO_RACE;
    in.rsp_last = true;
    return in;
}

/* Ship the builder's signature with kind `kind`: NC beats on consecutive edges, each taken
 * (rsp_ready must be 1 before each). Returns the outputs after the last beat. */
static avu_out_t ship(tb_t* t, uint32_t kind) {
    const uint32_t e0 = t->a->st.epoch;
    for (uint32_t i = 0; i < t->a->nc; i++) {
        assert_true(t->out.rsp_ready);
        const avu_in_t in = in_beat(t, kind, i);
        (void)edge(t, &in);
        if (i + 1u < t->a->nc) {
            assert_int_equal(t->a->st.st, AVU_ST_LOAD);
            assert_int_equal(t->a->st.epoch, e0); /* R8: no change before the last beat */
        }
    }
    /* the AVU signature is now the shipped one, bit for bit */
    assert_memory_equal(t->a->st.sig, t->sb->st.bits, t->a->words * sizeof(uint32_t));
    assert_int_equal(t->a->st.epoch, (e0 + 1u) & t->a->emask);
    return t->out;
}

static avu_out_t norace(tb_t* t) {
    assert_true(t->out.rsp_ready);
    const avu_in_t in = in_norace();
    return edge(t, &in);
}

/*--- expectations ---------------------------------------------------------------------------*/

#define EXPECT_RES(o, kind, spec, rc, id) expect_res((o), (kind), (spec), (rc), (id), __LINE__)
#define EXPECT_NO_RES(o)                  expect_no_res((o), __LINE__)
#define EXPECT_CMT(o, failed, id)         expect_cmt((o), (failed), (id), __LINE__)
#define EXPECT_NO_CMT(o)                  expect_no_cmt((o), __LINE__)

static void expect_res(const avu_out_t* o, uint32_t kind, bool spec, bool rc, uint32_t id,
                       int line) {
    if (!o->res_valid || o->res_kind != kind || o->res_spec != spec || o->res_rc != rc ||
        o->res_id != id) {
        fail_msg("line %d: res valid=%d kind=%u spec=%d rc=%d id=%u, expected 1 %u %d %d %u", line,
                 o->res_valid, o->res_kind, o->res_spec, o->res_rc, o->res_id, kind, spec, rc, id);
    }
}

static void expect_no_res(const avu_out_t* o, int line) {
    if (o->res_valid) {
        fail_msg("line %d: unexpected result kind=%u id=%u", line, o->res_kind, o->res_id);
    }
}

static void expect_cmt(const avu_out_t* o, bool failed, uint32_t id, int line) {
    if (!o->cmt_valid || o->cmt_failed != failed || o->cmt_id != id) {
        fail_msg("line %d: cmt valid=%d failed=%d id=%u, expected 1 %d %u", line, o->cmt_valid,
                 o->cmt_failed, o->cmt_id, failed, id);
    }
}

static void expect_no_cmt(const avu_out_t* o, int line) {
    if (o->cmt_valid) {
        fail_msg("line %d: unexpected commit id=%u failed=%d", line, o->cmt_id, o->cmt_failed);
    }
}

/* Present access `op` (ready must be 1) and return the outputs after the edge that resolves
 * it; *lat = edges from the acceptance edge to that edge (1 = resolved at the next edge). */
static avu_out_t access(tb_t* t, const avu_in_t* op, uint32_t* lat) {
    assert_true(t->out.ready);
    avu_out_t o = edge(t, op);
    assert_false(o.ready);
    EXPECT_NO_RES(&o);
    uint32_t n = 0;
    do {
        o = idle(t);
        n++;
        assert_true(n < 1000u);
    } while (!o.res_valid);
    assert_true(o.ready);
    if (lat != NULL) {
        *lat = n;
    }
    return o;
}

/* an access that is resolved at the next edge */
static avu_out_t access1(tb_t* t, const avu_in_t* op) {
    uint32_t lat = 0;
    const avu_out_t o = access(t, op, &lat);
    assert_int_equal(lat, 1);
    return o;
}

/*--- 1. parameters (spec §1, R10) -----------------------------------------------------------*/

static void test_desc_default(void** state) {
    (void)state;
    const avu_desc_t d = avu_desc_default();
    assert_int_equal(d.sig.m, 4096);
    assert_int_equal(d.sig.k, 6);
    assert_int_equal(d.sig.org, SIG_BLOOM_ORG_TRUE);
    assert_int_equal(d.sig.hash, SIG_BLOOM_HASH_H3);
    assert_int_equal(d.sig.gran, 128);
    assert_int_equal(d.sig.addr_width, 32);
    assert_int_equal(d.sig.chunk_width, 256);
    assert_int_equal(d.sig.threshold, 512);
    assert_int_equal(d.sig.h3_seed, 0x9E3779B9u);
    assert_int_equal(d.line, 128);
    assert_int_equal(d.lines, 128);
    assert_int_equal(d.epoch_width, 5);
    assert_int_equal(d.hit_limit, 4);
    assert_int_equal(d.spec_depth, 8);
    assert_int_equal(d.out_max, 16);
    assert_int_equal(d.id_width, 16);
    assert_int_equal(avu_check_desc(&d, NULL, 0), AVU_OK);

    avu_t* a = malloc(sizeof *a);
    assert_non_null(a);
    char msg[160] = "stale";
    assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
    assert_string_equal(msg, "");
    assert_int_equal(a->lg, 7);
    assert_int_equal(a->ll, 7);
    assert_int_equal(a->nc, 16);
    assert_int_equal(a->ciw, 4);
    assert_int_equal(a->un, 1);
    assert_int_equal(a->words, 128);
    assert_int_equal(a->chunk_words, 8);
    assert_int_equal(a->hw, 2);
    assert_int_equal(a->ow, 5);
    assert_int_equal(a->emask, 31);
    assert_true(all_zero(&a->st, sizeof a->st));
    assert_true(all_zero(a->cov, sizeof a->cov));
    assert_int_equal(a->protocol_errors, 0);
    /* after init (= after a reset edge): ready and rsp_ready are 1, everything else 0 */
    assert_true(a->out.ready);
    assert_true(a->out.rsp_ready);
    assert_false(a->out.res_valid || a->out.cmt_valid || a->out.pending);
    assert_int_equal(a->out.epoch, 0);

    /* derived widths at other points: HW = max(1, ceil(log2 HitLimit)), OW = ceil(log2(OutMax+1))
     * DW is not stored; UN = L/G below the line size; CIW = max(1, log2 NC) */
    const struct {
        uint32_t gran, line, m, chunk, hit, outmax, ew;
        uint32_t un, nc, ciw, hw, ow, emask;
    } cases[] = {
        {1, 256, 256, 256, 1, 1, 2, 256, 1, 1, 1, 1, 3},
        {4, 32, 16384, 8, 2, 255, 8, 8, 2048, 11, 1, 8, 255},
        {512, 64, 1024, 512, 15, 16, 3, 1, 2, 1, 4, 5, 7},
        {128, 256, 4096, 64, 5, 7, 4, 2, 64, 6, 3, 3, 15},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        avu_desc_t e = dsc(cases[c].m, cases[c].chunk, cases[c].gran, cases[c].line);
        e.hit_limit = cases[c].hit;
        e.out_max = cases[c].outmax;
        e.epoch_width = cases[c].ew;
        assert_int_equal(avu_init(a, &e, msg, sizeof msg), AVU_OK);
        assert_int_equal(a->un, cases[c].un);
        assert_int_equal(a->nc, cases[c].nc);
        assert_int_equal(a->ciw, cases[c].ciw);
        assert_int_equal(a->hw, cases[c].hw);
        assert_int_equal(a->ow, cases[c].ow);
        assert_int_equal(a->emask, cases[c].emask);
        assert_int_equal(a->chunk_words, (cases[c].chunk + 31u) / 32u);
    }
    free(a);
}

/* d must be rejected with err; the message must contain both needles. */
static void check_bad(const avu_desc_t* d, int err, const char* name_value, const char* range) {
    char msg[240];
    memset(msg, 0, sizeof msg);
    assert_int_equal(avu_check_desc(d, msg, sizeof msg), err);
    if (strstr(msg, name_value) == NULL || strstr(msg, range) == NULL) {
        fail_msg("message \"%s\" lacks \"%s\" or \"%s\"", msg, name_value, range);
    }
    if (strchr(msg, '\n') != NULL) {
        fail_msg("message \"%s\" is not one line", msg);
    }
    print_message("  rejected (%d): %s\n", err, msg);

    avu_t* a = malloc(sizeof *a);
    assert_non_null(a);
    memset(a, 0x5A, sizeof *a);
    char msg2[240];
    assert_int_equal(avu_init(a, d, msg2, sizeof msg2), err);
    assert_string_equal(msg, msg2);
    assert_true(all_zero(a, sizeof *a)); /* on error the model is left zeroed */
    free(a);

    assert_int_equal(avu_check_desc(d, NULL, 0), err);
    char tiny[8];
    memset(tiny, 'x', sizeof tiny);
    assert_int_equal(avu_check_desc(d, tiny, sizeof tiny), err);
    assert_int_equal(tiny[sizeof tiny - 1u], '\0');

    const char* why = avu_strerror(err);
    assert_non_null(why);
    assert_null(strstr(why, "unknown"));
}

static void test_validation_errors(void** state) {
    (void)state;
    const avu_desc_t def = avu_desc_default();
    avu_desc_t d;

    d = def;
    d.line = 16;
    check_bad(&d, AVU_ERR_LINE, "line = 16", "32, 64, 128 or 256");
    d.line = 512;
    check_bad(&d, AVU_ERR_LINE, "line = 512", "32, 64, 128 or 256");
    d.line = 96;
    check_bad(&d, AVU_ERR_LINE, "line = 96", "32, 64, 128 or 256");

    d = def;
    d.lines = 2;
    check_bad(&d, AVU_ERR_LINES, "lines = 2", "4..1024");
    d.lines = 2048;
    check_bad(&d, AVU_ERR_LINES, "lines = 2048", "4..1024");
    d.lines = 100;
    check_bad(&d, AVU_ERR_LINES, "lines = 100", "power of two");
    d.lines = 0;
    check_bad(&d, AVU_ERR_LINES, "lines = 0", "4..1024");

    d = def;
    d.epoch_width = 1;
    check_bad(&d, AVU_ERR_EPOCH, "epoch_width = 1", "2..8");
    d.epoch_width = 9;
    check_bad(&d, AVU_ERR_EPOCH, "epoch_width = 9", "2..8");

    d = def;
    d.hit_limit = 0;
    check_bad(&d, AVU_ERR_HIT_LIMIT, "hit_limit = 0", "1..15");
    d.hit_limit = 16;
    check_bad(&d, AVU_ERR_HIT_LIMIT, "hit_limit = 16", "1..15");

    d = def;
    d.spec_depth = 0;
    check_bad(&d, AVU_ERR_SPEC, "spec_depth = 0", "1..32");
    d.spec_depth = 33;
    check_bad(&d, AVU_ERR_SPEC, "spec_depth = 33", "1..32");

    d = def;
    d.out_max = 0;
    check_bad(&d, AVU_ERR_OUT_MAX, "out_max = 0", "1..255");
    d.out_max = 256;
    check_bad(&d, AVU_ERR_OUT_MAX, "out_max = 256", "1..255");

    d = def;
    d.id_width = 0;
    check_bad(&d, AVU_ERR_ID_WIDTH, "id_width = 0", "1..32");
    d.id_width = 33;
    check_bad(&d, AVU_ERR_ID_WIDTH, "id_width = 33", "1..32");

    /* signature parameters: sig_bloom's own checks and messages */
    d = def;
    d.sig.m = 1000;
    check_bad(&d, AVU_ERR_SIG, "m = 1000", "256..16384");
    d = def;
    d.sig.k = 9;
    check_bad(&d, AVU_ERR_SIG, "k = 9", "1..8");
    d = def;
    d.sig.gran = 2;
    check_bad(&d, AVU_ERR_SIG, "gran = 2", "1, 4, 128 or 512");
    d = def;
    d.sig.chunk_width = 8192; /* > 512 */
    check_bad(&d, AVU_ERR_SIG, "chunk_width = 8192", "8..512");
    d = def;
    d.sig.addr_width = 15;
    check_bad(&d, AVU_ERR_SIG, "addr_width = 15", "16..64");
    d = def;
    d.sig.h3_seed = 0;
    check_bad(&d, AVU_ERR_SIG, "h3_seed = 0", "1..0xFFFFFFFF");
    d = def;
    d.sig.org = SIG_BLOOM_ORG_PARALLEL; /* k = 6: m/k not a power of two (P1) */
    check_bad(&d, AVU_ERR_SIG, "k = 6", "P1");
    d = def;
    d.sig.threshold = 0; /* unused by the AVU, but it must still be a legal sig_bloom value */
    check_bad(&d, AVU_ERR_SIG, "threshold = 0", "1..8191");
}

static void test_validation_null(void** state) {
    (void)state;
    const avu_desc_t d = avu_desc_default();
    char msg[160];
    msg[0] = '\0';
    assert_int_equal(avu_check_desc(NULL, msg, sizeof msg), AVU_ERR_NULL);
    assert_non_null(strstr(msg, "desc"));
    assert_non_null(strstr(msg, "NULL"));

    avu_t* a = malloc(sizeof *a);
    assert_non_null(a);
    memset(a, 0x5A, sizeof *a);
    msg[0] = '\0';
    assert_int_equal(avu_init(a, NULL, msg, sizeof msg), AVU_ERR_NULL);
    assert_non_null(strstr(msg, "desc"));
    assert_true(all_zero(a, sizeof *a));
    free(a);

    msg[0] = '\0';
    assert_int_equal(avu_init(NULL, &d, msg, sizeof msg), AVU_ERR_NULL);
    assert_non_null(strstr(msg, "NULL"));
    assert_int_equal(avu_init(NULL, NULL, NULL, 0), AVU_ERR_NULL);
    assert_string_equal(avu_strerror(AVU_OK), "ok");
    assert_non_null(strstr(avu_strerror(12345), "unknown"));
    assert_non_null(strstr(avu_strerror(-1), "unknown"));
}

static void test_validation_legal_edges(void** state) {
    (void)state;
    const avu_desc_t def = avu_desc_default();
    avu_t* a = malloc(sizeof *a);
    assert_non_null(a);
    const uint32_t lines[] = {4, 8, 1024};
    const uint32_t lsz[] = {32, 64, 128, 256};
    const uint32_t ews[] = {2, 8};
    const uint32_t hits[] = {1, 15};
    const uint32_t specs[] = {1, 32};
    const uint32_t outs[] = {1, 255};
    const uint32_t ids[] = {1, 32};
    char msg[200];
    avu_desc_t d;
    for (size_t i = 0; i < 3; i++) {
        d = def;
        d.lines = lines[i];
        assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
    }
    for (size_t i = 0; i < 4; i++) {
        for (size_t g = 0; g < 4; g++) {
            const uint32_t gr[] = {1, 4, 128, 512};
            d = dsc(256, 8, gr[g], lsz[i]);
            assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
            d = dsc(16384, 512, gr[g], lsz[i]);
            d.sig.addr_width = 64;
            assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
        }
    }
    for (size_t i = 0; i < 2; i++) {
        d = def;
        d.epoch_width = ews[i];
        assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
        d = def;
        d.hit_limit = hits[i];
        assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
        d = def;
        d.spec_depth = specs[i];
        assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
        d = def;
        d.out_max = outs[i];
        assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
        d = def;
        d.id_width = ids[i];
        assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
    }
    free(a);
}

/*--- 2. reset and the op handshake (§2 Timing, §3) ------------------------------------------*/

static void test_reset(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = dsc(4096, 256, 4, 128);
    open_tb(&t, &d);
    assert_int_equal(t.a->cov[AVU_T_RESET], 1);
    assert_true(t.out.ready && t.out.rsp_ready);
    assert_false(t.out.pending);
    assert_true(all_zero(&t.a->st, sizeof t.a->st));

    /* build up state: two fetched lines, a speculative entry, a loaded signature, epoch 1, and
     * finally an access in TEST */
    const uint64_t A = 0x2000, B = 0x3000;
    avu_in_t op = in_load(5, false, A, 1);
    avu_out_t o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 1);
    op = in_load(6, false, B, 2);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 2);
    op = in_load(5, true, A, 3);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 3);
    sb_insert(&t, B + 4);
    (void)ship(&t, RDU_RSP_FORCED);
    while (t.a->st.st != AVU_ST_IDLE) { /* validation of the entry's 32 units */
        (void)idle(&t);
        assert_true(t.edges < 1000u);
    }
    op = in_load(6, true, B, 4);
    (void)edge(&t, &op);
    (void)idle(&t);
    assert_int_equal(t.a->st.st, AVU_ST_TEST);
    assert_false(all_zero(&t.a->st, sizeof t.a->st));

    /* reset while an access and a beat are presented: both ignored, everything 0 (§4 end) */
    avu_in_t in = in_beat(&t, RDU_RSP_FORCED, 0);
    in.op_valid = true;
    in.op_line = 7;
    in.op_id = 9;
    in.rst_n = false;
    o = edge(&t, &in);
    assert_true(all_zero(&t.a->st, sizeof t.a->st));
    assert_true(o.ready && o.rsp_ready);
    assert_false(o.res_valid || o.cmt_valid || o.pending);
    assert_int_equal(o.epoch, 0);
    assert_int_equal(t.a->cov[AVU_T_RESET], 2);
    assert_int_equal(t.a->cov[AVU_T_OP_ACCEPT], 4);

    /* every first access after a reset is a miss: fresh = 0 for every line */
    op = in_load(5, true, A, 5);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_EXPIRED, false, true, 5);
    avu_reset(t.a); /* the function form gives the same state */
    assert_true(all_zero(&t.a->st, sizeof t.a->st));
    assert_true(t.a->out.ready && t.a->out.rsp_ready);
    close_tb(&t);
}

static void test_op_handshake(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x1000;

    /* e1: accepted (ready_o was 1) -> ready_o = 0, nothing resolved yet */
    avu_in_t op = in_load(3, true, A, 7);
    avu_out_t o = edge(&t, &op);
    assert_false(o.ready);
    assert_true(o.rsp_ready);
    EXPECT_NO_RES(&o);
    assert_true(t.a->st.opv);
    assert_int_equal(t.a->st.op_line, 3);
    assert_int_equal(t.a->st.op_id, 7);
    assert_int_equal(t.a->st.op_addr, A);
    assert_true(t.a->st.op_hit);
    assert_false(t.a->st.op_store);
    assert_int_equal(t.a->cov[AVU_T_OP_ACCEPT], 1);

    /* e2: another access presented while ready_o = 0 is ignored; the first is processed (line 3
     * never fetched: expired miss with race-check) */
    avu_in_t op2 = in_load(4, false, 0x8000, 9);
    o = edge(&t, &op2);
    EXPECT_RES(&o, AVU_RES_EXPIRED, false, true, 7);
    assert_true(o.ready);
    assert_int_equal(t.a->st.op_id, 7); /* op register fields keep their values (reading) */
    assert_false(t.a->st.opv);
    assert_int_equal(t.a->st.outs, 1);
    assert_int_equal(t.a->cov[AVU_T_OP_ACCEPT], 1);

    /* e3: nothing: the ignored access was not latched */
    o = idle(&t);
    EXPECT_NO_RES(&o);
    /* T02 counts engine edges with nothing to do: e1 (the access only entered the register)
     * and e3 */
    assert_int_equal(t.a->cov[AVU_T_IDLE_WAIT], 2);

    /* op_valid held high with a new id every cycle: accepted every other edge (e4, e6, e8),
     * each resolved at the next edge (e5, e7, e9): line 3 is now current, outs = 1 so every hit
     * is speculative */
    for (uint32_t e = 4; e <= 10; e++) {
        op = in_load(3, true, A, 100u + e);
        o = edge(&t, &op);
        if (e % 2u == 0u) {
            assert_false(o.ready);
            EXPECT_NO_RES(&o);
            assert_int_equal(t.a->st.op_id, 100u + e);
        } else if (e <= 9u) {
            EXPECT_RES(&o, AVU_RES_HIT, true, false, 100u + e - 1u);
            assert_true(o.ready);
        }
    }
    assert_int_equal(t.a->cov[AVU_T_OP_ACCEPT], 5); /* e1, e4, e6, e8, e10 */
    assert_int_equal(t.a->st.hits[3], 3);
    assert_int_equal(t.a->st.qn, 3);
    close_tb(&t);
}

/*--- 3. classification (R1-R4, T06-T13) -----------------------------------------------------*/

static void expect_line(const tb_t* t, uint32_t l, uint32_t fe, bool fresh, uint32_t hits) {
    assert_int_equal(t->a->st.fe[l], fe);
    assert_int_equal(t->a->st.fresh[l], fresh);
    assert_int_equal(t->a->st.hits[l], hits);
}

static void test_load_miss_expired(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    /* never-fetched line with a tag hit: expired (D3), stamped, race-check, outs + 1 */
    avu_in_t op = in_load(10, true, 0x5000, 1);
    avu_out_t o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_EXPIRED, false, true, 1);
    expect_line(&t, 10, 0, true, 0);
    assert_int_equal(t.a->st.outs, 1);
    /* tag miss: MISS with race-check; not speculative although outs > 0 (D7) */
    op = in_load(11, false, 0x6000, 2);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 2);
    expect_line(&t, 11, 0, true, 0);
    assert_int_equal(t.a->st.outs, 2);
    /* a tag miss on a current line is still a MISS (R4), and re-stamps it */
    op = in_load(10, true, 0x5000, 3);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 3);
    assert_int_equal(t.a->st.hits[10], 1);
    op = in_load(10, false, 0x5000, 4);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 4);
    expect_line(&t, 10, 0, true, 0);
    assert_int_equal(t.a->st.outs, 3);
    assert_int_equal(t.a->st.qn, 1);
    assert_int_equal(t.a->cov[AVU_T_LOAD_MISS], 2);
    assert_int_equal(t.a->cov[AVU_T_LOAD_EXPIRED], 1);
    assert_int_equal(t.a->cov[AVU_T_LOAD_CUR_HIT], 1);
    close_tb(&t);
}

static void test_cur_hit(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op);
    avu_out_t o = norace(&t);
    assert_int_equal(t.a->st.outs, 0);
    /* no request outstanding: a plain, non-speculative hit at the next edge (R2, R6) */
    op = in_load(5, true, A, 2);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, false, false, 2);
    assert_false(o.pending);
    expect_line(&t, 5, 0, true, 1);

    /* the signature holds A; after the sync line 5 is previous-epoch -> tested -> AVU miss,
     * which stamps it in the new epoch */
    sb_insert(&t, A);
    (void)ship(&t, RDU_RSP_FORCED);
    assert_int_equal(t.a->st.epoch, 1);
    uint32_t lat = 0;
    op = in_load(5, true, A, 3);
    o = access(&t, &op, &lat);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 3);
    assert_int_equal(lat, 2);
    expect_line(&t, 5, 1, true, 0);
    /* now current although the signature still holds A: a hit without a test (R2) */
    assert_true(sb_member(&t, A));
    op = in_load(5, true, A, 4);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 4);
    assert_int_equal(t.a->cov[AVU_T_LOAD_CUR_HIT], 2);
    assert_int_equal(t.a->cov[AVU_T_LOAD_PREV_TEST], 1);
    close_tb(&t);
}

static void test_prev_epoch(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x2000, B = 0x3000, C = 0x4000;
    for (uint32_t l = 5; l <= 7; l++) {
        avu_in_t op = in_load(l, false, l == 5 ? A : l == 6 ? B : C, l);
        (void)access1(&t, &op);
    }
    for (uint32_t i = 0; i < 3; i++) {
        (void)norace(&t);
    }
    assert_int_equal(t.a->st.outs, 0);
    sb_insert(&t, B);
    assert_false(sb_member(&t, A));
    assert_false(sb_member(&t, C));
    (void)ship(&t, RDU_RSP_FORCED);

    /* previous-epoch line, A not in sig (R3): accept (e1), process -> TEST (e2), test the one
     * unit -> HIT (e3) */
    avu_in_t op = in_load(5, true, A, 21);
    avu_out_t o = edge(&t, &op);
    o = idle(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->st.st, AVU_ST_TEST);
    assert_int_equal(t.a->st.tmask[0], 1);
    assert_false(o.ready);
    assert_false(o.rsp_ready);
    assert_true(t.a->st.opv);
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_HIT, false, false, 21);
    assert_true(o.ready && o.rsp_ready);
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    assert_int_equal(t.a->st.tmask[0], 0);
    expect_line(&t, 5, 0, true, 1); /* a previous-epoch hit keeps the tag */

    /* B is in sig: AVU miss with race-check, stamps line 6 in epoch 1, outs + 1 */
    uint32_t lat = 0;
    op = in_load(6, true, B, 22);
    o = access(&t, &op, &lat);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 22);
    assert_int_equal(lat, 2);
    expect_line(&t, 6, 1, true, 0);
    assert_int_equal(t.a->st.outs, 1);
    /* reading: TEST ending with a member leaves tmask as it was (only VALIDATE clears it) */
    assert_int_equal(t.a->st.tmask[0], 1);

    /* previous-epoch line with an empty mask: no unit to test, a hit at the next edge (T10);
     * speculative (outs = 1) with an empty unit mask */
    op = in_load(7, true, C, 23);
    set_bytes(&op, 0, 0);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 23);
    assert_int_equal(t.a->st.sumask[0][0], 0);
    assert_int_equal(t.a->st.scnt[0], 1);

    assert_int_equal(t.a->cov[AVU_T_LOAD_PREV_TEST], 2);
    assert_int_equal(t.a->cov[AVU_T_TEST_HIT], 1);
    assert_int_equal(t.a->cov[AVU_T_TEST_AVU_MISS], 1);
    assert_int_equal(t.a->cov[AVU_T_LOAD_PREV_EMPTY], 1);
    assert_int_equal(t.a->cov[AVU_T_TEST_UNIT_PASS], 0); /* UN = 1 */
    close_tb(&t);
}

/* units of line address a at granularity g: unit u is a + u * g */
static void test_subblock_gran4(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = dsc(4096, 256, 4, 128);
    open_tb(&t, &d);
    assert_int_equal(t.a->un, 32);
    const uint64_t A = 0x2000, B = 0x3000, C = 0x4000;
    const uint64_t lines[3] = {A, B, C};
    for (uint32_t l = 0; l < 3; l++) {
        avu_in_t op = in_load(5 + l, false, lines[l], l);
        (void)access1(&t, &op);
        (void)norace(&t);
    }
    sb_insert(&t, A + 4 * 9);
    sb_insert(&t, C + 4 * 2);
    sb_insert(&t, C + 4 * 7);
    const uint32_t a_units[] = {3, 5, 12};
    for (uint32_t i = 0; i < 3; i++) {
        assert_false(sb_member(&t, A + 4u * a_units[i]));
    }
    for (uint32_t u = 0; u < 32; u++) {
        assert_false(sb_member(&t, B + 4u * u));
    }
    (void)ship(&t, RDU_RSP_FORCED);

    /* line 5: units 3, 5, 9, 12 read (bytes 12..15, 20, 36..39, 48); unit 9 is a member. One
     * unit per edge in ascending order, stop at the first member (D8): e1 accept, e2 process
     * (tmask = {3,5,9,12}), e3 unit 3, e4 unit 5, e5 unit 9 -> AVU miss */
    avu_in_t op = in_load(5, true, A, 31);
    memset(op.op_mask, 0, sizeof op.op_mask);
    op.op_mask[0] = 0xFu << 12 | 1u << 20;
    op.op_mask[1] = 0xFu << 4 | 1u << 16;
    avu_out_t o = edge(&t, &op);
    o = idle(&t);
    assert_int_equal(t.a->st.st, AVU_ST_TEST);
    assert_int_equal(t.a->st.tmask[0], 1u << 3 | 1u << 5 | 1u << 9 | 1u << 12);
    o = idle(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->st.tmask[0], 1u << 5 | 1u << 9 | 1u << 12);
    o = idle(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->st.tmask[0], 1u << 9 | 1u << 12);
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 31);
    assert_int_equal(t.a->st.tmask[0], 1u << 9 | 1u << 12); /* reading: left as it was */
    assert_int_equal(t.a->cov[AVU_T_TEST_UNIT_PASS], 2);

    /* line 6: units 0, 1, 31, none a member: three tests, the last one ends with a HIT */
    uint32_t lat = 0;
    op = in_load(6, true, B, 32);
    memset(op.op_mask, 0, sizeof op.op_mask);
    op.op_mask[0] = 1u | 1u << 4;
    op.op_mask[3] = 1u << 31;
    o = access(&t, &op, &lat);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 32);
    assert_int_equal(lat, 4);
    assert_int_equal(t.a->st.sumask[0][0], 1u | 1u << 1 | 1u << 31);
    assert_int_equal(t.a->cov[AVU_T_TEST_UNIT_PASS], 4);
    assert_int_equal(t.a->cov[AVU_T_TEST_HIT], 1);

    /* line 7: units 2 and 7 are both members: stops at unit 2 after one test */
    op = in_load(7, true, C, 33);
    o = access(&t, &op, &lat);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 33);
    assert_int_equal(lat, 1 + 3); /* units 0, 1 pass; unit 2 is a member */
    assert_int_equal(t.a->st.tmask[0], ~0u << 2);
    close_tb(&t);
}

static void test_subblock_gran1(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = dsc(4096, 256, 1, 128);
    open_tb(&t, &d);
    assert_int_equal(t.a->un, 128);
    const uint64_t A = 0x2000, B = 0x3000;
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op);
    op = in_load(6, false, B, 2);
    (void)access1(&t, &op);
    sb_insert(&t, A + 6);
    sb_insert(&t, B + 33);
    for (uint32_t u = 0; u < 6; u++) {
        assert_false(sb_member(&t, A + u));
    }
    for (uint32_t u = 30; u < 33; u++) {
        assert_false(sb_member(&t, B + u));
    }
    (void)ship(&t, RDU_RSP_RACE); /* answers line 5's race-check: outs 2 -> 1 */
    assert_int_equal(t.a->st.outs, 1);

    /* bytes 0..7 read, byte 6 a member: process + units 0..6 = 8 edges after acceptance */
    uint32_t lat = 0;
    op = in_load(5, true, A, 3);
    set_bytes(&op, 0, 8);
    avu_out_t o = access(&t, &op, &lat);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 3);
    assert_int_equal(lat, 8);
    assert_int_equal(t.a->st.tmask[0], 0xC0u);
    assert_int_equal(t.a->cov[AVU_T_TEST_UNIT_PASS], 6);

    /* bytes 30..33 span two tmask words; byte 33 is a member: units 30, 31, 32 pass */
    op = in_load(6, true, B, 4);
    set_bytes(&op, 30, 4);
    o = access(&t, &op, &lat);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 4);
    assert_int_equal(lat, 5);
    assert_int_equal(t.a->st.tmask[0], 0);
    assert_int_equal(t.a->st.tmask[1], 1u << 1);

    /* the AVU miss stamped line 6 in epoch 1: now current, a hit without a test */
    op = in_load(6, true, B, 5);
    set_bytes(&op, 30, 4);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 5);
    close_tb(&t);
}

/*--- 4. hit counter and speculation (R5-R7, T14, T15, T18, T20-T22, T25-T28) --------------*/

static void test_hit_limit(void** state) {
    (void)state;
    const uint32_t limits[] = {4, 1, 15};
    for (uint32_t c = 0; c < 3; c++) {
        tb_t t;
        avu_desc_t d = avu_desc_default();
        d.hit_limit = limits[c];
        d.spec_depth = 32;
        d.out_max = 255;
        open_tb(&t, &d);
        const uint32_t hl = limits[c];
        const uint64_t A = 0x2000, B = 0x3000;
        avu_in_t op = in_load(5, false, A, 0);
        (void)access1(&t, &op);
        op = in_load(6, false, B, 0);
        (void)access1(&t, &op);
        (void)norace(&t);
        (void)norace(&t);
        assert_int_equal(t.a->st.outs, 0);
        /* nh hits on line 5: every hl-th sends a race-check (R5), which makes it and every
         * later hit speculative (R6); the counter restarts after each race-check (D5) */
        const uint32_t nh = hl <= 4u ? 2u * hl + 2u : hl + 2u;
        uint32_t outs = 0, rcs = 0;
        for (uint32_t h = 1; h <= nh; h++) {
            op = in_load(5, true, A, h);
            const avu_out_t o = access1(&t, &op);
            const bool rc = h % hl == 0u;
            outs += rc ? 1u : 0u;
            rcs += rc ? 1u : 0u;
            EXPECT_RES(&o, AVU_RES_HIT, outs > 0u, rc, h);
            assert_int_equal(t.a->st.hits[5], h % hl);
            assert_int_equal(t.a->st.outs, outs);
            if (outs > 0u) {
                const uint32_t slot = (t.a->st.head + t.a->st.qn - 1u) % d.spec_depth;
                assert_int_equal(t.a->st.sid[slot], h);
                assert_int_equal(t.a->st.scnt[slot], outs); /* o + rc */
            }
        }
        assert_int_equal(t.a->cov[AVU_T_HIT_RC], rcs);
        /* line 6 has its own counter */
        op = in_load(6, true, B, 99);
        avu_out_t o = access1(&t, &op);
        EXPECT_RES(&o, AVU_RES_HIT, true, hl == 1u, 99);
        /* a miss of line 5 re-stamps it and restarts its count (D5) */
        if (hl > 1u) {
            op = in_load(5, true, A, 100);
            o = access1(&t, &op);
            assert_int_equal(t.a->st.hits[5], (nh + 1u) % hl);
            op = in_load(5, false, A, 101);
            (void)access1(&t, &op);
            assert_int_equal(t.a->st.hits[5], 0);
            for (uint32_t h = 1; h <= hl; h++) {
                op = in_load(5, true, A, 200 + h);
                o = access1(&t, &op);
                assert_int_equal(o.res_rc, h == hl);
            }
        }
        close_tb(&t);
    }
}

/* a miss of line 5 (outs 1) then a current hit of it: speculative, scnt 1, slot 0 */
static void spec_setup(tb_t* t, uint64_t A) {
    avu_in_t op = in_load(5, false, A, 1);
    avu_out_t o = access1(t, &op);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 1);
    op = in_load(5, true, A, 2);
    o = access1(t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 2);
    assert_true(o.pending);
    const avu_state_t* s = &t->a->st;
    assert_true(s->sv[0]);
    assert_int_equal(s->sid[0], 2);
    assert_int_equal(s->saddr[0], A);
    assert_int_equal(s->sumask[0][0], 1);
    assert_int_equal(s->scnt[0], 1);
    assert_false(s->sfail[0] || s->sneed[0]);
    assert_int_equal(s->qn, 1);
    assert_int_equal(s->head, 0);
}

static void test_spec_commit_norace(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    spec_setup(&t, 0x2000);
    avu_out_t o;
    for (uint32_t i = 0; i < 3; i++) {
        o = idle(&t);
        EXPECT_NO_CMT(&o);
        assert_true(o.pending);
    }
    /* NO_RACE at edge n: outs 0, scnt 0 (T18); the retire uses the values before the edge */
    o = norace(&t);
    EXPECT_NO_CMT(&o);
    assert_true(o.pending);
    assert_int_equal(t.a->st.outs, 0);
    assert_int_equal(t.a->st.scnt[0], 0);
    /* edge n + 1: retires, commits ok (R7, T27) */
    o = idle(&t);
    EXPECT_CMT(&o, false, 2);
    assert_false(o.pending);
    assert_int_equal(t.a->st.head, 1);
    assert_int_equal(t.a->st.qn, 0);
    assert_false(t.a->st.sv[0]);
    assert_int_equal(t.a->st.sid[0], 0);
    assert_int_equal(t.a->st.saddr[0], 0);
    assert_int_equal(t.a->st.sumask[0][0], 0);
    o = idle(&t);
    EXPECT_NO_CMT(&o);
    assert_int_equal(t.a->cov[AVU_T_RETIRE_OK], 1);
    assert_int_equal(t.a->cov[AVU_T_BEAT_NORACE], 1);
    assert_int_equal(t.a->protocol_errors, 0);
    close_tb(&t);
}

static void test_spec_fail_race(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    spec_setup(&t, A);
    /* RACE shipment (the answer to line 5's race-check) whose signature holds A */
    sb_insert(&t, A);
    avu_out_t o = ship(&t, RDU_RSP_RACE);
    /* last beat: epoch 1, the entry needs validation (scnt 1 > 0), scnt 0, outs 0 */
    const avu_state_t* s = &t.a->st;
    assert_int_equal(s->st, AVU_ST_VALIDATE);
    assert_false(o.rsp_ready);
    assert_true(s->sneed[0]);
    assert_int_equal(s->scnt[0], 0);
    assert_int_equal(s->outs, 0);
    assert_int_equal(s->vslot, 0);
    assert_int_equal(s->tmask[0], 1);
    EXPECT_NO_CMT(&o);
    /* +1: unit 0 of A is a member: sfail, tmask 0 (T26) */
    o = idle(&t);
    EXPECT_NO_CMT(&o);
    assert_true(s->sfail[0]);
    assert_int_equal(s->tmask[0], 0);
    assert_int_equal(s->st, AVU_ST_VALIDATE);
    /* +2: tmask 0 at the start: sneed 0, no other slot -> IDLE */
    o = idle(&t);
    EXPECT_NO_CMT(&o);
    assert_false(s->sneed[0]);
    assert_int_equal(s->st, AVU_ST_IDLE);
    assert_true(o.rsp_ready);
    /* +3: retires failed: the SM re-executes it (T28) */
    o = idle(&t);
    EXPECT_CMT(&o, true, 2);
    assert_false(o.pending);
    assert_int_equal(t.a->cov[AVU_T_BEAT_LAST_RACE], 1);
    assert_int_equal(t.a->cov[AVU_T_VALIDATE_FAIL], 1);
    assert_int_equal(t.a->cov[AVU_T_VALIDATE_PASS], 0);
    assert_int_equal(t.a->cov[AVU_T_RETIRE_SQUASH], 1);
    assert_int_equal(t.a->cov[AVU_T_BEAT_FIRST], 1);
    assert_int_equal(t.a->protocol_errors, 0);
    close_tb(&t);
}

static void test_spec_write_ack_pass(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    /* a store that allocates line 5 (outs 1), then a speculative current hit */
    avu_in_t op = in_op(true, 5, false, A, 1);
    avu_out_t o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_STORE, false, false, 1);
    op = in_load(5, true, A, 2);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 2);
    /* WRITE_ACK with a signature that does not hold A */
    sb_insert(&t, 0x9000);
    assert_false(sb_member(&t, A));
    o = ship(&t, RDU_RSP_WRITE_ACK);
    assert_int_equal(t.a->st.st, AVU_ST_VALIDATE);
    assert_int_equal(t.a->st.outs, 0);
    o = idle(&t); /* +1: unit 0 not a member, tmask 0 */
    EXPECT_NO_CMT(&o);
    assert_false(t.a->st.sfail[0]);
    o = idle(&t); /* +2: end of the validation, IDLE (T25) */
    EXPECT_NO_CMT(&o);
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    o = idle(&t); /* +3: commits ok */
    EXPECT_CMT(&o, false, 2);
    assert_int_equal(t.a->cov[AVU_T_BEAT_LAST_ACK], 1);
    assert_int_equal(t.a->cov[AVU_T_VALIDATE_PASS], 1);
    assert_int_equal(t.a->cov[AVU_T_RETIRE_OK], 1);
    close_tb(&t);
}

static void test_forced(void** state) {
    (void)state;
    for (uint32_t holds = 0; holds < 2; holds++) {
        tb_t t;
        const avu_desc_t d = avu_desc_default();
        open_tb(&t, &d);
        const uint64_t A = 0x2000;
        spec_setup(&t, A);
        if (holds) {
            sb_insert(&t, A);
        }
        /* FORCED: a signature but no answer (D6): validation, no decrement */
        avu_out_t o = ship(&t, RDU_RSP_FORCED);
        const avu_state_t* s = &t.a->st;
        assert_int_equal(s->st, AVU_ST_VALIDATE);
        assert_true(s->sneed[0]);
        assert_int_equal(s->scnt[0], 1);
        assert_int_equal(s->outs, 1);
        o = idle(&t);
        assert_int_equal(s->sfail[0], holds);
        o = idle(&t);
        assert_int_equal(s->st, AVU_ST_IDLE);
        /* the entry still waits for its answer */
        for (uint32_t i = 0; i < 4; i++) {
            o = idle(&t);
            EXPECT_NO_CMT(&o);
            assert_true(o.pending);
        }
        o = norace(&t);
        EXPECT_NO_CMT(&o);
        o = idle(&t);
        EXPECT_CMT(&o, holds != 0u, 2);
        assert_int_equal(t.a->cov[AVU_T_BEAT_LAST_FORCED], 1);
        assert_int_equal(t.a->protocol_errors, 0);
        close_tb(&t);
    }
}

static void test_validate_multi(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x2000, B = 0x3000;
    /* misses of lines 5 and 6 (outs 2), one answered (outs 1), hits of both: slots 0 and 1,
     * scnt 1 each */
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op);
    op = in_load(6, false, B, 2);
    (void)access1(&t, &op);
    (void)norace(&t);
    op = in_load(5, true, A, 3);
    avu_out_t o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 3);
    op = in_load(6, true, B, 4);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 4);
    assert_int_equal(t.a->st.qn, 2);
    /* RACE holding B: both need validation, lowest slot first; both counts reach 0 */
    sb_insert(&t, B);
    assert_false(sb_member(&t, A));
    o = ship(&t, RDU_RSP_RACE);
    const avu_state_t* s = &t.a->st;
    assert_true(s->sneed[0] && s->sneed[1]);
    assert_int_equal(s->scnt[0], 0);
    assert_int_equal(s->scnt[1], 0);
    assert_int_equal(s->vslot, 0);
    o = idle(&t); /* +1: slot 0 unit 0 passes */
    EXPECT_NO_CMT(&o);
    o = idle(&t); /* +2: slot 0 done -> slot 1 */
    EXPECT_NO_CMT(&o);
    assert_false(s->sneed[0]);
    assert_int_equal(s->vslot, 1);
    assert_int_equal(s->tmask[0], 1);
    assert_int_equal(s->st, AVU_ST_VALIDATE);
    o = idle(&t); /* +3: slot 0 (head) retires ok while slot 1's unit is a member */
    EXPECT_CMT(&o, false, 3);
    assert_true(s->sfail[1]);
    assert_false(o.rsp_ready);
    o = idle(&t); /* +4: slot 1 done -> IDLE */
    EXPECT_NO_CMT(&o);
    assert_int_equal(s->st, AVU_ST_IDLE);
    o = idle(&t); /* +5: slot 1 retires failed */
    EXPECT_CMT(&o, true, 4);
    assert_false(o.pending);
    assert_int_equal(s->head, 2);
    assert_int_equal(t.a->cov[AVU_T_VALIDATE_PASS], 1);
    assert_int_equal(t.a->cov[AVU_T_VALIDATE_FAIL], 1);

    /* a second round where the counts stay above 0: the entries are validated but wait; with
     * an empty unit mask the validation takes a single edge */
    op = in_load(7, false, 0x4000, 5);
    (void)access1(&t, &op); /* outs 1 */
    op = in_load(7, true, 0x4000, 6);
    set_bytes(&op, 0, 0);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 6);
    assert_true(s->sv[2]); /* slot (head + qn) mod D */
    assert_int_equal(s->sumask[2][0], 0);
    op = in_load(7, false, 0x4000, 7);
    (void)access1(&t, &op); /* outs 2 */
    sb_clear(&t);
    o = ship(&t, RDU_RSP_FORCED);
    assert_int_equal(s->st, AVU_ST_VALIDATE);
    assert_int_equal(s->tmask[0], 0);
    o = idle(&t); /* empty: done at once */
    assert_int_equal(s->st, AVU_ST_IDLE);
    assert_int_equal(s->scnt[2], 1);
    o = norace(&t);
    o = idle(&t);
    EXPECT_CMT(&o, false, 6);
    close_tb(&t);
}

/*--- 5. beats, back-pressure and gating (R8, R9, D9, T04, T05, T19) -------------------------*/

static void test_beat_priority(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = dsc(256, 256, 128, 128); /* NC = 1: a shipment is one beat */
    open_tb(&t, &d);
    assert_int_equal(t.a->nc, 1);
    const uint64_t A = 0x2000;
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op); /* line 5 current, outs 1 */

    /* e1: a load of line 5 enters the op register */
    op = in_load(5, true, A, 2);
    avu_out_t o = edge(&t, &op);
    assert_false(o.ready);
    /* e2: the WRITE_ACK beat (signature holding A) has priority: sync first, op waits (T05) */
    sb_insert(&t, A);
    avu_in_t b = in_beat(&t, RDU_RSP_WRITE_ACK, 0);
    o = edge(&t, &b);
    EXPECT_NO_RES(&o);
    assert_false(o.ready);
    assert_int_equal(o.epoch, 1);
    assert_true(t.a->st.opv);
    assert_int_equal(t.a->cov[AVU_T_OP_BEHIND_BEAT], 1);
    /* e3: the op sees epoch 1: line 5 is previous-epoch -> TEST */
    o = idle(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->st.st, AVU_ST_TEST);
    /* e4: A is in the new signature: AVU miss (a CUR hit had the op gone first) */
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 2);

    /* a NO_RACE in the same cycle as a waiting op: served first, the op at the next edge */
    op = in_load(5, true, A, 3);
    o = edge(&t, &op);
    o = norace(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->st.outs, 0);
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_HIT, false, false, 3); /* outs was already 0: not speculative */
    assert_int_equal(t.a->cov[AVU_T_OP_BEHIND_BEAT], 2);

    /* an access and a beat at the same edge, op register empty: both taken */
    op = in_norace();
    op.op_valid = true;
    op.op_line = 5;
    op.op_hit = true;
    op.op_addr = A;
    op.op_id = 4;
    op.op_mask[0] = 1;
    sb_clear(&t);
    (void)ship(&t, RDU_RSP_FORCED); /* epoch 2 */
    o = edge(&t, &op); /* NO_RACE with outs 0: a protocol error, and the access accepted */
    assert_int_equal(t.a->protocol_errors, 1);
    assert_true(t.a->st.opv);
    o = idle(&t);
    EXPECT_NO_RES(&o); /* line 5 (fe 1) previous-epoch: TEST */
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_HIT, false, false, 4);
    close_tb(&t);
}

static void test_multibeat_load(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default(); /* NC = 16 */
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op);
    op = in_load(5, true, A, 2);
    avu_out_t o = edge(&t, &op);
    sb_insert(&t, A);
    sb_insert(&t, 0x12345680);
    /* beat 0: taken in IDLE ahead of the op (T05), first beat (T19): LOAD */
    avu_in_t b = in_beat(&t, RDU_RSP_RACE, 0);
    o = edge(&t, &b);
    assert_int_equal(t.a->st.st, AVU_ST_LOAD);
    assert_true(o.rsp_ready);
    assert_false(o.ready);
    assert_int_equal(o.epoch, 0);
    assert_int_equal(t.a->cov[AVU_T_BEAT_FIRST], 1);
    assert_int_equal(t.a->cov[AVU_T_OP_BEHIND_BEAT], 1);
    /* gaps: LOAD waits, the op register is not processed (R8: no test against a partial sig) */
    for (uint32_t i = 0; i < 3; i++) {
        o = idle(&t);
        EXPECT_NO_RES(&o);
        assert_int_equal(t.a->st.st, AVU_ST_LOAD);
        assert_true(t.a->st.opv);
    }
    for (uint32_t i = 1; i < 16; i++) {
        b = in_beat(&t, RDU_RSP_RACE, i);
        o = edge(&t, &b);
        EXPECT_NO_RES(&o);
        /* chunks 0..i loaded, the rest still 0 */
        assert_memory_equal(t.a->st.sig, t.sb->st.bits, (i + 1u) * 8u * sizeof(uint32_t));
        for (uint32_t w = (i + 1u) * 8u; w < 128u; w++) {
            assert_int_equal(t.a->st.sig[w], 0);
        }
        assert_int_equal(o.epoch, i == 15u ? 1 : 0);
        if (i < 15u) {
            assert_int_equal(t.a->st.st, AVU_ST_LOAD);
        }
    }
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    assert_int_equal(t.a->st.outs, 0);
    assert_int_equal(t.a->cov[AVU_T_BEAT_FIRST], 1);
    assert_int_equal(t.a->cov[AVU_T_BEAT_LAST_RACE], 1);
    o = idle(&t); /* process: previous epoch -> TEST */
    EXPECT_NO_RES(&o);
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 2);
    assert_int_equal(t.a->protocol_errors, 0);

    /* a second shipment overwrites every chunk (the RDU cleared its signature) */
    sb_clear(&t);
    sb_insert(&t, 0x4000);
    (void)ship(&t, RDU_RSP_FORCED);
    assert_int_equal(t.a->cov[AVU_T_BEAT_FIRST], 2);
    close_tb(&t);
}

static void test_small_chunks(void** state) {
    (void)state;
    /* C = 8 and 16: chunks pack into words; bits of rsp_chunk at or above C are ignored */
    const uint32_t cs[] = {8, 16, 32};
    for (uint32_t c = 0; c < 3; c++) {
        tb_t t;
        const avu_desc_t d = dsc(256, cs[c], 128, 128);
        open_tb(&t, &d);
        for (uint32_t i = 0; i < 20; i++) {
            sb_insert(&t, 0x1000u + 0x80u * i);
        }
        for (uint32_t i = 0; i < t.a->nc; i++) {
            avu_in_t b = in_beat(&t, RDU_RSP_FORCED, i);
            if (cs[c] < 32u) {
                b.rsp_chunk[0] |= ~0u << cs[c]; /* garbage above the port width */
            }
            b.rsp_chunk[1] = 0xFFFFFFFFu; /* word 1 is not on a C <= 32 port */
            (void)edge(&t, &b);
        }
        assert_memory_equal(t.a->st.sig, t.sb->st.bits, 8u * sizeof(uint32_t));
        assert_int_equal(t.a->st.epoch, 1);
        close_tb(&t);
    }
}

static void test_out_max_gating(void** state) {
    (void)state;
    tb_t t;
    avu_desc_t d = avu_desc_default();
    d.out_max = 2;
    open_tb(&t, &d);
    avu_in_t op = in_load(1, false, 0x1000, 1);
    (void)access1(&t, &op);
    op = in_load(2, false, 0x2000, 2);
    (void)access1(&t, &op);
    assert_int_equal(t.a->st.outs, 2);
    /* outs = OutMax: a third access waits in the op register (T04), ready_o stays 0 */
    op = in_load(3, false, 0x3000, 3);
    avu_out_t o = edge(&t, &op);
    for (uint32_t i = 0; i < 5; i++) {
        avu_in_t other = in_load(4, false, 0x4000, 50); /* ignored while ready_o = 0 */
        o = edge(&t, &other);
        EXPECT_NO_RES(&o);
        assert_false(o.ready);
    }
    assert_int_equal(t.a->cov[AVU_T_OP_BLOCKED], 5);
    /* an answer frees one: the beat goes first (T05), the access at the next edge */
    o = norace(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->st.outs, 1);
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 3);
    assert_int_equal(t.a->st.outs, 2);
    /* a current hit is gated as well */
    op = in_load(1, true, 0x1000, 4);
    o = edge(&t, &op);
    o = idle(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->cov[AVU_T_OP_BLOCKED], 6);
    o = norace(&t);
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 4);
    /* a store too */
    op = in_op(true, 2, true, 0x2000, 5);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_STORE, false, false, 5);
    assert_int_equal(t.a->st.outs, 2);
    op = in_op(true, 2, true, 0x2000, 6);
    o = edge(&t, &op);
    o = idle(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->st.outs, 2); /* R9: never above OutMax */
    close_tb(&t);
}

static void test_queue_full_gating(void** state) {
    (void)state;
    tb_t t;
    avu_desc_t d = avu_desc_default();
    d.spec_depth = 1;
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    spec_setup(&t, A); /* qn = 1 = D */
    /* every access waits while the queue is full, a miss too */
    avu_in_t op = in_load(6, false, 0x3000, 3);
    avu_out_t o = edge(&t, &op);
    o = idle(&t);
    EXPECT_NO_RES(&o);
    assert_int_equal(t.a->cov[AVU_T_OP_BLOCKED], 1);
    /* NO_RACE (edge n): scnt 0. Edge n + 1: step A retires (qn 0) and step B, seeing it, takes
     * the waiting miss in the same edge */
    o = norace(&t);
    EXPECT_NO_RES(&o);
    EXPECT_NO_CMT(&o);
    o = idle(&t);
    EXPECT_CMT(&o, false, 2);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 3);
    assert_false(o.pending);
    /* a speculative hit into the slot freed in the same edge (head wraps: D = 1) */
    op = in_load(5, true, A, 4);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 4);
    assert_int_equal(t.a->st.head, 0);
    op = in_load(5, true, A, 5);
    o = edge(&t, &op);
    (void)norace(&t); /* outs 0, scnt 0; the beat goes before the op */
    o = idle(&t);     /* retire + hit (now not speculative: outs 0) */
    EXPECT_CMT(&o, false, 4);
    EXPECT_RES(&o, AVU_RES_HIT, false, false, 5);
    close_tb(&t);
}

static void test_beats_held(void** state) {
    (void)state;
    /* D9: beats are taken only in IDLE and LOAD; a beat presented during TEST or VALIDATE is
     * left on the bus (not taken) and taken after the unit returns to IDLE */
    tb_t t;
    const avu_desc_t d = dsc(256, 256, 4, 128); /* NC = 1, UN = 32 */
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op);
    op = in_load(5, true, A, 2);
    avu_out_t o = access1(&t, &op); /* speculative, 32 units */
    sb_clear(&t);
    (void)ship(&t, RDU_RSP_FORCED); /* epoch 1, VALIDATE of 32 units */
    assert_int_equal(t.a->st.st, AVU_ST_VALIDATE);
    sb_insert(&t, 0x7000);
    const avu_in_t held = in_beat(&t, RDU_RSP_FORCED, 0);
    uint32_t n = 0;
    uint32_t sig0[8];
    memcpy(sig0, t.a->st.sig, sizeof sig0);
    while (!t.out.rsp_ready) {
        o = edge(&t, &held);
        n++;
        if (!o.rsp_ready) {
            assert_memory_equal(t.a->st.sig, sig0, sizeof sig0);
            assert_int_equal(o.epoch, 1);
        }
    }
    assert_int_equal(n, 33); /* 32 unit tests + the end */
    assert_int_equal(t.a->st.epoch, 1);
    o = edge(&t, &held); /* now taken */
    assert_int_equal(o.epoch, 2);
    assert_memory_equal(t.a->st.sig, t.sb->st.bits, 8u * sizeof(uint32_t));
    assert_int_equal(t.a->st.st, AVU_ST_VALIDATE); /* the entry is still waiting (scnt 1) */
    while (t.a->st.st != AVU_ST_IDLE) {
        (void)idle(&t);
    }

    /* the same during TEST: line 5 (fe 0) is expired at epoch 2, so fetch line 6 now */
    op = in_load(6, false, 0x3000, 3);
    (void)access1(&t, &op);
    sb_clear(&t);
    (void)ship(&t, RDU_RSP_FORCED); /* epoch 3: line 6 previous-epoch */
    while (t.a->st.st != AVU_ST_IDLE) {
        (void)idle(&t);
    }
    op = in_load(6, true, 0x3000, 4); /* 32 units, no member */
    o = edge(&t, &op);
    o = idle(&t);
    assert_int_equal(t.a->st.st, AVU_ST_TEST);
    sb_insert(&t, 0x3000); /* the held beat's signature holds unit 0 of line 6 */
    const avu_in_t held2 = in_beat(&t, RDU_RSP_FORCED, 0);
    n = 0;
    while (!t.out.rsp_ready) {
        o = edge(&t, &held2);
        n++;
    }
    assert_int_equal(n, 32);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 4); /* tested against the old signature (R8) */
    assert_int_equal(t.a->st.epoch, 3);
    close_tb(&t);
}

/*--- 6. epochs (R1, D1, T23, T24) -----------------------------------------------------------*/

static void check_r1(const tb_t* t) {
    const avu_state_t* s = &t->a->st;
    for (uint32_t l = 0; l < t->a->desc.lines; l++) {
        if (s->fresh[l]) {
            assert_true(((s->epoch - s->fe[l]) & t->a->emask) <= 1u);
        }
    }
}

static void epoch_wrap(uint32_t ew) {
    tb_t t;
    avu_desc_t d = dsc(256, 256, 128, 128); /* NC = 1 */
    d.epoch_width = ew;
    open_tb(&t, &d);
    const uint32_t emask = (1u << ew) - 1u;
    const uint64_t A1 = 0x1000, A2 = 0x2000, A3 = 0x3000;
    avu_in_t op = in_load(1, false, A1, 1);
    (void)access1(&t, &op); /* line 1 fetched in epoch 0 */
    /* 2^EW empty FORCED syncs (no outstanding answer consumed); line 2 fetched in epoch 1,
     * line 3 in the last epoch before the wrap */
    uint64_t scrubs = 0;
    for (uint32_t n = 1; n <= (1u << ew); n++) {
        if (t.a->st.epoch == 1u) {
            op = in_load(2, false, A2, 2);
            (void)access1(&t, &op);
        }
        if (t.a->st.epoch == emask) {
            op = in_load(3, false, A3, 3);
            (void)access1(&t, &op);
        }
        (void)ship(&t, RDU_RSP_FORCED);
        assert_int_equal(t.a->st.epoch, n & emask);
        check_r1(&t);
        /* line 1: previous-epoch after sync 1, scrubbed at sync 2 (fe = E_new - 2) */
        assert_int_equal(t.a->st.fresh[1], n < 2u);
        /* line 2: fetched at epoch 1, scrubbed at sync 3 */
        if (n >= 2u) {
            assert_int_equal(t.a->st.fresh[2], n < 3u);
        }
        if (n == 2u || n == 3u) {
            scrubs++;
        }
        assert_int_equal(t.a->cov[AVU_T_SYNC_SCRUB], scrubs);
        assert_int_equal(t.a->cov[AVU_T_SYNC_WRAP], n == (1u << ew) ? 1 : 0);
    }
    assert_int_equal(t.a->st.epoch, 0);
    /* line 1's tag (0) equals E again: without the scrub it would alias as current; it is
     * expired. Line 2 would alias at the next epoch. */
    assert_int_equal(t.a->st.fe[1], 0);
    assert_int_equal(t.a->st.fe[2], 1);
    assert_int_equal(t.a->st.fe[3], emask);
    /* line 3 (fetched at 2^EW - 1) is previous-epoch across the wrap: tested, a hit */
    uint32_t lat = 0;
    op = in_load(3, true, A3, 4);
    avu_out_t o = access(&t, &op, &lat);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 4);
    assert_int_equal(lat, 2);
    op = in_load(1, true, A1, 5);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_EXPIRED, false, true, 5);
    /* wait for the hit's validation (none: FORCED syncs do not answer, scnt stays) */
    (void)ship(&t, RDU_RSP_FORCED); /* epoch 1: line 3 scrubbed (fe = 2^EW - 1 = E_new - 2) */
    while (t.a->st.st != AVU_ST_IDLE) {
        (void)idle(&t);
    }
    assert_false(t.a->st.fresh[3]);
    assert_true(t.a->st.fresh[1]); /* re-stamped at epoch 0: previous-epoch now */
    op = in_load(2, true, A2, 6);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_EXPIRED, false, true, 6);
    op = in_load(3, true, A3, 7);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_EXPIRED, false, true, 7);
    assert_int_equal(t.a->cov[AVU_T_LOAD_EXPIRED], 3);
    assert_int_equal(t.a->protocol_errors, 0);
    close_tb(&t);
}

static void test_epoch_wrap_ew2(void** state) {
    (void)state;
    epoch_wrap(2);
}

static void test_epoch_wrap_ew5(void** state) {
    (void)state;
    epoch_wrap(5);
}

static void test_epoch_wrap_ew8(void** state) {
    (void)state;
    epoch_wrap(8);
}

/*--- 7. stores (D4, D7, T16, T17) -----------------------------------------------------------*/

static void test_store(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op);
    (void)norace(&t);
    for (uint32_t i = 0; i < 2; i++) {
        op = in_load(5, true, A, 2);
        (void)access1(&t, &op);
    }
    expect_line(&t, 5, 0, true, 2);
    /* store hit: one more request, the tag and the hit count are unchanged (D4) */
    op = in_op(true, 5, true, A, 9);
    avu_out_t o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_STORE, false, false, 9);
    expect_line(&t, 5, 0, true, 2);
    assert_int_equal(t.a->st.outs, 1);
    assert_int_equal(t.a->st.qn, 0); /* never speculative (D7) */
    /* store miss: write-allocate stamp */
    op = in_op(true, 6, false, 0x3000, 10);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_STORE, false, false, 10);
    expect_line(&t, 6, 0, true, 0);
    assert_int_equal(t.a->st.outs, 2);
    /* a store to a previous-epoch line is not tested, whatever the signature holds */
    sb_insert(&t, A);
    (void)ship(&t, RDU_RSP_WRITE_ACK);
    op = in_op(true, 5, true, A, 11);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_STORE, false, false, 11);
    expect_line(&t, 5, 0, true, 2);
    /* a store with an empty mask still counts as a request */
    op = in_op(true, 7, false, 0x4000, 12);
    set_bytes(&op, 0, 0);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_STORE, false, false, 12);
    expect_line(&t, 7, 1, true, 0);
    assert_int_equal(t.a->st.outs, 3);
    assert_int_equal(t.a->cov[AVU_T_STORE_HIT], 2);
    assert_int_equal(t.a->cov[AVU_T_STORE_ALLOC], 2);
    assert_int_equal(t.a->fcov[AVU_F_ILL_STORE], 0);
    close_tb(&t);
}

/* §9, D7: a store while pending_o = 1 breaks the SM's contract; it is processed as any store,
 * counted in cover point F18 only, and the speculative entry is left as it was. */
static void test_store_while_pending(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const uint64_t A = 0x2000;
    avu_in_t op = in_load(5, false, A, 1);
    (void)access1(&t, &op); /* outs 1 */
    op = in_load(5, true, A, 2);
    avu_out_t o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 2); /* speculative on the miss's race-check */
    assert_true(o.pending);
    op = in_op(true, 7, false, 0x3000, 3);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_STORE, false, false, 3);
    expect_line(&t, 7, 0, true, 0);
    assert_int_equal(t.a->st.outs, 2);
    assert_int_equal(t.a->st.qn, 1);
    assert_int_equal(t.a->st.scnt[0], 1); /* the store's write is younger than the entry */
    assert_int_equal(t.a->fcov[AVU_F_ILL_STORE], 1);
    assert_int_equal(t.a->protocol_errors, 0);
    close_tb(&t);
}

/*--- 8. protocol errors (R9) ----------------------------------------------------------------*/

static void test_protocol_errors(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = dsc(256, 64, 128, 128); /* NC = 4 */
    open_tb(&t, &d);
    /* NO_RACE with nothing outstanding: outs stays 0 */
    avu_out_t o = norace(&t);
    assert_int_equal(t.a->protocol_errors, 1);
    assert_int_equal(t.a->st.outs, 0);
    /* WRITE_ACK / RACE with nothing outstanding: the sync still happens */
    (void)ship(&t, RDU_RSP_WRITE_ACK);
    assert_int_equal(t.a->protocol_errors, 2);
    assert_int_equal(t.a->st.outs, 0);
    assert_int_equal(t.a->st.epoch, 1);
    (void)ship(&t, RDU_RSP_RACE);
    assert_int_equal(t.a->protocol_errors, 3);
    /* kinds 0, 5, 6, 7 in IDLE: taken, counted, nothing else; an access waits behind them */
    avu_in_t op = in_load(5, false, 0x2000, 1);
    o = edge(&t, &op);
    const uint32_t kinds[] = {0, 5, 6, 7};
    sb_insert(&t, 0x2000);
    for (uint32_t i = 0; i < 4; i++) {
        avu_in_t b = in_beat(&t, kinds[i], 0);
        o = edge(&t, &b);
        EXPECT_NO_RES(&o);
        assert_int_equal(t.a->st.st, AVU_ST_IDLE);
        assert_int_equal(t.a->st.epoch, 2);
        assert_true(all_zero(t.a->st.sig, sizeof t.a->st.sig));
    }
    assert_int_equal(t.a->protocol_errors, 7);
    assert_int_equal(t.a->cov[AVU_T_OP_BEHIND_BEAT], 4);
    o = idle(&t);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 1);
    /* NO_RACE with rsp_last = 0: counted, still an answer */
    avu_in_t nr = in_norace();
    nr.rsp_last = false;
    o = edge(&t, &nr);
    assert_int_equal(t.a->protocol_errors, 8);
    assert_int_equal(t.a->st.outs, 0);
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    /* a first beat with rsp_idx != 0: written where it says, counted */
    avu_in_t b = in_beat(&t, RDU_RSP_FORCED, 2);
    o = edge(&t, &b);
    assert_int_equal(t.a->protocol_errors, 9);
    assert_int_equal(t.a->st.st, AVU_ST_LOAD);
    /* NO_RACE in the middle of a shipment: counted; LOAD writes its chunk and, as it is the
     * last beat, completes the sync with no slot or count change (reading) */
    nr = in_norace();
    nr.rsp_idx = 1;
    nr.rsp_chunk[0] = 0xDEADBEEFu;
    o = edge(&t, &nr);
    assert_int_equal(t.a->protocol_errors, 10);
    assert_int_equal(t.a->st.sig[2], 0xDEADBEEFu);
    assert_int_equal(t.a->st.epoch, 3);
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    /* a last flag on beat 1 of 4 in LOAD: counted, sync completes */
    b = in_beat(&t, RDU_RSP_FORCED, 0);
    o = edge(&t, &b);
    b = in_beat(&t, RDU_RSP_FORCED, 1);
    b.rsp_last = true;
    o = edge(&t, &b);
    assert_int_equal(t.a->protocol_errors, 11);
    assert_int_equal(t.a->st.epoch, 4);
    assert_int_equal(t.a->cov[AVU_T_BEAT_LAST_FORCED], 1);
    /* cover points F12-F17 (§8, §9): one beat may show two kinds (the NO_RACE of position 1
     * with its last flag) */
    assert_int_equal(t.a->fcov[AVU_F_ILL_ANSWER0], 3);
    assert_int_equal(t.a->fcov[AVU_F_ILL_KIND], 4);
    assert_int_equal(t.a->fcov[AVU_F_ILL_NORACE], 2);
    assert_int_equal(t.a->fcov[AVU_F_ILL_ORDER], 1);
    assert_int_equal(t.a->fcov[AVU_F_ILL_IDX], 0);
    assert_int_equal(t.a->fcov[AVU_F_ILL_LAST], 2);
    assert_int_equal(t.a->fcov[AVU_F_ILL_STORE], 0);
    assert_false(avu_fcov_reachable(t.a, AVU_F_ILL_IDX)); /* NC = 4 */
    /* a beat out of order in the middle of a shipment (position 2, index 1), then the rest */
    b = in_beat(&t, RDU_RSP_FORCED, 0);
    o = edge(&t, &b);
    b = in_beat(&t, RDU_RSP_FORCED, 1);
    o = edge(&t, &b);
    b = in_beat(&t, RDU_RSP_FORCED, 1);
    o = edge(&t, &b);
    assert_int_equal(t.a->fcov[AVU_F_ILL_ORDER], 2);
    b = in_beat(&t, RDU_RSP_FORCED, 3);
    o = edge(&t, &b);
    assert_int_equal(t.a->protocol_errors, 12);
    assert_int_equal(t.a->st.epoch, 5);
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    /* no last flag on position 3: the AVU stays in LOAD, and takes a fifth beat */
    for (uint32_t i = 0; i < 4u; i++) {
        b = in_beat(&t, RDU_RSP_FORCED, i);
        b.rsp_last = false;
        o = edge(&t, &b);
    }
    assert_int_equal(t.a->st.st, AVU_ST_LOAD);
    assert_int_equal(t.a->fcov[AVU_F_ILL_LAST], 3);
    b = in_beat(&t, RDU_RSP_FORCED, 3); /* position 4: out of order and a wrong last */
    o = edge(&t, &b);
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    assert_int_equal(t.a->st.epoch, 6);
    assert_int_equal(t.a->fcov[AVU_F_ILL_ORDER], 3);
    assert_int_equal(t.a->fcov[AVU_F_ILL_LAST], 4);
    assert_int_equal(t.a->protocol_errors, 14);
    close_tb(&t);
}

/* D10: at NC = 1 the 1-bit index port can carry 1: the beat writes chunk 1 mod NC, the one
 * chunk, and is counted; a NO_RACE with index 1 is counted too. */
static void test_beat_idx_out_of_range(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = dsc(256, 256, 128, 128); /* NC = 1, CIW = 1 */
    open_tb(&t, &d);
    assert_int_equal(t.a->nc, 1);
    assert_int_equal(t.a->ciw, 1);
    sb_insert(&t, 0x2000);
    avu_in_t b = in_beat(&t, RDU_RSP_FORCED, 0);
    b.rsp_idx = 1; /* chunk data: the builder's chunk 0, the whole signature */
    b.rsp_last = true;
    (void)edge(&t, &b);
    assert_memory_equal(t.a->st.sig, t.sb->st.bits, t.a->words * sizeof(uint32_t));
    assert_false(all_zero(t.a->st.sig, sizeof t.a->st.sig));
    assert_int_equal(t.a->st.epoch, 1);
    assert_int_equal(t.a->st.st, AVU_ST_IDLE);
    assert_int_equal(t.a->protocol_errors, 1);
    /* index 3: bit 1 is not on the port, so it is index 1 again */
    sb_clear(&t);
    b = in_beat(&t, RDU_RSP_FORCED, 0);
    b.rsp_idx = 3;
    (void)edge(&t, &b);
    assert_true(all_zero(t.a->st.sig, sizeof t.a->st.sig));
    assert_int_equal(t.a->st.epoch, 2);
    assert_int_equal(t.a->protocol_errors, 2);
    /* a NO_RACE of index 1: an answer with outs 0 (R9) and a malformed one, two errors */
    avu_in_t nr = in_norace();
    nr.rsp_idx = 1;
    (void)edge(&t, &nr);
    assert_int_equal(t.a->protocol_errors, 4);
    assert_int_equal(t.a->st.outs, 0);
    assert_true(avu_fcov_reachable(t.a, AVU_F_ILL_IDX));
    assert_int_equal(t.a->fcov[AVU_F_ILL_IDX], 2);
    assert_int_equal(t.a->fcov[AVU_F_ILL_ANSWER0], 1);
    assert_int_equal(t.a->fcov[AVU_F_ILL_NORACE], 1);
    assert_int_equal(t.a->fcov[AVU_F_ILL_ORDER], 0);
    assert_int_equal(t.a->fcov[AVU_F_ILL_LAST], 0);
    close_tb(&t);
}

/*--- 9. port widths -------------------------------------------------------------------------*/

static void test_port_widths(void** state) {
    (void)state;
    tb_t t;
    avu_desc_t d = dsc(256, 256, 1, 32); /* L = 32: one mask word; UN = 32 */
    d.id_width = 4;
    d.lines = 16;
    d.sig.addr_width = 20;
    open_tb(&t, &d);
    /* op_line, op_addr, op_id are cut to LIW, AW, IdWidth bits; mask words >= L/32 dropped */
    avu_in_t op = in_load(0x35, false, 0xFFF02000ull, 0x1234);
    avu_out_t o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 0x4);
    assert_int_equal(t.a->st.op_line, 5);
    assert_int_equal(t.a->st.op_addr, 0x02000);
    assert_int_equal(t.a->st.op_id, 0x4);
    assert_int_equal(t.a->st.op_mask[0], 0xFFFFFFFFu);
    for (uint32_t w = 1; w < RDU_MASK_WORDS; w++) {
        assert_int_equal(t.a->st.op_mask[w], 0);
    }
    assert_true(t.a->st.fresh[5]);
    op = in_load(5, true, 0x02000, 0xFFFFFFFFu);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 0xF);
    assert_int_equal(t.a->st.sid[0], 0xF);
    (void)norace(&t);
    o = idle(&t);
    EXPECT_CMT(&o, false, 0xF);
    /* a mask set only above L: no unit, previous-epoch empty-mask hit */
    sb_clear(&t);
    (void)ship(&t, RDU_RSP_FORCED);
    op = in_load(5, true, 0x02000, 3);
    memset(op.op_mask, 0, sizeof op.op_mask);
    op.op_mask[1] = 0xFFFFFFFFu;
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, false, false, 3);
    assert_int_equal(t.a->cov[AVU_T_LOAD_PREV_EMPTY], 1);
    /* id width 32: the whole token */
    tb_t t2;
    avu_desc_t d2 = avu_desc_default();
    d2.id_width = 32;
    open_tb(&t2, &d2);
    op = in_load(1, false, 0x1000, 0xFEDCBA98u);
    o = access1(&t2, &op);
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 0xFEDCBA98u);
    close_tb(&t2);
    close_tb(&t);
}

/*--- 10. coverage (§6) ----------------------------------------------------------------------*/

static const char* const k_row_names[AVU_T_COUNT] = {
    "reset",          "idle.wait",        "op.accept",     "op.blocked",     "op.behind_beat",
    "load.miss",      "load.expired",     "load.cur.hit",  "load.prev.test", "load.prev.empty",
    "test.unit.pass", "test.hit",         "test.avu_miss", "hit.rc",         "hit.spec",
    "store.hit",      "store.alloc",      "beat.norace",   "beat.first",     "beat.last.ack",
    "beat.last.race", "beat.last.forced", "sync.scrub",    "sync.wrap",      "validate.pass",
    "validate.fail",  "retire.ok",        "retire.squash",
};

static void test_coverage_names(void** state) {
    (void)state;
    assert_int_equal(AVU_T_COUNT, 28);
    for (uint32_t t = 0; t < (uint32_t)AVU_T_COUNT; t++) {
        assert_string_equal(avu_trans_name((avu_trans_t)t), k_row_names[t]);
    }
    assert_string_equal(avu_trans_name(AVU_T_COUNT), "?");
}

static void test_coverage_reachability(void** state) {
    (void)state;
    const struct {
        uint32_t m, chunk, gran, line, reachable;
        bool t11, t19;
    } cases[] = {
        {4096, 256, 128, 128, 27, false, true},                                      /* UN = 1 */
        {4096, 256, 4, 128, 28, true, true},    {256, 256, 1, 256, 27, true, false}, /* NC = 1 */
        {256, 256, 512, 32, 26, false, false},  {256, 128, 128, 256, 28, true, true},
    };
    avu_t* a = malloc(sizeof *a);
    assert_non_null(a);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const avu_desc_t d = dsc(cases[c].m, cases[c].chunk, cases[c].gran, cases[c].line);
        char msg[200];
        assert_int_equal(avu_init(a, &d, msg, sizeof msg), AVU_OK);
        uint32_t covered = 99, reachable = 0;
        avu_coverage(a, &covered, &reachable);
        assert_int_equal(covered, 0);
        assert_int_equal(reachable, cases[c].reachable);
        for (uint32_t t = 0; t < (uint32_t)AVU_T_COUNT; t++) {
            bool expect = true;
            if (t == AVU_T_TEST_UNIT_PASS) {
                expect = cases[c].t11;
            } else if (t == AVU_T_BEAT_FIRST) {
                expect = cases[c].t19;
            }
            assert_int_equal(avu_trans_reachable(a, (avu_trans_t)t), expect);
        }
        assert_false(avu_trans_reachable(a, AVU_T_COUNT));
        avu_coverage(a, NULL, NULL);
    }
    free(a);
}

/* A directed sequence that takes every row once (gran 4: UN 32; m 1024, C 256: NC 4; EW 2;
 * D 2; OutMax 2; HitLimit 2). */
static void test_coverage_directed(void** state) {
    (void)state;
    tb_t t;
    avu_desc_t d = dsc(1024, 256, 4, 128);
    d.epoch_width = 2;
    d.spec_depth = 2;
    d.out_max = 2;
    d.hit_limit = 2;
    open_tb(&t, &d);
    const uint64_t L0 = 0x1000, L1 = 0x2000, L2 = 0x3000;
    (void)idle(&t);                             /* T02 */
    avu_in_t op = in_op(true, 0, false, L0, 1); /* T03 T17 */
    avu_out_t o = access1(&t, &op);
    op = in_op(true, 0, true, L0, 2); /* T16 */
    o = access1(&t, &op);
    op = in_load(1, false, L1, 3);
    o = edge(&t, &op);
    o = idle(&t);     /* T04 */
    (void)norace(&t); /* T18 T05 */
    o = idle(&t);     /* T06 */
    EXPECT_RES(&o, AVU_RES_MISS, false, true, 3);
    (void)norace(&t);
    (void)norace(&t);
    op = in_load(2, true, L2, 4); /* T07 */
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_EXPIRED, false, true, 4);
    (void)norace(&t);
    op = in_load(2, true, L2, 5); /* T08 */
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, false, false, 5);
    op = in_load(2, true, L2, 6); /* T14 T15 */
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, true, 6);
    (void)norace(&t);
    o = idle(&t); /* T27 */
    EXPECT_CMT(&o, false, 6);
    sb_insert(&t, L2 + 4 * 5);
    sb_insert(&t, L1 + 4 * 0);
    for (uint32_t u = 0; u < 5; u++) {
        assert_false(sb_member(&t, L2 + 4u * u));
    }
    (void)ship(&t, RDU_RSP_FORCED); /* T19 T22: epoch 1 */
    op = in_load(2, true, L2, 7);   /* T09 T11 T13 */
    set_bytes(&op, 0, 24);
    o = access(&t, &op, NULL);
    EXPECT_RES(&o, AVU_RES_AVU_MISS, false, true, 7);
    /* line 1 (epoch 0) unit 1 only (not a member): T09 T12, speculative (outs 1) */
    assert_false(sb_member(&t, L1 + 4));
    op = in_load(1, true, L1, 8);
    set_bytes(&op, 4, 4);
    o = access(&t, &op, NULL);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 8);
    op = in_load(0, true, L0, 9); /* T10 */
    set_bytes(&op, 0, 0);
    o = access1(&t, &op);
    EXPECT_RES(&o, AVU_RES_HIT, true, false, 9);
    /* RACE holding unit 1 of line 1: epoch 2 scrubs lines 0 and 1 (T23); slot 0 fails (T26),
     * slot 1 (empty mask) passes (T25); both retire: T28, T27 */
    sb_clear(&t);
    sb_insert(&t, L1 + 4);
    (void)ship(&t, RDU_RSP_RACE); /* T21 T23 */
    assert_false(t.a->st.fresh[0] || t.a->st.fresh[1]);
    o = idle(&t);
    o = idle(&t);
    o = idle(&t);
    o = idle(&t);
    EXPECT_CMT(&o, true, 8);
    o = idle(&t);
    EXPECT_CMT(&o, false, 9);
    op = in_op(true, 2, true, L2, 10);
    o = access1(&t, &op);
    sb_clear(&t);
    (void)ship(&t, RDU_RSP_WRITE_ACK); /* T20: epoch 3 */
    (void)ship(&t, RDU_RSP_FORCED);    /* T24: epoch 0 */
    (void)reset_edge(&t);              /* T01 */
    for (uint32_t r = 0; r < (uint32_t)AVU_T_COUNT; r++) {
        if (t.a->cov[r] == 0u) {
            fail_msg("row T%02u %s not covered", r + 1u, avu_trans_name((avu_trans_t)r));
        }
    }
    uint32_t covered = 0, reachable = 0;
    avu_coverage(t.a, &covered, &reachable);
    assert_int_equal(covered, 28);
    assert_int_equal(reachable, 28);
    assert_int_equal(t.a->protocol_errors, 0);
    close_tb(&t);
}

/*--- 11. random traffic against an SM and an RDU that follow the protocol -------------------*/

/* The test keeps its own book of what the spec promises, from the outside:
 *  - results come back in acceptance order, one per access; kinds match the access (STORE for
 *    stores, MISS for tag misses, else HIT / AVU_MISS / EXPIRED) and rc is 1 for every miss;
 *  - R5: per line, every HitLimit-th hit since the last stamp or race-check has rc = 1;
 *  - R6: a hit is speculative iff requests are outstanding after it;
 *  - outs equals the number of requests the SM sent (rc = 1 or store) minus answers received;
 *  - R7: commits in allocation order; an entry fails iff a sync completed while its count was
 *    > 0 and one of its units is a member of the signature that sync loaded (the signature is
 *    the sig_bloom model's, one unit at a time);
 *  - R8: sig and epoch change only at an edge that takes a beat; R1 after every edge. */

#define RQ_MAX 1024u

typedef struct {
    uint32_t id, line;
    bool store, hit;
} acc_t;

typedef struct {
    avu_desc_t d;
    uint64_t cycles;
} rnd_cfg_t;

static void run_random(const rnd_cfg_t* cfg, uint64_t seed, bool require_full_coverage) {
    tb_t t;
    open_tb(&t, &cfg->d);
    avu_t* a = t.a;
    const avu_desc_t* d = &cfg->d;
    const uint32_t L = d->line, G = d->sig.gran, D = d->spec_depth;
    const uint32_t NL = d->lines < 8u ? d->lines : 8u;
    const uint32_t idmask = d->id_width >= 32u ? 0xFFFFFFFFu : (1u << d->id_width) - 1u;
    uint64_t rng = seed;
    uint64_t line_addr[8];
    for (uint32_t l = 0; l < NL; l++) {
        line_addr[l] = 0x10000u + 0x1000u * l;
    }
    static acc_t accq[4];
    uint32_t acc_n = 0;
    static uint32_t specq[AVU_MAX_SPEC];
    uint32_t spec_h = 0, spec_n = 0;
    bool exp_fail[AVU_MAX_SPEC] = {false};
    uint32_t hitcnt[AVU_MAX_LINES] = {0};
    static uint8_t reqq[RQ_MAX]; /* 1 = store (WRITE_ACK), 0 = race-check */
    uint32_t rq_h = 0, rq_n = 0;
    uint32_t next_id = 1;
    /* the RDU's current response */
    bool act = false;
    uint32_t kind = 0, beat = 0;
    uint32_t slow = 0; /* cycles left of a slow-RDU phase */
    static uint32_t sig_pre[SIG_BLOOM_MAX_WORDS];
    bool sv_pre[AVU_MAX_SPEC];
    uint32_t scnt_pre[AVU_MAX_SPEC];
    uint64_t results = 0, commits = 0, fails = 0, syncs = 0;

    for (uint64_t c = 0; c < cfg->cycles + 20000u; c++) {
        const bool drain = c >= cfg->cycles;
        avu_in_t in = in_idle();
        /* RDU: start a response */
        if (slow > 0u) {
            slow--;
        } else if (rnd_below(&rng, 2000) == 0u) {
            slow = 50u + rnd_below(&rng, 400);
        }
        if (!act && slow == 0u) {
            if (rq_n > 0u && rnd_below(&rng, 4) == 0u) {
                const uint8_t r = reqq[rq_h];
                kind = r ? RDU_RSP_WRITE_ACK
                         : (rnd_below(&rng, 10) < 6u ? RDU_RSP_NO_RACE : RDU_RSP_RACE);
                act = true;
            } else if (!drain && rnd_below(&rng, 300) == 0u) {
                kind = RDU_RSP_FORCED;
                act = true;
            }
            if (act) {
                beat = 0;
                if (kind != RDU_RSP_NO_RACE) {
                    sb_clear(&t);
                    const uint32_t n = rnd_below(&rng, 4);
                    for (uint32_t i = 0; i < n; i++) {
                        const uint32_t l = rnd_below(&rng, NL);
                        const uint32_t u = G < L ? rnd_below(&rng, L / G) : 0u;
                        sb_insert(&t, line_addr[l] + (uint64_t)u * (G < L ? G : 0u));
                    }
                }
            }
        }
        bool beat_shown = false;
        if (act && !(beat > 0u && rnd_below(&rng, 50) == 0u)) {
            if (kind == RDU_RSP_NO_RACE) {
                in = in_norace();
            } else {
                in = in_beat(&t, kind, beat);
            }
            beat_shown = true;
        }
        /* SM: an access (also presented, and ignored, while ready_o = 0) */
        if (!drain && rnd_below(&rng, 3) != 0u) {
            const uint32_t l = rnd_below(&rng, NL);
            if (rnd_below(&rng, 500) == 0u) {
                line_addr[l] = (line_addr[l] + 0x10000u) & 0xFFFFF000u;
            }
            in.op_valid = true;
            in.op_store = !t.out.pending && rnd_below(&rng, 8) == 0u; /* D7 */
            in.op_line = l;
            in.op_hit = rnd_below(&rng, 8) != 0u;
            in.op_addr = line_addr[l] + rnd_below(&rng, L); /* bits below LL ignored */
            in.op_id = next_id & idmask;
            const uint32_t mk = rnd_below(&rng, 10);
            memset(in.op_mask, 0, sizeof in.op_mask);
            if (mk < 5u) {
                for (uint32_t w = 0; w < L / 32u; w++) {
                    in.op_mask[w] = 0xFFFFFFFFu;
                }
            } else if (mk < 9u) {
                const uint32_t f = rnd_below(&rng, L);
                const uint32_t n = 1u + rnd_below(&rng, L - f < 16u ? L - f : 16u);
                set_bytes(&in, f, n);
            } /* else empty */
        }
        /* pre-edge copies */
        const avu_out_t pre = t.out;
        const uint32_t e_pre = a->st.epoch;
        memcpy(sig_pre, a->st.sig, a->words * sizeof(uint32_t));
        memcpy(sv_pre, a->st.sv, sizeof sv_pre);
        memcpy(scnt_pre, a->st.scnt, sizeof scnt_pre);
        const uint32_t head_pre = a->st.head;
        const bool accepted = pre.ready && in.op_valid;

        const avu_out_t o = edge(&t, &in);

        const bool taken = beat_shown && pre.rsp_ready;
        bool synced = false;
        if (taken) {
            const bool last = kind == RDU_RSP_NO_RACE || beat == a->nc - 1u;
            beat++;
            if (last) {
                act = false;
                if (kind != RDU_RSP_FORCED) {
                    assert_true(rq_n > 0u);
                    rq_h = (rq_h + 1u) % RQ_MAX;
                    rq_n--;
                }
                synced = kind != RDU_RSP_NO_RACE;
            }
        }
        /* R8 */
        if (!taken) {
            assert_memory_equal(a->st.sig, sig_pre, a->words * sizeof(uint32_t));
        }
        assert_int_equal(a->st.epoch, synced ? ((e_pre + 1u) & a->emask) : e_pre);
        if (synced) {
            syncs++;
            assert_memory_equal(a->st.sig, t.sb->st.bits, a->words * sizeof(uint32_t));
            /* R7: entries waiting (scnt > 0 before the edge) are checked against the new sig */
            for (uint32_t s = 0; s < D; s++) {
                if (!sv_pre[s] || scnt_pre[s] == 0u) {
                    continue;
                }
                for (uint32_t u = 0; u < a->un; u++) {
                    if ((a->st.sumask[s][u / 32u] >> (u % 32u)) & 1u) {
                        const uint64_t ua = G >= L ? a->st.saddr[s]
                                                   : (a->st.saddr[s] & ~(uint64_t)(L - 1u)) + u * G;
                        if (sb_member(&t, ua)) {
                            exp_fail[s] = true;
                        }
                    }
                }
            }
        }
        check_r1(&t);
        assert_true(a->st.outs <= d->out_max);
        assert_true(a->st.qn <= D);
        /* commits */
        if (o.cmt_valid) {
            assert_true(spec_n > 0u);
            assert_int_equal(o.cmt_id, specq[spec_h]);
            assert_int_equal(o.cmt_failed, exp_fail[head_pre]);
            exp_fail[head_pre] = false;
            spec_h = (spec_h + 1u) % AVU_MAX_SPEC;
            spec_n--;
            commits++;
            fails += o.cmt_failed ? 1u : 0u;
        }
        /* results */
        if (o.res_valid) {
            assert_true(acc_n > 0u);
            const acc_t ac = accq[0];
            acc_n--;
            memmove(accq, accq + 1, acc_n * sizeof accq[0]);
            results++;
            assert_int_equal(o.res_id, ac.id);
            bool stamp_line = false;
            if (ac.store) {
                assert_int_equal(o.res_kind, AVU_RES_STORE);
                assert_false(o.res_rc || o.res_spec);
                stamp_line = !ac.hit;
                reqq[(rq_h + rq_n) % RQ_MAX] = 1;
                rq_n++;
            } else if (!ac.hit) {
                assert_int_equal(o.res_kind, AVU_RES_MISS);
                stamp_line = true;
            } else {
                assert_true(o.res_kind == AVU_RES_HIT || o.res_kind == AVU_RES_AVU_MISS ||
                            o.res_kind == AVU_RES_EXPIRED);
                stamp_line = o.res_kind != AVU_RES_HIT;
            }
            if (!ac.store && o.res_kind != AVU_RES_HIT) {
                assert_true(o.res_rc);
                assert_false(o.res_spec);
                reqq[(rq_h + rq_n) % RQ_MAX] = 0;
                rq_n++;
            }
            if (stamp_line) {
                hitcnt[ac.line] = 0;
            }
            if (o.res_kind == AVU_RES_HIT && !ac.store) {
                hitcnt[ac.line]++;
                const bool rc = hitcnt[ac.line] == d->hit_limit;
                assert_int_equal(o.res_rc, rc); /* R5 */
                if (rc) {
                    hitcnt[ac.line] = 0;
                    reqq[(rq_h + rq_n) % RQ_MAX] = 0;
                    rq_n++;
                }
                assert_int_equal(o.res_spec, a->st.outs > 0u); /* R6 */
                if (o.res_spec) {
                    const uint32_t slot = (a->st.head + a->st.qn - 1u) % D;
                    assert_int_equal(a->st.sid[slot], ac.id);
                    exp_fail[slot] = false;
                    specq[(spec_h + spec_n) % AVU_MAX_SPEC] = ac.id;
                    spec_n++;
                }
            }
            assert_true(rq_n < RQ_MAX);
        }
        assert_int_equal(a->st.outs, rq_n); /* every request answered exactly once */
        assert_int_equal(a->st.qn, spec_n);
        if (accepted) {
            assert_true(acc_n < 4u);
            accq[acc_n].id = in.op_id & idmask;
            accq[acc_n].line = in.op_line;
            accq[acc_n].store = in.op_store;
            accq[acc_n].hit = in.op_hit;
            acc_n++;
            next_id++;
        }
        assert_true(acc_n <= 1u);
    }
    /* drained: everything answered, retired and resolved */
    assert_int_equal(acc_n, 0);
    assert_int_equal(rq_n, 0);
    assert_int_equal(spec_n, 0);
    assert_false(a->st.opv);
    assert_int_equal(a->st.st, AVU_ST_IDLE);
    assert_int_equal(a->protocol_errors, 0);
    uint32_t covered = 0, reachable = 0;
    avu_coverage(a, &covered, &reachable);
    print_message("  m=%u C=%u G=%u L=%u EW=%u D=%u OutMax=%u HL=%u: %llu results, %llu commits "
                  "(%llu failed), %llu syncs, coverage %u/%u\n",
                  d->sig.m, d->sig.chunk_width, G, L, d->epoch_width, D, d->out_max, d->hit_limit,
                  (unsigned long long)results, (unsigned long long)commits,
                  (unsigned long long)fails, (unsigned long long)syncs, covered, reachable);
    for (uint32_t r = 0; r < (uint32_t)AVU_T_COUNT; r++) {
        if (avu_trans_reachable(a, (avu_trans_t)r) && a->cov[r] == 0u) {
            if (require_full_coverage) {
                fail_msg("row T%02u %s not covered", r + 1u, avu_trans_name((avu_trans_t)r));
            }
            print_message("    (not covered: T%02u %s)\n", r + 1u, avu_trans_name((avu_trans_t)r));
        }
    }
    assert_true(fails > 0u);
    close_tb(&t);
}

static void test_random_traffic(void** state) {
    (void)state;
    rnd_cfg_t cfgs[4];
    cfgs[0].d = avu_desc_default();
    cfgs[0].cycles = 200000;
    cfgs[1].d = dsc(1024, 256, 4, 128);
    cfgs[1].d.epoch_width = 2;
    cfgs[1].d.spec_depth = 2;
    cfgs[1].d.out_max = 3;
    cfgs[1].d.hit_limit = 2;
    cfgs[1].cycles = 200000;
    cfgs[2].d = dsc(256, 256, 1, 64);
    cfgs[2].d.epoch_width = 3;
    cfgs[2].d.spec_depth = 4;
    cfgs[2].d.out_max = 4;
    cfgs[2].d.hit_limit = 3;
    cfgs[2].d.lines = 8;
    cfgs[2].d.id_width = 3;
    cfgs[2].cycles = 200000;
    cfgs[3].d = dsc(512, 16, 512, 32);
    cfgs[3].d.hit_limit = 1;
    cfgs[3].d.spec_depth = 32;
    cfgs[3].d.out_max = 255;
    cfgs[3].d.lines = 4;
    cfgs[3].d.sig.hash = SIG_BLOOM_HASH_BITSEL;
    cfgs[3].d.sig.org = SIG_BLOOM_ORG_PARALLEL;
    cfgs[3].d.sig.k = 4;
    cfgs[3].d.sig.addr_width = 24;
    cfgs[3].cycles = 100000;
    for (uint32_t c = 0; c < 4; c++) {
        run_random(&cfgs[c], 1000u + c, c != 3u);
    }
}

/*--- 12. speed (reported, loosely bounded) --------------------------------------------------*/

static double now_s(void) {
    struct timespec ts;
    (void)timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void test_tick_speed(void** state) {
    (void)state;
    tb_t t;
    const avu_desc_t d = avu_desc_default();
    open_tb(&t, &d);
    const avu_in_t in = in_idle();
    avu_out_t o;
    const uint32_t n = 2000000;
    double t0 = now_s();
    for (uint32_t i = 0; i < n; i++) {
        avu_tick(t.a, &in, &o);
    }
    const double idle_ns = (now_s() - t0) * 1e9 / n;
    /* busy: a load or a store every other cycle, a NO_RACE whenever something is outstanding */
    uint64_t rng = 5;
    t0 = now_s();
    uint64_t sink = 0;
    for (uint32_t i = 0; i < n; i++) {
        avu_in_t b = in_idle();
        if (t.a->out.ready) {
            b.op_valid = true;
            b.op_line = rnd_below(&rng, 128);
            b.op_hit = (i & 7u) != 0u;
            b.op_addr = 0x1000u * b.op_line;
            b.op_mask[0] = 0xFFFFFFFFu;
            b.op_id = i;
        }
        if (t.a->st.outs > 0u && (i & 3u) == 0u) {
            b.rsp_valid = true;
            b.rsp_kind = RDU_RSP_NO_RACE;
            b.rsp_last = true;
        }
        avu_tick(t.a, &b, &o);
        sink += o.res_valid;
    }
    const double busy_ns = (now_s() - t0) * 1e9 / n;
    print_message("  tick (defaults): idle %.1f ns, busy %.1f ns (%llu results)\n", idle_ns,
                  busy_ns, (unsigned long long)sink);
    assert_true(sink > 0u);
    assert_true(idle_ns < 5000.0 && busy_ns < 20000.0); /* gross-regression guard only */
    close_tb(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc_default),
        cmocka_unit_test(test_validation_errors),
        cmocka_unit_test(test_validation_null),
        cmocka_unit_test(test_validation_legal_edges),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_op_handshake),
        cmocka_unit_test(test_load_miss_expired),
        cmocka_unit_test(test_cur_hit),
        cmocka_unit_test(test_prev_epoch),
        cmocka_unit_test(test_subblock_gran4),
        cmocka_unit_test(test_subblock_gran1),
        cmocka_unit_test(test_hit_limit),
        cmocka_unit_test(test_spec_commit_norace),
        cmocka_unit_test(test_spec_fail_race),
        cmocka_unit_test(test_spec_write_ack_pass),
        cmocka_unit_test(test_forced),
        cmocka_unit_test(test_validate_multi),
        cmocka_unit_test(test_beat_priority),
        cmocka_unit_test(test_multibeat_load),
        cmocka_unit_test(test_small_chunks),
        cmocka_unit_test(test_out_max_gating),
        cmocka_unit_test(test_queue_full_gating),
        cmocka_unit_test(test_beats_held),
        cmocka_unit_test(test_epoch_wrap_ew2),
        cmocka_unit_test(test_epoch_wrap_ew5),
        cmocka_unit_test(test_epoch_wrap_ew8),
        cmocka_unit_test(test_store),
        cmocka_unit_test(test_store_while_pending),
        cmocka_unit_test(test_protocol_errors),
        cmocka_unit_test(test_beat_idx_out_of_range),
        cmocka_unit_test(test_port_widths),
        cmocka_unit_test(test_coverage_names),
        cmocka_unit_test(test_coverage_reachability),
        cmocka_unit_test(test_coverage_directed),
        cmocka_unit_test(test_random_traffic),
        cmocka_unit_test(test_tick_speed),
    };
    return cmocka_run_group_tests_name("avu", tests, NULL, NULL);
}
