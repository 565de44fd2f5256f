/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_l2.c -- C reference model of the TC L2 bank controller (TC-Weak, TC-Strong, TC-Weak-C).
 *
 * Written from docs/units/tc/tc_l2.md (section 13 for TC-Weak-C), docs/system.md (C1-C8, section
 * 2-5, RO1-RO4) and docs/timing.md only, never from rtl/tc/tc_l2.sv: the two are compared every
 * cycle, so rule and row names below (M1-M10, F01-F06, H01-H21, D1-D10) cite the tc_l2 page.
 *
 * Speed: tc_l2_tick() touches at most one set (L2Ways lines) and makes at most one pass over
 * the MSHRs (only for a fill, a miss or a hit on a transient line); reset and roll (RO2) are the
 * only whole-array loops.
 *
 * Readings of the spec where it is not explicit (listed in the report to the lead too):
 *
 *  - Allocation of a line (H18-H21): tag := the new tag, st := I_S / I_M, gTS := 0, dirty := 0;
 *    data is left unchanged (the page does not say; the tc_l1 L6 analogue is followed).
 *  - MSHR fields "an entry kind does not use" (written 0): IS uses line, way, ts, sm; IM uses
 *    line, way, ts, op, src, wf, data, mask, aop, word, a, b (the request as it stands in the
 *    FIFO, all of them whatever the kind); MI uses line and ts only (way 0).
 *  - H20/H21 ("the MI entry becomes IS/IM, keeps mts") rewrite every field of the entry as an
 *    H18/H19 allocation would, except mts.
 *  - M4/M7: an expired MI entry matching the head's address is freed (mv := 0, row X03) unless
 *    the same edge allocates it again; it counts as free for M7 in any case. X04 counts an
 *    allocation of some other expired MI entry. Nothing of this happens on a stalled edge.
 *  - M8 "a GETS is accepted" = served at the head (not stalled): H01-H03, H15, H18, H20; the
 *    exp bit is the one stored with the request. -TWrite: GETX/UPGR served on a P/S line with
 *    gTS >= now (H04, H05, H07-H10; H07 under TC-Strong too). Atomics never.
 *  - Stall order for a miss: S04 (TC-Strong write to an unexpired MI) before S01 (no victim)
 *    before S02 (MSHRs). H16/H17 are counted together with S03 in every stalled edge.
 *  - RO2 zeroes mts of every MSHR entry, valid or not ("every mts_q").
 *  - M5: the UPGR's era (kept in the FIFO) is compared with era_i of the edge that serves the
 *    head, not of the push edge (an UPGR waiting across a wrap then compares as 0, RO3).
 *  - X01 = P found expired, X02 = S found expired. A victim in I counts no V row. H14's DATA_G
 *    carries the (expired) gTS before TS++, "as H12".
 *  - Every response carries era = era_i (M5), ACK included; ACK/ACK_G carry data 0, DATA wf 0.
 *  - Port widths: a pushed request is cut to the port widths (line LA, kind 3, src/wf 6, aop 2,
 *    word 5, ts TsWidth, era 1, data/mask LineBytes); an atomic's word index is taken mod LW;
 *    aop 3 (undefined) leaves the word unchanged.
 *  - Protocol errors (m->errors, state unchanged): a fill with no, or more than one, matching
 *    IS/IM entry or whose line is not the entry's transient line; M1 violations at the head (two
 *    ways or two MSHR entries match; a miss matching an IS/IM entry; an I_S line without its IS
 *    entry): the head then stays (like a stall). A head request of an unknown kind is dropped
 *    (popped, errors++), with no other effect.
 *  - req_ready_o after reset is 1 (M2 f with fcnt 0).
 *
 * TC-Weak-C (Protocol 2, section 13; under 0/1 wl stays 0 and nothing below happens):
 *  - N1 sets wl on H04 H05 H08 H09 H10 H12 H13 (a write or atomic served on a P/S line with
 *    gTS >= now that is not the private H07) and on F05/F06; F03/F04 write 0; allocation (P1)
 *    writes 0; RO2 clears every line's wl (with the stamps); M4's lazy expiry clears it (N2) on
 *    the request's own line (a victim's wl is overwritten by the allocation).
 *  - N3 (H22/H23) is judged after M4, on a P/S line with gTS >= now and wl = 1; it grants no
 *    lease and changes no line field; +THit with exp as any served GETS; GTS_LAST_CYCLE counts
 *    it like any request served on a P/S line.
 *  - N4 (F07) takes an IS entry with mts >= now at the fill edge (a roll has zeroed mts, so an
 *    entry that crossed a roll answers F01/F02); DATA_W carries wf 0, era_i and the filled line.
 *  - F79 counts a V02 eviction of a wl line; F80 an M4 expiry (X01/X02) of a wl line; F81 an F07
 *    with two or more SMs in msm; F82 every H12/H13 under Protocol 2 (wl := 1 whatever it was).
 */
#include "tc_l2.h"
#include "gpucoh_bits.h"

#include <stdint.h>
#include <string.h>

/*--- small helpers --------------------------------------------------------------------------*/

static inline uint32_t popcount64(uint64_t x) {
    uint32_t n = 0;
    for (; x != 0u; x &= x - 1u) {
        n++;
    }
    return n;
}

/* C4: set and tag of a line address (already cut to LA bits). */
static inline uint32_t set_of(const tc_l2_t* m, uint64_t line) {
    return (uint32_t)((line >> m->bank_bits) & (uint64_t)(m->d.l2_sets - 1u));
}

static inline uint64_t tag_of(const tc_l2_t* m, uint64_t line) {
    return ((line >> (m->bank_bits + m->set_bits)) << m->bank_bits) |
           (line & (uint64_t)(m->d.num_banks - 1u));
}

/* The line address held by (set, tag): C4 inverted. */
static inline uint64_t line_of(const tc_l2_t* m, uint32_t set, uint64_t tag) {
    return ((tag >> m->bank_bits) << (m->bank_bits + m->set_bits)) |
           ((uint64_t)set << m->bank_bits) | (tag & (uint64_t)(m->d.num_banks - 1u));
}

/* M9: masked write of a store image (bit b of the mask = byte b). */
static void write_masked(uint32_t* dst, const uint32_t* src, const uint32_t* mask, uint32_t lw) {
    for (uint32_t w = 0; w < lw; w++) {
        const uint32_t m4 = (mask[w >> 3] >> ((w & 7u) * 4u)) & 0xFu;
        if (m4 != 0u) {
            uint32_t bm = 0;
            for (uint32_t b = 0; b < 4u; b++) {
                if ((m4 >> b) & 1u) {
                    bm |= 0xFFu << (8u * b);
                }
            }
            dst[w] = (dst[w] & ~bm) | (src[w] & bm);
        }
    }
}

/* C5: one atomic on one 32-bit word. */
static void apply_atomic(uint32_t* data, uint32_t lw, uint32_t aop, uint32_t word, uint32_t a,
                         uint32_t b) {
    const uint32_t w = word & (lw - 1u);
    const uint32_t old = data[w];
    switch (aop) {
    case TC_AOP_ADD:
        data[w] = old + a;
        break;
    case TC_AOP_EXCH:
        data[w] = a;
        break;
    case TC_AOP_CAS:
        data[w] = old == a ? b : old;
        break;
    default:
        break;
    }
}

static inline void fc(tc_l2_t* m, tc_l2_fcov_t f) {
    m->fcov[f]++;
}

/* M3: grant(g) = max(g, now + lt); M9: inc(g) = min(g + 1, 2^TsWidth-1). Both count their
 * cover points (section 11): the saturated add, the stamp that wins, TS++ at the top. */
static inline uint32_t grant(tc_l2_t* m, uint32_t g, uint32_t now) {
    const uint32_t lt = m->d.lease_mode == TC_LEASE_FIXED ? m->d.lease : m->life;
    const uint32_t t = tc_ts_add_w(m->d.ts_width, now, lt);
    if ((uint64_t)now + lt > tc_ts_max_w(m->d.ts_width)) {
        fc(m, TC_L2_F_LEASE_SAT);
    }
    if (g > t) {
        fc(m, TC_L2_F_GRANT_KEEPS);
    }
    return g > t ? g : t;
}

static inline uint32_t inc(tc_l2_t* m, uint32_t g) {
    if (g == tc_ts_max_w(m->d.ts_width)) {
        fc(m, TC_L2_F_INC_SAT);
    }
    return tc_ts_add_w(m->d.ts_width, g, 1u);
}

static inline void touch(tc_l2_t* m, uint32_t idx) {
    if (m->touched_n < TC_L2_SEL_MAX) {
        m->touched[m->touched_n++] = idx;
    }
}

/* A response: payload fields not named stay 0 (the output was cleared at the edge). */
static void respond(tc_l2_t* m, const tc_time_t* t, uint32_t kind, uint64_t dst, uint32_t wf,
                    bool atomic, uint64_t line, uint32_t ts, const uint32_t* data) {
    tc_rsp_t* r = &m->out.rsp;
    r->valid = true;
    r->kind = kind;
    r->dst = dst;
    r->wf = wf;
    r->atomic = atomic;
    r->line = line;
    r->ts = ts;
    r->era = t->era & 1u; /* M5 */
    if (data != NULL) {
        memcpy(r->data, data, sizeof(uint32_t) * m->lw);
    }
}

/*--- reset, init ----------------------------------------------------------------------------*/

static void l2_reset(tc_l2_t* m) {
    const size_t q = m->d.l2_queue, k = m->d.l2_mshrs;
    memset(m->line, 0, sizeof(tc_l2_meta_t) * m->lines);
    memset(m->data, 0, sizeof(uint32_t) * m->lines * m->lw);
    memset(m->mshr, 0, sizeof(tc_l2_mshr_meta_t) * k);
    memset(m->mdata, 0, sizeof(uint32_t) * k * m->lw);
    memset(m->mmask, 0, sizeof(uint32_t) * k * m->mw);
    m->fcnt = 0;
    m->life = m->d.pred_init;
    m->fhead = 0;
    memset(m->fifo, 0, sizeof(tc_l2_fentry_t) * q);
    memset(m->fdata, 0, sizeof(uint32_t) * q * m->lw);
    memset(m->fmask, 0, sizeof(uint32_t) * q * m->mw);
    memset(&m->out, 0, sizeof m->out);
    m->out.req_ready = true; /* fcnt 0 < L2Queue */
    m->touched_all = true;
}

tc_l2_desc_t tc_l2_desc_from(const tc_desc_t* sys) {
    tc_l2_desc_t d;
    d.protocol = sys->protocol;
    d.num_sm = sys->num_sm;
    d.num_banks = sys->num_banks;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l2_sets = sys->l2_sets;
    d.l2_ways = sys->l2_ways;
    d.l2_mshrs = sys->l2_mshrs;
    d.ts_width = sys->ts_width;
    d.l2_queue = sys->l2_queue;
    d.lease_mode = sys->lease_mode;
    d.lease = sys->lease;
    d.pred_init = sys->pred_init;
    d.pred_min = sys->pred_min;
    d.pred_max = sys->pred_max;
    d.t_hit = sys->t_hit;
    d.t_evict = sys->t_evict;
    d.t_write = sys->t_write;
    d.use_t_write = sys->use_t_write;
    return d;
}

#define RANGE(field, name, lo, hi) GPUCOH_DESC_RANGE(tc_param_error, "tc_l2", field, name, lo, hi)

/* docs/system.md section 2 ("Legal"), the bank's rows, in table order; the L2 tag (C4) must have
 * at least 1 bit and the bank and set bits must fit in the line address: LA = AddrWidth - log2
 * LineBytes >= max(log2 NumBanks + log2 L2Sets, log2 L2Sets + 1). */
int tc_l2_check_desc(const tc_l2_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return tc_param_error(msg, msg_len, "tc_l2: desc is NULL");
    }
    if (d->protocol > (uint32_t)TC_WEAK_C) {
        return tc_param_error(msg, msg_len,
                              "tc_l2: protocol = %u is illegal (Protocol: 0 TC-Strong, 1 TC-Weak, "
                              "2 TC-Weak-C)",
                              (unsigned)d->protocol);
    }
    RANGE(num_sm, "NumSm", 1u, TC_MAX_SM);
    if (!gpucoh_is_pow2(d->num_banks) || d->num_banks > TC_MAX_BANKS) {
        return tc_param_error(msg, msg_len,
                              "tc_l2: num_banks = %u is illegal (NumBanks: 1, 2, 4, 8 or 16)",
                              (unsigned)d->num_banks);
    }
    if (!gpucoh_is_pow2(d->line_bytes) || d->line_bytes < 16u ||
        d->line_bytes > TC_MAX_LINE_BYTES) {
        return tc_param_error(msg, msg_len,
                              "tc_l2: line_bytes = %u is illegal (LineBytes: 16, 32, 64 or 128)",
                              (unsigned)d->line_bytes);
    }
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    if (!gpucoh_is_pow2(d->l2_sets) || d->l2_sets > TC_L2_MAX_SETS) {
        return tc_param_error(msg, msg_len,
                              "tc_l2: l2_sets = %u is illegal (L2Sets: a power of two in 1..1024)",
                              (unsigned)d->l2_sets);
    }
    RANGE(l2_ways, "L2Ways", 1u, TC_L2_MAX_WAYS);
    {
        const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
        const uint32_t s2 = gpucoh_log2_floor(d->l2_sets);
        const uint32_t b = gpucoh_log2_floor(d->num_banks);
        const uint32_t need2 = (b + s2 > s2 + 1u) ? b + s2 : s2 + 1u;
        if (la < need2) {
            return tc_param_error(msg, msg_len,
                                  "tc_l2: addr_width = %u is illegal (AddrWidth: LA = AddrWidth - "
                                  "log2 LineBytes = %u must be >= log2 NumBanks + log2 L2Sets and "
                                  ">= log2 L2Sets + 1 (an L2 tag of >= 1 bit), i.e. >= %u; legal "
                                  "AddrWidth >= %u)",
                                  (unsigned)d->addr_width, (unsigned)la, (unsigned)need2,
                                  (unsigned)(need2 + gpucoh_log2_floor(d->line_bytes)));
        }
    }
    RANGE(l2_mshrs, "L2Mshrs", 2u, TC_L2_MAX_MSHRS);
    RANGE(ts_width, "TsWidth", 8u, 32u);
    RANGE(l2_queue, "L2Queue", 1u, 8u);
    RANGE(lease_mode, "LeaseMode: 0 fixed, 1 predict", 0u, 1u);
    {
        const uint32_t tmax2 = tc_ts_max_w(d->ts_width) - 1u; /* 2^TsWidth-2 */
        RANGE(lease, "Lease: 0..2^TsWidth-2", 0u, tmax2);
        RANGE(pred_max, "PredMax: <= 2^TsWidth-2", 0u, tmax2);
        RANGE(pred_min, "PredMin: 0..PredMax", 0u, d->pred_max);
        RANGE(pred_init, "PredInit: PredMin..PredMax", d->pred_min, d->pred_max);
    }
    RANGE(t_hit, "THit", 0u, 255u);
    RANGE(t_evict, "TEvict", 0u, 255u);
    RANGE(t_write, "TWrite", 0u, 255u);
    RANGE(use_t_write, "UseTWrite", 0u, 1u);
    return 0;
}

#undef RANGE

/* Byte offsets of the arrays in the model's block (each 8-byte aligned) and its size. */
typedef struct {
    size_t line, data, mshr, mdata, mmask, fifo, fdata, fmask, total;
} l2_layout_t;

static void l2_layout(const tc_l2_desc_t* d, l2_layout_t* o) {
    const size_t lines = (size_t)d->l2_sets * d->l2_ways, k = d->l2_mshrs, q = d->l2_queue;
    const size_t lw = d->line_bytes / 4u, mw = (d->line_bytes + 31u) / 32u;
    size_t at = gpucoh_al8(sizeof(tc_l2_t));
    o->line = at;
    at += gpucoh_al8(lines * sizeof(tc_l2_meta_t));
    o->data = at;
    at += gpucoh_al8(lines * lw * sizeof(uint32_t));
    o->mshr = at;
    at += gpucoh_al8(k * sizeof(tc_l2_mshr_meta_t));
    o->mdata = at;
    at += gpucoh_al8(k * lw * sizeof(uint32_t));
    o->mmask = at;
    at += gpucoh_al8(k * mw * sizeof(uint32_t));
    o->fifo = at;
    at += gpucoh_al8(q * sizeof(tc_l2_fentry_t));
    o->fdata = at;
    at += gpucoh_al8(q * lw * sizeof(uint32_t));
    o->fmask = at;
    at += gpucoh_al8(q * mw * sizeof(uint32_t));
    o->total = at;
}

size_t tc_l2_size(const tc_l2_desc_t* d) {
    if (tc_l2_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    return o.total;
}

tc_l2_t* tc_l2_init(void* mem, size_t len, const tc_l2_desc_t* d, char* msg, size_t msg_len) {
    if (tc_l2_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(tc_l2_t)) != 0u) {
        (void)tc_param_error(msg, msg_len,
                             "tc_l2: storage %s (%zu bytes at %p; the model needs %zu bytes "
                             "aligned to %zu)",
                             mem == NULL     ? "is NULL"
                             : len < o.total ? "too small"
                                             : "misaligned",
                             len, mem, o.total, (size_t) _Alignof(tc_l2_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    tc_l2_t* m = (tc_l2_t*)mem;
    m->line = (tc_l2_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->mshr = (tc_l2_mshr_meta_t*)(void*)(b + o.mshr);
    m->mdata = (uint32_t*)(void*)(b + o.mdata);
    m->mmask = (uint32_t*)(void*)(b + o.mmask);
    m->fifo = (tc_l2_fentry_t*)(void*)(b + o.fifo);
    m->fdata = (uint32_t*)(void*)(b + o.fdata);
    m->fmask = (uint32_t*)(void*)(b + o.fmask);
    m->d = *d;
    m->lw = d->line_bytes / 4u;
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->lines = d->l2_sets * d->l2_ways;
    m->bank_bits = gpucoh_log2_floor(d->num_banks);
    m->set_bits = gpucoh_log2_floor(d->l2_sets);
    m->tag_bits = m->la - m->set_bits;
    l2_reset(m);
    return m;
}

void tc_l2_line_get(const tc_l2_t* m, uint32_t i, tc_l2_line_t* l) {
    const tc_l2_meta_t* x = &m->line[i];
    memset(l, 0, sizeof *l);
    l->tag = x->tag;
    l->st = x->st;
    l->gts = x->gts;
    l->dirty = x->dirty;
    l->wl = x->wl;
    memcpy(l->data, tc_l2_line_data(m, i), sizeof(uint32_t) * m->lw);
}

void tc_l2_mshr_get(const tc_l2_t* m, uint32_t k, tc_l2_mshr_t* e) {
    const tc_l2_mshr_meta_t* x = &m->mshr[k];
    memset(e, 0, sizeof *e);
    e->v = x->v;
    e->kind = x->kind;
    e->line = x->line;
    e->way = x->way;
    e->ts = x->ts;
    e->sm = x->sm;
    e->op = x->op;
    e->src = x->src;
    e->wf = x->wf;
    memcpy(e->data, m->mdata + (size_t)k * m->lw, sizeof(uint32_t) * m->lw);
    memcpy(e->mask, m->mmask + (size_t)k * m->mw, sizeof(uint32_t) * m->mw);
    e->aop = x->aop;
    e->word = x->word;
    e->a = x->a;
    e->b = x->b;
}

void tc_l2_state_get(const tc_l2_t* m, tc_l2_state_t* s) {
    if (s->sel_all) {
        for (uint32_t i = 0; i < m->lines; i++) {
            tc_l2_line_get(m, i, &s->line[i]);
        }
    } else {
        for (uint32_t k = 0; k < s->sel_n && k < TC_L2_SEL_MAX; k++) {
            if (s->sel[k] < m->lines) {
                tc_l2_line_get(m, s->sel[k], &s->line[s->sel[k]]);
            }
        }
    }
    if (s->sel_all || s->sel_mshr) {
        for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
            tc_l2_mshr_get(m, k, &s->mshr[k]);
        }
    }
    s->fcnt = m->fcnt;
    s->life = m->life;
}

/*--- cover points (section 11) ---------------------------------------------------------------*/

static bool mshr_any_valid(const tc_l2_t* m, bool all) {
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        if ((m->mshr[k].v != 0u) != all) {
            return !all;
        }
    }
    return all;
}

/* M6: the victim way vw of set L, chosen by class cls (0 first I, 1 first E / expired, 2 least
 * gTS): its rule and way, what the ways before it hold, the kind of a class-2 victim, a tie. */
static void l2_fcov_victim(tc_l2_t* m, const tc_l2_meta_t* L, uint32_t vw, uint32_t cls,
                           uint32_t now) {
    static const tc_l2_fcov_t w0[3] = {TC_L2_F_VIC_I_W0, TC_L2_F_VIC_EXP_W0, TC_L2_F_VIC_LEAST_W0};
    m->fcov[(uint32_t)w0[cls] + vw]++;
    bool trans = false, exp = false, live = false;
    for (uint32_t w = 0; w < vw; w++) {
        const bool ps = L[w].st == TC_L2_P || L[w].st == TC_L2_S;
        trans = trans || L[w].st == TC_L2_I_S || L[w].st == TC_L2_I_M;
        exp = exp || L[w].st == TC_L2_E || (ps && L[w].gts < now);
        live = live || (ps && L[w].gts >= now);
    }
    if (trans) {
        fc(m, TC_L2_F_VIC_PAST_TRANSIENT);
    }
    if (cls == 0u && exp) {
        fc(m, TC_L2_F_VIC_I_OVER_EXP);
    }
    if (cls < 2u && live) {
        fc(m, cls == 0u ? TC_L2_F_VIC_I_OVER_LIVE : TC_L2_F_VIC_EXP_OVER_LIVE);
    }
    if (cls == 1u) {
        fc(m, L[vw].st == TC_L2_E ? TC_L2_F_VIC_EXP_E : TC_L2_F_VIC_EXP_LAPSED);
    }
    for (uint32_t w = vw + 1u; cls == 2u && w < m->d.l2_ways; w++) {
        if ((L[w].st == TC_L2_P || L[w].st == TC_L2_S) && L[w].gts == L[vw].gts) {
            fc(m, TC_L2_F_VIC_LEAST_TIE);
            break;
        }
    }
}

/* RO2 at this edge: what the roll finds before it zeroes the stamps */
static void l2_fcov_roll(tc_l2_t* m, uint32_t now) {
    bool line = false, mi = false, inh = false;
    for (uint32_t i = 0; i < m->lines; i++) {
        const tc_l2_meta_t* l = &m->line[i];
        line = line || ((l->st == TC_L2_P || l->st == TC_L2_S) && l->gts >= now);
    }
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        const tc_l2_mshr_meta_t* e = &m->mshr[k];
        mi = mi || (e->v && e->kind == TC_MS_MI && e->ts >= now);
        inh = inh || (e->v && e->kind != TC_MS_MI && e->ts != 0u);
    }
    if (line) {
        fc(m, TC_L2_F_ROLL_LIVE_LINE);
    }
    if (mi) {
        fc(m, TC_L2_F_ROLL_LIVE_MI);
    }
    if (inh) {
        fc(m, TC_L2_F_ROLL_INHERITED);
    }
}

/*--- fill (section 5) -----------------------------------------------------------------------*/

/* N4 (section 13, TC-Weak-C): an I_S fill whose entry e carries an unexpired inherited stamp
 * answers DATA_W(dst = msm, ts = mts) instead of F01/F02 (row F07); the line (idx, its data
 * already the fill's) becomes S with gTS = mts, wl = 1, dirty 0. */
static void fill_dataw(tc_l2_t* m, const tc_l2_in_t* in, const tc_l2_mshr_meta_t* e, uint32_t idx) {
    tc_l2_meta_t* ln = &m->line[idx];
    m->cov[TC_L2_T_F07]++;
    if (popcount64(e->sm) > 1u) {
        fc(m, TC_L2_F_DATAW_MULTI);
    }
    ln->dirty = 0;
    ln->gts = e->ts;
    ln->wl = 1u;
    ln->st = TC_L2_S;
    respond(m, &in->t, TC_RSP_DATA_W, e->sm, 0, false, e->line, e->ts, tc_l2_line_data(m, idx));
}

static void do_fill(tc_l2_t* m, const tc_l2_in_t* in) {
    const uint64_t a = in->mem.line & gpucoh_mask64(m->la);
    const uint32_t now = in->t.now;
    tc_l2_mshr_meta_t* e = NULL;
    uint32_t nm = 0, ek = 0;
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        tc_l2_mshr_meta_t* x = &m->mshr[k];
        if (x->v && x->line == a) {
            nm++;
            e = x;
            ek = k;
        }
    }
    if (nm != 1u || e->kind == TC_MS_MI || e->way >= m->d.l2_ways) {
        m->errors++; /* no IS/IM entry for this line, or M1 */
        return;
    }
    const uint32_t idx = set_of(m, a) * m->d.l2_ways + e->way;
    tc_l2_meta_t* ln = &m->line[idx];
    uint32_t* const data = tc_l2_line_data(m, idx);
    const uint32_t want = e->kind == TC_MS_IS ? TC_L2_I_S : TC_L2_I_M;
    if (ln->st != want || ln->tag != tag_of(m, a)) {
        m->errors++; /* M1: the entry's line is not there */
        return;
    }
    memcpy(data, in->mem.data, sizeof(uint32_t) * m->lw); /* M10 */
    if (e->kind == TC_MS_IS && m->d.protocol == TC_WEAK_C && e->ts >= now) {
        fill_dataw(m, in, e, idx); /* N4 */
    } else if (e->kind == TC_MS_IS) {
        const bool several = popcount64(e->sm) > 1u;
        ln->dirty = 0;
        ln->gts = grant(m, e->ts, now);
        /* P11: a grant no later than the inherited stamp is shared with old holders */
        const bool shared = !several && ln->gts <= e->ts;
        m->cov[several ? TC_L2_T_F02 : shared ? TC_L2_T_F08 : TC_L2_T_F01]++;
        ln->st = several || shared ? TC_L2_S : TC_L2_P;
        respond(m, &in->t, TC_RSP_DATA, e->sm, 0, false, a, ln->gts, data);
    } else {
        const bool live = e->ts >= now; /* F05/F06: unexpired stamp inherited from M_I */
        const uint64_t dst = (uint64_t)1 << e->src;
        ln->dirty = 1;
        ln->gts = live ? inc(m, e->ts) : e->ts;
        ln->st = live ? TC_L2_P : TC_L2_E;
        ln->wl = live && m->d.protocol == TC_WEAK_C ? 1u : 0u; /* N1 (F05/F06), N2 (F03/F04) */
        if (e->op == TC_REQ_ATOMIC) {
            m->cov[live ? TC_L2_T_F06 : TC_L2_T_F04]++;
            respond(m, &in->t, TC_RSP_DATA_G, dst, e->wf, true, a, e->ts, data);
            apply_atomic(data, m->lw, e->aop, e->word, e->a, e->b);
        } else {
            m->cov[live ? TC_L2_T_F05 : TC_L2_T_F03]++;
            write_masked(data, m->mdata + (size_t)ek * m->lw, m->mmask + (size_t)ek * m->mw, m->lw);
            respond(m, &in->t, live ? TC_RSP_ACK_G : TC_RSP_ACK, dst, e->wf, false, a,
                    live ? e->ts : 0u, NULL);
        }
    }
    e->v = 0; /* freeing clears mv only */
    if (!mshr_any_valid(m, false)) {
        fc(m, TC_L2_F_MSHR_EMPTY);
    }
    touch(m, idx);
}

/*--- the head request (section 6, section 7) ------------------------------------------------*/

/* Allocation writes every field of the entry; fields the kind does not use are 0. */
static tc_l2_mshr_meta_t* mshr_alloc(tc_l2_t* m, uint32_t k, uint32_t kind, uint64_t line,
                                     uint32_t way, uint32_t ts) {
    tc_l2_mshr_meta_t* e = &m->mshr[k];
    memset(e, 0, sizeof *e);
    memset(m->mdata + (size_t)k * m->lw, 0, sizeof(uint32_t) * m->lw);
    memset(m->mmask + (size_t)k * m->mw, 0, sizeof(uint32_t) * m->mw);
    e->v = 1;
    e->kind = kind;
    e->line = line;
    e->way = way;
    e->ts = ts;
    return e;
}

/* A miss that allocates (section 6): its MSHR corners. kin: the live M_I entry it reuses, else
 * -1; kmiss / kmi: its entry and the victim's M_I entry (-1: none). */
static void l2_fcov_miss(tc_l2_t* m, const tc_l2_fentry_t* r, int kin, int kmiss, int kmi,
                         uint32_t now) {
    const int top = (int)m->d.l2_mshrs - 1;
    if (kin < 0 && kmi >= 0) {
        fc(m, TC_L2_F_MSHR_TWO_NEW);
    }
    if ((kin < 0 && kmiss == top) || kmi == top) {
        fc(m, TC_L2_F_MSHR_TOP);
    }
    if (kin >= 0 && m->mshr[kin].ts == now) {
        fc(m, TC_L2_F_MI_LAST_CYCLE);
    }
    if (r->kind == TC_REQ_GETS && r->exp && kmi >= 0 && m->d.t_hit > 0u && m->d.t_evict > 0u) {
        fc(m, TC_L2_F_LIFE_TWO_STEPS);
    }
}

/* N3 (section 13, TC-Weak-C): a GETS that finds its line idx in P or S with wl = 1 (after M4) is
 * answered DATA_W(ts = gTS, the line) with no lease: gTS and the state are kept (H22 / H23). The
 * predictor counts it as any served GETS (+THit with exp). */
static void l2_gets_wl(tc_l2_t* m, const tc_l2_in_t* in, const tc_l2_fentry_t* r, uint32_t idx,
                       int64_t* delta) {
    const tc_l2_meta_t* ln = &m->line[idx];
    m->cov[ln->st == TC_L2_P ? TC_L2_T_H22 : TC_L2_T_H23]++;
    if (r->exp) {
        *delta += (int64_t)m->d.t_hit;
    }
    respond(m, &in->t, TC_RSP_DATA_W, (uint64_t)1 << r->src, 0, false, r->line, ln->gts,
            tc_l2_line_data(m, idx));
    touch(m, idx);
}

/* The head request on its line idx in P, S or E: M4, the rows of section 6 (section 7 under
 * TC-Strong, section 13 under TC-Weak-C). Returns false when it stalls (S04). */
static bool l2_hit(tc_l2_t* m, const tc_l2_in_t* in, uint32_t idx, int64_t* delta) {
    const tc_l2_fentry_t* r = &m->fifo[m->fhead];
    const uint32_t* const rdata = m->fdata + (size_t)m->fhead * m->lw;
    const uint32_t* const rmask = m->fmask + (size_t)m->fhead * m->mw;
    const tc_l2_desc_t* d = &m->d;
    const uint32_t now = in->t.now;
    const bool strong = d->protocol == TC_STRONG;
    const uint32_t kind = r->kind;
    const uint64_t a = r->line;
    tc_l2_meta_t* ln = &m->line[idx];
    uint32_t* const ldata = tc_l2_line_data(m, idx);
    /* P, S or E; M4 lazy expiry */
    const uint32_t st0 = ln->st;
    const bool expired = (st0 == TC_L2_P || st0 == TC_L2_S) && ln->gts < now;
    const uint32_t st = expired ? (uint32_t)TC_L2_E : st0;
    const bool live = st == TC_L2_P || st == TC_L2_S;             /* gTS >= now */
    const uint32_t tsp = r->era == (in->t.era & 1u) ? r->ts : 0u; /* M5 */
    /* H07; P10: a saturated stamp may be shared by several holders, so it proves nothing */
    const bool priv = kind == TC_REQ_UPGR && st == TC_L2_P && tsp == ln->gts &&
                      ln->gts != tc_ts_max_w(d->ts_width);
    if (strong && live && kind != TC_REQ_GETS && !priv) {
        m->cov[TC_L2_T_S04]++; /* section 7: wait until the line has expired */
        return false;
    }
    if (expired) {
        m->cov[st0 == TC_L2_P ? TC_L2_T_X01 : TC_L2_T_X02]++;
        if (ln->wl != 0u) {
            fc(m, TC_L2_F_WL_EXPIRE);
        }
        ln->wl = 0u; /* N2 */
    }
    if (live && ln->gts == now) {
        fc(m, TC_L2_F_GTS_LAST_CYCLE);
    }
    if (kind == TC_REQ_GETS && live && ln->wl != 0u) {
        l2_gets_wl(m, in, r, idx, delta); /* N3 */
        return true;
    }
    const uint64_t dst = (uint64_t)1 << r->src;
    const uint32_t g = ln->gts;
    switch (kind) {
    case TC_REQ_GETS:
        m->cov[st == TC_L2_P ? TC_L2_T_H01 : st == TC_L2_S ? TC_L2_T_H02 : TC_L2_T_H03]++;
        if (r->exp || st == TC_L2_E) {
            *delta += (int64_t)d->t_hit;
        }
        ln->gts = grant(m, g, now);
        ln->st = st == TC_L2_E ? TC_L2_P : TC_L2_S;
        respond(m, &in->t, TC_RSP_DATA, dst, 0, false, a, ln->gts, ldata);
        break;
    case TC_REQ_GETX:
        m->cov[st == TC_L2_P ? TC_L2_T_H04 : st == TC_L2_S ? TC_L2_T_H05 : TC_L2_T_H06]++;
        if (live && d->use_t_write) {
            *delta -= (int64_t)d->t_write;
        }
        write_masked(ldata, rdata, rmask, m->lw);
        respond(m, &in->t, live ? TC_RSP_ACK_G : TC_RSP_ACK, dst, r->wf, false, a, live ? g : 0u,
                NULL);
        ln->st = live ? TC_L2_P : TC_L2_E;
        break;
    case TC_REQ_UPGR: {
        const bool eq = tsp == g;
        if (r->era != (in->t.era & 1u)) {
            fc(m, TC_L2_F_UPGR_OLD_ERA);
        }
        tc_l2_trans_t row;
        uint32_t rk;
        if (st == TC_L2_P && eq && !priv) { /* P10: H24 */
            row = TC_L2_T_H24;
            rk = TC_RSP_ACK_G;
        } else if (st == TC_L2_P) {
            row = eq ? TC_L2_T_H07 : TC_L2_T_H08;
            rk = eq ? TC_RSP_ACK : TC_RSP_DATA_G;
        } else if (st == TC_L2_S) {
            row = eq ? TC_L2_T_H09 : TC_L2_T_H10;
            rk = eq ? TC_RSP_ACK_G : TC_RSP_DATA_G;
        } else {
            row = TC_L2_T_H11;
            rk = TC_RSP_ACK;
        }
        m->cov[row]++;
        if (live && d->use_t_write) {
            *delta -= (int64_t)d->t_write;
        }
        write_masked(ldata, rdata, rmask, m->lw);
        respond(m, &in->t, rk, dst, r->wf, false, a, rk == TC_RSP_ACK ? 0u : g,
                rk == TC_RSP_DATA_G ? ldata : NULL);
        ln->st = live ? TC_L2_P : TC_L2_E;
        break;
    }
    default: /* TC_REQ_ATOMIC */
        m->cov[st == TC_L2_P ? TC_L2_T_H12 : st == TC_L2_S ? TC_L2_T_H13 : TC_L2_T_H14]++;
        respond(m, &in->t, TC_RSP_DATA_G, dst, r->wf, true, a, g, ldata);
        apply_atomic(ldata, m->lw, r->aop, r->word, r->a, r->b);
        ln->st = live ? TC_L2_P : TC_L2_E;
        break;
    }
    if (kind != TC_REQ_GETS) {
        ln->dirty = 1;
        ln->gts = inc(m, g); /* TS++ after the response took the old value (D5) */
    }
    if (d->protocol == TC_WEAK_C && live && kind != TC_REQ_GETS && !priv) {
        ln->wl = 1u; /* N1: H04 H05 H08 H09 H10 H12 H13 */
        if (kind == TC_REQ_ATOMIC) {
            fc(m, TC_L2_F_WL_ATOMIC);
        }
    }
    touch(m, idx);
    return true;
}

/* Returns true when the head leaves the FIFO (served or dropped), false when it stalls. */
/* The FIFO head's request, decoded once for do_request and its parts, with the set's M6 victim
 * candidates (-1: none). */
typedef struct {
    const tc_l2_fentry_t* r;
    const uint32_t* rdata;
    const uint32_t* rmask;
    uint64_t a, tag;
    uint32_t set, base, kind, now;
    tc_l2_meta_t* L; /* the set's ways */
    int v_inv, v_exp, v_old;
} l2_rq_t;

/* One pass over the set: the matching way (*hit, *nhit of them) and the victim candidates. */
static void l2_scan_set(const tc_l2_t* m, l2_rq_t* q, int* hit, uint32_t* nhit) {
    const tc_l2_meta_t* L = q->L;
    *hit = -1;
    *nhit = 0;
    q->v_inv = q->v_exp = q->v_old = -1;
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        const uint32_t st = L[w].st;
        if (st == TC_L2_I) {
            if (q->v_inv < 0) {
                q->v_inv = (int)w;
            }
            continue;
        }
        if (L[w].tag == q->tag) {
            (*nhit)++;
            *hit = (int)w;
        }
        const bool ps = st == TC_L2_P || st == TC_L2_S;
        if (st == TC_L2_E || (ps && L[w].gts < q->now)) {
            if (q->v_exp < 0) {
                q->v_exp = (int)w;
            }
        } else if (ps && (q->v_old < 0 || L[w].gts < L[q->v_old].gts)) {
            q->v_old = (int)w;
        }
    }
}

/* A request to a line being filled: I_M stalls (H17), I_S takes a GETS into its IS entry (H15)
 * and stalls anything else (H16). False: stalled (or M1). */
static bool l2_pending(tc_l2_t* m, const l2_rq_t* q, const tc_l2_meta_t* ln, int64_t* delta) {
    const tc_l2_desc_t* d = &m->d;
    if (ln->st == TC_L2_I_M) {
        m->cov[TC_L2_T_H17]++;
        m->cov[TC_L2_T_S03]++;
        return false;
    }
    if (q->kind != TC_REQ_GETS) {
        m->cov[TC_L2_T_H16]++;
        m->cov[TC_L2_T_S03]++;
        return false;
    }
    tc_l2_mshr_meta_t* e = NULL;
    uint32_t nm = 0;
    for (uint32_t k = 0; k < d->l2_mshrs; k++) {
        tc_l2_mshr_meta_t* x = &m->mshr[k];
        if (x->v && x->line == q->a) {
            nm++;
            e = x;
        }
    }
    if (nm != 1u || e->kind != TC_MS_IS) {
        m->errors++; /* M1: I_S line without its IS entry */
        return false;
    }
    e->sm |= (uint64_t)1 << q->r->src; /* H15 merge */
    m->cov[TC_L2_T_H15]++;
    if (e->sm == gpucoh_mask64(d->num_sm)) {
        fc(m, TC_L2_F_MERGE_ALL_SM);
    }
    if (q->r->exp) {
        *delta += (int64_t)d->t_hit;
    }
    return true;
}

/* The victim vl (way vw) leaves (M6): to an MI entry kmi while its lease lives (V02), with a
 * writeback when dirty. */
static void l2_evict(tc_l2_t* m, const l2_rq_t* q, tc_l2_meta_t* vl, int vw, bool to_mi, int kmi,
                     int64_t* delta) {
    if (vl->st == TC_L2_I)
        return;
    const uint64_t vline = line_of(m, q->set, vl->tag);
    if (to_mi) {
        m->cov[TC_L2_T_V02]++;
        if (vl->wl != 0u) {
            fc(m, TC_L2_F_WL_EVICT);
        }
        *delta -= (int64_t)m->d.t_evict;
        (void)mshr_alloc(m, (uint32_t)kmi, TC_MS_MI, vline, 0u, vl->gts);
    } else {
        m->cov[TC_L2_T_V01]++;
    }
    if (vl->dirty) {
        fc(m, to_mi ? TC_L2_F_WB_LIVE : TC_L2_F_WB_EXPIRED);
        tc_mem_req_t* mq = &m->out.mreq;
        mq->wb = true;
        mq->wb_line = vline;
        memcpy(mq->wb_data, tc_l2_line_data(m, q->base + (uint32_t)vw), sizeof(uint32_t) * m->lw);
    }
}

/* The miss's entry kmiss: new (H18/H19) or the matching MI entry, keeping mts (H20/H21). */
static void l2_miss_entry(tc_l2_t* m, const l2_rq_t* q, int kmiss, int vw, bool mi_live,
                          int64_t* delta) {
    const tc_l2_fentry_t* r = q->r;
    tc_l2_mshr_meta_t* e = &m->mshr[kmiss];
    const uint32_t ts = mi_live ? e->ts : 0u;
    if (q->kind == TC_REQ_GETS) {
        m->cov[mi_live ? TC_L2_T_H20 : TC_L2_T_H18]++;
        e = mshr_alloc(m, (uint32_t)kmiss, TC_MS_IS, q->a, (uint32_t)vw, ts);
        e->sm = (uint64_t)1 << r->src;
        if (r->exp) {
            *delta += (int64_t)m->d.t_hit;
        }
    } else {
        m->cov[mi_live ? TC_L2_T_H21 : TC_L2_T_H19]++;
        e = mshr_alloc(m, (uint32_t)kmiss, TC_MS_IM, q->a, (uint32_t)vw, ts);
        e->op = q->kind;
        e->src = r->src;
        e->wf = r->wf;
        memcpy(m->mdata + (size_t)kmiss * m->lw, q->rdata, sizeof(uint32_t) * m->lw);
        memcpy(m->mmask + (size_t)kmiss * m->mw, q->rmask, sizeof(uint32_t) * m->mw);
        e->aop = r->aop;
        e->word = r->word;
        e->a = r->a;
        e->b = r->b;
    }
}

/* One pass over the MSHRs: the entry of the line (*mk, *nm of them) and the two lowest free
 * entries (*f0, *f1; M7: an expired MI entry is free). */
static void l2_scan_mshrs(const tc_l2_t* m, const l2_rq_t* q, int* mk, uint32_t* nm, int* f0,
                          int* f1) {
    *mk = *f0 = *f1 = -1;
    *nm = 0;
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        const tc_l2_mshr_meta_t* x = &m->mshr[k];
        if (x->v && x->line == q->a) {
            (*nm)++;
            *mk = (int)k;
        }
        if (!x->v || (x->kind == TC_MS_MI && x->ts < q->now)) { /* M7 free */
            if (*f0 < 0) {
                *f0 = (int)k;
            } else if (*f1 < 0) {
                *f1 = (int)k;
            }
        }
    }
}

/* A miss: the victim, the MSHR entries it needs, then the commit. False: stalled (or M1). */
static bool l2_miss(tc_l2_t* m, const l2_rq_t* q, int64_t* delta) {
    const tc_l2_desc_t* d = &m->d;
    const uint32_t now = q->now;
    int mk, f0, f1;
    uint32_t nm;
    l2_scan_mshrs(m, q, &mk, &nm, &f0, &f1);
    if (nm > 1u || (mk >= 0 && m->mshr[mk].kind != TC_MS_MI)) {
        m->errors++; /* M1 */
        return false;
    }
    const bool mi_live = mk >= 0 && m->mshr[mk].ts >= now;
    const bool mi_exp = mk >= 0 && !mi_live;
    if (d->protocol == TC_STRONG && mi_live && q->kind != TC_REQ_GETS) {
        m->cov[TC_L2_T_S04]++; /* section 7: instead of H21 */
        return false;
    }
    const int vw = q->v_inv >= 0 ? q->v_inv : q->v_exp >= 0 ? q->v_exp : q->v_old;
    if (vw < 0) {
        m->cov[TC_L2_T_S01]++; /* every way transient */
        return false;
    }
    tc_l2_meta_t* vl = &q->L[vw];
    const bool vps = vl->st == TC_L2_P || vl->st == TC_L2_S;
    const bool to_mi = vps && vl->gts >= now; /* V02 */
    const int nfree = (f0 >= 0) + (f1 >= 0);
    const int need = (mi_live ? 0 : 1) + (to_mi ? 1 : 0);
    if (need > nfree) {
        m->cov[TC_L2_T_S02]++;
        return false;
    }

    /* commit: the miss's entry first (lowest free), then the victim's MI entry */
    l2_fcov_victim(m, q->L, (uint32_t)vw, vw == q->v_inv ? 0u : vw == q->v_exp ? 1u : 2u, now);
    if (((q->tag >> (m->tag_bits - 1u)) & 1u) != 0u) {
        fc(m, TC_L2_F_ALLOC_TAG_MSB);
    }
    if (q->set + 1u == d->l2_sets) {
        fc(m, TC_L2_F_ALLOC_SET_TOP);
    }
    const int kmiss = mi_live ? mk : f0;
    const int kmi = to_mi ? (mi_live ? f0 : f1) : -1;
    l2_fcov_miss(m, q->r, mi_live ? mk : -1, kmiss, kmi, now);
    if (mi_exp) {
        m->cov[TC_L2_T_X03]++; /* M4: freed first */
        if (mk != kmiss && mk != kmi) {
            m->mshr[mk].v = 0;
        }
    }
    if (!mi_live && m->mshr[kmiss].v && kmiss != mk) {
        m->cov[TC_L2_T_X04]++;
    }
    if (kmi >= 0 && m->mshr[kmi].v && kmi != mk) {
        m->cov[TC_L2_T_X04]++;
    }
    l2_evict(m, q, vl, vw, to_mi, kmi, delta);
    l2_miss_entry(m, q, kmiss, vw, mi_live, delta);

    /* the allocated line */
    vl->tag = q->tag;
    vl->st = q->kind == TC_REQ_GETS ? TC_L2_I_S : TC_L2_I_M;
    vl->gts = 0;
    vl->dirty = 0;
    vl->wl = 0; /* section 13 (P1) */
    if (mshr_any_valid(m, true)) {
        fc(m, TC_L2_F_MSHR_FULL);
    }
    m->out.mreq.fetch = true;
    m->out.mreq.fetch_line = q->a;
    touch(m, q->base + (uint32_t)vw);
    return true;
}

static bool do_request(tc_l2_t* m, const tc_l2_in_t* in, int64_t* delta) {
    l2_rq_t q;
    q.r = &m->fifo[m->fhead];
    q.rdata = m->fdata + (size_t)m->fhead * m->lw;
    q.rmask = m->fmask + (size_t)m->fhead * m->mw;
    q.now = in->t.now;
    q.kind = q.r->kind;
    if (q.kind < TC_REQ_GETS || q.kind > TC_REQ_ATOMIC) {
        m->errors++; /* not a request kind: dropped */
        return true;
    }
    q.a = q.r->line;
    q.set = set_of(m, q.a);
    q.tag = tag_of(m, q.a);
    q.base = q.set * m->d.l2_ways;
    q.L = &m->line[q.base];
    int hit;
    uint32_t nhit;
    l2_scan_set(m, &q, &hit, &nhit);
    if (nhit > 1u) {
        m->errors++; /* M1 */
        return false;
    }
    if (hit >= 0) {
        const tc_l2_meta_t* ln = &q.L[hit];
        if (ln->st == TC_L2_I_M || ln->st == TC_L2_I_S)
            return l2_pending(m, &q, ln, delta);
        return l2_hit(m, in, q.base + (uint32_t)hit, delta);
    }
    return l2_miss(m, &q, delta);
}

/*--- one rising edge (M2) -------------------------------------------------------------------*/

/* The request as the ports see it (cut to the port widths). */
static void push(tc_l2_t* m, const tc_req_t* in) {
    uint32_t slot = m->fhead + m->fcnt;
    if (slot >= m->d.l2_queue) {
        slot -= m->d.l2_queue;
    }
    tc_l2_fentry_t* q = &m->fifo[slot];
    const uint32_t lb = m->d.line_bytes;
    q->line = in->line & gpucoh_mask64(m->la);
    q->kind = in->kind & 7u;
    q->src = in->src & 63u;
    q->wf = in->wf & 63u;
    q->exp = in->exp;
    q->ts = in->ts & tc_ts_max_w(m->d.ts_width);
    q->era = in->era & 1u;
    q->aop = in->aop & 3u;
    q->word = in->word & 31u;
    q->a = in->a;
    q->b = in->b;
    memcpy(m->fdata + (size_t)slot * m->lw, in->data, sizeof(uint32_t) * m->lw);
    uint32_t* mask = m->fmask + (size_t)slot * m->mw;
    for (uint32_t w = 0; w < m->mw; w++) { /* bits >= LineBytes are 0 */
        const uint32_t lo = w * 32u;
        mask[w] = in->mask[w] & (lb - lo >= 32u ? ~0u : ((1u << (lb - lo)) - 1u));
    }
    m->fcnt++;
}

static void roll(tc_l2_t* m, uint32_t now) { /* RO2 */
    l2_fcov_roll(m, now);
    for (uint32_t i = 0; i < m->lines; i++) {
        m->line[i].gts = 0;
        m->line[i].wl = 0; /* section 13: cleared with the stamps */
    }
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        m->mshr[k].ts = 0;
    }
    m->touched_all = true;
}

/* A quiet edge (section 4, "A quiet edge"): out of reset, no fill, no request, the FIFO empty and
 * no roll. The full edge then only clears the previous edge's messages (req_ready stays 1: the
 * FIFO was empty after the previous edge too); this is that edge. */
static bool l2_quiet(const tc_l2_t* m, const tc_l2_in_t* in) {
    return in->rst_n && !in->mem.valid && !in->req.valid && m->fcnt == 0u && !in->t.roll;
}

static bool l2_sent(const tc_l2_out_t* o) {
    return o->rsp.valid || o->mreq.fetch || o->mreq.wb;
}

/* The whole edge (rule M2), the outputs left in m->out. */
static void l2_full_edge(tc_l2_t* m, const tc_l2_in_t* in) {
    tc_l2_out_t* o = &m->out;
    m->touched_n = 0;
    m->touched_all = false;
    if (!in->rst_n) {
        m->cov[TC_L2_T_RESET]++;
        l2_reset(m);
    } else {
        const bool ready_pre = o->req_ready;
        if (o->rsp.valid) {
            memset(&o->rsp, 0, sizeof o->rsp);
        }
        if (o->mreq.fetch || o->mreq.wb) {
            memset(&o->mreq, 0, sizeof o->mreq);
        }
        int64_t delta = 0;
        if (in->mem.valid) { /* (a) */
            do_fill(m, in);
        } else if (m->fcnt != 0u) { /* (b) */
            if (do_request(m, in, &delta)) {
                if (m->fhead + 1u == m->d.l2_queue) {
                    fc(m, TC_L2_F_FIFO_WRAP);
                }
                m->fhead = m->fhead + 1u == m->d.l2_queue ? 0u : m->fhead + 1u;
                m->fcnt--;
            }
        }
        if (in->req.valid) { /* (c) */
            if (ready_pre) {
                push(m, &in->req);
                if (m->fcnt == m->d.l2_queue) {
                    fc(m, TC_L2_F_FIFO_FULL);
                }
            } else {
                m->cov[TC_L2_T_Q01]++;
            }
        }
        if (delta != 0) { /* (d) M8 */
            int64_t l = (int64_t)m->life + delta;
            if (l < (int64_t)m->d.pred_min) {
                l = (int64_t)m->d.pred_min;
                fc(m, TC_L2_F_LIFE_CLAMP_MIN);
            }
            if (l > (int64_t)m->d.pred_max) {
                l = (int64_t)m->d.pred_max;
                fc(m, TC_L2_F_LIFE_CLAMP_MAX);
            }
            m->life = (uint32_t)l;
        }
        if (in->t.roll) { /* (e) */
            roll(m, in->t.now);
        }
        o->req_ready = m->fcnt < m->d.l2_queue; /* (f) */
    }
}

void tc_l2_tick(tc_l2_t* m, const tc_l2_in_t* in, tc_l2_out_t* out) {
    if (l2_quiet(m, in)) {
        m->touched_n = 0;
        m->touched_all = false;
        if (l2_sent(&m->out)) {
            memset(&m->out.rsp, 0, sizeof m->out.rsp);
            memset(&m->out.mreq, 0, sizeof m->out.mreq);
        }
        m->out.req_ready = true; /* (f): fcnt_d = 0 < L2Queue */
    } else {
        l2_full_edge(m, in);
    }
    m->out_kept = false;
    if (out != NULL) {
        *out = m->out;
    }
}

/* A quiet edge after an edge that sent nothing changes no output. */
void tc_l2_tick_kept(tc_l2_t* m, const tc_l2_in_t* in, tc_l2_out_t* out) {
    if (m->out_kept && !l2_sent(&m->out) && l2_quiet(m, in)) {
        m->touched_n = 0;
        m->touched_all = false;
        return;
    }
    tc_l2_tick(m, in, out);
    m->out_kept = true;
}

/*--- coverage rows --------------------------------------------------------------------------*/

static const char* const trans_ids[TC_L2_T_N] = {
    "RESET", "H01", "H02", "H03", "H04", "H05", "H06", "H07", "H08", "H09", "H10",
    "H11",   "H12", "H13", "H14", "H15", "H16", "H17", "H18", "H19", "H20", "H21",
    "F01",   "F02", "F03", "F04", "F05", "F06", "X01", "X02", "X03", "X04", "V01",
    "V02",   "S01", "S02", "S03", "S04", "Q01", "H22", "H23", "F07", "H24", "F08",
};

static const char* const trans_names[TC_L2_T_N] = {
    "reset",
    "P x GETS: grant, DATA -> S",
    "S x GETS: grant, DATA -> S",
    "E x GETS: grant, DATA -> P",
    "P x GETX: write, ACK_G, TS++ -> P",
    "S x GETX: write, ACK_G, TS++ -> P",
    "E x GETX: write, ACK, TS++ -> E",
    "P x UPGR private: write, ACK, TS++ -> P",
    "P x UPGR stale: write, DATA_G, TS++ -> P",
    "S x UPGR ts == gTS: write, ACK_G, TS++ -> P",
    "S x UPGR ts != gTS: write, DATA_G, TS++ -> P",
    "E x UPGR: write, ACK, TS++ -> E",
    "P x ATOMIC: DATA_G, TS++ -> P",
    "S x ATOMIC: DATA_G, TS++ -> P",
    "E x ATOMIC: DATA_G, TS++ -> E",
    "I_S x GETS: merge",
    "I_S x GETX/UPGR/ATOMIC: stall",
    "I_M x any: stall",
    "miss x GETS: MSHR IS, fetch -> I_S",
    "miss x GETX/UPGR/ATOMIC: MSHR IM, fetch -> I_M",
    "M_I x GETS: entry becomes IS (stamp kept), fetch -> I_S",
    "M_I x GETX/UPGR/ATOMIC: entry becomes IM (stamp kept), fetch -> I_M",
    "fill IS, one requester: DATA -> P",
    "fill IS, several requesters: DATA multicast -> S",
    "fill IM write, stamp expired: ACK -> E",
    "fill IM atomic, stamp expired: DATA_G -> E",
    "fill IM write, stamp from M_I live: ACK_G, TS++ -> P",
    "fill IM atomic, stamp from M_I live: DATA_G, TS++ -> P",
    "P found expired -> E",
    "S found expired -> E",
    "M_I entry found expired: freed",
    "allocation reuses an expired M_I entry",
    "victim expired or E: leaves",
    "victim unexpired P/S: M_I entry",
    "stall: no victim",
    "stall: no MSHR",
    "stall: transient line",
    "stall: TC-Strong write to an unexpired line",
    "FIFO full",
    "P x GETS, wl: DATA_W, no lease -> P",
    "S x GETS, wl: DATA_W, no lease -> S",
    "fill IS, stamp from M_I live: DATA_W -> S",
    "P x UPGR at the saturated stamp: write, ACK_G -> P",
    "fill IS, one requester, grant == inherited stamp -> S",
};

const char* tc_l2_trans_id(tc_l2_trans_t r) {
    return (unsigned)r < (unsigned)TC_L2_T_N ? trans_ids[r] : "?";
}

const char* tc_l2_trans_name(tc_l2_trans_t r) {
    return (unsigned)r < (unsigned)TC_L2_T_N ? trans_names[r] : "?";
}

/*
 * Reachability (the system of docs/system.md, whose timer counts up by one per cycle: its
 * load is used only before traffic starts). Besides section 7 (TC-Strong: H04 H05 H08 H09 H10
 * H12 H13 H21 F05 F06 never; S04 only under TC-Strong):
 *  - live = the longest lease is > 0 (Lease under fixed mode, PredMax under predict). With a
 *    lease of 0 every grant gives gTS = now, E lines keep gTS <= now of their last edge (TS++
 *    of an expired stamp), so at every later edge every P/S line is expired and no L1 line is
 *    ever valid (lTS = an L2 now < the L1's now): no UPGR, no unexpired P/S at the head, no
 *    M_I entry. Then H01 H02 H04 H05 H07-H13 H20 H21 F05 F06 V02 X03 X04 S04 are unreachable.
 *  - evict = some set receives more line addresses than it has ways:
 *    2^(LA - log2 B - log2 L2Sets) > L2Ways (the bank receives only its own lines). Without it
 *    no line is ever evicted: V01 V02 S01 H20 H21 F05 F06 X03 X04 are unreachable.
 *  - H15 and F02 need a second SM (one GETS per line per L1, so a merge is from another SM);
 *    X02 needs an S line: F02 or H01.
 *  - S02 without M_I entries (no live or no evict): only I_S/I_M entries, at most one per
 *    transient line, and at least one line of the bank's address space (the miss's) or of the
 *    set (the victim) is not transient: needs L2Mshrs <= min(Lines, L2Sets * 2^(LA - log2 B -
 *    log2 L2Sets)) - 1. With M_I entries it is counted reachable (it needs enough live M_I
 *    entries at once, which depends on the lease length and the traffic).
 *  - TC-Weak-C (section 13) only: H22 needs a P line with wl = 1 (N1: a write to an unexpired
 *    line, so live); an S line with wl = 1 comes only from F07 (every N1 row leaves the line in
 *    P, and N3 keeps the state), and F07 needs an I_S fill with a live inherited stamp (H20), so
 *    H23 and F07 need mi.
 */
bool tc_l2_trans_reachable(const tc_l2_desc_t* d, tc_l2_trans_t r) {
    if ((unsigned)r >= (unsigned)TC_L2_T_N) {
        return false;
    }
    if (d == NULL) {
        return true;
    }
    const bool strong = d->protocol == TC_STRONG;
    const uint32_t lmax = d->lease_mode == TC_LEASE_FIXED ? d->lease : d->pred_max;
    const bool live = lmax > 0u;
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t lb = gpucoh_log2_floor(d->num_banks) + gpucoh_log2_floor(d->l2_sets);
    const uint32_t x = la > lb ? la - lb : 0u;
    const uint64_t per_set = x >= 20u ? ((uint64_t)1 << 20) : ((uint64_t)1 << x);
    const bool evict = per_set > d->l2_ways;
    const bool mi = live && evict;
    const bool multi = d->num_sm >= 2u;
    const bool wc = d->protocol == TC_WEAK_C;
    switch (r) {
    case TC_L2_T_H22:
        return wc && live;
    case TC_L2_T_H24:
        return !strong && live;
    case TC_L2_T_F08:
        return !wc && mi;
    case TC_L2_T_H23:
    case TC_L2_T_F07:
        return wc && mi;
    case TC_L2_T_H04:
    case TC_L2_T_H05:
    case TC_L2_T_H08:
    case TC_L2_T_H09:
    case TC_L2_T_H10:
    case TC_L2_T_H12:
    case TC_L2_T_H13:
        return !strong && live;
    case TC_L2_T_H21:
    case TC_L2_T_F05:
    case TC_L2_T_F06:
        return !strong && mi;
    case TC_L2_T_S04:
        return strong && live;
    case TC_L2_T_H01:
    case TC_L2_T_H02:
    case TC_L2_T_H07:
    case TC_L2_T_H11:
        return live;
    case TC_L2_T_H20:
    case TC_L2_T_V02:
    case TC_L2_T_X03:
    case TC_L2_T_X04:
        return mi;
    case TC_L2_T_V01:
    case TC_L2_T_S01:
        return evict;
    case TC_L2_T_H15:
    case TC_L2_T_F02:
        return multi;
    case TC_L2_T_X02:
        return multi || live;
    case TC_L2_T_S02: {
        if (mi) {
            return true;
        }
        const uint64_t lines = (uint64_t)d->l2_sets * d->l2_ways;
        const uint64_t space = (uint64_t)d->l2_sets * per_set;
        const uint64_t cap = lines < space ? lines : space;
        return (uint64_t)d->l2_mshrs + 1u <= cap;
    }
    default:
        return true;
    }
}

/*--- cover points (section 11) ---------------------------------------------------------------*/

static const char* const l2_fnames[TC_L2_F_N] = {
    "VIC_I_W0",       "VIC_I_W1",       "VIC_I_W2",       "VIC_I_W3",        "VIC_I_W4",
    "VIC_I_W5",       "VIC_I_W6",       "VIC_I_W7",       "VIC_I_W8",        "VIC_I_W9",
    "VIC_I_W10",      "VIC_I_W11",      "VIC_I_W12",      "VIC_I_W13",       "VIC_I_W14",
    "VIC_I_W15",      "VIC_EXP_W0",     "VIC_EXP_W1",     "VIC_EXP_W2",      "VIC_EXP_W3",
    "VIC_EXP_W4",     "VIC_EXP_W5",     "VIC_EXP_W6",     "VIC_EXP_W7",      "VIC_EXP_W8",
    "VIC_EXP_W9",     "VIC_EXP_W10",    "VIC_EXP_W11",    "VIC_EXP_W12",     "VIC_EXP_W13",
    "VIC_EXP_W14",    "VIC_EXP_W15",    "VIC_LEAST_W0",   "VIC_LEAST_W1",    "VIC_LEAST_W2",
    "VIC_LEAST_W3",   "VIC_LEAST_W4",   "VIC_LEAST_W5",   "VIC_LEAST_W6",    "VIC_LEAST_W7",
    "VIC_LEAST_W8",   "VIC_LEAST_W9",   "VIC_LEAST_W10",  "VIC_LEAST_W11",   "VIC_LEAST_W12",
    "VIC_LEAST_W13",  "VIC_LEAST_W14",  "VIC_LEAST_W15",  "VIC_LEAST_TIE",   "VIC_PAST_TRANSIENT",
    "VIC_EXP_E",      "VIC_EXP_LAPSED", "VIC_I_OVER_EXP", "VIC_I_OVER_LIVE", "VIC_EXP_OVER_LIVE",
    "ALLOC_TAG_MSB",  "ALLOC_SET_TOP",  "WB_EXPIRED",     "WB_LIVE",         "MSHR_FULL",
    "MSHR_EMPTY",     "MSHR_TWO_NEW",   "MSHR_TOP",       "MERGE_ALL_SM",    "FIFO_FULL",
    "FIFO_WRAP",      "LIFE_CLAMP_MIN", "LIFE_CLAMP_MAX", "LIFE_TWO_STEPS",  "LEASE_SAT",
    "GRANT_KEEPS",    "INC_SAT",        "GTS_LAST_CYCLE", "MI_LAST_CYCLE",   "UPGR_OLD_ERA",
    "ROLL_LIVE_LINE", "ROLL_LIVE_MI",   "ROLL_INHERITED", "WL_EVICT",        "WL_EXPIRE",
    "DATAW_MULTI",    "WL_ATOMIC",
};

const char* tc_l2_fcov_name(tc_l2_fcov_t f) {
    return (unsigned)f < (unsigned)TC_L2_F_N ? l2_fnames[f] : "?";
}

/* What the reachability of the rows (above) and of section 11 rests on. */
typedef struct {
    bool live, evict, mi, multi, negstep;
    uint64_t per_set; /* line addresses one set of the bank receives (capped at 2^20) */
    uint64_t cap;     /* MSHR entries that IS/IM alone can hold at once (S02's argument) */
} l2_reach_t;

static l2_reach_t l2_reach_of(const tc_l2_desc_t* d) {
    l2_reach_t q;
    const uint32_t lmax = d->lease_mode == TC_LEASE_FIXED ? d->lease : d->pred_max;
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t lb = gpucoh_log2_floor(d->num_banks) + gpucoh_log2_floor(d->l2_sets);
    const uint32_t x = la > lb ? la - lb : 0u;
    const uint64_t lines = (uint64_t)d->l2_sets * d->l2_ways;
    q.per_set = x >= 20u ? ((uint64_t)1 << 20) : ((uint64_t)1 << x);
    q.live = lmax > 0u;
    q.evict = q.per_set > d->l2_ways;
    q.mi = q.live && q.evict;
    q.multi = d->num_sm >= 2u;
    q.negstep = (d->t_evict > 0u && q.mi) || (d->t_write > 0u && d->use_t_write && q.live);
    q.cap = lines < (uint64_t)d->l2_sets * q.per_set ? lines : (uint64_t)d->l2_sets * q.per_set;
    return q;
}

/* Section 11: the per-way points (way < L2Ways; class 1 needs w + 1 lines of the set, class 2
 * an eviction, class 3 an unexpired one) and the corners, each argued there. */
bool tc_l2_fcov_reachable(const tc_l2_t* m, tc_l2_fcov_t f) {
    if (m == NULL || (unsigned)f >= (unsigned)TC_L2_F_N) {
        return false;
    }
    const tc_l2_desc_t* d = &m->d;
    const l2_reach_t q = l2_reach_of(d);
    if (f <= TC_L2_F_VIC_LEAST_W15) {
        const uint32_t cls = (uint32_t)f / 16u, w = (uint32_t)f % 16u;
        const bool ok = cls == 0u ? q.per_set >= (uint64_t)w + 1u : cls == 1u ? q.evict : q.mi;
        return w < d->l2_ways && ok;
    }
    switch (f) {
    case TC_L2_F_VIC_LEAST_TIE:
        return d->l2_ways >= 2u && q.mi;
    case TC_L2_F_VIC_PAST_TRANSIENT:
    case TC_L2_F_VIC_I_OVER_EXP:
        return d->l2_ways >= 2u && q.per_set >= 2u;
    case TC_L2_F_VIC_I_OVER_LIVE:
        return d->l2_ways >= 2u && q.per_set >= 2u && q.live;
    case TC_L2_F_VIC_EXP_OVER_LIVE:
        return d->l2_ways >= 2u && q.mi;
    case TC_L2_F_VIC_EXP_E:
    case TC_L2_F_VIC_EXP_LAPSED:
    case TC_L2_F_WB_EXPIRED:
        return q.evict;
    case TC_L2_F_WB_LIVE:
    case TC_L2_F_MSHR_TWO_NEW:
    case TC_L2_F_MI_LAST_CYCLE:
    case TC_L2_F_ROLL_LIVE_MI:
    case TC_L2_F_ROLL_INHERITED:
        return q.mi;
    case TC_L2_F_MSHR_FULL:
    case TC_L2_F_MSHR_TOP:
        return q.mi || (uint64_t)d->l2_mshrs <= q.cap;
    case TC_L2_F_MERGE_ALL_SM:
        return q.multi;
    case TC_L2_F_LIFE_CLAMP_MIN:
        return q.negstep;
    case TC_L2_F_LIFE_CLAMP_MAX:
        return d->t_hit > 0u;
    case TC_L2_F_LIFE_TWO_STEPS:
        return d->t_hit > 0u && d->t_evict > 0u && q.mi;
    case TC_L2_F_GRANT_KEEPS:
        return d->lease_mode == TC_LEASE_PREDICT && d->pred_max > d->pred_min && q.negstep &&
               (d->t_hit > 0u || d->pred_init > d->pred_min);
    case TC_L2_F_WL_EXPIRE: /* section 13: wl needs a write to an unexpired line */
    case TC_L2_F_WL_ATOMIC:
        return d->protocol == TC_WEAK_C && q.live;
    case TC_L2_F_WL_EVICT:
        return d->protocol == TC_WEAK_C && q.mi;
    case TC_L2_F_DATAW_MULTI: /* F07 (mi) to two SMs */
        return d->protocol == TC_WEAK_C && q.mi && q.multi;
    case TC_L2_F_LEASE_SAT:
    case TC_L2_F_INC_SAT:
    case TC_L2_F_GTS_LAST_CYCLE:
    case TC_L2_F_UPGR_OLD_ERA:
    case TC_L2_F_ROLL_LIVE_LINE:
        return q.live;
    default:
        return true;
    }
}
