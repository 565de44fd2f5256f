/* SPDX-License-Identifier: Apache-2.0 */
/*
 * compare.h -- `gpucoh compare`: the synthetic workloads (synth.h) on every selected protocol
 * variant, one run each on the C models with the same seed and workload parameters, their
 * metrics side by side and the published qualitative claims checked against the measured
 * numbers (docs/compare.md, docs/cli.md).
 *
 * Metrics of a run: cycles to finish; messages by kind (gsys_stats_get); operations, fences,
 * DRAM fetches and write-backs, stall cycles; the protocol's counters (gsys_counters_t, the
 * descriptor's optional `counters` hook); values checked and wrong. A run passes when the
 * workload finished (GSYS_RUN_DONE), every value it read was right, all its work was done and
 * the system and the C models counted no error.
 */
#ifndef GPUCOH_COMPARE_H
#define GPUCOH_COMPARE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gsys.h"
#include "synth.h"

typedef struct {
    /* what to run */
    const char* config; /* "small" / "paper" (reports) */
    gsys_cfg_t cfg;     /* protocol, variant, seed */
    const char* variant;
    synth_cfg_t sc;
    /* what happened */
    bool ran;
    gsys_run_t rc;
    gsys_stats_t st;
    gsys_counters_t ctr;
    synth_result_t res;
    uint64_t model_errors;
    double seconds;
    bool pass;
    char why[400]; /* why it failed ("" when it passed) */
} cmp_run_t;

/* Run r (r->cfg, r->sc filled) for at most max_cycles cycles; progress on stderr every few
 * seconds unless quiet. 0 = ran (r->pass says how), -1 = could not run (err). */
int cmp_run(cmp_run_t* r, uint64_t max_cycles, bool quiet, char* err, size_t errlen);

/* A metric of a run by name: "cycles", "messages" (requests + response copies delivered),
 * "requests", "responses", "dram_fetches", "dram_writebacks", "core_stall_cycles", a shared
 * protocol counter ("l1_invalidations", ...: gsys_ctr_name), "stall_cycles" (l1_stall_cycles +
 * l2_stall_cycles, measured when the protocol fills both) or one the run's protocol names itself
 * (gsys_proto_t.ctr_names: DeNovo's "registrations", "forwards_served", ...). false when the run
 * did not measure it (a counter its protocol does not fill or name) or the name is unknown. */
bool cmp_metric(const cmp_run_t* r, const char* name, double* v);

/* rsteal's scopes for the variant of cfg (sc->local_scope, sc->steal_scope), from what the variant
 * declares and states (gsys_variant_t.scopes and .model; no protocol is named): a variant that
 * takes the remote scope RM: local CTA, steal RM (seed000-hlrc.md section 2.2, the paper's RSP
 * configuration); one whose model is scoped (ax_model_scoped: hrf-*, ptx) or unknown, without RM:
 * GPU and GPU (the paper's steal-only: CTA pops racing GPU steals would be a heterogeneous race);
 * one whose model is scope-free (drf-sc, rcsc, rcpc): local CTA, steal GPU. With
 * sc->inject == SYNTH_INJECT_CTA_LOCAL (testing) the local scope is CTA whatever the rule says.
 * Other workloads: nothing changes. */
void cmp_synth_scopes(const gsys_cfg_t* cfg, synth_cfg_t* sc);

/* ---- claims -------------------------------------------------------------------------------- */

typedef enum { CLAIM_LT = 0, CLAIM_GT = 1, CLAIM_NEAR = 2 } cmp_rel_t;

/* "metric of variant a on workload <rel> metric of variant b", from a published result. */
typedef struct {
    const char* id;
    const char* workload;
    const char* metric;
    const char* a;
    uint32_t rel; /* cmp_rel_t */
    const char* b;
    double tol;         /* CLAIM_NEAR: |a - b| <= tol * b */
    const char* text;   /* the claim in words */
    const char* source; /* where it comes from, and why it should hold here */
} cmp_claim_t;

typedef enum {
    CLAIM_PASS = 0,
    CLAIM_FAIL,
    CLAIM_NOT_RUN,      /* a variant is not registered, or the pair was not selected */
    CLAIM_NOT_MEASURED, /* a protocol does not fill the counter */
} cmp_status_t;

typedef struct {
    uint32_t status; /* cmp_status_t */
    double va, vb;
    char why[240];
} cmp_verdict_t;

/* The claims table (tb/sys/compare_claims.c). */
const cmp_claim_t* cmp_claims(uint32_t* n);
/* Judge claim c on the runs of one configuration (runs[0..n-1] with r->config == config). */
void cmp_claim_eval(const cmp_claim_t* c, const char* config, const cmp_run_t* runs, uint32_t n,
                    cmp_verdict_t* v);
/* "PASS", "FAIL", "not run", "not measured" */
const char* cmp_status_name(uint32_t status);
/* "<", ">", "~=" */
const char* cmp_rel_name(uint32_t rel);

/* `gpucoh compare ...` (argv[1] = "compare"): the exit status (0 every run and every claim
 * judged passed, 1 a run or a claim failed, 2 bad input). */
int cmp_main(int argc, char** argv);

/* The serial command's output from part reports (gpucoh campaign merge; docs/campaigns.md, "The
 * compare kind"): argv as for cmp_main, with --out and --json naming where the merged reports go;
 * parts[0..nparts-1] the part reports (`gpucoh compare ARGS --only-run RUN`), one per run. Prints
 * the lines the serial run prints (its seconds: the runs' own, summed), writes its reports and
 * returns its exit status; 2 after a message when a part is missing, unreadable or of another
 * build or selection. */
int cmp_merge_main(int argc, char** argv, char* const* parts, int nparts);

#endif /* GPUCOH_COMPARE_H */
