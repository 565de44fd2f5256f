/* SPDX-License-Identifier: Apache-2.0 */
/*
 * conform_int.h -- what conform.c (the runs, the report) and conform_merge.c (--from-results:
 * the report of a campaign's shards, docs/campaigns.md "The conform kind") share.
 */
#ifndef GPUCOH_CONFORM_INT_H
#define GPUCOH_CONFORM_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gsys.h"
#include "litgen.h"

#define CF_MAX_VARIANTS 16
#define CF_MAX_KNOWN    64
#define CF_DEFAULT_RUNS 1000u
#define CF_MAX_PARAMS   8u

typedef struct {
    char variant[32], pattern[LG_NAME_MAX + 1], model[32], reason[256];
    uint32_t line;
    uint64_t tests; /* tests it applies to that ran */
    uint64_t hits;  /* violations it covered */
} cf_known_t;

typedef struct {
    const gsys_variant_t* v;
    gsys_cfg_t cfg;
    uint64_t tests, runs, outcomes, violations, known, never, never_tests, refused, fatal;
    uint64_t racy; /* tests every model the variant claims finds racy (undefined outcomes) */
} cf_var_t;

typedef struct {
    char test[LG_NAME_MAX + 1], outcome[256];
    const char* model;
    uint32_t shape, var;
    uint64_t count, runs, first_run;
    int32_t known;                /* index in the known list, -1 */
    char* text;                   /* the test (--rerun-rtl) */
    char rtl[160], lockstep[160]; /* the re-runs' words ("" if not re-run) */
    uint32_t rerun_bad;           /* the re-runs that disagreed (0..2) */
} cf_viol_t;

typedef struct {
    litgen_opts_t g;
    const char* arg[5];
    uint64_t runs, seed, sample, run_k, rerun;
    uint64_t shard_k, shard_n; /* --shard K/N (0/0: all); the picked tests' ordinals lo..hi-1 */
    uint64_t ord, lo, hi;
    bool check_only;      /* --check-only: the checks of a run, "  tests T", no run */
    const char* from;     /* --from-results LIST: the shards' reports, no run */
    uint32_t set_traffic; /* --set-traffic N (litmus.h, "Set traffic") */
    bool run_set, runs_set, quiet;
    const char *only, *known_path, *out, *json, *protocols;
    const char* param[CF_MAX_PARAMS]; /* --param NAME=VALUE, every variant's configuration */
    uint32_t nparam;
    cf_var_t var[CF_MAX_VARIANTS];
    uint32_t nvar;
    cf_known_t known[CF_MAX_KNOWN];
    uint32_t nknown;
    cf_viol_t* viol;
    uint32_t nviol, capviol;
    uint8_t* pick; /* --sample: bit per test index */
    uint64_t total, index, ran, refused_total;
    uint64_t unfit;       /* --set-traffic: tests it does not fit (checked before the runs) */
    uint32_t room;        /* the least room one of them has */
    char unfit_msg[1400]; /* that one's message */
    double t0, last;
    int stop; /* -1 out of memory */
    char json_path[1100];
} cf_t;

/* the known entry that covers a violation of variant on test under model, or -1 */
int32_t cf_known_find(cf_t* c, const char* variant, const char* test, const char* model);
/* a violation slot appended (nviol grows): it, or NULL out of memory */
cf_viol_t* cf_viol_new(cf_t* c);
/* the JSON report's "options" object (the run's options; a shard's and the whole run's agree) */
void cf_json_options(FILE* f, const cf_t* c);

/* --from-results LIST: the shards' reports (LIST: their paths, one a line, shards 1..N in
 * order) summed into c as if one run had run their tests; *secs their seconds added, *rtl_bad
 * the re-runs that disagreed among the first --rerun-rtl violations. 0, or -1 after a message
 * (a report missing, malformed, of other options or out of order). */
int cf_from_results(cf_t* c, double* secs, uint32_t* rtl_bad);

#endif
