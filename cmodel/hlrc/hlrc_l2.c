/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_l2.c -- C reference model of one hLRC L2 bank (docs/units/hlrc/hlrc_l2.md), written from
 * the specification only. One hlrc_l2_tick() = one rising edge, in the order of rule E1: (a) a
 * DRAM fill, else (b) the wb FIFO's head, else (c) the data and sync heads in qpri order; (d) the
 * pushes; (e) the readies. Row ids (G01, R03, K01, ...) are the page's.
 */
#include "hlrc_l2.h"

#include <string.h>

#include "gpucoh_bits.h"

typedef struct {
    uint64_t tag;
    uint32_t st, reg, own, age;
} l2_meta_t;

typedef struct {
    uint32_t v, way;
    uint64_t line, dst;
    uint32_t wm[HLRC_MASK_WORDS];
} l2_mshr_meta_t;

typedef struct {
    hlrc_msg_t* e;
    uint32_t head, cnt, cap;
} l2_fifo_t;

struct hlrc_l2 {
    hlrc_l2_desc_t d;
    uint32_t lw, la, lines, set_bits, bank_bits, tag_bits;
    uint32_t own_mask; /* 2^SW - 1, SW = max(1, ceil(log2 NumSm)) (section 1) */
    uint64_t la_mask;
    l2_meta_t* line;
    uint32_t* data; /* lines x lw */
    l2_mshr_meta_t* mshr;
    l2_fifo_t q, s, w; /* req, sync, wb */
    uint32_t rvv, rvw, rvo, qpri;
    uint64_t rvl;
    hlrc_l2_out_t out;
    uint64_t errors;
    uint64_t cov[HLRC_L2_T_N];
    uint64_t fcov[HLRC_L2_F_N];
    bool hd_revoked, hd_recall, hd_fetched; /* cover-point bookkeeping of the sync head */
    hlrc_l2_stats_t st;
    uint32_t touched_n;
    uint32_t touched[HLRC_L2_SEL_MAX];
    bool touched_all;
};

typedef struct {
    size_t line, data, mshr, q, s, w, total;
} l2_layout_t;

/* Head outcome. */
enum { H_EMPTY = 0, H_ACTED = 1, H_STALL = 2 };
enum { S01 = 0, S02 = 1, S03 = 2, S04 = 3 };

/*--- descriptor -------------------------------------------------------------------------------*/

hlrc_l2_desc_t hlrc_l2_desc_from(const hlrc_desc_t* sys) {
    hlrc_l2_desc_t d;
    d.num_sm = sys->num_sm;
    d.num_banks = sys->num_banks;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l2_sets = sys->l2_sets;
    d.l2_ways = sys->l2_ways;
    d.l2_mshrs = sys->l2_mshrs;
    d.l2_queue = sys->l2_queue;
    d.sync_queue = sys->sync_queue;
    d.wb_queue = sys->wb_queue;
    return d;
}

#define RANGE(field, name, lo, hi)                                                                 \
    GPUCOH_DESC_RANGE(hlrc_param_error, "hlrc_l2", field, name, lo, hi)

#define POW2(field, name, what) GPUCOH_DESC_POW2(hlrc_param_error, "hlrc_l2", field, name, what)

int hlrc_l2_check_desc(const hlrc_l2_desc_t* d, char* msg, size_t msg_len) {
    RANGE(num_sm, "NumSm", 1u, 64u);
    RANGE(num_banks, "NumBanks", 1u, 16u);
    POW2(num_banks, "NumBanks", "1, 2, 4, 8, 16");
    RANGE(line_bytes, "LineBytes", 16u, 128u);
    POW2(line_bytes, "LineBytes", "16, 32, 64, 128");
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    RANGE(l2_sets, "L2Sets", 1u, 1024u);
    POW2(l2_sets, "L2Sets", "power of 2, 1..1024");
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t ls = gpucoh_log2_floor(d->l2_sets);
    const uint32_t lb = gpucoh_log2_floor(d->num_banks);
    if (la < lb + ls || la < ls + 1u) {
        return hlrc_param_error(msg, msg_len,
                                "hlrc_l2: addr_width = %u is illegal (AddrWidth: LA >= "
                                "max(log2 NumBanks + log2 L2Sets, log2 L2Sets + 1))",
                                (unsigned)d->addr_width);
    }
    RANGE(l2_ways, "L2Ways", 2u, 16u);
    RANGE(l2_mshrs, "L2Mshrs", 1u, 64u);
    RANGE(l2_queue, "L2Queue", 1u, 8u);
    RANGE(sync_queue, "SyncQueue", 1u, 8u);
    RANGE(wb_queue, "WbQueue", 1u, 8u);
    return 0;
}

static void l2_layout(const hlrc_l2_desc_t* d, l2_layout_t* o) {
    const size_t lines = (size_t)d->l2_sets * d->l2_ways;
    size_t at = gpucoh_al8(sizeof(hlrc_l2_t));
    o->line = at;
    at = gpucoh_al8(at + lines * sizeof(l2_meta_t));
    o->data = at;
    at = gpucoh_al8(at + lines * (d->line_bytes / 4u) * sizeof(uint32_t));
    o->mshr = at;
    at = gpucoh_al8(at + (size_t)d->l2_mshrs * sizeof(l2_mshr_meta_t));
    o->q = at;
    at = gpucoh_al8(at + (size_t)d->l2_queue * sizeof(hlrc_msg_t));
    o->s = at;
    at = gpucoh_al8(at + (size_t)d->sync_queue * sizeof(hlrc_msg_t));
    o->w = at;
    at = gpucoh_al8(at + (size_t)d->wb_queue * sizeof(hlrc_msg_t));
    o->total = at;
}

size_t hlrc_l2_size(const hlrc_l2_desc_t* d) {
    if (hlrc_l2_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    return o.total;
}

static void l2_reset_state(hlrc_l2_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(l2_meta_t));
    for (uint32_t i = 0; i < m->lines; i++) {
        m->line[i].age = i % m->d.l2_ways; /* reset: the way number */
    }
    memset(m->data, 0, (size_t)m->lines * m->lw * sizeof(uint32_t));
    memset(m->mshr, 0, (size_t)m->d.l2_mshrs * sizeof(l2_mshr_meta_t));
    memset(m->q.e, 0, (size_t)m->q.cap * sizeof(hlrc_msg_t));
    memset(m->s.e, 0, (size_t)m->s.cap * sizeof(hlrc_msg_t));
    memset(m->w.e, 0, (size_t)m->w.cap * sizeof(hlrc_msg_t));
    m->q.head = m->q.cnt = m->s.head = m->s.cnt = m->w.head = m->w.cnt = 0u;
    m->rvv = m->rvw = m->rvo = m->qpri = 0u;
    m->hd_revoked = m->hd_recall = m->hd_fetched = false;
    m->rvl = 0u;
    memset(&m->out, 0, sizeof m->out);
    m->out.req_ready = m->out.sync_ready = m->out.wb_ready = true;
    m->touched_all = true;
    m->touched_n = 0u;
}

hlrc_l2_t* hlrc_l2_init(void* mem, size_t len, const hlrc_l2_desc_t* d, char* msg, size_t msg_len) {
    if (hlrc_l2_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)hlrc_param_error(msg, msg_len,
                               "hlrc_l2: storage %s (%zu bytes; the model needs %zu bytes "
                               "aligned to %zu)",
                               mem == NULL     ? "is NULL"
                               : len < o.total ? "too small"
                                               : "misaligned",
                               len, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    hlrc_l2_t* m = (hlrc_l2_t*)mem;
    m->d = *d;
    m->line = (l2_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->mshr = (l2_mshr_meta_t*)(void*)(b + o.mshr);
    m->q.e = (hlrc_msg_t*)(void*)(b + o.q);
    m->s.e = (hlrc_msg_t*)(void*)(b + o.s);
    m->w.e = (hlrc_msg_t*)(void*)(b + o.w);
    m->q.cap = d->l2_queue;
    m->s.cap = d->sync_queue;
    m->w.cap = d->wb_queue;
    m->lw = d->line_bytes / 4u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->lines = d->l2_sets * d->l2_ways;
    m->set_bits = gpucoh_log2_floor(d->l2_sets);
    m->bank_bits = gpucoh_log2_floor(d->num_banks);
    m->tag_bits = m->la - m->set_bits;
    m->la_mask = gpucoh_mask64(m->la);
    const uint32_t sw = gpucoh_log2_ceil(d->num_sm);
    m->own_mask = (uint32_t)gpucoh_mask64(sw < 1u ? 1u : sw);
    l2_reset_state(m);
    return m;
}

#define COV(m, r) ((m)->cov[HLRC_L2_T_##r]++)
#define FC(m, f)  ((m)->fcov[HLRC_L2_F_##f]++)

/*--- helpers ----------------------------------------------------------------------------------*/

static void mark(hlrc_l2_t* m, uint32_t i) {
    if (m->touched_all) {
        return;
    }
    for (uint32_t k = 0; k < m->touched_n; k++) {
        if (m->touched[k] == i) {
            return;
        }
    }
    if (m->touched_n == HLRC_L2_SEL_MAX) {
        m->touched_all = true;
        return;
    }
    m->touched[m->touched_n++] = i;
}

/* gpu_l2 section 1 (docs/system.md C4): the set is taken above the bank bits. */
static uint32_t set_of(const hlrc_l2_t* m, uint64_t line) {
    return (uint32_t)((line >> m->bank_bits) & (m->d.l2_sets - 1u));
}
/* gpu_l2 section 1: the bank bits stay in the tag. */
static uint64_t tag_of(const hlrc_l2_t* m, uint64_t line) {
    const uint64_t a = line & m->la_mask;
    return ((a >> (m->bank_bits + m->set_bits)) << m->bank_bits) | (a & (m->d.num_banks - 1u));
}
static uint64_t line_of(const hlrc_l2_t* m, uint32_t i) {
    const uint64_t s = i / m->d.l2_ways, t = m->line[i].tag;
    return (((t >> m->bank_bits) << (m->bank_bits + m->set_bits)) | (s << m->bank_bits) |
            (t & (m->d.num_banks - 1u))) &
           m->la_mask;
}
static uint32_t* dat(const hlrc_l2_t* m, uint32_t i) {
    return m->data + (size_t)i * m->lw;
}

static int64_t find(const hlrc_l2_t* m, uint64_t line) {
    const uint32_t s = set_of(m, line);
    const uint64_t t = tag_of(m, line);
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        const uint32_t i = s * m->d.l2_ways + w;
        if (m->line[i].st != HLRC_L2_I && m->line[i].tag == t) {
            return (int64_t)i;
        }
    }
    return -1;
}

/* E6: touch way x of its set. */
static void touch(hlrc_l2_t* m, uint32_t x) {
    const uint32_t base = (x / m->d.l2_ways) * m->d.l2_ways;
    const uint32_t ax = m->line[x].age;
    m->fcov[HLRC_L2_F_AGE_OLDEST] += ax == m->d.l2_ways - 1u ? 1u : 0u;
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        l2_meta_t* l = &m->line[base + w];
        if (l->age < ax) {
            l->age++;
            mark(m, base + w);
        }
    }
    m->line[x].age = 0u;
    mark(m, x);
}

static uint32_t rc(const hlrc_l2_t* m, uint32_t s) {
    uint32_t n = 0;
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        n += m->line[s * m->d.l2_ways + w].reg;
    }
    return n;
}

/* E8: the 6-bit src of the port (compared with own / rvo zero-extended). */
static uint32_t src6(const hlrc_msg_t* q) {
    return q->src & 63u;
}

/* 1 << src cut to NumSm bits: a dst bit >= NumSm gives dst 0 (the message is still sent, E8). */
static uint64_t dst_of(const hlrc_l2_t* m, uint32_t src) {
    return ((uint64_t)1 << (src & 63u)) & gpucoh_mask64(m->d.num_sm);
}

static void send(hlrc_l2_t* m, uint32_t kind, uint64_t dst, uint64_t line, const uint32_t* data) {
    hlrc_msg_t* r = &m->out.rsp;
    memset(r, 0, sizeof *r);
    r->valid = true;
    r->kind = kind;
    r->dst = dst;
    r->line = line & m->la_mask;
    if (data != NULL) {
        memcpy(r->data, data, (size_t)m->lw * sizeof(uint32_t));
    }
}

static void bytes_into(const hlrc_l2_t* m, uint32_t* dst, const hlrc_msg_t* q) {
    gpucoh_masked_write(dst, q->data, q->mask, m->lw);
}

/*--- E2 allocation ----------------------------------------------------------------------------*/

/* Returns the way index allocated (>= 0) or -1 with *stall set (S01 / S02). */
static int64_t allocate(hlrc_l2_t* m, uint64_t line, uint32_t* stall) {
    uint32_t k = 0;
    while (k < m->d.l2_mshrs && m->mshr[k].v != 0u) {
        k++;
    }
    if (k == m->d.l2_mshrs) {
        *stall = S01;
        return -1;
    }
    const uint32_t s = set_of(m, line), base = s * m->d.l2_ways;
    int64_t pick = -1;
    for (uint32_t w = 0; w < m->d.l2_ways && pick < 0; w++) {
        if (m->line[base + w].st == HLRC_L2_I) {
            pick = base + w;
            m->fcov[HLRC_L2_F_VIC_FREE_W0 + w]++;
        }
    }
    if (pick < 0) {
        for (uint32_t w = 0; w < m->d.l2_ways; w++) {
            const l2_meta_t* l = &m->line[base + w];
            const bool revoked = m->rvv != 0u && base + w == m->rvw; /* rvw: the line index */
            if (l->st == HLRC_L2_P || l->reg != 0u || revoked) {
                m->fcov[HLRC_L2_F_REVOKED_WAY_SKIPPED] += revoked ? 1u : 0u;
                continue;
            }
            if (pick < 0 || l->age > m->line[pick].age) {
                pick = base + w;
            }
        }
        if (pick < 0) {
            *stall = S02;
            return -1;
        }
        m->cov[m->line[pick].st == HLRC_L2_D ? HLRC_L2_T_D02 : HLRC_L2_T_D01]++;
        m->fcov[(m->line[pick].st == HLRC_L2_D ? HLRC_L2_F_VIC_DIRTY_W0 : HLRC_L2_F_VIC_CLEAN_W0) +
                (uint32_t)pick % m->d.l2_ways]++;
        m->fcov[HLRC_L2_F_FETCH_AND_WB] += m->line[pick].st == HLRC_L2_D ? 1u : 0u;
        if (m->line[pick].st == HLRC_L2_D) { /* D02 */
            m->out.mreq.wb = true;
            m->out.mreq.wb_line = line_of(m, (uint32_t)pick);
            memcpy(m->out.mreq.wb_data, dat(m, (uint32_t)pick), (size_t)m->lw * 4u);
            m->st.dram_wbs++;
        } /* else D01: a V line dropped */
    }
    l2_meta_t* l = &m->line[pick];
    l->tag = tag_of(m, line);
    l->st = HLRC_L2_P;
    l->reg = 0u;
    l->own = 0u;
    memset(&m->mshr[k], 0, sizeof m->mshr[k]);
    m->mshr[k].v = 1u;
    m->fcov[HLRC_L2_F_MSHR_TOP] += k == m->d.l2_mshrs - 1u ? 1u : 0u;
    m->fcov[HLRC_L2_F_ALLOC_SET_TOP] += s == m->d.l2_sets - 1u ? 1u : 0u;
    m->fcov[HLRC_L2_F_ALLOC_TAG_MSB] += (tag_of(m, line) >> (m->tag_bits - 1u)) & 1u;
    bool last = true;
    for (uint32_t j = 0; j < m->d.l2_mshrs; j++) {
        last = last && (j == k || m->mshr[j].v != 0u);
    }
    m->fcov[HLRC_L2_F_MSHR_FULL] += last ? 1u : 0u;
    m->mshr[k].line = line & m->la_mask;
    m->mshr[k].way = (uint32_t)pick % m->d.l2_ways;
    m->out.mreq.fetch = true;
    m->out.mreq.fetch_line = line & m->la_mask;
    m->st.fetches++;
    touch(m, (uint32_t)pick);
    return pick;
}

static l2_mshr_meta_t* mshr_of(hlrc_l2_t* m, uint64_t line) {
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        if (m->mshr[k].v != 0u && m->mshr[k].line == (line & m->la_mask)) {
            return &m->mshr[k];
        }
    }
    return NULL;
}

/*--- section 7: fills -------------------------------------------------------------------------*/

/* Returns true for N01 / N02 (the fill found its MSHR), false for I2. */
static bool fill(hlrc_l2_t* m, const hlrc_mem_rsp_t* f) {
    l2_mshr_meta_t* k = mshr_of(m, f->line);
    if (k == NULL) { /* I2 */
        m->errors++;
        return false;
    }
    const uint32_t i = set_of(m, k->line) * m->d.l2_ways + k->way;
    uint32_t* d = dat(m, i);
    for (uint32_t w = 0; w < m->lw; w++) {
        const uint32_t bm = gpucoh_word_bytes(k->wm, w);
        d[w] = (d[w] & bm) | (f->data[w] & ~bm);
    }
    bool wm = false;
    for (uint32_t j = 0; j < HLRC_MASK_WORDS; j++) {
        wm = wm || k->wm[j] != 0u;
    }
    m->line[i].st = wm ? HLRC_L2_D : HLRC_L2_V;
    m->fcov[HLRC_L2_F_FILL_MERGE_WT] += wm ? 1u : 0u;
    mark(m, i);
    m->cov[k->dst != 0u ? HLRC_L2_T_N01 : HLRC_L2_T_N02]++;
    if (k->dst != 0u) { /* N01 */
        send(m, HLRC_MSG_DATA, k->dst, k->line, d);
    }          /* else N02 */
    k->v = 0u; /* N01 / N02: only mv is cleared; the other fields hold (H6) */
    return true;
}

/*--- section 6: the wb FIFO -------------------------------------------------------------------*/

/* Returns true for K01. */
static bool wb_head(hlrc_l2_t* m, const hlrc_msg_t* q) {
    const uint64_t line = q->line & m->la_mask;
    if (q->kind == HLRC_MSG_RACK) {
        if (m->rvv != 0u && src6(q) == m->rvo && line == m->rvl) { /* K01 */
            COV(m, K01);
            l2_meta_t* l = &m->line[m->rvw];
            m->fcov[HLRC_L2_F_RACK_UNREGISTERED] += l->reg == 0u ? 1u : 0u;
            m->fcov[HLRC_L2_F_RACK_OF_RECALL] += m->hd_recall ? 1u : 0u;
            if (l->reg != 0u && l->own == src6(q)) {
                l->reg = 0u;
                l->own = 0u;
                mark(m, m->rvw);
            }
            m->rvv = 0u;
            return true;
        }
        COV(m, K02);
        m->errors++; /* I5 */
        return false;
    }
    if (q->kind == HLRC_MSG_EVICT) {
        const int64_t i = find(m, line);
        if (i >= 0 && m->line[i].st != HLRC_L2_P && m->line[i].reg != 0u &&
            m->line[i].own == src6(q)) { /* K03 */
            COV(m, K03);
            m->fcov[HLRC_L2_F_EVICT_CROSSED] += m->rvv != 0u && m->rvl == line && m->rvo == src6(q);
            m->fcov[HLRC_L2_F_EVICT_OTHER_REVOKED] += m->rvv != 0u && m->rvl != line;
            m->line[i].reg = 0u;
            m->line[i].own = 0u;
            mark(m, (uint32_t)i);
        } else {
            COV(m, K04);
            m->errors++; /* I7 */
        }
        send(m, HLRC_MSG_EACK, dst_of(m, q->src), line, NULL);
        return false;
    }
    COV(m, Q03);
    m->errors++; /* I1 */
    return false;
}

/*--- section 5: the data head -----------------------------------------------------------------*/

static int data_head(hlrc_l2_t* m, uint32_t* stall) {
    if (m->q.cnt == 0u) {
        return H_EMPTY;
    }
    const hlrc_msg_t* q = &m->q.e[m->q.head];
    const uint64_t line = q->line & m->la_mask;
    const int64_t i = find(m, line);
    if (q->kind == HLRC_MSG_GETS) {
        if (i >= 0 && m->line[i].st != HLRC_L2_P) { /* G01 */
            COV(m, G01);
            m->fcov[HLRC_L2_F_GETS_REG_LINE] += m->line[i].reg;
            send(m, HLRC_MSG_DATA, dst_of(m, q->src), line, dat(m, (uint32_t)i));
            touch(m, (uint32_t)i);
        } else if (i >= 0) { /* G02 */
            COV(m, G02);
            mshr_of(m, line)->dst |= dst_of(m, q->src);
            m->fcov[HLRC_L2_F_MERGE_ALL_SM] +=
                mshr_of(m, line)->dst == gpucoh_mask64(m->d.num_sm) ? 1u : 0u;
        } else { /* G03 */
            const int64_t a = allocate(m, line, stall);
            if (a < 0) {
                return H_STALL;
            }
            mshr_of(m, line)->dst = dst_of(m, q->src);
            COV(m, G03);
        }
    } else if (q->kind == HLRC_MSG_WT) {
        int64_t a = i;
        if (i < 0) { /* W03 */
            a = allocate(m, line, stall);
            if (a < 0) {
                return H_STALL;
            }
        }
        m->cov[i < 0                        ? HLRC_L2_T_W03
               : m->line[a].st == HLRC_L2_P ? HLRC_L2_T_W02
                                            : HLRC_L2_T_W01]++;
        bytes_into(m, dat(m, (uint32_t)a), q);
        mark(m, (uint32_t)a);
        if (m->line[a].st == HLRC_L2_P) { /* W02, W03 */
            l2_mshr_meta_t* k = mshr_of(m, line);
            const uint32_t n = (m->d.line_bytes + 31u) / 32u;
            for (uint32_t j = 0; j < n; j++) {
                k->wm[j] |= q->mask[j] & (uint32_t)gpucoh_mask64(m->d.line_bytes - 32u * j);
            }
        } else { /* W01 */
            m->fcov[HLRC_L2_F_WT_REG_LINE] += m->line[a].reg;
            m->line[a].st = HLRC_L2_D;
            touch(m, (uint32_t)a);
        }
        send(m, HLRC_MSG_ACK, dst_of(m, q->src), 0u, NULL);
    } else {
        COV(m, Q01);
        m->errors++; /* I1 */
    }
    m->q.head = (m->q.head + 1u) % m->q.cap;
    m->q.cnt--;
    return H_ACTED;
}

/*--- section 5: the sync head -----------------------------------------------------------------*/

static void revoke(hlrc_l2_t* m, uint32_t i) {
    m->rvv = 1u;
    m->rvw = i;
    m->rvl = line_of(m, i);
    m->rvo = m->line[i].own;
    send(m, HLRC_MSG_REVOKE, dst_of(m, m->line[i].own), m->rvl, NULL);
}

/* E7 / hlrc_l1.md P1 on word w of d; returns whether it writes. */
static bool atomic_op(uint32_t* d, uint32_t w, uint32_t aop, uint32_t bmask, uint32_t a,
                      uint32_t b) {
    const uint32_t old = d[w];
    switch (aop) {
    case HLRC_AOP_ADD:
        d[w] = old + a;
        return true;
    case HLRC_AOP_EXCH: {
        /* E7: an EXCH always writes (bmask 0000: the word unchanged; choices C4 / H2) */
        const uint32_t bm = gpucoh_nib_bytes(bmask);
        d[w] = (old & ~bm) | (a & bm);
        return true;
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

static void a01(hlrc_l2_t* m, const hlrc_msg_t* q, uint32_t i) {
    uint32_t* d = dat(m, i);
    COV(m, A01);
    send(m, HLRC_MSG_ATOM, dst_of(m, q->src), q->line, d);
    m->out.rsp.wf = q->wf & 63u;
    const uint32_t w = q->word % m->lw, bm = q->bmask & 15u;
    m->fcov[HLRC_L2_F_ADD_WRAP_L2] += q->aop == HLRC_AOP_ADD && d[w] + q->a < d[w] ? 1u : 0u;
    m->fcov[HLRC_L2_F_CAS_FAIL_L2] += q->aop == HLRC_AOP_CAS && d[w] != q->a ? 1u : 0u;
    m->fcov[HLRC_L2_F_EXCH_PARTIAL] += q->aop == HLRC_AOP_EXCH && bm != 0u && bm != 15u;
    if (atomic_op(d, q->word % m->lw, q->aop & 3u, q->bmask & 15u, q->a, q->b)) {
        m->line[i].st = HLRC_L2_D;
    }
    mark(m, i);
    touch(m, i);
    m->st.l2_atomics++;
}

static void grant(hlrc_l2_t* m, const hlrc_msg_t* q, uint32_t i) {
    send(m, HLRC_MSG_GRANT, dst_of(m, q->src), q->line, dat(m, i));
    m->line[i].reg = 1u;
    m->line[i].own = (q->src & 63u) & m->own_mask; /* E8: src mod 2^SW */
    touch(m, i);
    m->st.grants++;
}

static int reg_row(hlrc_l2_t* m, const hlrc_msg_t* q, uint32_t i, uint32_t* stall) {
    const l2_meta_t* l = &m->line[i];
    if (l->st == HLRC_L2_P) { /* R05 */
        COV(m, R05);
        *stall = S03;
        return H_STALL;
    }
    if (l->reg == 0u) {
        const uint32_t s = i / m->d.l2_ways, base = s * m->d.l2_ways;
        if (rc(m, s) < m->d.l2_ways - 1u) { /* R01 */
            COV(m, R01);
            m->fcov[HLRC_L2_F_GRANT_AFTER_REVOKE] += m->hd_revoked ? 1u : 0u;
            m->fcov[HLRC_L2_F_RCAP_REACHED] += rc(m, s) + 1u == m->d.l2_ways - 1u ? 1u : 0u;
            grant(m, q, i);
            return H_ACTED;
        }
        uint32_t r = base; /* R02: the registered way of the greatest age */
        bool any = false;
        for (uint32_t w = 0; w < m->d.l2_ways; w++) {
            if (m->line[base + w].reg != 0u && (!any || m->line[base + w].age > m->line[r].age)) {
                r = base + w;
                any = true;
            }
        }
        COV(m, R02);
        FC(m, RECALL);
        m->hd_recall = true;
        revoke(m, r);
        m->st.recalls++;
        return H_ACTED;
    }
    if (l->own != src6(q)) { /* R03 */
        COV(m, R03);
        m->hd_revoked = true;
        m->hd_recall = false;
        revoke(m, i);
        m->st.revokes++;
        return H_ACTED;
    }
    COV(m, R04);
    m->errors++; /* I4 */
    grant(m, q, i);
    return H_ACTED;
}

static int atomic_row(hlrc_l2_t* m, const hlrc_msg_t* q, uint32_t i, uint32_t* stall) {
    l2_meta_t* l = &m->line[i];
    if (l->st == HLRC_L2_P) { /* A04 */
        COV(m, A04);
        *stall = S03;
        return H_STALL;
    }
    if (l->reg != 0u && l->own != src6(q)) { /* A02 */
        COV(m, A02);
        FC(m, REVOKE_FOR_ATOMIC);
        m->hd_recall = false;
        revoke(m, i);
        return H_ACTED;
    }
    if (l->reg != 0u) { /* A03: I4 */
        COV(m, A03);
        m->errors++;
        l->reg = 0u;
        l->own = 0u;
    }
    a01(m, q, i);
    return H_ACTED;
}

static int sync_head(hlrc_l2_t* m, uint32_t* stall) {
    if (m->s.cnt == 0u) {
        return H_EMPTY;
    }
    const hlrc_msg_t* q = &m->s.e[m->s.head];
    int r = H_ACTED;
    if (q->kind != HLRC_MSG_REG && q->kind != HLRC_MSG_ATOMIC) {
        COV(m, Q02);
        m->errors++; /* I1 */
    } else if (m->rvv != 0u) {
        *stall = S04;
        return H_STALL;
    } else {
        const int64_t i = find(m, q->line & m->la_mask);
        if (i < 0) { /* R06, A05: allocate and stay */
            if (allocate(m, q->line, stall) < 0) {
                return H_STALL;
            }
            m->cov[q->kind == HLRC_MSG_REG ? HLRC_L2_T_R06 : HLRC_L2_T_A05]++;
            m->fcov[HLRC_L2_F_SYNC_REFETCH] += m->hd_fetched ? 1u : 0u;
            m->hd_fetched = true;
            return H_ACTED;
        }
        r = q->kind == HLRC_MSG_REG ? reg_row(m, q, (uint32_t)i, stall)
                                    : atomic_row(m, q, (uint32_t)i, stall);
        if (r != H_ACTED || m->rvv != 0u) {
            return r; /* a stall, or a REVOKE sent: the head stays */
        }
    }
    m->s.head = (m->s.head + 1u) % m->s.cap;
    m->s.cnt--;
    m->hd_revoked = m->hd_recall = m->hd_fetched = false;
    return r;
}

/*--- the edge ---------------------------------------------------------------------------------*/

/* (d): push one message; I6 counted once for every message pushed with src >= NumSm (C7). */
static void push(hlrc_l2_t* m, l2_fifo_t* f, const hlrc_msg_t* msg, uint64_t* full) {
    if (!msg->valid || f->cnt == f->cap) {
        return;
    }
    f->e[(f->head + f->cnt) % f->cap] = *msg;
    f->cnt++;
    *full += f->cnt == f->cap ? 1u : 0u;
    m->errors += src6(msg) >= m->d.num_sm ? 1u : 0u; /* I6 */
}

static void count_stall(hlrc_l2_t* m, uint32_t s) {
    m->cov[HLRC_L2_T_S01 + s]++;
    m->st.stall[s]++;
    m->st.stall_cycles++;
}

/* E1 (c): returns 1 if the data head acted, 2 if the sync head did, 0 if neither. */
static int heads(hlrc_l2_t* m) {
    bool data_stalled = false;
    for (uint32_t k = 0; k < 2u; k++) {
        const bool sync_turn = (k == 0u) == (m->qpri != 0u);
        uint32_t stall = 0;
        const int r = sync_turn ? sync_head(m, &stall) : data_head(m, &stall);
        if (r == H_ACTED) {
            m->fcov[HLRC_L2_F_SYNC_PASSES_DATA] += sync_turn && data_stalled ? 1u : 0u;
            return sync_turn ? 2 : 1;
        }
        if (r == H_STALL) {
            count_stall(m, stall);
            m->fcov[HLRC_L2_F_BOTH_HEADS_STALL] += k == 1u && (data_stalled || !sync_turn);
            data_stalled = data_stalled || !sync_turn;
        }
    }
    return 0;
}

static void l2_edge(hlrc_l2_t* m, const hlrc_l2_in_t* in) {
    const bool sync_at_start = m->s.cnt != 0u;
    const uint64_t sync_line = sync_at_start ? m->s.e[m->s.head].line & m->la_mask : 0u;
    uint32_t qpri = m->qpri;
    if (in->mem.valid) { /* (a) */
        const bool found = fill(m, &in->mem);
        if (found && sync_at_start && (in->mem.line & m->la_mask) == sync_line) {
            qpri = 1u; /* E1: the fill the sync head waited for */
            FC(m, FILL_FOR_SYNC_HEAD);
            FC(m, SYNC_FIRST_AFTER_FILL);
        }
    } else if (m->w.cnt != 0u) { /* (b) */
        const hlrc_msg_t q = m->w.e[m->w.head];
        m->w.head = (m->w.head + 1u) % m->w.cap;
        m->w.cnt--;
        if (wb_head(m, &q)) {
            qpri = 1u; /* K01 */
            FC(m, SYNC_FIRST_AFTER_FILL);
        }
    } else { /* (c) */
        const int who = heads(m);
        qpri = who == 1 ? 1u : who == 2 ? 0u : m->qpri;
    }
    m->qpri = qpri;
}

void hlrc_l2_tick(hlrc_l2_t* m, const hlrc_l2_in_t* in, hlrc_l2_out_t* out) {
    m->touched_n = 0u;
    m->touched_all = false;
    if (!in->rst_n) {
        l2_reset_state(m);
        if (out != NULL) {
            *out = m->out;
        }
        return;
    }
    const bool rq = m->out.req_ready, rs = m->out.sync_ready, rw = m->out.wb_ready;
    memset(&m->out.rsp, 0, sizeof m->out.rsp);
    memset(&m->out.mreq, 0, sizeof m->out.mreq);
    l2_edge(m, in);
    if (rq) { /* (d) */
        push(m, &m->q, &in->req, &m->fcov[HLRC_L2_F_REQ_FIFO_FULL]);
    }
    if (rs) {
        push(m, &m->s, &in->sync, &m->fcov[HLRC_L2_F_SYNC_FIFO_FULL]);
    }
    if (rw) {
        push(m, &m->w, &in->wb, &m->fcov[HLRC_L2_F_WB_FIFO_FULL]);
    }
    m->out.req_ready = m->q.cnt < m->q.cap; /* (e) */
    m->out.sync_ready = m->s.cnt < m->s.cap;
    m->out.wb_ready = m->w.cnt < m->w.cap;
    if (out != NULL) {
        *out = m->out;
    }
}

/*--- observers --------------------------------------------------------------------------------*/

const hlrc_l2_desc_t* hlrc_l2_desc(const hlrc_l2_t* m) {
    return &m->d;
}
const hlrc_l2_out_t* hlrc_l2_out(const hlrc_l2_t* m) {
    return &m->out;
}
const uint64_t* hlrc_l2_cov(const hlrc_l2_t* m) {
    return m->cov;
}

const uint64_t* hlrc_l2_fcov(const hlrc_l2_t* m) {
    return m->fcov;
}

static const char* const l2_fnames[HLRC_L2_F_N] = {"VIC_FREE_W0",
                                                   "VIC_FREE_W1",
                                                   "VIC_FREE_W2",
                                                   "VIC_FREE_W3",
                                                   "VIC_FREE_W4",
                                                   "VIC_FREE_W5",
                                                   "VIC_FREE_W6",
                                                   "VIC_FREE_W7",
                                                   "VIC_FREE_W8",
                                                   "VIC_FREE_W9",
                                                   "VIC_FREE_W10",
                                                   "VIC_FREE_W11",
                                                   "VIC_FREE_W12",
                                                   "VIC_FREE_W13",
                                                   "VIC_FREE_W14",
                                                   "VIC_FREE_W15",
                                                   "VIC_CLEAN_W0",
                                                   "VIC_CLEAN_W1",
                                                   "VIC_CLEAN_W2",
                                                   "VIC_CLEAN_W3",
                                                   "VIC_CLEAN_W4",
                                                   "VIC_CLEAN_W5",
                                                   "VIC_CLEAN_W6",
                                                   "VIC_CLEAN_W7",
                                                   "VIC_CLEAN_W8",
                                                   "VIC_CLEAN_W9",
                                                   "VIC_CLEAN_W10",
                                                   "VIC_CLEAN_W11",
                                                   "VIC_CLEAN_W12",
                                                   "VIC_CLEAN_W13",
                                                   "VIC_CLEAN_W14",
                                                   "VIC_CLEAN_W15",
                                                   "VIC_DIRTY_W0",
                                                   "VIC_DIRTY_W1",
                                                   "VIC_DIRTY_W2",
                                                   "VIC_DIRTY_W3",
                                                   "VIC_DIRTY_W4",
                                                   "VIC_DIRTY_W5",
                                                   "VIC_DIRTY_W6",
                                                   "VIC_DIRTY_W7",
                                                   "VIC_DIRTY_W8",
                                                   "VIC_DIRTY_W9",
                                                   "VIC_DIRTY_W10",
                                                   "VIC_DIRTY_W11",
                                                   "VIC_DIRTY_W12",
                                                   "VIC_DIRTY_W13",
                                                   "VIC_DIRTY_W14",
                                                   "VIC_DIRTY_W15",
                                                   "MSHR_FULL",
                                                   "MSHR_TOP",
                                                   "REQ_FIFO_FULL",
                                                   "SYNC_FIFO_FULL",
                                                   "WB_FIFO_FULL",
                                                   "MERGE_ALL_SM",
                                                   "FILL_MERGE_WT",
                                                   "GETS_REG_LINE",
                                                   "WT_REG_LINE",
                                                   "GRANT_AFTER_REVOKE",
                                                   "RECALL",
                                                   "REVOKE_FOR_ATOMIC",
                                                   "EVICT_CROSSED",
                                                   "RACK_UNREGISTERED",
                                                   "CAS_FAIL_L2",
                                                   "ADD_WRAP_L2",
                                                   "EXCH_PARTIAL",
                                                   "RCAP_REACHED",
                                                   "SYNC_PASSES_DATA",
                                                   "REVOKED_WAY_SKIPPED",
                                                   "FETCH_AND_WB",
                                                   "ALLOC_SET_TOP",
                                                   "ALLOC_TAG_MSB",
                                                   "AGE_OLDEST",
                                                   "SYNC_FIRST_AFTER_FILL",
                                                   "EVICT_OTHER_REVOKED",
                                                   "RACK_OF_RECALL",
                                                   "BOTH_HEADS_STALL",
                                                   "FILL_FOR_SYNC_HEAD",
                                                   "SYNC_REFETCH"};

const char* hlrc_l2_fcov_name(hlrc_l2_fcov_t f) {
    return (uint32_t)f < HLRC_L2_F_N ? l2_fnames[f] : "?";
}

/* Section 9: ways >= L2Ways; with NumSm = 1 F58, F60-F62, F54 (the bank does not know the
 * variant: F60, F63-F65 are reported reachable). */
bool hlrc_l2_fcov_reachable(const hlrc_l2_desc_t* d, hlrc_l2_fcov_t f) {
    const uint32_t k = (uint32_t)f;
    if (k >= HLRC_L2_F_N) {
        return false;
    }
    if (k < HLRC_L2_F_MSHR_FULL) {
        return k % 16u < d->l2_ways;
    }
    return !(d->num_sm == 1u &&
             (f == HLRC_L2_F_GRANT_AFTER_REVOKE || f == HLRC_L2_F_MERGE_ALL_SM ||
              (f >= HLRC_L2_F_REVOKE_FOR_ATOMIC && f <= HLRC_L2_F_RACK_UNREGISTERED)));
}

static const char* const l2_ids[HLRC_L2_T_N] = {
    "G01", "G02", "G03", "W01", "W02", "W03", "R01", "R02", "R03", "R04", "R05",
    "R06", "A01", "A02", "A03", "A04", "A05", "K01", "K02", "K03", "K04", "N01",
    "N02", "Q01", "Q02", "Q03", "D01", "D02", "S01", "S02", "S03", "S04"};

const char* hlrc_l2_trans_id(hlrc_l2_trans_t r) {
    return (uint32_t)r < HLRC_L2_T_N ? l2_ids[r] : "?";
}

/* Section 9, "Unreachable": with NumSm = 1 R03 and A02 (the one SM is always the owner); the
 * bank does not know the variant, so A01-A05 are reported reachable; the illegal-input rows
 * (R04, A03, K02, K04, Q01-Q03) are reached by the illegal-input runs. */
bool hlrc_l2_trans_reachable(const hlrc_l2_desc_t* d, hlrc_l2_trans_t r) {
    if ((uint32_t)r >= HLRC_L2_T_N) {
        return false;
    }
    return !(d->num_sm == 1u && (r == HLRC_L2_T_R03 || r == HLRC_L2_T_A02));
}

uint64_t hlrc_l2_errors(const hlrc_l2_t* m) {
    return m->errors;
}
void hlrc_l2_stats(const hlrc_l2_t* m, hlrc_l2_stats_t* s) {
    *s = m->st;
}
int64_t hlrc_l2_find(const hlrc_l2_t* m, uint64_t line) {
    return find(m, line & m->la_mask);
}

void hlrc_l2_line_get(const hlrc_l2_t* m, uint32_t i, hlrc_l2_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i >= m->lines) {
        return;
    }
    l->tag = m->line[i].tag;
    l->st = m->line[i].st;
    l->reg = m->line[i].reg;
    l->own = m->line[i].own;
    l->age = m->line[i].age;
    memcpy(l->data, dat(m, i), (size_t)m->lw * sizeof(uint32_t));
}

uint32_t hlrc_l2_line_reg(const hlrc_l2_t* m, uint32_t i, uint32_t* own) {
    if (i >= m->lines) {
        *own = 0u;
        return 0u;
    }
    *own = m->line[i].own;
    return m->line[i].reg;
}

void hlrc_l2_mshr_get(const hlrc_l2_t* m, uint32_t k, hlrc_l2_mshr_t* e) {
    memset(e, 0, sizeof *e);
    if (k >= m->d.l2_mshrs) {
        return;
    }
    e->v = m->mshr[k].v;
    e->line = m->mshr[k].line;
    e->way = m->mshr[k].way;
    e->dst = m->mshr[k].dst;
    memcpy(e->wm, m->mshr[k].wm, sizeof e->wm);
}

void hlrc_l2_state_get(const hlrc_l2_t* m, hlrc_l2_state_t* s) {
    s->qcnt = m->q.cnt;
    s->scnt = m->s.cnt;
    s->wcnt = m->w.cnt;
    s->rvv = m->rvv;
    s->rvw = m->rvw % m->d.l2_ways;
    s->rvl = m->rvl;
    s->rvo = m->rvo;
    s->qpri = m->qpri;
    for (uint32_t k = 0; k < HLRC_L2_MAX_MSHRS; k++) {
        hlrc_l2_mshr_get(m, k, &s->mshr[k]);
    }
    if (s->sel_all) { /* the lines the caller selected */
        for (uint32_t i = 0; i < m->lines; i++) {
            hlrc_l2_line_get(m, i, &s->line[i]);
        }
        return;
    }
    for (uint32_t k = 0; k < s->sel_n && k < HLRC_L2_SEL_MAX; k++) {
        if (s->sel[k] < m->lines) {
            hlrc_l2_line_get(m, s->sel[k], &s->line[s->sel[k]]);
        }
    }
}

uint32_t hlrc_l2_touched(const hlrc_l2_t* m, uint32_t* sel, uint32_t max, bool* all) {
    *all = m->touched_all || m->touched_n > max;
    if (*all) {
        return 0u;
    }
    memcpy(sel, m->touched, (size_t)m->touched_n * sizeof(uint32_t));
    return m->touched_n;
}
