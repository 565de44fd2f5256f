/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_sig_bloom.c -- cmocka unit tests of the sig_bloom C model (cmodel/sig/sig_bloom.c).
 *
 * Expected values come from docs/units/sig/sig_bloom.md, either as constants worked out by hand or
 * from the naive reference (ref_*) below, which implements spec §4 and §5 bit by bit (a per-bit
 * array for the vector, loops over every key bit) and shares no code with the model.
 *
 *   gcc -std=c11 -O2 ... -Icmodel tests/sig/test_sig_bloom.c cmodel/sig/sig_bloom.c -lcmocka -lm
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

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

static uint32_t rnd_seed(uint64_t* x) {
    uint32_t s;
    do {
        s = (uint32_t)splitmix64(x);
    } while (s == 0u);
    return s;
}

/*--- reference model: spec §1, §4, §5 written naively ---------------------------------------*/

typedef struct {
    sig_bloom_desc_t d;
    uint32_t lg, kw, bank, iw, nc, cmax;
    uint32_t q[8][64];
} ref_cfg_t;

static uint32_t ref_xorshift(uint32_t x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

static uint32_t ref_clog2(uint32_t x) {
    uint32_t r = 0;
    while ((1u << r) < x) {
        r++;
    }
    return r;
}

static void ref_cfg(ref_cfg_t* r, const sig_bloom_desc_t* d) {
    memset(r, 0, sizeof *r);
    r->d = *d;
    r->lg = ref_clog2(d->gran);
    r->kw = d->addr_width - r->lg;
    r->bank = d->org == SIG_BLOOM_ORG_PARALLEL ? d->m / d->k : d->m;
    r->iw = ref_clog2(r->bank);
    r->nc = d->m / d->chunk_width;
    r->cmax = (1u << (ref_clog2(d->m) + 1u)) - 1u;
    uint32_t x = d->h3_seed;
    for (uint32_t n = 1; n <= 8u * 64u; n++) { /* x_n, n = 64 i + j + 1 */
        x = ref_xorshift(x);
        r->q[(n - 1u) / 64u][(n - 1u) % 64u] = x % (1u << r->iw);
    }
}

static uint64_t ref_key(const ref_cfg_t* r, uint64_t addr) {
    uint64_t key = 0;
    for (uint32_t b = 0; b < r->kw; b++) {
        key |= ((addr >> (r->lg + b)) & 1u) << b;
    }
    return key;
}

static uint32_t ref_hash(const ref_cfg_t* r, uint32_t i, uint64_t key) {
    uint32_t h = 0;
    if (r->d.hash == SIG_BLOOM_HASH_H3) {
        for (uint32_t j = 0; j < r->kw; j++) {
            if ((key >> j) & 1u) {
                h ^= r->q[i][j];
            }
        }
    } else {
        for (uint32_t b = 0; b < r->iw; b++) {
            h |= (uint32_t)((key >> ((i * r->iw + b) % r->kw)) & 1u) << b;
        }
    }
    return h;
}

static uint32_t ref_v(const ref_cfg_t* r, uint32_t i, uint64_t addr) {
    const uint32_t h = ref_hash(r, i, ref_key(r, addr));
    return r->d.org == SIG_BLOOM_ORG_PARALLEL ? i * r->bank + h : h;
}

typedef struct {
    ref_cfg_t c;
    uint8_t bit[SIG_BLOOM_MAX_BITS];
    uint32_t count;
    bool rv, mem;
    uint8_t cd[SIG_BLOOM_MAX_CHUNK_BITS];
} ref_sim_t;

static void ref_tick(ref_sim_t* r, const sig_bloom_in_t* in) {
    const uint32_t c = r->c.d.chunk_width;
    if (!in->rst_n) {
        memset(r->bit, 0, sizeof r->bit);
        memset(r->cd, 0, sizeof r->cd);
        r->count = 0;
        r->rv = false;
        r->mem = false;
        return;
    }
    r->rv = false;
    r->mem = false;
    memset(r->cd, 0, sizeof r->cd);
    switch (in->op) {
    case 1:
        for (uint32_t i = 0; i < r->c.d.k; i++) {
            r->bit[ref_v(&r->c, i, in->addr)] = 1;
        }
        r->count = r->count + 1u > r->c.cmax ? r->c.cmax : r->count + 1u;
        break;
    case 2:
        r->rv = true;
        r->mem = true;
        for (uint32_t i = 0; i < r->c.d.k; i++) {
            r->mem = r->mem && r->bit[ref_v(&r->c, i, in->addr)];
        }
        break;
    case 3:
        memset(r->bit, 0, sizeof r->bit);
        r->count = 0;
        break;
    case 4:
        r->rv = true;
        for (uint32_t j = 0; j < c; j++) {
            r->cd[j] = r->bit[(in->chunk_idx % r->c.nc) * c + j]; /* R6: mod NC */
        }
        break;
    case 5:
        for (uint32_t j = 0; j < c; j++) {
            r->bit[(in->chunk_idx % r->c.nc) * c + j] =
                (uint8_t)((in->chunk_data[j / 32u] >> (j % 32u)) & 1u);
        }
        break;
    default:
        break;
    }
}

/* Compare outputs (always) and the full state (when full) against the reference. */
static void ref_compare(const ref_sim_t* r, const sig_bloom_t* s, const sig_bloom_out_t* out,
                        bool full, uint32_t cycle) {
    bool ok = out->resp_valid == r->rv && out->member == r->mem && out->count == r->count &&
              out->thresh == (r->count >= r->c.d.threshold) && s->st.count == r->count;
    for (uint32_t w = 0; ok && w < SIG_BLOOM_MAX_CHUNK_WORDS; w++) {
        uint32_t e = 0;
        for (uint32_t b = 0; b < 32u; b++) {
            const uint32_t j = 32u * w + b;
            if (j < r->c.d.chunk_width && r->cd[j]) {
                e |= 1u << b;
            }
        }
        ok = out->chunk_data[w] == e;
    }
    if (full) {
        for (uint32_t w = 0; ok && w < SIG_BLOOM_MAX_WORDS; w++) {
            uint32_t e = 0;
            for (uint32_t b = 0; b < 32u; b++) {
                const uint32_t v = 32u * w + b;
                if (v < r->c.d.m && r->bit[v]) {
                    e |= 1u << b;
                }
            }
            ok = s->st.bits[w] == e;
        }
    }
    if (!ok) {
        fail_msg("model != reference at cycle %u (m=%u k=%u org=%u hash=%u G=%u AW=%u C=%u th=%u "
                 "seed=0x%08X)",
                 cycle, r->c.d.m, r->c.d.k, (unsigned)r->c.d.org, (unsigned)r->c.d.hash,
                 r->c.d.gran, r->c.d.addr_width, r->c.d.chunk_width, r->c.d.threshold,
                 r->c.d.h3_seed);
    }
}

/*--- helpers --------------------------------------------------------------------------------*/

static sig_bloom_desc_t mkdesc(uint32_t m, uint32_t k, sig_bloom_org_t org, sig_bloom_hash_t hash,
                               uint32_t gran, uint32_t aw, uint32_t c, uint32_t th) {
    sig_bloom_desc_t d = sig_bloom_desc_default();
    d.m = m;
    d.k = k;
    d.org = org;
    d.hash = hash;
    d.gran = gran;
    d.addr_width = aw;
    d.chunk_width = c;
    d.threshold = th;
    return d;
}

static void init_ok(sig_bloom_t* s, const sig_bloom_desc_t* d) {
    char msg[200];
    const int e = sig_bloom_init(s, d, msg, sizeof msg);
    if (e != SIG_BLOOM_OK) {
        fail_msg("init failed: %s", msg);
    }
}

/* Spec §7, literally: the row names in table order, and the row an edge must take. */
static const char* const k_row_names[SIG_BLOOM_T_COUNT] = {
    "reset",         "E.insert",     "P.insert.stay", "P.insert.thresh",
    "F.insert.stay", "F.insert.sat", "S.insert",      "E.test.miss",
    "E.test.hit",    "P.test.miss",  "P.test.hit",    "F.test.miss",
    "F.test.hit",    "S.test.miss",  "S.test.hit",    "E.clear",
    "P.clear",       "F.clear",      "S.clear",       "E.read",
    "P.read",        "F.read",       "S.read",        "E.load",
    "P.load",        "F.load",       "S.load",        "nop"};

static uint32_t row_by_name(const char* name) {
    for (uint32_t t = 0; t < (uint32_t)SIG_BLOOM_T_COUNT; t++) {
        if (strcmp(k_row_names[t], name) == 0) {
            return t;
        }
    }
    fail_msg("no row named %s", name);
    return 0;
}

static uint32_t expected_row(uint32_t th, uint32_t cmax, uint32_t count, const sig_bloom_in_t* in,
                             bool member) {
    char name[32];
    const char reg = count == 0u ? 'E' : count == cmax ? 'S' : count < th ? 'P' : 'F';
    if (!in->rst_n) {
        return row_by_name("reset");
    }
    switch (in->op) {
    case SIG_BLOOM_OP_INSERT:
        if (reg == 'P') {
            (void)snprintf(name, sizeof name, "P.insert.%s", count + 1u == th ? "thresh" : "stay");
        } else if (reg == 'F') {
            (void)snprintf(name, sizeof name, "F.insert.%s", count + 1u == cmax ? "sat" : "stay");
        } else {
            (void)snprintf(name, sizeof name, "%c.insert", reg);
        }
        break;
    case SIG_BLOOM_OP_TEST:
        (void)snprintf(name, sizeof name, "%c.test.%s", reg, member ? "hit" : "miss");
        break;
    case SIG_BLOOM_OP_CLEAR:
        (void)snprintf(name, sizeof name, "%c.clear", reg);
        break;
    case SIG_BLOOM_OP_READ:
        (void)snprintf(name, sizeof name, "%c.read", reg);
        break;
    case SIG_BLOOM_OP_LOAD:
        (void)snprintf(name, sizeof name, "%c.load", reg);
        break;
    default: /* NOP and the reserved ops 6, 7 (R7: exactly as NOP) */
        (void)snprintf(name, sizeof name, "nop");
        break;
    }
    return row_by_name(name);
}

/* One edge; checks that *out mirrors the model's output registers, the unused-word rules and
 * the transition row taken. */
static sig_bloom_out_t edge(sig_bloom_t* s, bool rst_n, uint8_t op, uint64_t addr, uint32_t idx,
                            const uint32_t* data) {
    sig_bloom_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = rst_n;
    in.op = op;
    in.addr = addr;
    in.chunk_idx = idx;
    if (data != NULL) {
        memcpy(in.chunk_data, data, sizeof in.chunk_data);
    }
    sig_bloom_out_t out;
    memset(&out, 0, sizeof out);
    out.chunk_data[SIG_BLOOM_MAX_CHUNK_WORDS - 1u] = 0xDEADBEEFu; /* past any chunk: untouched */
    uint64_t cov[SIG_BLOOM_T_COUNT];
    memcpy(cov, s->cov, sizeof cov);
    const uint32_t count_before = s->st.count;
    sig_bloom_tick(s, &in, &out);
    /* exactly one transition row is taken, the one spec §7 names */
    cov[expected_row(s->desc.threshold, s->cmax, count_before, &in, out.member)]++;
    assert_memory_equal(cov, s->cov, sizeof cov);
    assert_int_equal(out.resp_valid, s->out.resp_valid);
    assert_int_equal(out.member, s->out.member);
    assert_int_equal(out.count, s->out.count);
    assert_int_equal(out.thresh, s->out.thresh);
    assert_memory_equal(out.chunk_data, s->out.chunk_data, s->chunk_words * sizeof(uint32_t));
    assert_int_equal(out.count, s->st.count);
    assert_int_equal(out.thresh, s->st.count >= s->desc.threshold); /* R3 */
    for (uint32_t w = s->chunk_words; w < SIG_BLOOM_MAX_CHUNK_WORDS - 1u; w++) {
        assert_int_equal(out.chunk_data[w], 0); /* as memset above: not written */
    }
    if (s->chunk_words < SIG_BLOOM_MAX_CHUNK_WORDS) {
        assert_int_equal(out.chunk_data[SIG_BLOOM_MAX_CHUNK_WORDS - 1u], 0xDEADBEEFu);
        out.chunk_data[SIG_BLOOM_MAX_CHUNK_WORDS - 1u] = 0; /* callers see a clean struct */
    }
    for (uint32_t w = s->chunk_words; w < SIG_BLOOM_MAX_CHUNK_WORDS; w++) {
        assert_int_equal(s->out.chunk_data[w], 0); /* the model's own registers past C */
    }
    if (s->desc.chunk_width < 32u) {
        assert_int_equal(out.chunk_data[0] >> s->desc.chunk_width, 0);
    }
    for (uint32_t w = s->words; w < SIG_BLOOM_MAX_WORDS; w++) {
        assert_int_equal(s->st.bits[w], 0);
    }
    return out;
}

static sig_bloom_out_t do_op(sig_bloom_t* s, uint8_t op, uint64_t addr) {
    return edge(s, true, op, addr, 0, NULL);
}
static sig_bloom_out_t do_reset(sig_bloom_t* s) {
    return edge(s, false, SIG_BLOOM_OP_NOP, 0, 0, NULL);
}
static sig_bloom_out_t do_read(sig_bloom_t* s, uint32_t idx) {
    return edge(s, true, SIG_BLOOM_OP_READ, 0, idx, NULL);
}
static sig_bloom_out_t do_load(sig_bloom_t* s, uint32_t idx, const uint32_t* data) {
    return edge(s, true, SIG_BLOOM_OP_LOAD, 0, idx, data);
}

static bool st_bit(const sig_bloom_t* s, uint32_t v) {
    return (s->st.bits[v / 32u] >> (v % 32u)) & 1u;
}

static uint32_t popcount32(uint32_t x) {
    uint32_t n = 0;
    for (; x != 0u; x &= x - 1u) {
        n++;
    }
    return n;
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

static const uint32_t k_grans[4] = {1u, 4u, 128u, 512u};

/*--- 1. parameter validation ----------------------------------------------------------------*/

static void test_desc_default(void** state) {
    (void)state;
    const sig_bloom_desc_t d = sig_bloom_desc_default();
    assert_int_equal(d.m, 4096);
    assert_int_equal(d.k, 6);
    assert_int_equal(d.org, SIG_BLOOM_ORG_TRUE);
    assert_int_equal(d.hash, SIG_BLOOM_HASH_H3);
    assert_int_equal(d.gran, 128);
    assert_int_equal(d.addr_width, 32);
    assert_int_equal(d.chunk_width, 64);
    assert_int_equal(d.threshold, 4096 / 8);
    assert_int_equal(d.h3_seed, 0x9E3779B9u);
    assert_int_equal(sig_bloom_check_desc(&d, NULL, 0), SIG_BLOOM_OK);

    sig_bloom_t s;
    char msg[160] = "stale";
    assert_int_equal(sig_bloom_init(&s, &d, msg, sizeof msg), SIG_BLOOM_OK);
    assert_string_equal(msg, "");
    /* derived values of spec §1 at the defaults */
    assert_int_equal(s.lg, 7);
    assert_int_equal(s.kw, 25);
    assert_int_equal(s.bank, 4096);
    assert_int_equal(s.iw, 12);
    assert_int_equal(s.nc, 64);
    assert_int_equal(s.ciw, 6);
    assert_int_equal(s.cw, 13);
    assert_int_equal(s.cmax, 8191);
    assert_int_equal(s.words, 128);
    assert_int_equal(s.chunk_words, 2);
    assert_true(all_zero(&s.st, sizeof s.st));
    assert_true(all_zero(s.cov, sizeof s.cov));
    assert_int_equal(s.illegal_ops, 0);
}

/* d must be rejected with err; the message must contain both needles. */
static void check_bad(const sig_bloom_desc_t* d, int err, const char* name_value,
                      const char* range) {
    char msg[200];
    memset(msg, 0, sizeof msg);
    assert_int_equal(sig_bloom_check_desc(d, msg, sizeof msg), err);
    if (strstr(msg, name_value) == NULL || strstr(msg, range) == NULL) {
        fail_msg("message \"%s\" lacks \"%s\" or \"%s\"", msg, name_value, range);
    }
    print_message("  rejected (%d): %s\n", err, msg);

    sig_bloom_t s;
    memset(&s, 0x5A, sizeof s);
    char msg2[200];
    assert_int_equal(sig_bloom_init(&s, d, msg2, sizeof msg2), err);
    assert_string_equal(msg, msg2);
    assert_true(all_zero(&s, sizeof s)); /* "on error s is left zeroed" */

    /* NULL message and a short buffer are both safe */
    assert_int_equal(sig_bloom_check_desc(d, NULL, 0), err);
    assert_int_equal(sig_bloom_init(&s, d, NULL, 0), err);
    char tiny[8];
    memset(tiny, 'x', sizeof tiny);
    assert_int_equal(sig_bloom_check_desc(d, tiny, sizeof tiny), err);
    assert_int_equal(tiny[sizeof tiny - 1u], '\0');

    const char* why = sig_bloom_strerror(err);
    assert_non_null(why);
    assert_null(strstr(why, "unknown"));
}

static void test_validation_errors(void** state) {
    (void)state;
    const sig_bloom_desc_t def = sig_bloom_desc_default();
    sig_bloom_desc_t d;
    char nv[64];

    d = def;
    d.m = 1000;
    check_bad(&d, SIG_BLOOM_ERR_M, "m = 1000", "256..16384");
    d.m = 128;
    check_bad(&d, SIG_BLOOM_ERR_M, "m = 128", "256..16384");
    d.m = 32768;
    check_bad(&d, SIG_BLOOM_ERR_M, "m = 32768", "256..16384");
    d.m = 0;
    check_bad(&d, SIG_BLOOM_ERR_M, "m = 0", "256..16384");

    d = def;
    d.k = 0;
    check_bad(&d, SIG_BLOOM_ERR_K, "k = 0", "1..8");
    d.k = 9;
    check_bad(&d, SIG_BLOOM_ERR_K, "k = 9", "1..8");

    d = def;
    d.org = (sig_bloom_org_t)2;
    check_bad(&d, SIG_BLOOM_ERR_ORG, "org = 2", "parallel");
    d = def;
    d.hash = (sig_bloom_hash_t)2;
    check_bad(&d, SIG_BLOOM_ERR_HASH, "hash = 2", "bitsel");

    d = def;
    d.org = SIG_BLOOM_ORG_PARALLEL; /* P1 */
    check_bad(&d, SIG_BLOOM_ERR_PARALLEL, "k = 6", "P1");
    d.k = 3;
    check_bad(&d, SIG_BLOOM_ERR_PARALLEL, "k = 3", "P1");
    d.k = 5;
    d.m = 256;
    d.threshold = 32;
    check_bad(&d, SIG_BLOOM_ERR_PARALLEL, "k = 5", "P1");

    d = def;
    d.gran = 2;
    check_bad(&d, SIG_BLOOM_ERR_GRAN, "gran = 2", "1, 4, 128 or 512");
    d.gran = 256;
    check_bad(&d, SIG_BLOOM_ERR_GRAN, "gran = 256", "1, 4, 128 or 512");

    d = def;
    d.addr_width = 15;
    check_bad(&d, SIG_BLOOM_ERR_ADDR_WIDTH, "addr_width = 15", "16..64");
    d.addr_width = 65;
    check_bad(&d, SIG_BLOOM_ERR_ADDR_WIDTH, "addr_width = 65", "16..64");

    d = def;
    d.chunk_width = 12;
    check_bad(&d, SIG_BLOOM_ERR_CHUNK_WIDTH, "chunk_width = 12", "8..512");
    d.chunk_width = 1024;
    check_bad(&d, SIG_BLOOM_ERR_CHUNK_WIDTH, "chunk_width = 1024", "8..512");
    d.chunk_width = 4;
    check_bad(&d, SIG_BLOOM_ERR_CHUNK_WIDTH, "chunk_width = 4", "8..512");
    d = mkdesc(256, 4, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, 512, 32); /* P2 */
    check_bad(&d, SIG_BLOOM_ERR_CHUNK_WIDTH, "chunk_width = 512", "P2");

    d = def;
    d.threshold = 0;
    check_bad(&d, SIG_BLOOM_ERR_THRESHOLD, "threshold = 0", "1..8191");
    d.threshold = 8192; /* CMAX + 1 at m = 4096 (P3) */
    check_bad(&d, SIG_BLOOM_ERR_THRESHOLD, "threshold = 8192", "1..8191");
    d = mkdesc(256, 4, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, 64, 512);
    (void)snprintf(nv, sizeof nv, "threshold = %u", 512u);
    check_bad(&d, SIG_BLOOM_ERR_THRESHOLD, nv, "1..511");

    d = def;
    d.h3_seed = 0;
    check_bad(&d, SIG_BLOOM_ERR_SEED, "h3_seed = 0", "1..0xFFFFFFFF");
}

static void test_validation_null(void** state) {
    (void)state;
    const sig_bloom_desc_t d = sig_bloom_desc_default();
    char msg[160];
    sig_bloom_t s;

    msg[0] = '\0';
    assert_int_equal(sig_bloom_check_desc(NULL, msg, sizeof msg), SIG_BLOOM_ERR_NULL);
    assert_non_null(strstr(msg, "NULL"));
    assert_non_null(strstr(msg, "desc"));

    memset(&s, 0x5A, sizeof s);
    msg[0] = '\0';
    assert_int_equal(sig_bloom_init(&s, NULL, msg, sizeof msg), SIG_BLOOM_ERR_NULL);
    assert_non_null(strstr(msg, "desc"));
    assert_true(all_zero(&s, sizeof s));

    msg[0] = '\0';
    assert_int_equal(sig_bloom_init(NULL, &d, msg, sizeof msg), SIG_BLOOM_ERR_NULL);
    assert_non_null(strstr(msg, "NULL"));
    assert_int_equal(sig_bloom_init(NULL, &d, NULL, 0), SIG_BLOOM_ERR_NULL);
    assert_int_equal(sig_bloom_init(NULL, NULL, NULL, 0), SIG_BLOOM_ERR_NULL);
    assert_string_equal(sig_bloom_strerror(SIG_BLOOM_OK), "ok");
    assert_non_null(strstr(sig_bloom_strerror(12345), "unknown"));
}

static void test_validation_legal_edges(void** state) {
    (void)state;
    sig_bloom_t s;
    sig_bloom_desc_t d;

    /* m edges, threshold edges 1 and CMAX, C = 8 and C = m */
    d = mkdesc(256, 1, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 1, 16, 8, 1);
    init_ok(&s, &d);
    assert_int_equal(s.cw, 9);
    assert_int_equal(s.cmax, 511);
    assert_int_equal(s.nc, 32);
    assert_int_equal(s.ciw, 5);
    assert_int_equal(s.chunk_words, 1);
    assert_int_equal(s.kw, 16);
    d.threshold = 511;
    init_ok(&s, &d);
    d.chunk_width = 256; /* C = m: NC = 1, CIW = max(1, 0) = 1 */
    init_ok(&s, &d);
    assert_int_equal(s.nc, 1);
    assert_int_equal(s.ciw, 1);
    assert_int_equal(s.chunk_words, 8);

    d = mkdesc(16384, 8, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_BITSEL, 512, 64, 512, 32767);
    init_ok(&s, &d);
    assert_int_equal(s.cmax, 32767);
    assert_int_equal(s.cw, 15);
    assert_int_equal(s.iw, 14);
    assert_int_equal(s.kw, 55);
    assert_int_equal(s.words, 512);
    assert_int_equal(s.chunk_words, 16);
    d.threshold = 1;
    d.h3_seed = 1;
    init_ok(&s, &d);
    d.h3_seed = 0xFFFFFFFFu;
    init_ok(&s, &d);

    /* every legal parallel k at both m edges: bank = m / k */
    const uint32_t ks[4] = {1, 2, 4, 8};
    const uint32_t ms[2] = {256, 16384};
    for (uint32_t a = 0; a < 2; a++) {
        for (uint32_t b = 0; b < 4; b++) {
            d = mkdesc(ms[a], ks[b], SIG_BLOOM_ORG_PARALLEL, SIG_BLOOM_HASH_H3, 128, 32, 64, 1);
            init_ok(&s, &d);
            assert_int_equal(s.bank, ms[a] / ks[b]);
            assert_int_equal(1u << s.iw, s.bank);
        }
    }
    /* every granularity and AW edge */
    for (uint32_t g = 0; g < 4; g++) {
        d = mkdesc(1024, 4, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, k_grans[g], 16, 32, 128);
        init_ok(&s, &d);
        assert_int_equal(1u << s.lg, k_grans[g]);
        assert_int_equal(s.kw, 16u - s.lg);
        d.addr_width = 64;
        init_ok(&s, &d);
        assert_int_equal(s.kw, 64u - s.lg);
    }
    /* every legal chunk width at m = 512 */
    for (uint32_t c = 8; c <= 512u; c *= 2u) {
        d = mkdesc(512, 6, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, c, 64);
        init_ok(&s, &d);
        assert_int_equal(s.nc, 512u / c);
        assert_int_equal(s.chunk_words, (c + 31u) / 32u);
    }
}

/*--- 2. H3 generator ------------------------------------------------------------------------*/

static void test_h3_known_values(void** state) {
    (void)state;
    uint32_t x = 0x9E3779B9u;
    const uint32_t expect[4] = {0x510C4619u, 0xE02E553Eu, 0x7BB98F3Au, 0x0183A8B5u};
    for (uint32_t n = 0; n < 4; n++) {
        x = sig_bloom_xorshift32(x);
        assert_int_equal(x, expect[n]);
    }
    sig_bloom_t s;
    const sig_bloom_desc_t d = sig_bloom_desc_default(); /* m = 4096 true: IW = 12 */
    init_ok(&s, &d);
    assert_int_equal(s.h3[0][0], 0x619);
    assert_int_equal(s.h3[0][1], 0x53E);
    assert_int_equal(s.h3[0][2], 0xF3A);
    assert_int_equal(s.h3[0][3], 0x8B5);
    /* through the hash: key = addr >> 7; key bit 0 alone selects row 0, bits 0+1 XOR rows 0, 1 */
    assert_int_equal(sig_bloom_hash(&s, 0, 0x80), 0x619);
    assert_int_equal(sig_bloom_hash(&s, 0, 0x180), 0x619 ^ 0x53E);
    assert_int_equal(sig_bloom_hash(&s, 0, 0x1FF), 0x619 ^ 0x53E); /* bits below LG ignored */
    assert_int_equal(sig_bloom_hash(&s, 0, 0), 0);
    assert_int_equal(sig_bloom_hash(&s, 0, 0x7F), 0);

    /* the whole matrix against the reference, and rows beyond k unused (0) */
    ref_cfg_t r;
    ref_cfg(&r, &d);
    for (uint32_t i = 0; i < SIG_BLOOM_MAX_HASHES; i++) {
        for (uint32_t j = 0; j < SIG_BLOOM_H3_STRIDE; j++) {
            assert_int_equal(s.h3[i][j], i < d.k ? r.q[i][j] : 0u);
        }
    }
    /* the stride is 64 regardless of AW and G: row Q[1][0] is x_65 */
    x = 0x9E3779B9u;
    for (uint32_t n = 0; n < 65u; n++) {
        x = sig_bloom_xorshift32(x);
    }
    sig_bloom_desc_t d2 = d;
    d2.addr_width = 16;
    d2.gran = 512;
    init_ok(&s, &d2);
    assert_int_equal(s.h3[1][0], x & 0xFFFu);
    /* at parallel m = 4096 k = 4 (IW = 10) the rows are the low 10 bits */
    d2 = mkdesc(4096, 4, SIG_BLOOM_ORG_PARALLEL, SIG_BLOOM_HASH_H3, 128, 32, 64, 512);
    init_ok(&s, &d2);
    assert_int_equal(s.h3[0][0], 0x4619u & 0x3FFu);
    assert_int_equal(s.h3[0][1], 0x553Eu & 0x3FFu);
}

static void test_h3_linearity(void** state) {
    (void)state;
    uint64_t rng = 0x1234;
    const uint32_t aws[3] = {16, 32, 64};
    for (uint32_t a = 0; a < 3; a++) {
        for (uint32_t g = 0; g < 4; g++) {
            const sig_bloom_desc_t d =
                mkdesc(2048, 8, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, k_grans[g], aws[a], 64, 1);
            sig_bloom_t s;
            init_ok(&s, &d);
            for (uint32_t n = 0; n < 500u; n++) {
                const uint64_t x = splitmix64(&rng);
                const uint64_t y = splitmix64(&rng);
                for (uint32_t i = 0; i < d.k; i++) {
                    assert_int_equal(sig_bloom_hash(&s, i, x ^ y),
                                     sig_bloom_hash(&s, i, x) ^ sig_bloom_hash(&s, i, y));
                }
            }
        }
    }
}

/* sig_bloom_hash / sig_bloom_indices / sig_bloom_member against the naive reference. */
static void test_hash_matches_reference(void** state) {
    (void)state;
    uint64_t rng = 42;
    const uint32_t ms[3] = {256, 2048, 16384};
    const uint32_t aws[4] = {16, 23, 32, 64};
    static ref_cfg_t r;
    uint32_t configs = 0;
    for (uint32_t mi = 0; mi < 3; mi++) {
        for (uint32_t k = 1; k <= 8u; k++) {
            for (uint32_t org = 0; org < 2; org++) {
                for (uint32_t hash = 0; hash < 2; hash++) {
                    for (uint32_t g = 0; g < 4; g++) {
                        for (uint32_t a = 0; a < 4; a++) {
                            sig_bloom_desc_t d =
                                mkdesc(ms[mi], k, (sig_bloom_org_t)org, (sig_bloom_hash_t)hash,
                                       k_grans[g], aws[a], 64, 1);
                            d.h3_seed = rnd_seed(&rng);
                            if (sig_bloom_check_desc(&d, NULL, 0) != SIG_BLOOM_OK) {
                                continue; /* parallel with k not in {1, 2, 4, 8} */
                            }
                            sig_bloom_t s;
                            init_ok(&s, &d);
                            ref_cfg(&r, &d);
                            configs++;
                            for (uint32_t n = 0; n < 40u; n++) {
                                uint64_t addr = splitmix64(&rng);
                                if (n == 0) {
                                    addr = ~(uint64_t)0; /* every key bit set (incl. bit 63) */
                                } else if (n == 1) {
                                    addr = 0;
                                }
                                uint32_t v[SIG_BLOOM_MAX_HASHES];
                                sig_bloom_indices(&s, addr, v);
                                for (uint32_t i = 0; i < 8u; i++) {
                                    if (i < k) {
                                        const uint64_t key = ref_key(&r, addr);
                                        assert_int_equal(sig_bloom_hash(&s, i, addr),
                                                         ref_hash(&r, i, key));
                                        assert_int_equal(v[i], ref_v(&r, i, addr));
                                    } else {
                                        assert_int_equal(v[i], 0);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    print_message("  %u parameter sets checked against the reference hash\n", configs);
}

/*--- 3. bit-select mapping, parallel organisation -------------------------------------------*/

static void test_bitsel_hand_example(void** state) {
    (void)state;
    sig_bloom_t s;
    /* m = 256 true (IW = 8), G = 128 (LG = 7), AW = 32 (KW = 25), key = 0x1234567:
     * h0 = key[7:0] = 0x67, h1 = key[15:8] = 0x45, h2 = key[23:16] = 0x23,
     * h3 bit b = key[(24 + b) mod 25] -> b0 = key[24] = 1, b1..b7 = key[0..6] -> 0xCF. */
    sig_bloom_desc_t d = mkdesc(256, 4, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_BITSEL, 128, 32, 64, 32);
    init_ok(&s, &d);
    const uint64_t addr = (0x1234567ull << 7) | 0x55u; /* 0x91A2B3D5; low 7 bits ignored */
    assert_int_equal(addr, 0x91A2B3D5ull);
    const uint32_t h[4] = {0x67, 0x45, 0x23, 0xCF};
    uint32_t v[SIG_BLOOM_MAX_HASHES];
    sig_bloom_indices(&s, addr | (1ull << 40), v); /* bits >= AW are masked off */
    for (uint32_t i = 0; i < 4; i++) {
        assert_int_equal(sig_bloom_hash(&s, i, addr), h[i]);
        assert_int_equal(v[i], h[i]);
    }
    /* same key, parallel m = 1024 k = 4: B = 256, IW = 8, v_i = 256 i + h_i */
    d.m = 1024;
    d.org = SIG_BLOOM_ORG_PARALLEL;
    init_ok(&s, &d);
    sig_bloom_indices(&s, addr, v);
    assert_int_equal(v[0], 0x067);
    assert_int_equal(v[1], 0x145);
    assert_int_equal(v[2], 0x223);
    assert_int_equal(v[3], 0x3CF);

    /* KW < IW wraps: AW = 16, G = 512 (KW = 7), m = 8192 true (IW = 13), key = 0x2D = 0101101b.
     * h0 bit b = key[b mod 7] -> 0x16AD; h1 bit b = key[(13 + b) mod 7] -> 0x0D5A. */
    d = mkdesc(8192, 2, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_BITSEL, 512, 16, 64, 32);
    init_ok(&s, &d);
    assert_int_equal(s.kw, 7);
    assert_int_equal(s.iw, 13);
    assert_int_equal(sig_bloom_hash(&s, 0, 0x2Du << 9), 0x16AD);
    assert_int_equal(sig_bloom_hash(&s, 1, 0x2Du << 9), 0x0D5A);
    assert_int_equal(sig_bloom_hash(&s, 1, (0x2Du << 9) | 0x1FFu), 0x0D5A);

    /* the inserted bits land exactly there: one INSERT sets vector bits 0x16AD and 0x0D5A */
    do_reset(&s);
    do_op(&s, SIG_BLOOM_OP_INSERT, 0x2Du << 9);
    uint32_t total = 0;
    for (uint32_t w = 0; w < s.words; w++) {
        total += popcount32(s.st.bits[w]);
    }
    assert_int_equal(total, 2);
    assert_true(st_bit(&s, 0x16AD));
    assert_true(st_bit(&s, 0x0D5A));
    assert_int_equal(s.st.bits[0x16AD / 32], 1u << (0x16AD % 32));
}

static void test_parallel_banks(void** state) {
    (void)state;
    uint64_t rng = 7;
    const uint32_t ks[4] = {1, 2, 4, 8};
    for (uint32_t m = 256; m <= 16384u; m *= 2u) {
        for (uint32_t b = 0; b < 4; b++) {
            for (uint32_t hash = 0; hash < 2; hash++) {
                sig_bloom_desc_t d = mkdesc(m, ks[b], SIG_BLOOM_ORG_PARALLEL,
                                            (sig_bloom_hash_t)hash, 128, 32, 64, 1);
                d.h3_seed = rnd_seed(&rng);
                sig_bloom_t s;
                init_ok(&s, &d);
                const uint32_t bank = m / ks[b];
                for (uint32_t n = 0; n < 64u; n++) {
                    const uint64_t addr = splitmix64(&rng) & 0xFFFFFFFFu;
                    uint32_t v[SIG_BLOOM_MAX_HASHES];
                    sig_bloom_indices(&s, addr, v);
                    for (uint32_t i = 0; i < ks[b]; i++) {
                        assert_true(v[i] >= i * bank && v[i] < (i + 1u) * bank);
                    }
                    /* one INSERT into an empty filter sets exactly one bit per bank */
                    do_op(&s, SIG_BLOOM_OP_CLEAR, 0);
                    do_op(&s, SIG_BLOOM_OP_INSERT, addr);
                    for (uint32_t i = 0; i < ks[b]; i++) {
                        uint32_t ones = 0;
                        for (uint32_t w = i * bank / 32u; w < (i + 1u) * bank / 32u; w++) {
                            ones += popcount32(s.st.bits[w]);
                        }
                        assert_int_equal(ones, 1);
                        assert_true(st_bit(&s, v[i]));
                    }
                }
            }
        }
    }
}

/*--- 4. R1: no false negatives --------------------------------------------------------------*/

static void test_no_false_negatives(void** state) {
    (void)state;
    uint64_t rng = 99;
    static uint64_t addrs[1024];
    static ref_sim_t ref;
    const uint32_t ms[3] = {256, 1024, 8192};
    const uint32_t ks[5] = {1, 2, 4, 6, 8};
    uint32_t configs = 0;
    for (uint32_t mi = 0; mi < 3; mi++) {
        for (uint32_t ki = 0; ki < 5; ki++) {
            for (uint32_t org = 0; org < 2; org++) {
                for (uint32_t hash = 0; hash < 2; hash++) {
                    for (uint32_t g = 0; g < 4; g++) {
                        sig_bloom_desc_t d =
                            mkdesc(ms[mi], ks[ki], (sig_bloom_org_t)org, (sig_bloom_hash_t)hash,
                                   k_grans[g], 32, 64, ms[mi] / 8u);
                        d.h3_seed = rnd_seed(&rng);
                        if (sig_bloom_check_desc(&d, NULL, 0) != SIG_BLOOM_OK) {
                            continue;
                        }
                        sig_bloom_t s;
                        init_ok(&s, &d);
                        ref_cfg(&ref.c, &d);
                        do_reset(&s);
                        memset(ref.bit, 0, sizeof ref.bit);
                        const uint32_t n = ms[mi] / 8u; /* <= 1024 */
                        for (uint32_t a = 0; a < n; a++) {
                            addrs[a] = splitmix64(&rng) & 0xFFFFFFFFu;
                            const sig_bloom_out_t o = do_op(&s, SIG_BLOOM_OP_INSERT, addrs[a]);
                            assert_int_equal(o.count, a + 1u);
                            for (uint32_t i = 0; i < d.k; i++) {
                                ref.bit[ref_v(&ref.c, i, addrs[a])] = 1;
                            }
                        }
                        for (uint32_t a = 0; a < n; a++) {
                            const sig_bloom_out_t o = do_op(&s, SIG_BLOOM_OP_TEST, addrs[a]);
                            assert_true(o.resp_valid);
                            assert_true(o.member);
                            assert_true(sig_bloom_member(&s, addrs[a]));
                        }
                        /* the vector is exactly the union of the reference indices */
                        for (uint32_t v = 0; v < d.m; v++) {
                            assert_int_equal(st_bit(&s, v), ref.bit[v]);
                        }
                        configs++;
                    }
                }
            }
        }
    }
    print_message("  %u parameter sets, every inserted key tested as a member\n", configs);
}

/*--- 5. false-positive rate -----------------------------------------------------------------*/

/* open-addressing set of keys (< 2^25), capacity 8192 */
#define KEYSET_CAP 8192u
static uint64_t keyset[KEYSET_CAP];

static void keyset_clear(void) {
    memset(keyset, 0xFF, sizeof keyset);
}

static uint32_t keyset_slot(uint64_t key) {
    uint64_t h = key;
    uint32_t i = (uint32_t)(splitmix64(&h) & (KEYSET_CAP - 1u));
    while (keyset[i] != UINT64_MAX && keyset[i] != key) {
        i = (i + 1u) & (KEYSET_CAP - 1u);
    }
    return i;
}

static bool keyset_has(uint64_t key) {
    return keyset[keyset_slot(key)] == key;
}
static void keyset_add(uint64_t key) {
    keyset[keyset_slot(key)] = key;
}

static void test_false_positive_rate(void** state) {
    (void)state;
    enum { FILTERS = 16, TESTS_PER_FILTER = 4000 };
    const uint32_t k = 6;
    uint64_t rng = 0xF00DF00Dull;
    for (uint32_t m = 1024; m <= 16384u; m *= 2u) {
        const uint32_t n = m / 8u;
        uint64_t fp = 0;
        uint64_t total = 0;
        for (uint32_t f = 0; f < FILTERS; f++) {
            sig_bloom_desc_t d =
                mkdesc(m, k, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, 64, m / 8u);
            d.h3_seed = rnd_seed(&rng);
            sig_bloom_t s;
            init_ok(&s, &d);
            do_reset(&s);
            keyset_clear();
            for (uint32_t a = 0; a < n; a++) {
                uint64_t key;
                do {
                    key = splitmix64(&rng) & 0x1FFFFFFu; /* KW = 25 */
                } while (keyset_has(key));
                keyset_add(key);
                do_op(&s, SIG_BLOOM_OP_INSERT, (key << 7) | (splitmix64(&rng) & 0x7Fu));
            }
            assert_int_equal(s.st.count, n);
            assert_true(s.out.thresh);
            for (uint32_t t = 0; t < TESTS_PER_FILTER; t++) {
                uint64_t key;
                do {
                    key = splitmix64(&rng) & 0x1FFFFFFu;
                } while (keyset_has(key)); /* exact set check: only keys never inserted */
                const sig_bloom_out_t o = do_op(&s, SIG_BLOOM_OP_TEST, key << 7);
                fp += o.member ? 1u : 0u;
                total++;
            }
        }
        const double rate = (double)fp / (double)total;
        const double analytic = pow(1.0 - exp(-(double)k * n / m), (double)k);
        const double rel = (rate - analytic) / analytic;
        print_message("  FP m=%5u k=%u n=%4u: measured %.4f%% (%llu / %llu), analytic %.4f%%, "
                      "rel %+.1f%%\n",
                      m, k, n, 100.0 * rate, (unsigned long long)fp, (unsigned long long)total,
                      100.0 * analytic, 100.0 * rel);
        assert_true(fabs(rel) <= 0.25);
    }
}

/*--- 6. tick semantics ----------------------------------------------------------------------*/

static void test_tick_outputs_per_op(void** state) {
    (void)state;
    sig_bloom_t s;
    const sig_bloom_desc_t d = mkdesc(1024, 4, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 4, 32, 64, 2);
    init_ok(&s, &d);
    sig_bloom_out_t o = do_reset(&s);
    assert_false(o.resp_valid);
    assert_false(o.member);
    assert_int_equal(o.count, 0);
    assert_false(o.thresh);
    assert_true(all_zero(o.chunk_data, sizeof o.chunk_data));

    /* INSERT: no response; the count of the next cycle is 1 */
    o = do_op(&s, SIG_BLOOM_OP_INSERT, 0x1000);
    assert_false(o.resp_valid);
    assert_false(o.member);
    assert_int_equal(o.count, 1);
    assert_false(o.thresh);
    /* TEST: the answer appears in the cycle after (this tick's out) and only then */
    o = do_op(&s, SIG_BLOOM_OP_TEST, 0x1000);
    assert_true(o.resp_valid);
    assert_true(o.member);
    assert_true(all_zero(o.chunk_data, sizeof o.chunk_data)); /* R5 */
    o = do_op(&s, SIG_BLOOM_OP_NOP, 0x1000);
    assert_false(o.resp_valid); /* R4 */
    assert_false(o.member);     /* R5 */
    o = do_op(&s, SIG_BLOOM_OP_TEST, 0x1000);
    assert_true(o.member);
    o = do_op(&s, SIG_BLOOM_OP_INSERT, 0x2000); /* member drops after a non-TEST op */
    assert_false(o.member);
    assert_false(o.resp_valid);
    assert_int_equal(o.count, 2);
    assert_true(o.thresh); /* threshold 2 */
    /* TEST of a key not inserted into a sparse filter */
    uint64_t miss = 0x40000;
    while (sig_bloom_member(&s, miss)) {
        miss += 4;
    }
    o = do_op(&s, SIG_BLOOM_OP_TEST, miss);
    assert_true(o.resp_valid);
    assert_false(o.member);

    /* READ: chunk holding a set bit; the data is there for one cycle, member stays 0 */
    uint32_t v[SIG_BLOOM_MAX_HASHES];
    sig_bloom_indices(&s, 0x1000, v);
    o = do_read(&s, v[0] / 64u);
    assert_true(o.resp_valid);
    assert_false(o.member);
    assert_true((o.chunk_data[(v[0] % 64u) / 32u] >> (v[0] % 32u)) & 1u);
    assert_int_equal(o.chunk_data[0], s.st.bits[(v[0] / 64u) * 2u]);
    assert_int_equal(o.chunk_data[1], s.st.bits[(v[0] / 64u) * 2u + 1u]);
    o = do_op(&s, SIG_BLOOM_OP_INSERT, 0x3000);
    assert_false(o.resp_valid);
    assert_true(all_zero(o.chunk_data, sizeof o.chunk_data)); /* R5 */
    assert_true(do_read(&s, v[0] / 64u).resp_valid);
    o = do_op(&s, SIG_BLOOM_OP_TEST, 0x1000); /* READ then TEST: chunk data cleared */
    assert_true(o.resp_valid);
    assert_true(o.member);
    assert_true(all_zero(o.chunk_data, sizeof o.chunk_data));
    assert_true(do_read(&s, v[0] / 64u).resp_valid);
    o = do_load(&s, 0, s.st.bits); /* LOAD: no response, chunk data cleared */
    assert_false(o.resp_valid);
    assert_true(all_zero(o.chunk_data, sizeof o.chunk_data));
    assert_true(do_read(&s, v[0] / 64u).resp_valid);
    o = do_op(&s, SIG_BLOOM_OP_CLEAR, 0);
    assert_false(o.resp_valid);
    assert_true(all_zero(o.chunk_data, sizeof o.chunk_data));

    /* a NULL out pointer is allowed; the registers still advance */
    sig_bloom_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_n = true;
    in.op = SIG_BLOOM_OP_INSERT;
    in.addr = 0x1000;
    sig_bloom_tick(&s, &in, NULL);
    assert_int_equal(s.out.count, 1);
    assert_int_equal(s.st.count, 1);
}

static void test_read_load_roundtrip(void** state) {
    (void)state;
    uint64_t rng = 5;
    const uint32_t ms[3] = {256, 1024, 16384};
    for (uint32_t mi = 0; mi < 3; mi++) {
        for (uint32_t c = 8; c <= 512u && c <= ms[mi]; c *= 2u) {
            const sig_bloom_desc_t d =
                mkdesc(ms[mi], 4, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, c, 1);
            sig_bloom_t s;
            init_ok(&s, &d);
            do_reset(&s);
            do_op(&s, SIG_BLOOM_OP_INSERT, 0x1234);
            do_op(&s, SIG_BLOOM_OP_INSERT, 0x5678);
            const uint32_t nc = ms[mi] / c;
            static uint32_t img[SIG_BLOOM_MAX_WORDS]; /* expected vector */
            memset(img, 0, sizeof img);
            for (uint32_t idx = 0; idx < nc; idx++) {
                uint32_t data[SIG_BLOOM_MAX_CHUNK_WORDS];
                for (uint32_t w = 0; w < SIG_BLOOM_MAX_CHUNK_WORDS; w++) {
                    data[w] = (uint32_t)splitmix64(&rng); /* bits >= C are not on the port */
                }
                for (uint32_t j = 0; j < c; j++) {
                    const uint32_t vb = idx * c + j;
                    if ((data[j / 32u] >> (j % 32u)) & 1u) {
                        img[vb / 32u] |= 1u << (vb % 32u);
                    }
                }
                const sig_bloom_out_t o = do_load(&s, idx, data);
                assert_false(o.resp_valid);
                assert_int_equal(o.count, 2); /* D4: LOAD leaves the counter */
            }
            /* the state layout: chunk bit j of chunk c is vector bit c*C + j (spec §3) */
            assert_memory_equal(s.st.bits, img, sizeof img);
            for (uint32_t idx = 0; idx < nc; idx++) {
                const sig_bloom_out_t o = do_read(&s, idx);
                assert_true(o.resp_valid);
                assert_false(o.member);
                for (uint32_t j = 0; j < c; j++) {
                    const uint32_t vb = idx * c + j;
                    assert_int_equal((o.chunk_data[j / 32u] >> (j % 32u)) & 1u,
                                     (img[vb / 32u] >> (vb % 32u)) & 1u);
                }
            }
            /* a LOAD touches only its own chunk */
            const uint32_t zeros[SIG_BLOOM_MAX_CHUNK_WORDS] = {0};
            const uint32_t last = nc - 1u;
            do_load(&s, last, zeros);
            for (uint32_t j = 0; j < c; j++) {
                const uint32_t vb = last * c + j;
                img[vb / 32u] &= ~(1u << (vb % 32u));
            }
            assert_memory_equal(s.st.bits, img, sizeof img);
        }
    }
}

static void test_clear(void** state) {
    (void)state;
    const uint32_t ms[2] = {256, 16384};
    for (uint32_t mi = 0; mi < 2; mi++) {
        const sig_bloom_desc_t d =
            mkdesc(ms[mi], 8, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 1, 64, 32, 3);
        sig_bloom_t s;
        init_ok(&s, &d);
        do_reset(&s);
        const uint32_t ones[SIG_BLOOM_MAX_CHUNK_WORDS] = {0xFFFFFFFFu};
        for (uint32_t idx = 0; idx < s.nc; idx++) {
            do_load(&s, idx, ones);
        }
        for (uint32_t a = 0; a < 10u; a++) {
            do_op(&s, SIG_BLOOM_OP_INSERT, a * 977u);
        }
        assert_int_equal(s.st.count, 10);
        sig_bloom_out_t o = do_op(&s, SIG_BLOOM_OP_TEST, 5);
        assert_true(o.member);
        o = do_op(&s, SIG_BLOOM_OP_CLEAR, 5);
        assert_true(all_zero(&s.st, sizeof s.st));
        assert_int_equal(o.count, 0);
        assert_false(o.thresh);
        assert_false(o.resp_valid);
        assert_false(o.member);
        o = do_op(&s, SIG_BLOOM_OP_TEST, 5);
        assert_true(o.resp_valid);
        assert_false(o.member);
        assert_int_equal(s.cov[SIG_BLOOM_T_F_CLEAR], 1);
    }
}

static void test_reset_priority(void** state) {
    (void)state;
    const sig_bloom_desc_t d = mkdesc(512, 6, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 4, 32, 64, 4);
    sig_bloom_t s;
    init_ok(&s, &d);
    const uint32_t ones[SIG_BLOOM_MAX_CHUNK_WORDS] = {0xFFFFFFFFu, 0xFFFFFFFFu};
    for (uint32_t op = 0; op < 8u; op++) {
        for (uint32_t a = 0; a < 5u; a++) {
            do_op(&s, SIG_BLOOM_OP_INSERT, a * 64u);
        }
        do_load(&s, 1, ones);
        do_op(&s, SIG_BLOOM_OP_TEST, 0); /* output registers busy */
        uint64_t cov[SIG_BLOOM_T_COUNT];
        memcpy(cov, s.cov, sizeof cov);
        const uint64_t illegal = s.illegal_ops;
        const sig_bloom_out_t o = edge(&s, false, (uint8_t)op, 0, 1, ones);
        assert_true(all_zero(&s.st, sizeof s.st));
        assert_false(o.resp_valid);
        assert_false(o.member);
        assert_int_equal(o.count, 0);
        assert_false(o.thresh);
        assert_true(all_zero(o.chunk_data, sizeof o.chunk_data));
        assert_int_equal(s.illegal_ops, illegal); /* the op is not even looked at */
        cov[SIG_BLOOM_T_RESET]++;                 /* only T01 is taken */
        assert_memory_equal(cov, s.cov, sizeof cov);
    }
    /* sig_bloom_reset(): the reset state, statistics untouched */
    do_op(&s, SIG_BLOOM_OP_INSERT, 0);
    do_op(&s, 7, 0);
    uint64_t cov[SIG_BLOOM_T_COUNT];
    memcpy(cov, s.cov, sizeof cov);
    sig_bloom_reset(&s);
    assert_true(all_zero(&s.st, sizeof s.st));
    assert_false(s.out.resp_valid);
    assert_int_equal(s.out.count, 0);
    assert_int_equal(s.illegal_ops, 1);
    assert_memory_equal(cov, s.cov, sizeof cov);
}

static void test_reserved_ops(void** state) {
    (void)state;
    const sig_bloom_desc_t d =
        mkdesc(256, 3, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, 64, 1);
    sig_bloom_t s;
    init_ok(&s, &d);
    do_reset(&s);
    do_op(&s, SIG_BLOOM_OP_INSERT, 0x8000);
    const sig_bloom_state_t before = s.st;
    uint64_t illegal = 0;
    for (uint8_t op = 6; op <= 7u; op++) {
        do_op(&s, SIG_BLOOM_OP_TEST, 0x8000); /* resp_valid = member = 1 */
        const uint64_t nops = s.cov[SIG_BLOOM_T_NOP];
        sig_bloom_out_t o = do_op(&s, op, 0x8000);
        illegal++;
        assert_false(o.resp_valid);
        assert_false(o.member);
        assert_int_equal(o.count, 1);
        assert_true(o.thresh);
        assert_memory_equal(&s.st, &before, sizeof before);
        assert_int_equal(s.illegal_ops, illegal);
        assert_int_equal(s.cov[SIG_BLOOM_T_NOP], nops + 1u); /* takes the nop row (R7) */
        do_read(&s, 0);                                      /* chunk_data busy */
        o = edge(&s, true, op, 0x8000, 0, NULL);
        illegal++;
        assert_false(o.resp_valid);
        assert_true(all_zero(o.chunk_data, sizeof o.chunk_data));
        assert_memory_equal(&s.st, &before, sizeof before);
        assert_int_equal(s.illegal_ops, illegal);
    }
    /* NOP itself is not illegal */
    do_op(&s, SIG_BLOOM_OP_NOP, 0);
    assert_int_equal(s.illegal_ops, illegal);
    /* cover points F12, F13 (spec §10): two of each code */
    assert_int_equal(s.fcov[SIG_BLOOM_F_ILL_OP6], 2);
    assert_int_equal(s.fcov[SIG_BLOOM_F_ILL_OP7], 2);
    assert_int_equal(s.illegal_idx, 0);
}

/* R6, D9, §11: at C = m a READ / LOAD of chunk index 1 names chunk 1 mod NC = 0, counted in
 * illegal_idx; index bits at or above CIW are not on the port. */
static void test_chunk_idx_out_of_range(void** state) {
    (void)state;
    sig_bloom_desc_t d = mkdesc(256, 3, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, 256, 2);
    sig_bloom_t s;
    init_ok(&s, &d);
    assert_int_equal(s.nc, 1);
    assert_int_equal(s.ciw, 1);
    assert_true(sig_bloom_fcov_reachable(&s, SIG_BLOOM_F_ILL_READ_IDX));
    assert_true(sig_bloom_fcov_reachable(&s, SIG_BLOOM_F_ILL_LOAD_IDX));
    do_reset(&s);
    do_op(&s, SIG_BLOOM_OP_INSERT, 0x1000);
    uint32_t data[SIG_BLOOM_MAX_CHUNK_WORDS] = {0};
    for (uint32_t w = 0; w < 8u; w++) {
        data[w] = 0x01020304u * (w + 1u);
    }
    /* LOAD of index 1: the one chunk is replaced, the counter holds (D4) */
    sig_bloom_out_t o = do_load(&s, 1, data);
    assert_memory_equal(s.st.bits, data, 8u * sizeof(uint32_t));
    assert_int_equal(o.count, 1);
    assert_false(o.resp_valid);
    assert_int_equal(s.illegal_idx, 1);
    assert_int_equal(s.fcov[SIG_BLOOM_F_ILL_LOAD_IDX], 1);
    assert_int_equal(s.fcov[SIG_BLOOM_F_LOAD_LAST], 1); /* it is chunk NC-1 = 0 */
    /* READ of index 1 (and of 3: bit 1 is not on the 1-bit port, so 3 is 1) answers chunk 0 */
    for (uint32_t idx = 1; idx <= 3u; idx += 2u) {
        o = do_read(&s, idx);
        assert_true(o.resp_valid);
        assert_memory_equal(o.chunk_data, data, 8u * sizeof(uint32_t));
    }
    assert_int_equal(s.illegal_idx, 3);
    assert_int_equal(s.fcov[SIG_BLOOM_F_ILL_READ_IDX], 2);
    assert_int_equal(s.fcov[SIG_BLOOM_F_READ_AFTER_LOAD], 1);
    /* index 0 is legal; an index on another op is not looked at */
    do_read(&s, 0);
    edge(&s, true, SIG_BLOOM_OP_TEST, 0x1000, 1, NULL);
    assert_int_equal(s.illegal_idx, 3);
    assert_int_equal(s.illegal_ops, 0);

    /* C < m: the CIW-bit port names only chunks; bits above CIW are dropped, never counted */
    d = mkdesc(256, 3, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, 64, 2);
    init_ok(&s, &d);
    assert_false(sig_bloom_fcov_reachable(&s, SIG_BLOOM_F_ILL_READ_IDX));
    assert_false(sig_bloom_fcov_reachable(&s, SIG_BLOOM_F_ILL_LOAD_IDX));
    do_reset(&s);
    do_load(&s, 4u + 1u, data); /* chunk 1 */
    assert_int_equal(s.st.bits[0], 0);
    assert_int_equal(s.st.bits[2], data[0]);
    assert_int_equal(s.st.bits[3], data[1]);
    assert_int_equal(s.illegal_idx, 0);
}

static void test_counter_saturation_threshold(void** state) {
    (void)state;
    const uint32_t ths[4] = {1, 100, 510, 511};
    for (uint32_t t = 0; t < 4; t++) {
        const sig_bloom_desc_t d =
            mkdesc(256, 2, SIG_BLOOM_ORG_PARALLEL, SIG_BLOOM_HASH_BITSEL, 4, 16, 32, ths[t]);
        sig_bloom_t s;
        init_ok(&s, &d);
        do_reset(&s);
        assert_int_equal(s.cmax, 511);
        for (uint32_t n = 1; n <= 600u; n++) {
            const sig_bloom_out_t o = do_op(&s, SIG_BLOOM_OP_INSERT, n * 4u);
            const uint32_t expect = n < 511u ? n : 511u;
            assert_int_equal(o.count, expect); /* R2: saturates at CMAX */
            assert_int_equal(o.thresh, expect >= ths[t]);
            if (n % 50u == 0u) { /* other ops keep the counter */
                assert_int_equal(do_op(&s, SIG_BLOOM_OP_TEST, 0).count, expect);
                assert_int_equal(do_read(&s, 0).count, expect);
                assert_int_equal(do_load(&s, 0, NULL).count, expect);
                assert_int_equal(do_op(&s, SIG_BLOOM_OP_NOP, 0).count, expect);
                assert_int_equal(do_op(&s, 6, 0).count, expect);
            }
        }
        assert_int_equal(s.cov[SIG_BLOOM_T_S_INSERT], 600u - 511u);
        const sig_bloom_out_t o = do_op(&s, SIG_BLOOM_OP_CLEAR, 0);
        assert_int_equal(o.count, 0);
        assert_false(o.thresh);
    }
}

/* Random op sequences against the naive reference: outputs and full state every cycle, as the
 * lockstep testbench does against the RTL. */
static void test_random_vs_reference(void** state) {
    (void)state;
    uint64_t rng = 2026;
    static ref_sim_t ref;
    static uint64_t hist[64];
    const uint32_t ms[6] = {256, 512, 1024, 2048, 4096, 16384};
    uint32_t configs = 0;
    uint64_t cycles = 0;
    while (configs < 48u) {
        sig_bloom_desc_t d = sig_bloom_desc_default();
        d.m = ms[rnd_below(&rng, 6)];
        d.k = 1u + rnd_below(&rng, 8);
        d.org = (sig_bloom_org_t)rnd_below(&rng, 2);
        if (d.org == SIG_BLOOM_ORG_PARALLEL && (d.k == 3u || d.k == 5u || d.k == 6u || d.k == 7u)) {
            d.org = SIG_BLOOM_ORG_TRUE;
        }
        d.hash = (sig_bloom_hash_t)rnd_below(&rng, 2);
        d.gran = k_grans[rnd_below(&rng, 4)];
        d.addr_width = 16u + rnd_below(&rng, 49);
        do {
            d.chunk_width = 8u << rnd_below(&rng, 7);
        } while (d.chunk_width > d.m);
        const uint32_t cmax = 2u * d.m - 1u;
        const uint32_t thr[6] = {1, 2, 3, cmax - 1u, cmax, 1u + rnd_below(&rng, 64)};
        d.threshold = thr[rnd_below(&rng, 6)];
        d.h3_seed = rnd_seed(&rng);
        sig_bloom_t s;
        init_ok(&s, &d);
        ref_cfg(&ref.c, &d);
        const uint32_t nc = d.m / d.chunk_width;
        memset(hist, 0, sizeof hist);
        const uint32_t n_cycles = 1500;
        for (uint32_t cyc = 0; cyc < n_cycles; cyc++) {
            sig_bloom_in_t in;
            memset(&in, 0, sizeof in);
            in.rst_n = cyc != 0u && rnd_below(&rng, 100) >= 2u; /* reset first, then ~2 % */
            const uint32_t p = rnd_below(&rng, 100);
            in.op = p < 35u   ? SIG_BLOOM_OP_INSERT
                    : p < 65u ? SIG_BLOOM_OP_TEST
                    : p < 75u ? SIG_BLOOM_OP_READ
                    : p < 85u ? SIG_BLOOM_OP_LOAD
                    : p < 87u ? SIG_BLOOM_OP_CLEAR
                    : p < 98u ? SIG_BLOOM_OP_NOP
                              : (uint8_t)(6u + (p & 1u));
            const uint64_t amask = d.addr_width == 64u ? ~(uint64_t)0 : (1ull << d.addr_width) - 1u;
            if (in.op == SIG_BLOOM_OP_TEST && rnd_below(&rng, 2) == 0u) {
                in.addr = hist[rnd_below(&rng, 64)]; /* likely a hit */
            } else {
                in.addr = splitmix64(&rng) & amask;
            }
            if (in.op == SIG_BLOOM_OP_INSERT) {
                hist[cyc % 64u] = in.addr;
            }
            in.chunk_idx = rnd_below(&rng, nc == 1u ? 2u : nc); /* C = m: index 1 too (R6) */
            const uint32_t kind = rnd_below(&rng, 4);
            for (uint32_t w = 0; w < SIG_BLOOM_MAX_CHUNK_WORDS; w++) {
                uint32_t x = kind == 0u   ? 0u
                             : kind == 1u ? 0xFFFFFFFFu
                                          : (uint32_t)splitmix64(&rng);
                if (32u * w >= d.chunk_width) {
                    x = 0; /* the testbench drives only the C port bits */
                } else if (d.chunk_width < 32u) {
                    x &= (1u << d.chunk_width) - 1u;
                }
                in.chunk_data[w] = x;
            }
            sig_bloom_out_t out = {0}; /* tick writes only the chunk's words */
            const uint32_t count_before = s.st.count;
            const uint64_t* const cov = s.cov;
            uint64_t snap[SIG_BLOOM_T_COUNT];
            memcpy(snap, cov, sizeof snap);
            sig_bloom_tick(&s, &in, &out);
            ref_tick(&ref, &in);
            snap[expected_row(d.threshold, ref.c.cmax, count_before, &in, ref.mem)]++;
            if (memcmp(snap, cov, sizeof snap) != 0) {
                fail_msg("wrong transition row at cycle %u", cyc);
            }
            const bool full = d.m <= 1024u || cyc % 61u == 0u || cyc + 1u == n_cycles;
            ref_compare(&ref, &s, &out, full, cyc);
            cycles++;
        }
        configs++;
    }
    print_message("  %u random parameter sets, %llu cycles compared with the reference\n", configs,
                  (unsigned long long)cycles);
}

static void test_addr_masking(void** state) {
    (void)state;
    uint64_t rng = 11;
    const uint32_t aws[4] = {16, 32, 40, 63};
    for (uint32_t a = 0; a < 4; a++) {
        for (uint32_t g = 0; g < 4; g++) {
            for (uint32_t hash = 0; hash < 2; hash++) {
                const sig_bloom_desc_t d = mkdesc(
                    4096, 6, SIG_BLOOM_ORG_TRUE, (sig_bloom_hash_t)hash, k_grans[g], aws[a], 64, 1);
                sig_bloom_t s;
                init_ok(&s, &d);
                do_reset(&s);
                for (uint32_t n = 0; n < 50u; n++) {
                    const uint64_t addr = splitmix64(&rng) & ((1ull << aws[a]) - 1u);
                    const uint64_t noise_lo = splitmix64(&rng) & (k_grans[g] - 1u);
                    const uint64_t noise_hi = splitmix64(&rng) << aws[a];
                    uint32_t v0[SIG_BLOOM_MAX_HASHES];
                    uint32_t v1[SIG_BLOOM_MAX_HASHES];
                    sig_bloom_indices(&s, addr, v0);
                    sig_bloom_indices(&s, addr ^ noise_lo ^ noise_hi, v1);
                    assert_memory_equal(v0, v1, sizeof v0);
                    do_op(&s, SIG_BLOOM_OP_INSERT, addr | noise_hi);
                    assert_true(do_op(&s, SIG_BLOOM_OP_TEST, addr ^ noise_lo).member);
                }
            }
        }
    }
}

/*--- 7. coverage ----------------------------------------------------------------------------*/

/* Drive every row reachable under s->desc (spec §7), whatever the threshold. */
static void drive_all_rows(sig_bloom_t* s) {
    const uint32_t th = s->desc.threshold;
    const uint32_t cmax = s->cmax;
    const uint32_t ones[SIG_BLOOM_MAX_CHUNK_WORDS] = {
        0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu,
        0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu,
        0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu};
    const uint32_t zeros[SIG_BLOOM_MAX_CHUNK_WORDS] = {0};
    const uint64_t step = (uint64_t)s->desc.gran;

    do_reset(s);                                                     /* T01 */
    do_op(s, SIG_BLOOM_OP_NOP, 0);                                   /* T28 */
    assert_false(do_op(s, SIG_BLOOM_OP_TEST, 0x1234 * step).member); /* T08 */
    do_read(s, 0);                                                   /* T20 */
    do_load(s, 0, zeros);                                            /* T24 */
    do_op(s, SIG_BLOOM_OP_CLEAR, 0);                                 /* T16 */
    for (uint32_t c = 0; c < s->nc; c++) {
        do_load(s, c, ones);
    }
    assert_true(do_op(s, SIG_BLOOM_OP_TEST, 0x1234 * step).member); /* T09 */
    do_op(s, SIG_BLOOM_OP_CLEAR, 0);

    /* regions P (count 1), F (count th), S (count CMAX) where non-empty */
    const uint32_t need[3] = {1u, th, cmax};
    for (uint32_t r = 0; r < 3; r++) {
        if ((r == 0u && th < 2u) || (r == 1u && th >= cmax)) {
            continue; /* P empty when th = 1, F empty when th = CMAX */
        }
        do_op(s, SIG_BLOOM_OP_CLEAR, 0);
        uint64_t last = 0;
        for (uint32_t n = 0; n < need[r]; n++) {
            last = (uint64_t)(n + 1u) * step;
            do_op(s, SIG_BLOOM_OP_INSERT, last); /* T02..T06 on the way */
        }
        assert_int_equal(s->st.count, need[r]);
        if (r == 2u) {
            do_op(s, SIG_BLOOM_OP_INSERT, last); /* T07 */
        }
        assert_true(do_op(s, SIG_BLOOM_OP_TEST, last).member); /* T11 / T13 / T15 */
        const sig_bloom_out_t rd = do_read(s, 0);              /* T21 / T22 / T23 */
        do_load(s, 0, rd.chunk_data);                          /* T25 / T26 / T27 */
        for (uint32_t c = 0; c < s->nc; c++) {
            do_load(s, c, zeros);
        }
        assert_false(do_op(s, SIG_BLOOM_OP_TEST, last).member); /* T10 / T12 / T14 */
        do_op(s, SIG_BLOOM_OP_CLEAR, 0);                        /* T17 / T18 / T19 */
    }
}

static void check_rows_vs_reachable(const sig_bloom_t* s) {
    for (uint32_t t = 0; t < (uint32_t)SIG_BLOOM_T_COUNT; t++) {
        const bool reach = sig_bloom_trans_reachable(s, (sig_bloom_trans_t)t);
        if ((s->cov[t] != 0u) != reach) {
            fail_msg("row T%02u %s: count %llu, reachable %d (threshold %u)", t + 1u,
                     sig_bloom_trans_name((sig_bloom_trans_t)t), (unsigned long long)s->cov[t],
                     reach, s->desc.threshold);
        }
    }
    uint32_t covered = 0;
    uint32_t reachable = 0;
    sig_bloom_coverage(s, &covered, &reachable);
    assert_int_equal(covered, reachable);
}

static void test_coverage_directed(void** state) {
    (void)state;
    const sig_bloom_desc_t d =
        mkdesc(256, 4, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 128, 32, 64, 3);
    sig_bloom_t s;
    init_ok(&s, &d);
    uint32_t covered = 99;
    uint32_t reachable = 0;
    sig_bloom_coverage(&s, &covered, &reachable);
    assert_int_equal(covered, 0);
    assert_int_equal(reachable, 28);
    drive_all_rows(&s);
    for (uint32_t t = 0; t < (uint32_t)SIG_BLOOM_T_COUNT; t++) {
        if (s.cov[t] == 0u) {
            fail_msg("row T%02u %s not covered", t + 1u,
                     sig_bloom_trans_name((sig_bloom_trans_t)t));
        }
    }
    sig_bloom_coverage(&s, &covered, &reachable);
    assert_int_equal(covered, 28);
    assert_int_equal(reachable, 28);
    print_message("  m=256 threshold=3: covered %u / reachable %u\n", covered, reachable);
    sig_bloom_coverage(&s, NULL, NULL);

    /* specific row bookkeeping: T02 counts once whether it lands in P or F */
    sig_bloom_t s1;
    sig_bloom_desc_t d1 = d;
    d1.threshold = 1;
    init_ok(&s1, &d1);
    do_op(&s1, SIG_BLOOM_OP_INSERT, 0);
    assert_int_equal(s1.cov[SIG_BLOOM_T_E_INSERT], 1);
    assert_true(s1.out.thresh);
    do_op(&s1, SIG_BLOOM_OP_INSERT, 0);
    assert_int_equal(s1.cov[SIG_BLOOM_T_F_INSERT_STAY], 1);
}

static void test_coverage_names(void** state) {
    (void)state;
    assert_int_equal(SIG_BLOOM_T_COUNT, 28);
    for (uint32_t t = 0; t < (uint32_t)SIG_BLOOM_T_COUNT; t++) {
        assert_string_equal(sig_bloom_trans_name((sig_bloom_trans_t)t), k_row_names[t]);
    }
    assert_string_equal(sig_bloom_trans_name(SIG_BLOOM_T_COUNT), "?");
}

static void test_coverage_reachability(void** state) {
    (void)state;
    /* m = 256: CMAX = 511 */
    const struct {
        uint32_t th, reachable;
        sig_bloom_trans_t unreachable[8];
        uint32_t n_unreach;
    } cases[] = {
        {1,
         21,
         {SIG_BLOOM_T_P_INSERT_STAY, SIG_BLOOM_T_P_INSERT_THRESH, SIG_BLOOM_T_P_TEST_MISS,
          SIG_BLOOM_T_P_TEST_HIT, SIG_BLOOM_T_P_CLEAR, SIG_BLOOM_T_P_READ, SIG_BLOOM_T_P_LOAD},
         7},
        {2, 27, {SIG_BLOOM_T_P_INSERT_STAY}, 1},
        {3, 28, {SIG_BLOOM_T_RESET}, 0},
        {509, 28, {SIG_BLOOM_T_RESET}, 0},
        {510, 27, {SIG_BLOOM_T_F_INSERT_STAY}, 1},
        {511,
         21,
         {SIG_BLOOM_T_F_INSERT_STAY, SIG_BLOOM_T_F_INSERT_SAT, SIG_BLOOM_T_F_TEST_MISS,
          SIG_BLOOM_T_F_TEST_HIT, SIG_BLOOM_T_F_CLEAR, SIG_BLOOM_T_F_READ, SIG_BLOOM_T_F_LOAD},
         7},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const sig_bloom_desc_t d =
            mkdesc(256, 2, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_BITSEL, 128, 32, 32, cases[c].th);
        sig_bloom_t s;
        init_ok(&s, &d);
        uint32_t covered = 0;
        uint32_t reachable = 0;
        sig_bloom_coverage(&s, &covered, &reachable);
        assert_int_equal(reachable, cases[c].reachable);
        for (uint32_t t = 0; t < (uint32_t)SIG_BLOOM_T_COUNT; t++) {
            bool listed = false;
            for (uint32_t u = 0; u < cases[c].n_unreach; u++) {
                listed = listed || cases[c].unreachable[u] == (sig_bloom_trans_t)t;
            }
            assert_int_equal(sig_bloom_trans_reachable(&s, (sig_bloom_trans_t)t), !listed);
        }
        /* every reachable row is in fact reachable, and no other row is taken */
        drive_all_rows(&s);
        check_rows_vs_reachable(&s);
        sig_bloom_coverage(&s, &covered, &reachable);
        print_message("  threshold=%3u (CMAX 511): covered %u / reachable %u\n", cases[c].th,
                      covered, reachable);
    }
}

/*--- speed (reported, loosely bounded) ------------------------------------------------------*/

static double now_s(void) {
    struct timespec ts;
    (void)timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void test_tick_speed(void** state) {
    (void)state;
    static sig_bloom_in_t ins[1024];
    const sig_bloom_desc_t ds[2] = {
        sig_bloom_desc_default(),
        mkdesc(16384, 8, SIG_BLOOM_ORG_TRUE, SIG_BLOOM_HASH_H3, 1, 64, 512, 2048)};
    const uint8_t ops[5] = {SIG_BLOOM_OP_INSERT, SIG_BLOOM_OP_TEST, SIG_BLOOM_OP_READ,
                            SIG_BLOOM_OP_LOAD, SIG_BLOOM_OP_CLEAR};
    const char* const names[5] = {"INSERT", "TEST", "READ", "LOAD", "CLEAR"};
    uint64_t rng = 3;
    for (uint32_t c = 0; c < 2; c++) {
        sig_bloom_t s;
        init_ok(&s, &ds[c]);
        for (uint32_t o = 0; o < 5; o++) {
            for (uint32_t i = 0; i < 1024u; i++) {
                memset(&ins[i], 0, sizeof ins[i]);
                ins[i].rst_n = true;
                ins[i].op = ops[o];
                ins[i].addr = splitmix64(&rng);
                ins[i].chunk_idx = rnd_below(&rng, s.nc);
                ins[i].chunk_data[0] = (uint32_t)splitmix64(&rng);
            }
            ins[1023].op = SIG_BLOOM_OP_CLEAR;
            sig_bloom_out_t out = {0};
            uint64_t sink = 0;
            const uint32_t reps = 200;
            const double t0 = now_s();
            for (uint32_t r = 0; r < reps; r++) {
                for (uint32_t i = 0; i < 1024u; i++) {
                    sig_bloom_tick(&s, &ins[i], &out);
                    sink += out.count;
                }
            }
            const double ns = (now_s() - t0) * 1e9 / (1024.0 * reps);
            print_message("  tick m=%5u k=%u C=%3u %-6s %7.1f ns\n", ds[c].m, ds[c].k,
                          ds[c].chunk_width, names[o], ns);
            assert_true(sink <= (uint64_t)reps * 1024u * s.cmax);
            assert_true(ns < 20000.0); /* only a gross-regression guard; sanitizers are slow */
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desc_default),
        cmocka_unit_test(test_validation_errors),
        cmocka_unit_test(test_validation_null),
        cmocka_unit_test(test_validation_legal_edges),
        cmocka_unit_test(test_h3_known_values),
        cmocka_unit_test(test_h3_linearity),
        cmocka_unit_test(test_hash_matches_reference),
        cmocka_unit_test(test_bitsel_hand_example),
        cmocka_unit_test(test_parallel_banks),
        cmocka_unit_test(test_no_false_negatives),
        cmocka_unit_test(test_false_positive_rate),
        cmocka_unit_test(test_tick_outputs_per_op),
        cmocka_unit_test(test_read_load_roundtrip),
        cmocka_unit_test(test_clear),
        cmocka_unit_test(test_reset_priority),
        cmocka_unit_test(test_reserved_ops),
        cmocka_unit_test(test_chunk_idx_out_of_range),
        cmocka_unit_test(test_counter_saturation_threshold),
        cmocka_unit_test(test_random_vs_reference),
        cmocka_unit_test(test_addr_masking),
        cmocka_unit_test(test_coverage_directed),
        cmocka_unit_test(test_coverage_names),
        cmocka_unit_test(test_coverage_reachability),
        cmocka_unit_test(test_tick_speed),
    };
    return cmocka_run_group_tests_name("sig_bloom", tests, NULL, NULL);
}
