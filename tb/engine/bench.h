/* SPDX-License-Identifier: Apache-2.0 */
/* bench.h -- `gpucoh bench`: C model alone, Verilator alone and lockstep on one stimulus. */
#ifndef GPUCOH_BENCH_H
#define GPUCOH_BENCH_H

#include <stdint.h>

#include "unit.h"

/* Returns the process exit status (0 ok, 1 lockstep diverged, 2 could not run). */
int gpucoh_bench(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, uint64_t cycles, uint64_t seed,
                 const char* json_path, const char* out_dir);

#endif
