/* SPDX-License-Identifier: Apache-2.0 */
/*
 * quality.h -- `gpucoh quality`: the race-detection quality of the rdu C model (docs/quality.md).
 *
 * The engine drives the real unit (rdu_tick(), cycle by cycle, through its ports) with synthetic
 * multi-SM traffic and keeps, next to the N Bloom signatures, an exact shadow: per SM the set of
 * unit keys (unit address >> log2 G, rdu spec §4) written by other SMs since that SM's last
 * synchronization point, and the same at byte resolution. Every race-check answer is compared
 * with the truth: a true race answered NO_RACE is a false negative (rule R2; must never happen),
 * a RACE answer without a true race is a false positive (the Bloom filter's aliasing).
 */
#ifndef GPUCOH_QUALITY_H
#define GPUCOH_QUALITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdu.h"

/* Test-only corruptions of the shadow, so that a test can show the comparison fails. */
typedef enum {
    QUALITY_HOOK_NONE = 0,
    QUALITY_HOOK_KEEP_SET, /* SM 0's exact set is never cleared at its sync points */
    QUALITY_HOOK_PHANTOM,  /* every write also adds, in the shadow only, its units 512 B higher */
} quality_hook_t;

typedef struct {
    /* the unit (rdu spec §1); threshold 0 = m/8 */
    uint32_t n, m, k, gran, threshold, chunk_width, queue, line;
    /* traffic (docs/quality.md, "Traffic model") */
    uint64_t requests; /* race-checks answered per point */
    uint64_t seed;
    uint32_t read_burst;    /* mean race-checks per read phase of an SM */
    uint32_t write_burst;   /* mean writes per write phase */
    uint32_t shared_pm;     /* per mille of requests to the shared hot region */
    uint32_t hot_lines;     /* lines of the hot region */
    uint32_t private_lines; /* lines of each SM's private region */
    uint32_t full_pm;       /* per mille of full-line masks */
    uint32_t words_pm; /* per mille of word-run masks (1..16 aligned words); rest: 1..4 bytes */
    quality_hook_t hook;
} quality_cfg_t;

/* Counters of one point. Checks are the race-checks answered (RACE or NO_RACE). */
typedef struct {
    uint64_t cycles, checks, writes, units_checked, units_written;
    uint64_t true_races; /* checks with a unit in the exact set (truth at granularity G) */
    uint64_t byte_races; /* checks with a byte written by another SM since the last sync */
    uint64_t tp, fp, tn, fn;
    uint64_t syncs[5];       /* completed responses by rdu_rsp_kind_t, counted at the ports */
    uint64_t model_syncs[5]; /* the model's own statistic, for the cross-check */
    double sum_fill;         /* sum over checks of n = insertions since the SM's last sync */
    double sum_bits;         /* sum over checks of the set-bit fraction of its signature */
    double exp_fp_formula;   /* expected FPs over non-race checks: 1-(1-P_fp(n))^U per check */
    double exp_fp_bits;      /* the same with the observed bit fill: P = (bits/m)^k */
    uint64_t max_fill;
    uint64_t protocol_errors; /* response order/kind, counter or statistic mismatches */
    char first_fn[512];       /* the first false negative, described */
    char first_error[512];    /* the first protocol error, described */
    double seconds;
} quality_res_t;

quality_cfg_t quality_cfg_default(void);

/* Validate the configuration (message names the problem). 0 = ok. */
int quality_check_cfg(const quality_cfg_t* c, char* err, size_t errlen);

/* Run one point. Returns 0 when the run completed (even with false negatives: see res->fn),
 * -1 on a resource error (err says which). */
int quality_run(const quality_cfg_t* c, quality_res_t* res, char* err, size_t errlen);

/* Analytic P_fp = (1 - (1 - 1/m)^(k n))^k (notes §1.3). */
double quality_pfp(uint32_t m, uint32_t k, double n);

/* `gpucoh quality ...` (argv[0] = "gpucoh", argv[1] = "quality"); returns the exit status:
 * 0 ok, 1 false negatives or protocol errors (or an output file could not be written),
 * 2 bad input. */
int gpucoh_quality_cmd(int argc, char** argv);

/* The merge of a quality campaign (gpucoh campaign merge; docs/campaigns.md, "The quality
 * kind"). argv as for gpucoh_quality_cmd: the serial run's arguments, with --out and --json
 * naming where the merged reports go; paths[i]: the JSON `gpucoh quality ARGS --point M,GRAN`
 * wrote for the i-th point of the sweep. Prints what the serial run prints and writes its
 * reports, from those results, with the serial run's code; returns its exit status, or 2 after a
 * message when a report is unreadable, damaged, or of other options or another build. */
int quality_from_results(int argc, char** argv, char* const* paths, int npaths);

#endif
