/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_sys_rtl.c -- RTL and lockstep backends of the TC system harness (tb/sys/tc_sys_rtl.h).
 *
 * Every compare names the unit instance and the field: sm[j].l1.<field>,
 * sm[j].l1.set[s].way[w].<field>, bank[b].l2.mshr[k].<field>, timer.<field>.
 */
#include "tc_sys_rtl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rtl_load.h"
#include "tb_common.h"
#include "tc_units.h"

#define TC_LW(d) ((d)->line_bytes / 4u)
#define TC_MW(d) (((d)->line_bytes + 31u) / 32u)

typedef struct {
    tc_desc_t d;
    tc_rtl_cfg_t cfg;
    tc_backend_t cbe; /* C side (always built: C units of RTL mode, the reference of lockstep) */
    gpucoh_rtl_t r1, r2, rt;
    void* h1[TC_MAX_SM];
    void* h2[TC_MAX_BANKS];
    void* ht;
    uint32_t nh1, nh2;
    tc_l1_state_t* s1; /* RTL state read buffers */
    tc_l2_state_t* s2;
    /* netlists: ones in the state bits synthesis removed (taken from the C model); NULL if none */
    tc_l1_state_t* fix1;
    tc_l2_state_t* fix2;
    tc_rtl_result_t res;
    /* cycles of the current run (from its reset) and runs seen: a new run starts when the units
     * are put into reset again (the system holds rst_n = 0 in cycles 0 and 1) */
    uint64_t cyc, runs;
    bool prev_rst_n;
    bool diverged; /* the first divergence is recorded (res.first ...) */
} rctx_t;

static FILE* rep(rctx_t* c) {
    return c->cfg.report ? c->cfg.report : stderr;
}

/* Unit paths ("sm[3].l1") are formatted only when something is reported. */
enum { UNIT_L1, UNIT_L2, UNIT_TIMER };

static void unit_name(char* b, size_t n, int uk, unsigned ui) {
    if (uk == UNIT_L1)
        snprintf(b, n, "sm[%u].l1", ui);
    else if (uk == UNIT_L2)
        snprintf(b, n, "bank[%u].l2", ui);
    else
        snprintf(b, n, "timer");
}

/* " (run k)" for the runs after the first of a shared backend */
static const char* run_note(const rctx_t* c) {
    static char b[32];
    b[0] = 0;
    if (c->runs > 1)
        snprintf(b, sizeof b, " (run %llu)", (unsigned long long)(c->runs - 1));
    return b;
}

/* A divergence: the first one is recorded; the run stops now (1), or with cfg.stop_at only at
 * the end of that cycle (0: be_timer stops it). */
static int stop(rctx_t* c) {
    return c->cfg.stop_at ? 0 : 1;
}

static int fail(rctx_t* c, int uk, unsigned ui, const gpucoh_mismatch_t* mm, const char* kind) {
    char unit[32], line[512];
    unit_name(unit, sizeof unit, uk, ui);
    c->res.mismatches++;
    snprintf(line, sizeof line, "cycle %llu%s %s.%s: C %s, RTL %s%s", (unsigned long long)c->cyc,
             run_note(c), unit, mm->field, mm->expected, mm->got,
             mm->extra ? " (and more fields)" : "");
    if (!c->diverged) {
        c->diverged = true;
        c->res.div_cycle = c->cyc;
        c->res.div_run = c->runs ? c->runs - 1 : 0;
        snprintf(c->res.kind, sizeof c->res.kind, "%s", kind);
        snprintf(c->res.unit, sizeof c->res.unit, "%s", unit);
        snprintf(c->res.field, sizeof c->res.field, "%s.%s", unit, mm->field);
        snprintf(c->res.expected, sizeof c->res.expected, "%s", mm->expected);
        snprintf(c->res.got, sizeof c->res.got, "%s", mm->got);
        snprintf(c->res.first, sizeof c->res.first, "%s", line);
    }
    fprintf(rep(c), "MISMATCH %s\n", line);
    return stop(c);
}

static int rtl_errors(rctx_t* c, const gpucoh_rtl_api_t* api, void* h, int uk, unsigned ui) {
    uint32_t e = api->errors(h);
    if (e == 0)
        return 0;
    char unit[32], line[512];
    unit_name(unit, sizeof unit, uk, ui);
    c->res.rtl_errors += e;
    snprintf(line, sizeof line,
             "cycle %llu%s %s: RTL assertion failure (see the %%Error line above)",
             (unsigned long long)c->cyc, run_note(c), unit);
    if (!c->diverged) {
        c->diverged = true;
        c->res.div_cycle = c->cyc;
        c->res.div_run = c->runs ? c->runs - 1 : 0;
        snprintf(c->res.kind, sizeof c->res.kind, "assertion");
        snprintf(c->res.unit, sizeof c->res.unit, "%s", unit);
        snprintf(c->res.field, sizeof c->res.field, "%s", unit);
        c->res.expected[0] = c->res.got[0] = 0;
        snprintf(c->res.first, sizeof c->res.first, "%s", line);
    }
    fprintf(rep(c), "RTL ERROR %s\n", line);
    return stop(c);
}

/* The start of a cycle (before its first unit is ticked): a new run after a reset, the start of
 * the wave window. */
static void cycle_begin(rctx_t* c, bool rst_n) {
    if (!rst_n && c->prev_rst_n) {
        c->runs++;
        c->cyc = 0;
    }
    c->prev_rst_n = rst_n;
    gpucoh_mwave_t* w = c->cfg.wave;
    if (w && !gpucoh_mwave_started(w) && c->cyc == c->cfg.wave_from && gpucoh_mwave_start(w) != 0)
        fprintf(stderr, "gpucoh: warning: %s\n", gpucoh_mwave_error(w));
}

/* The end of a cycle (after the timer): the end of the wave window, a deferred stop. */
static int cycle_end(rctx_t* c) {
    gpucoh_mwave_t* w = c->cfg.wave;
    if (w && gpucoh_mwave_started(w) && !gpucoh_mwave_done(w) && c->cyc == c->cfg.wave_to)
        gpucoh_mwave_finish(w); /* an error stays in w for the caller */
    const bool stop_now = c->cfg.stop_at && c->diverged && c->cyc >= c->cfg.stop_at;
    c->cyc++;
    return stop_now ? 1 : 0;
}

static bool full_cycle(const rctx_t* c) {
    return c->cfg.full_every == 0 || c->cyc % c->cfg.full_every == 0; /* from the run's reset */
}

/* ---- compares ------------------------------------------------------------------------------- */

void tc_cmp_l1_out(const tc_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, const tc_l1_out_t* e,
                   const tc_l1_out_t* g) {
    tb_cmp_u64(mm, bad, e->core_ready, g->core_ready, "core_ready_o");
    tb_cmp_u64(mm, bad, e->crsp.valid, g->crsp.valid, "crsp_valid_o");
    tb_cmp_u64(mm, bad, e->crsp.kind, g->crsp.kind, "crsp_kind_o");
    tb_cmp_u64(mm, bad, e->crsp.wf_mask, g->crsp.wf_mask, "crsp_wf_mask_o");
    tb_cmp_u64(mm, bad, e->crsp.line, g->crsp.line, "crsp_line_o");
    tb_cmp_words(mm, bad, e->crsp.data, g->crsp.data, TC_LW(d), TC_LW(d) * 32, "crsp_data_o");
    tb_cmp_u64(mm, bad, e->req.valid, g->req.valid, "req_valid_o");
    tb_cmp_u64(mm, bad, e->req.kind, g->req.kind, "req_kind_o");
    tb_cmp_u64(mm, bad, e->req.src, g->req.src, "req_src_o");
    tb_cmp_u64(mm, bad, e->req.wf, g->req.wf, "req_wf_o");
    tb_cmp_u64(mm, bad, e->req.line, g->req.line, "req_line_o");
    tb_cmp_u64(mm, bad, e->req.exp, g->req.exp, "req_exp_o");
    tb_cmp_u64(mm, bad, e->req.ts, g->req.ts, "req_ts_o");
    tb_cmp_u64(mm, bad, e->req.era, g->req.era, "req_era_o");
    tb_cmp_words(mm, bad, e->req.data, g->req.data, TC_LW(d), TC_LW(d) * 32, "req_data_o");
    tb_cmp_words(mm, bad, e->req.mask, g->req.mask, TC_MW(d), d->line_bytes, "req_mask_o");
    tb_cmp_u64(mm, bad, e->req.aop, g->req.aop, "req_aop_o");
    tb_cmp_u64(mm, bad, e->req.word, g->req.word, "req_word_o");
    tb_cmp_u64(mm, bad, e->req.a, g->req.a, "req_a_o");
    tb_cmp_u64(mm, bad, e->req.b, g->req.b, "req_b_o");
    tb_cmp_u64(mm, bad, e->fence_ready, g->fence_ready, "fence_ready_o");
    tb_cmp_u64(mm, bad, e->wr_idle, g->wr_idle, "wr_idle_o");
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
    tb_cmp_u64(mm, bad, e->req_ready, g->req_ready, "req_ready_o");
    tb_cmp_u64(mm, bad, e->rsp.valid, g->rsp.valid, "rsp_valid_o");
    tb_cmp_u64(mm, bad, e->rsp.kind, g->rsp.kind, "rsp_kind_o");
    tb_cmp_u64(mm, bad, e->rsp.dst, g->rsp.dst, "rsp_dst_o");
    tb_cmp_u64(mm, bad, e->rsp.wf, g->rsp.wf, "rsp_wf_o");
    tb_cmp_u64(mm, bad, e->rsp.atomic, g->rsp.atomic, "rsp_atomic_o");
    tb_cmp_u64(mm, bad, e->rsp.line, g->rsp.line, "rsp_line_o");
    tb_cmp_u64(mm, bad, e->rsp.ts, g->rsp.ts, "rsp_ts_o");
    tb_cmp_u64(mm, bad, e->rsp.era, g->rsp.era, "rsp_era_o");
    tb_cmp_words(mm, bad, e->rsp.data, g->rsp.data, TC_LW(d), TC_LW(d) * 32, "rsp_data_o");
    tb_cmp_u64(mm, bad, e->mreq.fetch, g->mreq.fetch, "mreq_fetch_o");
    tb_cmp_u64(mm, bad, e->mreq.fetch_line, g->mreq.fetch_line, "mreq_fetch_line_o");
    tb_cmp_u64(mm, bad, e->mreq.wb, g->mreq.wb, "mreq_wb_o");
    tb_cmp_u64(mm, bad, e->mreq.wb_line, g->mreq.wb_line, "mreq_wb_line_o");
    tb_cmp_words(mm, bad, e->mreq.wb_data, g->mreq.wb_data, TC_LW(d), TC_LW(d) * 32,
                 "mreq_wb_data_o");
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

/* ---- ticks ---------------------------------------------------------------------------------- */

/* A netlist's state bits synthesis removed: got takes them from the C model (exp, the same
 * struct type), under fix (ones in those bits). */
static void fix_bits(void* got, const void* exp, const void* fix, size_t n) {
    unsigned char* g = got;
    const unsigned char *e = exp, *m = fix;
    for (size_t i = 0; i < n; i++)
        if (m[i])
            g[i] = (unsigned char)((g[i] & ~m[i]) | (e[i] & m[i]));
}
#define FIX(g, e, m) fix_bits(&(g), &(e), &(m), sizeof(g))

static int be_l1(void* vctx, uint32_t j, const tc_l1_in_t* in, tc_l1_out_t* out) {
    rctx_t* c = vctx;
    if (j == 0) /* every system has an SM 0, ticked first in every cycle */
        cycle_begin(c, in->rst_n);
    if (!(c->cfg.rtl & TC_RTL_L1))
        return c->cbe.l1(c->cbe.ctx, j, in, out);
    const gpucoh_rtl_api_t* api = c->r1.api;
    const int unit = UNIT_L1;
    if (c->cfg.impl == TC_IMPL_RTL) {
        api->tick(c->h1[j], in, out);
        return rtl_errors(c, api, c->h1[j], unit, j);
    }
    if (c->cbe.l1(c->cbe.ctx, j, in, out) != 0)
        return 1;
    tc_l1_out_t g;
    api->tick(c->h1[j], in, &g);
    c->res.compared++;
    if (rtl_errors(c, api, c->h1[j], unit, j))
        return 1;
    gpucoh_mismatch_t mm;
    memset(&mm, 0, sizeof mm);
    uint32_t bad = 0;
    tc_cmp_l1_out(&c->d, &mm, &bad, out, &g);
    if (bad)
        return fail(c, unit, j, &mm, "output");
    /* state: the lines the C model wrote (all of them after reset / roll / periodically) */
    const tc_l1_t* m = tc_backend_c_l1(&c->cbe, j);
    tc_l1_state_t* s = c->s1;
    const bool all = m->touched_all || full_cycle(c);
    s->sel_all = all;
    s->sel_n = all ? 0 : m->touched_n;
    for (uint32_t k = 0; k < s->sel_n; k++)
        s->sel[k] = m->touched[k];
    api->state(c->h1[j], s);
    const uint32_t lines = c->d.l1_sets * c->d.l1_ways;
    const tc_l1_state_t* fx = c->fix1;
    tc_l1_line_t e; /* the model's line in the shim's layout */
    for (uint32_t k = 0; k < (all ? lines : s->sel_n); k++) {
        const uint32_t i = all ? k : s->sel[k], x = i / c->d.l1_ways;
        tc_l1_line_get(m, i, &e);
        if (fx) {
            FIX(s->line[i], e, fx->line[i]);
            FIX(s->rr[x], m->rr[x], fx->rr[x]);
        }
        tc_cmp_l1_line(&c->d, &mm, &bad, i, &e, &s->line[i]);
        if (!all)
            tb_cmp_u64(&mm, &bad, m->rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
    }
    for (uint32_t x = 0; all && x < c->d.l1_sets; x++) {
        if (fx)
            FIX(s->rr[x], m->rr[x], fx->rr[x]);
        tb_cmp_u64(&mm, &bad, m->rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
    }
    if (fx) {
        FIX(s->fcnt, m->fcnt, fx->fcnt);
        for (uint32_t w = 0; w < c->d.num_wf; w++) {
            FIX(s->gwct.gwct[w], m->gwct->gwct[w], fx->gwct.gwct[w]);
            FIX(s->gwct.cnt[w], m->gwct->cnt[w], fx->gwct.cnt[w]);
        }
    }
    tb_cmp_u64(&mm, &bad, m->fcnt, s->fcnt, "fcnt");
    for (uint32_t w = 0; w < c->d.num_wf; w++) {
        tb_cmp_u64(&mm, &bad, m->gwct->gwct[w], s->gwct.gwct[w], "gwct[%u]", (unsigned)w);
        tb_cmp_u64(&mm, &bad, m->gwct->cnt[w], s->gwct.cnt[w], "gwct.cnt[%u]", (unsigned)w);
    }
    return bad ? fail(c, unit, j, &mm, "state") : 0;
}

static int be_l2(void* vctx, uint32_t b, const tc_l2_in_t* in, tc_l2_out_t* out) {
    rctx_t* c = vctx;
    if (!(c->cfg.rtl & TC_RTL_L2))
        return c->cbe.l2(c->cbe.ctx, b, in, out);
    const gpucoh_rtl_api_t* api = c->r2.api;
    const int unit = UNIT_L2;
    if (c->cfg.impl == TC_IMPL_RTL) {
        api->tick(c->h2[b], in, out);
        return rtl_errors(c, api, c->h2[b], unit, b);
    }
    if (c->cbe.l2(c->cbe.ctx, b, in, out) != 0)
        return 1;
    tc_l2_out_t g;
    api->tick(c->h2[b], in, &g);
    c->res.compared++;
    if (rtl_errors(c, api, c->h2[b], unit, b))
        return 1;
    gpucoh_mismatch_t mm;
    memset(&mm, 0, sizeof mm);
    uint32_t bad = 0;
    tc_cmp_l2_out(&c->d, &mm, &bad, out, &g);
    if (bad)
        return fail(c, unit, b, &mm, "output");
    const tc_l2_t* m = tc_backend_c_l2(&c->cbe, b);
    tc_l2_state_t* s = c->s2;
    const bool full = full_cycle(c);
    const bool all = m->touched_all || full;
    s->sel_all = all;
    s->sel_mshr = full || m->touched_all || c->d.l2_mshrs <= 16u;
    s->sel_n = all ? 0 : m->touched_n;
    for (uint32_t k = 0; k < s->sel_n; k++)
        s->sel[k] = m->touched[k];
    api->state(c->h2[b], s);
    const uint32_t lines = c->d.l2_sets * c->d.l2_ways;
    const tc_l2_state_t* fx = c->fix2;
    tc_l2_line_t e; /* the model's line / MSHR in the shim's layout */
    for (uint32_t k = 0; k < (all ? lines : s->sel_n); k++) {
        const uint32_t i = all ? k : s->sel[k];
        tc_l2_line_get(m, i, &e);
        if (fx)
            FIX(s->line[i], e, fx->line[i]);
        tc_cmp_l2_line(&c->d, &mm, &bad, i, &e, &s->line[i]);
    }
    if (s->sel_all || s->sel_mshr) {
        tc_l2_mshr_t x;
        for (uint32_t k = 0; k < c->d.l2_mshrs; k++) {
            tc_l2_mshr_get(m, k, &x);
            if (fx)
                FIX(s->mshr[k], x, fx->mshr[k]);
            tc_cmp_mshr(&c->d, &mm, &bad, k, &x, &s->mshr[k]);
        }
    }
    if (fx) {
        FIX(s->fcnt, m->fcnt, fx->fcnt);
        FIX(s->life, m->life, fx->life);
    }
    tb_cmp_u64(&mm, &bad, m->fcnt, s->fcnt, "fcnt");
    tb_cmp_u64(&mm, &bad, m->life, s->life, "life");
    return bad ? fail(c, unit, b, &mm, "state") : 0;
}

static int timer_tick(rctx_t* c, const tc_timer_in_t* in, tc_timer_out_t* out) {
    if (!(c->cfg.rtl & TC_RTL_TIMER))
        return c->cbe.timer(c->cbe.ctx, in, out);
    const gpucoh_rtl_api_t* api = c->rt.api;
    if (c->cfg.impl == TC_IMPL_RTL) {
        api->tick(c->ht, in, out);
        return rtl_errors(c, api, c->ht, UNIT_TIMER, 0);
    }
    if (c->cbe.timer(c->cbe.ctx, in, out) != 0)
        return 1;
    tc_timer_out_t g;
    api->tick(c->ht, in, &g);
    c->res.compared++;
    if (rtl_errors(c, api, c->ht, UNIT_TIMER, 0))
        return 1;
    gpucoh_mismatch_t mm;
    memset(&mm, 0, sizeof mm);
    uint32_t bad = 0;
    tb_cmp_u64(&mm, &bad, out->now, g.now, "now_o");
    tb_cmp_u64(&mm, &bad, out->era, g.era, "era_o");
    tb_cmp_u64(&mm, &bad, out->roll, g.roll, "roll_o");
    return bad ? fail(c, UNIT_TIMER, 0, &mm, "output") : 0;
}

static int be_timer(void* vctx, const tc_timer_in_t* in, tc_timer_out_t* out) {
    rctx_t* c = vctx;
    c->res.cycles++;
    const int rc = timer_tick(c, in, out);
    return cycle_end(c) || rc ? 1 : 0;
}

static void be_destroy(void* vctx) {
    rctx_t* c = vctx;
    if (c->cfg.wave) /* the trace is written while its instances still exist */
        gpucoh_mwave_finish(c->cfg.wave);
    for (uint32_t j = 0; j < c->nh1; j++)
        c->r1.api->destroy(c->h1[j]);
    for (uint32_t b = 0; b < c->nh2; b++)
        c->r2.api->destroy(c->h2[b]);
    if (c->ht)
        c->rt.api->destroy(c->ht);
    if (c->r1.api)
        gpucoh_rtl_unload(&c->r1);
    if (c->r2.api)
        gpucoh_rtl_unload(&c->r2);
    if (c->rt.api)
        gpucoh_rtl_unload(&c->rt);
    if (c->cbe.destroy)
        c->cbe.destroy(c->cbe.ctx);
    free(c->s1);
    free(c->s2);
    free(c->fix1);
    free(c->fix2);
    free(c);
}

static int load(rctx_t* c, const gpucoh_unit_t* u, gpucoh_rtl_t* r, char* err, size_t errlen) {
    gpucoh_pvals_t pv;
    tc_pvals_from_desc(u, &c->d, &pv);
    const uint32_t bit = u == &unit_tc_l1 ? TC_RTL_L1 : u == &unit_tc_l2 ? TC_RTL_L2 : TC_RTL_TIMER;
    if (!(c->cfg.netlist & bit))
        return gpucoh_rtl_load(u, &pv, c->cfg.rtl_dir, c->cfg.quiet, r, err, errlen);
    if (gpucoh_netlist_load(u, &pv, c->cfg.rtl_dir, c->cfg.quiet, r, err, errlen) != 0)
        return -1;
    if (r->removed_regs == 0 || bit == TC_RTL_TIMER) /* the timer: outputs only */
        return 0;
    /* Register bits synthesis removed (no output depends on them): the shim's mask says which
     * bits of the state struct they are; those are taken from the C model (fix_bits). */
    const char* tag = bit == TC_RTL_L1 ? "l1" : "l2";
    size_t rl = strlen(c->res.removed);
    snprintf(c->res.removed + rl, sizeof c->res.removed - rl, "%s%s: %s", rl ? "; " : "", tag,
             r->removed);
    if (!r->state_mask) {
        c->res.state_compared = false;
        return 0;
    }
    const size_t n = bit == TC_RTL_L1 ? sizeof(tc_l1_state_t) : sizeof(tc_l2_state_t);
    unsigned char* all = calloc(1, n);
    unsigned char* held = calloc(1, n);
    if (!all || !held) {
        free(all);
        free(held);
        snprintf(err, errlen, "tc system: out of memory");
        return -1;
    }
    r->state_mask(all, 0);
    r->state_mask(held, 1);
    uint32_t bits = 0;
    for (size_t i = 0; i < n; i++) {
        all[i] = (unsigned char)(all[i] & ~held[i]);
        for (unsigned b = 0; b < 8; b++)
            bits += (all[i] >> b) & 1u;
    }
    free(held);
    c->res.removed_bits += bits;
    if (bit == TC_RTL_L1)
        c->fix1 = (tc_l1_state_t*)(void*)all;
    else
        c->fix2 = (tc_l2_state_t*)(void*)all;
    return 0;
}

int tc_backend_rtl(const tc_desc_t* d, const tc_rtl_cfg_t* cfg, tc_backend_t* be, char* err,
                   size_t errlen) {
    rctx_t* c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "tc system: out of memory");
        return -1;
    }
    c->d = *d;
    c->cfg = *cfg;
    c->res.state_compared = true;
    if (tc_backend_c(d, &c->cbe, err, errlen) != 0) {
        free(c);
        return -1;
    }
    c->s1 = calloc(1, sizeof *c->s1);
    c->s2 = calloc(1, sizeof *c->s2);
    be->ctx = c;
    be->l1 = be_l1;
    be->l2 = be_l2;
    be->timer = be_timer;
    be->destroy = be_destroy;
    if (!c->s1 || !c->s2) {
        snprintf(err, errlen, "tc system: out of memory");
        be_destroy(c);
        return -1;
    }
    if (((cfg->rtl & TC_RTL_L1) && load(c, &unit_tc_l1, &c->r1, err, errlen) != 0) ||
        ((cfg->rtl & TC_RTL_L2) && load(c, &unit_tc_l2, &c->r2, err, errlen) != 0) ||
        ((cfg->rtl & TC_RTL_TIMER) && load(c, &unit_tc_timer, &c->rt, err, errlen) != 0)) {
        be_destroy(c);
        return -1;
    }
    if (cfg->rtl & TC_RTL_L1)
        for (; c->nh1 < d->num_sm; c->nh1++)
            c->h1[c->nh1] = c->r1.api->create();
    if (cfg->rtl & TC_RTL_L2)
        for (; c->nh2 < d->num_banks; c->nh2++)
            c->h2[c->nh2] = c->r2.api->create();
    if (cfg->rtl & TC_RTL_TIMER)
        c->ht = c->rt.api->create();
    c->prev_rst_n = true;
    gpucoh_mwave_t* w = cfg->wave;
    char scope[32];
    for (uint32_t j = 0; w && j < c->nh1; j++) {
        snprintf(scope, sizeof scope, "sm%u_l1", (unsigned)j);
        gpucoh_mwave_add(w, scope, c->r1.api, c->h1[j]);
    }
    for (uint32_t b = 0; w && b < c->nh2; b++) {
        snprintf(scope, sizeof scope, "bank%u_l2", (unsigned)b);
        gpucoh_mwave_add(w, scope, c->r2.api, c->h2[b]);
    }
    if (w && c->ht)
        gpucoh_mwave_add(w, "timer", c->rt.api, c->ht);
    return 0;
}

const tc_rtl_result_t* tc_backend_rtl_result(const tc_backend_t* be) {
    return &((const rctx_t*)be->ctx)->res;
}

tc_backend_t* tc_backend_rtl_cside(tc_backend_t* be) {
    rctx_t* c = be->ctx;
    return c->cfg.impl == TC_IMPL_LOCKSTEP ? &c->cbe : NULL;
}
