/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tc_units.h -- catalogue entries of the Temporal Coherence units (tc_timer, tc_gwct, tc_l1,
 * tc_l2) and the conversion between a tc_desc_t and a unit's parameter set. tc_timer and tc_gwct
 * have standalone lockstep adapters; tc_l1 and tc_l2 are co-simulated inside the system
 * (gpucoh cosim system, tb/sys/gsys_backend.c with the unit ops of tb/proto/tc/tc_sys_rtl.c).
 */
#ifndef GPUCOH_TC_UNITS_H
#define GPUCOH_TC_UNITS_H

#include <stdio.h>

#include "tc_types.h"
#include "unit.h"

extern const gpucoh_unit_t unit_tc_timer, unit_tc_gwct, unit_tc_l1, unit_tc_l2;

/* The parameter set of unit u (one of the four) holding the values of d. */
void tc_pvals_from_desc(const gpucoh_unit_t* u, const tc_desc_t* d, gpucoh_pvals_t* pv);

/* A tc_desc_t from the protocol defaults overridden by the parameters given in pv (u's).
 * 0 = ok, else err names the problem. */
int tc_desc_from_pvals(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, tc_desc_t* d, char* err,
                       size_t errlen);

/* "--param NAME=VALUE" for the whole system (any TC unit parameter). */
int tc_desc_set(tc_desc_t* d, const char* kv, char* err, size_t errlen);
/* Every parameter as --param NAME=VALUE, space-separated (the replay command line). */
void tc_desc_print(const tc_desc_t* d, FILE* f);
/* Every parameter as a JSON object {"protocol": "tc-weak", "sm": 4, ...} (the CLI names). */
void tc_desc_json(const tc_desc_t* d, FILE* f);
/* Rewrite a C model's parameter message to the names `gpucoh list` and --param use: the
 * tc_desc_t field names (num_wf, num_sm, num_banks, line_bytes) become wf, sm, banks, line. */
void tc_msg_cli_names(char* msg, size_t n);

#endif
