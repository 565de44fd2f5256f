/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gtsc_units.h -- catalogue entries of the G-TSC units (gtsc_l1, the gtsc_l2 bank, the global
 * overflow unit gtsc_ovf: G-TSC and G-TSC-SC of seed 003; docs/units/gtsc/) and the system's
 * descriptor, the C models' gtsc_desc_t.
 */
#ifndef GPUCOH_GTSC_UNITS_H
#define GPUCOH_GTSC_UNITS_H

#include <stdbool.h>
#include <stdio.h>

#include "gtsc_types.h"
#include "unit.h"

/* The protocol descriptor (gsys_cfg_t.pd): d first, so a pointer to it is one to the C models'
 * descriptor. (A bank's number is its input bank_i, which the system drives: one parameter set,
 * one Verilated model, for every bank.) */
typedef struct {
    gtsc_desc_t d;
} gtsc_sys_desc_t;

extern const gpucoh_unit_t unit_gtsc_l1, unit_gtsc_l2, unit_gtsc_ovf;

/* A variant's small or thesis configuration (gtsc.md section 3). */
gtsc_sys_desc_t gtsc_sys_config(gtsc_variant_t v, bool paper);
void gtsc_sys_set_variant(gtsc_sys_desc_t* s, gtsc_variant_t v);
/* the units' checks: 0 or -1 with a message in --param's names */
int gtsc_sys_check(const gtsc_sys_desc_t* s, char* err, size_t errlen);

/* The parameter set of unit u (one of the three) holding the values of s. */
void gtsc_pvals_from_desc(const gpucoh_unit_t* u, const gtsc_sys_desc_t* s, gpucoh_pvals_t* pv);
/* --param NAME=VALUE for the whole system; the replay line; JSON; a C model's message in the
 * command line's names */
int gtsc_desc_set(gtsc_sys_desc_t* s, const char* kv, char* err, size_t errlen);
void gtsc_desc_print(const gtsc_sys_desc_t* s, FILE* f);
void gtsc_desc_json(const gtsc_sys_desc_t* s, FILE* f);
void gtsc_msg_cli_names(char* msg, size_t n);

#endif
