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
 * Networks as data (issue 26 item 1): nc declares its request and response networks; "nc-fwd"
 * adds a bank-initiated forward network (a performed store's DONE to the line's home L1, sharing
 * the L1's response port at a lower priority) and an L1-to-L1 network (the home's ACK to the
 * writer's L1), with store acknowledgements to the core and counters of its own. The tests show:
 *   - random traffic to the end, every store carried once by each new network, counted under its
 *     name (statistics, text, the protocol's counters), never two messages on one port a cycle;
 *   - a mis-routed forward or a wrongly stamped ACK stops the run (a deadlock, reported);
 *   - final values from an L1 that owns a line (sm_word) before DRAM;
 *   - fence_mask sees the order: SC for SC fences, ACQ_REL for the others.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "axiom.h"
#include "episode.h"
#include "gsys.h"
#include "gsys_backend.h"
#include "litgen.h"
#include "litmus.h"
#include "litmus_view.h"
#include "mwave.h"
#include "nc_proto.h"
#include "tb_common.h"
#include "traffic.h"

/* ---- the units' C models ------------------------------------------------------------------- */

typedef struct {
    nc_desc_t d;
    bool busy;
    uint32_t pend[64]; /* writes per wavefront not yet acknowledged */
    uint64_t fences;   /* fences given to this L1 (fences_to_l1) */
    uint64_t dones;    /* nc-fwd: DONEs taken as a line's home */
    uint64_t acks;     /* nc-fwd: ACKs taken from the line's home */
    uint64_t errors;   /* nc-fwd: ACKs from an L1 that is not the line's home (dropped) */
    uint64_t clashes;  /* a response and a forward in one cycle (their port takes one) */
    uint64_t ignored;  /* forwards presented while not ready (fwd_bp), left in the network */
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
        if (in->fwd.valid && in->rsp.valid)
            m->clashes++;
        if (in->fwd.valid && !m->o.fwd_ready) {
            m->ignored++;           /* presented while not ready: the network keeps it */
        } else if (in->fwd.valid) { /* home of the line: acknowledge the store to its writer */
            m->dones++;
            n.p2p.valid = true;
            n.p2p.kind = NC_P2P_ACK;
            n.p2p.wf = in->fwd.wf;
            n.p2p.line = in->fwd.line;
            n.p2p.dst = 1ull << in->fwd.writer;
        }
        if (in->p2p.valid && in->p2p.src != nc_home(&m->d, in->p2p.line)) {
            m->errors++;            /* not from the line's home: dropped */
        } else if (in->p2p.valid) { /* the store is performed: acknowledge it to the core */
            m->acks++;
            m->pend[in->p2p.wf]--;
            m->busy = false;
            n.crsp_valid = true;
            n.crsp_kind = GSYS_CRSP_STORE;
            n.crsp_wf_mask = 1ull << in->p2p.wf;
            n.crsp_line = in->p2p.line;
        }
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
    n.fwd_ready = !m->d.fwd_bp || !in->rst_n || !m->o.fwd_ready;
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
        if (m->d.fwd && m->cur.kind == NC_STORE) { /* nc-fwd: DONE to the home, no ACK */
            memset(&n.rsp, 0, sizeof n.rsp);
            n.fwd.valid = true;
            n.fwd.kind = NC_DONE;
            n.fwd.wf = m->cur.wf;
            n.fwd.writer = m->cur.src;
            n.fwd.line = m->cur.line;
            n.fwd.dst = 1ull << nc_home(&m->d, m->cur.line);
        }
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

/* ---- the units' RTL (rtl/test/nc_l1.sv, nc_l2.sv; verilator/nc_l*_rtl.cpp) ------------------
 * Not in the catalogue: the units of a test protocol, loaded by the system's RTL backend from
 * these entries. Outputs are compared every cycle; the units report no state. */

static const char* const nc_l1_files[] = {"test/nc_l1.sv", NULL};
static const char* const nc_l2_files[] = {"test/nc_l2.sv", NULL};
static const gpucoh_param_def_t nc_l1_params[] = {
    {"sm", "NumSm", GPUCOH_P_UINT, NULL, "SMs"},
    {"wf", "NumWf", GPUCOH_P_UINT, NULL, "wavefronts per SM"},
    {"banks", "NumBanks", GPUCOH_P_UINT, NULL, "banks"},
    {"fwd_bp", "FwdBp", GPUCOH_P_UINT, NULL, "a forward taken every other cycle (0/1)"},
};
static const gpucoh_param_def_t nc_l2_params[] = {
    {"sm", "NumSm", GPUCOH_P_UINT, NULL, "SMs"},
    {"banks", "NumBanks", GPUCOH_P_UINT, NULL, "banks"},
    {"bug", "Bug", GPUCOH_P_UINT, NULL, "stores to word 0 dropped (0/1)"},
    {"fwd", "Fwd", GPUCOH_P_UINT, NULL, "stores performed with a DONE to the home (0/1)"},
};
static const gpucoh_unit_t nc_l1_unit = {.name = "nc_l1",
                                         .summary = "nc's SM unit (tests/test_gsys_proto.c)",
                                         .top = "nc_l1",
                                         .rtl_files = nc_l1_files,
                                         .params = nc_l1_params,
                                         .nparams = 4,
                                         .family = "nc",
                                         .context = "l1"};
static const gpucoh_unit_t nc_l2_unit = {.name = "nc_l2",
                                         .summary = "nc's bank unit (tests/test_gsys_proto.c)",
                                         .top = "nc_l2",
                                         .rtl_files = nc_l2_files,
                                         .params = nc_l2_params,
                                         .nparams = 4,
                                         .family = "nc",
                                         .context = "l2"};

static void l1_pvals(const void* pd, gpucoh_pvals_t* pv) {
    const nc_desc_t* d = pd;
    memset(pv, 0, sizeof *pv);
    pv->v[0] = d->num_sm;
    pv->v[1] = d->num_wf;
    pv->v[2] = d->num_banks;
    pv->v[3] = d->fwd_bp;
}

static void l2_pvals(const void* pd, gpucoh_pvals_t* pv) {
    const nc_desc_t* d = pd;
    memset(pv, 0, sizeof *pv);
    pv->v[0] = d->num_sm;
    pv->v[1] = d->num_banks;
    pv->v[2] = d->bug;
    pv->v[3] = d->fwd;
}

static void l1_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                       const void* vg) {
    (void)pd;
    const nc_l1_out_t *e = ve, *g = vg;
    tb_cmp_u64(mm, bad, e->core_ready, g->core_ready, "core_ready_o");
    tb_cmp_u64(mm, bad, e->crsp_valid, g->crsp_valid, "crsp_valid_o");
    tb_cmp_u64(mm, bad, e->crsp_kind, g->crsp_kind, "crsp_kind_o");
    tb_cmp_u64(mm, bad, e->crsp_wf_mask, g->crsp_wf_mask, "crsp_wf_mask_o");
    tb_cmp_u64(mm, bad, e->crsp_line, g->crsp_line, "crsp_line_o");
    tb_cmp_words(mm, bad, e->crsp_data, g->crsp_data, NC_LW, 32 * NC_LW, "crsp_data_o");
    tb_cmp_u64(mm, bad, e->req.valid, g->req.valid, "req_valid_o");
    tb_cmp_u64(mm, bad, e->req.kind, g->req.kind, "req_kind_o");
    tb_cmp_u64(mm, bad, e->req.src, g->req.src, "req_src_o");
    tb_cmp_u64(mm, bad, e->req.wf, g->req.wf, "req_wf_o");
    tb_cmp_u64(mm, bad, e->req.word, g->req.word, "req_word_o");
    tb_cmp_u64(mm, bad, e->req.aop, g->req.aop, "req_aop_o");
    tb_cmp_u64(mm, bad, e->req.a, g->req.a, "req_a_o");
    tb_cmp_u64(mm, bad, e->req.b, g->req.b, "req_b_o");
    tb_cmp_u64(mm, bad, e->req.line, g->req.line, "req_line_o");
    tb_cmp_words(mm, bad, e->req.data, g->req.data, NC_LW, 32 * NC_LW, "req_data_o");
    tb_cmp_u64(mm, bad, e->req.mask[0], g->req.mask[0], "req_mask_o");
    tb_cmp_u64(mm, bad, e->p2p.valid, g->p2p.valid, "p2p_valid_o");
    tb_cmp_u64(mm, bad, e->p2p.kind, g->p2p.kind, "p2p_kind_o");
    tb_cmp_u64(mm, bad, e->p2p.wf, g->p2p.wf, "p2p_wf_o");
    tb_cmp_u64(mm, bad, e->p2p.dst, g->p2p.dst, "p2p_dst_o");
    tb_cmp_u64(mm, bad, e->p2p.line, g->p2p.line, "p2p_line_o");
    tb_cmp_u64(mm, bad, e->fwd_ready, g->fwd_ready, "fwd_ready_o");
    tb_cmp_u64(mm, bad, e->idle, g->idle, "idle_o");
}

static void l2_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                       const void* vg) {
    (void)pd;
    const nc_l2_out_t *e = ve, *g = vg;
    tb_cmp_u64(mm, bad, e->req_ready, g->req_ready, "req_ready_o");
    tb_cmp_u64(mm, bad, e->rsp.valid, g->rsp.valid, "rsp_valid_o");
    tb_cmp_u64(mm, bad, e->rsp.atomic, g->rsp.atomic, "rsp_atomic_o");
    tb_cmp_u64(mm, bad, e->rsp.kind, g->rsp.kind, "rsp_kind_o");
    tb_cmp_u64(mm, bad, e->rsp.wf, g->rsp.wf, "rsp_wf_o");
    tb_cmp_u64(mm, bad, e->rsp.dst, g->rsp.dst, "rsp_dst_o");
    tb_cmp_u64(mm, bad, e->rsp.line, g->rsp.line, "rsp_line_o");
    tb_cmp_words(mm, bad, e->rsp.data, g->rsp.data, NC_LW, 32 * NC_LW, "rsp_data_o");
    tb_cmp_u64(mm, bad, e->fwd.valid, g->fwd.valid, "fwd_valid_o");
    tb_cmp_u64(mm, bad, e->fwd.kind, g->fwd.kind, "fwd_kind_o");
    tb_cmp_u64(mm, bad, e->fwd.wf, g->fwd.wf, "fwd_wf_o");
    tb_cmp_u64(mm, bad, e->fwd.writer, g->fwd.writer, "fwd_writer_o");
    tb_cmp_u64(mm, bad, e->fwd.dst, g->fwd.dst, "fwd_dst_o");
    tb_cmp_u64(mm, bad, e->fwd.line, g->fwd.line, "fwd_line_o");
    tb_cmp_u64(mm, bad, e->fetch, g->fetch, "fetch_o");
    tb_cmp_u64(mm, bad, e->fetch_line, g->fetch_line, "fetch_line_o");
    tb_cmp_u64(mm, bad, e->wb, g->wb, "wb_o");
    tb_cmp_u64(mm, bad, e->wb_line, g->wb_line, "wb_line_o");
    tb_cmp_words(mm, bad, e->wb_data, g->wb_data, NC_LW, 32 * NC_LW, "wb_data_o");
}

static const gsys_unit_ops_t nc_l1_ops = {.unit = &nc_l1_unit,
                                          .in_size = sizeof(nc_l1_in_t),
                                          .out_size = sizeof(nc_l1_out_t),
                                          .model_new = l1_new,
                                          .model_tick = l1_tick,
                                          .pvals = l1_pvals,
                                          .cmp_out = l1_cmp_out};
static const gsys_unit_ops_t nc_l2_ops = {.unit = &nc_l2_unit,
                                          .in_size = sizeof(nc_l2_in_t),
                                          .out_size = sizeof(nc_l2_out_t),
                                          .model_new = l2_new,
                                          .model_tick = l2_tick,
                                          .pvals = l2_pvals,
                                          .cmp_out = l2_cmp_out};
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
        v[i].send[NC_NET_P2P] = o->p2p.valid ? &o->p2p : NULL; /* read only by nc-fwd */
        v[i].in_ready[NC_NET_FWD] = o->fwd_ready;              /* read only with back-pressure */
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
        v[i].send[NC_NET_FWD] = o->fwd.valid ? &o->fwd : NULL; /* read only by nc-fwd */
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
    if (net == NC_NET_FWD) {
        const nc_fwd_t* f = msg;
        *mi = (gsys_msg_info_t){f->kind, f->line, f->dst, GSYS_NO_WF};
        return;
    }
    if (net == NC_NET_P2P) {
        const nc_p2p_t* a = msg;
        *mi = (gsys_msg_info_t){a->kind, a->line, a->dst, GSYS_NO_WF};
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

static void fwd_stamp(void* msg, uint32_t bank, uint32_t sm) {
    (void)bank;
    ((nc_fwd_t*)msg)->dst = 1ull << sm;
}

/* an L1-to-L1 message: its source (which the receiver checks) and its one destination */
static void p2p_stamp(void* msg, uint32_t src, uint32_t dst) {
    ((nc_p2p_t*)msg)->src = src;
    ((nc_p2p_t*)msg)->dst = 1ull << dst;
}

static uint32_t nc_scopes_seen; /* 1 << scope of every op core_req was given (test_remote_scope) */

static void core_req(const void* pd, void* in, uint32_t wf, const gsys_op_t* op, uint64_t line,
                     uint32_t word) {
    (void)pd;
    if (op->scope < 32)
        nc_scopes_seen |= 1u << op->scope;
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

static void sm_fwd(void* in, const void* msg) {
    ((nc_l1_in_t*)in)->fwd = *(const nc_fwd_t*)msg;
}

static void sm_p2p(void* in, const void* msg) {
    ((nc_l1_in_t*)in)->p2p = *(const nc_p2p_t*)msg;
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
            memset(&x->fwd, 0, sizeof x->fwd);
            memset(&x->p2p, 0, sizeof x->p2p);
        } else {
            nc_l2_in_t* x = (nc_l2_in_t*)(void*)b;
            memset(&x->req, 0, sizeof x->req);
            x->mem_valid = false;
        }
    }
}

static uint64_t nc_fence_orders[GSYS_ORD_SC + 1]; /* the orders fence_mask was asked for */

static uint64_t fence_mask(const void* pd, const void* out, uint32_t scope, uint32_t order) {
    (void)pd, (void)scope;
    if (order <= GSYS_ORD_SC)
        nc_fence_orders[order]++; /* every fence is as strong as an SC fence here */
    return ((const nc_l1_out_t*)out)->idle;
}

static uint32_t variant_of(const void* pd) {
    return ((const nc_desc_t*)pd)->bug ? 1u : 0u;
}

static const char* const kinds_req[] = {"NONE", "LOAD", "STORE", "ATOMIC"};
static const char* const kinds_rsp[] = {"NONE", "DATA", "ACK"};
static const char* const kinds_fwd[] = {"NONE", "DONE"};
static const char* const kinds_p2p[] = {"NONE", "ACK"};
static const char* const sat_sc[] = {"sc", "rcsc", "rcpc", "drf-sc", NULL};
static const gsys_net_t nc_nets[] = {
    GSYS_NET_REQUESTS(nc_req_t, kinds_req, req_stamp, bank_req),
    GSYS_NET_RESPONSES(nc_rsp_t, kinds_rsp, rsp_stamp, sm_rsp),
    /* nc-fwd only (nnets = 4): a bank-initiated forward into the L1s' response port (served
     * after a response in the same cycle) and an L1-to-L1 network with a port of its own */
    {.name = "fwd",
     .noun = "forward",
     .src = GSYS_AT_BANK,
     .dst = GSYS_AT_SM,
     .prio = GSYS_PRIO_FORWARD,
     .port = 0,
     .delay = GSYS_DELAY_RSP,
     .size = sizeof(nc_fwd_t),
     .kinds = kinds_fwd,
     .nkinds = 2,
     .stamp = fwd_stamp,
     .deliver = sm_fwd},
    {.name = "p2p",
     .noun = "acknowledgement",
     .src = GSYS_AT_SM,
     .dst = GSYS_AT_SM,
     .prio = GSYS_PRIO_RESPONSE,
     .port = 1,
     .delay = GSYS_DELAY_REQ,
     .size = sizeof(nc_p2p_t),
     .kinds = kinds_p2p,
     .nkinds = 2,
     .stamp = p2p_stamp,
     .deliver = sm_p2p},
};
/* not const: test_remote_scope lets nc take the rm scope for one run */
static gsys_variant_t nc_variants[] = {{"nc", "sc", sat_sc, true, 0, false},
                                       {"nc-broken", "sc", sat_sc, true, 0, false}};

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

/* nc-fwd's own counters (gsys_proto_t.ctr_names), from its L1s */
static const char* const nc_ctr_names[] = {"home_dones", "home_acks", "misrouted_acks",
                                           "port_clashes", "fwd_ignored"};

static void nc_counters(const void* pd, uint32_t slot, const void* model, gsys_counters_t* c) {
    (void)pd;
    if (slot != 0)
        return;
    const nc_l1_t* m = model;
    c->pv[0] += m->dones;
    c->pv[1] += m->acks;
    c->pv[2] += m->errors;
    c->pv[3] += m->clashes;
    c->pv[4] += m->ignored;
}

/* nc-fwd: nc with its four networks, store acknowledgements and counters of its own */
static gsys_proto_t nc_fwd_proto(void) {
    gsys_proto_t p = nc_proto;
    p.nnets = 4;
    p.store_ack = true;
    p.counters = nc_counters;
    p.ctr_names = nc_ctr_names;
    p.nctr = 5;
    return p;
}

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

/* A system of cfg's protocol on its C models under random traffic of ops operations. */
typedef struct {
    gsys_backend_t be;
    traffic_t* r;
    gsys_workload_t wl; /* gsys_new keeps pointers to be and wl */
    gsys_t* s;
} nc_run_t;

/* The C backend and the random traffic of tc, its workload in x->wl (a test may wrap it before
 * nc_run_sys makes the system over x->wl). */
static void nc_run_traffic(nc_run_t* x, const gsys_cfg_t* cfg, const traffic_cfg_t* tc) {
    char err[256];
    assert_int_equal(gsys_backend_c_cfg(cfg, &x->be, err, sizeof err), 0);
    x->r = traffic_new(cfg, tc, err, sizeof err);
    assert_non_null(x->r);
    traffic_workload(x->r, &x->wl);
}

static void nc_run_sys(nc_run_t* x, const gsys_cfg_t* cfg) {
    char err[256];
    x->s = gsys_new(cfg, &x->be, &x->wl, err, sizeof err);
    assert_non_null(x->s);
}

static void nc_run_open(nc_run_t* x, const gsys_cfg_t* cfg, uint64_t ops) {
    const traffic_cfg_t tc = traffic_cfg_default(cfg, cfg->seed, ops);
    nc_run_traffic(x, cfg, &tc);
    nc_run_sys(x, cfg);
}

static void nc_run_close(nc_run_t* x) {
    gsys_free(x->s);
    traffic_free(x->r);
    x->be.destroy(x->be.ctx);
}

/* gsys_proto_t.invariant's wiring (gsys_check_invariant): a protocol invariant that reports one
 * violation at every call, so that the count is the number of calls. The checks of a real one
 * (DeNovo's V1) are tested with their protocol (tests/denovo/test_denovo_system.c). */
static struct {
    uint64_t calls, last_cycle;
    const gsys_backend_t* be;
    bool in_order;
} inv_seen;

static uint64_t inv_always(const void* pd, void* st, const gsys_backend_t* cbe, uint64_t cycle,
                           FILE* f) {
    (void)pd;
    (void)st;
    inv_seen.in_order =
        inv_seen.in_order && (inv_seen.calls == 0 || cycle == inv_seen.last_cycle + 1);
    inv_seen.calls++;
    inv_seen.last_cycle = cycle;
    inv_seen.be = cbe;
    if (f)
        fprintf(f, "INV: cycle %llu\n", (unsigned long long)cycle);
    return 1;
}

static uint64_t inv_run(bool on, uint64_t cycles, char* buf, size_t len) {
    gsys_proto_t p = nc_proto;
    p.invariant = inv_always;
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.proto = &p;
    nc_run_t x;
    nc_run_open(&x, &cfg, ~0ull >> 1);
    memset(&inv_seen, 0, sizeof inv_seen);
    inv_seen.in_order = true;
    FILE* f = fmemopen(buf, len - 1, "w");
    assert_non_null(f);
    if (on)
        gsys_check_invariant(x.s, &x.be, f);
    assert_int_equal(gsys_run(x.s, cycles, stderr), GSYS_RUN_CYCLES);
    fclose(f);
    const uint64_t v = gsys_invariant_violations(x.s);
    if (on)
        assert_ptr_equal(inv_seen.be, &x.be);
    nc_run_close(&x);
    return v;
}

/* checked after every edge but the reset edges, every violation counted, the first 5 printed;
 * not checked at all unless asked */
static void test_invariant_hook(void** state) {
    (void)state;
    char buf[4096] = {0};
    const uint64_t v = inv_run(true, 3000, buf, sizeof buf);
    print_message("invariant hook: %llu calls, %llu violations in 3000 cycles\n%s",
                  (unsigned long long)inv_seen.calls, (unsigned long long)v, buf);
    assert_true(inv_seen.calls > 2900 && inv_seen.calls < 3000); /* the reset edges excluded */
    assert_int_equal(v, inv_seen.calls);
    assert_true(inv_seen.in_order);
    int lines = 0;
    for (const char* c = buf; (c = strstr(c, "INV: cycle ")) != NULL; c++)
        lines++;
    assert_int_equal(lines, 5);
    memset(buf, 0, sizeof buf);
    assert_int_equal(inv_run(false, 3000, buf, sizeof buf), 0);
    assert_int_equal(inv_seen.calls, 0);
}

/* gsys_proto_t.invariant_new / invariant_free: the invariant's state is one per system (G-TSC's
 * kept I4 verdicts). Two systems run interleaved, each state must see only its own system's
 * edges, in order; a state shared by the systems (a static, as G-TSC's was) sees the second
 * system's cycles restart and fails `in_order`; each state is freed once, by gsys_free. */
typedef struct {
    uint64_t calls, last_cycle;
    bool in_order;
} inv_st_t;

static struct {
    uint32_t made, freed;
    const void* pd;
} inv_life;

static void* inv_st_new(const void* pd) {
    inv_life.made++;
    inv_life.pd = pd;
    inv_st_t* st = calloc(1, sizeof *st);
    if (st)
        st->in_order = true;
    return st;
}

static void inv_st_free(void* st) {
    inv_life.freed++;
    free(st);
}

static uint64_t inv_kept(const void* pd, void* vst, const gsys_backend_t* cbe, uint64_t cycle,
                         FILE* f) {
    (void)pd, (void)cbe, (void)f;
    inv_st_t* st = vst;
    assert_non_null(st);
    st->in_order = st->in_order && (st->calls == 0 || cycle == st->last_cycle + 1);
    st->calls++;
    st->last_cycle = cycle;
    return 0;
}

static void test_invariant_state_per_system(void** state) {
    (void)state;
    gsys_proto_t p = nc_proto;
    p.invariant = inv_kept;
    p.invariant_new = inv_st_new;
    p.invariant_free = inv_st_free;
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.proto = &p;
    memset(&inv_life, 0, sizeof inv_life);
    nc_run_t a, b;
    nc_run_open(&a, &cfg, ~0ull >> 1);
    nc_run_open(&b, &cfg, ~0ull >> 1);
    assert_int_equal(inv_life.made, 0); /* made when the check is asked for */
    gsys_check_invariant(a.s, &a.be, NULL);
    gsys_check_invariant(b.s, &b.be, NULL);
    gsys_check_invariant(a.s, &a.be, NULL); /* asked again: the same state kept */
    assert_int_equal(inv_life.made, 2);
    for (int r = 0; r < 3; r++) {
        assert_int_equal(gsys_run(a.s, 700, stderr), GSYS_RUN_CYCLES);
        assert_int_equal(gsys_run(b.s, 300, stderr), GSYS_RUN_CYCLES);
    }
    const inv_st_t* sa = gsys_invariant_state(a.s);
    const inv_st_t* sb = gsys_invariant_state(b.s);
    assert_non_null(sa);
    assert_non_null(sb);
    print_message("invariant state: %llu and %llu calls, in order %d %d\n",
                  (unsigned long long)sa->calls, (unsigned long long)sb->calls, sa->in_order,
                  sb->in_order);
    assert_true(sa->in_order && sb->in_order);
    assert_true(sa->calls > 2000 && sa->calls < 2100);
    assert_true(sb->calls > 800 && sb->calls < 900);
    nc_run_close(&a);
    assert_int_equal(inv_life.freed, 1);
    nc_run_close(&b);
    assert_int_equal(inv_life.freed, 2);
}

/* gsys_proto_t.global_in (G-TSC's gtsc_ovf, docs/units/gtsc/gtsc.md section 13): nc with a
 * global unit "tg" that registers what the hook gave it. The hook must be called once per
 * cycle, reset cycles too, before any slot ticks: then the bank slot's outputs it reads are those
 * of the previous edge. A hook called after the banks' edge (or between slots) finds more bank
 * edges than global edges times the banks and fails `early_calls`. */
typedef struct {
    bool rst_n;
    uint32_t seen; /* owned by global_in */
} tg_in_t;
typedef struct {
    uint32_t seen;
} tg_out_t;

static struct {
    uint64_t calls, bank_edges, glob_edges;
    uint64_t late;      /* a call after some bank's edge of the cycle */
    uint64_t clobbered; /* the global unit's edge saw another value than the hook wrote */
    uint64_t uncleared; /* the hook found its field not zeroed after the previous edge */
    uint64_t bad_args;  /* the bank outputs, stride or count were not the bank slot's */
    uint32_t nb;
} tg;

static void tg_l2_tick(void* m, const void* in, void* out) {
    l2_tick(m, in, out);
    tg.bank_edges++;
}
static void* tg_new(const void* pd, char* err, size_t n) {
    (void)pd, (void)err, (void)n;
    return calloc(1, sizeof(tg_out_t));
}
static void tg_tick(void* m, const void* vin, void* vout) {
    const tg_in_t* in = vin;
    tg.glob_edges++;
    tg.clobbered += in->seen != (uint32_t)tg.calls;
    ((tg_out_t*)vout)->seen = *(uint32_t*)m = in->seen;
}
static void tg_global_in(const void* pd, const void* bank_out, size_t bank_osz, uint32_t nbanks,
                         void* gin) {
    (void)pd;
    tg.calls++;
    tg.late += tg.bank_edges != tg.glob_edges * nbanks;
    tg.bad_args += !bank_out || bank_osz != sizeof(nc_l2_out_t) || nbanks != tg.nb;
    tg_in_t* g = gin;
    tg.uncleared += g->seen != 0;
    g->seen = (uint32_t)tg.calls;
}
static void tg_inputs(const void* pd, uint32_t slot, void* in, size_t stride, uint32_t n, bool rst,
                      const void* gout, uint64_t cycle, uint32_t start) {
    if (slot == 2)
        ((tg_in_t*)in)->rst_n = !rst; /* seen is the hook's */
    else
        inputs(pd, slot, in, stride, n, rst, gout, cycle, start);
}
static void tg_clear(uint32_t slot, void* in, size_t stride, uint32_t n) {
    if (slot == 2)
        ((tg_in_t*)in)->seen = 0;
    else
        clear(slot, in, stride, n);
}
static const gpucoh_unit_t tg_unit = {.name = "tg"};
static const gsys_unit_ops_t tg_l2_ops = {.unit = &nc_l2_unit,
                                          .in_size = sizeof(nc_l2_in_t),
                                          .out_size = sizeof(nc_l2_out_t),
                                          .model_new = l2_new,
                                          .model_tick = tg_l2_tick,
                                          .pvals = l2_pvals,
                                          .cmp_out = l2_cmp_out};
static const gsys_unit_ops_t tg_ops = {.unit = &tg_unit,
                                       .in_size = sizeof(tg_in_t),
                                       .out_size = sizeof(tg_out_t),
                                       .model_new = tg_new,
                                       .model_tick = tg_tick};
static const gsys_slot_t tg_slots[] = {
    {&nc_l1_ops, GSYS_AT_SM, "l1", "sm[%u].l1", "sm%u_l1"},
    {&tg_l2_ops, GSYS_AT_BANK, "l2", "bank[%u].l2", "bank%u_l2"},
    {&tg_ops, GSYS_GLOBAL, "tg", "tg", "tg"},
};

static void test_global_in_timing(void** state) {
    (void)state;
    gsys_proto_t p = nc_proto;
    p.slots = tg_slots;
    p.nslots = 3;
    p.global_slot = 2;
    p.global_in = tg_global_in;
    p.inputs = tg_inputs;
    p.clear = tg_clear;
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.proto = &p;
    memset(&tg, 0, sizeof tg);
    tg.nb = 2;
    nc_run_t x;
    nc_run_open(&x, &cfg, ~0ull >> 1);
    assert_int_equal(gsys_run(x.s, 5000, stderr), GSYS_RUN_CYCLES);
    print_message("global_in: %llu calls in 5000 cycles, %llu bank edges, %llu global edges\n",
                  (unsigned long long)tg.calls, (unsigned long long)tg.bank_edges,
                  (unsigned long long)tg.glob_edges);
    assert_int_equal(tg.calls, 5000); /* every cycle, the two reset cycles too */
    assert_int_equal(tg.glob_edges, 5000);
    assert_int_equal(tg.bank_edges, 2 * 5000);
    assert_int_equal(tg.late, 0);
    assert_int_equal(tg.clobbered, 0);
    assert_int_equal(tg.uncleared, 0);
    assert_int_equal(tg.bad_args, 0);
    assert_int_equal(gsys_errors(x.s), 0);
    nc_run_close(&x);
    /* a global_in without a global slot is refused */
    p.slots = nc_slots;
    p.nslots = 2;
    p.global_slot = -1;
    p.inputs = inputs;
    p.clear = clear;
    gsys_backend_t be;
    char err[256];
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, cfg.seed, 10);
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    assert_null(gsys_new(&cfg, &be, &wl, err, sizeof err));
    assert_non_null(strstr(err, "lacks a required hook or slot"));
    traffic_free(r);
    be.destroy(be.ctx);
}

static void test_traffic_runs(void** state) {
    (void)state;
    const gsys_cfg_t cfg = nc_cfg(false);
    nc_run_t x;
    nc_run_open(&x, &cfg, 20000);
    assert_int_equal(gsys_run(x.s, 2000000, stderr), GSYS_RUN_DONE);
    assert_int_equal(gsys_errors(x.s), 0);
    assert_int_equal(traffic_completed(x.r), 20000);
    print_message("nc: 20000 random operations done in %llu cycles, 0 harness errors\n",
                  (unsigned long long)gsys_cycle(x.s));
    nc_run_close(&x);
}

/* ---- the workload's due() (gsys_workload_t) and the event stream (traffic.h "Streams") ---- */

/* A workload around the random traffic that counts, per wavefront, the calls of next() and the
 * operations completed, and whose due() (when `due` is set) answers `cycle`: asked every cycle,
 * as without due(). */
typedef struct {
    gsys_workload_t in;
    uint64_t asked[32], done[32];
} wrap_t;

static bool wrap_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    wrap_t* w = ctx;
    w->asked[sm * 8u + wf]++;
    return w->in.next(w->in.ctx, sm, wf, cycle, op);
}

static void wrap_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                      const uint32_t* line, uint64_t cycle) {
    wrap_t* w = ctx;
    w->done[sm * 8u + wf]++;
    w->in.done(w->in.ctx, sm, wf, op, value, line, cycle);
}

static bool wrap_finished(void* ctx) {
    const wrap_t* w = ctx;
    return w->in.finished(w->in.ctx);
}

static uint64_t wrap_due_now(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle) {
    (void)ctx, (void)sm, (void)wf;
    return cycle;
}

static uint64_t wrap_due_inner(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle) {
    const wrap_t* w = ctx;
    return w->in.due(w->in.ctx, sm, wf, cycle);
}

/* The system over x->wl run to the end of tc's operations without a harness error: its cycles
 * and statistics; the run closed. */
static uint64_t nc_run_done(nc_run_t* x, const gsys_cfg_t* cfg, const traffic_cfg_t* tc,
                            gsys_stats_t* st) {
    nc_run_sys(x, cfg);
    assert_int_equal(gsys_run(x->s, 4000000, stderr), GSYS_RUN_DONE);
    assert_int_equal(gsys_errors(x->s), 0);
    assert_int_equal(traffic_completed(x->r), tc->ops);
    gsys_stats_get(x->s, st);
    const uint64_t c = gsys_cycle(x->s);
    nc_run_close(x);
    return c;
}

/* nc on the random traffic (ops operations, the stream and share of active wavefronts of tc)
 * through wrap_t, due() as `due` says: 0 none, 1 always `cycle`, 2 the traffic's own. */
static uint64_t wrap_run(const traffic_cfg_t* tc, int due, wrap_t* w, gsys_stats_t* st) {
    const gsys_cfg_t cfg = nc_cfg(false);
    nc_run_t x;
    nc_run_traffic(&x, &cfg, tc);
    memset(w, 0, sizeof *w);
    w->in = x.wl;
    x.wl = (gsys_workload_t){w,
                             wrap_next,
                             wrap_done,
                             wrap_finished,
                             due == 1   ? wrap_due_now
                             : due == 2 ? wrap_due_inner
                                        : NULL,
                             NULL};
    return nc_run_done(&x, &cfg, tc, st);
}

/* traffic.c's next_of() (the cycle stream's: next() for an SM's idle wavefronts without a call
 * through the table each) makes the run that next() alone makes: the same cycles, operations
 * done, latencies, requests and responses, at two seeds, with and without its steering phases. */
static uint64_t of_run(const traffic_cfg_t* tc, bool of, gsys_stats_t* st) {
    const gsys_cfg_t cfg = nc_cfg(false);
    nc_run_t x;
    nc_run_traffic(&x, &cfg, tc);
    assert_non_null(x.wl.next_of); /* the cycle stream has it */
    if (!of)
        x.wl.next_of = NULL;
    return nc_run_done(&x, &cfg, tc, st);
}

static void test_next_of_same_run(void** state) {
    (void)state;
    const gsys_cfg_t cfg = nc_cfg(false);
    for (uint32_t k = 0; k < 4u; k++) {
        traffic_cfg_t tc = traffic_cfg_default(&cfg, 5u + 6u * (k & 1u), 20000);
        tc.steer = k >= 2u;
        gsys_stats_t sa, sb;
        const uint64_t ca = of_run(&tc, true, &sa), cb = of_run(&tc, false, &sb);
        print_message("nc: 20000 operations in %llu cycles with next_of(), %llu without\n",
                      (unsigned long long)ca, (unsigned long long)cb);
        assert_int_equal(ca, cb);
        assert_int_equal(sa.req_total, sb.req_total);
        assert_int_equal(sa.rsp_total, sb.rsp_total);
        assert_int_equal(sa.lat_sum, sb.lat_sum);
        assert_int_equal(sa.lat_max, sb.lat_max);
        assert_memory_equal(sa.done, sb.done, sizeof sa.done);
    }
}

/* A due() that always answers `cycle` gives the run of no due(): the calendar path asks the same
 * wavefronts in the same order (every idle one, every cycle). */
static void test_due_now_same_run(void** state) {
    (void)state;
    const gsys_cfg_t cfg = nc_cfg(false);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, 11, 20000);
    static wrap_t a, b;
    gsys_stats_t sa, sb;
    const uint64_t ca = wrap_run(&tc, 0, &a, &sa), cb = wrap_run(&tc, 1, &b, &sb);
    print_message("nc: 20000 operations in %llu cycles without due(), %llu with due() = cycle\n",
                  (unsigned long long)ca, (unsigned long long)cb);
    assert_int_equal(ca, cb);
    assert_memory_equal(a.asked, b.asked, sizeof a.asked);
    assert_memory_equal(a.done, b.done, sizeof a.done);
    assert_int_equal(sa.req_total, sb.req_total);
    assert_int_equal(sa.lat_sum, sb.lat_sum);
    assert_memory_equal(sa.done, sb.done, sizeof sa.done);
}

/* A workload whose wavefronts are due at set cycles: (0,0) at 2 + 3 * CAL_SIZE + 5 (round the
 * calendar three times), (1,3) at 100, then (1,3) at 101 after a next() that gives nothing; the
 * others never. next() is asked exactly then, and nothing else. */
typedef struct {
    uint64_t asked_at[8];
    uint32_t nasked, bad;
    bool done;
} sched_t;

static uint64_t sched_due(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle) {
    const sched_t* x = ctx;
    if (sm == 0 && wf == 0)
        return x->done ? UINT64_MAX : 2u + 3u * 4096u + 5u;
    if (sm == 1 && wf == 3)
        return cycle <= 100 ? 100 : cycle == 101 ? 101 : UINT64_MAX;
    return UINT64_MAX;
}

static bool sched_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    sched_t* x = ctx;
    if (x->nasked < 8)
        x->asked_at[x->nasked] = cycle * 100u + sm * 10u + wf;
    x->nasked++;
    if (sm != 0 || wf != 0 || x->done)
        return false;
    op->kind = GSYS_OP_LOAD;
    op->scope = GSYS_SCOPE_GPU;
    op->addr = 0x40;
    return true;
}

static void sched_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                       const uint32_t* line, uint64_t cycle) {
    (void)sm, (void)wf, (void)op, (void)value, (void)line, (void)cycle;
    ((sched_t*)ctx)->done = true;
}

static bool sched_finished(void* ctx) {
    return ((const sched_t*)ctx)->done;
}

static void test_due_asks_then_only(void** state) {
    (void)state;
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.deadlock_cycles = 20000;
    sched_t x = {0};
    gsys_workload_t wl = {&x, sched_next, sched_done, sched_finished, sched_due, NULL};
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    for (uint64_t k = 0; k < 20000 && !x.done; k++) {
        gsys_mark_progress(s); /* idle by choice */
        gsys_run(s, 1, stderr);
    }
    print_message("nc with due(): next() asked %u times: at %llu (sm 1 wf 3), %llu, %llu (sm 0 wf "
                  "0)\n",
                  x.nasked, (unsigned long long)x.asked_at[0] / 100u,
                  (unsigned long long)x.asked_at[1] / 100u,
                  (unsigned long long)x.asked_at[2] / 100u);
    assert_true(x.done);
    assert_int_equal(x.nasked, 3);
    assert_int_equal(x.asked_at[0], 100u * 100u + 13u);
    assert_int_equal(x.asked_at[1], 101u * 100u + 13u);
    assert_int_equal(x.asked_at[2], (2u + 3u * 4096u + 5u) * 100u);
    gsys_free(s);
    be.destroy(be.ctx);
}

/* The event stream's wait: geometric, P(k) = (1-p)^k p. 200 000 draws per chance: the share of
 * 0 within 0.005 of p, the mean within 2 % of (1-p)/p; 1000 per mille waits 0, 0 never issues. */
static void test_event_wait_geometric(void** state) {
    (void)state;
    const gsys_cfg_t cfg = nc_cfg(false);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, 5, 1000);
    char err[256];
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    static const uint32_t pm[] = {15, 60, 300, 999};
    for (size_t i = 0; i < sizeof pm / sizeof pm[0]; i++) {
        const uint32_t n = 200000;
        uint64_t sum = 0, zero = 0;
        for (uint32_t k = 0; k < n; k++) {
            const uint64_t d = traffic_wait_draw(r, pm[i]);
            sum += d;
            zero += d == 0;
        }
        const double p = pm[i] / 1000.0, mean = (double)sum / n, want = (1.0 - p) / p;
        print_message("wait at %u per mille: P(0) %.4f (want %.4f), mean %.3f (want %.3f)\n", pm[i],
                      (double)zero / n, p, mean, want);
        assert_true(fabs((double)zero / n - p) < 0.005);
        assert_true(fabs(mean - want) <= 0.02 * want + 1e-3);
    }
    assert_int_equal(traffic_wait_draw(r, 1000), 0);
    assert_true(traffic_wait_draw(r, 0) == UINT64_MAX);
    traffic_free(r);
}

/* The event stream runs the traffic to its end (every phase, the whole budget; the same cycles
 * for the same seed), asks next() far less often than the cycle stream, and with --active-wf only
 * the chosen wavefronts issue: 250 per mille of nc's 32 are wavefronts 3, 7, ..., 31. */
static void test_event_stream_and_active(void** state) {
    (void)state;
    const gsys_cfg_t cfg = nc_cfg(false);
    static wrap_t c, e, e2, a;
    gsys_stats_t st;
    traffic_cfg_t tc = traffic_cfg_default(&cfg, 11, 20000);
    const uint64_t cc = wrap_run(&tc, 0, &c, &st);
    tc.events = true;
    const uint64_t ce = wrap_run(&tc, 2, &e, &st), ce2 = wrap_run(&tc, 2, &e2, &st);
    assert_int_equal(ce, ce2);
    assert_memory_equal(e.done, e2.done, sizeof e.done);
    uint64_t nc = 0, ne = 0;
    for (uint32_t w = 0; w < 32; w++) {
        nc += c.asked[w];
        ne += e.asked[w];
    }
    print_message("nc: 20000 operations: cycle stream %llu cycles, next() %llu times; event "
                  "stream %llu cycles, next() %llu times\n",
                  (unsigned long long)cc, (unsigned long long)nc, (unsigned long long)ce,
                  (unsigned long long)ne);
    assert_true(ne * 4 < nc);
    tc.active_permille = 250;
    for (int ev = 0; ev < 2; ev++) {
        tc.events = ev != 0;
        wrap_run(&tc, ev ? 2 : 0, &a, &st);
        for (uint32_t w = 0; w < 32; w++) {
            if (w % 4u == 3u)
                assert_int_equal(a.done[w], 20000 / 8);
            else
                assert_int_equal(a.done[w], 0);
            if (ev && w % 4u != 3u)
                assert_int_equal(a.asked[w], 0); /* never due: never asked */
        }
    }
    tc.active_permille = 31; /* 32 * 31 / 1000 = 0 */
    char err[256];
    assert_null(traffic_new(&cfg, &tc, err, sizeof err));
    assert_non_null(strstr(err, "no wavefront is active at 31 per mille of 32 wavefronts"));
}

/* The phases nc's random traffic entered in 100 000 cycles (traffic_print's "phases:" list),
 * with the stream and share of active wavefronts given. */
static void phases_of(bool events, uint32_t active, char* out, size_t n) {
    const gsys_cfg_t cfg = nc_cfg(false);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, 21, ~0ull >> 1);
    tc.events = events;
    tc.active_permille = active;
    nc_run_t x;
    nc_run_traffic(&x, &cfg, &tc);
    nc_run_sys(&x, &cfg);
    assert_int_equal(gsys_run(x.s, 100000, stderr), GSYS_RUN_CYCLES);
    char buf[2048] = {0};
    FILE* f = fmemopen(buf, sizeof buf - 1, "w");
    assert_non_null(f);
    traffic_print(x.r, f);
    fclose(f);
    const char* ph = strstr(buf, "phases:");
    assert_non_null(ph);
    snprintf(out, n, "%.*s", (int)strcspn(ph, "\n"), ph);
    nc_run_close(&x);
}

/* The event stream draws its phases from a generator of their own: a seed gives the same phases
 * whatever the share of active wavefronts (so that a cost curve compares like with like); the
 * cycle stream's phases come from the operations' generator and differ. */
static void test_event_phases_seed_only(void** state) {
    (void)state;
    char a[512], b[512], c[512], d[512];
    phases_of(true, 1000, a, sizeof a);
    phases_of(true, 250, b, sizeof b);
    phases_of(false, 1000, c, sizeof c);
    phases_of(false, 250, d, sizeof d);
    print_message("event stream, all / 250 per mille active:\n  %s\n  %s\ncycle stream:\n  %s\n  "
                  "%s\n",
                  a, b, c, d);
    assert_string_equal(a, b);
    assert_string_not_equal(c, d);
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

/* Networks the system refuses, each with a message naming the problem: one of the global unit
 * (not supported yet), one without its deliver hook, more than GSYS_MAX_NETS. */
static void test_nets_refused(void** state) {
    (void)state;
    char err[256];
    gsys_backend_t be;
    gsys_cfg_t cfg = nc_cfg(false);
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, 1, 10);
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    static const char* const want[3] = {"a global unit's network is not supported yet",
                                        "lacks a name, noun, kinds, size, stamp or deliver",
                                        "declares 9 networks (at most 8)"};
    for (int k = 0; k < 3; k++) {
        gsys_proto_t bad = nc_proto;
        gsys_net_t nets[GSYS_MAX_NETS + 1];
        for (uint32_t i = 0; i < GSYS_MAX_NETS + 1; i++)
            nets[i] = nc_nets[i % 2];
        if (k == 0)
            nets[1].src = GSYS_GLOBAL;
        if (k == 1)
            nets[1].deliver = NULL;
        bad.nets = nets;
        bad.nnets = k == 2 ? GSYS_MAX_NETS + 1 : 2;
        cfg.proto = &bad;
        assert_null(gsys_new(&cfg, &be, &wl, err, sizeof err));
        print_message("refused: %s\n", err);
        assert_non_null(strstr(err, want[k]));
    }
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
    gsys_workload_t wl = {&x, idler_next, idler_done, idler_finished, NULL, NULL};
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

/* ---- nc-fwd: networks as data (issue 26 item 1) --------------------------------------------- */

static gsys_cfg_t nc_fwd_cfg(const gsys_proto_t* p) {
    gsys_cfg_t c = nc_cfg(false);
    c.proto = p;
    nc_desc_t d;
    memcpy(&d, gsys_pdc(&c), sizeof d);
    d.fwd = true;
    memcpy(gsys_pd(&c), &d, sizeof d);
    return c;
}

/* Random traffic on the protocol p (nc-fwd or a mutant of it) to the end or a deadlock; the
 * statistics, the counters, the statistics text and the deadlock report. */
typedef struct {
    gsys_run_t r;
    uint64_t errors, cycles, completed;
    gsys_stats_t st;
    gsys_counters_t ctr;
    char text[4096], report[16384];
} fwd_run_t;

static void run_fwd_bp(const gsys_proto_t* p, bool bp, uint64_t ops, fwd_run_t* x) {
    gsys_cfg_t cfg = nc_fwd_cfg(p);
    if (bp) {
        nc_desc_t d;
        memcpy(&d, gsys_pdc(&cfg), sizeof d);
        d.fwd_bp = true;
        memcpy(gsys_pd(&cfg), &d, sizeof d);
    }
    cfg.deadlock_cycles = 20000;
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, cfg.seed, ops);
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    if (!s)
        print_error("%s\n", err);
    assert_non_null(s);
    memset(x, 0, sizeof *x);
    FILE* rep = fmemopen(x->report, sizeof x->report - 1, "w");
    assert_non_null(rep);
    x->r = gsys_run(s, 4000000, rep);
    fclose(rep);
    x->errors = gsys_errors(s);
    x->cycles = gsys_cycle(s);
    x->completed = traffic_completed(r);
    gsys_stats_get(s, &x->st);
    gsys_counters_collect(p, gsys_pdc(&cfg), &be, &x->ctr);
    FILE* t = fmemopen(x->text, sizeof x->text - 1, "w");
    assert_non_null(t);
    gsys_stats(s, t);
    fclose(t);
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx);
}

static void run_fwd(const gsys_proto_t* p, uint64_t ops, fwd_run_t* x) {
    run_fwd_bp(p, false, ops, x);
}

/* The four networks carry their messages: every store's DONE from its bank to the line's home
 * L1 (bank-initiated) and the home's ACK to the writer's L1 (L1 to L1), which acknowledges it to
 * its wavefront; the statistics count each network under its name. */
/* gsys_fix_bits (a netlist's removed bits taken from the model) works eight bytes at a time: it
 * must give, at every length and alignment, what the byte-wise rule gives. */
static void test_fix_bits_every_length(void** state) {
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15u;
    unsigned char g[64], e[64], m[64], want[64];
    for (size_t off = 0; off < 8u; off++) {
        for (size_t n = 0; n + off <= 48u; n++) {
            for (size_t i = 0; i < sizeof g; i++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                g[i] = (unsigned char)x;
                e[i] = (unsigned char)(x >> 8);
                m[i] = (x >> 16) % 3u == 0u ? (unsigned char)(x >> 24) : 0u; /* words of 0 too */
            }
            for (size_t i = 0; i < sizeof g; i++)
                want[i] = i >= off && i < off + n ? (unsigned char)((g[i] & ~m[i]) | (e[i] & m[i]))
                                                  : g[i];
            gsys_fix_bits(g + off, e + off, m + off, n);
            assert_memory_equal(g, want, sizeof g);
        }
    }
}

/* gsys_store_image of a STORE_LINE keeps byte b of word k exactly when bit 4k + b of the mask
 * is set: every 4-bit pattern in every word, at each line size. The mask it gives is the op's cut
 * to the line's bytes, and the words past the line are left as they were. */
static void test_store_image_bytes(void** state) {
    (void)state;
    static const uint32_t sizes[] = {16u, 32u, 64u, 128u};
    uint64_t x = 0x2545f4914f6cdd1du;
    for (uint32_t z = 0; z < 4u; z++) {
        const uint32_t lb = sizes[z];
        for (uint32_t pat = 0; pat < 16u; pat++) {
            gsys_op_t op;
            memset(&op, 0, sizeof op);
            op.kind = GSYS_OP_STORE_LINE;
            for (uint32_t k = 0; k < GSYS_MAX_LINE_WORDS; k++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                op.data[k] = (uint32_t)x;
                /* word k's four bits: pat turned by k, so each word sees each pattern */
                const uint32_t nib = ((pat << (k & 3u)) | (pat >> (4u - (k & 3u)))) & 0xfu;
                op.mask[(4u * k) / 32u] |= nib << ((4u * k) % 32u);
            }
            uint32_t data[GSYS_MAX_LINE_WORDS], mask[GSYS_MASK_WORDS];
            memset(data, 0xa5, sizeof data);
            gsys_store_image(&op, lb, 0, data, mask);
            for (uint32_t k = 0; k < lb / 4u; k++) {
                uint32_t want = 0;
                for (uint32_t b = 0; b < 4u; b++) {
                    const uint32_t bit = 4u * k + b;
                    if ((op.mask[bit / 32u] >> (bit % 32u)) & 1u)
                        want |= op.data[k] & (0xffu << (8u * b));
                }
                assert_int_equal(data[k], want);
            }
            for (uint32_t k = lb / 4u; k < GSYS_MAX_LINE_WORDS; k++)
                assert_int_equal(data[k], 0xa5a5a5a5u);
            for (uint32_t k = 0; k < GSYS_MASK_WORDS; k++) {
                const uint32_t bits = lb > 32u * k ? lb - 32u * k : 0u; /* line bytes in word k */
                const uint32_t keep = bits >= 32u ? ~0u : (1u << bits) - 1u;
                assert_int_equal(mask[k], op.mask[k] & keep);
            }
        }
    }
}

static void test_fwd_networks_carry(void** state) {
    (void)state;
    const gsys_proto_t p = nc_fwd_proto();
    fwd_run_t x;
    run_fwd(&p, 20000, &x);
    const gsys_stats_t* st = &x.st;
    const uint64_t stores =
        st->done[GSYS_OP_STORE] + st->done[GSYS_OP_RELEASE] + st->done[GSYS_OP_STORE_LINE];
    print_message("nc-fwd: %llu ops in %llu cycles; req %llu rsp %llu fwd %llu p2p %llu; stores "
                  "acknowledged %llu; fwd waited for rsp %llu cycles; counters %s %llu %s %llu "
                  "%s %llu\n",
                  (unsigned long long)x.completed, (unsigned long long)x.cycles,
                  (unsigned long long)st->net[NC_NET_REQ].total,
                  (unsigned long long)st->net[NC_NET_RSP].total,
                  (unsigned long long)st->net[NC_NET_FWD].total,
                  (unsigned long long)st->net[NC_NET_P2P].total, (unsigned long long)stores,
                  (unsigned long long)st->net[NC_NET_FWD].wait, x.ctr.pnames[0],
                  (unsigned long long)x.ctr.pv[0], x.ctr.pnames[1], (unsigned long long)x.ctr.pv[1],
                  x.ctr.pnames[2], (unsigned long long)x.ctr.pv[2]);
    assert_int_equal(x.r, GSYS_RUN_DONE);
    assert_int_equal(x.errors, 0);
    assert_int_equal(x.completed, 20000);
    assert_int_equal(st->nnets, 4);
    assert_string_equal(st->net[NC_NET_FWD].name, "fwd");
    assert_string_equal(st->net[NC_NET_P2P].name, "p2p");
    /* every store: one DONE, one ACK, no bank acknowledgement; each completed at its ACK */
    assert_true(stores > 1000);
    assert_int_equal(st->net[NC_NET_FWD].total, stores);
    assert_int_equal(st->net[NC_NET_FWD].kind[NC_DONE], stores);
    assert_int_equal(st->net[NC_NET_P2P].total, stores);
    assert_int_equal(st->net[NC_NET_P2P].copies, stores);
    assert_int_equal(st->net[NC_NET_RSP].kind[NC_ACK], 0);
    assert_int_equal(st->net[NC_NET_REQ].kind[NC_STORE], stores);
    /* the forward shares the response port and is served after a response */
    assert_true(st->net[NC_NET_FWD].wait > 0);
    assert_int_equal(st->net[NC_NET_RSP].wait, 0);
    /* the protocol's own counters, under its names */
    assert_int_equal(x.ctr.npv, 5);
    assert_string_equal(x.ctr.pnames[0], "home_dones");
    assert_int_equal(x.ctr.pv[0], stores);
    assert_int_equal(x.ctr.pv[1], stores);
    assert_int_equal(x.ctr.pv[2], 0);
    assert_int_equal(x.ctr.pv[3], 0); /* never a response and a forward in one cycle */
    /* the statistics name the networks */
    char want[128];
    snprintf(want, sizeof want, "L2->L1 forwards: DONE %llu (copies delivered %llu)",
             (unsigned long long)stores, (unsigned long long)stores);
    assert_non_null(strstr(x.text, want));
    snprintf(want, sizeof want, "L1->L1 acknowledgements: ACK %llu (copies delivered %llu)",
             (unsigned long long)stores, (unsigned long long)stores);
    assert_non_null(strstr(x.text, want));
    assert_non_null(strstr(x.text, "fwd waits for priority"));
    assert_non_null(strstr(x.text, "forward xbar"));
    assert_non_null(strstr(x.text, "acknowledgement xbar"));
}

/* A mis-routed network stops the run: a forward delivered to an L1 that is not the line's home
 * (its routing, msg_info's dst, rotated by one SM), or an ACK stamped with the wrong source: the
 * writer's L1 drops the ACK and its wavefront waits for it forever. */
static const gsys_proto_t* mut_base;
static void mut_msg_info(const void* pd, uint32_t net, const void* msg, gsys_msg_info_t* mi) {
    mut_base->msg_info(pd, net, msg, mi);
    if (net == NC_NET_FWD)
        mi->dst = ((mi->dst << 1) | (mi->dst >> 3)) & 0xfu; /* 4 SMs */
}
static void mut_p2p_stamp(void* msg, uint32_t src, uint32_t dst) {
    p2p_stamp(msg, (src + 1) % 4, dst);
}

static void test_fwd_misrouted_fails(void** state) {
    (void)state;
    static gsys_proto_t good;
    good = nc_fwd_proto();
    mut_base = &good;
    for (int k = 0; k < 2; k++) {
        gsys_proto_t bad = good;
        gsys_net_t nets[4];
        memcpy(nets, good.nets, sizeof nets);
        if (k == 0)
            bad.msg_info = mut_msg_info;
        else
            nets[NC_NET_P2P].stamp = mut_p2p_stamp;
        bad.nets = nets;
        fwd_run_t x;
        run_fwd(&bad, 2000, &x);
        print_message("nc-fwd, %s: run end %d at cycle %llu, %llu of 2000 ops, %llu ACKs "
                      "dropped\n",
                      k ? "ACKs stamped with the wrong source" : "forwards to the wrong L1", x.r,
                      (unsigned long long)x.cycles, (unsigned long long)x.completed,
                      (unsigned long long)x.ctr.pv[2]);
        assert_int_equal(x.r, GSYS_RUN_DEADLOCK);
        assert_true(x.ctr.pv[2] > 0);
        assert_non_null(strstr(x.report, "waits for the store's acknowledgement"));
        assert_non_null(strstr(x.report, "acknowledgement crossbar"));
    }
}

/* Back-pressure on a network into the L1s, at a port it shares: the forwards declared with
 * in_ready, each L1 ready for one every other cycle. A refused forward waits in the network (when
 * the port has nothing else it is presented and ignored); the run is the same work. */
static void test_fwd_backpressure(void** state) {
    (void)state;
    gsys_proto_t p = nc_fwd_proto();
    gsys_net_t nets[4];
    memcpy(nets, p.nets, sizeof nets);
    nets[NC_NET_FWD].in_ready = true;
    p.nets = nets;
    fwd_run_t x;
    run_fwd_bp(&p, true, 20000, &x);
    const gsys_stats_t* st = &x.st;
    const uint64_t stores =
        st->done[GSYS_OP_STORE] + st->done[GSYS_OP_RELEASE] + st->done[GSYS_OP_STORE_LINE];
    print_message("nc-fwd, forwards with back-pressure: %llu ops in %llu cycles, %llu stores; fwd "
                  "stalled %llu cycles, %llu presented and ignored, waited for rsp %llu\n",
                  (unsigned long long)x.completed, (unsigned long long)x.cycles,
                  (unsigned long long)stores, (unsigned long long)st->net[NC_NET_FWD].stall,
                  (unsigned long long)x.ctr.pv[4], (unsigned long long)st->net[NC_NET_FWD].wait);
    assert_int_equal(x.r, GSYS_RUN_DONE);
    assert_int_equal(x.errors, 0);
    assert_int_equal(x.completed, 20000);
    assert_int_equal(st->net[NC_NET_FWD].total, stores);
    assert_int_equal(x.ctr.pv[0], stores); /* every forward taken once */
    assert_int_equal(x.ctr.pv[1], stores);
    assert_int_equal(x.ctr.pv[3], 0);
    assert_true(st->net[NC_NET_FWD].stall > 0);
    assert_true(x.ctr.pv[4] > 0);
    /* a stall is a forward presented and not taken: the L1 counts each it ignored */
    assert_int_equal(st->net[NC_NET_FWD].stall, x.ctr.pv[4]);
    char want[96];
    snprintf(want, sizeof want, ", SM (L1 not ready, forwards) %llu",
             (unsigned long long)st->net[NC_NET_FWD].stall);
    assert_non_null(strstr(x.text, want));
}

/* The back-pressured forwards above the responses at their shared port: a refused forward is
 * presented only when no response takes the port, so the stalls still equal the forwards the L1
 * ignored, and the others are priority waits (before the review's fix they counted as stalls). */
static void test_fwd_backpressure_above(void** state) {
    (void)state;
    gsys_proto_t p = nc_fwd_proto();
    gsys_net_t nets[4];
    memcpy(nets, p.nets, sizeof nets);
    nets[NC_NET_FWD].in_ready = true;
    nets[NC_NET_FWD].prio = GSYS_PRIO_RESPONSE;
    nets[NC_NET_RSP].prio = GSYS_PRIO_FORWARD;
    p.nets = nets;
    fwd_run_t x;
    run_fwd_bp(&p, true, 20000, &x);
    const gsys_stats_t* st = &x.st;
    print_message("nc-fwd, forwards above responses: fwd stalled %llu, ignored %llu, waited %llu\n",
                  (unsigned long long)st->net[NC_NET_FWD].stall, (unsigned long long)x.ctr.pv[4],
                  (unsigned long long)st->net[NC_NET_FWD].wait);
    assert_int_equal(x.r, GSYS_RUN_DONE);
    assert_int_equal(x.errors, 0);
    assert_int_equal(x.completed, 20000);
    assert_int_equal(x.ctr.pv[0], st->net[NC_NET_FWD].total); /* every forward taken once */
    assert_true(st->net[NC_NET_FWD].stall > 0);
    assert_int_equal(st->net[NC_NET_FWD].stall, x.ctr.pv[4]);
    assert_true(st->net[NC_NET_FWD].wait > 0); /* refused while a response took the port */
}

/* nc-fwd in lockstep: every L1 and bank instance as its C model and its Verilated RTL
 * (rtl/test/nc_l1.sv, nc_l2.sv), outputs compared every cycle, on random traffic with the
 * forwards under back-pressure (bp) or not; the waves of the run in one file (wave: its path, or
 * NULL), whose variables name the networks' ports. lie: the RTL is built with the other FwdBp
 * (its L1 ops' pvals lie), which the lockstep must catch. */
static const gsys_unit_ops_t* lie_base;
static void lie_pvals(const void* pd, gpucoh_pvals_t* pv) {
    lie_base->pvals(pd, pv);
    pv->v[3] = !pv->v[3];
}

typedef struct {
    gsys_run_t r;
    uint64_t completed, stores, fwd, p2p, errors;
    gsys_rtl_result_t res;
    char names[8][64]; /* the wave variables found */
    uint32_t nfound;
} lock_run_t;

static void run_lockstep(bool bp, bool lie, const char* wave, lock_run_t* x) {
    static gsys_proto_t p;
    static gsys_unit_ops_t ops;
    static gsys_slot_t slots[2];
    p = nc_fwd_proto();
    gsys_net_t nets[4];
    memcpy(nets, p.nets, sizeof nets);
    nets[NC_NET_FWD].in_ready = bp;
    p.nets = nets;
    if (lie) {
        memcpy(slots, nc_slots, sizeof slots);
        ops = *slots[0].ops;
        lie_base = slots[0].ops;
        ops.pvals = lie_pvals;
        slots[0].ops = &ops;
        p.slots = slots;
    }
    gsys_cfg_t cfg = nc_fwd_cfg(&p);
    nc_desc_t d;
    memcpy(&d, gsys_pdc(&cfg), sizeof d);
    d.fwd_bp = bp;
    memcpy(gsys_pd(&cfg), &d, sizeof d);
    char err[512];
    memset(x, 0, sizeof *x);
    gpucoh_mwave_t* w = wave ? gpucoh_mwave_new(wave, err, sizeof err) : NULL;
    assert_true(!wave || w);
    FILE* sink = fopen("/dev/null", "w");
    assert_non_null(sink);
    gsys_rtl_cfg_t rc;
    memset(&rc, 0, sizeof rc);
    rc.impl = GSYS_IMPL_LOCKSTEP;
    rc.rtl = 3u; /* both slots */
    rc.quiet = true;
    rc.report = sink;
    rc.wave = w;
    rc.wave_to = UINT64_MAX;
    gsys_backend_t be;
    if (gsys_backend_rtl_cfg(&cfg, &rc, &be, err, sizeof err) != 0)
        print_error("%s\n", err);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, cfg.seed, 3000);
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    x->r = gsys_run(s, 1000000, sink);
    x->completed = traffic_completed(r);
    x->errors = gsys_errors(s);
    gsys_stats_t st;
    gsys_stats_get(s, &st);
    x->stores = st.done[GSYS_OP_STORE] + st.done[GSYS_OP_RELEASE] + st.done[GSYS_OP_STORE_LINE];
    x->fwd = st.net[NC_NET_FWD].total;
    x->p2p = st.net[NC_NET_P2P].total;
    x->res = *gsys_backend_rtl_result(&be);
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx); /* writes the merged waves */
    fclose(sink);
    if (w) {
        static const char* const want[] = {
            "bank0_l2.nc_l2.fwd_valid_o", "sm0_l1.nc_l1.fwd_valid_i",
            "sm0_l1.nc_l1.p2p_valid_o",   "sm1_l1.nc_l1.p2p_valid_i",
            "sm2_l1.nc_l1.req_valid_o",   "bank1_l2.nc_l2.rsp_valid_o",
            "sm3_l1.nc_l1.fwd_ready_o",   NULL};
        if (gpucoh_mwave_error(w)[0])
            print_error("waves: %s\n", gpucoh_mwave_error(w));
        for (uint32_t k = 0; want[k]; k++)
            if (gpucoh_mwave_find(w, want[k]))
                snprintf(x->names[x->nfound++], sizeof x->names[0], "%s", want[k]);
        gpucoh_mwave_free(w);
    }
}

static void test_fwd_lockstep(void** state) {
    (void)state;
    char dir[] = "/tmp/nc_waves_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char wave[128];
    snprintf(wave, sizeof wave, "%s/nc_fwd.vcd", dir);
    for (int bp = 0; bp < 2; bp++) {
        lock_run_t x;
        run_lockstep(bp != 0, false, bp ? NULL : wave, &x);
        print_message("nc-fwd in lockstep%s: run end %d, %llu ops, %llu unit-cycles compared, %llu "
                      "mismatches (%s), %llu stores: fwd %llu p2p %llu%s\n",
                      bp ? " (forwards with back-pressure)" : "", x.r,
                      (unsigned long long)x.completed, (unsigned long long)x.res.compared,
                      (unsigned long long)x.res.mismatches, x.res.div.text,
                      (unsigned long long)x.stores, (unsigned long long)x.fwd,
                      (unsigned long long)x.p2p, bp ? "" : "; waves:");
        for (uint32_t k = 0; k < x.nfound; k++)
            print_message("  %s\n", x.names[k]);
        assert_int_equal(x.r, GSYS_RUN_DONE);
        assert_int_equal(x.res.mismatches, 0);
        assert_true(x.res.compared > 100000);
        assert_int_equal(x.errors, 0);
        assert_int_equal(x.completed, 3000);
        assert_true(x.stores > 100);
        assert_int_equal(x.fwd, x.stores);
        assert_int_equal(x.p2p, x.stores);
        if (!bp)
            assert_int_equal(x.nfound, 7); /* the waves name every network's ports */
    }
    remove(wave);
    rmdir(dir);
    /* the lockstep can fail: RTL built with the other FwdBp diverges at fwd_ready_o */
    lock_run_t y;
    run_lockstep(false, true, NULL, &y);
    print_message("nc-fwd in lockstep, RTL with FwdBp=1 under a C model without: %s\n",
                  y.res.div.text);
    assert_int_equal(y.r, GSYS_RUN_STOPPED);
    assert_true(y.res.mismatches >= 1); /* every L1 diverges in that cycle */
    assert_non_null(strstr(y.res.div.field, "fwd_ready_o"));
}

/* Final values from an L1 that owns a line (sm_word) before the banks and DRAM. */
static bool own_word(const void* pd, const void* model, uint64_t line, uint32_t word, uint32_t* v) {
    (void)pd, (void)model;
    if (line != 5)
        return false;
    *v = 0xfeed0000u + word;
    return true;
}

static void test_sm_word(void** state) {
    (void)state;
    gsys_proto_t p = nc_proto;
    p.sm_word = own_word;
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.proto = &p;
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    traffic_cfg_t tc = traffic_cfg_default(&cfg, cfg.seed, 2000);
    traffic_t* r = traffic_new(&cfg, &tc, err, sizeof err);
    assert_non_null(r);
    gsys_workload_t wl;
    traffic_workload(r, &wl);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(gsys_run(s, 2000000, stderr), GSYS_RUN_DONE);
    assert_int_equal(gsys_word(s, 5 * 16 + 8), 0xfeed0002u); /* line 5, word 2: the L1's */
    uint32_t differ = 0;
    for (uint64_t a = 0; a < 64 * 16; a += 4)
        if (a / 16 != 5 && gsys_word(s, a) != gsys_mem_word(s, a))
            differ++;
    assert_int_equal(differ, 0); /* every other word: DRAM's (nc's banks hold no lines) */
    gsys_free(s);
    traffic_free(r);
    be.destroy(be.ctx);
}

/* fence_mask sees the memory order: SC for an SC fence, ACQ_REL for every other fence. */
typedef struct {
    uint32_t step[4];
    uint32_t done;
} fencer_t;

static bool fencer_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    (void)cycle;
    fencer_t* x = ctx;
    if (wf || x->step[sm] >= 6)
        return false;
    const uint32_t k = x->step[sm]++;
    op->scope = GSYS_SCOPE_GPU;
    op->addr = 0x100 + 16 * sm;
    op->value = k;
    op->kind = k % 2 ? GSYS_OP_FENCE : GSYS_OP_STORE;
    op->order = k == 1 ? GSYS_ORD_SC : k == 3 ? GSYS_ORD_RELAXED : GSYS_ORD_ACQ_REL;
    return true;
}

static void fencer_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                        const uint32_t* line, uint64_t cycle) {
    (void)sm, (void)wf, (void)op, (void)value, (void)line, (void)cycle;
    ((fencer_t*)ctx)->done++;
}

static bool fencer_finished(void* ctx) {
    return ((fencer_t*)ctx)->done == 4 * 6;
}

static void test_fence_order(void** state) {
    (void)state;
    gsys_cfg_t cfg = nc_cfg(false);
    fencer_t x;
    memset(&x, 0, sizeof x);
    gsys_workload_t wl = {&x, fencer_next, fencer_done, fencer_finished, NULL, NULL};
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    memset(nc_fence_orders, 0, sizeof nc_fence_orders);
    assert_int_equal(gsys_run(s, 100000, stderr), GSYS_RUN_DONE);
    print_message(
        "nc: fence_mask asked %llu times for SC, %llu for ACQ_REL, %llu for others\n",
        (unsigned long long)nc_fence_orders[GSYS_ORD_SC],
        (unsigned long long)nc_fence_orders[GSYS_ORD_ACQ_REL],
        (unsigned long long)(nc_fence_orders[0] + nc_fence_orders[1] + nc_fence_orders[2]));
    assert_true(nc_fence_orders[GSYS_ORD_SC] > 0);
    assert_true(nc_fence_orders[GSYS_ORD_ACQ_REL] > 0);
    assert_int_equal(nc_fence_orders[0] + nc_fence_orders[1] + nc_fence_orders[2], 0);
    gsys_stats_t st;
    gsys_stats_get(s, &st);
    assert_int_equal(st.fences[1], 4 * 3);
    gsys_free(s);
    be.destroy(be.ctx);
}

/* The remote scope reaches a protocol only if its variant takes it (gsys_variant_t.scopes,
 * docs/units/gpu/rsp.md section 8): otherwise the shared core gives the protocol the same
 * operation at GPU scope. A scope beyond rm is a harness error. */
typedef struct {
    uint32_t step[4], done, scope;
} rmer_t;

static bool rmer_next(void* ctx, uint32_t sm, uint32_t wf, uint64_t cycle, gsys_op_t* op) {
    (void)cycle;
    rmer_t* x = ctx;
    if (wf || x->step[sm] >= 3)
        return false;
    static const uint32_t K[3] = {GSYS_OP_ACQUIRE, GSYS_OP_RELEASE, GSYS_OP_ATOMIC};
    op->kind = K[x->step[sm]++];
    op->scope = x->scope;
    op->order = op->kind == GSYS_OP_ATOMIC ? GSYS_ORD_ACQ_REL : GSYS_ORD_RELAXED;
    op->addr = 0x200 + 16 * sm;
    op->value = 1;
    return true;
}

static void rmer_done(void* ctx, uint32_t sm, uint32_t wf, const gsys_op_t* op, uint32_t value,
                      const uint32_t* line, uint64_t cycle) {
    (void)sm, (void)wf, (void)op, (void)value, (void)line, (void)cycle;
    ((rmer_t*)ctx)->done++;
}

static bool rmer_finished(void* ctx) {
    return ((rmer_t*)ctx)->done == 4 * 3;
}

static int rmer_run(uint32_t scope) {
    gsys_cfg_t cfg = nc_cfg(false);
    rmer_t x;
    memset(&x, 0, sizeof x);
    x.scope = scope;
    gsys_workload_t wl = {&x, rmer_next, rmer_done, rmer_finished, NULL, NULL};
    char err[256];
    gsys_backend_t be;
    assert_int_equal(gsys_backend_c_cfg(&cfg, &be, err, sizeof err), 0);
    gsys_t* s = gsys_new(&cfg, &be, &wl, err, sizeof err);
    assert_non_null(s);
    nc_scopes_seen = 0;
    FILE* null = fopen("/dev/null", "w");
    assert_non_null(null);
    const int rc = gsys_run(s, 100000, null);
    fclose(null);
    gsys_free(s);
    be.destroy(be.ctx);
    return rc;
}

static void test_remote_scope(void** state) {
    (void)state;
    assert_int_equal(rmer_run(GSYS_SCOPE_RM), GSYS_RUN_DONE);
    assert_int_equal(nc_scopes_seen, 1u << GSYS_SCOPE_GPU); /* nc does not take rm */
    nc_variants[0].scopes = 1u << GSYS_SCOPE_RM;
    const int rc = rmer_run(GSYS_SCOPE_RM);
    const uint32_t seen = nc_scopes_seen;
    nc_variants[0].scopes = 0;
    assert_int_equal(rc, GSYS_RUN_DONE);
    assert_int_equal(seen, 1u << GSYS_SCOPE_RM);
    assert_int_not_equal(rmer_run(GSYS_NSCOPES), GSYS_RUN_DONE);
    assert_int_equal(nc_scopes_seen, 0);
}

/* episode --rm-steal (docs/units/gpu/rsp.md section 7.3): refused for a variant without rm and
 * without --sync relacq; with nc made to take rm, episodes steal other SMs' CTA-scope locations,
 * the protocol is given rm operations, and every value checks (nc performs everything at the
 * bank). */
static uint64_t rm_steals(const ep_params_t* p, chk_result_t* res, uint32_t* seen) {
    gsys_cfg_t cfg = nc_cfg(false);
    char err[256], line[256];
    FILE* out = tmpfile();
    assert_non_null(out);
    nc_variants[0].scopes = 1u << GSYS_SCOPE_RM;
    nc_scopes_seen = 0;
    const int rc = ep_run(&cfg, p, NULL, NULL, 0, true, out, res, err, sizeof err);
    *seen = nc_scopes_seen;
    nc_variants[0].scopes = 0;
    assert_int_equal(rc, 0);
    unsigned long long n = 0;
    rewind(out);
    while (fgets(line, sizeof line, out))
        if (sscanf(line, "remote steals: %llu", &n) == 1)
            break;
    fclose(out);
    return n;
}

static void test_episode_rm_steal(void** state) {
    (void)state;
    gsys_cfg_t cfg = nc_cfg(false);
    ep_params_t p = ep_defaults();
    p.episodes = 10;
    p.locations = 64;
    p.seed = 5;
    p.sync_mode = EP_SYNC_RELACQ;
    p.rm_steal = true;
    char err[256];
    assert_null(ep_new(&cfg, &p, err, sizeof err));
    assert_string_equal(err,
                        "episode: --rm-steal needs a variant that declares scope rm; nc does not");
    nc_variants[0].scopes = 1u << GSYS_SCOPE_RM;
    p.sync_mode = EP_SYNC_ATOMIC;
    ep_t* e = ep_new(&cfg, &p, err, sizeof err);
    nc_variants[0].scopes = 0;
    assert_null(e);
    assert_non_null(strstr(err, "--rm-steal needs --sync relacq"));
    p.sync_mode = EP_SYNC_RELACQ;
    chk_result_t res;
    uint32_t seen;
    const uint64_t n = rm_steals(&p, &res, &seen);
    print_message("nc --rm-steal: %llu steals, %llu values checked, %llu mismatches\n",
                  (unsigned long long)n, (unsigned long long)res.match,
                  (unsigned long long)res.mismatch);
    assert_true(n > 0);
    assert_true(seen >> GSYS_SCOPE_RM & 1u);
    assert_true(res.match > 0);
    assert_int_equal(res.mismatch, 0);
    assert_int_equal(res.fatal, 0);
}

/* The RSP steering phase (docs/units/gpu/rsp.md section 12.3, S7): the random traffic draws it,
 * and so any rm operation, only for a variant that takes rm. nc as it is: no STEAL in the report
 * and no rm reaches the protocol; nc made to take rm: STEAL phases are entered and the protocol
 * is given rm operations (nc performs each at the bank, so the run completes). */
static void steal_traffic(bool rm, char* text, size_t n, uint32_t* seen) {
    gsys_cfg_t cfg = nc_cfg(false);
    cfg.seed = 3;
    nc_variants[0].scopes = rm ? 1u << GSYS_SCOPE_RM : 0u;
    nc_run_t x;
    nc_run_open(&x, &cfg, 60000);
    nc_scopes_seen = 0;
    FILE* null = fopen("/dev/null", "w");
    assert_non_null(null);
    const int rc = gsys_run(x.s, 4000000, null);
    fclose(null);
    *seen = nc_scopes_seen;
    nc_variants[0].scopes = 0;
    FILE* t = fmemopen(text, n - 1, "w");
    assert_non_null(t);
    traffic_print(x.r, t);
    fclose(t);
    nc_run_close(&x);
    assert_int_equal(rc, GSYS_RUN_DONE);
}

static void test_traffic_steal_phase(void** state) {
    (void)state;
    char text[2048] = {0};
    uint32_t seen;
    steal_traffic(false, text, sizeof text, &seen);
    assert_null(strstr(text, "STEAL"));
    assert_false(seen >> GSYS_SCOPE_RM & 1u);
    memset(text, 0, sizeof text);
    steal_traffic(true, text, sizeof text, &seen);
    print_message("nc taking rm: %s", text);
    unsigned long long n = 0;
    const char* p = strstr(text, "STEAL ");
    assert_non_null(p);
    assert_int_equal(sscanf(p, "STEAL %llu", &n), 1);
    assert_true(n > 0);
    assert_true(seen >> GSYS_SCOPE_RM & 1u);
}

/* A protocol plugs into the conformance checks by naming its model (issue 25 item 5): nc names
 * sc, is registered nowhere and has no expectation line, and the generated race-free tests
 * (--sync relacq.all --no-plain --scopes gpu) are judged by the oracle under it; nc-broken (the
 * bank drops every store to word 0) names sc too, and the same tests catch it. */
typedef struct {
    gsys_cfg_t cfg;
    uint32_t tests, failed, errors;
} oracle_run_t;

static int run_generated(void* ctx, const litgen_test_t* g) {
    oracle_run_t* o = ctx;
    char err[1024];
    litmus_t* t = litmus_parse(g->text, g->name, err, sizeof err);
    litmus_opts_t lo;
    litmus_opts_default(&lo);
    lo.runs = 40;
    litmus_result_t r;
    int rc = -1;
    if (t && litmus_check(t, &o->cfg, &lo, err, sizeof err) == 0)
        rc = litmus_run(t, &o->cfg, &lo, NULL, &r, err, sizeof err);
    if (rc >= 0)
        litmus_result_free(&r);
    else
        print_error("%s: %s\n", g->name, err);
    o->tests++;
    o->failed += rc == 1;
    o->errors += rc < 0;
    litmus_free(t);
    return 0;
}

static void test_oracle_plugin(void** state) {
    (void)state;
    litgen_opts_t g;
    memset(&g, 0, sizeof g);
    g.syncs = 1u << LG_RELACQ_ALL;
    g.scopes = 1u << LG_GPU;
    g.no_plain = true;
    g.shapes = 1u << litgen_shape_find("MP") | 1u << litgen_shape_find("SB") |
               1u << litgen_shape_find("WRC") | 1u << litgen_shape_find("CoRR");
    static litgen_stats_t st;
    oracle_run_t o = {.cfg = nc_cfg(false)};
    assert_int_equal(litgen_run(&g, run_generated, &o, &st), 0);
    print_message("nc (claims sc): %u generated race-free tests, %u failed, %u errors\n", o.tests,
                  o.failed, o.errors);
    assert_int_equal(o.tests, 88); /* MP 12, SB 12, WRC 60, CoRR 4 */
    assert_int_equal(o.failed, 0);
    assert_int_equal(o.errors, 0);
    oracle_run_t b = {.cfg = nc_cfg(true)};
    assert_int_equal(litgen_run(&g, run_generated, &b, &st), 0);
    print_message("nc-broken (claims sc): %u tests, %u failed, %u errors\n", b.tests, b.failed,
                  b.errors);
    assert_int_equal(b.errors, 0);
    assert_true(b.failed > 0);
}

/* Hand-written litmus files under nc (issue 25 item 5; litmus.h): a variant no expectation line
 * names (its name, family, a model it claims, or `all` on a forbid / witness line) is judged by
 * the oracle for the models it claims, per (file, variant); one a line names, by the lines. */
typedef struct {
    int rc;
    litmus_result_t r;
    char* text; /* litmus_print's output */
    size_t n;
} file_run_t;

/* litmus/FILE, without its lines that contain drop (NULL: none) */
static litmus_t* load_file(const char* file, const char* drop) {
    char path[512], err[1024], line[512];
    const char* root = getenv("GPUCOH_ROOT");
    snprintf(path, sizeof path, "%s/litmus/%s", root && *root ? root : ".", file);
    FILE* f = fopen(path, "r");
    char* text = NULL;
    size_t n = 0;
    FILE* m = open_memstream(&text, &n);
    assert_non_null(f);
    assert_non_null(m);
    while (fgets(line, sizeof line, f))
        if (!drop || !strstr(line, drop))
            fputs(line, m);
    fclose(f);
    fclose(m);
    litmus_t* t = litmus_parse(text, path, err, sizeof err);
    if (!t)
        print_error("%s\n", err);
    assert_non_null(t);
    free(text);
    return t;
}

static void run_lit(const litmus_t* t, bool bug, uint32_t runs, file_run_t* x) {
    char err[1024];
    const gsys_cfg_t cfg = nc_cfg(bug);
    litmus_opts_t lo;
    litmus_opts_default(&lo);
    lo.runs = runs;
    FILE* f = open_memstream(&x->text, &x->n);
    assert_non_null(f);
    x->rc = litmus_run(t, &cfg, &lo, f, &x->r, err, sizeof err);
    fclose(f);
    if (x->rc < 0)
        print_error("%s: %s\n", litmus_file(t), err);
    print_message("%s under %s: %s%s\n", litmus_file(t), gsys_variant_name(&cfg),
                  x->rc == 0 ? "PASS" : "FAIL", x->r.oracle_fallback ? " (by the oracle)" : "");
}

static void run_file(const char* file, bool bug, uint32_t runs, file_run_t* x) {
    litmus_t* t = load_file(file, NULL);
    run_lit(t, bug, runs, x);
    litmus_free(t);
}

static void file_run_free(file_run_t* x) {
    litmus_result_free(&x->r);
    free(x->text);
}

/* The outcomes of x in class cls, and whether every one of them has the model m (-1: none). */
static uint32_t count_cls(const file_run_t* x, uint32_t cls, int32_t m, bool* models) {
    uint32_t n = 0;
    *models = true;
    for (uint32_t i = 0; i < x->r.nout; i++)
        if (x->r.out[i].cls == cls) {
            n++;
            *models = *models && x->r.out[i].model == m;
        }
    return n;
}

/* IRIW, ATOM.add.cta-diffsm and LOCK.cas.cta-samesm name nothing of nc (it claims sc, rcsc,
 * rcpc, drf-sc; their lines name gpu, tc, ptx, hrf-*, and `allow all`): the oracle judges them,
 * and nc passes. */
static void test_handwritten_by_oracle(void** state) {
    (void)state;
    static const char* const files[] = {"IRIW.litmus", "ATOM.add.cta-diffsm.litmus",
                                        "LOCK.cas.cta-samesm.litmus"};
    static const uint32_t allowed[] = {15, 2, 2}; /* outcomes sc allows */
    char want[128];
    for (uint32_t i = 0; i < 3; i++) {
        file_run_t x = {0};
        run_file(files[i], false, 200, &x);
        assert_int_equal(x.rc, 0);
        assert_true(x.r.oracle && x.r.oracle_fallback);
        assert_int_equal(x.r.witnesses, 0); /* IRIW's witness lines name tc-weak, ptx, gpu */
        assert_non_null(strstr(x.text, "judged by the oracle (no line names nc)"));
        snprintf(want, sizeof want, "oracle: %u outcomes allowed by sc (nc's model)", allowed[i]);
        assert_non_null(strstr(x.text, want));
        file_run_free(&x);
    }
}

/* SB.litmus without its model lines (`allow` and `witness rcsc,rcpc,ptx r0=0 r1=0`): a file keyed
 * by families alone (tc, gpu, `allow all`), as the files were before models were keys. The oracle
 * judges it under nc, which passes; nc-broken (every store dropped) shows r0=0 r1=0, which sc
 * forbids. The whole SB.litmus names nc through rcsc: its lines judge it, and under them it checks
 * nothing. */
static void test_handwritten_broken(void** state) {
    (void)state;
    litmus_t* t = load_file("SB.litmus", "rcsc,rcpc,ptx");
    file_run_t x = {0}, b = {0};
    run_lit(t, false, 200, &x);
    assert_int_equal(x.rc, 0);
    assert_true(x.r.oracle_fallback);
    run_lit(t, true, 100, &b);
    bool by_sc;
    assert_int_equal(b.rc, 1);
    assert_true(b.r.oracle_fallback);
    assert_int_equal(count_cls(&b, LIT_FORBIDDEN, AX_SC, &by_sc), 1);
    assert_true(by_sc);
    assert_non_null(strstr(b.text, "(by sc)"));
    assert_non_null(strstr(b.r.chk.msg[0], "FORBIDDEN outcome r0=0 r1=0 (by sc)"));
    file_run_free(&x);
    file_run_free(&b);
    litmus_free(t);
    t = load_file("SB.litmus", NULL);
    char err[1024];
    const gsys_cfg_t cfg = nc_cfg(false);
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "this test checks nothing under nc"));
    litmus_free(t);
}

/* CoRR and MP+relacq.gpu name nc through sc (`forbid sc,rcsc,rcpc,ptx ...`): their lines judge
 * it, as for a registered variant, and nothing of the oracle shows; the same file under the same
 * variant as before. */
static void test_handwritten_by_lines(void** state) {
    (void)state;
    static const char* const files[] = {"CoRR.litmus", "MP+relacq.gpu.litmus"};
    for (uint32_t i = 0; i < 2; i++)
        for (int bug = 0; bug < 2; bug++) {
            file_run_t x = {0};
            run_file(files[i], bug, 100, &x);
            bool none;
            assert_int_equal(x.rc, 0); /* nc-broken reads 0s: allowed by `allow all r0=0 r1=0` */
            assert_false(x.r.oracle || x.r.oracle_fallback);
            assert_int_equal(count_cls(&x, LIT_ALLOWED, -1, &none), x.r.nout);
            assert_true(none);
            assert_null(strstr(x.text, "oracle"));
            file_run_free(&x);
        }
}

/* A hand-written file beyond the oracle's bound whose lines name nothing of nc cannot run under
 * nc (refused before any run, naming why); a registered variant its lines name runs it. */
static void test_handwritten_bound(void** state) {
    (void)state;
    static char text[8192];
    size_t k = (size_t)snprintf(text, sizeof text, "test BIG\nloc x\nthread T0 sm=0 cta=0\n");
    for (uint32_t i = 0; i < AX_MAX_EVENTS + 1; i++)
        k += (size_t)snprintf(text + k, sizeof text - k, " st x %u\n", i + 1);
    snprintf(text + k, sizeof text - k, "allow tc,gpu x=%u\n", AX_MAX_EVENTS + 1);
    char err[1024];
    litmus_t* t = litmus_parse(text, "big.litmus", err, sizeof err);
    assert_non_null(t);
    const gsys_cfg_t cfg = nc_cfg(false);
    assert_int_equal(litmus_check(t, &cfg, NULL, err, sizeof err), -1);
    print_message("%s\n", err);
    assert_non_null(strstr(err, "big.litmus: no expectation line names nc"));
    assert_non_null(strstr(err, "the oracle cannot judge this test"));
    assert_non_null(strstr(err, "it cannot run under nc"));
    litmus_result_t r;
    assert_int_equal(litmus_run(t, &cfg, NULL, NULL, &r, err, sizeof err), -1);
    assert_int_equal(r.runs, 0);
    litmus_free(t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_traffic_runs),
        cmocka_unit_test(test_due_now_same_run),
        cmocka_unit_test(test_next_of_same_run),
        cmocka_unit_test(test_due_asks_then_only),
        cmocka_unit_test(test_event_wait_geometric),
        cmocka_unit_test(test_event_stream_and_active),
        cmocka_unit_test(test_event_phases_seed_only),
        cmocka_unit_test(test_episode_passes),
        cmocka_unit_test(test_episode_catches_broken_variant),
        cmocka_unit_test(test_fence_mask_alone),
        cmocka_unit_test(test_fences_to_l1),
        cmocka_unit_test(test_missing_hook_refused),
        cmocka_unit_test(test_nets_refused),
        cmocka_unit_test(test_step_one_cycle),
        cmocka_unit_test(test_mark_progress),
        cmocka_unit_test(test_fix_bits_every_length),
        cmocka_unit_test(test_store_image_bytes),
        cmocka_unit_test(test_fwd_networks_carry),
        cmocka_unit_test(test_fwd_misrouted_fails),
        cmocka_unit_test(test_fwd_backpressure),
        cmocka_unit_test(test_fwd_backpressure_above),
        cmocka_unit_test(test_oracle_plugin),
        cmocka_unit_test(test_handwritten_by_oracle),
        cmocka_unit_test(test_handwritten_broken),
        cmocka_unit_test(test_handwritten_by_lines),
        cmocka_unit_test(test_handwritten_bound),
        cmocka_unit_test(test_fwd_lockstep),
        cmocka_unit_test(test_sm_word),
        cmocka_unit_test(test_fence_order),
        cmocka_unit_test(test_remote_scope),
        cmocka_unit_test(test_episode_rm_steal),
        cmocka_unit_test(test_traffic_steal_phase),
        cmocka_unit_test(test_invariant_hook),
        cmocka_unit_test(test_invariant_state_per_system),
        cmocka_unit_test(test_global_in_timing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
