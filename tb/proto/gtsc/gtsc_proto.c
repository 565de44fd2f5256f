/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_proto.c -- the G-TSC protocol (G-TSC and G-TSC-SC of seed 003, thesis chapter 3) on the
 * shared system: its descriptor (tb/sys/gsys.h, docs/framework.md "Protocols"; the page:
 * docs/units/gtsc/gtsc.md section 6). Its units are gtsc_l1 per SM, the gtsc_l2 bank per bank
 * (its number on bank_i, the lease of its parity on lease_i) and the global overflow unit gtsc_ovf
 * (gtsc_sys_rtl.c), whose ovf_i the global_in hook fills from the banks' registered ovf_o (gtsc.md
 * section 13) and whose tsrst_o is every L1's and bank's tsrst_i. Two networks: req (L1 -> its
 * line's bank, back-pressure) and rsp (bank -> the requesting L1, no back-pressure). Stores are
 * write-through; G-TSC-SC acknowledges them to the core (store_ack of its variant).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gsys.h"
#include "gsys_params.h"
#include "gtsc_check.h"
#include "gtsc_cov.h"
#include "gtsc_gtkw.h"
#include "gtsc_sys_rtl.h"
#include "gtsc_units.h"

#define GT_D_(c) ((gtsc_sys_desc_t*)gsys_pd(c))

extern const gsys_proto_t gtsc_proto; /* below */

_Static_assert(sizeof(gtsc_sys_desc_t) <= GSYS_PD_MAX, "a configuration holds the descriptor");
_Static_assert(offsetof(gtsc_sys_desc_t, d) == 0, "pd is also the C models' gtsc_desc_t");
_Static_assert((int)GTSC_CRSP_LOAD == (int)GSYS_CRSP_LOAD &&
                   (int)GTSC_CRSP_ATOMIC == (int)GSYS_CRSP_ATOMIC &&
                   (int)GTSC_CRSP_STORE == (int)GSYS_CRSP_STORE,
               "core response kinds");
_Static_assert((int)GTSC_AOP_ADD == (int)GSYS_AOP_ADD && (int)GTSC_AOP_EXCH == (int)GSYS_AOP_EXCH &&
                   (int)GTSC_AOP_CAS == (int)GSYS_AOP_CAS,
               "a core atomic's aop goes to the L1 as it is");

/* Latencies as TC's (small: TC's small system; thesis: TC's default system, the GPGPU-Sim
 * configuration both papers share). */
static gsys_cfg_t cfg_of(gtsc_variant_t v, bool paper) {
    gsys_cfg_t c;
    memset(&c, 0, sizeof c);
    c.proto = &gtsc_proto;
    *GT_D_(&c) = gtsc_sys_config(v, paper);
    c.seed = 1;
    c.req_delay_min = 1;
    c.req_delay_max = paper ? 8 : 6;
    c.rsp_delay_min = 1;
    c.rsp_delay_max = paper ? 8 : 6;
    c.mem_lat_min = paper ? 20 : 5;
    c.mem_lat_max = paper ? 60 : 30;
    c.deadlock_cycles = 100000;
    return c;
}

static uint32_t variant_of(const void* pd) {
    return ((const gtsc_sys_desc_t*)pd)->d.sc ? GTSC_SC : GTSC;
}

static int check(const void* pd, char* err, size_t errlen) {
    return gtsc_sys_check(pd, err, errlen);
}

/* a copy lives until its lease ends: at most a lease of logical time, no bound in cycles */
static void traffic(const void* pd, gsys_traffic_t* t) {
    const gtsc_sys_desc_t* s = pd;
    t->l2_sets = s->d.l2_sets;
    t->l2_ways = s->d.l2_ways;
    t->l1_sets = s->d.l1_sets;
    t->l1_ways = s->d.l1_ways;
    t->life = 0;
}

enum { GT_NET_REQ = 0, GT_NET_RSP = 1, GT_NNETS = 2 };

/* ---- geometry, views and messages ---------------------------------------------------------- */

static void geometry(const void* pd, gsys_geom_t* g) {
    const gtsc_sys_desc_t* s = pd;
    g->num_sm = s->d.num_sm;
    g->num_wf = s->d.num_wf;
    g->num_banks = s->d.num_banks;
    g->line_bytes = s->d.line_bytes;
    g->addr_width = s->d.addr_width;
}

static uint32_t bank_of(const void* pd, uint64_t line) {
    return gtsc_bank_of(pd, line);
}

/* drained: no store or atomic of any warp outstanding (wr_idle_o all ones, gtsc.md section 6) */
static void sm_views(const void* pd, const void* out, size_t stride, uint32_t n,
                     gsys_sm_view_t* v) {
    const gtsc_sys_desc_t* s = pd;
    const uint64_t all = gpucoh_mask64(s->d.num_wf);
    const unsigned char* b = out;
    for (uint32_t i = 0; i < n; i++, v++, b += stride) {
        const gtsc_l1_out_t* o = (const gtsc_l1_out_t*)(const void*)b;
        v->send[GT_NET_REQ] = o->req.valid ? &o->req : NULL;
        v->core_ready = o->core_ready;
        v->crsp_valid = o->crsp.valid;
        v->crsp_kind = o->crsp.kind;
        v->crsp_wf_mask = o->crsp.wf_mask;
        v->crsp_line = o->crsp.line;
        v->crsp_data = o->crsp.data;
        v->drained = (o->wr_idle & all) == all;
    }
}

static void bank_views(const void* pd, const void* out, size_t stride, uint32_t n,
                       gsys_bank_view_t* v) {
    (void)pd;
    const unsigned char* b = out;
    for (uint32_t i = 0; i < n; i++, v++, b += stride) {
        const gtsc_l2_out_t* o = (const gtsc_l2_out_t*)(const void*)b;
        v->send[GT_NET_RSP] = o->rsp.valid ? &o->rsp : NULL;
        v->in_ready[GT_NET_REQ] = o->req_ready;
        v->fetch = o->mreq.fetch;
        v->fetch_line = o->mreq.fetch_line;
        v->wb = o->mreq.wb;
        v->wb_line = o->mreq.wb_line;
        v->wb_data = o->mreq.wb_data;
    }
}

/* kind names: the encodings (gtsc_req_t, gtsc_rsp_t), index = code */
static const char* const req_kinds[] = {"NONE", "RD", "WR", "AT"};
static const char* const rsp_kinds[] = {"NONE", "FILL", "RNW", "WACK", "AACK"};

static void msg_info(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi) {
    (void)pd;
    if (net == GT_NET_RSP) {
        const gtsc_rsp_msg_t* p = msg;
        mi->kind = p->kind < 5u ? p->kind : 0u;
        mi->line = p->line;
        mi->dst = p->dst;
        mi->wf = GSYS_NO_WF;
        return;
    }
    const gtsc_req_msg_t* q = msg;
    mi->kind = q->kind < 4u ? q->kind : 0u;
    mi->line = q->line;
    mi->dst = 0;
    /* WR and AT carry a warp's store or atomic (write_through) */
    mi->wf = q->kind == GTSC_REQ_WR || q->kind == GTSC_REQ_AT ? q->wf : GSYS_NO_WF;
}

/* a request's source SM; a response copy's one destination (the L1 has no dst port) */
static void req_stamp(void* msg, uint32_t sm, uint32_t bank) {
    (void)bank;
    ((gtsc_req_msg_t*)msg)->src = sm;
}

static void rsp_stamp(void* msg, uint32_t bank, uint32_t sm) {
    (void)bank;
    ((gtsc_rsp_msg_t*)msg)->dst = 1ull << sm;
}

static void sm_rsp(void* in, const void* msg) {
    ((gtsc_l1_in_t*)in)->rsp = *(const gtsc_rsp_msg_t*)msg;
}

static void bank_req(void* in, const void* msg) {
    ((gtsc_l2_in_t*)in)->req = *(const gtsc_req_msg_t*)msg;
}

static const gsys_net_t nets[GT_NNETS] = {
    [GT_NET_REQ] = GSYS_NET_REQUESTS(gtsc_req_msg_t, req_kinds, req_stamp, bank_req),
    [GT_NET_RSP] = GSYS_NET_RESPONSES(gtsc_rsp_msg_t, rsp_kinds, rsp_stamp, sm_rsp),
};

/* ---- inputs (gtsc.md section 6, "How the system drives the L1") ---------------------------- */

/* The L1's core request of warp wf's operation (all 0 before). A FENCE never reaches the L1
 * (fences_to_l1 = false); a RELEASE is the system's fence, then this STORE. */
static void core_req(const void* pd, void* in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word) {
    const gtsc_sys_desc_t* s = pd;
    gtsc_core_req_t* c = &((gtsc_l1_in_t*)in)->core;
    c->valid = true;
    c->wf = wf;
    c->line = line;
    switch (op->kind) {
    case GSYS_OP_LOAD:
    case GSYS_OP_LOAD_LINE:
    case GSYS_OP_ACQUIRE: /* D15 */
        c->op = GTSC_OP_LOAD;
        break;
    case GSYS_OP_ATOMIC:
        c->op = GTSC_OP_ATOMIC;
        c->aop = op->aop;
        c->word = word;
        c->a = op->value;
        c->b = op->value2;
        break;
    default: /* STORE, RELEASE, STORE_LINE */
        c->op = GTSC_OP_STORE;
        gsys_store_image(op, s->d.line_bytes, word, c->data, c->mask);
        break;
    }
}

static void bank_fill(const void* pd, void* in, uint64_t line, const uint32_t* data) {
    const gtsc_sys_desc_t* s = pd;
    gtsc_mem_rsp_t* m = &((gtsc_l2_in_t*)in)->mem;
    m->valid = true;
    m->line = line;
    memcpy(m->data, data, s->d.line_bytes / 4u * sizeof(uint32_t));
}

/* reset and gtsc_ovf's tsrst_o into every L1 and bank, each bank's lease (D3); gtsc_ovf's ovf_i
 * is global_in's */
static void inputs(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                   const void* gout, uint64_t cycle, uint32_t start) {
    (void)cycle;
    (void)start; /* gtsc_ovf has no start value */
    const gtsc_sys_desc_t* s = pd;
    const bool tsrst = gout && ((const gtsc_ovf_out_t*)gout)->tsrst;
    unsigned char* b = in;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == GTSC_SLOT_L1) {
            gtsc_l1_in_t* x = (gtsc_l1_in_t*)(void*)b;
            x->rst_n = !rst;
            x->tsrst = tsrst;
        } else if (slot == GTSC_SLOT_L2) {
            gtsc_l2_in_t* x = (gtsc_l2_in_t*)(void*)b;
            x->rst_n = !rst;
            x->tsrst = tsrst;
            x->lease = gtsc_bank_lease(&s->d, i);
            x->bank = i; /* bank_i: the strap of bank i */
        } else {
            ((gtsc_ovf_in_t*)(void*)b)->rst_n = !rst;
        }
    }
}

/* gtsc.md section 13: ovf_i bit b := bank b's registered ovf_o, before any slot ticks */
static void global_in(const void* pd, const void* bank_out, size_t bank_osz, uint32_t nbanks,
                      void* gin) {
    (void)pd;
    const unsigned char* b = bank_out;
    uint32_t ovf = 0;
    for (uint32_t i = 0; i < nbanks; i++, b += bank_osz)
        ovf |= ((const gtsc_l2_out_t*)(const void*)b)->ovf ? 1u << i : 0u;
    ((gtsc_ovf_in_t*)gin)->ovf = ovf;
}

#define CLEAR(x)                                                                                   \
    do {                                                                                           \
        if ((x).valid)                                                                             \
            memset(&(x), 0, sizeof(x));                                                            \
    } while (0)

static void clear(uint32_t slot, void* vin, size_t stride, uint32_t n) {
    unsigned char* b = vin;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == GTSC_SLOT_L1) {
            gtsc_l1_in_t* in = (gtsc_l1_in_t*)(void*)b;
            CLEAR(in->core);
            CLEAR(in->rsp);
        } else if (slot == GTSC_SLOT_L2) {
            gtsc_l2_in_t* in = (gtsc_l2_in_t*)(void*)b;
            CLEAR(in->req);
            CLEAR(in->mem);
        } else {
            ((gtsc_ovf_in_t*)(void*)b)->ovf = 0;
        }
    }
}

/* both scopes, both orders: the warps with no store or atomic outstanding (D13, gtsc_l1 R14) */
static uint64_t fence_mask(const void* pd, const void* out, uint32_t scope, uint32_t order) {
    (void)pd;
    (void)scope;
    (void)order;
    return ((const gtsc_l1_out_t*)out)->wr_idle;
}

/* ---- variants (gtsc.md section 2) ---------------------------------------------------------- */

static const char* const SAT_RC[] = {"rcsc", "rcpc", NULL};
static const char* const SAT_SC[] = {"sc",         "rcsc",         "rcpc", "drf-sc",
                                     "hrf-direct", "hrf-indirect", "ptx",  NULL};
static const gsys_variant_t variants[] = {
    [GTSC] = {"gtsc", "rcsc", SAT_RC, true, 0u, false},
    [GTSC_SC] = {"gtsc-sc", "sc", SAT_SC, true, 0u, true}, /* store_ack */
};

/* ---- reports ------------------------------------------------------------------------------- */

static void l1_note(const gtsc_l1_out_t* o, const gtsc_l1_t* m, FILE* f) {
    fprintf(f, " wr_idle 0x%" PRIx64, o->wr_idle);
    if (!m)
        return;
    fprintf(f, " errors %" PRIu64 " ep %u fcnt %u", gtsc_l1_errors(m), gtsc_l1_ep(m),
            gtsc_l1_fcnt(m));
    const uint32_t n = gtsc_l1_desc(m)->l1_mshrs;
    for (uint32_t k = 0; k < n; k++) {
        gtsc_l1_mshr_t e;
        gtsc_l1_mshr_get(m, k, &e);
        if (e.mv)
            fprintf(f, " mshr[%u] mk %u line 0x%" PRIx64 " wait 0x%" PRIx64 " wf %u stale %u", k,
                    e.mk, e.mline, e.mwait, e.mwf, e.mst);
    }
}

static void l2_note(const gtsc_l2_out_t* o, const gtsc_l2_t* m, FILE* f) {
    fprintf(f, " ovf %d req_ready %d", o->ovf ? 1 : 0, o->req_ready ? 1 : 0);
    if (m)
        fprintf(f, " errors %" PRIu64 " mem_ts %u ep %u fcnt %u", gtsc_l2_errors(m),
                gtsc_l2_mem_ts(m), gtsc_l2_ep(m), gtsc_l2_fcnt(m));
}

static void unit_note(const void* pd, uint32_t slot, const void* out, const void* model, FILE* f) {
    (void)pd;
    if (slot == GTSC_SLOT_L1)
        l1_note(out, model, f);
    else if (slot == GTSC_SLOT_L2)
        l2_note(out, model, f);
}

static void fence_note(const void* pd, const void* out, uint32_t wf, uint32_t scope, FILE* f) {
    (void)pd;
    (void)scope;
    const gtsc_l1_out_t* o = out;
    fprintf(f, "wr_idle[%u] (now %d)", wf, (int)((o->wr_idle >> wf) & 1u));
}

static void global_note(const void* pd, const void* gout, FILE* f) {
    (void)pd;
    fprintf(f, "tsrst %d", ((const gtsc_ovf_out_t*)gout)->tsrst ? 1 : 0);
}

/* the protocol errors a unit counted: the illegal inputs it took (L1 J1, J3 / J4; bank J1, J2)
 * and its assertion violations (A1-A11, B1-B8: none expected) */
static uint64_t model_errors(uint32_t slot, const void* model) {
    if (slot == GTSC_SLOT_L1) {
        gtsc_l1_stats_t st;
        gtsc_l1_stats(model, &st);
        return gtsc_l1_errors(model) + st.illegal_core + st.protocol_errors;
    }
    if (slot == GTSC_SLOT_L2) {
        gtsc_l2_stats_t st;
        gtsc_l2_stats(model, &st);
        return gtsc_l2_errors(model) + st.stray_fills + st.illegal_req;
    }
    return 0;
}

/* the bank's data of a line it holds V or D (write-through L1s: the bank has every value) */
static bool bank_word(const void* pd, const void* model, uint64_t line, uint32_t word,
                      uint32_t* v) {
    (void)pd;
    const int64_t i = gtsc_l2_find(model, line);
    if (i < 0)
        return false;
    gtsc_l2_line_t l;
    gtsc_l2_line_get(model, (uint32_t)i, &l);
    if (l.st != GTSC_L2_V && l.st != GTSC_L2_D)
        return false;
    *v = l.data[word];
    return true;
}

/* ---- the command line ---------------------------------------------------------------------- */

static void config(uint32_t variant, bool paper, gsys_cfg_t* c) {
    *c = cfg_of((gtsc_variant_t)variant, paper);
}

static void set_variant(void* pd, uint32_t variant) {
    gtsc_sys_set_variant(pd, (gtsc_variant_t)variant);
}

GSYS_PARAM_HOOKS(gtsc)

static uint32_t full_every(const void* pd) {
    const gtsc_sys_desc_t* s = pd;
    return gsys_full_every(s->d.num_sm, s->d.l1_sets * s->d.l1_ways);
}

static void model_bytes_json(const void* pd, FILE* f) {
    const gtsc_sys_desc_t* s = pd;
    const gtsc_l1_desc_t a = gtsc_l1_desc_from(&s->d);
    const gtsc_l2_desc_t b = gtsc_l2_desc_from(&s->d);
    const size_t na = gtsc_l1_size(&a), nb = gtsc_l2_size(&b), no = sizeof(gtsc_ovf_t);
    fprintf(f, "{\"l1\": %zu, \"l2\": %zu, \"ovf\": %zu, \"total\": %zu}", na, nb, no,
            s->d.num_sm * na + s->d.num_banks * nb + no);
}

/* ---- illegal inputs (gtsc_l1.md and gtsc_l2.md section 9) ---------------------------------- */

/* an id of a 6-bit port at or above n (n < 64) */
static uint32_t above(gpucoh_rng_t* rng, uint32_t n) {
    return n + (uint32_t)gpucoh_rng_below(rng, 64u - n);
}

/* gtsc_l1 J1: an idle core presents op NONE, a LOAD of a warp >= NumWf, or an ATOMIC with aop
 * 3 (the 2-bit op port has no other illegal code): not pushed, counted. */
static void core_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    const gtsc_sys_desc_t* s = pd;
    gtsc_core_req_t* c = &((gtsc_l1_in_t*)in)->core;
    memset(c, 0, sizeof *c);
    c->valid = true;
    c->wf = (uint32_t)gpucoh_rng_below(rng, s->d.num_wf);
    const uint32_t k = (uint32_t)gpucoh_rng_below(rng, 3u);
    if (k == 1u && s->d.num_wf < 64u) {
        c->op = GTSC_OP_LOAD;
        c->wf = above(rng, s->d.num_wf);
    } else if (k == 2u) {
        c->op = GTSC_OP_ATOMIC;
        c->aop = 3u;
    } /* else op NONE */
}

/* gtsc_l1 J7: a core's atomic carries its word + LW when that fits the 5-bit port (the bank
 * takes it modulo LW: the same word), a defined effect: 2. Not aop 3, which is J1 (the L1 drops
 * it and the warp would wait forever): -1 when the word does not fit. */
static int atomic_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    (void)rng;
    const gtsc_sys_desc_t* s = pd;
    gtsc_core_req_t* c = &((gtsc_l1_in_t*)in)->core;
    const uint32_t lw = s->d.line_bytes / 4u;
    if (c->op != GTSC_OP_ATOMIC || c->word + lw >= 32u)
        return -1;
    c->word += lw;
    return 2;
}

/* gtsc_l2 J2: a request of kind NONE, from an SM >= NumSm, or an AT with aop 3: not pushed,
 * counted when presented while ready. The request port: -1. */
static int bank_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    const gtsc_sys_desc_t* s = pd;
    const uint32_t la = s->d.addr_width - gpucoh_log2_ceil(s->d.line_bytes);
    gtsc_req_msg_t* q = &((gtsc_l2_in_t*)in)->req;
    memset(q, 0, sizeof *q);
    q->valid = true;
    q->src = (uint32_t)gpucoh_rng_below(rng, s->d.num_sm);
    q->wf = (uint32_t)gpucoh_rng_below(rng, s->d.num_wf);
    q->line = gpucoh_rng_next(rng) & gpucoh_mask64(la);
    const uint32_t k = (uint32_t)gpucoh_rng_below(rng, 3u);
    if (k == 1u && s->d.num_sm < 64u) {
        q->kind = GTSC_REQ_RD;
        q->src = above(rng, s->d.num_sm);
    } else if (k == 2u) {
        q->kind = GTSC_REQ_AT;
        q->aop = 3u;
    } /* else kind NONE */
    return -1;
}

/* gtsc_l1 J3 (review 2026-11-30 section 7.4): at an L1 with nothing delivered, a response no
 * legal bank sends (kind 0 or 5..7 with rsp_valid_i): ignored, counted as a protocol error by
 * the C model and the RTL. Needs no model state. */
static int peer_illegal(const void* pd, gpucoh_rng_t* rng, void* in, const void* model) {
    (void)model;
    if (!in)
        return 0;
    const gtsc_sys_desc_t* s = pd;
    const uint32_t la = s->d.addr_width - gpucoh_log2_ceil(s->d.line_bytes);
    static const uint32_t kinds[] = {0u, 5u, 6u, 7u};
    gtsc_rsp_msg_t* r = &((gtsc_l1_in_t*)in)->rsp;
    memset(r, 0, sizeof *r);
    r->valid = true;
    r->kind = kinds[gpucoh_rng_below(rng, 4u)];
    r->line = gpucoh_rng_next(rng) & gpucoh_mask64(la);
    return 1;
}

static void illegal_report(const gsys_cfg_t* c, uint64_t core, const uint64_t j[4], FILE* f) {
    if (c->core_illegal_per_mille)
        fprintf(f,
                "  illegal core requests presented while ready: %llu (the L1s must drop each one: "
                "gtsc_l1.md J1)\n",
                (unsigned long long)core);
    if (c->bank_illegal_per_mille)
        fprintf(f,
                "  illegal inputs (gtsc_l2.md section 9, gtsc_l1.md section 9): J2 %llu requests "
                "of kind NONE, src >= NumSm or aop 3 taken while ready and J1 %llu stray fills "
                "(each a protocol error), L1 J7 %llu atomic words >= LineBytes/4 (defined "
                "effect)\n",
                (unsigned long long)j[0], (unsigned long long)j[1], (unsigned long long)j[2]);
}

/* TC's form (review 2026-11-30 section 7.3): every illegal core request, every illegal request
 * taken while ready, every stray fill; the system adds the peer_illegal responses */
static uint64_t illegal_expected(uint64_t core, const uint64_t j[4]) {
    return core + j[0] + j[1];
}

/* I4's verdicts kept from edge to edge (gtsc_check_all_kept), one struct per system (gsys owns
 * it): it starts again by itself when called for other models or not at the next edge. */
GSYS_INVARIANT_STATE(invariant_new, invariant_free, gtsc_i4_t, gtsc_i4_init)

/* gtsc.md section 11 over the C models after every edge: the units' local forms and I4 (kept in
 * st; without it, the whole check) */
static uint64_t invariant(const void* pd, void* st, const gsys_backend_t* cbe, uint64_t cycle,
                          FILE* f) {
    const gtsc_sys_desc_t* s = pd;
    const gtsc_l1_t* l1[GSYS_MAX_SM];
    const gtsc_l2_t* l2[GSYS_MAX_BANKS];
    for (uint32_t j = 0; j < s->d.num_sm; j++)
        l1[j] = gtsc_backend_c_l1(cbe, j);
    for (uint32_t b = 0; b < s->d.num_banks; b++)
        l2[b] = gtsc_backend_c_l2(cbe, b);
    if (!st)
        return gtsc_check_all(&s->d, l1, l2, cycle, f);
    return gtsc_check_all_kept(st, &s->d, l1, l2, cycle, f);
}

/* ---- coverage ------------------------------------------------------------------------------ */

/* the L1s, the banks and the global unit gtsc_ovf (its cover points Z01, Z02) */
static void cov_add(void* cov, uint32_t slot, const void* model) {
    if (slot == GTSC_SLOT_L1)
        gtsc_cov_add_l1(cov, model);
    else if (slot == GTSC_SLOT_L2)
        gtsc_cov_add_l2(cov, model);
    else if (slot == GTSC_SLOT_OVF)
        gtsc_cov_add_ovf(cov, model);
}
GSYS_COV_REPORT_HOOKS(gtsc, 3)

/* ---- counters (gpucoh compare; gtsc.md section 6) ------------------------------------------ */

enum { PC_RENEWALS, PC_RNW, PC_FILL_RENEW, PC_RESETS, PC_OLD, PC_OVERFLOWS, PC_N };
static const char* const ctr_names[PC_N] = {"renewals",  "rnw_answers",  "fill_for_renewals",
                                            "ts_resets", "old_requests", "overflows"};

#define HAVE(k) (1u << (k))

static void l1_counters(const gtsc_l1_t* m, gsys_counters_t* c) {
    gtsc_l1_stats_t st;
    gtsc_l1_stats(m, &st);
    c->v[GSYS_CTR_L1_INVALIDATIONS] += st.l1_invalidations;
    c->v[GSYS_CTR_L1_STALL_CYCLES] += st.l1_stall_cycles;
    c->v[GSYS_CTR_L1_LOAD_HITS] += st.l1_load_hits;
    c->v[GSYS_CTR_L1_LOAD_MISSES] += st.l1_load_misses;
    c->v[GSYS_CTR_L1_LEASE_MISSES] += gtsc_l1_cov(m)[GTSC_L1_T_C03]; /* a V copy, lease over */
    c->pv[PC_RENEWALS] += st.renewals;
    c->have |= HAVE(GSYS_CTR_L1_INVALIDATIONS) | HAVE(GSYS_CTR_L1_STALL_CYCLES) |
               HAVE(GSYS_CTR_L1_LOAD_HITS) | HAVE(GSYS_CTR_L1_LOAD_MISSES) |
               HAVE(GSYS_CTR_L1_LEASE_MISSES);
}

static void counters(const void* pd, uint32_t slot, const void* model, gsys_counters_t* c) {
    (void)pd;
    if (slot == GTSC_SLOT_L1) {
        l1_counters(model, c);
        return;
    }
    if (slot == GTSC_SLOT_OVF) {
        c->pv[PC_RESETS] += ((const gtsc_ovf_t*)model)->nrst_q;
        return;
    }
    gtsc_l2_stats_t st;
    gtsc_l2_stats(model, &st);
    c->v[GSYS_CTR_L2_STALL_CYCLES] += st.l2_stall_cycles;
    c->pv[PC_RNW] += st.rnw_answers;
    c->pv[PC_FILL_RENEW] += st.fill_for_renewals;
    c->pv[PC_OLD] += st.old_requests;
    c->pv[PC_OVERFLOWS] += st.overflows;
    c->have |= HAVE(GSYS_CTR_L2_STALL_CYCLES);
}

const gsys_proto_t gtsc_proto = {
    .name = "gtsc",
    .variants = variants,
    .nvariants = 2,
    .default_variant = GTSC,
    .pd_size = sizeof(gtsc_sys_desc_t),
    .variant_of = variant_of,
    .check = check,
    .traffic = traffic,
    .config = config,
    .set_variant = set_variant,
    .param_set = param_set,
    .params_print = params_print,
    .params_json = params_json,
    .cli_names = gtsc_msg_cli_names,
    .full_every = full_every,
    .model_bytes_json = model_bytes_json,
    .illegal_report = illegal_report,
    .illegal_expected = illegal_expected,
    .invariant = invariant,
    .invariant_new = invariant_new,
    .invariant_free = invariant_free,
    .start_max = NULL,
    .slots = gtsc_slots,
    .nslots = GTSC_NSLOTS,
    .sm_slot = GTSC_SLOT_L1,
    .bank_slot = GTSC_SLOT_L2,
    .write_through = true,
    .stray_fills = true, /* gtsc_l2 J1 */
    .fences_to_l1 = false,
    .wave_gtkw = gtsc_wave_gtkw,
    .global_slot = GTSC_SLOT_OVF,
    .global_in = global_in,
    .nets = nets,
    .nnets = GT_NNETS,
    .geometry = geometry,
    .bank_of = bank_of,
    .sm_views = sm_views,
    .bank_views = bank_views,
    .msg_info = msg_info,
    .core_req = core_req,
    .bank_fill = bank_fill,
    .inputs = inputs,
    .clear = clear,
    .fence_mask = fence_mask,
    .core_illegal = core_illegal,
    .atomic_illegal = atomic_illegal,
    .bank_illegal = bank_illegal,
    .peer_illegal = peer_illegal,
    .unit_note = unit_note,
    .fence_note = fence_note,
    .global_note = global_note,
    .model_errors = model_errors,
    .bank_word = bank_word,
    .sm_word = NULL,
    .store_ack = false, /* G-TSC-SC's variant sets it */
    .cov_size = sizeof(gtsc_cov_t),
    .cov_add = cov_add,
    .cov_summary = cov_summary,
    .cov_print = cov_print,
    .cov_json = cov_json,
    .counters = counters,
    .ctr_names = ctr_names,
    .nctr = PC_N,
};
