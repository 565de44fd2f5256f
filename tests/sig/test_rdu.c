/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_rdu.c -- cmocka unit tests of the rdu C model (cmodel/sig/rdu.c).
 *
 * Expected values come from docs/units/sig/rdu.md: constants and cycle numbers worked out by hand
 * in the directed tests, and the naive reference (ref_*) below, which implements spec §4 and §5
 * literally (one byte per signature bit, a shifting array per FIFO, per-byte unit splitting) and
 * shares no code with the model except sig_bloom_indices() for the hash (tested in
 * test_sig_bloom.c).
 *
 * Cycle numbering: "edge e" is the e-th rdu_tick() call of a test (the reset edge is edge 0);
 * the *out of call e is what the bus shows in the cycle after edge e.
 *
 *   gcc -std=c11 ... -DSIG_BLOOM_CHECK_RULES -Icmodel cmodel/sig/sig_bloom.c cmodel/sig/rdu.c \
 *       tests/sig/test_rdu.c -lcmocka
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

#include "rdu.h"

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

/* true with probability ppm / 10^6 */
static bool rnd_ppm(uint64_t* x, uint32_t ppm) {
    return rnd_below(x, 1000000u) < ppm;
}

/*--- helpers --------------------------------------------------------------------------------*/

static uint64_t low_mask(uint32_t n) {
    return n >= 64u ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1u;
}

static bool all_zero(const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p;
    for (size_t i = 0; i < n; i++) {
        if (b[i] != 0u) {
            return false;
        }
    }
    return true;
}

static rdu_desc_t mkdesc(uint32_t n, uint32_t m, uint32_t c, uint32_t gran, uint32_t line,
                         uint32_t th, uint32_t queue) {
    rdu_desc_t d = rdu_desc_default();
    d.n = n;
    d.sig.m = m;
    d.sig.chunk_width = c;
    d.sig.gran = gran;
    d.line = line;
    d.sig.threshold = th;
    d.queue = queue;
    return d;
}

static rdu_t* new_rdu(const rdu_desc_t* d) {
    rdu_t* r = malloc(sizeof *r);
    assert_non_null(r);
    char msg[200];
    if (rdu_init(r, d, msg, sizeof msg) != RDU_OK) {
        free(r);
        r = NULL;
        fail_msg("rdu_init failed: %s", msg);
    }
    return r;
}

static rdu_in_t quiet_in(void) {
    rdu_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.rsp_ready = ~(uint64_t)0;
    return in;
}

/* SM j presents a request whose mask covers bytes [b0, b0 + nb) of the line. */
static void put_req(rdu_in_t* in, uint32_t j, bool write, uint64_t addr, uint32_t b0, uint32_t nb) {
    in->req_valid |= (uint64_t)1 << j;
    if (write) {
        in->req_write |= (uint64_t)1 << j;
    } else {
        in->req_write &= ~((uint64_t)1 << j);
    }
    in->req_addr[j] = addr;
    memset(in->req_mask[j], 0, sizeof in->req_mask[j]);
    for (uint32_t b = b0; b < b0 + nb; b++) {
        in->req_mask[j][b / 32u] |= 1u << (b % 32u);
    }
}

static void drop_req(rdu_in_t* in, uint32_t j) {
    in->req_valid &= ~((uint64_t)1 << j);
}

/* One edge. Checks that *out mirrors the output registers (every word, the chunk words past
 * ceil(C/32) as 0), R7 and R8. */
static rdu_out_t tick(rdu_t* r, const rdu_in_t* in) {
    rdu_out_t out;
    memset(&out, 0xA5, sizeof out);
    rdu_tick(r, in, &out);
    assert_int_equal(out.req_ready, r->out.req_ready);
    assert_int_equal(out.rsp_valid, r->out.rsp_valid);
    assert_int_equal(out.rsp_sm, r->out.rsp_sm);
    assert_int_equal(out.rsp_kind, r->out.rsp_kind);
    assert_int_equal(out.rsp_idx, r->out.rsp_idx);
    assert_int_equal(out.rsp_last, r->out.rsp_last);
    assert_memory_equal(out.rsp_chunk, r->out.rsp_chunk, sizeof out.rsp_chunk);
    for (uint32_t w = r->chunk_words; w < SIG_BLOOM_MAX_CHUNK_WORDS; w++) {
        assert_int_equal(out.rsp_chunk[w], 0);
    }
    if (r->desc.sig.chunk_width < 32u) {
        assert_int_equal(out.rsp_chunk[0] >> r->desc.sig.chunk_width, 0);
    }
    /* R7 */
    assert_int_equal(out.rsp_valid, r->st.st == RDU_ST_SHIP);
    if (!out.rsp_valid) {
        assert_int_equal(out.rsp_sm, 0);
        assert_int_equal(out.rsp_kind, 0);
        assert_int_equal(out.rsp_idx, 0);
        assert_int_equal(out.rsp_last, 0);
        assert_true(all_zero(out.rsp_chunk, sizeof out.rsp_chunk));
    }
    /* R8 */
    for (uint32_t j = 0; j < RDU_MAX_SM; j++) {
        const bool ready = j < r->desc.n && r->st.qcnt[j] < r->desc.queue;
        assert_int_equal((out.req_ready >> j) & 1u, ready);
        assert_true(r->st.qcnt[j] <= r->desc.queue);
    }
    return out;
}

static rdu_out_t reset_edge(rdu_t* r) {
    rdu_in_t in = quiet_in();
    in.rst_n = false;
    return tick(r, &in);
}

/* member test of unit address ua against a signature (all k bits set) */
static bool sig_member(const rdu_t* r, const uint32_t* sig, uint64_t ua) {
    uint32_t v[SIG_BLOOM_MAX_HASHES];
    sig_bloom_indices(&r->hash, ua, v);
    for (uint32_t i = 0; i < r->desc.sig.k; i++) {
        if (((sig[v[i] / 32u] >> (v[i] % 32u)) & 1u) == 0u) {
            return false;
        }
    }
    return true;
}

static bool sig_zero(const rdu_t* r, uint32_t j) {
    return all_zero(r->st.sig[j], sizeof r->st.sig[j]);
}

/* expected chunk idx of a signature snapshot (sig_bloom §3), naive bit loop */
static void chunk_of(const uint32_t* sig, uint32_t c, uint32_t idx, uint32_t* chunk) {
    memset(chunk, 0, SIG_BLOOM_MAX_CHUNK_WORDS * sizeof chunk[0]);
    for (uint32_t b = 0; b < c; b++) {
        const uint32_t v = idx * c + b;
        if ((sig[v / 32u] >> (v % 32u)) & 1u) {
            chunk[b / 32u] |= 1u << (b % 32u);
        }
    }
}

static void expect_beat(const rdu_out_t* o, uint32_t sm, uint32_t kind, uint32_t idx, bool last) {
    assert_true(o->rsp_valid);
    assert_int_equal(o->rsp_sm, sm);
    assert_int_equal(o->rsp_kind, kind);
    assert_int_equal(o->rsp_idx, idx);
    assert_int_equal(o->rsp_last, last);
}

static void expect_no_beat(const rdu_out_t* o) {
    assert_false(o->rsp_valid);
    assert_int_equal(o->rsp_kind, 0);
}

/* Take a whole shipment whose first beat is on the bus (in *o): NC edges with rsp_ready = all,
 * checking every beat against the snapshot of the signature taken now. Returns the out of the
 * edge that took the last beat. */
static rdu_out_t take_shipment(rdu_t* r, rdu_out_t o, uint32_t sm, uint32_t kind) {
    uint32_t snap[SIG_BLOOM_MAX_WORDS];
    memcpy(snap, r->st.sig[sm], sizeof snap);
    const uint32_t nbeats = kind == RDU_RSP_NO_RACE ? 1u : r->nc;
    rdu_in_t in = quiet_in();
    for (uint32_t b = 0; b < nbeats; b++) {
        expect_beat(&o, sm, kind, b, b + 1u == nbeats);
        uint32_t ch[SIG_BLOOM_MAX_CHUNK_WORDS];
        if (kind == RDU_RSP_NO_RACE) {
            memset(ch, 0, sizeof ch);
        } else {
            chunk_of(snap, r->desc.sig.chunk_width, b, ch);
        }
        assert_memory_equal(o.rsp_chunk, ch, sizeof ch);
        o = tick(r, &in);
    }
    expect_no_beat(&o);
    assert_int_equal(r->st.st, RDU_ST_IDLE);
    if (kind != RDU_RSP_NO_RACE) {
        assert_true(sig_zero(r, sm)); /* R5 */
        assert_int_equal(r->st.cnt[sm], 0);
    } else {
        assert_memory_equal(r->st.sig[sm], snap, sizeof snap); /* NO_RACE does not clear */
    }
    return o;
}

static const uint32_t k_grans[4] = {1u, 4u, 128u, 512u};
static const uint32_t k_lines[4] = {32u, 64u, 128u, 256u};

/*--- 1. parameter validation ----------------------------------------------------------------*/

static void test_desc_default(void** state) {
    (void)state;
    const rdu_desc_t d = rdu_desc_default();
    assert_int_equal(d.n, 16);
    assert_int_equal(d.sig.m, 4096);
    assert_int_equal(d.sig.k, 6);
    assert_int_equal(d.sig.org, SIG_BLOOM_ORG_TRUE);
    assert_int_equal(d.sig.hash, SIG_BLOOM_HASH_H3);
    assert_int_equal(d.sig.gran, 128);
    assert_int_equal(d.sig.addr_width, 32);
    assert_int_equal(d.line, 128);
    assert_int_equal(d.sig.chunk_width, 256);
    assert_int_equal(d.sig.threshold, 512);
    assert_int_equal(d.queue, 4);
    assert_int_equal(d.sig.h3_seed, 0x9E3779B9u);
    assert_int_equal(rdu_check_desc(&d, NULL, 0), RDU_OK);

    rdu_t* r = malloc(sizeof *r);
    assert_non_null(r);
    char msg[160] = "stale";
    assert_int_equal(rdu_init(r, &d, msg, sizeof msg), RDU_OK);
    assert_string_equal(msg, "");
    /* derived values of spec §1 at the defaults */
    assert_int_equal(r->lg, 7);
    assert_int_equal(r->ll, 7);
    assert_int_equal(r->nc, 16); /* "a 4-Kbit signature ships in 16 beats" */
    assert_int_equal(r->ciw, 4);
    assert_int_equal(r->cw, 13);
    assert_int_equal(r->cmax, 8191);
    assert_int_equal(r->sw, 4);
    assert_int_equal(r->un, 1);
    assert_int_equal(r->words, 128);
    assert_int_equal(r->chunk_words, 8);
    assert_true(all_zero(&r->st, sizeof r->st)); /* §3 reset values */
    assert_true(all_zero(r->cov, sizeof r->cov));
    assert_true(all_zero(r->syncs, sizeof r->syncs));
    assert_int_equal(r->insertions, 0);
    assert_int_equal(r->out.req_ready, 0xFFFFu); /* R8: every FIFO has room */
    assert_false(r->out.rsp_valid);
    free(r);
}

/* d must be rejected with err; the message must contain both needles. */
static void check_bad(const rdu_desc_t* d, int err, const char* name_value, const char* range) {
    char msg[240];
    memset(msg, 0, sizeof msg);
    assert_int_equal(rdu_check_desc(d, msg, sizeof msg), err);
    if (strstr(msg, name_value) == NULL || strstr(msg, range) == NULL ||
        strncmp(msg, "rdu: ", 5) != 0 || strchr(msg, '\n') != NULL) {
        fail_msg("message \"%s\" lacks \"rdu: \", \"%s\" or \"%s\"", msg, name_value, range);
    }
    print_message("  rejected (%d): %s\n", err, msg);

    rdu_t* r = malloc(sizeof *r);
    assert_non_null(r);
    memset(r, 0x5A, sizeof *r);
    char msg2[240];
    assert_int_equal(rdu_init(r, d, msg2, sizeof msg2), err);
    assert_string_equal(msg, msg2);
    assert_true(all_zero(r, sizeof *r)); /* left zeroed, as sig_bloom_init */

    assert_int_equal(rdu_check_desc(d, NULL, 0), err);
    assert_int_equal(rdu_init(r, d, NULL, 0), err);
    char tiny[8];
    memset(tiny, 'x', sizeof tiny);
    assert_int_equal(rdu_check_desc(d, tiny, sizeof tiny), err);
    assert_int_equal(tiny[sizeof tiny - 1u], '\0');
    free(r);

    const char* why = rdu_strerror(err);
    assert_non_null(why);
    assert_null(strstr(why, "unknown"));
}

static void test_validation_errors(void** state) {
    (void)state;
    const rdu_desc_t def = rdu_desc_default();
    rdu_desc_t d;

    d = def;
    d.n = 1;
    check_bad(&d, RDU_ERR_N, "n = 1", "2..64");
    d.n = 0;
    check_bad(&d, RDU_ERR_N, "n = 0", "2..64");
    d.n = 65;
    check_bad(&d, RDU_ERR_N, "n = 65", "2..64");

    d = def;
    d.line = 16;
    check_bad(&d, RDU_ERR_LINE, "line = 16", "32, 64, 128 or 256");
    d.line = 96;
    check_bad(&d, RDU_ERR_LINE, "line = 96", "32, 64, 128 or 256");
    d.line = 512;
    check_bad(&d, RDU_ERR_LINE, "line = 512", "32, 64, 128 or 256");
    d.line = 0;
    check_bad(&d, RDU_ERR_LINE, "line = 0", "32, 64, 128 or 256");

    d = def;
    d.queue = 0;
    check_bad(&d, RDU_ERR_QUEUE, "queue = 0", "1..16");
    d.queue = 17;
    check_bad(&d, RDU_ERR_QUEUE, "queue = 17", "1..16");

    /* every signature parameter goes through sig_bloom_check_desc() */
    d = def;
    d.sig.m = 1000;
    check_bad(&d, RDU_ERR_SIG, "m = 1000", "256..16384");
    d.sig.m = 32768;
    check_bad(&d, RDU_ERR_SIG, "m = 32768", "256..16384");
    d = def;
    d.sig.k = 0;
    check_bad(&d, RDU_ERR_SIG, "k = 0", "1..8");
    d.sig.k = 9;
    check_bad(&d, RDU_ERR_SIG, "k = 9", "1..8");
    d = def;
    d.sig.org = (sig_bloom_org_t)2;
    check_bad(&d, RDU_ERR_SIG, "org = 2", "parallel");
    d = def;
    d.sig.org = SIG_BLOOM_ORG_PARALLEL; /* k = 6 parallel: sig_bloom P1 */
    check_bad(&d, RDU_ERR_SIG, "k = 6", "P1");
    d = def;
    d.sig.hash = (sig_bloom_hash_t)7;
    check_bad(&d, RDU_ERR_SIG, "hash = 7", "bitsel");
    d = def;
    d.sig.gran = 64;
    check_bad(&d, RDU_ERR_SIG, "gran = 64", "1, 4, 128 or 512");
    d = def;
    d.sig.addr_width = 15;
    check_bad(&d, RDU_ERR_SIG, "addr_width = 15", "16..64");
    d.sig.addr_width = 65;
    check_bad(&d, RDU_ERR_SIG, "addr_width = 65", "16..64");
    d = def;
    d.sig.chunk_width = 4;
    check_bad(&d, RDU_ERR_SIG, "chunk_width = 4", "8..512");
    d.sig.chunk_width = 1024;
    check_bad(&d, RDU_ERR_SIG, "chunk_width = 1024", "8..512");
    d.sig.chunk_width = 96;
    check_bad(&d, RDU_ERR_SIG, "chunk_width = 96", "8..512");
    d = mkdesc(4, 256, 512, 128, 128, 32, 4); /* C > m: P2 */
    check_bad(&d, RDU_ERR_SIG, "chunk_width = 512", "P2");
    d = def;
    d.sig.threshold = 0;
    check_bad(&d, RDU_ERR_SIG, "threshold = 0", "1..8191");
    d.sig.threshold = 8192; /* 2^CW: one past CMAX at m = 4096 */
    check_bad(&d, RDU_ERR_SIG, "threshold = 8192", "1..8191");
    d = def;
    d.sig.h3_seed = 0;
    check_bad(&d, RDU_ERR_SIG, "h3_seed = 0", "1..0xFFFFFFFF");

    /* n is checked first */
    d = def;
    d.n = 99;
    d.line = 7;
    check_bad(&d, RDU_ERR_N, "n = 99", "2..64");
}

static void test_validation_null(void** state) {
    (void)state;
    const rdu_desc_t d = rdu_desc_default();
    char msg[160];
    msg[0] = '\0';
    assert_int_equal(rdu_check_desc(NULL, msg, sizeof msg), RDU_ERR_NULL);
    assert_non_null(strstr(msg, "NULL"));
    assert_non_null(strstr(msg, "desc"));
    rdu_t* r = malloc(sizeof *r);
    assert_non_null(r);
    memset(r, 0x5A, sizeof *r);
    msg[0] = '\0';
    assert_int_equal(rdu_init(r, NULL, msg, sizeof msg), RDU_ERR_NULL);
    assert_non_null(strstr(msg, "desc"));
    assert_true(all_zero(r, sizeof *r));
    free(r);
    msg[0] = '\0';
    assert_int_equal(rdu_init(NULL, &d, msg, sizeof msg), RDU_ERR_NULL);
    assert_non_null(strstr(msg, "NULL"));
    assert_int_equal(rdu_init(NULL, NULL, NULL, 0), RDU_ERR_NULL);
    assert_string_equal(rdu_strerror(RDU_OK), "ok");
    assert_non_null(strstr(rdu_strerror(RDU_ERR_SIG), "signature"));
    assert_non_null(strstr(rdu_strerror(RDU_ERR_N), "2..64"));
    assert_non_null(strstr(rdu_strerror(RDU_ERR_LINE), "256"));
    assert_non_null(strstr(rdu_strerror(RDU_ERR_QUEUE), "1..16"));
    assert_non_null(strstr(rdu_strerror(RDU_ERR_NULL), "NULL"));
    assert_non_null(strstr(rdu_strerror(-1), "unknown"));
    assert_non_null(strstr(rdu_strerror(999), "unknown"));
}

static void test_validation_legal_edges(void** state) {
    (void)state;
    /* n edges and SW = max(1, ceil(log2 N)) */
    const uint32_t ns[7] = {2, 3, 4, 5, 17, 63, 64};
    const uint32_t sws[7] = {1, 2, 2, 3, 5, 6, 6};
    for (uint32_t i = 0; i < 7u; i++) {
        const rdu_desc_t d = mkdesc(ns[i], 256, 64, 128, 128, 1, 1);
        rdu_t* r = new_rdu(&d);
        assert_int_equal(r->sw, sws[i]);
        assert_int_equal(r->out.req_ready, low_mask(ns[i]));
        free(r);
    }
    /* queue edges 1 and 16; threshold edges 1 and CMAX; C = 8 (NC = m/8) and C = m (NC = 1) */
    {
        rdu_desc_t d = mkdesc(4, 256, 8, 1, 256, 511, 16);
        rdu_t* r = new_rdu(&d);
        assert_int_equal(r->nc, 32);
        assert_int_equal(r->ciw, 5);
        assert_int_equal(r->cw, 9);
        assert_int_equal(r->cmax, 511);
        assert_int_equal(r->chunk_words, 1);
        assert_int_equal(r->un, 256);
        assert_int_equal(r->lg, 0);
        assert_int_equal(r->ll, 8);
        free(r);
        d = mkdesc(4, 256, 256, 512, 32, 1, 1);
        r = new_rdu(&d);
        assert_int_equal(r->nc, 1);
        assert_int_equal(r->ciw, 1);
        assert_int_equal(r->un, 1);
        assert_int_equal(r->chunk_words, 8);
        free(r);
        d = mkdesc(64, 16384, 512, 4, 256, 32767, 16);
        d.sig.addr_width = 64;
        d.sig.hash = SIG_BLOOM_HASH_BITSEL;
        d.sig.k = 8;
        d.sig.org = SIG_BLOOM_ORG_PARALLEL;
        r = new_rdu(&d);
        assert_int_equal(r->nc, 32);
        assert_int_equal(r->cmax, 32767);
        assert_int_equal(r->words, 512);
        assert_int_equal(r->un, 64);
        assert_int_equal(r->sw, 6);
        assert_int_equal(r->out.req_ready, ~(uint64_t)0);
        free(r);
    }
    /* UN = max(1, L / G) at every granularity and line size */
    for (uint32_t g = 0; g < 4u; g++) {
        for (uint32_t l = 0; l < 4u; l++) {
            const rdu_desc_t d = mkdesc(2, 512, 32, k_grans[g], k_lines[l], 64, 4);
            rdu_t* r = new_rdu(&d);
            const uint32_t un = k_lines[l] > k_grans[g] ? k_lines[l] / k_grans[g] : 1u;
            assert_int_equal(r->un, un);
            free(r);
        }
    }
}

/*--- 2. units of a request (spec §4) ---------------------------------------------------------*/

/* naive spec §4: unit u present iff a mask byte in its G-byte block is set */
static uint32_t ref_umask(uint32_t line, uint32_t gran, const uint32_t* mask, uint32_t* um) {
    memset(um, 0, RDU_UMASK_WORDS * sizeof um[0]);
    const uint32_t un = line > gran ? line / gran : 1u;
    const uint32_t span = line > gran ? gran : line;
    uint32_t n = 0;
    for (uint32_t u = 0; u < un; u++) {
        bool any = false;
        for (uint32_t b = u * span; b < (u + 1u) * span; b++) {
            any = any || ((mask[b / 32u] >> (b % 32u)) & 1u) != 0u;
        }
        if (any) {
            um[u / 32u] |= 1u << (u % 32u);
            n++;
        }
    }
    return n;
}

static void test_umask_hand(void** state) {
    (void)state;
    uint32_t mask[RDU_MASK_WORDS];
    uint32_t um[RDU_UMASK_WORDS];

    /* empty masks: no units at every G and L */
    memset(mask, 0, sizeof mask);
    for (uint32_t g = 0; g < 4u; g++) {
        for (uint32_t l = 0; l < 4u; l++) {
            memset(um, 0xFF, sizeof um);
            assert_int_equal(rdu_umask(k_lines[l], k_grans[g], mask, um), 0);
            assert_true(all_zero(um, sizeof um));
        }
    }
    /* word granularity, L = 128: bit b of the mask is in unit b / 4 */
    memset(mask, 0, sizeof mask);
    mask[0] = 0x00000018u; /* bytes 3, 4: units 0 and 1 */
    mask[3] = 0x80000000u; /* byte 127: unit 31 */
    mask[4] = 0xFFFFFFFFu; /* beyond L = 128: does not exist on the port */
    memset(um, 0xFF, sizeof um);
    assert_int_equal(rdu_umask(128, 4, mask, um), 3);
    assert_int_equal(um[0], 0x80000003u);
    for (uint32_t w = 1; w < RDU_UMASK_WORDS; w++) {
        assert_int_equal(um[w], 0);
    }
    /* word granularity, L = 256: 64 units in two words */
    memset(mask, 0, sizeof mask);
    mask[4] = 0x0000F000u; /* bytes 140..143: unit 35 */
    mask[7] = 0x10000000u; /* byte 252: unit 63 */
    assert_int_equal(rdu_umask(256, 4, mask, um), 2);
    assert_int_equal(um[0], 0);
    assert_int_equal(um[1], (1u << 3) | (1u << 31));
    /* byte granularity: umask = mask, count = set bytes */
    memset(mask, 0, sizeof mask);
    mask[0] = 0x5u;
    mask[7] = 0x80000000u;
    assert_int_equal(rdu_umask(256, 1, mask, um), 3);
    assert_memory_equal(um, mask, sizeof um);
    assert_int_equal(rdu_umask(32, 1, mask, um), 2); /* L = 32: only word 0 exists */
    assert_int_equal(um[0], 0x5u);
    assert_int_equal(um[7], 0);
    /* block granularity: L = 256 has two units of 128 bytes, L <= 128 one */
    memset(mask, 0, sizeof mask);
    mask[5] = 1u; /* byte 160 */
    assert_int_equal(rdu_umask(256, 128, mask, um), 1);
    assert_int_equal(um[0], 2u);
    mask[0] = 1u;
    assert_int_equal(rdu_umask(256, 128, mask, um), 2);
    assert_int_equal(um[0], 3u);
    assert_int_equal(rdu_umask(128, 128, mask, um), 1);
    assert_int_equal(um[0], 1u);
    mask[0] = 0;
    assert_int_equal(rdu_umask(128, 128, mask, um), 0); /* byte 160 is past L = 128 */
    assert_int_equal(rdu_umask(64, 128, mask, um), 0);
    mask[1] = 0x100u; /* byte 40 */
    assert_int_equal(rdu_umask(64, 128, mask, um), 1);
    assert_int_equal(rdu_umask(32, 128, mask, um), 0); /* byte 40 is past L = 32 */
    /* half-page: always one unit */
    assert_int_equal(rdu_umask(256, 512, mask, um), 1);
    assert_int_equal(um[0], 1u);
    /* full masks: UN units */
    memset(mask, 0xFF, sizeof mask);
    for (uint32_t g = 0; g < 4u; g++) {
        for (uint32_t l = 0; l < 4u; l++) {
            const uint32_t un = k_lines[l] > k_grans[g] ? k_lines[l] / k_grans[g] : 1u;
            assert_int_equal(rdu_umask(k_lines[l], k_grans[g], mask, um), un);
        }
    }
}

static void test_umask_random_vs_reference(void** state) {
    (void)state;
    uint64_t rng = 11;
    for (uint32_t it = 0; it < 4000u; it++) {
        const uint32_t g = k_grans[rnd_below(&rng, 4)];
        const uint32_t l = k_lines[rnd_below(&rng, 4)];
        uint32_t mask[RDU_MASK_WORDS];
        for (uint32_t w = 0; w < RDU_MASK_WORDS; w++) {
            const uint32_t a = (uint32_t)splitmix64(&rng);
            const uint32_t b = (uint32_t)splitmix64(&rng);
            switch (rnd_below(&rng, 4)) {
            case 0:
                mask[w] = 0;
                break;
            case 1:
                mask[w] = 1u << (a % 32u);
                break;
            case 2:
                mask[w] = a & b & (uint32_t)splitmix64(&rng);
                break;
            default:
                mask[w] = a;
                break;
            }
        }
        uint32_t um[RDU_UMASK_WORDS], ex[RDU_UMASK_WORDS];
        memset(um, 0xEE, sizeof um);
        const uint32_t n = rdu_umask(l, g, mask, um);
        assert_int_equal(n, ref_umask(l, g, mask, ex));
        assert_memory_equal(um, ex, sizeof um);
    }
}

static void test_unit_addr(void** state) {
    (void)state;
    /* G < L: (a with bits [LL-1:0] cleared) + u*G */
    assert_int_equal(rdu_unit_addr(128, 4, 0x1234, 0), 0x1200);
    assert_int_equal(rdu_unit_addr(128, 4, 0x1234, 3), 0x120C);
    assert_int_equal(rdu_unit_addr(128, 4, 0x1234, 31), 0x127C);
    assert_int_equal(rdu_unit_addr(128, 1, 0x12FF, 127), 0x12FF);
    assert_int_equal(rdu_unit_addr(256, 1, 0xABCD, 5), 0xAB05);
    assert_int_equal(rdu_unit_addr(256, 128, 0x1234, 0), 0x1200);
    assert_int_equal(rdu_unit_addr(256, 128, 0x1234, 1), 0x1280);
    assert_int_equal(rdu_unit_addr(32, 4, 0xFFFFFFFFFFFFFFFFull, 7), 0xFFFFFFFFFFFFFFFCull);
    assert_int_equal(rdu_unit_addr(64, 1, 0x8000000000000041ull, 2), 0x8000000000000042ull);
    /* G >= L: the address a itself */
    assert_int_equal(rdu_unit_addr(128, 128, 0x1234, 0), 0x1234);
    assert_int_equal(rdu_unit_addr(128, 512, 0x1234, 0), 0x1234);
    assert_int_equal(rdu_unit_addr(32, 128, 0xDEAD, 0), 0xDEAD);
    /* every G < L: unit u's address is in the line, G-aligned, ascending */
    for (uint32_t g = 0; g < 4u; g++) {
        for (uint32_t l = 0; l < 4u; l++) {
            const uint32_t G = k_grans[g], L = k_lines[l];
            if (G >= L) {
                continue;
            }
            const uint64_t a = 0x7654321ull;
            for (uint32_t u = 0; u < L / G; u++) {
                const uint64_t ua = rdu_unit_addr(L, G, a, u);
                assert_int_equal(ua / L, a / L);
                assert_int_equal(ua % G, 0);
                assert_int_equal((ua % L) / G, u);
            }
        }
    }
}

/*--- 3. directed, cycle-exact behaviour -----------------------------------------------------*/

/* N = 4, m = 256, C = 64 (NC = 4), block granularity, L = 128, threshold 100, queue 4 */
static void test_write_path(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(4, 256, 64, 128, 128, 100, 4);
    rdu_t* r = new_rdu(&d);
    rdu_out_t o = reset_edge(r); /* edge 0 */
    assert_int_equal(o.req_ready, 0xF);
    const uint64_t A = 0x4000, B = 0x8080;

    /* edge 1: SM0 presents a write of line A (full mask); the engine is IDLE and the FIFO
     * empty, so it is accepted and popped at this edge (enqueue first, §5) */
    rdu_in_t in = quiet_in();
    put_req(&in, 0, true, A, 0, 128);
    o = tick(r, &in);
    assert_int_equal(r->st.st, RDU_ST_UNITS);
    assert_int_equal(r->st.cur_sm, 0);
    assert_true(r->st.cur_write);
    assert_int_equal(r->st.cur_addr, A);
    assert_int_equal(r->st.cur_umask[0], 1);
    assert_int_equal(r->st.qcnt[0], 0);
    assert_int_equal(r->st.rr, 1);
    assert_false(r->st.race);
    assert_int_equal(o.req_ready, 0xF);
    expect_no_beat(&o);
    assert_int_equal(r->cov[RDU_T_FIFO_PUSH_POP], 1);
    assert_int_equal(r->cov[RDU_T_IDLE_POP_WRITE], 1);

    /* edge 2: the unit is inserted into SM1..3, not into SM0 (R3) */
    in = quiet_in();
    o = tick(r, &in);
    expect_no_beat(&o);
    assert_int_equal(r->st.cur_umask[0], 0);
    assert_true(sig_zero(r, 0));
    for (uint32_t j = 1; j < 4u; j++) {
        assert_true(sig_member(r, r->st.sig[j], A));
        assert_int_equal(r->st.cnt[j], 1);
    }
    assert_int_equal(r->st.cnt[0], 0);
    assert_int_equal(r->insertions, 1);

    /* edge 3 = pop + U + 1: the finish loads beat 0 of the WRITE_ACK (sig[0] = 0) */
    o = tick(r, &in);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 0, false);
    assert_true(all_zero(o.rsp_chunk, sizeof o.rsp_chunk));
    assert_int_equal(r->cov[RDU_T_UNITS_WRITE_DONE], 1);
    /* edges 4..6: beats 1..3, rsp_last only on beat 3; edge 7 takes the last beat */
    o = take_shipment(r, o, 0, RDU_RSP_WRITE_ACK);
    assert_int_equal(r->syncs[RDU_RSP_WRITE_ACK], 1);
    assert_int_equal(r->cov[RDU_T_SHIP_NEXT], 3);
    assert_int_equal(r->cov[RDU_T_SHIP_LAST_SYNC], 1);
    for (uint32_t j = 1; j < 4u; j++) {
        assert_int_equal(r->st.cnt[j], 1); /* only the receiver's cnt is cleared */
    }

    /* SM1 writes B: its WRITE_ACK ships sig[1] (holding A) chunk by chunk, then clears it */
    uint32_t snap1[SIG_BLOOM_MAX_WORDS];
    memcpy(snap1, r->st.sig[1], sizeof snap1);
    assert_false(all_zero(snap1, sizeof snap1));
    in = quiet_in();
    put_req(&in, 1, true, B, 5, 1);
    o = tick(r, &in); /* pop (rr was 1: no skip) */
    assert_int_equal(r->cov[RDU_T_IDLE_POP_RR_SKIP], 0);
    assert_int_equal(r->st.rr, 2);
    in = quiet_in();
    o = tick(r, &in); /* unit */
    o = tick(r, &in); /* finish */
    expect_beat(&o, 1, RDU_RSP_WRITE_ACK, 0, false);
    uint32_t ch[SIG_BLOOM_MAX_CHUNK_WORDS];
    chunk_of(snap1, 64, 0, ch);
    assert_memory_equal(o.rsp_chunk, ch, sizeof ch);
    assert_int_equal(o.rsp_chunk[0], snap1[0]); /* C = 64: chunk 0 = words 0, 1 */
    assert_int_equal(o.rsp_chunk[1], snap1[1]);
    assert_memory_equal(r->st.sig[1], snap1, sizeof snap1); /* own write not inserted: R3 */
    o = take_shipment(r, o, 1, RDU_RSP_WRITE_ACK);
    assert_true(sig_zero(r, 1));
    assert_int_equal(r->st.cnt[1], 0);
    assert_true(sig_member(r, r->st.sig[0], B));
    assert_true(sig_member(r, r->st.sig[2], A) && sig_member(r, r->st.sig[2], B));
    assert_int_equal(r->st.cnt[0], 1);
    assert_int_equal(r->st.cnt[2], 2);
    assert_int_equal(r->st.cnt[3], 2);
    assert_int_equal(r->syncs[RDU_RSP_WRITE_ACK], 2);
    free(r);
}

/* The latency of §2 at every granularity: a write of U units popped at edge p has its first
 * beat on the bus after edge p + U + 1 (sampled at edge p + U + 2), at every U incl. 0. */
static void test_latency(void** state) {
    (void)state;
    for (uint32_t g = 0; g < 4u; g++) {
        const uint32_t line = 128u;
        const rdu_desc_t d = mkdesc(3, 512, 128, k_grans[g], line, 1000, 2);
        rdu_t* r = new_rdu(&d);
        reset_edge(r);
        const uint32_t G = k_grans[g];
        const uint32_t nbs[4] = {0u, 1u, 9u, 128u};
        for (uint32_t t = 0; t < 4u; t++) {
            for (uint32_t wr = 0; wr < 2u; wr++) {
                const uint32_t nb = nbs[t];
                /* bytes [3, 3 + nb) clipped to the line: units touched */
                const uint32_t b0 = nb == 128u ? 0u : 3u;
                uint32_t U = 0;
                if (nb != 0u) {
                    U = G >= line ? 1u : (b0 + nb - 1u) / G - b0 / G + 1u;
                }
                rdu_in_t in = quiet_in();
                put_req(&in, 2, wr != 0u, 0x100000u + 0x1000u * t, b0, nb);
                rdu_out_t o = tick(r, &in); /* edge p: accepted and popped */
                assert_int_equal(r->st.st, RDU_ST_UNITS);
                in = quiet_in();
                for (uint32_t e = 1; e <= U; e++) {
                    expect_no_beat(&o);
                    o = tick(r, &in);
                }
                /* after edge p + U: all units done, not finished */
                expect_no_beat(&o);
                assert_int_equal(r->st.st, RDU_ST_UNITS);
                o = tick(r, &in); /* edge p + U + 1 */
                assert_true(o.rsp_valid);
                if (wr != 0u) {
                    assert_int_equal(o.rsp_kind, RDU_RSP_WRITE_ACK);
                    take_shipment(r, o, 2, RDU_RSP_WRITE_ACK);
                } else {
                    /* SM2 has never been written by another SM: its sig is 0, no race */
                    assert_int_equal(o.rsp_kind, RDU_RSP_NO_RACE);
                    take_shipment(r, o, 2, RDU_RSP_NO_RACE);
                }
            }
        }
        assert_int_equal(r->cov[RDU_T_UNITS_EMPTY], 2);
        assert_int_equal(r->cov[RDU_T_UNITS_MULTI] != 0u, r->un > 1u);
        free(r);
    }
}

/* Race-checks: hit -> RACE shipment (sig cleared), miss -> one NO_RACE beat (sig kept), stop at
 * the first hit. Word granularity, L = 128 (UN = 32), NC = 2. */
static void test_race_check(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(4, 1024, 512, 4, 128, 500, 4);
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    const uint64_t line = 0x2A00; /* LL = 7: line-aligned */

    /* SM0 writes unit 5 (bytes 20..23; one byte suffices) */
    rdu_in_t in = quiet_in();
    put_req(&in, 0, true, line + 0x11, 21, 1); /* low address bits are ignored at G < L */
    rdu_out_t o = tick(r, &in);
    assert_int_equal(r->st.cur_addr, line + 0x11); /* cur_addr as presented */
    assert_int_equal(r->st.cur_umask[0], 1u << 5);
    in = quiet_in();
    o = tick(r, &in);
    o = tick(r, &in);
    o = take_shipment(r, o, 0, RDU_RSP_WRITE_ACK);
    const uint64_t u2 = line + 2u * 4u, u5 = line + 5u * 4u, u9 = line + 9u * 4u;
    assert_true(sig_member(r, r->st.sig[1], u5));
    /* the test depends on units 2 and 9 not being false positives in sig[1] */
    assert_false(sig_member(r, r->st.sig[1], u2));
    assert_false(sig_member(r, r->st.sig[1], u9));

    /* SM1 checks units 2, 5, 9: unit 2 misses, unit 5 hits, 9 is never tested */
    in = quiet_in();
    put_req(&in, 1, false, line, 8, 1);
    in.req_mask[1][0] |= 1u << 20; /* byte 20: unit 5 */
    in.req_mask[1][1] |= 1u << 4;  /* byte 36: unit 9 */
    o = tick(r, &in);              /* pop */
    assert_int_equal(r->st.cur_umask[0], (1u << 2) | (1u << 5) | (1u << 9));
    assert_false(r->st.cur_write);
    in = quiet_in();
    const uint64_t miss0 = r->cov[RDU_T_UNITS_TEST_MISS];
    o = tick(r, &in); /* unit 2: miss */
    assert_int_equal(r->st.cur_umask[0], (1u << 5) | (1u << 9));
    assert_false(r->st.race);
    assert_int_equal(r->cov[RDU_T_UNITS_TEST_MISS], miss0 + 1u);
    o = tick(r, &in); /* unit 5: hit, cur_umask = 0 */
    assert_int_equal(r->st.cur_umask[0], 0);
    assert_true(r->st.race);
    assert_int_equal(r->cov[RDU_T_UNITS_TEST_HIT], 1);
    expect_no_beat(&o);
    o = tick(r, &in); /* finish: pop + 2 units + 1 */
    expect_beat(&o, 1, RDU_RSP_RACE, 0, false);
    assert_int_equal(r->cov[RDU_T_UNITS_CHECK_RACE], 1);
    o = take_shipment(r, o, 1, RDU_RSP_RACE);
    assert_int_equal(r->syncs[RDU_RSP_RACE], 1);
    assert_true(r->st.race); /* cur_* and race keep their values until the next pop */
    assert_int_equal(r->st.cur_sm, 1);

    /* SM2 checks unit 9 only (sig[2] holds unit 5 only): one NO_RACE beat, sig[2] kept */
    assert_false(sig_member(r, r->st.sig[2], u9));
    in = quiet_in();
    put_req(&in, 2, false, line, 37, 2);
    o = tick(r, &in);
    assert_false(r->st.race);
    in = quiet_in();
    o = tick(r, &in);
    o = tick(r, &in);
    expect_beat(&o, 2, RDU_RSP_NO_RACE, 0, true);
    assert_true(all_zero(o.rsp_chunk, sizeof o.rsp_chunk));
    const uint32_t cnt2 = r->st.cnt[2];
    o = take_shipment(r, o, 2, RDU_RSP_NO_RACE);
    assert_int_equal(r->st.cnt[2], cnt2);
    assert_true(sig_member(r, r->st.sig[2], u5));
    assert_int_equal(r->syncs[RDU_RSP_NO_RACE], 1);
    assert_int_equal(r->cov[RDU_T_SHIP_LAST_NORACE], 1);

    /* an empty race-check answers NO_RACE at pop + 1 even when the signature is full */
    in = quiet_in();
    put_req(&in, 3, false, line, 0, 0);
    o = tick(r, &in);
    in = quiet_in();
    o = tick(r, &in);
    expect_beat(&o, 3, RDU_RSP_NO_RACE, 0, true);
    take_shipment(r, o, 3, RDU_RSP_NO_RACE);
    free(r);
}

/* Forced syncs (R6): threshold 2, N = 4, NC = 1. */
static void test_forced_sync(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(4, 256, 256, 128, 128, 2, 4);
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    rdu_in_t in = quiet_in();
    /* SM0 writes A: cnt[1..3] = 1 < 2, no forced sync */
    put_req(&in, 0, true, 0x1000, 0, 4);
    rdu_out_t o = tick(r, &in);
    in = quiet_in();
    o = tick(r, &in);
    o = tick(r, &in);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 0, true); /* NC = 1: the first beat is the last */
    assert_int_equal(r->st.pend, 0);
    o = tick(r, &in);
    expect_no_beat(&o);

    /* SM0 writes B: cnt[1..3] = 2 >= 2, pend = {1, 2, 3} at the finish */
    put_req(&in, 0, true, 0x2000, 0, 4);
    o = tick(r, &in); /* pop */
    in = quiet_in();
    o = tick(r, &in);                /* unit */
    assert_int_equal(r->st.pend, 0); /* set at the finish, not per unit (D4) */
    /* while the finish happens, SM3 and SM0 present requests; they must wait for the forced
     * syncs (R6) even though they are popped by the RR arbiter otherwise */
    put_req(&in, 3, false, 0x1000, 0, 1);
    put_req(&in, 0, false, 0x2000, 0, 1);
    o = tick(r, &in); /* finish */
    in = quiet_in();
    assert_int_equal(r->st.pend, 0xE);
    assert_int_equal(r->cov[RDU_T_UNITS_WRITE_FORCE], 1);
    assert_int_equal(r->cov[RDU_T_UNITS_WRITE_FORCE_MULTI], 1);
    assert_int_equal(r->st.qcnt[0], 1);
    assert_int_equal(r->st.qcnt[3], 1);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 0, true);
    uint32_t snaps[4][SIG_BLOOM_MAX_WORDS];
    for (uint32_t j = 0; j < 4u; j++) {
        memcpy(snaps[j], r->st.sig[j], sizeof snaps[j]);
    }
    o = tick(r, &in); /* the WRITE_ACK's last beat */
    expect_no_beat(&o);
    /* then FORCED to 1, 2, 3 (lowest first), each: one IDLE edge starting it, one taking it */
    for (uint32_t i = 1; i < 4u; i++) {
        o = tick(r, &in);
        expect_beat(&o, i, RDU_RSP_FORCED, 0, true);
        assert_memory_equal(o.rsp_chunk, snaps[i], 32); /* C = m = 256 bits: the whole sig */
        assert_int_equal(r->st.pend, (0xEu >> (i + 1u)) << (i + 1u));
        assert_int_equal(r->st.qcnt[0], 1); /* nothing popped while pend != 0 */
        assert_int_equal(r->st.qcnt[3], 1);
        o = tick(r, &in);
        expect_no_beat(&o);
        assert_true(sig_zero(r, i));
        assert_int_equal(r->st.cnt[i], 0);
    }
    assert_int_equal(r->syncs[RDU_RSP_FORCED], 3);
    assert_int_equal(r->cov[RDU_T_IDLE_FORCED], 3);
    /* now the queued requests pop, RR from rr = 1: SM3 first, then SM0 */
    o = tick(r, &in);
    assert_int_equal(r->st.cur_sm, 3);
    /* skips: SM0's second write (rr was 1) and this one (rr = 1) */
    assert_int_equal(r->cov[RDU_T_IDLE_POP_RR_SKIP], 2);
    free(r);
}

/* Handshake (R9): a beat is held unchanged while rsp_ready[rsp_sm] = 0, whatever the other SMs'
 * ready bits are; the state does not move. */
static void test_handshake_hold(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(3, 512, 128, 128, 128, 100, 2);
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    rdu_in_t in = quiet_in();
    put_req(&in, 0, true, 0x3000, 0, 1);
    tick(r, &in);
    in = quiet_in();
    tick(r, &in);
    put_req(&in, 1, true, 0x4000, 0, 1); /* SM1's request enters the FIFO meanwhile */
    in.rsp_ready = ~(uint64_t)1;         /* everyone ready but SM0 */
    rdu_out_t o = tick(r, &in);          /* finish: beat 0 on the bus */
    drop_req(&in, 1);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 0, false);
    for (uint32_t c = 0; c < 5u; c++) {
        rdu_state_t before = r->st;
        const rdu_out_t prev = o;
        o = tick(r, &in);
        assert_memory_equal(&o, &prev, sizeof o);
        assert_memory_equal(&before, &r->st, sizeof before);
    }
    assert_int_equal(r->cov[RDU_T_SHIP_HOLD], 5);
    /* beat 1 then held again, then the last */
    in.rsp_ready = ~(uint64_t)0;
    o = tick(r, &in);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 1, false);
    in.rsp_ready = 0;
    o = tick(r, &in);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 1, false);
    in.rsp_ready = 1;
    o = tick(r, &in);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 2, false);
    o = tick(r, &in);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 3, true);
    in.rsp_ready = 6;
    o = tick(r, &in);
    expect_beat(&o, 0, RDU_RSP_WRITE_ACK, 3, true);
    in.rsp_ready = 1;
    o = tick(r, &in);
    expect_no_beat(&o);
    assert_int_equal(r->st.qcnt[1], 1); /* SM1's write waited in its FIFO */
    o = tick(r, &in);
    assert_int_equal(r->st.cur_sm, 1);
    free(r);
}

/* FIFO full / ready (R8): queue 2. A request presented while req_ready was 0 is ignored, also
 * at an edge that pops the same FIFO. */
static void test_fifo_full_ready(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(4, 256, 256, 128, 128, 100, 2);
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    rdu_in_t in = quiet_in();
    in.rsp_ready = 0; /* nobody takes beats */
    put_req(&in, 0, false, 0x100, 0, 1);
    rdu_out_t o = tick(r, &in); /* popped at once */
    drop_req(&in, 0);
    o = tick(r, &in);
    o = tick(r, &in); /* NO_RACE beat on the bus, held */
    expect_beat(&o, 0, RDU_RSP_NO_RACE, 0, true);

    /* SM2 presents three requests back to back (holding each until accepted) */
    put_req(&in, 2, true, 0xA00, 0, 1);
    o = tick(r, &in);
    assert_int_equal(r->st.qcnt[2], 1);
    assert_int_equal((o.req_ready >> 2) & 1u, 1);
    put_req(&in, 2, true, 0xB00, 0, 1);
    o = tick(r, &in);
    assert_int_equal(r->st.qcnt[2], 2);
    assert_int_equal((o.req_ready >> 2) & 1u, 0);
    assert_int_equal(o.req_ready, 0xB);
    put_req(&in, 2, true, 0xC00, 0, 1); /* refused: ready was 0 */
    const uint64_t full0 = r->cov[RDU_T_FIFO_FULL];
    for (uint32_t c = 0; c < 3u; c++) {
        o = tick(r, &in);
        assert_int_equal(r->st.qcnt[2], 2);
        assert_int_equal(r->cov[RDU_T_FIFO_FULL], full0 + c + 1u);
    }
    /* release the NO_RACE beat: the edge that takes it goes to IDLE; SM2's third request is
     * still refused (ready was 0) */
    in.rsp_ready = ~(uint64_t)0;
    o = tick(r, &in);
    expect_no_beat(&o);
    assert_int_equal(r->st.qcnt[2], 2);
    assert_int_equal(r->cov[RDU_T_FIFO_FULL], full0 + 4u);
    /* next edge pops SM2's head (0xA00) and refuses 0xC00 once more: ready was 0 during the
     * cycle even though this edge frees a slot */
    o = tick(r, &in);
    assert_int_equal(r->st.cur_sm, 2);
    assert_int_equal(r->st.cur_addr, 0xA00);
    assert_int_equal(r->st.qcnt[2], 1);
    assert_int_equal((o.req_ready >> 2) & 1u, 1);
    assert_int_equal(r->cov[RDU_T_FIFO_FULL], full0 + 5u);
    o = tick(r, &in); /* accepted now (the engine is in UNITS) */
    assert_int_equal(r->st.qcnt[2], 2);
    drop_req(&in, 2);
    /* drain: the popped order is 0xA00, 0xB00, 0xC00 (R1) */
    const uint64_t expect[2] = {0xB00, 0xC00};
    uint32_t seen = 0;
    for (uint32_t c = 0; c < 40u && seen < 2u; c++) {
        const uint32_t st0 = r->st.st;
        o = tick(r, &in);
        if (st0 == RDU_ST_IDLE && r->st.st == RDU_ST_UNITS) {
            assert_int_equal(r->st.cur_addr, expect[seen]);
            seen++;
        }
    }
    assert_int_equal(seen, 2);
    free(r);
}

/* Round robin: w = first non-empty FIFO in rr, rr+1, ..., N-1, 0, ...; rr = w + 1 mod N. */
static void test_round_robin(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(5, 256, 128, 128, 128, 100, 4);
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    rdu_in_t in = quiet_in();
    for (uint32_t j = 0; j < 5u; j++) {
        put_req(&in, j, false, 0x1000u * (j + 1u), 0, 0); /* empty checks: 3 edges each */
    }
    rdu_out_t o = tick(r, &in); /* all five accepted; SM0 popped */
    in = quiet_in();
    assert_int_equal(r->st.cur_sm, 0);
    assert_int_equal(r->st.rr, 1);
    for (uint32_t j = 1; j < 5u; j++) {
        assert_int_equal(r->st.qcnt[j], 1);
    }
    for (uint32_t j = 1; j < 5u; j++) {
        o = tick(r, &in); /* finish: NO_RACE */
        expect_beat(&o, j - 1u, RDU_RSP_NO_RACE, 0, true);
        o = tick(r, &in); /* taken */
        o = tick(r, &in); /* pop the next */
        assert_int_equal(r->st.cur_sm, j);
        assert_int_equal(r->st.cur_addr, 0x1000u * (j + 1u));
        assert_int_equal(r->st.rr, (j + 1u) % 5u);
    }
    assert_int_equal(r->cov[RDU_T_IDLE_POP_RR_SKIP], 0);
    o = tick(r, &in);
    o = tick(r, &in);
    expect_no_beat(&o);
    assert_int_equal(r->st.rr, 0);
    /* skip: rr = 0, only SM3 and SM1 non-empty -> SM1 (then rr = 2), then SM3 */
    put_req(&in, 3, false, 0x33, 0, 0);
    put_req(&in, 1, false, 0x11, 0, 0);
    in.rsp_ready = 0;
    o = tick(r, &in);
    in = quiet_in();
    assert_int_equal(r->st.cur_sm, 1);
    assert_int_equal(r->st.rr, 2);
    assert_int_equal(r->cov[RDU_T_IDLE_POP_RR_SKIP], 1);
    tick(r, &in);
    tick(r, &in);
    tick(r, &in);
    assert_int_equal(r->st.cur_sm, 3);
    assert_int_equal(r->st.rr, 4);
    assert_int_equal(r->cov[RDU_T_IDLE_POP_RR_SKIP], 2);
    /* wrap: rr = 4, only SM2 -> SM2, rr = 3 */
    tick(r, &in);
    tick(r, &in);
    put_req(&in, 2, false, 0x22, 0, 0);
    tick(r, &in);
    assert_int_equal(r->st.cur_sm, 2);
    assert_int_equal(r->st.rr, 3);
    /* SM4 = N - 1 popped: rr wraps to 0 */
    in = quiet_in();
    tick(r, &in);
    tick(r, &in);
    put_req(&in, 4, false, 0x44, 0, 0);
    tick(r, &in);
    assert_int_equal(r->st.cur_sm, 4);
    assert_int_equal(r->st.rr, 0);
    free(r);
}

/* R1: each SM's requests are popped in the order they were accepted, interleaved RR. */
static void test_program_order(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(3, 256, 256, 4, 64, 200, 3);
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    uint64_t rng = 5;
    uint32_t sent[3] = {0, 0, 0}, popped[3] = {0, 0, 0};
    rdu_in_t in = quiet_in();
    bool holding[3] = {false, false, false};
    rdu_out_t o = r->out;
    for (uint32_t c = 0; c < 3000u; c++) {
        for (uint32_t j = 0; j < 3u; j++) {
            if (!holding[j] && rnd_below(&rng, 3) == 0u && sent[j] < 200u) {
                /* the SM's sequence number is in the address: line (j, sent) */
                put_req(&in, j, rnd_below(&rng, 2) != 0u,
                        ((uint64_t)j << 24) | ((uint64_t)sent[j] << 6), rnd_below(&rng, 64),
                        rnd_below(&rng, 3));
                holding[j] = true;
            }
        }
        in.rsp_ready = splitmix64(&rng);
        const uint32_t st0 = r->st.st;
        const uint64_t was_ready = o.req_ready; /* ready during this cycle */
        o = tick(r, &in);
        for (uint32_t j = 0; j < 3u; j++) {
            if (holding[j] && ((was_ready >> j) & 1u)) { /* accepted at this edge */
                holding[j] = false;
                sent[j]++;
                drop_req(&in, j);
            }
        }
        if (st0 == RDU_ST_IDLE && r->st.st == RDU_ST_UNITS) {
            const uint32_t j = r->st.cur_sm;
            assert_int_equal(r->st.cur_addr, ((uint64_t)j << 24) | ((uint64_t)popped[j] << 6));
            popped[j]++;
        }
    }
    for (uint32_t j = 0; j < 3u; j++) {
        assert_true(popped[j] > 50u);
        assert_true(popped[j] <= sent[j]);
    }
    free(r);
}

/* Reset (D9): synchronous, priority over all inputs; clears every §3 field, the FIFOs and the
 * output registers; coverage and statistics are kept. */
static void test_reset(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(4, 512, 64, 4, 128, 3, 4);
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    assert_int_equal(r->cov[RDU_T_RESET], 1);
    rdu_in_t in = quiet_in();
    /* fill state: writes by SM1 and SM2, queued requests, a beat on the bus */
    put_req(&in, 1, true, 0x500, 0, 128);
    put_req(&in, 2, true, 0x900, 0, 16);
    put_req(&in, 3, false, 0x500, 0, 4);
    in.rsp_ready = 0;
    rdu_out_t o = tick(r, &in);
    in.req_valid = 0;
    for (uint32_t c = 0; c < 40u; c++) {
        o = tick(r, &in);
    }
    expect_beat(&o, 1, RDU_RSP_WRITE_ACK, 0, false);
    assert_true(r->st.pend != 0u);
    assert_true(r->st.qcnt[2] == 1u && r->st.qcnt[3] == 1u);
    assert_false(sig_zero(r, 0));
    const uint64_t ins = r->insertions;
    assert_int_equal(ins, 32);

    /* a reset edge with requests presented: nothing is accepted */
    in = quiet_in();
    in.rst_n = false;
    put_req(&in, 0, true, 0x700, 0, 1);
    o = tick(r, &in);
    assert_true(all_zero(&r->st, sizeof r->st));
    expect_no_beat(&o);
    assert_int_equal(o.req_ready, 0xF);
    assert_int_equal(r->cov[RDU_T_RESET], 2);
    assert_int_equal(r->insertions, ins); /* statistics kept */
    /* the FIFOs are empty: an idle edge waits */
    in = quiet_in();
    o = tick(r, &in);
    assert_int_equal(r->st.st, RDU_ST_IDLE);
    assert_true(all_zero(&r->st, sizeof r->st));
    /* reset in UNITS and in a held multi-beat shipment, each followed by a clean request */
    for (uint32_t when = 1; when < 12u; when++) {
        put_req(&in, 0, true, 0x700, 0, 8); /* 2 units */
        o = tick(r, &in);
        in = quiet_in();
        in.rsp_ready = 0;
        for (uint32_t c = 1; c < when; c++) {
            o = tick(r, &in);
        }
        in.rst_n = false;
        o = tick(r, &in);
        assert_true(all_zero(&r->st, sizeof r->st));
        in = quiet_in();
        put_req(&in, 0, false, 0x700, 0, 4);
        o = tick(r, &in);
        assert_int_equal(r->st.cur_sm, 0);
        assert_false(r->st.cur_write);
        in = quiet_in();
        o = tick(r, &in);
        o = tick(r, &in);
        expect_beat(&o, 0, RDU_RSP_NO_RACE, 0, true); /* signatures were cleared */
        o = tick(r, &in);
    }
    free(r);
}

/*--- 4. reference model: spec §4, §5 written naively ----------------------------------------*/

typedef struct {
    bool write;
    uint64_t addr;
    uint8_t byte[RDU_MAX_LINE_BYTES];
} ref_req_t;

typedef struct {
    rdu_desc_t d;
    uint32_t n, k, c, nc, cmax, un, q, line, gran, th;
    sig_bloom_t h; /* hash only */
    uint8_t sig[RDU_MAX_SM][SIG_BLOOM_MAX_BITS];
    uint32_t cnt[RDU_MAX_SM];
    bool pend[RDU_MAX_SM];
    uint32_t len[RDU_MAX_SM];
    ref_req_t fifo[RDU_MAX_SM][RDU_MAX_QUEUE];
    uint32_t rr, st, cur_sm;
    bool cur_write;
    uint64_t cur_addr;
    bool unit[RDU_MAX_LINE_BYTES];
    bool race;
    bool rv, rlast;
    uint32_t rsm, rkind, ridx;
    uint8_t chunk[SIG_BLOOM_MAX_CHUNK_BITS];
} ref_t;

static ref_t g_ref;

static void ref_init(ref_t* f, const rdu_desc_t* d) {
    memset(f, 0, sizeof *f);
    f->d = *d;
    f->n = d->n;
    f->k = d->sig.k;
    f->c = d->sig.chunk_width;
    f->nc = d->sig.m / d->sig.chunk_width;
    uint32_t cw = 1;
    while ((1u << (cw - 1u)) < d->sig.m) {
        cw++;
    }
    f->cmax = (1u << cw) - 1u;
    f->line = d->line;
    f->gran = d->sig.gran;
    f->un = d->line > d->sig.gran ? d->line / d->sig.gran : 1u;
    f->q = d->queue;
    f->th = d->sig.threshold;
    assert_int_equal(sig_bloom_init(&f->h, &d->sig, NULL, 0), SIG_BLOOM_OK);
}

static void ref_reset(ref_t* f) {
    memset(f->sig, 0, sizeof f->sig);
    memset(f->cnt, 0, sizeof f->cnt);
    memset(f->pend, 0, sizeof f->pend);
    memset(f->len, 0, sizeof f->len);
    f->rr = 0;
    f->st = 0;
    f->cur_sm = 0;
    f->cur_write = false;
    f->cur_addr = 0;
    memset(f->unit, 0, sizeof f->unit);
    f->race = false;
    f->rv = false;
    f->rlast = false;
    f->rsm = f->rkind = f->ridx = 0;
    memset(f->chunk, 0, sizeof f->chunk);
}

static void ref_load_chunk(ref_t* f) {
    for (uint32_t b = 0; b < f->c; b++) {
        f->chunk[b] = f->sig[f->rsm][f->ridx * f->c + b];
    }
}

static void ref_ship(ref_t* f, uint32_t i, uint32_t kind) {
    f->rv = true;
    f->rsm = i;
    f->rkind = kind;
    f->ridx = 0;
    f->rlast = f->nc == 1u;
    ref_load_chunk(f);
    f->st = 2;
}

static uint64_t ref_unit_addr(const ref_t* f, uint32_t u) {
    if (f->gran >= f->line) {
        return f->cur_addr;
    }
    return f->cur_addr - f->cur_addr % f->line + (uint64_t)u * f->gran;
}

static void ref_tick(ref_t* f, const rdu_in_t* in) {
    if (!in->rst_n) {
        ref_reset(f);
        return;
    }
    /* enqueue first */
    bool pushed[RDU_MAX_SM];
    for (uint32_t j = 0; j < f->n; j++) {
        pushed[j] = false;
        if (((in->req_valid >> j) & 1u) && f->len[j] < f->q) {
            ref_req_t* e = &f->fifo[j][f->len[j]++];
            e->write = ((in->req_write >> j) & 1u) != 0u;
            e->addr = in->req_addr[j];
            if (f->d.sig.addr_width < 64u) {
                e->addr %= (uint64_t)1 << f->d.sig.addr_width;
            }
            for (uint32_t b = 0; b < f->line; b++) {
                e->byte[b] = (uint8_t)((in->req_mask[j][b / 32u] >> (b % 32u)) & 1u);
            }
            pushed[j] = true;
        }
    }
    (void)pushed;
    if (f->st == 0) {
        uint32_t i = 0;
        while (i < f->n && !f->pend[i]) {
            i++;
        }
        if (i < f->n) {
            f->pend[i] = false;
            ref_ship(f, i, RDU_RSP_FORCED);
            return;
        }
        for (uint32_t dd = 0; dd < f->n; dd++) {
            const uint32_t w = (f->rr + dd) % f->n;
            if (f->len[w] == 0u) {
                continue;
            }
            const ref_req_t e = f->fifo[w][0];
            for (uint32_t x = 1; x < f->len[w]; x++) {
                f->fifo[w][x - 1u] = f->fifo[w][x];
            }
            f->len[w]--;
            f->cur_sm = w;
            f->cur_write = e.write;
            f->cur_addr = e.addr;
            memset(f->unit, 0, sizeof f->unit);
            for (uint32_t u = 0; u < f->un; u++) {
                const uint32_t span = f->gran < f->line ? f->gran : f->line;
                for (uint32_t b = u * span; b < (u + 1u) * span; b++) {
                    if (e.byte[b]) {
                        f->unit[u] = true;
                    }
                }
            }
            f->race = false;
            f->rr = (w + 1u) % f->n;
            f->st = 1;
            return;
        }
        return;
    }
    if (f->st == 1) {
        uint32_t u0 = 0;
        while (u0 < f->un && !f->unit[u0]) {
            u0++;
        }
        if (u0 < f->un) {
            f->unit[u0] = false;
            uint32_t v[SIG_BLOOM_MAX_HASHES];
            sig_bloom_indices(&f->h, ref_unit_addr(f, u0), v);
            if (f->cur_write) {
                for (uint32_t j = 0; j < f->n; j++) {
                    if (j == f->cur_sm) {
                        continue;
                    }
                    for (uint32_t i = 0; i < f->k; i++) {
                        f->sig[j][v[i]] = 1;
                    }
                    f->cnt[j] = f->cnt[j] + 1u > f->cmax ? f->cmax : f->cnt[j] + 1u;
                }
            } else {
                bool all = true;
                for (uint32_t i = 0; i < f->k; i++) {
                    all = all && f->sig[f->cur_sm][v[i]];
                }
                if (all) {
                    f->race = true;
                    memset(f->unit, 0, sizeof f->unit);
                }
            }
            return;
        }
        if (f->cur_write) {
            for (uint32_t j = 0; j < f->n; j++) {
                if (j != f->cur_sm && f->cnt[j] >= f->th) {
                    f->pend[j] = true;
                }
            }
            ref_ship(f, f->cur_sm, RDU_RSP_WRITE_ACK);
        } else if (f->race) {
            ref_ship(f, f->cur_sm, RDU_RSP_RACE);
        } else {
            f->rv = true;
            f->rsm = f->cur_sm;
            f->rkind = RDU_RSP_NO_RACE;
            f->ridx = 0;
            f->rlast = true;
            memset(f->chunk, 0, sizeof f->chunk);
            f->st = 2;
        }
        return;
    }
    /* SHIP */
    if (((in->rsp_ready >> f->rsm) & 1u) == 0u) {
        return;
    }
    if (!f->rlast) {
        f->ridx++;
        ref_load_chunk(f);
        f->rlast = f->ridx == f->nc - 1u;
        return;
    }
    if (f->rkind != RDU_RSP_NO_RACE) {
        memset(f->sig[f->rsm], 0, sizeof f->sig[f->rsm]);
        f->cnt[f->rsm] = 0;
    }
    f->rv = false;
    f->rlast = false;
    f->rsm = f->rkind = f->ridx = 0;
    memset(f->chunk, 0, sizeof f->chunk);
    f->st = 0;
}

/* compare the model's state and *out with the reference; sigs only when full_sig */
static void ref_compare(const ref_t* f, const rdu_t* r, const rdu_out_t* o, bool full_sig,
                        uint64_t cycle) {
    const rdu_state_t* s = &r->st;
    bool ok = true;
    ok = ok && s->st == f->st && s->rr == f->rr && s->cur_sm == f->cur_sm;
    ok = ok && s->cur_write == f->cur_write && s->cur_addr == f->cur_addr && s->race == f->race;
    uint64_t pend = 0;
    for (uint32_t j = 0; j < f->n; j++) {
        ok = ok && s->cnt[j] == f->cnt[j] && s->qcnt[j] == f->len[j];
        pend |= (uint64_t)f->pend[j] << j;
    }
    ok = ok && s->pend == pend;
    uint32_t um[RDU_UMASK_WORDS] = {0};
    for (uint32_t u = 0; u < f->un; u++) {
        um[u / 32u] |= (uint32_t)f->unit[u] << (u % 32u);
    }
    ok = ok && memcmp(um, s->cur_umask, sizeof um) == 0;
    uint64_t ready = 0;
    for (uint32_t j = 0; j < f->n; j++) {
        ready |= (uint64_t)(f->len[j] < f->q) << j;
    }
    ok = ok && o->req_ready == ready && o->rsp_valid == f->rv && o->rsp_sm == f->rsm;
    ok = ok && o->rsp_kind == f->rkind && o->rsp_idx == f->ridx && o->rsp_last == f->rlast;
    uint32_t ch[SIG_BLOOM_MAX_CHUNK_WORDS] = {0};
    for (uint32_t b = 0; b < f->c; b++) {
        ch[b / 32u] |= (uint32_t)f->chunk[b] << (b % 32u);
    }
    ok = ok && memcmp(ch, o->rsp_chunk, sizeof ch) == 0;
    if (!ok) {
        fail_msg("cycle %llu: model and reference differ (st %u/%u rr %u/%u cur_sm %u/%u "
                 "pend %llx/%llx rsp v%u/%u sm%u/%u k%u/%u i%u/%u)",
                 (unsigned long long)cycle, s->st, f->st, s->rr, f->rr, s->cur_sm, f->cur_sm,
                 (unsigned long long)s->pend, (unsigned long long)pend, o->rsp_valid, f->rv,
                 o->rsp_sm, f->rsm, o->rsp_kind, f->rkind, o->rsp_idx, f->ridx);
    }
    if (full_sig) {
        for (uint32_t j = 0; j < f->n; j++) {
            for (uint32_t v = 0; v < f->d.sig.m; v++) {
                const uint32_t bit = (s->sig[j][v / 32u] >> (v % 32u)) & 1u;
                if (bit != f->sig[j][v]) {
                    fail_msg("cycle %llu: sig[%u] bit %u is %u, reference %u",
                             (unsigned long long)cycle, j, v, bit, f->sig[j][v]);
                }
            }
            const uint32_t w0 = f->d.sig.m / 32u;
            assert_true(all_zero(&s->sig[j][w0], (SIG_BLOOM_MAX_WORDS - w0) * sizeof(uint32_t)));
        }
        assert_true(all_zero(s->sig[f->n], (RDU_MAX_SM - f->n) * sizeof s->sig[0]));
    }
}

/*--- 5. random traffic: reference lockstep, exact sets (R2), R4 ------------------------------*/

#define KEY_BITS 16u /* keys of a run are relative to its base, below 2^16 */
static uint64_t g_exact[RDU_MAX_SM][(1u << KEY_BITS) / 64u];

typedef struct {
    uint32_t cycles;
    uint32_t pool;      /* lines in the address pool */
    uint32_t p_valid;   /* ppm per idle SM per cycle */
    uint32_t p_write;   /* ppm */
    uint32_t p_reset;   /* ppm per cycle */
    bool with_ref;      /* lockstep against the reference */
    uint32_t sig_every; /* compare full signatures every this many cycles (with_ref) */
} run_cfg_t;

typedef struct {
    uint64_t pops, checks, races, must_race, fp, responses, syncs;
} run_stats_t;

static uint64_t unit_key(const rdu_t* r, uint64_t ua, uint64_t base) {
    return ((ua - base) >> r->lg) & ((1u << KEY_BITS) - 1u);
}

static void rand_mask(uint64_t* rng, uint32_t line, uint32_t* mask) {
    memset(mask, 0, RDU_MASK_WORDS * sizeof mask[0]);
    const uint32_t mw = line / 32u;
    switch (rnd_below(rng, 6)) {
    case 0: /* empty */
        break;
    case 1: /* full */
        for (uint32_t w = 0; w < mw; w++) {
            mask[w] = 0xFFFFFFFFu;
        }
        break;
    case 2: { /* one byte */
        const uint32_t b = rnd_below(rng, line);
        mask[b / 32u] = 1u << (b % 32u);
        break;
    }
    case 3: { /* a run of bytes */
        const uint32_t b0 = rnd_below(rng, line);
        const uint32_t nb = 1u + rnd_below(rng, line - b0);
        for (uint32_t b = b0; b < b0 + nb; b++) {
            mask[b / 32u] |= 1u << (b % 32u);
        }
        break;
    }
    default: /* sparse */
        for (uint32_t w = 0; w < mw; w++) {
            mask[w] = (uint32_t)(splitmix64(rng) & splitmix64(rng) & splitmix64(rng));
        }
        break;
    }
}

static void run_random(const rdu_desc_t* d, const run_cfg_t* cfg, uint64_t seed, run_stats_t* stats,
                       rdu_t** keep) {
    rdu_t* r = new_rdu(d);
    uint64_t rng = seed;
    const uint32_t n = d->n;
    const uint32_t aw = d->sig.addr_width;
    /* a window of 2^14 bytes at a random 2^16-aligned base inside the AW space */
    const uint64_t base =
        aw > 16u ? (splitmix64(&rng) & low_mask(aw)) & ~(uint64_t)0xFFFF : (uint64_t)0;
    uint64_t pool[64];
    const uint32_t np = cfg->pool < 64u ? cfg->pool : 64u;
    for (uint32_t i = 0; i < np; i++) {
        pool[i] = base + ((splitmix64(&rng) % (1u << 14)) & ~(uint64_t)(d->line - 1u));
    }
    if (cfg->with_ref) {
        ref_init(&g_ref, d);
    }
    memset(g_exact, 0, sizeof g_exact);
    memset(stats, 0, sizeof *stats);

    rdu_in_t in = quiet_in();
    in.rst_n = false;
    rdu_out_t o = tick(r, &in);
    if (cfg->with_ref) {
        ref_tick(&g_ref, &in);
    }
    in = quiet_in();
    bool holding[RDU_MAX_SM] = {false};
    uint32_t ready_ppm = 1000000u;
    bool await = false; /* a popped request waits for its response */
    uint32_t await_sm = 0, await_kind = 0;
    bool await_race = false;
    uint32_t next_idx = 0; /* the beat index expected next on the bus */

    for (uint64_t cyc = 1; cyc <= cfg->cycles; cyc++) {
        /* inputs: an SM holds its request until accepted (timing rule 6) */
        for (uint32_t j = 0; j < n; j++) {
            if (!holding[j] && rnd_ppm(&rng, cfg->p_valid)) {
                in.req_valid |= (uint64_t)1 << j;
                if (rnd_ppm(&rng, cfg->p_write)) {
                    in.req_write |= (uint64_t)1 << j;
                } else {
                    in.req_write &= ~((uint64_t)1 << j);
                }
                in.req_addr[j] = pool[rnd_below(&rng, np)] + rnd_below(&rng, d->line);
                rand_mask(&rng, d->line, in.req_mask[j]);
                holding[j] = true;
            }
        }
        if (rnd_below(&rng, 500) == 0u) {
            const uint32_t ps[4] = {1000000u, 800000u, 300000u, 50000u};
            ready_ppm = ps[rnd_below(&rng, 4)];
        }
        in.rsp_ready = 0;
        for (uint32_t j = 0; j < n; j++) {
            if (rnd_ppm(&rng, ready_ppm)) {
                in.rsp_ready |= (uint64_t)1 << j;
            }
        }
        in.rst_n = !rnd_ppm(&rng, cfg->p_reset);

        const rdu_out_t prev = o;
        const uint32_t st0 = r->st.st;
        o = tick(r, &in);
        if (cfg->with_ref) {
            ref_tick(&g_ref, &in);
            ref_compare(&g_ref, r, &o, (cyc % cfg->sig_every) == 0u, cyc);
        }

        /* accepted requests are no longer held */
        for (uint32_t j = 0; j < n; j++) {
            if (holding[j] && (!in.rst_n || ((prev.req_ready >> j) & 1u))) {
                holding[j] = false;
                in.req_valid &= ~((uint64_t)1 << j);
            }
        }
        if (!in.rst_n) {
            memset(g_exact, 0, sizeof g_exact);
            await = false;
            next_idx = 0;
            continue;
        }
        /* a beat transferred at this edge */
        if (prev.rsp_valid && ((in.rsp_ready >> prev.rsp_sm) & 1u)) {
            assert_int_equal(prev.rsp_idx, next_idx); /* R4: 0 .. NC-1 in order */
            next_idx++;
            if (prev.rsp_last) {
                const uint32_t nb = prev.rsp_kind == RDU_RSP_NO_RACE ? 1u : r->nc;
                assert_int_equal(next_idx, nb);
                next_idx = 0;
                if (prev.rsp_kind != RDU_RSP_NO_RACE) {
                    memset(g_exact[prev.rsp_sm], 0, sizeof g_exact[prev.rsp_sm]); /* sync */
                    stats->syncs++;
                }
            }
        } else if (prev.rsp_valid) { /* R9: the held beat is unchanged */
            assert_true(o.rsp_valid && o.rsp_sm == prev.rsp_sm && o.rsp_kind == prev.rsp_kind &&
                        o.rsp_idx == prev.rsp_idx && o.rsp_last == prev.rsp_last);
            assert_memory_equal(o.rsp_chunk, prev.rsp_chunk, sizeof o.rsp_chunk);
        }
        /* a response started at this edge answers the popped request (serial engine) */
        if (o.rsp_valid && !prev.rsp_valid && o.rsp_kind != RDU_RSP_FORCED) {
            assert_true(await);
            assert_int_equal(o.rsp_sm, await_sm);
            stats->responses++;
            if (await_kind == RDU_RSP_WRITE_ACK) {
                assert_int_equal(o.rsp_kind, RDU_RSP_WRITE_ACK); /* R4 */
            } else {
                assert_true(o.rsp_kind == RDU_RSP_RACE || o.rsp_kind == RDU_RSP_NO_RACE);
                if (await_race) {
                    assert_int_equal(o.rsp_kind, RDU_RSP_RACE); /* R2 */
                }
                if (o.rsp_kind == RDU_RSP_RACE) {
                    stats->races++;
                    stats->fp += await_race ? 0u : 1u;
                }
            }
            await = false;
        }
        if (o.rsp_valid && !prev.rsp_valid && o.rsp_kind == RDU_RSP_FORCED) {
            assert_false(await);
        }
        /* a pop at this edge */
        if (st0 == RDU_ST_IDLE && r->st.st == RDU_ST_UNITS) {
            assert_false(await);
            stats->pops++;
            const uint32_t w = r->st.cur_sm;
            await = true;
            await_sm = w;
            await_kind = r->st.cur_write ? RDU_RSP_WRITE_ACK : RDU_RSP_RACE;
            await_race = false;
            for (uint32_t u = 0; u < r->un; u++) {
                if (((r->st.cur_umask[u / 32u] >> (u % 32u)) & 1u) == 0u) {
                    continue;
                }
                const uint64_t key =
                    unit_key(r, rdu_unit_addr(d->line, d->sig.gran, r->st.cur_addr, u), base);
                if (r->st.cur_write) {
                    for (uint32_t j = 0; j < n; j++) {
                        if (j != w) {
                            g_exact[j][key / 64u] |= (uint64_t)1 << (key % 64u);
                        }
                    }
                } else if ((g_exact[w][key / 64u] >> (key % 64u)) & 1u) {
                    await_race = true;
                }
            }
            if (!r->st.cur_write) {
                stats->checks++;
                stats->must_race += await_race ? 1u : 0u;
            }
        }
    }
    if (cfg->with_ref) {
        ref_compare(&g_ref, r, &o, true, cfg->cycles);
    }
    if (keep != NULL) {
        *keep = r;
    } else {
        free(r);
    }
}

static void test_no_false_negatives(void** state) {
    (void)state;
    /* every granularity and line size; exact sets against the model only (no reference) */
    uint64_t seed = 100;
    for (uint32_t g = 0; g < 4u; g++) {
        for (uint32_t l = 0; l < 4u; l++) {
            rdu_desc_t d = mkdesc(8, 1024, 64, k_grans[g], k_lines[l], 128, 4);
            if (l == 3u) {
                d.sig.hash = SIG_BLOOM_HASH_BITSEL;
            }
            if (l == 1u) {
                d.sig.org = SIG_BLOOM_ORG_PARALLEL;
                d.sig.k = 4;
            }
            /* few lines at sub-line granularity, so that checks meet earlier writes */
            const run_cfg_t cfg = {.cycles = 30000,
                                   .pool = k_grans[g] < k_lines[l] ? 2u : 24u,
                                   .p_valid = 200000,
                                   .p_write = 400000,
                                   .p_reset = 50,
                                   .with_ref = false,
                                   .sig_every = 1};
            run_stats_t st;
            run_random(&d, &cfg, seed++, &st, NULL);
            print_message("  G=%3u L=%3u: %llu pops, %llu checks, %llu must race, %llu races "
                          "(%llu false positives), %llu syncs\n",
                          k_grans[g], k_lines[l], (unsigned long long)st.pops,
                          (unsigned long long)st.checks, (unsigned long long)st.must_race,
                          (unsigned long long)st.races, (unsigned long long)st.fp,
                          (unsigned long long)st.syncs);
            assert_true(st.must_race > 20u); /* the test exercises R2 */
            assert_true(st.checks > st.must_race);
        }
    }
}

static void test_random_vs_reference(void** state) {
    (void)state;
    typedef struct {
        uint32_t n, m, k, org, hash, gran, aw, line, c, th, q;
    } cfgp_t;
    const cfgp_t cs[] = {
        {4, 256, 4, 0, 0, 128, 32, 128, 64, 32, 4},     /* small, block */
        {2, 256, 1, 0, 1, 1, 16, 32, 8, 1, 1},          /* N = 2, byte, C = 8, th = 1, Q = 1 */
        {3, 512, 2, 1, 0, 4, 24, 64, 16, 511, 2},       /* word, C = 16, parallel */
        {5, 512, 6, 0, 0, 512, 48, 256, 512, 40, 3},    /* half-page, NC = 1 */
        {16, 4096, 6, 0, 0, 128, 32, 128, 256, 512, 4}, /* the defaults */
        {7, 2048, 8, 1, 1, 4, 64, 256, 32, 4095, 16},   /* AW 64, th = CMAX, Q = 16 */
        {64, 256, 3, 0, 0, 1, 32, 64, 128, 20, 2},      /* N = 64 */
    };
    for (uint32_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        rdu_desc_t d = mkdesc(cs[i].n, cs[i].m, cs[i].c, cs[i].gran, cs[i].line, cs[i].th, cs[i].q);
        d.sig.k = cs[i].k;
        d.sig.org = (sig_bloom_org_t)cs[i].org;
        d.sig.hash = (sig_bloom_hash_t)cs[i].hash;
        d.sig.addr_width = cs[i].aw;
        const run_cfg_t cfg = {.cycles = cs[i].n >= 16u ? 20000u : 40000u,
                               .pool = 16,
                               .p_valid = cs[i].n >= 16u ? 30000u : 250000u,
                               .p_write = 500000,
                               .p_reset = 30,
                               .with_ref = true,
                               .sig_every = cs[i].n * cs[i].m <= 4096u ? 1u : 257u};
        run_stats_t st;
        rdu_t* r = NULL;
        run_random(&d, &cfg, 7000u + i, &st, &r);
        uint32_t cov, reach;
        rdu_coverage(r, &cov, &reach);
        print_message("  cfg %u: n=%u m=%u G=%u L=%u C=%u th=%u q=%u: %llu pops, %llu races, "
                      "coverage %u/%u\n",
                      i, cs[i].n, cs[i].m, cs[i].gran, cs[i].line, cs[i].c, cs[i].th, cs[i].q,
                      (unsigned long long)st.pops, (unsigned long long)st.races, cov, reach);
        assert_true(st.pops > 150u);
        for (uint32_t t = 0; t < (uint32_t)RDU_T_COUNT; t++) {
            if (!rdu_trans_reachable(r, (rdu_trans_t)t)) {
                assert_int_equal(r->cov[t], 0); /* an unreachable row is never taken */
            }
        }
        free(r);
    }
}

/*--- 6. coverage ----------------------------------------------------------------------------*/

static void test_coverage_names(void** state) {
    (void)state;
    static const char* const names[RDU_T_COUNT] = {"reset",
                                                   "idle.wait",
                                                   "idle.forced",
                                                   "idle.pop.write",
                                                   "idle.pop.check",
                                                   "idle.pop.rr_skip",
                                                   "units.insert",
                                                   "units.insert.sat",
                                                   "units.test.miss",
                                                   "units.test.hit",
                                                   "units.write.done",
                                                   "units.write.force",
                                                   "units.write.force_multi",
                                                   "units.check.race",
                                                   "units.check.norace",
                                                   "units.empty",
                                                   "units.multi",
                                                   "ship.hold",
                                                   "ship.next",
                                                   "ship.last.sync",
                                                   "ship.last.norace",
                                                   "fifo.full",
                                                   "fifo.push_pop"};
    for (uint32_t t = 0; t < (uint32_t)RDU_T_COUNT; t++) {
        assert_string_equal(rdu_trans_name((rdu_trans_t)t), names[t]);
    }
    assert_string_equal(rdu_trans_name(RDU_T_COUNT), "?");
    assert_int_equal(RDU_T_COUNT, 23);
}

static void test_coverage_reachability(void** state) {
    (void)state;
    /* defaults: UN = 1, NC = 16, N = 16: everything but units.multi and units.insert.sat */
    rdu_desc_t d = rdu_desc_default();
    rdu_t* r = new_rdu(&d);
    uint32_t c, n;
    rdu_coverage(r, &c, &n);
    assert_int_equal(c, 0);
    assert_int_equal(n, 21);
    assert_false(rdu_trans_reachable(r, RDU_T_UNITS_MULTI));
    assert_false(rdu_trans_reachable(r, RDU_T_UNITS_INSERT_SAT));
    assert_true(rdu_trans_reachable(r, RDU_T_SHIP_NEXT));
    assert_true(rdu_trans_reachable(r, RDU_T_UNITS_WRITE_FORCE_MULTI));
    free(r);
    /* UN = 1 even at threshold = CMAX: insert.sat stays unreachable */
    d.sig.threshold = 8191;
    r = new_rdu(&d);
    assert_false(rdu_trans_reachable(r, RDU_T_UNITS_INSERT_SAT));
    free(r);
    /* UN = 32, m = 256 (CMAX = 511): reachable iff threshold >= CMAX + 2 - UN = 481 */
    d = mkdesc(2, 256, 256, 4, 128, 481, 4);
    r = new_rdu(&d);
    assert_true(rdu_trans_reachable(r, RDU_T_UNITS_INSERT_SAT));
    assert_true(rdu_trans_reachable(r, RDU_T_UNITS_MULTI));
    assert_false(rdu_trans_reachable(r, RDU_T_SHIP_NEXT));               /* NC = 1 */
    assert_false(rdu_trans_reachable(r, RDU_T_UNITS_WRITE_FORCE_MULTI)); /* N = 2 */
    rdu_coverage(r, &c, &n);
    assert_int_equal(n, 21);
    free(r);
    d.sig.threshold = 480;
    r = new_rdu(&d);
    assert_false(rdu_trans_reachable(r, RDU_T_UNITS_INSERT_SAT));
    free(r);
}

/* Random traffic for most rows, then (after a reset, so that the other SMs' counters move
 * together) full-line writes by SM0 until the saturation and multi-force rows are taken. */
static void drive_all_rows(rdu_t* r, uint64_t* rng) {
    rdu_in_t in = quiet_in();
    in.rst_n = false;
    tick(r, &in);
    in = quiet_in();
    bool holding[RDU_MAX_SM] = {false};
    rdu_out_t o = r->out;
    for (uint32_t cyc = 0; cyc < 20000u; cyc++) {
        const uint32_t one_in = (cyc / 1000u) % 2u == 0u ? 4u : 60u; /* busy and quiet phases */
        for (uint32_t j = 0; j < r->desc.n; j++) {
            if (!holding[j] && rnd_below(rng, one_in) == 0u) {
                put_req(&in, j, rnd_below(rng, 2) != 0u, 0x1000u * rnd_below(rng, 8),
                        rnd_below(rng, r->desc.line), rnd_below(rng, 3) == 0u ? 0u : 4u);
                holding[j] = true;
            }
        }
        in.rsp_ready = rnd_below(rng, 3) == 0u ? 0u : ~(uint64_t)0;
        const uint64_t ready = o.req_ready;
        o = tick(r, &in);
        for (uint32_t j = 0; j < r->desc.n; j++) {
            if (holding[j] && ((ready >> j) & 1u)) {
                holding[j] = false;
                drop_req(&in, j);
            }
        }
    }
    in = quiet_in();
    in.rst_n = false;
    tick(r, &in);
    in = quiet_in();
    const bool want_sat = rdu_trans_reachable(r, RDU_T_UNITS_INSERT_SAT);
    const bool want_multi = rdu_trans_reachable(r, RDU_T_UNITS_WRITE_FORCE_MULTI);
    for (uint32_t it = 0; it < 2u * r->cmax; it++) {
        if ((!want_sat || r->cov[RDU_T_UNITS_INSERT_SAT] != 0u) &&
            (!want_multi || r->cov[RDU_T_UNITS_WRITE_FORCE_MULTI] != 0u)) {
            break;
        }
        put_req(&in, 0, true, 0x40000u + 0x1000u * it, 0, r->desc.line);
        tick(r, &in);
        in = quiet_in();
        while (r->st.st != RDU_ST_IDLE || r->st.pend != 0u) {
            tick(r, &in);
        }
    }
}

static void test_coverage_directed(void** state) {
    (void)state;
    uint64_t rng = 77;
    /* word granularity, m = 256 (CMAX 511), threshold at its maximum, N = 3, NC = 4 */
    const rdu_desc_t ds[3] = {mkdesc(3, 256, 64, 4, 128, 511, 2), mkdesc(3, 256, 64, 1, 32, 480, 1),
                              mkdesc(4, 256, 32, 128, 128, 3, 3)};
    for (uint32_t i = 0; i < 3u; i++) {
        rdu_t* r = new_rdu(&ds[i]);
        drive_all_rows(r, &rng);
        uint32_t c, n;
        rdu_coverage(r, &c, &n);
        print_message("  cfg %u: coverage %u/%u\n", i, c, n);
        for (uint32_t t = 0; t < (uint32_t)RDU_T_COUNT; t++) {
            const bool reach = rdu_trans_reachable(r, (rdu_trans_t)t);
            if (reach && r->cov[t] == 0u) {
                fail_msg("cfg %u: row %s not covered", i, rdu_trans_name((rdu_trans_t)t));
            }
            if (!reach && r->cov[t] != 0u) {
                fail_msg("cfg %u: unreachable row %s taken", i, rdu_trans_name((rdu_trans_t)t));
            }
        }
        assert_int_equal(c, n);
        free(r);
    }
}

/* T08 at the exact boundary: threshold = CMAX + 2 - UN, one write of UN units after the
 * counter sits at threshold - 1 saturates at its last unit. */
static void test_insert_sat_boundary(void** state) {
    (void)state;
    const rdu_desc_t d = mkdesc(2, 256, 256, 4, 128, 481, 4); /* UN 32, CMAX 511 */
    rdu_t* r = new_rdu(&d);
    reset_edge(r);
    rdu_in_t in = quiet_in();
    /* 480 single-unit writes by SM0: cnt[1] = 480 = threshold - 1 */
    for (uint32_t i = 0; i < 480u; i++) {
        put_req(&in, 0, true, 0x1000u * i, 0, 1);
        tick(r, &in);
        in = quiet_in();
        while (r->st.st != RDU_ST_IDLE) {
            tick(r, &in);
        }
    }
    assert_int_equal(r->st.cnt[1], 480);
    assert_int_equal(r->st.pend, 0);
    assert_int_equal(r->cov[RDU_T_UNITS_INSERT_SAT], 0);
    /* one full-line write: 32 units, cnt 480 -> 511 after 31 units, the 32nd saturates */
    put_req(&in, 0, true, 0x900000u, 0, 128);
    tick(r, &in);
    in = quiet_in();
    for (uint32_t u = 0; u < 31u; u++) {
        tick(r, &in);
    }
    assert_int_equal(r->st.cnt[1], 511);
    assert_int_equal(r->cov[RDU_T_UNITS_INSERT_SAT], 0);
    tick(r, &in);
    assert_int_equal(r->st.cnt[1], 511); /* held at CMAX */
    assert_int_equal(r->cov[RDU_T_UNITS_INSERT_SAT], 1);
    rdu_out_t o = tick(r, &in); /* finish: cnt 511 >= 481 */
    assert_int_equal(r->st.pend, 2);
    o = take_shipment(r, o, 0, RDU_RSP_WRITE_ACK);
    o = tick(r, &in);
    expect_beat(&o, 1, RDU_RSP_FORCED, 0, true);
    take_shipment(r, o, 1, RDU_RSP_FORCED);
    free(r);
}

/*--- 7. speed -------------------------------------------------------------------------------*/

static double now_s(void) {
    struct timespec ts;
    (void)timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void test_tick_speed(void** state) {
    (void)state;
    const rdu_desc_t d = rdu_desc_default();
    rdu_t* r = new_rdu(&d);
    rdu_in_t in = quiet_in();
    in.rst_n = false;
    rdu_tick(r, &in, NULL);
    in = quiet_in();
    rdu_out_t out;
    const uint32_t reps = 200000u;
    double t0 = now_s();
    for (uint32_t i = 0; i < reps; i++) {
        rdu_tick(r, &in, &out);
    }
    const double idle_ns = (now_s() - t0) * 1e9 / reps;
    /* busy: every SM keeps a request presented */
    uint64_t rng = 9;
    for (uint32_t j = 0; j < d.n; j++) {
        put_req(&in, j, (j & 1u) != 0u, 0x10000u * j, 0, 128);
    }
    t0 = now_s();
    for (uint32_t i = 0; i < reps; i++) {
        in.rsp_ready = splitmix64(&rng);
        rdu_tick(r, &in, &out);
    }
    const double busy_ns = (now_s() - t0) * 1e9 / reps;
    print_message("  rdu_tick n=16 m=4096: idle %.1f ns, busy %.1f ns (%llu syncs)\n", idle_ns,
                  busy_ns, (unsigned long long)(r->syncs[1] + r->syncs[3] + r->syncs[4]));
    assert_true(idle_ns < 20000.0 && busy_ns < 50000.0); /* gross-regression guard only */
    free(r);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc_default),
        cmocka_unit_test(test_validation_errors),
        cmocka_unit_test(test_validation_null),
        cmocka_unit_test(test_validation_legal_edges),
        cmocka_unit_test(test_umask_hand),
        cmocka_unit_test(test_umask_random_vs_reference),
        cmocka_unit_test(test_unit_addr),
        cmocka_unit_test(test_write_path),
        cmocka_unit_test(test_latency),
        cmocka_unit_test(test_race_check),
        cmocka_unit_test(test_forced_sync),
        cmocka_unit_test(test_handshake_hold),
        cmocka_unit_test(test_fifo_full_ready),
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_program_order),
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_no_false_negatives),
        cmocka_unit_test(test_random_vs_reference),
        cmocka_unit_test(test_coverage_names),
        cmocka_unit_test(test_coverage_reachability),
        cmocka_unit_test(test_coverage_directed),
        cmocka_unit_test(test_insert_sat_boundary),
        cmocka_unit_test(test_tick_speed),
    };
    return cmocka_run_group_tests_name("rdu", tests, NULL, NULL);
}
