/* SPDX-License-Identifier: Apache-2.0 */
/*
 * avu_tb.c -- testbench adapter of the Access Validation Unit (docs/units/sig/avu.md) for the
 * lockstep engine. The testbench plays the SM with its L1 tags and the RDU:
 *
 *   SM / L1   keeps a tag per line; a load or store goes to a random line and hits the tag
 *             (most of the time) or allocates it with a new address from a small pool; stores
 *             are issued only while no speculative load is pending (avu D7). Accesses are
 *             presented when ready_o = 1 (sometimes also when it is 0: ignored, rule 6).
 *   RDU       answers every request the AVU reports (res_rc = 1: a race-check; a store: a write)
 *             in order, after a random delay: WRITE_ACK for writes, RACE or NO_RACE for
 *             race-checks, and now and then an unsolicited FORCED sync. A signature is built by
 *             inserting recently used line addresses (so validation fails and AVU misses happen)
 *             and random ones, and shipped in NC beats that wait for rsp_ready_o.
 * Phases: MIX; SLOW (the RDU answers late: outstanding requests pile up, the speculative queue
 * fills, OutMax blocks); STORM (stores: an epoch per store, scrubs, wrap-around); HITS (loads to
 * resident lines: hit limit, speculation). A reset about once per 300 000 cycles.
 * Steering (--steer on, the default; docs/units/sig/avu.md §8) draws from a stream of its own: half
 * the HITS phases use the top four lines instead of the bottom four, and one phase in four
 * becomes HITS with the RDU almost silent (outstanding requests pile up to OutMax - 1, then a
 * hit that reaches the hit limit allocates an entry whose count is OutMax).
 * Illegal inputs (--illegal-rate N, default 0.1 per 1000 with steering; docs/units/sig/avu.md §9):
 * in N of 1000 cycles a third stream arms one of six kinds, presented at the first cycle where it
 * applies: an answer with outs = 0, a beat of kind 0/5-7, a malformed NO_RACE, a beat index out
 * of order (>= NC at NC = 1), rsp_last on the wrong beat, a store while pending_o = 1. The RDU and
 * SM sides keep their books so that the rest of the traffic stays legal.
 */
#include "avu_tb.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "tb_common.h"
#include "avu_ports.h"
#include "tb_ports.h"
#include "energy_filter.h"

enum { PH_MIX, PH_SLOW, PH_STORM, PH_HITS, PH_COUNT };
/* illegal-input kinds (§9), armed one at a time */
enum { IL_ANSWER0, IL_KIND, IL_NORACE, IL_IDX, IL_LAST, IL_STORE, IL_COUNT };
#define POOL 64u
#define ANSQ 512u

typedef struct {
    avu_t model; /* first member: tests read the model through the ctx */
    sig_bloom_t hash;
    gpucoh_rng_t rng, srng, irng; /* base traffic, steering, illegal inputs */
    bool steer;
    uint32_t illegal_rate; /* per 100 000 cycles */
    uint32_t ill_armed;    /* 1 + the illegal kind waiting for a cycle where it applies; 0 none */
    uint64_t illegal_n;    /* illegal inputs presented */
    bool mirror;           /* HITS on the top lines */
    int stim;
    uint64_t addr_mask;
    int phase;
    uint64_t phase_left;
    uint32_t issue_pm, store_pm, hit_pm, delay_max, race_pm;
    /* SM / L1 */
    uint64_t ltag[AVU_MAX_LINES];
    uint8_t lpresent[AVU_MAX_LINES];
    uint64_t pool[POOL];
    uint32_t next_id;
    /* RDU: answers owed, in order */
    uint8_t ans[ANSQ];
    uint32_t ans_head, ans_n;
    /* the shipment on the bus */
    bool ship;
    uint32_t ship_kind, ship_idx, ship_beats, wait;
    uint32_t sig[SIG_BLOOM_MAX_WORDS];
} avu_ctx_t;

static void new_phase(avu_ctx_t* c) {
    uint32_t r = gpucoh_rng_below(&c->rng, 100);
    c->phase = r < 40 ? PH_MIX : r < 60 ? PH_SLOW : r < 80 ? PH_STORM : PH_HITS;
    c->phase_left = 500 + gpucoh_rng_below(&c->rng, 20000);
    c->issue_pm = 300 + gpucoh_rng_below(&c->rng, 700);
    c->store_pm = 100;
    c->hit_pm = 750;
    c->delay_max = 20;
    c->race_pm = 300;
    switch (c->phase) {
    case PH_SLOW:
        c->delay_max = 400;
        break;
    case PH_STORM:
        c->store_pm = 600;
        c->delay_max = 4;
        break;
    case PH_HITS:
        c->hit_pm = 980;
        c->store_pm = 20;
        break;
    default:
        break;
    }
    c->mirror = false;
    if (!c->steer)
        return;
    const uint32_t x = gpucoh_rng_below(&c->srng, 4);
    c->mirror = x < 2;
    if (x == 3) { /* HITS with the RDU almost silent */
        c->phase = PH_HITS;
        c->hit_pm = 980;
        c->store_pm = 20;
        c->delay_max = 5000;
    }
}

static void rand_mask(avu_ctx_t* c, uint32_t* mask) {
    const uint32_t L = c->model.desc.line;
    memset(mask, 0, RDU_MASK_WORDS * sizeof(uint32_t));
    uint32_t r = gpucoh_rng_below(&c->rng, 1000);
    if (r < (c->phase == PH_HITS ? 60u : 8u))
        return; /* empty (load.prev.empty) */
    if (r < 400) {
        for (uint32_t w = 0; w < L / 32u; w++)
            mask[w] = 0xFFFFFFFFu;
        return;
    }
    uint32_t len = 1 + gpucoh_rng_below(&c->rng, 12);
    uint32_t start = gpucoh_rng_below(&c->rng, L - len + 1);
    for (uint32_t b = start; b < start + len; b++)
        mask[b / 32] |= 1u << (b % 32);
}

static uint64_t pool_addr(avu_ctx_t* c) {
    uint64_t a = gpucoh_rng_below(&c->rng, 100) < 85 ? c->pool[gpucoh_rng_below(&c->rng, POOL)]
                                                     : gpucoh_rng_next(&c->rng);
    return a & c->addr_mask & ~(uint64_t)(c->model.desc.line - 1u);
}

/* A signature for a shipment: recently used lines (at random byte offsets) and random keys. */
static void build_sig(avu_ctx_t* c) {
    memset(c->sig, 0, sizeof c->sig);
    uint32_t n = gpucoh_rng_below(&c->rng, 100) < 20 ? 0 : gpucoh_rng_below(&c->rng, 24);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t a = pool_addr(c) | (gpucoh_rng_next(&c->rng) & (c->model.desc.line - 1u));
        if (gpucoh_rng_below(&c->rng, 100) < 30) /* a line resident in the L1 */
            a = c->ltag[gpucoh_rng_below(&c->rng, c->model.desc.lines)] |
                (gpucoh_rng_next(&c->rng) & (c->model.desc.line - 1u));
        uint32_t v[SIG_BLOOM_MAX_HASHES];
        sig_bloom_indices(&c->hash, a & c->addr_mask, v);
        for (uint32_t h = 0; h < c->model.desc.sig.k; h++)
            c->sig[v[h] / 32] |= 1u << (v[h] % 32);
    }
}

static int avu_tb_init(void* vctx, const gpucoh_pvals_t* pv, uint64_t seed, int stim, char* err,
                       size_t errlen) {
    avu_ctx_t* c = vctx;
    memset(c, 0, sizeof *c);
    avu_desc_t d;
    avu_tb_desc(pv, &d);
    if (avu_init(&c->model, &d, err, errlen) != AVU_OK)
        return -1;
    if (sig_bloom_init(&c->hash, &d.sig, err, errlen) != SIG_BLOOM_OK)
        return -1;
    gpucoh_rng_seed(&c->rng, seed);
    c->stim = stim;
    c->addr_mask = d.sig.addr_width >= 64 ? ~0ull : (1ull << d.sig.addr_width) - 1u;
    for (uint32_t i = 0; i < POOL; i++)
        c->pool[i] = gpucoh_rng_next(&c->rng);
    new_phase(c); /* the first phase unsteered; steering from the next one */
    gpucoh_rng_seed(&c->srng, seed ^ 0x5354454552ull);
    gpucoh_rng_seed(&c->irng, seed ^ 0x494C4C4547ull);
    c->steer = true;
    return 0;
}

/* The illegal inputs of the steered stimulus: 0.1 per 1000 cycles, as tc_gwct's. */
#define AVU_ILLEGAL_DEFAULT 10u /* per 100 000 cycles */
static int avu_tb_stim_cfg(void* vctx, gpucoh_stim_cfg_t* cfg, char* err, size_t errlen) {
    avu_ctx_t* c = vctx;
    (void)err;
    (void)errlen;
    c->steer = cfg->steer;
    c->illegal_rate = cfg->illegal_set ? cfg->illegal_rate : cfg->steer ? AVU_ILLEGAL_DEFAULT : 0u;
    cfg->illegal_rate = c->illegal_rate;
    return 0;
}

static void tb_reset(avu_ctx_t* c) {
    memset(c->lpresent, 0, sizeof c->lpresent);
    c->ans_n = 0;
    c->ship = false;
    c->wait = 0;
}

/* The SM side: an access (sometimes while ready_o = 0: ignored); stores only while no
 * speculative load is pending (D7). */
static void sm_side(avu_ctx_t* c, avu_in_t* in) {
    const avu_t* m = &c->model;
    bool present = m->out.ready ? gpucoh_rng_below(&c->rng, 1000) < c->issue_pm
                                : gpucoh_rng_below(&c->rng, 1000) < 50;
    if (!present)
        return;
    /* HITS: a few hot lines, so a line sees HitLimit hits in a row (hit.rc) */
    uint32_t l = gpucoh_rng_below(&c->rng, c->phase == PH_HITS ? 4u : m->desc.lines);
    if (c->mirror && c->phase == PH_HITS)
        l = m->desc.lines - 1u - l;
    bool store = !m->out.pending && gpucoh_rng_below(&c->rng, 1000) < c->store_pm;
    bool hit = c->lpresent[l] && gpucoh_rng_below(&c->rng, 1000) < c->hit_pm;
    in->op_valid = true;
    in->op_store = store;
    in->op_line = l;
    in->op_hit = hit;
    in->op_addr = hit ? c->ltag[l] : pool_addr(c);
    in->op_addr |= gpucoh_rng_next(&c->rng) & 0x3u & (m->desc.line - 1u); /* ignored bits */
    rand_mask(c, in->op_mask);
    in->op_id = c->next_id & (m->desc.id_width >= 32 ? 0xFFFFFFFFu : (1u << m->desc.id_width) - 1u);
}

/* A shipment of `kind` on the bus from this cycle: one NO_RACE beat or NC signature beats. */
static void start_ship(avu_ctx_t* c, uint32_t kind) {
    c->ship_kind = kind;
    c->ship = true;
    c->ship_idx = 0;
    c->ship_beats = kind == RDU_RSP_NO_RACE ? 1u : c->model.nc;
    if (kind != RDU_RSP_NO_RACE)
        build_sig(c);
}

/* The RDU side: start a shipment when the bus is free (an answer owed, or a FORCED sync). */
static void rdu_side(avu_ctx_t* c) {
    if (c->ship)
        return;
    if (c->wait) {
        c->wait--;
    } else if (c->ans_n || gpucoh_rng_below(&c->rng, 1000) < 3) {
        uint32_t kind = RDU_RSP_FORCED;
        if (c->ans_n && gpucoh_rng_below(&c->rng, 100) < 97) {
            kind = c->ans[c->ans_head];
            c->ans_head = (c->ans_head + 1) % ANSQ;
            c->ans_n--;
        }
        start_ship(c, kind);
        c->wait = gpucoh_rng_below(&c->rng, c->delay_max + 1);
    }
}

/* The shipment's beat ship_idx (a shipment made one beat longer repeats beat NC-1). */
static void present_beat(avu_ctx_t* c, avu_in_t* in) {
    const avu_t* m = &c->model;
    if (!c->ship)
        return;
    const uint32_t bi = c->ship_idx < m->nc ? c->ship_idx : m->nc - 1u;
    in->rsp_valid = true;
    in->rsp_kind = c->ship_kind;
    in->rsp_idx = bi;
    in->rsp_last = c->ship_idx + 1 == c->ship_beats;
    if (c->ship_kind != RDU_RSP_NO_RACE)
        memcpy(in->rsp_chunk, &c->sig[bi * m->chunk_words], m->chunk_words * sizeof(uint32_t));
    if (m->desc.sig.chunk_width < 32)
        in->rsp_chunk[0] =
            (c->sig[(bi * m->desc.sig.chunk_width) / 32] >> ((bi * m->desc.sig.chunk_width) % 32)) &
            ((1u << m->desc.sig.chunk_width) - 1u);
}

/* The AVU is owed a NO_RACE: a beat in place of the last of an answer shipment did not count
 * as an answer (its sync changed no outs), so the books stay even. */
static void owe_norace(avu_ctx_t* c, const avu_in_t* in) {
    const bool answer = c->ship_kind == RDU_RSP_WRITE_ACK || c->ship_kind == RDU_RSP_RACE;
    if (in->rsp_last && answer && c->ans_n < ANSQ)
        c->ans[(c->ans_head + c->ans_n++) % ANSQ] = RDU_RSP_NO_RACE;
}

/* Illegal kinds that change the shipment itself, before its beat is presented. */
static bool illegal_pre(avu_ctx_t* c, uint32_t kind) {
    const avu_t* m = &c->model;
    const bool rdy = m->out.rsp_ready, sig = c->ship && c->ship_kind != RDU_RSP_NO_RACE;
    if (kind == IL_ANSWER0 && !c->ship && rdy && m->st.st == AVU_ST_IDLE && m->st.outs == 0) {
        static const uint32_t k[3] = {RDU_RSP_NO_RACE, RDU_RSP_WRITE_ACK, RDU_RSP_RACE};
        start_ship(c, k[gpucoh_rng_below(&c->irng, 3)]); /* an answer nobody waits for */
        return true;
    }
    if (kind != IL_LAST || !sig || !rdy || c->ship_beats != m->nc)
        return false;
    if (c->ship_idx + 1u == m->nc) {
        c->ship_beats = m->nc + 1u; /* no last on beat NC-1: one more beat says it */
        return true;
    }
    if (gpucoh_rng_below(&c->irng, 2) == 0) {
        c->ship_beats = c->ship_idx + 1u; /* last on an early beat: the shipment is cut */
        return true;
    }
    return false;
}

/* A beat of kind 0/5-7: on a shipment's beat in LOAD, or alone on a free bus in IDLE. */
static bool illegal_kind(avu_ctx_t* c, avu_in_t* in) {
    static const uint32_t bad[4] = {0u, 5u, 6u, 7u};
    const avu_t* m = &c->model;
    const uint32_t k = bad[gpucoh_rng_below(&c->irng, 4)];
    if (c->ship && m->st.st == AVU_ST_LOAD) {
        in->rsp_kind = k;
        owe_norace(c, in);
        return true;
    }
    if (c->ship || m->st.st != AVU_ST_IDLE)
        return false;
    in->rsp_valid = true; /* taken (rsp_ready_o = 1) and not part of any shipment */
    in->rsp_kind = k;
    in->rsp_idx = gpucoh_rng_below(&c->irng, 1u << m->ciw);
    in->rsp_last = gpucoh_rng_below(&c->irng, 2) != 0;
    for (uint32_t w = 0; w < m->chunk_words; w++)
        in->rsp_chunk[w] = (uint32_t)gpucoh_rng_next(&c->irng);
    if (m->desc.sig.chunk_width < 32)
        in->rsp_chunk[0] &= (1u << m->desc.sig.chunk_width) - 1u;
    return true;
}

/* A malformed NO_RACE: an owed one without its last flag or with an index, or a NO_RACE kind on
 * a beat of a shipment in LOAD. */
static bool illegal_norace(avu_ctx_t* c, avu_in_t* in) {
    const avu_t* m = &c->model;
    if (c->ship && c->ship_kind == RDU_RSP_NO_RACE && m->st.st == AVU_ST_IDLE) {
        if (gpucoh_rng_below(&c->irng, 2) == 0)
            in->rsp_last = false;
        else
            in->rsp_idx = 1u + gpucoh_rng_below(&c->irng, (1u << m->ciw) - 1u);
        return true;
    }
    if (!c->ship || c->ship_kind == RDU_RSP_NO_RACE || m->st.st != AVU_ST_LOAD)
        return false;
    in->rsp_kind = RDU_RSP_NO_RACE;
    owe_norace(c, in);
    return true;
}

/* Illegal kinds that change this cycle's beat or access, once they are on the ports. */
static bool illegal_post(avu_ctx_t* c, avu_in_t* in, uint32_t kind) {
    const avu_t* m = &c->model;
    const bool sig = c->ship && c->ship_kind != RDU_RSP_NO_RACE;
    switch (kind) {
    case IL_KIND:
        return m->out.rsp_ready && illegal_kind(c, in);
    case IL_NORACE:
        return m->out.rsp_ready && illegal_norace(c, in);
    case IL_IDX: /* another index below NC; at NC = 1 index 1 (>= NC) */
        if (!sig || !m->out.rsp_ready)
            return false;
        in->rsp_idx =
            m->nc == 1u ? 1u : (in->rsp_idx + 1u + gpucoh_rng_below(&c->irng, m->nc - 1u)) % m->nc;
        return true;
    case IL_STORE: /* a store while pending_o = 1 (D7) */
        if (!in->op_valid || !m->out.ready || !m->out.pending || in->op_store)
            return false;
        in->op_store = true;
        return true;
    default:
        return false;
    }
}

static void avu_tb_next_input(void* vctx, uint64_t cycle, void* vin) {
    avu_ctx_t* c = vctx;
    avu_in_t* in = vin;
    memset(in, 0, sizeof *in);
    in->rst_n = true;
    if (cycle < 2 || (c->stim != GPUCOH_STIM_DIRECTED && gpucoh_rng_below(&c->rng, 300000) == 0)) {
        in->rst_n = false;
        tb_reset(c);
        return;
    }
    if (gpucoh_energy_idle())
        return; /* the energy filter's idle baseline (energy_filter.h): no operation, no beat */
    if (c->phase_left-- == 0)
        new_phase(c);
    sm_side(c, in);
    rdu_side(c);
    if (c->illegal_rate && !c->ill_armed && gpucoh_rng_below(&c->irng, 100000) < c->illegal_rate)
        c->ill_armed = 1u + gpucoh_rng_below(&c->irng, IL_COUNT);
    const uint32_t k = c->ill_armed - 1u;
    if (c->ill_armed && illegal_pre(c, k)) {
        c->ill_armed = 0;
        c->illegal_n++;
    }
    present_beat(c, in);
    if (c->ill_armed && illegal_post(c, in, k)) {
        c->ill_armed = 0;
        c->illegal_n++;
    }
}

static uint64_t avu_illegal_inputs(void* vctx) {
    return ((const avu_ctx_t*)vctx)->illegal_n;
}

static void avu_tb_model_tick(void* vctx, const void* vin, void* vout) {
    avu_ctx_t* c = vctx;
    const avu_in_t* in = vin;
    const bool op_taken = in->rst_n && in->op_valid && c->model.out.ready;
    const bool beat_taken = in->rst_n && in->rsp_valid && c->model.out.rsp_ready;
    avu_tick(&c->model, in, vout);
    const avu_out_t* out = vout;
    if (!in->rst_n)
        return;
    if (op_taken) {
        c->next_id++;
        if (!in->op_hit) { /* the L1 allocates the line */
            c->ltag[in->op_line] = in->op_addr & ~(uint64_t)(c->model.desc.line - 1u);
            c->lpresent[in->op_line] = 1;
            c->pool[gpucoh_rng_below(&c->rng, POOL)] = c->ltag[in->op_line];
        }
    }
    if (beat_taken && c->ship && ++c->ship_idx == c->ship_beats)
        c->ship = false; /* (a lone illegal beat is no shipment's) */
    if (out->res_valid && (out->res_rc || out->res_kind == AVU_RES_STORE) && c->ans_n < ANSQ) {
        uint8_t k = out->res_kind == AVU_RES_STORE                 ? RDU_RSP_WRITE_ACK
                    : gpucoh_rng_below(&c->rng, 1000) < c->race_pm ? RDU_RSP_RACE
                                                                   : RDU_RSP_NO_RACE;
        c->ans[(c->ans_head + c->ans_n++) % ANSQ] = k;
    }
}

static uint32_t avu_tb_compare_out(void* vctx, const void* ve, const void* vg,
                                   gpucoh_mismatch_t* mm) {
    (void)vctx;
    const avu_out_t* e = ve;
    const avu_out_t* g = vg;
    uint32_t n = 0, *bad = &n;
#define TB_PORT_PREFIX "avu."
    AVU_PORTS(TB_PORT_CMP, TB_PORT_NO_P) /* every output of cmodel/sig/avu_ports.h */
#undef TB_PORT_PREFIX
    if (n)
        mm->extra = n - 1;
    return n;
}

static uint32_t avu_tb_compare_state(void* vctx, const void* vg, gpucoh_mismatch_t* mm) {
    avu_ctx_t* c = vctx;
    const avu_state_t* e = &c->model.st;
    const avu_state_t* g = vg;
    const avu_desc_t* d = &c->model.desc;
    const uint32_t uw = (c->model.un + 31) / 32;
    uint32_t bad = 0;
    char name[64];
    tb_cmp_bits(mm, &bad, e->sig, g->sig, c->model.words, "avu.sig");
    tb_cmp_u64(mm, &bad, e->epoch, g->epoch, "avu.epoch");
    if (memcmp(e->fe, g->fe, d->lines) || memcmp(e->fresh, g->fresh, d->lines) ||
        memcmp(e->hits, g->hits, d->lines)) {
        for (uint32_t l = 0; l < d->lines; l++) {
            tb_cmp_u64(mm, &bad, e->fe[l], g->fe[l], "avu.line[%u].fe", l);
            tb_cmp_u64(mm, &bad, e->fresh[l], g->fresh[l], "avu.line[%u].fresh", l);
            tb_cmp_u64(mm, &bad, e->hits[l], g->hits[l], "avu.line[%u].hits", l);
        }
    }
    tb_cmp_u64(mm, &bad, e->outs, g->outs, "avu.outs");
    tb_cmp_u64(mm, &bad, e->st, g->st, "avu.st");
    tb_cmp_u64(mm, &bad, e->opv, g->opv, "avu.opv");
    tb_cmp_u64(mm, &bad, e->op_store, g->op_store, "avu.op_store");
    tb_cmp_u64(mm, &bad, e->op_hit, g->op_hit, "avu.op_hit");
    tb_cmp_u64(mm, &bad, e->op_line, g->op_line, "avu.op_line");
    tb_cmp_u64(mm, &bad, e->op_addr, g->op_addr, "avu.op_addr");
    tb_cmp_bits(mm, &bad, e->op_mask, g->op_mask, d->line / 32u, "avu.op_mask");
    tb_cmp_u64(mm, &bad, e->op_id, g->op_id, "avu.op_id");
    tb_cmp_bits(mm, &bad, e->tmask, g->tmask, uw, "avu.tmask");
    tb_cmp_u64(mm, &bad, e->vslot, g->vslot, "avu.vslot");
    for (uint32_t s = 0; s < d->spec_depth; s++) {
        tb_cmp_u64(mm, &bad, e->sv[s], g->sv[s], "avu.spec[%u].valid", s);
        tb_cmp_u64(mm, &bad, e->sid[s], g->sid[s], "avu.spec[%u].id", s);
        tb_cmp_u64(mm, &bad, e->saddr[s], g->saddr[s], "avu.spec[%u].addr", s);
        snprintf(name, sizeof name, "avu.spec[%u].umask", s);
        tb_cmp_bits(mm, &bad, e->sumask[s], g->sumask[s], uw, name);
        tb_cmp_u64(mm, &bad, e->scnt[s], g->scnt[s], "avu.spec[%u].cnt", s);
        tb_cmp_u64(mm, &bad, e->sfail[s], g->sfail[s], "avu.spec[%u].failed", s);
        tb_cmp_u64(mm, &bad, e->sneed[s], g->sneed[s], "avu.spec[%u].need", s);
    }
    tb_cmp_u64(mm, &bad, e->head, g->head, "avu.head");
    tb_cmp_u64(mm, &bad, e->qn, g->qn, "avu.qn");
    if (bad)
        mm->extra = bad - 1;
    return bad;
}

static const char* const kind_names[8] = {"NONE",   "WRITE_ACK", "NO_RACE", "RACE",
                                          "FORCED", "RSVD5",     "RSVD6",   "RSVD7"};

static void avu_tb_input_json(void* vctx, const void* vin, char* buf, size_t n) {
    avu_ctx_t* c = vctx;
    const avu_in_t* in = vin;
    char mask[96], chunk[160];
    tb_hexwords(mask, sizeof mask, in->op_mask, c->model.desc.line / 32u, c->model.desc.line);
    tb_hexwords(chunk, sizeof chunk, in->rsp_chunk, c->model.chunk_words,
                c->model.desc.sig.chunk_width);
    snprintf(buf, n,
             "{\"rst_ni\": %d, \"op_valid_i\": %d, \"op_store_i\": %d, \"op_line_i\": %u, "
             "\"op_hit_i\": %d, \"op_addr_i\": \"0x%llx\", \"op_mask_i\": \"%s\", \"op_id_i\": %u, "
             "\"rsp_valid_i\": %d, \"rsp_kind_i\": \"%s\", \"rsp_idx_i\": %u, \"rsp_last_i\": %d, "
             "\"rsp_chunk_i\": \"%s\"}",
             in->rst_n, in->op_valid, in->op_store, in->op_line, in->op_hit,
             (unsigned long long)in->op_addr, mask, in->op_id, in->rsp_valid,
             kind_names[in->rsp_kind & 7], in->rsp_idx, in->rsp_last, chunk);
}

static void avu_tb_coverage(void* vctx, uint32_t* covered, uint32_t* reachable) {
    avu_ctx_t* c = vctx;
    avu_coverage(&c->model, covered, reachable);
}

static uint32_t avu_tb_coverage_rows(void* vctx) {
    (void)vctx;
    return AVU_T_COUNT;
}

static void avu_tb_coverage_row(void* vctx, uint32_t row, const char** id, const char** name,
                                uint64_t* count, bool* reachable) {
    avu_ctx_t* c = vctx;
    *id = tb_row_id(row);
    *name = avu_trans_name((avu_trans_t)row);
    *count = c->model.cov[row];
    *reachable = avu_trans_reachable(&c->model, (avu_trans_t)row);
}

static uint32_t avu_tb_fcov_rows(void* vctx) {
    (void)vctx;
    return AVU_F_N;
}

static void avu_tb_fcov_row(void* vctx, uint32_t row, const char** id, const char** name,
                            uint64_t* count, bool* reachable) {
    avu_ctx_t* c = vctx;
    *id = tb_fcov_id(row);
    *name = avu_fcov_name((avu_fcov_t)row);
    *count = c->model.fcov[row];
    /* the illegal inputs are presented only at an illegal rate > 0 */
    *reachable = avu_fcov_reachable(&c->model, (avu_fcov_t)row) &&
                 (row < AVU_F_ILL_ANSWER0 || c->illegal_rate > 0);
}

const gpucoh_tb_ops_t avu_tb_ops = {
    .ctx_size = sizeof(avu_ctx_t),
    .in_size = sizeof(avu_in_t),
    .out_size = sizeof(avu_out_t),
    .state_size = sizeof(avu_state_t),
    .init = avu_tb_init,
    .next_input = avu_tb_next_input,
    .model_tick = avu_tb_model_tick,
    .compare_out = avu_tb_compare_out,
    .compare_state = avu_tb_compare_state,
    .input_json = avu_tb_input_json,
    .coverage = avu_tb_coverage,
    .coverage_rows = avu_tb_coverage_rows,
    .coverage_row = avu_tb_coverage_row,
    .fcov_rows = avu_tb_fcov_rows,
    .fcov_row = avu_tb_fcov_row,
    .stim_cfg = avu_tb_stim_cfg,
    .illegal_inputs = avu_illegal_inputs,
};
