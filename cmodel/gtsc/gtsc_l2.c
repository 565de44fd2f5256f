/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_l2.c -- C reference model of one G-TSC L2 bank (docs/units/gtsc/gtsc_l2.md), written from
 * the specification only. One gtsc_l2_tick() = one rising edge in the order of rule R2: (a) a
 * DRAM fill (section 6), else (b) nothing while ovf_q or tsrst_i, else (c) the lowest ready
 * entry, else (d) the FIFO head (section 5); (e) the push; (f) the reset R10; (g) the outputs.
 *
 * The tag skips the bank bits (section 1), so a write-back's line address takes the bank's number
 * from the input bank_i (a strap the system drives; its low BB bits).
 */
#include "gtsc_l2.h"

#include <assert.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gpucoh_setchk.h"
#include "gpucoh_touched.h"

typedef struct {
    uint32_t mv, mrdy, mway;
    gtsc_req_msg_t q; /* the stored request (mline, mkind, msrc, mwf, mwts, mwarp, mep, ...) */
} l2_ent_t;

struct gtsc_l2 {
    gtsc_l2_desc_t d;
    uint32_t lw, la, lines, bb, sb, mw, ts_max, ep_mask;
    uint64_t la_mask;
    gtsc_l2_line_t* line;
    uint32_t* rr;
    l2_ent_t* ent;
    gtsc_req_msg_t* fifo;
    uint32_t fhead, fcnt, mem_ts, ep, ovf;
    uint32_t bank; /* bank_i of the present edge, its low BB bits */
    gtsc_l2_out_t out;
    uint64_t errors;
    uint64_t cov[GTSC_L2_T_N];
    uint64_t fcov[GTSC_L2_F_N];
    gtsc_l2_stats_t st;
    gpucoh_touched_t touched; /* the lines this edge wrote (gtsc_l2_touched, lchk) */
    gpucoh_setchk_t lchk;     /* B1 and B3 per set (check_edge) */
    uint64_t chk_last;        /* check_edge's count at the last edge but B6 (gtsc_l2_checked) */
};

#define COV(m, r) ((m)->cov[GTSC_L2_T_##r]++)
#define FC(m, f)  ((m)->fcov[GTSC_L2_F_##f]++)

/*--- descriptor -------------------------------------------------------------------------------*/

gtsc_l2_desc_t gtsc_l2_desc_from(const gtsc_desc_t* sys) {
    gtsc_l2_desc_t d;
    d.num_sm = sys->num_sm;
    d.num_banks = sys->num_banks;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l2_sets = sys->l2_sets;
    d.l2_ways = sys->l2_ways;
    d.l2_mshrs = sys->l2_mshrs;
    d.l2_queue = sys->l2_queue;
    d.ts_width = sys->ts_width;
    d.ep_width = sys->ep_width;
    return d;
}

#define RANGE(field, name, lo, hi)                                                                 \
    GPUCOH_DESC_RANGE(gtsc_param_error, "gtsc_l2", field, name, lo, hi)
#define POW2(field, name, what) GPUCOH_DESC_POW2(gtsc_param_error, "gtsc_l2", field, name, what)

int gtsc_l2_check_desc(const gtsc_l2_desc_t* d, char* msg, size_t msg_len) {
    RANGE(num_sm, "NumSm", 1u, 64u);
    RANGE(num_banks, "NumBanks", 1u, 16u);
    POW2(num_banks, "NumBanks", "1, 2, 4, 8, 16");
    RANGE(line_bytes, "LineBytes", 16u, 128u);
    POW2(line_bytes, "LineBytes", "16, 32, 64, 128");
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    RANGE(l2_sets, "L2Sets", 1u, 1024u);
    POW2(l2_sets, "L2Sets", "power of 2, 1..1024");
    if (d->addr_width - gpucoh_log2_floor(d->line_bytes) <
        gpucoh_log2_floor(d->num_banks) + gpucoh_log2_floor(d->l2_sets) + 1u) {
        return gtsc_param_error(msg, msg_len,
                                "gtsc_l2: addr_width = %u is illegal (AddrWidth: LA >= log2 "
                                "NumBanks + log2 L2Sets + 1)",
                                (unsigned)d->addr_width);
    }
    RANGE(l2_ways, "L2Ways", 1u, 16u);
    RANGE(l2_mshrs, "L2Mshrs", 1u, 64u);
    RANGE(l2_queue, "L2Queue", 1u, 8u);
    RANGE(ts_width, "TsWidth", 6u, 32u);
    RANGE(ep_width, "EpWidth", 1u, 8u);
    return 0;
}

typedef struct {
    size_t line, rr, ent, fifo, sbad, total;
} l2_layout_t;

static void l2_layout(const gtsc_l2_desc_t* d, l2_layout_t* o) {
    const size_t lines = (size_t)d->l2_sets * d->l2_ways;
    size_t at = gpucoh_al8(sizeof(gtsc_l2_t));
    o->line = at;
    at = gpucoh_al8(at + lines * sizeof(gtsc_l2_line_t));
    o->rr = at;
    at = gpucoh_al8(at + (size_t)d->l2_sets * sizeof(uint32_t));
    o->ent = at;
    at = gpucoh_al8(at + (size_t)d->l2_mshrs * sizeof(l2_ent_t));
    o->fifo = at;
    at = gpucoh_al8(at + (size_t)d->l2_queue * sizeof(gtsc_req_msg_t));
    o->sbad = at;
    at = gpucoh_al8(at + (size_t)d->l2_sets * sizeof(uint32_t));
    o->total = at;
}

size_t gtsc_l2_size(const gtsc_l2_desc_t* d) {
    if (gtsc_l2_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    return o.total;
}

/* R1. */
static void l2_reset_state(gtsc_l2_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(gtsc_l2_line_t));
    memset(m->rr, 0, (size_t)m->d.l2_sets * sizeof(uint32_t));
    memset(m->ent, 0, (size_t)m->d.l2_mshrs * sizeof(l2_ent_t));
    memset(m->fifo, 0, (size_t)m->d.l2_queue * sizeof(gtsc_req_msg_t));
    m->fhead = m->fcnt = 0u;
    m->mem_ts = 1u; /* T1 */
    m->ep = 0u;
    m->ovf = 0u;
    memset(&m->out, 0, sizeof m->out);
    m->out.req_ready = true;
    m->lchk.valid = false; /* the next check re-checks every set */
}

gtsc_l2_t* gtsc_l2_init(void* mem, size_t len, const gtsc_l2_desc_t* d, char* msg, size_t msg_len) {
    if (gtsc_l2_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l2_layout_t o;
    l2_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)gtsc_param_error(msg, msg_len,
                               "gtsc_l2: storage %s (%zu bytes; the model needs %zu bytes "
                               "aligned to %zu)",
                               mem == NULL     ? "is NULL"
                               : len < o.total ? "too small"
                                               : "misaligned",
                               len, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    gtsc_l2_t* m = (gtsc_l2_t*)mem;
    m->d = *d;
    m->line = (gtsc_l2_line_t*)(void*)(b + o.line);
    m->rr = (uint32_t*)(void*)(b + o.rr);
    m->ent = (l2_ent_t*)(void*)(b + o.ent);
    m->fifo = (gtsc_req_msg_t*)(void*)(b + o.fifo);
    gpucoh_setchk_init(&m->lchk, (uint32_t*)(void*)(b + o.sbad), d->l2_sets);
    m->lw = d->line_bytes / 4u;
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->lines = d->l2_sets * d->l2_ways;
    m->bb = gpucoh_log2_floor(d->num_banks);
    m->sb = gpucoh_log2_floor(d->l2_sets);
    m->la_mask = gpucoh_mask64(m->la);
    m->ts_max = gtsc_ts_max(d->ts_width);
    m->ep_mask = (1u << d->ep_width) - 1u;
    l2_reset_state(m);
    gpucoh_touch_all(&m->touched); /* no edge yet: every line is new */
    /* chk_last stays 0 (the block was zeroed): the reset state breaks no assertion */
    return m;
}

/*--- helpers ----------------------------------------------------------------------------------*/

static uint32_t set_of(const gtsc_l2_t* m, uint64_t a) {
    return (uint32_t)((a >> m->bb) & (m->d.l2_sets - 1u));
}
static uint64_t tag_of(const gtsc_l2_t* m, uint64_t a) {
    return a >> (m->bb + m->sb);
}
/* The line address of line i: its tag, its set and this bank's number (bank_i). */
static uint64_t addr_of(const gtsc_l2_t* m, uint32_t i) {
    const uint64_t s = i / m->d.l2_ways;
    return ((m->line[i].tag << (m->bb + m->sb)) | (s << m->bb) | m->bank) & m->la_mask;
}

static int64_t find(const gtsc_l2_t* m, uint64_t a) {
    a &= m->la_mask;
    const uint32_t i0 = set_of(m, a) * m->d.l2_ways;
    const uint64_t t = tag_of(m, a);
    const gtsc_l2_line_t* set = &m->line[i0];
    for (uint32_t w = 0; w < m->d.l2_ways; w++) {
        if (set[w].tag == t && set[w].st != GTSC_L2_I) {
            return (int64_t)(i0 + w);
        }
    }
    return -1;
}

static int64_t free_entry(const gtsc_l2_t* m) {
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        if (!m->ent[k].mv) {
            return (int64_t)k;
        }
    }
    return -1;
}

static uint32_t lease_of(const gtsc_l2_in_t* in, const gtsc_l2_t* m) {
    return in->lease & m->ts_max;
}

/* R11: a response to the request q. */
static gtsc_rsp_msg_t* respond(gtsc_l2_t* m, uint32_t kind, const gtsc_req_msg_t* q) {
    gtsc_rsp_msg_t* o = &m->out.rsp;
    memset(o, 0, sizeof *o);
    o->valid = true;
    o->kind = kind;
    o->dst = (uint64_t)1 << q->src;
    o->wf = q->wf;
    o->line = q->line & m->la_mask;
    o->ep = m->ep;
    return o;
}

/* R12: the atomic on word w of d; returns the K17 bin. */
static uint32_t amo(uint32_t* d, uint32_t w, const gtsc_req_msg_t* q) {
    const uint32_t old = d[w];
    switch (q->aop) {
    case GTSC_AOP_ADD:
        d[w] = old + q->a;
        return GTSC_L2_F_K17_ADD;
    case GTSC_AOP_EXCH:
        d[w] = q->a;
        return GTSC_L2_F_K17_EXCH;
    default:
        d[w] = old == q->a ? q->b : old;
        return old == q->a ? GTSC_L2_F_K17_CAS_OK : GTSC_L2_F_K17_CAS_FAIL;
    }
}

/*--- PERFORM (section 5) ----------------------------------------------------------------------*/

static void perform_rd(gtsc_l2_t* m, gtsc_l2_line_t* c, const gtsc_req_msg_t* q, uint32_t wts_e,
                       uint32_t warp_e, uint32_t lease, bool hm) {
    const uint64_t sum = (uint64_t)warp_e + lease;
    const uint32_t nr = gtsc_max(c->rts, gtsc_sat(sum, m->ts_max)); /* T5 */
    m->fcov[nr > c->rts ? GTSC_L2_F_K04_EXT : GTSC_L2_F_K04_NOEXT]++;
    m->fcov[GTSC_L2_F_K05_READ] += sum > m->ts_max;
    c->rts = nr;
    if (wts_e != 0u && wts_e == c->wts) { /* H01 */
        m->cov[hm ? GTSC_L2_T_H01M : GTSC_L2_T_H01H]++;
        FC(m, K02_RNW);
        m->st.rnw_answers++;
        respond(m, GTSC_RSP_RNW, q)->rts = nr;
        return;
    }
    m->cov[hm ? GTSC_L2_T_H02M : GTSC_L2_T_H02H]++; /* H02 */
    m->fcov[wts_e != 0u ? GTSC_L2_F_K02_FILL : GTSC_L2_F_K03]++;
    m->st.fill_for_renewals += wts_e != 0u;
    gtsc_rsp_msg_t* o = respond(m, GTSC_RSP_FILL, q);
    o->wts = c->wts;
    o->rts = nr;
    memcpy(o->data, c->data, (size_t)m->lw * sizeof(uint32_t));
}

/* H03-H05; false: O01 (nothing performed). */
static bool perform_wr(gtsc_l2_t* m, gtsc_l2_line_t* c, const gtsc_req_msg_t* q, uint32_t wts_e,
                       uint32_t warp_e, uint32_t lease, bool hm) {
    if (c->rts == m->ts_max) { /* O01, R9 */
        COV(m, O01);
        m->fcov[q->kind == GTSC_REQ_WR ? GTSC_L2_F_K06_WR : GTSC_L2_F_K06_AT]++;
        m->fcov[GTSC_L2_F_K06_READY] += hm;
        m->st.overflows++;
        m->ovf = 1u;
        return false;
    }
    const uint32_t s = gtsc_max(c->rts + 1u, warp_e);                           /* T6 */
    m->errors += s <= c->rts || s > m->ts_max;                                  /* B4, B8 */
    const bool keep = q->kind == GTSC_REQ_WR && wts_e != 0u && wts_e == c->wts; /* D7: before */
    const uint64_t sum = (uint64_t)s + lease;
    m->fcov[GTSC_L2_F_K05_STORE] += sum > m->ts_max;
    gtsc_rsp_msg_t* o;
    if (q->kind == GTSC_REQ_WR) {
        const uint32_t row = keep ? GTSC_L2_T_H03H : GTSC_L2_T_H04H;
        m->cov[row + (hm ? 1u : 0u)]++;
        m->fcov[GTSC_L2_F_K09_KEEP1] += keep;
        m->fcov[GTSC_L2_F_K09_KEEP0] += !keep && wts_e != 0u;
        bool empty = true;
        for (uint32_t j = 0; j < m->mw; j++) {
            empty &= q->mask[j] == 0u;
        }
        m->fcov[GTSC_L2_F_K18] += empty;
        gpucoh_masked_write(c->data, q->data, q->mask, m->lw);
        o = respond(m, GTSC_RSP_WACK, q);
        o->keep = keep;
    } else {
        m->cov[hm ? GTSC_L2_T_H05M : GTSC_L2_T_H05H]++;
        o = respond(m, GTSC_RSP_AACK, q);
        memcpy(o->data, c->data, (size_t)m->lw * sizeof(uint32_t));
        m->fcov[amo(c->data, q->word % m->lw, q)]++;
    }
    c->wts = s;
    c->rts = gtsc_sat(sum, m->ts_max);
    c->st = GTSC_L2_D;
    o->wts = s;
    o->rts = c->rts;
    return true;
}

/* PERFORM q on line i (V or D); hm: a ready entry (.m). false: O01. */
static bool perform(gtsc_l2_t* m, const gtsc_l2_in_t* in, const gtsc_req_msg_t* q, uint32_t i,
                    bool hm) {
    const bool old = q->ep != m->ep; /* R5 */
    const uint32_t wts_e = old ? 0u : q->wts;
    const uint32_t warp_e = old ? 1u : q->warp_ts;
    if (old) {
        m->fcov[GTSC_L2_F_K01_RD + q->kind - 1u]++;
        m->st.old_requests++;
    } else {
        m->fcov[GTSC_L2_F_K20] += q->warp_ts == m->ts_max;
    }
    gtsc_l2_line_t* c = &m->line[i];
    gpucoh_touch(&m->touched, i);
    if (q->kind == GTSC_REQ_RD) {
        perform_rd(m, c, q, wts_e, warp_e, lease_of(in, m), hm);
        return true;
    }
    return perform_wr(m, c, q, wts_e, warp_e, lease_of(in, m), hm);
}

/*--- fills, misses (sections 4, 6) ------------------------------------------------------------*/

static void fill(gtsc_l2_t* m, const gtsc_l2_in_t* in) {
    const uint64_t a = in->mem.line & m->la_mask;
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        l2_ent_t* e = &m->ent[k];
        if (e->mv && !e->mrdy && e->q.line == a) { /* F01 */
            COV(m, F01);
            const uint32_t i = set_of(m, a) * m->d.l2_ways + e->mway;
            gtsc_l2_line_t* l = &m->line[i];
            gpucoh_touch(&m->touched, i);
            const uint64_t sum = (uint64_t)m->mem_ts + lease_of(in, m);
            l->st = GTSC_L2_V;
            memcpy(l->data, in->mem.data, (size_t)m->lw * sizeof(uint32_t));
            l->wts = m->mem_ts; /* T2 */
            l->rts = gtsc_sat(sum, m->ts_max);
            m->fcov[GTSC_L2_F_K05_FILL] += sum > m->ts_max;
            m->fcov[GTSC_L2_F_K11] += m->mem_ts > 1u;
            e->mrdy = 1u;
            return;
        }
    }
    COV(m, F02); /* J1 */
    m->st.stray_fills++;
}

/* R6: the victim way of set s, or -1 (S01). */
static int64_t victim(const gtsc_l2_t* m, uint32_t s) {
    const uint32_t ways = m->d.l2_ways;
    for (uint32_t w = 0; w < ways; w++) {
        if (m->line[s * ways + w].st == GTSC_L2_I) {
            return (int64_t)w;
        }
    }
    for (uint32_t n = 0; n < ways; n++) {
        const uint32_t w = (m->rr[s] + n) % ways;
        const uint32_t st = m->line[s * ways + w].st;
        if (st == GTSC_L2_V || st == GTSC_L2_D) {
            return (int64_t)w;
        }
    }
    return -1;
}

static void evict(gtsc_l2_t* m, uint32_t s, uint32_t w) {
    const uint32_t i = s * m->d.l2_ways + w;
    gtsc_l2_line_t* l = &m->line[i];
    if (l->st != GTSC_L2_V && l->st != GTSC_L2_D) {
        return;
    }
    m->cov[l->st == GTSC_L2_D ? GTSC_L2_T_E02 : GTSC_L2_T_E01]++;
    m->fcov[l->rts > m->mem_ts ? GTSC_L2_F_K10_RAISE : GTSC_L2_F_K10_NORAISE]++;
    m->fcov[GTSC_L2_F_K13_W0 + w]++;
    m->mem_ts = gtsc_max(m->mem_ts, l->rts); /* T3 */
    m->fcov[GTSC_L2_F_K12] += m->mem_ts == m->ts_max;
    if (l->st == GTSC_L2_D) {
        m->out.mreq.wb = true;
        m->out.mreq.wb_line = addr_of(m, i);
        memcpy(m->out.mreq.wb_data, l->data, (size_t)m->lw * sizeof(uint32_t));
        m->st.dram_wbs++;
    }
}

/* M01-M03; returns 0 (popped) or the stall row S01 / S02 (1, 2). */
static int miss(gtsc_l2_t* m, const gtsc_req_msg_t* q) {
    const int64_t k = free_entry(m);
    if (k < 0) { /* R7: S02 before S01 */
        return 2;
    }
    const uint32_t s = set_of(m, q->line);
    const int64_t v = victim(m, s);
    if (v < 0) {
        return 1;
    }
    m->cov[GTSC_L2_T_M01 + q->kind - 1u]++;
    evict(m, s, (uint32_t)v);
    const uint32_t nr = ((uint32_t)v + 1u) % m->d.l2_ways;
    m->fcov[GTSC_L2_F_K14] += m->rr[s] == m->d.l2_ways - 1u && nr == 0u && m->d.l2_ways > 1u;
    m->rr[s] = nr;
    gtsc_l2_line_t* l = &m->line[s * m->d.l2_ways + (uint32_t)v];
    gpucoh_touch(&m->touched, s * m->d.l2_ways + (uint32_t)v); /* and the set's rr */
    l->st = GTSC_L2_P;
    l->tag = tag_of(m, q->line);
    l->wts = 0u;
    l->rts = 0u;
    l2_ent_t* e = &m->ent[k];
    e->mv = 1u;
    e->mrdy = 0u;
    e->mway = (uint32_t)v;
    e->q = *q;
    m->out.mreq.fetch = true;
    m->out.mreq.fetch_line = q->line;
    m->st.fetches++;
    m->fcov[GTSC_L2_F_K19] += m->out.mreq.wb;
    return 0;
}

/* R2 (c): the lowest ready entry. Returns whether there was one. */
static bool ready_entry(gtsc_l2_t* m, const gtsc_l2_in_t* in) {
    uint32_t n = 0u;
    int64_t first = -1;
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        if (m->ent[k].mv && m->ent[k].mrdy) {
            first = first < 0 ? (int64_t)k : first;
            n++;
        }
    }
    if (first < 0) {
        return false;
    }
    m->fcov[GTSC_L2_F_K16] += n >= 2u;
    l2_ent_t* e = &m->ent[first];
    const uint32_t i = set_of(m, e->q.line) * m->d.l2_ways + e->mway;
    if (perform(m, in, &e->q, i, true)) {
        e->mv = 0u;
    }
    return true;
}

/* R2 (d): the FIFO head. */
static void head(gtsc_l2_t* m, const gtsc_l2_in_t* in) {
    const gtsc_req_msg_t* q = &m->fifo[m->fhead];
    const int64_t i = find(m, q->line);
    int s = 0;
    if (i >= 0 && m->line[i].st == GTSC_L2_P) {
        s = 3; /* S03, R8 */
    } else if (i >= 0) {
        s = perform(m, in, q, (uint32_t)i, false) ? 0 : -1;
    } else {
        s = miss(m, q);
    }
    if (s == 0) {
        m->fhead = (m->fhead + 1u) % m->d.l2_queue;
        m->fcnt--;
    } else if (s > 0) {
        m->cov[GTSC_L2_T_S01 + (uint32_t)s - 1u]++;
        m->fcov[GTSC_L2_F_K15_S01 + (uint32_t)s - 1u]++;
        m->st.l2_stall_cycles++;
    }
}

/* R2 (e), J2. */
static void push(gtsc_l2_t* m, const gtsc_req_msg_t* r) {
    gtsc_req_msg_t q = *r;
    q.kind &= 3u;
    q.src &= 63u;
    q.wf &= 63u;
    q.line &= m->la_mask;
    q.wts &= m->ts_max;
    q.warp_ts &= m->ts_max;
    q.ep &= m->ep_mask;
    q.aop &= 3u;
    q.word &= 31u;
    if (q.kind == GTSC_REQ_NONE || q.src >= m->d.num_sm || (q.kind == GTSC_REQ_AT && q.aop == 3u)) {
        COV(m, ERR);
        m->st.illegal_req++;
        return;
    }
    m->fifo[(m->fhead + m->fcnt) % m->d.l2_queue] = q;
    m->fcnt++;
    m->fcov[GTSC_L2_F_K22] += m->fcnt == m->d.l2_queue;
}

/* R10. */
static void ts_reset(gtsc_l2_t* m, const gtsc_l2_in_t* in, bool filled) {
    bool any = false;
    gpucoh_touch_all(&m->touched);
    for (uint32_t i = 0; i < m->lines; i++) {
        gtsc_l2_line_t* l = &m->line[i];
        if (l->st == GTSC_L2_V || l->st == GTSC_L2_D) {
            any = true;
            l->wts = 1u;
            l->rts = gtsc_sat((uint64_t)1u + lease_of(in, m), m->ts_max);
        }
    }
    bool rdy = false;
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) {
        rdy |= m->ent[k].mv && m->ent[k].mrdy;
    }
    m->cov[GTSC_L2_T_X01] += any;
    m->fcov[GTSC_L2_F_K07] += filled;
    m->fcov[GTSC_L2_F_K08_READY] += rdy;
    m->fcov[GTSC_L2_F_K08_FULL] += m->fcnt == m->d.l2_queue;
    m->mem_ts = 1u;
    m->ep = (m->ep + 1u) & m->ep_mask;
    m->fcov[GTSC_L2_F_K21] += m->ep == 0u;
    m->ovf = 0u;
    m->st.resets++;
}

/*--- assertions (section 10) ------------------------------------------------------------------*/

/* B1 and B3 of set s: no two valid ways hold one tag; a V or D line's timestamps are ordered. */
static uint32_t check_set(const void* mv, uint32_t s) {
    const gtsc_l2_t* m = (const gtsc_l2_t*)mv;
    const uint32_t ways = m->d.l2_ways;
    const gtsc_l2_line_t* set = &m->line[s * ways];
    uint32_t bad = 0u;
    for (uint32_t w = 0; w < ways; w++) {
        const gtsc_l2_line_t* l = &set[w];
        if (l->st == GTSC_L2_I) {
            continue;
        }
        for (uint32_t v = w + 1u; v < ways; v++) { /* B1 */
            bad += set[v].st != GTSC_L2_I && set[v].tag == l->tag;
        }
        if (l->st == GTSC_L2_V || l->st == GTSC_L2_D) { /* B3 */
            bad += !(1u <= l->wts && l->wts <= l->rts && l->rts <= m->ts_max);
        }
    }
    return bad;
}

/* B6: the lease. */
static uint64_t check_lease(const gtsc_l2_t* m, uint32_t lease) {
    return lease < 1u || lease > (m->ts_max - 2u) / 2u;
}

/* B2, B10, B11, B9: the MSHRs and the memory timestamp. */
static uint64_t check_rest(const gtsc_l2_t* m) {
    uint64_t bad = 0u;
    for (uint32_t k = 0; k < m->d.l2_mshrs; k++) { /* B2 */
        const l2_ent_t* e = &m->ent[k];
        if (!e->mv) {
            continue;
        }
        for (uint32_t j = k + 1u; j < m->d.l2_mshrs; j++) {
            bad += m->ent[j].mv && m->ent[j].q.line == e->q.line;
        }
        if (e->mway >= m->d.l2_ways || e->q.kind == GTSC_REQ_NONE) { /* B10, B11 */
            bad++;
            continue;
        }
        const gtsc_l2_line_t* l = &m->line[set_of(m, e->q.line) * m->d.l2_ways + e->mway];
        bad += l->tag != tag_of(m, e->q.line) || (!e->mrdy && l->st != GTSC_L2_P) || /* B2 */
               (e->mrdy && l->st != GTSC_L2_V && l->st != GTSC_L2_D);                /* B10 */
    }
    return bad + (m->mem_ts < 1u || m->mem_ts > m->ts_max); /* B9 */
}

uint64_t gtsc_l2_check(const gtsc_l2_t* m, uint32_t lease) {
    uint64_t bad = check_lease(m, lease) + check_rest(m);
    for (uint32_t s = 0; s < m->d.l2_sets; s++) {
        bad += check_set(m, s);
    }
    return bad;
}

/* gtsc_l2_check's count after an edge, the sets re-checked where the edge wrote (lchk); the
 * unit-test builds compare it with the whole check every edge. */
static uint64_t check_edge(gtsc_l2_t* m, uint32_t lease) {
    m->chk_last =
        gpucoh_setchk_edge(&m->lchk, &m->touched, m->d.l2_ways, check_set, m) + check_rest(m);
#ifdef SIG_BLOOM_CHECK_RULES
    assert(m->chk_last + check_lease(m, lease) == gtsc_l2_check(m, lease));
#endif
    return m->chk_last + check_lease(m, lease);
}

uint64_t gtsc_l2_checked(const gtsc_l2_t* m, uint32_t lease) {
#ifdef SIG_BLOOM_CHECK_RULES
    assert(m->chk_last + check_lease(m, lease) == gtsc_l2_check(m, lease));
#endif
    return m->chk_last + check_lease(m, lease);
}

/*--- the edge ---------------------------------------------------------------------------------*/

void gtsc_l2_tick(gtsc_l2_t* m, const gtsc_l2_in_t* in, gtsc_l2_out_t* out) {
    gpucoh_touched_clear(&m->touched);
    if (!in->rst_n) {
        l2_reset_state(m);
        gpucoh_touch_all(&m->touched);
        (void)check_edge(m, lease_of(in, m)); /* for gtsc_l2_checked: a reset edge counts none */
        if (out != NULL) {
            *out = m->out;
        }
        return;
    }
    const uint32_t mem_ts0 = m->mem_ts;
    const bool ready = m->out.req_ready;
    m->bank = in->bank & ((1u << m->bb) - 1u);
    memset(&m->out.rsp, 0, sizeof m->out.rsp);
    memset(&m->out.mreq, 0, sizeof m->out.mreq);
    if (in->mem.valid) { /* (a) */
        fill(m, in);
    } else if (m->ovf == 0u && !in->tsrst && !ready_entry(m, in) && m->fcnt > 0u) {
        head(m, in); /* (b), (c), (d) */
    }
    if (in->req.valid) { /* (e), Q01 */
        if (ready) {
            push(m, &in->req);
        } else {
            COV(m, Q01);
        }
    }
    if (in->tsrst) { /* (f) */
        ts_reset(m, in, in->mem.valid);
    }
    m->out.req_ready = m->fcnt < m->d.l2_queue; /* (g) */
    m->out.ovf = m->ovf != 0u;
    m->errors += !in->tsrst && m->mem_ts < mem_ts0; /* B5 */
    m->errors += check_edge(m, lease_of(in, m));
    if (out != NULL) {
        *out = m->out;
    }
}

/*--- observers --------------------------------------------------------------------------------*/

const gtsc_l2_desc_t* gtsc_l2_desc(const gtsc_l2_t* m) {
    return &m->d;
}
const gtsc_l2_out_t* gtsc_l2_out(const gtsc_l2_t* m) {
    return &m->out;
}
const uint64_t* gtsc_l2_cov(const gtsc_l2_t* m) {
    return m->cov;
}
const uint64_t* gtsc_l2_fcov(const gtsc_l2_t* m) {
    return m->fcov;
}
uint64_t gtsc_l2_errors(const gtsc_l2_t* m) {
    return m->errors;
}
void gtsc_l2_stats(const gtsc_l2_t* m, gtsc_l2_stats_t* s) {
    *s = m->st;
}
int64_t gtsc_l2_find(const gtsc_l2_t* m, uint64_t line) {
    return find(m, line);
}
uint32_t gtsc_l2_mem_ts(const gtsc_l2_t* m) {
    return m->mem_ts;
}
uint32_t gtsc_l2_ep(const gtsc_l2_t* m) {
    return m->ep;
}
uint32_t gtsc_l2_ovf(const gtsc_l2_t* m) {
    return m->ovf;
}
uint32_t gtsc_l2_rr(const gtsc_l2_t* m, uint32_t s) {
    return s < m->d.l2_sets ? m->rr[s] : 0u;
}
uint32_t gtsc_l2_fcnt(const gtsc_l2_t* m) {
    return m->fcnt;
}

const gtsc_l2_line_t* gtsc_l2_line_view(const gtsc_l2_t* m, uint32_t i) {
    return i < m->lines ? &m->line[i] : NULL;
}

void gtsc_l2_line_get(const gtsc_l2_t* m, uint32_t i, gtsc_l2_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i < m->lines) {
        *l = m->line[i];
    }
}

void gtsc_l2_mshr_get(const gtsc_l2_t* m, uint32_t k, gtsc_l2_mshr_t* e) {
    memset(e, 0, sizeof *e);
    if (k >= m->d.l2_mshrs) {
        return;
    }
    const l2_ent_t* x = &m->ent[k];
    e->mv = x->mv;
    e->mrdy = x->mrdy;
    e->mline = x->q.line;
    e->mway = x->mway;
    e->mkind = x->q.kind;
    e->msrc = x->q.src;
    e->mwf = x->q.wf;
    e->mwts = x->q.wts;
    e->mwarp = x->q.warp_ts;
    e->mep = x->q.ep;
    memcpy(e->mdata, x->q.data, sizeof e->mdata);
    memcpy(e->mmask, x->q.mask, sizeof e->mmask);
    e->maop = x->q.aop;
    e->mword = x->q.word;
    e->ma = x->q.a;
    e->mb = x->q.b;
}

static void state_line(const gtsc_l2_t* m, gtsc_l2_state_t* s, uint32_t i) {
    if (i < m->lines) {
        s->line[i] = m->line[i];
        s->rr[i / m->d.l2_ways] = m->rr[i / m->d.l2_ways];
    }
}

void gtsc_l2_state_get(const gtsc_l2_t* m, gtsc_l2_state_t* s) {
    const uint32_t n = s->sel_all ? m->lines : s->sel_n;
    for (uint32_t k = 0; k < n && (s->sel_all || k < GTSC_SEL_MAX); k++) {
        state_line(m, s, s->sel_all ? k : s->sel[k]);
    }
    s->mem_ts = m->mem_ts;
    s->ep = m->ep;
    s->ovf = m->ovf;
    s->fcnt = m->fcnt;
    for (uint32_t k = 0; k < GTSC_L2_MAX_MSHRS; k++) {
        gtsc_l2_mshr_get(m, k, &s->mshr[k]);
    }
}

uint32_t gtsc_l2_touched(const gtsc_l2_t* m, uint32_t* sel, uint32_t max, bool* all) {
    return gpucoh_touched_get(&m->touched, sel, max, all);
}

static const char* const l2_ids[GTSC_L2_T_N] = {
    "H01.h", "H01.m", "H02.h", "H02.m", "H03.h", "H03.m", "H04.h", "H04.m",
    "H05.h", "H05.m", "O01",   "M01",   "M02",   "M03",   "S01",   "S02",
    "S03",   "F01",   "E01",   "E02",   "X01",   "Q01",   "F02",   "ERR"};

const char* gtsc_l2_trans_id(gtsc_l2_trans_t r) {
    return (uint32_t)r < GTSC_L2_T_N ? l2_ids[r] : "?";
}

/* Section 7: 22 of 24 rows reachable in the unit's own tests (F02, ERR: illegal only); H01.m and
 * H03.m are not reached in system runs (reported reachable: the unit test drives them). */
bool gtsc_l2_trans_reachable(const gtsc_l2_desc_t* d, gtsc_l2_trans_t r) {
    (void)d;
    return (uint32_t)r < GTSC_L2_T_N && r != GTSC_L2_T_F02 && r != GTSC_L2_T_ERR;
}

static const char* const l2_fnames[GTSC_L2_F_N] = {
    "K01_RD",    "K01_WR",    "K01_AT",    "K02_RNW",   "K02_FILL",   "K03",          "K04_EXT",
    "K04_NOEXT", "K05_READ",  "K05_STORE", "K05_FILL",  "K06_WR",     "K06_AT",       "K06_READY",
    "K07",       "K08_READY", "K08_FULL",  "K09_KEEP1", "K09_KEEP0",  "K10_RAISE",    "K10_NORAISE",
    "K11",       "K12",       "K13_W0",    "K13_W1",    "K13_W2",     "K13_W3",       "K13_W4",
    "K13_W5",    "K13_W6",    "K13_W7",    "K13_W8",    "K13_W9",     "K13_W10",      "K13_W11",
    "K13_W12",   "K13_W13",   "K13_W14",   "K13_W15",   "K14",        "K15_S01",      "K15_S02",
    "K15_S03",   "K16",       "K17_ADD",   "K17_EXCH",  "K17_CAS_OK", "K17_CAS_FAIL", "K18",
    "K19",       "K20",       "K21",       "K22"};

const char* gtsc_l2_fcov_name(gtsc_l2_fcov_t f) {
    return (uint32_t)f < GTSC_L2_F_N ? l2_fnames[f] : "?";
}

/* Per-way bins below L2Ways; K14 with L2Ways > 1; K16 with L2Mshrs > 1. */
bool gtsc_l2_fcov_reachable(const gtsc_l2_desc_t* d, gtsc_l2_fcov_t f) {
    const uint32_t k = (uint32_t)f;
    if (k >= GTSC_L2_F_N) {
        return false;
    }
    if (k >= GTSC_L2_F_K13_W0 && k < GTSC_L2_F_K14) {
        return k - GTSC_L2_F_K13_W0 < d->l2_ways;
    }
    if (f == GTSC_L2_F_K14) {
        return d->l2_ways > 1u;
    }
    return f != GTSC_L2_F_K16 || d->l2_mshrs > 1u;
}
