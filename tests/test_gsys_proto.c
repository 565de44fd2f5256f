/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_gsys_proto.c -- a second protocol on the shared system, written as the framework says a
 * protocol is written (docs/framework.md, "Protocols"): its units and one descriptor, nothing
 * else. The protocol is "nc", a GPU without caches: each SM's unit forwards one core operation
 * at a time to the line's bank; the bank fetches the line from DRAM, applies a load, a
 * byte-masked store or an atomic, writes the line back and answers. Memory is therefore
 * sequentially consistent and every fence completes once the wavefront's writes are acknowledged.
 *
 * C models only (no RTL; the backends need no more than the unit ops), only the descriptor's
 * required hooks (gsys.h). The tests show:
 *   - random traffic (tb/sys/traffic.c) runs to the end without a deadlock or harness error;
 *   - the episode tester (tb/sys/episode.c) passes it, with thousands of checked values;
 *   - the same tester fails a broken variant (the bank drops every store to word 0 of a line):
 *     a second protocol's bug is caught by the shared checkers;
 *   - without write_through the fences rely on the descriptor's fence_mask alone, and pass;
 *   - with fences_to_l1 every fence reaches the L1 as a core request first, and the tester passes;
 *   - the system refuses a descriptor that lacks a required hook, with a message;
 *   - gsys_run(s, 1) steps one cycle: an episode run stepped cycle by cycle is the same run (same
 *     cycles, same checks, same statistics) as one call (the SystemC TLM target clocks it so);
 *   - gsys_mark_progress: a workload idle by choice for longer than the deadlock limit is
 *     reported as a deadlock, and is not when every idle cycle is marked as progress.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "episode.h"
#include "gsys.h"
#include "traffic.h"

enum { NC_LW = 4, NC_MW = 1 }; /* 16-byte lines: 4 words, one byte-mask word */
enum { NC_LOAD = 1, NC_STORE = 2, NC_ATOMIC = 3, NC_FENCE = 4 /* core request only */ };
enum { NC_DATA = 1, NC_ACK = 2 };
enum { NC_NET_REQ = 0, NC_NET_RSP = 1 }; /* the networks, in this order */

typedef struct {
    uint32_t num_sm, num_wf, num_banks, addr_width;
    bool bug; /* the bank drops every store to word 0 of a line (the broken variant) */
} nc_desc_t;

typedef struct { /* SM -> bank */
    bool valid;
    uint32_t kind, src, wf, word, aop, a, b;
    uint64_t line;
    uint32_t data[NC_LW], mask[NC_MW];
} nc_req_t;

typedef struct { /* bank -> SM */
    bool valid, atomic;
    uint32_t kind, wf;
    uint64_t dst, line;
    uint32_t data[NC_LW];
} nc_rsp_t;

typedef struct {
    bool rst_n;
    nc_req_t core; /* the core request (kind, wf, line, word, data, mask, aop, a, b) */
    nc_rsp_t rsp;
} nc_l1_in_t;

typedef struct {
    bool core_ready;
    bool crsp_valid;
    uint32_t crsp_kind;
    uint64_t crsp_wf_mask, crsp_line;
    uint32_t crsp_data[NC_LW];
    nc_req_t req;
    uint64_t idle; /* wavefronts with no write waiting for its acknowledgement */
} nc_l1_out_t;

typedef struct {
    bool rst_n;
    nc_req_t req;
    bool mem_valid;
    uint64_t mem_line;
    uint32_t mem_data[NC_LW];
} nc_l2_in_t;

typedef struct {
    bool req_ready;
    nc_rsp_t rsp;
    bool fetch, wb;
    uint64_t fetch_line, wb_line;
    uint32_t wb_data[NC_LW];
} nc_l2_out_t;

/* ---- the units' C models ------------------------------------------------------------------- */

typedef struct {
    nc_desc_t d;
    bool busy;
    uint32_t pend[64]; /* writes per wavefront not yet acknowledged */
    uint64_t fences;   /* fences given to this L1 (fences_to_l1) */
    nc_l1_out_t o;     /* the registered outputs */
} nc_l1_t;

typedef struct {
    nc_desc_t d;
    bool wait; /* a request waits for its line */
    nc_req_t cur;
    nc_l2_out_t o;
} nc_l2_t;

static void* l1_new(const void* pd, char* err, size_t n) {
    (void)err;
    (void)n;
    nc_l1_t* m = calloc(1, sizeof *m);
    if (m)
        m->d = *(const nc_desc_t*)pd;
    return m;
}

static void* l2_new(const void* pd, char* err, size_t n) {
    (void)err;
    (void)n;
    nc_l2_t* m = calloc(1, sizeof *m);
    if (m)
        m->d = *(const nc_desc_t*)pd;
    return m;
}

static uint64_t nc_idle(const nc_l1_t* m) {
    uint64_t idle = 0;
    for (uint32_t w = 0; w < m->d.num_wf; w++)
        if (!m->pend[w])
            idle |= 1ull << w;
    return idle;
}

static void l1_tick(void* vm, const void* vin, void* vout) {
    nc_l1_t* m = vm;
    const nc_l1_in_t* in = vin;
    nc_l1_out_t n;
    memset(&n, 0, sizeof n);
    if (!in->rst_n) {
        memset(m->pend, 0, sizeof m->pend);
        m->busy = false;
    } else {
        if (in->rsp.valid && in->rsp.kind == NC_ACK) {
            m->pend[in->rsp.wf]--;
            m->busy = false;
        } else if (in->rsp.valid) {
            n.crsp_valid = true;
            n.crsp_kind = in->rsp.atomic ? GSYS_CRSP_ATOMIC : GSYS_CRSP_LOAD;
            n.crsp_wf_mask = 1ull << in->rsp.wf;
            n.crsp_line = in->rsp.line;
            memcpy(n.crsp_data, in->rsp.data, sizeof n.crsp_data);
            m->busy = false;
        }
        if (in->core.valid && m->o.core_ready && in->core.kind == NC_FENCE) {
            m->fences++; /* nothing to invalidate or flush: its fence_mask does the waiting */
        } else if (in->core.valid && m->o.core_ready) { /* taken only when it was ready */
            n.req = in->core;
            if (in->core.kind == NC_STORE)
                m->pend[in->core.wf]++;
            m->busy = true;
        }
    }
    n.core_ready = !m->busy;
    m->o = n;
    m->o.idle = nc_idle(m);
    *(nc_l1_out_t*)vout = m->o;
}

static void apply(nc_l2_t* m, uint32_t* line, nc_rsp_t* r) {
    const nc_req_t* q = &m->cur;
    if (q->kind == NC_STORE) {
        for (uint32_t k = 0; k < NC_LW; k++) {
            const uint32_t mb = (q->mask[0] >> (4 * k)) & 0xfu;
            const uint32_t bm = (mb & 1 ? 0xffu : 0) | (mb & 2 ? 0xff00u : 0) |
                                (mb & 4 ? 0xff0000u : 0) | (mb & 8 ? 0xff000000u : 0);
            if (m->d.bug && k == 0)
                continue; /* the broken variant */
            line[k] = (line[k] & ~bm) | (q->data[k] & bm);
        }
        r->kind = NC_ACK;
        return;
    }
    memcpy(r->data, line, sizeof r->data); /* a load's line, an atomic's line before it */
    r->kind = NC_DATA;
    if (q->kind == NC_ATOMIC) {
        uint32_t* w = &line[q->word % NC_LW];
        r->atomic = true;
        *w = q->aop == GSYS_AOP_ADD    ? *w + q->a
             : q->aop == GSYS_AOP_EXCH ? q->a
             : *w == q->a              ? q->b
                                       : *w;
    }
}

static void l2_tick(void* vm, const void* vin, void* vout) {
    nc_l2_t* m = vm;
    const nc_l2_in_t* in = vin;
    nc_l2_out_t n;
    memset(&n, 0, sizeof n);
    if (!in->rst_n) {
        m->wait = false;
    } else if (!m->wait && in->req.valid) { /* ready: take it, fetch its line */
        m->cur = in->req;
        m->wait = true;
        n.fetch = true;
        n.fetch_line = in->req.line;
    } else if (m->wait && in->mem_valid && in->mem_line == m->cur.line) {
        uint32_t line[NC_LW];
        memcpy(line, in->mem_data, sizeof line);
        n.rsp.valid = true;
        n.rsp.dst = 1ull << m->cur.src;
        n.rsp.wf = m->cur.wf;
        n.rsp.line = m->cur.line;
        apply(m, line, &n.rsp);
        if (m->cur.kind != NC_LOAD) {
            n.wb = true;
            n.wb_line = m->cur.line;
            memcpy(n.wb_data, line, sizeof line);
        }
        m->wait = false;
    }
    n.req_ready = !m->wait;
    m->o = n;
    *(nc_l2_out_t*)vout = n;
}

static const gsys_unit_ops_t nc_l1_ops = {.in_size = sizeof(nc_l1_in_t),
                                          .out_size = sizeof(nc_l1_out_t),
                                          .model_new = l1_new,
                                          .model_tick = l1_tick};
static const gsys_unit_ops_t nc_l2_ops = {.in_size = sizeof(nc_l2_in_t),
                                          .out_size = sizeof(nc_l2_out_t),
                                          .model_new = l2_new,
                                          .model_tick = l2_tick};
static const gsys_slot_t nc_slots[] = {
    {&nc_l1_ops, GSYS_AT_SM, "l1", "sm[%u].l1", "sm%u_l1"},
    {&nc_l2_ops, GSYS_AT_BANK, "l2", "bank[%u].l2", "bank%u_l2"},
};

/* ---- the descriptor ------------------------------------------------------------------------ */

static void geometry(const void* pd, gsys_geom_t* g) {
    const nc_desc_t* d = pd;
    g->num_sm = d->num_sm;
    g->num_wf = d->num_wf;
    g->num_banks = d->num_banks;
    g->line_bytes = 4 * NC_LW;
    g->addr_width = d->addr_width;
}

static uint32_t bank_of(const void* pd, uint64_t line) {
    return (uint32_t)(line % ((const nc_desc_t*)pd)->num_banks);
}

static void sm_views(const void* pd, const void* out, size_t stride, uint32_t n,
                     gsys_sm_view_t* v) {
    const nc_desc_t* d = pd;
    const uint64_t all = d->num_wf >= 64 ? ~0ull : (1ull << d->num_wf) - 1;
    for (uint32_t i = 0; i < n; i++) {
        const nc_l1_out_t* o = (const nc_l1_out_t*)(const void*)((const char*)out + i * stride);
        v[i].send[NC_NET_REQ] = o->req.valid ? &o->req : NULL;
        v[i].core_ready = o->core_ready;
        v[i].crsp_valid = o->crsp_valid;
        v[i].crsp_kind = o->crsp_kind;
        v[i].crsp_wf_mask = o->crsp_wf_mask;
        v[i].crsp_line = o->crsp_line;
        v[i].crsp_data = o->crsp_data;
        v[i].drained = (o->idle & all) == all;
    }
}

static void bank_views(const void* pd, const void* out, size_t stride, uint32_t n,
                       gsys_bank_view_t* v) {
    (void)pd;
    for (uint32_t i = 0; i < n; i++) {
        const nc_l2_out_t* o = (const nc_l2_out_t*)(const void*)((const char*)out + i * stride);
        v[i].send[NC_NET_RSP] = o->rsp.valid ? &o->rsp : NULL;
        v[i].in_ready[NC_NET_REQ] = o->req_ready;
        v[i].fetch = o->fetch;
        v[i].fetch_line = o->fetch_line;
        v[i].wb = o->wb;
        v[i].wb_line = o->wb_line;
        v[i].wb_data = o->wb_data;
    }
}

static void msg_info(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi) {
    (void)pd;
    if (net == NC_NET_RSP) {
        const nc_rsp_t* r = msg;
        *mi = (gsys_msg_info_t){r->kind, r->line, r->dst, GSYS_NO_WF};
        return;
    }
    const nc_req_t* q = msg;
    *mi = (gsys_msg_info_t){q->kind, q->line, 0, q->kind == NC_LOAD ? GSYS_NO_WF : q->wf};
}

static void req_stamp(void* msg, uint32_t sm, uint32_t bank) {
    (void)bank;
    ((nc_req_t*)msg)->src = sm;
}

static void rsp_stamp(void* msg, uint32_t bank, uint32_t sm) {
    (void)bank;
    ((nc_rsp_t*)msg)->dst = 1ull << sm;
}

static void core_req(const void* pd, void* in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word) {
    (void)pd;
    nc_req_t* c = &((nc_l1_in_t*)in)->core;
    memset(c, 0, sizeof *c);
    c->valid = true;
    c->wf = wf;
    c->line = line;
    c->word = word;
    switch (op->kind) {
    case GSYS_OP_FENCE:
        c->kind = NC_FENCE;
        break;
    case GSYS_OP_ATOMIC:
        c->kind = NC_ATOMIC;
        c->aop = op->aop;
        c->a = op->value;
        c->b = op->value2;
        break;
    case GSYS_OP_STORE:
    case GSYS_OP_RELEASE:
        c->kind = NC_STORE;
        c->data[word] = op->value;
        c->mask[0] = 0xfu << (4 * word);
        break;
    case GSYS_OP_STORE_LINE:
        c->kind = NC_STORE;
        memcpy(c->data, op->data, sizeof c->data);
        c->mask[0] = op->mask[0] & 0xffffu;
        break;
    default:
        c->kind = NC_LOAD;
        break;
    }
}

static void sm_rsp(void* in, const void* msg) {
    ((nc_l1_in_t*)in)->rsp = *(const nc_rsp_t*)msg;
}

static void bank_req(void* in, const void* msg) {
    ((nc_l2_in_t*)in)->req = *(const nc_req_t*)msg;
}

static void bank_fill(const void* pd, void* vin, uint64_t line, const uint32_t* data) {
    (void)pd;
    nc_l2_in_t* in = vin;
    in->mem_valid = true;
    in->mem_line = line;
    memcpy(in->mem_data, data, sizeof in->mem_data);
}

static void inputs(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                   const void* gout, uint64_t cycle, uint32_t start) {
    (void)pd, (void)gout, (void)cycle, (void)start;
    for (uint32_t i = 0; i < n; i++) {
        char* b = (char*)in + i * stride;
        if (slot == 0)
            ((nc_l1_in_t*)(void*)b)->rst_n = !rst;
        else
            ((nc_l2_in_t*)(void*)b)->rst_n = !rst;
    }
}

static void clear(uint32_t slot, void* in, size_t stride, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) {
        char* b = (char*)in + i * stride;
        if (slot == 0) {
            nc_l1_in_t* x = (nc_l1_in_t*)(void*)b;
            memset(&x->core, 0, sizeof x->core);
            memset(&x->rsp, 0, sizeof x->rsp);
        } else {
            nc_l2_in_t* x = (nc_l2_in_t*)(void*)b;
            memset(&x->req, 0, sizeof x->req);
            x->mem_valid = false;
        }
    }
}

static uint64_t fence_mask(const void* pd, const void* out, uint32_t scope, uint32_t order) {
    (void)pd, (void)scope, (void)order;
    return ((const nc_l1_out_t*)out)->idle;
}

static uint32_t variant_of(const void* pd) {
    return ((const nc_desc_t*)pd)->bug ? 1u : 0u;
}

static const char* const kinds_req[] = {"NONE", "LOAD", "STORE", "ATOMIC"};
static const char* const kinds_rsp[] = {"NONE", "DATA", "ACK"};
static const char* const sat_sc[] = {"sc", "rcsc", "rcpc", "drf-sc", NULL};
static const gsys_net_t nc_nets[] = {
    {.name = "req",
     .noun = "request",
     .src = GSYS_AT_SM,
     .dst = GSYS_AT_BANK,
     .prio = GSYS_PRIO_REQUEST,
     .in_ready = true,
     .delay = GSYS_DELAY_REQ,
     .size = sizeof(nc_req_t),
     .kinds = kinds_req,
     .nkinds = 4,
     .stamp = req_stamp,
     .deliver = bank_req},
    {.name = "rsp",
     .noun = "response",
     .src = GSYS_AT_BANK,
     .dst = GSYS_AT_SM,
     .prio = GSYS_PRIO_RESPONSE,
     .delay = GSYS_DELAY_RSP,
     .size = sizeof(nc_rsp_t),
     .kinds = kinds_rsp,
     .nkinds = 3,
     .stamp = rsp_stamp,
     .deliver = sm_rsp},
};
static const gsys_variant_t nc_variants[] = {{"nc", "sc", sat_sc, true},
                                             {"nc-broken", "sc", sat_sc, true}};

static const gsys_proto_t nc_proto = {
    .name = "nc",
    .variants = nc_variants,
    .nvariants = 2,
    .pd_size = sizeof(nc_desc_t),
    .variant_of = variant_of,
    .slots = nc_slots,
    .nslots = 2,
    .sm_slot = 0,
    .bank_slot = 1,
    .write_through = true, /* every store reaches its bank as one request */
    .global_slot = -1,
    .nets = nc_nets,
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
    .fence_mask = fence_mask,
};

static gsys_cfg_t nc_cfg(bool bug) {
    gsys_cfg_t c;
    memset(&c, 0, sizeof c);
    c.proto = &nc_proto;
    const nc_desc_t d = {.num_sm = 4, .num_wf = 8, .num_banks = 2, .addr_width = 16, .bug = bug};
    memcpy(gsys_pd(&c), &d, sizeof d);
    c.seed = 3;
    c.req_delay_min = c.rsp_delay_min = 1;
    c.req_delay_max = c.rsp_delay_max = 6;
    c.mem_lat_min = 5;
    c.mem_lat_max = 30;
    return c;
}

/* ---- tests --------------------------------------------------------------------------------- */

static void test_traffic_runs(void** state) {
    (void)state;
    const gsys_cfg_t cfg = nc_cfg(false);
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, cfg.seed, 20000);
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(gsys_run(s, 2000000, stderr), GSYS_RUN_DONE);
    assert_int_equal(gsys_errors(s), 0);
    assert_int_equal(traffic_completed(r), 20000);
    print_message("nc: 20000 random operations done in %llu cycles, 0 harness errors\n",
                  (unsigned long long)gsys_cycle(s));
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx);
}

static void run_episodes_on(const gsys_proto_t* proto, bool bug, chk_result_t* res) {
    gsys_cfg_t cfg = nc_cfg(bug);
    cfg.proto = proto;
    ep_params_t p = ep_defaults();
    p.episodes = 10;
    p.locations = 64;
    p.seed = 5;
    char err[256];
    FILE* sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    assert_true(ep_run(&cfg, &p, NULL, NULL, 0, false, sink, res, err, sizeof err) >= 0);
    fclose(sink);
}

static void run_episodes(bool bug, chk_result_t* res) {
    run_episodes_on(&nc_proto, bug, res);
}

static void test_episode_passes(void** state) {
    (void)state;
    chk_result_t res;
    run_episodes(false, &res);
    print_message("nc: %llu values checked, %llu mismatches, %llu not checkable\n",
                  (unsigned long long)res.match, (unsigned long long)res.mismatch,
                  (unsigned long long)res.nc);
    assert_int_equal(res.mismatch, 0);
    assert_int_equal(res.fatal, 0);
    assert_true(res.match > 1000);
    assert_true(chk_passed(&res));
}

static void test_episode_catches_broken_variant(void** state) {
    (void)state;
    chk_result_t res;
    run_episodes(true, &res);
    print_message("nc-broken: %llu matches, %llu mismatches (first: %s)\n",
                  (unsigned long long)res.match, (unsigned long long)res.mismatch,
                  res.nmsg ? res.msg[0] : "none");
    assert_true(res.mismatch > 0);
    assert_false(chk_passed(&res));
}

/* write_through = false: the system no longer waits for a store's request to leave the L1 before
 * a fence; nc's fence_mask (every write acknowledged) is enough on its own. */
static void test_fence_mask_alone(void** state) {
    (void)state;
    gsys_proto_t wb = nc_proto;
    wb.write_through = false;
    chk_result_t res;
    run_episodes_on(&wb, false, &res);
    assert_int_equal(res.mismatch, 0);
    assert_true(res.match > 1000);
    assert_true(chk_passed(&res));
}

/* fences_to_l1: every FENCE and RELEASE fence reaches the L1 as a core request first (an L1 that
 * self-invalidates would act on it); the tester still passes. The backend comes from a factory
 * so that the L1 models can be read after the run. */
typedef struct {
    gsys_backend_t real;
    bool made;
} fac_t;

static int fac_make(void* ctx, const gsys_cfg_t* c, gsys_backend_t* be, char* err, size_t n) {
    fac_t* f = ctx;
    if (!f->made && gsys_backend_c_cfg(c, &f->real, err, n) != 0)
        return -1;
    f->made = true;
    gsys_backend_borrow(&f->real, be);
    return 0;
}

static void test_fences_to_l1(void** state) {
    (void)state;
    gsys_proto_t fp = nc_proto;
    fp.fences_to_l1 = true;
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.proto = &fp;
    ep_params_t p = ep_defaults();
    p.episodes = 10;
    p.locations = 64;
    p.seed = 5;
    fac_t f = {.made = false};
    chk_result_t res;
    char err[256];
    FILE* sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    assert_true(ep_run(&cfg, &p, fac_make, &f, 0, false, sink, &res, err, sizeof err) >= 0);
    fclose(sink);
    assert_true(f.made);
    uint64_t fences = 0;
    for (uint32_t j = 0; j < 4; j++)
        fences += ((const nc_l1_t*)gsys_backend_model(&f.real, 0, j))->fences;
    print_message("nc, fences to the L1: %llu fences taken by the L1s, %llu values checked, "
                  "%llu mismatches\n",
                  (unsigned long long)fences, (unsigned long long)res.match,
                  (unsigned long long)res.mismatch);
    f.real.destroy(f.real.ctx);
    assert_true(fences > 100);
    assert_int_equal(res.mismatch, 0);
    assert_true(chk_passed(&res));
}

static void test_missing_hook_refused(void** state) {
    (void)state;
    gsys_proto_t bad = nc_proto;
    bad.fence_mask = NULL;
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.proto = &bad;
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, 1, 10);
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    assert_null(gsys_new(&cfg, &be, &wl, err, sizeof err));
    assert_non_null(strstr(err, "protocol nc lacks a required hook"));
    traffic_free(r);
    be.destroy(be.ctx);
}

/* gsys_run(s, 1) per cycle: the same run as one gsys_run call (the SystemC TLM target's clock). */
static void run_episode_stepped(bool stepped, uint64_t* cycles, chk_result_t* res,
                                gsys_stats_t* st) {
    const gsys_cfg_t cfg = nc_cfg(false);
    ep_params_t p = ep_defaults();
    p.episodes = 6;
    p.locations = 64;
    p.seed = 9;
    char err[256];
    ep_t* e = ep_new(&cfg, &p, err, sizeof err);
    assert_non_null(e);
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    gsys_t* s = gsys_new(&cfg, &be, ep_workload(e), err, sizeof err);
    assert_non_null(s);
    gsys_run_t r = GSYS_RUN_CYCLES;
    if (!stepped) {
        r = gsys_run(s, 10000000, stderr);
    } else {
        for (uint64_t k = 0; k < 10000000 && r == GSYS_RUN_CYCLES; k++) {
            r = gsys_run(s, 1, stderr);
            assert_int_equal(gsys_cycle(s), k + 1); /* one cycle per call */
        }
    }
    assert_int_equal(r, GSYS_RUN_DONE);
    ep_finish(e, r, gsys_cycle(s));
    *cycles = gsys_cycle(s);
    *res = *ep_result(e);
    gsys_stats_get(s, st);
    gsys_free(s);
    be.destroy(be.ctx);
    ep_free(e);
}

static void test_step_one_cycle(void** state) {
    (void)state;
    uint64_t c1, c2;
    chk_result_t r1, r2;
    gsys_stats_t s1, s2;
    run_episode_stepped(false, &c1, &r1, &s1);
    run_episode_stepped(true, &c2, &r2, &s2);
    print_message("nc: one call %llu cycles, stepped %llu cycles; %llu / %llu values checked\n",
                  (unsigned long long)c1, (unsigned long long)c2, (unsigned long long)r1.match,
                  (unsigned long long)r2.match);
    assert_int_equal(c1, c2);
    assert_true(chk_passed(&r1) && chk_passed(&r2));
    assert_int_equal(r1.match, r2.match);
    assert_int_equal(r1.nc, r2.nc);
    assert_int_equal(s1.req_total, s2.req_total);
    assert_int_equal(s1.rsp_total, s2.rsp_total);
    assert_int_equal(s1.lat_sum, s2.lat_sum);
    assert_int_equal(s1.core_stall, s2.core_stall);
    assert_memory_equal(s1.done, s2.done, sizeof s1.done);
}

/* A workload that idles for `idle` cycles (issuing nothing, not finished), then loads one word. */
typedef struct {
    uint64_t idle;
    bool issued, done;
} idler_t;

static bool idler_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    idler_t* x = ctx;
    if (sm || wf || x->issued || cycle < x->idle)
        return false;
    op->kind = GSYS_OP_LOAD;
    op->scope = GSYS_SCOPE_GPU;
    op->addr = 0x40;
    x->issued = true;
    return true;
}

static void idler_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                       const uint32_t* line, uint64_t cycle) {
    (void)sm, (void)wf, (void)op, (void)value, (void)line, (void)cycle;
    ((idler_t*)ctx)->done = true;
}

static bool idler_finished(void* ctx) {
    return ((idler_t*)ctx)->done;
}

static gsys_run_t run_idler(bool mark, uint64_t* cycle) {
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.deadlock_cycles = 1000;
    idler_t x = {.idle = 3000};
    gsys_workload_t wl = {&x, idler_next, idler_done, idler_finished};
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    FILE* sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    gsys_run_t r = GSYS_RUN_CYCLES;
    for (uint64_t k = 0; k < 100000 && r == GSYS_RUN_CYCLES; k++) {
        if (mark && !x.issued)
            gsys_mark_progress(s); /* idle by choice: nothing in the system */
        r = gsys_run(s, 1, sink);
    }
    fclose(sink);
    *cycle = gsys_cycle(s);
    gsys_free(s);
    be.destroy(be.ctx);
    return r;
}

static void test_mark_progress(void** state) {
    (void)state;
    uint64_t c0, c1;
    assert_int_equal(run_idler(false, &c0), GSYS_RUN_DEADLOCK);
    assert_int_equal(c0, 1001); /* more than 1000 cycles since cycle 0 */
    assert_int_equal(run_idler(true, &c1), GSYS_RUN_DONE);
    assert_true(c1 > 3000);
    print_message("nc: idle 3000 cycles with a limit of 1000: deadlock at cycle %llu unmarked, "
                  "done at cycle %llu marked\n",
                  (unsigned long long)c0, (unsigned long long)c1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_traffic_runs),
        cmocka_unit_test(test_episode_passes),
        cmocka_unit_test(test_episode_catches_broken_variant),
        cmocka_unit_test(test_fence_mask_alone),
        cmocka_unit_test(test_fences_to_l1),
        cmocka_unit_test(test_missing_hook_refused),
        cmocka_unit_test(test_step_one_cycle),
        cmocka_unit_test(test_mark_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
