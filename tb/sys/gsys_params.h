/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gsys_params.h -- a protocol's parameter table, shared by every protocol (docs/framework.md,
 * "Protocols"): each parameter is a uint32_t field of the protocol's descriptor struct with a
 * command-line name, an RTL name and a help line. From the table come --param NAME=VALUE, the
 * replay line, the JSON object of the parameters, the rewrite of a C model's field names into
 * the command line's, and a unit's parameter set (gpucoh_pvals_t) from a descriptor.
 */
#ifndef GPUCOH_GSYS_PARAMS_H
#define GPUCOH_GSYS_PARAMS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "unit.h"

typedef struct {
    gpucoh_param_def_t def;
    size_t off;        /* the uint32_t field of the descriptor */
    const char* field; /* its name (the C models' messages use it) */
} gsys_pdef_t;

#define GSYS_PDEF(type, n, r, k, e, h, f)                                                          \
    { {n, r, k, e, h}, offsetof(type, f), #f }

typedef struct {
    const char* what; /* "the TC system": "... has no parameter 'x'" */
    const gsys_pdef_t* p;
    unsigned n;
} gsys_ptab_t;

uint32_t gsys_ptab_get(const gsys_ptab_t* t, const void* d, unsigned p);
void gsys_ptab_put(const gsys_ptab_t* t, void* d, unsigned p, uint32_t v);
/* --param NAME=VALUE into d; -1 and a message naming the problem */
int gsys_ptab_set(const gsys_ptab_t* t, void* d, const char* kv, char* err, size_t errlen);
/* "--param a=1 --param b=x ..." */
void gsys_ptab_print(const gsys_ptab_t* t, const void* d, FILE* f);
/* {"a": 1, "b": "x", ...} */
void gsys_ptab_json(const gsys_ptab_t* t, const void* d, FILE* f);
/* rewrite the descriptor's field names in msg to the command-line names */
void gsys_ptab_cli_names(const gsys_ptab_t* t, char* msg, size_t n);
/* the parameter set of a unit whose parameters are t's entries sel[0..nsel-1] */
void gsys_ptab_pvals(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel, const void* d,
                     gpucoh_pvals_t* pv);
/* a unit's parameter definitions (its gpucoh_unit_t.params): out[i] = t's entry sel[i] */
void gsys_ptab_defs(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel,
                    gpucoh_param_def_t* out);
/* the parameters pv gives (a unit's, t's entries sel[...]) into d; -1 and a message naming the
 * parameter if a value does not fit 32 bits (d then holds those before it) */
int gsys_ptab_put_pvals(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel,
                        const gpucoh_pvals_t* pv, void* d, char* err, size_t errlen);
/* a unit's resolve: every value of pv from d, pv->set kept (what the user gave) */
void gsys_ptab_resolved(const gsys_ptab_t* t, const uint8_t* sel, unsigned nsel, const void* d,
                        gpucoh_pvals_t* pv);

/* A protocol's command-line parameter hooks (gsys_proto_t param_set, params_print,
 * params_json) over its p##_desc_set / _print / _json: expands the three static functions. */
#define GSYS_PARAM_HOOKS(p)                                                                        \
    static int param_set(void* pd, const char* kv, char* err, size_t errlen) {                     \
        return p##_desc_set(pd, kv, err, errlen);                                                  \
    }                                                                                              \
    static void params_print(const void* pd, FILE* f) {                                            \
        p##_desc_print(pd, f);                                                                     \
    }                                                                                              \
    static void params_json(const void* pd, FILE* f) {                                             \
        p##_desc_json(pd, f);                                                                      \
    }

/* gsys_proto_t full_every of a system of num_sm L1s of l1_lines lines each: every line each
 * cycle when the L1s are small (64 lines in all), else every 1000 cycles */
static inline uint32_t gsys_full_every(uint32_t num_sm, uint32_t l1_lines) {
    return num_sm * l1_lines <= 64u ? 0u : 1000u;
}

/* The unit parameters of a protocol whose units are p##_l1 and p##_l2 with the entries l1_sel /
 * l2_sel of its table ptab (DeNovo, GPU, hLRC): from a descriptor of type dtype, whose defaults
 * (the paper's) are dflt, u's parameters are p##_pvals_from_desc; from a parameter set, a
 * descriptor is desc_from_pvals (dflt overridden by pv, checked by the protocol's unit_check,
 * the message in command-line names) or pv_dtype (dflt if pv is illegal); l1_resolve and
 * l2_resolve are the units' gpucoh_unit_t resolve. Expands these functions and unit_sel. */
#define GSYS_UNIT_PARAMS(p, ptab, dtype, dflt)                                                     \
    static const uint8_t* unit_sel(const gpucoh_unit_t* u, unsigned* n) {                          \
        if (u == &unit_##p##_l1)                                                                   \
            return *n = NSEL(l1_sel), l1_sel;                                                      \
        return *n = NSEL(l2_sel), l2_sel;                                                          \
    }                                                                                              \
    GSYS_UNIT_PARAMS_SEL(p, ptab, dtype, dflt)

/* GSYS_UNIT_PARAMS for a protocol with more unit kinds than an l1 and an l2 (G-TSC: its global
 * unit too): the same functions over the protocol's own unit_sel(u, &n) (defined before it); a
 * third unit's resolve is unit_resolve(&unit, ...). */
#define GSYS_UNIT_PARAMS_SEL(p, ptab, dtype, dflt)                                                 \
    void p##_pvals_from_desc(const gpucoh_unit_t* u, const dtype* d, gpucoh_pvals_t* pv) {         \
        unsigned n;                                                                                \
        const uint8_t* sel = unit_sel(u, &n);                                                      \
        gsys_ptab_pvals(&(ptab), sel, n, d, pv);                                                   \
    }                                                                                              \
    static int desc_from_pvals(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv, dtype* d,         \
                               char* err, size_t errlen) {                                         \
        unsigned n;                                                                                \
        const uint8_t* sel = unit_sel(u, &n);                                                      \
        *d = dflt;                                                                                 \
        if (gsys_ptab_put_pvals(&(ptab), sel, n, pv, d, err, errlen) != 0)                         \
            return -1;                                                                             \
        if (unit_check(u, d, err, errlen) != 0) {                                                  \
            p##_msg_cli_names(err, errlen);                                                        \
            return -1;                                                                             \
        }                                                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static int unit_resolve(const gpucoh_unit_t* u, gpucoh_pvals_t* pv, char* err,                 \
                            size_t errlen) {                                                       \
        dtype d;                                                                                   \
        if (desc_from_pvals(u, pv, &d, err, errlen) != 0)                                          \
            return -1;                                                                             \
        unsigned n;                                                                                \
        const uint8_t* sel = unit_sel(u, &n);                                                      \
        gsys_ptab_resolved(&(ptab), sel, n, &d, pv); /* keeps pv->set: what the user gave */       \
        return 0;                                                                                  \
    }                                                                                              \
    static int l1_resolve(gpucoh_pvals_t* pv, char* err, size_t n) {                               \
        return unit_resolve(&unit_##p##_l1, pv, err, n);                                           \
    }                                                                                              \
    static int l2_resolve(gpucoh_pvals_t* pv, char* err, size_t n) {                               \
        return unit_resolve(&unit_##p##_l2, pv, err, n);                                           \
    }                                                                                              \
    static dtype pv_dtype(const gpucoh_unit_t* u, const gpucoh_pvals_t* pv) {                      \
        dtype d;                                                                                   \
        char err[256];                                                                             \
        if (desc_from_pvals(u, pv, &d, err, sizeof err) != 0)                                      \
            d = dflt;                                                                              \
        return d;                                                                                  \
    }

#endif
