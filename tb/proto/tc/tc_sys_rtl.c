/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys_rtl.c -- TC's units in the shared system's backends (tb/proto/tc/tc_sys_rtl.h).
 *
 * Every compare names the field relative to the unit instance; the backend prefixes the
 * instance: sm[j].l1.<field>, sm[j].l1.set[s].way[w].<field>, bank[b].l2.mshr[k].<field>,
 * timer.<field>.
 */
#include "tc_sys_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "tb_common.h"
#include "tb_ports.h"
#include "tc_l1_ports.h"
#include "tc_l2_ports.h"
#include "tc_timer_ports.h"
#include "tc_units.h"

#define TC_LW(d) ((d)->line_bytes / 4u)
#define TC_MW(d) (((d)->line_bytes + 31u) / 32u)
/* P(Name) of the port tables' WORDS rows: the system descriptor d */
#define TC_PORT_P(name)     TC_PORT_P_##name
#define TC_PORT_P_LineBytes d->line_bytes

/* ---- compares ------------------------------------------------------------------------------- */

void tc_cmp_l1_out(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, const tc_l1_out_t* e,
                   const tc_l1_out_t* g) {
#define TB_PORT_PREFIX ""
    TC_L1_PORTS(TB_PORT_CMP, TC_PORT_P) /* every output of cmodel/tc/tc_l1_ports.h */
#undef TB_PORT_PREFIX
    /* the request's src has no port: 0 on the L1's output in both (set by the crossbar) */
    tb_cmp_u64(mm, bad, e->req.src, g->req.src, "req_src_o");
}

void tc_cmp_l1_line(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                    const tc_l1_line_t* e, const tc_l1_line_t* g) {
    const uint32_t s = i / d->l1_ways, w = i % d->l1_ways;
    char n[64];
#define L1F(f) tb_cmp_u64(mm, bad, e->f, g->f, "set[%u].way[%u]." #f, (unsigned)s, (unsigned)w)
    L1F(tag);
    L1F(st);
    L1F(lts);
    L1F(rd);
    L1F(waw);
    L1F(wcnt);
    L1F(orig);
    L1F(late);
    L1F(mts);
#undef L1F
    if (memcmp(e->data, g->data, sizeof(uint32_t) * TC_LW(d)) != 0) { /* name only if reported */
        snprintf(n, sizeof n, "set[%u].way[%u].data", (unsigned)s, (unsigned)w);
        tb_cmp_words(mm, bad, e->data, g->data, TC_LW(d), TC_LW(d) * 32, n);
    }
}

void tc_cmp_l2_out(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, const tc_l2_out_t* e,
                   const tc_l2_out_t* g) {
#define TB_PORT_PREFIX ""
    TC_L2_PORTS(TB_PORT_CMP, TC_PORT_P) /* every output of cmodel/tc/tc_l2_ports.h */
#undef TB_PORT_PREFIX
}

void tc_cmp_l2_line(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                    const tc_l2_line_t* e, const tc_l2_line_t* g) {
    const uint32_t s = i / d->l2_ways, w = i % d->l2_ways;
    char n[64];
#define L2F(f) tb_cmp_u64(mm, bad, e->f, g->f, "set[%u].way[%u]." #f, (unsigned)s, (unsigned)w)
    L2F(tag);
    L2F(st);
    L2F(gts);
    L2F(dirty);
    L2F(wl);
#undef L2F
    if (memcmp(e->data, g->data, sizeof(uint32_t) * TC_LW(d)) != 0) { /* name only if reported */
        snprintf(n, sizeof n, "set[%u].way[%u].data", (unsigned)s, (unsigned)w);
        tb_cmp_words(mm, bad, e->data, g->data, TC_LW(d), TC_LW(d) * 32, n);
    }
}

void tc_cmp_mshr(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t k,
                 const tc_l2_mshr_t* e, const tc_l2_mshr_t* g) {
    char n[64];
#define MF(f) tb_cmp_u64(mm, bad, e->f, g->f, "mshr[%u]." #f, (unsigned)k)
    MF(v);
    MF(kind);
    MF(line);
    MF(way);
    MF(ts);
    MF(sm);
    MF(op);
    MF(src);
    MF(wf);
    MF(aop);
    MF(word);
    MF(a);
    MF(b);
#undef MF
    if (memcmp(e->data, g->data, sizeof(uint32_t) * TC_LW(d)) != 0) { /* name only if reported */
        snprintf(n, sizeof n, "mshr[%u].data", (unsigned)k);
        tb_cmp_words(mm, bad, e->data, g->data, TC_LW(d), TC_LW(d) * 32, n);
    }
    if (memcmp(e->mask, g->mask, sizeof(uint32_t) * TC_MW(d)) != 0) {
        snprintf(n, sizeof n, "mshr[%u].mask", (unsigned)k);
        tb_cmp_words(mm, bad, e->mask, g->mask, TC_MW(d), d->line_bytes, n);
    }
}

/* ---- the unit ops --------------------------------------------------------------------------- */

#define FIX GSYS_FIX

/* One model in one malloc'd block: size() == 0 is an illegal descriptor, init says why. */
#define MODEL_NEW(unit, dtype, pd, err, errlen)                                                    \
    GSYS_MODEL_NEW(unit, dtype, tc_desc_t, pd, err, errlen)

static void* l1_new(const void* pd, char* err, size_t errlen) {
    MODEL_NEW(tc_l1, tc_l1_desc_t, pd, err, errlen);
}
static void* l2_new(const void* pd, char* err, size_t errlen) {
    MODEL_NEW(tc_l2, tc_l2_desc_t, pd, err, errlen);
}
static void* timer_new(const void* pd, char* err, size_t errlen) {
    MODEL_NEW(tc_timer, tc_timer_desc_t, pd, err, errlen);
}

/* The system's output slots are one buffer per model, written by its ticks alone. */
static void l1_tick(void* m, const void* in, void* out) {
    tc_l1_tick_kept(m, in, out);
}
static void l2_tick(void* m, const void* in, void* out) {
    tc_l2_tick_kept(m, in, out);
}
static void timer_tick(void* m, const void* in, void* out) {
    tc_timer_tick(m, in, out);
}

static void l1_pvals(const void* pd, gpucoh_pvals_t* pv) {
    tc_pvals_from_desc(&unit_tc_l1, pd, pv);
}
static void l2_pvals(const void* pd, gpucoh_pvals_t* pv) {
    tc_pvals_from_desc(&unit_tc_l2, pd, pv);
}
static void timer_pvals(const void* pd, gpucoh_pvals_t* pv) {
    tc_pvals_from_desc(&unit_tc_timer, pd, pv);
}

static void l1_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* e,
                       const void* g) {
    tc_cmp_l1_out(pd, mm, bad, e, g);
}
static void l2_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* e,
                       const void* g) {
    tc_cmp_l2_out(pd, mm, bad, e, g);
}
static void timer_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                          const void* vg) {
    (void)pd;
    const tc_timer_out_t *e = ve, *g = vg;
#define TB_PORT_PREFIX ""
    TC_TIMER_PORTS(TB_PORT_CMP, TB_PORT_NO_P) /* cmodel/tc/tc_timer_ports.h */
#undef TB_PORT_PREFIX
}

/* The lines the C model wrote this cycle (all of them after reset / roll / when full). */
static void l1_select(const void* pd, const void* model, bool full, void* st) {
    (void)pd;
    const tc_l1_t* m = model;
    tc_l1_state_t* s = st;
    s->sel_all = m->touched_all || full;
    s->sel_n = s->sel_all ? 0 : m->touched_n;
    for (uint32_t k = 0; k < s->sel_n; k++)
        s->sel[k] = m->touched[k];
}

static void l1_cmp_state(const void* pd, const void* model, void* st, const void* fix,
                         gpucoh_mismatch_t* mm, uint32_t* bad) {
    const tc_desc_t* d = pd;
    const tc_l1_t* m = model;
    tc_l1_state_t* s = st;
    const tc_l1_state_t* fx = fix;
    const bool all = s->sel_all;
    const uint32_t lines = d->l1_sets * d->l1_ways;
    tc_l1_line_t e; /* the model's line in the shim's layout */
    for (uint32_t k = 0; k < (all ? lines : s->sel_n); k++) {
        const uint32_t i = all ? k : s->sel[k], x = i / d->l1_ways;
        tc_l1_line_get(m, i, &e);
        if (fx) {
            FIX(s->line[i], e, fx->line[i]);
            FIX(s->rr[x], m->rr[x], fx->rr[x]);
        }
        tc_cmp_l1_line(d, mm, bad, i, &e, &s->line[i]);
        if (!all)
            tb_cmp_u64(mm, bad, m->rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
    }
    for (uint32_t x = 0; all && x < d->l1_sets; x++) {
        if (fx)
            FIX(s->rr[x], m->rr[x], fx->rr[x]);
        tb_cmp_u64(mm, bad, m->rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
    }
    if (fx) {
        FIX(s->fcnt, m->fcnt, fx->fcnt);
        FIX(s->cobl, m->cobl, fx->cobl);
        for (uint32_t w = 0; w < d->num_wf; w++) {
            FIX(s->gwct.gwct[w], m->gwct->gwct[w], fx->gwct.gwct[w]);
            FIX(s->gwct.cnt[w], m->gwct->cnt[w], fx->gwct.cnt[w]);
        }
    }
    tb_cmp_u64(mm, bad, m->fcnt, s->fcnt, "fcnt");
    tb_cmp_u64(mm, bad, m->cobl, s->cobl, "cobl");
    /* the GWCT table, every edge: two memcmps when equal (the common case), else every entry */
    const size_t wb = d->num_wf * sizeof(uint32_t);
    if (memcmp(m->gwct->gwct, s->gwct.gwct, wb) == 0 && memcmp(m->gwct->cnt, s->gwct.cnt, wb) == 0)
        return;
    for (uint32_t w = 0; w < d->num_wf; w++) {
        tb_cmp_u64(mm, bad, m->gwct->gwct[w], s->gwct.gwct[w], "gwct[%u]", (unsigned)w);
        tb_cmp_u64(mm, bad, m->gwct->cnt[w], s->gwct.cnt[w], "gwct.cnt[%u]", (unsigned)w);
    }
}

/* The lines the C model wrote; the MSHRs too when they are few, after reset and when full. */
static void l2_select(const void* pd, const void* model, bool full, void* st) {
    const tc_desc_t* d = pd;
    const tc_l2_t* m = model;
    tc_l2_state_t* s = st;
    s->sel_all = m->touched_all || full;
    s->sel_mshr = full || m->touched_all || d->l2_mshrs <= 16u;
    s->sel_n = s->sel_all ? 0 : m->touched_n;
    for (uint32_t k = 0; k < s->sel_n; k++)
        s->sel[k] = m->touched[k];
}

static void l2_cmp_state(const void* pd, const void* model, void* st, const void* fix,
                         gpucoh_mismatch_t* mm, uint32_t* bad) {
    const tc_desc_t* d = pd;
    const tc_l2_t* m = model;
    tc_l2_state_t* s = st;
    const tc_l2_state_t* fx = fix;
    const bool all = s->sel_all;
    const uint32_t lines = d->l2_sets * d->l2_ways;
    tc_l2_line_t e; /* the model's line / MSHR in the shim's layout */
    for (uint32_t k = 0; k < (all ? lines : s->sel_n); k++) {
        const uint32_t i = all ? k : s->sel[k];
        tc_l2_line_get(m, i, &e);
        if (fx)
            FIX(s->line[i], e, fx->line[i]);
        tc_cmp_l2_line(d, mm, bad, i, &e, &s->line[i]);
    }
    if (s->sel_all || s->sel_mshr) {
        tc_l2_mshr_t x;
        for (uint32_t k = 0; k < d->l2_mshrs; k++) {
            tc_l2_mshr_get(m, k, &x);
            if (fx)
                FIX(s->mshr[k], x, fx->mshr[k]);
            tc_cmp_mshr(d, mm, bad, k, &x, &s->mshr[k]);
        }
    }
    if (fx) {
        FIX(s->fcnt, m->fcnt, fx->fcnt);
        FIX(s->life, m->life, fx->life);
    }
    tb_cmp_u64(mm, bad, m->fcnt, s->fcnt, "fcnt");
    tb_cmp_u64(mm, bad, m->life, s->life, "life");
}

static const gsys_unit_ops_t ops_l1 = {
    .unit = &unit_tc_l1,
    .in_size = sizeof(tc_l1_in_t),
    .out_size = sizeof(tc_l1_out_t),
    .state_size = sizeof(tc_l1_state_t),
    .model_new = l1_new,
    .model_tick = l1_tick,
    .pvals = l1_pvals,
    .cmp_out = l1_cmp_out,
    .state_select = l1_select,
    .cmp_state = l1_cmp_state,
};

static const gsys_unit_ops_t ops_l2 = {
    .unit = &unit_tc_l2,
    .in_size = sizeof(tc_l2_in_t),
    .out_size = sizeof(tc_l2_out_t),
    .state_size = sizeof(tc_l2_state_t),
    .model_new = l2_new,
    .model_tick = l2_tick,
    .pvals = l2_pvals,
    .cmp_out = l2_cmp_out,
    .state_select = l2_select,
    .cmp_state = l2_cmp_state,
};

static const gsys_unit_ops_t ops_timer = {
    /* the timer's outputs are its state */
    .unit = &unit_tc_timer,   .in_size = sizeof(tc_timer_in_t), .out_size = sizeof(tc_timer_out_t),
    .model_new = timer_new,   .model_tick = timer_tick,         .pvals = timer_pvals,
    .cmp_out = timer_cmp_out,
};

const gsys_slot_t tc_slots[TC_NSLOTS] = {
    [TC_SLOT_L1] = {&ops_l1, GSYS_AT_SM, "l1", "sm[%u].l1", "sm%u_l1"},
    [TC_SLOT_L2] = {&ops_l2, GSYS_AT_BANK, "l2", "bank[%u].l2", "bank%u_l2"},
    [TC_SLOT_TIMER] = {&ops_timer, GSYS_GLOBAL, "timer", "timer", "timer"},
};

/* TC's hardware for one configuration (u->pd points at d). */
static void tc_units_of(const tc_desc_t* d, gsys_units_t* u) {
    u->slots = tc_slots;
    u->nslots = TC_NSLOTS;
    u->pd = d;
    u->pd_size = sizeof *d;
    u->num_sm = d->num_sm;
    u->num_banks = d->num_banks;
}

/* ---- TC's C backend and its models (golden and coverage tests) ---------------------------- */

int tc_backend_c(const tc_desc_t* d, gsys_backend_t* be, char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (tc_check_desc(d, err, errlen) != 0)
        return -1;
    gsys_units_t u;
    tc_units_of(d, &u);
    return gsys_backend_c(&u, be, err, errlen);
}

tc_l1_t* tc_backend_c_l1(gsys_backend_t* be, uint32_t j) {
    return gsys_backend_model(be, TC_SLOT_L1, j);
}

tc_l2_t* tc_backend_c_l2(gsys_backend_t* be, uint32_t b) {
    return gsys_backend_model(be, TC_SLOT_L2, b);
}
