/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_l2.c -- C reference model of the baseline GPU L2 bank (GPU-D / GPU-H).
 *
 * Written from docs/units/gpu/gpu_l2.md (rules E1-E4, M1, tables G01-A03, M01-M02) and
 * docs/timing.md only, never from rtl/gpu/gpu_l2.sv.
 *
 * One gpu_l2_tick() = one rising edge, in the order of rule E1: (a) a DRAM fill, else (b) the
 * FIFO head (a stall changes nothing and stays); (c) the push; (d) req_ready. A tick touches one
 * set; a fill and an allocation search the MSHRs (L2Mshrs entries); reset is the only loop over
 * every line.
 *
 * Readings of the spec where it is silent or open (also in the report to the spec owner):
 *  1. The tag of a line is the line address without its set bits, bank bits kept:
 *     ((a >> (log2 NumBanks + log2 L2Sets)) << log2 NumBanks) | (a mod NumBanks), TAGW =
 *     LA - log2 L2Sets bits (docs/system.md C4, "as in tc_l2"; the page's "a >> log2 L2Sets"
 *     would drop the bank bits for NumBanks > 1).
 *  2. "Free the MSHR" (M01/M02) clears mv only; mline, mway, mdst, mwm keep their values until
 *     the next allocation of the entry writes them.
 *  3. Responses: DATA carries dst, the line and its data (wf 0, acq 0); ACK carries dst = 1 <<
 *     src and the request's line (data 0); ATOM carries dst, wf, acq, the line and the line's
 *     data before the atomic. dst is cut to NumSm bits.
 *  4. Requests are cut to their port widths (kind 3, src / wf 6, line LA, aop 2, word 5 bits,
 *     mask LineBytes bits); an atomic's word index is taken mod LW; aop 3 writes nothing. A head
 *     request of kind 0 is dropped (popped, counted in errors, nothing else), as tc_l2 does.
 *  5. X01 / X02 count in addition to the allocating row (G03, W03, A03); a stalled head counts
 *     its S row only (A02 is itself the S03 stall row). Cover points count once per edge.
 *     Errors and coverage survive a reset.
 *  6. The data written back by X02 is the victim's data before the edge (a W03's bytes go into
 *     the reserved way after the write-back).
 *  7. gpu_l2_trans_reachable: S02 (every way P, a free MSHR) needs L2Mshrs > L2Ways; S01 (and
 *     cover points F51, F52) need L2Mshrs <= L2Sets * L2Ways (every MSHR holds a P way, M1).
 *
 * Rsp = 1 (docs/units/gpu/rsp.md sections 5 and 12.3-12.5: E5, E6, T01-T04, F62-F67, I7-I9),
 * readings:
 *  8. reading: The request kind is cut to 3 bits (RS16). A TOKREQ / TOKREL reads only kind and src
 *     and looks at no line. With Rsp = 0 kinds 4-7 are dropped as kind 0 (I9); with Rsp = 1, 6-7.
 *  9. reading: A TOKREQ from the holder or a waiter (I8) and a TOKREL from a non-holder or while
 *     free (I7) are popped and counted in errors; nothing else changes.
 * 10. reading: A src >= NumSm is not checked: its GNT's dst is cut to NumSm bits as every dst.
 */
#include "gpu_l2.h"
#include "gpucoh_bits.h"

#include <assert.h>
#include <string.h>

#ifndef GPU_L2_ASSERT
#define GPU_L2_ASSERT(c) assert(c)
#endif
#if defined(SIG_BLOOM_CHECK_RULES) && !defined(GPU_CHECK_RULES)
#define GPU_CHECK_RULES
#endif

/*--- storage ----------------------------------------------------------------------------------*/

typedef struct {
    uint64_t tag;
    uint32_t st;
    uint32_t mshr; /* P: the MSHR holding the way (M1; not architectural) */
} l2_meta_t;

typedef struct {
    uint64_t line, dst;
    uint32_t v, way;
} l2_mshr_meta_t;

typedef struct {
    uint32_t kind, src, wf;
    bool acq;
    uint64_t line;
    uint32_t aop, word, a, b;
} l2_fentry_t;

struct gpu_l2 {
    gpu_l2_desc_t d;
    uint32_t lw, mw, la, lines, bank_bits, set_bits, tag_bits;
    uint64_t la_mask, sm_all;
    l2_meta_t* line;
    uint32_t* data; /* lines x lw */
    uint32_t* rr;
    l2_mshr_meta_t* mshr;
    uint32_t* mwm; /* mshrs x mw */
    l2_fentry_t* fifo;
    uint32_t* fdata; /* l2_queue x lw */
    uint32_t* fmask; /* l2_queue x mw */
    uint32_t qhead, qcnt;
    uint32_t nfree;       /* MSHRs with mv = 0 */
    uint32_t tbusy, town; /* Rsp token (rsp.md section 5.1) */
    uint64_t twait;
    gpu_l2_out_t out;
    bool out_quiet; /* out's messages are all 0 (a quiet edge left them so; any other edge not) */
    bool out_kept;  /* the last edge was gpu_l2_tick_kept's and left all of out in its buffer */
    uint64_t cov[GPU_L2_T_N];
    uint64_t fcov[GPU_L2_F_N];
    uint64_t errors;
    uint32_t touched_n;
    uint32_t touched[GPU_L2_SEL_MAX];
    bool touched_all;
    uint64_t mtouched; /* the MSHRs this edge wrote (bit k: MSHR k) */
};

/* The head request and the line it finds. */
typedef struct {
    const l2_fentry_t* q;
    const uint32_t* qdata;
    const uint32_t* qmask;
    uint32_t set;
    uint64_t tag;
    int64_t idx; /* matching line, -1: miss */
    uint32_t k;  /* P: its MSHR */
} l2_head_t;

/*--- helpers ----------------------------------------------------------------------------------*/

static inline uint32_t* ldata(const gpu_l2_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}

static inline uint32_t* mwm_of(const gpu_l2_t* m, uint32_t k) {
    return m->mwm + (size_t)k * m->mw;
}

static inline void fc(gpu_l2_t* m, gpu_l2_fcov_t f) {
    m->fcov[f]++;
}

static void touch(gpu_l2_t* m, uint32_t i) {
    for (uint32_t k = 0; k < m->touched_n; k++) {
        if (m->touched[k] == i) {
            return;
        }
    }
    if (m->touched_n < GPU_L2_SEL_MAX) {
        m->touched[m->touched_n++] = i;
    } else {
        m->touched_all = true;
    }
}

static inline void mtouch(gpu_l2_t* m, uint32_t k) {
    m->mtouched |= (uint64_t)1 << k;
}

/* reading 1: set and tag of a line address (cut to LA bits), and back */
static inline uint32_t set_of(const gpu_l2_t* m, uint64_t line) {
    return (uint32_t)((line >> m->bank_bits) & (uint64_t)(m->d.l2_sets - 1u));
}

static inline uint64_t tag_of(const gpu_l2_t* m, uint64_t line) {
    return ((line >> (m->bank_bits + m->set_bits)) << m->bank_bits) |
           (line & (uint64_t)(m->d.num_banks - 1u));
}

static inline uint64_t line_of(const gpu_l2_t* m, uint32_t set, uint64_t tag) {
    return ((tag >> m->bank_bits) << (m->bank_bits + m->set_bits)) |
           ((uint64_t)set << m->bank_bits) | (tag & (uint64_t)(m->d.num_banks - 1u));
}

static int64_t find_line(const gpu_l2_t* m, uint32_t set, uint64_t tag) {
    const uint32_t base = set * m->d.l2_ways;
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        const l2_meta_t* L = &m->line[base + w];
        if (L->st != GPU_L2_I && L->tag == tag) {
            return (int64_t)(base + w);
        }
    }
    return -1;
}

static void rsp_put(gpu_l2_t* m, uint32_t kind, uint64_t dst, uint64_t line, const uint32_t* d) {
    gpu_rsp_t* r = &m->out.rsp;
    r->valid = true;
    r->kind = kind;
    r->dst = dst & m->sm_all;
    r->line = line;
    if (d != NULL) {
        memcpy(r->data, d, (size_t)m->lw * sizeof(uint32_t));
    }
}

/*--- descriptor, size, build ------------------------------------------------------------------*/

gpu_l2_desc_t gpu_l2_desc_from(const gpu_desc_t* sys) {
    gpu_l2_desc_t d;
    d.rsp = sys->rsp;
    d.num_sm = sys->num_sm;
    d.num_banks = sys->num_banks;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l2_sets = sys->l2_sets;
    d.l2_ways = sys->l2_ways;
    d.l2_mshrs = sys->l2_mshrs;
    d.l2_queue = sys->l2_queue;
    return d;
}

#define RANGE(field, name, lo, hi) GPUCOH_DESC_RANGE(gpu_param_error, "gpu_l2", field, name, lo, hi)

static int l2_check_la(const gpu_l2_desc_t* d, char* msg, size_t msg_len) {
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t s2 = gpucoh_log2_floor(d->l2_sets);
    const uint32_t b = gpucoh_log2_floor(d->num_banks);
    const uint32_t need = (b + s2 > s2 + 1u) ? b + s2 : s2 + 1u;
    if (la < need) {
        return gpu_param_error(msg, msg_len,
                               "gpu_l2: addr_width = %u is illegal (AddrWidth: LA = AddrWidth - "
                               "log2 LineBytes = %u must be >= log2 NumBanks + log2 L2Sets and "
                               ">= log2 L2Sets + 1, i.e. >= %u; legal AddrWidth >= %u)",
                               (unsigned)d->addr_width, (unsigned)la, (unsigned)need,
                               (unsigned)(need + gpucoh_log2_floor(d->line_bytes)));
    }
    return 0;
}

/* Section 1 in table order; AddrWidth's derived bound after L2Sets. */
int gpu_l2_check_desc(const gpu_l2_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return gpu_param_error(msg, msg_len, "gpu_l2: desc is NULL");
    }
    RANGE(num_sm, "NumSm", 1u, GPU_MAX_SM);
    if (!gpucoh_is_pow2(d->num_banks) || d->num_banks > GPU_MAX_BANKS) {
        return gpu_param_error(msg, msg_len,
                               "gpu_l2: num_banks = %u is illegal (NumBanks: 1, 2, 4, 8 or 16)",
                               (unsigned)d->num_banks);
    }
    if (!gpucoh_is_pow2(d->line_bytes) || d->line_bytes < 16u ||
        d->line_bytes > GPU_MAX_LINE_BYTES) {
        return gpu_param_error(msg, msg_len,
                               "gpu_l2: line_bytes = %u is illegal (LineBytes: 16, 32, 64 or 128)",
                               (unsigned)d->line_bytes);
    }
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    if (!gpucoh_is_pow2(d->l2_sets) || d->l2_sets > GPU_L2_MAX_SETS) {
        return gpu_param_error(
            msg, msg_len, "gpu_l2: l2_sets = %u is illegal (L2Sets: a power of two in 1..1024)",
            (unsigned)d->l2_sets);
    }
    if (l2_check_la(d, msg, msg_len) != 0) {
        return 1;
    }
    RANGE(l2_ways, "L2Ways", 1u, GPU_L2_MAX_WAYS);
    RANGE(l2_mshrs, "L2Mshrs", 1u, GPU_L2_MAX_MSHRS);
    RANGE(l2_queue, "L2Queue", 1u, 8u);
    RANGE(rsp, "Rsp", 0u, 1u); /* rsp.md section 1, after the unit's own */
    return 0;
}

#undef RANGE

typedef struct {
    size_t line, data, rr, mshr, mwm, fifo, fdata, fmask, total;
} l2_layout_t;

static void l2_layout(const gpu_l2_desc_t* d, l2_layout_t* o) {
    const size_t lines = (size_t)d->l2_sets * d->l2_ways;
    const size_t lw = d->line_bytes / 4u, mw = (d->line_bytes + 31u) / 32u, q = d->l2_queue;
    size_t at = gpucoh_al8(sizeof(gpu_l2_t));
    o->line = at;
    at += gpucoh_al8(lines * sizeof(l2_meta_t));
    o->data = at;
    at += gpucoh_al8(lines * lw * sizeof(uint32_t));
    o->rr = at;
    at += gpucoh_al8((size_t)d->l2_sets * sizeof(uint32_t));
    o->mshr = at;
    at += gpucoh_al8((size_t)d->l2_mshrs * sizeof(l2_mshr_meta_t));
    o->mwm = at;
    at += gpucoh_al8((size_t)d->l2_mshrs * mw * sizeof(uint32_t));
    o->fifo = at;
    at += gpucoh_al8(q * sizeof(l2_fentry_t));
    o->fdata = at;
    at += gpucoh_al8(q * lw * sizeof(uint32_t));
    o->fmask = at;
    at += gpucoh_al8(q * mw * sizeof(uint32_t));
    o->total = at;
}

size_t gpu_l2_size(const gpu_l2_desc_t* d) {
    if (gpu_l2_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    return o.total;
}

static void l2_reset_state(gpu_l2_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(l2_meta_t));
    memset(m->data, 0, (size_t)m->lines * m->lw * sizeof(uint32_t));
    memset(m->rr, 0, (size_t)m->d.l2_sets * sizeof(uint32_t));
    memset(m->mshr, 0, (size_t)m->d.l2_mshrs * sizeof(l2_mshr_meta_t));
    memset(m->mwm, 0, (size_t)m->d.l2_mshrs * m->mw * sizeof(uint32_t));
    memset(m->fifo, 0, (size_t)m->d.l2_queue * sizeof(l2_fentry_t));
    memset(m->fdata, 0, (size_t)m->d.l2_queue * m->lw * sizeof(uint32_t));
    memset(m->fmask, 0, (size_t)m->d.l2_queue * m->mw * sizeof(uint32_t));
    m->qhead = m->qcnt = 0u;
    m->nfree = m->d.l2_mshrs;
    m->tbusy = m->town = 0u;
    m->twait = 0u;
}

gpu_l2_t* gpu_l2_init(void* mem, size_t len, const gpu_l2_desc_t* d, char* msg, size_t msg_len) {
    if (gpu_l2_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)gpu_param_error(msg, msg_len,
                              "gpu_l2: storage %s (%zu bytes at %p; the model needs %zu bytes "
                              "aligned to %zu)",
                              mem == NULL     ? "is NULL"
                              : len < o.total ? "too small"
                                              : "misaligned",
                              len, mem, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    gpu_l2_t* m = (gpu_l2_t*)mem;
    m->line = (l2_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->rr = (uint32_t*)(void*)(b + o.rr);
    m->mshr = (l2_mshr_meta_t*)(void*)(b + o.mshr);
    m->mwm = (uint32_t*)(void*)(b + o.mwm);
    m->fifo = (l2_fentry_t*)(void*)(b + o.fifo);
    m->fdata = (uint32_t*)(void*)(b + o.fdata);
    m->fmask = (uint32_t*)(void*)(b + o.fmask);
    m->d = *d;
    m->lw = d->line_bytes / 4u;
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->la_mask = gpucoh_mask64(m->la);
    m->lines = d->l2_sets * d->l2_ways;
    m->bank_bits = gpucoh_log2_floor(d->num_banks);
    m->set_bits = gpucoh_log2_floor(d->l2_sets);
    m->tag_bits = m->la - m->set_bits;
    m->sm_all = gpucoh_mask64(d->num_sm);
    l2_reset_state(m);
    return m; /* outputs read 0 until the first edge */
}

/*--- (a) fills, section 6 ---------------------------------------------------------------------*/

static void l2_fill(gpu_l2_t* m, const gpu_mem_rsp_t* f) {
    const uint64_t line = f->line & m->la_mask;
    uint32_t k = 0;
    while (k < m->d.l2_mshrs && !(m->mshr[k].v && m->mshr[k].line == line)) {
        k++;
    }
    if (k == m->d.l2_mshrs) {
        m->errors++; /* E4_FillFindsMshr_A */
        return;
    }
    l2_mshr_meta_t* e = &m->mshr[k];
    const uint32_t set = set_of(m, line);
    const uint32_t i = set * m->d.l2_ways + e->way;
    l2_meta_t* L = &m->line[i];
    GPU_L2_ASSERT(L->st == GPU_L2_P && L->tag == tag_of(m, line) && L->mshr == k); /* M1 */
    const uint32_t* wm = mwm_of(m, k);
    uint32_t* d = ldata(m, i);
    bool any = false, full = true;
    for (uint32_t w = 0; w < m->lw; w++) {
        const uint32_t bm = gpucoh_word_bytes(wm, w);
        d[w] = (f->data[w] & ~bm) | (d[w] & bm);
        any = any || bm != 0u;
        full = full && bm == 0xffffffffu;
    }
    L->st = any ? GPU_L2_D : GPU_L2_V;
    if (e->dst != 0u) {
        rsp_put(m, GPU_RSP_DATA, e->dst, line, d);
        m->cov[GPU_L2_T_M01]++;
    } else {
        m->cov[GPU_L2_T_M02]++;
    }
    if (any) {
        fc(m, GPU_L2_F_FILL_MERGE_WT);
    }
    if (full) {
        fc(m, GPU_L2_F_FILL_FULL_WM);
    }
    e->v = 0u;
    m->nfree++;
    touch(m, i);
    mtouch(m, k);
}

/*--- (b) the head, section 5 ------------------------------------------------------------------*/

/* E3 victim rules 1-3 in set s: the way, or 4 (every way P) */
static uint32_t l2_victim(const gpu_l2_t* m, uint32_t s, uint32_t* way) {
    const uint32_t ways = m->d.l2_ways, base = s * ways, r = m->rr[s];
    for (uint32_t w = 0; w < ways; w++) {
        if (m->line[base + w].st == GPU_L2_I) {
            *way = w;
            return 1u;
        }
    }
    static const uint32_t want[2] = {GPU_L2_V, GPU_L2_D};
    for (uint32_t rule = 2u; rule <= 3u; rule++) {
        for (uint32_t k = 0; k < ways; k++) {
            const uint32_t w = (r + k) % ways;
            if (m->line[base + w].st == want[rule - 2u]) {
                *way = w;
                return rule;
            }
        }
    }
    return 4u;
}

static void l2_alloc_fcov(gpu_l2_t* m, const l2_head_t* h, uint32_t rule, uint32_t way,
                          uint32_t k) {
    static const gpu_l2_fcov_t w0[3] = {GPU_L2_F_VIC_FREE_W0, GPU_L2_F_VIC_CLEAN_W0,
                                        GPU_L2_F_VIC_DIRTY_W0};
    fc(m, (gpu_l2_fcov_t)(w0[rule - 1u] + way));
    if (rule >= 2u && way < m->rr[h->set]) {
        fc(m, GPU_L2_F_RR_SCAN_WRAP);
    }
    if (way == m->d.l2_ways - 1u) {
        fc(m, GPU_L2_F_RR_PTR_WRAP);
    }
    if (m->nfree == 1u) {
        fc(m, GPU_L2_F_MSHR_FULL);
    }
    if (k == m->d.l2_mshrs - 1u) {
        fc(m, GPU_L2_F_MSHR_TOP);
    }
    if (h->set == m->d.l2_sets - 1u) {
        fc(m, GPU_L2_F_ALLOC_SET_TOP);
    }
    if ((h->tag >> (m->tag_bits - 1u)) & 1u) {
        fc(m, GPU_L2_F_ALLOC_TAG_MSB);
    }
}

/* E3: reserve a way and an MSHR for the head's line; false (row S01 / S02 counted) on a stall */
static bool l2_allocate(gpu_l2_t* m, l2_head_t* h) {
    if (m->nfree == 0u) {
        m->cov[GPU_L2_T_S01]++;
        return false;
    }
    uint32_t way = 0;
    const uint32_t rule = l2_victim(m, h->set, &way);
    if (rule == 4u) {
        m->cov[GPU_L2_T_S02]++;
        return false;
    }
    uint32_t k = 0;
    while (m->mshr[k].v) {
        k++;
    }
    const uint32_t i = h->set * m->d.l2_ways + way;
    l2_meta_t* L = &m->line[i];
    l2_alloc_fcov(m, h, rule, way, k);
    gpu_mem_req_t* r = &m->out.mreq;
    if (rule == 2u) {
        m->cov[GPU_L2_T_X01]++;
    } else if (rule == 3u) {
        m->cov[GPU_L2_T_X02]++;
        fc(m, GPU_L2_F_FETCH_AND_WB);
        r->wb = true;
        r->wb_line = line_of(m, h->set, L->tag);
        memcpy(r->wb_data, ldata(m, i), (size_t)m->lw * sizeof(uint32_t));
    }
    r->fetch = true;
    r->fetch_line = h->q->line;
    L->tag = h->tag;
    L->st = GPU_L2_P;
    L->mshr = k;
    l2_mshr_meta_t* e = &m->mshr[k];
    e->v = 1u;
    e->line = h->q->line;
    e->way = way;
    e->dst = 0u;
    memset(mwm_of(m, k), 0, (size_t)m->mw * sizeof(uint32_t));
    m->nfree--;
    m->rr[h->set] = (way + 1u) % m->d.l2_ways;
    h->idx = (int64_t)i;
    h->k = k;
    touch(m, i);
    mtouch(m, k);
    return true;
}

/* G01-G03 */
static bool head_gets(gpu_l2_t* m, l2_head_t* h) {
    const uint64_t bit = (uint64_t)1 << h->q->src;
    if (h->idx >= 0 && m->line[h->idx].st != GPU_L2_P) {
        m->cov[GPU_L2_T_G01]++;
        rsp_put(m, GPU_RSP_DATA, bit, h->q->line, ldata(m, (uint32_t)h->idx));
        return true;
    }
    if (h->idx < 0) {
        if (!l2_allocate(m, h)) {
            return false;
        }
        m->cov[GPU_L2_T_G03]++;
        m->mshr[h->k].dst = bit & m->sm_all;
        return true;
    }
    m->cov[GPU_L2_T_G02]++;
    m->mshr[h->k].dst |= bit & m->sm_all;
    mtouch(m, h->k);
    if (m->mshr[h->k].dst == m->sm_all) {
        fc(m, GPU_L2_F_MERGE_ALL_SM);
    }
    return true;
}

/* W01-W03: the write is performed now and acknowledged */
static bool head_wt(gpu_l2_t* m, l2_head_t* h) {
    uint32_t row = GPU_L2_T_W01;
    if (h->idx < 0) {
        if (!l2_allocate(m, h)) {
            return false;
        }
        row = GPU_L2_T_W03;
    } else if (m->line[h->idx].st == GPU_L2_P) {
        row = GPU_L2_T_W02;
    }
    const uint32_t i = (uint32_t)h->idx;
    m->cov[row]++;
    gpucoh_masked_write(ldata(m, i), h->qdata, h->qmask, m->lw);
    if (row == GPU_L2_T_W01) {
        m->line[i].st = GPU_L2_D;
    } else {
        uint32_t* wm = mwm_of(m, h->k);
        for (uint32_t w = 0; w < m->mw; w++) {
            wm[w] = row == GPU_L2_T_W02 ? wm[w] | h->qmask[w] : h->qmask[w];
        }
        mtouch(m, h->k);
    }
    rsp_put(m, GPU_RSP_ACK, (uint64_t)1 << h->q->src, h->q->line, NULL);
    touch(m, i);
    return true;
}

/* A01 (P1 of gpu_l1.md) */
static void atomic_perform(gpu_l2_t* m, const l2_head_t* h) {
    const l2_fentry_t* q = h->q;
    const uint32_t i = (uint32_t)h->idx;
    uint32_t* d = ldata(m, i);
    const uint32_t w = q->word % m->lw, old = d[w];
    rsp_put(m, GPU_RSP_ATOM, (uint64_t)1 << q->src, q->line, d);
    m->out.rsp.wf = q->wf;
    m->out.rsp.acq = q->acq;
    m->cov[GPU_L2_T_A01]++;
    switch (q->aop) {
    case GPU_AOP_ADD:
        if ((uint64_t)old + q->a > 0xffffffffu) {
            fc(m, GPU_L2_F_ADD_WRAP);
        }
        d[w] = old + q->a;
        break;
    case GPU_AOP_EXCH:
        d[w] = q->a;
        break;
    case GPU_AOP_CAS:
        if (old != q->a) {
            fc(m, GPU_L2_F_CAS_FAIL);
            return;
        }
        d[w] = q->b;
        break;
    default:
        return; /* aop 3: no write */
    }
    m->line[i].st = GPU_L2_D;
    touch(m, i);
}

/* A01-A03: false = the head stays (A02 stall, A03, or an allocation stall) */
static bool head_atomic(gpu_l2_t* m, l2_head_t* h) {
    if (h->idx < 0) {
        if (l2_allocate(m, h)) {
            m->cov[GPU_L2_T_A03]++;
        }
        return false;
    }
    if (m->line[h->idx].st == GPU_L2_P) {
        m->cov[GPU_L2_T_A02]++;
        return false;
    }
    atomic_perform(m, h);
    return true;
}

/*--- the token, rsp.md section 5.2 (E5, E6, T01-T04) ------------------------------------------*/

static void tok_grant(gpu_l2_t* m, uint32_t sm) {
    m->town = sm;
    rsp_put(m, GPU_RSP_GNT, (uint64_t)1 << sm, 0u, NULL); /* wf, acq, data 0 */
}

/* E6: the first waiting SM after town, circularly */
static uint32_t tok_next(const gpu_l2_t* m) {
    for (uint32_t k = 1; k <= m->d.num_sm; k++) {
        const uint32_t n = (m->town + k) % m->d.num_sm;
        if ((m->twait >> n) & 1u) {
            return n;
        }
    }
    return m->town; /* not reached: twait != 0 */
}

static void tok_req(gpu_l2_t* m, uint32_t src) {
    const uint64_t bit = (uint64_t)1 << src;
    if (!m->tbusy) {
        m->cov[GPU_L2_T_T01]++;
        fc(m, GPU_L2_F_TOK_GRANT_FREE);
        m->tbusy = 1u;
        tok_grant(m, src);
    } else if (src != m->town && (m->twait & bit) == 0u) {
        m->cov[GPU_L2_T_T02]++;
        fc(m, GPU_L2_F_TOK_CONTEND);
        m->twait |= bit;
        if (m->twait == (m->sm_all & ~((uint64_t)1 << m->town))) {
            fc(m, GPU_L2_F_TOK_WAIT_ALL);
        }
    } else {
        m->errors++; /* I8: Tok_ReqTwice_A */
    }
}

static void tok_rel(gpu_l2_t* m, uint32_t src) {
    if (!m->tbusy || src != m->town) {
        m->errors++; /* I7: Tok_RelOwner_A */
    } else if (m->twait == 0u) {
        m->cov[GPU_L2_T_T03]++;
        fc(m, GPU_L2_F_TOK_FREE);
        m->tbusy = 0u;
    } else {
        const uint32_t n = tok_next(m);
        m->cov[GPU_L2_T_T04]++;
        fc(m, GPU_L2_F_TOK_HANDOFF);
        if (n < m->town) {
            fc(m, GPU_L2_F_TOK_RR_WRAP);
        }
        m->twait &= ~((uint64_t)1 << n);
        tok_grant(m, n);
    }
}

/* E5: a token request never stalls; with Rsp = 0 it is an illegal kind (I9) */
static void l2_token(gpu_l2_t* m, const l2_fentry_t* q) {
    if (m->d.rsp == 0u) {
        m->errors++; /* I9 */
    } else if (q->kind == GPU_REQ_TOKREQ) {
        tok_req(m, q->src);
    } else {
        tok_rel(m, q->src);
    }
}

/* returns true when the head leaves the FIFO */
static bool l2_head(gpu_l2_t* m) {
    l2_head_t h;
    h.q = &m->fifo[m->qhead];
    if (h.q->kind == GPU_REQ_TOKREQ || h.q->kind == GPU_REQ_TOKREL) {
        l2_token(m, h.q);
        return true;
    }
    h.qdata = m->fdata + (size_t)m->qhead * m->lw;
    h.qmask = m->fmask + (size_t)m->qhead * m->mw;
    h.set = set_of(m, h.q->line);
    h.tag = tag_of(m, h.q->line);
    h.idx = find_line(m, h.set, h.tag);
    h.k = 0u;
    if (h.idx >= 0 && m->line[h.idx].st == GPU_L2_P) {
        h.k = m->line[h.idx].mshr;
        const l2_mshr_meta_t* e = &m->mshr[h.k];
        GPU_L2_ASSERT(e->v && e->line == h.q->line &&
                      h.set * m->d.l2_ways + e->way == (uint32_t)h.idx); /* M1 */
    }
    switch (h.q->kind) {
    case GPU_REQ_GETS:
        return head_gets(m, &h);
    case GPU_REQ_WT:
        return head_wt(m, &h);
    case GPU_REQ_ATOMIC:
        return head_atomic(m, &h);
    default:
        m->errors++; /* reading 4: dropped (I1; kinds 6, 7: I9) */
        return true;
    }
}

/*--- (c) push ---------------------------------------------------------------------------------*/

static void l2_push(gpu_l2_t* m, const gpu_req_t* r) {
    uint32_t slot = m->qhead + m->qcnt;
    if (slot >= m->d.l2_queue) {
        slot -= m->d.l2_queue;
    }
    l2_fentry_t* q = &m->fifo[slot];
    q->kind = r->kind & 7u;
    q->src = r->src & 63u;
    q->wf = r->wf & 63u;
    q->acq = r->acq;
    q->line = r->line & m->la_mask;
    q->aop = r->aop & 3u;
    q->word = r->word & 31u;
    q->a = r->a;
    q->b = r->b;
    memcpy(m->fdata + (size_t)slot * m->lw, r->data, (size_t)m->lw * sizeof(uint32_t));
    uint32_t* mask = m->fmask + (size_t)slot * m->mw;
    const uint32_t lb = m->d.line_bytes;
    for (uint32_t i = 0; i < m->mw; i++) {
        mask[i] = 32u * i + 32u <= lb ? r->mask[i] : r->mask[i] & ((1u << (lb - 32u * i)) - 1u);
    }
    m->qcnt++;
    if (m->qcnt == m->d.l2_queue) {
        fc(m, GPU_L2_F_FIFO_FULL);
    }
}

/*--- one edge ---------------------------------------------------------------------------------*/

#ifdef GPU_CHECK_RULES
/* M1 over the whole bank: every P line has exactly one valid MSHR with its line and way */
static void l2_check_rules(const gpu_l2_t* m) {
    uint32_t np = 0, nv = 0;
    for (uint32_t i = 0; i < m->lines; i++) {
        if (m->line[i].st == GPU_L2_P) {
            const l2_mshr_meta_t* e = &m->mshr[m->line[i].mshr];
            const uint32_t set = (uint32_t)(i / m->d.l2_ways);
            GPU_L2_ASSERT(e->v && e->way == i % m->d.l2_ways && set_of(m, e->line) == set &&
                          tag_of(m, e->line) == m->line[i].tag);
            np++;
        }
    }
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        nv += m->mshr[k].v;
    }
    GPU_L2_ASSERT(np == nv && nv + m->nfree == m->d.l2_mshrs);
}
#endif

/* A quiet edge after one whose messages were already 0 changes no output (req_ready stays 1:
 * the FIFO was empty after that edge too). */
void gpu_l2_tick_kept(gpu_l2_t* m, const gpu_l2_in_t* in, gpu_l2_out_t* out) {
    if (m->out_kept && m->out_quiet && in->rst_n && !in->mem.valid && !in->req.valid &&
        m->qcnt == 0u) {
        m->touched_n = 0u;
        m->touched_all = false;
        m->mtouched = 0u;
        m->out.req_ready = true; /* (d) */
#ifdef GPU_CHECK_RULES
        l2_check_rules(m);
#endif
        return;
    }
    gpu_l2_tick(m, in, out);
    m->out_kept = true;
}

void gpu_l2_tick(gpu_l2_t* m, const gpu_l2_in_t* in, gpu_l2_out_t* out) {
    m->touched_n = 0u;
    m->touched_all = false;
    m->mtouched = 0u;
    m->out_kept = false;
    if (!in->rst_n) {
        l2_reset_state(m);
        m->out_quiet = false;
        memset(&m->out, 0, sizeof m->out);
        m->out.req_ready = true;
        m->touched_all = true;
        if (out != NULL) {
            *out = m->out;
        }
        return;
    }
    const bool ready_q = m->out.req_ready;
    /* A quiet edge (no input, the FIFO empty) sends nothing and writes nothing: the messages
     * of out are cleared once, not at every such edge. */
    const bool quiet = !in->mem.valid && !in->req.valid && m->qcnt == 0u;
    if (!quiet || !m->out_quiet) {
        memset(&m->out.rsp, 0, sizeof m->out.rsp);
        memset(&m->out.mreq, 0, sizeof m->out.mreq);
    }
    m->out_quiet = quiet;
    bool pop = false;
    if (in->mem.valid) {
        l2_fill(m, &in->mem); /* (a) */
    } else if (m->qcnt > 0u) {
        pop = l2_head(m); /* (b) */
    }
    if (pop) {
        m->qhead = m->qhead + 1u == m->d.l2_queue ? 0u : m->qhead + 1u;
        m->qcnt--;
    }
    if (in->req.valid && ready_q) {
        l2_push(m, &in->req); /* (c) */
    }
    m->out.req_ready = m->qcnt < m->d.l2_queue; /* (d) */
#ifdef GPU_CHECK_RULES
    l2_check_rules(m);
#endif
    if (out != NULL) {
        *out = m->out;
    }
}

/*--- accessors --------------------------------------------------------------------------------*/

const gpu_l2_desc_t* gpu_l2_desc(const gpu_l2_t* m) {
    return &m->d;
}

const gpu_l2_out_t* gpu_l2_out(const gpu_l2_t* m) {
    return &m->out;
}

void gpu_l2_line_get(const gpu_l2_t* m, uint32_t i, gpu_l2_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i >= m->lines) {
        return;
    }
    l->tag = m->line[i].tag;
    l->st = m->line[i].st;
    memcpy(l->data, ldata(m, i), (size_t)m->lw * sizeof(uint32_t));
}

void gpu_l2_mshr_get(const gpu_l2_t* m, uint32_t k, gpu_l2_mshr_t* e) {
    memset(e, 0, sizeof *e);
    if (k >= m->d.l2_mshrs) {
        return;
    }
    e->v = m->mshr[k].v;
    e->line = m->mshr[k].line;
    e->way = m->mshr[k].way;
    e->dst = m->mshr[k].dst;
    memcpy(e->wm, mwm_of(m, k), (size_t)m->mw * sizeof(uint32_t));
}

void gpu_l2_state_get(const gpu_l2_t* m, gpu_l2_state_t* s) {
    const uint32_t ways = m->d.l2_ways;
    if (s->sel_all) {
        for (uint32_t i = 0; i < m->lines; i++) {
            gpu_l2_line_get(m, i, &s->line[i]);
        }
        memcpy(s->rr, m->rr, (size_t)m->d.l2_sets * sizeof(uint32_t));
    } else {
        for (uint32_t k = 0; k < s->sel_n && k < GPU_L2_SEL_MAX; k++) {
            const uint32_t i = s->sel[k];
            if (i < m->lines) {
                gpu_l2_line_get(m, i, &s->line[i]);
                s->rr[i / ways] = m->rr[i / ways];
            }
        }
    }
    const uint64_t want = s->mshr_only && !s->sel_all ? s->mshr_sel : ~(uint64_t)0;
    for (uint64_t x = want & gpucoh_mask64(m->d.l2_mshrs); x != 0u; x &= x - 1u) { /* set bits */
        const uint32_t k = gpucoh_ctz64(x);
        gpu_l2_mshr_get(m, k, &s->mshr[k]);
    }
    s->qcnt = m->qcnt;
    s->tbusy = m->tbusy;
    s->town = m->town;
    s->twait = m->twait;
}

uint32_t gpu_l2_touched(const gpu_l2_t* m, uint32_t* sel, uint32_t max, bool* all) {
    *all = m->touched_all || m->touched_n > max;
    if (*all) {
        return 0u;
    }
    for (uint32_t k = 0; k < m->touched_n; k++) {
        sel[k] = m->touched[k];
    }
    return m->touched_n;
}

uint64_t gpu_l2_mshr_touched(const gpu_l2_t* m) {
    return m->touched_all ? gpucoh_mask64(m->d.l2_mshrs) : m->mtouched;
}

bool gpu_l2_word(const gpu_l2_t* m, uint64_t line, uint32_t word, uint32_t* v) {
    const uint64_t a = line & m->la_mask;
    const int64_t i = find_line(m, set_of(m, a), tag_of(m, a));
    if (i < 0 || m->line[i].st == GPU_L2_P) {
        return false;
    }
    *v = ldata(m, (uint32_t)i)[word % m->lw];
    return true;
}

const uint64_t* gpu_l2_cov(const gpu_l2_t* m) {
    return m->cov;
}

const uint64_t* gpu_l2_fcov(const gpu_l2_t* m) {
    return m->fcov;
}

uint64_t gpu_l2_errors(const gpu_l2_t* m) {
    return m->errors;
}

/*--- coverage names and reachability ----------------------------------------------------------*/

static const char* const l2_ids[GPU_L2_T_N] = {
    "G01", "G02", "G03", "W01", "W02", "W03", "A01", "A02", "A03", "M01",
    "M02", "X01", "X02", "S01", "S02", "T01", "T02", "T03", "T04",
};

static const char* const l2_names[GPU_L2_T_N] = {
    "GETS hit: DATA",
    "GETS on a pending line: merge",
    "GETS miss: allocate, fetch",
    "WT hit: merge, ACK",
    "WT on a pending line: merge under the fill, ACK",
    "WT miss: allocate, merge, fetch, ACK",
    "ATOMIC performed",
    "ATOMIC on a pending line (stall S03)",
    "ATOMIC miss: allocate, fetch",
    "fill: DATA to the waiting SMs",
    "fill without a waiting GETS",
    "allocation drops a clean victim",
    "allocation writes back a dirty victim",
    "stall: no free MSHR",
    "stall: no victim (every way P)",
    "TOKREQ, token free: GNT",
    "TOKREQ, token held: wait",
    "TOKREL, nobody waits: token free",
    "TOKREL: GNT to the next waiter",
};

const char* gpu_l2_trans_id(gpu_l2_trans_t r) {
    return (unsigned)r < (unsigned)GPU_L2_T_N ? l2_ids[r] : "?";
}

const char* gpu_l2_trans_name(gpu_l2_trans_t r) {
    return (unsigned)r < (unsigned)GPU_L2_T_N ? l2_names[r] : "?";
}

/* reading 7: every MSHR holds a P way (M1) */
static bool mshrs_fill(const gpu_l2_desc_t* d) {
    return (uint64_t)d->l2_mshrs <= (uint64_t)d->l2_sets * d->l2_ways;
}

bool gpu_l2_trans_reachable(const gpu_l2_desc_t* d, gpu_l2_trans_t r) {
    if (d == NULL || (unsigned)r >= (unsigned)GPU_L2_T_N) {
        return false;
    }
    if (r >= GPU_L2_T_T01) { /* rsp.md 12.1: T02, T04 need two SMs asking */
        return d->rsp != 0u && (d->num_sm >= 2u || r == GPU_L2_T_T01 || r == GPU_L2_T_T03);
    }
    switch (r) {
    case GPU_L2_T_S01:
        return mshrs_fill(d);
    case GPU_L2_T_S02:
        return d->l2_mshrs > d->l2_ways;
    default:
        return true;
    }
}

static const char* const l2_fnames[GPU_L2_F_N] = {
    "VIC_FREE_W0",   "VIC_FREE_W1",    "VIC_FREE_W2",   "VIC_FREE_W3",   "VIC_FREE_W4",
    "VIC_FREE_W5",   "VIC_FREE_W6",    "VIC_FREE_W7",   "VIC_FREE_W8",   "VIC_FREE_W9",
    "VIC_FREE_W10",  "VIC_FREE_W11",   "VIC_FREE_W12",  "VIC_FREE_W13",  "VIC_FREE_W14",
    "VIC_FREE_W15",  "VIC_CLEAN_W0",   "VIC_CLEAN_W1",  "VIC_CLEAN_W2",  "VIC_CLEAN_W3",
    "VIC_CLEAN_W4",  "VIC_CLEAN_W5",   "VIC_CLEAN_W6",  "VIC_CLEAN_W7",  "VIC_CLEAN_W8",
    "VIC_CLEAN_W9",  "VIC_CLEAN_W10",  "VIC_CLEAN_W11", "VIC_CLEAN_W12", "VIC_CLEAN_W13",
    "VIC_CLEAN_W14", "VIC_CLEAN_W15",  "VIC_DIRTY_W0",  "VIC_DIRTY_W1",  "VIC_DIRTY_W2",
    "VIC_DIRTY_W3",  "VIC_DIRTY_W4",   "VIC_DIRTY_W5",  "VIC_DIRTY_W6",  "VIC_DIRTY_W7",
    "VIC_DIRTY_W8",  "VIC_DIRTY_W9",   "VIC_DIRTY_W10", "VIC_DIRTY_W11", "VIC_DIRTY_W12",
    "VIC_DIRTY_W13", "VIC_DIRTY_W14",  "VIC_DIRTY_W15", "RR_SCAN_WRAP",  "RR_PTR_WRAP",
    "MSHR_FULL",     "MSHR_TOP",       "FIFO_FULL",     "MERGE_ALL_SM",  "FILL_MERGE_WT",
    "FILL_FULL_WM",  "CAS_FAIL",       "ADD_WRAP",      "ALLOC_SET_TOP", "ALLOC_TAG_MSB",
    "FETCH_AND_WB",  "TOK_GRANT_FREE", "TOK_CONTEND",   "TOK_HANDOFF",   "TOK_WAIT_ALL",
    "TOK_RR_WRAP",   "TOK_FREE",
};

const char* gpu_l2_fcov_name(gpu_l2_fcov_t f) {
    return (unsigned)f < (unsigned)GPU_L2_F_N ? l2_fnames[f] : "?";
}

/* Section 8: ways >= L2Ways, F49 with one way, F54 with one SM; F51 / F52 as S01. */
bool gpu_l2_fcov_reachable(const gpu_l2_desc_t* d, gpu_l2_fcov_t f) {
    if (d == NULL || (unsigned)f >= (unsigned)GPU_L2_F_N) {
        return false;
    }
    if (f < GPU_L2_F_RR_SCAN_WRAP) {
        return (uint32_t)f % 16u < d->l2_ways;
    }
    if (f >= GPU_L2_F_TOK_GRANT_FREE) { /* rsp.md 12.3: F63-F66 need two SMs */
        const bool one = f == GPU_L2_F_TOK_GRANT_FREE || f == GPU_L2_F_TOK_FREE;
        return d->rsp != 0u && (one || d->num_sm >= 2u);
    }
    switch (f) {
    case GPU_L2_F_RR_SCAN_WRAP:
        return d->l2_ways >= 2u;
    case GPU_L2_F_MERGE_ALL_SM:
        return d->num_sm >= 2u;
    case GPU_L2_F_MSHR_FULL:
    case GPU_L2_F_MSHR_TOP:
        return mshrs_fill(d);
    default:
        return true;
    }
}
