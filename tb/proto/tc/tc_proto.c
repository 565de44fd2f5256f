/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_proto.c -- Temporal Coherence on the shared system: TC's descriptor (gsys_proto_t) and its
 * configurations (tb/proto/tc/tc_sys.h, docs/framework.md "Protocols").
 *
 * Slots: tc_l1 per SM, tc_l2 per bank, one tc_timer (global: its outputs are every unit's time
 * input). Messages: tc_req_t (L1 -> L2, the crossbar stamps src) and tc_rsp_t (L2 -> L1, one copy
 * per dst bit). A fence of scope GPU waits for fence_ready[wf], of scope CTA for wr_idle[wf]
 * (tc_l1.md). Illegal inputs: tc_l1.md I1 (idle core), tc_l2.md J1 (bank request), J3 (DRAM
 * fill), J5 / J6 (atomic word / aop).
 */
#include <inttypes.h>
#include <string.h>

#include "tc_cov.h"
#include "gpucoh_bits.h"
#include "tc_gwct.h"
#include "tc_gtkw.h"
#include "tc_units.h"
#include "tc_sys.h"
#include "gsys_params.h"

_Static_assert(GSYS_MAX_LINE_WORDS == GSYS_MAX_LINE_WORDS, "gsys_op_t holds a TC line");
_Static_assert(GSYS_MASK_WORDS == GSYS_MASK_WORDS, "gsys_op_t holds a TC byte mask");
_Static_assert(GSYS_MAX_SM <= GSYS_MAX_SM && GSYS_MAX_WF <= GSYS_MAX_WF &&
                   TC_MAX_BANKS <= GSYS_MAX_BANKS,
               "the shared system holds every TC configuration");
_Static_assert((int)GSYS_AOP_ADD == (int)GSYS_AOP_ADD && (int)GSYS_AOP_EXCH == (int)GSYS_AOP_EXCH &&
                   (int)GSYS_AOP_CAS == (int)GSYS_AOP_CAS,
               "a core atomic's aop goes to the L1 as it is");
_Static_assert((int)TC_CRSP_LOAD == (int)GSYS_CRSP_LOAD &&
                   (int)TC_CRSP_ATOMIC == (int)GSYS_CRSP_ATOMIC,
               "core response kinds");

/* ---- configurations ------------------------------------------------------------------------ */

gsys_cfg_t tc_sys_cfg_default(tc_protocol_t p) {
    gsys_cfg_t c;
    memset(&c, 0, sizeof c);
    c.proto = &tc_proto;
    *TC_D(&c) = tc_desc_default(p);
    c.seed = 1;
    c.req_delay_min = 1;
    c.req_delay_max = 8;
    c.rsp_delay_min = 1;
    c.rsp_delay_max = 8;
    c.mem_lat_min = 20;
    c.mem_lat_max = 60;
    c.start = 0;
    c.deadlock_cycles = 100000;
    return c;
}

tc_desc_t tc_desc_small(tc_protocol_t p) {
    tc_desc_t d = tc_desc_default(p);
    d.num_sm = 4;
    d.num_wf = 8;
    d.num_banks = 2;
    d.line_bytes = 16;
    d.addr_width = 16;
    d.l1_sets = 4;
    d.l1_ways = 2;
    d.l2_sets = 4;
    d.l2_ways = 2;
    d.l2_mshrs = 4;
    d.ts_width = 10;
    d.l1_queue = 2;
    d.l2_queue = 2;
    d.wf_cnt_width = 3;
    d.line_cnt_width = 2;
    d.lease = 40;
    d.pred_init = 40;
    d.pred_min = 0;
    d.pred_max = 200;
    d.t_hit = 4;
    d.t_evict = 8;
    d.t_write = 8;
    d.use_t_write = 1;
    return d;
}

gsys_cfg_t tc_sys_cfg_small(tc_protocol_t p) {
    gsys_cfg_t c = tc_sys_cfg_default(p);
    *TC_D(&c) = tc_desc_small(p);
    c.req_delay_min = 1;
    c.req_delay_max = 6;
    c.rsp_delay_min = 1;
    c.rsp_delay_max = 6;
    c.mem_lat_min = 5;
    c.mem_lat_max = 30;
    return c;
}

_Static_assert(sizeof(tc_desc_t) <= GSYS_PD_MAX, "a configuration holds a tc_desc_t");

static uint32_t variant_of(const void* pd) {
    return ((const tc_desc_t*)pd)->protocol;
}

static int check(const void* pd, char* err, size_t errlen) {
    return tc_check_desc(pd, err, errlen);
}

/* The longest lease to expect: Lease, or the predictor's range near PredInit. */
static void traffic(const void* pd, gsys_traffic_t* t) {
    const tc_desc_t* d = pd;
    t->l2_sets = d->l2_sets;
    t->l2_ways = d->l2_ways;
    t->l1_sets = d->l1_sets;
    t->l1_ways = d->l1_ways;
    t->life = d->lease_mode == TC_LEASE_FIXED
                  ? d->lease
                  : (d->pred_max < 4 * d->pred_init ? d->pred_max : 4 * d->pred_init);
}

static uint32_t start_max(const void* pd) {
    return tc_ts_max(pd);
}

/* the two networks (gsys_net_t), in this order */
enum { TC_NET_REQ = 0, TC_NET_RSP = 1 };

/* ---- geometry, views and messages ---------------------------------------------------------- */

static void geometry(const void* pd, gsys_geom_t* g) {
    const tc_desc_t* d = pd;
    g->num_sm = d->num_sm;
    g->num_wf = d->num_wf;
    g->num_banks = d->num_banks;
    g->line_bytes = d->line_bytes;
    g->addr_width = d->addr_width;
}

static uint32_t bank_of(const void* pd, uint64_t line) {
    return tc_bank_of(pd, line);
}

static void sm_views(const void* pd, const void* out, size_t stride, uint32_t n,
                     gsys_sm_view_t* v) {
    const tc_desc_t* d = pd;
    const uint64_t all = d->num_wf >= 64 ? ~0ull : ((1ull << d->num_wf) - 1);
    const unsigned char* b = out;
    for (uint32_t i = 0; i < n; i++, v++, b += stride) {
        const tc_l1_out_t* o = (const tc_l1_out_t*)(const void*)b;
        v->send[TC_NET_REQ] = o->req.valid ? &o->req : NULL;
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
        const tc_l2_out_t* o = (const tc_l2_out_t*)(const void*)b;
        v->send[TC_NET_RSP] = o->rsp.valid ? &o->rsp : NULL;
        v->in_ready[TC_NET_REQ] = o->req_ready;
        v->fetch = o->mreq.fetch;
        v->fetch_line = o->mreq.fetch_line;
        v->wb = o->mreq.wb;
        v->wb_line = o->mreq.wb_line;
        v->wb_data = o->mreq.wb_data;
    }
}

static void msg_info(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi) {
    (void)pd;
    if (net == TC_NET_RSP) {
        const tc_rsp_t* p = msg;
        mi->kind = p->kind;
        mi->line = p->line;
        mi->dst = p->dst;
        mi->wf = GSYS_NO_WF;
        return;
    }
    const tc_req_t* q = msg;
    mi->kind = q->kind;
    mi->line = q->line;
    mi->dst = 0;
    /* the requests that carry a wavefront's store or atomic (the GWCT counts them) */
    mi->wf = q->kind == TC_REQ_GETX || q->kind == TC_REQ_UPGR || q->kind == TC_REQ_ATOMIC
                 ? q->wf
                 : GSYS_NO_WF;
}

/* a request's source SM; a response copy's one destination */
static void req_stamp(void* msg, uint32_t sm, uint32_t bank) {
    (void)bank;
    ((tc_req_t*)msg)->src = sm;
}

static void rsp_stamp(void* msg, uint32_t bank, uint32_t sm) {
    (void)bank;
    ((tc_rsp_t*)msg)->dst = 1ull << sm;
}

/* ---- inputs -------------------------------------------------------------------------------- */

/* The L1's core request of wavefront wf's operation (the request is all 0 before: payloads are
 * cleared after every edge that saw them valid). */
static void core_req(const void* pd, void* in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word) {
    const tc_desc_t* d = pd;
    tc_core_req_t* c = &((tc_l1_in_t*)in)->core;
    c->valid = true;
    c->wf = wf;
    c->line = line;
    switch (op->kind) {
    case GSYS_OP_LOAD:
    case GSYS_OP_ACQUIRE:
    case GSYS_OP_LOAD_LINE:
        c->op = TC_OP_LOAD;
        break;
    case GSYS_OP_ATOMIC:
        c->op = TC_OP_ATOMIC;
        c->aop = op->aop;
        c->word = word;
        c->a = op->value;
        c->b = op->value2;
        break;
    default: /* STORE, RELEASE, STORE_LINE */
        c->op = TC_OP_STORE;
        gsys_store_image(op, d->line_bytes, word, c->data, c->mask);
        break;
    }
}

static void sm_rsp(void* in, const void* msg) {
    ((tc_l1_in_t*)in)->rsp = *(const tc_rsp_t*)msg;
}

static void bank_req(void* in, const void* msg) {
    ((tc_l2_in_t*)in)->req = *(const tc_req_t*)msg;
}

static void bank_fill(const void* pd, void* in, uint64_t line, const uint32_t* data) {
    tc_mem_rsp_t* m = &((tc_l2_in_t*)in)->mem;
    m->valid = true;
    m->line = line;
    memcpy(m->data, data, tc_line_words(pd) * sizeof(uint32_t));
}

/* Reset and time into every L1 and bank; the timer's load of start at cycle 2. */
static void inputs(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                   const void* gout, uint64_t cycle, uint32_t start) {
    (void)pd;
    const tc_timer_out_t* to = gout;
    const tc_time_t tm = {to->now, to->era, to->roll};
    unsigned char* b = in;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == TC_SLOT_L1) {
            tc_l1_in_t* x = (tc_l1_in_t*)(void*)b;
            x->rst_n = !rst;
            x->t = tm;
        } else if (slot == TC_SLOT_L2) {
            tc_l2_in_t* x = (tc_l2_in_t*)(void*)b;
            x->rst_n = !rst;
            x->t = tm;
        } else {
            tc_timer_in_t* ti = (tc_timer_in_t*)(void*)b;
            memset(ti, 0, sizeof *ti);
            ti->rst_n = !rst;
            if (cycle == 2 && start != 0) {
                ti->load = true;
                ti->load_val = start;
            }
        }
    }
}

static void clear(uint32_t slot, void* vin, size_t stride, uint32_t n) {
    unsigned char* b = vin;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == TC_SLOT_L1) {
            tc_l1_in_t* in = (tc_l1_in_t*)(void*)b;
            if (in->core.valid)
                memset(&in->core, 0, sizeof in->core);
            if (in->rsp.valid)
                memset(&in->rsp, 0, sizeof in->rsp);
        } else if (slot == TC_SLOT_L2) {
            tc_l2_in_t* in = (tc_l2_in_t*)(void*)b;
            if (in->req.valid)
                memset(&in->req, 0, sizeof in->req);
            if (in->mem.valid)
                memset(&in->mem, 0, sizeof in->mem);
        }
    }
}

/* Before the first edge the timer drives now = 1 (never compared; time is never 0). */
static void reset_outputs(const void* pd, uint32_t slot, void* out) {
    (void)pd;
    if (slot == TC_SLOT_TIMER)
        ((tc_timer_out_t*)out)->now = 1;
}

/* scope GPU: fence_ready (the GWCT time has passed), CTA: wr_idle (every write acknowledged) */
static uint64_t fence_mask(const void* pd, const void* out, uint32_t scope, uint32_t order) {
    (void)order; /* SC fences as strong as the others */
    (void)pd;
    const tc_l1_out_t* o = out;
    return scope == GSYS_SCOPE_GPU ? o->fence_ready : o->wr_idle;
}

/* ---- illegal inputs ------------------------------------------------------------------------ */

/* tc_l1.md I1: an idle core presents a request the L1 must drop: op 0 (half of them), or a LOAD
 * of a wavefront >= NumWf (when NumWf < 64). No wavefront waits for it. */
static void core_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    const uint32_t w = ((const tc_desc_t*)pd)->num_wf;
    tc_core_req_t* c = &((tc_l1_in_t*)in)->core;
    memset(c, 0, sizeof *c);
    c->valid = true;
    if (w < 64 && gpucoh_rng_below(rng, 2)) {
        c->op = TC_OP_LOAD;
        c->wf = w + (uint32_t)gpucoh_rng_below(rng, 64 - w);
    } else {
        c->op = TC_OP_NONE;
        c->wf = (uint32_t)gpucoh_rng_below(rng, w);
    }
}

/* tc_l2.md J5 / J6: the atomic carries its word number + LineBytes/4 (J5, when that fits the
 * 5-bit port; the bank takes it modulo LineBytes/4: the same word) or aop 3 (J6: the word is left
 * unchanged). The L1 carries both to the bank unchanged (tc_l1.md I7); the wavefront gets its
 * ATOMIC response as usual. Returns 2 (J5) or 3 (J6). */
static int atomic_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    tc_core_req_t* c = &((tc_l1_in_t*)in)->core;
    return gsys_illegal_atomic(rng, tc_line_words(pd), &c->word, &c->aop);
}

/* tc_l2.md J1: a request of kind 0, 5, 6 or 7 (random line, src, wf). No L1 waits for it: the
 * bank drops it at its head (a protocol error), or ignores it while req_ready is 0 (J2). */
static int bank_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    const tc_desc_t* d = pd;
    static const uint32_t bad[4] = {0u, 5u, 6u, 7u};
    const uint32_t la = d->addr_width - gpucoh_log2_ceil(d->line_bytes);
    tc_req_t* q = &((tc_l2_in_t*)in)->req;
    memset(q, 0, sizeof *q);
    q->valid = true;
    q->kind = bad[gpucoh_rng_below(rng, 4)];
    q->src = gpucoh_rng_below(rng, d->num_sm);
    q->wf = gpucoh_rng_below(rng, d->num_wf);
    q->line = gpucoh_rng_next(rng) & gpucoh_mask64(la);
    return -1; /* the request port */
}

/* ---- variants ------------------------------------------------------------------------------ */

/* Index = tc_protocol_t. The models are the paper's claims (TC-Strong "release consistency with
 * write atomicity", TC-Weak RCpc; seed001-tc.md section 1); which model each variant really
 * gives, with the evidence, is docs/memory-models.md's (issue 12). */
static const char* const SAT_RCSC[] = {"rcsc", "rcpc", NULL};
static const char* const SAT_RCPC[] = {"rcpc", NULL};
static const char* const SAT_PTX[] = {"ptx", "rcpc", NULL};
static const gsys_variant_t variants[] = {
    [TC_STRONG] = {"tc-strong", "rcsc", SAT_RCSC, true, 0, false},
    [TC_WEAK] = {"tc-weak", "rcpc", SAT_RCPC, false, 0, false},
    [TC_WEAK_C] = {"tc-weak-c", "ptx", SAT_PTX, false, 0, false},
};

/* ---- reports ------------------------------------------------------------------------------- */

static const char* const req_kinds[] = {"NONE", "GETS", "GETX", "UPGR", "ATOMIC"};
static const char* const rsp_kinds[] = {"NONE", "DATA", "DATA_G", "ACK", "ACK_G", "DATA_W"};

/* L1 -> bank requests, bank -> L1s responses (the banks have back-pressure: req_ready) */
static const gsys_net_t nets[] = {
    [TC_NET_REQ] = GSYS_NET_REQUESTS(tc_req_t, req_kinds, req_stamp, bank_req),
    [TC_NET_RSP] = GSYS_NET_RESPONSES(tc_rsp_t, rsp_kinds, rsp_stamp, sm_rsp),
};

static void l2_note(const tc_desc_t* d, const tc_l2_t* m, FILE* f) {
    uint32_t used[3] = {0, 0, 0};
    for (uint32_t k = 0; k < d->l2_mshrs; k++)
        if (m->mshr[k].v && m->mshr[k].kind < 3)
            used[m->mshr[k].kind]++;
    fprintf(f, " fifo %u mshr IS %u IM %u MI %u errors %" PRIu64, m->fcnt, used[0], used[1],
            used[2], m->errors);
    if (m->fcnt) {
        const tc_l2_fentry_t* h = &m->fifo[m->fhead];
        fprintf(f, " (head %s src %u line 0x%" PRIx64 ")", h->kind < 5 ? req_kinds[h->kind] : "?",
                h->src, h->line);
    }
}

static void unit_note(const void* pd, uint32_t slot, const void* out, const void* model, FILE* f) {
    if (slot == TC_SLOT_L1) {
        const tc_l1_out_t* o = out;
        const tc_l1_t* m = model;
        fprintf(f, " fence_ready 0x%" PRIx64 " wr_idle 0x%" PRIx64, o->fence_ready, o->wr_idle);
        if (m)
            fprintf(f, " fifo %u errors %" PRIu64, m->fcnt, m->errors);
    } else if (slot == TC_SLOT_L2 && model) {
        l2_note(pd, model, f);
    }
}

static void fence_note(const void* pd, const void* out, uint32_t wf, uint32_t scope, FILE* f) {
    (void)pd;
    const tc_l1_out_t* o = out;
    const bool gpu = scope == GSYS_SCOPE_GPU;
    fprintf(f, "%s[%u] (now %d)", gpu ? "fence_ready" : "wr_idle", wf,
            (int)(((gpu ? o->fence_ready : o->wr_idle) >> wf) & 1));
}

static void global_note(const void* pd, const void* gout, FILE* f) {
    (void)pd;
    const tc_timer_out_t* t = gout;
    fprintf(f, "time: now %u era %u", t->now, t->era);
}

static uint64_t model_errors(uint32_t slot, const void* model) {
    return slot == TC_SLOT_L1 ? ((const tc_l1_t*)model)->errors : ((const tc_l2_t*)model)->errors;
}

/* The bank's copy of a word when it holds the line valid (P, S or E). */
static bool bank_word(const void* pd, const void* model, uint64_t line, uint32_t word,
                      uint32_t* v) {
    const tc_desc_t* d = pd;
    const tc_l2_t* m = model;
    const uint32_t bb = gpucoh_log2_ceil(d->num_banks), sb = gpucoh_log2_ceil(d->l2_sets);
    const uint32_t set = (uint32_t)((line >> bb) & (d->l2_sets - 1));
    const uint64_t tag = ((line >> (bb + sb)) << bb) | (line & (d->num_banks - 1));
    for (uint32_t wy = 0; wy < d->l2_ways; wy++) {
        const uint32_t i = set * d->l2_ways + wy;
        const tc_l2_meta_t* l = &m->line[i];
        if ((l->st == TC_L2_P || l->st == TC_L2_S || l->st == TC_L2_E) && l->tag == tag) {
            *v = tc_l2_line_data(m, i)[word];
            return true;
        }
    }
    return false;
}

/* ---- the command line ---------------------------------------------------------------------- */

static void config(uint32_t variant, bool paper, gsys_cfg_t* c) {
    *c = paper ? tc_sys_cfg_default((tc_protocol_t)variant)
               : tc_sys_cfg_small((tc_protocol_t)variant);
}

/* the variant and its lease mode (TC-Strong: fixed leases; TC-Weak: predicted) */
static void set_variant(void* pd, uint32_t variant) {
    tc_desc_t* d = pd;
    d->protocol = (tc_protocol_t)variant;
    d->lease_mode = tc_desc_default((tc_protocol_t)variant).lease_mode;
}

GSYS_PARAM_HOOKS(tc)

/* every line and the MSHRs each cycle when the L1s are small, else every 1000 cycles */
static uint32_t full_every(const void* pd) {
    const tc_desc_t* d = pd;
    return gsys_full_every(d->num_sm, d->l1_sets * d->l1_ways);
}

/* The storage of the system's C models (tc_*_size): bytes per unit (the L1's includes its GWCT
 * table) and the total of NumSm L1s, NumBanks banks and the timer. */
static void model_bytes_json(const void* pd, FILE* f) {
    const tc_desc_t* d = pd;
    const tc_timer_desc_t t = tc_timer_desc_from(d);
    const tc_gwct_desc_t g = tc_gwct_desc_from(d);
    const tc_l1_desc_t a = tc_l1_desc_from(d);
    const tc_l2_desc_t b = tc_l2_desc_from(d);
    const size_t nt = tc_timer_size(&t), na = tc_l1_size(&a), nb = tc_l2_size(&b);
    fprintf(f, "{\"timer\": %zu, \"gwct\": %zu, \"l1\": %zu, \"l2\": %zu, \"total\": %zu}", nt,
            tc_gwct_size(&g), na, nb, nt + d->num_sm * na + d->num_banks * nb);
}

static void illegal_report(const gsys_cfg_t* c, uint64_t core, const uint64_t j[4], FILE* f) {
    if (c->core_illegal_per_mille)
        fprintf(f,
                "  illegal core requests presented while ready: %llu (the L1s must drop each one: "
                "tc_l1.md I1)\n",
                (unsigned long long)core);
    if (c->bank_illegal_per_mille)
        fprintf(f,
                "  illegal bank inputs (tc_l2.md section 10): J1 %llu requests of kind 0/5..7 and "
                "J3 %llu stray fills (each a protocol error), J5 %llu atomic words >= LineBytes/4 "
                "and J6 %llu aop 3 (defined effects)\n",
                (unsigned long long)j[0], (unsigned long long)j[1], (unsigned long long)j[2],
                (unsigned long long)j[3]);
}

/* the L1s count each illegal core request they drop, the banks each J1 request and J3 fill */
static uint64_t illegal_expected(uint64_t core, const uint64_t j[4]) {
    return core + j[0] + j[1];
}

/* ---- coverage ------------------------------------------------------------------------------ */

static void cov_add(void* cov, uint32_t slot, const void* model) {
    if (slot == TC_SLOT_L1)
        tc_cov_add_l1(cov, model);
    else if (slot == TC_SLOT_L2)
        tc_cov_add_l2(cov, model);
}

static void cov_summary(const void* cov, const void* pd, char* buf, size_t n) {
    uint32_t c1 = 0, r1 = 0, c2 = 0, r2 = 0, f1 = 0, q1 = 0, f2 = 0, q2 = 0;
    tc_cov_count(cov, pd, &c1, &r1, &c2, &r2);
    tc_cov_fcount(cov, &f1, &q1, &f2, &q2);
    snprintf(buf, n, "coverage l1 %u/%u l2 %u/%u, cover points l1 %u/%u l2 %u/%u", c1, r1, c2, r2,
             f1, q1, f2, q2);
}

static void cov_print(const void* cov, const void* pd, bool rows, FILE* f) {
    tc_cov_print(cov, pd, rows, f);
}

static void cov_json(const void* cov, const void* pd, FILE* f) {
    uint32_t c1 = 0, r1 = 0, c2 = 0, r2 = 0;
    tc_cov_count(cov, pd, &c1, &r1, &c2, &r2);
    fprintf(f,
            ", \"l1_covered\": %u, \"l1_reachable\": %u, \"l2_covered\": %u, \"l2_reachable\": "
            "%u, \"cover_points\": ",
            c1, r1, c2, r2);
    tc_cov_fjson(cov, f);
}

/* ---- counters (gpucoh compare) ------------------------------------------------------------- */

static uint64_t rows(const uint64_t* cov, uint32_t first, uint32_t last) {
    uint64_t n = 0;
    for (uint32_t r = first; r <= last; r++)
        n += cov[r];
    return n;
}

/* From the coverage rows (tc_l1.md section 6 and P6, tc_l2.md): expiries found (E01 V, E02 V_M)
 * are the L1's invalidations and its lease misses (every access that found its copy expired goes
 * to the L2); stalls S01-S03 (L1) and S01-S04 (L2; S04: a write waiting for
 * leases, TC-Strong); load hits C01-C02 and misses C03-C06 (merges included). TC has no store
 * buffer: 0 flushes. */
static void counters(const void* pd, uint32_t slot, const void* model, gsys_counters_t* c) {
    (void)pd;
    if (slot == TC_SLOT_L1) {
        const uint64_t* v = ((const tc_l1_t*)model)->cov;
        c->v[GSYS_CTR_L1_INVALIDATIONS] += v[TC_L1_T_E01] + v[TC_L1_T_E02];
        c->v[GSYS_CTR_L1_LEASE_MISSES] += v[TC_L1_T_E01] + v[TC_L1_T_E02];
        c->v[GSYS_CTR_L1_STALL_CYCLES] += rows(v, TC_L1_T_S01, TC_L1_T_S03);
        c->v[GSYS_CTR_L1_LOAD_HITS] += v[TC_L1_T_C01] + v[TC_L1_T_C02];
        c->v[GSYS_CTR_L1_LOAD_MISSES] += rows(v, TC_L1_T_C03, TC_L1_T_C06);
        c->have |= 1u << GSYS_CTR_L1_INVALIDATIONS | 1u << GSYS_CTR_SB_FLUSHES |
                   1u << GSYS_CTR_L1_STALL_CYCLES | 1u << GSYS_CTR_L1_LOAD_HITS |
                   1u << GSYS_CTR_L1_LOAD_MISSES | 1u << GSYS_CTR_L1_LEASE_MISSES;
    } else if (slot == TC_SLOT_L2) {
        const uint64_t* v = ((const tc_l2_t*)model)->cov;
        c->v[GSYS_CTR_L2_STALL_CYCLES] += rows(v, TC_L2_T_S01, TC_L2_T_S04);
        c->have |= 1u << GSYS_CTR_L2_STALL_CYCLES;
    }
}

const gsys_proto_t tc_proto = {
    .name = "tc",
    .variants = variants,
    .nvariants = 3,
    .default_variant = TC_WEAK,
    .pd_size = sizeof(tc_desc_t),
    .variant_of = variant_of,
    .check = check,
    .start_max = start_max,
    .traffic = traffic,
    .wave_gtkw = tc_wave_gtkw,
    .config = config,
    .set_variant = set_variant,
    .param_set = param_set,
    .params_print = params_print,
    .params_json = params_json,
    .cli_names = tc_msg_cli_names,
    .full_every = full_every,
    .model_bytes_json = model_bytes_json,
    .illegal_report = illegal_report,
    .illegal_expected = illegal_expected,
    .start_help = "2^ts_width-1, --param ts_width",
    .slots = tc_slots,
    .nslots = TC_NSLOTS,
    .sm_slot = TC_SLOT_L1,
    .bank_slot = TC_SLOT_L2,
    .write_through = true,
    .stray_fills = true,
    .global_slot = TC_SLOT_TIMER,
    .nets = nets,
    .nnets = 2,
    .geometry = geometry,
    .bank_of = bank_of,
    .sm_views = sm_views,
    .bank_views = bank_views,
    .msg_info = msg_info,
    .core_req = core_req,
    .bank_fill = bank_fill,
    .inputs = inputs,
    .clear = clear,
    .reset_outputs = reset_outputs,
    .fence_mask = fence_mask,
    .core_illegal = core_illegal,
    .atomic_illegal = atomic_illegal,
    .bank_illegal = bank_illegal,
    .unit_note = unit_note,
    .fence_note = fence_note,
    .global_note = global_note,
    .model_errors = model_errors,
    .bank_word = bank_word,
    .cov_size = sizeof(tc_cov_t),
    .cov_add = cov_add,
    .cov_summary = cov_summary,
    .cov_print = cov_print,
    .cov_json = cov_json,
    .counters = counters,
};
