/* SPDX-License-Identifier: Apache-2.0 */
/*
 * synth.h -- synthetic workloads for comparing protocols on the shared system (gpucoh compare,
 * docs/compare.md). Each is a gsys_workload_t built from a small parameter struct, sized from the
 * geometry, deterministic for a seed and the same for every protocol; each has a fixed amount of
 * work (so "cycles to finish" is the metric) and checks every value it reads, so a broken
 * protocol fails the comparison instead of looking fast.
 *
 *   prodcons    producer-consumer pairs on different SMs. Round r of pair p: the producer (SM
 *               p mod N, wavefront 2(p div N)) stores `words` data words val(p, r, i), then a
 *               GPU-scope release store of r+1 to the pair's flag; the consumer (the next SM,
 *               wavefront 2(p div N)+1) spins on GPU-scope acquire loads of the flag until it
 *               reads r+1, loads the words and checks each, then releases r+1 to the pair's ack
 *               flag, on which the producer spins (acquire) before its next round. Flag values
 *               other than the previous or the awaited one are errors.
 *   workqueue   a queue per CTA (SM) and one GPU-wide queue with a fixed number of items
 *               (gpu_permille of them GPU-wide). A wavefront pops an item with an atomic ADD on
 *               the queue's head (the queue's scope, relaxed), preferring the GPU-wide queue with
 *               probability gpu_permille/1000 and the other one when its choice is empty; an item
 *               locks one of the queue's `bins` (CAS 0 -> 1 of the queue's scope, acquire order;
 *               retried after 1..backoff cycles), loads the bin's `reads` words (each must equal
 *               the shadow: the lock makes them exact), stores a result word and releases the
 *               lock (release store of 0, the queue's scope). CTA scope: synchronization that
 *               HRF protocols keep in the L1. At the end every bin word is checked against the
 *               shadow (gsys_word) and every lock must be 0.
 *   readshared  SM 0's wavefront 0 writes a table of table_lines lines (val(i), plain stores)
 *               and releases version 1 (GPU scope); every wavefront acquires the version until it
 *               is at least 1, then makes `loads` plain loads of random table words (each checked)
 *               with a GPU-scope acquire load of the version every acq_every loads (it must not
 *               go back, nor beyond what was published); the writer bumps the version `bumps`
 *               times (release stores) spread over its own loads. Invalidation-based protocols
 *               drop the cached table at each acquire.
 *   worksteal   work stealing: a queue per SM (its `bins` lock-protected bins and `items` items),
 *               every operation at GPU scope (a queue may be stolen from by any SM). A wavefront
 *               pops from its own SM's queue, except with probability steal_permille/1000 from
 *               another SM's (chosen at random); when its choice is empty it takes the next queue
 *               that is not, its own first. An item is then workqueue's: CAS-acquire the bin's
 *               lock (retried after 1..backoff cycles), load its `reads` words (checked against
 *               the shadow), store a result word, release-store 0 to the lock. Repeated
 *               synchronization by the same SM on the same words: where ownership pays (DeNovo
 *               keeps the registered head, locks and bins in the owner's L1; GPU-D goes to the L2
 *               for every atomic and invalidates its L1 at every acquire). Final check as
 *               workqueue's.
 *
 *   rsteal      remote-scoped work stealing: worksteal's queues, items and checks, but the pop,
 *               lock, data and unlock of an item from the wavefront's OWN SM's queue use the
 *               local scope (local_scope) and those of a steal (another SM's queue, chosen with
 *               probability steal_permille/1000 and as the fallback when its own queue is empty)
 *               use the steal scope (steal_scope). The caller picks the pair per variant from what
 *               the variant states (gpucoh compare: cmp_synth_scopes in compare.h, the paper's
 *               configurations of seed000-hlrc.md section 2.1 / IV.B): local CTA and steal RM for
 *               a variant that takes the remote scope (RSP), GPU and GPU for one whose model is
 *               scoped but has no RM ("steal-only": a CTA pop racing a GPU steal would be a
 *               heterogeneous race), CTA and GPU for a scope-free model (drf-sc, rc*: hLRC,
 *               DeNovo-D, TC, GPU-D). Defaults: CTA / GPU. A queue found empty is known empty
 *               to every wavefront of the SM from then on (the paper's work-groups steal as
 *               a unit: one learns it for all, through the CTA's shared memory, at no memory
 *               operation), so the end of the work is not 8 (small) or 48 (paper) wavefronts an
 *               SM each popping every other SM's queue once more; worksteal keeps it per
 *               wavefront.
 *
 *   readonly    readshared with its table at the first line of the upper half of the address
 *               space (byte address 2^(AddrWidth-1)) instead of next to the version flag: the
 *               table is written once before it is published and only read after, i.e. a
 *               read-only region, and the upper half is the region DeNovo-D+RO's configuration
 *               declares read-only (RoBase = RoLines = 2^(LA-1), docs/units/denovo/denovo.md D11),
 *               so its loads fill VO words that survive the acquires. Every other protocol sees
 *               readshared at other addresses.
 *
 * Every wavefront with work ends with a GPU-scope fence (the end of a kernel: store buffers
 * drain). Failed spins wait spin_gap cycles. Values written are never 0 (val(...) | 1).
 *
 * inject (testing only): SYNTH_INJECT_MISREAD redirects every checked data load (prodcons' data
 * words, workqueue's bin words, readshared's table words) to a line nobody writes, so the
 * checker sees 0 where it expects a written value: the run must fail. SYNTH_INJECT_CTA_LOCAL is
 * read by the caller that picks rsteal's scopes (gpucoh compare): the local scope is CTA whatever
 * the variant states, i.e. a heterogeneous race on a variant whose rule is GPU / GPU.
 */
#ifndef GPUCOH_SYNTH_H
#define GPUCOH_SYNTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gsys.h"

typedef enum {
    SYNTH_PRODCONS = 0,
    SYNTH_WORKQUEUE,
    SYNTH_READSHARED,
    SYNTH_WORKSTEAL,
    SYNTH_READONLY,
    SYNTH_RSTEAL,
    SYNTH_N
} synth_kind_t;
typedef enum {
    SYNTH_INJECT_NONE = 0,
    SYNTH_INJECT_MISREAD = 1,
    SYNTH_INJECT_CTA_LOCAL = 2
} synth_inject_t;

typedef struct {
    uint32_t kind; /* synth_kind_t */
    uint64_t seed;
    uint32_t spin_gap; /* cycles between two loads of a spin */
    /* prodcons */
    uint32_t pairs, rounds, words;
    /* workqueue */
    uint32_t items;        /* items per SM: N * items in all */
    uint32_t gpu_permille; /* share of the items in the GPU-wide queue */
    uint32_t bins;         /* lock-protected bins per queue */
    uint32_t reads;        /* words of a bin (loaded by each item; at most a line) */
    uint32_t backoff;      /* a failed CAS waits 1..backoff cycles */
    /* worksteal (and items, bins, reads, backoff) */
    uint32_t steal_permille; /* share of the pops that go to another SM's queue */
    /* rsteal: the scope (gsys_scope_t) of an item from the wavefront's own SM's queue, of a steal
     */
    uint32_t local_scope, steal_scope;
    /* readshared */
    uint32_t table_lines, loads, acq_every, bumps;
    uint32_t inject; /* synth_inject_t */
} synth_cfg_t;

/* "prodcons", "workqueue", "readshared", "worksteal", "readonly", "rsteal"; NULL out of range. */
const char* synth_name(uint32_t kind);
/* "cta", "gpu", "rm" (gsys_scope_t); "?" out of range. */
const char* synth_scope_name(uint32_t scope);
/* worksteal or rsteal (the kinds steal_permille applies to). */
bool synth_steals(uint32_t kind);
/* The kind of a name, or -1. */
int synth_find(const char* name);
/* One line: what the workload does and measures. */
const char* synth_blurb(uint32_t kind);

/* Defaults sized from the geometry; scale (percent, >= 1) multiplies the amount of work (rounds,
 * items, loads). */
synth_cfg_t synth_cfg_default(uint32_t kind, const gsys_geom_t* g, uint64_t seed, uint32_t scale);
/* 0 if the workload fits the geometry (wavefronts, SMs, address space), else -1 and a message. */
int synth_check(const synth_cfg_t* c, const gsys_geom_t* g, char* err, size_t errlen);
/* The parameters as "pairs 8, rounds 16, words 8" and as JSON members ("\"pairs\": 8, ..."). */
void synth_params_text(const synth_cfg_t* c, char* buf, size_t n);
void synth_params_json(const synth_cfg_t* c, FILE* f);

typedef struct {
    uint64_t checked, errors;       /* values checked, wrong values */
    uint64_t work_done, work_total; /* rounds, items or loads */
    uint64_t spins;                 /* failed spin loads and lock attempts */
    char first_error[320];          /* the first wrong value, described */
} synth_result_t;

typedef struct synth synth_t;

synth_t* synth_new(const synth_cfg_t* c, const gsys_geom_t* g, char* err, size_t errlen);
void synth_free(synth_t* x);
/* Fill wl with the callbacks of x (x must outlive the system). */
void synth_workload(synth_t* x, gsys_workload_t* wl);
/* After a run that finished (GSYS_RUN_DONE): the final values (workqueue's bins and locks) read
 * through gsys_word. */
void synth_final_check(synth_t* x, const gsys_t* s);
const synth_result_t* synth_result(const synth_t* x);

#endif /* GPUCOH_SYNTH_H */
