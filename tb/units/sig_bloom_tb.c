/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sig_bloom_tb.c -- testbench adapter of sig_bloom for the lockstep engine: stimulus (directed
 * script and phased random traffic), the C model, output / state comparison with field paths,
 * and transition coverage (docs/units/sig/sig_bloom.md §7).
 *
 * Random traffic runs in phases so that every counter region (E, P, F, S of spec §7) is reached
 * within a few million cycles at every legal size:
 *   MIX    all operations, rare clear/reset
 *   FILL   mostly inserts, no clear/reset, long enough to saturate the counter (CMAX + margin)
 *   TEST   tests and reads, half on previously inserted addresses (hits), half random
 *   LOADZ  loads of zero / random chunks in order, with tests (hits after a load, misses while
 *          saturated)
 *   CHURN  short, with frequent clear and reset
 *   SHIP   a signature shipped in: CLEAR, LOAD every chunk with dense random data (~75 % ones),
 *          then tests -- hits with a zero counter (E.test.hit), as an AVU receiving a signature
 *
 * Steering (--steer on, the default; docs/units/sig/sig_bloom.md §10) draws from a stream of its
 * own and overlays the random traffic: a TEST of the key inserted the edge before, a READ of the
 * chunk loaded the edge before, INSERTs of key 0 and of a key whose hash reaches vector bit m-1,
 * READ/LOAD at the first and last chunk, a reset while a response is out (not in FILL), and one
 * SHIP in four with all-ones chunks (every bit set).
 *
 * Illegal inputs (--illegal-rate N, default 0.1 per 1000 with steering; docs/units/sig/sig_bloom.md
 * §11) overlay the random traffic from a third stream: reserved op 6 or 7, and at C = m a READ
 * or LOAD of chunk index 1 (>= NC = 1).
 */
#include "sig_bloom_tb.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "tb_common.h"
#include "sig_bloom.h"
#include "sig_bloom_ports.h"
#include "tb_ports.h"
#include "energy_filter.h"

enum { PH_MIX, PH_FILL, PH_TEST, PH_LOADZ, PH_CHURN, PH_SHIP, PH_COUNT };
#define POOL 256u

typedef struct {
    sig_bloom_t model; /* first member: tests/test_compare.c reads the model through the ctx */
    gpucoh_rng_t rng, srng, irng; /* base traffic, steering, illegal inputs */
    bool steer, ship_ones;
    uint32_t illegal_rate; /* per 100 000 cycles of random traffic */
    uint64_t illegal_n;    /* illegal inputs presented */
    bool has_top;          /* top_addr: an address whose hash reaches vector bit m-1 */
    uint64_t top_addr;
    int stim;
    uint64_t addr_mask;
    int phase;
    uint64_t phase_left;
    uint64_t pool[POOL];
    uint32_t pool_n, pool_head;
    uint32_t next_chunk;
    uint64_t dir_step; /* position in the directed script */
    uint64_t dir_len;
    uint64_t seq_key;
    sig_bloom_in_t en_last; /* energy filter: the inputs of the last operation kept */
} sb_ctx_t;

static const char* const op_names[8] = {"NOP",  "INSERT", "TEST",  "CLEAR",
                                        "READ", "LOAD",   "RSVD6", "RSVD7"};

static uint64_t rand_addr(sb_ctx_t* c) {
    uint64_t a;
    uint32_t r = gpucoh_rng_below(&c->rng, 100);
    if (c->pool_n && r < 50) {
        /* an inserted address, low bits (below the granularity) varied */
        a = c->pool[gpucoh_rng_below(&c->rng, c->pool_n)];
        a ^= gpucoh_rng_next(&c->rng) & (c->model.desc.gran - 1u);
        if (r < 10) /* the neighbouring key */
            a += c->model.desc.gran;
    } else {
        a = gpucoh_rng_next(&c->rng);
    }
    return a & c->addr_mask;
}

static void remember(sb_ctx_t* c, uint64_t a) {
    c->pool[c->pool_head] = a;
    c->pool_head = (c->pool_head + 1) % POOL;
    if (c->pool_n < POOL)
        c->pool_n++;
}

static void rand_chunk(sb_ctx_t* c, sig_bloom_in_t* in, bool zero) {
    const sig_bloom_t* m = &c->model;
    for (uint32_t w = 0; w < m->chunk_words; w++)
        in->chunk_data[w] = zero ? 0u : (uint32_t)gpucoh_rng_next(&c->rng);
    if (m->desc.chunk_width < 32)
        in->chunk_data[0] &= (1u << m->desc.chunk_width) - 1u;
}

static void new_phase(sb_ctx_t* c) {
    const sig_bloom_t* m = &c->model;
    int prev = c->phase;
    uint32_t r = gpucoh_rng_below(&c->rng, 100);
    if (prev == PH_FILL && r < 50)
        c->phase = PH_LOADZ;
    else if (r < 40)
        c->phase = PH_MIX;
    else if (r < 55)
        c->phase = PH_FILL;
    else if (r < 70)
        c->phase = PH_TEST;
    else if (r < 80)
        c->phase = PH_LOADZ;
    else if (r < 92)
        c->phase = PH_CHURN;
    else
        c->phase = PH_SHIP;
    switch (c->phase) {
    case PH_MIX:
        c->phase_left = 100 + gpucoh_rng_below(&c->rng, 20000);
        break;
    case PH_FILL:
        c->phase_left = m->cmax + 200 + gpucoh_rng_below(&c->rng, m->cmax / 4 + 1);
        break;
    case PH_TEST:
        c->phase_left = 100 + gpucoh_rng_below(&c->rng, 5000);
        break;
    case PH_LOADZ:
        c->phase_left = 2u * m->nc + gpucoh_rng_below(&c->rng, 2000);
        c->next_chunk = 0;
        break;
    case PH_SHIP:
        c->phase_left = 1u + m->nc + 50u + gpucoh_rng_below(&c->rng, 200);
        c->next_chunk = 0;
        c->ship_ones = c->steer && gpucoh_rng_below(&c->srng, 4) == 0;
        break;
    default:
        c->phase_left = 50 + gpucoh_rng_below(&c->rng, 500);
        break;
    }
}

static void random_input(sb_ctx_t* c, sig_bloom_in_t* in) {
    const sig_bloom_t* m = &c->model;
    if (c->phase_left == 0)
        new_phase(c);
    c->phase_left--;
    uint32_t r = gpucoh_rng_below(&c->rng, 1000);
    uint8_t op = SIG_BLOOM_OP_NOP;
    bool zero = false;
    switch (c->phase) {
    case PH_MIX: /* insert 30 %, test 35 %, read 8 %, load 3 %, clear 0.5 %, reset 0.1 % */
        op = r < 300   ? SIG_BLOOM_OP_INSERT
             : r < 650 ? SIG_BLOOM_OP_TEST
             : r < 730 ? SIG_BLOOM_OP_READ
             : r < 760 ? SIG_BLOOM_OP_LOAD
             : r < 765 ? SIG_BLOOM_OP_CLEAR
                       : SIG_BLOOM_OP_NOP;
        if (r == 999)
            in->rst_n = false;
        break;
    case PH_FILL:
        op = r < 900 ? SIG_BLOOM_OP_INSERT : r < 980 ? SIG_BLOOM_OP_TEST : SIG_BLOOM_OP_NOP;
        break;
    case PH_TEST:
        op = r < 800 ? SIG_BLOOM_OP_TEST : r < 900 ? SIG_BLOOM_OP_READ : SIG_BLOOM_OP_NOP;
        break;
    case PH_LOADZ:
        op = r < 600 ? SIG_BLOOM_OP_LOAD : r < 700 ? SIG_BLOOM_OP_LOAD : SIG_BLOOM_OP_TEST;
        zero = r < 600;
        if (r >= 700 && r < 720)
            op = SIG_BLOOM_OP_READ;
        break;
    case PH_SHIP: {
        uint64_t done = (uint64_t)c->next_chunk;
        if (done == 0) {
            op = SIG_BLOOM_OP_CLEAR;
            c->next_chunk = 1;
        } else if (done <= m->nc) {
            op = SIG_BLOOM_OP_LOAD;
        } else {
            op = r < 900 ? SIG_BLOOM_OP_TEST : SIG_BLOOM_OP_READ;
        }
        break;
    }
    default: /* CHURN */
        op = r < 350   ? SIG_BLOOM_OP_INSERT
             : r < 700 ? SIG_BLOOM_OP_TEST
             : r < 800 ? SIG_BLOOM_OP_CLEAR
             : r < 850 ? SIG_BLOOM_OP_READ
             : r < 900 ? SIG_BLOOM_OP_LOAD
                       : SIG_BLOOM_OP_NOP;
        if (r >= 980)
            in->rst_n = false;
        break;
    }
    in->op = op;
    in->addr = rand_addr(c);
    in->chunk_idx = gpucoh_rng_below(&c->rng, m->nc);
    if (op == SIG_BLOOM_OP_LOAD && c->phase == PH_LOADZ)
        in->chunk_idx = c->next_chunk++ % m->nc;
    rand_chunk(c, in, zero);
    if (op == SIG_BLOOM_OP_LOAD && c->phase == PH_SHIP) {
        in->chunk_idx = c->next_chunk++ - 1u;
        for (uint32_t w = 0; w < m->chunk_words; w++) /* dense: ~75 % ones */
            in->chunk_data[w] |= c->ship_ones ? ~0u : (uint32_t)gpucoh_rng_next(&c->rng);
        if (m->desc.chunk_width < 32)
            in->chunk_data[0] &= (1u << m->desc.chunk_width) - 1u;
    }
    if (op == SIG_BLOOM_OP_INSERT)
        remember(c, in->addr);
}

/* Steering of a random-traffic cycle (see the header); the chunk sequences of LOADZ and SHIP
 * are left alone. */
static void steer_input(sb_ctx_t* c, sig_bloom_in_t* in) {
    const sig_bloom_t* m = &c->model;
    if (c->phase == PH_LOADZ || c->phase == PH_SHIP)
        return;
    const uint32_t x = gpucoh_rng_below(&c->srng, 1000);
    if (x < 40 && m->fc_op == SIG_BLOOM_OP_INSERT) {
        in->op = SIG_BLOOM_OP_TEST;
        in->addr = (m->fc_key << m->lg) & c->addr_mask;
    } else if (x < 80 && m->fc_op == SIG_BLOOM_OP_LOAD) {
        in->op = SIG_BLOOM_OP_READ;
        in->chunk_idx = m->fc_chunk;
    } else if (x < 84) {
        in->op = SIG_BLOOM_OP_INSERT;
        in->addr = x < 82 && c->has_top ? c->top_addr : 0u;
    } else if (x < 94 && (in->op == SIG_BLOOM_OP_READ || in->op == SIG_BLOOM_OP_LOAD)) {
        in->chunk_idx = x < 89 ? 0u : m->nc - 1u;
    } else if (x < 96 && m->out.resp_valid && c->phase != PH_FILL) {
        in->rst_n = false; /* not while FILL saturates the counter */
    }
}

/* Directed script: segments run in order (one pass = directed_len cycles; repeats in
 * --stim directed). Each line names the transitions it is there for.
 *   RESET    2      reset                                          T01
 *   ROWS     2*KW   INSERT(1 << (j+LG)), TEST(same) for each key   T02 T03 T04 T11: every H3 row
 *                   bit j: every matrix row reaches the state
 *   LOADP    1      LOAD chunk 0 with zeros                        T25
 *   READP    NC     READ every chunk                               T21
 *   CLR      1      CLEAR                                          T17
 *   TESTE    1      TEST (a miss on the empty vector)              T08
 *   LOADPAT  NC     LOAD chunk i with a pattern of i               T24
 *   READE    NC     READ every chunk back                          T20
 *   LOAD1    NC     LOAD all ones (the counter stays 0)            T24
 *   TESTH    2      TEST (hits with a zero counter)                T09
 *   CLR      1      CLEAR                                          T16
 *   FILLF    Thr+1  INSERT sequential keys up to the threshold     T02..T05
 *   CLR      1      CLEAR                                          T18
 *   SAT      L      INSERT sequential keys; every 7th a TEST, a    T05..T07 T12..T15 T22 T23
 *                   READ at i%97==50, a zero LOAD at i%101==70;    T26 T27
 *                   L = CMAX + CMAX/5 + 32 so the counter saturates
 *   LOADZ    NC     LOAD zero chunks (counter stays saturated)     T27
 *   TAIL     4      TEST, TEST, READ, NOP                          T14 T23 T28
 *   CLR      1      CLEAR                                          T19
 */
enum {
    SEG_RESET,
    SEG_ROWS,
    SEG_LOADP,
    SEG_READP,
    SEG_CLR1,
    SEG_TESTE,
    SEG_LOADPAT,
    SEG_READE,
    SEG_LOAD1,
    SEG_TESTH,
    SEG_CLR2,
    SEG_FILLF,
    SEG_CLR3,
    SEG_SAT,
    SEG_LOADZ,
    SEG_TAIL,
    SEG_CLR4,
    SEG_COUNT
};

static uint64_t seg_len(const sig_bloom_t* m, int seg) {
    switch (seg) {
    case SEG_RESET:
        return 2;
    case SEG_ROWS:
        return 2ull * m->kw;
    case SEG_LOADP:
        return 1;
    case SEG_TESTE:
        return 1;
    case SEG_TESTH:
        return 2;
    case SEG_FILLF:
        return (uint64_t)m->desc.threshold + 1;
    case SEG_SAT:
        return (uint64_t)m->cmax + m->cmax / 5 + 32;
    case SEG_TAIL:
        return 4;
    case SEG_CLR1:
    case SEG_CLR2:
    case SEG_CLR3:
    case SEG_CLR4:
        return 1;
    default:
        return m->nc; /* READP LOADPAT READE LOAD1 LOADZ */
    }
}

static uint64_t directed_len(const sig_bloom_t* m) {
    uint64_t n = 0;
    for (int g = 0; g < SEG_COUNT; g++)
        n += seg_len(m, g);
    return n;
}

static void fill_chunk(const sig_bloom_t* m, sig_bloom_in_t* in, uint32_t word) {
    for (uint32_t w = 0; w < m->chunk_words; w++)
        in->chunk_data[w] = word ^ w;
    if (m->desc.chunk_width < 32)
        in->chunk_data[0] = word & ((1u << m->desc.chunk_width) - 1u);
}

static void directed_input(sb_ctx_t* c, uint64_t step, sig_bloom_in_t* in) {
    const sig_bloom_t* m = &c->model;
    int g = 0;
    uint64_t s = step;
    while (g < SEG_COUNT - 1 && s >= seg_len(m, g))
        s -= seg_len(m, g++);
    in->op = SIG_BLOOM_OP_NOP;
    const uint32_t ci = (uint32_t)(s % m->nc);
    switch (g) {
    case SEG_RESET:
        in->rst_n = false;
        break;
    case SEG_ROWS:
        in->op = (s & 1) ? SIG_BLOOM_OP_TEST : SIG_BLOOM_OP_INSERT;
        in->addr = (1ull << (s / 2 + m->lg)) & c->addr_mask;
        break;
    case SEG_LOADP:
        in->op = SIG_BLOOM_OP_LOAD;
        break;
    case SEG_READP:
    case SEG_READE:
        in->op = SIG_BLOOM_OP_READ;
        in->chunk_idx = ci;
        break;
    case SEG_TESTE:
    case SEG_TESTH:
        in->op = SIG_BLOOM_OP_TEST;
        in->addr = (0x1234567ull * (s + 1)) & c->addr_mask;
        break;
    case SEG_LOADPAT:
        in->op = SIG_BLOOM_OP_LOAD;
        in->chunk_idx = ci;
        fill_chunk(m, in, 0xA5000000u ^ (ci << 8) ^ (ci * 0x5Bu + 1u));
        break;
    case SEG_LOAD1:
        in->op = SIG_BLOOM_OP_LOAD;
        in->chunk_idx = ci;
        fill_chunk(m, in, 0xFFFFFFFFu);
        for (uint32_t w = 0; w < m->chunk_words && m->desc.chunk_width >= 32; w++)
            in->chunk_data[w] = 0xFFFFFFFFu;
        break;
    case SEG_FILLF:
        in->op = SIG_BLOOM_OP_INSERT;
        in->addr = ((c->seq_key++) << m->lg) & c->addr_mask;
        break;
    case SEG_SAT:
        in->op = (s % 7 == 6)      ? SIG_BLOOM_OP_TEST
                 : (s % 97 == 50)  ? SIG_BLOOM_OP_READ
                 : (s % 101 == 70) ? SIG_BLOOM_OP_LOAD
                                   : SIG_BLOOM_OP_INSERT;
        in->chunk_idx = (uint32_t)(s % m->nc);
        in->addr = ((c->seq_key++) << m->lg) & c->addr_mask;
        break;
    case SEG_LOADZ:
        in->op = SIG_BLOOM_OP_LOAD;
        in->chunk_idx = ci;
        break;
    case SEG_TAIL:
        in->op = s < 2 ? SIG_BLOOM_OP_TEST : s == 2 ? SIG_BLOOM_OP_READ : SIG_BLOOM_OP_NOP;
        in->addr = (0x5A5A5A5Aull << m->lg) & c->addr_mask;
        break;
    default: /* CLR1..CLR4 */
        in->op = SIG_BLOOM_OP_CLEAR;
        break;
    }
}

static int sb_init(void* vctx, const gpucoh_pvals_t* pv, uint64_t seed, int stim, char* err,
                   size_t errlen) {
    sb_ctx_t* c = vctx;
    memset(c, 0, sizeof *c);
    sig_bloom_desc_t d;
    sig_bloom_tb_desc(pv, &d);
    if (sig_bloom_init(&c->model, &d, err, errlen) != SIG_BLOOM_OK)
        return -1;
    gpucoh_rng_seed(&c->rng, seed);
    c->stim = stim;
    c->addr_mask = d.addr_width >= 64 ? ~0ull : (1ull << d.addr_width) - 1u;
    c->phase = PH_MIX;
    c->phase_left = 0;
    c->dir_len = directed_len(&c->model);
    gpucoh_rng_seed(&c->srng, seed ^ 0x5354454552ull);
    gpucoh_rng_seed(&c->irng, seed ^ 0x494C4C4547ull);
    c->steer = true;
    const uint32_t i0 = d.org == SIG_BLOOM_ORG_PARALLEL ? d.k - 1u : 0u;
    for (uint32_t i = i0; i < d.k && !c->has_top; i++)
        c->has_top = sig_bloom_addr_for_hash(&c->model, i, c->model.bank - 1u, &c->top_addr);
    return 0;
}

/* An illegal input (§11) in place of this random-traffic cycle's op: reserved op 6 or 7, and at
 * C = m (NC = 1, a 1-bit index port) a READ or LOAD of chunk index 1. Not in a reset cycle. */
static void illegal_input(sb_ctx_t* c, sig_bloom_in_t* in) {
    const uint32_t kinds = c->model.nc == 1u ? 4u : 2u;
    const uint32_t k = gpucoh_rng_below(&c->irng, kinds);
    if (!in->rst_n)
        return;
    in->op = k == 0 ? 6u : k == 1 ? 7u : k == 2 ? SIG_BLOOM_OP_READ : SIG_BLOOM_OP_LOAD;
    if (k >= 2)
        in->chunk_idx = 1u;
    c->illegal_n++;
}

static uint64_t sb_illegal_inputs(void* vctx) {
    return ((const sb_ctx_t*)vctx)->illegal_n;
}

/* The illegal inputs of the steered stimulus: 0.1 per 1000 cycles, as tc_gwct's. */
#define SB_ILLEGAL_DEFAULT 10u /* per 100 000 cycles */
static int sb_stim_cfg(void* vctx, gpucoh_stim_cfg_t* cfg, char* err, size_t errlen) {
    sb_ctx_t* c = vctx;
    if (cfg->illegal_rate && c->stim == GPUCOH_STIM_DIRECTED) {
        snprintf(err, errlen,
                 "sig_bloom: --illegal-rate: the directed stimulus has no random traffic to carry "
                 "illegal inputs (use --stim mixed or random; docs/units/sig/sig_bloom.md §11)");
        return -1;
    }
    c->steer = cfg->steer;
    c->illegal_rate = cfg->illegal_set ? cfg->illegal_rate : cfg->steer ? SB_ILLEGAL_DEFAULT : 0u;
    if (c->stim == GPUCOH_STIM_DIRECTED)
        c->illegal_rate = 0;
    cfg->illegal_rate = c->illegal_rate;
    return 0;
}

/* The energy filter (energy_filter.h): an operation not kept becomes a NOP whose other inputs
 * hold the last kept operation's (a bus that holds its value), so that only kept operations
 * toggle the inputs. */
static void sb_energy_filter(sb_ctx_t* c, sig_bloom_in_t* in) {
    static const char* const names[8] = {"nop",  "insert", "test", "clear",
                                         "read", "load",   "op6",  "op7"};
    if (gpucoh_energy_idle() || !gpucoh_energy_keep(names[in->op & 7])) {
        *in = c->en_last;
        in->rst_n = true;
        in->op = SIG_BLOOM_OP_NOP;
        return;
    }
    c->en_last = *in;
}

static void sb_next_input(void* vctx, uint64_t cycle, void* vin) {
    sb_ctx_t* c = vctx;
    sig_bloom_in_t* in = vin;
    in->rst_n = true;
    in->op = SIG_BLOOM_OP_NOP;
    in->addr = 0;
    in->chunk_idx = 0;
    memset(in->chunk_data, 0, sizeof in->chunk_data);
    if (cycle < 2) {
        in->rst_n = false;
        return;
    }
    if (c->stim == GPUCOH_STIM_DIRECTED) {
        directed_input(c, cycle % c->dir_len, in);
    } else if (c->stim == GPUCOH_STIM_MIXED && cycle < c->dir_len) {
        directed_input(c, cycle, in);
    } else {
        random_input(c, in);
        if (c->steer)
            steer_input(c, in);
        if (c->illegal_rate && gpucoh_rng_below(&c->irng, 100000) < c->illegal_rate)
            illegal_input(c, in);
    }
    if (getenv("GPUCOH_ENERGY_OPS"))
        sb_energy_filter(c, in);
}

static void sb_model_tick(void* vctx, const void* in, void* out) {
    sb_ctx_t* c = vctx;
    sig_bloom_tick(&c->model, in, out);
}

static uint32_t sb_compare_out(void* vctx, const void* ve, const void* vg, gpucoh_mismatch_t* mm) {
    sb_ctx_t* c = vctx;
    const sig_bloom_out_t* e = ve;
    const sig_bloom_out_t* g = vg;
    uint32_t n = 0, *bad = &n;
    /* every output of the port table (cmodel/sig/sig_bloom_ports.h) */
#define SB_PORT_P(name)      SB_PORT_P_##name
#define SB_PORT_P_ChunkWidth c->model.desc.chunk_width
#define TB_PORT_PREFIX       "sig_bloom."
    SIG_BLOOM_PORTS(TB_PORT_CMP, SB_PORT_P)
#undef TB_PORT_PREFIX
    if (n)
        mm->extra = n - 1;
    return n;
}

static uint32_t sb_compare_state(void* vctx, const void* vg, gpucoh_mismatch_t* mm) {
    sb_ctx_t* c = vctx;
    const sig_bloom_state_t* e = &c->model.st;
    const sig_bloom_state_t* g = vg;
    uint32_t bad = 0;
    tb_cmp_bits(mm, &bad, e->bits, g->bits, c->model.words, "sig_bloom.bits");
    tb_cmp_u64(mm, &bad, e->count, g->count, "sig_bloom.count");
    if (bad)
        mm->extra = bad - 1;
    return bad;
}

static void sb_input_json(void* vctx, const void* vin, char* buf, size_t n) {
    sb_ctx_t* c = vctx;
    const sig_bloom_in_t* in = vin;
    char data[160];
    tb_hexwords(data, sizeof data, in->chunk_data, c->model.chunk_words, c->model.desc.chunk_width);
    snprintf(buf, n,
             "{\"rst_ni\": %d, \"op_i\": \"%s\", \"addr_i\": \"0x%llx\", \"chunk_idx_i\": %u, "
             "\"chunk_data_i\": \"%s\"}",
             in->rst_n ? 1 : 0, op_names[in->op & 7], (unsigned long long)in->addr, in->chunk_idx,
             data);
}

static void sb_coverage(void* vctx, uint32_t* covered, uint32_t* reachable) {
    sb_ctx_t* c = vctx;
    sig_bloom_coverage(&c->model, covered, reachable);
}

static uint32_t sb_coverage_rows(void* vctx) {
    (void)vctx;
    return SIG_BLOOM_T_COUNT;
}

static void sb_coverage_row(void* vctx, uint32_t row, const char** id, const char** name,
                            uint64_t* count, bool* reachable) {
    sb_ctx_t* c = vctx;
    *id = tb_row_id(row);
    *name = sig_bloom_trans_name((sig_bloom_trans_t)row);
    *count = c->model.cov[row];
    *reachable = sig_bloom_trans_reachable(&c->model, (sig_bloom_trans_t)row);
}

static uint32_t sb_fcov_rows(void* vctx) {
    (void)vctx;
    return SIG_BLOOM_F_N;
}

static void sb_fcov_row(void* vctx, uint32_t row, const char** id, const char** name,
                        uint64_t* count, bool* reachable) {
    sb_ctx_t* c = vctx;
    *id = tb_fcov_id(row);
    *name = sig_bloom_fcov_name((sig_bloom_fcov_t)row);
    *count = c->model.fcov[row];
    /* the illegal inputs are presented only at an illegal rate > 0 */
    *reachable = sig_bloom_fcov_reachable(&c->model, (sig_bloom_fcov_t)row) &&
                 (row < SIG_BLOOM_F_ILL_OP6 || c->illegal_rate > 0);
}

const gpucoh_tb_ops_t sig_bloom_tb_ops = {
    .ctx_size = sizeof(sb_ctx_t),
    .in_size = sizeof(sig_bloom_in_t),
    .out_size = sizeof(sig_bloom_out_t),
    .state_size = sizeof(sig_bloom_state_t),
    .init = sb_init,
    .next_input = sb_next_input,
    .model_tick = sb_model_tick,
    .compare_out = sb_compare_out,
    .compare_state = sb_compare_state,
    .input_json = sb_input_json,
    .coverage = sb_coverage,
    .coverage_rows = sb_coverage_rows,
    .coverage_row = sb_coverage_row,
    .fcov_rows = sb_fcov_rows,
    .fcov_row = sb_fcov_row,
    .stim_cfg = sb_stim_cfg,
    .illegal_inputs = sb_illegal_inputs,
};
