/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_l2.c -- C reference model of one DeNovo registry bank.
 *
 * Written from docs/units/denovo/denovo_l2.md (rules E1-E4, tables G01-R03, B01-Q02, M01-M02,
 * sections 8, 9 and 10) and docs/units/denovo/denovo.md (D1-D16) only, never from
 * rtl/denovo/denovo_l2.sv. Section and rule numbers below cite those pages.
 *
 * One denovo_l2_tick() = one rising edge, in the order of rule E1: (a) a DRAM fill, else (b) the
 * write-back FIFO's head, else (c) the request FIFO's head; (d) the pushes; (e) the readies.
 *
 * The readings K1-K10 of section 9 (fixed after the first round) are followed: RECALL data =
 * the owner ids of the mask's words, 0 elsewhere (E2 rule 4); a GETS or REG stalls on a line
 * with rc (G04, R02; K10); a REGD is sent even with W empty (R01); a WB to a P line takes
 * nothing and counts B02; X01 / X02 count beside G03 / R03, X03 instead of them.
 *
 * Readings of the pages where they are still silent:
 *  1. Inputs are cut to their port widths: src 6 bits, line LA bits, masks LW bits (section 2:
 *     "bits >= LW ignored"). A message with src >= NumSm is counted as an error when pushed
 *     (I5) and kept (its REG registers the owner id src; a DATA / REGD dst bit >= NumSm is cut
 *     by the NumSm-bit rsp_dst_o port).
 *  2. F55 MERGE_ALL_SM counts G02 only (a merge). F57 / F61 count two or more distinct owners
 *     other than the requester. F72 FETCH_AND_WB is an allocation by rule 3. F69 BUSY_STALL
 *     counts every S03, a stall on `rc` (K10) included.
 *  3. Errors (denovo_l2_errors): I1 (Q01, Q02), I2 (a fill no MSHR waits for), I4 (R01's E
 *     non-empty, once per request), I5 (src >= NumSm, once per pushed message).
 */
#include "denovo_l2.h"
#include "gpucoh_bits.h"

#include <assert.h>
#include <string.h>

#ifndef DENOVO_L2_ASSERT
#define DENOVO_L2_ASSERT(c) assert(c)
#endif

/*--- storage ----------------------------------------------------------------------------------*/

typedef struct {
    uint64_t tag;
    uint32_t st, reg, busy, rc;
} l2_meta_t;

typedef struct {
    uint32_t v, way;
    uint64_t line, dst;
} l2_mshr_meta_t;

struct denovo_l2 {
    denovo_l2_desc_t d;
    uint32_t lw, la, lines, set_bits, bank_bits, tag_bits;
    uint64_t la_mask, lw_mask, sm_mask;
    l2_meta_t* line;
    uint32_t* data; /* lines x lw */
    uint32_t* rr;
    l2_mshr_meta_t* mshr;
    denovo_msg_t* q; /* request FIFO, l2_queue entries */
    denovo_msg_t* w; /* write-back FIFO, wb_queue entries */
    uint32_t qhead, qcnt, whead, wcnt, nfree;
    denovo_l2_out_t out;
    uint64_t cov[DENOVO_L2_T_N];
    uint64_t fcov[DENOVO_L2_F_N];
    uint64_t errors;
    denovo_l2_stats_t st;
    /* the lines this edge wrote (denovo_l2_touched; bookkeeping only, never read by the model) */
    uint32_t touched_n;
    uint32_t touched[DENOVO_L2_SEL_MAX];
    bool touched_all;
};

/* The head of a FIFO and what it found. */
typedef struct {
    const denovo_msg_t* q;
    uint64_t line, tag;
    uint32_t set, src;
    int64_t idx; /* matching line, -1 */
} l2_head_t;

/*--- helpers ----------------------------------------------------------------------------------*/

static inline uint32_t* ldata(const denovo_l2_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}

static inline void fc(denovo_l2_t* m, denovo_l2_fcov_t f) {
    m->fcov[f]++;
}

/* line i written by this edge: its tag, st, reg, busy, rc, data or its set's rr */
static void touch(denovo_l2_t* m, uint32_t i) {
    for (uint32_t k = 0; k < m->touched_n; k++) {
        if (m->touched[k] == i) {
            return;
        }
    }
    if (m->touched_n < DENOVO_L2_SEL_MAX) {
        m->touched[m->touched_n++] = i;
    } else {
        m->touched_all = true;
    }
}

static inline uint32_t popc(uint64_t x) {
    return (uint32_t)__builtin_popcountll(x);
}

/* D1 / gpu_l2 C4: set and tag of a line address (bank bits kept in the tag), and back */
static inline uint32_t set_of(const denovo_l2_t* m, uint64_t line) {
    return (uint32_t)((line >> m->bank_bits) & (uint64_t)(m->d.l2_sets - 1u));
}

static inline uint64_t tag_of(const denovo_l2_t* m, uint64_t line) {
    return ((line >> (m->bank_bits + m->set_bits)) << m->bank_bits) |
           (line & (uint64_t)(m->d.num_banks - 1u));
}

static inline uint64_t line_of(const denovo_l2_t* m, uint32_t set, uint64_t tag) {
    return ((tag >> m->bank_bits) << (m->bank_bits + m->set_bits)) |
           ((uint64_t)set << m->bank_bits) | (tag & (uint64_t)(m->d.num_banks - 1u));
}

static int64_t find_line(const denovo_l2_t* m, uint32_t set, uint64_t tag) {
    const uint32_t base = set * m->d.l2_ways;
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        const l2_meta_t* L = &m->line[base + w];
        if (L->st != DENOVO_L2_I && L->tag == tag) {
            return (int64_t)(base + w);
        }
    }
    return -1;
}

/* owners(W) of line i: the SM mask of the slots of the registered words of W */
static uint64_t owners(const denovo_l2_t* m, uint32_t i, uint32_t wm) {
    const uint32_t* d = ldata(m, i);
    const uint32_t r = m->line[i].reg & wm;
    uint64_t o = 0u;
    for (uint32_t w = 0; w < m->lw; w++) {
        if ((r >> w) & 1u) {
            o |= (uint64_t)1 << (d[w] & 63u);
        }
    }
    return o;
}

static denovo_msg_t* rsp_put(denovo_l2_t* m, uint32_t kind, uint64_t dst, uint64_t line) {
    denovo_msg_t* r = &m->out.rsp;
    DENOVO_L2_ASSERT(!r->valid); /* E1: at most one rsp message per edge */
    r->valid = true;
    r->kind = kind;
    r->dst = dst & m->sm_mask;
    r->line = line;
    return r;
}

/*--- descriptor, size, build ------------------------------------------------------------------*/

denovo_l2_desc_t denovo_l2_desc_from(const denovo_desc_t* sys) {
    denovo_l2_desc_t d;
    d.num_sm = sys->num_sm;
    d.num_banks = sys->num_banks;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l2_sets = sys->l2_sets;
    d.l2_ways = sys->l2_ways;
    d.l2_mshrs = sys->l2_mshrs;
    d.l2_queue = sys->l2_queue;
    d.wb_queue = sys->wb_queue;
    return d;
}

#define RANGE(field, name, lo, hi)                                                                 \
    GPUCOH_DESC_RANGE(denovo_param_error, "denovo_l2", field, name, lo, hi)

static int l2_check_la(const denovo_l2_desc_t* d, char* msg, size_t msg_len) {
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t s2 = gpucoh_log2_floor(d->l2_sets);
    const uint32_t b = gpucoh_log2_floor(d->num_banks);
    const uint32_t need = (b + s2 > s2 + 1u) ? b + s2 : s2 + 1u;
    if (la < need) {
        return denovo_param_error(msg, msg_len,
                                  "denovo_l2: addr_width = %u is illegal (AddrWidth: LA = "
                                  "AddrWidth - log2 LineBytes = %u must be >= log2 NumBanks + "
                                  "log2 L2Sets and >= log2 L2Sets + 1, i.e. >= %u)",
                                  (unsigned)d->addr_width, (unsigned)la, (unsigned)need);
    }
    return 0;
}

/* Section 1 in table order; AddrWidth's derived bound after L2Sets. */
int denovo_l2_check_desc(const denovo_l2_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return denovo_param_error(msg, msg_len, "denovo_l2: desc is NULL");
    }
    RANGE(num_sm, "NumSm", 1u, DENOVO_MAX_SM);
    if (!gpucoh_is_pow2(d->num_banks) || d->num_banks > DENOVO_MAX_BANKS) {
        return denovo_param_error(
            msg, msg_len, "denovo_l2: num_banks = %u is illegal (NumBanks: 1, 2, 4, 8 or 16)",
            (unsigned)d->num_banks);
    }
    if (!gpucoh_is_pow2(d->line_bytes) || d->line_bytes < 16u ||
        d->line_bytes > DENOVO_MAX_LINE_BYTES) {
        return denovo_param_error(
            msg, msg_len, "denovo_l2: line_bytes = %u is illegal (LineBytes: 16, 32, 64 or 128)",
            (unsigned)d->line_bytes);
    }
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    if (!gpucoh_is_pow2(d->l2_sets) || d->l2_sets > DENOVO_L2_MAX_SETS) {
        return denovo_param_error(
            msg, msg_len, "denovo_l2: l2_sets = %u is illegal (L2Sets: a power of two in 1..1024)",
            (unsigned)d->l2_sets);
    }
    if (l2_check_la(d, msg, msg_len) != 0) {
        return 1;
    }
    RANGE(l2_ways, "L2Ways", 1u, DENOVO_L2_MAX_WAYS);
    RANGE(l2_mshrs, "L2Mshrs", 1u, DENOVO_L2_MAX_MSHRS);
    RANGE(l2_queue, "L2Queue", 1u, 8u);
    RANGE(wb_queue, "WbQueue", 1u, 8u);
    return 0;
}

#undef RANGE

typedef struct {
    size_t line, data, rr, mshr, q, w, total;
} l2_layout_t;

static void l2_layout(const denovo_l2_desc_t* d, l2_layout_t* o) {
    const size_t lines = (size_t)d->l2_sets * d->l2_ways, lw = d->line_bytes / 4u;
    size_t at = gpucoh_al8(sizeof(denovo_l2_t));
    o->line = at;
    at += gpucoh_al8(lines * sizeof(l2_meta_t));
    o->data = at;
    at += gpucoh_al8(lines * lw * sizeof(uint32_t));
    o->rr = at;
    at += gpucoh_al8((size_t)d->l2_sets * sizeof(uint32_t));
    o->mshr = at;
    at += gpucoh_al8((size_t)d->l2_mshrs * sizeof(l2_mshr_meta_t));
    o->q = at;
    at += gpucoh_al8((size_t)d->l2_queue * sizeof(denovo_msg_t));
    o->w = at;
    at += gpucoh_al8((size_t)d->wb_queue * sizeof(denovo_msg_t));
    o->total = at;
}

size_t denovo_l2_size(const denovo_l2_desc_t* d) {
    if (denovo_l2_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    return o.total;
}

static void l2_reset_state(denovo_l2_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(l2_meta_t));
    memset(m->data, 0, (size_t)m->lines * m->lw * sizeof(uint32_t));
    memset(m->rr, 0, (size_t)m->d.l2_sets * sizeof(uint32_t));
    memset(m->mshr, 0, (size_t)m->d.l2_mshrs * sizeof(l2_mshr_meta_t));
    memset(m->q, 0, (size_t)m->d.l2_queue * sizeof(denovo_msg_t));
    memset(m->w, 0, (size_t)m->d.wb_queue * sizeof(denovo_msg_t));
    m->qhead = m->qcnt = m->whead = m->wcnt = 0u;
    m->nfree = m->d.l2_mshrs;
}

denovo_l2_t* denovo_l2_init(void* mem, size_t len, const denovo_l2_desc_t* d, char* msg,
                            size_t msg_len) {
    if (denovo_l2_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)denovo_param_error(msg, msg_len,
                                 "denovo_l2: storage %s (%zu bytes; the model needs %zu bytes "
                                 "aligned to %zu)",
                                 mem == NULL     ? "is NULL"
                                 : len < o.total ? "too small"
                                                 : "misaligned",
                                 len, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    denovo_l2_t* m = (denovo_l2_t*)mem;
    m->line = (l2_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->rr = (uint32_t*)(void*)(b + o.rr);
    m->mshr = (l2_mshr_meta_t*)(void*)(b + o.mshr);
    m->q = (denovo_msg_t*)(void*)(b + o.q);
    m->w = (denovo_msg_t*)(void*)(b + o.w);
    m->d = *d;
    m->lw = d->line_bytes / 4u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->la_mask = gpucoh_mask64(m->la);
    m->lw_mask = gpucoh_mask64(m->lw);
    m->sm_mask = gpucoh_mask64(d->num_sm);
    m->lines = d->l2_sets * d->l2_ways;
    m->set_bits = gpucoh_log2_floor(d->l2_sets);
    m->bank_bits = gpucoh_log2_floor(d->num_banks);
    m->tag_bits = m->la - m->set_bits;
    l2_reset_state(m);
    m->touched_all = true; /* no edge yet: every line is new */
    return m;
}

/*--- (a) fills, section 7 ---------------------------------------------------------------------*/

static void l2_fill(denovo_l2_t* m, const denovo_mem_rsp_t* f) {
    const uint64_t line = f->line & m->la_mask;
    uint32_t k = 0;
    while (k < m->d.l2_mshrs && !(m->mshr[k].v && m->mshr[k].line == line)) {
        k++;
    }
    if (k == m->d.l2_mshrs) {
        m->errors++; /* I2, E3_FillFindsMshr_A */
        return;
    }
    l2_mshr_meta_t* e = &m->mshr[k];
    const uint32_t i = set_of(m, line) * m->d.l2_ways + e->way;
    l2_meta_t* L = &m->line[i];
    DENOVO_L2_ASSERT(L->st == DENOVO_L2_P && L->reg == 0u); /* E4_PendingUnreg_A */
    touch(m, i);
    memcpy(ldata(m, i), f->data, (size_t)m->lw * sizeof(uint32_t));
    L->st = DENOVO_L2_V;
    if (e->dst != 0u) {
        denovo_msg_t* r = rsp_put(m, DENOVO_MSG_DATA, e->dst, line);
        memcpy(r->data, f->data, (size_t)m->lw * sizeof(uint32_t));
        m->cov[DENOVO_L2_T_M01]++;
    } else {
        m->cov[DENOVO_L2_T_M02]++;
    }
    e->v = 0u;
    m->nfree++;
}

/*--- allocation, E2 ---------------------------------------------------------------------------*/

/* the first way circularly from rr[s] whose line passes ok(rule); ways() if none */
static uint32_t rr_scan(const denovo_l2_t* m, uint32_t s, uint32_t rule) {
    const uint32_t ways = m->d.l2_ways, base = s * ways, r = m->rr[s];
    for (uint32_t k = 0; k < ways; k++) {
        const uint32_t w = (r + k) % ways;
        const l2_meta_t* L = &m->line[base + w];
        const bool ok = rule == 2u   ? L->st == DENOVO_L2_V && L->reg == 0u
                        : rule == 3u ? L->st == DENOVO_L2_D && L->reg == 0u
                                     : (L->st == DENOVO_L2_V || L->st == DENOVO_L2_D) &&
                                           L->reg != 0u && L->busy == 0u;
        if (ok) {
            return w;
        }
    }
    return ways;
}

static bool set_has_rc(const denovo_l2_t* m, uint32_t s) {
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        if (m->line[s * m->d.l2_ways + w].rc) {
            return true;
        }
    }
    return false;
}

/* E2 rules 1-4: the rule (5: stall) and its way */
static uint32_t l2_victim(const denovo_l2_t* m, uint32_t s, uint32_t* way) {
    const uint32_t ways = m->d.l2_ways;
    for (uint32_t w = 0; w < ways; w++) {
        if (m->line[s * ways + w].st == DENOVO_L2_I) {
            *way = w;
            return 1u;
        }
    }
    for (uint32_t rule = 2u; rule <= 4u; rule++) {
        if (rule == 4u && set_has_rc(m, s)) {
            break;
        }
        *way = rr_scan(m, s, rule);
        if (*way < ways) {
            return rule;
        }
    }
    return 5u;
}

/* X03: RECALL the registered words of line i */
static void l2_recall(denovo_l2_t* m, const l2_head_t* h, uint32_t way) {
    const uint32_t i = h->set * m->d.l2_ways + way;
    l2_meta_t* L = &m->line[i];
    denovo_msg_t* r =
        rsp_put(m, DENOVO_MSG_RECALL, owners(m, i, L->reg), line_of(m, h->set, L->tag));
    r->mask = L->reg;
    const uint32_t* d = ldata(m, i);
    for (uint32_t w = 0; w < m->lw; w++) { /* E2 rule 4: owner ids, 0 outside the mask */
        r->data[w] = ((L->reg >> w) & 1u) ? d[w] : 0u;
    }
    touch(m, i);
    L->rc = 1u;
    m->cov[DENOVO_L2_T_X03]++;
    fc(m, DENOVO_L2_F_RECALL);
    if (way < m->rr[h->set]) {
        fc(m, DENOVO_L2_F_RR_SCAN_WRAP);
    }
    m->st.recalls++;
}

static void l2_alloc_fcov(denovo_l2_t* m, const l2_head_t* h, uint32_t rule, uint32_t way,
                          uint32_t k) {
    static const denovo_l2_fcov_t w0[3] = {DENOVO_L2_F_VIC_FREE_W0, DENOVO_L2_F_VIC_CLEAN_W0,
                                           DENOVO_L2_F_VIC_DIRTY_W0};
    fc(m, (denovo_l2_fcov_t)(w0[rule - 1u] + way));
    if (rule >= 2u && way < m->rr[h->set]) {
        fc(m, DENOVO_L2_F_RR_SCAN_WRAP);
    }
    if (way == m->d.l2_ways - 1u) {
        fc(m, DENOVO_L2_F_RR_PTR_WRAP);
    }
    if (m->nfree == 1u) {
        fc(m, DENOVO_L2_F_MSHR_FULL);
    }
    if (k == m->d.l2_mshrs - 1u) {
        fc(m, DENOVO_L2_F_MSHR_TOP);
    }
    if (h->set == m->d.l2_sets - 1u) {
        fc(m, DENOVO_L2_F_ALLOC_SET_TOP);
    }
    if ((h->tag >> (m->tag_bits - 1u)) & 1u) {
        fc(m, DENOVO_L2_F_ALLOC_TAG_MSB);
    }
}

/* rules 2 and 3: drop or write back the victim in way of set s */
static void l2_evict(denovo_l2_t* m, uint32_t s, uint32_t way, uint32_t rule) {
    const uint32_t i = s * m->d.l2_ways + way;
    if (rule == 2u) {
        m->cov[DENOVO_L2_T_X01]++;
    } else if (rule == 3u) {
        denovo_mem_req_t* r = &m->out.mreq;
        m->cov[DENOVO_L2_T_X02]++;
        fc(m, DENOVO_L2_F_FETCH_AND_WB);
        r->wb = true;
        r->wb_line = line_of(m, s, m->line[i].tag);
        memcpy(r->wb_data, ldata(m, i), (size_t)m->lw * sizeof(uint32_t));
        m->st.dram_wbs++;
    }
}

/* E2: true when the head's line was allocated (P, MSHR with dst); false on S01, S02, X03 */
static bool l2_allocate(denovo_l2_t* m, l2_head_t* h, uint64_t dst) {
    if (m->nfree == 0u) {
        m->cov[DENOVO_L2_T_S01]++;
        return false;
    }
    uint32_t way = 0;
    const uint32_t rule = l2_victim(m, h->set, &way);
    if (rule == 5u) {
        m->cov[DENOVO_L2_T_S02]++;
        return false;
    }
    if (rule == 4u) {
        l2_recall(m, h, way);
        return false;
    }
    uint32_t k = 0;
    while (m->mshr[k].v) {
        k++;
    }
    const uint32_t i = h->set * m->d.l2_ways + way;
    l2_meta_t* L = &m->line[i];
    l2_alloc_fcov(m, h, rule, way, k);
    DENOVO_L2_ASSERT(L->reg == 0u); /* E4_RegInclusive_A */
    l2_evict(m, h->set, way, rule);
    m->out.mreq.fetch = true;
    m->out.mreq.fetch_line = h->line;
    m->st.fetches++;
    touch(m, i); /* tag, st, reg, busy, rc and the set's rr */
    L->tag = h->tag;
    L->st = DENOVO_L2_P;
    L->reg = L->busy = L->rc = 0u;
    l2_mshr_meta_t* e = &m->mshr[k];
    e->v = 1u;
    e->line = h->line;
    e->way = way;
    e->dst = dst;
    m->nfree--;
    m->rr[h->set] = (way + 1u) % m->d.l2_ways;
    h->idx = (int64_t)i;
    return true;
}

/*--- (c) the request FIFO's head, section 5 ---------------------------------------------------*/

static uint32_t mshr_of(const denovo_l2_t* m, uint64_t line) {
    uint32_t k = 0;
    while (k < m->d.l2_mshrs && !(m->mshr[k].v && m->mshr[k].line == line)) {
        k++;
    }
    return k;
}

/* G01 */
static void gets_hit(denovo_l2_t* m, const l2_head_t* h) {
    const uint32_t i = (uint32_t)h->idx;
    const l2_meta_t* L = &m->line[i];
    const uint64_t own = owners(m, i, L->reg);
    denovo_msg_t* r = rsp_put(m, DENOVO_MSG_DATA, ((uint64_t)1 << h->src) | own, h->line);
    r->req = h->src;
    r->mask = L->reg;
    memcpy(r->data, ldata(m, i), (size_t)m->lw * sizeof(uint32_t));
    m->cov[DENOVO_L2_T_G01]++;
    if (L->reg != 0u) {
        fc(m, DENOVO_L2_F_GETS_FWD);
        m->st.fwd_reads++;
    }
    if (popc(own & ~((uint64_t)1 << h->src)) >= 2u) {
        fc(m, DENOVO_L2_F_GETS_TWO_OWNERS);
    }
    if (L->reg == (uint32_t)m->lw_mask) {
        fc(m, DENOVO_L2_F_GETS_ALL_REG);
    }
}

/* G01-G04; true: popped */
static bool head_gets(denovo_l2_t* m, l2_head_t* h) {
    const uint64_t bit = (uint64_t)1 << h->src;
    if (h->idx < 0) {
        if (!l2_allocate(m, h, bit)) {
            return false;
        }
        m->cov[DENOVO_L2_T_G03]++;
        return true;
    }
    const l2_meta_t* L = &m->line[h->idx];
    if (L->st == DENOVO_L2_P) {
        l2_mshr_meta_t* e = &m->mshr[mshr_of(m, h->line)];
        e->dst |= bit;
        m->cov[DENOVO_L2_T_G02]++;
        if ((e->dst & m->sm_mask) == m->sm_mask) {
            fc(m, DENOVO_L2_F_MERGE_ALL_SM);
        }
        return true;
    }
    if (L->busy != 0u || L->rc) { /* K10 */
        m->cov[DENOVO_L2_T_G04]++;
        m->cov[DENOVO_L2_T_S03]++;
        fc(m, DENOVO_L2_F_BUSY_STALL);
        return false;
    }
    gets_hit(m, h);
    return true;
}

static void reg_fcov(denovo_l2_t* m, uint32_t i, uint32_t wm, uint32_t pw, uint64_t prev) {
    if ((wm & ~pw) != 0u) {
        fc(m, DENOVO_L2_F_REG_FROM_L2);
    }
    if (pw != 0u) {
        fc(m, DENOVO_L2_F_REG_FWD);
        m->st.fwd_regs++;
    }
    if (popc(prev) >= 2u) {
        fc(m, DENOVO_L2_F_REG_TWO_OWNERS);
    }
    if ((pw & m->line[i].busy) != 0u) {
        fc(m, DENOVO_L2_F_REG_FWD_BUSY);
    }
}

/* R01 */
static void reg_hit(denovo_l2_t* m, const l2_head_t* h) {
    const uint32_t i = (uint32_t)h->idx;
    l2_meta_t* L = &m->line[i];
    uint32_t* d = ldata(m, i);
    const uint32_t mm = h->q->mask & (uint32_t)m->lw_mask;
    uint32_t e = 0u;
    for (uint32_t w = 0; w < m->lw; w++) {
        if ((((mm & L->reg) >> w) & 1u) != 0u && d[w] == h->src) {
            e |= 1u << w;
        }
    }
    m->cov[DENOVO_L2_T_R01]++;
    if (e != 0u) {
        m->errors++; /* I4 */
        fc(m, DENOVO_L2_F_REG_OWN_ERR);
    }
    const uint32_t wm = mm & ~e, pw = wm & L->reg; /* the REGD goes even with wm empty */
    const uint64_t prev = owners(m, i, pw);
    reg_fcov(m, i, wm, pw, prev);
    denovo_msg_t* r = rsp_put(m, DENOVO_MSG_REGD, ((uint64_t)1 << h->src) | prev, h->line);
    r->req = h->src;
    r->mask = wm;
    r->pmask = pw;
    touch(m, i); /* the owner slots, reg, busy */
    for (uint32_t w = 0; w < m->lw; w++) {
        if ((wm >> w) & 1u) {
            r->data[w] = d[w];
            d[w] = h->src;
        }
    }
    L->reg |= wm;
    L->busy |= wm;
}

/* R01-R03; true: popped */
static bool head_reg(denovo_l2_t* m, l2_head_t* h) {
    if (h->idx < 0) {
        if (l2_allocate(m, h, 0u)) {
            m->cov[DENOVO_L2_T_R03]++;
        }
        return false; /* R03: stays (R02 next) */
    }
    if (m->line[h->idx].st == DENOVO_L2_P || m->line[h->idx].rc) { /* K10 */
        m->cov[DENOVO_L2_T_R02]++;
        m->cov[DENOVO_L2_T_S04]++;
        return false;
    }
    reg_hit(m, h);
    return true;
}

static void head_open(const denovo_l2_t* m, l2_head_t* h, const denovo_msg_t* q) {
    h->q = q;
    h->line = q->line;
    h->src = q->src;
    h->set = set_of(m, q->line);
    h->tag = tag_of(m, q->line);
    h->idx = find_line(m, h->set, h->tag);
}

static bool l2_req_head(denovo_l2_t* m) {
    l2_head_t h;
    head_open(m, &h, &m->q[m->qhead]);
    switch (h.q->kind) {
    case DENOVO_MSG_GETS:
        m->st.gets++;
        return head_gets(m, &h);
    case DENOVO_MSG_REG:
        m->st.regs++;
        return head_reg(m, &h);
    default:
        m->cov[DENOVO_L2_T_Q01]++;
        m->errors++; /* I1 */
        return true;
    }
}

/*--- (b) the write-back FIFO's head, section 6 ------------------------------------------------*/

/* the words of wm whose slot names src (registered) */
static uint32_t named(const denovo_l2_t* m, uint32_t i, uint32_t wm, uint32_t src) {
    const uint32_t* d = ldata(m, i);
    uint32_t t = 0u;
    for (uint32_t w = 0; w < m->lw; w++) {
        if ((((wm & m->line[i].reg) >> w) & 1u) != 0u && d[w] == src) {
            t |= 1u << w;
        }
    }
    return t;
}

/* B01 / B02 */
static void wb_wb(denovo_l2_t* m, const l2_head_t* h) {
    const uint32_t mm = h->q->mask & (uint32_t)m->lw_mask;
    const bool recall = (h->q->pmask & 1u) != 0u;
    m->st.wbs++;
    if (h->idx >= 0 && m->line[h->idx].st != DENOVO_L2_P) { /* K: a P line answers as B02 */
        const uint32_t i = (uint32_t)h->idx;
        l2_meta_t* L = &m->line[i];
        const uint32_t t = named(m, i, mm, h->src);
        uint32_t* d = ldata(m, i);
        touch(m, i); /* data, reg, busy, st, rc */
        for (uint32_t w = 0; w < m->lw; w++) {
            if ((t >> w) & 1u) {
                d[w] = h->q->data[w];
            }
        }
        L->reg &= ~t;
        L->busy &= ~t;
        L->st = t != 0u ? DENOVO_L2_D : L->st;
        if ((mm & ~t) != 0u) {
            fc(m, DENOVO_L2_F_WB_STALE);
            m->st.stale_words += popc(mm & ~t);
        }
        if (L->rc && L->reg == 0u) {
            L->rc = 0u;
            fc(m, DENOVO_L2_F_RECALL_DONE);
        }
        m->cov[DENOVO_L2_T_B01]++;
        if (recall) {
            fc(m, DENOVO_L2_F_WB_RECALL);
        }
    } else {
        m->cov[DENOVO_L2_T_B02]++;
    }
    if (!recall) {
        rsp_put(m, DENOVO_MSG_WBACK, (uint64_t)1 << h->src, h->line);
    }
}

/* B03 / B04 */
static void wb_done(denovo_l2_t* m, const l2_head_t* h) {
    m->st.dones++;
    rsp_put(m, DENOVO_MSG_DACK, (uint64_t)1 << h->src, h->line); /* B03 / B04 (D17) */
    if (h->idx < 0) {
        m->cov[DENOVO_L2_T_B04]++;
        return;
    }
    const uint32_t i = (uint32_t)h->idx;
    const uint32_t mm = h->q->mask & (uint32_t)m->lw_mask;
    const uint32_t t = named(m, i, mm, h->src);
    if (((mm & m->line[i].reg) & ~t) != 0u) {
        fc(m, DENOVO_L2_F_DONE_MOVED);
    }
    touch(m, i);
    m->line[i].busy &= ~t;
    m->cov[DENOVO_L2_T_B03]++;
}

static void l2_wb_head(denovo_l2_t* m) {
    l2_head_t h;
    head_open(m, &h, &m->w[m->whead]);
    switch (h.q->kind) {
    case DENOVO_MSG_WB:
        wb_wb(m, &h);
        break;
    case DENOVO_MSG_DONE:
        wb_done(m, &h);
        break;
    default:
        m->cov[DENOVO_L2_T_Q02]++;
        m->errors++; /* I1 */
        break;
    }
}

/*--- (d) pushes -------------------------------------------------------------------------------*/

static void l2_push(denovo_l2_t* m, denovo_msg_t* fifo, uint32_t head, uint32_t* cnt,
                    uint32_t depth, const denovo_msg_t* in) {
    uint32_t slot = head + *cnt;
    if (slot >= depth) {
        slot -= depth;
    }
    denovo_msg_t* q = &fifo[slot];
    *q = *in;
    q->kind &= 15u;
    q->src &= 63u;
    q->line &= m->la_mask;
    q->mask &= (uint32_t)m->lw_mask;
    q->pmask &= (uint32_t)m->lw_mask;
    q->dst = 0u;
    q->req = 0u;
    if (q->src >= m->d.num_sm) {
        m->errors++; /* I5 */
    }
    (*cnt)++;
}

/*--- one edge ---------------------------------------------------------------------------------*/

#ifdef SIG_BLOOM_CHECK_RULES
static void l2_check_rules(const denovo_l2_t* m) {
    for (uint32_t i = 0; i < m->lines; i++) {
        const l2_meta_t* L = &m->line[i];
        DENOVO_L2_ASSERT((L->busy & ~L->reg) == 0u);            /* E4_BusyReg_A */
        DENOVO_L2_ASSERT(L->st != DENOVO_L2_P || L->reg == 0u); /* E4_PendingUnreg_A */
        DENOVO_L2_ASSERT(L->st != DENOVO_L2_I || L->reg == 0u); /* E4_RegInclusive_A */
    }
}
#endif

static void l2_reset_edge(denovo_l2_t* m, denovo_l2_out_t* out) {
    l2_reset_state(m);
    m->touched_all = true;
    memset(&m->out, 0, sizeof m->out);
    m->out.req_ready = true;
    m->out.wb_ready = true;
    if (out != NULL) {
        *out = m->out;
    }
}

void denovo_l2_tick(denovo_l2_t* m, const denovo_l2_in_t* in, denovo_l2_out_t* out) {
    m->touched_n = 0u;
    m->touched_all = false;
    if (!in->rst_n) {
        l2_reset_edge(m, out);
        return;
    }
    const bool rq = m->out.req_ready, wq = m->out.wb_ready;
    memset(&m->out.rsp, 0, sizeof m->out.rsp);
    memset(&m->out.mreq, 0, sizeof m->out.mreq);
    if (in->mem.valid) {
        l2_fill(m, &in->mem); /* (a) */
    } else if (m->wcnt > 0u) {
        l2_wb_head(m); /* (b): always pops */
        m->whead = m->whead + 1u == m->d.wb_queue ? 0u : m->whead + 1u;
        m->wcnt--;
    } else if (m->qcnt > 0u && l2_req_head(m)) { /* (c) */
        m->qhead = m->qhead + 1u == m->d.l2_queue ? 0u : m->qhead + 1u;
        m->qcnt--;
    }
    if (in->req.valid && rq) { /* (d) */
        l2_push(m, m->q, m->qhead, &m->qcnt, m->d.l2_queue, &in->req);
        if (m->qcnt == m->d.l2_queue) {
            fc(m, DENOVO_L2_F_FIFO_FULL);
        }
    }
    if (in->wb.valid && wq) {
        l2_push(m, m->w, m->whead, &m->wcnt, m->d.wb_queue, &in->wb);
        if (m->wcnt == m->d.wb_queue) {
            fc(m, DENOVO_L2_F_WBQ_FULL);
        }
    }
    m->out.req_ready = m->qcnt < m->d.l2_queue; /* (e) */
    m->out.wb_ready = m->wcnt < m->d.wb_queue;
#ifdef SIG_BLOOM_CHECK_RULES
    l2_check_rules(m);
#endif
    if (out != NULL) {
        *out = m->out;
    }
}

/*--- accessors --------------------------------------------------------------------------------*/

const denovo_l2_desc_t* denovo_l2_desc(const denovo_l2_t* m) {
    return &m->d;
}

const denovo_l2_out_t* denovo_l2_out(const denovo_l2_t* m) {
    return &m->out;
}

void denovo_l2_line_get(const denovo_l2_t* m, uint32_t i, denovo_l2_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i >= m->lines) {
        return;
    }
    const l2_meta_t* x = &m->line[i];
    l->tag = x->tag;
    l->st = x->st;
    l->reg = x->reg;
    l->busy = x->busy;
    l->rc = x->rc;
    memcpy(l->data, ldata(m, i), (size_t)m->lw * sizeof(uint32_t));
}

uint32_t denovo_l2_word_reg(const denovo_l2_t* m, uint32_t i, uint32_t w, uint32_t* reg,
                            uint32_t* busy) {
    if (i >= m->lines || w >= m->lw) {
        *reg = *busy = 0u;
        return 0u;
    }
    *reg = m->line[i].reg;
    *busy = m->line[i].busy;
    return ldata(m, i)[w];
}

const uint32_t* denovo_l2_line_reg(const denovo_l2_t* m, uint32_t i, uint32_t* reg,
                                   uint32_t* busy) {
    if (i >= m->lines) {
        *reg = *busy = 0u;
        return NULL;
    }
    *reg = m->line[i].reg;
    *busy = m->line[i].busy;
    return ldata(m, i);
}

void denovo_l2_mshr_get(const denovo_l2_t* m, uint32_t k, denovo_l2_mshr_t* e) {
    memset(e, 0, sizeof *e);
    if (k >= m->d.l2_mshrs) {
        return;
    }
    e->v = m->mshr[k].v;
    e->line = m->mshr[k].line;
    e->way = m->mshr[k].way;
    e->dst = m->mshr[k].dst;
}

void denovo_l2_state_get(const denovo_l2_t* m, denovo_l2_state_t* s) {
    const uint32_t ways = m->d.l2_ways;
    if (s->sel_all) {
        for (uint32_t i = 0; i < m->lines; i++) {
            denovo_l2_line_get(m, i, &s->line[i]);
        }
        memcpy(s->rr, m->rr, (size_t)m->d.l2_sets * sizeof(uint32_t));
    } else {
        for (uint32_t k = 0; k < s->sel_n && k < DENOVO_L2_SEL_MAX; k++) {
            const uint32_t i = s->sel[k];
            if (i < m->lines) {
                denovo_l2_line_get(m, i, &s->line[i]);
                s->rr[i / ways] = m->rr[i / ways];
            }
        }
    }
    s->qcnt = m->qcnt;
    s->wcnt = m->wcnt;
    for (uint32_t k = 0; k < DENOVO_L2_MAX_MSHRS; k++) {
        denovo_l2_mshr_get(m, k, &s->mshr[k]);
    }
}

uint32_t denovo_l2_touched(const denovo_l2_t* m, uint32_t* sel, uint32_t max, bool* all) {
    *all = m->touched_all || m->touched_n > max;
    if (*all) {
        return 0u;
    }
    for (uint32_t k = 0; k < m->touched_n; k++) {
        sel[k] = m->touched[k];
    }
    return m->touched_n;
}

int64_t denovo_l2_find(const denovo_l2_t* m, uint64_t line) {
    line &= m->la_mask;
    return find_line(m, set_of(m, line), tag_of(m, line));
}

const uint64_t* denovo_l2_cov(const denovo_l2_t* m) {
    return m->cov;
}

const uint64_t* denovo_l2_fcov(const denovo_l2_t* m) {
    return m->fcov;
}

uint64_t denovo_l2_errors(const denovo_l2_t* m) {
    return m->errors;
}

void denovo_l2_stats(const denovo_l2_t* m, denovo_l2_stats_t* s) {
    *s = m->st;
}

/*--- coverage names and reachability ----------------------------------------------------------*/

static const char* const l2_ids[DENOVO_L2_T_N] = {
    "G01", "G02", "G03", "G04", "R01", "R02", "R03", "B01", "B02", "B03", "B04",
    "M01", "M02", "Q01", "Q02", "X01", "X02", "X03", "S01", "S02", "S03", "S04",
};

static const char* const l2_names[DENOVO_L2_T_N] = {
    "GETS hit: DATA (to the owners too)",
    "GETS on a pending line: merge",
    "GETS miss: allocate, fetch",
    "GETS on a line with busy words (stall)",
    "REG: register, REGD",
    "REG on a pending line (stall)",
    "REG miss: allocate, fetch",
    "WB taken (stale words dropped)",
    "WB of an absent line",
    "DONE: busy cleared",
    "DONE of an absent line",
    "fill: DATA to the waiting SMs",
    "fill without a reader",
    "request of an illegal kind",
    "write-back message of an illegal kind",
    "clean victim dropped",
    "dirty victim written to DRAM",
    "registered victim recalled",
    "stall: no MSHR",
    "stall: no victim",
    "stall: busy words",
    "stall: REG waits for the fill",
};

const char* denovo_l2_trans_id(denovo_l2_trans_t r) {
    return (unsigned)r < (unsigned)DENOVO_L2_T_N ? l2_ids[r] : "?";
}

const char* denovo_l2_trans_name(denovo_l2_trans_t r) {
    return (unsigned)r < (unsigned)DENOVO_L2_T_N ? l2_names[r] : "?";
}

bool denovo_l2_trans_reachable(const denovo_l2_desc_t* d, denovo_l2_trans_t r) {
    return d != NULL && (unsigned)r < (unsigned)DENOVO_L2_T_N;
}

static const char* const l2_fnames[DENOVO_L2_F_N - DENOVO_L2_F_RR_SCAN_WRAP] = {
    "RR_SCAN_WRAP", "RR_PTR_WRAP",   "MSHR_FULL",      "MSHR_TOP",        "FIFO_FULL",
    "WBQ_FULL",     "MERGE_ALL_SM",  "GETS_FWD",       "GETS_TWO_OWNERS", "GETS_ALL_REG",
    "REG_FROM_L2",  "REG_FWD",       "REG_TWO_OWNERS", "REG_FWD_BUSY",    "REG_OWN_ERR",
    "WB_STALE",     "WB_RECALL",     "RECALL",         "RECALL_DONE",     "DONE_MOVED",
    "BUSY_STALL",   "ALLOC_SET_TOP", "ALLOC_TAG_MSB",  "FETCH_AND_WB",
};

static const char* const l2_way_names[3][16] = {
    {"VIC_FREE_W0", "VIC_FREE_W1", "VIC_FREE_W2", "VIC_FREE_W3", "VIC_FREE_W4", "VIC_FREE_W5",
     "VIC_FREE_W6", "VIC_FREE_W7", "VIC_FREE_W8", "VIC_FREE_W9", "VIC_FREE_W10", "VIC_FREE_W11",
     "VIC_FREE_W12", "VIC_FREE_W13", "VIC_FREE_W14", "VIC_FREE_W15"},
    {"VIC_CLEAN_W0", "VIC_CLEAN_W1", "VIC_CLEAN_W2", "VIC_CLEAN_W3", "VIC_CLEAN_W4", "VIC_CLEAN_W5",
     "VIC_CLEAN_W6", "VIC_CLEAN_W7", "VIC_CLEAN_W8", "VIC_CLEAN_W9", "VIC_CLEAN_W10",
     "VIC_CLEAN_W11", "VIC_CLEAN_W12", "VIC_CLEAN_W13", "VIC_CLEAN_W14", "VIC_CLEAN_W15"},
    {"VIC_DIRTY_W0", "VIC_DIRTY_W1", "VIC_DIRTY_W2", "VIC_DIRTY_W3", "VIC_DIRTY_W4", "VIC_DIRTY_W5",
     "VIC_DIRTY_W6", "VIC_DIRTY_W7", "VIC_DIRTY_W8", "VIC_DIRTY_W9", "VIC_DIRTY_W10",
     "VIC_DIRTY_W11", "VIC_DIRTY_W12", "VIC_DIRTY_W13", "VIC_DIRTY_W14", "VIC_DIRTY_W15"},
};

const char* denovo_l2_fcov_name(denovo_l2_fcov_t f) {
    if ((unsigned)f >= (unsigned)DENOVO_L2_F_N) {
        return "?";
    }
    if (f < DENOVO_L2_F_RR_SCAN_WRAP) {
        return l2_way_names[f / 16u][f % 16u];
    }
    return l2_fnames[f - DENOVO_L2_F_RR_SCAN_WRAP];
}

/* Section 8: ways >= L2Ways; F49 with one way; F55, F57, F61 with one SM (F57, F61: three). */
bool denovo_l2_fcov_reachable(const denovo_l2_desc_t* d, denovo_l2_fcov_t f) {
    if (d == NULL || (unsigned)f >= (unsigned)DENOVO_L2_F_N) {
        return false;
    }
    if (f < DENOVO_L2_F_RR_SCAN_WRAP) {
        return (uint32_t)f % 16u < d->l2_ways;
    }
    switch (f) {
    case DENOVO_L2_F_RR_SCAN_WRAP:
        return d->l2_ways >= 2u;
    case DENOVO_L2_F_MERGE_ALL_SM:
        return d->num_sm >= 2u;
    case DENOVO_L2_F_GETS_TWO_OWNERS:
    case DENOVO_L2_F_REG_TWO_OWNERS:
        return d->num_sm >= 3u;
    default:
        return true;
    }
}
