/* SPDX-License-Identifier: Apache-2.0 */
/*
 * avu.c -- C reference model of the Access Validation Unit.
 *
 * Written from docs/units/sig/avu.md (and rdu.md §4, sig_bloom.md §3-§4, docs/timing.md) only,
 * never from the RTL: the two implementations are compared cycle by cycle, so every section
 * number below cites the AVU spec unless it names another page.
 *
 * One avu_tick() is one rising edge (spec §4): step A (retire, on the values before the edge),
 * then step B (the engine, seeing A's results), then the op-register handshake, then the
 * registered outputs. An idle edge (IDLE, no beat, op register empty, nothing to retire) costs a
 * handful of compares; the per-line scrub loop runs only at a sync completion.
 *
 * Readings of the spec where it is silent or open (each also noted where it applies):
 *  - Step B sees step A's results (§4 "each seeing the results of the earlier ones"): the op
 *    gating qn < D and the slot (head + qn) mod D use qn / head after this edge's retire, so a
 *    full queue that retires its head takes a waiting access in the same edge.
 *  - "clear opv" clears only opv: the other op-register fields keep their values until the next
 *    access is accepted (they are state, compared with the RTL).
 *  - TEST ending with a member (AVU_MISS) leaves tmask as it is (only VALIDATE's member case says
 *    tmask = 0); a TEST that passes every unit ends with tmask = 0 anyway.
 *  - A beat whose kind is not 1..4 is taken (rsp_ready was 1) and counted as a protocol error; in
 *    IDLE nothing else happens (no bullet of §4 B IDLE 1 applies); in LOAD the chunk is written and
 *    a last beat completes the sync, as §4 LOAD says without looking at the kind. Sync completion
 *    step 2 acts only for WRITE_ACK / RACE and FORCED; any other kind changes no slot and no outs.
 *  - rsp_idx is taken at its port width CIW; an index >= NC (only possible at NC = 1) writes
 *    chunk rsp_idx mod NC (D10) and is a protocol error.
 *  - protocol_errors counts (§9): an answer with outs = 0 (R9, NO_RACE / WRITE_ACK / RACE); a
 *    beat of kind 0 or 5..7; NO_RACE with rsp_last = 0 or rsp_idx != 0, or inside a shipment
 *    (LOAD); a beat whose index is >= NC or not its position in the shipment (fc_pos:
 *    bookkeeping, not state); rsp_last on a beat other than position NC - 1, or missing there.
 *    The answer with outs = 0 counts once, the other errors of a beat once per beat; each kind
 *    also has its cover point (F12-F17), a store accepted while pending_o = 1 only its cover
 *    point (F18). Behaviour is still that of §4 (nothing is asserted on input errors).
 *  - Cover points (§8) are counted where their event happens (allocation, retire, sync, the
 *    op's classification); "becomes full" / "reaches" on the value after the change.
 *  - Coverage: T02 idle.wait = IDLE with no beat and no op (an access may enter the register in
 *    the same edge); T04 only in IDLE; T25 validate.pass at the edge that ends an entry's
 *    validation with sfail = 0; T26 validate.fail at the edge that finds the member.
 */
#include "avu.h"
#include "gpucoh_bits.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

/* mask of the low n bits, 0 <= n <= 32 */
static inline uint32_t mask32(uint32_t n) {
    return n >= 32u ? ~(uint32_t)0 : (1u << n) - 1u;
}

#if defined(__GNUC__) || defined(__clang__)
#define AVU_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define AVU_PRINTF_LIKE(f, a)
#endif

static int fail(char* msg, size_t msg_len, int err, const char* fmt, ...) AVU_PRINTF_LIKE(4, 5);

/* Write the one-line message (when msg is not NULL) and return err. */
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

avu_desc_t avu_desc_default(void) {
    avu_desc_t d;
    memset(&d, 0, sizeof d);
    d.sig = sig_bloom_desc_default();
    d.sig.m = 4096u;
    d.sig.k = 6u;
    d.sig.org = SIG_BLOOM_ORG_TRUE;
    d.sig.hash = SIG_BLOOM_HASH_H3;
    d.sig.gran = 128u;
    d.sig.addr_width = 32u;
    d.sig.chunk_width = 256u;     /* rdu §1: the 32-byte interconnect channel */
    d.sig.threshold = 4096u / 8u; /* not used by the AVU */
    d.sig.h3_seed = 0x9E3779B9u;
    d.line = 128u;
    d.lines = 128u;
    d.epoch_width = 5u;
    d.hit_limit = 4u;
    d.spec_depth = 8u;
    d.out_max = 16u;
    d.id_width = 16u;
    return d;
}

int avu_check_desc(const avu_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return fail(msg, msg_len, AVU_ERR_NULL, "avu: desc is NULL");
    }
    if (d->line != 32u && d->line != 64u && d->line != 128u && d->line != 256u) {
        return fail(msg, msg_len, AVU_ERR_LINE,
                    "avu: line = %u is illegal (LineBytes: 32, 64, 128 or 256)", (unsigned)d->line);
    }
    if (!gpucoh_is_pow2(d->lines) || d->lines < 4u || d->lines > AVU_MAX_LINES) {
        return fail(msg, msg_len, AVU_ERR_LINES,
                    "avu: lines = %u is illegal (NumLines: a power of two in 4..%u)",
                    (unsigned)d->lines, (unsigned)AVU_MAX_LINES);
    }
    if (d->epoch_width < 2u || d->epoch_width > 8u) {
        return fail(msg, msg_len, AVU_ERR_EPOCH,
                    "avu: epoch_width = %u is illegal (EpochWidth: 2..8)",
                    (unsigned)d->epoch_width);
    }
    if (d->hit_limit < 1u || d->hit_limit > 15u) {
        return fail(msg, msg_len, AVU_ERR_HIT_LIMIT,
                    "avu: hit_limit = %u is illegal (HitLimit: 1..15)", (unsigned)d->hit_limit);
    }
    if (d->spec_depth < 1u || d->spec_depth > AVU_MAX_SPEC) {
        return fail(msg, msg_len, AVU_ERR_SPEC,
                    "avu: spec_depth = %u is illegal (SpecDepth: 1..%u)", (unsigned)d->spec_depth,
                    (unsigned)AVU_MAX_SPEC);
    }
    if (d->out_max < 1u || d->out_max > 255u) {
        return fail(msg, msg_len, AVU_ERR_OUT_MAX, "avu: out_max = %u is illegal (OutMax: 1..255)",
                    (unsigned)d->out_max);
    }
    if (d->id_width < 1u || d->id_width > 32u) {
        return fail(msg, msg_len, AVU_ERR_ID_WIDTH,
                    "avu: id_width = %u is illegal (IdWidth: 1..32)", (unsigned)d->id_width);
    }
    {
        char inner[200];
        inner[0] = '\0';
        if (sig_bloom_check_desc(&d->sig, inner, sizeof inner) != SIG_BLOOM_OK) {
            return fail(msg, msg_len, AVU_ERR_SIG, "avu: %s", inner);
        }
    }
    return AVU_OK;
}

/*--- init / reset ---------------------------------------------------------------------------*/

int avu_init(avu_t* a, const avu_desc_t* d, char* msg, size_t msg_len) {
    if (a == NULL) {
        return fail(msg, msg_len, AVU_ERR_NULL, "avu: a (the model state) is NULL");
    }
    memset(a, 0, sizeof *a);
    const int err = avu_check_desc(d, msg, msg_len);
    if (err != AVU_OK) {
        return err; /* a stays zeroed */
    }
    if (sig_bloom_init(&a->hash, &d->sig, NULL, 0) != SIG_BLOOM_OK) {
        memset(a, 0, sizeof *a); /* cannot happen: the desc was checked above */
        return fail(msg, msg_len, AVU_ERR_SIG, "avu: sig_bloom_init failed");
    }
    a->desc = *d;

    /* derived values (spec §1, rdu §1) */
    a->lg = gpucoh_log2_floor(d->sig.gran);
    a->ll = gpucoh_log2_floor(d->line);
    a->nc = d->sig.m / d->sig.chunk_width;
    a->ciw = a->nc > 1u ? gpucoh_log2_floor(a->nc) : 1u;
    a->un = d->sig.gran >= d->line ? 1u : d->line / d->sig.gran;
    a->words = d->sig.m / 32u;
    a->chunk_words = (d->sig.chunk_width + 31u) / 32u;
    a->hw = d->hit_limit > 1u ? gpucoh_log2_ceil(d->hit_limit) : 1u;
    a->ow = gpucoh_log2_ceil(d->out_max + 1u);
    a->emask = (1u << d->epoch_width) - 1u;
    SIG_BLOOM_ASSERT(a->un >= 1u && a->un <= 256u);

    avu_reset(a);
    if (msg != NULL && msg_len > 0u) {
        msg[0] = '\0';
    }
    return AVU_OK;
}

/* Outputs are Moore functions of the state (§3); res_* / cmt_* are left as they are. */
static inline void derive_outputs(avu_t* a) {
    const avu_state_t* s = &a->st;
    avu_out_t* o = &a->out;
    o->ready = !s->opv;
    o->rsp_ready = s->st == AVU_ST_IDLE || s->st == AVU_ST_LOAD;
    o->epoch = s->epoch;
    o->pending = s->qn != 0u;
}

void avu_reset(avu_t* a) {
    SIG_BLOOM_ASSERT(a != NULL);
    memset(&a->st, 0, sizeof a->st);
    memset(&a->out, 0, sizeof a->out);
    a->fc_pos = 0;
    derive_outputs(a);
}

/*--- signature access -----------------------------------------------------------------------*/

/* member(x): all k signature bits of unit address x set (§4, sig_bloom §4). */
static bool member(const avu_t* a, uint64_t unit_addr) {
    uint32_t v[SIG_BLOOM_MAX_HASHES];
    sig_bloom_indices(&a->hash, unit_addr, v);
    for (uint32_t i = 0; i < a->desc.sig.k; i++) {
        if (((a->st.sig[v[i] >> 5] >> (v[i] & 31u)) & 1u) == 0u) {
            return false;
        }
    }
    return true;
}

/* Write chunk idx (bits [idx*C, (idx+1)*C)) of the signature; input bits >= C are not on the
 * port and are ignored (sig_bloom §3 layout). */
static void write_chunk(avu_t* a, uint32_t idx, const uint32_t* data) {
    const uint32_t c = a->desc.sig.chunk_width;
    if (c >= 32u) {
        memcpy(&a->st.sig[idx * a->chunk_words], data,
               (size_t)a->chunk_words * sizeof a->st.sig[0]);
    } else {
        const uint32_t pos = idx * c;
        const uint32_t m = ((1u << c) - 1u) << (pos & 31u);
        uint32_t* w = &a->st.sig[pos >> 5];
        *w = (*w & ~m) | ((data[0] << (pos & 31u)) & m);
    }
}

/* lowest set bit of a unit mask; UN bits, at least one set */
static inline uint32_t lowest_unit(const avu_t* a, const uint32_t* um) {
    const uint32_t nw = (a->un + 31u) / 32u;
    for (uint32_t w = 0; w < nw; w++) {
        if (um[w] != 0u) {
            return 32u * w + ctz32(um[w]);
        }
    }
    SIG_BLOOM_ASSERT(0 && "lowest_unit of an empty mask");
    return 0;
}

static inline bool umask_zero(const avu_t* a, const uint32_t* um) {
    const uint32_t nw = (a->un + 31u) / 32u;
    uint32_t acc = 0;
    for (uint32_t w = 0; w < nw; w++) {
        acc |= um[w];
    }
    return acc == 0u;
}

/*--- engine pieces (spec §4) ----------------------------------------------------------------*/

/* Stamping line l: fe = E (D4), fresh = 1, hits = 0. */
static inline void stamp(avu_t* a, uint32_t l) {
    a->st.fe[l] = (uint8_t)a->st.epoch;
    a->st.fresh[l] = 1u;
    a->st.hits[l] = 0u;
}

static inline void outs_inc(avu_t* a) {
    a->st.outs++;
    a->fcov[AVU_F_OUTS_MAX] += a->st.outs == a->desc.out_max;
    SIG_BLOOM_ASSERT(a->st.outs <= a->desc.out_max); /* R9: gated by outs < OutMax */
}

/* outs - 1 for an answer; an answer with outs = 0 is a protocol error (R9) and leaves 0. */
static inline void outs_dec(avu_t* a) {
    if (a->st.outs == 0u) {
        a->protocol_errors++;
        a->fcov[AVU_F_ILL_ANSWER0]++;
    } else {
        a->st.outs--;
    }
}

static inline void set_result(avu_t* a, uint32_t kind, bool rc) {
    avu_out_t* o = &a->out;
    o->res_valid = true;
    o->res_kind = kind;
    o->res_rc = rc;
    o->res_id = a->st.op_id;
}

/* Result HIT for the op register's load (current or previous epoch). */
static void result_hit(avu_t* a) {
    avu_state_t* s = &a->st;
    const uint32_t l = s->op_line;
    const uint32_t o = s->outs;
    const bool rc = (uint32_t)s->hits[l] + 1u == a->desc.hit_limit;
    s->hits[l] = rc ? 0u : (uint8_t)(s->hits[l] + 1u);
    s->outs = o + (rc ? 1u : 0u);
    SIG_BLOOM_ASSERT(s->outs <= a->desc.out_max);
    a->fcov[AVU_F_OUTS_MAX] += rc && s->outs == a->desc.out_max;
    a->fcov[AVU_F_HIT_LINE_LAST] += l + 1u == a->desc.lines;
    if (rc) {
        a->cov[AVU_T_HIT_RC]++;
    }
    if (s->outs > 0u) { /* R6: speculative iff requests are outstanding after the hit */
        const uint32_t d = a->desc.spec_depth;
        SIG_BLOOM_ASSERT(s->qn < d);
        const uint32_t slot = (s->head + s->qn) % d;
        SIG_BLOOM_ASSERT(!s->sv[slot]);
        s->sv[slot] = true;
        s->sid[slot] = s->op_id;
        s->saddr[slot] = s->op_addr;
        (void)rdu_umask(a->desc.line, a->desc.sig.gran, s->op_mask, s->sumask[slot]);
        s->scnt[slot] = s->outs;
        s->sfail[slot] = false;
        s->sneed[slot] = false;
        s->qn++;
        a->fcov[AVU_F_SPEC_FULL] += s->qn == d;
        a->fcov[AVU_F_SCNT_MAX] += s->outs == a->desc.out_max;
        a->fcov[AVU_F_RETIRE_ALLOC] += a->fc_retired_full;
        a->out.res_spec = true;
        a->cov[AVU_T_HIT_SPEC]++;
    }
    set_result(a, AVU_RES_HIT, rc);
}

/* Result MISS / EXPIRED / AVU_MISS: stamp line l, one more outstanding request, race-check. */
static void result_miss(avu_t* a, uint32_t kind) {
    stamp(a, a->st.op_line);
    outs_inc(a);
    set_result(a, kind, true);
}

/* Process the op register (§4, IDLE step 2). Clears opv unless the load enters TEST. */
static void process_op(avu_t* a) {
    avu_state_t* s = &a->st;
    const uint32_t l = s->op_line;
    if (s->op_store) {
        outs_inc(a); /* the write request the SM sends */
        if (!s->op_hit) {
            stamp(a, l); /* write-allocate */
            a->cov[AVU_T_STORE_ALLOC]++;
        } else {
            a->cov[AVU_T_STORE_HIT]++; /* D4: a store hit leaves the tag unchanged */
        }
        set_result(a, AVU_RES_STORE, false);
        s->opv = false;
        return;
    }
    if (!s->op_hit) { /* R4 */
        a->cov[AVU_T_LOAD_MISS]++;
        result_miss(a, AVU_RES_MISS);
        s->opv = false;
        return;
    }
    const uint32_t age = (s->epoch - s->fe[l]) & a->emask;
    SIG_BLOOM_ASSERT(!s->fresh[l] || age <= 1u); /* R1 */
    if (s->fresh[l] && age == 0u) {              /* R2: CUR, no signature test */
        a->cov[AVU_T_LOAD_CUR_HIT]++;
        result_hit(a);
        s->opv = false;
    } else if (s->fresh[l] && age == 1u) { /* R3: PREV */
        a->fcov[AVU_F_PREV_WRAP] += s->fe[l] > s->epoch;
        uint32_t um[RDU_UMASK_WORDS];
        (void)rdu_umask(a->desc.line, a->desc.sig.gran, s->op_mask, um);
        if (umask_zero(a, um)) {
            a->cov[AVU_T_LOAD_PREV_EMPTY]++;
            result_hit(a);
            s->opv = false;
        } else {
            memcpy(s->tmask, um, sizeof s->tmask);
            s->st = AVU_ST_TEST;
            a->cov[AVU_T_LOAD_PREV_TEST]++; /* opv stays set until the test ends */
        }
    } else { /* D3: never fetched, scrubbed, or age >= 2 */
        a->cov[AVU_T_LOAD_EXPIRED]++;
        result_miss(a, AVU_RES_EXPIRED);
        s->opv = false;
    }
}

/* TEST: one unit of the op register's load against sig. */
static void test_step(avu_t* a) {
    avu_state_t* s = &a->st;
    const uint32_t u0 = lowest_unit(a, s->tmask);
    const uint64_t ua = rdu_unit_addr(a->desc.line, a->desc.sig.gran, s->op_addr, u0);
    if (member(a, ua)) {
        /* reading: tmask is left as it is (the spec sets tmask = 0 only in VALIDATE) */
        a->cov[AVU_T_TEST_AVU_MISS]++;
        result_miss(a, AVU_RES_AVU_MISS);
        s->st = AVU_ST_IDLE;
        s->opv = false;
        return;
    }
    s->tmask[u0 >> 5] &= ~(1u << (u0 & 31u));
    if (umask_zero(a, s->tmask)) {
        a->cov[AVU_T_TEST_HIT]++;
        result_hit(a);
        s->st = AVU_ST_IDLE;
        s->opv = false;
    } else {
        a->cov[AVU_T_TEST_UNIT_PASS]++;
    }
}

/* Lowest slot with sneed = 1: VALIDATE it, else IDLE (Sync completion 3, VALIDATE end). */
static void next_validation(avu_t* a) {
    avu_state_t* s = &a->st;
    for (uint32_t i = 0; i < a->desc.spec_depth; i++) {
        if (s->sneed[i]) {
            a->fcov[AVU_F_VALIDATE_LAST] += i + 1u == a->desc.spec_depth;
            s->st = AVU_ST_VALIDATE;
            s->vslot = i;
            memcpy(s->tmask, s->sumask[i], sizeof s->tmask);
            return;
        }
    }
    s->st = AVU_ST_IDLE;
}

/* VALIDATE: one unit of slot vslot, or the end of its validation. */
static void validate_step(avu_t* a) {
    avu_state_t* s = &a->st;
    const uint32_t v = s->vslot;
    if (!umask_zero(a, s->tmask)) {
        const uint32_t u0 = lowest_unit(a, s->tmask);
        const uint64_t ua = rdu_unit_addr(a->desc.line, a->desc.sig.gran, s->saddr[v], u0);
        if (member(a, ua)) {
            s->sfail[v] = true;
            memset(s->tmask, 0, sizeof s->tmask);
            a->cov[AVU_T_VALIDATE_FAIL]++;
        } else {
            s->tmask[u0 >> 5] &= ~(1u << (u0 & 31u));
        }
        return;
    }
    /* tmask = 0 at the start of the edge */
    if (!s->sfail[v]) {
        a->cov[AVU_T_VALIDATE_PASS]++;
    }
    s->sneed[v] = false;
    next_validation(a);
}

/* Sync completion (§4): the last beat of a shipment of kind `kind`. */
static void sync_completion(avu_t* a, uint32_t kind) {
    avu_state_t* s = &a->st;
    const uint32_t d = a->desc.spec_depth;
    /* 1. epoch + 1 and the scrub (D1) */
    const uint32_t e_new = (s->epoch + 1u) & a->emask;
    const uint8_t old = (uint8_t)((e_new - 2u) & a->emask);
    uint32_t scrubbed = 0;
    for (uint32_t l = 0; l < a->desc.lines; l++) {
        if (s->fresh[l] && s->fe[l] == old) {
            s->fresh[l] = 0u;
            scrubbed++;
        }
    }
    s->epoch = e_new;
    if (scrubbed != 0u) {
        a->cov[AVU_T_SYNC_SCRUB]++;
    }
    if (e_new == 0u) {
        a->cov[AVU_T_SYNC_WRAP]++;
    }
    a->fcov[AVU_F_SCRUB_WRAP] += scrubbed != 0u && e_new <= 1u;
#ifdef SIG_BLOOM_CHECK_RULES
    for (uint32_t l = 0; l < a->desc.lines; l++) { /* R1 */
        SIG_BLOOM_RULE(!s->fresh[l] || ((e_new - s->fe[l]) & a->emask) <= 1u);
    }
#endif
    /* 2. validation requests and counts (D6) */
    if (kind == RDU_RSP_WRITE_ACK || kind == RDU_RSP_RACE) {
        for (uint32_t i = 0; i < d; i++) {
            if (s->sv[i] && s->scnt[i] > 0u) {
                s->sneed[i] = true;
                s->scnt[i]--;
            }
        }
        outs_dec(a);
        a->cov[kind == RDU_RSP_WRITE_ACK ? AVU_T_BEAT_LAST_ACK : AVU_T_BEAT_LAST_RACE]++;
    } else if (kind == RDU_RSP_FORCED) {
        for (uint32_t i = 0; i < d; i++) {
            if (s->sv[i] && s->scnt[i] > 0u) {
                s->sneed[i] = true;
            }
        }
        a->cov[AVU_T_BEAT_LAST_FORCED]++;
    }
    /* 3. */
    uint32_t marked = 0;
    for (uint32_t i = 0; i < d; i++) {
        marked += s->sneed[i];
    }
    a->fcov[AVU_F_VALIDATE_MULTI] += marked >= 2u;
    next_validation(a);
}

/* A NO_RACE beat taken in IDLE: it answers one request, outs - 1 (R9) and every valid slot's
 * count - 1 (floored at 0); without its last flag or with an index it is malformed (§9). */
static void take_norace(avu_t* a, uint32_t port, bool last) {
    avu_state_t* s = &a->st;
    a->cov[AVU_T_BEAT_NORACE]++;
    outs_dec(a);
    for (uint32_t i = 0; i < a->desc.spec_depth; i++) {
        if (s->sv[i] && s->scnt[i] > 0u) {
            s->scnt[i]--;
        }
    }
    if (!last || port != 0u) {
        a->protocol_errors++; /* NO_RACE is a single beat (rdu §5) */
        a->fcov[AVU_F_ILL_NORACE]++;
    }
}

/* The protocol errors of a beat that writes a chunk (§9), at position pos of its shipment:
 * each kind counted in its cover point, the beat once in protocol_errors. */
static void beat_errors(avu_t* a, uint32_t kind, uint32_t port, bool last, uint32_t pos) {
    const bool nr = kind == RDU_RSP_NO_RACE;
    const bool bad_kind = !nr && (kind < RDU_RSP_WRITE_ACK || kind > RDU_RSP_FORCED);
    const bool range = port >= a->nc;                    /* only at NC = 1 (D10) */
    const bool order = !range && port != pos;            /* beats come in order 0 .. NC-1 */
    const bool wrong_last = last != (pos + 1u == a->nc); /* rsp_last on beat NC-1 only */
    a->fcov[AVU_F_ILL_NORACE] += nr;                     /* a NO_RACE inside a shipment */
    a->fcov[AVU_F_ILL_KIND] += bad_kind;
    a->fcov[AVU_F_ILL_IDX] += range;
    a->fcov[AVU_F_ILL_ORDER] += order;
    a->fcov[AVU_F_ILL_LAST] += wrong_last;
    if (nr || bad_kind || range || order || wrong_last) {
        a->protocol_errors++;
    }
}

/* A beat taken in IDLE (idle = true) or LOAD. */
static void take_beat(avu_t* a, const avu_in_t* in, bool idle) {
    avu_state_t* s = &a->st;
    const uint32_t kind = in->rsp_kind & 7u;            /* 3-bit port */
    const uint32_t port = in->rsp_idx & mask32(a->ciw); /* CIW-bit port */
    const bool last = in->rsp_last;
    const bool sig_kind =
        kind == RDU_RSP_WRITE_ACK || kind == RDU_RSP_RACE || kind == RDU_RSP_FORCED;

    if (idle && kind == RDU_RSP_NO_RACE) {
        take_norace(a, port, last);
        return;
    }
    if (idle && !sig_kind) {
        a->protocol_errors++; /* kind 0 or 5..7: taken, nothing else (reading, see header) */
        a->fcov[AVU_F_ILL_KIND]++;
        return;
    }
    /* IDLE with WRITE_ACK / RACE / FORCED (position 0), or any beat in LOAD */
    const uint32_t pos = idle ? 0u : a->fc_pos;
    beat_errors(a, kind, port, last, pos);
    write_chunk(a, port & (a->nc - 1u), in->rsp_chunk); /* chunk rsp_idx mod NC (D10) */
    if (last) {
        a->fc_pos = 0;
        sync_completion(a, kind);
    } else {
        if (idle) {
            a->cov[AVU_T_BEAT_FIRST]++;
        }
        a->fc_pos = pos + 1u;
        s->st = AVU_ST_LOAD;
    }
}

static void retire(avu_t* a) {
    avu_state_t* s = &a->st;
    const uint32_t h = s->head;
    avu_out_t* o = &a->out;
    o->cmt_valid = true;
    o->cmt_id = s->sid[h];
    o->cmt_failed = s->sfail[h];
    a->cov[s->sfail[h] ? AVU_T_RETIRE_SQUASH : AVU_T_RETIRE_OK]++;
    s->sv[h] = false;
    s->sid[h] = 0;
    s->saddr[h] = 0;
    memset(s->sumask[h], 0, sizeof s->sumask[h]);
    s->scnt[h] = 0;
    s->sfail[h] = false;
    s->sneed[h] = false;
    a->fc_retired_full = s->qn == a->desc.spec_depth;
    s->head = (h + 1u) % a->desc.spec_depth;
    s->qn--;
    a->fcov[AVU_F_HEAD_WRAP] += s->head == 0u;
    a->fcov[AVU_F_SPEC_DRAIN] += s->qn == 0u;
}

/* The op register takes the access (port widths applied). */
static void accept_op(avu_t* a, const avu_in_t* in) {
    avu_state_t* s = &a->st;
    s->opv = true;
    s->op_store = in->op_store;
    s->op_line = in->op_line & (a->desc.lines - 1u);
    s->op_hit = in->op_hit;
    s->op_addr = in->op_addr & gpucoh_mask64(a->desc.sig.addr_width);
    const uint32_t lw = a->desc.line / 32u;
    for (uint32_t w = 0; w < RDU_MASK_WORDS; w++) {
        s->op_mask[w] = w < lw ? in->op_mask[w] : 0u;
    }
    s->op_id = in->op_id & mask32(a->desc.id_width);
    a->cov[AVU_T_OP_ACCEPT]++;
    a->fcov[AVU_F_ILL_STORE] += in->op_store && a->out.pending; /* pending_o of this cycle */
}

#ifdef SIG_BLOOM_CHECK_RULES
/* Queue shape: qn valid slots, contiguous from head; free slots all 0; sneed only in VALIDATE;
 * no count above outs (answers come in FIFO order). O(D) per edge, rule builds only. */
static bool queue_ok(const avu_t* a) {
    const avu_state_t* s = &a->st;
    const uint32_t d = a->desc.spec_depth;
    if (s->qn > d || s->head >= d) {
        return false;
    }
    for (uint32_t i = 0; i < d; i++) {
        const uint32_t off = i >= s->head ? i - s->head : i + d - s->head; /* (i - head) mod D */
        const bool in_q = off < s->qn;
        if (s->sv[i] != in_q) {
            return false;
        }
        if (!in_q && (s->sid[i] != 0u || s->saddr[i] != 0u || s->scnt[i] != 0u || s->sfail[i] ||
                      s->sneed[i])) {
            return false;
        }
        if (s->sneed[i] && s->st != AVU_ST_VALIDATE) {
            return false;
        }
        if (s->scnt[i] > s->outs && s->sv[i]) {
            /* a count never exceeds the requests still outstanding (FIFO answers) */
            return false;
        }
    }
    return true;
}
#endif

/*--- one rising edge (spec §4) --------------------------------------------------------------*/

void avu_tick(avu_t* a, const avu_in_t* in, avu_out_t* out) {
    SIG_BLOOM_ASSERT(a != NULL && in != NULL);
    avu_state_t* s = &a->st;
    avu_out_t* o = &a->out;

    if (!in->rst_n) {
        a->cov[AVU_T_RESET]++;
        avu_reset(a);
    } else {
        const bool ready_pre = !s->opv; /* ready_o during the cycle before this edge */

        /* res_* and cmt_* are 0 unless set by this edge (payloads 0 with their valid) */
        o->res_valid = false;
        o->res_kind = 0;
        o->res_spec = false;
        o->res_rc = false;
        o->res_id = 0;
        o->cmt_valid = false;
        o->cmt_failed = false;
        o->cmt_id = 0;

        /* A. Retire (values before this edge's step B) */
        a->fc_retired_full = false;
        if (s->qn != 0u && s->scnt[s->head] == 0u && !s->sneed[s->head]) {
            retire(a);
        }

        /* B. Engine */
        switch (s->st) {
        case AVU_ST_IDLE:
            if (in->rsp_valid) { /* rsp_ready_o was 1: a beat has priority over the op */
                if (s->opv) {
                    a->cov[AVU_T_OP_BEHIND_BEAT]++;
                }
                take_beat(a, in, true);
            } else if (s->opv) {
                if (s->outs < a->desc.out_max && s->qn < a->desc.spec_depth) {
                    process_op(a);
                } else {
                    a->cov[AVU_T_OP_BLOCKED]++;
                }
            } else {
                a->cov[AVU_T_IDLE_WAIT]++;
            }
            break;
        case AVU_ST_LOAD:
            if (in->rsp_valid) {
                take_beat(a, in, false);
            }
            break;
        case AVU_ST_TEST:
            test_step(a);
            break;
        default: /* AVU_ST_VALIDATE */
            validate_step(a);
            break;
        }

        /* the op register takes an access presented while ready_o was 1 */
        if (ready_pre && in->op_valid) {
            SIG_BLOOM_ASSERT(!s->opv);
            accept_op(a, in);
        }

        SIG_BLOOM_ASSERT(s->outs <= a->desc.out_max); /* R9 */
        SIG_BLOOM_ASSERT(s->qn <= a->desc.spec_depth);
        SIG_BLOOM_ASSERT(s->st != AVU_ST_TEST || s->opv);
        SIG_BLOOM_RULE(queue_ok(a));
        SIG_BLOOM_RULE(o->res_valid ||
                       (o->res_kind == 0u && !o->res_spec && !o->res_rc && o->res_id == 0u));
        SIG_BLOOM_RULE(o->cmt_valid || (!o->cmt_failed && o->cmt_id == 0u));
    }

    derive_outputs(a);
    if (out != NULL) {
        *out = *o;
    }
}

/*--- coverage (spec §6) ---------------------------------------------------------------------*/

static const char* const trans_names[AVU_T_COUNT] = {
    "reset",          "idle.wait",        "op.accept",     "op.blocked",     "op.behind_beat",
    "load.miss",      "load.expired",     "load.cur.hit",  "load.prev.test", "load.prev.empty",
    "test.unit.pass", "test.hit",         "test.avu_miss", "hit.rc",         "hit.spec",
    "store.hit",      "store.alloc",      "beat.norace",   "beat.first",     "beat.last.ack",
    "beat.last.race", "beat.last.forced", "sync.scrub",    "sync.wrap",      "validate.pass",
    "validate.fail",  "retire.ok",        "retire.squash",
};

const char* avu_trans_name(avu_trans_t t) {
    if ((unsigned)t >= (unsigned)AVU_T_COUNT) {
        return "?";
    }
    return trans_names[t];
}

bool avu_trans_reachable(const avu_t* a, avu_trans_t t) {
    SIG_BLOOM_ASSERT(a != NULL);
    switch (t) {
    case AVU_T_TEST_UNIT_PASS:
        return a->un > 1u;
    case AVU_T_BEAT_FIRST:
        return a->nc > 1u;
    default:
        return (unsigned)t < (unsigned)AVU_T_COUNT;
    }
}

static bool avu_reach(const void* model, uint32_t row) {
    return avu_trans_reachable(model, (avu_trans_t)row);
}

void avu_coverage(const avu_t* a, uint32_t* covered, uint32_t* reachable) {
    SIG_BLOOM_ASSERT(a != NULL);
    sig_bloom_cov_tally(a->cov, AVU_T_COUNT, avu_reach, a, covered, reachable);
}

const char* avu_strerror(int err) {
    switch (err) {
    case AVU_OK:
        return "ok";
    case AVU_ERR_LINE:
        return "line is not 32, 64, 128 or 256";
    case AVU_ERR_LINES:
        return "lines is not a power of two in 4..1024";
    case AVU_ERR_EPOCH:
        return "epoch_width is not in 2..8";
    case AVU_ERR_HIT_LIMIT:
        return "hit_limit is not in 1..15";
    case AVU_ERR_SPEC:
        return "spec_depth is not in 1..32";
    case AVU_ERR_OUT_MAX:
        return "out_max is not in 1..255";
    case AVU_ERR_ID_WIDTH:
        return "id_width is not in 1..32";
    case AVU_ERR_SIG:
        return "a signature parameter is illegal (see sig_bloom_check_desc)";
    case AVU_ERR_NULL:
        return "a NULL pointer argument";
    default:
        return "unknown avu error";
    }
}

/*--- cover points (spec §8) -----------------------------------------------------------------*/

static const char* const fcov_names[AVU_F_N] = {
    "speculative queue full",
    "a retire empties the queue",
    "queue head wraps to slot 0",
    "full queue retires and allocates in one edge",
    "outstanding requests reach OutMax",
    "entry allocated with its count at OutMax",
    "previous-epoch load across the epoch wrap",
    "scrub at the epoch wrap",
    "a sync marks two or more entries",
    "validation of slot D-1",
    "hit on line NumLines-1",
    "illegal: answer with outs = 0",
    "illegal: beat of kind 0 or 5-7",
    "illegal: NO_RACE not a single beat in IDLE",
    "illegal: beat index out of order",
    "illegal: beat index >= NC",
    "illegal: rsp_last on the wrong beat",
    "illegal: store while pending_o = 1",
};

const char* avu_fcov_name(avu_fcov_t f) {
    return (unsigned)f < (unsigned)AVU_F_N ? fcov_names[f] : "?";
}

bool avu_fcov_reachable(const avu_t* a, avu_fcov_t f) {
    if (f == AVU_F_VALIDATE_MULTI) {
        return a->desc.spec_depth >= 2u; /* one slot cannot hold two entries */
    }
    if (f == AVU_F_ILL_IDX) {
        return a->nc == 1u; /* the CIW-bit port names only chunks unless NC = 1 */
    }
    return (unsigned)f < (unsigned)AVU_F_N;
}
