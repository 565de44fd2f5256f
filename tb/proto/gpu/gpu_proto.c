/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_proto.c -- the baseline GPU protocol (GPU-D / GPU-H, seed 002; GPU-RSP, GPU-H with
 * remote-scope promotion, docs/units/gpu/rsp.md) on the shared system: its
 * descriptor (tb/sys/gsys.h, docs/framework.md "Protocols"). Its units are gpu_l1 per SM and
 * gpu_l2 per bank (tb/proto/gpu/gpu_sys_rtl.c); there is no global unit. The L1 is not
 * write-through per store (a coalescing store buffer): fences are given to the L1
 * (fences_to_l1), which says when each completes (fence_done_o, docs/units/gpu/gpu_l1.md section
 * 7).
 */
#include <inttypes.h>
#include <string.h>

#include "gpu_check.h"
#include "gpu_cov.h"
#include "gpu_gtkw.h"
#include "gpu_sys_rtl.h"
#include "gpu_units.h"
#include "gpucoh_bits.h"
#include "gsys.h"
#include "gsys_params.h"

#define GPU_D_(c) ((gpu_desc_t*)gsys_pd(c))

extern const gsys_proto_t gpu_proto; /* below */

/* Latencies: small as TC's small system; paper from seed 002 Table 3 (L2 hit 29-61 cycles
 * round trip: 14..30 each way; memory 197-261: a DRAM latency of 168..200 on top of the trip). */
/* The variants (index of variants[] below): GPU-D and GPU-H are the values of Hrf; GPU-RSP is
 * GPU-H with Rsp = 1 (rsp.md section 1). */
enum { GPU_V_D = GPU_D, GPU_V_H = GPU_H, GPU_V_RSP = 2, GPU_NV = 3 };

static gsys_cfg_t cfg_of(uint32_t v, bool paper) {
    gsys_cfg_t c;
    memset(&c, 0, sizeof c);
    c.proto = &gpu_proto;
    const gpu_variant_t h = v == GPU_V_D ? GPU_D : GPU_H;
    *GPU_D_(&c) = paper ? gpu_desc_default(h) : gpu_desc_small(h);
    GPU_D_(&c)->rsp = v == GPU_V_RSP;
    c.seed = 1;
    c.req_delay_min = paper ? 14 : 1;
    c.req_delay_max = paper ? 30 : 6;
    c.rsp_delay_min = paper ? 14 : 1;
    c.rsp_delay_max = paper ? 30 : 6;
    c.mem_lat_min = paper ? 168 : 5;
    c.mem_lat_max = paper ? 200 : 30;
    c.deadlock_cycles = 100000;
    return c;
}

_Static_assert(sizeof(gpu_desc_t) <= GSYS_PD_MAX, "a configuration holds a gpu_desc_t");

static uint32_t variant_of(const void* pd) {
    const gpu_desc_t* d = pd;
    return d->rsp ? GPU_V_RSP : d->hrf;
}

static int check(const void* pd, char* err, size_t errlen) {
    return gpu_check_desc(pd, err, errlen);
}

static void traffic(const void* pd, gsys_traffic_t* t) {
    const gpu_desc_t* d = pd;
    t->l2_sets = d->l2_sets;
    t->l2_ways = d->l2_ways;
    t->l1_sets = d->l1_sets;
    t->l1_ways = d->l1_ways;
    t->life = 0;         /* copies live until an invalidation */
    t->wide_add = true;  /* gpu_l2 F58 ADD_WRAP: steered ADDs of large addends */
    t->fence_all = true; /* gpu_l1 F45 FENCE_ALL_WAIT: steered FENCE phases */
}

/* the three networks (gsys_net_t), in this order; peer carries nothing unless Rsp = 1 (rsp.md
 * section 3: declared for every variant) */
enum { GPU_NET_REQ = 0, GPU_NET_RSP = 1, GPU_NET_PEER = 2, GPU_NNETS = 3 };

/* ---- geometry, views and messages ---------------------------------------------------------- */

static void geometry(const void* pd, gsys_geom_t* g) {
    const gpu_desc_t* d = pd;
    g->num_sm = d->num_sm;
    g->num_wf = d->num_wf;
    g->num_banks = d->num_banks;
    g->line_bytes = d->line_bytes;
    g->addr_width = d->addr_width;
}

static uint32_t bank_of(const void* pd, uint64_t line) {
    return gpu_bank_of(pd, line);
}

static void sm_views(const void* pd, const void* out, size_t stride, uint32_t n,
                     gsys_sm_view_t* v) {
    (void)pd;
    const unsigned char* b = out;
    for (uint32_t i = 0; i < n; i++, v++, b += stride) {
        const gpu_l1_out_t* o = (const gpu_l1_out_t*)(const void*)b;
        v->send[GPU_NET_REQ] = o->req.valid ? &o->req : NULL;
        v->send[GPU_NET_PEER] = o->peer.valid ? &o->peer : NULL;
        v->core_ready = o->core_ready;
        v->crsp_valid = o->crsp.valid;
        v->crsp_kind = o->crsp.kind;
        v->crsp_wf_mask = o->crsp.wf_mask;
        v->crsp_line = o->crsp.line;
        v->crsp_data = o->crsp.data;
        v->drained = o->drained;
    }
}

static void bank_views(const void* pd, const void* out, size_t stride, uint32_t n,
                       gsys_bank_view_t* v) {
    (void)pd;
    const unsigned char* b = out;
    for (uint32_t i = 0; i < n; i++, v++, b += stride) {
        const gpu_l2_out_t* o = (const gpu_l2_out_t*)(const void*)b;
        v->send[GPU_NET_RSP] = o->rsp.valid ? &o->rsp : NULL;
        v->in_ready[GPU_NET_REQ] = o->req_ready;
        v->fetch = o->mreq.fetch;
        v->fetch_line = o->mreq.fetch_line;
        v->wb = o->mreq.wb;
        v->wb_line = o->mreq.wb_line;
        v->wb_data = o->mreq.wb_data;
    }
}

static void msg_info(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi) {
    (void)pd;
    if (net == GPU_NET_PEER) {
        const gpu_peer_t* p = msg;
        mi->kind = p->kind;
        mi->line = 0;
        mi->dst = p->dst;
        mi->wf = GSYS_NO_WF;
        return;
    }
    if (net == GPU_NET_RSP) {
        const gpu_rsp_t* p = msg;
        mi->kind = p->kind;
        mi->line = p->line;
        mi->dst = p->dst;
        mi->wf = GSYS_NO_WF;
        return;
    }
    const gpu_req_t* q = msg;
    mi->kind = q->kind;
    mi->line = q->line;
    mi->dst = 0;
    mi->wf = GSYS_NO_WF; /* write-throughs coalesce many wavefronts' stores */
}

/* a request's source SM; a response copy's one destination */
static void req_stamp(void* msg, uint32_t sm, uint32_t bank) {
    (void)bank;
    ((gpu_req_t*)msg)->src = sm;
}

static void rsp_stamp(void* msg, uint32_t bank, uint32_t sm) {
    (void)bank;
    ((gpu_rsp_t*)msg)->dst = 1ull << sm;
}

/* a peer copy: its sending SM (the L1 ignores dst) */
static void peer_stamp(void* msg, uint32_t sm, uint32_t dst) {
    (void)dst;
    ((gpu_peer_t*)msg)->src = sm;
}

/* ---- inputs -------------------------------------------------------------------------------- */

static bool acquires(const gsys_op_t* op) {
    return op->order == GSYS_ORD_ACQUIRE || op->order == GSYS_ORD_ACQ_REL ||
           op->order == GSYS_ORD_SC;
}

/* The L1's core request of wavefront wf's operation (all 0 before). */
static void core_req(const void* pd, void* in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word) {
    const gpu_desc_t* d = pd;
    gpu_core_req_t* c = &((gpu_l1_in_t*)in)->core;
    c->valid = true;
    c->wf = wf;
    c->line = line;
    c->gpu = op->scope == GSYS_SCOPE_GPU;
    c->rm = op->scope == GSYS_SCOPE_RM; /* only a variant declaring rm gets it (gsys wf_fetch) */
    switch (op->kind) {
    case GSYS_OP_LOAD:
    case GSYS_OP_LOAD_LINE:
    case GSYS_OP_ACQUIRE:
        c->op = GPU_OP_LOAD;
        c->acq = op->kind == GSYS_OP_ACQUIRE;
        break;
    case GSYS_OP_ATOMIC:
        c->op = GPU_OP_ATOMIC;
        c->acq = acquires(op);
        c->aop = op->aop;
        c->word = word;
        c->a = op->value;
        c->b = op->value2;
        break;
    case GSYS_OP_FENCE:
        c->op = GPU_OP_FENCE;
        c->line = 0;
        break;
    default: /* STORE, RELEASE, STORE_LINE */
        c->op = GPU_OP_STORE;
        c->rel = op->kind == GSYS_OP_RELEASE;
        gsys_store_image(op, d->line_bytes, word, c->data, c->mask);
        break;
    }
    if (op->kind == GSYS_OP_LOAD || op->kind == GSYS_OP_LOAD_LINE || op->kind == GSYS_OP_STORE ||
        op->kind == GSYS_OP_STORE_LINE)
        c->gpu = c->rm = false; /* no scope: plain accesses */
}

static void sm_rsp(void* in, const void* msg) {
    ((gpu_l1_in_t*)in)->rsp = *(const gpu_rsp_t*)msg;
}

static void sm_peer(void* in, const void* msg) {
    ((gpu_l1_in_t*)in)->peer = *(const gpu_peer_t*)msg;
}

static void bank_req(void* in, const void* msg) {
    ((gpu_l2_in_t*)in)->req = *(const gpu_req_t*)msg;
}

static void bank_fill(const void* pd, void* in, uint64_t line, const uint32_t* data) {
    gpu_mem_rsp_t* m = &((gpu_l2_in_t*)in)->mem;
    m->valid = true;
    m->line = line;
    memcpy(m->data, data, gpu_line_words(pd) * sizeof(uint32_t));
}

static void inputs(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                   const void* gout, uint64_t cycle, uint32_t start) {
    (void)pd;
    (void)gout;
    (void)cycle;
    (void)start;
    unsigned char* b = in;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == GPU_SLOT_L1)
            ((gpu_l1_in_t*)(void*)b)->rst_n = !rst;
        else
            ((gpu_l2_in_t*)(void*)b)->rst_n = !rst;
    }
}

static void clear(uint32_t slot, void* vin, size_t stride, uint32_t n) {
    unsigned char* b = vin;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == GPU_SLOT_L1) {
            gpu_l1_in_t* in = (gpu_l1_in_t*)(void*)b;
            if (in->core.valid)
                memset(&in->core, 0, sizeof in->core);
            if (in->rsp.valid)
                memset(&in->rsp, 0, sizeof in->rsp);
            if (in->peer.valid)
                memset(&in->peer, 0, sizeof in->peer);
        } else {
            gpu_l2_in_t* in = (gpu_l2_in_t*)(void*)b;
            if (in->req.valid)
                memset(&in->req, 0, sizeof in->req);
            if (in->mem.valid)
                memset(&in->mem, 0, sizeof in->mem);
        }
    }
}

/* The L1 completes fences of both scopes itself (a CTA fence at once under GPU-H). */
static uint64_t fence_mask(const void* pd, const void* out, uint32_t scope, uint32_t order) {
    (void)order; /* SC fences as strong as the others */
    (void)pd;
    (void)scope;
    return ((const gpu_l1_out_t*)out)->fence_done;
}

/* ---- variants ------------------------------------------------------------------------------ */

/* Index = gpu_variant_t: the models seed 002 claims (section 5.3: GD "the baseline DRF memory
 * model", GH "HRF's HRF-Indirect memory model"); docs/memory-models.md gives the evidence. GPU-D
 * treats every scope as GPU scope, so it gives HRF-indirect as well. */
static const char* const SAT_D[] = {"drf-sc", "hrf-indirect", "hrf-direct", NULL};
static const char* const SAT_H[] = {"hrf-indirect", "hrf-direct", NULL};
/* GPU-RSP: rsp.md section 1 (hrf-rsp; with rm read as GPU, hrf-indirect and hrf-direct) */
static const char* const SAT_RSP[] = {"hrf-rsp", "hrf-indirect", "hrf-direct", NULL};
static const gsys_variant_t variants[GPU_NV] = {
    [GPU_V_D] = {"gpu-d", "drf-sc", SAT_D, true, 0, false},
    [GPU_V_H] = {"gpu-h", "hrf-indirect", SAT_H, true, 0, false},
    [GPU_V_RSP] = {"gpu-rsp", "hrf-rsp", SAT_RSP, true, 1u << GSYS_SCOPE_RM, false},
};

/* ---- reports ------------------------------------------------------------------------------- */

static const char* const req_kinds[] = {"NONE", "GETS", "WT", "ATOMIC", "TOKREQ", "TOKREL"};
static const char* const rsp_kinds[] = {"NONE", "DATA", "ACK", "ATOM", "GNT"};
static const char* const peer_kinds[] = {"NONE", "LOCK", "FLUSH", "INV", "UNLOCK", "BACK"};

/* L1 -> bank requests, bank -> L1s responses (the banks have back-pressure: req_ready); L1 ->
 * L1s peer commands and acknowledgements (rsp.md section 3: the L1's port 1, no back-pressure,
 * the request delays, the sender among the destinations when named) */
static const gsys_net_t nets[GPU_NNETS] = {
    [GPU_NET_REQ] = GSYS_NET_REQUESTS(gpu_req_t, req_kinds, req_stamp, bank_req),
    [GPU_NET_RSP] = GSYS_NET_RESPONSES(gpu_rsp_t, rsp_kinds, rsp_stamp, sm_rsp),
    [GPU_NET_PEER] = {.name = "peer",
                      .noun = "peer command",
                      .src = GSYS_AT_SM,
                      .dst = GSYS_AT_SM,
                      .prio = GSYS_PRIO_FORWARD,
                      .port = 1,
                      .delay = GSYS_DELAY_REQ,
                      .size = sizeof(gpu_peer_t),
                      .kinds = peer_kinds,
                      .nkinds = sizeof peer_kinds / sizeof peer_kinds[0],
                      .stamp = peer_stamp,
                      .deliver = sm_peer},
};

static void unit_note(const void* pd, uint32_t slot, const void* out, const void* model, FILE* f) {
    (void)pd;
    if (slot == GPU_SLOT_L1) {
        const gpu_l1_out_t* o = out;
        fprintf(f, " fence_done 0x%" PRIx64 " drained %d", o->fence_done, o->drained ? 1 : 0);
        if (model)
            fprintf(f, " errors %" PRIu64, gpu_l1_errors(model));
    } else if (model) {
        fprintf(f, " errors %" PRIu64, gpu_l2_errors(model));
    }
}

static void fence_note(const void* pd, const void* out, uint32_t wf, uint32_t scope, FILE* f) {
    (void)pd;
    (void)scope;
    const gpu_l1_out_t* o = out;
    fprintf(f, "fence_done[%u] (now %d)", wf, (int)((o->fence_done >> wf) & 1));
}

static uint64_t model_errors(uint32_t slot, const void* model) {
    return slot == GPU_SLOT_L1 ? gpu_l1_errors(model) : gpu_l2_errors(model);
}

static bool bank_word(const void* pd, const void* model, uint64_t line, uint32_t word,
                      uint32_t* v) {
    (void)pd;
    return gpu_l2_word(model, line, word, v);
}

/* ---- the command line ---------------------------------------------------------------------- */

static void config(uint32_t variant, bool paper, gsys_cfg_t* c) {
    *c = cfg_of(variant, paper);
}

static void set_variant(void* pd, uint32_t variant) {
    gpu_desc_t* d = pd;
    d->hrf = variant != GPU_V_D;
    d->rsp = variant == GPU_V_RSP;
}

GSYS_PARAM_HOOKS(gpu)

/* every line each cycle when the L1s are small, else every 1000 cycles */
static uint32_t full_every(const void* pd) {
    const gpu_desc_t* d = pd;
    return gsys_full_every(d->num_sm, d->l1_sets * d->l1_ways);
}

static void model_bytes_json(const void* pd, FILE* f) {
    const gpu_desc_t* d = pd;
    const gpu_l1_desc_t a = gpu_l1_desc_from(d);
    const gpu_l2_desc_t b = gpu_l2_desc_from(d);
    const size_t na = gpu_l1_size(&a), nb = gpu_l2_size(&b);
    fprintf(f, "{\"l1\": %zu, \"l2\": %zu, \"total\": %zu}", na, nb,
            d->num_sm * na + d->num_banks * nb);
}

/* ---- illegal inputs (gpu_l1.md section 12, gpu_l2.md section 11) --------------------------- */

/* gpu_l1.md I1: an idle core presents a request with op 0 or 5..7 (3-bit port), or a legal op
 * from a wavefront >= NumWf (6-bit port). The L1 drops it at the push (RTL: push_legal) and the C
 * model counts a protocol error. */
static void core_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    gpu_core_req_t* c = &((gpu_l1_in_t*)in)->core;
    memset(c, 0, sizeof *c);
    c->valid = true;
    gsys_illegal_op_wf(rng, ((const gpu_desc_t*)pd)->num_wf, GPU_OP_LOAD, &c->op, &c->wf);
}

/* gpu_l2.md I5 / I6 (gpu_l1.md P1): a core's atomic carries its word number + LineBytes/4 (I5,
 * when that fits the 5-bit port: taken modulo LineBytes/4, the same word) or aop 3 (I6: no
 * write). The L1 performs it (GPU-H CTA atomic, C16) or carries both unchanged to the bank.
 * Returns 2 (I5) or 3 (I6); -1 when the request given is not the atomic (its fence, given to the
 * L1 first: fences_to_l1). */
static int atomic_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    gpu_core_req_t* c = &((gpu_l1_in_t*)in)->core;
    if (c->op != GPU_OP_ATOMIC)
        return -1;
    return gsys_illegal_atomic(rng, gpu_line_words(pd), &c->word, &c->aop);
}

/* gpu_l2.md I1: a request of kind 0 (random line, src, wf); with Rsp also kind 6 or 7 (rsp.md
 * section 12.5 I9, "as I1"). No L1 waits for it: the bank pops it at its head and counts a
 * protocol error (Q4; RTL: Req_KindLegal_A, a warning). Without Rsp the draws are as before. */
static int bank_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    const gpu_desc_t* d = pd;
    const uint32_t la = d->addr_width - gpucoh_log2_ceil(d->line_bytes);
    gpu_req_t* q = &((gpu_l2_in_t*)in)->req;
    memset(q, 0, sizeof *q);
    q->valid = true;
    q->kind = GPU_REQ_NONE;
    if (d->rsp) {
        static const uint32_t kinds[] = {GPU_REQ_NONE, 6u, 7u};
        q->kind = kinds[gpucoh_rng_below(rng, 3u)];
    }
    q->src = gpucoh_rng_below(rng, d->num_sm);
    q->wf = gpucoh_rng_below(rng, d->num_wf);
    q->line = gpucoh_rng_next(rng) & gpucoh_mask64(la);
    return -1; /* the request port */
}

/* rsp.md section 12.4 (GPU-RSP only, --peer-illegal-rate): at an L1 with nothing delivered in
 * the cycle, one of I7 (a BACK, where the L1's C model has no broadcast outstanding), I12 (a peer
 * message of kind 0, 6 or 7; any state) and I11 (a GNT response, where the L1 awaits no token).
 * Each changes nothing and is counted by the L1 (RTL: Rsp_BackExpected_A, Rsp_PeerKindLegal_A,
 * Rsp_GntExpected_A, warnings). Without a C model (--impl rtl) only I12. Returns 1 when one was
 * presented. */
static int peer_illegal(const void* pd, gpucoh_rng_t* rng, void* in, const void* model) {
    const gpu_desc_t* d = pd;
    if (!in)
        return d->rsp ? 0 : -1;
    gpu_l1_in_t* l = in;
    const uint32_t k = gpucoh_rng_below(rng, 5u); /* 0 I7, 1-3 I12, 4 I11 */
    const uint32_t src = gpucoh_rng_below(rng, d->num_sm);
    if (k == 4u) {
        if (!model || !gpu_l1_gnt_illegal(model))
            return 0;
        memset(&l->rsp, 0, sizeof l->rsp);
        l->rsp.valid = true;
        l->rsp.kind = GPU_RSP_GNT;
        return 1;
    }
    if (k == 0u && (!model || !gpu_l1_back_illegal(model)))
        return 0;
    static const uint32_t kinds[] = {GPU_PEER_BACK, GPU_PEER_NONE, 6u, 7u};
    memset(&l->peer, 0, sizeof l->peer);
    l->peer.valid = true;
    l->peer.kind = kinds[k];
    l->peer.src = src;
    return 1;
}

static void illegal_report(const gsys_cfg_t* c, uint64_t core, const uint64_t j[4], FILE* f) {
    if (c->core_illegal_per_mille)
        fprintf(f,
                "  illegal core requests presented while ready: %llu (the L1s must drop each one: "
                "gpu_l1.md I1)\n",
                (unsigned long long)core);
    if (c->bank_illegal_per_mille)
        fprintf(f,
                "  illegal bank inputs (gpu_l2.md section 11): I1 %llu requests of kind 0 (with "
                "Rsp also 6, 7: rsp.md I9) and "
                "I2 %llu stray fills (each a protocol error), I5 %llu atomic words >= "
                "LineBytes/4 and I6 %llu aop 3 (defined effects)\n",
                (unsigned long long)j[0], (unsigned long long)j[1], (unsigned long long)j[2],
                (unsigned long long)j[3]);
}

/* the L1s count each illegal core request they drop, the banks each kind-0 request and stray
 * fill (E4) */
static uint64_t illegal_expected(uint64_t core, const uint64_t j[4]) {
    return core + j[0] + j[1];
}

/* ---- coverage ------------------------------------------------------------------------------ */

GSYS_COV_HOOKS(gpu, GPU_SLOT_L1, GPU_SLOT_L2)

/* ---- the RSP invariants (rsp.md section 6) --------------------------------------------------- */

/* the checker's state, one per system (gsys owns it) */
static void* rsp_check_new(const void* pd) {
    (void)pd;
    return gpu_rsp_chk_new();
}

static void rsp_check_free(void* st) {
    gpu_rsp_chk_free(st);
}

static uint64_t rsp_check(const void* pd, void* st, const gsys_backend_t* cbe, uint64_t cycle,
                          FILE* f) {
    const gpu_desc_t* d = pd;
    if (d->rsp && !st) { /* invariant_new found no memory: the kept checks cannot run */
        if (f)
            fprintf(f, "V-RSP: cycle %llu: no memory for the checker's state\n",
                    (unsigned long long)cycle);
        return 1;
    }
    return gpu_check_rsp_backend(st, d, cbe, cycle, f);
}

/* ---- counters (gpucoh compare) ------------------------------------------------------------- */

/* the protocol's own counters (c->pv[k]): RSP's (rsp.md section 11), 0 without Rsp */
enum {
    PC_RM_ACQ,
    PC_RM_REL,
    PC_RM_ATOM,
    PC_B_LOCK,
    PC_B_FLUSH,
    PC_B_INV,
    PC_B_UNLOCK,
    PC_R_FLUSH,
    PC_R_INV,
    PC_L_FLUSH,
    PC_L_INV,
    PC_LOCK_STALL,
    PC_TOK_WAIT,
    PC_RM_CYC,
    PC_N
};
static const char* const ctr_names[PC_N] = {
    "rm_acquires", "rm_releases",       "rm_atomics",        "bcst_lock",    "bcst_flush",
    "bcst_inv",    "bcst_unlock",       "remote_flush",      "remote_inval", "local_flush",
    "local_inval", "lock_stall_cycles", "token_wait_cycles", "rm_cycles"};

static void rsp_counters(const gpu_l1_stats_t* st, gsys_counters_t* c) {
    const uint64_t v[PC_N] = {st->rm_acquires,       st->rm_releases,  st->rm_atomics,
                              st->bcst_lock,         st->bcst_flush,   st->bcst_inv,
                              st->bcst_unlock,       st->remote_flush, st->remote_inval,
                              st->local_flush,       st->local_inval,  st->lock_stall_cycles,
                              st->token_wait_cycles, st->rm_cycles};
    for (uint32_t k = 0; k < PC_N; k++)
        c->pv[k] += v[k];
}

/* From the L1's statistics (gpu_l1.h gpu_l1_stats_t): the valid lines each INV dropped; flushes =
 * fence / release batches completed plus full-buffer write-throughs; head stalls S01-S06; load
 * hits C01 and misses (GETS sent or merged). The L2: stalls S01, S02 and the atomic waiting for
 * its fill (A02). */
static void counters(const void* pd, uint32_t slot, const void* model, gsys_counters_t* c) {
    (void)pd;
    if (slot == GPU_SLOT_L1) {
        gpu_l1_stats_t st;
        gpu_l1_stats(model, &st);
        const uint64_t* v = gpu_l1_cov(model);
        c->v[GSYS_CTR_L1_INVALIDATIONS] += st.inv_lines;
        c->v[GSYS_CTR_L1_INV_EVENTS] += st.inv;
        c->v[GSYS_CTR_SB_FLUSHES] += st.batches + st.wt_full;
        for (uint32_t k = 0; k < 6; k++)
            c->v[GSYS_CTR_L1_STALL_CYCLES] += st.stall[k];
        /* rsp.md section 11: S07 and S08 are head stalls too */
        c->v[GSYS_CTR_L1_STALL_CYCLES] += v[GPU_L1_T_S07] + v[GPU_L1_T_S08];
        rsp_counters(&st, c);
        c->v[GSYS_CTR_L1_LOAD_HITS] += st.hits;
        c->v[GSYS_CTR_L1_LOAD_MISSES] += v[GPU_L1_T_C02] + v[GPU_L1_T_C04] + v[GPU_L1_T_C05] +
                                         v[GPU_L1_T_C06] + v[GPU_L1_T_C07] + v[GPU_L1_T_C08] +
                                         v[GPU_L1_T_C09];
        c->have |= 1u << GSYS_CTR_L1_INVALIDATIONS | 1u << GSYS_CTR_SB_FLUSHES |
                   1u << GSYS_CTR_L1_STALL_CYCLES | 1u << GSYS_CTR_L1_LOAD_HITS |
                   1u << GSYS_CTR_L1_LOAD_MISSES | 1u << GSYS_CTR_L1_INV_EVENTS;
    } else {
        const uint64_t* v = gpu_l2_cov(model);
        c->v[GSYS_CTR_L2_STALL_CYCLES] += v[GPU_L2_T_S01] + v[GPU_L2_T_S02] + v[GPU_L2_T_A02];
        c->have |= 1u << GSYS_CTR_L2_STALL_CYCLES;
    }
}

const gsys_proto_t gpu_proto = {
    .name = "gpu",
    .variants = variants,
    .nvariants = GPU_NV,
    .default_variant = GPU_D,
    .pd_size = sizeof(gpu_desc_t),
    .variant_of = variant_of,
    .check = check,
    .traffic = traffic,
    .config = config,
    .set_variant = set_variant,
    .param_set = param_set,
    .params_print = params_print,
    .params_json = params_json,
    .cli_names = gpu_msg_cli_names,
    .full_every = full_every,
    .model_bytes_json = model_bytes_json,
    .illegal_report = illegal_report,
    .illegal_expected = illegal_expected,
    .slots = gpu_slots,
    .nslots = GPU_NSLOTS,
    .sm_slot = GPU_SLOT_L1,
    .bank_slot = GPU_SLOT_L2,
    .write_through = false,
    .stray_fills = true, /* gpu_l2.md E4 / I2: a fill no MSHR waits for changes nothing */
    .fences_to_l1 = true,
    .global_slot = -1,
    .nets = nets,
    .nnets = GPU_NNETS,
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
    .wave_gtkw = gpu_wave_gtkw,
    .unit_note = unit_note,
    .fence_note = fence_note,
    .model_errors = model_errors,
    .bank_word = bank_word,
    .cov_size = sizeof(gpu_cov_t),
    .cov_add = cov_add,
    .cov_summary = cov_summary,
    .cov_print = cov_print,
    .cov_json = cov_json,
    .counters = counters,
    .ctr_names = ctr_names,
    .nctr = PC_N,
    .invariant = rsp_check,
    .invariant_new = rsp_check_new,
    .invariant_free = rsp_check_free,
};
