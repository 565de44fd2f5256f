/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_proto.c -- the DeNovo protocol (DeNovo-D, DeNovo-D+RO, DeNovo-H of seed 002) on the
 * shared system: its descriptor (tb/sys/gsys.h, docs/framework.md "Protocols"). Its units are
 * denovo_l1 per SM and the denovo_l2 registry bank per bank (denovo_sys_rtl.c); there is no
 * global unit. Four networks (docs/units/denovo/denovo.md section 3): req and wb from the L1s into
 * the banks' two FIFOs, rsp from the banks into the L1s (multicast by dst) and peer between L1s,
 * the last two sharing the L1's one message input (peer first). The L1 is write-back: fences are
 * given to it (fences_to_l1) and complete when it says (fence_done_o); an L1 that holds a word
 * registered (R) holds its value of record (sm_word). The GTKWave view of a divergence:
 * denovo_gtkw.c.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "denovo_check.h"
#include "denovo_cov.h"
#include "denovo_gtkw.h"
#include "denovo_sys_rtl.h"
#include "denovo_units.h"
#include "gpucoh_bits.h"
#include "gsys.h"
#include "gsys_params.h"

#define DN_D_(c) ((denovo_sys_desc_t*)gsys_pd(c))

extern const gsys_proto_t denovo_proto; /* below */

_Static_assert(sizeof(denovo_sys_desc_t) <= GSYS_PD_MAX, "a configuration holds the descriptor");
_Static_assert(offsetof(denovo_sys_desc_t, d) == 0, "pd is also the C models' denovo_desc_t");

/* Latencies as the GPU family's: small as TC's small system; paper from seed 002 Table 3 (L2 hit
 * 29-61 cycles round trip: 14..30 each way; memory 197-261: DRAM 168..200 on top). */
static gsys_cfg_t cfg_of(denovo_variant_t v, bool paper) {
    gsys_cfg_t c;
    memset(&c, 0, sizeof c);
    c.proto = &denovo_proto;
    *DN_D_(&c) = denovo_sys_config(v, paper);
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

static uint32_t variant_of(const void* pd) {
    const denovo_sys_desc_t* s = pd;
    return s->d.hrf ? DENOVO_H : s->d.ro ? DENOVO_D_RO : DENOVO_D;
}

static int check(const void* pd, char* err, size_t errlen) {
    return denovo_sys_check(pd, err, errlen);
}

static void traffic(const void* pd, gsys_traffic_t* t) {
    const denovo_sys_desc_t* s = pd;
    t->l2_sets = s->d.l2_sets;
    t->l2_ways = s->d.l2_ways;
    t->l1_sets = s->d.l1_sets;
    t->l1_ways = s->d.l1_ways;
    t->life = 0;         /* copies live until an invalidation */
    t->wide_add = true;  /* denovo_l1 F65 ADD_WRAP_L1 */
    t->fence_all = true; /* denovo_l1 F61 FENCE_ALL_WAIT */
}

/* the four networks (gsys_net_t), in this order */
enum { DN_NET_REQ = 0, DN_NET_WB = 1, DN_NET_RSP = 2, DN_NET_PEER = 3, DN_NNETS = 4 };

/* ---- geometry, views and messages ---------------------------------------------------------- */

static void geometry(const void* pd, gsys_geom_t* g) {
    const denovo_sys_desc_t* s = pd;
    g->num_sm = s->d.num_sm;
    g->num_wf = s->d.num_wf;
    g->num_banks = s->d.num_banks;
    g->line_bytes = s->d.line_bytes;
    g->addr_width = s->d.addr_width;
}

static uint32_t bank_of(const void* pd, uint64_t line) {
    return denovo_bank_of(pd, line);
}

static const void* sent(const denovo_msg_t* m) {
    return m->valid ? m : NULL;
}

static void sm_views(const void* pd, const void* out, size_t stride, uint32_t n,
                     gsys_sm_view_t* v) {
    (void)pd;
    const unsigned char* b = out;
    for (uint32_t i = 0; i < n; i++, v++, b += stride) {
        const denovo_l1_out_t* o = (const denovo_l1_out_t*)(const void*)b;
        v->send[DN_NET_REQ] = sent(&o->req);
        v->send[DN_NET_WB] = sent(&o->wb);
        v->send[DN_NET_PEER] = sent(&o->peer);
        v->in_ready[DN_NET_RSP] = o->rsp_ready;
        v->in_ready[DN_NET_PEER] = o->peer_ready;
        v->core_ready = o->core_ready;
        v->crsp_valid = o->crsp.valid;
        v->crsp_kind = o->crsp.kind; /* LOAD 1, ATOMIC 2: GSYS_CRSP_* */
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
        const denovo_l2_out_t* o = (const denovo_l2_out_t*)(const void*)b;
        v->send[DN_NET_RSP] = sent(&o->rsp);
        v->in_ready[DN_NET_REQ] = o->req_ready;
        v->in_ready[DN_NET_WB] = o->wb_ready;
        v->fetch = o->mreq.fetch;
        v->fetch_line = o->mreq.fetch_line;
        v->wb = o->mreq.wb;
        v->wb_line = o->mreq.wb_line;
        v->wb_data = o->mreq.wb_data;
    }
}

/* Kind names per network and the kind each stands for (one enum for all networks,
 * denovo_msg_kind_t; rsp's DACK = 11 is not next to its other kinds); other kinds count as 0. */
static const char* const req_kinds[] = {"NONE", "GETS", "REG"};
static const char* const wb_kinds[] = {"NONE", "WB", "DONE"};
static const char* const rsp_kinds[] = {"NONE", "DATA", "REGD", "WBACK", "RECALL", "DACK"};
static const char* const peer_kinds[] = {"NONE", "PDATA", "XFER"};
static const uint32_t req_codes[] = {DENOVO_MSG_NONE, DENOVO_MSG_GETS, DENOVO_MSG_REG};
static const uint32_t wb_codes[] = {DENOVO_MSG_NONE, DENOVO_MSG_WB, DENOVO_MSG_DONE};
static const uint32_t rsp_codes[] = {DENOVO_MSG_NONE,  DENOVO_MSG_DATA,   DENOVO_MSG_REGD,
                                     DENOVO_MSG_WBACK, DENOVO_MSG_RECALL, DENOVO_MSG_DACK};
static const uint32_t peer_codes[] = {DENOVO_MSG_NONE, DENOVO_MSG_PDATA, DENOVO_MSG_XFER};
static const uint32_t* const kind_codes[DN_NNETS] = {req_codes, wb_codes, rsp_codes, peer_codes};
static const uint32_t kind_n[DN_NNETS] = {3u, 3u, 6u, 3u};

static uint32_t kind_index(uint32_t net, uint32_t kind) {
    for (uint32_t k = 1; k < kind_n[net]; k++) {
        if (kind_codes[net][k] == kind) {
            return k;
        }
    }
    return 0u;
}

static void msg_info(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi) {
    (void)pd;
    const denovo_msg_t* m = msg;
    mi->kind = kind_index(net, m->kind);
    mi->line = m->line;
    mi->dst = net == DN_NET_RSP ? m->dst : net == DN_NET_PEER ? 1ull << (m->dst & 63u) : 0u;
    mi->wf = GSYS_NO_WF; /* registrations carry no wavefront's store */
}

/* req, wb, peer: the sending SM; a rsp copy: its one destination (the L1 ignores dst) */
static void from_sm(void* msg, uint32_t sm, uint32_t dst) {
    (void)dst;
    ((denovo_msg_t*)msg)->src = sm;
}

static void rsp_stamp(void* msg, uint32_t bank, uint32_t sm) {
    (void)bank;
    ((denovo_msg_t*)msg)->dst = 1ull << sm;
}

static void sm_msg(void* in, const void* msg) {
    ((denovo_l1_in_t*)in)->msg = *(const denovo_msg_t*)msg;
}

static void bank_req(void* in, const void* msg) {
    ((denovo_l2_in_t*)in)->req = *(const denovo_msg_t*)msg;
}

static void bank_wb(void* in, const void* msg) {
    ((denovo_l2_in_t*)in)->wb = *(const denovo_msg_t*)msg;
}

#define DN_NET(nm, nn, s, d, pr, pt, dl, k, st, dv)                                                \
    {                                                                                              \
        .name = nm, .noun = nn, .src = s, .dst = d, .prio = pr, .port = pt, .in_ready = true,      \
        .delay = dl, .size = sizeof(denovo_msg_t), .kinds = k,                                     \
        .nkinds = (uint32_t)(sizeof(k) / sizeof((k)[0])), .stamp = st, .deliver = dv               \
    }
/* denovo.md section 3: every network has back-pressure; the bank's two FIFOs are two ports, the
 * L1's rsp and peer share its one input (peer first) */
static const gsys_net_t nets[DN_NNETS] = {
    [DN_NET_REQ] = DN_NET("req", "request", GSYS_AT_SM, GSYS_AT_BANK, GSYS_PRIO_REQUEST, 0,
                          GSYS_DELAY_REQ, req_kinds, from_sm, bank_req),
    [DN_NET_WB] = DN_NET("wb", "write-back", GSYS_AT_SM, GSYS_AT_BANK, GSYS_PRIO_RESPONSE, 1,
                         GSYS_DELAY_REQ, wb_kinds, from_sm, bank_wb),
    [DN_NET_RSP] = DN_NET("rsp", "response", GSYS_AT_BANK, GSYS_AT_SM, GSYS_PRIO_FORWARD, 0,
                          GSYS_DELAY_RSP, rsp_kinds, rsp_stamp, sm_msg),
    [DN_NET_PEER] = DN_NET("peer", "peer transfer", GSYS_AT_SM, GSYS_AT_SM, GSYS_PRIO_RESPONSE, 0,
                           GSYS_DELAY_REQ, peer_kinds, from_sm, sm_msg),
};

/* ---- inputs -------------------------------------------------------------------------------- */

static bool acquires(const gsys_op_t* op) {
    return op->order == GSYS_ORD_ACQUIRE || op->order == GSYS_ORD_ACQ_REL ||
           op->order == GSYS_ORD_SC;
}

static void core_load(const denovo_sys_desc_t* s, denovo_core_req_t* c, const gsys_op_t* op) {
    c->op = DENOVO_OP_LOAD;
    c->acq = op->kind == GSYS_OP_ACQUIRE;
    c->all = op->kind == GSYS_OP_LOAD_LINE;
    c->ro = !c->acq && denovo_in_ro(s, c->line); /* D11: plain loads of the region */
}

/* The L1's core request of wavefront wf's operation (all 0 before). */
static void core_req(const void* pd, void* in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word) {
    const denovo_sys_desc_t* s = pd;
    denovo_core_req_t* c = &((denovo_l1_in_t*)in)->core;
    c->valid = true;
    c->wf = wf;
    c->line = line;
    c->word = word;
    c->gpu = op->scope == GSYS_SCOPE_GPU;
    switch (op->kind) {
    case GSYS_OP_LOAD:
    case GSYS_OP_LOAD_LINE:
    case GSYS_OP_ACQUIRE:
        core_load(s, c, op);
        break;
    case GSYS_OP_ATOMIC:
        c->op = DENOVO_OP_ATOMIC;
        c->acq = acquires(op);
        c->aop = op->aop;
        c->a = op->value;
        c->b = op->value2;
        break;
    case GSYS_OP_FENCE:
        c->op = DENOVO_OP_FENCE;
        c->line = 0;
        c->word = 0;
        break;
    default: /* STORE, RELEASE, STORE_LINE */
        c->op = DENOVO_OP_STORE;
        c->rel = op->kind == GSYS_OP_RELEASE;
        gsys_store_image(op, s->d.line_bytes, word, c->data, c->mask);
        break;
    }
    if (op->kind == GSYS_OP_LOAD || op->kind == GSYS_OP_LOAD_LINE || op->kind == GSYS_OP_STORE ||
        op->kind == GSYS_OP_STORE_LINE)
        c->gpu = false; /* no scope: plain accesses */
}

static void bank_fill(const void* pd, void* in, uint64_t line, const uint32_t* data) {
    denovo_mem_rsp_t* m = &((denovo_l2_in_t*)in)->mem;
    m->valid = true;
    m->line = line;
    memcpy(m->data, data, denovo_line_words(pd) * sizeof(uint32_t));
}

/* reset; the L1's sm_id_i: its SM (instance) index, every cycle */
static void inputs(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                   const void* gout, uint64_t cycle, uint32_t start) {
    (void)pd;
    (void)gout;
    (void)cycle;
    (void)start;
    unsigned char* b = in;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == DENOVO_SLOT_L1) {
            denovo_l1_in_t* x = (denovo_l1_in_t*)(void*)b;
            x->rst_n = !rst;
            x->sm_id = i;
        } else {
            ((denovo_l2_in_t*)(void*)b)->rst_n = !rst;
        }
    }
}

#define CLEAR(x)                                                                                   \
    do {                                                                                           \
        if ((x).valid)                                                                             \
            memset(&(x), 0, sizeof(x));                                                            \
    } while (0)

static void clear(uint32_t slot, void* vin, size_t stride, uint32_t n) {
    unsigned char* b = vin;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == DENOVO_SLOT_L1) {
            denovo_l1_in_t* in = (denovo_l1_in_t*)(void*)b;
            CLEAR(in->core);
            CLEAR(in->msg);
        } else {
            denovo_l2_in_t* in = (denovo_l2_in_t*)(void*)b;
            CLEAR(in->req);
            CLEAR(in->wb);
            CLEAR(in->mem);
        }
    }
}

/* The L1 completes fences of both scopes itself (a CTA fence at once under DeNovo-H, C20). */
static uint64_t fence_mask(const void* pd, const void* out, uint32_t scope, uint32_t order) {
    (void)pd;
    (void)scope;
    (void)order; /* SC fences as strong as the others */
    return ((const denovo_l1_out_t*)out)->fence_done;
}

/* ---- variants ------------------------------------------------------------------------------ */

/* Index = denovo_variant_t (denovo.md section 1). DeNovo-D and D+RO treat every scope as GPU
 * scope, so they give HRF-indirect as well (as GPU-D). */
static const char* const SAT_D[] = {"drf-sc", "hrf-indirect", "hrf-direct", NULL};
static const char* const SAT_H[] = {"hrf-indirect", "hrf-direct", NULL};
static const gsys_variant_t variants[] = {
    [DENOVO_D] = {"denovo-d", "drf-sc", SAT_D, true, 0, false},
    [DENOVO_D_RO] = {"denovo-d-ro", "drf-sc", SAT_D, true, 0, false},
    [DENOVO_H] = {"denovo-h", "hrf-indirect", SAT_H, true, 0, false},
};

/* ---- reports ------------------------------------------------------------------------------- */

static const char* const mv_names[] = {"free", "GETS", "REG", "DRAIN"};

static void l1_note(const denovo_l1_out_t* o, const denovo_l1_t* m, FILE* f) {
    fprintf(f, " fence_done 0x%" PRIx64 " drained %d", o->fence_done, o->drained ? 1 : 0);
    if (!m)
        return;
    fprintf(f, " errors %" PRIu64, denovo_l1_errors(m));
    const denovo_l1_desc_t* d = denovo_l1_desc(m);
    for (uint32_t k = 0; k < d->mshrs; k++) {
        denovo_l1_mshr_t e;
        denovo_l1_mshr_get(m, k, &e);
        if (e.mv)
            fprintf(f, " mshr[%u] %s line-index %u want 0x%x got 0x%x fqv 0x%x hold %u dack %u", k,
                    mv_names[e.mv & 3u], e.midx, e.want, e.got, e.fqv, e.hold, e.dack);
    }
}

static void unit_note(const void* pd, uint32_t slot, const void* out, const void* model, FILE* f) {
    (void)pd;
    if (slot == DENOVO_SLOT_L1)
        l1_note(out, model, f);
    else if (model)
        fprintf(f, " errors %" PRIu64, denovo_l2_errors(model));
}

static void fence_note(const void* pd, const void* out, uint32_t wf, uint32_t scope, FILE* f) {
    (void)pd;
    (void)scope;
    const denovo_l1_out_t* o = out;
    fprintf(f, "fence_done[%u] (now %d)", wf, (int)((o->fence_done >> wf) & 1));
}

static uint64_t model_errors(uint32_t slot, const void* model) {
    return slot == DENOVO_SLOT_L1 ? denovo_l1_errors(model) : denovo_l2_errors(model);
}

/* the registry's unregistered words of a line it holds valid (V or D) */
static bool bank_word(const void* pd, const void* model, uint64_t line, uint32_t word,
                      uint32_t* v) {
    (void)pd;
    const int64_t i = denovo_l2_find(model, line);
    if (i < 0)
        return false;
    denovo_l2_line_t l;
    denovo_l2_line_get(model, (uint32_t)i, &l);
    if ((l.st != DENOVO_L2_V && l.st != DENOVO_L2_D) || ((l.reg >> word) & 1u))
        return false;
    *v = l.data[word];
    return true;
}

/* a word R at an L1: its data (gsys_word asks the L1s before the banks) */
static bool sm_word(const void* pd, const void* model, uint64_t line, uint32_t word, uint32_t* v) {
    (void)pd;
    if (denovo_l1_word_st(model, line, word) != DENOVO_W_R)
        return false;
    denovo_l1_line_t l;
    denovo_l1_line_get(model, (uint32_t)denovo_l1_find(model, line), &l);
    *v = l.data[word];
    return true;
}

/* ---- the command line ---------------------------------------------------------------------- */

static void config(uint32_t variant, bool paper, gsys_cfg_t* c) {
    *c = cfg_of((denovo_variant_t)variant, paper);
}

static void set_variant(void* pd, uint32_t variant) {
    denovo_sys_set_variant(pd, (denovo_variant_t)variant);
}

GSYS_PARAM_HOOKS(denovo)

/* every line each cycle when the L1s are small, else every 1000 cycles */
static uint32_t full_every(const void* pd) {
    const denovo_sys_desc_t* s = pd;
    return gsys_full_every(s->d.num_sm, s->d.l1_sets * s->d.l1_ways);
}

static void model_bytes_json(const void* pd, FILE* f) {
    const denovo_sys_desc_t* s = pd;
    const denovo_l1_desc_t a = denovo_l1_desc_from(&s->d);
    const denovo_l2_desc_t b = denovo_l2_desc_from(&s->d);
    const size_t na = denovo_l1_size(&a), nb = denovo_l2_size(&b);
    fprintf(f, "{\"l1\": %zu, \"l2\": %zu, \"total\": %zu}", na, nb,
            s->d.num_sm * na + s->d.num_banks * nb);
}

/* ---- illegal inputs (denovo_l1.md section 12, denovo_l2.md section 10) ---------------------- */

/* denovo_l1.md I1: an idle core presents a request with op 0 or 5..7 (3-bit port), or a legal op
 * from a wavefront >= NumWf (6-bit port): dropped at the push, counted. */
static void core_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    denovo_core_req_t* c = &((denovo_l1_in_t*)in)->core;
    memset(c, 0, sizeof *c);
    c->valid = true;
    gsys_illegal_op_wf(rng, ((const denovo_sys_desc_t*)pd)->d.num_wf, DENOVO_OP_LOAD, &c->op,
                       &c->wf);
}

/* denovo_l1.md I4 / I5: a core's atomic carries its word + LW (I4, when that fits the 5-bit
 * port: taken modulo LW, the same word) or aop 3 (I5: writes nothing). Defined effects: 2 or 3;
 * -1 when the request given is not the atomic (its fence, given to the L1 first). */
static int atomic_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    denovo_core_req_t* c = &((denovo_l1_in_t*)in)->core;
    if (c->op != DENOVO_OP_ATOMIC)
        return -1;
    return gsys_illegal_atomic(rng, denovo_line_words(pd), &c->word, &c->aop);
}

/* denovo_l2.md I1: a message of kind 0 on the request port (Q01), or of kind 0, GETS or REG on
 * the write-back port (Q02: kinds it never receives), random line and src: popped at its FIFO's
 * head, counted. Returns the network whose ready decides whether it was presented. */
static int bank_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    static const uint32_t wb_bad[3] = {DENOVO_MSG_NONE, DENOVO_MSG_GETS, DENOVO_MSG_REG};
    const denovo_sys_desc_t* s = pd;
    const uint32_t la = s->d.addr_width - gpucoh_log2_ceil(s->d.line_bytes);
    const bool wb = gpucoh_rng_below(rng, 2) != 0;
    denovo_l2_in_t* b = in;
    denovo_msg_t* q = wb ? &b->wb : &b->req;
    memset(q, 0, sizeof *q);
    q->valid = true;
    q->kind = wb ? wb_bad[gpucoh_rng_below(rng, 3)] : DENOVO_MSG_NONE;
    q->src = gpucoh_rng_below(rng, s->d.num_sm);
    q->line = gpucoh_rng_next(rng) & gpucoh_mask64(la);
    q->mask = (uint32_t)gpucoh_rng_next(rng) & gpucoh_mask64(denovo_line_words(pd));
    return wb ? DN_NET_WB : DN_NET_REQ;
}

static void illegal_report(const gsys_cfg_t* c, uint64_t core, const uint64_t j[4], FILE* f) {
    if (c->core_illegal_per_mille)
        fprintf(f,
                "  illegal core requests presented while ready: %llu (the L1s must drop each one: "
                "denovo_l1.md I1)\n",
                (unsigned long long)core);
    if (c->bank_illegal_per_mille)
        fprintf(f,
                "  illegal inputs (denovo_l2.md section 10, denovo_l1.md section 12): I1 %llu "
                "messages of kind 0 or of a kind the port never receives (Q01 / Q02) and I2 %llu "
                "stray fills (each a protocol error), L1 I4 %llu "
                "atomic words >= LineBytes/4 and I5 %llu aop 3 (defined effects)\n",
                (unsigned long long)j[0], (unsigned long long)j[1], (unsigned long long)j[2],
                (unsigned long long)j[3]);
}

/* the L1s count each illegal core request they drop, the banks each kind-0 request and stray
 * fill */
static uint64_t illegal_expected(uint64_t core, const uint64_t j[4]) {
    return core + j[0] + j[1];
}

/* V1's lines kept from edge to edge (denovo_check_v1_kept), one struct per system (gsys owns
 * it): it starts again by itself when called for other models or not at the next edge. */
GSYS_INVARIANT_STATE(v1_new, v1_free, denovo_v1_kept_t, denovo_v1_kept_init)

/* denovo.md section 4 V1 (single owner) over the C models, after every edge (kept in st;
 * without it, the whole check) */
static uint64_t v1_check(const void* pd, void* st, const gsys_backend_t* cbe, uint64_t cycle,
                         FILE* f) {
    const denovo_sys_desc_t* s = pd;
    if (!st)
        return denovo_check_v1_backend(s, cbe, cycle, f);
    const denovo_l1_t* l1[DENOVO_MAX_SM];
    const denovo_l2_t* l2[DENOVO_MAX_BANKS];
    denovo_backend_models(s, cbe, l1, l2);
    return denovo_check_v1_kept(st, s, l1, l2, cycle, f);
}

/* ---- coverage ------------------------------------------------------------------------------ */

GSYS_COV_HOOKS(denovo, DENOVO_SLOT_L1, DENOVO_SLOT_L2)

/* ---- counters (gpucoh compare) ------------------------------------------------------------- */

/* the protocol's own counters (c->pv[k]) */
enum { PC_REGS, PC_FWD, PC_XFER, PC_RECALL, PC_KEPT, PC_N };
static const char* const ctr_names[PC_N] = {"registrations", "forwards_served", "transfers",
                                            "recalls", "inv_words_kept"};

#define HAVE(k) (1u << (k))

/* From the L1's statistics (denovo_l1.h): the V words each INV made I (DeNovo invalidates words,
 * not lines), INV events; flushes = completed fence batches plus full-buffer pops (B05); head
 * stalls S01-S04, S06-S08; load hits C01 + C07 and misses C02 + C05 + C06 + C08 (a GETS sent or
 * merged, an acquire's registration). Own counters: REGs sent, reads served to other L1s (PDATA:
 * remote-L1 hits), XFERs, and the R and VO words the INVs kept (a selective invalidation keeps
 * them where a full one would drop them: inv_words_kept against l1_invalidations). */
static void l1_counters(const denovo_l1_t* m, gsys_counters_t* c) {
    denovo_l1_stats_t st;
    denovo_l1_stats(m, &st);
    const uint64_t* v = denovo_l1_cov(m);
    c->v[GSYS_CTR_L1_INVALIDATIONS] += st.inv_words;
    c->v[GSYS_CTR_L1_INV_EVENTS] += st.inv;
    c->v[GSYS_CTR_SB_FLUSHES] += st.batches + v[DENOVO_L1_T_B05];
    for (uint32_t k = 0; k < sizeof st.stall / sizeof st.stall[0]; k++)
        c->v[GSYS_CTR_L1_STALL_CYCLES] += st.stall[k];
    c->v[GSYS_CTR_L1_LOAD_HITS] += v[DENOVO_L1_T_C01] + v[DENOVO_L1_T_C07];
    c->v[GSYS_CTR_L1_LOAD_MISSES] +=
        v[DENOVO_L1_T_C02] + v[DENOVO_L1_T_C05] + v[DENOVO_L1_T_C06] + v[DENOVO_L1_T_C08];
    c->pv[PC_REGS] += st.regs;
    c->pv[PC_FWD] += st.fwd_reads;
    c->pv[PC_XFER] += st.xfers;
    c->pv[PC_KEPT] += st.inv_kept;
    c->have |= HAVE(GSYS_CTR_L1_INVALIDATIONS) | HAVE(GSYS_CTR_SB_FLUSHES) |
               HAVE(GSYS_CTR_L1_STALL_CYCLES) | HAVE(GSYS_CTR_L1_LOAD_HITS) |
               HAVE(GSYS_CTR_L1_LOAD_MISSES) | HAVE(GSYS_CTR_L1_INV_EVENTS);
}

/* The registry: stalls S01-S04; own counter: RECALLs sent. */
static void counters(const void* pd, uint32_t slot, const void* model, gsys_counters_t* c) {
    (void)pd;
    if (slot == DENOVO_SLOT_L1) {
        l1_counters(model, c);
        return;
    }
    const uint64_t* v = denovo_l2_cov(model);
    denovo_l2_stats_t st;
    denovo_l2_stats(model, &st);
    c->v[GSYS_CTR_L2_STALL_CYCLES] +=
        v[DENOVO_L2_T_S01] + v[DENOVO_L2_T_S02] + v[DENOVO_L2_T_S03] + v[DENOVO_L2_T_S04];
    c->pv[PC_RECALL] += st.recalls;
    c->have |= HAVE(GSYS_CTR_L2_STALL_CYCLES);
}

const gsys_proto_t denovo_proto = {
    .name = "denovo",
    .variants = variants,
    .nvariants = 3,
    .default_variant = DENOVO_D,
    .pd_size = sizeof(denovo_sys_desc_t),
    .variant_of = variant_of,
    .check = check,
    .traffic = traffic,
    .config = config,
    .set_variant = set_variant,
    .param_set = param_set,
    .params_print = params_print,
    .params_json = params_json,
    .cli_names = denovo_msg_cli_names,
    .wave_gtkw = denovo_wave_gtkw,
    .full_every = full_every,
    .model_bytes_json = model_bytes_json,
    .illegal_report = illegal_report,
    .illegal_expected = illegal_expected,
    .invariant = v1_check,
    .invariant_new = v1_new,
    .invariant_free = v1_free,
    .slots = denovo_slots,
    .nslots = DENOVO_NSLOTS,
    .sm_slot = DENOVO_SLOT_L1,
    .bank_slot = DENOVO_SLOT_L2,
    .write_through = false,
    .stray_fills = true, /* denovo_l2.md I2: a fill no MSHR waits for changes nothing */
    .fences_to_l1 = true,
    .global_slot = -1,
    .nets = nets,
    .nnets = DN_NNETS,
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
    .unit_note = unit_note,
    .fence_note = fence_note,
    .model_errors = model_errors,
    .bank_word = bank_word,
    .sm_word = sm_word,
    .cov_size = sizeof(denovo_cov_t),
    .cov_add = cov_add,
    .cov_summary = cov_summary,
    .cov_print = cov_print,
    .cov_json = cov_json,
    .counters = counters,
    .ctr_names = ctr_names,
    .nctr = PC_N,
};
