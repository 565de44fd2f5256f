/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gpu_units.h -- catalogue entries of the baseline GPU units (gpu_l1, gpu_l2; GPU-D / GPU-H,
 * docs/units/gpu_l1.md, docs/units/gpu_l2.md) and the conversion from a gpu_desc_t to a unit's
 * parameter set (the contract of tc_pvals_from_desc in tb/proto/tc/tc_units.h).
 */
#ifndef GPUCOH_GPU_UNITS_H
#define GPUCOH_GPU_UNITS_H

#include "gpu_types.h"
#include "unit.h"

extern const gpucoh_unit_t unit_gpu_l1, unit_gpu_l2;

/* The parameter set of unit u (unit_gpu_l1 or unit_gpu_l2) holding the values of d. */
void gpu_pvals_from_desc(const gpucoh_unit_t* u, const gpu_desc_t* d, gpucoh_pvals_t* pv);

#endif
