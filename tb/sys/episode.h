/* SPDX-License-Identifier: Apache-2.0 */
/*
 * episode.h -- the data-race-free episode tester of the shared system (docs/system.md; the gem5
 * GPU Ruby tester's design, verification-anchors.md section 1.2, extended with scopes-free
 * happens-before through the sync locations' modification order).
 *
 * Each active wavefront runs `episodes` episodes:
 *
 *   acquire   ATOMIC ADD 1 on a sync location S (blocking; its return value k is its position
 *             in S's modification order), then an ACQUIRE load of S (GPU scope)
 *   body      `loads` loads, `stores` stores and `atomics` atomics (ADD / EXCH / CAS) on data
 *             locations allocated to the episode, in random order with random gaps
 *   release   FENCE (GPU scope), then ATOMIC ADD 1 on S
 *
 * Happens-before. All operations on S are read-modify-writes, so every release heads a release
 * sequence that every later RMW continues: episode E1 happens-before E2 when E1's release
 * precedes E2's acquire in S's modification order, plus program order and transitivity. The
 * tester learns the order from the return values (ADD 1 returns the position) and keeps one
 * vector clock per wavefront; an acquire whose lower positions are not all known yet takes only
 * the known ones (an under-approximation: safe for the allocation below).
 *
 * Allocation (data-race freedom by construction), decided when the acquire completes: an
 * episode may write location x iff no active episode holds x and every episode that accessed x
 * since (and including) its last writer happens-before it; it may read x iff no active episode
 * writes x and x's last writer happens-before it. Read-only sharing is allowed.
 *
 * Checks (counted in a chk_result_t):
 *   - every load of an allocated location: value == the last writer's value (the shadow);
 *   - every data atomic: return == the shadow value (the location is owned);
 *   - every sync atomic: return in {0 .. issued-1} and never returned before (the gem5 check:
 *     the set of expected values);
 *   - every ACQUIRE load of S after the episode's own ADD returned k: value in [k+1, issued];
 *   - racy loads (racy_permille of the load slots, to locations the episode may not read):
 *     a value no store ever wrote to the location is a mismatch ("out of thin air"); otherwise
 *     not checkable, reason racy (the model allows several values);
 *   - audit (optional): when every wavefront is done, one wavefront per SM acquires every sync
 *     location and loads every data location (each SM must see the final values);
 *   - a run that does not finish (deadlock, cycle budget, backend stop) is fatal; operations
 *     left outstanding are not checkable, reason incomplete.
 */
#ifndef GPUCOH_EPISODE_H
#define GPUCOH_EPISODE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "gsys.h"

typedef struct {
    uint32_t episodes;       /* per wavefront (default 20) */
    uint32_t locations;      /* data locations (words; default 256) */
    uint32_t sync_locs;      /* sync locations (default 4) */
    uint32_t loads;          /* per episode (default 6) */
    uint32_t stores;         /* per episode (default 4) */
    uint32_t atomics;        /* data atomics per episode (default 1) */
    uint32_t racy_permille;  /* chance that a load slot becomes a racy load (default 100) */
    uint32_t wfs;            /* active wavefronts per SM (0 = all NumWf) */
    uint32_t max_gap;        /* random idle cycles before each operation: 0..max_gap (default 4) */
    uint32_t words_per_line; /* locations packed per line (0 = every word of the line): false
                                sharing between episodes */
    uint64_t seed;           /* the tester's PRNG (the system has its own cfg.seed) */
    uint64_t base_addr;      /* byte address of the first line used (line aligned) */
    bool audit;              /* final audit by one wavefront per SM (default true) */
    uint32_t rel_scope;      /* scope of the release fence: GSYS_SCOPE_GPU (default). GSYS_SCOPE_CTA
                                is insufficient across SMs under TC-Weak (no GWCT wait): the
                                checker's self-test uses it to show stale reads get caught */
} ep_params_t;

ep_params_t ep_defaults(void);

typedef struct ep ep_t;

/* The tester for one system configuration; err gets a message when the parameters do not fit
 * the configuration (address space, wavefronts). */
ep_t* ep_new(const gsys_cfg_t* cfg, const ep_params_t* p, char* err, size_t errlen);
void ep_free(ep_t* e);
/* The workload to pass to gsys_new (owned by e). */
gsys_workload_t* ep_workload(ep_t* e);
/* Record the end of the run (gsys_run's result and cycle): a run that did not finish is fatal
 * and its outstanding operations become not-checkable (incomplete). Call once. */
void ep_finish(ep_t* e, gsys_run_t rc, uint64_t cycle);
const chk_result_t* ep_result(const ep_t* e);
/* Episodes completed so far and in all (every active wavefront's), for progress reports. */
void ep_progress(const ep_t* e, uint64_t* done, uint64_t* total);
/* Statistics: episodes, operations by kind, allocation refusals, racy loads. */
void ep_stats(const ep_t* e, FILE* f);

/* One complete run: backend, system, tester; prints the deadlock report (if any), statistics
 * (verbose) and the summary to out (NULL = silent). res receives the counts. Returns 0 when the
 * run passed (chk_passed), 1 when it failed, -1 on a setup error (message in err). */
int ep_run(const gsys_cfg_t* cfg, const ep_params_t* p, gsys_backend_factory_t mk, void* mk_ctx,
           uint64_t max_cycles, bool verbose, FILE* out, chk_result_t* res, char* err,
           size_t errlen);

#endif /* GPUCOH_EPISODE_H */
