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
 * Release/acquire mode (sync_mode EP_SYNC_RELACQ, `gpucoh episode --sync relacq`): each sync
 * location S is a ticket lock made of two words, a ticket T_S and a flag F_S:
 *
 *   acquire   relaxed ATOMIC ADD 1 on T_S (returns the ticket k), then ACQUIRE loads of F_S
 *             (S's scope) until one returns k
 *   release   RELEASE store (S's scope) of k + 1 to F_S: a fence of the scope, then the store
 *
 * so synchronization goes only through release stores and acquire loads. The holder of ticket
 * k+1 reads the value the holder of ticket k released: happens-before is that pair plus program
 * order and transitivity (HRF-indirect / PTX: chains pass through both scopes). Besides the
 * sync_locs GPU-scope locations, every SM has one CTA-scope location that only its wavefronts
 * use (all the active wavefronts of an SM form one CTA); an episode takes its SM's with
 * probability cta_permille / 1000, so chains alternate CTA and GPU hops. Every wavefront's last
 * episode is GPU-scoped, and the audit acquires (and releases) every GPU location, so each
 * final value is ordered before the audit. Checks: the ticket is in the expected set (as for the
 * sync atomics below); a flag load returns a value in 0..k, never less than an earlier load of
 * the same spin (coherence), and the value k only after the holder of ticket k-1 issued its
 * release store. A release is recorded when its store is handed to the system, not when the store
 * completes: under store_ack (gtsc-sc) a store completes at its acknowledgement, which reaches the
 * writer after the store was performed, when another wavefront may already have read its value.
 * Between flag loads a spinning wavefront makes racy loads of random data locations (as the
 * litmus warmers do) and relay episodes (relay_permille: an empty body) make chains fast, so
 * copies can still be valid when a chain reaches them. A variant whose model does not make such
 * chains transitive can fail these checks; but on TC every hop waits for the acquirer's copy of
 * the flag to expire (up to one lease), so a stale copy seldom outlives a chain: the mode caught
 * CTA-scope releases across SMs under TC-Weak (test_tc_check) and no TC-Weak transitivity
 * failure in the seeds tried, which the litmus causality tests show (docs/memory-models.md).
 *
 * Remote steals (rm_steal, `gpucoh episode --sync relacq --rm-steal`; docs/units/gpu/rsp.md
 * section 7.3): an episode that took a CTA-scope location takes, in 1 of 2 of those draws, the
 * location of another SM instead (any other, uniformly); its ticket atomic, flag loads and
 * release store are then of the remote scope GSYS_SCOPE_RM, while the owner SM's wavefronts keep
 * CTA scope. The check is unchanged: under hrf-rsp an rm access and a CTA one synchronize (so-rm).
 * Only a variant that takes rm (gsys_variant_takes_rm) may run it: ep_new refuses it otherwise
 * (read as GPU scope a steal races with the owner's CTA accesses). The draws for a steal are made
 * only when rm_steal is on, so every run without it draws what it drew before.
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
                                checker's self-test uses it to show stale reads get caught.
                                EP_SYNC_RELACQ: the scope of the GPU locations' operations */
    uint32_t sync_mode;      /* EP_SYNC_ATOMIC (default) or EP_SYNC_RELACQ (above) */
    uint32_t cta_permille;   /* EP_SYNC_RELACQ: episodes on the SM's CTA-scope location, per mille
                                (default 500) */
    uint32_t relay_permille; /* EP_SYNC_RELACQ: relay episodes (empty body: the acquire, then the
                                release at once), per mille (default 250): a chain through relays
                                outruns the leases of stale copies, as the litmus chains do */
    bool rm_steal;           /* EP_SYNC_RELACQ: remote steals of the CTA-scope locations (above;
                                default false) */
} ep_params_t;

enum { EP_SYNC_ATOMIC = 0, EP_SYNC_RELACQ = 1 };

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
