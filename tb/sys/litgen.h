/* SPDX-License-Identifier: Apache-2.0 */
/*
 * litgen.h -- the litmus generator (`gpucoh litmus-gen`, issue 25; docs/litmus-gen.md): from the
 * classic shapes (a table of threads, each one or two operations), every combination of
 *   - synchronization per position (a thread's program-order edge, or its one access): plain,
 *     fence acq_rel, fence sc, release/acquire, acq_rel atomics, relaxed atomics;
 *   - scope per position: cta, gpu, and with --scopes naming it the remote scope rm (RSP,
 *     docs/units/gpu/rsp.md section 7.3: relacq, relacq.all and the atomics only, no rm fences);
 *   - thread placement: every assignment of the threads to SMs and CTAs up to renaming, each
 *     thread after T0 in the CTA of an earlier thread, in a new CTA on the SM of an earlier
 *     thread, on a new SM of T0's index parity, or on a new SM of the other parity (the "far"
 *     side of the two-bank interleave), at most two SMs of each parity (4 SMs: the small
 *     configuration);
 *   - location placement: one line (words 0, 1, 2), one bank (lines 0, 32, 64), other banks
 *     (lines 0, 1, 2),
 * each rendered as a litmus file (tb/sys/litmus.h) whose verdicts come from the oracle
 * (`expect oracle KEY...`), with a stable name, deduplicated up to thread and location
 * renaming (a canonical form). Deterministic: the same options give the same tests, in the same
 * order, byte for byte.
 */
#ifndef GPUCOH_LITGEN_H
#define GPUCOH_LITGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* LG_RELACQ_ALL: every access of the edge a release (store) or an acquire (load). It differs
 * from LG_RELACQ only on R -> R and W -> W edges and is offered only there; at the other
 * positions selecting it selects LG_RELACQ, whose operations it would write (docs/litmus-gen.md).
 */
enum {
    LG_PLAIN = 0,
    LG_FENCE,
    LG_FENCE_SC,
    LG_RELACQ,
    LG_ATOM_AR,
    LG_ATOM_RLX,
    LG_RELACQ_ALL,
    LG_NSYNC
};
enum { LG_CTA = 0, LG_GPU, LG_RM, LG_NSCOPE }; /* = GSYS_SCOPE_CTA, _GPU, _RM */
enum { LG_SAMECTA = 0, LG_SAMESM, LG_OTHERSM, LG_FARSM, LG_NTHR };
enum { LG_SAMELINE = 0, LG_SAMEBANK, LG_OTHERBANK, LG_NLOCP };

#define LG_MAX_SHAPES  24
#define LG_MAX_THREADS 4
#define LG_MAX_TPL     256 /* thread placements of a shape (4 threads: litgen_nplacements) */
#define LG_NUM_SM      4   /* the small configuration's SMs: every test fits it */
#define LG_BANK_STRIDE 32  /* "same bank" lines 0, 32, 64: one bank for any NumBanks <= 32 */
#define LG_NAME_MAX    127 /* a test name's longest (LITMUS_MAX_NAME) */

typedef struct {
    uint32_t shapes;  /* bit i = shape i (litgen_shape_name); 0 = every shape */
    uint32_t syncs;   /* bit LG_PLAIN.. ; 0 = every kind */
    uint32_t scopes;  /* bit LG_CTA, LG_GPU, LG_RM; 0 = cta and gpu */
    uint32_t threads; /* bit LG_SAMECTA..; 0 = every relation */
    uint32_t locs;    /* bit LG_SAMELINE..; 0 = every placement */
    bool no_dedup;    /* keep tests a thread / location renaming makes identical */
    bool no_plain;    /* no position plain (a lone access too): every access synchronizes */
} litgen_opts_t;

/* One generated test: its stable name, the file's text, where it is counted. */
typedef struct {
    const char* name;
    const char* text;
    uint32_t shape, tpl, locp;
} litgen_test_t;

typedef struct {
    /* tests kept, by shape, thread placement (litgen_tpl_label) and location placement (for a
     * shape of one location, locp 0 only) */
    uint64_t count[LG_MAX_SHAPES][LG_MAX_TPL][LG_NLOCP];
    uint64_t shape_total[LG_MAX_SHAPES];
    uint64_t shape_dup[LG_MAX_SHAPES]; /* dropped as duplicates of a test kept before */
    uint64_t total, dup;
} litgen_stats_t;

uint32_t litgen_nshapes(void);
const char* litgen_shape_name(uint32_t s);
/* "T0: W x 1; W y 1 | T1: R y; R x" (U: atom.add 1) */
void litgen_shape_text(uint32_t s, char* buf, size_t n);
uint32_t litgen_shape_threads(uint32_t s);
uint32_t litgen_shape_locs(uint32_t s);
/* -1 if no shape has that name */
int litgen_shape_find(const char* name);
/* the CLI names: plain fence fence.sc relacq atom.acq_rel atom.relaxed relacq.all / cta gpu /
 * samecta samesm othersm farsm / sameline samebank otherbank */
const char* litgen_sync_name(uint32_t k);
const char* litgen_scope_name(uint32_t k);
const char* litgen_thr_name(uint32_t k);
const char* litgen_locp_name(uint32_t k);
/* thread placements / location placements a shape has (1 for one thread / one location) */
uint32_t litgen_ntpl(uint32_t s);
/* thread placements of n threads (1, 4, 20, ...) */
uint32_t litgen_nplacements(uint32_t threads);
uint32_t litgen_nlocp(uint32_t s);
/* "samesm" (two threads), "t1samesm0-t2othersm" (more: samecta<j> / samesm<j> name the earlier
 * thread j of that CTA / SM), "-" (one thread) */
void litgen_tpl_label(uint32_t s, uint32_t tpl, char* buf, size_t n);

/* Enumerate (docs/litmus-gen.md, "Order"): fn (may be NULL: count only) is called for every
 * test kept, in a fixed order; a non-zero return stops the run and is returned. st (required)
 * receives the counts. 0, fn's value, or -1 when out of memory. */
int litgen_run(const litgen_opts_t* o, int (*fn)(void* ctx, const litgen_test_t* t), void* ctx,
               litgen_stats_t* st);

/* One of the list options of litmus-gen (--shapes --sync --scopes --threads --locs, value v)
 * into g: 0, -1 on a bad value (message on stderr), 1 if a is not one of them (`gpucoh conform`
 * takes the same options). */
int litgen_list_opt(const char* a, const char* v, litgen_opts_t* g);

/* `gpucoh litmus-gen [options]` (argv[1] is the command; tb/sys/litgen_cli.c): the exit status
 * of docs/cli.md (0 done, 1 a file could not be written, 2 bad input, 130 Ctrl-C while
 * writing: the files written so far are whole, no temporary file is left). */
int litgen_main(int argc, char** argv);

#endif /* GPUCOH_LITGEN_H */
