/* SPDX-License-Identifier: Apache-2.0 */
/*
 * litmus_view.h -- read-only access to a parsed litmus test (litmus.h) for the tools that reason
 * about the program rather than run it: the axiomatic oracle (axiom.h, `gpucoh model`). A view
 * is a copy of the parser's fields; nothing here changes what litmus_run does.
 */
#ifndef GPUCOH_LITMUS_VIEW_H
#define GPUCOH_LITMUS_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "litmus.h"

/* Operation kinds (ld.acquire and acq.SCOPE are LV_ACQ; st.release and rel.SCOPE are LV_REL). */
enum { LV_LD = 0, LV_ST, LV_FENCE, LV_ACQ, LV_REL, LV_ATOM, LV_DELAY };
/* Expectation classes. */
enum { LV_ALLOW = 0, LV_FORBID, LV_UNDEF, LV_WITNESS };

typedef struct {
    uint32_t kind;  /* LV_* */
    uint32_t scope; /* gsys_scope_t */
    uint32_t order; /* gsys_order_t (fences: acq_rel or sc; atomics: their semantics) */
    uint32_t aop;   /* gsys_aop_t (atomics) */
    uint32_t loc;   /* location index */
    uint32_t reg;   /* register index (= its outcome key), UINT32_MAX if none */
    uint32_t v, v2; /* stored value / atomic operand / CAS compare and swap */
    bool until;     /* a spin: repeat until the value is until_v */
    uint32_t until_v;
    uint32_t src; /* source line */
} litmus_op_view_t;

typedef struct {
    const char* name;
    uint32_t sm, cta, nops;
} litmus_thread_view_t;

typedef struct {
    uint32_t cls;        /* LV_ALLOW .. LV_WITNESS */
    uint32_t protos;     /* bit i: the i-th registered variant (litmus.c variant_at) */
    uint32_t src;        /* source line */
    const char* who;     /* the WHO token as written ("sc,rcsc", "all", "tc-weak") */
    uint32_t n;          /* keys given a value (others are '*') */
    const uint32_t* key; /* outcome key indices */
    const uint32_t* val;
} litmus_exp_view_t;

const char* litmus_file(const litmus_t* t);
uint32_t litmus_nthreads(const litmus_t* t);
void litmus_thread_view(const litmus_t* t, uint32_t i, litmus_thread_view_t* v);
void litmus_op_view(const litmus_t* t, uint32_t th, uint32_t k, litmus_op_view_t* v);
uint32_t litmus_nlocs(const litmus_t* t);
const char* litmus_loc_name(const litmus_t* t, uint32_t l);
uint32_t litmus_loc_init(const litmus_t* t, uint32_t l);
/* Registers are the first keys (key i = register i); the location of key i, or UINT32_MAX for a
 * register. */
uint32_t litmus_nregs(const litmus_t* t);
uint32_t litmus_key_loc(const litmus_t* t, uint32_t key);
uint32_t litmus_nexps(const litmus_t* t);
void litmus_exp_view(const litmus_t* t, uint32_t i, litmus_exp_view_t* v);
/* The class (LIT_ALLOWED ...) litmus_run gives outcome v under the variants of mask pr. For an
 * `expect oracle` test pr must be one variant's bit (else LIT_UNEXPECTED; so is a test beyond the
 * oracle's bound or a bad GPUCOH_LITMUS_CLAIM); litmus_classify_model also gives the model that
 * forbids v (AX_*, axiom.h), -1 if none. */
uint32_t litmus_classify(const litmus_t* t, uint32_t pr, const uint32_t* v);
uint32_t litmus_classify_model(const litmus_t* t, uint32_t pr, const uint32_t* v, int32_t* model);

#endif /* GPUCOH_LITMUS_VIEW_H */
