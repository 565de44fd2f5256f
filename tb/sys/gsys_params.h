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

#endif
