/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_sys_rtl.c -- the baseline GPU units in the shared system's backends (gpu_sys_rtl.h).
 * Every compare names the field relative to the unit instance; the backend prefixes the
 * instance: sm[j].l1.<field>, sm[j].l1.set[s].way[w].<field>, bank[b].l2.mshr[k].<field>.
 */
#include "gpu_sys_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "gpucoh_bits.h"
#include "gpu_units.h"
#include "gpu_l1_ports.h"
#include "gpu_l2_ports.h"
#include "tb_common.h"
#include "tb_ports.h"

#define LW(d) ((d)->line_bytes / 4u)
#define MW(d) (((d)->line_bytes + 31u) / 32u)
/* P(Name) of the port tables' WORDS rows: the system descriptor d */
#define GPU_PORT_P(name)     GPU_PORT_P_##name
#define GPU_PORT_P_LineBytes d->line_bytes

/* ---- compares ------------------------------------------------------------------------------- */

void gpu_cmp_l1_out(const gpu_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad,
                    const gpu_l1_out_t* e, const gpu_l1_out_t* g) {
#define TB_PORT_PREFIX ""
    GPU_L1_PORTS(TB_PORT_CMP, GPU_PORT_P) /* every output of cmodel/gpu/gpu_l1_ports.h */
#undef TB_PORT_PREFIX
}

static void cmp_l1_line(const gpu_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                        const gpu_l1_line_t* e, const gpu_l1_line_t* g) {
    const uint32_t s = i / d->l1_ways, w = i % d->l1_ways;
    char n[64];
#define L1F(f) tb_cmp_u64(mm, bad, e->f, g->f, "set[%u].way[%u]." #f, (unsigned)s, (unsigned)w)
    L1F(tag);
    L1F(val);
    L1F(pend);
    L1F(stale);
    L1F(acq);
    L1F(wait);
#undef L1F
    if (memcmp(e->dirty, g->dirty, sizeof(uint32_t) * MW(d)) != 0) {
        snprintf(n, sizeof n, "set[%u].way[%u].dirty", (unsigned)s, (unsigned)w);
        tb_cmp_words(mm, bad, e->dirty, g->dirty, MW(d), d->line_bytes, n);
    }
    if (memcmp(e->data, g->data, sizeof(uint32_t) * LW(d)) != 0) { /* name only if reported */
        snprintf(n, sizeof n, "set[%u].way[%u].data", (unsigned)s, (unsigned)w);
        tb_cmp_words(mm, bad, e->data, g->data, LW(d), LW(d) * 32, n);
    }
}

void gpu_cmp_l2_out(const gpu_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad,
                    const gpu_l2_out_t* e, const gpu_l2_out_t* g) {
#define TB_PORT_PREFIX ""
    GPU_L2_PORTS(TB_PORT_CMP, GPU_PORT_P) /* every output of cmodel/gpu/gpu_l2_ports.h */
#undef TB_PORT_PREFIX
}

static void cmp_l2_line(const gpu_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                        const gpu_l2_line_t* e, const gpu_l2_line_t* g) {
    const uint32_t s = i / d->l2_ways, w = i % d->l2_ways;
    char n[64];
    tb_cmp_u64(mm, bad, e->tag, g->tag, "set[%u].way[%u].tag", (unsigned)s, (unsigned)w);
    tb_cmp_u64(mm, bad, e->st, g->st, "set[%u].way[%u].st", (unsigned)s, (unsigned)w);
    if (memcmp(e->data, g->data, sizeof(uint32_t) * LW(d)) != 0) {
        snprintf(n, sizeof n, "set[%u].way[%u].data", (unsigned)s, (unsigned)w);
        tb_cmp_words(mm, bad, e->data, g->data, LW(d), LW(d) * 32, n);
    }
}

static void cmp_mshr(const gpu_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t k,
                     const gpu_l2_mshr_t* e, const gpu_l2_mshr_t* g) {
    char n[64];
    tb_cmp_u64(mm, bad, e->v, g->v, "mshr[%u].v", (unsigned)k);
    tb_cmp_u64(mm, bad, e->line, g->line, "mshr[%u].line", (unsigned)k);
    tb_cmp_u64(mm, bad, e->way, g->way, "mshr[%u].way", (unsigned)k);
    tb_cmp_u64(mm, bad, e->dst, g->dst, "mshr[%u].dst", (unsigned)k);
    if (memcmp(e->wm, g->wm, sizeof(uint32_t) * MW(d)) != 0) {
        snprintf(n, sizeof n, "mshr[%u].wm", (unsigned)k);
        tb_cmp_words(mm, bad, e->wm, g->wm, MW(d), d->line_bytes, n);
    }
}

/* ---- the unit ops --------------------------------------------------------------------------- */

#define FIX GSYS_FIX

/* A full compare (sel_all) whose lines and rr are byte-equal on both sides, as they are but in
 * a run that fails: two memcmps instead of a compare per field of every line. Both readers write
 * every byte of a line they report (the C model memsets it first; the shim writes every field
 * into a buffer calloc'd once, so the padding stays 0), and bytes equal means every field equal:
 * when a byte differs, the compare per line runs and names what differs, as before. A netlist's
 * run (fix) takes the compare per line, which applies the removed-bit mask first. */
#define ALL_EQUAL(e, s, lines, sets)                                                               \
    (memcmp((e).line, (s)->line, (size_t)(lines) * sizeof(e).line[0]) == 0 &&                      \
     memcmp((e).rr, (s)->rr, (size_t)(sets) * sizeof(e).rr[0]) == 0)

#define MODEL_NEW(unit, dtype, pd, err, errlen)                                                    \
    GSYS_MODEL_NEW(unit, dtype, gpu_desc_t, pd, err, errlen)

static void* l1_new(const void* pd, char* err, size_t errlen) {
    MODEL_NEW(gpu_l1, gpu_l1_desc_t, pd, err, errlen);
}
static void* l2_new(const void* pd, char* err, size_t errlen) {
    MODEL_NEW(gpu_l2, gpu_l2_desc_t, pd, err, errlen);
}
/* The system's output slots are one buffer per model, written by its ticks alone. */
static void l1_tick(void* m, const void* in, void* out) {
    gpu_l1_tick_kept(m, in, out);
}
static void l2_tick(void* m, const void* in, void* out) {
    gpu_l2_tick_kept(m, in, out);
}
static void l1_pvals(const void* pd, gpucoh_pvals_t* pv) {
    gpu_pvals_from_desc(&unit_gpu_l1, pd, pv);
}
static void l2_pvals(const void* pd, gpucoh_pvals_t* pv) {
    gpu_pvals_from_desc(&unit_gpu_l2, pd, pv);
}
static void l1_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* e,
                       const void* g) {
    gpu_cmp_l1_out(pd, mm, bad, e, g);
}
static void l2_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* e,
                       const void* g) {
    gpu_cmp_l2_out(pd, mm, bad, e, g);
}

static void l1_select(const void* pd, const void* model, bool full, void* st) {
    (void)pd;
    GSYS_SELECT_TOUCHED(gpu_l1_touched, gpu_l1_state_t, model, full, st);
    gpu_l1_state_t* s = st;
    s->flags_all = !s->sel_all && gpu_l1_flags_touched(model); /* INV: every line's flags */
}

/* One flag vector word: bit b is line w * 32 + b's flag (gpu_l1_state_t). */
#define L1_FLAG_BIT(v, i) (((v)[(i) / 32u] >> ((i) % 32u)) & 1u)

/* An INV's writes (flags_all): val, pend, stale and acq of every line the edge does not name
 * (the named ones are compared whole), under the names the whole-line compare gives them. */
static void l1_cmp_flags(const gpu_desc_t* d, const gpu_l1_state_t* e, gpu_l1_state_t* s,
                         const gpu_l1_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
    const uint32_t lines = d->l1_sets * d->l1_ways;
    uint32_t named[GPU_L1_FLAG_WORDS] = {0};
    for (uint32_t k = 0; k < s->sel_n && k < GPU_SEL_MAX; k++)
        if (s->sel[k] < lines)
            named[s->sel[k] / 32u] |= 1u << (s->sel[k] % 32u);
    if (fx) {
        FIX(s->fval, e->fval, fx->fval);
        FIX(s->fpend, e->fpend, fx->fpend);
        FIX(s->fstale, e->fstale, fx->fstale);
        FIX(s->facq, e->facq, fx->facq);
    }
    for (uint32_t w = 0; w < (lines + 31u) / 32u; w++) {
        const uint32_t live = lines - w * 32u >= 32u ? ~0u : (1u << (lines - w * 32u)) - 1u;
        uint32_t diff = (e->fval[w] ^ s->fval[w]) | (e->fpend[w] ^ s->fpend[w]) |
                        (e->fstale[w] ^ s->fstale[w]) | (e->facq[w] ^ s->facq[w]);
        for (diff &= live & ~named[w]; diff != 0u; diff &= diff - 1u) {
            const uint32_t i = w * 32u + (uint32_t)__builtin_ctz(diff);
            const unsigned x = (unsigned)(i / d->l1_ways), y = (unsigned)(i % d->l1_ways);
#define L1G(v, f)                                                                                  \
    tb_cmp_u64(mm, bad, L1_FLAG_BIT(e->v, i), L1_FLAG_BIT(s->v, i), "set[%u].way[%u]." #f, x, y)
            L1G(fval, val);
            L1G(fpend, pend);
            L1G(fstale, stale);
            L1G(facq, acq);
#undef L1G
        }
    }
}

/* the scalars and the store buffer (always read) */
static void l1_cmp_scalars(const gpu_desc_t* d, const gpu_l1_state_t* e, gpu_l1_state_t* s,
                           const gpu_l1_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
    if (fx) {
        FIX(s->fcnt, e->fcnt, fx->fcnt);
        FIX(s->sbh, e->sbh, fx->sbh);
        FIX(s->sbcnt, e->sbcnt, fx->sbcnt);
        FIX(s->wtp, e->wtp, fx->wtp);
        FIX(s->batch, e->batch, fx->batch);
        FIX(s->fl, e->fl, fx->fl);
        FIX(s->fcur, e->fcur, fx->fcur);
        FIX(s->fwait, e->fwait, fx->fwait);
        FIX(s->fdone, e->fdone, fx->fdone);
        FIX(s->idle, e->idle, fx->idle);
        FIX(s->sb, e->sb, fx->sb);
        FIX(s->rblk, e->rblk, fx->rblk);
        FIX(s->rst, e->rst, fx->rst);
        FIX(s->rsnt, e->rsnt, fx->rsnt);
        FIX(s->bcnt, e->bcnt, fx->bcnt);
        FIX(s->cfv, e->cfv, fx->cfv);
        FIX(s->cfl, e->cfl, fx->cfl);
        FIX(s->csrc, e->csrc, fx->csrc);
    }
#define SF(f) tb_cmp_u64(mm, bad, e->f, s->f, #f)
    SF(fcnt);
    SF(sbh);
    SF(sbcnt);
    SF(wtp);
    SF(batch);
    SF(fl);
    SF(fcur);
    SF(fwait);
    SF(fdone);
    SF(idle);
    SF(rblk); /* Rsp (rsp.md section 4.2): 0 with Rsp = 0 */
    SF(rst);
    SF(rsnt);
    SF(bcnt);
    SF(cfv);
    SF(cfl);
    SF(csrc);
#undef SF
    /* the live entries both sides hold (past its sbcnt, a side's sb[] is not state: a count that
     * differs is the sbcnt mismatch above) */
    const uint32_t n = e->sbcnt < s->sbcnt ? e->sbcnt : s->sbcnt;
    for (uint32_t k = 0; k < n && k < d->sb_entries; k++)
        tb_cmp_u64(mm, bad, e->sb[k], s->sb[k], "sb[%u]", (unsigned)k);
}

static void l1_cmp_state(const void* pd, const void* model, void* st, const void* fix,
                         gpucoh_mismatch_t* mm, uint32_t* bad) {
    const gpu_desc_t* d = pd;
    gpu_l1_state_t* s = st;
    const gpu_l1_state_t* fx = fix;
    static gpu_l1_state_t e; /* the model's state, the same selection, in the shim's layout */
    e.sel_all = s->sel_all;
    e.sel_n = s->sel_n;
    memcpy(e.sel, s->sel, sizeof e.sel);
    e.flags_all = s->flags_all;
    gpu_l1_state_get(model, &e);
    const bool all = s->sel_all;
    const uint32_t lines = d->l1_sets * d->l1_ways;
    if (!all && s->flags_all)
        l1_cmp_flags(d, &e, s, fx, mm, bad);
    const bool lines_done = all && !fx && ALL_EQUAL(e, s, lines, d->l1_sets); /* byte-equal */
    for (uint32_t k = 0; !lines_done && k < (all ? lines : s->sel_n); k++) {
        const uint32_t i = all ? k : s->sel[k], x = i / d->l1_ways;
        if (fx)
            FIX(s->line[i], e.line[i], fx->line[i]);
        cmp_l1_line(d, mm, bad, i, &e.line[i], &s->line[i]);
        if (!all) {
            if (fx)
                FIX(s->rr[x], e.rr[x], fx->rr[x]);
            tb_cmp_u64(mm, bad, e.rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
        }
    }
    for (uint32_t x = 0; all && !lines_done && x < d->l1_sets; x++) {
        if (fx)
            FIX(s->rr[x], e.rr[x], fx->rr[x]);
        tb_cmp_u64(mm, bad, e.rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
    }
    l1_cmp_scalars(d, &e, s, fx, mm, bad);
}

/* The lines and the MSHRs the C model wrote (all of them on a full compare). */
static void l2_select(const void* pd, const void* model, bool full, void* st) {
    (void)pd;
    GSYS_SELECT_TOUCHED(gpu_l2_touched, gpu_l2_state_t, model, full, st);
    gpu_l2_state_t* s = st;
    s->mshr_only = 1u;
    s->mshr_sel = gpu_l2_mshr_touched(model);
}

static void l2_cmp_state(const void* pd, const void* model, void* st, const void* fix,
                         gpucoh_mismatch_t* mm, uint32_t* bad) {
    const gpu_desc_t* d = pd;
    gpu_l2_state_t* s = st;
    const gpu_l2_state_t* fx = fix;
    static gpu_l2_state_t e; /* the model's state, the same selection, in the shim's layout */
    e.sel_all = s->sel_all;
    e.sel_n = s->sel_n;
    memcpy(e.sel, s->sel, sizeof e.sel);
    e.mshr_only = s->mshr_only;
    e.mshr_sel = s->mshr_sel;
    gpu_l2_state_get(model, &e);
    const bool all = s->sel_all;
    const uint32_t lines = d->l2_sets * d->l2_ways;
    const bool lines_done = all && !fx && ALL_EQUAL(e, s, lines, d->l2_sets); /* byte-equal */
    for (uint32_t k = 0; !lines_done && k < (all ? lines : s->sel_n); k++) {
        const uint32_t i = all ? k : s->sel[k], x = i / d->l2_ways;
        if (fx) {
            FIX(s->line[i], e.line[i], fx->line[i]);
            FIX(s->rr[x], e.rr[x], fx->rr[x]);
        }
        cmp_l2_line(d, mm, bad, i, &e.line[i], &s->line[i]);
        tb_cmp_u64(mm, bad, e.rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
    }
    for (uint32_t x = 0; all && !lines_done && x < d->l2_sets; x++) {
        if (fx)
            FIX(s->rr[x], e.rr[x], fx->rr[x]);
        tb_cmp_u64(mm, bad, e.rr[x], s->rr[x], "set[%u].rr", (unsigned)x);
    }
    const uint64_t want = s->mshr_only && !all ? s->mshr_sel : ~(uint64_t)0;
    for (uint64_t w = want & gpucoh_mask64(d->l2_mshrs); w != 0u; w &= w - 1u) { /* set bits */
        const uint32_t k = gpucoh_ctz64(w);
        if (fx)
            FIX(s->mshr[k], e.mshr[k], fx->mshr[k]);
        cmp_mshr(d, mm, bad, k, &e.mshr[k], &s->mshr[k]);
    }
    if (fx) {
        FIX(s->qcnt, e.qcnt, fx->qcnt);
        FIX(s->tbusy, e.tbusy, fx->tbusy);
        FIX(s->town, e.town, fx->town);
        FIX(s->twait, e.twait, fx->twait);
    }
    tb_cmp_u64(mm, bad, e.qcnt, s->qcnt, "qcnt");
    tb_cmp_u64(mm, bad, e.tbusy, s->tbusy, "tbusy"); /* Rsp token (rsp.md section 5.1) */
    tb_cmp_u64(mm, bad, e.town, s->town, "town");
    tb_cmp_u64(mm, bad, e.twait, s->twait, "twait");
}

static const gsys_unit_ops_t ops_l1 = {
    .unit = &unit_gpu_l1,
    .in_size = sizeof(gpu_l1_in_t),
    .out_size = sizeof(gpu_l1_out_t),
    .state_size = sizeof(gpu_l1_state_t),
    .model_new = l1_new,
    .model_tick = l1_tick,
    .pvals = l1_pvals,
    .cmp_out = l1_cmp_out,
    .state_select = l1_select,
    .cmp_state = l1_cmp_state,
};

static const gsys_unit_ops_t ops_l2 = {
    .unit = &unit_gpu_l2,
    .in_size = sizeof(gpu_l2_in_t),
    .out_size = sizeof(gpu_l2_out_t),
    .state_size = sizeof(gpu_l2_state_t),
    .model_new = l2_new,
    .model_tick = l2_tick,
    .pvals = l2_pvals,
    .cmp_out = l2_cmp_out,
    .state_select = l2_select,
    .cmp_state = l2_cmp_state,
};

const gsys_slot_t gpu_slots[GPU_NSLOTS] = {
    [GPU_SLOT_L1] = {&ops_l1, GSYS_AT_SM, "l1", "sm[%u].l1", "sm%u_l1"},
    [GPU_SLOT_L2] = {&ops_l2, GSYS_AT_BANK, "l2", "bank[%u].l2", "bank%u_l2"},
};

int gpu_backend_c(const gpu_desc_t* d, gsys_backend_t* be, char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (gpu_check_desc(d, err, errlen) != 0)
        return -1;
    const gsys_units_t u = {gpu_slots, GPU_NSLOTS, d, sizeof *d, d->num_sm, d->num_banks};
    return gsys_backend_c(&u, be, err, errlen);
}

gpu_l1_t* gpu_backend_c_l1(gsys_backend_t* be, uint32_t j) {
    return gsys_backend_model(be, GPU_SLOT_L1, j);
}

gpu_l2_t* gpu_backend_c_l2(gsys_backend_t* be, uint32_t b) {
    return gsys_backend_model(be, GPU_SLOT_L2, b);
}
