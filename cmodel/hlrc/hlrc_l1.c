/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_l1.c -- C reference model of the hLRC L1 controller (docs/units/hlrc/hlrc_l1.md), written
 * from the specification only. One hlrc_l1_tick() = one rising edge in the order of rule L2:
 * (a) the rsp message (section 5), (b) the answers X01 / X02, (c) the store-buffer engine,
 * (d) the head of the core FIFO (section 6, L11), (e) the batch check (L12), (f) INV (L6),
 * (g) the push of the core request, (h) the outputs. Row ids (C16, M06, B01, ...) are the page's.
 */
#include "hlrc_l1.h"

#include <assert.h>
#include <string.h>

#include "gpucoh_bits.h"

typedef struct {
    uint64_t tag;
    uint64_t wait;
    uint32_t st, fresh, pend, stale, age;
    uint32_t dirty[HLRC_MASK_WORDS];
} l1_meta_t;

struct hlrc_l1 {
    hlrc_l1_desc_t d;
    uint32_t lw, la, lines, set_bits, mw, wmax;
    uint64_t la_mask;
    l1_meta_t* line;
    uint32_t* data; /* lines x lw */
    hlrc_core_req_t* fifo;
    uint64_t* sb;
    uint64_t* rvl;
    uint32_t* rvp;
    uint64_t* rmap; /* bit i: line i is R (hlrc_l1_r_lines; bookkeeping only) */
    uint32_t fhead, fcnt, sbh, sbcnt, rvh, rvcnt;
    uint32_t wtp, batch, fl, idle;
    uint64_t fcur, fwait, fdone;
    uint32_t rgv, rgi, agv, hph, evs, evi;
    uint64_t evl;
    bool ev_own; /* C-model bookkeeping: the running eviction is C18's own-return (D29) */
    hlrc_l1_out_t out;
    uint64_t errors;
    uint64_t cov[HLRC_L1_T_N];
    uint64_t fcov[HLRC_L1_F_N];
    hlrc_l1_stats_t st;
    uint32_t touched_n;
    uint32_t touched[HLRC_SEL_MAX];
    bool touched_all;
};

/* The registered values an edge reads (the "_q" of the page) and what the edge decided. */
typedef struct {
    uint32_t batch_q, fl_q, sbcnt_q, idle_q, wtp_q, rgv_q, rgi_q, agv_q, hph_q, evs_q, rvcnt_q;
    uint64_t fcur_q, evl_q;
    uint64_t evx_q;   /* the line of way evi_q (its registered tag): X02's line while evs_q == 3 */
    int64_t pend_clr; /* the line whose pend step (a) cleared (its pend_q is 1) */
    int64_t pset;     /* the line whose pend the head set (its pend_q is 0) */
    int64_t keep;     /* the line M06 granted (INV keeps its fresh) */
    bool inv, begin, wrote, popped, touched;
    bool idle_pop, m08_begin, m08_phase1, completed; /* cover points F60, F67 */
    int al_rule; /* L7 rule of the last plan (cover points F01-F24) */
    uint64_t pop_line;
} ctx_t;

enum { POP_NONE = 0, POP_BATCH, POP_IDLE, POP_FULL };
/* Stall codes S01..S13 (0: no stall). */
enum { S01 = 1, S02, S03, S04, S05, S06, S07, S08, S09, S10, S11, S12, S13 };
/* L7 outcomes. */
enum { AL_FREE = 0, AL_V01, AL_V02 };

/*--- descriptor -------------------------------------------------------------------------------*/

hlrc_l1_desc_t hlrc_l1_desc_from(const hlrc_desc_t* sys) {
    hlrc_l1_desc_t d;
    d.scoped = sys->scoped;
    d.num_wf = sys->num_wf;
    d.num_banks = sys->num_banks;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l1_sets = sys->l1_sets;
    d.l1_ways = sys->l1_ways;
    d.l1_queue = sys->l1_queue;
    d.sb_entries = sys->sb_entries;
    d.sb_idle = sys->sb_idle;
    d.wt_cnt_width = sys->wt_cnt_width;
    return d;
}

#define RANGE(field, name, lo, hi)                                                                 \
    GPUCOH_DESC_RANGE(hlrc_param_error, "hlrc_l1", field, name, lo, hi)

#define POW2(field, name, what) GPUCOH_DESC_POW2(hlrc_param_error, "hlrc_l1", field, name, what)

int hlrc_l1_check_desc(const hlrc_l1_desc_t* d, char* msg, size_t msg_len) {
    RANGE(scoped, "Scoped", 0u, 1u);
    RANGE(num_wf, "NumWf", 1u, 64u);
    RANGE(num_banks, "NumBanks", 1u, 16u);
    POW2(num_banks, "NumBanks", "1, 2, 4, 8, 16");
    RANGE(line_bytes, "LineBytes", 16u, 128u);
    POW2(line_bytes, "LineBytes", "16, 32, 64, 128");
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    RANGE(l1_sets, "L1Sets", 1u, 256u);
    POW2(l1_sets, "L1Sets", "power of 2, 1..256");
    if (d->addr_width - gpucoh_log2_floor(d->line_bytes) < gpucoh_log2_floor(d->l1_sets) + 1u) {
        return hlrc_param_error(msg, msg_len,
                                "hlrc_l1: addr_width = %u is illegal (AddrWidth: LA >= log2 "
                                "L1Sets + 1)",
                                (unsigned)d->addr_width);
    }
    RANGE(l1_ways, "L1Ways", 1u, 8u);
    RANGE(l1_queue, "L1Queue", 1u, 8u);
    RANGE(sb_entries, "SbEntries", 1u, 256u);
    RANGE(sb_idle, "SbIdle", 1u, 65535u);
    RANGE(wt_cnt_width, "WtCntWidth", 2u, 10u);
    return 0;
}

typedef struct {
    size_t line, data, fifo, sb, rvl, rvp, rmap, total;
} l1_layout_t;

static void l1_layout(const hlrc_l1_desc_t* d, l1_layout_t* o) {
    const size_t lines = (size_t)d->l1_sets * d->l1_ways;
    size_t at = gpucoh_al8(sizeof(hlrc_l1_t));
    o->line = at;
    at = gpucoh_al8(at + lines * sizeof(l1_meta_t));
    o->data = at;
    at = gpucoh_al8(at + lines * (d->line_bytes / 4u) * sizeof(uint32_t));
    o->fifo = at;
    at = gpucoh_al8(at + (size_t)d->l1_queue * sizeof(hlrc_core_req_t));
    o->sb = at;
    at = gpucoh_al8(at + (size_t)d->sb_entries * sizeof(uint64_t));
    o->rvl = at;
    at = gpucoh_al8(at + (size_t)d->num_banks * sizeof(uint64_t));
    o->rvp = at;
    at = gpucoh_al8(at + (size_t)d->num_banks * sizeof(uint32_t));
    o->rmap = at;
    at = gpucoh_al8(at + (lines + 63u) / 64u * sizeof(uint64_t));
    o->total = at;
}

size_t hlrc_l1_size(const hlrc_l1_desc_t* d) {
    if (hlrc_l1_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    return o.total;
}

/* Line l's state, and its bit of rmap (every write of a line's state goes through here). */
static inline void st_set(hlrc_l1_t* m, l1_meta_t* l, uint32_t st) {
    l->st = st;
    gpucoh_bitmap_put(m->rmap, (uint32_t)(l - m->line), st == HLRC_L1_R);
}

static void l1_reset_state(hlrc_l1_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(l1_meta_t));
    memset(m->rmap, 0, (m->lines + 63u) / 64u * sizeof(uint64_t));
    for (uint32_t i = 0; i < m->lines; i++) {
        m->line[i].age = i % m->d.l1_ways; /* reset: the way number */
    }
    memset(m->data, 0, (size_t)m->lines * m->lw * sizeof(uint32_t));
    memset(m->fifo, 0, (size_t)m->d.l1_queue * sizeof(hlrc_core_req_t));
    memset(m->sb, 0, (size_t)m->d.sb_entries * sizeof(uint64_t));
    memset(m->rvl, 0, (size_t)m->d.num_banks * sizeof(uint64_t));
    memset(m->rvp, 0, (size_t)m->d.num_banks * sizeof(uint32_t));
    m->fhead = m->fcnt = m->sbh = m->sbcnt = m->rvh = m->rvcnt = 0u;
    m->wtp = m->batch = m->fl = m->idle = 0u;
    m->fcur = m->fwait = m->fdone = 0u;
    m->rgv = m->rgi = m->agv = m->hph = m->evs = m->evi = 0u;
    m->evl = 0u;
    m->ev_own = false;
    memset(&m->out, 0, sizeof m->out);
    m->out.core_ready = true;
    m->out.drained = true;
    m->touched_all = true;
    m->touched_n = 0u;
}

hlrc_l1_t* hlrc_l1_init(void* mem, size_t len, const hlrc_l1_desc_t* d, char* msg, size_t msg_len) {
    if (hlrc_l1_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)hlrc_param_error(msg, msg_len,
                               "hlrc_l1: storage %s (%zu bytes; the model needs %zu bytes "
                               "aligned to %zu)",
                               mem == NULL     ? "is NULL"
                               : len < o.total ? "too small"
                                               : "misaligned",
                               len, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    hlrc_l1_t* m = (hlrc_l1_t*)mem;
    m->d = *d;
    m->line = (l1_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->fifo = (hlrc_core_req_t*)(void*)(b + o.fifo);
    m->sb = (uint64_t*)(void*)(b + o.sb);
    m->rvl = (uint64_t*)(void*)(b + o.rvl);
    m->rvp = (uint32_t*)(void*)(b + o.rvp);
    m->rmap = (uint64_t*)(void*)(b + o.rmap);
    m->lw = d->line_bytes / 4u;
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->lines = d->l1_sets * d->l1_ways;
    m->set_bits = gpucoh_log2_floor(d->l1_sets);
    m->la_mask = gpucoh_mask64(m->la);
    m->wmax = (1u << d->wt_cnt_width) - 1u;
    l1_reset_state(m);
    return m;
}

#define COV(m, r) ((m)->cov[HLRC_L1_T_##r]++)
#define FC(m, f)  ((m)->fcov[HLRC_L1_F_##f]++)

/*--- helpers ----------------------------------------------------------------------------------*/

static void mark(hlrc_l1_t* m, uint32_t i) {
    if (m->touched_all) {
        return;
    }
    for (uint32_t k = 0; k < m->touched_n; k++) {
        if (m->touched[k] == i) {
            return;
        }
    }
    if (m->touched_n == HLRC_SEL_MAX) {
        m->touched_all = true;
        return;
    }
    m->touched[m->touched_n++] = i;
}

static uint32_t* dat(const hlrc_l1_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}
static uint64_t line_of(const hlrc_l1_t* m, uint32_t i) {
    return ((m->line[i].tag << m->set_bits) | (i / m->d.l1_ways)) & m->la_mask;
}
static bool dirty_any(const hlrc_l1_t* m, uint32_t i) {
    for (uint32_t j = 0; j < m->mw; j++) {
        if (m->line[i].dirty[j] != 0u) {
            return true;
        }
    }
    return false;
}
static bool allocated(const hlrc_l1_t* m, uint32_t i) {
    const l1_meta_t* l = &m->line[i];
    return l->st != HLRC_L1_I || l->pend != 0u || dirty_any(m, i) || (m->rgv && m->rgi == i);
}

static int64_t find(const hlrc_l1_t* m, uint64_t a) {
    a &= m->la_mask;
    const uint32_t s = (uint32_t)(a & (m->d.l1_sets - 1u));
    const uint64_t t = a >> m->set_bits;
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        const uint32_t i = s * m->d.l1_ways + w;
        if (allocated(m, i) && m->line[i].tag == t) {
            return (int64_t)i;
        }
    }
    return -1;
}

/* Section 3: an R line is leaving when a revoke-queue entry holds its line or evs is 1..3 on it. */
static bool leaving(const hlrc_l1_t* m, uint32_t i) {
    if (m->evs >= HLRC_EVS_NEXT && m->evs <= HLRC_EVS_FLUSHED && m->evi == i) {
        return true;
    }
    const uint64_t a = line_of(m, i);
    for (uint32_t k = 0; k < m->rvcnt; k++) {
        if (m->rvl[(m->rvh + k) % m->d.num_banks] == a) {
            return true;
        }
    }
    return false;
}

/* L15: touch way x (at most one touch an edge). */
static void touch(hlrc_l1_t* m, ctx_t* c, uint32_t x) {
    if (c->touched) {
        return;
    }
    c->touched = true;
    const uint32_t base = (x / m->d.l1_ways) * m->d.l1_ways;
    const uint32_t ax = m->line[x].age;
    if (ax == m->d.l1_ways - 1u) {
        FC(m, RR_AGE_FULL);
    }
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        if (m->line[base + w].age < ax) {
            m->line[base + w].age++;
            mark(m, base + w);
        }
    }
    m->line[x].age = 0u;
    mark(m, x);
}

static bool pend_q(const hlrc_l1_t* m, const ctx_t* c, uint32_t i) {
    return (m->line[i].pend != 0u && c->pset != (int64_t)i) || c->pend_clr == (int64_t)i;
}

/* A message on an output (the payload beyond the line stays 0). */
static hlrc_msg_t* emit(hlrc_l1_t* m, hlrc_msg_t* o, uint32_t kind, uint64_t line) {
    memset(o, 0, sizeof *o);
    o->valid = true;
    o->kind = kind;
    o->line = line & m->la_mask;
    return o;
}

/* WT(line, the bytes of data under mask, mask): bytes outside the mask are 0 (hlrc.md section 3,
 * "data: WT: the bytes under mask"; a choice, listed in the report). */
static void send_wt(hlrc_l1_t* m, uint64_t line, const uint32_t* data, const uint32_t* mask) {
    hlrc_msg_t* o = emit(m, &m->out.req, HLRC_MSG_WT, line);
    for (uint32_t j = 0; j < m->mw; j++) {
        o->mask[j] = mask[j] & (uint32_t)gpucoh_mask64(m->d.line_bytes - 32u * j);
    }
    for (uint32_t w = 0; w < m->lw; w++) {
        o->data[w] = data[w] & gpucoh_word_bytes(o->mask, w);
    }
    m->wtp++;
    if (m->wtp == m->wmax) {
        FC(m, WT_MAX);
    }
}

static void crsp(hlrc_l1_t* m, uint32_t kind, uint64_t wf_mask, uint64_t line,
                 const uint32_t* data) {
    hlrc_core_rsp_t* r = &m->out.crsp;
    memset(r, 0, sizeof *r);
    r->valid = true;
    r->kind = kind;
    r->wf_mask = wf_mask;
    r->line = line & m->la_mask;
    memcpy(r->data, data, (size_t)m->lw * sizeof(uint32_t));
}

/* merged (L13): data with the line's dirty bytes written over it. */
static void merge_into(const hlrc_l1_t* m, uint32_t i, const uint32_t* in, uint32_t* out) {
    const uint32_t* d = dat(m, i);
    for (uint32_t w = 0; w < m->lw; w++) {
        const uint32_t bm = gpucoh_word_bytes(m->line[i].dirty, w);
        out[w] = (in[w] & ~bm) | (d[w] & bm);
    }
}

static void sb_push(hlrc_l1_t* m, uint64_t line) {
    m->sb[(m->sbh + m->sbcnt) % m->d.sb_entries] = line & m->la_mask;
    m->sbcnt++;
    if (m->sbcnt == m->d.sb_entries) {
        FC(m, SB_FULL);
    }
}

static void pop_head(hlrc_l1_t* m) {
    m->fhead = (m->fhead + 1u) % m->d.l1_queue;
    m->fcnt--;
}

/* L12 join: returns the client's phase, the same for hph, evs and rvp: HLRC_*_NEXT (1) waits
 * for the next batch, HLRC_*_CUR (2) is in the current one. */
static uint32_t join(hlrc_l1_t* m, ctx_t* c) {
    if (c->batch_q != 0u) {
        return 1u;
    }
    m->batch = 1u;
    c->begin = true;
    m->st.store_buffer_flushes++;
    return 2u;
}

/* P1 on word w of d; returns "P1 writes": ADD, EXCH (any bmask), CAS with old == a (C4). */
static bool p1(uint32_t* d, uint32_t w, uint32_t aop, uint32_t bmask, uint32_t a, uint32_t b) {
    const uint32_t old = d[w];
    switch (aop) {
    case HLRC_AOP_ADD:
        d[w] = old + a;
        return true;
    case HLRC_AOP_EXCH: {
        const uint32_t bm = gpucoh_nib_bytes(bmask);
        d[w] = (old & ~bm) | (a & bm);
        return true; /* bmask 0000 writes the word unchanged */
    }
    case HLRC_AOP_CAS:
        if (old == a) {
            d[w] = b;
            return true;
        }
        return false;
    default:
        return false;
    }
}

/* L1 `writes`: a release STORE, or an ATOMIC with aop != 3 (a CAS counts). */
static bool writes(const hlrc_core_req_t* r) {
    return r->op == HLRC_OP_STORE || (r->op == HLRC_OP_ATOMIC && r->aop != HLRC_AOP_NONE);
}

/* Sets dirty on bytes bm of word w; pushes the line if it had no dirty byte and bm != 0. */
static void dirty_word(hlrc_l1_t* m, uint32_t i, uint32_t w, uint32_t nib) {
    if (nib == 0u) {
        return;
    }
    const bool was = dirty_any(m, i);
    m->line[i].dirty[w / 8u] |= (nib & 15u) << ((w % 8u) * 4u);
    if (!was) {
        sb_push(m, line_of(m, i));
    }
}

/* A synchronizing access performed on line i (C10-C12, M06): answers the core. Returns whether
 * it resets idle (L10): a release STORE always, an ATOMIC when P1 writes, a LOAD never. */
static bool perform(hlrc_l1_t* m, uint32_t i, const hlrc_core_req_t* r) {
    uint32_t* d = dat(m, i);
    const uint32_t w = r->word % m->lw;
    const uint64_t wfm = (uint64_t)1 << r->wf;
    bool wrote = r->op == HLRC_OP_STORE;
    if (r->op == HLRC_OP_LOAD) {
        crsp(m, HLRC_CRSP_LOAD, wfm, r->line, d);
    } else if (r->op == HLRC_OP_STORE) {
        const uint32_t nib = (r->mask[w / 8u] >> ((w % 8u) * 4u)) & 15u; /* I5 */
        const uint32_t bm = gpucoh_nib_bytes(nib);
        d[w] = (d[w] & ~bm) | (r->data[w] & bm);
        dirty_word(m, i, w, nib);
        m->fcov[HLRC_L1_F_GRANT_EMPTY_STORE] += nib == 0u && m->rgv != 0u ? 1u : 0u;
    } else {
        crsp(m, HLRC_CRSP_ATOMIC, wfm, r->line, d);
        m->fcov[HLRC_L1_F_ADD_WRAP_L1] += r->aop == HLRC_AOP_ADD && d[w] + r->a < d[w] ? 1u : 0u;
        wrote = p1(d, w, r->aop, 15u, r->a, r->b);
        if (wrote) {
            dirty_word(m, i, w, 15u);
        } else if (r->aop == HLRC_AOP_CAS && m->rgv != 0u) {
            FC(m, GRANT_CAS_FAIL); /* M06 (rgv is cleared after perform) */
        }
    }
    mark(m, i);
    return wrote;
}

/*--- section 5: messages (step (a)) -----------------------------------------------------------*/

static void m_data(hlrc_l1_t* m, ctx_t* c, const hlrc_msg_t* g, uint32_t i) {
    l1_meta_t* l = &m->line[i];
    uint32_t merged[HLRC_MAX_LINE_WORDS];
    merge_into(m, i, g->data, merged);
    if (l->wait != 0u) {
        crsp(m, HLRC_CRSP_LOAD, l->wait, g->line, merged);
    }
    m->cov[l->st != HLRC_L1_R ? (l->stale ? HLRC_L1_T_M02 : HLRC_L1_T_M01)
                              : (l->stale ? HLRC_L1_T_M04 : HLRC_L1_T_M03)]++;
    m->fcov[HLRC_L1_F_DATA_AFTER_GRANT] += l->st == HLRC_L1_R && l->stale != 0u ? 1u : 0u;
    if (l->st != HLRC_L1_R) { /* M01 (V), M02 (stale: st unchanged) */
        memcpy(dat(m, i), merged, (size_t)m->lw * sizeof(uint32_t));
        if (l->stale == 0u) {
            st_set(m, l, HLRC_L1_V);
        }
    } else if (l->stale == 0u) { /* M03: a bypassed load or a refresh */
        memcpy(dat(m, i), merged, (size_t)m->lw * sizeof(uint32_t));
        l->fresh = 1u;
    } /* else M04: nothing installed (D32) */
    l->pend = l->stale = 0u;
    l->wait = 0u;
    c->pend_clr = (int64_t)i;
    mark(m, i);
}

/* M06: the GRANT installs the line R and completes the head (D16). */
static void m_grant(hlrc_l1_t* m, ctx_t* c, const hlrc_msg_t* g) {
    const uint32_t i = m->rgi;
    l1_meta_t* l = &m->line[i];
    const hlrc_core_req_t* r = &m->fifo[m->fhead];
    COV(m, M06);
    m->fcov[HLRC_L1_F_GRANT_MERGE_DIRTY] += dirty_any(m, i) ? 1u : 0u;
    merge_into(m, i, g->data, dat(m, i));
    st_set(m, l, HLRC_L1_R);
    l->fresh = 1u;
    c->wrote = perform(m, i, r); /* L10: a release STORE, or P1 writes */
    pop_head(m);
    m->rgv = 0u;
    touch(m, c, i);
    c->inv = true;
    c->keep = (int64_t)i;
    m->st.atomic_in++;
}

/* M07: the ATOM completes the head (Scoped). */
static void m_atom(hlrc_l1_t* m, ctx_t* c, const hlrc_msg_t* g) {
    const hlrc_core_req_t* r = &m->fifo[m->fhead];
    const int64_t i = find(m, r->line);
    const uint64_t wfm = (uint64_t)1 << r->wf;
    COV(m, M07);
    if (r->op == HLRC_OP_STORE) { /* a8: no answer, no INV (gpu_l1 R05 on the line) */
        if (i >= 0 && m->line[i].st == HLRC_L1_V) {
            st_set(m, &m->line[i], HLRC_L1_I);
            mark(m, (uint32_t)i);
        }
        if (i >= 0 && m->line[i].pend != 0u) {
            m->line[i].stale = 1u;
            mark(m, (uint32_t)i);
        }
    } else {
        crsp(m, r->op == HLRC_OP_LOAD ? HLRC_CRSP_LOAD : HLRC_CRSP_ATOMIC, wfm, r->line, g->data);
        c->inv = true; /* a2, a18 */
    }
    pop_head(m);
    m->agv = 0u;
    if (i >= 0) {
        touch(m, c, (uint32_t)i);
    }
}

/* M08: a REVOKE enters the revoke queue. */
static void m_revoke(hlrc_l1_t* m, ctx_t* c, uint64_t line) {
    const uint32_t k = (m->rvh + m->rvcnt) % m->d.num_banks;
    COV(m, M08);
    m->fcov[HLRC_L1_F_REVOKE_WAITS] += c->batch_q != 0u ? 1u : 0u;
    m->fcov[HLRC_L1_F_EVICT_THEN_REVOKE] +=
        c->evs_q == HLRC_EVS_SENT && c->evl_q == (line & m->la_mask);
    m->rvl[k] = line & m->la_mask;
    m->rvp[k] = join(m, c);
    c->m08_begin = m->rvp[k] == HLRC_RVP_CUR;
    c->m08_phase1 = m->rvp[k] == HLRC_RVP_NEXT;
    m->fcov[HLRC_L1_F_REVOKE_TWO_QUEUED] += m->rvcnt + 1u == 2u ? 1u : 0u;
    if (m->rvp[k] == HLRC_RVP_CUR) {
        m->st.revoke_flushes++;
    }
    m->rvcnt++;
}

static bool msg_finds_state(const hlrc_l1_t* m, const ctx_t* c, const hlrc_msg_t* g) {
    const uint64_t a = g->line & m->la_mask;
    const int64_t i = find(m, a);
    switch (g->kind) {
    case HLRC_MSG_DATA:
        return i >= 0 && m->line[i].pend != 0u;
    case HLRC_MSG_ACK:
        return c->wtp_q > 0u;
    case HLRC_MSG_GRANT:
        return c->rgv_q != 0u && i == (int64_t)c->rgi_q;
    case HLRC_MSG_ATOM:
        return c->agv_q != 0u && m->fcnt > 0u && (m->fifo[m->fhead].line & m->la_mask) == a &&
               m->fifo[m->fhead].wf == g->wf;
    case HLRC_MSG_REVOKE:
        return c->rvcnt_q < m->d.num_banks;
    case HLRC_MSG_EACK:
        return c->evs_q == HLRC_EVS_SENT && c->evl_q == a;
    default:
        return false;
    }
}

static void take_msg(hlrc_l1_t* m, ctx_t* c, const hlrc_msg_t* g) {
    if (!msg_finds_state(m, c, g)) { /* M10 (L9; I3, I4) */
        COV(m, M10);
        m->errors++;
        return;
    }
    switch (g->kind) {
    case HLRC_MSG_DATA:
        m_data(m, c, g, (uint32_t)find(m, g->line));
        break;
    case HLRC_MSG_ACK: /* M05 */
        COV(m, M05);
        m->wtp--;
        break;
    case HLRC_MSG_GRANT:
        m_grant(m, c, g);
        break;
    case HLRC_MSG_ATOM:
        m_atom(m, c, g);
        break;
    case HLRC_MSG_REVOKE:
        m_revoke(m, c, g->line);
        break;
    default: /* M09: EACK */
        COV(m, M09);
        m->evs = HLRC_EVS_NONE;
        break;
    }
}

/*--- section 7: the answers (step (b)) --------------------------------------------------------*/

static void answers(hlrc_l1_t* m, const ctx_t* c) {
    if (m->rvcnt > 0u && m->rvp[m->rvh] == HLRC_RVP_FLUSHED) { /* X01 */
        const uint64_t a = m->rvl[m->rvh];
        COV(m, X01);
        (void)emit(m, &m->out.wb, HLRC_MSG_RACK, a);
        const int64_t i = find(m, a);
        m->fcov[HLRC_L1_F_X01_DEFERS_X02] += c->evs_q == HLRC_EVS_FLUSHED ? 1u : 0u;
        m->fcov[HLRC_L1_F_RACK_NOT_HELD] += i >= 0 && m->line[i].st == HLRC_L1_R ? 0u : 1u;
        if (i >= 0 && m->line[i].st == HLRC_L1_R) {
            st_set(m, &m->line[i], HLRC_L1_I);
            m->line[i].fresh = 0u;
            m->st.atomic_out++;
            mark(m, (uint32_t)i);
            if (m->evs >= HLRC_EVS_NEXT && m->evs <= HLRC_EVS_FLUSHED && m->evi == (uint32_t)i) {
                m->evs = HLRC_EVS_NONE; /* LD5: the RACK gave the line back */
                FC(m, RACK_CANCELS_EVICT);
            }
        }
        m->rvp[m->rvh] = 0u;
        m->rvl[m->rvh] = 0u;
        m->rvh = (m->rvh + 1u) % m->d.num_banks;
        m->rvcnt--;
    } else if (c->evs_q == HLRC_EVS_FLUSHED && m->evs == HLRC_EVS_FLUSHED) { /* X02 */
        const uint32_t i = m->evi;
        COV(m, X02);
        m->evl = line_of(m, i);
        (void)emit(m, &m->out.wb, HLRC_MSG_EVICT, m->evl);
        st_set(m, &m->line[i], HLRC_L1_I);
        m->line[i].fresh = 0u;
        m->evs = HLRC_EVS_SENT;
        m->st.atomic_out++;
        m->st.r_evicts += m->ev_own ? 0u : 1u;
        mark(m, i);
    }
}

/*--- section 7: the store-buffer engine (step (c)) --------------------------------------------*/

static uint32_t pop_kind(const hlrc_l1_t* m, const ctx_t* c) {
    if (c->batch_q != 0u) {
        return c->fl_q > 0u ? POP_BATCH : POP_NONE;
    }
    if (c->sbcnt_q > 0u && c->idle_q == m->d.sb_idle) {
        return POP_IDLE;
    }
    if (c->sbcnt_q == m->d.sb_entries && c->idle_q < m->d.sb_idle) {
        return POP_FULL;
    }
    return POP_NONE;
}

static void do_pop(hlrc_l1_t* m, ctx_t* c, uint32_t kind) {
    const uint64_t a = m->sb[m->sbh];
    const int64_t i = find(m, a);
    const bool rgi_line = m->rgv != 0u && i >= 0 && (uint32_t)i == m->rgi;
    if (kind == POP_IDLE && rgi_line) {
        FC(m, IDLE_POP_HELD);
        return; /* section 7: the rgi line's entry is held */
    }
    bool repush = false;
    const bool odd = i >= 0 && dirty_any(m, (uint32_t)i);
    if (odd) { /* B01, B03, B05 */
        if (c->wtp_q == m->wmax || pend_q(m, c, (uint32_t)i)) {
            FC(m, POP_BLOCKED);
            return; /* the pop does not happen */
        }
        send_wt(m, a, dat(m, (uint32_t)i), m->line[i].dirty);
        m->st.r_line_wts += m->line[i].st == HLRC_L1_R ? 1u : 0u;
        m->fcov[HLRC_L1_F_POP_R_LINE] += m->line[i].st == HLRC_L1_R ? 1u : 0u;
        repush = kind == POP_BATCH && rgi_line; /* dirty kept, the entry re-pushed */
        m->fcov[HLRC_L1_F_POP_RGI_REPUSH] += repush ? 1u : 0u;
        if (!repush) {
            memset(m->line[i].dirty, 0, sizeof m->line[i].dirty);
            mark(m, (uint32_t)i);
        }
    } /* else B02, B04, B06: no message */
    /* B01 / B02 (batch), B03 / B04 (idle), B05 / B06 (full): the odd row sends a WT */
    m->cov[HLRC_L1_T_B01 + 2u * (kind - POP_BATCH) + (odd ? 0u : 1u)]++;
    m->fcov[HLRC_L1_F_SB_PTR_WRAP] += m->sbh == m->d.sb_entries - 1u ? 1u : 0u;
    m->fcov[HLRC_L1_F_IDLE_DRAIN] += kind == POP_IDLE ? 1u : 0u;
    c->idle_pop = kind == POP_IDLE;
    m->sb[m->sbh] = 0u;
    m->sbh = (m->sbh + 1u) % m->d.sb_entries;
    m->sbcnt--;
    if (repush) {
        sb_push(m, a);
    }
    if (kind == POP_BATCH) {
        m->fl--;
    }
    c->popped = true;
    c->pop_line = a;
}

/*--- L7 allocation ----------------------------------------------------------------------------*/

static bool excluded(const hlrc_l1_t* m, const ctx_t* c, uint32_t i) {
    const l1_meta_t* l = &m->line[i];
    return l->pend != 0u || (c->rgv_q != 0u && c->rgi_q == i) ||
           (l->st == HLRC_L1_R && leaving(m, i));
}

/* L7 on the set of line a: returns AL_FREE (a way to allocate: rule 1, or rule 2 clean),
 * AL_V01 / AL_V02 (the victim way in *way), or a stall (S02, S10) as a negative code. */
static int alloc_plan(const hlrc_l1_t* m, ctx_t* c, uint64_t a, uint32_t* way) {
    const uint32_t base = (uint32_t)(a & (m->d.l1_sets - 1u)) * m->d.l1_ways;
    int64_t nr = -1, r = -1;
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        const uint32_t i = base + w;
        if (!allocated(m, i)) { /* rule 1 */
            *way = i;
            c->al_rule = 1;
            return AL_FREE;
        }
        if (excluded(m, c, i)) {
            continue;
        }
        int64_t* best = m->line[i].st == HLRC_L1_R ? &r : &nr;
        if (*best < 0 || m->line[i].age > m->line[*best].age) {
            *best = i;
        }
    }
    if (nr >= 0) { /* rule 2 */
        *way = (uint32_t)nr;
        c->al_rule = 2;
        return dirty_any(m, (uint32_t)nr) ? AL_V01 : AL_FREE;
    }
    if (r >= 0) { /* rule 3 */
        *way = (uint32_t)r;
        c->al_rule = 3;
        return c->evs_q == HLRC_EVS_NONE ? AL_V02 : -S10;
    }
    return -S02; /* rule 4 */
}

static void allocate(hlrc_l1_t* m, ctx_t* c, uint32_t i, uint64_t a) {
    l1_meta_t* l = &m->line[i];
    m->fcov[(c->al_rule == 1 ? HLRC_L1_F_VIC_FREE_W0 : HLRC_L1_F_VIC_LRU_W0) + i % m->d.l1_ways]++;
    const uint32_t tw = m->la - m->set_bits;
    if (tw > 0u && (((a & m->la_mask) >> m->set_bits) >> (tw - 1u)) != 0u) {
        FC(m, ALLOC_TAG_MSB);
    }
    l->tag = (a & m->la_mask) >> m->set_bits;
    st_set(m, l, HLRC_L1_I);
    l->fresh = l->pend = l->stale = 0u;
    l->wait = 0u;
    memset(l->dirty, 0, sizeof l->dirty);
    mark(m, i);
    touch(m, c, i);
}

/* L8: the port. sends_req: the row would send on req. */
static bool port_busy(const ctx_t* c, uint64_t a, bool sends_req) {
    return c->popped && (sends_req || c->pop_line == a);
}

/* L11 (5): a miss's allocation. Returns 0 when *way may be allocated now; a stall code; or -1
 * when the edge's action was V01 / V02 (the head stays). */
static int miss(hlrc_l1_t* m, ctx_t* c, uint64_t a, uint32_t* way) {
    const int p = alloc_plan(m, c, a, way);
    if (p < 0) {
        return -p;
    }
    if (p == AL_V01) {
        if (c->wtp_q == m->wmax || c->batch_q != 0u) {
            return S05;
        }
        if (port_busy(c, a, true)) {
            return S04;
        }
        l1_meta_t* l = &m->line[*way];
        COV(m, V01);
        m->fcov[HLRC_L1_F_VIC_LRU_W0 + *way % m->d.l1_ways]++;
        send_wt(m, line_of(m, *way), dat(m, *way), l->dirty);
        memset(l->dirty, 0, sizeof l->dirty);
        st_set(m, l, HLRC_L1_I);
        l->fresh = 0u;
        mark(m, *way);
        return -1;
    }
    if (p == AL_V02) {
        if (port_busy(c, a, false)) {
            return S04;
        }
        COV(m, V02);
        m->fcov[HLRC_L1_F_VIC_R_W0 + *way % m->d.l1_ways]++;
        m->evs = join(m, c);
        m->evi = *way;
        m->ev_own = false;
        return -1;
    }
    return 0;
}

/*--- section 6: the head (step (d)) -----------------------------------------------------------*/

static void gets(hlrc_l1_t* m, ctx_t* c, uint32_t i, uint64_t a) {
    (void)emit(m, &m->out.req, HLRC_MSG_GETS, a);
    m->line[i].pend = 1u;
    m->line[i].stale = 0u;
    c->pset = (int64_t)i;
    mark(m, i);
}

static int load_head(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r) {
    const uint64_t a = r->line & m->la_mask;
    const int64_t f = find(m, a);
    uint32_t i = (uint32_t)f;
    const uint64_t wfm = (uint64_t)1 << r->wf;
    if (f >= 0 && m->line[i].pend != 0u && m->line[i].st != HLRC_L1_V && m->line[i].stale) {
        return S01;
    }
    const bool hit = f >= 0 && m->line[i].st == HLRC_L1_V;
    const bool merge = f >= 0 && !hit && m->line[i].pend != 0u;
    if (f < 0) {
        const int s = miss(m, c, a, &i);
        if (s != 0) {
            return s < 0 ? 0 : s;
        }
    }
    if (port_busy(c, a, !hit && !merge)) {
        return S04;
    }
    m->cov[hit ? HLRC_L1_T_C01 : merge ? HLRC_L1_T_C02 : f >= 0 ? HLRC_L1_T_C04 : HLRC_L1_T_C05]++;
    m->fcov[HLRC_L1_F_BYPASS_LOAD] += !hit && !merge && f >= 0 && m->line[i].st == HLRC_L1_R;
    if (hit) { /* C01 */
        crsp(m, HLRC_CRSP_LOAD, wfm, a, dat(m, i));
        m->st.l1_load_hits++;
    } else if (merge) { /* C02 */
        m->line[i].wait |= wfm;
        m->st.l1_load_misses++;
    } else { /* C04 (the bypass on an R line), C05 */
        if (f < 0) {
            allocate(m, c, i, a);
        }
        gets(m, c, i, a);
        m->line[i].wait = wfm;
        m->st.l1_load_misses++;
    }
    mark(m, i);
    pop_head(m);
    touch(m, c, i);
    return 0;
}

static bool mask_any(const hlrc_l1_t* m, const uint32_t* mask) {
    for (uint32_t j = 0; j < m->mw; j++) {
        if ((mask[j] & (uint32_t)gpucoh_mask64(m->d.line_bytes - 32u * j)) != 0u) {
            return true;
        }
    }
    return false;
}

static void store_bytes(hlrc_l1_t* m, uint32_t i, const hlrc_core_req_t* r, bool mark_dirty) {
    uint32_t mask[HLRC_MASK_WORDS] = {0};
    for (uint32_t j = 0; j < m->mw; j++) {
        mask[j] = r->mask[j] & (uint32_t)gpucoh_mask64(m->d.line_bytes - 32u * j);
    }
    gpucoh_masked_write(dat(m, i), r->data, mask, m->lw);
    if (mark_dirty) {
        const bool was = dirty_any(m, i);
        for (uint32_t j = 0; j < m->mw; j++) {
            m->line[i].dirty[j] |= mask[j];
        }
        if (!was && mask_any(m, mask)) {
            sb_push(m, line_of(m, i));
        }
    }
    mark(m, i);
}

static int store_head(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r) {
    const uint64_t a = r->line & m->la_mask;
    const int64_t f = find(m, a);
    uint32_t i = (uint32_t)f;
    if (f >= 0 && m->line[i].st == HLRC_L1_R) { /* C06: the bypass (D10) */
        if (c->wtp_q == m->wmax || pend_q(m, c, i) || c->batch_q != 0u) {
            return S05;
        }
        if (port_busy(c, a, true)) {
            return S04;
        }
        COV(m, C06);
        FC(m, BYPASS_STORE);
        send_wt(m, a, r->data, r->mask);
        store_bytes(m, i, r, false);
    } else {
        const bool pushes = (f < 0 || !dirty_any(m, i)) && mask_any(m, r->mask);
        if (pushes && c->sbcnt_q == m->d.sb_entries) {
            return S03; /* C08, C09 */
        }
        if (f < 0) {
            const int s = miss(m, c, a, &i);
            if (s != 0) {
                return s < 0 ? 0 : s;
            }
        }
        if (port_busy(c, a, false)) {
            return S04;
        }
        if (f < 0) {
            allocate(m, c, i, a);
        }
        m->cov[f < 0 ? HLRC_L1_T_C09 : pushes ? HLRC_L1_T_C08 : HLRC_L1_T_C07]++;
        store_bytes(m, i, r, true);
        c->wrote = true;
    }
    pop_head(m);
    touch(m, c, i);
    return 0;
}

/* C10-C15 (the line is R here, hLRC path). */
static int sync_r(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r, uint32_t i) {
    const uint64_t a = r->line & m->la_mask;
    const uint32_t w = r->word % m->lw;
    if (leaving(m, i)) {
        FC(m, LEAVING_STALL);
        return S09;
    }
    const bool reads = r->op != HLRC_OP_STORE;
    const bool hit = m->line[i].fresh != 0u || gpucoh_word_bytes(m->line[i].dirty, w) == ~0u;
    if (reads && !hit) {
        if (m->line[i].pend != 0u) {
            return S06;
        }
        if (port_busy(c, a, true)) {
            return S04;
        }
        COV(m, C13);
        FC(m, REFRESH);
        m->fcov[HLRC_L1_F_SYNC_PARTLY_DIRTY] += gpucoh_word_bytes(m->line[i].dirty, w) != 0u;
        gets(m, c, i, a); /* the refresh (D11) */
        m->line[i].wait = 0u;
        m->st.refreshes++;
        return 0;
    }
    uint32_t nib = 15u;
    if (r->op == HLRC_OP_STORE) {
        nib = (r->mask[w / 8u] >> ((w % 8u) * 4u)) & 15u;
    } else if (r->op == HLRC_OP_ATOMIC && r->aop == HLRC_AOP_CAS && dat(m, i)[w] != r->a) {
        nib = 0u;
    } else if (r->op == HLRC_OP_LOAD || r->aop == HLRC_AOP_NONE) {
        nib = 0u;
    }
    if (nib != 0u && !dirty_any(m, i) && c->sbcnt_q == m->d.sb_entries) {
        return S03;
    }
    if (port_busy(c, a, false)) {
        return S04;
    }
    m->fcov[HLRC_L1_F_SYNC_HIT_DIRTY_WORD] += reads && m->line[i].fresh == 0u;
    m->cov[r->op == HLRC_OP_LOAD    ? HLRC_L1_T_C10
           : r->op == HLRC_OP_STORE ? HLRC_L1_T_C11
                                    : HLRC_L1_T_C12]++;
    c->wrote = perform(m, i, r); /* L10: C11 always, C12 when P1 writes */
    pop_head(m);
    touch(m, c, i);
    m->st.l1_sync_hits++;
    return 0;
}

/* L11 (3) S08: the line's EVICT is sent and not yet acknowledged (evs_q == 4, evl_q), or X02
 * sends it in this very edge (evs_q == 3, the line of way evi_q): X02 made the way I in step (b),
 * so the head no longer finds the line R and leaving (C15), and a REG / ATOMIC sent now would
 * race the EVICT on another network (R04 / A03 at the bank, then K03 unregisters the new owner). */
static bool s08(const ctx_t* c, uint64_t a) {
    return (c->evs_q == HLRC_EVS_SENT && c->evl_q == a) ||
           (c->evs_q == HLRC_EVS_FLUSHED && c->evx_q == a);
}

/* C16: REG (the hLRC path, the line not R here). */
static int c16(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r, int64_t f) {
    const uint64_t a = r->line & m->la_mask;
    if (s08(c, a)) {
        return S08;
    }
    if (c->wtp_q != 0u) {
        return S13; /* B1: every earlier WT performed before the REG */
    }
    if (writes(r) && c->sbcnt_q == m->d.sb_entries) {
        return S03; /* D33 */
    }
    uint32_t i = (uint32_t)f;
    if (f < 0) {
        const int s = miss(m, c, a, &i);
        if (s != 0) {
            return s < 0 ? 0 : s;
        }
    }
    if (port_busy(c, a, false)) {
        return S04;
    }
    if (f < 0) {
        allocate(m, c, i, a);
    }
    COV(m, C16);
    (void)emit(m, &m->out.sync, HLRC_MSG_REG, a);
    m->rgv = 1u;
    m->rgi = i;
    return 0;
}

/* C22: the ATOMIC to the bank (D25 (3)). */
static int c22(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r, int64_t f) {
    const uint64_t a = r->line & m->la_mask;
    const uint32_t w = r->word % m->lw;
    if (s08(c, a)) {
        FC(m, S08_ON_C22);
        return S08;
    }
    if (port_busy(c, a, false)) {
        return S04;
    }
    COV(m, C22);
    m->fcov[HLRC_L1_F_L2_ATOMIC_LOAD] += r->op == HLRC_OP_LOAD ? 1u : 0u;
    m->fcov[HLRC_L1_F_L2_ATOMIC_STORE] +=
        r->op == HLRC_OP_STORE && ((r->mask[w / 8u] >> ((w % 8u) * 4u)) & 15u) != 15u;
    hlrc_msg_t* o = emit(m, &m->out.sync, HLRC_MSG_ATOMIC, a);
    o->wf = r->wf;
    o->word = w;
    if (r->op == HLRC_OP_LOAD) {
        o->aop = HLRC_AOP_NONE;
    } else if (r->op == HLRC_OP_STORE) {
        o->aop = HLRC_AOP_EXCH;
        o->a = r->data[w];
        o->bmask = (r->mask[w / 8u] >> ((w % 8u) * 4u)) & 15u;
    } else {
        o->aop = r->aop & 3u;
        o->a = r->a;
        o->b = r->b;
        o->bmask = 15u;
    }
    m->agv = 1u;
    m->hph = HLRC_HPH_NONE;
    if (f >= 0) {
        if (m->line[f].st == HLRC_L1_V) {
            st_set(m, &m->line[f], HLRC_L1_I);
        }
        if (m->line[f].pend != 0u) {
            m->line[f].stale = 1u;
        }
        mark(m, (uint32_t)f);
    }
    return 0;
}

/* C18-C22: the bank path (Scoped, GPU scope). */
static int l2p_head(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r, int64_t f) {
    const uint64_t a = r->line & m->la_mask;
    if (f >= 0 && m->line[f].st == HLRC_L1_R) {
        if (leaving(m, (uint32_t)f)) {
            FC(m, LEAVING_STALL);
            return S09;
        }
        if (c->evs_q != HLRC_EVS_NONE) {
            FC(m, OWN_RETURN_WAITS);
            return S10; /* C18 */
        }
        if (port_busy(c, a, false)) {
            return S04;
        }
        COV(m, C18);
        FC(m, OWN_RETURN);
        m->evs = join(m, c); /* the own-return */
        m->evi = (uint32_t)f;
        m->ev_own = true;
        return 0;
    }
    if (c->agv_q != 0u) {
        return S12;
    }
    if (c->hph_q == HLRC_HPH_NEXT || c->hph_q == HLRC_HPH_CUR) {
        return S11;
    }
    if (c->hph_q == HLRC_HPH_NONE) {
        if (port_busy(c, a, false)) {
            return S04;
        }
        COV(m, C20);
        m->fcov[HLRC_L1_F_PREFLUSH_WAITS] += c->batch_q != 0u ? 1u : 0u;
        m->fcov[HLRC_L1_F_PREFLUSH_ACQ_LOAD] += r->op == HLRC_OP_LOAD ? 1u : 0u;
        m->hph = join(m, c); /* the pre-flush */
        return 0;
    }
    return c22(m, c, r, f);
}

static int sync_head(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r) {
    const int64_t f = find(m, r->line);
    if (m->d.scoped != 0u && r->gpu) {
        return l2p_head(m, c, r, f);
    }
    if (f >= 0 && m->line[f].st == HLRC_L1_R) {
        return sync_r(m, c, r, (uint32_t)f);
    }
    if (c->rgv_q != 0u) {
        return S07;
    }
    return c16(m, c, r, f);
}

static int fence_head(hlrc_l1_t* m, ctx_t* c, const hlrc_core_req_t* r) {
    const uint64_t wfm = (uint64_t)1 << r->wf;
    if (m->d.scoped == 0u || !r->gpu) { /* C23 (D24) */
        COV(m, C23);
        m->fdone |= wfm;
    } else if (c->batch_q == 0u) { /* C24 */
        COV(m, C24);
        FC(m, GPU_FENCE);
        m->fdone &= ~wfm;
        (void)join(m, c);
        m->fcur = wfm;
    } else { /* C25 */
        COV(m, C25);
        FC(m, GPU_FENCE);
        m->fdone &= ~wfm;
        m->fwait |= wfm;
    }
    pop_head(m);
    return 0;
}

static int head(hlrc_l1_t* m, ctx_t* c) {
    const hlrc_core_req_t r = m->fifo[m->fhead];
    switch (r.op) {
    case HLRC_OP_LOAD:
        return r.acq ? sync_head(m, c, &r) : load_head(m, c, &r);
    case HLRC_OP_STORE:
        return r.rel ? sync_head(m, c, &r) : store_head(m, c, &r);
    case HLRC_OP_ATOMIC:
        return sync_head(m, c, &r);
    default:
        return fence_head(m, c, &r);
    }
}

/*--- L12 batch check (step (e)) and L6 INV (step (f)) -----------------------------------------*/

static void batch_check(hlrc_l1_t* m, ctx_t* c) {
    if (c->batch_q == 0u || c->fl_q != 0u || c->wtp_q != 0u) {
        return;
    }
    m->fdone |= c->fcur_q;
    if (c->fcur_q != 0u) {
        c->inv = true;
    }
    bool waits = m->fwait != 0u || m->hph == HLRC_HPH_NEXT || m->evs == HLRC_EVS_NEXT;
    uint32_t kinds = (c->fcur_q != 0u) + (m->hph == HLRC_HPH_CUR) + (m->evs == HLRC_EVS_CUR);
    bool rv2 = false;
    for (uint32_t k = 0; k < m->rvcnt; k++) {
        uint32_t* p = &m->rvp[(m->rvh + k) % m->d.num_banks];
        rv2 = rv2 || *p == HLRC_RVP_CUR;
        *p = *p == HLRC_RVP_CUR ? HLRC_RVP_FLUSHED : *p;
        waits = waits || *p == HLRC_RVP_NEXT;
        m->fcov[HLRC_L1_F_REVOKE_AT_COMPLETION] += *p == HLRC_RVP_NEXT && c->m08_phase1 ? 1u : 0u;
    }
    m->fcov[HLRC_L1_F_BATCH_TWO_CLIENTS] += kinds + (rv2 ? 1u : 0u) >= 2u ? 1u : 0u;
    m->hph = m->hph == HLRC_HPH_CUR ? HLRC_HPH_DONE : m->hph;
    m->evs = m->evs == HLRC_EVS_CUR ? HLRC_EVS_FLUSHED : m->evs;
    m->cov[waits ? HLRC_L1_T_B08 : HLRC_L1_T_B07]++;
    m->fcov[HLRC_L1_F_BATCH_CHAIN] += waits ? 1u : 0u;
    c->completed = true;
    if (!waits) { /* B07 */
        m->batch = 0u;
        m->fcur = 0u;
        return;
    }
    /* B08: the next batch begins at once */
    m->fcur = m->fwait;
    m->fwait = 0u;
    bool rv = false;
    for (uint32_t k = 0; k < m->rvcnt; k++) {
        uint32_t* p = &m->rvp[(m->rvh + k) % m->d.num_banks];
        rv = rv || *p == HLRC_RVP_NEXT;
        *p = *p == HLRC_RVP_NEXT ? HLRC_RVP_CUR : *p;
    }
    m->hph = m->hph == HLRC_HPH_NEXT ? HLRC_HPH_CUR : m->hph;
    m->evs = m->evs == HLRC_EVS_NEXT ? HLRC_EVS_CUR : m->evs;
    c->begin = true;
    m->st.store_buffer_flushes++;
    m->st.revoke_flushes += rv ? 1u : 0u;
}

static void inv(hlrc_l1_t* m, const ctx_t* c) { /* GRANT points: an INV of M06 (keep >= 0) */
    for (uint32_t i = 0; i < m->lines; i++) {
        l1_meta_t* l = &m->line[i];
        if (l->st == HLRC_L1_V) {
            st_set(m, l, HLRC_L1_I);
            m->st.l1_invalidations++;
        }
        if (l->pend != 0u && c->pset != (int64_t)i) {
            m->fcov[HLRC_L1_F_GRANT_STALES_GETS] += c->keep >= 0 && l->stale == 0u ? 1u : 0u;
            l->stale = 1u;
        }
        if (l->st == HLRC_L1_R && c->keep != (int64_t)i) {
            m->fcov[HLRC_L1_F_GRANT_KEEPS_R] += c->keep >= 0 ? 1u : 0u;
            l->fresh = 0u;
        }
    }
    m->touched_all = true;
}

/*--- the edge ---------------------------------------------------------------------------------*/

static void snapshot(const hlrc_l1_t* m, ctx_t* c) {
    memset(c, 0, sizeof *c);
    c->batch_q = m->batch;
    c->fl_q = m->fl;
    c->sbcnt_q = m->sbcnt;
    c->idle_q = m->idle;
    c->wtp_q = m->wtp;
    c->rgv_q = m->rgv;
    c->rgi_q = m->rgi;
    c->agv_q = m->agv;
    c->hph_q = m->hph;
    c->evs_q = m->evs;
    c->evl_q = m->evl;
    c->evx_q = line_of(m, m->evi);
    c->rvcnt_q = m->rvcnt;
    c->fcur_q = m->fcur;
    c->pend_clr = c->pset = c->keep = -1;
}

static void push_core(hlrc_l1_t* m, const hlrc_core_req_t* r) {
    if (r->op < HLRC_OP_LOAD || r->op > HLRC_OP_FENCE || r->wf >= m->d.num_wf) {
        m->errors++; /* I1: dropped at the push */
        return;
    }
    hlrc_core_req_t* e = &m->fifo[(m->fhead + m->fcnt) % m->d.l1_queue];
    *e = *r;
    e->line &= m->la_mask;
    m->fcnt++;
    m->fcov[HLRC_L1_F_FIFO_FULL] += m->fcnt == m->d.l1_queue ? 1u : 0u;
    if (r->op == HLRC_OP_FENCE) {
        m->fdone &= ~((uint64_t)1 << r->wf); /* L14 */
    }
}

static void count_stall(hlrc_l1_t* m, int s) {
    if (s > 0) {
        m->cov[HLRC_L1_T_S01 + (uint32_t)s - 1u]++;
        m->fcov[HLRC_L1_F_REG_WAITS_WT] += s == S13 ? 1u : 0u;
        m->st.stall[s - 1]++;
        m->st.l1_stall_cycles++;
    }
}

static void l1_edge(hlrc_l1_t* m, const hlrc_l1_in_t* in, bool ready) {
    ctx_t c;
    snapshot(m, &c);
    if (in->msg.valid) { /* (a) */
        take_msg(m, &c, &in->msg);
    }
    answers(m, &c); /* (b) */
    const uint32_t pk = pop_kind(m, &c);
    if (pk == POP_BATCH || pk == POP_IDLE) { /* (c) */
        do_pop(m, &c, pk);
    }
    if (!in->msg.valid && m->fcnt > 0u) { /* (d) */
        const int s = head(m, &c);
        count_stall(m, s);
        if (pk == POP_FULL && s == S03) {
            do_pop(m, &c, pk); /* B05 / B06: after the head, which retries next edge */
        }
    }
    batch_check(m, &c); /* (e) */
    if (c.inv) {        /* (f) */
        inv(m, &c);
    }
    if (c.begin) {
        m->fl = m->sbcnt; /* L12: fl := sbcnt_d, the end-of-edge count */
    }
    m->fcov[HLRC_L1_F_BATCH_START_WITH_POP] += c.m08_begin && c.idle_pop ? 1u : 0u;
    const uint64_t all = gpucoh_mask64(m->d.num_wf);
    m->fcov[HLRC_L1_F_FENCE_ALL_WAIT] += ((m->fwait | m->fcur) & all) == all ? 1u : 0u;
    m->idle = c.wrote ? 0u : (m->idle < m->d.sb_idle ? m->idle + 1u : m->d.sb_idle);
    if (in->core.valid && ready) { /* (g) */
        push_core(m, &in->core);
    }
}

void hlrc_l1_tick(hlrc_l1_t* m, const hlrc_l1_in_t* in, hlrc_l1_out_t* out) {
    m->touched_n = 0u;
    m->touched_all = false;
    if (!in->rst_n) {
        l1_reset_state(m);
        if (out != NULL) {
            *out = m->out;
        }
        return;
    }
    const bool ready = m->out.core_ready;
    memset(&m->out.crsp, 0, sizeof m->out.crsp);
    memset(&m->out.req, 0, sizeof m->out.req);
    memset(&m->out.sync, 0, sizeof m->out.sync);
    memset(&m->out.wb, 0, sizeof m->out.wb);
    l1_edge(m, in, ready);
    m->out.core_ready = m->fcnt < m->d.l1_queue; /* (h) */
    m->out.drained = m->sbcnt == 0u && m->wtp == 0u && m->batch == 0u && m->rgv == 0u &&
                     m->agv == 0u && m->evs == HLRC_EVS_NONE && m->rvcnt == 0u;
    m->out.fence_done = m->fdone;
    if (out != NULL) {
        *out = m->out;
    }
}

/*--- observers --------------------------------------------------------------------------------*/

const hlrc_l1_desc_t* hlrc_l1_desc(const hlrc_l1_t* m) {
    return &m->d;
}
const hlrc_l1_out_t* hlrc_l1_out(const hlrc_l1_t* m) {
    return &m->out;
}
const uint64_t* hlrc_l1_cov(const hlrc_l1_t* m) {
    return m->cov;
}

const uint64_t* hlrc_l1_fcov(const hlrc_l1_t* m) {
    return m->fcov;
}

static const char* const l1_fnames[HLRC_L1_F_N] = {"VIC_FREE_W0",
                                                   "VIC_FREE_W1",
                                                   "VIC_FREE_W2",
                                                   "VIC_FREE_W3",
                                                   "VIC_FREE_W4",
                                                   "VIC_FREE_W5",
                                                   "VIC_FREE_W6",
                                                   "VIC_FREE_W7",
                                                   "VIC_LRU_W0",
                                                   "VIC_LRU_W1",
                                                   "VIC_LRU_W2",
                                                   "VIC_LRU_W3",
                                                   "VIC_LRU_W4",
                                                   "VIC_LRU_W5",
                                                   "VIC_LRU_W6",
                                                   "VIC_LRU_W7",
                                                   "VIC_R_W0",
                                                   "VIC_R_W1",
                                                   "VIC_R_W2",
                                                   "VIC_R_W3",
                                                   "VIC_R_W4",
                                                   "VIC_R_W5",
                                                   "VIC_R_W6",
                                                   "VIC_R_W7",
                                                   "SB_FULL",
                                                   "SB_PTR_WRAP",
                                                   "FIFO_FULL",
                                                   "WT_MAX",
                                                   "POP_BLOCKED",
                                                   "POP_R_LINE",
                                                   "BATCH_CHAIN",
                                                   "BATCH_TWO_CLIENTS",
                                                   "REVOKE_WAITS",
                                                   "REVOKE_TWO_QUEUED",
                                                   "RACK_NOT_HELD",
                                                   "RACK_CANCELS_EVICT",
                                                   "EVICT_THEN_REVOKE",
                                                   "GRANT_MERGE_DIRTY",
                                                   "GRANT_STALES_GETS",
                                                   "GRANT_KEEPS_R",
                                                   "GRANT_CAS_FAIL",
                                                   "SYNC_HIT_DIRTY_WORD",
                                                   "REFRESH",
                                                   "BYPASS_LOAD",
                                                   "BYPASS_STORE",
                                                   "LEAVING_STALL",
                                                   "OWN_RETURN",
                                                   "PREFLUSH_WAITS",
                                                   "L2_ATOMIC_STORE",
                                                   "L2_ATOMIC_LOAD",
                                                   "GPU_FENCE",
                                                   "FENCE_ALL_WAIT",
                                                   "IDLE_DRAIN",
                                                   "RR_AGE_FULL",
                                                   "ALLOC_TAG_MSB",
                                                   "ADD_WRAP_L1",
                                                   "DATA_AFTER_GRANT",
                                                   "REG_WAITS_WT",
                                                   "POP_RGI_REPUSH",
                                                   "BATCH_START_WITH_POP",
                                                   "PREFLUSH_ACQ_LOAD",
                                                   "IDLE_POP_HELD",
                                                   "OWN_RETURN_WAITS",
                                                   "S08_ON_C22",
                                                   "X01_DEFERS_X02",
                                                   "GRANT_EMPTY_STORE",
                                                   "REVOKE_AT_COMPLETION",
                                                   "SYNC_PARTLY_DIRTY"};

const char* hlrc_l1_fcov_name(hlrc_l1_fcov_t f) {
    return (uint32_t)f < HLRC_L1_F_N ? l1_fnames[f] : "?";
}

/* Section 10: per-way points >= L1Ways; F54 with L1Ways = 1; F47-F51, F61, F63, F64 with
 * Scoped = 0; F34 with NumBanks = 1; F52 with NumWf = 1. */
bool hlrc_l1_fcov_reachable(const hlrc_l1_desc_t* d, hlrc_l1_fcov_t f) {
    const uint32_t k = (uint32_t)f;
    if (k >= HLRC_L1_F_N) {
        return false;
    }
    if (k < HLRC_L1_F_SB_FULL) {
        return k % 8u < d->l1_ways;
    }
    if (d->scoped == 0u && ((f >= HLRC_L1_F_OWN_RETURN && f <= HLRC_L1_F_GPU_FENCE) ||
                            f == HLRC_L1_F_PREFLUSH_ACQ_LOAD || f == HLRC_L1_F_OWN_RETURN_WAITS ||
                            f == HLRC_L1_F_S08_ON_C22)) {
        return false;
    }
    return !((f == HLRC_L1_F_RR_AGE_FULL && d->l1_ways == 1u) ||
             (f == HLRC_L1_F_REVOKE_TWO_QUEUED && d->num_banks == 1u) ||
             (f == HLRC_L1_F_FENCE_ALL_WAIT && d->num_wf == 1u));
}

static const char* const l1_ids[HLRC_L1_T_N] = {
    "C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10", "C11", "C12",
    "C13", "C14", "C15", "C16", "C17", "C18", "C19", "C20", "C21", "C22", "C23", "C24",
    "C25", "M01", "M02", "M03", "M04", "M05", "M06", "M07", "M08", "M09", "M10", "B01",
    "B02", "B03", "B04", "B05", "B06", "B07", "B08", "X01", "X02", "V01", "V02", "S01",
    "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09", "S10", "S11", "S12", "S13"};

const char* hlrc_l1_trans_id(hlrc_l1_trans_t r) {
    return (uint32_t)r < HLRC_L1_T_N ? l1_ids[r] : "?";
}

/* L11, section 9: C03, C14, C15, C17, C19, C21 are counted only as their stall rows (S01, S06,
 * S09, S07, S12, S11), never as rows (as gpu_l1's C03; choices-2026-11-29 C6). */
static bool own_stall_row(hlrc_l1_trans_t r) {
    return r == HLRC_L1_T_C03 || r == HLRC_L1_T_C14 || r == HLRC_L1_T_C15 || r == HLRC_L1_T_C17 ||
           r == HLRC_L1_T_C19 || r == HLRC_L1_T_C21;
}

/* Section 9, "Unreachable": the own-stall rows above; under Scoped = 0 C18-C22, C24, C25, M07, S11,
 * S12; M10 only from illegal inputs (reported reachable: the illegal-input runs reach it). */
bool hlrc_l1_trans_reachable(const hlrc_l1_desc_t* d, hlrc_l1_trans_t r) {
    if ((uint32_t)r >= HLRC_L1_T_N || own_stall_row(r)) {
        return false;
    }
    if (d->scoped != 0u) {
        return true;
    }
    return !((r >= HLRC_L1_T_C18 && r <= HLRC_L1_T_C22) || r == HLRC_L1_T_C24 ||
             r == HLRC_L1_T_C25 || r == HLRC_L1_T_M07 || r == HLRC_L1_T_S11 || r == HLRC_L1_T_S12);
}

uint64_t hlrc_l1_errors(const hlrc_l1_t* m) {
    return m->errors;
}
void hlrc_l1_stats(const hlrc_l1_t* m, hlrc_l1_stats_t* s) {
    *s = m->st;
}
int64_t hlrc_l1_find(const hlrc_l1_t* m, uint64_t a) {
    return find(m, a);
}

void hlrc_l1_line_get(const hlrc_l1_t* m, uint32_t i, hlrc_l1_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i >= m->lines) {
        return;
    }
    const l1_meta_t* x = &m->line[i];
    l->tag = x->tag;
    l->st = x->st;
    l->fresh = x->fresh;
    l->pend = x->pend;
    l->stale = x->stale;
    l->wait = x->wait;
    memcpy(l->dirty, x->dirty, sizeof l->dirty);
    memcpy(l->data, dat(m, i), (size_t)m->lw * sizeof(uint32_t));
    l->age = x->age;
}

uint32_t hlrc_l1_r_lines(const hlrc_l1_t* m, uint32_t from, uint32_t* idx, uint32_t max) {
#ifdef SIG_BLOOM_CHECK_RULES
    for (uint32_t i = 0; i < m->lines; i++) { /* rmap follows every write of a line's state */
        assert(((m->rmap[i >> 6] >> (i & 63u)) & 1u) == (m->line[i].st == HLRC_L1_R));
    }
#endif
    return gpucoh_bitmap_list(m->rmap, m->lines, from, idx, max);
}

uint32_t hlrc_l1_line_st(const hlrc_l1_t* m, uint32_t i, uint64_t* tag) {
    if (i >= m->lines) {
        *tag = 0u;
        return 0u;
    }
    *tag = m->line[i].tag;
    return m->line[i].st;
}

static void scalars_get(const hlrc_l1_t* m, hlrc_l1_state_t* s) {
    s->fcnt = m->fcnt;
    s->sbh = m->sbh;
    s->sbcnt = m->sbcnt;
    s->wtp = m->wtp;
    s->batch = m->batch;
    s->fl = m->fl;
    s->fcur = m->fcur;
    s->fwait = m->fwait;
    s->fdone = m->fdone;
    s->idle = m->idle;
    s->rgv = m->rgv;
    s->rgi = m->rgi;
    s->agv = m->agv;
    s->hph = m->hph;
    s->evs = m->evs;
    s->evi = m->evi;
    s->evl = m->evl;
    s->rvh = m->rvh;
    s->rvcnt = m->rvcnt;
}

/* The lines the caller selected (sel_all, or the sel_n indices of sel[]). */
static void state_lines(const hlrc_l1_t* m, hlrc_l1_state_t* s) {
    if (s->sel_all) {
        for (uint32_t i = 0; i < m->lines; i++) {
            hlrc_l1_line_get(m, i, &s->line[i]);
        }
        return;
    }
    for (uint32_t k = 0; k < s->sel_n && k < HLRC_SEL_MAX; k++) {
        if (s->sel[k] < m->lines) {
            hlrc_l1_line_get(m, s->sel[k], &s->line[s->sel[k]]);
        }
    }
}

void hlrc_l1_state_get(const hlrc_l1_t* m, hlrc_l1_state_t* s) {
    scalars_get(m, s);
    for (uint32_t k = 0; k < HLRC_MAX_BANKS; k++) {
        const bool live = k < m->rvcnt;
        s->rvl[k] = live ? m->rvl[(m->rvh + k) % m->d.num_banks] : 0u;
        s->rvp[k] = live ? m->rvp[(m->rvh + k) % m->d.num_banks] : 0u;
    }
    for (uint32_t k = 0; k < HLRC_L1_MAX_SB; k++) {
        s->sb[k] = k < m->sbcnt ? m->sb[(m->sbh + k) % m->d.sb_entries] : 0u;
    }
    state_lines(m, s);
}

uint32_t hlrc_l1_touched(const hlrc_l1_t* m, uint32_t* sel, uint32_t max, bool* all) {
    *all = m->touched_all || m->touched_n > max;
    if (*all) {
        return 0u;
    }
    memcpy(sel, m->touched, (size_t)m->touched_n * sizeof(uint32_t));
    return m->touched_n;
}
