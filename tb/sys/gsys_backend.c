/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gsys_backend.c -- the C, RTL and lockstep backends of the shared system (gsys_backend.h).
 *
 * Nothing here knows a protocol: a slot's unit ops build, tick and compare its instances. Every
 * report names the instance (the slot's inst_fmt) and the field the unit's compare gave.
 */
#include "gsys_backend.h"

#include <stdlib.h>
#include <string.h>

#include "rtl_load.h"
#include "step.h"
#include "tb_common.h"

uint32_t gsys_slot_count(const gsys_units_t* u, uint32_t slot) {
    switch (u->slots[slot].place) {
    case GSYS_AT_SM:
        return u->num_sm;
    case GSYS_AT_BANK:
        return u->num_banks;
    default:
        return 1;
    }
}

static void borrowed_destroy(void* ctx) {
    (void)ctx;
}

void gsys_backend_borrow(const gsys_backend_t* real, gsys_backend_t* be) {
    *be = *real;
    be->destroy = borrowed_destroy;
}

/* ---- the C backend ------------------------------------------------------------------------- */

typedef struct {
    gsys_units_t u;
    void* pd;                        /* copy of the protocol descriptor */
    void** model[GSYS_MAX_SLOTS];    /* model[slot][inst] */
    uint32_t nmodel[GSYS_MAX_SLOTS]; /* built so far */
    void (*tick[GSYS_MAX_SLOTS])(void*, const void*, void*);
} cctx_t;

static int c_tick(void* ctx, uint32_t slot, uint32_t inst, const void* in, void* out) {
    cctx_t* c = ctx;
    c->tick[slot](c->model[slot][inst], in, out);
    return 0;
}

static int c_tick_slot(void* ctx, uint32_t slot, const void* in, size_t istride, void* out,
                       size_t ostride, uint32_t n) {
    cctx_t* c = ctx;
    void (*tick)(void*, const void*, void*) = c->tick[slot];
    void** m = c->model[slot];
    const unsigned char* i = in;
    unsigned char* o = out;
    for (uint32_t k = 0; k < n; k++, i += istride, o += ostride)
        tick(m[k], i, o);
    return 0;
}

static void c_destroy(void* ctx) {
    cctx_t* c = ctx;
    if (!c)
        return;
    for (uint32_t k = 0; k < c->u.nslots; k++) {
        for (uint32_t i = 0; i < c->nmodel[k]; i++)
            free(c->model[k][i]);
        free(c->model[k]);
    }
    free(c->pd);
    free(c);
}

static int units_check(const gsys_units_t* u, char* err, size_t errlen) {
    if (!u || !u->slots || u->nslots == 0 || u->nslots > GSYS_MAX_SLOTS || !u->pd) {
        snprintf(err, errlen, "system backend: a protocol with 1..%d unit slots is required",
                 GSYS_MAX_SLOTS);
        return -1;
    }
    return 0;
}

int gsys_backend_c(const gsys_units_t* u, gsys_backend_t* be, char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (units_check(u, err, errlen) != 0)
        return -1;
    cctx_t* c = calloc(1, sizeof *c);
    if (!c || !(c->pd = malloc(u->pd_size))) {
        free(c);
        snprintf(err, errlen, "system backend: out of memory");
        return -1;
    }
    memcpy(c->pd, u->pd, u->pd_size);
    c->u = *u;
    c->u.pd = c->pd;
    for (uint32_t k = 0; k < u->nslots; k++) {
        const gsys_unit_ops_t* ops = u->slots[k].ops;
        const uint32_t n = gsys_slot_count(u, k);
        c->tick[k] = ops->model_tick;
        c->model[k] = calloc(n, sizeof(void*));
        if (!c->model[k]) {
            snprintf(err, errlen, "system backend: out of memory");
            c_destroy(c);
            return -1;
        }
        for (; c->nmodel[k] < n; c->nmodel[k]++) {
            void* m = ops->model_new(c->pd, err, errlen);
            if (!m) {
                c_destroy(c);
                return -1;
            }
            c->model[k][c->nmodel[k]] = m;
        }
    }
    be->ctx = c;
    be->tick = c_tick;
    be->tick_slot = c_tick_slot;
    be->destroy = c_destroy;
    return 0;
}

void* gsys_backend_model(const gsys_backend_t* be, uint32_t slot, uint32_t inst) {
    if (!be || be->tick != c_tick)
        return NULL;
    const cctx_t* c = be->ctx;
    return slot < c->u.nslots && inst < c->nmodel[slot] ? c->model[slot][inst] : NULL;
}

/* ---- the RTL and lockstep backends ---------------------------------------------------------- */

typedef struct {
    gpucoh_rtl_t* r; /* the loaded model (one per slot) */
    uint32_t nr;     /* loaded so far */
    void** h;        /* one Verilated instance per unit instance */
    uint32_t nh;
    void* st;     /* the shim's state read buffer */
    void* fix;    /* netlists: ones in the state bits synthesis removed; NULL if none */
    uint64_t ia0; /* the model's input-assertion failures before this backend (input_asserts) */
} rslot_t;

typedef struct {
    gsys_units_t u;
    gsys_rtl_cfg_t cfg;
    gsys_backend_t cbe; /* C side (always built: C units of RTL mode, the reference of lockstep) */
    rslot_t s[GSYS_MAX_SLOTS];
    gsys_rtl_result_t res;
    /* cycles of the current run (from its reset) and runs seen: a new run starts when the units
     * are put into reset again (the system holds rst_n = 0 in cycles 0 and 1) */
    uint64_t cyc, runs;
    bool prev_rst_n;
    bool final; /* the end-of-run compare (gsys_backend_rtl_final_check): every state whole */
    gpucoh_first_t first; /* the run's first divergence (step.h), also in res (res.first ...) */
    void* gout;           /* the RTL's outputs in lockstep (the largest out_size) */
    size_t omax;          /* that size */
    /* lockstep_slot's buffers for nb instances: each one's RTL outputs (omax bytes apart), its
     * assertion count after its edge, whether its C model's edge failed */
    unsigned char* gouts;
    uint32_t* gerr;
    unsigned char* cbad;
    uint32_t nb;
} rctx_t;

/* The loaded model of instance inst of a slot. */
static const gpucoh_rtl_t* rtl_of(const rslot_t* rs, uint32_t inst) {
    return &rs->r[rs->nr > 1 ? inst : 0];
}

static FILE* rep(const rctx_t* c) {
    return c->cfg.report ? c->cfg.report : stderr;
}

/* Instance paths ("sm[3].l1") are formatted only when something is reported. */
static void inst_name(const rctx_t* c, char* b, size_t n, uint32_t slot, uint32_t inst) {
    snprintf(b, n, c->u.slots[slot].inst_fmt, (unsigned)inst);
}

/* " (run k)" for the runs after the first of a shared backend */
static void run_note(const rctx_t* c, char* b, size_t n) {
    b[0] = 0;
    if (c->runs > 1)
        snprintf(b, n, " (run %llu)", (unsigned long long)(c->runs - 1));
}

/* A check of (slot, inst) that differed at this cycle: reported (prefix "MISMATCH" or "RTL
 * ERROR"), recorded in res if it is the run's first (gpucoh_step_compare decided); the run stops
 * now (1), or with cfg.stop_at only at the end of that cycle (0: cycle_end stops it). */
static int diverge(rctx_t* c, uint32_t slot, uint32_t inst, gpucoh_check_kind_t kind,
                   const gpucoh_mismatch_t* mm, bool first, const char* prefix) {
    char unit[32], note[32];
    inst_name(c, unit, sizeof unit, slot, inst);
    run_note(c, note, sizeof note);
    const gpucoh_first_t here = {.diverged = true, .cycle = c->cyc, .kind = kind, .mm = *mm};
    gpucoh_divergence_t d;
    gpucoh_divergence_from(&d, &here, unit, note);
    fprintf(rep(c), "%s %s\n", prefix, d.text);
    if (first) {
        c->res.div = d;
        c->res.div.run = c->runs ? c->runs - 1 : 0;
        c->res.div.has_run = true;
    }
    return c->cfg.stop_at ? 0 : 1;
}

/* The start of a cycle: a new run after a reset, the start of the wave window. */
static void r_cycle_begin(void* ctx, bool rst_n) {
    rctx_t* c = ctx;
    if (!rst_n && c->prev_rst_n) {
        c->runs++;
        c->cyc = 0;
    }
    c->prev_rst_n = rst_n;
    gpucoh_mwave_t* w = c->cfg.wave;
    if (w && !gpucoh_mwave_started(w) && c->cyc == c->cfg.wave_from && gpucoh_mwave_start(w) != 0)
        fprintf(stderr, "gpucoh: warning: %s\n", gpucoh_mwave_error(w));
}

/* The end of a cycle: the end of the wave window, a deferred stop. */
static int r_cycle_end(void* ctx) {
    rctx_t* c = ctx;
    c->res.cycles++;
    gpucoh_mwave_t* w = c->cfg.wave;
    if (w && gpucoh_mwave_started(w) && !gpucoh_mwave_done(w) && c->cyc == c->cfg.wave_to)
        gpucoh_mwave_finish(w); /* an error stays in w for the caller */
    const bool stop_now = c->cfg.stop_at && c->first.diverged && c->cyc >= c->cfg.stop_at;
    c->cyc++;
    return stop_now ? 1 : 0;
}

/* One step of instance (slot, inst) (step.h): its checks' argument and their outcome. */
typedef struct {
    rctx_t* c;
    uint32_t slot, inst;
    const void* out;     /* the C model's outputs (lockstep) */
    uint32_t errors;     /* the RTL's assertion failures this cycle */
    const uint32_t* pre; /* NULL, or the assertion count read right after the RTL's edge */
    int rc;              /* the tick's return: 1 stops the run now */
} step_t;

/* The RTL's assertion failures (none expected: the input assertions the illegal inputs fire
 * are not counted, rtl/include/gpucoh_assert.svh). */
static uint32_t check_asserts(void* a, gpucoh_mismatch_t* mm) {
    step_t* s = a;
    const rslot_t* rs = &s->c->s[s->slot];
    s->errors = s->pre ? *s->pre : rtl_of(rs, s->inst)->api->errors(rs->h[s->inst]);
    (void)mm; /* described by the report (rtl_errors) */
    return s->errors ? 1 : 0;
}

static uint32_t check_out(void* a, gpucoh_mismatch_t* mm) {
    step_t* s = a;
    const gsys_unit_ops_t* ops = s->c->u.slots[s->slot].ops;
    if (memcmp(s->out, s->c->gout, ops->out_size) == 0) /* every byte, so every field, equal */
        return 0;
    uint32_t bad = 0;
    ops->cmp_out(s->c->u.pd, mm, &bad, s->out, s->c->gout);
    return bad;
}

/* The state of (slot, inst) against its C model: what the model wrote this cycle, all of it
 * after a reset or roll and every full_every cycles (counted from the run's reset). */
static uint32_t check_state(void* a, gpucoh_mismatch_t* mm) {
    step_t* s = a;
    rctx_t* c = s->c;
    const gsys_unit_ops_t* ops = c->u.slots[s->slot].ops;
    rslot_t* rs = &c->s[s->slot];
    const void* m = gsys_backend_model(&c->cbe, s->slot, s->inst);
    const bool full = c->final || c->cfg.full_every == 0 || c->cyc % c->cfg.full_every == 0;
    uint32_t bad = 0;
    ops->state_select(c->u.pd, m, full, rs->st);
    rtl_of(rs, s->inst)->api->state(rs->h[s->inst], rs->st);
    ops->cmp_state(c->u.pd, m, rs->st, rs->fix, mm, &bad);
    return bad;
}

/* A check that differed: reported, counted, recorded if first. An assertion failure lets the
 * step go on with cfg.stop_at (the divergence is kept, the run ends with the cycle); an output
 * or state mismatch ends the step. */
static int step_report(void* a, gpucoh_check_kind_t kind, const gpucoh_mismatch_t* mm, bool first) {
    step_t* s = a;
    if (kind == GPUCOH_CHECK_ASSERTION) {
        s->c->res.rtl_errors += s->errors;
        s->rc = diverge(s->c, s->slot, s->inst, kind, mm, first, "RTL ERROR");
        return s->rc;
    }
    s->c->res.mismatches++;
    s->rc = diverge(s->c, s->slot, s->inst, kind, mm, first, "MISMATCH");
    return 1;
}

/* The step of (slot, inst): the RTL's assertion failures, then in lockstep its outputs and
 * (if the unit has state) its state against the C model's. The tick's return. */
static int sys_step(rctx_t* c, uint32_t slot, uint32_t inst, const void* out, bool lockstep,
                    const uint32_t* pre) {
    step_t s = {.c = c, .slot = slot, .inst = inst, .out = out, .pre = pre};
    const gpucoh_check_t checks[] = {
        {GPUCOH_CHECK_ASSERTION, check_asserts},
        {GPUCOH_CHECK_OUTPUT, check_out},
        {GPUCOH_CHECK_STATE, c->u.slots[slot].ops->state_size ? check_state : NULL},
    };
    gpucoh_step_compare(checks, lockstep ? 3 : 1, &s, c->cyc, &c->first, step_report);
    return s.rc;
}

static int r_tick(void* ctx, uint32_t slot, uint32_t inst, const void* in, void* out) {
    rctx_t* c = ctx;
    if (!((c->cfg.rtl >> slot) & 1u))
        return c->cbe.tick(c->cbe.ctx, slot, inst, in, out);
    rslot_t* rs = &c->s[slot];
    const gpucoh_rtl_api_t* api = rtl_of(rs, inst)->api;
    if (c->cfg.impl == GSYS_IMPL_RTL) {
        api->tick(rs->h[inst], in, out);
        return sys_step(c, slot, inst, out, false, NULL);
    }
    if (c->cbe.tick(c->cbe.ctx, slot, inst, in, out) != 0)
        return 1;
    api->tick(rs->h[inst], in, c->gout);
    c->res.compared++;
    return sys_step(c, slot, inst, out, true, NULL);
}

/* lockstep_slot's buffers for n instances; false when out of memory (the caller then steps one
 * instance at a time) */
static bool slot_buffers(rctx_t* c, uint32_t n) {
    if (n <= c->nb)
        return true;
    free(c->gouts);
    free(c->gerr);
    free(c->cbad);
    c->gouts = calloc(n, c->omax);
    c->gerr = calloc(n, sizeof *c->gerr);
    c->cbad = calloc(n, 1);
    c->nb = c->gouts && c->gerr && c->cbad ? n : 0;
    return c->nb != 0;
}

/* The lockstep edge of a slot's n instances: every C model's edge, then every Verilated model's
 * (its assertion count read right after its edge, where the step of one instance reads it), then
 * each instance's checks in order. The same edges, checks and reports as one instance at a time
 * (a slot's instances do not see each other within an edge), with each model's code run n times
 * in a row: interleaved, a paper-size lockstep missed the instruction cache 1.7 times as often as
 * the RTL alone (docs/perf-compare.md, "Issue 31 item 3 by wall time"). */
static int lockstep_slot(rctx_t* c, uint32_t slot, const unsigned char* in, size_t istride,
                         unsigned char* out, size_t ostride, uint32_t n) {
    rslot_t* rs = &c->s[slot];
    for (uint32_t k = 0; k < n; k++)
        c->cbad[k] = c->cbe.tick(c->cbe.ctx, slot, k, in + k * istride, out + k * ostride) != 0;
    for (uint32_t k = 0; k < n; k++) {
        if (c->cbad[k])
            continue;
        const gpucoh_rtl_api_t* api = rtl_of(rs, k)->api;
        api->tick(rs->h[k], in + k * istride, c->gouts + k * c->omax);
        c->gerr[k] = api->errors(rs->h[k]);
    }
    void* g = c->gout;
    int rc = 0;
    for (uint32_t k = 0; k < n; k++) {
        if (c->cbad[k]) { /* as r_tick: the C model's failure stops the run, nothing compared */
            rc = 1;
            continue;
        }
        c->gout = c->gouts + k * c->omax;
        c->res.compared++;
        if (sys_step(c, slot, k, out + k * ostride, true, &c->gerr[k]) != 0)
            rc = 1;
    }
    c->gout = g;
    return rc;
}

static int r_tick_slot(void* ctx, uint32_t slot, const void* in, size_t istride, void* out,
                       size_t ostride, uint32_t n) {
    rctx_t* c = ctx;
    const unsigned char* i = in;
    unsigned char* o = out;
    if (c->cfg.impl == GSYS_IMPL_LOCKSTEP && ((c->cfg.rtl >> slot) & 1u) && slot_buffers(c, n))
        return lockstep_slot(c, slot, i, istride, o, ostride, n);
    int rc = 0;
    for (uint32_t k = 0; k < n; k++, i += istride, o += ostride)
        if (r_tick(ctx, slot, k, i, o) != 0)
            rc = 1;
    return rc;
}

uint64_t gsys_backend_rtl_final_check(gsys_backend_t* be) {
    if (!be || be->tick != r_tick) /* not an RTL backend */
        return 0;
    rctx_t* c = be->ctx;
    if (c->cfg.impl != GSYS_IMPL_LOCKSTEP || c->first.diverged || c->cyc == 0)
        return 0;
    const uint64_t before = c->res.mismatches;
    c->final = true;
    c->cyc--; /* the state the last cycle's edge left, reported at that cycle */
    for (uint32_t k = 0; k < c->u.nslots; k++) {
        if (!((c->cfg.rtl >> k) & 1u) || !c->u.slots[k].ops->state_size)
            continue;
        for (uint32_t i = 0; i < c->s[k].nh; i++) {
            step_t s = {.c = c, .slot = k, .inst = i};
            const gpucoh_check_t check = {GPUCOH_CHECK_STATE, check_state};
            gpucoh_step_compare(&check, 1, &s, c->cyc, &c->first, step_report);
        }
    }
    c->cyc++;
    c->final = false;
    return c->res.mismatches - before;
}

static void r_destroy(void* ctx) {
    rctx_t* c = ctx;
    if (c->cfg.wave) /* the trace is written while its instances still exist */
        gpucoh_mwave_finish(c->cfg.wave);
    for (uint32_t k = 0; k < GSYS_MAX_SLOTS; k++) {
        rslot_t* rs = &c->s[k];
        for (uint32_t i = 0; i < rs->nh; i++)
            rtl_of(rs, i)->api->destroy(rs->h[i]);
        for (uint32_t i = 0; i < rs->nr; i++)
            gpucoh_rtl_unload(&rs->r[i]);
        free(rs->r);
        free(rs->h);
        free(rs->st);
        free(rs->fix);
    }
    if (c->cbe.destroy)
        c->cbe.destroy(c->cbe.ctx);
    free(c->gout);
    free(c->gouts);
    free(c->gerr);
    free(c->cbad);
    free(c);
}

/* A netlist's register bits synthesis removed (no output depends on them): the shim's mask says
 * which bits of the state struct they are; those are taken from the C model (cmp_state's fix).
 * A slot with a model per instance takes its first instance's mask. */
static int netlist_mask(rctx_t* c, uint32_t slot, char* err, size_t errlen) {
    rslot_t* rs = &c->s[slot];
    const size_t n = c->u.slots[slot].ops->state_size;
    size_t rl = strlen(c->res.removed);
    snprintf(c->res.removed + rl, sizeof c->res.removed - rl, "%s%s: %s", rl ? "; " : "",
             c->u.slots[slot].name, rs->r[0].removed);
    if (!rs->r[0].state_mask) {
        c->res.state_compared = false;
        return 0;
    }
    uint32_t bits = 0;
    unsigned char* all = gpucoh_netlist_removed_mask(&rs->r[0], n, &bits);
    if (!all) {
        snprintf(err, errlen, "system backend: out of memory");
        return -1;
    }
    c->res.removed_bits += bits;
    rs->fix = all;
    return 0;
}

/* Load model k of a slot (k = 0: every instance of a slot shares one parameter set). */
static int load_one(rctx_t* c, uint32_t slot, uint32_t k, char* err, size_t errlen) {
    const gsys_unit_ops_t* ops = c->u.slots[slot].ops;
    gpucoh_rtl_t* r = &c->s[slot].r[k];
    gpucoh_pvals_t pv;
    ops->pvals(c->u.pd, &pv);
    if ((c->cfg.netlist >> slot) & 1u)
        return gpucoh_netlist_load(ops->unit, &pv, c->cfg.rtl_dir, c->cfg.quiet, r, err, errlen);
    if (gpucoh_rtl_load(ops->unit, &pv, c->cfg.rtl_dir, c->cfg.quiet, r, err, errlen))
        return -1;
    /* illegal inputs on purpose: the RTL's input-assertion failures are expected (counted, not
     * printed: rtl/include/gpucoh_assert.svh); the C models' protocol-error counts are what the
     * run checks them with */
    if (r->expect_input_asserts)
        r->expect_input_asserts(c->cfg.illegal);
    return 0;
}

/* The slot's model: one parameter set for all its instances (a unit whose instances differ, as
 * G-TSC's banks in their number, takes the difference on an input: docs/framework.md). */
static int load(rctx_t* c, uint32_t slot, char* err, size_t errlen) {
    const gsys_unit_ops_t* ops = c->u.slots[slot].ops;
    rslot_t* rs = &c->s[slot];
    const uint32_t n = 1u;
    if (!(rs->r = calloc(n, sizeof *rs->r))) {
        snprintf(err, errlen, "system backend: out of memory");
        return -1;
    }
    for (; rs->nr < n; rs->nr++)
        if (load_one(c, slot, rs->nr, err, errlen) != 0)
            return -1;
    for (uint32_t k = 0; k < n; k++)
        rs->ia0 += rs->r[k].input_asserts ? rs->r[k].input_asserts() : 0;
    if (!((c->cfg.netlist >> slot) & 1u) || rs->r[0].removed_regs == 0 || ops->state_size == 0)
        return 0; /* outputs only: nothing to take */
    return netlist_mask(c, slot, err, errlen);
}

/* Load, instantiate and (for waves) register the Verilated instances of one slot. */
static int rtl_slot(rctx_t* c, uint32_t k, char* err, size_t errlen) {
    const gsys_slot_t* sl = &c->u.slots[k];
    rslot_t* rs = &c->s[k];
    const uint32_t n = gsys_slot_count(&c->u, k);
    if (sl->ops->state_size && !(rs->st = calloc(1, sl->ops->state_size))) {
        snprintf(err, errlen, "system backend: out of memory");
        return -1;
    }
    if (load(c, k, err, errlen) != 0)
        return -1;
    if (!(rs->h = calloc(n, sizeof(void*)))) {
        snprintf(err, errlen, "system backend: out of memory");
        return -1;
    }
    for (; rs->nh < n; rs->nh++)
        rs->h[rs->nh] = rtl_of(rs, rs->nh)->api->create();
    char scope[48];
    for (uint32_t i = 0; c->cfg.wave && i < n; i++) {
        snprintf(scope, sizeof scope, sl->scope_fmt, (unsigned)i);
        gpucoh_mwave_add(c->cfg.wave, scope, rtl_of(rs, i)->api, rs->h[i]);
    }
    return 0;
}

int gsys_backend_rtl(const gsys_units_t* u, const gsys_rtl_cfg_t* cfg, gsys_backend_t* be,
                     char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    rctx_t* c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "system backend: out of memory");
        return -1;
    }
    c->cfg = *cfg;
    c->res.state_compared = true;
    c->prev_rst_n = true;
    if (gsys_backend_c(u, &c->cbe, err, errlen) != 0) {
        free(c);
        return -1;
    }
    c->u = *u;
    c->u.pd = ((const cctx_t*)c->cbe.ctx)->pd; /* the C side's copy */
    be->ctx = c;
    be->tick = r_tick;
    be->tick_slot = r_tick_slot;
    be->cycle_begin = r_cycle_begin;
    be->cycle_end = r_cycle_end;
    be->destroy = r_destroy;
    size_t omax = 0;
    for (uint32_t k = 0; k < u->nslots; k++)
        if (u->slots[k].ops->out_size > omax)
            omax = u->slots[k].ops->out_size;
    c->omax = omax;
    if (!(c->gout = calloc(1, omax))) {
        snprintf(err, errlen, "system backend: out of memory");
        r_destroy(c);
        memset(be, 0, sizeof *be);
        return -1;
    }
    for (uint32_t k = 0; k < u->nslots; k++)
        if (((cfg->rtl >> k) & 1u) && rtl_slot(c, k, err, errlen) != 0) {
            r_destroy(c);
            memset(be, 0, sizeof *be); /* nothing left to destroy */
            return -1;
        }
    return 0;
}

const gsys_rtl_result_t* gsys_backend_rtl_result(const gsys_backend_t* be) {
    rctx_t* c = be->ctx;
    c->res.input_asserts = 0;
    for (uint32_t k = 0; k < c->u.nslots; k++)
        if (c->s[k].h) {
            uint64_t now = 0;
            for (uint32_t i = 0; i < c->s[k].nr; i++)
                now += c->s[k].r[i].input_asserts ? c->s[k].r[i].input_asserts() : 0;
            c->res.input_asserts += now - c->s[k].ia0;
        }
    return &c->res;
}

gsys_backend_t* gsys_backend_rtl_cside(gsys_backend_t* be) {
    rctx_t* c = be->ctx;
    return c->cfg.impl == GSYS_IMPL_LOCKSTEP ? &c->cbe : NULL;
}

/* Eight bytes at a time (a netlist's compare applies the mask to the whole state every edge:
 * the line arrays and tables are most of it, and most of their mask is 0), then the tail. */
void gsys_fix_bits(void* got, const void* exp, const void* fix, size_t n) {
    unsigned char* g = got;
    const unsigned char *e = exp, *m = fix;
    size_t i = 0;
    for (; i + 8u <= n; i += 8u) {
        uint64_t mw, gw, ew;
        memcpy(&mw, m + i, 8u);
        if (mw == 0u)
            continue;
        memcpy(&gw, g + i, 8u);
        memcpy(&ew, e + i, 8u);
        gw = (gw & ~mw) | (ew & mw);
        memcpy(g + i, &gw, 8u);
    }
    for (; i < n; i++)
        g[i] = (unsigned char)((g[i] & ~m[i]) | (e[i] & m[i]));
}
