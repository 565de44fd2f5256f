/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sig_bloom.c -- C reference model of the Bloom-filter signature unit.
 *
 * Written from docs/units/sig/sig_bloom.md and docs/timing.md only (never from the RTL): the two
 * implementations are compared cycle by cycle, so every section number below cites the spec.
 *
 * Speed: sig_bloom_tick() is the per-cycle path. INSERT/TEST cost O(k) hash evaluations (an H3
 * hash visits only the set key bits, a bit-select hash is a rotate), READ/LOAD touch C/32 words,
 * CLEAR and reset touch m/32 words. Nothing in the tick path loops over the full
 * SIG_BLOOM_MAX_WORDS array. Rule checks (R1..R8) are SIG_BLOOM_ASSERT()s whose expressions
 * disappear with NDEBUG when the default assert() is used.
 */
#include "sig_bloom.h"
#include "gpucoh_bits.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Counter regions of spec §7. The numeric order is used to index the transition rows. */
enum { REG_E = 0, REG_P = 1, REG_F = 2, REG_S = 3 };

/*--- small helpers --------------------------------------------------------------------------*/

static inline uint32_t ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_ctzll(x);
#else
    uint32_t r = 0;
    while ((x & 1u) == 0u) {
        x >>= 1;
        r++;
    }
    return r;
#endif
}

#if defined(__GNUC__) || defined(__clang__)
#define SIG_BLOOM_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define SIG_BLOOM_PRINTF_LIKE(f, a)
#endif

/* Write the one-line message (when msg is not NULL) and return err. */
static int fail(char* msg, size_t msg_len, int err, const char* fmt, ...)
    SIG_BLOOM_PRINTF_LIKE(4, 5);

static int fail(char* msg, size_t msg_len, int err, const char* fmt, ...) {
    if (msg != NULL && msg_len > 0u) {
        va_list ap;
        va_start(ap, fmt);
        (void)vsnprintf(msg, msg_len, fmt, ap);
        va_end(ap);
    }
    return err;
}

/*--- parameters (spec §1) -------------------------------------------------------------------*/

sig_bloom_desc_t sig_bloom_desc_default(void) {
    sig_bloom_desc_t d;
    d.m = 4096u;
    d.k = 6u;
    d.org = SIG_BLOOM_ORG_TRUE;
    d.hash = SIG_BLOOM_HASH_H3;
    d.gran = 128u;
    d.addr_width = 32u;
    d.chunk_width = 64u;
    d.threshold = 4096u / 8u;
    d.h3_seed = 0x9E3779B9u;
    return d;
}

int sig_bloom_check_desc(const sig_bloom_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_NULL, "sig_bloom: desc is NULL");
    }
    if (!gpucoh_is_pow2(d->m) || d->m < SIG_BLOOM_MIN_BITS || d->m > SIG_BLOOM_MAX_BITS) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_M,
                    "sig_bloom: m = %u is illegal (SigBits: a power of two in %u..%u)",
                    (unsigned)d->m, (unsigned)SIG_BLOOM_MIN_BITS, (unsigned)SIG_BLOOM_MAX_BITS);
    }
    if (d->k < 1u || d->k > SIG_BLOOM_MAX_HASHES) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_K,
                    "sig_bloom: k = %u is illegal (NumHashes: 1..%u)", (unsigned)d->k,
                    (unsigned)SIG_BLOOM_MAX_HASHES);
    }
    if ((unsigned)d->org != (unsigned)SIG_BLOOM_ORG_TRUE &&
        (unsigned)d->org != (unsigned)SIG_BLOOM_ORG_PARALLEL) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_ORG,
                    "sig_bloom: org = %u is illegal (Parallel: 0 = true or 1 = parallel)",
                    (unsigned)d->org);
    }
    if ((unsigned)d->hash != (unsigned)SIG_BLOOM_HASH_H3 &&
        (unsigned)d->hash != (unsigned)SIG_BLOOM_HASH_BITSEL) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_HASH,
                    "sig_bloom: hash = %u is illegal (HashKind: 0 = h3 or 1 = bitsel)",
                    (unsigned)d->hash);
    }
    if (d->gran != 1u && d->gran != 4u && d->gran != 128u && d->gran != 512u) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_GRAN,
                    "sig_bloom: gran = %u is illegal (GranBytes: 1, 4, 128 or 512)",
                    (unsigned)d->gran);
    }
    if (d->addr_width < SIG_BLOOM_MIN_ADDR_BITS || d->addr_width > SIG_BLOOM_MAX_ADDR_BITS) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_ADDR_WIDTH,
                    "sig_bloom: addr_width = %u is illegal (AddrWidth: %u..%u)",
                    (unsigned)d->addr_width, (unsigned)SIG_BLOOM_MIN_ADDR_BITS,
                    (unsigned)SIG_BLOOM_MAX_ADDR_BITS);
    }
    if (!gpucoh_is_pow2(d->chunk_width) || d->chunk_width < SIG_BLOOM_MIN_CHUNK_BITS ||
        d->chunk_width > SIG_BLOOM_MAX_CHUNK_BITS) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_CHUNK_WIDTH,
                    "sig_bloom: chunk_width = %u is illegal (ChunkWidth: a power of two in %u..%u)",
                    (unsigned)d->chunk_width, (unsigned)SIG_BLOOM_MIN_CHUNK_BITS,
                    (unsigned)SIG_BLOOM_MAX_CHUNK_BITS);
    }
    if (d->chunk_width > d->m) { /* P2 */
        return fail(
            msg, msg_len, SIG_BLOOM_ERR_CHUNK_WIDTH,
            "sig_bloom: chunk_width = %u is illegal at m = %u (P2: ChunkWidth <= m, a power "
            "of two in %u..%u)",
            (unsigned)d->chunk_width, (unsigned)d->m, (unsigned)SIG_BLOOM_MIN_CHUNK_BITS,
            (unsigned)d->m);
    }
    {
        const uint32_t cmax = 2u * d->m - 1u;           /* 2^CW - 1 with CW = log2(m) + 1 */
        if (d->threshold < 1u || d->threshold > cmax) { /* P3 */
            return fail(msg, msg_len, SIG_BLOOM_ERR_THRESHOLD,
                        "sig_bloom: threshold = %u is illegal at m = %u (P3: Threshold in 1..%u "
                        "= 2^CW - 1)",
                        (unsigned)d->threshold, (unsigned)d->m, (unsigned)cmax);
        }
    }
    if (d->h3_seed == 0u) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_SEED,
                    "sig_bloom: h3_seed = %u is illegal (H3Seed: 1..0xFFFFFFFF)",
                    (unsigned)d->h3_seed);
    }
    if (d->org == SIG_BLOOM_ORG_PARALLEL &&
        (d->m % d->k != 0u || !gpucoh_is_pow2(d->m / d->k))) { /* P1 */
        return fail(msg, msg_len, SIG_BLOOM_ERR_PARALLEL,
                    "sig_bloom: k = %u is illegal with org = parallel at m = %u (P1: m / k must be "
                    "a power of two, k in {1, 2, 4, 8})",
                    (unsigned)d->k, (unsigned)d->m);
    }
    return SIG_BLOOM_OK;
}

/*--- init / reset ---------------------------------------------------------------------------*/

uint32_t sig_bloom_xorshift32(uint32_t x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

int sig_bloom_init(sig_bloom_t* s, const sig_bloom_desc_t* d, char* msg, size_t msg_len) {
    if (s == NULL) {
        return fail(msg, msg_len, SIG_BLOOM_ERR_NULL, "sig_bloom: s (the model state) is NULL");
    }
    memset(s, 0, sizeof *s);
    const int err = sig_bloom_check_desc(d, msg, msg_len);
    if (err != SIG_BLOOM_OK) {
        return err; /* s stays zeroed */
    }
    s->desc = *d;

    /* derived values (spec §1) */
    s->lg = gpucoh_log2_floor(d->gran);
    s->kw = d->addr_width - s->lg;
    s->bank = (d->org == SIG_BLOOM_ORG_PARALLEL) ? d->m / d->k : d->m;
    s->iw = gpucoh_log2_floor(s->bank);
    s->nc = d->m / d->chunk_width;
    s->ciw = s->nc > 1u ? gpucoh_log2_floor(s->nc) : 1u;
    s->cw = gpucoh_log2_floor(d->m) + 1u;
    s->cmax = (1u << s->cw) - 1u;
    s->words = d->m / 32u;
    s->chunk_words = (d->chunk_width + 31u) / 32u;
    SIG_BLOOM_ASSERT(s->kw >= 7u && s->kw <= 64u);
    SIG_BLOOM_ASSERT(s->iw >= 5u && s->iw <= 14u);
    SIG_BLOOM_ASSERT(s->cmax == 2u * d->m - 1u);

    /* H3 matrix (spec §4.2): Q[i][j] = x_{64 i + j + 1} mod 2^IW with x_0 = seed; rows i >= k
     * are not generated and stay 0. */
    uint32_t x = d->h3_seed;
    const uint32_t qmask = (1u << s->iw) - 1u;
    for (uint32_t i = 0; i < d->k; i++) {
        for (uint32_t j = 0; j < SIG_BLOOM_H3_STRIDE; j++) {
            x = sig_bloom_xorshift32(x);
            s->h3[i][j] = (uint16_t)(x & qmask);
        }
    }
    /* byte-at-a-time tables of the same matrix (see h3tab in the header) */
    for (uint32_t p = 0; p < SIG_BLOOM_MAX_ADDR_BITS / 8u; p++) {
        for (uint32_t v = 0; v < 256u; v++) {
            for (uint32_t i = 0; i < SIG_BLOOM_MAX_HASHES; i++) {
                uint16_t h = 0;
                for (uint32_t b = 0; b < 8u; b++) {
                    if ((v >> b) & 1u) {
                        h ^= s->h3[i][8u * p + b];
                    }
                }
                s->h3tab[p][v][i] = h;
            }
        }
    }

    sig_bloom_reset(s);
    if (msg != NULL && msg_len > 0u) {
        msg[0] = '\0';
    }
    return SIG_BLOOM_OK;
}

void sig_bloom_reset(sig_bloom_t* s) {
    SIG_BLOOM_ASSERT(s != NULL);
    /* words >= m/32 are always 0, so clearing m/32 words clears the whole vector */
    memset(s->st.bits, 0, (size_t)s->words * sizeof s->st.bits[0]);
    s->st.count = 0;
    memset(&s->out, 0, sizeof s->out);
    s->fc_op = SIG_BLOOM_OP_NOP;
    s->fc_ones = 0;
}

/*--- hashing (spec §4) ----------------------------------------------------------------------*/

/* key = addr[AW-1:LG]; address bits >= AW are masked off (§4.1). */
static inline uint64_t key_of(const sig_bloom_t* s, uint64_t addr) {
    return (addr >> s->lg) & gpucoh_mask64(s->kw);
}

/* H3 (§4.3): XOR of Q[i][j] over the set bits j of key; visits only the set bits. */
static inline uint32_t h3_hash(const uint16_t* q, uint64_t key) {
    uint32_t h = 0;
    while (key != 0u) {
        h ^= q[ctz64(key)];
        key &= key - 1u;
    }
    return h;
}

/* All eight H3 hashes at once, a key byte at a time through h3tab (rows i >= k are 0, so
 * h[i] = 0 there). The eight 16-bit lanes are XORed as two 64-bit words. */
static inline void h3_hash_all(const sig_bloom_t* s, uint64_t key,
                               uint32_t h[SIG_BLOOM_MAX_HASHES]) {
    uint64_t lo = 0, hi = 0;
    for (uint32_t p = 0; key != 0u; p++, key >>= 8) {
        const uint16_t* t = s->h3tab[p][key & 0xFFu];
        uint64_t a, b;
        memcpy(&a, t, sizeof a);
        memcpy(&b, t + 4, sizeof b);
        lo ^= a;
        hi ^= b;
    }
    uint16_t lanes[SIG_BLOOM_MAX_HASHES];
    memcpy(lanes, &lo, sizeof lo);
    memcpy(lanes + 4, &hi, sizeof hi);
    for (uint32_t i = 0; i < SIG_BLOOM_MAX_HASHES; i++) {
        h[i] = lanes[i];
    }
}

/* Bit-select (§4.4): bit b of h is key[(off + b) mod KW] with off = (i * IW) mod KW. Rotating the
 * KW-bit key right by off and repeating it every KW bits gives exactly that. */
static inline uint32_t bitsel_hash(const sig_bloom_t* s, uint32_t off, uint64_t key) {
    const uint32_t kw = s->kw;
    uint64_t r = key;
    if (off != 0u) {
        r = ((key >> off) | (key << (kw - off))) & gpucoh_mask64(kw);
    }
    uint64_t h = 0;
    for (uint32_t sh = 0; sh < s->iw; sh += kw) {
        h |= r << sh;
    }
    return (uint32_t)(h & gpucoh_mask64(s->iw));
}

/* next bit-select offset: (off + IW) mod KW, IW <= 14 and KW >= 7 */
static inline uint32_t next_off(const sig_bloom_t* s, uint32_t off) {
    off += s->iw;
    while (off >= s->kw) {
        off -= s->kw;
    }
    return off;
}

/* v_0 .. v_{k-1} of a key (§4.5): h_i (true) or i * B + h_i (parallel, bank i only).
 * Entries k..7 are unspecified (possibly unwritten) and must be ignored. */
static inline void indices_of(const sig_bloom_t* s, uint64_t key,
                              uint32_t v[SIG_BLOOM_MAX_HASHES]) {
    if (s->desc.hash == SIG_BLOOM_HASH_H3) {
        h3_hash_all(s, key, v);
    } else {
        uint32_t off = 0;
        for (uint32_t i = 0; i < s->desc.k; i++) {
            v[i] = bitsel_hash(s, off, key);
            off = next_off(s, off);
        }
    }
    if (s->desc.org == SIG_BLOOM_ORG_PARALLEL) {
        for (uint32_t i = 1; i < s->desc.k; i++) {
            v[i] += i * s->bank;
        }
    }
}

static inline bool bit_get(const sig_bloom_t* s, uint32_t v) {
    return ((s->st.bits[v >> 5] >> (v & 31u)) & 1u) != 0u;
}

/* AND_i bits[v_i] */
static inline bool all_set(const sig_bloom_t* s, const uint32_t v[SIG_BLOOM_MAX_HASHES]) {
    bool m = true;
    for (uint32_t i = 0; i < s->desc.k; i++) {
        m = m && bit_get(s, v[i]);
    }
    return m;
}

static inline bool indices_in_range(const sig_bloom_t* s, const uint32_t v[SIG_BLOOM_MAX_HASHES]) {
    for (uint32_t i = 0; i < s->desc.k; i++) {
        const uint32_t lo = (s->desc.org == SIG_BLOOM_ORG_PARALLEL) ? i * s->bank : 0u;
        if (v[i] < lo || v[i] >= lo + s->bank) {
            return false;
        }
    }
    return true;
}

uint32_t sig_bloom_hash(const sig_bloom_t* s, uint32_t i, uint64_t addr) {
    SIG_BLOOM_ASSERT(s != NULL && i < s->desc.k);
    if (i >= s->desc.k) {
        return 0;
    }
    const uint64_t key = key_of(s, addr);
    if (s->desc.hash == SIG_BLOOM_HASH_H3) {
        return h3_hash(s->h3[i], key);
    }
    return bitsel_hash(s, (uint32_t)(((uint64_t)i * s->iw) % s->kw), key);
}

void sig_bloom_indices(const sig_bloom_t* s, uint64_t addr, uint32_t v[SIG_BLOOM_MAX_HASHES]) {
    SIG_BLOOM_ASSERT(s != NULL && v != NULL);
    indices_of(s, key_of(s, addr), v);
    SIG_BLOOM_ASSERT(indices_in_range(s, v));
    for (uint32_t i = s->desc.k; i < SIG_BLOOM_MAX_HASHES; i++) {
        v[i] = 0;
    }
}

bool sig_bloom_member(const sig_bloom_t* s, uint64_t addr) {
    SIG_BLOOM_ASSERT(s != NULL);
    uint32_t v[SIG_BLOOM_MAX_HASHES];
    indices_of(s, key_of(s, addr), v);
    return all_set(s, v);
}

/*--- one rising edge (spec §5) --------------------------------------------------------------*/

static inline uint32_t region(const sig_bloom_t* s, uint32_t count) {
    if (count == 0u) {
        return REG_E;
    }
    if (count == s->cmax) {
        return REG_S;
    }
    return count < s->desc.threshold ? REG_P : REG_F;
}

#ifdef SIG_BLOOM_CHECK_RULES /* only the rules use it */
static inline bool chunk_out_zero(const sig_bloom_t* s) {
    uint32_t acc = 0;
    for (uint32_t w = 0; w < s->chunk_words; w++) {
        acc |= s->out.chunk_data[w];
    }
    return acc == 0u;
}
#endif

static void do_read(sig_bloom_t* s, uint32_t idx) {
    const uint32_t c = s->desc.chunk_width;
    if (c >= 32u) {
        memcpy(s->out.chunk_data, &s->st.bits[idx * s->chunk_words],
               (size_t)s->chunk_words * sizeof s->st.bits[0]);
    } else {
        const uint32_t pos = idx * c;
        s->out.chunk_data[0] = (s->st.bits[pos >> 5] >> (pos & 31u)) & ((1u << c) - 1u);
    }
}

static void do_load(sig_bloom_t* s, uint32_t idx, const uint32_t* data) {
    const uint32_t c = s->desc.chunk_width;
    if (c >= 32u) {
        memcpy(&s->st.bits[idx * s->chunk_words], data,
               (size_t)s->chunk_words * sizeof s->st.bits[0]);
    } else {
        /* chunk_data_i is C bits wide: input bits >= C do not exist on the port, ignore them */
        const uint32_t pos = idx * c;
        const uint32_t mask = ((1u << c) - 1u) << (pos & 31u);
        uint32_t* w = &s->st.bits[pos >> 5];
        *w = (*w & ~mask) | ((data[0] << (pos & 31u)) & mask);
    }
}

/* The output registers into *out: the scalars and the chunk's words (words past the chunk are
 * not part of this unit's outputs and are left as the caller has them). */
static inline void copy_out(const sig_bloom_t* s, sig_bloom_out_t* out) {
    const sig_bloom_out_t* o = &s->out;
    out->resp_valid = o->resp_valid;
    out->member = o->member;
    out->count = o->count;
    out->thresh = o->thresh;
    for (uint32_t w = 0; w < s->chunk_words; w++) {
        out->chunk_data[w] = o->chunk_data[w];
    }
}

/*--- cover points (spec §10) ----------------------------------------------------------------*/

/* Set bits of chunk idx. */
static uint32_t chunk_ones(const sig_bloom_t* s, uint32_t idx) {
    const uint32_t c = s->desc.chunk_width;
    if (c < 32u) {
        const uint32_t pos = idx * c;
        return sig_bloom_popcount32((s->st.bits[pos >> 5] >> (pos & 31u)) & ((1u << c) - 1u));
    }
    uint32_t n = 0;
    for (uint32_t w = 0; w < s->chunk_words; w++) {
        n += sig_bloom_popcount32(s->st.bits[idx * s->chunk_words + w]);
    }
    return n;
}

/* Count cover point f when c holds (no store otherwise: this runs every tick). */
#define FC(s, f, c)                                                                                \
    do {                                                                                           \
        if (c) {                                                                                   \
            (s)->fcov[f]++;                                                                        \
        }                                                                                          \
    } while (0)

/* INSERT: set the k bits of v; count its cover points on the way (a duplicate index finds its
 * bit set by the earlier one, so `fresh` counts distinct new bits). Two equal indices are found
 * through a 64-bit filter of the indices seen (index mod 64), compared exactly only on a hit:
 * this runs at every INSERT. */
static void insert_bits(sig_bloom_t* s, const uint32_t v[SIG_BLOOM_MAX_HASHES]) {
    uint32_t fresh = 0, coll = 0, lo = 0, hi = 0;
    uint64_t seen = 0;
    const uint32_t k = s->desc.k, top = s->desc.m - 1u;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t* w = &s->st.bits[v[i] >> 5];
        const uint32_t b = 1u << (v[i] & 31u);
        const uint64_t f = (uint64_t)1 << (v[i] & 63u);
        fresh += (*w & b) == 0u;
        *w |= b;
        if ((seen & f) != 0u) {
            for (uint32_t j = 0; j < i; j++) {
                coll |= v[j] == v[i];
            }
        }
        seen |= f;
    }
    /* bit 0 is filter bit 0 and bit m-1 filter bit 63 (m is a multiple of 64) */
    for (uint32_t i = 0; i < k && (seen & 1u) != 0u; i++) {
        lo |= v[i] == 0u;
    }
    for (uint32_t i = 0; i < k && (seen >> 63) != 0u; i++) {
        hi |= v[i] == top;
    }
    FC(s, SIG_BLOOM_F_INSERT_DUP, fresh == 0u);
    FC(s, SIG_BLOOM_F_HASH_COLLIDE, coll);
    FC(s, SIG_BLOOM_F_SET_BIT0, lo);
    FC(s, SIG_BLOOM_F_SET_BITTOP, hi);
    s->fc_ones += fresh;
}

/* READ / LOAD of chunk idx: the chunk-end points and the back-to-back READ after a LOAD. */
static void fcov_chunk(sig_bloom_t* s, uint32_t op, uint32_t idx) {
    FC(s, SIG_BLOOM_F_READ_FIRST, op == SIG_BLOOM_OP_READ && idx == 0u);
    FC(s, SIG_BLOOM_F_READ_LAST, op == SIG_BLOOM_OP_READ && idx + 1u == s->nc);
    FC(s, SIG_BLOOM_F_READ_AFTER_LOAD,
       op == SIG_BLOOM_OP_READ && s->fc_op == SIG_BLOOM_OP_LOAD && idx == s->fc_chunk);
    FC(s, SIG_BLOOM_F_LOAD_LAST, op == SIG_BLOOM_OP_LOAD && idx + 1u == s->nc);
}

/* The chunk a READ / LOAD names (R6, D9): the port has CIW bits and the select uses the low
 * log2(NC) of them, so an index >= NC (only at C = m) names chunk idx mod NC; counted. */
static uint32_t chunk_of(sig_bloom_t* s, uint32_t op, uint32_t chunk_idx) {
    const uint32_t idx = chunk_idx & ((1u << s->ciw) - 1u);
    if (idx >= s->nc) {
        s->illegal_idx++;
        FC(s, SIG_BLOOM_F_ILL_READ_IDX, op == SIG_BLOOM_OP_READ);
        FC(s, SIG_BLOOM_F_ILL_LOAD_IDX, op == SIG_BLOOM_OP_LOAD);
    }
    return idx & (s->nc - 1u);
}

void sig_bloom_tick(sig_bloom_t* s, const sig_bloom_in_t* in, sig_bloom_out_t* out) {
    SIG_BLOOM_ASSERT(s != NULL && in != NULL);
    sig_bloom_out_t* o = &s->out;
    const uint32_t op = in->op;

    if (!in->rst_n) {
        /* synchronous reset has priority over op_i (§5, timing.md §2) */
        s->cov[SIG_BLOOM_T_RESET]++;
        FC(s, SIG_BLOOM_F_RESET_PENDING, s->out.resp_valid);
        sig_bloom_reset(s);
    } else {
        const uint32_t ones_before = s->fc_ones;
        const uint32_t count = s->st.count;
        const uint32_t reg = region(s, count);
        sig_bloom_trans_t t;

        /* output registers default to 0 (R4, R5); chunk_data can only be non-zero after a READ,
         * which also set resp_valid, so it is cleared only then */
        if (o->resp_valid) {
            for (uint32_t w = 0; w < s->chunk_words; w++) {
                o->chunk_data[w] = 0;
            }
        }
        o->resp_valid = false;
        o->member = false;

        switch (op) {
        case SIG_BLOOM_OP_INSERT: {
            uint32_t v[SIG_BLOOM_MAX_HASHES];
            s->fc_key = key_of(s, in->addr);
            indices_of(s, s->fc_key, v);
            SIG_BLOOM_RULE(indices_in_range(s, v));
            insert_bits(s, v);
            SIG_BLOOM_RULE(all_set(s, v)); /* R1: the key just inserted is a member */
            if (count < s->cmax) {
                s->st.count = count + 1u;
            }
            switch (reg) {
            case REG_E:
                t = SIG_BLOOM_T_E_INSERT;
                break;
            case REG_P:
                t = (count + 1u < s->desc.threshold) ? SIG_BLOOM_T_P_INSERT_STAY
                                                     : SIG_BLOOM_T_P_INSERT_THRESH;
                break;
            case REG_F:
                t = (count + 1u < s->cmax) ? SIG_BLOOM_T_F_INSERT_STAY : SIG_BLOOM_T_F_INSERT_SAT;
                break;
            default:
                t = SIG_BLOOM_T_S_INSERT;
                break;
            }
            break;
        }
        case SIG_BLOOM_OP_TEST: {
            uint32_t v[SIG_BLOOM_MAX_HASHES];
            const uint64_t key = key_of(s, in->addr);
            FC(s, SIG_BLOOM_F_TEST_AFTER_INS, s->fc_op == SIG_BLOOM_OP_INSERT && key == s->fc_key);
            indices_of(s, key, v);
            SIG_BLOOM_RULE(indices_in_range(s, v));
            o->resp_valid = true;
            o->member = all_set(s, v);
            t = (sig_bloom_trans_t)((uint32_t)SIG_BLOOM_T_E_TEST_MISS + 2u * reg +
                                    (o->member ? 1u : 0u));
            break;
        }
        case SIG_BLOOM_OP_CLEAR:
            memset(s->st.bits, 0, (size_t)s->words * sizeof s->st.bits[0]);
            s->st.count = 0;
            s->fc_ones = 0;
            t = (sig_bloom_trans_t)((uint32_t)SIG_BLOOM_T_E_CLEAR + reg);
            break;
        case SIG_BLOOM_OP_READ: {
            const uint32_t idx = chunk_of(s, op, in->chunk_idx);
            o->resp_valid = true;
            fcov_chunk(s, op, idx);
            do_read(s, idx);
            t = (sig_bloom_trans_t)((uint32_t)SIG_BLOOM_T_E_READ + reg);
            break;
        }
        case SIG_BLOOM_OP_LOAD: {
            const uint32_t idx = chunk_of(s, op, in->chunk_idx);
            fcov_chunk(s, op, idx);
            s->fc_chunk = idx;
            s->fc_ones -= chunk_ones(s, idx);
            do_load(s, idx, in->chunk_data);
            s->fc_ones += chunk_ones(s, idx);
            t = (sig_bloom_trans_t)((uint32_t)SIG_BLOOM_T_E_LOAD + reg);
            break;
        }
        case SIG_BLOOM_OP_NOP:
            t = SIG_BLOOM_T_NOP;
            break;
        default:
            /* R7: reserved ops 6 and 7 behave exactly as NOP and are counted. op_i is 3 bits wide,
             * so a larger value is a testbench bug. */
            SIG_BLOOM_ASSERT(op <= 7u);
            s->illegal_ops++;
            FC(s, SIG_BLOOM_F_ILL_OP6, op == 6u);
            FC(s, SIG_BLOOM_F_ILL_OP7, op == 7u);
            t = SIG_BLOOM_T_NOP;
            break;
        }
        s->cov[t]++;
        SIG_BLOOM_RULE(sig_bloom_trans_reachable(s, t));
        /* R2: count only decreases by CLEAR (reset handled above), never exceeds CMAX */
        SIG_BLOOM_ASSERT(s->st.count <= s->cmax);
        SIG_BLOOM_ASSERT(op == SIG_BLOOM_OP_CLEAR || s->st.count >= count);
        /* R4, R5 */
        SIG_BLOOM_ASSERT(o->resp_valid == (op == SIG_BLOOM_OP_TEST || op == SIG_BLOOM_OP_READ));
        SIG_BLOOM_ASSERT(op == SIG_BLOOM_OP_TEST || !o->member);
        SIG_BLOOM_RULE(op == SIG_BLOOM_OP_READ || chunk_out_zero(s));
        FC(s, SIG_BLOOM_F_FULL, s->fc_ones == s->desc.m && ones_before != s->desc.m);
        s->fc_op = op;
    }

    o->count = s->st.count;
    o->thresh = s->st.count >= s->desc.threshold;
    SIG_BLOOM_ASSERT(o->thresh == (o->count >= s->desc.threshold)); /* R3 */
    if (out != NULL) {
        copy_out(s, out);
    }
}

/*--- coverage (spec §7) ---------------------------------------------------------------------*/

static const char* const trans_names[SIG_BLOOM_T_COUNT] = {
    "reset",        "E.insert",    "P.insert.stay", "P.insert.thresh", "F.insert.stay",
    "F.insert.sat", "S.insert",    "E.test.miss",   "E.test.hit",      "P.test.miss",
    "P.test.hit",   "F.test.miss", "F.test.hit",    "S.test.miss",     "S.test.hit",
    "E.clear",      "P.clear",     "F.clear",       "S.clear",         "E.read",
    "P.read",       "F.read",      "S.read",        "E.load",          "P.load",
    "F.load",       "S.load",      "nop",
};

const char* sig_bloom_trans_name(sig_bloom_trans_t t) {
    if ((unsigned)t >= (unsigned)SIG_BLOOM_T_COUNT) {
        return "?";
    }
    return trans_names[t];
}

bool sig_bloom_trans_reachable(const sig_bloom_t* s, sig_bloom_trans_t t) {
    SIG_BLOOM_ASSERT(s != NULL);
    const uint32_t th = s->desc.threshold;
    const uint32_t cmax = s->cmax;
    switch (t) {
    case SIG_BLOOM_T_P_INSERT_STAY:
        return th >= 3u;
    case SIG_BLOOM_T_P_INSERT_THRESH:
    case SIG_BLOOM_T_P_TEST_MISS:
    case SIG_BLOOM_T_P_TEST_HIT:
    case SIG_BLOOM_T_P_CLEAR:
    case SIG_BLOOM_T_P_READ:
    case SIG_BLOOM_T_P_LOAD:
        return th >= 2u;
    case SIG_BLOOM_T_F_INSERT_STAY:
        return th + 2u <= cmax;
    case SIG_BLOOM_T_F_INSERT_SAT:
    case SIG_BLOOM_T_F_TEST_MISS:
    case SIG_BLOOM_T_F_TEST_HIT:
    case SIG_BLOOM_T_F_CLEAR:
    case SIG_BLOOM_T_F_READ:
    case SIG_BLOOM_T_F_LOAD:
        return th + 1u <= cmax;
    default:
        return (unsigned)t < (unsigned)SIG_BLOOM_T_COUNT;
    }
}

void sig_bloom_cov_tally(const uint64_t* cov, uint32_t rows, sig_bloom_reach_fn reach,
                         const void* model, uint32_t* covered, uint32_t* reachable) {
    uint32_t c = 0;
    uint32_t r = 0;
    for (uint32_t t = 0; t < rows; t++) {
        if (reach(model, t)) {
            r++;
            if (cov[t] != 0u) {
                c++;
            }
        }
    }
    if (covered != NULL) {
        *covered = c;
    }
    if (reachable != NULL) {
        *reachable = r;
    }
}

static bool sb_reach(const void* model, uint32_t row) {
    return sig_bloom_trans_reachable(model, (sig_bloom_trans_t)row);
}

void sig_bloom_coverage(const sig_bloom_t* s, uint32_t* covered, uint32_t* reachable) {
    SIG_BLOOM_ASSERT(s != NULL);
    sig_bloom_cov_tally(s->cov, SIG_BLOOM_T_COUNT, sb_reach, s, covered, reachable);
}

const char* sig_bloom_strerror(int err) {
    switch (err) {
    case SIG_BLOOM_OK:
        return "ok";
    case SIG_BLOOM_ERR_M:
        return "m is not a power of two in 256..16384";
    case SIG_BLOOM_ERR_K:
        return "k is not in 1..8";
    case SIG_BLOOM_ERR_ORG:
        return "org is not true (0) or parallel (1)";
    case SIG_BLOOM_ERR_HASH:
        return "hash is not h3 (0) or bitsel (1)";
    case SIG_BLOOM_ERR_GRAN:
        return "gran is not 1, 4, 128 or 512";
    case SIG_BLOOM_ERR_ADDR_WIDTH:
        return "addr_width is not in 16..64";
    case SIG_BLOOM_ERR_CHUNK_WIDTH:
        return "chunk_width is not a power of two in 8..512, or exceeds m (P2)";
    case SIG_BLOOM_ERR_THRESHOLD:
        return "threshold is not in 1..2^CW - 1 (P3)";
    case SIG_BLOOM_ERR_SEED:
        return "h3_seed is 0";
    case SIG_BLOOM_ERR_PARALLEL:
        return "org = parallel needs m / k to be a power of two (P1)";
    case SIG_BLOOM_ERR_NULL:
        return "a NULL pointer argument";
    default:
        return "unknown sig_bloom error";
    }
}

/*--- cover points (spec §10) ----------------------------------------------------------------*/

static const char* const fcov_names[SIG_BLOOM_F_N] = {
    "insert of a member (no new bit)",
    "two hashes of one key on the same bit",
    "insert sets vector bit 0",
    "insert sets vector bit m-1",
    "read of chunk 0",
    "read of the last chunk",
    "load of the last chunk",
    "test of the key inserted the edge before",
    "read of the chunk loaded the edge before",
    "every vector bit set",
    "reset with a response on the outputs",
    "illegal: reserved op 6",
    "illegal: reserved op 7",
    "illegal: read of chunk index >= NC",
    "illegal: load of chunk index >= NC",
};

const char* sig_bloom_fcov_name(sig_bloom_fcov_t f) {
    return (unsigned)f < (unsigned)SIG_BLOOM_F_N ? fcov_names[f] : "?";
}

/* Bit-select: bit b of h_i is key[(i*IW + b) mod KW]; a key exists unless two bits of h that
 * read the same key bit (KW < IW) differ. */
static bool bitsel_key(const sig_bloom_t* s, uint32_t i, uint32_t h, uint64_t* key) {
    uint64_t k = 0, set = 0;
    for (uint32_t b = 0; b < s->iw; b++) {
        const uint32_t pos = (uint32_t)(((uint64_t)i * s->iw + b) % s->kw);
        const uint64_t bit = (uint64_t)((h >> b) & 1u) << pos;
        if (((set >> pos) & 1u) != 0u && (k & ((uint64_t)1 << pos)) != bit) {
            return false;
        }
        k |= bit;
        set |= (uint64_t)1 << pos;
    }
    *key = k;
    return true;
}

/* H3: key bits x_j with XOR_j x_j Q[i][j] = h, by elimination over GF(2): vec[b] is the basis
 * vector whose top bit is b (0 = none yet), comb[b] the set of rows that XOR to it. */
static bool h3_key(const sig_bloom_t* s, uint32_t i, uint32_t h, uint64_t* key) {
    uint32_t vec[16] = {0};
    uint64_t comb[16] = {0};
    for (uint32_t j = 0; j < s->kw && j < SIG_BLOOM_H3_STRIDE; j++) {
        uint32_t v = s->h3[i][j];
        uint64_t c = (uint64_t)1 << j;
        for (uint32_t b = s->iw; b-- > 0 && v != 0u;) {
            if (((v >> b) & 1u) == 0u) {
                continue;
            }
            if (vec[b] == 0u) {
                vec[b] = v;
                comb[b] = c;
                break;
            }
            v ^= vec[b];
            c ^= comb[b];
        }
    }
    uint64_t k = 0;
    for (uint32_t b = s->iw; b-- > 0;) {
        if (((h >> b) & 1u) != 0u && vec[b] != 0u) {
            h ^= vec[b];
            k ^= comb[b];
        }
    }
    *key = k;
    return h == 0u;
}

bool sig_bloom_addr_for_hash(const sig_bloom_t* s, uint32_t i, uint32_t h, uint64_t* addr) {
    uint64_t key = 0;
    if (i >= s->desc.k || h >= s->bank) {
        return false;
    }
    const bool ok =
        s->desc.hash == SIG_BLOOM_HASH_H3 ? h3_key(s, i, h, &key) : bitsel_key(s, i, h, &key);
    *addr = (key & gpucoh_mask64(s->kw)) << s->lg;
    return ok && sig_bloom_hash(s, i, *addr) == h;
}

bool sig_bloom_fcov_reachable(const sig_bloom_t* s, sig_bloom_fcov_t f) {
    uint64_t a;
    switch (f) {
    case SIG_BLOOM_F_HASH_COLLIDE: /* key 0 puts every hash on 0; banks keep them apart */
        return s->desc.org == SIG_BLOOM_ORG_TRUE && s->desc.k >= 2u;
    case SIG_BLOOM_F_SET_BITTOP: /* hash k-1 (parallel) or any hash (true) = B-1 */
        for (uint32_t i = s->desc.org == SIG_BLOOM_ORG_PARALLEL ? s->desc.k - 1u : 0u;
             i < s->desc.k; i++) {
            if (sig_bloom_addr_for_hash(s, i, s->bank - 1u, &a)) {
                return true;
            }
        }
        return false;
    case SIG_BLOOM_F_ILL_READ_IDX: /* the CIW-bit port names only chunks unless NC = 1 */
    case SIG_BLOOM_F_ILL_LOAD_IDX:
        return s->nc == 1u;
    default:
        return (unsigned)f < (unsigned)SIG_BLOOM_F_N;
    }
}
