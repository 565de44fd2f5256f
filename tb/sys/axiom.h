/* SPDX-License-Identifier: Apache-2.0 */
/*
 * axiom.h -- the axiomatic oracle (`gpucoh model`, issue 25 item 1; docs/memory-models.md,
 * "The axiomatic oracle").
 *
 * For a parsed litmus test (litmus.h) it enumerates every candidate execution: the events of
 * each thread in program order, one initial write per location, every reads-from choice (a read
 * takes its value from the initial write or from any store or atomic to its location; values are
 * computed along each thread, so an atomic's written value and a CAS's success follow what its
 * read returned) and every coherence order per location (the initial write first). Each memory
 * model the project names is a short list of named axioms over relations built from po, rf, co,
 * fr, sw and scope inclusion (AX_AXIOMS in axiom.c, printed by ax_axiom_at); an execution is
 * allowed by a model when it satisfies every axiom of the model. A model's outcomes are the
 * final values (registers, and locations named by the file's expectations: the co-last write) of
 * its executions.
 *
 * drf-sc, hrf-direct, hrf-indirect and hrf-rsp are "catch-fire" models: when some SC execution of
 * the test has a data race (drf-sc) or a heterogeneous race (hrf-*) under the model's
 * happens-before, the test is racy and every outcome is undefined (ax_result_t.racy); otherwise the
 * outcomes are the SC ones.
 *
 * Decisions (argued in the docs): a spin `ld ... until=V` is one read event, the last one the
 * spin made; it may read any value (V: the spin ended; another value: it gave up, and its
 * register holds that value). A failed CAS writes nothing. The implicit end of a thread adds no
 * event (it only makes final values defined). The search is bounded: a test with more than
 * AX_MAX_EVENTS events or more than AX_MAX_CANDIDATES candidate executions is refused.
 *
 * Test-only switch: GPUCOH_MODEL_DROP_AXIOM=MODEL:AXIOM[,MODEL:AXIOM...] removes those axioms
 * (tests/test_model.sh shows a classic verdict change with one removed). An unknown name is an
 * error, so a misspelt switch cannot pass silently.
 */
#ifndef GPUCOH_AXIOM_H
#define GPUCOH_AXIOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "litmus.h"

#define AX_MAX_EVENTS     64u
#define AX_MAX_CANDIDATES (1u << 20)

enum { AX_SC = 0, AX_RCSC, AX_RCPC, AX_DRF, AX_HRFD, AX_HRFI, AX_PTX, AX_HRSP, AX_NMODELS };

/* "sc", "rcsc", "rcpc", "drf-sc", "hrf-direct", "hrf-indirect", "ptx", "hrf-rsp"; -1 if
 * unknown. hrf-rsp (docs/units/gpu/rsp.md section 7) is hrf-indirect with the remote scope rm:
 * a pair with an rm side is inclusive and at one scope. Every other model reads rm as GPU. */
const char* ax_model_name(uint32_t m);
int ax_model_index(const char* name);
/* Whether model m has scopes (a synchronization's scope decides what it orders: hrf-direct,
 * hrf-indirect, hrf-rsp, ptx); sc, rcsc, rcpc and drf-sc ignore scopes. */
bool ax_model_scoped(uint32_t m);

/* One axiom of the table: its model, name and relation expression (the text the docs quote);
 * false past the last. */
typedef struct {
    uint32_t model;
    const char* name;
    const char* expr;
    bool race; /* a race-freedom condition (drf-sc, hrf-*): its failure makes the test racy */
} ax_axiom_info_t;
bool ax_axiom_at(uint32_t i, ax_axiom_info_t* out);

typedef struct {
    uint32_t nkeys;
    uint64_t candidates; /* candidate executions enumerated */
    uint64_t consistent[AX_NMODELS];
    bool racy[AX_NMODELS];     /* drf-sc, hrf-*: some SC execution races: every outcome undefined */
    uint32_t nout[AX_NMODELS]; /* allowed outcomes (for a racy model: its SC outcomes) */
    uint32_t* out[AX_NMODELS]; /* nout x nkeys values, sorted */
    uint32_t nuniv;            /* the outcomes of every candidate execution */
    uint32_t* univ;
    char race[AX_NMODELS][160]; /* one race found ("x: T0 st (line 7) / T1 ld (line 12)") */
} ax_result_t;

/* Enumerate t's candidate executions and judge them under every model. 0, or -1 with a message
 * (the test is beyond the bound, a bad GPUCOH_MODEL_DROP_AXIOM, out of memory). */
int ax_enumerate(const litmus_t* t, ax_result_t* r, char* err, size_t errlen);
void ax_result_free(ax_result_t* r);
/* Whether outcome v is allowed under model m (a racy model allows every outcome). */
bool ax_allows(const ax_result_t* r, uint32_t m, const uint32_t* v);

/* One disagreement between a hand-written expectation line and the oracle. */
typedef struct {
    uint32_t src;   /* the line */
    uint32_t model; /* AX_* */
    uint32_t cls;   /* LV_FORBID: the line forbids what the oracle allows; LV_UNDEF (a note, not a
                       disagreement): the line calls undefined an outcome of a model under which
                       the test is not racy; else it allows (or a variant claiming the model may
                       show) what the oracle forbids */
    const char* variant; /* a claim conflict: this variant claims the model, the line lets it
                            show v; NULL: a disagreement (the line names the model) */
    uint32_t* v;         /* the outcome (nkeys values) */
} ax_disagree_t;

/* Compare t's allow / forbid / witness lines with the oracle for the models of mask (bit AX_*):
 * lines naming a model (or `all`, with at least one value) state that model's verdict; a
 * variant's allowed or witnessed outcomes must be allowed by every model it claims
 * (gsys_variant_t.satisfies): a conflict with that claim, reported with variant set. Judged over
 * the outcomes of the candidate executions. Returns the number of entries (*d: an array of them,
 * free with ax_disagree_free; NULL if none). */
uint32_t ax_check(const litmus_t* t, const ax_result_t* r, uint32_t mask, ax_disagree_t** d);
void ax_disagree_free(ax_disagree_t* d, uint32_t n);

/* `gpucoh model FILE... [--model M[,M...]] [--json PATH] [--check]` (argv[1] = "model"). */
int gpucoh_model_cmd(int argc, char** argv);

#endif /* GPUCOH_AXIOM_H */
