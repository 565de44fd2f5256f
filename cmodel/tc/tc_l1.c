/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_l1.c -- C reference model of the TC L1 controller with its GWCT table (u_gwct).
 *
 * Written from docs/units/tc/tc_l1.md (rules L1-L9, tables R01-R12 and C01-C16; section 12 K1-K4,
 * C17 and W01-W05 for TC-Weak-C), docs/system.md (C1-C8, RO1-RO4) and docs/timing.md only,
 * never from the RTL. Section numbers below cite tc_l1.md unless they name another page.
 *
 * One tc_l1_tick() = one rising edge, in the order of rule L2: (a) a response, else (b) the FIFO
 * head (a stall changes nothing), (c) the push of the core request (core_ready of the previous
 * edge), (d) the roll (RO2) over everything (a)-(c) wrote, (e) core_ready from the next FIFO
 * count; u_gwct is ticked last with the iss/ack of (a)/(b) and the same time inputs. A tick
 * touches only the set of the processed event; whole-array loops run only at reset and roll.
 *
 * Readings of the spec where it is silent or open (each also noted where it applies):
 *  1. core_ready_o after a reset edge is 1 (the L2 (e) value of fcnt_d = 0, as tc_gwct resets its
 *     outputs to the values its next state gives). crsp/req reset to 0.
 *  2. Coverage: one table row (C01-C16, R01-R12 with .last/.more) per processed event; E01/E02
 *     (the lazy expiry written back) and V03 (a valid V line chosen as victim) count in addition
 *     to that event's row; a stall counts only its S row (no E row: nothing is written, L3);
 *     X01 once per roll edge that finds >= 1 V or V_M line after (a)-(c); Q01 once per edge with
 *     core_valid_i while core_ready_o is 0; RESET every reset edge (nothing else that edge).
 *  3. Stall priority for a store/atomic: S02 (wavefront full) before S03 (line count full) before
 *     S01 (no victim). S03 and S01 exclude each other (hit vs miss).
 *  4. A response that finds its line in V with lTS < now (treated as I, L3) is an L9 error; an
 *     erroneous response writes nothing (no lazy expiry either). A write/atomic response is also
 *     an error (G2 seen by the L1, counted once in errors, u_gwct not told) when its wf is >=
 *     NumWf or u_gwct's count for it is 0; a DATA_G with atomic = 1 that finds V_M has no row
 *     (an atomic always leaves the line in I_I) and is an error too. A kind of 0 or 5..7 is an
 *     error.
 *  5. A core request with op 0 (NONE) or wf >= NumWf (after the 6-bit port width) is a protocol
 *     error when it would be pushed: it is counted and not pushed (no state changes).
 *  6. Inputs are taken at their port widths (section 2): lines at LA bits, ts at TsWidth, era
 *     1 bit, wf 6, op 2, kind 3, aop 2, word 5 bits, data LW words, mask LineBytes bits. A
 *     request's data/mask go to the L2 as received (the core keeps bytes outside the mask 0).
 *  7. Fields the tables do not name keep their values: R01/R03/R04 keep mts and waw; C12/C13
 *     keep data and lTS (the line is I_I); R10 keeps data; allocation keeps data (L6).
 *  8. exp is 1 only for the C06 GETS of a line found in V with lTS < now (L8, literal): a load
 *     after E02 (V_M expired -> I_I -> C05) sends exp = 0, and re-issued GETS (R02/R05) too.
 *  9. A request to the L2 that is not UPGR carries ts 0 / era 0; GETS carries wf 0; ATOMIC
 *     carries data/mask 0; GETS/GETX/UPGR carry aop/word/a/b 0.
 * 10. The G2 issue error cannot come from the L1: S02 tests u_gwct's registered full_o, which is
 *     computed from the count the issue would increment. errors also adds any u_gwct errors.
 * 11. touched[] lists the (at most one) line whose fields this edge wrote, allocation included;
 *     touched_all is set by reset and roll edges (touched[] may still name the event's line).
 *
 * TC-Weak-C (Protocol 2, section 12; under 0/1 nothing of this happens and cobl stays 0):
 * 12. K1: C17 replaces C07 (a store to V); C08/C13/C02 and every V_M row are never taken. The
 *     UPGR of C17 carries lTS and era_i as C07's (L8); waw and mts are kept (as C12).
 * 13. K2 is applied to every edge that raises u_gwct's iss (C09-C12, C14-C17: every write or
 *     atomic sent) with rd_gwct = u_gwct's entry of the head's wavefront before the edge
 *     (tc_gwct_read before tc_gwct_tick); at a roll edge RO2 then clears cobl (step (d)).
 * 14. K3 is applied to every edge with a core response (C01, R01-R05, R11, W01-W05; C02 cannot
 *     occur): obl_valid 1 (also when obl_ts is 0), obl_mask = crsp wf_mask, obl_ts = max(cobl_q,
 *     ts' of a DATA_W row, else 0), with cobl_q the value before the edge.
 * 15. K4: a DATA_W is checked as a DATA (L9: I_V or I_I with rd = 1, after L3); W01 keeps data,
 *     lTS, mts and waw (P3) and leaves the tag in I. Under Protocol 0/1 kind 5 is I6 (reading 4).
 *     Cover points F47 DATA_OLD_ERA and F51-F53 (late loads) count DATA rows only; a DATA_W
 *     counts F59/F61 instead.
 * 16. L4's "Protocol == TC-Weak" includes TC-Weak-C: ACK_G and DATA_G acks carry their GWCT
 *     (global 1) under Protocol 2 too.
 * 17. F58 OBL_HIT compares cobl_q (before the edge's K2) with now; F60 COBL_ROLL judges the cobl
 *     the roll clears (after this edge's K2).
 *
 * tc_l1_trans_reachable(): TC-Strong never sends a DATA_G for a write (the L2 serves writes to
 * unexpired lines only after expiry, with ACK), so R06, R07 and R10.* are unreachable there.
 * TC-Weak-C never enters V_M (K1): C02, C07, C08, C13, R06-R09 and E02 are unreachable there (and
 * cover point F54 ROLL_VM); C17 and W01-W05 are reachable only there (and F57-F61).
 * Geometry: S02 needs 2^WfCntWidth-1 outstanding writes of one wavefront, and every outstanding
 * write holds a V_M or I_I line's wcnt (<= CMAX, such lines are never victims), so it needs
 * 2^WfCntWidth-1 <= L1Sets * L1Ways * CMAX. S03 needs CMAX outstanding writes to one line while
 * the requesting wavefront is not full (S02 first): CMAX <= NumWf * (2^WfCntWidth-1) - 1. V03
 * needs two line addresses in one set, i.e. an L1 tag of >= 1 bit, which tc_check_desc enforces;
 * every other row is reachable in every legal geometry (a single wavefront may merge its own
 * loads, D14).
 */
#include "tc_l1.h"
#include "gpucoh_bits.h"

#include <stdio.h>
#include <string.h>

/*--- helpers ----------------------------------------------------------------------------------*/

static inline uint32_t ts_max_of(const tc_l1_t* m) {
    return tc_ts_max_w(m->d.ts_width);
}

static inline void touch(tc_l1_t* m, uint32_t i) {
    if (m->touched_n > 0u && m->touched[m->touched_n - 1u] == i) {
        return;
    }
    if (m->touched_n < TC_SEL_MAX) {
        m->touched[m->touched_n++] = i;
    }
}

/* way of set whose line matches tag (st != I), or -1 (rule L1: at most one) */
static inline int find_way(const tc_l1_t* m, uint32_t set, uint64_t tag) {
    const tc_l1_meta_t* l = &m->line[set * m->d.l1_ways];
    for (uint32_t w = 0; w < m->d.l1_ways; w++) {
        if (l[w].st != TC_L1_I && l[w].tag == tag) {
            return (int)w;
        }
    }
    return -1;
}

static void crsp_put(tc_l1_t* m, uint32_t kind, uint64_t wf_mask, uint64_t line,
                     const uint32_t* data) {
    tc_core_rsp_t* c = &m->out.crsp;
    c->valid = true;
    c->kind = kind;
    c->wf_mask = wf_mask;
    c->line = line;
    memcpy(c->data, data, (size_t)m->lw * sizeof(uint32_t));
}

/* start a request to the L2; payload fields not set stay 0 (cleared at the start of the tick) */
static tc_req_t* req_put(tc_l1_t* m, uint32_t kind, uint32_t wf, uint64_t line) {
    tc_req_t* r = &m->out.req;
    r->valid = true;
    r->kind = kind;
    r->wf = wf;
    r->line = line;
    return r;
}

/* the store image of FIFO slot k (r's mask words beyond mw stay 0) */
static void req_store(tc_l1_t* m, tc_req_t* r, uint32_t k) {
    memcpy(r->data, m->fdata + (size_t)k * m->lw, (size_t)m->lw * sizeof(uint32_t));
    memcpy(r->mask, m->fmask + (size_t)k * m->mw, (size_t)m->mw * sizeof(uint32_t));
}

static void req_atomic(tc_req_t* r, const tc_l1_fentry_t* q) {
    r->aop = q->aop;
    r->word = q->word;
    r->a = q->a;
    r->b = q->b;
}

/*--- cover points (section 10) ----------------------------------------------------------------*/

static inline void fc(tc_l1_t* m, tc_l1_fcov_t f) {
    m->fcov[f]++;
}

static inline void fc_way(tc_l1_t* m, tc_l1_fcov_t w0, uint32_t way) {
    m->fcov[(uint32_t)w0 + way]++;
}

/* E01 / E02 at the first cycle after the lease (lTS = now - 1) */
static inline void l1_fcov_exp(tc_l1_t* m, uint32_t lts, uint32_t now) {
    if (lts + 1u == now) {
        fc(m, TC_L1_F_EXP_FIRST_CYCLE);
    }
}

/* A DATA row: the era of its ts and how its late loads were decided (section 5) */
static void l1_fcov_data(tc_l1_t* m, const tc_l1_meta_t* L, bool old_era, uint32_t ts1,
                         uint32_t now, bool late_ok) {
    if (old_era) {
        fc(m, TC_L1_F_DATA_OLD_ERA);
    }
    if (L->late == 0u) {
        return;
    }
    if (!late_ok) {
        fc(m, L->waw != 0u ? TC_L1_F_LATE_AGAIN_WAW : TC_L1_F_LATE_AGAIN_LEASE);
    } else if (ts1 < now) {
        fc(m, TC_L1_F_LATE_OK_BY_MTS);
    }
}

/* A DATA_W row (section 12): the era of its ts (F61), late loads it serves (F59) */
static void l1_fcov_dataw(tc_l1_t* m, const tc_l1_meta_t* L, bool old_era, bool late_ok) {
    if (old_era) {
        fc(m, TC_L1_F_DATAW_OLD_ERA);
    }
    if (late_ok && L->late != 0u) {
        fc(m, TC_L1_F_DATAW_LATE);
    }
}

/* RO2 at this edge: what the roll finds (before it writes) */
static void l1_fcov_roll(tc_l1_t* m) {
    bool vm = false, rd = false;
    for (uint32_t i = 0; i < m->lines; i++) {
        vm = vm || m->line[i].st == TC_L1_V_M;
        rd = rd || m->line[i].rd != 0u;
    }
    if (vm) {
        fc(m, TC_L1_F_ROLL_VM);
    }
    if (rd) {
        fc(m, TC_L1_F_ROLL_PENDING_GETS);
    }
    if (m->touched_n > 0u) {
        fc(m, TC_L1_F_ROLL_SAME_EDGE);
    }
    if (m->cobl != 0u) {
        fc(m, TC_L1_F_COBL_ROLL);
    }
}

/* Rule 2 chose way k of the set's lines l: a V line before it, an I line after an expired one */
static void l1_fcov_free(tc_l1_t* m, const tc_l1_meta_t* l, uint32_t k) {
    for (uint32_t j = 0; j < k; j++) {
        if (l[j].st == TC_L1_V) {
            fc(m, TC_L1_F_VIC_FREE_OVER_V);
            break;
        }
    }
    for (uint32_t j = k + 1u; l[k].st == TC_L1_V && j < m->d.l1_ways; j++) {
        if (l[j].st == TC_L1_I) {
            fc(m, TC_L1_F_VIC_EXP_BEFORE_I);
            break;
        }
    }
}

/* Rule 3: the first V way from rr_q[set] upward (circularly), or -1 (S01). */
static int l1_victim_rr(tc_l1_t* m, uint32_t set, bool* evict) {
    const uint32_t ways = m->d.l1_ways;
    const tc_l1_meta_t* l = &m->line[set * ways];
    const uint32_t rr = m->rr[set];
    uint32_t k = rr;
    for (uint32_t j = 0; j < ways; j++) {
        if (l[k].st == TC_L1_V) {
            *evict = true;
            fc_way(m, TC_L1_F_VIC_RR_W0, k);
            if (j > 0u) {
                fc(m, TC_L1_F_RR_SKIP);
            }
            if (k < rr) {
                fc(m, TC_L1_F_RR_SCAN_WRAP);
            }
            return (int)k;
        }
        k = (k + 1u == ways) ? 0u : k + 1u;
    }
    return -1;
}

/* L6: the victim way of a miss in set, or -1 (S01). expw: the way of the expired V line with the
 * request's tag (L3), else -1. *evict: the victim is a valid V line (V03). Counts the rule and
 * way of the victim (the caller allocates it: every stall was decided before). */
static int l1_victim(tc_l1_t* m, uint32_t set, uint32_t now, int expw, bool* evict) {
    const uint32_t ways = m->d.l1_ways;
    const tc_l1_meta_t* l = &m->line[set * ways];
    *evict = false;
    if (expw >= 0) {
        fc_way(m, TC_L1_F_VIC_EXPTAG_W0, (uint32_t)expw);
        for (int k = 0; k < expw; k++) {
            if (l[k].st == TC_L1_I || (l[k].st == TC_L1_V && l[k].lts < now)) {
                fc(m, TC_L1_F_VIC_EXPTAG_OVER_FREE);
                break;
            }
        }
        return expw;
    }
    for (uint32_t k = 0; k < ways; k++) {
        if (l[k].st == TC_L1_I || (l[k].st == TC_L1_V && l[k].lts < now)) {
            fc_way(m, l[k].st == TC_L1_I ? TC_L1_F_VIC_FREE_I_W0 : TC_L1_F_VIC_FREE_EXP_W0, k);
            l1_fcov_free(m, l, k);
            return (int)k;
        }
    }
    return l1_victim_rr(m, set, evict);
}

/*--- reset ------------------------------------------------------------------------------------*/

static void l1_reset_state(tc_l1_t* m) {
    memset(m->line, 0, (size_t)m->lines * sizeof(tc_l1_meta_t));
    memset(m->data, 0, (size_t)m->lines * m->lw * sizeof(uint32_t));
    memset(m->rr, 0, (size_t)m->d.l1_sets * sizeof(uint32_t));
    m->fcnt = 0u;
    m->fhead = 0u;
    m->cobl = 0u;
    memset(m->fifo, 0, (size_t)m->d.l1_queue * sizeof(tc_l1_fentry_t));
    memset(m->fdata, 0, (size_t)m->d.l1_queue * m->lw * sizeof(uint32_t));
    memset(m->fmask, 0, (size_t)m->d.l1_queue * m->mw * sizeof(uint32_t));
    memset(&m->out, 0, sizeof m->out);
    m->out.core_ready = true; /* reading 1 */
}

static void l1_sync_gwct(tc_l1_t* m) {
    m->out.fence_ready = m->gwct->out.fence_ready;
    m->out.wr_idle = m->gwct->out.wr_idle;
}

tc_l1_desc_t tc_l1_desc_from(const tc_desc_t* sys) {
    tc_l1_desc_t d;
    d.protocol = sys->protocol;
    d.num_wf = sys->num_wf;
    d.line_bytes = sys->line_bytes;
    d.addr_width = sys->addr_width;
    d.l1_sets = sys->l1_sets;
    d.l1_ways = sys->l1_ways;
    d.ts_width = sys->ts_width;
    d.l1_queue = sys->l1_queue;
    d.wf_cnt_width = sys->wf_cnt_width;
    d.line_cnt_width = sys->line_cnt_width;
    return d;
}

static tc_gwct_desc_t gwct_desc_of(const tc_l1_desc_t* d) {
    tc_gwct_desc_t g;
    g.num_wf = d->num_wf;
    g.ts_width = d->ts_width;
    g.wf_cnt_width = d->wf_cnt_width;
    g.obl_port = 1u; /* the system's L1 has the port under every protocol (tc_gwct.md G7) */
    return g;
}

#define RANGE(field, name, lo, hi) GPUCOH_DESC_RANGE(tc_param_error, "tc_l1", field, name, lo, hi)

/* docs/system.md section 2 ("Legal"), the L1's rows, in table order; the L1 tag (C4) must have
 * at least 1 bit: LA = AddrWidth - log2 LineBytes >= log2 L1Sets + 1. */
int tc_l1_check_desc(const tc_l1_desc_t* d, char* msg, size_t msg_len) {
    if (d == NULL) {
        return tc_param_error(msg, msg_len, "tc_l1: desc is NULL");
    }
    if (d->protocol > (uint32_t)TC_WEAK_C) {
        return tc_param_error(msg, msg_len,
                              "tc_l1: protocol = %u is illegal (Protocol: 0 TC-Strong, 1 TC-Weak, "
                              "2 TC-Weak-C)",
                              (unsigned)d->protocol);
    }
    RANGE(num_wf, "NumWf", 1u, TC_MAX_WF);
    if (!gpucoh_is_pow2(d->line_bytes) || d->line_bytes < 16u ||
        d->line_bytes > TC_MAX_LINE_BYTES) {
        return tc_param_error(msg, msg_len,
                              "tc_l1: line_bytes = %u is illegal (LineBytes: 16, 32, 64 or 128)",
                              (unsigned)d->line_bytes);
    }
    RANGE(addr_width, "AddrWidth", 16u, 48u);
    if (!gpucoh_is_pow2(d->l1_sets) || d->l1_sets > TC_L1_MAX_SETS) {
        return tc_param_error(msg, msg_len,
                              "tc_l1: l1_sets = %u is illegal (L1Sets: a power of two in 1..256)",
                              (unsigned)d->l1_sets);
    }
    RANGE(l1_ways, "L1Ways", 1u, TC_L1_MAX_WAYS);
    const uint32_t la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    const uint32_t s1 = gpucoh_log2_floor(d->l1_sets);
    if (la < s1 + 1u) {
        return tc_param_error(msg, msg_len,
                              "tc_l1: addr_width = %u is illegal (AddrWidth: LA = AddrWidth - log2 "
                              "LineBytes = %u must be >= log2 L1Sets + 1 = %u, an L1 tag of >= 1 "
                              "bit; legal AddrWidth >= %u)",
                              (unsigned)d->addr_width, (unsigned)la, (unsigned)(s1 + 1u),
                              (unsigned)(s1 + 1u + gpucoh_log2_floor(d->line_bytes)));
    }
    RANGE(ts_width, "TsWidth", 8u, 32u);
    RANGE(l1_queue, "L1Queue", 1u, 8u);
    RANGE(wf_cnt_width, "WfCntWidth", 2u, 8u);
    RANGE(line_cnt_width, "LineCntWidth", 2u, 8u);
    return 0;
}

#undef RANGE

/* Byte offsets of the arrays in the model's block (each 8-byte aligned) and its size. */
typedef struct {
    size_t line, data, rr, fifo, fdata, fmask, gwct, total;
} l1_layout_t;

static void l1_layout(const tc_l1_desc_t* d, l1_layout_t* o) {
    const size_t lines = (size_t)d->l1_sets * d->l1_ways;
    const size_t lw = d->line_bytes / 4u, mw = (d->line_bytes + 31u) / 32u, q = d->l1_queue;
    const tc_gwct_desc_t g = gwct_desc_of(d);
    size_t at = gpucoh_al8(sizeof(tc_l1_t));
    o->line = at;
    at += gpucoh_al8(lines * sizeof(tc_l1_meta_t));
    o->data = at;
    at += gpucoh_al8(lines * lw * sizeof(uint32_t));
    o->rr = at;
    at += gpucoh_al8((size_t)d->l1_sets * sizeof(uint32_t));
    o->fifo = at;
    at += gpucoh_al8(q * sizeof(tc_l1_fentry_t));
    o->fdata = at;
    at += gpucoh_al8(q * lw * sizeof(uint32_t));
    o->fmask = at;
    at += gpucoh_al8(q * mw * sizeof(uint32_t));
    o->gwct = at;
    at += gpucoh_al8(tc_gwct_size(&g));
    o->total = at;
}

size_t tc_l1_size(const tc_l1_desc_t* d) {
    if (tc_l1_check_desc(d, NULL, 0u) != 0) {
        return 0u;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    return o.total;
}

tc_l1_t* tc_l1_init(void* mem, size_t len, const tc_l1_desc_t* d, char* msg, size_t msg_len) {
    if (tc_l1_check_desc(d, msg, msg_len) != 0) {
        return NULL;
    }
    l1_layout_t o;
    l1_layout(d, &o);
    if (mem == NULL || len < o.total || ((uintptr_t)mem % _Alignof(tc_l1_t)) != 0u) {
        (void)tc_param_error(msg, msg_len,
                             "tc_l1: storage %s (%zu bytes at %p; the model needs %zu bytes "
                             "aligned to %zu)",
                             mem == NULL     ? "is NULL"
                             : len < o.total ? "too small"
                                             : "misaligned",
                             len, mem, o.total, (size_t) _Alignof(tc_l1_t));
        return NULL;
    }
    memset(mem, 0, o.total);
    unsigned char* b = (unsigned char*)mem;
    tc_l1_t* m = (tc_l1_t*)mem;
    const tc_gwct_desc_t g = gwct_desc_of(d);
    m->gwct = tc_gwct_init(b + o.gwct, o.total - o.gwct, &g, msg, msg_len);
    if (m->gwct == NULL) {
        return NULL; /* not reached: tc_l1_check_desc covers the table's parameters */
    }
    m->line = (tc_l1_meta_t*)(void*)(b + o.line);
    m->data = (uint32_t*)(void*)(b + o.data);
    m->rr = (uint32_t*)(void*)(b + o.rr);
    m->fifo = (tc_l1_fentry_t*)(void*)(b + o.fifo);
    m->fdata = (uint32_t*)(void*)(b + o.fdata);
    m->fmask = (uint32_t*)(void*)(b + o.fmask);
    m->d = *d;
    m->lw = d->line_bytes / 4u;
    m->mw = (d->line_bytes + 31u) / 32u;
    m->la = d->addr_width - gpucoh_log2_floor(d->line_bytes);
    m->lines = d->l1_sets * d->l1_ways;
    m->cmax = (1u << d->line_cnt_width) - 1u;
    m->set_bits = gpucoh_log2_floor(d->l1_sets);
    m->way_bits = gpucoh_log2_ceil(d->l1_ways);
    l1_reset_state(m);
    l1_sync_gwct(m);
    return m;
}

void tc_l1_line_get(const tc_l1_t* m, uint32_t i, tc_l1_line_t* l) {
    const tc_l1_meta_t* x = &m->line[i];
    memset(l, 0, sizeof *l);
    l->tag = x->tag;
    l->st = x->st;
    l->lts = x->lts;
    memcpy(l->data, tc_l1_line_data(m, i), (size_t)m->lw * sizeof(uint32_t));
    l->rd = x->rd;
    l->waw = x->waw;
    l->wcnt = x->wcnt;
    l->orig = x->orig;
    l->late = x->late;
    l->mts = x->mts;
}

void tc_l1_state_get(const tc_l1_t* m, tc_l1_state_t* s) {
    if (s->sel_all) {
        for (uint32_t i = 0; i < m->lines; i++) {
            tc_l1_line_get(m, i, &s->line[i]);
        }
        memcpy(s->rr, m->rr, (size_t)m->d.l1_sets * sizeof(uint32_t));
    } else {
        for (uint32_t k = 0; k < s->sel_n && k < TC_SEL_MAX; k++) {
            const uint32_t i = s->sel[k];
            if (i < m->lines) {
                tc_l1_line_get(m, i, &s->line[i]);
                s->rr[i / m->d.l1_ways] = m->rr[i / m->d.l1_ways];
            }
        }
    }
    s->fcnt = m->fcnt;
    s->cobl = m->cobl;
    tc_gwct_state_get(m->gwct, &s->gwct);
}

/*--- (a) responses, section 5 -----------------------------------------------------------------*/

/* R01-R05 (DATA) and, under TC-Weak-C, W01-W05 (DATA_W, section 12 K4: handled as DATA but not
 * cached; its ts' is the obligation of the served loads, K3, left in gi->obl_ts for the tick).
 * The line idx is in es = I_V or I_I with rd = 1 (L9 checked). */
static void l1_rsp_data(tc_l1_t* m, const tc_rsp_t* rin, uint32_t idx, uint32_t es, uint32_t ts1,
                        bool old_era, uint32_t now, tc_gwct_in_t* gi) {
    static const tc_l1_trans_t rows[2][5] = {
        {TC_L1_T_R01, TC_L1_T_R02, TC_L1_T_R03, TC_L1_T_R04, TC_L1_T_R05},
        {TC_L1_T_W01, TC_L1_T_W02, TC_L1_T_W03, TC_L1_T_W04, TC_L1_T_W05},
    };
    tc_l1_meta_t* L = &m->line[idx];
    const bool dw = (rin->kind & 7u) == TC_RSP_DATA_W;
    const uint64_t line = rin->line & gpucoh_mask64(m->la);
    const bool late_ok = L->waw == 0u && (ts1 >= now || ts1 >= L->mts);
    const uint64_t served = L->orig | (late_ok ? L->late : 0u);
    const uint64_t again = late_ok ? 0u : L->late;
    if (dw) {
        l1_fcov_dataw(m, L, old_era, late_ok);
        gi->obl_ts = ts1; /* K3 */
    } else {
        l1_fcov_data(m, L, old_era, ts1, now, late_ok);
    }
    crsp_put(m, TC_CRSP_LOAD, served, line, rin->data);
    uint32_t k; /* R01..R05 / W01..W05 */
    if (again != 0u) {
        (void)req_put(m, TC_REQ_GETS, 0u, line);
        L->orig = again;
        L->late = 0u;
        L->mts = 0u;
        if (es == TC_L1_I_I) {
            L->waw = 0u;
        }
        k = es == TC_L1_I_I ? 4u : 1u; /* R02: rd stays 1; data, lTS unchanged */
    } else if (es == TC_L1_I_V) {
        if (!dw) {
            memcpy(tc_l1_line_data(m, idx), rin->data, (size_t)m->lw * sizeof(uint32_t));
            L->lts = ts1;
            if (ts1 == ts_max_of(m)) {
                fc(m, TC_L1_F_FILL_LTS_MAX);
            }
        }
        L->rd = 0u;
        L->orig = 0u;
        L->late = 0u;
        L->st = dw ? TC_L1_I : TC_L1_V; /* W01: data, lTS unchanged */
        k = 0u;
    } else {
        L->rd = 0u;
        L->orig = 0u;
        L->late = 0u;
        if (L->wcnt == 0u) {
            L->st = TC_L1_I;
        }
        k = L->wcnt == 0u ? 2u : 3u;
    }
    m->cov[rows[dw][k]]++;
    touch(m, idx);
}

static void l1_response(tc_l1_t* m, const tc_rsp_t* rin, uint32_t now, uint32_t era,
                        tc_gwct_in_t* gi) {
    const uint64_t line = rin->line & gpucoh_mask64(m->la);
    const uint32_t set = (uint32_t)(line & (m->d.l1_sets - 1u));
    const uint64_t tag = line >> m->set_bits;
    const uint32_t kind = rin->kind & 7u;
    const int w = find_way(m, set, tag);
    if (w < 0) {
        m->errors++; /* L9 */
        return;
    }
    const uint32_t idx = set * m->d.l1_ways + (uint32_t)w;
    tc_l1_meta_t* L = &m->line[idx];
    uint32_t es = L->st;
    bool e02 = false;
    if (es == TC_L1_V && L->lts < now) {
        es = TC_L1_I; /* L3: treated as I -> no response row applies (reading 4) */
    } else if (es == TC_L1_V_M && L->lts < now) {
        es = TC_L1_I_I; /* L3 / E02 */
        e02 = true;
    }
    const uint32_t tsr = rin->ts & ts_max_of(m);
    const uint32_t ts1 = ((rin->era & 1u) == era) ? tsr : 0u; /* L5 */

    if (kind == TC_RSP_DATA || (kind == TC_RSP_DATA_W && m->d.protocol == TC_WEAK_C)) {
        if (!((es == TC_L1_I_V || es == TC_L1_I_I) && L->rd != 0u)) {
            m->errors++; /* L9 */
            return;
        }
        /* es is I_V or I_I with rd = 1, so e02 (-> I_I with rd = 0) cannot be set here */
        l1_rsp_data(m, rin, idx, es, ts1, (rin->era & 1u) != era, now, gi);
        return;
    }

    if (kind != TC_RSP_DATA_G && kind != TC_RSP_ACK && kind != TC_RSP_ACK_G) {
        m->errors++; /* no such response */
        return;
    }
    const uint32_t wf = rin->wf & 63u;
    const bool atomic = kind == TC_RSP_DATA_G && rin->atomic;
    if (!((es == TC_L1_V_M || es == TC_L1_I_I) && L->wcnt > 0u) || wf >= m->d.num_wf ||
        m->gwct->cnt[wf] == 0u || (atomic && es == TC_L1_V_M)) {
        m->errors++; /* L9 / G2 (reading 4) */
        return;
    }
    if (e02) {
        m->cov[TC_L1_T_E02]++;
        l1_fcov_exp(m, L->lts, now);
    }
    if ((rin->era & 1u) != era) {
        fc(m, TC_L1_F_ACK_OLD_ERA);
    }
    L->wcnt--;
    gi->ack_valid = true;
    gi->ack_wf = wf;
    /* L4; TC-Weak-C is TC-Weak here (section 12 changes no ack: its GPU fence waits for acks,
     * GWCTs and obligations) */
    gi->ack_global = kind != TC_RSP_ACK && m->d.protocol != TC_STRONG;
    gi->ack_gwct = tsr;
    gi->ack_era = rin->era & 1u;
    if (es == TC_L1_V_M) {
        if (kind == TC_RSP_DATA_G) {
            if (L->wcnt == 0u) {
                memcpy(tc_l1_line_data(m, idx), rin->data,
                       (size_t)m->lw * sizeof(uint32_t)); /* D3, lTS kept */
                L->st = TC_L1_V;
                m->cov[TC_L1_T_R06]++;
            } else {
                m->cov[TC_L1_T_R07]++; /* data kept */
            }
        } else if (L->wcnt == 0u) {
            L->st = TC_L1_V;
            m->cov[TC_L1_T_R08]++;
        } else {
            m->cov[TC_L1_T_R09]++;
        }
    } else {
        const bool last = L->wcnt == 0u && L->rd == 0u;
        L->st = last ? TC_L1_I : TC_L1_I_I;
        if (atomic) {
            crsp_put(m, TC_CRSP_ATOMIC, (uint64_t)1 << wf, line, rin->data);
            m->cov[last ? TC_L1_T_R11_LAST : TC_L1_T_R11_MORE]++;
        } else if (kind == TC_RSP_DATA_G) {
            m->cov[last ? TC_L1_T_R10_LAST : TC_L1_T_R10_MORE]++;
        } else {
            m->cov[last ? TC_L1_T_R12_LAST : TC_L1_T_R12_MORE]++;
        }
    }
    touch(m, idx);
}

/*--- (b) the FIFO head, section 6; returns true when the head was processed (pop) -------------*/

/* A STORE at the head that finds its line idx in es (after L3: V, V_M, I_V or I_I): C07-C10;
 * under TC-Weak-C (section 12 K1) and TC-Strong (section 13 G1) a V line takes C17 instead:
 * UPGR(lTS), the copy is not written, the line goes to I_I (data and lTS kept, as C12), so no
 * wavefront of the SM reads the store before the bank has performed it. */
static void l1_store(tc_l1_t* m, tc_l1_meta_t* L, uint32_t idx, uint32_t es,
                     const tc_l1_fentry_t* q, uint32_t era) {
    tc_req_t* r;
    if (es == TC_L1_V && m->d.protocol != TC_WEAK) {
        r = req_put(m, TC_REQ_UPGR, q->wf, q->line);
        r->ts = L->lts; /* L8 */
        r->era = era;
        L->st = TC_L1_I_I;
        m->cov[TC_L1_T_C17]++;
    } else if (es == TC_L1_V || es == TC_L1_V_M) {
        gpucoh_masked_write(tc_l1_line_data(m, idx), m->fdata + (size_t)m->fhead * m->lw,
                            m->fmask + (size_t)m->fhead * m->mw, m->lw);
        r = req_put(m, TC_REQ_UPGR, q->wf, q->line);
        r->ts = L->lts; /* L8 */
        r->era = era;
        L->st = TC_L1_V_M;
        m->cov[es == TC_L1_V ? TC_L1_T_C07 : TC_L1_T_C08]++;
    } else if (es == TC_L1_I_V) {
        r = req_put(m, TC_REQ_GETX, q->wf, q->line);
        L->waw = 1u;
        L->st = TC_L1_I_I;
        m->cov[TC_L1_T_C09]++;
    } else {
        r = req_put(m, TC_REQ_GETX, q->wf, q->line);
        if (L->rd != 0u) {
            L->waw = 1u;
        }
        m->cov[TC_L1_T_C10]++;
    }
    req_store(m, r, m->fhead);
    L->wcnt++;
    if (L->wcnt == m->cmax) {
        fc(m, TC_L1_F_WCNT_MAX);
    }
}

/* The FIFO head's request, decoded once for l1_head and its parts. */
typedef struct {
    const tc_l1_fentry_t* q;
    uint64_t line, tag, wbit;
    uint32_t set, base, op, wf;
} l1_hd_t;

/* A miss (es I): the victim (L6), the allocation and the request (false: no victim, stall).
 * w / expv: the expired way kept for exp and as the preferred victim. */
static bool l1_miss(tc_l1_t* m, const l1_hd_t* h, uint32_t now, int w, bool expv,
                    tc_gwct_in_t* gi) {
    const uint32_t ways = m->d.l1_ways;
    bool evict = false;
    const int v = l1_victim(m, h->set, now, expv ? w : -1, &evict);
    if (v < 0) {
        m->cov[TC_L1_T_S01]++;
        return false;
    }
    if (expv) {
        m->cov[TC_L1_T_E01]++;
        l1_fcov_exp(m, m->line[h->base + (uint32_t)w].lts, now);
    }
    if (evict) {
        m->cov[TC_L1_T_V03]++;
    }
    const uint32_t idx = h->base + (uint32_t)v;
    tc_l1_meta_t* L = &m->line[idx];
    L->tag = h->tag; /* allocation; data kept */
    L->lts = 0u;
    L->rd = 0u;
    L->waw = 0u;
    L->wcnt = 0u;
    L->orig = 0u;
    L->late = 0u;
    L->mts = 0u;
    m->rr[h->set] = ((uint32_t)v + 1u == ways) ? 0u : (uint32_t)v + 1u;
    if (((h->tag >> (m->la - m->set_bits - 1u)) & 1u) != 0u) {
        fc(m, TC_L1_F_ALLOC_TAG_MSB);
    }
    if (h->set + 1u == m->d.l1_sets) {
        fc(m, TC_L1_F_ALLOC_SET_TOP);
    }
    if ((uint32_t)v + 1u == ways) {
        fc(m, TC_L1_F_RR_PTR_WRAP);
    }
    if (h->op == TC_OP_LOAD) {
        tc_req_t* r = req_put(m, TC_REQ_GETS, 0u, h->line);
        r->exp = expv;
        L->rd = 1u;
        L->orig = h->wbit;
        L->st = TC_L1_I_V;
        m->cov[TC_L1_T_C06]++;
    } else if (h->op == TC_OP_STORE) {
        tc_req_t* r = req_put(m, TC_REQ_GETX, h->wf, h->line);
        req_store(m, r, m->fhead);
        L->wcnt = 1u;
        L->st = TC_L1_I_I;
        m->cov[TC_L1_T_C11]++;
    } else {
        tc_req_t* r = req_put(m, TC_REQ_ATOMIC, h->wf, h->line);
        req_atomic(r, h->q);
        L->wcnt = 1u;
        L->st = TC_L1_I_I;
        m->cov[TC_L1_T_C16]++;
    }
    if (h->op == TC_OP_STORE || h->op == TC_OP_ATOMIC) {
        gi->iss_valid = true;
        gi->iss_wf = h->wf;
    }
    touch(m, idx);
    return true;
}

/* A load of a present line (es not I): a hit, a merge into the outstanding GETS, or a new GETS.
 * True when the line was written. */
static bool l1_load(tc_l1_t* m, const l1_hd_t* h, tc_l1_meta_t* L, uint32_t idx, uint32_t es,
                    uint32_t now) {
    if (es == TC_L1_I_I && L->wcnt > 0u && L->lts >= now && m->d.protocol != TC_WEAK) {
        fc(m, TC_L1_F_PEND_WR_LOAD); /* section 13: the live copy a K1 / G1 store hid */
    }
    if (es == TC_L1_V || es == TC_L1_V_M) {
        crsp_put(m, TC_CRSP_LOAD, h->wbit, h->line, tc_l1_line_data(m, idx));
        m->cov[es == TC_L1_V ? TC_L1_T_C01 : TC_L1_T_C02]++;
        if (es == TC_L1_V && m->d.protocol == TC_WEAK_C && m->cobl >= now) {
            fc(m, TC_L1_F_OBL_HIT); /* cobl_q: K2 applies after the event */
        }
        return false;
    }
    if (es == TC_L1_I_V || L->rd != 0u) {
        L->late |= h->wbit;
        L->mts = now;
        if ((L->orig | L->late) == gpucoh_mask64(m->d.num_wf)) {
            fc(m, TC_L1_F_MERGE_ALL);
        }
        m->cov[es == TC_L1_I_V ? TC_L1_T_C03 : TC_L1_T_C04]++;
        return true;
    }
    (void)req_put(m, TC_REQ_GETS, 0u, h->line); /* exp 0 (reading 8) */
    L->rd = 1u;
    L->orig = h->wbit;
    L->late = 0u;
    L->mts = 0u;
    L->waw = 0u;
    m->cov[TC_L1_T_C05]++;
    return true;
}

/* An atomic to a present line (es not I): the request, the line to I_I with one more write. */
static void l1_atomic(tc_l1_t* m, const l1_hd_t* h, tc_l1_meta_t* L, uint32_t es,
                      tc_gwct_in_t* gi) {
    tc_req_t* r = req_put(m, TC_REQ_ATOMIC, h->wf, h->line);
    req_atomic(r, h->q);
    if (es == TC_L1_V) {
        m->cov[TC_L1_T_C12]++;
    } else if (es == TC_L1_V_M) {
        m->cov[TC_L1_T_C13]++;
    } else if (es == TC_L1_I_V) {
        L->waw = 1u;
        m->cov[TC_L1_T_C14]++;
    } else {
        if (L->rd != 0u) {
            L->waw = 1u;
        }
        m->cov[TC_L1_T_C15]++;
    }
    L->st = TC_L1_I_I;
    L->wcnt++;
    if (L->wcnt == m->cmax) {
        fc(m, TC_L1_F_WCNT_MAX);
    }
    gi->iss_valid = true;
    gi->iss_wf = h->wf;
}

static bool l1_head(tc_l1_t* m, uint32_t now, uint32_t era, uint64_t full_q, tc_gwct_in_t* gi) {
    l1_hd_t h;
    h.q = &m->fifo[m->fhead];
    h.line = h.q->line;
    h.set = (uint32_t)(h.line & (m->d.l1_sets - 1u));
    h.tag = h.line >> m->set_bits;
    h.base = h.set * m->d.l1_ways;
    h.op = h.q->op;
    h.wf = h.q->wf;
    h.wbit = (uint64_t)1 << h.wf;
    const int w = find_way(m, h.set, h.tag);
    tc_l1_meta_t* L = w >= 0 ? &m->line[h.base + (uint32_t)w] : NULL;
    uint32_t es = TC_L1_I;
    bool expv = false, e02 = false;
    if (L != NULL) {
        es = L->st;
        if (es == TC_L1_V && L->lts < now) {
            es = TC_L1_I; /* L3: tag kept for exp and the victim */
            expv = true;
        } else if (es == TC_L1_V_M && L->lts < now) {
            es = TC_L1_I_I;
            e02 = true;
        }
    }
    const bool wr = h.op == TC_OP_STORE || h.op == TC_OP_ATOMIC;
    if (wr) {
        if (((full_q >> h.wf) & 1u) != 0u) {
            m->cov[TC_L1_T_S02]++; /* L7, reading 3 */
            return false;
        }
        if (es != TC_L1_I && L->wcnt == m->cmax) {
            m->cov[TC_L1_T_S03]++;
            return false;
        }
    }
    if (es == TC_L1_I)
        return l1_miss(m, &h, now, w, expv, gi);
    const uint32_t idx = h.base + (uint32_t)w;
    bool wrote = false;
    if (e02) {
        L->st = TC_L1_I_I;
        m->cov[TC_L1_T_E02]++;
        l1_fcov_exp(m, L->lts, now);
        wrote = true;
    } else if ((es == TC_L1_V || es == TC_L1_V_M) && L->lts == now) {
        fc(m, TC_L1_F_HIT_LAST_CYCLE);
    }
    if (h.op == TC_OP_LOAD) {
        wrote = l1_load(m, &h, L, idx, es, now) || wrote;
    } else if (h.op == TC_OP_STORE) {
        l1_store(m, L, idx, es, h.q, era);
        gi->iss_valid = true;
        gi->iss_wf = h.wf;
        wrote = true;
    } else {
        l1_atomic(m, &h, L, es, gi);
        wrote = true;
    }
    if (wrote) {
        touch(m, idx);
    }
    return true;
}

/*--- (c) push ---------------------------------------------------------------------------------*/

static bool l1_push(tc_l1_t* m, const tc_core_req_t* c) {
    const uint32_t op = c->op & 3u;
    const uint32_t wf = c->wf & 63u;
    if (op == TC_OP_NONE || wf >= m->d.num_wf) {
        m->errors++; /* reading 5 */
        return false;
    }
    uint32_t slot = m->fhead + m->fcnt;
    if (slot >= m->d.l1_queue) {
        slot -= m->d.l1_queue;
    }
    tc_l1_fentry_t* q = &m->fifo[slot];
    q->op = op;
    q->wf = wf;
    q->line = c->line & gpucoh_mask64(m->la);
    memcpy(m->fdata + (size_t)slot * m->lw, c->data, (size_t)m->lw * sizeof(uint32_t));
    uint32_t* mask = m->fmask + (size_t)slot * m->mw;
    const uint32_t lb = m->d.line_bytes;
    for (uint32_t i = 0; i < m->mw; i++) { /* bits >= LineBytes are 0 */
        mask[i] = 32u * i + 32u <= lb ? c->mask[i] : c->mask[i] & ((1u << (lb - 32u * i)) - 1u);
    }
    q->aop = c->aop & 3u;
    q->word = c->word & 31u;
    q->a = c->a;
    q->b = c->b;
    m->fcnt++;
    return true;
}

/*--- one edge ---------------------------------------------------------------------------------*/

/* TC-Weak-C (section 12) after the event of (a)/(b): K2, a write or atomic sent raises cobl to
 * u_gwct's entry of its wavefront before this edge (rd_gwct_o); K3, a core response raises the
 * GWCT of every wavefront it serves to max(cobl_q, ts' of a DATA_W row) through u_gwct's
 * obligation port (gi->obl_ts holds that ts', or 0, from l1_rsp_data). */
static void l1_obligations(tc_l1_t* m, tc_gwct_in_t* gi, uint32_t cobl_q) {
    if (gi->iss_valid) {
        const uint32_t rd = tc_gwct_read(m->gwct, gi->iss_wf);
        if (rd > m->cobl) {
            m->cobl = rd;
            fc(m, TC_L1_F_COBL_RAISE);
        }
    }
    if (m->out.crsp.valid) {
        gi->obl_valid = true;
        gi->obl_mask = m->out.crsp.wf_mask;
        gi->obl_ts = gi->obl_ts > cobl_q ? gi->obl_ts : cobl_q;
    }
}

/* A quiet edge (section 4, "A quiet edge"): out of reset, no response, no core request, the core
 * FIFO empty and no roll. The full edge then clears the previous edge's messages, sets
 * core_ready (the FIFO is empty), ticks u_gwct with no issue, ack or obligation and takes its
 * fence_ready / wr_idle; this is that edge, without the rest of its work. */
static bool l1_quiet(const tc_l1_t* m, const tc_l1_in_t* in) {
    return in->rst_n && !in->rsp.valid && !in->core.valid && m->fcnt == 0u && !in->t.roll;
}

static void l1_quiet_edge(tc_l1_t* m, const tc_l1_in_t* in) {
    m->touched_n = 0u;
    m->touched_all = false;
    if (m->out.crsp.valid) {
        memset(&m->out.crsp, 0, sizeof m->out.crsp);
    }
    if (m->out.req.valid) {
        memset(&m->out.req, 0, sizeof m->out.req);
    }
    m->out.core_ready = true; /* (e): fcnt_d = 0 < L1Queue */
    tc_gwct_tick_quiet(m->gwct, in->t.now);
    l1_sync_gwct(m);
}

/* The whole edge (rule L2), the model's outputs left in m->out. */
static void l1_full_edge(tc_l1_t* m, const tc_l1_in_t* in) {
    tc_gwct_in_t gi;
    memset(&gi, 0, sizeof gi);
    gi.rst_n = in->rst_n;
    gi.t = in->t;
    m->touched_n = 0u;
    m->touched_all = false;
    const uint64_t gerr0 = m->gwct->errors;

    if (!in->rst_n) {
        l1_reset_state(m);
        tc_gwct_tick(m->gwct, &gi, NULL);
        l1_sync_gwct(m);
        m->cov[TC_L1_T_RESET]++;
        m->touched_all = true;
        m->errors += m->gwct->errors - gerr0;
        return;
    }

    const uint32_t now = in->t.now;
    const uint32_t era = in->t.era & 1u;
    const bool ready_q = m->out.core_ready;
    const uint64_t full_q = m->gwct->out.full;
    const uint32_t cobl_q = m->cobl;
    /* payloads are 0 when valid is 0: clear the previous edge's message */
    if (m->out.crsp.valid) {
        memset(&m->out.crsp, 0, sizeof m->out.crsp);
    }
    if (m->out.req.valid) {
        memset(&m->out.req, 0, sizeof m->out.req);
    }

    /* (a) / (b) */
    bool pop = false;
    if (in->rsp.valid) {
        l1_response(m, &in->rsp, now, era, &gi);
    } else if (m->fcnt > 0u) {
        pop = l1_head(m, now, era, full_q, &gi);
    }
    if (m->d.protocol == TC_WEAK_C) {
        l1_obligations(m, &gi, cobl_q);
    }
    /* (c): the slot is computed from the count before the pop (same slot either way) */
    bool pushed = false;
    if (in->core.valid) {
        if (ready_q) {
            pushed = l1_push(m, &in->core);
        } else {
            m->cov[TC_L1_T_Q01]++;
        }
    }
    if (pop) {
        if (m->fhead + 1u == m->d.l1_queue) {
            fc(m, TC_L1_F_FIFO_WRAP);
        }
        m->fhead = (m->fhead + 1u == m->d.l1_queue) ? 0u : m->fhead + 1u;
        m->fcnt--;
    }
    if (pushed && m->fcnt == m->d.l1_queue) {
        fc(m, TC_L1_F_FIFO_FULL);
    }
    /* (d) RO2 */
    if (in->t.roll) {
        const uint32_t tmax = ts_max_of(m);
        bool any = false;
        l1_fcov_roll(m);
        for (uint32_t i = 0; i < m->lines; i++) {
            tc_l1_meta_t* L = &m->line[i];
            if (L->st == TC_L1_V) {
                L->st = TC_L1_I;
                any = true;
            } else if (L->st == TC_L1_V_M) {
                L->st = TC_L1_I_I;
                any = true;
            }
            L->lts = 0u;
            L->mts = tmax;
        }
        m->cobl = 0u; /* section 12 */
        if (any) {
            m->cov[TC_L1_T_X01]++;
        }
        m->touched_all = true;
    }
    /* (e) */
    m->out.core_ready = m->fcnt < m->d.l1_queue;

    tc_gwct_tick(m->gwct, &gi, NULL);
    l1_sync_gwct(m);
    if (gi.iss_valid && m->gwct->cnt[gi.iss_wf] == (1u << m->d.wf_cnt_width) - 1u) {
        fc(m, TC_L1_F_WF_CNT_MAX);
    }
    m->errors += m->gwct->errors - gerr0;
}

void tc_l1_tick(tc_l1_t* m, const tc_l1_in_t* in, tc_l1_out_t* out) {
    if (l1_quiet(m, in)) {
        l1_quiet_edge(m, in);
    } else {
        l1_full_edge(m, in);
    }
    m->out_kept = false;
    if (out != NULL) {
        *out = m->out;
    }
}

/* A quiet edge after an edge that sent nothing changes, of the outputs, fence_ready and wr_idle
 * alone (core_ready was already 1: the FIFO was empty after the previous edge too). */
void tc_l1_tick_kept(tc_l1_t* m, const tc_l1_in_t* in, tc_l1_out_t* out) {
    if (m->out_kept && !m->out.crsp.valid && !m->out.req.valid && l1_quiet(m, in)) {
        l1_quiet_edge(m, in);
        out->fence_ready = m->out.fence_ready;
        out->wr_idle = m->out.wr_idle;
        return;
    }
    tc_l1_tick(m, in, out);
    m->out_kept = true;
}

/*--- coverage rows ----------------------------------------------------------------------------*/

static const char* const l1_ids[TC_L1_T_N] = {
    "RESET", "C01", "C02",      "C03",      "C04",      "C05",      "C06",      "C07",
    "C08",   "C09", "C10",      "C11",      "C12",      "C13",      "C14",      "C15",
    "C16",   "R01", "R02",      "R03",      "R04",      "R05",      "R06",      "R07",
    "R08",   "R09", "R10.last", "R10.more", "R11.last", "R11.more", "R12.last", "R12.more",
    "E01",   "E02", "V03",      "S01",      "S02",      "S03",      "X01",      "Q01",
    "W01",   "W02", "W03",      "W04",      "W05",      "C17",
};

static const char* const l1_names[TC_L1_T_N] = {
    "reset",
    "V x LOAD hit",
    "V_M x LOAD hit",
    "I_V x LOAD merge",
    "I_I (rd) x LOAD merge",
    "I_I (no rd) x LOAD GETS",
    "miss x LOAD allocate GETS",
    "V x STORE UPGR",
    "V_M x STORE UPGR",
    "I_V x STORE GETX",
    "I_I x STORE GETX",
    "miss x STORE allocate GETX",
    "V x ATOMIC",
    "V_M x ATOMIC",
    "I_V x ATOMIC",
    "I_I x ATOMIC",
    "miss x ATOMIC allocate",
    "I_V x DATA fill",
    "I_V x DATA, late loads re-GETS",
    "I_I x DATA, no writes pending -> I",
    "I_I x DATA, writes pending",
    "I_I x DATA, late loads re-GETS",
    "V_M x DATA_G, last write (overwrite)",
    "V_M x DATA_G, writes pending (keep)",
    "V_M x ACK/ACK_G, last write",
    "V_M x ACK/ACK_G, writes pending",
    "I_I x DATA_G write -> I",
    "I_I x DATA_G write, stays I_I",
    "I_I x DATA_G atomic -> I",
    "I_I x DATA_G atomic, stays I_I",
    "I_I x ACK/ACK_G -> I",
    "I_I x ACK/ACK_G, stays I_I",
    "V found expired (lazy V -> I)",
    "V_M found expired (lazy -> I_I)",
    "silent eviction of a valid line",
    "stall: miss with no victim",
    "stall: wavefront write counter full",
    "stall: line write counter full",
    "roll with a V or V_M line",
    "FIFO full (core_valid while not ready)",
    "I_V x DATA_W -> I (not cached)",
    "I_V x DATA_W, late loads re-GETS",
    "I_I x DATA_W, no writes pending -> I",
    "I_I x DATA_W, writes pending",
    "I_I x DATA_W, late loads re-GETS",
    "V x STORE UPGR, copy not written -> I_I",
};

const char* tc_l1_trans_id(tc_l1_trans_t r) {
    return (unsigned)r < (unsigned)TC_L1_T_N ? l1_ids[r] : "?";
}

const char* tc_l1_trans_name(tc_l1_trans_t r) {
    return (unsigned)r < (unsigned)TC_L1_T_N ? l1_names[r] : "?";
}

bool tc_l1_trans_reachable(const tc_l1_desc_t* d, tc_l1_trans_t r) {
    if (d == NULL || (unsigned)r >= (unsigned)TC_L1_T_N) {
        return false;
    }
    const uint64_t wmax = ((uint64_t)1 << d->wf_cnt_width) - 1u;
    const uint64_t cmax = ((uint64_t)1 << d->line_cnt_width) - 1u;
    const bool wc = d->protocol == TC_WEAK_C;
    const bool winv = d->protocol != TC_WEAK; /* C17: K1 (TC-Weak-C), G1 (TC-Strong) */
    switch (r) {
    case TC_L1_T_R06:
    case TC_L1_T_R07:
        return d->protocol == TC_WEAK;
    case TC_L1_T_R10_LAST:
    case TC_L1_T_R10_MORE:
        return d->protocol != TC_STRONG;
    case TC_L1_T_C02:
    case TC_L1_T_C07:
    case TC_L1_T_C08:
    case TC_L1_T_C13:
    case TC_L1_T_R08:
    case TC_L1_T_R09:
    case TC_L1_T_E02:
        return !winv; /* K1 / G1: V_M is never entered */
    case TC_L1_T_C17:
        return winv;
    case TC_L1_T_W01:
    case TC_L1_T_W02:
    case TC_L1_T_W03:
    case TC_L1_T_W04:
    case TC_L1_T_W05:
        return wc;
    case TC_L1_T_S02:
        return wmax <= (uint64_t)d->l1_sets * d->l1_ways * cmax;
    case TC_L1_T_S03:
        return cmax + 1u <= (uint64_t)d->num_wf * wmax;
    default:
        return true;
    }
}

/*--- cover points (section 10) ----------------------------------------------------------------*/

static const char* const l1_fnames[TC_L1_F_N] = {
    "VIC_EXPTAG_W0",     "VIC_EXPTAG_W1",    "VIC_EXPTAG_W2",
    "VIC_EXPTAG_W3",     "VIC_EXPTAG_W4",    "VIC_EXPTAG_W5",
    "VIC_EXPTAG_W6",     "VIC_EXPTAG_W7",    "VIC_FREE_I_W0",
    "VIC_FREE_I_W1",     "VIC_FREE_I_W2",    "VIC_FREE_I_W3",
    "VIC_FREE_I_W4",     "VIC_FREE_I_W5",    "VIC_FREE_I_W6",
    "VIC_FREE_I_W7",     "VIC_FREE_EXP_W0",  "VIC_FREE_EXP_W1",
    "VIC_FREE_EXP_W2",   "VIC_FREE_EXP_W3",  "VIC_FREE_EXP_W4",
    "VIC_FREE_EXP_W5",   "VIC_FREE_EXP_W6",  "VIC_FREE_EXP_W7",
    "VIC_RR_W0",         "VIC_RR_W1",        "VIC_RR_W2",
    "VIC_RR_W3",         "VIC_RR_W4",        "VIC_RR_W5",
    "VIC_RR_W6",         "VIC_RR_W7",        "VIC_EXPTAG_OVER_FREE",
    "VIC_FREE_OVER_V",   "VIC_EXP_BEFORE_I", "ALLOC_TAG_MSB",
    "ALLOC_SET_TOP",     "RR_SKIP",          "RR_SCAN_WRAP",
    "RR_PTR_WRAP",       "FIFO_FULL",        "FIFO_WRAP",
    "WCNT_MAX",          "WF_CNT_MAX",       "MERGE_ALL",
    "FILL_LTS_MAX",      "DATA_OLD_ERA",     "ACK_OLD_ERA",
    "HIT_LAST_CYCLE",    "EXP_FIRST_CYCLE",  "LATE_OK_BY_MTS",
    "LATE_AGAIN_WAW",    "LATE_AGAIN_LEASE", "ROLL_VM",
    "ROLL_PENDING_GETS", "ROLL_SAME_EDGE",   "COBL_RAISE",
    "OBL_HIT",           "DATAW_LATE",       "COBL_ROLL",
    "DATAW_OLD_ERA",     "PEND_WR_LOAD",
};

const char* tc_l1_fcov_name(tc_l1_fcov_t f) {
    return (unsigned)f < (unsigned)TC_L1_F_N ? l1_fnames[f] : "?";
}

/* Lines one L1 set can hold over time: 2^(LA - log2 L1Sets), capped at 2^20. */
static uint64_t l1_lines_per_set(const tc_l1_desc_t* d) {
    const uint32_t tb =
        d->addr_width - gpucoh_log2_floor(d->line_bytes) - gpucoh_log2_floor(d->l1_sets);
    return tb >= 20u ? ((uint64_t)1 << 20) : ((uint64_t)1 << tb);
}

/* Section 10: a per-way point needs way < L1Ways and enough lines mapping to the set for the
 * ways before it (rule 2 and 3: also the request's own line); the counters as S02 / S03. */
bool tc_l1_fcov_reachable(const tc_l1_t* m, tc_l1_fcov_t f) {
    if (m == NULL || (unsigned)f >= (unsigned)TC_L1_F_N) {
        return false;
    }
    const tc_l1_desc_t* d = &m->d;
    const uint64_t per_set = l1_lines_per_set(d);
    const uint32_t ways = d->l1_ways;
    if (f <= TC_L1_F_VIC_RR_W7) {
        const uint32_t rule = (uint32_t)f / 8u, w = (uint32_t)f % 8u;
        /* lines in the set at the allocation: w before way w (rule 1: the tagged line is the
         * request's own), w + 2 for rule 2 (an expired other line in way w), ways + 1 rule 3 */
        static const uint32_t extra[4] = {1u, 1u, 2u, 0u};
        const uint64_t need = rule == 3u ? (uint64_t)ways + 1u : (uint64_t)w + extra[rule];
        return w < ways && per_set >= need;
    }
    switch (f) {
    case TC_L1_F_VIC_EXPTAG_OVER_FREE:
    case TC_L1_F_VIC_FREE_OVER_V:
    case TC_L1_F_VIC_EXP_BEFORE_I:
        return ways >= 2u && per_set >= 2u;
    case TC_L1_F_RR_SKIP:
    case TC_L1_F_RR_SCAN_WRAP:
        return ways >= 2u && per_set >= (uint64_t)ways + 1u;
    case TC_L1_F_RR_PTR_WRAP:
        return per_set >= ways;
    case TC_L1_F_WCNT_MAX:
        return (uint64_t)m->cmax <= (uint64_t)d->num_wf * ((1u << d->wf_cnt_width) - 1u);
    case TC_L1_F_WF_CNT_MAX:
        return tc_l1_trans_reachable(d, TC_L1_T_S02); /* S02 is this count reached */
    case TC_L1_F_ROLL_VM:
        return d->protocol == TC_WEAK; /* K1 / G1: no V_M line under TC-Weak-C, TC-Strong */
    case TC_L1_F_PEND_WR_LOAD:
        return d->protocol != TC_WEAK; /* section 13: a copy made unreadable by K1 / G1 */
    case TC_L1_F_COBL_RAISE:
    case TC_L1_F_OBL_HIT:
    case TC_L1_F_DATAW_LATE:
    case TC_L1_F_COBL_ROLL:
    case TC_L1_F_DATAW_OLD_ERA:
        return d->protocol == TC_WEAK_C;
    default:
        return true;
    }
}
