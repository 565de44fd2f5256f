/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_proto.c -- the hLRC protocol (hLRC and hLRC-scoped of seed 000) on the shared system: its
 * descriptor (tb/sys/gsys.h, docs/framework.md "Protocols"). Its units are hlrc_l1 per SM and the
 * hlrc_l2 bank per bank (hlrc_sys_rtl.c); there is no global unit. Four networks
 * (docs/units/hlrc/hlrc.md section 3): req, sync and wb from the L1s into the banks' three FIFOs,
 * rsp from the banks into the L1s (multicast by dst, no back-pressure). The L1 completes stores at
 * issue and takes the fences (fences_to_l1: fence_done_o); the idle drain writes every dirty byte,
 * registered lines' included, to the banks, so the host's view needs no L1 (hlrc.md D21). The
 * GTKWave view of a divergence: hlrc_gtkw.c.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gsys.h"
#include "gsys_params.h"
#include "hlrc_check.h"
#include "hlrc_cov.h"
#include "hlrc_gtkw.h"
#include "hlrc_sys_rtl.h"
#include "hlrc_units.h"

#define HL_D_(c) ((hlrc_sys_desc_t*)gsys_pd(c))

extern const gsys_proto_t hlrc_proto; /* below */

_Static_assert(sizeof(hlrc_sys_desc_t) <= GSYS_PD_MAX, "a configuration holds the descriptor");
_Static_assert(offsetof(hlrc_sys_desc_t, d) == 0, "pd is also the C models' hlrc_desc_t");

/* Latencies as the GPU and DeNovo families' (small: TC's small system; paper: seed 000 Table 4's
 * L2 and memory latencies read as DeNovo's, 14..30 cycles each way, DRAM 168..200). */
static gsys_cfg_t cfg_of(hlrc_variant_t v, bool paper) {
    gsys_cfg_t c;
    memset(&c, 0, sizeof c);
    c.proto = &hlrc_proto;
    *HL_D_(&c) = hlrc_sys_config(v, paper);
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
    return ((const hlrc_sys_desc_t*)pd)->d.scoped ? HLRC_SCOPED : HLRC;
}

static int check(const void* pd, char* err, size_t errlen) {
    return hlrc_sys_check(pd, err, errlen);
}

static void traffic(const void* pd, gsys_traffic_t* t) {
    const hlrc_sys_desc_t* s = pd;
    t->l2_sets = s->d.l2_sets;
    t->l2_ways = s->d.l2_ways;
    t->l1_sets = s->d.l1_sets;
    t->l1_ways = s->d.l1_ways;
    t->life = 0;         /* copies live until an invalidation */
    t->wide_add = true;  /* hlrc_l1 F56 ADD_WRAP_L1 */
    t->fence_all = true; /* hlrc_l1 F52 FENCE_ALL_WAIT */
}

/* the four networks (gsys_net_t), in this order */
enum { HL_NET_REQ = 0, HL_NET_SYNC = 1, HL_NET_WB = 2, HL_NET_RSP = 3, HL_NNETS = 4 };

/* ---- geometry, views and messages ---------------------------------------------------------- */

static void geometry(const void* pd, gsys_geom_t* g) {
    const hlrc_sys_desc_t* s = pd;
    g->num_sm = s->d.num_sm;
    g->num_wf = s->d.num_wf;
    g->num_banks = s->d.num_banks;
    g->line_bytes = s->d.line_bytes;
    g->addr_width = s->d.addr_width;
}

static uint32_t bank_of(const void* pd, uint64_t line) {
    return hlrc_bank_of(pd, line);
}

static const void* sent(const hlrc_msg_t* m) {
    return m->valid ? m : NULL;
}

static void sm_views(const void* pd, const void* out, size_t stride, uint32_t n,
                     gsys_sm_view_t* v) {
    (void)pd;
    const unsigned char* b = out;
    for (uint32_t i = 0; i < n; i++, v++, b += stride) {
        const hlrc_l1_out_t* o = (const hlrc_l1_out_t*)(const void*)b;
        v->send[HL_NET_REQ] = sent(&o->req);
        v->send[HL_NET_SYNC] = sent(&o->sync);
        v->send[HL_NET_WB] = sent(&o->wb);
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
        const hlrc_l2_out_t* o = (const hlrc_l2_out_t*)(const void*)b;
        v->send[HL_NET_RSP] = sent(&o->rsp);
        v->in_ready[HL_NET_REQ] = o->req_ready;
        v->in_ready[HL_NET_SYNC] = o->sync_ready;
        v->in_ready[HL_NET_WB] = o->wb_ready;
        v->fetch = o->mreq.fetch;
        v->fetch_line = o->mreq.fetch_line;
        v->wb = o->mreq.wb;
        v->wb_line = o->mreq.wb_line;
        v->wb_data = o->mreq.wb_data;
    }
}

/* Kind names per network and the kind each stands for (one enum for all networks,
 * hlrc_msg_kind_t); other kinds count as 0. */
static const char* const req_kinds[] = {"NONE", "GETS", "WT"};
static const char* const sync_kinds[] = {"NONE", "REG", "ATOMIC"};
static const char* const wb_kinds[] = {"NONE", "RACK", "EVICT"};
static const char* const rsp_kinds[] = {"NONE", "DATA", "ACK", "GRANT", "ATOM", "REVOKE", "EACK"};
static const uint32_t req_codes[] = {HLRC_MSG_NONE, HLRC_MSG_GETS, HLRC_MSG_WT};
static const uint32_t sync_codes[] = {HLRC_MSG_NONE, HLRC_MSG_REG, HLRC_MSG_ATOMIC};
static const uint32_t wb_codes[] = {HLRC_MSG_NONE, HLRC_MSG_RACK, HLRC_MSG_EVICT};
static const uint32_t rsp_codes[] = {HLRC_MSG_NONE, HLRC_MSG_DATA,   HLRC_MSG_ACK, HLRC_MSG_GRANT,
                                     HLRC_MSG_ATOM, HLRC_MSG_REVOKE, HLRC_MSG_EACK};
static const uint32_t* const kind_codes[HL_NNETS] = {req_codes, sync_codes, wb_codes, rsp_codes};
static const uint32_t kind_n[HL_NNETS] = {3u, 3u, 3u, 7u};

static uint32_t kind_index(uint32_t net, uint32_t kind) {
    for (uint32_t k = 1; k < kind_n[net]; k++) {
        if (kind_codes[net][k] == kind)
            return k;
    }
    return 0u;
}

static void msg_info(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi) {
    (void)pd;
    const hlrc_msg_t* m = msg;
    mi->kind = kind_index(net, m->kind);
    mi->line = m->line;
    mi->dst = net == HL_NET_RSP ? m->dst : 0u;
    mi->wf = GSYS_NO_WF; /* stores complete at issue (write_through = false) */
}

/* req, sync, wb: the sending SM; a rsp copy: its one destination (the L1 has no dst port) */
static void from_sm(void* msg, uint32_t sm, uint32_t dst) {
    (void)dst;
    ((hlrc_msg_t*)msg)->src = sm;
}

static void rsp_stamp(void* msg, uint32_t bank, uint32_t sm) {
    (void)bank;
    ((hlrc_msg_t*)msg)->dst = 1ull << sm;
}

static void sm_msg(void* in, const void* msg) {
    ((hlrc_l1_in_t*)in)->msg = *(const hlrc_msg_t*)msg;
}

static void bank_req(void* in, const void* msg) {
    ((hlrc_l2_in_t*)in)->req = *(const hlrc_msg_t*)msg;
}

static void bank_sync(void* in, const void* msg) {
    ((hlrc_l2_in_t*)in)->sync = *(const hlrc_msg_t*)msg;
}

static void bank_wb(void* in, const void* msg) {
    ((hlrc_l2_in_t*)in)->wb = *(const hlrc_msg_t*)msg;
}

#define HL_NET(nm, nn, s, d, pr, pt, rdy, dl, k, st, dv)                                           \
    {                                                                                              \
        .name = nm, .noun = nn, .src = s, .dst = d, .prio = pr, .port = pt, .in_ready = rdy,       \
        .delay = dl, .size = sizeof(hlrc_msg_t), .kinds = k,                                       \
        .nkinds = (uint32_t)(sizeof(k) / sizeof((k)[0])), .stamp = st, .deliver = dv               \
    }
/* hlrc.md section 3: the bank's three FIFOs are three ports with back-pressure; the L1 takes a
 * message every cycle */
static const gsys_net_t nets[HL_NNETS] = {
    [HL_NET_REQ] = HL_NET("req", "request", GSYS_AT_SM, GSYS_AT_BANK, GSYS_PRIO_REQUEST, 0, true,
                          GSYS_DELAY_REQ, req_kinds, from_sm, bank_req),
    [HL_NET_SYNC] =
        HL_NET("sync", "synchronization request", GSYS_AT_SM, GSYS_AT_BANK, GSYS_PRIO_REQUEST, 1,
               true, GSYS_DELAY_REQ, sync_kinds, from_sm, bank_sync),
    [HL_NET_WB] = HL_NET("wb", "revocation answer", GSYS_AT_SM, GSYS_AT_BANK, GSYS_PRIO_RESPONSE, 2,
                         true, GSYS_DELAY_REQ, wb_kinds, from_sm, bank_wb),
    [HL_NET_RSP] = HL_NET("rsp", "response", GSYS_AT_BANK, GSYS_AT_SM, GSYS_PRIO_RESPONSE, 0, false,
                          GSYS_DELAY_RSP, rsp_kinds, rsp_stamp, sm_msg),
};

/* ---- inputs (hlrc.md section 8, "How the system drives the L1") ---------------------------- */

static bool acquires(const gsys_op_t* op) {
    return op->order == GSYS_ORD_ACQUIRE || op->order == GSYS_ORD_ACQ_REL ||
           op->order == GSYS_ORD_SC;
}

static bool plain(const gsys_op_t* op) {
    return op->kind == GSYS_OP_LOAD || op->kind == GSYS_OP_LOAD_LINE || op->kind == GSYS_OP_STORE ||
           op->kind == GSYS_OP_STORE_LINE;
}

/* The L1's core request of wavefront wf's operation (all 0 before). */
static void core_req(const void* pd, void* in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word) {
    const hlrc_sys_desc_t* s = pd;
    hlrc_core_req_t* c = &((hlrc_l1_in_t*)in)->core;
    c->valid = true;
    c->wf = wf;
    c->line = line;
    c->word = word;
    c->gpu = !plain(op) && op->scope == GSYS_SCOPE_GPU; /* rm arrives as GPU (D28) */
    switch (op->kind) {
    case GSYS_OP_LOAD:
    case GSYS_OP_LOAD_LINE:
    case GSYS_OP_ACQUIRE:
        c->op = HLRC_OP_LOAD;
        c->acq = op->kind == GSYS_OP_ACQUIRE;
        break;
    case GSYS_OP_ATOMIC:
        c->op = HLRC_OP_ATOMIC;
        c->acq = acquires(op); /* ignored by the L1 (D3) */
        c->aop = op->aop;
        c->a = op->value;
        c->b = op->value2;
        break;
    case GSYS_OP_FENCE:
        c->op = HLRC_OP_FENCE;
        c->line = 0;
        c->word = 0;
        break;
    default: /* STORE, RELEASE, STORE_LINE */
        c->op = HLRC_OP_STORE;
        c->rel = op->kind == GSYS_OP_RELEASE;
        gsys_store_image(op, s->d.line_bytes, word, c->data, c->mask);
        break;
    }
}

static void bank_fill(const void* pd, void* in, uint64_t line, const uint32_t* data) {
    hlrc_mem_rsp_t* m = &((hlrc_l2_in_t*)in)->mem;
    m->valid = true;
    m->line = line;
    memcpy(m->data, data, hlrc_line_words(pd) * sizeof(uint32_t));
}

/* reset (the L1 has no sm_id_i) */
static void inputs(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                   const void* gout, uint64_t cycle, uint32_t start) {
    (void)pd;
    (void)gout;
    (void)cycle;
    (void)start;
    unsigned char* b = in;
    for (uint32_t i = 0; i < n; i++, b += stride) {
        if (slot == HLRC_SLOT_L1)
            ((hlrc_l1_in_t*)(void*)b)->rst_n = !rst;
        else
            ((hlrc_l2_in_t*)(void*)b)->rst_n = !rst;
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
        if (slot == HLRC_SLOT_L1) {
            hlrc_l1_in_t* in = (hlrc_l1_in_t*)(void*)b;
            CLEAR(in->core);
            CLEAR(in->msg);
        } else {
            hlrc_l2_in_t* in = (hlrc_l2_in_t*)(void*)b;
            CLEAR(in->req);
            CLEAR(in->sync);
            CLEAR(in->wb);
            CLEAR(in->mem);
        }
    }
}

/* The L1 completes fences of both scopes itself (D24: at once under hlrc and for CTA scope). */
static uint64_t fence_mask(const void* pd, const void* out, uint32_t scope, uint32_t order) {
    (void)pd;
    (void)scope;
    (void)order; /* SC fences as strong as the others */
    return ((const hlrc_l1_out_t*)out)->fence_done;
}

/* ---- variants (hlrc.md section 1) ---------------------------------------------------------- */

static const char* const SAT[] = {"drf-sc", "hrf-indirect", "hrf-direct", NULL};
static const gsys_variant_t variants[] = {
    [HLRC] = {"hlrc", "drf-sc", SAT, true, 0u, false},
    [HLRC_SCOPED] = {"hlrc-scoped", "drf-sc", SAT, true, 0u, false},
};

/* ---- reports ------------------------------------------------------------------------------- */

static void l1_note(const hlrc_l1_out_t* o, const hlrc_l1_t* m, FILE* f) {
    fprintf(f, " fence_done 0x%" PRIx64 " drained %d", o->fence_done, o->drained ? 1 : 0);
    if (!m)
        return;
    hlrc_l1_state_t st;
    memset(&st, 0, sizeof st);
    hlrc_l1_state_get(m, &st);
    fprintf(f,
            " errors %" PRIu64 " sbcnt %u wtp %u batch %u rgv %u rgi %u agv %u hph %u evs %u "
            "rvcnt %u",
            hlrc_l1_errors(m), st.sbcnt, st.wtp, st.batch, st.rgv, st.rgi, st.agv, st.hph, st.evs,
            st.rvcnt);
}

static void l2_note(const hlrc_l2_t* m, FILE* f) {
    hlrc_l2_state_t st;
    memset(&st, 0, sizeof st);
    hlrc_l2_state_get(m, &st);
    fprintf(f, " errors %" PRIu64 " qcnt %u scnt %u wcnt %u rvv %u rvl 0x%" PRIx64 " rvo %u",
            hlrc_l2_errors(m), st.qcnt, st.scnt, st.wcnt, st.rvv, st.rvl, st.rvo);
}

static void unit_note(const void* pd, uint32_t slot, const void* out, const void* model, FILE* f) {
    (void)pd;
    if (slot == HLRC_SLOT_L1)
        l1_note(out, model, f);
    else if (model)
        l2_note(model, f);
}

static void fence_note(const void* pd, const void* out, uint32_t wf, uint32_t scope, FILE* f) {
    (void)pd;
    (void)scope;
    const hlrc_l1_out_t* o = out;
    fprintf(f, "fence_done[%u] (now %d)", wf, (int)((o->fence_done >> wf) & 1));
}

static uint64_t model_errors(uint32_t slot, const void* model) {
    return slot == HLRC_SLOT_L1 ? hlrc_l1_errors(model) : hlrc_l2_errors(model);
}

/* the bank's data of a line it holds valid (V or D); after the idle drain it holds every value,
 * registered lines' included (D21) */
static bool bank_word(const void* pd, const void* model, uint64_t line, uint32_t word,
                      uint32_t* v) {
    (void)pd;
    const int64_t i = hlrc_l2_find(model, line);
    if (i < 0)
        return false;
    hlrc_l2_line_t l;
    hlrc_l2_line_get(model, (uint32_t)i, &l);
    if (l.st != HLRC_L2_V && l.st != HLRC_L2_D)
        return false;
    *v = l.data[word];
    return true;
}

/* ---- the command line ---------------------------------------------------------------------- */

static void config(uint32_t variant, bool paper, gsys_cfg_t* c) {
    *c = cfg_of((hlrc_variant_t)variant, paper);
}

static void set_variant(void* pd, uint32_t variant) {
    hlrc_sys_set_variant(pd, (hlrc_variant_t)variant);
}

GSYS_PARAM_HOOKS(hlrc)

/* every line each cycle when the L1s are small, else every 1000 cycles */
static uint32_t full_every(const void* pd) {
    const hlrc_sys_desc_t* s = pd;
    return gsys_full_every(s->d.num_sm, s->d.l1_sets * s->d.l1_ways);
}

static void model_bytes_json(const void* pd, FILE* f) {
    const hlrc_sys_desc_t* s = pd;
    const hlrc_l1_desc_t a = hlrc_l1_desc_from(&s->d);
    const hlrc_l2_desc_t b = hlrc_l2_desc_from(&s->d);
    const size_t na = hlrc_l1_size(&a), nb = hlrc_l2_size(&b);
    fprintf(f, "{\"l1\": %zu, \"l2\": %zu, \"total\": %zu}", na, nb,
            s->d.num_sm * na + s->d.num_banks * nb);
}

/* ---- illegal inputs (hlrc_l1.md section 12, hlrc_l2.md section 10) --------------------------- */

/* hlrc_l1.md I1: an idle core presents a request with op 0 or 5..7 (3-bit port), or a legal op
 * from a wavefront >= NumWf (6-bit port): dropped at the push, counted. */
static void core_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    hlrc_core_req_t* c = &((hlrc_l1_in_t*)in)->core;
    memset(c, 0, sizeof *c);
    c->valid = true;
    gsys_illegal_op_wf(rng, ((const hlrc_sys_desc_t*)pd)->d.num_wf, HLRC_OP_LOAD, &c->op, &c->wf);
}

/* hlrc_l1.md I7 / I6: a core's atomic carries its word + LW (I7, when that fits the 5-bit port:
 * taken modulo LW, the same word) or aop 3 (I6: a read that writes nothing). Defined effects: 2
 * or 3; -1 when the request given is not the atomic (its fence, given to the L1 first). */
static int atomic_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    hlrc_core_req_t* c = &((hlrc_l1_in_t*)in)->core;
    if (c->op != HLRC_OP_ATOMIC)
        return -1;
    return gsys_illegal_atomic(rng, hlrc_line_words(pd), &c->word, &c->aop);
}

/* hlrc_l2.md I1: a message of kind 0 or of a kind its FIFO never receives, on one of the three
 * ports, random line, src < NumSm: popped at its FIFO's head, counted. Returns the network whose
 * ready decides whether it was presented. */
static int bank_illegal(const void* pd, gpucoh_rng_t* rng, void* in) {
    const hlrc_sys_desc_t* s = pd;
    const uint32_t la = s->d.addr_width - gpucoh_log2_ceil(s->d.line_bytes);
    const int net = (int)gpucoh_rng_below(rng, 3); /* HL_NET_REQ, _SYNC, _WB: ports 0..2 */
    static const uint32_t legal[3][2] = {{HLRC_MSG_GETS, HLRC_MSG_WT},
                                         {HLRC_MSG_REG, HLRC_MSG_ATOMIC},
                                         {HLRC_MSG_RACK, HLRC_MSG_EVICT}};
    hlrc_l2_in_t* b = in;
    hlrc_msg_t* q = net == HL_NET_REQ ? &b->req : net == HL_NET_SYNC ? &b->sync : &b->wb;
    uint32_t kind;
    do
        kind = (uint32_t)gpucoh_rng_below(rng, 16);
    while (kind == legal[net][0] || kind == legal[net][1]);
    memset(q, 0, sizeof *q);
    q->valid = true;
    q->kind = kind;
    q->src = (uint32_t)gpucoh_rng_below(rng, s->d.num_sm);
    q->line = gpucoh_rng_next(rng) & gpucoh_mask64(la);
    return net;
}

static void illegal_report(const gsys_cfg_t* c, uint64_t core, const uint64_t j[4], FILE* f) {
    if (c->core_illegal_per_mille)
        fprintf(f,
                "  illegal core requests presented while ready: %llu (the L1s must drop each one: "
                "hlrc_l1.md I1)\n",
                (unsigned long long)core);
    if (c->bank_illegal_per_mille)
        fprintf(f,
                "  illegal inputs (hlrc_l2.md section 10, hlrc_l1.md section 12): I1 %llu "
                "messages of kind 0 or of a kind the port never receives (Q01 / Q02 / Q03) and "
                "I2 %llu stray fills (each a protocol error), L1 I7 %llu atomic words >= "
                "LineBytes/4 and I6 %llu aop 3 (defined effects)\n",
                (unsigned long long)j[0], (unsigned long long)j[1], (unsigned long long)j[2],
                (unsigned long long)j[3]);
}

/* the L1s count each illegal core request they drop, the banks each illegal message and stray
 * fill */
static uint64_t illegal_expected(uint64_t core, const uint64_t j[4]) {
    return core + j[0] + j[1];
}

/* V1's lines kept from edge to edge (hlrc_check_v1_kept), one struct per system (gsys owns it):
 * it starts again by itself when called for other models or not at the next edge. */
GSYS_INVARIANT_STATE(v1_new, v1_free, hlrc_v1_kept_t, hlrc_v1_kept_init)

/* hlrc.md section 5 V1 (single owner) over the C models, after every edge (kept in st; without
 * it, the whole check) */
static uint64_t v1_check(const void* pd, void* st, const gsys_backend_t* cbe, uint64_t cycle,
                         FILE* f) {
    const hlrc_sys_desc_t* s = pd;
    if (!st)
        return hlrc_check_v1_backend(s, cbe, cycle, f);
    const hlrc_l1_t* l1[HLRC_MAX_SM];
    const hlrc_l2_t* l2[HLRC_MAX_BANKS];
    hlrc_backend_models(s, cbe, l1, l2);
    return hlrc_check_v1_kept(st, s, l1, l2, cycle, f);
}

/* ---- coverage ------------------------------------------------------------------------------ */

GSYS_COV_HOOKS(hlrc, HLRC_SLOT_L1, HLRC_SLOT_L2)

/* ---- counters (gpucoh compare; hlrc.md D29) ------------------------------------------------ */

enum {
    PC_ATOMIC_IN,
    PC_ATOMIC_OUT,
    PC_SYNC_HITS,
    PC_REFRESH,
    PC_R_WTS,
    PC_REVOKE_FL,
    PC_GRANTS,
    PC_REVOKES,
    PC_RECALLS,
    PC_L2_ATOMICS,
    PC_N
};
static const char* const ctr_names[PC_N] = {
    "atomic_in",      "atomic_out", "l1_sync_hits", "refreshes", "r_line_wts",
    "revoke_flushes", "grants",     "revokes",      "recalls",   "l2_atomics"};

#define HAVE(k) (1u << (k))

static void l1_counters(const hlrc_l1_t* m, gsys_counters_t* c) {
    hlrc_l1_stats_t st;
    hlrc_l1_stats(m, &st);
    c->v[GSYS_CTR_L1_INVALIDATIONS] += st.l1_invalidations;
    c->v[GSYS_CTR_SB_FLUSHES] += st.store_buffer_flushes;
    c->v[GSYS_CTR_L1_STALL_CYCLES] += st.l1_stall_cycles;
    c->v[GSYS_CTR_L1_LOAD_HITS] += st.l1_load_hits;
    c->v[GSYS_CTR_L1_LOAD_MISSES] += st.l1_load_misses;
    c->pv[PC_ATOMIC_IN] += st.atomic_in;
    c->pv[PC_ATOMIC_OUT] += st.atomic_out;
    c->pv[PC_SYNC_HITS] += st.l1_sync_hits;
    c->pv[PC_REFRESH] += st.refreshes;
    c->pv[PC_R_WTS] += st.r_line_wts;
    c->pv[PC_REVOKE_FL] += st.revoke_flushes;
    c->have |= HAVE(GSYS_CTR_L1_INVALIDATIONS) | HAVE(GSYS_CTR_SB_FLUSHES) |
               HAVE(GSYS_CTR_L1_STALL_CYCLES) | HAVE(GSYS_CTR_L1_LOAD_HITS) |
               HAVE(GSYS_CTR_L1_LOAD_MISSES);
}

static void counters(const void* pd, uint32_t slot, const void* model, gsys_counters_t* c) {
    (void)pd;
    if (slot == HLRC_SLOT_L1) {
        l1_counters(model, c);
        return;
    }
    hlrc_l2_stats_t st;
    hlrc_l2_stats(model, &st);
    c->v[GSYS_CTR_L2_STALL_CYCLES] += st.stall_cycles;
    c->pv[PC_GRANTS] += st.grants;
    c->pv[PC_REVOKES] += st.revokes;
    c->pv[PC_RECALLS] += st.recalls;
    c->pv[PC_L2_ATOMICS] += st.l2_atomics;
    c->have |= HAVE(GSYS_CTR_L2_STALL_CYCLES);
}

const gsys_proto_t hlrc_proto = {
    .name = "hlrc",
    .variants = variants,
    .nvariants = 2,
    .default_variant = HLRC,
    .pd_size = sizeof(hlrc_sys_desc_t),
    .variant_of = variant_of,
    .check = check,
    .traffic = traffic,
    .config = config,
    .set_variant = set_variant,
    .param_set = param_set,
    .params_print = params_print,
    .params_json = params_json,
    .cli_names = hlrc_msg_cli_names,
    .wave_gtkw = hlrc_wave_gtkw,
    .full_every = full_every,
    .model_bytes_json = model_bytes_json,
    .illegal_report = illegal_report,
    .illegal_expected = illegal_expected,
    .invariant = v1_check,
    .invariant_new = v1_new,
    .invariant_free = v1_free,
    .slots = hlrc_slots,
    .nslots = HLRC_NSLOTS,
    .sm_slot = HLRC_SLOT_L1,
    .bank_slot = HLRC_SLOT_L2,
    .write_through = false,
    .stray_fills = true, /* hlrc_l2.md I2: a fill no MSHR waits for changes nothing */
    .fences_to_l1 = true,
    .global_slot = -1,
    .nets = nets,
    .nnets = HL_NNETS,
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
    .sm_word = NULL,
    .cov_size = sizeof(hlrc_cov_t),
    .cov_add = cov_add,
    .cov_summary = cov_summary,
    .cov_print = cov_print,
    .cov_json = cov_json,
    .counters = counters,
    .ctr_names = ctr_names,
    .nctr = PC_N,
};
