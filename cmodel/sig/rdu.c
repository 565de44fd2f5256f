/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rdu.c -- C reference model of the Race Detection Unit.
 *
 * Written from docs/units/sig/rdu.md, docs/units/sig/sig_bloom.md and docs/timing.md only (never
 * from the RTL): the two implementations are compared cycle by cycle, so section numbers below cite
 * the rdu spec unless they say otherwise.
 *
 * Speed: rdu_tick() is the per-cycle path. An idle edge costs one pass over the set bits of
 * req_valid and a scan of at most N queue counters; a unit costs one hash (sig_bloom_indices)
 * and k bit sets per other SM; a beat copies C/32 words; only the last beat of a shipment and
 * reset touch m/32 words (of one SM, resp. of the N SMs). Nothing in the tick path touches the
 * whole rdu_state_t. O(N) re-checks of the rules run only under SIG_BLOOM_CHECK_RULES.
 *
 * Readings of the spec where it is not explicit (all listed in the lead's report too):
 *
 *  - §5 "In every state the FIFOs enqueue first": the IDLE pop sees the FIFOs *after* this edge's
 *    enqueue, so a request presented to an empty FIFO while the engine is IDLE is accepted and
 *    popped at the same edge (a bypass); T23 fifo.push_pop counts that case too.
 *  - §2 Latency "popped at edge e ... first beat visible from edge e + U + 2": the pop is edge e,
 *    the units edges e+1 .. e+U, the finish edge e+U+1 loads the output registers; the beat is
 *    on the bus in the cycle after edge e+U+1 and is first sampled (can first transfer) at edge
 *    e+U+2. In rdu_tick() calls: the call that pops is p, the call whose *out first has
 *    rsp_valid = 1 is p + U + 1.
 *  - §3 cur_addr holds the popped address as presented (bits below LL kept); bits >= AW are
 *    masked off at enqueue (the port is AW bits wide). §4 unit address of a G >= L request is
 *    that address `a` unchanged (hashing drops the bits below LG >= LL anyway).
 *  - §7 rows are events, not a partition of the edges: an edge takes every row whose event
 *    happens (idle.pop.write + idle.pop.rr_skip + fifo.push_pop; units.insert + units.insert.sat
 *    + units.multi; units.write.force + units.write.force_multi; fifo.full once per SM whose
 *    request is refused). units.empty is counted at the pop of a request without units (its
 *    finish is the next edge unless a reset intervenes), because rdu_t keeps no field that
 *    survives to the finish edge to tell an empty request from one whose units are all done.
 *  - §7 T08 units.insert.sat "a unit inserted with some cnt[j] already at CMAX": cnt[j] == CMAX
 *    before the insertion. At every pop all cnt < Threshold (forced syncs are served before any
 *    pop and clear cnt), and one write adds at most UN to a counter, so the row needs
 *    Threshold - 1 + (UN - 1) >= CMAX, i.e. Threshold >= CMAX + 2 - UN: only with UN >= 2
 *    (G < L) and the threshold near its maximum; at UN = 1 it is unreachable even at
 *    Threshold = CMAX (the counter reaches CMAX at the last insertion, and the finish of that
 *    write forces the sync that clears it).
 *  - §7 T13 units.write.force_multi needs two SMs other than the writer: reachable iff N >= 3
 *    (the spec's notes do not list this condition).
 *  - Cover points (§9): judged at the event that takes them, on the state before the edge
 *    (FIFO counts after this edge's enqueue for the "becomes full" points). The "every SM"
 *    points keep the set of SMs seen in the current round (fc_popped, fc_forced; reset does
 *    not clear them) and count a completed round.
 *  - syncs[kind] counts completed responses by kind, the single NO_RACE beat included
 *    (syncs[RDU_RSP_NO_RACE]); insertions counts write units processed (each inserted into the
 *    N - 1 other signatures with one hash, D1).
 */
#include "rdu.h"
#include "gpucoh_bits.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Cheap invariants always run (unless NDEBUG); O(N) re-checks are SIG_BLOOM_RULE. */
#ifndef RDU_ASSERT
#define RDU_ASSERT(c) SIG_BLOOM_ASSERT(c)
#endif
#define RDU_RULE(c) SIG_BLOOM_RULE(c)

/*--- small helpers --------------------------------------------------------------------------*/

static inline uint32_t ctz32(uint32_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_ctz(x);
#else
    uint32_t r = 0;
    while ((x & 1u) == 0u) {
        x >>= 1;
        r++;
    }
    return r;
#endif
}

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
#define RDU_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define RDU_PRINTF_LIKE(f, a)
#endif

static int fail(char* msg, size_t msg_len, int err, const char* fmt, ...) RDU_PRINTF_LIKE(4, 5);

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

rdu_desc_t rdu_desc_default(void) {
    rdu_desc_t d;
    d.n = 16u;
    d.sig = sig_bloom_desc_default();
    d.sig.m = 4096u;
    d.sig.k = 6u;
    d.sig.org = SIG_BLOOM_ORG_TRUE;
    d.sig.hash = SIG_BLOOM_HASH_H3;
    d.sig.gran = 128u;
    d.sig.addr_width = 32u;
    d.sig.chunk_width = 256u; /* the 32-byte interconnect channel (§1) */
    d.sig.threshold = 4096u / 8u;
    d.sig.h3_seed = 0x9E3779B9u;
    d.line = 128u;
    d.queue = 4u;
    return d;
}

int rdu_check_desc(const rdu_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return fail(msg, msg_len, RDU_ERR_NULL, "rdu: desc is NULL");
    }
    if (d->n < 2u || d->n > RDU_MAX_SM) {
        return fail(msg, msg_len, RDU_ERR_N, "rdu: n = %u is illegal (NumSm: 2..%u)",
                    (unsigned)d->n, (unsigned)RDU_MAX_SM);
    }
    {
        /* the signature parameters: sig_bloom's message, re-prefixed */
        char why[200];
        const int e = sig_bloom_check_desc(&d->sig, why, sizeof why);
        if (e != SIG_BLOOM_OK) {
            static const char pre[] = "sig_bloom: ";
            const char* text = why;
            if (strncmp(why, pre, sizeof pre - 1u) == 0) {
                text += sizeof pre - 1u;
            }
            return fail(msg, msg_len, RDU_ERR_SIG, "rdu: %s", text);
        }
    }
    if (d->line != 32u && d->line != 64u && d->line != 128u && d->line != 256u) {
        return fail(msg, msg_len, RDU_ERR_LINE,
                    "rdu: line = %u is illegal (LineBytes: 32, 64, 128 or 256)", (unsigned)d->line);
    }
    if (d->queue < 1u || d->queue > RDU_MAX_QUEUE) {
        return fail(msg, msg_len, RDU_ERR_QUEUE, "rdu: queue = %u is illegal (QueueDepth: 1..%u)",
                    (unsigned)d->queue, (unsigned)RDU_MAX_QUEUE);
    }
    return RDU_OK;
}

/*--- units of a request (spec §4) -----------------------------------------------------------*/

uint32_t rdu_umask(uint32_t line, uint32_t gran, const uint32_t* mask, uint32_t* umask) {
    RDU_ASSERT(mask != NULL && umask != NULL);
    RDU_ASSERT(line >= 32u && line <= RDU_MAX_LINE_BYTES && gran >= 1u);
    const uint32_t mw = line / 32u; /* mask words of an L-byte line */
    for (uint32_t w = 0; w < RDU_UMASK_WORDS; w++) {
        umask[w] = 0;
    }
    if (gran >= line) { /* one unit, present iff M != 0 */
        uint32_t any = 0;
        for (uint32_t w = 0; w < mw; w++) {
            any |= mask[w];
        }
        umask[0] = any != 0u ? 1u : 0u;
        return umask[0];
    }
    uint32_t n = 0;
    if (gran == 1u) { /* unit u = byte u */
        for (uint32_t w = 0; w < mw; w++) {
            umask[w] = mask[w];
            n += sig_bloom_popcount32(mask[w]);
        }
        return n;
    }
    /* G in {4, 128} with G < L: unit u covers mask bits [u*G, u*G + G) */
    const uint32_t un = line / gran;
    for (uint32_t u = 0; u < un; u++) {
        bool any = false;
        if (gran < 32u) {
            const uint32_t b = u * gran;
            any = ((mask[b >> 5] >> (b & 31u)) & ((1u << gran) - 1u)) != 0u;
        } else {
            const uint32_t w0 = u * gran / 32u;
            for (uint32_t w = w0; w < w0 + gran / 32u; w++) {
                any = any || mask[w] != 0u;
            }
        }
        if (any) {
            umask[u >> 5] |= 1u << (u & 31u);
            n++;
        }
    }
    return n;
}

uint64_t rdu_unit_addr(uint32_t line, uint32_t gran, uint64_t addr, uint32_t u) {
    if (gran >= line) {
        RDU_ASSERT(u == 0u);
        return addr;
    }
    RDU_ASSERT(u < line / gran);
    return (addr & ~(uint64_t)(line - 1u)) + (uint64_t)u * gran;
}

/*--- init / reset ---------------------------------------------------------------------------*/

int rdu_init(rdu_t* r, const rdu_desc_t* d, char* msg, size_t msg_len) {
    if (r == NULL) {
        return fail(msg, msg_len, RDU_ERR_NULL, "rdu: r (the model state) is NULL");
    }
    memset(r, 0, sizeof *r);
    const int err = rdu_check_desc(d, msg, msg_len);
    if (err != RDU_OK) {
        return err; /* r stays zeroed */
    }
    {
        const int e = sig_bloom_init(&r->hash, &d->sig, NULL, 0);
        RDU_ASSERT(e == SIG_BLOOM_OK); /* already checked above */
        if (e != SIG_BLOOM_OK) {
            memset(r, 0, sizeof *r);
            return fail(msg, msg_len, RDU_ERR_SIG, "rdu: sig_bloom_init failed (%d)", e);
        }
    }
    r->desc = *d;

    /* derived values (spec §1) */
    r->lg = gpucoh_log2_floor(d->sig.gran);
    r->ll = gpucoh_log2_floor(d->line);
    r->nc = d->sig.m / d->sig.chunk_width;
    r->ciw = r->nc > 1u ? gpucoh_log2_floor(r->nc) : 1u;
    r->cw = gpucoh_log2_floor(d->sig.m) + 1u;
    r->cmax = (1u << r->cw) - 1u;
    r->sw = d->n > 2u ? gpucoh_log2_ceil(d->n) : 1u; /* max(1, ceil(log2 N)) */
    r->un = d->line > d->sig.gran ? d->line / d->sig.gran : 1u;
    r->words = d->sig.m / 32u;
    r->chunk_words = (d->sig.chunk_width + 31u) / 32u;
    RDU_ASSERT(r->un >= 1u && r->un <= RDU_MAX_LINE_BYTES);
    RDU_ASSERT(r->cmax == r->hash.cmax && r->nc == r->hash.nc);

    rdu_reset(r);
    if (msg != NULL && msg_len > 0u) {
        msg[0] = '\0';
    }
    return RDU_OK;
}

/* The state after a reset edge (spec §5 last line, D9). Coverage and statistics are kept. */
void rdu_reset(rdu_t* r) {
    RDU_ASSERT(r != NULL);
    rdu_state_t* s = &r->st;
    const uint32_t n = r->desc.n;
    /* words >= m/32 and SMs >= n are always 0 */
    for (uint32_t j = 0; j < n; j++) {
        memset(s->sig[j], 0, (size_t)r->words * sizeof s->sig[j][0]);
    }
    memset(s->cnt, 0, sizeof s->cnt);
    s->pend = 0;
    memset(s->qcnt, 0, sizeof s->qcnt);
    s->rr = 0;
    s->st = RDU_ST_IDLE;
    s->cur_sm = 0;
    s->cur_write = false;
    s->cur_addr = 0;
    memset(s->cur_umask, 0, sizeof s->cur_umask);
    s->race = false;
    memset(r->fhead, 0, sizeof r->fhead);
    memset(&r->out, 0, sizeof r->out);
    r->out.req_ready = gpucoh_mask64(n); /* R8: every FIFO empty */
}

/*--- one rising edge (spec §5) --------------------------------------------------------------*/

/* rsp_chunk = chunk idx of sig[i] (sig_bloom §3: chunk c is vector bits [c*C, c*C + C)) */
static inline void load_chunk(rdu_t* r, uint32_t i, uint32_t idx) {
    const uint32_t c = r->desc.sig.chunk_width;
    const uint32_t* sig = r->st.sig[i];
    if (c >= 32u) {
        memcpy(r->out.rsp_chunk, &sig[idx * r->chunk_words],
               (size_t)r->chunk_words * sizeof sig[0]);
    } else {
        const uint32_t pos = idx * c;
        r->out.rsp_chunk[0] = (sig[pos >> 5] >> (pos & 31u)) & ((1u << c) - 1u);
    }
}

/* Start a shipment of sig[i] with kind K (§5). */
static void start_ship(rdu_t* r, uint32_t i, uint32_t kind) {
    rdu_out_t* o = &r->out;
    o->rsp_valid = true;
    o->rsp_sm = i;
    o->rsp_kind = kind;
    o->rsp_idx = 0;
    o->rsp_last = r->nc == 1u;
    load_chunk(r, i, 0);
    r->st.st = RDU_ST_SHIP;
}

static inline bool sig_bit(const uint32_t* sig, uint32_t v) {
    return ((sig[v >> 5] >> (v & 31u)) & 1u) != 0u;
}

/* Accepted requests enter their FIFO (§2 Enqueue). Returns the set of SMs that pushed. */
static uint64_t enqueue(rdu_t* r, const rdu_in_t* in) {
    rdu_state_t* s = &r->st;
    const uint32_t q = r->desc.queue;
    const uint32_t mw = r->desc.line / 32u;
    const uint64_t amask = gpucoh_mask64(r->desc.sig.addr_width);
    uint64_t v = in->req_valid & gpucoh_mask64(r->desc.n);
    uint64_t pushed = 0;
    while (v != 0u) {
        const uint32_t j = ctz64(v);
        v &= v - 1u;
        /* req_ready_o[j] was 1 during the cycle iff qcnt[j] < QueueDepth before this edge */
        if (s->qcnt[j] >= q) {
            r->cov[RDU_T_FIFO_FULL]++; /* ignored: the SM must hold it (timing rule 6) */
            continue;
        }
        uint32_t tail = r->fhead[j] + s->qcnt[j];
        if (tail >= q) {
            tail -= q;
        }
        rdu_req_t* e = &r->fifo[j][tail];
        e->write = (in->req_write >> j) & 1u;
        e->addr = in->req_addr[j] & amask;
        memcpy(e->mask, in->req_mask[j], (size_t)mw * sizeof e->mask[0]);
        s->qcnt[j]++;
        if (s->qcnt[j] == q) {
            r->out.req_ready &= ~((uint64_t)1 << j);
            r->fcov[RDU_F_FULL_SM0] += j == 0u;
            r->fcov[RDU_F_FULL_SMLAST] += j + 1u == r->desc.n;
        }
        pushed |= (uint64_t)1 << j;
    }
    if (pushed != 0u && r->out.req_ready == 0u) {
        r->fcov[RDU_F_FULL_ALL]++;
    }
    return pushed;
}

/* A round of "every SM" points: add SM j to *set, count the point when the set is complete. */
static void fc_round(rdu_t* r, uint64_t* set, uint32_t j, rdu_fcov_t f) {
    *set |= (uint64_t)1 << j;
    if (*set == gpucoh_mask64(r->desc.n)) {
        r->fcov[f]++;
        *set = 0;
    }
}

static void step_idle(rdu_t* r, uint64_t pushed) {
    rdu_state_t* s = &r->st;
    const uint32_t n = r->desc.n;
    if (s->pend != 0u) { /* 1. forced syncs go before any new request, lowest SM first */
        const uint32_t i = ctz64(s->pend);
        s->pend &= ~((uint64_t)1 << i);
        start_ship(r, i, RDU_RSP_FORCED);
        r->cov[RDU_T_IDLE_FORCED]++;
        fc_round(r, &r->fc_forced, i, RDU_F_FORCE_EVERY);
        return;
    }
    /* 2. round robin over the non-empty FIFOs: rr, rr+1, ..., N-1, then 0, ..., rr-1 */
    uint32_t w = s->rr;
    while (w < n && s->qcnt[w] == 0u) {
        w++;
    }
    if (w == n) {
        w = 0;
        while (w < s->rr && s->qcnt[w] == 0u) {
            w++;
        }
        if (w == s->rr) { /* 3. nothing */
            r->cov[RDU_T_IDLE_WAIT]++;
            return;
        }
    }
    /* At every pop no SM is owed a sync, so every cnt is below the threshold (the T08 note in
     * the header comment relies on it). */
#ifdef SIG_BLOOM_CHECK_RULES
    for (uint32_t j = 0; j < n; j++) {
        RDU_ASSERT(s->cnt[j] < r->desc.sig.threshold);
    }
#endif
    const rdu_req_t* e = &r->fifo[w][r->fhead[w]];
    if (++r->fhead[w] == r->desc.queue) {
        r->fhead[w] = 0;
        r->fcov[RDU_F_HEAD_WRAP]++;
    }
    r->fcov[RDU_F_RR_WRAP] += w < s->rr;
    fc_round(r, &r->fc_popped, w, RDU_F_POP_EVERY);
    s->qcnt[w]--;
    r->out.req_ready |= (uint64_t)1 << w;
    s->cur_sm = w;
    s->cur_write = e->write != 0u;
    s->cur_addr = e->addr;
    const uint32_t units = rdu_umask(r->desc.line, r->desc.sig.gran, e->mask, s->cur_umask);
    s->race = false;
    r->cov[s->cur_write ? RDU_T_IDLE_POP_WRITE : RDU_T_IDLE_POP_CHECK]++;
    if (w != s->rr) {
        r->cov[RDU_T_IDLE_POP_RR_SKIP]++;
    }
    if ((pushed >> w) & 1u) {
        r->cov[RDU_T_FIFO_PUSH_POP]++;
    }
    if (units == 0u) {
        r->cov[RDU_T_UNITS_EMPTY]++; /* finishes at the next edge (see the header comment) */
    }
    s->rr = (w + 1u == n) ? 0u : w + 1u;
    s->st = RDU_ST_UNITS;
}

/* Process unit u0 of the current request (§5 UNITS, cur_umask != 0). */
static void process_unit(rdu_t* r, uint32_t wi) {
    rdu_state_t* s = &r->st;
    const uint32_t n = r->desc.n;
    const uint32_t k = r->desc.sig.k;
    const uint32_t u0 = 32u * wi + ctz32(s->cur_umask[wi]);
    bool more = (s->cur_umask[wi] & (s->cur_umask[wi] - 1u)) != 0u;
    s->cur_umask[wi] &= s->cur_umask[wi] - 1u; /* clear bit u0 */
    for (uint32_t w = wi + 1u; w < RDU_UMASK_WORDS && !more; w++) {
        more = s->cur_umask[w] != 0u;
    }
    if (more) {
        r->cov[RDU_T_UNITS_MULTI]++;
    }
    const uint64_t ua = rdu_unit_addr(r->desc.line, r->desc.sig.gran, s->cur_addr, u0);
    uint32_t v[SIG_BLOOM_MAX_HASHES];
    sig_bloom_indices(&r->hash, ua, v); /* D1: one hash per unit, shared by the N signatures */

    if (s->cur_write) {
        bool sat = false;
        for (uint32_t j = 0; j < n; j++) {
            if (j == s->cur_sm) {
                continue; /* R3 */
            }
            uint32_t* sig = s->sig[j];
            for (uint32_t i = 0; i < k; i++) {
                sig[v[i] >> 5] |= 1u << (v[i] & 31u);
            }
            if (s->cnt[j] == r->cmax) {
                sat = true;
            } else {
                s->cnt[j]++;
            }
        }
        r->insertions++;
        r->cov[RDU_T_UNITS_INSERT]++;
        if (sat) {
            r->cov[RDU_T_UNITS_INSERT_SAT]++;
        }
#ifdef SIG_BLOOM_CHECK_RULES
        /* R2 at the source: the unit is now a member of every other SM's signature */
        for (uint32_t j = 0; j < n; j++) {
            for (uint32_t i = 0; i < k && j != s->cur_sm; i++) {
                RDU_ASSERT(sig_bit(s->sig[j], v[i]));
            }
        }
#endif
    } else {
        const uint32_t* sig = s->sig[s->cur_sm];
        bool member = true;
        for (uint32_t i = 0; i < k && member; i++) {
            member = sig_bit(sig, v[i]);
        }
        if (member) { /* stop at the first hit */
            r->fcov[RDU_F_RACE_LAST_UNIT] += r->un > 1u && u0 + 1u == r->un;
            s->race = true;
            memset(s->cur_umask, 0, sizeof s->cur_umask);
            r->cov[RDU_T_UNITS_TEST_HIT]++;
        } else {
            r->cov[RDU_T_UNITS_TEST_MISS]++;
        }
    }
}

/* The finish edge (§5 UNITS, cur_umask == 0). */
static void finish(rdu_t* r) {
    rdu_state_t* s = &r->st;
    RDU_ASSERT(s->pend == 0u); /* pend is only set here, and IDLE serves it before any pop */
    if (s->cur_write) {
        const uint32_t n = r->desc.n;
        const uint32_t th = r->desc.sig.threshold;
        uint64_t np = 0;
        for (uint32_t j = 0; j < n; j++) {
            if (j != s->cur_sm && s->cnt[j] >= th) {
                np |= (uint64_t)1 << j;
            }
        }
        s->pend |= np;
        r->fcov[RDU_F_FORCE_ALL_OTHERS] += np == (gpucoh_mask64(n) & ~((uint64_t)1 << s->cur_sm));
        if (np == 0u) {
            r->cov[RDU_T_UNITS_WRITE_DONE]++;
        } else {
            r->cov[RDU_T_UNITS_WRITE_FORCE]++;
            if ((np & (np - 1u)) != 0u) {
                r->cov[RDU_T_UNITS_WRITE_FORCE_MULTI]++;
            }
        }
        start_ship(r, s->cur_sm, RDU_RSP_WRITE_ACK);
    } else if (s->race) {
        r->cov[RDU_T_UNITS_CHECK_RACE]++;
        start_ship(r, s->cur_sm, RDU_RSP_RACE);
    } else {
        /* D8: a single NO_RACE beat without a signature (rsp_chunk stays 0) */
        rdu_out_t* o = &r->out;
        o->rsp_valid = true;
        o->rsp_sm = s->cur_sm;
        o->rsp_kind = RDU_RSP_NO_RACE;
        o->rsp_idx = 0;
        o->rsp_last = true;
        s->st = RDU_ST_SHIP;
        r->cov[RDU_T_UNITS_CHECK_NORACE]++;
    }
}

static void step_units(rdu_t* r) {
    const uint32_t* um = r->st.cur_umask;
    const uint32_t uw = (r->un + 31u) / 32u; /* words of cur_umask in use */
    for (uint32_t w = 0; w < uw; w++) {
        if (um[w] != 0u) {
            process_unit(r, w);
            return;
        }
    }
    finish(r);
}

static void step_ship(rdu_t* r, uint64_t rsp_ready) {
    rdu_state_t* s = &r->st;
    rdu_out_t* o = &r->out;
    RDU_ASSERT(o->rsp_valid && o->rsp_sm < r->desc.n && o->rsp_idx < r->nc);
    if (((rsp_ready >> o->rsp_sm) & 1u) == 0u) { /* R9: hold */
        r->cov[RDU_T_SHIP_HOLD]++;
        r->fcov[RDU_F_HOLD_LAST] += o->rsp_last && o->rsp_kind != RDU_RSP_NO_RACE && r->nc > 1u;
        return;
    }
    if (!o->rsp_last) { /* next beat */
        o->rsp_idx++;
        load_chunk(r, o->rsp_sm, o->rsp_idx);
        o->rsp_last = o->rsp_idx + 1u == r->nc;
        r->cov[RDU_T_SHIP_NEXT]++;
        return;
    }
    /* the last beat is transferred */
    const uint32_t i = o->rsp_sm;
    const uint32_t kind = o->rsp_kind;
    RDU_ASSERT(kind >= RDU_RSP_WRITE_ACK && kind <= RDU_RSP_FORCED);
    if (kind != RDU_RSP_NO_RACE) { /* the synchronization point (R5) */
        memset(s->sig[i], 0, (size_t)r->words * sizeof s->sig[i][0]);
        s->cnt[i] = 0;
        r->cov[RDU_T_SHIP_LAST_SYNC]++;
    } else {
        r->cov[RDU_T_SHIP_LAST_NORACE]++;
    }
    r->syncs[kind]++;
    o->rsp_valid = false;
    o->rsp_sm = 0;
    o->rsp_kind = RDU_RSP_NONE;
    o->rsp_idx = 0;
    o->rsp_last = false;
    for (uint32_t w = 0; w < r->chunk_words; w++) {
        o->rsp_chunk[w] = 0;
    }
    s->st = RDU_ST_IDLE;
}

#ifdef SIG_BLOOM_CHECK_RULES
static bool rules_hold(const rdu_t* r) {
    const rdu_state_t* s = &r->st;
    const rdu_out_t* o = &r->out;
    const uint32_t n = r->desc.n;
    uint64_t ready = 0;
    for (uint32_t j = 0; j < RDU_MAX_SM; j++) {
        if (j >= n && (s->qcnt[j] != 0u || s->cnt[j] != 0u)) {
            return false;
        }
        if (s->qcnt[j] > r->desc.queue || s->cnt[j] > r->cmax) { /* R8, CW bits */
            return false;
        }
        if (j < n && s->qcnt[j] < r->desc.queue) {
            ready |= (uint64_t)1 << j;
        }
    }
    if (o->req_ready != ready || (s->pend & ~gpucoh_mask64(n)) != 0u || s->rr >= n ||
        s->cur_sm >= n) {
        return false; /* R8 */
    }
    if (o->rsp_valid != (s->st == RDU_ST_SHIP)) { /* R7 */
        return false;
    }
    uint32_t acc = 0;
    for (uint32_t w = 0; w < SIG_BLOOM_MAX_CHUNK_WORDS; w++) {
        acc |= (w >= r->chunk_words || !o->rsp_valid) ? o->rsp_chunk[w] : 0u;
    }
    for (uint32_t w = 0; w < r->chunk_words && o->rsp_kind == RDU_RSP_NO_RACE; w++) {
        acc |= o->rsp_chunk[w]; /* D8: NO_RACE carries no signature */
    }
    if (acc != 0u) { /* R7, and words past the chunk */
        return false;
    }
    if (r->desc.sig.chunk_width < 32u && (o->rsp_chunk[0] >> r->desc.sig.chunk_width) != 0u) {
        return false;
    }
    if (!o->rsp_valid && (o->rsp_sm | o->rsp_kind | o->rsp_idx | (uint32_t)o->rsp_last) != 0u) {
        return false; /* R7 */
    }
    if (o->rsp_valid &&
        (o->rsp_last != (o->rsp_kind == RDU_RSP_NO_RACE || o->rsp_idx + 1u == r->nc) ||
         (o->rsp_kind == RDU_RSP_NO_RACE && o->rsp_idx != 0u))) {
        return false; /* R4 */
    }
    for (uint32_t w = (r->un + 31u) / 32u; w < RDU_UMASK_WORDS; w++) {
        if (s->cur_umask[w] != 0u) {
            return false;
        }
    }
    if (r->un % 32u != 0u && (s->cur_umask[r->un / 32u] >> (r->un % 32u)) != 0u) {
        return false;
    }
    return s->st <= RDU_ST_SHIP;
}
#endif

void rdu_tick(rdu_t* r, const rdu_in_t* in, rdu_out_t* out) {
    RDU_ASSERT(r != NULL && in != NULL);
    if (!in->rst_n) {
        /* synchronous reset has priority over every other input (timing.md §2) */
        r->cov[RDU_T_RESET]++;
        rdu_reset(r);
    } else {
        const uint64_t pushed = enqueue(r, in); /* in every state the FIFOs enqueue first */
        switch (r->st.st) {
        case RDU_ST_IDLE:
            step_idle(r, pushed);
            break;
        case RDU_ST_UNITS:
            step_units(r);
            break;
        case RDU_ST_SHIP:
            step_ship(r, in->rsp_ready);
            break;
        default:
            RDU_ASSERT(0 && "rdu: illegal engine state");
            break;
        }
    }
    RDU_ASSERT(r->out.rsp_valid == (r->st.st == RDU_ST_SHIP)); /* R7 */
    RDU_RULE(rules_hold(r));
    if (out != NULL) {
        *out = r->out; /* words past the chunk are 0 in the registers, so in *out too */
    }
}

/*--- coverage (spec §7) ---------------------------------------------------------------------*/

static const char* const trans_names[RDU_T_COUNT] = {
    "reset",
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
    "fifo.push_pop",
};

const char* rdu_trans_name(rdu_trans_t t) {
    if ((unsigned)t >= (unsigned)RDU_T_COUNT) {
        return "?";
    }
    return trans_names[t];
}

/* Spec §7 notes, made exact (see the header comment for T08 and T13). */
bool rdu_trans_reachable(const rdu_t* r, rdu_trans_t t) {
    RDU_ASSERT(r != NULL);
    switch (t) {
    case RDU_T_UNITS_INSERT_SAT:
        return r->desc.sig.threshold + r->un >= r->cmax + 2u;
    case RDU_T_UNITS_WRITE_FORCE_MULTI:
        return r->desc.n >= 3u;
    case RDU_T_UNITS_MULTI:
        return r->un > 1u;
    case RDU_T_SHIP_NEXT:
        return r->nc > 1u;
    default:
        return (unsigned)t < (unsigned)RDU_T_COUNT;
    }
}

static bool rdu_reach(const void* model, uint32_t row) {
    return rdu_trans_reachable(model, (rdu_trans_t)row);
}

void rdu_coverage(const rdu_t* r, uint32_t* covered, uint32_t* reachable) {
    RDU_ASSERT(r != NULL);
    sig_bloom_cov_tally(r->cov, RDU_T_COUNT, rdu_reach, r, covered, reachable);
}

const char* rdu_strerror(int err) {
    switch (err) {
    case RDU_OK:
        return "ok";
    case RDU_ERR_N:
        return "n is not in 2..64";
    case RDU_ERR_LINE:
        return "line is not 32, 64, 128 or 256";
    case RDU_ERR_QUEUE:
        return "queue is not in 1..16";
    case RDU_ERR_SIG:
        return "a signature parameter (m, k, org, hash, gran, addr_width, chunk_width, "
               "threshold, h3_seed) is illegal";
    case RDU_ERR_NULL:
        return "a NULL pointer argument";
    default:
        return "unknown rdu error";
    }
}

/*--- cover points (spec §9) -----------------------------------------------------------------*/

static const char* const fcov_names[RDU_F_N] = {
    "every SM popped (a round of the arbiter)",
    "arbiter search wraps past N-1",
    "SM 0's FIFO full",
    "SM N-1's FIFO full",
    "every FIFO full at once",
    "a FIFO head wraps to 0",
    "a forced sync served to every SM (a round)",
    "one write owes forced syncs to all N-1 others",
    "race found at the last unit of a line",
    "last beat of a multi-beat shipment held",
};

const char* rdu_fcov_name(rdu_fcov_t f) {
    return (unsigned)f < (unsigned)RDU_F_N ? fcov_names[f] : "?";
}

bool rdu_fcov_reachable(const rdu_t* r, rdu_fcov_t f) {
    switch (f) {
    case RDU_F_RACE_LAST_UNIT: /* with one unit per line, T10 is this point */
        return r->un > 1u;
    case RDU_F_HOLD_LAST:
        return r->nc > 1u;
    default:
        return (unsigned)f < (unsigned)RDU_F_N;
    }
}
