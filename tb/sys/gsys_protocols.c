/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gsys_protocols.c -- helpers over a registered protocol's descriptor: its C models' coverage
 * and protocol errors, its counters, the geometry, variant and backends of a configuration. The
 * registry itself (which protocols exist) is the top folder's: tb/cli/protocols.c
 * (docs/framework.md, "Layers").
 */
#include <string.h>

#include "gsys.h"

uint64_t gsys_cov_collect(const gsys_proto_t* p, const void* pd, const gsys_backend_t* cbe,
                          void* cov) {
    gsys_geom_t g;
    p->geometry(pd, &g);
    uint64_t errors = 0;
    for (uint32_t k = 0; k < p->nslots; k++) {
        const gsys_place_t pl = p->slots[k].place;
        const uint32_t n = pl == GSYS_AT_SM ? g.num_sm : pl == GSYS_AT_BANK ? g.num_banks : 1;
        for (uint32_t i = 0; i < n; i++) {
            const void* m = gsys_backend_model(cbe, k, i);
            if (!m)
                continue;
            if (p->cov_add)
                p->cov_add(cov, k, m);
            if (p->model_errors && (k == p->sm_slot || k == p->bank_slot))
                errors += p->model_errors(k, m);
        }
    }
    return errors;
}

const char* gsys_ctr_name(uint32_t k) {
    static const char* const nm[GSYS_CTR_N] = {
        [GSYS_CTR_L1_INVALIDATIONS] = "l1_invalidations",
        [GSYS_CTR_SB_FLUSHES] = "store_buffer_flushes",
        [GSYS_CTR_L1_STALL_CYCLES] = "l1_stall_cycles",
        [GSYS_CTR_L1_LOAD_HITS] = "l1_load_hits",
        [GSYS_CTR_L1_LOAD_MISSES] = "l1_load_misses",
        [GSYS_CTR_L2_STALL_CYCLES] = "l2_stall_cycles",
        [GSYS_CTR_L1_INV_EVENTS] = "l1_inv_events",
        [GSYS_CTR_L1_LEASE_MISSES] = "l1_lease_misses",
    };
    return k < GSYS_CTR_N ? nm[k] : NULL;
}

bool gsys_counters_collect(const gsys_proto_t* p, const void* pd, const gsys_backend_t* cbe,
                           gsys_counters_t* c) {
    memset(c, 0, sizeof *c);
    if (!p->counters || !cbe)
        return false;
    c->npv = p->ctr_names && p->nctr <= GSYS_MAX_PCTR ? p->nctr : 0;
    c->pnames = p->ctr_names;
    gsys_geom_t g;
    p->geometry(pd, &g);
    bool any = false;
    for (uint32_t k = 0; k < p->nslots; k++) {
        const gsys_place_t pl = p->slots[k].place;
        const uint32_t n = pl == GSYS_AT_SM ? g.num_sm : pl == GSYS_AT_BANK ? g.num_banks : 1;
        for (uint32_t i = 0; i < n; i++) {
            const void* m = gsys_backend_model(cbe, k, i);
            if (!m)
                continue;
            p->counters(pd, k, m, c);
            any = true;
        }
    }
    return any;
}

void gsys_geometry(const gsys_cfg_t* c, gsys_geom_t* g) {
    c->proto->geometry(gsys_pdc(c), g);
}

const char* gsys_variant_name(const gsys_cfg_t* c) {
    return c->proto->variants[c->proto->variant_of(gsys_pdc(c))].name;
}

bool gsys_variant_takes_rm(const gsys_cfg_t* c) {
    return (c->proto->variants[c->proto->variant_of(gsys_pdc(c))].scopes >> GSYS_SCOPE_RM) & 1u;
}

void gsys_units(const gsys_cfg_t* c, gsys_units_t* u) {
    gsys_geom_t g;
    gsys_geometry(c, &g);
    u->slots = c->proto->slots;
    u->nslots = c->proto->nslots;
    u->pd = gsys_pdc(c);
    u->pd_size = c->proto->pd_size;
    u->num_sm = g.num_sm;
    u->num_banks = g.num_banks;
}

int gsys_backend_c_cfg(const gsys_cfg_t* c, gsys_backend_t* be, char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (c->proto->check && c->proto->check(gsys_pdc(c), err, errlen) != 0)
        return -1;
    gsys_units_t u;
    gsys_units(c, &u);
    return gsys_backend_c(&u, be, err, errlen);
}

int gsys_backend_rtl_cfg(const gsys_cfg_t* c, const gsys_rtl_cfg_t* rc, gsys_backend_t* be,
                         char* err, size_t errlen) {
    memset(be, 0, sizeof *be);
    if (c->proto->check && c->proto->check(gsys_pdc(c), err, errlen) != 0)
        return -1;
    gsys_units_t u;
    gsys_units(c, &u);
    gsys_rtl_cfg_t r = *rc;
    r.illegal = r.illegal || c->core_illegal_per_mille > 0 || c->bank_illegal_per_mille > 0 ||
                c->peer_illegal_per_mille > 0;
    return gsys_backend_rtl(&u, &r, be, err, errlen);
}
