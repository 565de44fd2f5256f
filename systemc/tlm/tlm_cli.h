/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tlm_cli.h -- the command line of build/systemc/gpucoh_tlm (docs/systemc.md section 4.6), in
 * C: options, configurations, the litmus and episode commands, summaries, JSON reports and replay
 * lines. The SystemC side (main.cpp) parses first, builds the platform the configurations need,
 * and runs the command from an SC_THREAD through a tlm_run_fn (platform.h's run).
 *
 *   gpucoh_tlm litmus FILE... [--protocol P|FAMILY|all] [--runs N | --run K] [--seed S]
 *                             [--impl c|lockstep|rtl] ...
 *   gpucoh_tlm episode [--protocol ...] [--episodes N] [--wfs N] ...
 *
 * Exit status: 0 pass, 1 a check failed, 2 bad input (nothing runs), 130 interrupted.
 */
#ifndef GPUCOH_TLM_CLI_H
#define GPUCOH_TLM_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "gsys.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One run of a workload on the platform (litmus_opts_t.run_system's signature). */
typedef int (*tlm_run_fn)(void* ctx, const gsys_cfg_t* cfg, gsys_backend_t* be, gsys_workload_t* wl,
                          uint64_t max_cycles, FILE* report, gsys_run_t* end, uint64_t* cycles,
                          char* err, size_t errlen);

/* What the command needs of the platform. */
typedef struct {
    uint32_t num_sm, num_wf; /* the largest geometry of the configurations it runs */
    uint64_t period_ps;      /* --period-ps */
    uint32_t quantum;        /* --quantum */
    uint32_t jitter;         /* --jitter */
} tlm_cli_platform_t;

typedef struct tlm_cli tlm_cli_t;

/* Parse and check everything (options, configurations, litmus files, output paths). 0: *out is
 * ready to run; otherwise the exit status to return at once (0 after --help / --version, 2 after
 * a message naming the bad input). */
int tlm_cli_parse(int argc, char** argv, tlm_cli_t** out);
void tlm_cli_platform(const tlm_cli_t* c, tlm_cli_platform_t* p);
/* Run the command (from an SC_THREAD: run may wait). transactions(ctx): transactions the
 * memory system has performed so far (reports). Returns the exit status. */
int tlm_cli_run(tlm_cli_t* c, tlm_run_fn run, void* ctx, uint64_t (*transactions)(void* ctx));
void tlm_cli_free(tlm_cli_t* c);

#ifdef __cplusplus
}
#endif

#endif
