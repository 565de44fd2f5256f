/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_sys_rtl.c -- the hLRC units in the shared system's backends (hlrc_sys_rtl.h). Every
 * compare names the field relative to the unit instance; the backend prefixes the instance:
 * sm[j].l1.<field>, sm[j].l1.set[s].way[w].<field>, bank[b].l2.mshr[k].<field>. What is compared
 * when: docs/units/hlrc/hlrc.md section 11.
 */
#include "hlrc_sys_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "hlrc_l1_ports.h"
#include "hlrc_l2_ports.h"
#include "tb_common.h"
#include "tb_ports.h"

#define LW(s) ((s)->d.line_bytes / 4u)
#define MW(s) (((s)->d.line_bytes + 31u) / 32u)
/* P(Name) of the port tables' WORDS rows: the system descriptor d */
#define HLRC_PORT_P(name)     HLRC_PORT_P_##name
#define HLRC_PORT_P_LineBytes d->d.line_bytes

/* ---- outputs -------------------------------------------------------------------------------- */

static void l1_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                       const void* vg) {
    const hlrc_sys_desc_t* d = pd;
    const hlrc_l1_out_t *e = ve, *g = vg;
#define TB_PORT_PREFIX ""
    HLRC_L1_PORTS(TB_PORT_CMP, HLRC_PORT_P) /* every output of hlrc_l1_ports.h */
#undef TB_PORT_PREFIX
}

static void l2_cmp_out(const void* pd, gpucoh_mismatch_t* mm, uint32_t* bad, const void* ve,
                       const void* vg) {
    const hlrc_sys_desc_t* d = pd;
    const hlrc_l2_out_t *e = ve, *g = vg;
#define TB_PORT_PREFIX ""
    HLRC_L2_PORTS(TB_PORT_CMP, HLRC_PORT_P) /* every output of hlrc_l2_ports.h */
#undef TB_PORT_PREFIX
}

/* ---- the L1's state (hlrc_l1.md section 3) --------------------------------------------------- */

static void cmp_l1_line(const hlrc_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                        const hlrc_l1_line_t* e, const hlrc_l1_line_t* g) {
    const unsigned x = i / s->d.l1_ways, w = i % s->d.l1_ways;
#define LF(f) tb_cmp_u64(mm, bad, e->f, g->f, "set[%u].way[%u]." #f, x, w)
    LF(tag);
    LF(st);
    LF(fresh);
    LF(pend);
    LF(stale);
    LF(wait);
    LF(age);
#undef LF
    tb_cmp_words_at(mm, bad, e->dirty, g->dirty, MW(s), s->d.line_bytes, "set[%u].way[%u].dirty", x,
                    w);
    tb_cmp_words_at(mm, bad, e->data, g->data, LW(s), LW(s) * 32u, "set[%u].way[%u].data", x, w);
}

/* the scalars and the two rings (always read) */
static void cmp_l1_rest(const hlrc_sys_desc_t* s, const hlrc_l1_state_t* e, hlrc_l1_state_t* g,
                        const hlrc_l1_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
#define SF(f) GSYS_CMPF(fx, g, e, f, #f)
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
    SF(rgv);
    SF(rgi);
    SF(agv);
    SF(hph);
    SF(evs);
    SF(evi);
    SF(evl);
    SF(rvh);
    SF(rvcnt);
#undef SF
    for (unsigned k = 0; k < e->sbcnt && k < s->d.sb_entries; k++)
        GSYS_CMPF(fx, g, e, sb[k], "sb[%u]", k);
    for (unsigned k = 0; k < e->rvcnt && k < s->d.num_banks; k++) {
        GSYS_CMPF(fx, g, e, rvl[k], "rvl[%u]", k);
        GSYS_CMPF(fx, g, e, rvp[k], "rvp[%u]", k);
    }
}

void hlrc_cmp_l1_state(const hlrc_sys_desc_t* s, const hlrc_l1_state_t* e, hlrc_l1_state_t* g,
                       const hlrc_l1_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
    const bool all = g->sel_all;
    const uint32_t lines = s->d.l1_sets * s->d.l1_ways;
    for (uint32_t k = 0; k < (all ? lines : g->sel_n); k++) {
        const uint32_t i = all ? k : g->sel[k];
        if (fx)
            GSYS_FIX(g->line[i], e->line[i], fx->line[i]);
        cmp_l1_line(s, mm, bad, i, &e->line[i], &g->line[i]);
    }
    cmp_l1_rest(s, e, g, fx, mm, bad);
}

/* ---- the bank's state (hlrc_l2.md section 3) --------------------------------------------------
 */

static void cmp_l2_line(const hlrc_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad, uint32_t i,
                        const hlrc_l2_line_t* e, const hlrc_l2_line_t* g) {
    const unsigned x = i / s->d.l2_ways, w = i % s->d.l2_ways;
#define LF(f) tb_cmp_u64(mm, bad, e->f, g->f, "set[%u].way[%u]." #f, x, w)
    LF(tag);
    LF(st);
    LF(reg);
    LF(own);
    LF(age);
#undef LF
    tb_cmp_words_at(mm, bad, e->data, g->data, LW(s), LW(s) * 32u, "set[%u].way[%u].data", x, w);
}

static void cmp_l2_mshr(const hlrc_sys_desc_t* s, gpucoh_mismatch_t* mm, uint32_t* bad, unsigned k,
                        const hlrc_l2_mshr_t* e, hlrc_l2_mshr_t* g, const hlrc_l2_mshr_t* fx) {
    if (fx)
        GSYS_FIX(*g, *e, *fx);
    tb_cmp_u64(mm, bad, e->v, g->v, "mshr[%u].v", k);
    tb_cmp_u64(mm, bad, e->line, g->line, "mshr[%u].line", k);
    tb_cmp_u64(mm, bad, e->way, g->way, "mshr[%u].way", k);
    tb_cmp_u64(mm, bad, e->dst, g->dst, "mshr[%u].dst", k);
    if (memcmp(e->wm, g->wm, sizeof(uint32_t) * MW(s)) != 0) {
        char name[32]; /* named only if reported */
        snprintf(name, sizeof name, "mshr[%u].wm", k);
        tb_cmp_words(mm, bad, e->wm, g->wm, MW(s), s->d.line_bytes, name);
    }
}

void hlrc_cmp_l2_state(const hlrc_sys_desc_t* s, const hlrc_l2_state_t* e, hlrc_l2_state_t* g,
                       const hlrc_l2_state_t* fx, gpucoh_mismatch_t* mm, uint32_t* bad) {
    const bool all = g->sel_all;
    const uint32_t lines = s->d.l2_sets * s->d.l2_ways;
    for (uint32_t k = 0; k < (all ? lines : g->sel_n); k++) {
        const uint32_t i = all ? k : g->sel[k];
        if (fx)
            GSYS_FIX(g->line[i], e->line[i], fx->line[i]);
        cmp_l2_line(s, mm, bad, i, &e->line[i], &g->line[i]);
    }
    for (unsigned k = 0; k < s->d.l2_mshrs; k++)
        cmp_l2_mshr(s, mm, bad, k, &e->mshr[k], &g->mshr[k], fx ? &fx->mshr[k] : NULL);
#define SF(f) GSYS_CMPF(fx, g, e, f, #f)
    SF(qcnt);
    SF(scnt);
    SF(wcnt);
    SF(rvv);
    SF(rvw);
    SF(rvl);
    SF(rvo);
    SF(qpri);
#undef SF
}

/* ---- the unit ops --------------------------------------------------------------------------- */

/* The units' ops; their state: the lines the C model wrote this cycle (hlrc_l1_touched,
 * hlrc_l2_touched), every line on the full-state cycles (full_every) and after a reset; the rest
 * every cycle. */
GSYS_UNIT_OPS(hlrc, l1, hlrc_desc_t); /* pd starts with its d */
GSYS_UNIT_OPS(hlrc, l2, hlrc_desc_t);

const gsys_slot_t hlrc_slots[HLRC_NSLOTS] = {
    [HLRC_SLOT_L1] = {&ops_l1, GSYS_AT_SM, "l1", "sm[%u].l1", "sm%u_l1"},
    [HLRC_SLOT_L2] = {&ops_l2, GSYS_AT_BANK, "l2", "bank[%u].l2", "bank%u_l2"},
};

int hlrc_backend_c(const hlrc_sys_desc_t* s, gsys_backend_t* be, char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (hlrc_sys_check(s, err, errlen) != 0)
        return -1;
    const gsys_units_t u = {hlrc_slots, HLRC_NSLOTS, s, sizeof *s, s->d.num_sm, s->d.num_banks};
    return gsys_backend_c(&u, be, err, errlen);
}

hlrc_l1_t* hlrc_backend_c_l1(const gsys_backend_t* be, uint32_t j) {
    return gsys_backend_model(be, HLRC_SLOT_L1, j);
}

hlrc_l2_t* hlrc_backend_c_l2(const gsys_backend_t* be, uint32_t b) {
    return gsys_backend_model(be, HLRC_SLOT_L2, b);
}
