/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rdu_tb.c -- testbench adapter of the Race Detection Unit (docs/units/sig/rdu.md) for the lockstep
 * engine: N SMs issuing writes and race-checks, the response handshake, comparison of every
 * output and of the whole state of spec §3 (all N signatures every cycle), coverage of §7.
 *
 * The testbench plays the N SMs. An SM with no request in hand starts one with its phase's
 * probability; a request presented while the FIFO is full is held, unchanged, until accepted
 * (timing contract rule 6; the C model's req_ready is the RTL's, they are compared every cycle).
 * Addresses come from a small set of hot lines (so that writes and race-checks meet: races) or
 * anywhere. Phases:
 *   MIX      moderate traffic from every SM, 30 % writes, responses mostly accepted
 *   BURST    every SM issues every other cycle: FIFOs fill (fifo.full), long backlogs
 *   READERS  the upper half of the SMs only write, the second quarter only race-checks lines
 *            nobody writes, the first quarter is silent: their signatures fill up to the
 *            threshold (forced syncs, several at once) or saturate the counter
 *   STALL    the SMs rarely accept response beats (ship.hold)
 *   QUIET    no new requests (idle.wait)
 * A reset is driven about once per 400 000 cycles.
 *
 * Steering (--steer on, the default; docs/units/sig/rdu.md §9) draws from a stream of its own: the
 * READERS roles rotate by a random offset (so every SM is silent now and then: forced syncs to
 * every SM); one phase in eight is SOLO: a reset (every counter from 0), then one writer and
 * every other SM silent for two thresholds' worth of writes (all N-1 counters cross the
 * threshold at the same write: a forced sync owed to every other SM at once); one race-check
 * in four reads only the last byte of the line another SM last wrote with that byte (a race
 * found at the line's last unit).
 */
#include "rdu_tb.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "tb_common.h"
#include "rdu_ports.h"
#include "tb_ports.h"
#include "energy_filter.h"

enum { PH_MIX, PH_BURST, PH_READERS, PH_STALL, PH_QUIET, PH_SOLO, PH_COUNT };
#define HOT 48u

typedef struct {
    rdu_t model;            /* first member: tests read the model through the ctx */
    gpucoh_rng_t rng, srng; /* base traffic, steering */
    bool steer;
    uint32_t roff, solo; /* READERS role offset; SOLO's writer */
    bool solo_reset;     /* SOLO starts with a reset: every counter from 0 together */
    uint64_t lastw_addr; /* the last write whose mask holds the line's last byte, and its SM */
    uint32_t lastw_sm;
    bool lastw;
    int stim;
    uint64_t addr_mask;
    int phase;
    uint64_t phase_left;
    uint32_t issue_pm; /* per mille: an idle SM starts a request */
    uint32_t write_pm; /* per mille of new requests that are writes */
    uint32_t ready_pm; /* per mille: an SM accepts a beat */
    uint64_t hot[HOT];
    uint64_t held;             /* SMs holding a request not yet accepted */
    rdu_req_t req[RDU_MAX_SM]; /* the request each SM holds */
} rdu_ctx_t;

/* Steering at a phase start (see the header). */
static void steer_phase(rdu_ctx_t* c) {
    const uint32_t n = c->model.desc.n;
    c->roff = gpucoh_rng_below(&c->srng, n);
    if (gpucoh_rng_below(&c->srng, 8) != 0)
        return;
    c->phase = PH_SOLO;
    c->solo = gpucoh_rng_below(&c->srng, n);
    c->solo_reset = true;
    c->issue_pm = 500;
    c->ready_pm = 950;
    /* every write adds at least one unit to every other counter and costs about NC + UN + 4
     * cycles: two thresholds' worth */
    c->phase_left = 2000u + 2ull * c->model.desc.sig.threshold * (c->model.nc + c->model.un + 4u);
}

static void new_phase(rdu_ctx_t* c) {
    uint32_t r = gpucoh_rng_below(&c->rng, 100);
    c->phase = r < 45   ? PH_MIX
               : r < 60 ? PH_BURST
               : r < 80 ? PH_READERS
               : r < 92 ? PH_STALL
                        : PH_QUIET;
    c->phase_left = 200 + gpucoh_rng_below(&c->rng, 30000);
    c->issue_pm = 10 + gpucoh_rng_below(&c->rng, 200);
    c->write_pm = 300;
    c->ready_pm = 900;
    switch (c->phase) {
    case PH_BURST:
        c->issue_pm = 500;
        c->ready_pm = 700;
        break;
    case PH_READERS:
        c->issue_pm = 100 + gpucoh_rng_below(&c->rng, 300);
        /* long enough for the silent SMs to collect Threshold insertions: every write costs
         * about NC + 4 cycles (pop, unit, finish, NC beats) */
        c->phase_left = 20000 + gpucoh_rng_below(&c->rng, 60000) +
                        2ull * c->model.desc.sig.threshold * (c->model.nc + 4u);
        break;
    case PH_STALL:
        c->ready_pm = 100;
        c->phase_left = 200 + gpucoh_rng_below(&c->rng, 3000);
        break;
    case PH_QUIET:
        c->issue_pm = 0;
        c->phase_left = 50 + gpucoh_rng_below(&c->rng, 2000);
        break;
    default:
        break;
    }
    if (c->steer)
        steer_phase(c);
}

/* A byte mask for a new request (spec §4): full lines, short runs, scattered bytes, empty. */
static void rand_mask(rdu_ctx_t* c, uint32_t* mask) {
    const uint32_t L = c->model.desc.line;
    const uint32_t words = L / 32u;
    memset(mask, 0, RDU_MASK_WORDS * sizeof(uint32_t));
    uint32_t r = gpucoh_rng_below(&c->rng, 1000);
    if (r < 8) /* empty: a request with no units (T16) */
        return;
    if (r < 500) { /* whole line */
        for (uint32_t w = 0; w < words; w++)
            mask[w] = 0xFFFFFFFFu;
    } else if (r < 900) { /* a run of 1..16 bytes */
        uint32_t len = 1 + gpucoh_rng_below(&c->rng, 16);
        uint32_t start = gpucoh_rng_below(&c->rng, L - len + 1);
        for (uint32_t b = start; b < start + len; b++)
            mask[b / 32] |= 1u << (b % 32);
    } else { /* scattered bytes */
        for (uint32_t w = 0; w < words; w++)
            mask[w] = (uint32_t)(gpucoh_rng_next(&c->rng) & gpucoh_rng_next(&c->rng) &
                                 gpucoh_rng_next(&c->rng));
    }
}

/* Steering: one race-check in four of SM j reads only the last byte of the line another SM
 * last wrote with that byte (a race found at the line's last unit). */
static void steer_mask(rdu_ctx_t* c, uint32_t j, rdu_req_t* q) {
    const uint32_t L = c->model.desc.line, G = c->model.desc.sig.gran;
    const uint32_t lw = (L - 1u) / 32u, lb = 1u << ((L - 1u) % 32u);
    if (G >= L)
        return;
    if (q->write) {
        if (q->mask[lw] & lb) {
            c->lastw = true;
            c->lastw_addr = q->addr;
            c->lastw_sm = j;
        }
        return;
    }
    if (!c->lastw || c->lastw_sm == j || gpucoh_rng_below(&c->srng, 4) != 0)
        return;
    memset(q->mask, 0, sizeof q->mask);
    q->mask[lw] = lb;
    q->addr = c->lastw_addr;
}

static uint64_t rand_line(rdu_ctx_t* c, bool fresh) {
    uint64_t a;
    if (!fresh && gpucoh_rng_below(&c->rng, 100) < 70)
        a = c->hot[gpucoh_rng_below(&c->rng, HOT)];
    else
        a = gpucoh_rng_next(&c->rng);
    a &= ~(uint64_t)(c->model.desc.line - 1u); /* bits below LL are ignored: vary them anyway */
    a |= gpucoh_rng_next(&c->rng) & (c->model.desc.line - 1u) & 0x5u;
    return a & c->addr_mask;
}

static int rdu_tb_init(void* vctx, const gpucoh_pvals_t* pv, uint64_t seed, int stim, char* err,
                       size_t errlen) {
    rdu_ctx_t* c = vctx;
    memset(c, 0, sizeof *c);
    rdu_desc_t d;
    rdu_tb_desc(pv, &d);
    if (rdu_init(&c->model, &d, err, errlen) != RDU_OK)
        return -1;
    gpucoh_rng_seed(&c->rng, seed);
    gpucoh_rng_seed(&c->srng, seed ^ 0x5354454552ull);
    c->stim = stim;
    c->addr_mask = d.sig.addr_width >= 64 ? ~0ull : (1ull << d.sig.addr_width) - 1u;
    for (uint32_t i = 0; i < HOT; i++)
        c->hot[i] = gpucoh_rng_next(&c->rng) & c->addr_mask;
    new_phase(c); /* the first phase unsteered; steering from the next one */
    c->steer = true;
    return 0;
}

/* --steer (steering starts with the second phase). */
static int rdu_tb_stim_cfg(void* vctx, gpucoh_stim_cfg_t* cfg, char* err, size_t errlen) {
    rdu_ctx_t* c = vctx;
    if (cfg->illegal_rate) {
        snprintf(err, errlen,
                 "rdu: --illegal-rate: no illegal-input stimulus (docs/units/sig/rdu.md "
                 "§10 lists what an illegal input does)");
        return -1;
    }
    c->steer = cfg->steer;
    return 0;
}

static void rdu_tb_next_input(void* vctx, uint64_t cycle, void* vin) {
    rdu_ctx_t* c = vctx;
    rdu_in_t* in = vin;
    const uint32_t n = c->model.desc.n;
    memset(in, 0, sizeof *in);
    in->rst_n = true;
    if (cycle < 2 || (c->stim != GPUCOH_STIM_DIRECTED && gpucoh_rng_below(&c->rng, 400000) == 0)) {
        in->rst_n = false;
        c->held = 0;
        return;
    }
    if (gpucoh_energy_idle())
        return; /* the energy filter's idle baseline: no request, no response taken */
    if (c->phase_left-- == 0)
        new_phase(c);
    if (c->solo_reset) {
        c->solo_reset = false;
        in->rst_n = false;
        c->held = 0;
        return;
    }
    for (uint32_t j = 0; j < n; j++) {
        const uint64_t bit = 1ull << j;
        rdu_req_t* q = &c->req[j];
        if (!(c->held & bit)) {
            if (gpucoh_rng_below(&c->rng, 1000) >= c->issue_pm)
                continue;
            const uint32_t role = (j + c->roff) % n; /* roff = 0 unless steered */
            if ((c->phase == PH_READERS && role < n / 4) || (c->phase == PH_SOLO && j != c->solo))
                continue; /* silent SMs: nothing syncs them, their counters climb to the
                             threshold (forced) or, with threshold = CMAX, saturate */
            if (c->phase == PH_READERS || c->phase == PH_SOLO)
                q->write = c->phase == PH_SOLO || role >= n / 2;
            else
                q->write = gpucoh_rng_below(&c->rng, 1000) < c->write_pm;
            if (!gpucoh_energy_keep(q->write ? "write" : "check"))
                continue; /* the energy filter (energy_filter.h) */
            /* READERS: the readers check lines nobody writes, so they do not race and their
             * signatures fill up to the threshold (forced syncs) */
            q->addr = rand_line(c, c->phase == PH_READERS && !q->write);
            rand_mask(c, q->mask);
            if (c->steer)
                steer_mask(c, j, q);
            c->held |= bit;
        }
        /* a held request is presented again, unchanged, until accepted */
        in->req_valid |= bit;
        if (q->write)
            in->req_write |= bit;
        in->req_addr[j] = q->addr;
        memcpy(in->req_mask[j], q->mask, sizeof q->mask);
    }
    for (uint32_t j = 0; j < n; j++)
        if (gpucoh_rng_below(&c->rng, 1000) < c->ready_pm)
            in->rsp_ready |= 1ull << j;
}

static void rdu_tb_model_tick(void* vctx, const void* vin, void* out) {
    rdu_ctx_t* c = vctx;
    const rdu_in_t* in = vin;
    /* a held request is accepted at this edge iff ready was 1 during the cycle */
    const uint64_t accepted = in->rst_n ? (in->req_valid & c->model.out.req_ready) : 0;
    rdu_tick(&c->model, in, out);
    c->held &= ~accepted;
}

static uint32_t rdu_tb_compare_out(void* vctx, const void* ve, const void* vg,
                                   gpucoh_mismatch_t* mm) {
    rdu_ctx_t* c = vctx;
    const rdu_out_t* e = ve;
    const rdu_out_t* g = vg;
    uint32_t n = 0, *bad = &n;
    /* every output of the port table (cmodel/sig/rdu_ports.h) */
#define RDU_PORT_P(name)      RDU_PORT_P_##name
#define RDU_PORT_P_ChunkWidth c->model.desc.sig.chunk_width
#define TB_PORT_PREFIX        "rdu."
    RDU_PORTS(TB_PORT_CMP, RDU_PORT_P)
#undef TB_PORT_PREFIX
    if (n)
        mm->extra = n - 1;
    return n;
}

static uint32_t rdu_tb_compare_state(void* vctx, const void* vg, gpucoh_mismatch_t* mm) {
    rdu_ctx_t* c = vctx;
    const rdu_state_t* e = &c->model.st;
    const rdu_state_t* g = vg;
    const uint32_t n = c->model.desc.n;
    uint32_t bad = 0;
    char name[64];
    for (uint32_t j = 0; j < n; j++) {
        if (memcmp(e->sig[j], g->sig[j], c->model.words * sizeof(uint32_t)) != 0) {
            snprintf(name, sizeof name, "rdu.sm[%u].sig", j);
            tb_cmp_bits(mm, &bad, e->sig[j], g->sig[j], c->model.words, name);
        }
        tb_cmp_u64(mm, &bad, e->cnt[j], g->cnt[j], "rdu.sm[%u].cnt", j);
        tb_cmp_u64(mm, &bad, e->qcnt[j], g->qcnt[j], "rdu.sm[%u].qcnt", j);
    }
    tb_cmp_u64(mm, &bad, e->pend, g->pend, "rdu.pend");
    tb_cmp_u64(mm, &bad, e->rr, g->rr, "rdu.rr");
    tb_cmp_u64(mm, &bad, e->st, g->st, "rdu.st");
    tb_cmp_u64(mm, &bad, e->cur_sm, g->cur_sm, "rdu.cur_sm");
    tb_cmp_u64(mm, &bad, e->cur_write, g->cur_write, "rdu.cur_write");
    tb_cmp_u64(mm, &bad, e->cur_addr, g->cur_addr, "rdu.cur_addr");
    tb_cmp_bits(mm, &bad, e->cur_umask, g->cur_umask, (c->model.un + 31) / 32, "rdu.cur_umask");
    tb_cmp_u64(mm, &bad, e->race, g->race, "rdu.race");
    if (bad)
        mm->extra = bad - 1;
    return bad;
}

static void rdu_tb_input_json(void* vctx, const void* vin, char* buf, size_t n) {
    rdu_ctx_t* c = vctx;
    const rdu_in_t* in = vin;
    size_t pos =
        (size_t)snprintf(buf, n,
                         "{\"rst_ni\": %d, \"req_valid_i\": \"0x%llx\", \"req_write_i\": "
                         "\"0x%llx\", \"rsp_ready_i\": \"0x%llx\", \"req\": [",
                         in->rst_n ? 1 : 0, (unsigned long long)in->req_valid,
                         (unsigned long long)in->req_write, (unsigned long long)in->rsp_ready);
    const char* sep = "";
    for (uint32_t j = 0; j < c->model.desc.n && pos + 80 < n; j++) {
        if (!((in->req_valid >> j) & 1u))
            continue;
        char mask[96];
        tb_hexwords(mask, sizeof mask, in->req_mask[j], c->model.desc.line / 32u,
                    c->model.desc.line);
        pos += (size_t)snprintf(buf + pos, n - pos,
                                "%s{\"sm\": %u, \"write\": %u, \"addr\": \"0x%llx\", \"mask\": "
                                "\"%s\"}",
                                sep, j, (unsigned)((in->req_write >> j) & 1u),
                                (unsigned long long)in->req_addr[j], mask);
        sep = ", ";
    }
    if (pos + 3 < n)
        snprintf(buf + pos, n - pos, "]}");
}

static void rdu_tb_coverage(void* vctx, uint32_t* covered, uint32_t* reachable) {
    rdu_ctx_t* c = vctx;
    rdu_coverage(&c->model, covered, reachable);
}

static uint32_t rdu_tb_coverage_rows(void* vctx) {
    (void)vctx;
    return RDU_T_COUNT;
}

static void rdu_tb_coverage_row(void* vctx, uint32_t row, const char** id, const char** name,
                                uint64_t* count, bool* reachable) {
    rdu_ctx_t* c = vctx;
    *id = tb_row_id(row);
    *name = rdu_trans_name((rdu_trans_t)row);
    *count = c->model.cov[row];
    *reachable = rdu_trans_reachable(&c->model, (rdu_trans_t)row);
}

static uint32_t rdu_tb_fcov_rows(void* vctx) {
    (void)vctx;
    return RDU_F_N;
}

static void rdu_tb_fcov_row(void* vctx, uint32_t row, const char** id, const char** name,
                            uint64_t* count, bool* reachable) {
    rdu_ctx_t* c = vctx;
    *id = tb_fcov_id(row);
    *name = rdu_fcov_name((rdu_fcov_t)row);
    *count = c->model.fcov[row];
    *reachable = rdu_fcov_reachable(&c->model, (rdu_fcov_t)row);
}

const gpucoh_tb_ops_t rdu_tb_ops = {
    .ctx_size = sizeof(rdu_ctx_t),
    .in_size = sizeof(rdu_in_t),
    .out_size = sizeof(rdu_out_t),
    .state_size = sizeof(rdu_state_t),
    .init = rdu_tb_init,
    .next_input = rdu_tb_next_input,
    .model_tick = rdu_tb_model_tick,
    .compare_out = rdu_tb_compare_out,
    .compare_state = rdu_tb_compare_state,
    .input_json = rdu_tb_input_json,
    .coverage = rdu_tb_coverage,
    .coverage_rows = rdu_tb_coverage_rows,
    .coverage_row = rdu_tb_coverage_row,
    .fcov_rows = rdu_tb_fcov_rows,
    .fcov_row = rdu_tb_fcov_row,
    .stim_cfg = rdu_tb_stim_cfg,
};
