/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_l1.c -- C reference model of the G-TSC L1 controller (docs/units/gtsc/gtsc_l1.md), written
 * from the specification only. One gtsc_l1_tick() = one rising edge in the order of rule R2:
 * (a) the response (section 5), else (b) the serve step R10, else (c) the FIFO head (section 6);
 * (d) the push of the core request; (e) the timestamp reset R13; (f) the outputs. Row ids (C01,
 * R05, V01, ...) and cover points (P01..P30) are the page's; C01s (the spin bump, rule T12) is
 * counted as row C01.
 */
#include "gtsc_l1.h"

#include <assert.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gpucoh_setchk.h"
#include "gpucoh_touched.h"

typedef struct {
    uint32_t mv, mk, mhw, mway, mwf, mst;
    uint64_t mline, mwait;
} l1_ent_t;

struct gtsc_l1 {
    gtsc_l1_desc_t d;
    uint32_t lw, la, lines, set_bits, mw, wmax, ts_max, ep_mask;
    uint64_t la_mask, wf_all;
    gtsc_l1_line_t* line;
    uint32_t* rr;
    l1_ent_t* ent;
    gtsc_core_req_t* fifo;
    uint32_t warp_ts[GTSC_MAX_WF];
    uint32_t wcnt[GTSC_MAX_WF];
    uint32_t spin[GTSC_MAX_WF]; /* spin_q (T12) */
    uint32_t bump_wf, bump_t4;  /* the last edge's C01s: its warp (GTSC_MAX_WF: none), T4 value */
    uint32_t ep, fhead, fcnt;
    gtsc_l1_out_t out;
    uint64_t errors;
    uint64_t cov[GTSC_L1_T_N];
    uint64_t fcov[GTSC_L1_F_N];
    gtsc_l1_stats_t st;
    gpucoh_touched_t touched; /* the lines this edge wrote (gtsc_l1_touched, lchk, pchk) */
    gpucoh_setchk_t lchk;     /* A1, A4/I3 and the state range per set (check_edge) */
    gpucoh_setchk_t pchk;     /* the P lines per set (A9) */
    uint64_t chk_last;        /* check_edge's count at the last edge (gtsc_l1_checked) */
    bool rest_written;        /* this edge may have written what check_rest reads (rest_write) */
    bool rest_kept;     /* the last edge kept rest_last and tied_last (gtsc_l1_entries_kept) */
    uint64_t rest_last; /* check_rest's count when last computed */
    uint32_t tied_last; /* tied_pending's then */
#ifdef SIG_BLOOM_CHECK_RULES
    l1_ent_t rest_ent[GTSC_L1_MAX_MSHRS]; /* what check_rest read then (rest_agrees) */
    uint32_t rest_warp[3][GTSC_MAX_WF];
#endif
};

/* What an edge did, for the cover points and assertions that look at the whole edge. */
typedef struct {
    bool hit;        /* C01 taken (P22) */
    bool victim_bad; /* A6: a tied way chosen */
    bool a3_bad;     /* A3: a LOAD response outside a served warp's lease */
} ctx_t;

#define COV(m, r) ((m)->cov[GTSC_L1_T_##r]++)
#define FC(m, f)  ((m)->fcov[GTSC_L1_F_##f]++)

/*--- descriptor -------------------------------------------------------------------------------*/

gtsc_l1_desc_t gtsc_l1_desc_from(const gtsc_desc_t* sys) {
    gtsc_l1_desc_t d;
    d.sc = sys->sc;
    d.num_wf = sys->num_wf;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l1_sets = sys->l1_sets;
    d.l1_ways = sys->l1_ways;
    d.l1_mshrs = sys->l1_mshrs;
    d.l1_queue = sys->l1_queue;
    d.wf_cnt_width = sys->wf_cnt_width;
    d.ts_width = sys->ts_width;
    d.ep_width = sys->ep_width;
    d.spin_hits = sys->spin_hits;
    return d;
}

#define RANGE(field, name, lo, hi)                                                                 \
    GPUCOH_DESC_RANGE(gtsc_param_error, "gtsc_l1", field, name, lo, hi)
#define POW2(field, name, what) GPUCOH_DESC_POW2(gtsc_param_error, "gtsc_l1", field, name, what)

int gtsc_l1_check_desc(const gtsc_l1_desc_t* d, char* msg, size_t msg_len) {
    RANGE(sc, "Sc", 0u, 1u);
    RANGE(num_wf, "NumWf", 1u, 64u);
    RANGE(line_bytes, "LineBytes", 16u, 128u);
    POW2(line_bytes, "LineBytes", "16, 32, 64, 128");
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    RANGE(l1_sets, "L1Sets", 1u, 256u);
    POW2(l1_sets, "L1Sets", "power of 2, 1..256");
    if (d->addr_width - gpucoh_log2_floor(d->line_bytes) < gpucoh_log2_floor(d->l1_sets) + 1u) {
        return gtsc_param_error(msg, msg_len,
                                "gtsc_l1: addr_width = %u is illegal (AddrWidth: LA >= log2 "
                                "L1Sets + 1)",
                                (unsigned)d->addr_width);
    }
    RANGE(l1_ways, "L1Ways", 1u, 8u);
    RANGE(l1_mshrs, "L1Mshrs", 1u, GTSC_MAX_L1_MSHRS);
    RANGE(l1_queue, "L1Queue", 1u, 8u);
    RANGE(wf_cnt_width, "WfCntWidth", 2u, 8u);
    RANGE(ts_width, "TsWidth", 6u, 32u);
    RANGE(ep_width, "EpWidth", 1u, 8u);
    RANGE(spin_hits, "SpinHits", 0u, 255u);
    return 0;
}

typedef struct {
    size_t line, rr, ent, fifo, sbad, spend, total;
} l1_layout_t;

static void l1_layout(const gtsc_l1_desc_t* d, l1_layout_t* o) {
    const size_t lines = (size_t)d->l1_sets * d->l1_ways;
    size_t at = gpucoh_al8(sizeof(gtsc_l1_t));
    o->line = at;
    at = gpucoh_al8(at + lines * sizeof(gtsc_l1_line_t));
    o->rr = at;
    at = gpucoh_al8(at + (size_t)d->l1_sets * sizeof(uint32_t));
    o->ent = at;
    at = gpucoh_al8(at + (size_t)d->l1_mshrs * sizeof(l1_ent_t));
    o->fifo = at;
    at = gpucoh_al8(at + (size_t)d->l1_queue * sizeof(gtsc_core_req_t));
    o->sbad = at;
    at = gpucoh_al8(at + (size_t)d->l1_sets * sizeof(uint32_t));
    o->spend = at;
    at = gpucoh_al8(at + (size_t)d->l1_sets * sizeof(uint32_t));
    o->total = at;
}

size_t gtsc_l1_size(const gtsc_l1_desc_t* d) {
    if (gtsc_l1_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    return o.total;
}

/* R1: every reset value of section 3 and the outputs of section 2. */
static void l1_reset_state(gtsc_l1_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(gtsc_l1_line_t));
    memset(m->rr, 0, (size_t)m->d.l1_sets * sizeof(uint32_t));
    memset(m->ent, 0, (size_t)m->d.l1_mshrs * sizeof(l1_ent_t));
    memset(m->fifo, 0, (size_t)m->d.l1_queue * sizeof(gtsc_core_req_t));
    for (uint32_t w = 0; w < GTSC_MAX_WF; w++) {
        m->warp_ts[w] = 1u; /* T1 */
        m->wcnt[w] = 0u;
        m->spin[w] = 0u; /* T12: rst_ni only */
    }
    m->bump_wf = GTSC_MAX_WF;
    m->rest_written = true; /* check_rest again at the next edge (the first one, after init) */
    m->ep = m->fhead = m->fcnt = 0u;
    memset(&m->out, 0, sizeof m->out);
    m->out.core_ready = true;
    m->out.wr_idle = m->wf_all;
    m->lchk.valid = m->pchk.valid = false; /* the next check re-checks every set */
}

gtsc_l1_t* gtsc_l1_init(void* mem, size_t len, const gtsc_l1_desc_t* d, char* msg, size_t msg_len) {
    if (gtsc_l1_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(uint64_t)) != 0u) {
        (void)gtsc_param_error(msg, msg_len,
                               "gtsc_l1: storage %s (%zu bytes; the model needs %zu bytes "
                               "aligned to %zu)",
                               mem == NULL     ? "is NULL"
                               : len < o.total ? "too small"
                                               : "misaligned",
                               len, o.total, (size_t) _Alignof(uint64_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    gtsc_l1_t* m = (gtsc_l1_t*)mem;
    m->d = *d;
    m->line = (gtsc_l1_line_t*)(void*)(b + o.line);
    m->rr = (uint32_t*)(void*)(b + o.rr);
    m->ent = (l1_ent_t*)(void*)(b + o.ent);
    m->fifo = (gtsc_core_req_t*)(void*)(b + o.fifo);
    gpucoh_setchk_init(&m->lchk, (uint32_t*)(void*)(b + o.sbad), d->l1_sets);
    gpucoh_setchk_init(&m->pchk, (uint32_t*)(void*)(b + o.spend), d->l1_sets);
    m->lw = d->line_bytes / 4u;
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->lines = d->l1_sets * d->l1_ways;
    m->set_bits = gpucoh_log2_floor(d->l1_sets);
    m->la_mask = gpucoh_mask64(m->la);
    m->wf_all = gpucoh_mask64(d->num_wf);
    m->wmax = (1u << d->wf_cnt_width) - 1u;
    m->ts_max = gtsc_ts_max(d->ts_width);
    m->ep_mask = (1u << d->ep_width) - 1u;
    l1_reset_state(m);
    gpucoh_touch_all(&m->touched); /* no edge yet: every line is new */
    /* chk_last stays 0 (the block was zeroed): the reset state breaks no assertion */
    return m;
}

/*--- helpers ----------------------------------------------------------------------------------*/

static uint32_t set_of(const gtsc_l1_t* m, uint64_t a) {
    return (uint32_t)(a & (m->d.l1_sets - 1u));
}
static uint64_t addr_of(const gtsc_l1_t* m, uint32_t i) {
    return ((m->line[i].tag << m->set_bits) | (i / m->d.l1_ways)) & m->la_mask;
}

/* Matching (section 3): a line with st != I in a's set with a's tag. */
static int64_t find(const gtsc_l1_t* m, uint64_t a) {
    a &= m->la_mask;
    const uint32_t s = set_of(m, a);
    const uint64_t t = a >> m->set_bits;
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        const uint32_t i = s * m->d.l1_ways + w;
        if (m->line[i].st != GTSC_L1_I && m->line[i].tag == t) {
            return (int64_t)i;
        }
    }
    return -1;
}

static int64_t find_entry(const gtsc_l1_t* m, uint64_t a) {
    a &= m->la_mask;
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        if (m->ent[k].mv && m->ent[k].mline == a) {
            return (int64_t)k;
        }
    }
    return -1;
}

/* The line index entry k is tied to (mv, mhw). */
static uint32_t tied_line(const gtsc_l1_t* m, const l1_ent_t* e) {
    return set_of(m, e->mline) * m->d.l1_ways + e->mway;
}

static int64_t tie_of(const gtsc_l1_t* m, uint32_t i) {
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        const l1_ent_t* e = &m->ent[k];
        if (e->mv && e->mhw && tied_line(m, e) == i) {
            return (int64_t)k;
        }
    }
    return -1;
}

static int64_t free_entry(const gtsc_l1_t* m) {
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        if (!m->ent[k].mv) {
            return (int64_t)k;
        }
    }
    return -1;
}

static uint32_t lowest(uint64_t x) {
    return (uint32_t)__builtin_ctzll(x);
}

/* The largest warp_ts over the warps of mask x (x != 0). */
static uint32_t max_warp_ts(const gtsc_l1_t* m, uint64_t x) {
    uint32_t v = 0u;
    for (uint32_t j = 0; j < m->d.num_wf; j++) {
        if ((x >> j) & 1u) {
            v = gtsc_max(v, m->warp_ts[j]);
        }
    }
    return v;
}

static gtsc_req_msg_t* send(gtsc_l1_t* m, uint32_t kind, uint64_t line, uint32_t wf) {
    gtsc_req_msg_t* o = &m->out.req;
    memset(o, 0, sizeof *o);
    o->valid = true;
    o->kind = kind;
    o->wf = wf;
    o->line = line & m->la_mask;
    o->ep = m->ep; /* the value before any reset of this edge (R13) */
    return o;
}

static void send_rd(gtsc_l1_t* m, uint64_t line, uint32_t wts, uint64_t waiters) {
    gtsc_req_msg_t* o = send(m, GTSC_REQ_RD, line, lowest(waiters));
    o->wts = wts;
    o->warp_ts = max_warp_ts(m, waiters);
    if (o->warp_ts == m->ts_max) {
        FC(m, P19);
    }
}

static void crsp(gtsc_l1_t* m, uint32_t kind, uint64_t wf_mask, uint64_t line,
                 const uint32_t* data) {
    gtsc_core_rsp_t* r = &m->out.crsp;
    memset(r, 0, sizeof *r);
    r->valid = true;
    r->kind = kind;
    r->wf_mask = wf_mask;
    r->line = line & m->la_mask;
    if (data != NULL) {
        memcpy(r->data, data, (size_t)m->lw * sizeof(uint32_t));
    }
}

static void raise_warp(gtsc_l1_t* m, uint32_t w, uint32_t ts) {
    m->warp_ts[w] = gtsc_max(m->warp_ts[w], ts);
    if (m->warp_ts[w] == m->ts_max) {
        FC(m, P18_WARP);
    }
}

static void alloc(gtsc_l1_t* m, uint32_t k, uint32_t mk, uint64_t a, int64_t way, uint64_t wait,
                  uint32_t wf) {
    l1_ent_t* e = &m->ent[k];
    e->mv = 1u;
    e->mk = mk;
    e->mline = a & m->la_mask;
    e->mhw = way >= 0 ? 1u : 0u;
    e->mway = way >= 0 ? (uint32_t)way : 0u;
    e->mwait = wait;
    e->mwf = wf;
    e->mst = 0u;
}

/* This edge writes the entries or the per-warp registers (wcnt, warp_ts, spin) that check_rest
 * reads: a response taken, a serve step, a core request done (the only edge steps that write
 * them besides the resets, which touch every line). */
static void rest_write(gtsc_l1_t* m) {
    m->rest_written = true;
}

static void free_ent(l1_ent_t* e) {
    e->mv = 0u;
}

/*--- responses (section 5) --------------------------------------------------------------------*/

/* R9 SERVE(k, w_ts, r_ts, d). */
static void serve(gtsc_l1_t* m, ctx_t* c, l1_ent_t* e, uint32_t w_ts, uint32_t r_ts,
                  const uint32_t* d) {
    uint64_t served = 0u;
    for (uint32_t j = 0; j < m->d.num_wf; j++) {
        if (((e->mwait >> j) & 1u) && m->warp_ts[j] <= r_ts) {
            served |= (uint64_t)1 << j;
        }
    }
    const uint64_t left = e->mwait & ~served;
    m->fcov[GTSC_L1_F_P25_ALL] += left == 0u ? 1u : 0u;
    m->fcov[GTSC_L1_F_P25_NONE] += served == 0u ? 1u : 0u;
    if (served != 0u) {
        crsp(m, GTSC_CRSP_LOAD, served, e->mline, d);
        for (uint32_t j = 0; j < m->d.num_wf; j++) {
            if ((served >> j) & 1u) {
                raise_warp(m, j, w_ts);
                c->a3_bad |= !(w_ts <= m->warp_ts[j] && m->warp_ts[j] <= r_ts); /* A3 */
            }
        }
    }
    if (left != 0u) {
        const uint32_t wts = e->mhw ? m->line[tied_line(m, e)].wts : 0u;
        send_rd(m, e->mline, wts, left);
        m->st.renewals++;
        e->mk = GTSC_MK_RD;
        e->mwait = left;
    } else {
        free_ent(e);
    }
}

/* R11 re-request: RD(wts 0) for every waiter; a tied line becomes P and stays tied. */
static void rerequest(gtsc_l1_t* m, l1_ent_t* e) {
    send_rd(m, e->mline, 0u, e->mwait);
    e->mk = GTSC_MK_RD;
    e->mst = 0u;
    if (e->mhw) {
        gtsc_l1_line_t* l = &m->line[tied_line(m, e)];
        l->st = GTSC_L1_P;
        l->wts = 0u;
        l->rts = 0u;
    }
}

/* R12: the acknowledgement to the writer. */
static void ack_writer(gtsc_l1_t* m, const l1_ent_t* e, const gtsc_rsp_msg_t* r) {
    const uint32_t w = e->mwf;
    if (!e->mst || (r->ep & m->ep_mask) == m->ep) {
        raise_warp(m, w, r->wts);
    }
    if (m->wcnt[w] > 0u) {
        m->wcnt[w]--;
    }
    if (r->kind == GTSC_RSP_WACK && m->d.sc != 0u) {
        crsp(m, GTSC_CRSP_STORE, (uint64_t)1 << w, e->mline, NULL);
    } else if (r->kind == GTSC_RSP_AACK) {
        crsp(m, GTSC_CRSP_ATOMIC, (uint64_t)1 << w, e->mline, r->data);
    }
}

/* Section 5's first paragraph, J3 and J4: whether response r fits entry e. */
static bool rsp_fits(const gtsc_l1_t* m, const l1_ent_t* e, const gtsc_rsp_msg_t* r) {
    switch (r->kind) {
    case GTSC_RSP_FILL:
        return e->mk == GTSC_MK_RD;
    case GTSC_RSP_RNW:
        return e->mk == GTSC_MK_RD &&
               (e->mst || (e->mhw && m->line[tied_line(m, e)].st == GTSC_L1_V));
    case GTSC_RSP_WACK:
        return e->mk == GTSC_MK_WR;
    case GTSC_RSP_AACK:
        return e->mk == GTSC_MK_AT;
    default:
        return false;
    }
}

static void sub_row(gtsc_l1_t* m, gtsc_l1_trans_t wait_row, const l1_ent_t* e) {
    m->cov[wait_row + (e->mwait != 0u ? 0u : 1u)]++;
}

static void rsp_rd(gtsc_l1_t* m, ctx_t* c, l1_ent_t* e, const gtsc_rsp_msg_t* r) {
    if (e->mst) { /* R04 */
        COV(m, R04);
        m->fcov[r->kind == GTSC_RSP_FILL ? GTSC_L1_F_P21_R04_FILL : GTSC_L1_F_P21_R04_RNW]++;
        rerequest(m, e);
        return;
    }
    if (r->kind == GTSC_RSP_RNW) { /* R03 */
        COV(m, R03);
        FC(m, P03);
        gtsc_l1_line_t* l = &m->line[tied_line(m, e)];
        l->rts = r->rts; /* T8 */
        m->fcov[GTSC_L1_F_P18_LINE] += l->rts == m->ts_max;
        serve(m, c, e, l->wts, r->rts, l->data);
        m->fcov[GTSC_L1_F_P07] += e->mv ? 1u : 0u;
        return;
    }
    if (e->mhw) { /* R01 */
        COV(m, R01);
        gtsc_l1_line_t* l = &m->line[tied_line(m, e)];
        m->fcov[GTSC_L1_F_P04] += l->st == GTSC_L1_V ? 1u : 0u;
        l->st = GTSC_L1_V; /* T9 */
        l->wts = r->wts;
        l->rts = r->rts;
        memcpy(l->data, r->data, (size_t)m->lw * sizeof(uint32_t));
        m->fcov[GTSC_L1_F_P18_LINE] += l->rts == m->ts_max;
        serve(m, c, e, r->wts, r->rts, l->data);
        m->fcov[GTSC_L1_F_P06] += e->mv ? 1u : 0u;
        return;
    }
    COV(m, R02);
    FC(m, P24);
    serve(m, c, e, r->wts, r->rts, r->data);
}

static void rsp_wr(gtsc_l1_t* m, l1_ent_t* e, const gtsc_rsp_msg_t* r) {
    const bool eq = (r->ep & m->ep_mask) == m->ep;
    gtsc_l1_line_t* l = e->mhw ? &m->line[tied_line(m, e)] : NULL;
    ack_writer(m, e, r);
    if (e->mst) { /* R08 */
        COV(m, R08);
        sub_row(m, GTSC_L1_T_R08_WAIT, e);
        m->fcov[eq ? GTSC_L1_F_P21_R08_EQ : GTSC_L1_F_P21_R08_NE]++;
    } else if (l != NULL && r->keep) { /* R05 */
        COV(m, R05);
        sub_row(m, GTSC_L1_T_R05_WAIT, e);
        FC(m, P12_KEEP1);
        l->wts = r->wts;
        l->rts = r->rts;
        if (l->rts == m->ts_max) {
            FC(m, P18_LINE);
        }
        if (e->mwait != 0u) {
            e->mk = GTSC_MK_SV;
        } else {
            free_ent(e);
        }
        return;
    } else if (l != NULL) { /* R06 */
        COV(m, R06);
        sub_row(m, GTSC_L1_T_R06_WAIT, e);
        FC(m, P12_KEEP0);
        m->fcov[GTSC_L1_F_P15_R06] += e->mwait != 0u ? 1u : 0u;
        m->fcov[GTSC_L1_F_P26] += e->mwait != 0u && m->d.sc != 0u ? 1u : 0u;
    } else { /* R07 */
        COV(m, R07);
        sub_row(m, GTSC_L1_T_R07_WAIT, e);
        m->fcov[GTSC_L1_F_P15_R07] += e->mwait != 0u ? 1u : 0u;
    }
    if (e->mwait != 0u) {
        rerequest(m, e);
        return;
    }
    if (l != NULL) {
        l->st = GTSC_L1_I;
    }
    free_ent(e);
}

static void rsp_at(gtsc_l1_t* m, l1_ent_t* e, const gtsc_rsp_msg_t* r) {
    COV(m, R09);
    sub_row(m, GTSC_L1_T_R09_WAIT, e);
    if (e->mst) {
        const bool eq = (r->ep & m->ep_mask) == m->ep;
        m->fcov[eq ? GTSC_L1_F_P21_R09_EQ : GTSC_L1_F_P21_R09_NE]++;
    }
    m->fcov[GTSC_L1_F_P15_R09] += e->mwait != 0u ? 1u : 0u;
    ack_writer(m, e, r);
    if (e->mwait != 0u) {
        rerequest(m, e);
    } else {
        free_ent(e);
    }
}

/* R2 (a). */
static void take_rsp(gtsc_l1_t* m, ctx_t* c, const gtsc_rsp_msg_t* r) {
    const int64_t k = find_entry(m, r->line);
    if (k < 0 || !rsp_fits(m, &m->ent[k], r)) { /* J3, J4 */
        COV(m, ERR);
        m->st.protocol_errors++;
        return;
    }
    l1_ent_t* e = &m->ent[k];
    rest_write(m);
    if (e->mhw) {
        gpucoh_touch(&m->touched, tied_line(m, e)); /* the one line a response may write */
    }
    if (!e->mst && (r->ep & m->ep_mask) != m->ep) {
        m->errors++; /* A11 */
    }
    if (e->mk == GTSC_MK_RD) {
        rsp_rd(m, c, e, r);
    } else if (e->mk == GTSC_MK_WR) {
        rsp_wr(m, e, r);
    } else {
        rsp_at(m, e, r);
    }
}

/* R2 (b), R10: the serve step of the lowest SV entry. Returns whether one was served. */
static bool serve_step(gtsc_l1_t* m, ctx_t* c) {
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        l1_ent_t* e = &m->ent[k];
        if (!e->mv || e->mk != GTSC_MK_SV) {
            continue;
        }
        rest_write(m);
        if (!e->mst) { /* V01 */
            COV(m, V01);
            FC(m, P13);
            const gtsc_l1_line_t* l = &m->line[tied_line(m, e)];
            serve(m, c, e, l->wts, l->rts, l->data);
            m->fcov[GTSC_L1_F_P14] += e->mv ? 1u : 0u;
        } else { /* V02 */
            COV(m, V02);
            FC(m, P21_V02);
            send_rd(m, e->mline, 0u, e->mwait);
            e->mk = GTSC_MK_RD;
            e->mst = 0u;
        }
        return true;
    }
    return false;
}

/*--- core requests (section 6) ----------------------------------------------------------------*/

/* R6: the victim way of set s, or -1 (S01). */
static int64_t victim(const gtsc_l1_t* m, uint32_t s) {
    const uint32_t ways = m->d.l1_ways;
    for (uint32_t w = 0; w < ways; w++) {
        if (m->line[s * ways + w].st == GTSC_L1_I) {
            return (int64_t)w;
        }
    }
    for (uint32_t n = 0; n < ways; n++) {
        const uint32_t w = (m->rr[s] + n) % ways;
        const uint32_t i = s * ways + w;
        if (m->line[i].st == GTSC_L1_V && tie_of(m, i) < 0) {
            return (int64_t)w;
        }
    }
    return -1;
}

static void take_victim(gtsc_l1_t* m, ctx_t* c, uint32_t s, uint32_t w, uint64_t a) {
    const uint32_t i = s * m->d.l1_ways + w;
    gtsc_l1_line_t* l = &m->line[i];
    c->victim_bad |= tie_of(m, i) >= 0; /* A6 */
    gpucoh_touch(&m->touched, i);       /* tag, st, timestamps and the set's rr */
    if (l->st == GTSC_L1_V) {
        COV(m, E01);
        m->fcov[GTSC_L1_F_P10_W0 + w]++;
    }
    const uint32_t nr = (w + 1u) % m->d.l1_ways;
    m->fcov[GTSC_L1_F_P11] += m->rr[s] == m->d.l1_ways - 1u && nr == 0u && m->d.l1_ways > 1u;
    m->rr[s] = nr;
    l->tag = (a & m->la_mask) >> m->set_bits;
    l->st = GTSC_L1_P;
    l->wts = 0u;
    l->rts = 0u;
}

/* T12's bump after C01s's T4: warp_ts[w] := min(t + 1, TsMax), spin[w] := 0 (P28, P29). */
static void spin_bump(gtsc_l1_t* m, uint32_t w, const gtsc_l1_line_t* l) {
    const uint32_t t = m->warp_ts[w];
    m->bump_wf = w;
    m->bump_t4 = t;
    m->warp_ts[w] = t < m->ts_max ? t + 1u : t; /* R8: the one addition, saturated */
    m->spin[w] = 0u;
    FC(m, P28_BUMP);
    m->fcov[GTSC_L1_F_P28_PAST] += m->warp_ts[w] > l->rts;
    m->fcov[GTSC_L1_F_P29] += t == m->ts_max;
    m->fcov[GTSC_L1_F_P18_WARP] += t < m->ts_max && m->warp_ts[w] == m->ts_max;
}

/* C01 (T4; spin[w] counts the hit when SpinHits > 0) and C01s (T4, then the spin bump T12, when
 * spin[w] == SpinHits > 0). A3 holds at the T4 value, at which the load is served. */
static void hit(gtsc_l1_t* m, ctx_t* c, uint32_t w, const gtsc_l1_line_t* l, uint64_t a) {
    COV(m, C01);
    m->st.l1_load_hits++;
    m->fcov[GTSC_L1_F_P01] += m->warp_ts[w] < l->wts;
    m->fcov[GTSC_L1_F_P02] += m->warp_ts[w] == l->rts;
    crsp(m, GTSC_CRSP_LOAD, (uint64_t)1 << w, a, l->data);
    raise_warp(m, w, l->wts);
    c->a3_bad |= !(l->wts <= m->warp_ts[w] && m->warp_ts[w] <= l->rts);
    c->hit = true;
    if (m->d.spin_hits == 0u) {
        return; /* T12 off: spin[w] stays 0 */
    }
    if (m->spin[w] < m->d.spin_hits) {
        m->spin[w]++; /* C01 */
    } else {
        spin_bump(m, w, l); /* C01s */
    }
}

/* Returns 0 (done, pop) or the stall row S01..S04 (1..4). */
static int load_head(gtsc_l1_t* m, ctx_t* c, const gtsc_core_req_t* r, uint64_t a) {
    const uint32_t w = r->wf;
    const int64_t e = find_entry(m, a);
    if (e >= 0) { /* C02 */
        COV(m, C02);
        m->st.l1_load_misses++;
        l1_ent_t* x = &m->ent[e];
        x->mwait |= (uint64_t)1 << w;
        const uint32_t n = (uint32_t)__builtin_popcountll(x->mwait);
        m->fcov[GTSC_L1_F_P05_2] += n == 2u;
        m->fcov[GTSC_L1_F_P05_3] += n == 3u;
        m->fcov[GTSC_L1_F_P05_ALL] += n == m->d.num_wf && n > 1u;
        return 0;
    }
    const int64_t f = find(m, a);
    if (f >= 0 && m->warp_ts[w] <= m->line[f].rts) { /* C01, C01s */
        hit(m, c, w, &m->line[f], a);
        return 0;
    }
    const int64_t k = free_entry(m);
    if (k < 0) {
        FC(m, P08_LOAD);
        return 2;
    }
    if (f >= 0) { /* C03 */
        COV(m, C03);
        m->st.l1_load_misses++;
        m->st.renewals++;
        alloc(m, (uint32_t)k, GTSC_MK_RD, a, f % m->d.l1_ways, (uint64_t)1 << w, 0u);
        gtsc_req_msg_t* o = send(m, GTSC_REQ_RD, a, w);
        o->wts = m->line[f].wts;
        o->warp_ts = m->warp_ts[w];
        m->fcov[GTSC_L1_F_P19] += o->warp_ts == m->ts_max;
        return 0;
    }
    const uint32_t s = set_of(m, a);
    const int64_t v = victim(m, s);
    if (v < 0) {
        FC(m, P09);
        return 1;
    }
    COV(m, C04); /* C04 */
    m->st.l1_load_misses++;
    take_victim(m, c, s, (uint32_t)v, a);
    alloc(m, (uint32_t)k, GTSC_MK_RD, a, v, (uint64_t)1 << w, 0u);
    gtsc_req_msg_t* o = send(m, GTSC_REQ_RD, a, w);
    o->warp_ts = m->warp_ts[w];
    m->fcov[GTSC_L1_F_P19] += o->warp_ts == m->ts_max;
    return 0;
}

static int write_head(gtsc_l1_t* m, const gtsc_core_req_t* r, uint64_t a) {
    const uint32_t w = r->wf;
    if (find_entry(m, a) >= 0) {
        return 3; /* S03 */
    }
    if (m->wcnt[w] == m->wmax) {
        FC(m, P17_WMAX);
        return 4; /* S04 */
    }
    const int64_t k = free_entry(m);
    if (k < 0) {
        FC(m, P08_STORE);
        return 2; /* S02 */
    }
    const int64_t f = find(m, a); /* V or absent: a P line is tied */
    m->wcnt[w]++;
    if (r->op == GTSC_OP_STORE) {
        gtsc_req_msg_t* o = send(m, GTSC_REQ_WR, a, w);
        o->warp_ts = m->warp_ts[w];
        for (uint32_t j = 0; j < m->mw; j++) {
            o->mask[j] = r->mask[j] & (uint32_t)gpucoh_mask64(m->d.line_bytes - 32u * j);
        }
        for (uint32_t x = 0; x < m->lw; x++) {
            o->data[x] = r->data[x] & gpucoh_word_bytes(o->mask, x);
        }
        if (f >= 0) { /* C05 */
            COV(m, C05);
            gtsc_l1_line_t* l = &m->line[f];
            gpucoh_touch(&m->touched, (uint32_t)f);
            gpucoh_masked_write(l->data, o->data, o->mask, m->lw);
            o->wts = l->wts;
            alloc(m, (uint32_t)k, GTSC_MK_WR, a, f % m->d.l1_ways, 0u, w);
        } else { /* C06 */
            COV(m, C06);
            alloc(m, (uint32_t)k, GTSC_MK_WR, a, -1, 0u, w);
        }
        return 0;
    }
    if (f >= 0) { /* C07 */
        COV(m, C07);
        FC(m, P16);
        gpucoh_touch(&m->touched, (uint32_t)f);
        m->line[f].st = GTSC_L1_I;
    } else { /* C08 */
        COV(m, C08);
    }
    alloc(m, (uint32_t)k, GTSC_MK_AT, a, -1, 0u, w);
    gtsc_req_msg_t* o = send(m, GTSC_REQ_AT, a, w);
    o->warp_ts = m->warp_ts[w];
    o->aop = r->aop;
    o->word = r->word;
    o->a = r->a;
    o->b = r->b;
    return 0;
}

/* R2 (c). */
static void head(gtsc_l1_t* m, ctx_t* c) {
    const gtsc_core_req_t* r = &m->fifo[m->fhead];
    const uint64_t a = r->line & m->la_mask;
    const int s = r->op == GTSC_OP_LOAD ? load_head(m, c, r, a) : write_head(m, r, a);
    if (s == 0) {
        rest_write(m);
        if (!c->hit) { /* C02-C08 end the warp's hits in a row (T12) */
            m->fcov[GTSC_L1_F_P30] += m->spin[r->wf] > 0u;
            m->spin[r->wf] = 0u;
        }
        m->fhead = (m->fhead + 1u) % m->d.l1_queue;
        m->fcnt--;
        return;
    }
    m->cov[GTSC_L1_T_S01 + (uint32_t)s - 1u]++;
    m->st.l1_stall_cycles++;
}

/* R2 (d), J1. */
static void push_core(gtsc_l1_t* m, const gtsc_core_req_t* r) {
    const uint32_t op = r->op & 3u; /* the port widths: core_op_i 2, core_wf_i 6, core_aop_i 2 */
    if (op == GTSC_OP_NONE || (r->wf & 63u) >= m->d.num_wf ||
        (op == GTSC_OP_ATOMIC && (r->aop & 3u) == 3u)) {
        m->st.illegal_core++;
        return;
    }
    gtsc_core_req_t* q = &m->fifo[(m->fhead + m->fcnt) % m->d.l1_queue];
    *q = *r;
    q->op = op;
    q->wf &= 63u;
    q->aop &= 3u;
    q->word &= 31u;
    m->fcnt++;
    if (m->fcnt == m->d.l1_queue) {
        FC(m, P23);
    }
}

/* R13: the timestamp reset on the state (a)-(d) left. */
static void ts_reset(gtsc_l1_t* m, const ctx_t* c, bool had_rsp) {
    bool any = false;
    gpucoh_touch_all(&m->touched);
    uint32_t kinds = 0u;
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        if (m->ent[k].mv) {
            any = true;
            kinds |= 1u << m->ent[k].mk;
            m->ent[k].mst = 1u;
        }
    }
    for (uint32_t i = 0; i < m->lines; i++) {
        gtsc_l1_line_t* l = &m->line[i];
        any |= l->st == GTSC_L1_V;
        if (tie_of(m, i) >= 0) {
            l->st = GTSC_L1_P;
            l->wts = 0u;
            l->rts = 0u;
        } else {
            m->st.l1_invalidations += l->st == GTSC_L1_V;
            l->st = GTSC_L1_I;
        }
    }
    for (uint32_t w = 0; w < GTSC_MAX_WF; w++) {
        m->warp_ts[w] = 1u;
    }
    if (any) {
        COV(m, X01);
        for (uint32_t b = 0; b < 4u; b++) {
            m->fcov[GTSC_L1_F_P20_RD + b] += (kinds >> b) & 1u;
        }
    }
    m->fcov[GTSC_L1_F_P22_RSP] += had_rsp;
    m->fcov[GTSC_L1_F_P22_HIT] += c->hit;
    m->ep = (m->ep + 1u) & m->ep_mask;
    m->fcov[GTSC_L1_F_P27] += m->ep == 0u;
    m->st.resets++;
}

/*--- assertions (section 10) ------------------------------------------------------------------*/

/* A1, A4/I3 and the state range of set s. */
static uint32_t check_set(const void* mv, uint32_t s) {
    const gtsc_l1_t* m = (const gtsc_l1_t*)mv;
    const uint32_t ways = m->d.l1_ways;
    const gtsc_l1_line_t* set = &m->line[s * ways];
    uint32_t bad = 0u;
    for (uint32_t w = 0; w < ways; w++) {
        const gtsc_l1_line_t* l = &set[w];
        if (l->st == GTSC_L1_I) {
            continue;
        }
        for (uint32_t v = w + 1u; v < ways; v++) { /* A1 */
            bad += set[v].st != GTSC_L1_I && set[v].tag == l->tag;
        }
        if (l->st == GTSC_L1_V) { /* A4, I3 */
            bad += !(1u <= l->wts && l->wts <= l->rts && l->rts <= m->ts_max);
        }
        bad += l->st > GTSC_L1_P;
    }
    return bad;
}

/* The P lines of set s (A9: each has a tied entry). */
static uint32_t pending_in_set(const void* mv, uint32_t s) {
    const gtsc_l1_t* m = (const gtsc_l1_t*)mv;
    uint32_t n = 0u;
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        n += m->line[s * m->d.l1_ways + w].st == GTSC_L1_P;
    }
    return n;
}

/* The P lines that an entry ties (A9's complement), each counted once. */
static uint32_t tied_pending(const gtsc_l1_t* m) {
    uint32_t t[GTSC_MAX_L1_MSHRS], n = 0u;
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        const l1_ent_t* e = &m->ent[k];
        if (!e->mv || !e->mhw || m->line[tied_line(m, e)].st != GTSC_L1_P) {
            continue;
        }
        const uint32_t i = tied_line(m, e);
        bool first = true;
        for (uint32_t j = 0; j < n && first; j++) {
            first = t[j] != i;
        }
        t[n] = i;
        n += first;
    }
    return n;
}

/* A2, R3, A8, I3, T12: the MSHRs and the per-warp registers. */
static uint64_t check_rest(const gtsc_l1_t* m) {
    uint64_t bad = 0u;
    uint32_t cnt[GTSC_MAX_WF] = {0};
    uint64_t seen[GTSC_MAX_L1_MSHRS]; /* the lines of the valid entries before k */
    uint32_t nv = 0u;
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        const l1_ent_t* e = &m->ent[k];
        if (!e->mv) {
            continue;
        }
        for (uint32_t j = 0; j < nv; j++) { /* A2: each pair of valid entries with one line */
            bad += seen[j] == e->mline;
        }
        seen[nv++] = e->mline;
        if (e->mhw) { /* R3: a tied line's tag and set are its entry's line */
            const gtsc_l1_line_t* l = &m->line[tied_line(m, e)];
            bad += l->st == GTSC_L1_I || l->tag != (e->mline >> m->set_bits);
        }
        if (e->mk == GTSC_MK_WR || e->mk == GTSC_MK_AT) {
            cnt[e->mwf % GTSC_MAX_WF]++;
        }
    }
    /* A8, I3 (1 <= warp_ts <= TsMax), T12 of the warps w < NumWf: over all GTSC_MAX_WF slots, the
     * others masked out, a loop of fixed length the compiler turns into vector operations */
    uint32_t wbad = 0u; /* at most 3 NumWf */
    for (uint32_t w = 0; w < GTSC_MAX_WF; w++) {
        const uint32_t b = (uint32_t)(cnt[w] != m->wcnt[w]) +
                           (uint32_t)(m->warp_ts[w] - 1u >= m->ts_max) +
                           (uint32_t)(m->spin[w] > m->d.spin_hits);
        wbad += w < m->d.num_wf ? b : 0u;
    }
    return bad + wbad;
}

uint64_t gtsc_l1_check(const gtsc_l1_t* m) {
    uint64_t bad = check_rest(m);
    for (uint32_t i = 0; i < m->lines; i++) { /* A9 */
        bad += m->line[i].st == GTSC_L1_P && tie_of(m, i) < 0;
    }
    for (uint32_t s = 0; s < m->d.l1_sets; s++) {
        bad += check_set(m, s);
    }
    return bad;
}

/* gtsc_l1_check's count after an edge, the sets re-checked where the edge wrote (lchk, pchk;
 * A9 as the P lines less those an entry ties); the unit-test builds compare it with the whole
 * check every edge. */
#ifdef SIG_BLOOM_CHECK_RULES
/* The entries and per-warp registers check_rest reads, kept (now) or compared with the kept. */
static void rest_agrees(gtsc_l1_t* m, bool now) {
    const size_t ne = (size_t)m->d.l1_mshrs * sizeof(l1_ent_t);
    if (now) {
        memcpy(m->rest_ent, m->ent, ne);
        memcpy(m->rest_warp[0], m->wcnt, sizeof m->wcnt);
        memcpy(m->rest_warp[1], m->warp_ts, sizeof m->warp_ts);
        memcpy(m->rest_warp[2], m->spin, sizeof m->spin);
        return;
    }
    assert(memcmp(m->rest_ent, m->ent, ne) == 0);
    assert(memcmp(m->rest_warp[0], m->wcnt, sizeof m->wcnt) == 0);
    assert(memcmp(m->rest_warp[1], m->warp_ts, sizeof m->warp_ts) == 0);
    assert(memcmp(m->rest_warp[2], m->spin, sizeof m->spin) == 0);
    assert(m->rest_last == check_rest(m));
    assert(m->tied_last == tied_pending(m));
}
#endif

/* check_rest's and tied_pending's counts after an edge (rest_last, tied_last): computed again
 * only if the edge wrote the entries or the per-warp registers (rest_write) or a line (a tied
 * line's tag and state, R3 and A9); else the last. */
static void rest_edge(gtsc_l1_t* m) {
    const bool again = m->rest_written || m->touched.all || m->touched.n > 0u;
    if (again) {
        m->rest_last = check_rest(m);
        m->tied_last = tied_pending(m);
    }
#ifdef SIG_BLOOM_CHECK_RULES
    rest_agrees(m, again);
#endif
    m->rest_written = false;
    m->rest_kept = !again;
}

static uint64_t check_edge(gtsc_l1_t* m) {
    const uint32_t ways = m->d.l1_ways;
    const uint64_t pend = gpucoh_setchk_edge(&m->pchk, &m->touched, ways, pending_in_set, m);
    rest_edge(m);
    const uint64_t bad = gpucoh_setchk_edge(&m->lchk, &m->touched, ways, check_set, m) +
                         (pend - m->tied_last) + m->rest_last;
#ifdef SIG_BLOOM_CHECK_RULES
    assert(bad == gtsc_l1_check(m));
#endif
    m->chk_last = bad;
    return bad;
}

uint64_t gtsc_l1_checked(const gtsc_l1_t* m) {
#ifdef SIG_BLOOM_CHECK_RULES
    assert(m->chk_last == gtsc_l1_check(m)); /* nothing changed the model since its last edge */
#endif
    return m->chk_last;
}

/* A10: after a reset edge every line is I or P and every entry stale. */
static uint64_t check_after_reset(const gtsc_l1_t* m) {
    uint64_t bad = 0u;
    for (uint32_t i = 0; i < m->lines; i++) {
        bad += m->line[i].st == GTSC_L1_V;
    }
    for (uint32_t k = 0; k < m->d.l1_mshrs; k++) {
        bad += m->ent[k].mv && !m->ent[k].mst;
    }
    for (uint32_t w = 0; w < m->d.num_wf; w++) {
        bad += m->warp_ts[w] != 1u;
    }
    return bad;
}

/*--- the edge ---------------------------------------------------------------------------------*/

static void l1_edge(gtsc_l1_t* m, const gtsc_l1_in_t* in, bool ready) {
    ctx_t c = {false, false, false};
    gtsc_rsp_msg_t r = in->rsp;
    r.line &= m->la_mask;
    r.wts = (uint32_t)(r.wts & m->ts_max);
    r.rts = (uint32_t)(r.rts & m->ts_max);
    r.kind &= 7u;
    if (r.valid) { /* (a) */
        take_rsp(m, &c, &r);
    } else if (!serve_step(m, &c) && m->fcnt > 0u) { /* (b), (c) */
        head(m, &c);
    }
    if (in->core.valid) { /* (d), Q01 */
        if (ready) {
            push_core(m, &in->core);
        } else {
            COV(m, Q01);
        }
    }
    if (in->tsrst) { /* (e) */
        ts_reset(m, &c, r.valid);
    }
    m->errors += c.a3_bad + c.victim_bad;
}

/* wr_idle_o (a warp with wcnt 0) and A5 (the warps whose warp_ts went below prev) after an edge. */
static uint64_t idle_a5(const gtsc_l1_t* m, const uint32_t* prev, uint32_t* a5) {
    uint64_t idle = 0u;
    for (uint32_t w = 0; w < m->d.num_wf; w++) {
        idle |= (uint64_t)(m->wcnt[w] == 0u) << w;
        *a5 += m->warp_ts[w] < prev[w];
    }
    return idle;
}

void gtsc_l1_tick(gtsc_l1_t* m, const gtsc_l1_in_t* in, gtsc_l1_out_t* out) {
    gpucoh_touched_clear(&m->touched);
    if (!in->rst_n) {
        l1_reset_state(m);
        gpucoh_touch_all(&m->touched);
        (void)check_edge(m); /* for gtsc_l1_checked: a reset edge counts no error (A10 next) */
        if (out != NULL) {
            *out = m->out;
        }
        return;
    }
    uint32_t prev[GTSC_MAX_WF];
    memcpy(prev, m->warp_ts, sizeof prev);
    const uint64_t idle_before = m->out.wr_idle;
    const bool ready = m->out.core_ready;
    m->bump_wf = GTSC_MAX_WF;
    memset(&m->out.crsp, 0, sizeof m->out.crsp);
    memset(&m->out.req, 0, sizeof m->out.req);
    l1_edge(m, in, ready);
    m->out.core_ready = m->fcnt < m->d.l1_queue; /* (f) */
    /* wr_idle and A5 read wcnt and warp_ts, which only an edge that called rest_write (or a
     * timestamp reset, where A5 is not counted and wcnt is kept) writes: else as before, 0 */
    uint64_t idle = idle_before;
    uint32_t a5 = 0u;
    if (m->rest_written) {
        idle = idle_a5(m, prev, &a5);
    }
#ifdef SIG_BLOOM_CHECK_RULES
    uint32_t a5_all = 0u;
    assert(idle_a5(m, prev, &a5_all) == idle && (in->tsrst || a5_all == a5));
#endif
    m->errors += in->tsrst ? 0u : a5;
    m->fcov[GTSC_L1_F_P17_IDLE] += (idle & ~idle_before) != 0u;
    m->out.wr_idle = idle;
    m->errors += check_edge(m);
    if (in->tsrst) {
        m->errors += check_after_reset(m);
    }
    if (out != NULL) {
        *out = m->out;
    }
}

/*--- observers --------------------------------------------------------------------------------*/

const gtsc_l1_desc_t* gtsc_l1_desc(const gtsc_l1_t* m) {
    return &m->d;
}
const gtsc_l1_out_t* gtsc_l1_out(const gtsc_l1_t* m) {
    return &m->out;
}
const uint64_t* gtsc_l1_cov(const gtsc_l1_t* m) {
    return m->cov;
}
const uint64_t* gtsc_l1_fcov(const gtsc_l1_t* m) {
    return m->fcov;
}
uint64_t gtsc_l1_errors(const gtsc_l1_t* m) {
    return m->errors;
}
void gtsc_l1_stats(const gtsc_l1_t* m, gtsc_l1_stats_t* s) {
    *s = m->st;
}
int64_t gtsc_l1_find(const gtsc_l1_t* m, uint64_t a) {
    return find(m, a);
}
int64_t gtsc_l1_find_entry(const gtsc_l1_t* m, uint64_t a) {
    return find_entry(m, a);
}
uint64_t gtsc_l1_line_addr(const gtsc_l1_t* m, uint32_t i) {
    return i < m->lines ? addr_of(m, i) : 0u;
}
bool gtsc_l1_tied(const gtsc_l1_t* m, uint32_t i) {
    return i < m->lines && tie_of(m, i) >= 0;
}
uint32_t gtsc_l1_warp_ts(const gtsc_l1_t* m, uint32_t w) {
    return w < GTSC_MAX_WF ? m->warp_ts[w] : 0u;
}
uint32_t gtsc_l1_wcnt(const gtsc_l1_t* m, uint32_t w) {
    return w < GTSC_MAX_WF ? m->wcnt[w] : 0u;
}
uint32_t gtsc_l1_spin(const gtsc_l1_t* m, uint32_t w) {
    return w < GTSC_MAX_WF ? m->spin[w] : 0u;
}
uint32_t gtsc_l1_load_ts(const gtsc_l1_t* m, uint32_t w) {
    return w == m->bump_wf ? m->bump_t4 : gtsc_l1_warp_ts(m, w);
}
uint32_t gtsc_l1_ep(const gtsc_l1_t* m) {
    return m->ep;
}
uint32_t gtsc_l1_rr(const gtsc_l1_t* m, uint32_t s) {
    return s < m->d.l1_sets ? m->rr[s] : 0u;
}
uint32_t gtsc_l1_fcnt(const gtsc_l1_t* m) {
    return m->fcnt;
}

void gtsc_l1_line_get(const gtsc_l1_t* m, uint32_t i, gtsc_l1_line_t* l) {
    memset(l, 0, sizeof *l);
    if (i < m->lines) {
        *l = m->line[i];
    }
}

bool gtsc_l1_entries_kept(const gtsc_l1_t* m) {
    return m->rest_kept;
}

uint32_t gtsc_l1_locked(const gtsc_l1_t* m, uint64_t* a, uint32_t max) {
    uint32_t n = 0u;
    for (uint32_t k = 0; k < m->d.l1_mshrs && n < max; k++) {
        const l1_ent_t* e = &m->ent[k];
        if (e->mv && e->mk == GTSC_MK_WR && e->mhw && find_entry(m, e->mline) == (int64_t)k) {
            a[n++] = e->mline;
        }
    }
    return n;
}

const gtsc_l1_line_t* gtsc_l1_line_view(const gtsc_l1_t* m, uint32_t i) {
    return i < m->lines ? &m->line[i] : NULL;
}

void gtsc_l1_mshr_get(const gtsc_l1_t* m, uint32_t k, gtsc_l1_mshr_t* e) {
    memset(e, 0, sizeof *e);
    if (k >= m->d.l1_mshrs) {
        return;
    }
    const l1_ent_t* x = &m->ent[k];
    e->mv = x->mv;
    e->mk = x->mk;
    e->mline = x->mline;
    e->mhw = x->mhw;
    e->mway = x->mway;
    e->mwait = x->mwait;
    e->mwf = x->mwf;
    e->mst = x->mst;
}

static void state_line(const gtsc_l1_t* m, gtsc_l1_state_t* s, uint32_t i) {
    if (i < m->lines) {
        s->line[i] = m->line[i];
        s->rr[i / m->d.l1_ways] = m->rr[i / m->d.l1_ways];
    }
}

void gtsc_l1_state_get(const gtsc_l1_t* m, gtsc_l1_state_t* s) {
    const uint32_t n = s->sel_all ? m->lines : s->sel_n;
    for (uint32_t k = 0; k < n && (s->sel_all || k < GTSC_SEL_MAX); k++) {
        state_line(m, s, s->sel_all ? k : s->sel[k]);
    }
    s->ep = m->ep;
    s->fcnt = m->fcnt;
    memcpy(s->warp_ts, m->warp_ts, sizeof s->warp_ts);
    memcpy(s->wcnt, m->wcnt, sizeof s->wcnt);
    memcpy(s->spin, m->spin, sizeof s->spin);
    for (uint32_t k = 0; k < GTSC_L1_MAX_MSHRS; k++) {
        gtsc_l1_mshr_get(m, k, &s->mshr[k]);
    }
}

uint32_t gtsc_l1_touched(const gtsc_l1_t* m, uint32_t* sel, uint32_t max, bool* all) {
    return gpucoh_touched_get(&m->touched, sel, max, all);
}

static const char* const l1_ids[GTSC_L1_T_N] = {
    "C01",      "C02",      "C03",      "C04",      "C05",      "C06",      "C07",      "C08",
    "S01",      "S02",      "S03",      "S04",      "R01",      "R02",      "R03",      "R04",
    "R05",      "R06",      "R07",      "R08",      "R09",      "V01",      "V02",      "X01",
    "E01",      "Q01",      "ERR",      "R05.wait", "R05.none", "R06.wait", "R06.none", "R07.wait",
    "R07.none", "R08.wait", "R08.none", "R09.wait", "R09.none"};

const char* gtsc_l1_trans_id(gtsc_l1_trans_t r) {
    return (uint32_t)r < GTSC_L1_T_N ? l1_ids[r] : "?";
}

/* Section 7: 26 of the 27 rows are reachable (ERR is illegal only); S04 only when WMAX <
 * L1Mshrs; E01 needs a V line to evict (always possible). */
bool gtsc_l1_trans_reachable(const gtsc_l1_desc_t* d, gtsc_l1_trans_t r) {
    if ((uint32_t)r >= GTSC_L1_T_N || r == GTSC_L1_T_ERR) {
        return false;
    }
    if (r == GTSC_L1_T_S04) {
        return (1u << d->wf_cnt_width) - 1u < d->l1_mshrs;
    }
    return true;
}

static const char* const l1_fnames[GTSC_L1_F_N] = {
    "P01",        "P02",        "P03",          "P04",         "P05_2",      "P05_3",
    "P05_ALL",    "P06",        "P07",          "P08_LOAD",    "P08_STORE",  "P09",
    "P10_W0",     "P10_W1",     "P10_W2",       "P10_W3",      "P10_W4",     "P10_W5",
    "P10_W6",     "P10_W7",     "P11",          "P12_KEEP1",   "P12_KEEP0",  "P13",
    "P14",        "P15_R06",    "P15_R07",      "P15_R09",     "P16",        "P17_WMAX",
    "P17_IDLE",   "P18_WARP",   "P18_LINE",     "P19",         "P20_RD",     "P20_WR",
    "P20_AT",     "P20_SV",     "P21_R04_FILL", "P21_R04_RNW", "P21_R08_EQ", "P21_R08_NE",
    "P21_R09_EQ", "P21_R09_NE", "P21_V02",      "P22_RSP",     "P22_HIT",    "P23",
    "P24",        "P25_ALL",    "P25_NONE",     "P26",         "P27",        "P28_BUMP",
    "P28_PAST",   "P29",        "P30"};

const char* gtsc_l1_fcov_name(gtsc_l1_fcov_t f) {
    return (uint32_t)f < GTSC_L1_F_N ? l1_fnames[f] : "?";
}

/* Section 11: per-way bins below L1Ways; P11 with L1Ways > 1; P05's bins with enough warps; P17's
 * first bin when WMAX < L1Mshrs; P26 under Sc = 1; P28-P30 with SpinHits > 0. */
bool gtsc_l1_fcov_reachable(const gtsc_l1_desc_t* d, gtsc_l1_fcov_t f) {
    const uint32_t k = (uint32_t)f;
    if (k >= GTSC_L1_F_N) {
        return false;
    }
    if (k >= GTSC_L1_F_P10_W0 && k < GTSC_L1_F_P11) {
        return k - GTSC_L1_F_P10_W0 < d->l1_ways;
    }
    switch (f) {
    case GTSC_L1_F_P11:
        return d->l1_ways > 1u;
    case GTSC_L1_F_P05_2:
    case GTSC_L1_F_P05_ALL:
        return d->num_wf >= 2u;
    case GTSC_L1_F_P05_3:
        return d->num_wf >= 3u;
    case GTSC_L1_F_P17_WMAX:
        return (1u << d->wf_cnt_width) - 1u < d->l1_mshrs;
    case GTSC_L1_F_P26:
        return d->sc != 0u;
    case GTSC_L1_F_P28_BUMP:
    case GTSC_L1_F_P28_PAST:
    case GTSC_L1_F_P29:
    case GTSC_L1_F_P30:
        return d->spin_hits > 0u;
    default:
        return true;
    }
}
