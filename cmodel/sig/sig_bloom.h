/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sig_bloom.h -- C reference model of the Bloom-filter signature unit.
 *
 * Specification: docs/units/sig/sig_bloom.md (parameters, ports, hashing, numbered rules R1..R8,
 * transitions T01..T28). Timing contract: docs/timing.md. One sig_bloom_tick() call is one rising
 * clock edge; the outputs written are those of the following cycle.
 *
 *             +--------------------+
 *   clk_i --->|                    |---> resp_valid_o
 *  rst_ni --->|     sig_bloom      |---> member_o
 *    op_i ===>|                    |===> chunk_data_o [C]
 *  addr_i ===>|  bits[m], count    |===> count_o [CW]
 * chunk_idx_i>|                    |---> thresh_o
 * chunk_data_i>                    |
 *             +--------------------+
 *
 * Usage (caller owns all memory; no malloc anywhere):
 *
 *   sig_bloom_desc_t d = sig_bloom_desc_default();
 *   d.m = 1024;
 *   sig_bloom_t s;
 *   char why[160];
 *   if (sig_bloom_init(&s, &d, why, sizeof why) != SIG_BLOOM_OK) { puts(why); ... }
 *   sig_bloom_in_t in = {.rst_n = true, .op = SIG_BLOOM_OP_INSERT, .addr = 0x1000};
 *   sig_bloom_out_t out;
 *   sig_bloom_tick(&s, &in, &out);
 */
#ifndef GPUCOH_SIG_BLOOM_H
#define GPUCOH_SIG_BLOOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef SIG_BLOOM_ASSERT
#include <assert.h>
#define SIG_BLOOM_ASSERT(c) assert(c)
#endif
/* The per-tick re-checks of rules R1, R4/R5 and of the transition table cost O(k) each; they
 * run where SIG_BLOOM_CHECK_RULES is defined (every unit-test and sanitizer build) and are left
 * out of the gpucoh tool, whose lockstep compare checks the same rules against the RTL, which
 * asserts them too. Cheap invariants use SIG_BLOOM_ASSERT and always run (unless NDEBUG). */
#ifndef SIG_BLOOM_RULE
#ifdef SIG_BLOOM_CHECK_RULES
#define SIG_BLOOM_RULE(c) SIG_BLOOM_ASSERT(c)
#else
#define SIG_BLOOM_RULE(c) ((void)0)
#endif
#endif

#define SIG_BLOOM_MIN_BITS        256u
#define SIG_BLOOM_MAX_BITS        16384u
#define SIG_BLOOM_MAX_WORDS       (SIG_BLOOM_MAX_BITS / 32u)
#define SIG_BLOOM_MAX_HASHES      8u
#define SIG_BLOOM_MIN_ADDR_BITS   16u
#define SIG_BLOOM_MAX_ADDR_BITS   64u
#define SIG_BLOOM_MIN_CHUNK_BITS  8u
#define SIG_BLOOM_MAX_CHUNK_BITS  512u
#define SIG_BLOOM_MAX_CHUNK_WORDS (SIG_BLOOM_MAX_CHUNK_BITS / 32u)
#define SIG_BLOOM_H3_STRIDE       64u /* rows generated per hash, independent of AW and G */

/* op_i encoding (spec §2). 6 and 7 are reserved and behave as NOP (R7). */
typedef enum {
    SIG_BLOOM_OP_NOP = 0,
    SIG_BLOOM_OP_INSERT = 1,
    SIG_BLOOM_OP_TEST = 2,
    SIG_BLOOM_OP_CLEAR = 3,
    SIG_BLOOM_OP_READ = 4,
    SIG_BLOOM_OP_LOAD = 5,
} sig_bloom_op_t;

typedef enum { SIG_BLOOM_ORG_TRUE = 0, SIG_BLOOM_ORG_PARALLEL = 1 } sig_bloom_org_t;
typedef enum { SIG_BLOOM_HASH_H3 = 0, SIG_BLOOM_HASH_BITSEL = 1 } sig_bloom_hash_t;

/* Error codes of sig_bloom_init() / sig_bloom_check_desc(); 0 is success. */
typedef enum {
    SIG_BLOOM_OK = 0,
    SIG_BLOOM_ERR_M,           /* m not a power of two in 256..16384 */
    SIG_BLOOM_ERR_K,           /* k not in 1..8 */
    SIG_BLOOM_ERR_ORG,         /* org not true/parallel */
    SIG_BLOOM_ERR_HASH,        /* hash not h3/bitsel */
    SIG_BLOOM_ERR_GRAN,        /* gran not 1, 4, 128 or 512 */
    SIG_BLOOM_ERR_ADDR_WIDTH,  /* addr_width not in 16..64 */
    SIG_BLOOM_ERR_CHUNK_WIDTH, /* chunk_width not a power of two in 8..512, or > m (P2) */
    SIG_BLOOM_ERR_THRESHOLD,   /* threshold not in 1..CMAX (P3) */
    SIG_BLOOM_ERR_SEED,        /* h3_seed == 0 */
    SIG_BLOOM_ERR_PARALLEL,    /* parallel with m/k not an integer power of two (P1) */
    SIG_BLOOM_ERR_NULL,        /* a NULL pointer argument */
} sig_bloom_err_t;

/* Parameters (spec §1). Every field must be set; nothing is defaulted from zero. */
typedef struct {
    uint32_t m;            /* SigBits */
    uint32_t k;            /* NumHashes */
    sig_bloom_org_t org;   /* Parallel */
    sig_bloom_hash_t hash; /* HashKind */
    uint32_t gran;         /* GranBytes */
    uint32_t addr_width;   /* AddrWidth */
    uint32_t chunk_width;  /* ChunkWidth */
    uint32_t threshold;    /* Threshold */
    uint32_t h3_seed;      /* H3Seed */
} sig_bloom_desc_t;

/* Inputs sampled at one rising edge. Field names follow the RTL ports without the _i suffix. */
typedef struct {
    bool rst_n;         /* rst_ni: false = synchronous reset on this edge */
    uint8_t op;         /* op_i (sig_bloom_op_t or a reserved value 6..7) */
    uint64_t addr;      /* addr_i, bits >= addr_width must be 0 */
    uint32_t chunk_idx; /* chunk_idx_i; bits >= CIW are not on the port (ignored); an index >= NC
                           selects chunk chunk_idx mod NC (R6) */
    uint32_t chunk_data[SIG_BLOOM_MAX_CHUNK_WORDS]; /* chunk_data_i, word w = bits 32w+31..32w */
} sig_bloom_in_t;

/* Outputs of the cycle after the edge (all registered). sig_bloom_tick() writes the words of
 * chunk_data that the chunk has (ceil(C/32)) and leaves the rest as the caller has them. */
typedef struct {
    bool resp_valid;
    bool member;
    uint32_t chunk_data[SIG_BLOOM_MAX_CHUNK_WORDS]; /* bits >= chunk_width are 0 */
    uint32_t count;
    bool thresh;
} sig_bloom_out_t;

/* Architectural state compared against the RTL (spec §3). Words >= m/32 are always 0. */
typedef struct {
    uint32_t bits[SIG_BLOOM_MAX_WORDS]; /* vector bit v = bit v%32 of word v/32 (RTL bits_q) */
    uint32_t count;                     /* RTL count_q */
} sig_bloom_state_t;

/* Transition rows of spec §7. */
typedef enum {
    SIG_BLOOM_T_RESET = 0,
    SIG_BLOOM_T_E_INSERT,
    SIG_BLOOM_T_P_INSERT_STAY,
    SIG_BLOOM_T_P_INSERT_THRESH,
    SIG_BLOOM_T_F_INSERT_STAY,
    SIG_BLOOM_T_F_INSERT_SAT,
    SIG_BLOOM_T_S_INSERT,
    SIG_BLOOM_T_E_TEST_MISS,
    SIG_BLOOM_T_E_TEST_HIT,
    SIG_BLOOM_T_P_TEST_MISS,
    SIG_BLOOM_T_P_TEST_HIT,
    SIG_BLOOM_T_F_TEST_MISS,
    SIG_BLOOM_T_F_TEST_HIT,
    SIG_BLOOM_T_S_TEST_MISS,
    SIG_BLOOM_T_S_TEST_HIT,
    SIG_BLOOM_T_E_CLEAR,
    SIG_BLOOM_T_P_CLEAR,
    SIG_BLOOM_T_F_CLEAR,
    SIG_BLOOM_T_S_CLEAR,
    SIG_BLOOM_T_E_READ,
    SIG_BLOOM_T_P_READ,
    SIG_BLOOM_T_F_READ,
    SIG_BLOOM_T_S_READ,
    SIG_BLOOM_T_E_LOAD,
    SIG_BLOOM_T_P_LOAD,
    SIG_BLOOM_T_F_LOAD,
    SIG_BLOOM_T_S_LOAD,
    SIG_BLOOM_T_NOP,
    SIG_BLOOM_T_COUNT /* number of rows: 28 */
} sig_bloom_trans_t;

/* Functional cover points (spec §10; printed F01.. in this order). */
typedef enum sig_bloom_fcov {
    SIG_BLOOM_F_INSERT_DUP = 0,  /* insert of a key already a member: no new bit */
    SIG_BLOOM_F_HASH_COLLIDE,    /* two hashes of one key select the same bit */
    SIG_BLOOM_F_SET_BIT0,        /* an insert sets vector bit 0 */
    SIG_BLOOM_F_SET_BITTOP,      /* an insert sets vector bit m-1 */
    SIG_BLOOM_F_READ_FIRST,      /* read of chunk 0 */
    SIG_BLOOM_F_READ_LAST,       /* read of chunk NC-1 */
    SIG_BLOOM_F_LOAD_LAST,       /* load of chunk NC-1 */
    SIG_BLOOM_F_TEST_AFTER_INS,  /* test of the key inserted at the previous edge */
    SIG_BLOOM_F_READ_AFTER_LOAD, /* read of the chunk loaded at the previous edge */
    SIG_BLOOM_F_FULL,            /* every vector bit set */
    SIG_BLOOM_F_RESET_PENDING,   /* reset while a response is on the outputs */
    SIG_BLOOM_F_ILL_OP6,         /* illegal: reserved op 6 (R7) */
    SIG_BLOOM_F_ILL_OP7,         /* illegal: reserved op 7 (R7) */
    SIG_BLOOM_F_ILL_READ_IDX,    /* illegal: READ of chunk index >= NC (R6, C = m only) */
    SIG_BLOOM_F_ILL_LOAD_IDX,    /* illegal: LOAD of chunk index >= NC (R6, C = m only) */
    SIG_BLOOM_F_N
} sig_bloom_fcov_t;

typedef struct {
    sig_bloom_desc_t desc;
    /* derived (spec §1) */
    uint32_t lg, kw, bank, iw, nc, ciw, cw, cmax, words, chunk_words;
    uint16_t h3[SIG_BLOOM_MAX_HASHES][SIG_BLOOM_H3_STRIDE]; /* Q[i][j], low IW bits */
    /* H3 is linear (XOR over set key bits), so it is evaluated a key byte at a time:
     * h3tab[p][v][i] = XOR of Q[i][8p + b] over the set bits b of byte value v (32 KiB). */
    uint16_t h3tab[SIG_BLOOM_MAX_ADDR_BITS / 8u][256][SIG_BLOOM_MAX_HASHES];
    /* state */
    sig_bloom_state_t st;
    sig_bloom_out_t out; /* output registers */
    /* statistics, not architectural */
    uint64_t cov[SIG_BLOOM_T_COUNT];
    uint64_t illegal_ops;         /* R7: reserved ops 6, 7 */
    uint64_t illegal_idx;         /* R6: READ / LOAD of a chunk index >= NC */
    uint64_t fcov[SIG_BLOOM_F_N]; /* cover points (reset does not clear them) */
    /* cover-point bookkeeping (not architectural): the previous edge's op and its key / chunk,
     * and the number of set vector bits */
    uint32_t fc_op, fc_chunk, fc_ones;
    uint64_t fc_key;
} sig_bloom_t;

/* The paper defaults of spec §1 (m 4096, k 6, true, H3, G 128, AW 32, C 64, threshold m/8). */
sig_bloom_desc_t sig_bloom_desc_default(void);

/* Validate a parameter set. Returns SIG_BLOOM_OK or an error code; when msg is not NULL writes a
 * one-line message naming the parameter, its value and the legal range. */
int sig_bloom_check_desc(const sig_bloom_desc_t* d, char* msg, size_t msg_len);

/* Validate, derive, build the H3 matrix and reset. On error s is left zeroed. */
int sig_bloom_init(sig_bloom_t* s, const sig_bloom_desc_t* d, char* msg, size_t msg_len);

/* The state after a reset edge (bits, count, output registers 0). Coverage is not touched. */
void sig_bloom_reset(sig_bloom_t* s);

/* One rising edge. */
void sig_bloom_tick(sig_bloom_t* s, const sig_bloom_in_t* in, sig_bloom_out_t* out);

/* Helpers for tests and higher units (pure, do not change the state). */
uint32_t sig_bloom_xorshift32(uint32_t x);
uint32_t sig_bloom_hash(const sig_bloom_t* s, uint32_t i, uint64_t addr); /* h_i(key(addr)) */
void sig_bloom_indices(const sig_bloom_t* s, uint64_t addr, uint32_t v[SIG_BLOOM_MAX_HASHES]);
bool sig_bloom_member(const sig_bloom_t* s, uint64_t addr);

/* Coverage: name of row t ("E.insert", ...), whether it is reachable under s->desc (spec §7),
 * and the count of reachable rows covered / reachable. */
const char* sig_bloom_trans_name(sig_bloom_trans_t t);
bool sig_bloom_trans_reachable(const sig_bloom_t* s, sig_bloom_trans_t t);
void sig_bloom_coverage(const sig_bloom_t* s, uint32_t* covered, uint32_t* reachable);

const char* sig_bloom_strerror(int err);

/* Cover point f: short text, and whether it is reachable under s->desc (spec §10). */
const char* sig_bloom_fcov_name(sig_bloom_fcov_t f);
bool sig_bloom_fcov_reachable(const sig_bloom_t* s, sig_bloom_fcov_t f);
/* A key (address bits [KW+LG-1 : LG], as an address) whose hash i is h, if there is one:
 * H3 by elimination over GF(2) on the rows of hash i, bit-select by its bit pattern. */
bool sig_bloom_addr_for_hash(const sig_bloom_t* s, uint32_t i, uint32_t h, uint64_t* addr);

/* Set bits of a 32-bit word (shared by the models' cover points and the rdu's count). */
static inline uint32_t sig_bloom_popcount32(uint32_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_popcount(x);
#else
    uint32_t n = 0;
    for (; x != 0u; x &= x - 1u)
        n++;
    return n;
#endif
}

/* Coverage tally shared by every model (sig_bloom, rdu, avu): of the rows t < rows for which
 * reach(model, t) holds, count them in *reachable and those with cov[t] != 0 in *covered
 * (either pointer may be NULL). */
typedef bool (*sig_bloom_reach_fn)(const void* model, uint32_t row);
void sig_bloom_cov_tally(const uint64_t* cov, uint32_t rows, sig_bloom_reach_fn reach,
                         const void* model, uint32_t* covered, uint32_t* reachable);

#ifdef __cplusplus
}
#endif
#endif /* GPUCOH_SIG_BLOOM_H */
