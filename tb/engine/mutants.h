/* SPDX-License-Identifier: Apache-2.0 */
/* mutants.h -- `gpucoh mutants`: bug injection into a scratch copy of the RTL. */
#ifndef GPUCOH_MUTANTS_H
#define GPUCOH_MUTANTS_H

#include <stdbool.h>
#include <stdint.h>

#include "unit.h"

/* Runs the unmutated RTL first (it must pass), then every mutant of tests/mutants/<unit>/
 * (or only `only_file`). netlist: synthesize each and run the gate-level netlist instead, and
 * add the mutants of tests/mutants/<unit>/netlist/ (synthesis-only bugs). stim: the unit's
 * own lockstep stimulus (--steer, --illegal-rate; NULL = the defaults); its steer also selects
 * the TC system context's traffic with or without its steered phases (traffic.h). Exit status:
 * 0 all caught, 1 some survived or broke, 2 usage. */
int gpucoh_mutants(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, const char* only_file,
                   uint64_t cycles, uint64_t seed, const char* json_path, const char* out_dir,
                   bool netlist, const gpucoh_stim_cfg_t* stim);

#endif
