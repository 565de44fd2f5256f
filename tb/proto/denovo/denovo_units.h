/* SPDX-License-Identifier: Apache-2.0 */
/*
 * denovo_units.h -- catalogue entries of the DeNovo units (denovo_l1, the denovo_l2 registry bank:
 * DeNovo-D, DeNovo-D+RO, DeNovo-H; docs/units/denovo/) and the system's descriptor: the C models'
 * denovo_desc_t plus the read-only region (denovo.md D11: "RoBase / RoLines of the protocol's
 * parameters"), which the system reads to set a LOAD's core_ro_i and no unit holds.
 */
#ifndef GPUCOH_DENOVO_UNITS_H
#define GPUCOH_DENOVO_UNITS_H

#include <stdbool.h>
#include <stdio.h>

#include "denovo_types.h"
#include "unit.h"

/* The protocol descriptor (gsys_cfg_t.pd). d comes first: a pointer to it is one to the C models'
 * descriptor (GSYS_MODEL_NEW casts pd to denovo_desc_t). */
typedef struct {
    denovo_desc_t d;
    uint32_t ro_base;  /* RoBase: the first line address of the read-only region */
    uint32_t ro_lines; /* RoLines: its lines (0: no region) */
} denovo_sys_desc_t;

extern const gpucoh_unit_t unit_denovo_l1, unit_denovo_l2;

/* A variant's small or paper configuration (the pages' section 1) with its read-only region:
 * none for DeNovo-D and DeNovo-H; for DeNovo-D+RO the upper half of the line-address space (the
 * lines whose top bit is set: the random traffic's twins of its pool lines, which it loads, stores
 * and updates in its TWIN and FRESH phases; the litmus and episode locations start at line 0). */
denovo_sys_desc_t denovo_sys_config(denovo_variant_t v, bool paper);
void denovo_sys_set_variant(denovo_sys_desc_t* s, denovo_variant_t v);
/* the units' checks, then the region's: 0 or -1 with a message in --param's names */
int denovo_sys_check(const denovo_sys_desc_t* s, char* err, size_t errlen);
/* line lies in the read-only region */
bool denovo_in_ro(const denovo_sys_desc_t* s, uint64_t line);

/* The parameter set of unit u (one of the two) holding the values of s. */
void denovo_pvals_from_desc(const gpucoh_unit_t* u, const denovo_sys_desc_t* s, gpucoh_pvals_t* pv);
/* --param NAME=VALUE for the whole system; the replay line; JSON; a C model's message in the
 * command line's names */
int denovo_desc_set(denovo_sys_desc_t* s, const char* kv, char* err, size_t errlen);
void denovo_desc_print(const denovo_sys_desc_t* s, FILE* f);
void denovo_desc_json(const denovo_sys_desc_t* s, FILE* f);
void denovo_msg_cli_names(char* msg, size_t n);

#endif
