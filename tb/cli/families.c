/* SPDX-License-Identifier: Apache-2.0 */
/*
 * families.c -- the engine's view of a unit's family system (tb/engine/mutants.h, "the unit's
 * family system"): the registered protocols (tb/cli/protocols.c) and their system lockstep
 * (tb/sys/sys_cli.c) behind an opaque handle, so that tb/engine includes nothing from tb/sys
 * (docs/framework.md, "Layers").
 */
#include "gsys.h"
#include "mutants.h"
#include "sys_cli.h"

_Static_assert((int)GPUCOH_FAMILY_MAX_SLOTS == (int)GSYS_MAX_SLOTS,
               "mutants.h: the system's slot bound");

const void* gpucoh_family_find(const char* family) {
    return gsys_proto_find(family);
}

const char* gpucoh_family_name(const void* fam) {
    return ((const gsys_proto_t*)fam)->name;
}

uint32_t gpucoh_family_nslots(const void* fam) {
    return ((const gsys_proto_t*)fam)->nslots;
}

const char* gpucoh_family_slot(const void* fam, uint32_t k, const gpucoh_unit_t** unit) {
    const gsys_slot_t* s = &((const gsys_proto_t*)fam)->slots[k];
    if (unit)
        *unit = s->ops->unit;
    return s->name;
}

int gpucoh_family_params_ok(const void* fam, const char* const* params, int nparams, char* why,
                            size_t wn) {
    return sys_cli_params_ok(fam, params, nparams, why, wn);
}

int gpucoh_family_mutant(const void* fam, const char* rtl_dir, uint64_t cycles, uint64_t seed,
                         bool steer, uint32_t netlist, const char* const* params, int nparams,
                         gpucoh_sys_mutant_t* r, char* why, size_t wn) {
    return sys_cli_mutant(fam, rtl_dir, cycles, seed, steer, netlist, params, nparams, r, why, wn);
}
