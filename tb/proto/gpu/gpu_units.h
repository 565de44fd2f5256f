/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_units.h -- catalogue entries of the baseline GPU units (gpu_l1, gpu_l2: GPU-D / GPU-H,
 * docs/units/gpu/gpu_l1.md, gpu_l2.md) and the conversion between a gpu_desc_t and a unit's
 * parameter set. Both are co-simulated inside the system (gpucoh cosim system --protocol gpu-d).
 */
#ifndef GPUCOH_GPU_UNITS_H
#define GPUCOH_GPU_UNITS_H

#include <stdio.h>

#include "gpu_types.h"
#include "unit.h"

extern const gpucoh_unit_t unit_gpu_l1, unit_gpu_l2;

/* The parameter set of unit u (one of the two) holding the values of d. */
void gpu_pvals_from_desc(const gpucoh_unit_t* u, const gpu_desc_t* d, gpucoh_pvals_t* pv);
/* --param NAME=VALUE for the whole system; the replay line; JSON; a C model's message in the
 * command line's names (as tc_units.h's) */
int gpu_desc_set(gpu_desc_t* d, const char* kv, char* err, size_t errlen);
void gpu_desc_print(const gpu_desc_t* d, FILE* f);
void gpu_desc_json(const gpu_desc_t* d, FILE* f);
void gpu_msg_cli_names(char* msg, size_t n);

#endif
