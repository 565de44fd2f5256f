/* SPDX-License-Identifier: Apache-2.0 */
/*
 * hlrc_units.h -- catalogue entries of the hLRC units (hlrc_l1, the hlrc_l2 bank: hLRC and
 * hLRC-scoped of seed 000; docs/units/hlrc/) and the system's descriptor: the C models'
 * hlrc_desc_t itself (hLRC needs no system parameter of its own).
 */
#ifndef GPUCOH_HLRC_UNITS_H
#define GPUCOH_HLRC_UNITS_H

#include <stdbool.h>
#include <stdio.h>

#include "hlrc_types.h"
#include "unit.h"

/* The protocol descriptor (gsys_cfg_t.pd): d first, so a pointer to it is one to the C models'
 * descriptor (GSYS_MODEL_NEW casts pd to hlrc_desc_t). */
typedef struct {
    hlrc_desc_t d;
} hlrc_sys_desc_t;

extern const gpucoh_unit_t unit_hlrc_l1, unit_hlrc_l2;

/* A variant's small or paper configuration (hlrc.md section 10). */
hlrc_sys_desc_t hlrc_sys_config(hlrc_variant_t v, bool paper);
void hlrc_sys_set_variant(hlrc_sys_desc_t* s, hlrc_variant_t v);
/* the units' checks: 0 or -1 with a message in --param's names */
int hlrc_sys_check(const hlrc_sys_desc_t* s, char* err, size_t errlen);

/* The parameter set of unit u (one of the two) holding the values of s. */
void hlrc_pvals_from_desc(const gpucoh_unit_t* u, const hlrc_sys_desc_t* s, gpucoh_pvals_t* pv);
/* --param NAME=VALUE for the whole system; the replay line; JSON; a C model's message in the
 * command line's names */
int hlrc_desc_set(hlrc_sys_desc_t* s, const char* kv, char* err, size_t errlen);
void hlrc_desc_print(const hlrc_sys_desc_t* s, FILE* f);
void hlrc_desc_json(const hlrc_sys_desc_t* s, FILE* f);
void hlrc_msg_cli_names(char* msg, size_t n);

#endif
