/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_sys_rtl.c -- the G-TSC units in the shared system's backends (gtsc_sys_rtl.h). Every
 * output of every unit is compared every cycle, named relative to the unit instance (the backend
 * prefixes sm[j].l1, bank[b].l2, ovf). Every bank is one model of one parameter set; its number
 * is its input bank_i (gtsc_proto.c drives it). The state compare of gtsc.md section 14 (the
 * registers of the unit pages' section 3) is not wired yet: the C models have no state struct.
 */
#include "gtsc_sys_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "gtsc_l1_ports.h"
#include "gtsc_l2_ports.h"
#include "gtsc_ovf_ports.h"
#include "tb_common.h"
#include "tb_ports.h"

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

/* ---- the C models --------------------------------------------------------------------------- */

static void* l1_new(const void* pd, char* err, size_t errlen) {
    GSYS_MODEL_NEW(gtsc_l1, gtsc_l1_desc_t, gtsc_desc_t, pd, err, errlen);
}

static void* l2_new(const void* pd, char* err, size_t errlen) {
    GSYS_MODEL_NEW(gtsc_l2, gtsc_l2_desc_t, gtsc_desc_t, pd, err, errlen);
}

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

static void l1_tick(void* m, const void* in, void* out) {
    gtsc_l1_tick(m, in, out);
}
static void l2_tick(void* m, const void* in, void* out) {
    gtsc_l2_tick(m, in, out);
}
static void ovf_tick(void* m, const void* in, void* out) {
    gtsc_ovf_tick(m, in, out);
}

/* ---- RTL parameters ------------------------------------------------------------------------- */

static void l1_pvals(const void* pd, gpucoh_pvals_t* pv) {
    gtsc_pvals_from_desc(&unit_gtsc_l1, pd, pv);
}
static void l2_pvals(const void* pd, gpucoh_pvals_t* pv) {
    gtsc_pvals_from_desc(&unit_gtsc_l2, pd, pv);
}
static void ovf_pvals(const void* pd, gpucoh_pvals_t* pv) {
    gtsc_pvals_from_desc(&unit_gtsc_ovf, pd, pv);
}

/* ---- the slots ------------------------------------------------------------------------------ */

static const gsys_unit_ops_t ops_l1 = {
    .unit = &unit_gtsc_l1,
    .in_size = sizeof(gtsc_l1_in_t),
    .out_size = sizeof(gtsc_l1_out_t),
    .model_new = l1_new,
    .model_tick = l1_tick,
    .pvals = l1_pvals,
    .cmp_out = l1_cmp_out,
};
static const gsys_unit_ops_t ops_l2 = {
    .unit = &unit_gtsc_l2,
    .in_size = sizeof(gtsc_l2_in_t),
    .out_size = sizeof(gtsc_l2_out_t),
    .model_new = l2_new,
    .model_tick = l2_tick,
    .pvals = l2_pvals,
    .cmp_out = l2_cmp_out,
};
static const gsys_unit_ops_t ops_ovf = {
    /* the unit's outputs are its state (tsrst_q); nrst_q is not compared */
    .unit = &unit_gtsc_ovf, .in_size = sizeof(gtsc_ovf_in_t), .out_size = sizeof(gtsc_ovf_out_t),
    .model_new = ovf_new,   .model_tick = ovf_tick,           .pvals = ovf_pvals,
    .cmp_out = ovf_cmp_out,
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
