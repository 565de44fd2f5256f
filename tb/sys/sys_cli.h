/* SPDX-License-Identifier: Apache-2.0 */
/* sys_cli.h -- `gpucoh cosim system`, `gpucoh episode`, `gpucoh litmus` (tb/sys/sys_cli.c). */
#ifndef GPUCOH_SYS_CLI_H
#define GPUCOH_SYS_CLI_H

#include <stdio.h>

/* what: "cosim system", "episode" or "litmus"; options start at argv[first].
 * Returns the exit status: 0 pass, 1 a check failed, 2 bad input. */
int sys_cli_main(const char* what, int argc, char** argv, int first);

/* The --help of a system command (what: "cosim system", "episode", "litmus", "bench system"),
 * its options part printed from the option table: 0, or -1 for another command. */
int sys_cli_usage(const char* what, FILE* f);

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct gsys_proto; /* gsys.h */

#include "mutants.h" /* gpucoh_sys_mutant_t: the engine's view of a system mutant run */

typedef gpucoh_sys_mutant_t sys_mutant_result_t;

/* One mutant of a unit of family P: the system lockstep of P at the small configuration with the
 * RTL of every unit of P taken from rtl_dir, each variant from the default one (TC: TC-Weak, then
 * TC-Strong, TC-Weak-C; GPU: GPU-D, then GPU-H) until one catches it, `cycles` each; steer:
 * the random traffic with its steered phases (traffic.h; false: the traffic without them).
 * netlist (a slot mask of the protocol, 0 = none): those units run as their netlists synthesized
 * from rtl_dir (rtl_dir NULL: the netlists `gpucoh area` keeps) and the other units as C models.
 * params (nparams "name=value" strings, --param's system names) change every variant's small
 * configuration: the campaigns' non-power-of-two geometries (docs/testing.md).
 * 0 = ran (r->diverged says whether it was caught), -1 = could not build or run (why). */
/* Whether every variant of P takes params (as sys_cli_mutant would set them): 0, or -1 with why
 * (e.g. tc_gwct's obl=0, which exists only for the standalone unit: tc_gwct.md G7). */
int sys_cli_params_ok(const struct gsys_proto* P, const char* const* params, int nparams, char* why,
                      size_t wn);
int sys_cli_mutant(const struct gsys_proto* P, const char* rtl_dir, uint64_t cycles, uint64_t seed,
                   bool steer, uint32_t netlist, const char* const* params, int nparams,
                   sys_mutant_result_t* r, char* why, size_t wn);

#endif
