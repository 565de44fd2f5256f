/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_sys_rtl.c -- the DeNovo units in the shared system's backends (denovo_sys_rtl.h). Every
 * compare names the field relative to the unit instance; the backend prefixes the instance:
 * sm[j].l1.<field>, sm[j].l1.set[s].way[w].<field>, bank[b].l2.mshr[k].<field>.
 */
#include "denovo_sys_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "denovo_l1_ports.h"
#include "denovo_l2_ports.h"
#include "tb_common.h"
#include "tb_ports.h"

#define LW(s) ((s)->d.line_bytes / 4u)
#define MW(s) (((s)->d.line_bytes + 31u) / 32u)
/* P(Name) of the port tables' WORDS rows: the system descriptor d */
#define DENOVO_PORT_P(name)     DENOVO_PORT_P_##name
#define DENOVO_PORT_P_LineBytes d->d.line_bytes

/* ---- outputs -------------------------------------------------------------------------------- */

void denovo_cmp_l1_out(const denovo_sys_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad,
                       const denovo_l1_out_t* e, const denovo_l1_out_t* g) {
#define TB_PORT_PREFIX ""
    DENOVO_L1_PORTS(TB_PORT_CMP, DENOVO_PORT_P) /* every output of denovo_l1_ports.h */
#undef TB_PORT_PREFIX
}

void denovo_cmp_l2_out(const denovo_sys_desc_t* d, gpucoh_mismatch_t* mm, uint32_t* bad,
                       const denovo_l2_out_t* e, const denovo_l2_out_t* g) {
#define TB_PORT_PREFIX ""
    DENOVO_L2_PORTS(TB_PORT_CMP, DENOVO_PORT_P) /* every output of denovo_l2_ports.h */
#undef TB_PORT_PREFIX
}

/* ---- the L1's state (denovo_l1.md section 3) ------------------------------------------------- */

static void cmp_l1_line(const denovo_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad,
                        uint32_t i, const denovo_l1_line_t* e, const denovo_l1_line_t* g) {
    const unsigned x = i / s->d.l1_ways, w = i % s->d.l1_ways;
    tb_cmp_u64(mm, bad, e->tag, g->tag, "set[%u].way[%u].tag", x, w);
    tb_cmp_u64(mm, bad, e->st, g->st, "set[%u].way[%u].st", x, w);
    tb_cmp_words_at(mm, bad, e->dirty, g->dirty, MW(s), s->d.line_bytes, "set[%u].way[%u].dirty", x,
                    w);
    tb_cmp_words_at(mm, bad, e->data, g->data, LW(s), LW(s) * 32u, "set[%u].way[%u].data", x, w);
}

static void cmp_l1_mshr(const denovo_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad,
                        unsigned k, const denovo_l1_mshr_t* e, denovo_l1_mshr_t* g,
                        const denovo_l1_mshr_t* fx) {
    if (fx)
        GSYS_FIX(*g, *e, *fx);
#define MF(f) tb_cmp_u64(mm, bad, e->f, g->f, "mshr[%u]." #f, k)
    MF(mv);
    MF(midx);
    MF(want);
    MF(got);
    MF(wait);
    MF(stale);
    MF(ro);
    MF(sync);
    MF(hdr);
    MF(dack);
    MF(fqv);
    MF(hold);
#undef MF
    if (memcmp(e->fqd, g->fqd, LW(s) * sizeof(uint32_t)) == 0) /* the common case */
        return;
    for (unsigned w = 0; w < LW(s); w++)
        tb_cmp_u64(mm, bad, e->fqd[w], g->fqd[w], "mshr[%u].fqd[%u]", k, w);
}

static void cmp_l1_wb(const denovo_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad, unsigned j,
                      const denovo_l1_wb_t* e, denovo_l1_wb_t* g, const denovo_l1_wb_t* fx) {
    if (fx)
        GSYS_FIX(*g, *e, *fx);
    tb_cmp_u64(mm, bad, e->v, g->v, "wb[%u].v", j);
    tb_cmp_u64(mm, bad, e->line, g->line, "wb[%u].line", j);
    tb_cmp_u64(mm, bad, e->mask, g->mask, "wb[%u].mask", j);
    tb_cmp_words_at(mm, bad, e->data, g->data, LW(s), LW(s) * 32u, "wb[%u].data", j, 0u);
}

/* the scalars, the store buffer, the MSHRs and the write-back buffer (always read) */
static void cmp_l1_rest(const denovo_sys_desc_t* s, const denovo_l1_state_t* e,
                        denovo_l1_state_t* g, const denovo_l1_state_t* fx, gpucoh_mismatch_t* mm,
                        uint32_t* bad) {
    GSYS_CMPF(fx, g, e, fcnt, "fcnt");
    GSYS_CMPF(fx, g, e, sbh, "sbh");
    GSYS_CMPF(fx, g, e, sbcnt, "sbcnt");
    GSYS_CMPF(fx, g, e, batch, "batch");
    GSYS_CMPF(fx, g, e, fl, "fl");
    GSYS_CMPF(fx, g, e, fcur, "fcur");
    GSYS_CMPF(fx, g, e, fwait, "fwait");
    GSYS_CMPF(fx, g, e, fdone, "fdone");
    GSYS_CMPF(fx, g, e, idle, "idle");
    GSYS_CMPF(fx, g, e, rdy, "rdy");
    for (unsigned k = 0; k < e->sbcnt && k < s->d.sb_entries; k++)
        GSYS_CMPF(fx, g, e, sb[k], "sb[%u]", k);
    for (unsigned k = 0; k < s->d.mshrs; k++)
        cmp_l1_mshr(s, mm, bad, k, &e->mshr[k], &g->mshr[k], fx ? &fx->mshr[k] : NULL);
    for (unsigned j = 0; j < s->d.wb_entries; j++)
        cmp_l1_wb(s, mm, bad, j, &e->wb[j], &g->wb[j], fx ? &fx->wb[j] : NULL);
}

void denovo_cmp_l1_state(const denovo_sys_desc_t* s, const denovo_l1_state_t* e,
                         denovo_l1_state_t* g, const denovo_l1_state_t* fx, gpucoh_mismatch_t* mm,
                         uint32_t* bad) {
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

/* ---- the registry's state (denovo_l2.md section 3) ------------------------------------------- */

static void cmp_l2_line(const denovo_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad,
                        uint32_t i, const denovo_l2_line_t* e, const denovo_l2_line_t* g) {
    const unsigned x = i / s->d.l2_ways, w = i % s->d.l2_ways;
    tb_cmp_u64(mm, bad, e->tag, g->tag, "set[%u].way[%u].tag", x, w);
    tb_cmp_u64(mm, bad, e->st, g->st, "set[%u].way[%u].st", x, w);
    tb_cmp_u64(mm, bad, e->reg, g->reg, "set[%u].way[%u].reg", x, w);
    tb_cmp_u64(mm, bad, e->busy, g->busy, "set[%u].way[%u].busy", x, w);
    tb_cmp_u64(mm, bad, e->rc, g->rc, "set[%u].way[%u].rc", x, w);
    tb_cmp_words_at(mm, bad, e->data, g->data, LW(s), LW(s) * 32u, "set[%u].way[%u].data", x, w);
}

void denovo_cmp_l2_state(const denovo_sys_desc_t* s, const denovo_l2_state_t* e,
                         denovo_l2_state_t* g, const denovo_l2_state_t* fx, gpucoh_mismatch_t* mm,
                         uint32_t* bad) {
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
    for (unsigned k = 0; k < s->d.l2_mshrs; k++) {
        if (fx)
            GSYS_FIX(g->mshr[k], e->mshr[k], fx->mshr[k]);
        tb_cmp_u64(mm, bad, e->mshr[k].v, g->mshr[k].v, "mshr[%u].v", k);
        tb_cmp_u64(mm, bad, e->mshr[k].line, g->mshr[k].line, "mshr[%u].line", k);
        tb_cmp_u64(mm, bad, e->mshr[k].way, g->mshr[k].way, "mshr[%u].way", k);
        tb_cmp_u64(mm, bad, e->mshr[k].dst, g->mshr[k].dst, "mshr[%u].dst", k);
    }
    GSYS_CMPF(fx, g, e, qcnt, "qcnt");
    GSYS_CMPF(fx, g, e, wcnt, "wcnt");
}

/* ---- the unit ops --------------------------------------------------------------------------- */

static void l1_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* e,
                       const void* g) {
    denovo_cmp_l1_out(pd, mm, bad, e, g);
}
static void l2_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* e,
                       const void* g) {
    denovo_cmp_l2_out(pd, mm, bad, e, g);
}

/* The units' ops; their state: the lines the C model wrote this cycle (denovo_l1_touched,
 * denovo_l2_touched), every line on the full-state cycles (full_every) and after a reset; the
 * MSHRs, write-back buffer, FIFOs and scalars every cycle (denovo_l1.md / denovo_l2.md section 3).
 */
GSYS_UNIT_OPS(denovo, l1, denovo_desc_t); /* pd starts with its d */
GSYS_UNIT_OPS(denovo, l2, denovo_desc_t);

const gsys_slot_t denovo_slots[DENOVO_NSLOTS] = {
    [DENOVO_SLOT_L1] = {&ops_l1, GSYS_AT_SM, "l1", "sm[%u].l1", "sm%u_l1"},
    [DENOVO_SLOT_L2] = {&ops_l2, GSYS_AT_BANK, "l2", "bank[%u].l2", "bank%u_l2"},
};

int denovo_backend_c(const denovo_sys_desc_t* s, gsys_backend_t* be, char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (denovo_sys_check(s, err, errlen) != 0)
        return -1;
    const gsys_units_t u = {denovo_slots, DENOVO_NSLOTS, s, sizeof *s, s->d.num_sm, s->d.num_banks};
    return gsys_backend_c(&u, be, err, errlen);
}

denovo_l1_t* denovo_backend_c_l1(const gsys_backend_t* be, uint32_t j) {
    return gsys_backend_model(be, DENOVO_SLOT_L1, j);
}

denovo_l2_t* denovo_backend_c_l2(const gsys_backend_t* be, uint32_t b) {
    return gsys_backend_model(be, DENOVO_SLOT_L2, b);
}
