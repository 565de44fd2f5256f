/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_sys_rtl.c -- the G-TSC units in the shared system's backends (gtsc_sys_rtl.h). Every
 * output of every unit is compared every cycle and so is its state (gtsc.md section 14: the
 * registers of the unit pages' section 3, the FIFO by its count), every compare named relative to
 * the unit instance (the backend prefixes sm[j].l1, bank[b].l2, ovf): sm[j].l1.set[s].way[w].rts,
 * bank[b].l2.mshr[k].mwarp, bank[b].l2.mem_ts, ovf.nrst. Every bank is one model of one parameter
 * set; its number is its input bank_i (gtsc_proto.c drives it).
 */
#include "gtsc_sys_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "gtsc_l1_ports.h"
#include "gtsc_l2_ports.h"
#include "gtsc_ovf_ports.h"
#include "tb_common.h"
#include "tb_ports.h"

#define LW(s) ((s)->d.line_bytes / 4u)
#define MW(s) (((s)->d.line_bytes + 31u) / 32u)
/* P(Name) of the port tables' WORDS rows: the system descriptor d */
#define GTSC_PORT_P(name)     GTSC_PORT_P_##name
#define GTSC_PORT_P_LineBytes d->d.line_bytes

/* ---- outputs -------------------------------------------------------------------------------- */

static void l1_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                       const void* vg) {
    const gtsc_sys_desc_t* d = pd;
    const gtsc_l1_out_t *e = ve, *g = vg;
#define TB_PORT_PREFIX ""
    GTSC_L1_PORTS(TB_PORT_CMP, GTSC_PORT_P) /* every output of gtsc_l1_ports.h */
#undef TB_PORT_PREFIX
}

static void l2_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                       const void* vg) {
    const gtsc_sys_desc_t* d = pd;
    const gtsc_l2_out_t *e = ve, *g = vg;
#define TB_PORT_PREFIX ""
    GTSC_L2_PORTS(TB_PORT_CMP, GTSC_PORT_P) /* every output of gtsc_l2_ports.h */
#undef TB_PORT_PREFIX
}

static void ovf_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                        const void* vg) {
    (void)pd;
    const gtsc_ovf_out_t *e = ve, *g = vg;
#define TB_PORT_PREFIX ""
    GTSC_OVF_PORTS(TB_PORT_CMP, GTSC_PORT_P) /* tsrst_o */
#undef TB_PORT_PREFIX
}

/* ---- the L1's state (gtsc_l1.md section 3) -----------------------------------------------------
 */

static void cmp_l1_line(const gtsc_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                        const gtsc_l1_line_t* e, const gtsc_l1_line_t* g) {
    const unsigned x = i / s->d.l1_ways, w = i % s->d.l1_ways;
#define LF(f) tb_cmp_u64(mm, bad, e->f, g->f, "set[%u].way[%u]." #f, x, w)
    LF(tag);
    LF(st);
    LF(wts);
    LF(rts);
#undef LF
    tb_cmp_words_at(mm, bad, e->data, g->data, LW(s), LW(s) * 32u, "set[%u].way[%u].data", x, w);
}

static void cmp_l1_mshr(gpucoh_mismatch_t* mm, uint32_t* bad, unsigned k, const gtsc_l1_mshr_t* e,
                        gtsc_l1_mshr_t* g, const gtsc_l1_mshr_t* fx) {
    if (fx)
        GSYS_FIX(*g, *e, *fx);
#define MF(f) tb_cmp_u64(mm, bad, e->f, g->f, "mshr[%u]." #f, k)
    MF(mv);
    MF(mk);
    MF(mline);
    MF(mhw);
    MF(mway);
    MF(mwait);
    MF(mwf);
    MF(mst);
#undef MF
}

/* the per-warp registers, the scalars and the MSHRs (always read) */
static void cmp_l1_rest(const gtsc_sys_desc_t* s, const gtsc_l1_state_t* e, gtsc_l1_state_t* g,
                        const gtsc_l1_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
    GSYS_CMPF(fx, g, e, ep, "ep");
    GSYS_CMPF(fx, g, e, fcnt, "fcnt");
    for (unsigned w = 0; w < s->d.num_wf; w++) {
        GSYS_CMPF(fx, g, e, warp_ts[w], "warp_ts[%u]", w);
        GSYS_CMPF(fx, g, e, wcnt[w], "wcnt[%u]", w);
        GSYS_CMPF(fx, g, e, spin[w], "spin[%u]", w);
    }
    for (unsigned k = 0; k < s->d.l1_mshrs; k++)
        cmp_l1_mshr(mm, bad, k, &e->mshr[k], &g->mshr[k], fx ? &fx->mshr[k] : NULL);
}

void gtsc_cmp_l1_state(const gtsc_sys_desc_t* s, const gtsc_l1_state_t* e, gtsc_l1_state_t* g,
                       const gtsc_l1_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
    const bool all = g->sel_all;
    const uint32_t ways = s->d.l1_ways, lines = s->d.l1_sets * ways;
    for (uint32_t k = 0; k < (all ? lines : g->sel_n); k++) {
        const uint32_t i = all ? k : g->sel[k], x = i / ways;
        if (fx)
            GSYS_FIX(g->line[i], e->line[i], fx->line[i]);
        cmp_l1_line(s, mm, bad, i, &e->line[i], &g->line[i]);
        if (!all || i % ways == 0u)
            GSYS_CMPF(fx, g, e, rr[x], "set[%u].rr", (unsigned)x);
    }
    cmp_l1_rest(s, e, g, fx, mm, bad);
}

/* ---- the bank's state (gtsc_l2.md section 3) ---------------------------------------------------
 */

static void cmp_l2_line(const gtsc_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                        const gtsc_l2_line_t* e, const gtsc_l2_line_t* g) {
    const unsigned x = i / s->d.l2_ways, w = i % s->d.l2_ways;
#define LF(f) tb_cmp_u64(mm, bad, e->f, g->f, "set[%u].way[%u]." #f, x, w)
    LF(tag);
    LF(st);
    LF(wts);
    LF(rts);
#undef LF
    tb_cmp_words_at(mm, bad, e->data, g->data, LW(s), LW(s) * 32u, "set[%u].way[%u].data", x, w);
}

static void cmp_l2_mshr(const gtsc_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad, unsigned k,
                        const gtsc_l2_mshr_t* e, gtsc_l2_mshr_t* g, const gtsc_l2_mshr_t* fx) {
    if (fx)
        GSYS_FIX(*g, *e, *fx);
#define MF(f) tb_cmp_u64(mm, bad, e->f, g->f, "mshr[%u]." #f, k)
    MF(mv);
    MF(mrdy);
    MF(mline);
    MF(mway);
    MF(mkind);
    MF(msrc);
    MF(mwf);
    MF(mwts);
    MF(mwarp);
    MF(mep);
    MF(maop);
    MF(mword);
    MF(ma);
    MF(mb);
#undef MF
    tb_cmp_words_at(mm, bad, e->mdata, g->mdata, LW(s), LW(s) * 32u, "mshr[%u].mdata", k, 0u);
    tb_cmp_words_at(mm, bad, e->mmask, g->mmask, MW(s), s->d.line_bytes, "mshr[%u].mmask", k, 0u);
}

void gtsc_cmp_l2_state(const gtsc_sys_desc_t* s, const gtsc_l2_state_t* e, gtsc_l2_state_t* g,
                       const gtsc_l2_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
    const bool all = g->sel_all;
    const uint32_t ways = s->d.l2_ways, lines = s->d.l2_sets * ways;
    for (uint32_t k = 0; k < (all ? lines : g->sel_n); k++) {
        const uint32_t i = all ? k : g->sel[k], x = i / ways;
        if (fx)
            GSYS_FIX(g->line[i], e->line[i], fx->line[i]);
        cmp_l2_line(s, mm, bad, i, &e->line[i], &g->line[i]);
        if (!all || i % ways == 0u)
            GSYS_CMPF(fx, g, e, rr[x], "set[%u].rr", (unsigned)x);
    }
    GSYS_CMPF(fx, g, e, mem_ts, "mem_ts");
    GSYS_CMPF(fx, g, e, ep, "ep");
    GSYS_CMPF(fx, g, e, ovf, "ovf");
    GSYS_CMPF(fx, g, e, fcnt, "fcnt");
    for (unsigned k = 0; k < s->d.l2_mshrs; k++)
        cmp_l2_mshr(s, mm, bad, k, &e->mshr[k], &g->mshr[k], fx ? &fx->mshr[k] : NULL);
}

/* ---- the overflow unit's state (gtsc.md section 7.4) -------------------------------------------
 */

void gtsc_cmp_ovf_state(const gtsc_ovf_state_t* e, gtsc_ovf_state_t* g, const gtsc_ovf_state_t* fx,
                        gpucoh_mismatch_t* mm, uint32_t* bad) {
    GSYS_CMPF(fx, g, e, tsrst, "tsrst");
    GSYS_CMPF(fx, g, e, nrst, "nrst");
}

/* ---- the C models -----------------------------------------------------------------------------
 */

static void* ovf_new(const void* pd, char* err, size_t errlen) {
    gtsc_ovf_t* m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "gtsc_ovf: out of memory");
        return NULL;
    }
    if (gtsc_ovf_init(m, ((const gtsc_sys_desc_t*)pd)->d.num_banks, err, errlen) != 0) {
        free(m);
        return NULL;
    }
    return m;
}

static void ovf_tick(void* m, const void* in, void* out) {
    gtsc_ovf_tick(m, in, out);
}

/* ---- RTL parameters ------------------------------------------------------------------------- */

static void ovf_pvals(const void* pd, gpucoh_pvals_t* pv) {
    gtsc_pvals_from_desc(&unit_gtsc_ovf, pd, pv);
}

/* ---- the slots ------------------------------------------------------------------------------ */

/* The L1's and the bank's ops; their state: the lines the C model wrote this cycle
 * (gtsc_l1_touched, gtsc_l2_touched), every line on the full-state cycles (full_every) and after a
 * reset or a timestamp reset; the MSHRs, per-warp registers, FIFO counts and scalars every cycle
 * (gtsc_l1.md / gtsc_l2.md section 3). */
GSYS_UNIT_OPS(gtsc, l1, gtsc_desc_t); /* pd starts with its d */
GSYS_UNIT_OPS(gtsc, l2, gtsc_desc_t);

/* The overflow unit's state: its two registers, every cycle. */
static void ovf_select(const void* pd, const void* model, bool full, void* st) {
    (void)pd, (void)model, (void)full, (void)st;
}
static void ovf_cmp_state(const void* pd, const void* model, void* st, const void* fix,
                          gpucoh_mismatch_t* mm, uint32_t* bad) {
    (void)pd;
    gtsc_ovf_state_t e;
    gtsc_ovf_state_get(model, &e);
    gtsc_cmp_ovf_state(&e, st, fix, mm, bad);
}
static const gsys_unit_ops_t ops_ovf = {
    .unit = &unit_gtsc_ovf,
    .in_size = sizeof(gtsc_ovf_in_t),
    .out_size = sizeof(gtsc_ovf_out_t),
    .state_size = sizeof(gtsc_ovf_state_t),
    .model_new = ovf_new,
    .model_tick = ovf_tick,
    .pvals = ovf_pvals,
    .cmp_out = ovf_cmp_out,
    .state_select = ovf_select,
    .cmp_state = ovf_cmp_state,
};

const gsys_slot_t gtsc_slots[GTSC_NSLOTS] = {
    [GTSC_SLOT_L1] = {&ops_l1, GSYS_AT_SM, "l1", "sm[%u].l1", "sm%u_l1"},
    [GTSC_SLOT_L2] = {&ops_l2, GSYS_AT_BANK, "l2", "bank[%u].l2", "bank%u_l2"},
    [GTSC_SLOT_OVF] = {&ops_ovf, GSYS_GLOBAL, "ovf", "ovf", "ovf"},
};

int gtsc_backend_c(const gtsc_sys_desc_t* s, gsys_backend_t* be, char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (gtsc_sys_check(s, err, errlen) != 0)
        return -1;
    const gsys_units_t u = {gtsc_slots, GTSC_NSLOTS, s, sizeof *s, s->d.num_sm, s->d.num_banks};
    return gsys_backend_c(&u, be, err, errlen);
}

gtsc_l1_t* gtsc_backend_c_l1(const gsys_backend_t* be, uint32_t j) {
    return gsys_backend_model(be, GTSC_SLOT_L1, j);
}

gtsc_l2_t* gtsc_backend_c_l2(const gsys_backend_t* be, uint32_t b) {
    return gsys_backend_model(be, GTSC_SLOT_L2, b);
}

gtsc_ovf_t* gtsc_backend_c_ovf(const gsys_backend_t* be) {
    return gsys_backend_model(be, GTSC_SLOT_OVF, 0);
}
